//! Fuzz target: the YAML reader must never panic; what it reads must survive writing and reading back.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for r in stipula::input::yaml::read_yaml(text, "fuzz.yaml") {
            match r {
                Ok(p) => {
                    let _ = stipula::input::yaml::read_yaml(&stipula::input::yaml::write_yaml(&[p]), "w.yaml");
                }
                Err(d) => {
                    let _ = d.render();
                }
            }
        }
    }
});
