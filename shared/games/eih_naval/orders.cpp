// Empires in Harm naval combat: the order lines. One keyword a line (a
// Duty), the keywords each seat may use coming from the phase's row of the
// sequence of play (sequence.cpp); here, for each keyword, its check (every
// error cites its rule; a check never changes the position), its default at
// a deadline, and the candidate lines random play draws from.
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

namespace {

using Words = std::vector<std::string>;
using Refusal = std::optional<std::string>;

bool yes_no(const std::string& w) {
  return w == "yes" || w == "no";
}

// The line has `words` words; otherwise why, showing its form.
Refusal arity(const Words& w, std::size_t words, const std::string& form) {
  if (w.size() == words) return std::nullopt;
  return "expected '" + form + "'";
}

// ------------------------------------------------------------ checks, one a keyword

Refusal defender(const Board& b, int, const Words& w, Claims&) {
  if (auto why = arity(w, 2, "defender STACK")) return why;
  if (w[1] == "none") {
    if (b.after_evasion_) return std::nullopt;
    return "the attacker must attack a stack; 'none' only after an evasion (1.1.1.1, 1.1.2)";
  }
  long long id = 0;
  const StackSpec* stack =
      text::parse_int(w[1], id) ? b.battle().stack(static_cast<int>(id)) : nullptr;
  if (!stack || stack->side == b.battle().attacker)
    return "no enemy stack '" + w[1] + "' (1.1.1.1)";
  const auto eligible = b.attackable();
  if (std::find(eligible.begin(), eligible.end(), stack->id) != eligible.end()) return std::nullopt;
  return "stack " + w[1] + " may not be attacked: " +
         (b.stack_powers(stack->id).empty() ? std::string("it is no longer in the area (1.1.2)")
                                            : b.enemy(stack->id).why);
}

// 'war', 'evade', 'guns', 'chase', 'enter': yes or no, under the case `Rule`.
template <Literal Rule>
Refusal yes_or_no(const Board&, int, const Words& w, Claims&) {
  if (auto why = arity(w, 2, w[0] + " yes|no")) return why;
  if (yes_no(w[1])) return std::nullopt;
  return "'" + w[0] + " yes' or '" + w[0] + " no' (" + Rule.text + ")";
}

Refusal chit(const Board& b, int seat, const Words& w, Claims& c) {
  if (auto why = arity(w, 2, "chit NAME")) return why;
  if (!b.tables().has_chit(w[1]))
    return "unknown chit '" + w[1] + "' (one of " + text::join(b.tables().chits, ", ") +
           ") (1.1.2.2)";
  if (w[1] == "melee" && !b.melee_allowed(b.side_of_seat(seat)))
    return b.rules_.value >= 2
               ? "melee may not be used by any power but Great Britain until Great Britain has "
                 "used it with a stack commanded by Nelson (1.1.2.2 NOTE)"
               : "melee may not be used until Great Britain has used it with a stack commanded "
                 "by Nelson (1.1.2.2 NOTE)";
  c.chit = w[1];
  return std::nullopt;
}

Refusal nelson(const Board&, int, const Words& w, Claims& c) {
  if (auto why = arity(w, 2, "nelson 0|1|2")) return why;
  if (w[1] != "0" && w[1] != "1" && w[1] != "2")
    return "Nelson subtracts 0, 1 or 2 from the closing roll (1.1.2.5.1)";
  c.nelson = true;
  return std::nullopt;
}

// 1.1.6: once for the seat; or, by the other powers of a stack whose
// commander surrendered, 'surrender POWER yes|no' once a power.
Refusal surrender(const Board& b, int seat, const Words& w, Claims& c) {
  const bool follow = b.seg_ == Phase::Follow;
  if (follow && w.size() == 3) {
    if (std::find(b.follow_.begin(), b.follow_.end(), w[1]) == b.follow_.end() ||
        !b.holds(w[1], seat))
      return "'" + w[1] + "' is not a power of yours deciding on its surrender (1.1.6)";
    if (!c.decided.insert(w[1]).second) return "'surrender " + w[1] + "' once only (1.1.6)";
    if (!yes_no(w[2])) return "'surrender POWER yes|no' (1.1.6)";
    return std::nullopt;
  }
  if (!c.given.insert(Duty::Surrender).second) return "'surrender' once only (1.1.6)";
  if (auto why =
          arity(w, 2, follow ? "surrender yes|no' or 'surrender POWER yes|no" : "surrender yes|no"))
    return why;
  if (!yes_no(w[1])) return "'surrender yes' or 'surrender no' (1.1.6)";
  return std::nullopt;
}

Refusal odd(const Board& b, int seat, const Words& w, Claims& c) {
  if (auto why = arity(w, 2, "odd NATION")) return why;
  const int side = b.side_of_seat(seat);
  std::optional<std::size_t> of;
  for (std::size_t i = 0; i < b.pending_.size(); ++i) {
    const Allocation& a = b.pending_[i];
    if (a.side == side &&
        std::find(a.candidates.begin(), a.candidates.end(), w[1]) != a.candidates.end())
      of = i;
  }
  if (!of) return "'" + w[1] + "' may not take an odd loss of your side (1.1.7)";
  if (!c.odd_named.insert(w[1]).second) return "a nation takes one odd loss at most (1.1.7)";
  const int odd_losses = b.pending_[*of].odd;
  if (++c.odd[*of] > odd_losses)
    return "only " + std::to_string(odd_losses) + " odd loss(es) to share (1.1.7)";
  return std::nullopt;
}

Refusal retreat(const Board& b, int seat, const Words& w, Claims&) {
  if (auto why = arity(w, 2, "retreat PORT")) return why;
  const int side = b.side_of_seat(seat);
  const Board::RetreatCase rc = b.retreat_case();
  std::vector<const PortSpec*> allowed;
  const bool may_stay = rc.may_stay[static_cast<std::size_t>(side)];
  if (rc.retreating == side) allowed = b.retreat_ports(side, true);
  if (may_stay) allowed = b.retreat_ports(side, false);
  // 1.1.2.9: with no victor a side may remain.
  if (w[1] == "stay" && may_stay) return std::nullopt;
  if (std::any_of(allowed.begin(), allowed.end(), [&](const PortSpec* p) { return p->id == w[1]; }))
    return std::nullopt;
  std::vector<std::string> ids;
  for (const PortSpec* p : allowed) ids.push_back(p->id);
  if (may_stay) ids.push_back("stay");
  return "retreat to one of " + text::join(ids, ", ") +
         (may_stay ? " (1.1.2.9: the unblockaded friendly ports within five movement points)"
                   : " (1.1.2.9.1: the nearest unblockaded friendly ports)");
}

Refusal pursue(const Board& b, int seat, const Words& w, Claims&) {
  if (w.size() < 2) return "expected 'pursue all', 'pursue none' or 'pursue FLEET...' (1.1.2.9.1)";
  // All of the seat's fleets, or none (1.1.2.9.1).
  if (w.size() == 2 && (w[1] == "all" || w[1] == "none")) return std::nullopt;
  const auto pursuers = b.engaged_fleets(b.retreat_case().pursuing);
  for (std::size_t j = 1; j < w.size(); ++j) {
    const bool mine = std::any_of(pursuers.begin(), pursuers.end(), [&](const Fleet* f) {
      return text::lower(f->id) == w[j] && b.holds(b.power(f->nation), seat);
    });
    if (!mine) return "'" + w[j] + "' is not a fleet of yours that may pursue (1.1.2.9.1)";
  }
  return std::nullopt;
}

Refusal withdraw(const Board&, int, const Words& w, Claims&) {
  if (auto why = arity(w, 2, "withdraw box|sea")) return why;
  if (w[1] != "box" && w[1] != "sea")
    return "withdraw to the blockade 'box' or the nearest 'sea' area (1.1.4.1.3)";
  return std::nullopt;
}

Refusal damaged(const Board& b, int seat, const Words& w, Claims&) {
  if (w.size() < 2 || w.size() > 4)
    return "expected 'damaged PORT [N] [heavy|light|galleys]' (1.1.2.10.1)";
  const int side = b.side_of_seat(seat);
  bool usable = false;
  int held = 0;
  for (const auto& [holder, ships] : b.held_damaged()) {
    if (!b.holds(holder, seat)) continue;
    for (const PortSpec& p : b.battle().ports)
      if (p.id == w[1] && may_use(p, b.battle(), holder, side)) {
        usable = true;
        held += ships.total();
      }
  }
  if (!usable) {
    std::vector<std::string> ids;
    for (const PortSpec& p : b.battle().ports)
      if (p.side == side) ids.push_back(p.id);
    return "'" + w[1] + "' is not a port your damaged ships may go to (one of " +
           text::join(ids, ", ") + ") (1.1.2.10.1)";
  }
  long long count = held;
  if (w.size() >= 3 && (!text::parse_int(w[2], count) || count < 1 || count > held))
    return "a number of damaged ships, 1 to " + std::to_string(held) + " (1.1.2.10.1)";
  if (w.size() == 4 && !parse_type(w[3]))
    return "a ship type: heavy, light or galleys (1.1.2.10.1)";

  return std::nullopt;
}

// ------------------------------------------------------------ defaults at a deadline

using Default = std::optional<std::string>;

// 'fleet' of a custom battle: ten heavy and four light ships of the first
// Major Power no seat has taken.
Default first_free_major(const Board& b, int) {
  for (const Nation& n : b.data_->nations)
    if (n.major && !b.nation_taken(n.id))
      return "fleet " + n.id + " \"" + n.name + " squadron\" heavy 10 light 4 galleys 0";
  return std::nullopt;
}

Default first_stack(const Board& b, int) {
  const auto eligible = b.attackable();
  return b.after_evasion_ || eligible.empty() ? std::string("defender none")
                                              : "defender " + std::to_string(eligible.front());
}

template <Literal Line>
Default line(const Board&, int) {
  return std::string(Line.text);
}

// ------------------------------------------------------------ candidates

// 'fleet': for each of the likeliest nations, a choice of fleets.
Groups fleets_to_order(const Board& b, int seat) {
  Groups groups;
  int k = 0;
  for (const Nation* n : likeliest_nations(b)) {
    std::vector<std::string> g;
    const std::string head = "fleet " + n->id + " " + quoted(squadron_name(*n, seat, ++k)) + " ";
    for (const std::string& ships : typical_fleets()) g.push_back(head + ships);
    if (n->id == "britain") g.push_back(head + kNelsonFleet + " nelson");
    groups.push_back(g);
  }
  return groups;
}

Groups stacks_to_attack(const Board& b, int) {
  std::vector<std::string> g;
  for (int s : b.attackable()) g.push_back("defender " + std::to_string(s));
  if (b.after_evasion_) g.push_back("defender none");
  return {g};
}

// The lines `Lines`, '|' between them, as one group.
template <Literal Lines>
Groups one_of(const Board&, int) {
  std::vector<std::string> g;
  for (auto l : text::split(Lines.text, "|")) g.emplace_back(l);
  return {g};
}

Groups chits_to_choose(const Board& b, int seat) {
  std::vector<std::string> g;
  for (const std::string& c : b.tables().chits)
    if (c != "melee" || b.melee_allowed(b.side_of_seat(seat))) g.push_back("chit " + c);
  return {g};
}

// Before a round a commander seldom surrenders (one in twelve); a power
// following its commander's surrender decides either way.
Groups surrenders(const Board& b, int) {
  if (b.seg_ == Phase::Follow) return {{"surrender yes", "surrender no"}};
  std::vector<std::string> g(11, "surrender no");
  g.push_back("surrender yes");
  return {g};
}

Groups odd_losses(const Board& b, int seat) {
  Groups groups;
  for (const Allocation& a : b.pending_) {
    if (a.side != b.side_of_seat(seat)) continue;
    for (int i = 0; i < a.odd; ++i) {
      std::vector<std::string> g;
      for (const std::string& c : a.candidates) g.push_back("odd " + c);
      groups.push_back(g);
    }
  }
  return groups;
}

Groups ports_to_retreat_to(const Board& b, int seat) {
  const int side = b.side_of_seat(seat);
  const bool stay = b.retreat_case().may_stay[static_cast<std::size_t>(side)];
  std::vector<std::string> g;
  for (const PortSpec* p : b.retreat_ports(side, !stay)) g.push_back("retreat " + p->id);
  if (stay) g.push_back("retreat stay");
  return {g};
}

Groups pursuers(const Board& b, int seat) {
  std::vector<std::string> g{"pursue all", "pursue none"};
  for (const Fleet* f : b.engaged_fleets(b.retreat_case().pursuing))
    if (b.holds(b.power(f->nation), seat)) g.push_back("pursue " + text::lower(f->id));
  return {g};
}

Groups damaged_ships_ports(const Board& b, int seat) {
  std::vector<std::string> g;
  for (const PortSpec& p : b.battle().ports)
    if (p.side == b.side_of_seat(seat)) {
      g.push_back("damaged " + p.id);
      g.push_back("damaged " + p.id + " 1");
      g.push_back("damaged " + p.id + " 1 heavy");
    }
  return {g};
}

// ------------------------------------------------------------ the keywords

struct DutyRule {
  Duty duty;
  const char* word;
  const char* rule;  // the case that asks for it, cited when it is refused
  bool once;         // a seat gives it once at most
  // Why a line (its words, lower case) is refused, after the lines before
  // it; nullptr for 'fleet', whose lines keep their case and quoted names
  // (Board::fleet_line checks them).
  Refusal (*check)(const Board& b, int seat, const Words& w, Claims& c);
  // The line a seat gives at a deadline; nullptr: none (the rules' default).
  Default (*fallback)(const Board& b, int seat);
  // The lines random play draws from, one group per decision.
  Groups (*candidates)(const Board& b, int seat);
};

// In the order of Duty.
constexpr DutyRule kDuties[] = {
    // clang-format off
    // keyword, case, once, check, default, candidates
    {Duty::Fleet, "fleet", "1.1.2.4.1", false, nullptr, first_free_major, fleets_to_order},
    {Duty::Defender, "defender", "1.1.1.1", true, defender, first_stack, stacks_to_attack},
    {Duty::War, "war", "1.1.1.2", true, yes_or_no<"1.1.1.2">, line<"war no">, one_of<"war yes|war no">},
    {Duty::Evade, "evade", "1.1.2.1", true, yes_or_no<"1.1.2.1">, line<"evade yes">, one_of<"evade yes|evade no">},
    {Duty::Chit, "chit", "1.1.2.2", true, chit, line<"chit line-of-battle">, chits_to_choose},
    {Duty::Nelson, "nelson", "1.1.2.5.1", true, nelson, nullptr, one_of<"nelson 0|nelson 1|nelson 2">},
    {Duty::Guns, "guns", "1.1.4.1", true, yes_or_no<"1.1.4.1">, line<"guns yes">, one_of<"guns yes|guns no">},
    {Duty::Surrender, "surrender", "1.1.6", false, surrender, line<"surrender no">, surrenders},
    {Duty::Odd, "odd", "1.1.7", false, odd, nullptr, odd_losses},
    // The victor chases more often than not.
    {Duty::Chase, "chase", "1.1.2.8", true, yes_or_no<"1.1.2.8">, line<"chase yes">, one_of<"chase yes|chase yes|chase no">},
    {Duty::Retreat, "retreat", "1.1.2.9.1", true, retreat, nullptr, ports_to_retreat_to},
    {Duty::Pursue, "pursue", "1.1.2.9.1", true, pursue, line<"pursue all">, pursuers},
    {Duty::Enter, "enter", "1.1.2.9.2", true, yes_or_no<"1.1.2.9.2">, nullptr, one_of<"enter yes|enter no">},
    {Duty::Withdraw, "withdraw", "1.1.4.1.3", true, withdraw, nullptr, one_of<"withdraw box|withdraw sea">},
    {Duty::Damaged, "damaged", "1.1.2.10.1", false, damaged, nullptr, damaged_ships_ports},
    // clang-format on
};

constexpr bool indexed_by_duty() {
  for (std::size_t i = 0; i < std::size(kDuties); ++i)
    if (static_cast<std::size_t>(kDuties[i].duty) != i) return false;
  return true;
}
static_assert(indexed_by_duty(), "the keywords stand in the order of Duty");

const DutyRule& rule_of(Duty d) {
  return kDuties[static_cast<std::size_t>(d)];
}

}  // namespace

// The first nations no seat has taken: two Major Powers, then minors, three
// in all.
std::vector<const Nation*> likeliest_nations(const Board& b) {
  std::vector<const Nation*> out;
  for (const Nation& n : b.data_->nations)
    if (n.major && !b.nation_taken(n.id) && out.size() < 2) out.push_back(&n);
  for (const Nation& n : b.data_->nations)
    if (!n.major && !b.nation_taken(n.id) && out.size() < 3) out.push_back(&n);
  return out;
}

const std::vector<std::string>& typical_fleets() {
  static const std::vector<std::string> fleets{
      "heavy 8 light 3 galleys 0", "heavy 14 light 4 galleys 0", "heavy 5 light 5 galleys 2",
      "heavy 0 light 6 galleys 0", "heavy 20 light 2 galleys 0"};
  return fleets;
}

std::string squadron_name(const Nation& n, int seat, int k) {
  return n.name + " squadron " + std::to_string(seat + 1) + "-" + std::to_string(k);
}

const char* duty_word(Duty d) {
  return rule_of(d).word;
}

std::optional<Duty> parse_duty(std::string_view word) {
  for (const DutyRule& r : kDuties)
    if (word == r.word) return r.duty;
  return std::nullopt;
}

Duties Board::duties(int seat) const {
  return sequence()[seg_].duties(*this, seat);
}

namespace {

// Every refusal names its rule: a check's reason that cites no case (a
// malformed line, a keyword given twice) is given the keyword's.
std::string citing(const std::string& why, const char* rule) {
  if (why.find("(1.") != std::string::npos) return why;
  return why + " (" + rule + ")";
}

}  // namespace

Expected<std::string> Board::keyword_line(int seat, const std::string& line, Claims& claims) const {
  const std::string lowered = text::lower(line);
  Words w;
  for (auto x : text::split(lowered)) w.emplace_back(x);
  const Duties mine = duties(seat);
  const auto duty = parse_duty(w[0]);
  if (!duty || std::find(mine.begin(), mine.end(), *duty) == mine.end()) {
    // Each word with the case that asks for it: why 'nelson' is not wanted
    // now (1.1.2.5.1) and what is (a chit, 1.1.2.2).
    const auto cited = [](Duty d) {
      return std::string(duty_word(d)) + " (" + rule_of(d).rule + ")";
    };
    std::vector<std::string> expected;
    for (Duty d : mine) expected.emplace_back(cited(d));
    const std::string word =
        "'" + w[0] + "'" + (duty ? std::string(" (") + rule_of(*duty).rule + ")" : "");
    return fail(word + " is not an order of this step (" + label() +
                "); expected: " + text::join(expected, ", "));
  }
  const DutyRule& rule = rule_of(*duty);
  if (rule.once && !claims.given.insert(*duty).second)
    return fail(citing("'" + w[0] + "' once only", rule.rule));
  if (auto why = rule.check(*this, seat, w, claims)) return fail(citing(*why, rule.rule));
  return text::join(w, " ");
}

std::optional<std::string> Board::default_line(int seat, Duty d) const {
  if (!rule_of(d).fallback) return std::nullopt;
  return rule_of(d).fallback(*this, seat);
}

std::vector<std::string> Board::default_lines(int seat) const {
  std::vector<std::string> out;
  for (Duty d : duties(seat))
    if (auto l = default_line(seat, d)) out.push_back(*l);
  return out;
}

Groups Board::candidates(int seat) const {
  Groups groups;
  for (Duty d : duties(seat)) {
    Groups more = rule_of(d).candidates(*this, seat);
    groups.insert(groups.end(), more.begin(), more.end());
  }
  return groups;
}

std::string Board::order_value(const Orders& orders, int seat, Duty duty,
                               const std::string& fallback) const {
  for (const std::string& line : orders_of(orders, seat).lines) {
    const auto w = text::split(line);
    if (w.size() >= 2 && w[0] == duty_word(duty)) return std::string(w[1]);
  }
  return fallback;
}

std::string Board::answer(const Orders& orders, int side, Duty duty,
                          const std::string& fallback) const {
  const auto seat = seat_of(commander_[static_cast<std::size_t>(side)]);
  return seat ? order_value(orders, *seat, duty, fallback) : fallback;
}

}  // namespace naumachia::eih_naval
