//! Fuzz target for the Yaml reader, used as the command line uses it on a `.yaml` file: see `common.rs`
//! for what is checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| common::check("fuzz.yaml", stipula::input::Format::Yaml, data));
