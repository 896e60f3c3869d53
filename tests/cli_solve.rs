//! The `solve` command on the real binary: a shipped example, standard input, bad input.

use std::io::Write;
use std::process::{Command, Stdio};

fn stipula(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_stipula"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn seed_002_worked_example_has_the_single_key_be5() {
    // Seed 002 (Madrasi article, position in ../shared/seeds/README.md): as a #2 the single key is 1.Be5+!.
    let (code, out, _) = stipula(&["solve", "problems/examples/madrasi-worked-example.stip"], "");
    assert_eq!(code, 0);
    let keys: Vec<&str> = out.lines().filter(|l| l.ends_with(" !")).collect();
    assert_eq!(keys, vec!["   1.Ba1-e5 + !"]);
    assert!(out.ends_with("solution finished.\n"));
}

#[test]
fn helpmate_from_standard_input_in_popeye_format() {
    // BEISPIEL-castling_18 twin a) (../shared/popeye): Popeye's solution is 1.Kg8-h8 Th1-f1 2.Sh3-g1 Tf1-f8 #.
    let inp = "BeginProblem\nStipulation h#2\nPieces White Ke1 Rh1 Sg5 Black Kg8 Sh3 Pg7\nEndProblem\n";
    let (code, out, _) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("  1.")).collect();
    assert_eq!(lines, vec!["  1.Kg8-h8 Rh1-f1   2.Sh3-g1 Rf1-f8 #"], "{out}");
    let json = stipula(&["solve", "-", "--format", "json"], inp).1;
    assert!(json.contains("\"schema\": \"stipula.solve/1\""), "{json}");
}

#[test]
fn unsolvable_position_is_bad_input_with_location() {
    let inp = "BeginProblem\nStipulation #2\nPieces White Ke1 Pa8 Black Ke8\nEndProblem\n";
    let (code, out, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("-:1:1"), "{err}");
    assert!(err.contains("first or last rank"), "{err}");
    let (code, _, err) = stipula(&["solve", "no-such-file.inp"], "");
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    let inp = "BeginProblem\nStipulation #2\nOption WhiteToPlay\nPieces White Ke1 Qd1 Black Ke8\nEndProblem\n";
    let (code, _, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 2);
    assert!(err.contains("WhiteToPlay only applies to help play"), "{err}");
    let inp = "BeginProblem\nStipulation h#2\nOption Duplex HalfDuplex\nPieces White Ke1 Qd1 Black Ke8\nEndProblem\n";
    let (code, _, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 2);
    assert!(err.contains("Duplex and HalfDuplex contradict"), "{err}");
}
