// Constantinople: the canonical text of a position (equal positions give
// equal bytes) and its parser, which refuses anything it cannot read back.
#include <sstream>

#include "core/records.h"
#include "core/text.h"
#include "games/constantinople/rules.h"

namespace naumachia::constantinople {

namespace {

const char* side_word(Side s) {
  return s == Side::Ottoman ? "ottoman" : "byzantine";
}

}  // namespace

std::string Board::serialize() const {
  std::ostringstream o;
  o << "constantinople 1\n";
  o << "step " << step_ << "\n";
  o << "turn " << turn_ << " " << impulse_ << " " << sequence()[seg_].name << " "
    << side_word(first_) << " " << impulses_played_ << "\n";
  o << "wind " << hex::name(wind_) << " " << velocity_ << "\n";
  o << "boom " << side_word(boom_owner_) << " " << boom_broken_ << " " << boom_assaults_ << " "
    << portage_earned_ << " " << proposals_ << "\n";
  for (const auto& [h, s] : last_in_)
    o << "last-in " << hex::format_hex(h) << " " << side_word(s) << "\n";
  for (const auto& [l, ship] : leaders_) o << "leader " << l << " " << text::word(ship) << "\n";
  for (const auto& [id, s] : ships_) {
    o << "ship " << id << " " << s.on_map << " " << s.sunk << " " << hex::format_hex(s.hex) << " "
      << hex::name(s.facing) << " " << (s.prop == Propulsion::Oar ? "oar" : "sail") << " "
      << s.reduced << " " << s.damaged << " " << s.capability << " " << s.battle_in << " "
      << s.ineffective_in << " " << s.moved_in << " " << s.hexes_last << " " << s.to_sail << " "
      << text::word(s.engaged) << " " << s.rammer << " " << text::word(s.leader) << " "
      << s.seeking_haven << "\n";
  }
  if (over_) {
    o << "over " << (winner_ ? side_word(*winner_) : "-") << " " << result_ << "\n";
  }
  return o.str();
}

std::optional<std::string> Board::parse(std::string_view bytes) {
  const auto recs = records::read(bytes, "constantinople position");
  if (recs.empty() || !recs[0].is("constantinople", 1) || recs[0][1] != "1")
    return "not a constantinople position";
  const auto side = [](const records::Record& r, std::size_t i) {
    return r.choice<Side>(i, "side", {{"ottoman", Side::Ottoman}, {"byzantine", Side::Byzantine}});
  };
  std::set<std::string> seen;
  for (std::size_t k = 1; k < recs.size(); ++k) {
    const records::Record& r = recs[k];
    records::Fields fields;
    if (r.is("step", 1)) {
      fields.take(r.step(1), step_);
    } else if (r.is("turn", 5)) {
      fields.take(r.integer(1, 1, 99), turn_);
      fields.take(r.integer(2, 1, kImpulses), impulse_);
      const auto seg = sequence().named(r[3]);
      if (!seg) return r.where() + ": unknown segment";
      seg_ = *seg;
      fields.take(side(r, 4), first_);
      fields.take(r.integer(5, 0, 99 * kImpulses), impulses_played_);
    } else if (r.is("wind", 2)) {
      fields.take(r.dir(1), wind_);
      fields.take(r.integer(2, -1, 12), velocity_);
    } else if (r.is("boom", 5)) {
      fields.take(side(r, 1), boom_owner_);
      fields.take(r.flag(2), boom_broken_);
      fields.take(r.integer(3, 0, 999), boom_assaults_);
      fields.take(r.flag(4), portage_earned_);
      fields.take(r.integer(5, 0, 3), proposals_);
    } else if (r.is("last-in", 2)) {
      HexId h{};
      Side s{};
      fields.take(r.hex(1), h);
      fields.take(side(r, 2), s);
      last_in_[h] = s;
    } else if (r.is("leader", 2)) {
      if (!leaders_.count(std::string(r[1]))) return r.where() + ": unknown leader";
      const std::string ship = text::unword(r[2]);
      if (!ship.empty() && ship != "lost" && !ships_.count(ship))
        return r.where() + ": unknown ship";
      leaders_[std::string(r[1])] = ship;
      seen.insert("L" + std::string(r[1]));
    } else if (r.is("ship", 18)) {
      const auto it = ships_.find(std::string(r[1]));
      if (it == ships_.end()) return r.where() + ": unknown ship";
      Ship& s = it->second;
      fields.take(r.flag(2), s.on_map);
      fields.take(r.flag(3), s.sunk);
      fields.take(r.hex(4), s.hex);
      fields.take(r.dir(5), s.facing);
      fields.take(r.choice<Propulsion>(6, "propulsion",
                                       {{"oar", Propulsion::Oar}, {"sail", Propulsion::Sail}}),
                  s.prop);
      fields.take(r.flag(7), s.reduced);
      fields.take(r.flag(8), s.damaged);
      fields.take(r.integer(9, 0, 12), s.capability);
      fields.take(r.integer(10, 0, 9999), s.battle_in);
      fields.take(r.integer(11, 0, 9999), s.ineffective_in);
      fields.take(r.integer(12, 0, 9999), s.moved_in);
      fields.take(r.integer(13, 0, 99), s.hexes_last);
      fields.take(r.flag(14), s.to_sail);
      s.engaged = text::unword(r[15]);
      fields.take(r.flag(16), s.rammer);
      s.leader = text::unword(r[17]);
      fields.take(r.flag(18), s.seeking_haven);
      if (!s.engaged.empty() && !ships_.count(s.engaged))
        return r.where() + ": unknown ship engaged";
      seen.insert(s.id);
    } else if (r.is("over", 1, 99)) {
      over_ = true;
      fields.take(r.optional(1, side), winner_);
      result_ = r.rest(2);
    } else {
      return r.where() + ": unknown record";
    }
    if (fields.error()) return fields.error()->message;
  }
  for (const auto& [id, s] : ships_)
    if (!seen.count(id)) return "constantinople position: no record of ship " + id;
  return std::nullopt;
}

}  // namespace naumachia::constantinople
