#pragma once
// Client addresses as the server's limits count them: an IPv4 address seen
// through an IPv6 socket (::ffff:a.b.c.d) is the IPv4 address, and a range
// of addresses (an IPv6 /64, which one household or host is given whole; an
// IPv4 /24) is named by its first address and its prefix length.
#include <string>

namespace naumachia::server {

// The address as the limits and the log name it: IPv4-mapped IPv6 addresses
// as IPv4. Text that is not an address is returned as it is.
std::string canonical_address(const std::string& address);

// The range of `prefix_v4` (IPv4) or `prefix_v6` (IPv6) leading bits that
// holds `address`: "203.0.113.0/24", "2001:db8:1:2::/64". Text that is not
// an address is its own range.
std::string address_range(const std::string& address, int prefix_v4, int prefix_v6);

// Whether `address` is an IPv6 address (after canonical_address).
bool is_ipv6(const std::string& address);

}  // namespace naumachia::server
