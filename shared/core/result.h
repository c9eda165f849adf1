#pragma once
// A value or an error, for everything that judges untrusted input (orders,
// scenario data, serialised states). Invariants inside the engine are asserts.
#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace naumachia {

struct Error {
  std::string message;
};

template <class E>
struct Unexpected {
  E error;
};

template <class E>
Unexpected<E> unexpected(E e) {
  return Unexpected<E>{std::move(e)};
}

inline Unexpected<Error> fail(std::string message) {
  return {Error{std::move(message)}};
}

template <class T, class E = Error>
class Expected {
 public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Expected(Unexpected<E> e) : v_(std::in_place_index<1>, std::move(e.error)) {}

  bool has_value() const { return v_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T& value() & {
    assert(has_value());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(has_value());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(has_value());
    return std::get<0>(std::move(v_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const E& error() const& {
    assert(!has_value());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, E> v_;
};

}  // namespace naumachia
