#include "base/text.h"

namespace naumachia::server {

std::optional<std::string> control_character(const std::string& text, bool lines) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const bool c1 = c == 0xc2 && i + 1 < text.size() &&
                    static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9f;
    const bool allowed = lines && (c == '\n' || c == '\t');
    if ((c < 0x20 && !allowed) || c == 0x7f || c1)
      return "byte " + std::to_string(c) + " at offset " + std::to_string(i);
  }
  return std::nullopt;
}

}  // namespace naumachia::server
