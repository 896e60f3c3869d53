//! SuperGuards (Popeye `SuperGuards`, `SuperDeckungen`, `Supergardes`): a piece guarded by a piece of its own side
//! cannot be captured, and a guarded king is not in check. AntiGuards (`AntiGuards`, `AntiDeckungen`,
//! `Antigardes`): only a guarded piece can be captured, and only a guarded king is in check. Popeye's
//! `conditions/superguards.c` and `antiguards.c` take the guard as an observation of the captured piece's square,
//! in the position before the capture, by the walk of a piece of the captured piece's side that no other condition
//! paralyses (`is_square_observed_general` with the observer's validation only), the same test for a capture and
//! for a check. An en-passant capture is judged by a square off the board (Popeye's `offset_en_passant_capture`),
//! which nothing guards: always allowed under SuperGuards, never under AntiGuards.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// The condition: SuperGuards (`anti` false) or AntiGuards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guards {
    pub anti: bool,
}

impl Guards {
    pub fn build_super(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Guards { anti: false }))
    }

    pub fn build_anti(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Guards { anti: true }))
    }

    /// The pieces of `color` that guard `sq`: they observe it by their walk, and no condition paralyses them.
    pub fn guards(&self, rules: &Rules, pos: &Position, sq: Square, color: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for o in rules.observers(pos, sq, color) {
            if o != sq && !rules.is_paralysed(pos, o) {
                out.set(o);
            }
        }
        out
    }

    fn guarded(&self, rules: &Rules, pos: &Position, sq: Square) -> bool {
        let Some(p) = pos.piece_at(sq) else { return false };
        self.guards(rules, pos, sq, p.color).non_empty()
    }

    /// Whether the piece on `sq` may be captured (or, a king, checked).
    fn capturable(&self, rules: &Rules, pos: &Position, sq: Square) -> bool {
        self.guarded(rules, pos, sq) == self.anti
    }

    fn name(&self) -> &'static str {
        if self.anti {
            "AntiGuards"
        } else {
            "SuperGuards"
        }
    }
}

impl Condition for Guards {
    /// Not yet checked with pieces with the attribute Royal against Popeye: refused with them.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        self.name().into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::LEGALITY | Hooks::OBSERVATION
    }

    // A move may check by taking a guard away from the enemy king (blocking its line, capturing the guard) or, under
    // AntiGuards, by guarding it: no mate filter (Popeye disables its orthodox mating move optimisation too).
    fn keeps(&self) -> Keeps {
        Keeps { check_filter: false, ..Keeps::from_hooks(self.hooks()) }
    }

    fn is_legal(&self, rules: &Rules, before: &Position, mv: Move, _after: &Position) -> bool {
        match mv.capture() {
            None => true,
            Some(_) if mv.special == Special::EnPassant => !self.anti,
            Some(sq) => self.capturable(rules, before, sq),
        }
    }

    fn observation_counts(&self, rules: &Rules, pos: &Position, _observer: Square, target: Square) -> bool {
        self.capturable(rules, pos, target)
    }

    fn extra_capture_counts(&self, rules: &Rules, pos: &Position, mv: Move) -> bool {
        mv.capture().is_none_or(|sq| self.capturable(rules, pos, sq))
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let sq = mv.capture()?;
        if mv.special == Special::EnPassant {
            return self.anti.then(|| {
                "under AntiGuards an en-passant capture is never allowed (Popeye judges it by a square nothing \
                 guards)."
                    .to_string()
            });
        }
        let color = before.piece_at(sq)?.color;
        let guard = self.guards(rules, before, sq, color).next();
        match (self.anti, guard) {
            (false, Some(g)) => {
                Some(format!("under SuperGuards a guarded piece cannot be captured, and {g} guards {sq}."))
            }
            (true, None) => Some(format!(
                "under AntiGuards only a guarded piece can be captured, and no piece of its side guards {sq}."
            )),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, play, setup};
    use crate::square::Color;

    #[test]
    fn guarded_pieces_and_kings() {
        // Popeye 4.104, `~1`, SuperGuards, White Ke1 Pe5 Rh8, Black Ka8 Pa7 Pd7 Rd8: the rook takes on d8 (the
        // king on a8 does not guard it) with check (nothing guards the king).
        let fen = "k2r3R/p2p4/8/4P3/8/8/8/4K3 w - - 0 1";
        let (rules, pos) = setup(fen, &["SuperGuards"]);
        let moves = legal(&rules, &pos);
        assert_eq!(moves.len(), 17);
        assert!(moves.iter().any(|m| m == "h8d8"));
        let after = play(&rules, &pos, "h8d8");
        assert!(rules.in_check(&after, Color::Black));
        // Popeye 4.104, `~1` with `EnPassant d7d6d5`, White Ke1 Pe5, Black Ke8 Pd5 Rd8: SuperGuards lets 1.e5*d6
        // ep. be played though the rook guards d5; AntiGuards does not.
        let fen = "3rk3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        let (rules, pos) = setup(fen, &["SuperGuards"]);
        assert!(legal(&rules, &pos).iter().any(|m| m == "e5xd5d6"));
        let (rules, pos) = setup(fen, &["AntiGuards"]);
        assert_eq!(legal(&rules, &pos).len(), 6);
    }
}
