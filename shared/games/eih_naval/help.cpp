// Empires in Harm naval combat: the order help of each phase (a column of the
// sequence of play, sequence.cpp): the lines a seat may give, with their
// cases and their defaults.
#include "core/text.h"
#include "games/eih_naval/rules.h"

namespace naumachia::eih_naval {

std::string order_notation() {
  return text::notation_cite("docs/rules/eih-naval-play.md");
}

std::string no_orders_help(const Board&) {
  return "No orders in this step.";
}

std::string forces_help(const Board& b) {
  return "Your forces, one fleet a line (at most " + std::to_string(b.battle().max_fleets) +
         " fleets of 1 to " + std::to_string(b.battle().max_ships) +
         " ships; nations not "
         "taken by an earlier seat; the enemy sees only the counters until Step Three):\n"
         "  fleet NATION \"NAME\" heavy N light N galleys N [nelson]\n"
         "e.g.  fleet france \"Brest squadron\" heavy 12 light 4\n"
         "Nations: britain france spain russia austria prussia turkey (Major Powers), "
         "holland denmark sweden portugal naples venice egypt (minors, controlled by your "
         "first Major Power).\nDefault: one fleet of 10 heavy and 4 light ships of the first "
         "Major Power not yet taken.";
}

std::string defender_help(const Board& b) {
  return "The attacking commander chooses the stack to attack (1.1.1.1):\n"
         "  defender STACK     e.g. 'defender 2'" +
         std::string(b.after_evasion_ ? "\n  defender none      attack no other stack (1.1.2)"
                                      : "") +
         "\nDefault: " + (b.after_evasion_ ? "none" : "the lowest-numbered stack") + ".";
}

std::string war_help(const Board& b) {
  return "Attack without a declaration of war, or declare war on every power of the stack "
         "you are not at war with, losing " +
         std::to_string(b.data_->war_cost) +
         " political point(s) for each (1.1.1.2):\n  war yes | war no\nDefault: war no.";
}

std::string evasion_help(const Board& b) {
  return "The defending commander may try to evade: a d6 of " + std::to_string(b.tables().evasion) +
         " or less evades and the stack retreats "
         "(1.1.2.1):\n  evade yes | evade no\nDefault: evade yes.";
}

std::string chits_help(const Board& b) {
  return "Each commanding power chooses a tactical chit, in secret (1.1.2.2):\n"
         "  chit " +
         text::join(b.tables().chits, " | ") +
         "\n  nelson 0|1|2       with melee, a purely British force under Nelson subtracts "
         "it from its closing roll and adds it to his casualty chances (1.1.2.5.1, 1.1.5)\n"
         "Melee only for Britain under Nelson until that has happened. Default: chit "
         "line-of-battle, nelson 0.";
}

std::string guns_help(const Board&) {
  return "The port's controller may use the harbour defences against the raiders "
         "(1.1.4.1):\n  guns yes | guns no\nDefault: guns yes.";
}

std::string surrender_help(const Board&) {
  return "Each commanding power: surrender before this round, or fight it (1.1.6; not after "
         "round 3). If a commander surrenders, its side's other powers decide next.\n"
         "  surrender no | surrender yes\nDefault: surrender no.";
}

std::string follow_help(const Board&) {
  return "Your stack's commander surrendered: each other power decides for itself (1.1.6):\n"
         "  surrender yes | surrender no        (or 'surrender POWER yes|no' per power)\n"
         "Default: surrender no.";
}

std::string odd_help(const Board&) {
  return "Odd losses (1.1.7): name the nation(s) of your side to take them, one line each; "
         "if the seats of the powers concerned name the same, that is the agreement, "
         "otherwise each candidate rolls a d6 and the lowest take them:\n"
         "  odd NATION\nDefault: no agreement (the dice).";
}

std::string chase_help(const Board&) {
  return "The victor may declare a general chase: one roll on the table of its morale loss "
         "with its undamaged heavy and light ships; ships hit are captured (1.1.2.8):\n"
         "  chase yes | chase no\nDefault: chase yes.";
}

std::string retreat_help(const Board&) {
  return "After the combat (1.1.2.9, 1.1.2.9.2, 1.1.4.1.3; each seat only what the step "
         "asks of it):\n"
         "  retreat PORT         the retreating commander among equally near ports, or with "
         "no victor 'retreat PORT' / 'retreat stay' (default: the nearest / stay)\n"
         "  pursue all | pursue none | pursue FLEET...   the victor's fleets (default none)\n"
         "  enter yes|no         the victor in a blockade box moves into a friendly port "
         "(default no)\n"
         "  withdraw box|sea     the raiders: the blockade box or the nearest sea area "
         "(default box)";
}

std::string damaged_help(const Board&) {
  return "Destinations of your damaged ships, stated before any roll (1.1.2.10.1): a d6 "
         "a ship, sunk if the distance is at least the roll (1 always sinks, 6 always "
         "arrives):\n  damaged PORT [N] [heavy|light|galleys]   e.g. 'damaged gibraltar 3 "
         "heavy'\nShips not named go to the nearest port (the default).";
}

}  // namespace naumachia::eih_naval
