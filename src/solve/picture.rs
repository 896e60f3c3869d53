//! The goal picture: an exact bound that prunes help and series play under orthodox rules.
//!
//! With `a` moves left to the side that reaches the goal and `d` to the side that suffers it, ask whether some
//! final position within those budgets could show the goal: the suffering king on a square it reaches in time,
//! in check from a piece that is not a king (mate only; the check comes with the last move, which a pawn or
//! knight standing where it started cannot give, nor a rider no other piece can uncover — unless it went away
//! and came back, two moves — and stands unparried: see `Finder::parriers`), and each square next to it held
//! by one of its own pieces or observed by the other side (else the king has a flight; a square one of the other
//! side's pieces stands on can only be observed, by another of them); for stalemate, each of its other pieces
//! (promoted ones too) captured (one of the other side's moves, by a piece that can get to it) or stuck: pinned
//! (on a line of its king with a square beyond it that a rider of the other side can reach; a pawn not on a
//! file), or every square it could step to held by its own pieces (a pawn: the square in front taken).
//! Reaching and observing are taken on the empty board (obstacles only make them harder), each piece ends on one
//! square, and each side's moves are shared among its pieces by their empty-board distances (a pawn's with its
//! promotions, a king's and a rook's with castling, which moves both for one move). Real play is one of the
//! relaxation's answers, so "no picture" is a proof: a pruned position has no solution, and none is lost.
//!
//! The idea is Popeye's intelligent mode (its `optimisations/intelligent/`), which builds such final pictures in
//! full and plays towards each; here they only bound the search, which stays the plain, complete one.

use crate::attacks::{
    bishop_attacks, rook_attacks, Occupancy, KING, KNIGHT, PAWN_ATTACKS, PAWN_OBSERVERS, POSITIVE, RAYS,
};
use crate::pieces::Kind;
use crate::position::{castle, Position};
use crate::problem::Goal;
use crate::square::{Bitboard, Color, Square};

/// More than any budget: "cannot get there".
const FAR: u32 = 1000;

/// The search for a picture is cut off after this many steps and then answers "possible" (a bound may
/// always give up): the answer depends on the position and budgets only, never on threads or timing.
const MAX_STEPS: u32 = 4000;

/// The orthodox walks, as a final form of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Walk {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

/// The orthodox kinds, in the order of [`Walk`]'s variants (its discriminants index tables by walk).
const KINDS: [Kind; 6] = [Kind::KING, Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT, Kind::PAWN];

impl Walk {
    /// Every walk, in the order of the variants.
    const ALL: [Walk; 6] = [Walk::King, Walk::Queen, Walk::Rook, Walk::Bishop, Walk::Knight, Walk::Pawn];

    fn of(kind: Kind) -> Option<Walk> {
        Some(match kind {
            Kind::KING => Walk::King,
            Kind::QUEEN => Walk::Queen,
            Kind::ROOK => Walk::Rook,
            Kind::BISHOP => Walk::Bishop,
            Kind::KNIGHT => Walk::Knight,
            Kind::PAWN => Walk::Pawn,
            _ => return None,
        })
    }

    /// The squares observed from `sq` on the empty board by a piece of colour `color` with this walk.
    fn observes(self, color: Color, sq: Square) -> Bitboard {
        let i = sq.index();
        match self {
            Walk::King => Bitboard(KING[i]),
            Walk::Knight => Bitboard(KNIGHT[i]),
            Walk::Pawn => Bitboard(PAWN_ATTACKS[color.index()][i]),
            Walk::Rook => rook_attacks(sq, Bitboard::EMPTY),
            Walk::Bishop => bishop_attacks(sq, Bitboard::EMPTY),
            Walk::Queen => rook_attacks(sq, Bitboard::EMPTY) | bishop_attacks(sq, Bitboard::EMPTY),
        }
    }

    /// The squares observed on the empty board from some square of `b` (and perhaps `b`'s own: a bound).
    fn observes_from(self, color: Color, b: u64) -> u64 {
        match self {
            Walk::King => king_step(b),
            Walk::Knight => Bitboard(b).fold(0, |acc, s| acc | KNIGHT[s.index()]),
            Walk::Pawn => Bitboard(b).fold(0, |acc, s| acc | PAWN_ATTACKS[color.index()][s.index()]),
            Walk::Rook => orthogonal_lines(b),
            Walk::Bishop => diagonal_lines(b),
            Walk::Queen => orthogonal_lines(b) | diagonal_lines(b),
        }
    }

    /// The squares from which a piece of colour `color` with this walk observes `sq` on the empty board.
    fn observers_of(self, color: Color, sq: Square) -> Bitboard {
        match self {
            Walk::Pawn => Bitboard(PAWN_OBSERVERS[color.index()][sq.index()]),
            _ => self.observes(color, sq),
        }
    }
}

/// The largest budget the layers tell apart. Larger budgets (the first moves of long problems, where a bound
/// rarely prunes) are not bounded at all: a pawn may need 6 moves to promote and 6 more as a knight.
const LAYERS: usize = 8;

/// The first layer of `at` (squares within k moves, by k) that holds `sq` (FAR: none).
fn moves_to(at: &[Bitboard], sq: Square) -> u32 {
    at.iter().position(|b| b.has(sq)).map_or(FAR, |k| k as u32)
}

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;

/// The diagonals and anti-diagonals.
const DIAGONAL: [u64; 30] = line_masks(false);

const fn line_masks<const N: usize>(orthogonal: bool) -> [u64; N] {
    let mut t = [0u64; N];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = (sq % 8, sq / 8);
        let (a, b) = if orthogonal { (f, 8 + r) } else { (f + 7 - r, 15 + f + r) };
        t[a] |= 1 << sq;
        t[b] |= 1 << sq;
        sq += 1;
    }
    t
}

/// Every square on a file or rank through a square of `b`.
fn orthogonal_lines(b: u64) -> u64 {
    let mut files = b;
    files |= files >> 32;
    files |= files >> 16;
    files |= files >> 8;
    // Bit 0 of each rank's byte: whether the rank holds a square of `b`.
    let mut ranks = b;
    ranks |= ranks >> 4;
    ranks |= ranks >> 2;
    ranks |= ranks >> 1;
    (files & 0xFF).wrapping_mul(0x0101_0101_0101_0101) | (ranks & 0x0101_0101_0101_0101).wrapping_mul(0xFF)
}

/// Every square on a diagonal through a square of `b`.
fn diagonal_lines(b: u64) -> u64 {
    if b.count_ones() <= 2 {
        Bitboard(b).fold(0, |acc, s| acc | DIAGONALS_THROUGH[s.index()])
    } else {
        DIAGONAL.iter().filter(|&&m| m & b != 0).fold(0, |acc, m| acc | m)
    }
}

/// The two diagonals through each square.
const DIAGONALS_THROUGH: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < DIAGONAL.len() {
            if DIAGONAL[i] & 1 << sq != 0 {
                t[sq] |= DIAGONAL[i];
            }
            i += 1;
        }
        sq += 1;
    }
    t
};

/// The squares one king step from `b`, and `b`.
fn king_step(b: u64) -> u64 {
    let sides = b | (b & NOT_H) << 1 | (b & NOT_A) >> 1;
    sides | sides << 8 | sides >> 8
}

/// Where one piece can be after `k` of its side's moves (`at[k]`: every square within `k` moves, in one form).
#[derive(Clone, Copy, Debug)]
struct Layers {
    form: Walk,
    at: [Bitboard; LAYERS + 1],
}

impl Layers {
    /// The fewest moves to `sq` (FAR: never within the layers).
    fn cost(&self, sq: Square) -> u32 {
        moves_to(&self.at, sq)
    }

    /// The layers of a piece of walk `form` that stands on the squares of `start[j]` after `j` moves, up to
    /// `limit` moves (the rest are the same).
    fn spread(form: Walk, color: Color, start: &[u64; LAYERS + 1], limit: usize) -> Layers {
        let mut at = [Bitboard::EMPTY; LAYERS + 1];
        let mut reached = 0u64;
        for k in 0..=LAYERS {
            let mut next = reached | start[k];
            if k > 0 && k <= limit {
                next |= Self::step(form, color, reached);
            }
            reached = next;
            at[k] = Bitboard(reached);
        }
        Layers { form, at }
    }

    /// The squares one move of a piece of walk `form` takes it to from the squares of `b`, and `b` (on the
    /// empty board: where a piece moves is where it observes, a rider along every line through `b`; a pawn
    /// pushes, its captures taken as possible and its double step from its second rank).
    fn step(form: Walk, color: Color, b: u64) -> u64 {
        let to = match form {
            Walk::Pawn => {
                let (push, second) = match color {
                    Color::White => (b << 8, (b & 0xFF00) << 16),
                    Color::Black => (b >> 8, (b & 0x00FF_0000_0000_0000) >> 16),
                };
                push | (push & NOT_A) >> 1 | (push & NOT_H) << 1 | second
            }
            _ => form.observes_from(color, b),
        };
        to | b
    }
}

/// Where one piece can be, in each form it may end in (its own walk; a pawn's promotions too), pushed onto
/// `out` (one entry, or five for a pawn that can promote within `limit` moves), computed afresh: for a king or
/// rook with a castling right (the book holds the others).
fn piece_layers(pos: &Position, color: Color, sq: Square, walk: Walk, limit: usize, out: &mut Vec<Layers>) {
    let mut start = [0u64; LAYERS + 1];
    start[0] = sq.bb().0;
    if let Some(castled) = castling_start(pos, color, sq, walk) {
        start[usize::from(walk == Walk::King)] |= castled;
    }
    let mut own = Layers::spread(walk, color, &start, limit);
    if walk == Walk::Pawn {
        let last = if color == Color::White { 0xFF00_0000_0000_0000u64 } else { 0xFF };
        let mut promo = [0u64; LAYERS + 1];
        let mut before = 0u64;
        for (p, at) in promo.iter_mut().zip(own.at) {
            *p = at.0 & last & !before;
            before |= *p;
        }
        // A pawn never stays on its last rank.
        for b in own.at.iter_mut() {
            b.0 &= !last;
        }
        out.push(own);
        if before != 0 {
            for form in [Walk::Queen, Walk::Rook, Walk::Bishop, Walk::Knight] {
                out.push(Layers::spread(form, color, &promo, limit));
            }
        }
    } else {
        out.push(own);
    }
}

/// Castling: where a king on its home square arrives in one move (its first layer), where a rook in its corner
/// stands with the king's move (none of its own, so its layer 0); `None` when the piece has no castling right.
fn castling_start(pos: &Position, color: Color, sq: Square, walk: Walk) -> Option<u64> {
    let rights = pos.castling();
    let (short, long, rank) = match color {
        Color::White => (rights & castle::WK != 0, rights & castle::WQ != 0, 0),
        Color::Black => (rights & castle::BK != 0, rights & castle::BQ != 0, 7),
    };
    let at = |file| Square::from_coords(file, rank);
    match walk {
        Walk::King if sq == at(4) && (short || long) => {
            Some(if short { at(6).bb().0 } else { 0 } | if long { at(2).bb().0 } else { 0 })
        }
        Walk::Rook if sq == at(7) && short => Some(at(5).bb().0),
        Walk::Rook if sq == at(0) && long => Some(at(3).bb().0),
        _ => None,
    }
}

/// The goal picture's tables: the layers of every walk of either colour from every square on the empty board
/// with no limit, and what they observe within each budget (the pieces without castling rights; those with them
/// are computed when asked), built once for a search. [`Pictures::reachable`] answers the question.
pub struct Pictures {
    /// By colour, walk and square: the piece in its own walk (a pawn: never on its last rank).
    own: Box<[Layers]>,
    own_seen: Box<[[u64; LAYERS + 1]]>,
    /// By colour and square, for a pawn: its promoted forms (queen, rook, bishop, knight), what they observe,
    /// and the fewest moves to promote (FAR: never within the layers).
    promoted: Box<[[Layers; 4]]>,
    promoted_seen: Box<[[[u64; LAYERS + 1]; 4]]>,
    promotes_at: Box<[u32]>,
}

impl Default for Pictures {
    fn default() -> Self {
        Self::new()
    }
}

impl Pictures {
    pub fn new() -> Pictures {
        let empty = Position::empty();
        let (mut own, mut own_seen) = (Vec::with_capacity(2 * 6 * 64), Vec::with_capacity(2 * 6 * 64));
        let (mut promoted, mut promoted_seen, mut promotes_at) = (Vec::new(), Vec::new(), Vec::new());
        let mut forms = Vec::with_capacity(5);
        let seen = |color: Color, l: &Layers| -> [u64; LAYERS + 1] {
            std::array::from_fn(|k| l.form.observes_from(color, l.at[k].0))
        };
        for color in [Color::White, Color::Black] {
            for walk in Walk::ALL {
                for sq in Square::all() {
                    forms.clear();
                    piece_layers(&empty, color, sq, walk, LAYERS, &mut forms);
                    own.push(forms[0]);
                    own_seen.push(seen(color, &forms[0]));
                    if walk == Walk::Pawn {
                        let promotion = |f: usize| {
                            forms
                                .get(f)
                                .copied()
                                .unwrap_or(Layers { form: Walk::Pawn, at: [Bitboard::EMPTY; LAYERS + 1] })
                        };
                        let four: [Layers; 4] = std::array::from_fn(|f| promotion(f + 1));
                        promoted_seen.push(std::array::from_fn(|f| seen(color, &four[f])));
                        promotes_at.push(
                            (0..=LAYERS as u32)
                                .find(|&k| four.iter().any(|l| l.at[k as usize].non_empty()))
                                .unwrap_or(FAR),
                        );
                        promoted.push(four);
                    }
                }
            }
        }
        Pictures {
            own: own.into_boxed_slice(),
            own_seen: own_seen.into_boxed_slice(),
            promoted: promoted.into_boxed_slice(),
            promoted_seen: promoted_seen.into_boxed_slice(),
            promotes_at: promotes_at.into_boxed_slice(),
        }
    }

    /// [`piece_layers`] from the book where it can (limited to `limit` moves: the layers beyond are the last
    /// one); returns what the piece may observe within each budget.
    fn layers(
        &self,
        pos: &Position,
        color: Color,
        sq: Square,
        walk: Walk,
        limit: usize,
        out: &mut Vec<Layers>,
    ) -> [Bitboard; LAYERS + 1] {
        let first = out.len();
        if castling_start(pos, color, sq, walk).is_some() {
            piece_layers(pos, color, sq, walk, limit, out);
            return std::array::from_fn(|k| {
                Bitboard(out[first..].iter().fold(0, |acc, l| acc | l.form.observes_from(color, l.at[k.min(limit)].0)))
            });
        }
        let i = (color.index() * 6 + walk as usize) * 64 + sq.index();
        let clamp = |l: &Layers| {
            let mut l = *l;
            for k in limit + 1..=LAYERS {
                l.at[k] = l.at[limit];
            }
            l
        };
        out.push(clamp(&self.own[i]));
        let p = color.index() * 64 + sq.index();
        let promotes = walk == Walk::Pawn && self.promotes_at[p] as usize <= limit;
        if promotes {
            out.extend(self.promoted[p].iter().map(clamp));
        }
        std::array::from_fn(|k| {
            let k = k.min(limit);
            let mut all = self.own_seen[i][k];
            if promotes {
                all |= self.promoted_seen[p].iter().fold(0, |acc, s| acc | s[k]);
            }
            Bitboard(all)
        })
    }
}

/// One piece of the attacker: whether it is the king, and its forms' layers (a range of the finder's `forms`).
#[derive(Clone, Copy, Debug)]
struct Unit {
    king: bool,
    forms: (usize, usize),
}

impl Pictures {
    /// Whether a final picture of `goal` against `victim` (its king on a square next to which nothing is free) can
    /// be reached with `moves` more moves of its opponent and `victim_moves` of its own, counted on the empty board.
    /// `false` is a proof that no play of those lengths ends in the goal; `true` is no promise. For positions under
    /// orthodox rules with orthodox pieces only (pieces of other kinds make the answer `true`).
    pub fn reachable(
        &self,
        scratch: &mut Scratch,
        pos: &Position,
        goal: Goal,
        victim: Color,
        moves: u32,
        victim_moves: u32,
    ) -> bool {
        let Some(_) = pos.king(victim) else { return true };
        let mut others = pos.occupied();
        for k in KINDS {
            others &= !pos.kind_bb(k);
        }
        if others.non_empty() || pos.pieces_bb(victim, Kind::KING).count() != 1 {
            return true;
        }
        if moves as usize > LAYERS || victim_moves as usize > LAYERS {
            return true;
        }
        let color = victim.opposite();
        let mate = goal == Goal::Mate;
        // The attacker's pieces (king first) and what each may observe within each budget: kept from the last
        // question when the attacker's pieces and moves are the same (as after each move of the victim's).
        let attacker_key = SideKey::of(pos, color, moves, false);
        let attackers_known = scratch.attacker_key.take() == Some(attacker_key);
        let mut forms = reused(&mut scratch.forms, attackers_known);
        let mut attackers = reused(&mut scratch.attackers, attackers_known);
        let mut observes = reused(&mut scratch.observes, attackers_known);
        if !attackers_known {
            for sq in pos.color_bb(color) {
                let Some(walk) = pos.piece_at(sq).and_then(|p| Walk::of(p.kind)) else { continue };
                let first = forms.len();
                let seen = self.layers(pos, color, sq, walk, moves as usize, &mut forms);
                let unit = Unit { king: walk == Walk::King, forms: (first, forms.len()) };
                if unit.king {
                    attackers.insert(0, unit);
                    observes.insert(0, seen);
                } else {
                    attackers.push(unit);
                    observes.push(seen);
                }
            }
        }
        if attackers.len() > 32 {
            return true;
        }
        // The victim's pieces: where each may stand within each budget, in any form (and, for a stalemate, in each
        // form apart); its king's layers. Kept likewise when its pieces and moves are the same.
        let reach = forms.iter().fold(0u64, |acc, l| acc | l.at[moves as usize].0);
        let victim_key = SideKey::of(pos, victim, victim_moves, mate);
        let victim_known = scratch.victim_key.take() == Some(victim_key);
        let mut holds = reused(&mut scratch.holds, victim_known);
        let mut homes = reused(&mut scratch.homes, victim_known);
        let mut parry = reused(&mut scratch.parry, victim_known);
        let mut defenders = reused(&mut scratch.defenders, victim_known);
        let mut defender_forms = reused(&mut scratch.defender_forms, victim_known);
        if !victim_known {
            scratch.king = None;
            let own = &mut scratch.own;
            for sq in pos.color_bb(victim) {
                let Some(walk) = pos.piece_at(sq).and_then(|p| Walk::of(p.kind)) else { continue };
                own.clear();
                self.layers(pos, victim, sq, walk, victim_moves as usize, own);
                if walk == Walk::King {
                    scratch.king = Some(own[0]);
                    continue;
                }
                let held: [Bitboard; LAYERS + 1] =
                    std::array::from_fn(|k| own.iter().fold(Bitboard::EMPTY, |acc, l| acc | l.at[k]));
                if !mate {
                    let first = defender_forms.len();
                    defender_forms.extend_from_slice(own);
                    defenders.push(Defender { forms: (first, defender_forms.len()), capturable: false });
                }
                holds.push(held);
                let mut home = Home::new(walk, sq, victim);
                // A rook that may castle leaves its square with the king's move: it need not parry a check.
                home.castles = walk == Walk::Rook && castling_start(pos, victim, sq, walk).is_some();
                homes.push(home);
            }
        }
        let Some(king) = scratch.king else { return true };
        if holds.len() > 32 {
            return true;
        }
        if mate && !victim_known {
            parry.resize(64, [0; 3]);
            for (j, h) in homes.iter().enumerate().filter(|(_, h)| !h.castles) {
                for sq in Bitboard(h.takes) {
                    parry[sq.index()][0] |= 1 << j;
                }
                for sq in Bitboard(h.steps) {
                    parry[sq.index()][1] |= 1 << j;
                }
                parry[h.sq.index()][2] |= 1 << j;
            }
        }
        // Which of the victim's pieces the attacker can get to (a stalemate's defenders are the held pieces).
        for (defender, held) in defenders.iter_mut().zip(&holds) {
            defender.capturable = moves > 0 && reach & held[victim_moves as usize].0 != 0;
        }
        // Quick tests of a king square: checked by a piece that is not a king, every neighbour observed or held.
        let (mut checkers, mut servable) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for (u, seen) in attackers.iter().zip(&observes) {
            servable |= seen[moves as usize];
            if !u.king {
                checkers |= seen[moves as usize];
            }
        }
        for held in &holds {
            servable |= held[victim_moves as usize];
        }
        let mut order = reused(&mut scratch.order, false);
        order.extend(0..defenders.len() as u8);
        order.sort_by_key(|&k| {
            let d = defenders[k as usize];
            (defender_forms[d.forms.0].form == Walk::Pawn, d.capturable)
        });
        // The squares from which an attacker may pin along a file or rank, and along a diagonal.
        let (mut orthogonal, mut diagonal) = (0u64, 0u64);
        for l in &forms {
            let at = l.at[moves as usize].0;
            match l.form {
                Walk::Queen => {
                    orthogonal |= at;
                    diagonal |= at;
                }
                Walk::Rook => orthogonal |= at,
                Walk::Bishop => diagonal |= at,
                _ => {}
            }
        }
        let castlers = homes.iter().enumerate().fold(0u32, |acc, (j, h)| {
            if h.walk == Walk::Rook && castling_start(pos, victim, h.sq, Walk::Rook).is_some() {
                acc | 1 << j
            } else {
                acc
            }
        });
        let mut finder = Finder {
            color,
            forms,
            attackers,
            observes,
            holds,
            homes,
            parry,
            unpinned: 0,
            castlers,
            king: Square::new(0),
            tried: std::mem::take(&mut scratch.tried),
            steps: 0,
            all: if defenders.len() >= 32 { u32::MAX } else { (1u32 << defenders.len()) - 1 },
            order,
            defenders,
            defender_forms,
            standing: [GONE; 32],
            pinners: [orthogonal, diagonal],
            attack_reach: reach,
            pins: [0, 0],
            stalemate: !mate,
            forward: if victim == Color::White { 8 } else { -8 },
            moves,
            victim_moves,
        };
        let found = king.at[victim_moves as usize].into_iter().any(|target| {
            let flights = Bitboard(KING[target.index()]);
            if (mate && !checkers.has(target)) || (flights & !servable).non_empty() {
                return false;
            }
            let walk = king.cost(target);
            finder.set_king(target);
            let start = State {
                placed: 0,
                held: 0,
                a: moves,
                d: victim_moves - walk,
                captures: moves,
                holding: 0,
                guarded: 0,
                parriers: 0,
                blocking: 0,
                settled: 0,
            };
            // The victim's other pieces must be stuck whatever covers the flights: a quick bound first.
            if !mate && !finder.stuck_floor_fits(start.d, start.captures) {
                return false;
            }
            finder.cover(flights, mate, start) || finder.steps > MAX_STEPS
        });
        // The vectors go back to the scratch for the next question.
        scratch.forms = finder.forms;
        scratch.attackers = finder.attackers;
        scratch.observes = finder.observes;
        scratch.holds = finder.holds;
        scratch.homes = finder.homes;
        scratch.parry = finder.parry;
        scratch.defenders = finder.defenders;
        scratch.defender_forms = finder.defender_forms;
        scratch.order = finder.order;
        scratch.tried = finder.tried;
        scratch.attacker_key = Some(attacker_key);
        scratch.victim_key = Some(victim_key);
        found
    }
}

/// The vector in `slot`, taken out of it (an empty one left in its place), emptied unless `keep`.
fn reused<T>(slot: &mut Vec<T>, keep: bool) -> Vec<T> {
    let mut v = std::mem::take(slot);
    if !keep {
        v.clear();
    }
    v
}

/// What one side's part of a picture depends on: its colour, pieces, castling rights and moves, and the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SideKey {
    color: Color,
    pieces: [u64; 6],
    castling: u8,
    moves: u32,
    mate: bool,
}

impl SideKey {
    fn of(pos: &Position, color: Color, moves: u32, mate: bool) -> SideKey {
        let rights = match color {
            Color::White => castle::WK | castle::WQ,
            Color::Black => castle::BK | castle::BQ,
        };
        SideKey {
            color,
            pieces: KINDS.map(|k| pos.pieces_bb(color, k).0),
            castling: pos.castling() & rights,
            moves,
            mate,
        }
    }
}

/// The vectors [`Pictures::reachable`] fills, kept by the caller between questions (one for each worker) so
/// that their memory is reused, and each side's part of the last question (its pieces' layers), which the next
/// question reuses when that side's key is the same.
#[derive(Default)]
pub struct Scratch {
    attacker_key: Option<SideKey>,
    victim_key: Option<SideKey>,
    king: Option<Layers>,
    forms: Vec<Layers>,
    attackers: Vec<Unit>,
    observes: Vec<[Bitboard; LAYERS + 1]>,
    holds: Vec<[Bitboard; LAYERS + 1]>,
    homes: Vec<Home>,
    parry: Vec<[u32; 3]>,
    defenders: Vec<Defender>,
    defender_forms: Vec<Layers>,
    order: Vec<u8>,
    tried: Vec<Vec<Placement>>,
    own: Vec<Layers>,
}

/// Where the search for a picture stands: the pieces used (bits of attackers placed, defenders holding a
/// square), the moves left to each side, the captures the attacker may still make, the squares the defenders
/// are known to hold.
#[derive(Clone, Copy, Debug)]
struct State {
    placed: u32,
    held: u32,
    a: u32,
    d: u32,
    captures: u32,
    holding: u64,
    /// Flight squares an attacker stands on: the king would take it there, so another attacker must observe
    /// the square (no defender can hold it).
    guarded: u64,
    /// Mate: the victim's pieces that must leave their squares (moving or captured) for the check to stand.
    parriers: u32,
    /// Attackers placed for the flights that already stand in front of a pawn.
    blocking: u32,
    /// Stalemate: the defenders already known to be captured or stuck.
    settled: u32,
}

/// A piece of the victim (not its king) in a stalemate picture: it must end captured or unable to move.
#[derive(Clone, Copy, Debug)]
struct Defender {
    /// Its forms' layers (a range of the finder's `defender_forms`).
    forms: (usize, usize),
    /// Whether some attacker can reach a square the piece can be on.
    capturable: bool,
}

/// `Finder::standing` of a defender captured in the picture.
const GONE: u8 = 64;

/// One attacker's placement on a square, by what it leaves to do: the flights still open, whether the check is
/// still to give, its moves, and the flight square it stands on (which another attacker must then guard).
#[derive(Clone, Copy, Debug)]
struct Placement {
    rest: Bitboard,
    still: bool,
    cost: u32,
    guarded: u64,
    /// The victim's pieces that must leave their squares for its check to stand (see `State::parriers`).
    parriers: u32,
}

impl Placement {
    /// Whether this placement makes `other` needless: it leaves no more open, gives the check if `other` does,
    /// costs no more moves and asks no more guarding or parriers gone.
    fn wins_over(&self, other: &Placement) -> bool {
        self.rest.0 & !other.rest.0 == 0
            && (!self.still || other.still)
            && self.cost <= other.cost
            && self.guarded & !other.guarded == 0
            && self.parriers & !other.parriers == 0
    }
}

/// A piece of the victim's (not its king) where it stands now, and what it surely does from there: the squares
/// it takes on and those it steps to by contact (a knight's jumps, a pawn's captures and single step, a rider's
/// next squares), where no obstacle can stop it.
#[derive(Clone, Copy, Debug)]
struct Home {
    walk: Walk,
    sq: Square,
    takes: u64,
    steps: u64,
    /// A rook with a castling right: castling takes it away with the king's move.
    castles: bool,
}

impl Home {
    fn new(walk: Walk, sq: Square, color: Color) -> Home {
        let (takes, steps) = match walk {
            Walk::Pawn => {
                let to = sq.index() as i32 + if color == Color::White { 8 } else { -8 };
                (PAWN_ATTACKS[color.index()][sq.index()], if (0..64).contains(&to) { 1u64 << to } else { 0 })
            }
            Walk::King => (0, 0),
            _ => {
                let next = Finder::steps(walk, sq).0;
                (next, next)
            }
        };
        Home { walk, sq, takes, steps, castles: false }
    }
}

/// The search for one king square's picture.
struct Finder {
    /// The attackers' colour.
    color: Color,
    /// The attackers' pieces, and the layers of their forms.
    attackers: Vec<Unit>,
    forms: Vec<Layers>,
    /// The squares each attacker may observe within each budget (a bound).
    observes: Vec<[Bitboard; LAYERS + 1]>,
    /// The squares each defender may stand on within each budget.
    holds: Vec<[Bitboard; LAYERS + 1]>,
    /// Each defender where it stands now (the same order as `holds`).
    homes: Vec<Home>,
    /// Mate, by square: the defenders (bits, the order of `holds`) that surely take on it, that surely step to
    /// it, and that stand on it (see [`Home`]).
    parry: Vec<[u32; 3]>,
    /// Mate, for the king square being tried: the defenders that cannot be pinned.
    unpinned: u32,
    /// The victim's rooks (bits, the order of `holds`) that castling may take from their squares with the
    /// king's move, none of their own.
    castlers: u32,
    /// The placements being tried, one list for each depth of the search.
    tried: Vec<Vec<Placement>>,
    /// The victim's final king square.
    king: Square,
    steps: u32,
    /// Stalemate: the victim's pieces (the same order as `holds`), each of which must end captured or unable to
    /// move, and the layers of their forms.
    defenders: Vec<Defender>,
    defender_forms: Vec<Layers>,
    /// Every defender (a bit each), and the order in which those not yet standing are taken: the hardest first
    /// (pieces that cannot be captured, then other pieces, then pawns).
    all: u32,
    order: Vec<u8>,
    /// Where each defender held in the picture being built stands (GONE: captured); read only for those held.
    standing: [u8; 32],
    /// The squares an attacker's rook or queen (0), bishop or queen (1) may end on: where a pin may come from.
    pinners: [u64; 2],
    /// The squares any attacker may end on.
    attack_reach: u64,
    /// For the king square being tried, where a piece (0) or a pawn (1) of the victim may be pinned.
    pins: [u64; 2],
    /// Whether the goal is stalemate (else mate).
    stalemate: bool,
    /// The victim's pawns' step (+8 for White, -8 for Black).
    forward: i32,
    /// The attacker's moves in all, and the victim's.
    moves: u32,
    victim_moves: u32,
}

impl Finder {
    /// The layers of the `i`th attacker's forms.
    fn forms_of(&self, i: usize) -> &[Layers] {
        let (a, b) = self.attackers[i].forms;
        &self.forms[a..b]
    }

    /// Whether the squares of `open` can all be observed by attackers or held by defenders not yet used, and
    /// the king checked when `check` is asked (then, for a stalemate, the victim's other pieces left stuck).
    fn cover(&mut self, open: Bitboard, check: bool, st: State) -> bool {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return true;
        }
        if !check && open.is_empty() {
            return if self.stalemate { self.immobilise(st) } else { self.unparried(st) };
        }
        let State { placed, held, a, d, .. } = st;
        // The square with the fewest pieces that might serve it first (the king's, for the check): counted in
        // bit planes (served by at least one, two, three of the pieces not yet used).
        let target = if check {
            self.king
        } else {
            let (mut one, mut two, mut three) = (0u64, 0u64, 0u64);
            let mut count = |b: u64| {
                three |= two & b;
                two |= one & b;
                one |= b;
            };
            for (i, seen) in self.observes.iter().enumerate() {
                if placed & 1 << i == 0 {
                    count(seen[a as usize].0 & open.0);
                }
            }
            for (j, h) in self.holds.iter().enumerate() {
                if held & 1 << j == 0 {
                    count(h[d as usize].0 & open.0);
                }
            }
            if open.0 & !one != 0 {
                return false;
            }
            let scarce = [open.0 & !two, open.0 & !three, open.0];
            Bitboard(scarce.into_iter().find(|&b| b != 0).unwrap_or(open.0)).first().expect("open squares")
        };
        let king_zone = Bitboard(KING[self.king.index()]) | self.king.bb();
        // The placements of one piece, by what they leave to do: one that leaves less for no more moves wins.
        let depth = (placed.count_ones() + held.count_ones()) as usize;
        if self.tried.len() <= depth {
            self.tried.resize_with(depth + 1, Vec::new);
        }
        let mut tried = std::mem::take(&mut self.tried[depth]);
        for i in 0..self.attackers.len() {
            if placed & 1 << i != 0 || !self.observes[i][a as usize].has(target) {
                continue;
            }
            let unit = self.attackers[i];
            // A king gives no check, and may not stand next to the other king.
            if check && unit.king {
                continue;
            }
            for layers in &self.forms[unit.forms.0..unit.forms.1] {
                let mut squares = layers.form.observers_of(self.color, target) & layers.at[a as usize];
                if unit.king {
                    squares &= !king_zone;
                }
                // A stalemated king is not in check: no knight or pawn of the attacker's observes its square.
                if self.stalemate && matches!(layers.form, Walk::Knight | Walk::Pawn) {
                    squares &= !layers.form.observers_of(self.color, self.king);
                }
                squares.clear(self.king);
                for to in squares {
                    let mut cost = layers.cost(to);
                    let seen = layers.form.observes(self.color, to);
                    // The mate's check comes with the attacker's last move (the victim never moves into check):
                    // a pawn that has not moved cannot be giving it, nor can a knight or a rider that no other
                    // piece of the attacker's can uncover, unless it went away and came back (two moves). (A
                    // rider that observes the king's square on the empty board only checks if placed to.)
                    let leaper = matches!(layers.form, Walk::Pawn | Walk::Knight);
                    if cost == 0 && self.moves > 0 && !self.stalemate && seen.has(self.king) && (check || leaper) {
                        let uncovered = layers.form != Walk::Knight && self.uncoverable(i, to);
                        if layers.form == Walk::Pawn || (!uncovered && a < 2) {
                            continue;
                        }
                        if !uncovered {
                            cost = 2;
                        }
                    }
                    // The check, given first: the pieces that would parry it must go (and can).
                    let parriers = if check { self.parriers(i, to, a - cost) } else { 0 };
                    if !self.parriers_fit(parriers, 0, d) {
                        continue;
                    }
                    // On a flight square the piece must be guarded by another (see `State::guarded`).
                    let still = check && !(layers.form != Walk::King && seen.has(self.king));
                    let placement =
                        Placement { rest: open & !seen, still, cost, guarded: open.0 & to.bb().0, parriers };
                    if tried.iter().any(|t| t.wins_over(&placement)) {
                        continue;
                    }
                    tried.retain(|t| !placement.wins_over(t));
                    tried.push(placement);
                }
            }
            let found = tried.iter().any(|t| {
                let next = State {
                    placed: placed | 1 << i,
                    a: a - t.cost,
                    guarded: st.guarded | t.guarded,
                    parriers: st.parriers | t.parriers,
                    ..st
                };
                self.cover(t.rest, t.still, next)
            });
            tried.clear();
            if found {
                self.tried[depth] = tried;
                return true;
            }
        }
        self.tried[depth] = tried;
        if !check && st.guarded & target.bb().0 == 0 {
            for j in 0..self.holds.len() {
                if held & 1 << j != 0 || !self.holds[j][d as usize].has(target) {
                    continue;
                }
                let cost = moves_to(&self.holds[j], target);
                let mut rest = open;
                rest.clear(target);
                self.standing[j] = target.index() as u8;
                let next = State { held: held | 1 << j, d: d - cost, holding: st.holding | target.bb().0, ..st };
                if self.cover(rest, false, next) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether another attacker than `i` can stand between `checker` and the king before the attacker's last
    /// move (within one move less than all it has), and so uncover a check of `checker`'s.
    fn uncoverable(&self, i: usize, checker: Square) -> bool {
        let line = crate::attacks::between(checker, self.king).0;
        let before = self.moves as usize - 1;
        line != 0
            && (0..self.attackers.len()).any(|k| k != i && self.forms_of(k).iter().any(|l| l.at[before].0 & line != 0))
    }

    /// Mate, the check of attacker `i` from `checker` (with `a` moves of the attacker's left): the victim's
    /// pieces (bits, in the order of `holds`) that must move or be captured for it to stand unparried, or none
    /// when another attacker could check too (a double check is parried by no capture or interposition). Those
    /// are the pieces that, standing where they are now, surely parry (take the checker or step between by
    /// contact, where no obstacle can stop them, and cannot be pinned), or stand between checker and king or on
    /// the king's square.
    fn parriers(&self, i: usize, checker: Square, a: u32) -> u32 {
        if (0..self.attackers.len())
            .any(|k| k != i && !self.attackers[k].king && self.observes[k][a as usize].has(self.king))
        {
            return 0;
        }
        let mut on_line = [0u32; 3];
        for sq in crate::attacks::between(checker, self.king) {
            for (all, by) in on_line.iter_mut().zip(self.parry[sq.index()]) {
                *all |= by;
            }
        }
        let [takes, _, stands] = self.parry[checker.index()];
        let parries = (takes | on_line[1]) & self.unpinned;
        (parries | on_line[2] | self.parry[self.king.index()][2]) & !stands
    }

    /// Whether the pieces of `must` (see [`Finder::parriers`]) not among `held` can each move (one of `d`
    /// moves) or be captured (one of the attacker's moves, by a piece that can get to it).
    fn parriers_fit(&self, must: u32, held: u32, d: u32) -> bool {
        let free = must & !held & !self.castlers;
        if free == 0 {
            return true;
        }
        let capturable = (0..self.homes.len())
            .filter(|&j| free & 1 << j != 0 && self.attack_reach & self.homes[j].sq.bb().0 != 0)
            .count() as u32;
        free.count_ones() <= d + capturable.min(self.moves)
    }

    /// Mate, all flights covered: whether the pieces that must leave their squares for the check to stand (see
    /// [`Finder::parriers`]) can: none held for a flight on the square it stands on now, the others each
    /// moving (one of the victim's moves left) or captured.
    fn unparried(&self, st: State) -> bool {
        let stays = (0..self.homes.len())
            .any(|j| st.parriers & st.held & 1 << j != 0 && self.standing[j] == self.homes[j].sq.index() as u8);
        !stays && self.parriers_fit(st.parriers, st.held, st.d)
    }

    /// Whether the victim's pieces not yet settled can each end captured (one attacking move each, by an
    /// attacker that can get to it) or unable to move. Those already standing (held for a flight square or
    /// brought to block) are taken first, where they stand; the others, hardest first, on each square they can
    /// reach in each form (a pawn's promotions too).
    fn immobilise(&mut self, st: State) -> bool {
        let open = self.all & !st.settled;
        if open == 0 {
            return true;
        }
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return true;
        }
        let standing = open & st.held;
        let k = if standing != 0 {
            standing.trailing_zeros() as usize
        } else {
            self.order.iter().map(|&k| k as usize).find(|&k| open & 1 << k != 0).expect("an open defender")
        };
        let st = State { settled: st.settled | 1 << k, ..st };
        let (first, last) = self.defenders[k].forms;
        if standing != 0 {
            let at = self.standing[k];
            if at == GONE {
                return self.immobilise(st);
            }
            let at = Square::new(at);
            for f in first..last {
                let l = self.defender_forms[f];
                if l.at[self.victim_moves as usize].has(at) && self.stuck(l.form, at, st) {
                    return true;
                }
            }
            return false;
        }
        if self.defenders[k].capturable && st.captures > 0 {
            self.standing[k] = GONE;
            if self.immobilise(State { held: st.held | 1 << k, captures: st.captures - 1, ..st }) {
                return true;
            }
        }
        for f in first..last {
            let l = self.defender_forms[f];
            for q in l.at[st.d as usize] {
                if q == self.king || st.holding & q.bb().0 != 0 {
                    continue;
                }
                let here = State { held: st.held | 1 << k, d: st.d - l.cost(q), holding: st.holding | q.bb().0, ..st };
                self.standing[k] = q.index() as u8;
                if self.stuck(l.form, q, here) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a defender on `q` in form `form` may be pinned: on a line of its king (not a file for a pawn,
    /// which would still push) with a square beyond it that an attacker's rider of the line's kind can reach.
    fn pinned(&self, form: Walk, q: Square) -> bool {
        self.pins[usize::from(form == Walk::Pawn)] & q.bb().0 != 0
    }

    /// Sets the king's square, and with it where its pieces may be pinned (see [`Finder::pinned`]).
    fn set_king(&mut self, king: Square) {
        self.king = king;
        self.pins = [0, 0];
        if self.homes.is_empty() {
            return;
        }
        for (d, rays) in RAYS.iter().enumerate() {
            // Rays 0 and 4 run along files, 2 and 6 along ranks, the odd ones along diagonals.
            let ray = rays[king.index()];
            let pinners = ray & self.pinners[usize::from(d % 2 == 1)];
            if pinners == 0 {
                continue;
            }
            let far = if POSITIVE[d] { 63 - pinners.leading_zeros() } else { pinners.trailing_zeros() };
            let pinned = ray & !rays[far as usize] & !(1u64 << far);
            self.pins[0] |= pinned;
            if d % 4 != 0 {
                self.pins[1] |= pinned;
            }
        }
        if !self.stalemate {
            self.unpinned =
                self.homes
                    .iter()
                    .enumerate()
                    .fold(0, |acc, (j, h)| if self.pinned(h.walk, h.sq) { acc } else { acc | 1 << j });
        }
    }

    /// The squares a piece (not a pawn) of form `form` on `q` steps to first: those its own pieces must hold for
    /// it to have no move.
    fn steps(form: Walk, q: Square) -> Bitboard {
        match form {
            Walk::Knight => Bitboard(KNIGHT[q.index()]),
            _ => form.observes(Color::White, q) & Bitboard(KING[q.index()]),
        }
    }

    /// A quick necessary test of the victim's pieces with `d` moves, `captures` of the attacker's: each must end
    /// captured or on a square where it could be stuck (pinned, or each square it steps to within reach of
    /// another of its pieces, a pawn's front within reach of any piece), its own moves there counted alone.
    /// The dearest the attacker can capture are left out; the rest must fit `d`.
    fn stuck_floor_fits(&self, d: u32, captures: u32) -> bool {
        let n = self.defenders.len();
        if n == 0 {
            return true;
        }
        let mut floor = [0u32; 32];
        let (mut once, mut twice) = (0u64, 0u64);
        for h in &self.holds {
            twice |= once & h[d as usize].0;
            once |= h[d as usize].0;
        }
        for (k, (defender, held)) in self.defenders.iter().zip(&self.holds).enumerate() {
            let others = twice | (once & !held[d as usize].0);
            // Pawns: pinned, or the square in front within reach of a piece (the king's own counts).
            let fronts = others | self.attack_reach | self.king.bb().0;
            let pawn_ok = self.pins[1] | if self.forward > 0 { fronts >> 8 } else { fronts << 8 };
            let mut best = FAR;
            for l in &self.defender_forms[defender.forms.0..defender.forms.1] {
                let mut before = 0u64;
                for (cost, layer) in l.at.iter().enumerate().take((d as usize + 1).min(best as usize)) {
                    let new = layer.0 & !before & !self.king.bb().0;
                    before |= layer.0;
                    let stuck = match l.form {
                        Walk::Pawn => new & pawn_ok != 0,
                        _ => {
                            new & self.pins[0] != 0
                                || Bitboard(new).into_iter().any(|q| {
                                    let need = Self::steps(l.form, q).0 & !self.king.bb().0;
                                    need & !others == 0 && need.count_ones() < n as u32
                                })
                        }
                    };
                    if stuck {
                        best = cost as u32;
                        break;
                    }
                }
            }
            floor[k] = best;
        }
        // The attacker captures the dearest it can.
        let (mut sum, mut dear) = (0u32, [0u32; 32]);
        let mut m = 0;
        for (k, defender) in self.defenders.iter().enumerate() {
            if defender.capturable {
                dear[m] = floor[k];
                m += 1;
            } else {
                sum += floor[k];
            }
        }
        if sum > d {
            return false;
        }
        let dear = &mut dear[..m];
        if sum + dear.iter().sum::<u32>() <= d {
            return true;
        }
        dear.sort_unstable_by(|a, b| b.cmp(a));
        sum + dear.iter().skip(captures as usize).sum::<u32>() <= d
    }

    /// Whether a defender standing on `q` in form `form` can be left without a move, and the defenders not yet
    /// settled too. Unless pinned (on a line of its king with a square beyond it that an attacker's rider of the
    /// line's kind can reach; for a pawn, not a file), a piece that has no move has its own pieces on every
    /// square it could step to, a pawn a piece of either side in front of it. Its captures are not asked about,
    /// nor what lies between the pinned piece and its king: a bound.
    fn stuck(&mut self, form: Walk, q: Square, st: State) -> bool {
        if self.pinned(form, q) && self.immobilise(st) {
            return true;
        }
        if form != Walk::Pawn {
            let need = Bitboard(Self::steps(form, q).0 & !st.holding & !self.king.bb().0);
            return self.block(need, st);
        }
        let front = q.index() as i32 + self.forward;
        if !(0..64).contains(&front) {
            return false;
        }
        let front = Square::new(front as u8);
        if front == self.king || st.holding & front.bb().0 != 0 {
            return self.immobilise(st);
        }
        // A piece in front: an attacker placed for the flights (its square is not kept: any it can reach), one
        // brought there, or a defender.
        for i in 0..self.attackers.len() {
            if st.placed & 1 << i != 0 {
                let can =
                    st.blocking & 1 << i == 0 && self.forms_of(i).iter().any(|l| l.at[self.moves as usize].has(front));
                if can && self.immobilise(State { blocking: st.blocking | 1 << i, ..st }) {
                    return true;
                }
                continue;
            }
            let Some(cost) = self.forms_of(i).iter().map(|l| l.cost(front)).min().filter(|&c| c <= st.a) else {
                continue;
            };
            if self.immobilise(State { placed: st.placed | 1 << i, a: st.a - cost, ..st }) {
                return true;
            }
        }
        self.block(Bitboard(front.bb().0), st)
    }

    /// Whether defenders not yet used can be brought onto every square of `need` (and the defenders not yet
    /// settled then left without a move).
    fn block(&mut self, need: Bitboard, st: State) -> bool {
        let Some(sq) = need.first() else { return self.immobilise(st) };
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return true;
        }
        let free = self.holds.len() as u32 - st.held.count_ones();
        if need.count() > free {
            return false;
        }
        // Each square wants a defender of its own: at least the cheapest that can get there.
        let mut least = 0;
        for s in need {
            let cheapest =
                (0..self.holds.len()).filter(|&j| st.held & 1 << j == 0).map(|j| moves_to(&self.holds[j], s)).min();
            least += cheapest.unwrap_or(FAR);
            if least > st.d {
                return false;
            }
        }
        let mut rest = need;
        rest.clear(sq);
        for j in 0..self.holds.len() {
            if st.held & 1 << j != 0 || !self.holds[j][st.d as usize].has(sq) {
                continue;
            }
            let cost = moves_to(&self.holds[j], sq);
            self.standing[j] = sq.index() as u8;
            let next = State { held: st.held | 1 << j, d: st.d - cost, holding: st.holding | sq.bb().0, ..st };
            if self.block(rest, next) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    /// Moves on the empty board from `a` to `b`, by the geometry of each walk (the reference the layers are
    /// checked against; not for knights and pawns).
    fn distance(walk: Walk, a: Square, b: Square) -> u32 {
        if a == b {
            return 0;
        }
        let (df, dr) = (a.file().abs_diff(b.file()), a.rank().abs_diff(b.rank()));
        let line = df == 0 || dr == 0;
        let diagonal = df == dr;
        match walk {
            Walk::King => df.max(dr) as u32,
            Walk::Queen => 1 + !(line || diagonal) as u32,
            Walk::Rook => 1 + !line as u32,
            Walk::Bishop if diagonal => 1,
            Walk::Bishop if a.is_dark() == b.is_dark() => 2,
            _ => FAR,
        }
    }

    /// Moves of a pawn of `color` from `a` to `b` (a square short of its last rank), captures taken as possible:
    /// a rank a move, one file at most per move, the double step from the second rank changing none.
    fn pawn_steps(color: Color, a: Square, b: Square) -> u32 {
        let (ra, rb) = match color {
            Color::White => (a.rank() as i32, b.rank() as i32),
            Color::Black => (7 - a.rank() as i32, 7 - b.rank() as i32),
        };
        let ranks = rb - ra;
        let files = a.file().abs_diff(b.file()) as i32;
        if ranks == 0 && files == 0 {
            0
        } else if ranks <= 0 {
            FAR
        } else if ra == 1 && ranks >= 2 && files <= ranks - 2 {
            (ranks - 1) as u32
        } else if files <= ranks {
            ranks as u32
        } else {
            FAR
        }
    }

    /// A piece's forms.
    struct Piece {
        forms: Vec<Layers>,
    }

    impl Piece {
        /// The fewest moves that bring this piece to `sq` in any form.
        fn cost_any(&self, sq: Square) -> u32 {
            self.forms.iter().map(|l| l.cost(sq)).min().unwrap_or(FAR)
        }
    }

    fn unit(fen_piece: (Color, Kind), at: &str, castling: u8) -> Piece {
        let mut pos = Position::empty();
        pos.set_castling(castling);
        let (color, kind) = fen_piece;
        let mut forms = Vec::new();
        piece_layers(&pos, color, sq(at), Walk::of(kind).unwrap(), LAYERS, &mut forms);
        Piece { forms }
    }

    #[test]
    fn the_book_gives_the_layers_computed_afresh() {
        // Every colour, walk, square and limit (castling rights too: those pieces are computed afresh), the
        // layers and what each piece observes within each budget up to the limit.
        let pictures = Pictures::new();
        for castling in [0, castle::WK | castle::BQ] {
            let mut pos = Position::empty();
            pos.set_castling(castling);
            for color in Color::ALL {
                for walk in Walk::ALL {
                    for s in Square::all() {
                        for limit in 0..=LAYERS {
                            let (mut want, mut got) = (Vec::new(), Vec::new());
                            piece_layers(&pos, color, s, walk, limit, &mut want);
                            let seen = pictures.layers(&pos, color, s, walk, limit, &mut got);
                            let what = format!("{color:?} {walk:?} {s} limit {limit} castling {castling}");
                            assert_eq!(got.len(), want.len(), "{what}");
                            for (g, w) in got.iter().zip(&want) {
                                assert_eq!((g.form, g.at), (w.form, w.at), "{what}");
                            }
                            for (k, b) in seen.iter().enumerate().take(limit + 1) {
                                let by_hand =
                                    want.iter().fold(0, |acc, l| acc | l.form.observes_from(color, l.at[k].0));
                                assert_eq!(b.0, by_hand, "{what}: observed within {k}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn lines_through_squares_agree_with_the_line_masks() {
        // Every file, rank and diagonal through a square of `b`, from the masks one by one, against the bit
        // tricks and the per-square table, on sets of one to all 64 squares.
        let files_and_ranks: [u64; 16] = line_masks(true);
        let by_masks = |b: u64, masks: &[u64]| masks.iter().filter(|&&m| m & b != 0).fold(0, |acc, m| acc | m);
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for n in 0..2000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse and dense sets: keep 1 in 2, 4, 8, ... of the random bits.
            let b = (0..n % 6).fold(x, |acc, i| acc & x.rotate_left(7 * i as u32 + 3));
            assert_eq!(orthogonal_lines(b), by_masks(b, &files_and_ranks), "{b:#x}");
            assert_eq!(diagonal_lines(b), by_masks(b, &DIAGONAL), "{b:#x}");
        }
        for s in 0..64 {
            assert_eq!(orthogonal_lines(1 << s), rook_attacks(Square::new(s), Bitboard::EMPTY).0 | 1 << s);
            assert_eq!(diagonal_lines(1 << s), bishop_attacks(Square::new(s), Bitboard::EMPTY).0 | 1 << s);
        }
    }

    #[test]
    fn layers_agree_with_the_geometry_of_each_walk() {
        for (kind, walk) in [
            (Kind::KING, Walk::King),
            (Kind::QUEEN, Walk::Queen),
            (Kind::ROOK, Walk::Rook),
            (Kind::BISHOP, Walk::Bishop),
        ] {
            for from in Square::all() {
                let u = unit((Color::White, kind), &from.to_string(), 0);
                assert_eq!(u.forms.len(), 1);
                for to in Square::all() {
                    assert_eq!(u.forms[0].cost(to), distance(walk, from, to), "{walk:?} {from}-{to}");
                }
            }
        }
        for color in Color::ALL {
            for from in Square::all().filter(|s| (1..7).contains(&s.rank())) {
                let u = unit((color, Kind::PAWN), &from.to_string(), 0);
                for to in Square::all().filter(|s| s.rank() != color.last_rank()) {
                    assert_eq!(u.forms[0].cost(to), pawn_steps(color, from, to), "{color:?} pawn {from}-{to}");
                }
            }
        }
    }

    #[test]
    fn knight_distances_on_the_empty_board() {
        // The classic values: corner to opposite corner 6 moves, a1-b2 4, one step along a file 3.
        let n = unit((Color::White, Kind::KNIGHT), "a1", 0);
        assert_eq!(n.cost_any(sq("h8")), 6);
        assert_eq!(n.cost_any(sq("b2")), 4);
        assert_eq!(n.cost_any(sq("c2")), 1);
        assert_eq!(unit((Color::Black, Kind::KNIGHT), "d4", 0).cost_any(sq("d5")), 3);
    }

    #[test]
    fn pawns_promote_on_the_way() {
        let p = unit((Color::White, Kind::PAWN), "e6", 0);
        // e7, e8=Q (2 moves), then a queen's move to a4; as a knight: e8=S-d6 3 moves.
        assert_eq!(p.cost_any(sq("a4")), 3);
        assert_eq!(p.forms.iter().find(|l| l.form == Walk::Knight).unwrap().cost(sq("d6")), 3);
        // Never on the last rank as a pawn; a promoted piece there in 2.
        assert_eq!(p.forms[0].cost(sq("e8")), FAR);
        assert_eq!(p.cost_any(sq("e8")), 2);
        let b = unit((Color::Black, Kind::PAWN), "b3", 0);
        assert_eq!(b.cost_any(sq("a1")), 2);
    }

    #[test]
    fn castling_brings_king_and_rook_in_one_move() {
        let k = unit((Color::White, Kind::KING), "e1", castle::WK);
        assert_eq!(k.cost_any(sq("g1")), 1);
        assert_eq!(k.cost_any(sq("h2")), 2);
        assert_eq!(k.cost_any(sq("c1")), 2);
        let r = unit((Color::White, Kind::ROOK), "h1", castle::WK);
        assert_eq!(r.cost_any(sq("f1")), 0);
        assert_eq!(r.cost_any(sq("f7")), 1);
        assert_eq!(r.cost_any(sq("a1")), 1);
        assert_eq!(r.cost_any(sq("a7")), 2);
        let long = unit((Color::Black, Kind::KING), "e8", castle::BQ);
        assert_eq!(long.cost_any(sq("c8")), 1);
        assert_eq!(long.cost_any(sq("g8")), 2);
    }
}
