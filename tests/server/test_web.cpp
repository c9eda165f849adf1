// The plain HTTP answers of the server's port (server/transport/http_files.h):
// the web client's files, and precise refusals for anything else.
#include <doctest/doctest.h>

#include "records/visibility.h"
#include "transport/http_files.h"

using naumachia::server::answer_http;
using naumachia::server::web_files;

TEST_CASE("the port serves the web client's files by GET and HEAD, nothing else") {
  REQUIRE_FALSE(web_files().empty());
  const auto index = answer_http("GET", "/");
  CHECK(index.status == 200);
  CHECK(index.content_type == "text/html; charset=utf-8");
  CHECK(index.body.find("<script src=\"/app.js\"") != std::string::npos);
  CHECK(answer_http("GET", "/index.html").body == index.body);
  // A query string or fragment does not change the file.
  CHECK(answer_http("GET", "/app.js?v=3").body == answer_http("GET", "/app.js").body);
  // Every file the page loads is served.
  for (const char* path : {"/app.js", "/board.js", "/orders.js", "/roster.js", "/deadlines.js",
                           "/lobby.js", "/proposals.js", "/offers.js", "/account.js", "/style.css",
                           "/protobuf.min.js", "/protocol.js"}) {
    CAPTURE(path);
    const auto a = answer_http("GET", path);
    CHECK(a.status == 200);
    CHECK(a.body.size() > 100);
  }
  const auto head = answer_http("HEAD", "/style.css");
  CHECK(head.head_only);
  CHECK(head.body.size() == answer_http("GET", "/style.css").body.size());

  // Only the files themselves: no directories, no way out of the list.
  for (const char* path : {"/../server/main.cpp", "/web/", "//app.js", "/App.js", "", "*"}) {
    CAPTURE(path);
    CHECK(answer_http("GET", path).status == 404);
  }
  const auto post = answer_http("POST", "/");
  CHECK(post.status == 405);
  CHECK(post.body.find("GET") != std::string::npos);
  CHECK(answer_http("DELETE", "/app.js").status == 405);
}

TEST_CASE("a picture's orders are only those the reader may read") {
  using naumachia::PlayerId;
  namespace server = naumachia::server;
  naumachia::proto::GameEvent e;
  auto& open = *e.mutable_resolved()->add_orders();
  open.set_seat(0);
  open.add_lines("A par - bur");
  auto& secret = *e.mutable_resolved()->add_orders();
  secret.set_seat(1);
  secret.add_lines("F lon - nth");
  secret.set_restricted(true);
  secret.add_audience(1);
  // Seat 0 reads its own orders and not seat 1's; seat 1 reads both.
  const auto seen0 = server::visible_part(e, server::Viewer{false, {PlayerId{0}}});
  const auto lines0 = server::readable_lines(seen0.resolved().orders());
  REQUIRE(lines0.size() == 1);
  CHECK(lines0.at(PlayerId{0}) == std::vector<std::string>{"A par - bur"});
  const auto seen1 = server::visible_part(e, server::Viewer{false, {PlayerId{1}}});
  CHECK(server::readable_lines(seen1.resolved().orders()).size() == 2);
  // An observer reads only the public ones.
  const auto observer = server::visible_part(e, server::Viewer{});
  CHECK(server::readable_lines(observer.resolved().orders()).count(PlayerId{1}) == 0);
}

TEST_CASE("a file's ETag lets a browser keep its copy: 304 when it matches") {
  const auto first = answer_http("GET", "/app.js");
  REQUIRE(first.status == 200);
  REQUIRE(first.etag.size() == 18);  // a quoted 64-bit hash
  const auto again = answer_http("GET", "/app.js", first.etag);
  CHECK(again.status == 304);
  CHECK(again.body.empty());
  CHECK(again.etag == first.etag);
  CHECK(answer_http("GET", "/app.js", "\"something else\"").status == 200);
  // Each file has its own.
  CHECK(answer_http("GET", "/style.css").etag != first.etag);
}
