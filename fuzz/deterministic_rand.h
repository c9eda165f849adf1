#pragma once
// OpenSSL's random bytes made a fixed stream for the service fuzzer: the
// server draws dice seeds, salts, tokens and nonces from RAND_bytes, and an
// input must play the same way on every run for a crash to be reproduced.
// Only the fuzz harnesses install it; the server never does.
#include <cstdint>

namespace naumachia::fuzz {

// Replaces OpenSSL's generator for the rest of the process.
void install_deterministic_rand();
// Starts the stream again from `stream` (each input from the same point).
void restart_rand(std::uint32_t stream);

}  // namespace naumachia::fuzz
