// Tyre: positions as text. Stored games depend on this format: it must not
// change (a new format is a new rules version).
#include "core/text.h"
#include "games/tyre/rules.h"

namespace naumachia::tyre {

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

std::string Board::serialize() const {
  std::ostringstream out;
  out << "tyre 1\nstep " << step_ << "\nturn " << turn_ << "\nimpulse " << impulse_ << "\nsegment "
      << sequence()[seg_].name << "\nrolled " << rolled_turn_ << "\nover " << (over_ ? 1 : 0)
      << "\n";
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

std::optional<std::string> Board::parse(std::string_view bytes) {
  const auto lines = text::lines(bytes);
  if (lines.empty() || lines[0] != "tyre 1") return "not a tyre position";
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (auto why = parse_line(text::split(lines[i])))
      return "tyre position line " + std::to_string(i + 1) + ": " + *why;
  }
  // A finished game is written with what ended it; one without it would be
  // written back with an empty result its own reader refuses.
  if (over_ && result_.empty()) return "a finished game's position has no 'result' line";
  return std::nullopt;
}

void Board::write_siege(std::ostringstream& out) const {
  if (!siege_) return;
  out << "scenario siege\nplan " << plan_name(plan_) << "\nflags " << mole_grew_ << " "
      << relocated_melee_ << " " << entered_city_ << " " << objective_entered_ << " "
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

std::optional<std::string> Board::parse_where(const std::vector<std::string_view>& w, std::size_t i,
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

std::optional<std::string> Board::parse_siege_line(const std::vector<std::string_view>& w) {
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
    const auto p = parse_plan(w[1]);
    if (!p) return "unknown plan";
    plan_ = *p;
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

std::optional<std::string> Board::parse_line(const std::vector<std::string_view>& w) {
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
    const auto s = sequence().named(w[1]);
    if (!s) return "unknown segment";
    seg_ = *s;
    return std::nullopt;
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

std::optional<std::string> Board::parse_ship(const std::vector<std::string_view>& w) {
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

}  // namespace naumachia::tyre
