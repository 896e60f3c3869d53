//! What every fuzz target checks, the way the command line uses a reader: `stipula solve FILE` and
//! `stipula convert FILE` read the file with `std::fs::read_to_string` (so only UTF-8 gets through) and call
//! `stipula::input::read_any(FILE, &text)`, which picks the reader by the file's extension. Each error is
//! rendered; each problem is printed (`stipulation`, as `solve --format json` does) and converted to YAML
//! (`entry_to_yaml`, as `convert` does).
//!
//! Checked, beyond "no panic":
//! - the extension picks the reader the target is for;
//! - every problem read converts to a YAML entry that reads back as exactly one problem, without error,
//!   equal to the one read (the file location, the FEN's castling and en-passant state and the piece
//!   order aside, as in `tests/yaml_round_trip.rs`), and writing it again gives the same text.

use stipula::input::{detect, read_any, yaml, Format};
use stipula::output::yaml as yaml_out;
use stipula::problem::Problem;

pub fn check(file: &str, format: Format, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    assert_eq!(detect(file, text), format);
    for r in read_any(file, text) {
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
