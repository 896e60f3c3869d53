//! Tibet chess (Popeye `Tibet`, `TibetSchach`, `Tibet`): a black piece that captures a piece of another walk than
//! its own (its walk after a promotion) changes its colour on arrival, kings excepted; Double Tibet
//! (`DoubleTibet`, `DoppeltibetSchach`, `DoubleTibet`): a piece of either side does. Popeye's `conditions/tibet.c`
//! turns the piece as Andernach chess does, after the promotion, and writes `=w` after the move.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::Piece;
use crate::position::Position;
use crate::square::Color;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tibet {
    /// Double Tibet: White's captures too.
    pub double: bool,
}

impl Tibet {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Tibet { double: false }))
    }

    pub fn build_double(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Tibet { double: true }))
    }

    /// Whether the capture `mv` from `before` turns its piece, arrived as `arrived`.
    fn turns(&self, before: &Position, mv: Move, arrived: Piece) -> bool {
        let Some(sq) = mv.capture() else { return false };
        let Some(captured) = before.piece_at(sq) else { return false };
        let Some(mover) = before.piece_at(mv.from) else { return false };
        (self.double || mover.color == Color::Black)
            && !before.royal_bb(mover.color).has(mv.from)
            && arrived.color == mover.color
            && arrived.kind != captured.kind
    }
}

impl Condition for Tibet {
    /// Not yet checked with pieces with the attribute Royal against Popeye: refused with them.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        if self.double { "DoubleTibet" } else { "Tibet" }.into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::CAPTURE
    }

    fn on_capture(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let Some(p) = after.piece_at(mv.to) else { return };
        if !self.turns(before, mv, p) {
            return;
        }
        let turned = Piece::new(p.color.opposite(), p.kind);
        after.put(mv.to, turned);
        effects.push(Effect::Recoloured { square: mv.to, piece: turned, mover: true });
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let mover = before.piece_at(mv.from)?;
        let arrived = Piece::new(mover.color, mv.promotion().unwrap_or(mover.kind));
        self.turns(before, mv, arrived).then(|| {
            format!(
                "Under {} the {} takes a piece of another walk and changes its colour on {}.",
                self.describe(),
                arrived.kind.name(),
                mv.to
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn a_capture_of_another_walk_turns_the_capturer() {
        // Popeye 4.104, `~1`, White Ke1 Qd2 Rh3, Black Ka3 Rc2 Sh4 Bg2 Pd3: under Tibet 1.Qd2*c2 (White's captures
        // turn nothing), under DoubleTibet 1.Qd2*c2=b, 1.Rh3*h4=b.
        let fen = "8/8/8/8/7n/k2p3R/2rQ2b1/4K3 w - -";
        let v = legal_texts(&["Tibet"], fen);
        assert!(v.contains(&"Qd2*c2".to_string()), "{v:?}");
        let v = legal_texts(&["DoubleTibet"], fen);
        assert!(v.contains(&"Qd2*c2=b".to_string()) && v.contains(&"Rh3*h4=b".to_string()), "{v:?}");
        // `h~1`, Tibet, White Ke1 Qd5 Rh3, Black Ka3 Rd2 Sh4 Bh1 Pd3: 1.Bh1*d5=w.
        let v = legal_texts(&["Tibet"], "8/8/8/3Q4/7n/k2p3R/3r4/4K2b b - -");
        assert!(v.contains(&"Bh1*d5=w".to_string()), "{v:?}");
    }
}
