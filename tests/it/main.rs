//! stipula's integration tests, in one binary (one link instead of one per file): each module is what was a
//! test file. `cargo test --release --locked` runs them all; `cargo test --release --test it MODULE` one module
//! (`conformance`, `cli_solve`, …).
//!
//! Tests that need a corpus outside the repository (the Popeye reference cases of `../shared/popeye`, or the folder
//! `STIPULA_POPEYE_DIR` names) are ignored, with the reason, when it is not there, and fail when it is missing
//! under CI (`CI` set): see `build.rs`. The same for the tests that run Popeye's binary (the differential test,
//! Popeye's regression problems). They are never a silent pass.

mod common;
mod playout;

mod attributes_naive;
mod browser_page;
mod circe_naive;
mod cli_batch;
mod cli_explain;
mod cli_limits;
mod cli_perft;
mod cli_pipe;
mod cli_robust;
mod cli_solve;
mod cli_verify;
mod conditions_naive;
mod conformance;
mod cozy_diff;
mod differential;
mod difftest;
mod fairy_naive;
mod fuzz_solve;
mod goal_picture;
mod grammar_examples;
mod input_errors;
mod layers;
mod legal_generation;
mod perft;
mod perft_fairy;
mod planning_search;
mod popeye_dropin;
mod popeye_errors;
mod popeye_reader;
mod proof_games;
mod search_shortcuts;
mod short_solutions;
mod solution_model;
mod stated_solutions;
mod vocabulary;
mod yacpdb_collection;
mod yaml_round_trip;
