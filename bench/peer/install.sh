#!/usr/bin/env bash
# Installs the benchmark peer's npm packages (boardgame.io and the
# socket.io client, docs/performance.md) into bench/peer/node_modules as
# bench/peer/package-lock.json pins them, again whenever the lock file
# changed. Without npm it says so and succeeds: naumachia-bench-load then
# reports the peer as not measured.
set -euo pipefail
dir="$(cd "$(dirname "$0")" && pwd)"
if ! command -v npm >/dev/null; then
  echo "npm not found: the load benchmark's peer (bench/peer) will not be measured" >&2
  exit 0
fi
if [ ! -f "$dir/node_modules/.package-lock.json" ] ||
   [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
  echo "installing the benchmark peer's npm packages (bench/peer/package-lock.json)"
  # No package needs its install scripts run.
  (cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
fi
