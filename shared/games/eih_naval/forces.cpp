// Empires in Harm naval combat: the forces of a battle. Nations and powers,
// the commanding power of a mixed stack (1.1.2.2), final morale by
// nationality (1.1.2.4.2), defeat (1.1.2.7), proportional losses by nation
// then by ship type with odd losses by agreement or competitive d6 (1.1.7,
// footnote [7]), escorts (footnote [5]), and the forces a custom battle's
// seats order.
#include <algorithm>
#include <cassert>
#include <utility>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

// ------------------------------------------------------------------ pure rules

// EiH 1.1.2.4.2: British 4.0, Dutch 3.5, Egyptian 2.5, Austrian and Prussian
// 2.0, all others 3.0; Danish 3.5 in home waters, 3.0 otherwise (the values
// are the tables' morale lines).
Hundredths ship_morale(const Tables& t, const Battle& b, const std::string& nation) {
  if (b.home_waters.count(nation)) {
    const auto h = t.morale_home.find(nation);
    if (h != t.morale_home.end()) return h->second;
  }
  const auto m = t.morale.find(nation);
  return m == t.morale.end() ? t.morale_default : m->second;
}

Hundredths level_of(const MoraleLevel& m) {
  if (m.ships == 0) return {};
  return Hundredths{static_cast<int>((2 * m.sum + m.ships) / (2 * m.ships))};
}

// EiH 1.1.2.7: "when its cumulative morale loss reaches or exceeds its final
// morale level": loss >= sum / ships, kept exact.
bool broken(const MoraleLevel& m, Hundredths loss) {
  return m.ships > 0 && static_cast<long long>(loss.value) * m.ships >= m.sum;
}

std::vector<std::string> most_ships(const std::vector<std::pair<std::string, int>>& ships) {
  int best = -1;
  for (const auto& [p, n] : ships) best = std::max(best, n);
  std::vector<std::string> out;
  for (const auto& [p, n] : ships)
    if (n == best) out.push_back(p);
  return out;
}

int Split::of(const std::string& key) const {
  for (const auto& [k, n] : settled)
    if (k == key) return n;
  return 0;
}

// EiH 1.1.7, footnote [7] (reading 3 of docs/rules/eih-naval.md): the
// target of each share is start x (all losses so far) / (all ships at the
// start), ".5 and above up"; it takes what its target exceeds its earlier
// losses by, within its undamaged ships. Too few: the odd losses go to
// shares still below their exact part (any with ships left if none is);
// too many: the shares rounded up give some back. Exact throughout: a share
// is num / total with num = start x cumulative losses.
Split cumulative_split(const std::vector<Share>& shares, int losses) {
  Split s;
  long long total = 0, before = 0, room = 0;
  for (const Share& x : shares) {
    total += x.start;
    before += x.lost;
    room += x.room;
  }
  assert(losses >= 0 && losses <= room);
  const long long cumulative = before + losses;
  const std::size_t n = shares.size();
  std::vector<long long> num(n), take(n);
  long long given = 0;
  for (std::size_t i = 0; i < n; ++i) {
    num[i] = static_cast<long long>(shares[i].start) * cumulative;
    const long long target = total == 0 ? 0 : (2 * num[i] + total) / (2 * total);
    take[i] = std::clamp(target - shares[i].lost, 0LL, static_cast<long long>(shares[i].room));
    given += take[i];
  }
  // How far a share is below its exact part after taking (negative: above).
  const auto below = [&](std::size_t i) { return num[i] - total * (shares[i].lost + take[i]); };
  std::vector<std::size_t> cand;
  for (int guard = 0; guard < 1000 && given != losses; ++guard) {
    const bool few = given < losses;
    cand.clear();
    for (std::size_t i = 0; i < n; ++i) {
      const bool open = few ? take[i] < shares[i].room : take[i] > 0;
      if (open && (few ? below(i) > 0 : below(i) < 0)) cand.push_back(i);
    }
    if (cand.empty())
      for (std::size_t i = 0; i < n; ++i)
        if (few ? take[i] < shares[i].room : take[i] > 0) cand.push_back(i);
    // The likeliest takers first: the furthest below their part.
    std::stable_sort(cand.begin(), cand.end(),
                     [&](std::size_t a, std::size_t b) { return below(a) > below(b); });
    const long long gap = few ? losses - given : given - losses;
    if (static_cast<long long>(cand.size()) > gap) {
      s.spare = !few;
      if (few) {
        s.odd = static_cast<int>(gap);
      } else {
        for (std::size_t i : cand) --take[i];
        s.odd = static_cast<int>(cand.size() - gap);
      }
      break;
    }
    for (std::size_t i : cand) take[i] += few ? 1 : -1;
    given += (few ? 1 : -1) * static_cast<long long>(cand.size());
    cand.clear();
  }
  for (std::size_t i = 0; i < n; ++i)
    s.settled.emplace_back(shares[i].key, static_cast<int>(take[i]));
  for (std::size_t i : cand) s.candidates.push_back(shares[i].key);
  if (s.odd == 0) {
    s.candidates.clear();
    s.spare = false;
  }
  return s;
}

Split proportional_split(const std::vector<std::pair<std::string, int>>& counts, int losses) {
  std::vector<Share> shares;
  for (const auto& [k, c] : counts) shares.push_back(Share{k, c, 0, c});
  return cumulative_split(shares, losses);
}

// EiH 1.1.7, "then by ship type" (reading 3): within a nation, by its own
// starting composition; the odd loss between types is the owning power's,
// settled as its default: the largest fraction left over, a tie to the
// lighter type (galleys, then light, then heavy).
Ships type_losses(const Ships& start, const Ships& lost, const Ships& room, int losses) {
  const std::array<ShipType, 3> lightest_first{ShipType::Galley, ShipType::Light, ShipType::Heavy};
  std::vector<Share> shares;
  for (ShipType t : lightest_first)
    shares.push_back(Share{type_word(t), start[t], lost[t], room[t]});
  const Split s = cumulative_split(shares, losses);
  Ships out;
  for (ShipType t : lightest_first) out[t] = s.of(type_word(t));
  for (int i = 0; i < s.odd; ++i) ++out[*parse_type(s.candidates[static_cast<std::size_t>(i)])];
  return out;
}

// EiH 1.1.4, footnote [5]: "at least the same number and type of vessels
// from a player Major Power" (reading 2): at least as many heavy ships, and
// at least as many ships in all; a heavy ship may stand in for a light one.
std::optional<std::string> escort_problem(const Ships& escorts, const Ships& escorted) {
  if (escorts[ShipType::Heavy] >= escorted[ShipType::Heavy] && escorts.total() >= escorted.total())
    return std::nullopt;
  return "ships of free states and non-player powers raid a port only with at least the same "
         "number and type of player-power ships (1.1.4, footnote [5]): " +
         ships_text(escorted) + " need at least " + std::to_string(escorted[ShipType::Heavy]) +
         " heavy and " + std::to_string(escorted.total()) + " ships in all, not " +
         ships_text(escorts);
}

// ------------------------------------------------------------------ the battle's forces

namespace {

// A fleet at the start of the battle, as the scenario or a seat gives it.
Fleet fleet_of(const FleetSpec& s) {
  Fleet f;
  f.id = s.id;
  f.name = s.name;
  f.nation = s.nation;
  f.stack = s.stack;
  f.leader = s.leader;
  f.nelson = s.nelson;
  f.start = f.ships = s.ships;
  return f;
}

}  // namespace

// The battle's seats, fleets and corps; a custom battle begins with its
// seats' forces (Phase::Forces), any other with the stacks meeting.
Board::Board(std::shared_ptr<const Data> data, const Battle* battle, RulesVersion rules,
             int players)
    : data_(std::move(data)), battle_(battle), rules_(rules), players_(players) {
  seats_ = battle_->seats.at(players);
  control_ = battle_->control;
  wars_ = battle_->wars;
  for (const FleetSpec& s : battle_->fleets) fleets_.push_back(fleet_of(s));
  for (const CorpsSpec& c : battle_->corps)
    corps_.push_back(Corps{c.nation, c.factors, c.fleet, 0});
  seg_ = battle_->custom ? Phase::Forces : Phase::Opening;
}

// ------------------------------------------------------------------ who is who

std::string Board::power(const std::string& nation) const {
  const auto c = control_.find(nation);
  return c == control_.end() ? nation : c->second;
}

std::string Board::nation_name(const std::string& nation) const {
  const Nation* n = data_->nation(nation);
  return n ? n->name : nation;
}

bool Board::major(const std::string& nation) const {
  const Nation* n = data_->nation(nation);
  return n && n->major;
}

int Board::side_of(const Fleet& f) const {
  return battle().stack(f.stack)->side;
}

const std::string& Board::side_name(int side) const {
  return battle().sides[static_cast<std::size_t>(side)];
}

int Board::attacking_stack() const {
  for (const StackSpec& s : battle().stacks)
    if (s.side == battle().attacker) return s.id;
  return 0;
}

int Board::engaged_stack(int side) const {
  return side == battle().attacker ? attacking_stack() : defending_;
}

bool Board::engaged(const Fleet& f) const {
  if (f.evaded || f.surrendered || !f.at.empty()) return false;
  const int stack = engaged_stack(side_of(f));
  return stack != 0 && f.stack == stack;
}

std::vector<Fleet*> Board::engaged_fleets(int side) {
  std::vector<Fleet*> out;
  for (Fleet& f : fleets_)
    if (side_of(f) == side && engaged(f)) out.push_back(&f);
  return out;
}

std::vector<const Fleet*> Board::engaged_fleets(int side) const {
  std::vector<const Fleet*> out;
  for (const Fleet& f : fleets_)
    if (side_of(f) == side && engaged(f)) out.push_back(&f);
  return out;
}

// The powers of a stack's fleets still in the area with ships to fight.
std::set<std::string> Board::stack_powers(int stack) const {
  std::set<std::string> out;
  for (const Fleet& f : fleets_)
    if (f.stack == stack && !f.evaded && !f.surrendered && f.at.empty() && !f.ships.empty())
      out.insert(power(f.nation));
  return out;
}

Fleet* Board::fleet(const std::string& id) {
  for (Fleet& f : fleets_)
    if (f.id == id) return &f;
  return nullptr;
}

bool Board::nation_taken(const std::string& nation) const {
  return std::any_of(fleets_.begin(), fleets_.end(),
                     [&](const Fleet& f) { return f.nation == nation; });
}

std::optional<int> Board::seat_of(const std::string& p) const {
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (std::find(seats_[i].powers.begin(), seats_[i].powers.end(), p) != seats_[i].powers.end())
      return static_cast<int>(i);
  return std::nullopt;
}

bool Board::holds(const std::string& p, int seat) const {
  const auto s = seat_of(p);
  return s && *s == seat;
}

bool Board::commands(int side, int seat) const {
  const std::string& c = commander_[static_cast<std::size_t>(side)];
  return !c.empty() && holds(c, seat);
}

Audience Board::side_audience(int side) const {
  std::vector<PlayerId> seats;
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].side == side) seats.push_back(PlayerId{static_cast<int>(i)});
  return Audience::seats(seats);
}

int Board::side_of_seat(int seat) const {
  return seats_.at(static_cast<std::size_t>(seat)).side;
}

// EiH 1.1.2.4.1: until Step Three a side sees only the enemy's fleet
// counters; the engaged stacks' ships are known from then on, those of a
// stack that evaded or was never attacked stay hidden.
bool Board::revealed(const Fleet& f) const {
  if (!revealed_ || f.evaded) return false;
  return f.stack == attacking_stack() || f.stack == defending_ || f.surrendered;
}

std::string Board::fleet_label(const Fleet& f) const {
  return f.id + " " + quoted(f.name) + " (" + nation_name(f.nation) + ")";
}

std::string Board::fleet_token(const Fleet& f) const {
  return "\"" + f.name + "\" " + composition(f.start);
}

std::vector<std::pair<std::string, int>> Board::ships_by_power(
    const std::vector<const Fleet*>& fleets) const {
  std::vector<std::pair<std::string, int>> counts;
  for (const Fleet* f : fleets) {
    const std::string p = power(f->nation);
    auto it =
        std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == p; });
    if (it == counts.end()) {
      counts.emplace_back(p, 0);
      it = counts.end() - 1;
    }
    it->second += f->ships.total();
  }
  return counts;
}

Force Board::force(int side) const {
  Force out;
  for (const Fleet* f : engaged_fleets(side)) {
    if (f->ships.empty()) continue;
    out.ships += f->ships;
    (major(f->nation) ? out.majors : out.minors).insert(f->nation);
  }
  return out;
}

bool Board::purely_british(int side) const {
  const auto mine = engaged_fleets(side);
  return !mine.empty() && std::all_of(mine.begin(), mine.end(),
                                      [](const Fleet* f) { return f->nation == "britain"; });
}

bool Board::nelson_commands(int side) const {
  if (commander_[static_cast<std::size_t>(side)] != "britain") return false;
  for (const Fleet* f : engaged_fleets(side))
    if (f->nelson && f->leader_fate != "killed") return true;
  return false;
}

// EiH 1.1.2.2 NOTE: "The melee tactic may not be used, by any other Major
// Power, until it has first been used by Great Britain with a stack under the
// command of the Nelson leader." Until that has happened (the scenario says
// whether it has), only Britain may melee: from rules version 2 whatever its
// commander ("any other" exempts Great Britain), under version 1 only under
// Nelson (docs/rules/eih-naval.md, "Melee before Nelson").
bool Board::melee_allowed(int side) const {
  if (battle().melee_unlocked || melee_by_nelson_ || nelson_commands(side)) return true;
  return rules_.value >= 2 && commander_[static_cast<std::size_t>(side)] == "britain";
}

// EiH 1.1.2.2: the power with the most ships (its own and its controlled
// minors') commands a mixed stack; equal numbers: an unmodified d6 each,
// the highest commands (ties roll again). Until the forces are revealed the
// counts and the rolls go to the side alone; who commands is public (that
// seat orders for the stack).
void Board::decide_command(int side) {
  const auto counts = ships_by_power(std::as_const(*this).engaged_fleets(side));
  std::string& cmd = commander_[static_cast<std::size_t>(side)];
  if (counts.empty()) {
    cmd.clear();
    return;
  }
  std::vector<std::string> tied = most_ships(counts);
  const Audience audience = revealed_ ? Audience::everyone() : side_audience(side);
  if (tied.size() > 1) {
    std::string counted;
    for (const auto& [p, n] : counts)
      counted += (counted.empty() ? "" : ", ") + nation_name(p) + " " + std::to_string(n);
    const auto first = rolls_so_far();
    for (int guard = 0; guard < 50 && tied.size() > 1; ++guard) {
      std::vector<std::pair<std::string, int>> rolls;
      for (const std::string& p : tied)
        rolls.emplace_back(p, roll(6, nation_name(p) + "'s d6 for command (1.1.2.2)"));
      tied = most_ships(rolls);
    }
    said_with_rolls("Equal ships (" + counted + "): the command is rolled for (1.1.2.2)", first,
                    audience);
  }
  cmd = tied.front();
  const StackSpec* stack = battle().stack(engaged_stack(side));
  say(nation_name(cmd) + " commands " + (stack ? stack->name : side_name(side)) + " (1.1.2.2)");
}

// EiH 1.1.2.4.2: the average of the morale of the ships present.
MoraleLevel Board::morale_level(int side) const {
  return MoraleLevel{morale_sum_[static_cast<std::size_t>(side)],
                     morale_ships_[static_cast<std::size_t>(side)]};
}

MoraleLevel Board::present_morale(int side) const {
  MoraleLevel m;
  for (const Fleet* f : engaged_fleets(side)) {
    const int n = (f->ships + f->damaged).total();
    m.sum += static_cast<long long>(ship_morale(tables(), battle(), f->nation).value) * n;
    m.ships += n;
  }
  return m;
}

void Board::set_morale() {
  for (int side : {0, 1}) {
    const MoraleLevel m = present_morale(side);
    morale_sum_[static_cast<std::size_t>(side)] = m.sum;
    morale_ships_[static_cast<std::size_t>(side)] = m.ships;
  }
}

// EiH 1.1.2.7: all ships damaged, or broken.
bool Board::defeated(int side) const {
  return undamaged(side) == 0 || broken(morale_level(side), loss_[static_cast<std::size_t>(side)]);
}

int Board::pending_losses(int side) const {
  int n = 0;
  for (const Allocation& a : pending_) {
    if (a.side != side) continue;
    n += a.odd;
    for (const auto& [k, v] : a.settled) n += v;
  }
  return n;
}

int Board::undamaged(int side) const {
  return force(side).ships.total() - pending_losses(side);
}

// ------------------------------------------------------------------ losses (1.1.7)

namespace {

// A nation's ships in a side's engaged fleets: at the start, lost in the
// battle so far (damaged or taken), undamaged now.
struct NationShips {
  Ships start, lost, room;
  void add(const Fleet& f) {
    start += f.start;
    lost += f.damaged + f.taken;
    room += f.ships;
  }
};

}  // namespace

void Board::allocate(int side, int count, bool capture, const std::string& cause) {
  if (count <= 0) return;
  std::vector<std::pair<std::string, NationShips>> nations;
  for (const Fleet* f : engaged_fleets(side)) {
    auto it = std::find_if(nations.begin(), nations.end(),
                           [&](const auto& x) { return x.first == f->nation; });
    if (it == nations.end()) {
      nations.emplace_back(f->nation, NationShips{});
      it = nations.end() - 1;
    }
    it->second.add(*f);
  }
  std::vector<Share> shares;
  for (const auto& [n, x] : nations)
    shares.push_back(Share{n, x.start.total(), x.lost.total(), x.room.total()});
  const Split s = cumulative_split(shares, count);
  Allocation a;
  a.side = side;
  a.capture = capture;
  a.cause = cause;
  for (const auto& [k, n] : s.settled) a.settled[k] = n;
  a.candidates = s.candidates;
  a.odd = s.odd;
  a.spare = s.spare;
  if (a.odd == 0) {
    apply_allocation(a, a.settled);
    return;
  }
  std::string shares_text;
  for (const auto& [k, n] : s.settled)
    shares_text += (shares_text.empty() ? "" : ", ") + nation_name(k) + " " + std::to_string(n);
  std::vector<std::string> names;
  for (const std::string& c : a.candidates) names.push_back(nation_name(c));
  say(side_name(side) + " loses " + std::to_string(count) + " ship(s) (" + cause +
      "): in proportion to its nations at the start, " + shares_text + ", and " +
      std::to_string(a.odd) + " odd loss(es) among " + text::join(names, ", ") +
      ", by agreement, else competitive d6 (1.1.7)");
  pending_.push_back(a);
}

// EiH 1.1.7: each nation's losses by type (type_losses), then from its
// fleets in proportion to their undamaged ships of that type (an odd ship
// from the earlier fleet).
void Board::apply_allocation(const Allocation& a, const std::map<std::string, int>& by_nation) {
  std::vector<Fleet*> mine = engaged_fleets(a.side);
  const std::string& holder = commander_[static_cast<std::size_t>(1 - a.side)];
  std::vector<std::string> order;
  for (const Fleet* f : mine)
    if (std::find(order.begin(), order.end(), f->nation) == order.end()) order.push_back(f->nation);
  std::string detail;
  for (const std::string& n : order) {
    const auto want = by_nation.find(n);
    if (want == by_nation.end() || want->second == 0) continue;
    NationShips x;
    for (const Fleet* f : mine)
      if (f->nation == n) x.add(*f);
    const Ships by_type =
        type_losses(x.start, x.lost, x.room, std::min(want->second, x.room.total()));
    for (ShipType t : kShipTypes) {
      if (by_type[t] == 0) continue;
      std::vector<Share> fleets;
      std::vector<Fleet*> of;
      for (Fleet* f : mine)
        if (f->nation == n && f->ships[t] > 0) {
          fleets.push_back(Share{f->id, f->ships[t], 0, f->ships[t]});
          of.push_back(f);
        }
      const Split s = cumulative_split(fleets, by_type[t]);
      int odd = s.odd;
      for (std::size_t i = 0; i < of.size(); ++i) {
        int k = s.settled[i].second;
        const bool candidate =
            std::find(s.candidates.begin(), s.candidates.end(), of[i]->id) != s.candidates.end();
        if (odd > 0 && candidate) {
          ++k;
          --odd;
        }
        k = std::min(k, of[i]->ships[t]);
        if (k == 0) continue;
        of[i]->ships[t] -= k;
        if (a.capture) {
          of[i]->taken[t] += k;
          of[i]->taken_by = holder;
        } else {
          of[i]->damaged[t] += k;
        }
      }
    }
    detail += (detail.empty() ? "" : "; ") + nation_name(n) + " " + ships_text(by_type);
  }
  say(side_name(a.side) + (a.capture ? "'s ships captured" : "'s ships damaged") + " (" + a.cause +
      "): " + detail + (a.capture ? ", taken by " + nation_name(holder) : "") + " (1.1.7)");
}

// EiH 1.1.7: odd losses "by mutual agreement or, if agreement cannot be
// reached, by competitive D6 rolls" (reading 3). The seats of the powers
// concerned agree when each names the same nations (a power alone agrees
// with itself). Otherwise each power concerned rolls once for its candidate
// nations: the lowest takes an odd loss (its likeliest nation), or, when the
// shares were rounded up, the highest is spared one (its least likely);
// ties at the extreme roll again; repeated for each odd loss.
void Board::settle_odd(const Orders& orders) {
  std::vector<Allocation> pending = std::move(pending_);
  pending_.clear();
  for (const Allocation& a : pending) {
    std::set<int> seats;
    for (const std::string& c : a.candidates)
      if (auto s = seat_of(power(c))) seats.insert(*s);
    std::optional<std::vector<std::string>> agreed;
    bool disagree = seats.empty();
    for (int s : seats) {
      std::vector<std::string> named;
      for (const std::string& line : orders_of(orders, s).lines) {
        const auto w = text::split(line);
        if (w.size() == 2 && w[0] == "odd") named.emplace_back(w[1]);
      }
      std::sort(named.begin(), named.end());
      if (static_cast<int>(named.size()) != a.odd || (agreed && *agreed != named)) disagree = true;
      agreed = named;
    }
    std::vector<std::string> chosen;
    if (!disagree && agreed) {
      chosen = *agreed;
      std::vector<std::string> names;
      for (const std::string& c : chosen) names.push_back(nation_name(c));
      say("By agreement, " + text::join(names, ", ") + " take(s) the odd loss(es) of " +
          side_name(a.side) + " (1.1.7)");
    } else {
      const auto first = rolls_so_far();
      std::vector<std::string> open = a.candidates;  // the likeliest takers first
      const int rounds = a.spare ? static_cast<int>(open.size()) - a.odd : a.odd;
      std::vector<std::string> told;
      for (int r = 0; r < rounds; ++r) {
        std::vector<std::string> powers;
        for (const std::string& c : open)
          if (std::find(powers.begin(), powers.end(), power(c)) == powers.end())
            powers.push_back(power(c));
        std::vector<std::string> tied = powers;
        std::vector<std::string> rolled;
        for (int guard = 0; guard < 50 && tied.size() > 1; ++guard) {
          std::vector<std::pair<std::string, int>> dice;
          for (const std::string& p : tied) {
            const int d = roll(6, nation_name(p) + "'s competitive d6 for an odd loss (1.1.7)");
            dice.emplace_back(p, a.spare ? d : 7 - d);  // the extreme that loses is the largest
            rolled.push_back(nation_name(p) + " " + std::to_string(d));
          }
          tied = most_ships(dice);
        }
        const std::string& p = tied.front();
        // The power's likeliest candidate takes it; or its least likely is spared.
        std::string pick;
        for (const std::string& c : open)
          if (power(c) == p && (pick.empty() || a.spare)) pick = c;
        open.erase(std::find(open.begin(), open.end(), pick));
        if (!a.spare) chosen.push_back(pick);
        told.push_back((rolled.empty() ? "" : text::join(rolled, ", ") + ": ") + nation_name(pick) +
                       (a.spare ? " is spared" : " takes one"));
      }
      if (a.spare) chosen = open;
      said_with_rolls(std::string(seats.empty() ? "" : "No agreement: ") +
                          "competitive d6 for the odd loss(es) of " + side_name(a.side) + " (" +
                          text::join(told, "; ") + ") (1.1.7)",
                      first);
    }
    std::map<std::string, int> totals = a.settled;
    for (const std::string& c : chosen) ++totals[c];
    apply_allocation(a, totals);
  }
}

// ------------------------------------------------------------------ custom forces

namespace {

// A fleet line's words after its name ('heavy N light N galleys N [nelson]')
// into `f`; `nelson` says whether a fleet has him already.
std::optional<std::string> fleet_ships(const std::vector<std::string>& x, int max_ships,
                                       bool nelson, FleetSpec& f) {
  for (std::size_t k = 3; k < x.size(); ++k) {
    const std::string word = text::lower(x[k]);
    long long v = 0;
    if (auto t = parse_type(word)) {
      if (k + 1 >= x.size() || !text::parse_int(x[k + 1], v) || v < 0 || v > max_ships)
        return "'" + word + "' takes a number of ships, 0 to " + std::to_string(max_ships) +
               " (1.1.2.4.1)";
      f.ships[*t] = static_cast<int>(v);
      ++k;
    } else if (word == "nelson") {
      if (f.nation != "britain") return "Nelson commands British ships (1.1.2.2)";
      if (nelson) return "there is one Nelson (1.1.2.2)";
      f.nelson = nelson = true;
      f.leader = "Nelson";
    } else {
      return "unknown word '" + x[k] + "' (heavy N, light N, galleys N, nelson) " +
             order_notation();
    }
  }
  if (f.ships.empty() || f.ships.total() > max_ships)
    return "a fleet holds 1 to " + std::to_string(max_ships) + " ships (1.1.2.4.1)";
  return std::nullopt;
}

}  // namespace

// A custom battle: 'fleet NATION NAME heavy N light N galleys N [nelson]',
// of a nation no earlier seat took, named unlike every other fleet.
Expected<std::string> Board::fleet_line(int, const std::string& line, Claims& claims) const {
  auto w = text::quoted_words(line);
  if (!w) return fail(w.error().message + " " + order_notation());
  const std::vector<std::string> x(w->begin(), w->end());
  if (x.size() < 3 || text::lower(x[0]) != "fleet")
    return fail(
        "a custom battle's forces are lines 'fleet NATION NAME heavy N light N galleys N "
        "[nelson]' (1.1.2.4.1)");
  FleetSpec f;
  f.nation = text::lower(x[1]);
  f.name = x[2];
  // '#' starts a comment in the position file the name is written to, so a
  // name holding one would not read back.
  if (f.name == "-" || f.name.size() > 40 || f.name.find('#') != std::string::npos)
    return fail("a fleet's name is a word or a quoted name of up to 40 characters, without '#' " +
                order_notation());
  const Nation* nation = data_->nation(f.nation);
  if (!nation) {
    std::vector<std::string> known;
    for (const Nation& k : data_->nations) known.push_back(k.id);
    return fail("unknown nation '" + x[1] + "' (one of " + text::join(known, ", ") +
                ") (1.1.2.4.1)");
  }
  const auto earlier = [&](auto same) {
    return std::any_of(fleets_.begin(), fleets_.end(), same) ||
           std::any_of(claims.fleets.begin(), claims.fleets.end(), same);
  };
  if (std::any_of(fleets_.begin(), fleets_.end(),
                  [&](const Fleet& g) { return g.nation == f.nation; }))
    return fail(nation->name + "'s fleets are another seat's (1.1.2.4.1)");
  const bool nelson = earlier([](const auto& g) { return g.nelson; });
  if (auto why = fleet_ships(x, battle().max_ships, nelson, f)) return fail(*why);
  if (earlier([&](const auto& g) { return text::lower(g.name) == text::lower(f.name); }))
    return fail("a second fleet named '" + f.name + "' " + order_notation());
  claims.fleets.push_back(f);
  return "fleet " + f.nation + " \"" + f.name + "\" " + composition(f.ships) +
         (f.nelson ? " nelson" : "");
}

std::optional<std::string> Board::forces_complete(const Claims& claims) const {
  if (claims.fleets.empty()) return "order at least one fleet (1.1.2.4.1)";
  if (static_cast<int>(claims.fleets.size()) > battle().max_fleets)
    return "at most " + std::to_string(battle().max_fleets) + " fleets a seat (1.1.2.4.1)";

  return std::nullopt;
}

Expected<std::vector<FleetSpec>> Board::ordered_fleets(
    int seat, const std::vector<std::string>& lines) const {
  Claims claims;
  for (const std::string& line : lines) {
    if (text::trim(line).empty()) continue;
    auto ok = fleet_line(seat, std::string(text::trim(line)), claims);
    if (!ok) return unexpected(ok.error());
  }
  if (auto why = forces_complete(claims)) return fail(*why);
  return claims.fleets;
}

// Phase::Forces: the ordering seat's fleets, or, if its lines do not hold
// (no orders at a deadline), its default fleet.
void Board::muster(const Orders& orders) {
  auto fleets = ordered_fleets(forces_seat_, orders_of(orders, forces_seat_).lines);
  if (!fleets) fleets = ordered_fleets(forces_seat_, default_lines(forces_seat_));
  take_forces(forces_seat_, fleets.value());
}

// The seat's fleets join its side's stack, numbered A1, A2 ... (attacker) or
// D1 ... (defender). The seat decides for the Major Powers among them and
// for the minors' controller: its first Major Power, or, with none, each
// minor for itself.
void Board::take_forces(int seat, const std::vector<FleetSpec>& fleets) {
  const int side = side_of_seat(seat);
  int stack = 0;
  for (const StackSpec& s : battle().stacks)
    if (s.side == side && stack == 0) stack = s.id;
  int number = 0;
  for (const Fleet& f : fleets_) number += side_of(f) == side;
  SeatSpec& me = seats_[static_cast<std::size_t>(seat)];
  std::string first_major;
  for (const FleetSpec& f : fleets)
    if (major(f.nation) && first_major.empty()) first_major = f.nation;
  std::vector<std::string> pub, own;
  for (const FleetSpec& spec : fleets) {
    Fleet f = fleet_of(spec);
    f.id = std::string(side == battle().attacker ? "A" : "D") + std::to_string(++number);
    f.stack = stack;
    if (!major(f.nation) && !first_major.empty()) control_[f.nation] = first_major;
    const std::string p = power(f.nation);
    if (std::find(me.powers.begin(), me.powers.end(), p) == me.powers.end()) me.powers.push_back(p);
    pub.push_back(fleet_label(f) + (f.nelson ? " with Nelson" : ""));
    own.push_back(f.id + " " + fleet_token(f));
    fleets_.push_back(f);
  }
  say(me.name + " brings " + std::to_string(fleets.size()) + " fleet(s): " + text::join(pub, ", ") +
      " (1.1.2.4.1: the ships stay hidden until Step Three)");
  say_to(side_audience(side), me.name + "'s fleets: " + text::join(own, "; "));
}

}  // namespace naumachia::eih_naval
