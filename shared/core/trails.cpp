#include "core/trails.h"

namespace naumachia {

void Trails::step(const std::string& piece, hex::HexId from, hex::HexId to) {
  std::vector<hex::HexId>& t = by_piece_[piece];
  if (t.empty()) t.push_back(from);
  if (t.back() != to) t.push_back(to);
}

void Trails::step_back(const std::string& piece) {
  const auto t = by_piece_.find(piece);
  if (t != by_piece_.end() && t->second.size() > 1) t->second.pop_back();
}

std::optional<Arrow> Trails::move(const std::string& piece, int owner, std::string order) const {
  const auto t = by_piece_.find(piece);
  if (t == by_piece_.end() || t->second.size() < 2) return std::nullopt;
  Arrow a =
      hex_arrow(t->second.front(), t->second.back(), ArrowKind::Move, owner, std::move(order));
  for (std::size_t i = 1; i + 1 < t->second.size(); ++i)
    a.path.push_back(hex::format_hex(t->second[i]));
  return a;
}

Arrow hex_arrow(hex::HexId from, hex::HexId to, ArrowKind kind, int owner, std::string order) {
  Arrow a;
  a.from = hex::format_hex(from);
  a.to = hex::format_hex(to);
  a.kind = kind;
  a.owner = owner;
  a.order = std::move(order);
  return a;
}

}  // namespace naumachia
