//! Fuzz target for the Popeye reader, used as the command line uses it on a `.inp` file: see `common.rs`
//! for what is checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| common::check("fuzz.inp", stipula::input::Format::Popeye, data));
