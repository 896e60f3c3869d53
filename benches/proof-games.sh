#!/usr/bin/env bash
# Times stipula beside Popeye on public shortest proof games of 10 to 24 half-moves (benches/proof-games.txt:
# PDB ids, authors, sources), case by case in one run. Each is asked as `exact-diaN` (only games of the stated
# length: a shortest proof game has none shorter). Wall times: stipula as a user runs it (default table, all
# cores), Popeye 4.104 as `py -maxmem 1G -regression` (one core); a case under half a second is run three times and
# its median kept. The answers are checked on the output of the timed run: where both finish, the same games (as
# sets of lines); where only stipula finishes, as many games as the source states. A wrong answer fails the
# script. Writes the table, with the date and the machine, to benches/PROOF-GAMES.md.
# Usage: benches/proof-games.sh [LIMIT_SECONDS] (default 60). POPEYE and STIPULA (binaries) override the
# defaults; CASES="P0008150 P1000442" runs only those (without writing the table); LIST and OUT another list and
# table (the long proof games: LIST=benches/proof-games-long.txt OUT=benches/PROOF-GAMES-LONG.md).
set -uo pipefail
cd "$(dirname "$0")/.."
limit="${1:-60}"
popeye="${POPEYE:-$(pwd)/../shared/popeye-ref/py}"
[ -x "$popeye" ] || { echo "no Popeye binary at $popeye"; exit 2; }
cargo build --release --quiet || exit 1
stipula="${STIPULA:-target/release/stipula}"
only="${CASES:-}"
list="${LIST:-benches/proof-games.txt}"
out="${OUT:-benches/PROOF-GAMES.md}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

source benches/timing.sh
# The wall time of a command as `timed` takes it (benches/timing.sh), its output kept in the file $1 (that of the
# last run; empty when out of the limit).
timed_into() {
  local file=$1 a b c
  shift
  a=$(run_into "$file" "$@")
  if [ -n "$a" ] && [ "$(echo "$a < 0.5" | bc -l)" = 1 ]; then
    b=$(run_into "$file" "$@"); c=$(run_into "$file" "$@")
    printf '%s\n%s\n%s\n' "$a" "$b" "$c" | sort -g | sed -n 2p
  else
    echo "$a"
  fi
}
run_into() {
  local file=$1 t0 t1 rc
  shift
  t0=$(date +%s.%N)
  timeout "$limit" "$@" > "$file" 2>/dev/null
  rc=$?
  t1=$(date +%s.%N)
  [ $rc -eq 124 ] && { : > "$file"; echo ""; return; }
  echo "$t1 - $t0" | bc -l
}

# The games of a solver's output, one per line, sorted.
games() { grep -E ' dia$' | sed 's/^ *//' | sort; }

started=$(date -u '+%Y-%m-%d %H:%M UTC')
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
cores=$(nproc)
table="$work/table"
fail=0
printf '%-9s %5s %9s %9s %8s  %s\n' case plies Popeye stipula ratio answer
grep -v '^#' "$list" | while IFS='|' read -r id author source fen plies solutions; do
  [ -n "$only" ] && [[ " $only " != *" $id "* ]] && continue
  # Euclide's French letters as Popeye's English ones (its Forsyth: S for the knight).
  fen_en=$(echo "$fen" | tr 'tcfdrTCFDR' 'rsbqkRSBQK')
  half=""; [ $((plies % 2)) -eq 1 ] && half=".5"
  inp="$work/$id.inp"
  printf 'BeginProblem\nAuthor %s\nOrigin %s\nForsyth %s\nStipulation exact-dia%d%s\nEndProblem\n' "$author" "$source" "$fen_en" $((plies / 2)) "$half" > "$inp"
  p=$(timed_into "$work/p.out" "$popeye" -maxmem 1G -regression "$inp")
  s=$(timed_into "$work/s.out" "$stipula" solve "$inp")
  # The answers, from the timed runs' output.
  sg=$(games < "$work/s.out")
  answer="ok"
  if [ -z "$s" ]; then
    answer="stipula out of time"
  elif [ -n "$p" ]; then
    pg=$(games < "$work/p.out")
    [ "$pg" = "$sg" ] || answer="DIFFERS from Popeye"
  else
    [ "$(echo "$sg" | grep -c .)" -eq "$solutions" ] || answer="NOT the $solutions game(s) of the source"
  fi
  ratio=$(awk -v s="${s:-$limit}" -v p="${p:-$limit}" 'BEGIN { printf "%.2f", s / (p > 0.001 ? p : 0.001) }')
  [ -z "$p" ] && ratio="<$ratio"
  printf '%-9s %5s %9s %9s %8s  %s\n' "$id" "$plies" "$(fmt "$p")" "$(fmt "$s")" "$ratio" "$answer"
  echo "$id|$author, $source|$plies|$(fmt "$p")|$(fmt "$s")|$ratio|$answer" >> "$table"
done
[ -f "$table" ] || exit 2
grep -qE 'DIFFERS|NOT the' "$table" && fail=1
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
summary=$(awk -F'|' '
  { p = ($4 ~ />/) ? substr($4, 2) : $4; s = ($5 ~ />/) ? substr($5, 2) : $5; r = s / (p > 0.001 ? p : 0.001);
    n++; l += log(r); if (r >= 1) slower++; if ($5 !~ />/) solved++; if ($4 !~ />/) psolved++;
    if (p >= 0.05) { m++; lm += log(r); if (r >= 1) mslower++ } }
  END { printf "%d cases: stipula solves %d within the limit, Popeye %d; geometric mean of stipula/Popeye %.2f (a case out of time counted at the limit), stipula not faster on %d\n", n, solved, psolved, exp(l / n), slower;
        printf "%d cases where Popeye needs 0.05 s or more: geometric mean %.2f, stipula not faster on %d\n", m, exp(lm / m), mslower }' "$table")
echo "$summary"
[ -n "$only" ] && exit $fail
{
  echo "# Proof-game benchmark"
  echo
  echo "Written by \`LIST=$list OUT=$out benches/proof-games.sh $limit\`; do not edit. Started $started; machine: $cores cores, $cpu;"
  echo "load average $load_before at the start, $load_after at the end. Each problem of \`$list\`"
  echo "asked as \`exact-diaN\`; wall times in seconds, stipula as a user runs it (default table, all cores), Popeye"
  echo "4.104 as \`py -maxmem 1G -regression\` (one core), side by side case by case; a case under half a second is the"
  echo "median of three runs; \`>$limit\`: out of the limit. Answers: the same games as Popeye's where both finish, the"
  echo "source's number of games where only stipula does."
  echo
  echo "$summary" | sed 's/^/- /'
  echo
  echo "| PDB | problem | half-moves | Popeye s | stipula s | stipula/Popeye | answer |"
  echo "|---|---|---|---|---|---|---|"
  awk -F'|' '{ printf "| %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7 }' "$table"
} > "$out"
echo "written $out"
exit $fail
