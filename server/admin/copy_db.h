#pragma once
// naumachia-admin copy-db FROM TO: moves a server's database from one engine
// to the other (a SQLite file to PostgreSQL, or back), every row of every
// table, in one transaction on TO.
#include <iosfwd>
#include <string>

#include "storage/database.h"

namespace naumachia::server {

// The tables in an order that satisfies their foreign keys: a row is copied
// after the rows it refers to. schema_version is not copied: each database
// records its own migrations.
const std::vector<std::string>& copied_tables();

// Copies every row of `from` into `to`, which must hold none yet (both are
// migrated to the current schema first). Prints a line per table to `out`.
// Throws DbError (TO is left as it was) on any failure, or when either
// database has a table the copy does not know.
void copy_database(Database& from, Database& to, std::ostream& out);

}  // namespace naumachia::server
