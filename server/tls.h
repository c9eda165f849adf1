#pragma once
// The server's TLS identity. On first start, when the certificate or key file
// is missing, a self-signed certificate for localhost is made and saved.
#include <boost/asio/ssl/context.hpp>
#include <string>

namespace naumachia::server {

// Loads (making them first when absent) the PEM files into a TLS 1.2+ context.
// Returns the SHA-256 fingerprint of the certificate, for the log.
std::string load_or_create_identity(boost::asio::ssl::context& ctx, const std::string& cert_path,
                                    const std::string& key_path);

}  // namespace naumachia::server
