#pragma once
// Which server certificates the client accepts: trust on first use.
//
// A certificate that verifies against this system's certificate authorities
// for the server's host name is accepted, and the client remembers that the
// server had one (a later certificate that does not verify is refused; a
// renewed one that does is accepted). Any other certificate (a server's
// self-signed one) is pinned by its SHA-256 fingerprint the first time it is
// seen; from then on only that certificate is accepted from that HOST:PORT,
// and a changed one is refused loudly. The decision is made after the TLS
// handshake and before anything is sent to the server.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace naumachia::client {

// A certificate's SHA-256 fingerprint: 64 lowercase hex digits, as the server
// logs it at start ("TLS certificate SHA-256 fingerprint ...").
class Fingerprint {
 public:
  // The hex the server logs, in either case, with or without ':' between bytes.
  static std::optional<Fingerprint> parse(std::string_view text);
  const std::string& hex() const { return hex_; }
  friend bool operator==(const Fingerprint&, const Fingerprint&) = default;

 private:
  explicit Fingerprint(std::string hex) : hex_(std::move(hex)) {}
  std::string hex_;
};

// The line that shows a fingerprint, in the server's words.
std::string fingerprint_line(const Fingerprint& f);

// What a server showed in the TLS handshake.
struct ServerCertificate {
  Fingerprint fingerprint;
  // It chains to a certificate authority this system trusts and names the host.
  bool system_trusted = false;
  std::string system_problem;  // why it does not, when it does not
};

// Called after the TLS handshake and before anything is sent; throws
// ClientError to refuse the server.
using CertificateCheck = std::function<void(const ServerCertificate&)>;
// For tests against a local server: accepts any certificate.
void accept_any_certificate(const ServerCertificate&);

// What the client remembers of one server (HOST:PORT).
struct KnownServer {
  std::optional<Fingerprint> pinned;  // accept exactly this certificate
  bool system_ca = false;             // its certificate verified against the system's authorities

  // As saved in the config file: the pinned fingerprint, "system-ca", or "".
  std::string to_text() const;
  // nullopt when the text is none of those.
  static std::optional<KnownServer> from_text(std::string_view text);
};

// What this command line asks for.
struct TrustOptions {
  bool insecure = false;                // --insecure: no check, for this command only
  std::optional<Fingerprint> required;  // --fingerprint: exactly this certificate (then pinned)
};

struct TrustDecision {
  bool accepted = false;
  std::string message;                  // a notice when accepted (often empty); the reason if not
  std::optional<KnownServer> remember;  // what to save for the server, when it changes
};

// `url` is the server's wss:// address, named in the advice of a refusal.
TrustDecision decide_trust(const std::string& url, const KnownServer& known,
                           const TrustOptions& options, const ServerCertificate& shown);

// HOST:PORT of a wss:// URL: the name under which a server's trust is saved.
std::string server_key(const std::string& url);

}  // namespace naumachia::client
