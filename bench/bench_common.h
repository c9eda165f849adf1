#pragma once
// What the benchmarks that run naumachia-server share: starting and stopping
// a server under test, and the result table that sets each figure beside its
// baseline from the same run.
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "load_client.h"
#include "processes.h"

namespace naumachia::bench {

// Starts a server (pinned to `cpu`, -1: not pinned, stderr to `log`) and
// reads where it listens from its "listening on" line. Throws BenchError.
std::unique_ptr<ChildProcess> start_server(const std::string& name, std::vector<std::string> argv,
                                           const std::string& log, int cpu, Endpoint& at);

// Stops a server at the end; one that had already exited, or stops with an
// error, is a failure, added to `failures`.
void stop_server(const std::string& name, ChildProcess& p, std::vector<std::string>& failures);

// `v` with `decimals` decimals.
std::string fixed(double v, int decimals);

// The result table: measure | baseline | measured | ratio (measured over
// baseline), with sections between.
class Table {
 public:
  Table(std::string baseline, std::string measured)
      : baseline_(std::move(baseline)), measured_(std::move(measured)) {}
  void section(const std::string& title) { rows_.push_back(Row{title, {}, {}, 0, true}); }
  void add(const std::string& measure, std::optional<double> baseline,
           std::optional<double> measured, int decimals) {
    rows_.push_back(Row{measure, baseline, measured, decimals, false});
  }
  void print(std::ostream& out) const;

 private:
  struct Row {
    std::string measure;
    std::optional<double> baseline, measured;
    int decimals;
    bool is_section;
  };
  std::string baseline_, measured_;
  std::vector<Row> rows_;
};

}  // namespace naumachia::bench
