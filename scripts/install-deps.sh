#!/usr/bin/env bash
# Installs the Debian 12 packages naumachia builds with, when any is missing
# (lld, LLVM's linker, links several times faster than GNU ld; sqlite3, the
# command, for deploy/backup.sh; libpq, PostgreSQL's client library, for
# servers that keep their games in PostgreSQL; Node.js and npm for the web
# client), then
# the web client's npm packages into web/node_modules as web/package-lock.json
# pins them.
# usage: install-deps.sh [--tests] [--bench]
#   --tests  also what the tests need: clang and its runtimes (libFuzzer, the
#            sanitizers) build the sanitized tests and the fuzz harnesses;
#            python3-aiosmtpd is the SMTP relay the notification tests mail to;
#            chromium runs the web client's tests (tests/web/); postgresql
#            is the database server the storage tests also run against, and
#            haproxy the load balancer in front of several servers.
#   --bench  also the npm packages of the load benchmark's peer, boardgame.io,
#            into bench/peer/node_modules (bench/peer/install.sh; the
#            bench-load targets install them too).
set -euo pipefail
packages=(g++ cmake lld libboost1.81-dev libprotobuf-dev protobuf-compiler libsqlite3-dev sqlite3
          libpq-dev pkg-config libssl-dev libcurl4-openssl-dev doctest-dev)
bench=false
for option in "$@"; do
  case "$option" in
    --tests) packages+=(clang libclang-rt-14-dev python3-aiosmtpd chromium postgresql haproxy) ;;
    --bench) bench=true ;;
    *)
      echo "usage: install-deps.sh [--tests] [--bench]" >&2
      exit 2
      ;;
  esac
done
# A Node.js installed otherwise (not from Debian's packages) serves as well.
if ! command -v node >/dev/null; then
  packages+=(nodejs npm)
elif ! command -v npm >/dev/null; then
  packages+=(npm)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The web client's packages, again whenever the lock file changed.
web="$(dirname "$0")/../web"
if [ ! -f "$web/node_modules/.package-lock.json" ] ||
   [ "$web/package-lock.json" -nt "$web/node_modules/.package-lock.json" ]; then
  echo "installing the web client's npm packages (web/package-lock.json)"
  # No package needs its install scripts run.
  (cd "$web" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
fi

# The load benchmark's peer, only when asked: the tests do not need it.
if [ "$bench" = true ]; then
  "$(dirname "$0")/../bench/peer/install.sh"
fi
