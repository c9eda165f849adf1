// The Fall of Constantinople: a position as canonical text, one fact a line,
// sorted, so that equal positions give equal bytes; and read back, every name
// checked against the scenario, so that a corrupt store is an error.
#include <algorithm>
#include <sstream>

#include "core/text.h"
#include "games/fall/fall.h"
#include "games/fall/units.h"

namespace naumachia::fall {

using diplomacy::province_of;

namespace {

const char* type_letter(UnitType t) {
  return t == UnitType::Army ? "A" : "F";
}

bool read_type(std::string_view w, UnitType& t) {
  if (w != "A" && w != "F") return false;
  t = w == "A" ? UnitType::Army : UnitType::Fleet;
  return true;
}

// Units and seasons are counted to 1,000 (more than the board could feed);
// stocks to a million: sums of them stay far inside an int.
bool read_count(std::string_view w, int& n, int least, long long most = 1000) {
  long long v = 0;
  if (!text::parse_int(w, v) || v < least || v > most) return false;
  n = static_cast<int>(v);
  return true;
}

bool read_flag(std::string_view w, bool& b) {
  if (w != "0" && w != "1") return false;
  b = w == "1";
  return true;
}

bool read_place(std::string_view where, std::string_view in, Place& p) {
  if (in != "in" && in != "out") return false;
  p = Place{std::string(where), in == "in"};
  return true;
}

}  // namespace

std::string write_position(const Position& pos) {
  std::ostringstream out;
  out << "season " << units::season_name(pos.season) << " " << pos.year << "\n"
      << "first_winter " << pos.first_winter << "\nretreats " << pos.retreats << "\n";
  std::vector<Group> groups = pos.groups;
  std::sort(groups.begin(), groups.end());
  for (const Group& g : groups) {
    out << "group " << g.power << " " << type_letter(g.type) << " " << g.count << " "
        << g.place.location << " " << (g.place.in_city ? "in" : "out") << "\n";
  }
  for (const auto& [power, s] : pos.stocks)
    out << "stock " << power << " " << s.money << " " << s.manpower << " " << s.food << "\n";
  for (const auto& [city, power] : pos.city_owner) out << "city " << city << " " << power << "\n";
  for (const auto& [prov, power] : pos.province_owner)
    out << "province " << prov << " " << power << "\n";
  for (const auto& [city, s] : pos.sieges)
    out << "siege " << city << " " << s.besieger << " " << s.seasons << "\n";
  for (const auto& c : pos.pillaged_cities) out << "pillaged_city " << c << "\n";
  for (const auto& p : pos.pillaged_provinces) out << "pillaged_province " << p << "\n";
  for (const PendingBuild& b : pos.pending) {
    out << "pending " << b.power << " " << type_letter(b.type) << " " << b.city << " "
        << (b.coast.empty() ? "-" : b.coast) << " " << b.mercenary << " " << b.outside << "\n";
  }
  std::vector<Dislodged> dislodged = pos.dislodged;
  std::sort(dislodged.begin(), dislodged.end());
  for (const Dislodged& d : dislodged) {
    out << "dislodged " << d.power << " " << d.armies << " " << d.fleets << " " << d.place.location
        << " " << (d.place.in_city ? "in" : "out") << " "
        << (d.attacker_from.empty() ? "-" : d.attacker_from) << "\n";
  }
  for (const SeaDisband& d : pos.sea_disbands)
    out << "sea_disband " << d.sea << " " << d.excess << "\n";
  for (const auto& s : pos.standoffs) out << "standoff " << s << "\n";
  return out.str();
}

bool read_position_line(const Scenario& scenario, const std::vector<std::string_view>& w,
                        Position& pos) {
  const auto& map = scenario.map();
  const auto power = [&](std::string_view name) { return scenario.power(name) != nullptr; };
  const auto province = [&](std::string_view id) { return map.province(id) != nullptr; };
  const auto city = [&](std::string_view id) { return map.city(id) != nullptr; };
  const std::string_view key = w.empty() ? "" : w[0];
  if (key == "season" && w.size() == 3) {
    long long year = 0;
    bool found = false;
    for (Season s : {Season::Spring, Season::Summer, Season::Autumn, Season::Winter}) {
      if (w[1] == units::season_name(s)) {
        pos.season = s;
        found = true;
      }
    }
    if (!found || !text::parse_int(w[2], year) || year < 1000 || year > 3000) return false;
    pos.year = static_cast<int>(year);
    return true;
  }
  if (key == "first_winter" && w.size() == 2) return read_flag(w[1], pos.first_winter);
  if (key == "retreats" && w.size() == 2) return read_flag(w[1], pos.retreats);
  if (key == "group" && w.size() == 6) {
    Group g;
    g.power = std::string(w[1]);
    if ((!power(w[1]) && w[1] != kRebels) || !read_type(w[2], g.type) ||
        !read_count(w[3], g.count, 1) || !read_place(w[4], w[5], g.place) ||
        // Armies stand at sea only with fleets (an A/F), on the sea's province.
        !(map.can_stand(g.type, g.place.location) ||
          (g.type == UnitType::Army && map.province(g.place.location) &&
           map.province(g.place.location)->terrain == diplomacy::Terrain::Sea)) ||
        (g.place.in_city && !city(province_of(g.place.location))))
      return false;
    pos.groups.push_back(std::move(g));
    return true;
  }
  if (key == "stock" && w.size() == 5 && power(w[1])) {
    Stock s;
    if (!read_count(w[2], s.money, 0, 1000000) || !read_count(w[3], s.manpower, 0, 1000000) ||
        !read_count(w[4], s.food, 0, 1000000))
      return false;
    pos.stocks[std::string(w[1])] = s;
    return true;
  }
  if (key == "city" && w.size() == 3 && city(w[1]) && power(w[2])) {
    pos.city_owner[std::string(w[1])] = std::string(w[2]);
    return true;
  }
  if (key == "province" && w.size() == 3 && province(w[1]) && power(w[2])) {
    pos.province_owner[std::string(w[1])] = std::string(w[2]);
    return true;
  }
  if (key == "siege" && w.size() == 4 && city(w[1]) && power(w[2])) {
    Siege s{std::string(w[2]), 0};
    if (!read_count(w[3], s.seasons, 1)) return false;
    pos.sieges[std::string(w[1])] = s;
    return true;
  }
  if (key == "pillaged_city" && w.size() == 2 && city(w[1])) {
    pos.pillaged_cities.insert(std::string(w[1]));
    return true;
  }
  if (key == "pillaged_province" && w.size() == 2 && province(w[1])) {
    pos.pillaged_provinces.insert(std::string(w[1]));
    return true;
  }
  if (key == "pending" && w.size() == 7 && power(w[1]) && city(w[3])) {
    PendingBuild b;
    b.power = std::string(w[1]);
    b.city = std::string(w[3]);
    b.coast = w[4] == "-" ? "" : std::string(w[4]);
    if (!read_type(w[2], b.type) || !read_flag(w[5], b.mercenary) || !read_flag(w[6], b.outside))
      return false;
    pos.pending.push_back(std::move(b));
    return true;
  }
  if (key == "dislodged" && w.size() == 7 && power(w[1])) {
    Dislodged d;
    d.power = std::string(w[1]);
    if (!read_count(w[2], d.armies, 0) || !read_count(w[3], d.fleets, 0) ||
        d.armies + d.fleets == 0 || !read_place(w[4], w[5], d.place) ||
        !province(province_of(d.place.location)))
      return false;
    if (w[6] != "-") {
      for (auto a : text::split(w[6], ",")) {
        if (!province(a)) return false;
      }
    }
    d.attacker_from = w[6] == "-" ? "" : std::string(w[6]);
    pos.dislodged.push_back(std::move(d));
    return true;
  }
  if (key == "sea_disband" && w.size() == 3 && province(w[1]) &&
      map.province(w[1])->terrain == diplomacy::Terrain::Sea) {
    SeaDisband d{std::string(w[1]), 0};
    if (!read_count(w[2], d.excess, 1)) return false;
    pos.sea_disbands.push_back(std::move(d));
    return true;
  }
  if (key == "standoff" && w.size() == 2 && province(w[1])) {
    pos.standoffs.insert(std::string(w[1]));
    return true;
  }
  return false;
}

}  // namespace naumachia::fall
