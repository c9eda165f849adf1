// The computer player of Diplomacy, after the classic rule-based DumbBot
// (David Norman's, for the DAIDE project): every province is given a value
// spread from the supply centres, and each unit goes to the best province
// it can reach, helped by the supports of units with nothing better to do.
// It reads only what its seat's client may: the view (provinces, their
// neighbours, centres, owners, units), its candidate orders and validate.
//
// The values, as DumbBot reckons them:
// - a centre another power owns is worth that power's size (taking from the
//   strong weakens a rival most), a neutral one kNeutral; an own centre is
//   worth the size of the strongest other power with a unit next to it or
//   on it (what it would cost to lose it). Attack and defence are weighed
//   by season: in the autumn, when centres change hands, defence counts more.
// - the values are spread over the map: each round a province's value is
//   its own and its neighbours' of the round before, over five; the
//   province's final value a weighted sum of the rounds (the first round
//   counting most in the autumn: a unit on a centre then takes it). Armies
//   spread over land and coasts, fleets over seas and coasts.
// - a province is worth more where the seat has units next to it (strength)
//   and less where one other power has many (competition).
// Moves are chosen unit by unit, the unit with the best prospect first, two
// units never into one province; then units holding on nothing worth
// defending support moves into provinces other powers could contest, and
// holds of threatened own centres. Retreats go to the best free province,
// builds to the home centres worth most (the unit type worth more there),
// removals take the units worth least.
//
// The Fall of Constantinople is offered under the Diplomacy game: on its map
// (cities, an economy) this player hands over to the searching player,
// judged by the variant's standing, and buys the food its units need.
#include "bots/diplomacy.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "bots/search.h"

namespace naumachia::bots {

namespace {

constexpr double kNeutral = 4;  // a neutral centre's worth, as a power's size
constexpr int kRounds = 10;
// Weights of the spread's rounds, spring and autumn (DumbBot's).
constexpr double kSpringWeights[kRounds] = {100, 1000, 30, 10, 6, 5, 4, 3, 2, 1};
constexpr double kAutumnWeights[kRounds] = {1000, 100, 30, 10, 6, 5, 4, 3, 2, 1};
// Attack and defence weights, spring and autumn (DumbBot's).
constexpr double kSpringAttack = 700, kSpringDefence = 300;
constexpr double kAutumnAttack = 600, kAutumnDefence = 400;
constexpr double kStrength = 1000, kCompetition = 1000;
// The Fall of Constantinople: positions played forward per decision at most.
constexpr int kFallPlayouts = 250;

std::string province_of(const std::string& location) {
  return location.substr(0, location.find('/'));
}

std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> w;
  for (std::string s; in >> s;) w.push_back(s);
  return w;
}

// One candidate line read back: what it does, and where.
struct Line {
  enum class Kind { Hold, Move, Support, Convoy, Build, Remove, Other };
  std::string text;
  Kind kind = Kind::Other;
  std::string unit;         // "A par", "F spa/nc"
  bool fleet = false;       // the unit's (or the build's) type
  std::string dest;         // moves, retreats, builds: the province
  std::string target;       // supports: the unit supported
  std::string target_dest;  // supports of a move: its province; empty for a hold
};

Line read_line(const std::string& text) {
  Line l;
  l.text = text;
  const auto w = words_of(text);
  if (w.size() == 3 && w[0] == "Remove") {
    l.kind = Line::Kind::Remove;
    l.unit = w[1] + " " + w[2];
    l.fleet = w[1] == "F";
  } else if (w.size() == 3 && w[0] == "Build") {
    l.kind = Line::Kind::Build;
    l.fleet = w[1] == "F";
    l.dest = province_of(w[2]);
  } else if (w.size() >= 3) {
    l.unit = w[0] + " " + w[1];
    l.fleet = w[0] == "F";
    if (w[2] == "H") {
      l.kind = Line::Kind::Hold;
    } else if (w[2] == "-" && w.size() == 4) {
      l.kind = Line::Kind::Move;
      l.dest = province_of(w[3]);
    } else if (w[2] == "S" && w.size() >= 5) {
      l.kind = Line::Kind::Support;
      l.target = w[3] + " " + w[4];
      if (w.size() == 7 && w[5] == "-") l.target_dest = province_of(w[6]);
    } else if (w[2] == "C") {
      l.kind = Line::Kind::Convoy;
    }
  }
  return l;
}

struct Piece {
  std::string label;  // "A par"
  std::string province;
  bool fleet = false;
  int seat = -1;
  std::string power;
  bool dislodged = false;
};

// The board as the seat's view shows it.
struct Board {
  std::map<std::string, const Cell*> cells;
  std::vector<Piece> pieces;
  std::map<int, int> size;  // centres owned, by seat
  bool autumn = false;      // the step is an autumn's ("Fall 1901 movement")

  Board(const View& v, const std::string& step) {
    autumn = step.rfind("Fall", 0) == 0;
    for (const Cell& c : v.cells) {
      cells[c.id] = &c;
      if (c.supply_centre && c.owner >= 0) ++size[c.owner];
      for (const Token& t : c.tokens) {
        Piece p;
        p.label = t.label;
        p.province = c.id;
        p.fleet = t.kind == "fleet";
        p.seat = t.owner;
        p.power = t.marks.empty() ? "" : t.marks.front();
        p.dislodged = std::find(t.marks.begin(), t.marks.end(), "dislodged") != t.marks.end();
        pieces.push_back(std::move(p));
      }
    }
  }
  // Whether a unit of the type may stand in the province (by its terrain).
  bool stands(const std::string& province, bool fleet) const {
    const auto c = cells.find(province);
    if (c == cells.end()) return false;
    const std::string& t = c->second->terrain;
    return fleet ? t != "land" : t != "sea";
  }
  const Piece* standing_in(const std::string& province) const {
    for (const Piece& p : pieces)
      if (p.province == province && !p.dislodged) return &p;
    return nullptr;
  }
};

// Province values for the seat's armies and fleets.
struct Values {
  std::map<std::string, double> army, fleet;
  double of(const std::string& province, bool is_fleet) const {
    const auto& m = is_fleet ? fleet : army;
    const auto it = m.find(province);
    return it == m.end() ? 0 : it->second;
  }
};

Values values_for(const Board& b, int me) {
  const bool autumn = b.autumn;
  const double attack = autumn ? kAutumnAttack : kSpringAttack;
  const double defence = autumn ? kAutumnDefence : kSpringDefence;
  const double* weights = autumn ? kAutumnWeights : kSpringWeights;
  const auto size_of = [&](int seat) {
    const auto it = b.size.find(seat);
    return it == b.size.end() ? 0.0 : static_cast<double>(it->second);
  };
  // Units of each other seat on or next to each province: who could move there.
  std::map<std::string, std::map<int, int>> near;
  std::map<std::string, int> own_near;
  for (const Piece& p : b.pieces) {
    if (p.dislodged) continue;
    const auto c = b.cells.find(p.province);
    if (c == b.cells.end()) continue;
    std::vector<std::string> reach = c->second->neighbours;
    reach.push_back(p.province);
    for (const std::string& n : reach) {
      if (!b.stands(n, p.fleet)) continue;
      if (p.seat == me)
        ++own_near[n];
      else
        ++near[n][p.seat];
    }
  }
  std::map<std::string, double> base;
  for (const auto& [id, c] : b.cells) {
    if (!c->supply_centre) continue;
    if (c->owner == me) {
      double threat = 0;
      for (const auto& [seat, n] : near[id]) threat = std::max(threat, size_of(seat));
      base[id] = defence * threat;
    } else {
      base[id] = attack * (c->owner >= 0 ? size_of(c->owner) : kNeutral);
    }
  }
  Values out;
  for (const bool fleet : {false, true}) {
    std::map<std::string, double> round = base, total;
    for (int k = 0; k < kRounds; ++k) {
      for (const auto& [id, v] : round) total[id] += weights[k] * v;
      std::map<std::string, double> next;
      for (const auto& [id, c] : b.cells) {
        if (!b.stands(id, fleet)) continue;
        double sum = round.count(id) ? round.at(id) : 0;
        for (const std::string& n : c->neighbours)
          if (b.stands(n, fleet) && round.count(n)) sum += round.at(n);
        next[id] = sum / 5;
      }
      round = std::move(next);
    }
    for (auto& [id, v] : total) {
      int competition = 0;
      if (const auto it = near.find(id); it != near.end())
        for (const auto& [seat, n] : it->second) competition = std::max(competition, n);
      const int strength = own_near.count(id) ? own_near.at(id) : 0;
      v += kStrength * strength - kCompetition * competition;
    }
    (fleet ? out.fleet : out.army) = std::move(total);
  }
  return out;
}

// Validates `lines`, dropping the lines refused one by one until the rest
// is valid.
OrderSet valid_subset(const SeatPort& port, std::vector<std::string> lines, Dice& rng) {
  while (true) {
    auto ok = port.validate(lines);
    if (ok) return *ok;
    std::size_t drop = lines.size();
    for (const OrderError& e : ok.error())
      if (e.line >= 1 && static_cast<std::size_t>(e.line) <= lines.size())
        drop = std::min(drop, static_cast<std::size_t>(e.line - 1));
    if (drop == lines.size()) return random_orders(port, rng);
    lines.erase(lines.begin() + static_cast<long>(drop));
  }
}

double jitter(Dice& rng) {
  return 1 + static_cast<double>(rng.roll(100, "jitter") - 1) / 1000;
}

OrderSet movement(const SeatPort& port, const Board& b, const Values& val,
                  const std::vector<std::vector<Line>>& groups, Dice& rng) {
  const int me = port.seat().value;
  struct Unit {
    std::size_t group;
    const Piece* piece;
    std::vector<std::pair<double, const Line*>> options;  // best first
  };
  std::vector<Unit> units;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (groups[g].empty()) continue;
    const std::string& label = groups[g].front().unit;
    const Piece* piece = nullptr;
    for (const Piece& p : b.pieces)
      if (p.label == label && p.seat == me && !p.dislodged) piece = &p;
    if (!piece) continue;
    Unit u{g, piece, {}};
    for (const Line& l : groups[g]) {
      if (l.kind == Line::Kind::Hold)
        u.options.push_back({val.of(piece->province, piece->fleet) * jitter(rng), &l});
      else if (l.kind == Line::Kind::Move && port.validate({l.text}))
        u.options.push_back({val.of(l.dest, piece->fleet) * jitter(rng), &l});
    }
    std::sort(u.options.begin(), u.options.end(),
              [](const auto& a, const auto& c) { return a.first > c.first; });
    if (!u.options.empty()) units.push_back(std::move(u));
  }
  std::sort(units.begin(), units.end(), [](const Unit& a, const Unit& c) {
    return a.options.front().first > c.options.front().first;
  });
  // Where each unit goes (its own province when it holds).
  std::map<std::string, std::string> going;  // unit label -> province
  std::set<std::string> claimed;
  std::map<std::string, const Line*> chosen;  // unit label -> its line
  for (const Unit& u : units) {
    for (const auto& [v, l] : u.options) {
      const std::string to = l->kind == Line::Kind::Hold ? u.piece->province : l->dest;
      if (claimed.count(to)) continue;
      if (l->kind == Line::Kind::Move) {
        // Into a province an own unit stands in only when it moves away,
        // and not into this one (a swap bounces).
        const Piece* there = b.standing_in(to);
        if (there && there->seat == me) {
          const auto g = going.find(there->label);
          if (g == going.end() || g->second == to || g->second == u.piece->province) continue;
        }
      }
      claimed.insert(to);
      going[u.piece->label] = to;
      chosen[u.piece->label] = l;
      break;
    }
  }
  // Provinces another seat could contest: its unit there or next to it.
  const auto contested = [&](const std::string& province) {
    int others = 0;
    const auto c = b.cells.find(province);
    for (const Piece& p : b.pieces) {
      if (p.seat == me || p.dislodged) continue;
      if (p.province == province)
        others += 2;
      else if (c != b.cells.end()) {
        const auto& n = c->second->neighbours;
        if (std::find(n.begin(), n.end(), p.province) != n.end() && b.stands(province, p.fleet))
          ++others;
      }
    }
    return others;
  };
  // Supports: a unit holding on a province no other seat contests helps the
  // move (or hold) worth most that needs help, most contested first.
  std::map<std::string, int> help;  // province -> supports given to it
  for (const Unit& u : units) {
    const auto c = chosen.find(u.piece->label);
    if (c == chosen.end() || c->second->kind != Line::Kind::Hold) continue;
    if (contested(u.piece->province) > 0 && b.cells.at(u.piece->province)->supply_centre) continue;
    const Line* best = nullptr;
    double best_value = 0;
    for (const Line& l : groups[u.group]) {
      if (l.kind != Line::Kind::Support) continue;
      const auto their = chosen.find(l.target);
      if (their == chosen.end()) continue;
      const Piece* target = nullptr;
      for (const Unit& t : units)
        if (t.piece->label == l.target) target = t.piece;
      if (!target) continue;
      // The support must match the supported unit's order.
      const bool moves = their->second->kind == Line::Kind::Move;
      if (moves != !l.target_dest.empty()) continue;
      if (moves && their->second->dest != l.target_dest) continue;
      const std::string at = moves ? l.target_dest : target->province;
      const int need = contested(at) - (help.count(at) ? help.at(at) : 0);
      if (need <= 0) continue;
      const double v = val.of(at, target->fleet) * need;
      if (v > best_value) {
        best_value = v;
        best = &l;
      }
    }
    if (best) {
      chosen[u.piece->label] = best;
      ++help[best->target_dest.empty() ? going[best->target] : best->target_dest];
    }
  }
  std::vector<std::string> lines;
  for (const auto& [label, l] : chosen) lines.push_back(l->text);
  return valid_subset(port, lines, rng);
}

OrderSet retreats(const SeatPort& port, const Values& val,
                  const std::vector<std::vector<Line>>& groups, Dice& rng) {
  std::set<std::string> claimed;
  std::vector<std::string> lines;
  for (const auto& group : groups) {
    const Line* best = nullptr;
    double best_value = -1e300;
    for (const Line& l : group) {
      if (l.kind != Line::Kind::Move || claimed.count(l.dest)) continue;
      const double v = val.of(l.dest, l.fleet);
      if (v > best_value) {
        best_value = v;
        best = &l;
      }
    }
    if (best) {
      claimed.insert(best->dest);
      lines.push_back(best->text);
    } else if (!group.empty()) {
      lines.push_back(group.front().text);
    }
  }
  return valid_subset(port, lines, rng);
}

OrderSet adjustments(const SeatPort& port, const Board& b, const Values& val,
                     const std::vector<std::vector<Line>>& groups, Dice& rng) {
  const int me = port.seat().value;
  // Removals owed, by power: units beyond the centres owned.
  std::map<std::string, int> owed;
  for (const auto& [id, c] : b.cells)
    if (c->supply_centre && c->owner == me) --owed[c->power];
  for (const Piece& p : b.pieces)
    if (p.seat == me) ++owed[p.power];
  std::vector<std::pair<double, const Line*>> removals, builds;
  for (const auto& group : groups) {
    for (const Line& l : group) {
      if (l.kind == Line::Kind::Remove) {
        const Piece* p = nullptr;
        for (const Piece& q : b.pieces)
          if (q.label == l.unit && q.seat == me) p = &q;
        if (p) removals.push_back({val.of(p->province, p->fleet), &l});
      } else if (l.kind == Line::Kind::Build) {
        builds.push_back({val.of(l.dest, l.fleet) * jitter(rng), &l});
      }
    }
  }
  std::vector<std::string> lines;
  std::sort(removals.begin(), removals.end(),
            [](const auto& a, const auto& c) { return a.first < c.first; });
  for (const auto& [v, l] : removals) {
    const Piece* p = nullptr;
    for (const Piece& q : b.pieces)
      if (q.label == l->unit && q.seat == me) p = &q;
    if (!p || owed[p->power] <= 0) continue;
    --owed[p->power];
    lines.push_back(l->text);
  }
  std::sort(builds.begin(), builds.end(),
            [](const auto& a, const auto& c) { return a.first > c.first; });
  std::set<std::string> built;
  for (const auto& [v, l] : builds) {
    if (built.count(l->dest)) continue;
    auto trial = lines;
    trial.push_back(l->text);
    if (!port.validate(trial)) continue;
    lines = std::move(trial);
    built.insert(l->dest);
  }
  return valid_subset(port, lines, rng);
}

// The Fall of Constantinople: the searching player's orders, with the food
// its units need bought from the bank (FoC Building b: 3£ a unit, with the
// spring and autumn orders). The search's candidates buy one unit at most;
// a power whose units outnumber its food buys what the next meal needs,
// as far as its money after maintenance allows. The power's stock is read
// from its line of the view's notes ("Genoa: 66£ 3M 4F; 4 cities, 6
// provinces, 4 units").
struct Holdings {
  int money = 0, food = 0, units = 0;
};

std::optional<Holdings> holdings_of(const View& v, const std::string& power) {
  for (const std::string& note : v.notes) {
    if (note.rfind(power + ": ", 0) != 0) continue;
    Holdings h;
    // The stock, up to the first ';'.
    const std::string stock = note.substr(power.size() + 2, note.find(';') - power.size() - 2);
    for (const std::string& w : words_of(stock)) {
      const std::string pound = "£";
      if (w.size() > pound.size() && w.substr(w.size() - pound.size()) == pound)
        h.money = std::atoi(w.c_str());
      if (w.size() > 1 && w.back() == 'F') h.food = std::atoi(w.c_str());
    }
    const auto units = note.find(" units");
    const auto before = note.rfind(' ', units == std::string::npos ? 0 : units - 1);
    if (units != std::string::npos && before != std::string::npos)
      h.units = std::atoi(note.substr(before + 1, units - before - 1).c_str());
    return h;
  }
  return std::nullopt;
}

OrderSet with_food_bought(const SeatPort& port, const View& v, OrderSet orders) {
  constexpr int kFoodPrice = 3;
  std::set<std::string> powers;
  for (const Cell& c : v.cells)
    for (const Token& t : c.tokens)
      if (t.owner == port.seat().value && !t.marks.empty()) powers.insert(t.marks.front());
  std::vector<std::string> lines;
  for (const std::string& l : orders.lines)
    if (l.find("food from the bank") == std::string::npos) lines.push_back(l);
  bool bought = false;
  for (const std::string& power : powers) {
    const auto h = holdings_of(v, power);
    if (!h) continue;
    // What the next meal needs, and what the money spares after a year's
    // upkeep (at most 2£ a unit).
    const int short_by = h->units - h->food;
    const int can_pay = std::max(0, h->money - 2 * h->units) / kFoodPrice;
    const int buy = std::min(short_by, can_pay);
    if (buy <= 0) continue;
    auto trial = lines;
    trial.push_back(power + ": buy " + std::to_string(buy) + " food from the bank");
    if (port.validate(trial)) {
      lines = std::move(trial);
      bought = true;
    }
  }
  if (!bought) return orders;
  auto ok = port.validate(lines);
  return ok ? *ok : orders;
}

class DiplomacyPlayer final : public Player {
 public:
  std::string name() const override { return "dumbbot"; }

  OrderSet decide(const SeatPort& port, Dice& rng, const Budget& budget) const override {
    const View v = port.view();
    // A map with cities is The Fall of Constantinople's.
    for (const Cell& c : v.cells)
      if (c.terrain == "city") {
        // A position of the variant takes over a millisecond to play
        // forward late in a game: at most kFallPlayouts keep a decision
        // near half a second.
        Budget capped = budget;
        capped.playouts = std::min(budget.playouts, kFallPlayouts);
        OrderSet orders = fall_->decide(port, rng, capped);
        if (port.step().label.find("movement") == std::string::npos) return orders;
        return with_food_bought(port, v, std::move(orders));
      }
    const Board b(v, port.step().label);
    const Values val = values_for(b, port.seat().value);
    std::vector<std::vector<Line>> groups;
    for (const auto& g : port.candidate_orders()) {
      std::vector<Line> group;
      for (const std::string& line : g) group.push_back(read_line(line));
      groups.push_back(std::move(group));
    }
    const std::string step = port.step().label;
    if (step.find("movement") != std::string::npos) return movement(port, b, val, groups, rng);
    if (step.find("retreat") != std::string::npos) return retreats(port, val, groups, rng);
    return adjustments(port, b, val, groups, rng);
  }

 private:
  std::unique_ptr<Player> fall_ = searching_player(fall_search_options());
};

}  // namespace

SearchOptions fall_search_options() {
  SearchOptions o;
  // A position of the variant takes long to play forward (sieges, the
  // economy): three draws keep a decision well under a second.
  o.samples = 3;
  o.per_group = 10;
  return o;
}

std::unique_ptr<Player> diplomacy_player() {
  return std::make_unique<DiplomacyPlayer>();
}

}  // namespace naumachia::bots
