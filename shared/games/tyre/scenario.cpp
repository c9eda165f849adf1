// Tyre: the scenario data (data/scenario.txt): fleets, ships, naval leaders,
// reinforcement rolls (17.2) and the default deployment (17.1).
#include <algorithm>

#include "core/text.h"
#include "games/tyre/data.h"
#include "games/tyre/position.h"

namespace naumachia::data {
std::string_view tyre_scenario();
}

namespace naumachia::tyre {

Expected<Scenario> load_scenario() {
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
  int n = 0;
  for (std::string_view raw : text::lines(data::tyre_scenario())) {
    ++n;
    const auto w = text::split(text::trim(raw.substr(0, raw.find('#'))));
    if (w.empty()) continue;
    const std::string where = "scenario line " + std::to_string(n);
    if (w[0] == "fleet" && w.size() == 4) {
      s.fleets.push_back(Fleet{std::string(w[1]),
                               w[2] == "Tyrian" ? Side::Tyrian : Side::Macedonian,
                               std::string(w[3]),
                               {}});
    } else if (w[0] == "ship" && (w.size() == 4 || (w.size() == 5 && w[4] == "fireship"))) {
      const auto fleet = std::find_if(s.fleets.begin(), s.fleets.end(),
                                      [&](const Fleet& f) { return f.id == w[2]; });
      if (fleet == s.fleets.end()) return fail(where + ": unknown fleet");
      Ship ship;
      ship.id = std::string(w[1]);
      ship.fleet = fleet->id;
      ship.side = fleet->side;
      ship.type = w[3] == "bireme"        ? ShipType::Bireme
                  : w[3] == "quinquereme" ? ShipType::Quinquereme
                                          : ShipType::Trireme;
      ship.fireship = w.size() == 5;
      s.ships.push_back(ship);
    } else if (w[0] == "leader" && (w.size() == 5 || w.size() == 6)) {
      const auto r = text::split(w[3], "-");
      long long a = 0, b = 0, c = 0;
      if (r.size() != 3 || !text::parse_int(r[0], a) || !text::parse_int(r[1], b) ||
          !text::parse_int(r[2], c)) {
        return fail(where + ": ratings are RAM-MELEE-RADIUS");
      }
      s.leaders.push_back(Leader{std::string(w[1]), std::string(w[2]), static_cast<int>(a),
                                 static_cast<int>(b), static_cast<int>(c),
                                 w.size() == 6 && w[5] == "all",
                                 w[4] == "-" ? std::string() : std::string(w[4]), 0, false});
    } else if (w[0] == "arrival" && w.size() >= 3) {
      auto fleet = std::find_if(s.fleets.begin(), s.fleets.end(),
                                [&](const Fleet& f) { return f.id == w[1]; });
      if (fleet == s.fleets.end()) return fail(where + ": unknown fleet");
      for (std::size_t i = 2; i < w.size(); ++i) {
        const auto tr = text::split(w[i], ":");
        long long turn = 0, roll = 0;
        if (tr.size() != 2 || !text::parse_int(tr[0], turn) || !text::parse_int(tr[1], roll))
          return fail(where + ": TURN:ROLL");
        fleet->arrival[static_cast<int>(turn)] = static_cast<int>(roll);
      }
    } else if (w[0] == "deploy" && w.size() == 4) {
      const auto h = hex::parse_hex(w[2]);
      const auto d = hex::parse_dir(w[3]);
      if (!h || !d) return fail(where + ": deploy SHIP HEX DIR");
      s.deploy[std::string(w[1])] = {*h, *d};
    } else {
      return fail(where + ": not understood");
    }
  }
  return s;
}

}  // namespace naumachia::tyre
