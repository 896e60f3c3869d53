//! Annan chess (Popeye `AnnanChess`, `Annanschach`, `AnnanEchecs`): a piece with a piece of its own side right
//! behind it (on the square below it for White, above it for Black) moves, captures and gives check with the walk
//! of that piece instead of its own. Popeye's types (`conditions/annan.c`): `TypeA` (the default) always; `TypeB`
//! not when the piece behind is the king; `TypeC` not when the piece in front is the king; `TypeD` neither.
//! The piece keeps its own kind: a pawn that arrives on its last rank, by whatever walk, promotes; a piece that
//! moves as a pawn does not (Popeye promotes the piece that stands on the promotion square when it is a pawn).

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// Popeye's type of Annan chess.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnnanType {
    A,
    B,
    C,
    D,
}

/// The condition `AnnanChess` with its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Annan {
    pub kind: AnnanType,
}

impl Annan {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let mut kind = AnnanType::A;
        for o in &spec.options {
            kind = match o.as_str() {
                "TypeB" => AnnanType::B,
                "TypeC" => AnnanType::C,
                "TypeD" => AnnanType::D,
                _ => AnnanType::A,
            };
        }
        Ok(Box::new(Annan { kind }))
    }

    /// The kind whose walk the piece on `sq` takes (the piece behind it), if it takes another.
    pub fn annaniser(&self, pos: &Position, sq: Square) -> Option<Kind> {
        let front = pos.piece_at(sq)?;
        let rear_sq = sq.offset(0, -front.color.forward())?;
        let rear = pos.piece_at(rear_sq).filter(|p| p.color == front.color)?;
        let royal = |s: Square, p: Piece| pos.royal_bb(p.color).has(s);
        let allowed = match self.kind {
            AnnanType::A => true,
            AnnanType::B => !royal(rear_sq, rear),
            AnnanType::C => !royal(sq, front),
            AnnanType::D => !royal(rear_sq, rear) && !royal(sq, front),
        };
        allowed.then_some(rear.kind)
    }

    /// `pos` with every annanised piece of `color` standing as the kind whose walk it takes, and their squares.
    fn as_annanised(&self, pos: &Position, color: Color) -> (Position, Bitboard) {
        let mut tmp = pos.clone();
        let mut changed = Bitboard::EMPTY;
        for (sq, p) in pos.pieces().filter(|(_, p)| p.color == color) {
            if let Some(k) = self.annaniser(pos, sq) {
                changed.set(sq);
                if k != p.kind {
                    tmp.remove(sq);
                    tmp.put(sq, Piece::new(color, k));
                }
            }
        }
        (tmp, changed)
    }
}

impl Condition for Annan {
    fn describe(&self) -> String {
        match self.kind {
            AnnanType::A => "AnnanChess".into(),
            AnnanType::B => "AnnanChess TypeB".into(),
            AnnanType::C => "AnnanChess TypeC".into(),
            AnnanType::D => "AnnanChess TypeD".into(),
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::PIECE_MOVES | Hooks::OBSERVATION | Hooks::EXTRA_CHECK
    }

    // annan.c: the piece's moves are generated with the walk of the piece behind it.
    fn piece_moves(&self, rules: &Rules, pos: &Position, from: Square, out: &mut MoveList) {
        let Some(k) = self.annaniser(pos, from) else {
            rules.walked_piece_moves(pos, from, out);
            return;
        };
        moves_with_walk(rules, pos, from, k, out);
    }

    // An annanised piece observes by the walk behind it only: its own walk's observations do not count.
    fn observation_counts(&self, _rules: &Rules, pos: &Position, observer: Square, _target: Square) -> bool {
        self.annaniser(pos, observer).is_none()
    }

    // ... and the walk behind it gives check.
    fn extra_check(&self, rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        let (tmp, annanised) = self.as_annanised(pos, by);
        (rules.observers(&tmp, sq, by) & annanised).non_empty()
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let k = self.annaniser(before, mv.from)?;
        Some(format!(
            "under {} the piece on {} has a piece of its side behind it, and moves with that piece's walk ({}).",
            self.describe(),
            mv.from,
            k.name()
        ))
    }
}

/// The pseudo-legal moves of the piece on `from` made with the walk of `k` (Annan chess, Face-to-face chess, Point
/// reflection): a pawn promotes on its last rank whatever walk took it there; a piece moving as a pawn stays
/// itself (one move, no promotion, no double step that allows en passant).
pub(crate) fn moves_with_walk(rules: &Rules, pos: &Position, from: Square, k: Kind, out: &mut MoveList) {
    let own = pos.piece_at(from).expect("a piece to move");
    let mut tmp = pos.clone();
    tmp.remove(from);
    tmp.put(from, Piece::new(own.color, k));
    let mut moves = MoveList::new();
    rules.walked_piece_moves(&tmp, from, &mut moves);
    let last = own.color.last_rank();
    for mv in moves {
        let mut m = Move::new(from, mv.to, mv.capture(), mv.special).by(own.kind);
        if own.kind == Kind::PAWN {
            // A pawn promotes on its last rank whatever walk took it there.
            if mv.to.rank() == last {
                if mv.promotion().is_some() || k == Kind::PAWN {
                    if let Some(p) = mv.promotion() {
                        out.push(m.promoting(p));
                    }
                    continue;
                }
                for &p in &rules.promotions {
                    let pm = m.promoting(p);
                    if rules.promotion_allowed(pos, pm, p) {
                        out.push(pm);
                    }
                }
                continue;
            }
        } else if mv.promotion().is_some() {
            // A piece moving as a pawn stays itself: one move, no promotion.
            if mv.promotion() != Some(rules.promotions[0]) {
                continue;
            }
        }
        if m.special == Special::DoubleStep && own.kind != Kind::PAWN {
            m = Move::new(from, mv.to, mv.capture(), Special::None).by(own.kind);
        }
        out.push(m);
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};

    #[test]
    fn a_piece_takes_the_walk_behind_it() {
        // Popeye 4.104, `~1`, AnnanChess, White Ke1 Rb7 Pb6 Pg7 Sg6, Black Kh1 Rc8: the rook moves as the pawn
        // behind it (Rb7-b8 without promotion, Rb7*c8), the pawn g7 as the knight behind it, promoting on e8.
        let (rules, pos) = setup("2r5/1R4P1/1P4N1/8/8/8/8/4K2k w - - 0 1", &["AnnanChess"]);
        assert_eq!(
            legal(&rules, &pos),
            [
                "b7b8", "b7c8", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "g6e5", "g6e7", "g6f4", "g6f8", "g6h4", "g6h8",
                "g7e6", "g7e8b", "g7e8q", "g7e8r", "g7e8s", "g7f5", "g7h5"
            ]
        );
    }
}
