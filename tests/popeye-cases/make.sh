#!/usr/bin/env bash
# Rebuilds the expected outputs of these regression cases with Popeye's binary (default: the shipped
# ../../../shared/popeye-ref/py): CASE.out is its standard output, CASE.err its standard error when not empty.
set -euo pipefail
cd "$(dirname "$0")"
py="${1:-../../../shared/popeye-ref/py}"
for inp in *.inp; do
    case="${inp%.inp}"
    "$py" -maxmem 1G -regression "$inp" > "$case.out" 2> "$case.err" || true
    [ -s "$case.err" ] || rm -f "$case.err"
done
