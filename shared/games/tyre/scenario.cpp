// Tyre: the scenario data (data/scenario.txt): fleets, ships, naval leaders,
// reinforcement rolls (17.2) and the default deployment (17.1).
#include <algorithm>

#include "core/records.h"
#include "games/tyre/data.h"
#include "games/tyre/position.h"

namespace naumachia::data {
std::string_view tyre_scenario();
}

namespace naumachia::tyre {

Expected<Scenario> load_scenario() {
  return load_scenario(data::tyre_scenario());
}

Expected<Scenario> load_scenario(std::string_view scenario_text) {
  auto map = load_map();
  if (!map) return fail(map.error().message);
  auto tables = load_tables();
  if (!tables) return fail(tables.error().message);
  auto army = load_army();
  if (!army) return fail(army.error().message);
  auto siege = load_siege_tables();
  if (!siege) return fail(siege.error().message);
  Scenario s{std::move(*map),  std::move(*tables), {}, {}, {}, {},
             std::move(*army), std::move(*siege)};
  const auto fleet_of = [&](const records::Record& r, std::size_t i) -> Expected<Fleet*> {
    for (Fleet& f : s.fleets) {
      if (f.id == r[i]) return &f;
    }
    return r.error("unknown fleet '" + std::string(r[i]) + "'");
  };
  for (const records::Record& r : records::read(scenario_text, "scenario")) {
    if (r.is("fleet", 3)) {
      auto side = side_field(r, 2);
      if (!side) return fail(side.error().message);
      s.fleets.push_back(Fleet{std::string(r[1]), *side, std::string(r[3]), {}});
    } else if (r.is("ship", 3, 4)) {
      auto fleet = fleet_of(r, 2);
      if (!fleet) return fail(fleet.error().message);
      auto type = r.choice<ShipType>(3, "ship type",
                                     {{"bireme", ShipType::Bireme},
                                      {"trireme", ShipType::Trireme},
                                      {"quinquereme", ShipType::Quinquereme}});
      if (!type) return fail(type.error().message);
      if (r.size() == 5 && r[4] != "fireship")
        return r.error("the last word may only be 'fireship'");
      Ship ship;
      ship.id = std::string(r[1]);
      ship.fleet = (*fleet)->id;
      ship.side = (*fleet)->side;
      ship.type = *type;
      ship.fireship = r.size() == 5;
      s.ships.push_back(ship);
    } else if (r.is("leader", 4, 5)) {
      if (auto fleet = fleet_of(r, 2); !fleet) return fail(fleet.error().message);
      auto ratings = r.integers(3, "-", 3, 0, 9);
      if (!ratings) return fail(ratings.error().message + " (RAM-MELEE-RADIUS)");
      if (r.size() == 6 && r[5] != "all") return r.error("the last word may only be 'all'");
      s.leaders.push_back(Leader{std::string(r[1]), std::string(r[2]), (*ratings)[0], (*ratings)[1],
                                 (*ratings)[2], r.size() == 6,
                                 r[4] == "-" ? std::string() : std::string(r[4]), 0, false});
    } else if (r.is("arrival", 2, 99)) {
      auto fleet = fleet_of(r, 1);
      if (!fleet) return fail(fleet.error().message);
      for (std::size_t i = 2; i < r.size(); ++i) {
        auto turn_roll = r.integers(i, ":", 2, 0, 99);
        if (!turn_roll) return fail(turn_roll.error().message + " (TURN:ROLL)");
        (*fleet)->arrival[(*turn_roll)[0]] = (*turn_roll)[1];
      }
    } else if (r.is("deploy", 3)) {
      auto h = r.hex(2);
      if (!h) return fail(h.error().message);
      auto d = r.dir(3);
      if (!d) return fail(d.error().message);
      s.deploy[std::string(r[1])] = {*h, *d};
    } else {
      return r.error("not understood");
    }
  }
  return s;
}

}  // namespace naumachia::tyre
