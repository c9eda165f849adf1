#pragma once
// The Fall of Constantinople: a position. The board is a Diplomacy map with
// cities (games/diplomacy/map.h); units stand in groups ("multiple units",
// Multiplicity Plus as the variant amends it) either in a province (or on a
// coast) or inside the province's city. Rule choices:
// docs/rules/fall-of-constantinople.md.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "games/diplomacy/map.h"

namespace naumachia::fall {

using diplomacy::UnitType;

// The text's year: Spring (armies built last winter appear, movement),
// Summer (upkeep in food), Autumn (fleets appear, movement), Winter (income,
// maintenance, builds, food).
enum class Season { Spring, Summer, Autumn, Winter };

// The power of rebel units (rebels hold, pillage, take no support, disband
// when dislodged).
inline const std::string kRebels = "Rebels";

// Where units stand: a province (or "prov/ec" for fleets on a coast), or the
// city inside a province.
struct Place {
  std::string location;  // province id, or "prov/coast"
  bool in_city = false;
  auto operator<=>(const Place&) const = default;
};

// Some units of one power and one type in one place. A multiple unit is every
// Group in a place outside a city; several powers make a multinational unit.
struct Group {
  std::string power;  // or kRebels
  UnitType type = UnitType::Army;
  int count = 1;
  Place place;
  auto operator<=>(const Group&) const = default;
};

struct Stock {
  int money = 0;     // £, kept from year to year
  int manpower = 0;  // M, lost when not used in the winter it comes
  int food = 0;      // F, kept
  auto operator<=>(const Stock&) const = default;
};

// A siege of a city by the power whose units stand in its province.
struct Siege {
  std::string besieger;
  int seasons = 0;  // seasons besieged so far
  auto operator<=>(const Siege&) const = default;
};

// A unit ordered in winter that appears later (armies in Spring, fleets in
// Autumn); in the first winter they appear outside their city.
struct PendingBuild {
  std::string power;
  UnitType type = UnitType::Army;
  std::string city;  // province id of the city
  // A fleet built in a double-coast province (Messinia, West Thrace): the
  // coast it stands on ("wc", "ec"); empty otherwise.
  std::string coast;
  bool mercenary = false;
  bool outside = false;  // the first winter's builds appear outside the city
  auto operator<=>(const PendingBuild&) const = default;
};

// A force dislodged in a movement season, waiting to retreat (FoC: standard
// Diplomacy retreats, with an army's own city as one more place to go).
struct Dislodged {
  std::string power;
  int armies = 0;
  int fleets = 0;
  Place place;                // where it stood: the fleets' coast when it has fleets
  // The provinces the attack came from, comma-separated ("ath,nep"; a sally
  // from the city counts as from the province); "" for an attack by convoy.
  std::string attacker_from;
  auto operator<=>(const Dislodged&) const = default;
};

// Multiplicity Plus (10): a multinational A/F left unseaworthy at sea, whose
// fleets' owners choose which armies are lost.
struct SeaDisband {
  std::string sea;  // province id
  int excess = 0;   // armies to disband
  auto operator<=>(const SeaDisband&) const = default;
};

struct Position {
  Season season = Season::Winter;
  int year = 1354;
  std::vector<Group> groups;
  std::map<std::string, std::string> city_owner;      // city (province id) -> power
  std::map<std::string, std::string> province_owner;  // land or island province -> power
  std::map<std::string, Stock> stocks;                // power -> its treasury
  std::map<std::string, Siege> sieges;                // city -> siege
  std::set<std::string> pillaged_cities;              // yield no money next winter
  std::set<std::string> pillaged_provinces;           // yield no food next winter
  std::vector<PendingBuild> pending;
  bool first_winter = true;
  // Between a movement season's adjudication and its retreats (and the
  // choices of disbands at sea, made in the same step).
  bool retreats = false;
  std::vector<Dislodged> dislodged;
  std::vector<SeaDisband> sea_disbands;
  std::set<std::string> standoffs;  // provinces left empty by a bounce, closed to retreats
};

}  // namespace naumachia::fall
