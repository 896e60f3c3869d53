//! Popeye's own regression problems (`src/REGRESSIONS/*.inp`, `src/TESTS/*.inp` of its source): each problem of
//! each file, where stipula reads what it uses, solved by both solvers and compared as a random case is; the
//! others counted by the reason stipula gives.

use super::oracle::{self, Verdict};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// One problem of a file: where it is, and its text as a Popeye input of its own.
#[derive(Clone, Debug)]
pub struct Problem {
    /// `file.inp#k` (k from 1).
    pub name: String,
    pub text: String,
}

/// Whether a line is one of Popeye's separators: a command word alone on its line, abbreviating one of `words`.
fn is_command(line: &str, words: &[&str]) -> bool {
    let t = line.trim().to_ascii_lowercase();
    t.len() >= 3 && !t.contains(char::is_whitespace) && words.iter().any(|w| w.to_ascii_lowercase().starts_with(&t))
}

/// The problems of a Popeye input file, each made an input of its own (`begin … end` in the file's language),
/// without `protocol` commands (they would write files). The files these are made for write `begin`, `next`
/// and `end` alone on their lines.
pub fn split(text: &str) -> Vec<String> {
    let begin = ["BeginProblem", "AnfangProblem", "DebutProbleme"];
    let next = ["NextProblem", "WeiteresProblem", "asuivre"];
    let end = ["EndProblem", "EndeProblem", "FinProbleme"];
    let mut lang = 0;
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    for line in text.lines() {
        if cur.is_none() {
            if let Some(i) = begin.iter().position(|b| is_command(line, &[b])) {
                lang = i;
                cur = Some(String::new());
            }
            continue;
        }
        let body = cur.as_mut().expect("inside a problem");
        if is_command(line, &next) || is_command(line, &end) {
            out.push(format!("{}\n{}{}\n", begin[lang], body, end[lang]));
            cur = if is_command(line, &next) { Some(String::new()) } else { None };
            continue;
        }
        let first = line.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        if first.len() >= 4 && ["protocol", "protokoll"].iter().any(|p| p.starts_with(&first)) {
            continue;
        }
        body.push_str(line);
        body.push('\n');
    }
    if let Some(body) = cur {
        if !body.trim().is_empty() {
            out.push(format!("{}\n{}{}\n", begin[lang], body, end[lang]));
        }
    }
    out
}

/// Every problem of the `.inp` files of `dirs`, in name order.
pub fn problems(dirs: &[&Path]) -> Vec<Problem> {
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        let mut files: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "inp")).collect();
        files.sort();
        for f in files {
            let Ok(bytes) = std::fs::read(&f) else { continue };
            let text = String::from_utf8_lossy(&bytes);
            let file = format!("{}/{}", dir.file_name().unwrap_or_default().to_string_lossy(), f.file_name().unwrap_or_default().to_string_lossy());
            for (k, text) in split(&text).into_iter().enumerate() {
                out.push(Problem { name: format!("{file}#{}", k + 1), text });
            }
        }
    }
    out
}

/// Why stipula does not take part in a problem: what it refuses as not supported (`not supported: condition
/// Circe`), reduced to the feature.
pub fn unsupported(text: &str) -> Option<String> {
    let p = stipula::input::popeye::read_popeye(text, "regression.inp");
    let why = match p.into_iter().next() {
        Some(Err(d)) => d.message,
        Some(Ok(p)) => {
            let st = &p.stipulation;
            stipula::solve::run::solving_refusal(&p, st)?.message
        }
        None => return Some("no problem".into()),
    };
    if why.contains("not supported") {
        // The feature, without the words around it.
        let feature = why.split("not supported").nth(1).unwrap_or(&why).trim_start_matches([':', ' ']).trim_start_matches("yet: ");
        return Some(feature.split(" (").next().unwrap_or(feature).trim_end_matches('`').to_string());
    }
    // Words of later Popeye versions that stipula's reader does not know (TotalInvisible, Make&Take, …).
    // Forms of later Popeye versions that stipula's reader does not know.
    let lower = why.to_ascii_lowercase();
    let known = [
        ("number of moves is too large", "more than 200 moves"),
        ("`totalinv", "TotalInvisible"),
        ("`total`", "TotalInvisible"),
        ("invalid square list `/", "hunter pieces (`P/B`)"),
        ("after `start`", "StartMoveNumber with move:ply"),
    ];
    if let Some((_, what)) = known.iter().find(|(k, _)| lower.contains(k)) {
        return Some(what.to_string());
    }
    for what in ["unknown condition", "unknown piece code", "unknown command", "unknown option"] {
        if why.starts_with(what) {
            return Some(format!("{what} {}", why.split('`').nth(1).unwrap_or("").to_ascii_lowercase()));
        }
    }
    None
}

/// How Popeye's regression problems came out.
#[derive(Debug, Default)]
pub struct Report {
    pub agree: Vec<String>,
    pub both_refused: Vec<String>,
    pub timed_out: Vec<String>,
    /// Problems stipula refuses as not supported, by reason.
    pub unsupported: BTreeMap<String, Vec<String>>,
    pub disagree: Vec<(String, String, String, String, String)>,
}

impl Report {
    pub fn in_scope(&self) -> usize {
        self.agree.len() + self.both_refused.len() + self.timed_out.len() + self.disagree.len()
    }
}

/// Solves each problem with both solvers (those stipula supports) and compares.
pub fn run(problems: &[Problem], popeye: &Path, limit: Duration, jobs: usize) -> Report {
    let report = std::sync::Mutex::new(Report::default());
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(p) = problems.get(i) else { break };
                if let Some(why) = unsupported(&p.text) {
                    report.lock().unwrap().unsupported.entry(why).or_default().push(p.name.clone());
                    continue;
                }
                let py = oracle::popeye(popeye, &p.text, limit);
                let text = p.text.clone();
                let st = std::panic::catch_unwind(move || oracle::stipula(&text, limit))
                    .unwrap_or_else(|_| oracle::Answer::Refused { text: String::new(), why: "stipula panicked".into() });
                let verdict = oracle::judge(popeye, &p.text, limit, &py, &st);
                let mut r = report.lock().unwrap();
                match verdict {
                    Verdict::Agree | Verdict::AgreeWithoutHashTable => r.agree.push(p.name.clone()),
                    Verdict::BothRefused => r.both_refused.push(p.name.clone()),
                    Verdict::TimedOut(who) => r.timed_out.push(format!("{} ({who})", p.name)),
                    Verdict::Disagree(what) => {
                        let text = |a: &oracle::Answer| match a {
                            oracle::Answer::Solved { text, .. } | oracle::Answer::Refused { text, .. } => text.clone(),
                            oracle::Answer::TimedOut => String::new(),
                        };
                        r.disagree.push((p.name.clone(), what, p.text.clone(), text(&py), text(&st)));
                    }
                }
            });
        }
    });
    let mut r = report.into_inner().unwrap();
    r.agree.sort();
    r.both_refused.sort();
    r.timed_out.sort();
    r.disagree.sort();
    r
}
