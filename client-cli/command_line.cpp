#include <algorithm>

#include "commands.h"
#include "durations.h"

namespace naumachia::client {

Args parse_args(const std::vector<std::string>& argv, const std::vector<std::string>& with_value,
                const std::vector<std::string>& flags) {
  Args a;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& s = argv[i];
    if (s.size() > 2 && s.rfind("--", 0) == 0) {
      if (std::find(with_value.begin(), with_value.end(), s) != with_value.end()) {
        if (i + 1 >= argv.size()) throw ClientError(s + " needs a value");
        a.options[s] = argv[++i];
        a.all[s].push_back(a.options[s]);
      } else if (std::find(flags.begin(), flags.end(), s) != flags.end()) {
        a.options[s] = "";
      } else {
        throw ClientError("unknown option " + s);
      }
    } else {
      a.positional.push_back(s);
    }
  }
  return a;
}

std::uint64_t parse_game_id(const std::string& s) {
  try {
    std::size_t used = 0;
    const unsigned long long v = std::stoull(s, &used);
    if (used == s.size() && v > 0) return v;
  } catch (const std::exception&) {
  }
  throw ClientError("'" + s + "' is not a game number");
}

std::uint64_t parse_duration(const std::string& s) {
  const auto seconds = render::parse_duration(s);
  if (!seconds) throw ClientError("'" + s + "' is not a duration like 90s, 30m, 48h or 2d");
  return static_cast<std::uint64_t>(*seconds);
}

std::vector<std::string> seat_names(const proto::GameSummary& g) {
  std::vector<std::string> out;
  for (const auto& s : g.seats()) out.push_back(s.side());
  return out;
}

std::optional<std::uint32_t> for_seat_of(const Args& a) {
  if (!a.has("--for")) return std::nullopt;
  const std::string& v = a.options.at("--for");
  if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos || v.size() > 6)
    throw ClientError("--for takes a seat number, not '" + v + "'");
  return static_cast<std::uint32_t>(std::stoul(v));
}

}  // namespace naumachia::client
