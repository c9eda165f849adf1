#pragma once
// The server's uses of OpenSSL: hashes, secure random bytes, password hashing.
#include <cstdint>
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

// PBKDF2-HMAC-SHA256 with a per-user salt.
Bytes password_hash(std::string_view password, const Bytes& salt);
bool constant_time_equal(const Bytes& a, const Bytes& b);

}  // namespace naumachia::server
