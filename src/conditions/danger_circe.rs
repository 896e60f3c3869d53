//! Danger Circe (Popeye `DangerCirce`, German `GefahrenCirce`, French `CirceDanger`): a piece observed by the
//! opponent may also move to its Circe rebirth square, the square it would be reborn on if the opponent took it
//! where it stands: a move there when that square is empty, a capture when an opposing piece stands there
//! (Popeye's `conditions/danger_circe.c`: `danger_circe_generate_moves_for_piece`, the regular rebirth square of the
//! moving walk for the capturing side). Such a move is a check when it would take the king, and Popeye tests
//! check by generating the moves (`solving_test_check_playing_moves`): a king stands on the rebirth square of an
//! opposing piece that its own side observes.
//!
//! Popeye lists such a move once more when the walk makes it too (`1.Be2-f1 !` twice in a `~1` listing, a bishop
//! observed on e2), and stipula with it: a defence listed twice is two refutations, so that a try it refutes is no
//! try (EXAMPLES/danger_circe.inp#9, where `1.Qf8-e8+`, refuted by `1...Kd7*e8` by the king's step and by the rule,
//! is not shown).

use super::circe::regular_square;
use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::position::Position;
use crate::square::{Color, Square};

/// The condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DangerCirce;

impl DangerCirce {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(DangerCirce))
    }

    /// The square the piece on `from` (of `color`) moves to under the rule, whether it is observed or not: its
    /// regular rebirth square for a capture by the other side.
    fn target(pos: &Position, from: Square, color: Color) -> Option<Square> {
        let piece = pos.piece_at(from)?;
        Some(regular_square(piece.kind, color.opposite(), from))
    }

    /// Whether the piece on `sq` is observed by a piece of `by` (Popeye's `is_square_observed_general`: the walks'
    /// observations that count under the other conditions).
    fn observed(rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        rules.observers(pos, sq, by).any(|o| rules.observation_counts(pos, o, sq))
    }

    /// The rule's move of the piece of `color` on `from` in `pos`, if it has one (observed, its rebirth square
    /// empty or held by an opposing piece).
    fn danger_move(rules: &Rules, pos: &Position, from: Square, color: Color) -> Option<Move> {
        let to = Self::target(pos, from, color)?;
        let piece = pos.piece_at(from)?;
        let capture = match pos.piece_at(to) {
            None => None,
            Some(p) if p.color != color => Some(to),
            Some(_) => return None,
        };
        if !Self::observed(rules, pos, from, color.opposite()) {
            return None;
        }
        Some(Move::new(from, to, capture, Special::None).by(piece.kind))
    }
}

impl Condition for DangerCirce {
    fn describe(&self) -> String {
        "DangerCirce".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::EXTRA_MOVES | Hooks::EXTRA_CHECK
    }

    fn extra_moves(&self, rules: &Rules, pos: &Position, out: &mut MoveList) {
        let us = pos.side();
        for from in pos.color_bb(us) & !rules.paralysed(pos, us) {
            // (A move the walk makes too is listed twice, as Popeye lists it.)
            out.extend(Self::danger_move(rules, pos, from, us));
        }
    }

    // The king on `sq` is on the rebirth square of a piece of `by` that its own side observes.
    fn extra_check(&self, rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        pos.color_bb(by).into_iter().any(|from| {
            Self::target(pos, from, by) == Some(sq)
                && !rules.is_paralysed(pos, from)
                && Self::observed(rules, pos, from, by.opposite())
                && rules.extra_capture_counts(pos, Move::new(from, sq, Some(sq), Special::None))
        })
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let us = before.side();
        let piece = before.piece_at(mv.from)?;
        if Self::danger_move(rules, before, mv.from, us) != Some(mv) {
            return None;
        }
        let name = format!("{} {}", piece.color.name().to_lowercase(), piece.kind.name());
        Some(match mv.capture() {
            Some(_) => format!(
                "Under DangerCirce the {name} on {}, observed, may move to its rebirth square {}, taking what stands \
                 there.",
                mv.from, mv.to
            ),
            None => {
                format!(
                    "Under DangerCirce the {name} on {}, observed, may move to its rebirth square {}.",
                    mv.from, mv.to
                )
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::madrasi::tests::setup;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn observed_pieces_move_to_their_rebirth_squares() {
        // Popeye 4.104, TESTS/danger_circe.inp#1 (`pieces white pd4e4f4g2g5 black se6 pf2`, `stip ~1`, `condition
        // danger`, `option nowk nobk`; here with kings on a8 and h8, which nothing observes): the pawns the knight observes go to their second rank, `1.d4-d2`, `1.f4*f2`
        // (g5's square g2 is its own pawn's); e4, unobserved, has none.
        let (rules, pos) = setup("k6K/8/4n3/6P1/3PPP2/8/5pP1/8 w - - 0 1", &["DangerCirce"]);
        let mut out = MoveList::new();
        rules.extra_moves(&pos, &mut out);
        let mut got: Vec<String> = out.iter().map(|m| m.uci()).collect();
        got.sort();
        assert_eq!(got, ["d4d2", "f4f2"]);
        assert!(out.iter().any(|m| m.to == sq("f2") && m.is_capture()));
    }

    #[test]
    fn a_king_on_an_observed_piece_s_rebirth_square_is_in_check() {
        // Popeye 4.104 (tests/popeye-cases/danger-circe-check.inp, `~1`, White Kb8 Ra4, Black Kc1 Sd4): a black
        // knight on d4 (a dark square: rebirth b8) that White's rook observes gives check to the white king on b8,
        // which only king moves, the rook's capture and its moves off the fourth rank parry. A rook on a5 observes
        // no knight: no check.
        let (rules, pos) = setup("1K6/8/8/8/R2n4/8/8/2k5 w - - 0 1", &["DangerCirce"]);
        assert!(rules.in_check(&pos, Color::White));
        let (rules, pos) = setup("1K6/8/8/R7/3n4/8/8/2k5 w - - 0 1", &["DangerCirce"]);
        assert!(!rules.in_check(&pos, Color::White));
    }
}
