// The layer that gathers a connection's queued frames into one write
// (transport/gathered_writes.h), between a WebSocket and an in-memory stream
// that counts the writes it is given.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <boost/beast/_experimental/test/stream.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "transport/gathered_writes.h"

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using naumachia::server::GatheredWrites;

// A server's WebSocket over the layer, and a client's over a plain stream,
// connected and past their handshake.
struct Pair {
  net::io_context ioc;
  websocket::stream<GatheredWrites<beast::test::stream>> server{ioc};
  websocket::stream<beast::test::stream> client{ioc};
  std::shared_ptr<int> owner = std::make_shared<int>(0);  // what the layer keeps alive

  Pair() {
    client.next_layer().connect(below());
    server.next_layer().keep_alive(owner);
    server.async_accept([](beast::error_code ec) { REQUIRE(!ec); });
    client.async_handshake("localhost", "/", [](beast::error_code ec) { REQUIRE(!ec); });
    ioc.run();
    ioc.restart();
    server.binary(true);
  }

  beast::test::stream& below() { return server.next_layer().next_layer(); }

  // Writes `frames` one after another, as a session does, corked while more
  // than one waits; the client reads them all. The frames the client read.
  std::vector<std::string> send(const std::vector<std::string>& frames) {
    std::function<void(std::size_t)> write_from = [&](std::size_t i) {
      if (frames.size() - i > 1) server.next_layer().cork();
      server.async_write(net::buffer(frames[i]), [&, i](beast::error_code ec, std::size_t) {
        REQUIRE(!ec);
        if (i + 1 < frames.size()) {
          write_from(i + 1);
        } else {
          server.next_layer().uncork();
        }
      });
    };
    std::vector<std::string> got;
    beast::flat_buffer buffer;
    std::function<void()> read_one = [&] {
      client.async_read(buffer, [&](beast::error_code ec, std::size_t) {
        REQUIRE(!ec);
        got.push_back(beast::buffers_to_string(buffer.data()));
        buffer.consume(buffer.size());
        if (got.size() < frames.size()) read_one();
      });
    };
    write_from(0);
    read_one();
    ioc.run();
    ioc.restart();
    return got;
  }
};

}  // namespace

TEST_CASE("gathered writes: frames queued together reach the stream below in one write, in order") {
  Pair p;
  const std::size_t before = p.below().nwrite();
  const std::vector<std::string> frames = {"one", "two frames", std::string(300, 'x'), "four"};
  CHECK(p.send(frames) == frames);
  CHECK(p.below().nwrite() == before + 1);
}

TEST_CASE("gathered writes: a lone frame passes straight through") {
  Pair p;
  const std::size_t before = p.below().nwrite();
  CHECK(p.send({"alone"}) == std::vector<std::string>{"alone"});
  CHECK(p.send({"alone again"}) == std::vector<std::string>{"alone again"});
  CHECK(p.below().nwrite() == before + 2);
}

TEST_CASE(
    "gathered writes: past the room a write waits for the bytes before it, and every frame "
    "arrives whole") {
  Pair p;
  const std::size_t room = GatheredWrites<beast::test::stream>::kRoom;
  const std::vector<std::string> frames = {"small", std::string(room + 1000, 'a'), "between",
                                           std::string(2 * room, 'b'), "last"};
  CHECK(p.send(frames) == frames);
}

TEST_CASE("gathered writes: a close goes out after what was gathered, and ends the stream below") {
  Pair p;
  bool closed = false;
  const std::string frame = "before the close";
  p.server.next_layer().cork();
  p.server.async_write(net::buffer(frame), [&](beast::error_code ec, std::size_t) {
    REQUIRE(!ec);
    // The close frame is gathered behind the frame; then both go.
    p.server.async_close(websocket::close_code::normal, [&](beast::error_code cec) {
      CHECK(!cec);
      closed = true;
    });
    p.server.next_layer().uncork();
  });
  beast::flat_buffer buffer;
  std::string first;
  beast::error_code second;
  p.client.async_read(buffer, [&](beast::error_code ec, std::size_t) {
    REQUIRE(!ec);
    first = beast::buffers_to_string(buffer.data());
    buffer.consume(buffer.size());
    p.client.async_read(buffer, [&](beast::error_code ec2, std::size_t) { second = ec2; });
  });
  p.ioc.run();
  CHECK(first == "before the close");
  CHECK(second == websocket::error::closed);
  CHECK(closed);
}
