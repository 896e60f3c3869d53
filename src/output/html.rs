//! The teaching page (`stipula explain --html`): one self-contained HTML file (no network, no external script,
//! font or image) with every position of every solution, stepped through in the browser. The explanations are
//! written into the page as JSON; a small hand-written script (`html/page.js`) draws the board from them and a
//! stylesheet (`html/page.css`) lays the page out.

use super::figures::{piece_code, symbol};
use crate::explain::prose::{paralysis_sentence, piece_phrase, position_facts, why_sentence};
use crate::explain::{CheckStatus, PhaseWalk, Snapshot, Step, TreeNode, TwinExplanation};
use crate::pieces::Piece;
use crate::problem::Problem;
use crate::square::Color;
use serde::Serialize;
use std::collections::BTreeMap;

const SCRIPT: &str = include_str!("html/page.js");
const STYLE: &str = include_str!("html/page.css");

/// A problem and its explanation, one section of the page.
pub struct Explained<'a> {
    pub problem: &'a Problem,
    pub twins: &'a [TwinExplanation],
}

#[derive(Serialize)]
struct PageData {
    problems: Vec<ProblemData>,
}

#[derive(Serialize)]
struct ProblemData {
    title: Option<String>,
    authors: Vec<String>,
    source: Option<String>,
    twins: Vec<TwinData>,
}

#[derive(Serialize)]
struct TwinData {
    label: String,
    heading: String,
    stipulation: String,
    conditions: Vec<String>,
    refused: Option<String>,
    notes: Vec<String>,
    /// Every position: the diagram first, then each solution's moves in the order of the solution text.
    nodes: Vec<NodeData>,
    /// The solution text: rows of moves (node numbers), each with its indentation (tree depth).
    rows: Vec<Row>,
}

#[derive(Serialize)]
struct Row {
    indent: usize,
    nodes: Vec<usize>,
    /// A phase's heading (`Set play, Black to move`, `Duplex: Black begins`) with its diagram, the row's only
    /// node; the rows below it, up to the next heading, are that phase's.
    #[serde(skip_serializing_if = "Option::is_none")]
    heading: Option<String>,
}

#[derive(Serialize)]
struct NodeData {
    parent: Option<usize>,
    /// A phase's diagram: the phase's heading (`Set play, Black to move`).
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    /// `1.`, `1...`, or empty (the second move of a help-play pair).
    num: String,
    /// The move (empty for the diagram).
    text: String,
    /// Departure and arrival of the move.
    last: Option<[String; 2]>,
    /// The side to move, `w` or `b`.
    side: &'static str,
    /// (square, piece code such as `wK` or `bG`).
    pieces: Vec<(String, String)>,
    /// (paralysed square, paralyser squares).
    para: Vec<(String, Vec<String>)>,
    checks: Vec<CheckData>,
    /// The sentences `explain` prints for the position, with their depth.
    facts: Vec<(u8, String)>,
    /// What the piece on each square may do.
    moves: BTreeMap<String, MovesData>,
}

#[derive(Serialize)]
struct CheckData {
    king: String,
    from: String,
    real: bool,
    /// The observation as a sentence.
    says: String,
}

#[derive(Serialize)]
struct MovesData {
    /// "the rook on c5".
    name: String,
    /// The piece's side is not to move (its moves are as if it were).
    off: bool,
    /// (move text, arrival).
    legal: Vec<(String, String)>,
    /// "the rook on g5 is paralysed by the rook on g2", when it is: then none of its moves is legal.
    paralysed: Option<String>,
    /// (arrival, move text, why the move is illegal).
    illegal: Vec<(String, String, String)>,
}

/// The page for the explained problems, titled `title`.
pub fn page(explained: &[Explained], title: &str) -> String {
    let mut used: Vec<Piece> = Vec::new();
    let problems = explained
        .iter()
        .map(|e| ProblemData {
            title: e.problem.meta.title.clone(),
            authors: e.problem.meta.authors.clone(),
            source: e.problem.meta.source.clone(),
            twins: e.twins.iter().map(|t| twin_data(t, &mut used)).collect(),
        })
        .collect();
    let json = serde_json::to_string(&PageData { problems }).unwrap_or_else(|_| "{\"problems\":[]}".into());
    used.sort_by_key(|p| piece_code(*p));
    used.dedup();
    let symbols: String = used.iter().map(|&p| symbol(p)).collect();
    // `</` cannot end the script element early once written as `<\/`, which JSON reads as `</`.
    let json = json.replace("</", "<\\/");
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="stipula">
<title>{title}</title>
<style>
{STYLE}</style>
</head>
<body>
<header><h1 id="title">{title}</h1><p id="about"></p><nav id="chooser" aria-label="problems and twins"></nav></header>
<noscript><p>This page needs JavaScript to show the positions.</p></noscript>
<main>
<section id="board-side">
<svg id="board" viewBox="0 0 386 384" role="img" aria-label="chess board"></svg>
<div id="controls">
<button id="first" title="the diagram (Home)">&laquo;</button>
<button id="prev" title="the move before (left arrow)">&lsaquo;</button>
<span id="where"></span>
<button id="next" title="the next move (right arrow)">&rsaquo;</button>
<button id="last" title="the last move (End)">&raquo;</button>
</div>
{LEGEND}
</section>
<section id="text-side">
<h2>Solution</h2>
<div id="solution"></div>
<div id="notes"></div>
<h2 id="position-title"></h2>
<ul id="facts"></ul>
<div id="piece"><p class="hint">Click a piece to see where it may go, and why not elsewhere.</p></div>
</section>
</main>
<svg id="symbols" width="0" height="0" aria-hidden="true"><defs>
{symbols}</defs></svg>
<script type="application/json" id="data">{json}</script>
<script>
{SCRIPT}</script>
</body>
</html>
"#,
        title = escape(title),
    )
}

const LEGEND: &str = r##"<ul id="legend">
<li><svg viewBox="0 0 30 20"><rect x="6" y="1" width="18" height="18" fill="none" stroke="#c0392b" stroke-width="3"/></svg>paralysed piece</li>
<li><svg viewBox="0 0 30 20"><line x1="2" y1="10" x2="24" y2="10" class="para-arrow"/></svg>from its paralyser</li>
<li><svg viewBox="0 0 30 20"><line x1="2" y1="10" x2="24" y2="10" class="check-real"/></svg>check</li>
<li><svg viewBox="0 0 30 20"><line x1="2" y1="10" x2="24" y2="10" class="check-cancelled"/></svg>observation of a king that is no check</li>
<li><svg viewBox="0 0 30 20"><rect x="6" y="1" width="18" height="18" class="last-move"/></svg>the move just played</li>
<li><svg viewBox="0 0 30 20"><circle cx="15" cy="10" r="5" class="legal"/></svg>a legal move of the chosen piece</li>
<li><svg viewBox="0 0 30 20"><path d="M9 4l12 12M21 4l-12 12" class="illegal"/></svg>an illegal move (reason listed)</li>
</ul>"##;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn twin_data(t: &TwinExplanation, used: &mut Vec<Piece>) -> TwinData {
    let mut d = TwinData {
        label: t.label.clone(),
        heading: t.heading.clone(),
        stipulation: t.stipulation.clone(),
        conditions: t.conditions.clone(),
        refused: t.refused.clone(),
        notes: t.notes.clone(),
        nodes: Vec::new(),
        rows: Vec::new(),
    };
    let Some(initial) = &t.initial else { return d };
    let title = t.start.as_ref().map(|s| format!("{s}, {} to move", initial.position.side().name()));
    d.nodes.push(NodeData { title, ..node(initial, None, None, None, used) });
    for ph in t.phases.iter().filter(|ph| ph.before_solution) {
        phase_rows(ph, &mut d, used);
    }
    if !t.phases.is_empty() {
        d.rows.push(Row { indent: 0, nodes: vec![0], heading: Some("Solution".into()) });
    }
    walk_rows(&t.lines, &t.tree, initial, 0, &mut d, used);
    for ph in t.phases.iter().filter(|ph| !ph.before_solution) {
        phase_rows(ph, &mut d, used);
    }
    d
}

/// A set play or a duplex: its diagram as a node of its own, under its heading, then its solutions.
fn phase_rows(ph: &PhaseWalk, d: &mut TwinData, used: &mut Vec<Piece>) {
    d.nodes.push(NodeData { title: Some(ph.title()), ..node(&ph.initial, None, None, None, used) });
    let start = d.nodes.len() - 1;
    d.rows.push(Row { indent: 0, nodes: vec![start], heading: Some(ph.title()) });
    walk_rows(&ph.lines, &ph.tree, &ph.initial, start, d, used);
}

/// The rows of a phase's lines or tree, its moves' positions as nodes below `start` (its diagram's node).
fn walk_rows(
    lines: &[Vec<Step>],
    tree: &[TreeNode],
    initial: &Snapshot,
    start: usize,
    d: &mut TwinData,
    used: &mut Vec<Piece>,
) {
    for line in lines {
        let mut parent = start;
        let mut row = Vec::new();
        let mut prev = initial;
        for s in line {
            d.nodes.push(node(&s.after, Some(prev), Some(s), Some(parent), used));
            parent = d.nodes.len() - 1;
            row.push(parent);
            prev = &s.after;
        }
        d.rows.push(Row { indent: 0, nodes: row, heading: None });
    }
    for n in tree {
        tree_rows(n, initial, start, 0, d, used);
    }
}

fn tree_rows(n: &TreeNode, prev: &Snapshot, parent: usize, depth: usize, d: &mut TwinData, used: &mut Vec<Piece>) {
    d.nodes.push(node(&n.step.after, Some(prev), Some(&n.step), Some(parent), used));
    let me = d.nodes.len() - 1;
    d.rows.push(Row { indent: depth, nodes: vec![me], heading: None });
    for c in &n.children {
        tree_rows(c, &n.step.after, me, depth + 1, d, used);
    }
}

fn node(
    s: &Snapshot,
    prev: Option<&Snapshot>,
    step: Option<&Step>,
    parent: Option<usize>,
    used: &mut Vec<Piece>,
) -> NodeData {
    let pos = &s.position;
    let pieces = pos
        .pieces()
        .map(|(sq, p)| {
            if !used.contains(&p) {
                used.push(p);
            }
            (sq.to_string(), piece_code(p))
        })
        .collect();
    let checks = s
        .checks
        .iter()
        .map(|c| CheckData {
            king: c.king.to_string(),
            from: c.observer.to_string(),
            real: c.status == CheckStatus::Real,
            says: c.sentence.clone(),
        })
        .collect();
    let moves = s
        .moves
        .iter()
        .map(|m| {
            let asked = if m.off_turn { pos.null_move() } else { pos.clone() };
            let data = MovesData {
                name: piece_phrase(pos, m.square),
                off: m.off_turn,
                legal: m.legal.iter().map(|(t, to)| (t.clone(), to.to_string())).collect(),
                paralysed: s.paralysed.iter().find(|p| p.square == m.square).map(|p| paralysis_sentence(pos, p)),
                illegal: m
                    .illegal
                    .iter()
                    .map(|(to, w)| (to.to_string(), w.text.clone(), why_sentence(&asked, w)))
                    .collect(),
            };
            (m.square.to_string(), data)
        })
        .collect();
    NodeData {
        parent,
        title: None,
        num: step.map(|s| s.number.clone()).unwrap_or_default(),
        text: step.map(|s| s.text.clone()).unwrap_or_default(),
        last: step.map(|s| [s.mv.from.to_string(), s.mv.to.to_string()]),
        side: if pos.side() == Color::White { "w" } else { "b" },
        pieces,
        para: s
            .paralysed
            .iter()
            .map(|p| (p.square.to_string(), p.by.iter().map(|b| b.to_string()).collect()))
            .collect(),
        checks,
        facts: position_facts(s, prev),
        moves,
    }
}
