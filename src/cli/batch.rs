//! `stipula batch FILES... --out results.jsonl`: solve and judge every problem of every collection, in
//! parallel, one JSON line per problem appended as soon as it is done, resumable, shardable.

use super::inputs::{expand, judge_item, read_all, threads, Item};
use super::journal::{self, fingerprint_text, Line, SCHEMA};
use clap::Args;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use stipula::solve::run::Settings;
use stipula::verify::Verdict;

#[derive(Args, Debug)]
pub struct BatchArgs {
    /// Problem files or folders (folders are searched recursively, in name order).
    #[arg(required = true)]
    pub paths: Vec<String>,
    /// The JSON-lines results file (one line per problem, appended as each is done): a regular file, not an
    /// input, written by one batch at a time.
    #[arg(long)]
    pub out: String,
    /// Keep the lines already in `--out` and solve only the problems missing there.
    #[arg(long)]
    pub resume: bool,
    /// Solve only the K-th of N disjoint parts (`2/8`): problem number i (0-based, over all inputs in order)
    /// belongs to part `i % N + 1`.
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Time limit per problem in seconds (at most a week); a problem over it is `unsolved`.
    #[arg(long, default_value = "60", value_parser = super::args::seconds)]
    pub time_limit: Duration,
    /// Transposition-table size in MB, per problem being solved (at most half of the machine's memory).
    #[arg(long, default_value = "64", value_parser = super::args::hash_mb)]
    pub hash: usize,
    /// Threads (default: all cores; at most 8 per core).
    #[arg(long, value_parser = super::args::threads)]
    pub threads: Option<usize>,
    /// Help and series play: the solution lines listed per phase, the canonically first; the others are
    /// counted, and the output says how many were found (at most ten million).
    #[arg(long, value_name = "N", default_value_t = stipula::solve::lines::DEFAULT_MAX_LINES, value_parser = super::args::max_lines)]
    pub max_lines: usize,
    /// Leave the solving time out of the lines, so that runs can be compared byte for byte.
    #[arg(long)]
    pub no_timing: bool,
    /// Test hook: exit abruptly (code 3, like a crash) right after the N-th line is written.
    #[arg(long, hide = true)]
    pub stop_after: Option<usize>,
}

/// `K/N` with 1 ≤ K ≤ N.
fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{s}` is not a shard such as `2/8` (K/N with 1 <= K <= N)");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

pub fn run(args: BatchArgs) -> i32 {
    let bad = |e: String| {
        eprintln!("error: {e}");
        super::EXIT_BAD_INPUT
    };
    if let Err(e) = threads(args.threads) {
        return bad(e);
    }
    let files = match expand(&args.paths) {
        Ok(f) => f,
        Err(e) => return bad(e),
    };
    if files.iter().any(|f| f == "-") {
        return bad("batch reads files, not standard input (`-`): --resume needs to read them again".into());
    }
    // The journal: checked, opened and locked before anything is solved.
    if let Err(e) = journal::check_path(&args.out, &files) {
        return bad(e);
    }
    let (out, existing) = match journal::open(&args.out) {
        Ok(x) => x,
        Err(e) => return bad(e),
    };
    if !existing.is_empty() && !args.resume {
        return bad(format!("{} exists: add --resume to continue it, or remove it", args.out));
    }
    let (lines, foreign, torn) = journal::parse(&existing);
    if let Some(f) = foreign.first() {
        return bad(format!(
            "{}:{}: not a line of `stipula batch`: {}; nothing is written to a file that is not a results file",
            args.out, f.line, f.why
        ));
    }
    if torn {
        if let Err(e) = journal::cut_torn(&out, &args.out, &existing) {
            return bad(e);
        }
    }
    // What is done already: a problem whose last line has its text's fingerprint.
    let done: BTreeMap<(String, usize), Option<String>> =
        journal::latest(lines).into_iter().map(|(k, l)| (k, l.fingerprint)).collect();
    let items = read_all(&files);
    let mine: Vec<&Item> = items
        .iter()
        .enumerate()
        .filter(|(i, _)| args.shard.is_none_or(|(k, n)| i % n == k - 1))
        .map(|(_, it)| it)
        .collect();
    let is_done = |it: &Item| {
        let print = it.fingerprint.map(fingerprint_text);
        print.is_some() && done.get(&(it.file.clone(), it.index)) == Some(&print)
    };
    let todo: Vec<&Item> = mine.iter().copied().filter(|it| !is_done(it)).collect();
    let settings = Settings {
        hash_mb: args.hash,
        time_limit: Some(args.time_limit),
        max_lines: args.max_lines,
        ..Settings::default()
    };
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(todo.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} problems  {msg}  [{elapsed_precise}, about {eta} left]",
        )
        .expect("valid template"),
    );
    // A write that fails (a full disk) stops the run: the problems not yet started are not solved.
    let failed = AtomicBool::new(false);
    let state = Mutex::new((out, 0usize, BTreeMap::<Verdict, usize>::new(), None::<String>));
    todo.par_iter().for_each(|it| {
        if failed.load(Ordering::Relaxed) {
            return;
        }
        let t0 = Instant::now();
        let r = judge_item(it, &settings);
        let line = Line {
            schema: SCHEMA.into(),
            file: it.file.clone(),
            index: it.index,
            fingerprint: it.fingerprint.map(fingerprint_text),
            location: r.location,
            stipulation: r.stipulation,
            verdict: r.verdict,
            twins: r.twins,
            millis: (!args.no_timing).then(|| t0.elapsed().as_millis()),
        };
        let mut text = serde_json::to_string(&line).expect("serialisable");
        text.push('\n');
        let mut st = state.lock().unwrap_or_else(|e| e.into_inner());
        if st.3.is_some() {
            return;
        }
        // One write and a flush per line: what is written survives a crash or Ctrl-C.
        if let Err(e) = st.0.write_all(text.as_bytes()).and_then(|_| st.0.flush()) {
            st.3 = Some(format!("cannot write {}: {e}", args.out));
            failed.store(true, Ordering::Relaxed);
            return;
        }
        st.1 += 1;
        *st.2.entry(line.verdict).or_insert(0) += 1;
        let counts: Vec<String> = st.2.iter().map(|(v, n)| format!("{} {n}", v.name())).collect();
        bar.set_message(counts.join(", "));
        bar.inc(1);
        if args.stop_after == Some(st.1) {
            std::process::exit(3);
        }
    });
    bar.finish_and_clear();
    let st = state.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = st.3 {
        return bad(e);
    }
    drop(st.0);
    let all = std::fs::read_to_string(&args.out).map(|t| journal::latest(journal::parse(&t).0)).unwrap_or_default();
    out!("{}", summary_table(&all, mine.len(), todo.len()));
    0
}

/// The table printed at the end: counts per verdict and the slowest problems (each problem by its last line).
fn summary_table(lines: &BTreeMap<(String, usize), Line>, mine: usize, solved_now: usize) -> String {
    let mut s = format!(
        "{solved_now} problems solved in this run, {} results in the file ({mine} in this part)\n",
        lines.len()
    );
    let mut counts = BTreeMap::new();
    for l in lines.values() {
        *counts.entry(l.verdict).or_insert(0usize) += 1;
    }
    s += "verdict           problems\n";
    for (v, n) in &counts {
        s += &format!("{:<17} {n:>8}\n", v.name());
    }
    let mut timed: Vec<&Line> = lines.values().filter(|l| l.millis.is_some()).collect();
    timed.sort_by_key(|l| std::cmp::Reverse(l.millis));
    if !timed.is_empty() {
        s += "slowest:\n";
        for l in timed.iter().take(5) {
            s += &format!(
                "{:>9.1} s  {} {} ({})\n",
                l.millis.unwrap_or(0) as f64 / 1000.0,
                l.location,
                l.stipulation,
                l.verdict.name()
            );
        }
    }
    s
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Results files of `stipula batch` (e.g. one per shard).
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Where to write the merged file (default: standard output): a regular file, none of the inputs.
    #[arg(long)]
    pub out: Option<String>,
}

/// `stipula merge`: results files into one, each problem once (its last line, files in the order given), in
/// input order (file, then index). Every line left out is reported (file:line and why), and then the exit code
/// is 2.
pub fn merge(args: MergeArgs) -> i32 {
    if let Some(o) = &args.out {
        if let Err(e) = journal::check_path(o, &args.files) {
            eprintln!("error: {e}");
            return super::EXIT_BAD_INPUT;
        }
    }
    let mut by_key: BTreeMap<(String, usize), Line> = BTreeMap::new();
    let mut skipped = 0;
    for f in &args.files {
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: cannot read {f}: {e}");
                return super::EXIT_BAD_INPUT;
            }
        };
        let (lines, foreign, torn) = journal::parse(&text);
        for x in &foreign {
            eprintln!("warning: {f}:{}: left out: not a line of `stipula batch`: {}", x.line, x.why);
        }
        if torn {
            eprintln!("warning: {f}:{}: left out: the last line is cut off (a batch stopped while writing it; `--resume` redoes it)", text.lines().count());
        }
        skipped += foreign.len() + usize::from(torn);
        by_key.extend(journal::latest(lines));
    }
    let mut text = String::new();
    for l in by_key.values() {
        text += &serde_json::to_string(l).expect("serialisable");
        text.push('\n');
    }
    match &args.out {
        Some(o) => {
            if let Err(e) = std::fs::write(o, text) {
                eprintln!("error: cannot write {o}: {e}");
                return super::EXIT_BAD_INPUT;
            }
        }
        None => out!("{text}"),
    }
    if skipped > 0 {
        super::EXIT_BAD_INPUT
    } else {
        0
    }
}
