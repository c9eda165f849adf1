#pragma once
// Text helpers for the order and data parsers of the game modules.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace naumachia::text {

std::string_view trim(std::string_view s);
std::string lower(std::string_view s);
std::string upper(std::string_view s);
// Splits on any run of the given separators; no empty pieces.
std::vector<std::string_view> split(std::string_view s, std::string_view separators = " \t");
// Splits on blanks, a "quoted name" being one word (the quotes removed, the
// blanks inside them at either end trimmed): 'stack 1 0 "the British fleet"'
// gives four words. A quote left open, an empty name, a quote inside a word or
// a word run on after a closing quote is an error.
Expected<std::vector<std::string_view>> quoted_words(std::string_view s);
// Splits into lines (\n or \r\n), keeping empty lines so that line numbers hold.
std::vector<std::string_view> lines(std::string_view s);
bool parse_int(std::string_view s, long long& out);
std::string join(const std::vector<std::string>& parts, std::string_view sep);
// The entries of `known` nearest to `word` by edit distance (case aside; a
// name the word begins counts as one edit), at most `most` of them and none
// further than a third of the word's length (at least 2, at most 3, and
// fewer than its letters) away,
// nearest first and, at one distance, those of about the word's length: the
// suggestions for an unknown name.
std::vector<std::string> nearest(std::string_view word, const std::vector<std::string>& known,
                                 std::size_t most = 3);
// " (did you mean a, b or c?)" with the entries of `known` nearest to an
// unknown `word`, or "" when none is near: the end of its error message.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& known);
// The die rolls 1 to n as a result needs them: "1" for 1, "1-3" for 3.
std::string one_to(int n);
// The words as a list in prose, the last two joined by `last` ("and",
// "or"): "a", "a or b", "a, b or c"; "" for none.
std::string listed(const std::vector<std::string>& words, std::string_view last);
// A possibly empty text as one word of a position's serialisation ("-" when
// empty), and back.
inline std::string word(const std::string& s) {
  return s.empty() ? "-" : s;
}
inline std::string unword(std::string_view w) {
  return w == "-" ? std::string() : std::string(w);
}
// An order line "PIECE: the rest" split at its first colon: the piece
// (upper-cased) and the rest, both trimmed. `example` shows the form in the
// error for a line without a colon, which cites `notation` (notation_cite).
Expected<std::pair<std::string, std::string>> split_order(std::string_view line,
                                                          std::string_view example,
                                                          std::string_view notation);

// A refusal of how an order is written, not of a rule of the game, cites the
// document that defines the notation instead of a case: "(notation:
// docs/rules/tyre.md)". `doc` is that document's path.
std::string notation_cite(std::string_view doc);

}  // namespace naumachia::text
