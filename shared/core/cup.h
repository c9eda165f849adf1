#pragma once
// A cup of chits (or a deck of cards) drawn without replacement with the
// game's dice. The cup holds a multiset, kept sorted: no order of future draws
// exists anywhere (not in the state, its bytes or its hash) until a draw is
// made, when one die of as many faces as there are chits picks the chit. The
// work of a draw does not depend on which chit comes out. Each draw is an
// event for the audience the module names; the die roll, which would tell
// where in the sorted cup the chit lay, goes only to that audience.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/audience.h"
#include "core/dice.h"
#include "core/game.h"
#include "core/result.h"

namespace naumachia {

class Cup {
 public:
  Cup() = default;
  explicit Cup(std::vector<std::string> chits);

  std::size_t size() const { return chits_.size(); }
  bool empty() const { return chits_.empty(); }
  // How many of `chit` are in the cup.
  std::size_t count(std::string_view chit) const;
  // The contents, sorted: for the module's serialisation and for views that
  // may show them (most may not: what is left tells what was drawn).
  const std::vector<std::string>& contents() const { return chits_; }

  void put(std::string chit);
  // Removes one `chit` (a chit taken out by a rule rather than drawn).
  bool take(std::string_view chit);

  struct Draw {
    std::string chit;
    Event event;  // "<who> draws <chit>", with the roll, for the given audience
  };
  // Draws one chit at random; nullopt when the cup is empty. `who` says who
  // draws, for the event text ("Red draws alpha from the cup"); `audience` who
  // may read which chit it was.
  std::optional<Draw> draw(Dice& dice, const std::string& who, Audience audience);

  // One line: "cup N chit chit ..." (N = size); parse() checks the count and
  // the order, so corrupt bytes are refused rather than silently fixed.
  std::string serialize() const;
  static Expected<Cup> parse(std::string_view line);

  bool operator==(const Cup&) const = default;

 private:
  std::vector<std::string> chits_;  // sorted
};

}  // namespace naumachia
