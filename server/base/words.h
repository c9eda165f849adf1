#pragma once
// How the server words things for people.
#include <string>
#include <vector>

namespace naumachia::server {

// "England, France and Italy"; "" for none.
std::string and_list(const std::vector<std::string>& items);

}  // namespace naumachia::server
