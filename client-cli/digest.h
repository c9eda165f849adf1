#pragma once
// The hashing the client does on its own: certificate fingerprints,
// commitments and the dice seed, and the proof of work a sign-up pays. Hex is lowercase, as the
// server writes it.
#include <optional>
#include <string>
#include <string_view>

namespace naumachia::client {

std::string to_hex(std::string_view bytes);
// The bytes a hex text spells (either case); nullopt when it is not whole bytes of hex.
std::optional<std::string> from_hex(std::string_view text);
// Lowercase hex of SHA-256(data).
std::string sha256_hex(std::string_view data);
// The sign-up's proof of work (proto RegisterRequest): the first nonce, in
// decimal, such that SHA-256(challenge + ":" + nonce) begins with `bits` zero
// bits.
std::string solve_signup_challenge(const std::string& challenge, unsigned bits);

}  // namespace naumachia::client
