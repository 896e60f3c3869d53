//! SingleBox, type 1: each side has only the pieces of one box, a game's set (king, queen, two rooks, two bishops,
//! two knights, eight pawns): a move after which a side has more of an orthodox kind than that is illegal, so a pawn
//! promotes only to an orthodox piece of its side that has been captured (or to a fairy kind in play). Check is a
//! capture of the king that would be legal: a pawn on its seventh rank gives no check to a king on the last rank
//! when it could promote to nothing. Popeye: `conditions/singlebox/type1.c` (it validates a check by playing the
//! capture). Types 2 and 3 (promotions of pawns elsewhere, to pawns) are not implemented.

use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Color, Square};

#[derive(Clone, Debug)]
pub struct SingleBox;

impl SingleBox {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        if let Some(t) = spec.options.iter().find(|o| *o == "Type2" || *o == "Type3") {
            let param = if t == "Type2" { "Type2" } else { "Type3" };
            return Err(ConditionError::UnsupportedParam { condition: spec.name.clone(), param });
        }
        Ok(Box::new(SingleBox))
    }
}

/// How many of each orthodox kind one box holds.
const BOX: [(Kind, u32); 6] =
    [(Kind::KING, 1), (Kind::QUEEN, 1), (Kind::ROOK, 2), (Kind::BISHOP, 2), (Kind::KNIGHT, 2), (Kind::PAWN, 8)];

fn in_box(kind: Kind) -> Option<u32> {
    BOX.iter().find(|(k, _)| *k == kind).map(|(_, n)| *n)
}

/// Whether some side has more of an orthodox kind than its box holds.
fn out_of_box(pos: &Position) -> bool {
    Color::ALL.iter().any(|&c| BOX.iter().any(|&(k, n)| (pos.color_bb(c) & pos.kind_bb(k)).count() > n))
}

impl Condition for SingleBox {
    fn describe(&self) -> String {
        "SingleBox    Type1".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::PROMOTION | Hooks::LEGALITY | Hooks::OBSERVATION
    }

    fn promotion_allowed(&self, _rules: &Rules, pos: &Position, mv: Move, kind: Kind) -> bool {
        let Some(color) = pos.piece_at(mv.from).map(|p| p.color) else { return true };
        in_box(kind).is_none_or(|n| (pos.color_bb(color) & pos.kind_bb(kind)).count() < n)
    }

    fn is_legal(&self, _rules: &Rules, _before: &Position, _mv: Move, after: &Position) -> bool {
        !out_of_box(after)
    }

    // A check is a capture of the king that leaves both sides within their boxes (a pawn's with some promotion).
    fn observation_counts(&self, rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        let Some(p) = pos.piece_at(observer) else { return true };
        let mut after = pos.clone();
        after.remove(observer);
        if p.kind == Kind::PAWN && target.rank() == p.color.last_rank() {
            return rules.promotions.iter().any(|&k| {
                let mut q = after.clone();
                q.put(target, Piece::new(p.color, k));
                !out_of_box(&q)
            });
        }
        after.put(target, p);
        !out_of_box(&after)
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let kind = mv.promotion()?;
        let color = before.piece_at(mv.from)?.color;
        let n = in_box(kind)?;
        ((before.color_bb(color) & before.kind_bb(kind)).count() >= n).then(|| {
            format!(
                "Under SingleBox a pawn promotes only to a piece of its box already captured: no {} is.",
                kind.name()
            )
        })
    }
}
