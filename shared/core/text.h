#pragma once
// Text helpers for the order and data parsers of the game modules.
#include <string>
#include <string_view>
#include <vector>

namespace naumachia::text {

std::string_view trim(std::string_view s);
std::string lower(std::string_view s);
std::string upper(std::string_view s);
// Splits on any run of the given separators; no empty pieces.
std::vector<std::string_view> split(std::string_view s, std::string_view separators = " \t");
// Splits into lines (\n or \r\n), keeping empty lines so that line numbers hold.
std::vector<std::string_view> lines(std::string_view s);
bool parse_int(std::string_view s, long long& out);
std::string join(const std::vector<std::string>& parts, std::string_view sep);

}  // namespace naumachia::text
