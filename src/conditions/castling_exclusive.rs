//! Popeye's retro option `CastlingMutuallyExclusive a1h8`: of each named pair of rooks, castling with one
//! takes away the other's right (they cannot both still have it). Not a fairy condition: the solver adds it
//! when the option is given.

use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::position::{castle, Position};
use crate::square::Square;

/// The pairs of rook squares whose castlings exclude each other.
#[derive(Debug, Clone)]
pub struct CastlingMutuallyExclusive {
    pub pairs: Vec<(Square, Square)>,
}

fn right_of(rook: Square) -> u8 {
    match rook.index() {
        7 => castle::WK,
        0 => castle::WQ,
        63 => castle::BK,
        56 => castle::BQ,
        _ => 0,
    }
}

impl Condition for CastlingMutuallyExclusive {
    fn describe(&self) -> String {
        "CastlingMutuallyExclusive".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::AFTER_MOVE
    }

    // It only takes castling moves away: the orthodox reasoning about checks and final pictures holds.
    fn keeps(&self) -> Keeps {
        Keeps::ALL
    }

    fn after_move(&self, _rules: &Rules, _before: &Position, mv: Move, after: &mut Position) {
        let rook_file = match mv.special {
            Special::CastleShort => 7,
            Special::CastleLong => 0,
            _ => return,
        };
        let rook = Square::from_coords(rook_file, mv.from.rank());
        let mut rights = after.castling();
        for &(a, b) in &self.pairs {
            if a == rook {
                rights &= !right_of(b);
            } else if b == rook {
                rights &= !right_of(a);
            }
        }
        after.set_castling(rights);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::fen::parse_fen;
    use crate::setup::{build_position, SetupOptions};
    use crate::Color;

    #[test]
    fn castling_removes_the_paired_right() {
        // BEISPIEL-castling_43's option `CastlingMutuallyExclusive a1h8`: after White's 0-0-0 Black may not 0-0.
        let (pieces, state) = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq -").unwrap();
        let pair = (Square::parse("a1").unwrap(), Square::parse("h8").unwrap());
        let rules =
            Rules::new(pieces.iter().map(|p| p.kind), vec![Box::new(CastlingMutuallyExclusive { pairs: vec![pair] })]);
        let pos = build_position(&pieces, &state, Color::White, &rules, &SetupOptions::default()).unwrap();
        let mut moves = Vec::new();
        rules.legal_moves(&pos, &mut moves);
        let long = moves.iter().find(|m| m.special == Special::CastleLong).copied().unwrap();
        let after = rules.make(&pos, long);
        assert_eq!(after.castling() & castle::BK, 0);
        assert_ne!(after.castling() & castle::BQ, 0);
        let short = moves.iter().find(|m| m.special == Special::CastleShort).copied().unwrap();
        assert_eq!(rules.make(&pos, short).castling(), castle::BK | castle::BQ);
    }
}
