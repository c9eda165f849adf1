// Classis: orders choice by choice (core/choices.h, docs/order-choices.md).
// The muster has no orders (the server rolls commanders, crews and wind).
// - Setup (1.5, 1.6, 1.10): each squadron (a commander at its head, or its
//   flagship) and each ship (where it deploys, then facing which way, or the
//   squadron it joins).
// - Activation (3.2): each ship of the active squadron that may act (its move
//   hex by hex and turn by turn, a backwater, a ram, follow-up, rake,
//   grapple, degrapple or boarding and its target, a repair); the squadron's
//   command move ship by ship or command backwater (3.2.1, 3.2.2); and 'end'
//   (3.1.2).
// Every step proposes only what the rules let the order go on with (a path's
// steps are walked by Board::course, the attacks checked by attack_problem),
// so that the search for a completion (core/choices.cpp) never wanders down
// a path that cannot end in an order.
//
// Nothing leaks: Classis is played in the open, and every seat's view shows
// every ship with its counters, contacts and grapples, the commanders and the
// chits left in the cup. The proposals read that board and the seat's own
// pieces only: in the setup, its own ships, squadrons, commanders and
// deployment rows, never the other side's setup lines (secret until both
// are in); in an activation, nothing about the cup's next chit, which exists
// nowhere until it is drawn.
#include <algorithm>
#include <array>
#include <utility>

#include "games/classis/rules.h"

namespace naumachia::classis {

namespace choosing {
namespace {

using Path = std::vector<std::string>;

// "6-4-3-3": ramming, boarding, speed and turning now (1.3, 1.8; crippled
// and prize ships less, 3.1.6, 3.1.7).
std::string factors(const Board& b, const Ship& s) {
  return std::to_string(b.ram_factor(s)) + "-" + std::to_string(b.boarding(s)) + "-" +
         std::to_string(b.speed(s)) + "-" + std::to_string(b.turning(s));
}

// "Trireme 6-4-3-3, Average crew": the type, its factors and what else its
// counters say (1.8).
std::string kind(const Board& b, const Ship& s) {
  std::string k = b.type(s).name + " " + factors(b, s) + ", " + crew_name(b.crew(s)) + " crew";
  if (s.iron) k += ", iron hands";
  if (s.towers) k += ", towers " + std::to_string(s.towers);
  if (s.engines) k += ", engines " + std::to_string(s.engines);
  if (s.crippled) k += s.permanent ? ", permanently crippled" : ", crippled";
  if (s.prize) k += ", a prize";
  return k;
}

std::string where(const Ship& s) {
  return "at " + hex::format_hex(s.hex) + " facing " + hex::name(s.facing);
}

// "R1, Trireme 6-4-3-3 (ram-board-speed-turn), Average crew, squadron A,
// at 0605 facing S": what a ship's decision reads.
std::string ship_label(const Board& b, const Ship& s) {
  const std::string k = kind(b, s);
  const auto comma = k.find(',');
  return s.id + ", " + k.substr(0, comma) + " (ram-board-speed-turn)" + k.substr(comma) +
         ", squadron " + s.squadron + ", " + where(s);
}

std::string commander_text(const Commander& c) {
  return c.name + " (rating " + std::to_string(c.rating) + ")";
}

std::vector<const Ship*> in_natural_order(std::vector<const Ship*> ships) {
  std::sort(ships.begin(), ships.end(),
            [](const Ship* x, const Ship* y) { return natural_less(x->id, y->id); });
  return ships;
}

std::vector<const Ship*> own_ships(const Board& b, Side side) {
  std::vector<const Ship*> out;
  for (const auto& [id, s] : b.ships_)
    if (s.owner == side) out.push_back(&s);
  return in_natural_order(std::move(out));
}

// The hexes of a squadron's ships, its flagship's first.
std::vector<std::string> squadron_cells(const Board& b, const Squadron& q) {
  std::vector<std::string> out;
  if (const Ship* f = b.find_ship(q.flagship)) out.push_back(hex::format_hex(f->hex));
  for (const auto& [id, s] : b.ships_)
    if (!s.sunk && s.squadron == q.id && id != q.flagship) out.push_back(hex::format_hex(s.hex));
  return out;
}

Choice way(std::string text, std::string label, std::vector<std::string> cells, bool complete,
           bool last) {
  return {std::move(text), std::move(label), std::move(cells), complete, last};
}

// ------------------------------------------------------------ setup

// Classis 1.5: another commander at the squadron's head (the one displaced
// takes his old squadron), or another flagship.
std::vector<Choice> squadron_setup_ways(const Board& b, Side side, const Squadron& q,
                                        const Path& path) {
  std::vector<Choice> out;
  if (path.empty()) {
    out.push_back(way(" commander", "put a commander at its head (1.5)", {}, false, false));
    out.push_back(way(" flagship", "choose the ship he sails in (1.5)", {}, false, false));
    return out;
  }
  if (path.size() != 1) return out;
  if (path[0] == " commander") {
    for (const auto& [id, c] : b.commanders_) {
      if (c.side != side) continue;
      const auto at = b.squadrons_.find(c.squadron);
      std::vector<std::string> cells;
      if (at != b.squadrons_.end()) cells = squadron_cells(b, at->second);
      out.push_back(way(" " + id,
                        commander_text(c) +
                            (c.squadron == q.id
                                 ? ", who commands it now"
                                 : ", now of squadron " + c.squadron + ": the two commanders swap"),
                        std::move(cells), true, true));
    }
  } else if (path[0] == " flagship") {
    for (const Ship* s : own_ships(b, side)) {
      out.push_back(way(" " + s->id,
                        s->id + ", " + kind(b, *s) +
                            (s->squadron == q.id ? ""
                                                 : ", now of squadron " + s->squadron +
                                                       " (it must join " + q.id + ": 1.5)"),
                        {hex::format_hex(s->hex)}, true, true));
    }
  }
  return out;
}

// Classis 1.10: anywhere in open sea in the side's rows, then a facing; 1.6:
// another squadron.
std::vector<Choice> ship_setup_ways(const Board& b, Side side, const Ship& s, const Path& path) {
  std::vector<Choice> out;
  if (path.empty()) {
    out.push_back(way(" at", "deploy it elsewhere in your rows (1.10)", {}, false, false));
    out.push_back(way(" squadron", "move it to another squadron (1.6)", {}, false, false));
    return out;
  }
  if (path[0] == " squadron" && path.size() == 1) {
    for (const auto& [id, q] : b.squadrons_) {
      if (q.side != side) continue;
      const Commander* c = b.commander_of(id);
      out.push_back(way(" " + id,
                        "squadron " + id + (c ? " under " + commander_text(*c) : "") +
                            (id == s.squadron ? ", its squadron now" : ""),
                        squadron_cells(b, q), true, true));
    }
    return out;
  }
  if (path[0] != " at") return out;
  const auto zone = b.sc_->zone[static_cast<std::size_t>(index(side))];
  if (path.size() == 1) {
    for (int r = zone.first; r <= zone.second; ++r) {
      for (int c = 1; c <= b.sc_->cols; ++c) {
        const HexId h{c, r};
        if (b.terrain(h) != Terrain::Sea) continue;
        const std::string cell = hex::format_hex(h);
        std::string label = "to " + cell;
        // setup_line: the ship standing there steps aside to the hex left.
        if (const Ship* o = b.ship_at(h); o && o->id != s.id)
          label += " (" + o->id + " there takes its place at " + hex::format_hex(s.hex) + ")";
        if (h == s.hex) label += " (where it is)";
        out.push_back(way(" " + cell, std::move(label), {cell}, true, false));
      }
    }
    return out;
  }
  if (path.size() == 2) {
    const std::string cell = path[1].substr(1);
    for (int d = 0; d < 6; ++d) {
      const std::string dir = hex::name(static_cast<Dir>(d));
      out.push_back(way(" facing " + dir, "facing " + dir, {cell}, true, true));
    }
  }
  return out;
}

// ------------------------------------------------------------ activation

constexpr std::array<std::pair<Step, const char*>, 3> kStepTexts{
    {{Step::Ahead, " F"}, {Step::Port, " L"}, {Step::Starboard, " R"}}};

std::optional<Step> step_of(const std::string& piece) {
  for (const auto& [st, text] : kStepTexts)
    if (piece == text) return st;
  return std::nullopt;
}

// Whether the path can go on by one more step.
bool goes_on(const Board& b, const Ship& s, std::vector<Step> path) {
  path.push_back(Step::Ahead);
  for (const auto& [st, text] : kStepTexts) {
    path.back() = st;
    if (!b.course(s, path).problem) return true;
  }
  return false;
}

// The next steps of `s`'s move after `so_far` (3.2.1, 3.1.4): each one the
// walk accepts, labelled with where it leads; the last when the ship can go
// no further and no other ship may follow in the same order (`others`).
std::vector<Choice> step_ways(const Board& b, const Ship& s, std::vector<Step> so_far,
                              bool others) {
  std::vector<Choice> out;
  for (const auto& [st, text] : kStepTexts) {
    so_far.push_back(st);
    const Course c = b.course(s, so_far);
    if (!c.problem) {
      std::string label;
      std::vector<std::string> cells{hex::format_hex(c.hex)};
      if (st != Step::Ahead) {
        label = std::string(st == Step::Port ? "turn to port" : "turn to starboard") +
                ", to face " + hex::name(c.facing);
      } else if (c.engages) {
        label = "ahead into " + c.engages->id + "'s hex " + hex::format_hex(c.engages->hex) +
                ": engage it on its " + angle_name(angle_of(*c.engages, c.hex)) + " (3.1.4)";
        cells = {hex::format_hex(c.engages->hex)};
      } else if (c.reef) {
        label = "ahead onto the reef at " + hex::format_hex(c.hex) +
                ": it stops there and runs aground on 1-2";
      } else {
        label = "ahead to " + hex::format_hex(c.hex);
      }
      label +=
          " (" + std::to_string(c.cost) + " of " + std::to_string(b.speed(s)) + " speed points)";
      const bool ends = !goes_on(b, s, so_far);
      out.push_back(way(text, std::move(label), std::move(cells), true, ends && !others));
    }
    so_far.pop_back();
  }
  return out;
}

// Classis 3.2.3-3.2.8: the attacks of one ship and their verbs, in the order
// of the rules.
constexpr std::array<Action::Kind, 6> kAttacks{Action::Ram,     Action::FollowUp,  Action::Rake,
                                               Action::Grapple, Action::Degrapple, Action::Board};

std::vector<const Ship*> targets(const Board& b, const Ship& s, Action::Kind k) {
  std::vector<const Ship*> out;
  if (s.done.count(action_word(k))) return out;
  Action a;
  a.kind = k;
  a.actor = s.id;
  for (const auto& [id, t] : b.ships_) {
    if (t.sunk || id == s.id) continue;
    a.target = id;
    if (!b.attack_problem(a, s, t)) out.push_back(&t);
  }
  return in_natural_order(std::move(out));
}

std::string target_label(const Board& b, const Ship& s, const Ship& t, Action::Kind k) {
  std::string label =
      t.id + ", " + b.side_name(t.holder) + " " + kind(b, t) + ", at " + hex::format_hex(t.hex);
  if (s.contact == t.id) label += ", on its " + std::string(angle_name(angle_of(t, s.hex)));
  if (k == Action::Board)
    label +=
        ": boarding " + std::to_string(b.boarding(s)) + " against " + std::to_string(b.boarding(t));
  return label;
}

const char* rule_of(Action::Kind k) {
  switch (k) {
    case Action::Ram:
      return "ram it (3.2.3)";
    case Action::FollowUp:
      return "follow-up ram (3.2.4)";
    case Action::Rake:
      return "rake its oars (3.2.5)";
    case Action::Grapple:
      return "grapple (3.2.6)";
    case Action::Degrapple:
      return "degrapple (3.2.7)";
    case Action::Board:
      return "board (3.2.8)";
    default:
      return "";
  }
}

// One ship's line: its verb, then its path or target (3.2.1-3.2.9).
std::vector<Choice> ship_ways(const Board& b, const Ship& s, const Path& path) {
  std::vector<Choice> out;
  if (path.empty()) {
    if (!s.done.count("move") && !b.move_problem(s))
      out.push_back(way(" move",
                        "move (speed " + std::to_string(b.speed(s)) + ", turning " +
                            std::to_string(b.turning(s)) + " hexsides a point: 3.2.1)",
                        {}, false, false));
    if (!s.done.count("backwater") && !b.backwater_problem(s)) {
      const std::string back = hex::format_hex(galley::astern({s.hex, s.facing}));
      out.push_back(
          way(" backwater",
              "back water to " + back + (b.engaged(s) ? ", breaking contact" : "") + " (3.2.2)",
              {back}, true, true));
    }
    for (Action::Kind k : kAttacks)
      if (!targets(b, s, k).empty())
        out.push_back(way(std::string(" ") + action_word(k), rule_of(k), {}, false, false));
    if (s.crippled && !s.permanent && !s.done.count("repair"))
      out.push_back(way(" repair", "repair (3.2.9)", {hex::format_hex(s.hex)}, true, true));
    return out;
  }
  if (path[0] == " move") {
    std::vector<Step> steps;
    for (std::size_t i = 1; i < path.size(); ++i) {
      const auto st = step_of(path[i]);
      if (!st) return out;
      steps.push_back(*st);
    }
    return step_ways(b, s, std::move(steps), false);
  }
  if (path.size() != 1) return out;
  for (Action::Kind k : kAttacks) {
    if (path[0] != std::string(" ") + action_word(k)) continue;
    for (const Ship* t : targets(b, s, k))
      out.push_back(
          way(" " + t->id, target_label(b, s, *t, k), {hex::format_hex(t->hex)}, true, true));
  }
  return out;
}

// Classis 3.2.1, 3.2.2: the ships of the active squadron that may move (or
// back water) by command: in command (1.5), and not yet moved (3.2.11).
std::vector<const Ship*> command_ships(const Board& b, Action::Kind k) {
  std::vector<const Ship*> out;
  for (const Ship* s : b.may_act()) {
    if (!b.in_command(*s) || s->done.count(action_word(k))) continue;
    if (k == Action::Move && b.move_problem(*s)) continue;
    out.push_back(s);
  }
  return in_natural_order(std::move(out));
}

bool named(const std::vector<std::pair<std::string, std::vector<Step>>>& moves,
           const std::string& id) {
  return std::any_of(moves.begin(), moves.end(), [&](const auto& m) { return m.first == id; });
}

// "A: move R1 F F; R2 L F": a ship, its path step by step, then the next
// ship; each path walked after those before it (act() moves them in order).
std::vector<Choice> command_move_ways(const Board& b, const Path& path) {
  std::vector<std::pair<std::string, std::vector<Step>>> moves;
  for (std::size_t i = 1; i < path.size(); ++i) {
    if (const auto st = step_of(path[i])) {
      if (moves.empty()) return {};
      moves.back().second.push_back(*st);
    } else {
      const bool first = moves.empty();
      const std::string& piece = path[i];
      const std::string lead = first ? " " : "; ";
      if (piece.rfind(lead, 0) != 0 || (!first && moves.back().second.empty())) return {};
      moves.push_back({piece.substr(lead.size()), {}});
    }
  }
  const auto ships = command_ships(b, Action::Move);
  std::vector<const Ship*> unnamed;
  for (const Ship* s : ships)
    if (!named(moves, s->id)) unnamed.push_back(s);
  std::vector<Choice> out;
  const auto next_ship = [&](const std::string& lead) {
    for (const Ship* s : unnamed)
      out.push_back(way(lead + s->id, (moves.empty() ? "" : "and ") + ship_label(b, *s),
                        {hex::format_hex(s->hex)}, false, false));
  };
  if (moves.empty()) {
    next_ship(" ");
    return out;
  }
  // The ships named before the one whose path is being given have moved.
  std::optional<Board> trial;
  if (moves.size() > 1) {
    trial.emplace(b);
    for (std::size_t i = 0; i + 1 < moves.size(); ++i) {
      Ship* s = trial->find_ship(moves[i].first);
      if (!s || trial->follow_path(*s, moves[i].second)) return {};
    }
  }
  const Board& now = trial ? *trial : b;
  const Ship* s = now.find_ship(moves.back().first);
  if (!s || std::none_of(ships.begin(), ships.end(), [&](const Ship* x) { return x->id == s->id; }))
    return {};
  out = step_ways(now, *s, moves.back().second, !unnamed.empty());
  if (!moves.back().second.empty()) next_ship("; ");
  return out;
}

// "A: backwater R1 R2": each ship backs water after those before it.
std::vector<Choice> command_backwater_ways(const Board& b, const Path& path) {
  const auto ships = command_ships(b, Action::Backwater);
  std::vector<std::string> done;
  for (std::size_t i = 1; i < path.size(); ++i) done.push_back(path[i].substr(1));
  std::optional<Board> trial;
  if (!done.empty()) {
    trial.emplace(b);
    for (const std::string& id : done) {
      Ship* s = trial->find_ship(id);
      if (!s || trial->backwater(*s)) return {};
    }
  }
  const Board& now = trial ? *trial : b;
  std::vector<Choice> out;
  std::size_t left = 0;
  for (const Ship* s : ships) left += std::count(done.begin(), done.end(), s->id) == 0;
  for (const Ship* s : ships) {
    if (std::count(done.begin(), done.end(), s->id)) continue;
    const Ship& here = *now.find_ship(s->id);
    if (now.backwater_problem(here)) continue;
    const std::string back = hex::format_hex(galley::astern({here.hex, here.facing}));
    out.push_back(way(" " + s->id, s->id + " backs water to " + back, {back}, true, left == 1));
  }
  return out;
}

std::vector<Choice> command_ways(const Board& b, const Path& path) {
  if (path.empty()) {
    std::vector<Choice> out;
    if (!command_ships(b, Action::Move).empty())
      out.push_back(
          way(" move", "a command move: each ship in command, its path (3.2.1)", {}, false, false));
    if (!command_ships(b, Action::Backwater).empty())
      out.push_back(way(" backwater", "a command backwater (3.2.2)", {}, false, false));
    return out;
  }
  if (path[0] == " move") return command_move_ways(b, path);
  if (path[0] == " backwater") return command_backwater_ways(b, path);
  return {};
}

}  // namespace
}  // namespace choosing

std::vector<Decision> Board::setup_decisions(Side side) const {
  using namespace choosing;
  std::vector<Decision> out;
  for (const auto& [id, q] : squadrons_) {
    if (q.side != side) continue;
    const Commander* c = commander_of(id);
    const std::string head = c ? commander_text(*c) : "no commander";
    out.push_back({id, "squadron " + id + ": " + head + ", flagship " + q.flagship, id + ":",
                   squadron_cells(*this, q),
                   "keeps " + head + " and flagship " + q.flagship + " (1.5)"});
  }
  // BattleState: with no setup lines the deployment shown stands.
  for (const Ship* s : own_ships(*this, side))
    out.push_back({s->id,
                   ship_label(*this, *s),
                   s->id + ":",
                   {hex::format_hex(s->hex)},
                   "stays " + where(*s) + " in squadron " + s->squadron + " (1.10)"});
  return out;
}

std::vector<Choice> Board::setup_ways(Side side, const Decision& d,
                                      const std::vector<std::string>& path) const {
  if (const auto q = squadrons_.find(d.id); q != squadrons_.end() && q->second.side == side)
    return choosing::squadron_setup_ways(*this, side, q->second, path);
  if (const Ship* s = find_ship(d.id); s && s->owner == side)
    return choosing::ship_setup_ways(*this, side, *s, path);
  return {};
}

std::vector<Decision> Board::activation_decisions(Side side) const {
  using namespace choosing;
  std::vector<Decision> out;
  if (side != active_side()) return out;
  // 2.4, 3.1.2: an activation given no orders ends; a ship left out of the
  // orders given does nothing.
  for (const Ship* s : in_natural_order(may_act())) {
    std::string label = ship_label(*this, *s);
    if (!s->contact.empty())
      label += (s->ram ? ", in ram contact with " : ", in contact with ") + s->contact;
    for (const std::string& g : s->grappled) label += ", grappled with " + g;
    if (!in_command(*s)) label += ", out of command";
    for (const std::string& a : s->done) label += ", has made its " + a;
    out.push_back({s->id,
                   std::move(label),
                   s->id + ":",
                   {hex::format_hex(s->hex)},
                   "takes no action in this activation (2.4, 3.1.2)"});
  }
  if (!command_ships(*this, Action::Move).empty() ||
      !command_ships(*this, Action::Backwater).empty()) {
    const Commander* c = commander_of(active_);
    out.push_back({active_,
                   "squadron " + active_ + (c ? " under " + commander_text(*c) : "") +
                       ": a command move or backwater, one point for every ship in command "
                       "(3.2.1, 3.2.2)",
                   active_ + ":", squadron_cells(*this, squadrons_.at(active_)),
                   "makes no command move: its ships act one by one as ordered (3.2.1)"});
  }
  out.push_back({"end",
                 "end the activation, declining the " + std::to_string(points_) +
                     " initiative point(s) left (3.1.2)",
                 "",
                 {},
                 "the squadron acts on with the points left after the lines given; with no "
                 "lines at all the activation ends (3.1.2)"});
  return out;
}

std::vector<Choice> Board::activation_ways(Side side, const Decision& d,
                                           const std::vector<std::string>& path) const {
  if (side != active_side()) return {};
  if (d.id == "end" && d.text.empty()) {
    if (!path.empty()) return {};
    return {choosing::way("end", "end the activation (3.1.2)", {}, true, true)};
  }
  if (const Ship* s = find_ship(d.id)) {
    if (!can_act(*s)) return {};
    return choosing::ship_ways(*this, *s, path);
  }
  if (d.id == active_) return choosing::command_ways(*this, path);
  return {};
}

}  // namespace naumachia::classis
