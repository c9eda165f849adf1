// Empires in Harm naval combat: reading data/tables.txt, the reconstructed
// Naval Combat Chart and Combat Resolution Chart (1.1.2.3-1.1.2.8, 1.1.3,
// 1.1.4, 1.1.2.4.2, 1.1.2.1, 1.1.5, 1.1.2.7.3), and the small number and
// word helpers every other file uses. A malformed file is refused with the
// line that is wrong; a missing entry with what is missing.
#include <algorithm>
#include <cassert>

#include "core/records.h"
#include "core/text.h"
#include "games/eih_naval/position.h"

namespace naumachia::eih_naval {

// ------------------------------------------------------------------ numbers, words

Expected<Hundredths> parse_decimal(std::string_view w) {
  const std::string bad = "'" + std::string(w) + "' is not a decimal number (e.g. 3.5)";
  const auto dot = w.find('.');
  const std::string_view whole = w.substr(0, dot);
  const std::string_view frac = dot == std::string_view::npos ? "" : w.substr(dot + 1);
  if (whole.empty() || whole.size() > 5 || frac.size() > 2 ||
      (dot != std::string_view::npos && frac.empty()))
    return fail(bad);
  const auto digits = [](std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (!digits(whole) || !digits(frac)) return fail(bad);
  long long a = 0, b = 0;
  text::parse_int(whole, a);
  if (!frac.empty()) text::parse_int(frac, b);
  if (frac.size() == 1) b *= 10;
  return Hundredths{static_cast<int>(a * 100 + b)};
}

std::string format(Hundredths h) {
  const int v = h.value < 0 ? -h.value : h.value;
  std::string out = (h.value < 0 ? "-" : "") + std::to_string(v / 100) + ".";
  const int frac = v % 100;
  if (frac % 10 == 0) return out + std::to_string(frac / 10);
  return out + (frac < 10 ? "0" : "") + std::to_string(frac);
}

std::string signed_number(int v) {
  return (v > 0 ? "+" : "") + std::to_string(v);
}

const char* type_word(ShipType t) {
  switch (t) {
    case ShipType::Heavy:
      return "heavy";
    case ShipType::Light:
      return "light";
    case ShipType::Galley:
      return "galleys";
  }
  return "?";
}

std::optional<ShipType> parse_type(std::string_view w) {
  if (w == "heavy") return ShipType::Heavy;
  if (w == "light") return ShipType::Light;
  if (w == "galleys" || w == "galley") return ShipType::Galley;
  return std::nullopt;
}

std::string composition(const Ships& s) {
  return "heavy " + std::to_string(s[ShipType::Heavy]) + " light " +
         std::to_string(s[ShipType::Light]) + " galleys " + std::to_string(s[ShipType::Galley]);
}

std::string ships_text(const Ships& s) {
  std::vector<std::string> parts;
  for (ShipType t : kShipTypes) {
    if (s[t] == 0) continue;
    const std::string kind =
        t == ShipType::Galley ? (s[t] == 1 ? "galley" : "galleys") : std::string(type_word(t));
    parts.push_back(std::to_string(s[t]) + " " + kind);
  }
  return parts.empty() ? "no ships" : text::join(parts, ", ");
}

std::string quoted(const std::string& name) {
  return name.find_first_of(" \t") == std::string::npos ? name : "\"" + name + "\"";
}

// ------------------------------------------------------------------ tables

bool Tables::has_chit(std::string_view c) const {
  return std::find(chits.begin(), chits.end(), c) != chits.end();
}

const CrtResult& Tables::result(const std::string& table, int roll) const {
  const int r = std::clamp(roll, kLowestRoll, kHighestRoll);
  return crt.at(table)[static_cast<std::size_t>(r - kLowestRoll)];
}

const ChartCell& Tables::cell(const std::string& attacker, const std::string& defender) const {
  return chart.at({attacker, defender});
}

namespace {

using records::Record;

const char* const kFile = "eih-naval tables";

// ------------------------------------------------------------------ fields

Expected<Hundredths> decimal(const Record& r, std::size_t i, int max_hundredths) {
  if (i >= r.size()) return r.error("field " + std::to_string(i) + " is missing");
  auto d = parse_decimal(r[i]);
  if (!d) return r.error(d.error().message);
  if (d->value > max_hundredths) return r.error(r.word(i) + " is too large");
  return *d;
}

// Field i names a table ("3-1"): its form is checked here, that the CRT
// holds it once the file is read.
Expected<std::string> table(const Record& r, std::size_t i) {
  if (i >= r.size()) return r.error("field " + std::to_string(i) + " (a table) is missing");
  const std::string t = r.word(i);
  if (t.size() != 3 || t[1] != '-' || t[0] < '1' || t[0] > '9' || t[2] < '1' || t[2] > '9')
    return r.error("'" + t + "' is not a table name like 3-1");
  return t;
}

Expected<DieRange> die_range(const Record& r, std::size_t i) {
  if (i >= r.size()) return r.error("field " + std::to_string(i) + " (a range) is missing");
  const auto parts = text::split(r[i], "-");
  long long lo = 0, hi = 0;
  if (parts.size() == 1 && text::parse_int(parts[0], lo)) {
    hi = lo;
  } else if (parts.size() != 2 || !text::parse_int(parts[0], lo) ||
             !text::parse_int(parts[1], hi)) {
    return r.error("'" + r.word(i) + "' is not a range like 1-2");
  }
  if (lo < 1 || hi > 12 || lo > hi)
    return r.error("'" + r.word(i) + "' is not a range of die rolls");
  return DieRange{static_cast<int>(lo), static_cast<int>(hi)};
}

// The statements read once at most, by keyword.
struct Seen {
  std::set<std::string> once;
  std::optional<Error> first(const Record& r, const std::string& key) {
    if (once.insert(key).second) return std::nullopt;
    return r.error("a second '" + key + "' statement").error;
  }
};

// ------------------------------------------------------------------ statements
// One reader a statement, each reading the record into `t`.

std::optional<Error> chits(const Record& r, Tables& t, Seen& seen) {
  if (auto e = seen.first(r, "chits")) return e;
  if (r.size() < 3) return r.error("at least two chits").error;
  for (std::size_t i = 1; i < r.size(); ++i) {
    if (t.has_chit(r[i])) return r.error("chit '" + r.word(i) + "' twice").error;
    t.chits.push_back(r.word(i));
  }
  if (!t.has_chit("melee") || !t.has_chit("line-of-battle"))
    return r.error("the chits must include melee and line-of-battle (1.1.2.2, 1.1.2.8)").error;
  return std::nullopt;
}

std::optional<Error> chart(const Record& r, Tables& t, Seen&) {
  const std::size_t n = r.size();
  if (t.chits.empty()) return r.error("'chart' before the 'chits' statement").error;
  if (n != 7 && n != 13)
    return r
        .error(
            "expected 'chart A D attacker T defender T [close N closed-attacker T "
            "closed-defender T]'")
        .error;
  for (std::size_t i : {1u, 2u})
    if (!t.has_chit(r[i])) return r.error("unknown chit '" + r.word(i) + "'").error;
  ChartCell c;
  records::Fields f;
  f.need(r.expect(3, "attacker"));
  f.take(table(r, 4), c.attacker);
  f.need(r.expect(5, "defender"));
  f.take(table(r, 6), c.defender);
  const bool melee = r[1] == "melee" || r[2] == "melee";
  if (n == 13) {
    f.need(r.expect(7, "close"));
    f.take(r.integer(8, 1, 6), c.close);
    f.need(r.expect(9, "closed-attacker"));
    f.take(table(r, 10), c.closed_attacker);
    f.need(r.expect(11, "closed-defender"));
    f.take(table(r, 12), c.closed_defender);
  }
  if (f.error()) return f.error();
  if (melee != (n == 13))
    return r
        .error(melee ? "a melee cell needs 'close N closed-attacker T closed-defender T' "
                       "(1.1.2.5.1)"
                     : "only a cell with melee has a closing roll (1.1.2.5.1)")
        .error;
  if (!t.chart.emplace(std::pair{r.word(1), r.word(2)}, c).second)
    return r.error("the cell " + r.word(1) + " / " + r.word(2) + " twice").error;
  return std::nullopt;
}

std::optional<Error> crt(const Record& r, Tables& t, Seen&) {
  if (r.size() != 7) return r.error("expected 'crt TABLE ROLL damage PERCENT morale LOSS'").error;
  std::string name;
  int roll = 0;
  CrtResult result;
  records::Fields f;
  f.take(table(r, 1), name);
  f.take(r.integer(2, kLowestRoll, kHighestRoll), roll);
  f.need(r.expect(3, "damage"));
  f.take(r.integer(4, 0, 100), result.percent);
  f.need(r.expect(5, "morale"));
  f.take(decimal(r, 6, 9900), result.morale);
  if (f.error()) return f.error();
  auto [it, fresh] = t.crt.try_emplace(name);
  if (fresh) it->second.fill(CrtResult{-1, {}});
  auto& slot = it->second[static_cast<std::size_t>(roll - kLowestRoll)];
  if (slot.percent >= 0)
    return r.error("table " + name + " roll " + std::to_string(roll) + " twice").error;
  slot = result;
  return std::nullopt;
}

// 'odds' and 'heavy-superiority': the steps of a ratio, ascending.
std::optional<Error> ratio(const Record& r, Tables& t, Seen&) {
  const std::string k(r.keyword());
  if (r.size() != 3) return r.error("expected '" + k + " RATIO MODIFIER'").error;
  RatioStep s;
  records::Fields f;
  f.take(decimal(r, 1, 99900), s.ratio);
  f.take(r.integer(2, -9, 9), s.modifier);
  if (f.error()) return f.error();
  if (s.ratio.value < 100) return r.error("a ratio is at least 1").error;
  auto& v = k == "odds" ? t.odds : t.heavy_superiority;
  if (!v.empty() && v.back().ratio >= s.ratio)
    return r.error("ratios must be listed in ascending order").error;
  v.push_back(s);
  return std::nullopt;
}

// The single modifiers of a round (1.1.2.6) and of the chase (1.1.2.8).
std::optional<Error> modifier(const Record& r, Tables& t, Seen& seen) {
  const std::string k(r.keyword());
  if (auto e = seen.first(r, k)) return e;
  if (r.size() != 2) return r.error("expected '" + k + " MODIFIER'").error;
  auto m = r.integer(1, -9, 9);
  if (!m) return m.error();
  (k == "light-only"        ? t.light_only
   : k == "multiple-majors" ? t.multiple_majors
   : k == "multiple-minors" ? t.multiple_minors
                            : t.chase_line_of_battle) = *m;
  return std::nullopt;
}

std::optional<Error> clamp(const Record& r, Tables& t, Seen& seen) {
  if (auto e = seen.first(r, "clamp")) return e;
  if (r.size() != 3) return r.error("expected 'clamp MIN MAX'").error;
  // A d6 with the final modifier must stay within the rolls -1..8 the CRT lists.
  records::Fields f;
  f.take(r.integer(1, kLowestRoll - 1, 0), t.clamp_min);
  f.take(r.integer(2, 0, kHighestRoll - 6), t.clamp_max);
  return f.error();
}

std::optional<Error> chase(const Record& r, Tables& t, Seen&) {
  if (r.size() != 4) return r.error("expected 'chase FROM TO TABLE'").error;
  ChaseBand b;
  records::Fields f;
  f.take(decimal(r, 1, 9900), b.from);
  f.take(decimal(r, 2, 9900), b.to);
  f.take(table(r, 3), b.table);
  if (f.error()) return f.error();
  if (b.to < b.from) return r.error("a range ending before it begins").error;
  if (t.chase.empty() ? b.from.value != 0 : b.from <= t.chase.back().to)
    return r
        .error(t.chase.empty() ? "the first chase range starts at 0"
                               : "chase ranges must ascend without overlapping")
        .error;
  t.chase.push_back(b);
  return std::nullopt;
}

std::optional<Error> blockade(const Record& r, Tables& t, Seen& seen) {
  if (auto e = seen.first(r, "blockade")) return e;
  if (r.size() != 5) return r.error("expected 'blockade blockading TABLE blockaded TABLE'").error;
  records::Fields f;
  f.need(r.expect(1, "blockading"));
  f.take(table(r, 2), t.blockading);
  f.need(r.expect(3, "blockaded"));
  f.take(table(r, 4), t.blockaded);
  return f.error();
}

std::optional<Error> port_raid(const Record& r, Tables& t, Seen& seen) {
  if (auto e = seen.first(r, "port-raid")) return e;
  if (r.size() != 13)
    return r.error("expected 'port-raid guns-in T guns-out T attacker T1 T2 T3 defender T1 T2 T3'")
        .error;
  records::Fields f;
  f.need(r.expect(1, "guns-in"));
  f.take(table(r, 2), t.guns_in);
  f.need(r.expect(3, "guns-out"));
  f.take(table(r, 4), t.guns_out);
  f.need(r.expect(5, "attacker"));
  for (std::size_t i = 0; i < 3; ++i) f.take(table(r, 6 + i), t.raid_attacker[i]);
  f.need(r.expect(9, "defender"));
  for (std::size_t i = 0; i < 3; ++i) f.take(table(r, 10 + i), t.raid_defender[i]);
  return f.error();
}

// A morale above 0 and at most 10.
Expected<Hundredths> morale_value(const Record& r, std::size_t i) {
  auto m = decimal(r, i, 1000);
  if (m && m->value <= 0) return r.error("a morale is more than 0");
  return m;
}

std::optional<Error> morale(const Record& r, Tables& t, Seen& seen) {
  const std::size_t n = r.size();
  if (n != 3 && n != 5)
    return r.error("expected 'morale default M', 'morale NATION M [home M]'").error;
  if (auto e = seen.first(r, "morale " + r.word(1))) return e;
  auto m = morale_value(r, 2);
  if (!m) return m.error();
  if (r[1] == "default") {
    if (n != 3) return r.error("the default morale has no home value").error;
    t.morale_default = *m;
    return std::nullopt;
  }
  t.morale[r.word(1)] = *m;
  if (n == 5) {
    records::Fields f;
    f.need(r.expect(3, "home"));
    f.take(morale_value(r, 4), t.morale_home[r.word(1)]);
    return f.error();
  }
  return std::nullopt;
}

std::optional<Error> evasion(const Record& r, Tables& t, Seen& seen) {
  if (auto e = seen.first(r, "evasion")) return e;
  if (r.size() != 2) return r.error("expected 'evasion MAX-ROLL'").error;
  records::Fields f;
  f.take(r.integer(1, 0, 6), t.evasion);
  return f.error();
}

// The first casualty roll (footnote [2]): a serious wound low, a light one high.
std::optional<Error> first_casualty_roll(const Record& r, Tables& t) {
  records::Fields f;
  f.need(r.expect(2, "serious"));
  f.take(r.integer(3, 2, 12), t.serious_max);
  f.need(r.expect(4, "light"));
  f.take(r.integer(5, 2, 12), t.light_min);
  if (f.error()) return f.error();
  if (t.serious_max >= t.light_min)
    return r.error("a serious wound is rolled low, a light one high (footnote [2])").error;
  return std::nullopt;
}

// The second roll, for a serious wound: killed or wounded, on one die or two.
std::optional<Error> second_casualty_roll(const Record& r, Tables& t) {
  records::Fields f;
  f.need(r.expect(2, "killed"));
  f.take(die_range(r, 3), t.killed);
  f.need(r.expect(4, "wounded"));
  f.take(die_range(r, 5), t.wounded);
  if (f.error()) return f.error();
  // The two ranges must cover one die (1-6) or two (2-12) exactly.
  const DieRange& a = t.killed.lo <= t.wounded.lo ? t.killed : t.wounded;
  const DieRange& b = t.killed.lo <= t.wounded.lo ? t.wounded : t.killed;
  if (a.hi + 1 != b.lo || !((a.lo == 1 && b.hi == 6) || (a.lo == 2 && b.hi == 12)))
    return r.error("the killed and wounded ranges must together cover 1-6 (one d6) or 2-12 (2d6)")
        .error;
  t.second_dice = a.lo == 1 ? 1 : 2;
  t.second_sides = 6;
  return std::nullopt;
}

std::optional<Error> casualty(const Record& r, Tables& t, Seen& seen) {
  if (r.size() != 6 || (r[1] != "first" && r[1] != "second"))
    return r
        .error(
            "expected 'casualty first serious N light N' or 'casualty second killed R "
            "wounded R'")
        .error;
  if (auto e = seen.first(r, "casualty " + r.word(1))) return e;
  return r[1] == "first" ? first_casualty_roll(r, t) : second_casualty_roll(r, t);
}

std::optional<Error> political(const Record& r, Tables& t, Seen& seen) {
  if (auto e = seen.first(r, "political")) return e;
  if (r.size() != 7) return r.error("expected 'political per-fleet N cap C nelson X'").error;
  records::Fields f;
  f.need(r.expect(1, "per-fleet"));
  f.take(r.integer(2, 0, 9), t.pp_per_fleet);
  f.need(r.expect(3, "cap"));
  f.take(r.integer(4, 0, 99), t.pp_cap);
  f.need(r.expect(5, "nelson"));
  f.take(r.integer(6, 0, 9), t.pp_nelson);
  return f.error();
}

std::optional<Error> at_the_top(const Record& r, Tables&, Seen&) {
  return r.error("'" + r.word(0) + "' belongs at the top of the file").error;
}

using Statement = std::optional<Error> (*)(const Record&, Tables&, Seen&);
constexpr std::pair<std::string_view, Statement> kStatements[] = {
    {"reconstruction", at_the_top},
    {"version", at_the_top},
    {"chits", chits},
    {"chart", chart},
    {"crt", crt},
    {"odds", ratio},
    {"heavy-superiority", ratio},
    {"light-only", modifier},
    {"multiple-majors", modifier},
    {"multiple-minors", modifier},
    {"chase-line-of-battle", modifier},
    {"clamp", clamp},
    {"chase", chase},
    {"blockade", blockade},
    {"port-raid", port_raid},
    {"morale", morale},
    {"evasion", evasion},
    {"casualty", casualty},
    {"political", political},
};

// Reads one statement into `t`.
std::optional<Error> statement(const Record& r, Tables& t, Seen& seen) {
  for (const auto& [keyword, read] : kStatements)
    if (r.keyword() == keyword) return read(r, t, seen);
  return r.error("unknown statement '" + r.word(0) + "'").error;
}

// Everything the rules read must be there (the contract of the file's header).
std::optional<Error> completeness(const Tables& t, const Seen& seen) {
  const auto missing = [](const std::string& what) {
    return Error{std::string(kFile) + ": " + what};
  };
  for (const char* k : {"chits", "light-only", "multiple-majors", "multiple-minors", "clamp",
                        "chase-line-of-battle", "blockade", "port-raid", "evasion",
                        "casualty first", "casualty second", "political", "morale default"})
    if (!seen.once.count(k)) return missing("no '" + std::string(k) + "' statement");
  if (t.odds.empty()) return missing("no 'odds' statement (1.1.2.6)");
  if (t.heavy_superiority.empty()) return missing("no 'heavy-superiority' statement (1.1.2.6)");
  if (t.chase.empty() || t.chase.back().to.value != 9900)
    return missing("the chase ranges must end at 99 (1.1.2.8)");
  for (const auto& a : t.chits)
    for (const auto& d : t.chits)
      if (!t.chart.count({a, d}))
        return missing("no chart cell for " + a + " against " + d + " (1.1.2.3)");
  for (const auto& [name, rolls] : t.crt)
    for (int r = kLowestRoll; r <= kHighestRoll; ++r)
      if (rolls[static_cast<std::size_t>(r - kLowestRoll)].percent < 0)
        return missing("table " + name + " has no roll " + std::to_string(r));
  std::vector<std::string> used{t.blockading, t.blockaded, t.guns_in, t.guns_out};
  for (const auto& x : t.raid_attacker) used.push_back(x);
  for (const auto& x : t.raid_defender) used.push_back(x);
  for (const auto& b : t.chase) used.push_back(b.table);
  for (const auto& [pair, c] : t.chart) {
    used.push_back(c.attacker);
    used.push_back(c.defender);
    if (c.close) {
      used.push_back(c.closed_attacker);
      used.push_back(c.closed_defender);
    }
  }
  for (const auto& u : used)
    if (!t.crt.count(u)) return missing("table " + u + " is used but has no 'crt' lines");
  return std::nullopt;
}

}  // namespace

Expected<Tables> parse_tables(std::string_view text) {
  Tables t;
  Seen seen;
  auto recs = records::read_quoted(text, kFile);
  if (!recs) return unexpected(recs.error());
  if (recs->size() < 2) return fail(std::string(kFile) + ": the file is empty");
  const Record& top = (*recs)[0];
  if (!top.is("reconstruction", 1))
    return top.error("the file begins with 'reconstruction \"STATEMENT\"'");
  t.reconstruction = top.word(1);
  const Record& version = (*recs)[1];
  if (!version.is("version", 1)) return version.error("the second line is 'version 1'");
  auto v = version.integer(1, 1, 1);
  if (!v) return unexpected(v.error());
  t.version = *v;
  for (std::size_t i = 2; i < recs->size(); ++i)
    if (auto e = statement((*recs)[i], t, seen)) return unexpected(*e);
  if (auto e = completeness(t, seen)) return unexpected(*e);
  return t;
}

}  // namespace naumachia::eih_naval
