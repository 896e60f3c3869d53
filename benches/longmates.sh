#!/usr/bin/env bash
# Times stipula beside Popeye on the long direct mates of ../shared/longmates (ten positions each of #5 to #12 from
# the ChestUCI file), case by case in one run: wall time, stipula as a user runs it (default table, all cores),
# Popeye as `py -maxmem 1G -regression` (one core), each run once with a limit. Checks every answer: a case Popeye
# finishes is compared with Popeye's output by the conformance test's comparison; for a case Popeye does not
# finish, stipula must have found a key and `#(n-1)` must have none (solved by stipula, with the limit). A wrong
# answer fails the script. Prints the cases with stipula/Popeye, then per length the median time of each, the
# cases over the limit and the ratio of the medians, and writes that table into README.md (between the
# `longmates` markers) with the date and the machine.
# Usage: benches/longmates.sh [LIMIT_SECONDS] (default 60). LENGTHS="5 6 7" runs only those lengths (default 5 to
# 12); STIPULA_LONGMATES (the folder), POPEYE and STIPULA (a stipula binary) override the defaults.
set -uo pipefail
cd "$(dirname "$0")/.."
limit="${1:-60}"
dir="${STIPULA_LONGMATES:-$(pwd)/../shared/longmates}"
popeye="${POPEYE:-$(pwd)/../shared/popeye-ref/py}"
lengths="${LENGTHS:-5 6 7 8 9 10 11 12}"
[ -x "$popeye" ] || { echo "no Popeye binary at $popeye"; exit 2; }
[ -d "$dir" ] || { echo "no folder $dir"; exit 2; }
cargo build --release --quiet || exit 1
stipula="${STIPULA:-target/release/stipula}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/ref"

# Runs a command with the limit, its standard output to $2; prints the wall time in seconds, "" when out of time.
run() {
  local out=$1 t0 t1 rc
  shift
  t0=$(date +%s.%N)
  timeout "$limit" "$@" > "$out" 2> /dev/null
  rc=$?
  t1=$(date +%s.%N)
  [ $rc -eq 124 ] && { echo ""; return; }
  echo "$t1 - $t0" | bc -l
}

fmt() { if [ -n "$1" ]; then printf '%.2f' "$1"; else printf '>%s' "$limit"; fi; }

started=$(date -u '+%Y-%m-%d %H:%M UTC')
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
cores=$(nproc)
rows=$(mktemp)
fail=0
checked=0
unchecked=0
printf '%-10s %-5s %9s %9s %7s  %s\n' case stip Popeye stipula ratio check
for n in $lengths; do
  for inp in "$dir"/m$(printf '%02d' "$n")_*.inp; do
    [ -f "$inp" ] || continue
    case=$(basename "$inp" .inp)
    p=$(run "$work/$case.py" "$popeye" -maxmem 1G -regression "$inp")
    s=$(run "$work/$case.st" "$stipula" solve "$inp")
    check=""
    if [ -n "$p" ]; then
      cp "$inp" "$work/ref/"; cp "$work/$case.py" "$work/ref/$case.out"
      check="vs Popeye"
    elif [ -n "$s" ]; then
      # Popeye did not finish: stipula's keys (lines `1.… !`) and no solution of one move fewer.
      keys=$(grep -cE '^ *1\.[^?]* !( |$)' "$work/$case.st")
      sed "s/^Stipulation #$n\$/Stipulation #$((n - 1))/" "$inp" > "$work/$case.short.inp"
      short=$(run "$work/$case.short" "$stipula" solve "$work/$case.short.inp")
      shortkeys=$(grep -cE '^ *1\.[^?]* !( |$)' "$work/$case.short" 2>/dev/null)
      if [ "$keys" -ge 1 ] && [ -n "$short" ] && [ "$shortkeys" -eq 0 ]; then
        check="$keys key(s), no #$((n - 1))"; checked=$((checked + 1))
      elif [ -z "$short" ]; then
        check="$keys key(s), #$((n - 1)) out of time"; unchecked=$((unchecked + 1))
      else
        check="WRONG: $keys key(s), $shortkeys key(s) of #$((n - 1))"; fail=1
      fi
    else
      check="neither finished"; unchecked=$((unchecked + 1))
    fi
    ratio=$(awk -v s="${s:-$limit}" -v p="${p:-$limit}" 'BEGIN { printf "%.3f", s / (p > 0.001 ? p : 0.001) }')
    printf '%-10s #%-4s %9s %9s %7s  %s\n' "$case" "$n" "$(fmt "$p")" "$(fmt "$s")" "$ratio" "$check"
    echo "$n|$case|${p:-}|${s:-}" >> "$rows"
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# The cases Popeye finished, compared with its output as the conformance test compares.
agree=0
if ls "$work/ref/"*.inp > /dev/null 2>&1; then
  log=$(STIPULA_POPEYE_DIR="$work/ref" STIPULA_CASE_SECONDS="$limit" cargo test --release --quiet --test conformance -- --nocapture 2>&1)
  [ $? -ne 0 ] && fail=1
  echo "$log" | grep -E '^  [0-9]+ |^    '
  agree=$(echo "$log" | awk '/agree with Popeye/ { print $1; exit }')
  echo "$log" | grep -qE '^  0 disagree' || fail=1
fi

# Per length: the medians (a case out of time counts as the limit), the cases over the limit, the medians' ratio.
table=$(sort -t'|' -k1,1n "$rows" | awk -F'|' -v limit="$limit" '
  function median(a, k,   i, j, t) {
    for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
  }
  function flush() {
    if (!k) return
    mp = median(P, k); ms = median(S, k)
    printf "| #%s | %d | %s%.2f | %d | %s%.2f | %d | %.2f%s |\n", len, k, (op > k / 2 ? ">" : ""), mp, op, (os > k / 2 ? ">" : ""), ms, os, ms / mp, (op > k / 2 ? " (at most)" : "")
    delete P; delete S; k = 0; op = 0; os = 0
  }
  $1 != len { flush(); len = $1 }
  { k++; P[k] = ($3 == "") ? limit : $3; S[k] = ($4 == "") ? limit : $4; if ($3 == "") op++; if ($4 == "") os++ }
  END { flush() }')
rm -f "$rows"
block=$(
  echo "Written by \`benches/longmates.sh $limit\` (lengths $lengths), started $started; machine: $cores cores, $cpu; load"
  echo "average $load_before at the start, $load_after at the end. Wall times in seconds, each case run once, side by side:"
  echo "stipula as a user runs it (default table, all cores), Popeye 4.104 as \`py -maxmem 1G -regression\` (one core); a"
  echo "case out of the ${limit} s limit counts as ${limit} s in the medians. Answers: ${agree:-0} cases Popeye finished agree"
  echo "with its output; of the others, $checked have stipula's keys found and no solution of \`#(n-1)\`, $unchecked were left"
  echo "unchecked (stipula or its \`#(n-1)\` out of the limit too)."
  echo
  echo "| length | cases | Popeye median s | Popeye over ${limit} s | stipula median s | stipula over ${limit} s | stipula/Popeye (medians) |"
  echo "|---|---|---|---|---|---|---|"
  echo "$table"
)
echo "$block"
if [ -f README.md ] && grep -q '<!-- longmates:begin -->' README.md; then
  awk -v block="$block" '
    /<!-- longmates:begin -->/ { print; print block; skip = 1; next }
    /<!-- longmates:end -->/ { skip = 0 }
    !skip { print }' README.md > "$work/README.md" && cp "$work/README.md" README.md
  echo "written README.md"
fi
exit $fail
