#include "core/records.h"

#include "core/text.h"

namespace naumachia::records {

std::string Record::where() const {
  return file_ + " line " + std::to_string(line_);
}

Unexpected<Error> Record::error(std::string_view why) const {
  return fail(where() + ": " + std::string(why));
}

bool Record::is(std::string_view keyword, std::size_t min, std::size_t max) const {
  return words_.front() == keyword && words_.size() >= min + 1 && words_.size() <= max + 1;
}

namespace {

Expected<int> whole_number(std::string_view w, int lo, int hi) {
  long long v = 0;
  if (!text::parse_int(w, v)) return fail("'" + std::string(w) + "' is not a whole number");
  if (v < lo || v > hi)
    return fail(std::string(w) + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
  return static_cast<int>(v);
}

}  // namespace

Expected<std::string_view> Record::expect(std::size_t i, std::string_view word) const {
  if (i < size() && (*this)[i] == word) return (*this)[i];
  return error("expected '" + std::string(word) + "' as field " + std::to_string(i) +
               (i < size() ? ", not '" + std::string((*this)[i]) + "'" : ""));
}

Expected<int> Record::integer(std::size_t i, int lo, int hi) const {
  if (i >= size()) return error("field " + std::to_string(i) + " is missing");
  auto v = whole_number((*this)[i], lo, hi);
  if (!v) return error(v.error().message);
  return *v;
}

Expected<std::vector<int>> Record::integers(std::size_t i, std::string_view separator,
                                            std::size_t count, int lo, int hi) const {
  if (i >= size()) return error("field " + std::to_string(i) + " is missing");
  const auto parts = text::split((*this)[i], separator);
  if (parts.size() != count)
    return error("'" + std::string((*this)[i]) + "' is not " + std::to_string(count) +
                 " numbers joined by '" + std::string(separator) + "'");
  std::vector<int> out;
  for (auto p : parts) {
    auto v = whole_number(p, lo, hi);
    if (!v) return error(v.error().message);
    out.push_back(*v);
  }
  return out;
}

Expected<hex::HexId> Record::hex(std::size_t i) const {
  if (i >= size()) return error("field " + std::to_string(i) + " is missing");
  const auto h = hex::parse_hex((*this)[i]);
  if (!h) return error("'" + std::string((*this)[i]) + "' is not a hex number");
  return *h;
}

Expected<hex::Dir> Record::dir(std::size_t i) const {
  if (i >= size()) return error("field " + std::to_string(i) + " is missing");
  const auto d = hex::parse_dir((*this)[i]);
  if (!d)
    return error("'" + std::string((*this)[i]) + "' is not a direction (N, NE, SE, S, SW, NW)");
  return *d;
}

Expected<bool> Record::flag(std::size_t i) const {
  auto v = integer(i, 0, 1);
  if (!v) return unexpected(v.error());
  return *v == 1;
}

Expected<std::int64_t> Record::step(std::size_t i) const {
  long long v = 0;
  if (i >= size() || !text::parse_int((*this)[i], v) || v < 1) return error("bad step");
  return static_cast<std::int64_t>(v);
}

std::string Record::rest(std::size_t words) const {
  std::string_view t = text_;
  for (std::size_t i = 0; i < words; ++i) {
    t = text::trim(t);
    const auto gap = t.find_first_of(" \t");
    t = gap == std::string_view::npos ? std::string_view{} : t.substr(gap);
  }
  return std::string(text::trim(t));
}

namespace {

// The records of `text_in`, each line's words given by `words` (an error
// stops the reading and names the line).
template <class Words>
Expected<std::vector<Record>> read_words(std::string_view text_in, std::string_view file,
                                         Words words) {
  std::vector<Record> out;
  int n = 0;
  std::string_view heading;
  for (std::string_view raw : text::lines(text_in)) {
    ++n;
    const std::string_view line = text::trim(raw.substr(0, raw.find('#')));
    Expected<std::vector<std::string_view>> split = words(line);
    if (!split)
      return fail(std::string(file) + " line " + std::to_string(n) + ": " + split.error().message);
    if (split->empty()) {
      const std::string_view t = text::trim(raw);
      heading = t.empty() ? std::string_view() : text::trim(t.substr(1));
      continue;
    }
    out.emplace_back(file, n, line, std::move(*split), heading);
    heading = {};
  }
  return out;
}

}  // namespace

std::vector<Record> read(std::string_view text_in, std::string_view file) {
  return read_words(text_in, file,
                    [](std::string_view line) {
                      return Expected<std::vector<std::string_view>>(text::split(line));
                    })
      .value();
}

Expected<std::vector<Record>> read_quoted(std::string_view text_in, std::string_view file) {
  return read_words(text_in, file, text::quoted_words);
}

}  // namespace naumachia::records
