#pragma once
// The web client's files, compiled into the server (server/CMakeLists.txt
// embeds web/ and protobufjs from web/node_modules), and the answer to a plain
// HTTP request on the WebSocket's port: the server serves its own client, so
// a browser needs nothing but the server's address.
#include <string>
#include <string_view>
#include <vector>

namespace naumachia::server {

struct WebFile {
  std::string_view path;  // "/", "/app.js", ...
  std::string_view content_type;
  std::string_view body;
  std::string_view gzip;    // the body compressed at build time (web/build.mjs)
  std::string_view brotli;  // likewise
};

// Every file of the web client; empty when the server was built without it.
const std::vector<WebFile>& web_files();

struct WebAnswer {
  unsigned status = 200;  // 200, 304, 404, 405
  std::string_view content_type;
  std::string_view body;              // a file's embedded bytes, or a static message
  std::string_view content_encoding;  // "br", "gzip", or empty: body as it is
  std::string etag;                   // a file's: "\"<hash of its bytes>\"", one per encoding"
  bool head_only = false;  // HEAD: send the headers of a GET (with body's length), no body
};

// The answer to `method` `target` (a request line's parts). Only GET and
// HEAD are served; a query string is ignored; the path must name a file
// exactly (no directories, no ".."). A file whose ETag is `if_none_match`
// is answered 304: a browser revalidates on every load (no-cache) and
// downloads the files again only when the server's build changed them.
// The file is sent compressed when `accept_encoding` (the request's
// Accept-Encoding) accepts brotli or gzip, brotli first; every file answer
// varies by that header.
WebAnswer answer_http(std::string_view method, std::string_view target,
                      std::string_view if_none_match = {}, std::string_view accept_encoding = {});

// Whether an Accept-Encoding value accepts `coding` ("br", "gzip"): listed,
// or matched by "*", with a q-value above zero (RFC 9110 12.5.3).
bool accepts_encoding(std::string_view accept_encoding, std::string_view coding);

// Headers every answer carries: a content security policy that lets the page
// load only the server's own files and connect only back to the server.
const std::vector<std::pair<std::string_view, std::string_view>>& web_security_headers();

}  // namespace naumachia::server
