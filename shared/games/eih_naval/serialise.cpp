// Empires in Harm naval combat: the canonical text of a position (equal
// positions give equal bytes) and its parser, which refuses anything it
// cannot read back or that the sequence of play could not have reached.
#include <algorithm>
#include <sstream>

#include "core/records.h"
#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

namespace {

constexpr std::array<const char*, 5> kOutcomes{"fighting", "victory", "draw", "inconclusive",
                                               "no-battle"};
constexpr std::array<const char*, 4> kNexts{"surrender", "after-round", "end-of-combat", "retreat"};

std::string q(const std::string& s) {
  return "\"" + (s.empty() ? std::string("-") : s) + "\"";
}

std::string ships(const Ships& s) {
  return std::to_string(s[ShipType::Heavy]) + "-" + std::to_string(s[ShipType::Light]) + "-" +
         std::to_string(s[ShipType::Galley]);
}

std::optional<Ships> unships(std::string_view w) {
  const auto parts = text::split(w, "-");
  if (parts.size() != 3) return std::nullopt;
  Ships s;
  for (std::size_t i = 0; i < 3; ++i) {
    long long v = 0;
    if (!text::parse_int(parts[i], v) || v < 0 || v > 999) return std::nullopt;
    s.n[i] = static_cast<int>(v);
  }
  return s;
}

template <std::size_t N>
std::optional<int> index_of(const std::array<const char*, N>& names, std::string_view w) {
  for (std::size_t i = 0; i < N; ++i)
    if (w == names[i]) return static_cast<int>(i);
  return std::nullopt;
}

}  // namespace

std::string Board::serialize() const {
  std::ostringstream o;
  o << "eih-naval 1\n";
  o << "battle " << battle().id << "\n";
  o << "players " << players_ << "\n";
  o << "step " << step_ << "\n";
  o << "phase " << sequence()[seg_].name << " " << round_ << " " << forces_seat_ << "\n";
  for (const SeatSpec& s : seats_) {
    o << "seat " << s.side << " " << q(s.name);
    for (const std::string& p : s.powers) o << " " << p;
    o << "\n";
  }
  for (const auto& [minor, major] : control_) o << "control " << minor << " " << major << "\n";
  for (const War& w : wars_) o << "war " << w.first << " " << w.second << "\n";
  for (const Declaration& d : declared_) o << "declared " << d.declarer << " " << d.enemy << "\n";
  o << "stacks " << defending_ << " " << after_evasion_ << " " << evading_ << "\n";
  o << "commanders " << text::word(commander_[0]) << " " << text::word(commander_[1]) << "\n";
  o << "chits " << revealed_ << " " << text::word(chit_[0]) << " " << text::word(chit_[1]) << " "
    << nelson_ << " " << closed_ << "\n";
  for (std::size_t s = 0; s < 2; ++s)
    o << "morale " << s << " " << morale_sum_[s] << " " << morale_ships_[s] << " " << loss_[s].value
      << " " << lost_[s] << " " << hit_[s] << "\n";
  o << "raid " << guns_ << " " << no_reply_ << "\n";
  for (const std::string& p : surrendered_) o << "surrendered " << p << "\n";
  for (const std::string& p : follow_) o << "follow " << p << "\n";
  for (const Allocation& a : pending_) {
    o << "pending " << a.side << " " << a.capture << " " << a.spare << " " << a.odd << " "
      << q(a.cause) << " ";
    std::vector<std::string> settled;
    for (const auto& [k, n] : a.settled) settled.push_back(k + "=" + std::to_string(n));
    o << text::word(text::join(settled, ",")) << " " << text::word(text::join(a.candidates, ","))
      << "\n";
  }
  o << "resume " << kNexts[static_cast<std::size_t>(resume_)] << "\n";
  o << "outcome " << kOutcomes[static_cast<std::size_t>(outcome_)] << " " << victor_ << " "
    << victory_counts_ << " " << melee_by_nelson_ << "\n";
  for (const auto& [p, v] : pp_) o << "pp " << p << " " << v << "\n";
  for (const Fleet& f : fleets_) {
    o << "fleet " << f.id << " " << f.stack << " " << f.nation << " " << q(f.name) << " "
      << q(f.leader) << " " << f.nelson << " " << q(f.leader_fate) << " " << ships(f.start) << " "
      << ships(f.ships) << " " << ships(f.damaged) << " " << ships(f.taken) << " " << ships(f.sunk)
      << " " << ships(f.saved) << " " << ships(f.prizes) << " " << ships(f.yielded) << " "
      << text::word(f.taken_by) << " " << f.fought << " " << f.evaded << " " << f.surrendered << " "
      << q(f.at) << "\n";
  }
  for (const Corps& c : corps_)
    o << "corps " << c.nation << " " << c.factors << " " << c.fleet << " " << c.surrendered << "\n";
  if (!result_.empty()) o << "result " << q(result_) << "\n";
  return o.str();
}

namespace {

using records::Record;
using Refusal = std::optional<std::string>;

// Why a record with a wrong field is refused.
std::string malformed(const Record& r) {
  return r.where() + ": a malformed '" + r.word(0) + "' record";
}

bool known(const Board& b, std::string_view nation) {
  return b.data_->nation(nation) != nullptr;
}

// Fields 1.. of `r` are all nations.
bool nations(const Board& b, const Record& r) {
  for (std::size_t i = 1; i < r.size(); ++i)
    if (!known(b, r[i])) return false;
  return true;
}

// ------------------------------------------------------------------ one reader a record

Refusal battle_record(Board& b, const Record& r) {
  if (r[1] != b.battle().id) return r.where() + ": another battle than this game's";
  return std::nullopt;
}

Refusal players_record(Board& b, const Record& r) {
  const auto n = r.integer(1, 2, 4);
  if (!n || *n != b.players_) return r.where() + ": another number of players";
  return std::nullopt;
}

Refusal step_record(Board& b, const Record& r) {
  const auto v = r.integer(1, 1, 1'000'000);
  if (!v) return malformed(r);
  b.step_ = *v;
  return std::nullopt;
}

Refusal phase_record(Board& b, const Record& r) {
  const auto p = Board::sequence().named(r[1]);
  records::Fields f;
  f.take(r.integer(2, 0, kRounds), b.round_);
  f.take(r.integer(3, 0, 4), b.forces_seat_);
  if (!p || f.error()) return malformed(r);
  b.seg_ = *p;
  return std::nullopt;
}

Refusal seat_record(Board& b, const Record& r) {
  const auto side = r.integer(1, 0, 1);
  if (!side) return malformed(r);
  SeatSpec s{text::unword(r[2]), *side, {}};
  for (std::size_t i = 3; i < r.size(); ++i) {
    if (!known(b, r[i])) return malformed(r);
    s.powers.push_back(r.word(i));
  }
  b.seats_.push_back(s);
  return std::nullopt;
}

Refusal control_record(Board& b, const Record& r) {
  if (!nations(b, r)) return malformed(r);
  b.control_[r.word(1)] = r.word(2);
  return std::nullopt;
}

Refusal war_record(Board& b, const Record& r) {
  if (!nations(b, r) || r[1] >= r[2]) return malformed(r);
  b.wars_.insert(War{r.word(1), r.word(2)});
  return std::nullopt;
}

Refusal declared_record(Board& b, const Record& r) {
  if (!nations(b, r)) return malformed(r);
  b.declared_.push_back(Declaration{r.word(1), r.word(2)});
  return std::nullopt;
}

Refusal stacks_record(Board& b, const Record& r) {
  records::Fields f;
  f.take(r.integer(1, 0, 99), b.defending_);
  f.take(r.flag(2), b.after_evasion_);
  f.take(r.integer(3, 0, 99), b.evading_);
  if (f.error()) return malformed(r);
  return std::nullopt;
}

Refusal commanders_record(Board& b, const Record& r) {
  b.commander_ = {text::unword(r[1]), text::unword(r[2])};
  for (const std::string& c : b.commander_)
    if (!c.empty() && !known(b, c)) return malformed(r);
  return std::nullopt;
}

Refusal chits_record(Board& b, const Record& r) {
  records::Fields f;
  f.take(r.flag(1), b.revealed_);
  f.take(r.integer(4, 0, 2), b.nelson_);
  f.take(r.flag(5), b.closed_);
  if (f.error()) return malformed(r);
  b.chit_ = {text::unword(r[2]), text::unword(r[3])};
  for (const std::string& c : b.chit_)
    if (!c.empty() && !b.tables().has_chit(c)) return malformed(r);
  if (b.chit_[0].empty() != b.chit_[1].empty()) return malformed(r);
  return std::nullopt;
}

Refusal morale_record(Board& b, const Record& r) {
  const auto s = r.integer(1, 0, 1);
  if (!s) return malformed(r);
  const auto i = static_cast<std::size_t>(*s);
  records::Fields f;
  f.take(r.integer(2, 0, 100'000'000), b.morale_sum_[i]);
  f.take(r.integer(3, 0, 100'000), b.morale_ships_[i]);
  f.take(r.integer(4, 0, 1'000'000), b.loss_[i].value);
  f.take(r.integer(5, 0, 100'000), b.lost_[i]);
  f.take(r.integer(6, 0, 100'000), b.hit_[i]);
  if (f.error()) return malformed(r);
  return std::nullopt;
}

Refusal raid_record(Board& b, const Record& r) {
  records::Fields f;
  f.take(r.flag(1), b.guns_);
  f.take(r.flag(2), b.no_reply_);
  if (f.error()) return malformed(r);
  return std::nullopt;
}

Refusal surrendered_record(Board& b, const Record& r) {
  if (!known(b, r[1])) return malformed(r);
  b.surrendered_.insert(r.word(1));
  return std::nullopt;
}

Refusal follow_record(Board& b, const Record& r) {
  if (!known(b, r[1])) return malformed(r);
  b.follow_.push_back(r.word(1));
  return std::nullopt;
}

// "britain=2,spain=1": the losses settled by nation.
bool read_settled(const Board& b, std::string_view w, std::map<std::string, int>& into) {
  if (w == "-") return true;
  for (auto part : text::split(w, ",")) {
    const auto eq = part.find('=');
    long long v = 0;
    if (eq == std::string_view::npos || !text::parse_int(part.substr(eq + 1), v) || v < 0 ||
        v > 999 || !known(b, part.substr(0, eq)))
      return false;
    into[std::string(part.substr(0, eq))] = static_cast<int>(v);
  }
  return true;
}

Refusal pending_record(Board& b, const Record& r) {
  Allocation a;
  records::Fields f;
  f.take(r.integer(1, 0, 1), a.side);
  f.take(r.flag(2), a.capture);
  f.take(r.flag(3), a.spare);
  f.take(r.integer(4, 1, 99), a.odd);
  if (f.error()) return malformed(r);
  a.cause = text::unword(r[5]);
  if (!read_settled(b, r[6], a.settled) || r[7] == "-") return malformed(r);
  for (auto c : text::split(r[7], ",")) {
    if (!known(b, c)) return malformed(r);
    a.candidates.emplace_back(c);
  }
  b.pending_.push_back(a);
  return std::nullopt;
}

Refusal resume_record(Board& b, const Record& r) {
  const auto n = index_of(kNexts, r[1]);
  if (!n) return malformed(r);
  b.resume_ = static_cast<Next>(*n);
  return std::nullopt;
}

Refusal outcome_record(Board& b, const Record& r) {
  const auto o = index_of(kOutcomes, r[1]);
  records::Fields f;
  f.take(r.integer(2, -1, 1), b.victor_);
  f.take(r.flag(3), b.victory_counts_);
  f.take(r.flag(4), b.melee_by_nelson_);
  if (!o || f.error()) return malformed(r);
  b.outcome_ = static_cast<Outcome>(*o);
  return std::nullopt;
}

Refusal pp_record(Board& b, const Record& r) {
  const auto v = r.integer(2, -99, 99);
  if (!v || !known(b, r[1])) return malformed(r);
  b.pp_[r.word(1)] = *v;
  return std::nullopt;
}

// What a fleet record must hold beyond its fields.
Refusal fleet_problem(const Board& b, const Fleet& f) {
  if (f.start != f.ships + f.damaged + f.taken + f.sunk + f.saved + f.prizes + f.yielded)
    return "fleet " + f.id + "'s ships do not add up to its start";
  if ((!f.taken.empty() || !f.prizes.empty() || !f.yielded.empty()) && f.taken_by.empty())
    return "fleet " + f.id + " lost ships to nobody";
  if (std::any_of(b.fleets_.begin(), b.fleets_.end(), [&](const Fleet& g) { return g.id == f.id; }))
    return "fleet " + f.id + " twice";
  return std::nullopt;
}

Refusal fleet_record(Board& b, const Record& r) {
  Fleet f;
  f.id = r.word(1);
  records::Fields fields;
  fields.take(r.integer(2, 1, 99), f.stack);
  fields.take(r.flag(6), f.nelson);
  fields.take(r.flag(17), f.fought);
  fields.take(r.flag(18), f.evaded);
  fields.take(r.flag(19), f.surrendered);
  if (fields.error() || !known(b, r[3]) || !b.battle().stack(f.stack)) return malformed(r);
  f.nation = r.word(3);
  f.name = text::unword(r[4]);
  f.leader = text::unword(r[5]);
  f.leader_fate = text::unword(r[7]);
  Ships* parts[] = {&f.start, &f.ships, &f.damaged, &f.taken,
                    &f.sunk,  &f.saved, &f.prizes,  &f.yielded};
  for (std::size_t i = 0; i < 8; ++i) {
    auto s = unships(r[8 + i]);
    if (!s) return malformed(r);
    *parts[i] = *s;
  }
  f.taken_by = text::unword(r[16]);
  if (!f.taken_by.empty() && !known(b, f.taken_by)) return malformed(r);
  f.at = text::unword(r[20]);
  if (auto why = fleet_problem(b, f)) return r.where() + ": " + *why;
  b.fleets_.push_back(f);
  return std::nullopt;
}

Refusal corps_record(Board& b, const Record& r) {
  Corps c;
  records::Fields f;
  f.take(r.integer(2, 1, 99), c.factors);
  f.take(r.integer(4, 0, 99), c.surrendered);
  if (f.error() || c.surrendered > c.factors || !known(b, r[1])) return malformed(r);
  c.nation = r.word(1);
  c.fleet = r.word(3);
  b.corps_.push_back(c);
  return std::nullopt;
}

Refusal result_record(Board& b, const Record& r) {
  b.result_ = text::unword(r[1]);
  return std::nullopt;
}

// The records of a position: keyword, the number of fields (at least, at
// most) and the reader.
struct RecordKind {
  std::string_view keyword;
  std::size_t min, max;
  Refusal (*read)(Board&, const Record&);
};
constexpr std::size_t kAny = 99;
constexpr RecordKind kRecords[] = {
    {"battle", 1, 1, battle_record}, {"players", 1, 1, players_record},
    {"step", 1, 1, step_record},     {"phase", 3, 3, phase_record},
    {"seat", 2, kAny, seat_record},  {"control", 2, 2, control_record},
    {"war", 2, 2, war_record},       {"declared", 2, 2, declared_record},
    {"stacks", 3, 3, stacks_record}, {"commanders", 2, 2, commanders_record},
    {"chits", 5, 5, chits_record},   {"morale", 6, 6, morale_record},
    {"raid", 2, 2, raid_record},     {"surrendered", 1, 1, surrendered_record},
    {"follow", 1, 1, follow_record}, {"pending", 7, 7, pending_record},
    {"resume", 1, 1, resume_record}, {"outcome", 4, 4, outcome_record},
    {"pp", 2, 2, pp_record},         {"fleet", 20, 20, fleet_record},
    {"corps", 4, 4, corps_record},   {"result", 1, 1, result_record},
};

}  // namespace

std::optional<std::string> Board::parse(std::string_view bytes) {
  auto recs = records::read_quoted(bytes, "eih-naval position");
  if (!recs) return recs.error().message;
  if (recs->size() < 3 || (*recs)[0].text() != "eih-naval 1") return "not an eih-naval position";
  seats_.clear();
  control_.clear();
  wars_.clear();
  fleets_.clear();
  corps_.clear();
  bool battle_seen = false, players_seen = false;
  for (std::size_t i = 1; i < recs->size(); ++i) {
    const Record& r = (*recs)[i];
    const RecordKind* kind = nullptr;
    for (const RecordKind& k : kRecords)
      if (r.is(k.keyword, k.min, k.max)) kind = &k;
    if (!kind) return r.where() + ": unknown record '" + r.word(0) + "'";
    if (auto why = kind->read(*this, r)) return why;
    battle_seen = battle_seen || r.keyword() == "battle";
    players_seen = players_seen || r.keyword() == "players";
  }
  if (!battle_seen || !players_seen) return "eih-naval position: no battle or players";
  return consistent();
}

// What the sequence of play relies on, for a position read from outside.
std::optional<std::string> Board::consistent() const {
  const std::string where = "eih-naval position: ";
  if (static_cast<int>(seats_.size()) != players_) return where + "one seat a player";
  for (const SeatSpec& s : seats_)
    for (const std::string& p : s.powers)
      if (std::count_if(seats_.begin(), seats_.end(), [&](const SeatSpec& o) {
            return std::find(o.powers.begin(), o.powers.end(), p) != o.powers.end();
          }) != 1)
        return where + "a power with two seats";
  for (const Fleet& f : fleets_) {
    const auto seat = seat_of(power(f.nation));
    if (seg_ != Phase::Forces && (!seat || side_of_seat(*seat) != side_of(f)))
      return where + "fleet " + f.id + " has no seat of its side";
  }
  // The fleets are the battle's (or, in a custom battle, the seats' in their
  // side's first stack).
  if (!battle().custom && fleets_.size() != battle().fleets.size())
    return where + "not the fleets of " + battle().id;
  for (std::size_t i = 0; i < fleets_.size(); ++i) {
    const Fleet& f = fleets_[i];
    if (battle().custom) continue;
    const FleetSpec& spec = battle().fleets[i];
    if (f.id != spec.id || f.nation != spec.nation || f.stack != spec.stack ||
        f.start != spec.ships || f.name != spec.name || f.nelson != spec.nelson)
      return where + "fleet " + f.id + " is not the battle's " + spec.id;
  }
  for (const Corps& c : corps_)
    if (std::none_of(fleets_.begin(), fleets_.end(),
                     [&](const Fleet& f) { return f.id == c.fleet; }))
      return where + "a corps on an unknown fleet";
  if (seg_ == Phase::Forces &&
      (!battle().custom || forces_seat_ >= players_ || revealed_ || defending_ != 0))
    return where + "a forces step outside the start of a custom battle";
  const auto stack_of_side = [&](int stack, int side) {
    return stack == 0 || (battle().stack(stack) && battle().stack(stack)->side == side);
  };
  const int att = battle().attacker;
  if (!stack_of_side(defending_, 1 - att) || !stack_of_side(evading_, 1 - att))
    return where + "the defending stack is not an enemy stack";
  for (int s : {0, 1}) {
    const std::string& c = commander_[static_cast<std::size_t>(s)];
    if (c.empty()) continue;
    bool found = false;
    for (const Fleet& f : fleets_) found = found || (power(f.nation) == c && side_of(f) == s);
    if (!found) return where + "a commander without fleets on its side";
  }
  const bool fighting = seg_ == Phase::Chits || seg_ == Phase::Guns || seg_ == Phase::Surrender ||
                        seg_ == Phase::Follow || seg_ == Phase::Evasion || seg_ == Phase::War;
  if (fighting && (defending_ == 0 || commander_[0].empty() || commander_[1].empty()))
    return where + "a combat step without both stacks and commanders";
  if ((seg_ == Phase::Defender || seg_ == Phase::War) &&
      commander_[static_cast<std::size_t>(att)].empty())
    return where + "the attacker has no commander";
  if ((seg_ == Phase::Surrender || seg_ == Phase::Follow || seg_ == Phase::Guns) &&
      (!revealed_ || round_ >= kRounds || outcome_ != Outcome::Fighting))
    return where + "a round after the forces were revealed and before the third";
  if (battle().where == Where::Sea && revealed_ && chit_[0].empty())
    return where + "an open-sea battle without chits";
  if (seg_ == Phase::Chase && outcome_ != Outcome::Victory)
    return where + "a chase without a victor";
  if ((outcome_ == Outcome::Victory) != (victor_ >= 0)) return where + "a victor without a victory";
  if (seg_ == Phase::Odd && pending_.empty()) return where + "odd losses without losses";
  if (seg_ != Phase::Odd && !pending_.empty()) return where + "losses left unshared";
  if (seg_ == Phase::Follow && follow_.empty()) return where + "nobody to follow a surrender";
  if (seg_ == Phase::Retreat && outcome_ == Outcome::Fighting && evading_ == 0)
    return where + "a retreat before the end of the combat";
  if ((seg_ == Phase::Over) != (!result_.empty())) return where + "an ending without a result";
  for (const Allocation& a : pending_) {
    std::map<std::string, int> avail;
    for (const Fleet* f : engaged_fleets(a.side)) avail[f->nation] += f->ships.total();
    int total = a.odd;
    for (const auto& [n, k] : a.settled) {
      if (k > avail[n]) return where + "more losses than ships";
      total += k;
    }
    if (static_cast<int>(a.candidates.size()) <= a.odd) return where + "no choice of odd losses";
    for (const std::string& c : a.candidates) {
      const auto it = a.settled.find(c);
      if ((it == a.settled.end() ? 0 : it->second) + 1 > avail[c])
        return where + "an odd loss for a nation without ships";
    }
    if (total > force(a.side).ships.total()) return where + "more losses than ships";
  }
  return std::nullopt;
}

}  // namespace naumachia::eih_naval
