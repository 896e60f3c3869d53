#!/usr/bin/env bash
# Times `stipula solve` on the benchmark problems of ../shared/BENCHMARKS.md, next to the reference solver's
# median times listed there, and checks each answer against Popeye's output with the conformance test's
# comparison (a fast wrong answer fails; the check is not part of the time). Usage: benches/reference.sh [LIMIT_SECONDS] (default 60).
set -uo pipefail
cd "$(dirname "$0")/.."
limit="${1:-60}"
dir="${STIPULA_POPEYE_DIR:-$(pwd)/../shared/popeye}"
cargo build --release --quiet || exit 1
printf '%-22s %10s %12s %s\n' case reference stipula verdict
fail=0
while read -r case ref; do
  [ -f "$dir/$case.inp" ] || { echo "missing $dir/$case.inp"; fail=1; continue; }
  # The time is the command line's, as a user runs it (default table size, all cores) ...
  t0=$(date +%s.%N)
  timeout "$limit" target/release/stipula solve "$dir/$case.inp" > /tmp/stipula-bench-$case.txt 2>&1
  t1=$(date +%s.%N)
  secs=$(echo "$t1 - $t0" | bc)
  # ... and the answer is checked, untimed, by the conformance test's comparison with Popeye's output.
  STIPULA_POPEYE_DIR="$dir" STIPULA_CASE_FILTER="$case" STIPULA_CASE_SECONDS="$limit" \
    cargo test --release --quiet --test it conformance -- --nocapture > /tmp/stipula-bench-$case.log 2>&1
  rc=$?
  if [ $rc -ne 0 ]; then verdict="WRONG"; fail=1
  elif grep -q "^  1 ran out" /tmp/stipula-bench-$case.log; then verdict="over ${limit} s"
  elif grep -q "^  1 not supported" /tmp/stipula-bench-$case.log; then verdict="not supported"
  else verdict="agrees"; fi
  printf '%-22s %9ss %11.2fs %s\n' "$case" "$ref" "$secs" "$verdict"
done <<'LIST'
BEISPIEL-madrasi_1 0.61
BEISPIEL-madrasi_6 0.42
BEISPIEL-eiffel_4 0.54
BEISPIEL-eiffel_7 0.57
BEISPIEL-isardam_5 0.26
BEISPIEL-twin_28 0.33
BEISPIEL-castling_13 0.61
BEISPIEL-selfref_2 0.54
BEISPIEL-selfref_5 5.59
BEISPIEL-ep_11 31.4
BEISPIEL-castling_35 1.87
BEISPIEL-intell_93 1.18
BEISPIEL-intell_40 1.56
BEISPIEL-castling_45 10.0
BEISPIEL-hpint_28 13.7
LIST
exit $fail
