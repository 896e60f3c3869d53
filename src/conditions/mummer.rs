//! Maximummer and Minimummer (Popeye `BlackMaximummer`, `WhiteMaximummer`, `BlackMinimummer`, `WhiteMinimummer`):
//! the side the condition names must play, of its moves legal by every other rule, one of the longest (the
//! shortest). Popeye's measure (`conditions/mummer.c`, `position/move_diff_code.c`): the square of the distance
//! between departure and arrival (a knight's move 5, a rook's move along four squares 16), short castling 16, long
//! castling 25, any move of a mao or moa 6.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::position::Position;
use crate::square::Color;

/// The condition: which side it binds, and whether it asks for the longest or the shortest moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mummer {
    pub side: Color,
    pub longest: bool,
}

impl Mummer {
    fn build_with(side: Color, longest: bool) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Mummer { side, longest }))
    }

    /// Popeye's `Exact` and `Ultra` after the name are not implemented.
    fn plain(spec: &ConditionSpec) -> Result<(), ConditionError> {
        if spec.options.is_empty() {
            Ok(())
        } else {
            Err(ConditionError::NotSupported("Maximummer/Minimummer Exact or Ultra"))
        }
    }

    pub fn build_black_max(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Mummer::plain(spec)?;
        Mummer::build_with(Color::Black, true)
    }

    pub fn build_white_max(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Mummer::plain(spec)?;
        Mummer::build_with(Color::White, true)
    }

    pub fn build_black_min(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Mummer::plain(spec)?;
        Mummer::build_with(Color::Black, false)
    }

    pub fn build_white_min(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Mummer::plain(spec)?;
        Mummer::build_with(Color::White, false)
    }

    /// The move's length as the condition compares it: Popeye's length, negated for Minimummer, so that the
    /// move played is always one of the greatest.
    fn measure(&self, pos: &Position, mv: Move) -> i32 {
        let l = length(pos, mv) as i32;
        if self.longest {
            l
        } else {
            -l
        }
    }
}

/// Popeye's length of `mv` from `pos` (`maximummer_measure_length`): castling short 16, long 25, a mao's or
/// moa's move 6, otherwise the squared distance from departure to arrival.
pub fn length(pos: &Position, mv: Move) -> u32 {
    match mv.special {
        Special::CastleShort => return 16,
        Special::CastleLong => return 25,
        _ => {}
    }
    if pos.piece_at(mv.from).is_some_and(|p| matches!(p.kind.code(), "MA" | "MO")) {
        return 6;
    }
    let df = mv.to.file() as i32 - mv.from.file() as i32;
    let dr = mv.to.rank() as i32 - mv.from.rank() as i32;
    (df * df + dr * dr) as u32
}

impl Condition for Mummer {
    fn describe(&self) -> String {
        let side = if self.side == Color::White { "White" } else { "Black" };
        format!("{side}{}", if self.longest { "Maximummer" } else { "Minimummer" })
    }

    fn hooks(&self) -> Hooks {
        Hooks::SELECT
    }

    // Check is the walks' check and a mate is made by a move that checks: the pins and the mate filter stand.
    fn keeps(&self) -> Keeps {
        Keeps { check_filter: true, ..Keeps::from_hooks(self.hooks()) }
    }

    // Maximummer: no move of the side legal by the other rules is longer (mummer.c: the moves are measured, the
    // longest kept; a move is measured only once the rest of its legality tests passed).
    fn is_selected(&self, rules: &Rules, before: &Position, mv: Move, _after: &Position) -> bool {
        before.side() != self.side || self.better_move(rules, before, mv).is_none()
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if before.side() != self.side || !rules.legal_before_selection(before, mv) {
            return None;
        }
        let better = self.better_move(rules, before, mv)?;
        Some(format!(
            "under {} the {} side must play one of its {} moves, and {} (length {}) is {} than {} (length {}).",
            self.describe(),
            self.side.name().to_lowercase(),
            if self.longest { "longest" } else { "shortest" },
            mv.uci(),
            length(before, mv),
            if self.longest { "shorter" } else { "longer" },
            better.uci(),
            length(before, better)
        ))
    }
}

impl Mummer {
    /// A move legal by the other rules that measures more than `mv`, if any.
    fn better_move(&self, rules: &Rules, pos: &Position, mv: Move) -> Option<Move> {
        let own = self.measure(pos, mv);
        let mut buf = Vec::with_capacity(64);
        rules.pseudo_moves(pos, &mut buf);
        let mut longer: Vec<(i32, Move)> =
            buf.into_iter().map(|m| (self.measure(pos, m), m)).filter(|&(l, _)| l > own).collect();
        // The longest first: the move that settles it is found sooner.
        longer.sort_by_key(|&(l, _)| -l);
        longer.into_iter().map(|(_, m)| m).find(|&m| rules.legal_before_selection(pos, m))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};

    #[test]
    fn the_longest_moves_only() {
        // Popeye 4.104, `h~1`, White Ke1, Black Ke8 Ra8 Sb8: under BlackMaximummer Black's one move is 1.Ra8-a1 +
        // (49); under BlackMinimummer 1.Ra8-a7, Ke8-e7, Ke8-d8, Ke8-f8 (1 each); with a black Pa2 added, under
        // BlackMaximummer 1.Ra8-a3 (25).
        let fen = "rn2k3/8/8/8/8/8/8/4K3 b - - 0 1";
        let (rules, pos) = setup(fen, &["BlackMaximummer"]);
        assert_eq!(legal(&rules, &pos), ["a8a1"]);
        let (rules, pos) = setup(fen, &["BlackMinimummer"]);
        assert_eq!(legal(&rules, &pos), ["a8a7", "e8d8", "e8e7", "e8f8"]);
        let (rules, pos) = setup("rn2k3/8/8/8/8/8/p7/4K3 b - - 0 1", &["BlackMaximummer"]);
        assert_eq!(legal(&rules, &pos), ["a8a3"]);
        // White is free.
        let (rules, pos) = setup("rn2k3/8/8/8/8/8/8/4K3 w - - 0 1", &["BlackMaximummer"]);
        assert_eq!(legal(&rules, &pos).len(), 5);
    }
}
