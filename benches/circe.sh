#!/usr/bin/env bash
# Times stipula beside Popeye on the Circe-family problems of Popeye's example corpus (../shared/popeye-ref/src:
# every problem whose text names a condition of the family: Circe, Anti-Circe, Immune chess, Mars Circe, Phantom and
# Plus chess, and their variants) that stipula plays, case by case in one run.
#   1. The corpus runner (`conformance::popeye_corpus`, as benches/corpus.sh runs it) solves them with both solvers
#      and compares the answers, Popeye's output cache left out: a problem that differs fails the script. It also
#      writes each problem's text to target/circe-bench/ (STIPULA_CORPUS_DUMP).
#   2. Each problem both solved alike is timed one after the other: Popeye as `py -maxmem 1G -regression` (one
#      core), stipula as a user runs it (`stipula solve`, default table, all cores), wall time; a run under half a
#      second is repeated three times and its median kept. The problems where Popeye needs 0.05 s or more are
#      kept: stipula/Popeye per problem and the geometric mean.
# Writes the table with the date and the machine to benches/CIRCE.md.
# Usage: benches/circe.sh [LIMIT_SECONDS] (per solver and problem, default 20). POPEYE and STIPULA override the
# binaries.
set -uo pipefail
cd "$(dirname "$0")/.."
limit="${1:-20}"
popeye="${POPEYE:-$(pwd)/../shared/popeye-ref/py}"
[ -x "$popeye" ] || { echo "no Popeye binary at $popeye"; exit 2; }
cargo build --release --quiet || exit 1
stipula="${STIPULA:-target/release/stipula}"
dump=target/circe-bench
rm -rf "$dump"
mkdir -p "$dump"

# 1. The answers, compared (Popeye run afresh: no cache).
STIPULA_CORPUS=all STIPULA_CASE_SECONDS="$limit" STIPULA_CORPUS_CACHE=off STIPULA_CORPUS_DUMP="$(pwd)/$dump" \
  STIPULA_CASE_TEXT='circe|immun|phantom|pluschess|plusschach|echecsplus' \
  cargo test --release --locked --test it conformance::popeye_corpus -- --exact --nocapture > target/circe-bench.log 2>&1
status=$?
sed -n '1,3p' target/popeye-corpus.txt
[ $status -eq 0 ] || { echo "the answers differ: see target/popeye-corpus.txt"; exit 1; }
agreed=$(awk -F'\t' '$2 == "agree" { print $1 }' target/popeye-corpus.tsv)

# The wall time of a command in seconds ("" when it ran out of the limit).
run_once() {
  local t0 t1 rc
  t0=$(date +%s.%N)
  timeout "$limit" "$@" > /dev/null 2>&1
  rc=$?
  t1=$(date +%s.%N)
  [ $rc -eq 124 ] && { echo ""; return; }
  echo "$t1 - $t0" | bc -l
}

# The median of three runs for a short case, else the one run.
timed() {
  local a b c
  a=$(run_once "$@")
  if [ -n "$a" ] && [ "$(echo "$a < 0.5" | bc -l)" = 1 ]; then
    b=$(run_once "$@")
    c=$(run_once "$@")
    printf '%s\n%s\n%s\n' "$a" "$b" "$c" | sort -g | sed -n 2p
  else
    echo "$a"
  fi
}

# 2. The times, one solver after the other.
started=$(date -u '+%Y-%m-%d %H:%M UTC')
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
cores=$(nproc)
table=$(mktemp)
printf '%-36s %9s %9s %8s\n' problem Popeye stipula ratio
for name in $agreed; do
  file="$dump/$(echo "$name" | tr '/#' '__').inp"
  [ -f "$file" ] || continue
  p=$(timed "$popeye" -maxmem 1G -regression "$file")
  [ -n "$p" ] || continue
  [ "$(echo "$p >= 0.05" | bc -l)" = 1 ] || continue
  s=$(timed "$stipula" solve "$file")
  [ -n "$s" ] || { printf '%-36s %9.3f %9s\n' "$name" "$p" ">$limit"; echo "| $name | $(printf '%.3f' "$p") | >$limit | |" >> "$table"; continue; }
  r=$(echo "$s / $p" | bc -l)
  printf '%-36s %9.3f %9.3f %8.3f\n' "$name" "$p" "$s" "$r"
  printf '| %s | %.3f | %.3f | %.3f |\n' "$name" "$p" "$s" "$r" >> "$table"
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
summary=$(awk -F'|' 'NF > 4 && $5 ~ /[0-9]/ { n++; s += log($5 + 0) } END { if (n) printf "%d problems, geometric mean stipula/Popeye %.3f", n, exp(s / n); else print "no problem timed" }' "$table")
echo "$summary"
{
  echo "# The Circe family: stipula beside Popeye"
  echo
  echo "Written by \`benches/circe.sh $limit\` on $started: $cores cores ($cpu), load $load_before before and"
  echo "$load_after after. Popeye's example corpus, the problems under a Circe-family condition that stipula plays,"
  echo "both solvers agree on (checked in the same run) and Popeye needs 0.05 s or more for; wall seconds, Popeye"
  echo "\`-maxmem 1G -regression\` on one core, stipula \`solve\` with its defaults; compare ratios from one run."
  echo
  echo "$summary."
  echo
  echo "| problem | Popeye | stipula | stipula/Popeye |"
  echo "|---|---|---|---|"
  cat "$table"
} > benches/CIRCE.md
rm -f "$table"
echo "written: benches/CIRCE.md"
