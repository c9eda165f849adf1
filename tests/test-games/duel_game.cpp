#include "test-games/duel_game.h"

#include <algorithm>
#include <sstream>

#include "core/text.h"

namespace naumachia::testing {

namespace {

const std::vector<std::string> kSides{"Red", "Blue", "Green", "Gold"};
constexpr int kPurse = 10;
constexpr int kRounds = 5;
constexpr int kPointsToWin = 2;

class DuelState final : public State {
 public:
  explicit DuelState(int players)
      : points_(static_cast<std::size_t>(players), 0),
        purse_(static_cast<std::size_t>(players), kPurse) {}

  StepInfo step() const override {
    StepInfo info;
    info.number = StepNo{round_};
    info.label = "Round " + std::to_string(round_);
    const int best = *std::max_element(points_.begin(), points_.end());
    if (best >= kPointsToWin || round_ > kRounds) {
      info.game_over = true;
      std::string names;
      for (std::size_t i = 0; i < points_.size(); ++i) {
        if (points_[i] != best) continue;
        info.winners.push_back(SideId{static_cast<int>(i)});
        names += (names.empty() ? "" : " and ") + kSides[i];
      }
      info.result = names + " won with " + std::to_string(best) + " point(s)";
      return info;
    }
    for (std::size_t i = 0; i < points_.size(); ++i)
      info.to_order.push_back(PlayerId{static_cast<int>(i)});
    return info;
  }

  Expected<OrderSet, OrderErrors> validate(PlayerId p,
                                           const std::vector<std::string>& lines) const override {
    OrderErrors errors;
    OrderSet out;
    if (lines.empty())
      return unexpected(OrderErrors{{0, "no orders: give one line 'bid N' (duel 1)"}});
    if (lines.size() > 1) errors.push_back({2, "only one order per round (duel 1)"});
    const auto words = text::split(lines[0]);
    long long n = 0;
    if (words.size() != 2 || text::lower(words[0]) != "bid" || !text::parse_int(words[1], n)) {
      errors.push_back(
          {1, "'" + lines[0] + "' is not an order; the only order is 'bid N' (duel 1)"});
    } else if (n < 0 || n > purse_[static_cast<std::size_t>(p.value)]) {
      errors.push_back({1, "a bid of " + std::to_string(n) + " is outside your purse of 0.." +
                               std::to_string(purse_[static_cast<std::size_t>(p.value)]) +
                               " (duel 2)"});
    } else {
      out.lines.push_back("bid " + std::to_string(n));
    }
    if (!errors.empty()) return unexpected(std::move(errors));
    return out;
  }

  OrderSet default_orders(PlayerId) const override { return OrderSet{{"bid 0"}}; }

  std::vector<std::vector<std::string>> candidate_orders(PlayerId p) const override {
    std::vector<std::string> bids;
    for (int bid = 0; bid <= purse_[static_cast<std::size_t>(p.value)]; ++bid)
      bids.push_back("bid " + std::to_string(bid));
    return {bids};
  }

  View view(std::optional<PlayerId> viewer) const override {
    View v;
    v.board_kind = BoardKind::List;
    for (std::size_t i = 0; i < points_.size(); ++i) {
      Cell c;
      c.id = kSides[i];
      c.label = "points " + std::to_string(points_[i]);
      // A purse is private to its owner until the game is seen as a whole.
      if (!viewer || viewer->value == static_cast<int>(i))
        c.label += ", purse " + std::to_string(purse_[i]);
      c.tokens.push_back(
          Token{static_cast<int>(i), "duellist", kSides[i].substr(0, 1), -1, {}, {}, {}});
      v.cells.push_back(std::move(c));
    }
    v.notes.push_back("round " + std::to_string(round_) + " of at most " + std::to_string(kRounds));
    return v;
  }

  std::string serialize() const override {
    std::ostringstream out;
    out << "duel 1\nplayers " << points_.size() << "\nround " << round_ << "\npoints";
    for (int p : points_) out << " " << p;
    out << "\npurse";
    for (int p : purse_) out << " " << p;
    out << "\n";
    return out.str();
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<DuelState>(*this); }

  std::string order_help() const override { return "bid N   (0 <= N <= your purse)"; }

  static Expected<std::unique_ptr<State>> parse(std::string_view bytes) {
    const auto lines = text::lines(bytes);
    long long players = 0, round = 0;
    if (lines.size() < 5 || lines[0] != "duel 1") return fail("not a duel state");
    const auto field = [&](std::size_t i, std::string_view key) {
      auto words = text::split(lines[i]);
      if (words.empty() || words[0] != key) words.clear();
      return words;
    };
    auto w = field(1, "players");
    if (w.size() != 2 || !text::parse_int(w[1], players) || players < 2 || players > 4)
      return fail("bad players line");
    w = field(2, "round");
    if (w.size() != 2 || !text::parse_int(w[1], round) || round < 1) return fail("bad round line");
    auto s = std::make_unique<DuelState>(static_cast<int>(players));
    s->round_ = round;
    for (auto [line, key, vec] :
         {std::tuple{3, "points", &s->points_}, std::tuple{4, "purse", &s->purse_}}) {
      w = field(static_cast<std::size_t>(line), key);
      if (w.size() != static_cast<std::size_t>(players) + 1)
        return fail(std::string("bad ") + key + " line");
      for (std::size_t i = 0; i < vec->size(); ++i) {
        long long v = 0;
        if (!text::parse_int(w[i + 1], v)) return fail(std::string("bad ") + key + " line");
        (*vec)[i] = static_cast<int>(v);
      }
    }
    return std::unique_ptr<State>(std::move(s));
  }

 protected:
  Resolution do_resolve(const std::map<PlayerId, OrderSet>& orders, Dice& dice) const override {
    auto next = std::make_unique<DuelState>(*this);
    Resolution r;
    std::vector<int> totals;
    for (std::size_t i = 0; i < points_.size(); ++i) {
      const int bid = std::stoi(orders.at(PlayerId{static_cast<int>(i)}).lines.at(0).substr(4));
      Event e;
      const int die = dice.roll(6, kSides[i] + "'s strength roll");
      e.rolls = {dice.log().back()};
      totals.push_back(bid + die);
      next->purse_[i] -= bid;
      e.text = kSides[i] + " bids " + std::to_string(bid) + " and rolls " + std::to_string(die) +
               ": total " + std::to_string(bid + die);
      r.events.push_back(std::move(e));
    }
    const int best = *std::max_element(totals.begin(), totals.end());
    if (std::count(totals.begin(), totals.end(), best) == 1) {
      const auto winner =
          static_cast<std::size_t>(std::find(totals.begin(), totals.end(), best) - totals.begin());
      ++next->points_[winner];
      r.events.push_back(Event{kSides[winner] + " scores a point", {}});
    } else {
      r.events.push_back(Event{"a tie: nobody scores", {}});
    }
    ++next->round_;
    r.next = std::move(next);
    return r;
  }

 private:
  std::vector<int> points_;
  std::vector<int> purse_;
  std::int64_t round_ = 1;
};

class DuelGame final : public Game {
 public:
  std::string id() const override { return "duel"; }
  std::string title() const override { return "Duel (test game)"; }
  std::vector<ScenarioInfo> scenarios() const override {
    return {ScenarioInfo{"standard", "Duel",
                         "Bid against each other; first to 2 points wins (tests only).", kSides, 2,
                         4}};
  }

 protected:
  Expected<std::unique_ptr<State>> do_new_game(std::string_view scenario, int players,
                                               RulesVersion) const override {
    if (scenario != "standard") return fail("duel has only the scenario 'standard'");
    if (players < 2 || players > 4) return fail("duel takes 2 to 4 players");
    return std::unique_ptr<State>(std::make_unique<DuelState>(players));
  }
  Expected<std::unique_ptr<State>> do_deserialize(std::string_view bytes,
                                                  RulesVersion) const override {
    return DuelState::parse(bytes);
  }
};

}  // namespace

std::unique_ptr<Game> make_duel_game() {
  return std::make_unique<DuelGame>();
}

}  // namespace naumachia::testing
