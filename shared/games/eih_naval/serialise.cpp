// Empires in Harm naval combat: the canonical text of a position (equal
// positions give equal bytes) and its parser, which refuses anything it
// cannot read back or that the sequence of play could not have reached.
#include <algorithm>
#include <sstream>

#include "core/records.h"
#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

namespace {

constexpr std::array<const char*, 14> kPhases{
    "opening",   "forces", "defender", "war",   "evasion", "chits",   "guns",
    "surrender", "follow", "odd",      "chase", "retreat", "damaged", "over"};
constexpr std::array<const char*, 5> kOutcomes{"fighting", "victory", "draw", "inconclusive",
                                               "no-battle"};
constexpr std::array<const char*, 4> kNexts{"surrender", "after-round", "end-of-combat", "retreat"};

std::string q(const std::string& s) {
  return "\"" + (s.empty() ? std::string("-") : s) + "\"";
}

std::string ships(const Ships& s) {
  return std::to_string(s[ShipType::Heavy]) + "-" + std::to_string(s[ShipType::Light]) + "-" +
         std::to_string(s[ShipType::Galley]);
}

std::optional<Ships> unships(const std::string& w) {
  const auto parts = text::split(w, "-");
  if (parts.size() != 3) return std::nullopt;
  Ships s;
  for (std::size_t i = 0; i < 3; ++i) {
    long long v = 0;
    if (!text::parse_int(parts[i], v) || v < 0 || v > 999) return std::nullopt;
    s.n[i] = static_cast<int>(v);
  }
  return s;
}

template <std::size_t N>
std::optional<int> index_of(const std::array<const char*, N>& names, const std::string& w) {
  for (std::size_t i = 0; i < N; ++i)
    if (w == names[i]) return static_cast<int>(i);
  return std::nullopt;
}

}  // namespace

std::string Board::serialize() const {
  std::ostringstream o;
  o << "eih-naval 1\n";
  o << "battle " << battle().id << "\n";
  o << "players " << players_ << "\n";
  o << "step " << step_ << "\n";
  o << "phase " << kPhases[static_cast<std::size_t>(phase_)] << " " << round_ << " " << forces_seat_
    << "\n";
  for (const SeatSpec& s : seats_) {
    o << "seat " << s.side << " " << q(s.name);
    for (const std::string& p : s.powers) o << " " << p;
    o << "\n";
  }
  for (const auto& [minor, major] : control_) o << "control " << minor << " " << major << "\n";
  for (const auto& [p, r] : wars_) o << "war " << p << " " << r << "\n";
  for (const auto& [p, r] : declared_) o << "declared " << p << " " << r << "\n";
  o << "stacks " << defending_ << " " << after_evasion_ << " " << evading_ << "\n";
  o << "commanders " << text::word(commander_[0]) << " " << text::word(commander_[1]) << "\n";
  o << "chits " << revealed_ << " " << text::word(chit_[0]) << " " << text::word(chit_[1]) << " "
    << nelson_ << " " << closed_ << "\n";
  for (std::size_t s = 0; s < 2; ++s)
    o << "morale " << s << " " << morale_sum_[s] << " " << morale_ships_[s] << " " << loss_[s].value
      << " " << lost_[s] << " " << hit_[s] << "\n";
  o << "raid " << guns_ << " " << no_reply_ << "\n";
  for (const std::string& p : surrendered_) o << "surrendered " << p << "\n";
  for (const std::string& p : follow_) o << "follow " << p << "\n";
  for (const Allocation& a : pending_) {
    o << "pending " << a.side << " " << a.capture << " " << a.spare << " " << a.odd << " "
      << q(a.cause) << " ";
    std::vector<std::string> settled;
    for (const auto& [k, n] : a.settled) settled.push_back(k + "=" + std::to_string(n));
    o << text::word(text::join(settled, ",")) << " " << text::word(text::join(a.candidates, ","))
      << "\n";
  }
  o << "resume " << kNexts[static_cast<std::size_t>(resume_)] << "\n";
  o << "outcome " << kOutcomes[static_cast<std::size_t>(outcome_)] << " " << victor_ << " "
    << victory_counts_ << " " << melee_by_nelson_ << "\n";
  for (const auto& [p, v] : pp_) o << "pp " << p << " " << v << "\n";
  for (const Fleet& f : fleets_) {
    o << "fleet " << f.id << " " << f.stack << " " << f.nation << " " << q(f.name) << " "
      << q(f.leader) << " " << f.nelson << " " << q(f.leader_fate) << " " << ships(f.start) << " "
      << ships(f.ships) << " " << ships(f.damaged) << " " << ships(f.taken) << " " << ships(f.sunk)
      << " " << ships(f.saved) << " " << ships(f.prizes) << " " << ships(f.yielded) << " "
      << text::word(f.taken_by) << " " << f.fought << " " << f.evaded << " " << f.surrendered << " "
      << q(f.at) << "\n";
  }
  for (const Corps& c : corps_)
    o << "corps " << c.nation << " " << c.factors << " " << c.fleet << " " << c.surrendered << "\n";
  if (!result_.empty()) o << "result " << q(result_) << "\n";
  return o.str();
}

std::optional<std::string> Board::parse(std::string_view bytes) {
  const auto recs = records::read(bytes, "eih-naval position");
  if (recs.size() < 3 || recs[0].text() != "eih-naval 1") return "not an eih-naval position";
  seats_.clear();
  control_.clear();
  wars_.clear();
  fleets_.clear();
  corps_.clear();
  bool battle_seen = false, players_seen = false;
  for (const records::Record& r : recs) {
    if (&r == &recs[0]) continue;
    auto split = words_of(r.text());
    if (!split) return r.where() + ": " + split.error().message;
    const std::vector<std::string>& w = *split;
    const std::string& k = w[0];
    const auto num = [&](std::size_t i, long long lo, long long hi) -> std::optional<long long> {
      long long v = 0;
      if (i >= w.size() || !text::parse_int(w[i], v) || v < lo || v > hi) return std::nullopt;
      return v;
    };
    const auto nation = [&](const std::string& n) { return data_->nation(n) != nullptr; };
    const std::string bad = r.where() + ": a malformed '" + k + "' record";
    if (k == "battle" && w.size() == 2) {
      if (w[1] != battle().id) return r.where() + ": another battle than this game's";
      battle_seen = true;
    } else if (k == "players" && w.size() == 2) {
      if (num(1, 2, 4) != players_) return r.where() + ": another number of players";
      players_seen = true;
    } else if (k == "step" && w.size() == 2) {
      auto v = num(1, 1, 1'000'000);
      if (!v) return bad;
      step_ = *v;
    } else if (k == "phase" && w.size() == 4) {
      auto p = index_of(kPhases, w[1]);
      auto rnd = num(2, 0, kRounds), fs = num(3, 0, 4);
      if (!p || !rnd || !fs) return bad;
      phase_ = static_cast<Phase>(*p);
      round_ = static_cast<int>(*rnd);
      forces_seat_ = static_cast<int>(*fs);
    } else if (k == "seat" && w.size() >= 3) {
      auto side = num(1, 0, 1);
      if (!side) return bad;
      SeatSpec s{text::unword(w[2]), static_cast<int>(*side), {}};
      for (std::size_t i = 3; i < w.size(); ++i) {
        if (!nation(w[i])) return bad;
        s.powers.push_back(w[i]);
      }
      seats_.push_back(s);
    } else if (k == "control" && w.size() == 3) {
      if (!nation(w[1]) || !nation(w[2])) return bad;
      control_[w[1]] = w[2];
    } else if (k == "war" && w.size() == 3) {
      if (!nation(w[1]) || !nation(w[2]) || w[1] >= w[2]) return bad;
      wars_.insert({w[1], w[2]});
    } else if (k == "declared" && w.size() == 3) {
      if (!nation(w[1]) || !nation(w[2])) return bad;
      declared_.emplace_back(w[1], w[2]);
    } else if (k == "stacks" && w.size() == 4) {
      auto d = num(1, 0, 99), a = num(2, 0, 1), e = num(3, 0, 99);
      if (!d || !a || !e) return bad;
      defending_ = static_cast<int>(*d);
      after_evasion_ = *a == 1;
      evading_ = static_cast<int>(*e);
    } else if (k == "commanders" && w.size() == 3) {
      commander_ = {text::unword(w[1]), text::unword(w[2])};
      for (const std::string& c : commander_)
        if (!c.empty() && !nation(c)) return bad;
    } else if (k == "chits" && w.size() == 6) {
      auto rv = num(1, 0, 1), ne = num(4, 0, 2), cl = num(5, 0, 1);
      if (!rv || !ne || !cl) return bad;
      revealed_ = *rv == 1;
      chit_ = {text::unword(w[2]), text::unword(w[3])};
      for (const std::string& c : chit_)
        if (!c.empty() && !tables().has_chit(c)) return bad;
      if (chit_[0].empty() != chit_[1].empty()) return bad;
      nelson_ = static_cast<int>(*ne);
      closed_ = *cl == 1;
    } else if (k == "morale" && w.size() == 7) {
      auto s = num(1, 0, 1), sum = num(2, 0, 100'000'000), n = num(3, 0, 100'000),
           loss = num(4, 0, 1'000'000), lost = num(5, 0, 100'000), hit = num(6, 0, 100'000);
      if (!s || !sum || !n || !loss || !lost || !hit) return bad;
      const auto i = static_cast<std::size_t>(*s);
      morale_sum_[i] = *sum;
      morale_ships_[i] = *n;
      loss_[i] = Hundredths{static_cast<int>(*loss)};
      lost_[i] = static_cast<int>(*lost);
      hit_[i] = static_cast<int>(*hit);
    } else if (k == "raid" && w.size() == 3) {
      auto g = num(1, 0, 1), nr = num(2, 0, 1);
      if (!g || !nr) return bad;
      guns_ = *g == 1;
      no_reply_ = *nr == 1;
    } else if (k == "surrendered" && w.size() == 2) {
      if (!nation(w[1])) return bad;
      surrendered_.insert(w[1]);
    } else if (k == "follow" && w.size() == 2) {
      if (!nation(w[1])) return bad;
      follow_.push_back(w[1]);
    } else if (k == "pending" && w.size() == 8) {
      Allocation a;
      auto s = num(1, 0, 1), cap = num(2, 0, 1), spare = num(3, 0, 1), odd = num(4, 1, 99);
      if (!s || !cap || !spare || !odd) return bad;
      a.side = static_cast<int>(*s);
      a.capture = *cap == 1;
      a.spare = *spare == 1;
      a.odd = static_cast<int>(*odd);
      a.cause = text::unword(w[5]);
      if (w[6] != "-")
        for (auto part : text::split(w[6], ",")) {
          const auto eq = part.find('=');
          long long v = 0;
          if (eq == std::string_view::npos || !text::parse_int(part.substr(eq + 1), v) || v < 0 ||
              v > 999 || !nation(std::string(part.substr(0, eq))))
            return bad;
          a.settled[std::string(part.substr(0, eq))] = static_cast<int>(v);
        }
      if (w[7] == "-") return bad;
      for (auto c : text::split(w[7], ",")) {
        if (!nation(std::string(c))) return bad;
        a.candidates.emplace_back(c);
      }
      pending_.push_back(a);
    } else if (k == "resume" && w.size() == 2) {
      auto n = index_of(kNexts, w[1]);
      if (!n) return bad;
      resume_ = static_cast<Next>(*n);
    } else if (k == "outcome" && w.size() == 5) {
      auto o = index_of(kOutcomes, w[1]);
      auto v = num(2, -1, 1), c = num(3, 0, 1), m = num(4, 0, 1);
      if (!o || !v || !c || !m) return bad;
      outcome_ = static_cast<Outcome>(*o);
      victor_ = static_cast<int>(*v);
      victory_counts_ = *c == 1;
      melee_by_nelson_ = *m == 1;
    } else if (k == "pp" && w.size() == 3) {
      auto v = num(2, -99, 99);
      if (!v || !nation(w[1])) return bad;
      pp_[w[1]] = static_cast<int>(*v);
    } else if (k == "fleet" && w.size() == 21) {
      Fleet f;
      f.id = w[1];
      auto st = num(2, 1, 99), ne = num(6, 0, 1), fo = num(17, 0, 1), ev = num(18, 0, 1),
           su = num(19, 0, 1);
      if (!st || !ne || !fo || !ev || !su || !nation(w[3]) ||
          !battle().stack(static_cast<int>(*st)))
        return bad;
      f.stack = static_cast<int>(*st);
      f.nation = w[3];
      f.name = text::unword(w[4]);
      f.leader = text::unword(w[5]);
      f.nelson = *ne == 1;
      f.leader_fate = text::unword(w[7]);
      Ships* parts[] = {&f.start, &f.ships, &f.damaged, &f.taken,
                        &f.sunk,  &f.saved, &f.prizes,  &f.yielded};
      for (std::size_t i = 0; i < 8; ++i) {
        auto s = unships(w[8 + i]);
        if (!s) return bad;
        *parts[i] = *s;
      }
      f.taken_by = text::unword(w[16]);
      if (!f.taken_by.empty() && !nation(f.taken_by)) return bad;
      f.fought = *fo == 1;
      f.evaded = *ev == 1;
      f.surrendered = *su == 1;
      f.at = text::unword(w[20]);
      if (f.start != f.ships + f.damaged + f.taken + f.sunk + f.saved + f.prizes + f.yielded)
        return r.where() + ": fleet " + f.id + "'s ships do not add up to its start";
      if ((!f.taken.empty() || !f.prizes.empty() || !f.yielded.empty()) && f.taken_by.empty())
        return r.where() + ": fleet " + f.id + " lost ships to nobody";
      if (std::any_of(fleets_.begin(), fleets_.end(), [&](const Fleet& g) { return g.id == f.id; }))
        return r.where() + ": fleet " + f.id + " twice";
      fleets_.push_back(f);
    } else if (k == "corps" && w.size() == 5) {
      auto fa = num(2, 1, 99), su = num(4, 0, 99);
      if (!fa || !su || *su > *fa || !nation(w[1])) return bad;
      corps_.push_back(Corps{w[1], static_cast<int>(*fa), w[3], static_cast<int>(*su)});
    } else if (k == "result" && w.size() == 2) {
      result_ = text::unword(w[1]);
    } else {
      return r.where() + ": unknown record '" + k + "'";
    }
  }
  if (!battle_seen || !players_seen) return "eih-naval position: no battle or players";
  return consistent();
}

// What the sequence of play relies on, for a position read from outside.
std::optional<std::string> Board::consistent() const {
  const std::string where = "eih-naval position: ";
  if (static_cast<int>(seats_.size()) != players_) return where + "one seat a player";
  for (const SeatSpec& s : seats_)
    for (const std::string& p : s.powers)
      if (std::count_if(seats_.begin(), seats_.end(), [&](const SeatSpec& o) {
            return std::find(o.powers.begin(), o.powers.end(), p) != o.powers.end();
          }) != 1)
        return where + "a power with two seats";
  for (const Fleet& f : fleets_) {
    const auto seat = seat_of(power(f.nation));
    if (phase_ != Phase::Forces && (!seat || side_of_seat(*seat) != side_of(f)))
      return where + "fleet " + f.id + " has no seat of its side";
  }
  // The fleets are the battle's (or, in a custom battle, the seats' in their
  // side's first stack).
  if (!battle().custom && fleets_.size() != battle().fleets.size())
    return where + "not the fleets of " + battle().id;
  for (std::size_t i = 0; i < fleets_.size(); ++i) {
    const Fleet& f = fleets_[i];
    if (battle().custom) continue;
    const FleetSpec& spec = battle().fleets[i];
    if (f.id != spec.id || f.nation != spec.nation || f.stack != spec.stack ||
        f.start != spec.ships || f.name != spec.name || f.nelson != spec.nelson)
      return where + "fleet " + f.id + " is not the battle's " + spec.id;
  }
  for (const Corps& c : corps_)
    if (std::none_of(fleets_.begin(), fleets_.end(),
                     [&](const Fleet& f) { return f.id == c.fleet; }))
      return where + "a corps on an unknown fleet";
  if (phase_ == Phase::Forces &&
      (!battle().custom || forces_seat_ >= players_ || revealed_ || defending_ != 0))
    return where + "a forces step outside the start of a custom battle";
  const auto stack_of_side = [&](int stack, int side) {
    return stack == 0 || (battle().stack(stack) && battle().stack(stack)->side == side);
  };
  const int att = battle().attacker;
  if (!stack_of_side(defending_, 1 - att) || !stack_of_side(evading_, 1 - att))
    return where + "the defending stack is not an enemy stack";
  for (int s : {0, 1}) {
    const std::string& c = commander_[static_cast<std::size_t>(s)];
    if (c.empty()) continue;
    bool found = false;
    for (const Fleet& f : fleets_) found = found || (power(f.nation) == c && side_of(f) == s);
    if (!found) return where + "a commander without fleets on its side";
  }
  const bool fighting = phase_ == Phase::Chits || phase_ == Phase::Guns ||
                        phase_ == Phase::Surrender || phase_ == Phase::Follow ||
                        phase_ == Phase::Evasion || phase_ == Phase::War;
  if (fighting && (defending_ == 0 || commander_[0].empty() || commander_[1].empty()))
    return where + "a combat step without both stacks and commanders";
  if ((phase_ == Phase::Defender || phase_ == Phase::War) &&
      commander_[static_cast<std::size_t>(att)].empty())
    return where + "the attacker has no commander";
  if ((phase_ == Phase::Surrender || phase_ == Phase::Follow || phase_ == Phase::Guns) &&
      (!revealed_ || round_ >= kRounds || outcome_ != Outcome::Fighting))
    return where + "a round after the forces were revealed and before the third";
  if (battle().where == Where::Sea && revealed_ && chit_[0].empty())
    return where + "an open-sea battle without chits";
  if (phase_ == Phase::Chase && outcome_ != Outcome::Victory)
    return where + "a chase without a victor";
  if ((outcome_ == Outcome::Victory) != (victor_ >= 0)) return where + "a victor without a victory";
  if (phase_ == Phase::Odd && pending_.empty()) return where + "odd losses without losses";
  if (phase_ != Phase::Odd && !pending_.empty()) return where + "losses left unshared";
  if (phase_ == Phase::Follow && follow_.empty()) return where + "nobody to follow a surrender";
  if (phase_ == Phase::Retreat && outcome_ == Outcome::Fighting && evading_ == 0)
    return where + "a retreat before the end of the combat";
  if ((phase_ == Phase::Over) != (!result_.empty())) return where + "an ending without a result";
  for (const Allocation& a : pending_) {
    std::map<std::string, int> avail;
    for (const Fleet* f : engaged_fleets(a.side)) avail[f->nation] += f->ships.total();
    int total = a.odd;
    for (const auto& [n, k] : a.settled) {
      if (k > avail[n]) return where + "more losses than ships";
      total += k;
    }
    if (static_cast<int>(a.candidates.size()) <= a.odd) return where + "no choice of odd losses";
    for (const std::string& c : a.candidates) {
      const auto it = a.settled.find(c);
      if ((it == a.settled.end() ? 0 : it->second) + 1 > avail[c])
        return where + "an odd loss for a nation without ships";
    }
    if (total > force(a.side).ships.total()) return where + "more losses than ships";
  }
  return std::nullopt;
}

}  // namespace naumachia::eih_naval
