//! Verdicts: the solutions found, compared with the intended ones a problem states (a count such as `2` or
//! `2.1.1.1`, or a solution text in Popeye's format as YACPDB stores it), per twin and per problem.
//!
//! The comparison works on Popeye-format text on both sides: the intended text is read with
//! [`parse_popeye_output`], the solver's lines come from [`SolvedTwin::phases`]. Help and series play compare
//! solution lines as sets; direct, self and reflex play compare keys (`1.Xx-yy … !` lines) and look for duals
//! in the variation tree with [`find_duals`], which reads Popeye's tree text (the solver is asked for the
//! tree with `Variations` whatever the problem prints).

use crate::input::solution::parse_popeye_output;
use crate::problem::{Fault, Location, Play, Problem, Stipulation};
use crate::problem::twins::twin_diagrams;
use crate::solve::run::{solve_problem, Outcome, PhaseKind, Settings, SolvedTwin};
use std::collections::BTreeSet;

/// A verdict, for a twin or for a whole problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The solutions found are exactly the intended ones, nothing shorter, no duals.
    Sound,
    /// No intended solution is stated: the solutions were found, nothing was checked.
    Solved,
    /// Direct play: after a defence the attacker has more than one continuation the intended text does not show.
    Duals,
    /// A solution shorter than stipulated exists.
    ShortSolution,
    /// Solutions beyond the intended ones (the cooks are listed).
    Cooked,
    /// An intended solution was not found (or fewer solutions than the count).
    IntendedFails,
    /// No solution at all.
    NoSolution,
    /// The time limit stopped the search.
    Unsolved,
    /// The problem uses something stipula does not support yet.
    Unsupported,
    /// The problem cannot be read or its position cannot be solved as given.
    BadInput,
    /// Solving the problem failed inside stipula (a bug: a panic, caught); the note says where.
    InternalError,
}

impl Verdict {
    /// Every verdict, from best to worst.
    pub const ALL: [Verdict; 11] = [
        Verdict::Sound,
        Verdict::Solved,
        Verdict::Duals,
        Verdict::ShortSolution,
        Verdict::Cooked,
        Verdict::IntendedFails,
        Verdict::NoSolution,
        Verdict::Unsolved,
        Verdict::Unsupported,
        Verdict::BadInput,
        Verdict::InternalError,
    ];

    /// The snake-case name used in JSON and text output.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Sound => "sound",
            Verdict::Solved => "solved",
            Verdict::Duals => "duals",
            Verdict::ShortSolution => "short_solution",
            Verdict::Cooked => "cooked",
            Verdict::IntendedFails => "intended_fails",
            Verdict::NoSolution => "no_solution",
            Verdict::Unsolved => "unsolved",
            Verdict::Unsupported => "unsupported",
            Verdict::BadInput => "bad_input",
            Verdict::InternalError => "internal_error",
        }
    }

    /// The verdict for a problem or twin refused with this fault (by a reader or by the solver).
    pub fn for_fault(fault: Fault) -> Verdict {
        match fault {
            Fault::Unsupported => Verdict::Unsupported,
            Fault::BadInput => Verdict::BadInput,
        }
    }
}

/// More than one continuation after one defence.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Dual {
    /// The key the defence answers (normalised, e.g. `1.Th5-e5 !`).
    pub key: String,
    /// The defence, normalised (`1...Df1*b5 +`).
    pub defence: String,
    /// The attacker's continuations after it, normalised.
    pub continuations: Vec<String>,
}

/// One twin's verdict with its evidence.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TwinReport {
    /// `a)`, `+b)` or empty.
    pub label: String,
    pub stipulation: String,
    pub verdict: Verdict,
    /// The solutions found (help/series lines, or keys in direct play), normalised.
    pub solutions: Vec<String>,
    /// Intended solutions not found.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
    /// Solutions found beyond the intended ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cooks: Vec<String>,
    /// Solutions shorter than stipulated.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub short: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub duals: Vec<Dual>,
    /// Why the twin was not solved, or what the intended count was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One problem's verdict: the worst of its twins'.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ProblemReport {
    pub location: Location,
    pub stipulation: String,
    pub verdict: Verdict,
    pub twins: Vec<TwinReport>,
}

impl ProblemReport {
    /// A problem that could not be read or solved at all.
    pub fn failed(location: Location, stipulation: String, verdict: Verdict, why: String) -> ProblemReport {
        ProblemReport {
            location,
            stipulation: stipulation.clone(),
            verdict,
            twins: vec![TwinReport {
                label: String::new(),
                stipulation,
                verdict,
                solutions: Vec::new(),
                missing: Vec::new(),
                cooks: Vec::new(),
                short: Vec::new(),
                duals: Vec::new(),
                note: Some(why),
            }],
        }
    }
}

/// Solves a problem and judges it: the search of [`solve_problem`], plus, in direct, self and reflex play, a
/// search one move shorter to find short solutions.
pub fn verify_problem(p: &Problem, settings: &Settings) -> ProblemReport {
    // Duals live in the variation tree: direct, self and reflex play are solved with `Variations` whatever
    // the problem asks to print (the keys compared do not change).
    let mut with_tree = p.clone();
    with_tree.options.variations = true;
    // The intended lines are kept whatever their place among the solutions, so that a long list of cooks cannot
    // hide them.
    let mut settings = settings.clone();
    if let Some(text) = &p.intended.text {
        settings.keep_lines.extend(parse_solution_text(text).into_iter().flat_map(|t| t.lines));
    }
    let settings = &settings;
    let solved = solve_problem(&with_tree, settings);
    let short = short_keys(p, settings, &solved);
    judge(p, &solved, &short)
}

/// Direct, self and reflex play: the keys that already work in `n - 1` moves, per twin (`None` where not
/// searched: help and series play, `exact-`, `n == 1`, a twin that changes the stipulation, a search stopped
/// by the time limit).
fn short_keys(p: &Problem, settings: &Settings, solved: &[SolvedTwin]) -> Vec<Option<Vec<String>>> {
    let st = &p.stipulation;
    let changes_stip =
        p.twins.iter().any(|t| t.changes.iter().any(|c| matches!(c, crate::problem::twins::TwinChange::Stipulation(_))));
    let eligible = solved.iter().any(|t| t.tree && t.outcome == Outcome::Complete && t.phases.iter().any(|ph| ph.solutions > 0));
    if !matches!(st.play, Play::Direct | Play::Self_ | Play::Reflex) || st.exact || st.moves < 2 || changes_stip || !eligible {
        return vec![None; solved.len()];
    }
    let mut q = p.clone();
    q.stipulation.moves -= 1;
    let shorter = solve_problem(&q, settings);
    shorter
        .iter()
        .map(|t| (t.outcome == Outcome::Complete).then(|| keys(&found_lines(t))))
        .chain(std::iter::repeat(None))
        .take(solved.len())
        .collect()
}

/// Judges solved twins against the problem's intended solution. `short` holds, per twin, the keys that also
/// work one move shorter (direct, self and reflex play; see [`verify_problem`]).
pub fn judge(p: &Problem, solved: &[SolvedTwin], short: &[Option<Vec<String>>]) -> ProblemReport {
    let stips: Vec<Option<Stipulation>> = match twin_diagrams(p) {
        Ok(ds) => ds.into_iter().map(|(_, _, d)| Some(d.stipulation)).collect(),
        Err(_) => Vec::new(),
    };
    let intended_twins = p.intended.text.as_deref().map(parse_solution_text);
    let count = p.intended.count.as_deref().map(|c| (c, parse_count(c)));
    let mut twins = Vec::new();
    for (i, t) in solved.iter().enumerate() {
        let st = stips.get(i).cloned().flatten().unwrap_or_else(|| p.stipulation.clone());
        let intended_text = intended_twins.as_ref().map(|tw| twin_text_for(tw, i, &t.label));
        let short_keys = short.get(i).cloned().flatten();
        twins.push(judge_twin(p, &st, t, intended_text.as_ref(), count, short_keys.as_deref()));
    }
    let verdict = twins.iter().map(|t| t.verdict).max_by_key(|v| severity(*v)).unwrap_or(Verdict::BadInput);
    ProblemReport { location: p.location.clone(), stipulation: p.stipulation.to_string(), verdict, twins }
}

/// When the solutions are the intended ones: a short solution, else duals, else sound.
fn lesser_flaw(r: &TwinReport) -> Verdict {
    if !r.short.is_empty() {
        Verdict::ShortSolution
    } else if !r.duals.is_empty() {
        Verdict::Duals
    } else {
        Verdict::Sound
    }
}

/// How bad a verdict is (the problem's verdict is its worst twin's).
pub fn severity(v: Verdict) -> usize {
    Verdict::ALL.iter().position(|x| *x == v).unwrap_or(0)
}

/// The intended lines of twin `i`: by label when the text labels its twins, else by position.
fn twin_text_for(tw: &[crate::input::solution::TwinText], i: usize, label: &str) -> Option<Vec<String>> {
    let bare = |l: &str| l.trim_start_matches('+').to_string();
    if !label.is_empty() {
        if let Some(t) = tw.iter().find(|t| !t.label.is_empty() && bare(&t.label) == bare(label)) {
            return Some(t.lines.clone());
        }
    }
    tw.get(i).map(|t| t.lines.clone())
}

/// Reads an intended solution text (a bare YACPDB `solution` or a whole Popeye output) into lines per twin.
pub fn parse_solution_text(text: &str) -> Vec<crate::input::solution::TwinText> {
    parse_popeye_output(text)
}

/// A count such as `2` or `2.1.1.1`: the number of solutions it stands for. In the dotted form (help play),
/// each number is how many ways the play branches at that half-move, so the solutions are their product:
/// `2.1.1.1` is two solutions differing from the first move, `1.2.1.1` two sharing the first move.
pub fn parse_count(c: &str) -> Option<u64> {
    let c = c.trim();
    if c.is_empty() {
        return None;
    }
    let mut product: u64 = 1;
    for part in c.split('.') {
        let n: u64 = part.trim().parse().ok()?;
        product = product.checked_mul(n)?;
    }
    Some(product)
}

/// A line with its whitespace normalised: tokens joined by one space.
pub fn normalise(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The number of half-moves a Popeye solution line shows (`1.Kd4-c5 Rc3-c4 2.Se4-c3 Bg3-f2 #` has 4):
/// tokens naming a square or castling, after their move number.
pub fn plies(line: &str) -> usize {
    line.split_whitespace()
        .map(|tok| {
            // Drop a move number (`12.`, `3...`), not the `0` of castling `0-0`.
            let digits = tok.chars().take_while(|c| c.is_ascii_digit()).count();
            if tok[digits..].starts_with('.') { tok[digits..].trim_start_matches('.') } else { tok }
        })
        .filter(|m| {
            let b = m.as_bytes();
            m.starts_with("0-0") || b.windows(2).any(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]))
        })
        .count()
}

/// The keys in Popeye tree text: top-level `1.…` lines marked ` !`, cut after the `!` and normalised
/// (`   1.Ke5-d4 ! threat:` → `1.Ke5-d4 !`). Tries (` ?`) and refutations (`1...x !`) are not keys.
pub fn keys(lines: &[String]) -> Vec<String> {
    let mut out: Vec<String> = lines
        .iter()
        .filter_map(|l| {
            let t = l.trim_start();
            if !is_attacker_move(t) || !t.starts_with("1.") {
                return None;
            }
            let toks: Vec<&str> = t.split_whitespace().collect();
            let bang = toks.iter().position(|w| *w == "!")?;
            Some(toks[..=bang].join(" "))
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// A move line of the side that plays first in the tree: `2.Te5-e6 #` (not `1...`).
fn is_attacker_move(t: &str) -> bool {
    let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && t[digits..].starts_with('.') && !t[digits..].starts_with("...")
}

/// A defence line: `1...Df1*b5 +`.
fn is_defence(t: &str) -> bool {
    let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && t[digits..].starts_with("...")
}

fn indent(l: &str) -> usize {
    l.len() - l.trim_start().len()
}

/// Duals in Popeye tree text (direct, self and reflex play): a defence (`1...Rc4`) followed by more than one
/// continuation of the attacker at the next level. Only the solution counts: play under a key (` !`); tries
/// (` ?`, ended by `but`) and set play before the first key are skipped. A threat with several moves is not a
/// dual (it follows no defence), and neither are several final moves of the defender in self and reflex play
/// (they are the defender's). At the mating move all mates count, as the issue defines it: "more than one
/// continuation after a defence".
pub fn find_duals(lines: &[String]) -> Vec<Dual> {
    let mut out = Vec::new();
    let mut key: Option<String> = None;
    let mut i = 0;
    while i < lines.len() {
        let l = &lines[i];
        let t = l.trim();
        if indent(l) <= 4 && is_attacker_move(t) {
            // A new first move: a key (` !`) or a try (` ?`).
            let toks: Vec<&str> = t.split_whitespace().collect();
            key = toks.iter().position(|w| *w == "!").map(|b| toks[..=b].join(" "));
        } else if t == "but" {
            key = None;
        } else if let (Some(k), true) = (&key, is_defence(t)) {
            let d = indent(l);
            let mut conts: Vec<(usize, String)> = Vec::new();
            let mut j = i + 1;
            while j < lines.len() && indent(&lines[j]) > d && !lines[j].trim().is_empty() {
                let u = lines[j].trim();
                if is_attacker_move(u) {
                    conts.push((indent(&lines[j]), normalise(u)));
                }
                j += 1;
            }
            if let Some(min) = conts.iter().map(|c| c.0).min() {
                let direct: Vec<String> = conts.into_iter().filter(|c| c.0 == min).map(|c| c.1).collect();
                if direct.len() > 1 {
                    out.push(Dual { key: k.clone(), defence: normalise(t), continuations: direct });
                }
            }
        }
        i += 1;
    }
    out
}

/// All lines of a twin's phases.
fn found_lines(t: &SolvedTwin) -> Vec<String> {
    t.phases.iter().flat_map(|ph| ph.lines.iter().cloned()).collect()
}

/// The full number of half-moves of a help or series solution of `st` (`None` in tree play).
fn full_plies(p: &Problem, st: &Stipulation) -> Option<usize> {
    let n = st.moves as usize;
    match st.play {
        Play::Help => {
            let mut k = 2 * n + st.half as usize;
            if p.options.white_to_play && !st.half {
                k = k.saturating_sub(1);
            }
            Some(k)
        }
        Play::SeriesDirect => Some(n),
        Play::SeriesHelp | Play::SeriesSelf => Some(n + 1),
        _ => None,
    }
}

fn judge_twin(
    p: &Problem,
    st: &Stipulation,
    t: &SolvedTwin,
    intended: Option<&Option<Vec<String>>>,
    count: Option<(&str, Option<u64>)>,
    short_keys: Option<&[String]>,
) -> TwinReport {
    let mut r = TwinReport {
        label: t.label.clone(),
        stipulation: t.stipulation.clone(),
        verdict: Verdict::Sound,
        solutions: Vec::new(),
        missing: Vec::new(),
        cooks: Vec::new(),
        short: Vec::new(),
        duals: Vec::new(),
        note: None,
    };
    match &t.outcome {
        Outcome::Refused(why) => {
            r.verdict = Verdict::for_fault(why.fault);
            r.note = Some(why.message.clone());
            return r;
        }
        Outcome::TimedOut => {
            r.verdict = Verdict::Unsolved;
            r.note = Some("the time limit stopped the search".into());
            r.solutions = found_lines(t).iter().map(|l| normalise(l)).collect();
            return r;
        }
        Outcome::Complete => {}
    }
    let tree = t.tree;
    // What counts as a solution: keys in tree play; lines of the solution and duplex phases otherwise (set
    // play lines are compared with an intended text, but never counted, nor short).
    let all = found_lines(t);
    let (found, counted): (Vec<String>, Vec<String>) = if tree {
        let k = keys(&all);
        (k.clone(), k)
    } else {
        let counted = t
            .phases
            .iter()
            .filter(|ph| ph.kind != PhaseKind::SetPlay)
            .flat_map(|ph| ph.lines.iter().map(|l| normalise(l)))
            .collect();
        (all.iter().map(|l| normalise(l)).collect(), counted)
    };
    r.solutions = found.clone();
    r.short = if tree {
        short_keys.map(|s| counted.iter().filter(|k| s.contains(k)).cloned().collect()).unwrap_or_default()
    } else {
        let full = full_plies(p, st).unwrap_or(0);
        counted.iter().filter(|l| plies(l) < full).cloned().collect()
    };
    if tree {
        // Duals the intended text shows too were declared by the composer.
        let declared = intended.and_then(|i| i.as_ref()).map(|l| find_duals(l)).unwrap_or_default();
        r.duals = find_duals(&all)
            .into_iter()
            .filter(|d| !declared.iter().any(|x| x.key == d.key && x.defence == d.defence))
            .collect();
    }
    // Help and series play: solutions found beyond the lines kept (`Settings::max_lines`), not listed.
    let left_out: usize = t.phases.iter().filter(|ph| ph.kind != PhaseKind::SetPlay).map(|ph| ph.left_out).sum();
    if counted.is_empty() && left_out == 0 {
        r.verdict = Verdict::NoSolution;
        return r;
    }
    match (intended, count) {
        (Some(Some(text)), _) => {
            let want: BTreeSet<String> = if tree { keys(text).into_iter().collect() } else { text.iter().map(|l| normalise(l)).collect() };
            let got: BTreeSet<String> = found.iter().cloned().collect();
            r.missing = want.difference(&got).cloned().collect();
            r.cooks = got.difference(&want).filter(|l| !r.short.contains(l)).cloned().collect();
            if left_out > 0 {
                r.note = Some(format!("{left_out} more solutions found and not listed"));
            }
            r.verdict = if !r.missing.is_empty() {
                Verdict::IntendedFails
            } else if !r.cooks.is_empty() || left_out > 0 {
                Verdict::Cooked
            } else {
                lesser_flaw(&r)
            };
        }
        (_, Some((c, n))) => {
            let Some(n) = n else {
                r.verdict = Verdict::BadInput;
                r.note = Some(format!("the intended count `{c}` is not a number such as `2` or `2.1.1.1`"));
                return r;
            };
            let full = (counted.iter().filter(|l| !r.short.contains(l)).count() + left_out) as u64;
            let listed = if left_out > 0 { format!(" ({left_out} not listed)") } else { String::new() };
            r.note = Some(format!("intended {n} solution{}, found {full}{listed}", if n == 1 { "" } else { "s" }));
            r.verdict = if full < n {
                Verdict::IntendedFails
            } else if full > n {
                // Which ones the composer meant is not known: every solution is listed.
                r.cooks = counted.iter().filter(|l| !r.short.contains(l)).cloned().collect();
                Verdict::Cooked
            } else {
                lesser_flaw(&r)
            };
        }
        _ => {
            r.verdict = Verdict::Solved;
            r.note = Some("no intended solution stated".into());
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Vec<String> {
        s.lines().map(String::from).collect()
    }

    #[test]
    fn counts() {
        assert_eq!(parse_count("2"), Some(2));
        assert_eq!(parse_count("2.1.1.1"), Some(2));
        assert_eq!(parse_count("1.2.1.1"), Some(2));
        assert_eq!(parse_count("3.2"), Some(6));
        assert_eq!(parse_count("two"), None);
        assert_eq!(parse_count(""), None);
    }

    #[test]
    fn half_moves() {
        assert_eq!(plies("  1.Kd4-c5 Rc3-c4   2.Se4-c3 Bg3-f2 #"), 4);
        assert_eq!(plies("  1...Kb1-a1 2.Qa8-h1 #"), 2);
        assert_eq!(plies("  1.0-0-0 Ke8-f7 2.e5*d6 ep. a7-a8=Q +"), 4);
        // BEISPIEL-castling_19.out: castling after a move number and on its own.
        assert_eq!(plies("  1.Kd3-c2 Ra1-a2 + 2.Kc2-c1 0-0 #"), 4);
        assert_eq!(plies("  1.Rh2-f2 0-0-0 + 2.Kd3-e2 Rh1-e1 #"), 4);
    }

    #[test]
    fn keys_of_a_tree() {
        // Popeye's output, BEISPIEL-castling_5.out (tries) and BEISPIEL-castling_1.out (key with a threat).
        let t = lines("   1.Ta1-a3 ? zugzwang.\n      1...Kc2-c1\n          2.Ta3-c3 #\n    but\n      1...c4-c3 !\n   1.Qa7-f2 ! threat:\n          2.0-0 #");
        assert_eq!(keys(&t), vec!["1.Qa7-f2 !"]);
        assert_eq!(keys(&lines("   1.Rc6-c8 # !")), vec!["1.Rc6-c8 # !"]);
    }

    /// Popeye's output for BEISPIEL-isardam_2 (#2 Isardam), read as `verify` reads it.
    const ISARDAM_2: &str = "+---a---b---c---d---e---f---g---h---+\n  #2                          5 + 5\n               Isardam\n\n   1.Td2*d4 ! Zugzwang.\n      1...Dg1-e3\n          2.Da7-a1 #\n      1...Dg1-f2\n          2.Da7-g7 #\n      1...Lc2-b1\n          2.Da7-a1 #\n          2.Da7-g7 #\n      1...Lc2-d3\n          2.Da7-d7 #\n      1...b4-b3\n          2.Da7-a4 #\n      1...Ke4-d3\n          2.Da7-d7 #\n\n\nLoesung beendet.\n";

    #[test]
    fn a_dual_after_a_defence() {
        let t = parse_popeye_output(ISARDAM_2);
        let d = find_duals(&t[0].lines);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].key, "1.Rd2*d4 !");
        assert_eq!(d[0].defence, "1...Bc2-b1");
        assert_eq!(d[0].continuations, ["2.Qa7-a1 #", "2.Qa7-g7 #"]);
    }

    #[test]
    fn threats_tries_and_the_defenders_last_moves_are_not_duals() {
        // BEISPIEL-isardam_6.out: two threats, one mate after each defence.
        let isardam_6 = "   1.Kh6-g6 ! threat:\n          2.h7-h8=Q #\n          2.h7-h8=R #\n      1...e2-e1=Q\n          2.h7-h8=R #\n      1...e2-e1=R\n          2.h7-h8=Q #";
        assert!(find_duals(&lines(isardam_6)).is_empty());
        // BEISPIEL-selfref_4.out (r#3), the start of the tree: Black's two mates after 3.Kg2-f1 are Black's.
        let selfref_4 = "   1.Sc6-d8 + !\n      1...Kf7-g6\n          2.Kh3-g2 threat:\n                  3.Kg2-f1\n                      3...d2-d1=Q #\n                      3...d2-d1=R #\n              2...d2-d1=Q +\n                  3.Kg2-h3\n                      3...Qd1-g4 #";
        assert!(find_duals(&lines(selfref_4)).is_empty());
        // BEISPIEL-castling_5.out: the try 1.c5-c6? has three continuations after 1...Kc3, but it is a try.
        let castling_5 = "   1.c5-c6 ? zugzwang.\n      1...Kc2-c3\n          2.Ra1-a2 zugzwang.\n          2.Ra1-c1 +\n          2.Ke1-d1 threat:\n                  3.Ra1-a3 #\n    but\n      1...Kc2-d3 !";
        assert!(find_duals(&lines(castling_5)).is_empty());
    }
}
