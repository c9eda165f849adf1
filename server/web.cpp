#include "web.h"

namespace naumachia::server {

namespace {

WebAnswer text(unsigned status, std::string body) {
  WebAnswer a;
  a.status = status;
  a.content_type = "text/plain; charset=utf-8";
  a.body = std::move(body);
  return a;
}

WebAnswer answer_get(std::string_view target) {
  std::string_view path = target.substr(0, target.find_first_of("?#"));
  if (path == "/index.html") path = "/";
  const auto& files = web_files();
  if (files.empty()) {
    return text(404,
                "this server was built without its web client: web/node_modules was missing "
                "(scripts/install-deps.sh installs it; then build again). The command-line "
                "client `naumachia` plays every game.\n");
  }
  for (const WebFile& f : files) {
    if (f.path != path) continue;
    WebAnswer a;
    a.content_type = f.content_type;
    a.body.assign(f.body);
    return a;
  }
  return text(404, "no such file; the web client is at /\n");
}

}  // namespace

WebAnswer answer_http(std::string_view method, std::string_view target) {
  if (method != "GET" && method != "HEAD") {
    return text(405,
                "naumachia serves its web client with GET; games are played over the "
                "WebSocket on this port\n");
  }
  WebAnswer a = answer_get(target);
  a.head_only = method == "HEAD";
  return a;
}

const std::vector<std::pair<std::string_view, std::string_view>>& web_security_headers() {
  // The board pictures are shown as images (scripts in an image never run);
  // the page's script and style are files of its own, never inline.
  static const std::vector<std::pair<std::string_view, std::string_view>> headers{
      {"Content-Security-Policy",
       "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "no-referrer"},
      {"Cache-Control", "no-cache"},
  };
  return headers;
}

}  // namespace naumachia::server
