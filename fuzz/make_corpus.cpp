// naumachia-fuzz-corpus OUT_DIR DATC_CASES: writes the seed corpus of every
// harness (OUT_DIR/<harness>/...) and its dictionary (OUT_DIR/<harness>.dict)
// from what the tests use: positions reached by random legal play and their
// orders, the compiled-in data files, the DATC cases, and request sequences
// against the service fuzzer's prepared database. Run by hand when the
// formats change (docs/fuzzing.md); the output is kept in the tree.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "core/text.h"
#include "naumachia.pb.h"
#include "positions.h"
#include "service_world.h"
#include "support.h"
#include "support/random_play.h"

namespace naumachia::data {
std::string_view diplomacy_standard_map();
std::string_view fall_of_constantinople_map();
std::string_view classis_ships();
std::string_view classis_nations();
std::string_view classis_scenarios();
std::string_view constantinople_map();
std::string_view constantinople_tables();
std::string_view constantinople_forces();
std::string_view tyre_map();
std::string_view tyre_naval_tables();
std::string_view tyre_land();
std::string_view tyre_land_tables();
std::string_view tyre_scenario();
std::string_view eih_naval_tables();
std::string_view eih_naval_scenarios();
}  // namespace naumachia::data

using namespace naumachia;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& file, std::string_view bytes) {
  fs::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

// A file name from a header: "tyre/naval 2 2 12 0" gives "tyre-naval-2-2-12-0".
std::string file_name(std::string_view header) {
  std::string out;
  for (char c : header) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return out;
}

// libFuzzer dictionary entries: words of letters (and '-', '_', '='), two
// characters at least.
class Dictionary {
 public:
  void add_words(std::string_view line) {
    for (auto w : text::split(line, " \t,:;()[]#")) {
      if (w.size() < 2 || w.size() > 24) continue;
      if (std::all_of(w.begin(), w.end(), [](char c) {
            return std::isalpha(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '=';
          }))
        words_.insert(std::string(w));
    }
  }
  void add(std::string word) { words_.insert(std::move(word)); }
  void save(const fs::path& file) const {
    std::string out;
    for (const std::string& w : words_) out += "\"" + w + "\"\n";
    write(file, out);
  }

 private:
  std::set<std::string> words_;
};

void orders_and_positions(const fs::path& out) {
  Dictionary orders_dict, positions_dict;
  const std::set<int> kept_positions{0, 5, 20, 60, 90};
  for (const fuzz::Position& p : fuzz::positions()) {
    const auto to_order = p.state->step().to_order;
    SeededDice chooser(fuzz::fixed_seed(), StepNo{p.steps});
    for (std::size_t i = 0; i < to_order.size(); ++i) {
      const OrderSet o = testing::random_legal_orders(*p.state, to_order[i], chooser);
      const std::string header = p.header() + " " + std::to_string(i);
      write(out / "orders" / file_name(header), header + "\n" + text::join(o.lines, "\n"));
      for (const auto& group : p.state->candidate_orders(to_order[i]))
        for (const std::string& line : group) orders_dict.add_words(line);
    }
    if (kept_positions.count(p.steps)) write(out / "positions" / file_name(p.header()), p.bytes);
    for (auto line : text::lines(p.bytes)) {
      const auto words = text::split(line);
      if (!words.empty()) positions_dict.add(std::string(words.front()));
      for (auto w : words) {
        const auto eq = w.find('=');
        if (eq != std::string_view::npos) positions_dict.add(std::string(w.substr(0, eq + 1)));
      }
    }
  }
  orders_dict.save(out / "orders.dict");
  positions_dict.save(out / "positions.dict");
}

void data_files(const fs::path& out, const fs::path& datc) {
  const std::map<std::string, std::string_view> files{
      {"diplomacy/standard-map.json", data::diplomacy_standard_map()},
      {"fall/fall-of-constantinople-map.json", data::fall_of_constantinople_map()},
      {"tyre/map.txt", data::tyre_map()},
      {"tyre/naval-tables.txt", data::tyre_naval_tables()},
      {"tyre/land.txt", data::tyre_land()},
      {"tyre/land-tables.txt", data::tyre_land_tables()},
      {"tyre/scenario.txt", data::tyre_scenario()},
      {"constantinople/map.txt", data::constantinople_map()},
      {"constantinople/tables.txt", data::constantinople_tables()},
      {"constantinople/forces.txt", data::constantinople_forces()},
      {"classis/ships.txt", data::classis_ships()},
      {"classis/nations.txt", data::classis_nations()},
      {"classis/scenarios.txt", data::classis_scenarios()},
      {"eih_naval/tables.txt", data::eih_naval_tables()},
      {"eih_naval/scenarios.txt", data::eih_naval_scenarios()},
  };
  Dictionary dict;
  for (const auto& [name, text] : files) {
    write(out / "data" / file_name(name), name + "\n" + std::string(text));
    dict.add(name);
    for (auto line : text::lines(text)) {
      const auto words = text::split(line);
      if (!words.empty() && words.front().front() != '#') dict.add_words(words.front());
    }
  }
  // The DATC cases one by one (every fourth: the file whole is a slow input).
  std::ifstream in(datc);
  if (!in) throw std::runtime_error("cannot read " + datc.string());
  std::stringstream read;
  read << in.rdbuf();
  const std::string all = read.str();
  std::string block;
  int n = 0;
  for (auto line : text::lines(all)) {
    if (line.starts_with("CASE ")) block.clear();
    block += std::string(line) + "\n";
    if (line == "END" && n++ % 4 == 0) {
      const std::string id(text::trim(text::lines(block).front().substr(5)));
      write(out / "data" / ("datc-" + file_name(id)), "diplomacy/datc-cases.txt\n" + block);
    }
  }
  dict.add("diplomacy/datc-cases.txt");
  for (const char* w : {"CASE", "END", "PRESTATE_SETPHASE", "PRESTATE", "PRESTATE_DISLODGED",
                        "PRESTATE_RESULTS", "PRESTATE_SUPPLYCENTER_OWNERS", "ORDERS", "POSTSTATE",
                        "POSTSTATE_DISLODGED", "POSTSTATE_SAME"})
    dict.add(w);
  dict.save(out / "data.dict");
}

// Request sequences for the service fuzzer.
class Requests {
 public:
  Requests& send(int connection, proto::Envelope e) {
    e.set_version(proto::PROTOCOL_VERSION);
    e.set_request_id(next_id_++);
    ops_.push_back({fuzz::Op::Kind::Frame, connection, 0, e.SerializeAsString()});
    return *this;
  }
  Requests& raw(int connection, std::string frame) {
    ops_.push_back({fuzz::Op::Kind::Frame, connection, 0, std::move(frame)});
    return *this;
  }
  Requests& tick(std::uint16_t minutes) {
    ops_.push_back({fuzz::Op::Kind::Tick, 0, minutes, {}});
    return *this;
  }
  Requests& reconnect(int connection) {
    ops_.push_back({fuzz::Op::Kind::Reconnect, connection, 0, {}});
    return *this;
  }
  void save(const fs::path& file) const { write(file, fuzz::write_ops(ops_)); }

 private:
  std::vector<fuzz::Op> ops_;
  std::uint64_t next_id_ = 1;
};

proto::Envelope get_game(std::int64_t id) {
  proto::Envelope e;
  e.mutable_get_game()->set_game_id(static_cast<std::uint64_t>(id));
  return e;
}
proto::Envelope events(std::int64_t id, std::uint64_t after) {
  proto::Envelope e;
  e.mutable_events()->set_game_id(static_cast<std::uint64_t>(id));
  e.mutable_events()->set_after_seq(after);
  return e;
}
proto::Envelope replay(std::int64_t id, std::uint64_t view_step) {
  proto::Envelope e;
  e.mutable_replay()->set_game_id(static_cast<std::uint64_t>(id));
  e.mutable_replay()->set_view_step(view_step);
  return e;
}
proto::Envelope submit(std::int64_t id, std::int64_t step, const OrderSet& o, bool ready) {
  proto::Envelope e;
  auto& s = *e.mutable_submit_orders();
  s.set_game_id(static_cast<std::uint64_t>(id));
  s.set_step(static_cast<std::uint64_t>(step));
  for (const std::string& line : o.lines) s.add_lines(line);
  s.set_ready(ready);
  return e;
}

proto::Envelope say(std::int64_t id, const std::string& text, std::vector<std::uint32_t> to) {
  proto::Envelope e;
  e.mutable_send_press()->set_game_id(static_cast<std::uint64_t>(id));
  e.mutable_send_press()->set_text(text);
  for (const std::uint32_t s : to) e.mutable_send_press()->add_to_seats(s);
  return e;
}
proto::Envelope press(std::int64_t id) {
  proto::Envelope e;
  e.mutable_press()->set_game_id(static_cast<std::uint64_t>(id));
  auto& c = *e.mutable_press()->add_after();
  c.set_restricted(true);
  c.add_audience(0);
  c.add_audience(1);
  c.set_after(1);
  return e;
}
proto::Envelope propose(std::int64_t id, proto::ProposalKind kind, std::uint64_t seconds) {
  proto::Envelope e;
  e.mutable_propose()->set_game_id(static_cast<std::uint64_t>(id));
  e.mutable_propose()->set_kind(kind);
  e.mutable_propose()->set_seconds(seconds);
  return e;
}
proto::Envelope answer(std::int64_t id, std::uint64_t proposal, proto::ProposalAnswer a) {
  proto::Envelope e;
  e.mutable_answer_proposal()->set_game_id(static_cast<std::uint64_t>(id));
  e.mutable_answer_proposal()->set_proposal(proposal);
  e.mutable_answer_proposal()->set_answer(a);
  return e;
}

proto::Envelope take_seat(std::int64_t id, std::uint32_t seat) {
  proto::Envelope e;
  e.mutable_take_seat()->set_game_id(static_cast<std::uint64_t>(id));
  e.mutable_take_seat()->set_seat(seat);
  return e;
}
proto::Envelope offered_games() {
  proto::Envelope e;
  e.mutable_list_games()->set_offered_only(true);
  return e;
}

void service_inputs(const fs::path& out) {
  const fuzz::World world;
  const fs::path dir = out / "service";
  for (const fuzz::PreparedGame& g : world.games()) {
    const std::string name = "game-" + std::to_string(g.id) + "-" + file_name(g.scenario);
    Requests look;
    look.send(1, get_game(g.id)).send(1, events(g.id, 0)).send(0, get_game(g.id));
    look.send(4, get_game(g.id)).send(2, replay(g.id, 0));
    look.save(dir / (name + "-look"));
    if (g.status != server::GameStatus::Running) continue;
    // Every seat with a connection orders (the others default at the deadline).
    Requests play;
    SeededDice chooser(fuzz::fixed_seed(), StepNo{g.step});
    for (int seat : g.to_order) {
      if (seat + 1 >= fuzz::kConnections) continue;
      const OrderSet o = testing::random_legal_orders(*g.state, PlayerId{seat}, chooser);
      play.send(seat + 1, submit(g.id, g.step, o, false));
      play.send(seat + 1, submit(g.id, g.step, o, true));
    }
    play.tick(24 * 60 + 1)
        .send(1, events(g.id, 0))
        .send(1, get_game(g.id))
        .send(2, replay(g.id, 1));
    play.save(dir / (name + "-play"));
    Requests resign;
    proto::Envelope r;
    r.mutable_resign()->set_game_id(static_cast<std::uint64_t>(g.id));
    resign.send(2, r).send(1, r).send(1, get_game(g.id)).send(3, replay(g.id, 0));
    resign.save(dir / (name + "-resign"));
    // Correspondence: press, proposals, a pause and an extension.
    Requests talk;
    talk.send(1, say(g.id, "a public word", {}))
        .send(2, say(g.id, "a private word", {0}))
        .send(1, press(g.id))
        .send(4, press(g.id))
        .send(1, propose(g.id, proto::DRAW, 0))
        .send(2, answer(g.id, 1, proto::REFUSE))
        .send(1, propose(g.id, proto::PAUSE, 0))
        .send(2, answer(g.id, 2, proto::ACCEPT))
        .send(2, propose(g.id, proto::EXTENSION, 3600))
        .send(1, answer(g.id, 3, proto::ACCEPT))
        .tick(24 * 60 + 1)
        .send(1, propose(g.id, proto::RESUME, 0))
        .send(1, get_game(g.id))
        .send(2, events(g.id, 0));
    talk.save(dir / (name + "-talk"));
    // Replacement: every seat missed the preparation's two deadlines, so each
    // is in civil disorder; users sitting elsewhere take seats over (and one
    // seated already is refused), then the new player looks and plays.
    Requests take;
    take.send(4, offered_games())
        .send(4, take_seat(g.id, 0))
        .send(3, take_seat(g.id, 1))
        .send(1, take_seat(g.id, 1))
        .send(4, get_game(g.id))
        .send(4, events(g.id, 0))
        .send(4, press(g.id))
        .send(4, say(g.id, "a new player", {1}))
        .send(1, get_game(g.id))
        .tick(24 * 60 + 1)
        .send(3, get_game(g.id));
    take.save(dir / (name + "-take"));
  }
  Requests lobby;
  lobby.send(0, [] {
    proto::Envelope e;
    e.mutable_list_scenarios();
    return e;
  }());
  for (bool mine : {false, true}) {
    proto::Envelope e;
    e.mutable_list_games()->set_mine_only(mine);
    e.mutable_list_games()->set_open_only(!mine);
    e.mutable_list_games()->set_limit(3);
    lobby.send(1, e);
  }
  for (const fuzz::PreparedGame& g : world.games()) {
    if (g.status != server::GameStatus::Open) continue;
    for (int c : {3, 4, 1}) {
      proto::Envelope e;
      e.mutable_join_game()->set_game_id(static_cast<std::uint64_t>(g.id));
      e.mutable_join_game()->set_seat(-1);
      lobby.send(c, e);
    }
  }
  lobby.save(dir / "lobby");
  Requests create;
  for (const fuzz::PreparedGame& g : world.games()) {
    proto::Envelope e;
    e.mutable_create_game()->set_scenario(g.scenario);
    e.mutable_create_game()->set_seat(-1);
    e.mutable_create_game()->set_players(static_cast<std::uint32_t>(g.players));
    e.mutable_create_game()->set_deadline_seconds(24 * 3600);
    create.send(g.id % 2 ? 3 : 4, e);
  }
  create.save(dir / "create");
  Requests sessions;
  proto::Envelope resume;
  resume.mutable_resume()->set_token("not a token");
  proto::Envelope logout;
  logout.mutable_logout()->set_everywhere(false);
  proto::Envelope everywhere;
  everywhere.mutable_logout()->set_everywhere(true);
  sessions.send(0, resume).send(1, resume).send(1, logout).send(1, get_game(1));
  sessions.reconnect(1).send(1, get_game(1)).send(2, everywhere).reconnect(2).send(2, get_game(1));
  sessions.save(dir / "sessions");
  Requests junk;
  proto::Envelope old = get_game(1);
  old.set_version(proto::PROTOCOL_VERSION + 1);
  junk.raw(1, "\x08\x01\x10\x05\xfa\x01").raw(2, old.SerializeAsString());
  junk.raw(1, std::string(1, '\0')).send(1, proto::Envelope{}).send(3, [] {
    proto::Envelope e;
    e.mutable_error()->set_message("a response is no request");
    return e;
  }());
  junk.save(dir / "junk");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: naumachia-fuzz-corpus OUT_DIR DATC_CASES\n";
    return 2;
  }
  try {
    const fs::path out = argv[1];
    orders_and_positions(out);
    data_files(out, argv[2]);
    service_inputs(out);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "naumachia-fuzz-corpus: " << e.what() << "\n";
    return 1;
  }
}
