#pragma once
// A PostgreSQL database of the load benchmark's own: made on a PostgreSQL
// server when the benchmark starts, dropped when it ends.
#include <string>

namespace naumachia::bench {

class BenchDatabase {
 public:
  // `server`: a URI of the server's maintenance database
  // ("postgresql://USER@HOST:PORT/postgres"). Throws when it cannot be made.
  BenchDatabase(const std::string& server, const std::string& name);
  ~BenchDatabase();
  BenchDatabase(const BenchDatabase&) = delete;
  BenchDatabase& operator=(const BenchDatabase&) = delete;

  // What naumachia-server's --db takes.
  std::string uri() const;
  const std::string& name() const { return name_; }

 private:
  std::string server_;
  std::string name_;
};

}  // namespace naumachia::bench
