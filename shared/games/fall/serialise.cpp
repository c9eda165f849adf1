// The Fall of Constantinople: a game as canonical text, one fact a line,
// sorted, so that equal positions give equal bytes; and read back, every name
// checked against the scenario, so that a corrupt store is an error.
#include <algorithm>
#include <sstream>

#include "core/text.h"
#include "games/fall/board.h"
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

// Position lines in canonical order; the game's own lines (players, step,
// end) come before them.
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

// The readers of position lines, one for each key, given the line's words
// after the key; false when the line is not one.
struct LineReader {
  const Scenario& scenario;
  Position& pos;

  bool power(std::string_view name) const { return scenario.power(name) != nullptr; }
  bool province(std::string_view id) const { return scenario.map().province(id) != nullptr; }
  bool city(std::string_view id) const { return scenario.map().city(id) != nullptr; }
  bool sea(std::string_view id) const {
    const auto* p = scenario.map().province(id);
    return p && p->terrain == diplomacy::Terrain::Sea;
  }

  bool season(const std::vector<std::string_view>& w) {
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

  bool group(const std::vector<std::string_view>& w) {
    const auto& map = scenario.map();
    Group g;
    g.power = std::string(w[1]);
    if ((!power(w[1]) && w[1] != kRebels) || !read_type(w[2], g.type) ||
        !read_count(w[3], g.count, 1) || !read_place(w[4], w[5], g.place) ||
        // Armies stand at sea only with fleets (an A/F), on the sea's province.
        !(map.can_stand(g.type, g.place.location) ||
          (g.type == UnitType::Army && sea(g.place.location))) ||
        (g.place.in_city && !city(province_of(g.place.location))))
      return false;
    pos.groups.push_back(std::move(g));
    return true;
  }

  bool stock(const std::vector<std::string_view>& w) {
    Stock s;
    if (!power(w[1]) || !read_count(w[2], s.money, 0, 1000000) ||
        !read_count(w[3], s.manpower, 0, 1000000) || !read_count(w[4], s.food, 0, 1000000))
      return false;
    pos.stocks[std::string(w[1])] = s;
    return true;
  }

  bool owner(std::map<std::string, std::string>& owners, bool place_known,
             const std::vector<std::string_view>& w) {
    if (!place_known || !power(w[2])) return false;
    owners[std::string(w[1])] = std::string(w[2]);
    return true;
  }

  bool siege(const std::vector<std::string_view>& w) {
    Siege s{std::string(w[2]), 0};
    if (!city(w[1]) || !power(w[2]) || !read_count(w[3], s.seasons, 1)) return false;
    pos.sieges[std::string(w[1])] = s;
    return true;
  }

  bool mark(std::set<std::string>& marks, bool place_known,
            const std::vector<std::string_view>& w) {
    if (!place_known) return false;
    marks.insert(std::string(w[1]));
    return true;
  }

  bool pending(const std::vector<std::string_view>& w) {
    PendingBuild b;
    b.power = std::string(w[1]);
    b.city = std::string(w[3]);
    b.coast = text::unword(w[4]);
    if (!power(w[1]) || !city(w[3]) || !read_type(w[2], b.type) || !read_flag(w[5], b.mercenary) ||
        !read_flag(w[6], b.outside))
      return false;
    pos.pending.push_back(std::move(b));
    return true;
  }

  bool dislodged(const std::vector<std::string_view>& w) {
    Dislodged d;
    d.power = std::string(w[1]);
    if (!power(w[1]) || !read_count(w[2], d.armies, 0) || !read_count(w[3], d.fleets, 0) ||
        d.armies + d.fleets == 0 || !read_place(w[4], w[5], d.place) ||
        !province(province_of(d.place.location)))
      return false;
    if (w[6] != "-") {
      for (auto a : text::split(w[6], ",")) {
        if (!province(a)) return false;
      }
    }
    d.attacker_from = text::unword(w[6]);
    pos.dislodged.push_back(std::move(d));
    return true;
  }

  bool sea_disband(const std::vector<std::string_view>& w) {
    SeaDisband d{std::string(w[1]), 0};
    if (!sea(w[1]) || !read_count(w[2], d.excess, 1)) return false;
    pos.sea_disbands.push_back(std::move(d));
    return true;
  }

  // One line of a position, by its key and its number of words.
  bool line(const std::vector<std::string_view>& w) {
    const std::string_view key = w.empty() ? "" : w[0];
    const std::size_t n = w.size();
    if (key == "season" && n == 3) return season(w);
    if (key == "first_winter" && n == 2) return read_flag(w[1], pos.first_winter);
    if (key == "retreats" && n == 2) return read_flag(w[1], pos.retreats);
    if (key == "group" && n == 6) return group(w);
    if (key == "stock" && n == 5) return stock(w);
    if (key == "city" && n == 3) return owner(pos.city_owner, city(w[1]), w);
    if (key == "province" && n == 3) return owner(pos.province_owner, province(w[1]), w);
    if (key == "siege" && n == 4) return siege(w);
    if (key == "pillaged_city" && n == 2) return mark(pos.pillaged_cities, city(w[1]), w);
    if (key == "pillaged_province" && n == 2)
      return mark(pos.pillaged_provinces, province(w[1]), w);
    if (key == "pending" && n == 7) return pending(w);
    if (key == "dislodged" && n == 7) return dislodged(w);
    if (key == "sea_disband" && n == 3) return sea_disband(w);
    if (key == "standoff" && n == 2) return mark(pos.standoffs, province(w[1]), w);
    return false;
  }
};

}  // namespace

std::string Board::serialize() const {
  std::ostringstream out;
  out << "fall 1\nplayers " << seats_.players() << "\nstep " << step_ << "\nover " << over_
      << "\nwinner " << text::word(winner_) << "\nresult " << text::word(result_) << "\n"
      << write_position(*this);
  return out.str();
}

std::optional<std::string> Board::parse(std::string_view bytes) {
  const auto lines = text::lines(bytes);
  if (lines.empty() || lines[0] != "fall 1") return "not a Fall of Constantinople state";
  Position pos;
  pos.stocks.clear();
  LineReader reader{*sc_, pos};
  long long players = 0, step = 0, over = 0;
  std::string winner, result;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto w = text::split(lines[i]);
    if (w.empty()) continue;
    if (w[0] == "players" && w.size() == 2 && text::parse_int(w[1], players)) continue;
    if (w[0] == "step" && w.size() == 2 && text::parse_int(w[1], step)) continue;
    if (w[0] == "over" && w.size() == 2 && text::parse_int(w[1], over)) continue;
    if (w[0] == "winner" && w.size() == 2 && (w[1] == "-" || sc_->power(w[1]))) {
      winner = text::unword(w[1]);
      continue;
    }
    if (w[0] == "result") {
      result = text::unword(text::trim(lines[i].substr(6)));
      continue;
    }
    if (!reader.line(w))
      return "unreadable line " + std::to_string(i + 1) + " of a Fall of Constantinople state: '" +
             std::string(lines[i].substr(0, 80)) + "'";
  }
  if (players < 2 || players > static_cast<long long>(sc_->powers().size()) || step < 1 ||
      (over != 0 && over != 1))
    return "bad players, step or end in a Fall of Constantinople state";
  static_cast<Position&>(*this) = std::move(pos);
  seats_ = diplomacy::PowerSeats(sc_->map(), static_cast<int>(players));
  step_ = step;
  over_ = over == 1;
  winner_ = winner;
  result_ = result;
  return std::nullopt;
}

}  // namespace naumachia::fall
