//! Point reflection (Popeye `PointReflection`, `Punktspiegelung`, `ReflexionCentrale`): a piece whose square
//! reflected in the centre of the board (a1 and h8, e4 and d5) is occupied, by a piece of either side, moves,
//! captures and gives check with the walk of the piece standing there instead of its own (Popeye's
//! `conditions/pointreflection.c` swaps the walks of each such pair before generating moves). The piece keeps its
//! own kind (a pawn promotes on its last rank whatever walk took it there; a piece moving as a pawn does not, as in
//! Annan chess). A king castles when the walk it moves with is a king's (d8 empty, or a king there, for White's),
//! and not with a rook whose corner's reflected square holds a piece of another walk than a rook.

use crate::conditions::annan::moves_with_walk;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointReflection;

impl PointReflection {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(PointReflection))
    }

    /// The square reflected in the centre of the board.
    pub fn reflected(sq: Square) -> Square {
        Square::from_coords(7 - sq.file(), 7 - sq.rank())
    }

    /// Whether `mv`, a castling or not, stands: Popeye takes a castling away while the square its rook's corner
    /// reflects to (h1's a8) holds a piece of another walk than a rook (`reflect` in `pointreflection.c`).
    fn castling_allowed(pos: &Position, mv: Move) -> bool {
        let corner = match mv.special {
            Special::CastleShort => 7,
            Special::CastleLong => 0,
            _ => return true,
        };
        let reflected = PointReflection::reflected(Square::from_coords(corner, mv.from.rank()));
        pos.piece_at(reflected).is_none_or(|p| p.kind == Kind::ROOK)
    }

    /// The walk the piece on `sq` moves with instead of its own, if any.
    pub fn walk(pos: &Position, sq: Square) -> Option<Kind> {
        pos.piece_at(sq)?;
        pos.piece_at(PointReflection::reflected(sq)).map(|p| p.kind)
    }
}

impl Condition for PointReflection {
    /// Not yet checked with pieces with the attribute Royal against Popeye: refused with them.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        "PointReflection".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::PIECE_MOVES | Hooks::OBSERVATION | Hooks::EXTRA_CHECK
    }

    fn piece_moves(&self, rules: &Rules, pos: &Position, from: Square, out: &mut MoveList) {
        let mut moves = MoveList::new();
        match PointReflection::walk(pos, from) {
            Some(k) => moves_with_walk(rules, pos, from, k, &mut moves),
            None => rules.walked_piece_moves(pos, from, &mut moves),
        }
        for m in moves {
            if PointReflection::castling_allowed(pos, m) {
                out.push(m);
            }
        }
    }

    // A piece with a reflected piece observes by that piece's walk only.
    fn observation_counts(&self, _rules: &Rules, pos: &Position, observer: Square, _target: Square) -> bool {
        PointReflection::walk(pos, observer).is_none()
    }

    fn extra_check(&self, rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        let mut tmp = pos.clone();
        let mut changed = Bitboard::EMPTY;
        for (s, p) in pos.pieces().filter(|(_, p)| p.color == by) {
            if let Some(k) = PointReflection::walk(pos, s) {
                changed.set(s);
                tmp.put(s, Piece::new(p.color, k));
            }
        }
        changed.non_empty() && (rules.observers(&tmp, sq, by) & changed).non_empty()
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let k = PointReflection::walk(before, mv.from)?;
        Some(format!(
            "under Point reflection the piece on {} moves with the walk of the piece on {} ({}).",
            mv.from,
            PointReflection::reflected(mv.from),
            k.name()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::PointReflection;
    use crate::conditions::madrasi::tests::sq;

    #[test]
    fn reflection_in_the_centre() {
        assert_eq!(PointReflection::reflected(sq("a1")), sq("h8"));
        assert_eq!(PointReflection::reflected(sq("e4")), sq("d5"));
    }
}
