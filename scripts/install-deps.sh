#!/usr/bin/env bash
# Installs the Debian 12 packages naumachia builds with, when any is missing
# (sqlite3, the command, for deploy/backup.sh).
# usage: install-deps.sh [--tests]
#   --tests  also what the tests need: clang and its runtimes (libFuzzer, the
#            sanitizers) build the sanitized tests and the fuzz harnesses;
#            python3-aiosmtpd is the SMTP relay the notification tests mail to.
set -euo pipefail
packages=(g++ cmake libboost1.81-dev libprotobuf-dev protobuf-compiler libsqlite3-dev sqlite3
          libssl-dev libcurl4-openssl-dev doctest-dev)
case "${1:-}" in
  "") ;;
  --tests) packages+=(clang libclang-rt-14-dev python3-aiosmtpd) ;;
  *)
    echo "usage: install-deps.sh [--tests]" >&2
    exit 2
    ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
