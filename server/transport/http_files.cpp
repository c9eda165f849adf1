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

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool same_token(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// The q-value of one Accept-Encoding element ("gzip;q=0.5"): 1 without one,
// 0 for "q=0", "q=0.0", "q=0.000".
bool weight_is_zero(std::string_view params) {
  while (!params.empty()) {
    const std::size_t semi = params.find(';');
    const std::string_view param = trim(params.substr(0, semi));
    params = semi == std::string_view::npos ? std::string_view{} : params.substr(semi + 1);
    if (param.size() < 2 || (param[0] != 'q' && param[0] != 'Q') || param[1] != '=') continue;
    const std::string_view q = trim(param.substr(2));
    return !q.empty() && q.find_first_not_of("0.") == std::string_view::npos;
  }
  return false;
}

struct Representation {
  std::string_view body;
  std::string_view encoding;
  std::string_view tag_suffix;
};

Representation representation(const WebFile& f, std::string_view accept_encoding) {
  if (!f.brotli.empty() && accepts_encoding(accept_encoding, "br")) return {f.brotli, "br", "-br"};
  if (!f.gzip.empty() && accepts_encoding(accept_encoding, "gzip")) {
    return {f.gzip, "gzip", "-gz"};
  }
  return {f.body, {}, {}};
}

WebAnswer answer_get(std::string_view target, std::string_view if_none_match,
                     std::string_view accept_encoding) {
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
    // The ETag names the bytes sent: one per encoding, the same hash.
    const Representation r = representation(files[i], accept_encoding);
    WebAnswer a;
    a.content_type = files[i].content_type;
    a.content_encoding = r.encoding;
    a.etag = tags[i];
    a.etag.insert(a.etag.size() - 1, r.tag_suffix);
    if (if_none_match == a.etag) {
      a.status = 304;
    } else {
      a.body = r.body;
    }
    return a;
  }
  return text(404, "no such file; the web client is at /\n");
}

}  // namespace

bool accepts_encoding(std::string_view accept_encoding, std::string_view coding) {
  bool by_name = false, by_name_refused = false, by_star = false;
  while (!accept_encoding.empty()) {
    const std::size_t comma = accept_encoding.find(',');
    const std::string_view element = accept_encoding.substr(0, comma);
    accept_encoding =
        comma == std::string_view::npos ? std::string_view{} : accept_encoding.substr(comma + 1);
    const std::size_t semi = element.find(';');
    const std::string_view name = trim(element.substr(0, semi));
    const bool refused = semi != std::string_view::npos && weight_is_zero(element.substr(semi + 1));
    if (same_token(name, coding)) {
      by_name = !refused;
      by_name_refused = refused;
    } else if (name == "*") {
      by_star = !refused;
    }
  }
  return by_name || (by_star && !by_name_refused);
}

WebAnswer answer_http(std::string_view method, std::string_view target,
                      std::string_view if_none_match, std::string_view accept_encoding) {
  if (method != "GET" && method != "HEAD") {
    return text(405,
                "naumachia serves its web client with GET; games are played over the "
                "WebSocket on this port\n");
  }
  WebAnswer a = answer_get(target, if_none_match, accept_encoding);
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
