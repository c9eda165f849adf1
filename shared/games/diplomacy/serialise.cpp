// Diplomacy: a game as canonical text, one fact a line in a fixed order, so
// that equal positions give equal bytes; and read back, every name checked
// against the map, so that a corrupt store is an error.
#include <sstream>

#include "core/text.h"
#include "games/diplomacy/board.h"

namespace naumachia::diplomacy {

namespace {

constexpr Season kSeasons[] = {Season::Spring, Season::Fall, Season::Winter};

// "unit France A par", "dislodged France F bre eng": a unit of a known power
// where the map has the province.
std::optional<Unit> read_unit(const Map& map, const std::vector<std::string_view>& w) {
  if (!map.power(w[1]) || (w[2] != "A" && w[2] != "F") || !map.province(province_of(w[3])))
    return std::nullopt;
  return Unit{w[2] == "A" ? UnitType::Army : UnitType::Fleet, std::string(w[1]), std::string(w[3])};
}

}  // namespace

const char* season_name(Season s) {
  return s == Season::Spring ? "Spring" : s == Season::Fall ? "Fall" : "Winter";
}

std::optional<Season> season_named(std::string_view name) {
  for (Season s : kSeasons) {
    if (name == season_name(s)) return s;
  }
  return std::nullopt;
}

std::string Board::serialize() const {
  std::ostringstream out;
  out << "diplomacy 1\nmap " << map_->name() << "\nplayers " << seats_.players() << "\nstep "
      << step_ << "\nphase " << season_name(season) << " " << year << " " << sequence()[phase].name
      << "\nwinner " << text::word(winner_) << "\n";
  for (const auto& [prov, u] : units) out << "unit " << u.power << " " << format_unit(u) << "\n";
  for (const auto& [prov, d] : dislodged) {
    out << "dislodged " << d.unit.power << " " << format_unit(d.unit) << " "
        << text::word(d.attacker_from) << "\n";
  }
  for (const auto& s : standoffs) out << "standoff " << s << "\n";
  for (const auto& [prov, power] : owners) out << "owner " << prov << " " << power << "\n";
  return out.str();
}

std::optional<std::string> Board::parse(std::string_view bytes) {
  const auto lines = text::lines(bytes);
  if (lines.empty() || lines[0] != "diplomacy 1") return "not a diplomacy state";
  Position pos;
  long long players = 0, step = 0;
  std::string winner;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto w = text::split(lines[i]);
    if (w.empty()) continue;
    long long y = 0;
    if (w[0] == "map" && w.size() == 2) {
      if (w[1] != map_->name()) return "the state is for map '" + std::string(w[1]) + "'";
    } else if (w[0] == "players" && w.size() == 2 && text::parse_int(w[1], players)) {
    } else if (w[0] == "step" && w.size() == 2 && text::parse_int(w[1], step)) {
    } else if (w[0] == "phase" && w.size() == 4 && text::parse_int(w[2], y) && season_named(w[1]) &&
               sequence().named(w[3])) {
      pos.season = *season_named(w[1]);
      pos.phase = *sequence().named(w[3]);
      pos.year = static_cast<int>(y);
    } else if (w[0] == "winner" && w.size() == 2) {
      winner = text::unword(w[1]);
    } else if ((w[0] == "unit" && w.size() == 4) || (w[0] == "dislodged" && w.size() == 5)) {
      const auto u = read_unit(*map_, w);
      if (!u) return "bad unit line";
      if (w[0] == "unit")
        pos.units[province_of(w[3])] = *u;
      else
        pos.dislodged[province_of(w[3])] = Dislodgement{*u, text::unword(w[4])};
    } else if (w[0] == "standoff" && w.size() == 2 && map_->province(w[1])) {
      pos.standoffs.insert(std::string(w[1]));
    } else if (w[0] == "owner" && w.size() == 3 && map_->province(w[1]) && map_->power(w[2])) {
      pos.owners[std::string(w[1])] = std::string(w[2]);
    } else {
      return "unreadable line " + std::to_string(i + 1) + " of a diplomacy state";
    }
  }
  if (players < 2 || players > static_cast<long long>(map_->powers().size()) || step < 1)
    return "bad players or step";
  static_cast<Position&>(*this) = std::move(pos);
  seats_ = PowerSeats(*map_, static_cast<int>(players));
  step_ = step;
  winner_.clear();
  over_ = false;
  result_.clear();
  if (!winner.empty()) declare_winner(winner);
  return std::nullopt;
}

}  // namespace naumachia::diplomacy
