// The client's connection: its handling of a timed-out step.
#include <doctest/doctest.h>

#include "connection.h"
#include "server_process.h"

namespace nc = naumachia::client;
using naumachia::testing::ServerProcess;
using naumachia::testing::TempDir;
using ms = std::chrono::milliseconds;

// A handler that wrote into the finished call's stack is reported by
// AddressSanitizer (cmake -DNAUMACHIA_SANITIZE=ON) as stack-use-after-scope.
TEST_CASE("connection: a timed-out send leaves no handler pointing into its finished call") {
  TempDir dir;
  ServerProcess server(dir.path());
  nc::Connection c(server.url(), true);
  // With no time at all the write is still under way when the send gives up.
  CHECK_THROWS_WITH_AS(c.send_raw("first", true, ms(0)), "send: timed out", nc::ClientError);
  // A timed-out connection takes no more sends (a write may still be pending).
  CHECK_THROWS_WITH_AS(c.send_raw("second"), "the connection was closed: send timed out",
                       nc::ClientError);
  // Waiting for a frame runs the loop, which completes the abandoned write:
  // its handler must not write into the stack of the send that returned.
  CHECK_THROWS_WITH_AS(c.next_raw(ms(1000)), "the connection was closed: send timed out",
                       nc::ClientError);
}
