// The Fall of Constantinople: the game state. Each step is one phase: spring
// and autumn movement (with food bought), their retreats, the summer's meal
// when some power is short of food, the winter's adjustments. Every power
// orders in secret and all orders are revealed when the phase resolves;
// everything on the board, treasuries included, is public.
#include "games/fall/fall.h"

#include <algorithm>
#include <cassert>
#include <sstream>

#include "core/text.h"
#include "games/fall/arrows.h"
#include "games/fall/season.h"
#include "games/fall/units.h"

namespace naumachia::fall {

namespace {

using diplomacy::province_of;

constexpr const char* kOrderHelp =
    R"(One order per line; provinces by id or name, any case. Units are counted:
"A", "2A", "2A/1F", "F". With several powers at one seat, begin a line with
the power: "Venice: 2A ath - the".
Spring and autumn:
  2A ath H                     hold (units without orders hold)
  2A/1F otr - apu              move (a multiple unit moves together)
  A ath - ath city             garrison: into the city (only your own city)
  A ath city - ath             leave the city (into its province only)
  F rho S F chi - aeg          support (with the whole unit)   3A nis B  besiege
  F aeg C A ath - rho          convoy                          A ath P   pillage
  buy 2 food from the bank     3£ a unit      buy 2 food from Venice by 6£
  sell 2 food to Genoa by 6£   (both sides must write the same amount and price)
Retreats: 2A ath - the, or disband 2A ath. Unordered dislodged units disband.
  disband A aeg of Venice      the fleets' owner picks the armies an unseaworthy
                               A/F loses (default: one of each power in turn)
Summer: disband A ath; unfed A ath (who goes hungry when food is short).
Winter: build A ath; build F mes/wc; build mercenary A ath; disband F rho;
  unfed 2A nis. Units are maintained before builds; unnamed shortfalls fall
  on the units farthest from your cities.)";

class FallState final : public State {
 public:
  FallState(std::shared_ptr<const Scenario> scenario, int players, Position pos,
            diplomacy::Rulings rulings)
      : sc_(std::move(scenario)), players_(players), pos_(std::move(pos)), rulings_(rulings) {}

  StepInfo step() const override {
    StepInfo info;
    info.number = StepNo{step_};
    info.label = phase_label(pos_);
    if (over_) {
      info.game_over = true;
      info.result = result_;
      if (!winner_.empty()) info.winners.push_back(side_of(winner_));
      return info;
    }
    for (int s = 0; s < players_; ++s) {
      const auto mine = powers_of(PlayerId{s});
      if (std::any_of(mine.begin(), mine.end(), [&](const auto& p) { return must_order(p); }))
        info.to_order.push_back(PlayerId{s});
    }
    return info;
  }

  Expected<OrderSet, OrderErrors> validate(PlayerId player,
                                           const std::vector<std::string>& lines) const override {
    OrderErrors errors;
    std::map<std::string, std::vector<std::pair<int, Order>>> by_power;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const int line = static_cast<int>(i + 1);
      if (text::trim(lines[i]).empty()) continue;
      auto o = read_line(player, lines[i]);
      if (!o) {
        errors.push_back({line, o.error().message});
        continue;
      }
      by_power[o->power].emplace_back(line, o->order);
    }
    OrderSet out;
    for (const auto& [power, list] : by_power) {
      std::vector<Order> orders;
      for (const auto& lo : list) orders.push_back(lo.second);
      for (const auto& [index, message] : check_together(*sc_, pos_, power, orders))
        errors.push_back({list[index].first, message});
      for (const auto& lo : list) out.lines.push_back(power + ": " + format_order(lo.second));
    }
    if (!errors.empty()) {
      std::sort(errors.begin(), errors.end(),
                [](const OrderError& a, const OrderError& b) { return a.line < b.line; });
      return unexpected(std::move(errors));
    }
    return out;
  }

  OrderSet default_orders(PlayerId) const override { return {}; }

  std::vector<std::vector<std::string>> candidate_orders(PlayerId seat) const override;

  View view(std::optional<PlayerId>) const override;
  std::vector<Arrow> order_arrows(const RevealedLines& last_orders) const override {
    return fall::order_arrows(sc_->map(), last_orders);
  }

  std::string serialize() const override {
    std::ostringstream out;
    out << "fall 1\nplayers " << players_ << "\nstep " << step_ << "\nover " << over_ << "\nwinner "
        << (winner_.empty() ? "-" : winner_) << "\nresult " << (result_.empty() ? "-" : result_)
        << "\n"
        << write_position(pos_);
    return out.str();
  }

  static Expected<std::unique_ptr<State>> parse(std::shared_ptr<const Scenario> sc,
                                                diplomacy::Rulings rulings,
                                                std::string_view bytes) {
    const auto lines = text::lines(bytes);
    if (lines.empty() || lines[0] != "fall 1") return fail("not a Fall of Constantinople state");
    Position pos;
    pos.stocks.clear();
    long long players = 0, step = 0, over = 0;
    std::string winner, result;
    for (std::size_t i = 1; i < lines.size(); ++i) {
      const auto w = text::split(lines[i]);
      if (w.empty()) continue;
      if (w[0] == "players" && w.size() == 2 && text::parse_int(w[1], players)) continue;
      if (w[0] == "step" && w.size() == 2 && text::parse_int(w[1], step)) continue;
      if (w[0] == "over" && w.size() == 2 && text::parse_int(w[1], over)) continue;
      if (w[0] == "winner" && w.size() == 2 && (w[1] == "-" || sc->power(w[1]))) {
        winner = w[1] == "-" ? "" : std::string(w[1]);
        continue;
      }
      if (w[0] == "result") {
        result = std::string(text::trim(lines[i].substr(6)));
        if (result == "-") result.clear();
        continue;
      }
      if (!read_position_line(*sc, w, pos))
        return fail("unreadable line " + std::to_string(i + 1) +
                    " of a Fall of Constantinople state: '" + std::string(lines[i].substr(0, 80)) +
                    "'");
    }
    if (players < 2 || players > static_cast<long long>(sc->powers().size()) || step < 1 ||
        (over != 0 && over != 1))
      return fail("bad players, step or end in a Fall of Constantinople state");
    auto s = std::make_unique<FallState>(std::move(sc), static_cast<int>(players), std::move(pos),
                                         rulings);
    s->step_ = step;
    s->over_ = over == 1;
    s->winner_ = winner;
    s->result_ = result;
    return std::unique_ptr<State>(std::move(s));
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<FallState>(*this); }
  std::string order_help() const override { return kOrderHelp; }

  // A new game: the scenario's Winter 1354, its income collected and
  // announced (FoC Building a), waiting for the first adjustments.
  void begin() { pos_ = collect_income(*sc_, pos_).next; }

 protected:
  Resolution do_resolve(const std::map<PlayerId, OrderSet>& orders, Dice&) const override {
    std::vector<PowerOrder> all;
    std::vector<Event> res_problems;
    for (const auto& [player, set] : orders) {
      for (const std::string& line : set.lines) {
        auto o = read_line(player, line);
        assert(o.has_value());  // validated before
        if (o)
          all.push_back(*o);
        else  // never expected: said, not dropped in silence
          res_problems.push_back(Event{"An order could not be read again and was ignored: '" +
                                           line + "' (" + o.error().message + ")",
                                       {}});
      }
    }
    // The powers' orders in the scenario's order, whatever the seats'.
    std::stable_sort(all.begin(), all.end(), [&](const PowerOrder& a, const PowerOrder& b) {
      return side_of(a.power).value < side_of(b.power).value;
    });
    Resolution res;
    res.events = std::move(res_problems);
    auto next = std::make_unique<FallState>(*this);
    next->step_ = step_ + 1;
    const bool moved = next->play(all, res.events);
    next->advance(res.events, moved);
    res.next = std::move(next);
    return res;
  }

 private:
  // Carries out the current phase with these orders. Whether the season's
  // movement, retreats included, is over.
  bool play(const std::vector<PowerOrder>& orders, std::vector<Event>& events) {
    std::vector<std::string> notes;
    bool moved = false;
    switch (phase_of(pos_)) {
      case Phase::Movement: {
        auto r = resolve_movement(*sc_, pos_, orders, rulings_);
        if (r) {
          pos_ = std::move(r->next);
          notes = std::move(r->notes);
        } else {  // never expected: said, not dropped in silence
          notes.push_back("The season could not be adjudicated, and every unit stands: " +
                          r.error().message);
        }
        moved = !pos_.retreats;
        break;
      }
      case Phase::Retreats: {
        SeasonResult r = resolve_retreats(*sc_, pos_, orders);
        pos_ = std::move(r.next);
        notes = std::move(r.notes);
        moved = true;
        break;
      }
      case Phase::Summer: {
        EconomyResult r = feed_units(*sc_, pos_, summer_orders(orders));
        pos_ = std::move(r.next);
        notes = std::move(r.notes);
        pos_.season = Season::Autumn;
        EconomyResult built = raise_pending_builds(*sc_, pos_);
        pos_ = std::move(built.next);
        notes.insert(notes.end(), built.notes.begin(), built.notes.end());
        break;
      }
      case Phase::Winter: {
        EconomyResult r = winter_adjustments(*sc_, pos_, winter_orders(orders));
        pos_ = std::move(r.next);
        notes = std::move(r.notes);
        pos_.season = Season::Spring;
        ++pos_.year;
        EconomyResult built = raise_pending_builds(*sc_, pos_);
        pos_ = std::move(built.next);
        notes.insert(notes.end(), built.notes.begin(), built.notes.end());
        break;
      }
    }
    for (auto& n : notes) events.push_back(Event{std::move(n), {}});
    std::sort(pos_.groups.begin(), pos_.groups.end());
    return moved;
  }

  // After a movement season (and its retreats): spring goes on to summer,
  // autumn to the winter's count, victory check and income. Phases where
  // nobody orders are played with no orders.
  void advance(std::vector<Event>& events, bool moved) {
    for (int guard = 0; guard < 16; ++guard) {
      if (moved && pos_.season == Season::Spring) {
        pos_.season = Season::Summer;
      } else if (moved) {
        enter_winter(events);
        if (over_) return;
      }
      if (anyone_orders()) return;
      if (std::none_of(sc_->powers().begin(), sc_->powers().end(),
                       [&](const PowerInfo& p) { return in_game(pos_, p.name); })) {
        end("no power is left on the board", "");
        return;
      }
      moved = play({}, events);
    }
  }

  // FoC Sequence 4, Building a: the count of provinces, the victory check
  // (FoC Mapboard b: 27 cities), then the year's income.
  void enter_winter(std::vector<Event>& events) {
    SeasonResult held = count_holdings(*sc_, pos_);
    pos_ = std::move(held.next);
    for (auto& n : held.notes) events.push_back(Event{std::move(n), {}});
    pos_.season = Season::Winter;
    for (const PowerInfo& p : sc_->powers()) {
      const int n = cities_of(pos_, p.name);
      if (n >= kCitiesToWin) {
        const std::string why =
            p.name + " holds " + std::to_string(n) + " of the 53 cities and wins (FoC Mapboard b)";
        events.push_back(Event{why, {}});
        end(why, p.name);
        return;
      }
    }
    EconomyResult income = collect_income(*sc_, pos_);
    pos_ = std::move(income.next);
    for (auto& n : income.notes) events.push_back(Event{std::move(n), {}});
  }

  void end(const std::string& result, const std::string& winner) {
    over_ = true;
    result_ = result;
    winner_ = winner;
  }

  bool anyone_orders() const {
    return std::any_of(sc_->powers().begin(), sc_->powers().end(),
                       [&](const PowerInfo& p) { return must_order(p.name); });
  }

  bool must_order(const std::string& power) const {
    if (over_) return false;
    switch (phase_of(pos_)) {
      case Phase::Movement:
        return components_of(pos_, power) > 0;
      case Phase::Retreats:
        return std::any_of(pos_.dislodged.begin(), pos_.dislodged.end(),
                           [&](const Dislodged& d) { return d.power == power; }) ||
               std::any_of(pos_.sea_disbands.begin(), pos_.sea_disbands.end(),
                           [&](const SeaDisband& sd) {
                             return fleet_owners(pos_, sd.sea).count(power) > 0;
                           });
      case Phase::Summer: {
        // FoC Building b: the GM asks who goes unfed only of a power short of food.
        const auto s = pos_.stocks.find(power);
        const int food = s == pos_.stocks.end() ? 0 : s->second.food;
        return components_of(pos_, power) > food;
      }
      case Phase::Winter:
        return in_game(pos_, power);
    }
    return false;
  }

  // Powers are dealt to seats in turn, as in Diplomacy: with seven players
  // one each.
  std::vector<std::string> powers_of(PlayerId seat) const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < sc_->powers().size(); ++i) {
      if (static_cast<int>(i) % players_ == seat.value) out.push_back(sc_->powers()[i].name);
    }
    return out;
  }

  SideId side_of(const std::string& power) const {
    for (std::size_t i = 0; i < sc_->powers().size(); ++i) {
      if (sc_->powers()[i].name == power) return SideId{static_cast<int>(i)};
    }
    return SideId{static_cast<int>(sc_->powers().size())};
  }

  int seat_of(const std::string& power) const {
    const int side = side_of(power).value;
    return side < static_cast<int>(sc_->powers().size()) ? side % players_ : -1;
  }

  // A line as a seat writes it: "[Power:] order". Without the power, the
  // seat's only power, or the one of its powers whose units the order names.
  Expected<PowerOrder> read_line(PlayerId seat, const std::string& line) const {
    const auto mine = powers_of(seat);
    std::string_view rest = text::trim(line);
    std::string power;
    if (const auto colon = rest.find(':'); colon != std::string_view::npos) {
      const std::string named(text::trim(rest.substr(0, colon)));
      for (const PowerInfo& p : sc_->powers()) {
        if (text::lower(named) == text::lower(p.name) ||
            text::lower(named) == text::lower(p.adjective))
          power = p.name;
      }
      if (power.empty()) return fail("'" + named + "' is not a power");
      if (std::find(mine.begin(), mine.end(), power) == mine.end())
        return fail(power + " is not yours to order");
      rest = text::trim(rest.substr(colon + 1));
    }
    auto o = fall::parse_order(sc_->map(), rest);
    if (!o) return fail(o.error().message);
    std::vector<std::string> candidates = power.empty() ? mine : std::vector<std::string>{power};
    if (candidates.size() > 1 &&
        (o->kind == OrderKind::BuyBank || o->kind == OrderKind::Buy || o->kind == OrderKind::Sell))
      return fail("say which of your powers orders it: 'Venice: " + std::string(rest) + "'");
    std::string first_error;
    for (const std::string& p : candidates) {
      auto checked = check_order(*sc_, pos_, p, *o);
      if (checked) return PowerOrder{p, *checked};
      if (first_error.empty()) first_error = checked.error().message;
    }
    return fail(first_error);
  }

  std::shared_ptr<const Scenario> sc_;
  int players_;
  Position pos_;
  diplomacy::Rulings rulings_;
  std::int64_t step_ = 1;
  bool over_ = false;
  std::string winner_;
  std::string result_;
};

// For random legal play: per place of the seat's powers, holding, moving to
// each neighbour, entering or leaving the city, besieging, pillaging; the
// retreats' options; in summer and winter, disbands, unfed units and builds.
std::vector<std::vector<std::string>> FallState::candidate_orders(PlayerId seat) const {
  std::vector<std::vector<std::string>> out;
  const auto& map = sc_->map();
  for (const std::string& power : powers_of(seat)) {
    const std::string me = power + ": ";
    if (phase_of(pos_) == Phase::Retreats) {
      for (const Dislodged& d : pos_.dislodged) {
        if (d.power != power) continue;
        const std::string u = format_units(Units{d.armies, d.fleets}) + " " + d.place.location;
        std::vector<std::string> group{me + "disband " + u};
        for (const Place& p : retreat_options(*sc_, pos_, d))
          group.push_back(me + u + " - " + format_place(p));
        out.push_back(std::move(group));
      }
      for (const SeaDisband& sd : pos_.sea_disbands) {
        if (!fleet_owners(pos_, sd.sea).count(power)) continue;
        std::vector<std::string> group;
        for (const Group& g : pos_.groups) {
          if (g.type == UnitType::Army && !g.place.in_city && g.place.location == sd.sea)
            group.push_back(me + "disband A " + sd.sea + " of " + g.power);
        }
        out.push_back(std::move(group));
      }
      continue;
    }
    for (const Group& g : pos_.groups) {
      if (g.power != power) continue;
      const std::string prov = province_of(g.place.location);
      const std::string u = (g.type == UnitType::Army ? "A " : "F ") + g.place.location +
                            (g.place.in_city ? " city" : "");
      std::vector<std::string> group;
      switch (phase_of(pos_)) {
        case Phase::Movement:
          group.push_back(me + u + " H");
          if (g.place.in_city) {
            group.push_back(me + u + " - " + prov);
            group.push_back(me + u + " P");
            break;
          }
          group.push_back(me + u + " B");
          group.push_back(me + u + " P");
          if (map.city(prov)) group.push_back(me + u + " - " + prov + " city");
          for (const std::string& n : map.any_neighbours(prov)) group.push_back(me + u + " - " + n);
          break;
        case Phase::Summer:
          group.push_back(me + "disband " + u);
          group.push_back(me + "unfed " + u);
          break;
        case Phase::Winter:
          group.push_back(me + "disband " + u);
          break;
        case Phase::Retreats:
          break;
      }
      if (!group.empty()) out.push_back(std::move(group));
    }
    if (phase_of(pos_) == Phase::Movement) out.push_back({me + "buy 1 food from the bank"});
    if (phase_of(pos_) == Phase::Winter) {
      for (const auto& [city, owner] : pos_.city_owner) {
        if (owner != power) continue;
        std::vector<std::string> group{me + "build A " + city, me + "build mercenary A " + city};
        const auto* c = map.city(city);
        const auto* p = map.province(city);
        if (c && c->port && p) {
          if (p->coasts.empty()) group.push_back(me + "build F " + city);
          for (const std::string& coast : p->coasts)
            group.push_back(me + "build F " + city + "/" + coast);
        }
        out.push_back(std::move(group));
      }
    }
  }
  return out;
}

// Everything is public (FoC: a Diplomacy game; the treasuries too, as the
// GM announces them): provinces with units, cities with their garrisons,
// owners, sieges and pillage, and each power's stock.
View FallState::view(std::optional<PlayerId>) const {
  View v;
  v.board_kind = "map";
  const auto& map = sc_->map();
  v.width = map.width();
  v.height = map.height();
  const auto token = [&](const Group& g, std::vector<std::string> marks) {
    marks.insert(marks.begin(), g.power);
    return Token{seat_of(g.power), g.type == UnitType::Army ? "army" : "fleet",
                 g.power + " " + describe(g), -1, std::move(marks)};
  };
  for (const auto& [id, p] : map.provinces()) {
    Cell c;
    c.id = id;
    c.fill = p.terrain == diplomacy::Terrain::Sea ? "water" : "land";
    c.x = p.x;
    c.y = p.y;
    const auto& near = map.any_neighbours(id);
    c.neighbours.assign(near.begin(), near.end());
    // FoC Mapboard h: the Long Wall, on Constantinople's borders with the Thraces.
    for (const diplomacy::Wall& w : map.walls()) {
      if (w.province != id) continue;
      for (const std::string& against : w.against) c.edges.push_back(Edge{against, -1, "wall"});
    }
    c.terrain = p.terrain == diplomacy::Terrain::Sea           ? "sea"
                : p.terrain == diplomacy::Terrain::WaterIsland ? "water island"
                : p.terrain == diplomacy::Terrain::Coast       ? "coast"
                                                               : "land";
    c.label = p.name;
    if (p.food > 0) c.label += ", " + std::to_string(p.food) + "F";
    const auto owner = pos_.province_owner.find(id);
    if (owner != pos_.province_owner.end()) {
      c.label += ", " + units::possessive(owner->second);
      c.owner = seat_of(owner->second);
    }
    if (pos_.pillaged_provinces.count(id)) c.label += ", pillaged";
    for (const Group& g : pos_.groups) {
      if (!g.place.in_city && province_of(g.place.location) == id) c.tokens.push_back(token(g, {}));
    }
    for (const Dislodged& d : pos_.dislodged) {
      if (province_of(d.place.location) != id) continue;
      if (d.armies > 0)
        c.tokens.push_back(token(Group{d.power, UnitType::Army, d.armies, d.place}, {"dislodged"}));
      if (d.fleets > 0)
        c.tokens.push_back(
            token(Group{d.power, UnitType::Fleet, d.fleets, d.place}, {"dislodged"}));
    }
    // Provinces with nothing to say are drawn but have no label (a text
    // client leaves them out).
    if (c.tokens.empty() && owner == pos_.province_owner.end() &&
        !pos_.pillaged_provinces.count(id))
      c.label.clear();
    v.cells.push_back(std::move(c));
    const auto* city = map.city(id);
    if (!city) continue;
    Cell cc;
    cc.id = id + " city";
    cc.x = city->x;
    cc.y = city->y;
    cc.neighbours.push_back(id);
    cc.terrain = "city";
    cc.fill = "town";
    const auto co = pos_.city_owner.find(id);
    if (co != pos_.city_owner.end()) cc.owner = seat_of(co->second);
    cc.label = city->name + " (" + std::to_string(city->money) + "£, size " +
               std::to_string(city->size) + (city->port ? ", port" : "") + "), " +
               (co == pos_.city_owner.end() ? "unowned" : units::possessive(co->second));
    if (const auto s = pos_.sieges.find(id); s != pos_.sieges.end())
      cc.label += ", besieged by " + s->second.besieger + " for " +
                  std::to_string(s->second.seasons) + " season(s)";
    if (pos_.pillaged_cities.count(id)) cc.label += ", pillaged";
    for (const Group& g : pos_.groups) {
      if (g.place.in_city && province_of(g.place.location) == id)
        cc.tokens.push_back(token(g, {"garrison"}));
    }
    v.cells.push_back(std::move(cc));
  }
  v.notes.push_back(step().label);
  for (const PowerInfo& p : sc_->powers()) {
    const auto s = pos_.stocks.find(p.name);
    const Stock stock = s == pos_.stocks.end() ? Stock{} : s->second;
    int provinces = 0;
    for (const auto& [prov, owner] : pos_.province_owner) provinces += owner == p.name;
    std::string note = p.name + ": " + format_stock(stock) + "; " +
                       std::to_string(cities_of(pos_, p.name)) + " cities, " +
                       std::to_string(provinces) + " provinces, " +
                       std::to_string(components_of(pos_, p.name)) + " units";
    for (const PendingBuild& b : pos_.pending) {
      if (b.power == p.name)
        note += "; building " + std::string(b.type == UnitType::Army ? "A " : "F ") + b.city;
    }
    if (phase_of(pos_) == Phase::Summer && stock.food < components_of(pos_, p.name))
      note += "; short of food by " + std::to_string(components_of(pos_, p.name) - stock.food);
    if (phase_of(pos_) == Phase::Retreats) {
      for (const Dislodged& d : pos_.dislodged) {
        if (d.power != p.name) continue;
        std::vector<std::string> to;
        for (const Place& pl : retreat_options(*sc_, pos_, d)) to.push_back(format_place(pl));
        note += "; " + format_units(Units{d.armies, d.fleets}) + " " + d.place.location +
                " may retreat to " + text::join(to, " ") + " or disband";
      }
    }
    for (const SeaDisband& sd : pos_.sea_disbands) {
      if (fleet_owners(pos_, sd.sea).count(p.name))
        note += "; chooses " + std::to_string(sd.excess) + " army(ies) to lose in " + sd.sea +
                " (disband A " + sd.sea + " of POWER)";
    }
    if (!in_game(pos_, p.name)) note += "; out of the game";
    v.notes.push_back(note);
  }
  v.notes.push_back(std::to_string(kCitiesToWin) + " of the 53 cities win.");
  return v;
}

ScenarioInfo scenario_info(const Scenario& scenario) {
  ScenarioInfo s{std::string(kScenarioId),
                 "The Fall of Constantinople (1354)",
                 "André Leme-Lopes's seven-power variant on a reconstructed map of the Aegean: "
                 "53 cities taken by siege, money, manpower and food, multiple units. " +
                     std::to_string(kCitiesToWin) +
                     " cities win. Two to seven players: with fewer than seven, powers are dealt "
                     "to seats in turn.",
                 {},
                 2,
                 static_cast<int>(scenario.powers().size())};
  for (const PowerInfo& p : scenario.powers()) s.sides.push_back(p.name);
  return s;
}

// Diplomacy's rulings under the game's rules version, with Multiplicity Plus
// (FoC Movement a).
diplomacy::Rulings fall_rulings(RulesVersion rules) {
  diplomacy::Rulings rulings = diplomacy::rulings_for(rules);
  rulings.multiplicity = true;
  return rulings;
}

class FallVariant final : public Variant {
 public:
  explicit FallVariant(std::shared_ptr<const Scenario> scenario) : sc_(std::move(scenario)) {}

  ScenarioInfo scenario() const override { return scenario_info(*sc_); }

  bool reads(std::string_view bytes) const override { return bytes.substr(0, 7) == "fall 1\n"; }

  Expected<std::unique_ptr<State>> new_game(int players, RulesVersion rules) const override {
    if (players < 2 || players > static_cast<int>(sc_->powers().size()))
      return fail("The Fall of Constantinople takes 2 to " + std::to_string(sc_->powers().size()) +
                  " players");
    auto s =
        std::make_unique<FallState>(sc_, players, sc_->initial_position(), fall_rulings(rules));
    s->begin();
    return std::unique_ptr<State>(std::move(s));
  }

  Expected<std::unique_ptr<State>> deserialize(std::string_view bytes,
                                               RulesVersion rules) const override {
    return FallState::parse(sc_, fall_rulings(rules), bytes);
  }

 private:
  std::shared_ptr<const Scenario> sc_;
};

}  // namespace

std::unique_ptr<const Variant> make_fall_variant() {
  auto scenario = load_scenario();
  assert(scenario.has_value());  // compiled-in data, checked by the tests
  return std::make_unique<FallVariant>(std::make_shared<const Scenario>(std::move(*scenario)));
}

}  // namespace naumachia::fall
