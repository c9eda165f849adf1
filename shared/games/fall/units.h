#pragma once
// The Fall of Constantinople: helpers the economy's files share for finding,
// counting and naming a power's units. Internal to games/fall.
#include <string>
#include <vector>

#include "games/fall/economy.h"

namespace naumachia::fall::units {

std::string season_name(Season s);
std::string city_name(const Scenario& scenario, const std::string& city);
// "Genoa's", "Ottomans'".
std::string possessive(const std::string& power);
// "Genoa's A chi".
std::string owned_by(const Group& g);
std::string describe(const UnitRef& ref);

// Whether the order's `ref` names (some of) the group.
bool names(const UnitRef& ref, const Group& g);
// Components of the power's units on the board.
int components(const Position& pos, const std::string& power);
// Components inside the city of province `city`, whoever's.
int garrison(const Position& pos, const std::string& city);
// One group per power, type and place, in the order first met; none empty.
void normalise(std::vector<Group>& groups);

// Records a refused order, in the notes and in the refusals.
void refuse(EconomyResult& r, const std::string& power, const std::string& order,
            const std::string& reason);
// Carries out a named disband, or refuses it when the power has not that many
// such units. Whether it was carried out.
bool disband_named(Position& pos, const std::string& power, const UnitRef& ref, EconomyResult& r);

}  // namespace naumachia::fall::units
