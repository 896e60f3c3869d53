//! Popeye's regression problems and the regression cases of the differential test (the reference cases of
//! `../shared/popeye` are `tests/conformance.rs`, a binary of its own).
//!
//! `regression_cases_agree_with_popeye` runs the cases of `tests/popeye-cases/` (one per class of disagreement
//! the differential test found, each with Popeye 4.104's output made by `tests/popeye-cases/make.sh` from the
//! shipped binary), compared as the differential test compares; it needs no Popeye.
//!
//! `popeye_regression_problems` runs Popeye's own regression problems (`src/REGRESSIONS`, `src/TESTS` of its source in
//! `STIPULA_POPEYE_REF`, default `../shared/popeye-ref`): each problem stipula supports is solved by both (Popeye's
//! binary: `STIPULA_POPEYE_BIN` or `py` there) and compared as the differential test compares (help and series
//! play as lines, trees whole); the others are counted by reason. Its report: `target/popeye-regressions.txt`.

use crate::difftest;

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Popeye's source and binary folder: `STIPULA_POPEYE_REF`, else `../shared/popeye-ref` beside the repository.
fn popeye_ref() -> Option<PathBuf> {
    let dir = match std::env::var("STIPULA_POPEYE_REF") {
        Ok(d) => PathBuf::from(d),
        Err(_) => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/popeye-ref")),
    };
    dir.join("src/REGRESSIONS").is_dir().then_some(dir)
}

#[test]
#[cfg_attr(not(popeye_oracle), ignore = "needs Popeye's source and binary: ../shared/popeye-ref or STIPULA_POPEYE_REF, STIPULA_POPEYE_BIN")]
fn popeye_regression_problems() {
    let dir = popeye_ref().expect("Popeye's source is not there (STIPULA_POPEYE_REF, ../shared/popeye-ref)");
    let bin = difftest::popeye_binary().expect("Popeye's binary is not there (STIPULA_POPEYE_BIN, ../shared/popeye-ref/py)");
    let limit: f64 = std::env::var("STIPULA_CASE_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let filter = std::env::var("STIPULA_CASE_FILTER").unwrap_or_default();
    let started = Instant::now();
    let mut problems = difftest::regressions::problems(&[&dir.join("src/REGRESSIONS"), &dir.join("src/TESTS")]);
    problems.retain(|p| p.name.contains(&filter));
    let jobs = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    let r = difftest::regressions::run(&problems, &bin, Duration::from_secs_f64(limit), jobs);
    let mut report = String::new();
    {
        use std::fmt::Write as _;
        let w = &mut report;
        let unsupported: usize = r.unsupported.values().map(Vec::len).sum();
        let _ = writeln!(w, "Popeye's regression problems: {} in {:.0} s", problems.len(), started.elapsed().as_secs_f64());
        let _ = writeln!(w, "  {} in scope: {} agree, {} refused by both, {} over the {limit} s limit, {} disagree", r.in_scope(), r.agree.len(), r.both_refused.len(), r.timed_out.len(), r.disagree.len());
        let _ = writeln!(w, "  {unsupported} use what stipula does not support:");
        for (why, names) in &r.unsupported {
            let _ = writeln!(w, "    {} {why}: {}", names.len(), names.join(" "));
        }
        for t in &r.timed_out {
            let _ = writeln!(w, "  over the limit: {t}");
        }
        for (name, what, text, py, st) in &r.disagree {
            let _ = writeln!(w, "\n=== {name}: {what}\n--- problem\n{}\n--- Popeye\n{}\n--- stipula\n{}", text.trim_end(), py.trim_end(), st.trim_end());
        }
    }
    print!("{report}");
    let _ = std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/target/popeye-regressions.txt"), &report);
    assert!(r.disagree.is_empty(), "{} of Popeye's regression problems disagree (see above)", r.disagree.len());
}

#[test]
fn regression_cases_agree_with_popeye() {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/popeye-cases"));
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "inp")).collect();
    cases.sort();
    assert!(cases.len() >= 30, "the regression cases are missing");
    let mut wrong = Vec::new();
    for path in &cases {
        let text = std::fs::read_to_string(path).unwrap();
        let out = std::fs::read_to_string(path.with_extension("out")).expect("each case has Popeye's output (make.sh)");
        let err = std::fs::read_to_string(path.with_extension("err")).unwrap_or_default();
        let popeye = difftest::oracle::read_back(out, &err);
        let stipula = difftest::oracle::stipula(&text, Duration::from_secs(60));
        match difftest::oracle::compare(&popeye, &stipula, text.contains("MaxSolutions")) {
            difftest::oracle::Verdict::Agree | difftest::oracle::Verdict::BothRefused => {}
            v => wrong.push(format!("{}: {v:?}", path.file_name().unwrap().to_string_lossy())),
        }
    }
    assert!(wrong.is_empty(), "regression cases disagree with Popeye:\n{}", wrong.join("\n"));
}

/// The problems of Popeye's four example folders (`src/BEISPIEL`, `src/EXAMPLES`, `src/REGRESSIONS`, `src/TESTS`)
/// whose stipulation has a goal other than mate and stalemate (`x`, `+`, `zd5`, `==`, `~`, ...) or is help-self
/// play (`hs#n`), solved by both and compared as the differential test compares. Its report:
/// `target/popeye-goal-problems.txt`.
#[test]
#[cfg_attr(not(popeye_oracle), ignore = "needs Popeye's source and binary: ../shared/popeye-ref or STIPULA_POPEYE_REF, STIPULA_POPEYE_BIN")]
fn popeye_goal_problems() {
    let dir = popeye_ref().expect("Popeye's source is not there (STIPULA_POPEYE_REF, ../shared/popeye-ref)");
    let bin = difftest::popeye_binary().expect("Popeye's binary is not there (STIPULA_POPEYE_BIN, ../shared/popeye-ref/py)");
    let folders = ["BEISPIEL", "EXAMPLES", "REGRESSIONS", "TESTS"].map(|f| dir.join("src").join(f));
    let mut problems = difftest::regressions::problems(&folders.iter().map(|p| p.as_path()).collect::<Vec<_>>());
    problems.retain(|p| {
        let read = stipula::input::popeye::read_popeye(&p.text, "goal.inp");
        // Not with `StartMoveNumber` or `UpToMoveNumber`, which Popeye obeys and stipula ignores
        // (docs/popeye-differences.md; BEISPIEL/stip.inp#68).
        let numbered = |q: &stipula::problem::Problem| q.options.ignored.iter().any(|o| o.starts_with("StartMoveNumber") || o.starts_with("UpToMoveNumber"));
        let new = |st: &stipula::problem::Stipulation| !st.goal.is_mate_or_stalemate() || st.play == stipula::problem::Play::HelpSelf;
        matches!(read.first(), Some(Ok(q)) if new(&q.stipulation) && !numbered(q))
    });
    let jobs = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    let r = difftest::regressions::run(&problems, &bin, Duration::from_secs(20), jobs);
    let mut report = format!("Popeye's problems with other goals or help-self play: {}, {} in scope: {} agree, {} refused by both, {} over the limit, {} disagree\n", problems.len(), r.in_scope(), r.agree.len(), r.both_refused.len(), r.timed_out.len(), r.disagree.len());
    for (why, names) in &r.unsupported {
        report += &format!("    {} {why}: {}\n", names.len(), names.join(" "));
    }
    for t in &r.timed_out {
        report += &format!("  over the limit: {t}\n");
    }
    for (name, what, text, py, st) in &r.disagree {
        report += &format!("\n=== {name}: {what}\n--- problem\n{}\n--- Popeye\n{}\n--- stipula\n{}\n", text.trim_end(), py.trim_end(), st.trim_end());
    }
    print!("{report}");
    let _ = std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/target/popeye-goal-problems.txt"), &report);
    assert!(r.disagree.is_empty(), "{} of Popeye's problems with other goals disagree (see above)", r.disagree.len());
}
