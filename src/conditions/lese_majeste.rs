//! Lèse-majesté (Popeye `LeseMajeste`, the same in its three languages), as Popeye 4.104 plays it: check and
//! mate are orthodox, but the diagram may leave the side not to move in check (Popeye's `solving/selfcheck_guard.c`
//! inserts no guard on the initial position, and `input/plaintext/twin.c` no "side to play can capture the king"
//! message), and the side to move may leave that check standing: no move takes the king
//! (`solving/king_capture_avoider.c`, the opponent's king-capture avoider of `solving/machinery/twin.c`). Every
//! move must still leave the mover's own king unchecked.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::Kind;
use crate::position::Position;

#[derive(Clone, Debug)]
pub struct LeseMajeste;

impl LeseMajeste {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(LeseMajeste))
    }
}

/// Whether `mv` takes a king of the side not to move in `before`.
fn takes_the_king(before: &Position, mv: Move) -> bool {
    mv.capture().is_some_and(|sq| {
        before
            .piece_at(sq)
            .is_some_and(|p| p.color != before.side() && (p.kind == Kind::KING || before.royal_bb(p.color).has(sq)))
    })
}

impl Condition for LeseMajeste {
    fn describe(&self) -> String {
        "LeseMajeste".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::LEGALITY
    }

    // The opponent may stand in check before the move (the diagram's position): a move that does not give check
    // may leave it checked, so the mate filter of the last move, which looks for the moves giving check, is off,
    // and so is the orthodox play built on an unchecked opponent.
    fn keeps(&self) -> Keeps {
        Keeps { check_filter: false, orthodox: false, ..Keeps::from_hooks(self.hooks()) }
    }

    fn allows_diagram_check(&self) -> bool {
        true
    }

    // king_capture_avoider.c: a move that leaves the opponent without its king is illegal.
    fn is_legal(&self, _rules: &Rules, before: &Position, mv: Move, _after: &Position) -> bool {
        !takes_the_king(before, mv)
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        takes_the_king(before, mv)
            .then(|| "Under Lèse-majesté the king stands in check but may not be taken.".to_string())
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn the_king_in_check_is_not_taken() {
        // Popeye 4.104, EXAMPLES/lesemajeste.inp#5 (#2, White Kf6 Bf7 Pe7, Black Kf8 Sd6): the diagram leaves Black
        // in check (e7 observes f8) with White to move; Popeye's key `1.Bf7-d5 + !` leaves the check standing.
        let v = legal_texts(&["LeseMajeste"], "5k2/4PB2/3n1K2/8/8/8/8/8 w - -");
        assert!(v.contains(&"Bf7-d5".to_string()), "{v:?}");
        assert!(!v.iter().any(|m| m.contains("*f8")), "no move takes the king: {v:?}");
    }
}
