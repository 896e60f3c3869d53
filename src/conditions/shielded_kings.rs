//! Shielded kings (Popeye `ShieldedKings`, `SchutzKoenige`, `ShieldedKings`), as Popeye 4.104 plays it
//! (`conditions/shielded_kings.c`): a royal piece does not observe (check, or take) the other side's royal piece
//! while a piece of that side observes it, guards it. The guard is an observation as the other conditions read
//! it (Popeye asks `is_square_observed_general`: a paralysed piece guards nothing, an Annan piece guards by the
//! walk it borrows). So the kings
//! may stand side by side where each is guarded, and a royal piece of another walk (the piece attribute Royal)
//! gives no check to a guarded king; every other piece checks as usual.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;

/// The condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShieldedKings;

impl ShieldedKings {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(ShieldedKings))
    }

    /// Whether a piece of its own side guards the royal piece on `sq`: observes it as a check is read, under the
    /// other conditions too (Annan chess lends the guard a walk: Popeye's REGRESSIONS/4_63_to_4_65.inp#78).
    fn guarded(rules: &Rules, pos: &Position, sq: Square) -> bool {
        pos.piece_at(sq).is_some_and(|p| rules.is_checked_square(pos, sq, p.color))
    }

    fn is_royal(pos: &Position, sq: Square) -> bool {
        pos.piece_at(sq).is_some_and(|p| pos.royal_bb(p.color).has(sq))
    }

    /// Whether the observation of `target` by `observer` is one the rule takes away: royal on guarded royal.
    fn shielded(rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        Self::is_royal(pos, observer) && Self::is_royal(pos, target) && Self::guarded(rules, pos, target)
    }
}

impl Condition for ShieldedKings {
    fn describe(&self) -> String {
        "ShieldedKings".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::OBSERVATION
    }

    // A king's step beside the other king may check it (the other king unguarded), which the mate filter's moves
    // giving check do not look for.
    fn keeps(&self) -> Keeps {
        Keeps { check_filter: false, ..Keeps::from_hooks(self.hooks()) }
    }

    fn observation_counts(&self, rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        !Self::shielded(rules, pos, observer, target)
    }

    fn extra_capture_counts(&self, rules: &Rules, pos: &Position, mv: Move) -> bool {
        !Self::shielded(rules, pos, mv.from, mv.capture().unwrap_or(mv.to))
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if !Self::is_royal(before, mv.from) {
            return None;
        }
        let after = rules.make(before, mv);
        let theirs = after.royal_bb(before.side().opposite()).first()?;
        let mine = mv.to;
        let observes = after.piece_at(theirs).is_some_and(|p| rules.observers(&after, mine, p.color).has(theirs));
        (observes && Self::shielded(rules, &after, theirs, mine)).then(|| {
            format!(
                "Under Shielded kings the royal piece on {theirs} does not check the one on {mine}, which a piece \
                 of its own side guards."
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn a_guarded_king_is_not_checked_by_the_other() {
        // Popeye 4.104 (`Condition ShieldedKings`, White Kd3 Rh4, Black Ke5 Pd6, `Stipulation ~1`): the white
        // king steps beside the black one, each guarded (Rh4, Pd6): `1.Kd3-e4 !`, `1.Kd3-d4 !`.
        let v = legal_texts(&["ShieldedKings"], "8/8/3p4/4k3/7R/3K4/8/8 w - -");
        assert!(v.contains(&"Kd3-e4".to_string()) && v.contains(&"Kd3-d4".to_string()), "{v:?}");
        // Without the rook (Kd3 Rc1, Ke5 Pd6 Pf6): the white king unguarded, no step beside the black one.
        let v = legal_texts(&["ShieldedKings"], "8/8/3p1p2/4k3/8/3K4/8/2R5 w - -");
        assert!(!v.contains(&"Kd3-e4".to_string()) && !v.contains(&"Kd3-d4".to_string()), "{v:?}");
        assert_eq!(v.len(), 20, "{v:?}");
    }
}
