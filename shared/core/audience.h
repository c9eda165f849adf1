#pragma once
// Who may read a piece of information: everyone (every seat and observers),
// or only some seats. Every event a module produces carries one; the server
// sends, pages and replays to a seat only what that seat is in the audience
// of, until the game is over and everything is declassified.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ids.h"
#include "core/result.h"

namespace naumachia {

class Audience {
 public:
  // Every seat and every observer.
  static Audience everyone() { return Audience(); }
  // Only these seats (none: nobody until the game is over).
  static Audience seats(std::vector<PlayerId> seats);
  static Audience seat(PlayerId seat) { return seats({seat}); }
  static Audience nobody() { return seats({}); }

  bool is_public() const { return public_; }
  // Whether `viewer` may read it; nullopt = an observer of a running game.
  bool includes(std::optional<PlayerId> viewer) const;
  // Whether everyone in `other` is in this audience.
  bool covers(const Audience& other) const;
  const std::vector<PlayerId>& members() const { return seats_; }  // sorted; empty when public

  // "all" or "seats 0 2" (empty list: "seats").
  std::string text() const;
  static Expected<Audience> parse(std::string_view text);

  bool operator==(const Audience&) const = default;

 private:
  bool public_ = true;
  std::vector<PlayerId> seats_;
};

}  // namespace naumachia
