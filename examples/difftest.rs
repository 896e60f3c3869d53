//! Longer differential runs against Popeye (see README, "Agreement with Popeye"):
//!
//! ```sh
//! cargo run --release --example difftest -- --seed 7 --count 5000
//! ```
//!
//! Options: `--seed S` (default: from the clock, printed), `--count N` (default 1000), `--first K` (start at
//! case K: `--first K --count 1` reruns one case), `--seconds T` (per solver and problem, default 5),
//! `--jobs J` (default: the cores), `--popeye PATH` (default `STIPULA_POPEYE_BIN` or
//! `../shared/popeye-ref/py`), `--verbose`, `--only WORD` (repeatable: only the cases whose problem contains
//! every WORD, e.g. `--only SetPlay --only s#`; the others are passed over). `--file PROBLEM.inp` compares one
//! problem of a file instead. Exit code 1 when a case disagrees.
//!
//! `--corpus-extract DIR --any WORD...` takes Popeye's example corpus instead (`STIPULA_POPEYE_REF`, else
//! `../shared/popeye-ref`): every problem stipula plays whose text contains one of the WORDs (any case) is compared
//! with Popeye (its outputs kept in `target/popeye-cache/`) and written to `DIR` as a file of its own
//! (`BEISPIEL-circe.inp-3.inp`), for `benches/corpus-speed.sh` to time. Exit code 1 when one disagrees.

#[path = "../tests/it/difftest/mod.rs"]
mod difftest;

use std::time::Duration;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut seed = None;
    let mut count = 1000;
    let mut first = 0;
    let mut seconds = 5.0;
    let mut jobs = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    let mut popeye = difftest::popeye_binary();
    let mut verbose = false;
    let mut only = Vec::new();
    let mut file = None;
    let mut extract = None;
    let mut any = Vec::new();
    let usage = "usage: difftest [--seed S] [--count N] [--first K] [--seconds T] [--jobs J] [--popeye PATH] [--verbose] [--only WORD]... | --file PROBLEM.inp | --corpus-extract DIR --any WORD...";
    while let Some(a) = args.next() {
        let mut value = |name: &str| -> String {
            args.next().unwrap_or_else(|| {
                eprintln!("error: {name} needs a value\n{usage}");
                std::process::exit(2)
            })
        };
        let number = |name: &str, v: String| -> f64 {
            v.parse().unwrap_or_else(|_| {
                eprintln!("error: invalid value '{v}' for {name}\n{usage}");
                std::process::exit(2)
            })
        };
        match a.as_str() {
            "--seed" => seed = Some(number("--seed", value("--seed")) as u64),
            "--count" => count = number("--count", value("--count")) as u64,
            "--first" => first = number("--first", value("--first")) as u64,
            "--seconds" => seconds = number("--seconds", value("--seconds")),
            "--jobs" => jobs = number("--jobs", value("--jobs")) as usize,
            "--popeye" => popeye = Some(value("--popeye").into()),
            "--verbose" => verbose = true,
            "--only" => only.push(value("--only")),
            "--file" => file = Some(value("--file")),
            "--corpus-extract" => extract = Some(value("--corpus-extract")),
            "--any" => any.push(value("--any").to_lowercase()),
            _ => {
                eprintln!("error: unknown argument '{a}'\n{usage}");
                std::process::exit(2)
            }
        }
    }
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(1) % 1_000_000
    });
    let Some(popeye) = popeye else {
        eprintln!("error: Popeye's binary not found: give --popeye PATH or set STIPULA_POPEYE_BIN");
        std::process::exit(2)
    };
    if let Some(path) = file {
        // One problem file, compared as a case is.
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            eprintln!("error: cannot read {path}: {e}");
            std::process::exit(2)
        });
        let limit = Duration::from_secs_f64(seconds);
        let (py, st) = (difftest::oracle::popeye(&popeye, &text, limit), difftest::oracle::stipula(&text, limit));
        let verdict = difftest::oracle::judge(&popeye, &text, limit, &py, &st);
        println!("{verdict:?}");
        std::process::exit(if matches!(verdict, difftest::oracle::Verdict::Disagree(_)) { 1 } else { 0 });
    }
    if let Some(dir) = extract {
        std::process::exit(corpus_extract(&popeye, std::path::Path::new(&dir), &any, Duration::from_secs_f64(seconds)));
    }
    let cfg =
        difftest::Config { seed, first, count, limit: Duration::from_secs_f64(seconds), jobs, popeye, verbose, only };
    let summary = difftest::run(&cfg);
    print!("{}", summary.report(&cfg));
    std::process::exit(if summary.disagreements.is_empty() { 0 } else { 1 });
}

/// `--corpus-extract`: the corpus problems stipula plays whose text contains one of `words`, each compared with
/// Popeye and written to `dir`; the exit code (1 when one disagrees).
fn corpus_extract(popeye: &std::path::Path, dir: &std::path::Path, words: &[String], limit: Duration) -> i32 {
    use difftest::oracle::{self, Verdict};
    if words.is_empty() {
        eprintln!("error: --corpus-extract needs at least one --any WORD");
        return 2;
    }
    let root = match std::env::var("STIPULA_POPEYE_REF") {
        Ok(d) => std::path::PathBuf::from(d),
        Err(_) => std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/popeye-ref")),
    };
    let folders: Vec<_> = difftest::regressions::CORPUS_FOLDERS.iter().map(|f| root.join("src").join(f)).collect();
    let folders: Vec<&std::path::Path> = folders.iter().map(|p| p.as_path()).collect();
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: cannot create {}: {e}", dir.display());
        return 2;
    }
    let cache = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/target/popeye-cache"));
    let mut failed = 0;
    for p in difftest::regressions::problems(&folders) {
        let lower = p.text.to_lowercase();
        if !words.iter().any(|w| lower.contains(w.as_str())) || difftest::regressions::unsupported(&p.text).is_some() {
            continue;
        }
        let verdict = oracle::with_cache(&cache, || {
            let (py, st) = (oracle::popeye(popeye, &p.text, limit), oracle::stipula(&p.text, limit));
            oracle::judge(popeye, &p.text, limit, &py, &st)
        });
        let word = match verdict {
            Verdict::Agree | Verdict::AgreeWithoutHashTable => "agree",
            Verdict::BothRefused => "refused by both",
            Verdict::TimedOut(_) => "over the limit",
            Verdict::Disagree(_) => {
                failed += 1;
                "DIFFER"
            }
        };
        println!("{}\t{word}", p.name);
        if word == "agree" {
            let file = dir.join(format!("{}.inp", p.name.replace(['/', '#'], "-")));
            if let Err(e) = std::fs::write(&file, &p.text) {
                eprintln!("error: cannot write {}: {e}", file.display());
                return 2;
            }
        }
    }
    i32::from(failed > 0)
}
