#!/usr/bin/env bash
# Every proof game (`dia`, `a=>b`) of Popeye's example corpus (src/BEISPIEL, src/EXAMPLES, src/REGRESSIONS,
# src/TESTS of ../shared/popeye-ref, or STIPULA_POPEYE_REF), solved by stipula and by Popeye's binary and compared
# line for line (tests/it/proof_games.rs, popeye_corpus_proof_games). Prints the report and keeps it in
# target/proof-corpus.txt: how many agree, which stipula refuses and why, which ran out of the limit, and every
# disagreement with both outputs. Exit status 0 when none disagrees.
# Usage: benches/proof-corpus.sh [LIMIT_SECONDS] (default 60 per problem).
set -uo pipefail
cd "$(dirname "$0")/.."
STIPULA_CASE_SECONDS="${1:-60}" cargo test --release --locked --test it proof_games::popeye_corpus_proof_games -- --ignored --nocapture
