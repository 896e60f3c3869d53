#!/usr/bin/env bash
# Rebuilds the expected outputs of these regression cases with Popeye's binary (default: the shipped
# ../../../shared/popeye-ref/py): CASE.out is its standard output, CASE.err its standard error when not empty.
# A case named *-nohash is solved without Popeye's hash table (-maxmem 0), which leaves out some help and series
# lines (README, deliberate differences).
set -euo pipefail
cd "$(dirname "$0")"
py="${1:-../../../shared/popeye-ref/py}"
for inp in *.inp; do
    case="${inp%.inp}"
    mem=1G
    [[ "$case" == *-nohash ]] && mem=0
    "$py" -maxmem "$mem" -regression "$inp" > "$case.out" 2> "$case.err" || true
    [ -s "$case.err" ] || rm -f "$case.err"
done
