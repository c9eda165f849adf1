#pragma once
// The sequence of play as one table (docs/writing-a-module.md). A module
// writes its rulebook's sequence-of-play chart as a table of segments, one
// row per segment, in one file (sequence.cpp) that a reader can hold against
// the chart: the segment's name as stored in a position, the step's label,
// who orders, how one order line is checked, what a seat's orders must
// satisfy as a whole, the candidate orders random play draws from, how the
// segment is played, and what follows it. `Sequence` runs the table for every
// module alike: the seats to order, validation as a dry run of the same code
// that executes (core/adjudication.h), and resolution up to the next segment
// in which someone orders.
//
// A board run by a Sequence is a struct with the public members `seg_` (the
// current segment), `step_` (the step number) and `over_` (or, for a board
// whose last segment says that the game is over, `over()`), derives from
// Adjudication, and offers `seats()` (every seat of the game, in the order
// steps list them; fixed, or the seats of the game at hand) and
// `seat_name(seat)`. A board whose position says which segment it is in
// (Diplomacy's phase, Fall's season) offers `segment()` instead of `seg_`.
#include <algorithm>
#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/adjudication.h"
#include "core/choices.h"
#include "core/game.h"
#include "core/result.h"
#include "core/text.h"

namespace naumachia {

using Orders = std::map<PlayerId, OrderSet>;

// The player at `seat`: a side enum's value, or the PlayerId a module with
// a seat for each player (Diplomacy, Fall) names its seats by.
template <class Seat>
PlayerId player_of(Seat seat) {
  if constexpr (std::is_same_v<Seat, PlayerId>) {
    return seat;
  } else {
    return PlayerId{static_cast<int>(seat)};
  }
}

// The order lines `orders` holds for `seat` (none when it has none).
template <class Seat>
OrderSet orders_of(const Orders& orders, Seat seat) {
  const auto it = orders.find(player_of(seat));
  return it == orders.end() ? OrderSet{} : it->second;
}

// The segment a board is in: its `seg_`, or its `segment()`.
template <class Board>
auto segment_of(const Board& b) {
  if constexpr (requires { b.seg_; }) {
    return b.seg_;
  } else {
    return b.segment();
  }
}

// Faults found in a seat's lines together, each with the place of its line
// among the lines accepted (SegmentRule::together).
using LineFaults = std::vector<std::pair<std::size_t, std::string>>;

// A string literal as a template argument, so that a row's label can be a
// function of a fixed title: `turn<"Tyrian deployment (17.1)">`.
template <std::size_t N>
struct Literal {
  char text[N];
  constexpr Literal(const char (&s)[N]) {  // NOLINT: implicit by design
    for (std::size_t i = 0; i < N; ++i) text[i] = s[i];
  }
};

// One row of a table of segments. `Seat` is what the module names its
// players by (a side enum whose values are the seats, or a seat's number);
// `Claims` is what one seat's order lines have claimed so far (the pieces
// ordered, the points spent), so that each line is checked after those
// before it. A module may derive its row from SegmentRule to add columns of
// its own.
template <class Board, class Segment, class Seat, class Claims>
struct SegmentRule {
  Segment segment;
  const char* name;  // as stored in a position
  // The step's label ("Turn 3, impulse 2: Tyrian movement").
  std::string (*label)(const Board& b);
  // Whether `seat` gives orders in the segment.
  bool (*orders)(const Board& b, Seat seat);
  // Checks one order line, carrying it out on `b` as far as `b`'s mode
  // allows (Mode::Check in validation, Mode::Execute in play); returns its
  // canonical form or why it is refused. nullptr (and no candidates) in a
  // segment in which nobody orders.
  Expected<std::string> (*check)(Board& b, Seat seat, const std::string& line, Claims& claims);
  // What the seat's orders must satisfy once every line is checked (on the
  // board the lines were checked on); nullptr: nothing more.
  std::optional<std::string> (*complete)(const Board& b, Seat seat, const Claims& claims);
  // The lines `seat` might order, one group per decision (State::candidate_orders).
  std::vector<std::vector<std::string>> (*candidates)(const Board& b, Seat seat);
  // Plays the segment's orders (Mode::Execute).
  void (*play)(Board& b, const Orders& orders);
  // Moves on to the next segment, with what happens in between.
  void (*next)(Board& b);
  // What the seat's lines must satisfy together once each is checked alone
  // (on the board they were checked on), whatever was refused among them:
  // each fault names its line by its place among `lines`, the lines
  // accepted, which it may put in their canonical order (Fall: by power).
  // nullptr: nothing, and the lines stand as written.
  LineFaults (*together)(const Board& b, Seat seat, const Claims& claims,
                         std::vector<std::string>& lines) = nullptr;
  // Orders choice by choice (core/choices.h): the decisions `seat` makes in
  // the segment, from what it may know, and the module's ways on from a
  // partial order of one (Sequence::choices keeps those that lead to an
  // order `check` accepts). nullptr: the seat types its orders.
  std::vector<Decision> (*decisions)(const Board& b, Seat seat) = nullptr;
  std::vector<Choice> (*ways)(const Board& b, Seat seat, const Decision& d,
                              const std::vector<std::string>& path) = nullptr;
};

// Validation of the lines of a seat that gives no orders in the segment:
// refused outright, or checked line by line all the same, so that each line
// is refused by the rule it breaks ("T1 is not yours"). A refusal outright
// reads "the Tyrian player has no orders in '<label>'; the Macedonian player
// orders", or what the board says in `idle_refusal(seat)` if it words it
// itself.
enum class IdleSeats { Refused, Checked };

// A segment the sequence moves on to in which no seat gives orders: skipped
// (only what follows it happens; Tyre: no ship to move), or played all the
// same with no orders, so that its rules take their defaults (Fall: the
// summer's meal is eaten when nobody is short of food; Empires in Harm: every
// decision has a default).
enum class IdleSegments { Skipped, Played };

template <class Rule, std::size_t N>
class Sequence {
 public:
  using Segment = decltype(Rule::segment);

  constexpr explicit Sequence(const std::array<Rule, N>& rows, IdleSeats idle = IdleSeats::Refused,
                              IdleSegments idle_segments = IdleSegments::Skipped)
      : rows_(rows), idle_(idle), idle_segments_(idle_segments) {}

  // Whether the rows stand in the order of the Segment enum, so that a
  // segment finds its row by index (checked by a static_assert in a module).
  constexpr bool indexed_by_segment() const {
    for (std::size_t i = 0; i < N; ++i) {
      if (static_cast<std::size_t>(rows_[i].segment) != i) return false;
    }
    return true;
  }

  const Rule& operator[](Segment s) const { return rows_[static_cast<std::size_t>(s)]; }

  // The segment stored as `name`.
  std::optional<Segment> named(std::string_view name) const {
    for (const Rule& r : rows_) {
      if (name == r.name) return r.segment;
    }
    return std::nullopt;
  }

  // Whether the game is over (the board's `over_`, or its `over()`).
  template <class Board>
  static bool over(const Board& b) {
    if constexpr (requires { b.over(); })
      return b.over();
    else
      return b.over_;
  }

  template <class Board>
  std::string label(const Board& b) const {
    return (*this)[segment_of(b)].label(b);
  }

  template <class Board, class Seat>
  bool orders(const Board& b, Seat seat) const {
    return !over(b) && (*this)[segment_of(b)].orders(b, seat);
  }

  template <class Board>
  bool anyone_orders(const Board& b) const {
    for (const auto seat : b.seats()) {
      if (orders(b, seat)) return true;
    }
    return false;
  }

  template <class Board>
  std::vector<PlayerId> to_order(const Board& b) const {
    std::vector<PlayerId> out;
    for (const auto seat : b.seats()) {
      if (orders(b, seat)) out.push_back(player_of(seat));
    }
    return out;
  }

  // A dry run of one seat's lines on a copy of the position (Mode::Check):
  // each line is checked after those before it; blank lines are skipped.
  // With a check of the lines together, the faults stand in line order.
  template <class Board, class Seat>
  Expected<OrderSet, OrderErrors> validate(const Board& b, Seat seat,
                                           const std::vector<std::string>& lines) const {
    return check_lines(b, seat, lines, /*whole=*/true);
  }
  // The dry run of `validate`; without `whole`, what the seat's orders must
  // satisfy as a whole (SegmentRule::complete) is not asked.
  template <class Board, class Seat>
  Expected<OrderSet, OrderErrors> check_lines(const Board& b, Seat seat,
                                              const std::vector<std::string>& lines,
                                              bool whole) const {
    OrderErrors errors;
    if (idle_ == IdleSeats::Refused && !orders(b, seat)) {
      errors.push_back({0, idle_refusal(b, seat)});
      return unexpected(std::move(errors));
    }
    const Rule& rule = (*this)[segment_of(b)];
    Board trial(b);
    Claims claims{};
    OrderSet out;
    std::vector<int> accepted;  // the number of each line in out.lines
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string line(text::trim(lines[i]));
      if (line.empty()) continue;
      auto canonical = rule.check(trial, seat, line, claims);
      if (!canonical) {
        errors.push_back({static_cast<int>(i + 1), canonical.error().message});
      } else {
        out.lines.push_back(*canonical);
        accepted.push_back(static_cast<int>(i + 1));
      }
    }
    if (rule.together) {
      for (auto& [k, why] : rule.together(trial, seat, claims, out.lines))
        errors.push_back({accepted.at(k), std::move(why)});
      std::stable_sort(errors.begin(), errors.end(),
                       [](const OrderError& x, const OrderError& y) { return x.line < y.line; });
    }
    if (whole && errors.empty() && rule.complete) {
      if (auto why = rule.complete(trial, seat, claims)) errors.push_back({0, *why});
    }
    if (!errors.empty()) return unexpected(std::move(errors));
    return out;
  }

  // Whether `line` is an order of `seat` on its own: its check (and the
  // check of lines together) accepts it. What the seat's orders must satisfy
  // as a whole (every ship placed) is the whole set's to meet, so it is not
  // asked: its faults name no line and would be passed over here.
  template <class Board, class Seat>
  bool accepts_alone(const Board& b, Seat seat, const std::string& line) const {
    const auto checked = check_lines(b, seat, {line}, /*whole=*/false);
    if (checked) return true;
    return std::all_of(checked.error().begin(), checked.error().end(),
                       [](const OrderError& e) { return e.line == 0; }) &&
           orders(b, seat);
  }

  template <class Board, class Seat>
  std::vector<Decision> decisions(const Board& b, Seat seat) const {
    const Rule& rule = (*this)[segment_of(b)];
    if (!orders(b, seat) || !rule.decisions) return {};
    return rule.decisions(b, seat);
  }

  // The ways on from `path` in the decision named `id`, each leading to an
  // order the seat's check accepts on its own (core/choices.h, offered).
  template <class Board, class Seat>
  Expected<std::vector<Choice>> choices(const Board& b, Seat seat, std::string_view id,
                                        const std::vector<std::string>& path) const {
    const Rule& rule = (*this)[segment_of(b)];
    for (const Decision& d : decisions(b, seat)) {
      if (d.id != id) continue;
      return offered(
          d, path, [&](const std::vector<std::string>& p) { return rule.ways(b, seat, d, p); },
          [&](const std::string& line) { return accepts_alone(b, seat, line); });
    }
    return fail("'" + std::string(id) + "' is not a decision of the " + b.seat_name(seat) +
                " player in '" + label(b) + "' " + text::notation_cite("docs/order-choices.md"));
  }

  template <class Board, class Seat>
  std::vector<std::vector<std::string>> candidates(const Board& b, Seat seat) const {
    if (!orders(b, seat)) return {};
    return (*this)[segment_of(b)].candidates(b, seat);
  }

  // Plays the current segment's orders, then moves on to the next segment
  // in which someone orders (or to the end of the game), in Mode::Execute.
  template <class Board>
  void resolve(Board& b, const Orders& orders, Dice& dice, std::vector<Event>& events) const {
    b.execute(dice, events, [&] {
      const Segment played = segment_of(b);
      (*this)[played].play(b, orders);
      advance(b, played);
    });
    ++b.step_;
  }

  // Moves on from segment `from` (the one just played: the position of a
  // board with `segment()` may already say the next) segment by segment,
  // with what happens between segments, to the next one in which someone
  // gives orders; a segment in which nobody does is skipped or played
  // without orders (IdleSegments).
  template <class Board>
  void advance(Board& b, Segment from) const {
    for (Segment s = from; !over(b);) {
      (*this)[s].next(b);
      if (over(b) || anyone_orders(b)) return;
      s = segment_of(b);
      if (idle_segments_ == IdleSegments::Played) (*this)[s].play(b, Orders{});
    }
  }
  template <class Board>
  void advance(Board& b) const {
    advance(b, segment_of(b));
  }

 private:
  template <class Board, class Seat>
  std::string idle_refusal(const Board& b, Seat seat) const {
    if constexpr (requires { b.idle_refusal(seat); }) {
      return b.idle_refusal(seat);
    } else {
      // Who orders now, so that the refused seat knows whom the step waits for.
      std::vector<std::string> who;
      for (const auto s : b.seats()) {
        if (orders(b, s)) who.push_back("the " + b.seat_name(s) + " player");
      }
      return "the " + b.seat_name(seat) + " player has no orders in '" + label(b) + "'; " +
             (who.empty() ? std::string("nobody orders")
                          : text::join(who, " and ") + (who.size() == 1 ? " orders" : " order"));
    }
  }

  // The Claims of a row: a SegmentRule, or a module's row derived from one.
  template <class Board, class Seg, class Seat, class C>
  static C claims_of(const SegmentRule<Board, Seg, Seat, C>&);
  using Claims = decltype(claims_of(std::declval<const Rule&>()));

  std::array<Rule, N> rows_;
  IdleSeats idle_;
  IdleSegments idle_segments_;
};

}  // namespace naumachia
