//! Fuzz target: the Popeye reader must never panic, whatever UTF-8 it is given.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for r in stipula::input::popeye::read_popeye(text, "fuzz.inp") {
            if let Err(d) = r {
                let _ = d.render();
            }
        }
    }
});
