#pragma once
// The interface every game module implements, and the registry the server and
// the tools find modules in. Pure: no I/O, no clock, no globals. A module's
// scenario data are compiled in as bytes (cmake/EmbedData.cmake) and parsed here.
//
// A game is a sequence of steps. In each step some players must order; their
// orders are validated one player at a time (never changing the state), and
// once every required player has orders the step is resolved with dice into the
// next state and a list of events. States serialise canonically: equal states
// give equal bytes, so a hash of the bytes identifies a position.
//
// Hidden information is the module's to declare and the server's to keep:
// every event names its audience, the module says whose orders each seat sees
// at resolution and which secrets a position holds, and the server builds
// every frame per seat from those (docs/hidden-information.md).
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/audience.h"
#include "core/choices.h"
#include "core/dice.h"
#include "core/ids.h"
#include "core/result.h"
#include "core/seating.h"

namespace naumachia {

struct ScenarioInfo {
  std::string id;  // unique within its game, e.g. "historical"
  std::string title;
  std::string description;
  std::vector<std::string> sides;  // the sides' names, index = SideId
  int min_players = 2;
  int max_players = 2;
};

struct StepInfo {
  StepNo number;
  std::string label;               // e.g. "Turn 3, impulse 2: Tyrian movement"
  std::vector<PlayerId> to_order;  // seats that must order in this step
  bool game_over = false;
  std::string result;           // when game_over: how it ended
  std::vector<SideId> winners;  // when game_over: the winning sides (none: a draw)
};

// Orders of one player for one step, in the module's canonical text form.
struct OrderSet {
  std::vector<std::string> lines;
  auto operator<=>(const OrderSet&) const = default;
};

struct OrderError {
  int line = 0;  // 1-based; 0 = the whole set
  std::string message;
};
using OrderErrors = std::vector<OrderError>;

struct Event {
  Event() = default;
  Event(std::string text_in, std::vector<DieRoll> rolls_in = {},
        Audience audience_in = Audience::everyone())
      : text(std::move(text_in)), rolls(std::move(rolls_in)), audience(std::move(audience_in)) {}

  std::string text;
  std::vector<DieRoll> rolls;  // the rolls that decided it, in the order rolled
  Audience audience;           // who may read it (text and rolls) before the game is over
};

// Something in a position that some seats may not know yet, as a distinctive
// text token (a chit's name, the hex of a hidden fleet) with the seats that
// may know it. Views, events and revealed orders are checked against these,
// state by state in the conformance tests and frame by frame through the
// server (tests/secrecy_check.h).
struct Secret {
  std::string token;
  Audience audience;
};

// A player's view, as data a thin client can draw without knowing any rule.
struct Token {
  int owner = -1;  // seat, -1 = nobody's
  std::string kind;
  std::string label;
  int facing = -1;  // hex side 0-5, -1 = none
  std::vector<std::string> marks;
  std::string values;                // as the printed counter shows them ("5-7-10")
  std::vector<std::string> details;  // more of what the reader knows of it, a line each
};

// How a view's board is drawn: hexes by column and row, provinces at places
// on a map's canvas, boxes in a list, or nothing.
enum class BoardKind { None, Hex, Map, List };
// How a picture colours a cell; None: the drawing guesses from its terrain.
enum class Fill { None, Water, Coast, Shallows, Harbour, Shore, Land, Town, Wall, Boom };
// What an order drawn as an arrow does.
enum class ArrowKind { Move, Support, Convoy, Ram, Fire, Melee };
// Their names, for text and for the pictures' classes ("hex", "water", "move").
const char* name(BoardKind kind);
const char* name(Fill fill);
const char* name(ArrowKind kind);

// A feature of a cell's border: the Long Wall, a boom.
struct Edge {
  std::string to;  // the neighbouring cell (maps)
  int side = -1;   // hex side 0-5 (hex boards)
  std::string kind;
  // Maps drawn from geography: where the edge is drawn (SVG path data on the
  // canvas): a wall along a border, a land bridge or strait across water.
  std::string path;
};

struct Cell {
  std::string id;
  int col = 0;
  int row = 0;
  std::string terrain;
  std::string label;
  std::vector<Token> tokens;
  // Province maps: the label's place on the canvas and the cells bordering
  // this one, for drawing; the seat owning it (-1 none).
  double x = 0;
  double y = 0;
  std::vector<std::string> neighbours;
  int owner = -1;
  std::vector<Edge> edges;
  Fill fill = Fill::None;  // how a picture colours it
  std::string outline;     // maps drawn from geography: SVG path data on the canvas
  std::string power;       // maps of powers: the power owning it (View.powers), or empty
  bool supply_centre = false;
};

// An order of the step before a position, drawn on a map (proto Arrow): a
// unit's move from one cell to another, or a support or convoy from the
// supporting unit's cell towards the cell of the unit it helps (`via`) and
// where that unit goes (`to`; for a support to hold, `to` == `via`).
struct Arrow {
  std::string from;
  std::string to;
  std::string via;  // support and convoy
  ArrowKind kind = ArrowKind::Move;
  int owner = -1;                 // the seat whose order it is
  bool failed = false;            // bounced, cut, dislodged: drawn unlike a success
  std::vector<std::string> path;  // hex boards: the cells passed between from and to
  std::string order;              // the order line it draws, for its tooltip
};

struct View {
  BoardKind board_kind = BoardKind::None;
  std::vector<Cell> cells;
  std::vector<std::string> notes;
  double width = 0;  // a map's canvas
  double height = 0;
  std::vector<Arrow> arrows;  // filled by the platform (State::order_arrows)
  std::string backdrop;       // maps drawn from geography: the land, SVG path data
  // Maps of powers: the powers in a fixed order, the key of their colours; a
  // token's first mark and Cell.power name one, a note "<power>: ..." is its
  // line of the legend.
  std::vector<std::string> powers;
};

// The orders of one step as a reader may see them: lines by seat (a seat
// whose orders the reader may not read is absent).
using RevealedLines = std::map<PlayerId, std::vector<std::string>>;

class State;

struct Resolution {
  std::unique_ptr<State> next;
  std::vector<Event> events;
};

class State {
 public:
  virtual ~State() = default;

  virtual StepInfo step() const = 0;

  // Parses and checks one player's orders for the current step. Returns the
  // canonical form, or every error found (each citing the rule it breaks).
  virtual Expected<OrderSet, OrderErrors> validate(PlayerId player,
                                                   const std::vector<std::string>& lines) const = 0;

  // The orders a player who missed a deadline is given (documented per game).
  virtual OrderSet default_orders(PlayerId player) const = 0;

  // Resolves the current step. `orders` must hold validated orders for exactly
  // the seats of step().to_order (std::invalid_argument otherwise, in every
  // build). Non-virtual so that every module gets the same checks; the work is
  // do_resolve's.
  Resolution resolve(const std::map<PlayerId, OrderSet>& orders, Dice& dice) const;

  // Who may read `seat`'s orders for the current step once it resolves (until
  // then only the seat itself and a commitment). Default: everyone.
  virtual Audience orders_audience(PlayerId seat) const;

  // The lines `seat` might order in the current step, for random legal play
  // (the conformance suite, the determinism signature): one group per decision
  // (a piece, a plan), each a list of alternatives. The lines need not be
  // legal together; a player picks at most one per group and keeps each line
  // that still validates with those kept before it.
  virtual std::vector<std::vector<std::string>> candidate_orders(PlayerId seat) const = 0;

  // What this position hides from some seats (none by default: an open board).
  virtual std::vector<Secret> secrets() const;

  // Orders choice by choice (core/choices.h): the decisions `seat` may make
  // in the current step (a piece to order, a plan, a build), and the ways on
  // from a partial order of one, each whole line among them accepted by
  // `validate` on its own. Both depend only on what the seat may know. None
  // by default: the seat types its orders.
  virtual std::vector<Decision> decisions(PlayerId seat) const;
  virtual Expected<std::vector<Choice>> choices(PlayerId seat, std::string_view decision,
                                                const std::vector<std::string>& path) const;

  // For a computer player's search (shared/bots): a position agreeing with
  // everything `seat` knows, what it may not know drawn with `rng`. By
  // default the position itself when it holds no secret, and none when it
  // does: a module with secrets draws them itself or leaves its players
  // without search.
  virtual std::unique_ptr<State> sampled_for(PlayerId seat, Dice& rng) const;
  // How well `seat` stands, by the rules' own measure (victory points,
  // supply centres, strength left, a victory won), for a computer player's
  // judgement: higher is better; only positions of one game are compared.
  // 0 by default: no judgement, and a search then keeps the rules' defaults.
  virtual double standing(PlayerId seat) const;
  // At the game's end, when it names no single victor: whether `seat`'s side
  // came out ahead of the other all the same, by the rules' own measures (a
  // battle's political points, its ships lost), for the benchmark of the
  // computer player (docs/computer.md). nullopt by default: the module has
  // no such measure and only a victory counts.
  virtual std::optional<bool> came_out_ahead(PlayerId seat) const;

  // What `player` may see; nullopt = everything (an observer after the game).
  virtual View view(std::optional<PlayerId> player) const = 0;

  // The orders of the step that led to this position, as arrows on this
  // position's map (the platform passes only the lines the reader may see).
  // None by default: only province maps draw orders.
  virtual std::vector<Arrow> order_arrows(const RevealedLines& last_orders) const;

  // Canonical bytes of the whole state, for storage and hashing.
  virtual std::string serialize() const = 0;

  virtual std::unique_ptr<State> clone() const = 0;

  // A short description of the order syntax, for client help texts.
  virtual std::string order_help() const = 0;

 protected:
  virtual Resolution do_resolve(const std::map<PlayerId, OrderSet>& orders, Dice& dice) const = 0;
};

// What happens to the forces of a seat that resigns while a partner on its
// side plays on (sides of several seats).
enum class ResignedForces {
  ToPartner,      // a partner orders them (SubmitOrders for the resigned seat)
  DefaultOrders,  // they get the module's default orders every step
};

// A scenario of a game played by a module of its own on that game's rules
// (The Fall of Constantinople: a variant of Diplomacy on its adjudicator).
// The registry hands it to its game (register_all_games), which offers it as
// one of its scenarios, under the game's id, rules versions and seating, and
// sends it the new games and stored positions that are the variant's.
class Variant {
 public:
  virtual ~Variant() = default;
  virtual ScenarioInfo scenario() const = 0;
  // Whether stored bytes are a position of this variant.
  virtual bool reads(std::string_view bytes) const = 0;
  // As Game::new_game and Game::deserialize, with a version already checked.
  virtual Expected<std::unique_ptr<State>> new_game(int players, RulesVersion rules) const = 0;
  virtual Expected<std::unique_ptr<State>> deserialize(std::string_view bytes,
                                                       RulesVersion rules) const = 0;
};

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string id() const = 0;  // e.g. "tyre"
  virtual std::string title() const = 0;
  virtual std::vector<ScenarioInfo> scenarios() const = 0;

  // The rules version new games are created under, and the oldest version
  // this build still plays (older stored games are refused by name).
  virtual RulesVersion rules_version() const { return RulesVersion{1}; }
  virtual RulesVersion oldest_rules_version() const { return rules_version(); }
  // Why a game under `rules` cannot be played by this build, or nullopt.
  std::optional<std::string> rules_problem(RulesVersion rules) const;

  // A new game, or a stored position, under the given rules version (by
  // default the current one). Versions outside this build's range are refused
  // with rules_problem()'s message.
  Expected<std::unique_ptr<State>> new_game(std::string_view scenario, int players,
                                            RulesVersion rules) const;
  Expected<std::unique_ptr<State>> new_game(std::string_view scenario, int players) const {
    return new_game(scenario, players, rules_version());
  }
  Expected<std::unique_ptr<State>> deserialize(std::string_view bytes, RulesVersion rules) const;
  Expected<std::unique_ptr<State>> deserialize(std::string_view bytes) const {
    return deserialize(bytes, rules_version());
  }

  // Who plays what in a game of `players` seats. By default seat i plays the
  // scenario's side i; a module dealing several sides to a seat, or seating
  // several players on a side, says so.
  virtual Seating seating(const ScenarioInfo& scenario, int players) const;
  virtual ResignedForces resigned_forces() const { return ResignedForces::ToPartner; }

  // Offers `variant`'s scenario among this game's: new games of it and the
  // positions it reads are the variant's to make.
  void add_variant(std::unique_ptr<const Variant> variant);

 protected:
  // The scenarios of the variants added, for scenarios() to list after the
  // game's own.
  std::vector<ScenarioInfo> variant_scenarios() const;

  // Called with a version already checked to be in range.
  virtual Expected<std::unique_ptr<State>> do_new_game(std::string_view scenario, int players,
                                                       RulesVersion rules) const = 0;
  virtual Expected<std::unique_ptr<State>> do_deserialize(std::string_view bytes,
                                                          RulesVersion rules) const = 0;

 private:
  std::vector<std::unique_ptr<const Variant>> variants_;
};

// The modules a program offers. Scenario ids across games are "<game>/<scenario>".
class Registry {
 public:
  void add(std::unique_ptr<Game> game);
  const Game* find(std::string_view game_id) const;
  std::vector<const Game*> games() const;
  // Splits "tyre/historical" and finds both parts.
  Expected<std::pair<const Game*, ScenarioInfo>> find_scenario(std::string_view full_id) const;

 private:
  std::map<std::string, std::unique_ptr<Game>, std::less<>> games_;
};

}  // namespace naumachia
