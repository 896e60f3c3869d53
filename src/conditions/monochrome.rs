//! Monochrome chess (Popeye `MonochromChess`, `MonochromesSchach`, `Monochromatique`): every move stays on squares of
//! one colour; Bichrome chess (`BichromChess`, `BichromesSchach`, `Bichromatique`): every move changes the colour of
//! its square. Only such observations give check. Popeye's `conditions/monochrome.c` and `bichrome.c` compare the
//! colours of departure and arrival, and call the long castling neither (its rook changes colour, its king does
//! not).

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::position::Position;
use crate::square::Square;

/// The condition: monochrome (`true`) or bichrome moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chrome {
    pub mono: bool,
}

impl Chrome {
    pub fn build_mono(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Chrome { mono: true }))
    }

    pub fn build_bi(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Chrome { mono: false }))
    }

    /// Whether going from `a` to `b` is a move of the kind the condition asks for.
    #[inline]
    fn fits(&self, a: Square, b: Square) -> bool {
        (a.is_dark() == b.is_dark()) == self.mono
    }

    fn allowed(&self, mv: Move) -> bool {
        mv.special != Special::CastleLong && self.fits(mv.from, mv.to)
    }
}

impl Condition for Chrome {
    fn describe(&self) -> String {
        if self.mono { "MonochromChess" } else { "BichromChess" }.into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::LEGALITY | Hooks::OBSERVATION
    }

    // monochrome.c, bichrome.c: the other moves are removed from those generated.
    fn is_legal(&self, _rules: &Rules, _before: &Position, mv: Move, _after: &Position) -> bool {
        self.allowed(mv)
    }

    // The same test validates an observation's geometry.
    fn observation_counts(&self, _rules: &Rules, _pos: &Position, observer: Square, target: Square) -> bool {
        self.fits(observer, target)
    }

    fn extra_capture_counts(&self, _rules: &Rules, _pos: &Position, mv: Move) -> bool {
        self.fits(mv.from, mv.to)
    }

    fn explain_move(&self, _rules: &Rules, _before: &Position, mv: Move) -> Option<String> {
        if self.allowed(mv) {
            return None;
        }
        Some(if mv.special == Special::CastleLong {
            format!(
                "under {} the long castling is no move (its rook changes colour, its king does not).",
                self.describe()
            )
        } else if self.mono {
            format!(
                "under {} a move stays on one colour, and {} goes from {} to {}.",
                self.describe(),
                mv.uci(),
                mv.from,
                mv.to
            )
        } else {
            format!("under {} a move changes colour, and {} does not.", self.describe(), mv.uci())
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};

    #[test]
    fn moves_keep_or_change_colour() {
        // Popeye 4.104, `~1`, White Ke1 Ra1 Rh1 Sb1, Black Ke8: MonochromChess 1.Ra1-a7, a5, a3, 0-0, Ke1-f2, d2,
        // Rh1-f1, h7, h5, h3 (no 0-0-0); BichromChess 1.Ra1-a8 +... a2, Sb1-d2, c3, a3, Ke1-d1, e2, f1, Rh1-g1,
        // h8 +, h6, h4, h2.
        let fen = "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1";
        let (rules, pos) = setup(fen, &["MonochromChess"]);
        assert_eq!(
            legal(&rules, &pos),
            ["a1a3", "a1a5", "a1a7", "e1d2", "e1f2", "e1g1", "h1f1", "h1h3", "h1h5", "h1h7"]
        );
        let (rules, pos) = setup(fen, &["BichromChess"]);
        assert_eq!(
            legal(&rules, &pos),
            [
                "a1a2", "a1a4", "a1a6", "a1a8", "b1a3", "b1c3", "b1d2", "e1d1", "e1e2", "e1f1", "h1g1", "h1h2", "h1h4",
                "h1h6", "h1h8"
            ]
        );
    }
}
