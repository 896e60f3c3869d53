//! BGL (Popeye `BGL`, the same in its three languages; after Brian Geoffrey Lewis): each side has a budget, and a
//! move costs its length, the distance between its squares (one square sideways 1, a diagonal step 1.41, a
//! knight's leap 2.24). A move that costs more than its side has left is not played, nor does an observation that
//! costs more than the observing side has left give check. `BGL 4.5 4`: White's and Black's budgets; `BGL 27.42`:
//! one budget both sides spend from (every move costs it); `-`: no limit for that side.
//!
//! Popeye's `conditions/bgl.c`: lengths in hundredths, rounded, from its table `BGL_move_diff_code` (a castling
//! costs the king's two squares, 2; an en passant capture its diagonal step); its enforcer takes the moves too long
//! for the side to move out of the generated ones, and validates observations with the observing side's budget;
//! its adjuster takes the cost from the mover's budget (both, when shared) after the move; a side without a limit
//! spends nothing. Popeye writes the budgets left after each move that spends: ` (4.5/3)`, ` (26.42)` when shared.
//!
//! The budgets spent are the position's wide state ([`Position::wide_slot`]: White's in the low 32 bits, Black's in
//! the high ones), so that 0 is the diagram's state and the table tells positions with different budgets apart.

use crate::conditions::{ConditionError, ConditionNumber, ConditionSpec};
use crate::effects::{write_hundredths, Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::{Color, Square};

/// The lengths of moves in hundredths by rank and file distance (Popeye's `BGL_move_diff_code`, whose rows are
/// the same right and left).
const LENGTH: [[u32; 8]; 8] = [
    [0, 100, 200, 300, 400, 500, 600, 700],
    [100, 141, 224, 316, 412, 510, 608, 707],
    [200, 224, 283, 361, 447, 539, 632, 728],
    [300, 316, 361, 424, 500, 583, 671, 762],
    [400, 412, 447, 500, 566, 640, 721, 806],
    [500, 510, 539, 583, 640, 707, 781, 860],
    [600, 608, 632, 671, 721, 781, 849, 922],
    [700, 707, 728, 762, 806, 860, 922, 990],
];

/// The length of a move from `a` to `b`, in hundredths.
pub fn length(a: Square, b: Square) -> u32 {
    LENGTH[a.rank().abs_diff(b.rank()) as usize][a.file().abs_diff(b.file()) as usize]
}

/// The condition `BGL`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bgl {
    /// White's and Black's budgets in hundredths, `None` without a limit.
    budgets: [Option<u32>; 2],
    /// One budget both sides spend from (`BGL 27.42`).
    shared: bool,
}

impl Bgl {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let budget = |n: &ConditionNumber| match *n {
            ConditionNumber::Hundredths(h) => Some(h),
            ConditionNumber::Unlimited => None,
        };
        // bgl.c's reader: no number, no limit for either side; one number, one budget for both.
        let (budgets, shared) = match spec.numbers.as_slice() {
            [] => ([None, None], false),
            [one] => ([budget(one), budget(one)], true),
            [w, b, ..] => ([budget(w), budget(b)], false),
        };
        Ok(Box::new(Bgl { budgets, shared }))
    }

    /// What `color` has spent in `pos`.
    fn spent(pos: &Position, color: Color) -> u32 {
        (pos.wide_slot() >> (32 * color as u32)) as u32
    }

    /// What `color` has left in `pos`, in hundredths (`None`: no limit).
    pub fn left(&self, pos: &Position, color: Color) -> Option<u32> {
        self.budgets[color as usize].map(|b| b.saturating_sub(Bgl::spent(pos, color)))
    }

    /// Whether `color` can pay for a move from `a` to `b` in `pos`.
    fn affords(&self, pos: &Position, color: Color, a: Square, b: Square) -> bool {
        self.left(pos, color).is_none_or(|left| length(a, b) <= left)
    }
}

impl Condition for Bgl {
    fn describe(&self) -> String {
        let n = |b: Option<u32>| write_hundredths(b);
        if self.shared {
            format!("BGL {}", n(self.budgets[0]))
        } else {
            format!("BGL {} {}", n(self.budgets[0]), n(self.budgets[1]))
        }
    }

    fn hooks(&self) -> Hooks {
        // The state after the move takes the last moves' check filter away, as it must: the kings may stand side
        // by side (an observation too long for the budget left), and a king's step then gives check.
        Hooks::LEGALITY | Hooks::OBSERVATION | Hooks::AFTER_MOVE | Hooks::NOTE
    }

    // A shared budget shrinks for both sides with every move: the other side's observations after a move are not
    // those before it, so no shortcut that judges the mover's king by the position before the move holds (the
    // differential tester, seed 37001 case 1: `Ke2-d1` beside a bishop whose observation the king's step made too
    // long). Separate budgets keep what the hooks keep: a move spends its own side's only.
    fn keeps(&self) -> Keeps {
        if self.shared {
            Keeps { pins: false, unobserved_pins: false, captures: false, check_filter: false, orthodox: false }
        } else {
            Keeps::from_hooks(self.hooks())
        }
    }

    fn is_legal(&self, _rules: &Rules, before: &Position, mv: Move, _after: &Position) -> bool {
        self.affords(before, before.side(), mv.from, mv.to)
    }

    fn observation_counts(&self, _rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        match pos.piece_at(observer) {
            Some(p) => self.affords(pos, p.color, observer, target),
            None => true,
        }
    }

    fn after_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position) {
        let cost = length(mv.from, mv.to) as u64;
        let mover = before.side();
        if self.budgets[mover as usize].is_none() {
            return;
        }
        let add = if self.shared { cost | cost << 32 } else { cost << (32 * mover as u32) };
        after.set_wide_slot(after.wide_slot() + add);
    }

    // bgl.c's adjuster is a move effect: Popeye writes the budgets after each move that spends (a side without a
    // limit spends nothing, and its moves show none).
    fn note(&self, _rules: &Rules, before: &Position, _mv: Move, after: &Position, effects: &mut Effects) {
        if self.budgets[before.side() as usize].is_some() {
            effects.push(Effect::Budgets {
                white: self.left(after, Color::White),
                black: self.left(after, Color::Black),
                shared: self.shared,
            });
        }
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let side = before.side();
        let left = self.left(before, side)?;
        let cost = length(mv.from, mv.to);
        (cost > left).then(|| {
            format!(
                "under BGL a move costs its length and {} has {} left: this move is {} long.",
                side.name(),
                write_hundredths(Some(left)),
                write_hundredths(Some(cost))
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn lengths_are_popeyes() {
        // bgl.c's table: a knight's leap 2.24, a diagonal step 1.41, the long diagonal 9.90, a king's castling 2.
        let sq = |s: &str| Square::parse(s).unwrap();
        assert_eq!(length(sq("g1"), sq("f3")), 224);
        assert_eq!(length(sq("e4"), sq("d5")), 141);
        assert_eq!(length(sq("h8"), sq("a1")), 990);
        assert_eq!(length(sq("e1"), sq("g1")), 200);
        assert_eq!(length(sq("a2"), sq("h3")), 707);
    }

    #[test]
    fn a_move_longer_than_the_budget_is_not_played() {
        // Popeye 4.104, `stip ~1`, `cond bgl 1.5 4`, White Ke1 Sg1 Pa2, Black Ke8: the king's steps (1, 1.41), the
        // pawn's single step, each with the budgets left; not the knight's leaps (2.24) nor the double step (2).
        let moves = legal_texts(&["BGL 1.5 4"], "4k3/8/8/8/8/8/P7/4K1N1 w - - 0 1");
        assert_eq!(
            moves,
            [
                "Ke1-d1 (0.5/4)",
                "Ke1-d2 (0.09/4)",
                "Ke1-e2 (0.5/4)",
                "Ke1-f1 (0.5/4)",
                "Ke1-f2 (0.09/4)",
                "a2-a3 (0.5/4)"
            ]
        );
    }
}
