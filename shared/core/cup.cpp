#include "core/cup.h"

#include <algorithm>

#include "core/text.h"

namespace naumachia {

namespace {

bool valid_chit(std::string_view c) {
  return !c.empty() && c.size() <= 64 &&
         std::none_of(c.begin(), c.end(), [](char ch) { return ch == ' ' || ch == '\n'; });
}

}  // namespace

Cup::Cup(std::vector<std::string> chits) : chits_(std::move(chits)) {
  std::sort(chits_.begin(), chits_.end());
}

std::size_t Cup::count(std::string_view chit) const {
  const auto [lo, hi] = std::equal_range(chits_.begin(), chits_.end(), chit);
  return static_cast<std::size_t>(hi - lo);
}

void Cup::put(std::string chit) {
  chits_.insert(std::upper_bound(chits_.begin(), chits_.end(), chit), std::move(chit));
}

bool Cup::take(std::string_view chit) {
  const auto it = std::lower_bound(chits_.begin(), chits_.end(), chit);
  if (it == chits_.end() || *it != chit) return false;
  chits_.erase(it);
  return true;
}

std::optional<Cup::Draw> Cup::draw(Dice& dice, const std::string& who, Audience audience) {
  if (chits_.empty()) return std::nullopt;
  std::size_t index = 0;
  std::vector<DieRoll> rolls;
  // A die has two faces at least; with one chit left the draw is forced.
  if (chits_.size() > 1) {
    const int roll = dice.roll(static_cast<int>(chits_.size()), who + " draws from the cup");
    index = static_cast<std::size_t>(roll - 1);
    rolls.push_back(dice.log().back());
  }
  Draw d;
  d.chit = chits_[index];
  chits_.erase(chits_.begin() + static_cast<std::ptrdiff_t>(index));
  d.event =
      Event(who + " draws " + d.chit + " from the cup", std::move(rolls), std::move(audience));
  return d;
}

std::string Cup::serialize() const {
  std::string out = "cup " + std::to_string(chits_.size());
  for (const std::string& c : chits_) out += " " + c;
  return out;
}

Expected<Cup> Cup::parse(std::string_view line) {
  const auto w = text::split(line);
  long long n = -1;
  if (w.size() < 2 || w[0] != "cup" || !text::parse_int(w[1], n) ||
      n != static_cast<long long>(w.size()) - 2)
    return fail("a cup is 'cup N CHIT ...' with N chits");
  Cup c;
  for (std::size_t i = 2; i < w.size(); ++i) {
    if (!valid_chit(w[i])) return fail("'" + std::string(w[i]) + "' is not a chit name");
    if (!c.chits_.empty() && std::string_view(c.chits_.back()) > w[i])
      return fail("a cup's chits are stored sorted");
    c.chits_.emplace_back(w[i]);
  }
  return c;
}

}  // namespace naumachia
