#!/usr/bin/env bash
# Runs Popeye's whole example corpus (src/BEISPIEL, src/EXAMPLES, src/REGRESSIONS, src/TESTS of
# ../shared/popeye-ref: 2 702 problems) through stipula and Popeye, as the test `conformance::popeye_corpus` does
# for its sample in CI: every problem stipula plays is solved by both and compared, the others are counted by the
# first reason stipula gives for refusing them. Writes target/popeye-corpus.txt (the counts, the refusals by
# reason, the problems over the limit, every disagreement with both outputs) and target/popeye-corpus.tsv (one
# line per problem: outcome, reason or what differs, each solver's seconds). Popeye's outputs are kept in
# target/popeye-cache/, so a second run takes only stipula's time. The counts go into README.md, the most frequent
# reasons of refusal into docs/testing.md (between their `popeye-corpus` markers).
# Usage: benches/corpus.sh [LIMIT_SECONDS] (per solver and problem, default 10). STIPULA_POPEYE_REF and
# STIPULA_POPEYE_BIN override where Popeye's source and binary are. Exit code 1 when a problem disagrees.
set -uo pipefail
cd "$(dirname "$0")/.."
export STIPULA_CASE_SECONDS="${1:-10}"
export STIPULA_CORPUS=all
# The test finds Popeye as this does (the variables are left as they are: a change rebuilds the tests).
bin="${STIPULA_POPEYE_BIN:-${STIPULA_POPEYE_REF:-$(pwd)/../shared/popeye-ref}/py}"
[ -x "$bin" ] || { echo "no Popeye binary at $bin (.ci/run shows how to build one)"; exit 2; }
mkdir -p target
cargo test --release --locked --test it conformance::popeye_corpus -- --exact --nocapture > target/popeye-corpus.log 2>&1
status=$?
sed -n '1,4p' target/popeye-corpus.txt 2>/dev/null || tail -n 20 target/popeye-corpus.log
# The counts into the README and the most frequent refusals into docs/testing.md, between their markers.
splice() { # FILE MARK FRAGMENT
  awk -v mark="$2" -v frag="$3" '
    $0 == "<!-- " mark " begin -->" { print; while ((getline l < frag) > 0) print l; skip = 1; next }
    $0 == "<!-- " mark " end -->" { skip = 0 }
    !skip' "$1" > "$1.new" && mv "$1.new" "$1"
}
if [ -f target/popeye-corpus.md ]; then
  splice README.md popeye-corpus target/popeye-corpus-readme.md
  splice docs/testing.md popeye-corpus target/popeye-corpus.md
  echo "written into README.md and docs/testing.md"
fi
echo "report: target/popeye-corpus.txt, per problem: target/popeye-corpus.tsv, test output: target/popeye-corpus.log"
exit "$status"
