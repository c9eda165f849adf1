#pragma once
// Client addresses as the server's limits count them: an IPv4 address seen
// through an IPv6 socket (::ffff:a.b.c.d) is the IPv4 address, and a range
// of addresses (an IPv6 /64, which one household or host is given whole; an
// IPv4 /24) is named by its first address and its prefix length.
#include <array>
#include <optional>
#include <string>
#include <vector>

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

// A range of addresses as an operator writes it: "10.0.0.0/8",
// "2001:db8::/32", or one address ("192.0.2.7", "::1").
struct AddressRange {
  std::array<unsigned char, 16> bytes{};  // IPv4's in the first 4
  bool v6 = false;
  int prefix = 0;
};

// The range `text` names, or none when it names none (the address's bits
// beyond the prefix need not be zero).
std::optional<AddressRange> parse_address_range(const std::string& text);

// Whether `address` (canonical or not) lies in one of `ranges`; an IPv4
// address seen through an IPv6 socket is matched as IPv4.
bool in_ranges(const std::vector<AddressRange>& ranges, const std::string& address);

// 127.0.0.0/8 and ::1: this host only.
std::vector<AddressRange> loopback_ranges();

}  // namespace naumachia::server
