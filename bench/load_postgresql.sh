#!/usr/bin/env bash
# The load benchmark with naumachia-server's games in PostgreSQL: starts a
# PostgreSQL of its own (tests/support/postgresql.sh, with fsync on, as a
# production server runs), pinned to the first CPU the benchmark pins the
# servers to, runs naumachia-bench-load on it, and stops it.
# usage: load_postgresql.sh STATE_DIR naumachia-bench-load OPTIONS...
set -uo pipefail
state=$1
shift
here=$(dirname "$0")
first_cpu=$(taskset -pc $$ | sed -E 's/.*: *//; s/[-,].*//')
if ! NAUMACHIA_POSTGRESQL_DURABLE=1 taskset -c "$first_cpu" "$here/../tests/support/postgresql.sh" start "$state"; then
  echo "load_postgresql.sh: PostgreSQL did not start" >&2
  exit 1
fi
"$@" --postgresql "$(cat "$state/uri")"
rc=$?
"$here/../tests/support/postgresql.sh" stop "$state"
exit $rc
