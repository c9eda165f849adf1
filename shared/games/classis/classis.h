#pragma once
// Classis (George Arnold, v3.0): ancient galley fleet battles, two sides,
// squadrons activated by chits drawn from a cup: ram, rake, grapple, board
// (docs/rules/classis.md).
#include <memory>

#include "core/game.h"

namespace naumachia::classis {

std::unique_ptr<Game> make_classis_game();

}  // namespace naumachia::classis
