#pragma once
// Every refusal of a game names the rule it applies: a case in brackets, or
// the document that defines the order notation (docs/rules/<game>.md,
// "Refusals"). The walk finds the refusals a game gives: it plays random legal
// games and, at every step, gives each ordering seat illegal lines one at a
// time — its own candidate lines garbled and given twice, the other seats'
// lines, and a table of lines illegal somewhere — and keeps every message.
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/dice.h"
#include "core/game.h"

namespace naumachia::testing {

// Whether `message` names a case ("(5.12)", "(4.0 E)", "(FoC Building c)",
// "(DATC 6.A.6)", "(Multiplicity Plus (10))") or cites the notation of
// `doc` ("(notation: docs/rules/tyre.md)").
bool cites_rule(std::string_view message, std::string_view doc);

// The refusals met in `games` random games of up to `steps` steps from
// `start` (a new one each game, from new_state), one per message.
struct Walked {
  std::vector<std::string> refusals;  // each distinct message once
  int given = 0;                      // lines given
};
Walked walk_refusals(const std::function<std::unique_ptr<State>()>& new_state, int games, int steps,
                     const std::vector<std::string>& illegal);

// Plays random legal orders from `s` (dice and choices from `seed`) until the
// step's label holds `label`: that state, or nullptr after `steps` steps.
std::unique_ptr<State> play_until(std::unique_ptr<State> s, std::string_view label, int steps,
                                  const Seed& seed = {});

// The refusals of `walked` that cite no rule of `doc`.
std::vector<std::string> uncited(const Walked& walked, std::string_view doc);

}  // namespace naumachia::testing
