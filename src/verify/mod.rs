//! Verdicts: the solutions found, compared with the intended ones a problem states (a count such as `2` or
//! `2.1.1.1`, or a solution text as YACPDB, Olive or Popeye write it), per twin and per problem.
//!
//! The comparison works on moves: the stated text is read into moves of its positions ([`moves`]), whatever
//! its notation (long or short algebraic, figurines, English, German or French letters), and compared with the
//! moves of the solver's typed solutions ([`crate::solve::solution`]). Help and series play compare solution
//! lines as sets; direct, self and reflex play compare keys and look for duals in the variation tree (the
//! solver is asked for the tree with `Variations` whatever the problem prints).

pub mod moves;

use crate::problem::twins::compile_twins;
use crate::problem::{Fault, Location, Play, Problem, Stipulation};
use crate::solve::run::{solve_problem, solve_twins, Outcome, PhaseKind, Settings, SolvedTwin};
use crate::solve::solution::PhasePlay;
use moves::{boards, boards_of, read_stated_solution, solved_duals, solved_keys, Board, Ident, Item, StatedReading};
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
    /// Moves of the stated solution that are not one legal move of their position: where and why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stated_issues: Vec<String>,
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
                stated_issues: Vec::new(),
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
    // The twins are compiled once: `Variations` does not change them.
    let twins = compile_twins(p);
    let boards = boards_of(p, &twins);
    if let Some(text) = &p.intended.text {
        let labels = match &twins {
            Ok(ts) => ts.iter().map(|t| t.label.clone()).collect(),
            Err(_) => vec![String::new(); boards.len().max(1)],
        };
        let readings = read_stated_solution(text, p, &boards, &labels);
        settings.keep_lines.extend(readings.into_iter().flatten().flat_map(|r| r.wanted));
    }
    let settings = &settings;
    let solved = twins_to_judge(solve_twins(&with_tree, &twins, settings));
    let short = short_keys(p, settings, &solved);
    judge_on(p, &boards, &solved, &short)
}

/// The twins an intended solution speaks of: not the zero position's play (`ZeroPosition` with `Duplex`), which
/// Popeye solves though a zero position is not for solving.
fn twins_to_judge(solved: Vec<SolvedTwin>) -> Vec<SolvedTwin> {
    solved.into_iter().filter(|t| !t.zero_position).collect()
}

/// Direct, self and reflex play: the keys that already work in `n - 1` moves, per twin (`None` where not
/// searched: help and series play, `exact-`, `n == 1`, a twin that changes the stipulation, a search stopped
/// by the time limit).
fn short_keys(p: &Problem, settings: &Settings, solved: &[SolvedTwin]) -> Vec<Option<Vec<String>>> {
    let st = &p.stipulation;
    let changes_stip = p
        .twins
        .iter()
        .any(|t| t.changes.iter().any(|c| matches!(c, crate::problem::twins::TwinChange::Stipulation(_))));
    let eligible =
        solved.iter().any(|t| t.tree && t.outcome == Outcome::Complete && t.phases.iter().any(|ph| ph.solutions > 0));
    if !st.play.is_battle() || st.exact || st.moves < 2 || changes_stip || !eligible {
        return vec![None; solved.len()];
    }
    let mut q = p.clone();
    q.stipulation.moves -= 1;
    let shorter = twins_to_judge(solve_problem(&q, settings));
    shorter
        .iter()
        .map(|t| (t.outcome == Outcome::Complete).then(|| keys(t)))
        .chain(std::iter::repeat(None))
        .take(solved.len())
        .collect()
}

/// Judges solved twins against the problem's intended solution. `short` holds, per twin, the keys that also
/// work one move shorter (direct, self and reflex play; see [`verify_problem`]).
pub fn judge(p: &Problem, solved: &[SolvedTwin], short: &[Option<Vec<String>>]) -> ProblemReport {
    judge_on(p, &boards(p), solved, short)
}

/// [`judge`] with the boards of the problem's twins made already ([`boards_of`]).
fn judge_on(
    p: &Problem,
    boards: &[Option<Board>],
    solved: &[SolvedTwin],
    short: &[Option<Vec<String>>],
) -> ProblemReport {
    let labels: Vec<String> = solved.iter().map(|t| t.label.clone()).collect();
    let stated = p.intended.text.as_deref().map(|text| read_stated_solution(text, p, boards, &labels));
    let count = p.intended.count.as_deref().map(|c| (c, parse_count(c)));
    let mut twins = Vec::new();
    for (i, t) in solved.iter().enumerate() {
        let board = boards.get(i).and_then(Option::as_ref);
        let st = board.map(|b| b.stipulation.clone()).unwrap_or_else(|| p.stipulation.clone());
        let reading = stated.as_ref().map(|s| s.get(i).cloned().flatten());
        let short_keys = short.get(i).cloned().flatten();
        twins.push(judge_twin(p, &st, t, board, reading.as_ref(), count, short_keys.as_deref()));
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

/// The keys of a twin's tree as `verify` names them (`1.Ke5-d4 !`), sorted, each once.
pub fn keys(t: &SolvedTwin) -> Vec<String> {
    let mut out: Vec<String> = t.phases.iter().flat_map(|ph| ph.play.keys()).map(|k| k.head(0)).collect();
    out.sort();
    out.dedup();
    out
}

/// All lines of a twin's phases in Popeye's text, whitespace normalised.
fn found_lines(t: &SolvedTwin) -> Vec<String> {
    t.phases.iter().flat_map(|ph| ph.lines()).map(|l| normalise(&l)).collect()
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
        // hs#n: `2n-2` help half-moves (`2n-1` with `.5`), then the self end's two; hr#n: the reflex end's.
        Play::HelpSelf | Play::HelpReflex => {
            Some(2 * n + st.half as usize - usize::from(p.options.white_to_play && st.white_to_play_shortens()))
        }
        Play::HelpZugzwang | Play::HelpUnavoidable => Some(2 * n + st.half as usize),
        Play::SeriesDirect => Some(n),
        Play::SeriesHelp | Play::SeriesSelf | Play::SeriesReflex => Some(n + 1),
        _ => None,
    }
}

fn judge_twin(
    p: &Problem,
    st: &Stipulation,
    t: &SolvedTwin,
    board: Option<&Board>,
    stated: Option<&Option<StatedReading>>,
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
        stated_issues: Vec::new(),
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
            r.solutions = found_lines(t);
            return r;
        }
        Outcome::Complete => {}
    }
    let tree = t.tree;
    // What was found: keys in tree play; lines of every phase otherwise, with their lengths. Set play is
    // compared with a stated text, but never counted, nor short.
    let mut found: Vec<(Item, bool)> = Vec::new();
    let mut lengths = Vec::new();
    let mut found_duals = Vec::new();
    for ph in &t.phases {
        let counted = ph.kind != PhaseKind::SetPlay;
        match &ph.play {
            PhasePlay::Lines(lines) => {
                let second = board.is_some_and(|b| b.first != ph.side);
                for l in lines {
                    found.push((Item { id: Ident::Moves(l.moves()), text: normalise(&l.text()), second }, counted));
                    lengths.push(l.moves.len());
                }
            }
            play if counted => {
                let keys = play.keys();
                found.extend(solved_keys(&keys).into_iter().map(|k| (k, true)));
                found_duals.extend(solved_duals(&keys));
            }
            _ => {}
        }
    }
    let counted: Vec<&Item> = found.iter().filter(|(_, c)| *c).map(|(i, _)| i).collect();
    r.solutions = if tree {
        let mut k: Vec<String> = counted.iter().map(|i| i.text.clone()).collect();
        k.sort();
        k.dedup();
        k
    } else {
        found.iter().map(|(i, _)| i.text.clone()).collect()
    };
    r.short = if tree {
        short_keys.map(|s| r.solutions.iter().filter(|k| s.contains(k)).cloned().collect()).unwrap_or_default()
    } else {
        let full = full_plies(p, st).unwrap_or(0);
        found.iter().zip(&lengths).filter(|((_, c), &n)| *c && n < full).map(|((i, _), _)| i.text.clone()).collect()
    };
    // Duals the stated text shows too were declared by the composer.
    let declared: Vec<Ident> =
        stated.and_then(|s| s.as_ref()).map(|s| s.duals.iter().map(|d| d.path.clone()).collect()).unwrap_or_default();
    r.duals = found_duals
        .into_iter()
        .filter(|d| !declared.contains(&d.path))
        .map(|d| Dual { key: d.key, defence: d.defence, continuations: d.continuations })
        .collect();
    // Help and series play: solutions found beyond the lines kept (`Settings::max_lines`), not listed.
    let left_out: usize = t.phases.iter().filter(|ph| ph.kind != PhaseKind::SetPlay).map(|ph| ph.left_out).sum();
    if counted.is_empty() && left_out == 0 {
        r.verdict = Verdict::NoSolution;
        return r;
    }
    let mut stated = stated.and_then(|s| s.as_ref());
    if let Some(s) = stated {
        r.stated_issues = s.issues.clone();
        if !s.unreadable.is_empty() {
            r.verdict = Verdict::BadInput;
            r.note = Some(format!(
                "the stated solution cannot be read: {} move{} of it name{} no one legal move",
                s.unreadable.len(),
                if s.unreadable.len() == 1 { "" } else { "s" },
                if s.unreadable.len() == 1 { "s" } else { "" }
            ));
            return r;
        }
        if s.items.is_empty() {
            // Nothing to compare: not a claim that there is no solution.
            stated = None;
            r.note = Some("the stated solution holds no move that could be read".into());
        }
    }
    match (stated, count) {
        (Some(s), _) => {
            // A line the text starts with the other side is set play or the duplex: compared when solved.
            let second_solved = t.phases.iter().any(|ph| ph.kind != PhaseKind::Solution);
            let (want, unchecked): (Vec<&Item>, Vec<&Item>) =
                s.items.iter().partition(|i| tree || !i.second || second_solved);
            if !unchecked.is_empty() {
                r.note = Some(format!(
                    "{} stated line(s) of set play not checked: the problem does not ask for set play",
                    unchecked.len()
                ));
            }
            let want_ids: BTreeSet<&Ident> = want.iter().map(|i| &i.id).collect();
            let got_ids: BTreeSet<&Ident> = found.iter().map(|(i, _)| &i.id).collect();
            let mut missing: Vec<String> =
                want.iter().filter(|i| !got_ids.contains(&i.id)).map(|i| i.text.clone()).collect();
            missing.sort();
            missing.dedup();
            r.missing = missing;
            let mut cooks: Vec<String> = counted
                .iter()
                .filter(|i| !want_ids.contains(&i.id) && !r.short.contains(&i.text))
                .map(|i| i.text.clone())
                .collect();
            cooks.sort();
            cooks.dedup();
            r.cooks = cooks;
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
            let full = (counted.iter().filter(|i| !r.short.contains(&i.text)).count() + left_out) as u64;
            let listed = if left_out > 0 { format!(" ({left_out} not listed)") } else { String::new() };
            r.note = Some(format!("intended {n} solution{}, found {full}{listed}", if n == 1 { "" } else { "s" }));
            r.verdict = if full < n {
                Verdict::IntendedFails
            } else if full > n {
                // Which ones the composer meant is not known: every solution is listed.
                r.cooks = counted.iter().filter(|i| !r.short.contains(&i.text)).map(|i| i.text.clone()).collect();
                Verdict::Cooked
            } else {
                lesser_flaw(&r)
            };
        }
        _ => {
            r.verdict = Verdict::Solved;
            r.note.get_or_insert_with(|| "no intended solution stated".into());
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(parse_count("2"), Some(2));
        assert_eq!(parse_count("2.1.1.1"), Some(2));
        assert_eq!(parse_count("1.2.1.1"), Some(2));
        assert_eq!(parse_count("3.2"), Some(6));
        assert_eq!(parse_count("two"), None);
        assert_eq!(parse_count(""), None);
    }

    /// The problem of a Popeye input file of ../shared/popeye, as stipula reads it.
    fn problem(inp: &str) -> Problem {
        crate::input::read_any("x.inp", inp).remove(0).expect("the problem reads")
    }

    /// The twins of `p` solved as `verify` solves them (with `Variations`).
    fn solved(p: &Problem) -> Vec<SolvedTwin> {
        let mut q = p.clone();
        q.options.variations = true;
        solve_problem(&q, &Settings { hash_mb: 16, ..Settings::default() })
    }

    /// The keys and the duals under them of a solved twin.
    fn keys_and_duals(t: &SolvedTwin) -> (Vec<Item>, Vec<moves::TreeDual>) {
        let keys: Vec<_> = t.phases.iter().flat_map(|ph| ph.play.keys()).collect();
        (solved_keys(&keys), solved_duals(&keys))
    }

    const ISARDAM_2_INP: &str = "BeginProblem\nStipulation #2\nCondition Isardam\nPieces White Ke8 Qa7 Rd2 Bg6 Pg4 Black Ke4 Qg1 Bc2 Pb4 Pd4\nEndProblem\n";

    #[test]
    fn a_dual_after_a_defence() {
        // Popeye's output, BEISPIEL-isardam_2.out: `1.Td2*d4 ! Zugzwang.` and after `1...Lc2-b1` both
        // `2.Da7-a1 #` and `2.Da7-g7 #`.
        let p = problem(ISARDAM_2_INP);
        let t = solved(&p);
        assert_eq!(keys(&t[0]), ["1.Rd2*d4 !"]);
        let (keys, d) = keys_and_duals(&t[0]);
        assert_eq!(keys.len(), 1);
        assert!(matches!(keys[0].id, Ident::Moves(_)), "{keys:?}");
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].key, "1.Rd2*d4 !");
        assert_eq!(d[0].defence, "1...Bc2-b1");
        assert_eq!(d[0].continuations, ["2.Qa7-a1 #", "2.Qa7-g7 #"]);
        // The verdict: the dual is found from the tree; declared by the stated text, it is none.
        let mut stated = p.clone();
        stated.intended.text = Some("1.Rxd4! zz".into());
        let r = judge(&stated, &t, &[None]);
        assert_eq!((r.verdict, r.twins[0].duals.len()), (Verdict::Duals, 1), "{r:?}");
        stated.intended.text = Some("1.Rxd4! 1...Bb1 2.Qa1#/Qg7#".into());
        assert_eq!(judge(&stated, &t, &[None]).verdict, Verdict::Sound);
        // A stated key that is not the solver's: the solver's key is a cook, the stated one missing.
        stated.intended.text = Some("1.Qa7-a8!".into());
        let r = judge(&stated, &t, &[None]);
        assert_eq!(
            (r.verdict, r.twins[0].cooks.clone()),
            (Verdict::IntendedFails, vec!["1.Rd2*d4 !".to_string()]),
            "{r:?}"
        );
    }

    #[test]
    fn one_key_in_every_notation() {
        // Popeye's key of BEISPIEL-isardam_2, written as problemists write it.
        let p = problem(ISARDAM_2_INP);
        let bs = boards(&p);
        let (keys, found) = keys_and_duals(&solved(&p)[0]);
        let labels = [String::new()];
        for text in [
            "1.Rxd4! zz",
            "1.Txd4!",
            "1.♖d2xd4 !",
            "1.Rd2:d4",
            "1.Td2*d4 ! Zugzwang.",
            "{key} 1.R:d4 \"zugzwang\" 1...Bb1 2.Qa1#/Qg7#",
            "1.Rd2-d4",
        ] {
            let r = read_stated_solution(text, &p, &bs, &labels).remove(0).unwrap();
            assert_eq!(r.items.len(), 1, "{text}");
            assert_eq!(r.items[0].id, keys[0].id, "{text}");
            assert!(r.issues.is_empty(), "{text}: {:?}", r.issues);
        }
        // The declared dual is the one found, by its moves.
        let r = read_stated_solution("1.Rxd4! 1...Bb1 2.Qa1#/Qg7#", &p, &bs, &labels).remove(0).unwrap();
        assert_eq!(r.duals.len(), 1);
        assert_eq!(r.duals[0].path, found[0].path);
        // A try marked `?` is not a key; an illegal key is read by its text and said where it is.
        let r = read_stated_solution("1.Qb8? 1...b3!\n1.Rb2! 1...Kd3", &p, &bs, &labels).remove(0).unwrap();
        assert_eq!(r.items.len(), 1);
        assert_eq!(r.items[0].id, Ident::Text("1.Rb2!".into()));
        assert_eq!(r.issues, ["line 2, column 1: `1.Rb2!` is no legal move here"]);
        // No pawn goes to d7: the stated move is illegal (the key is missing), not unreadable.
        let r = read_stated_solution("1.d7!", &p, &bs, &labels).remove(0).unwrap();
        assert!(r.unreadable.is_empty() && r.issues.len() == 1, "{:?}", r.issues);
    }

    #[test]
    fn threats_tries_and_the_defenders_last_moves_are_not_duals() {
        // BEISPIEL-isardam_6.out: two threats, one mate after each defence.
        let p = problem(
            "BeginProblem\nStipulation #2\nCondition Isardam\nPieces White Kh6 Sf2 Ph2 Ph7 Black Kh4 Pe2\nEndProblem\n",
        );
        let (keys, d) = keys_and_duals(&solved(&p)[0]);
        assert_eq!(keys.iter().map(|k| k.text.as_str()).collect::<Vec<_>>(), ["1.Kh6-g6 !"]);
        assert!(d.is_empty(), "{d:?}");
        // BEISPIEL-selfref_4.out (r#3): Black's two mates after 3.Kg2-f1 are Black's.
        let p = problem("BeginProblem\nStipulation r#3\nPieces White Rb7 Ra2 Pc7 Pb5 Bg7 Bd3 Sb6 Sc6 Kh3 Black Sa8 Sb1 Ra7 Rb2 Kf7 Bh7 Bh2 Pa6 Pd6 Pf6 Pf5 Pf4 Ph4 Pb3 Pd2 Qa5\nEndProblem\n");
        let (keys, d) = keys_and_duals(&solved(&p)[0]);
        assert_eq!(keys.iter().map(|k| k.text.as_str()).collect::<Vec<_>>(), ["1.Sc6-d8 + !"]);
        assert!(d.is_empty(), "{d:?}");
        // BEISPIEL-castling_5.out: the try 1.c5-c6? has three continuations after 1...Kc3, but it is a try.
        let p = problem("BeginProblem\nStipulation #3\nOption Try\nPieces White Ke1 Qb6 Ra1 Pa4 Pc5 Pf2 Black Kc2 Pa5 Pa6 Pc4 Pf3\nEndProblem\n");
        let t = solved(&p);
        let (keys, d) = keys_and_duals(&t[0]);
        assert_eq!(keys.iter().map(|k| k.text.as_str()).collect::<Vec<_>>(), ["1.Qb6-f6 !"]);
        assert!(d.is_empty(), "{d:?}");
        let PhasePlay::Tree(firsts) = &t[0].phases[0].play else { panic!("direct play gives a tree") };
        let try_ = firsts.iter().find(|a| a.head(0) == "1.c5-c6 ?").expect("the try is found");
        assert_eq!(try_.defences[0].continuations.len(), 3);
    }

    #[test]
    fn stated_lines_are_kept_by_their_moves() {
        // BEISPIEL-castling_19 (h#2): the stated short-algebraic lines are the moves of the solver's lines
        // `1.Rh2-f2 0-0-0 + 2.Kd3-e2 Rh1-e1 #` and `1.Kd3-c2 Ra1-a2 + 2.Kc2-c1 0-0 #` (BEISPIEL-castling_19.out),
        // so that the solver keeps them among its lines however many there are.
        let p = problem("BeginProblem\nStipulation h#2\nPieces White Ke1 Ra1 Rh1 Pb3 Black Kd3 Rh2 Pf3\nEndProblem\n");
        let bs = boards(&p);
        let r = read_stated_solution("1.Rf2 0-0-0+ 2.Ke2 Rhe1# 1.Kc2 Ra2+ 2.Kc1 0-0#", &p, &bs, &[String::new()])
            .remove(0)
            .unwrap();
        let mut settings = Settings { hash_mb: 16, max_lines: 0, ..Settings::default() };
        settings.keep_lines = r.wanted.clone();
        let t = solve_problem(&p, &settings);
        let PhasePlay::Lines(lines) = &t[0].phases[0].play else { panic!("help play gives lines") };
        let texts: Vec<String> = lines.iter().map(|l| normalise(&l.text())).collect();
        assert_eq!(texts, ["1.Kd3-c2 Ra1-a2 + 2.Kc2-c1 0-0 #", "1.Rh2-f2 0-0-0 + 2.Kd3-e2 Rh1-e1 #"]);
        assert_eq!(lines.iter().map(|l| l.moves()).collect::<Vec<_>>(), [r.wanted[1].clone(), r.wanted[0].clone()]);
    }
}
