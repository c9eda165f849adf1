#include "transport/proxy_header.h"

#include <boost/asio/ip/address.hpp>
#include <charconv>
#include <vector>

#include "core/text.h"

namespace naumachia::server {

namespace {

bool port(std::string_view text) {
  unsigned value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() && value <= 65535 && !text.empty() &&
         (text.size() == 1 || text[0] != '0');
}

}  // namespace

std::variant<ProxySource, ProxyRefusal> parse_proxy_header(std::string_view line) {
  if (line.size() + 2 > kMaxProxyHeader) return ProxyRefusal{"a PROXY header over 107 bytes"};
  const auto w = text::split(line, " ");
  if (w.empty() || w[0] != "PROXY") return ProxyRefusal{"no PROXY header (--proxy-protocol)"};
  if (w.size() >= 2 && w[1] == "UNKNOWN") return ProxySource{};
  if (w.size() != 6 || (w[1] != "TCP4" && w[1] != "TCP6"))
    return ProxyRefusal{"a PROXY header that is not TCP4, TCP6 or UNKNOWN with four fields"};
  boost::system::error_code ec;
  const auto source = boost::asio::ip::make_address(std::string(w[2]), ec);
  if (ec || source.is_v4() != (w[1] == "TCP4"))
    return ProxyRefusal{"a PROXY header whose source is no " + std::string(w[1]) + " address"};
  const auto destination = boost::asio::ip::make_address(std::string(w[3]), ec);
  if (ec || destination.is_v4() != (w[1] == "TCP4"))
    return ProxyRefusal{"a PROXY header whose destination is no " + std::string(w[1]) + " address"};
  if (!port(w[4]) || !port(w[5])) return ProxyRefusal{"a PROXY header with a bad port"};
  return ProxySource{source.to_string()};
}

}  // namespace naumachia::server
