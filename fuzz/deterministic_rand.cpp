// RAND_set_rand_method is deprecated in OpenSSL 3 but still honoured by
// RAND_bytes; a provider would be the modern way, at ten times the code.
#define OPENSSL_SUPPRESS_DEPRECATED
#include "deterministic_rand.h"

#include <openssl/rand.h>

#include <cstring>
#include <mutex>

#include "core/dice.h"
#include "support.h"

namespace naumachia::fuzz {

namespace {

// ChaCha20 (core/dice.h) keyed with the harnesses' fixed seed, the stream
// number as nonce: blocks of 64 bytes handed out in order.
struct Stream {
  std::mutex mutex;
  std::uint32_t stream = 0;
  std::uint32_t counter = 0;
  std::array<std::uint8_t, 64> block{};
  std::size_t used = 64;
};

Stream& state() {
  static Stream s;
  return s;
}

int fill(unsigned char* out, int n) {
  Stream& s = state();
  std::lock_guard lock(s.mutex);
  for (int i = 0; i < n; ++i) {
    if (s.used == s.block.size()) {
      const auto words = chacha20_block(fixed_seed(), s.counter++, {s.stream, 0, 0});
      std::memcpy(s.block.data(), words.data(), s.block.size());
      s.used = 0;
    }
    out[i] = s.block[s.used++];
  }
  return 1;
}

int seed(const void*, int) {
  return 1;
}
int add(const void*, int, double) {
  return 1;
}
int status() {
  return 1;
}

const RAND_METHOD kMethod{seed, fill, nullptr, add, fill, status};

}  // namespace

void install_deterministic_rand() {
  if (RAND_set_rand_method(&kMethod) != 1) broken("RAND_set_rand_method failed");
}

void restart_rand(std::uint32_t stream) {
  Stream& s = state();
  std::lock_guard lock(s.mutex);
  s.stream = stream;
  s.counter = 0;
  s.used = s.block.size();
}

}  // namespace naumachia::fuzz
