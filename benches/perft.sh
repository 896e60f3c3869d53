#!/usr/bin/env bash
# Runs `cargo bench --bench perft` (stipula beside cozy-chess and shakmaty on the six standard perft positions,
# fairy positions, perft under Madrasi, Isardam and Eiffel beside plain perft; every node count asserted) and
# writes its tables to benches/PERFT.md with the date, the machine and its load. Usage: benches/perft.sh
set -uo pipefail
cd "$(dirname "$0")/.."
started=$(date -u '+%Y-%m-%d %H:%M UTC')
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
cores=$(nproc)
out=$(mktemp)
cargo bench --locked --bench perft 2>/dev/null | tee "$out"
[ "${PIPESTATUS[0]}" -eq 0 ] || { rm -f "$out"; echo "the bench failed"; exit 1; }
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
{
  echo "# Perft benchmark"
  echo
  echo "Written by \`benches/perft.sh\`; do not edit. Started $started; machine: $cores cores, $cpu; load average"
  echo "$load_before at the start, $load_after at the end. Nodes per second, without bulk counting (every leaf move"
  echo "is made), the median of 7 runs (each at least a quarter of a second); the runs compared (the three move generators, a condition and plain perft) run in turn. Node"
  echo "counts are asserted (published counts, or the naive reference's). Compare ratios within one run: the machine is"
  echo "shared with other work (the load average above). What each does per node: all three generate the legal moves"
  echo "(pins and check found once per node) and make each on a copy of the position (copy-make, no unmake);"
  echo "stipula keeps its position's 64-bit Zobrist key up to date at every move, as cozy-chess's board does;"
  echo "shakmaty's \`Chess\` keeps none. All three perfts have one shape: a leaf move is made, its position kept"
  echo "(\`std::hint::black_box\`) and counted where it is made, with no call for depth 0. stipula's perft runs the"
  echo "generator and the move-making the solver's searches use (\`Rules::legal_moves\`, \`Rules::for_each_legal\`), no"
  echo "perft-only path."
  echo
  echo '```'
  grep -v '^load average now' "$out" | grep -v '^ *Running\|^$' | sed -n '/^orthodox /,$p'
  echo '```'
} > benches/PERFT.md
rm -f "$out"
echo "written benches/PERFT.md"
