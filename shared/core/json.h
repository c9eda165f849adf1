#pragma once
// A small JSON reader for scenario data compiled into the engine. Data files are
// trusted build inputs, but a malformed one still yields an error, not a crash.
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace naumachia::json {

class Value {
 public:
  enum class Kind { Null, Bool, Number, String, Array, Object };

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::Null; }
  bool boolean() const { return bool_; }
  double number() const { return number_; }
  const std::string& string() const { return string_; }
  const std::vector<Value>& array() const { return array_; }
  const std::map<std::string, Value>& object() const { return object_; }
  // Member access on objects; a shared null Value when absent.
  const Value& operator[](const std::string& key) const;
  bool has(const std::string& key) const { return object_.count(key) > 0; }

 private:
  friend class Parser;
  Kind kind_ = Kind::Null;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<Value> array_;
  std::map<std::string, Value> object_;
};

Expected<Value> parse(std::string_view text);

}  // namespace naumachia::json
