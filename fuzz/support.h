#pragma once
// What the harnesses share: the shipped modules, the header line that picks
// what an input is for, and a way to stop on a broken promise that the
// fuzzer reports as a crash with the input that caused it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace naumachia::fuzz {

// The shipped game modules (no test-only games).
const Registry& shipped_modules();

// A fuzz input as text: its first line (the header) and the rest.
struct Headed {
  std::string_view header;
  std::string_view body;
};
Headed split_header(const std::uint8_t* data, std::size_t size);

// The body's lines, split at '\n' only (a '\r' or any other byte stays in the
// line, as a client could send it).
std::vector<std::string> body_lines(std::string_view body);

// A promise the code under test broke: prints what and aborts, so that
// libFuzzer keeps the input as a crash.
[[noreturn]] void broken(const std::string& what);

// The fixed dice seed of the harnesses: the same input plays the same rolls.
Seed fixed_seed();

}  // namespace naumachia::fuzz
