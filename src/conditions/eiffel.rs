//! Eiffel chess: a piece observed by an opposing piece of the next kind in the cycle pawn → knight → bishop →
//! rook → queen → pawn is paralysed (seed 003 "see also"; `RULES.md`).

use crate::conditions::madrasi::{observed_by_kind, observers_by_kind, paralysed_by};
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::pieces::Kind;
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// The condition `Eiffel` (Popeye: `EiffelChess`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Eiffel;

impl Eiffel {
    /// Builds the condition; it has no options.
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Eiffel))
    }
}

/// The kind whose opposing pieces paralyse a piece of `kind`, if any.
// Eiffel: a pawn paralyses a knight, a knight a bishop, a bishop a rook, a rook a queen, a queen a pawn; kings and
// fairy kinds are not involved (RULES.md; Popeye's eiffel.c has the same table).
pub fn paralyser(kind: Kind) -> Option<Kind> {
    match kind {
        Kind::KNIGHT => Some(Kind::PAWN),
        Kind::BISHOP => Some(Kind::KNIGHT),
        Kind::ROOK => Some(Kind::BISHOP),
        Kind::QUEEN => Some(Kind::ROOK),
        Kind::PAWN => Some(Kind::QUEEN),
        _ => None,
    }
}

impl Condition for Eiffel {
    fn describe(&self) -> String {
        "EiffelChess".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::PARALYSIS
    }

    // Eiffel: observation as in Madrasi (walk alone; a paralysed piece still paralyses), and a paralysed piece
    // cannot move, capture or give check (RULES.md).
    #[inline]
    fn is_paralysed(&self, rules: &Rules, pos: &Position, sq: Square) -> bool {
        let Some(piece) = pos.piece_at(sq) else { return false };
        match paralyser(piece.kind) {
            Some(k) => observed_by_kind(rules, pos, sq, piece.color, k),
            None => false,
        }
    }

    fn paralysed(&self, rules: &Rules, pos: &Position, color: Color) -> Bitboard {
        paralysed_by(rules, pos, color, paralyser)
    }

    fn paralysers(&self, rules: &Rules, pos: &Position, sq: Square) -> Vec<Square> {
        let Some(piece) = pos.piece_at(sq) else { return Vec::new() };
        match paralyser(piece.kind) {
            Some(k) => observers_by_kind(rules, pos, sq, piece.color, k),
            None => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{is_mate, legal, play, setup, sq};
    use crate::square::Color;

    #[test]
    fn the_cycle() {
        // RULES.md: a pawn paralyses a knight it observes; the knight does not paralyse the pawn.
        let (rules, pos) = setup("4k3/8/8/3n4/4P3/8/8/4K3 b - - 0 1", &["Eiffel"]);
        assert!(rules.is_paralysed(&pos, sq("d5")));
        assert!(!rules.is_paralysed(&pos, sq("e4")));
        assert!(legal(&rules, &pos).iter().all(|m| !m.starts_with("d5")));
        // A knight paralyses a bishop, a bishop a rook, a rook a queen, a queen a pawn.
        let (rules, pos) = setup("4k3/8/8/3b4/1N6/8/8/4K3 w - - 0 1", &["Eiffel"]);
        assert!(rules.is_paralysed(&pos, sq("d5")) && !rules.is_paralysed(&pos, sq("b4")));
        let (rules, pos) = setup("4k3/8/8/3r4/8/1B6/8/4K3 w - - 0 1", &["Eiffel"]);
        assert!(rules.is_paralysed(&pos, sq("d5")) && !rules.is_paralysed(&pos, sq("b3")));
        let (rules, pos) = setup("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", &["Eiffel"]);
        assert!(rules.is_paralysed(&pos, sq("d5")) && !rules.is_paralysed(&pos, sq("d1")));
        let (rules, pos) = setup("4k3/8/8/3p4/8/1Q6/8/4K3 w - - 0 1", &["Eiffel"]);
        assert!(rules.is_paralysed(&pos, sq("d5")) && !rules.is_paralysed(&pos, sq("b3")));
        // Same kinds do not paralyse each other; kings are not involved.
        let (rules, pos) = setup("4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1", &["Eiffel"]);
        assert!(!rules.is_paralysed(&pos, sq("d5")) && !rules.is_paralysed(&pos, sq("d1")));
        let (rules, pos) = setup("8/8/8/8/3k4/8/3P4/4K3 w - - 0 1", &["Eiffel"]);
        assert!(!rules.is_paralysed(&pos, sq("d4")));
    }

    #[test]
    fn paralysed_piece_gives_no_check() {
        // RULES.md: only pieces that are not paralysed give check. The black rook e5 is paralysed by the bishop
        // b2 (b2-e5 diagonal), so the white king on e1 is not in check.
        let (rules, pos) = setup("4k3/8/8/4r3/8/8/1B6/4K3 w - - 0 1", &["Eiffel"]);
        assert!(!rules.in_check(&pos, Color::White));
        let (rules_o, pos_o) = setup("4k3/8/8/4r3/8/8/1B6/4K3 w - - 0 1", &[]);
        assert!(rules_o.in_check(&pos_o, Color::White));
    }

    #[test]
    fn popeye_eiffel_4_helpmate() {
        // Popeye BEISPIEL-eiffel_4 (h#2, EiffelSchach): 1.Lg1*e3 f7-f8=T 2.Le3-h6 Dd3-e4#.
        let (rules, pos) = setup("r6r/4BPp1/2P1k3/1p3p2/3P4/1qPQP3/2p1p3/3K2b1 b - - 0 1", &["Eiffel"]);
        let mut p = pos.clone();
        for m in ["g1e3", "f7f8r", "e3h6", "d3e4"] {
            p = play(&rules, &p, m);
        }
        assert!(is_mate(&rules, &p));
    }
}
