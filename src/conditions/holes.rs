//! Holes (Popeye `Hole`, `Loch`, `Trou`) and Haaner chess (`HaanerChess`, `HaanerSchach`, `Haan`): squares that are
//! not on the board. Popeye marks a hole as it marks the squares off the board (`block_square`: the square's walk is
//! `Invalid`), so every walk treats it as the board's edge: no piece stands on it or arrives on it, a rider's line
//! ends before it, a hopper finds no hurdle on it (nor beyond it: the line has ended), a lame leap does not pass
//! it, a pawn does not step onto it nor make a double step over it, and a king does not castle over it (every square
//! between king and rook must be empty). Observation is the walks' on that board: a line through a hole gives no
//! check. Popeye: `HandleHole` in `input/plaintext/condition.c`, `position/position.c`.
//!
//! Haaner chess makes a hole of every square a piece leaves (the king's and the rook's in castling) and of the
//! square of a pawn taken en passant, once the move is made (`conditions/haan.c`: the departure of each piece that
//! moved, if it is empty then); the legality of the move (the mover's king unchecked) is judged with the new holes.
//! The holes Haaner chess makes are the position's wide state ([`Position::wide_slot`]), a set of squares; the
//! holes of `Hole` stay where the problem puts them. Played together, Haaner chess begins from those.
//!
//! A move is tried on the board with the holes: the piece's walk is stepped with the holes as squares that are
//! occupied by no side (the kernel's [`Occupancy`]), and the move stands if that walk makes it, not onto a hole. A
//! walk that finds a hole where it looks for a hurdle would hop it there, which the test never asks for: the moves
//! that come of it land before or on the first piece beyond the hole, the moves tested land beyond the first piece.

use crate::attacks::{CompiledWalk, Occupancy};
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::pieces::Kind;
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// Whether stipula plays the walk of `kind` with holes: its treatment of a hole is read from Popeye's sources (a
/// hole is no hurdle, no victim, and ends a line); the others (the non-stop equihopper takes a hole for its
/// hurdle, `hoppers.c`) are not played with holes.
pub fn plays_walk(kind: crate::pieces::Kind) -> bool {
    use crate::pieces::Atom;
    kind.def().walk.iter().all(|a| {
        matches!(
            a,
            Atom::Leap(..)
                | Atom::Ride(..)
                | Atom::Hop(..)
                | Atom::Locust(..)
                | Atom::Lame(..)
                | Atom::LameRide(..)
                | Atom::Lion(..)
                | Atom::LeapHop(..)
                | Atom::HopN(..)
                | Atom::QuietRide(..)
                | Atom::QuietLeap(..)
                | Atom::Pawn
        )
    })
}

/// Holes given by the problem (`Hole`) and, for Haaner chess, those its moves make.
#[derive(Clone, Debug)]
pub struct Holes {
    /// The problem's holes (`Hole d4 e5`; under Haaner chess played with `Hole`, those too).
    fixed: Bitboard,
    /// Haaner chess: every square a piece leaves becomes a hole.
    haaner: bool,
}

/// The board as a walk sees it with holes: a hole is occupied and belongs to no side. With `target`, a square
/// taken to hold an enemy of `us` (the piece an observation is asked of).
struct Holed<'a> {
    pos: &'a Position,
    holes: Bitboard,
    us: Color,
    target: Bitboard,
}

impl Occupancy for Holed<'_> {
    #[inline]
    fn occupied(&self) -> Bitboard {
        self.pos.occupied() | self.holes | self.target
    }
    #[inline]
    fn color_bb(&self, color: Color) -> Bitboard {
        let bb = self.pos.color_bb(color) & !self.target;
        if color == self.us {
            bb
        } else {
            bb | self.target
        }
    }
    #[inline]
    fn pieces_bb(&self, color: Color, kind: Kind) -> Bitboard {
        self.pos.pieces_bb(color, kind)
    }
}

impl Holes {
    /// `Hole` with its squares.
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Holes { fixed: spec.squares.0, haaner: false }))
    }

    /// Haaner chess.
    pub fn build_haaner(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Holes { fixed: Bitboard::EMPTY, haaner: true }))
    }

    /// Haaner chess played together with `Hole` on `fixed`: its moves' holes added to those.
    pub fn haaner_with(fixed: Bitboard) -> Box<dyn Condition> {
        Box::new(Holes { fixed, haaner: true })
    }

    /// The holes in `pos`.
    #[inline]
    pub fn holes(&self, pos: &Position) -> Bitboard {
        if self.haaner {
            self.fixed | Bitboard(pos.wide_slot())
        } else {
            self.fixed
        }
    }

    /// The hole `mv` lands on or passes over, if any (`None`: the move stands on the board with the holes).
    pub fn blocking_hole(&self, rules: &Rules, pos: &Position, mv: Move) -> Option<Square> {
        let holes = self.holes(pos);
        if holes.is_empty() {
            return None;
        }
        if holes.has(mv.to) {
            return Some(mv.to);
        }
        let rank = mv.from.rank();
        let between = |files: &[u8]| files.iter().map(|&f| Square::from_coords(f, rank)).find(|&s| holes.has(s));
        match mv.special {
            Special::CastleShort => return between(&[5, 6]),
            Special::CastleLong => return between(&[1, 2, 3]),
            Special::DoubleStep => {
                let middle = Square::from_coords(mv.from.file(), (mv.from.rank() + mv.to.rank()) / 2);
                return holes.has(middle).then_some(middle);
            }
            Special::None => {}
            _ => return None,
        }
        let piece = pos.piece_at(mv.from)?;
        if piece.kind == Kind::PAWN {
            return None;
        }
        let walk = rules.walks.get(piece.kind);
        let on_the_way = segment(mv.from, mv.to) & holes;
        if on_the_way.is_empty() && straight(walk) {
            return None;
        }
        let holed = Holed { pos, holes, us: piece.color, target: Bitboard::EMPTY };
        let mut found = false;
        walk.for_each_target(&holed, piece.color, mv.from, |to, cap| {
            found |= to == mv.to && cap == mv.capture();
        });
        if found {
            return None;
        }
        // The hole on the way: the first one between the two squares on their line, else any (a lame leap's).
        on_the_way.into_iter().next().or_else(|| holes.into_iter().next())
    }

    /// Whether the piece on `observer` observes `target` on the board with the holes.
    fn observes(&self, rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        let holes = self.holes(pos);
        if holes.is_empty() {
            return true;
        }
        let Some(piece) = pos.piece_at(observer) else { return true };
        if piece.kind == Kind::PAWN {
            return true;
        }
        let walk = rules.walks.get(piece.kind);
        if (segment(observer, target) & holes).is_empty() && straight(walk) {
            return true;
        }
        let holed = Holed { pos, holes, us: piece.color, target: target.bb() };
        let mut found = false;
        walk.for_each_target(&holed, piece.color, observer, |_, cap| {
            found |= cap == Some(target);
        });
        found
    }
}

/// Whether the walk's moves go along straight lines only (leaps, rides, hops, locusts), so that a move whose line
/// from its departure to its arrival holds no hole is one the holes leave (a piece the walk found on that line,
/// its hurdle or its victim, is no hole).
fn straight(walk: &CompiledWalk) -> bool {
    walk.lames.is_empty() && walk.lame_rides.is_empty() && walk.specials.is_empty()
}

/// The squares strictly between `a` and `b` on the line of their smallest step (none for a leap whose step has no
/// smaller one: the knight's).
fn segment(a: Square, b: Square) -> Bitboard {
    let (df, dr) = (b.file() as i8 - a.file() as i8, b.rank() as i8 - a.rank() as i8);
    let g = gcd(df.unsigned_abs(), dr.unsigned_abs()).max(1) as i8;
    let mut out = Bitboard::EMPTY;
    let mut cur = a;
    while let Some(next) = cur.offset(df / g, dr / g) {
        if next == b {
            break;
        }
        out |= next.bb();
        cur = next;
    }
    out
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Condition for Holes {
    fn describe(&self) -> String {
        let mut s = if self.haaner { "HaanerChess".to_string() } else { "Hole".to_string() };
        if !self.haaner {
            for sq in self.fixed {
                s += &format!(" {sq}");
            }
        }
        s
    }

    fn hooks(&self) -> Hooks {
        let h = Hooks::LEGALITY | Hooks::OBSERVATION;
        if self.haaner {
            h | Hooks::AFTER_MOVE
        } else {
            h
        }
    }

    fn is_legal(&self, rules: &Rules, before: &Position, mv: Move, _after: &Position) -> bool {
        self.blocking_hole(rules, before, mv).is_none()
    }

    fn observation_counts(&self, rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        self.observes(rules, pos, observer, target)
    }

    fn after_move(&self, _rules: &Rules, _before: &Position, mv: Move, after: &mut Position) {
        if !self.haaner {
            return;
        }
        let mut holes = Bitboard(after.wide_slot());
        let mut left = mv.departure().bb();
        match mv.special {
            Special::CastleShort | Special::CastleLong => left |= crate::position::castling_rook(mv).0.bb(),
            Special::EnPassant => left |= mv.capture().map_or(Bitboard::EMPTY, |c| c.bb()),
            _ => {}
        }
        holes |= left & !after.occupied();
        after.set_wide_slot(holes.0);
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let hole = self.blocking_hole(rules, before, mv)?;
        let name = if self.haaner { "Haaner chess" } else { "Hole" };
        Some(if hole == mv.to {
            format!("under {name} {hole} is a hole, a square that is not on the board: no piece goes there.")
        } else {
            format!("under {name} {hole} is a hole, a square that is not on the board: the move would pass it.")
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};
    use crate::square::Color;

    #[test]
    fn holes_end_lines_and_take_away_squares() {
        // By hand from Popeye's rule (a hole is a square off the board): Ra1 with holes a3 and c1 reaches a2 and
        // b1 only; the black king on a8 is not in check through the hole on a3.
        let (rules, pos) = setup("k7/8/8/8/8/8/8/R3K3 w - - 0 1", &["Hole a3 c1"]);
        let moves = legal(&rules, &pos);
        assert!(moves.contains(&"a1a2".to_string()) && moves.contains(&"a1b1".to_string()));
        assert!(!moves.iter().any(|m| m.starts_with("a1") && m != "a1a2" && m != "a1b1"), "{moves:?}");
        let (rules, pos) = setup("k7/8/8/8/8/8/8/R3K3 b - - 0 1", &["Hole a3"]);
        assert!(!rules.in_check(&pos, Color::Black));
    }
}
