#pragma once
// Reads a Prometheus text exposition (format 0.0.4) as a scraper would, and
// lists what a scraper would reject or misread: a sample whose family has no
// TYPE line (or whose TYPE comes after it), a family's samples not together,
// a name or label that is not a valid one, a value that is not a number, a
// histogram whose buckets fall, lack +Inf, or disagree with its _count.
#include <cctype>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace naumachia::testing {

struct ParsedExposition {
  std::map<std::string, std::string> types;  // family -> counter, gauge, histogram, ...
  // Each sample by its name and labels as written, e.g.
  // naumachia_requests_total{type="login"}.
  std::map<std::string, double> samples;
  std::vector<std::string> problems;

  bool has(const std::string& key) const { return samples.count(key) != 0; }
  // The sample's value; 0 when absent (a counter not yet counted).
  double value(const std::string& key) const {
    const auto it = samples.find(key);
    return it == samples.end() ? 0 : it->second;
  }
};

namespace exposition_detail {

inline bool valid_name(const std::string& s, bool colons) {
  if (s.empty()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const bool ok =
        std::isalpha(c) || c == '_' || (colons && c == ':') || (i > 0 && std::isdigit(c));
    if (!ok) return false;
  }
  return true;
}

inline bool parse_number(const std::string& s, double& out) {
  if (s == "+Inf" || s == "Inf") {
    out = std::numeric_limits<double>::infinity();
    return true;
  }
  if (s == "-Inf") {
    out = -std::numeric_limits<double>::infinity();
    return true;
  }
  if (s == "NaN") {
    out = 0;
    return true;
  }
  if (s.empty()) return false;
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size();
}

// The family a sample belongs to: its own name when TYPE'd, else a
// histogram's (NAME_bucket, NAME_sum, NAME_count).
inline std::string family_of(const std::string& name,
                             const std::map<std::string, std::string>& types) {
  if (types.count(name)) return name;
  for (const char* suffix : {"_bucket", "_sum", "_count"}) {
    const std::string s = suffix;
    if (name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0) {
      const std::string base = name.substr(0, name.size() - s.size());
      const auto t = types.find(base);
      if (t != types.end() && (t->second == "histogram" || t->second == "summary")) return base;
    }
  }
  return "";
}

}  // namespace exposition_detail

inline ParsedExposition parse_exposition(const std::string& text) {
  using namespace exposition_detail;
  ParsedExposition p;
  std::set<std::string> finished;  // families whose samples are behind us
  std::string current;             // the family of the last sample
  // Per histogram and label set (le left out): its buckets in order, and
  // its _count.
  std::map<std::string, std::vector<std::pair<std::string, double>>> buckets;
  std::map<std::string, double> counts;
  if (!text.empty() && text.back() != '\n') p.problems.push_back("the last line has no line feed");
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line.empty()) continue;
    if (line[0] == '#') {
      // "# HELP name text" or "# TYPE name type"; other comments are free.
      if (line.rfind("# HELP ", 0) != 0 && line.rfind("# TYPE ", 0) != 0) continue;
      const std::string rest = line.substr(7);
      const std::size_t space = rest.find(' ');
      const std::string name = rest.substr(0, space);
      if (!valid_name(name, true)) p.problems.push_back("a bad family name: " + line);
      if (line.rfind("# TYPE ", 0) == 0) {
        const std::string type = space == std::string::npos ? "" : rest.substr(space + 1);
        static const std::set<std::string> known{"counter", "gauge", "histogram", "summary",
                                                 "untyped"};
        if (!known.count(type)) p.problems.push_back("an unknown type: " + line);
        if (p.types.count(name)) p.problems.push_back("TYPE given twice: " + line);
        if (finished.count(name) || current == name)
          p.problems.push_back("TYPE after the family's samples: " + line);
        p.types[name] = type;
      }
      continue;
    }
    // name{label="value",...} value [timestamp]
    std::size_t i = 0;
    while (i < line.size() && line[i] != '{' && line[i] != ' ') ++i;
    const std::string name = line.substr(0, i);
    if (!valid_name(name, true)) p.problems.push_back("a bad sample name: " + line);
    std::string labels_text;  // as written, braces included
    std::string le;
    std::string labels_but_le;
    if (i < line.size() && line[i] == '{') {
      const std::size_t open = i++;
      bool closed = false;
      while (i < line.size() && !closed) {
        if (line[i] == '}') {
          closed = true;
          ++i;
          break;
        }
        const std::size_t eq = line.find('=', i);
        if (eq == std::string::npos || eq + 1 >= line.size() || line[eq + 1] != '"') break;
        const std::string label = line.substr(i, eq - i);
        if (!valid_name(label, false)) p.problems.push_back("a bad label name: " + line);
        std::size_t j = eq + 2;
        std::string value;
        while (j < line.size() && line[j] != '"') {
          if (line[j] == '\\' && j + 1 < line.size()) {
            const char e = line[j + 1];
            if (e != '\\' && e != '"' && e != 'n') p.problems.push_back("a bad escape: " + line);
            value += e == 'n' ? '\n' : e;
            j += 2;
          } else {
            value += line[j++];
          }
        }
        if (j >= line.size()) break;
        if (label == "le") {
          le = value;
        } else {
          labels_but_le += line.substr(i, j + 1 - i) + ",";
        }
        i = j + 1;
        if (i < line.size() && line[i] == ',') ++i;
      }
      if (!closed) {
        p.problems.push_back("labels not closed: " + line);
        continue;
      }
      labels_text = line.substr(open, i - open);
    }
    if (i >= line.size() || line[i] != ' ') {
      p.problems.push_back("no value: " + line);
      continue;
    }
    std::string value_text = line.substr(i + 1);
    if (const std::size_t sp = value_text.find(' '); sp != std::string::npos)
      value_text = value_text.substr(0, sp);  // a timestamp follows
    double value = 0;
    if (!parse_number(value_text, value)) p.problems.push_back("not a number: " + line);
    const std::string family = family_of(name, p.types);
    if (family.empty()) {
      p.problems.push_back("a sample of no TYPE'd family: " + line);
    } else if (family != current) {
      if (finished.count(family)) p.problems.push_back("the family's samples are apart: " + line);
      if (!current.empty()) finished.insert(current);
      current = family;
    }
    const std::string key = name + labels_text;
    if (p.samples.count(key)) p.problems.push_back("a sample given twice: " + line);
    p.samples[key] = value;
    if (!family.empty() && p.types[family] == "histogram") {
      const std::string series = family + "{" + labels_but_le + "}";
      if (name == family + "_bucket") {
        if (le.empty()) p.problems.push_back("a bucket without le: " + line);
        buckets[series].emplace_back(le, value);
      } else if (name == family + "_count") {
        counts[series] = value;
      }
    }
  }
  for (const auto& [series, list] : buckets) {
    double last = 0;
    double last_bound = -std::numeric_limits<double>::infinity();
    for (const auto& [le, n] : list) {
      double bound = 0;
      if (!parse_number(le, bound)) p.problems.push_back(series + ": a bad le " + le);
      if (bound <= last_bound) p.problems.push_back(series + ": bounds do not increase at " + le);
      if (n < last) p.problems.push_back(series + ": buckets are not cumulative at " + le);
      last = n;
      last_bound = bound;
    }
    if (list.empty() || list.back().first != "+Inf") {
      p.problems.push_back(series + ": no +Inf bucket last");
    } else if (!counts.count(series) || counts[series] != list.back().second) {
      p.problems.push_back(series + ": _count is not the +Inf bucket");
    }
  }
  return p;
}

}  // namespace naumachia::testing
