// Classis: what a player sees (the board, every ship's counters as 1.8 lists
// them, the cup's remaining chits, initiative left and who may act) and the
// order help.
#include <algorithm>

#include "core/text.h"
#include "games/classis/rules.h"

namespace naumachia::classis {

// A ship's counter (1.3): its type and factors as the Ship Factors Chart
// prints them, ram-boarding-speed-turning, as they stand now; its marks are
// the markers on it, a word each, and its details say what they mean.
Token Board::token(const Ship& s) const {
  Token k;
  k.owner = index(s.holder);
  k.kind = s.type;
  k.label = s.id;
  k.facing = static_cast<int>(s.facing);
  k.values = std::to_string(ram_factor(s)) + "-" + std::to_string(boarding(s)) + "-" +
             std::to_string(speed(s)) + "-" + std::to_string(turning(s));
  k.details.push_back(type(s).name + ": ram " + std::to_string(ram_factor(s)) + ", boarding " +
                      std::to_string(boarding(s)) + ", speed " + std::to_string(speed(s)) +
                      ", turning " + std::to_string(turning(s)));
  k.details.push_back("squadron " + s.squadron + ", crew " + crew_name(crew(s)));
  if (s.iron) k.details.push_back("iron hands");
  if (s.towers) k.details.push_back("towers " + std::to_string(s.towers));
  if (s.engines) k.details.push_back("engines " + std::to_string(s.engines));
  for (const auto& [id, q] : squadrons_) {
    if (q.flagship != s.id) continue;
    const Commander& cm = commanders_.at(q.commander);
    if (cm.lost) continue;
    k.marks.push_back(cm.admiral ? "fleet flagship" : "flagship");
    k.details.push_back(std::string(cm.admiral ? "fleet flagship" : "flagship") + ": " + cm.name +
                        " (" + std::to_string(cm.rating) + ")");
  }
  if (s.crippled) {
    k.marks.push_back("crippled");
    k.details.push_back(s.permanent ? "permanently crippled" : "crippled");
  }
  if (s.prize) {
    k.marks.push_back("prize");
    k.details.push_back(s.holder == s.owner ? "recaptured" : "prize of " + side_name(s.holder));
  }
  if (!s.contact.empty()) {
    k.marks.push_back(s.ram ? "ram contact" : "contact");
    k.details.push_back((s.ram ? "ram contact with " : "in contact with ") + s.contact);
  }
  if (!s.grappled.empty()) k.marks.push_back("grappled");
  for (const std::string& g : s.grappled) k.details.push_back("grappled with " + g);
  if (seg_ == Segment::Activation && !in_command(s)) k.marks.push_back("out of command");
  if (seg_ == Segment::Activation && !over_ && can_act(s)) k.marks.push_back("may act");
  return k;
}

View Board::view() const {
  View v;
  v.board_kind = BoardKind::Hex;
  for (int c = 1; c <= sc_->cols; ++c) {
    for (int r = 1; r <= sc_->rows; ++r) {
      const HexId h{c, r};
      Cell cell;
      cell.id = hex::format_hex(h);
      cell.col = c;
      cell.row = r;
      const Terrain t = terrain(h);
      cell.terrain = t == Terrain::Land ? "land" : t == Terrain::Reef ? "reef" : "sea";
      cell.fill = t == Terrain::Land   ? Fill::Land
                  : t == Terrain::Reef ? Fill::Shallows
                                       : Fill::Water;
      if (t != Terrain::Sea) cell.label = t == Terrain::Land ? "#" : "*";
      if (const Ship* s = ship_at(h)) cell.tokens.push_back(token(*s));
      v.cells.push_back(std::move(cell));
    }
  }
  v.notes.push_back(sc_->title);
  v.notes.push_back(label());
  v.notes.push_back("Map: # land, * reef (a ship entering a reef stops and runs aground on 1-2)");
  if (wind_)
    v.notes.push_back(std::string("Wind from ") + hex::name(*wind_) + " (1.9: shown only)");
  for (Side s : {Side::First, Side::Second}) {
    const auto i = static_cast<std::size_t>(index(s));
    std::string n = side_name(s) + " (seat " + std::to_string(index(s)) + "): lost " +
                    std::to_string(losses(s)) + " of " + std::to_string(start_ships_[i]) +
                    " ships, " + std::to_string(ram_losses(s)) + " of " +
                    std::to_string(start_ram_[i]) + " ramming factors (4.0: a third loses)";
    for (const auto& [id, c] : commanders_) {
      if (c.side != s) continue;
      n += "; " + c.name + " (" + std::to_string(c.rating) + ")" + (c.admiral ? " admiral" : "") +
           (c.squadron.empty() ? "" : " squadron " + c.squadron) + (c.lost ? " LOST" : "");
    }
    v.notes.push_back(n);
  }
  std::vector<std::string> sunk;
  for (const auto& [id, s] : ships_)
    if (s.sunk) sunk.push_back(id);
  if (!sunk.empty()) v.notes.push_back("Sunk: " + text::join(sunk, " "));
  if (seg_ == Segment::Activation && !over_) {
    // The chits left are known to both players (they saw every draw); their
    // order does not exist until the server draws (core/cup.h).
    v.notes.push_back("The cup holds " + std::to_string(cup_.size()) +
                      " chits: " + text::join(cup_.contents(), " "));
    std::vector<std::string> acting;
    auto ready = may_act();
    std::sort(ready.begin(), ready.end(),
              [](const Ship* x, const Ship* y) { return natural_less(x->id, y->id); });
    for (const Ship* s : ready) {
      acting.push_back(
          s->id + (in_command(*s) ? "" : " (out of command)") +
          (s->done.empty()
               ? ""
               : " [done: " + text::join({s->done.begin(), s->done.end()}, ", ") + "]"));
    }
    v.notes.push_back(std::to_string(points_) +
                      " initiative point(s) left; may act: " + text::join(acting, ", "));
  }
  if (over_) v.notes.push_back(result_);
  return v;
}

std::string Board::order_help() const {
  if (seg_ == Segment::Setup)
    return "Setup (secret until both sides are done; no orders keeps the defaults shown):\n"
           "  SQ: commander NAME      put a commander at the head of squadron SQ (1.5)\n"
           "  SQ: flagship SHIP       the ship he sails in\n"
           "  SHIP: squadron SQ       move a ship to another squadron (1.6: two ships at least)\n"
           "  SHIP: at HEX [facing D] deploy in your rows (1.10), e.g. 'R1: at 0702 facing S'";
  return "Activation: each line costs one initiative point (2.2); lines run in order and stop "
         "at the first that fails; no ship repeats an action in one activation (3.2.11).\n"
         "  SHIP: move PATH         PATH of F (one hex ahead), L and R (one hexside to port or "
         "starboard) or numbers of hexes; a speed point moves one hex or turns up to the "
         "turning capability; moving ahead into an enemy engages it (3.1.4)\n"
         "  SQ: move SHIP PATH; SHIP PATH   a command move, every ship in command (3.2.1)\n"
         "  SHIP: backwater         one hex straight astern, breaks ram contact (3.2.2); "
         "'SQ: backwater SHIP SHIP' by command\n"
         "  SHIP: ram T | follow-up T | rake T | grapple T | degrapple T | board T | repair\n"
         "  end                     decline the rest of the points\n"
         "No orders ends the activation.";
}

}  // namespace naumachia::classis
