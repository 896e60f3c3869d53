//! What the `solve` fuzz target and the stable-Rust test `tests/fuzz_solve.rs` do with an input: read it as the
//! command line reads a file (`stipula::input::read_bytes`: any bytes, a BOM, Latin-1), then solve, verify and
//! explain every problem read, twins included, under small limits (a 1 MB table, 20 ms per search, 20 lines).
//!
//! Checked: nothing panics, and each problem is done in far less than [`BOUND`] (the searches stop at their
//! time limit; what follows them is bounded by the lines kept). A failed check is a panic, which libFuzzer
//! reports as a crash and the test as a failure.

use std::time::{Duration, Instant};
use stipula::explain::walkthrough::explain_problem;
use stipula::input::read_bytes;
use stipula::output::text::render;
use stipula::solve::run::{solve_problem, Settings};
use stipula::verify::verify_problem;

/// Far more than any problem may take under [`settings`]: a problem over it hangs.
pub const BOUND: Duration = Duration::from_secs(10);

/// The limits every problem is solved under.
pub fn settings() -> Settings {
    Settings { hash_mb: 1, time_limit: Some(Duration::from_millis(20)), max_lines: 20, ..Settings::default() }
}

/// The file name an input is read as: the format is chosen by its first byte (`.inp`, `.stip`, `.yaml`, or a
/// name without extension, whose format is recognised by the content), the rest is the file.
pub fn split(data: &[u8]) -> (&'static str, &[u8]) {
    const NAMES: [&str; 4] = ["fuzz.inp", "fuzz.stip", "fuzz.yaml", "-"];
    match data.split_first() {
        Some((&b, rest)) => (NAMES[usize::from(b) % NAMES.len()], rest),
        None => (NAMES[3], data),
    }
}

/// Reads `data` as the file `file` and solves, verifies and explains each problem; returns how many problems
/// were read and solved.
pub fn solve_input(file: &str, data: &[u8]) -> usize {
    let reading = read_bytes(file, data);
    for w in &reading.warnings {
        let _ = w.render_as("warning");
    }
    let mut solved = 0;
    for r in reading.problems {
        let p = match r.problem {
            Ok(p) => p,
            Err(d) => {
                let _ = d.render();
                continue;
            }
        };
        let t0 = Instant::now();
        let s = settings();
        let twins = solve_problem(&p, &s);
        let _ = render(&p, &twins);
        let _ = verify_problem(&p, &s);
        let _ = explain_problem(&p, &s);
        let took = t0.elapsed();
        assert!(took < BOUND, "a problem took {took:?} under a 20 ms time limit:\n{}", String::from_utf8_lossy(data));
        solved += 1;
    }
    solved
}
