//! Proof games (Popeye's `dia` and `a=>b`): every game of exactly the stated length from the start (the game
//! array, or the `a=>b` start position) whose last move reaches the diagram.
//!
//! The search is plain forward play, complete: every legal move is tried, and only proofs prune. Before a
//! position is searched, [`Bound`] asks whether the diagram can still be reached with each side's moves left, on
//! the empty board (the idea of Popeye's `Impossible()`, src/optimisations/intelligent/proof.c): each side's
//! pawns of the diagram matched one to one with its pawns now (a pawn only goes forward, one file per capture,
//! at most one double step), each of its other pieces with a piece of that kind or a pawn that promotes, the
//! moves they need summed against the moves left; the captures the pawns need against the enemy pieces that
//! disappear; the pieces that disappear against the captures the other side has left. Every bound is a
//! relaxation of real play, so a pruned position has no proof game of that length. What has no solution is kept
//! in the transposition table ("no proof game in k half-moves" from this position, towards this diagram), and the
//! first moves are split among the threads.
//!
//! Popeye's semantics: the diagram is compared square by square (pieces and colours; castling rights and the
//! en-passant square are not part of it), and a game that reaches the diagram before its end, with the same
//! side to move as at its end, is no solution (Popeye stops there: `exact-dia4` lists no game that starts
//! `1.e2-e4 e7-e5` towards the diagram after those two moves; one that reaches it with the other side to move is
//! listed). Under fairy rules the bound is not used (a condition may bring a captured piece back, change a
//! piece's kind or move it without a move of its own): the search is then the plain one, with the table.

mod bound;

use super::lines::{Collected, LineSink};
use super::run::{diagram_rules, line_sink, Settings};
use super::solution::Line;
use super::table::Table;
use super::Aborted;
use crate::movegen::Rules;
use crate::moves::{Move, MoveList};
use crate::pieces::Placed;
use crate::position::Position;
use crate::problem::twins::Diagram;
use crate::problem::{Goal, Play, Problem, Refusal};
use crate::setup::{build_position, ExplicitState};
use crate::square::{Bitboard, Color, Square};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

pub use bound::{Bound, Scratch};

/// The position to reach: its pieces square by square.
#[derive(Clone, Debug)]
pub struct Target {
    /// The pieces, as a position (its side to move, castling rights and en-passant square are not compared).
    pos: Position,
    occupied: Bitboard,
    /// A key of the pieces alone, which salts the table's keys: facts towards one diagram are none towards another.
    salt: u64,
}

impl Target {
    /// The diagram of `pieces`.
    pub fn new(pieces: &[Placed]) -> Target {
        let mut pos = Position::empty();
        for p in pieces {
            pos.put(p.square, crate::pieces::Piece::new(p.color, p.kind));
        }
        let mut occupied = Bitboard::EMPTY;
        for p in pieces {
            occupied.set(p.square);
        }
        let salt = pos.key_from_scratch().rotate_left(17) ^ 0x9F0E_5A11_D1A6_0001;
        Target { pos, occupied, salt }
    }

    /// Whether `pos` shows the diagram: the same piece on every square.
    pub fn reached(&self, pos: &Position) -> bool {
        use crate::attacks::Occupancy;
        if pos.occupied() != self.occupied {
            return false;
        }
        self.occupied.into_iter().all(|sq: Square| pos.piece_at(sq) == self.pos.piece_at(sq))
    }

    /// The diagram as a position.
    pub fn position(&self) -> &Position {
        &self.pos
    }
}

/// How the moves are played: alternately (`dia`, `a=>b`), or by one side in a row (`ser-dia`, `ser-a=>b`, the
/// other side passing; no series move but the last may give check).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turns {
    Alternate,
    Series,
}

/// A proof-game search towards one diagram.
pub struct ProofSearch<'a> {
    pub rules: &'a Rules,
    target: Target,
    turns: Turns,
    /// The empty board's bound, `None` under fairy rules.
    bound: Option<Bound>,
    table: &'a Table,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    nodes: AtomicU64,
    /// The workers' scratches not in use.
    scratches: Mutex<Vec<Scratch>>,
}

/// What one worker carries down its search.
struct Work<'s, 'a> {
    line: Vec<Move>,
    moves: Vec<MoveList>,
    sink: &'s LineSink<'a>,
    /// Plies below which the work is split among the threads.
    split: u32,
    nodes: u64,
    scratch: Scratch,
}

impl<'a> ProofSearch<'a> {
    pub fn new(
        rules: &'a Rules,
        target: Target,
        turns: Turns,
        table: &'a Table,
        deadline: Option<Instant>,
        stop: &'a AtomicBool,
    ) -> Self {
        let bound = rules.plays_orthodox().then(|| Bound::new(target.position()));
        ProofSearch {
            rules,
            target,
            turns,
            bound,
            table,
            deadline,
            stop,
            nodes: AtomicU64::new(0),
            scratches: Mutex::new(Vec::new()),
        }
    }

    /// The positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The diagram.
    pub fn target(&self) -> &Target {
        &self.target
    }

    fn salt(&self) -> u64 {
        self.target.salt ^ if self.turns == Turns::Series { 0x5E21_E500_0000_0000 } else { 0 }
    }

    /// The moves left to each side (indexed by colour) when `left` plies or series moves remain from `pos`.
    fn budget(&self, pos: &Position, left: u32) -> [u32; 2] {
        let mut b = [0; 2];
        match self.turns {
            Turns::Alternate => {
                b[pos.side().index()] = left.div_ceil(2);
                b[pos.side().opposite().index()] = left / 2;
            }
            Turns::Series => b[pos.side().index()] = left,
        }
        b
    }

    /// Whether the bound proves that the diagram cannot be reached from `pos` in `left` plies (series moves).
    pub fn impossible(&self, pos: &Position, left: u32, scratch: &mut Scratch) -> bool {
        match &self.bound {
            Some(b) => !b.reachable(pos, self.budget(pos, left), scratch),
            None => false,
        }
    }

    /// Every proof game of exactly `len` plies (series: moves) from `start`, into `sink`. `Err` when the time
    /// limit or the stop flag ended the search (the lines found are in the sink).
    pub fn games_into(&self, start: &Position, len: u32, sink: &LineSink<'a>) -> Result<(), Aborted> {
        let mut work = Work {
            line: Vec::new(),
            moves: Vec::new(),
            sink,
            split: 2 + u32::from(len >= 8),
            nodes: 0,
            scratch: self.scratch(),
        };
        let r = self.tick(&mut work).and_then(|()| {
            if len > 0 && self.impossible(start, len, &mut work.scratch) {
                return Ok(false);
            }
            self.search(start, len, &mut work)
        });
        self.nodes.fetch_add(work.nodes, Ordering::Relaxed);
        self.give_back(work.scratch);
        r.map(|_| ())
    }

    /// A scratch from the pool, or a new one.
    fn scratch(&self) -> Scratch {
        self.scratches.lock().map(|mut v| v.pop()).ok().flatten().unwrap_or_default()
    }

    /// A scratch back into the pool.
    fn give_back(&self, scratch: Scratch) {
        if let Ok(mut v) = self.scratches.lock() {
            v.push(scratch);
        }
    }

    fn tick(&self, work: &mut Work) -> Result<(), Aborted> {
        work.nodes += 1;
        if work.nodes & 0x3FF == 0 {
            if self.stop.load(Ordering::Relaxed) {
                return Err(Aborted);
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stop.store(true, Ordering::Relaxed);
                return Err(Aborted);
            }
        }
        Ok(())
    }

    /// The continuations of `pos` worth a search, into `out`: the legal moves of this play (in series play, a move
    /// that is not the last may not give check, and the other side then passes), less those after which the game
    /// must stop (see [`Self::stops_early`]) and those the bound rejects; returns how many the bound rejected
    /// (each a position searched). The bound is asked here, before a position is kept, since it rejects most.
    fn children(
        &self,
        pos: &Position,
        left: u32,
        buf: &mut MoveList,
        scratch: &mut Scratch,
        out: &mut Vec<(Move, Position)>,
    ) -> u32 {
        let series = self.turns == Turns::Series;
        let mut rejected = 0;
        self.rules.for_each_legal(pos, buf, |m, after| {
            let after = if series && left > 1 {
                if self.rules.in_check(&after, after.side()) {
                    return;
                }
                after.series_pass()
            } else {
                after
            };
            if self.stops_early(&after, left - 1) {
                return;
            }
            if left > 1 && self.impossible(&after, left - 1, scratch) {
                rejected += 1;
                return;
            }
            out.push((m, after));
        });
        rejected
    }

    /// Whether a game that stands at `after` with `left` plies (series moves) still to play must stop there:
    /// it shows the diagram with the side to move it will have at the end (Popeye's goal test on the way).
    fn stops_early(&self, after: &Position, left: u32) -> bool {
        left > 0 && (self.turns == Turns::Series || left.is_multiple_of(2)) && self.target.reached(after)
    }

    /// The games from `pos` with `left` plies (series moves) to play; `pos` is counted (ticked) and accepted by
    /// the bound by the caller.
    fn search(&self, pos: &Position, left: u32, work: &mut Work) -> Result<bool, Aborted> {
        if left == 0 {
            let r = self.target.reached(pos);
            if r {
                work.sink.push(&work.line);
            }
            return Ok(r);
        }
        let key = pos.key() ^ self.salt();
        let tabled = left < 63;
        if tabled && self.table.no_solution(key).has(left) {
            return Ok(false);
        }
        let mut buf = work.moves.pop().unwrap_or_default();
        let mut children = Vec::with_capacity(48);
        let rejected = self.children(pos, left, &mut buf, &mut work.scratch, &mut children);
        work.moves.push(buf);
        for _ in 0..rejected {
            self.tick(work)?;
        }
        let mut any = false;
        if work.split > 0 && left >= 3 {
            let (line, split, sink) = (&work.line, work.split - 1, work.sink);
            let found: Vec<Result<bool, Aborted>> = children
                .par_iter()
                .map(|(m, after)| {
                    let mut line = line.clone();
                    line.push(*m);
                    // A scratch from the search's pool goes down with the work and comes back: as many are made as
                    // there are workers at once, not one per move.
                    let mut w = Work { line, moves: Vec::new(), sink, split, nodes: 0, scratch: self.scratch() };
                    let r = self.tick(&mut w).and_then(|()| self.search(after, left - 1, &mut w));
                    self.give_back(w.scratch);
                    self.nodes.fetch_add(w.nodes, Ordering::Relaxed);
                    r
                })
                .collect();
            for f in found {
                any |= f?;
            }
        } else {
            for (m, after) in &children {
                self.tick(work)?;
                work.line.push(*m);
                let r = self.search(after, left - 1, work);
                work.line.pop();
                any |= r?;
            }
        }
        if !any && tabled {
            self.table.add_no_solution(key, left);
        }
        Ok(any)
    }
}

/// One twin's proof games: the side that moves first, the games found (canonically ordered), whether the time
/// limit stopped the search, the positions searched.
pub struct Games {
    pub side: Color,
    pub lines: Collected,
    pub aborted: bool,
    pub nodes: u64,
    /// The full length: plies, or series moves.
    pub len: u32,
}

/// The proof games of a twin (its diagram `d`, the stipulation's goal `dia` or `a=>b`): from the game array or
/// the problem's start position, every game of the full length and, unless `exact-`, of the shorter lengths
/// Popeye lists too (help play: those where the same side moves last; series play: every shorter length).
pub fn solve_twin(
    p: &Problem,
    d: &Diagram,
    settings: &Settings,
    table: &Table,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> Result<Games, Refusal> {
    let st = &d.stipulation;
    let (rules, start) = start_position(p, d)?;
    let (side, len) = p.start(st);
    let series = st.play == Play::SeriesDirect;
    let turns = if series { Turns::Series } else { Turns::Alternate };
    let search = ProofSearch::new(&rules, Target::new(&d.pieces), turns, table, deadline, stop);
    let goal = st.goal;
    let sink = line_sink(settings, |l| Line::proof(&rules, &start, l, goal, series));
    let lengths: Vec<u32> = match (st.exact, series) {
        (true, _) => vec![len],
        (false, true) => (1..=len).collect(),
        (false, false) => (if len <= 2 { len } else { 2 - len % 2 }..=len).step_by(2).collect(),
    };
    let mut aborted = false;
    for l in lengths {
        if search.games_into(&start, l, &sink).is_err() {
            aborted = true;
            break;
        }
        if p.options.stop_on_short && sink.found() > 0 {
            break;
        }
    }
    let nodes = search.nodes();
    Ok(Games { side, lines: sink.finish(), aborted, nodes, len })
}

/// The rules of a proof game's twin (knowing every kind of both positions) and the position its games start from
/// (the game array, or the problem's start position), the side to move as the stipulation says.
pub fn start_position(p: &Problem, d: &Diagram) -> Result<(Rules, Position), Refusal> {
    let st = &d.stipulation;
    let start_pieces = start_pieces(p, st).ok_or_else(|| {
        Refusal::bad_input(format!("`{st}` without a start position (the `Pieces` before the stipulation)"))
    })?;
    let both = Diagram { pieces: start_pieces.iter().chain(&d.pieces).copied().collect(), ..d.clone() };
    let (rules, setup) = diagram_rules(p, &both).map_err(Refusal::from)?;
    // The game array's pieces have the conditions' standard walks (CavalierMajeur: nightriders for knights).
    let start_pieces: Vec<Placed> = if st.goal == Goal::AToB {
        start_pieces
    } else {
        start_pieces.into_iter().map(|pl| Placed { kind: rules.standard_walk(pl.kind), ..pl }).collect()
    };
    let (side, _) = p.start(st);
    let start = build_position(&start_pieces, &ExplicitState::default(), side, &rules, &setup)
        .map_err(|e| Refusal::bad_input(format!("the start position: {}", e.message)))?;
    Ok((rules, start))
}

/// Where a proof game of stipulation `st` starts: the game array (`dia`), the problem's start position
/// (`a=>b`; `None` when it has none).
pub fn start_pieces(p: &Problem, st: &crate::problem::Stipulation) -> Option<Vec<Placed>> {
    match st.goal {
        Goal::AToB => p.initial.clone(),
        _ => Some(game_array()),
    }
}

/// The game array with White to move and every castling right: where a `dia` proof game starts.
pub fn game_array() -> Vec<Placed> {
    use crate::pieces::Kind;
    let back =
        [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN, Kind::KING, Kind::BISHOP, Kind::KNIGHT, Kind::ROOK];
    let mut out = Vec::with_capacity(32);
    for (file, &kind) in back.iter().enumerate() {
        let f = file as u8;
        out.push(Placed::new(Color::White, kind, Square::from_coords(f, 0)));
        out.push(Placed::new(Color::White, Kind::PAWN, Square::from_coords(f, 1)));
        out.push(Placed::new(Color::Black, Kind::PAWN, Square::from_coords(f, 6)));
        out.push(Placed::new(Color::Black, kind, Square::from_coords(f, 7)));
    }
    out
}

#[cfg(test)]
mod tests;
