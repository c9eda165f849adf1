// Classis: the muster before the first turn (nobody orders: the server rolls
// commanders 1.5, crews 1.4, the wind 1.9 and, for a one-off battle, both
// fleets 1.2), which ends with each fleet in its default deployment (setup.cpp).
#include <algorithm>

#include "core/text.h"
#include "games/classis/rules.h"

namespace naumachia::classis {

namespace {

// Classis 1.5: Commander Quality Chart, 1d12.
int commander_rating(int die) {
  return die <= 3 ? 2 : die <= 9 ? 3 : 4;
}

// Classis 1.4: Crew Quality Chart, 1d12.
Crew crew_quality(int die) {
  return die <= 3 ? Crew::Green : die <= 9 ? Crew::Average : Crew::Expert;
}

}  // namespace

// "O2" before "O10": ids compared by their letters, then their number.
bool natural_less(const std::string& a, const std::string& b) {
  const auto split = [](const std::string& s) {
    std::size_t i = s.size();
    while (i > 0 && std::isdigit(static_cast<unsigned char>(s[i - 1]))) --i;
    const std::string head = s.substr(0, i);
    const long n = i < s.size() ? std::stol(s.substr(i)) : -1;
    return std::pair{head, n};
  };
  return split(a) < split(b);
}

void Board::muster() {
  const auto first = rolls_so_far();
  std::vector<std::string> lines;
  if (sc_->random) {
    // Classis 1.2: the nations drawn, then each fleet from its pool.
    const auto& nations = data_->nations;
    const int n = static_cast<int>(nations.size());
    const int a = roll(n, "nation of " + side_name(Side::First) + " (1.2)") - 1;
    int b = roll(n - 1, "nation of " + side_name(Side::Second) + " (1.2)") - 1;
    if (b >= a) ++b;
    nation_ = {nations[static_cast<std::size_t>(a)].id, nations[static_cast<std::size_t>(b)].id};
    draw_fleet(Side::First, nations[static_cast<std::size_t>(a)]);
    draw_fleet(Side::Second, nations[static_cast<std::size_t>(b)]);
  } else {
    for (const CommanderSpec& cs : sc_->commanders) {
      Commander c{cs.id, cs.name, static_cast<Side>(cs.side), cs.rating, false, "", false};
      if (c.rating == 0) c.rating = commander_rating(roll(12, c.name + "'s quality (1.5)"));
      commanders_[c.id] = c;
    }
    for (const SquadronSpec& q : sc_->squadrons) {
      squadrons_[q.id] = Squadron{q.id, static_cast<Side>(q.side), q.commander, q.flagship};
      commanders_[q.commander].squadron = q.id;
    }
    for (const ShipSpec& sp : sc_->ships) {
      Ship s;
      s.id = sp.id;
      s.type = sp.type;
      s.owner = s.holder = static_cast<Side>(sp.side);
      s.squadron = s.home = sp.squadron;
      s.crew = sp.crew ? *sp.crew : crew_quality(roll(12, s.id + "'s crew (1.4)"));
      s.iron = sp.iron;
      s.towers = sp.towers;
      s.engines = sp.engines;
      ships_[s.id] = s;
    }
  }
  // Classis 1.5: the first commander of each side is the fleet admiral.
  for (Side side : {Side::First, Side::Second}) {
    for (const CommanderSpec& cs : sc_->commanders) {
      if (cs.side == index(side)) {
        commanders_[cs.id].admiral = true;
        break;
      }
    }
    if (sc_->random) commanders_["C" + std::to_string(1 + 3 * index(side))].admiral = true;
  }
  // Classis 1.9: the wind is shown only; the text gives it no effect.
  if (sc_->wind) {
    wind_ = sc_->wind;
  } else {
    wind_ = static_cast<Dir>(roll(6, "wind (1.9)") - 1);
  }
  for (Side side : {Side::First, Side::Second}) {
    default_deployment(side);
    std::string l = side_name(side);
    for (const Nation& n : data_->nations)
      if (n.id == nation_[static_cast<std::size_t>(index(side))]) l += " (" + n.name + ")";
    l += ":";
    for (const auto& [id, c] : commanders_) {
      if (c.side != side) continue;
      l += " " + c.name + " rating " + std::to_string(c.rating) + (c.admiral ? " (admiral)" : "") +
           ",";
    }
    std::vector<const Ship*> own;
    for (const auto& [id, s] : ships_)
      if (s.owner == side) own.push_back(&s);
    std::sort(own.begin(), own.end(),
              [](const Ship* x, const Ship* y) { return natural_less(x->id, y->id); });
    for (const Ship* s : own) {
      l += " " + s->id + " " + type(*s).name + " " + crew_name(s->crew);
      if (s->iron) l += " iron hands";
      if (s->towers) l += " towers " + std::to_string(s->towers);
      if (s->engines) l += " engines " + std::to_string(s->engines);
      l += ",";
      start_ships_[static_cast<std::size_t>(index(side))] += 1;
      start_ram_[static_cast<std::size_t>(index(side))] += type(*s).ram;
    }
    l.pop_back();
    lines.push_back(l);
  }
  said_with_rolls("The fleets muster (1.3-1.5). " + text::join(lines, ". ") +
                      ". The wind blows from " + hex::name(*wind_) + " (1.9, shown only)",
                  first);
}

// Classis 1.2, 1.5, 1.6: a one-off fleet: ships drawn by weight from the
// nation's pool, crews rolled, two or three squadrons of at least two ships
// in order, each with a rolled commander; the biggest ram leads a squadron.
void Board::draw_fleet(Side side, const Nation& nation) {
  const std::string who = side_name(side);
  const int n =
      sc_->min_ships + roll(sc_->max_ships - sc_->min_ships + 1, who + "'s fleet size (1.2)") - 1;
  int total = 0;
  for (const PoolEntry& e : nation.pool) total += e.weight;
  const int squadrons = n >= 6 ? 3 : 2;
  const std::string letters = side == Side::First ? "ABC" : "XYZ";
  for (int q = 0; q < squadrons; ++q) {
    const int cid = 1 + 3 * index(side) + q;
    Commander c{"C" + std::to_string(cid),
                nation.name + (q == 0 ? " admiral" : " commodore " + std::to_string(q + 1)),
                side,
                3,
                false,
                std::string(1, letters[static_cast<std::size_t>(q)]),
                false};
    c.rating = commander_rating(roll(12, c.name + "'s quality (1.5)"));
    commanders_[c.id] = c;
    squadrons_[c.squadron] = Squadron{c.squadron, side, c.id, ""};
  }
  for (int i = 0; i < n; ++i) {
    int pick = roll(total, who + "'s ship " + std::to_string(i + 1) + " (1.2)");
    const PoolEntry* e = &nation.pool.front();
    for (const PoolEntry& x : nation.pool) {
      if (pick <= x.weight) {
        e = &x;
        break;
      }
      pick -= x.weight;
    }
    Ship s;
    s.id = nation.prefix + std::to_string(i + 1);
    s.type = e->type;
    s.owner = s.holder = side;
    s.squadron = s.home = std::string(1, letters[static_cast<std::size_t>(i * squadrons / n)]);
    s.crew = crew_quality(roll(12, s.id + "'s crew (1.4)"));
    s.iron = e->iron;
    s.towers = e->towers;
    s.engines = e->engines;
    ships_[s.id] = s;
    Squadron& q = squadrons_[s.squadron];
    const Ship* flag = find_ship(q.flagship);
    if (!flag || type(s).ram > type(*flag).ram) q.flagship = s.id;
  }
}

}  // namespace naumachia::classis
