//! Solving a whole problem: twins one after another, each phase (set play, solution, duplex) searched, the
//! solutions rendered in Popeye's notation and sorted canonically.

use super::twins::{apply, Diagram};
use super::tree::{Battle, TreeOptions};
use super::{Aborted, Search, SeriesEnd, Table};
use crate::conditions;
use crate::movegen::Rules;
use crate::moves::Move;
use crate::output::notation::move_text;
use crate::position::Position;
use crate::problem::{Goal, Play, Problem, Stipulation};
use crate::setup::{build_position, SetupOptions};
use crate::square::Color;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Limits and resources for one solve.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Transposition-table size in MB.
    pub hash_mb: usize,
    /// Stop after this long (the problem's `MaxTime` applies too, whichever is shorter).
    pub time_limit: Option<Duration>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { hash_mb: 256, time_limit: None }
    }
}

/// How a twin's search ended.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every solution was found.
    Complete,
    /// The time limit stopped the search: the solutions listed are not all.
    TimedOut,
    /// The twin could not be solved (illegal position, unknown condition, …).
    Refused(String),
}

/// What a phase lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseKind {
    SetPlay,
    Solution,
    Duplex,
}

/// One phase's solutions, rendered.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Phase {
    pub kind: PhaseKind,
    /// Popeye-format lines, sorted canonically.
    pub lines: Vec<String>,
    /// Number of solutions (help/series lines, or keys in direct play).
    pub solutions: usize,
}

/// One twin's result.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SolvedTwin {
    /// `a)`, `b)`, `+c)` (`+` when the twin continues from the previous one); empty without twins.
    pub label: String,
    /// What changed, Popeye-style (`bSh3-->h4`).
    pub heading: String,
    pub stipulation: String,
    /// Direct, self or reflex play (Popeye's tree mode), as opposed to help and series play (line mode).
    pub tree: bool,
    pub phases: Vec<Phase>,
    pub outcome: Outcome,
    pub nodes: u64,
    pub millis: u128,
}

/// Twins to solve: (label, heading, diagram).
pub fn twin_diagrams(p: &Problem) -> Result<Vec<(String, String, Diagram)>, String> {
    let original = Diagram { pieces: p.pieces.clone(), stipulation: p.stipulation.clone(), conditions: p.conditions.clone() };
    if p.twins.is_empty() {
        return Ok(vec![(String::new(), String::new(), original)]);
    }
    let mut out = Vec::new();
    let mut letter = b'a';
    if !p.zero_position {
        out.push(("a)".to_string(), String::new(), original.clone()));
        letter += 1;
    }
    let mut prev = original.clone();
    for t in &p.twins {
        let mut d = if t.continued { prev.clone() } else { original.clone() };
        let mut parts = Vec::new();
        for c in &t.changes {
            parts.push(apply(&mut d, c)?);
        }
        let label = format!("{}{})", if t.continued { "+" } else { "" }, letter as char);
        letter = letter.saturating_add(1);
        out.push((label, parts.join("  "), d.clone()));
        prev = d;
    }
    Ok(out)
}

/// Solves every twin of a problem.
pub fn solve_problem(p: &Problem, settings: &Settings) -> Vec<SolvedTwin> {
    let twins = match twin_diagrams(p) {
        Ok(t) => t,
        Err(e) => {
            return vec![SolvedTwin {
                label: String::new(),
                heading: String::new(),
                stipulation: p.stipulation.to_string(),
                tree: is_tree(p.stipulation.play),
                phases: Vec::new(),
                outcome: Outcome::Refused(e),
                nodes: 0,
                millis: 0,
            }]
        }
    };
    let limit = match (settings.time_limit, p.options.max_time) {
        (Some(a), Some(b)) => Some(a.min(Duration::from_secs(b as u64))),
        (a, b) => a.or(b.map(|s| Duration::from_secs(s as u64))),
    };
    let table = Table::new(settings.hash_mb);
    let start = Instant::now();
    let deadline = limit.map(|l| start + l);
    twins
        .into_iter()
        .map(|(label, heading, d)| {
            let t0 = Instant::now();
            let stop = AtomicBool::new(false);
            let (phases, outcome, nodes) = match solve_diagram(p, &d, &table, deadline, &stop) {
                Ok((phases, nodes, timed_out)) => (phases, if timed_out { Outcome::TimedOut } else { Outcome::Complete }, nodes),
                Err(e) => (Vec::new(), Outcome::Refused(e), 0),
            };
            SolvedTwin {
                label,
                heading,
                stipulation: display_stipulation(&d.stipulation, p),
                tree: is_tree(d.stipulation.play),
                phases,
                outcome,
                nodes,
                millis: t0.elapsed().as_millis(),
            }
        })
        .collect()
}

/// Direct, self and reflex play print trees; help and series play print lines.
pub fn is_tree(play: Play) -> bool {
    matches!(play, Play::Direct | Play::Self_ | Play::Reflex)
}

/// The stipulation as Popeye echoes it (`WhiteToPlay` turns `h#4` into `h#3.5`).
pub fn display_stipulation(s: &Stipulation, p: &Problem) -> String {
    if p.options.white_to_play && s.play == Play::Help && !s.half && s.moves > 0 {
        let mut t = s.clone();
        t.moves -= 1;
        t.half = true;
        return t.to_string();
    }
    s.to_string()
}

/// An option that changes which solutions count, not implemented yet: refused rather than ignored.
fn unsupported_option(p: &Problem) -> Option<String> {
    let o = &p.options;
    let named = [
        (o.post_key_play, "PostKeyPlay"),
        (o.quodlibet, "Quodlibet"),
        (o.non_trivial.is_some(), "NonTrivial"),
        (o.threat.is_some(), "Threat"),
        (o.max_flights.is_some(), "MaxFlightsquares"),
        (o.keep_mating_piece, "KeepMatingPiece"),
        (o.max_solutions.is_some(), "MaxSolutions"),
        (o.stop_on_short, "StopOnShortSolutions"),
        (o.mates_in_1, "MatesIn1"),
    ];
    if let Some((_, name)) = named.iter().find(|(on, _)| *on) {
        return Some(name.to_string());
    }
    // `Intelligent n` caps the solutions Popeye lists.
    o.ignored.iter().find(|i| i.starts_with("Intelligent ")).cloned()
}

type PhaseResult = Result<(Vec<Phase>, u64, bool), String>;

fn solve_diagram(p: &Problem, d: &Diagram, table: &Table, deadline: Option<Instant>, stop: &AtomicBool) -> PhaseResult {
    if let Some(why) = p.options.contradiction(&d.stipulation) {
        return Err(why);
    }
    if let Some(opt) = unsupported_option(p) {
        return Err(format!("not supported yet: option {opt}"));
    }
    let mut conds = conditions::build_all(&d.conditions)?;
    if !p.options.castling_mutually_exclusive.is_empty() {
        conds.push(Box::new(conditions::castling_exclusive::CastlingMutuallyExclusive {
            pairs: p.options.castling_mutually_exclusive.clone(),
        }));
    }
    let rules = Rules::new(d.pieces.iter().map(|x| x.kind), conds);
    let st = &d.stipulation;
    let setup = SetupOptions {
        no_castling: p.options.no_castling.clone(),
        no_white_king: p.options.no_white_king,
        no_black_king: p.options.no_black_king,
        en_passant: p.options.en_passant.clone(),
    };
    let mut first = st.starting_side();
    let mut help_plies = 2 * st.moves + st.half as u32;
    if p.options.white_to_play && st.play == Play::Help && !st.half {
        first = Color::White;
        help_plies = help_plies.saturating_sub(1);
    }
    if let Some(s) = p.state.side_to_move {
        if st.play != Play::Help {
            first = s;
        }
    }
    let mut phases = Vec::new();
    let mut timed_out = false;
    let mut nodes = 0;
    let search = Search::new(&rules, table, st.goal, deadline, stop);
    let mut run = |kind: PhaseKind, side: Color, plies_or_moves: u32| -> Result<(), String> {
        let pos = build_position(&d.pieces, &p.state, side, &rules, &setup).map_err(|e| e.to_string())?;
        let r = solve_phase(&search, p, st, &pos, plies_or_moves, kind);
        let (lines, count, aborted) = match r {
            Ok((l, c)) => (l, c, false),
            Err(Aborted) => (Vec::new(), 0, true),
        };
        timed_out |= aborted;
        phases.push(Phase { kind, lines, solutions: count });
        Ok(())
    };
    let main_len = if st.play == Play::Help { help_plies } else { st.moves };
    if p.options.set_play && !p.options.half_duplex {
        match st.play {
            Play::Help if help_plies > 1 => run(PhaseKind::SetPlay, first.opposite(), help_plies - 1)?,
            Play::Direct | Play::Self_ | Play::Reflex => run(PhaseKind::SetPlay, first.opposite(), st.moves)?,
            _ => {}
        }
    }
    if !p.options.half_duplex {
        run(PhaseKind::Solution, first, main_len)?;
    }
    if p.options.duplex || p.options.half_duplex {
        run(PhaseKind::Duplex, first.opposite(), main_len)?;
    }
    nodes += search.nodes();
    Ok((phases, nodes, timed_out))
}

/// Solves one phase from `pos`; `len` is plies for help play, moves otherwise. Returns rendered lines and the
/// number of solutions.
fn solve_phase(search: &Search, p: &Problem, st: &Stipulation, pos: &Position, len: u32, kind: PhaseKind) -> Result<(Vec<String>, usize), Aborted> {
    let rules = search.rules;
    match st.play {
        Play::Help => {
            let mut lines = Vec::new();
            let mut plies = len;
            loop {
                for l in search.help_lines(pos, plies)? {
                    lines.push(render_line(rules, pos, &l, LineStyle::Help, st.goal));
                }
                if st.exact || plies <= 2 {
                    break;
                }
                plies -= 2;
            }
            Ok(finish(lines))
        }
        Play::SeriesDirect | Play::SeriesHelp | Play::SeriesSelf => {
            let end = match st.play {
                Play::SeriesDirect => SeriesEnd::Goal,
                Play::SeriesHelp => SeriesEnd::HelpGoal,
                _ => SeriesEnd::SelfGoal,
            };
            let lines: Vec<String> = search
                .series_lines(pos, len, end, st.exact)?
                .iter()
                .map(|l| {
                    let series = if end == SeriesEnd::Goal { l.len() } else { l.len() - 1 };
                    render_line(rules, pos, l, LineStyle::Series(series), st.goal)
                })
                .collect();
            Ok(finish(lines))
        }
        Play::Direct | Play::Self_ | Play::Reflex => {
            let battle = Battle { search, play: st.play, opts: TreeOptions::from_options(&p.options) };
            if kind == PhaseKind::SetPlay {
                let lines = battle.set_play(pos, len)?;
                let n = lines.iter().filter(|l| l.starts_with("      1...")).count();
                return Ok((lines, n));
            }
            let blocks = battle.root(pos, len)?;
            let keys = blocks.iter().filter(|b| b.key).count();
            Ok((blocks.into_iter().flat_map(|b| b.lines).collect(), keys))
        }
    }
}

fn finish(mut lines: Vec<String>) -> (Vec<String>, usize) {
    lines.sort();
    lines.dedup();
    let n = lines.len();
    (lines, n)
}

/// The keys of direct, self or reflex play: first moves that force the stipulation in at most `n` moves.
pub fn direct_keys(search: &Search, st: &Stipulation, pos: &Position, n: u32) -> Result<Vec<(Move, Position)>, Aborted> {
    use rayon::prelude::*;
    let mut buf = Vec::new();
    let mut moves = Vec::new();
    search.rules.for_each_legal(pos, &mut buf, |m, p| moves.push((m, p)));
    if st.play == Play::Reflex && search.can_reach_goal_in_1(pos) {
        return Ok(Vec::new());
    }
    let results: Vec<Result<Option<(Move, Position)>, Aborted>> = moves
        .into_par_iter()
        .map(|(m, after)| {
            let ok = match st.play {
                Play::Direct => search.direct_after(&after, n)?,
                Play::Self_ => search.self_after(&after, n, false)?,
                _ => search.self_after(&after, n, true)?,
            };
            Ok(ok.then_some((m, after)))
        })
        .collect();
    let mut keys = Vec::new();
    for r in results {
        if let Some(k) = r? {
            keys.push(k);
        }
    }
    Ok(keys)
}

/// How move numbers run in a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineStyle {
    /// Help play: two half-moves per number; the side to move at the start may be the second of the pair
    /// (then the line starts with `1...`).
    Help,
    /// Series play: one number per series move; moves after the first `n` (the opponent's final move) share
    /// the last number.
    Series(usize),
}

/// Renders a line of moves in Popeye's line mode: `  1.Kd1-e2 Ka1-b1   2.Qh1-h8 #`.
pub fn render_line(rules: &Rules, start: &Position, moves: &[Move], style: LineStyle, goal: Goal) -> String {
    let mut s = String::new();
    let mut pos = start.clone();
    // Popeye numbers help play so that the last move completes a number: an odd number of half-moves starts
    // with `1...`, whichever side moves first (h#n.5, set play, duplex of WhiteToPlay).
    let half_start = style == LineStyle::Help && moves.len() % 2 == 1;
    let mut number = 1;
    for (i, &m) in moves.iter().enumerate() {
        let new_number = match style {
            LineStyle::Help => {
                if half_start {
                    i == 0 || i % 2 == 1
                } else {
                    i % 2 == 0
                }
            }
            LineStyle::Series(n) => i < n,
        };
        if new_number {
            if i > 0 {
                s.push(' ');
            }
            if half_start && i == 0 {
                s += &format!("{:>3}...", number);
            } else {
                s += &format!("{:>3}.", number);
            }
            number += 1;
        } else {
            s.push(' ');
        }
        let after = rules.make(&pos, m);
        s += &move_text(&pos, m);
        if i + 1 == moves.len() {
            s += &format!(" {}", goal.symbol());
        } else if rules.in_check(&after, after.side()) {
            s += " +";
        }
        pos = after;
        // Series play: the opponent passes between two series moves.
        if let LineStyle::Series(n) = style {
            if i + 1 < n {
                pos = pos.null_move();
            }
        }
    }
    s
}
