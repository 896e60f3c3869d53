//! Breton chess: when a piece is captured, a piece of the same kind of the capturing side (`Adverse`: of the
//! captured side) is removed too (`Chromatic`: changes sides instead), the capturing side choosing which when there
//! are several (each its own move); when there is none, the capture is plain. The capturer itself may be the one.
//! A pawn that promotes as it captures counts as a pawn (the original definition, Popeye's default); with `PY` as
//! the piece it becomes (Popeye's own reading). Check stays the walks' observation. Popeye: `conditions/breton.c`;
//! it writes `Rd1*d7[-wRa1]`, chromatic `Rd1*d7[a1=b]`.

use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::Piece;
use crate::position::Position;
use crate::square::{Bitboard, Square};

#[derive(Clone, Debug)]
pub struct Breton {
    /// `Adverse`: the captured side loses (or turns) a piece, not the capturing side.
    adverse: bool,
    /// `Chromatic`: the piece changes sides instead of leaving the board.
    chromatic: bool,
    /// `PY`: a pawn promoting as it captures counts as the piece it becomes.
    popeye: bool,
}

impl Breton {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let has = |w: &str| spec.options.iter().any(|o| o == w);
        Ok(Box::new(Breton { adverse: has("Adverse"), chromatic: has("Chromatic"), popeye: has("PY") }))
    }

    /// The squares of the pieces the capture `mv` from `before` may remove (or turn), in square order, read on
    /// `after`, the position with the capture made.
    fn candidates(&self, before: &Position, mv: Move, after: &Position) -> Bitboard {
        let (Some(cap), Some(mover)) = (mv.capture(), before.piece_at(mv.from)) else { return Bitboard::EMPTY };
        let Some(taken) = before.piece_at(cap) else { return Bitboard::EMPTY };
        let side = if self.adverse { taken.color } else { mover.color };
        let mut c = after.color_bb(side) & after.kind_bb(taken.kind);
        if !self.popeye && mv.promotion().is_some() {
            // The capturing pawn's fate is settled before it promotes: as a pawn, it is none of them.
            c &= !mv.to.bb();
        }
        c
    }

    fn victim(&self, before: &Position, mv: Move, after: &Position) -> Option<Square> {
        let c = self.candidates(before, mv, after);
        match mv.choice() {
            0 if c.count() == 1 => c.into_iter().next(),
            0 => None,
            k => c.into_iter().nth(k as usize - 1),
        }
    }
}

impl Condition for Breton {
    // Popeye's Breton takes (Chromatic: turns) a royal piece of another walk as any piece of its kind (the royal
    // rook of `Ta5*a1[h1=n]` turned black), a side left without its king: not with such pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        let mut s = "Breton".to_string();
        for (on, w) in [(self.adverse, " Adverse"), (self.chromatic, " Chromatic"), (self.popeye, " PY")] {
            if on {
                s += w;
            }
        }
        s
    }

    fn hooks(&self) -> Hooks {
        Hooks::CAPTURE | Hooks::CHOICES
    }

    fn choices(&self, _rules: &Rules, pos: &Position, mv: Move) -> u8 {
        let after = pos.make(mv);
        match self.candidates(pos, mv, &after).count() {
            0 | 1 => 0,
            n => n as u8,
        }
    }

    fn on_capture(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let Some(sq) = self.victim(before, mv, after) else { return };
        let Some(p) = after.piece_at(sq) else { return };
        if self.chromatic {
            let turned = Piece::new(p.color.opposite(), p.kind);
            after.put(sq, turned);
            effects.push(Effect::Recoloured { square: sq, piece: turned, mover: false });
        } else {
            after.remove(sq);
            effects.push(Effect::Removed { square: sq, piece: p });
        }
        // Popeye's Breton acts on the capture, before the pawn promotes: the promotion is written after it
        // (`a2*b1[g7=b][b1=R]`, `a2*b1[-bRh8][b1=Q]`).
        if let (Some(_), Some(promoted)) = (mv.promotion(), after.piece_at(mv.to)) {
            effects.push(Effect::PromotedAfter { square: mv.to, piece: promoted });
        }
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let after = before.make(mv);
        let sq = self.victim(before, mv, &after)?;
        let p = after.piece_at(sq)?;
        let what = if self.chromatic { "changes sides" } else { "leaves the board" };
        Some(format!(
            "Under Breton the {} {} on {sq} {what}: a piece of the kind captured.",
            p.color.name().to_lowercase(),
            p.kind.name()
        ))
    }
}
