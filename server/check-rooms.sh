#!/usr/bin/env bash
# Checks the include order of server/'s rooms (README.md): a file includes
# headers of its own room and of rooms below it, never of a room above it or
# beside it. ctest runs it; run it by hand as server/check-rooms.sh.
set -euo pipefail
cd "$(dirname "$0")"

# The rooms from the bottom up. Rooms on one line are at one level: neither
# includes the other.
levels=(
  "base"
  "storage"
  "records"
  "protocol"
  "accounts facts transport"
  "notices admin"
  "play"
  "app"
)

declare -A level
for i in "${!levels[@]}"; do
  for room in ${levels[$i]}; do level[$room]=$i; done
done

status=0
for file in *.h *.cpp; do
  [[ -e $file ]] || continue
  echo "server/$file: every source file belongs in a room"
  status=1
done
for dir in */; do
  room=${dir%/}
  if [[ -z ${level[$room]+set} ]]; then
    echo "server/$room: a room the include order does not name"
    status=1
  fi
done
for file in */*.h */*.cpp; do
  room=${file%%/*}
  [[ -n ${level[$room]+set} ]] || continue
  while IFS=: read -r line header; do
    to=${header%%/*}
    [[ -n ${level[$to]+set} ]] || continue  # not a room: the engine's core/ or games/
    if [[ $to != "$room" ]] && ((level[$to] >= level[$room])); then
      echo "server/$file:$line: $room includes $header, which is not below it"
      status=1
    fi
  done < <(grep -n -o '^#include "[a-z_]*/[^"]*"' "$file" | sed 's/#include "//; s/"$//')
done
if ((status == 0)); then
  echo "every room includes only the rooms below it"
fi
exit $status
