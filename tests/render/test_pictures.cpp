// Board pictures: every registered scenario's opening position, as each seat
// and an observer see it, drawn as SVG from the view the server would send
// (convert/convert.h), read back as XML and checked for its cells, counters,
// facings, owners, borders and legend.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "convert.h"
#include "core/dice.h"
#include "support/svg_check.h"
#include "svg.h"
#include "test-games/registry.h"

using namespace naumachia;

namespace {

int tokens_in(const proto::View& v) {
  int n = 0;
  for (const auto& c : v.cells()) n += c.tokens_size();
  return n;
}

// Text a player must read is 11 units or more at 1:1 (BOARDS); only a hex's
// own number may be smaller, the rulers giving it.
void check_readable(const testing::SvgReading& r) {
  for (const auto& font : r.font_sizes)
    if (font.first != "hexnum")
      CHECK_MESSAGE(font.second >= 11, font.first << " at " << font.second);
}

}  // namespace

TEST_CASE("pictures: every scenario's board draws as a readable SVG with its counters and legend") {
  const Registry registry = testing::every_module();
  for (const Game* game : registry.games()) {
    for (const ScenarioInfo& s : game->scenarios()) {
      auto state = game->new_game(s.id, s.min_players);
      REQUIRE_MESSAGE(state.has_value(), s.id);
      for (int seat = -1; seat < s.min_players; ++seat) {
        const View view =
            (*state)->view(seat < 0 ? std::nullopt : std::optional<PlayerId>(PlayerId{seat}));
        proto::View pv;
        convert::to_proto(view, pv);
        const std::string svg = render::render_svg(pv, s.sides, game->id() + "/" + s.id);
        const auto r = testing::read_svg(svg);
        INFO(game->id() << "/" << s.id << " seat " << seat);
        REQUIRE_MESSAGE(r.error.empty(), r.error);
        CHECK(r.with_class("counter") == tokens_in(pv));
        if (pv.board_kind() == proto::BOARD_HEX) CHECK(r.named("polygon") >= pv.cells_size());
        CHECK(r.with_class("cell") == pv.cells_size());  // every cell drawn once
        CHECK(r.has_text(game->id() + "/" + s.id));
        for (const std::string& side : s.sides) CHECK_MESSAGE(r.has_text(side), side);
        // A map drawn from geography lists its powers, a board its sides.
        const bool geo = std::any_of(pv.cells().begin(), pv.cells().end(),
                                     [](const proto::Cell& c) { return !c.outline().empty(); });
        CHECK(r.with_class(geo ? "power" : "legend-side") >= static_cast<int>(s.sides.size()));
        CHECK(static_cast<int>(r.data_tokens.size()) == tokens_in(pv));
        // (Province maps are drawn elsewhere: their names are checked there.)
        const bool map = std::any_of(pv.cells().begin(), pv.cells().end(),
                                     [](const proto::Cell& c) { return c.x() != 0 || c.y() != 0; });
        if (!map) check_readable(r);
        // Every counter's printed values are on it, and every mark has a
        // badge on its counter and an entry in the legend.
        std::set<std::string> marks;
        int badges = 0;
        for (const auto& c : pv.cells()) {
          for (const auto& t : c.tokens()) {
            std::istringstream words(t.values());
            for (std::string w; words >> w;) CHECK_MESSAGE(r.has_text(w), t.label() << " " << w);
            for (const auto& m : t.marks()) {
              marks.insert(m);
              ++badges;
            }
          }
        }
        if (pv.board_kind() == proto::BOARD_HEX) {
          CHECK(r.with_class("hexnum") == pv.cells_size());
          CHECK(r.with_class("ruler") == 1);
          CHECK(r.with_class("legend-terrain") == 1);
          CHECK(r.with_class("mark") == badges);  // no hex board's mark only names a side
          CHECK(r.with_class("legend-mark") == static_cast<int>(marks.size()));
        }
      }
    }
  }
}

TEST_CASE("pictures: every hex board has its values, facings, marks and terrain drawn") {
  const Registry registry = testing::every_module();
  for (const char* id : {"tyre/naval", "tyre/siege", "classis/actium", "constantinople/naval"}) {
    const auto found = registry.find_scenario(id).value();
    auto state = found.first->new_game(found.second.id, found.second.min_players).value();
    proto::View pv;
    convert::to_proto(state->view(std::nullopt), pv);
    const auto r = testing::read_svg(render::render_svg(pv, found.second.sides, id));
    INFO(id);
    REQUIRE(r.error.empty());
    int facings = 0;
    std::set<std::string> terrains;
    for (const auto& c : pv.cells()) {
      terrains.insert(c.terrain());
      // Each hex's number is in it and in its tooltip.
      CHECK(r.has_text(c.id() + ": " + c.terrain()));
      for (const auto& t : c.tokens()) facings += t.facing() >= 0;
    }
    CHECK(r.with_class("facing") == facings);
    CHECK(r.with_class("legend-entry") >= static_cast<int>(terrains.size()));
    for (const std::string& t : terrains) CHECK_MESSAGE(r.has_text(t), t);
  }
}

TEST_CASE("pictures: a hex counter shows its side's letter, values, marks and facing") {
  proto::View v;
  v.set_board_kind(proto::BOARD_HEX);
  for (int col = 1; col <= 3; ++col) {
    for (int row = 1; row <= 2; ++row) {
      auto& c = *v.add_cells();
      c.set_id("0" + std::to_string(col) + "0" + std::to_string(row));
      c.set_col(col);
      c.set_row(row);
      c.set_terrain(row == 2 && col == 3 ? "shoal" : "sea");
      c.set_fill(row == 2 && col == 3 ? proto::FILL_SHALLOWS : proto::FILL_WATER);
      if (row == 2 && col == 3) c.set_label("4");
    }
  }
  auto& cell = *v.mutable_cells(0);
  auto* boom = cell.add_edges();
  boom->set_side(3);
  boom->set_kind("the Boom");
  auto& a = *cell.add_tokens();
  a.set_owner(0);
  a.set_kind("trireme");
  a.set_label("T7");
  a.set_facing(2);
  a.set_values("2 0 D 0/0-12 sail 7");
  a.add_marks("damaged");
  a.add_marks("becalmed");
  a.add_details("pinned to M3");
  auto& b = *cell.add_tokens();
  b.set_owner(1);
  b.set_label("M3");
  b.set_facing(-1);
  b.set_values("5-7-10");
  b.add_marks("disrupted");
  const auto r = testing::read_svg(render::render_svg(v, {"Tyrian", "Macedonian"}, "counters"));
  REQUIRE(r.error.empty());
  check_readable(r);
  CHECK(r.with_class("counter") == 2);
  CHECK(r.data_tokens == std::vector<std::string>{"M3", "T7"});  // the first on top
  CHECK(r.with_class("stack-count") == 1);
  CHECK(r.has_text("2 counters: T7, M3"));
  // Letters: T and M, on the counters and in the legend.
  CHECK(r.with_class("side-letter") == 2);
  CHECK(r.with_class("legend-side") == 2);
  // Values split into lines that fit, all of them shown.
  for (const char* line : {"2 0 D", "0/0-12", "sail 7", "5-7-10"})
    CHECK_MESSAGE(r.has_text(line), line);
  // A badge per mark, the known ones as the legend says and a new one by its
  // letter, and one legend entry each.
  CHECK(r.with_class("mark") == 3);
  CHECK(r.with_class("legend-mark") == 3);
  CHECK(r.has_text("D: damaged"));
  CHECK(r.has_text("Ds: disrupted"));
  CHECK(r.has_text("B: becalmed"));
  // The tooltip has everything the counter carries.
  CHECK(r.has_text("T7 (Tyrian, damaged, becalmed) 2 0 D 0/0-12 sail 7\ntrireme\npinned to M3"));
  CHECK(r.with_class("facing") == 1);
  CHECK(r.has_text("T7 faces SE"));
  // The Boom on the hex side, and in the terrain legend; the shoal's number.
  CHECK(r.has_text("0101 S: the Boom"));
  CHECK(r.has_text("hex side: the Boom"));
  CHECK(r.with_class("terrain-label") == 1);
  CHECK(r.has_text("shoal"));
  // Rulers: columns 01-03 and rows 01-02 on both edges.
  CHECK(r.with_class("hexnum") == 6);
  int ruler_texts = 0;
  for (const auto& t : r.texts) ruler_texts += t == "01" || t == "02" || t == "03";
  CHECK(ruler_texts == 2 * 3 + 2 * 2);
}

TEST_CASE("pictures: a list board's boxes fit their titles and counters") {
  const Registry registry = testing::every_module();
  const auto found = registry.find_scenario("eih-naval/trafalgar").value();
  auto state = found.first->new_game(found.second.id, found.second.min_players).value();
  for (int seat = -1; seat < 2; ++seat) {
    proto::View pv;
    convert::to_proto(
        state->view(seat < 0 ? std::nullopt : std::optional<PlayerId>(PlayerId{seat})), pv);
    const auto r = testing::read_svg(render::render_svg(pv, found.second.sides, "trafalgar"));
    REQUIRE(r.error.empty());
    check_readable(r);
    // One counter a fleet, each titled whole.
    CHECK(r.with_class("counter") == 6);
    CHECK(r.has_text("stack 1: the British fleet (Britain, attacking)"));
    for (const auto& c : pv.cells())
      for (const auto& t : c.tokens()) {
        CHECK(t.details_size() > 0);
        // A fleet hidden from the seat shows no count.
        CHECK(t.values().empty() ==
              (std::find(t.marks().begin(), t.marks().end(), "hidden") != t.marks().end()));
      }
  }
}

TEST_CASE("pictures: a Diplomacy map is drawn from geography with centres, owners and every unit") {
  const Registry registry = testing::every_module();
  const auto found = registry.find_scenario("diplomacy/standard").value();
  auto state = found.first->new_game("standard", 7).value();
  proto::View pv;
  convert::to_proto(state->view(std::nullopt), pv);
  CHECK(pv.board_kind() == proto::BOARD_MAP);
  CHECK(pv.width() > 0);
  CHECK(pv.powers_size() == 7);
  CHECK_FALSE(pv.backdrop().empty());
  int centres = 0;
  for (const auto& c : pv.cells()) {
    CHECK_MESSAGE((c.x() > 0 && c.y() > 0 && c.x() < pv.width() && c.y() < pv.height()), c.id());
    CHECK_FALSE(c.neighbours().empty());
    CHECK_FALSE(c.outline().empty());
    centres += c.supply_centre();
  }
  CHECK(centres == 34);
  const auto r = testing::read_svg(render::render_svg(pv, found.second.sides, "standard"));
  REQUIRE(r.error.empty());
  CHECK(r.with_class("cell") == 75);
  CHECK(r.with_class("impassable") == 1);
  CHECK(r.with_class("centre") == 34 + 1);  // and the legend's
  CHECK(r.with_class("power") == 7);        // the legend: colour, letter and line of each power
  CHECK(r.has_text("England: 3 centres, 3 units"));
  CHECK(r.with_class("counter") == 22);  // the 22 starting units
  CHECK(r.has_text("F lon (England)"));
  CHECK(r.has_text("par: Paris, centre of France"));
}

TEST_CASE("pictures: The Fall of Constantinople shows cities, garrisons and the Long Wall") {
  const Registry registry = testing::every_module();
  const auto found = registry.find_scenario("diplomacy/fall-of-constantinople").value();
  auto state = found.first->new_game(found.second.id, 7).value();
  proto::View pv;
  convert::to_proto(state->view(std::nullopt), pv);
  const auto r = testing::read_svg(render::render_svg(pv, found.second.sides, "fall"));
  REQUIRE(r.error.empty());
  // FoC Mapboard h: the Long Wall against West and East Thrace, drawn along
  // the border; cities as towers; the land bridges and straits drawn.
  CHECK(r.with_class("wall") == 2);
  CHECK(r.has_text("wall: con - wth"));
  CHECK(r.with_class("city") >= 1);
  CHECK(r.with_class("crossing") > 0);
  CHECK(r.has_text("land bridge"));
  CHECK(r.has_text("con city: Constantinople (8£, size 3, port), Byzantium's"));
  CHECK(r.has_text("Byzantium 2A con (city) (Byzantium, garrison)"));
}

TEST_CASE("pictures: text in a view cannot break the picture") {
  proto::View v;
  v.set_board_kind(proto::BOARD_LIST);
  auto& c = *v.add_cells();
  c.set_id("<script>&\"x\"");
  c.set_label("a \x01 label </svg>");
  auto& t = *c.add_tokens();
  t.set_owner(-1);
  t.set_label("]]> & <");
  t.set_facing(7);
  v.add_notes("note with <b>tags</b> & \"quotes\"");
  const auto r = testing::read_svg(render::render_svg(v, {"<side>"}, "title & <more>"));
  CHECK_MESSAGE(r.error.empty(), r.error);
  CHECK(r.has_text("<script>&\"x\""));
  CHECK(r.has_text("note with <b>tags</b> & \"quotes\""));
}

namespace {

std::string arrows_text(const std::vector<Arrow>& arrows) {
  std::string out;
  for (const Arrow& a : arrows) {
    out += std::to_string(a.owner) + " " + name(a.kind) + " " + a.from + ">" + a.to +
           (a.via.empty() ? "" : " via " + a.via) + (a.failed ? " failed" : "") + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("pictures: the orders that led to a Diplomacy position are arrows by kind and side") {
  const Registry registry = testing::every_module();
  const auto found = registry.find_scenario("diplomacy/standard").value();
  auto state = found.first->new_game("standard", 7).value();
  // Seats in the order of the powers: England 1, France 2, Germany 3, Russia 5.
  const RevealedLines orders{
      {PlayerId{1}, {"F lon - nth", "A lvp - yor", "F nth C A lon - bel"}},
      {PlayerId{2}, {"A par - bur", "A mar S A par - bur", "F bre H", "France: F bre S A mar"}},
      {PlayerId{3}, {"Build A ber", "not an order"}},
      {PlayerId{5}, {"F stp/sc - bot"}},
  };
  const auto arrows = state->order_arrows(orders);
  CHECK(arrows_text(arrows) ==
        "1 move lon>nth\n"
        "1 move lvp>yor\n"
        "1 convoy nth>bel via lon\n"
        "2 move par>bur\n"
        "2 support mar>bur via par\n"
        "2 support bre>mar via mar\n"
        "5 move stp>bot\n");
  View view = state->view(std::nullopt);
  view.arrows = arrows;
  proto::View pv;
  convert::to_proto(view, pv);
  const auto r = testing::read_svg(render::render_svg(pv, found.second.sides, "orders"));
  REQUIRE(r.error.empty());
  CHECK(r.with_class("order order-move") == 4);
  CHECK(r.with_class("order order-support") == 2);
  CHECK(r.with_class("order order-convoy") == 1);
  CHECK(r.has_text("mar S par - bur"));
  CHECK(r.has_text("bre S mar"));
  // Without orders (the first position) nothing is drawn.
  CHECK(state->order_arrows({}).empty());
}

TEST_CASE("pictures: failed orders are drawn unlike those that succeeded, dislodged units marked") {
  const Registry registry = testing::every_module();
  const auto found = registry.find_scenario("diplomacy/standard").value();
  std::unique_ptr<State> state = found.first->new_game("standard", 7).value();
  // Seats in the order of the powers: France 2, Germany 3, Russia 5, Turkey 6.
  const auto play = [&](std::map<int, std::vector<std::string>> lines) {
    std::map<PlayerId, OrderSet> orders;
    RevealedLines revealed;
    for (PlayerId p : state->step().to_order) {
      auto v = state->validate(p, lines[p.value]);
      REQUIRE(v.has_value());
      orders[p] = *v;
      if (!v->lines.empty()) revealed[p] = v->lines;
    }
    ScriptedDice no_dice({});
    state = state->resolve(orders, no_dice).next;
    return revealed;
  };
  play({{6, {"A smy - arm", "F ank - bla"}}});
  const RevealedLines fall = play({{2, {"A par - bur"}},
                                   {3, {"A mun - bur"}},
                                   {5, {"F sev H"}},
                                   {6, {"F bla - sev", "A arm S F bla - sev"}}});
  // Two moves bounced; the Turkish attack and its support succeeded.
  CHECK(arrows_text(state->order_arrows(fall)) ==
        "2 move par>bur failed\n"
        "3 move mun>bur failed\n"
        "6 move bla>sev\n"
        "6 support arm>sev via bla\n");
  View view = state->view(std::nullopt);
  view.arrows = state->order_arrows(fall);
  proto::View pv;
  convert::to_proto(view, pv);
  const auto r = testing::read_svg(render::render_svg(pv, found.second.sides, "after"));
  REQUIRE(r.error.empty());
  CHECK(r.with_class("failed") == 2);         // a cross at the head of each failed order
  CHECK(r.with_class("dislodged") == 1 + 1);  // Russia's fleet in Sevastopol, and the legend's
  CHECK(r.has_text("par - bur (failed)"));
  CHECK(r.has_text("dislodged"));
  // Orders that do not lead to the position drawn are not judged.
  for (const Arrow& a : state->order_arrows({{PlayerId{2}, {"A par - pic"}}}))
    CHECK_FALSE(a.failed);
}

TEST_CASE("pictures: The Fall of Constantinople's orders are arrows between provinces and cities") {
  const Registry registry = testing::every_module();
  const auto found = registry.find_scenario("diplomacy/fall-of-constantinople").value();
  auto state = found.first->new_game(found.second.id, 7).value();
  const RevealedLines orders{
      {PlayerId{0}, {"A the S A ath - sal", "A ath - ath city", "A ath P", "2A ath - ath"}},
      {PlayerId{4}, {"2A/1F otr - apu", "Naples: F apu S 2A/1F otr", "3A nis B"}},
      {PlayerId{6}, {"buy 2 food from the bank", "sell 2 food to Genoa by 6£"}},
  };
  // Into or out of a city as the units stand ("2A ath - ath"), sieges,
  // pillage and trade draw nothing.
  CHECK(arrows_text(state->order_arrows(orders)) ==
        "0 support the>sal via ath\n"
        "0 move ath>ath city\n"
        "4 move otr>apu\n"
        "4 support apu>otr via otr\n");
}

TEST_CASE(
    "pictures: a hex board draws each kind of order along its hexes, with its tooltip and a legend "
    "entry") {
  const Registry registry = testing::every_module();
  const auto found = registry.find_scenario("classis/patrol").value();
  auto state = found.first->new_game(found.second.id, 2).value();
  View view = state->view(std::nullopt);
  REQUIRE(view.board_kind == BoardKind::Hex);
  // Cells of the board, whatever it holds: the first hexes of its first column.
  std::vector<std::string> cells;
  for (const Cell& c : view.cells)
    if (c.col == view.cells.front().col && cells.size() < 5) cells.push_back(c.id);
  REQUIRE(cells.size() == 5);
  const auto arrow = [](std::string from, std::string to, ArrowKind kind, int owner, bool failed,
                        std::vector<std::string> path, std::string order) {
    Arrow a;
    a.from = std::move(from);
    a.to = std::move(to);
    a.kind = kind;
    a.owner = owner;
    a.failed = failed;
    a.path = std::move(path);
    a.order = std::move(order);
    return a;
  };
  view.arrows = {
      arrow(cells[0], cells[3], ArrowKind::Move, 0, false, {cells[1], cells[2]}, "R1: move 3"),
      arrow(cells[3], cells[4], ArrowKind::Ram, 0, false, {}, "R1: ram P1"),
      arrow(cells[4], cells[3], ArrowKind::Melee, 1, true, {}, "P1: board R1"),
      arrow(cells[2], cells[4], ArrowKind::Fire, 1, false, {}, ""),
      // A cell the board does not have: not drawn.
      arrow(cells[0], "9999", ArrowKind::Move, 0, false, {}, "R2: move 1"),
  };
  proto::View pv;
  convert::to_proto(view, pv);
  const auto r = testing::read_svg(render::render_svg(pv, found.second.sides, "orders"));
  REQUIRE_MESSAGE(r.error.empty(), r.error);
  check_readable(r);
  CHECK(r.with_class("order order-move") == 1);
  CHECK(r.with_class("order order-ram") == 1);
  CHECK(r.with_class("order order-melee") == 1);
  CHECK(r.with_class("order order-fire") == 1);
  CHECK(r.with_class("failed") == 1);  // the cross at the failed melee's head
  CHECK(r.has_text("R1: move 3 (" + cells[0] + "-" + cells[1] + "-" + cells[2] + "-" + cells[3] +
                   ")"));
  CHECK(r.has_text("P1: board R1 (" + cells[4] + "-" + cells[3] + ") (failed)"));
  CHECK(r.has_text(cells[2] + " - " + cells[4]));  // no order text: the cells alone
  // The legend: one entry per kind drawn and one for a failed order.
  CHECK(r.with_class("legend-orders") == 1);
  for (const char* kind : {"move", "ram", "fire", "melee", "failed"})
    CHECK_MESSAGE(r.has_text(kind), kind);
  CHECK_FALSE(r.has_text("support"));
  // Without orders, no legend of them.
  view.arrows.clear();
  proto::View bare;
  convert::to_proto(view, bare);
  const auto plain = testing::read_svg(render::render_svg(bare, found.second.sides, "none"));
  CHECK(plain.with_class("legend-orders") == 0);
  CHECK(plain.with_class("order order-move") == 0);
}
