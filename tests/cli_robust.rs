//! What no user input may do to the real binary: crash it, hang it, or lose a result. Each test is one defect
//! once found by feeding stipula mutated inputs and arguments; it runs the binary as a user does.

use std::process::Command;

fn stipula(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stipula")).args(args).env_remove("RUST_BACKTRACE").output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// A fresh folder of this test binary's own (tests run in parallel: each test names its own).
fn dir(name: &str) -> std::path::PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_robust").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

/// `move d1 d1` in each reader's words: stipula's `twin:`, Popeye's English `Twin Move`, Popeye's German
/// `Zwilling versetze`, and a YAML `twins:` entry. Each once panicked in every subcommand.
const SAME_SQUARE_TWINS: &[(&str, &str, &str)] = &[
    ("twin.stip", "white: Kb6 Qd1 Rh1\nblack: Kb8\nstipulation: #2\ntwin: move d1 d1\n", "4:15"),
    ("twin.inp", "BeginProblem\nStipulation #2\nPieces White Kb6 Qd1 Rh1 Black Kb8\nTwin Move d1 d1\nEndProblem\n", "4:14"),
    ("twin_de.inp", "AnfangProblem\nForderung #2\nSteine Weiss Kb6 Dd3 Th1 Schwarz Kb8\nZwilling versetze d3 d3\nEndeProblem\n", "4:22"),
    ("twin.yaml", "algebraic:\n  white: [Kb6, Qd1, Rh1]\n  black: [Kb8]\nstipulation: \"#2\"\ntwins:\n  b: Move d1 d1\n", "6:14"),
];

#[test]
fn a_twin_onto_its_own_square_is_refused_where_it_is_written() {
    let d = dir("twins");
    for (name, text, at) in SAME_SQUARE_TWINS {
        let f = write(&d, name, text);
        let (code, out, err) = stipula(&["solve", &f]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(err.contains("names the square") && err.contains(&format!("{name}:{at}")), "{name}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        let (code, out, err) = stipula(&["explain", &f]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(err.contains(&format!("{name}:{at}")), "{name}: {err}");
        let (code, out, err) = stipula(&["verify", &f, "--format", "json"]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(doc["problems"][0]["report"]["verdict"], "bad_input", "{out}");
    }
    // A folder holding them: every problem gets its report and the summary is printed.
    let (code, out, err) = stipula(&["verify", d.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.ends_with("4 problems: 4 bad_input\n"), "{out}");
    // batch writes its line, and --resume moves on.
    let results = d.join("out.jsonl").to_string_lossy().into_owned();
    let (code, out, err) = stipula(&["batch", d.to_str().unwrap(), "--out", &results]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(std::fs::read_to_string(&results).unwrap().lines().count(), 4);
    let (code, out, err) = stipula(&["batch", d.to_str().unwrap(), "--out", &results, "--resume"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("0 problems solved in this run, 4 results"), "{out}");
}
