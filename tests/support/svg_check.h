#pragma once
// Reads an SVG picture as XML well enough to test it: every tag closed in
// order, attributes quoted, entities known; counts the elements and the
// values of their class attributes, and keeps the text of <text> and
// <title>. Not a general XML parser: no DTDs, CDATA or namespaces beyond
// the svg element's own attribute.
#include <map>
#include <string>
#include <vector>

namespace naumachia::testing {

struct SvgReading {
  std::string error;  // empty when the picture reads
  std::map<std::string, int> elements;
  std::map<std::string, int> classes;
  std::vector<std::string> texts;
  // Each font-size given, with the class of the element giving it ("" none).
  std::vector<std::pair<std::string, double>> font_sizes;
  std::vector<std::string> data_tokens;  // the data-token of every counter
  int with_class(const std::string& c) const {
    const auto it = classes.find(c);
    return it == classes.end() ? 0 : it->second;
  }
  int named(const std::string& e) const {
    const auto it = elements.find(e);
    return it == elements.end() ? 0 : it->second;
  }
  bool has_text(const std::string& part) const {
    for (const auto& t : texts) {
      if (t.find(part) != std::string::npos) return true;
    }
    return false;
  }
};

inline SvgReading read_svg(const std::string& doc) {
  SvgReading r;
  std::vector<std::string> open;
  std::size_t i = 0;
  const auto fail = [&](const std::string& why) {
    r.error = why + " at byte " + std::to_string(i);
    return r;
  };
  if (doc.rfind("<?xml", 0) == 0) {
    i = doc.find("?>");
    if (i == std::string::npos) return fail("unterminated XML declaration");
    i += 2;
  }
  std::string text;
  bool root_seen = false;
  while (i < doc.size()) {
    if (doc[i] != '<') {
      if (doc[i] == '&') {
        const auto semi = doc.find(';', i);
        const std::string ent = semi == std::string::npos ? "" : doc.substr(i, semi - i + 1);
        if (ent != "&amp;" && ent != "&lt;" && ent != "&gt;" && ent != "&quot;" && ent != "&apos;")
          return fail("unknown entity");
        text += ent == "&amp;" ? "&" : ent == "&lt;" ? "<" : ent == "&gt;" ? ">" : "\"";
        i = semi + 1;
        continue;
      }
      if (open.empty() && doc[i] != '\n' && doc[i] != ' ') return fail("text outside the root");
      text += doc[i++];
      continue;
    }
    const auto end = doc.find('>', i);
    if (end == std::string::npos) return fail("unterminated tag");
    std::string tag = doc.substr(i + 1, end - i - 1);
    i = end + 1;
    if (tag.empty()) return fail("empty tag");
    if (tag[0] == '/') {
      const std::string name = tag.substr(1);
      if (open.empty() || open.back() != name) return fail("</" + name + "> closes nothing open");
      if (name == "text" || name == "title") r.texts.push_back(text);
      open.pop_back();
      text.clear();
      continue;
    }
    const bool self_closing = tag.back() == '/';
    if (self_closing) tag.pop_back();
    const std::string name = tag.substr(0, tag.find_first_of(" \n\t"));
    if (name.empty()) return fail("a tag without a name");
    if (open.empty()) {
      if (root_seen || name != "svg") return fail("the root is not one svg element");
      root_seen = true;
    }
    ++r.elements[name];
    // Attributes: name="value" pairs, every value quoted.
    std::size_t k = name.size();
    std::string element_class, font_size;
    while (k < tag.size()) {
      while (k < tag.size() && (tag[k] == ' ' || tag[k] == '\n' || tag[k] == '\t')) ++k;
      if (k >= tag.size()) break;
      const auto eq = tag.find('=', k);
      if (eq == std::string::npos || eq + 1 >= tag.size() || tag[eq + 1] != '"')
        return fail("an unquoted attribute in <" + name + ">");
      const auto close = tag.find('"', eq + 2);
      if (close == std::string::npos) return fail("an unterminated attribute in <" + name + ">");
      const std::string attr = tag.substr(k, eq - k);
      const std::string value = tag.substr(eq + 2, close - eq - 2);
      if (attr == "class") {
        ++r.classes[value];
        element_class = value;
      }
      if (attr == "font-size") font_size = value;
      if (attr == "data-token") r.data_tokens.push_back(value);
      k = close + 1;
    }
    if (!font_size.empty()) r.font_sizes.emplace_back(element_class, std::stod(font_size));
    if (!self_closing) open.push_back(name);
    text.clear();
  }
  if (!open.empty()) return fail("<" + open.back() + "> is never closed");
  if (!root_seen) return fail("no svg element");
  return r;
}

}  // namespace naumachia::testing
