//! Messigny chess (Popeye `MessignyChess`, German `MessignySchach`, French `EchecsMessigny`): instead of moving, a
//! side may exchange one of its pieces with an enemy piece of the same kind (Popeye writes `Ra8<->Rg5`); the two
//! pieces just exchanged take part in no exchange on the next move. Kings exchange too unless `RexExclusive` is
//! given (Popeye's `messigny_rex_inclusive`, on by default). The rule as Popeye plays it
//! (`conditions/messigny.c`): an exchange is one more move of the piece, generated after its walk's moves, from
//! a square other than the last exchange's two, with a piece of the opponent's of the same walk on a square other
//! than those two; it is legal as any move is (the mover's king unchecked after it), and it may give check.

use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::Kind;
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// The condition: whether kings exchange too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Messigny {
    pub kings: bool,
}

impl Messigny {
    /// Builds the condition; `RexExclusive` keeps the kings out of the exchanges.
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Messigny { kings: !spec.options.iter().any(|o| o == "RexExclusive") }))
    }

    /// The two squares of the exchange that led to `pos` (the position's wide state), if the last move was one made
    /// by the opponent of the side to move. After a pass (a threat, set play, series play) the side that exchanged
    /// moves again, and Popeye's last move then is the pass (`find_forbidden_squares` reads the parent ply): no
    /// square is forbidden.
    pub fn last_exchange(pos: &Position) -> Bitboard {
        let w = pos.wide_slot();
        let mut b = Bitboard::EMPTY;
        let by_black = w & BLACK_EXCHANGED != 0;
        if w == 0 || by_black == (pos.side() == Color::Black) {
            return b;
        }
        for byte in [w & 0xff, (w >> 8) & 0xff] {
            b.set(Square::new(byte as u8 - 1));
        }
        b
    }

    /// The wide state after `mv` from `before`: its two squares and the side that made it when it is an exchange,
    /// nothing otherwise.
    fn state_after(before: &Position, mv: Move) -> u64 {
        if mv.special == Special::Exchange {
            let side = if before.side() == Color::Black { BLACK_EXCHANGED } else { 0 };
            (mv.from.index() as u64 + 1) | (mv.to.index() as u64 + 1) << 8 | side
        } else {
            0
        }
    }
}

/// The bit of the wide state that says Black made the last exchange.
const BLACK_EXCHANGED: u64 = 1 << 16;

impl Condition for Messigny {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        if self.kings {
            "MessignyChess".to_string()
        } else {
            "MessignyChess RexExclusive".to_string()
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::EXTRA_MOVES | Hooks::AFTER_MOVE
    }

    fn keeps(&self) -> Keeps {
        Keeps::from_hooks(self.hooks())
    }

    fn extra_moves(&self, rules: &Rules, pos: &Position, out: &mut MoveList) {
        let us = pos.side();
        let forbidden = Messigny::last_exchange(pos);
        let theirs = pos.color_bb(us.opposite()) & !forbidden;
        for from in pos.color_bb(us) & !forbidden {
            let Some(piece) = pos.piece_at(from) else { continue };
            if (piece.kind == Kind::KING && !self.kings) || rules.is_paralysed(pos, from) {
                continue;
            }
            for to in theirs & pos.kind_bb(piece.kind) {
                out.push(Move::new(from, to, None, Special::Exchange).by(piece.kind));
            }
        }
    }

    fn after_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position) {
        after.set_wide_slot(Messigny::state_after(before, mv));
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if mv.special != Special::Exchange {
            return None;
        }
        let forbidden = Messigny::last_exchange(before);
        if forbidden.has(mv.from) || forbidden.has(mv.to) {
            let squares: Vec<String> = forbidden.into_iter().map(|s| s.to_string()).collect();
            return Some(format!(
                "under MessignyChess the two pieces just exchanged (on {}) take part in no exchange on the next move.",
                squares.join(" and ")
            ));
        }
        let kind = before.piece_at(mv.from)?.kind;
        if kind == Kind::KING && !self.kings {
            return Some("under MessignyChess RexExclusive the kings exchange with no piece.".to_string());
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};

    #[test]
    fn exchanges_with_a_piece_of_the_same_kind() {
        // Popeye 4.104, `~1`, MessignyChess, White Kh1 Ra8, Black Kf6 Rd5: among White's moves 1.Kh1<->Kf6 and
        // 1.Ra8<->Rd5; with RexExclusive no exchange of the kings.
        let fen = "R7/8/5k2/3r4/8/8/8/7K w - - 0 1";
        let (rules, pos) = setup(fen, &["MessignyChess"]);
        let moves = legal(&rules, &pos);
        assert!(moves.contains(&"a8d5".to_string()) && moves.contains(&"h1f6".to_string()), "{moves:?}");
        let (rules, pos) = setup(fen, &["MessignyChess RexExclusive"]);
        let moves = legal(&rules, &pos);
        assert!(moves.contains(&"a8d5".to_string()) && !moves.contains(&"h1f6".to_string()), "{moves:?}");
    }
}
