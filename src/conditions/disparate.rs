//! Disparate chess (Popeye `Disparate`, `Disparate`, `Disparate`): a side may not move, and gives no check with, a
//! piece of the walk the opponent has just moved. Popeye's `conditions/disparate.c` compares the walk of the piece
//! on the move's departure square with the walk the opponent's last move moved (a pawn that promoted moved as a
//! pawn; castling moved a king), for the moves of a piece and for its observations; nothing binds the first move
//! of the diagram, nor a move after a pass of the opponent (a threat, series play). stipula keeps the walk moved and
//! the side that moved it in the position's state slots, and reads the rule as a paralysis of the side to move's
//! pieces of that walk.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::Kind;
use crate::position::Position;
use crate::square::{Color, Square};

/// The state slot of the walk last moved (its kind plus one, 0: none).
const WALK_SLOT: usize = 0;
/// The state slot of the side that moved it (1: White, 2: Black).
const SIDE_SLOT: usize = 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Disparate;

impl Disparate {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Disparate))
    }

    /// The walk the side to move may not move in `pos`, if any: the one the opponent has just moved.
    pub fn barred(pos: &Position) -> Option<Kind> {
        let walk = pos.slot(WALK_SLOT).checked_sub(1)?;
        let mover = match pos.slot(SIDE_SLOT) {
            1 => Color::White,
            2 => Color::Black,
            _ => return None,
        };
        (mover != pos.side()).then_some(Kind(walk))
    }
}

impl Condition for Disparate {
    /// Not yet checked with pieces with the attribute Royal against Popeye: refused with them.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        "Disparate".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::PARALYSIS | Hooks::AFTER_MOVE
    }

    // Its paralysis depends on the move just made, not on the board alone: a step of the king beside the other
    // king is legal when the move bars that king's walk. Every move takes the plain test.
    fn keeps(&self) -> Keeps {
        Keeps { pins: false, unobserved_pins: false, captures: true, check_filter: false, orthodox: false }
    }

    fn is_paralysed(&self, _rules: &Rules, pos: &Position, sq: Square) -> bool {
        match (pos.piece_at(sq), Disparate::barred(pos)) {
            (Some(p), Some(k)) => p.color == pos.side() && p.kind == k,
            _ => false,
        }
    }

    fn after_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position) {
        let Some(p) = before.piece_at(mv.from) else { return };
        after.set_slot(WALK_SLOT, p.kind.0.wrapping_add(1));
        after.set_slot(SIDE_SLOT, if p.color == Color::White { 1 } else { 2 });
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let k = Disparate::barred(before)?;
        let p = before.piece_at(mv.from)?;
        (p.kind == k && p.color == before.side()).then(|| {
            format!(
                "under Disparate a side may not move a piece of the walk the opponent has just moved ({}).",
                k.name()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, play, setup};
    use crate::square::Color;

    #[test]
    fn the_walk_just_moved_is_barred() {
        // Popeye 4.104, `h~1`, Disparate, White Ke1 Rh1, Black Ke8 Ra8: after 1.Ra8-a7 White's rook does not move
        // but White castles (a move of the king), 6 moves; after 1.Ke8-d8 White's king does not move.
        let (rules, pos) = setup("r3k3/8/8/8/8/8/8/4K2R b K - 0 1", &["Disparate"]);
        let after = play(&rules, &pos, "a8a7");
        let moves = legal(&rules, &after);
        assert!(!moves.iter().any(|m| m.starts_with("h1")));
        assert_eq!(moves.len(), 6);
        let after = play(&rules, &pos, "e8d8");
        assert!(!legal(&rules, &after).iter().any(|m| m.starts_with("e1")));
        // 1.Ra8-a1 +: White's rook may not take it; Ke1-f2, d2, e2.
        let after = play(&rules, &pos, "a8a1");
        assert!(rules.in_check(&after, Color::White));
        assert_eq!(legal(&rules, &after), ["e1d2", "e1e2", "e1f2"]);
        // Popeye 4.104, `#1`, Disparate, White Kf5, Black Kh3 Pa5: 1.Kf5-g4 # (the black king, barred by the
        // king's move, neither checks nor moves).
        let (rules, pos) = setup("8/8/8/p4K2/8/7k/8/8 w - - 0 1", &["Disparate"]);
        let after = play(&rules, &pos, "f5g4");
        assert!(crate::conditions::madrasi::tests::is_mate(&rules, &after));
    }
}
