#include "render.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <sstream>

#include "durations.h"

namespace naumachia::render {

namespace {

const char* const kFacing[] = {"N", "NE", "SE", "S", "SW", "NW"};

std::string side_name(const std::vector<std::string>& sides, std::int64_t seat) {
  if (seat >= 0 && seat < static_cast<std::int64_t>(sides.size())) {
    return sides[static_cast<std::size_t>(seat)];
  }
  return seat < 0 ? "nobody" : "seat " + std::to_string(seat);
}

// "F lon (England)", "T3 facing N (5-7-10, damaged)": the counter, then its
// printed values and its marks, or else the side it belongs to.
std::string token_text(const proto::Token& t, const std::vector<std::string>& sides) {
  std::string s = t.label().empty() ? t.kind() : t.label();
  if (t.facing() >= 0 && t.facing() < 6) s += std::string(" facing ") + kFacing[t.facing()];
  std::string extra = t.values();
  for (const auto& m : t.marks()) extra += (extra.empty() ? "" : ", ") + m;
  if (extra.empty()) extra = side_name(sides, t.owner());
  return s + " (" + extra + ")";
}

// A staggered hex map, three characters a column: each map row takes two
// text lines, the odd columns on the first and the even columns (which sit
// half a hex lower) on the second. A hex shows its first counter's label, or
// else the one-character symbol the game gives it as label.
std::string render_hex(const proto::View& v) {
  std::map<std::pair<int, int>, const proto::Cell*> at;
  int min_c = 1 << 30, max_c = -(1 << 30), min_r = 1 << 30, max_r = -(1 << 30);
  for (const auto& c : v.cells()) {
    at[{c.col(), c.row()}] = &c;
    min_c = std::min(min_c, c.col());
    max_c = std::max(max_c, c.col());
    min_r = std::min(min_r, c.row());
    max_r = std::max(max_r, c.row());
  }
  if (at.empty()) return "";
  const auto cell_text = [&](int c, int r) -> std::string {
    const auto it = at.find({c, r});
    if (it == at.end()) return "   ";
    const proto::Cell& cell = *it->second;
    std::string t = !cell.tokens().empty()  ? cell.tokens(0).label().substr(0, 3)
                    : !cell.label().empty() ? " " + cell.label().substr(0, 1)
                                            : " .";
    t.resize(3, ' ');
    return t;
  };
  std::ostringstream out;
  std::string header = "     ";
  for (int c = min_c; c <= max_c; ++c)
    header += (c % 5 == 0)
                  ? std::to_string(c).substr(0, 3) +
                        std::string(3 - std::min<std::size_t>(3, std::to_string(c).size()), ' ')
                  : "   ";
  out << header << "\n";
  for (int r = min_r; r <= max_r; ++r) {
    for (int parity = 1; parity >= 0; --parity) {
      std::string line = parity == 1 ? (r < 10 ? "  0" : "  ") + std::to_string(r) + " " : "     ";
      for (int c = min_c; c <= max_c; ++c) line += ((c & 1) == parity) ? cell_text(c, r) : "   ";
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out << line << "\n";
    }
  }
  return out.str();
}

}  // namespace

std::string render_view(const proto::View& v, const std::vector<std::string>& sides) {
  std::ostringstream out;
  if (v.board_kind() == proto::BOARD_HEX) out << render_hex(v);
  for (const auto& c : v.cells()) {
    if (c.tokens().empty() && v.board_kind() == proto::BOARD_HEX) continue;
    // On a map, cells with nothing on them and nothing to say are for drawing.
    if (c.tokens().empty() && c.label().empty() && v.board_kind() == proto::BOARD_MAP) continue;
    std::string line = "  " + c.id();
    if (!c.label().empty()) line += "  " + c.label();
    for (const auto& t : c.tokens()) {
      line.resize(std::max<std::size_t>(line.size() + 1, 44), ' ');
      line += token_text(t, sides);
    }
    out << line << "\n";
    // What the reader knows of each piece beyond its counter, under the cell.
    for (const auto& t : c.tokens()) {
      if (t.details().empty()) continue;
      std::string more;
      for (const auto& d : t.details()) more += (more.empty() ? "" : "; ") + d;
      out << "      " << (t.label().empty() ? t.kind() : t.label()) << ": " << more << "\n";
    }
  }
  for (const auto& n : v.notes()) out << n << "\n";
  return out.str();
}

// In the user's time zone (TZ, else the system's), with its offset from UTC,
// so that a deadline reads as the user's own clock shows it and as anyone
// elsewhere can convert it: "2026-11-26 21:20 CET (UTC+01:00)".
std::string format_time(std::int64_t t) {
  const std::time_t tt = static_cast<std::time_t>(t);
  tzset();  // localtime_r need not read TZ itself
  std::tm tm{};
  localtime_r(&tt, &tm);
  char when[32];
  std::strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
  char zone[16];
  std::strftime(zone, sizeof zone, "%Z", &tm);
  const long offset = tm.tm_gmtoff;
  const long minutes = (offset < 0 ? -offset : offset) / 60;
  char utc[32];
  std::snprintf(utc, sizeof utc, "UTC%c%02ld:%02ld", offset < 0 ? '-' : '+', minutes / 60,
                minutes % 60);
  // A zone without a name of its own ("+0530") is named by its offset alone.
  const bool named = zone[0] != '\0' && zone[0] != '+' && zone[0] != '-';
  return std::string(when) + " " +
         (named ? std::string(zone) + " (" + utc + ")" : std::string(utc));
}

std::string render_summary(const proto::GameSummary& g) {
  static const char* const kStatus[] = {"?", "open", "running", "over"};
  std::ostringstream out;
  out << "game " << g.id() << "  " << g.scenario();
  if (!g.name().empty()) out << "  \"" << g.name() << "\"";
  out << "  " << kStatus[g.status() & 3];
  if (g.status() == proto::RUNNING) out << "  step " << g.step() << ": " << g.step_label();
  out << "\n";
  for (const auto& s : g.seats()) {
    out << "  " << s.seat() << " " << s.side();
    // Seats sharing a side (or named apart from their side) show the side.
    if (s.sides_size() == 1 && s.sides(0) != s.side()) out << " (side " << s.sides(0) << ")";
    out << ": "
        << (s.player().empty() ? (s.computer() ? "(computer)" : "(free)")
            : s.computer()     ? s.player() + " (computer)"
                               : s.player());
    if (s.computer() && s.computer_from_step() > 1)
      out << "  [the computer plays it from step " << s.computer_from_step() << "]";
    if (static_cast<int>(s.seat()) == g.my_seat()) out << "  <- you";
    if (static_cast<int>(s.seat()) != g.my_seat() &&
        std::count(g.controlled_seats().begin(), g.controlled_seats().end(), s.seat()))
      out << "  <- yours to order (--for " << s.seat() << ")";
    if (s.must_order())
      out << (s.ready()   ? "  [orders ready]"
              : s.saved() ? "  [draft saved, not ready]"
                          : "  [to order]");
    if (s.offered()) {
      out << (s.offer_reason() == proto::RESIGNED_SEAT ? "  [offered to a new player: resigned]"
                                                       : "  [in civil disorder: offered to a new "
                                                         "player]");
    }
    if (s.missed_deadlines() > 0)
      out << "  [missed " << s.missed_deadlines() << " deadline(s) in a row]";
    out << "\n";
  }
  if (g.status() == proto::RUNNING && g.disorder_after() > 0) {
    out << "  civil disorder: after " << g.disorder_after()
        << " missed deadline(s) in a row a seat is offered to a new player\n";
  }
  if (g.status() != proto::OVER && g.computer_takes_over())
    out << "  the computer plays a seat offered to a new player until a person takes it\n";
  if (g.deadline_unix()) out << "  deadline: " << format_time(g.deadline_unix()) << "\n";
  if (g.paused() != proto::NOT_PAUSED) {
    out << "  paused by "
        << (g.paused() == proto::PAUSED_BY_ADMIN ? "the server's administrator" : "agreement");
    if (g.has_paused_remaining_seconds())
      out << "; the deadline has " << duration_words(g.paused_remaining_seconds()) << " left";
    out << "\n";
  }
  switch (g.press()) {
    case proto::PUBLIC_PRESS:
      out << "  press: public messages only\n";
      break;
    case proto::NO_PRESS:
      out << "  press: none (gunboat)\n";
      break;
    default:
      out << "  press: public and private messages"
          << (g.private_press() ? " (private ones stay private after the game)" : "") << "\n";
  }
  out << "  rules version " << g.rules_version() << "; dice seed hash: " << g.seed_hash() << "\n";
  if (!g.seed().empty()) out << "  dice seed (revealed): " << g.seed() << "\n";
  if (!g.state_salt().empty()) out << "  state hash salt (revealed): " << g.state_salt() << "\n";
  if (!g.result().empty()) out << "  result: " << g.result() << "\n";
  std::vector<std::string> names;
  for (const auto& s : g.seats()) names.push_back(s.side());
  for (const auto& p : g.proposals()) out << "  open " << render_proposal(p, names);
  return out.str();
}

std::string render_happenings(const google::protobuf::RepeatedPtrField<proto::Happening>& list) {
  std::ostringstream out;
  for (const auto& h : list) {
    out << "  - " << (h.restricted() ? "(secret) " : "") << h.text() << "\n";
    for (const auto& r : h.rolls()) {
      out << "      rolled " << r.value() << " on d" << r.sides() << " for " << r.purpose() << "\n";
    }
  }
  return out.str();
}

std::string render_orders(const google::protobuf::RepeatedPtrField<proto::RevealedOrders>& list,
                          const std::vector<std::string>& sides) {
  std::ostringstream out;
  for (const auto& o : list) {
    out << "  orders of " << side_name(sides, o.seat())
        << (o.defaulted() ? " (defaults: no orders by the deadline)" : "")
        << (o.withheld() ? ": withheld from you until the game is over\n" : ":\n");
    for (const auto& l : o.lines()) out << "    " << l << "\n";
  }
  return out.str();
}

std::string render_event(const proto::GameEvent& e, const std::vector<std::string>& sides) {
  std::ostringstream out;
  out << "#" << e.seq() << " " << format_time(e.at_unix()) << "  ";
  switch (e.what_case()) {
    case proto::GameEvent::kJoined:
      out << e.joined().player() << " joined as " << side_name(sides, e.joined().seat());
      if (e.joined().game_started()) out << "; the game begins";
      out << "\n";
      break;
    case proto::GameEvent::kCommitted:
      out << side_name(sides, e.committed().seat()) << " "
          << (e.committed().ready() ? "committed" : "saved draft") << " orders for step "
          << e.committed().step() << (e.committed().computer() ? " (by the computer)" : "")
          << " (commitment " << e.committed().commitment().substr(0, 16) << "...)\n";
      break;
    case proto::GameEvent::kResolved: {
      const auto& r = e.resolved();
      out << "step " << r.step() << " resolved: " << r.step_label()
          << (r.by_deadline() ? " (deadline passed)" : "") << "\n";
      out << render_orders(r.orders(), sides);
      out << render_happenings(r.happenings());
      out << "  next: step " << r.next_step() << " " << r.next_label() << "\n";
      if (!r.record_hash().empty()) out << "  record hash: " << r.record_hash() << "\n";
      break;
    }
    case proto::GameEvent::kOver:
      out << "game over: " << e.over().result() << "\n  dice seed revealed: " << e.over().seed()
          << "\n";
      if (!e.over().state_salt().empty())
        out << "  state hash salt revealed: " << e.over().state_salt() << "\n";
      break;
    case proto::GameEvent::kProposal: {
      const auto& pe = e.proposal();
      const auto& p = pe.proposal();
      const std::string who = side_name(sides, pe.seat());
      switch (pe.what()) {
        case proto::PROPOSED:
          out << who << " made " << render_proposal(p, sides);
          break;
        case proto::ACCEPTED:
          out << who << " accepted " << describe_proposal(p)
              << (p.state() == proto::PROPOSAL_CARRIED ? ": every seat it needed agreed, it is "
                                                         "carried\n"
                                                       : "\n");
          break;
        case proto::REFUSED:
          out << who << " refused " << describe_proposal(p) << ": it fails\n";
          break;
        case proto::WITHDRAWN:
          out << who << " withdrew " << describe_proposal(p) << "\n";
          break;
        case proto::LAPSED:
          out << describe_proposal(p) << " lapsed: " << printable(pe.why()) << "\n";
          break;
        default:
          out << describe_proposal(p) << " changed\n";
      }
      if (pe.what() == proto::PROPOSED && p.state() == proto::PROPOSAL_CARRIED)
        out << "  it needed nobody else: it is carried\n";
      break;
    }
    case proto::GameEvent::kDeadline: {
      const auto& d = e.deadline();
      const std::string by = d.proposal() == 0
                                 ? "the server's administrator"
                                 : "agreement (proposal " + std::to_string(d.proposal()) + ")";
      switch (d.change()) {
        case proto::PAUSED:
          out << "the game is paused by " << by;
          if (d.has_remaining_seconds())
            out << "; the deadline has " << duration_words(d.remaining_seconds()) << " left";
          break;
        case proto::RESUMED:
          out << "the game is resumed by " << by;
          if (d.deadline_unix()) out << "; deadline " << format_time(d.deadline_unix());
          break;
        case proto::EXTENDED:
          out << "the deadline is extended by "
              << duration_words(static_cast<std::int64_t>(d.seconds())) << " by " << by;
          if (d.deadline_unix()) out << "; deadline " << format_time(d.deadline_unix());
          if (d.has_remaining_seconds())
            out << "; " << duration_words(d.remaining_seconds()) << " left while paused";
          break;
        default:
          out << "the deadline changed";
      }
      out << "\n";
      break;
    }
    case proto::GameEvent::kResigned:
      out << e.resigned().player() << " (" << side_name(sides, e.resigned().seat())
          << ") resigned\n";
      break;
    case proto::GameEvent::kOffer: {
      const auto& o = e.offer();
      out << side_name(sides, o.seat()) << " (" << o.player() << ") ";
      if (!o.offered()) {
        out << "is no longer offered to a new player\n";
      } else if (o.reason() == proto::RESIGNED_SEAT) {
        out << "resigned while its side plays on: offered to a new player (naumachia take "
            << e.game_id() << " " << o.seat() << ")\n";
      } else {
        out << "is in civil disorder after " << o.missed_deadlines()
            << " missed deadline(s): offered to a new player (naumachia take " << e.game_id() << " "
            << o.seat() << ")\n";
      }
      break;
    }
    case proto::GameEvent::kReplaced: {
      const auto& r = e.replaced();
      out << side_name(sides, r.seat()) << " is now played by " << r.new_player() << " in place of "
          << r.old_player() << (r.by_admin() ? " (by the server's administrator)" : "") << "\n";
      break;
    }
    case proto::GameEvent::kComputer: {
      const auto& c = e.computer();
      if (c.plays()) {
        out << "from step " << c.step() << " the computer plays " << side_name(sides, c.seat())
            << (c.player().empty() ? "" : " (in place of " + c.player() + ")") << "\n";
      } else {
        out << "in step " << c.step() << " the computer's play of " << side_name(sides, c.seat())
            << " ended: " << (c.player().empty() ? "a person" : c.player()) << " plays it\n";
      }
      break;
    }
    default:
      out << "(an event this client does not know)\n";
  }
  return out.str();
}

std::string printable(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const bool c1 = c == 0xc2 && i + 1 < text.size() &&
                    static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9f;
    if (c1) {
      out += '?';
      ++i;
    } else if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
      out += '?';
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string render_press(const proto::PressMessage& m, const std::vector<std::string>& sides) {
  std::ostringstream out;
  out << "[" << (m.restricted() ? "private" : "public") << " #" << m.number() << "] "
      << format_time(m.at_unix()) << "  " << side_name(sides, m.from_seat()) << " ("
      << printable(m.from_player()) << ") to ";
  if (!m.restricted()) {
    out << "everyone";
  } else {
    std::string to;
    for (const std::uint32_t s : m.audience()) {
      if (s != m.from_seat()) to += (to.empty() ? "" : ", ") + side_name(sides, s);
    }
    out << to;
  }
  out << ":\n";
  std::istringstream lines(printable(m.text()));
  for (std::string line; std::getline(lines, line);) out << "    " << line << "\n";
  return out.str();
}

std::string describe_proposal(const proto::Proposal& p) {
  std::string sides;
  for (int i = 0; i < p.sides_size(); ++i)
    sides += (i == 0 ? "" : i + 1 == p.sides_size() ? " and " : ", ") + printable(p.sides(i));
  std::string what;
  switch (p.kind()) {
    case proto::DRAW:
      what = "a draw between " + sides;
      break;
    case proto::CONCESSION:
      what = "a concession to " + sides;
      break;
    case proto::PAUSE:
      what = "a pause";
      break;
    case proto::RESUME:
      what = "to resume the game";
      break;
    case proto::EXTENSION:
      what = "an extension of the deadline by " + duration_words(p.seconds());
      break;
    default:
      what = "a proposal of a kind this client does not know";
  }
  return "proposal " + std::to_string(p.id()) + ", " + what;
}

std::string render_proposal(const proto::Proposal& p, const std::vector<std::string>& sides) {
  std::ostringstream out;
  out << describe_proposal(p) << " (by " << side_name(sides, p.proposer()) << ", in step "
      << p.step() << ")\n";
  std::string accepted, waiting;
  for (const std::uint32_t v : p.voters()) {
    const bool yes = std::count(p.accepted().begin(), p.accepted().end(), v) > 0;
    (yes ? accepted : waiting) +=
        ((yes ? accepted : waiting).empty() ? "" : ", ") + side_name(sides, v);
  }
  out << "    accepted by " << (accepted.empty() ? "nobody yet" : accepted);
  if (!waiting.empty()) out << "; waiting for " << waiting;
  out << "\n";
  return out.str();
}

}  // namespace naumachia::render
