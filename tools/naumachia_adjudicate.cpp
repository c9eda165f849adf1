// naumachia-adjudicate: resolves one step of any game headlessly, through the
// same engine calls the server makes (validate each seat's orders, resolve with
// dice), with die rolls given on the command line. For rule tests and for
// checking a position by hand. File formats: docs/position-files.md.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "convert.h"
#include "core/text.h"
#include "games/all_games.h"
#include "svg.h"

namespace {

using namespace naumachia;

constexpr const char* kUsage =
    R"(usage: naumachia-adjudicate GAME (--position FILE | --scenario ID [--players N])
                            [--rules N] [--orders FILE] [--dice 3,5,1] [--out FILE]
                            [--svg FILE]

Resolves the current step of a position and prints what happened (every die
roll with its purpose) and the resulting position.

  GAME              the game module, e.g. diplomacy
  --position FILE   a position in the game's text format (as --out writes it)
  --scenario ID     start from a scenario instead, e.g. standard
  --players N       players for --scenario (default: the scenario's sides)
  --rules N         the module's rules version to play under (default: the
                    current one; a stored game's is in `naumachia-admin games`)
  --orders FILE     orders by seat: a line "[SEAT]" (number or side name) opens
                    each seat's section; '#' starts a comment. Seats that must
                    order and have no section give their default orders.
  --dice LIST       the die rolls to use, in order; resolution fails if the
                    rules ask for more (without --dice: no rolls available)
  --out FILE        also write the resulting position to FILE
  --show            only print the position's step, seats to order and view
  --svg FILE        also draw the position (with --show the given one, else the
                    resulting one) as an SVG picture, everything shown, as
                    `naumachia show --svg` draws a board

Exit status: 0 resolved, 1 illegal orders or bad input, 2 usage.
)";

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Options {
  std::string game, position, scenario, orders, out, svg;
  int players = 0;
  int rules = 0;  // 0 = the module's current version
  std::vector<int> dice;
  bool show = false;
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
      return argv[++i];
    };
    if (a == "--position")
      o.position = value();
    else if (a == "--scenario")
      o.scenario = value();
    else if (a == "--players")
      o.players = std::stoi(value());
    else if (a == "--rules")
      o.rules = std::stoi(value());
    else if (a == "--orders")
      o.orders = value();
    else if (a == "--out")
      o.out = value();
    else if (a == "--show")
      o.show = true;
    else if (a == "--svg")
      o.svg = value();
    else if (a == "--dice") {
      // Kept: the pieces split from it point into it.
      const std::string list = value();
      for (auto piece : text::split(list, ", ")) {
        long long v = 0;
        if (!text::parse_int(piece, v))
          throw std::invalid_argument("--dice: '" + std::string(piece) + "' is not a number");
        o.dice.push_back(static_cast<int>(v));
      }
    } else if (o.game.empty() && a.rfind("--", 0) != 0)
      o.game = a;
    else
      throw std::invalid_argument("unknown argument '" + a + "'");
  }
  if (o.game.empty() || o.position.empty() == o.scenario.empty())
    throw std::invalid_argument("give GAME and one of --position or --scenario");
  return o;
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
        throw std::invalid_argument("orders line " + std::to_string(n) + ": no seat '" + name +
                                    "'");
      out[current];
      continue;
    }
    if (current < 0)
      throw std::invalid_argument("orders line " + std::to_string(n) +
                                  ": an order before any [SEAT] line");
    out[current].emplace_back(line);
  }
  return out;
}

void draw(const Options& o, const State& state, const std::vector<std::string>& seats,
          const std::string& title) {
  if (o.svg.empty()) return;
  proto::View pv;
  convert::to_proto(state.view(std::nullopt), pv);
  std::ofstream out(o.svg, std::ios::binary | std::ios::trunc);
  out << render::render_svg(pv, seats, title);
  if (!out) throw std::runtime_error("cannot write '" + o.svg + "'");
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

int run(const Options& o) {
  Registry registry;
  register_all_games(registry);
  const Game* game = registry.find(o.game);
  if (!game) throw std::invalid_argument("no game '" + o.game + "'");
  std::unique_ptr<State> state;
  const RulesVersion rules = o.rules ? RulesVersion{o.rules} : game->rules_version();
  ScenarioInfo scenario = game->scenarios().at(0);
  int players = o.players;
  if (!o.scenario.empty()) {
    auto found = registry.find_scenario(o.game + "/" + o.scenario);
    if (!found) throw std::invalid_argument(found.error().message);
    scenario = found->second;
    if (players == 0) players = static_cast<int>(scenario.sides.size());
    auto s = game->new_game(o.scenario, players, rules);
    if (!s) throw std::invalid_argument(s.error().message);
    state = std::move(*s);
  } else {
    auto s = game->deserialize(read_file(o.position), rules);
    if (!s) throw std::invalid_argument("position: " + s.error().message);
    state = std::move(*s);
  }
  const StepInfo info = state->step();
  if (players == 0) {
    for (PlayerId p : info.to_order) players = std::max(players, p.value + 1);
    players = std::max<int>(players, static_cast<int>(scenario.sides.size()));
  }
  const auto seats = game->seating(scenario, players).seat_names;
  std::cout << "step " << info.number.value << ": " << info.label << "\n";
  if (o.show || info.game_over) {
    if (info.game_over) std::cout << "game over: " << info.result << "\n";
    print_view(state->view(std::nullopt));
    draw(o, *state, seats, o.game + ": " + info.label);
    return 0;
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
        std::cout << "illegal order of " << seats[static_cast<std::size_t>(p.value)] << ", line "
                  << e.line << ": " << e.message << "\n";
      continue;
    }
    orders[p] = *v;
  }
  for (const auto& [seat, lines] : given) {
    if (std::find(info.to_order.begin(), info.to_order.end(), PlayerId{seat}) ==
        info.to_order.end()) {
      std::cout << "illegal: " << seats[static_cast<std::size_t>(seat)]
                << " does not order in this step\n";
      illegal = true;
    }
  }
  if (illegal) return 1;
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
  std::cout << "position:\n" << r.next->serialize();
  draw(o, *r.next, seats, o.game + ": " + next.label);
  if (!o.out.empty()) {
    std::ofstream out(o.out);
    out << r.next->serialize();
    if (!out) throw std::runtime_error("cannot write '" + o.out + "'");
  }
  return 0;
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
  } catch (const std::invalid_argument& e) {
    std::cerr << "naumachia-adjudicate: " << e.what() << "\n" << (argc == 1 ? kUsage : "");
    return argc == 1 ? 2 : 1;
  } catch (const std::exception& e) {
    std::cerr << "naumachia-adjudicate: " << e.what() << "\n";
    return 1;
  }
}
