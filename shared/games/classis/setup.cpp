// Classis: the secret setup before the first turn, in which each side assigns
// commanders to squadrons and deploys on its edge (1.5, 1.6, 1.10), starting
// from the default deployment the muster makes.
#include <algorithm>
#include <set>

#include "core/text.h"
#include "games/classis/rules.h"

namespace naumachia::classis {

// Classis 1.10: each side along its edge, squadron by squadron in the
// scenario's order, in the row nearest the enemy first, centred, facing the
// enemy's edge; a squadron the scenario holds in reserve begins the row
// behind the line.
void Board::default_deployment(Side side) {
  const auto zone = sc_->zone[static_cast<std::size_t>(index(side))];
  const bool top = zone.first < sc_->zone[static_cast<std::size_t>(index(enemy(side)))].first;
  const auto rank = [&](const std::string& q) {
    for (std::size_t i = 0; i < sc_->squadrons.size(); ++i)
      if (sc_->squadrons[i].id == q) return std::pair{sc_->squadrons[i].reserve, i};
    return std::pair{false, std::size_t{0}};
  };
  std::array<std::vector<Ship*>, 2> groups;  // the line, the reserve
  for (auto& [id, s] : ships_)
    if (s.owner == side) groups[rank(s.squadron).first ? 1 : 0].push_back(&s);
  int k = 0;
  for (auto& own : groups) {
    std::sort(own.begin(), own.end(), [&](const Ship* x, const Ship* y) {
      const auto rx = rank(x->squadron), ry = rank(y->squadron);
      if (x->squadron != y->squadron) return rx != ry ? rx < ry : x->squadron < y->squadron;
      return natural_less(x->id, y->id);
    });
    std::size_t next = 0;
    for (; next < own.size(); ++k) {
      // Past the last row of the zone, the rows are tried again from the
      // front for whatever room is left.
      const int depth = zone.second - zone.first + 1;
      const int row = top ? zone.second - k % depth : zone.first + k % depth;
      if (k >= 2 * depth) break;  // the zone is full: the data check keeps this from happening
      std::vector<int> cols;
      for (int c = 1; c <= sc_->cols; ++c) {
        const HexId h{c, row};
        if (terrain(h) == Terrain::Sea && !ship_at(h)) cols.push_back(c);
      }
      const std::size_t here = std::min(cols.size(), own.size() - next);
      const std::size_t from = (cols.size() - here) / 2;
      for (std::size_t i = 0; i < here; ++i) {
        Ship& s = *own[next++];
        s.hex = HexId{cols[from + i], row};
        s.facing = top ? Dir::S : Dir::N;
      }
    }
  }
}

// One setup line (1.5, 1.6, 1.10):
//   SHIP: at HEX [facing DIR]    SHIP: squadron SQ
//   SQ: commander CMD            SQ: flagship SHIP
Expected<std::string> Board::setup_line(Side side, const std::string& line) {
  auto split = text::split_order(line, "R1: at 0702 facing S", order_notation());
  if (!split) return unexpected(split.error());
  const std::string who = text::upper(split->first);
  const auto w = text::split(split->second);
  const std::string verb = w.empty() ? "" : text::lower(w[0]);
  if (squadrons_.count(who)) {
    Squadron& q = squadrons_[who];
    if (q.side != side) return fail(cited("squadron " + who + " is not yours", order_notation()));
    if (verb == "commander" && w.size() == 2) {
      const std::string c = text::upper(w[1]);
      const auto it = commanders_.find(c);
      if (it == commanders_.end() || it->second.side != side)
        return fail(cited("'" + std::string(w[1]) + "' is not one of your commanders", "1.6"));
      // The commander leaves his old squadron, which is given back the
      // commander it is left without: a swap.
      for (auto& [id, other] : squadrons_) {
        if (other.commander == c && id != who) {
          other.commander = q.commander;
          commanders_[q.commander].squadron = id;
        }
      }
      q.commander = c;
      it->second.squadron = who;
      return who + ": commander " + c;
    }
    if (verb == "flagship" && w.size() == 2) {
      const std::string f = text::upper(w[1]);
      const Ship* s = find_ship(f);
      if (!s || s->owner != side)
        return fail(cited("'" + std::string(w[1]) + "' is not one of your ships" +
                              text::did_you_mean(f, ship_names(side)),
                          "1.5"));
      q.flagship = f;
      return who + ": flagship " + f;
    }
    return fail(
        "a squadron's setup line is 'SQ: commander NAME' or 'SQ: flagship SHIP' (1.5, 1.6)");
  }
  Ship* s = find_ship(who);
  if (!s) {
    std::vector<std::string> mine = ship_names(side);
    for (const auto& [id, q] : squadrons_)
      if (q.side == side) mine.push_back(id);
    return fail(cited(
        "'" + split->first + "' is neither a ship nor a squadron" + text::did_you_mean(who, mine),
        order_notation()));
  }
  if (s->owner != side) return fail(cited(who + " is not your ship", order_notation()));
  if (verb == "squadron" && w.size() == 2) {
    const std::string q = text::upper(w[1]);
    if (!squadrons_.count(q) || squadrons_.at(q).side != side)
      return fail(cited("'" + std::string(w[1]) + "' is not one of your squadrons", "1.6"));
    s->squadron = s->home = q;
    return who + ": squadron " + q;
  }
  if (verb == "at" && (w.size() == 2 || (w.size() == 4 && text::lower(w[2]) == "facing"))) {
    const auto h = hex::parse_hex(w[1]);
    if (!h || !on_board(*h))
      return fail(cited("'" + std::string(w[1]) + "' is not a hex of the board", "1.1, 1.10"));
    const auto zone = sc_->zone[static_cast<std::size_t>(index(side))];
    if (h->row < zone.first || h->row > zone.second)
      return fail(hex::format_hex(*h) + " is outside your deployment rows " +
                  std::to_string(zone.first) + "-" + std::to_string(zone.second) + " (1.10)");
    if (terrain(*h) != Terrain::Sea)
      return fail(hex::format_hex(*h) + " is " +
                  (terrain(*h) == Terrain::Land ? "land" : "a reef") +
                  ": deploy in open sea (1.10)");
    Dir d = s->facing;
    if (w.size() == 4) {
      const auto pd = hex::parse_dir(w[3]);
      if (!pd)
        return fail("'" + std::string(w[3]) + "' is not a direction (N, NE, SE, S, SW, NW) " +
                    order_notation());
      d = *pd;
    }
    // A ship standing where another is to go steps aside to the hex being
    // left, so that lines may exchange places in any order.
    for (auto& [id, o] : ships_)
      if (o.owner == side && o.id != s->id && o.hex == *h) o.hex = s->hex;
    s->hex = *h;
    s->facing = d;
    return who + ": at " + hex::format_hex(*h) + " facing " + hex::name(d);
  }
  return fail(
      "a ship's setup line is 'SHIP: at HEX [facing DIR]' or 'SHIP: squadron SQ' (1.6, 1.10)");
}

std::optional<std::string> Board::setup_problem(Side side) const {
  std::map<std::string, int> count;
  std::set<HexId> used;
  for (const auto& [id, s] : ships_) {
    if (s.owner != side) continue;
    ++count[s.squadron];
    if (!used.insert(s.hex).second)
      return "two of your ships stand in " + hex::format_hex(s.hex) + " (one ship to a hex, 1.10)";
  }
  for (const auto& [id, q] : squadrons_) {
    if (q.side != side) continue;
    if (count[id] < 2)
      return "squadron " + id + " has " + std::to_string(count[id]) +
             " ship(s): each squadron must contain at least 2 (1.6)";
    const Ship* f = find_ship(q.flagship);
    if (!f || f->squadron != id)
      return "squadron " + id + "'s flagship " + q.flagship + " is not in the squadron (1.5)";
  }
  return std::nullopt;
}

void Board::play_setup(const Orders& orders) {
  for (const auto& [player, set] : orders) {
    const Side side = static_cast<Side>(player.value);
    for (const std::string& l : set.lines) (void)setup_line(side, l);
  }
  for (Side side : {Side::First, Side::Second}) {
    std::vector<std::string> parts;
    for (const auto& [id, q] : squadrons_) {
      if (q.side != side) continue;
      const Commander& c = commanders_.at(q.commander);
      std::string p = "squadron " + id + " under " + c.name + " (rating " +
                      std::to_string(c.rating) + "), flagship " + q.flagship + ":";
      std::vector<const Ship*> own;
      for (const auto& [sid, s] : ships_)
        if (s.squadron == id) own.push_back(&s);
      std::sort(own.begin(), own.end(),
                [](const Ship* x, const Ship* y) { return natural_less(x->id, y->id); });
      for (const Ship* s : own)
        p += " " + s->id + " " + hex::format_hex(s->hex) + " " + hex::name(s->facing);
      parts.push_back(p);
    }
    say(side_name(side) + " deploys (1.5, 1.6, 1.10): " + text::join(parts, "; "));
  }
}

}  // namespace naumachia::classis
