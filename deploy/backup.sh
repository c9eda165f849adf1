#!/usr/bin/env bash
# Online backup of a naumachia database: SQLite's backup API copies a
# consistent snapshot while the server keeps running (WAL mode). The backup is
# then checked twice before it is kept: SQLite's integrity_check, and an admin
# replay of every game in it, which recomputes each step from the stored seed
# and orders and compares the hash chain. A backup that fails either (or whose
# copy or compression fails) is kept beside the others as NAME.db.failed for
# inspection, with any -wal/-shm file as NAME.db.failed-wal/-shm, the old
# backups are left alone (none is rotated out), and the script exits 1.
#
# A backup holds every running game's dice seed, the pending orders and the
# password hashes: it is made 0600 in a 0700 directory, whatever the caller's
# umask.
#
# usage: deploy/backup.sh DB_PATH BACKUP_DIR [KEEP]
# The admin tool is $NAUMACHIA_ADMIN when set, else naumachia-admin beside this
# script, else naumachia-admin on the PATH.
set -euo pipefail
umask 077
usage="usage: backup.sh DB_PATH BACKUP_DIR [KEEP]"
db=${1:?$usage}
dir=${2:?$usage}
keep=${3:-14}
fail() {
  echo "backup.sh: $*" >&2
  exit 1
}
[[ $keep =~ ^[1-9][0-9]*$ ]] || fail "KEEP wants a positive number of backups, got '$keep'"
[ -f "$db" ] || fail "there is no database at '$db'"
command -v sqlite3 >/dev/null || fail "needs the sqlite3 command (apt-get install sqlite3)"
admin=${NAUMACHIA_ADMIN:-}
if [ -z "$admin" ]; then
  beside="$(dirname "$(readlink -f "$0")")/naumachia-admin"
  if [ -x "$beside" ]; then
    admin=$beside
  else
    admin=$(command -v naumachia-admin) ||
      fail "cannot find naumachia-admin: set NAUMACHIA_ADMIN, or put it beside this script or on the PATH"
  fi
fi
[ -x "$admin" ] || fail "the admin tool '$admin' is not an executable"

if [ -d "$dir" ]; then
  # A directory others share (sticky, as /tmp is) cannot be made private.
  [ ! -k "$dir" ] || fail "'$dir' is a shared directory (sticky bit); give the backups one of their own"
  mode=$(stat -c %a "$dir")
  if [ "$mode" != 700 ]; then
    chmod 700 "$dir"
    echo "backup.sh: notice: narrowed the mode of $dir from $mode to 700" >&2
  fi
  # Backups an earlier version of this script left readable by others.
  for old in "$dir"/naumachia-*.db.gz "$dir"/naumachia-*.db.failed; do
    [ -e "$old" ] || continue
    mode=$(stat -c %a "$old")
    if [ "$mode" != 600 ]; then
      chmod 600 "$old"
      echo "backup.sh: notice: narrowed the mode of $old from $mode to 600" >&2
    fi
  done
else
  mkdir -p "$dir"  # 0700, parents too: umask 077
fi

name="naumachia-$(date -u +%Y%m%dT%H%M%SZ)"
out="$dir/$name.db"
if [ -e "$out" ] || [ -e "$out.gz" ]; then
  fail "'$out' exists already; one backup a second at most"
fi
# A copy that fails anything below is marked failed, with any -wal, -shm or
# -journal file SQLite left beside it (renamed with it, so that SQLite still
# pairs them), and never rotated in: only a checked .db.gz counts as a backup.
rejected() {
  local f
  if [ -e "$out" ]; then
    for f in -wal -shm -journal; do
      [ ! -e "$out$f" ] || mv -- "$out$f" "$out.failed$f"
    done
    mv -- "$out" "$out.failed"
    fail "$* -- kept for inspection as $out.failed; older backups are untouched"
  fi
  fail "$* -- no copy was made; older backups are untouched"
}
# The copy is left in rollback-journal mode, so that checking it makes no
# -wal or -shm file beside it.
if ! copied=$(sqlite3 "$db" ".backup '$out'" 2>&1) ||
  ! sqlite3 "$out" "PRAGMA journal_mode=DELETE" >/dev/null 2>&1; then
  rejected "copying $db failed: ${copied:-the copy is not a database}"
fi
check=$(sqlite3 "$out" "PRAGMA integrity_check" 2>&1) || true
[ "$check" = ok ] || rejected "$out fails integrity_check: $check"

# Every game must verify: `naumachia-admin verify` replays each one from its
# stored seed and orders, compares the hash chain, and checks the games row,
# the events and every commitment against the replay. Its count of games is
# checked against the games table, so that no game is skipped unseen.
if ! report=$("$admin" --db "$out" verify 2>&1); then
  printf '%s\n' "$report" >&2
  failed_games=$(grep ': FAILED: ' <<<"$report" | grep -o '^game [0-9]*' | head -5 | tr '\n' ' ' || true)
  rejected "${failed_games:-a game }does not verify in $out (naumachia-admin verify; replay GAME for the details)"
fi
total=$(sqlite3 "$out" "SELECT count(*) FROM games")
summary=$(tail -n 1 <<<"$report")
[[ $summary =~ ^([0-9]+)\ of\ ([0-9]+)\ game ]] ||
  rejected "cannot read the admin tool's summary: $summary"
verified=${BASH_REMATCH[1]}
[ "${BASH_REMATCH[2]}" -eq "$total" ] && [ "$verified" -eq "$total" ] ||
  rejected "the admin tool verified $verified of ${BASH_REMATCH[2]} game(s) but $out holds $total"

# Compressed beside, checked, and only then named as a backup: a full disk
# cannot leave a truncated .db.gz to be rotated in.
gzip -c -- "$out" >"$out.gz.part" && gzip -t -- "$out.gz.part" ||
  { rm -f -- "$out.gz.part"; rejected "compressing $out failed"; }
mv -- "$out.gz.part" "$out.gz"
rm -f -- "$out"
# The names sort by time (UTC stamps); the newest KEEP stay.
printf '%s\n' "$dir"/naumachia-*.db.gz | sort -r | tail -n +"$((keep + 1))" | xargs -r rm --
echo "backed up to $out.gz: integrity ok, every game verified ($verified, each replayed from its seed and orders)"
