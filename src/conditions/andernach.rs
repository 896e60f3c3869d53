//! Andernach chess: a piece that captures changes its colour on arrival, kings excepted (Popeye writes
//! `Qd4*c4=b`). Anti-Andernach chess: a piece that moves without capturing changes its colour, kings excepted;
//! castling (a king's move) changes nothing. Popeye: `conditions/andernach.c`, `conditions/antiandernach.c`.
//! Check stays the walks' observation: the capture of a king ends the game before any colour changes.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::{Kind, Piece};
use crate::position::Position;

#[derive(Clone, Debug)]
pub struct Andernach {
    /// Anti-Andernach: the moves that capture nothing recolour, not the captures.
    anti: bool,
}

impl Andernach {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Andernach { anti: false }))
    }

    pub fn build_anti(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Andernach { anti: true }))
    }

    /// Whether the rule recolours the piece that makes `mv`.
    fn recolours(&self, mv: Move) -> bool {
        mv.is_capture() != self.anti
    }

    /// Turns the piece that arrived on `mv.to` to the other side, a king excepted, and notes it.
    fn turn(before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let Some(p) = after.piece_at(mv.to) else { return };
        if p.kind == Kind::KING || before.piece_at(mv.from).is_none_or(|m| m.color != p.color) {
            return;
        }
        let turned = Piece::new(p.color.opposite(), p.kind);
        after.put(mv.to, turned);
        effects.push(Effect::Recoloured { square: mv.to, piece: turned, mover: true });
    }
}

impl Condition for Andernach {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        if self.anti { "AntiAndernachChess" } else { "AndernachChess" }.into()
    }

    fn hooks(&self) -> Hooks {
        if self.anti {
            Hooks::ON_MOVE
        } else {
            Hooks::CAPTURE
        }
    }

    fn on_capture(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        if self.recolours(mv) {
            Andernach::turn(before, mv, after, effects);
        }
    }

    fn on_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        if self.recolours(mv) {
            Andernach::turn(before, mv, after, effects);
        }
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let p = before.piece_at(mv.from)?;
        if !self.recolours(mv) || p.kind == Kind::KING {
            return None;
        }
        let name = if self.anti { "Anti-Andernach chess" } else { "Andernach chess" };
        Some(format!(
            "Under {name} the {} {} becomes {} on {}.",
            p.color.name().to_lowercase(),
            p.kind.name(),
            p.color.opposite().name().to_lowercase(),
            mv.to
        ))
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

    #[test]
    fn the_capturer_changes_sides() {
        // Popeye 4.104, `Condition Andernach`, `Stipulation ~1`, White Ke1 Qd4 Pb2 Sg1, Black Ke8 Rd7 Pf3 Bb5 Pc4:
        // `1.Qd4*c4=b`, `1.Qd4*d7=b`, and no `Sg1*f3` (the knight turned black on f3 would check the king).
        let (pieces, state) = parse_fen("4k3/3r4/8/1b6/2pQ4/5p2/1P6/4K1N1 w - -").unwrap();
        let conds =
            build_all(&[ConditionSpec { name: "AndernachChess".into(), options: vec![], ..Default::default() }])
                .unwrap();
        let rules = Rules::new(pieces.iter().map(|p| p.kind), conds);
        let pos = build_position(&pieces, &state, Color::White, &rules, &SetupOptions::default()).unwrap();
        let mut out = Vec::new();
        rules.legal_moves(&pos, &mut out);
        let mut captures: Vec<String> = out
            .iter()
            .filter(|m| m.is_capture())
            .map(|m| move_text(&pos, *m) + &rules.effects(&pos, *m).write_in(Lang::English))
            .collect();
        captures.sort();
        assert_eq!(captures, ["Qd4*c4=b", "Qd4*d7=b"]);
        assert_eq!(out.len(), 29);
    }
}
