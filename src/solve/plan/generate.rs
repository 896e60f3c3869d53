//! The pictures of a goal: every final position of a mate or stalemate that the move budgets allow, each
//! reduced to the pieces it needs (where they stand, in what form), enumerated by a branching search that follows
//! the necessary conditions of the goal.
//!
//! Completeness is the point: for every final position `F` of the goal that play can reach, some picture
//! enumerated here holds only placements that `F` has too (each placed piece, known by where it stood at the
//! start, stands in `F` in the picture's form on the picture's square). The search below branches over the ways
//! `F` can meet each condition, so the branch that follows `F`'s own way ends in such a picture:
//!
//! - the suffering king (the *victim*) stands on some square `k`;
//! - mate: some piece of the other side (the *attacker*), not its king, checks `k` along an open line;
//!   stalemate: no attacker piece checks it;
//! - each square next to `k` (a *flight*) holds a piece of the victim's, or is observed by an attacker piece
//!   (through `k`, which the king leaves, in a mate); an attacker piece standing on a flight must be observed by
//!   another;
//! - stalemate: every other piece of the victim's is captured, or has no move: pinned on a line of its king in a
//!   direction it cannot move along, or (not a pawn) every square it steps to held by its own pieces, or (a pawn)
//!   a piece in front of it and none of the attacker's where it captures.
//!
//! A condition is only checked where the picture alone decides it (a line blocked by a placed piece, a contact
//! check); the pieces a picture leaves out may stand anywhere. Squares a picture needs empty (its check's line,
//! its guards' lines, between a pinned piece and its king) are remembered: no placed piece may stand there.

use super::distance::{Distances, FAR};
use crate::attacks::{between, orthodox_attacks, KING, KNIGHT, PAWN_ATTACKS, PAWN_OBSERVERS};
use crate::movegen::Rules;
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// "No piece" in the square-to-piece map and "no target" in a picture.
pub const NONE: u8 = u8::MAX;

/// The enumeration gives up past a number of steps (at each level of detail but the last) or pictures, and tries
/// again with less detail: the answer depends on the position and budgets only, never on timing. The steps
/// allowed in full detail grow with the moves of the play (the plain search grows faster), up to a limit; the
/// next level gets a quarter.
const MAX_STEPS: u64 = 40_000_000;
const STEPS_PER_MOVE: u64 = 3;
const MAX_PICTURES: usize = 200_000;

/// The levels of detail (see [`Gen::detail`]).
const LEVELS: usize = 3;

/// The steps the enumeration may take at each level of detail for `moves` moves of play in all, the full
/// detail at most `cap`.
fn step_limit(detail: usize, moves: u32, cap: u64) -> u64 {
    let full = (50_000u64).saturating_mul(STEPS_PER_MOVE.saturating_pow(moves)).min(MAX_STEPS).min(cap);
    match detail {
        0 => full,
        1 => full / 4,
        _ => u64::MAX,
    }
}

/// A piece at the start, known by its index in square order.
#[derive(Clone, Copy, Debug)]
pub struct Start {
    pub color: Color,
    pub kind: Kind,
    pub sq: Square,
}

/// A picture: each placed piece's final form and square, packed as `kind << 6 | square` (`u16::MAX`: not
/// placed); the checking piece (mate) and what it needs when it already stands on its square; the victim's
/// pieces to capture (stalemate); each side's moves left over at the start.
#[derive(Clone, Debug)]
pub struct Picture {
    pub targets: Vec<u16>,
    pub checker: u8,
    pub at_target: u8,
    pub captures: u32,
    pub slack: [i32; 2],
}

/// Packs a final form and square.
pub fn pack(kind: Kind, sq: Square) -> u16 {
    u16::from(kind.0) << 6 | sq.index() as u16
}

/// Unpacks a final form and square.
pub fn unpack(t: u16) -> (Kind, Square) {
    (Kind((t >> 6) as u8), Square::new((t & 63) as u8))
}

/// The forms a piece of `kind` may end in: its own, and a pawn's promotions.
fn forms(kind: Kind) -> &'static [Kind] {
    if kind == Kind::PAWN {
        &[Kind::PAWN, Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT]
    } else {
        match kind.0 {
            0 => &[Kind::KING],
            1 => &[Kind::QUEEN],
            2 => &[Kind::ROOK],
            3 => &[Kind::BISHOP],
            _ => &[Kind::KNIGHT],
        }
    }
}

/// What a piece of `form` on `x` needs to give check from there when it already stands there and its side
/// still moves: the check must come with that side's last move (the victim never moves into check), so a piece
/// that does not move must have its line opened (a rider with a square between it and the king), or else go
/// away and come back (two moves); a pawn cannot come back.
pub fn check_in_place(form: Kind, x: Square, king: Square) -> u32 {
    match form {
        Kind::PAWN => FAR,
        Kind::QUEEN | Kind::ROOK | Kind::BISHOP if between(x, king).non_empty() => 0,
        _ => 2,
    }
}

/// Enumerates the pictures of a mate (`mate`) or stalemate of `victim`, with `budget` moves left to each
/// side (by colour index), from the pieces `start` under castling rights `rights`, in as much detail as the
/// work allows from level `coarsest` on (see [`Gen::detail`]; each level's pictures are parts of the next finer
/// one's, so each is complete). `None` when there are too many pictures even at the coarsest level. The full
/// detail takes at most `cap` steps (the next level a quarter), below the limits of the moves of play: the
/// caller's estimate of what the plain search costs, for a short play where that is less.
#[allow(clippy::too_many_arguments)]
pub fn pictures(
    dist: &Distances,
    start: &[Start],
    rights: u8,
    victim: Color,
    mate: bool,
    budget: [u32; 2],
    coarsest: usize,
    cap: u64,
) -> Option<Vec<Picture>> {
    let king_id = start.iter().position(|p| p.color == victim && p.kind == Kind::KING)? as u8;
    let reach = reach_layers(dist, start, rights, budget);
    let rules = Rules::orthodox();
    (coarsest..LEVELS).find_map(|detail| {
        let max_steps = step_limit(detail, budget[0] + budget[1], cap);
        let tally = Tally::default();
        // Each square of the victim's king is enumerated apart, in parallel; the pictures are kept in the order
        // of the squares, as one enumeration would list them. The limits count the work of all squares together
        // (see [`Gen::full`]), so that whether a level gives up does not depend on the threads.
        let parts: Vec<(u64, Vec<Picture>)> = Square::all()
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|k| {
                let mut g = Gen {
                    dist,
                    start,
                    rights,
                    victim,
                    attacker: victim.opposite(),
                    budget,
                    mate,
                    detail,
                    king_id,
                    ids: [Color::White, Color::Black].map(|c| {
                        start.iter().enumerate().filter(|(_, p)| p.color == c).fold(0, |acc, (i, _)| acc | 1 << i)
                    }),
                    reach: &reach,
                    layers: budget[0].max(budget[1]) as usize + 1,
                    target: vec![u16::MAX; start.len()],
                    paid: vec![0; start.len()],
                    placed: 0,
                    cost: [0; 2],
                    occupied: [0; 2],
                    at: [NONE; 64],
                    empty: 0,
                    king: Square::new(0),
                    checker: NONE,
                    at_target: 0,
                    captured: 0,
                    resolved: 0,
                    pawn_blocked: 0,
                    steps: 0,
                    given_up: false,
                    max_steps,
                    tally: &tally,
                    out: Vec::new(),
                    rules: &rules,
                    buf: Vec::new(),
                };
                if g.place(king_id, Kind::KING, k) {
                    g.king = k;
                    if mate {
                        g.checks();
                    } else if detail < 2 {
                        g.cover(Bitboard(KING[k.index()]));
                    } else {
                        g.emit();
                    }
                    g.unplace(king_id);
                }
                (g.steps, g.out)
            })
            .collect();
        let steps: u64 = parts.iter().map(|(s, _)| s).sum();
        let count: usize = parts.iter().map(|(_, out)| out.len()).sum();
        (steps <= max_steps && count <= MAX_PICTURES).then(|| parts.into_iter().flat_map(|(_, out)| out).collect())
    })
}

/// What the enumerations of all the victim king's squares have done so far: their steps, added in batches of
/// [`STEP_BATCH`], and their pictures.
#[derive(Default)]
struct Tally {
    steps: AtomicU64,
    pictures: AtomicUsize,
}

/// The steps an enumeration takes before it adds them to the [`Tally`].
const STEP_BATCH: u64 = 1024;

/// The steps an enumeration takes between two readings of the [`Tally`] (a divisor of [`STEP_BATCH`]).
const TALLY_READ: u64 = 64;

struct Gen<'a> {
    dist: &'a Distances,
    start: &'a [Start],
    rights: u8,
    victim: Color,
    attacker: Color,
    budget: [u32; 2],
    mate: bool,
    /// How far pictures are worked out: 0 in full; 1 without refining a mate (see [`Gen::refute`]) or settling
    /// a stalemated side's other pieces (see [`Gen::settle`]); 2 only the king and (mate) its checker.
    detail: usize,
    king_id: u8,
    /// The pieces of each colour (bits).
    ids: [u32; 2],
    /// Where each piece can stand in each form within each number of moves up to its side's budget (see
    /// [`Gen::within`]).
    reach: &'a [u64],
    /// The largest budget, plus one: the layers of each piece and form.
    layers: usize,
    /// The picture being built: each piece's target (see [`Picture`]), the pieces placed, each side's moves
    /// spent, the squares each side's placed pieces hold, which piece stands where.
    target: Vec<u16>,
    /// What each placed piece's placement cost.
    paid: Vec<u32>,
    placed: u32,
    cost: [u32; 2],
    occupied: [u64; 2],
    at: [u8; 64],
    /// Squares that must be empty in the final position.
    empty: u64,
    /// The victim king's square.
    king: Square,
    /// Mate: the checking piece and what it needs when already on its square.
    checker: u8,
    at_target: u8,
    /// Stalemate: the victim's pieces captured, those whose immobility is settled, and the pawns among them
    /// that are blocked (no attacker piece may stand where they capture).
    captured: u32,
    resolved: u32,
    pawn_blocked: u32,
    steps: u64,
    /// The limits were found passed: every later step gives up at once.
    given_up: bool,
    max_steps: u64,
    /// The work of the enumerations of all the king's squares.
    tally: &'a Tally,
    out: Vec<Picture>,
    /// Legal moves among the placed pieces (mate).
    rules: &'a Rules,
    buf: Vec<crate::moves::Move>,
}

impl Gen<'_> {
    /// Counts a step; whether the work of all the king's squares together has gone past the limits. Each
    /// enumeration's steps and pictures count in the [`Tally`] (the steps in batches): when it says the limits
    /// are passed, all the enumerations together, run to their end, would pass them too, and when they would
    /// not, it never says so. So the level gives up exactly when one enumeration of all the squares would. The
    /// tally, which the other threads write, is read every [`TALLY_READ`] steps only (its line would otherwise
    /// move between the processors' caches at every step): the answer may come those steps late, never early.
    /// Once it has said so it says so at every call, so that the enumeration unwinds at once.
    fn full(&mut self) -> bool {
        if self.given_up {
            return true;
        }
        self.steps += 1;
        if self.steps.is_multiple_of(STEP_BATCH) {
            self.tally.steps.fetch_add(STEP_BATCH, Ordering::Relaxed);
        }
        self.given_up = self.steps.is_multiple_of(TALLY_READ)
            && (self.tally.steps.load(Ordering::Relaxed) + self.steps % STEP_BATCH > self.max_steps
                || self.tally.pictures.load(Ordering::Relaxed) > MAX_PICTURES);
        self.given_up
    }

    fn occupied(&self) -> u64 {
        self.occupied[0] | self.occupied[1]
    }

    /// The squares where piece `id` can stand in `form` within `moves` of its side's moves.
    fn within(&self, id: u8, form: Kind, moves: u32) -> u64 {
        self.reach[(id as usize * 6 + form.index()) * self.layers + (moves as usize).min(self.layers - 1)]
    }

    /// The moves left to the side of piece `id`.
    fn left(&self, id: u8) -> u32 {
        let c = self.start[id as usize].color.index();
        self.budget[c] - self.cost[c]
    }

    /// The moves piece `id` needs to end in `form` on `sq`.
    fn cost_of(&self, id: u8, form: Kind, sq: Square) -> u32 {
        let p = self.start[id as usize];
        self.dist.get(p.color, p.kind, p.sq, self.rights, form, sq)
    }

    /// Places piece `id` in `form` on `sq` if the square is free and may hold it, and its side's moves allow.
    #[inline(always)]
    fn place(&mut self, id: u8, form: Kind, sq: Square) -> bool {
        if self.within(id, form, self.left(id)) & sq.bb().0 == 0 {
            return false;
        }
        let cost = self.cost_of(id, form, sq);
        self.place_at_cost(id, form, sq, cost)
    }

    fn place_at_cost(&mut self, id: u8, form: Kind, sq: Square, cost: u32) -> bool {
        let s = sq.index();
        if self.at[s] != NONE || self.empty & 1 << s != 0 || (form == Kind::PAWN && (sq.rank() == 0 || sq.rank() == 7))
        {
            return false;
        }
        let c = self.start[id as usize].color.index();
        if self.cost[c] + cost > self.budget[c] {
            return false;
        }
        self.cost[c] += cost;
        self.paid[id as usize] = cost;
        self.target[id as usize] = pack(form, sq);
        self.placed |= 1 << id;
        self.occupied[c] |= 1 << s;
        self.at[s] = id;
        true
    }

    fn unplace(&mut self, id: u8) {
        let p = self.start[id as usize];
        let (_, sq) = unpack(self.target[id as usize]);
        self.cost[p.color.index()] -= self.paid[id as usize];
        self.target[id as usize] = u16::MAX;
        self.placed &= !(1 << id);
        self.occupied[p.color.index()] &= !(1 << sq.index());
        self.at[sq.index()] = NONE;
    }

    /// Adds squares that must stay empty, if no placed piece stands there; returns the old set to restore.
    fn keep_empty(&mut self, squares: u64) -> Option<u64> {
        if squares & self.occupied() != 0 {
            return None;
        }
        let old = self.empty;
        self.empty |= squares;
        Some(old)
    }

    /// The moves the checking piece needs: as any piece, but when it stands on its square already, what giving
    /// the check from there takes (see [`check_in_place`]).
    fn checker_cost(&self, id: u8, form: Kind, sq: Square) -> u32 {
        let p = self.start[id as usize];
        if p.kind == form && p.sq == sq {
            check_in_place(form, sq, self.king)
        } else {
            self.cost_of(id, form, sq)
        }
    }

    /// The unplaced pieces of `color` other than the victim's king (and those captured).
    fn unplaced(&self, color: Color) -> Ids {
        Ids(self.ids[color.index()] & !self.placed & !self.captured & !(1 << self.king_id))
    }

    /// Whether a placed piece of the attacker's (other than one on `q`) observes `q`, through the victim's king
    /// in a mate.
    fn observed(&self, q: Square) -> bool {
        let blockers = if self.mate { self.occupied() & !self.king.bb().0 } else { self.occupied() };
        Bitboard(self.occupied[self.attacker.index()]).into_iter().any(|x| {
            let (form, _) = unpack(self.target[self.at[x.index()] as usize]);
            x != q && reaches(form, self.attacker, x, q, blockers)
        })
    }

    // --------------------------------------------------------------------------------------------------------
    // Mate

    /// Mate: each attacker piece but the king, in each form, on each square from which it checks `k` on the
    /// empty board, its line kept empty.
    fn checks(&mut self) {
        for id in self.unplaced(self.attacker) {
            let kind = self.start[id as usize].kind;
            if kind == Kind::KING {
                continue;
            }
            for &form in forms(kind) {
                let squares = observers(form, self.attacker, self.king, 0);
                for s in Bitboard(squares) {
                    if self.full() {
                        return;
                    }
                    self.checker = id;
                    let cost = self.checker_cost(id, form, s);
                    if !self.place_at_cost(id, form, s, cost) {
                        self.checker = NONE;
                        continue;
                    }
                    self.at_target = check_in_place(form, s, self.king).min(FAR) as u8;
                    if let Some(old) = self.keep_empty(between(s, self.king).0) {
                        if self.detail < 2 {
                            self.cover(Bitboard(KING[self.king.index()]));
                        } else {
                            self.emit();
                        }
                        self.empty = old;
                    }
                    self.unplace(id);
                    self.checker = NONE;
                }
            }
        }
    }

    // --------------------------------------------------------------------------------------------------------
    // Flights (both goals)

    /// Covers each flight of `flights` in turn: held by a victim piece, or observed by an attacker piece.
    fn cover(&mut self, flights: Bitboard) {
        if self.full() {
            return;
        }
        let Some(q) = flights.first() else {
            match (self.mate, self.detail) {
                (true, 0) => self.refute(),
                (false, 0) => self.settle(),
                _ => self.emit(),
            }
            return;
        };
        let mut rest = flights;
        rest.clear(q);
        let here = self.at[q.index()];
        if (here != NONE && self.start[here as usize].color == self.victim) || self.observed(q) {
            self.cover(rest);
            return;
        }
        // A piece of the victim's on the flight.
        if here == NONE && self.empty & q.bb().0 == 0 {
            for id in self.unplaced(self.victim) {
                for &form in forms(self.start[id as usize].kind) {
                    if self.place(id, form, q) {
                        self.cover(rest);
                        self.unplace(id);
                    }
                }
            }
        }
        // An attacker piece observing it (through the king in a mate), its line kept empty.
        let through = if self.mate { self.king.bb().0 } else { 0 };
        let blockers = self.occupied() & !through;
        for id in self.unplaced(self.attacker) {
            let kind = self.start[id as usize].kind;
            for &form in forms(kind) {
                let mut squares = observers(form, self.attacker, q, blockers)
                    & !self.king.bb().0
                    & self.within(id, form, self.left(id));
                if form == Kind::KING {
                    squares &= !KING[self.king.index()];
                }
                for x in Bitboard(squares) {
                    if !self.mate && certain_check(form, self.attacker, x, self.king, self.empty) {
                        continue;
                    }
                    if !self.place(id, form, x) {
                        continue;
                    }
                    if let Some(old) = self.keep_empty(between(x, q).0 & !through) {
                        self.cover(rest);
                        self.empty = old;
                    }
                    self.unplace(id);
                }
            }
        }
    }

    // --------------------------------------------------------------------------------------------------------
    // Stalemate: the victim's other pieces

    /// Settles the victim's pieces one by one: first those placed and not yet settled (each pinned or blocked),
    /// then each unplaced one, captured or placed anywhere (and then settled).
    fn settle(&mut self) {
        if self.full() {
            return;
        }
        let victims = self.occupied[self.victim.index()] & !self.king.bb().0;
        let open = Bitboard(victims).into_iter().map(|s| self.at[s.index()]).find(|&id| self.resolved & 1 << id == 0);
        if let Some(id) = open {
            self.resolved |= 1 << id;
            let (form, sq) = unpack(self.target[id as usize]);
            self.pinned(form, sq);
            if form == Kind::PAWN {
                self.block_pawn(id, sq);
            } else {
                let steps = match form {
                    Kind::KNIGHT => KNIGHT[sq.index()],
                    Kind::ROOK => KING[sq.index()] & orthogonal_neighbours(sq),
                    Kind::BISHOP => KING[sq.index()] & !orthogonal_neighbours(sq),
                    _ => KING[sq.index()],
                };
                self.block(Bitboard(steps));
            }
            self.resolved &= !(1 << id);
            return;
        }
        let Some(id) = self.unplaced(self.victim).into_iter().next() else {
            self.emit();
            return;
        };
        if self.captured.count_ones() < self.budget[self.attacker.index()] {
            self.captured |= 1 << id;
            self.settle();
            self.captured &= !(1 << id);
        }
        for &form in forms(self.start[id as usize].kind) {
            for sq in Bitboard(self.within(id, form, self.left(id)) & !self.occupied() & !self.empty) {
                if self.place(id, form, sq) {
                    self.settle();
                    self.unplace(id);
                }
            }
        }
    }

    /// A piece of `form` on `sq` pinned: on a line of its king along which it cannot move, with an attacker
    /// rider of the line's kind further on (one placed already, the first piece beyond, or one placed there),
    /// the squares between kept empty.
    fn pinned(&mut self, form: Kind, sq: Square) {
        let k = self.king;
        let (df, dr) = (sq.file() as i32 - k.file() as i32, sq.rank() as i32 - k.rank() as i32);
        let orthogonal = df == 0 || dr == 0;
        let diagonal = df.abs() == dr.abs();
        if !(orthogonal || diagonal) {
            return;
        }
        // A pawn pinned on its file still pushes, unless its king or its pinner stands right in front of it.
        let front = sq.offset(0, self.victim.forward());
        let stuck = match form {
            Kind::KNIGHT => true,
            Kind::ROOK => diagonal,
            Kind::BISHOP => orthogonal,
            Kind::PAWN => df != 0 || front == Some(k),
            _ => false,
        };
        let pushes = form == Kind::PAWN && df == 0;
        if !stuck && !pushes {
            return;
        }
        let riders: &[Kind] = if orthogonal { &[Kind::QUEEN, Kind::ROOK] } else { &[Kind::QUEEN, Kind::BISHOP] };
        let (step_f, step_r) = (df.signum() as i8, dr.signum() as i8);
        let mut y = sq;
        while let Some(next) = y.offset(step_f, step_r) {
            y = next;
            if !stuck && front != Some(y) {
                return;
            }
            let lane = between(k, sq).0 | between(sq, y).0;
            let here = self.at[y.index()];
            if here != NONE {
                let (f, _) = unpack(self.target[here as usize]);
                if self.start[here as usize].color == self.attacker && riders.contains(&f) {
                    if let Some(old) = self.keep_empty(lane) {
                        self.settle();
                        self.empty = old;
                    }
                }
                return;
            }
            if self.empty & y.bb().0 != 0 {
                continue;
            }
            for id in self.unplaced(self.attacker) {
                for &f in forms(self.start[id as usize].kind) {
                    if !riders.contains(&f) || self.full() || !self.place(id, f, y) {
                        continue;
                    }
                    if let Some(old) = self.keep_empty(lane) {
                        self.settle();
                        self.empty = old;
                    }
                    self.unplace(id);
                }
            }
        }
    }

    /// A piece that is not a pawn, blocked: each of `need` holds one of the victim's pieces.
    fn block(&mut self, need: Bitboard) {
        let Some(t) = need.first() else {
            self.settle();
            return;
        };
        let mut rest = need;
        rest.clear(t);
        let here = self.at[t.index()];
        if here != NONE {
            if self.start[here as usize].color == self.victim {
                self.block(rest);
            }
            return;
        }
        if self.empty & t.bb().0 != 0 || self.full() {
            return;
        }
        for id in self.unplaced(self.victim) {
            for &form in forms(self.start[id as usize].kind) {
                if self.place(id, form, t) {
                    self.block(rest);
                    self.unplace(id);
                }
            }
        }
    }

    /// A pawn, blocked: a piece of either side in front of it (and none of the attacker's where it captures,
    /// checked when the picture is complete).
    fn block_pawn(&mut self, id: u8, sq: Square) {
        let Some(front) = sq.offset(0, self.victim.forward()) else { return };
        self.pawn_blocked |= 1 << id;
        if self.at[front.index()] != NONE {
            self.settle();
        } else if self.empty & front.bb().0 == 0 {
            for color in [self.victim, self.attacker] {
                for id in self.unplaced(color) {
                    for &form in forms(self.start[id as usize].kind) {
                        if color == self.attacker
                            && (certain_check(form, color, front, self.king, self.empty)
                                || (form == Kind::KING && KING[self.king.index()] & front.bb().0 != 0))
                        {
                            continue;
                        }
                        if self.place(id, form, front) {
                            self.settle();
                            self.unplace(id);
                        }
                    }
                }
            }
        }
        self.pawn_blocked &= !(1 << id);
    }

    // --------------------------------------------------------------------------------------------------------
    // Mate: what the victim could still do

    /// The placed pieces alone, the victim to move.
    fn position(&self) -> Position {
        let mut pos = Position::empty();
        for x in Bitboard(self.occupied()) {
            let id = self.at[x.index()];
            let (form, _) = unpack(self.target[id as usize]);
            pos.put(x, Piece::new(self.start[id as usize].color, form));
        }
        pos.set_side(self.victim);
        pos
    }

    /// Mate, the flights covered: while the victim has a legal move among the placed pieces alone, the final
    /// position must hold what stops it, a piece the picture has not placed yet (those it has are all there):
    /// - a king's step: the square held or observed, as for a flight;
    /// - a move that parries the check (takes the checker or steps between): a piece on its way (a rider's
    ///   squares between, a pawn's middle square of its double step), or a pinner beyond it on a line of its
    ///   king that the move leaves, or a second checker.
    fn refute(&mut self) {
        if self.full() {
            return;
        }
        let pos = self.position();
        self.rules.pseudo_moves(&pos, &mut self.buf);
        let node = self.rules.node(&pos);
        let Some(m) = self.buf.iter().copied().find(|&m| self.rules.is_legal_at(&pos, m, &node)) else {
            self.emit();
            return;
        };
        if m.from == self.king {
            self.cover(m.to.bb());
            return;
        }
        let (form, a, t) = (pos.piece_at(m.from).map_or(Kind::PAWN, |p| p.kind), m.from, m.to);
        // On its way.
        let way = match form {
            Kind::QUEEN | Kind::ROOK | Kind::BISHOP => between(a, t).0,
            Kind::PAWN if a.rank().abs_diff(t.rank()) == 2 => between(a, t).0,
            _ => 0,
        };
        for b in Bitboard(way & !self.empty) {
            for color in [self.victim, self.attacker] {
                for id in self.unplaced(color) {
                    for &f in forms(self.start[id as usize].kind) {
                        if color == self.attacker && f == Kind::KING && KING[self.king.index()] & b.bb().0 != 0 {
                            continue;
                        }
                        if self.place(id, f, b) {
                            self.refute();
                            self.unplace(id);
                        }
                    }
                }
            }
        }
        // A pinner beyond it, on a line of the king that the move leaves.
        let k = self.king;
        let (df, dr) = (a.file() as i32 - k.file() as i32, a.rank() as i32 - k.rank() as i32);
        let orthogonal = df == 0 || dr == 0;
        if (orthogonal || df.abs() == dr.abs()) && between(k, a).0 & self.occupied() == 0 {
            let riders: &[Kind] = if orthogonal { &[Kind::QUEEN, Kind::ROOK] } else { &[Kind::QUEEN, Kind::BISHOP] };
            let mut y = a;
            while let Some(next) = y.offset(df.signum() as i8, dr.signum() as i8) {
                y = next;
                if self.at[y.index()] != NONE {
                    break;
                }
                // A move along the line to a square before the pinner stays pinned and legal.
                if self.empty & y.bb().0 != 0 || t == y || between(k, y).has(t) {
                    continue;
                }
                let lane = between(k, a).0 | between(a, y).0;
                for id in self.unplaced(self.attacker) {
                    for &f in forms(self.start[id as usize].kind) {
                        if !riders.contains(&f) || !self.place(id, f, y) {
                            continue;
                        }
                        if let Some(old) = self.keep_empty(lane) {
                            self.refute();
                            self.empty = old;
                        }
                        self.unplace(id);
                    }
                }
            }
        }
        // A second checker.
        for id in self.unplaced(self.attacker) {
            for &f in forms(self.start[id as usize].kind) {
                if f == Kind::KING {
                    continue;
                }
                for x in Bitboard(observers(f, self.attacker, k, self.occupied())) {
                    if !self.place(id, f, x) {
                        continue;
                    }
                    if let Some(old) = self.keep_empty(between(x, k).0) {
                        self.refute();
                        self.empty = old;
                    }
                    self.unplace(id);
                }
            }
        }
    }

    // --------------------------------------------------------------------------------------------------------

    /// The picture is complete: checked where the picture alone decides, and kept.
    fn emit(&mut self) {
        if !self.mate {
            // No certain check of the stalemated king; no attacker piece where a blocked pawn captures.
            for x in Bitboard(self.occupied[self.attacker.index()]) {
                let (form, _) = unpack(self.target[self.at[x.index()] as usize]);
                if certain_check(form, self.attacker, x, self.king, self.empty) {
                    return;
                }
            }
            for id in Bitboard(self.pawn_blocked as u64) {
                let (_, sq) = unpack(self.target[id.index()]);
                if PAWN_ATTACKS[self.victim.index()][sq.index()] & self.occupied[self.attacker.index()] != 0 {
                    return;
                }
            }
        }
        let slack = [self.budget[0] as i32 - self.cost[0] as i32, self.budget[1] as i32 - self.cost[1] as i32];
        self.out.push(Picture {
            targets: self.target.clone(),
            checker: self.checker,
            at_target: self.at_target,
            captures: self.captured,
            slack,
        });
        self.tally.pictures.fetch_add(1, Ordering::Relaxed);
    }
}

/// The squares from which a piece of `form` and `color` observes `q`, over the blockers `occ`.
fn observers(form: Kind, color: Color, q: Square, occ: u64) -> u64 {
    match form {
        Kind::PAWN => PAWN_OBSERVERS[color.index()][q.index()] & !0xFF00_0000_0000_00FF,
        _ => orthodox_attacks(form, color, q, Bitboard(occ)).map_or(0, |b| b.0),
    }
}

/// Whether a piece of `form` and `color` on `x` surely checks `king`: it observes it on the empty board and
/// every square between must stay empty.
fn certain_check(form: Kind, color: Color, x: Square, king: Square, empty: u64) -> bool {
    observers(form, color, king, 0) & x.bb().0 != 0 && between(x, king).0 & !empty == 0
}

/// The squares next to `sq` on its file and rank.
fn orthogonal_neighbours(sq: Square) -> u64 {
    [(0, 1), (0, -1), (1, 0), (-1, 0)].iter().filter_map(|&(f, r)| sq.offset(f, r)).fold(0, |acc, s| acc | s.bb().0)
}

/// A set of pieces (bits of their indices), iterated lowest first.
#[derive(Clone, Copy)]
struct Ids(u32);

impl IntoIterator for Ids {
    type Item = u8;
    type IntoIter = IdIter;
    fn into_iter(self) -> IdIter {
        IdIter(self.0)
    }
}

struct IdIter(u32);

impl Iterator for IdIter {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        (self.0 != 0).then(|| {
            let id = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            id
        })
    }
}

/// Whether a piece of `form` and `color` on `from` observes `to` over the blockers `occ`.
fn reaches(form: Kind, color: Color, from: Square, to: Square, occ: u64) -> bool {
    let (df, dr) = (from.file().abs_diff(to.file()), from.rank().abs_diff(to.rank()));
    let line = match form {
        Kind::KNIGHT => return KNIGHT[from.index()] & to.bb().0 != 0,
        Kind::KING => return KING[from.index()] & to.bb().0 != 0,
        Kind::PAWN => return PAWN_ATTACKS[color.index()][from.index()] & to.bb().0 != 0,
        Kind::ROOK => df == 0 || dr == 0,
        Kind::BISHOP => df == dr,
        _ => df == 0 || dr == 0 || df == dr,
    };
    line && from != to && between(from, to).0 & occ == 0
}

/// For each piece and kind (the kind's index), the squares it can stand on in that form within 0, 1, ... moves up
/// to the larger budget (a pawn's promoted forms included; nothing for a form it cannot take).
fn reach_layers(dist: &Distances, start: &[Start], rights: u8, budget: [u32; 2]) -> Vec<u64> {
    let layers = budget[0].max(budget[1]) as usize + 1;
    let mut reach = vec![0u64; start.len() * 6 * layers];
    for (id, p) in start.iter().enumerate() {
        for &form in forms(p.kind) {
            let at = (id * 6 + form.index()) * layers;
            for sq in Square::all() {
                let cost = dist.get(p.color, p.kind, p.sq, rights, form, sq) as usize;
                for layer in reach[at + cost.min(layers)..at + layers].iter_mut() {
                    *layer |= sq.bb().0;
                }
            }
        }
    }
    reach
}
