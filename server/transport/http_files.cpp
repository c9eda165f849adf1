#include "transport/http_files.h"

#include <cstdint>

namespace naumachia::server {

namespace {

WebAnswer text(unsigned status, std::string_view body) {
  WebAnswer a;
  a.status = status;
  a.content_type = "text/plain; charset=utf-8";
  a.body = body;
  return a;
}

// FNV-1a over the bytes: a tag that changes when a file does.
std::string etag_of(std::string_view bytes) {
  std::uint64_t h = 14695981039346656037ULL;
  for (const unsigned char c : bytes) h = (h ^ c) * 1099511628211ULL;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (int shift = 60; shift >= 0; shift -= 4) out += kHex[(h >> shift) & 0xf];
  return out + "\"";
}

WebAnswer answer_get(std::string_view target, std::string_view if_none_match) {
  std::string_view path = target.substr(0, target.find_first_of("?#"));
  if (path == "/index.html") path = "/";
  const auto& files = web_files();
  if (files.empty()) {
    return text(404,
                "this server was built without its web client: node or web/node_modules was "
                "missing when it was configured (scripts/install-deps.sh installs them; then "
                "run cmake again and build). The command-line client `naumachia` plays every "
                "game.\n");
  }
  static const std::vector<std::string> tags = [&files] {
    std::vector<std::string> out;
    for (const WebFile& f : files) out.push_back(etag_of(f.body));
    return out;
  }();
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (files[i].path != path) continue;
    WebAnswer a;
    a.content_type = files[i].content_type;
    a.etag = tags[i];
    if (if_none_match == a.etag) {
      a.status = 304;
    } else {
      a.body = files[i].body;
    }
    return a;
  }
  return text(404, "no such file; the web client is at /\n");
}

}  // namespace

WebAnswer answer_http(std::string_view method, std::string_view target,
                      std::string_view if_none_match) {
  if (method != "GET" && method != "HEAD") {
    return text(405,
                "naumachia serves its web client with GET; games are played over the "
                "WebSocket on this port\n");
  }
  WebAnswer a = answer_get(target, if_none_match);
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
