//! The planning search: help and series play steered towards the final pictures of their goal.
//!
//! Before a help or series search, every *picture* of the goal that the move budgets allow is enumerated
//! ([`generate`]): where the suffering king ends, which piece checks it (mate), which pieces hold or observe its
//! flights, where the suffering side's other pieces end stuck or which are captured (stalemate) — each piece known
//! by where it stood at the start, with its final form and square. Every final position that play can reach
//! holds all the placements of some picture, so no solution is lost by searching only towards them.
//!
//! The search itself stays the plain one; each node carries the pictures still *alive*: those whose placed pieces
//! can still get to their squares with the moves each side has left, counted on the empty board piece by piece
//! (a move changes one piece's count by at most one, castling's rook moving for free), none of them captured,
//! and (stalemate) the pieces to capture no more than the capturing side's moves. A node with no picture alive
//! has no solution below it. This is Popeye's `Intelligent` mode (its `optimisations/intelligent/`), which
//! enumerates the final positions and searches towards each one in turn; here all of them are followed in one
//! search, so that a move is generated once for all pictures and no line is found twice.
//!
//! Facts the transposition table keeps stay true: a node is searched only after a line from the start reached
//! it, and every solution below it, continuing that line, ends in a final position some picture alive at the node
//! describes (the pieces carry the identities of that line), so "no picture alive" and "no solution found below"
//! both mean that the node has no solution at all.

pub mod distance;
pub mod generate;

use crate::attacks::Occupancy;
use crate::moves::{Move, Special};
use crate::pieces::Kind;
use crate::position::Position;
use crate::problem::Goal;
use crate::square::{Color, Square};
use distance::Distances;
use generate::{unpack, Start, NONE};
use std::sync::Arc;

/// No target for a piece in a picture.
const UNPLACED: u16 = u16::MAX;

/// The pictures of one search, by column: for each piece (by its index at the start), its target in each picture.
pub struct Plan {
    dist: Arc<Distances>,
    pictures: usize,
    targets: Box<[u16]>,
    checker: Box<[u8]>,
    at_target: Box<[u8]>,
    captures: Box<[u32]>,
    /// Each picture's placed pieces (bits).
    placed: Box<[u32]>,
    root: Box<[Alive]>,
    ids: [u8; 64],
    /// The moves left to each side (by colour index) the pictures were enumerated for, and the attacker's index.
    budget: [u32; 2],
    attacker: usize,
}

/// A picture alive at a node: the moves each side has to spare (its moves left less those its placed pieces
/// need) and the victim's pieces still to capture.
#[derive(Clone, Copy, Debug)]
pub struct Alive {
    pic: u32,
    slack: [i8; 2],
    captures: u8,
}

impl Plan {
    /// The pictures of `goal` against `victim` from `pos`, with `budget` moves left to each side (by colour
    /// index). `None` when the planner does not apply: a piece that is not orthodox, more than 32 pieces, not
    /// exactly one king of the victim's, budgets beyond what a node's counts hold, or too many pictures.
    /// The pictures are worked out in as much detail as `cap` steps of their enumeration allow at most (see
    /// [`generate::pictures`]).
    pub fn new(
        dist: Arc<Distances>,
        pos: &Position,
        goal: Goal,
        victim: Color,
        budget: [u32; 2],
        cap: u64,
    ) -> Option<Plan> {
        Self::with_limits(dist, pos, goal, victim, budget, 0, cap)
    }

    /// [`Plan::new`] with the pictures worked out in less detail than they can be (see [`generate::pictures`]):
    /// for tests of the coarser levels the enumeration falls back to when the full one is too large.
    #[doc(hidden)]
    pub fn with_detail(
        dist: Arc<Distances>,
        pos: &Position,
        goal: Goal,
        victim: Color,
        budget: [u32; 2],
        detail: usize,
    ) -> Option<Plan> {
        Self::with_limits(dist, pos, goal, victim, budget, detail, u64::MAX)
    }

    fn with_limits(
        dist: Arc<Distances>,
        pos: &Position,
        goal: Goal,
        victim: Color,
        budget: [u32; 2],
        detail: usize,
        cap: u64,
    ) -> Option<Plan> {
        let start: Vec<Start> = pos.pieces().map(|(sq, p)| Start { color: p.color, kind: p.kind, sq }).collect();
        if start.len() > 32 || start.iter().any(|p| !p.kind.is_orthodox()) || budget.iter().any(|&b| b > 60) {
            return None;
        }
        let kings = |c: Color| pos.pieces_bb(c, Kind::KING).count();
        if kings(victim) != 1 || kings(victim.opposite()) > 1 {
            return None;
        }
        let pictures =
            generate::pictures(&dist, &start, pos.castling(), victim, goal == Goal::Mate, budget, detail, cap)?;
        let attacker = victim.opposite().index();
        let n = pictures.len();
        let mut targets = vec![UNPLACED; start.len() * n];
        let mut root = Vec::with_capacity(n);
        for (p, pic) in pictures.iter().enumerate() {
            for (id, &t) in pic.targets.iter().enumerate() {
                targets[id * n + p] = t;
            }
            let captures = pic.captures.count_ones();
            if pic.slack.iter().all(|&s| s >= 0) && captures <= budget[attacker] {
                root.push(Alive { pic: p as u32, slack: pic.slack.map(|s| s as i8), captures: captures as u8 });
            }
        }
        let mut ids = [NONE; 64];
        for (id, p) in start.iter().enumerate() {
            ids[p.sq.index()] = id as u8;
        }
        Some(Plan {
            dist,
            pictures: n,
            targets: targets.into_boxed_slice(),
            checker: pictures.iter().map(|p| p.checker).collect(),
            at_target: pictures.iter().map(|p| p.at_target).collect(),
            captures: pictures.iter().map(|p| p.captures).collect(),
            placed: pictures
                .iter()
                .map(|p| {
                    p.targets
                        .iter()
                        .enumerate()
                        .fold(0, |acc, (id, &t)| if t == UNPLACED { acc } else { acc | 1 << id })
                })
                .collect(),
            root: root.into_boxed_slice(),
            ids,
            budget,
            attacker,
        })
    }

    /// The plan of the same position with fewer moves left, `budget` (each side at most the plan's own): the
    /// pictures alive at the start within it, each with as many fewer moves to spare. Complete as the plan is: a
    /// line within the smaller budget ends in a final position within the larger, which shows a picture that
    /// costs it no more moves than the line has. `None` when `budget` is larger on either side. The pictures
    /// are those of the larger budget's level of detail (see [`generate::pictures`]); the help play's shorter
    /// lengths are solved so without enumerating their pictures again.
    pub fn within(&self, budget: [u32; 2]) -> Option<Plan> {
        if budget[0] > self.budget[0] || budget[1] > self.budget[1] {
            return None;
        }
        let fewer = [0, 1].map(|c| (self.budget[c] - budget[c]) as i32);
        let root = self
            .root
            .iter()
            .filter_map(|a| {
                let slack = [0, 1].map(|c| i32::from(a.slack[c]) - fewer[c]);
                (slack.iter().all(|&s| s >= 0) && u32::from(a.captures) <= budget[self.attacker]).then(|| Alive {
                    pic: a.pic,
                    slack: slack.map(|s| s as i8),
                    captures: a.captures,
                })
            })
            .collect();
        Some(Plan {
            dist: self.dist.clone(),
            pictures: self.pictures,
            targets: self.targets.clone(),
            checker: self.checker.clone(),
            at_target: self.at_target.clone(),
            captures: self.captures.clone(),
            placed: self.placed.clone(),
            root,
            ids: self.ids,
            budget,
            attacker: self.attacker,
        })
    }

    /// How many pictures there are, and how many are alive at the start.
    pub fn counts(&self) -> (usize, usize) {
        (self.pictures, self.root.len())
    }

    /// The moves piece `c` as `kind` on `sq` (castling rights `rights`) needs to its target in picture `p`
    /// (`t`), the checking piece already on its square needing what giving the check from there takes.
    #[inline]
    fn need(&self, p: usize, c: &Change, (kind, sq): (Kind, Square), rights: u8, t: u16) -> i32 {
        let (form, to) = unpack(t);
        if c.id == self.checker[p] && kind == form && sq == to {
            i32::from(self.at_target[p])
        } else {
            self.dist.get(c.color, kind, sq, rights, form, to) as i32
        }
    }
}

/// One piece whose count a move changes: it moved, or its castling right went.
#[derive(Clone, Copy, Debug)]
struct Change {
    id: u8,
    color: Color,
    from: (Kind, Square),
    to: (Kind, Square),
}

/// Where a worker of the planning search stands: which piece (by its index at the start) stands on each square,
/// and the pictures alive at each node of its current line (a stack of ranges).
pub struct Track {
    plan: Option<Arc<Plan>>,
    ids: [u8; 64],
    alive: Vec<Alive>,
    frames: Vec<Frame>,
}

/// One node of a worker's line: where its alive pictures start, and the squares whose pieces its move changed.
struct Frame {
    start: usize,
    undo: [(u8, u8); 5],
    n: u8,
    /// Whether the pictures alive here were worked out.
    filtered: bool,
    /// For the moves from here, worked out at the first: the squares of the pieces that a move must take for
    /// a picture to stay alive, or all squares when some picture spares a move to the side to move.
    hope: Option<u64>,
}

impl Frame {
    fn new(start: usize, filtered: bool) -> Frame {
        Frame { start, undo: [(0, 0); 5], n: 0, filtered, hope: None }
    }
}

impl Default for Track {
    /// No plan: the plain search.
    fn default() -> Track {
        Track { plan: None, ids: [NONE; 64], alive: Vec::new(), frames: Vec::new() }
    }
}

impl Track {
    /// The start of a search under `plan` (none: the plain search).
    pub fn new(plan: Option<Arc<Plan>>) -> Track {
        let Some(plan) = plan else { return Track::default() };
        Track { ids: plan.ids, alive: plan.root.to_vec(), frames: vec![Frame::new(0, true)], plan: Some(plan) }
    }

    /// A copy of the current node for another worker.
    pub fn fork(&self) -> Track {
        match &self.plan {
            None => Track::default(),
            Some(plan) => Track {
                plan: Some(plan.clone()),
                ids: self.ids,
                alive: self.current().to_vec(),
                frames: vec![Frame::new(0, true)],
            },
        }
    }

    fn current(&self) -> &[Alive] {
        let start = self.frames.last().map_or(0, |f| f.start);
        &self.alive[start..]
    }

    /// Whether a plan steers the search.
    pub fn planned(&self) -> bool {
        self.plan.is_some()
    }

    /// Whether no picture is alive at the current node (never without a plan, nor at a node entered without
    /// working them out).
    pub fn dead(&self) -> bool {
        self.plan.is_some() && self.frames.last().is_some_and(|f| f.filtered) && self.current().is_empty()
    }

    /// The squares a move from the current node must start on for some picture to stay alive (see
    /// [`Frame::hope`]), worked out at the node's first move.
    fn hope(&mut self, plan: &Plan, pos: &Position) -> u64 {
        let frame = self.frames.last().expect("a node");
        if let Some(h) = frame.hope {
            return h;
        }
        let s = pos.side().index();
        let mut tight = 0u32;
        let mut spare = false;
        for st in &self.alive[frame.start..] {
            if st.slack[s] > 0 {
                spare = true;
                break;
            }
            tight |= plan.placed[st.pic as usize];
        }
        let h = if spare {
            !0
        } else {
            pos.color_bb(pos.side())
                .into_iter()
                .filter(|sq| self.ids[sq.index()] != NONE && tight & 1 << self.ids[sq.index()] != 0)
                .fold(0, |acc, sq| acc | sq.bb().0)
        };
        self.frames.last_mut().expect("a node").hope = Some(h);
        h
    }

    /// Moves the pieces' indices for a move (undone by [`Track::leave`]).
    fn touch_line(&mut self, frame: &mut Frame, m: Move) {
        let moving = self.ids[m.from.index()];
        let mut touch = |ids: &mut [u8; 64], sq: Square, id: u8| {
            frame.undo[frame.n as usize] = (sq.index() as u8, ids[sq.index()]);
            frame.n += 1;
            ids[sq.index()] = id;
        };
        if let Some(c) = m.capture() {
            touch(&mut self.ids, c, NONE);
        }
        touch(&mut self.ids, m.from, NONE);
        touch(&mut self.ids, m.to, moving);
        if matches!(m.special, Special::CastleShort | Special::CastleLong) {
            let rank = m.from.rank();
            let (rf, rt) = if m.special == Special::CastleShort { (7, 5) } else { (0, 3) };
            let (rf, rt) = (Square::from_coords(rf, rank), Square::from_coords(rt, rank));
            let rook = self.ids[rf.index()];
            touch(&mut self.ids, rf, NONE);
            touch(&mut self.ids, rt, rook);
        }
    }

    /// Steps down the line by `m` (from `before` to `after`). With `attacker_left` (the moves the side that
    /// reaches the goal has after it), the pictures alive after the move are worked out and the answer is
    /// whether any is; without, only the pieces are followed (for a node whose own moves need no plan).
    pub fn enter(&mut self, before: &Position, m: Move, after: &Position, attacker_left: Option<u32>) -> bool {
        // Taken out and put back rather than cloned: the workers share the plan, and a clone's count is a cache
        // line they would write by turns at every move (BEISPIEL-intell_8, h#6, on two threads: 49 ms with the
        // clone, 35 ms without, same run).
        let Some(plan) = self.plan.take() else { return true };
        let alive = self.enter_with(&plan, before, m, after, attacker_left);
        self.plan = Some(plan);
        alive
    }

    /// [`Track::enter`] with the plan taken out of the track.
    fn enter_with(
        &mut self,
        plan: &Plan,
        before: &Position,
        m: Move,
        after: &Position,
        attacker_left: Option<u32>,
    ) -> bool {
        let mover = before.side();
        // A picture with no move to spare for the mover survives only a move of one of its placed pieces.
        if attacker_left.is_some() && self.hope(plan, before) & m.from.bb().0 == 0 {
            let mut frame = Frame::new(self.alive.len(), true);
            self.touch_line(&mut frame, m);
            self.frames.push(frame);
            return false;
        }
        let mut frame = Frame::new(self.alive.len(), attacker_left.is_some());
        let mut changes =
            [Change { id: 0, color: Color::White, from: (Kind::KING, m.from), to: (Kind::KING, m.from) }; 6];
        let mut n = 0;
        let (rb, ra) = (before.castling(), after.castling());
        let moving = self.ids[m.from.index()];
        let kind_before = before.piece_at(m.from).map_or(Kind::PAWN, |p| p.kind);
        let kind_after = after.piece_at(m.to).map_or(kind_before, |p| p.kind);
        changes[n] = Change { id: moving, color: mover, from: (kind_before, m.from), to: (kind_after, m.to) };
        n += 1;
        let captured = m.capture().map(|c| self.ids[c.index()]).filter(|&id| id != NONE);
        if matches!(m.special, Special::CastleShort | Special::CastleLong) {
            let rank = m.from.rank();
            let (rf, rt) = if m.special == Special::CastleShort { (7, 5) } else { (0, 3) };
            let (rf, rt) = (Square::from_coords(rf, rank), Square::from_coords(rt, rank));
            changes[n] =
                Change { id: self.ids[rf.index()], color: mover, from: (Kind::ROOK, rf), to: (Kind::ROOK, rt) };
            n += 1;
        }
        // The pieces' new squares.
        self.touch_line(&mut frame, m);
        // Castling rights that went: the king and rooks still on their squares count anew.
        if rb != ra {
            for (sq, kind) in [
                (4, Kind::KING),
                (0, Kind::ROOK),
                (7, Kind::ROOK),
                (60, Kind::KING),
                (56, Kind::ROOK),
                (63, Kind::ROOK),
            ] {
                let sq = Square::new(sq);
                let id = self.ids[sq.index()];
                if id == NONE || changes[..n].iter().any(|c| c.id == id) {
                    continue;
                }
                if let Some(p) = after.piece_at(sq).filter(|p| p.kind == kind) {
                    changes[n] = Change { id, color: p.color, from: (kind, sq), to: (kind, sq) };
                    n += 1;
                }
            }
        }
        self.frames.push(frame);
        let Some(attacker_left) = attacker_left else { return true };
        let (lo, hi) = (self.frames[self.frames.len() - 2].start, self.frames.last().expect("a frame").start);
        let np = plan.pictures;
        for i in lo..hi {
            let st = self.alive[i];
            let p = st.pic as usize;
            let mut captures = st.captures;
            if let Some(c) = captured {
                if plan.targets[c as usize * np + p] != UNPLACED {
                    continue;
                }
                if plan.captures[p] & 1 << c != 0 {
                    captures -= 1;
                }
            }
            let mut slack = [i32::from(st.slack[0]), i32::from(st.slack[1])];
            slack[mover.index()] -= 1;
            for c in &changes[..n] {
                let t = plan.targets[c.id as usize * np + p];
                if t == UNPLACED {
                    continue;
                }
                let was = plan.need(p, c, c.from, rb, t);
                let now = plan.need(p, c, c.to, ra, t);
                slack[c.color.index()] -= now - was;
            }
            if slack[0] < 0 || slack[1] < 0 || u32::from(captures) > attacker_left {
                continue;
            }
            self.alive.push(Alive { pic: st.pic, slack: [slack[0] as i8, slack[1] as i8], captures });
        }
        self.alive.len() > hi
    }

    /// Whether `pos`, the position the line has reached, shows one of the pictures alive at the last node whose
    /// pictures were worked out: each of its placed pieces where and as the picture places it, the pieces it
    /// captures gone.
    pub fn fits(&self, pos: &Position) -> bool {
        let Some(plan) = &self.plan else { return true };
        let at = self.frames.iter().rposition(|f| f.filtered).expect("the start is worked out");
        let (lo, hi) = (self.frames[at].start, self.frames.get(at + 1).map_or(self.alive.len(), |f| f.start));
        let np = plan.pictures;
        let present = self.ids.iter().fold(0u64, |acc, &id| if id == NONE { acc } else { acc | 1 << id });
        self.alive[lo..hi].iter().any(|st| {
            let p = st.pic as usize;
            let placed = (0..plan.targets.len() / np).all(|id| {
                let t = plan.targets[id * np + p];
                let (form, sq) = unpack(t);
                t == UNPLACED || (self.ids[sq.index()] == id as u8 && pos.piece_at(sq).is_some_and(|x| x.kind == form))
            });
            placed && u64::from(plan.captures[p]) & present == 0
        })
    }

    /// Steps back up the line (undoes the last [`Track::enter`]).
    pub fn leave(&mut self) {
        if self.plan.is_none() {
            return;
        }
        let frame = self.frames.pop().expect("a node entered");
        self.alive.truncate(frame.start);
        for &(sq, id) in frame.undo[..frame.n as usize].iter().rev() {
            self.ids[sq as usize] = id;
        }
    }
}
