//! No captures (Popeye `NoCapture`, German `Ohneschlag`, French `SansPrises`; one side only: `NoWhiteCapture`,
//! `NoBlackCapture`): the side the condition binds may not capture, en passant included. Its pieces still give
//! check: Popeye's `conditions/nocapture.c` takes the captures out of the moves generated and leaves the king's
//! capture, with which it tests check, alone.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Color;

/// The condition: which sides may not capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoCapture {
    /// `None`: both sides.
    pub side: Option<Color>,
}

impl NoCapture {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(NoCapture { side: None }))
    }

    pub fn build_white(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(NoCapture { side: Some(Color::White) }))
    }

    pub fn build_black(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(NoCapture { side: Some(Color::Black) }))
    }

    fn binds(&self, side: Color) -> bool {
        self.side.is_none_or(|s| s == side)
    }
}

impl Condition for NoCapture {
    fn describe(&self) -> String {
        match self.side {
            None => "NoCapture",
            Some(Color::White) => "NoWhiteCapture",
            Some(Color::Black) => "NoBlackCapture",
        }
        .into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::LEGALITY
    }

    // Check is the walks' check (a capture of the king still counts), only captures are forbidden: the pins and
    // the mate filter stand; the reply witnesses and the goal picture, which count on captures, do not.
    fn keeps(&self) -> Keeps {
        Keeps::from_hooks(self.hooks())
    }

    // nocapture.c: the captures of the side bound are removed from the moves generated.
    fn is_legal(&self, _rules: &Rules, before: &Position, mv: Move, _after: &Position) -> bool {
        !mv.is_capture() || !self.binds(before.side())
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        (mv.is_capture() && self.binds(before.side())).then(|| {
            format!(
                "under {} the {} side may not capture, and {} is a capture.",
                self.describe(),
                before.side().name().to_lowercase(),
                mv.uci()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};
    use crate::square::Color;

    #[test]
    fn captures_are_not_moves_but_still_check() {
        // Popeye 4.104, `~1`, White Ke1 Ra1, Black Ke8 Ra8 Pa2: under NoCapture White has orthodox chess's moves
        // but Ra1*a2 (9 moves); under NoBlackCapture all 10.
        let fen = "r3k3/8/8/8/8/8/p7/R3K3 w Q - 0 1";
        let (rules, pos) = setup(fen, &[]);
        let orthodox = legal(&rules, &pos);
        let (rules, pos) = setup(fen, &["NoCapture"]);
        let moves = legal(&rules, &pos);
        assert_eq!(orthodox.len(), 10);
        assert_eq!(orthodox.iter().filter(|m| m.as_str() != "a1a2").cloned().collect::<Vec<_>>(), moves);
        let (rules, pos) = setup(fen, &["NoBlackCapture"]);
        assert_eq!(legal(&rules, &pos), orthodox);
        // Popeye 4.104, `~1`, White Ke1, Black Ke8 Ra1, NoCapture: White's only moves are Ke1-d2, e2, f2: a rook
        // that may not capture still observes the first rank.
        let (rules, pos) = setup("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", &["NoCapture"]);
        assert!(rules.in_check(&pos, Color::White));
        assert_eq!(legal(&rules, &pos), ["e1d2", "e1e2", "e1f2"]);
    }
}
