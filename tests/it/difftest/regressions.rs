//! Popeye's example corpus (`src/BEISPIEL`, `src/EXAMPLES`, `src/REGRESSIONS`, `src/TESTS` of its source, every
//! `.inp` file split one problem per input): each problem stipula plays solved by both solvers and compared as a
//! random case is; the others counted by the first reason stipula gives for refusing them.

use super::oracle::{self, Verdict};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};
use stipula::words::Lang;

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

/// The folders of Popeye's source (under `src/`) that hold its example corpus.
pub const CORPUS_FOLDERS: [&str; 5] = ["BEISPIEL", "BEISPIEL/lengthy", "EXAMPLES", "REGRESSIONS", "TESTS"];

/// Every problem of the `.inp` files of `dirs`, in name order.
pub fn problems(dirs: &[&Path]) -> Vec<Problem> {
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        let mut files: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "inp"))
            .collect();
        files.sort();
        for f in files {
            let Ok(bytes) = std::fs::read(&f) else { continue };
            let text = String::from_utf8_lossy(&bytes);
            // Named from the folder under Popeye's `src/` (`BEISPIEL/lengthy/zulang.inp`), else the folder's name.
            let parts: Vec<String> = dir.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            let folder = match parts.iter().rposition(|c| c == "src") {
                Some(i) if i + 1 < parts.len() => parts[i + 1..].join("/"),
                _ => parts.last().cloned().unwrap_or_default(),
            };
            let file = format!("{folder}/{}", f.file_name().unwrap_or_default().to_string_lossy());
            for (k, text) in split(&text).into_iter().enumerate() {
                out.push(Problem { name: format!("{file}#{}", k + 1), text });
            }
        }
    }
    out
}

/// Why stipula refuses a problem as not supported (or as written for a later Popeye): the feature, as stipula
/// names it first, in Popeye's English (`condition Circe`, `piece PA (pao)`, `option Intelligent 1`, `goal z`,
/// `play type hs`). `None` when stipula reads the problem and takes it on, or refuses it as wrong input (compared
/// with Popeye then).
pub fn unsupported(text: &str) -> Option<String> {
    let p = stipula::input::popeye::read_popeye(text, "regression.inp");
    let lang = stipula::input::popeye::input_language(text).unwrap_or(Lang::English);
    // The message, and the words of the input it points at.
    let (why, fault, at) = match p.into_iter().next() {
        Some(Err(d)) => {
            let at = d
                .source_line
                .as_deref()
                .map(|l| l.chars().skip(d.location.column.saturating_sub(1)).take(d.span_len).collect::<String>());
            (d.message, d.fault, at.unwrap_or_default())
        }
        Some(Ok(p)) => {
            let st = &p.stipulation;
            match stipula::solve::run::solving_refusal(&p, st) {
                Some(r) => (r.message, r.fault, String::new()),
                // Conditions read but not implemented together or with these words (`Circe Volcanic`), in the
                // diagram or in a twin (`twin condition madrasi marscirce`), or with its pieces (Anti-Mars Circe
                // and castling).
                None => {
                    let twins = stipula::problem::twins::compile_twins(&p).unwrap_or_default();
                    // Piece attributes where stipula does not play them yet (royal pieces with conditions).
                    let attrs = twins.iter().find_map(|t| stipula::solve::run::attributes_refusal(&t.diagram));
                    let refusal = twins.iter().find_map(|t| {
                        stipula::solve::run::diagram_rules(&p, &t.diagram).err().filter(|e| e.is_unsupported())
                    });
                    match (attrs, refusal.or_else(|| stipula::conditions::build_all(&p.conditions).err())) {
                        (Some(r), _) => (r.message, r.fault, String::new()),
                        (None, Some(e)) if e.is_unsupported() => {
                            (e.to_string(), stipula::problem::Fault::Unsupported, String::new())
                        }
                        _ => return None,
                    }
                }
            }
        }
        None => return Some("no problem".into()),
    };
    if why.contains("not supported") || fault == stipula::problem::Fault::Unsupported {
        // The feature, without the words around it.
        let feature = why
            .split("not supported")
            .nth(1)
            .unwrap_or(&why)
            .trim_start_matches([':', ' '])
            .trim_start_matches("yet: ");
        let feature = feature.split(" (").next().unwrap_or(feature).replace('`', "");
        return Some(in_english(&feature, &at, lang));
    }
    // Forms of later Popeye versions that stipula's reader does not know.
    let lower = why.to_ascii_lowercase();
    let known = [
        ("number of moves is too large", "more than 200 moves"),
        ("`totalinv", "condition TotalInvisible"),
        ("`total`", "condition TotalInvisible"),
        ("invalid square list `/", "piece hunter (`P/B`)"),
        ("after `start`", "option StartMoveNumber with move:ply"),
    ];
    if let Some((_, what)) = known.iter().find(|(k, _)| lower.contains(k)) {
        return Some(what.to_string());
    }
    // A hunter (`B/S`) where a command is expected: the pieces ended before it.
    if lower.starts_with("unknown command") && at.contains('/') {
        return Some("piece hunter (`P/B`)".into());
    }
    for what in ["unknown condition", "unknown piece code", "unknown command", "unknown option"] {
        if why.starts_with(what) {
            return Some(format!("{what} {}", why.split('`').nth(1).unwrap_or("").to_ascii_lowercase()));
        }
    }
    None
}

/// Piece attributes in German and French with Popeye's English name (`PieSpString`), where they differ.
const ATTRIBUTES: &[(&str, &str)] = &[
    ("Koeniglich", "Royal"),
    ("Royale", "Royal"),
    ("Paralysierend", "Paralysing"),
    ("Paralysante", "Paralysing"),
    ("Chamaeleon", "Chameleon"),
    ("Cameleon", "Chameleon"),
    ("Beamtet", "Functionary"),
    ("Fonctionnaire", "Functionary"),
    ("HalbNeutral", "HalfNeutral"),
    ("DemiNeutre", "HalfNeutral"),
    ("SprungbockFarbeWechselnd", "HurdleColourChanging"),
    ("CouleurEchangeantSautoir", "HurdleColourChanging"),
    ("Proteisch", "Protean"),
    ("Protee", "Protean"),
    ("Magisch", "Magic"),
    ("Magique", "Magic"),
    ("Unschlagbar", "Uncapturable"),
    ("Imprenable", "Uncapturable"),
    ("AndaInvers", "AndaInverse"),
];

/// A feature stipula names in the input's language (`condition OhneSchach`, `piece attribute Koeniglich`, a German
/// walk code), or by a description of a class (`this goal`, `this play type`), named as Popeye's English names it,
/// with the class made precise by the words of the input it points at (`at`): one feature counts once.
fn in_english(feature: &str, at: &str, lang: Lang) -> String {
    if let Some(name) = feature.strip_prefix("condition ") {
        let def = stipula::conditions::registry::CONDITIONS.iter().find(|c| {
            c.name.eq_ignore_ascii_case(name)
                || c.popeye.is_some_and(|p| p.iter().any(|n| n.eq_ignore_ascii_case(name)))
        });
        return format!("condition {}", def.map_or(name, |c| c.popeye.map_or(c.name, |p| p[0])));
    }
    if let Some(name) = feature.strip_prefix("piece attribute ") {
        let english = ATTRIBUTES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map_or(name, |(_, e)| e);
        return format!("piece attribute {english}");
    }
    if let Some(code) = feature.strip_prefix("piece ") {
        if let Some(stipula::pieces::PieceWord::NotSupported(w)) = stipula::pieces::PieceWord::popeye_code(code, lang) {
            return format!("piece {} ({})", w.codes[0], w.name);
        }
    }
    // The goal's symbol (`~`, `x`, `dia`, `a=>b`, `ep`) or the play type's letters (`hs`, `semi-r`), from the
    // stipulation the message points at.
    let symbol = |s: &str| s.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.').to_string();
    if let Some(first) = feature.strip_prefix("the goal starting with ") {
        // Castling (`00`) starts with a digit; the target square of `z` is left out.
        return format!("goal {}", if first == "0" { "00" } else { first });
    }
    if let Some(goal) = feature.strip_prefix("the goal ") {
        return format!("goal {goal}");
    }
    if feature == "this goal" && !at.is_empty() {
        return format!("goal {}", symbol(at));
    }
    if feature == "this play type" && !at.is_empty() {
        let play: String = at.chars().take_while(|c| c.is_ascii_alphabetic() || *c == '-').collect();
        return format!("play type {}", play.trim_end_matches('-'));
    }
    feature.to_string()
}

/// The kind of a reason of [`unsupported`]: `condition`, `piece`, `option`, `stipulation`, `twinning` or `other`.
pub fn category(reason: &str) -> &'static str {
    let r = reason.trim_start_matches("unknown ");
    let stipulation = [
        "goal",
        "play type",
        "this goal",
        "this play type",
        "parry series",
        "series reflex",
        "series reciprocal",
        "introductory moves",
        "more than 200 moves",
        "structured stipulations",
    ];
    let piece = ["piece", "neutral pieces", "total invisible pieces"];
    if r.starts_with("condition") {
        "condition"
    } else if piece.iter().any(|s| r.starts_with(s)) {
        "piece"
    } else if r.starts_with("option") {
        "option"
    } else if r.starts_with("twinning") {
        "twinning"
    } else if stipulation.iter().any(|s| r.starts_with(s)) {
        "stipulation"
    } else {
        "other"
    }
}

/// How one problem of the corpus came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Both printed the same solutions (with Popeye run again without its hash table, if that was needed).
    Agree,
    /// Both refused it.
    BothRefused,
    /// stipula refuses it as not supported: the reason ([`unsupported`]).
    Refused(String),
    /// A solver ran out of time (which one): not compared.
    OverLimit(&'static str),
    /// They differ: what differs, then Popeye's and stipula's outputs.
    Differ { what: String, popeye: String, stipula: String },
    /// stipula plays it, and it is not in the sample that was run.
    NotRun,
}

impl Outcome {
    /// The outcome's word in the per-problem list.
    pub fn word(&self) -> &'static str {
        match self {
            Outcome::Agree => "agree",
            Outcome::BothRefused => "both-refused",
            Outcome::Refused(_) => "refused",
            Outcome::OverLimit(_) => "over-limit",
            Outcome::Differ { .. } => "differ",
            Outcome::NotRun => "not-run",
        }
    }
}

/// One problem's outcome, with the seconds each solver took (when it ran).
#[derive(Clone, Debug)]
pub struct Entry {
    pub outcome: Outcome,
    pub popeye_seconds: Option<f64>,
    pub stipula_seconds: Option<f64>,
}

/// How the corpus came out: one result per problem, in the problems' order.
#[derive(Debug, Default)]
pub struct Report {
    pub results: Vec<Entry>,
}

impl Report {
    /// How many problems came out as `word` ([`Outcome::word`]).
    pub fn count(&self, word: &str) -> usize {
        self.results.iter().filter(|r| r.outcome.word() == word).count()
    }

    /// The reasons of the refusals with their problems, by reason.
    pub fn refusals<'a>(&self, problems: &'a [Problem]) -> BTreeMap<String, Vec<&'a str>> {
        let mut out: BTreeMap<String, Vec<&str>> = BTreeMap::new();
        for (p, r) in problems.iter().zip(&self.results) {
            if let Outcome::Refused(why) = &r.outcome {
                out.entry(why.clone()).or_default().push(&p.name);
            }
        }
        out
    }
}

/// Runs the corpus on `jobs` threads: each problem is read; those stipula refuses as not supported are counted by
/// reason; of the others, those marked in `sample` are solved by both (each within `limit`; Popeye's outputs cached in
/// `cache`, when given) and compared.
pub fn run(
    problems: &[Problem],
    sample: &[bool],
    popeye: &Path,
    limit: Duration,
    jobs: usize,
    cache: Option<&Path>,
) -> Report {
    let results: Vec<std::sync::Mutex<Option<Entry>>> = problems.iter().map(|_| Default::default()).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let work = || loop {
        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let Some(p) = problems.get(i) else { break };
        let r = one(p, sample.get(i).copied().unwrap_or(false), popeye, limit);
        *results[i].lock().unwrap() = Some(r);
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| match cache {
                Some(dir) => oracle::with_cache(dir, work),
                None => work(),
            });
        }
    });
    Report { results: results.into_iter().map(|r| r.into_inner().unwrap().expect("every problem was run")).collect() }
}

/// One problem: refused, not run, or solved by both and compared.
fn one(p: &Problem, sampled: bool, popeye: &Path, limit: Duration) -> Entry {
    let result = |outcome| Entry { outcome, popeye_seconds: None, stipula_seconds: None };
    if let Some(why) = unsupported(&p.text) {
        return result(Outcome::Refused(why));
    }
    if !sampled {
        return result(Outcome::NotRun);
    }
    let started = Instant::now();
    let py = oracle::popeye(popeye, &p.text, limit);
    let popeye_seconds = started.elapsed().as_secs_f64();
    let text = p.text.clone();
    let started = Instant::now();
    let st = std::panic::catch_unwind(move || oracle::stipula(&text, limit))
        .unwrap_or_else(|_| oracle::Answer::Refused { text: String::new(), why: "stipula panicked".into() });
    let stipula_seconds = started.elapsed().as_secs_f64();
    let outcome = match oracle::judge(popeye, &p.text, limit, &py, &st) {
        Verdict::Agree | Verdict::AgreeWithoutHashTable => Outcome::Agree,
        Verdict::BothRefused => Outcome::BothRefused,
        Verdict::TimedOut(who) => Outcome::OverLimit(who),
        Verdict::Disagree(what) => {
            let text = |a: &oracle::Answer| match a {
                oracle::Answer::Solved { text, .. } | oracle::Answer::Refused { text, .. } => text.clone(),
                oracle::Answer::TimedOut => String::new(),
            };
            Outcome::Differ { what, popeye: text(&py), stipula: text(&st) }
        }
    };
    Entry { outcome, popeye_seconds: Some(popeye_seconds), stipula_seconds: Some(stipula_seconds) }
}
