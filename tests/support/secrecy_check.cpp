#include "support/secrecy_check.h"

namespace naumachia::testing {

namespace {

std::string reader_name(std::optional<PlayerId> reader) {
  return reader ? "seat " + std::to_string(reader->value) : std::string("an observer");
}

// The readers of an audience: its seats, or every seat and an observer.
std::vector<std::optional<PlayerId>> readers(const Audience& a, int seats) {
  std::vector<std::optional<PlayerId>> out;
  if (a.is_public()) {
    for (int i = 0; i < seats; ++i) out.push_back(PlayerId{i});
    out.push_back(std::nullopt);
  } else {
    for (PlayerId p : a.members()) out.push_back(p);
  }
  return out;
}

}  // namespace

std::vector<std::string> leaks_in(std::string_view text, const std::vector<Secret>& secrets,
                                  std::optional<PlayerId> reader, const std::string& where) {
  std::vector<std::string> out;
  for (const Secret& s : secrets) {
    if (s.token.empty() || s.audience.includes(reader)) continue;
    if (text.find(s.token) != std::string_view::npos)
      out.push_back(where + " shows " + reader_name(reader) + " the secret '" + s.token +
                    "' (for " + s.audience.text() + ")");
  }
  return out;
}

std::string view_text(const View& v) {
  std::string out = std::string(name(v.board_kind)) + "\n";
  for (const Cell& c : v.cells) {
    out += c.id + " " + c.terrain + " " + c.label + "\n";
    for (const Token& t : c.tokens) {
      out += "  " + t.kind + " " + t.label;
      if (!t.values.empty()) out += " " + t.values;
      for (const std::string& m : t.marks) out += " " + m;
      out += "\n";
      for (const std::string& d : t.details) out += "    " + d + "\n";
    }
  }
  for (const std::string& n : v.notes) out += n + "\n";
  return out;
}

std::vector<std::string> view_leaks(const State& state, int seats) {
  std::vector<std::string> out;
  const auto secrets = state.secrets();
  if (secrets.empty()) return out;
  for (int i = 0; i < seats; ++i) {
    const auto l = leaks_in(view_text(state.view(PlayerId{i})), secrets, PlayerId{i},
                            "the view of step " + std::to_string(state.step().number.value));
    out.insert(out.end(), l.begin(), l.end());
  }
  return out;
}

std::vector<std::string> choices_leaks(const State& state, std::size_t most) {
  std::vector<std::string> out;
  const auto secrets = state.secrets();
  if (secrets.empty()) return out;
  const std::string where = "the choices of step " + std::to_string(state.step().number.value);
  for (const PlayerId seat : state.step().to_order) {
    std::string text;
    std::size_t asked = 0;
    for (const Decision& d : state.decisions(seat)) {
      text += d.id + " " + d.label + " " + d.text + " " + d.otherwise + "\n";
      for (const std::string& c : d.cells) text += c + "\n";
      std::vector<std::vector<std::string>> todo{{}};
      while (!todo.empty() && asked++ < most) {
        const auto path = todo.back();
        todo.pop_back();
        const auto ways = state.choices(seat, d.id, path);
        if (!ways) continue;
        for (const Choice& c : *ways) {
          text += c.text + " " + c.label + "\n";
          for (const std::string& cell : c.cells) text += cell + "\n";
          if (c.last) continue;
          auto on = path;
          on.push_back(c.text);
          todo.push_back(std::move(on));
        }
      }
    }
    const auto l = leaks_in(text, secrets, seat, where + " for seat " + std::to_string(seat.value));
    out.insert(out.end(), l.begin(), l.end());
  }
  return out;
}

std::vector<std::string> step_leaks(const State& before, const std::map<PlayerId, OrderSet>& orders,
                                    const Resolution& resolution, int seats) {
  std::vector<std::string> out;
  const auto secrets = resolution.next->secrets();
  if (secrets.empty()) return out;
  const std::string step = "step " + std::to_string(before.step().number.value);
  for (const Event& e : resolution.events) {
    std::string text = e.text;
    for (const DieRoll& r : e.rolls) text += "\n" + r.purpose;
    for (const auto& reader : readers(e.audience, seats)) {
      const auto l = leaks_in(text, secrets, reader, step + ", event '" + e.text + "',");
      out.insert(out.end(), l.begin(), l.end());
    }
  }
  for (const auto& [seat, set] : orders) {
    std::string text;
    for (const std::string& line : set.lines) text += line + "\n";
    for (const auto& reader : readers(before.orders_audience(seat), seats)) {
      const auto l = leaks_in(text, secrets, reader,
                              step + ", the revealed orders of seat " + std::to_string(seat.value));
      out.insert(out.end(), l.begin(), l.end());
    }
  }
  return out;
}

std::vector<std::string> frame_leaks(const std::vector<std::string>& frames,
                                     const std::vector<Secret>& secrets,
                                     std::optional<PlayerId> reader) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const auto l = leaks_in(frames[i], secrets, reader, "frame " + std::to_string(i + 1));
    out.insert(out.end(), l.begin(), l.end());
  }
  return out;
}

}  // namespace naumachia::testing
