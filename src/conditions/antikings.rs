//! Anti-kings (Popeye `AntiKings`, `AntiKoenige`, `AntiRois`), as Popeye 4.104 plays it (`conditions/antikings.c`):
//! a side is in check when its king is not observed, and out of check when it is. So every move must leave the
//! mover's king observed by the other side, a move gives check by leaving the other king unobserved, and a side is
//! mated when its king stands unobserved and no move brings it under observation. Castling passes squares where the
//! king is observed, as the check test reads them.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Color;

/// The condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AntiKings;

impl AntiKings {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(AntiKings))
    }
}

impl Condition for AntiKings {
    fn describe(&self) -> String {
        "AntiKings".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::CHECK | Hooks::LEGALITY
    }

    // The other side's king stands observed, out of check, and may not be taken (Popeye's
    // `solving/king_capture_avoider.c`: a move that leaves the opponent without its king is illegal).
    fn is_legal(&self, _rules: &Rules, before: &Position, mv: Move, _after: &Position) -> bool {
        mv.capture().is_none_or(|sq| !before.royal_bb(before.side().opposite()).has(sq))
    }

    // The check testers' answer turned round (Popeye's `antikings_check_tester_is_in_check`), a side without its
    // king included.
    fn in_check(&self, rules: &Rules, pos: &Position, color: Color) -> bool {
        !rules.walks_in_check(pos, color)
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if !self.is_legal(rules, before, mv, before) {
            return Some("Under Anti-kings a king observed is out of check, and no move takes it.".to_string());
        }
        let after = rules.make(before, mv);
        let us = before.side();
        let k = after.king(us)?;
        (!rules.walks_in_check(&after, us)).then(|| {
            format!("Under Anti-kings a king is in check when no enemy piece observes it, and none observes {k}.")
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn the_king_stays_observed() {
        // Popeye 4.104 (`Condition AntiKings`, White Ke1 Ra1 Rh1 Rh8, Black Ke8 Rd7 Rf7 Bb4, `Stipulation ~1`): 30
        // moves; the king steps only where Rd7, Rf7 or Bb4 observes it (no Ke1-e2, no castling: c1 and g1 are
        // unobserved); the rook leaving the eighth rank checks (`1.Rh8-h2 + !`); no move takes the king (Rh8*e8).
        let v = legal_texts(&["AntiKings"], "4k2R/3r1r2/8/8/1b6/8/8/R3K2R w KQ -");
        assert_eq!(v.len(), 30, "{v:?}");
        for m in ["Ke1-d1", "Ke1-f1", "Ke1-d2", "Ke1-f2", "Rh8-h2", "Rh8-g8"] {
            assert!(v.contains(&m.to_string()), "{m}: {v:?}");
        }
        assert!(!v.iter().any(|m| m == "Ke1-e2" || m.starts_with("0-0")), "{v:?}");
    }
}
