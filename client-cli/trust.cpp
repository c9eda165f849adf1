#include "trust.h"

#include <algorithm>

#include "connection.h"
#include "digest.h"

namespace naumachia::client {

namespace {

constexpr std::string_view kSystemCa = "system-ca";

std::string advice(const std::string& url, const Fingerprint& shown) {
  return "If the change is expected (the server's log shows the new fingerprint at start), "
         "trust it with\n  naumachia --server " +
         url + " trust " + shown.hex() +
         "\nor forget the old one, so that the next connection pins what it is shown, with\n"
         "  naumachia --server " +
         url + " forget-server";
}

}  // namespace

std::optional<Fingerprint> Fingerprint::parse(std::string_view text) {
  std::string digits;
  for (const char c : text) {
    if (c != ':') digits += c;
  }
  const auto bytes = from_hex(digits);
  if (!bytes || bytes->size() != 32) return std::nullopt;
  return Fingerprint(to_hex(*bytes));
}

std::string fingerprint_line(const Fingerprint& f) {
  return "TLS certificate SHA-256 fingerprint " + f.hex();
}

void accept_any_certificate(const ServerCertificate&) {}

std::string KnownServer::to_text() const {
  if (pinned) return pinned->hex();
  return system_ca ? std::string(kSystemCa) : std::string();
}

std::optional<KnownServer> KnownServer::from_text(std::string_view text) {
  KnownServer k;
  if (text.empty()) return k;
  if (text == kSystemCa) {
    k.system_ca = true;
    return k;
  }
  k.pinned = Fingerprint::parse(text);
  if (!k.pinned) return std::nullopt;
  return k;
}

std::string server_key(const std::string& url) {
  const Endpoint e = parse_url(url);
  const bool ipv6 = e.host.find(':') != std::string::npos;
  return (ipv6 ? "[" + e.host + "]" : e.host) + ":" + e.port;
}

TrustDecision decide_trust(const std::string& url, const KnownServer& known,
                           const TrustOptions& options, const ServerCertificate& shown) {
  const std::string name = server_key(url);
  const std::string seen = "  now shown: " + fingerprint_line(shown.fingerprint);
  TrustDecision d;
  if (options.insecure) {
    d.accepted = true;
    d.message = "the certificate of " + name +
                " was not checked (--insecure, for this command only); it has\n  " +
                fingerprint_line(shown.fingerprint);
    return d;
  }
  if (options.required) {
    if (shown.fingerprint != *options.required) {
      d.message = "refusing to talk to " + name +
                  " (nothing was sent): its certificate is not the one given with "
                  "--fingerprint\n  wanted:    " +
                  fingerprint_line(*options.required) + "\n" + seen;
      return d;
    }
    d.accepted = true;
    if (known.pinned != options.required) {
      d.remember = KnownServer{options.required, false};
      d.message = "pinned the certificate of " + name + " given with --fingerprint" +
                  (known.pinned ? " (it replaces " + known.pinned->hex() + ")" : std::string());
    }
    return d;
  }
  if (known.pinned) {
    if (shown.fingerprint == *known.pinned) {
      d.accepted = true;
      return d;
    }
    d.message = "THE SERVER'S CERTIFICATE HAS CHANGED: refusing to talk to " + name +
                " (nothing was sent).\n  pinned:    " + fingerprint_line(*known.pinned) + "\n" +
                seen +
                "\nSomeone may be intercepting the connection, or the server has a new "
                "certificate.\n" +
                advice(url, shown.fingerprint);
    return d;
  }
  if (shown.system_trusted) {
    d.accepted = true;
    if (!known.system_ca) d.remember = KnownServer{std::nullopt, true};
    return d;
  }
  if (known.system_ca) {
    d.message = "THE SERVER'S CERTIFICATE NO LONGER VERIFIES: refusing to talk to " + name +
                " (nothing was sent).\nIts certificate verified against this system's "
                "certificate authorities before; this one does not (" +
                shown.system_problem + ").\n" + seen +
                "\nSomeone may be intercepting the connection, or the server now uses a "
                "self-signed certificate.\n" +
                advice(url, shown.fingerprint);
    return d;
  }
  d.accepted = true;
  d.remember = KnownServer{shown.fingerprint, false};
  d.message = "first connection to " + name + ": its certificate is not from an authority this " +
              "system trusts (" + shown.system_problem + "), so it is pinned:\n  " +
              fingerprint_line(shown.fingerprint) +
              "\nCheck that the server's log shows the same line. From now on only this "
              "certificate is accepted from " +
              name + ".";
  return d;
}

}  // namespace naumachia::client
