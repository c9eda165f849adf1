#pragma once
// The one reader of the modules' line-oriented data files (maps, tables,
// orders of battle, scenarios): one record per line, words separated by
// blanks, '#' to the end of the line a comment. Every field is read through a
// typed accessor that names the file, the line and the field when it is
// wrong, so a mistake in the data is an error at load time, never a silent
// default.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/hex.h"
#include "core/result.h"

namespace naumachia::records {

class Record {
 public:
  Record(std::string_view file, int line, std::string_view text,
         std::vector<std::string_view> words, std::string_view heading)
      : file_(file), line_(line), text_(text), words_(std::move(words)), heading_(heading) {}

  std::string_view keyword() const { return words_.front(); }
  std::size_t size() const { return words_.size(); }
  std::string_view operator[](std::size_t i) const { return words_.at(i); }
  const std::vector<std::string_view>& words() const { return words_; }
  int line() const { return line_; }
  // The whole line, comment and outer blanks removed.
  std::string_view text() const { return text_; }
  // The comment line just above this record ("# 6.A.1 MOVING ..." gives
  // "6.A.1 MOVING ..."), if the previous line is a comment-only line.
  std::string_view heading() const { return heading_; }

  // "naval tables line 12"
  std::string where() const;
  // An error naming this record: "naval tables line 12: why".
  Unexpected<Error> error(std::string_view why) const;

  // The record is `keyword` followed by between `min` and `max` fields.
  bool is(std::string_view keyword, std::size_t min, std::size_t max) const;
  bool is(std::string_view keyword, std::size_t fields) const {
    return is(keyword, fields, fields);
  }

  // Field i as a string of its own (a name, an id).
  std::string word(std::size_t i) const { return std::string(words_.at(i)); }
  // Field i, which must be `word` (a keyword inside a record: the 'damage' of
  // 'crt 3-1 4 damage 20 morale 0.5'); otherwise an error naming both.
  Expected<std::string_view> expect(std::size_t i, std::string_view word) const;
  // Field i as a whole number in [lo, hi].
  Expected<int> integer(std::size_t i, int lo, int hi) const;
  // Field i as `count` whole numbers joined by `separator` ("3-2-4"), each in [lo, hi].
  Expected<std::vector<int>> integers(std::size_t i, std::string_view separator, std::size_t count,
                                      int lo, int hi) const;
  Expected<hex::HexId> hex(std::size_t i) const;
  Expected<hex::Dir> dir(std::size_t i) const;
  // Field i as a flag written 0 or 1.
  Expected<bool> flag(std::size_t i) const;
  // Field i as a stored position's step number, 1 or more ("...: bad step").
  Expected<std::int64_t> step(std::size_t i) const;
  // Field i as `read(record, i)` reads it, or nullopt when it is "-" (the
  // empty word, text::word): `r.optional(1, &Record::dir)`.
  template <class Read>
  auto optional(std::size_t i, Read read) const
      -> Expected<std::optional<std::remove_cvref_t<decltype(*std::invoke(read, *this, i))>>> {
    using Value = std::remove_cvref_t<decltype(*std::invoke(read, *this, i))>;
    if (i < size() && (*this)[i] == "-") return std::optional<Value>{};
    auto v = std::invoke(read, *this, i);
    if (!v) return unexpected(v.error());
    return std::optional<Value>{std::move(*v)};
  }
  // The text after the first `words` words, for a last field that may hold
  // blanks (a name, a result): "commander C1 0 3 1 A 0 Gaius Duilius".
  std::string rest(std::size_t words) const;

  // Field i as one of the named values; otherwise an error listing them.
  template <class T>
  Expected<T> choice(std::size_t i, std::string_view what,
                     std::initializer_list<std::pair<std::string_view, T>> options) const {
    std::string names;
    for (const auto& [name, value] : options) {
      if ((*this)[i] == name) return value;
      names += (names.empty() ? "" : ", ") + std::string(name);
    }
    return error("unknown " + std::string(what) + " '" + std::string((*this)[i]) + "' (one of " +
                 names + ")");
  }

 private:
  std::string file_;
  int line_;
  std::string_view text_;
  std::vector<std::string_view> words_;
  std::string_view heading_;
};

// Reads many fields of a record into their places, keeping the first error:
// `take(record.integer(3, 0, 9), x)` for each, then `error()`.
class Fields {
 public:
  template <class T, class U>
  void take(const Expected<T>& e, U& into) {
    if (!e) {
      if (!error_) error_ = e.error();
    } else {
      into = *e;
    }
  }
  // A field that must be right but gives no value to keep (Record::expect).
  template <class T>
  void need(const Expected<T>& e) {
    if (!e && !error_) error_ = e.error();
  }
  const std::optional<Error>& error() const { return error_; }

 private:
  std::optional<Error> error_;
};

// The records of `text`, skipping blank and comment-only lines; `file` names
// the data in errors. The records point into `text`.
std::vector<Record> read(std::string_view text, std::string_view file);
// As read(), a "quoted name" being one word (text::quoted_words), for data
// with names that hold blanks; a malformed quote is an error naming its line.
Expected<std::vector<Record>> read_quoted(std::string_view text, std::string_view file);

}  // namespace naumachia::records
