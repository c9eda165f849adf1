#include "support.h"

#include <cstdio>
#include <cstdlib>

#include "games/all_games.h"

namespace naumachia::fuzz {

const Registry& shipped_modules() {
  static const Registry registry = [] {
    Registry r;
    register_all_games(r);
    return r;
  }();
  return registry;
}

Headed split_header(const std::uint8_t* data, std::size_t size) {
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  const auto nl = all.find('\n');
  if (nl == std::string_view::npos) return {all, {}};
  return {all.substr(0, nl), all.substr(nl + 1)};
}

std::vector<std::string> body_lines(std::string_view body) {
  std::vector<std::string> out;
  if (body.empty()) return out;
  std::size_t from = 0;
  for (;;) {
    const auto nl = body.find('\n', from);
    out.emplace_back(body.substr(from, nl == std::string_view::npos ? nl : nl - from));
    if (nl == std::string_view::npos) break;
    from = nl + 1;
  }
  return out;
}

void broken(const std::string& what) {
  std::fprintf(stderr, "\n*** broken promise: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

Seed fixed_seed() {
  Seed seed{};
  for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(i * 7 + 1);
  return seed;
}

}  // namespace naumachia::fuzz
