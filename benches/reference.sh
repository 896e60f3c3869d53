#!/usr/bin/env bash
# Times stipula beside Popeye, case by case in one run: every intell_* and hpint_* reference case of
# ../shared/popeye and the benchmark rows of ../shared/BENCHMARKS.md. Wall time, stipula as a user runs it (default
# table, all cores), Popeye as `py -maxmem 1G -regression` (one core); a case under half a second is run three
# times and its median kept. Prints stipula/Popeye per case and the geometric means, checks every answer against
# Popeye's output with the conformance test's comparison (a wrong answer fails the script; the check is not part
# of the time), and writes the results to benches/RESULTS.md.
# Usage: benches/reference.sh [LIMIT_SECONDS] (default 60). STIPULA_POPEYE_DIR, POPEYE and STIPULA (a stipula
# binary) override the defaults. CASES="ep_11 intell_8 ..." times only those cases (names without `BEISPIEL-`) and
# prints their table, without the answers' check and without writing benches/RESULTS.md.
set -uo pipefail
cd "$(dirname "$0")/.."
limit="${1:-60}"
dir="${STIPULA_POPEYE_DIR:-$(pwd)/../shared/popeye}"
popeye="${POPEYE:-$(pwd)/../shared/popeye-ref/py}"
[ -x "$popeye" ] || { echo "no Popeye binary at $popeye"; exit 2; }
cargo build --release --quiet || exit 1
stipula="${STIPULA:-target/release/stipula}"
rows="madrasi_1 madrasi_6 eiffel_4 eiffel_7 isardam_5 twin_28 castling_13 selfref_2 selfref_5 ep_11 castling_35 ep_2 nontriv_5 castling_45"
# The rows of ../shared/BENCHMARKS.md (their geometric mean and the rows that are not help or series play are
# summed up on their own).
bench_rows=$(grep -o 'BEISPIEL-[a-z0-9_]*' "$(pwd)/../shared/BENCHMARKS.md" 2>/dev/null | sort -u | tr '\n' ' ')
cases=$( { for r in $rows; do echo "BEISPIEL-$r"; done; cd "$dir" && ls BEISPIEL-intell_*.inp BEISPIEL-hpint_*.inp | sed 's/\.inp$//' | sort -t_ -k1,1 -k2,2n; } )
only="${CASES:-}"
[ -n "$only" ] && cases=$(for c in $only; do echo "BEISPIEL-$c"; done)

source benches/timing.sh

started=$(date -u '+%Y-%m-%d %H:%M UTC')
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
cores=$(nproc)
table=$(mktemp)
printf '%-24s %-10s %9s %9s %8s\n' case stipulation Popeye stipula ratio
for case in $cases; do
  inp="$dir/$case.inp"
  [ -f "$inp" ] || { echo "missing $inp"; exit 2; }
  stip=$(grep -iE '^[[:space:]]*(ford|stip|enon)[a-z]*[[:space:]]' "$inp" | head -1 | awk '{print $2}')
  p=$(timed "$popeye" -maxmem 1G -regression "$inp")
  s=$(timed "$stipula" solve "$inp")
  ratio=$(awk -v s="${s:-$limit}" -v p="${p:-$limit}" 'BEGIN { printf "%.2f", s / (p > 0.001 ? p : 0.001) }')
  printf '%-24s %-10s %9s %9s %8s\n' "$case" "$stip" "$(fmt "$p")" "$(fmt "$s")" "$ratio"
  echo "$case|$stip|$(fmt "$p")|$(fmt "$s")|$ratio" >> "$table"
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# Geometric means: over every case, and over those where Popeye needs 0.05 s or more.
summary=$(awk -F'|' '
  { p = ($3 ~ />/) ? substr($3, 2) : $3; s = ($4 ~ />/) ? substr($4, 2) : $4; r = s / (p > 0.001 ? p : 0.001);
    n++; l += log(r); if (r >= 1) slower++;
    if (p >= 0.05) { m++; lm += log(r); if (r >= 1) mslower++ } }
  END { printf "all %d cases: geometric mean %.2f, stipula not faster on %d\n", n, exp(l / n), slower;
        printf "%d cases where Popeye needs 0.05 s or more: geometric mean %.2f, stipula not faster on %d\n", m, exp(lm / m), mslower }' "$table")
bench=$(awk -F'|' -v rows="$bench_rows" '
  BEGIN { k = split(rows, r, " "); for (i = 1; i <= k; i++) want[r[i]] = 1 }
  $1 in want { p = ($3 ~ />/) ? substr($3, 2) : $3; s = ($4 ~ />/) ? substr($4, 2) : $4; x = s / (p > 0.001 ? p : 0.001);
    n++; l += log(x); if ($2 !~ /^(h|ser-)/) { b++; if (x > 0.6) over = over " " $1 " " sprintf("%.2f", x) } }
  END { if (n) printf "the %d rows of BENCHMARKS.md: geometric mean %.2f; of its %d rows that are not help or series play, over 0.6:%s\n", n, exp(l / n), b, (over == "" ? " none" : over) }' "$table")
[ -n "$bench" ] && summary="$summary"$'\n'"$bench"
echo "$summary"
[ -n "$only" ] && { rm -f "$table"; exit 0; }

# The answers, untimed: the conformance test's comparison with Popeye's output.
fail=0
verdicts=""
for filter in intell_ hpint_ $rows; do
  log=$(STIPULA_POPEYE_DIR="$dir" STIPULA_CASE_FILTER="$filter" STIPULA_CASE_SECONDS="$limit" \
    cargo test --release --quiet --test conformance -- --nocapture 2>&1)
  [ $? -ne 0 ] && fail=1
  verdicts+=$(echo "$log" | grep -E '^  [0-9]+ (agree|not supported|ran out|disagree)' | sed "s/^ */$filter: /")$'\n'
  echo "$log" | grep -E '^    ' | sed "s/^/$filter /"
done
echo "$verdicts" | grep -v '^$'
agree=$(echo "$verdicts" | awk '/agree with Popeye/ { n += $2 } END { print n + 0 }')
wrong=$(echo "$verdicts" | awk '/ disagree/ { n += $2 } END { print n + 0 }')
[ "$wrong" -ne 0 ] && fail=1

{
  echo "# Benchmark results"
  echo
  echo "Written by \`benches/reference.sh $limit\`; do not edit. Started $started; machine: $cores cores, $cpu;"
  echo "load average $load_before at the start, $load_after at the end. Wall times in seconds: stipula as a user runs"
  echo "it (default table, all cores), Popeye 4.104 as \`py -maxmem 1G -regression\` (one core), side by side case by"
  echo "case; a case under half a second is the median of three runs. Answers checked against Popeye's output by the"
  echo "conformance comparison: $agree agree, $wrong disagree."
  echo
  echo "$summary" | sed 's/^/- /'
  echo
  echo "| case | stipulation | Popeye s | stipula s | stipula/Popeye |"
  echo "|---|---|---|---|---|"
  awk -F'|' '{ printf "| %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5 }' "$table"
} > benches/RESULTS.md
rm -f "$table"
echo "written benches/RESULTS.md"
exit $fail
