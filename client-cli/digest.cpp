#include "digest.h"

#include <openssl/evp.h>

#include <cstdint>
#include <stdexcept>

namespace naumachia::client {

std::string to_hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

std::optional<std::string> from_hex(std::string_view text) {
  const auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (text.size() % 2) return std::nullopt;
  std::string out;
  out.reserve(text.size() / 2);
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const int hi = nibble(text[i]), lo = nibble(text[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
  }
  return out;
}

std::string sha256_hex(std::string_view data) {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (!EVP_Digest(data.data(), data.size(), md, &n, EVP_sha256(), nullptr))
    throw std::runtime_error("OpenSSL SHA-256 failed");
  return to_hex(std::string_view(reinterpret_cast<const char*>(md), n));
}

namespace {

bool leading_zero_bits(const unsigned char* md, unsigned bits) {
  for (unsigned i = 0; i < bits; ++i) {
    if (md[i / 8] & (0x80u >> (i % 8))) return false;
  }
  return true;
}

}  // namespace

std::string solve_signup_challenge(const std::string& challenge, unsigned bits) {
  if (bits > 32) throw std::runtime_error("the server asks for more sign-up work than is sane");
  const std::string prefix = challenge + ":";
  for (std::uint64_t n = 0;; ++n) {
    const std::string text = prefix + std::to_string(n);
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (!EVP_Digest(text.data(), text.size(), md, &len, EVP_sha256(), nullptr))
      throw std::runtime_error("SHA-256 failed");
    if (leading_zero_bits(md, bits)) return std::to_string(n);
  }
}

}  // namespace naumachia::client
