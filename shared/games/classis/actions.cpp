// Classis: the order lines of an activation (3.2.1-3.2.9) and their costs:
// one initiative point each, a command move or backwater one point for the
// whole command (3.2.1, 3.2.2); no ship repeats an action in one activation
// (3.2.11).
#include <algorithm>
#include <set>

#include "core/text.h"
#include "games/classis/rules.h"

namespace naumachia::classis {

bool Board::can_act(const Ship& s) const {
  return !s.sunk && s.squadron == active_ && s.holder == active_side();
}

std::vector<const Ship*> Board::may_act() const {
  std::vector<const Ship*> out;
  if (seg_ != Segment::Activation || over_) return out;
  for (const auto& [id, s] : ships_)
    if (can_act(s)) out.push_back(&s);
  return out;
}

Expected<bool> Board::act(Side side, const Action& a) {
  if (points_ < 1) return fail("no initiative points are left in this activation (2.2, 3.1.2)");
  const auto own = [&](const std::string& id) -> Expected<Ship*> {
    Ship* s = find_ship(id);
    if (!s)
      return fail(cited("there is no ship " + id + text::did_you_mean(id, ship_names(side)),
                        order_notation()));
    if (s->sunk) return fail(cited(id + " has sunk", "3.1.6, 3.3.1"));
    if (s->holder != side) return fail(cited(id + " is not yours", order_notation()));
    if (s->squadron != active_)
      return fail(id + " is not in squadron " + active_ +
                  ", which has the initiative (2.1, 3.1.1)");
    if (s->done.count(action_word(a.kind)))
      return fail(id + " has already made a " + std::string(action_word(a.kind)) +
                  " in this activation: no action twice (3.2.11)");
    return s;
  };
  bool ok = true;
  if (a.command) {
    // Classis 3.2.1, 3.2.2: a whole command, every ship in command, one point.
    if (a.actor != active_)
      return fail("a command " + std::string(action_word(a.kind)) +
                  " is given by the active squadron " + active_ + " ('" + active_ +
                  ": ...') (3.2.1, 3.2.2)");
    std::set<std::string> seen;
    for (const auto& [id, path] : a.moves) {
      auto s = own(id);
      if (!s) return unexpected(s.error());
      if (!seen.insert(id).second)
        return fail(id + " is named twice in one command move (3.2.1, 3.2.11)");
      if (!in_command(**s)) return fail(id + " is out of command: it acts only on its own (1.5)");
    }
    for (const auto& [id, path] : a.moves) {
      Ship& s = *find_ship(id);
      if (s.sunk) continue;  // lost on a reef earlier in the same command move
      auto why = a.kind == Action::Move ? follow_path(s, path) : backwater(s);
      if (why) return fail(*why);
      s.done.insert(action_word(a.kind));
    }
  } else {
    auto sp = own(a.actor);
    if (!sp) return unexpected(sp.error());
    Ship& s = **sp;
    Ship* t = nullptr;
    if (!a.target.empty()) {
      t = find_ship(a.target);
      if (!t)
        return fail(
            cited("there is no ship " + a.target + text::did_you_mean(a.target, ship_names()),
                  order_notation()));

      if (auto why = attack_problem(a, s, *t)) return fail(*why);
    }
    switch (a.kind) {
      case Action::Move:
        if (auto why = follow_path(s, a.moves.front().second)) return fail(*why);
        break;
      case Action::Backwater:
        if (auto why = backwater(s)) return fail(*why);
        break;
      case Action::Ram:
      case Action::FollowUp:
        resolve_ram(s, *t, a.kind == Action::FollowUp);
        break;
      case Action::Rake:
        ok = resolve_rake(s, *t);
        break;
      case Action::Grapple:
        ok = resolve_grapple(s, *t);
        break;
      case Action::Degrapple:
        ok = resolve_degrapple(s, *t);
        break;
      case Action::Board:
        ok = resolve_board(s, *t);
        break;
      case Action::Repair:
        if (!s.crippled) return fail(s.id + " is not crippled: nothing to repair (3.2.9)");
        if (s.permanent) return fail(s.id + " is permanently crippled: no further repairs (3.3.6)");
        ok = resolve_repair(s);
        break;
      case Action::End:
        break;
    }
    s.done.insert(action_word(a.kind));
    if (s.sunk || s.holder != side) ok = false;
  }
  --points_;
  return ok;
}

// One line of an activation, checked after those before it: 'end' declines
// the rest of the points and closes the list (3.1.2); after a refused line
// the later ones are only read, since what they would do depends on it.
Expected<std::string> Board::action_line(Side side, const std::string& line, Claims& claims) {
  if (claims.ended) return fail("nothing may follow 'end', which declines the points left (3.1.2)");
  auto a = parse_action(line);
  if (!a) {
    claims.refused = true;
    return unexpected(a.error());
  }
  if (a->kind == Action::End) {
    claims.ended = true;
  } else if (!claims.refused) {
    if (auto done = act(side, *a); !done) {
      claims.refused = true;
      return unexpected(done.error());
    }
  }
  return format_action(*a);
}

// The activated side's lines, in order, stopping at the first that fails
// (or cannot be carried out) and at 'end'; no orders, 'end', no points or no
// ship able to act end the activation (2.2-2.4), otherwise the squadron acts
// on in the next step.
void Board::play_actions(Side side, const OrderSet& orders) {
  bool ended = orders.lines.empty();
  for (const std::string& line : orders.lines) {
    auto a = parse_action(line);
    if (a && a->kind == Action::End) {
      ended = true;
      break;
    }
    Expected<bool> done = a ? act(side, *a) : Expected<bool>(unexpected(a.error()));
    if (!done || !*done) {
      // Drawn as failed, with the lines dropped after it.
      for (auto rest = std::find(orders.lines.begin(), orders.lines.end(), line);
           rest != orders.lines.end(); ++rest)
        failed_order(*rest);
    }
    if (!done) {
      say("'" + line + "' is not carried out: " + done.error().message +
          "; the orders after it are dropped (stop at the first that fails)");
      break;
    }
    check_victory();
    if (over_) return;
    if (!*done) {
      say("'" + line +
          "' failed: the orders after it are not carried out (stop at the first that fails)");
      break;
    }
  }
  if (ended || points_ == 0 || may_act().empty()) end_activation();
}

}  // namespace naumachia::classis
