#include "base/addresses.h"

#include <boost/asio/ip/address.hpp>

namespace naumachia::server {

namespace ip = boost::asio::ip;

namespace {

template <class Bytes>
Bytes masked(Bytes bytes, int prefix) {
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const int keep = std::max(0, std::min(8, prefix - static_cast<int>(i) * 8));
    bytes[i] = static_cast<unsigned char>(bytes[i] & (0xff00 >> keep));
  }
  return bytes;
}

}  // namespace

std::string canonical_address(const std::string& address) {
  boost::system::error_code ec;
  const ip::address a = ip::make_address(address, ec);
  if (ec) return address;
  if (a.is_v6() && a.to_v6().is_v4_mapped())
    return ip::make_address_v4(ip::v4_mapped, a.to_v6()).to_string();
  return a.to_string();
}

std::string address_range(const std::string& address, int prefix_v4, int prefix_v6) {
  boost::system::error_code ec;
  const ip::address a = ip::make_address(canonical_address(address), ec);
  if (ec) return address;
  if (a.is_v4()) {
    return ip::address_v4(masked(a.to_v4().to_bytes(), prefix_v4)).to_string() + "/" +
           std::to_string(prefix_v4);
  }
  return ip::address_v6(masked(a.to_v6().to_bytes(), prefix_v6)).to_string() + "/" +
         std::to_string(prefix_v6);
}

bool is_ipv6(const std::string& address) {
  boost::system::error_code ec;
  const ip::address a = ip::make_address(canonical_address(address), ec);
  return !ec && a.is_v6();
}

}  // namespace naumachia::server
