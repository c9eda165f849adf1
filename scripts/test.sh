#!/usr/bin/env bash
# Second README command: installs what is missing, then builds and runs every
# test twice: a normal build (g++), and one under AddressSanitizer and
# UndefinedBehaviorSanitizer (clang++, build-asan). Warnings are errors in both.
# The sanitized build also holds the fuzz harnesses (docs/fuzzing.md): after
# its tests each harness runs for a short while from its corpus in
# fuzz/corpus; a crash, a sanitizer report or a broken promise fails that run.
# The last line is the total over all of it, each fuzz harness counting as one
# test: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --tests || exit 1
jobs=$(nproc)
passed=0
failed=0
failures=""
why=""
run_build() {  # name, build dir, extra cmake flags...
  local name=$1 dir=$2
  shift 2
  echo "=== $name build ($dir), at ${SECONDS}s"
  if ! cmake -S . -B "$dir" "$@" >"$dir/configure.log" 2>&1; then
    cat "$dir/configure.log"; failed=$((failed + 1)); return
  fi
  if ! cmake --build "$dir" -j"$jobs"; then
    echo "$name build failed"; failed=$((failed + 1)); return
  fi
  local log="$dir/ctest.log"
  echo "=== $name tests, at ${SECONDS}s"
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
  # ctest names its failures after a long log; they are repeated at the end.
  # So are the first lines in which doctest said what failed, and where, and
  # those in which a browser test (tests/web/harness.mjs) did.
  if [ "$f" -gt 0 ]; then
    failures+=$(sed -n '/The following tests FAILED:/,$p' "$log" | grep -E '^[[:space:]]+[0-9]+ - ' |
      sed "s/^[[:space:]]*/$name: /")$'\n'
    why+=$(grep -E -A2 ': (ERROR|FATAL ERROR): |^FAILED: ' "$log" | head -n 40 | sed "s/^/$name: /")$'\n'
  fi
}
mkdir -p build build-asan
# Both builds compile the engine, the server and the tests a few files per
# translation unit (NAUMACHIA_UNITY): the same code in about half the compile
# time.
run_build normal build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNAUMACHIA_UNITY=ON
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# A build-asan an earlier version configured with g++ cannot switch compilers.
if [ -f build-asan/CMakeCache.txt ] && ! grep -q '^CMAKE_CXX_COMPILER:.*clang' build-asan/CMakeCache.txt; then
  rm -rf build-asan/CMakeCache.txt build-asan/CMakeFiles
fi
# The benchmarks are compiled by the normal build only: they have no tests.
run_build sanitized build-asan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
  -DNAUMACHIA_FUZZ=ON -DNAUMACHIA_BENCH=OFF -DNAUMACHIA_UNITY=ON

# Seconds each harness runs, start-up included, as many at once as there are
# cores: about a minute and a half for all four on two cores (fuzz_service
# reads its corpus slowly: each input runs against a fresh copy of a
# database).
fuzz_seconds=${NAUMACHIA_FUZZ_SECONDS:-20}
fuzz_harnesses=(service orders positions data)
run_harness() {  # build dir, harness: runs it, leaves its exit status in fuzz_<h>.rc
  local dir=$1 h=$2 dict=()
  # New inputs go to a scratch directory; the corpus in the tree is only read.
  local work="$dir/fuzz-work/$h"
  rm -rf "$work"
  mkdir -p "$work" "$dir/fuzz-crashes"
  [ -f "fuzz/corpus/$h.dict" ] && dict=(-dict="fuzz/corpus/$h.dict")
  "$dir/fuzz/fuzz_$h" "$work" "fuzz/corpus/$h" "${dict[@]}" \
    -max_total_time="$fuzz_seconds" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$dir/fuzz-crashes/" >"$dir/fuzz_$h.log" 2>&1
  echo $? >"$dir/fuzz_$h.rc"
}
run_fuzz() {
  local dir=build-asan h
  for h in "${fuzz_harnesses[@]}"; do
    if [ ! -x "$dir/fuzz/fuzz_$h" ]; then
      echo "fuzz_$h was not built"; failed=$((failed + 1)); return
    fi
  done
  echo "=== fuzz harnesses, ${fuzz_seconds}s each, $jobs at a time, at ${SECONDS}s"
  for h in "${fuzz_harnesses[@]}"; do
    rm -f "$dir/fuzz_$h.rc"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    run_harness "$dir" "$h" &
  done
  wait
  for h in "${fuzz_harnesses[@]}"; do
    local log="$dir/fuzz_$h.log"
    if [ "$(cat "$dir/fuzz_$h.rc" 2>/dev/null)" = 0 ]; then
      echo "fuzz_$h: $(grep -E '^Done [0-9]+ runs' "$log")"
      passed=$((passed + 1))
    else
      grep -B2 -A30 -E 'ERROR: |runtime error|broken promise|deadly signal' "$log" | head -n 60
      echo "fuzz_$h failed: the input is in $dir/fuzz-crashes/, the whole log in $log"
      failed=$((failed + 1))
    fi
  done
}
run_fuzz
echo "=== done in ${SECONDS}s"
[ -n "$why" ] && printf 'what failed:\n%s' "$why"
[ -n "$failures" ] && printf 'failed:\n%s' "$failures"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
