#pragma once
// The server's uses of OpenSSL: hashes, secure random bytes, password hashing.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace naumachia::server {

using Bytes = std::vector<std::uint8_t>;

Bytes random_bytes(std::size_t n);
Bytes sha256(std::string_view data);
Bytes sha256(const Bytes& data);
Bytes hmac_sha256(const Bytes& key, std::string_view data);
std::string hex(const Bytes& bytes);
// Empty on malformed input.
Bytes unhex(std::string_view text);
std::string sha256_hex(std::string_view data);

// How a password hash is made: PBKDF2-HMAC-SHA256 with a per-user salt and
// a work factor. Stored beside each hash as "pbkdf2-sha256:ITERATIONS", so
// that the server can raise the work factor and re-hash at the next log-in.
struct PasswordScheme {
  static constexpr int kMinIterations = 1000;
  static constexpr int kDefaultIterations = 600000;  // OWASP's figure for PBKDF2-HMAC-SHA256
  int iterations = kDefaultIterations;

  std::string text() const;
  // Empty on anything but a well-formed scheme of at least kMinIterations.
  static std::optional<PasswordScheme> parse(std::string_view text);
  bool operator==(const PasswordScheme&) const = default;
};

Bytes password_hash(std::string_view password, const Bytes& salt, const PasswordScheme& scheme);
// PBKDF2 iterations computed by this process so far: the work a log-in cost,
// which must not depend on whether the name exists.
std::uint64_t password_iterations_done();
bool constant_time_equal(const Bytes& a, const Bytes& b);

}  // namespace naumachia::server
