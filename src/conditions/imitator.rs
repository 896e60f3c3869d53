//! Imitators (Popeye `Imitator`, the same in German and French; `NoIProm`, German `OhneIUW`, French `SansIProm`,
//! forbids the promotion into one): colourless, uncapturable men off the board's pieces that move with every move,
//! by the same vector, at the same time. Read from Popeye's `conditions/imitator.c`:
//! - A move of a rider (queen, rook, bishop; a pawn's double step) is made step by step: for each step every
//!   imitator's next square must be on the board and empty (the moving piece's departure square counts as
//!   empty, a piece it takes as occupied); a leap (knight, king, a pawn's single step or capture) needs each
//!   imitator's arrival square so.
//! - Castling moves the imitators as the king (two steps, each checked with the king lifted), then as the rook
//!   (long castling: three steps back, each checked with the king on its arrival square): `0-0` leaves them where
//!   they were, `0-0-0` moves them one file towards the h-file. The square the king passes is tested for check
//!   with the imitators moved by the king's first step.
//! - After the move no imitator may stand on an occupied square.
//! - A piece observes (gives check) only where its move would be legal so: a rider's observation needs each
//!   imitator's path clear, the observer lifted; a leaper's, king's or pawn's each imitator's arrival square.
//! - A pawn reaching its last rank may promote into an imitator (unless `NoIProm`): the pawn leaves the board and
//!   an imitator is added on its square, after the others moved (`b7-b8[If7]=I`).
//!
//! Popeye writes the imitators' squares after each move, in the order they were given and then as they were
//! added (`Kg3-h2[Ic5]`, `Kc7-c6[If6,b7]`), before a promotion (`g2-g1[Ia7]=R`). Popeye takes ten imitators at
//! most. The imitators are the position's wide state ([`Position::wide_slot`]): their count in the low four bits,
//! then each square in six bits, in order.

use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::Kind;
use crate::position::Position;
use crate::square::Square;

/// The most imitators Popeye takes (`maxinum`).
pub const MAX: usize = 10;

/// The wide state of a move that would take an imitator off the board: such a move is illegal.
const OFF_BOARD: u64 = u64::MAX;

/// The imitators in a wide state, in order.
pub fn squares(state: u64) -> Vec<Square> {
    crate::effects::imitator_squares(state)
}

/// The wide state of imitators on `list`, in order (at most [`MAX`]).
pub fn state_of(list: &[Square]) -> u64 {
    let mut s = list.len().min(MAX) as u64;
    for (k, sq) in list.iter().take(MAX).enumerate() {
        s |= u64::from(sq.index() as u8) << (4 + 6 * k);
    }
    s
}

/// Each of `list` moved by `(df, dr)`; `None` when one leaves the board.
fn shifted(list: &[Square], df: i8, dr: i8) -> Option<Vec<Square>> {
    list.iter().map(|s| s.offset(df, dr)).collect()
}

fn gcd(a: i8, b: i8) -> i8 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i8
}

/// The condition.
#[derive(Clone, Debug)]
pub struct Imitator {
    /// The imitators of the diagram, in Popeye's order of squares.
    initial: Vec<Square>,
    /// A pawn may promote into an imitator (not under `NoIProm`).
    promotes: bool,
}

impl Imitator {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Imitator::made(spec, true)
    }

    /// Imitator with `NoIProm`.
    pub fn build_without_promotion(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Imitator::made(spec, false)
    }

    fn made(spec: &ConditionSpec, promotes: bool) -> Result<Box<dyn Condition>, ConditionError> {
        let initial: Vec<Square> = spec.squares.iter().collect();
        if initial.len() > MAX {
            return Err(ConditionError::Invalid(format!(
                "too many imitators: {} (Popeye takes {MAX} at most)",
                initial.len()
            )));
        }
        Ok(Box::new(Imitator { initial, promotes }))
    }

    /// Whether each imitator of `list`, moved by `j` times `(df, dr)` for every `j` in `1..=steps`, stays on the
    /// board on squares empty in `pos` (or `free`, the mover's square).
    fn paths_clear(pos: &Position, list: &[Square], df: i8, dr: i8, steps: i8, free: Square) -> bool {
        let occ = pos.occupied();
        list.iter().all(|i| (1..=steps).all(|j| i.offset(df * j, dr * j).is_some_and(|s| s == free || !occ.has(s))))
    }

    /// Whether the imitators let the piece of `kind` on `from` go to (or observe) `to` in `pos`: a rider step by
    /// step, anything else by its arrival.
    fn walk_clear(pos: &Position, list: &[Square], kind: Kind, from: Square, to: Square) -> bool {
        let df = to.file() as i8 - from.file() as i8;
        let dr = to.rank() as i8 - from.rank() as i8;
        let g =
            if matches!(kind, Kind::QUEEN | Kind::ROOK | Kind::BISHOP | Kind::PAWN) { gcd(df, dr).max(1) } else { 1 };
        Imitator::paths_clear(pos, list, df / g, dr / g, g, from)
    }

    /// Popeye's `castlingimok`: the imitators follow the king two steps (the king lifted), then, castling long,
    /// the rook three steps back (the king on its arrival square).
    fn castling_clear(pos: &Position, list: &[Square], mv: Move) -> bool {
        let mut lifted = pos.clone();
        let Some(king) = lifted.remove(mv.from) else { return false };
        let dir: i8 = if mv.special == Special::CastleShort { 1 } else { -1 };
        if !Imitator::paths_clear(&lifted, list, dir, 0, 2, mv.from) {
            return false;
        }
        if mv.special == Special::CastleShort {
            return true;
        }
        lifted.put(mv.to, king);
        // From two files left, one, two and three steps right: one file left, none, one right.
        let Some(moved) = shifted(list, -2, 0) else { return false };
        Imitator::paths_clear(&lifted, &moved, 1, 0, 3, mv.from)
    }

    /// The files and ranks the imitators move by with `mv`: the mover's vector; castling the king's and the rook's.
    fn vector(mv: Move) -> (i8, i8) {
        match mv.special {
            Special::CastleShort => (0, 0),
            Special::CastleLong => (1, 0),
            _ => (mv.to.file() as i8 - mv.from.file() as i8, mv.to.rank() as i8 - mv.from.rank() as i8),
        }
    }

    /// Whether `mv` is a pawn's promotion into an imitator (a pawn move to its last rank with no promotion,
    /// outcome 1).
    fn into_imitator(pos: &Position, mv: Move) -> bool {
        mv.choice() == 1
            && mv.promotion().is_none()
            && pos.piece_at(mv.from).is_some_and(|p| p.kind == Kind::PAWN && mv.to.rank() == p.color.last_rank())
    }

    /// Why `mv` is illegal for the imitators, if it is (before the check test).
    fn refusal(&self, before: &Position, mv: Move, after: &Position) -> Option<String> {
        let list = squares(before.wide_slot());
        let piece = before.piece_at(mv.from)?;
        let clear = match mv.special {
            Special::CastleShort | Special::CastleLong => Imitator::castling_clear(before, &list, mv),
            _ => Imitator::walk_clear(before, &list, piece.kind, mv.from, mv.to),
        };
        if !clear || after.wide_slot() == OFF_BOARD {
            return Some(format!(
                "an imitator ({}) would have to leave the board or cross or reach an occupied square",
                list.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
            ));
        }
        let occ = after.occupied();
        squares(after.wide_slot())
            .into_iter()
            .find(|&s| occ.has(s))
            .map(|s| format!("the imitator would end on {s}, where a piece stands"))
    }
}

impl Condition for Imitator {
    fn describe(&self) -> String {
        let mut s = "Imitator".to_string();
        for sq in &self.initial {
            s += &format!(" {sq}");
        }
        s
    }

    fn hooks(&self) -> Hooks {
        let h = Hooks::LEGALITY | Hooks::ON_MOVE | Hooks::OBSERVATION | Hooks::CASTLING_PASSAGE;
        if self.promotes {
            h | Hooks::EXTRA_MOVES
        } else {
            h
        }
    }

    // Every move moves the imitators, which may open or close any observation: no shortcut stands.
    fn keeps(&self) -> Keeps {
        Keeps { pins: false, unobserved_pins: false, captures: false, check_filter: false, orthodox: false }
    }

    fn initial_wide_slot(&self) -> u64 {
        state_of(&self.initial)
    }

    fn observation_counts(&self, _rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        let state = pos.wide_slot();
        if state == OFF_BOARD {
            return true;
        }
        let Some(piece) = pos.piece_at(observer) else { return true };
        // imitator.c: leapers, kings and pawns by the arrival square, riders step by step, the observer lifted.
        let kind = if piece.kind == Kind::PAWN { Kind::KNIGHT } else { piece.kind };
        Imitator::walk_clear(pos, &squares(state), kind, observer, target)
    }

    fn castling_passage(&self, _rules: &Rules, _pos: &Position, from: Square, passed: Square, test: &mut Position) {
        let df = passed.file() as i8 - from.file() as i8;
        let list = squares(test.wide_slot());
        test.set_wide_slot(shifted(&list, df, 0).map_or(OFF_BOARD, |l| state_of(&l)));
    }

    fn extra_moves(&self, _rules: &Rules, pos: &Position, out: &mut MoveList) {
        if squares(pos.wide_slot()).len() >= MAX || pos.wide_slot() == OFF_BOARD {
            return;
        }
        let us = pos.side();
        let fwd = us.forward();
        let them = pos.color_bb(us.opposite());
        for from in pos.pieces_bb(us, Kind::PAWN) {
            let Some(one) = from.offset(0, fwd) else { continue };
            if one.rank() != us.last_rank() {
                continue;
            }
            if !pos.occupied().has(one) {
                out.push(Move::new(from, one, None, Special::None).by(Kind::PAWN).choosing(1));
            }
            for df in [-1, 1] {
                if let Some(to) = from.offset(df, fwd).filter(|&t| them.has(t)) {
                    out.push(Move::new(from, to, Some(to), Special::None).by(Kind::PAWN).choosing(1));
                }
            }
        }
    }

    fn on_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let list = squares(before.wide_slot());
        let (df, dr) = Imitator::vector(mv);
        let Some(mut moved) = shifted(&list, df, dr) else {
            after.set_wide_slot(OFF_BOARD);
            return;
        };
        let moved_state = state_of(&moved);
        let into = Imitator::into_imitator(before, mv);
        if into {
            after.remove(mv.to);
            after.note_last_mover_gone();
            moved.push(mv.to);
        }
        after.set_wide_slot(state_of(&moved));
        effects.push(Effect::Imitated { state: moved_state, promoted: mv.promotion(), into_imitator: into });
    }

    fn is_legal(&self, _rules: &Rules, before: &Position, mv: Move, after: &Position) -> bool {
        self.refusal(before, mv, after).is_none()
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let mut after = before.make(mv);
        self.on_move(_rules, before, mv, &mut after, &mut Effects::NONE.clone());
        self.refusal(before, mv, &after).map(|why| format!("under Imitator {why}."))
    }
}

/// `NoIProm`: no promotion into an imitator; it acts through [`Imitator`], and alone does nothing.
#[derive(Clone, Copy, Debug)]
pub struct NoIProm;

impl NoIProm {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(NoIProm))
    }
}

impl Condition for NoIProm {
    fn describe(&self) -> String {
        "NoIProm".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::default()
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn the_state_keeps_the_order() {
        use super::*;
        let list = [Square::parse("f6").unwrap(), Square::parse("b7").unwrap()];
        assert_eq!(squares(state_of(&list)), list);
        assert!(squares(0).is_empty());
    }

    #[test]
    fn a_rook_needs_the_imitators_path() {
        // Popeye 4.104, `Condition Imitator a2`, White Ke1 Ra1 Rh1, Black Ke8, `Stipulation ~1`: the rook goes to
        // a7 at most (`Ra1-a7[Ia8]`), the king cannot go to d1 or d2 (the imitator would leave the board), 0-0
        // leaves the imitator on a2, 0-0-0 is not played (the imitator would pass a1, where the rook stands).
        let moves = legal_texts(&["Imitator a2"], "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert!(moves.contains(&"Ra1-a7[Ia8]".to_string()));
        assert!(!moves.iter().any(|m| m.starts_with("Ra1-a8")));
        assert!(moves.contains(&"0-0[Ia2]".to_string()));
        assert!(!moves.iter().any(|m| m.starts_with("0-0-0")));
        assert!(!moves.iter().any(|m| m.starts_with("Ke1-d")));
        assert!(moves.contains(&"Ke1-f1[Ib2]".to_string()));
        assert_eq!(moves.len(), 19);
    }

    #[test]
    fn castling_long_moves_the_imitators_one_file() {
        // Popeye 4.104, `Condition Imitator d3`, the same position: `0-0-0[Ie3]`, `0-0[Id3]`.
        let moves = legal_texts(&["Imitator d3"], "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert!(moves.contains(&"0-0-0[Ie3]".to_string()));
        assert!(moves.contains(&"0-0[Id3]".to_string()));
        assert_eq!(moves.len(), 22);
    }
}
