#pragma once
// Orders given choice by choice (docs/order-choices.md). For the current step
// a module lists the decisions a seat may make (a piece to order, a plan, a
// build) and, for a decision and the choices made so far, every way on: the
// text it adds to the order line, a label a person reads, the cells it
// concerns and whether the line is then a whole order. A client offers them
// as a menu and as highlighted cells and knows no rule.
//
// The module proposes; `offered` disposes: a choice that completes the line
// is offered only if the module's own validation accepts the line alone (or
// the module vouches for it, Choice::vouched), and
// one that leaves it unfinished only if some way on from it completes it. So
// every line built from offered choices is a legal order on its own, and no
// offered path is a dead end.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"

namespace naumachia {

// One way on from a partial order.
struct Choice {
  std::string text;                // what it adds to the line, separators and all: ", move 2"
  std::string label;               // what a person reads: "move 2 hexes, to 3531"
  std::vector<std::string> cells;  // the view's cells it concerns (a destination, a target)
  bool complete = false;           // with it the line is a whole order (more may follow)
  bool last = false;               // nothing may follow it
  // The module vouches that the whole line is accepted alone: it proposed
  // it from the reckoning its own check makes (every hex a path search
  // reaches), so `offered` does not run the check again. Clients never see
  // it; the agreement test validates every line offered all the same.
  bool vouched = false;
  bool operator==(const Choice&) const = default;
};

// Something a seat decides in the current step: a piece to order, a plan.
struct Decision {
  std::string id;                  // how a request names it: "T7", "plan", "A par"
  std::string label;               // "T7, trireme 5-7-10 at 3531 facing S"
  std::string text;                // the line's beginning: "T7:"
  std::vector<std::string> cells;  // where the piece stands
  // What the rules do when the seat gives it no order: "holds", "disbands".
  std::string otherwise;
  bool operator==(const Decision&) const = default;
};

// One piece of a whole order as a module lists it: the text it adds, what a
// person reads, the cells it concerns.
struct Piece {
  std::string text;
  std::string label;
  std::vector<std::string> cells;
};
// A whole order, piece by piece, after its decision's text.
using Option = std::vector<Piece>;

// The ways on from `path` among whole orders a module can list in full (a
// Diplomacy unit's holds, moves, supports and convoys; a plan; a build): the
// next piece of each option that begins with `path`, each text once (the
// first option's label and cells); complete when an option ends with it,
// last when none goes on after it.
std::vector<Choice> ways_among(const std::vector<Option>& options,
                               const std::vector<std::string>& path);

// A module's proposals: every way on it sees from `path` (the texts chosen
// so far), flagged as it expects; `offered` checks them.
using Ways = std::function<std::vector<Choice>(const std::vector<std::string>& path)>;
// Whether a whole line is an order of the seat on its own (State::validate).
using Accepts = std::function<bool(const std::string& line)>;

// The line a decision's text and a path of choices make.
std::string line_of(const Decision& d, const std::vector<std::string>& path);

// The choices offered after `path`: the proposals of `ways` that complete a
// line `accepts`, or from which a way on completes one. Fails when `path`
// itself holds a text that was not offered.
Expected<std::vector<Choice>> offered(const Decision& d, const std::vector<std::string>& path,
                                      const Ways& ways, const Accepts& accepts);

}  // namespace naumachia
