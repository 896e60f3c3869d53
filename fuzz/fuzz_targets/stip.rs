//! Fuzz target for the Stip reader, used as the command line uses it on a `.stip` file: see `common.rs`
//! for what is checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| common::check("fuzz.stip", stipula::input::Format::Stip, data));
