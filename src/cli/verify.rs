//! `stipula verify FILE|FOLDER...`: solve every problem and compare with its intended solution.

use super::inputs::{expand, judge_item, read_all, threads};
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use std::time::Duration;
use stipula::solve::run::Settings;
use stipula::verify::{ProblemReport, TwinReport, Verdict};

/// How verdicts are printed.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    /// One block per problem for people, then a summary.
    Text,
    /// A versioned JSON document (`stipula.verify/1`).
    Json,
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Problem files (`.inp`, `.stip`, `.yaml`) or folders (searched recursively, in name order).
    #[arg(required = true)]
    pub paths: Vec<String>,
    /// Leave out the files under this path (repeatable), e.g. a folder of syntax examples.
    #[arg(long)]
    pub exclude: Vec<String>,
    /// Threads for the search (default: all cores; at most 8 per core).
    #[arg(long, value_parser = super::args::threads)]
    pub threads: Option<usize>,
    /// Transposition-table size in MB, per problem being solved (at most half of the machine's memory).
    #[arg(long, default_value = "64", value_parser = super::args::hash_mb)]
    pub hash: usize,
    /// Time limit per problem in seconds (at most a week); a problem over it is `unsolved`.
    #[arg(long, default_value = "60", value_parser = super::args::seconds)]
    pub time_limit: Duration,
    /// Help and series play: the solution lines listed per phase, the canonically first; the others are
    /// counted, and the output says how many were found (at most ten million).
    #[arg(long, value_name = "N", default_value_t = stipula::solve::lines::DEFAULT_MAX_LINES, value_parser = super::args::max_lines)]
    pub max_lines: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

pub fn run(args: VerifyArgs) -> i32 {
    if let Err(e) = threads(args.threads) {
        eprintln!("error: {e}");
        return super::EXIT_BAD_INPUT;
    }
    let files = match expand(&args.paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return super::EXIT_BAD_INPUT;
        }
    };
    let excluded = |f: &String| args.exclude.iter().any(|x| std::path::Path::new(f).starts_with(x));
    let files: Vec<String> = files.into_iter().filter(|f| !excluded(f)).collect();
    let items = read_all(&files);
    for it in &items {
        if let Err(d) = &it.problem {
            eprint!("{}", d.render());
        }
    }
    let settings = Settings {
        hash_mb: args.hash,
        time_limit: Some(args.time_limit),
        max_lines: args.max_lines,
        ..Settings::default()
    };
    // Problems in parallel; rayon's work stealing also splits the search inside a problem when few remain.
    let reports: Vec<ProblemReport> = items.par_iter().map(|it| judge_item(it, &settings)).collect();
    let mut counts = std::collections::BTreeMap::new();
    for r in &reports {
        *counts.entry(r.verdict).or_insert(0usize) += 1;
    }
    match args.format {
        Format::Text => {
            for (it, r) in items.iter().zip(&reports) {
                out!("{}", text(it.index, r));
            }
            outln!("{}", summary(reports.len(), &counts));
        }
        Format::Json => {
            let problems: Vec<_> = items
                .iter()
                .zip(&reports)
                .map(|(it, r)| serde_json::json!({ "file": it.file, "index": it.index, "report": r }))
                .collect();
            let summary: serde_json::Map<String, serde_json::Value> =
                counts.iter().map(|(v, n)| (v.name().to_string(), serde_json::json!(n))).collect();
            let doc = serde_json::json!({ "schema": "stipula.verify/1", "problems": problems, "summary": summary });
            outln!("{}", serde_json::to_string_pretty(&doc).expect("serialisable"));
        }
    }
    exit_code(&reports)
}

/// 0 when every problem is sound, 70 when solving one failed inside stipula, 2 when one could not be read,
/// 1 otherwise.
fn exit_code(reports: &[ProblemReport]) -> i32 {
    if reports.iter().any(|r| r.verdict == Verdict::InternalError) {
        super::guard::EXIT_INTERNAL
    } else if reports.iter().any(|r| r.verdict == Verdict::BadInput) {
        super::EXIT_BAD_INPUT
    } else if reports.iter().all(|r| r.verdict == Verdict::Sound) {
        0
    } else {
        1
    }
}

/// `12 problems: 10 sound, 1 cooked, 1 bad_input`.
pub fn summary(total: usize, counts: &std::collections::BTreeMap<Verdict, usize>) -> String {
    let parts: Vec<String> = counts.iter().map(|(v, n)| format!("{n} {}", v.name())).collect();
    format!("{total} problem{}: {}", if total == 1 { "" } else { "s" }, parts.join(", "))
}

/// A problem's verdict for people: one line, then the evidence, indented.
fn text(index: usize, r: &ProblemReport) -> String {
    let loc =
        if r.location.line == 0 { format!("{} (problem {index})", r.location.file) } else { r.location.to_string() };
    let stip = if r.stipulation.is_empty() { String::new() } else { format!(" {}", r.stipulation) };
    let mut s = format!("{loc}{stip}: {}\n", r.verdict.name().replace('_', " "));
    let labelled = r.twins.len() > 1 || r.twins.iter().any(|t| !t.label.is_empty());
    for t in &r.twins {
        let pad = if labelled {
            s += &format!("  {} {}: {}\n", t.label, t.stipulation, t.verdict.name().replace('_', " "));
            "    "
        } else {
            "  "
        };
        s += &evidence(t, pad);
    }
    s
}

fn evidence(t: &TwinReport, pad: &str) -> String {
    let mut s = String::new();
    if let Some(n) = &t.note {
        if t.verdict != Verdict::Sound {
            s += &format!("{pad}{n}\n");
        }
    }
    for (what, list) in [("missing", &t.missing), ("cook", &t.cooks), ("short", &t.short)] {
        for l in list {
            s += &format!("{pad}{what}: {l}\n");
        }
    }
    for i in &t.stated_issues {
        s += &format!("{pad}in the stated solution, {i}\n");
    }
    for d in &t.duals {
        s += &format!("{pad}dual after {} (key {}): {}\n", d.defence, d.key, d.continuations.join(" | "));
    }
    if t.verdict == Verdict::NoSolution || t.verdict == Verdict::Solved {
        for l in &t.solutions {
            s += &format!("{pad}solution: {l}\n");
        }
    }
    s
}
