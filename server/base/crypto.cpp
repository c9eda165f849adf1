#include "base/crypto.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include <atomic>
#include <charconv>
#include <stdexcept>

namespace naumachia::server {

Bytes random_bytes(std::size_t n) {
  Bytes out(n);
  if (RAND_bytes(out.data(), static_cast<int>(n)) != 1) {
    throw std::runtime_error("OpenSSL RAND_bytes failed");
  }
  return out;
}

Bytes sha256(std::string_view data) {
  Bytes out(SHA256_DIGEST_LENGTH);
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), out.data());
  return out;
}

Bytes sha256(const Bytes& data) {
  return sha256(std::string_view(reinterpret_cast<const char*>(data.data()), data.size()));
}

Bytes hmac_sha256(const Bytes& key, std::string_view data) {
  Bytes out(32);
  unsigned int len = 0;
  if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
            reinterpret_cast<const unsigned char*>(data.data()), data.size(), out.data(), &len) ||
      len != out.size()) {
    throw std::runtime_error("OpenSSL HMAC failed");
  }
  return out;
}

std::string hex(const Bytes& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (std::uint8_t b : bytes) {
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

Bytes unhex(std::string_view text) {
  const auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (text.size() % 2) return {};
  Bytes out;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const int hi = nibble(text[i]), lo = nibble(text[i + 1]);
    if (hi < 0 || lo < 0) return {};
    out.push_back(static_cast<std::uint8_t>(hi * 16 + lo));
  }
  return out;
}

std::string sha256_hex(std::string_view data) {
  return hex(sha256(data));
}

std::string PasswordScheme::text() const {
  return "pbkdf2-sha256:" + std::to_string(iterations);
}

std::optional<PasswordScheme> PasswordScheme::parse(std::string_view text) {
  constexpr std::string_view kPrefix = "pbkdf2-sha256:";
  if (text.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  const std::string_view digits = text.substr(kPrefix.size());
  int n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc() || end != digits.data() + digits.size() || n < kMinIterations)
    return std::nullopt;
  return PasswordScheme{n};
}

namespace {
std::atomic<std::uint64_t> iterations_done{0};
}  // namespace

std::uint64_t password_iterations_done() {
  return iterations_done.load();
}

Bytes password_hash(std::string_view password, const Bytes& salt, const PasswordScheme& scheme) {
  iterations_done += static_cast<std::uint64_t>(scheme.iterations);
  Bytes out(32);
  if (PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()), salt.data(),
                        static_cast<int>(salt.size()), scheme.iterations, EVP_sha256(),
                        static_cast<int>(out.size()), out.data()) != 1) {
    throw std::runtime_error("OpenSSL PBKDF2 failed");
  }
  return out;
}

bool constant_time_equal(const Bytes& a, const Bytes& b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace naumachia::server
