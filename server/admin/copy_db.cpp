#include "admin/copy_db.h"

#include <algorithm>
#include <ostream>

namespace naumachia::server {

const std::vector<std::string>& copied_tables() {
  static const std::vector<std::string> tables{"users",          "sessions",
                                               "games",          "seats",
                                               "orders",         "steps",
                                               "events",         "messages",
                                               "proposals",      "admin_requests",
                                               "notify_targets", "notify_settings",
                                               "notify_outbox",  "deadline_reminders",
                                               "replacements",   "computer_seats",
                                               "game_versions"};
  return tables;
}

namespace {

// Every table the schema has is one the copy knows: a table a later
// migration adds and this list lacks would otherwise be left behind.
void check_tables(Database& db, const char* which) {
  for (const std::string& t : db.tables()) {
    // The token buckets of several servers' limits (PostgreSQL only) fill
    // up again by themselves: they are not copied.
    if (t == "schema_version" || t == "rate_buckets") continue;
    const auto& known = copied_tables();
    if (std::find(known.begin(), known.end(), t) == known.end())
      throw DbError(std::string(which) + " has a table copy-db does not know: " + t);
  }
}

std::int64_t count_rows(Database& db, const std::string& table) {
  Stmt s = db.prepare("SELECT COUNT(*) FROM " + table);
  s.step();
  return s.integer(0);
}

// Tables whose `id` the engine numbers itself (SQLite's INTEGER PRIMARY
// KEY, PostgreSQL's identity columns).
bool numbers_its_ids(const std::string& table) {
  return table == "users" || table == "games" || table == "messages" || table == "admin_requests" ||
         table == "notify_targets" || table == "notify_outbox";
}

std::int64_t copy_table(Database& from, Database& to, const std::string& table) {
  Stmt rows = from.prepare("SELECT * FROM " + table);
  std::string insert_sql;  // known from the first row's columns
  std::int64_t copied = 0;
  while (rows.step()) {
    const int n = rows.column_count();
    if (insert_sql.empty()) {
      std::string columns, values;
      for (int c = 0; c < n; ++c) {
        columns += (c ? ", " : "") + rows.column_name(c);
        values += c ? ", ?" : "?";
      }
      insert_sql = "INSERT INTO " + table + "(" + columns + ") VALUES(" + values + ")";
    }
    // The connection's cached statement, bound afresh for each row.
    Stmt insert = to.prepare(insert_sql);
    for (int c = 0; c < n; ++c) {
      switch (rows.kind(c)) {
        case ValueKind::null:
          insert.bind_null(c + 1);
          break;
        case ValueKind::integer:
          insert.bind(c + 1, rows.integer(c));
          break;
        case ValueKind::blob:
          insert.bind_blob(c + 1, rows.blob(c));
          break;
        case ValueKind::text:
          insert.bind(c + 1, std::string_view(rows.text(c)));
          break;
      }
    }
    insert.run();
    ++copied;
  }
  return copied;
}

}  // namespace

void copy_database(Database& from, Database& to, std::ostream& out) {
  check_tables(from, "FROM");
  check_tables(to, "TO");
  for (const std::string& t : copied_tables()) {
    if (count_rows(to, t) > 0)
      throw DbError("TO already holds rows (table " + t +
                    "): copy-db copies into a database that holds no games, users or sessions");
  }
  Transaction tx(to);
  for (const std::string& t : copied_tables()) {
    const std::int64_t n = copy_table(from, to, t);
    if (numbers_its_ids(t)) to.continue_ids(t);
    out << t << ": " << n << " row(s)" << std::endl;
  }
  tx.commit();
}

}  // namespace naumachia::server
