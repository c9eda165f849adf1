#pragma once
// Constantinople 1453: Berg's naval game for the siege (S&T), Ottoman against
// Byzantine: wind, sail and oar, ramming, simultaneous melee, the Boom and the
// Great Portage (docs/rules/constantinople.md).
#include <memory>

#include "core/game.h"

namespace naumachia::constantinople {

std::unique_ptr<Game> make_constantinople_game();

}  // namespace naumachia::constantinople
