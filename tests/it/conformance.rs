//! Conformance with the reference solver: every case in the folder named by `STIPULA_POPEYE_DIR` (CI sets it to
//! `../shared/popeye`: Popeye's input `<case>.inp` and Popeye's own output `<case>.out`) is solved and its
//! solutions compared, as sets of lines per twin, with Popeye's. A wrong answer fails the test; cases that run
//! out of their time limit (`STIPULA_CASE_SECONDS`, default 10) are listed with their times, as are cases
//! refused as "not supported". Trees (direct, self and reflex play) are compared with siblings sorted.
//! `STIPULA_CASE_FILTER` restricts the run to case names containing it.
//!
//! `regression_cases_agree_with_popeye` runs the cases of `tests/popeye-cases/` (one per class of disagreement
//! the differential test found, each with Popeye 4.104's output made by `tests/popeye-cases/make.sh` from the
//! shipped binary), compared as the differential test compares; it needs no Popeye.
//!
//! A third test runs Popeye's own regression problems (`src/REGRESSIONS`, `src/TESTS` of its source in
//! `STIPULA_POPEYE_REF`, default `../shared/popeye-ref`): each problem stipula supports is solved by both (Popeye's
//! binary: `STIPULA_POPEYE_BIN` or `py` there) and compared as the differential test compares (help and series
//! play as lines, trees whole); the others are counted by reason. Its report: `target/popeye-regressions.txt`.

use crate::difftest;

use std::path::PathBuf;
use std::time::{Duration, Instant};
use stipula::input::popeye::{input_language, read_popeye};
use stipula::output::popeye;
use stipula::words::Lang;
use stipula::input::solution::{canonical_tree, parse_popeye_output};
use stipula::problem::Fault;
use stipula::solve::run::{solve_problem, Outcome, Settings};

#[derive(Default)]
struct Report {
    agree: Vec<String>,
    wrong: Vec<String>,
    timed_out: Vec<(String, f64)>,
    unsupported: Vec<String>,
}

#[test]
#[cfg_attr(not(popeye_corpus), ignore = "needs the Popeye reference cases: ../shared/popeye or STIPULA_POPEYE_DIR")]
fn popeye_reference_cases() {
    // Its own thread pool: the other tests of this binary run beside it and must not queue behind its searches in
    // rayon's global pool (a problem under a 20 ms time limit would wait for them).
    let pool = rayon::ThreadPoolBuilder::new().build().expect("a thread pool");
    pool.install(reference_cases);
}

fn reference_cases() {
    let dir = crate::common::popeye_dir();
    let limit: f64 = std::env::var("STIPULA_CASE_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let filter = std::env::var("STIPULA_CASE_FILTER").unwrap_or_default();
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .expect("STIPULA_POPEYE_DIR is a folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "inp"))
        .filter(|p| p.to_string_lossy().contains(&filter))
        .collect();
    cases.sort();
    let settings = Settings { hash_mb: 64, time_limit: Some(Duration::from_secs_f64(limit)), ..Settings::default() };
    let mut r = Report::default();
    let started = Instant::now();
    for path in &cases {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let input = std::fs::read_to_string(path).unwrap();
        let output = std::fs::read_to_string(path.with_extension("out")).unwrap_or_default();
        let expected_all: Vec<&str> = output.split_inclusive("Loesung beendet.").collect();
        let problems = read_popeye(&input, &path.to_string_lossy());
        for (k, p) in problems.into_iter().enumerate() {
            let case = if k == 0 { name.clone() } else { format!("{name}#{}", k + 1) };
            let p = match p {
                Ok(p) => p,
                Err(d) if d.fault == Fault::Unsupported => {
                    r.unsupported.push(format!("{case}: {}", d.message));
                    continue;
                }
                Err(d) => {
                    r.wrong.push(format!("{case}: read error: {}", d.render()));
                    continue;
                }
            };
            let t0 = Instant::now();
            let twins = solve_problem(&p, &settings);
            let secs = t0.elapsed().as_secs_f64();
            if let Some(Outcome::Refused(why)) = twins.iter().map(|t| &t.outcome).find(|o| matches!(o, Outcome::Refused(_))) {
                if why.fault == Fault::Unsupported {
                    r.unsupported.push(format!("{case}: {why}"));
                } else {
                    r.wrong.push(format!("{case}: refused: {why}"));
                }
                continue;
            }
            if twins.iter().any(|t| t.outcome == Outcome::TimedOut) {
                r.timed_out.push((case, secs));
                continue;
            }
            let expected = parse_popeye_output(expected_all.get(k).copied().unwrap_or(""));
            let mut diff = Vec::new();
            if expected.len() != twins.len() {
                diff.push(format!("Popeye has {} twins, stipula {}", expected.len(), twins.len()));
            }
            for (e, t) in expected.iter().zip(&twins) {
                // Trees (direct, self, reflex play) and line sets alike, siblings sorted at every level.
                let want = canonical_tree(&e.lines);
                let got: Vec<String> = t.phases.iter().flat_map(|ph| ph.lines()).collect();
                let got = canonical_tree(&got);
                if want != got {
                    let missing: Vec<_> = want.iter().filter(|l| !got.contains(l)).collect();
                    let extra: Vec<_> = got.iter().filter(|l| !want.contains(l)).collect();
                    diff.push(format!("twin {:?}: missing {missing:#?}\n extra {extra:#?}", t.label));
                }
            }
            // The drop-in's output (`stipula-popeye -regression`) is Popeye's, byte for byte but for the order of
            // lines (canonical in stipula, Popeye's move generator's in Popeye) and the lines of Popeye's that
            // stipula-popeye does not write (docs/popeye-dropin.md).
            let lang = input_language(&input).unwrap_or(Lang::English);
            let dropin = popeye::problem_text(&p, &twins, lang);
            if let Some(why) = dropin_differs(&dropin, expected_all.get(k).copied().unwrap_or("")) {
                diff.push(format!("stipula-popeye: {why}"));
            }
            if diff.is_empty() {
                r.agree.push(case);
            } else {
                r.wrong.push(format!("{case} ({secs:.1} s): {}", diff.join("\n")));
            }
        }
    }
    let mut report = String::new();
    {
        use std::fmt::Write as _;
        let w = &mut report;
        let _ = writeln!(w, "conformance over {} case files in {:.0} s:", cases.len(), started.elapsed().as_secs_f64());
        let _ = writeln!(w, "  {} agree with Popeye line for line", r.agree.len());
        let _ = writeln!(w, "  {} not supported:", r.unsupported.len());
        for u in &r.unsupported {
            let _ = writeln!(w, "    {u}");
        }
        let _ = writeln!(w, "  {} ran out of the {limit} s limit (speed debt):", r.timed_out.len());
        for (c, s) in &r.timed_out {
            let _ = writeln!(w, "    {c}: {s:.1} s");
        }
        let _ = writeln!(w, "  {} disagree:", r.wrong.len());
        for x in &r.wrong {
            let _ = writeln!(w, "    {x}");
        }
    }
    print!("{report}");
    // The harness hides a passing test's output: keep the report where CI prints it from.
    let _ = std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/target/conformance-report.txt"), &report);
    assert!(r.wrong.is_empty(), "{} cases disagree with Popeye (see above)", r.wrong.len());
}

/// How stipula-popeye's text of a problem differs from Popeye's, other than in the order of lines: the same
/// lines (trailing blanks aside), the same number of blank lines between the first line and the last; Popeye's
/// `MoveNumbers` lines (`  3  (Ta1*d1 )`) and `Intelligent` statistics (`24 moegliche Stellungen in 2+2`) left out.
fn dropin_differs(ours: &str, popeye: &str) -> Option<String> {
    let extra = |l: &str| {
        let t = l.trim();
        let numbered = t.split_once(char::is_whitespace).is_some_and(|(n, rest)| {
            n.chars().all(|c| c.is_ascii_digit()) && rest.trim_start().starts_with('(') && rest.ends_with(')')
        });
        numbered || ["moegliche Stellungen", "possible positions", "positions possibles"].iter().any(|w| t.contains(w))
    };
    fn shape(text: &str, drop_extra: bool, extra: impl Fn(&str) -> bool) -> (Vec<&str>, usize) {
        let lines: Vec<&str> = text.trim_matches('\n').lines().map(str::trim_end).filter(|l| !(drop_extra && extra(l))).collect();
        let blanks = lines.iter().filter(|l| l.is_empty()).count();
        let mut words: Vec<&str> = lines.into_iter().filter(|l| !l.is_empty()).collect();
        words.sort_unstable();
        (words, blanks)
    }
    let (want, want_blanks) = shape(popeye, true, extra);
    let (got, got_blanks) = shape(ours, false, extra);
    if want != got {
        let missing: Vec<_> = want.iter().filter(|l| !got.contains(l)).take(5).collect();
        let added: Vec<_> = got.iter().filter(|l| !want.contains(l)).take(5).collect();
        return Some(format!("Popeye only {missing:?}, stipula-popeye only {added:?}"));
    }
    (want_blanks != got_blanks).then(|| format!("{got_blanks} blank lines, Popeye {want_blanks}"))
}

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
