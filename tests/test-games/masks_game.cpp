#include "test-games/masks_game.h"

#include <algorithm>
#include <sstream>

#include "core/choices.h"
#include "core/cup.h"
#include "core/text.h"

namespace naumachia::testing {

namespace {

const std::vector<std::string> kSides{"Red", "Blue"};
constexpr int kRounds = 4;
constexpr int kPointsToWin = 2;
constexpr std::size_t kHandLimit = 3;

std::vector<std::string> all_chits() {
  std::vector<std::string> out;
  for (const char* wood : {"ash", "elm", "oak"}) {
    for (int n = 1; n <= 4; ++n)
      out.push_back(std::string("chit-") + wood + "-" + std::to_string(n));
  }
  return out;
}

int worth(const std::string& chit) {
  return chit.back() - '0';
}

SideId side_of(PlayerId p) {
  return SideId{p.value % 2};
}

Seating seating_for(int players) {
  std::vector<std::string> names;
  std::vector<int> side_of_seat;
  for (int i = 0; i < players; ++i) {
    const int side = i % 2;
    const bool two = (side == 0 ? (players + 1) / 2 : players / 2) > 1;
    names.push_back(kSides[static_cast<std::size_t>(side)] +
                    (two ? " " + std::to_string(i / 2 + 1) : std::string()));
    side_of_seat.push_back(side);
  }
  return Seating::partnered(kSides, names, side_of_seat);
}

class MasksState final : public State {
 public:
  explicit MasksState(int players)
      : players_(players),
        cup_(all_chits()),
        hands_(static_cast<std::size_t>(players)),
        seating_(seating_for(players)) {}

  bool drawing() const { return step_ % 2 == 1; }
  int round() const { return static_cast<int>((step_ + 1) / 2); }

  StepInfo step() const override {
    StepInfo info;
    info.number = StepNo{step_};
    info.label = "Round " + std::to_string(round()) + ": " + (drawing() ? "draw" : "play");
    const int best = std::max(points_[0], points_[1]);
    if (best >= kPointsToWin || round() > kRounds) {
      info.game_over = true;
      if (points_[0] == points_[1]) {
        info.result = "a draw at " + std::to_string(best) + " point(s) each (masks 5)";
      } else {
        const int w = points_[0] > points_[1] ? 0 : 1;
        info.winners.push_back(SideId{w});
        info.result = kSides[static_cast<std::size_t>(w)] + " wins " + std::to_string(points_[w]) +
                      " to " + std::to_string(points_[1 - w]) + " (masks 5)";
      }
      return info;
    }
    for (int i = 0; i < players_; ++i) info.to_order.push_back(PlayerId{i});
    return info;
  }

  Expected<OrderSet, OrderErrors> validate(PlayerId p,
                                           const std::vector<std::string>& lines) const override {
    OrderErrors errors;
    OrderSet out;
    std::vector<std::string> kept;
    for (const std::string& l : lines) {
      if (!text::trim(l).empty()) kept.push_back(l);
    }
    if (kept.size() > 1) errors.push_back({2, "one order per step (masks 2, 3)"});
    if (kept.empty()) return out;  // the default: keep / pass (masks 6)
    const auto w = text::split(kept[0]);
    const std::string verb = w.empty() ? "" : text::lower(w[0]);
    const auto& hand = hands_[static_cast<std::size_t>(p.value)];
    if (drawing()) {
      if (w.size() == 1 && verb == "keep") {
        out.lines.push_back("keep");
      } else if (w.size() == 1 && verb == "draw") {
        if (hand.size() >= kHandLimit)
          errors.push_back({1, "your hand holds three chits already (masks 2)"});
        else if (cup_.empty())
          errors.push_back({1, "the cup is empty (masks 2)"});
        else
          out.lines.push_back("draw");
      } else {
        errors.push_back({1, "in a draw step the orders are 'draw' or 'keep' (masks 2)"});
      }
    } else {
      if (w.size() == 1 && verb == "pass") {
        out.lines.push_back("pass");
      } else if (w.size() == 2 && verb == "play") {
        const std::string chit = text::lower(w[1]);
        if (std::find(hand.begin(), hand.end(), chit) == hand.end())
          errors.push_back({1, "you hold no chit '" + std::string(w[1]) + "' (masks 3)"});
        else
          out.lines.push_back("play " + chit);
      } else {
        errors.push_back({1, "in a play step the orders are 'play CHIT' or 'pass' (masks 3)"});
      }
    }
    if (!errors.empty()) return unexpected(std::move(errors));
    return out;
  }

  OrderSet default_orders(PlayerId) const override { return {}; }

  std::vector<std::vector<std::string>> candidate_orders(PlayerId p) const override {
    if (drawing()) return {{"draw", "keep"}};
    std::vector<std::string> group{"pass"};
    for (const std::string& c : hands_[static_cast<std::size_t>(p.value)])
      group.push_back("play " + c);
    return {group};
  }

  // One decision a step, from the seat's own hand: the choices show a seat
  // its own chits (which its side may know) and nothing else.
  std::vector<Decision> decisions(PlayerId p) const override {
    const StepInfo info = step();
    if (std::find(info.to_order.begin(), info.to_order.end(), p) == info.to_order.end()) return {};
    if (drawing()) return {{"draw", "draw a chit or keep your hand", "", {}, "keeps (masks 6)"}};
    return {{"chit", "play a chit or pass", "", {}, "passes (masks 6)"}};
  }

  Expected<std::vector<Choice>> choices(PlayerId p, std::string_view decision,
                                        const std::vector<std::string>& path) const override {
    const auto ds = decisions(p);
    if (ds.empty() || ds[0].id != decision) return fail("no such decision in this step");
    std::vector<Option> options;
    if (drawing()) {
      options = {{{"draw", "draw a chit from the cup", {}}}, {{"keep", "keep your hand", {}}}};
    } else {
      options.push_back({{"pass", "pass", {}}});
      for (const std::string& c : hands_[static_cast<std::size_t>(p.value)])
        options.push_back({{"play", "play", {}}, {" " + c, c, {}}});
    }
    return offered(
        ds[0], path,
        [&](const std::vector<std::string>& so_far) { return ways_among(options, so_far); },
        [&](const std::string& line) { return validate(p, {line}).has_value(); });
  }

  // masks 3: a seat's orders name the chit it plays; only its side reads them.
  Audience orders_audience(PlayerId seat) const override {
    return seating_.side_audience(side_of(seat));
  }

  std::vector<Secret> secrets() const override {
    std::vector<Secret> out;
    for (const std::string& c : cup_.contents()) out.push_back({c, Audience::nobody()});
    for (int i = 0; i < players_; ++i) {
      const Audience side = seating_.side_audience(side_of(PlayerId{i}));
      for (const std::string& c : hands_[static_cast<std::size_t>(i)]) out.push_back({c, side});
    }
    for (int s = 0; s < 2; ++s) {
      for (const std::string& c : spent_[s]) out.push_back({c, seating_.side_audience(SideId{s})});
    }
    return out;
  }

  View view(std::optional<PlayerId> viewer) const override {
    View v;
    v.board_kind = BoardKind::List;
    const auto sees = [&](int seat) {
      return !viewer || side_of(*viewer) == side_of(PlayerId{seat});
    };
    for (int i = 0; i < players_; ++i) {
      const auto& hand = hands_[static_cast<std::size_t>(i)];
      Cell c;
      c.id = seating_.seat_names[static_cast<std::size_t>(i)];
      c.label = std::to_string(hand.size()) + " chit(s) in hand";
      for (const std::string& chit : hand) {
        c.tokens.push_back(Token{i, "chit", sees(i) ? chit : "?", -1, {}, {}, {}});
      }
      v.cells.push_back(std::move(c));
    }
    v.notes.push_back(step().label);
    v.notes.push_back("points: Red " + std::to_string(points_[0]) + ", Blue " +
                      std::to_string(points_[1]));
    v.notes.push_back("chits in the cup: " + std::to_string(cup_.size()));
    for (int s = 0; s < 2; ++s) {
      std::string note = kSides[static_cast<std::size_t>(s)] + " has spent " +
                         std::to_string(spent_[s].size()) + " chit(s)";
      if (!viewer || side_of(*viewer).value == s) note += ": " + text::join(spent_[s], " ");
      v.notes.push_back(note);
    }
    return v;
  }

  std::string serialize() const override {
    std::ostringstream out;
    out << "masks 1\nplayers " << players_ << "\nstep " << step_ << "\npoints " << points_[0] << " "
        << points_[1] << "\n"
        << cup_.serialize() << "\n";
    // Hands and spent chits are kept sorted: their order tells nothing.
    for (int i = 0; i < players_; ++i) {
      const auto& hand = hands_[static_cast<std::size_t>(i)];
      out << "hand " << i << (hand.empty() ? "" : " ") << text::join(hand, " ") << "\n";
    }
    for (int s = 0; s < 2; ++s)
      out << "spent " << s << (spent_[s].empty() ? "" : " ") << text::join(spent_[s], " ") << "\n";
    return out.str();
  }

  static Expected<std::unique_ptr<State>> parse(std::string_view bytes) {
    const auto lines = text::lines(bytes);
    if (lines.size() < 5 || lines[0] != "masks 1") return fail("not a masks state");
    long long players = 0, step = 0, red = 0, blue = 0;
    auto w = text::split(lines[1]);
    if (w.size() != 2 || w[0] != "players" || !text::parse_int(w[1], players) || players < 2 ||
        players > 4)
      return fail("bad players line");
    auto s = std::make_unique<MasksState>(static_cast<int>(players));
    w = text::split(lines[2]);
    if (w.size() != 2 || w[0] != "step" || !text::parse_int(w[1], step) || step < 1)
      return fail("bad step line");
    s->step_ = step;
    w = text::split(lines[3]);
    if (w.size() != 3 || w[0] != "points" || !text::parse_int(w[1], red) ||
        !text::parse_int(w[2], blue) || red < 0 || blue < 0 || red > 9 || blue > 9)
      return fail("bad points line");
    s->points_[0] = static_cast<int>(red);
    s->points_[1] = static_cast<int>(blue);
    auto cup = Cup::parse(lines[4]);
    if (!cup) return fail(cup.error().message);
    s->cup_ = std::move(*cup);
    std::vector<std::string> seen = s->cup_.contents();
    std::size_t next = 5;
    for (int i = 0; i < players; ++i, ++next) {
      if (next >= lines.size()) return fail("missing hand line");
      w = text::split(lines[next]);
      if (w.size() < 2 || w[0] != "hand" || w[1] != std::to_string(i)) return fail("bad hand line");
      for (std::size_t k = 2; k < w.size(); ++k) {
        s->hands_[static_cast<std::size_t>(i)].emplace_back(w[k]);
        seen.emplace_back(w[k]);
      }
      if (!std::is_sorted(s->hands_[static_cast<std::size_t>(i)].begin(),
                          s->hands_[static_cast<std::size_t>(i)].end()))
        return fail("a hand is stored sorted");
      if (s->hands_[static_cast<std::size_t>(i)].size() > kHandLimit) return fail("hand too big");
    }
    for (int side = 0; side < 2; ++side, ++next) {
      if (next >= lines.size()) return fail("missing spent line");
      w = text::split(lines[next]);
      if (w.size() < 2 || w[0] != "spent" || w[1] != std::to_string(side))
        return fail("bad spent line");
      for (std::size_t k = 2; k < w.size(); ++k) {
        s->spent_[side].emplace_back(w[k]);
        seen.emplace_back(w[k]);
      }
      if (!std::is_sorted(s->spent_[side].begin(), s->spent_[side].end()))
        return fail("spent chits are stored sorted");
    }
    std::sort(seen.begin(), seen.end());
    if (seen != all_chits_sorted()) return fail("the chits do not add up to the set (masks 1)");
    return std::unique_ptr<State>(std::move(s));
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<MasksState>(*this); }

  std::string order_help() const override {
    return "draw step: draw | keep      play step: play CHIT | pass";
  }

 protected:
  Resolution do_resolve(const std::map<PlayerId, OrderSet>& orders, Dice& dice) const override {
    auto next = std::make_unique<MasksState>(*this);
    Resolution r;
    const auto order_of = [&](int seat) {
      const auto& lines = orders.at(PlayerId{seat}).lines;
      return lines.empty() ? std::string(drawing() ? "keep" : "pass") : lines[0];
    };
    if (drawing()) {
      for (int i = 0; i < players_; ++i) {
        if (order_of(i) != "draw") continue;
        const std::string& name = seating_.seat_names[static_cast<std::size_t>(i)];
        auto d = next->cup_.draw(dice, name, seating_.side_audience(side_of(PlayerId{i})));
        if (!d) continue;
        auto& hand = next->hands_[static_cast<std::size_t>(i)];
        hand.insert(std::upper_bound(hand.begin(), hand.end(), d->chit), d->chit);
        r.events.push_back(Event(name + " draws a chit from the cup (masks 2)"));
        r.events.push_back(std::move(d->event));
      }
    } else {
      int total[2] = {0, 0};
      for (int i = 0; i < players_; ++i) {
        const std::string o = order_of(i);
        if (o.rfind("play ", 0) != 0) continue;
        const std::string chit = o.substr(5);
        auto& hand = next->hands_[static_cast<std::size_t>(i)];
        hand.erase(std::find(hand.begin(), hand.end(), chit));
        const int side = side_of(PlayerId{i}).value;
        auto& spent = next->spent_[side];
        spent.insert(std::upper_bound(spent.begin(), spent.end(), chit), chit);
        total[side] += worth(chit);
        r.events.push_back(
            Event(seating_.seat_names[static_cast<std::size_t>(i)] + " plays " + chit, {},
                  seating_.side_audience(SideId{side})));
      }
      std::string text = "Red plays " + std::to_string(total[0]) + ", Blue plays " +
                         std::to_string(total[1]) + ": ";
      if (total[0] == total[1]) {
        text += "nobody scores (masks 4)";
      } else {
        const int w = total[0] > total[1] ? 0 : 1;
        ++next->points_[w];
        text += kSides[static_cast<std::size_t>(w)] + " scores a point (masks 4)";
      }
      r.events.push_back(Event(text));
    }
    ++next->step_;
    r.next = std::move(next);
    return r;
  }

 private:
  static const std::vector<std::string>& all_chits_sorted() {
    static const std::vector<std::string> all = [] {
      auto v = all_chits();
      std::sort(v.begin(), v.end());
      return v;
    }();
    return all;
  }

  int players_;
  std::int64_t step_ = 1;
  int points_[2] = {0, 0};
  Cup cup_;
  std::vector<std::vector<std::string>> hands_;
  std::vector<std::string> spent_[2];
  Seating seating_;
};

class MasksGame final : public Game {
 public:
  std::string id() const override { return "masks"; }
  std::string title() const override { return "Masks (test game with hidden information)"; }
  std::vector<ScenarioInfo> scenarios() const override {
    return {ScenarioInfo{"standard", "Masks",
                         "Draw chits in secret, play them face down; two sides of one or two "
                         "seats (tests only).",
                         kSides, 2, 4}};
  }
  Seating seating(const ScenarioInfo&, int players) const override { return seating_for(players); }

 protected:
  Expected<std::unique_ptr<State>> do_new_game(std::string_view scenario, int players,
                                               RulesVersion) const override {
    if (scenario != "standard") return fail("masks has only the scenario 'standard'");
    if (players < 2 || players > 4) return fail("masks takes 2 to 4 players");
    return std::unique_ptr<State>(std::make_unique<MasksState>(players));
  }
  Expected<std::unique_ptr<State>> do_deserialize(std::string_view bytes,
                                                  RulesVersion) const override {
    return MasksState::parse(bytes);
  }
};

}  // namespace

std::unique_ptr<Game> make_masks_game() {
  return std::make_unique<MasksGame>();
}

}  // namespace naumachia::testing
