//! The moves behind solutions: each twin set up with its rules, the stated solution read into moves
//! ([`crate::input::solution::stated`], [`crate::input::solution::resolve`]) and the solver's typed solutions
//! ([`crate::solve::solution`]) taken as they are, so that verdicts compare moves with moves (`1.Nxd3!` and
//! `1.Sf4*d3 !` are the same key).

use crate::input::solution::resolve::{resolve_all, Found, IssueKind, ResolvedTwin, Start};
use crate::input::solution::stated::{read_stated, StatedTwin, Style};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::Placed;
use crate::position::Position;
use crate::problem::twins::{compile_twins, CompiledTwin};
use crate::problem::{Play, Problem, Stipulation};
use crate::setup::{build_position, SetupOptions};
use crate::solve::run::diagram_rules;
use crate::solve::solution::{numbered, Attack, Threat};
use crate::square::Color;

/// A twin's diagram with its rules: where its moves are read.
pub struct Board {
    rules: Rules,
    pieces: Vec<Placed>,
    setup: SetupOptions,
    state: crate::setup::ExplicitState,
    /// The side that moves first in the twin's stipulation.
    pub first: Color,
    pub stipulation: Stipulation,
}

impl Board {
    /// The diagram with `side` to move, if it can be set up so.
    pub fn position(&self, side: Color) -> Option<Position> {
        build_position(&self.pieces, &self.state, side, &self.rules, &self.setup).ok()
    }
}

/// The boards of a problem's twins, in the order of [`compile_twins`] (`None` where the rules cannot be built).
pub fn boards(p: &Problem) -> Vec<Option<Board>> {
    boards_of(p, &compile_twins(p))
}

/// [`boards`] of the problem's twins compiled already.
pub fn boards_of(p: &Problem, twins: &Result<Vec<CompiledTwin>, String>) -> Vec<Option<Board>> {
    let Ok(twins) = twins else {
        return Vec::new();
    };
    twins
        .iter()
        .map(|t| {
            let d = &t.diagram;
            // A proof game's moves are read from where it starts, not from the diagram it reaches.
            let pieces = match d.stipulation.goal.is_proof() {
                true => crate::solve::proof::start_pieces(p, &d.stipulation)?,
                false => d.pieces.clone(),
            };
            let both = crate::problem::twins::Diagram {
                pieces: pieces.iter().chain(&d.pieces).copied().collect(),
                ..d.clone()
            };
            let (rules, setup) = diagram_rules(p, &both).ok()?;
            let first = p.start(&d.stipulation).0;
            Some(Board { rules, pieces, setup, state: p.state.clone(), first, stipulation: d.stipulation.clone() })
        })
        .collect()
}

/// How the numbers of a stipulation's solutions count.
pub fn style(play: Play) -> Style {
    match play {
        Play::Direct | Play::Self_ | Play::Reflex | Play::SemiReflex => Style::Tree,
        Play::Help
        | Play::HelpSelf
        | Play::HelpReflex
        | Play::ReciHelp
        | Play::HelpZugzwang
        | Play::HelpUnavoidable => Style::Help,
        Play::SeriesDirect | Play::SeriesHelp | Play::SeriesSelf | Play::SeriesReflex => Style::Series,
    }
}

/// What a key or a line is: its moves where they were read, else its text (normalised).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ident {
    Moves(Vec<Move>),
    Text(String),
}

/// A key (tree play) or a line (help and series play) with its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub id: Ident,
    /// As written, whitespace normalised.
    pub text: String,
    /// Starts with the side that does not move first in the stipulation (set play, duplex).
    pub second: bool,
}

/// A dual in a solution tree: the moves from the key to the defence, and the texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeDual {
    pub path: Ident,
    pub key: String,
    pub defence: String,
    pub continuations: Vec<String>,
}

fn norm(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn ident(t: &StatedTwin, r: &ResolvedTwin, line: &[usize]) -> Ident {
    match r.moves(line) {
        Some(m) => Ident::Moves(m),
        None => Ident::Text(norm(&t.line_text(line))),
    }
}

/// Whether a node is marked as a key: `!`, and no `?` (Popeye marks with `?!?` the first moves of reflex play
/// that fail because they reach the goal at once).
fn is_key(t: &StatedTwin, i: usize) -> bool {
    let n = &t.nodes[i];
    n.ply == 0 && n.marks.good && !n.marks.bad
}

/// The keys of a tree: first moves marked `!`; when none is, every first move not marked `?`.
fn key_nodes(t: &StatedTwin) -> Vec<usize> {
    let first: Vec<usize> = t.roots.iter().copied().filter(|&r| t.nodes[r].ply == 0).collect();
    if first.iter().any(|&r| is_key(t, r)) {
        first.into_iter().filter(|&r| is_key(t, r)).collect()
    } else {
        first.into_iter().filter(|&r| !t.nodes[r].marks.bad).collect()
    }
}

/// Duals under the keys: a defender's move followed by more than one move of the attacker (threats aside).
fn tree_duals(t: &StatedTwin, r: &ResolvedTwin, keys: &[usize]) -> Vec<TreeDual> {
    fn walk(t: &StatedTwin, r: &ResolvedTwin, key: usize, i: usize, path: &mut Vec<usize>, out: &mut Vec<TreeDual>) {
        path.push(i);
        let n = &t.nodes[i];
        if n.ply % 2 == 1 {
            let conts: Vec<usize> =
                n.children.iter().copied().filter(|&c| t.nodes[c].ply == n.ply + 1 && !t.nodes[c].threat).collect();
            if conts.len() > 1 {
                out.push(TreeDual {
                    path: ident(t, r, path),
                    key: norm(&t.nodes[key].text),
                    defence: norm(&n.text),
                    continuations: conts.iter().map(|&c| norm(&t.nodes[c].text)).collect(),
                });
            }
        }
        for &c in &n.children {
            walk(t, r, key, c, path, out);
        }
        path.pop();
    }
    let mut out = Vec::new();
    for &k in keys {
        walk(t, r, k, k, &mut Vec::new(), &mut out);
    }
    out
}

/// What a stated solution says for one twin, read into moves.
#[derive(Clone, Debug, Default)]
pub struct StatedReading {
    /// Keys (tree play) or lines (help and series play).
    pub items: Vec<Item>,
    /// Tree play: the duals the text shows (declared by the composer).
    pub duals: Vec<TreeDual>,
    /// Every move that could not be read as one move of its position: where and why.
    pub issues: Vec<String>,
    /// Those of the issues that leave a key or line unknown (ambiguous, or letters naming no piece).
    pub unreadable: Vec<String>,
    /// Help and series play: the moves of the lines, for [`crate::solve::run::Settings::keep_lines`].
    pub wanted: Vec<Vec<Move>>,
}

/// Reads a stated solution text for each twin of `labels` (by label where the text labels its twins, else by
/// position), its moves against the twin's board. `None` for a twin the text does not cover.
pub fn read_stated_solution(
    text: &str,
    p: &Problem,
    boards: &[Option<Board>],
    labels: &[String],
) -> Vec<Option<StatedReading>> {
    // The text is read once per numbering style its twins need (a twin may change the stipulation).
    let style_of = |i: usize| {
        boards.get(i).and_then(Option::as_ref).map_or(style(p.stipulation.play), |b| style(b.stipulation.play))
    };
    let mut parsed: Vec<(Style, Vec<StatedTwin>)> = Vec::new();
    for i in 0..labels.len() {
        let s = style_of(i);
        if !parsed.iter().any(|(x, _)| *x == s) {
            parsed.push((s, read_stated(text, s)));
        }
    }
    let bare = |l: &str| l.trim_start_matches('+').to_string();
    let chosen: Vec<Option<(&StatedTwin, &Board, Style)>> = labels
        .iter()
        .enumerate()
        .map(|(i, label)| {
            let s = style_of(i);
            let stated = &parsed.iter().find(|(x, _)| *x == s)?.1;
            let by_label = (!label.is_empty())
                .then(|| stated.iter().find(|t| !t.label.is_empty() && bare(&t.label) == bare(label)))
                .flatten();
            let t = by_label.or_else(|| stated.get(i))?;
            Some((t, boards.get(i)?.as_ref()?, s))
        })
        .collect();
    let positions: Vec<Box<dyn Fn(Color) -> Option<Position> + '_>> = chosen
        .iter()
        .map(|c| -> Box<dyn Fn(Color) -> Option<Position> + '_> {
            Box::new(move |side| c.and_then(|(_, b, _)| b.position(side)))
        })
        .collect();
    let starts: Vec<Option<Start>> = chosen
        .iter()
        .zip(&positions)
        .map(|(c, pos)| {
            c.map(|(_, b, _)| Start {
                rules: &b.rules,
                position: pos.as_ref(),
                first: b.first,
                self_check: b.stipulation.goal.self_check(),
            })
        })
        .collect();
    let triples: Vec<(&StatedTwin, &Start, Style)> =
        chosen.iter().zip(&starts).filter_map(|(c, s)| Some((c.as_ref()?.0, s.as_ref()?, c.as_ref()?.2))).collect();
    let (_, mut resolved) = resolve_all(&triples);
    resolved.reverse();
    chosen
        .iter()
        .map(|c| {
            let (t, board, style) = (*c)?;
            let r = resolved.pop()?;
            Some(reading(text, t, &r, style, board))
        })
        .collect()
}

fn reading(text: &str, t: &StatedTwin, r: &ResolvedTwin, style: Style, board: &Board) -> StatedReading {
    let mut out = StatedReading { issues: r.issues().iter().map(|i| i.describe(text)).collect(), ..Default::default() };
    let lines: Vec<Vec<usize>> = match style {
        Style::Tree => key_nodes(t).into_iter().map(|k| vec![k]).collect(),
        _ => t.lines(),
    };
    for line in &lines {
        if let Some(issue) = r.issue_on(line) {
            if issue.kind != IssueKind::Illegal {
                out.unreadable.push(issue.describe(text));
            }
        }
        // A line with `~` (any move) names no one line.
        if line.iter().any(|&i| r.found[i] == Found::Any) {
            continue;
        }
        let side = r.side[line[0]];
        let id = ident(t, r, line);
        if let (Ident::Moves(moves), false) = (&id, style == Style::Tree) {
            out.wanted.push(moves.clone());
        }
        out.items.push(Item { id, text: norm(&t.line_text(line)), second: side.is_some_and(|s| s != board.first) });
    }
    if style == Style::Tree {
        out.duals = tree_duals(t, r, &key_nodes(t));
    }
    out
}

/// The solver's keys (tree play) as items.
pub fn solved_keys(keys: &[&Attack]) -> Vec<Item> {
    keys.iter().map(|k| Item { id: Ident::Moves(vec![k.mv.mv]), text: k.head(0), second: false }).collect()
}

/// The duals under the solver's keys: a defence followed by more than one continuation of the attacker's
/// (anywhere in the key's tree, threats' trees included; threats themselves are not continuations).
pub fn solved_duals(keys: &[&Attack]) -> Vec<TreeDual> {
    fn attack(key: &Attack, a: &Attack, ply: u32, path: &mut Vec<Move>, out: &mut Vec<TreeDual>) {
        path.push(a.mv.mv);
        if let Threat::Moves(threats) = &a.threat {
            for t in threats {
                attack(key, t, ply + 2, path, out);
            }
        }
        for d in &a.defences {
            path.push(d.mv.mv);
            if d.continuations.len() > 1 {
                out.push(TreeDual {
                    path: Ident::Moves(path.clone()),
                    key: key.head(0),
                    defence: numbered(&d.mv, ply + 1),
                    continuations: d.continuations.iter().map(|c| c.head(ply + 2)).collect(),
                });
            }
            for c in &d.continuations {
                attack(key, c, ply + 2, path, out);
            }
            path.pop();
        }
        path.pop();
    }
    let mut out = Vec::new();
    for k in keys {
        attack(k, k, 0, &mut Vec::new(), &mut out);
    }
    out
}
