//! The walk through a problem's solutions (`stipula explain FILE`): each twin's diagram, then every solution move
//! by move with what each position shows, and the answer to `--why MOVE` in each twin's diagram.

use super::prose::why_sentence;
use super::{piece_moves, snapshot, why, Snapshot, Step, TreeNode, TwinExplanation};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::notation::move_text;
use crate::position::Position;
use crate::problem::{Play, Problem};
use crate::setup::build_position;
use crate::problem::twins::{twin_diagrams, Diagram};
use crate::solve::run::{collect_lines, diagram_rules, direct_keys, problem_search, series_end, series_moves, solving_refusal, time_limit, Settings};
use crate::solve::{Search, Table};
use std::sync::atomic::AtomicBool;

/// Most steps a direct-play tree shows before it is cut.
const MAX_TREE_STEPS: usize = 400;

/// Explains every twin of a problem: the diagram, then each solution move by move. The search runs under the
/// settings' time limit and the problem's `MaxTime` (whichever is shorter, for all twins together), and walks
/// through at most `max_lines` lines of help and series play (the canonically first).
pub fn explain_problem(p: &Problem, settings: &Settings) -> Vec<TwinExplanation> {
    let deadline = time_limit(p, settings).map(|l| std::time::Instant::now() + l);
    let twins = match twin_diagrams(p) {
        Ok(t) => t,
        Err(e) => {
            let mut t = TwinExplanation::empty(String::new(), String::new(), p.stipulation.to_string(), p.pieces.clone());
            t.refused = Some(e);
            return vec![t];
        }
    };
    twins
        .into_iter()
        .map(|(label, heading, d)| {
            let mut t = TwinExplanation::empty(label, heading, d.stipulation.to_string(), d.pieces.clone());
            if let Err(e) = explain_diagram(p, &d, &mut t, settings, deadline) {
                t.refused = Some(e);
            }
            t
        })
        .collect()
}

/// As [`explain_problem`], with what each piece may do in every position ([`Snapshot::moves`]), for the
/// teaching page.
pub fn explain_problem_in_full(p: &Problem, settings: &Settings) -> Vec<TwinExplanation> {
    let mut twins = explain_problem(p, settings);
    let Ok(diagrams) = twin_diagrams(p) else { return twins };
    for (t, (_, _, d)) in twins.iter_mut().zip(diagrams) {
        let Ok((rules, _, _)) = prepare(p, &d) else { continue };
        let fill = |s: &mut Snapshot| s.moves = piece_moves(&rules, &s.position);
        if let Some(s) = &mut t.initial {
            fill(s);
        }
        for step in t.lines.iter_mut().flatten() {
            fill(&mut step.after);
        }
        let mut stack: Vec<&mut TreeNode> = t.tree.iter_mut().collect();
        while let Some(n) = stack.pop() {
            fill(&mut n.step.after);
            stack.extend(n.children.iter_mut());
        }
    }
    twins
}

/// The rules and the diagram position of a twin (the side to move as the stipulation says), and the length
/// the solver uses (half-moves in help play, moves otherwise).
fn prepare(p: &Problem, d: &Diagram) -> Result<(Rules, Position, u32), String> {
    if let Some(why) = p.options.contradiction(&d.stipulation) {
        return Err(why);
    }
    let (rules, setup) = diagram_rules(p, d).map_err(|e| e.to_string())?;
    let (first, len) = p.start(&d.stipulation);
    let pos = build_position(&d.pieces, &p.state, first, &rules, &setup).map_err(|e| e.to_string())?;
    Ok((rules, pos, len))
}

/// What went wrong answering `--why`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WhyError {
    /// The twin cannot be set up (bad position or options).
    Refused(String),
    /// The move text cannot be read, or names the wrong piece.
    BadMove(String),
}

/// The answer to `--why MOVE` for each twin of a problem, asked in the twin's diagram position:
/// (twin label, sentence or error).
pub fn why_in_problem(p: &Problem, text: &str) -> Vec<(String, Result<String, WhyError>)> {
    let twins = match twin_diagrams(p) {
        Ok(t) => t,
        Err(e) => return vec![(String::new(), Err(WhyError::Refused(e)))],
    };
    twins
        .into_iter()
        .map(|(label, _, d)| {
            let r = match prepare(p, &d) {
                Err(e) => Err(WhyError::Refused(e)),
                Ok((rules, pos, _)) => match why(&rules, &pos, text) {
                    Ok(w) => Ok(why_sentence(&pos, &w)),
                    Err(e) => Err(WhyError::BadMove(e)),
                },
            };
            (label, r)
        })
        .collect()
}

fn explain_diagram(p: &Problem, d: &Diagram, t: &mut TwinExplanation, settings: &Settings, deadline: Option<std::time::Instant>) -> Result<(), String> {
    // The walkthrough solves as `solve` does: the same refusals, the same options.
    if let Some(why) = solving_refusal(p, &d.stipulation) {
        return Err(why.message);
    }
    let (rules, pos, len) = prepare(p, d)?;
    t.conditions = rules.conditions().iter().map(|c| c.describe()).collect();
    let st = &d.stipulation;
    t.initial = Some(snapshot(&rules, &pos));
    if p.options.set_play || p.options.duplex || p.options.half_duplex {
        t.notes.push("set play and duplex are not walked through; the main solution is".into());
    }
    let table = Table::try_new(settings.hash_mb)?;
    let stop = AtomicBool::new(false);
    let search = problem_search(p, st, &rules, &table, deadline, &stop);
    match st.play {
        Play::Help | Play::SeriesDirect | Play::SeriesHelp | Play::SeriesSelf => {
            let (found, aborted) = collect_lines(&search, st, &pos, len, settings, true);
            t.timed_out = aborted;
            let series = (st.play != Play::Help).then(|| series_end(st.play));
            for (_, l) in &found.lines {
                t.lines.push(steps(&rules, &pos, l, series.map(|end| series_moves(end, l)), st.goal));
            }
            t.left_out = found.left_out();
            if t.left_out > 0 {
                t.notes.push(format!("the first {} of {} solutions are walked through", found.lines.len(), found.found));
            }
        }
        Play::Direct | Play::Self_ | Play::Reflex => {
            let mut budget = MAX_TREE_STEPS;
            let (keys, aborted) = direct_keys(&search, st, &pos, len);
            t.timed_out = aborted;
            for (key, after) in keys {
                match direct_node(&search, st.play, &pos, key, &after, len, 1, true, &mut budget) {
                    Ok(node) => t.tree.push(node),
                    Err(_) => {
                        t.timed_out = true;
                        break;
                    }
                }
            }
            if budget == 0 {
                t.notes.push(format!("the tree was cut after {MAX_TREE_STEPS} moves"));
            }
        }
    }
    if t.timed_out {
        t.notes.push("the time limit stopped the search: the solutions walked through are not all".into());
    }
    t.lines.sort_by_key(|l| line_key(l));
    Ok(())
}

fn line_key(l: &[Step]) -> Vec<String> {
    l.iter().map(|s| s.text.clone()).collect()
}

fn step(rules: &Rules, before: &Position, mv: Move, after: &Position, number: String, goal: crate::problem::Goal, last: bool) -> Step {
    let mut text = move_text(before, mv);
    let snap = snapshot(rules, after);
    let goal_reached = match goal {
        crate::problem::Goal::Mate => snap.mate,
        crate::problem::Goal::Stalemate => snap.stalemate,
    };
    if last || goal_reached {
        if goal_reached {
            text += &format!(" {}", goal.symbol());
        }
    } else if rules.in_check(after, after.side()) {
        text += " +";
    }
    Step { number, mv, text, after: snap }
}

/// A help or series line as steps (`series`: the number of series moves, the opponent passing between them).
fn steps(rules: &Rules, start: &Position, moves: &[Move], series: Option<usize>, goal: crate::problem::Goal) -> Vec<Step> {
    let mut out = Vec::new();
    let mut pos = start.clone();
    let half_start = series.is_none() && moves.len() % 2 == 1;
    let mut number = 0;
    for (i, &m) in moves.iter().enumerate() {
        let new_number = match series {
            None => if half_start { i == 0 || i % 2 == 1 } else { i % 2 == 0 },
            Some(n) => i < n,
        };
        if new_number {
            number += 1;
        }
        // Help play as problemists write it: `1.Rc5-c4 Bd1-e2 2.…`, and `1...Bf1-e2 2.…` when White begins.
        let label = if half_start && i == 0 {
            format!("{number}...")
        } else if new_number || series.is_some() {
            format!("{number}.")
        } else {
            String::new()
        };
        let after = rules.make(&pos, m);
        out.push(step(rules, &pos, m, &after, label, goal, i + 1 == moves.len()));
        pos = after;
        if let Some(n) = series {
            if i + 1 < n {
                pos = pos.null_move();
            }
        }
    }
    out
}

/// A node of direct, self or reflex play: the attacker's move `mv` (number `n` of the line, `left` moves
/// counted from it), then every defence with the attacker's continuations that still force the goal; in self
/// and reflex play the defender's forced goal moves end the line.
#[allow(clippy::too_many_arguments)]
fn direct_node(
    search: &Search,
    play: Play,
    before: &Position,
    mv: Move,
    after: &Position,
    left: u32,
    number: u32,
    key: bool,
    budget: &mut usize,
) -> Result<TreeNode, crate::solve::Aborted> {
    let rules = search.rules;
    *budget = budget.saturating_sub(1);
    let mut s = step(rules, before, mv, after, format!("{number}."), search.goal, false);
    if key {
        s.text += " !";
    }
    let mut node = TreeNode { step: s, children: Vec::new() };
    let mut buf = Vec::new();
    let direct = play == Play::Direct;
    if direct && (left <= 1 || search.goal_reached(after, &mut buf)) {
        return Ok(node);
    }
    let mut defences = Vec::new();
    rules.for_each_legal(after, &mut buf, |m, p| defences.push((m, p)));
    defences.sort_by_key(|(m, _)| move_text(after, *m));
    let wins = |q: &Position, k: u32| match play {
        Play::Direct => search.direct_after(q, k),
        _ => search.self_after(q, k, play == Play::Reflex),
    };
    // Self and reflex play: at the last move, or when reflex play obliges the defender, its goal moves.
    let forced = !direct && (left <= 1 || (play == Play::Reflex && search.can_reach_goal_in_1(after)));
    for (d, p) in defences {
        if *budget == 0 {
            break;
        }
        let reaches = !direct && search.goal_reached(&p, &mut buf);
        if forced != reaches {
            // A forced line shows only the goal moves; otherwise a goal move of the defender is not a defence.
            continue;
        }
        *budget -= 1;
        if forced {
            node.children.push(TreeNode { step: step(rules, after, d, &p, format!("{number}..."), search.goal, true), children: Vec::new() });
            continue;
        }
        let mut dn = TreeNode { step: step(rules, after, d, &p, format!("{number}..."), search.goal, false), children: Vec::new() };
        let mut conts = Vec::new();
        rules.for_each_legal(&p, &mut buf, |m, q| conts.push((m, q)));
        conts.sort_by_key(|(m, _)| move_text(&p, *m));
        for (c, q) in conts {
            if *budget == 0 {
                break;
            }
            if wins(&q, left - 1)? {
                dn.children.push(direct_node(search, play, &p, c, &q, left - 1, number + 1, false, budget)?);
            }
        }
        node.children.push(dn);
    }
    Ok(node)
}
