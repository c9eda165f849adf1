// Empires in Harm naval combat: who orders in each step, the order lines
// (one keyword a line), their checks (every error cites its rule; a check
// never changes the position) and the defaults at a deadline.
#include <algorithm>

#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

namespace {

bool yes_no(const std::string& w) {
  return w == "yes" || w == "no";
}

// Keywords a seat gives once at most.
bool single(const std::string& k) {
  return k != "odd" && k != "damaged" && k != "fleet";
}

}  // namespace

std::vector<std::string> Board::duties(int seat) const {
  std::vector<std::string> out;
  const auto commands = [&](int side) {
    const std::string& c = commander_[static_cast<std::size_t>(side)];
    const auto s = c.empty() ? std::nullopt : seat_of(c);
    return s && *s == seat;
  };
  const auto holds = [&](const std::string& p) {
    const auto s = seat_of(p);
    return s && *s == seat;
  };
  const int att = battle().attacker;
  switch (phase_) {
    case Phase::Opening:
    case Phase::Over:
      break;
    case Phase::Forces:
      if (seat == forces_seat_) out.push_back("fleet");
      break;
    case Phase::Defender:
      if (commands(att)) out.push_back("defender");
      break;
    case Phase::War:
      if (commands(att)) out.push_back("war");
      break;
    case Phase::Evasion:
      if (commands(1 - att)) out.push_back("evade");
      break;
    case Phase::Chits:
      for (int s : {0, 1}) {
        if (!commands(s)) continue;
        out.push_back("chit");
        if (nelson_commands(s) && purely_british(s)) out.push_back("nelson");
      }
      break;
    case Phase::Guns:
      if (holds(battle().port_controller)) out.push_back("guns");
      break;
    case Phase::Surrender:
      if (commands(0) || commands(1)) out.push_back("surrender");
      break;
    case Phase::Follow:
      for (const std::string& p : follow_)
        if (holds(p)) {
          out.push_back("surrender");
          break;
        }
      break;
    case Phase::Odd:
      for (const Allocation& a : pending_)
        for (const std::string& c : a.candidates)
          if (holds(power(c)) && out.empty()) out.push_back("odd");
      break;
    case Phase::Chase:
      if (victor_ >= 0 && commands(victor_)) out.push_back("chase");
      break;
    case Phase::Retreat: {
      const RetreatCase rc = retreat_case();
      if (rc.withdraw && commands(att)) out.push_back("withdraw");
      if (rc.retreating >= 0 && !rc.to_port && holds(retreat_commander(rc)) &&
          retreat_ports(rc.retreating, true).size() > 1)
        out.push_back("retreat");
      if (rc.retreating >= 0 && rc.pursuing >= 0) {
        for (const Fleet* f : engaged_fleets(rc.pursuing))
          if (holds(power(f->nation))) {
            out.push_back("pursue");
            break;
          }
      }
      if (rc.may_enter >= 0 && commands(rc.may_enter)) out.push_back("enter");
      for (int s : {0, 1})
        if (rc.may_stay[static_cast<std::size_t>(s)] && commands(s) &&
            !retreat_ports(s, false).empty() &&
            std::find(out.begin(), out.end(), "retreat") == out.end())
          out.push_back("retreat");
      break;
    }
    case Phase::Damaged: {
      // EiH 1.1.4.1.3: the raided side's own damaged ships stay in port.
      const bool raid = battle().where == Where::Port;
      for (const Fleet& f : fleets_) {
        const bool own =
            !f.damaged.empty() && holds(power(f.nation)) && !(raid && side_of(f) != att);
        const bool prizes = !f.taken.empty() && holds(f.taken_by);
        if (own || prizes) {
          out.push_back("damaged");
          break;
        }
      }
      break;
    }
  }
  return out;
}

std::vector<int> Board::to_order() const {
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(seats_.size()); ++i)
    if (!duties(i).empty()) out.push_back(i);
  return out;
}

std::vector<std::string> Board::order_lines(const Orders& orders, int seat) const {
  const auto it = orders.find(PlayerId{seat});
  return it == orders.end() ? std::vector<std::string>{} : it->second.lines;
}

std::string Board::order_value(const Orders& orders, int seat, const std::string& keyword,
                               const std::string& fallback) const {
  for (const std::string& line : order_lines(orders, seat)) {
    const auto w = text::split(line);
    if (w.size() >= 2 && w[0] == keyword) return std::string(w[1]);
  }
  return fallback;
}

Expected<std::vector<std::string>, OrderErrors> Board::check(
    int seat, const std::vector<std::string>& lines) const {
  OrderErrors errors;
  std::vector<std::string> out;
  const std::vector<std::string> mine = duties(seat);
  if (mine.empty()) {
    errors.push_back({0, "this seat has no orders in '" + label() + "'"});
    return unexpected(std::move(errors));
  }
  if (phase_ == Phase::Forces) {
    auto fleets = custom_fleets(seat, lines, &errors);
    if (!fleets) return unexpected(std::move(errors));
    for (const FleetSpec& f : *fleets)
      out.push_back("fleet " + f.nation + " \"" + f.name + "\" " + composition(f.ships) +
                    (f.nelson ? " nelson" : ""));
    return out;
  }
  const int side = side_of_seat(seat);
  std::set<std::string> seen;
  std::string chit;
  bool nelson = false;
  std::map<const Allocation*, int> odd_named;
  std::set<std::string> odd_seen;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int n = static_cast<int>(i + 1);
    const std::string raw(text::trim(lines[i]));
    if (raw.empty()) continue;
    const std::string lowered = text::lower(raw);
    std::vector<std::string> w;
    for (auto x : text::split(lowered)) w.emplace_back(x);
    const std::string& k = w[0];
    const auto bad = [&](const std::string& why) { errors.push_back({n, why}); };
    if (std::find(mine.begin(), mine.end(), k) == mine.end()) {
      bad("'" + k + "' is not an order of this step (" + label() +
          "); expected: " + text::join(mine, ", "));
      continue;
    }
    if (single(k) && !(phase_ == Phase::Follow && w.size() == 3) && !seen.insert(k).second) {
      bad("'" + k + "' once only");
      continue;
    }
    const auto arity = [&](std::size_t words, const std::string& form) {
      if (w.size() == words) return true;
      bad("expected '" + form + "'");
      return false;
    };
    if (k == "defender") {
      if (!arity(2, "defender STACK")) continue;
      const auto eligible = attackable();
      long long id = 0;
      if (w[1] == "none") {
        if (!after_evasion_) {
          bad("the attacker must attack a stack; 'none' only after an evasion (1.1.1.1, 1.1.2)");
          continue;
        }
      } else if (!text::parse_int(w[1], id) || !battle().stack(static_cast<int>(id)) ||
                 battle().stack(static_cast<int>(id))->side == battle().attacker) {
        bad("no enemy stack '" + w[1] + "' (1.1.1.1)");
        continue;
      } else if (std::find(eligible.begin(), eligible.end(), static_cast<int>(id)) ==
                 eligible.end()) {
        const int s = static_cast<int>(id);
        bad("stack " + w[1] + " may not be attacked: " +
            (stack_powers(s).empty() ? std::string("it is no longer in the area (1.1.2)")
                                     : enemy(s).why));
        continue;
      }
    } else if (k == "war" || k == "evade" || k == "guns" || k == "chase" || k == "enter") {
      if (!arity(2, k + " yes|no")) continue;
      if (!yes_no(w[1])) {
        const char* rule = k == "war"     ? "1.1.1.2"
                           : k == "evade" ? "1.1.2.1"
                           : k == "guns"  ? "1.1.4.1"
                           : k == "chase" ? "1.1.2.8"
                                          : "1.1.2.9.2";
        bad("'" + k + " yes' or '" + k + " no' (" + rule + ")");
        continue;
      }
    } else if (k == "chit") {
      if (!arity(2, "chit NAME")) continue;
      if (!tables().has_chit(w[1])) {
        bad("unknown chit '" + w[1] + "' (one of " + text::join(tables().chits, ", ") +
            ") (1.1.2.2)");
        continue;
      }
      if (w[1] == "melee" && !melee_allowed(side)) {
        bad("melee may not be used until Great Britain has used it with a stack commanded by "
            "Nelson (1.1.2.2 NOTE)");
        continue;
      }
      chit = w[1];
    } else if (k == "nelson") {
      if (!arity(2, "nelson 0|1|2")) continue;
      if (w[1] != "0" && w[1] != "1" && w[1] != "2") {
        bad("Nelson subtracts 0, 1 or 2 from the closing roll (1.1.2.5.1)");
        continue;
      }
      nelson = true;
    } else if (k == "surrender") {
      if (phase_ == Phase::Follow && w.size() == 3) {
        const auto s = seat_of(w[1]);
        if (std::find(follow_.begin(), follow_.end(), w[1]) == follow_.end() || !s || *s != seat) {
          bad("'" + w[1] + "' is not a power of yours deciding on its surrender (1.1.6)");
          continue;
        }
        if (!seen.insert("surrender " + w[1]).second) {
          bad("'surrender " + w[1] + "' once only");
          continue;
        }
        if (!yes_no(w[2])) {
          bad("'surrender POWER yes|no' (1.1.6)");
          continue;
        }
      } else {
        if (!arity(2, phase_ == Phase::Follow ? "surrender yes|no' or 'surrender POWER yes|no"
                                              : "surrender yes|no"))
          continue;
        if (!yes_no(w[1])) {
          bad("'surrender yes' or 'surrender no' (1.1.6)");
          continue;
        }
      }
    } else if (k == "odd") {
      if (!arity(2, "odd NATION")) continue;
      const Allocation* of = nullptr;
      for (const Allocation& a : pending_)
        if (a.side == side &&
            std::find(a.candidates.begin(), a.candidates.end(), w[1]) != a.candidates.end())
          of = &a;
      if (!of) {
        bad("'" + w[1] + "' may not take an odd loss of your side (1.1.7)");
        continue;
      }
      if (!odd_seen.insert(w[1]).second) {
        bad("a nation takes one odd loss at most (1.1.7)");
        continue;
      }
      if (++odd_named[of] > of->odd) {
        bad("only " + std::to_string(of->odd) + " odd loss(es) to share (1.1.7)");
        continue;
      }
    } else if (k == "retreat") {
      if (!arity(2, "retreat PORT")) continue;
      const RetreatCase rc = retreat_case();
      std::vector<const PortSpec*> allowed;
      bool may_stay = false;
      if (rc.retreating == side) allowed = retreat_ports(side, true);
      if (rc.may_stay[static_cast<std::size_t>(side)]) {
        allowed = retreat_ports(side, false);
        may_stay = true;
      }
      if (w[1] == "stay" && may_stay) {
        // 1.1.2.9: with no victor a side may remain.
      } else if (std::none_of(allowed.begin(), allowed.end(),
                              [&](const PortSpec* p) { return p->id == w[1]; })) {
        std::vector<std::string> ids;
        for (const PortSpec* p : allowed) ids.push_back(p->id);
        if (may_stay) ids.push_back("stay");
        bad("retreat to one of " + text::join(ids, ", ") +
            (may_stay ? " (1.1.2.9: the unblockaded friendly ports within five movement points)"
                      : " (1.1.2.9.1: the nearest unblockaded friendly ports)"));
        continue;
      }
    } else if (k == "pursue") {
      if (w.size() < 2) {
        bad("expected 'pursue all', 'pursue none' or 'pursue FLEET...'");
        continue;
      }
      if (w.size() == 2 && (w[1] == "all" || w[1] == "none")) {
        // all of the seat's fleets, or none (1.1.2.9.1)
      } else {
        const RetreatCase rc = retreat_case();
        for (std::size_t j = 1; j < w.size(); ++j) {
          bool ok = false;
          for (const Fleet* f : engaged_fleets(rc.pursuing)) {
            const auto s = seat_of(power(f->nation));
            ok = ok || (text::lower(f->id) == w[j] && s && *s == seat);
          }
          if (!ok) bad("'" + w[j] + "' is not a fleet of yours that may pursue (1.1.2.9.1)");
        }
        if (!errors.empty()) continue;
      }
    } else if (k == "withdraw") {
      if (!arity(2, "withdraw box|sea")) continue;
      if (w[1] != "box" && w[1] != "sea") {
        bad("withdraw to the blockade 'box' or the nearest 'sea' area (1.1.4.1.3)");
        continue;
      }
    } else if (k == "damaged") {
      if (w.size() < 2 || w.size() > 4) {
        bad("expected 'damaged PORT [N] [heavy|light|galleys]'");
        continue;
      }
      bool usable = false;
      int held = 0;
      for (const auto& [holder, ships] : held_damaged()) {
        const auto s = seat_of(holder);
        if (!s || *s != seat) continue;
        const int hs = side;
        for (const PortSpec& p : battle().ports)
          if (p.id == w[1] && may_use(p, battle(), holder, hs)) {
            usable = true;
            held += ships.total();
          }
      }
      if (!usable) {
        std::vector<std::string> ids;
        for (const PortSpec& p : battle().ports)
          if (p.side == side) ids.push_back(p.id);
        bad("'" + w[1] + "' is not a port your damaged ships may go to (one of " +
            text::join(ids, ", ") + ") (1.1.2.10.1)");
        continue;
      }
      long long count = held;
      if (w.size() >= 3 && (!text::parse_int(w[2], count) || count < 1 || count > held)) {
        bad("a number of damaged ships, 1 to " + std::to_string(held) + " (1.1.2.10.1)");
        continue;
      }
      if (w.size() == 4 && !parse_type(w[3])) {
        bad("a ship type: heavy, light or galleys");
        continue;
      }
    }
    out.push_back(text::join(w, " "));
  }
  if (nelson && chit != "melee")
    errors.push_back({0, "Nelson's closing modifier goes with the melee chit (1.1.2.5.1)"});
  if (!errors.empty()) return unexpected(std::move(errors));
  return out;
}

// The defaults at a deadline (docs/rules/eih-naval-play.md).
std::vector<std::string> Board::default_lines(int seat) const {
  std::vector<std::string> out;
  for (const std::string& d : duties(seat)) {
    if (d == "fleet") {
      std::set<std::string> taken;
      for (const Fleet& f : fleets_) taken.insert(f.nation);
      for (const Nation& n : data_->nations)
        if (n.major && !taken.count(n.id)) {
          out.push_back("fleet " + n.id + " \"" + n.name +
                        " squadron\" heavy 10 light 4 galleys 0");
          break;
        }
    } else if (d == "defender") {
      const auto eligible = attackable();
      out.push_back(after_evasion_ || eligible.empty()
                        ? std::string("defender none")
                        : "defender " + std::to_string(eligible.front()));
    } else if (d == "war") {
      out.push_back("war no");
    } else if (d == "evade") {
      out.push_back("evade yes");
    } else if (d == "pursue") {
      out.push_back("pursue all");
    } else if (d == "chit") {
      out.push_back("chit line-of-battle");
    } else if (d == "guns" || d == "chase") {
      out.push_back(d + " yes");
    } else if (d == "surrender") {
      out.push_back("surrender no");
    }
  }
  return out;
}

}  // namespace naumachia::eih_naval
