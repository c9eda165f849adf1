#!/usr/bin/env bash
# Draws the opening board of every shipped game into docs/pictures/ (the
# README shows them), with the build's naumachia-adjudicate --svg: the same
# renderer as `naumachia show --svg`, everything shown. Run after a build
# when a view or the renderer changes: scripts/pictures.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-build}/tools/naumachia-adjudicate
[ -x "$tool" ] || { echo "no $tool: build first (cmake --build build)"; exit 1; }
mkdir -p docs/pictures
# game scenario players
while read -r game scenario players; do
  out="docs/pictures/$game-$scenario.svg"
  "$tool" "$game" --scenario "$scenario" --players "$players" --show --svg "$out" >/dev/null
  echo "wrote $out"
done <<'LIST'
diplomacy standard 7
diplomacy fall-of-constantinople 7
tyre siege 2
constantinople naval 2
classis actium 2
eih-naval trafalgar 3
LIST
