//! Fuzz target for solving: any bytes, read as a problem file of the format its first byte picks, every
//! problem solved, verified and explained with twins under small limits (see `solving.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

mod solving;

fuzz_target!(|data: &[u8]| {
    let (file, text) = solving::split(data);
    solving::solve_input(file, text);
});
