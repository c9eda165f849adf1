// The server's files on disk and the deployment scripts: the database, its
// -wal and -shm files and the TLS key are private (0600 in a 0700 directory)
// whatever the umask the server starts with, and wider files of an earlier
// version are narrowed; a certificate without its key is never overwritten;
// deploy/backup.sh makes private backups and refuses one in which a game does
// not replay.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "support/file_modes.h"
#include "support/protocol_client.h"
#include "support/sql_file.h"
#include "support/text.h"

using naumachia::testing::admin;
using naumachia::testing::CommandResult;
using naumachia::testing::game_detail;
using naumachia::testing::mode_of;
using naumachia::testing::read_file;
using naumachia::testing::run_command;
using naumachia::testing::ScopedUmask;
using naumachia::testing::ServerProcess;
using naumachia::testing::sign_up;
using naumachia::testing::SqlFile;
using naumachia::testing::start_duel;
using naumachia::testing::submit;
using naumachia::testing::TempDir;
namespace fs = std::filesystem;
namespace proto = naumachia::proto;

namespace {

// Two players on `server` play a Duel to its end; returns the game's id. A
// third game is left open (not started), with nothing to replay.
std::uint64_t play_duel(const ServerProcess& server) {
  auto a = sign_up(server, "alice");
  auto b = sign_up(server, "bob");
  const auto game = start_duel(*a, *b);
  for (std::uint64_t step = 1; game_detail(*a, game).summary().status() == proto::RUNNING; ++step) {
    REQUIRE(step <= 5);
    REQUIRE(submit(*a, game, step, {"bid 2"}).has_orders_accepted());
    REQUIRE(submit(*b, game, step, {"bid 1"}).has_orders_accepted());
  }
  // A second game, open: nobody has joined it.
  proto::Envelope create;
  create.mutable_create_game()->set_scenario("duel/standard");
  create.mutable_create_game()->set_seat(0);
  create.mutable_create_game()->set_players(2);
  REQUIRE(a->call(create).has_game());
  return game;
}

// deploy/backup.sh DB DIR [KEEP] with the test admin tool (which knows the
// Duel), run under umask 000 to show that the script sets its own.
CommandResult backup(const fs::path& db, const fs::path& dir, const std::string& keep = "") {
  return run_command("umask 000 && NAUMACHIA_ADMIN=" + std::string(NAUMACHIA_TEST_ADMIN) + " " +
                     NAUMACHIA_BACKUP_SCRIPT + " " + db.string() + " " + dir.string() + " " + keep);
}

std::vector<fs::path> files_in(const fs::path& dir, const std::string& suffix) {
  std::vector<fs::path> found;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.size() >= suffix.size() && name.ends_with(suffix)) found.push_back(e.path());
  }
  return found;
}

// The root page of the index of the users' names (the log folded into the
// file first, so that the page is in the file itself).
std::int64_t users_index_page(const fs::path& db) {
  SqlFile file(db);
  file.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  const std::int64_t page = file.integer(
      "SELECT rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users'");
  REQUIRE(page > 1);
  return page;
}

// Page `page` (1-based) of the database file all zeros, as a disk fault
// would leave it.
void zero_page(const fs::path& db, std::int64_t page) {
  std::int64_t size = 0;
  {
    SqlFile file(db, SqlFile::Access::read_only);
    size = file.integer("PRAGMA page_size");
  }
  std::fstream file(db, std::ios::in | std::ios::out | std::ios::binary);
  REQUIRE(file);
  file.seekp((page - 1) * size);
  const std::string zeros(static_cast<std::size_t>(size), '\0');
  file.write(zeros.data(), static_cast<std::streamsize>(zeros.size()));
  REQUIRE(file);
}

}  // namespace

TEST_CASE("the server's files are private whatever the umask it starts with") {
  for (const mode_t mask : {mode_t{022}, mode_t{0}}) {
    CAPTURE(mask);
    TempDir dir;
    fs::permissions(dir.path(), fs::perms(0755));
    const fs::path state = dir.path() / "state" / "data";  // neither exists yet
    ScopedUmask scoped(mask);
    ServerProcess server(dir.path(), naumachia::testing::DatabaseAt{state / "naumachia.db"});
    sign_up(server, "alice");  // a write: the -wal file holds it

    CHECK(mode_of(dir.path() / "state") == 0700);
    CHECK(mode_of(state) == 0700);
    CHECK(mode_of(state / "naumachia.db") == 0600);
    CHECK(mode_of(state / "naumachia.db-wal") == 0600);
    CHECK(mode_of(state / "naumachia.db-shm") == 0600);
    CHECK(mode_of(state / "naumachia-key.pem") == 0600);
    CHECK(mode_of(state / "naumachia-cert.pem") == 0644);
    // Nothing else in the directory is open to others either.
    for (const auto& e : fs::directory_iterator(state)) {
      if (e.path().filename() == "naumachia-cert.pem") continue;
      CHECK_MESSAGE((mode_of(e.path()) & 077) == 0, e.path().string());
    }
    // The directory above, not the server's, is not its concern.
    CHECK(server.log().find("may list") == std::string::npos);
    CHECK(server.terminate() == 0);
  }
}

TEST_CASE("files an earlier server left open to others are narrowed at start-up, with a notice") {
  TempDir dir;
  ScopedUmask scoped(022);
  ServerProcess server(dir.path());
  sign_up(server, "alice");
  const fs::path db = server.db();
  const fs::path key = dir.path() / "naumachia-key.pem";
  server.crash();  // the -wal and -shm files stay behind, as after a power cut
  const std::vector<fs::path> files{db, db.string() + "-wal", db.string() + "-shm", key};
  for (const auto& f : files) {
    REQUIRE(fs::exists(f));
    fs::permissions(f, fs::perms(0644));
  }
  fs::permissions(dir.path(), fs::perms(0755));  // reported, not changed: it may be shared
  server.restart();
  CHECK(server.log().find("notice: other users may list the data directory " + dir.path().string() +
                          " (mode 0755)") != std::string::npos);
  CHECK(mode_of(dir.path()) == 0755);
  for (const auto& f : files) {
    CHECK_MESSAGE(mode_of(f) == 0600, f.string());
    CHECK_MESSAGE(server.log().find("narrowed the mode of " + f.string() + " from 0644 to 0600") !=
                      std::string::npos,
                  f.string());
  }
  // The account written before the crash is still there.
  naumachia::testing::log_in(server, "alice", "pw-alice-secret");
}

TEST_CASE("a certificate without its key stops the server instead of being replaced") {
  TempDir dir;
  ServerProcess server(dir.path());
  const fs::path cert = dir.path() / "naumachia-cert.pem";
  const fs::path key = dir.path() / "naumachia-key.pem";
  CHECK(server.terminate() == 0);
  const std::string certificate = read_file(cert);
  fs::remove(key);
  CHECK_THROWS_AS(server.restart(), std::runtime_error);
  CHECK(server.log().find("the TLS certificate '" + cert.string() + "' is there but its key '" +
                          key.string() + "' is missing") != std::string::npos);
  CHECK(read_file(cert) == certificate);
  CHECK_FALSE(fs::exists(key));
}

TEST_CASE(
    "a database with a zeroed index page stops the server at start, saying how to restore a "
    "backup, and naumachia-admin verify reports it") {
  TempDir dir;
  ServerProcess server(dir.path());
  play_duel(server);
  CHECK(server.terminate() == 0);
  zero_page(server.db(), users_index_page(server.db()));
  CHECK_THROWS_AS(server.restart(), std::runtime_error);
  const std::string log = server.log();
  CHECK(log.find("the database '" + server.db().string() +
                 "' is damaged; PRAGMA quick_check "
                 "reports:") != std::string::npos);
  CHECK(log.find("Restore the newest backup that verifies") != std::string::npos);

  const CommandResult verify = admin(server.db(), "verify");
  INFO(verify.output);
  CHECK(verify.status == 1);
  CHECK(verify.output.find("database: FAILED integrity check: ") != std::string::npos);
  CHECK(verify.output.find("the database is damaged") != std::string::npos);
}

TEST_CASE("backup.sh makes a private backup and verifies every game in it by an admin replay") {
  TempDir dir;
  ServerProcess server(dir.path());
  const auto game = play_duel(server);
  const fs::path backups = dir.path() / "backups";

  SUBCASE("into a new directory") {}
  SUBCASE("into a directory an earlier version made open to others") {
    fs::create_directory(backups);
    fs::permissions(backups, fs::perms(0755));
  }
  // The server keeps running: an online backup.
  const CommandResult r = backup(server.db(), backups);
  INFO(r.output);
  REQUIRE(r.status == 0);
  CHECK(r.output.find("every game verified (2, each replayed") != std::string::npos);
  CHECK(mode_of(backups) == 0700);
  const auto kept = files_in(backups, ".db.gz");
  REQUIRE(kept.size() == 1);
  CHECK(mode_of(kept[0]) == 0600);
  CHECK(files_in(backups, ".failed").empty());

  // The backup holds the game: unpacked, it replays by itself.
  const fs::path restored = dir.path() / "restored.db";
  REQUIRE(run_command("gzip -dc " + kept[0].string() + " > " + restored.string()).status == 0);
  const CommandResult replay = admin(restored, "replay " + std::to_string(game) + " --quiet");
  CHECK(replay.status == 0);
}

TEST_CASE("backup.sh fails loudly when a game in the backup does not replay, and keeps the rest") {
  TempDir dir;
  ServerProcess server(dir.path());
  const auto game = play_duel(server);
  const fs::path backups = dir.path() / "backups";
  REQUIRE(backup(server.db(), backups).status == 0);
  const auto good = files_in(backups, ".db.gz");
  REQUIRE(good.size() == 1);

  // One stored order is changed behind the server's back.
  SqlFile(server.db())
      .exec("UPDATE orders SET lines = 'bid 3' WHERE game_id = " + std::to_string(game) +
            " AND step = 1 AND seat = 0");
  // A second apart, for a backup of another name.
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  const CommandResult r = backup(server.db(), backups);
  INFO(r.output);
  CHECK(r.status == 1);
  CHECK(r.output.find("game " + std::to_string(game) + " does not verify") != std::string::npos);
  // The admin tool's verdict names the step, the table and the field.
  CHECK(r.output.find("FAILED: game " + std::to_string(game) + ", step 1, table orders") !=
        std::string::npos);
  // The earlier backup is untouched; the rejected one is kept aside, private.
  CHECK(files_in(backups, ".db.gz") == good);
  const auto failed = files_in(backups, ".db.failed");
  REQUIRE(failed.size() == 1);
  CHECK(mode_of(failed[0]) == 0600);
}

TEST_CASE(
    "backup.sh marks the copy of a damaged database failed, with its -wal and -shm, and never "
    "rotates it in") {
  TempDir dir;
  ServerProcess server(dir.path());
  play_duel(server);
  const fs::path backups = dir.path() / "backups";
  REQUIRE(backup(server.db(), backups, "1").status == 0);
  const auto good = files_in(backups, ".db.gz");
  REQUIRE(good.size() == 1);
  CHECK(server.terminate() == 0);
  std::string why;
  SUBCASE("an index page zeroed: the copy is made and fails its check") {
    zero_page(server.db(), users_index_page(server.db()));
    why = "fails integrity_check";
  }
  SUBCASE("the first page zeroed: the copy itself fails") {
    users_index_page(server.db());  // the log folded in
    zero_page(server.db(), 1);
    why = "copying";
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // a name of its own
  const CommandResult r = backup(server.db(), backups, "1");
  INFO(r.output);
  CHECK(r.status == 1);
  CHECK(r.output.find(why) != std::string::npos);
  CHECK(r.output.find("older backups are untouched") != std::string::npos);
  // The good backup stays, even with KEEP 1; nothing but it and what is
  // marked failed is left: no copy under a backup's name, no -wal or -shm.
  CHECK(files_in(backups, ".db.gz") == good);
  for (const auto& e : fs::directory_iterator(backups)) {
    const std::string name = e.path().filename().string();
    INFO(name);
    CHECK((e.path() == good[0] || name.find(".db.failed") != std::string::npos));
    CHECK_FALSE(name.ends_with(".db-wal"));
    CHECK_FALSE(name.ends_with(".db-shm"));
  }
}

TEST_CASE("backup.sh keeps the newest KEEP backups") {
  TempDir dir;
  ServerProcess server(dir.path());
  play_duel(server);
  const fs::path backups = dir.path() / "backups";
  REQUIRE(backup(server.db(), backups, "1").status == 0);
  const auto first = files_in(backups, ".db.gz");
  REQUIRE(first.size() == 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // a name of its own
  REQUIRE(backup(server.db(), backups, "1").status == 0);
  const auto kept = files_in(backups, ".db.gz");
  REQUIRE(kept.size() == 1);
  CHECK(kept != first);
}

TEST_CASE("backup.sh refuses bad arguments before it copies anything") {
  TempDir dir;
  const fs::path backups = dir.path() / "backups";
  const CommandResult missing = backup(dir.path() / "absent.db", backups);
  CHECK(missing.status == 1);
  CHECK(missing.output.find("there is no database at") != std::string::npos);
  CHECK_FALSE(fs::exists(backups));
  const CommandResult bad_keep = backup(dir.path() / "absent.db", backups, "0");
  CHECK(bad_keep.status == 1);
  CHECK(bad_keep.output.find("KEEP wants a positive number of backups, got '0'") !=
        std::string::npos);

  const fs::path db = dir.path() / "naumachia.db";
  std::ofstream(db) << "";
  const CommandResult no_admin =
      run_command("NAUMACHIA_ADMIN=" + (dir.path() / "nope").string() + " " +
                  NAUMACHIA_BACKUP_SCRIPT + " " + db.string() + " " + backups.string());
  CHECK(no_admin.status == 1);
  CHECK(no_admin.output.find("is not an executable") != std::string::npos);
  CHECK_FALSE(fs::exists(backups));
}
