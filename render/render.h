#pragma once
// Turns what the server sends into text for a terminal. Knows no rules: it
// draws the cells, tokens and notes of a View and prints events in words.
#include <string>
#include <vector>

#include "naumachia.pb.h"

namespace naumachia::render {

std::string render_view(const proto::View& view, const std::vector<std::string>& side_names);
std::string render_summary(const proto::GameSummary& game);
std::string render_event(const proto::GameEvent& event, const std::vector<std::string>& side_names);
std::string render_happenings(const google::protobuf::RepeatedPtrField<proto::Happening>& list);
std::string render_orders(const google::protobuf::RepeatedPtrField<proto::RevealedOrders>& list,
                          const std::vector<std::string>& side_names);
std::string format_time(std::int64_t unix_seconds);
// One message of a game's press: who sent it to whom, when, and its text.
std::string render_press(const proto::PressMessage& message,
                         const std::vector<std::string>& side_names);
// "proposal 3, a draw between England and France".
std::string describe_proposal(const proto::Proposal& p);
// A proposal and where it stands: who made it, who accepted, who is awaited.
std::string render_proposal(const proto::Proposal& p, const std::vector<std::string>& side_names);
// `text` with every control character but newline and tab shown as '?', so
// that nothing a server sends can command the terminal.
std::string printable(const std::string& text);

}  // namespace naumachia::render
