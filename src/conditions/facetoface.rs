//! Face-to-face chess (Popeye `FaceToFace`, `FaceToFace`, `FaceAFace`), Back-to-back chess (`BackToBack`,
//! `BackToBack`, `DosADos`) and Cheek-to-cheek chess (`CheekToCheek`, `CheekToCheek`, `JoueAJoue`): a piece with a
//! piece of the other side right in front of it (above it for White; Back-to-back: right behind it; Cheek-to-cheek:
//! right beside it, on either side) moves, captures and gives check with that piece's walk instead of its own, a
//! king too (Popeye's `conditions/facetoface.c`). A piece between two enemy pieces under Cheek-to-cheek has both
//! their walks. The piece keeps its own kind (a pawn promotes on its last rank whatever walk took it there; a
//! piece moving as a pawn does not, as in Annan chess). A king castles when the walk it moves with is a king's (its
//! own, or an enemy king's confronting it), as Popeye generates castling with a king's walk.

use crate::conditions::annan::moves_with_walk;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList};
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// Where the confronting piece stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Facing {
    Face,
    Back,
    Cheek,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FaceToFace {
    pub facing: Facing,
}

impl FaceToFace {
    pub fn build_face(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(FaceToFace { facing: Facing::Face }))
    }

    pub fn build_back(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(FaceToFace { facing: Facing::Back }))
    }

    pub fn build_cheek(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(FaceToFace { facing: Facing::Cheek }))
    }

    /// The walks the piece on `sq` moves with instead of its own (the enemy pieces confronting it), at most two.
    pub fn walks(&self, pos: &Position, sq: Square) -> [Option<Kind>; 2] {
        let Some(p) = pos.piece_at(sq) else { return [None, None] };
        let enemy = |df: i8, dr: i8| {
            sq.offset(df, dr).and_then(|s| pos.piece_at(s)).filter(|q| q.color != p.color).map(|q| q.kind)
        };
        match self.facing {
            Facing::Face => [enemy(0, p.color.forward()), None],
            Facing::Back => [enemy(0, -p.color.forward()), None],
            Facing::Cheek => [enemy(-1, 0), enemy(1, 0)],
        }
    }

    fn confronted(&self, pos: &Position, sq: Square) -> bool {
        self.walks(pos, sq).iter().any(Option::is_some)
    }

    fn name(&self) -> &'static str {
        match self.facing {
            Facing::Face => "FaceToFace",
            Facing::Back => "BackToBack",
            Facing::Cheek => "CheekToCheek",
        }
    }
}

impl Condition for FaceToFace {
    /// Not yet checked with pieces with the attribute Royal against Popeye: refused with them.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        self.name().into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::PIECE_MOVES | Hooks::OBSERVATION | Hooks::EXTRA_CHECK
    }

    fn piece_moves(&self, rules: &Rules, pos: &Position, from: Square, out: &mut MoveList) {
        match self.walks(pos, from) {
            [None, None] => rules.walked_piece_moves(pos, from, out),
            [Some(k), None] | [None, Some(k)] => moves_with_walk(rules, pos, from, k, out),
            [Some(a), Some(b)] => {
                let start = out.len();
                moves_with_walk(rules, pos, from, a, out);
                let mut more = MoveList::new();
                moves_with_walk(rules, pos, from, b, &mut more);
                for m in more {
                    if !out[start..].contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
    }

    // A confronted piece observes by the confronters' walks only; under Cheek-to-cheek a piece confronted on one
    // side only observes by its own walk too (Popeye's `cheektocheek_enforce_observer_walk` accepts the walk of
    // either side, its own where no enemy piece stands), though it moves by the confronter's alone.
    fn observation_counts(&self, _rules: &Rules, pos: &Position, observer: Square, _target: Square) -> bool {
        match self.facing {
            Facing::Cheek => !self.walks(pos, observer).iter().all(Option::is_some),
            _ => !self.confronted(pos, observer),
        }
    }

    fn extra_check(&self, rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        (0..2).any(|i| {
            let mut tmp = pos.clone();
            let mut changed = Bitboard::EMPTY;
            for (s, _) in pos.pieces().filter(|(_, p)| p.color == by) {
                if let Some(k) = self.walks(pos, s)[i] {
                    changed.set(s);
                    tmp.put(s, Piece::new(by, k));
                }
            }
            changed.non_empty() && (rules.observers(&tmp, sq, by) & changed).non_empty()
        })
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let walks: Vec<&str> = self.walks(before, mv.from).iter().flatten().map(|k| k.name()).collect();
        (!walks.is_empty()).then(|| {
            format!(
                "under {} the piece on {} is confronted by a piece of the other side and moves with its walk ({}).",
                self.name(),
                mv.from,
                walks.join(", ")
            )
        })
    }
}
