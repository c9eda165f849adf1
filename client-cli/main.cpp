// naumachia: the thin command-line client. It holds no rules: it sends what
// the player types, and prints what the server answers.
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"
#include "connection.h"
#include "digest.h"
#include "history_check.h"
#include "render.h"
#include "svg.h"
#include "trust.h"

namespace nc = naumachia::client;
namespace render = naumachia::render;
namespace proto = naumachia::proto;

namespace {

using nc::Args;
using nc::parse_args;
using nc::parse_duration;
using nc::parse_game_id;
using nc::ServerError;

constexpr const char* kUsage =
    R"(usage: naumachia [--server wss://HOST:PORT] [--insecure] [--fingerprint HEX] [--config PATH]
                 COMMAND [ARGS]

Play naumachia games against remote players.

commands:
  register NAME        create an account and log in
  login NAME           log in (the password comes from NAUMACHIA_PASSWORD, else a prompt)
  logout               end the session on the server and forget it  [--everywhere] [--local]
  passwd               change your password; your other sessions end
  scenarios            list the scenarios you can start
  new SCENARIO         start a game                       (see: naumachia new --help)
  join GAME            take a seat in an open game        (see: naumachia join --help)
  games                list games                [--open] [--mine] [--replacements]
  show GAME            the game's status, your view of the board and your orders
                                                          [--for SEAT]
  orders GAME [FILE]   submit your orders for the current step, one per line,
                       from FILE or standard input        [--draft] [--for SEAT]
                       or picked from numbered choices    [--interactive]
  choices GAME [DECISION [CHOICE...]]
                       what you may order, choice by choice, as the server
                       offers it                           [--for SEAT]
  wait GAME            wait until something happens in the game (or a message
                       comes), and print it
  events GAME          print the game's history            [--all]
  say GAME [TEXT]      send a message to the game's players, or with --to to
                       some of them                        [--to SEAT,...]
  messages GAME        print the game's messages you have not seen  [--all]
  propose GAME WHAT    propose to the other players: draw, concede SIDE, pause,
                       resume, extend DURATION
  accept GAME [N]      accept an open proposal (the only one, or number N)
  refuse GAME [N]      refuse an open proposal: it fails
  withdraw GAME [N]    withdraw a proposal you made
  notify [...]         where and about what the server tells you of your games
                       while you are away: e-mail, webhooks (see: notify --help)
  unsubscribe TOKEN    stop the notices that carry TOKEN (needs no log-in)
  take GAME [SEAT]     take over a seat offered to a new player (civil disorder,
                       or resigned while its side plays on)
  verify GAME          check every revealed commitment and, once the game is over, its seed
  replay GAME          re-run the game on the server and show each step
  resign GAME          give up the game
  trust [FINGERPRINT]  show or set the certificate pinned for the server
  forget-server        forget the server's pinned certificate

global options:
  --server URL       server to use (saved in the config file at login; default
                     wss://127.0.0.1:8443)
  --insecure         do not check the server's certificate, for this command only
                     (never saved)
  --fingerprint HEX  accept only the certificate with this SHA-256 fingerprint, and pin it
  --config PATH      config file (default: $NAUMACHIA_CONFIG, else
                     ~/.config/naumachia/client.conf)

Certificates: a certificate that verifies against this system's certificate
authorities is accepted. Any other (a server's self-signed one) is pinned the
first time: the client prints its fingerprint, to compare with the line
"TLS certificate SHA-256 fingerprint ..." in the server's log, and from then on
refuses any other certificate from that server (see: naumachia trust --help).

Every command takes --help.
)";

const std::map<std::string, std::string> kHelp = {
    {"register",
     "usage: naumachia register NAME\n\nCreates the account NAME (3-32 letters, digits, _ or -) "
     "and logs in.\nThe password (12 to 256 characters) comes from NAUMACHIA_PASSWORD, else a "
     "prompt.\n"},
    {"login",
     "usage: naumachia login NAME\n\nLogs in and saves the session token in the config file "
     "(readable by you only).\nThe password comes from NAUMACHIA_PASSWORD, else a prompt. The "
     "session ends when\nunused for a while, and at the latest at a fixed time after login "
     "(both are\nprinted); then log in again.\n"},
    {"logout",
     "usage: naumachia logout [--everywhere] [--local]\n\nEnds the session on the server (its "
     "token no longer works, wherever it was\ncopied) and forgets the token here.\n  "
     "--everywhere  end every session of your account, on every device\n  --local       only "
     "forget the token here, without telling the server (it\n                stays valid there "
     "until it expires)\n"},
    {"passwd",
     "usage: naumachia passwd\n\nChanges your password. The current one comes from "
     "NAUMACHIA_PASSWORD, the new one\nfrom NAUMACHIA_NEW_PASSWORD, else each from a prompt (the "
     "new one twice).\nA password is 12 to 256 characters, not your name with fewer than 8 "
     "others,\nnot a character or short group repeated, a run such as abcdef... or a row of\n"
     "the keyboard. Every other session of your account ends; this one stays.\n"},
    {"scenarios",
     "usage: naumachia scenarios\n\nLists the scenarios the server offers, with their sides.\n"},
    {"new",
     "usage: naumachia new SCENARIO [--side N|NAME|random] [--players N] [--deadline "
     "DURATION]\n                      [--press full|public|none] [--private] "
     "[--disorder-after N]\n                      [--name NAME] [--computer N|NAME]... "
     "[--computer-takes-over]\n\nStarts a game of "
     "SCENARIO (an id from `naumachia scenarios`) and seats you.\n  "
     "--side      your side: its number, its name, or random (default)\n  --players   number of "
     "players, where the scenario allows a choice\n  --deadline  time allowed for each step, e.g. "
     "90s, 30m, 48h, 2d; when it passes,\n              saved orders count and missing ones get "
     "the game's defaults.\n              Default: none (a step waits for every player).\n"
     "  --press     the messages players may send each other (`naumachia say`):\n"
     "              full (default): public and private ones; public: public ones\n"
     "              only; none: no messages at all (gunboat)\n"
     "  --private   private messages stay private once the game is over (by\n"
     "              default everything is revealed then); full press only\n"
     "  --disorder-after N  a seat whose orders were defaulted at N deadlines in a\n"
     "              row is in civil disorder and offered to a new player\n"
     "              (`naumachia take`); 0: never. Default 2, at most 20.\n"
     "  --name NAME  the game's name, shown in the lists of games (at most 60\n"
     "              bytes); default: none, the game is named by its number\n"
     "  --computer N|NAME  the computer plays this side (its number or name);\n"
     "              repeat it for more. Its seats count as taken: the game starts\n"
     "              once the people's seats are (at once, when it plays every\n"
     "              other side), and it orders as soon as each step opens.\n"
     "  --computer-takes-over  the computer plays a seat offered to a new player\n"
     "              (civil disorder, or resigned while its side plays on) until a\n"
     "              person takes it over or its player orders again. Default: off.\n"},
    {"join",
     "usage: naumachia join GAME [--side N|NAME|random]\n\nTakes a seat in open game GAME (see "
     "`naumachia games --open`).\nThe game starts when every seat is taken.\n"},
    {"games",
     "usage: naumachia games [--open] [--mine] [--replacements] [--before ID] [--limit N]\n\n"
     "Lists games, newest first, a page at a time: --open only those with free\nseats, --mine "
     "only yours, --replacements only running games with a seat\noffered to a new player "
     "(`naumachia take`); --before ID the page of games\nolder than ID (the last line of a page "
     "says what to ask next); --limit N\ngames per page (the server's default is 50, its most "
     "200).\n"},
    {"show",
     "usage: naumachia show GAME [--for SEAT] [--svg FILE]\n\nPrints the game's status, the board "
     "as your side sees it, your saved orders\nfor the current step and a summary of the order "
     "syntax.\n  --for SEAT  the board and saved orders of a resigned partner's seat whose\n"
     "              forces you now order (the game's summary marks such seats)\n"
     "  --svg FILE  also draws the board as you see it, as an SVG picture, into FILE\n"},
    {"orders",
     "usage: naumachia orders GAME [FILE|-] [--draft] [--for SEAT]\n"
     "       naumachia orders GAME --interactive [--draft] [--for SEAT]\n\nSubmits your orders "
     "for the current step, "
     "one per line, from FILE or from\nstandard input ('-' or no FILE). Blank lines and lines "
     "starting with # are\nskipped. The orders replace any you sent before for this step. "
     "Without\n--draft they are marked ready: when every side is ready the step resolves.\nWith "
     "--draft they are saved but not ready (they still count at a deadline).\nThe server checks "
     "them against the rules and answers with their canonical\nform, or with the rule each illegal "
     "order breaks.\n  --for SEAT  orders for a resigned partner's seat on your side, whose forces "
     "pass\n              to you (the game's summary marks such seats)\n"
     "  --interactive  builds the orders by picking from numbered choices the\n"
     "              server offers (see `naumachia choices`) instead of reading them\n"},
    {"wait",
     "usage: naumachia wait GAME [--timeout SECONDS]\n\nPrints the game's events and messages you "
     "have not seen yet; if there are\nnone, waits until the next one (an opponent commits, a step "
     "resolves, the\ngame ends, a message comes) and prints it. Exit status 3 when the timeout "
     "passes with nothing new.\nWhen a "
     "step resolved or the game ended, checks the history as `naumachia\nverify` does (exit "
     "status 1 if it fails).\n"},
    {"events",
     "usage: naumachia events GAME [--all]\n\nPrints the game's events you have not seen yet, or "
     "with --all every event.\nWhen a step resolved or the game ended, checks the history as "
     "`naumachia\nverify` does (exit status 1 if it fails).\n"},
    {"verify",
     "usage: naumachia verify GAME\n\nChecks, on this computer, what the server cannot fake "
     "without being caught:\nevery set of orders revealed when a step resolved hashes (SHA-256 of "
     "its nonce\nand its lines joined by newlines) to the commitment its seat published while\nthe "
     "step was open, and once the game is over the revealed dice seed hashes to\nthe seed hash "
     "shown since the game's creation (and remembered by this client\nthe first time it saw the "
     "game). Names the step and seat of any mismatch;\nexit status 1 if there is one.\n"},
    {"replay",
     "usage: naumachia replay GAME [--step N] [--svg-dir DIR]\n\nAsks the server to re-run the "
     "game from its seed "
     "and orders and prints each\nstep: the orders, what happened with every die roll, and whether "
     "the\nrecomputed state matches the stored one; then the board after the last\nstep (with "
     "--step N: only step N and the board after it). While the game\nruns you see what your seat "
     "saw at each step (others' secret events and\nwithheld orders left out); an observer sees "
     "the public part without\nboards; once the game is over, everything.\n"
     "  --svg-dir DIR  also draws the board before the first step and after each\n"
     "                 step as SVG pictures: DIR/step-0000.svg, step-0001.svg, ...\n"},
    {"resign",
     "usage: naumachia resign GAME\n\nGives up the game. In a two-sided game the other side "
     "wins.\n"},
    {"trust",
     "usage: naumachia [--server URL] trust [FINGERPRINT]\n\nWithout FINGERPRINT: shows what "
     "this client trusts for the server.\nWith it: pins the certificate with that SHA-256 "
     "fingerprint (64 hex digits,\n':' between bytes allowed) for the server, replacing any "
     "pinned before. Use\nit when the server's certificate changed on purpose: compare with the "
     "line\n\"TLS certificate SHA-256 fingerprint ...\" in the server's log.\n"},
    {"forget-server",
     "usage: naumachia [--server URL] forget-server\n\nForgets the certificate pinned for the "
     "server (or that it had one from a\ncertificate authority). The next connection pins the "
     "certificate it is shown.\n"},
};

struct Config {
  std::filesystem::path path;
  std::map<std::string, std::string> values;

  std::string get(const std::string& k, const std::string& def = "") const {
    const auto it = values.find(k);
    return it == values.end() ? def : it->second;
  }

  void load() {
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
      const auto eq = line.find('=');
      if (eq != std::string::npos && !line.empty() && line[0] != '#') {
        values[line.substr(0, eq)] = line.substr(eq + 1);
      }
    }
  }

  // The file holds the session token: it is written readable by the user
  // only, whatever the umask, and every directory made for it (~/.config
  // too, when missing) is the user's only; directories already there are
  // left as they are.
  void save() const {
    namespace fs = std::filesystem;
    const fs::path dir = path.parent_path();  // empty for a bare file name ("--config me.conf")
    if (!dir.empty() && !fs::exists(dir)) {
      const mode_t old_mask = umask(077);
      std::error_code ec;
      fs::create_directories(dir, ec);
      umask(old_mask);
      if (ec) throw nc::ClientError("cannot create " + dir.string() + ": " + ec.message());
      fs::permissions(dir, fs::perms::owner_all);
    }
    const std::string tmp = path.string() + ".tmp";
    fs::remove(tmp);
    {
      const mode_t old_mask = umask(077);
      std::ofstream out(tmp, std::ios::trunc);
      umask(old_mask);
      out << "# naumachia client settings (holds your session token: keep it private)\n";
      for (const auto& [k, v] : values) out << k << "=" << v << "\n";
      if (!out) throw nc::ClientError("cannot write the config file " + tmp);
    }
    fs::permissions(tmp, fs::perms::owner_read | fs::perms::owner_write);
    fs::rename(tmp, path);
  }
};

std::filesystem::path default_config_path() {
  if (const char* p = std::getenv("NAUMACHIA_CONFIG")) return p;
  if (const char* x = std::getenv("XDG_CONFIG_HOME"))
    return std::filesystem::path(x) / "naumachia" / "client.conf";
  const char* home = std::getenv("HOME");
  return std::filesystem::path(home ? home : ".") / ".config" / "naumachia" / "client.conf";
}

std::string read_password(const std::string& prompt, const char* env = "NAUMACHIA_PASSWORD") {
  if (const char* p = std::getenv(env)) return p;
  if (!isatty(STDIN_FILENO))
    throw nc::ClientError(std::string("no password: set ") + env + " or run in a terminal");
  std::cerr << prompt << std::flush;
  termios old{};
  tcgetattr(STDIN_FILENO, &old);
  termios quiet = old;
  quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
  tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  std::string pw;
  std::getline(std::cin, pw);
  tcsetattr(STDIN_FILENO, TCSANOW, &old);
  std::cerr << "\n";
  return pw;
}

constexpr const char* kSessionEnded =
    "your session has expired or was logged out; log in again with `naumachia login NAME`";

class Client : public nc::Session {
 public:
  Client(Config& config, std::string server, nc::TrustOptions trust)
      : config_(config), server_(std::move(server)), trust_(std::move(trust)) {}

  nc::Connection& connect() override { return open_connection(true); }
  nc::Connection& connect_anonymous() override { return open_connection(false); }
  proto::GameDetail fetch_game(std::uint64_t id) override { return fetch_game(id, std::nullopt); }
  const std::string& server() const override { return server_; }
  std::string setting(const std::string& key) const override { return config_.get(key); }
  void save_settings(const std::map<std::string, std::string>& values) override {
    for (const auto& [k, v] : values) config_.values[k] = v;
    config_.save();
  }

  int run(const std::string& cmd, const std::vector<std::string>& argv) {
    const std::map<std::string, std::function<int(const std::vector<std::string>&)>> commands{
        {"register", [&](auto& a) { return sign_in(a, true); }},
        {"login", [&](auto& a) { return sign_in(a, false); }},
        {"logout", [&](auto& a) { return logout(a); }},
        {"passwd", [&](auto& a) { return passwd(a); }},
        {"scenarios", [&](auto& a) { return scenarios(a); }},
        {"new", [&](auto& a) { return create(a); }},
        {"join", [&](auto& a) { return join(a); }},
        {"games", [&](auto& a) { return games(a); }},
        {"show", [&](auto& a) { return show(a); }},
        {"orders", [&](auto& a) { return orders(a); }},
        {"wait", [&](auto& a) { return wait(a); }},
        {"events", [&](auto& a) { return events(a); }},
        {"replay", [&](auto& a) { return replay(a); }},
        {"resign", [&](auto& a) { return resign(a); }},
        {"verify", [&](auto& a) { return verify(a); }},
        {"trust", [&](auto& a) { return trust(a); }},
        {"forget-server", [&](auto& a) { return forget_server(a); }},
        {"say", [&](auto& a) { return nc::say(*this, a); }},
        {"messages", [&](auto& a) { return nc::messages(*this, a); }},
        {"propose", [&](auto& a) { return nc::propose(*this, a); }},
        {"accept", [&](auto& a) { return nc::answer(*this, "accept", a); }},
        {"refuse", [&](auto& a) { return nc::answer(*this, "refuse", a); }},
        {"withdraw", [&](auto& a) { return nc::answer(*this, "withdraw", a); }},
        {"notify", [&](auto& a) { return nc::notify(*this, a); }},
        {"unsubscribe", [&](auto& a) { return nc::unsubscribe(*this, a); }},
        {"take", [&](auto& a) { return nc::take(*this, a); }},
        {"choices", [&](auto& a) { return nc::choices(*this, a); }},
    };
    const auto it = commands.find(cmd);
    if (it == commands.end()) {
      std::cerr << "naumachia: unknown command '" << cmd << "' (see naumachia --help)\n";
      return 2;
    }
    if (std::find(argv.begin(), argv.end(), "--help") != argv.end()) {
      const auto help = kHelp.find(cmd);
      const auto more = nc::kCorrespondenceHelp.find(cmd);
      const auto picking = nc::kChoicesHelp.find(cmd);
      std::cout << (help != kHelp.end()                     ? help->second
                    : more != nc::kCorrespondenceHelp.end() ? more->second
                    : picking != nc::kChoicesHelp.end()     ? picking->second
                                                            : nc::kNotifyHelp.at(cmd));
      return 0;
    }
    return it->second(argv);
  }

 private:
  std::string trust_key() const { return "trust." + nc::server_key(server_); }

  nc::KnownServer known_server() const {
    const auto known = nc::KnownServer::from_text(config_.get(trust_key()));
    if (!known) {
      throw nc::ClientError("the config file's " + trust_key() +
                            " is neither a certificate fingerprint nor system-ca: correct it, or "
                            "remove it with `naumachia forget-server`");
    }
    return *known;
  }

  // Runs after the TLS handshake, before anything is sent (see trust.h).
  void check_certificate(const nc::ServerCertificate& shown) {
    const nc::TrustDecision d = nc::decide_trust(server_, known_server(), trust_, shown);
    if (!d.accepted) throw nc::ClientError(d.message);
    if (!d.message.empty()) std::cerr << "naumachia: " << d.message << std::endl;
    if (d.remember) {
      config_.values[trust_key()] = d.remember->to_text();
      config_.save();
    }
  }

  // The saved session token, when it is for this server.
  std::string saved_token() const {
    const std::string saved_for = config_.get("server");
    return saved_for.empty() || saved_for == server_ ? config_.get("token") : std::string();
  }

  void forget_token() {
    config_.values.erase("token");
    config_.save();
  }

  nc::Connection& open_connection(bool authenticate) {
    if (!conn_) {
      conn_ = std::make_unique<nc::Connection>(
          server_, [this](const nc::ServerCertificate& shown) { check_certificate(shown); });
    }
    if (authenticate && !authenticated_) {
      const std::string token = saved_token();
      if (token.empty())
        throw nc::ClientError("not logged in on " + server_ + ": run `naumachia login NAME` first");
      proto::Envelope req;
      req.mutable_resume()->set_token(token);
      try {
        expect(req);
      } catch (const ServerError& e) {
        if (e.code() != proto::SESSION_EXPIRED && e.code() != proto::BAD_CREDENTIALS) throw;
        // A token the server no longer takes is of no use: forget it.
        forget_token();
        throw nc::ClientError(kSessionEnded);
      }
      authenticated_ = true;
    }
    return *conn_;
  }

  // Sends a request; throws ServerError with the server's error on failure.
  proto::Envelope expect(const proto::Envelope& req) override {
    proto::Envelope res = open_connection(false).call(req);
    if (res.has_error()) {
      std::ostringstream msg;
      msg << res.error().message();
      for (const auto& oe : res.error().order_errors()) {
        msg << "\n  " << (oe.line() ? "line " + std::to_string(oe.line()) : std::string("orders"))
            << ": " << oe.message();
      }
      throw ServerError(res.error().code(), msg.str());
    }
    return res;
  }

  int sign_in(const std::vector<std::string>& argv, bool create) {
    const Args a = parse_args(argv, {}, {});
    if (a.positional.size() != 1) throw nc::ClientError(kHelp.at(create ? "register" : "login"));
    const std::string password = read_password("password for " + a.positional[0] +
                                               (create ? " (12 characters at least): " : ": "));
    proto::Envelope req;
    auto* creds = create ? req.mutable_register_() : nullptr;
    if (creds) {
      creds->set_name(a.positional[0]);
      creds->set_password(password);
      // A sign-up pays a small proof of work (docs/protocol.md).
      proto::Envelope ask;
      ask.mutable_signup_challenge();
      const proto::SignupChallenge c = expect(ask).challenge();
      creds->set_challenge(c.challenge());
      creds->set_nonce(nc::solve_signup_challenge(c.challenge(), c.bits()));
    } else {
      req.mutable_login()->set_name(a.positional[0]);
      req.mutable_login()->set_password(password);
    }
    const proto::Envelope res = expect(req);
    config_.values["token"] = res.session().token();
    config_.values["name"] = res.session().name();
    config_.values["server"] = server_;
    config_.save();
    std::cout << (create ? "registered and logged in as " : "logged in as ") << res.session().name()
              << " on " << server_ << "\n";
    const auto& s = res.session();
    if (s.idle_expires_unix() > 0 || s.expires_unix() > 0) {
      std::cout << "the session ends if unused until " << render::format_time(s.idle_expires_unix())
                << ", and at the latest at " << render::format_time(s.expires_unix()) << "\n";
    }
    return 0;
  }

  int logout(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv, {}, {"--everywhere", "--local"});
    if (!a.positional.empty()) throw nc::ClientError(kHelp.at("logout"));
    if (saved_token().empty()) {
      std::cout << "not logged in on " << server_ << "\n";
      return 0;
    }
    if (a.has("--local")) {
      forget_token();
      std::cout << "forgot the session token here; the server still takes it until it expires\n";
      return 0;
    }
    try {
      connect();
    } catch (const ServerError&) {
      throw;
    } catch (const nc::ClientError& e) {
      if (saved_token().empty()) {  // the server had already ended the session
        std::cout << "the session had already ended on the server; forgot it here\n";
        return 0;
      }
      throw nc::ClientError(std::string(e.what()) +
                            "\nthe session token is kept, to end the session on the server when "
                            "it can be reached; `naumachia logout --local` forgets it here only");
    }
    proto::Envelope req;
    req.mutable_logout()->set_everywhere(a.has("--everywhere"));
    const auto res = expect(req);
    forget_token();
    const auto ended = res.logged_out().sessions_ended();
    std::cout << "logged out" << (a.has("--everywhere") ? " everywhere" : "")
              << ": the server ended " << ended << (ended == 1 ? " session" : " sessions") << "\n";
    return 0;
  }

  int passwd(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv, {}, {});
    if (!a.positional.empty()) throw nc::ClientError(kHelp.at("passwd"));
    connect();
    proto::Envelope req;
    auto& r = *req.mutable_change_password();
    r.set_old_password(read_password("current password: "));
    r.set_new_password(
        read_password("new password (12 characters at least): ", "NAUMACHIA_NEW_PASSWORD"));
    if (!std::getenv("NAUMACHIA_NEW_PASSWORD") &&
        read_password("the new password again: ", "NAUMACHIA_NEW_PASSWORD") != r.new_password())
      throw nc::ClientError("the two new passwords differ; nothing was changed");
    const auto ended = expect(req).password_changed().sessions_ended();
    std::cout << "password changed; the server ended " << ended << " other "
              << (ended == 1 ? "session" : "sessions") << "\n";
    return 0;
  }

  int trust(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv, {}, {});
    if (a.positional.size() > 1) throw nc::ClientError(kHelp.at("trust"));
    const std::string name = nc::server_key(server_);
    if (a.positional.empty()) {
      const nc::KnownServer known = known_server();
      if (known.pinned) {
        std::cout << name << ": pinned certificate\n  " << nc::fingerprint_line(*known.pinned)
                  << "\n";
      } else if (known.system_ca) {
        std::cout << name << ": a certificate that verifies against this system's certificate "
                  << "authorities\n";
      } else {
        std::cout << name << ": nothing yet; the first connection pins the certificate it is "
                  << "shown\n";
      }
      return 0;
    }
    const auto f = nc::Fingerprint::parse(a.positional[0]);
    if (!f) {
      throw nc::ClientError("'" + a.positional[0] +
                            "' is not a SHA-256 fingerprint (64 hex digits, ':' between bytes "
                            "allowed)");
    }
    config_.values[trust_key()] = nc::KnownServer{f, false}.to_text();
    config_.save();
    std::cout << "pinned for " << name << ":\n  " << nc::fingerprint_line(*f) << "\n";
    return 0;
  }

  int forget_server(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv, {}, {});
    if (!a.positional.empty()) throw nc::ClientError(kHelp.at("forget-server"));
    const bool known = config_.values.erase(trust_key()) > 0;
    config_.save();
    std::cout << (known ? "forgot the certificate of " : "nothing was known of ")
              << nc::server_key(server_)
              << "; the next connection pins the certificate it is shown\n";
    return 0;
  }

  std::vector<proto::Scenario> fetch_scenarios() {
    proto::Envelope req;
    req.mutable_list_scenarios();
    const auto res = expect(req);
    return {res.scenarios().scenarios().begin(), res.scenarios().scenarios().end()};
  }

  int scenarios(const std::vector<std::string>&) {
    connect();
    for (const auto& s : fetch_scenarios()) {
      std::cout << s.id() << "  " << s.title() << "  (" << s.min_players();
      if (s.max_players() != s.min_players()) std::cout << "-" << s.max_players();
      std::cout << " players, rules version " << s.rules_version() << ")\n  " << s.description()
                << "\n  sides:";
      for (int i = 0; i < s.sides_size(); ++i) std::cout << " " << i << "=" << s.sides(i);
      std::cout << "\n";
    }
    return 0;
  }

  // A side by its number or its name, case aside, or by one of the powers a
  // joined side plays ("England" for "England+Germany+Russia").
  static int seat_from(const std::string& v, const std::vector<std::string>& sides) {
    if (v.empty() || v == "random") return -1;
    const auto lower = [](std::string s) {
      for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return s;
    };
    for (std::size_t i = 0; i < sides.size(); ++i) {
      if (lower(sides[i]) == lower(v) || std::to_string(i) == v) return static_cast<int>(i);
    }
    for (std::size_t i = 0; i < sides.size(); ++i) {
      const std::string whole = "+" + lower(sides[i]) + "+";
      if (v.find('+') == std::string::npos && whole.find("+" + lower(v) + "+") != std::string::npos)
        return static_cast<int>(i);
    }
    std::string known;
    for (std::size_t i = 0; i < sides.size(); ++i)
      known += " " + std::to_string(i) + "=" + sides[i];
    throw nc::ClientError("no side '" + v + "'; the sides are" + known);
  }

  std::vector<std::string> sides_of(const proto::GameSummary& g) { return nc::seat_names(g); }

  int create(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv,
                              {"--side", "--players", "--deadline", "--press", "--disorder-after",
                               "--name", "--computer"},
                              {"--private", "--computer-takes-over"});
    if (a.positional.size() != 1) throw nc::ClientError(kHelp.at("new"));
    connect();
    proto::Envelope req;
    auto& c = *req.mutable_create_game();
    c.set_scenario(a.positional[0]);
    if (a.has("--players"))
      c.set_players(static_cast<std::uint32_t>(std::stoul(a.options.at("--players"))));
    // --side names a seat of a game of that many players ("England" finds
    // England+Germany+Russia in a two-player Diplomacy game).
    std::vector<std::string> seats;
    for (const auto& s : fetch_scenarios()) {
      if (s.id() != a.positional[0]) continue;
      seats.assign(s.sides().begin(), s.sides().end());
      for (const auto& seating : s.seatings()) {
        if (seating.players() == (c.players() == 0 ? s.sides_size() : c.players()))
          seats.assign(seating.seats().begin(), seating.seats().end());
      }
    }
    c.set_seat(a.has("--side") ? seat_from(a.options.at("--side"), seats) : -1);
    if (a.all.count("--computer")) {
      for (const std::string& side : a.all.at("--computer")) {
        const int seat = seat_from(side, seats);
        if (seat < 0) throw nc::ClientError("--computer names a side: its number or its name");
        c.add_computer_seats(static_cast<std::uint32_t>(seat));
      }
    }
    c.set_computer_takes_over(a.has("--computer-takes-over"));
    if (a.has("--deadline")) c.set_deadline_seconds(parse_duration(a.options.at("--deadline")));
    if (a.has("--press")) {
      const std::map<std::string, proto::PressMode> modes{
          {"full", proto::FULL_PRESS}, {"public", proto::PUBLIC_PRESS}, {"none", proto::NO_PRESS}};
      const auto mode = modes.find(a.options.at("--press"));
      if (mode == modes.end())
        throw nc::ClientError("--press is full, public or none, not '" + a.options.at("--press") +
                              "'");
      c.set_press(mode->second);
    }
    c.set_private_press(a.has("--private"));
    if (a.has("--name")) c.set_name(a.options.at("--name"));
    if (a.has("--disorder-after")) {
      const std::string& n = a.options.at("--disorder-after");
      if (n.empty() || n.size() > 2 || !std::all_of(n.begin(), n.end(), ::isdigit))
        throw nc::ClientError("--disorder-after wants a number of deadlines from 0 to 20, got '" +
                              n + "'");
      c.set_disorder_after(static_cast<std::uint32_t>(std::stoul(n)));
    }
    const auto res = expect(req);
    remember_seed_hash(res.game());
    std::cout << "created " << render::render_summary(res.game());
    if (res.game().status() == proto::OPEN)
      std::cout << "others join with: naumachia join " << res.game().id() << "\n";
    return 0;
  }

  proto::GameDetail fetch_game(std::uint64_t id, std::optional<std::uint32_t> for_seat) {
    proto::Envelope req;
    req.mutable_get_game()->set_game_id(id);
    if (for_seat) req.mutable_get_game()->set_for_seat(*for_seat);
    proto::GameDetail d = expect(req).detail();
    remember_seed_hash(d.summary());
    return d;
  }

  int join(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv, {"--side"}, {});
    if (a.positional.size() != 1) throw nc::ClientError(kHelp.at("join"));
    connect();
    const std::uint64_t id = parse_game_id(a.positional[0]);
    proto::Envelope req;
    req.mutable_join_game()->set_game_id(id);
    req.mutable_join_game()->set_seat(
        a.has("--side") ? seat_from(a.options.at("--side"), sides_of(fetch_game(id).summary()))
                        : -1);
    const auto res = expect(req);
    remember_seed_hash(res.game());
    std::cout << "joined " << render::render_summary(res.game());
    return 0;
  }

  int games(const std::vector<std::string>& argv) {
    const Args a =
        parse_args(argv, {"--before", "--limit"}, {"--open", "--mine", "--replacements"});
    connect();
    proto::Envelope req;
    auto& list = *req.mutable_list_games();
    list.set_open_only(a.has("--open"));
    list.set_mine_only(a.has("--mine"));
    list.set_offered_only(a.has("--replacements"));
    if (a.has("--before")) list.set_before_id(parse_game_id(a.options.at("--before")));
    if (a.has("--limit")) {
      const std::string& n = a.options.at("--limit");
      if (n.empty() || n.size() > 4 || !std::all_of(n.begin(), n.end(), ::isdigit) || n == "0")
        throw nc::ClientError("--limit wants a number of games from 1 to 200, got '" + n + "'");
      list.set_limit(static_cast<std::uint32_t>(std::stoul(n)));
    }
    const auto res = expect(req);
    if (res.games().games().empty()) std::cout << "no games\n";
    for (const auto& g : res.games().games()) std::cout << render::render_summary(g);
    if (const auto next = res.games().next_before_id()) {
      std::cout << "more games: naumachia games" << (a.has("--open") ? " --open" : "")
                << (a.has("--mine") ? " --mine" : "")
                << (a.has("--replacements") ? " --replacements" : "") << " --before " << next
                << "\n";
    }
    return 0;
  }

  int show(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv, {"--for", "--svg"}, {});
    if (a.positional.size() != 1) throw nc::ClientError(kHelp.at("show"));
    connect();
    const auto for_seat = nc::for_seat_of(a);
    const auto d = fetch_game(parse_game_id(a.positional[0]), for_seat);
    std::cout << render::render_summary(d.summary());
    if (d.has_view()) std::cout << "\n" << render::render_view(d.view(), sides_of(d.summary()));
    if (a.has("--svg")) {
      if (!d.has_view()) throw nc::ClientError("the server sent no board for this game");
      write_picture(
          a.options.at("--svg"),
          render::render_svg(d.view(), sides_of(d.summary()),
                             "game " + std::to_string(d.summary().id()) + ", " +
                                 d.summary().scenario() + ": " + d.summary().step_label()));
    }
    if (d.summary().status() == proto::RUNNING && d.summary().my_seat() >= 0) {
      std::cout << "\n"
                << (for_seat ? "orders of seat " + std::to_string(*for_seat) : "your orders")
                << " for step " << d.summary().step()
                << (d.my_ready()            ? " (ready)"
                    : d.my_orders().empty() ? " (none yet)"
                                            : " (draft)")
                << ":\n";
      for (const auto& l : d.my_orders()) std::cout << "  " << l << "\n";
      if (!d.order_help().empty()) std::cout << "\norder syntax:\n" << d.order_help() << "\n";
    }
    return 0;
  }

  int orders(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv, {"--for"}, {"--draft", "--interactive"});
    if (a.positional.empty() || a.positional.size() > 2 ||
        (a.has("--interactive") && a.positional.size() > 1))
      throw nc::ClientError(kHelp.at("orders"));
    const auto for_seat = nc::for_seat_of(a);
    const std::uint64_t id = parse_game_id(a.positional[0]);
    std::vector<std::string> lines;
    if (!a.has("--interactive"))
      lines = read_order_lines(a.positional.size() == 2 ? a.positional[1] : "-");
    connect();
    const auto d = fetch_game(id);
    if (a.has("--interactive")) {
      lines = nc::pick_orders(*this, id, d.summary().step(), for_seat, std::cin, std::cout);
      if (lines.empty()) {
        std::cout << "no orders picked: nothing sent\n";
        return 0;
      }
    }
    proto::Envelope req;
    auto& s = *req.mutable_submit_orders();
    s.set_game_id(id);
    s.set_step(d.summary().step());
    for (const auto& l : lines) s.add_lines(l);
    s.set_ready(!a.has("--draft"));
    if (for_seat) s.set_for_seat(*for_seat);
    const auto res = expect(req);
    const auto& acc = res.orders_accepted();
    std::cout << (acc.ready() ? "orders ready" : "draft saved") << " for step "
              << d.summary().step() << " (" << d.summary().step_label() << "):\n";
    for (const auto& l : acc.canonical()) std::cout << "  " << l << "\n";
    std::cout << "commitment " << acc.commitment() << "\n";
    if (acc.resolved())
      std::cout << "every side is ready: the step has resolved (naumachia wait " << id
                << " shows it)\n";
    return 0;
  }

  // The order lines of FILE ('-': standard input), without blank lines and
  // lines starting with '#'.
  static std::vector<std::string> read_order_lines(const std::string& file) {
    std::ifstream f;
    if (file != "-") {
      f.open(file);
      if (!f) throw nc::ClientError("cannot read '" + file + "'");
    }
    std::istream& in = file == "-" ? std::cin : f;
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
      const auto first = line.find_first_not_of(" \t\r");
      if (first == std::string::npos || line[first] == '#') continue;
      lines.push_back(line);
    }
    return lines;
  }

  std::string seen_key(std::uint64_t id) { return "seen." + server_ + "." + std::to_string(id); }
  std::string seed_hash_key(std::uint64_t id) {
    return "seedhash." + server_ + "." + std::to_string(id);
  }

  // The seed hash is fixed at creation: the first one this client sees of a
  // game is kept, so that a later one the server shows can be held to it.
  void remember_seed_hash(const proto::GameSummary& g) {
    if (g.seed_hash().empty() || !config_.get(seed_hash_key(g.id())).empty()) return;
    config_.values[seed_hash_key(g.id())] = g.seed_hash();
    config_.save();
  }

  std::vector<proto::GameEvent> fetch_events(std::uint64_t id, std::uint64_t after) {
    std::vector<proto::GameEvent> out;
    for (;;) {  // the server sends at most a page of events per request
      proto::Envelope req;
      req.mutable_events()->set_game_id(id);
      req.mutable_events()->set_after_seq(after);
      const auto res = expect(req);
      if (res.events_result().events().empty()) return out;
      for (const auto& e : res.events_result().events()) {
        after = std::max(after, e.seq());
        out.push_back(e);
      }
    }
  }

  // Checks the game's whole history (see history_check.h) and prints the
  // result; returns the exit status: 0, or 1 when a check fails.
  int check_game(const proto::GameSummary& g, const std::vector<proto::GameEvent>& all) {
    remember_seed_hash(g);
    const std::string first_seed_hash = config_.get(seed_hash_key(g.id()), g.seed_hash());
    nc::HistoryCheck check = nc::check_history(all, first_seed_hash);
    if (g.seed_hash() != first_seed_hash) {
      check.problems.push_back({0, std::nullopt,
                                "the server now shows the seed hash " + g.seed_hash() +
                                    ", but showed " + first_seed_hash + " before"});
    }
    const std::string report = check.report(sides_of(g));
    std::cout << report;
    if (!check.ok()) std::cerr << "naumachia: game " << g.id() << ": " << report;
    return check.ok() ? 0 : 1;
  }

  // Prints the events after the last one seen (every event with `all`); when
  // one of them resolved a step or ended the game, checks the history.
  // Returns how many were printed and the exit status.
  std::pair<int, int> print_new_events(const proto::GameSummary& g, bool all) {
    const std::uint64_t id = g.id();
    const std::uint64_t seen = std::stoull(config_.get(seen_key(id), "0"));
    const auto fresh = fetch_events(id, all ? 0 : seen);
    const auto sides = sides_of(g);
    std::uint64_t last = seen;
    bool revealing = false;
    for (const auto& e : fresh) {
      std::cout << render::render_event(e, sides);
      last = std::max(last, e.seq());
      revealing = revealing || e.has_resolved() || e.has_over();
    }
    config_.values[seen_key(id)] = std::to_string(last);
    config_.save();
    int status = 0;
    if (revealing) status = check_game(g, all ? fresh : fetch_events(id, 0));
    return {static_cast<int>(fresh.size()), status};
  }

  int events(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv, {}, {"--all"});
    if (a.positional.size() != 1) throw nc::ClientError(kHelp.at("events"));
    connect();
    const auto [printed, status] =
        print_new_events(fetch_game(parse_game_id(a.positional[0])).summary(), a.has("--all"));
    if (printed == 0) std::cout << "nothing new\n";
    return status;
  }

  int verify(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv, {}, {});
    if (a.positional.size() != 1) throw nc::ClientError(kHelp.at("verify"));
    connect();
    const std::uint64_t id = parse_game_id(a.positional[0]);
    return check_game(fetch_game(id).summary(), fetch_events(id, 0));
  }

  int wait(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv, {"--timeout"}, {});
    if (a.positional.size() != 1) throw nc::ClientError(kHelp.at("wait"));
    connect();
    const std::uint64_t id = parse_game_id(a.positional[0]);
    const auto game = fetch_game(id).summary();
    // New events and new messages both count as something that happened.
    const auto print_news = [&]() -> std::pair<int, int> {
      const auto [printed, status] = print_new_events(game, false);
      return {printed + nc::print_new_press(*this, game, false), status};
    };
    if (const auto [printed, status] = print_news(); printed > 0) return status;
    const long timeout = a.has("--timeout") ? std::stol(a.options.at("--timeout")) : 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout);
    std::cerr << "waiting for game " << id << "..." << std::endl;
    for (;;) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (timeout == 0) left = std::chrono::hours(1);
      if (left.count() <= 0) return 3;
      const auto push = conn_->next_push(left);
      if (push && push->has_signed_out()) {
        // The server ended the session (it expired, or was ended elsewhere).
        forget_token();
        throw nc::ClientError(push->signed_out().reason());
      }
      if (push && (push->event().game_id() == id || push->press_message().game_id() == id)) {
        // Print through the event log and the press pages, so nothing between is missed.
        if (const auto [printed, status] = print_news(); printed > 0) return status;
      }
    }
  }

  int replay(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv, {"--step", "--svg-dir"}, {});
    if (a.positional.size() != 1) throw nc::ClientError(kHelp.at("replay"));
    connect();
    const std::uint64_t id = parse_game_id(a.positional[0]);
    const auto sides = sides_of(fetch_game(id).summary());
    if (a.has("--svg-dir")) replay_pictures(id, sides, a.options.at("--svg-dir"));
    const std::uint64_t only = a.has("--step") ? std::stoull(a.options.at("--step")) : 0;
    bool verified = true;
    std::string divergence;
    // One step's page with --step, else every page from the first.
    for_each_replay_page(
        id, only, only ? only - 1 : 0, only ? 1 : 0, [&](const proto::ReplayResponse& r) {
          if (only == 0 && r.has_initial())
            std::cout << "initial position:\n" << render::render_view(r.initial(), sides) << "\n";
          for (const auto& s : r.steps()) {
            if (only && s.step() != only) continue;
            std::cout << "step " << s.step() << ": " << s.label()
                      << (s.verified() ? "  [verified]" : "  [MISMATCH]") << "\n";
            std::cout << render::render_orders(s.orders(), sides);
            std::cout << render::render_happenings(s.happenings());
            if (s.has_view())
              std::cout << "\nposition after step " << s.step() << ":\n"
                        << render::render_view(s.view(), sides);
            std::cout << "\n";
          }
          verified = verified && r.all_verified();
          if (divergence.empty()) divergence = r.divergence();
        });
    std::cout << (verified ? "every step verified against the server's record\n"
                           : "VERIFICATION FAILED: " + divergence + "\n");
    return verified ? 0 : 1;
  }

  // The replay's pages from the one after `after_step` (`limit` steps each, 0:
  // the server's default) to the last, or only the first when `limit` is set:
  // the server sends a long game's replay a page at a time.
  void for_each_replay_page(std::uint64_t id, std::uint64_t view_step, std::uint64_t after_step,
                            std::uint32_t limit,
                            const std::function<void(const proto::ReplayResponse&)>& page) {
    for (;;) {
      proto::Envelope req;
      req.mutable_replay()->set_game_id(id);
      req.mutable_replay()->set_view_step(view_step);
      req.mutable_replay()->set_after_step(after_step);
      req.mutable_replay()->set_limit(limit);
      const auto res = expect(req);
      page(res.replay_result());
      after_step = res.replay_result().next_after_step();
      if (after_step == 0 || limit != 0) return;
    }
  }

  static void write_picture(const std::string& path, const std::string& svg) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << svg;
    out.close();
    if (!out) throw nc::ClientError("cannot write " + path);
    std::cout << "wrote " << path << "\n";
  }

  // One picture before the first step and one after each step, the board as
  // the replay shows it to this user (one request a step: the server sends
  // one step's board at a time).
  void replay_pictures(std::uint64_t id, const std::vector<std::string>& sides,
                       const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw nc::ClientError("cannot create " + dir + ": " + ec.message());
    const auto name = [&](std::uint64_t step) {
      std::string n = std::to_string(step);
      return dir + "/step-" + std::string(n.size() < 4 ? 4 - n.size() : 0, '0') + n + ".svg";
    };
    const std::string game = "game " + std::to_string(id);
    for_each_replay_page(id, 0, 0, 0, [&](const proto::ReplayResponse& r) {
      if (r.has_initial())
        write_picture(name(0),
                      render::render_svg(r.initial(), sides, game + ": before the first step"));
      for (const auto& s : r.steps()) {
        for_each_replay_page(id, s.step(), s.step() - 1, 1, [&](const proto::ReplayResponse& one) {
          for (const auto& t : one.steps()) {
            if (t.step() == s.step() && t.has_view())
              write_picture(name(s.step()),
                            render::render_svg(t.view(), sides,
                                               game + ", after step " + std::to_string(s.step()) +
                                                   ": " + s.label()));
          }
        });
      }
    });
  }

  int resign(const std::vector<std::string>& argv) {
    const Args a = parse_args(argv, {}, {});
    if (a.positional.size() != 1) throw nc::ClientError(kHelp.at("resign"));
    connect();
    proto::Envelope req;
    req.mutable_resign()->set_game_id(parse_game_id(a.positional[0]));
    std::cout << "resigned\n" << render::render_summary(expect(req).game());
    return 0;
  }

  Config& config_;
  std::string server_;
  nc::TrustOptions trust_;
  std::unique_ptr<nc::Connection> conn_;
  bool authenticated_ = false;
};

}  // namespace

int main(int argc, char** argv) {
  Config config;
  config.path = default_config_path();
  std::string server;
  nc::TrustOptions trust;
  std::optional<std::string> fingerprint;
  std::vector<std::string> rest;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (rest.empty() && a == "--server" && i + 1 < argc) {
      server = argv[++i];
    } else if (rest.empty() && a == "--insecure") {
      trust.insecure = true;
    } else if (rest.empty() && a == "--fingerprint" && i + 1 < argc) {
      fingerprint = argv[++i];
    } else if (rest.empty() && a == "--config" && i + 1 < argc) {
      config.path = argv[++i];
    } else if (rest.empty() && (a == "--help" || a == "-h")) {
      std::cout << kUsage;
      return 0;
    } else {
      rest.push_back(a);
    }
  }
  if (rest.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  try {
    if (fingerprint) {
      trust.required = nc::Fingerprint::parse(*fingerprint);
      if (!trust.required)
        throw nc::ClientError("--fingerprint '" + *fingerprint +
                              "' is not a SHA-256 fingerprint (64 hex digits)");
      if (trust.insecure)
        throw nc::ClientError("--insecure and --fingerprint contradict each other: use one");
    }
    config.load();
    // Older versions saved --insecure for every later command and server.
    if (const auto old = config.values.find("insecure"); old != config.values.end()) {
      if (old->second == "1") {
        std::cerr << "naumachia: ignoring the setting insecure=1 an older version saved: "
                     "certificates are checked again (a server's self-signed one is pinned the "
                     "first time it is seen; see naumachia trust --help), and --insecure now "
                     "counts for one command only\n";
      }
      config.values.erase(old);
      config.save();
    }
    if (server.empty()) server = config.get("server", "wss://127.0.0.1:8443");
    nc::parse_url(server);  // a precise error before anything else
    Client client(config, server, trust);
    return client.run(rest[0], std::vector<std::string>(rest.begin() + 1, rest.end()));
  } catch (const std::exception& e) {
    std::cerr << "naumachia: " << e.what() << "\n";
    return 1;
  }
}
