//! Memory and time bounded by the arguments, on the real binary: help play keeps at most `--max-lines`
//! solution lines per phase (the canonically first, whatever the thread count) and counts the rest; at the
//! time limit what was found is printed, marked partial.
//!
//! The position (White Kb6 Rh1, Black Kb8) is a lone rook's mate with endless tempo moves: its solution counts
//! are stipula's own (h#4: 12157 lines, listed in full and compared below with a cut list of the same run's kind).

use std::process::{Command, Stdio};

fn stipula(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stipula")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn file(name: &str, text: &str) -> String {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_limits");
    std::fs::create_dir_all(&d).unwrap();
    let p = d.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

fn rook_mate(stipulation: &str) -> String {
    format!("white: Kb6 Rh1\nblack: Kb8\nstipulation: {stipulation}\n")
}

/// The solution lines of a text output (help play: they start with a move number).
fn solution_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.trim_start().starts_with("1.") || l.trim_start().starts_with("1...")).collect()
}

#[test]
fn the_lines_kept_are_the_canonically_first_whatever_the_threads() {
    let f = file("h4.stip", &rook_mate("h#4"));
    let (code, all, err) = stipula(&["solve", &f, "--max-lines", "20000", "--threads", "2"]);
    assert_eq!(code, 0, "{err}");
    let all = solution_lines(&all);
    assert_eq!(all.len(), 12157);
    assert!(!all.is_empty() && all.windows(2).all(|w| w[0] < w[1]), "sorted");
    for threads in ["1", "2"] {
        let (code, cut, err) = stipula(&["solve", &f, "--max-lines", "50", "--threads", threads]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(solution_lines(&cut), all[..50], "{threads} threads");
        assert!(cut.contains("Partial solution: the first 50 of 12157 solutions listed\n"), "{cut}");
    }
    let (_, json, _) = stipula(&["solve", &f, "--max-lines", "0", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let phase = &doc["problems"][0]["twins"][0]["phases"][0];
    assert_eq!((phase["solutions"].as_u64(), phase["left_out"].as_u64()), (Some(12157), Some(12157)), "{json}");
}

/// The high-water mark of a process's resident memory in KB (Linux), read while it runs.
#[cfg(target_os = "linux")]
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()
}

/// h#200 finds tens of thousands of (long) solutions a second: they once all stayed in memory (about 220 MB a
/// second). With a 16 MB table and 100 lines kept, a few seconds of it stay far below 200 MB.
#[cfg(target_os = "linux")]
#[test]
fn help_play_memory_is_bounded_by_the_arguments() {
    let f = file("h200.stip", &rook_mate("h#200"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_stipula"))
        .args(["solve", &f, "--hash", "16", "--max-lines", "100", "--time-limit", "4"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The output is read while the process runs (it is larger than a pipe holds).
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut s).unwrap();
        s
    });
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        peak = peak.max(peak_kb(child.id()).unwrap_or(0));
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(child.wait().unwrap().code(), Some(3), "the time limit stopped it");
    let text = reader.join().unwrap();
    assert_eq!(solution_lines(&text).len(), 100);
    assert!(text.contains("Partial solution: the first 100 of "), "{}", &text[text.len().saturating_sub(300)..]);
    assert!(peak > 0 && peak < 200 * 1024, "peak resident memory {peak} KB");
}

/// At the time limit, the solutions found so far are printed (h#4 alone finds 12157 in a fraction of a second,
/// so h#5 stopped after a second has found some), marked partial, with exit code 3.
#[test]
fn the_solutions_found_before_the_time_limit_are_printed() {
    let f = file("h5.stip", &rook_mate("h#5"));
    let (code, out, err) = stipula(&["solve", &f, "--time-limit", "1", "--max-lines", "30"]);
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("time limit reached"), "{out}");
    // It ends as Popeye's does after its MaxTime (output/message.c: "solving interrupted."), not as a finished solve.
    assert!(out.ends_with("solving interrupted.\n") && !out.contains("solution finished."), "{out}");
    assert_eq!(solution_lines(&out).len(), 30, "{out}");
    let (code, json, _) = stipula(&["solve", &f, "--time-limit", "1", "--max-lines", "30", "--format", "json"]);
    assert_eq!(code, 3);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let twin = &doc["problems"][0]["twins"][0];
    assert_eq!(twin["outcome"], "timed_out");
    assert_eq!(twin["phases"][0]["lines"].as_array().map(Vec::len), Some(30), "{json}");
}

/// `verify` keeps the intended lines whatever `--max-lines` says: with none listed at all, every verdict of
/// the mixed collection is the same as with all of them.
#[test]
fn verify_judges_the_same_with_no_lines_listed() {
    let verdicts = |extra: &[&str]| {
        let mut args = vec!["verify", "tests/data/verify/mixed.yaml", "--format", "json"];
        args.extend_from_slice(extra);
        let (_, out, _) = stipula(&args);
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        doc["problems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["report"]["verdict"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let all = verdicts(&[]);
    assert_eq!(all[..5], ["sound", "cooked", "intended_fails", "cooked", "no_solution"]);
    assert_eq!(verdicts(&["--max-lines", "0"]), all);
}
