// naumachia-adjudicate: resolves one step of any game headlessly, through the
// same engine calls the server makes (validate each seat's orders, resolve with
// dice), with die rolls given on the command line. For rule tests and for
// checking a position by hand. File formats: docs/position-files.md.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "convert.h"
#include "core/text.h"
#include "games/all_games.h"
#include "svg.h"

namespace {

using namespace naumachia;

constexpr const char* kUsage =
    R"(usage: naumachia-adjudicate GAME (--position FILE | --scenario ID) [--scenario ID]
                            [--players N] [--rules N] [--orders FILE]
                            [--dice 3,5,1] [--out FILE] [--show] [--svg FILE]

Resolves the current step of a position and prints what happened (every die
roll with its purpose) and the resulting position.

  GAME              the game module, e.g. diplomacy
  --position FILE   a position in the game's text format (as --out writes it),
                    headed by the lines '@scenario ID', '@players N' and
                    '@rules N' that --out writes
  --scenario ID     without --position: start from the scenario, e.g.
                    standard; with --position: the position's scenario (when
                    the file has no '@scenario' line)
  --players N       players (default: the position's '@players' line, else
                    the scenario's sides when it admits only one number)
  --rules N         the module's rules version to play under (default: the
                    position's '@rules' line, else the current one; a stored
                    game's is in `naumachia-admin games`)
  --orders FILE     orders by seat: a line "[SEAT]" (number or seat name) opens
                    each seat's section; '#' starts a comment. Seats that must
                    order and have no section give their default orders.
  --dice LIST       the die rolls to use, in order (commas or spaces between
                    them); resolution fails if the rules ask for more
                    (without --dice: no rolls available)
  --out FILE        also write the resulting position to FILE
  --show            only print the position's step, seats to order and view
  --svg FILE        also draw the position (with --show the given one, else the
                    resulting one) as an SVG picture, everything shown, as
                    `naumachia show --svg` draws a board

Exit status: 0 resolved (or shown); 1 illegal orders, nothing resolved;
2 usage (a bad command line, an unknown game or scenario); 3 the given die
rolls ran out or do not fit the die; 4 unreadable input (a file that cannot
be read or written, a position or orders file the game cannot read);
5 an internal error of the engine (a fault to report).
)";

// Exit statuses (kUsage, docs/position-files.md).
constexpr int kResolved = 0, kIllegalOrders = 1, kUsageError = 2, kDiceError = 3, kUnreadable = 4,
              kInternalError = 5;

// A bad command line (status 2).
struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
// A file that cannot be read, written or understood (status 4).
struct Unreadable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Unreadable("cannot read '" + path + "'");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

int number(const std::string& option, std::string_view text) {
  long long v = 0;
  if (!text::parse_int(text, v) || v < -1'000'000 || v > 1'000'000)
    throw UsageError(option + ": '" + std::string(text) + "' is not a number");
  return static_cast<int>(v);
}

struct Options {
  std::string game, position, scenario, orders, out, svg;
  int players = 0;
  int rules = 0;  // 0 = the position's, else the module's current version
  std::vector<int> dice;
  bool show = false;
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw UsageError(a + " needs a value");
      return argv[++i];
    };
    if (a == "--position")
      o.position = value();
    else if (a == "--scenario")
      o.scenario = value();
    else if (a == "--players")
      o.players = number(a, value());
    else if (a == "--rules")
      o.rules = number(a, value());
    else if (a == "--orders")
      o.orders = value();
    else if (a == "--out")
      o.out = value();
    else if (a == "--show")
      o.show = true;
    else if (a == "--svg")
      o.svg = value();
    else if (a == "--dice") {
      // The list outlives the views split() makes of it.
      const std::string list = value();
      for (const auto piece : text::split(list, ", ")) o.dice.push_back(number(a, piece));
    } else if (o.game.empty() && a.rfind("--", 0) != 0)
      o.game = a;
    else
      throw UsageError("unknown argument '" + a + "'");
  }
  if (o.game.empty() || (o.position.empty() && o.scenario.empty()))
    throw UsageError("give GAME and --position or --scenario");
  return o;
}

// What the server keeps beside a stored position and the position's bytes do
// not all say: its scenario, seats and rules version. --out heads a position
// with them ("@scenario fall-of-constantinople", "@players 7", "@rules 3").
struct Header {
  std::string scenario;
  int players = 0;
  int rules = 0;
};

std::string header_text(const Header& h) {
  return "@scenario " + h.scenario + "\n@players " + std::to_string(h.players) + "\n@rules " +
         std::to_string(h.rules) + "\n";
}

// Splits a position file into its '@' lines and the game's bytes.
std::pair<Header, std::string> read_position(const std::string& file) {
  Header h;
  std::size_t at = 0;
  while (at < file.size() && file[at] == '@') {
    const std::size_t end = std::min(file.find('\n', at), file.size());
    const std::string line = file.substr(at, end - at);
    const auto w = text::split(line);
    if (w.size() != 2) throw Unreadable("position: '" + line + "' is not '@KEY VALUE'");
    if (w[0] == "@scenario") {
      h.scenario = std::string(w[1]);
    } else if (w[0] == "@players" || w[0] == "@rules") {
      long long v = 0;
      if (!text::parse_int(w[1], v) || v < 1 || v > 1000)
        throw Unreadable("position: '" + line + "': not a number");
      (w[0] == "@players" ? h.players : h.rules) = static_cast<int>(v);
    } else {
      throw Unreadable("position: unknown line '" + line +
                       "' (known: @scenario, @players, @rules)");
    }
    at = end + 1;
  }
  return {h, at < file.size() ? file.substr(at) : std::string()};
}

// "[2]" or "[France]" sections of order lines.
std::map<int, std::vector<std::string>> read_orders(const std::string& text,
                                                    const std::vector<std::string>& seats) {
  std::map<int, std::vector<std::string>> out;
  int current = -1;
  int n = 0;
  for (auto raw : text::lines(text)) {
    ++n;
    const auto line = text::trim(raw.substr(0, raw.find('#')));
    if (line.empty()) continue;
    if (line.front() == '[' && line.back() == ']') {
      const std::string name(text::trim(line.substr(1, line.size() - 2)));
      current = -1;
      for (std::size_t i = 0; i < seats.size(); ++i) {
        if (text::lower(seats[i]) == text::lower(name) || std::to_string(i) == name)
          current = static_cast<int>(i);
      }
      if (current < 0)
        throw Unreadable("orders line " + std::to_string(n) + ": no seat '" + name +
                         "' (the seats: " + text::join(seats, ", ") + ")");
      out[current];
      continue;
    }
    if (current < 0)
      throw Unreadable("orders line " + std::to_string(n) + ": an order before any [SEAT] line");
    out[current].emplace_back(line);
  }
  return out;
}

// The position, with the orders that led to it (when it follows a step) as
// arrows, as the server draws it.
void draw(const Options& o, const State& state, const std::vector<std::string>& seats,
          const std::string& title, const std::map<PlayerId, OrderSet>& orders = {}) {
  if (o.svg.empty()) return;
  View view = state.view(std::nullopt);
  RevealedLines lines;
  for (const auto& [seat, set] : orders) lines[seat] = set.lines;
  view.arrows = state.order_arrows(lines);
  proto::View pv;
  convert::to_proto(view, pv);
  std::ofstream out(o.svg, std::ios::binary | std::ios::trunc);
  out << render::render_svg(pv, seats, title);
  if (!out) throw Unreadable("cannot write '" + o.svg + "'");
}

void print_view(const View& v) {
  for (const Cell& c : v.cells) {
    if (c.tokens.empty()) continue;
    std::cout << "  " << c.id;
    for (const Token& t : c.tokens) {
      std::cout << "  " << t.label;
      for (const auto& m : t.marks) std::cout << " [" << m << "]";
    }
    std::cout << "\n";
  }
  for (const auto& n : v.notes) std::cout << "  " << n << "\n";
}

// The scenario a position or a new game is of: --scenario, the position's
// '@scenario' line, or the game's only scenario.
ScenarioInfo scenario_of(const Registry& registry, const Game& game, const std::string& id) {
  if (id.empty()) {
    const auto all = game.scenarios();
    if (all.size() == 1) return all[0];
    std::vector<std::string> ids;
    for (const ScenarioInfo& s : all) ids.push_back(s.id);
    throw UsageError(
        "the position names no scenario (no '@scenario' line): give --scenario, one of " +
        text::join(ids, ", "));
  }
  auto found = registry.find_scenario(game.id() + "/" + id);
  if (!found) throw UsageError(found.error().message);
  return found->second;
}

int run(const Options& o) {
  Registry registry;
  register_all_games(registry);
  const Game* game = registry.find(o.game);
  if (!game) throw UsageError("no game '" + o.game + "'");
  std::unique_ptr<State> state;
  Header header;
  std::string bytes;
  if (!o.position.empty()) std::tie(header, bytes) = read_position(read_file(o.position));
  if (!o.scenario.empty()) header.scenario = o.scenario;
  const ScenarioInfo scenario = scenario_of(registry, *game, header.scenario);
  header.scenario = scenario.id;
  if (o.players) header.players = o.players;
  if (header.players == 0) {
    if (o.position.empty() || scenario.min_players == scenario.max_players)
      header.players = static_cast<int>(scenario.sides.size());
    else
      throw UsageError(
          "the position names no number of players (no '@players' line): give "
          "--players, " +
          std::to_string(scenario.min_players) + " to " + std::to_string(scenario.max_players));
  }
  if (o.rules) header.rules = o.rules;
  if (header.rules == 0) header.rules = game->rules_version().value;
  const RulesVersion rules{header.rules};
  if (o.position.empty()) {
    auto s = game->new_game(scenario.id, header.players, rules);
    if (!s) throw UsageError(s.error().message);
    state = std::move(*s);
  } else {
    if (auto why = game->rules_problem(rules)) throw UsageError(*why);
    auto s = game->deserialize(bytes, rules);
    if (!s) throw Unreadable("position: " + s.error().message);
    state = std::move(*s);
  }
  const Seating seating = game->seating(scenario, header.players);
  if (auto why = seating.problem(); !why.empty())
    throw UsageError(o.game + "/" + scenario.id + " with " + std::to_string(header.players) +
                     " players: " + why);
  const auto& seats = seating.seat_names;
  const StepInfo info = state->step();
  for (PlayerId p : info.to_order) {
    if (p.value >= seating.seats())
      throw Unreadable("position: seat " + std::to_string(p.value) + " orders, but " + o.game +
                       "/" + scenario.id + " has " + std::to_string(seating.seats()) +
                       " seats with " + std::to_string(header.players) + " players");
  }
  const auto seat_name = [&](PlayerId p) { return seats[static_cast<std::size_t>(p.value)]; };
  std::vector<std::string> ordering;
  for (PlayerId p : info.to_order) ordering.push_back(seat_name(p));
  std::cout << "step " << info.number.value << ": " << info.label << "\n";
  if (o.show || info.game_over) {
    if (info.game_over) std::cout << "game over: " << info.result << "\n";
    if (!info.game_over)
      std::cout << "to order: " << (ordering.empty() ? "nobody" : text::join(ordering, ", "))
                << "\n";
    print_view(state->view(std::nullopt));
    draw(o, *state, seats, o.game + ": " + info.label);
    return kResolved;
  }
  const auto given = o.orders.empty() ? std::map<int, std::vector<std::string>>{}
                                      : read_orders(read_file(o.orders), seats);
  std::map<PlayerId, OrderSet> orders;
  bool illegal = false;
  for (PlayerId p : info.to_order) {
    const auto it = given.find(p.value);
    if (it == given.end()) {
      orders[p] = state->default_orders(p);
      continue;
    }
    auto v = state->validate(p, it->second);
    if (!v) {
      illegal = true;
      for (const OrderError& e : v.error())
        std::cout << "illegal order of " << seat_name(p) << ", line " << e.line << ": " << e.message
                  << "\n";
      continue;
    }
    orders[p] = *v;
  }
  for (const auto& [seat, lines] : given) {
    if (std::find(info.to_order.begin(), info.to_order.end(), PlayerId{seat}) ==
        info.to_order.end()) {
      std::cout << "illegal: " << seats[static_cast<std::size_t>(seat)]
                << " does not order in this step (" << info.label << "); "
                << (ordering.empty() ? std::string("nobody orders")
                                     : text::join(ordering, ", ") +
                                           (ordering.size() == 1 ? " orders" : " order"))
                << "\n";
      illegal = true;
    }
  }
  if (illegal) return kIllegalOrders;
  ScriptedDice dice(o.dice);
  Resolution r = state->resolve(orders, dice);
  for (const Event& e : r.events) {
    std::cout << "- " << e.text << "\n";
    for (const DieRoll& d : e.rolls)
      std::cout << "    d" << d.sides << " = " << d.value << " (" << d.purpose << ")\n";
  }
  if (dice.remaining()) std::cout << "note: " << dice.remaining() << " given die roll(s) unused\n";
  const StepInfo next = r.next->step();
  std::cout << "next: step " << next.number.value << ": " << next.label
            << (next.game_over ? " (game over: " + next.result + ")" : "") << "\n";
  const std::string position = header_text(header) + r.next->serialize();
  std::cout << "position:\n" << position;
  draw(o, *r.next, seats, o.game + ": " + next.label, orders);
  if (!o.out.empty()) {
    std::ofstream out(o.out);
    out << position;
    if (!out) throw Unreadable("cannot write '" + o.out + "'");
  }
  return kResolved;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--help") {
      std::cout << kUsage;
      return 0;
    }
  }
  try {
    return run(parse(argc, argv));
  } catch (const UsageError& e) {
    std::cerr << "naumachia-adjudicate: " << e.what() << "\n" << (argc == 1 ? kUsage : "");
    return kUsageError;
  } catch (const DiceExhausted& e) {
    std::cerr << "naumachia-adjudicate: " << e.what() << "\n";
    return kDiceError;
  } catch (const Unreadable& e) {
    std::cerr << "naumachia-adjudicate: " << e.what() << "\n";
    return kUnreadable;
  } catch (const std::exception& e) {
    std::cerr << "naumachia-adjudicate: internal error: " << e.what() << "\n";
    return kInternalError;
  }
}
