// The Diplomacy game module: standard Diplomacy on a map loaded from data,
// for two to seven players. Each step is one phase; every power orders in
// secret and all orders are revealed when the phase resolves.
#include "games/diplomacy/diplomacy.h"

#include <algorithm>
#include <cassert>
#include <sstream>

#include "core/text.h"
#include "games/diplomacy/arrows.h"
#include "games/diplomacy/rules.h"

namespace naumachia::data {
std::string_view diplomacy_standard_map();
}

namespace naumachia::diplomacy {

namespace {

const char* season_name(Season s) {
  return s == Season::Spring ? "Spring" : s == Season::Fall ? "Fall" : "Winter";
}
const char* phase_name(PhaseKind p) {
  return p == PhaseKind::Movement  ? "movement"
         : p == PhaseKind::Retreat ? "retreats"
                                   : "adjustments";
}

bool parse_season(std::string_view w, Season& s) {
  for (Season x : {Season::Spring, Season::Fall, Season::Winter}) {
    if (w == season_name(x)) {
      s = x;
      return true;
    }
  }
  return false;
}

bool parse_phase(std::string_view w, PhaseKind& p) {
  for (PhaseKind x : {PhaseKind::Movement, PhaseKind::Retreat, PhaseKind::Adjustment}) {
    if (w == phase_name(x)) {
      p = x;
      return true;
    }
  }
  return false;
}

constexpr const char* kOrderHelp = R"(One order per line; provinces by id or name, any case:
  A par H                      hold (units without orders hold)
  A par - bur                  move (in a retreat phase: retreat)
  A lon - bel via convoy       move by convoy (also when bel is next to lon)
  F lon S F nth - eng          support a move       A mun S A ber   support to hold
  F nth C A lon - bel          convoy
  F bul/ec - con               coasts: /nc /sc /ec /wc
  Build A par   Build F stp/nc adjustments (also: A par B)
  Remove A pic                 disband (also: A pic D)
An impossible order is refused with the reason. Missing orders: units hold;
dislodged units without a retreat order are disbanded; in adjustments,
builds are waived and missing removals are made by the civil-disorder rule.)";

class DiplomacyState final : public State {
 public:
  DiplomacyState(std::shared_ptr<const Map> map, int players, Position pos, Rulings rulings)
      : map_(std::move(map)), players_(players), pos_(std::move(pos)), rulings_(rulings) {}

  StepInfo step() const override {
    StepInfo info;
    info.number = StepNo{step_};
    info.label = std::string(season_name(pos_.season)) + " " + std::to_string(pos_.year) + " " +
                 phase_name(pos_.phase);
    if (!winner_.empty()) {
      info.game_over = true;
      info.result =
          winner_ + " controls " + std::to_string(centers(winner_)) + " supply centres and wins";
      info.winners.push_back(side_of(winner_));
      return info;
    }
    for (int s = 0; s < players_; ++s) {
      for (const std::string& power : powers_of(PlayerId{s})) {
        if (must_order(power)) {
          info.to_order.push_back(PlayerId{s});
          break;
        }
      }
    }
    return info;
  }

  Expected<OrderSet, OrderErrors> validate(PlayerId player,
                                           const std::vector<std::string>& lines) const override {
    OrderErrors errors;
    OrderSet out;
    std::set<std::string> units_ordered;
    std::map<std::string, int> builds;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const int line = static_cast<int>(i + 1);
      if (text::trim(lines[i]).empty()) continue;
      auto o = read_order(player, lines[i]);
      if (!o) {
        errors.push_back({line, o.error().message});
        continue;
      }
      if (o->kind == OrderKind::Build) {
        if (++builds[o->power] > adjustment_count(*map_, pos_, o->power)) {
          errors.push_back(
              {line, o->power + " may build " +
                         std::to_string(std::max(0, adjustment_count(*map_, pos_, o->power))) +
                         " unit(s) this winter"});
          continue;
        }
      } else if (!units_ordered.insert(province_of(o->location)).second) {
        errors.push_back({line, "a second order for the unit in " + province_of(o->location)});
        continue;
      }
      out.lines.push_back(format_order(*o));
    }
    if (!errors.empty()) return unexpected(std::move(errors));
    return out;
  }

  OrderSet default_orders(PlayerId) const override { return {}; }

  // Every unit of the seat holds, moves to a neighbour, or supports a unit
  // next to it (to hold, or into a province next to both); dislodged units
  // retreat or disband; builds in vacant home centres, removals of any unit.
  std::vector<std::vector<std::string>> candidate_orders(PlayerId seat) const override {
    std::vector<std::vector<std::string>> out;
    const auto mine = powers_of(seat);
    const auto is_mine = [&](const std::string& p) {
      return std::find(mine.begin(), mine.end(), p) != mine.end();
    };
    if (pos_.phase == PhaseKind::Movement) {
      for (const auto& [prov, u] : pos_.units) {
        if (!is_mine(u.power)) continue;
        std::vector<std::string> group{format_unit(u) + " H"};
        const auto& near = map_->any_neighbours(prov);
        for (const std::string& n : near) {
          group.push_back(format_unit(u) + " - " + n);
          const auto other = pos_.units.find(n);
          if (other == pos_.units.end()) continue;
          const std::string them = format_unit(other->second);
          group.push_back(format_unit(u) + " S " + them);
          for (const std::string& to : map_->any_neighbours(n)) {
            if (to != prov && near.count(to))
              group.push_back(format_unit(u) + " S " + them + " - " + to);
          }
        }
        out.push_back(std::move(group));
      }
    } else if (pos_.phase == PhaseKind::Retreat) {
      for (const auto& [prov, d] : pos_.dislodged) {
        if (!is_mine(d.unit.power)) continue;
        std::vector<std::string> group{"Remove " + format_unit(d.unit)};
        for (const std::string& to : retreat_options(*map_, pos_, d))
          group.push_back(format_unit(d.unit) + " - " + to);
        out.push_back(std::move(group));
      }
    } else {
      for (const std::string& power : mine) {
        const int n = adjustment_count(*map_, pos_, power);
        for (const auto& [prov, u] : pos_.units) {
          if (n < 0 && u.power == power) out.push_back({"Remove " + format_unit(u)});
        }
        for (const auto& [id, p] : map_->provinces()) {
          if (n <= 0 || p.home_of != power || pos_.units.count(id)) continue;
          out.push_back({"Build A " + id, "Build F " + id});
        }
      }
    }
    return out;
  }

  std::vector<Arrow> order_arrows(const RevealedLines& last_orders) const override {
    return diplomacy::order_arrows(*map_, last_orders);
  }

  View view(std::optional<PlayerId>) const override {
    // Everything on a Diplomacy board is public; only orders are secret, and
    // the platform keeps those until the phase resolves. Every province is a
    // cell with its place on the map's canvas and its neighbours, for
    // drawing; those with nothing on them have no label (a text client
    // leaves them out).
    View v;
    v.board_kind = "map";
    v.width = map_->width();
    v.height = map_->height();
    for (const auto& [id, p] : map_->provinces()) {
      const auto unit = pos_.units.find(id);
      const auto owner = pos_.owners.find(id);
      const auto dis = pos_.dislodged.find(id);
      Cell c;
      c.id = id;
      c.terrain = p.terrain == Terrain::Sea     ? "sea"
                  : p.terrain == Terrain::Coast ? "coast"
                                                : "land";
      c.fill = p.terrain == Terrain::Sea ? "water" : "land";
      c.x = p.x;
      c.y = p.y;
      const auto& near = map_->any_neighbours(id);
      c.neighbours.assign(near.begin(), near.end());
      if (owner != pos_.owners.end()) c.owner = seat_of(owner->second).value;
      if (unit != pos_.units.end() || p.supply_center || dis != pos_.dislodged.end()) {
        c.label = p.name;
        if (p.supply_center)
          c.label +=
              owner == pos_.owners.end() ? ", neutral centre" : ", centre of " + owner->second;
      }
      if (unit != pos_.units.end()) c.tokens.push_back(token(unit->second, {}));
      if (dis != pos_.dislodged.end()) c.tokens.push_back(token(dis->second.unit, {"dislodged"}));
      v.cells.push_back(std::move(c));
    }
    v.notes.push_back(step().label);
    for (const Power& p : map_->powers()) {
      int units = 0;
      for (const auto& [prov, u] : pos_.units) units += u.power == p.name;
      std::string note = p.name + ": " + std::to_string(centers(p.name)) + " centres, " +
                         std::to_string(units) + " units";
      if (pos_.phase == PhaseKind::Adjustment) {
        const int n = adjustment_count(*map_, pos_, p.name);
        if (n > 0) note += ", may build " + std::to_string(std::min(n, vacant_homes(p.name)));
        if (n < 0) note += ", must remove " + std::to_string(-n);
      }
      if (pos_.phase == PhaseKind::Retreat) {
        for (const auto& [prov, d] : pos_.dislodged) {
          if (d.unit.power != p.name) continue;
          note += "; " + format_unit(d.unit) + " may retreat to " +
                  text::join(retreat_options(*map_, pos_, d), " ") + " or disband";
        }
      }
      v.notes.push_back(note);
    }
    return v;
  }

  std::string serialize() const override {
    std::ostringstream out;
    out << "diplomacy 1\nmap " << map_->name() << "\nplayers " << players_ << "\nstep " << step_
        << "\nphase " << season_name(pos_.season) << " " << pos_.year << " "
        << phase_name(pos_.phase) << "\nwinner " << (winner_.empty() ? "-" : winner_) << "\n";
    for (const auto& [prov, u] : pos_.units)
      out << "unit " << u.power << " " << format_unit(u) << "\n";
    for (const auto& [prov, d] : pos_.dislodged) {
      out << "dislodged " << d.unit.power << " " << format_unit(d.unit) << " "
          << (d.attacker_from.empty() ? "-" : d.attacker_from) << "\n";
    }
    for (const auto& s : pos_.standoffs) out << "standoff " << s << "\n";
    for (const auto& [prov, power] : pos_.owners) out << "owner " << prov << " " << power << "\n";
    return out.str();
  }

  static Expected<std::unique_ptr<State>> parse(std::shared_ptr<const Map> map, Rulings rulings,
                                                std::string_view bytes) {
    const auto lines = text::lines(bytes);
    if (lines.empty() || lines[0] != "diplomacy 1") return fail("not a diplomacy state");
    Position pos;
    long long players = 0, step = 0;
    std::string winner;
    for (std::size_t i = 1; i < lines.size(); ++i) {
      const auto w = text::split(lines[i]);
      if (w.empty()) continue;
      long long year = 0;
      if (w[0] == "map" && w.size() == 2) {
        if (w[1] != map->name()) return fail("the state is for map '" + std::string(w[1]) + "'");
      } else if (w[0] == "players" && w.size() == 2 && text::parse_int(w[1], players)) {
      } else if (w[0] == "step" && w.size() == 2 && text::parse_int(w[1], step)) {
      } else if (w[0] == "phase" && w.size() == 4 && text::parse_int(w[2], year) &&
                 parse_season(w[1], pos.season) && parse_phase(w[3], pos.phase)) {
        pos.year = static_cast<int>(year);
      } else if (w[0] == "winner" && w.size() == 2) {
        winner = w[1] == "-" ? "" : std::string(w[1]);
      } else if ((w[0] == "unit" && w.size() == 4) || (w[0] == "dislodged" && w.size() == 5)) {
        if (!map->power(w[1]) || (w[2] != "A" && w[2] != "F") || !map->province(province_of(w[3])))
          return fail("bad unit line");
        Unit u{w[2] == "A" ? UnitType::Army : UnitType::Fleet, std::string(w[1]),
               std::string(w[3])};
        if (w[0] == "unit")
          pos.units[province_of(w[3])] = u;
        else
          pos.dislodged[province_of(w[3])] = Dislodgement{u, w[4] == "-" ? "" : std::string(w[4])};
      } else if (w[0] == "standoff" && w.size() == 2 && map->province(w[1])) {
        pos.standoffs.insert(std::string(w[1]));
      } else if (w[0] == "owner" && w.size() == 3 && map->province(w[1]) && map->power(w[2])) {
        pos.owners[std::string(w[1])] = std::string(w[2]);
      } else {
        return fail("unreadable line " + std::to_string(i + 1) + " of a diplomacy state");
      }
    }
    if (players < 2 || players > static_cast<long long>(map->powers().size()) || step < 1)
      return fail("bad players or step");
    auto s = std::make_unique<DiplomacyState>(std::move(map), static_cast<int>(players),
                                              std::move(pos), rulings);
    s->step_ = step;
    s->winner_ = winner;
    return std::unique_ptr<State>(std::move(s));
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<DiplomacyState>(*this); }
  std::string order_help() const override { return kOrderHelp; }

 protected:
  Resolution do_resolve(const std::map<PlayerId, OrderSet>& orders, Dice&) const override {
    std::vector<Order> all;
    for (const auto& [player, set] : orders) {
      for (const std::string& line : set.lines) {
        auto o = read_order(player, line);
        assert(o.has_value());  // validated before
        if (o) all.push_back(*o);
      }
    }
    PhaseResult r = pos_.phase == PhaseKind::Movement
                        ? adjudicate_movement(*map_, pos_, all, rulings_)
                    : pos_.phase == PhaseKind::Retreat ? adjudicate_retreats(*map_, pos_, all)
                                                       : adjudicate_adjustments(*map_, pos_, all);
    Resolution res;
    for (const OrderResult& o : r.results) {
      res.events.push_back(
          Event{o.order.power + ": " + format_order(o.order) + ": " + outcome_text(o), {}});
    }
    for (const std::string& n : r.notes) res.events.push_back(Event{n, {}});
    auto next = std::make_unique<DiplomacyState>(*this);
    next->pos_ = std::move(r.next);
    next->step_ = step_ + 1;
    next->advance(res.events);
    res.next = std::move(next);
    return res;
  }

 private:
  static std::string outcome_text(const OrderResult& o) {
    const char* word = o.outcome == Outcome::Succeeds ? "succeeds"
                       : o.outcome == Outcome::Fails  ? "fails"
                                                      : "illegal, ignored";
    return o.note.empty() ? word : std::string(word) + " (" + o.note + ")";
  }

  // Moves on to the next phase that needs orders (DATC sequence: spring
  // movement, retreats, fall movement, retreats, winter adjustments).
  void advance(std::vector<Event>& events) {
    for (;;) {
      if (pos_.phase == PhaseKind::Movement && !pos_.dislodged.empty()) {
        pos_.phase = PhaseKind::Retreat;
      } else if (pos_.phase != PhaseKind::Adjustment && pos_.season == Season::Fall) {
        pos_.dislodged.clear();
        pos_.standoffs.clear();
        update_ownership(*map_, pos_);
        for (const Power& p : map_->powers()) {
          if (centers(p.name) >= map_->victory_centers()) {
            winner_ = p.name;
            events.push_back(Event{p.name + " controls " + std::to_string(centers(p.name)) +
                                       " supply centres: victory",
                                   {}});
            return;
          }
        }
        pos_.season = Season::Winter;
        pos_.phase = PhaseKind::Adjustment;
      } else if (pos_.phase == PhaseKind::Adjustment || pos_.season == Season::Winter) {
        pos_.season = Season::Spring;
        pos_.phase = PhaseKind::Movement;
        ++pos_.year;
      } else {
        pos_.dislodged.clear();
        pos_.standoffs.clear();
        pos_.season = Season::Fall;
        pos_.phase = PhaseKind::Movement;
      }
      if (anyone_orders()) return;
    }
  }

  bool anyone_orders() const {
    return std::any_of(map_->powers().begin(), map_->powers().end(),
                       [&](const Power& p) { return must_order(p.name); });
  }

  bool must_order(const std::string& power) const {
    switch (pos_.phase) {
      case PhaseKind::Movement:
        return std::any_of(pos_.units.begin(), pos_.units.end(),
                           [&](const auto& u) { return u.second.power == power; });
      case PhaseKind::Retreat:
        return std::any_of(pos_.dislodged.begin(), pos_.dislodged.end(),
                           [&](const auto& d) { return d.second.unit.power == power; });
      case PhaseKind::Adjustment: {
        const int n = adjustment_count(*map_, pos_, power);
        return n < 0 || (n > 0 && vacant_homes(power) > 0);
      }
    }
    return false;
  }

  int vacant_homes(const std::string& power) const {
    int n = 0;
    for (const auto& h : map_->power(power)->home_centers) {
      const auto o = pos_.owners.find(h);
      n += o != pos_.owners.end() && o->second == power && !pos_.units.count(h);
    }
    return n;
  }

  int centers(const std::string& power) const {
    return static_cast<int>(std::count_if(pos_.owners.begin(), pos_.owners.end(),
                                          [&](const auto& o) { return o.second == power; }));
  }

  // Powers are dealt to seats in turn: with 7 players one each; with fewer,
  // seat s plays every power whose index i has i % players == s.
  std::vector<std::string> powers_of(PlayerId seat) const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < map_->powers().size(); ++i) {
      if (static_cast<int>(i) % players_ == seat.value) out.push_back(map_->powers()[i].name);
    }
    return out;
  }

  SideId side_of(const std::string& power) const {
    for (std::size_t i = 0; i < map_->powers().size(); ++i) {
      if (map_->powers()[i].name == power) return SideId{static_cast<int>(i)};
    }
    return SideId{0};
  }

  PlayerId seat_of(const std::string& power) const {
    for (std::size_t i = 0; i < map_->powers().size(); ++i) {
      if (map_->powers()[i].name == power) return PlayerId{static_cast<int>(i) % players_};
    }
    return PlayerId{0};
  }

  Token token(const Unit& u, std::vector<std::string> marks) const {
    marks.insert(marks.begin(), u.power);
    return Token{seat_of(u.power).value, u.type == UnitType::Army ? "army" : "fleet",
                 format_unit(u), -1, std::move(marks)};
  }

  // Parses an order and checks it against this phase, for `player`'s powers.
  Expected<Order> read_order(PlayerId player, const std::string& line) const {
    auto o = parse_order(*map_, line);
    if (!o) return o;
    const auto mine = powers_of(player);
    const auto is_mine = [&](const std::string& p) {
      return std::find(mine.begin(), mine.end(), p) != mine.end();
    };
    const std::string prov = province_of(o->location);
    if (pos_.phase == PhaseKind::Adjustment) return read_adjustment(*o, is_mine);
    // Two lvalues: a conditional with a temporary on one side would copy the
    // whole unit map for every line read.
    std::map<std::string, Unit> retreating;
    if (pos_.phase == PhaseKind::Retreat) retreating = dislodged_units();
    const auto& units = pos_.phase == PhaseKind::Retreat ? retreating : pos_.units;
    const auto u = units.find(prov);
    if (u == units.end()) {
      return fail(pos_.phase == PhaseKind::Retreat ? "no dislodged unit is in " + prov
                                                   : "there is no unit in " + prov);
    }
    if (!is_mine(u->second.power))
      return fail("the unit in " + prov + " is " + u->second.power + "'s, not yours");
    o->power = u->second.power;
    if (u->second.type != o->type)
      return fail("the unit in " + prov + " is " +
                  (u->second.type == UnitType::Army ? "an army" : "a fleet"));
    o->location = u->second.location;
    if (pos_.phase == PhaseKind::Retreat) return read_retreat(*o);
    if (auto why = impossible(*map_, pos_, *o)) return fail(*why);
    if (o->kind == OrderKind::Move && o->type == UnitType::Fleet &&
        o->dest.find('/') == std::string::npos) {
      const auto reach = map_->fleet_reach(o->location, o->dest);
      if (reach.size() == 1) o->dest = reach[0];
    }
    if (o->kind == OrderKind::Move && o->type == UnitType::Army) o->dest = province_of(o->dest);
    return o;
  }

  std::map<std::string, Unit> dislodged_units() const {
    std::map<std::string, Unit> out;
    for (const auto& [prov, d] : pos_.dislodged) out[prov] = d.unit;
    return out;
  }

  Expected<Order> read_retreat(Order o) const {
    if (o.kind == OrderKind::Remove || o.kind == OrderKind::Hold) {
      o.kind = OrderKind::Remove;
      return o;
    }
    if (o.kind != OrderKind::Move)
      return fail("in a retreat phase a unit may only retreat ('-') or disband");
    const auto options = retreat_options(*map_, pos_, pos_.dislodged.at(province_of(o.location)));
    std::string dest = o.type == UnitType::Army ? province_of(o.dest) : o.dest;
    for (const auto& opt : options) {
      if (dest.find('/') == std::string::npos && province_of(opt) == dest) dest = opt;
    }
    if (std::find(options.begin(), options.end(), dest) == options.end()) {
      return fail(format_unit(pos_.dislodged.at(province_of(o.location)).unit) +
                  " cannot retreat to " + o.dest +
                  (options.empty() ? "" : "; it may retreat to " + text::join(options, " ")));
    }
    o.dest = dest;
    o.via_convoy = false;
    return o;
  }

  template <class IsMine>
  Expected<Order> read_adjustment(Order o, const IsMine& is_mine) const {
    const std::string prov = province_of(o.location);
    if (o.kind == OrderKind::Build) {
      const Province* p = map_->province(prov);
      if (p->home_of.empty() || !is_mine(p->home_of))
        return fail(prov + " is not a home centre of yours");
      o.power = p->home_of;
      if (adjustment_count(*map_, pos_, o.power) <= 0)
        return fail(o.power + " has no builds this winter");
      const auto owner = pos_.owners.find(prov);
      if (owner == pos_.owners.end() || owner->second != o.power)
        return fail(o.power + " does not own " + prov);
      if (pos_.units.count(prov)) return fail(prov + " is occupied");
      if (o.type == UnitType::Fleet &&
          (p->terrain != Terrain::Coast || !map_->fleet_can_stand(o.location))) {
        return fail(p->terrain != Terrain::Coast
                        ? "a fleet can only be built on a coast"
                        : prov + " has two coasts: name the one to build on");
      }
      if (o.type == UnitType::Army) o.location = prov;
      return o;
    }
    if (o.kind == OrderKind::Remove) {
      const auto u = pos_.units.find(prov);
      if (u == pos_.units.end() || !is_mine(u->second.power))
        return fail("you have no unit in " + prov);
      o.power = u->second.power;
      if (adjustment_count(*map_, pos_, o.power) >= 0)
        return fail(o.power + " need not remove a unit this winter");
      o.type = u->second.type;
      o.location = u->second.location;
      return o;
    }
    return fail("in the adjustment phase orders are Build or Remove");
  }

  std::shared_ptr<const Map> map_;
  int players_;
  Position pos_;
  Rulings rulings_;
  std::int64_t step_ = 1;
  std::string winner_;

  friend class DiplomacyGame;
};

class DiplomacyGame final : public Game {
 public:
  explicit DiplomacyGame(std::shared_ptr<const Map> map) : map_(std::move(map)) {}

  std::string id() const override { return "diplomacy"; }
  std::string title() const override { return "Diplomacy"; }
  // Version 2 settles two convoy questions differently (Rulings in rules.h);
  // games created under version 1 keep its adjudication. The variants added
  // (The Fall of Constantinople) are played under the same versions.
  RulesVersion rules_version() const override { return RulesVersion{2}; }
  RulesVersion oldest_rules_version() const override { return RulesVersion{1}; }

  std::vector<ScenarioInfo> scenarios() const override {
    ScenarioInfo s{"standard",
                   "Diplomacy, standard map",
                   "The classic game from Spring 1901; " + std::to_string(map_->victory_centers()) +
                       " supply centres win. Two to seven players: with fewer than seven, powers "
                       "are dealt to seats in turn.",
                   {},
                   2,
                   static_cast<int>(map_->powers().size())};
    for (const Power& p : map_->powers()) s.sides.push_back(p.name);
    std::vector<ScenarioInfo> out{s};
    for (ScenarioInfo& v : variant_scenarios()) out.push_back(std::move(v));
    return out;
  }

  // Each power is a side; with fewer than seven players a seat plays several.
  Seating seating(const ScenarioInfo& scenario, int players) const override {
    return Seating::dealt_round_robin(scenario.sides, players);
  }

 protected:
  Expected<std::unique_ptr<State>> do_new_game(std::string_view scenario, int players,
                                               RulesVersion rules) const override {
    if (scenario != "standard") return fail("diplomacy has the scenarios " + scenario_names());
    if (players < 2 || players > static_cast<int>(map_->powers().size()))
      return fail("diplomacy takes 2 to 7 players");
    Position pos;
    pos.year = map_->start_year();
    for (const Power& p : map_->powers()) {
      for (const auto& h : p.home_centers) pos.owners[h] = p.name;
      for (const auto& u : p.starting_units)
        pos.units[province_of(u.location)] = Unit{u.type, p.name, u.location};
    }
    return std::unique_ptr<State>(
        std::make_unique<DiplomacyState>(map_, players, std::move(pos), rulings_for(rules)));
  }

  Expected<std::unique_ptr<State>> do_deserialize(std::string_view bytes,
                                                  RulesVersion rules) const override {
    return DiplomacyState::parse(map_, rulings_for(rules), bytes);
  }

 private:
  // "'standard' and 'fall-of-constantinople'".
  std::string scenario_names() const {
    std::vector<std::string> names;
    for (const ScenarioInfo& s : scenarios()) names.push_back("'" + s.id + "'");
    const std::string last = names.back();
    names.pop_back();
    return names.empty() ? last : text::join(names, ", ") + " and " + last;
  }

  std::shared_ptr<const Map> map_;
};

}  // namespace

std::shared_ptr<const Map> standard_map() {
  auto map = Map::load(data::diplomacy_standard_map());
  assert(map.has_value());  // compiled-in data, checked by the tests
  return std::make_shared<const Map>(std::move(*map));
}

std::unique_ptr<Game> make_diplomacy_game() {
  return std::make_unique<DiplomacyGame>(standard_map());
}

}  // namespace naumachia::diplomacy
