//! Solving a whole problem: twins one after another, each phase (set play, solution, duplex) searched, the
//! solutions rendered in Popeye's notation and sorted canonically.

use super::twins::{apply_twin, Diagram};
use super::tree::{Battle, TreeOptions};
use super::{Aborted, BattleLimits, NonTrivial, Search, SeriesEnd, Table};
use crate::conditions;
use crate::movegen::Rules;
use crate::moves::Move;
use crate::output::notation::move_text;
use crate::position::Position;
use crate::problem::{Goal, Play, Problem, Stipulation};
use crate::setup::{build_position, Culprit, SetupOptions};
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
    /// `MaxSolutions` or `StopOnShortSolutions` cut the list short (Popeye's `Partial solution`).
    pub partial: bool,
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
        let heading = apply_twin(&mut d, &t.changes, |s| twin_stipulation(s, p))?;
        let label = format!("{}{})", if t.continued { "+" } else { "" }, letter as char);
        letter = letter.saturating_add(1);
        out.push((label, heading, d.clone()));
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
    let mut table = Table::new(settings.hash_mb);
    // The table's facts hold under the rules they were found with: a twin that changes the conditions starts
    // with an empty table (a fact of Madrasi RexInclusive is no fact of Madrasi).
    let mut rules_of_table = twins.first().map(|(_, _, d)| d.conditions.clone());
    let start = Instant::now();
    let deadline = limit.map(|l| start + l);
    twins
        .into_iter()
        .map(|(label, heading, d)| {
            if rules_of_table.as_ref() != Some(&d.conditions) {
                table = Table::new(settings.hash_mb);
                rules_of_table = Some(d.conditions.clone());
            }
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
        return twin_stipulation(s, p);
    }
    let mut text = s.to_string();
    // Popeye echoes `Threat n` and `MaxFlightsquares n` in the stipulation: `#6/1`, `#10/1/1`, `#3//2`.
    match (p.options.threat, p.options.max_flights) {
        (Some(t), Some(f)) => text += &format!("/{t}/{f}"),
        (Some(t), None) => text += &format!("/{t}"),
        (None, Some(f)) => text += &format!("//{f}"),
        (None, None) => {}
    }
    // And `NonTrivial m k` as `s#24;1,0` (BEISPIEL-nontriv_1).
    if let Some((m, k)) = p.options.non_trivial {
        text += &format!(";{m},{k}");
    }
    text
}

/// A stipulation as a twin's heading names it: `WhiteToPlay` turns `h=3` into `h=2.5`, but `Threat n` and the like
/// are not echoed there (Popeye).
pub fn twin_stipulation(s: &Stipulation, p: &Problem) -> String {
    if p.options.white_to_play && s.play == Play::Help && !s.half && s.moves > 0 {
        let mut t = s.clone();
        t.moves -= 1;
        t.half = true;
        return t.to_string();
    }
    s.to_string()
}

/// An option that changes which solutions count, not implemented yet: refused rather than ignored.
fn unsupported_option(p: &Problem, st: &Stipulation) -> Option<String> {
    let o = &p.options;
    if o.post_key_play && !is_tree(st.play) {
        return Some("PostKeyPlay in help or series play".into());
    }
    if o.mates_in_1 && st.play != Play::Self_ {
        return Some(format!("MatesIn1 in `{st}` (only s# is)"));
    }
    if o.non_trivial.is_some() && !is_tree(st.play) {
        // Popeye counts the defences of battle play only.
        return Some(format!("NonTrivial in `{st}` (only #, s# and r# are)"));
    }
    if o.keep_mating_piece && st.goal != Goal::Mate {
        return Some(format!("KeepMatingPiece in `{st}` (only mate goals are)"));
    }
    // `Intelligent n`: "the maximum number of solutions per mating position" (py-engl.txt). Which n of the many
    // lines to one mating position Popeye keeps follows its intelligent-mode search order (BEISPIEL-intell_106:
    // 2 of the dozens of ways to each final position, then `Partial solution`), not the solution set: refused.
    o.ignored.iter().find(|i| i.starts_with("Intelligent ")).cloned()
}

type PhaseResult = Result<(Vec<Phase>, u64, bool), String>;

/// Why a twin's solutions cannot be searched as stated: options that contradict each other, or one that changes
/// the solution set and is not implemented yet.
pub fn solving_refusal(p: &Problem, st: &Stipulation) -> Option<String> {
    if st.intro > 0 {
        // `m->`: Popeye's introductory series moves, not searched (they were once ignored: refused instead).
        return Some(format!("not supported yet: introductory moves (`{}->` in `{st}`)", st.intro));
    }
    p.options.contradiction(st).or_else(|| unsupported_option(p, st).map(|opt| format!("not supported yet: option {opt}")))
}

/// The rules of a twin (its conditions, `CastlingMutuallyExclusive`) and how its diagram is set up (retro options,
/// missing kings).
pub fn diagram_rules(p: &Problem, d: &Diagram) -> Result<(Rules, SetupOptions), String> {
    let mut conds = conditions::build_all(&d.conditions)?;
    if !p.options.castling_mutually_exclusive.is_empty() {
        conds.push(Box::new(conditions::castling_exclusive::CastlingMutuallyExclusive {
            pairs: p.options.castling_mutually_exclusive.clone(),
        }));
    }
    let rules = Rules::new(d.pieces.iter().map(|x| x.kind), conds);
    let setup = SetupOptions::from_options(&p.options);
    Ok((rules, setup))
}

fn solve_diagram(p: &Problem, d: &Diagram, table: &Table, deadline: Option<Instant>, stop: &AtomicBool) -> PhaseResult {
    if let Some(why) = solving_refusal(p, &d.stipulation) {
        return Err(why);
    }
    let (rules, mut setup) = diagram_rules(p, d)?;
    // The diagram was checked when it was read; a twin may put a pawn on the first or last rank (Popeye).
    setup.edge_pawns = true;
    let st = &d.stipulation;
    let mut phases = Vec::new();
    let mut timed_out = false;
    let mut nodes = 0;
    let search = problem_search(p, st, &rules, table, deadline, stop);
    let tree = is_tree(st.play);
    // A phase whose side not to move is in check is left out, as Popeye leaves it out (with its message `the side
    // to play can capture the king`) and solves the others; a twin none of whose phases can be played is refused.
    let mut playable = Vec::new();
    let mut illegal = None;
    for (kind, side, len) in phase_plan(p, st) {
        match build_position(&d.pieces, &p.state, side, &rules, &setup) {
            Ok(pos) => playable.push((kind, pos, len)),
            Err(e) if e.culprit == Culprit::Position => {
                illegal.get_or_insert(e.message);
            }
            Err(e) => return Err(e.message),
        }
    }
    if playable.is_empty() {
        if let Some(why) = illegal {
            return Err(why);
        }
    }
    for (kind, pos, plies_or_moves) in playable {
        let r = solve_phase(&search, p, st, &pos, plies_or_moves, kind);
        let (mut lines, mut count, aborted) = match r {
            Ok((l, c)) => (l, c, false),
            Err(Aborted) => (Vec::new(), 0, true),
        };
        timed_out |= aborted;
        let mut partial = false;
        if let Some(max) = p.options.max_solutions {
            partial = if st.play == Play::Reflex && kind != PhaseKind::SetPlay {
                // Reflex play is counted as one solution whatever its keys and tries (Popeye: `r#2` with fifteen
                // keys and MaxSolutions 3 lists them all and is complete; with MaxSolutions 1 it is partial).
                lines.iter().any(|l| l.starts_with("   1.")) && max <= 1
            } else {
                cut_to(&mut lines, &mut count, max as usize, tree)
            };
        }
        if p.options.stop_on_short && !tree {
            partial |= keep_shortest(&mut lines, &mut count, st, plies_or_moves);
        }
        phases.push(Phase { kind, lines, solutions: count, partial });
    }
    nodes += search.nodes();
    Ok((phases, nodes, timed_out))
}

/// The phases of a twin in the order Popeye prints them, each with the side that moves first and its length
/// (half-moves in help play, moves otherwise): the set play (`SetPlay`) and the solution, then, with `Duplex`
/// or `HalfDuplex`, the same for the other side (with `HalfDuplex` only that).
pub fn phase_plan(p: &Problem, st: &Stipulation) -> Vec<(PhaseKind, Color, u32)> {
    let (first, main_len) = start(p, st);
    // PostKeyPlay: the key has been played, so the defender moves first (and, in the duplex, White defends).
    let (first, second) = if p.options.post_key_play { (first.opposite(), first) } else { (first, first.opposite()) };
    let set_play = |side: Color| -> Option<(PhaseKind, Color, u32)> {
        // Popeye: "SetPlay not applicable - ignored" in post-key play.
        if !p.options.set_play || p.options.post_key_play {
            return None;
        }
        match st.play {
            Play::Help if main_len > 1 => Some((PhaseKind::SetPlay, side.opposite(), main_len - 1)),
            Play::Direct | Play::Self_ | Play::Reflex => Some((PhaseKind::SetPlay, side.opposite(), st.moves)),
            // Series play: the opponent's final move alone (Popeye: "not applicable" to ser-# and ser-=).
            Play::SeriesHelp | Play::SeriesSelf => Some((PhaseKind::SetPlay, side.opposite(), 1)),
            _ => None,
        }
    };
    let mut plan = Vec::new();
    if !p.options.half_duplex {
        plan.extend(set_play(first));
        plan.push((PhaseKind::Solution, first, main_len));
    }
    if p.options.duplex || p.options.half_duplex {
        plan.extend(set_play(second));
        plan.push((PhaseKind::Duplex, second, main_len));
    }
    plan
}

/// The searcher for a problem's stipulation `st` under `rules`, with the options that change which moves count
/// (`Threat`, `MaxFlightsquares`, `Quodlibet`, `NonTrivial`, `KeepMatingPiece`): what `solve` and `explain` share.
pub fn problem_search<'a>(p: &Problem, st: &Stipulation, rules: &'a Rules, table: &'a Table, deadline: Option<Instant>, stop: &'a AtomicBool) -> Search<'a> {
    let limits = BattleLimits { max_threat: p.options.threat, max_flights: p.options.max_flights };
    let non_trivial = p.options.non_trivial.map(|(max, short)| NonTrivial { max, short });
    // KeepMatingPiece: the side that must mate, where only one must (Popeye: no filter when both may).
    let keep_mating = match st.play {
        _ if !p.options.keep_mating_piece => None,
        Play::Direct => Some(true),
        Play::Self_ if !p.options.quodlibet => Some(false),
        _ => None,
    };
    Search::new(rules, table, st.goal, deadline, stop)
        .with_exact(st.exact && is_tree(st.play))
        .with_limits(limits)
        // Quodlibet adds the attacker's own goal to self and reflex play; elsewhere Popeye leaves it without effect.
        .with_quodlibet(p.options.quodlibet && matches!(st.play, Play::Self_ | Play::Reflex))
        .with_non_trivial(non_trivial)
        .with_keep_mating(keep_mating)
        .with_keep_mating_lines(p.options.keep_mating_piece && !is_tree(st.play))
}

/// The side that moves first and the length to solve: half-moves in help play (`WhiteToPlay` turns `h#n`
/// into `h#(n-0.5)`), moves otherwise; a FEN's side to move decides outside help play.
pub fn start(p: &Problem, st: &Stipulation) -> (Color, u32) {
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
    (first, if st.play == Play::Help { help_plies } else { st.moves })
}

/// Solves one phase from `pos`; `len` is plies for help play, moves otherwise. Returns rendered lines and the
/// number of solutions.
fn solve_phase(search: &Search, p: &Problem, st: &Stipulation, pos: &Position, len: u32, kind: PhaseKind) -> Result<(Vec<String>, usize), Aborted> {
    let rules = search.rules;
    match st.play {
        Play::Help => {
            let mut lines = Vec::new();
            let mut plies = len;
            // The set play of `h#n.5` skips the attacker's first half-move: `1...  ...  2.Bc4-a2 …` (Popeye).
            let style = if kind == PhaseKind::SetPlay && len.is_multiple_of(2) { LineStyle::HelpPassed } else { LineStyle::Help };
            loop {
                for l in search.help_lines(pos, plies)? {
                    lines.push(render_line(rules, pos, &l, style, st.goal));
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
            if kind == PhaseKind::SetPlay {
                // The series side passes: its opponent's final move at once, `  1...Rh1-h8 #` (ser-h#: a move that
                // reaches the goal; ser-s#: every move, when all do).
                let moves = match end {
                    SeriesEnd::HelpGoal => search.goal_moves(pos, false),
                    _ if search.all_replies_reach_goal(pos) => search.goal_moves(pos, false),
                    _ => Vec::new(),
                };
                return Ok(finish(moves.iter().map(|&m| render_line(rules, pos, &[m], LineStyle::Help, st.goal)).collect()));
            }
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
            if p.options.post_key_play {
                // PostKeyPlay: the diagram is the position after the key, the defender to move (BEISPIEL-postkey_1).
                return Ok((battle.post_key(pos, len)?, 1));
            }
            let blocks = battle.root(pos, len)?;
            let keys = blocks.iter().filter(|b| b.key).count();
            Ok((blocks.into_iter().flat_map(|b| b.lines).collect(), keys))
        }
    }
}

/// `MaxSolutions n`: keeps the first `n` solutions in canonical order (the search still runs to its end, so
/// that which ones are kept does not depend on the thread count). Returns whether the list is partial: as Popeye,
/// which stops at the `n`-th solution, once `n` are listed, whether or not more exist.
fn cut_to(lines: &mut Vec<String>, count: &mut usize, max: usize, tree: bool) -> bool {
    if tree {
        // Keep the blocks of the first `max` first moves: Popeye counts the tries it prints too.
        let total = lines.iter().filter(|l| l.starts_with("   1.")).count();
        let mut firsts = 0;
        let end = lines
            .iter()
            .position(|l| {
                if l.starts_with("   1.") {
                    firsts += 1;
                }
                firsts > max
            })
            .unwrap_or(lines.len());
        lines.truncate(end);
        *count = lines.iter().filter(|l| l.starts_with("   1.") && l.contains(" !")).count();
        return total >= max;
    }
    lines.truncate(max);
    *count = (*count).min(max);
    *count >= max
}

/// `StopOnShortSolutions` in help and series play: when solutions shorter than the stipulation exist, only
/// the shortest are listed (Popeye stops there). Returns whether longer ones were dropped.
fn keep_shortest(lines: &mut Vec<String>, count: &mut usize, st: &Stipulation, full: u32) -> bool {
    // The number of moves of a rendered line: its half-moves in help play, its numbered moves in series play.
    let length = |l: &str| l.split_whitespace().filter(|w| w.contains('-') || w.contains('*') || w.starts_with('0')).count();
    let Some(shortest) = lines.iter().map(|l| length(l)).min() else {
        return false;
    };
    let full_len = match st.play {
        Play::Help | Play::SeriesDirect => full as usize,
        // ser-h# and ser-s#: the opponent's final move follows the series.
        _ => full as usize + 1,
    };
    if shortest >= full_len {
        return false;
    }
    lines.retain(|l| length(l) == shortest);
    *count = lines.len();
    true
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
    /// Help play after a passed first half-move (the set play of `h#n.5`): `  1...  ...  2.Bc4-a2 Bb7-c6 +   3.…`.
    HelpPassed,
}

/// Renders a line of moves in Popeye's line mode: `  1.Kd1-e2 Ka1-b1   2.Qh1-h8 #`.
pub fn render_line(rules: &Rules, start: &Position, moves: &[Move], style: LineStyle, goal: Goal) -> String {
    let mut s = String::new();
    let mut pos = start.clone();
    // Popeye numbers help play so that the last move completes a number: an odd number of half-moves starts
    // with `1...`, whichever side moves first (h#n.5, set play, duplex of WhiteToPlay).
    let half_start = style == LineStyle::Help && moves.len() % 2 == 1;
    let mut number = 1;
    if style == LineStyle::HelpPassed {
        s += "  1...  ...";
        number = 2;
    }
    for (i, &m) in moves.iter().enumerate() {
        let new_number = match style {
            LineStyle::HelpPassed => i % 2 == 0,
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

#[cfg(test)]
mod cut_tests {
    use super::*;

    fn help(moves: u32) -> Stipulation {
        Stipulation { play: Play::Help, goal: Goal::Mate, moves, half: false, exact: false, intro: 0 }
    }

    #[test]
    fn max_solutions_keeps_the_first_in_canonical_order() {
        let mut lines: Vec<String> = ["  1.a", "  1.b", "  1.c"].iter().map(|s| s.to_string()).collect();
        let mut count = 3;
        assert!(cut_to(&mut lines, &mut count, 2, false));
        assert_eq!((lines.len(), count), (2, 2));
        assert!(!cut_to(&mut lines, &mut count, 5, false));
        // Popeye stops at the n-th solution and calls the list partial even when no more exist (h#1 with one
        // solution and MaxSolutions 1: `Partial solution`, Popeye 4.104's output).
        assert!(cut_to(&mut lines, &mut count, 2, false));
        // Tree mode: whole key blocks are kept.
        let mut tree: Vec<String> = ["   1.Qa1-a2 !", "      1...Kb1", "          2.Qa2-b2 #", "   1.Qa1-a3 !", "      1...Kb1"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut keys = 2;
        assert!(cut_to(&mut tree, &mut keys, 1, true));
        assert_eq!(tree.len(), 3);
    }

    #[test]
    fn stop_on_short_solutions_keeps_the_shortest() {
        let mut lines: Vec<String> =
            ["  1.Ka1-b1 Kc3-b3   2.a2-a1=Q Rh8-h1 #", "  1.Ka1-b2 Rh8-b8 #"].iter().map(|s| s.to_string()).collect();
        let mut count = 2;
        assert!(keep_shortest(&mut lines, &mut count, &help(2), 4));
        assert_eq!(lines, vec!["  1.Ka1-b2 Rh8-b8 #".to_string()]);
        let mut full: Vec<String> = vec!["  1.Ka1-b1 Kc3-b3   2.a2-a1=Q Rh8-h1 #".into()];
        let mut c = 1;
        assert!(!keep_shortest(&mut full, &mut c, &help(2), 4));
    }
}
