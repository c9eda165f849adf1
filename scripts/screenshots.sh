#!/usr/bin/env bash
# Takes the README's screenshots of the web client: the opening board of every
# shipped game as its creator sees it in headless Chromium, from the browser
# test tests/web/every-game.mjs against the build's server, into
# docs/screenshots/. Run after a build when the page or a view changes:
# scripts/screenshots.sh [BUILD_DIR] (Chromium and the npm packages come from
# scripts/install-deps.sh --tests)
set -euo pipefail
cd "$(dirname "$0")/.."
server=${1:-build}/server/naumachia-server
[ -x "$server" ] || { echo "no $server: build first (cmake --build build)"; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
node tests/web/every-game.mjs "$server" "$out" | tail -n 1
mkdir -p docs/screenshots
for f in "$out"/*-page.png; do
  name=$(basename "$f" -page.png)
  case "$name" in *-second-seat) continue ;; esac
  cp "$f" "docs/screenshots/$name.png"
  echo "wrote docs/screenshots/$name.png"
done
