//! Oscillating kings (Popeye `WhiteOscillatingKings`, `BlackOscillatingKings`; German `WeisseOszillierendeKoenige`,
//! `SchwarzeOszillierendeKoenige`; French `BlancRoisOscillant`, `NoirRoisOscillant`), as Popeye's
//! `conditions/oscillating_kings.c` plays them: after each move of the side named the two kings change places, as
//! part of the move (`[Kc5<->Kf5]`). Type A (the default): always; type B: the move is illegal when it leaves the
//! mover in check before the exchange; type C: only when the move gives check. The mover's king must not be in
//! check after the exchange. Swapping kings is type C for both sides ([`super::swapping_kings`]).

use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Color;

/// Popeye's three types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    A,
    B,
    C,
}

/// The condition for one side.
#[derive(Clone, Debug)]
pub struct OscillatingKings {
    pub side: Color,
    pub kind: Type,
}

impl OscillatingKings {
    fn of(side: Color, spec: &ConditionSpec) -> Box<dyn Condition> {
        let has = |t: &str| spec.options.iter().any(|o| o == t);
        let kind = if has("TypeC") {
            Type::C
        } else if has("TypeB") {
            Type::B
        } else {
            Type::A
        };
        Box::new(OscillatingKings { side, kind })
    }

    pub fn build_white(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Self::of(Color::White, spec))
    }

    pub fn build_black(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Self::of(Color::Black, spec))
    }

    /// Whether the move that made `after` from a position of the side named exchanges the kings.
    fn exchanges(&self, rules: &Rules, after: &Position) -> bool {
        match self.kind {
            Type::A => true,
            // Type B: a move leaving the mover in check is illegal; without the exchange it stays in check.
            Type::B => !rules.in_check(after, self.side),
            Type::C => rules.in_check(after, self.side.opposite()),
        }
    }
}

impl Condition for OscillatingKings {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        let name = if self.side == Color::White { "WhiteOscillatingKings" } else { "BlackOscillatingKings" };
        match self.kind {
            Type::A => name.into(),
            Type::B => format!("{name} TypeB"),
            Type::C => format!("{name} TypeC"),
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::ON_MOVE
    }

    fn on_move(&self, rules: &Rules, before: &Position, _mv: Move, after: &mut Position, effects: &mut Effects) {
        if before.side() != self.side {
            return;
        }
        let (Some(white), Some(black)) = (after.king(Color::White), after.king(Color::Black)) else { return };
        if !self.exchanges(rules, after) {
            return;
        }
        let (Some(wk), Some(bk)) = (after.remove(white), after.remove(black)) else { return };
        after.put(white, bk);
        after.put(black, wk);
        effects.push(Effect::Exchanged { a: white, b: black, on_a: bk, on_b: wk });
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if before.side() != self.side {
            return None;
        }
        let after = before.make(mv);
        self.exchanges(rules, &after).then(|| "Under Oscillating kings the two kings change places.".to_string())
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn the_kings_change_places_after_the_sides_move() {
        // Popeye 4.104 writes the exchange `[Ke5<->Kc5]`, Black's king's square first (EXAMPLES/osckings.inp#1:
        // `1...Kf5-e5[Ke5<->Kc5]`). `BlackOscillatingKings` (type A): after each of Black's moves the kings change places;
        // White's moves exchange nothing.
        let v = legal_texts(&["BlackOscillatingKings"], "8/8/8/5k2/8/8/8/K7 b - -");
        assert!(v.contains(&"Kf5-f6[Kf6<->Ka1]".to_string()), "{v:?}");
        let v = legal_texts(&["BlackOscillatingKings"], "8/8/8/5k2/8/8/8/K7 w - -");
        assert!(v.contains(&"Ka1-a2".to_string()), "{v:?}");
    }
}
