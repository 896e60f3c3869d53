//! Pepo (Popeye `Pepo`, `Pepo`, `Pepo`): a king is in check only when two pieces of the other side observe it (the
//! other king not counted); a king that a piece of the other side observes at all cannot move; no move takes a
//! king. Popeye's `conditions/pepo.c`: its check test turns the checking side's king and then the first observer
//! found into dummies (they still stand as hurdles) and looks for a second observer; a royal piece whose square
//! the other side observes is paralysed (observation geometry only); `solving_insert_king_capture_avoiders`.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pepo;

impl Pepo {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Pepo))
    }

    /// The pieces of the side other than `color` that check `color`'s king: its observers other than royal
    /// pieces (the checking side's king is a dummy for the test) that are not paralysed.
    pub fn checkers(rules: &Rules, pos: &Position, color: Color) -> Bitboard {
        let Some(k) = pos.king(color) else { return Bitboard::EMPTY };
        let them = color.opposite();
        let mut out = Bitboard::EMPTY;
        for o in rules.observers(pos, k, them) {
            if !pos.royal_bb(them).has(o) && !rules.is_paralysed(pos, o) {
                out.set(o);
            }
        }
        out
    }
}

impl Condition for Pepo {
    /// Not yet checked with pieces with the attribute Royal against Popeye: refused with them.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        "Pepo".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::CHECK | Hooks::PARALYSIS | Hooks::LEGALITY
    }

    fn in_check(&self, rules: &Rules, pos: &Position, color: Color) -> bool {
        Pepo::checkers(rules, pos, color).count() >= 2
    }

    // A royal piece observed by the other side does not move.
    fn is_paralysed(&self, rules: &Rules, pos: &Position, sq: Square) -> bool {
        match pos.piece_at(sq) {
            Some(p) if pos.royal_bb(p.color).has(sq) => rules.observers(pos, sq, p.color.opposite()).non_empty(),
            _ => false,
        }
    }

    fn paralysers(&self, rules: &Rules, pos: &Position, sq: Square) -> Vec<Square> {
        match pos.piece_at(sq) {
            Some(p) if pos.royal_bb(p.color).has(sq) => rules.observers(pos, sq, p.color.opposite()).collect(),
            _ => Vec::new(),
        }
    }

    // No move takes a king (Popeye's king capture avoider).
    fn is_legal(&self, _rules: &Rules, before: &Position, _mv: Move, after: &Position) -> bool {
        let them = before.side().opposite();
        before.king(them).is_none() || after.king(them).is_some()
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if self.is_paralysed(rules, before, mv.from) {
            return Some(format!(
                "under Pepo a king that a piece of the other side observes cannot move, and {} is observed.",
                mv.from
            ));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::setup;
    use crate::square::Color;

    #[test]
    fn double_check_is_check() {
        // Popeye 4.104, TESTS/pepo.inp#1 (`#1`, White Ra8 Bb8, Black Kh8, no white king; here White's king on a1): the rook's single
        // observation is no check, the bishop's move to e5 with the rook on the eighth rank is mate.
        let (rules, pos) = setup("RB5k/8/8/8/8/8/8/K7 b - - 0 1", &["Pepo"]);
        assert!(!rules.in_check(&pos, Color::Black));
        let (rules, pos) = setup("R6k/8/8/4B3/8/8/8/K7 b - - 0 1", &["Pepo"]);
        assert!(rules.in_check(&pos, Color::Black));
        assert!(!rules.has_legal_move(&pos, &mut Vec::new()));
    }
}
