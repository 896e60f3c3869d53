//! What every reader fuzz target checks, the way the command line uses a reader: `stipula solve FILE` and
//! `stipula convert FILE` read the file's bytes with `stipula::input::read_bytes(FILE, bytes)` (a byte-order
//! mark passed over, bytes that are not UTF-8 read as Latin-1), which picks the reader by the file's extension.
//! Each error and warning is rendered; each problem is printed (`stipulation`, as `solve --format json` does)
//! and converted to YAML (`entry_to_yaml`, as `convert` does).
//!
//! Checked, beyond "no panic":
//! - the extension picks the reader the target is for;
//! - each problem's text span lies in the text;
//! - every problem read converts to a YAML entry that reads back as exactly one problem, without error,
//!   equal to the one read (the file location, the FEN's castling and en-passant state and the piece
//!   order aside, as in `tests/yaml_round_trip.rs`), and writing it again gives the same text.

use stipula::input::{detect, read_bytes, yaml, Format};
use stipula::output::yaml as yaml_out;
use stipula::problem::Problem;

pub fn check(file: &str, format: Format, data: &[u8]) {
    let reading = read_bytes(file, data);
    assert_eq!(detect(file, &reading.text), format);
    for w in &reading.warnings {
        let _ = w.render_as("warning");
    }
    for (i, r) in reading.problems.iter().enumerate() {
        assert!(reading.text.get(r.span.clone()).is_some(), "span {:?} out of the text", r.span);
        let _ = reading.fingerprint(i);
    }
    for r in reading.problems.into_iter().map(|r| r.problem) {
        match r {
            Err(d) => {
                let _ = d.render();
            }
            Ok(p) => {
                let _ = p.stipulation.to_string();
                round_trip(p);
            }
        }
    }
}

fn round_trip(mut a: Problem) {
    let written = yaml_out::entry_to_yaml(&a, None);
    let mut back = yaml::read_yaml(&written, "w.yaml");
    assert_eq!(back.len(), 1, "the entry written reads back as {} problems:\n{written}", back.len());
    let mut b = match back.remove(0) {
        Ok(b) => b,
        Err(d) => panic!("the entry written does not read back:\n{written}\n{}", d.render()),
    };
    assert_eq!(yaml_out::entry_to_yaml(&b, None), written, "writing again differs");
    a.location = Default::default();
    b.location = Default::default();
    a.state = Default::default();
    b.state = Default::default();
    a.pieces.sort_by_key(|p| (p.color, p.square));
    b.pieces.sort_by_key(|p| (p.color, p.square));
    assert_eq!(a, b, "the entry written reads back as another problem:\n{written}");
}
