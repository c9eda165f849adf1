#!/usr/bin/env bash
# The PostgreSQL server the tests run against (tests/CMakeLists.txt starts it
# before them and stops it after):
#   postgresql.sh start STATE   makes a cluster in a new temporary directory
#                               (initdb), starts it on a free loopback port and
#                               writes its connection URI to STATE/uri
#   postgresql.sh stop STATE    stops it and removes the directory
# PostgreSQL will not run as root: as root, the cluster belongs to `nobody`.
# The cluster is for tests only: trust authentication on 127.0.0.1, and no
# fsync (what the tests check is that the server acknowledges only committed
# writes, not what the disk does on a power cut). NAUMACHIA_POSTGRESQL_DURABLE=1
# keeps fsync on, as a production server runs: the load benchmark's.
set -euo pipefail
cmd=${1:-} state=${2:-}
if [ -z "$state" ] || { [ "$cmd" != start ] && [ "$cmd" != stop ]; }; then
  echo "usage: postgresql.sh start|stop STATE_DIR" >&2
  exit 2
fi
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "postgresql.sh: no PostgreSQL server is installed (scripts/install-deps.sh --tests installs it)" >&2
  exit 1
fi
as_owner=()
if [ "$(id -u)" -eq 0 ]; then as_owner=(setpriv --reuid=nobody --regid=nogroup --clear-groups --); fi

if [ "$cmd" = stop ]; then
  [ -f "$state/cluster" ] || exit 0
  cluster=$(cat "$state/cluster")
  "${as_owner[@]}" "$bin/pg_ctl" -D "$cluster/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$cluster" "$state/cluster" "$state/uri"
  exit 0
fi

mkdir -p "$state"
"$0" stop "$state"  # one left by an earlier run that did not finish
cluster=$(mktemp -d /tmp/naumachia-postgresql.XXXXXX)
echo "$cluster" >"$state/cluster"
chmod 755 "$cluster"
[ "$(id -u)" -eq 0 ] && chown nobody:nogroup "$cluster"
if ! "${as_owner[@]}" "$bin/initdb" -D "$cluster/data" -U naumachia --auth=trust \
     --encoding=UTF8 --locale=C >"$cluster/initdb.log" 2>&1; then
  cat "$cluster/initdb.log" >&2
  exit 1
fi
fsync="-c fsync=off"
[ "${NAUMACHIA_POSTGRESQL_DURABLE:-0}" = 1 ] && fsync=""
# A port taken between the choice and the start fails the start: another is tried.
for _ in $(seq 1 20); do
  port=$((20000 + RANDOM % 30000))
  if "${as_owner[@]}" "$bin/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 60 \
       -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='' $fsync -c max_connections=300" \
       start >/dev/null; then
    echo "postgresql://naumachia@127.0.0.1:$port/postgres" >"$state/uri"
    echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, cluster in $cluster"
    exit 0
  fi
done
cat "$cluster/server.log" >&2
exit 1
