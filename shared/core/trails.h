#pragma once
// Where the pieces of a hex board went in the step being resolved, and
// which order lines failed, for
// drawing the step's orders (State::order_arrows, Arrow.path): a relative
// order ("move 3, turn R, move 1") does not say where a piece began, and the
// position after the step no longer does. Recorded as pieces move (Mode::
// Execute), emptied when a step begins; not part of the position and never
// serialised, so a position read from bytes draws its orders without moves.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/hex.h"

namespace naumachia {

class Trails {
 public:
  void clear() {
    by_piece_.clear();
    failed_.clear();
  }
  // `piece` stepped from `from` into `to`.
  void step(const std::string& piece, hex::HexId from, hex::HexId to);
  // `piece` went back into the hex it had come from (a move stopped short).
  void step_back(const std::string& piece);
  // The order `line` failed or was not carried out.
  void fail(const std::string& line) { failed_.insert(line); }
  bool failed(const std::string& line) const { return failed_.count(line) > 0; }
  // The move of `piece`: an arrow from the hex it began in to the one it
  // stopped in through those between; nullopt if it did not move.
  std::optional<Arrow> move(const std::string& piece, int owner, std::string order) const;

 private:
  std::map<std::string, std::vector<hex::HexId>> by_piece_;
  std::set<std::string> failed_;
};

// An order given from one hex at another: a ram, fire, a melee.
Arrow hex_arrow(hex::HexId from, hex::HexId to, ArrowKind kind, int owner, std::string order);

}  // namespace naumachia
