//! Brunner chess (Popeye `BrunnerChess`, `BrunnerSchach`, `EchecsBrunner`): a king is in check only when the
//! capture of the king would be a legal move, that is, when some piece observing it could take it without leaving
//! its own king observed. Popeye's `conditions/brunner.c` validates a check by playing the king's capture and
//! asking whether the capturer's king is then in check; with the other king gone that nested question is the plain
//! observation.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::position::Position;
use crate::square::{Color, Square};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Brunner;

impl Brunner {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Brunner))
    }

    /// Whether the piece on `observer` could take `color`'s king on `king` without leaving its own king observed.
    fn capture_legal(rules: &Rules, pos: &Position, observer: Square, king: Square, color: Color) -> bool {
        let Some(p) = pos.piece_at(observer) else { return false };
        let mut after = pos.clone();
        after.remove(observer);
        after.put(king, p);
        match after.king(color.opposite()) {
            Some(own) => !rules.is_checked_square(&after, own, color),
            None => true,
        }
    }
}

impl Condition for Brunner {
    /// Not yet checked with pieces with the attribute Royal against Popeye: refused with them.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        "BrunnerChess".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::CHECK
    }

    fn in_check(&self, rules: &Rules, pos: &Position, color: Color) -> bool {
        let Some(k) = pos.king(color) else { return false };
        rules
            .observers(pos, k, color.opposite())
            .filter(|&o| rules.observation_counts(pos, o, k))
            .any(|o| Brunner::capture_legal(rules, pos, o, k, color))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, play, setup};
    use crate::square::Color;

    #[test]
    fn a_check_is_a_legal_capture_of_the_king() {
        // Popeye 4.104, `~1`, BrunnerChess, White Kh1 Ra8, Black Kh8 Bb7: the bishop's observation of h1 is no
        // check (taking the king would leave its own king to the rook), so 1.Kh1-g2 is legal; nine moves, the rook
        // leaving the eighth rank is self-check; 1.Kh1-g1 +.
        let (rules, pos) = setup("R6k/1b6/8/8/8/8/8/7K w - - 0 1", &["BrunnerChess"]);
        assert!(!rules.in_check(&pos, Color::White));
        assert_eq!(legal(&rules, &pos).len(), 9);
        assert!(rules.in_check(&play(&rules, &pos, "h1g1"), Color::Black));
        // White Kh1 Ra7, Black Kh8 Bb7: the bishop checks; 1.Kh1-g1, Kh1-h2, Ra7-a8, Ra7*b7.
        let (rules, pos) = setup("7k/Rb6/8/8/8/8/8/7K w - - 0 1", &["BrunnerChess"]);
        assert!(rules.in_check(&pos, Color::White));
        assert_eq!(legal(&rules, &pos), ["a7a8", "a7b7", "h1g1", "h1h2"]);
    }
}
