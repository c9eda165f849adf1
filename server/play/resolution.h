#pragma once
// Resolution: a step resolves once every seat that must order is ready (a
// resigned seat is, unless a partner plays its forces), or at its deadline
// with the orders last sent and defaults for the rest; it is played by
// records/step.h, and the game takes the position it reaches. And the end of
// a game that resignations decided. Each a change to a live game, as
// play/live_game.h makes them.
#include <cstdint>

#include "play/live_game.h"

namespace naumachia::server {

// Resolves steps while every seat that must order is ready (or resigned),
// or (`by_deadline`) the first whose deadline has passed at `at`; returns
// whether any did. A failing resolution is logged and leaves the game as it
// was: the request that triggered it still stands.
bool resolve_ready(LiveGame& g, Writes& w, bool by_deadline, std::int64_t at);

// When nobody is left to play against (every seat still in the game plays
// every remaining side), the game ends and the remaining sides win.
void end_if_decided(LiveGame& g, Writes& w, std::int64_t at);

}  // namespace naumachia::server
