#include "accounts/signup_work.h"

#include "protocol/codec.h"

namespace naumachia::server {

namespace {

constexpr std::size_t kMacHex = 32;  // 128 bits of the HMAC, as hex
constexpr std::size_t kMaxNonce = 64;

}  // namespace

int work_bits(const std::string& challenge, const std::string& nonce) {
  const Bytes h = sha256(challenge + ":" + nonce);
  int bits = 0;
  for (const std::uint8_t byte : h) {
    if (byte == 0) {
      bits += 8;
      continue;
    }
    for (int b = 7; b >= 0 && !(byte & (1u << b)); --b) ++bits;
    break;
  }
  return bits;
}

SignupWork::SignupWork(int bits, Clock clock)
    : bits_(bits), clock_(std::move(clock)), key_(random_bytes(32)) {}

std::string SignupWork::mac(const std::string& body) const {
  return hex(hmac_sha256(key_, body)).substr(0, kMacHex);
}

proto::SignupChallenge SignupWork::issue() const {
  const std::int64_t expires = clock_() + kValidSeconds;
  // "<expiry>-<random>-<bits>-<mac>": the server checks its own mac, so that
  // no challenge is stored until it is used.
  const std::string body =
      std::to_string(expires) + "-" + hex(random_bytes(12)) + "-" + std::to_string(bits_);
  proto::SignupChallenge c;
  c.set_challenge(body + "-" + mac(body));
  c.set_bits(static_cast<std::uint32_t>(bits_));
  c.set_expires_unix(expires);
  return c;
}

void SignupWork::check(const std::string& challenge, const std::string& nonce) {
  const std::int64_t now = clock_();
  // Used challenges are kept only until they expire.
  while (!used_by_expiry_.empty() && used_by_expiry_.begin()->first < now) {
    used_.erase(used_by_expiry_.begin()->second);
    used_by_expiry_.erase(used_by_expiry_.begin());
  }
  if (bits_ == 0) return;
  const auto ask = [](const std::string& why) {
    refuse(proto::INVALID_ARGUMENT,
           why +
               "; ask for a sign-up challenge (signup_challenge) and solve it (this client may be"
               " too old to)");
  };
  if (challenge.empty()) ask("a sign-up needs a solved challenge");
  const auto last = challenge.rfind('-');
  if (last == std::string::npos || challenge.substr(last + 1) != mac(challenge.substr(0, last)))
    ask("that sign-up challenge is not this server's");
  const std::int64_t expires = std::stoll(challenge.substr(0, challenge.find('-')));
  if (expires < now) ask("that sign-up challenge has expired");
  if (used_.count(challenge)) ask("that sign-up challenge was used already");
  if (nonce.size() > kMaxNonce || work_bits(challenge, nonce) < bits_)
    ask("the sign-up challenge is not solved");
  used_.emplace(challenge, expires);
  used_by_expiry_.emplace(expires, challenge);
}

}  // namespace naumachia::server
