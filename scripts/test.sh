#!/usr/bin/env bash
# Second README command: installs what is missing, then builds and runs every
# test twice: a normal build, and one under AddressSanitizer and
# UndefinedBehaviorSanitizer. Warnings are errors in both. The last line is the
# total over both runs: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh || exit 1
jobs=$(nproc)
passed=0
failed=0
run_build() {  # name, build dir, extra cmake flags...
  local name=$1 dir=$2
  shift 2
  echo "=== $name build ($dir)"
  if ! cmake -S . -B "$dir" "$@" >"$dir/configure.log" 2>&1; then
    cat "$dir/configure.log"; failed=$((failed + 1)); return
  fi
  if ! cmake --build "$dir" -j"$jobs"; then
    echo "$name build failed"; failed=$((failed + 1)); return
  fi
  local log="$dir/ctest.log"
  (cd "$dir" && ctest --output-on-failure -j"$jobs") 2>&1 | tee "$log"
  local summary
  summary=$(grep -E 'tests passed, [0-9]+ tests failed out of [0-9]+' "$log" | tail -n 1)
  if [ -z "$summary" ]; then
    echo "$name: ctest printed no summary"; failed=$((failed + 1)); return
  fi
  local f total
  f=$(sed -E 's/.*tests passed, ([0-9]+) tests failed out of ([0-9]+).*/\1/' <<<"$summary")
  total=$(sed -E 's/.*tests passed, ([0-9]+) tests failed out of ([0-9]+).*/\2/' <<<"$summary")
  passed=$((passed + total - f))
  failed=$((failed + f))
}
mkdir -p build build-asan
run_build normal build -DCMAKE_BUILD_TYPE=RelWithDebInfo
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
run_build sanitized build-asan -DCMAKE_BUILD_TYPE=Debug -DNAUMACHIA_SANITIZE=ON
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
