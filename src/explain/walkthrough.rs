//! The walk through a problem's solutions (`stipula explain FILE`): each twin's diagram, then every solution move
//! by move with what each position shows, and the answer to `--why MOVE` in each twin's diagram. The solutions
//! walked are the solver's typed ones ([`crate::solve::solution`]): the lines of help and series play, the keys
//! of direct, self and reflex play with every defence and the continuations Popeye shows.

use super::prose::why_sentence;
use super::{piece_moves, snapshot, why, PhaseWalk, Snapshot, Step, TreeNode, TwinExplanation};
use crate::movegen::Rules;
use crate::position::Position;
use crate::problem::twins::{compile_twins, CompiledTwin, Diagram};
use crate::problem::{PhaseKind, Problem, Stipulation};
use crate::setup::build_position;
use crate::solve::run::{collect_phase_lines, diagram_rules, problem_search, solving_refusal, time_limit, Settings};
use crate::solve::solution::{Attack, Defence, Line, LineStyle, PlayedMove, Role};
use crate::solve::tree::{Battle, TreeOptions};
use crate::solve::{Search, Table};
use crate::square::Color;
use std::sync::atomic::AtomicBool;

/// Most steps a direct-play tree shows before it is cut.
const MAX_TREE_STEPS: usize = 400;

/// Explains every twin of a problem: the diagram, then each solution move by move. The search runs under the
/// settings' time limit and the problem's `MaxTime` (whichever is shorter, for all twins together), and walks
/// through at most `max_lines` lines of help and series play (the canonically first).
pub fn explain_problem(p: &Problem, settings: &Settings) -> Vec<TwinExplanation> {
    explain_twins(p, &compile_twins(p), settings)
}

/// [`explain_problem`] with the problem's twins compiled already ([`compile_twins`]).
pub fn explain_twins(
    p: &Problem,
    twins: &Result<Vec<CompiledTwin>, String>,
    settings: &Settings,
) -> Vec<TwinExplanation> {
    let deadline = time_limit(p, settings).map(|l| std::time::Instant::now() + l);
    let twins = match twins {
        Ok(t) => t,
        Err(e) => {
            let mut t =
                TwinExplanation::empty(String::new(), String::new(), p.stipulation.to_string(), p.pieces.clone());
            t.refused = Some(e.clone());
            return vec![t];
        }
    };
    twins
        .iter()
        .map(|c| {
            let d = &c.diagram;
            let (label, heading) = (c.label.clone(), c.heading.to_string());
            let mut t = TwinExplanation::empty(label, heading, d.stipulation.to_string(), d.pieces.clone());
            if let Err(e) = explain_diagram(p, d, &mut t, settings, deadline) {
                t.refused = Some(e);
            }
            t
        })
        .collect()
}

/// As [`explain_problem`], with what each piece may do in every position ([`Snapshot::moves`]), for the
/// teaching page.
pub fn explain_problem_in_full(p: &Problem, settings: &Settings) -> Vec<TwinExplanation> {
    let compiled = compile_twins(p);
    let mut twins = explain_twins(p, &compiled, settings);
    let Ok(compiled) = compiled else { return twins };
    for (t, c) in twins.iter_mut().zip(compiled) {
        let d = c.diagram;
        // A proof game's rules know the kinds of its start position too.
        let rules = if d.stipulation.goal.is_proof() {
            crate::solve::proof::start_position(p, &d).map(|(r, _)| r).ok()
        } else {
            prepare(p, &d).map(|(r, _, _)| r).ok()
        };
        let Some(rules) = rules else { continue };
        let fill = |s: &mut Snapshot| s.moves = piece_moves(&rules, &s.position);
        if let Some(s) = &mut t.initial {
            fill(s);
        }
        for step in t.lines.iter_mut().flatten() {
            fill(&mut step.after);
        }
        for ph in &mut t.phases {
            fill(&mut ph.initial);
            for step in ph.lines.iter_mut().flatten() {
                fill(&mut step.after);
            }
        }
        let mut stack: Vec<&mut TreeNode> =
            t.tree.iter_mut().chain(t.phases.iter_mut().flat_map(|ph| ph.tree.iter_mut())).collect();
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
    if let Some(why) = p.options.contradiction_in_twin(&d.stipulation) {
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
    why_in_twins(p, &compile_twins(p), text)
}

/// [`why_in_problem`] with the problem's twins compiled already ([`compile_twins`]).
pub fn why_in_twins(
    p: &Problem,
    twins: &Result<Vec<CompiledTwin>, String>,
    text: &str,
) -> Vec<(String, Result<String, WhyError>)> {
    let twins = match twins {
        Ok(t) => t,
        Err(e) => return vec![(String::new(), Err(WhyError::Refused(e.clone())))],
    };
    twins
        .iter()
        .map(|c| {
            let label = c.label.clone();
            let r = match prepare(p, &c.diagram) {
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

fn explain_diagram(
    p: &Problem,
    d: &Diagram,
    t: &mut TwinExplanation,
    settings: &Settings,
    deadline: Option<std::time::Instant>,
) -> Result<(), String> {
    // The walkthrough solves as `solve` does: the same refusals, the same options, the same phases.
    if let Some(why) = solving_refusal(p, &d.stipulation) {
        return Err(why.message);
    }
    if let Some(why) = p.options.contradiction_in_twin(&d.stipulation) {
        return Err(why);
    }
    // A proof game is walked from where its games start (the game array, or the start position of `a=>b`).
    if d.stipulation.goal.is_proof() {
        return explain_proof_game(p, d, t, settings, deadline);
    }
    let (rules, setup) = diagram_rules(p, d).map_err(|e| e.to_string())?;
    t.conditions = rules.conditions().iter().map(|c| c.describe()).collect();
    let st = &d.stipulation;
    let table = Table::try_new(settings.hash_mb)?;
    let stop = AtomicBool::new(false);
    let search = problem_search(p, st, &rules, &table, deadline, &stop);
    // The solution is the walk's main phase (the duplex's with `HalfDuplex`); the set play and the duplex are
    // walked beside it, each from its own diagram (its first side to move), in Popeye's order.
    let plan = p.phase_plan(st);
    let main =
        [PhaseKind::Solution, PhaseKind::Duplex].iter().find_map(|k| plan.iter().position(|x| x.0 == *k)).unwrap_or(0);
    for (i, &(kind, side, len)) in plan.iter().enumerate() {
        let pos = match build_position(&d.pieces, &p.state, side, &rules, &setup) {
            Ok(pos) => pos,
            Err(e) if i == main => return Err(e.to_string()),
            Err(e) => {
                // As `solve`: a phase whose side not to move is in check is left out.
                t.notes.push(format!("{} is left out: {}", phase_title(kind, side).to_lowercase(), e.message));
                continue;
            }
        };
        let walk = walk_phase(&search, p, &rules, st, &pos, len, kind, settings);
        t.timed_out |= walk.timed_out;
        // A note on another phase than the solution names it.
        let of = if i == main { String::new() } else { format!("{}: ", phase_title(kind, side)) };
        if walk.left_out > 0 {
            t.notes.push(format!(
                "{of}the first {} of {} solutions are walked through",
                walk.lines.len(),
                walk.lines.len() + walk.left_out
            ));
        }
        if walk.cut {
            t.notes.push(format!("{of}the tree was cut after {MAX_TREE_STEPS} moves"));
        }
        if i == main {
            t.initial = Some(snapshot(&rules, &pos));
            t.lines = walk.lines;
            t.tree = walk.tree;
            t.left_out = walk.left_out;
        } else {
            t.phases.push(PhaseWalk {
                kind,
                side,
                before_solution: i < main,
                initial: snapshot(&rules, &pos),
                lines: walk.lines,
                tree: walk.tree,
            });
        }
    }
    if t.timed_out {
        t.notes.push("the time limit stopped the search: the solutions walked through are not all".into());
    }
    Ok(())
}

/// A proof game's twin: the start position, then every game (at most `max_lines`, the canonically first) move by
/// move from it to the diagram.
fn explain_proof_game(
    p: &Problem,
    d: &Diagram,
    t: &mut TwinExplanation,
    settings: &Settings,
    deadline: Option<std::time::Instant>,
) -> Result<(), String> {
    let (rules, start) = crate::solve::proof::start_position(p, d).map_err(|r| r.message)?;
    t.conditions = rules.conditions().iter().map(|c| c.describe()).collect();
    let table = Table::try_new(settings.hash_mb)?;
    let stop = AtomicBool::new(false);
    let games = crate::solve::proof::solve_twin(p, d, settings, &table, deadline, &stop).map_err(|r| r.message)?;
    t.timed_out = games.aborted;
    t.left_out = games.lines.left_out();
    let mut lines: Vec<Vec<Step>> = games.lines.lines.iter().map(|l| steps(&rules, &start, l)).collect();
    lines.sort_by_key(|l| line_key(l));
    if t.left_out > 0 {
        t.notes.push(format!("the first {} of {} proof games are walked through", lines.len(), games.lines.found));
    }
    if t.timed_out {
        t.notes.push("the time limit stopped the search: the proof games walked through are not all".into());
    }
    t.start = Some(match d.stipulation.goal {
        crate::problem::Goal::AToB => "The start position".into(),
        _ => "The game array".into(),
    });
    t.initial = Some(snapshot(&rules, &start));
    t.lines = lines;
    Ok(())
}

/// A phase's name as the walkthrough heads it: `Set play, Black to move`, `Duplex: Black begins`.
pub fn phase_title(kind: PhaseKind, side: Color) -> String {
    match kind {
        PhaseKind::SetPlay => format!("Set play, {} to move", side.name()),
        PhaseKind::Solution => "Solution".into(),
        PhaseKind::Duplex => format!("Duplex: {} begins", side.name()),
    }
}

/// What one phase's walk found.
struct Walked {
    lines: Vec<Vec<Step>>,
    tree: Vec<TreeNode>,
    left_out: usize,
    timed_out: bool,
    cut: bool,
}

/// Walks one phase from `pos` (`len`: half-moves in help play, moves otherwise): the lines of help and series
/// play in canonical order; in direct, self and reflex play the keys with every defence and the continuations
/// the solver shows (no threat computed, so none is left out for it), or, in a set play, the defender's moves.
#[allow(clippy::too_many_arguments)]
fn walk_phase(
    search: &Search,
    p: &Problem,
    rules: &Rules,
    st: &Stipulation,
    pos: &Position,
    len: u32,
    kind: PhaseKind,
    settings: &Settings,
) -> Walked {
    let mut w = Walked { lines: Vec::new(), tree: Vec::new(), left_out: 0, timed_out: false, cut: false };
    if st.play.is_lines() {
        let (found, aborted) = collect_phase_lines(search, st, pos, len, settings, kind, p.options.stop_on_short, None);
        w.timed_out = aborted;
        w.lines = found.lines.iter().map(|l| steps(rules, pos, l)).collect();
        w.left_out = found.left_out();
        w.lines.sort_by_key(|l| line_key(l));
    } else {
        let opts =
            TreeOptions { variations: true, no_threat: true, tries: false, ..TreeOptions::from_options(&p.options) };
        let battle = Battle { search, play: st.play, opts };
        let mut budget = MAX_TREE_STEPS;
        if kind == PhaseKind::SetPlay {
            match battle.set_play(pos, len) {
                Ok(defences) => {
                    for d in &defences {
                        if budget == 0 {
                            break;
                        }
                        w.tree.push(defence_node(rules, pos, d, 1, &mut budget));
                    }
                }
                Err(_) => w.timed_out = true,
            }
        } else {
            let (firsts, aborted) = battle.root_found(pos, len);
            w.timed_out = aborted;
            for key in firsts.iter().filter(|a| a.role == Role::Key) {
                if budget == 0 {
                    break;
                }
                w.tree.push(attack_node(rules, pos, key, 0, &mut budget));
            }
        }
        w.cut = budget == 0;
    }
    w
}

fn line_key(l: &[Step]) -> Vec<String> {
    l.iter().map(|s| s.text.clone()).collect()
}

fn step(rules: &Rules, before: &Position, mv: &PlayedMove, number: String, suffix: &str) -> (Step, Position) {
    let after = rules.make(before, mv.mv);
    (Step { number, mv: mv.mv, text: mv.text() + suffix, after: snapshot(rules, &after) }, after)
}

/// A help or series line as steps, numbered as problemists write them (`1.Rc5-c4 Bd1-e2 2.…`, `1...Bf1-e2 2.…`
/// when White begins; every series move numbered, the opponent passing between them).
fn steps(rules: &Rules, start: &Position, line: &Line) -> Vec<Step> {
    let mut out = Vec::new();
    let mut pos = start.clone();
    let series = match line.style {
        LineStyle::Series(n) => Some(n),
        LineStyle::Fails | LineStyle::FailsPassed => Some(1),
        LineStyle::Intro { .. } | LineStyle::Parry { .. } => Some(0),
        LineStyle::Help
        | LineStyle::HelpPassed
        | LineStyle::HelpReci
        | LineStyle::Proof
        | LineStyle::HelpFirst
        | LineStyle::HelpSecond => None,
    };
    let half_start = series.is_none() && line.half_start();
    let mut number = 0;
    for (i, m) in line.moves.iter().enumerate() {
        let new_number = match (series, line.style) {
            (_, LineStyle::Parry { others, .. }) => i >= 64 || others & (1 << i) == 0,
            (_, LineStyle::Intro { intro, series }) => {
                if i == intro {
                    number = 0;
                }
                i < intro || i - intro < series
            }
            (None, _) => {
                if half_start {
                    i == 0 || i % 2 == 1
                } else {
                    i % 2 == 0
                }
            }
            (Some(n), _) => i < n,
        };
        if new_number {
            number += 1;
        }
        let label = if half_start && i == 0 {
            format!("{number}...")
        } else if new_number || series.is_some() {
            format!("{number}.")
        } else {
            String::new()
        };
        let (s, after) = step(rules, &pos, m, label, "");
        out.push(s);
        pos = after;
        if line.style.passes_after(i) {
            pos = pos.null_move();
        }
    }
    out
}

/// A node of the solver's tree at half-move `ply`: an attacking move (a key marked ` !`) and the defences shown
/// after it, each with the attacker's continuations; at most `budget` steps in all.
fn attack_node(rules: &Rules, before: &Position, a: &Attack, ply: u32, budget: &mut usize) -> TreeNode {
    let suffix = if a.role == Role::Key { " !" } else { "" };
    node(rules, before, &a.mv, (format!("{}.", ply / 2 + 1), suffix), ply, &a.defences, defence_node, budget)
}

fn defence_node(rules: &Rules, before: &Position, d: &Defence, ply: u32, budget: &mut usize) -> TreeNode {
    node(rules, before, &d.mv, (format!("{}...", ply / 2 + 1), ""), ply, &d.continuations, attack_node, budget)
}

/// The step of `mv` (numbered and marked as `label` says) and its children's nodes, while the budget lasts.
#[allow(clippy::too_many_arguments)]
fn node<T>(
    rules: &Rules,
    before: &Position,
    mv: &PlayedMove,
    label: (String, &str),
    ply: u32,
    children: &[T],
    child: fn(&Rules, &Position, &T, u32, &mut usize) -> TreeNode,
    budget: &mut usize,
) -> TreeNode {
    *budget = budget.saturating_sub(1);
    let (s, after) = step(rules, before, mv, label.0, label.1);
    let mut node = TreeNode { step: s, children: Vec::new() };
    for c in children {
        if *budget == 0 {
            break;
        }
        node.children.push(child(rules, &after, c, ply + 1, budget));
    }
    node
}
