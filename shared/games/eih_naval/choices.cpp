// Empires in Harm naval combat: orders choice by choice (core/choices.h).
// A decision for each order keyword the seat gives in the phase (a Duty,
// orders.cpp): a custom battle's fleets slot by slot (a nation with its
// proposed name, then a typical composition or the ships type by type, then
// Nelson); the defender; war, evasion, the harbour guns, the chase, entering
// the port, yes or no; the chit and Nelson's modifier; surrender, and each
// following power's; each odd loss; the retreat, the pursuit fleet by fleet,
// the withdrawal; the damaged ships, type by type and the rest. What a
// decision's otherwise says comes from the keyword's default line (the one
// default_orders gives) or, for a keyword with none, from the default the
// phase's play applies.
//
// Nothing here leaks a secret (1.1.2.4.1, 1.1.2.2): the proposals are built
// from what every seat's view shows (the stacks and fleet counters, their
// nations, the ports, the odd losses waiting, who commands) and from the
// seat's own holdings (its damaged ships, its fleets that may pursue); the
// enemy's ships and the other commander's chit are never read, and the
// checks that keep or drop a proposal (Board::keyword_line, fleet_line) read
// nothing else either.
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

namespace {
namespace offer {

using Path = std::vector<std::string>;

std::string cell_of(int stack) {
  return "stack " + std::to_string(stack);
}

// Where the seat's forces stand: its side's stack in the combat, else the
// stacks holding fleets of its powers, else its side's stacks.
std::vector<std::string> own_cells(const Board& b, int seat) {
  const int side = b.side_of_seat(seat);
  if (const int engaged = b.engaged_stack(side)) return {cell_of(engaged)};
  std::vector<std::string> out, sides;
  for (const StackSpec& s : b.battle().stacks) {
    if (s.side != side) continue;
    sides.push_back(cell_of(s.id));
    if (std::any_of(b.fleets_.begin(), b.fleets_.end(), [&](const Fleet& f) {
          return f.stack == s.id && b.holds(b.power(f.nation), seat);
        }))
      out.push_back(cell_of(s.id));
  }
  return out.empty() ? sides : out;
}

// "what the default does ('the line')": the keyword's default line, as
// default_orders gives it.
std::string by_default(const Board& b, int seat, Duty d, const std::string& what) {
  const auto line = b.default_line(seat, d);
  return line ? what + " ('" + *line + "')" : what;
}

Option one(const std::string& text, const std::string& label, std::vector<std::string> cells = {}) {
  return {{text, label, std::move(cells)}};
}

// ------------------------------------------------------------ yes or no

struct Question {
  Duty duty;
  const char* label;  // the decision, as a person reads it
  const char* yes;
  const char* no;
};

// The keywords answered yes or no, with what each answer does.
constexpr Question kQuestions[] = {
    {Duty::War, "declare war on the stack's powers, or attack without (1.1.1.2)",
     "declare war (4.4.1: political points for each declaration)",
     "attack without a declaration of war"},
    {Duty::Evade, "try to evade the attack (1.1.2.1)", "try to evade", "stand and fight"},
    {Duty::Guns, "use the harbour defences (1.1.4.1)", "the harbour defences fire",
     "the harbour defences are not used"},
    {Duty::Chase, "the general chase (1.1.2.8)", "chase", "do not chase"},
    {Duty::Enter, "move into the port instead of pursuing (1.1.2.9.2 EXCEPTION)",
     "move into the port", "stay out of the port"},
    {Duty::Surrender, "surrender before this round, or fight it (1.1.6)", "surrender", "fight on"},
};

const Question* question(Duty d) {
  for (const Question& q : kQuestions)
    if (q.duty == d) return &q;
  return nullptr;
}

std::vector<Option> yes_or_no(const Question& q) {
  return {one(" yes", q.yes), one(" no", q.no)};
}

// What the default answer does: 'war no' -> "attack without a declaration".
std::string answer_by_default(const Board& b, int seat, const Question& q) {
  const auto line = b.default_line(seat, q.duty);
  const bool yes = line && line->size() >= 4 && line->substr(line->size() - 4) == " yes";
  return by_default(b, seat, q.duty, yes ? q.yes : q.no);
}

// ------------------------------------------------------------ forces (a custom battle)

// A fleet slot: the first `max_fleets` fleets a seat may order, each a line.
// Slot k opens on the k-th of the likeliest nations (so that the slots
// propose different nations first), then every other nation not taken by an
// earlier seat, in the data's order; its proposed name is the seat's k-th.
std::vector<const Nation*> slot_nations(const Board& b, int k) {
  const auto likeliest = likeliest_nations(b);
  const Nation* first = k <= static_cast<int>(likeliest.size())
                            ? likeliest[static_cast<std::size_t>(k - 1)]
                            : nullptr;
  std::vector<const Nation*> out;
  if (first) out.push_back(first);
  for (const Nation& n : b.data_->nations)
    if (&n != first && !b.nation_taken(n.id)) out.push_back(&n);
  return out;
}

std::vector<Decision> fleet_slots(const Board& b, int seat) {
  std::vector<Decision> out;
  const int most = b.battle().max_fleets;
  for (int k = 1; k <= most; ++k) {
    // Docs: with no fleet ordered at all, the default fleet.
    const std::string otherwise =
        k == 1 ? by_default(b, seat, Duty::Fleet,
                            "no fleet here; with no fleet ordered at all, the seat brings the "
                            "default fleet of the first Major Power not taken")
               : "no fleet here";
    out.push_back({"fleet" + std::to_string(k),
                   "fleet " + std::to_string(k) + " of at most " + std::to_string(most) +
                       ": a nation, its ships (1 to " + std::to_string(b.battle().max_ships) + ")",
                   "fleet", own_cells(b, seat), otherwise});
  }
  return out;
}

int last_number(const std::string& piece) {
  long long n = 0;
  const auto words = text::split(piece);
  if (!words.empty()) text::parse_int(words.back(), n);
  return static_cast<int>(n);
}

// " heavy 12" -> "12 heavy ships".
Choice count_choice(ShipType t, int n, int total, bool last) {
  return {std::string(" ") + type_word(t) + " " + std::to_string(n),
          std::to_string(n) + " " + type_word(t) + (t == ShipType::Galley ? "" : " ships"),
          {},
          total > 0,
          last};
}

// The ways on from a fleet's nation: a typical composition whole, or the
// ships type by type (heavy, light, galleys, within the fleet's limit);
// then, for Britain, Nelson.
std::vector<Choice> fleet_ways(const Board& b, int seat, const Decision& d, const Path& path) {
  std::vector<Choice> out;
  if (path.empty()) {
    const int k = last_number(d.id.substr(std::string("fleet").size()));
    for (const Nation* n : slot_nations(b, k)) {
      const std::string name = squadron_name(*n, seat, k);
      out.push_back({" " + n->id + " " + quoted(name),
                     n->name + (n->major ? " (Major Power)" : " (minor)") + ", named " + name,
                     {},
                     false,
                     false});
    }
    return out;
  }
  const bool britain = text::split(path[0]).front() == "britain";
  const int most = b.battle().max_ships;
  const Choice nelson{" nelson", "with Nelson (1.1.2.2)", {}, true, true};
  if (path.size() == 1) {
    std::vector<std::string> fleets = typical_fleets();
    if (britain) fleets.emplace_back(kNelsonFleet);
    for (const std::string& f : fleets) {
      Ships s;
      const auto w = text::split(f);
      for (std::size_t i = 0; i + 1 < w.size(); i += 2)
        if (auto t = parse_type(w[i])) s[*t] = last_number(std::string(w[i + 1]));
      out.push_back({" " + f, ships_text(s) + " (a typical fleet)", {}, true, !britain});
    }
    for (int n = 0; n <= most; ++n) out.push_back(count_choice(ShipType::Heavy, n, n, false));
    return out;
  }
  // A typical composition is whole: Nelson may follow it.
  if (path[1].find("galleys") != std::string::npos || path.size() == 4) {
    if (britain && path.back() != nelson.text) out.push_back(nelson);
    return out;
  }
  int given = 0;
  for (std::size_t i = 1; i < path.size(); ++i) given += last_number(path[i]);
  const ShipType next = path.size() == 2 ? ShipType::Light : ShipType::Galley;
  for (int n = 0; given + n <= most; ++n)
    out.push_back(count_choice(next, n, given + n, next == ShipType::Galley && !britain));
  return out;
}

// ------------------------------------------------------------ after the combat

std::vector<Choice> pursue_ways(const Board& b, int seat, const Path& path) {
  std::vector<const Fleet*> mine;
  for (const Fleet* f : b.engaged_fleets(b.retreat_case().pursuing))
    if (b.holds(b.power(f->nation), seat)) mine.push_back(f);
  std::vector<Choice> out;
  if (path.empty()) {
    out.push_back({" all", "every fleet of yours pursues", {}, true, true});
    out.push_back({" none", "no fleet of yours pursues", {}, true, true});
  } else if (path.front() == " all" || path.front() == " none") {
    return out;
  }
  // Fleet by fleet, in their order, each after those named.
  std::size_t from = 0;
  for (std::size_t i = 0; i < mine.size(); ++i)
    if (!path.empty() && " " + text::lower(mine[i]->id) == path.back()) from = i + 1;
  for (std::size_t i = from; i < mine.size(); ++i)
    out.push_back({" " + text::lower(mine[i]->id),
                   b.fleet_label(*mine[i]) + " pursues",
                   {cell_of(mine[i]->stack)},
                   true,
                   i + 1 == mine.size()});
  return out;
}

std::string port_label(const PortSpec& p) {
  return "to " + p.name + ", " + std::to_string(p.distance) + " MP";
}

// Every port of the seat's side and staying: the check keeps those the
// case allows (the nearest unblockaded ports, 1.1.2.9.1).
std::vector<Option> retreat_options(const Board& b, int seat) {
  std::vector<Option> out;
  for (const PortSpec& p : b.battle().ports)
    if (p.side == b.side_of_seat(seat)) out.push_back(one(" " + p.id, port_label(p)));
  out.push_back(one(" stay", "stay in " + b.battle().place));
  return out;
}

// Docs: with no 'retreat' line the stack goes to the first of the nearest
// ports, or, with no victor, stays.
std::string retreat_otherwise(const Board& b, int seat) {
  const int side = b.side_of_seat(seat);
  const Board::RetreatCase rc = b.retreat_case();
  if (rc.retreating == side) {
    const auto ports = b.retreat_ports(side, true);
    if (!ports.empty())
      return "retreats to " + ports.front()->name + " (the first of the nearest ports, 1.1.2.9.1)";
  }
  return "stays in " + b.battle().place + " (1.1.2.9)";
}

// The seat's damaged ships, own and taken, by holding power (1.1.2.10).
Ships damaged_held(const Board& b, int seat) {
  Ships out;
  for (const auto& [holder, ships] : b.held_damaged())
    if (b.holds(holder, seat)) out += ships;
  return out;
}

// 'damaged PORT [N] [TYPE]': a port of the seat's side, then (the rest
// decision) a number and a type, or (a type's decision) a number of that
// type.
std::vector<Choice> damaged_ways(const Board& b, int seat, const Decision& d, const Path& path) {
  const auto type = parse_type(d.id);
  const Ships held = damaged_held(b, seat);
  std::vector<Choice> out;
  if (path.empty()) {
    for (const PortSpec& p : b.battle().ports)
      if (p.side == b.side_of_seat(seat))
        out.push_back({" " + p.id, port_label(p), {}, !type, false});
    return out;
  }
  if (type) {
    if (path.size() > 1) return out;
    for (int n = 1; n <= held[*type]; ++n)
      out.push_back({" " + std::to_string(n) + " " + type_word(*type),
                     std::to_string(n) + " " + type_word(*type) + " ship(s)",
                     {},
                     true,
                     true});
    return out;
  }
  if (path.size() == 1) {
    for (int n = 1; n <= held.total(); ++n)
      out.push_back({" " + std::to_string(n), std::to_string(n) + " ship(s)", {}, true, false});
  } else if (path.size() == 2) {
    for (ShipType t : kShipTypes)
      out.push_back(
          {std::string(" ") + type_word(t),
           std::string("of them ") + type_word(t) + " (" + std::to_string(held[t]) + " held)",
           {},
           true,
           true});
  }
  return out;
}

// ------------------------------------------------------------ odd losses

// One decision per odd loss of the seat's side: the allocation and which
// of its odd losses.
std::vector<std::pair<std::size_t, int>> odd_slots(const Board& b, int seat) {
  std::vector<std::pair<std::size_t, int>> out;
  for (std::size_t i = 0; i < b.pending_.size(); ++i)
    if (b.pending_[i].side == b.side_of_seat(seat))
      for (int j = 1; j <= b.pending_[i].odd; ++j) out.emplace_back(i, j);
  return out;
}

// ------------------------------------------------------------ a decision per keyword

void add_decisions(const Board& b, int seat, Duty duty, std::vector<Decision>& out) {
  const std::string word = duty_word(duty);
  const auto cells = own_cells(b, seat);
  const auto add = [&](std::string id, std::string label, std::string text, std::string otherwise) {
    out.push_back({std::move(id), std::move(label), std::move(text), cells, std::move(otherwise)});
  };
  if (const Question* q = question(duty)) {
    add(word, q->label, word, answer_by_default(b, seat, *q));
    // 1.1.6: a seat deciding for several powers after their commander
    // surrendered may decide power by power (its line for a power stands
    // over its line for all).
    if (b.seg_ != Phase::Follow) return;
    std::vector<std::string> mine;
    for (const std::string& p : b.follow_)
      if (b.holds(p, seat)) mine.push_back(p);
    if (mine.size() < 2) return;
    for (const std::string& p : mine)
      add(p, b.nation_name(p) + ": surrender, or fight on (1.1.6)", word + " " + p,
          answer_by_default(b, seat, *q));
    return;
  }
  switch (duty) {
    case Duty::Fleet:
      for (Decision& d : fleet_slots(b, seat)) out.push_back(std::move(d));
      return;
    case Duty::Defender: {
      const auto line = b.default_line(seat, duty);
      const bool none = !line || *line == "defender none";
      add(word,
          b.after_evasion_ ? "attack another stack, or none (1.1.2)"
                           : "the stack to attack (1.1.1.1)",
          word,
          by_default(b, seat, duty,
                     none ? std::string("attacks no other stack")
                          : "attacks " + b.battle().stack(last_number(*line))->name));
      return;
    }
    case Duty::Chit:
      add(word, "the tactical chit, in secret (1.1.2.2)", word,
          by_default(b, seat, duty, "line-of-battle"));
      return;
    case Duty::Nelson:
      // Chits: a Nelson without a line subtracts nothing (1.1.2.5.1).
      add(word, "Nelson's closing modifier, with melee (1.1.2.5.1)", word,
          "subtracts nothing from the closing roll ('nelson 0')");
      return;
    case Duty::Odd: {
      int odd = 0;
      for (const auto& [i, j] : odd_slots(b, seat)) {
        const Allocation& a = b.pending_[i];
        add("odd" + std::to_string(++odd),
            "odd loss " + std::to_string(j) + " of " + std::to_string(a.odd) + " (" + a.cause +
                ") among " + text::join(a.candidates, ", ") + " (1.1.7)",
            word, "no agreement: a competitive d6 between the powers decides who takes it (1.1.7)");
      }
      return;
    }
    case Duty::Retreat:
      add(word, "where the stack goes (1.1.2.9, 1.1.2.9.1)", word, retreat_otherwise(b, seat));
      return;
    case Duty::Pursue: {
      // Retreat: a seat that moves into the port pursues only with a line.
      const Duties mine = b.duties(seat);
      const bool may_enter = std::find(mine.begin(), mine.end(), Duty::Enter) != mine.end();
      add(word, "which of your fleets pursue (1.1.2.9.1)", word,
          by_default(b, seat, duty,
                     may_enter ? "every fleet of yours pursues, unless it moves into the port"
                               : "every fleet of yours pursues"));
      return;
    }
    case Duty::Withdraw:
      // Retreat: the raiders go to the blockade box without a line.
      add(word, "where the raiders withdraw (1.1.4.1.3)", word,
          "withdraws to the blockade box ('withdraw box')");
      return;
    case Duty::Damaged: {
      const Ships held = damaged_held(b, seat);
      const std::string nearest =
          "goes to its holder's nearest port (1.1.2.10.1), unless named in another line";
      for (ShipType t : kShipTypes)
        if (held[t] > 0)
          add(type_word(t),
              std::to_string(held[t]) + " damaged " + type_word(t) +
                  " ship(s) of yours: where they go (1.1.2.10.1)",
              word, "each " + nearest);
      add(word, "damaged ships not named in another line: where they go (1.1.2.10.1)", word,
          "each " + nearest);
      return;
    }
    default:
      return;
  }
}

}  // namespace offer
}  // namespace

std::vector<Decision> Board::decisions(int seat) const {
  std::vector<Decision> out;
  for (Duty d : duties(seat)) offer::add_decisions(*this, seat, d, out);
  return out;
}

std::vector<Choice> Board::ways(int seat, const Decision& d,
                                const std::vector<std::string>& path) const {
  using offer::one;
  const auto duty = parse_duty(text::split(d.text).front());
  if (!duty) return {};
  if (const offer::Question* q = offer::question(*duty))
    return ways_among(offer::yes_or_no(*q), path);
  std::vector<Option> options;
  switch (*duty) {
    case Duty::Fleet:
      return offer::fleet_ways(*this, seat, d, path);
    case Duty::Defender:
      // Every enemy stack: the check keeps those that may be attacked.
      for (const StackSpec& s : battle().stacks)
        if (s.side != battle().attacker)
          options.push_back(
              one(" " + std::to_string(s.id), "attack " + s.name, {offer::cell_of(s.id)}));
      options.push_back(one(" none", "attack no other stack"));
      break;
    case Duty::Chit:
      for (const std::string& c : tables().chits) options.push_back(one(" " + c, c));
      break;
    case Duty::Nelson:
      for (int m = 0; m <= 2; ++m)
        options.push_back(one(" " + std::to_string(m),
                              "subtract " + std::to_string(m) + " from the closing roll"));
      break;
    case Duty::Odd: {
      const auto slots = offer::odd_slots(*this, seat);
      const std::size_t k = static_cast<std::size_t>(offer::last_number(d.id.substr(3)));
      if (k < 1 || k > slots.size()) return {};
      for (const std::string& c : pending_[slots[k - 1].first].candidates)
        options.push_back(one(" " + c, nation_name(c) + " takes it"));
      break;
    }
    case Duty::Retreat:
      options = offer::retreat_options(*this, seat);
      break;
    case Duty::Pursue:
      return offer::pursue_ways(*this, seat, path);
    case Duty::Withdraw:
      options.push_back(one(" box", "to the blockade box of " + battle().place));
      options.push_back(
          one(" sea", "to " + battle().retreat_sea[static_cast<std::size_t>(battle().attacker)]));
      break;
    case Duty::Damaged:
      return offer::damaged_ways(*this, seat, d, path);
    default:
      return {};
  }
  return ways_among(options, path);
}

}  // namespace naumachia::eih_naval
