#!/usr/bin/env bash
# Times stipula beside Popeye, problem by problem in one run, on the problems of Popeye's example corpus that use a
# family of features: every problem stipula plays whose text contains one of the WORDs (any case; `circe` finds
# Circe, AntiCirce, MarsCirce, ...). First each one is compared with Popeye (the corpus runner's comparison,
# untimed; a disagreement fails the script), then both solvers are timed on the ones that agree, as
# benches/reference.sh times them: wall time, stipula as a user runs it (`stipula solve`, default table, all
# cores), Popeye as `py -maxmem 1G -regression` (one core), a problem under half a second the median of three runs.
# Prints stipula/Popeye per problem and the geometric mean over the problems where Popeye needs 0.05 s or more, and
# writes them to benches/SPEED-NAME.md.
# Usage: benches/corpus-speed.sh NAME WORD... (e.g. `benches/corpus-speed.sh circe circe immun`). LIMIT (seconds
# per solver and problem, default 60), POPEYE and STIPULA override the defaults.
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: benches/corpus-speed.sh NAME WORD..."; exit 2; }
name="$1"; shift
limit="${LIMIT:-60}"
popeye="${POPEYE:-$(pwd)/../shared/popeye-ref/py}"
[ -x "$popeye" ] || { echo "no Popeye binary at $popeye"; exit 2; }
cargo build --release --quiet || exit 1
cargo build --release --quiet --example difftest || exit 1
stipula="${STIPULA:-target/release/stipula}"
dir="target/corpus-speed/$name"
rm -rf "$dir"
any=()
for w in "$@"; do any+=(--any "$w"); done
echo "comparing with Popeye (untimed) ..."
verdicts=$(target/release/examples/difftest --popeye "$popeye" --seconds "$limit" --corpus-extract "$dir" "${any[@]}")
fail=$?
echo "$verdicts" | awk -F'\t' '{ n[$2]++ } END { for (k in n) printf "  %d %s\n", n[k], k }'
echo "$verdicts" | grep -P '\tDIFFER$' | sed 's/^/  differs: /'

source benches/timing.sh

started=$(date -u '+%Y-%m-%d %H:%M UTC')
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
cores=$(nproc)
table=$(mktemp)
printf '%-36s %9s %9s %8s\n' problem Popeye stipula ratio
for inp in "$dir"/*.inp; do
  [ -f "$inp" ] || continue
  case=$(basename "$inp" .inp)
  p=$(timed "$popeye" -maxmem 1G -regression "$inp")
  s=$(timed "$stipula" solve "$inp")
  ratio=$(awk -v s="${s:-$limit}" -v p="${p:-$limit}" 'BEGIN { printf "%.2f", s / (p > 0.001 ? p : 0.001) }')
  printf '%-36s %9s %9s %8s\n' "$case" "$(fmt "$p")" "$(fmt "$s")" "$ratio"
  echo "$case|$(fmt "$p")|$(fmt "$s")|$ratio" >> "$table"
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
summary=$(awk -F'|' '
  { p = ($2 ~ />/) ? substr($2, 2) : $2; s = ($3 ~ />/) ? substr($3, 2) : $3; r = s / (p > 0.001 ? p : 0.001);
    n++; if (p >= 0.05) { m++; lm += log(r); if (r >= 1) { slower++; which = which " " $1 } } }
  END { if (m) printf "%d of %d problems where Popeye needs 0.05 s or more: geometric mean %.2f, stipula not faster on %d%s\n", m, n, exp(lm / m), slower, (slower ? ":" which : "");
        else printf "%d problems, none where Popeye needs 0.05 s or more\n", n }' "$table")
echo "$summary"
{
  echo "# Speed beside Popeye: $name"
  echo
  echo "Written by \`benches/corpus-speed.sh $name $*\`; do not edit. Started $started; machine: $cores cores, $cpu;"
  echo "load average $load_before at the start, $load_after at the end. The problems of Popeye's example corpus that"
  echo "stipula plays and whose text names one of: $*; each compared with Popeye first (all those timed agree). Wall"
  echo "times in seconds, side by side problem by problem: stipula as a user runs it (default table, all cores),"
  echo "Popeye 4.104 as \`py -maxmem 1G -regression\` (one core); a problem under half a second is the median of three."
  echo
  echo "- $summary"
  echo
  echo "| problem | Popeye s | stipula s | stipula/Popeye |"
  echo "|---|---|---|---|"
  awk -F'|' '{ printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }' "$table"
} > "benches/SPEED-$name.md"
rm -f "$table"
echo "written benches/SPEED-$name.md"
exit $fail
