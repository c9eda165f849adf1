#pragma once
// Breadth-first flood fill over any graph: hexes of a map, provinces of a
// Diplomacy board. Every "how far over water", "within the command radius",
// "nearest owned centre" and "is there a chain of fleets" of the game modules
// is one of these, with the game's own rule for which step may be taken.
//
// The fill is deterministic: nodes are visited in order of distance, and
// within one distance in the order `neighbours` lists them.
#include <deque>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace naumachia::flood {

// What a step into a node does.
enum class Step {
  Through,  // the node is reached and the fill goes on from it
  Stop,     // the node is reached, but the fill goes no further from it
  Blocked,  // the node is not reached by this step
};

// A node reached, and how many steps from the nearest start.
template <class Node>
struct Reached {
  Node node;
  int distance = 0;
};

// Fills from `starts` (distance 0, always reached and always gone on from),
// taking at most `limit` steps (nullopt: no limit). `neighbours(node)` lists
// the nodes one step away; `step(from, to, distance_of_to)` judges each step.
// `visit(reached)` is called once per node in the order reached and may
// return true to end the fill there; fill() returns that node, or nullopt.
template <class Node, class Neighbours, class Judge, class Visit>
std::optional<Reached<Node>> fill(const std::vector<Node>& starts, std::optional<int> limit,
                                  Neighbours&& neighbours, Judge&& step, Visit&& visit) {
  std::map<Node, int> seen;
  std::deque<Reached<Node>> frontier;
  for (const Node& s : starts) {
    if (seen.emplace(s, 0).second) frontier.push_back({s, 0});
  }
  std::deque<Reached<Node>> order = frontier;
  while (!order.empty()) {
    if (visit(order.front())) return order.front();
    order.pop_front();
  }
  while (!frontier.empty()) {
    const Reached<Node> here = frontier.front();
    frontier.pop_front();
    if (limit && here.distance >= *limit) continue;
    for (const Node& next : neighbours(here.node)) {
      if (seen.count(next)) continue;
      const Step s = step(here.node, next, here.distance + 1);
      if (s == Step::Blocked) continue;
      seen.emplace(next, here.distance + 1);
      const Reached<Node> r{next, here.distance + 1};
      if (visit(r)) return r;
      if (s == Step::Through) frontier.push_back(r);
    }
  }
  return std::nullopt;
}

// Every node reachable from `starts` within `limit` steps, with its distance.
template <class Node, class Neighbours, class Judge>
std::map<Node, int> reachable(const std::vector<Node>& starts, std::optional<int> limit,
                              Neighbours&& neighbours, Judge&& step) {
  std::map<Node, int> out;
  fill(starts, limit, neighbours, step, [&](const Reached<Node>& r) {
    out.emplace(r.node, r.distance);
    return false;
  });
  return out;
}

// The first node (nearest, ties in fill order) satisfying `goal`, or nullopt.
template <class Node, class Neighbours, class Judge, class Goal>
std::optional<Reached<Node>> nearest(const std::vector<Node>& starts, std::optional<int> limit,
                                     Neighbours&& neighbours, Judge&& step, Goal&& goal) {
  return fill(starts, limit, neighbours, step,
              [&](const Reached<Node>& r) { return static_cast<bool>(goal(r.node)); });
}

// A step rule that lets every step through.
inline constexpr auto kOpen = [](const auto&, const auto&, int) { return Step::Through; };

}  // namespace naumachia::flood
