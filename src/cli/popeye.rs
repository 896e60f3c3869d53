//! `stipula-popeye`: Popeye's command line over stipula, so that a front-end written for Popeye (Olive, scripts)
//! runs stipula unchanged. It is compiled into that second binary only (`src/bin/stipula-popeye.rs`), with the
//! shared parts of the command line (`out`, `guard`, `args`).
//!
//! `stipula-popeye [-maxmem N[K|M|G]] [-maxtime S] [-regression] [other Popeye flags] [FILE]`: the flags are
//! read as Popeye 4.104 reads them (`src/input/commandline.c`): one after another until a word that is not one
//! of them, which is the input file (any name, read as Popeye input; none: standard input). Standard output is
//! Popeye's: the banner, each problem's header, its twins as they are solved (flushed), the closing line with the
//! time; with `-regression` neither banner nor time. Errors go to standard error in Popeye's words, and the exit
//! code is Popeye's: 0, even when a problem could not be read (70 for a bug in stipula, 141 for a closed pipe).

use super::{args, guard};
use std::ffi::OsString;
use std::io::Read;
use std::time::{Duration, Instant};
use stipula::input::{decode, popeye::input_language, popeye::read_popeye_spans_as_popeye};
use stipula::output::popeye::{banner, closing, problem_start, twin, Completeness};
use stipula::problem::twins::compile_twins;
use stipula::problem::{Diagnostic, Fault};
use stipula::solve::run::{solve_twins_each, Outcome, Settings};
use stipula::words::{in_lang, Lang};

/// The table size without `-maxmem`, as `stipula solve` has it (Popeye guesses from the machine's memory).
const DEFAULT_KB: u64 = 256 * 1024;

/// The longest `-maxtime`: a week, as `--time-limit`.
const MAX_SECONDS: u64 = 7 * 24 * 3600;

/// Popeye's command line as read.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Args {
    /// `-maxmem`: the table size asked for, in KB (Popeye's unit; `M` and `G` multiply), if a number was given.
    pub maxmem_kb: Option<u64>,
    /// `-maxtime`: seconds, if a number was given.
    pub maxtime: Option<u64>,
    /// `-regression`: no banner, no times.
    pub regression: bool,
    /// The input file; none: standard input.
    pub file: Option<OsString>,
}

/// Popeye's number reading (`strtoul`): the leading digits, if any, and what follows them.
fn leading_number(s: &str) -> Option<(u64, &str)> {
    let t = s.trim_start();
    let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let n = t[..end].parse::<u64>().ok().or_else(|| (end > 0).then_some(u64::MAX))?;
    Some((n, &t[end..]))
}

/// Reads the command line (without the program's name) as Popeye 4.104 does: `-maxmem V` and `-maxtime V`
/// (when a value follows; a value that is not a number is no limit, as in Popeye), `-regression`, and the flags
/// that do not apply to stipula, accepted and ignored: `-maxpos V`, `-heartbeat [N]`, `-maxtrace V`,
/// `-notraceptr`. The first other word is the input file, as in Popeye (so an unknown flag is a file that
/// cannot be opened); words after it are ignored, as Popeye ignores them.
pub fn parse(argv: &[OsString]) -> Args {
    let mut a = Args::default();
    let mut i = 0;
    let word = |i: usize| argv.get(i).and_then(|w| w.to_str());
    while i < argv.len() {
        let has_value = i + 1 < argv.len();
        match word(i) {
            Some("-maxmem") if has_value => {
                a.maxmem_kb = word(i + 1).and_then(leading_number).map(|(n, unit)| match unit.chars().next() {
                    Some('G') => n.saturating_mul(1 << 20),
                    Some('M') => n.saturating_mul(1 << 10),
                    _ => n,
                });
                i += 2;
            }
            Some("-maxtime") if has_value => {
                a.maxtime = word(i + 1).and_then(leading_number).map(|(n, _)| n);
                i += 2;
            }
            Some("-maxpos") if has_value => i += 2,
            Some("-maxtrace") => i += 2,
            Some("-heartbeat") => i += if word(i + 1).and_then(leading_number).is_some() { 2 } else { 1 },
            Some("-regression") => {
                a.regression = true;
                i += 1;
            }
            Some("-notraceptr") => i += 1,
            _ => break,
        }
    }
    a.file = argv.get(i).cloned();
    a
}

/// The words of Popeye's input errors (its messages `InputError`, `OffendingItem`, `ProblemIgnored`).
const INPUT_ERROR: [&str; 3] = ["input-error:", "Eingabe-Fehler:", "erreur d'entree:"];
const OFFENDING_ITEM: [&str; 3] = ["offending item: ", "Stoerende Eingabe: ", "element d'offenser: "];
const PROBLEM_IGNORED: [&str; 3] = ["problem ignored", "Problem uebersprungen", "probleme ignoree"];

/// Popeye's message (src/output/message.c, KingCapture) for a phase it leaves out because the side not to move
/// in it is in check.
const KING_CAPTURE: [&str; 3] = [
    "the side to play can capture the king",
    "Die am Zug befindliche Partei kann den Koenig schlagen",
    "le camp au trait peut prendre le roi",
];

/// A problem that could not be read, in Popeye's form (`input-error:…`, `offending item: …`), with stipula's
/// location and hint after it.
fn input_error(d: &Diagnostic, lang: Lang) -> String {
    let mut s = format!("{}{}\n", in_lang(&INPUT_ERROR, lang), d.message);
    let item = d.source_line.as_deref().map(|line| {
        let start = d.location.column.max(1) - 1;
        line.chars().skip(start).take(d.span_len).collect::<String>()
    });
    if let Some(item) = item.filter(|i| !i.trim().is_empty()) {
        s += &format!("{}{item}\n", in_lang(&OFFENDING_ITEM, lang));
    }
    s += &format!("  --> {}\n", d.location);
    if let Some(h) = &d.hint {
        s += &format!("  = hint: {h}\n");
    }
    if d.fault == Fault::Unsupported {
        s += "  = note: Popeye reads this; stipula does not support it yet\n";
    }
    s += in_lang(&PROBLEM_IGNORED, lang);
    s.push('\n');
    s
}

/// The text of an I/O error without Rust's ` (os error 2)`, as C's `perror` writes it.
fn os_text(e: &std::io::Error) -> String {
    let t = e.to_string();
    match t.find(" (os error") {
        Some(k) => t[..k].to_string(),
        None => t,
    }
}

/// Runs the drop-in on the command line (without the program's name); returns the exit code.
pub fn run(argv: Vec<OsString>) -> i32 {
    guard::install();
    let a = parse(&argv);
    let code = guard::guarded(|| solve_file(&a)).unwrap_or_else(|why| {
        eprintln!("error: internal error: {why}\n  = note: this is a bug in stipula; please report it with the command and its input");
        guard::EXIT_INTERNAL
    });
    super::out::flush();
    code
}

fn solve_file(a: &Args) -> i32 {
    let (name, bytes) = match &a.file {
        None => {
            let mut b = Vec::new();
            if let Err(e) = std::io::stdin().read_to_end(&mut b) {
                eprintln!("error opening input file: {}", os_text(&e));
                return 0;
            }
            ("-".to_string(), b)
        }
        Some(f) => match std::fs::read(f) {
            Ok(b) => (f.to_string_lossy().into_owned(), b),
            Err(e) => {
                eprintln!("error opening input file: {}", os_text(&e));
                if f.to_string_lossy().starts_with('-') {
                    eprintln!("  = note: `{}` is read as the input file's name, as Popeye 4.104 reads a word that is not one of its flags (docs/popeye-dropin.md lists them)", f.to_string_lossy());
                }
                return 0;
            }
        },
    };
    let kb = a.maxmem_kb.unwrap_or(DEFAULT_KB);
    // The table is counted in MB; stipula's bound is `--hash`'s (at most half of the machine's memory).
    let mb = kb.div_ceil(1024).max(1);
    let hash_mb = match args::hash_mb(&mb.to_string()) {
        Ok(n) => n,
        Err(e) => {
            // Popeye's words when it cannot allocate the table, on standard output as Popeye writes them.
            outln!("Couldn't allocate the requested amount of memory");
            eprintln!("error: -maxmem {kb}K: {e}");
            return 0;
        }
    };
    let time_limit = match a.maxtime {
        Some(s) if s > MAX_SECONDS => {
            eprintln!("error: -maxtime {s}: a time limit must be at most {MAX_SECONDS} seconds (a week)");
            return super::EXIT_BAD_INPUT;
        }
        s => s.map(Duration::from_secs),
    };
    let settings = Settings {
        hash_mb,
        time_limit,
        max_lines: args::max_lines("10000000").unwrap_or(usize::MAX),
        ..Settings::default()
    };
    let (text, decoding) = decode(&name, &bytes);
    let lang = input_language(&text).unwrap_or(Lang::English);
    let (problems, warnings) = read_popeye_spans_as_popeye(&text, &name);
    for w in decoding.iter().chain(&warnings) {
        eprint!("{}", w.render_as("warning"));
    }
    if !a.regression {
        out!("{}", banner(kb));
    }
    let mut code = 0;
    for (index, (_, problem)) in problems.into_iter().enumerate() {
        let start = Instant::now();
        let elapsed = || (!a.regression).then(|| start.elapsed());
        let p = match problem {
            Ok(p) => p,
            Err(d) => {
                eprint!("{}", input_error(&d, lang));
                out!("{}", closing(lang, Completeness::Complete, elapsed()));
                super::out::flush();
                continue;
            }
        };
        // The twins are compiled once, for the header and the solver.
        let compiled = compile_twins(&p);
        out!("{}", problem_start(&p, &compiled, lang));
        super::out::flush();
        let mut twins = Vec::new();
        let solved = guard::problem(&name, index + 1, || {
            solve_twins_each(&p, &compiled, &settings, |t| {
                if let (Outcome::Refused(_), false) = (&t.outcome, t.unplayable.is_empty()) {
                    // No phase can be played: Popeye writes its message for each (below), nothing else.
                } else if let Outcome::Refused(why) = &t.outcome {
                    // What stipula does not support is an input error; a position it cannot solve is refused as
                    // Popeye refuses one (`the side to play can capture the king`, `problem ignored`).
                    let lead = if why.fault == Fault::Unsupported { in_lang(&INPUT_ERROR, lang) } else { "" };
                    let what = if t.label.is_empty() { String::new() } else { format!("{} ", t.label) };
                    eprintln!("{lead}{what}{why}\n{}", in_lang(&PROBLEM_IGNORED, lang));
                }
                out!("{}", twin(&t, lang));
                super::out::flush();
                for _ in &t.unplayable {
                    // As Popeye writes it: a blank line before, none after.
                    eprint!("\n{}", in_lang(&KING_CAPTURE, lang));
                }
                twins.push(t);
            })
        });
        if let Err(why) = solved {
            eprint!("{}", guard::report(&format!("problem {} ({})", index + 1, p.location), &why));
            code = guard::EXIT_INTERNAL;
        }
        out!("{}", closing(lang, Completeness::of(&twins), elapsed()));
        super::out::flush();
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Args {
        parse(&words.iter().map(OsString::from).collect::<Vec<_>>())
    }

    /// Popeye 4.104's `parseCommandlineOptions` (src/input/commandline.c) and `input_plaintext_read_requested_memory`.
    #[test]
    fn command_line_as_popeye_reads_it() {
        let a = args(&["-maxmem", "512M", "f"]);
        assert_eq!((a.maxmem_kb, a.file), (Some(512 * 1024), Some("f".into())));
        assert_eq!(args(&["-maxmem", "2G"]).maxmem_kb, Some(2 << 20));
        assert_eq!(args(&["-maxmem", "300", "x"]).maxmem_kb, Some(300));
        assert_eq!(args(&["-maxmem", "300K", "x"]).maxmem_kb, Some(300));
        assert_eq!(args(&["-maxmem", "lots", "x"]).maxmem_kb, None);
        let a = args(&[
            "-regression",
            "-maxtime",
            "30",
            "-heartbeat",
            "-maxtrace",
            "3",
            "-notraceptr",
            "-maxpos",
            "9",
            "in",
            "more",
        ]);
        assert_eq!(a, Args { maxmem_kb: None, maxtime: Some(30), regression: true, file: Some("in".into()) });
        assert_eq!(args(&["-heartbeat", "5", "f"]).file, Some("f".into()));
        // A flag Popeye does not know ends the flags: it is the file's name.
        assert_eq!(args(&["-regression", "-foo", "f"]).file, Some("-foo".into()));
        // A flag that needs a value, last on the line, is the file's name too.
        assert_eq!(args(&["-maxtime"]).file, Some("-maxtime".into()));
        assert_eq!(args(&[]).file, None);
    }
}
