#!/usr/bin/env bash
# Online backup of a naumachia database: SQLite's backup API copies a
# consistent snapshot while the server keeps running (WAL mode).
# usage: deploy/backup.sh DB_PATH BACKUP_DIR [KEEP]
set -euo pipefail
db=${1:?usage: backup.sh DB_PATH BACKUP_DIR [KEEP]}
dir=${2:?usage: backup.sh DB_PATH BACKUP_DIR [KEEP]}
keep=${3:-14}
command -v sqlite3 >/dev/null || { echo "backup.sh: needs the sqlite3 command (apt-get install sqlite3)" >&2; exit 1; }
mkdir -p "$dir"
out="$dir/naumachia-$(date -u +%Y%m%dT%H%M%SZ).db"
sqlite3 "$db" ".backup '$out'"
sqlite3 "$out" "PRAGMA integrity_check" | grep -qx ok || { echo "backup.sh: $out fails integrity_check" >&2; exit 1; }
gzip "$out"
ls -1t "$dir"/naumachia-*.db.gz | tail -n +"$((keep + 1))" | xargs -r rm --
echo "backed up to $out.gz"
