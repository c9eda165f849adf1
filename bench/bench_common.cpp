#include "bench_common.h"

#include <sys/wait.h>

#include <iomanip>
#include <iostream>
#include <sstream>

namespace naumachia::bench {

std::unique_ptr<ChildProcess> start_server(const std::string& name, std::vector<std::string> argv,
                                           const std::string& log, int cpu, Endpoint& at) {
  ChildProcess::Options o;
  o.argv = std::move(argv);
  o.log_path = log;
  o.cpu = cpu;
  auto p = std::make_unique<ChildProcess>(o);
  const auto line = p->read_line(std::chrono::seconds(60));
  if (!line) {
    const int status = p->stop();
    throw BenchError(name + " did not start (" + describe_wait_status(status) +
                     "); its log: " + log);
  }
  try {
    at = Endpoint::parse_listening_line(*line);
  } catch (const BenchError& e) {
    throw BenchError(name + ": " + e.what() + "; its log: " + log);
  }
  std::cerr << name << " (pid " << p->pid() << ") listening on " << at.text() << "\n";
  return p;
}

void stop_server(const std::string& name, ChildProcess& p, std::vector<std::string>& failures) {
  if (!p.running()) {
    failures.push_back(name + " exited during the run (" + describe_wait_status(p.wait()) +
                       "); its log: " + p.log_path());
    return;
  }
  const int status = p.stop();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    failures.push_back(name + " stopped with " + describe_wait_status(status) +
                       "; its log: " + p.log_path());
  }
}

std::string fixed(double v, int decimals) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(decimals) << v;
  return out.str();
}

void Table::print(std::ostream& out) const {
  std::size_t width = 7;
  for (const Row& r : rows_) {
    if (!r.is_section) width = std::max(width, r.measure.size());
  }
  const auto line = [&] {
    out << std::string(width + 2, '-') << "+" << std::string(17, '-') << "+" << std::string(14, '-')
        << "+" << std::string(9, '-') << "\n";
  };
  out << std::left << std::setw(static_cast<int>(width)) << "measure" << std::right << "  | "
      << std::setw(15) << baseline_ << " | " << std::setw(12) << measured_ << " | " << std::setw(7)
      << "ratio"
      << "\n";
  for (const Row& r : rows_) {
    if (r.is_section) {
      line();
      out << r.measure << "\n";
      continue;
    }
    const auto cell = [&](std::optional<double> v, int w) {
      out << std::setw(w) << (v ? fixed(*v, r.decimals) : std::string("-"));
    };
    out << std::left << std::setw(static_cast<int>(width)) << r.measure << std::right << "  | ";
    cell(r.baseline, 15);
    out << " | ";
    cell(r.measured, 12);
    out << " | ";
    if (r.baseline && r.measured && *r.baseline > 0) {
      out << std::setw(7)
          << fixed(*r.measured / *r.baseline, *r.measured / *r.baseline < 10 ? 2 : 1);
    } else {
      out << std::setw(7) << "-";
    }
    out << "\n";
  }
}

}  // namespace naumachia::bench
