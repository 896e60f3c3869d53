//! The differential tester: random problems in Popeye's input language ([`gen`]), each solved by stipula (in
//! process) and by Popeye (its binary, one process per problem, killed at the time limit), the two outputs
//! compared ([`oracle`]). A case where either solver runs out of time is skipped and counted; a disagreement
//! is reported with the problem and both outputs. Used by `tests/differential.rs` (CI, a fixed seed) and by
//! `examples/difftest.rs` (longer runs, any seed).

#![allow(dead_code)]

pub mod gen;
pub mod lang;
pub mod oracle;
// Its own copy of the playout helpers: `examples/difftest.rs` includes this module without the test crate.
#[allow(clippy::duplicate_mod)]
#[path = "../playout.rs"]
pub mod playout;
pub mod regressions;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a run does.
#[derive(Clone, Debug)]
pub struct Config {
    pub seed: u64,
    /// Cases `first..first + count`.
    pub first: u64,
    pub count: u64,
    /// Per-problem time limit for each solver.
    pub limit: Duration,
    /// Problems solved at once.
    pub jobs: usize,
    pub popeye: PathBuf,
    /// Print every case's problem, not only disagreements.
    pub verbose: bool,
    /// Only the cases whose problem text contains every one of these words (the others are skipped
    /// uncounted): a way to look at one option or family closely.
    pub only: Vec<String>,
}

/// One disagreement, with all it takes to reproduce it.
#[derive(Clone, Debug)]
pub struct Disagreement {
    pub index: u64,
    pub family: String,
    pub what: String,
    pub problem: String,
    pub popeye: String,
    pub stipula: String,
}

/// What a run found.
#[derive(Debug, Default)]
pub struct Summary {
    pub agree: u64,
    /// Of those, cases where Popeye agrees only without its hash table (`-maxmem 0`; README).
    pub without_hash_table: u64,
    pub both_refused: u64,
    /// Cases skipped because a solver ran out of time, by solver.
    pub timed_out: BTreeMap<&'static str, u64>,
    /// Those cases: (case, stipulation family, solver).
    pub slow: Vec<(u64, String, &'static str)>,
    pub disagreements: Vec<Disagreement>,
    /// Cases per stipulation family: (compared, disagreeing).
    pub families: BTreeMap<String, (u64, u64)>,
    pub seconds: f64,
}

impl Summary {
    pub fn total(&self) -> u64 {
        self.agree + self.both_refused + self.timed_out.values().sum::<u64>() + self.disagreements.len() as u64
    }

    /// The summary in a few lines, then every disagreement with its problem and both outputs.
    pub fn report(&self, cfg: &Config) -> String {
        use std::fmt::Write as _;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "differential run: seed {}, cases {}..{}, {} s per solver and problem, {:.0} s",
            cfg.seed,
            cfg.first,
            cfg.first + cfg.count,
            cfg.limit.as_secs_f64(),
            self.seconds
        );
        let _ = writeln!(
            s,
            "  {} agree ({} of them with Popeye run again without its hash table), {} refused by both",
            self.agree, self.without_hash_table, self.both_refused
        );
        for (who, n) in &self.timed_out {
            let cases: Vec<String> =
                self.slow.iter().filter(|x| x.2 == *who).map(|(i, f, _)| format!("{i} ({f})")).collect();
            let _ = writeln!(s, "  {n} skipped: {who} ran out of time: {}", cases.join(", "));
        }
        let _ = writeln!(s, "  {} disagree", self.disagreements.len());
        let fams: Vec<String> = self
            .families
            .iter()
            .map(|(f, (n, d))| if *d > 0 { format!("{f} {n} ({d} disagree)") } else { format!("{f} {n}") })
            .collect();
        let _ = writeln!(s, "  families: {}", fams.join(", "));
        for d in &self.disagreements {
            let _ = writeln!(s, "\n=== case {} (seed {}): {}: {}", d.index, cfg.seed, d.family, d.what);
            let _ = writeln!(s, "--- problem\n{}", d.problem.trim_end());
            for (who, text) in [("Popeye", &d.popeye), ("stipula", &d.stipula)] {
                let part = solution_part(text);
                let lines: Vec<&str> = part.lines().collect();
                // A long output is cut: the first line that differs is in the verdict above.
                if lines.len() > 80 {
                    let _ = writeln!(s, "--- {who} (first 60 of {} lines)\n{}", lines.len(), lines[..60].join("\n"));
                } else {
                    let _ = writeln!(s, "--- {who}\n{part}");
                }
            }
        }
        s
    }
}

/// An output without its diagram (the problem is printed above it).
fn solution_part(text: &str) -> String {
    match text.rfind("+---a---b") {
        Some(i) => text[i..].lines().skip(1).collect::<Vec<_>>().join("\n").trim_end().to_string(),
        None => text.trim_end().to_string(),
    }
}

/// Popeye's binary: `STIPULA_POPEYE_BIN`, else `py` in `STIPULA_POPEYE_REF`, else `../shared/popeye-ref/py`
/// beside the repository (as `build.rs` looks for it).
pub fn popeye_binary() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("STIPULA_POPEYE_BIN") {
        return Some(PathBuf::from(p));
    }
    let reference = std::env::var_os("STIPULA_POPEYE_REF")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/popeye-ref"), PathBuf::from);
    let p = reference.join("py");
    p.exists().then_some(p)
}

/// Runs one case: generates it, solves it with both, compares.
pub fn run_case(cfg: &Config, index: u64) -> (gen::Case, oracle::Verdict, oracle::Answer, oracle::Answer) {
    let case = gen::generate(cfg.seed, index);
    let py = oracle::popeye(&cfg.popeye, &case.text, cfg.limit);
    let text = case.text.clone();
    let limit = cfg.limit;
    let st = std::panic::catch_unwind(move || oracle::stipula(&text, limit))
        .unwrap_or_else(|_| oracle::Answer::Refused { text: String::new(), why: "stipula panicked".into() });
    let verdict = oracle::judge(&cfg.popeye, &case.text, cfg.limit, &py, &st);
    (case, verdict, py, st)
}

/// Runs the cases of `cfg` on `cfg.jobs` threads.
pub fn run(cfg: &Config) -> Summary {
    let started = Instant::now();
    let next = AtomicU64::new(cfg.first);
    let summary = Mutex::new(Summary::default());
    std::thread::scope(|scope| {
        for _ in 0..cfg.jobs.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= cfg.first + cfg.count {
                    break;
                }
                if !cfg.only.is_empty() {
                    let text = gen::generate(cfg.seed, index).text;
                    if !cfg.only.iter().all(|w| text.contains(w.as_str())) {
                        continue;
                    }
                }
                let (case, verdict, py, st) = run_case(cfg, index);
                if cfg.verbose {
                    eprintln!("case {index}: {verdict:?}\n{}", case.text);
                }
                let mut s = summary.lock().unwrap();
                let fam = s.families.entry(case.family.clone()).or_default();
                fam.0 += 1;
                match verdict {
                    oracle::Verdict::Agree => s.agree += 1,
                    oracle::Verdict::AgreeWithoutHashTable => {
                        s.agree += 1;
                        s.without_hash_table += 1;
                    }
                    oracle::Verdict::BothRefused => s.both_refused += 1,
                    oracle::Verdict::TimedOut(who) => {
                        *s.timed_out.entry(who).or_default() += 1;
                        s.slow.push((index, case.family.clone(), who));
                    }
                    oracle::Verdict::Disagree(what) => {
                        fam.1 += 1;
                        let text = |a: &oracle::Answer| match a {
                            oracle::Answer::Solved { text, .. } | oracle::Answer::Refused { text, .. } => text.clone(),
                            oracle::Answer::TimedOut => String::new(),
                        };
                        s.disagreements.push(Disagreement {
                            index,
                            family: case.family.clone(),
                            what,
                            problem: case.text.clone(),
                            popeye: text(&py),
                            stipula: text(&st),
                        });
                    }
                }
            });
        }
    });
    let mut s = summary.into_inner().unwrap();
    s.disagreements.sort_by_key(|d| d.index);
    s.slow.sort();
    s.seconds = started.elapsed().as_secs_f64();
    s
}
