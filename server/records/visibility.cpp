#include "records/visibility.h"

#include <algorithm>

#include "convert.h"

namespace naumachia::server {

bool Viewer::may_read(const Audience& audience) const {
  if (everything || audience.is_public()) return true;
  return std::any_of(seats.begin(), seats.end(), [&](PlayerId p) { return audience.includes(p); });
}

bool Viewer::may_read(bool restricted,
                      const google::protobuf::RepeatedField<std::uint32_t>& audience) const {
  if (everything || !restricted) return true;
  return std::any_of(audience.begin(), audience.end(), [&](std::uint32_t s) {
    return std::find(seats.begin(), seats.end(), PlayerId{static_cast<int>(s)}) != seats.end();
  });
}

void to_proto(const std::vector<SeatOrders>& orders, const std::vector<Audience>& audiences,
              google::protobuf::RepeatedPtrField<proto::RevealedOrders>& out) {
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const SeatOrders& o = orders[i];
    proto::RevealedOrders& r = *out.Add();
    r.set_seat(static_cast<std::uint32_t>(o.seat));
    for (const std::string& l : o.lines) r.add_lines(l);
    r.set_nonce(hex(o.nonce));
    r.set_commitment(hex(commitment(o.nonce, o.lines)));
    r.set_defaulted(o.defaulted);
    if (i < audiences.size()) {
      bool restricted = false;
      convert::set_audience(audiences[i], restricted, *r.mutable_audience());
      r.set_restricted(restricted);
    }
  }
}

void cut_for(const Viewer& viewer,
             google::protobuf::RepeatedPtrField<proto::Happening>& happenings) {
  google::protobuf::RepeatedPtrField<proto::Happening> kept;
  for (proto::Happening& h : happenings) {
    if (viewer.may_read(h.restricted(), h.audience())) *kept.Add() = std::move(h);
  }
  happenings.Swap(&kept);
}

void cut_for(const Viewer& viewer,
             google::protobuf::RepeatedPtrField<proto::RevealedOrders>& orders) {
  for (proto::RevealedOrders& o : orders) {
    if (viewer.may_read(o.restricted(), o.audience())) continue;
    // The commitment was public when it was made; the lines and the nonce
    // (which would let a reader test guesses against it) are not.
    o.clear_lines();
    o.clear_nonce();
    o.set_withheld(true);
  }
}

RevealedLines readable_lines(const google::protobuf::RepeatedPtrField<proto::RevealedOrders>& cut) {
  RevealedLines out;
  for (const proto::RevealedOrders& o : cut) {
    if (o.withheld()) continue;
    auto& lines = out[PlayerId{static_cast<int>(o.seat())}];
    lines.insert(lines.end(), o.lines().begin(), o.lines().end());
  }
  return out;
}

proto::GameEvent visible_part(const proto::GameEvent& stored, const Viewer& viewer) {
  proto::GameEvent out = stored;
  if (out.has_resolved()) {
    cut_for(viewer, *out.mutable_resolved()->mutable_happenings());
    cut_for(viewer, *out.mutable_resolved()->mutable_orders());
  }
  return out;
}

bool may_read_press(const Viewer& viewer, const Audience& channel) {
  return viewer.may_read(channel);
}

bool may_read_press(const Viewer& viewer, const proto::PressMessage& message) {
  return viewer.may_read(message.restricted(), message.audience());
}

}  // namespace naumachia::server
