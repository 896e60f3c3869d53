//! Kobul kings (Popeye `KobulKings`, `KobulKoenige`, `RoisKobul`; `conditions/kobul.c`): when a piece is captured,
//! the royal piece of its side takes its walk, as part of the capture (a pawn's capture makes it a king again);
//! it stays royal. Popeye writes the change after the move, the royal piece with its `r` (`[b7=rR]`, `[a4=K]`).
//! `White` or `Black` after the name: only that side's king is a Kobul king.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::{Attrs, Kind, Piece};
use crate::position::Position;
use crate::square::Color;

/// The condition, with the side whose king is a Kobul king (`None`: both).
#[derive(Clone, Debug)]
pub struct KobulKings {
    pub side: Option<Color>,
}

impl KobulKings {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let white = spec.options.iter().any(|o| o == "White");
        let black = spec.options.iter().any(|o| o == "Black");
        let side = match (white, black) {
            (true, false) => Some(Color::White),
            (false, true) => Some(Color::Black),
            _ => None,
        };
        Ok(Box::new(KobulKings { side }))
    }

    /// The walk the royal piece of the captured side takes for the capture `mv` from `before`, and its square in
    /// `after`, when it changes.
    fn change(&self, before: &Position, mv: Move, after: &Position) -> Option<(crate::square::Square, Piece)> {
        let captured = before.piece_at(mv.capture()?)?;
        if self.side.is_some_and(|s| s != captured.color) {
            return None;
        }
        // kobul.c: a pawn's capture gives the king's walk.
        let kind = if captured.kind == Kind::PAWN { Kind::KING } else { captured.kind };
        let sq = after.king(captured.color)?;
        let royal = after.piece_at(sq)?;
        (royal.kind != kind).then_some((sq, Piece::new(royal.color, kind)))
    }
}

impl Condition for KobulKings {
    fn describe(&self) -> String {
        match self.side {
            None => "KobulKings".into(),
            Some(Color::White) => "KobulKings White".into(),
            Some(Color::Black) => "KobulKings Black".into(),
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::CAPTURE
    }

    // The royal piece may become any walk: a royal piece that is no king.
    fn attributes(&self) -> Attrs {
        Attrs::ROYAL
    }

    fn on_capture(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let Some((sq, piece)) = self.change(before, mv, after) else { return };
        after.remove(sq);
        after.put(sq, piece);
        let attrs = if piece.kind == Kind::KING { Attrs::NONE } else { Attrs::ROYAL };
        if !attrs.is_empty() {
            after.set_attrs(sq, attrs);
        }
        effects.push(Effect::Changed { square: sq, piece, attrs });
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let after = before.make(mv);
        self.change(before, mv, &after).map(|(sq, piece)| {
            format!(
                "Under Kobul kings the {} royal piece on {sq} takes the walk of the piece captured and becomes a {}.",
                piece.color.name().to_lowercase(),
                piece.kind.name()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn the_king_takes_the_captured_walk() {
        // Popeye 4.104, EXAMPLES/kobul.inp#2 (h#2), after `1.Sf7*d6`: `Ke7*d6[d4=rS]`, Black's knight taken,
        // Black's king on d4 becomes a royal knight.
        let v = legal_texts(&["KobulKings"], "8/1p1nK3/1NpnPP2/2p5/1p1kpp2/3q1P1b/1P3P2/2R5 w - -");
        assert!(v.contains(&"Ke7*d6[d4=rS]".to_string()), "{v:?}");
    }
}
