//! Central chess (Popeye `CentralChess`, `ZentralSchach`, `EchecsCentral`): a piece moves and gives check only when
//! it is linked to its king by a chain of pieces of its side, each observed by the one before (the king itself
//! always moves). Popeye's `conditions/central.c` asks whether a piece of its side observes the piece, each such
//! observation validated by the same rule, a square already in the chain skipped: the pieces reachable from the
//! king along observations.

use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// The condition `CentralChess`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Central;

impl Central {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Central))
    }

    /// The pieces of `color` linked to its royal piece (that piece included).
    pub fn linked(&self, rules: &Rules, pos: &Position, color: Color) -> Bitboard {
        let mut linked = Bitboard::EMPTY;
        let mut todo: Vec<Square> = pos.royal_bb(color).collect();
        for &k in &todo {
            linked.set(k);
        }
        let me = self as *const Central as *const u8;
        let others_paralyse = |sq: Square| {
            rules.conditions().iter().any(|c| {
                !std::ptr::eq(&**c as *const dyn Condition as *const u8, me)
                    && c.hooks().has(Hooks::PARALYSIS)
                    && c.is_paralysed(rules, pos, sq)
            })
        };
        let own = pos.color_bb(color);
        while let Some(s) = todo.pop() {
            if others_paralyse(s) {
                continue;
            }
            for t in own & !linked {
                if rules.observers(pos, t, color).has(s) {
                    linked.set(t);
                    todo.push(t);
                }
            }
        }
        linked
    }
}

impl Condition for Central {
    fn describe(&self) -> String {
        "CentralChess".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::PARALYSIS
    }

    // central.c: a piece not linked to its king generates no moves, and its observations do not count.
    fn is_paralysed(&self, rules: &Rules, pos: &Position, sq: Square) -> bool {
        match pos.piece_at(sq) {
            Some(p) => !self.linked(rules, pos, p.color).has(sq),
            None => false,
        }
    }

    fn paralysed(&self, rules: &Rules, pos: &Position, color: Color) -> Bitboard {
        pos.color_bb(color) & !self.linked(rules, pos, color)
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        self.is_paralysed(rules, before, mv.from).then(|| {
            format!(
                "under Central chess a piece moves only when a chain of its side's pieces, each observing the next, \
                 links it to its king, and no such chain reaches {}.",
                mv.from
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};

    #[test]
    fn pieces_linked_to_the_king_move() {
        // Popeye 4.104, `~1`, White Ke1 Qd2 Rd4 Sh1 Bb7, Black Ke8, CentralChess: the king, the queen (observed by
        // the king) and the rook (by the queen) move, the knight and the bishop do not; 1.Qd2-e2 + and Rd4-d8 +.
        let (rules, pos) = setup("4k3/1B6/8/8/3R4/8/3Q4/4K2N w - - 0 1", &["CentralChess"]);
        assert_eq!(
            legal(&rules, &pos),
            [
                "d2a2", "d2a5", "d2b2", "d2b4", "d2c1", "d2c2", "d2c3", "d2d1", "d2d3", "d2e2", "d2e3", "d2f2", "d2f4",
                "d2g2", "d2g5", "d2h2", "d2h6", "d4a4", "d4b4", "d4c4", "d4d3", "d4d5", "d4d6", "d4d7", "d4d8", "d4e4",
                "d4f4", "d4g4", "d4h4", "e1d1", "e1e2", "e1f1", "e1f2"
            ]
        );
        let after = crate::conditions::madrasi::tests::play(&rules, &pos, "d2e2");
        assert!(rules.in_check(&after, crate::square::Color::Black));
    }
}
