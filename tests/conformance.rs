//! Conformance with the reference solver: every case in the folder named by `STIPULA_POPEYE_DIR` (CI sets it to
//! `../shared/popeye`: Popeye's input `<case>.inp` and Popeye's own output `<case>.out`) is solved and its
//! solutions compared, as sets of lines per twin, with Popeye's. A wrong answer fails the test; cases that run
//! out of their time limit (`STIPULA_CASE_SECONDS`, default 10) are listed with their times, as are cases
//! refused as "not supported". Trees (direct, self and reflex play) are compared with siblings sorted.
//! `STIPULA_CASE_FILTER` restricts the run to case names containing it.
//!
//! A test binary of its own (`cargo test --release --test conformance`): cargo runs test binaries one after the
//! other, so the cases' time limits are met or missed by stipula alone, not by the other integration tests
//! (`tests/it/`, run in parallel threads) sharing the processors with it.

#[path = "it/common.rs"]
#[allow(dead_code)]
mod common;

use std::time::{Duration, Instant};
use stipula::input::popeye::{input_language, read_popeye};
use stipula::input::solution::{canonical_tree, parse_popeye_output};
use stipula::output::popeye;
use stipula::problem::Fault;
use stipula::solve::run::{solve_problem, Outcome, Settings};
use stipula::words::Lang;

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
    let dir = common::popeye_dir();
    let limit: f64 = std::env::var("STIPULA_CASE_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let filter = std::env::var("STIPULA_CASE_FILTER").unwrap_or_default();
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .expect("STIPULA_POPEYE_DIR is a folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "inp"))
        .filter(|p| p.to_string_lossy().contains(&filter))
        .collect();
    cases.sort();
    // The table a user gets (`stipula solve` without `--hash`): the limits measure what a user waits.
    let settings = Settings { time_limit: Some(Duration::from_secs_f64(limit)), ..Settings::default() };
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
            if let Some(Outcome::Refused(why)) =
                twins.iter().map(|t| &t.outcome).find(|o| matches!(o, Outcome::Refused(_)))
            {
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
        let lines: Vec<&str> =
            text.trim_matches('\n').lines().map(str::trim_end).filter(|l| !(drop_extra && extra(l))).collect();
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
