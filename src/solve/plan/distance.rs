//! Moves on the empty board: the fewest moves that take an orthodox piece from one square to a final form and
//! square (a pawn's through its promotion, a king's and a rook's through castling while the right stands). A
//! lower bound of what real play needs, since every move of real play is a move on the empty board.

use crate::attacks::{bishop_attacks, rook_attacks, KING, KNIGHT, PAWN_ATTACKS};
use crate::pieces::Kind;
use crate::position::castle;
use crate::square::{Bitboard, Color, Square};

/// More moves than any budget: "never".
pub const FAR: u32 = 100;

/// The promoted forms, in the order of the promotion tables.
const PROMOTED: [Kind; 4] = [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT];

/// The empty board's distances, by colour, kind, from-square and to-square (a piece keeping its kind), and for
/// pawns to each promoted form.
pub struct Distances {
    same: Box<[u8]>,
    promoted: Box<[u8]>,
}

impl Default for Distances {
    fn default() -> Self {
        Self::new()
    }
}

/// The squares one move takes a piece of `kind` and `color` to from `from` on the empty board (a pawn: its
/// pushes, its double step from its second rank and its captures, the last rank included).
pub fn steps(kind: Kind, color: Color, from: Square) -> u64 {
    let i = from.index();
    match kind {
        Kind::KING => KING[i],
        Kind::KNIGHT => KNIGHT[i],
        Kind::QUEEN => rook_attacks(from, Bitboard::EMPTY).0 | bishop_attacks(from, Bitboard::EMPTY).0,
        Kind::ROOK => rook_attacks(from, Bitboard::EMPTY).0,
        Kind::BISHOP => bishop_attacks(from, Bitboard::EMPTY).0,
        Kind::PAWN => {
            let ahead = from.offset(0, color.forward()).map_or(0, |s| s.bb().0);
            let second = if color == Color::White { 1 } else { 6 };
            let double =
                if from.rank() == second { from.offset(0, 2 * color.forward()).map_or(0, |s| s.bb().0) } else { 0 };
            ahead | double | PAWN_ATTACKS[color.index()][i]
        }
        _ => 0,
    }
}

/// Breadth-first distances from `from` by `step`, never through `barred` (a pawn's last rank).
fn spread(from: Square, barred: u64, step: impl Fn(Square) -> u64) -> [u8; 64] {
    let mut d = [FAR as u8; 64];
    d[from.index()] = 0;
    let mut frontier = from.bb().0;
    let mut seen = frontier;
    let mut k = 0u8;
    while frontier != 0 {
        k += 1;
        let mut next = 0u64;
        for s in Bitboard(frontier & !barred) {
            next |= step(s);
        }
        next &= !seen;
        seen |= next;
        for s in Bitboard(next) {
            d[s.index()] = k;
        }
        frontier = next;
    }
    d
}

impl Distances {
    pub fn new() -> Distances {
        let mut same = vec![FAR as u8; 2 * 6 * 64 * 64];
        let mut promoted = vec![FAR as u8; 2 * 4 * 64 * 64];
        for color in Color::ALL {
            let last = 0xFFu64 << (8 * color.last_rank() as u32);
            for k in 0..6u8 {
                let kind = Kind(k);
                for from in Square::all() {
                    let d = spread(from, if kind == Kind::PAWN { last } else { 0 }, |s| steps(kind, color, s));
                    let at = ((color.index() * 6 + k as usize) * 64 + from.index()) * 64;
                    for to in Square::all() {
                        // A pawn never stands on its last rank (nor on its first).
                        let pawn_square = to.rank() != 0 && to.rank() != 7;
                        if kind != Kind::PAWN || pawn_square {
                            same[at + to.index()] = d[to.index()];
                        }
                    }
                    if kind != Kind::PAWN || from.rank() == 0 || from.rank() == 7 {
                        continue;
                    }
                    // Promotion: the pawn's move onto its last rank, then the new piece's moves.
                    for (f, form) in PROMOTED.iter().enumerate() {
                        let at = ((color.index() * 4 + f) * 64 + from.index()) * 64;
                        for p in Bitboard(last) {
                            let to_p = d[p.index()] as u32;
                            if to_p >= FAR {
                                continue;
                            }
                            let base = ((color.index() * 6 + form.index()) * 64 + p.index()) * 64;
                            for to in Square::all() {
                                let via = (to_p + u32::from(same[base + to.index()])).min(FAR) as u8;
                                let slot = &mut promoted[at + to.index()];
                                *slot = (*slot).min(via);
                            }
                        }
                    }
                }
            }
        }
        // The promoted forms' own tables were filled before the pawn's rows only for kinds below the pawn, which
        // they all are (queen 1 .. knight 4, pawn 5).
        Distances { same: same.into_boxed_slice(), promoted: promoted.into_boxed_slice() }
    }

    /// The fewest moves on the empty board from a piece of `kind` and `color` on `from` (with the castling
    /// rights `rights`) to form `form` on `to`; [`FAR`] when it cannot get there.
    #[inline]
    pub fn get(&self, color: Color, kind: Kind, from: Square, rights: u8, form: Kind, to: Square) -> u32 {
        if kind == form {
            let row = ((color.index() * 6 + kind.index()) * 64) * 64;
            let mut d = u32::from(self.same[row + from.index() * 64 + to.index()]);
            if rights != 0 && (kind == Kind::KING || kind == Kind::ROOK) {
                d = d.min(self.castled(color, kind, from, rights, to));
            }
            d
        } else if kind == Kind::PAWN {
            match PROMOTED.iter().position(|&k| k == form) {
                Some(f) => u32::from(self.promoted[((color.index() * 4 + f) * 64 + from.index()) * 64 + to.index()]),
                None => FAR,
            }
        } else {
            FAR
        }
    }

    /// Castling: a king on its home square reaches its castled square in one move, a rook in its corner stands
    /// on its castled square with the king's move (none of its own).
    fn castled(&self, color: Color, kind: Kind, from: Square, rights: u8, to: Square) -> u32 {
        let (short, long, rank) = match color {
            Color::White => (rights & castle::WK != 0, rights & castle::WQ != 0, 0),
            Color::Black => (rights & castle::BK != 0, rights & castle::BQ != 0, 7),
        };
        let at = |file| Square::from_coords(file, rank);
        let row = |kind: Kind, from: Square| ((color.index() * 6 + kind.index()) * 64 + from.index()) * 64;
        let mut d = FAR;
        if kind == Kind::KING && from == at(4) {
            if short {
                d = d.min(1 + u32::from(self.same[row(kind, at(6)) + to.index()]));
            }
            if long {
                d = d.min(1 + u32::from(self.same[row(kind, at(2)) + to.index()]));
            }
        }
        if kind == Kind::ROOK {
            if short && from == at(7) {
                d = d.min(u32::from(self.same[row(kind, at(5)) + to.index()]));
            }
            if long && from == at(0) {
                d = d.min(u32::from(self.same[row(kind, at(3)) + to.index()]));
            }
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn distances_of_each_walk() {
        let d = Distances::new();
        let w = Color::White;
        // Knight: corner to corner 6, a1-b2 4 (the classic values); king: Chebyshev; bishop: 2 on its colour.
        assert_eq!(d.get(w, Kind::KNIGHT, sq("a1"), 0, Kind::KNIGHT, sq("h8")), 6);
        assert_eq!(d.get(w, Kind::KNIGHT, sq("a1"), 0, Kind::KNIGHT, sq("b2")), 4);
        assert_eq!(d.get(w, Kind::KING, sq("a1"), 0, Kind::KING, sq("h5")), 7);
        assert_eq!(d.get(w, Kind::BISHOP, sq("a1"), 0, Kind::BISHOP, sq("b8")), 2);
        assert_eq!(d.get(w, Kind::BISHOP, sq("a1"), 0, Kind::BISHOP, sq("a2")), FAR);
        assert_eq!(d.get(w, Kind::ROOK, sq("a1"), 0, Kind::ROOK, sq("h8")), 2);
        assert_eq!(d.get(w, Kind::QUEEN, sq("a1"), 0, Kind::QUEEN, sq("b3")), 2);
        // Pawns: the double step, captures taken as possible, never backwards.
        assert_eq!(d.get(w, Kind::PAWN, sq("e2"), 0, Kind::PAWN, sq("e4")), 1);
        assert_eq!(d.get(w, Kind::PAWN, sq("e2"), 0, Kind::PAWN, sq("g4")), 2);
        assert_eq!(d.get(w, Kind::PAWN, sq("e4"), 0, Kind::PAWN, sq("e3")), FAR);
        assert_eq!(d.get(Color::Black, Kind::PAWN, sq("e7"), 0, Kind::PAWN, sq("e5")), 1);
        // Promotion: e7-e8=Q then the queen; a knight from b7: b8=S-c6 or a8=S... b7xa8=S-b6, 2.
        assert_eq!(d.get(w, Kind::PAWN, sq("e7"), 0, Kind::QUEEN, sq("e8")), 1);
        assert_eq!(d.get(w, Kind::PAWN, sq("e7"), 0, Kind::QUEEN, sq("a4")), 2);
        assert_eq!(d.get(w, Kind::PAWN, sq("b7"), 0, Kind::KNIGHT, sq("c6")), 2);
        assert_eq!(d.get(Color::Black, Kind::PAWN, sq("b2"), 0, Kind::ROOK, sq("a1")), 1);
        assert_eq!(d.get(w, Kind::PAWN, sq("e7"), 0, Kind::KING, sq("e8")), FAR);
        assert_eq!(d.get(w, Kind::QUEEN, sq("e7"), 0, Kind::PAWN, sq("e7")), FAR);
        // Castling: the king to g1 in one move, the rook to f1 in none.
        let rights = castle::WK | castle::BQ;
        assert_eq!(d.get(w, Kind::KING, sq("e1"), rights, Kind::KING, sq("g1")), 1);
        assert_eq!(d.get(w, Kind::KING, sq("e1"), rights, Kind::KING, sq("c1")), 2);
        assert_eq!(d.get(w, Kind::ROOK, sq("h1"), rights, Kind::ROOK, sq("f1")), 0);
        assert_eq!(d.get(w, Kind::ROOK, sq("h1"), rights, Kind::ROOK, sq("f7")), 1);
        assert_eq!(d.get(w, Kind::ROOK, sq("h1"), 0, Kind::ROOK, sq("f7")), 2);
        assert_eq!(d.get(Color::Black, Kind::KING, sq("e8"), rights, Kind::KING, sq("c8")), 1);
        assert_eq!(d.get(Color::Black, Kind::ROOK, sq("a8"), rights, Kind::ROOK, sq("d3")), 1);
    }

    #[test]
    fn one_move_changes_a_distance_by_at_most_one() {
        // The bound the planner rests on: for a move on the empty board from `a` to `b`, the distance from `a` is at
        // most one more than the distance from `b`.
        let d = Distances::new();
        for color in Color::ALL {
            for k in 0..6u8 {
                let kind = Kind(k);
                for a in Square::all() {
                    if kind == Kind::PAWN && (a.rank() == 0 || a.rank() == 7) {
                        continue;
                    }
                    for b in Bitboard(steps(kind, color, a)) {
                        for form in [Kind::KING, Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT, Kind::PAWN] {
                            for t in Square::all() {
                                let last = b.rank() == color.last_rank() && kind == Kind::PAWN;
                                let after = if last {
                                    PROMOTED
                                        .iter()
                                        .map(|&p| if p == form { d.get(color, p, b, 0, form, t) } else { FAR })
                                        .min()
                                        .unwrap()
                                } else {
                                    d.get(color, kind, b, 0, form, t)
                                };
                                let before = d.get(color, kind, a, 0, form, t);
                                assert!(
                                    before <= after.saturating_add(1),
                                    "{color:?} {kind:?} {a}-{b} to {form:?} {t}: {before} > 1 + {after}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
