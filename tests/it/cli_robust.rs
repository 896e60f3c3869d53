//! What no user input may do to the real binary: crash it, hang it, or lose a result. Each test is one defect
//! once found by feeding stipula mutated inputs and arguments; it runs the binary as a user does.

use std::process::Command;

fn stipula(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stipula")).args(args).env_remove("RUST_BACKTRACE").output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
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
    (
        "twin.inp",
        "BeginProblem\nStipulation #2\nPieces White Kb6 Qd1 Rh1 Black Kb8\nTwin Move d1 d1\nEndProblem\n",
        "4:14",
    ),
    (
        "twin_de.inp",
        "AnfangProblem\nForderung #2\nSteine Weiss Kb6 Dd3 Th1 Schwarz Kb8\nZwilling versetze d3 d3\nEndeProblem\n",
        "4:22",
    ),
    (
        "twin.yaml",
        "algebraic:\n  white: [Kb6, Qd1, Rh1]\n  black: [Kb8]\nstipulation: \"#2\"\ntwins:\n  b: Move d1 d1\n",
        "6:14",
    ),
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

/// Runs the binary with the guard's test hook making problem `at` (`FILE:INDEX`) panic on a rayon worker, and
/// `RUST_BACKTRACE` set as a developer would have it: the backtrace must still not be printed.
fn stipula_panicking(args: &[&str], at: &str) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stipula"))
        .args(args)
        .env("STIPULA_TEST_PANIC", at)
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

const TWO_MATES: &str =
    "white: Kb6 Rh1\nblack: Kb8\nstipulation: #1\n---\nwhite: Kb6 Rh1\nblack: Kb8\nstipulation: #1\n";

#[test]
fn a_panic_while_solving_is_that_problems_result_and_the_others_go_on() {
    let d = dir("panic");
    let f = write(&d, "two.stip", TWO_MATES);
    let second = format!("{f}:2");
    let quiet = |err: &str| !err.contains("panicked at") && !err.contains("stack backtrace");
    // solve: the first problem is printed, the second reported, exit code 70.
    let (code, out, err) = stipula_panicking(&["solve", &f], &second);
    assert_eq!(code, 70, "{out}{err}");
    assert_eq!(out.matches("1.Rh1-h8 # !").count(), 1, "{out}");
    assert!(err.contains("internal error while solving problem 2") && err.contains("src/cli/guard.rs"), "{err}");
    assert!(quiet(&err), "{err}");
    let (code, out, err) = stipula_panicking(&["solve", &f, "--format", "json"], &second);
    assert_eq!(code, 70, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(doc["problems"][1]["internal_error"].as_str().unwrap().contains("test panic"), "{out}");
    // verify: its own verdict, exit code 70.
    let (code, out, err) = stipula_panicking(&["verify", &f, "--format", "json"], &second);
    assert_eq!(code, 70, "{err}");
    assert!(quiet(&err), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let verdicts: Vec<&str> =
        doc["problems"].as_array().unwrap().iter().map(|p| p["report"]["verdict"].as_str().unwrap()).collect();
    assert_eq!(verdicts, ["solved", "internal_error"], "{out}");
    // explain: the first problem is explained.
    let (code, out, err) = stipula_panicking(&["explain", &f], &second);
    assert_eq!(code, 70, "{err}");
    assert_eq!(out.matches("Black is checkmated").count(), 1, "{out}");
    // batch: a line of its own, and --resume moves past it.
    let results = d.join("out.jsonl").to_string_lossy().into_owned();
    let (code, out, err) = stipula_panicking(&["batch", &f, "--out", &results], &second);
    assert_eq!(code, 0, "{out}{err}");
    assert!(quiet(&err), "{err}");
    let text = std::fs::read_to_string(&results).unwrap();
    assert_eq!(text.lines().count(), 2);
    assert!(text.contains("\"verdict\":\"internal_error\""), "{text}");
    let (code, out, err) = stipula_panicking(&["batch", &f, "--out", &results, "--resume"], &second);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("0 problems solved in this run, 2 results"), "{out}");
}

/// Runs the binary, killing it after `secs` seconds: returns `None` if it had to be killed (a hang).
fn stipula_within(args: &[&str], secs: u64) -> Option<(i32, String, String)> {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_stipula"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let (mut out, mut err) = (String::new(), String::new());
            child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
            child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
            return Some((status.code().unwrap_or(-1), out, err));
        }
        if start.elapsed() > std::time::Duration::from_secs(secs) {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn numeric_arguments_out_of_range_are_refused_with_the_range() {
    let d = dir("args");
    let f = write(&d, "two.stip", TWO_MATES);
    let out = d.join("out.jsonl").to_string_lossy().into_owned();
    let cases: &[(&[&str], &str)] = &[
        (&["--hash", "65536000"], "from 1 to"),
        (&["--hash", "18446744073709551615"], "from 1 to"),
        (&["--hash", "0"], "from 1 to"),
        (&["--time-limit", "inf"], "at most 604800 seconds"),
        (&["--time-limit", "nan"], "more than 0"),
        (&["--time-limit", "1e308"], "at most 604800 seconds"),
        (&["--time-limit", "1e300"], "at most 604800 seconds"),
        (&["--time-limit", "0"], "more than 0"),
        (&["--threads", "100000"], "per core"),
        (&["--threads", "0"], "per core"),
    ];
    for sub in ["solve", "verify", "batch"] {
        for (extra, want) in cases {
            let mut args = vec![sub, f.as_str()];
            if sub == "batch" {
                args.extend(["--out", out.as_str()]);
            }
            args.extend_from_slice(extra);
            let (code, stdout, err) = stipula_within(&args, 20).unwrap_or_else(|| panic!("{args:?} hangs"));
            assert_eq!(code, 2, "{args:?}: {stdout}{err}");
            assert!(err.contains(want) && err.lines().count() == 1, "{args:?}: {err}");
        }
    }
    assert!(!std::path::Path::new(&out).exists(), "nothing was written");
    let (code, _, err) =
        stipula_within(&["perft", "--depth", "4000000000", "8/8/8/8/8/8/8/K6k w - - 0 1"], 20).expect("no hang");
    assert!(code == 2 && err.contains("0..=20"), "{err}");
}

/// `verify` on a folder reads the files `solve` reads by their extension, in any case.
#[test]
fn verify_on_a_folder_reads_every_problem_extension_in_any_case() {
    let d = dir("extensions");
    let stip = "white: Kb6 Rh1\nblack: Kb8\nstipulation: #1\nsolution: 1 solution\n";
    let inp = "BeginProblem\nStipulation #1\nPieces White Kb6 Rh1 Black Kb8\nEndProblem\n";
    write(&d, "a.STIP", stip);
    write(&d, "b.INP", inp);
    write(&d, "c.Pbm", inp);
    write(&d, "d.stip", stip);
    write(&d, "notes.txt", "not a problem");
    let (code, out, err) = stipula(&["verify", d.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.ends_with("4 problems: 2 sound, 2 solved\n"), "{out}");
}

#[test]
fn readers_take_what_problemists_write() {
    let d = dir("readers");
    // A byte-order mark (Windows editors write one) is passed over.
    let f = write(&d, "bom.stip", "\u{feff}white: Kb6 Rh1\nblack: Kb8\nstipulation: #1\n");
    let (code, out, err) = stipula(&["solve", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1.Rh1-h8 # !") && err.is_empty(), "{out}{err}");
    // An old Popeye file in Latin-1: read, with a warning at the first byte that is not UTF-8.
    let p = d.join("latin1.inp");
    std::fs::write(&p, b"BeginProblem\nAuthor M\xfcller\nStipulation #1\nPieces White Kb6 Rh1 Black Kb8\nEndProblem\n")
        .unwrap();
    let (code, out, err) = stipula(&["solve", p.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Müller") && out.contains("1.Rh1-h8 # !"), "{out}");
    assert!(
        err.starts_with("warning: the file is not UTF-8: byte 0xFC read as Latin-1 `ü`")
            && err.contains("latin1.inp:2:9"),
        "{err}"
    );
    // Text after the first EndProblem: Popeye does not read it, and says nothing; stipula warns where it is.
    let two = "BeginProblem\nStipulation #1\nPieces White Kb6 Rh1 Black Kb8\nEndProblem\nBeginProblem\nStipulation #1\nPieces White Kb6 Rh1 Black Kb8\nEndProblem\n";
    let f = write(&d, "two.inp", two);
    let (code, out, err) = stipula(&["solve", &f]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("solution finished.").count(), 1);
    assert!(
        err.starts_with("warning: the text after `EndProblem` is not read")
            && err.contains("two.inp:5:1")
            && err.contains("NextProblem"),
        "{err}"
    );
    // An empty file is an error in every format.
    for name in ["empty.stip", "empty.yaml", "empty.inp", "comments.stip"] {
        let f = write(&d, name, if name.starts_with("comments") { "% nothing but a comment\n" } else { "" });
        let (code, out, err) = stipula(&["solve", &f]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(err.contains("holds no problem"), "{name}: {err}");
    }
}

#[test]
fn reader_messages_point_at_the_cause_in_plain_words() {
    let d = dir("messages");
    // 32 kings: the hint is about the kings too many.
    let f = write(&d, "kings.stip", "white: Ka1 Kb1 Kc1 Kd1 Ke1 Kf1 Kg1 Kh1 Ka2 Kb2 Kc2 Kd2 Ke2 Kf2 Kg2 Kh2\nblack: Ka8 Kb8 Kc8 Kd8 Ke8 Kf8 Kg8 Kh8 Ka7 Kb7 Kc7 Kd7 Ke7 Kf7 Kg7 Kh7\nstipulation: #1\n");
    let (code, _, err) = stipula(&["solve", &f]);
    assert_eq!(code, 2);
    assert!(
        err.contains("White has 16 royal pieces")
            && err.contains("hint: keep one king of each side")
            && !err.contains("missing"),
        "{err}"
    );
    // Contradicting options, in words: the later one, where it is written.
    let cases = [
        ("dup.stip", "white: Kb6 Rh1\nblack: Kb8\nstipulation: h#1\noptions: half duplex\noptions: set play, duplex\n", "dup.stip:5:20"),
        ("wtp.stip", "white: Kb6 Rh1\nblack: Kb8\nstipulation: #1\noptions: white to play\n", "wtp.stip:4:10"),
        ("kings.yaml", "algebraic:\n  white: [Kb6, Rh1]\n  black: [Kb8]\nstipulation: \"#1\"\noptions:\n  - no white king\n  - no black king\n", "kings.yaml:7:5"),
        ("dup.inp", "BeginProblem\nStipulation h#1\nOption HalfDuplex Duplex\nPieces White Kb6 Rh1 Black Kb8\nEndProblem\n", "dup.inp:3:19"),
    ];
    for (name, text, at) in cases {
        let f = write(&d, name, text);
        let (code, _, err) = stipula(&["solve", &f]);
        assert_eq!(code, 2, "{name}");
        assert!(err.contains(at), "{name}: {err}");
    }
    // A YAML alias to an anchor in another field is resolved.
    let f = write(
        &d,
        "alias.yaml",
        "algebraic:\n  white: &w [Kb6, Rh1]\n  black: [Kb8]\nstipulation: \"#1\"\ncomments: *w\n",
    );
    let (code, out, err) = stipula(&["solve", &f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1.Rh1-h8 # !"), "{out}");
    // A twin nested one level too deep: plain words, no rendering of the parsed value.
    let f = write(
        &d,
        "nested.yaml",
        "algebraic:\n  white: [Kb6, Rh1]\n  black: [Kb8]\nstipulation: \"#1\"\ntwins:\n  b:\n    - Move h1 h2\n",
    );
    let (code, _, err) = stipula(&["solve", &f]);
    assert_eq!(code, 2);
    assert!(err.contains("each twin of `twins` must be one line of text") && !err.contains("[\""), "{err}");
    // A field out of line with the others: the parser's words put plainly.
    let f = write(&d, "indent.yaml", "algebraic:\n  white: [Kb6, Rh1]\n   black: [Kb8]\nstipulation: \"#1\"\n");
    let (code, _, err) = stipula(&["solve", &f]);
    assert_eq!(code, 2);
    assert!(err.contains("does not line up") && err.contains("indent.yaml:3:"), "{err}");
}
