//! Bicolores (Popeye `Bicolores`, the same in German and French): a king is in check when a piece of either side
//! observes it, its own pieces too. Popeye's `conditions/bicolores.c` asks every "is this square observed?" question
//! for the other side as well when the side asked about does not observe it.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::{Color, Square};

/// The condition `Bicolores`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bicolores;

impl Bicolores {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Bicolores))
    }

    /// A piece of the side that does not give the check (`by`'s opponent) that observes `sq`.
    fn own_checker(&self, rules: &Rules, pos: &Position, sq: Square, by: Color) -> Option<Square> {
        rules.observers(pos, sq, by.opposite()).find(|&o| o != sq && rules.observation_counts(pos, o, sq))
    }
}

impl Condition for Bicolores {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        "Bicolores".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::EXTRA_CHECK
    }

    // bicolores.c: the other side's pieces are asked too.
    fn extra_check(&self, rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        self.own_checker(rules, pos, sq, by).is_some()
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let us = before.side();
        let after = rules.make(before, mv);
        let king = after.king(us)?;
        let own = self.own_checker(rules, &after, king, us.opposite())?;
        Some(format!(
            "under Bicolores a king is in check from its own pieces too, and after {} the {} piece on {} observes \
             the {} king.",
            mv.uci(),
            us.name().to_lowercase(),
            own,
            us.name().to_lowercase()
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};

    #[test]
    fn own_pieces_check_too() {
        // Popeye 4.104, `~1`, Bicolores, White Ke1 Rd3, Black Ke8: 1.Ke1-f2, e2, f1, Rd3-d2, a3, b3, c3, d8 +, d7,
        // d6, d5, d4, h3, g3, f3: the king does not step where its own rook observes it (d1, d2), nor the rook to
        // where it would observe its king (d1, e3).
        let (rules, pos) = setup("4k3/8/8/8/8/3R4/8/4K3 w - - 0 1", &["Bicolores"]);
        assert_eq!(
            legal(&rules, &pos),
            [
                "d3a3", "d3b3", "d3c3", "d3d2", "d3d4", "d3d5", "d3d6", "d3d7", "d3d8", "d3f3", "d3g3", "d3h3", "e1e2",
                "e1f1", "e1f2"
            ]
        );
    }
}
