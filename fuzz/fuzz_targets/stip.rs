//! Fuzz target: the statement-language reader must never panic, and every diagnostic must render.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for r in stipula::input::stip::read_stip(text, "fuzz.stip") {
            if let Err(d) = r {
                let _ = d.render();
            }
        }
    }
});
