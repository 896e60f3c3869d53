//! Volage and Hypervolage (Popeye's `conditions/volage.c`): every piece but the kings is volage; a volage piece
//! that moves to a square of the other colour than the one it left changes sides (`Rb1-b2=b`). Under Volage it
//! does so once, then is volage no more; under Hypervolage every time. Only the moving piece changes (the rook
//! of a castling does not).
//!
//! The pieces that have changed under Volage are marked with [`Attrs::VOLAGE_SPENT`], an attribute no writer
//! shows (Popeye writes no letter for Volage under the condition); a promotee keeps its pawn's mark.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::pieces::{Attrs, Kind, Piece};
use crate::position::Position;
use crate::square::Square;

/// The condition `Volage` (`hyper`: `Hypervolage`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Volage {
    pub hyper: bool,
}

impl Volage {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Volage { hyper: false }))
    }

    pub fn build_hyper(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Volage { hyper: true }))
    }

    /// Whether a square is light (a1 is dark).
    fn light(sq: Square) -> bool {
        (sq.file() + sq.rank()) % 2 == 1
    }

    /// Whether the move `mv` from `before` turns its piece: not a king (nor castling), to a square of the other
    /// colour, a piece still volage.
    fn turns(&self, before: &Position, mv: Move) -> bool {
        let Some(p) = before.piece_at(mv.from) else { return false };
        p.kind != Kind::KING
            && !matches!(mv.special, Special::CastleShort | Special::CastleLong)
            && Self::light(mv.from) != Self::light(mv.to)
            && (self.hyper || !before.attrs_at(mv.from).has(Attrs::VOLAGE_SPENT))
    }
}

impl Condition for Volage {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        if self.hyper { "Hypervolage" } else { "Volage" }.into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::ON_MOVE
    }

    fn on_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        if !self.turns(before, mv) {
            return;
        }
        let Some(p) = after.piece_at(mv.to) else { return };
        if before.piece_at(mv.from).is_none_or(|m| m.color != p.color) {
            return;
        }
        let turned = Piece::new(p.color.opposite(), p.kind);
        after.put(mv.to, turned);
        if !self.hyper {
            after.set_attrs(mv.to, Attrs::VOLAGE_SPENT);
        }
        effects.push(Effect::Recoloured { square: mv.to, piece: turned, mover: true });
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let p = before.piece_at(mv.from)?;
        self.turns(before, mv).then(|| {
            format!(
                "The volage {} {} moves to a square of the other colour and becomes {} on {}.",
                p.color.name().to_lowercase(),
                p.kind.name(),
                p.color.opposite().name().to_lowercase(),
                mv.to
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::{build_all, ConditionSpec};
    use crate::input::fen::parse_fen;
    use crate::movegen::Rules;
    use crate::notation::move_text;
    use crate::setup::{build_position, SetupOptions};
    use crate::words::Lang;
    use crate::Color;

    fn moves(name: &str, fen: &str) -> Vec<String> {
        let (pieces, state) = parse_fen(fen).unwrap();
        let conds = build_all(&[ConditionSpec { name: name.into(), options: vec![], ..Default::default() }]).unwrap();
        let rules = Rules::new(pieces.iter().map(|p| p.kind), conds);
        let pos = build_position(&pieces, &state, Color::White, &rules, &SetupOptions::default()).unwrap();
        let mut out = Vec::new();
        rules.legal_moves(&pos, &mut out);
        let mut v: Vec<String> =
            out.iter().map(|m| move_text(&pos, *m) + &rules.effects(&pos, *m).write_in(Lang::English)).collect();
        v.sort();
        v
    }

    /// A rook's step to a square of the other colour turns it; a bishop's never does; the king never turns.
    #[test]
    fn a_move_to_the_other_colour_turns_the_piece() {
        let v = moves("Volage", "7k/8/8/8/8/8/8/RB2K3 w - -");
        assert!(v.contains(&"Ra1-a2=b".to_string()), "{v:?}");
        assert!(v.contains(&"Ra1-a3".to_string()), "{v:?}");
        assert!(v.iter().filter(|m| m.starts_with('B')).all(|m| !m.contains('=')), "{v:?}");
        assert!(v.iter().filter(|m| m.starts_with('K')).all(|m| !m.contains('=')), "{v:?}");
    }

    /// Under Volage a piece turns once: the second move to the other colour leaves it as it is; under
    /// Hypervolage it turns again.
    #[test]
    fn volage_turns_once_hypervolage_every_time() {
        for (name, again) in [("Volage", false), ("Hypervolage", true)] {
            let (pieces, state) = parse_fen("7k/8/8/8/8/8/8/R3K3 w - -").unwrap();
            let conds =
                build_all(&[ConditionSpec { name: name.into(), options: vec![], ..Default::default() }]).unwrap();
            let rules = Rules::new(pieces.iter().map(|p| p.kind), conds);
            let pos = build_position(&pieces, &state, Color::White, &rules, &SetupOptions::default()).unwrap();
            let mut out = Vec::new();
            rules.legal_moves(&pos, &mut out);
            let mv = *out.iter().find(|m| m.uci() == "a1a2").unwrap();
            let after = rules.make(&pos, mv);
            let rook = crate::Square::parse("a2").unwrap();
            assert_eq!(after.piece_at(rook).unwrap().color, Color::Black);
            rules.legal_moves(&after, &mut out);
            let mv = *out.iter().find(|m| m.uci() == "a2a3").unwrap();
            let again_pos = rules.make(&after, mv);
            let a3 = crate::Square::parse("a3").unwrap();
            assert_eq!(again_pos.piece_at(a3).unwrap().color == Color::White, again, "{name}");
        }
    }
}
