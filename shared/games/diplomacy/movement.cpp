// Movement adjudication: L. B. Kruijswijk's decision algorithm ("The Math of
// Adjudication", DATC section 5): every move, support and convoy is a yes/no
// decision; decisions that depend on each other in a cycle are settled by
// guessing both ways, and where the guesses disagree, by the backup rule:
// circular movement succeeds, and a convoy paradox follows the Szykman rule
// (DATC 4.A.2): the convoyed moves of the paradox fail.
#include <algorithm>
#include <iterator>

#include "games/diplomacy/forces.h"
#include "games/diplomacy/rules.h"

namespace naumachia::diplomacy {

namespace {

enum class St { Unresolved, Guessing, Resolved };

struct Entry {
  const Unit* unit = nullptr;
  std::string prov;  // the space's text, by which entries are found
  Space space;       // the space: a province, or a city
  int armies = 0;
  int fleets = 0;
  bool rebel = false;
  Order order;  // the effective order (an illegal order becomes a hold)
  OrderKind kind = OrderKind::Hold;
  std::string dest_prov;  // move: the destination space's text
  Space dest;
  std::string dest_loc;
  bool convoyed = false;  // the move goes by convoy
  bool paradox_fail = false;
  int supported = -1;         // support: the entry supported (valid match), else -1
  int convoys = -1;           // convoy: the move convoyed (valid match), else -1
  std::vector<int> supports;  // valid supports this entry receives
  St st = St::Unresolved;
  bool res = false;
  int report = -1;  // index into the results list
  std::string void_note;
};

class Movement {
 public:
  Movement(const Map& map, const Position& pos, const Rulings& rulings)
      : map_(map), pos_(pos), rulings_(rulings) {}

  PhaseResult run(const std::vector<Order>& orders) {
    compile(orders);
    decide_all();
    return finish();
  }

  Expected<ForcesResult> run(const std::vector<Force>& forces) {
    for (const Force& f : forces) {
      Entry en;
      en.unit = &f.unit;
      en.prov = province_of(f.unit.location);
      auto space = Space::read(en.prov);
      if (!space) return fail(f.unit.power + "'s force: " + space.error().message);
      en.space = std::move(*space);
      if (f.order.kind == OrderKind::Move) {
        auto dest = Space::read(province_of(f.order.dest));
        if (!dest) return fail(f.unit.power + "'s move: " + dest.error().message);
        en.dest = std::move(*dest);
      }
      en.armies = f.armies;
      en.fleets = f.fleets;
      en.rebel = f.rebel;
      en.order = f.order;
      en.kind = f.order.kind;
      en.report = static_cast<int>(results_.size());
      results_.push_back(OrderResult{f.order, Outcome::Succeeds, ""});
      index_[en.prov].push_back(static_cast<int>(e_.size()));
      e_.push_back(std::move(en));
    }
    link();
    decide_all();
    ForcesResult out;
    for (std::size_t i = 0; i < e_.size(); ++i) {
      report(static_cast<int>(i));
      ForceOutcome fo;
      fo.outcome = results_[i].outcome;
      fo.note = results_[i].note;
      fo.moved = e_[i].kind == OrderKind::Move && e_[i].res;
      if (!fo.moved) {
        fo.cut = cut(static_cast<int>(i));
        if (const int by = dislodger(static_cast<int>(i)); by >= 0) {
          fo.dislodged = true;
          if (!e_[by].convoyed) fo.attacker_from = e_[by].space;
          fo.attackers_from = attackers_from(static_cast<int>(i));
        }
      }
      out.forces.push_back(std::move(fo));
    }
    const auto occupied = [&](const std::string& space) {
      for (std::size_t i = 0; i < e_.size(); ++i) {
        const bool moved = e_[i].kind == OrderKind::Move && e_[i].res;
        if (moved && e_[i].dest_prov == space) return true;
        if (!moved && e_[i].prov == space && dislodger(static_cast<int>(i)) < 0) return true;
      }
      return false;
    };
    for (std::size_t m = 0; m < e_.size(); ++m) {
      const Entry& mv = e_[m];
      if (mv.kind == OrderKind::Move && !mv.res && !mv.paradox_fail &&
          path_ok(static_cast<int>(m)) && !occupied(mv.dest_prov))
        out.standoffs.insert(mv.dest);
    }
    return out;
  }

 private:
  // ------------------------------------------------------------ compile

  void decide_all() {
    for (std::size_t i = 0; i < e_.size(); ++i) {
      if (has_decision(static_cast<int>(i))) resolve(static_cast<int>(i));
    }
  }

  // The entries in a space (one on a standard map).
  const std::vector<int>& in(const std::string& space) const {
    static const std::vector<int> kNone;
    const auto it = index_.find(space);
    return it == index_.end() ? kNone : it->second;
  }
  // The first entry in a space, or -1.
  int at(const std::string& prov) const {
    const auto& v = in(prov);
    return v.empty() ? -1 : v.front();
  }

  // What a force counts in a space: an A/F at sea counts its fleets only
  // (Multiplicity Plus, older reading; FoC Movement a).
  int strength(int i, const std::string& space) const {
    const Entry& en = e_[i];
    const Province* p = map_.province(space);
    return p && p->terrain == Terrain::Sea ? en.fleets : en.armies + en.fleets;
  }
  int strength(int i) const { return strength(i, e_[i].prov); }

  void compile(const std::vector<Order>& orders) {
    for (const auto& [prov, unit] : pos_.units) {
      Entry en;
      en.unit = &unit;
      en.prov = prov;
      en.space = Space{prov, false};
      en.order =
          Order{unit.power, OrderKind::Hold, unit.type, unit.location, {}, {}, {}, {}, false};
      (unit.type == UnitType::Army ? en.armies : en.fleets) = 1;
      index_[prov].push_back(static_cast<int>(e_.size()));
      e_.push_back(std::move(en));
    }
    std::vector<bool> ordered(e_.size(), false);
    for (const Order& o : orders) {
      OrderResult r{o, Outcome::Succeeds, ""};
      const int i = at(province_of(o.location));
      if (o.kind == OrderKind::Build || o.kind == OrderKind::Remove) {
        r = {o, Outcome::Illegal, "not an order of a movement phase"};
      } else if (i < 0) {
        r = {o, Outcome::Illegal, "there is no unit in " + province_of(o.location)};
      } else if (e_[i].unit->power != o.power) {
        r = {o, Outcome::Illegal, "the unit in " + e_[i].prov + " is " + e_[i].unit->power + "'s"};
      } else if (ordered[i]) {
        r = {o, Outcome::Illegal,
             "a second order for the unit in " + e_[i].prov + " (the first counts)"};
      } else if (auto why = impossible(map_, pos_, o, rulings_)) {
        r = {o, Outcome::Illegal, *why};
        ordered[i] = true;
      } else {
        ordered[i] = true;
        e_[i].order = o;
        if (o.kind == OrderKind::Move) e_[i].dest = Space{province_of(o.dest), false};
        e_[i].order.location =
            e_[i].unit->location;  // a wrong coast of its own is ignored (6.B.10)
        e_[i].kind = o.kind;
        e_[i].report = static_cast<int>(results_.size());
      }
      results_.push_back(std::move(r));
    }
    link();
  }

  // Destinations, convoy routes, and which entry each support and convoy is for.
  void link() {
    for (Entry& en : e_) {
      if (en.kind == OrderKind::Move) compile_move(en);
    }
    decide_convoy_routes();
    for (std::size_t i = 0; i < e_.size(); ++i) {
      if (e_[i].kind == OrderKind::Support) match_support(static_cast<int>(i));
      if (e_[i].kind == OrderKind::Convoy) match_convoy(static_cast<int>(i));
    }
  }

  void compile_move(Entry& en) {
    en.dest_prov = province_of(en.order.dest);
    en.dest_loc = en.order.dest;
    if (en.unit->type == UnitType::Fleet) {
      const auto reach = map_.fleet_reach(en.unit->location, en.dest_prov);
      if (en.dest_loc == en.dest_prov && reach.size() == 1) en.dest_loc = reach[0];  // 6.B.2
    } else {
      en.dest_loc = en.dest_prov;  // an army's coast is noise (6.B.12)
    }
  }

  // Whether an army goes from one space to the other without a convoy: over
  // land (land bridges included), into or out of a city, or from or to the
  // fleets it stands with at sea (multiple units).
  bool direct(const Space& from, const Space& to) const {
    if (from.city || to.city) return from.city != to.city && from.province == to.province;
    const std::string& a = from.province;
    const std::string& b = to.province;
    return map_.army_adjacent(a, b) || (map_.fleet_water(a) && map_.any_neighbours(a).count(b)) ||
           (map_.fleet_water(b) && map_.any_neighbours(b).count(a));
  }

  // Fleets ordered to convoy the army at `army_prov` to `dest_prov`.
  std::vector<int> convoy_orders_for(const std::string& army_prov,
                                     const std::string& dest_prov) const {
    std::vector<int> out;
    for (std::size_t i = 0; i < e_.size(); ++i) {
      const Entry& c = e_[i];
      if (c.kind == OrderKind::Convoy && province_of(c.order.target) == army_prov &&
          province_of(c.order.target_dest) == dest_prov) {
        out.push_back(static_cast<int>(i));
      }
    }
    return out;
  }

  // DATC 4.A.3: an army goes by convoy when it cannot go by land, when its
  // order says so and some fleet convoys it, or when a fleet of its own power
  // is ordered to convoy it. Intent alone is not enough (rules version 2):
  // the fleets ordered to convoy it, of any power and wherever they are, must
  // be able to form a route; a convoy that could never carry the army is as
  // good as none, and the army goes by land (as in 6.G.8). From rules version
  // 3 an own fleet shows intent only if it could be part of a route through
  // the fleets at sea (4.E.1, 6.G.7): a foreign fleet's convoy does not carry
  // an army whose own fleets could not.
  void decide_convoy_routes() {
    std::set<std::string> at_sea;
    for (const Entry& en : e_) {
      const Province* p = map_.province(en.prov);
      if (en.fleets > 0 && p && p->terrain == Terrain::Sea) at_sea.insert(en.prov);
    }
    const auto shows_intent = [&](int c, const Entry& army) {
      return e_[c].unit->power == army.unit->power &&
             (!rulings_.convoy_needs_own_chain ||
              could_convoy(map_, at_sea, e_[c].prov, army.prov, army.dest_prov));
    };
    for (Entry& en : e_) {
      if (en.kind != OrderKind::Move || en.unit->type != UnitType::Army) continue;
      const auto convoys = convoy_orders_for(en.prov, en.dest_prov);
      const bool own =
          std::any_of(convoys.begin(), convoys.end(), [&](int c) { return shows_intent(c, en); });
      const bool intent = (en.order.via_convoy && !convoys.empty()) || own;
      std::set<std::string> fleets;
      for (int c : convoys) fleets.insert(e_[c].prov);
      const bool route =
          !rulings_.intent_needs_route || map_.convoy_chain(en.prov, en.dest_prov, fleets);
      en.convoyed = !direct(en.space, en.dest) || (intent && route);
    }
  }

  void match_support(int s) {
    Entry& sup = e_[s];
    const std::string target_space = province_of(sup.order.target);
    int t = at(target_space);
    for (int c : in(target_space)) {  // several units in the space: the one meant
      const bool moves = e_[c].kind == OrderKind::Move;
      if (sup.order.target_dest.empty()
              ? !moves
              : moves && e_[c].dest_prov == province_of(sup.order.target_dest)) {
        t = c;
        break;
      }
    }
    std::string why;
    if (t < 0) {
      why = "there is no unit in " + province_of(sup.order.target);
    } else if (e_[t].unit->type != sup.order.target_type) {
      why = "the unit in " + e_[t].prov + " is not " +
            (sup.order.target_type == UnitType::Army ? "an army" : "a fleet");
    } else if (sup.order.target_dest.empty()) {
      if (e_[t].kind == OrderKind::Move)
        why = "the unit in " + e_[t].prov + " moves, so it cannot be supported to hold";
    } else if (e_[t].kind != OrderKind::Move ||
               e_[t].dest_prov != province_of(sup.order.target_dest)) {
      why = "the unit in " + e_[t].prov + " does not move to " + province_of(sup.order.target_dest);
    } else if (sup.order.target_dest.find('/') != std::string::npos &&
               sup.order.target_dest != e_[t].dest_loc) {
      why = "the supported move goes to another coast";
    }
    if (why.empty() && t >= 0 && e_[t].rebel) why = "rebels take no support";  // FoC Building b
    if (!why.empty()) {
      sup.void_note = "void: " + why;
      return;
    }
    sup.supported = t;
    e_[t].supports.push_back(s);
  }

  void match_convoy(int c) {
    Entry& con = e_[c];
    int t = at(province_of(con.order.target));
    for (int a : in(province_of(con.order.target))) {
      if (e_[a].kind == OrderKind::Move && e_[a].dest_prov == province_of(con.order.target_dest))
        t = a;
    }
    if (t < 0 || e_[t].unit->type != UnitType::Army || e_[t].kind != OrderKind::Move ||
        e_[t].dest_prov != province_of(con.order.target_dest) || !e_[t].convoyed) {
      con.void_note = "void: no army makes that move by convoy";
      return;
    }
    con.convoys = t;
  }

  // ------------------------------------------------------------ decisions

  bool has_decision(int i) const {
    const Entry& en = e_[i];
    return en.kind == OrderKind::Move || (en.kind == OrderKind::Support && en.supported >= 0) ||
           (en.kind == OrderKind::Convoy && en.convoys >= 0);
  }

  bool resolve(int i) {
    Entry& en = e_[i];
    if (en.st == St::Resolved) return en.res;
    if (en.st == St::Guessing) {
      if (std::find(deps_.begin(), deps_.end(), i) == deps_.end()) deps_.push_back(i);
      return en.res;
    }
    const std::size_t old = deps_.size();
    en.res = false;
    en.st = St::Guessing;
    const bool first = adjudicate(i);
    if (deps_.size() == old) {
      if (e_[i].st != St::Resolved) {
        e_[i].res = first;
        e_[i].st = St::Resolved;
      }
      return first;
    }
    if (deps_[old] != i) {  // part of a cycle that an earlier decision started
      deps_.push_back(i);
      e_[i].res = first;
      return first;
    }
    reset(old);
    e_[i].res = true;
    e_[i].st = St::Guessing;
    const bool second = adjudicate(i);
    if (first == second) {
      reset(old);
      e_[i].res = first;
      e_[i].st = St::Resolved;
      return first;
    }
    backup_rule(old);
    return resolve(i);
  }

  void reset(std::size_t old) {
    for (std::size_t k = old; k < deps_.size(); ++k) e_[deps_[k]].st = St::Unresolved;
    deps_.resize(old);
  }

  void backup_rule(std::size_t old) {
    const std::vector<int> cycle(deps_.begin() + static_cast<long>(old), deps_.end());
    reset(old);
    bool convoy = false;
    // A convoy paradox has a convoy decision in the cycle; a cycle of moves
    // only (a swap by convoy included) is circular movement.
    for (int k : cycle) convoy = convoy || e_[k].kind == OrderKind::Convoy;
    for (int k : cycle) {
      Entry& en = e_[k];
      if (convoy) {
        // Szykman: the convoyed moves of the paradox fail.
        const int m = en.kind == OrderKind::Convoy ? en.convoys : -1;
        if (m >= 0) {
          e_[m].paradox_fail = true;
          e_[m].res = false;
          e_[m].st = St::Resolved;
        }
      } else if (en.kind == OrderKind::Move) {
        en.res = true;  // circular movement
        en.st = St::Resolved;
      }
    }
  }

  bool adjudicate(int i) {
    switch (e_[i].kind) {
      case OrderKind::Move:
        return move_succeeds(i);
      case OrderKind::Support:
        return support_given(i);
      case OrderKind::Convoy:
        return !dislodged(i);
      default:
        return true;
    }
  }

  // A convoyed move needs a chain of fleets, each ordered to convoy it and
  // not dislodged, from its province to its destination (DATC 4.A.1: any route).
  bool path_ok(int m) {
    const Entry& mv = e_[m];
    if (!mv.convoyed) return true;
    if (mv.paradox_fail) return false;
    std::set<std::string> fleets;
    for (int c : convoy_orders_for(mv.prov, mv.dest_prov)) {
      if (e_[c].convoys == m && resolve(c)) fleets.insert(e_[c].prov);
    }
    return map_.convoy_chain(mv.prov, mv.dest_prov, fleets);
  }

  // Units moving from `m`'s destination into its space, by land: head-to-head
  // battles. Units of one power never fight each other under multiplicity.
  std::vector<int> head_to_heads(int m) const {
    std::vector<int> out;
    const Entry& mv = e_[m];
    if (mv.convoyed) return out;
    for (int o : in(mv.dest_prov)) {
      if (e_[o].kind != OrderKind::Move || e_[o].convoyed || e_[o].dest_prov != mv.prov) continue;
      if (rulings_.multiplicity && e_[o].unit->power == mv.unit->power) continue;
      out.push_back(o);
    }
    return out;
  }
  int head_to_head(int m) const {
    const auto v = head_to_heads(m);
    return v.empty() ? -1 : v.front();
  }

  // Total strength of the valid supports an entry receives, leaving out the
  // supporters of `not_of` powers.
  int supports_given(int i, const std::set<std::string>& not_of = {}) {
    if (e_[i].rebel) return 0;  // rebels take no support (FoC Building b)
    int n = 0;
    for (int s : e_[i].supports) {
      if (resolve(s) && !not_of.count(e_[s].unit->power)) n += strength(s);
    }
    return n;
  }

  // Moves that attack together with `m`: under multiplicity every move of
  // one power into one space (Multiplicity Plus (4)); otherwise `m` alone.
  std::vector<int> attack_group(int m) const {
    if (!rulings_.multiplicity) return {m};
    std::vector<int> out;
    for (std::size_t q = 0; q < e_.size(); ++q) {
      if (e_[q].kind == OrderKind::Move && e_[q].dest_prov == e_[m].dest_prov &&
          e_[q].unit->power == e_[m].unit->power)
        out.push_back(static_cast<int>(q));
    }
    return out;
  }

  int group_strength(int m, const std::set<std::string>& not_of = {}) {
    int n = 0;
    for (int q : attack_group(m)) {
      if (path_ok(q)) n += strength(q, e_[q].dest_prov) + supports_given(q, not_of);
    }
    return n;
  }

  // The powers of the units that will still stand in `m`'s destination for
  // it to fight: all but those that move away by land without meeting it.
  std::set<std::string> defenders_of(int m) {
    std::set<std::string> out;
    const auto h2h = head_to_heads(m);
    for (int d : in(e_[m].dest_prov)) {
      const bool facing = std::find(h2h.begin(), h2h.end(), d) != h2h.end();
      if (e_[d].kind == OrderKind::Move && !facing && resolve(d)) continue;
      out.insert(e_[d].unit->power);
    }
    return out;
  }

  int attack_strength(int m) {
    if (!path_ok(m)) return 0;
    const Entry& mv = e_[m];
    const auto defenders = defenders_of(m);
    if (defenders.empty()) return group_strength(m);
    if (defenders.count(mv.unit->power)) {
      // Never dislodge your own unit; under multiplicity the move joins it.
      return rulings_.multiplicity ? group_strength(m) : 0;
    }
    return group_strength(m, defenders);
  }

  // Whether `space` holds a unit of `power` that is not ordered to move: a
  // move of that power into it reinforces it (multiplicity).
  bool held_by(const std::string& space, const std::string& power) const {
    for (int d : in(space)) {
      if (e_[d].kind != OrderKind::Move && e_[d].unit->power == power) return true;
    }
    return false;
  }

  // What the units in `space` hold with against the attack `m`: those that
  // stay, with their supports to hold; under multiplicity also the moves into
  // the space that reinforce them (counted whether or not they arrive, so
  // that reinforcing adds no decision); the Long Wall's support.
  int hold_strength(const std::string& space, int m) {
    int n = 0;
    bool army_stands = false;
    for (int d : in(space)) {
      // Multiplicity Plus (3): a power's own units never stand against its
      // moves, not even those that fail to move away: they merge.
      if (rulings_.multiplicity && e_[d].unit->power == e_[m].unit->power) continue;
      if (e_[d].kind == OrderKind::Move) {
        if (resolve(d)) continue;
        n += strength(d);
      } else {
        n += strength(d) + supports_given(d);
      }
      army_stands = army_stands || e_[d].armies > 0;
    }
    if (rulings_.multiplicity) {
      for (std::size_t r = 0; r < e_.size(); ++r) {
        const Entry& re = e_[r];
        if (static_cast<int>(r) == m || re.kind != OrderKind::Move || re.dest_prov != space ||
            re.unit->power == e_[m].unit->power || !held_by(space, re.unit->power))
          continue;
        if (path_ok(static_cast<int>(r)))
          n += strength(static_cast<int>(r), space) + supports_given(static_cast<int>(r));
      }
    }
    // FoC Mapboard h: the Long Wall supports an army standing in its
    // province against attacks from the provinces it faces, uncuttably.
    for (const Wall& w : map_.walls()) {
      if (w.province == space && army_stands && !e_[m].convoyed && w.against.count(e_[m].prov))
        n += 1;
    }
    return n;
  }

  int prevent_strength(int m) {
    if (!path_ok(m)) return 0;
    const int o = head_to_head(m);
    if (o >= 0 && resolve(o)) return 0;  // beaten head to head (DATC 4.A.7)
    return group_strength(m);
  }

  // FoC Movement b: over a land bridge into a space its defenders hold with
  // fleets, an attack needs at least as many fleets (moving or supporting)
  // as the defence has (holding, moving in, or supporting the hold).
  bool bridge_blocked(int m) {
    const Entry& mv = e_[m];
    if (mv.convoyed || !map_.land_bridge(mv.prov, mv.dest_prov)) return false;
    int defending = 0;
    std::set<std::string> defenders;
    for (int d : in(mv.dest_prov)) {
      if (e_[d].kind == OrderKind::Move && resolve(d)) continue;
      if (e_[d].unit->power == mv.unit->power) return false;  // joining its own units
      defenders.insert(e_[d].unit->power);
      defending += e_[d].fleets;
      if (e_[d].kind != OrderKind::Move) {
        for (int s : e_[d].supports) {
          if (resolve(s)) defending += e_[s].fleets;
        }
      }
    }
    if (defending == 0) return false;
    for (std::size_t r = 0; r < e_.size(); ++r) {
      const Entry& re = e_[r];
      if (re.kind == OrderKind::Move && re.dest_prov == mv.dest_prov &&
          defenders.count(re.unit->power))
        defending += re.fleets;
    }
    int invading = 0;
    for (int q : attack_group(m)) {
      invading += e_[q].fleets;
      for (int s : e_[q].supports) {
        if (resolve(s)) invading += e_[s].fleets;
      }
    }
    return invading < defending;
  }

  bool move_succeeds(int m) {
    const int attack = attack_strength(m);
    const Entry& mv = e_[m];
    const auto h2h = head_to_heads(m);
    if (!h2h.empty()) {
      for (int o : h2h) {
        if (attack <= group_strength(o)) return false;
      }
      // Others staying in the destination besides (only with several units
      // in a space) must be beaten too.
      if (in(mv.dest_prov).size() > h2h.size() && attack <= hold_strength(mv.dest_prov, m))
        return false;
    } else if (rulings_.multiplicity && held_by(mv.dest_prov, mv.unit->power)) {
      // A reinforcement joins its own units unless the space falls to a
      // foreign attack (Multiplicity Plus (4); FoC Movement b).
      for (std::size_t p = 0; p < e_.size(); ++p) {
        if (e_[p].kind == OrderKind::Move && e_[p].dest_prov == mv.dest_prov &&
            e_[p].unit->power != mv.unit->power && resolve(static_cast<int>(p)))
          return false;
      }
      return true;
    } else if (attack <= hold_strength(mv.dest_prov, m)) {
      return false;
    }
    for (std::size_t p = 0; p < e_.size(); ++p) {
      if (static_cast<int>(p) == m || e_[p].kind != OrderKind::Move ||
          e_[p].dest_prov != mv.dest_prov)
        continue;
      if (rulings_.multiplicity && e_[p].unit->power == mv.unit->power) continue;  // they merge
      if (attack <= prevent_strength(static_cast<int>(p))) return false;
    }
    return !bridge_blocked(m);
  }

  bool dislodged(int i) {
    if (e_[i].kind == OrderKind::Move && resolve(i)) return false;
    for (std::size_t m = 0; m < e_.size(); ++m) {
      if (e_[m].kind == OrderKind::Move && e_[m].dest_prov == e_[i].prov &&
          e_[m].unit->power != e_[i].unit->power && !reinforces(static_cast<int>(m)) &&
          resolve(static_cast<int>(m)))
        return true;
    }
    return false;
  }

  // Multiplicity Plus (4): a move into a space its power's units hold joins
  // them; it attacks nobody there, whoever else shares the space.
  bool reinforces(int m) const {
    return rulings_.multiplicity && held_by(e_[m].dest_prov, e_[m].unit->power);
  }

  // A convoyed army does not cut a support for an attack on a fleet it needs
  // (2000 rulebook; DATC 4.A.2). With several routes (4.A.1) the fleet is
  // needed only when no route without it is free of attacks: an army with a
  // route nobody attacks cuts the support like any other attacker (rules
  // version 2). "Attacked" is judged from the orders, not from their results,
  // so that this rule adds no decision to a paradox.
  bool spares_support(int m, int s) const {
    const Entry& sup = e_[s];
    if (!e_[m].convoyed || sup.supported < 0 || e_[sup.supported].kind != OrderKind::Move)
      return false;
    int target = -1;
    for (int c : in(e_[sup.supported].dest_prov)) {
      if (e_[c].kind == OrderKind::Convoy && e_[c].convoys == m) target = c;
    }
    if (target < 0) return false;
    if (!rulings_.spare_only_needed_fleets) return true;
    std::set<std::string> unattacked;
    for (int c : convoy_orders_for(e_[m].prov, e_[m].dest_prov)) {
      if (c != target && e_[c].convoys == m && !attacked(c, m)) unattacked.insert(e_[c].prov);
    }
    return !map_.convoy_chain(e_[m].prov, e_[m].dest_prov, unattacked);
  }

  // Whether some unit of another power than the one at `i` is ordered to move
  // into its province (the convoyed army `except` aside).
  bool attacked(int i, int except) const {
    for (std::size_t m = 0; m < e_.size(); ++m) {
      if (static_cast<int>(m) != except && e_[m].kind == OrderKind::Move &&
          e_[m].dest_prov == e_[i].prov && e_[m].unit->power != e_[i].unit->power)
        return true;
    }
    return false;
  }

  // Whether a move of another power that could arrive is aimed at the force
  // at `i` (what cuts a support, for orders that are not supports).
  bool cut(int i) {
    for (std::size_t m = 0; m < e_.size(); ++m) {
      const Entry& mv = e_[m];
      if (mv.kind == OrderKind::Move && mv.dest_prov == e_[i].prov &&
          mv.unit->power != e_[i].unit->power && path_ok(static_cast<int>(m)))
        return true;
    }
    return false;
  }

  // FoC Movement a (6): an attack cuts a multiple unit's support entirely,
  // whatever its size, as in standard Diplomacy.
  bool support_given(int s) {
    const Entry& sup = e_[s];
    const std::string into = sup.order.target_dest.empty() ? province_of(sup.order.target)
                                                           : province_of(sup.order.target_dest);
    for (std::size_t m = 0; m < e_.size(); ++m) {
      const Entry& mv = e_[m];
      if (mv.kind != OrderKind::Move || mv.dest_prov != sup.prov) continue;
      if (mv.unit->power == sup.unit->power || mv.prov == into) continue;
      if (spares_support(static_cast<int>(m), s)) continue;
      if (!path_ok(static_cast<int>(m))) continue;
      return false;  // cut
    }
    return !dislodged(s);
  }

  // ------------------------------------------------------------ results

  PhaseResult finish() {
    PhaseResult out;
    out.next = pos_;
    out.next.units.clear();
    out.next.dislodged.clear();
    out.next.standoffs.clear();
    for (std::size_t i = 0; i < e_.size(); ++i) {
      const Entry& en = e_[i];
      const bool moved = en.kind == OrderKind::Move && en.res;
      Unit u = *en.unit;
      if (moved) {
        u.location = en.dest_loc;
        out.next.units[en.dest_prov] = u;
      }
      report(static_cast<int>(i));
    }
    for (std::size_t i = 0; i < e_.size(); ++i) {
      const Entry& en = e_[i];
      if (en.kind == OrderKind::Move && en.res) continue;
      if (const int by = dislodger(static_cast<int>(i)); by >= 0) {
        out.next.dislodged[en.prov] = Dislodgement{*en.unit, e_[by].convoyed ? "" : e_[by].prov};
        if (en.report >= 0) {  // the order's own outcome also says the unit was dislodged
          std::string& note = results_[static_cast<std::size_t>(en.report)].note;
          note += (note.empty() ? "" : "; ") + std::string("dislodged from ") + en.prov;
        }
      } else {
        out.next.units[en.prov] = *en.unit;
      }
    }
    for (std::size_t m = 0; m < e_.size(); ++m) {
      const Entry& mv = e_[m];
      if (mv.kind == OrderKind::Move && !mv.res && !mv.paradox_fail &&
          path_ok(static_cast<int>(m)) && !out.next.units.count(mv.dest_prov)) {
        out.next.standoffs.insert(mv.dest_prov);
      }
    }
    out.results = std::move(results_);
    for (auto it = out.next.dislodged.begin(); it != out.next.dislodged.end();) {
      const bool may_retreat = !retreat_options(map_, out.next, it->second).empty();
      out.notes.push_back(dislodged_note(
          it->second.unit.power + "'s " + format_unit(it->second.unit), may_retreat));
      it = may_retreat ? std::next(it) : out.next.dislodged.erase(it);
    }
    return out;
  }

  int dislodger(int i) const {
    for (std::size_t m = 0; m < e_.size(); ++m) {
      if (e_[m].kind == OrderKind::Move && e_[m].res && e_[m].dest_prov == e_[i].prov &&
          e_[m].unit->power != e_[i].unit->power && !reinforces(static_cast<int>(m)))
        return static_cast<int>(m);
    }
    return -1;
  }

  // Every space a successful attack on the force at `i` came from by land
  // (one power's moves from several spaces attack together).
  std::vector<Space> attackers_from(int i) const {
    std::vector<Space> out;
    const int first = dislodger(i);
    if (first < 0) return out;
    for (std::size_t m = 0; m < e_.size(); ++m) {
      if (e_[m].kind == OrderKind::Move && e_[m].res && e_[m].dest_prov == e_[i].prov &&
          e_[m].unit->power == e_[first].unit->power && !reinforces(static_cast<int>(m)) &&
          !e_[m].convoyed)
        out.push_back(e_[m].space);
    }
    return out;
  }

  void report(int i) {
    const Entry& en = e_[i];
    if (en.report < 0) return;
    OrderResult& r = results_[static_cast<std::size_t>(en.report)];
    switch (en.kind) {
      case OrderKind::Move:
        r.outcome = en.res ? Outcome::Succeeds : Outcome::Fails;
        if (!en.res)
          r.note = en.paradox_fail ? "fails: convoy paradox (Szykman rule)"
                   : (en.convoyed && !const_cast<Movement*>(this)->path_ok(i))
                       ? "fails: no convoy route"
                       : "bounced";
        break;
      case OrderKind::Support:
        if (en.supported < 0) {
          r.outcome = Outcome::Fails;
          r.note = en.void_note;
        } else {
          r.outcome = en.res ? Outcome::Succeeds : Outcome::Fails;
          if (!en.res) r.note = "cut";
        }
        break;
      case OrderKind::Convoy:
        r.outcome = en.convoys >= 0 && en.res ? Outcome::Succeeds : Outcome::Fails;
        if (en.convoys < 0)
          r.note = en.void_note;
        else if (!en.res)
          r.note = "the fleet is dislodged";
        break;
      default:
        break;
    }
  }

  const Map& map_;
  const Position& pos_;
  const Rulings rulings_;
  std::vector<Entry> e_;
  std::map<std::string, std::vector<int>> index_;
  std::vector<int> deps_;
  std::vector<OrderResult> results_;
};

}  // namespace

Expected<Space> Space::read(std::string_view text) {
  Space out;
  out.city = text.starts_with('@');
  if (out.city) text.remove_prefix(1);
  if (text.empty() || text.find_first_of("@/") != std::string_view::npos)
    return fail("'" + std::string(out.city ? "@" : "") + std::string(text) + "' is no space");
  out.province = std::string(text);
  return out;
}

std::string Space::text() const {
  return (city ? "@" : "") + province;
}

Expected<ForcesResult> adjudicate_forces(const Map& map, const std::vector<Force>& forces,
                                         const Rulings& rulings) {
  static const Position kNoPosition;
  return Movement(map, kNoPosition, rulings).run(forces);
}

Rulings rulings_for(RulesVersion rules) {
  Rulings r;
  r.spare_only_needed_fleets = rules.value >= 2;
  r.intent_needs_route = rules.value >= 2;
  r.convoy_needs_own_chain = rules.value >= 3;
  r.dislodged_holder_fails = rules.value >= 3;
  return r;
}

PhaseResult adjudicate_movement(const Map& map, const Position& pos,
                                const std::vector<Order>& orders, const Rulings& rulings) {
  return Movement(map, pos, rulings).run(orders);
}

}  // namespace naumachia::diplomacy
