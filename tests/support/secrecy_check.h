#pragma once
// The secrecy check every module with hidden information runs. A module
// declares what a position hides (State::secrets(): distinctive tokens and
// the seats that may know each); these functions look for those tokens where
// a seat outside the audience could read them: in its view, in the events and
// revealed orders of a step, and, through the real server, in every byte of
// every frame a seat's connection received.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace naumachia::testing {

// The secrets in `text` that `reader` (nullopt: an observer) may not know:
// one line per leak, naming `where` and the token.
std::vector<std::string> leaks_in(std::string_view text, const std::vector<Secret>& secrets,
                                  std::optional<PlayerId> reader, const std::string& where);

// Every seat's view of `state` against the state's own secrets.
std::vector<std::string> view_leaks(const State& state, int seats);

// Every decision each seat that orders is offered, and every way on from
// each (at most `most` answers a seat), against the state's own secrets.
std::vector<std::string> choices_leaks(const State& state, std::size_t most = 500);

// One resolved step: each event against the secrets of the position it led
// to, for every seat (and observer) in the event's audience; each seat's
// orders against the same, for every seat that may read them.
std::vector<std::string> step_leaks(const State& before, const std::map<PlayerId, OrderSet>& orders,
                                    const Resolution& resolution, int seats);

// Every frame a reader received, against the secrets of the game's current
// position (a token still secret now was never legitimately revealed).
std::vector<std::string> frame_leaks(const std::vector<std::string>& frames,
                                     const std::vector<Secret>& secrets,
                                     std::optional<PlayerId> reader);

// All of a view's text, for scanning.
std::string view_text(const View& view);

}  // namespace naumachia::testing
