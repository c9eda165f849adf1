#pragma once
// How a notice looks on its way out, and which addresses the server will
// send to: pure functions under the courier (notices/courier.h) and the
// settings requests (notices/settings.h), tested on their own.
#include <cstdint>
#include <optional>
#include <string>

#include "notices/notice_tables.h"

namespace naumachia::server {

enum class WebhookFormat { Json, Discord, Slack };
std::string format_text(WebhookFormat f);  // "json", "discord", "slack"
std::optional<WebhookFormat> webhook_format(const std::string& text);

// The web client's page that stops the notices carrying `token`: the
// server's own port serves the page (wss://HOST:PORT is https://HOST:PORT/).
std::string unsubscribe_link(const std::string& server_url, const std::string& token);

// What every notice ends with: how to stop them, by the web client's page or
// the command-line client. `server_url` is how the players' client names
// this server ("wss://games.example.org:8443").
std::string unsubscribe_text(const std::string& server_url, const std::string& token,
                             NotifyChannel channel);

// The whole message handed to the SMTP relay: headers (From, To, an encoded
// Subject, Date, Message-ID, Auto-Submitted) and the text, base64 encoded so
// that no line of a player's message breaks SMTP's limits.
std::string mail_message(const std::string& from, const std::string& to, const std::string& subject,
                         const std::string& text, const std::string& message_id, std::int64_t now);

// A webhook's JSON body: {"kind", "game", "subject", "text", "unsubscribe"}
// for Json; {"content"} (at most 2000 characters) for Discord; {"text"} for
// Slack.
std::string webhook_body(WebhookFormat format, const std::string& kind, std::int64_t game_id,
                         const std::string& subject, const std::string& text,
                         const std::string& unsubscribe);

std::string json_string(const std::string& s);  // quoted and escaped
std::string base64(const std::string& bytes);

// Why `address` is not an e-mail address the server will mail, or nullopt.
std::optional<std::string> email_problem(const std::string& address);
// Why `url` is not a webhook URL the server will post to, or nullopt:
// http or https, a host, at most 500 bytes, no user name or password, and
// (unless `private_allowed`) no address of a loopback, private or link-local
// network given as a literal or as "localhost".
std::optional<std::string> webhook_problem(const std::string& url, bool private_allowed);
// Whether a numeric address (IPv4 or IPv6 text) is one a webhook may not
// reach: loopback, private, link-local, shared, multicast, unspecified.
bool private_address(const std::string& numeric);

// "a***@example.org": enough for its owner to recognise.
std::string masked_email(const std::string& address);

}  // namespace naumachia::server
