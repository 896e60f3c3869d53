//! Sentinelles: a piece other than a pawn that leaves a square off the first and last ranks leaves a pawn of its
//! side there (`PionAdvers`: of the other side), unless that side already has eight pawns or both sides sixteen
//! (`ParaSentinelles`: nor when that side has more pawns than the other, a pawn just captured counted for the
//! other). Check is the walks' observation. Popeye: `conditions/sentinelles.c`; it writes `Sf5-e7[+wPf5]`.

use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Color, Square};

#[derive(Clone, Debug)]
pub struct Sentinelles {
    /// `PionAdvers`: the pawn is the other side's.
    adverse: bool,
    /// `ParaSentinelles`.
    para: bool,
}

impl Sentinelles {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        for p in ["PionNeutre", "Berolina"] {
            if spec.options.iter().any(|o| o == p) {
                return Err(ConditionError::UnsupportedParam { condition: spec.name.clone(), param: p });
            }
        }
        let has = |w: &str| spec.options.iter().any(|o| o == w);
        Ok(Box::new(Sentinelles { adverse: has("PionAdvers"), para: has("ParaSentinelles") }))
    }

    /// The pawn `mv` from `before` leaves on its departure square in `after` (the move made), if any.
    fn sentinel(&self, before: &Position, mv: Move, after: &Position) -> Option<(Square, Piece)> {
        let from = mv.from;
        let mover = before.piece_at(from)?;
        if from.rank() == 0 || from.rank() == 7 || mover.kind == Kind::PAWN || after.piece_at(from).is_some() {
            return None;
        }
        let side = if self.adverse { mover.color.opposite() } else { mover.color };
        let pawns = |c: Color| (after.color_bb(c) & after.kind_bb(Kind::PAWN)).count();
        if self.para {
            let mut other = pawns(side.opposite());
            if mv.capture().and_then(|c| before.piece_at(c)).is_some_and(|p| p.kind == Kind::PAWN) {
                other += 1;
            }
            if pawns(side) > other {
                return None;
            }
        }
        if pawns(side) + 1 > 8 || pawns(Color::White) + pawns(Color::Black) + 1 > 16 {
            return None;
        }
        Some((from, Piece::new(side, Kind::PAWN)))
    }
}

impl Condition for Sentinelles {
    fn describe(&self) -> String {
        let mut s = if self.para { "ParaSentinelles" } else { "Sentinelles" }.to_string();
        if self.adverse {
            s += "  PionAdvers";
        }
        s
    }

    fn hooks(&self) -> Hooks {
        Hooks::ON_MOVE
    }

    fn on_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        if let Some((sq, pawn)) = self.sentinel(before, mv, after) {
            after.put(sq, pawn);
            effects.push(Effect::Added { square: sq, piece: pawn, promoted: None });
        }
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let after = before.make(mv);
        let (sq, pawn) = self.sentinel(before, mv, &after)?;
        Some(format!("Under Sentinelles the move leaves a {} pawn on {sq}.", pawn.color.name().to_lowercase()))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn a_piece_leaves_a_pawn_behind() {
        // Popeye 4.104, `Condition Sentinelles` and `Sentinelles PionAdvers`, `Stipulation ~1`, White Kh1 Sg1 Rd4,
        // Black Kh8 Pa7, every move listed, marks left out: none from the first rank.
        let own = [
            "Kh1-g2",
            "Kh1-h2",
            "Rd4-a4[+wPd4]",
            "Rd4-b4[+wPd4]",
            "Rd4-c4[+wPd4]",
            "Rd4-d1[+wPd4]",
            "Rd4-d2[+wPd4]",
            "Rd4-d3[+wPd4]",
            "Rd4-d5[+wPd4]",
            "Rd4-d6[+wPd4]",
            "Rd4-d7[+wPd4]",
            "Rd4-d8[+wPd4]",
            "Rd4-e4[+wPd4]",
            "Rd4-f4[+wPd4]",
            "Rd4-g4[+wPd4]",
            "Rd4-h4[+wPd4]",
            "Sg1-e2",
            "Sg1-f3",
            "Sg1-h3",
        ];
        let adverse = [
            "Kh1-g2",
            "Kh1-h2",
            "Rd4-a4[+bPd4]",
            "Rd4-b4[+bPd4]",
            "Rd4-c4[+bPd4]",
            "Rd4-d1[+bPd4]",
            "Rd4-d2[+bPd4]",
            "Rd4-d3[+bPd4]",
            "Rd4-d5[+bPd4]",
            "Rd4-d6[+bPd4]",
            "Rd4-d7[+bPd4]",
            "Rd4-d8[+bPd4]",
            "Rd4-e4[+bPd4]",
            "Rd4-f4[+bPd4]",
            "Rd4-g4[+bPd4]",
            "Rd4-h4[+bPd4]",
            "Sg1-e2",
            "Sg1-f3",
            "Sg1-h3",
        ];
        let sorted = |v: &[&str]| {
            let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
            v.sort();
            v
        };
        let fen = "7k/p7/8/8/3R4/8/8/6NK w - -";
        assert_eq!(legal_texts(&["Sentinelles"], fen), sorted(&own));
        assert_eq!(legal_texts(&["Sentinelles PionAdvers"], fen), sorted(&adverse));
    }
}
