#pragma once
// The server's TLS identity. On first start, when both the certificate and the
// key file are missing, a self-signed certificate for localhost is made and
// saved: the key 0600, the certificate 0644, whatever the umask. One of the two
// without the other is an error (making a pair would overwrite it); an existing
// key that others may read is narrowed to its owner.
#include <boost/asio/ssl/context.hpp>
#include <string>

namespace naumachia::server {

// Loads (making them first when both are absent) the PEM files into a TLS 1.2+ context.
// Returns the SHA-256 fingerprint of the certificate, for the log.
std::string load_or_create_identity(boost::asio::ssl::context& ctx, const std::string& cert_path,
                                    const std::string& key_path);

}  // namespace naumachia::server
