//! Popeye's example corpus and the regression cases of the differential test (the reference cases of
//! `../shared/popeye` are `tests/conformance.rs`, a binary of its own).
//!
//! `regression_cases_agree_with_popeye` runs the cases of `tests/popeye-cases/` (one per class of disagreement
//! the differential test found, each with Popeye 4.104's output made by `tests/popeye-cases/make.sh` from the
//! shipped binary), compared as the differential test compares; it needs no Popeye.
//!
//! `popeye_corpus` runs Popeye's example corpus: the problems of `src/BEISPIEL` (with `src/BEISPIEL/lengthy`),
//! `src/EXAMPLES`, `src/REGRESSIONS` and `src/TESTS` of its source in `STIPULA_POPEYE_REF` (default
//! `../shared/popeye-ref`), 2 693 once each file is split one problem per input. Every problem is read; those stipula refuses as not supported are counted by the
//! first reason it gives; the others are solved by both (Popeye's binary: `STIPULA_POPEYE_BIN` or `py` there) and
//! compared as the differential test compares (help and series play as lines, trees whole). By default a fixed
//! sample of them is solved ([`SAMPLE_EVERY`]); `STIPULA_CORPUS=all` solves them all (`benches/corpus.sh`). Each
//! solver gets `STIPULA_CASE_SECONDS` per problem (default 10); Popeye's outputs are kept in
//! `target/popeye-cache/`, so a rerun only runs stipula. A disagreement fails the test. Its report:
//! `target/popeye-corpus.txt`, and one line per problem in `target/popeye-corpus.tsv`.

use crate::difftest;
use crate::difftest::regressions::{category, Outcome};

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Popeye's source and binary folder: `STIPULA_POPEYE_REF`, else `../shared/popeye-ref` beside the repository.
fn popeye_ref() -> Option<PathBuf> {
    let dir = match std::env::var("STIPULA_POPEYE_REF") {
        Ok(d) => PathBuf::from(d),
        Err(_) => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/popeye-ref")),
    };
    dir.join("src/REGRESSIONS").is_dir().then_some(dir)
}

use difftest::regressions::CORPUS_FOLDERS as FOLDERS;

/// The problems in them (Popeye 4.104), each file split one problem per input.
const CORPUS_SIZE: usize = 2693;

/// The sample CI solves: of the problems stipula plays, every `SAMPLE_EVERY`-th in the corpus' order (folders,
/// then files by name, then problems in the file), and every one of `src/REGRESSIONS` and `src/TESTS`.
const SAMPLE_EVERY: usize = 3;

/// The date and the machine, for the report (`date -u`, `uname -nm`, the cores).
fn when_and_where() -> String {
    let sh = |cmd: &str, args: &[&str]| {
        std::process::Command::new(cmd)
            .args(args)
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_default()
    };
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    format!("{} on {} ({cores} cores)", sh("date", &["-u", "+%Y-%m-%d %H:%M UTC"]), sh("uname", &["-nm"]))
}

/// `2693` as `2 693`.
fn fmt_thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

#[test]
#[cfg_attr(
    not(popeye_oracle),
    ignore = "needs Popeye's source and binary: ../shared/popeye-ref or STIPULA_POPEYE_REF, STIPULA_POPEYE_BIN"
)]
fn popeye_corpus() {
    let dir = popeye_ref().expect("Popeye's source is not there (STIPULA_POPEYE_REF, ../shared/popeye-ref)");
    let bin =
        difftest::popeye_binary().expect("Popeye's binary is not there (STIPULA_POPEYE_BIN, ../shared/popeye-ref/py)");
    let limit: f64 = std::env::var("STIPULA_CASE_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let filter = std::env::var("STIPULA_CASE_FILTER").unwrap_or_default();
    let all = match std::env::var("STIPULA_CORPUS").as_deref() {
        Ok("all") => true,
        Ok("sample") | Err(_) => false,
        Ok(other) => panic!("STIPULA_CORPUS is `all` (the whole corpus) or `sample` (the default), not `{other}`"),
    };
    let started = Instant::now();
    let folders: Vec<PathBuf> = FOLDERS.iter().map(|f| dir.join("src").join(f)).collect();
    let folders: Vec<&Path> = folders.iter().map(PathBuf::as_path).collect();
    let mut problems = difftest::regressions::problems(&folders);
    assert_eq!(problems.len(), CORPUS_SIZE, "Popeye's example corpus is not whole in {}", dir.display());
    problems.retain(|p| filter.split('|').any(|f| p.name.contains(f)));
    // `STIPULA_CASE_TEXT=circe|immun`: only the problems whose text contains one of the `|`-separated words (any
    // case).
    if let Ok(words) = std::env::var("STIPULA_CASE_TEXT") {
        problems.retain(|p| words.split('|').any(|w| p.text.to_lowercase().contains(&w.to_lowercase())));
    }
    // The sample: fixed by the corpus' order alone (which problems stipula plays is known only once read, so the
    // k-th is counted among them).
    let plays: Vec<bool> = problems.iter().map(|p| difftest::regressions::unsupported(&p.text).is_none()).collect();
    let mut sampled = vec![all; problems.len()];
    let mut k = 0;
    for (i, p) in problems.iter().enumerate() {
        if plays[i] {
            sampled[i] |= k % SAMPLE_EVERY == 0 || p.name.starts_with("REGRESSIONS/") || p.name.starts_with("TESTS/");
            k += 1;
        }
    }
    let jobs = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    let cache = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/target/popeye-cache"));
    // `STIPULA_CORPUS_CACHE=off`: Popeye run afresh, its outputs not read from the cache.
    let cached = std::env::var("STIPULA_CORPUS_CACHE").as_deref() != Ok("off");
    let r = difftest::regressions::run(
        &problems,
        &sampled,
        &bin,
        Duration::from_secs_f64(limit),
        jobs,
        cached.then_some(cache.as_path()),
    );

    let mut report = String::new();
    let w = &mut report;
    let sample = if all {
        "every problem stipula plays".to_string()
    } else {
        format!("a fixed sample of the problems stipula plays: one in {SAMPLE_EVERY} in the corpus' order and all of REGRESSIONS and TESTS (STIPULA_CORPUS=all: every one)")
    };
    let filtered = if filter.is_empty() { String::new() } else { format!(" whose name contains `{filter}`") };
    let _ = writeln!(
        w,
        "Popeye's example corpus ({}: {CORPUS_SIZE} problems){filtered}: {} read",
        FOLDERS.join(", "),
        problems.len()
    );
    let _ = writeln!(
        w,
        "  solved: {sample}; {limit} s per solver and problem, {jobs} at once; {}, {:.0} s",
        when_and_where(),
        started.elapsed().as_secs_f64()
    );
    let played = problems.len() - r.count("refused");
    let over: Vec<String> = r
        .results
        .iter()
        .zip(&problems)
        .filter_map(|(x, p)| match x.outcome {
            Outcome::OverLimit(who) => Some(format!("{} ({who})", p.name)),
            _ => None,
        })
        .collect();
    let over_by = |who| r.results.iter().filter(|x| x.outcome == Outcome::OverLimit(who)).count();
    let _ = writeln!(
        w,
        "  stipula plays {played}: {} solved by both and compared: {} agree, {} differ, {} over the limit (Popeye {}, stipula {}), {} refused by both; {} not run (outside the sample)",
        played - r.count("not-run"),
        r.count("agree"),
        r.count("differ"),
        r.count("over-limit"),
        over_by("Popeye"),
        over_by("stipula"),
        r.count("both-refused"),
        r.count("not-run")
    );
    let refusals = r.refusals(&problems);
    let mut kinds: std::collections::BTreeMap<&str, usize> = Default::default();
    for (why, names) in &refusals {
        *kinds.entry(category(why)).or_default() += names.len();
    }
    let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    let _ = writeln!(
        w,
        "  stipula refuses {} as not supported, by the first reason it gives ({} reasons; by kind: {})",
        r.count("refused"),
        refusals.len(),
        kinds.join(", ")
    );
    let mut by_count: Vec<(&String, &Vec<&str>)> = refusals.iter().collect();
    by_count.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(b.0)));
    for (why, names) in &by_count {
        let shown: Vec<&str> = names.iter().take(8).copied().collect();
        let more = if names.len() > shown.len() { " …" } else { "" };
        let _ = writeln!(w, "    {:4} {why} [{}]: {}{more}", names.len(), category(why), shown.join(" "));
    }
    for o in &over {
        let _ = writeln!(w, "  over the limit: {o}");
    }
    for (x, p) in r.results.iter().zip(&problems) {
        if let Outcome::Differ { what, popeye, stipula } = &x.outcome {
            let _ = writeln!(
                w,
                "\n=== {}: {what}\n--- problem\n{}\n--- Popeye\n{}\n--- stipula\n{}",
                p.name,
                p.text.trim_end(),
                popeye.trim_end(),
                stipula.trim_end()
            );
        }
    }
    // One line per problem: its name, outcome, the reason or what differs, and each solver's seconds.
    let mut list = String::from("problem\toutcome\tdetail\tpopeye_seconds\tstipula_seconds\n");
    for (x, p) in r.results.iter().zip(&problems) {
        let detail = match &x.outcome {
            Outcome::Refused(why) => why.clone(),
            Outcome::OverLimit(who) => who.to_string(),
            Outcome::Differ { what, .. } => what.replace(['\t', '\n'], " "),
            _ => String::new(),
        };
        let secs = |s: Option<f64>| s.map_or(String::new(), |s| format!("{s:.3}"));
        let _ = writeln!(
            list,
            "{}\t{}\t{detail}\t{}\t{}",
            p.name,
            x.outcome.word(),
            secs(x.popeye_seconds),
            secs(x.stipula_seconds)
        );
    }
    print!("{report}");
    let target = concat!(env!("CARGO_MANIFEST_DIR"), "/target");
    let _ = std::fs::create_dir_all(target);
    std::fs::write(format!("{target}/popeye-corpus.txt"), &report).expect("the report is written");
    std::fs::write(format!("{target}/popeye-corpus.tsv"), &list).expect("the per-problem list is written");
    // A run of the whole corpus: its counts and its most frequent refusals in Markdown, which `benches/corpus.sh`
    // writes into the README and docs/testing.md.
    let md = format!("{target}/popeye-corpus.md");
    let _ = std::fs::remove_file(&md);
    if all && filter.is_empty() {
        let mut m = String::new();
        let _ = writeln!(
            m,
            "Measured {} with `benches/corpus.sh` ({limit} s per solver and problem): of the {} problems stipula \
             plays {played}; of those {} agree with Popeye, {} differ, {} are refused by both, {} ran over the limit (Popeye \
             {}, stipula {}). It refuses {} as not supported; by the kind of the first reason it gives: {}.\n",
            when_and_where(),
            fmt_thousands(CORPUS_SIZE),
            r.count("agree"),
            r.count("differ"),
            r.count("both-refused"),
            r.count("over-limit"),
            over_by("Popeye"),
            over_by("stipula"),
            r.count("refused"),
            kinds.join(", ")
        );
        let _ = writeln!(m, "| problems | first reason stipula gives | kind |\n|---:|---|---|");
        for (why, names) in by_count.iter().take(40) {
            let _ = writeln!(m, "| {} | {} | {} |", names.len(), why.replace('|', "\\|"), category(why));
        }
        let _ = writeln!(
            m,
            "\n{} reasons in all: `target/popeye-corpus.txt` lists each with its problems.",
            refusals.len()
        );
        std::fs::write(&md, m).expect("the Markdown summary is written");
        let line = format!(
            "stipula plays {played} of the {} problems of Popeye's own example corpus and agrees with Popeye on {} of them \
             ({} differ, {} are refused by both, {} ran over the limit of {limit} s; measured {}, `benches/corpus.sh`). \
             What it refuses, by reason: [docs/testing.md](docs/testing.md#popeyes-example-corpus).",
            fmt_thousands(CORPUS_SIZE),
            r.count("agree"),
            r.count("differ"),
            r.count("both-refused"),
            r.count("over-limit"),
            when_and_where()
        );
        std::fs::write(format!("{target}/popeye-corpus-readme.md"), line + "\n").expect("the README line is written");
    }
    // The differences docs/popeye-differences.md explains, each with its reason; any other fails.
    let unexplained: Vec<&str> = problems
        .iter()
        .zip(&r.results)
        .filter(|(p, e)| e.outcome.word() == "differ" && !DOCUMENTED.iter().any(|(name, _)| *name == p.name))
        .map(|(p, _)| p.name.as_str())
        .collect();
    assert!(
        unexplained.is_empty(),
        "problems of Popeye's example corpus disagree (see above, target/popeye-corpus.txt): {}",
        unexplained.join(" ")
    );
}

/// The problems of the corpus where stipula differs from Popeye on purpose or for a reason docs/popeye-differences.md
/// gives.
const DOCUMENTED: &[(&str, &str)] = &[
    ("BEISPIEL/duplex.inp#1", "a pawn on its first rank in the diagram is refused"),
    ("BEISPIEL/stip.inp#68", "StartMoveNumber is ignored (every first move is solved)"),
    ("BEISPIEL/sford.inp#34", "StartMoveNumber is ignored (every first move is solved)"),
    ("REGRESSIONS/4_83_to_4_85.inp#14", "StartMoveNumber is ignored (every first move is solved)"),
    ("REGRESSIONS/4_51_to_4_53.inp#4", "StartMoveNumber is ignored (every first move is solved)"),
    ("REGRESSIONS/4_51_to_4_53.inp#5", "StartMoveNumber is ignored (every first move is solved)"),
    ("REGRESSIONS/4_87_to_4_89.inp#3", "a pawn on its first rank in the diagram is refused"),
    ("REGRESSIONS/4_61_to_4_63.inp#23", "a pawn on its first rank in the diagram is refused"),
    ("EXAMPLES/halfneut.inp#1", "a pawn on its first rank in the diagram is refused"),
    ("BEISPIEL/halbneut.inp#13", "a pawn on its first rank in the diagram is refused"),
    ("BEISPIEL/lengthy/zeitmax.inp#1", "MaxTime: which lines Popeye finds before its time runs out"),
    ("BEISPIEL/lengthy/zeitmax.inp#6", "MaxTime: Popeye's 10 s run out before the solution it finds without the limit"),
    ("BEISPIEL/exklohne.inp#94", "Checkless chess: a check whose legality Popeye cannot decide is left out"),
    ("TESTS/circe.inp#19", "conditions are written in the input's order (Popeye: Circe before Isardam)"),
];

#[test]
fn regression_cases_agree_with_popeye() {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/popeye-cases"));
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "inp"))
        .collect();
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
