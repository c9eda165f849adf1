// Constantinople: reading the compiled-in data (data/map.txt, tables.txt,
// forces.txt) through the shared record reader. A mistake in the data is an
// error naming the file and line.
#include <algorithm>

#include "core/records.h"
#include "core/text.h"
#include "games/constantinople/position.h"

namespace naumachia::data {
std::string_view constantinople_map();
std::string_view constantinople_tables();
std::string_view constantinople_forces();
}  // namespace naumachia::data

namespace naumachia::constantinople {

const char* side_name(Side s) {
  return s == Side::Ottoman ? "Ottoman" : "Byzantine";
}

namespace {

struct Code {
  char c;
  Water water;
  Region region;
  Shore shore;
  const char* name;
};

// The grid characters of data/map.txt.
constexpr std::array<Code, 21> kCodes{{
    {'.', Water::Sea, Region::Marmara, Shore::None, "the Sea of Marmara"},
    {'~', Water::Sea, Region::Bosphorus, Shore::None, "the Bosphorus"},
    {'-', Water::Sea, Region::Horn, Shore::None, "the Golden Horn"},
    {'m', Water::Coast, Region::Marmara, Shore::City, "the city's Marmara shore"},
    {'k', Water::Coast, Region::Horn, Shore::City, "the city's Golden Horn shore"},
    {'t', Water::Coast, Region::Horn, Shore::Galata, "Galata's Golden Horn shore"},
    {'u', Water::Coast, Region::Bosphorus, Shore::Galata, "Galata's Bosphorus shore"},
    {'p', Water::Coast, Region::Horn, Shore::Pera, "Pera's Golden Horn shore"},
    {'q', Water::Coast, Region::Bosphorus, Shore::Pera, "Pera's Bosphorus shore"},
    {'D', Water::Anchorage, Region::Bosphorus, Shore::Pera, "the Double Columns"},
    {'a', Water::Coast, Region::Bosphorus, Shore::Asia, "the Asian shore"},
    {'w', Water::Coast, Region::Marmara, Shore::Outside, "the shore outside the walls"},
    {'r', Water::Coast, Region::Marmara, Shore::None, "a reef"},
    {'E', Water::Harbour, Region::Harbour, Shore::City, "the Harbor of Eleutheris"},
    {'K', Water::Harbour, Region::Harbour, Shore::City, "the Contoscalion harbour"},
    {'C', Water::Land, Region::None, Shore::City, "the city"},
    {'W', Water::Land, Region::None, Shore::City, "the land walls"},
    {'G', Water::Land, Region::None, Shore::Galata, "Galata"},
    {'P', Water::Land, Region::None, Shore::Pera, "Pera"},
    {'A', Water::Land, Region::None, Shore::Asia, "Asia"},
    {'L', Water::Land, Region::None, Shore::Outside, "land"},
}};

const Code* code_of(char c) {
  for (const Code& k : kCodes) {
    if (k.c == c) return &k;
  }
  return nullptr;
}

std::pair<HexId, HexId> side_key(HexId a, HexId b) {
  return a < b ? std::pair{a, b} : std::pair{b, a};
}

}  // namespace

const char* Map::terrain_name(const HexInfo& h) {
  const Code* k = code_of(h.code);
  return k ? k->name : "land";
}

bool Map::on_map(HexId h) const {
  return h.col >= c0_ && h.col <= c1_ && h.row >= r0_ && h.row <= r1_;
}

const HexInfo& Map::at(HexId h) const {
  static const HexInfo kLand{};
  if (!on_map(h)) return kLand;
  return cells_[static_cast<std::size_t>((h.row - r0_) * (c1_ - c0_ + 1) + (h.col - c0_))];
}

bool Map::at_sea(HexId h) const {
  const HexInfo& i = at(h);
  return (i.region == Region::Marmara || i.region == Region::Bosphorus) &&
         i.water != Water::Anchorage && i.water != Water::Land;
}

std::optional<BoomKind> Map::boom(HexId a, HexId b) const {
  const auto it = booms_.find(side_key(a, b));
  if (it == booms_.end()) return std::nullopt;
  return it->second;
}

bool Map::beside_boom(HexId h) const {
  return std::any_of(boom_list_.begin(), boom_list_.end(),
                     [&](const auto& s) { return s.first == h || s.second == h; });
}

bool Map::haven(HexId h) const {
  return std::find(havens_.begin(), havens_.end(), h) != havens_.end();
}

Expected<Map> Map::parse(std::string_view text) {
  Map m;
  const auto recs = records::read(text, "constantinople map");
  bool in_grid = false;
  for (const records::Record& r : recs) {
    if (in_grid && r.size() == 2 && r.keyword().size() == 2 && std::isdigit(r.keyword()[0])) {
      auto row = r.integer(0, m.r0_, m.r1_);
      if (!row) return unexpected(row.error());
      const std::string_view line = r[1];
      if (static_cast<int>(line.size()) != m.c1_ - m.c0_ + 1)
        return r.error("row has " + std::to_string(line.size()) + " hexes, not " +
                       std::to_string(m.c1_ - m.c0_ + 1));
      for (std::size_t i = 0; i < line.size(); ++i) {
        const Code* k = code_of(line[i]);
        if (!k) return r.error(std::string("unknown map character '") + line[i] + "'");
        HexInfo& h = m.cells_[static_cast<std::size_t>((*row - m.r0_) * (m.c1_ - m.c0_ + 1)) + i];
        h = HexInfo{k->c, k->water, k->region, k->shore, 0};
      }
      continue;
    }
    in_grid = false;
    if (r.is("columns", 2) || r.is("rows", 2)) {
      // The grid's size: fixed before the grid is drawn, which it indexes.
      if (!m.cells_.empty()) return r.error("columns and rows come before the grid");
      auto lo = r.integer(1, 1, 99), hi = r.integer(2, 1, 99);
      if (!lo) return unexpected(lo.error());
      if (!hi) return unexpected(hi.error());
      if (*hi < *lo) return r.error("the last " + std::string(r.keyword()) + " before the first");
      (r.keyword() == "columns" ? m.c0_ : m.r0_) = *lo;
      (r.keyword() == "columns" ? m.c1_ : m.r1_) = *hi;
    } else if (r.is("compass", 1)) {
      auto d = r.dir(1);
      if (!d) return unexpected(d.error());
      m.north_ = *d;
    } else if (r.is("grid", 0)) {
      if (m.c1_ < m.c0_ || m.r1_ < m.r0_) return r.error("the grid needs its columns and rows");
      if (!m.cells_.empty()) return r.error("a second grid");
      m.cells_.assign(static_cast<std::size_t>((m.c1_ - m.c0_ + 1) * (m.r1_ - m.r0_ + 1)),
                      HexInfo{});
      in_grid = true;
    } else if (r.is("shoal", 2, 99)) {
      if (m.cells_.empty()) return r.error("shoals come after the grid");
      auto n = r.integer(1, 1, 6);
      if (!n) return unexpected(n.error());
      for (std::size_t i = 2; i < r.size(); ++i) {
        auto h = r.hex(i);
        if (!h) return unexpected(h.error());
        if (!m.enterable(*h)) return r.error("shoal hex " + hex::format_hex(*h) + " is not water");
        m.cells_[static_cast<std::size_t>((h->row - m.r0_) * (m.c1_ - m.c0_ + 1) +
                                          (h->col - m.c0_))]
            .shoal = *n;
      }
    } else if (r.is("boom", 3) || r.is("permanent-boom", 2)) {
      const bool perm = r.keyword() == "permanent-boom";
      BoomKind kind = BoomKind::Permanent;
      if (!perm) {
        auto k = r.choice<BoomKind>(1, "boom hexside",
                                    {{"passage", BoomKind::Passage}, {"closed", BoomKind::Closed}});
        if (!k) return unexpected(k.error());
        kind = *k;
      }
      auto a = r.hex(perm ? 1 : 2), b = r.hex(perm ? 2 : 3);
      if (!a) return unexpected(a.error());
      if (!b) return unexpected(b.error());
      if (hex::distance(*a, *b) != 1) return r.error("a boom hexside joins two adjacent hexes");
      m.booms_[side_key(*a, *b)] = kind;
      if (!perm) m.boom_list_.emplace_back(*a, *b);
    } else if (r.is("boom-control", 3)) {
      for (std::size_t i = 0; i < 3; ++i) {
        auto h = r.hex(i + 1);
        if (!h) return unexpected(h.error());
        m.control_[i] = *h;
      }
    } else if (r.is("anchorage", 1)) {
      auto h = r.hex(1);
      if (!h) return unexpected(h.error());
      m.anchorage_ = *h;
    } else if (r.is("storm-haven", 2, 20)) {
      if (r[1] != "byzantine") continue;  // the Ottoman haven is the anchorage (14.29)
      for (std::size_t i = 2; i < r.size(); ++i) {
        auto h = r.hex(i);
        if (!h) return unexpected(h.error());
        m.havens_.push_back(*h);
      }
    } else if (r.is("portage-landing", 2)) {
      auto h = r.hex(1);
      auto n = r.integer(2, 1, 20);
      if (!h) return unexpected(h.error());
      if (!n) return unexpected(n.error());
      m.portage_centre_ = *h;
      m.portage_radius_ = *n;
    } else if (r.is("gate", 2, 5)) {
      auto h = r.hex(1);
      if (!h) return unexpected(h.error());
      std::vector<std::string> words;
      for (std::size_t i = 2; i < r.size(); ++i) words.emplace_back(r[i]);
      m.gates_[*h] = text::join(words, " ");
    } else {
      return r.error("unknown record '" + std::string(r.keyword()) + "'");
    }
  }
  if (m.cells_.empty()) return fail("constantinople map: no grid");
  for (int c = m.c0_; c <= m.c1_; ++c) {
    const HexId h{c, m.r1_};
    if (m.at(h).water == Water::Sea && m.at(h).region == Region::Marmara)
      m.south_edge_.push_back(h);
  }
  if (m.at(m.anchorage_).water != Water::Anchorage)
    return fail("constantinople map: the anchorage is not a 'D' hex");
  return m;
}

// ------------------------------------------------------------------ tables

int Tables::assault_on(int turn) const {
  const auto it = assault_capability.find(turn);
  return it == assault_capability.end() ? 0 : it->second;
}

int Tables::guns_on(int turn) const {
  const auto it = pera_guns.find(turn);
  return it == pera_guns.end() ? 0 : it->second;
}

// 15.41: differentials below -3 and above +4 use the end columns.
MeleeResult Tables::melee_result(int differential, int die) const {
  const int col = std::clamp(differential, -3, 4) + 3;
  return melee[static_cast<std::size_t>(die - 1)][static_cast<std::size_t>(col)];
}

Expected<Tables> parse_tables(std::string_view text) {
  Tables t;
  std::set<std::string> seen;
  for (const records::Record& r : records::read(text, "constantinople tables")) {
    if (r.is("wind-direction", 2)) {
      auto roll = r.integer(1, 2, 12);
      auto d = r.dir(2);
      if (!roll) return unexpected(roll.error());
      if (!d) return unexpected(d.error());
      t.wind_direction[static_cast<std::size_t>(*roll)] = *d;
      seen.insert("wd" + std::to_string(*roll));
    } else if (r.is("wind-velocity", 2)) {
      auto roll = r.integer(1, 2, 12);
      if (!roll) return unexpected(roll.error());
      int v = 0;
      if (r[2] == "storm") {
        v = kStorm;
      } else if (r[2] == "calm") {
        v = kCalm;
      } else {
        auto n = r.integer(2, 1, 12);
        if (!n) return unexpected(n.error());
        v = *n;
      }
      t.wind_velocity[static_cast<std::size_t>(*roll)] = v;
      seen.insert("wv" + std::to_string(*roll));
    } else if (r.is("melee", 9)) {
      auto die = r.integer(1, 1, 6);
      if (!die) return unexpected(die.error());
      for (std::size_t i = 0; i < 8; ++i) {
        auto res = r.choice<MeleeResult>(i + 2, "melee result",
                                         {{"-", MeleeResult::None},
                                          {"I", MeleeResult::Ineffective},
                                          {"D", MeleeResult::Damaged},
                                          {"L", MeleeResult::LoseOne}});
        if (!res) return unexpected(res.error());
        t.melee[static_cast<std::size_t>(*die - 1)][i] = *res;
      }
      seen.insert("m" + std::to_string(*die));
    } else if (r.is("ram", 5)) {
      auto row = r.choice<int>(1, "ram defence", {{"A", 1}, {"B", 2}, {"C", 3}, {"D", 4}});
      if (!row) return unexpected(row.error());
      for (std::size_t i = 0; i < 4; ++i) {
        std::string cell(r[i + 2]);
        RamEntry e;
        if (cell != "-") {
          e.sink_roll = !cell.empty() && cell.back() == '*';
          if (e.sink_roll) cell.pop_back();
          long long hi = 0;
          const std::string digits = cell.rfind("1-", 0) == 0 ? cell.substr(2) : cell;
          if (!text::parse_int(digits, hi) || hi < 1 || hi > 6)
            return r.error("ram entry '" + std::string(r[i + 2]) + "' is not -, N, 1-N or 1-N*");
          e.pin_max = static_cast<int>(hi);
        }
        t.ram[static_cast<std::size_t>(*row - 1)][i] = e;
      }
      seen.insert("r" + std::to_string(*row));
    } else if (r.is("game-length", 1)) {
      auto n = r.integer(1, 20, 99);
      if (!n) return unexpected(n.error());
      t.game_length = *n;
    } else if (r.is("assault-capability", 3) || r.is("pera-guns", 3)) {
      auto from = r.integer(1, 1, 99), to = r.integer(2, 1, 99), v = r.integer(3, 0, 20);
      if (!from) return unexpected(from.error());
      if (!to) return unexpected(to.error());
      if (!v) return unexpected(v.error());
      auto& table = r.keyword() == "pera-guns" ? t.pera_guns : t.assault_capability;
      for (int turn = *from; turn <= *to; ++turn) table[turn] = *v;
    } else {
      return r.error("unknown record '" + std::string(r.keyword()) + "'");
    }
  }
  if (seen.size() != 11 + 11 + 6 + 4) return fail("constantinople tables: a table is incomplete");
  return t;
}

namespace {

Expected<Values> values_at(const records::Record& r, std::size_t i) {
  Values v;
  auto melee = r.integer(i, 0, 20), ram = r.integer(i + 1, 0, 4);
  auto def = r.choice<int>(i + 2, "ram defence", {{"A", 1}, {"B", 2}, {"C", 3}, {"D", 4}});
  if (!melee) return unexpected(melee.error());
  if (!ram) return unexpected(ram.error());
  if (!def) return unexpected(def.error());
  const std::string_view speeds = r[i + 3];
  const auto slash = speeds.find('/');
  const auto dash = speeds.find('-');
  long long cruise = 0, battle = 0, sail = 0;
  if (slash == std::string_view::npos || dash == std::string_view::npos || dash < slash ||
      !text::parse_int(speeds.substr(0, slash), cruise) ||
      !text::parse_int(speeds.substr(slash + 1, dash - slash - 1), battle) ||
      !text::parse_int(speeds.substr(dash + 1), sail) || cruise < 0 || battle < cruise ||
      sail < 0 || sail > 12)
    return r.error("speeds '" + std::string(speeds) + "' are not CRUISE/BATTLE-SAIL");
  v.melee = *melee;
  v.ram = *ram;
  v.defence = *def;
  v.cruise = static_cast<int>(cruise);
  v.battle = static_cast<int>(battle);
  v.sail = static_cast<int>(sail);
  return v;
}

}  // namespace

Expected<Scenario> load_scenario() {
  return load_scenario(data::constantinople_map(), data::constantinople_tables(),
                       data::constantinople_forces());
}

Expected<Scenario> load_scenario(std::string_view map_text, std::string_view tables_text,
                                 std::string_view forces_text) {
  Scenario sc;
  auto map = Map::parse(map_text);
  if (!map) return unexpected(map.error());
  sc.map = std::move(*map);
  auto tables = parse_tables(tables_text);
  if (!tables) return unexpected(tables.error());
  sc.tables = std::move(*tables);
  for (const records::Record& r : records::read(forces_text, "forces")) {
    if (r.is("class", 12)) {
      ShipClass c;
      c.id = std::string(r[1]);
      auto side =
          r.choice<Side>(2, "side", {{"ottoman", Side::Ottoman}, {"byzantine", Side::Byzantine}});
      auto kind = r.choice<Kind>(3, "kind",
                                 {{"galley", Kind::Galley},
                                  {"trireme", Kind::Trireme},
                                  {"bireme", Kind::Bireme},
                                  {"fustae", Kind::Fustae}});
      if (!side) return unexpected(side.error());
      if (!kind) return unexpected(kind.error());
      c.side = *side;
      c.kind = *kind;
      c.name = std::string(r[4]);
      auto front = values_at(r, 5), back = values_at(r, 9);
      if (!front) return unexpected(front.error());
      if (!back) return unexpected(back.error());
      c.front = *front;
      c.back = *back;
      sc.classes[c.id] = c;
    } else if (r.is("ship", 2)) {
      if (!sc.classes.count(std::string(r[2])))
        return r.error("unknown class '" + std::string(r[2]) + "'");
      sc.ships.emplace_back(std::string(r[1]), std::string(r[2]));
    } else if (r.is("leader", 1)) {
      sc.leaders.emplace_back(r[1]);
    } else if (r.is("arrives", 2)) {
      auto turn = r.integer(2, 1, 99);
      if (!turn) return unexpected(turn.error());
      if (r[1] != "ottoman") sc.arrives[std::string(r[1])] = *turn;
    } else if (r.is("default-setup", 3)) {
      auto h = r.hex(2);
      auto d = r.dir(3);
      if (!h) return unexpected(h.error());
      if (!d) return unexpected(d.error());
      if (!sc.map.in_horn(*h))
        return r.error("the Byzantine galleys set up in the Golden Horn (19.1)");
      sc.default_setup[std::string(r[1])] = {*h, *d};
    } else if (r.is("default-leader", 2)) {
      sc.default_leaders[std::string(r[1])] = std::string(r[2]);
    } else {
      return r.error("unknown record '" + std::string(r.keyword()) + "'");
    }
  }
  return sc;
}

}  // namespace naumachia::constantinople
