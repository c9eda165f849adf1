#pragma once
// The small proof of work a sign-up pays (hashcash): the server hands out a
// challenge, and the client finds a nonce such that SHA-256(challenge + ":" +
// nonce) begins with `bits` zero bits. A person signing up in a browser waits
// a fraction of a second for it; a script signing up thousands pays it
// thousands of times. A challenge is the server's own (keyed with a secret
// made at start), valid for a few minutes and accepted once; the server keeps
// no state for challenges handed out, only for those used, until they expire.
#include <cstdint>
#include <functional>
#include <map>
#include <string>

#include "base/crypto.h"
#include "naumachia.pb.h"

namespace naumachia::server {

class SignupWork {
 public:
  using Clock = std::function<std::int64_t()>;  // Unix seconds
  static constexpr std::int64_t kValidSeconds = 600;

  // `bits` 0: no work asked (any nonce passes), challenges still handed out.
  SignupWork(int bits, Clock clock);

  proto::SignupChallenge issue() const;
  // Refuses with INVALID_ARGUMENT when the challenge is not the server's,
  // has expired or was used, or the nonce's hash lacks the bits; otherwise
  // marks the challenge used.
  void check(const std::string& challenge, const std::string& nonce);
  int bits() const { return bits_; }

 private:
  std::string mac(const std::string& body) const;

  int bits_;
  Clock clock_;
  Bytes key_;
  std::multimap<std::int64_t, std::string> used_by_expiry_;
  std::map<std::string, std::int64_t> used_;
};

// The leading zero bits of SHA-256(challenge + ":" + nonce).
int work_bits(const std::string& challenge, const std::string& nonce);

}  // namespace naumachia::server
