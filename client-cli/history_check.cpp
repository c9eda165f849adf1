#include "history_check.h"

#include <map>
#include <sstream>
#include <utility>

#include "digest.h"

namespace naumachia::client {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

void check_revealed(const proto::StepResolved& r, const proto::RevealedOrders& o,
                    const std::map<std::pair<std::uint64_t, std::uint32_t>, std::string>& committed,
                    HistoryCheck& out) {
  const auto problem = [&](std::string what) {
    out.problems.push_back({r.step(), o.seat(), std::move(what)});
  };
  const auto published = committed.find({r.step(), o.seat()});
  const bool has_published = published != committed.end();
  if (o.withheld()) {
    // Only the commitment is shown; it must still be the one published.
    if (!o.defaulted() && has_published && lower(o.commitment()) != lower(published->second)) {
      problem("the commitment shown at resolution, " + o.commitment() +
              ", is not the one the seat published, " + published->second);
    }
    ++out.withheld;
    return;
  }
  const auto nonce = from_hex(o.nonce());
  if (!nonce || nonce->empty()) {
    problem("the revealed nonce '" + o.nonce() + "' is not hex");
    return;
  }
  const std::string computed =
      commitment_of(*nonce, std::vector<std::string>(o.lines().begin(), o.lines().end()));
  if (computed != lower(o.commitment())) {
    problem("the revealed orders and nonce hash to " + computed + ", not to the commitment " +
            o.commitment() + " shown with them");
    return;
  }
  if (o.defaulted()) {
    ++out.defaulted;
    return;
  }
  if (!has_published) {
    problem(
        "orders were revealed, but no commitment to them was published while the step was "
        "open");
  } else if (computed != lower(published->second)) {
    problem("the revealed orders hash to " + computed + ", but the seat committed " +
            published->second);
  } else {
    ++out.verified;
  }
}

void check_seed(const proto::GameOver& over, std::string_view seed_hash, HistoryCheck& out) {
  const auto problem = [&](std::string what) { out.problems.push_back({0, {}, std::move(what)}); };
  const auto seed = from_hex(over.seed());
  if (over.seed().empty() || !seed) {
    problem("the game is over, but its dice seed was not revealed as hex ('" + over.seed() + "')");
  } else if (const std::string h = sha256_hex(*seed); h != lower(seed_hash)) {
    problem("the revealed dice seed hashes to " + h + ", not to the seed hash " +
            std::string(seed_hash) + " shown since the game was created");
  } else {
    out.seed_verified = true;
  }
}

}  // namespace

std::string commitment_of(std::string_view nonce, const std::vector<std::string>& lines) {
  std::string data(nonce);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i) data += '\n';
    data += lines[i];
  }
  return sha256_hex(data);
}

HistoryCheck check_history(const std::vector<proto::GameEvent>& events,
                           std::string_view seed_hash) {
  HistoryCheck out;
  // The last commitment each seat published for each step: a later
  // submission replaces the orders, and so the commitment.
  std::map<std::pair<std::uint64_t, std::uint32_t>, std::string> committed;
  for (const proto::GameEvent& e : events) {
    if (e.has_committed()) {
      committed[{e.committed().step(), e.committed().seat()}] = e.committed().commitment();
    } else if (e.has_resolved()) {
      for (const proto::RevealedOrders& o : e.resolved().orders())
        check_revealed(e.resolved(), o, committed, out);
    } else if (e.has_over()) {
      check_seed(e.over(), seed_hash, out);
    }
  }
  return out;
}

std::string HistoryCheck::report(const std::vector<std::string>& side_names) const {
  std::ostringstream out;
  if (!ok()) {
    out << "HISTORY CHECK FAILED: what the server revealed does not match what it published\n";
    for (const HistoryProblem& p : problems) {
      out << "  ";
      if (p.step) out << "step " << p.step;
      if (p.seat) {
        out << (p.step ? ", " : "") << "seat " << *p.seat;
        if (*p.seat < side_names.size()) out << " (" << side_names[*p.seat] << ")";
      }
      if (!p.step && !p.seat) out << "the game";
      out << ": " << p.what << "\n";
    }
    return out.str();
  }
  out << "history checked: ";
  if (verified == 0 && defaulted == 0 && withheld == 0) {
    out << "no orders revealed yet";
  } else {
    out << "all " << verified << (verified == 1 ? " commitment" : " commitments") << " verified";
  }
  if (defaulted) out << "; " << defaulted << " default order set(s) had no commitment to check";
  if (withheld) out << "; " << withheld << " withheld from you until the game is over";
  if (seed_verified) out << "; dice seed matches its hash";
  out << "\n";
  return out.str();
}

}  // namespace naumachia::client
