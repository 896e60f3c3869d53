//! Castling chess (Popeye `CastlingChess`, `RochadeSchach`, `EchecsRoque`) and Rokagogo (`Rokagogo` in all three),
//! as Popeye's `conditions/castling_chess.c` plays them: orthodox castling is gone; instead a king not in check
//! may castle in any of the eight directions with the first piece on that line (of either side, any kind) that
//! stands beyond the square two steps away: the king goes two squares towards it, the piece to the square the king
//! passed, which must not be in check. Rokagogo: only with a rook, along a rank or file. Popeye writes the move
//! `Kc2-e2/bPh2-d2`. The partner's square is the move's choice (its index + 1), made by the every-move stage.

use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::Kind;
use crate::position::Position;
use crate::square::Square;

/// The condition; `rokagogo`: the partner only a rook, along a rank or file.
#[derive(Clone, Debug)]
pub struct CastlingChess {
    pub rokagogo: bool,
}

impl CastlingChess {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(CastlingChess { rokagogo: false }))
    }

    pub fn build_rokagogo(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(CastlingChess { rokagogo: true }))
    }
}

/// The eight directions, in Popeye's order of generation (`vec_queen_end` down to `vec_queen_start`).
const DIRECTIONS: [(i8, i8); 8] = [(-1, -1), (1, -1), (1, 1), (-1, 1), (0, -1), (-1, 0), (0, 1), (1, 0)];

/// The partner's square of a castling-chess move, and the square the king passes.
fn partner(mv: Move) -> Option<(Square, Square)> {
    if mv.choice() == 0 {
        return None;
    }
    let passed = Square::from_coords((mv.from.file() + mv.to.file()) / 2, (mv.from.rank() + mv.to.rank()) / 2);
    Some((Square::new(mv.choice() - 1), passed))
}

impl Condition for CastlingChess {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        if self.rokagogo { "Rokagogo" } else { "CastlingChess" }.into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::EXTRA_MOVES | Hooks::ON_MOVE
    }

    // utilities/table.c: the partner's movement is no relevant effect when Popeye compares a move with a threat.
    fn choice_identifies_moves(&self) -> bool {
        false
    }

    // castling_chess.c: solving_disable_castling.
    fn castling(&self) -> bool {
        false
    }

    // castling_chess.c: a king (a piece moving as a king) not in check; the square passed and the arrival empty,
    // a piece on the line beyond; the king not in check on the square passed.
    fn extra_moves(&self, rules: &Rules, pos: &Position, out: &mut MoveList) {
        let us = pos.side();
        let kings = pos.pieces_bb(us, Kind::KING);
        if kings.is_empty() || rules.in_check(pos, us) {
            return;
        }
        let occupied = pos.occupied();
        for k in kings {
            if rules.is_paralysed(pos, k) {
                continue;
            }
            for (df, dr) in DIRECTIONS {
                let Some(passed) = k.offset(df, dr) else { continue };
                let Some(arrival) = passed.offset(df, dr) else { continue };
                if occupied.has(passed) || occupied.has(arrival) {
                    continue;
                }
                let mut end = arrival.offset(df, dr);
                while let Some(sq) = end.filter(|&s| !occupied.has(s)) {
                    end = sq.offset(df, dr);
                }
                let Some(sq) = end else { continue };
                if self.rokagogo && (pos.piece_at(sq).map(|p| p.kind) != Some(Kind::ROOK) || (df != 0 && dr != 0)) {
                    continue;
                }
                let mut step = pos.clone();
                if let Some(king) = step.remove(k) {
                    step.put(passed, king);
                }
                if rules.in_check(&step, us) {
                    continue;
                }
                out.push(Move::new(k, arrival, None, Special::None).by(Kind::KING).choosing(sq.index() as u8 + 1));
            }
        }
    }

    fn on_move(&self, _rules: &Rules, _before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let Some((from, to)) = partner(mv) else { return };
        let Some(piece) = after.remove(from) else { return };
        after.put(to, piece);
        effects.push(Effect::Partner { from, to, piece });
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let (from, to) = partner(mv)?;
        let piece = before.piece_at(from)?;
        Some(format!(
            "Under {} the king castles with the {} on {from}, which goes to {to}.",
            self.describe(),
            piece.kind.name()
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn the_king_castles_with_any_piece() {
        // Popeye 4.104, EXAMPLES/castlingchess.inp#1 (ser-r=3, White Kb1, Black Kc4 Ph2): after `1.Kb1-c2`,
        // `2.Kc2-e2/bPh2-d2` castles with Black's pawn.
        let v = legal_texts(&["CastlingChess"], "8/8/8/8/2k5/8/2K4p/8 w - -");
        assert!(v.contains(&"Kc2-e2/bPh2-d2".to_string()), "{v:?}");
        // Rokagogo: only with a rook along a line.
        let v = legal_texts(&["Rokagogo"], "8/8/8/8/2k5/8/2K4p/8 w - -");
        assert!(!v.iter().any(|m| m.contains('/')), "{v:?}");
    }
}
