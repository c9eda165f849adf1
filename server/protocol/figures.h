#pragma once
// The protocol's names for the server's figures (base/metrics.h): a request's
// kind is the number of the Envelope's body field that holds it, named as
// that field is ("submit_orders"); an error code by its ErrorCode name. Both
// come from the protocol's descriptors, so that a new request is counted
// under its own name without a list to keep.
#include <cstddef>
#include <string>

#include "base/metrics.h"
#include "naumachia.pb.h"

namespace naumachia::server {

// The kinds that are no request of the protocol.
inline constexpr std::size_t kNoRequest = 0;    // a frame that is not an envelope, or holds none
inline constexpr std::size_t kNotARequest = 1;  // an envelope holding a response or a push

// The kind of `request`: its body field's number when that holds a request
// (a message named ...Request), else one of the two above.
std::size_t request_kind(const proto::Envelope& request);

// The label values of every kind and error code.
const FigureNames& figure_names();

// The exposition of `f` (GET /metrics).
std::string exposition(const ServerFigures& f);

}  // namespace naumachia::server
