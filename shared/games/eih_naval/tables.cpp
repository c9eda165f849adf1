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

Expected<std::vector<std::string>> words_of(std::string_view line) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ' || line[i] == '\t') {
      ++i;
      continue;
    }
    if (line[i] == '"') {
      const auto end = line.find('"', i + 1);
      if (end == std::string_view::npos) return fail("a quoted name is not closed");
      const std::string name(text::trim(line.substr(i + 1, end - i - 1)));
      if (name.empty()) return fail("an empty quoted name");
      out.push_back(name);
      i = end + 1;
      if (i < line.size() && line[i] != ' ' && line[i] != '\t')
        return fail("a blank must follow a quoted name");
      continue;
    }
    const auto end = line.find_first_of(" \t", i);
    const std::string_view w = line.substr(i, end == std::string_view::npos ? end : end - i);
    if (w.find('"') != std::string_view::npos) return fail("a quote inside a word");
    out.emplace_back(w);
    i = end == std::string_view::npos ? line.size() : end;
  }
  return out;
}

Expected<int> DataLine::integer(std::size_t i, int lo, int hi) const {
  long long v = 0;
  if (i >= w.size()) return error("field " + std::to_string(i) + " is missing");
  if (!text::parse_int(w[i], v)) return error("'" + w[i] + "' is not a whole number");
  if (v < lo || v > hi)
    return error(w[i] + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
  return static_cast<int>(v);
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

const char* const kFile = "eih-naval tables";

// One statement's words, with its record for errors.
struct Line : DataLine {
  Expected<Hundredths> decimal(std::size_t i, int max_hundredths) const {
    if (i >= w.size()) return error("field " + std::to_string(i) + " is missing");
    auto d = parse_decimal(w[i]);
    if (!d) return error(d.error().message);
    if (d->value > max_hundredths) return error(w[i] + " is too large");
    return *d;
  }
  // Word i must be `keyword`.
  std::optional<Unexpected<Error>> expect(std::size_t i, std::string_view keyword) const {
    if (i < w.size() && w[i] == keyword) return std::nullopt;
    return error("expected '" + std::string(keyword) + "' as field " + std::to_string(i) +
                 (i < w.size() ? ", not '" + w[i] + "'" : ""));
  }
  // Word i names a table ("3-1"): its form is checked here, that the CRT
  // holds it once the file is read.
  Expected<std::string> table(std::size_t i) const {
    if (i >= w.size()) return error("field " + std::to_string(i) + " (a table) is missing");
    const std::string& t = w[i];
    if (t.size() != 3 || t[1] != '-' || t[0] < '1' || t[0] > '9' || t[2] < '1' || t[2] > '9')
      return error("'" + t + "' is not a table name like 3-1");
    return t;
  }
};

Expected<DieRange> die_range(const Line& l, std::size_t i) {
  if (i >= l.w.size()) return l.error("field " + std::to_string(i) + " (a range) is missing");
  const auto parts = text::split(l.w[i], "-");
  long long lo = 0, hi = 0;
  if (parts.size() == 1 && text::parse_int(parts[0], lo)) {
    hi = lo;
  } else if (parts.size() != 2 || !text::parse_int(parts[0], lo) ||
             !text::parse_int(parts[1], hi)) {
    return l.error("'" + l.w[i] + "' is not a range like 1-2");
  }
  if (lo < 1 || hi > 12 || lo > hi) return l.error("'" + l.w[i] + "' is not a range of die rolls");
  return DieRange{static_cast<int>(lo), static_cast<int>(hi)};
}

// The statements read once at most, by keyword.
struct Seen {
  std::set<std::string> once;
  std::optional<Unexpected<Error>> first(const Line& l, const std::string& key) {
    if (once.insert(key).second) return std::nullopt;
    return l.error("a second '" + key + "' statement");
  }
};

// Reads one statement into `t`.
std::optional<Error> statement(const Line& l, Tables& t, Seen& seen) {
  const std::string& k = l.w[0];
  const std::size_t n = l.w.size();
  auto err = [](const Unexpected<Error>& u) { return std::optional<Error>(u.error); };
#define EIH_TAKE(expr, into)    \
  do {                          \
    auto v_ = (expr);           \
    if (!v_) return v_.error(); \
    into = *v_;                 \
  } while (false)
#define EIH_EXPECT(i, word)                               \
  do {                                                    \
    if (auto e_ = l.expect((i), (word))) return err(*e_); \
  } while (false)
  if (k == "reconstruction" || k == "version") {
    return l.error("'" + k + "' belongs at the top of the file").error;
  }
  if (k == "chits") {
    if (auto e = seen.first(l, k)) return err(*e);
    if (n < 3) return l.error("at least two chits").error;
    for (std::size_t i = 1; i < n; ++i) {
      if (t.has_chit(l.w[i])) return l.error("chit '" + l.w[i] + "' twice").error;
      t.chits.push_back(l.w[i]);
    }
    if (!t.has_chit("melee") || !t.has_chit("line-of-battle"))
      return l.error("the chits must include melee and line-of-battle (1.1.2.2, 1.1.2.8)").error;
    return std::nullopt;
  }
  if (k == "chart") {
    if (t.chits.empty()) return l.error("'chart' before the 'chits' statement").error;
    if (n != 7 && n != 13)
      return l
          .error(
              "expected 'chart A D attacker T defender T [close N closed-attacker T "
              "closed-defender T]'")
          .error;
    for (std::size_t i : {1u, 2u})
      if (!t.has_chit(l.w[i])) return l.error("unknown chit '" + l.w[i] + "'").error;
    ChartCell c;
    EIH_EXPECT(3, "attacker");
    EIH_TAKE(l.table(4), c.attacker);
    EIH_EXPECT(5, "defender");
    EIH_TAKE(l.table(6), c.defender);
    const bool melee = l.w[1] == "melee" || l.w[2] == "melee";
    if (n == 13) {
      EIH_EXPECT(7, "close");
      EIH_TAKE(l.integer(8, 1, 6), c.close);
      EIH_EXPECT(9, "closed-attacker");
      EIH_TAKE(l.table(10), c.closed_attacker);
      EIH_EXPECT(11, "closed-defender");
      EIH_TAKE(l.table(12), c.closed_defender);
    }
    if (melee != (n == 13))
      return l
          .error(melee ? "a melee cell needs 'close N closed-attacker T closed-defender T' "
                         "(1.1.2.5.1)"
                       : "only a cell with melee has a closing roll (1.1.2.5.1)")
          .error;
    if (!t.chart.emplace(std::pair{l.w[1], l.w[2]}, c).second)
      return l.error("the cell " + l.w[1] + " / " + l.w[2] + " twice").error;
    return std::nullopt;
  }
  if (k == "crt") {
    if (n != 7) return l.error("expected 'crt TABLE ROLL damage PERCENT morale LOSS'").error;
    std::string table;
    int roll = 0;
    CrtResult r;
    EIH_TAKE(l.table(1), table);
    EIH_TAKE(l.integer(2, kLowestRoll, kHighestRoll), roll);
    EIH_EXPECT(3, "damage");
    EIH_TAKE(l.integer(4, 0, 100), r.percent);
    EIH_EXPECT(5, "morale");
    EIH_TAKE(l.decimal(6, 9900), r.morale);
    auto [it, fresh] = t.crt.try_emplace(table);
    if (fresh) it->second.fill(CrtResult{-1, {}});
    auto& slot = it->second[static_cast<std::size_t>(roll - kLowestRoll)];
    if (slot.percent >= 0)
      return l.error("table " + table + " roll " + std::to_string(roll) + " twice").error;
    slot = r;
    return std::nullopt;
  }
  if (k == "odds" || k == "heavy-superiority") {
    if (n != 3) return l.error("expected '" + k + " RATIO MODIFIER'").error;
    RatioStep s;
    EIH_TAKE(l.decimal(1, 99900), s.ratio);
    EIH_TAKE(l.integer(2, -9, 9), s.modifier);
    if (s.ratio.value < 100) return l.error("a ratio is at least 1").error;
    auto& v = k == "odds" ? t.odds : t.heavy_superiority;
    if (!v.empty() && v.back().ratio >= s.ratio)
      return l.error("ratios must be listed in ascending order").error;
    v.push_back(s);
    return std::nullopt;
  }
  if (k == "light-only" || k == "multiple-majors" || k == "multiple-minors" ||
      k == "chase-line-of-battle") {
    if (auto e = seen.first(l, k)) return err(*e);
    if (n != 2) return l.error("expected '" + k + " MODIFIER'").error;
    int m = 0;
    EIH_TAKE(l.integer(1, -9, 9), m);
    (k == "light-only"        ? t.light_only
     : k == "multiple-majors" ? t.multiple_majors
     : k == "multiple-minors" ? t.multiple_minors
                              : t.chase_line_of_battle) = m;
    return std::nullopt;
  }
  if (k == "clamp") {
    if (auto e = seen.first(l, k)) return err(*e);
    if (n != 3) return l.error("expected 'clamp MIN MAX'").error;
    // A d6 with the final modifier must stay within the rolls -1..8 the CRT lists.
    EIH_TAKE(l.integer(1, kLowestRoll - 1, 0), t.clamp_min);
    EIH_TAKE(l.integer(2, 0, kHighestRoll - 6), t.clamp_max);
    return std::nullopt;
  }
  if (k == "chase") {
    if (n != 4) return l.error("expected 'chase FROM TO TABLE'").error;
    ChaseBand b;
    EIH_TAKE(l.decimal(1, 9900), b.from);
    EIH_TAKE(l.decimal(2, 9900), b.to);
    EIH_TAKE(l.table(3), b.table);
    if (b.to < b.from) return l.error("a range ending before it begins").error;
    if (t.chase.empty() ? b.from.value != 0 : b.from <= t.chase.back().to)
      return l
          .error(t.chase.empty() ? "the first chase range starts at 0"
                                 : "chase ranges must ascend without overlapping")
          .error;
    t.chase.push_back(b);
    return std::nullopt;
  }
  if (k == "blockade") {
    if (auto e = seen.first(l, k)) return err(*e);
    if (n != 5) return l.error("expected 'blockade blockading TABLE blockaded TABLE'").error;
    EIH_EXPECT(1, "blockading");
    EIH_TAKE(l.table(2), t.blockading);
    EIH_EXPECT(3, "blockaded");
    EIH_TAKE(l.table(4), t.blockaded);
    return std::nullopt;
  }
  if (k == "port-raid") {
    if (auto e = seen.first(l, k)) return err(*e);
    if (n != 13)
      return l
          .error("expected 'port-raid guns-in T guns-out T attacker T1 T2 T3 defender T1 T2 T3'")
          .error;
    EIH_EXPECT(1, "guns-in");
    EIH_TAKE(l.table(2), t.guns_in);
    EIH_EXPECT(3, "guns-out");
    EIH_TAKE(l.table(4), t.guns_out);
    EIH_EXPECT(5, "attacker");
    for (std::size_t i = 0; i < 3; ++i) EIH_TAKE(l.table(6 + i), t.raid_attacker[i]);
    EIH_EXPECT(9, "defender");
    for (std::size_t i = 0; i < 3; ++i) EIH_TAKE(l.table(10 + i), t.raid_defender[i]);
    return std::nullopt;
  }
  if (k == "morale") {
    if (n != 3 && n != 5)
      return l.error("expected 'morale default M', 'morale NATION M [home M]'").error;
    if (auto e = seen.first(l, "morale " + l.w[1])) return err(*e);
    Hundredths m;
    EIH_TAKE(l.decimal(2, 1000), m);
    if (m.value <= 0) return l.error("a morale is more than 0").error;
    if (l.w[1] == "default") {
      if (n != 3) return l.error("the default morale has no home value").error;
      t.morale_default = m;
      return std::nullopt;
    }
    t.morale[l.w[1]] = m;
    if (n == 5) {
      EIH_EXPECT(3, "home");
      Hundredths h;
      EIH_TAKE(l.decimal(4, 1000), h);
      if (h.value <= 0) return l.error("a morale is more than 0").error;
      t.morale_home[l.w[1]] = h;
    }
    return std::nullopt;
  }
  if (k == "evasion") {
    if (auto e = seen.first(l, k)) return err(*e);
    if (n != 2) return l.error("expected 'evasion MAX-ROLL'").error;
    EIH_TAKE(l.integer(1, 0, 6), t.evasion);
    return std::nullopt;
  }
  if (k == "casualty") {
    if (n != 6 || (l.w[1] != "first" && l.w[1] != "second"))
      return l
          .error(
              "expected 'casualty first serious N light N' or 'casualty second killed R "
              "wounded R'")
          .error;
    if (auto e = seen.first(l, "casualty " + l.w[1])) return err(*e);
    if (l.w[1] == "first") {
      EIH_EXPECT(2, "serious");
      EIH_TAKE(l.integer(3, 2, 12), t.serious_max);
      EIH_EXPECT(4, "light");
      EIH_TAKE(l.integer(5, 2, 12), t.light_min);
      if (t.serious_max >= t.light_min)
        return l.error("a serious wound is rolled low, a light one high (footnote [2])").error;
      return std::nullopt;
    }
    EIH_EXPECT(2, "killed");
    EIH_TAKE(die_range(l, 3), t.killed);
    EIH_EXPECT(4, "wounded");
    EIH_TAKE(die_range(l, 5), t.wounded);
    // The two ranges must cover one die (1-6) or two (2-12) exactly.
    const DieRange& a = t.killed.lo <= t.wounded.lo ? t.killed : t.wounded;
    const DieRange& b = t.killed.lo <= t.wounded.lo ? t.wounded : t.killed;
    if (a.hi + 1 != b.lo || !((a.lo == 1 && b.hi == 6) || (a.lo == 2 && b.hi == 12)))
      return l.error("the killed and wounded ranges must together cover 1-6 (one d6) or 2-12 (2d6)")
          .error;
    t.second_dice = a.lo == 1 ? 1 : 2;
    t.second_sides = 6;
    return std::nullopt;
  }
  if (k == "political") {
    if (auto e = seen.first(l, k)) return err(*e);
    if (n != 7) return l.error("expected 'political per-fleet N cap C nelson X'").error;
    EIH_EXPECT(1, "per-fleet");
    EIH_TAKE(l.integer(2, 0, 9), t.pp_per_fleet);
    EIH_EXPECT(3, "cap");
    EIH_TAKE(l.integer(4, 0, 99), t.pp_cap);
    EIH_EXPECT(5, "nelson");
    EIH_TAKE(l.integer(6, 0, 9), t.pp_nelson);
    return std::nullopt;
  }
#undef EIH_TAKE
#undef EIH_EXPECT
  return l.error("unknown statement '" + k + "'").error;
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
  const auto recs = records::read(text, kFile);
  if (recs.size() < 2) return fail(std::string(kFile) + ": the file is empty");
  for (std::size_t i = 0; i < recs.size(); ++i) {
    const records::Record& r = recs[i];
    auto w = words_of(r.text());
    if (!w) return r.error(w.error().message);
    const Line l{{r, std::move(*w)}};
    if (i == 0) {
      if (l.w.size() != 2 || l.w[0] != "reconstruction")
        return r.error("the file begins with 'reconstruction \"STATEMENT\"'");
      t.reconstruction = l.w[1];
      continue;
    }
    if (i == 1) {
      if (l.w.size() != 2 || l.w[0] != "version") return r.error("the second line is 'version 1'");
      auto v = l.integer(1, 1, 1);
      if (!v) return unexpected(v.error());
      t.version = *v;
      continue;
    }
    if (auto e = statement(l, t, seen)) return unexpected(*e);
  }
  if (auto e = completeness(t, seen)) return unexpected(*e);
  return t;
}

}  // namespace naumachia::eih_naval
