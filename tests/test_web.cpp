// The plain HTTP answers of the server's port (server/web.h): the web
// client's files, and precise refusals for anything else.
#include <doctest/doctest.h>

#include "web.h"

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
  for (const char* path : {"/app.js", "/style.css", "/protobuf.min.js", "/protocol.js"}) {
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
