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

// The steps of a Game-Turn (4.0). The naval scenario uses Deploy, the
// movement and melee segments and Regroup; the siege uses them all.
enum class Segment {
  MacDeploy,       // 17.1: the Macedonian army
  Deploy,          // 17.1: the Tyrian army and fleet
  Allocation,      // 4.0 §1A: secret plans of both players
  MacStrategic,    // 4.0 §1D, 9.16
  TyrStrategic,    // 4.0 §1D, 9.16, 9.17
  FirstMove,       // 4.0 §2A / §3A
  SecondMove,      // §2B / §3B
  Melee,           // §2C / §3C
  MacBombard,      // §2D, 7.1
  TyrBombard,      // §2E, 7.2
  Regroup,         // §2F, 5.3
  AssaultBombard,  // §3D, 13.4: Tyrian catapults against transports
  MacLand,         // §3E
  TyrLand,         // §3F
  Fire,            // §3G, 11.0
  MacMelee,        // §3H, 12.0
  TyrMelee,        // §3I
};

constexpr int kImpulses = 6;          // 4.0 §2: six impulses
constexpr int kAssaultImpulses = 16;  // 4.0 §3
constexpr int kLastTurn = 12;         // 4.0, 18.2
constexpr int kEngineerPoints = 6;    // 14.3

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
  bool fireship = false;   // 14.4
  bool repairing = false;  // out of the water for repair (14.32)
  bool beached = false;    // has rolled for grounding to disembark (8.31)
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

// ---------------------------------------------------------------- the siege's pieces

enum class Where { Off, Hex, Ship, Dead };

struct LandUnit {
  UnitType t;
  Where at = Where::Off;
  HexId hex{};
  std::string ship;
  bool disrupted = false;  // 11.23
  std::string waded_from;  // the ship a unit wading ashore came from (8.32)
};

struct LandLeader {
  LandLeaderType t;
  Where at = Where::Off;
  HexId hex{};
  std::string ship;
  int back_in = 0;  // wounded: returns in this Game-Turn (Leader Loss Procedure)
};

struct Engine {
  std::string id;
  EngineKind kind = EngineKind::Tower;
  Where at = Where::Off;  // Off = in the siege park (Macedonian catapults and rams)
  HexId hex{};
  std::string ship;
  int used_in = 0;    // absolute impulse it last fired or battered
  int turn_uses = 0;  // battering attempts this Game-Turn (7.14)
  HexId target{};     // this Game-Turn's wall hex of a catapult (7.12)
  int target_turn = 0;
};

const char* where_name(Where w) {
  switch (w) {
    case Where::Off:
      return "off";
    case Where::Hex:
      return "hex";
    case Where::Ship:
      return "ship";
    case Where::Dead:
      return "dead";
  }
  return "?";
}

struct Scenario {
  Map map;
  NavalTables tables;
  std::vector<Fleet> fleets;
  std::vector<Ship> ships;
  std::vector<Leader> leaders;
  std::map<std::string, std::pair<HexId, Dir>> deploy;
  Army army;
  SiegeTables siege;
};

Expected<Scenario> load_scenario() {
  auto map = load_map();
  if (!map) return fail(map.error().message);
  auto tables = load_tables();
  if (!tables) return fail(tables.error().message);
  auto army = load_army();
  if (!army) return fail(army.error().message);
  auto siege = load_siege_tables();
  if (!siege) return fail(siege.error().message);
  Scenario s{std::move(*map),  std::move(*tables), {}, {}, {}, {},
             std::move(*army), std::move(*siege)};
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
    } else if (w[0] == "ship" && (w.size() == 4 || (w.size() == 5 && w[4] == "fireship"))) {
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
      ship.fireship = w.size() == 5;
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
                                 w.size() == 6 && w[5] == "all",
                                 w[4] == "-" ? std::string() : std::string(w[4]), 0, false});
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

// What one player's planning orders have claimed so far (4.0 1A, 14.3).
struct Allocation {
  int points = 0, boulder_points = 0;
  bool plan = false, build = false;
};

class TyreState final : public State, public LandBoard {
 public:
  explicit TyreState(std::shared_ptr<const Scenario> sc, bool siege = false) : sc_(std::move(sc)) {
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
    if (siege) init_siege();
  }

  StepInfo step() const override {
    StepInfo info;
    info.number = StepNo{step_};
    info.label = label();
    if (over_) {
      info.game_over = true;
      info.result = result_;
      info.winners.push_back(SideId{static_cast<int>(winner_)});
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
    if (errors.empty() && siege_) {
      if (auto why = trial.stacking_problem(side))
        errors.push_back({0, *why + " at the end of the segment"});
    }
    if (!errors.empty()) return unexpected(std::move(errors));
    return out;
  }

  OrderSet default_orders(PlayerId) const override { return {}; }

  std::vector<std::vector<std::string>> candidate_orders(PlayerId player) const override;

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
      if (siege_) add_land_tokens(c, h);
      v.cells.push_back(std::move(c));
    }
    v.notes = notes();
    add_siege_notes(v.notes);
    return v;
  }

  std::string serialize() const override {
    std::ostringstream out;
    out << "tyre 1\nstep " << step_ << "\nturn " << turn_ << "\nimpulse " << impulse_
        << "\nsegment " << segment_name(seg_) << "\nrolled " << rolled_turn_ << "\nover "
        << (over_ ? 1 : 0) << "\n";
    if (over_) out << "result " << result_ << "\n";
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
          << " watch=" << (s.boom_watch.empty() ? "-" : s.boom_watch) << " beached=" << s.beached
          << " repairing=" << s.repairing << "\n";
    }
    for (const auto& [id, l] : leaders_) {
      out << "leader " << id << " "
          << (l.drowned        ? "drowned"
              : l.ship.empty() ? "-"
                               : l.ship)
          << " idle=" << l.idle_until << "\n";
    }
    write_siege(out);
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
    Allocation alloc;                      // planning: points and choices so far
    std::set<HexId> targets;               // land melee: hexes attacked so far
  };

  // ------------------------------------------------------------ steps

  int abs_impulse() const { return (turn_ - 1) * kImpulses + impulse_; }

  Side mover() const {
    const Side first = impulse_ % 2 == 1 ? Side::Tyrian : Side::Macedonian;  // 4.0 §2, 5.0
    if (seg_ == Segment::FirstMove) return first;
    return first == Side::Tyrian ? Side::Macedonian : Side::Tyrian;
  }

  static const char* segment_name(Segment s) {
    static const char* names[] = {
        "mac-deploy",     "deploy",          "allocation", "mac-strategic", "tyr-strategic",
        "first-movement", "second-movement", "melee",      "mac-bombard",   "tyr-bombard",
        "regroup",        "assault-bombard", "mac-land",   "tyr-land",      "fire",
        "mac-melee",      "tyr-melee"};
    return names[static_cast<int>(s)];
  }

  std::string label() const {
    const std::string turn = "Turn " + std::to_string(turn_);
    const std::string imp = turn + ", " + (siege_ && plan_ == "assault" ? "assault " : "") +
                            "impulse " + std::to_string(impulse_) + ": ";
    switch (seg_) {
      case Segment::MacDeploy:
        return turn + ": Macedonian deployment (17.1)";
      case Segment::Deploy:
        return turn + ": Tyrian deployment (17.1)";
      case Segment::Allocation:
        return turn + ": planning, secret allocation (4.0 1A)";
      case Segment::MacStrategic:
        return turn + ": Macedonian strategic movement (9.16)";
      case Segment::TyrStrategic:
        return turn + ": Tyrian strategic movement (9.16, 9.17)";
      case Segment::Regroup:
        return turn + ": naval regrouping (5.3)";
      case Segment::Melee:
        return imp + "simultaneous naval melee";
      case Segment::MacBombard:
        return imp + "Macedonian bombardment (7.1)";
      case Segment::TyrBombard:
        return imp + "Tyrian counter-bombardment (7.2)";
      case Segment::AssaultBombard:
        return imp + "Tyrian bombardment of transports (4.0 3D)";
      case Segment::MacLand:
        return imp + "Macedonian land movement";
      case Segment::TyrLand:
        return imp + "Tyrian land movement";
      case Segment::Fire:
        return imp + "simultaneous fire combat (11.0)";
      case Segment::MacMelee:
        return imp + "Macedonian land melee (12.0)";
      case Segment::TyrMelee:
        return imp + "Tyrian land melee (12.0)";
      default:
        return imp + side_name(mover()) + " movement";
    }
  }

  bool orders_in_segment(Side s) const {
    switch (seg_) {
      case Segment::MacDeploy:
      case Segment::MacStrategic:
        return s == Side::Macedonian;
      case Segment::Deploy:
      case Segment::TyrStrategic:
        return s == Side::Tyrian;
      case Segment::Allocation:
        return true;
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
      case Segment::MacBombard:
        return s == Side::Macedonian &&
               std::any_of(ships_.begin(), ships_.end(), [&](const auto& p) {
                 return p.second.on_map && !p.second.sunk && !cargo(p.first).engines.empty();
               });
      case Segment::TyrBombard:
      case Segment::AssaultBombard:
        return s == Side::Tyrian && has_counter_target();
      case Segment::MacLand:
        return s == Side::Macedonian && has_land_mover(s);
      case Segment::TyrLand:
        return s == Side::Tyrian && has_land_mover(s);
      case Segment::Fire:
        return has_fire(s);
      case Segment::MacMelee:
        return s == Side::Macedonian && has_assault(s);
      case Segment::TyrMelee:
        return s == Side::Tyrian && has_assault(s);
    }
    return false;
  }

  bool has_counter_target() const {
    for (const auto& [eid, e] : engines_) {
      if (e.kind != EngineKind::TyrianCatapult || !on_wall(e) || e.used_in == abs_impulse())
        continue;
      for (const auto& [sid, sh] : ships_) {
        if (sh.side != Side::Macedonian || !sh.on_map || sh.sunk ||
            hex::distance(sh.hex, e.hex) > 4)
          continue;
        const Cargo c = cargo(sid);
        if (seg_ == Segment::TyrBombard ? !c.engines.empty() : !c.units.empty()) return true;
      }
    }
    return false;
  }

  bool has_land_mover(Side side) const {
    for (const auto& [id, u] : units_) {
      if (u.t.side != side) continue;
      if (u.at == Where::Ship && piece_hex(id)) return true;
      if (u.at == Where::Hex && (is_island(terrain(u.hex)) || terrain(u.hex) == Terrain::Sea ||
                                 terrain(u.hex) == Terrain::Mole))
        return true;
    }
    return false;
  }

  bool has_fire(Side side) const {
    std::vector<std::string> firers;
    for (const auto& [id, u] : units_) firers.push_back(id);
    for (const auto& [id, e] : engines_) firers.push_back(id);
    for (const auto& id : firers) {
      const auto from = firer_hex(id, side);
      if (!from) continue;
      for (const auto& [tid, t] : units_) {
        const auto th = piece_hex(tid);
        if (t.t.side != side && th && hex::distance(*from, *th) <= 3 && plan_shot(side, id, *th))
          return true;
      }
    }
    return false;
  }

  bool has_assault(Side side) const {
    for (const auto& [id, u] : units_) {
      if (u.t.side != side || u.at != Where::Hex || u.disrupted || u.t.kind == UnitKind::Fire)
        continue;
      for (int k = 0; k < 6; ++k) {
        const Assault a{{id}, hex::neighbour(u.hex, static_cast<Dir>(k)), ""};
        if (!assault_problem(side, a)) return true;
      }
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
      if (over_) return;
      finish_segment();
      if (over_) return;
      if (orders_in_segment(Side::Tyrian) || orders_in_segment(Side::Macedonian)) return;
    }
  }

  // Moves to the next segment, with what happens between segments (4.0).
  void finish_segment() {
    switch (seg_) {
      case Segment::MacDeploy:
        seg_ = Segment::Deploy;
        return;
      case Segment::Deploy:
        if (siege_) return begin_planning();
        seg_ = Segment::FirstMove;
        roll_reinforcements();
        return;
      case Segment::Allocation:
        seg_ = Segment::MacStrategic;
        return;
      case Segment::MacStrategic:
        seg_ = Segment::TyrStrategic;
        return;
      case Segment::TyrStrategic:
        roll_reinforcements();  // 4.0 1E
        impulse_ = 1;
        seg_ = Segment::FirstMove;
        return;
      case Segment::FirstMove:
        seg_ = Segment::SecondMove;
        return;
      case Segment::SecondMove:
        seg_ = Segment::Melee;
        return;
      case Segment::Melee:
        end_of_impulse();
        if (siege_) {
          seg_ = plan_ == "assault" ? Segment::AssaultBombard : Segment::MacBombard;
          return;
        }
        return next_naval_impulse();
      case Segment::MacBombard:
        seg_ = Segment::TyrBombard;
        return;
      case Segment::TyrBombard:
        return next_naval_impulse();
      case Segment::AssaultBombard:
        seg_ = Segment::MacLand;
        return;
      case Segment::MacLand:
        seg_ = Segment::TyrLand;
        return;
      case Segment::TyrLand:
        seg_ = Segment::Fire;
        return;
      case Segment::Fire:
        seg_ = Segment::MacMelee;
        return;
      case Segment::MacMelee:
        seg_ = Segment::TyrMelee;
        return;
      case Segment::TyrMelee:
        return end_of_assault_impulse();
      case Segment::Regroup:
        return end_of_turn();
    }
  }

  void next_naval_impulse() {
    if (impulse_ < kImpulses) {
      ++impulse_;
      seg_ = Segment::FirstMove;
    } else {
      seg_ = Segment::Regroup;
    }
  }

  void end_of_assault_impulse() {
    rally();
    check_macedonian_victory();
    check_assault_deadlines();
    if (over_) return;
    ++impulse_;
    seg_ = Segment::FirstMove;
  }

  // 4.0: Game-Turn indication; 14.43: the fireship burns out.
  void end_of_turn() {
    for (auto& [id, sh] : ships_) {
      if (sh.fireship && sh.on_map && !sh.sunk) {
        sh.sunk = true;
        say("the fireship burns out at the end of the Game-Turn (14.43)");
      }
    }
    if (turn_ >= kLastTurn) {
      end_game(Side::Tyrian,
               "Tyrian victory: no amphibious assault by the end of Game-Turn 12 (18.2)");
      return;
    }
    ++turn_;
    impulse_ = 1;
    if (siege_) return begin_planning();
    seg_ = Segment::FirstMove;
    roll_reinforcements();
  }

  void begin_planning() {
    return_wounded_leaders();
    seg_ = Segment::Allocation;
    plan_.clear();
    mole_grew_ = relocated_melee_ = false;
    for (auto& [id, e] : engines_) e.turn_uses = 0;
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

  static OrderSet orders_of(const std::map<PlayerId, OrderSet>& orders, Side side) {
    const auto it = orders.find(PlayerId{static_cast<int>(side)});
    return it == orders.end() ? OrderSet{} : it->second;
  }

  void play(const std::map<PlayerId, OrderSet>& orders) {
    switch (seg_) {
      case Segment::Melee:
        return play_melee(orders);
      case Segment::Allocation:
        return play_planning(orders);
      case Segment::MacBombard:
        return play_bombardment(orders_of(orders, Side::Macedonian));
      case Segment::TyrBombard:
      case Segment::AssaultBombard:
        return play_counter(orders_of(orders, Side::Tyrian));
      case Segment::Fire:
        play_fire(orders);
        return check_macedonian_victory();
      default:
        break;
    }
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
    check_macedonian_victory();
  }

  // Checks one order line against the current position, and carries it out
  // on this (trial or real) state; returns its canonical form.
  Expected<std::string> check_line(Side side, const std::string& line,
                                   std::set<std::string>& ordered, Plan& plan,
                                   bool execute = false) {
    switch (seg_) {
      case Segment::Regroup:
      case Segment::Deploy:
      case Segment::MacDeploy:
        return place_line(side, line, ordered, plan);
      case Segment::Melee:
        return melee_line(side, line, ordered, plan);
      case Segment::Allocation:
        return check_allocation(side, line, plan.alloc);
      case Segment::MacStrategic:
      case Segment::TyrStrategic:
        return strategic_line(side, line, ordered);
      case Segment::MacBombard:
        return bombard_line(line, ordered);
      case Segment::TyrBombard:
      case Segment::AssaultBombard:
        return counter_line(line, ordered);
      case Segment::MacLand:
      case Segment::TyrLand:
        return land_move_line(side, line, ordered, execute);
      case Segment::Fire:
        return fire_line(side, line, ordered);
      case Segment::MacMelee:
      case Segment::TyrMelee:
        return melee_attack_line(side, line, ordered, plan.targets, execute);
      default:
        break;
    }
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
    if (!navigable(h))
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
    const Action& e = actions[0];
    if (s.fireship) {
      const Harbour* hb = sc_->map.harbour_of(e.hex);
      if (!hb || !hb->inside.count(e.hex))
        return "the fireship is launched from a Tyrian harbour (14.41)";
      if (fireship_used_) return "the fireship is launched once per game (14.41)";
      fireship_used_ = true;
    } else if (s.repairing) {
      return s.id + " is under repair (14.32)";
    } else {
      if (!arrived_.count(s.fleet))
        return "the " + fleet_name(s.fleet) + " fleet has not arrived (17.21)";
      const auto edge = sc_->map.north_edge();
      if (std::find(edge.begin(), edge.end(), e.hex) == edge.end())
        return "reinforcements enter on a sea hex of the north edge, row 01 (17.22)";
    }
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
      if (t->second.fireship) return "the fireship may not be rammed (14.42)";
      if (siege_ && transporting(s)) return s.id + " is transporting and may not ram (8.0)";
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
    if (execute && s.fireship && !s.sunk) fireship_reaches_towers(s);
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
    mods.defender_transporting = siege_ && transporting(t);
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
    if (s.fireship) return fireship_rams(s, t, effect);
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
    if (siege_) cargo_losses(t, false);
  }

  void sink(Ship& t) {
    free_pin(t);
    t.sunk = true;
    say(t.id + " is sunk (6.35)");
    if (siege_) cargo_losses(t, true);
    leader_loss(t);
  }

  // 14.42, 14.43: a successful ram by the fireship burns both ships; any
  // attempt ends it.
  void fireship_rams(Ship& f, Ship& t, RamEffect effect) {
    if (effect != RamEffect::None) {
      say("the fireship sets " + t.id + " ablaze (14.42)");
      sink(t);
    }
    f.sunk = true;
    say("the fireship is spent (14.43)");
  }

  // 14.42: the fireship ending its movement next to siege towers burns them.
  void fireship_reaches_towers(Ship& f) {
    bool burnt = false;
    for (auto& [id, e] : engines_) {
      if (e.kind == EngineKind::Tower && e.at == Where::Hex && hex::distance(e.hex, f.hex) == 1) {
        e.at = Where::Dead;
        burnt = true;
        say("the fireship burns the siege tower " + id + " (14.42)");
      }
    }
    if (burnt) {
      f.sunk = true;
      say("the fireship is spent (14.43)");
    }
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
    // A leader rated for both wars is one piece (15.0).
    for (const auto& [id, l] : leaders_) {
      auto land = lleaders_.find(id);
      if (land == lleaders_.end() || land->second.at != Where::Ship || land->second.ship != t.id)
        continue;
      if (l.drowned)
        kill_leader(id, "drowned (16.41)");
      else
        set_aboard_naval(id, l.ship);
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
    if (s.fireship) return std::nullopt;  // 14.41: launched, not commanded
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
        if (navigable(n) && seen.insert(n).second) frontier.emplace_back(n, d + 1);
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
    if (a.fireship || t.fireship)
      return "the fireship neither attacks nor is attacked in melee (14.42)";
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
        strength += values(s).melee + best_leader(s, &Leader::melee) -
                    (siege_ && transporting(s) ? 2 : 0);  // 6.22, 16.32, 8.0
      }
      const Ship& t = ships_.at(a.target);
      const int defence =
          values(t).melee + best_leader(t, &Leader::melee) - (siege_ && transporting(t) ? 2 : 0);
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
    if (seg_ == Segment::MacDeploy || (seg_ == Segment::Deploy && siege_ && w.size() == 3))
      return deploy_land_line(side, w, ordered);
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

  // 17.1: the armies' set-up.
  Expected<std::string> deploy_land_line(Side side, const std::vector<std::string_view>& w,
                                         std::set<std::string>& ordered) {
    if (w.size() != 3 || text::lower(w[1]) != "at")
      return fail("deployment orders are 'PIECE: at HEX' (and 'SHIP: at HEX facing DIR') (17.1)");
    const std::string id = piece_id(w[0]);
    if (id.empty() || piece_side(id) != side || ships_.count(id) ||
        (leaders_.count(id) && !lleaders_.count(id)))
      return fail("you have no land piece '" + std::string(w[0]) + "'");
    if (id == "Alexander") return fail("Alexander arrives with the Cyprus fleet (17.1, 17.3)");
    const auto e = engines_.find(id);
    if (e != engines_.end() &&
        (e->second.kind == EngineKind::Catapult || e->second.kind == EngineKind::Ram))
      return fail("catapults and battering rams begin in the siege park (13.23)");
    const auto h = hex::parse_hex(w[2]);
    if (!h) return fail("'" + std::string(w[2]) + "' is not a hex");
    if (side == Side::Macedonian && !on_mainland(*h))
      return fail("the Macedonian army begins on the mainland or the mole (17.1)");
    if (side == Side::Tyrian && (!is_island(terrain(*h)) || terrain(*h) == Terrain::Beach))
      return fail("the Tyrian army begins on the island of Tyre (17.1)");
    if (!ordered.insert(id).second) return fail("a second order for " + id);
    place_piece(id, *h);
    return id + ": at " + hex::format_hex(*h);
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

  // ============================================================ the siege: board

 public:
  Terrain terrain(HexId h) const override {
    return mole_.count(h) ? Terrain::Mole : sc_->map.terrain(h);
  }
  bool breached(HexId h) const override {
    const auto it = walls_.find(h);
    return it != walls_.end() && it->second >= kBreach;
  }
  std::optional<Side> combat_unit(HexId h) const override {
    for (const auto& [id, u] : units_) {
      if (u.at == Where::Hex && u.hex == h) return u.t.side;
    }
    return std::nullopt;
  }
  bool has_siege_unit(HexId h) const override { return engine_at(h) != nullptr; }

 private:
  static constexpr int kBreach = 6;  // 7.15

  bool navigable(HexId h) const { return sc_->map.navigable(h) && !mole_.count(h); }

  const Engine* engine_at(HexId h) const {
    for (const auto& [id, e] : engines_) {
      if (e.at == Where::Hex && e.hex == h) return &e;
    }
    return nullptr;
  }
  LandUnit* unit_in(HexId h) {
    for (auto& [id, u] : units_) {
      if (u.at == Where::Hex && u.hex == h) return &u;
    }
    return nullptr;
  }
  LandLeader* leader_in(HexId h) {
    for (auto& [id, l] : lleaders_) {
      if (l.at == Where::Hex && l.hex == h) return &l;
    }
    return nullptr;
  }
  bool has_tower(HexId h) const {
    const Engine* e = engine_at(h);
    return e && e->kind == EngineKind::Tower;
  }

  void init_siege() {
    siege_ = true;
    for (const UnitType& t : sc_->army.units)
      units_[t.id] = LandUnit{t, Where::Off, {}, "", false, ""};
    for (const LandLeaderType& t : sc_->army.leaders)
      lleaders_[t.id] = LandLeader{t, Where::Off, {}, "", 0};
    for (const EngineType& t : sc_->army.engines)
      engines_[t.id] = Engine{t.id, t.kind, Where::Off, {}, "", 0, 0, {}, 0};
    for (const auto& [id, h] : sc_->army.deploy) place_piece(id, h);
    // Alexander comes with the Cyprus fleet (17.1, 17.3).
    if (const auto it = leaders_.find("Alexander"); it != leaders_.end())
      set_aboard_naval("Alexander", it->second.ship);
    seg_ = Segment::MacDeploy;
  }

  void place_piece(const std::string& id, HexId h) {
    if (auto u = units_.find(id); u != units_.end()) {
      u->second.at = Where::Hex;
      u->second.hex = h;
      u->second.ship.clear();
    } else if (auto l = lleaders_.find(id); l != lleaders_.end()) {
      l->second.at = Where::Hex;
      l->second.hex = h;
      l->second.ship.clear();
      if (auto n = leaders_.find(id); n != leaders_.end()) n->second.ship.clear();
    } else if (auto e = engines_.find(id); e != engines_.end()) {
      e->second.at = Where::Hex;
      e->second.hex = h;
      e->second.ship.clear();
    }
  }

  // A leader rated for both kinds of war (Alexander, Azemilk) is one piece:
  // aboard a ship his naval ratings work; ashore his land ratings (15.0).
  void set_aboard_naval(const std::string& id, const std::string& ship) {
    if (auto l = lleaders_.find(id); l != lleaders_.end()) {
      l->second.at = ship.empty() ? Where::Off : Where::Ship;
      l->second.ship = ship;
    }
    if (auto n = leaders_.find(id); n != leaders_.end()) n->second.ship = ship;
  }

  // Case-insensitive lookup of any piece's id; "" if none.
  std::string piece_id(std::string_view word) const {
    const std::string want = text::lower(word);
    auto match = [&](const auto& m) -> std::string {
      for (const auto& [id, x] : m) {
        if (text::lower(id) == want) return id;
      }
      return "";
    };
    for (std::string id :
         {match(units_), match(lleaders_), match(engines_), match(ships_), match(leaders_)}) {
      if (!id.empty()) return id;
    }
    return "";
  }

  std::optional<Side> piece_side(const std::string& id) const {
    if (auto u = units_.find(id); u != units_.end()) return u->second.t.side;
    if (auto l = lleaders_.find(id); l != lleaders_.end()) return l->second.t.side;
    if (auto e = engines_.find(id); e != engines_.end()) return side_of(e->second.kind);
    if (auto s = ships_.find(id); s != ships_.end()) return s->second.side;
    if (auto n = leaders_.find(id); n != leaders_.end()) return fleet_side(n->second.fleet);
    return std::nullopt;
  }

  static Side side_of(EngineKind k) {
    return k == EngineKind::TyrianCatapult ? Side::Tyrian : Side::Macedonian;
  }
  Side fleet_side(const std::string& fleet) const {
    for (const Fleet& f : sc_->fleets) {
      if (f.id == fleet) return f.side;
    }
    return Side::Macedonian;
  }

  // ------------------------------------------------------------ cargo (8.0)

  struct Cargo {
    std::vector<std::string> units, engines, leaders;  // leaders: land mode or naval passengers
  };
  Cargo cargo(const std::string& ship) const {
    Cargo c;
    for (const auto& [id, u] : units_) {
      if (u.at == Where::Ship && u.ship == ship) c.units.push_back(id);
    }
    for (const auto& [id, e] : engines_) {
      if (e.at == Where::Ship && e.ship == ship) c.engines.push_back(id);
    }
    for (const auto& [id, l] : lleaders_) {
      if (l.at == Where::Ship && l.ship == ship && !leaders_.count(id)) c.leaders.push_back(id);
    }
    return c;
  }
  // 8.0: a ship carrying land units or a siege engine is transporting.
  bool transporting(const Ship& s) const {
    const Cargo c = cargo(s.id);
    return !c.units.empty() || !c.engines.empty() || !c.leaders.empty();
  }
  bool carries(const Ship& s, EngineKind k) const {
    for (const auto& id : cargo(s.id).engines) {
      if (engines_.at(id).kind == k) return true;
    }
    return false;
  }
  int naval_leaders_aboard(const std::string& ship) const {
    int n = 0;
    for (const auto& [id, l] : leaders_) n += !l.drowned && l.ship == ship;
    return n;
  }

  // 8.13, 8.21 (addenda), 8.23: what a damaged or sunk transport loses.
  void cargo_losses(const Ship& s, bool sunk) {
    const Cargo c = cargo(s.id);
    for (const auto& id : c.engines) {
      engines_.at(id).at = Where::Dead;
      say("the " + std::string(kind_name(engines_.at(id).kind)) + " " + id + " aboard " + s.id +
          " is lost (8.13)");
    }
    if (sunk) {
      for (const auto& id : c.units) eliminate_unit(id, "it goes down with " + s.id + " (8.23)");
      for (const auto& id : c.leaders) kill_leader(id, "he goes down with " + s.id + " (8.23)");
    } else if (c.units.size() > 1) {
      eliminate_unit(c.units.back(), "a damaged ship carries one land unit (8.21, addenda)");
    }
  }
  // ============================================================ planning (4.0 §1)

  // 4.0 §1A: the Macedonian notes bombard or assault (and what he builds,
  // 14.2); the Tyrian allots six Engineer Points (14.3).
  Expected<std::string> allocation_line(Side side, const std::string& line, Allocation& a) {
    const std::string low = text::lower(line);
    const auto w = text::split(low);
    if (side == Side::Macedonian) {
      if (w.size() == 1 && (w[0] == "bombard" || w[0] == "assault")) {
        if (a.plan) return fail("one plan per Game-Turn: bombard or assault (4.0)");
        a.plan = true;
        return std::string(w[0]);
      }
      if (w.size() == 2 && w[0] == "build" && (w[1] == "catapult" || w[1] == "ram")) {
        if (a.build) return fail("one catapult or battering ram per Game-Turn (14.21)");
        a.build = true;
        return "build " + std::string(w[1]);
      }
      return fail(
          "the Macedonian plans 'bombard' or 'assault', and may 'build catapult' or "
          "'build ram' (4.0, 14.2)");
    }
    if (w.size() == 3 && w[0] == "repair" && w[1] == "wall") {
      const auto h = hex::parse_hex(w[2]);
      if (!h || !is_wall(terrain(*h))) return fail("'" + std::string(w[2]) + "' is not a wall hex");
      if (!walls_.count(*h))
        return fail("the wall at " + std::string(w[2]) + " is not damaged (7.3)");
      a.points += 1;
      return "repair wall " + hex::format_hex(*h);
    }
    if (w.size() == 3 && w[0] == "repair" && w[1] == "ship") {
      const std::string id = text::upper(w[2]);
      const auto s = ships_.find(id);
      if (s == ships_.end() || s->second.side != Side::Tyrian || s->second.sunk ||
          !s->second.on_map)
        return fail("there is no Tyrian ship " + id + " afloat");
      if (!s->second.damaged) return fail(id + " is not damaged (14.32)");
      a.points += 2;
      return "repair ship " + id;
    }
    if (w.size() == 2 && w[0] == "boulders") {
      const auto h = hex::parse_hex(w[1]);
      if (!h || terrain(*h) != Terrain::Beach) return fail("boulders go into a beach hex (14.31)");
      if (boulders_.count(*h)) return fail(hex::format_hex(*h) + " already has boulders");
      if (!next_to(*h, [&](HexId n) { return is_wall(terrain(n)); }))
        return fail("boulders are dropped from a wall hex next to the beach (14.31)");
      a.points += 2;
      a.boulder_points += 2;
      if (a.boulder_points > 4)
        return fail(
            "at most four Engineer Points go to boulder mining a Game-Turn (addenda 14.31)");
      return "boulders " + hex::format_hex(*h);
    }
    return fail(
        "the Tyrian allots Engineer Points: 'repair wall HEX' (1), 'repair ship SHIP' (2), "
        "'boulders HEX' (2) (14.3)");
  }

  template <class F>
  bool next_to(HexId h, F pred) const {
    for (int k = 0; k < 6; ++k) {
      if (pred(hex::neighbour(h, static_cast<Dir>(k)))) return true;
    }
    return false;
  }

  Expected<std::string> check_allocation(Side side, const std::string& line, Allocation& a) {
    auto r = allocation_line(side, line, a);
    if (r && a.points > kEngineerPoints)
      return fail("the Tyrian has six Engineer Points a Game-Turn (14.3)");
    if (r && side == Side::Macedonian && *r == "assault" && turn_ > kLastTurn)
      return fail("the game is over");
    return r;
  }

  // 4.0 §1B, §1C: the construction segments, after both plans are noted.
  void play_planning(const std::map<PlayerId, OrderSet>& orders) {
    plan_ = "bombard";
    std::vector<std::string> mac, tyr;
    if (auto it = orders.find(PlayerId{1}); it != orders.end()) mac = it->second.lines;
    if (auto it = orders.find(PlayerId{0}); it != orders.end()) tyr = it->second.lines;
    for (const auto& l : mac) {
      if (l == "assault" || l == "bombard") plan_ = l;
    }
    say("the Macedonian plans to " + plan_ + " this Game-Turn (4.0)");
    macedonian_construction(mac);
    return_repaired_ships();
    for (const auto& l : tyr) tyrian_engineering(l);
  }

  void macedonian_construction(const std::vector<std::string>& lines) {
    // 14.12: one roll a Game-Turn; 4-6 extends the mole.
    const auto& seq = sc_->siege.mole_sequence();
    mole_grew_ = false;
    if (mole_.size() < seq.size()) {
      const int roll = dice_->roll(6, "mole construction, Game-Turn " + std::to_string(turn_));
      Event e{"", {dice_->log().back()}};
      if (roll >= 4) {
        const HexId h = seq[mole_.size()];
        mole_.insert(h);
        mole_grew_ = true;
        e.text = "the mole is extended to " + hex::format_hex(h) + " (14.12: 4-6)";
      } else {
        e.text = "no progress on the mole this Game-Turn (14.12: needed 4-6)";
      }
      events_->push_back(std::move(e));
    }
    for (const auto& l : lines) {
      if (l.rfind("build ", 0) != 0) continue;
      const bool cat = l == "build catapult";
      const std::string prefix = cat ? "Cat" : "Ram";
      int n = 1;
      while (engines_.count(prefix + std::to_string(n))) ++n;
      const std::string id = prefix + std::to_string(n);
      engines_[id] =
          Engine{id, cat ? EngineKind::Catapult : EngineKind::Ram, Where::Off, {}, "", 0, 0, {}, 0};
      say("the Macedonian builds " + std::string(cat ? "a catapult" : "a battering ram") + ", " +
          id + ", in the siege park (14.21)");
    }
  }

  // 14.32: a ship repaired last Game-Turn returns at full strength.
  void return_repaired_ships() {
    for (auto& [id, s] : ships_) {
      if (!s.repairing) continue;
      s.repairing = false;
      s.damaged = false;
      if (const auto h = free_home_hex(Side::Tyrian)) {
        s.on_map = true;
        s.hex = *h;
        s.facing = Dir::N;
        say(id + " returns from repair at full strength, at " + hex::format_hex(*h) + " (14.32)");
      }
    }
  }

  std::optional<HexId> free_home_hex(Side side) const {
    for (const HexId h : sc_->map.all_hexes()) {
      if (home_hex(side, h) && !ship_at(h)) return h;
    }
    return std::nullopt;
  }

  void tyrian_engineering(const std::string& line) {
    const auto w = text::split(line);
    if (w.size() == 3 && w[1] == "ship") {
      Ship& s = ships_.at(std::string(w[2]));
      s.repairing = true;
      s.on_map = false;
      free_pin(s);
      say(s.id + " is taken out of the water for repair; it returns next Game-Turn (14.32)");
    } else if (w.size() == 2 && w[0] == "boulders") {
      const HexId h = *hex::parse_hex(w[1]);
      boulders_.insert(h);
      say("boulders are dropped into the beach at " + hex::format_hex(h) +
          ": +2 to its grounding number (14.31)");
    } else if (w.size() == 3 && w[1] == "wall") {
      repair_wall(*hex::parse_hex(w[2]));
    }
  }

  // 7.3: one roll on the Wall Repair Table per Engineer Point.
  void repair_wall(HexId h) {
    const int roll = dice_->roll(6, "wall repair at " + hex::format_hex(h));
    const int before = walls_.count(h) ? walls_[h] : 0;
    const int after = std::max(0, before - sc_->siege.repair(roll));  // 7.32: never negative
    if (after == 0)
      walls_.erase(h);
    else
      walls_[h] = after;
    events_->push_back(Event{"wall repair at " + hex::format_hex(h) + ": breach damage " +
                                 std::to_string(before) + " -> " + std::to_string(after) + " (7.7)",
                             {dice_->log().back()}});
  }

  // ------------------------------------------------------------ strategic movement (9.16, 9.17)

  bool on_mainland(HexId h) const {
    const Terrain t = terrain(h);
    return t == Terrain::Mainland || t == Terrain::MainlandPort || t == Terrain::Mole;
  }

  Expected<std::string> strategic_line(Side side, const std::string& line,
                                       std::set<std::string>& ordered) {
    const auto w = text::split(line, " \t,:");
    if (w.size() >= 2 && text::lower(w[0]) == "load" &&
        (w.size() == 4 && text::lower(w[2]) == "on"))
      return load_line(side, std::string(w[1]), std::string(w[3]), ordered);
    if (w.size() >= 2 && text::lower(w[0]) == "unload") return unload_line(side, w, ordered);
    if (w.size() == 3 && (text::lower(w[1]) == "at" || text::lower(w[1]) == "to")) {
      const std::string id = piece_id(w[0]);
      if (id.empty() || piece_side(id) != side)
        return fail("you have no piece '" + std::string(w[0]) + "'");
      if (!ordered.insert(id).second) return fail("a second order for " + id);
      const auto h = hex::parse_hex(w[2]);
      if (!h) return fail("'" + std::string(w[2]) + "' is not a hex");
      if (side == Side::Macedonian) return relocate_macedonian(id, *h);
      return tyrian_strategic(id, *h);
    }
    return fail(
        side == Side::Macedonian
            ? "strategic movement: 'load PIECE on SHIP', 'unload PIECE [at HEX]', 'PIECE: at "
              "HEX' (towers and fire units, 13.15, 9.17)"
            : "strategic movement: 'UNIT: to HEX' (twice the allowance, 9.16), 'CATAPULT: "
              "at HEX' (9.17), 'load Azemilk on SHIP'");
  }

  // 8.1, 8.2, 9.16: loading in the mainland harbour during strategic movement.
  Expected<std::string> load_line(Side side, const std::string& word, const std::string& ship_word,
                                  std::set<std::string>& ordered) {
    const std::string id = piece_id(word);
    const std::string sid = text::upper(ship_word);
    if (id.empty() || piece_side(id) != side) return fail("you have no piece '" + word + "'");
    const auto s = ships_.find(sid);
    if (s == ships_.end() || s->second.side != side || s->second.sunk || !s->second.on_map)
      return fail("you have no ship " + sid + " on the map");
    if (!ordered.insert(id).second) return fail("a second order for " + id);
    if (!home_hex(side, s->second.hex))
      return fail(sid + " is not in a " +
                  std::string(side == Side::Tyrian ? "Tyrian harbour" : "mainland harbour hex") +
                  " (9.16, 13.23)");
    if (auto why = load_problem(id, s->second)) return fail(*why);
    if (auto u = units_.find(id); u != units_.end()) {
      u->second.at = Where::Ship;
      u->second.ship = sid;
    } else if (auto e = engines_.find(id); e != engines_.end()) {
      e->second.at = Where::Ship;
      e->second.ship = sid;
    } else if (leaders_.count(id)) {
      set_aboard_naval(id, sid);
    } else {
      auto& l = lleaders_.at(id);
      l.at = Where::Ship;
      l.ship = sid;
    }
    return "load " + id + " on " + sid;
  }

  std::optional<std::string> load_problem(const std::string& id, const Ship& s) const {
    const Cargo c = cargo(s.id);
    const int leaders = static_cast<int>(c.leaders.size()) + naval_leaders_aboard(s.id);
    if (auto u = units_.find(id); u != units_.end()) {
      if (plan_ != "assault") return "land units go aboard only for an assault (8.12)";
      if (u->second.at != Where::Hex || !on_mainland(u->second.hex))
        return id + " is not on the mainland (9.16)";
      const std::size_t room = s.damaged ? 1 : 2;  // 8.21 and the addenda
      if (c.units.size() >= room)
        return s.id + " carries " + std::to_string(room) + " land unit(s) at most (8.21)";
      return std::nullopt;
    }
    if (auto e = engines_.find(id); e != engines_.end()) {
      if (e->second.kind == EngineKind::Tower || e->second.kind == EngineKind::TyrianCatapult)
        return id + " cannot go aboard a ship (13.0)";
      if (e->second.at != Where::Off) return id + " is not in the siege park";
      if (plan_ != "bombard") return "catapults and rams go aboard only to bombard (8.22)";
      if (s.damaged) return "only a full-strength ship carries a catapult or ram (8.11)";
      if (!c.engines.empty() || leaders > 0) return s.id + " already carries one load (8.11)";
      return std::nullopt;
    }
    const bool naval = leaders_.count(id) > 0;
    const auto l = lleaders_.find(id);
    if (naval && leaders_.at(id).drowned) return id + " is dead";
    if (!naval && l->second.at != Where::Hex) return id + " is not ashore";
    if (l != lleaders_.end() && l->second.at == Where::Hex && !on_mainland(l->second.hex) &&
        s.side == Side::Macedonian)
      return id + " is not on the mainland (9.16)";
    if (!naval && plan_ != "assault" && s.side == Side::Macedonian)
      return "land leaders go aboard only for an assault (8.12)";
    if (s.side == Side::Macedonian && plan_ == "bombard" && (!c.engines.empty() || leaders > 0))
      return s.id + " already carries one load (8.11)";
    if (leaders > 0 && !(naval && leaders_.at(id).ship == s.id))
      return s.id + " already carries a leader (8.21)";
    return std::nullopt;
  }

  Expected<std::string> unload_line(Side side, const std::vector<std::string_view>& w,
                                    std::set<std::string>& ordered) {
    const std::string id = piece_id(w[1]);
    if (id.empty() || piece_side(id) != side)
      return fail("you have no piece '" + std::string(w[1]) + "'");
    if (!ordered.insert(id).second) return fail("a second order for " + id);
    if (auto e = engines_.find(id); e != engines_.end() && w.size() == 2) {
      if (e->second.at != Where::Ship) return fail(id + " is not aboard a ship");
      if (!home_hex(side, ships_.at(e->second.ship).hex))
        return fail(e->second.ship + " is not in the mainland harbour");
      e->second.at = Where::Off;
      e->second.ship.clear();
      return "unload " + id;
    }
    if (w.size() != 4 || text::lower(w[2]) != "at")
      return fail("'unload UNIT at HEX' (or 'unload CATAPULT')");
    const auto h = hex::parse_hex(w[3]);
    const auto u = units_.find(id);
    const auto l = lleaders_.find(id);
    const std::string ship = u != units_.end()      ? u->second.ship
                             : l != lleaders_.end() ? l->second.ship
                                                    : "";
    if (ship.empty() || (u != units_.end() && u->second.at != Where::Ship) ||
        (l != lleaders_.end() && l->second.at != Where::Ship))
      return fail(id + " is not aboard a ship");
    if (!h || !on_mainland(*h) || terrain(*h) == Terrain::Mole)
      return fail("land units go ashore on the mainland (9.16)");
    if (!home_hex(side, ships_.at(ship).hex)) return fail(ship + " is not in the mainland harbour");
    place_piece(id, *h);
    return "unload " + id + " at " + hex::format_hex(*h);
  }

  // 13.15, 9.17, 14.12: towers and fire units anywhere on the mainland or the
  // mole; after the mole has grown, one other unit into a tower's hex.
  Expected<std::string> relocate_macedonian(const std::string& id, HexId h) {
    if (!on_mainland(h))
      return fail(hex::format_hex(h) + " is not on the mainland or the mole (13.15)");
    const auto u = units_.find(id);
    const auto e = engines_.find(id);
    const bool tower = e != engines_.end() && e->second.kind == EngineKind::Tower;
    const bool fire = u != units_.end() && u->second.t.kind != UnitKind::Melee;
    if (!tower && !fire) {
      if (u == units_.end() || !mole_grew_ || relocated_melee_ || !has_tower(h))
        return fail(
            "only siege towers and fire units relocate in strategic movement (13.15, 9.17); "
            "after the mole grows, one unit may join a tower (14.12)");
      relocated_melee_ = true;
    }
    if ((u != units_.end() && u->second.at != Where::Hex) ||
        (e != engines_.end() && e->second.at != Where::Hex))
      return fail(id + " is not on the mainland");
    place_piece(id, h);
    return id + ": at " + hex::format_hex(h);
  }

  Expected<std::string> tyrian_strategic(const std::string& id, HexId h) {
    if (auto e = engines_.find(id); e != engines_.end()) {
      if (!is_island(terrain(h)) || terrain(h) == Terrain::Beach)
        return fail("Tyrian catapults go anywhere on or within the walls (9.17, 13.43)");
      if (e->second.at == Where::Dead) return fail(id + " has been destroyed");
      place_piece(id, h);
      return id + ": at " + hex::format_hex(h);
    }
    if (auto l = lleaders_.find(id); l != lleaders_.end() && l->second.at == Where::Ship) {
      // King Azemilk goes ashore from his ship in a Tyrian harbour.
      const HexId from = ships_.at(l->second.ship).hex;
      if (hex::distance(from, h) != 1 || !is_island(terrain(h)))
        return fail(id + " goes ashore into a land hex next to his ship");
      set_aboard_naval(id, "");
      place_piece(id, h);
      return id + ": at " + hex::format_hex(h);
    }
    // 9.16: land units move up to twice their allowance, without leaders.
    auto path = land_path(id, h, /*strategic=*/true);
    if (!path) return fail(path.error().message);
    execute_land_move(id, *path);
    return id + ": to " + hex::format_hex(h);
  }
  // ============================================================ bombardment (7.0, 13.0)

  const Engine* engine_aboard(const Ship& s, EngineKind k) const {
    for (const auto& id : cargo(s.id).engines) {
      if (engines_.at(id).kind == k) return &engines_.at(id);
    }
    return nullptr;
  }

  // 7.11-7.15, 13.2, 13.3: "SHIP: bombard HEX" (catapult) or "SHIP: batter HEX" (ram).
  Expected<std::string> bombard_line(const std::string& line, std::set<std::string>& ordered) {
    auto parts = split_line(line);
    if (!parts) return fail("a bombardment is 'SHIP: bombard HEX' or 'SHIP: batter HEX' (7.1)");
    const auto& [id, rest] = *parts;
    const std::string low = text::lower(rest);
    const auto w = text::split(low);
    const auto h = w.size() == 2 ? hex::parse_hex(w[1]) : std::nullopt;
    if (!h || (w[0] != "bombard" && w[0] != "batter"))
      return fail("a bombardment is 'SHIP: bombard HEX' or 'SHIP: batter HEX' (7.1)");
    Ship* s = own_ship(Side::Macedonian, id);
    if (!s || !s->on_map) return fail(ship_problem(Side::Macedonian, id));
    if (!ordered.insert(id).second) return fail("a second order for " + id);
    if (!is_wall(terrain(*h))) return fail(hex::format_hex(*h) + " is not a wall hex (7.1)");
    if (w[0] == "bombard") {
      const Engine* e = engine_aboard(*s, EngineKind::Catapult);
      if (!e) return fail(id + " carries no catapult");
      if (hex::distance(s->hex, *h) > 4)
        return fail("a catapult bombards at four hexes at most (7.13)");
      if (e->target_turn == turn_ && e->target != *h)
        return fail(e->id + " bombards " + hex::format_hex(e->target) + " this Game-Turn (7.12)");
      return id + ": bombard " + hex::format_hex(*h);
    }
    const Engine* e = engine_aboard(*s, EngineKind::Ram);
    if (!e) return fail(id + " carries no battering ram");
    if (terrain(s->hex) != Terrain::Sea)
      return fail("a battering ram works from an all-sea hex (7.14, 13.32)");
    if (hex::neighbour(s->hex, s->facing) != *h || terrain(*h) != Terrain::PrimaryWall)
      return fail(id + " must be next to and facing a primary wall hex to batter it (7.14)");
    if (e->turn_uses >= 2) return fail(e->id + " has battered twice this Game-Turn (7.14)");
    return id + ": batter " + hex::format_hex(*h);
  }

  // 7.11: all allocations are made before any roll; then each is rolled alone.
  void play_bombardment(const OrderSet& orders) {
    for (const std::string& line : orders.lines) {
      const auto [id, rest] = *split_line(line);
      const auto w = text::split(rest);
      const HexId h = *hex::parse_hex(w[1]);
      const Ship& s = ships_.at(id);
      const bool cat = w[0] == "bombard";
      Engine& e = engines_.at(engine_aboard(s, cat ? EngineKind::Catapult : EngineKind::Ram)->id);
      const bool secondary = terrain(h) == Terrain::SecondaryWall;
      const int roll = dice_->roll(
          6, (cat ? "bombardment of " : "battering of ") + hex::format_hex(h) + " by " + e.id);
      const int die = std::min(6, roll + (secondary ? 1 : 0));  // 7.15
      const int points = cat ? sc_->siege.bombard(die) : sc_->siege.batter(die);
      if (cat) {
        e.target = h;
        e.target_turn = turn_;
      } else {
        ++e.turn_uses;
      }
      const int before = walls_.count(h) ? walls_[h] : 0;
      const int after = std::min(kBreach, before + points);
      if (after > 0) walls_[h] = after;
      std::string text =
          e.id + " on " + id + (cat ? " bombards " : " batters ") + hex::format_hex(h) +
          (secondary ? " (secondary wall: +1 to the roll)" : "") + ": " + std::to_string(points) +
          " breach point(s), damage " + std::to_string(before) + " -> " + std::to_string(after) +
          (cat ? " (7.4)" : " (7.5)");
      if (after >= kBreach && before < kBreach) text += "; the wall is BREACHED (7.15)";
      events_->push_back(Event{text, {dice_->log().back()}});
    }
  }

  bool on_wall(const Engine& e) const { return e.at == Where::Hex && is_wall(terrain(e.hex)); }

  // 7.2, 13.42 and (assault) 4.0 §3D: "CATAPULT: fire SHIP".
  Expected<std::string> counter_line(const std::string& line, std::set<std::string>& ordered) {
    auto parts = split_line(line);
    const std::string low = parts ? text::lower(parts->second) : std::string();
    const auto w = text::split(low);
    if (!parts || w.size() != 2 || w[0] != "fire")
      return fail("counter-bombardment is 'CATAPULT: fire SHIP' (7.2)");
    const std::string id = piece_id(parts->first);
    const auto e = engines_.find(id);
    if (e == engines_.end() || e->second.kind != EngineKind::TyrianCatapult ||
        e->second.at == Where::Dead)
      return fail("you have no catapult '" + parts->first + "'");
    if (!ordered.insert(id).second) return fail(id + " fires once per segment (7.12)");
    if (!on_wall(e->second)) return fail(id + " is not on a wall hex (7.22)");
    const std::string sid = text::upper(w[1]);
    const auto s = ships_.find(sid);
    if (s == ships_.end() || s->second.side != Side::Macedonian || !s->second.on_map ||
        s->second.sunk)
      return fail("there is no Macedonian ship " + sid + " on the map");
    if (hex::distance(e->second.hex, s->second.hex) > 4)
      return fail("Tyrian catapults reach four hexes (7.22)");
    const Cargo c = cargo(sid);
    if (seg_ == Segment::TyrBombard && c.engines.empty())
      return fail(sid + " carries no catapult or battering ram (7.21, 7.23)");
    if (seg_ == Segment::AssaultBombard && c.units.empty())
      return fail(sid + " carries no land units (4.0 §3D)");
    return id + ": fire " + sid;
  }

  void play_counter(const OrderSet& orders) {
    std::vector<std::pair<std::string, std::pair<WallEffect, WallEffect>>> results;
    for (const std::string& line : orders.lines) {
      const auto [word, rest] = *split_line(line);
      const std::string id = piece_id(word);
      const std::string sid(text::split(rest)[1]);
      const int roll = dice_->roll(6, "counter-bombardment of " + sid + " by " + id);
      const auto effect = sc_->siege.counter(roll);
      engines_.at(id).used_in = abs_impulse();  // addenda 13.41
      const char* names[] = {"no effect", "damaged", "eliminated"};
      events_->push_back(Event{id + " fires at " + sid + ": ship " +
                                   names[static_cast<int>(effect.first)] + ", cargo " +
                                   names[static_cast<int>(effect.second)] + " (7.6)",
                               {dice_->log().back()}});
      results.emplace_back(sid, effect);
    }
    for (const auto& [sid, effect] : results) {
      Ship& s = ships_.at(sid);
      if (s.sunk) continue;
      if (effect.second == WallEffect::Eliminated) {
        for (const auto& eid : cargo(sid).engines) {
          engines_.at(eid).at = Where::Dead;
          say(eid + " aboard " + sid + " is destroyed (7.6)");
        }
      }
      if (effect.first == WallEffect::Damaged) damage(s);
      if (effect.first == WallEffect::Eliminated) sink(s);
    }
  }
  // ============================================================ land movement (9.0, 10.0, 15.1)

  // Where a land piece is: its hex, or the hex of the ship carrying it.
  std::optional<HexId> piece_hex(const std::string& id) const {
    Where at = Where::Off;
    HexId h{};
    std::string ship;
    if (auto u = units_.find(id); u != units_.end()) {
      at = u->second.at, h = u->second.hex, ship = u->second.ship;
    } else if (auto l = lleaders_.find(id); l != lleaders_.end()) {
      at = l->second.at, h = l->second.hex, ship = l->second.ship;
    } else {
      return std::nullopt;
    }
    if (at == Where::Hex) return h;
    if (at == Where::Ship) {
      const Ship& s = ships_.at(ship);
      if (s.on_map && !s.sunk) return s.hex;
    }
    return std::nullopt;
  }

  bool is_leader(const std::string& id) const { return lleaders_.count(id) > 0; }

  // 15.1, 15.11: hexes within `radius` of a leader, traced through land hexes
  // free of enemy combat units and of their zones of control (friendly
  // combat units negate the zone in their hex).
  std::set<HexId> command_area(const LandLeader& l, int radius) const {
    std::set<HexId> out;
    const auto start = piece_hex(l.t.id);
    if (!start) return out;
    const Side side = l.t.side;
    std::deque<std::pair<HexId, int>> frontier{{*start, 0}};
    out.insert(*start);
    while (!frontier.empty()) {
      auto [h, d] = frontier.front();
      frontier.pop_front();
      if (d == radius) continue;
      for (int k = 0; k < 6; ++k) {
        const HexId n = hex::neighbour(h, static_cast<Dir>(k));
        if (out.count(n)) continue;
        const auto who = combat_unit(n);
        if (who == enemy(side)) continue;
        out.insert(n);  // the unit's own hex counts even if it is not land (aboard)
        if (!is_land(terrain(n))) continue;
        if (who != side && enemy_controlled(*this, side, n)) continue;
        frontier.emplace_back(n, d + 1);
      }
    }
    return out;
  }

  bool in_command(const std::string& unit, int times) const {
    const LandUnit& u = units_.at(unit);
    const auto h = piece_hex(unit);
    if (!h) return false;
    for (const auto& [id, l] : lleaders_) {
      if (l.t.side != u.t.side || !l.t.commands(u.t.contingent) || !piece_hex(id)) continue;
      if (l.at == Where::Ship && u.at == Where::Ship && l.ship == u.ship) return true;
      if (command_area(l, l.t.radius * times).count(*h)) return true;
    }
    return false;
  }

  // 9.15, 9.16, 9.4, 15.12: the allowance in half points.
  int land_allowance(const std::string& id, bool strategic) const {
    if (is_leader(id)) return lleaders_.at(id).t.move * 2 * (strategic ? 2 : 1);
    const int mp = units_.at(id).t.move;
    if (strategic) return mp * 4;
    return in_command(id, 2) ? mp * 2 : (mp / 2) * 2;
  }

  // The first step of a unit going ashore from its ship (8.31, 8.32).
  std::optional<int> disembark_cost(const Ship& s, HexId to) const {
    if (to != s.hex && hex::distance(s.hex, to) != 1) return std::nullopt;
    const Terrain t = terrain(to);
    if (t == Terrain::Beach) {
      // 8.31: a beach next to a secondary wall or a breached primary wall.
      if (next_to(to, [&](HexId n) {
            return terrain(n) == Terrain::SecondaryWall ||
                   (terrain(n) == Terrain::PrimaryWall && breached(n));
          }))
        return 4;
      return std::nullopt;
    }
    if (t == Terrain::Sea &&
        next_to(to, [&](HexId n) { return terrain(n) == Terrain::PrimaryWall && breached(n); }))
      return 4;  // 8.32: wading ashore
    return std::nullopt;
  }

  // Why a piece of `side` may not end a step in `h` (9.12), or "".
  std::string enter_problem(const std::string& id, Side side, HexId h) const {
    if (combat_unit(h) == enemy(side))
      return "hex " + hex::format_hex(h) + " holds an enemy combat unit (9.12)";
    if (is_leader(id)) {
      for (const auto& [lid, l] : lleaders_) {
        if (l.at == Where::Hex && l.hex == h && l.t.side != side)
          return "a leader may not enter a hex with an enemy leader (9.12)";
      }
      const Engine* e = engine_at(h);
      if (e && side_of(e->kind) != side)
        return "a leader may not enter a hex with an enemy siege unit (9.12)";
    }
    return "";
  }

  // The cheapest legal path to `goal` (Dijkstra over half points), or why none.
  Expected<std::vector<HexId>> land_path(const std::string& id, HexId goal, bool strategic) const {
    const Side side = *piece_side(id);
    const auto start = piece_hex(id);
    if (!start) return fail(id + " is not on the map");
    const bool aboard =
        !is_leader(id) ? units_.at(id).at == Where::Ship : lleaders_.at(id).at == Where::Ship;
    const int budget = land_allowance(id, strategic);
    if (aboard && goal == *start) {  // disembarking into the beach hex the ship is in
      const Ship& s = ships_.at(is_leader(id) ? lleaders_.at(id).ship : units_.at(id).ship);
      if (disembark_cost(s, goal) && budget >= 4) return std::vector<HexId>{goal};
      return fail(id + " cannot go ashore at " + hex::format_hex(goal) + " (8.31)");
    }
    using Node = std::pair<int, HexId>;
    std::map<HexId, int> best{{*start, 0}};
    std::map<HexId, HexId> came;
    std::set<Node> open{{0, *start}};
    std::set<HexId> done;
    const bool start_controlled = !aboard && enemy_controlled(*this, side, *start);
    while (!open.empty()) {
      const auto [cost, h] = *open.begin();
      open.erase(open.begin());
      if (!done.insert(h).second) continue;
      if (h == goal && h != *start) break;
      const bool first = h == *start;
      if (!first && enemy_controlled(*this, side, h)) continue;  // 10.21: it stops there
      std::vector<HexId> next;
      for (int k = 0; k < 6; ++k) next.push_back(hex::neighbour(h, static_cast<Dir>(k)));
      for (const HexId n : next) {
        std::optional<int> step;
        if (first && aboard)
          step = disembark_cost(
              ships_.at(is_leader(id) ? lleaders_.at(id).ship : units_.at(id).ship), n);
        else
          step = move_cost_halves(*this, side, h, n);
        if (!step || !enter_problem(id, side, n).empty()) continue;
        if (first && start_controlled && enemy_controlled(*this, side, n)) continue;  // 10.22
        const int c = cost + *step;
        if (c > budget) continue;  // 9.26
        const HexId key = n;
        if (best.count(key) && best[key] <= c) continue;
        best[key] = c;
        came[key] = h;
        open.insert({c, key});
      }
    }
    if (!best.count(goal) || goal == *start)
      return fail(id + " cannot reach " + hex::format_hex(goal) + " this segment (" +
                  std::to_string(budget / 2) + (budget % 2 ? ".5" : "") + " MP; 9.0, 10.2)");
    std::vector<HexId> path{goal};
    while (came.count(path.back()) && came[path.back()] != *start)
      path.push_back(came[path.back()]);
    std::reverse(path.begin(), path.end());
    return path;
  }

  // Checks a path given hex by hex ("Hyp1: 3620 3721").
  std::optional<std::string> check_path(const std::string& id,
                                        const std::vector<HexId>& path) const {
    const Side side = *piece_side(id);
    const auto start = piece_hex(id);
    if (!start) return id + " is not on the map";
    const bool aboard =
        !is_leader(id) ? units_.at(id).at == Where::Ship : lleaders_.at(id).at == Where::Ship;
    int spent = 0;
    HexId at = *start;
    const bool start_controlled = !aboard && enemy_controlled(*this, side, at);
    for (std::size_t i = 0; i < path.size(); ++i) {
      const HexId n = path[i];
      if (i > 0 && enemy_controlled(*this, side, at))
        return id + " stops on entering the enemy-controlled " + hex::format_hex(at) + " (10.21)";
      std::optional<int> step;
      if (i == 0 && aboard)
        step = disembark_cost(ships_.at(is_leader(id) ? lleaders_.at(id).ship : units_.at(id).ship),
                              n);
      else
        step = move_cost_halves(*this, side, at, n);
      if (!step)
        return id + " may not move from " + hex::format_hex(at) + " into " + hex::format_hex(n) +
               " (9.2, 9.28, 8.3)";
      if (auto why = enter_problem(id, side, n); !why.empty()) return why;
      if (i == 0 && start_controlled && enemy_controlled(*this, side, n))
        return id + " starts in an enemy zone of control and must first leave it (10.22)";
      spent += *step;
      at = n;
    }
    const int budget = land_allowance(id, false);
    if (spent > budget)
      return id + " needs " + std::to_string(spent / 2) + (spent % 2 ? ".5" : "") + " MP but has " +
             std::to_string(budget / 2) + (budget % 2 ? ".5" : "") + " (9.15, 15.12)";
    return std::nullopt;
  }

  Expected<std::string> land_move_line(Side side, const std::string& line,
                                       std::set<std::string>& ordered, bool execute) {
    auto parts = split_line(line);
    if (!parts) return fail("a land move is 'UNIT: to HEX' or 'UNIT: HEX HEX ...' (9.1)");
    const std::string id = piece_id(parts->first);
    if (id.empty() || piece_side(id) != side || (!units_.count(id) && !lleaders_.count(id)))
      return fail("you have no land unit or leader '" + parts->first + "'");
    if (!ordered.insert(id).second) return fail("a second order for " + id);
    if (is_leader(id) && lleaders_.at(id).at == Where::Off) return fail(id + " is out of play");
    if (is_leader(id) && leaders_.count(id) && lleaders_.at(id).at == Where::Ship &&
        side == Side::Tyrian)
      return fail(id + " is aboard a ship; he goes ashore in strategic movement");
    const auto w = text::split(parts->second);
    std::vector<HexId> path;
    if (w.size() == 2 && text::lower(w[0]) == "to") {
      const auto h = hex::parse_hex(w[1]);
      if (!h) return fail("'" + std::string(w[1]) + "' is not a hex");
      auto p = land_path(id, *h, false);
      if (!p) return fail(p.error().message);
      path = *p;
    } else {
      for (auto x : w) {
        const auto h = hex::parse_hex(x);
        if (!h)
          return fail("'" + std::string(x) +
                      "' is not a hex; a land move is 'UNIT: to HEX' or 'UNIT: HEX HEX ...'");
        path.push_back(*h);
      }
      if (path.empty()) return fail("no hexes for " + id);
      if (auto why = check_path(id, path)) return fail(*why);
    }
    std::vector<std::string> hexes;
    for (const HexId h : path) hexes.push_back(hex::format_hex(h));
    if (execute)
      execute_land_move(id, path);
    else
      place_piece(id, path.back());
    return id + ": " + text::join(hexes, " ");
  }

  void execute_land_move(const std::string& id, const std::vector<HexId>& path) {
    const Side side = *piece_side(id);
    const bool unit = units_.count(id) > 0;
    std::string ship = unit ? units_.at(id).ship : lleaders_.at(id).ship;
    const bool aboard = unit ? units_.at(id).at == Where::Ship : lleaders_.at(id).at == Where::Ship;
    if (aboard && !ground_to_disembark(ships_.at(ship), path.front())) return;
    if (aboard && leaders_.count(id)) set_aboard_naval(id, "");
    const HexId from = *piece_hex(id);
    place_piece(id, path.back());
    if (unit) units_.at(id).waded_from = terrain(path.back()) == Terrain::Sea ? ship : "";
    for (const HexId h : path) entered(id, side, h);
    say(id + " moves " + hex::format_hex(from) + (aboard ? " (from " + ship + ")" : "") + " -> " +
        hex::format_hex(path.back()));
  }

  // 8.31, 9.31: the first landing from a ship onto a beach rolls for grounding.
  bool ground_to_disembark(Ship& s, HexId to) {
    if (terrain(to) != Terrain::Beach || s.beached || !dice_) return true;
    s.beached = true;
    const int g = sc_->map.grounding(to).value_or(0) + (boulders_.count(to) ? 2 : 0);  // 14.31
    const int roll =
        dice_->roll(6, "grounding of " + s.id + " landing troops at " + hex::format_hex(to));
    if (roll <= g) {
      events_->push_back(Event{s.id + " runs aground landing troops at " + hex::format_hex(to) +
                                   " (" + std::to_string(roll) + " <= grounding " +
                                   std::to_string(g) +
                                   "): the ship and the men aboard are lost (8.31, 9.31)",
                               {dice_->log().back()}});
      sink(s);
      return false;
    }
    events_->push_back(Event{s.id + " is beached safely at " + hex::format_hex(to) + " (8.31: " +
                                 std::to_string(roll) + " > grounding " + std::to_string(g) + ")",
                             {dice_->log().back()}});
    return true;
  }

  // What entering a hex does: enemy leaders and siege units alone there are
  // lost (9.12, 13.43, Leader Loss Procedure); army morale (12.31, 12.34).
  void entered(const std::string& id, Side side, HexId h) {
    if (!units_.count(id)) return;
    for (auto& [lid, l] : lleaders_) {
      if (l.at == Where::Hex && l.hex == h && l.t.side != side)
        kill_leader(lid, "an enemy combat unit entered his hex alone (Leader Loss Procedure)");
    }
    for (auto& [eid, e] : engines_) {
      if (e.at == Where::Hex && e.hex == h && side_of(e.kind) != side) {
        e.at = Where::Dead;
        say(std::string(kind_name(e.kind)) + " " + eid + " is destroyed by " + id +
            " (9.12, 13.43)");
      }
    }
    if (side != Side::Macedonian) return;
    const Terrain t = terrain(h);
    if (!entered_city_ && (t == Terrain::City || t == Terrain::Temple || t == Terrain::Agenorium)) {
      entered_city_ = true;
      morale_[1] += 1;
      say("the Macedonians are inside the city: Macedonian army morale +1 (12.31)");
    }
    if (!objective_entered_ && (t == Terrain::Temple || t == Terrain::Agenorium)) {
      objective_entered_ = true;
      morale_[0] -= 1;
      say(std::string(t == Terrain::Temple ? "the Temple of Hercules" : "the Agenorium") +
          " is entered: Tyrian army morale -1 (12.34)");
    }
  }

  // 9.5: one combat unit, one leader, one siege unit per hex.
  std::optional<std::string> stacking_problem(Side side) const {
    std::map<HexId, std::array<int, 3>> count;
    for (const auto& [id, u] : units_) {
      if (u.at == Where::Hex && u.t.side == side && ++count[u.hex][0] > 1)
        return "two combat units in " + hex::format_hex(u.hex) + " (9.51)";
    }
    for (const auto& [id, l] : lleaders_) {
      if (l.at == Where::Hex && l.t.side == side && ++count[l.hex][1] > 1)
        return "two leaders in " + hex::format_hex(l.hex) + " (9.52)";
    }
    for (const auto& [id, e] : engines_) {
      if (e.at == Where::Hex && side_of(e.kind) == side && ++count[e.hex][2] > 1)
        return "two siege units in " + hex::format_hex(e.hex) + " (9.53)";
    }
    return std::nullopt;
  }

  // ------------------------------------------------------------ losses

  void eliminate_unit(const std::string& id, const std::string& why) {
    LandUnit& u = units_.at(id);
    if (u.at == Where::Dead) return;
    const bool ashore = u.at == Where::Hex;
    const HexId h = u.hex;
    u.at = Where::Dead;
    u.disrupted = false;
    say(id + " is eliminated: " + why);
    if (u.t.side == Side::Macedonian && ++macedonian_losses_ == 6) {
      morale_[1] -= 1;
      say("six Macedonian land units have been eliminated: Macedonian army morale -1 (12.32)");
    }
    if (!ashore) return;
    for (auto& [lid, l] : lleaders_) {
      if (l.at == Where::Hex && l.hex == h && l.t.side == u.t.side) leader_loss_procedure(lid);
    }
  }

  void kill_leader(const std::string& id, const std::string& why) {
    LandLeader& l = lleaders_.at(id);
    if (l.at == Where::Dead) return;
    l.at = Where::Dead;
    if (auto n = leaders_.find(id); n != leaders_.end()) {
      n->second.drowned = true;
      n->second.ship.clear();
    }
    say(id + " is killed: " + why);
    if (id == "Azemilk") {
      morale_[0] -= 1;
      say("King Azemilk is dead: Tyrian army morale -1 (12.33)");
    }
  }

  // 15.4, 15.41 (as the addenda and the Leader Loss Procedure read).
  void leader_loss_procedure(const std::string& id) {
    LandLeader& l = lleaders_.at(id);
    if (id == "Alexander") {
      // 15.4: Alexander goes to the nearest unit without a roll.
      if (const auto h = nearest_free_unit_hex(l.t.side, l.hex)) {
        l.hex = *h;
        say("Alexander withdraws to the unit at " + hex::format_hex(*h) + " (15.4)");
      } else {
        l.at = Where::Off;
      }
      return;
    }
    const int first = dice_->roll(6, "leader loss of " + id);
    Event e{"", {dice_->log().back()}};
    if (first <= 5) {
      const auto h = nearest_free_unit_hex(l.t.side, l.hex);
      if (h)
        l.hex = *h;
      else
        l.at = Where::Off;
      e.text = id + " escapes unharmed" +
               (h ? " to the unit at " + hex::format_hex(*h) : std::string()) + " (15.41: 1-5)";
      events_->push_back(std::move(e));
      return;
    }
    // Addenda 15.41: killed only on two 6s in succession; else out for the
    // second roll in Game-Turns, doubled for a Macedonian (Leader Loss Procedure).
    const int second = dice_->roll(6, "wound of " + id);
    e.rolls.push_back(dice_->log().back());
    if (second == 6) {
      events_->push_back(std::move(e));
      kill_leader(id, "two 6s in succession (Leader Loss Procedure, addenda 15.41)");
      return;
    }
    l.at = Where::Off;
    l.back_in = turn_ + second * (l.t.side == Side::Macedonian ? 2 : 1);
    e.text = id + " is wounded and out of play until Game-Turn " + std::to_string(l.back_in) +
             " (Leader Loss Procedure: 6 then " + std::to_string(second) + ")";
    events_->push_back(std::move(e));
  }

  std::optional<HexId> nearest_free_unit_hex(Side side, HexId from) {
    std::optional<HexId> best;
    for (const auto& [id, u] : units_) {
      if (u.at != Where::Hex || u.t.side != side || leader_in(u.hex)) continue;
      if (!best || hex::distance(u.hex, from) < hex::distance(*best, from)) best = u.hex;
    }
    return best;
  }
  // ============================================================ fire combat (11.0, 13.4)

  struct Shot {
    std::string firer;
    HexId target{};
    int rating = 0, modifier = 0;
    bool catapult = false;
  };

  // Who may fire: fire and fire-melee units not disrupted, in a hex or
  // aboard a ship (8.24), and Tyrian catapults that did not fire at a ship
  // this impulse (13.41 and the addenda).
  std::optional<HexId> firer_hex(const std::string& id, Side side) const {
    if (auto u = units_.find(id); u != units_.end()) {
      const LandUnit& x = u->second;
      if (x.t.side != side || x.t.kind == UnitKind::Melee || x.disrupted) return std::nullopt;
      return piece_hex(id);
    }
    if (auto e = engines_.find(id); e != engines_.end()) {
      const Engine& x = e->second;
      if (x.kind != EngineKind::TyrianCatapult || side != Side::Tyrian || x.at != Where::Hex ||
          x.used_in == abs_impulse())
        return std::nullopt;
      return x.hex;
    }
    return std::nullopt;
  }

  // The enemy combat units a shot at `h` can hurt: the one standing there,
  // or the fire units aboard a ship there (8.24); none beside a siege tower
  // unless the firer is a catapult (13.14).
  std::vector<std::string> fire_targets(Side side, HexId h, bool catapult) const {
    std::vector<std::string> out;
    for (const auto& [id, u] : units_) {
      if (u.t.side == side) continue;
      if (u.at == Where::Hex && u.hex == h) {
        if (u.t.side == Side::Macedonian && has_tower(h) && !catapult) continue;
        out.push_back(id);
      } else if (u.at == Where::Ship && u.t.kind != UnitKind::Melee && piece_hex(id) == h) {
        out.push_back(id);
      }
    }
    return out;
  }

  Expected<Shot> plan_shot(Side side, const std::string& id, HexId target) const {
    const auto from = firer_hex(id, side);
    if (!from) return fail(id + " cannot fire this segment (11.0, 11.23, 13.41)");
    const bool catapult = engines_.count(id) > 0;
    const int d = hex::distance(*from, target);
    const std::string row = catapult ? "catapult" : units_.at(id).t.fire_row;
    const int rating = sc_->siege.attenuation(row, d);
    if (rating < 1) return fail(hex::format_hex(target) + " is out of " + id + "'s range (11.4)");
    if (!line_of_sight(*this, *from, target))
      return fail("no line of sight from " + hex::format_hex(*from) + " to " +
                  hex::format_hex(target) + " (11.11, 11.12)");
    if (fire_targets(side, target, catapult).empty())
      return fail("no enemy combat unit at " + hex::format_hex(target) +
                  " that fire can reach (11.21, 8.24, 13.14)");
    Shot s{id, target, rating, 0, catapult};
    const Terrain t = terrain(target);
    const bool from_wall = is_wall(terrain(*from));
    if (from_wall && (t == Terrain::Beach || (is_wall(t) && breached(target))))
      s.modifier += 1;                                     // 11.5
    if (is_wall(t) && !has_tower(*from)) s.modifier -= 1;  // 11.5 (addenda: any wall); 13.13
    if (t == Terrain::Temple || t == Terrain::Agenorium) s.modifier -= 2;  // 11.5
    return s;
  }

  Expected<std::string> fire_line(Side side, const std::string& line,
                                  std::set<std::string>& ordered) {
    auto parts = split_line(line);
    const std::string low = parts ? text::lower(parts->second) : std::string();
    const auto w = text::split(low);
    const auto h = w.size() == 2 && w[0] == "fire" ? hex::parse_hex(w[1]) : std::nullopt;
    if (!h) return fail("fire combat is 'UNIT: fire HEX' (11.0)");
    const std::string id = piece_id(parts->first);
    if (id.empty() || piece_side(id) != side)
      return fail("you have no unit '" + parts->first + "'");
    if (!ordered.insert(id).second) return fail(id + " fires at one hex per segment (11.13)");
    auto shot = plan_shot(side, id, *h);
    if (!shot) return fail(shot.error().message);
    return id + ": fire " + hex::format_hex(*h);
  }

  // 11.0, 11.2: every shot of both players is rolled, then all results are
  // applied at once; retreats hex by hex together (11.3).
  void play_fire(const std::map<PlayerId, OrderSet>& orders) {
    std::map<std::string, std::vector<Result>> hits;
    for (const auto& [player, set] : orders) {
      const Side side = static_cast<Side>(player.value);
      for (const std::string& line : set.lines) {
        const auto [word, rest] = *split_line(line);
        const std::string id = piece_id(word);
        const Shot s = *plan_shot(side, id, *hex::parse_hex(text::split(rest)[1]));
        const int roll = dice_->roll(6, "fire of " + id + " at " + hex::format_hex(s.target));
        const Result r = sc_->siege.fire(s.rating, roll + s.modifier);
        if (s.catapult) engines_.at(id).used_in = abs_impulse();
        std::string text =
            id + " fires at " + hex::format_hex(s.target) + ": rating " + std::to_string(s.rating) +
            ", roll " + std::to_string(roll) +
            (s.modifier ? (s.modifier > 0 ? " +" : " ") + std::to_string(s.modifier) : "") + ": " +
            result_name(r) + " (11.4, 11.5)";
        events_->push_back(Event{text, {dice_->log().back()}});
        for (const auto& t : fire_targets(side, s.target, s.catapult)) hits[t].push_back(r);
      }
    }
    std::vector<std::string> retreating;
    for (const auto& [id, rs] : hits) {
      LandUnit& u = units_.at(id);
      int d = u.disrupted ? 1 : 0, r = 0, e = 0;
      for (Result x : rs) {
        d += x == Result::Disrupted;
        r += x == Result::Retreat;
        e += x == Result::Eliminated;
      }
      if (e || (r && d)) {
        eliminate_unit(id, e ? "by fire (11.26)" : "a disrupted unit that must retreat (11.24)");
      } else if (r || d >= 2) {
        u.disrupted = u.disrupted || d > 0;
        retreating.push_back(id);
      } else if (d) {
        u.disrupted = true;
        say(id + " is disrupted (11.23)");
      }
    }
    retreat_units(retreating);
  }

  // ------------------------------------------------------------ retreats (11.24, 11.25, 8.34)

  void retreat_units(const std::vector<std::string>& ids) {
    std::vector<Retreat> land;
    for (const std::string& id : ids) {
      LandUnit& u = units_.at(id);
      if (u.at == Where::Ship) {
        say(id + " is aboard " + u.ship + " and stays there (8.34)");
        continue;
      }
      const Terrain t = terrain(u.hex);
      if (u.t.side == Side::Macedonian &&
          (is_wall(t) || t == Terrain::Beach || t == Terrain::Sea)) {
        if (retreat_aboard(u)) continue;  // 11.25, 8.34
        if (!is_wall(t)) {
          eliminate_unit(id, "no ship to retreat onto (8.34)");
          continue;
        }
      }
      const int hexes = is_wall(t) ? 2 : u.t.move + 2;  // 11.24, 11.25
      land.push_back(Retreat{id, u.t.side, u.hex, hexes, u.t.kind == UnitKind::Fire});
    }
    if (land.empty()) return;
    std::map<Side, HexId> refuge{{Side::Tyrian, temple_hex()}};
    const auto outcome = retreat_simultaneously(*this, land, refuge, RulesVersion{1});
    for (const auto& [id, why] : outcome.eliminated) eliminate_unit(id, why);
    for (const auto& [id, path] : outcome.paths) {
      LandUnit& u = units_.at(id);
      const HexId from = u.hex;
      std::vector<std::string> hexes;
      for (const HexId h : path) hexes.push_back(hex::format_hex(h));
      // 11.22: a leader in the hex goes with the unit.
      for (auto& [lid, l] : lleaders_) {
        if (l.at == Where::Hex && l.hex == from && l.t.side == u.t.side && !leader_in(path.back()))
          l.hex = path.back();
      }
      u.hex = path.back();
      say(id + " retreats " + hex::format_hex(from) + " -> " + text::join(hexes, " ") +
          " (11.24, 11.3)");
      for (const HexId h : path) entered(id, u.t.side, h);
    }
  }

  bool retreat_aboard(LandUnit& u) {
    for (auto& [sid, s] : ships_) {
      if (s.side != u.t.side || !s.on_map || s.sunk || hex::distance(s.hex, u.hex) > 1) continue;
      if (cargo(sid).units.size() >= (s.damaged ? 1u : 2u)) continue;
      u.at = Where::Ship;
      u.ship = sid;
      u.waded_from.clear();
      say(u.t.id + " retreats aboard " + sid + " (11.25, 8.34)");
      return true;
    }
    return false;
  }

  HexId temple_hex() const {
    for (const HexId h : sc_->map.all_hexes()) {
      if (sc_->map.terrain(h) == Terrain::Temple) return h;
    }
    return {};
  }

  // ============================================================ land melee (12.0)

  struct Assault {
    std::vector<std::string> attackers;
    HexId target{};
    std::string advance;
  };

  Expected<Assault> parse_assault(Side side, const std::string& line) const {
    auto parts = split_line(line);
    if (!parts) return fail("a melee attack is 'UNIT UNIT: attack HEX [, advance UNIT]' (12.0)");
    Assault a;
    for (auto w : text::split(parts->first, " ,+&")) {
      const std::string id = piece_id(w);
      if (id.empty() || !units_.count(id) || units_.at(id).t.side != side)
        return fail("you have no land unit '" + std::string(w) + "'");
      a.attackers.push_back(id);
    }
    const auto clauses = text::split(parts->second, ",");
    const std::string low = clauses.empty() ? std::string() : text::lower(clauses[0]);
    const auto w = text::split(low);
    const auto h = w.size() == 2 && w[0] == "attack" ? hex::parse_hex(w[1]) : std::nullopt;
    if (!h || clauses.size() > 2)
      return fail("a melee attack is 'UNIT UNIT: attack HEX [, advance UNIT]' (12.0)");
    a.target = *h;
    if (clauses.size() == 2) {
      const auto v = text::split(clauses[1]);
      if (v.size() != 2 || text::lower(v[0]) != "advance")
        return fail("'advance UNIT' after the attack (12.5)");
      a.advance = piece_id(v[1]);
      if (std::find(a.attackers.begin(), a.attackers.end(), a.advance) == a.attackers.end())
        return fail("only an attacking unit advances (12.51, 12.52)");
    }
    return a;
  }

  bool tower_with(const Assault& a) const {
    return std::any_of(a.attackers.begin(), a.attackers.end(),
                       [&](const std::string& id) { return has_tower(units_.at(id).hex); });
  }

  std::optional<std::string> assault_problem(Side side, const Assault& a) const {
    const bool tower = tower_with(a);
    const Terrain t = terrain(a.target);
    for (const std::string& id : a.attackers) {
      const LandUnit& u = units_.at(id);
      if (u.at != Where::Hex) return id + " is not ashore (8.24)";
      if (u.t.kind == UnitKind::Fire)
        return id + " is a fire unit and does not attack in melee (12.0)";
      if (u.disrupted) return id + " is disrupted and may not attack (12.15)";
      if (hex::distance(u.hex, a.target) != 1)
        return id + " is not next to " + hex::format_hex(a.target) + " (12.13)";
      const bool from_wall = is_wall(terrain(u.hex));
      if (!tower && t == Terrain::PrimaryWall && !breached(a.target) && !from_wall)
        return "an unbreached primary wall is attacked only from a wall hex next to it (12.16)";
      if (!tower && t == Terrain::SecondaryWall && !breached(a.target) && !from_wall &&
          enemy_controlled(*this, side, a.target, {a.target}))
        return "an enemy-controlled secondary wall is not attacked from a non-wall hex (9.28)";
    }
    if (combat_unit(a.target) != enemy(side)) {
      const bool lone = std::any_of(lleaders_.begin(), lleaders_.end(),
                                    [&](const auto& p) {
                                      return p.second.at == Where::Hex &&
                                             p.second.hex == a.target && p.second.t.side != side;
                                    }) ||
                        (engine_at(a.target) && side_of(engine_at(a.target)->kind) != side);
      if (!lone)
        return "there is no enemy unit to attack at " + hex::format_hex(a.target) + " (12.13)";
    }
    return std::nullopt;
  }

  Expected<std::string> melee_attack_line(Side side, const std::string& line,
                                          std::set<std::string>& ordered, std::set<HexId>& targets,
                                          bool execute) {
    auto a = parse_assault(side, line);
    if (!a) return fail(a.error().message);
    for (const auto& id : a->attackers) {
      if (!ordered.insert(id).second) return fail(id + " attacks once per segment (12.13)");
    }
    if (!targets.insert(a->target).second)
      return fail(hex::format_hex(a->target) + " is attacked once per segment (12.13)");
    if (auto why = assault_problem(side, *a)) return fail(*why);
    if (execute) resolve_assault(side, *a);
    std::string out = text::join(a->attackers, " ") + ": attack " + hex::format_hex(a->target);
    if (!a->advance.empty()) out += ", advance " + a->advance;
    return out;
  }

  // The leader whose bonus a unit in `h` may use (12.21, 15.3): his own
  // contingent's leader stacked with it.
  int combat_bonus(const LandUnit& u) const {
    int best = 0;
    for (const auto& [id, l] : lleaders_) {
      if (l.at == Where::Hex && l.hex == u.hex && l.t.commands(u.t.contingent))
        best = std::max(best, l.t.bonus);
    }
    return std::min(best, u.t.melee);  // 15.32: never more than doubled
  }

  // 12.22, 15.2: the best Morale Rating among leaders of the contingent(s)
  // who have one of `units` in their command radius.
  int morale_rating(const std::vector<std::string>& units) const {
    std::set<std::string> contingents;
    for (const auto& id : units) contingents.insert(units_.at(id).t.contingent);
    if (contingents.size() != 1) return 0;  // 15.21, 15.34
    int best = 0;
    for (const auto& [lid, l] : lleaders_) {
      if (l.t.side != units_.at(units[0]).t.side || !l.t.commands(*contingents.begin()) ||
          !piece_hex(lid))
        continue;
      const auto area = command_area(l, l.t.radius);
      for (const auto& id : units) {
        if (area.count(units_.at(id).hex)) best = std::max(best, l.t.morale);
      }
    }
    return best;
  }

  void resolve_assault(Side side, const Assault& a) {
    LandUnit* d = unit_in(a.target);
    if (!d) {
      // 12.41, 15.33: leaders and siege units alone are eliminated.
      for (auto& [lid, l] : lleaders_) {
        if (l.at == Where::Hex && l.hex == a.target && l.t.side != side)
          kill_leader(lid, "attacked alone (15.33)");
      }
      for (auto& [eid, e] : engines_) {
        if (e.at == Where::Hex && e.hex == a.target && side_of(e.kind) != side) {
          e.at = Where::Dead;
          say(eid + " is destroyed by melee attack (12.41)");
        }
      }
      advance_after(a, side);
      return;
    }
    const bool tower = tower_with(a);
    const Terrain t = terrain(a.target);
    int attack = 0;
    bool from_wall = false;
    for (const auto& id : a.attackers) {
      const LandUnit& u = units_.at(id);
      int s = (u.t.melee + combat_bonus(u)) * 2;
      if (terrain(u.hex) == Terrain::Beach) s /= 2;  // 9.28: attacker in a beach halved
      from_wall = from_wall || is_wall(terrain(u.hex));
      attack += s;
    }
    int defence = (d->t.melee + combat_bonus(*d)) * 2;
    const bool doubled =
        t == Terrain::Temple || t == Terrain::Agenorium ||
        (!tower && is_wall(t) && (breached(a.target) || from_wall));  // 9.28, 13.13
    if (doubled) defence *= 2;
    const auto column = SiegeTables::melee_column(attack, defence);
    const int att_morale = morale_rating(a.attackers);
    const int def_morale = morale_rating({d->t.id});
    const int armies =
        morale_[static_cast<int>(side)] - morale_[static_cast<int>(enemy(side))];  // 12.36
    const int roll =
        dice_->roll(6, "melee: " + text::join(a.attackers, "+") + " against " + d->t.id);
    const int die = std::clamp(roll + att_morale - def_morale + armies, 1, 6);
    const Result r = column ? sc_->siege.melee(*column, die) : Result::None;
    std::string text =
        text::join(a.attackers, " and ") + " (" + halves(attack) + ") attack " + d->t.id + " at " +
        hex::format_hex(a.target) + " (" + halves(defence) +
        (doubled ? ", doubled by terrain" : "") + "): " +
        (column ? std::string(SiegeTables::column_name(*column)) : std::string("below 1-2")) +
        ", roll " + std::to_string(roll);
    if (att_morale || def_morale || armies)
      text += " +" + std::to_string(att_morale) + " -" + std::to_string(def_morale) + " army " +
              std::to_string(armies);
    text += " = " + std::to_string(die) + ": " + result_name(r) + " (12.6)";
    events_->push_back(Event{text, {dice_->log().back()}});
    const std::string did = d->t.id;
    if (r == Result::Eliminated || (r == Result::Disrupted && d->disrupted) ||
        (r == Result::Retreat && d->disrupted)) {
      eliminate_unit(did, r == Result::Eliminated ? "in melee (12.44)"
                                                  : "a disrupted unit hit again (12.6, 11.24)");
    } else if (r == Result::Disrupted) {
      d->disrupted = true;
      say(did + " is disrupted (12.42)");
    } else if (r == Result::Retreat) {
      retreat_units({did});
    }
    if (!combat_unit(a.target)) advance_after(a, side);
  }

  // 12.51, 12.52: one attacking unit may advance into the vacated hex.
  void advance_after(const Assault& a, Side side) {
    if (a.advance.empty() || combat_unit(a.target)) return;
    LandUnit& u = units_.at(a.advance);
    if (u.at != Where::Hex) return;
    u.hex = a.target;
    say(a.advance + " advances into " + hex::format_hex(a.target) + " (12.5)");
    entered(a.advance, side, a.target);
  }

  static std::string halves(int v) { return std::to_string(v / 2) + (v % 2 ? ".5" : ""); }

  // ============================================================ end of an assault impulse

  // 4.0 §3J: rallying; 8.32: waders not in the breach go back or are lost;
  // 15.42: wounded leaders return.
  void rally() {
    for (auto& [id, u] : units_) u.disrupted = false;
    for (auto& [id, u] : units_) {
      if (u.at != Where::Hex || terrain(u.hex) != Terrain::Sea) continue;
      const auto s = ships_.find(u.waded_from);
      if (s != ships_.end() && !s->second.sunk && s->second.on_map &&
          hex::distance(s->second.hex, u.hex) <= 1 &&
          cargo(s->first).units.size() < (s->second.damaged ? 1u : 2u)) {
        u.at = Where::Ship;
        u.ship = s->first;
        say(id + " wades back aboard " + s->first + " (8.32)");
      } else {
        eliminate_unit(id, "it could not take the breach nor return to its ship (8.32)");
      }
    }
  }

  // 4.0 1A: wounded leaders return to play with a friendly combat unit.
  void return_wounded_leaders() {
    for (auto& [id, l] : lleaders_) {
      if (l.at != Where::Off || l.back_in == 0 || l.back_in > turn_) continue;
      if (const auto h = nearest_free_unit_hex(l.t.side, temple_hex())) {
        l.at = Where::Hex;
        l.hex = *h;
        l.back_in = 0;
        say(id + " returns from his wound to the unit at " + hex::format_hex(*h) + " (4.0 1A)");
      }
    }
  }

  bool objective_held(Terrain t) const {
    for (const auto& [id, u] : units_) {
      if (u.t.side == Side::Macedonian && u.at == Where::Hex && terrain(u.hex) == t) return true;
    }
    for (const auto& [id, l] : lleaders_) {
      if (l.t.side == Side::Macedonian && l.at == Where::Hex && terrain(l.hex) == t) return true;
    }
    return false;
  }

  // 18.1: both objectives held at any moment of the assault.
  void check_macedonian_victory() {
    if (over_ || !siege_ || plan_ != "assault") return;
    if (objective_held(Terrain::Temple) && objective_held(Terrain::Agenorium))
      end_game(Side::Macedonian,
               "Macedonian victory: the Temple of Hercules and the Agenorium are taken (18.1)");
  }

  // 18.2 and 4.0 §3: the checks after the tenth and sixteenth impulses.
  void check_assault_deadlines() {
    if (over_) return;
    const bool temple = objective_held(Terrain::Temple),
               agenorium = objective_held(Terrain::Agenorium);
    if (impulse_ == 10 && !temple && !agenorium)
      end_game(Side::Tyrian,
               "Tyrian victory: neither the Temple of Hercules nor the Agenorium is held "
               "after the tenth impulse of the assault (18.2)");
    else if (impulse_ >= kAssaultImpulses)
      end_game(Side::Tyrian,
               "Tyrian victory: the Temple of Hercules and the Agenorium are not both "
               "held after the sixteenth impulse (18.2)");
  }

  void end_game(Side winner, const std::string& why) {
    over_ = true;
    winner_ = winner;
    result_ = why;
    say(why);
  }
  // ============================================================ the siege: serialisation and view

  void write_siege(std::ostringstream& out) const {
    if (!siege_) return;
    out << "scenario siege\nplan " << (plan_.empty() ? "-" : plan_) << "\nflags " << mole_grew_
        << " " << relocated_melee_ << " " << entered_city_ << " " << objective_entered_ << " "
        << macedonian_losses_ << " " << morale_[0] << " " << morale_[1] << " "
        << static_cast<int>(winner_) << " " << fireship_used_ << "\n";
    auto where = [](Where w, HexId h, const std::string& ship) {
      return std::string(where_name(w)) + " " +
             (w == Where::Hex    ? hex::format_hex(h)
              : w == Where::Ship ? ship
                                 : "-");
    };
    for (const auto& [id, u] : units_)
      out << "unit " << id << " " << where(u.at, u.hex, u.ship) << " " << u.disrupted << " "
          << (u.waded_from.empty() ? "-" : u.waded_from) << "\n";
    for (const auto& [id, l] : lleaders_)
      out << "lleader " << id << " " << where(l.at, l.hex, l.ship) << " " << l.back_in << "\n";
    for (const auto& [id, e] : engines_)
      out << "engine " << id << " " << static_cast<int>(e.kind) << " " << where(e.at, e.hex, e.ship)
          << " " << e.used_in << " " << e.turn_uses << " "
          << (e.target_turn ? hex::format_hex(e.target) : std::string("-")) << " " << e.target_turn
          << "\n";
    for (const auto& [h, n] : walls_) out << "wall " << hex::format_hex(h) << " " << n << "\n";
    for (const HexId h : mole_) out << "mole " << hex::format_hex(h) << "\n";
    for (const HexId h : boulders_) out << "boulders " << hex::format_hex(h) << "\n";
  }

  std::optional<std::string> parse_where(const std::vector<std::string_view>& w, std::size_t i,
                                         Where& at, HexId& h, std::string& ship) {
    for (Where x : {Where::Off, Where::Hex, Where::Ship, Where::Dead}) {
      if (w[i] == where_name(x)) at = x;
    }
    if (w[i] != where_name(at)) return "bad place";
    if (at == Where::Hex) {
      const auto p = hex::parse_hex(w[i + 1]);
      if (!p || !sc_->map.on_map(*p)) return "bad hex";
      h = *p;
    }
    if (at == Where::Ship) {
      ship = std::string(w[i + 1]);
      if (!ships_.count(ship)) return "unknown ship " + ship;
    }
    return std::nullopt;
  }

  std::optional<std::string> parse_siege_line(const std::vector<std::string_view>& w) {
    int v[9] = {};
    auto num = [&](std::size_t i, int& out) {
      long long x = 0;
      if (!text::parse_int(w[i], x)) return false;
      out = static_cast<int>(x);
      return true;
    };
    if (w[0] == "scenario" && w.size() == 2 && w[1] == "siege") {
      const Segment seg = seg_;
      if (units_.empty()) init_siege();
      seg_ = seg;
      return std::nullopt;
    }
    if (w[0] == "plan" && w.size() == 2) {
      plan_ = w[1] == "-" ? "" : std::string(w[1]);
      return std::nullopt;
    }
    if (w[0] == "flags" && w.size() == 10) {
      for (int i = 0; i < 9; ++i) {
        if (!num(static_cast<std::size_t>(i + 1), v[i])) return "bad flags";
      }
      mole_grew_ = v[0], relocated_melee_ = v[1], entered_city_ = v[2], objective_entered_ = v[3];
      macedonian_losses_ = v[4], morale_[0] = v[5], morale_[1] = v[6];
      winner_ = v[7] ? Side::Macedonian : Side::Tyrian;
      fireship_used_ = v[8];
      return std::nullopt;
    }
    if (w[0] == "unit" && w.size() == 6 && units_.count(std::string(w[1]))) {
      LandUnit& u = units_[std::string(w[1])];
      if (auto why = parse_where(w, 2, u.at, u.hex, u.ship)) return why;
      u.disrupted = w[4] == "1";
      u.waded_from = w[5] == "-" ? "" : std::string(w[5]);
      return std::nullopt;
    }
    if (w[0] == "lleader" && w.size() == 5 && lleaders_.count(std::string(w[1]))) {
      LandLeader& l = lleaders_[std::string(w[1])];
      if (auto why = parse_where(w, 2, l.at, l.hex, l.ship)) return why;
      return num(4, l.back_in) ? std::nullopt : std::optional<std::string>("bad number");
    }
    if (w[0] == "engine" && w.size() == 9) {
      Engine& e = engines_[std::string(w[1])];
      e.id = std::string(w[1]);
      if (!num(2, v[0]) || v[0] < 0 || v[0] > 3) return "bad engine kind";
      e.kind = static_cast<EngineKind>(v[0]);
      if (auto why = parse_where(w, 3, e.at, e.hex, e.ship)) return why;
      const auto t = w[7] == "-" ? std::optional<HexId>(HexId{}) : hex::parse_hex(w[7]);
      if (!num(5, e.used_in) || !num(6, e.turn_uses) || !t || !num(8, e.target_turn))
        return "bad engine numbers";
      e.target = *t;
      return std::nullopt;
    }
    const auto h = w.size() >= 2 ? hex::parse_hex(w[1]) : std::nullopt;
    if (w[0] == "wall" && w.size() == 3 && h && num(2, v[0]) && v[0] >= 1 && v[0] <= kBreach) {
      walls_[*h] = v[0];
      return std::nullopt;
    }
    if (w[0] == "mole" && w.size() == 2 && h) {
      mole_.insert(*h);
      return std::nullopt;
    }
    if (w[0] == "boulders" && w.size() == 2 && h) {
      boulders_.insert(*h);
      return std::nullopt;
    }
    return "not understood";
  }

  void add_land_tokens(Cell& c, HexId h) const {
    for (const auto& [id, u] : units_) {
      if (u.at != Where::Hex || u.hex != h) continue;
      Token t;
      t.owner = static_cast<int>(u.t.side);
      t.kind = kind_name(u.t.kind);
      t.label = id;
      t.marks.push_back(u.t.contingent + " " + std::to_string(u.t.melee) + "-" +
                        std::to_string(u.t.move));
      if (u.disrupted) t.marks.push_back("disrupted");
      c.tokens.push_back(std::move(t));
    }
    for (const auto& [id, l] : lleaders_) {
      if (l.at != Where::Hex || l.hex != h) continue;
      c.tokens.push_back(Token{static_cast<int>(l.t.side),
                               "leader",
                               id,
                               -1,
                               {std::to_string(l.t.morale) + "-" + std::to_string(l.t.bonus) + "-" +
                                std::to_string(l.t.radius) + "-" + std::to_string(l.t.move)}});
    }
    for (const auto& [id, e] : engines_) {
      if (e.at != Where::Hex || e.hex != h) continue;
      c.tokens.push_back(Token{static_cast<int>(side_of(e.kind)), kind_name(e.kind), id, -1, {}});
    }
    if (walls_.count(h)) c.label = walls_.at(h) >= kBreach ? "*" : std::to_string(walls_.at(h));
    if (boulders_.count(h)) c.label = "b";
    if (mole_.count(h)) c.label = "M";
  }

  void add_cargo_marks(Token& t, const Ship& s) const {
    if (!siege_) return;
    const Cargo c = cargo(s.id);
    std::vector<std::string> all = c.units;
    all.insert(all.end(), c.engines.begin(), c.engines.end());
    all.insert(all.end(), c.leaders.begin(), c.leaders.end());
    if (!all.empty()) t.marks.push_back("carrying " + text::join(all, " "));
    if (s.beached) t.marks.push_back("beached");
    if (s.fireship) t.marks.push_back("FIRESHIP");
  }

  void add_siege_notes(std::vector<std::string>& n) const {
    if (!siege_) return;
    n.push_back("plan this Game-Turn: " + (plan_.empty() ? std::string("not yet made") : plan_));
    n.push_back("map labels: 1-5 wall breach damage, * breached wall, b boulders, M mole");
    std::vector<std::string> damage;
    for (const auto& [h, v] : walls_)
      damage.push_back(hex::format_hex(h) + ":" + (v >= kBreach ? "BREACH" : std::to_string(v)));
    n.push_back("walls: " + (damage.empty() ? std::string("undamaged") : text::join(damage, " ")));
    n.push_back("mole: " + std::to_string(mole_.size()) + " of " +
                std::to_string(sc_->siege.mole_sequence().size()) + " hexes built (14.1)");
    n.push_back("army morale: Tyrian " + std::to_string(morale_[0]) + ", Macedonian " +
                std::to_string(morale_[1]) +
                "; Macedonian land units lost: " + std::to_string(macedonian_losses_));
    std::vector<std::string> park, out;
    for (const auto& [id, e] : engines_) {
      if (e.at == Where::Off) park.push_back(id);
    }
    for (const auto& [id, l] : lleaders_) {
      if (l.at == Where::Off && l.back_in)
        out.push_back(id + " (wounded, back in Game-Turn " + std::to_string(l.back_in) + ")");
      if (l.at == Where::Dead) out.push_back(id + " (dead)");
    }
    n.push_back("siege park: " + (park.empty() ? std::string("empty") : text::join(park, " ")));
    if (!out.empty()) n.push_back("leaders out of play: " + text::join(out, ", "));
    n.push_back("objectives (18.1): Temple of Hercules " +
                std::string(objective_held(Terrain::Temple) ? "HELD" : "not held") +
                ", Agenorium " + (objective_held(Terrain::Agenorium) ? "HELD" : "not held") +
                " by the Macedonian");
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
    add_cargo_marks(t, s);
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
    static const std::set<std::string_view> numbers{"step", "turn", "impulse", "rolled", "over"};
    if (w.size() == 2 && numbers.count(w[0]) && text::parse_int(w[1], v)) {
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
      return std::nullopt;
    }
    if (w[0] == "segment" && w.size() == 2) {
      for (int i = 0; i <= static_cast<int>(Segment::TyrMelee); ++i) {
        const auto s = static_cast<Segment>(i);
        if (w[1] == segment_name(s)) {
          seg_ = s;
          return std::nullopt;
        }
      }
      return "unknown segment";
    }
    if (w[0] == "result" && w.size() >= 2) {
      std::vector<std::string> words(w.begin() + 1, w.end());
      result_ = text::join(words, " ");
      return std::nullopt;
    }
    if (w[0] == "arrived" && w.size() == 2) {
      arrived_.insert(std::string(w[1]));
      return std::nullopt;
    }
    if (w[0] == "boom" && w.size() == 3 && booms_.count(std::string(w[1]))) {
      booms_[std::string(w[1])] = w[2] == "intact";
      return std::nullopt;
    }
    if (w[0] == "ship" && (w.size() == 10 || w.size() == 12) && ships_.count(std::string(w[1])))
      return parse_ship(w);
    if (w[0] == "leader" && w.size() == 4 && leaders_.count(std::string(w[1]))) {
      Leader& l = leaders_[std::string(w[1])];
      l.drowned = w[2] == "drowned";
      l.ship = (w[2] == "-" || l.drowned) ? "" : std::string(w[2]);
      if (!l.ship.empty() && !ships_.count(l.ship)) return "unknown ship " + l.ship;
      if (w[3].rfind("idle=", 0) != 0 || !text::parse_int(w[3].substr(5), v)) return "bad idle";
      l.idle_until = static_cast<int>(v);
      return std::nullopt;
    }
    return parse_siege_line(w);
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
    long long a = 0, b = 0, r = 0, be = 0, re = 0;
    for (const char* key : {"beached", "repairing"}) kv.try_emplace(key, "0");  // siege fields
    if (!text::parse_int(kv["exhausted"], a) || !text::parse_int(kv["disrupted"], b) ||
        !text::parse_int(kv["rammer"], r) || !text::parse_int(kv["beached"], be) ||
        !text::parse_int(kv["repairing"], re))
      return "bad numbers";
    s.beached = be != 0;
    s.repairing = re != 0;
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
  // The siege (scenario "siege"):
  bool siege_ = false;
  std::string plan_;  // this Game-Turn's plan: "bombard" or "assault" (4.0 1A)
  bool mole_grew_ = false, relocated_melee_ = false;       // 14.12
  bool entered_city_ = false, objective_entered_ = false;  // 12.31, 12.34
  int macedonian_losses_ = 0;                              // 12.32
  int morale_[2] = {0, 0};                                 // army morale levels (12.3)
  Side winner_ = Side::Tyrian;
  bool fireship_used_ = false;  // 14.41
  std::map<std::string, LandUnit> units_;
  std::map<std::string, LandLeader> lleaders_;
  std::map<std::string, Engine> engines_;
  std::map<HexId, int> walls_;  // breach damage of damaged wall hexes (7.15)
  std::set<HexId> mole_;        // mole hexes built (14.1)
  std::set<HexId> boulders_;    // beach hexes mined (14.31)
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

constexpr const char* kSiegeHelp =
    R"(
Siege (one line per piece; docs/rules/tyre.md):
Deployment:  Hyp1: at 3532      Tower1: at 3724      TCat1: at 3721            (17.1)
Allocation:  assault | bombard   build catapult | build ram                    (4.0, 14.2)
             repair wall 3721 (1 EP)   repair ship T4 (2 EP)   boulders 3620 (2 EP)  (14.3)
Strategic:   load Cat1 on A3   load Hyp1 on A3   unload Cat1   Tower1: at 3722   Mil3: to 3808
Bombard:     A3: bombard 3721   A4: batter 3721   TCat1: fire A3               (7.1, 7.2)
Land move:   Hyp1: to 3721   or   Hyp1: 3620 3721                              (8.3, 9.0)
Fire:        Gd1: fire 3721                                                    (11.0)
Melee:       Hyp1 Hyp2: attack 3720, advance Hyp2                              (12.0)
Fireship:    F: enter 3316 facing S, move 6                                    (14.4))";

// For random play: per piece of the side, the orders of the segment it could
// plausibly give (validation sorts out which are legal together).
std::vector<std::vector<std::string>> TyreState::candidate_orders(PlayerId player) const {
  const Side side = static_cast<Side>(player.value);
  std::vector<std::vector<std::string>> out;
  const auto enemy_ships_near = [&](HexId from, int lo, int hi) {
    std::vector<std::string> ids;
    for (const auto& [tid, t] : ships_) {
      if (t.side == side || !t.on_map || t.sunk) continue;
      const int d = hex::distance(from, t.hex);
      if (d >= lo && d <= hi) ids.push_back(tid);
    }
    return ids;
  };
  const auto hexes_within = [&](HexId from, int lo, int hi) {
    std::vector<HexId> hs;
    for (int r = lo; r <= hi; ++r) {
      for (HexId h : hex::ring(from, r)) {
        if (sc_->map.on_map(h)) hs.push_back(h);
      }
    }
    return hs;
  };
  const auto enemy_unit_at = [&](HexId h) {
    for (const auto& [uid, u] : units_) {
      if (u.t.side != side && piece_hex(uid) == h) return true;
    }
    return false;
  };
  switch (seg_) {
    case Segment::Allocation:
      if (side == Side::Macedonian) {
        out.push_back({"assault", "bombard", "bombard"});
        out.push_back({"build catapult", "build ram"});
      } else {
        for (const auto& [h, n] : walls_) out.push_back({"repair wall " + hex::format_hex(h)});
        for (const auto& [id, s] : ships_) {
          if (s.side == Side::Tyrian && s.damaged && s.on_map && !s.sunk)
            out.push_back({"repair ship " + id});
        }
        for (const HexId h : sc_->map.all_hexes()) {
          if (terrain(h) == Terrain::Beach) out.push_back({"boulders " + hex::format_hex(h)});
        }
      }
      return out;
    case Segment::FirstMove:
    case Segment::SecondMove: {
      static const char* const kMoves[] = {"move 1",         "turn L, move 1", "turn R, move 1",
                                           "move 2",         "back 1",         "turn R",
                                           "unpin, move 1"};
      for (const auto& [id, s] : ships_) {
        if (s.side != side || s.sunk) continue;
        std::vector<std::string> group;
        if (s.on_map) {
          for (const char* m : kMoves) group.push_back(id + ": " + m);
          for (const std::string& t : enemy_ships_near(s.hex, 3, 4))
            group.push_back(id + ": move " +
                            std::to_string(hex::distance(s.hex, ships_.at(t).hex) - 1) +
                            ", ram " + t);
        } else {
          for (const HexId h : sc_->map.north_edge())
            group.push_back(id + ": enter " + hex::format_hex(h) + " facing S, move 1");
        }
        out.push_back(std::move(group));
      }
      return out;
    }
    case Segment::Melee:
      for (const auto& [id, s] : ships_) {
        if (s.side != side || !s.on_map || s.sunk) continue;
        std::vector<std::string> group;
        for (const std::string& t : enemy_ships_near(s.hex, 1, 1))
          group.push_back(id + ": attack " + t);
        if (!group.empty()) out.push_back(std::move(group));
      }
      return out;
    case Segment::MacBombard:
      for (const auto& [id, s] : ships_) {
        if (s.side != side || !s.on_map || s.sunk || cargo(id).engines.empty()) continue;
        std::vector<std::string> group;
        for (const HexId h : hexes_within(s.hex, 1, 4)) {
          if (is_wall(terrain(h))) {
            group.push_back(id + ": bombard " + hex::format_hex(h));
            group.push_back(id + ": batter " + hex::format_hex(h));
          }
        }
        out.push_back(std::move(group));
      }
      return out;
    case Segment::TyrBombard:
    case Segment::AssaultBombard:
      for (const auto& [id, e] : engines_) {
        if (e.kind != EngineKind::TyrianCatapult || e.at != Where::Hex) continue;
        std::vector<std::string> group;
        for (const std::string& t : enemy_ships_near(e.hex, 0, 4)) group.push_back(id + ": fire " + t);
        if (!group.empty()) out.push_back(std::move(group));
      }
      return out;
    default:
      break;
  }
  const bool moving = seg_ == Segment::MacLand || seg_ == Segment::TyrLand ||
                      seg_ == Segment::MacStrategic || seg_ == Segment::TyrStrategic;
  const bool firing = seg_ == Segment::Fire;
  const bool melee = seg_ == Segment::MacMelee || seg_ == Segment::TyrMelee;
  if (!moving && !firing && !melee) return out;  // deployments and regrouping keep their defaults
  for (const auto& [id, u] : units_) {
    const auto from = piece_hex(id);
    if (u.t.side != side || !from) continue;
    std::vector<std::string> group;
    for (const HexId h : hexes_within(*from, moving ? 0 : 1, moving ? 2 : (firing ? 3 : 1))) {
      if (moving && (h != *from || u.at == Where::Ship))
        group.push_back(id + ": to " + hex::format_hex(h));
      if (firing && enemy_unit_at(h)) group.push_back(id + ": fire " + hex::format_hex(h));
      if (melee && enemy_unit_at(h))
        group.push_back(id + ": attack " + hex::format_hex(h) + ", advance " + id);
    }
    if (!group.empty()) out.push_back(std::move(group));
  }
  if (seg_ == Segment::MacStrategic) {
    for (const auto& [sid, s] : ships_) {
      if (s.side != side || !s.on_map || s.sunk || !home_hex(side, s.hex)) continue;
      std::vector<std::string> group;
      for (const auto& [id, u] : units_) {
        if (u.t.side == side && u.at == Where::Hex && on_mainland(u.hex))
          group.push_back("load " + id + " on " + sid);
      }
      for (const auto& [id, e] : engines_) {
        if (e.at == Where::Off) group.push_back("load " + id + " on " + sid);
      }
      if (!group.empty()) out.push_back(std::move(group));
    }
  }
  return out;
}

std::string TyreState::order_help() const {
  return siege_ ? std::string(kOrderHelp) + kSiegeHelp : std::string(kOrderHelp);
}

class TyreGame final : public Game {
 public:
  explicit TyreGame(std::shared_ptr<const Scenario> sc) : sc_(std::move(sc)) {}
  std::string id() const override { return "tyre"; }
  std::string title() const override { return "Tyre (SPI 1978)"; }
  std::vector<ScenarioInfo> scenarios() const override {
    return {ScenarioInfo{"siege",
                         "Tyre: the siege, 332 B.C.",
                         "The whole game: each Game-Turn a secret plan (bombard or assault, "
                         "Engineer Points), construction of the mole and siege engines, "
                         "strategic movement, then six impulses of naval war and bombardment "
                         "of the walls, or the one amphibious assault of sixteen impulses with "
                         "landings, fire combat and melee for the Temple of Hercules and the "
                         "Agenorium (18.0).",
                         {"Tyrian", "Macedonian"},
                         2,
                         2},
            ScenarioInfo{
                "naval",
                "Tyre: the naval war",
                "Alexander's fleets against the navy of Tyre, 332 B.C.: twelve Game-Turns of six "
                "impulses "
                "of "
                "movement, ramming and melee only (no siege: the Tyrian player wins at the end of "
                "Game-Turn 12; the whole game is the scenario 'siege').",
                {"Tyrian", "Macedonian"},
                2,
                2}};
  }

 protected:
  Expected<std::unique_ptr<State>> do_new_game(std::string_view scenario, int players,
                                               RulesVersion) const override {
    if (scenario != "naval" && scenario != "siege")
      return fail("tyre has the scenarios 'siege' and 'naval'");
    if (players != 2) return fail("tyre is a two-player game");
    return std::unique_ptr<State>(std::make_unique<TyreState>(sc_, scenario == "siege"));
  }
  Expected<std::unique_ptr<State>> do_deserialize(std::string_view bytes,
                                                  RulesVersion) const override {
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
