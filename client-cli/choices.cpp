// Orders choice by choice from the command line: `naumachia choices` prints
// what the server offers (the decisions of the step, or the ways on from a
// partial order), and `naumachia orders GAME --interactive` builds orders by
// picking from numbered choices. The rules are the server's: this file only
// asks and shows.
#include <algorithm>
#include <cctype>
#include <iostream>

#include "commands.h"

namespace naumachia::client {

const std::map<std::string, std::string> kChoicesHelp = {
    {"choices",
     "usage: naumachia choices GAME [DECISION [CHOICE ...]] [--for SEAT]\n\n"
     "Shows what you may order in the current step, as the server offers it:\n"
     "without DECISION, the decisions of the step (a piece to order, a plan, a\n"
     "build), each with its id; with DECISION (an id), the ways the order can go\n"
     "on after the CHOICEs made so far, each numbered, with what it adds to the\n"
     "order line and the places it concerns. A CHOICE is given by its number,\n"
     "its label or its text (`naumachia choices 7 par move bur`). Every whole\n"
     "order built this way is legal on its own; `naumachia orders GAME\n"
     "--interactive` builds and sends orders by picking from these lists.\n"
     "  --for SEAT  the choices of a resigned partner's seat whose forces you order\n"},
};

namespace {

std::string trimmed(const std::string& s) {
  const auto a = s.find_first_not_of(' ');
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(' ') - a + 1);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

struct Asker {
  Session& session;
  std::uint64_t game;
  std::uint64_t step;
  std::optional<std::uint32_t> for_seat;

  proto::ChoicesResponse ask(const std::string& decision,
                             const std::vector<std::string>& path) const {
    proto::Envelope req;
    auto& r = *req.mutable_choices();
    r.set_game_id(game);
    r.set_step(step);
    if (for_seat) r.set_for_seat(*for_seat);
    r.set_decision(decision);
    for (const auto& p : path) r.add_path(p);
    return session.expect(req).choices_result();
  }
};

// The choice `word` names among `choices`: its number (from 1), its text
// (spaces aside) or its label (case aside).
const proto::OrderChoice* named(const proto::ChoicesResponse& choices, const std::string& word) {
  const std::string w = trimmed(word);
  if (!w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return std::isdigit(c); })) {
    const auto n = std::stoul(w);
    if (n >= 1 && n <= static_cast<std::size_t>(choices.choices_size()))
      return &choices.choices(static_cast<int>(n - 1));
  }
  for (const auto& c : choices.choices()) {
    if (trimmed(c.text()) == w) return &c;
  }
  for (const auto& c : choices.choices()) {
    if (lower(c.label()) == lower(w)) return &c;
  }
  return nullptr;
}

std::string places(const google::protobuf::RepeatedPtrField<std::string>& cells) {
  std::string out;
  for (const auto& c : cells) out += (out.empty() ? " [" : " ") + c;
  return out.empty() ? out : out + "]";
}

void print_decisions(const proto::ChoicesResponse& r, std::ostream& out) {
  if (r.decisions().empty()) {
    out << "nothing to decide by choices in this step: type the orders (naumachia show lists "
           "the syntax)\n";
    return;
  }
  std::size_t width = 0;
  for (const auto& d : r.decisions()) width = std::max(width, d.id().size());
  int n = 0;
  for (const auto& d : r.decisions()) {
    out << "  " << ++n << ". " << d.id() << std::string(width - d.id().size() + 2, ' ') << d.label()
        << places(d.cells()) << (d.otherwise().empty() ? "" : "; unordered, " + d.otherwise())
        << "\n";
  }
}

void print_choices(const proto::ChoicesResponse& r, std::ostream& out) {
  out << "order so far: " << r.line() << "\n";
  if (r.choices().empty()) {
    out << "  (no way on)\n";
    return;
  }
  int n = 0;
  for (const auto& c : r.choices()) {
    out << "  " << ++n << ". " << c.label() << "  \"" << trimmed(c.text()) << "\""
        << places(c.cells())
        << (c.complete() ? (c.last() ? "  (whole order)" : "  (whole order; more may follow)") : "")
        << "\n";
  }
}

}  // namespace

int choices(Session& session, const std::vector<std::string>& argv) {
  const Args a = parse_args(argv, {"--for"}, {});
  if (a.positional.empty()) throw ClientError(kChoicesHelp.at("choices"));
  session.connect();
  const std::uint64_t game = parse_game_id(a.positional[0]);
  const auto d = session.fetch_game(game);
  const Asker asker{session, game, d.summary().step(), for_seat_of(a)};
  if (a.positional.size() == 1) {
    std::cout << "decisions for step " << d.summary().step() << " (" << d.summary().step_label()
              << "):\n";
    print_decisions(asker.ask("", {}), std::cout);
    return 0;
  }
  std::string decision = a.positional[1];
  const auto all = asker.ask("", {});
  for (int i = 0; i < all.decisions_size(); ++i) {
    if (decision == std::to_string(i + 1)) decision = all.decisions(i).id();
  }
  std::vector<std::string> path;
  auto r = asker.ask(decision, path);
  for (std::size_t i = 2; i < a.positional.size(); ++i) {
    const proto::OrderChoice* c = named(r, a.positional[i]);
    if (!c) {
      print_choices(r, std::cerr);
      throw ClientError("'" + a.positional[i] + "' is none of the choices after '" + r.line() +
                        "'");
    }
    path.push_back(c->text());
    r = asker.ask(decision, path);
  }
  print_choices(r, std::cout);
  return 0;
}

std::vector<std::string> pick_orders(Session& session, std::uint64_t game, std::uint64_t step,
                                     std::optional<std::uint32_t> for_seat, std::istream& in,
                                     std::ostream& out) {
  const Asker asker{session, game, step, for_seat};
  std::vector<std::string> lines;
  for (;;) {
    const auto all = asker.ask("", {});
    out << "\norders so far:" << (lines.empty() ? " none" : "") << "\n";
    for (const auto& l : lines) out << "  " << l << "\n";
    out << "decisions:\n";
    print_decisions(all, out);
    out << "pick a decision (number or id), or 'done': " << std::flush;
    std::string word;
    if (!std::getline(in, word) || trimmed(word) == "done") return lines;
    std::string decision;
    for (int i = 0; i < all.decisions_size(); ++i) {
      if (trimmed(word) == std::to_string(i + 1) || trimmed(word) == all.decisions(i).id())
        decision = all.decisions(i).id();
    }
    if (decision.empty()) {
      out << "'" << trimmed(word) << "' is not one of the decisions\n";
      continue;
    }
    std::vector<std::string> path;
    for (;;) {
      const auto r = asker.ask(decision, path);
      print_choices(r, out);
      out << "pick a choice (number, label or text)"
          << (path.empty() ? "" : ", 'back' to undo the last") << ", or 'cancel': " << std::flush;
      if (!std::getline(in, word) || trimmed(word) == "cancel") break;
      if (trimmed(word) == "back" && !path.empty()) {
        path.pop_back();
        continue;
      }
      const proto::OrderChoice* c = named(r, word);
      if (!c) {
        out << "'" << trimmed(word) << "' is none of the choices\n";
        continue;
      }
      path.push_back(c->text());
      if (c->last() || (c->complete() && [&] {
            out << "whole order: " << r.line() << c->text() << "; keep it (k) or go on (g)? "
                << std::flush;
            std::string answer;
            return !std::getline(in, answer) || trimmed(answer) != "g";
          }())) {
        lines.push_back(r.line() + c->text());
        break;
      }
    }
  }
}

}  // namespace naumachia::client
