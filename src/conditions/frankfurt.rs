//! Frankfurt chess (Popeye `FrankfurtChess`, `FrankfurtSchach`, `Francfort`): a piece that captures takes the walk
//! of the piece it captured, keeping its colour; a king too (it stays royal: Popeye writes `Ke1*e2=rP`), unless
//! `RexExclusive` is given (Popeye's default is rex inclusive). Popeye's `conditions/frankfurt.c` changes the walk
//! before the pawn's promotion: a pawn that captures on its last rank becomes the piece it took and does not
//! promote (`b7*c8=R`). Popeye writes the new walk after the move (`Qd2*d7=P`), nothing when the walk stays.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::{Attrs, Kind, Piece};
use crate::position::Position;

/// The condition; `rex_inclusive` (the default): kings take the captured walk too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frankfurt {
    pub rex_inclusive: bool,
}

impl Frankfurt {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Frankfurt { rex_inclusive: !spec.options.iter().any(|o| o == "RexExclusive") }))
    }

    /// The walk the capturer of `mv` from `before` takes, when it changes.
    fn new_kind(&self, before: &Position, mv: Move) -> Option<Kind> {
        let captured = before.piece_at(mv.capture()?)?;
        let mover = before.piece_at(mv.from)?;
        if !self.rex_inclusive && before.royal_bb(mover.color).has(mv.from) {
            return None;
        }
        let arrived = mv.promotion().unwrap_or(mover.kind);
        (captured.kind != arrived).then_some(captured.kind)
    }
}

impl Condition for Frankfurt {
    /// Not yet checked with pieces with the attribute Royal against Popeye: refused with them.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        if self.rex_inclusive {
            "FrankfurtChess".into()
        } else {
            "FrankfurtChess RexExclusive".into()
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::CAPTURE | Hooks::PAWN_MOVE
    }

    // A king that captures becomes a royal piece of another walk.
    fn attributes(&self) -> Attrs {
        if self.rex_inclusive {
            Attrs::ROYAL
        } else {
            Attrs::NONE
        }
    }

    // The pawn that captures on its last rank becomes the piece it took: no promotion.
    fn unpromoted(&self, pos: &Position, mv: Move) -> bool {
        mv.is_capture() && self.new_kind(pos, mv).is_some()
    }

    fn on_capture(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let Some(kind) = self.new_kind(before, mv) else { return };
        let Some(p) = after.piece_at(mv.to) else { return };
        let royal = before.royal_bb(p.color).has(mv.from);
        let mut attrs = after.attrs_at(mv.to);
        if royal {
            attrs = attrs.union(Attrs::ROYAL);
        }
        let piece = Piece::new(p.color, kind);
        after.put(mv.to, piece);
        if attrs.is_empty() {
            effects.push(Effect::Transmuted { square: mv.to, piece, mover: true });
        } else {
            after.set_attrs(mv.to, attrs);
            effects.push(Effect::Rewalked { square: mv.to, piece, attrs });
        }
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let kind = self.new_kind(before, mv)?;
        let mover = before.piece_at(mv.from)?;
        Some(format!(
            "Under Frankfurt chess the capturing {} takes the walk of the piece it captured and becomes a {} on {}.",
            mover.kind.name(),
            kind.name(),
            mv.to
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn the_capturer_takes_the_captured_walk() {
        // Popeye 4.104, `~1`, FrankfurtChess, White Ke1 Qd2 Pb7, Black Ka3 Rc8 Pd7 Pe2 Sh4 Bg2: `Ke1*e2=rP`,
        // `Qd2*d7=P`, `Qd2*e2=P`, `b7*c8=R` (no promotion).
        let v = legal_texts(&["FrankfurtChess"], "2r5/1P1p4/8/8/7n/k7/3Qp1b1/4K3 w - -");
        for m in ["Ke1*e2=rP", "Qd2*d7=P", "Qd2*e2=P", "b7*c8=R"] {
            assert!(v.contains(&m.to_string()), "{m} not in {v:?}");
        }
        assert!(!v.iter().any(|m| m.starts_with("b7*c8=Q")), "{v:?}");
        // RexExclusive: `Ke1*e2` keeps the king.
        let v = legal_texts(&["FrankfurtChess RexExclusive"], "2r5/1P1p4/8/8/7n/k7/3Qp1b1/4K3 w - -");
        assert!(v.contains(&"Ke1*e2".to_string()), "{v:?}");
    }
}
