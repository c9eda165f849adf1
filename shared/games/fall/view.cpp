// The Fall of Constantinople: what players see. Everything is public (FoC: a
// Diplomacy game; the treasuries too, as the GM announces them): provinces
// with their units, owners and pillage, each city as a cell of its own with
// its garrison, owner and siege, and each power's stock and holdings.
#include "core/text.h"
#include "games/diplomacy/cells.h"
#include "games/fall/board.h"
#include "games/fall/units.h"

namespace naumachia::fall {

using diplomacy::province_of;

namespace {

constexpr const char* kOrderHelp =
    R"(One order per line; provinces by id or name, any case. Units are counted:
"A", "2A", "2A/1F", "F". With several powers at one seat, begin a line with
the power: "Venice: 2A ath - the".
Spring and autumn:
  2A ath H                     hold (units without orders hold)
  2A/1F otr - apu              move (a multiple unit moves together)
  A ath - ath city             garrison: into the city (only your own city)
  A ath city - ath             leave the city (into its province only)
  F rho S F chi - aeg          support (with the whole unit)   3A nis B  besiege
  F aeg C A ath - rho          convoy                          A ath P   pillage
  buy 2 food from the bank     3£ a unit      buy 2 food from Venice by 6£
  sell 2 food to Genoa by 6£   (both sides must write the same amount and price)
Retreats: 2A ath - the, or disband 2A ath. Unordered dislodged units disband.
  disband A aeg of Venice      the fleets' owner picks the armies an unseaworthy
                               A/F loses (default: one of each power in turn)
Summer: disband A ath; unfed A ath (who goes hungry when food is short).
Winter: build A ath; build F mes/wc; build mercenary A ath; disband F rho;
  unfed 2A nis. Units are maintained before builds; unnamed shortfalls fall
  on the units farthest from your cities.)";

}  // namespace

// A group's count is printed on its counter (Multiplicity Plus: "2A").
Token Board::token(const Group& g, std::vector<std::string> marks) const {
  Token t = diplomacy::unit_token(seats_.seat_of(g.power), g.type, g.power + " " + describe(g),
                                  g.power, std::move(marks));
  if (g.count > 1) t.values = std::to_string(g.count);
  return t;
}

// The province with its food, owner, pillage and the units outside its city
// (dislodged ones too); a province with nothing to say is drawn but has no
// label (a text client leaves it out).
Cell Board::province_cell(const diplomacy::Province& p) const {
  Cell c = diplomacy::province_cell(sc_->map(), p);
  c.label = p.name;
  if (p.food > 0) c.label += ", " + std::to_string(p.food) + "F";
  const auto owner = province_owner.find(p.id);
  if (owner != province_owner.end()) {
    c.label += ", " + units::possessive(owner->second);
    c.owner = seats_.seat_of(owner->second);
    c.power = owner->second;
  }
  if (pillaged_provinces.count(p.id)) c.label += ", pillaged";
  for (const Group& g : groups) {
    if (!g.place.in_city && province_of(g.place.location) == p.id) c.tokens.push_back(token(g, {}));
  }
  for (const Dislodged& d : dislodged) {
    if (province_of(d.place.location) != p.id) continue;
    if (d.armies > 0)
      c.tokens.push_back(token(Group{d.power, UnitType::Army, d.armies, d.place}, {"dislodged"}));
    if (d.fleets > 0)
      c.tokens.push_back(token(Group{d.power, UnitType::Fleet, d.fleets, d.place}, {"dislodged"}));
  }
  if (c.tokens.empty() && owner == province_owner.end() && !pillaged_provinces.count(p.id))
    c.label.clear();
  return c;
}

// The city inside province `id`: its yield, size and port, owner, siege,
// pillage and garrison.
Cell Board::city_cell(const std::string& id, const diplomacy::City& city) const {
  Cell cc;
  cc.id = id + " city";
  cc.x = city.x;
  cc.y = city.y;
  const diplomacy::Geometry* drawing = sc_->map().geometry();
  if (const auto* shape = drawing ? drawing->shape(id) : nullptr; shape && shape->city) {
    cc.x = shape->city->x;
    cc.y = shape->city->y;
  }
  cc.neighbours.push_back(id);
  cc.terrain = "city";
  cc.fill = Fill::Town;
  const auto co = city_owner.find(id);
  if (co != city_owner.end()) {
    cc.owner = seats_.seat_of(co->second);
    cc.power = co->second;
  }
  cc.label = city.name + " (" + std::to_string(city.money) + "£, size " +
             std::to_string(city.size) + (city.port ? ", port" : "") + "), " +
             (co == city_owner.end() ? "unowned" : units::possessive(co->second));
  if (const auto s = sieges.find(id); s != sieges.end())
    cc.label += ", besieged by " + s->second.besieger + " for " +
                std::to_string(s->second.seasons) + " season(s)";
  if (pillaged_cities.count(id)) cc.label += ", pillaged";
  for (const Group& g : groups) {
    if (g.place.in_city && province_of(g.place.location) == id)
      cc.tokens.push_back(token(g, {"garrison"}));
  }
  return cc;
}

// "Venice: 30£ 2M 5F; 4 cities, 3 provinces, 6 units; building A cnd", with
// what the phase asks of the power.
std::string Board::power_note(const PowerInfo& p) const {
  const auto s = stocks.find(p.name);
  const Stock stock = s == stocks.end() ? Stock{} : s->second;
  int provinces = 0;
  for (const auto& [prov, owner] : province_owner) provinces += owner == p.name;
  std::string note = p.name + ": " + format_stock(stock) + "; " +
                     std::to_string(cities_of(*this, p.name)) + " cities, " +
                     std::to_string(provinces) + " provinces, " +
                     std::to_string(components_of(*this, p.name)) + " units";
  for (const PendingBuild& b : pending) {
    if (b.power == p.name)
      note += "; building " + std::string(b.type == UnitType::Army ? "A " : "F ") + b.city;
  }
  if (segment() == Phase::Summer && stock.food < components_of(*this, p.name))
    note += "; short of food by " + std::to_string(components_of(*this, p.name) - stock.food);
  if (segment() == Phase::Retreats) {
    for (const Dislodged& d : dislodged) {
      if (d.power != p.name) continue;
      std::vector<std::string> to;
      for (const Place& pl : retreat_options(*sc_, *this, d)) to.push_back(format_place(pl));
      note += "; " + format_units(Units{d.armies, d.fleets}) + " " + d.place.location +
              " may retreat to " + text::join(to, " ") + " or disband";
    }
  }
  for (const SeaDisband& sd : sea_disbands) {
    if (fleet_owners(*this, sd.sea).count(p.name))
      note += "; chooses " + std::to_string(sd.excess) + " army(ies) to lose in " + sd.sea +
              " (disband A " + sd.sea + " of POWER)";
  }
  if (!in_game(*this, p.name)) note += "; out of the game";
  return note;
}

View Board::view() const {
  const auto& map = sc_->map();
  View v = diplomacy::map_view(map);
  for (const auto& [id, p] : map.provinces()) {
    v.cells.push_back(province_cell(p));
    if (const auto* city = map.city(id)) v.cells.push_back(city_cell(id, *city));
  }
  v.notes.push_back(label());
  for (const PowerInfo& p : sc_->powers()) v.notes.push_back(power_note(p));
  v.notes.push_back(std::to_string(kCitiesToWin) + " of the 53 cities win.");
  return v;
}

std::string Board::order_help() const {
  return kOrderHelp;
}

}  // namespace naumachia::fall
