// Classis: the canonical text of a position (equal positions give equal
// bytes) and its parser, which refuses anything it cannot read back.
#include <sstream>

#include "core/records.h"
#include "core/text.h"
#include "games/classis/rules.h"

namespace naumachia::classis {

namespace {

constexpr std::array<const char*, 3> kCrews{"green", "average", "expert"};

std::string list(const std::set<std::string>& s) {
  if (s.empty()) return "-";
  std::string o;
  for (const std::string& x : s) o += (o.empty() ? "" : ",") + x;
  return o;
}

std::set<std::string> unlist(std::string_view w) {
  std::set<std::string> out;
  if (w == "-") return out;
  for (std::string_view p : text::split(w, ",")) out.insert(std::string(p));
  return out;
}

Expected<Side> side_field(const records::Record& r, std::size_t i) {
  auto v = r.integer(i, 0, 1);
  if (!v) return unexpected(v.error());
  return static_cast<Side>(*v);
}

// "commander ID SIDE RATING ADMIRAL SQUADRON LOST NAME": the name may hold blanks.
Commander read_commander(const records::Record& r, records::Fields& fields) {
  Commander c;
  c.id = std::string(r[1]);
  fields.take(side_field(r, 2), c.side);
  fields.take(r.integer(3, 2, 4), c.rating);
  fields.take(r.flag(4), c.admiral);
  c.squadron = text::unword(r[5]);
  fields.take(r.flag(6), c.lost);
  c.name = r.rest(7);
  return c;
}

Ship read_ship(const records::Record& r, records::Fields& fields) {
  Ship s;
  s.id = std::string(r[1]);
  s.type = std::string(r[2]);
  fields.take(side_field(r, 3), s.owner);
  fields.take(side_field(r, 4), s.holder);
  s.squadron = std::string(r[5]);
  s.home = std::string(r[6]);
  fields.take(r.choice<Crew>(
                  7, "crew",
                  {{"green", Crew::Green}, {"average", Crew::Average}, {"expert", Crew::Expert}}),
              s.crew);
  fields.take(r.flag(8), s.iron);
  fields.take(r.integer(9, 0, 2), s.towers);
  fields.take(r.integer(10, 0, 2), s.engines);
  fields.take(r.hex(11), s.hex);
  fields.take(r.dir(12), s.facing);
  fields.take(r.flag(13), s.sunk);
  fields.take(r.flag(14), s.crippled);
  fields.take(r.flag(15), s.permanent);
  fields.take(r.flag(16), s.prize);
  s.contact = text::unword(r[17]);
  fields.take(r.flag(18), s.ram);
  fields.take(r.integer(19, 0, 100000), s.ram_turn);
  s.grappled = unlist(r[20]);
  s.done = unlist(r[21]);
  return s;
}

}  // namespace

std::string Board::serialize() const {
  std::ostringstream o;
  o << "classis 1\n";
  o << "scenario " << sc_->id << "\n";
  o << "step " << step_ << "\n";
  o << "phase " << sequence()[seg_].name << " " << turn_ << " " << text::word(active_) << " "
    << points_ << " " << rolled_ << "\n";
  o << "wind " << (wind_ ? hex::name(*wind_) : "-") << "\n";
  o << "losses " << first_loss_[0] << " " << first_loss_[1] << " " << start_ships_[0] << " "
    << start_ships_[1] << " " << start_ram_[0] << " " << start_ram_[1] << "\n";
  o << "nations " << text::word(nation_[0]) << " " << text::word(nation_[1]) << "\n";
  o << cup_.serialize() << "\n";
  for (const auto& [id, c] : commanders_) {
    o << "commander " << id << " " << index(c.side) << " " << c.rating << " " << c.admiral << " "
      << text::word(c.squadron) << " " << c.lost << " " << c.name << "\n";
  }
  for (const auto& [id, q] : squadrons_)
    o << "squadron " << id << " " << index(q.side) << " " << q.commander << " "
      << text::word(q.flagship) << "\n";
  for (const auto& [id, s] : ships_) {
    o << "ship " << id << " " << s.type << " " << index(s.owner) << " " << index(s.holder) << " "
      << s.squadron << " " << s.home << " " << kCrews[static_cast<std::size_t>(s.crew)] << " "
      << s.iron << " " << s.towers << " " << s.engines << " " << hex::format_hex(s.hex) << " "
      << hex::name(s.facing) << " " << s.sunk << " " << s.crippled << " " << s.permanent << " "
      << s.prize << " " << text::word(s.contact) << " " << s.ram << " " << s.ram_turn << " "
      << list(s.grappled) << " " << list(s.done) << "\n";
  }
  if (over_)
    o << "over " << (winner_ ? std::to_string(index(*winner_)) : "-") << " " << result_ << "\n";
  return o.str();
}

std::optional<std::string> Board::parse(std::string_view bytes) {
  const auto recs = records::read(bytes, "classis position");
  if (recs.size() < 2 || !recs[0].is("classis", 1) || recs[0][1] != "1")
    return "not a classis position";
  if (!recs[1].is("scenario", 1)) return recs[1].where() + ": expected the scenario";
  sc_ = data_->scenario(recs[1][1]);
  if (!sc_) return recs[1].where() + ": unknown scenario";
  for (std::size_t k = 2; k < recs.size(); ++k) {
    const records::Record& r = recs[k];
    records::Fields fields;
    if (r.is("step", 1)) {
      fields.take(r.step(1), step_);
    } else if (r.is("phase", 5)) {
      const auto seg = sequence().named(r[1]);
      if (!seg)
        return r.where() + ": unknown phase '" + std::string(r[1]) +
               "' (one of muster, setup, activation)";
      seg_ = *seg;
      fields.take(r.integer(2, 0, 100000), turn_);
      active_ = text::unword(r[3]);
      fields.take(r.integer(4, 0, 6), points_);
      fields.take(r.integer(5, 0, 6), rolled_);
    } else if (r.is("wind", 1)) {
      fields.take(r.optional(1, &records::Record::dir), wind_);
    } else if (r.is("losses", 6)) {
      fields.take(r.integer(1, 0, 100000), first_loss_[0]);
      fields.take(r.integer(2, 0, 100000), first_loss_[1]);
      fields.take(r.integer(3, 0, 999), start_ships_[0]);
      fields.take(r.integer(4, 0, 999), start_ships_[1]);
      fields.take(r.integer(5, 0, 99999), start_ram_[0]);
      fields.take(r.integer(6, 0, 99999), start_ram_[1]);
    } else if (r.is("nations", 2)) {
      nation_ = {text::unword(r[1]), text::unword(r[2])};
    } else if (r.keyword() == "cup") {
      auto c = Cup::parse(r.text());
      if (!c) return r.where() + ": " + c.error().message;
      cup_ = *c;
    } else if (r.keyword() == "commander" && r.size() >= 8) {
      const Commander c = read_commander(r, fields);
      commanders_[c.id] = c;
    } else if (r.is("squadron", 4)) {
      Squadron q;
      q.id = std::string(r[1]);
      fields.take(side_field(r, 2), q.side);
      q.commander = std::string(r[3]);
      q.flagship = text::unword(r[4]);
      squadrons_[q.id] = q;
    } else if (r.is("ship", 21)) {
      if (!data_->types.count(std::string(r[2]))) return r.where() + ": unknown ship type";
      const Ship s = read_ship(r, fields);
      ships_[s.id] = s;
    } else if (r.is("over", 1, 999)) {
      over_ = true;
      fields.take(r.optional(1, side_field), winner_);
      result_ = r.rest(2);
    } else {
      return r.where() + ": unknown record";
    }
    if (fields.error()) return fields.error()->message;
  }
  return reference_problem();
}

// Every reference must resolve: a corrupt position is refused, not played.
std::optional<std::string> Board::reference_problem() const {
  for (const auto& [id, s] : ships_) {
    if (!squadrons_.count(s.squadron) || !squadrons_.count(s.home))
      return "classis position: ship " + id + " in an unknown squadron";
    if (!s.contact.empty() && !ships_.count(s.contact))
      return "classis position: ship " + id + " in contact with an unknown ship";
    for (const std::string& g : s.grappled)
      if (!ships_.count(g))
        return "classis position: ship " + id + " grappled with an unknown ship";
    if (!on_board(s.hex)) return "classis position: ship " + id + " off the board";
  }
  for (const auto& [id, q] : squadrons_)
    if (!commanders_.count(q.commander))
      return "classis position: squadron " + id + " without its commander";
  // A commander's chits name his squadron (2.1), and a drawn chit activates
  // the squadron it names: every chit must be one the sequence knows.
  for (const auto& [id, c] : commanders_)
    if (!c.squadron.empty() && !squadrons_.count(c.squadron))
      return "classis position: commander " + id + " of an unknown squadron";
  for (const std::string& chit : cup_.contents())
    if (!squadrons_.count(chit) && chit != kEndOfTurn && chit != morale_chit(Side::First) &&
        chit != morale_chit(Side::Second))
      return "classis position: an unknown chit '" + chit + "' in the cup";
  if (seg_ == Segment::Activation && !over_ && !squadrons_.count(active_))
    return "classis position: the active squadron is unknown";
  return std::nullopt;
}

}  // namespace naumachia::classis
