#pragma once
// The PROXY protocol's version 1 header (HAProxy's text form): a load
// balancer that passes TLS through (deploy/haproxy.cfg) sends
// "PROXY TCP4 SOURCE DESTINATION SPORT DPORT\r\n" before the connection's
// first byte, so that the server knows the client's address: per-address
// limits and throttles would otherwise see every player as the balancer.
// The server reads it only on connections from the balancers' addresses
// (--proxy-protocol LIST), on which it must come, and believes it there;
// other connections (a monitor's) have none.
#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

namespace naumachia::server {

// The longest header the protocol allows, CRLF included.
inline constexpr std::size_t kMaxProxyHeader = 107;

struct ProxySource {
  std::string address;  // empty: "PROXY UNKNOWN" (the balancer's own check): the socket's peer
};
struct ProxyRefusal {
  std::string why;
};

// `line` is the header without its CRLF.
std::variant<ProxySource, ProxyRefusal> parse_proxy_header(std::string_view line);

}  // namespace naumachia::server
