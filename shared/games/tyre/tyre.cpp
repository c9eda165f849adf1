// Tyre (SPI 1978), the naval war. Every rule implemented cites its case; the
// readings of unclear cases are in docs/rules/tyre.md.
#include "games/tyre/tyre.h"

#include <algorithm>
#include <cassert>
#include <deque>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "core/text.h"
#include "games/tyre/data.h"

namespace naumachia::data {
std::string_view tyre_scenario();
}

namespace naumachia::tyre {

namespace {

using hex::Dir;
using hex::HexId;

enum class Side { Tyrian = 0, Macedonian = 1 };
enum class Segment { Deploy, FirstMove, SecondMove, Melee, Regroup };

constexpr int kImpulses = 6;   // 4.0 §2: six impulses
constexpr int kLastTurn = 12;  // 4.0, 18.2

const char* side_name(Side s) {
  return s == Side::Tyrian ? "Tyrian" : "Macedonian";
}

struct Fleet {
  std::string id;
  Side side = Side::Macedonian;
  std::string name;
  std::map<int, int> arrival;  // Game-Turn -> highest roll that brings the fleet (17.3)
};

struct Ship {
  std::string id;
  std::string fleet;
  ShipType type = ShipType::Trireme;
  Side side = Side::Tyrian;
  bool damaged = false;
  bool on_map = false;
  bool sunk = false;
  HexId hex{};
  Dir facing = Dir::N;
  int exhausted_in = 0;     // absolute impulse in which it moves at half speed (5.21)
  int disrupted_in = 0;     // absolute impulse in which it is disrupted (6.32)
  std::string pinned_with;  // 6.33
  bool rammer = false;      // it initiated the ram that pinned it (6.16)
  std::string boom_watch;   // harbour whose boom it has watched for an impulse (9.32)
};

struct Leader {
  std::string id;
  std::string fleet;
  int ram = 0, melee = 0, radius = 0;
  bool commands_all = false;  // addenda 17.3
  std::string ship;           // the ship carrying him; empty = not on the map
  int idle_until = 0;         // absolute impulse until which he may not use his ratings (16.41)
  bool drowned = false;
};

struct Scenario {
  Map map;
  NavalTables tables;
  std::vector<Fleet> fleets;
  std::vector<Ship> ships;
  std::vector<Leader> leaders;
  std::map<std::string, std::pair<HexId, Dir>> deploy;
};

Expected<Scenario> load_scenario() {
  auto map = load_map();
  if (!map) return fail(map.error().message);
  auto tables = load_tables();
  if (!tables) return fail(tables.error().message);
  Scenario s{std::move(*map), std::move(*tables), {}, {}, {}, {}};
  int n = 0;
  for (std::string_view raw : text::lines(data::tyre_scenario())) {
    ++n;
    const auto w = text::split(text::trim(raw.substr(0, raw.find('#'))));
    if (w.empty()) continue;
    const std::string where = "scenario line " + std::to_string(n);
    if (w[0] == "fleet" && w.size() == 4) {
      s.fleets.push_back(Fleet{std::string(w[1]),
                               w[2] == "Tyrian" ? Side::Tyrian : Side::Macedonian,
                               std::string(w[3]),
                               {}});
    } else if (w[0] == "ship" && w.size() == 4) {
      const auto fleet = std::find_if(s.fleets.begin(), s.fleets.end(),
                                      [&](const Fleet& f) { return f.id == w[2]; });
      if (fleet == s.fleets.end()) return fail(where + ": unknown fleet");
      Ship ship;
      ship.id = std::string(w[1]);
      ship.fleet = fleet->id;
      ship.side = fleet->side;
      ship.type = w[3] == "bireme"        ? ShipType::Bireme
                  : w[3] == "quinquereme" ? ShipType::Quinquereme
                                          : ShipType::Trireme;
      s.ships.push_back(ship);
    } else if (w[0] == "leader" && (w.size() == 5 || w.size() == 6)) {
      const auto r = text::split(w[3], "-");
      long long a = 0, b = 0, c = 0;
      if (r.size() != 3 || !text::parse_int(r[0], a) || !text::parse_int(r[1], b) ||
          !text::parse_int(r[2], c)) {
        return fail(where + ": ratings are RAM-MELEE-RADIUS");
      }
      s.leaders.push_back(Leader{std::string(w[1]), std::string(w[2]), static_cast<int>(a),
                                 static_cast<int>(b), static_cast<int>(c),
                                 w.size() == 6 && w[5] == "all", std::string(w[4]), 0, false});
    } else if (w[0] == "arrival" && w.size() >= 3) {
      auto fleet = std::find_if(s.fleets.begin(), s.fleets.end(),
                                [&](const Fleet& f) { return f.id == w[1]; });
      if (fleet == s.fleets.end()) return fail(where + ": unknown fleet");
      for (std::size_t i = 2; i < w.size(); ++i) {
        const auto tr = text::split(w[i], ":");
        long long turn = 0, roll = 0;
        if (tr.size() != 2 || !text::parse_int(tr[0], turn) || !text::parse_int(tr[1], roll))
          return fail(where + ": TURN:ROLL");
        fleet->arrival[static_cast<int>(turn)] = static_cast<int>(roll);
      }
    } else if (w[0] == "deploy" && w.size() == 4) {
      const auto h = hex::parse_hex(w[2]);
      const auto d = hex::parse_dir(w[3]);
      if (!h || !d) return fail(where + ": deploy SHIP HEX DIR");
      s.deploy[std::string(w[1])] = {*h, *d};
    } else {
      return fail(where + ": not understood");
    }
  }
  return s;
}

// ---------------------------------------------------------------- orders

struct Action {
  enum Kind { Unpin, Turn, Move, Back, Enter, Ram };
  Action(Kind k, int count = 0) : kind(k), n(count) {}
  Kind kind;
  int n = 0;           // Turn: -1 left / +1 right; Move/Back: hexes
  HexId hex{};         // Enter
  Dir facing{};        // Enter
  std::string target;  // Ram
};

std::string format_action(const Action& a) {
  switch (a.kind) {
    case Action::Unpin:
      return "unpin";
    case Action::Turn:
      return a.n < 0 ? "turn L" : "turn R";
    case Action::Move:
      return "move " + std::to_string(a.n);
    case Action::Back:
      return "back " + std::to_string(a.n);
    case Action::Enter:
      return "enter " + hex::format_hex(a.hex) + " facing " + hex::name(a.facing);
    case Action::Ram:
      return "ram " + a.target;
  }
  return "";
}

Expected<Action> parse_action(std::string_view text_in) {
  const auto w = text::split(text_in);
  const std::string verb = w.empty() ? "" : text::lower(w[0]);
  long long n = 0;
  if (verb == "unpin" && w.size() == 1) return Action{Action::Unpin};
  if ((verb == "turn" && w.size() == 2) || ((verb == "l" || verb == "r") && w.size() == 1)) {
    const std::string d = text::lower(w.size() == 2 ? w[1] : w[0]);
    if (d == "l" || d == "left") return Action{Action::Turn, -1};
    if (d == "r" || d == "right") return Action{Action::Turn, 1};
    return fail("'turn' takes L or R");
  }
  if ((verb == "move" || verb == "back") && w.size() == 2 && text::parse_int(w[1], n) && n >= 1) {
    return Action{verb == "move" ? Action::Move : Action::Back, static_cast<int>(n)};
  }
  if (verb == "enter" && w.size() == 4 && text::lower(w[2]) == "facing") {
    const auto h = hex::parse_hex(w[1]);
    const auto d = hex::parse_dir(w[3]);
    if (!h || !d) return fail("'enter HEX facing DIR', e.g. 'enter 3401 facing S'");
    Action a{Action::Enter};
    a.hex = *h;
    a.facing = *d;
    return a;
  }
  if (verb == "ram" && w.size() == 2) {
    Action a{Action::Ram};
    a.target = std::string(w[1]);
    a.target = text::upper(a.target);
    return a;
  }
  return fail("'" + std::string(text::trim(text_in)) +
              "' is not a movement action (turn L|R, move N, back N, ram SHIP, unpin, enter HEX "
              "facing DIR)");
}

// "T7: turn R, move 3" -> ("T7", "turn R, move 3").
Expected<std::pair<std::string, std::string>> split_line(std::string_view line) {
  const auto colon = line.find(':');
  if (colon == std::string_view::npos)
    return fail("an order is 'SHIP: ...' (for example 'T7: turn R, move 3')");
  std::string who(text::trim(line.substr(0, colon)));
  who = text::upper(who);
  return std::pair{who, std::string(text::trim(line.substr(colon + 1)))};
}

// ---------------------------------------------------------------- state

class TyreState final : public State {
 public:
  explicit TyreState(std::shared_ptr<const Scenario> sc) : sc_(std::move(sc)) {
    for (const Ship& s : sc_->ships) ships_[s.id] = s;
    for (const Leader& l : sc_->leaders) leaders_[l.id] = l;
    for (auto& [id, s] : ships_) {
      const auto d = sc_->deploy.find(id);
      if (d != sc_->deploy.end()) {
        s.on_map = true;
        s.hex = d->second.first;
        s.facing = d->second.second;
      }
    }
    for (const Harbour& h : sc_->map.harbours()) booms_[h.name] = true;
  }

  StepInfo step() const override {
    StepInfo info;
    info.number = StepNo{step_};
    info.label = label();
    if (over_) {
      info.game_over = true;
      info.result = result_;
      info.winners.push_back(PlayerId{static_cast<int>(Side::Tyrian)});
      return info;
    }
    for (Side s : {Side::Tyrian, Side::Macedonian}) {
      if (orders_in_segment(s)) info.to_order.push_back(PlayerId{static_cast<int>(s)});
    }
    return info;
  }

  Expected<OrderSet, OrderErrors> validate(PlayerId player,
                                           const std::vector<std::string>& lines) const override {
    TyreState trial(*this);
    OrderErrors errors;
    OrderSet out;
    const Side side = static_cast<Side>(player.value);
    std::set<std::string> ordered;
    Plan plan;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (text::trim(lines[i]).empty()) continue;
      auto canonical = trial.check_line(side, lines[i], ordered, plan);
      if (!canonical)
        errors.push_back({static_cast<int>(i + 1), canonical.error().message});
      else
        out.lines.push_back(*canonical);
    }
    if (errors.empty() && (seg_ == Segment::Deploy)) {
      if (auto why = trial.command_problem(side)) errors.push_back({0, *why});
    }
    if (!errors.empty()) return unexpected(std::move(errors));
    return out;
  }

  OrderSet default_orders(PlayerId) const override { return {}; }

  View view(std::optional<PlayerId>) const override {
    // Tyre's naval war is played in the open: both players see every ship.
    View v;
    v.board_kind = "hex";
    for (const HexId h : sc_->map.all_hexes()) {
      Cell c;
      c.id = hex::format_hex(h);
      c.col = h.col;
      c.row = h.row;
      const Terrain t = sc_->map.terrain(h);
      c.terrain = Map::name(t);
      c.label = std::string(1, Map::symbol(t));
      if (t == Terrain::Boom && broken_boom_at(h)) c.label = "x";
      for (const auto& [id, s] : ships_) {
        if (s.on_map && !s.sunk && s.hex == h) c.tokens.push_back(token(s));
      }
      v.cells.push_back(std::move(c));
    }
    v.notes = notes();
    return v;
  }

  std::string serialize() const override {
    std::ostringstream out;
    out << "tyre 1\nstep " << step_ << "\nturn " << turn_ << "\nimpulse " << impulse_
        << "\nsegment " << segment_name(seg_) << "\nrolled " << rolled_turn_ << "\nover "
        << (over_ ? 1 : 0) << "\n";
    for (const auto& f : arrived_) out << "arrived " << f << "\n";
    for (const auto& [h, intact] : booms_)
      out << "boom " << h << " " << (intact ? "intact" : "broken") << "\n";
    for (const auto& [id, s] : ships_) {
      out << "ship " << id << " "
          << (s.sunk     ? "sunk"
              : s.on_map ? hex::format_hex(s.hex)
                         : "off")
          << " " << hex::name(s.facing) << " " << (s.damaged ? "damaged" : "full")
          << " exhausted=" << s.exhausted_in << " disrupted=" << s.disrupted_in
          << " pinned=" << (s.pinned_with.empty() ? "-" : s.pinned_with)
          << " rammer=" << (s.rammer ? 1 : 0)
          << " watch=" << (s.boom_watch.empty() ? "-" : s.boom_watch) << "\n";
    }
    for (const auto& [id, l] : leaders_) {
      out << "leader " << id << " "
          << (l.drowned        ? "drowned"
              : l.ship.empty() ? "-"
                               : l.ship)
          << " idle=" << l.idle_until << "\n";
    }
    return out.str();
  }

  Expected<std::unique_ptr<State>> parse_into(std::string_view bytes) {
    const auto lines = text::lines(bytes);
    if (lines.empty() || lines[0] != "tyre 1") return fail("not a tyre position");
    for (std::size_t i = 1; i < lines.size(); ++i) {
      if (auto why = parse_line(text::split(lines[i])))
        return fail("tyre position line " + std::to_string(i + 1) + ": " + *why);
    }
    return std::unique_ptr<State>(std::make_unique<TyreState>(*this));
  }

  std::unique_ptr<State> clone() const override { return std::make_unique<TyreState>(*this); }
  std::string order_help() const override;

 protected:
  Resolution do_resolve(const std::map<PlayerId, OrderSet>& orders, Dice& dice) const override {
    auto next = std::make_unique<TyreState>(*this);
    Resolution r;
    next->events_ = &r.events;
    next->dice_ = &dice;
    next->play(orders);
    next->advance();
    next->events_ = nullptr;
    next->dice_ = nullptr;
    ++next->step_;
    r.next = std::move(next);
    return r;
  }

 private:
  // What one side's movement orders of a segment have claimed so far.
  struct Plan {
    std::map<std::string, int> attackers;  // melee: target -> attackers
    std::set<HexId> placed;                // deploy/regroup: hexes given by orders
    std::set<std::string> placed_ships;    // ships placed by orders
    std::set<std::string> displaced;       // ships lifted off a hex another order took
  };

  // ------------------------------------------------------------ steps

  int abs_impulse() const { return (turn_ - 1) * kImpulses + impulse_; }

  Side mover() const {
    const Side first = impulse_ % 2 == 1 ? Side::Tyrian : Side::Macedonian;  // 4.0 §2, 5.0
    if (seg_ == Segment::FirstMove) return first;
    return first == Side::Tyrian ? Side::Macedonian : Side::Tyrian;
  }

  static const char* segment_name(Segment s) {
    switch (s) {
      case Segment::Deploy:
        return "deploy";
      case Segment::FirstMove:
        return "first-movement";
      case Segment::SecondMove:
        return "second-movement";
      case Segment::Melee:
        return "melee";
      case Segment::Regroup:
        return "regroup";
    }
    return "?";
  }

  std::string label() const {
    const std::string turn = "Turn " + std::to_string(turn_);
    switch (seg_) {
      case Segment::Deploy:
        return turn + ": Tyrian deployment (17.1)";
      case Segment::Regroup:
        return turn + ": naval regrouping (5.3)";
      case Segment::Melee:
        return turn + ", impulse " + std::to_string(impulse_) + ": simultaneous naval melee";
      default:
        return turn + ", impulse " + std::to_string(impulse_) + ": " + side_name(mover()) +
               " movement";
    }
  }

  bool orders_in_segment(Side s) const {
    switch (seg_) {
      case Segment::Deploy:
        return s == Side::Tyrian;
      case Segment::FirstMove:
      case Segment::SecondMove:
        return s == mover() && std::any_of(ships_.begin(), ships_.end(), [&](const auto& p) {
                 return p.second.side == s && !p.second.sunk &&
                        (p.second.on_map || arrived_.count(p.second.fleet));
               });
      case Segment::Melee:
        return has_melee(s);
      case Segment::Regroup:
        return std::any_of(ships_.begin(), ships_.end(), [&](const auto& p) {
          return p.second.side == s && p.second.on_map && !p.second.sunk;
        });
    }
    return false;
  }

  bool has_melee(Side s) const {
    for (const auto& [id, a] : ships_) {
      if (a.side != s || !can_attack(a)) continue;
      for (const auto& [tid, t] : ships_) {
        if (t.side != s && melee_problem(a, t).empty()) return true;
      }
    }
    return false;
  }

  void advance() {
    for (;;) {
      finish_segment();
      if (over_) return;
      if (orders_in_segment(Side::Tyrian) || orders_in_segment(Side::Macedonian)) return;
    }
  }

  // Moves to the next segment, with what happens between segments.
  void finish_segment() {
    switch (seg_) {
      case Segment::Deploy:
        seg_ = Segment::FirstMove;
        roll_reinforcements();
        return;
      case Segment::FirstMove:
        seg_ = Segment::SecondMove;
        return;
      case Segment::SecondMove:
        seg_ = Segment::Melee;
        return;
      case Segment::Melee:
        end_of_impulse();
        if (impulse_ < kImpulses) {
          ++impulse_;
          seg_ = Segment::FirstMove;
        } else {
          seg_ = Segment::Regroup;
        }
        return;
      case Segment::Regroup:
        if (turn_ >= kLastTurn) {
          over_ = true;
          result_ = "Tyrian victory: no amphibious assault by the end of Game-Turn 12 (18.2)";
          say(result_);
          return;
        }
        ++turn_;
        impulse_ = 1;
        seg_ = Segment::FirstMove;
        roll_reinforcements();
        return;
    }
  }

  // 17.21: one die per fleet still to come, on each Game-Turn the table lists.
  void roll_reinforcements() {
    if (rolled_turn_ >= turn_) return;
    rolled_turn_ = turn_;
    for (const Fleet& f : sc_->fleets) {
      const auto need = f.arrival.find(turn_);
      if (f.side != Side::Macedonian || arrived_.count(f.id) || need == f.arrival.end()) continue;
      const int roll = dice_->roll(
          6, "naval reinforcement of the " + f.name + " fleet, Game-Turn " + std::to_string(turn_));
      Event e;
      e.rolls = {dice_->log().back()};
      if (roll <= need->second) {
        arrived_.insert(f.id);
        e.text =
            "the " + f.name + " fleet arrives: its ships may enter along the north edge (17.22)";
      } else {
        e.text = "the " + f.name + " fleet does not arrive this Game-Turn (needed 1-" +
                 std::to_string(need->second) + ")";
      }
      events_->push_back(std::move(e));
    }
  }

  void end_of_impulse() { check_booms(); }

  // 9.32: a full-strength Macedonian ship next to a boom and to no Tyrian
  // ship through one complete impulse destroys it.
  void check_booms() {
    for (auto& [id, s] : ships_) {
      if (s.side != Side::Macedonian || !s.on_map || s.sunk) continue;
      std::string watching;
      for (const Harbour& h : sc_->map.harbours()) {
        if (!booms_[h.name] || s.damaged || next_to_tyrian(s.hex)) continue;
        for (const HexId b : h.booms) {
          if (hex::distance(b, s.hex) == 1) watching = h.name;
        }
      }
      if (!watching.empty() && s.boom_watch == watching) {
        booms_[watching] = false;
        say(s.id + " has held the " + watching +
            " boom for a whole impulse: the boom is destroyed (9.32)");
        watching.clear();
      }
      s.boom_watch = watching;
    }
  }

  bool next_to_tyrian(HexId h) const {
    return std::any_of(ships_.begin(), ships_.end(), [&](const auto& p) {
      return p.second.side == Side::Tyrian && p.second.on_map && !p.second.sunk &&
             hex::distance(p.second.hex, h) == 1;
    });
  }

  bool broken_boom_at(HexId h) const {
    const Harbour* hb = sc_->map.harbour_of(h);
    return hb && hb->booms.count(h) && !booms_.at(hb->name);
  }

  // ------------------------------------------------------------ play

  void play(const std::map<PlayerId, OrderSet>& orders) {
    if (seg_ == Segment::Melee) return play_melee(orders);
    for (Side side : {Side::Tyrian, Side::Macedonian}) {
      const auto it = orders.find(PlayerId{static_cast<int>(side)});
      std::set<std::string> ordered;
      Plan plan;
      for (const std::string& line :
           it == orders.end() ? std::vector<std::string>{} : it->second.lines) {
        const auto result = check_line(side, line, ordered, plan, /*execute=*/true);
        if (!result)
          say("order '" + line + "' could not be carried out: " + result.error().message);
      }
      const bool placing =
          seg_ == Segment::Regroup || (seg_ == Segment::Deploy && side == Side::Tyrian);
      if (placing) auto_place(side, plan);
    }
    if (seg_ == Segment::Regroup) clear_markers_after_regroup();
  }

  // Checks one order line against the current position, and carries it out
  // on this (trial or real) state; returns its canonical form.
  Expected<std::string> check_line(Side side, const std::string& line,
                                   std::set<std::string>& ordered, Plan& plan,
                                   bool execute = false) {
    if (seg_ == Segment::Regroup || seg_ == Segment::Deploy)
      return place_line(side, line, ordered, plan);
    if (seg_ == Segment::Melee) return melee_line(side, line, ordered, plan);
    auto parts = split_line(line);
    if (!parts) return fail(parts.error().message);
    const auto& [id, rest] = *parts;
    Ship* s = own_ship(side, id);
    if (!s) return fail(ship_problem(side, id));
    if (!ordered.insert(id).second) return fail("a second order for " + id);
    std::vector<Action> actions;
    for (auto piece : text::split(rest, ",")) {
      auto a = parse_action(piece);
      if (!a) return fail(a.error().message);
      actions.push_back(*a);
    }
    if (actions.empty()) return fail("no action for " + id);
    if (auto why = move_ship(*s, actions, execute)) return fail(*why);
    std::vector<std::string> words;
    for (const Action& a : actions) words.push_back(format_action(a));
    return id + ": " + text::join(words, ", ");
  }

  Ship* own_ship(Side side, const std::string& id) {
    const auto it = ships_.find(id);
    if (it == ships_.end() || it->second.side != side || it->second.sunk) return nullptr;
    return &it->second;
  }

  std::string ship_problem(Side side, const std::string& id) const {
    const auto it = ships_.find(id);
    if (it == ships_.end()) return "there is no ship " + id;
    if (it->second.side != side)
      return id + " is a " + std::string(side_name(it->second.side)) + " ship, not yours";
    return id + " has been sunk";
  }

  // ------------------------------------------------------------ movement (5.0, 6.1)

  int half(int printed) const { return printed / 2; }  // 5.23: fractions rounded down

  int allowance(const Ship& s, bool ramming) const {
    const ShipValues& v = values(s);
    const int full = ramming ? v.ramming_speed : v.speed;
    const bool slowed = s.exhausted_in == abs_impulse() || s.disrupted_in == abs_impulse();
    return slowed ? half(full) : full;  // 5.21, 6.32; halved once only (5.23)
  }

  const ShipValues& values(const Ship& s) const {
    const ShipClass& c = sc_->tables.ship_class(s.type);
    return s.damaged ? c.damaged : c.full;
  }

  const Ship* ship_at(HexId h) const {
    for (const auto& [id, s] : ships_) {
      if (s.on_map && !s.sunk && s.hex == h) return &s;
    }
    return nullptr;
  }

  // Why a ship of `side` may not enter `h`, or "".
  std::string entry_problem(Side side, HexId h) const {
    if (!sc_->map.on_map(h)) return "hex " + hex::format_hex(h) + " is off the map";
    if (!sc_->map.navigable(h))
      return "hex " + hex::format_hex(h) + " is " + Map::name(sc_->map.terrain(h)) +
             ", not water (5.0)";
    if (const Ship* o = ship_at(h))
      return "hex " + hex::format_hex(h) + " is occupied by " + o->id + " (5.22)";
    if (side == Side::Macedonian && sc_->map.terrain(h) == Terrain::Boom && !broken_boom_at(h)) {
      return "Macedonian ships may not cross the boom at " + hex::format_hex(h) +
             " until it is destroyed (9.32, 9.28)";
    }
    return "";
  }

  bool is_disrupted(const Ship& s) const { return s.disrupted_in == abs_impulse(); }

  // Executes (or, when !execute, checks assuming every roll goes well) a
  // ship's movement actions. Returns why it cannot, or nullopt.
  std::optional<std::string> move_ship(Ship& s, const std::vector<Action>& actions, bool execute) {
    std::size_t i = 0;
    if (actions[0].kind == Action::Enter) return enter_and_move(s, actions, execute);
    if (!s.on_map) return s.id + " is not on the map: it must 'enter HEX facing DIR' first (17.22)";
    if (!s.pinned_with.empty()) {
      if (actions[0].kind != Action::Unpin)
        return s.id + " is pinned to " + s.pinned_with + ": it must 'unpin' first (6.16, 6.33)";
      if (is_disrupted(s)) return s.id + " is disrupted and may not try to unpin (6.17)";
      if (execute && !try_unpin(s)) return std::nullopt;
      if (!execute) free_pin(s);
      ++i;
    } else if (actions[0].kind == Action::Unpin) {
      return s.id + " is not pinned";
    }
    if (i == actions.size()) return std::nullopt;
    if (auto why = command_problem_for(s)) return why;
    if (actions[i].kind == Action::Back) return move_back(s, actions, i, execute);
    return move_forward(s, actions, i, execute);
  }

  std::optional<std::string> enter_and_move(Ship& s, const std::vector<Action>& actions,
                                            bool execute) {
    if (s.on_map) return s.id + " is already on the map";
    if (!arrived_.count(s.fleet))
      return "the " + fleet_name(s.fleet) + " fleet has not arrived (17.21)";
    const Action& e = actions[0];
    const auto edge = sc_->map.north_edge();
    if (std::find(edge.begin(), edge.end(), e.hex) == edge.end())
      return "reinforcements enter on a sea hex of the north edge, row 01 (17.22)";
    if (auto why = entry_problem(s.side, e.hex); !why.empty()) return why;
    s.on_map = true;
    s.hex = e.hex;
    s.facing = e.facing;
    if (execute)
      say(s.id + " enters at " + hex::format_hex(e.hex) + " facing " + hex::name(e.facing));
    // Entering costs the first hex's Movement Point (5.0).
    std::vector<Action> rest(actions.begin() + 1, actions.end());
    if (rest.empty()) return std::nullopt;
    if (rest[0].kind == Action::Back || rest[0].kind == Action::Unpin ||
        rest[0].kind == Action::Enter)
      return "after entering, a ship may only turn, move or ram";
    return move_forward(s, rest, 0, execute, 1);
  }

  bool try_unpin(Ship& s) {
    // 6.16: the rammed ship frees itself on 1-2, the rammer on 1-4.
    const int need = s.rammer ? 4 : 2;
    const int roll = dice_->roll(6, s.id + " tries to break free of " + s.pinned_with);
    Event e{"", {dice_->log().back()}};
    if (roll <= need) {
      e.text = s.id + " breaks free of " + s.pinned_with + " (6.16: needed 1-" +
               std::to_string(need) + ")";
      free_pin(s);
      events_->push_back(std::move(e));
      return true;
    }
    e.text = s.id + " stays pinned to " + s.pinned_with + " (6.16: needed 1-" +
             std::to_string(need) + ") and does not move";
    events_->push_back(std::move(e));
    return false;
  }

  void free_pin(Ship& s) {
    if (s.pinned_with.empty()) return;
    const auto other = ships_.find(s.pinned_with);
    if (other != ships_.end()) {
      other->second.pinned_with.clear();
      other->second.rammer = false;
    }
    s.pinned_with.clear();
    s.rammer = false;
  }

  std::optional<std::string> move_back(Ship& s, const std::vector<Action>& actions, std::size_t i,
                                       bool execute) {
    // 5.24: up to three hexes straight back, for the whole allowance; no ram, no turn.
    if (actions.size() != i + 1)
      return "moving backwards is the ship's only action in the segment (5.24)";
    const int n = actions[i].n;
    if (n > 3) return "a ship moves back at most three hexes (5.24)";
    for (int k = 0; k < n; ++k) {
      const HexId next = hex::neighbour(s.hex, hex::opposite(s.facing));
      if (auto why = entry_problem(s.side, next); !why.empty()) return why;
      s.hex = next;
      if (!enter_effects(s, execute)) return std::nullopt;
    }
    if (execute)
      say(s.id + " backs water " + std::to_string(n) + " hex(es) to " + hex::format_hex(s.hex) +
          " (5.24)");
    return std::nullopt;
  }

  std::optional<std::string> move_forward(Ship& s, const std::vector<Action>& actions,
                                          std::size_t i, bool execute, int spent_before = 0) {
    const bool ramming = actions.back().kind == Action::Ram;
    if (ramming && s.exhausted_in == abs_impulse())
      return s.id + " is exhausted and may not use ramming speed (5.21)";
    if (ramming && is_disrupted(s)) return s.id + " is disrupted and may not ram (6.32, addenda)";
    const Ship* target = nullptr;
    if (ramming) {
      const auto t = ships_.find(actions.back().target);
      if (t == ships_.end() || t->second.sunk || !t->second.on_map)
        return "there is no ship " + actions.back().target + " on the map to ram";
      if (t->second.side == s.side) return "a ship may not ram a friendly ship";
      target = &t->second;
      if (hex::distance(s.hex, target->hex) < 3)
        return s.id + " must begin its movement at least three hexes from " + target->id +
               " to ram it (6.11)";
    }
    const int mpa = allowance(s, ramming);
    int spent = spent_before, turns_here = 0, ram_turns = 0;
    bool moved = false;
    const HexId start = s.hex;
    for (; i < actions.size(); ++i) {
      const Action& a = actions[i];
      if (a.kind == Action::Turn) {
        // 5.12: one hexside before moving, then one per hex entered.
        if (turns_here >= 1) return s.id + " may turn only one hexside per hex entered (5.12)";
        if (ramming && ++ram_turns > 1)
          return "a ramming ship turns at most one hexside in its whole attempt (6.12)";
        if (ramming && hex::distance(s.hex, target->hex) < 2)
          return "a ramming ship's turn must be made at least two hexes from its target (6.12)";
        ++turns_here;
        spent += 1;  // 5.13
        s.facing = hex::turn(s.facing, a.n);
      } else if (a.kind == Action::Move) {
        for (int k = 0; k < a.n; ++k) {
          const HexId next = hex::neighbour(s.hex, s.facing);
          if (auto why = entry_problem(s.side, next); !why.empty()) return why;
          const bool careful = sc_->map.circumnavigation(next) && spent + 2 <= mpa;  // 9.31
          spent += careful ? 2 : 1;
          if (spent > mpa)
            return s.id + " has only " + std::to_string(mpa) + " Movement Points here (" +
                   (ramming ? "ramming" : "normal") + " speed; 5.2)";
          s.hex = next;
          turns_here = 0;
          moved = true;
          if (!careful && !enter_effects(s, execute)) return std::nullopt;
        }
      } else if (a.kind == Action::Ram) {
        if (i + 1 != actions.size()) return "'ram' ends a ship's movement (6.14)";
      } else {
        return "'" + format_action(a) + "' must come first in a ship's order";
      }
      if (spent > mpa)
        return s.id + " has only " + std::to_string(mpa) + " Movement Points here (5.2)";
    }
    if (execute && (moved || spent > spent_before)) {
      say(s.id + " moves from " + hex::format_hex(start) + " to " + hex::format_hex(s.hex) +
          ", facing " + hex::name(s.facing) + " (" + std::to_string(spent) + " of " +
          std::to_string(mpa) + " MP" + (ramming ? ", ramming speed" : "") + ")");
    }
    if (ramming) {
      if (auto why = ram_position_problem(s, *target)) return why;
      if (execute) ram(s, ships_.at(target->id));
      s.exhausted_in = abs_impulse() + 1;  // 5.21, 6.15
    }
    return std::nullopt;
  }

  // 6.13 and the addenda: the rammer ends next to its target, facing it, in
  // one of the target's four broadside hexes (not dead ahead or astern).
  std::optional<std::string> ram_position_problem(const Ship& s, const Ship& t) const {
    const auto to_target = hex::direction_to(s.hex, t.hex);
    if (!to_target) return s.id + " must end its movement next to " + t.id + " to ram it (6.13)";
    if (*to_target != s.facing) return s.id + " must face " + t.id + " to ram it (6.13)";
    const Dir from_target = hex::opposite(*to_target);
    if (from_target == t.facing || from_target == hex::opposite(t.facing)) {
      return s.id + " is at " + t.id + "'s bow or stern, not its broadside (6.13, addenda)";
    }
    return std::nullopt;
  }

  // Grounding on beaches (9.31). Returns false if the ship was lost.
  bool enter_effects(Ship& s, bool execute) {
    const auto g = sc_->map.grounding(s.hex);
    if (!g || *g == 0 || sc_->map.terrain(s.hex) != Terrain::Beach) return true;
    if (!execute) return true;
    const int roll = dice_->roll(6, "grounding of " + s.id + " at " + hex::format_hex(s.hex));
    Event e{"", {dice_->log().back()}};
    if (roll <= *g) {
      e.text = s.id + " runs aground at " + hex::format_hex(s.hex) +
               " and is destroyed (9.31: " + std::to_string(roll) + " <= grounding " +
               std::to_string(*g) + ")";
      events_->push_back(std::move(e));
      sink(s);
      return false;
    }
    e.text = s.id + " enters the beach at " + hex::format_hex(s.hex) + " safely (9.31)";
    events_->push_back(std::move(e));
    return true;
  }

  void ram(Ship& s, Ship& t) {
    RamModifiers mods;
    mods.attacker_leader = best_leader(s, &Leader::ram);
    mods.defender_leader = best_leader(t, &Leader::ram);
    mods.defender_damaged = t.damaged;
    const std::size_t before = dice_->log().size();
    const RamEffect effect = sc_->tables.ram(s.type, t.type, mods, *dice_, s.id + " on " + t.id);
    Event e;
    e.rolls.assign(dice_->log().begin() + static_cast<long>(before), dice_->log().end());
    e.text = s.id + " (" + type_name(s.type) + ") rams " + t.id + " (" + type_name(t.type) + ")";
    if (mods.attacker_leader || mods.defender_leader) {
      e.text += " [leaders: +" + std::to_string(mods.attacker_leader) + " -" +
                std::to_string(mods.defender_leader) + " on the first roll, 16.22]";
    }
    e.text += std::string(": ") + effect_name(effect) + " (6.4)";
    events_->push_back(std::move(e));
    switch (effect) {
      case RamEffect::None:
        break;
      case RamEffect::Pinned:
        free_pin(t);
        free_pin(s);
        t.pinned_with = s.id;
        s.pinned_with = t.id;
        s.rammer = true;
        break;
      case RamEffect::Damaged:
        damage(t);
        break;
      case RamEffect::Sunk:
        sink(t);
        break;
    }
  }

  void damage(Ship& t) {
    if (t.damaged) return sink(t);  // 6.34: damaged twice is sunk
    t.damaged = true;
    say(t.id + " is damaged and flipped to its back (6.34)");
  }

  void sink(Ship& t) {
    free_pin(t);
    t.sunk = true;
    say(t.id + " is sunk (6.35)");
    leader_loss(t);
  }

  // 16.41: leaders aboard a sunk ship.
  void leader_loss(const Ship& t) {
    for (auto& [id, l] : leaders_) {
      if (l.ship != t.id || l.drowned) continue;
      const bool alexander = id == "Alexander";
      const Ship* refuge = nearest_friend(t, alexander);
      if (alexander) {
        l.ship = refuge ? refuge->id : "";
        say("Alexander never undergoes leader loss: he goes to " +
            (refuge ? refuge->id : std::string("no ship (none left)")) + " (16.41)");
        continue;
      }
      const int roll = dice_->roll(6, "leader loss of " + id);
      Event e{"", {dice_->log().back()}};
      if (roll == 6 || !refuge) {
        l.drowned = true;
        l.ship.clear();
        e.text = id + (roll == 6 ? " drowns (16.41)"
                                 : " has no friendly ship to reach and is lost (16.41)");
      } else {
        l.ship = refuge->id;
        l.idle_until = abs_impulse() + roll;
        e.text = id + " reaches " + refuge->id + " but may not use his ratings for " +
                 std::to_string(roll) + " impulse(s) (16.41)";
      }
      events_->push_back(std::move(e));
    }
  }

  const Ship* nearest_friend(const Ship& t, bool without_leader) const {
    const Ship* best = nullptr;
    for (const auto& [id, s] : ships_) {
      if (s.side != t.side || s.sunk || !s.on_map || id == t.id) continue;
      if (without_leader && std::any_of(leaders_.begin(), leaders_.end(),
                                        [&](const auto& l) { return l.second.ship == id; }))
        continue;
      if (!best || hex::distance(s.hex, t.hex) < hex::distance(best->hex, t.hex)) best = &s;
    }
    return best;
  }

  bool commands(const Leader& l, const Ship& s) const {
    if (l.drowned || l.ship.empty() || l.idle_until >= abs_impulse()) return false;
    const auto carrier = ships_.find(l.ship);
    if (carrier == ships_.end() || carrier->second.side != s.side) return false;
    return l.fleet == s.fleet || l.commands_all;  // 16.0; addenda 17.3
  }

  // The best rating of a leader of the ship's fleet aboard it (16.21, 16.31).
  int best_leader(const Ship& s, int Leader::*rating) const {
    int best = 0;
    for (const auto& [id, l] : leaders_) {
      if (l.ship == s.id && commands(l, s)) best = std::max(best, l.*rating);
    }
    return best;
  }

  // 16.1, 16.12: a ship moves only within a command radius of one of its
  // leaders, traced through water hexes (enemy ships do not block it).
  std::optional<std::string> command_problem_for(const Ship& s) const {
    for (const auto& [id, l] : leaders_) {
      if (!commands(l, s)) continue;
      const Ship& carrier = ships_.at(l.ship);
      if (carrier.on_map && water_distance(carrier.hex, s.hex, l.radius)) return std::nullopt;
    }
    return s.id + " is beyond the command radius of every leader of the " + fleet_name(s.fleet) +
           " fleet and may not move (16.12)";
  }

  std::optional<std::string> command_problem(Side side) const {
    for (const auto& [id, s] : ships_) {
      if (s.side != side || !s.on_map || s.sunk) continue;
      if (auto why = command_problem_for(s))
        return "17.1: every ship begins within its leaders' command radius: " + *why;
    }
    return std::nullopt;
  }

  bool water_distance(HexId from, HexId to, int radius) const {
    std::deque<std::pair<HexId, int>> frontier{{from, 0}};
    std::set<HexId> seen{from};
    while (!frontier.empty()) {
      auto [h, d] = frontier.front();
      frontier.pop_front();
      if (h == to) return true;
      if (d == radius) continue;
      for (int k = 0; k < 6; ++k) {
        const HexId n = hex::neighbour(h, static_cast<Dir>(k));
        if (sc_->map.navigable(n) && seen.insert(n).second) frontier.emplace_back(n, d + 1);
      }
    }
    return false;
  }

  std::string fleet_name(const std::string& id) const {
    for (const Fleet& f : sc_->fleets) {
      if (f.id == id) return f.name;
    }
    return id;
  }

  // ------------------------------------------------------------ melee (6.2)

  bool can_attack(const Ship& s) const {
    // 6.32: a ship disrupted in the previous impulse may only defend.
    return s.on_map && !s.sunk && !is_disrupted(s);
  }

  bool in_port_or_beach(HexId h) const {
    const Terrain t = sc_->map.terrain(h);
    return t == Terrain::Beach || t == Terrain::TyrianPort || t == Terrain::MainlandPort;
  }

  // Why `a` may not melee `t`, or "".
  std::string melee_problem(const Ship& a, const Ship& t) const {
    if (!t.on_map || t.sunk) return t.id + " is not on the map";
    if (t.side == a.side) return "a ship may not attack a friendly ship";
    if (hex::distance(a.hex, t.hex) != 1) return a.id + " is not next to " + t.id + " (6.21)";
    if (in_port_or_beach(a.hex) || in_port_or_beach(t.hex))
      return "no naval melee in a beach or home port hex (6.26)";
    if (!a.pinned_with.empty() && a.pinned_with != t.id)
      return a.id + " is pinned to " + a.pinned_with + " and may melee only with it (6.27)";
    if (!t.pinned_with.empty() && t.pinned_with != a.id)
      return t.id + " is pinned to " + t.pinned_with + " and may melee only with it (6.27)";
    const bool parallel = a.facing == t.facing || a.facing == hex::opposite(t.facing);
    if (!parallel && a.pinned_with != t.id)
      return a.id + " and " + t.id + " are neither parallel nor pinned together (6.21)";
    return "";
  }

  Expected<std::string> melee_line(Side side, const std::string& line,
                                   std::set<std::string>& ordered, Plan& plan) {
    auto parts = split_line(line);
    if (!parts) return fail(parts.error().message);
    std::vector<std::string> attackers;
    for (auto w : text::split(parts->first, " ,+&")) {
      std::string id(w);
      if (text::lower(id) == "and") continue;
      attackers.push_back(id);
    }
    const auto words = text::split(parts->second);
    if (words.size() != 2 || text::lower(words[0]) != "attack")
      return fail("a melee order is 'SHIP: attack TARGET' or 'SHIP SHIP: attack TARGET'");
    std::string target(words[1]);
    target = text::upper(target);
    const auto t = ships_.find(target);
    if (t == ships_.end()) return fail("there is no ship " + target);
    for (const std::string& id : attackers) {
      const Ship* a = own_ship(side, id);
      if (!a) return fail(ship_problem(side, id));
      if (!can_attack(*a)) return fail(id + " is disrupted and may only defend (6.32)");
      if (!ordered.insert(id).second) return fail(id + " attacks only once per impulse (6.23)");
      if (auto why = melee_problem(*a, t->second); !why.empty()) return fail(why);
    }
    if ((plan.attackers[target] += static_cast<int>(attackers.size())) > 2)
      return fail("no more than two ships may attack " + target + " (6.23)");
    return text::join(attackers, " ") + ": attack " + target;
  }

  struct Attack {
    Side side;
    std::vector<std::string> attackers;
    std::string target;
  };

  void play_melee(const std::map<PlayerId, OrderSet>& orders) {
    // 6.23: attacks on one target by one side are combined into one melee.
    std::map<std::pair<int, std::string>, Attack> attacks;
    for (const auto& [player, set] : orders) {
      for (const std::string& line : set.lines) {
        const auto parts = split_line(line);
        if (!parts) continue;
        const std::string target(text::split(parts->second)[1]);
        Attack& a = attacks[{player.value, target}];
        a.side = static_cast<Side>(player.value);
        a.target = target;
        for (auto w : text::split(parts->first)) a.attackers.emplace_back(w);
      }
    }
    // 6.24: every attack is resolved before any result is applied.
    std::vector<std::pair<std::string, MeleeEffect>> results;
    for (const auto& [key, a] : attacks) {
      int strength = 0;
      for (const std::string& id : a.attackers) {
        const Ship& s = ships_.at(id);
        strength += values(s).melee + best_leader(s, &Leader::melee);  // 6.22, 16.32
      }
      const Ship& t = ships_.at(a.target);
      const int defence = values(t).melee + best_leader(t, &Leader::melee);
      const int roll =
          dice_->roll(6, "naval melee: " + text::join(a.attackers, "+") + " against " + a.target);
      const MeleeEffect effect = sc_->tables.melee(strength - defence, roll);
      events_->push_back(Event{text::join(a.attackers, " and ") + " (" + std::to_string(strength) +
                                   ") attack " + a.target + " (" + std::to_string(defence) +
                                   "), differential " + std::to_string(strength - defence) + ": " +
                                   effect_name(effect) + " (6.5)",
                               {dice_->log().back()}});
      results.emplace_back(a.target, effect);
    }
    for (const auto& [id, effect] : results) {
      Ship& t = ships_.at(id);
      if (t.sunk) continue;
      switch (effect) {
        case MeleeEffect::None:
          break;
        case MeleeEffect::Disrupted:
          t.disrupted_in = abs_impulse() + 1;
          say(t.id + " is disrupted for the next impulse (6.32)");
          break;
        case MeleeEffect::Damaged:
          damage(t);
          break;
        case MeleeEffect::Sunk:
          sink(t);
          break;
      }
    }
  }

  // ------------------------------------------------------------ placement (17.1, 5.3)

  bool home_hex(Side side, HexId h) const {
    if (side == Side::Tyrian) {
      const Harbour* hb = sc_->map.harbour_of(h);
      return hb && hb->inside.count(h);  // 5.31: inside the booms
    }
    // 5.31: mainland port hexes and the all-sea hexes next to them.
    if (sc_->map.terrain(h) == Terrain::MainlandPort) return true;
    if (sc_->map.terrain(h) != Terrain::Sea) return false;
    for (int k = 0; k < 6; ++k) {
      if (sc_->map.terrain(hex::neighbour(h, static_cast<Dir>(k))) == Terrain::MainlandPort)
        return true;
    }
    return false;
  }

  Expected<std::string> place_line(Side side, const std::string& line,
                                   std::set<std::string>& ordered, Plan& plan) {
    const auto w = text::split(line, " \t,:");
    if (w.size() == 3 && text::lower(w[0]) == "combine" && seg_ == Segment::Regroup)
      return combine(side, std::string(w[1]), std::string(w[2]), ordered);
    if (w.size() != 5 || text::lower(w[1]) != "at" || text::lower(w[3]) != "facing") {
      return fail(seg_ == Segment::Regroup
                      ? "regrouping orders are 'SHIP: at HEX facing DIR' or 'combine SHIP SHIP' "
                        "(5.31, 5.32)"
                      : "deployment orders are 'SHIP: at HEX facing DIR' (17.1)");
    }
    std::string id(w[0]);
    id = text::upper(id);
    Ship* s = own_ship(side, id);
    if (!s) return fail(ship_problem(side, id));
    if (seg_ == Segment::Regroup && !s->on_map) return fail(id + " is not on the map");
    const auto h = hex::parse_hex(w[2]);
    const auto d = hex::parse_dir(w[4]);
    if (!h || !d)
      return fail("'" + std::string(w[2]) + " facing " + std::string(w[4]) +
                  "' is not a hex and a direction (N, NE, SE, S, SW, NW)");
    if (!home_hex(side, *h))
      return fail(hex::format_hex(*h) + " is not in the " +
                  (side == Side::Tyrian ? "Tyrian harbours" : "mainland harbour") +
                  " (5.31, 17.1)");
    if (!ordered.insert(id).second) return fail("a second order for " + id);
    if (!plan.placed.insert(*h).second) return fail("two ships placed in " + hex::format_hex(*h));
    // A ship not yet placed that stands there makes way; it is placed later.
    for (auto& [oid, o] : ships_) {
      if (o.on_map && !o.sunk && o.hex == *h && oid != id && !ordered.count(oid)) {
        o.on_map = false;
        plan.displaced.insert(oid);
      }
    }
    plan.placed_ships.insert(id);
    plan.displaced.erase(id);
    s->on_map = true;
    s->hex = *h;
    s->facing = *d;
    return id + ": at " + hex::format_hex(*h) + " facing " + hex::name(*d);
  }

  Expected<std::string> combine(Side side, std::string a, std::string b,
                                std::set<std::string>& ordered) {
    for (std::string* id : {&a, &b}) *id = text::upper(*id);
    Ship* x = own_ship(side, a);
    Ship* y = own_ship(side, b);
    if (!x || !y || a == b) return fail("combine two different ships of yours");
    if (!x->damaged || !y->damaged || x->type != y->type)
      return fail("only two damaged ships of the same type combine into one (5.32)");
    if (!ordered.insert(a).second || !ordered.insert(b).second)
      return fail("a ship is ordered twice");
    x->damaged = false;
    y->sunk = true;
    y->on_map = false;
    for (auto& [id, l] : leaders_) {
      if (l.ship == b) l.ship = a;
    }
    say(a + " and " + b + " combine into one full-strength " + type_name(x->type) + " (5.32)");
    return "combine " + a + " " + b;
  }

  // Ships without a placement order go to the free home hexes in hex order:
  // at regrouping every ship afloat (5.31); at deployment only those that
  // made way for an ordered ship (the rest keep the default deployment).
  void auto_place(Side side, const Plan& plan) {
    std::set<HexId> taken = plan.placed;
    std::vector<Ship*> to_place;
    for (auto& [id, s] : ships_) {
      if (s.side != side || s.sunk || plan.placed_ships.count(id)) continue;
      if (plan.displaced.count(id) || (seg_ == Segment::Regroup && s.on_map)) {
        to_place.push_back(&s);
        s.on_map = false;
      } else if (s.on_map) {
        taken.insert(s.hex);
      }
    }
    std::vector<HexId> free;
    for (const HexId h : sc_->map.all_hexes()) {
      if (home_hex(side, h) && !taken.count(h)) free.push_back(h);
    }
    std::size_t next = 0;
    for (Ship* s : to_place) {
      if (next == free.size()) {
        say("no free home hex for " + s->id);
        continue;
      }
      s->on_map = true;
      s->hex = free[next++];
      s->facing = Dir::N;
    }
    if (seg_ == Segment::Regroup)
      say(std::string(side_name(side)) + " ships return to their home ports (5.31)");
  }

  void clear_markers_after_regroup() {
    for (auto& [id, s] : ships_) {
      s.pinned_with.clear();
      s.rammer = false;
      s.boom_watch.clear();
    }
  }

  // ------------------------------------------------------------ output

  Token token(const Ship& s) const {
    Token t;
    t.owner = static_cast<int>(s.side);
    t.kind = type_name(s.type);
    t.label = s.id;
    t.facing = static_cast<int>(s.facing);
    const ShipValues& v = values(s);
    t.marks.push_back(std::to_string(v.melee) + "-" + std::to_string(v.speed) + "-" +
                      std::to_string(v.ramming_speed));
    if (s.damaged) t.marks.push_back("damaged");
    if (!s.pinned_with.empty()) t.marks.push_back("pinned to " + s.pinned_with);
    if (s.exhausted_in >= abs_impulse()) t.marks.push_back("exhausted");
    if (s.disrupted_in >= abs_impulse()) t.marks.push_back("disrupted");
    for (const auto& [id, l] : leaders_) {
      if (l.ship == s.id && !l.drowned) {
        t.marks.push_back("leader " + id + " " + std::to_string(l.ram) + "-" +
                          std::to_string(l.melee) + "-" + std::to_string(l.radius) +
                          (l.idle_until >= abs_impulse() ? " (shaken)" : ""));
      }
    }
    return t;
  }

  std::vector<std::string> notes() const {
    std::vector<std::string> n{
        label(),
        "map: . sea  B beach  H harbour  h port  O boom (x destroyed)  P mainland port  "
        "W wall  w secondary wall  l open ground  c city  T temple  A Agenorium  M mole  L "
        "mainland"};
    for (const auto& [h, intact] : booms_)
      n.push_back("the " + h + " boom is " + (intact ? "intact" : "destroyed"));
    for (const Fleet& f : sc_->fleets) {
      if (f.side != Side::Macedonian) continue;
      std::vector<std::string> waiting;
      int afloat = 0;
      for (const auto& [id, s] : ships_) {
        if (s.fleet != f.id || s.sunk) continue;
        ++afloat;
        if (!s.on_map) waiting.push_back(id);
      }
      std::string line = "fleet " + f.name + ": " +
                         (arrived_.count(f.id) ? "arrived" : "not arrived") + ", " +
                         std::to_string(afloat) + " ship(s) afloat";
      if (arrived_.count(f.id) && !waiting.empty())
        line += "; to enter: " + text::join(waiting, " ");
      n.push_back(line);
    }
    int sunk[2] = {0, 0};
    for (const auto& [id, s] : ships_) sunk[static_cast<int>(s.side)] += s.sunk;
    n.push_back("ships sunk: Tyrian " + std::to_string(sunk[0]) + ", Macedonian " +
                std::to_string(sunk[1]));
    return n;
  }

  // Events are recorded only while resolving; validation runs the same code silently.
  void say(std::string text) {
    if (events_) events_->push_back(Event{std::move(text), {}});
  }

  // ------------------------------------------------------------ parsing

  std::optional<std::string> parse_line(const std::vector<std::string_view>& w) {
    if (w.empty()) return std::nullopt;
    long long v = 0;
    if (w.size() == 2 && text::parse_int(w[1], v)) {
      if (w[0] == "step")
        step_ = v;
      else if (w[0] == "turn")
        turn_ = static_cast<int>(v);
      else if (w[0] == "impulse")
        impulse_ = static_cast<int>(v);
      else if (w[0] == "rolled")
        rolled_turn_ = static_cast<int>(v);
      else if (w[0] == "over")
        over_ = v != 0;
      else
        return "not understood";
      if (over_)
        result_ = "Tyrian victory: no amphibious assault by the end of Game-Turn 12 (18.2)";
      return std::nullopt;
    }
    if (w[0] == "segment" && w.size() == 2) {
      for (Segment s : {Segment::Deploy, Segment::FirstMove, Segment::SecondMove, Segment::Melee,
                        Segment::Regroup}) {
        if (w[1] == segment_name(s)) {
          seg_ = s;
          return std::nullopt;
        }
      }
      return "unknown segment";
    }
    if (w[0] == "arrived" && w.size() == 2) {
      arrived_.insert(std::string(w[1]));
      return std::nullopt;
    }
    if (w[0] == "boom" && w.size() == 3 && booms_.count(std::string(w[1]))) {
      booms_[std::string(w[1])] = w[2] == "intact";
      return std::nullopt;
    }
    if (w[0] == "ship" && w.size() == 10 && ships_.count(std::string(w[1]))) return parse_ship(w);
    if (w[0] == "leader" && w.size() == 4 && leaders_.count(std::string(w[1]))) {
      Leader& l = leaders_[std::string(w[1])];
      l.drowned = w[2] == "drowned";
      l.ship = (w[2] == "-" || l.drowned) ? "" : std::string(w[2]);
      if (!l.ship.empty() && !ships_.count(l.ship)) return "unknown ship " + l.ship;
      if (w[3].rfind("idle=", 0) != 0 || !text::parse_int(w[3].substr(5), v)) return "bad idle";
      l.idle_until = static_cast<int>(v);
      return std::nullopt;
    }
    return "not understood";
  }

  std::optional<std::string> parse_ship(const std::vector<std::string_view>& w) {
    Ship& s = ships_[std::string(w[1])];
    s.sunk = w[2] == "sunk";
    s.on_map = !s.sunk && w[2] != "off";
    if (s.on_map) {
      const auto h = hex::parse_hex(w[2]);
      if (!h || !sc_->map.navigable(*h)) return "bad ship hex";
      s.hex = *h;
    }
    const auto d = hex::parse_dir(w[3]);
    if (!d || (w[4] != "full" && w[4] != "damaged")) return "bad facing or side";
    s.facing = *d;
    s.damaged = w[4] == "damaged";
    std::map<std::string, std::string> kv;
    for (std::size_t i = 5; i < w.size(); ++i) {
      const auto eq = w[i].find('=');
      if (eq == std::string_view::npos) return "expected key=value";
      kv[std::string(w[i].substr(0, eq))] = std::string(w[i].substr(eq + 1));
    }
    long long a = 0, b = 0, r = 0;
    if (!text::parse_int(kv["exhausted"], a) || !text::parse_int(kv["disrupted"], b) ||
        !text::parse_int(kv["rammer"], r))
      return "bad numbers";
    s.exhausted_in = static_cast<int>(a);
    s.disrupted_in = static_cast<int>(b);
    s.rammer = r != 0;
    s.pinned_with = kv["pinned"] == "-" ? "" : kv["pinned"];
    s.boom_watch = kv["watch"] == "-" ? "" : kv["watch"];
    return std::nullopt;
  }

  std::shared_ptr<const Scenario> sc_;
  std::int64_t step_ = 1;
  int turn_ = 1;
  int impulse_ = 1;
  Segment seg_ = Segment::Deploy;
  int rolled_turn_ = 0;
  bool over_ = false;
  std::string result_;
  std::set<std::string> arrived_;
  std::map<std::string, bool> booms_;  // harbour -> intact
  std::map<std::string, Ship> ships_;
  std::map<std::string, Leader> leaders_;
  // Only while resolving:
  std::vector<Event>* events_ = nullptr;
  Dice* dice_ = nullptr;
};

constexpr const char* kOrderHelp =
    R"(One line per ship (docs/rules/tyre.md has the full syntax and examples).
Movement:  T7: turn R, move 3            turn L|R costs 1 MP, each hex 1 MP (5.1, 5.2)
           T7: move 2, turn L, move 1    one turn before moving, then one per hex entered
           C4: turn L, move 5, ram T9    ramming speed; 3+ hexes away, at most one turn,
                                         end facing the target's broadside (6.11-6.13)
           T7: back 2                    up to 3 hexes astern, whole allowance (5.24)
           T7: unpin, move 2             a pinned ship must first break free (6.16)
           A3: enter 3401 facing S, move 4   reinforcements, north edge (17.22)
Melee:     T7: attack C4     T7 T8: attack C4   (adjacent and parallel, or pinned; 6.21-6.23)
Deployment and regrouping:  T7: at 3104 facing S      combine C4 C9 (two damaged ships, 5.32)
Ships without orders stay where they are (and are placed automatically at regrouping).)";

std::string TyreState::order_help() const {
  return kOrderHelp;
}

class TyreGame final : public Game {
 public:
  explicit TyreGame(std::shared_ptr<const Scenario> sc) : sc_(std::move(sc)) {}
  std::string id() const override { return "tyre"; }
  std::string title() const override { return "Tyre (SPI 1978)"; }
  std::vector<ScenarioInfo> scenarios() const override {
    return {ScenarioInfo{
        "naval",
        "Tyre: the naval war",
        "Alexander's fleets against the navy of Tyre, 332 B.C.: twelve Game-Turns of six impulses "
        "of "
        "movement, ramming and melee (the planning, bombardment and assault phases are not yet "
        "part of the game; the Tyrian player wins at the end of Game-Turn 12).",
        {"Tyrian", "Macedonian"},
        2,
        2}};
  }
  Expected<std::unique_ptr<State>> new_game(std::string_view scenario, int players) const override {
    if (scenario != "naval") return fail("tyre has only the scenario 'naval'");
    if (players != 2) return fail("tyre is a two-player game");
    return std::unique_ptr<State>(std::make_unique<TyreState>(sc_));
  }
  Expected<std::unique_ptr<State>> deserialize(std::string_view bytes) const override {
    TyreState s(sc_);
    return s.parse_into(bytes);
  }

 private:
  std::shared_ptr<const Scenario> sc_;
};

}  // namespace

std::unique_ptr<Game> make_tyre_game() {
  auto sc = load_scenario();
  assert(sc.has_value());  // compiled-in data, checked by the tests
  return std::make_unique<TyreGame>(std::make_shared<const Scenario>(std::move(*sc)));
}

}  // namespace naumachia::tyre
