//! Edge movers (Popeye `WhiteEdgeMover`, `BlackEdgeMover`; German `WeisserRandzueger`, `SchwarzerRandzueger`;
//! French `BlancBordCoup`, `NoirBordCoup`): every move of the side the condition names ends on the edge of the
//! board, and only its observations of an edge square give check (Popeye's `conditions/edgemover.c`).

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::{Color, Square};

/// The condition with the side it binds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EdgeMover {
    pub side: Color,
}

/// Whether `sq` is on the edge of the board.
#[inline]
pub fn on_edge(sq: Square) -> bool {
    matches!(sq.file(), 0 | 7) || matches!(sq.rank(), 0 | 7)
}

impl EdgeMover {
    pub fn build_white(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(EdgeMover { side: Color::White }))
    }

    pub fn build_black(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(EdgeMover { side: Color::Black }))
    }
}

impl Condition for EdgeMover {
    fn describe(&self) -> String {
        format!("{}EdgeMover", if self.side == Color::White { "White" } else { "Black" })
    }

    fn hooks(&self) -> Hooks {
        Hooks::LEGALITY | Hooks::OBSERVATION
    }

    // Only the bound side's observations of squares off the edge are taken away, so a king may step beside the other
    // king and give check (BEISPIEL/legalsq.inp#2, `5.Kd4-e5 #`): the mate filter, which calls a king's step no
    // check, does not stand.
    fn keeps(&self) -> Keeps {
        Keeps { check_filter: false, ..Keeps::from_hooks(self.hooks()) }
    }

    // edgemover.c: the side's moves that do not go to the edge are removed.
    fn is_legal(&self, _rules: &Rules, before: &Position, mv: Move, _after: &Position) -> bool {
        before.side() != self.side || on_edge(mv.to)
    }

    // The side's observations are validated the same way.
    fn observation_counts(&self, _rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        on_edge(target) || pos.piece_at(observer).is_none_or(|p| p.color != self.side)
    }

    fn extra_capture_counts(&self, rules: &Rules, pos: &Position, mv: Move) -> bool {
        self.observation_counts(rules, pos, mv.from, mv.to)
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        (before.side() == self.side && !on_edge(mv.to)).then(|| {
            format!(
                "under {} every {} move ends on the edge of the board, and {} ends on {}.",
                self.describe(),
                self.side.name().to_lowercase(),
                mv.uci(),
                mv.to
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};

    #[test]
    fn the_side_moves_to_the_edge() {
        // Popeye 4.104, `~1`, White Ke1 Qd4, Black Ke8, WhiteEdgeMover: 1.Ke1-d1, f1, Qd4-a1, g1, h8 +, a7, d1,
        // a4 +, d8 +, h4.
        let (rules, pos) = setup("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1", &["WhiteEdgeMover"]);
        assert_eq!(
            legal(&rules, &pos),
            ["d4a1", "d4a4", "d4a7", "d4d1", "d4d8", "d4g1", "d4h4", "d4h8", "e1d1", "e1f1"]
        );
        let (rules, pos) = setup("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1", &["BlackEdgeMover"]);
        assert_eq!(legal(&rules, &pos).len(), 32);
    }
}
