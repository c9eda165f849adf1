#include "base/addresses.h"

#include <algorithm>
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

std::optional<AddressRange> parse_address_range(const std::string& text) {
  const auto slash = text.find('/');
  boost::system::error_code ec;
  const ip::address a = ip::make_address(text.substr(0, slash), ec);
  if (ec) return std::nullopt;
  AddressRange r;
  r.v6 = a.is_v6();
  const int bits = r.v6 ? 128 : 32;
  r.prefix = bits;
  if (slash != std::string::npos) {
    const std::string p = text.substr(slash + 1);
    if (p.empty() || p.size() > 3 ||
        !std::all_of(p.begin(), p.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return std::nullopt;
    r.prefix = std::stoi(p);
    if (r.prefix > bits) return std::nullopt;
  }
  if (r.v6) {
    r.bytes = masked(a.to_v6().to_bytes(), r.prefix);
  } else {
    const auto v4 = masked(a.to_v4().to_bytes(), r.prefix);
    std::copy(v4.begin(), v4.end(), r.bytes.begin());
  }
  return r;
}

bool in_ranges(const std::vector<AddressRange>& ranges, const std::string& address) {
  boost::system::error_code ec;
  const ip::address a = ip::make_address(canonical_address(address), ec);
  if (ec) return false;
  for (const AddressRange& r : ranges) {
    if (r.v6 != a.is_v6()) continue;
    if (r.v6) {
      if (masked(a.to_v6().to_bytes(), r.prefix) == r.bytes) return true;
    } else {
      const auto v4 = masked(a.to_v4().to_bytes(), r.prefix);
      if (std::equal(v4.begin(), v4.end(), r.bytes.begin())) return true;
    }
  }
  return false;
}

std::vector<AddressRange> loopback_ranges() {
  return {*parse_address_range("127.0.0.0/8"), *parse_address_range("::1")};
}

}  // namespace naumachia::server
