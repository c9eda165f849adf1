// The commands of correspondence play: press (say, messages), proposals
// (propose, accept, refuse, withdraw) and replacement players (take).
#include <algorithm>
#include <cctype>
#include <iostream>
#include <iterator>
#include <sstream>

#include "commands.h"
#include "render.h"

namespace naumachia::client {

const std::map<std::string, std::string> kCorrespondenceHelp = {
    {"say",
     "usage: naumachia say GAME [TEXT ...] [--to SEAT[,SEAT...]]\n\nSends a message to the "
     "players of GAME: to everyone (observers too) by\ndefault, or privately to the seats named "
     "with --to (each by its name, as\n`naumachia show` lists them, or its number), whom only "
     "they and you read.\nThe text is the rest of the command line, or standard input when there "
     "is\nnone (up to 4000 bytes; newlines and tabs kept). The game's press setting\nsays what is "
     "allowed: full press, public messages only, or none. Once the\ngame is over its messages are "
     "revealed to everyone, unless it was created\n--private. The server takes 20 messages at "
     "once from you, then one every\nfew seconds.\n"},
    {"messages",
     "usage: naumachia messages GAME [--all]\n\nPrints the messages of GAME you may read and have "
     "not seen yet, oldest\nfirst (with --all every one): the public ones and those of your "
     "private\nconversations. `naumachia wait GAME` also prints new messages as they come.\n"},
    {"propose",
     "usage: naumachia propose GAME draw\n       naumachia propose GAME concede SIDE\n"
     "       naumachia propose GAME pause\n       naumachia propose GAME resume\n"
     "       naumachia propose GAME extend DURATION\n\n"
     "Proposes to the other players of a running game:\n"
     "  draw          the game ends drawn between every side still in it; every\n"
     "                player still in the game must accept\n"
     "  concede SIDE  the game ends with SIDE (its name) the winner; every player\n"
     "                still in the game who does not play SIDE must accept\n"
     "  pause         the deadline clock stops (the time left is kept); the game\n"
     "                takes orders but resolves nothing until resumed\n"
     "  resume        a game paused by agreement runs again: its deadline is the\n"
     "                time it had left, from now\n"
     "  extend DURATION  the current step's deadline moves DURATION later (e.g.\n"
     "                12h, 2d; at most 7 days)\n"
     "Every player still in the game must accept a pause, resume or extension.\n"
     "You accept by proposing. A proposal is public; it lapses when the current\n"
     "step resolves (at its deadline at the latest), when a player resigns, or\n"
     "when the game ends. Answer with `naumachia accept`, `refuse` or `withdraw`;\n"
     "`naumachia show GAME` lists the open proposals.\n"},
    {"accept",
     "usage: naumachia accept GAME [PROPOSAL]\n\nAccepts an open proposal of GAME (its "
     "number, as `naumachia show` lists\nit; without one, the only open proposal). When "
     "every seat it needs has\naccepted, it takes effect at once.\n"},
    {"refuse",
     "usage: naumachia refuse GAME [PROPOSAL]\n\nRefuses an open proposal of GAME that "
     "needs your agreement: it fails at\nonce. Without PROPOSAL, the only open proposal.\n"},
    {"withdraw",
     "usage: naumachia withdraw GAME [PROPOSAL]\n\nWithdraws a proposal you made. Without "
     "PROPOSAL, your only open proposal.\n"},
    {"take",
     "usage: naumachia take GAME [SEAT]\n\nTakes over a seat of a running game that is offered "
     "to a new player, in place\nof its player: one in civil disorder (its orders were defaulted "
     "at the\ngame's number of deadlines in a row), or one that resigned while another seat\nof "
     "its side plays on. `naumachia games --replacements` lists the games with\nsuch seats, "
     "`naumachia show GAME` marks them. SEAT is the seat's name or\nnumber; without it, the only "
     "offered seat. You must sit in no seat of the\ngame. You play the seat from the current "
     "step on, and read its history as\nit saw it: `naumachia events GAME --all`, `naumachia "
     "messages GAME --all`,\n`naumachia replay GAME`. The previous player reads only what "
     "observers read\nfrom then on.\n"},
};

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The parts of `s` between `by`s, trimmed of spaces; empty parts left out.
std::vector<std::string> split(const std::string& s, char by) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string part; std::getline(in, part, by);) {
    const auto first = part.find_first_not_of(' ');
    const auto last = part.find_last_not_of(' ');
    if (first != std::string::npos) out.push_back(part.substr(first, last - first + 1));
  }
  return out;
}

// A seat by its number, its side's name, or one of the powers a side joins
// ("England" finds "England+Germany+Russia" in a two-player Diplomacy game).
std::uint32_t seat_named(const std::string& name, const proto::GameSummary& g) {
  for (const auto& s : g.seats()) {
    if (std::to_string(s.seat()) == name || lower(s.side()) == lower(name)) return s.seat();
  }
  for (const auto& s : g.seats()) {
    for (const std::string& part : split(s.side(), '+'))
      if (lower(part) == lower(name)) return s.seat();
  }
  std::string known;
  for (const auto& s : g.seats()) known += " " + std::to_string(s.seat()) + "=" + s.side();
  throw ClientError("no seat '" + name + "' in game " + std::to_string(g.id()) + "; the seats are" +
                    known);
}

// A channel as the client keeps it: "all", or its seats joined by '-'.
std::string channel_key(bool restricted, const google::protobuf::RepeatedField<std::uint32_t>& a) {
  if (!restricted) return "all";
  std::string out;
  for (const std::uint32_t s : a) out += (out.empty() ? "" : "-") + std::to_string(s);
  return out;
}

// Where each channel of a game ends for this client, kept in the config file
// as "CHANNEL:NUMBER ..." under press.SERVER.GAME.
using Cursors = std::map<std::string, std::uint64_t>;

std::string cursors_key(const Session& session, std::uint64_t game) {
  return "press." + session.server() + "." + std::to_string(game);
}

Cursors load_cursors(const Session& session, std::uint64_t game) {
  Cursors out;
  std::istringstream in(session.setting(cursors_key(session, game)));
  for (std::string item; in >> item;) {
    const auto colon = item.find(':');
    if (colon == std::string::npos) continue;
    try {
      out[item.substr(0, colon)] = std::stoull(item.substr(colon + 1));
    } catch (const std::exception&) {
      // A damaged entry: that channel is read again from its start.
    }
  }
  return out;
}

void add_cursor(proto::PressRequest& r, const std::string& key, std::uint64_t after) {
  proto::PressCursor& c = *r.add_after();
  c.set_after(after);
  if (key == "all") return;
  c.set_restricted(true);
  for (const std::string& s : split(key, '-'))
    c.add_audience(static_cast<std::uint32_t>(std::stoul(s)));
}

}  // namespace

int print_new_press(Session& session, const proto::GameSummary& game, bool all) {
  Cursors cursors = all ? Cursors{} : load_cursors(session, game.id());
  const auto sides = seat_names(game);
  int printed = 0;
  for (;;) {  // a page at a time, each channel's cursor moved on
    proto::Envelope req;
    auto& r = *req.mutable_press();
    r.set_game_id(game.id());
    for (const auto& [key, after] : cursors) add_cursor(r, key, after);
    const proto::Envelope res = session.expect(req);
    for (const auto& m : res.press_result().messages()) {
      std::cout << render::render_press(m, sides);
      ++printed;
      std::uint64_t& at = cursors[channel_key(m.restricted(), m.audience())];
      at = std::max(at, m.number());
    }
    if (!res.press_result().more() || res.press_result().messages().empty()) break;
  }
  if (printed > 0) {
    Cursors kept = load_cursors(session, game.id());
    for (const auto& [key, at] : cursors) kept[key] = std::max(kept[key], at);
    std::string text;
    for (const auto& [key, at] : kept)
      text += (text.empty() ? "" : " ") + key + ":" + std::to_string(at);
    session.save_settings({{cursors_key(session, game.id()), text}});
  }
  return printed;
}

int say(Session& session, const std::vector<std::string>& argv) {
  const Args a = parse_args(argv, {"--to"}, {});
  if (a.positional.empty()) throw ClientError(kCorrespondenceHelp.at("say"));
  const std::uint64_t id = parse_game_id(a.positional[0]);
  std::string text;
  if (a.positional.size() > 1) {
    for (std::size_t i = 1; i < a.positional.size(); ++i)
      text += (i == 1 ? "" : " ") + a.positional[i];
  } else {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  }
  session.connect();
  const proto::GameSummary game = session.fetch_game(id).summary();
  proto::Envelope req;
  auto& r = *req.mutable_send_press();
  r.set_game_id(id);
  r.set_text(text);
  if (a.has("--to")) {
    const auto names = split(a.options.at("--to"), ',');
    if (names.empty()) throw ClientError("--to names one or more seats, separated by commas");
    for (const std::string& n : names) r.add_to_seats(seat_named(n, game));
  }
  const auto sent = session.expect(req).press_sent();
  const auto sides = seat_names(game);
  std::cout << "sent to game " << id << ":\n" << render::render_press(sent, sides);
  return 0;
}

int messages(Session& session, const std::vector<std::string>& argv) {
  const Args a = parse_args(argv, {}, {"--all"});
  if (a.positional.size() != 1) throw ClientError(kCorrespondenceHelp.at("messages"));
  session.connect();
  const auto game = session.fetch_game(parse_game_id(a.positional[0])).summary();
  if (print_new_press(session, game, a.has("--all")) == 0)
    std::cout << (a.has("--all") ? "no messages\n" : "no new messages\n");
  return 0;
}

int propose(Session& session, const std::vector<std::string>& argv) {
  const Args a = parse_args(argv, {}, {});
  const auto& pos = a.positional;
  proto::Envelope req;
  auto& r = *req.mutable_propose();
  if (pos.size() == 2 && pos[1] == "draw") {
    r.set_kind(proto::DRAW);
  } else if (pos.size() == 3 && pos[1] == "concede") {
    r.set_kind(proto::CONCESSION);
    r.set_side(pos[2]);
  } else if (pos.size() == 2 && pos[1] == "pause") {
    r.set_kind(proto::PAUSE);
  } else if (pos.size() == 2 && pos[1] == "resume") {
    r.set_kind(proto::RESUME);
  } else if (pos.size() == 3 && pos[1] == "extend") {
    r.set_kind(proto::EXTENSION);
    r.set_seconds(parse_duration(pos[2]));
  } else {
    throw ClientError(kCorrespondenceHelp.at("propose"));
  }
  const std::uint64_t id = parse_game_id(pos[0]);
  r.set_game_id(id);
  session.connect();
  const auto sides = seat_names(session.fetch_game(id).summary());
  const auto made = session.expect(req).proposal();
  std::cout << "proposed in game " << id << ": " << render::render_proposal(made, sides);
  if (made.state() == proto::PROPOSAL_CARRIED)
    std::cout << "it needed nobody else: it is carried (naumachia show " << id << ")\n";
  return 0;
}

int take(Session& session, const std::vector<std::string>& argv) {
  const Args a = parse_args(argv, {}, {});
  if (a.positional.empty() || a.positional.size() > 2)
    throw ClientError(kCorrespondenceHelp.at("take"));
  const std::uint64_t id = parse_game_id(a.positional[0]);
  session.connect();
  const proto::GameSummary game = session.fetch_game(id).summary();
  std::uint32_t seat = 0;
  if (a.positional.size() == 2) {
    seat = seat_named(a.positional[1], game);
  } else {
    std::vector<std::uint32_t> offered;
    for (const auto& s : game.seats()) {
      if (s.offered()) offered.push_back(s.seat());
    }
    if (offered.size() != 1) {
      throw ClientError("game " + std::to_string(id) +
                        (offered.empty() ? " has no seat offered to a new player"
                                         : " offers several seats: name one (naumachia show " +
                                               std::to_string(id) + ")"));
    }
    seat = offered.front();
  }
  proto::Envelope req;
  req.mutable_take_seat()->set_game_id(id);
  req.mutable_take_seat()->set_seat(seat);
  const proto::GameSummary now = session.expect(req).game();
  std::cout << "you took over seat " << seat << " (" << seat_names(now).at(seat) << ")\n"
            << render::render_summary(now) << "its history: naumachia events " << id
            << " --all; its messages: naumachia messages " << id << " --all\n";
  return 0;
}

int answer(Session& session, const std::string& command, const std::vector<std::string>& argv) {
  const Args a = parse_args(argv, {}, {});
  if (a.positional.empty() || a.positional.size() > 2)
    throw ClientError(kCorrespondenceHelp.at(command));
  const std::uint64_t id = parse_game_id(a.positional[0]);
  session.connect();
  const proto::GameSummary game = session.fetch_game(id).summary();
  std::uint64_t number = 0;
  if (a.positional.size() == 2) {
    try {
      number = parse_game_id(a.positional[1]);  // a positive number, as a game's
    } catch (const ClientError&) {
      throw ClientError("'" + a.positional[1] + "' is not a proposal number");
    }
  } else {
    // Without a number: the only open proposal (for withdraw, the only one of yours).
    std::vector<std::uint64_t> candidates;
    for (const auto& p : game.proposals()) {
      if (command != "withdraw" || static_cast<int>(p.proposer()) == game.my_seat())
        candidates.push_back(p.id());
    }
    if (candidates.size() != 1) {
      std::string open;
      for (const auto& p : game.proposals()) open += "\n  " + render::describe_proposal(p);
      throw ClientError(candidates.empty()
                            ? "game " + std::to_string(id) + " has no open proposal to " + command
                            : "game " + std::to_string(id) +
                                  " has several open proposals: name one" + open);
    }
    number = candidates.front();
  }
  const std::map<std::string, proto::ProposalAnswer> answers{
      {"accept", proto::ACCEPT}, {"refuse", proto::REFUSE}, {"withdraw", proto::WITHDRAW}};
  proto::Envelope req;
  auto& r = *req.mutable_answer_proposal();
  r.set_game_id(id);
  r.set_proposal(number);
  r.set_answer(answers.at(command));
  const auto p = session.expect(req).proposal();
  const auto sides = seat_names(game);
  switch (p.state()) {
    case proto::PROPOSAL_CARRIED:
      std::cout << render::describe_proposal(p) << ": every seat it needed agreed; it is carried\n";
      break;
    case proto::PROPOSAL_REFUSED:
      std::cout << "refused " << render::describe_proposal(p) << ": it fails\n";
      break;
    case proto::PROPOSAL_WITHDRAWN:
      std::cout << "withdrew " << render::describe_proposal(p) << "\n";
      break;
    default:
      std::cout << "accepted " << render::render_proposal(p, sides);
  }
  return 0;
}

}  // namespace naumachia::client
