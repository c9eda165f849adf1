#pragma once
// What a password must be (docs/security.md, "Passwords"): counted in
// characters (Unicode code points of valid UTF-8), not bytes, and not one a
// guesser tries first: the user's own name with little beside it, one
// character or a short group repeated, a run of consecutive characters, a
// row of the keyboard.
#include <optional>
#include <string>

namespace naumachia::server {

inline constexpr std::size_t kMinPasswordChars = 12;
inline constexpr std::size_t kMaxPasswordChars = 256;
inline constexpr std::size_t kMaxPasswordBytes = 1024;
// A password holding the user's name needs this many characters besides it.
inline constexpr std::size_t kMinCharsBesideName = 8;
// Fewer different characters than this is a repeat ("aaaa...", "abab...",
// twelve spaces).
inline constexpr std::size_t kMinDistinctChars = 5;

// Why `password` may not be `name`'s password, or nothing when it may.
std::optional<std::string> password_problem(const std::string& password, const std::string& name);

}  // namespace naumachia::server
