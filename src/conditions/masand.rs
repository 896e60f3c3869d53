//! Masand: a move that gives check with the piece that moved turns every piece that piece observes to the other
//! side, kings excepted, both sides' pieces alike. Generalised Masand: every piece of the checking side that
//! observes the king turns the pieces it observes (each piece once). Check stays the walks' observation. Popeye:
//! `conditions/masand.c` (the pieces in square order, one after the other); it writes `Rf3-f2[f1=w][f4=w]`.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::Piece;
use crate::position::Position;
use crate::square::{Bitboard, Square};

#[derive(Clone, Debug)]
pub struct Masand {
    /// Generalised: every checking piece recolours, not only the one that moved.
    generalised: bool,
}

impl Masand {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Masand { generalised: false }))
    }

    pub fn build_generalised(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Masand { generalised: true }))
    }
}

/// Whether the piece on `observer` observes `target` in `pos` so that it would count for check (its side's
/// observation, whatever stands on `target`).
fn observes(rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
    let Some(p) = pos.piece_at(observer) else { return false };
    rules.observers(pos, target, p.color).has(observer) && rules.observation_counts(pos, observer, target)
}

/// Turns, in square order, every piece the piece on `observer` observes in `pos` (kings, the observer itself and
/// the squares of `done` excepted), noting each.
fn recolour_observed(rules: &Rules, pos: &mut Position, observer: Square, done: &mut Bitboard, effects: &mut Effects) {
    let kings: Vec<Square> = crate::square::Color::ALL.iter().filter_map(|&c| pos.king(c)).collect();
    for sq in Square::all() {
        let Some(p) = pos.piece_at(sq) else { continue };
        if sq == observer || kings.contains(&sq) || done.has(sq) || !observes(rules, pos, observer, sq) {
            continue;
        }
        let turned = Piece::new(p.color.opposite(), p.kind);
        pos.put(sq, turned);
        done.set(sq);
        effects.push(Effect::Recoloured { square: sq, piece: turned, mover: false });
    }
}

impl Condition for Masand {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        if self.generalised { "MasandGeneralised" } else { "Masand" }.into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::ON_MOVE
    }

    fn on_move(&self, rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let us = before.side();
        let them = us.opposite();
        let Some(king) = after.king(them) else { return };
        if !rules.in_check(after, them) {
            return;
        }
        let mut done = Bitboard::EMPTY;
        if !self.generalised {
            if observes(rules, after, mv.to, king) {
                recolour_observed(rules, after, mv.to, &mut done, effects);
            }
            return;
        }
        for sq in Square::all() {
            if after.piece_at(sq).is_some_and(|p| p.color == us) && observes(rules, after, sq, king) {
                recolour_observed(rules, after, sq, &mut done, effects);
            }
        }
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let effects = rules.effects(before, mv);
        let turned: Vec<String> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::Recoloured { square, mover: false, .. } => Some(square.to_string()),
                _ => None,
            })
            .collect();
        (!turned.is_empty()).then(|| {
            format!(
                "Under {} the move gives check and the pieces its checking piece observes change sides: {}.",
                self.describe(),
                turned.join(", ")
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn the_checking_piece_turns_what_it_observes() {
        // Popeye 4.104, `Condition Masand` (and `MasandGeneralised`), `Stipulation h~1`, White Kh2 Rf1 Bf4, Black
        // Kh8 Rf3 Pa7: Black's first moves, marks left out (`1.Rf3-f2[f1=b][f4=b] + Kh2-h3`).
        let popeye = [
            "Kh8-g7",
            "Kh8-g8",
            "Kh8-h7",
            "Rf3*f1",
            "Rf3*f4",
            "Rf3-a3",
            "Rf3-b3",
            "Rf3-c3",
            "Rf3-d3",
            "Rf3-e3",
            "Rf3-f2[f1=b][f4=b]",
            "Rf3-g3",
            "Rf3-h3",
            "a7-a5",
            "a7-a6",
        ];
        let fen = "7k/p7/8/8/5B2/5r2/7K/5R2 b - -";
        assert_eq!(legal_texts(&["Masand"], fen), popeye);
        assert_eq!(legal_texts(&["MasandGeneralised"], fen), popeye);
        // White's reply `Bf4-e5[c3=w] +` after `1.Rf3-c3`: the bishop checks and turns the rook it observes.
        let after = "7k/p7/8/8/5B2/2r5/7K/5R2 w - -";
        assert!(legal_texts(&["Masand"], after).contains(&"Bf4-e5[c3=w]".to_string()));
    }
}
