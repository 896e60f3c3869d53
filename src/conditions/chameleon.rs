//! Chameleon chess: after every move the piece that moved changes its walk, knight to bishop to rook to queen to
//! knight again (a pawn that promotes stays the piece it became; kings and pawns, and fairy pieces, stay as they
//! are; castling changes neither king nor rook). Popeye: `chameleon_chess_arriving_adjuster_solve` in
//! `pieces/attributes/chameleon.c`; it writes `Sg1-f3=B`. Check stays the walks' observation.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::Piece;
use crate::position::Position;

#[derive(Clone, Debug)]
pub struct ChameleonChess;

impl ChameleonChess {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(ChameleonChess))
    }
}

impl Condition for ChameleonChess {
    fn describe(&self) -> String {
        "ChameleonChess".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::ON_MOVE
    }

    fn on_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let Some(p) = after.piece_at(mv.to) else { return };
        // A pawn that promotes stays the piece it became (Popeye: `e7-e8=Q +`). The piece may have changed sides
        // (Andernach): it changes its walk all the same.
        if mv.promotion().is_some() || before.piece_at(mv.from).is_none() {
            return;
        }
        let Some(next) = p.kind.chameleon_next() else { return };
        let changed = Piece::new(p.color, next);
        after.put(mv.to, changed);
        effects.push(Effect::Transmuted { square: mv.to, piece: changed, mover: true });
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let kind = before.piece_at(mv.from)?.kind;
        let next = kind.chameleon_next().filter(|_| mv.promotion().is_none())?;
        Some(format!("Under Chameleon chess the {} becomes a {} on {}.", kind.name(), next.name(), mv.to))
    }
}
