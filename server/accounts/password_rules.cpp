#include "accounts/password_rules.h"

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

namespace naumachia::server {

namespace {

// The code points of `s`, or nothing when it is not valid UTF-8 (overlong
// forms, surrogates and values past U+10FFFF are not).
std::optional<std::vector<char32_t>> code_points(const std::string& s) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    char32_t c = 0;
    if (b < 0x80) {
      n = 1;
      c = b;
    } else if ((b & 0xE0) == 0xC0) {
      n = 2;
      c = b & 0x1F;
    } else if ((b & 0xF0) == 0xE0) {
      n = 3;
      c = b & 0x0F;
    } else if ((b & 0xF8) == 0xF0) {
      n = 4;
      c = b & 0x07;
    } else {
      return std::nullopt;
    }
    if (i + n > s.size()) return std::nullopt;
    for (std::size_t k = 1; k < n; ++k) {
      const auto next = static_cast<unsigned char>(s[i + k]);
      if ((next & 0xC0) != 0x80) return std::nullopt;
      c = (c << 6) | (next & 0x3F);
    }
    static constexpr char32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < kLeast[n] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return std::nullopt;
    out.push_back(c);
    i += n;
  }
  return out;
}

char32_t folded(char32_t c) {
  return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

std::string ascii_lower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

// Each character one after the one before, or one before it, throughout
// ("abcdefghijkl", "987654321098": digits wrap around).
bool one_run(const std::vector<char32_t>& p) {
  const auto step = [](char32_t a, char32_t b) {
    if (a >= '0' && a <= '9' && b >= '0' && b <= '9') return static_cast<int>((b - a + 10) % 10);
    return static_cast<int>(b) - static_cast<int>(a);
  };
  const int first = step(folded(p[0]), folded(p[1]));
  const bool up = first == 1, down = first == -1 || first == 9;
  if (!up && !down) return false;
  for (std::size_t i = 1; i + 1 < p.size(); ++i) {
    const int d = step(folded(p[i]), folded(p[i + 1]));
    if (up ? d != 1 : (d != -1 && d != 9)) return false;
  }
  return true;
}

// A stretch of the keyboard's rows typed along them ("qwertyuiopas",
// "lkjhgfdsapoi"), in either direction.
bool keyboard_row(const std::string& lower) {
  static const std::string rows = "qwertyuiopasdfghjklzxcvbnm";
  static const std::string backwards(rows.rbegin(), rows.rend());
  return rows.find(lower) != std::string::npos || backwards.find(lower) != std::string::npos;
}

}  // namespace

std::optional<std::string> password_problem(const std::string& password, const std::string& name) {
  const std::string limits = "a password is " + std::to_string(kMinPasswordChars) + " to " +
                             std::to_string(kMaxPasswordChars) + " characters long";
  if (password.size() > kMaxPasswordBytes) return limits;
  const auto chars = code_points(password);
  if (!chars) return std::string("a password is text (UTF-8)");
  if (chars->size() < kMinPasswordChars || chars->size() > kMaxPasswordChars) {
    return limits + "; this one has " + std::to_string(chars->size()) + " character" +
           (chars->size() == 1 ? "" : "s");
  }
  const std::string lower = ascii_lower(password);
  if (!name.empty()) {
    // What is left with the name taken out must be a password of some length
    // by itself: "alice2024!" and "AliceAlice12" are guessed from the name.
    const std::string folded_name = ascii_lower(name);
    std::string rest = lower;
    for (auto at = rest.find(folded_name); at != std::string::npos; at = rest.find(folded_name))
      rest.erase(at, folded_name.size());
    const auto rest_chars = code_points(rest);
    if (rest != lower && (!rest_chars || rest_chars->size() < kMinCharsBesideName)) {
      return "a password that contains your name needs " + std::to_string(kMinCharsBesideName) +
             " more characters besides it";
    }
  }
  std::set<char32_t> distinct;
  for (const char32_t c : *chars) distinct.insert(folded(c));
  if (distinct.size() < kMinDistinctChars) {
    return "a password needs at least " + std::to_string(kMinDistinctChars) +
           " different characters: a character or a short group repeated is guessed first";
  }
  if (one_run(*chars) || keyboard_row(lower)) {
    return std::string(
        "a password may not be a run of consecutive characters or a row of the keyboard: "
        "those are guessed first");
  }
  return std::nullopt;
}

}  // namespace naumachia::server
