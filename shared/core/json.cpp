#include "core/json.h"

#include <cstdlib>

namespace naumachia::json {

const Value& Value::operator[](const std::string& key) const {
  static const Value kNull;
  const auto it = object_.find(key);
  return it == object_.end() ? kNull : it->second;
}

class Parser {
 public:
  explicit Parser(std::string_view t) : t_(t) {}

  bool value(Value& v, int depth) {
    if (depth > 64) return error("nesting too deep");
    skip();
    if (i_ >= t_.size()) return error("unexpected end");
    const char c = t_[i_];
    if (c == '{') return object(v, depth);
    if (c == '[') return array(v, depth);
    if (c == '"') {
      v.kind_ = Value::Kind::String;
      return string(v.string_);
    }
    if (literal("true")) {
      v.kind_ = Value::Kind::Bool;
      v.bool_ = true;
      return true;
    }
    if (literal("false")) {
      v.kind_ = Value::Kind::Bool;
      return true;
    }
    if (literal("null")) return true;
    return number(v);
  }

  bool at_end() {
    skip();
    return i_ == t_.size();
  }
  std::string message() const { return message_ + " at byte " + std::to_string(i_); }

 private:
  void skip() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\r' || t_[i_] == '\t'))
      ++i_;
  }
  bool error(std::string m) {
    message_ = std::move(m);
    return false;
  }
  bool literal(std::string_view word) {
    if (t_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    return true;
  }
  bool expect(char c) {
    skip();
    if (i_ < t_.size() && t_[i_] == c) {
      ++i_;
      return true;
    }
    return error(std::string("expected '") + c + "'");
  }
  bool number(Value& v) {
    const std::string rest(t_.substr(i_, 64));
    char* end = nullptr;
    v.number_ = std::strtod(rest.c_str(), &end);
    if (end == rest.c_str()) return error("unexpected character");
    v.kind_ = Value::Kind::Number;
    i_ += static_cast<std::size_t>(end - rest.c_str());
    return true;
  }
  bool string(std::string& out) {
    ++i_;  // opening quote
    while (i_ < t_.size() && t_[i_] != '"') {
      char c = t_[i_++];
      if (c == '\\') {
        if (i_ >= t_.size()) break;
        const char e = t_[i_++];
        switch (e) {
          case 'n':
            c = '\n';
            break;
          case 't':
            c = '\t';
            break;
          case 'r':
            c = '\r';
            break;
          case 'b':
            c = '\b';
            break;
          case 'f':
            c = '\f';
            break;
          case 'u': {
            if (i_ + 4 > t_.size()) return error("bad \\u escape");
            const unsigned long cp =
                std::strtoul(std::string(t_.substr(i_, 4)).c_str(), nullptr, 16);
            i_ += 4;
            if (cp < 0x80) {
              c = static_cast<char>(cp);
            } else if (cp < 0x800) {
              out += static_cast<char>(0xC0 | (cp >> 6));
              c = static_cast<char>(0x80 | (cp & 0x3F));
            } else {
              out += static_cast<char>(0xE0 | (cp >> 12));
              out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
              c = static_cast<char>(0x80 | (cp & 0x3F));
            }
            break;
          }
          default:
            c = e;
        }
      }
      out += c;
    }
    if (i_ >= t_.size()) return error("unterminated string");
    ++i_;
    return true;
  }
  bool array(Value& v, int depth) {
    v.kind_ = Value::Kind::Array;
    ++i_;
    skip();
    if (i_ < t_.size() && t_[i_] == ']') {
      ++i_;
      return true;
    }
    for (;;) {
      Value item;
      if (!value(item, depth + 1)) return false;
      v.array_.push_back(std::move(item));
      skip();
      if (i_ < t_.size() && t_[i_] == ',') {
        ++i_;
        continue;
      }
      return expect(']');
    }
  }
  bool object(Value& v, int depth) {
    v.kind_ = Value::Kind::Object;
    ++i_;
    skip();
    if (i_ < t_.size() && t_[i_] == '}') {
      ++i_;
      return true;
    }
    for (;;) {
      skip();
      if (i_ >= t_.size() || t_[i_] != '"') return error("expected a member name");
      std::string key;
      if (!string(key) || !expect(':')) return false;
      Value item;
      if (!value(item, depth + 1)) return false;
      v.object_[key] = std::move(item);
      skip();
      if (i_ < t_.size() && t_[i_] == ',') {
        ++i_;
        continue;
      }
      return expect('}');
    }
  }

  std::string_view t_;
  std::size_t i_ = 0;
  std::string message_;
};

Expected<Value> parse(std::string_view text) {
  Parser p(text);
  Value v;
  if (!p.value(v, 0)) return fail("JSON: " + p.message());
  if (!p.at_end()) return fail("JSON: trailing characters");
  return v;
}

}  // namespace naumachia::json
