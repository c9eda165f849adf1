#!/usr/bin/env bash
# Checks deploy/naumachia.service offline: systemd-analyze verify reports
# nothing (it warns about unknown keys and bad values without failing, so any
# output is a failure), and systemd-analyze security's exposure score stays at
# the threshold or below, so that no hardening option is lost unseen.
# usage: check_systemd_unit.sh SYSTEMD_ANALYZE UNIT_FILE SERVER_BINARY
set -euo pipefail
analyze=$1
unit=$2
server=$3
threshold=12  # on systemd-analyze's scale of 0-100: the unit scores 12, shown as 1.2 ("OK")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# verify checks that ExecStart's program exists: point it at the one just built.
grep -q '^ExecStart=/usr/local/bin/naumachia-server ' "$unit" ||
  { echo "$unit: no ExecStart=/usr/local/bin/naumachia-server"; exit 1; }
sed "s#^ExecStart=/usr/local/bin/naumachia-server #ExecStart=$server #" "$unit" >"$work/naumachia.service"
if ! out=$("$analyze" verify "$work/naumachia.service" 2>&1) || [ -n "$out" ]; then
  echo "systemd-analyze verify: ${out:-failed}"
  exit 1
fi
if ! "$analyze" security --offline=true --threshold="$threshold" "$work/naumachia.service"; then
  echo "the unit's exposure is above $threshold/100: a hardening option was lost"
  exit 1
fi
echo "unit ok"
