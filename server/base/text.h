#pragma once
// Checks of text players send that other players read: a press message, a
// game's name.
#include <cstddef>
#include <optional>
#include <string>

namespace naumachia::server {

// The first control character of `text`, as "byte N at offset M": C0 and C1
// controls (the latter U+0080 to U+009F, 0xC2 0x80-0x9F in UTF-8) and DEL,
// which a reader's terminal would obey (escape sequences and the like).
// Newlines and tabs pass when `lines` allows them.
std::optional<std::string> control_character(const std::string& text, bool lines);

}  // namespace naumachia::server
