#include "protocol/figures.h"

#include <google/protobuf/descriptor.h>

#include <array>

namespace naumachia::server {

namespace {

// Which body fields hold a request, by number: the message types the
// protocol names ...Request.
const std::array<bool, kRequestKinds>& request_fields() {
  static const std::array<bool, kRequestKinds> fields = [] {
    std::array<bool, kRequestKinds> out{};
    const auto* body = proto::Envelope::descriptor()->FindOneofByName("body");
    for (int i = 0; body && i < body->field_count(); ++i) {
      const auto* f = body->field(i);
      const auto n = static_cast<std::size_t>(f->number());
      const std::string& type = f->message_type() ? f->message_type()->name() : std::string();
      const bool request = type.size() > 7 && type.compare(type.size() - 7, 7, "Request") == 0;
      if (request && n < kRequestKinds && n != kNoRequest && n != kNotARequest) out[n] = true;
    }
    return out;
  }();
  return fields;
}

}  // namespace

std::size_t request_kind(const proto::Envelope& request) {
  const auto n = static_cast<std::size_t>(request.body_case());
  if (n == 0) return kNoRequest;
  return n < kRequestKinds && request_fields()[n] ? n : kNotARequest;
}

const FigureNames& figure_names() {
  static const FigureNames names = [] {
    FigureNames out;
    out.kinds.resize(kRequestKinds);
    out.kinds[kNoRequest] = "none";
    out.kinds[kNotARequest] = "other";
    const auto* envelope = proto::Envelope::descriptor();
    for (std::size_t n = 0; n < kRequestKinds; ++n) {
      if (!request_fields()[n]) continue;
      out.kinds[n] = envelope->FindFieldByNumber(static_cast<int>(n))->name();
    }
    out.codes.resize(kErrorCodes);
    const auto* codes = proto::ErrorCode_descriptor();
    for (int i = 0; i < codes->value_count(); ++i) {
      const auto n = static_cast<std::size_t>(codes->value(i)->number());
      if (n < kErrorCodes) out.codes[n] = codes->value(i)->name();
    }
    return out;
  }();
  return names;
}

std::string exposition(const ServerFigures& f) {
  return exposition(f, figure_names());
}

}  // namespace naumachia::server
