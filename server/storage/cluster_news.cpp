#include "storage/cluster_news.h"

#include <charconv>
#include <vector>

#include "base/crypto.h"
#include "core/text.h"

namespace naumachia::server {

ClusterLink::ClusterLink() : node_(hex(random_bytes(8))) {}

// A payload is words separated by single spaces: the node, a letter for the
// kind, then its numbers.
std::string ClusterLink::game_changed(std::int64_t id, std::int64_t version, std::int64_t first_seq,
                                      std::int64_t last_seq) const {
  return node_ + " g " + std::to_string(id) + " " + std::to_string(version) + " " +
         std::to_string(first_seq) + " " + std::to_string(last_seq);
}

std::string ClusterLink::message_sent(std::int64_t message_id) const {
  return node_ + " m " + std::to_string(message_id);
}

std::string ClusterLink::game_created(std::int64_t id) const {
  return node_ + " n " + std::to_string(id);
}

std::optional<ClusterNews> ClusterLink::parse(std::string_view payload) {
  const std::vector<std::string_view> words = text::split(payload, " ");
  if (words.size() < 3 || words[1].size() != 1) return std::nullopt;
  std::vector<std::int64_t> numbers;
  for (std::size_t i = 2; i < words.size(); ++i) {
    std::int64_t n = 0;
    const auto [end, ec] = std::from_chars(words[i].data(), words[i].data() + words[i].size(), n);
    if (ec != std::errc() || end != words[i].data() + words[i].size() || n < 0) return std::nullopt;
    numbers.push_back(n);
  }
  ClusterNews news;
  news.node = std::string(words[0]);
  news.id = numbers[0];
  switch (words[1][0]) {
    case 'g':
      if (numbers.size() != 4 || numbers[2] > numbers[3]) return std::nullopt;
      news.kind = ClusterNews::Kind::game_changed;
      news.version = numbers[1];
      news.first_seq = numbers[2];
      news.last_seq = numbers[3];
      return news;
    case 'm':
      if (numbers.size() != 1) return std::nullopt;
      news.kind = ClusterNews::Kind::message_sent;
      return news;
    case 'n':
      if (numbers.size() != 1) return std::nullopt;
      news.kind = ClusterNews::Kind::game_created;
      return news;
    default:
      return std::nullopt;
  }
}

}  // namespace naumachia::server
