//! Magic squares: a piece that arrives on one of the given squares changes its colour there; royal pieces (the
//! kings) and neutral ones stay as they are. Every arrival counts: a capture's, a quiet move's, a promotion's (the
//! promoted piece turns), an en passant capture's, and the rook's in castling. Popeye: `side_change_if_magic` in
//! `conditions/magic_square.c`, which turns a piece whose move (or readdition) ended on a magic square if it
//! still stands there; it writes `Sf7-h8=w`, and `0-0[f1=b]` for a castling rook. Type 2 differs from type 1 only
//! in the order of its change among other conditions' effects (before an Anti-Circe rebirth rather than after
//! it): alone, or with conditions that make no effects, the two are the same rule. Check stays the walks'
//! observation: a piece that checks from a magic square checks for the side it belongs to after its move.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::pieces::Piece;
use crate::position::Position;
use crate::square::{Bitboard, Square};

#[derive(Clone, Debug)]
pub struct MagicSquares {
    squares: Bitboard,
    /// Popeye's type 2 (written back; the same play here, see the module's text).
    type2: bool,
}

impl MagicSquares {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(MagicSquares { squares: spec.squares.0, type2: spec.options.iter().any(|o| o == "Type2") }))
    }

    /// Turns the piece that arrived on `sq` by the move, if `sq` is magic and the piece is neither royal nor
    /// neutral, and notes it (`mover`: the piece is the move's own, written `=b` after the move).
    fn turn(&self, sq: Square, after: &mut Position, effects: &mut Effects, mover: bool) {
        if !self.squares.has(sq) {
            return;
        }
        let Some(p) = after.piece_at(sq) else { return };
        if after.royal_bb(p.color).has(sq) || after.neutral_bb().has(sq) {
            return;
        }
        let turned = Piece::new(p.color.opposite(), p.kind);
        after.put(sq, turned);
        effects.push(Effect::Recoloured { square: sq, piece: turned, mover });
    }
}

impl Condition for MagicSquares {
    fn describe(&self) -> String {
        let mut s = "MagicSquares".to_string();
        if self.type2 {
            s += " Type2";
        }
        for sq in self.squares {
            s += &format!(" {sq}");
        }
        s
    }

    fn hooks(&self) -> Hooks {
        Hooks::ON_MOVE
    }

    fn on_move(&self, _rules: &Rules, _before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        match mv.special {
            Special::CastleShort | Special::CastleLong => {
                // The king is royal; the rook turns on its square (Popeye's second movement effect).
                let (_, rook_to) = crate::position::castling_rook(mv);
                self.turn(rook_to, after, effects, false);
            }
            _ => self.turn(mv.to, after, effects, true),
        }
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let p = before.piece_at(mv.from)?;
        let to = match mv.special {
            Special::CastleShort | Special::CastleLong => crate::position::castling_rook(mv).1,
            _ => mv.to,
        };
        if !self.squares.has(to) {
            return None;
        }
        let royal =
            before.royal_bb(p.color).has(mv.from) && !matches!(mv.special, Special::CastleShort | Special::CastleLong);
        if royal {
            return Some(format!("Under Magic squares {to} is magic, but a king keeps its colour."));
        }
        Some(format!("Under Magic squares the piece arriving on {to} changes its colour."))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn a_piece_arriving_on_a_magic_square_turns() {
        // Popeye 4.104, BEISPIEL/magic.inp (Kjell Widlert, feenschach 1985, h#4, MagicSquares h8): after
        // `1.Sf7-h8=w` White plays `Sh8-f7`, and Black's knight arrives turned: `Sf7-h8=s` (German).
        let got = legal_texts(&["MagicSquares h8"], "8/5n1K/8/4p2k/4P3/5P1p/7P/8 b - - 0 1");
        assert!(got.contains(&"Sf7-h8=w".to_string()), "{got:?}");
        assert!(got.contains(&"Sf7-d6".to_string()), "{got:?}");
        // The king keeps its colour.
        let got = legal_texts(&["MagicSquares h4"], "8/5n1K/8/4p2k/4P3/5P1p/7P/8 b - - 0 1");
        assert!(got.contains(&"Kh5-h4".to_string()), "{got:?}");
    }
}
