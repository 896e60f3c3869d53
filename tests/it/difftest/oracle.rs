//! Solving one problem with both solvers and comparing what they print: help and series play as sets of lines
//! per twin, direct, self and reflex play as whole trees (siblings sorted at every level), twin headings, the
//! `Partial solution` mark, and refusals (Popeye's messages against stipula's refusals).

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use stipula::input::popeye::{input_language, read_popeye};
use stipula::input::solution::{canonical_tree, parse_popeye_output, TwinText};
use stipula::output::popeye::problem_text;
use stipula::output::text::render;
use stipula::problem::twins::TwinChange;
use stipula::problem::Play;
use stipula::solve::run::{solve_problem, Outcome, Settings};
use stipula::words::Lang;

/// What one solver made of a problem.
#[derive(Clone, Debug)]
pub enum Answer {
    /// Its output (Popeye's, or stipula's rendered in Popeye's format), read back per twin.
    Solved { text: String, twins: Vec<TwinText>, refused: Vec<Option<String>>, messages: Vec<String> },
    /// The problem as a whole was refused (a read error, or Popeye's message and nothing solved).
    Refused { text: String, why: String },
    /// The time limit stopped it.
    TimedOut,
}

/// Lines of Popeye's output that are messages, not solutions: at the left margin and not a twin heading,
/// `solution finished.` or `Partial solution` (`both sides need a king`, `the side to play can capture the
/// king`, `A piece will be moved outside.`).
fn messages(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().rposition(|l| l.starts_with("+---a")).map_or(0, |i| i + 1);
    let mut out = Vec::new();
    for line in &lines[start..] {
        if line.is_empty() || line.starts_with(' ') {
            continue;
        }
        let heading = {
            let t = line.strip_prefix('+').unwrap_or(line);
            let b = t.as_bytes();
            b.len() >= 2 && b[0].is_ascii_lowercase() && b[1] == b')'
        };
        let ending = [
            "solution finished",
            "Loesung beendet",
            "solution terminee",
            "Partial solution",
            "Partielle Loesung",
            "solution partielle",
        ];
        if heading || ending.iter().any(|e| line.starts_with(e)) {
            continue;
        }
        out.push(line.trim().to_string());
    }
    out
}

/// Runs Popeye's binary on one problem (`-maxmem 1G`), killed after `limit`.
pub fn popeye(bin: &Path, text: &str, limit: Duration) -> Answer {
    popeye_with(bin, text, limit, "1G")
}

/// Runs Popeye's binary on one problem with a hash table of `maxmem` (`0`: none), killed after `limit`; through
/// the cache of [`with_cache`] when the calling thread has one.
pub fn popeye_with(bin: &Path, text: &str, limit: Duration, maxmem: &str) -> Answer {
    match CACHE.with(|c| c.borrow().clone()) {
        Some(dir) => cache::run(&dir, bin, text, limit, maxmem),
        None => match run_popeye(bin, text, limit, maxmem) {
            Some((out, err)) => read_back(out, &err),
            None => Answer::TimedOut,
        },
    }
}

thread_local! {
    /// The folder of Popeye's cached outputs for the current thread ([`with_cache`]).
    static CACHE: std::cell::RefCell<Option<std::path::PathBuf>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with Popeye's outputs cached in `dir` for the current thread (the corpus runner's workers): the
/// differential test and every other caller run Popeye afresh.
pub fn with_cache<T>(dir: &Path, f: impl FnOnce() -> T) -> T {
    CACHE.with(|c| *c.borrow_mut() = Some(dir.to_path_buf()));
    let out = f();
    CACHE.with(|c| *c.borrow_mut() = None);
    out
}

/// Popeye's outputs kept on disk, one file per (binary, `-maxmem`, problem text): a rerun of the corpus reads
/// them instead of running Popeye again. A run the time limit stopped is kept with its limit, and reused only
/// under a limit no longer than it.
mod cache {
    use super::{read_back, run_popeye, Answer};
    use std::collections::HashMap;
    use std::path::{Path, PathBuf};
    use std::sync::{Mutex, OnceLock};
    use std::time::Duration;

    /// FNV-1a, 64 bits: the same key on every machine and Rust version.
    fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        h
    }

    /// The binary's key: its bytes' hash (computed once per path and run).
    fn binary_key(bin: &Path) -> u64 {
        static KEYS: OnceLock<Mutex<HashMap<PathBuf, u64>>> = OnceLock::new();
        let keys = KEYS.get_or_init(Default::default);
        if let Some(k) = keys.lock().unwrap().get(bin) {
            return *k;
        }
        let bytes = std::fs::read(bin).unwrap_or_else(|e| panic!("cannot read Popeye's binary {}: {e}", bin.display()));
        let k = fnv(0xcbf2_9ce4_8422_2325, &bytes);
        keys.lock().unwrap().insert(bin.to_path_buf(), k);
        k
    }

    /// Popeye's answer from the cache in `dir`, else from running it (and then kept).
    pub fn run(dir: &Path, bin: &Path, text: &str, limit: Duration, maxmem: &str) -> Answer {
        let key = fnv(fnv(binary_key(bin), maxmem.as_bytes()), format!("\0{text}").as_bytes());
        let file = dir.join(format!("{key:016x}.txt"));
        // The file: `done`, the length of standard output in bytes, a newline, standard output, standard error;
        // or `timeout SECONDS`.
        if let Ok(kept) = std::fs::read_to_string(&file) {
            if let Some(secs) = kept.strip_prefix("timeout ").and_then(|s| s.trim().parse::<f64>().ok()) {
                if limit.as_secs_f64() <= secs {
                    return Answer::TimedOut;
                }
            } else if let Some((len, rest)) = kept.strip_prefix("done ").and_then(|s| s.split_once('\n')) {
                if let Some((out, err)) =
                    len.parse::<usize>().ok().filter(|&n| rest.is_char_boundary(n)).map(|n| rest.split_at(n))
                {
                    return read_back(out.to_string(), err);
                }
            }
        }
        let got = run_popeye(bin, text, limit, maxmem);
        let kept = match &got {
            Some((out, err)) => format!("done {}\n{out}{err}", out.len()),
            None => format!("timeout {}\n", limit.as_secs_f64()),
        };
        let _ = std::fs::create_dir_all(dir);
        let tmp = file.with_extension(
            format!("tmp{:?}", std::thread::current().id()).replace(|c: char| !c.is_ascii_alphanumeric(), ""),
        );
        if std::fs::write(&tmp, kept).is_ok() {
            let _ = std::fs::rename(&tmp, &file);
        }
        match got {
            Some((out, err)) => read_back(out, &err),
            None => Answer::TimedOut,
        }
    }
}

/// Runs Popeye's binary on one problem: its standard output and standard error, or `None` when `limit` stopped it.
fn run_popeye(bin: &Path, text: &str, limit: Duration, maxmem: &str) -> Option<(String, String)> {
    let mut child = match Command::new(bin)
        .args(["-maxmem", maxmem, "-regression"])
        // Some problems ask for a LaTeX file or a protocol: written where they do no harm.
        .current_dir(std::env::temp_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("cannot run Popeye ({}): {e}", bin.display()),
    };
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    // Popeye writes its messages (`the side to play can capture the king`) to standard error.
    let errors = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                let _ = reader.join();
                let _ = errors.join();
                return None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => panic!("waiting for Popeye: {e}"),
        }
    };
    let out = reader.join().unwrap();
    let mut err = errors.join().unwrap();
    // Killed by a signal: Popeye 4.104 crashes on some inputs (StrictSAT with the side not to move in check
    // segfaults); read as a message, so that with nothing solved it reads as a refusal.
    if status.code().is_none() {
        err += &format!("\nPopeye crashed ({status})\n");
    }
    Some((out, err))
}

/// Popeye's output (standard output and standard error) read back.
pub fn read_back(text: String, errors: &str) -> Answer {
    let mut twins = read_twins(&text);
    // Messages in a twin's text (`SetPlay not applicable - ignored`) start at the margin, solutions do not.
    for t in &mut twins {
        t.lines.retain(|l| l.starts_with(' '));
    }
    drop_preamble(&mut twins);
    let mut msgs = messages(&text);
    msgs.extend(errors.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from));
    let text = if errors.trim().is_empty() { text } else { format!("{text}\n(standard error:)\n{}", errors.trim()) };
    // Popeye's messages name no phase or twin: `the side to play can capture the king` may concern the set play
    // only, the rest being solved. A twin or phase it refuses shows no solution.
    let refused = vec![None; twins.len()];
    Answer::Solved { text, twins, refused, messages: msgs }
}

/// An output read back per twin, each set play of tree play (defences at the margin of a set play, after a blank
/// line) under a line of its own: a duplex side's set play follows the keys of the first side, and would
/// otherwise read as play after the last of them (Popeye's last key is its generation order's, stipula's the
/// canonical order's).
fn read_twins(text: &str) -> Vec<TwinText> {
    let mut marked = String::with_capacity(text.len());
    let mut blank = false;
    for line in text.lines() {
        if blank && line.starts_with("      1...") && !line.starts_with("       ") {
            marked += " set play\n";
        }
        blank = line.trim().is_empty();
        marked += line;
        marked.push('\n');
    }
    parse_popeye_output(&marked)
}

/// Solves one problem with stipula's library (what `stipula solve` prints), within `limit`.
pub fn stipula(text: &str, limit: Duration) -> Answer {
    let problems = read_popeye(text, "case.inp");
    let p = match problems.into_iter().next() {
        Some(Ok(p)) => p,
        Some(Err(d)) => return Answer::Refused { text: d.render(), why: d.message },
        None => return Answer::Refused { text: String::new(), why: "no problem read".into() },
    };
    let settings = Settings { hash_mb: 16, time_limit: Some(limit), max_lines: usize::MAX, ..Settings::default() };
    let twins = solve_problem(&p, &settings);
    if twins.iter().any(|t| t.outcome == Outcome::TimedOut) {
        return Answer::TimedOut;
    }
    // Popeye answers in the language of the problem's first word: stipula then writes as its drop-in does.
    let text = match input_language(text) {
        Some(lang) if lang != Lang::English => problem_text(&p, &twins, lang),
        _ => render(&p, &twins),
    };
    let mut refused: Vec<Option<String>> = twins
        .iter()
        .map(|t| if let Outcome::Refused(w) = &t.outcome { Some(w.message.clone()) } else { None })
        .collect();
    // A problem without twins refused, or whose twins could not be made: refused as a whole.
    if twins.len() == 1 && refused[0].is_some() {
        return Answer::Refused { text, why: refused[0].clone().unwrap_or_default() };
    }
    let mut parsed = read_twins(&text);
    // Messages at the margin (`SetPlay not applicable - ignored`, written by the drop-in in Popeye's languages)
    // are left out, as they are of Popeye's output.
    for t in &mut parsed {
        t.lines.retain(|l| l.starts_with(' '));
    }
    drop_preamble(&mut parsed);
    // The zero position's play (`ZeroPosition` with `Duplex`) has no heading: without lines it reads as no twin.
    if twins.first().is_some_and(|t| t.zero_position) && parsed.first().is_some_and(|t| !t.label.is_empty()) {
        refused.remove(0);
    }
    // A refused twin's line is stipula's message, not a solution.
    for (t, r) in parsed.iter_mut().zip(&refused) {
        if r.is_some() {
            t.lines.clear();
        }
    }
    Answer::Solved { text, twins: parsed, refused, messages: Vec::new() }
}

/// How a case came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Both printed the same solutions.
    Agree,
    /// Popeye's answer differs, and without its hash table (`-maxmem 0`) agrees (docs/popeye-differences.md,
    /// deliberate differences).
    AgreeWithoutHashTable,
    /// Both refused the problem.
    BothRefused,
    /// A solver ran out of time: not compared.
    TimedOut(&'static str),
    /// They differ: what differs, in a few words.
    Disagree(String),
}

/// Compares the two answers. `partial_ok`: `MaxSolutions` is in force, so each solver lists its own first
/// solutions (a deliberate difference): only how many, and the `Partial solution` mark, are compared.
pub fn compare(popeye: &Answer, stipula: &Answer, partial_ok: bool) -> Verdict {
    match (popeye, stipula) {
        (Answer::TimedOut, _) => Verdict::TimedOut("Popeye"),
        (_, Answer::TimedOut) => Verdict::TimedOut("stipula"),
        (Answer::Refused { .. }, Answer::Refused { .. }) => Verdict::BothRefused,
        (Answer::Refused { why, .. }, Answer::Solved { .. }) => {
            Verdict::Disagree(format!("Popeye refuses ({why}), stipula solves"))
        }
        (Answer::Solved { messages, twins, .. }, Answer::Refused { why, .. }) => {
            let nothing = twins.iter().all(|t| t.lines.is_empty());
            // A problem without any piece: stipula refuses it, Popeye prints what it can (README).
            let empty = why == "the problem has no pieces";
            if empty || (nothing && !messages.is_empty()) || documented_refusal(messages, why) {
                return Verdict::BothRefused;
            }
            Verdict::Disagree(format!("stipula refuses ({why}), Popeye solves"))
        }
        (Answer::Solved { twins: want, messages, .. }, Answer::Solved { twins: got, refused, .. }) => {
            let nothing = want.iter().all(|t| t.lines.is_empty());
            if nothing && !messages.is_empty() && refused.iter().all(Option::is_some) {
                return Verdict::BothRefused;
            }
            if nothing && !messages.is_empty() && got.iter().any(|t| !t.lines.is_empty()) {
                return Verdict::Disagree(format!(
                    "Popeye refuses or finds nothing ({}), stipula solves",
                    messages.join(" / ")
                ));
            }
            // Popeye prints no twin at all when it has nothing to say.
            let empty = |t: &[TwinText]| t.iter().all(|t| t.lines.is_empty() && t.label.is_empty());
            if want.len() != got.len() && !(empty(want) && empty(got)) {
                return Verdict::Disagree(format!("Popeye has {} twins, stipula {}", want.len(), got.len()));
            }
            // `Partial solution` ends the whole problem (in place of `solution finished.`).
            let (pw, pg) = (want.iter().any(|t| t.partial), got.iter().any(|t| t.partial));
            // Popeye's cut may come from a twin stipula refuses as documented (a side without its king, which
            // Popeye solves): seed 603393, case 2486, `MaxSolutions 1`, the twin's stalemate the one solution.
            let cut_in_refused = pw
                && !pg
                && want.iter().zip(refused).any(|(w, r)| {
                    !w.lines.is_empty() && r.as_deref().is_some_and(|why| documented_refusal(messages, why))
                });
            if pw != pg && !cut_in_refused {
                return Verdict::Disagree(format!("Partial solution: Popeye {pw}, stipula {pg}"));
            }
            for (i, (w, g)) in want.iter().zip(got).enumerate() {
                let twin = if w.label.is_empty() { String::new() } else { format!("twin {}: ", w.label) };
                // WhiteToPlay in a twin of series play: Popeye's heading shows the series it made of it (`ser-=1`
                // as `ser-=`), stipula refuses the twin (a documented difference, below).
                if refused[i].as_deref().is_some_and(white_to_play_in_series) && w.label == g.label {
                    continue;
                }
                if w.label != g.label || norm(&w.heading) != norm(&g.heading) {
                    return Verdict::Disagree(format!(
                        "{twin}heading `{} {}` against `{} {}`",
                        w.label, w.heading, g.label, g.heading
                    ));
                }
                if let Some(why) = &refused[i] {
                    // Popeye names no twin in its messages: a twin it refuses shows nothing.
                    if w.lines.is_empty() && !messages.is_empty() {
                        continue;
                    }
                    // A twinning command on an empty square, or a shift off the board: Popeye skips the command
                    // (with a message) and solves the rest, stipula refuses the twin (README, deliberate
                    // differences).
                    if documented_refusal(messages, why) {
                        continue;
                    }
                    return Verdict::Disagree(format!("{twin}stipula refuses, Popeye solves"));
                }
                if partial_ok && pw {
                    let count = |t: &TwinText| t.lines.iter().filter(|l| is_solution(l)).count();
                    if count(w) != count(g) {
                        return Verdict::Disagree(format!(
                            "{twin}MaxSolutions: Popeye lists {}, stipula {}",
                            count(w),
                            count(g)
                        ));
                    }
                    continue;
                }
                let (a, b) = (canonical_tree(&w.lines), canonical_tree(&g.lines));
                if a != b {
                    let missing: Vec<&String> = a.iter().filter(|l| !b.contains(l)).take(3).collect();
                    let extra: Vec<&String> = b.iter().filter(|l| !a.contains(l)).take(3).collect();
                    let what = match (missing.first(), extra.first()) {
                        (Some(m), _) => format!("stipula lacks `{}`", m.trim()),
                        (None, Some(e)) => format!("stipula adds `{}`", e.trim()),
                        (None, None) => "lines placed differently in the tree".into(),
                    };
                    return Verdict::Disagree(format!("{twin}{what}"));
                }
            }
            Verdict::Agree
        }
    }
}

/// Compares Popeye's answer `py` to a problem `text` with stipula's `st` ([`compare`]). When both solved and
/// they differ, Popeye solves the problem again without its hash table (`-maxmem 0`): its table leaves out some
/// help and series lines that reach a position it has seen, and in self play with `Quodlibet` it changes keys,
/// threats and variations (docs/popeye-differences.md, deliberate differences); an agreement then is
/// [`Verdict::AgreeWithoutHashTable`].
pub fn judge(bin: &Path, text: &str, limit: Duration, py: &Answer, st: &Answer) -> Verdict {
    let asked = Asked::of(text);
    let partial_ok = asked.max_solutions;
    let verdict = compare(py, st, partial_ok);
    if !matches!(verdict, Verdict::Disagree(_)) {
        return verdict;
    }
    // `Intelligent` with a side without its king (`NoWk`, `NoBk`): Popeye's intelligent mode builds its final
    // positions around the king to be mated or stalemated and finds nothing without it (`h=1.5`, White Kf2,
    // `Intelligent NoBk`: no solution; `NoBk` alone: `1...Kf2-e1 =` and seven more).
    if asked.intelligent && asked.no_king && no_lines(py) && matches!(st, Answer::Solved { .. }) {
        return Verdict::Agree;
    }
    let set_view = |a: &Answer| quodlibet_set_play_view(a);
    let set_quodlibet = asked.quodlibet && asked.set_play && asked.self_or_reflex;
    if !both_solved(py, st) {
        // Self or reflex play with `SetPlay Quodlibet` whose solution (and duplex) cannot be played: Popeye with its
        // table may print no set play at all, without it the set defences (`s#3`, `SetPlay Variation NoShortVariations
        // Quodlibet Duplex`, White Kb1 Pd5 Sd6 Pc7 Sf7, Black Ph5 Bh6 Kd8: `1...Kd8-d7` at `-maxmem 0`, nothing at
        // `1G`).
        if set_quodlibet && matches!(st, Answer::Solved { .. }) {
            let without_table = popeye_with(bin, text, limit * 4, "0");
            if both_solved(&without_table, st)
                && compare(&set_view(&without_table), &set_view(st), partial_ok) == Verdict::Agree
            {
                return Verdict::AgreeWithoutHashTable;
            }
        }
        return verdict;
    }
    if asked.en_passant && asked.twins && compare(py, &en_passant_twins_left_out(py, st), partial_ok) == Verdict::Agree
    {
        return Verdict::Agree;
    }
    // Popeye's intelligent mode leaves out some solutions that its plain search finds (`h#2`, `Intelligent`, White
    // Qf1 Qg7 Bd5 Kd8, Black Sc2 Sf8 Kc6 Bh6: 13 of 821 lines, `1.Kc6-c5 Qg7-d4 + 2.Kc5-d6 Qf1-a6 #` among them);
    // stipula's `Intelligent` finds every solution, so its answer is compared with Popeye's without the option.
    if asked.intelligent {
        let plain = popeye_with(bin, &without_intelligent(text), limit * 4, "1G");
        if compare(&plain, st, partial_ok) == Verdict::Agree {
            return Verdict::Agree;
        }
    }
    if asked.repeats_lines && compare(&without_repeated_lines(py), st, partial_ok) == Verdict::Agree {
        return Verdict::Agree;
    }
    // `Defence n` asks for tries too.
    let (tries, post_key) = (asked.tries, asked.post_key);
    let quodlibet = asked.quodlibet && (tries || post_key);
    let view = |a: &Answer| quodlibet_refutation_view(a, post_key);
    if quodlibet && compare(&view(py), &view(st), partial_ok) == Verdict::Agree {
        return Verdict::Agree;
    }
    if set_quodlibet && compare(&set_view(py), &set_view(st), partial_ok) == Verdict::Agree {
        return Verdict::Agree;
    }
    // Without its table Popeye searches more (`h=3` of seed 585998's case 499: 8.3 s against 1.4 s with it): the
    // second run, rare, gets four times the limit.
    let without_table = popeye_with(bin, text, limit * 4, "0");
    if compare(&without_table, st, partial_ok) == Verdict::Agree
        || (quodlibet && compare(&view(&without_table), &view(st), partial_ok) == Verdict::Agree)
        || (set_quodlibet && compare(&set_view(&without_table), &set_view(st), partial_ok) == Verdict::Agree)
    {
        return Verdict::AgreeWithoutHashTable;
    }
    verdict
}

/// The problem `text` without its option `Intelligent` (an option line left with no option goes too).
pub fn without_intelligent(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if !words.iter().any(|w| w.eq_ignore_ascii_case("Intelligent")) {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let kept: Vec<&str> = words.into_iter().filter(|w| !w.eq_ignore_ascii_case("Intelligent")).collect();
        if kept.len() > 1 {
            out.push_str(&kept.join(" "));
            out.push('\n');
        }
    }
    out
}

/// What a problem asks for that the comparison allows for: its options as stipula reads them (in any of Popeye's
/// languages, abbreviated or not); a problem stipula does not read, as its English words say.
struct Asked {
    max_solutions: bool,
    en_passant: bool,
    twins: bool,
    tries: bool,
    post_key: bool,
    quodlibet: bool,
    set_play: bool,
    intelligent: bool,
    /// `NoWk` or `NoBk`.
    no_king: bool,
    /// The diagram's stipulation, or a twin's, is self or reflex play.
    self_or_reflex: bool,
    /// Under Danger Circe, where Popeye prints a help or series line twice when one of its moves is made both by
    /// the walk and by the rule (docs/popeye-differences.md).
    repeats_lines: bool,
}

impl Asked {
    fn of(text: &str) -> Asked {
        match read_popeye(text, "case.inp").into_iter().next() {
            Some(Ok(p)) => {
                let o = &p.options;
                Asked {
                    max_solutions: o.max_solutions.is_some(),
                    en_passant: !o.en_passant.is_empty(),
                    twins: !p.twins.is_empty(),
                    tries: o.tries || o.defence.is_some(),
                    post_key: o.post_key_play,
                    // The option, or the structured stipulation's own (`white 4a[#]d[#]`).
                    quodlibet: o.quodlibet || p.stipulation.quodlibet,
                    set_play: o.set_play,
                    intelligent: o.intelligent.is_some(),
                    no_king: o.no_white_king || o.no_black_king,
                    self_or_reflex: std::iter::once(&p.stipulation)
                        .chain(p.twins.iter().flat_map(|t| t.changes.iter()).filter_map(|c| match c {
                            TwinChange::Stipulation(s) => Some(s),
                            _ => None,
                        }))
                        .any(|s| matches!(s.play, Play::Self_ | Play::Reflex)),
                    repeats_lines: p.conditions.iter().any(|c| c.name == "DangerCirce"),
                }
            }
            _ => Asked {
                max_solutions: text.to_ascii_lowercase().contains("maxsol"),
                en_passant: text.contains("EnPassant"),
                twins: text.contains("Twin"),
                tries: text.contains("Try") || text.contains("Defence"),
                post_key: text.contains("PostKeyPlay"),
                quodlibet: text.contains("Quodlibet"),
                set_play: text.contains("SetPlay"),
                intelligent: text.contains("Intelligent"),
                no_king: text.contains("NoWk") || text.contains("NoBk"),
                self_or_reflex: text.contains("s#")
                    || text.contains("r#")
                    || text.contains("s=")
                    || text.contains("r="),
                repeats_lines: false,
            },
        }
    }
}

/// Popeye's words for `the side to play can capture the king`, `square is empty`, `A piece will be moved
/// outside.` and `both sides need a king` in its three languages (`output/message.c`).
const KING_CAPTURE: [&str; 3] = [
    "the side to play can capture the king",
    "Die am Zug befindliche Partei kann den Koenig schlagen",
    "le camp au trait peut prendre le roi",
];
const SQUARE_EMPTY: [&str; 3] = ["square is empty", "Feld leer", "la case est vide"];
const MOVED_OUTSIDE: [&str; 3] = [
    "A piece will be moved outside.",
    "Ein Stein wird ueber den Brettrand verschoben.",
    "Une piece est deplacee hors de l'echiquier.",
];
const NEED_KINGS: [&str; 3] =
    ["both sides need a king", "Es fehlt ein weisser oder schwarzer Koenig", "il faut un roi de chaque couleur"];

/// Whether one of `messages` says one of `words` (in any language).
fn says(messages: &[String], words: &[&str]) -> bool {
    messages.iter().any(|m| words.iter().any(|w| m.contains(w)))
}

/// stipula's answer without the twins Popeye shows nothing for, saying `the side to play can capture the king`: a
/// twin that moves the pieces leaves Popeye's `EnPassant` squares where they were, and Popeye lets a pawn capture en
/// passant whatever then stands on the double step's square, a king too, where stipula gives no capture en passant
/// of a piece that is no pawn of the side that moved (docs/popeye-differences.md, deliberate differences).
fn en_passant_twins_left_out(popeye: &Answer, stipula: &Answer) -> Answer {
    let mut st = stipula.clone();
    if let (Answer::Solved { twins: want, messages, .. }, Answer::Solved { twins: got, .. }) = (popeye, &mut st) {
        if says(messages, &KING_CAPTURE) {
            for (w, g) in want.iter().zip(got.iter_mut()) {
                if w.lines.is_empty() {
                    g.lines.clear();
                }
            }
        }
    }
    st
}

/// Whether an answer solved and printed no solution line in any twin.
fn no_lines(answer: &Answer) -> bool {
    matches!(answer, Answer::Solved { twins, .. } if twins.iter().all(|t| t.lines.is_empty()))
}

/// An answer to a problem of self or reflex play with `SetPlay` and `Quodlibet`, as far as Popeye's set play
/// holds together there (docs/popeye-differences.md, deliberate differences): its set defences, and nothing below
/// them (Popeye prints the continuations and the play after them, or the continuations alone, or `refutes.`,
/// differently with its hash table on and off); the rest of the answer whole.
pub fn quodlibet_set_play_view(answer: &Answer) -> Answer {
    let mut a = answer.clone();
    if let Answer::Solved { twins, .. } = &mut a {
        for twin in twins {
            let first = twin
                .lines
                .iter()
                .position(|l| l.starts_with("   1.") && !l.starts_with("   1..."))
                .unwrap_or(twin.lines.len());
            let mut i = 0;
            twin.lines.retain(|l| {
                i += 1;
                i > first || l.starts_with("      1...")
            });
        }
    }
    a
}

/// An answer whose help and series lines (`  1.` at the start) are each written once: Popeye writes one twice
/// under Danger Circe when one of its moves is both a walk's and the rule's (docs/popeye-differences.md).
pub fn without_repeated_lines(answer: &Answer) -> Answer {
    let mut a = answer.clone();
    if let Answer::Solved { twins, .. } = &mut a {
        for twin in twins {
            let mut seen = std::collections::HashSet::new();
            twin.lines.retain(|l| !l.starts_with("  1.") || seen.insert(l.clone()));
        }
    }
    a
}

/// An answer to a problem with `Quodlibet` and `Try` or `PostKeyPlay`, as far as Popeye's output of it holds
/// together (docs/popeye-differences.md, deliberate differences): the first moves with their marks (keys `!`,
/// tries `?`), the tries' refutations (`but` and `1...Kb1-a1 !`), and with `PostKeyPlay` the check and the
/// threat's first moves (without what they threaten). Below them Popeye prints continuations without their defences, defences without their
/// continuations and moves that continue nothing, differently with its hash table on and off.
pub fn quodlibet_refutation_view(answer: &Answer, post_key: bool) -> Answer {
    fn indent(l: &str) -> usize {
        l.len() - l.trim_start().len()
    }
    let mut a = answer.clone();
    if let Answer::Solved { twins, .. } = &mut a {
        for twin in twins {
            let mut kept = Vec::with_capacity(twin.lines.len());
            let mut threat = false;
            for line in &twin.lines {
                let (d, t) = (indent(line), line.trim());
                let first = d == 3 && t.starts_with("1.") && !t.starts_with("1...");
                let refutation = t == "but" || (t.starts_with("1...") && t.ends_with(" !"));
                if d <= 6 {
                    threat = post_key && t.starts_with("threat:");
                }
                let threat_move = threat && d == 10 && t.starts_with("2.");
                // With `PostKeyPlay` also what stands at the margin of the tree (`threat:`, the check).
                if threat_move {
                    // The move alone: Popeye writes `threat:` after some that have none to show.
                    let mv = t.trim_end_matches(" threat:").trim_end_matches(" zugzwang.");
                    kept.push(format!("{}{mv}", &line[..d]));
                } else if first || refutation || (post_key && d <= 6 && !t.starts_with("1...")) {
                    kept.push(line.clone());
                }
            }
            twin.lines = kept;
        }
    }
    a
}

/// Whether both solved the problem, with the same twins.
fn both_solved(popeye: &Answer, stipula: &Answer) -> bool {
    matches!((popeye, stipula), (Answer::Solved { twins: want, .. }, Answer::Solved { twins: got, .. }) if want.len() == got.len())
}

/// A refusal of stipula's that the README lists as a deliberate difference, with the message Popeye gives when it
/// goes on instead: a twinning command it cannot apply (an empty square, a piece shifted off the board) is skipped;
/// a side without a king is solved anyway (`both sides need a king`, a warning in Popeye); `WhiteToPlay` in a twin
/// of series play, which Popeye silently turns into another stipulation.
fn documented_refusal(messages: &[String], why: &str) -> bool {
    (why.starts_with("the twin") && (says(messages, &SQUARE_EMPTY) || says(messages, &MOVED_OUTSIDE)))
        || (why.contains("has no king") && says(messages, &NEED_KINGS))
        || white_to_play_in_series(why)
}

/// stipula's refusal of `WhiteToPlay` in a twin of series play.
fn white_to_play_in_series(why: &str) -> bool {
    why.contains("WhiteToPlay only applies to help play, not to `ser-")
}

/// A help or series solution, or a first move of tree play (key, try or move that fails: Popeye's `MaxSolutions`
/// counts every first move it prints, as stipula's does).
fn is_solution(line: &str) -> bool {
    let t = line.trim_start();
    let indent = line.len() - t.len();
    t.starts_with("1.") && !t.starts_with("1...") && (indent == 2 || indent == 3)
}

/// Lines at the margin above the first twin's heading (a `Remark` with `NoBoard`, which leaves no diagram to
/// start after) make no twin of their own.
fn drop_preamble(twins: &mut Vec<TwinText>) {
    if twins.len() > 1 && twins[0].label.is_empty() && twins[0].lines.is_empty() && !twins[1].label.is_empty() {
        twins.remove(0);
    }
}

fn norm(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
