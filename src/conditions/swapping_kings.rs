//! Swapping kings: a move that gives check makes the two kings change places at once, as part of the move; the
//! mover's king must then not be in check, and whether the move checks or mates is read after the exchange
//! (the king on its new square may stand in check again: `Se2-g3[Kh1<->Kf1] +`). Popeye: Swapping kings are its
//! Oscillating kings of type C for both sides (`conditions/oscillating_kings.c`: the kings change places when the
//! side not to move is in check after the move), written `[Ke1<->Kh3]`. The exchange is no move of either king:
//! it leaves the castling rights as they are, as in Popeye.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Color;

#[derive(Clone, Debug)]
pub struct SwappingKings;

impl SwappingKings {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(SwappingKings))
    }
}

impl Condition for SwappingKings {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        "SwappingKings".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::ON_MOVE
    }

    fn on_move(&self, rules: &Rules, _before: &Position, _mv: Move, after: &mut Position, effects: &mut Effects) {
        let (Some(white), Some(black)) = (after.king(Color::White), after.king(Color::Black)) else { return };
        if !rules.in_check(after, after.side()) {
            return;
        }
        let (Some(wk), Some(bk)) = (after.remove(white), after.remove(black)) else { return };
        after.put(white, bk);
        after.put(black, wk);
        effects.push(Effect::Exchanged { a: white, b: black, on_a: bk, on_b: wk });
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let after = before.make(mv);
        rules
            .in_check(&after, after.side())
            .then(|| "Under Swapping kings the move gives check, so the two kings change places.".to_string())
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn a_check_swaps_the_kings() {
        // Popeye 4.104, BEISPIEL/swapking.inp#2 (h#4, White Kh3 Se2 Sg2, Black Kf2; after `1...Kh3-h2 2.Kf2-f1`):
        // `Sg2-e3[Kf1<->Kh2]` (the knight checks f1; the kings change places) is one of White's moves.
        let v = legal_texts(&["SwappingKings"], "8/8/8/8/8/8/4N1NK/5k2 w - -");
        assert!(v.contains(&"Sg2-e3[Kf1<->Kh2]".to_string()), "{v:?}");
        assert!(v.contains(&"Sg2-f4".to_string()), "{v:?}");
    }
}
