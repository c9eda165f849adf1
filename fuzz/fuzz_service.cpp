// Protocol frames against the server's request path: decode_request, then
// Service::handle on a real database (service_world.h), as the network layer
// hands frames in. Promises checked besides "no crash, no sanitizer report":
// every request gets exactly one answer, with its request id, and never an
// internal error; every frame the service sends is an Envelope.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "service_world.h"

namespace {

// Removed at exit, with its directory.
std::unique_ptr<naumachia::fuzz::World> world;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  world = std::make_unique<naumachia::fuzz::World>();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  world->run(naumachia::fuzz::read_ops(data, size));
  return 0;
}
