#include "notices/formats.h"

#include <arpa/inet.h>
#include <curl/curl.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <ctime>
#include <memory>

#include "base/time.h"

namespace naumachia::server {

namespace {

bool ascii_printable(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x20 && u < 0x7f;
  });
}

// A header's text on one line: CR and LF (which would start a header of the
// sender's choosing) become spaces; non-ASCII text is RFC 2047 encoded.
std::string header_text(std::string s) {
  std::replace_if(
      s.begin(), s.end(), [](char c) { return c == '\r' || c == '\n'; }, ' ');
  if (ascii_printable(s)) return s;
  return "=?UTF-8?B?" + base64(s) + "?=";
}

// An address inside angle brackets: nothing that ends it or a line.
std::string bracketed(const std::string& address) {
  std::string out;
  for (char c : address) {
    if (c != '<' && c != '>' && c != '\r' && c != '\n') out += c;
  }
  return "<" + out + ">";
}

// Cuts `s` to at most `limit` bytes without splitting a UTF-8 sequence.
std::string cut_utf8(const std::string& s, std::size_t limit) {
  if (s.size() <= limit) return s;
  std::size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xc0) == 0x80) --end;
  return s.substr(0, end);
}

struct UrlFree {
  void operator()(CURLU* u) const { curl_url_cleanup(u); }
};
struct CurlText {
  void operator()(char* p) const { curl_free(p); }
};

std::optional<std::string> url_part(CURLU* u, CURLUPart part) {
  char* raw = nullptr;
  if (curl_url_get(u, part, &raw, 0) != CURLUE_OK || raw == nullptr) return std::nullopt;
  std::unique_ptr<char, CurlText> held(raw);
  return std::string(raw);
}

}  // namespace

std::string format_text(WebhookFormat f) {
  switch (f) {
    case WebhookFormat::Discord:
      return "discord";
    case WebhookFormat::Slack:
      return "slack";
    case WebhookFormat::Json:
      break;
  }
  return "json";
}

std::optional<WebhookFormat> webhook_format(const std::string& text) {
  if (text == "json" || text.empty()) return WebhookFormat::Json;
  if (text == "discord") return WebhookFormat::Discord;
  if (text == "slack") return WebhookFormat::Slack;
  return std::nullopt;
}

std::string unsubscribe_link(const std::string& server_url, const std::string& token) {
  std::string page = server_url;
  if (page.rfind("wss://", 0) == 0)
    page = "https://" + page.substr(6);
  else if (page.rfind("ws://", 0) == 0)
    page = "http://" + page.substr(5);
  while (!page.empty() && page.back() == '/') page.pop_back();
  return page + "/#unsubscribe=" + token;
}

std::string unsubscribe_text(const std::string& server_url, const std::string& token,
                             NotifyChannel channel) {
  return "To stop these notices, open " + unsubscribe_link(server_url, token) +
         " or run: naumachia --server " + server_url + " unsubscribe " + token +
         " (or, signed in: naumachia notify remove " + channel_text(channel) +
         "; naumachia notify shows what you hear about).";
}

std::string base64(const std::string& bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const auto n = (static_cast<unsigned char>(bytes[i]) << 16) |
                   (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                   static_cast<unsigned char>(bytes[i + 2]);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += kAlphabet[(n >> 6) & 63];
    out += kAlphabet[n & 63];
  }
  if (i < bytes.size()) {
    const bool two = i + 1 < bytes.size();
    const auto n = (static_cast<unsigned char>(bytes[i]) << 16) |
                   (two ? static_cast<unsigned char>(bytes[i + 1]) << 8 : 0);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += two ? kAlphabet[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::string mail_message(const std::string& from, const std::string& to, const std::string& subject,
                         const std::string& text, const std::string& message_id, std::int64_t now) {
  const std::string date = utc_format(now, "%a, %d %b %Y %H:%M:%S +0000");
  std::string out;
  out += "From: naumachia " + bracketed(from) + "\r\n";
  out += "To: " + bracketed(to) + "\r\n";
  out += "Subject: " + header_text(subject) + "\r\n";
  out += "Date: " + date + "\r\n";
  out += "Message-ID: " + bracketed(message_id) + "\r\n";
  out += "Auto-Submitted: auto-generated\r\n";
  out += "MIME-Version: 1.0\r\n";
  out += "Content-Type: text/plain; charset=utf-8\r\n";
  out += "Content-Transfer-Encoding: base64\r\n\r\n";
  const std::string encoded = base64(text);
  for (std::size_t i = 0; i < encoded.size(); i += 76) out += encoded.substr(i, 76) + "\r\n";
  return out;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (u < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", u);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string webhook_body(WebhookFormat format, const std::string& kind, std::int64_t game_id,
                         const std::string& subject, const std::string& text,
                         const std::string& unsubscribe) {
  switch (format) {
    case WebhookFormat::Discord: {
      // Discord refuses content over 2000 characters; bytes are a safe bound.
      const std::string tail = "\n\n" + unsubscribe;
      const std::string head = "**" + subject + "**\n";
      const std::size_t room =
          2000 > head.size() + tail.size() + 3 ? 2000 - head.size() - tail.size() - 3 : 0;
      std::string body = cut_utf8(text, room);
      if (body.size() < text.size()) body += "...";
      return "{\"content\":" + json_string(cut_utf8(head + body + tail, 2000)) + "}";
    }
    case WebhookFormat::Slack:
      return "{\"text\":" + json_string("*" + subject + "*\n" + text + "\n\n" + unsubscribe) + "}";
    case WebhookFormat::Json:
      break;
  }
  return "{\"kind\":" + json_string(kind) + ",\"game\":" + std::to_string(game_id) +
         ",\"subject\":" + json_string(subject) + ",\"text\":" + json_string(text) +
         ",\"unsubscribe\":" + json_string(unsubscribe) + "}";
}

std::optional<std::string> email_problem(const std::string& address) {
  if (address.empty()) return "the e-mail address is empty";
  if (address.size() > 254) return "an e-mail address has at most 254 characters";
  if (!ascii_printable(address) || address.find(' ') != std::string::npos)
    return "an e-mail address has no spaces or control characters";
  const auto at = address.rfind('@');
  if (at == std::string::npos || at == 0 || at + 1 == address.size())
    return "an e-mail address is NAME@DOMAIN";
  const std::string domain = address.substr(at + 1);
  if (domain.find('.') == std::string::npos || domain.front() == '.' || domain.back() == '.')
    return "'" + domain + "' is not a mail domain (example.org)";
  if (address.find_first_of("<>()[],;:\\\"") != std::string::npos)
    return "an e-mail address here has none of < > ( ) [ ] , ; : \\ \"";
  return std::nullopt;
}

bool private_address(const std::string& numeric) {
  std::array<unsigned char, 16> a{};
  if (inet_pton(AF_INET, numeric.c_str(), a.data()) == 1) {
    const unsigned b0 = a[0], b1 = a[1];
    return b0 == 0 || b0 == 10 || b0 == 127 || (b0 == 169 && b1 == 254) ||
           (b0 == 172 && (b1 & 0xf0) == 16) || (b0 == 192 && b1 == 168) ||
           (b0 == 100 && (b1 & 0xc0) == 64) || b0 >= 224;
  }
  if (inet_pton(AF_INET6, numeric.c_str(), a.data()) == 1) {
    static constexpr std::array<unsigned char, 12> kMapped{0, 0, 0, 0, 0,    0,
                                                           0, 0, 0, 0, 0xff, 0xff};
    if (std::equal(kMapped.begin(), kMapped.end(), a.begin())) {
      char v4[INET_ADDRSTRLEN];
      inet_ntop(AF_INET, a.data() + 12, v4, sizeof v4);
      return private_address(v4);
    }
    const bool zero_prefix =
        std::all_of(a.begin(), a.begin() + 15, [](unsigned char c) { return c == 0; });
    if (zero_prefix && (a[15] == 0 || a[15] == 1)) return true;  // :: and ::1
    return (a[0] & 0xfe) == 0xfc ||                              // unique local fc00::/7
           (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) ||            // link-local fe80::/10
           a[0] == 0xff;                                         // multicast
  }
  return false;
}

std::optional<std::string> webhook_problem(const std::string& url, bool private_allowed) {
  if (url.size() > 500) return "a webhook URL has at most 500 characters";
  if (!ascii_printable(url) || url.find(' ') != std::string::npos)
    return "a webhook URL has no spaces or control characters";
  std::unique_ptr<CURLU, UrlFree> u(curl_url());
  if (!u || curl_url_set(u.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK)
    return "'" + url + "' is not a URL";
  const auto scheme = url_part(u.get(), CURLUPART_SCHEME);
  if (!scheme || (*scheme != "http" && *scheme != "https"))
    return "a webhook URL starts with https:// (or http://)";
  if (url.rfind(*scheme + "://", 0) != 0) return "a webhook URL starts with " + *scheme + "://";
  if (url_part(u.get(), CURLUPART_USER) || url_part(u.get(), CURLUPART_PASSWORD))
    return "a webhook URL holds no user name or password";
  auto host = url_part(u.get(), CURLUPART_HOST);
  if (!host || host->empty()) return "the webhook URL names no host";
  if (private_allowed) return std::nullopt;
  std::string bare = *host;
  if (bare.size() > 2 && bare.front() == '[' && bare.back() == ']')
    bare = bare.substr(1, bare.size() - 2);
  std::transform(bare.begin(), bare.end(), bare.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (bare == "localhost" || (bare.size() > 10 && bare.ends_with(".localhost")) ||
      private_address(bare)) {
    return "the webhook's host " + *host +
           " is on a loopback or private network, which this server does not post to";
  }
  return std::nullopt;
}

std::string masked_email(const std::string& address) {
  const auto at = address.rfind('@');
  if (at == std::string::npos || at == 0) return "***";
  return address.substr(0, 1) + "***" + address.substr(at);
}

}  // namespace naumachia::server
