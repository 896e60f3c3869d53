//! SingleBox: each side has only the pieces of one box, a game's set (king, queen, two rooks, two bishops, two
//! knights, eight pawns): a move after which a side has more of an orthodox kind than that is illegal.
//!
//! Type 1: a pawn promotes only to an orthodox piece of its side that has been captured (or to a fairy kind in
//! play). Check is a capture of the king that would be legal: a pawn on its seventh rank gives no check to a king
//! on the last rank when it could promote to nothing. Popeye: `conditions/singlebox/type1.c` (it validates a check
//! by playing the capture).
//!
//! Types 2 and 3: a pawn reaching its last rank may also stay a pawn there, a *latent* pawn, which promotes later
//! to a piece of its box that has been captured; a position where a side has a latent pawn and a piece of its box
//! to promote it to is illegal (type 3: the side that has just moved). Type 2: a move of one side may promote a
//! latent pawn of the other (the mover chooses which pawn and which piece; Popeye writes `Sh4*f3[h1=S]`). Type 3:
//! a side promotes one of its own latent pawns as part of any of its moves, before moving (the promoted piece may
//! be the one that moves; Popeye writes `[e8=R]Qd8-d4`), and a latent pawn observes as any piece it could promote
//! to. Check is the walks' observation. Popeye: `conditions/singlebox/type2.c`, `type3.c`.

use crate::attacks::orthodox_attacks;
use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::{expand_each, Rules};
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Color, Square};

#[derive(Clone, Debug)]
pub struct SingleBox {
    /// 1, 2 or 3.
    ty: u8,
}

impl SingleBox {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let ty = if spec.options.iter().any(|o| o == "Type3") {
            3
        } else if spec.options.iter().any(|o| o == "Type2") {
            2
        } else {
            1
        };
        Ok(Box::new(SingleBox { ty }))
    }
}

/// How many of each orthodox kind one box holds.
const BOX: [(Kind, u32); 6] =
    [(Kind::KING, 1), (Kind::QUEEN, 1), (Kind::ROOK, 2), (Kind::BISHOP, 2), (Kind::KNIGHT, 2), (Kind::PAWN, 8)];

/// The pieces a latent pawn may promote to, in Popeye's order (its walks' order: queen, knight, rook, bishop).
const PROMOTEES: [Kind; 4] = [Kind::QUEEN, Kind::KNIGHT, Kind::ROOK, Kind::BISHOP];

fn in_box(kind: Kind) -> Option<u32> {
    BOX.iter().find(|(k, _)| *k == kind).map(|(_, n)| *n)
}

fn count(pos: &Position, color: Color, kind: Kind) -> u32 {
    (pos.color_bb(color) & pos.kind_bb(kind)).count()
}

/// Whether some side has more of an orthodox kind than its box holds.
fn out_of_box(pos: &Position) -> bool {
    Color::ALL.iter().any(|&c| BOX.iter().any(|&(k, n)| count(pos, c, k) > n))
}

/// The pieces of its box that `color` has lost, in Popeye's order: what its latent pawns may promote to.
fn available(pos: &Position, color: Color) -> impl Iterator<Item = Kind> + '_ {
    PROMOTEES.into_iter().filter(move |&k| in_box(k).is_some_and(|n| count(pos, color, k) < n))
}

/// The latent pawns of `color` (its pawns on its last rank) in the order Popeye goes through them: type 2 from the
/// h-file to the a-file for White, from the a-file to the h-file for Black (`next_latent_pawn`); type 3 from the
/// a-file to the h-file (`find_next_latent_pawn`).
fn latent(pos: &Position, color: Color, ty: u8) -> Vec<Square> {
    let rank = color.last_rank();
    let mut v: Vec<Square> = (0..8)
        .map(|f| Square::from_coords(f, rank))
        .filter(|&s| pos.piece_at(s) == Some(Piece::new(color, Kind::PAWN)))
        .collect();
    if ty == 2 && color == Color::White {
        v.reverse();
    }
    v
}

/// Whether `color` has a latent pawn and a piece to promote it to.
fn illegal_latent(pos: &Position, color: Color) -> bool {
    available(pos, color).next().is_some() && !latent(pos, color, 3).is_empty()
}

/// The promotions a choice picks from: every latent pawn (in order) with every piece available.
fn promotions(pos: &Position, color: Color, ty: u8) -> Vec<(Square, Kind)> {
    let kinds: Vec<Kind> = available(pos, color).collect();
    latent(pos, color, ty).into_iter().flat_map(|s| kinds.iter().map(move |&k| (s, k))).collect()
}

/// The moves of the pawn on `from` in `pos` (if it is one, of the side to move) to its last rank staying a pawn,
/// appended to `out`: a step forward and captures (the walks list only its promotions there).
fn add_latent_arrivals(pos: &Position, from: Square, out: &mut MoveList) {
    let Some(p) = pos.piece_at(from).filter(|p| p.kind == Kind::PAWN && p.color == pos.side()) else { return };
    let fwd = p.color.forward();
    let Some(one) = from.offset(0, fwd).filter(|s| s.rank() == p.color.last_rank()) else { return };
    if pos.piece_at(one).is_none() {
        out.push(Move::new(from, one, None, Special::None).by(Kind::PAWN));
    }
    for df in [-1, 1] {
        if let Some(to) = from.offset(df, fwd) {
            if pos.piece_at(to).is_some_and(|q| q.color != p.color) {
                out.push(Move::new(from, to, Some(to), Special::None).by(Kind::PAWN));
            }
        }
    }
}

impl Condition for SingleBox {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        format!("SingleBox    Type{}", self.ty)
    }

    fn hooks(&self) -> Hooks {
        match self.ty {
            1 => Hooks::PROMOTION | Hooks::LEGALITY | Hooks::OBSERVATION,
            2 => Hooks::PROMOTION | Hooks::LEGALITY | Hooks::PIECE_MOVES | Hooks::ON_MOVE,
            _ => Hooks::PROMOTION | Hooks::LEGALITY | Hooks::PIECE_MOVES | Hooks::ON_MOVE | Hooks::EXTRA_CHECK,
        }
    }

    fn promotion_allowed(&self, _rules: &Rules, pos: &Position, mv: Move, kind: Kind) -> bool {
        let Some(color) = pos.piece_at(mv.from).map(|p| p.color) else { return true };
        in_box(kind).is_none_or(|n| count(pos, color, kind) < n)
    }

    fn is_legal(&self, _rules: &Rules, before: &Position, _mv: Move, after: &Position) -> bool {
        if out_of_box(after) {
            return false;
        }
        match self.ty {
            1 => true,
            2 => !Color::ALL.iter().any(|&c| illegal_latent(after, c)),
            _ => !illegal_latent(after, before.side()),
        }
    }

    // Type 1: a check is a capture of the king that leaves both sides within their boxes (a pawn's with some
    // promotion).
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

    // Type 3: a latent pawn of `by` observes as each piece it may promote to.
    fn extra_check(&self, _rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        let pawns = latent(pos, by, 3);
        if pawns.is_empty() {
            return false;
        }
        let occ = pos.occupied();
        available(pos, by).any(|k| pawns.iter().any(|&s| orthodox_attacks(k, by, s, occ).is_some_and(|a| a.has(sq))))
    }

    fn piece_moves(&self, rules: &Rules, pos: &Position, from: Square, out: &mut MoveList) {
        let us = pos.side();
        if self.ty == 2 {
            let start = out.len();
            rules.walked_piece_moves(pos, from, out);
            add_latent_arrivals(pos, from, out);
            // Each move once per promotion of a latent pawn of the other side it allows.
            expand_each(out, start, |mv| promotions(&pos.make(mv), us.opposite(), 2).len().min(u8::MAX as usize) as u8);
            return;
        }
        // Type 3: every move once per promotion of a latent pawn of the mover's, made before it.
        let proms = promotions(pos, us, 3);
        if proms.is_empty() {
            rules.walked_piece_moves(pos, from, out);
            add_latent_arrivals(pos, from, out);
            return;
        }
        for (i, &(at, kind)) in proms.iter().enumerate() {
            let mut q = pos.clone();
            q.put(at, Piece::new(us, kind));
            let start = out.len();
            rules.walked_piece_moves(&q, from, out);
            add_latent_arrivals(&q, from, out);
            for m in &mut out[start..] {
                *m = m.choosing(i as u8 + 1);
            }
        }
    }

    fn on_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        if self.ty == 1 || mv.choice() == 0 {
            return;
        }
        let k = mv.choice() as usize - 1;
        if self.ty == 2 {
            let Some(&(at, kind)) = promotions(after, before.side().opposite(), 2).get(k) else { return };
            let piece = Piece::new(before.side().opposite(), kind);
            after.put(at, piece);
            effects.push(Effect::Transmuted { square: at, piece, mover: false });
            return;
        }
        let Some(&(at, kind)) = promotions(before, before.side(), 3).get(k) else { return };
        let piece = Piece::new(before.side(), kind);
        after.put(if at == mv.from { mv.to } else { at }, piece);
        effects.push(Effect::Promoted { square: at, piece });
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if self.ty != 1 && mv.choice() != 0 {
            let (side, whose) =
                if self.ty == 2 { (before.side().opposite(), "the other side's") } else { (before.side(), "its own") };
            let pos = if self.ty == 2 { before.make(mv) } else { before.clone() };
            let &(at, kind) = promotions(&pos, side, self.ty).get(mv.choice() as usize - 1)?;
            return Some(format!(
                "Under SingleBox type {} the move promotes {whose} latent pawn on {at} to a {}, a piece of its box \
                 already captured.",
                self.ty,
                kind.name()
            ));
        }
        let kind = mv.promotion()?;
        let color = before.piece_at(mv.from)?.color;
        let n = in_box(kind)?;
        (count(before, color, kind) >= n).then(|| {
            format!(
                "Under SingleBox a pawn promotes only to a piece of its box already captured: no {} is.",
                kind.name()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn type2_promotes_the_other_sides_latent_pawn() {
        // Popeye 4.104, `Condition SingleBox Type2`, `Stipulation ~1`, White Kh8 Se3h4, Black Ke1 Qg2 Rf3 Bc1 Ph1
        // (EXAMPLES/sbtype2.inp#1), every move listed, marks left out: the black pawn on h1 promotes to a piece
        // Black has lost (no rook where it would check the white king).
        let popeye = [
            "Kh8-h7[h1=B]",
            "Kh8-h7[h1=R]",
            "Kh8-h7[h1=S]",
            "Se3*g2[h1=B]",
            "Se3*g2[h1=Q]",
            "Se3*g2[h1=R]",
            "Se3*g2[h1=S]",
            "Se3-c2[h1=B]",
            "Se3-c2[h1=R]",
            "Se3-c2[h1=S]",
            "Se3-c4[h1=B]",
            "Se3-c4[h1=R]",
            "Se3-c4[h1=S]",
            "Se3-d1[h1=B]",
            "Se3-d1[h1=R]",
            "Se3-d1[h1=S]",
            "Se3-d5[h1=B]",
            "Se3-d5[h1=R]",
            "Se3-d5[h1=S]",
            "Se3-f1[h1=B]",
            "Se3-f1[h1=R]",
            "Se3-f1[h1=S]",
            "Se3-f5[h1=B]",
            "Se3-f5[h1=R]",
            "Se3-f5[h1=S]",
            "Se3-g4[h1=B]",
            "Se3-g4[h1=R]",
            "Se3-g4[h1=S]",
            "Sh4*f3[h1=B]",
            "Sh4*f3[h1=S]",
            "Sh4*g2[h1=B]",
            "Sh4*g2[h1=S]",
            "Sh4-f5[h1=B]",
            "Sh4-f5[h1=S]",
            "Sh4-g6[h1=B]",
            "Sh4-g6[h1=S]",
        ];
        let mut popeye: Vec<String> = popeye.iter().map(|s| s.to_string()).collect();
        popeye.sort();
        assert_eq!(legal_texts(&["SingleBox Type2"], "7K/8/8/8/7N/4Nr2/6q1/2b1k2p w - -"), popeye);
    }

    #[test]
    fn type3_promotes_the_movers_latent_pawn_before_the_move() {
        // Popeye 4.104, `Condition SingleBox Type3`, `Stipulation ~1`, White Ke1 Qd8 Rd1 Pe8e6, Black Ke4
        // (EXAMPLES/sbtype3.inp#6 with the black king on e4), every move listed, marks left out.
        let popeye = [
            "[e8=B]Be8-a4",
            "[e8=B]Be8-b5",
            "[e8=B]Be8-c6",
            "[e8=B]Be8-d7",
            "[e8=B]Be8-f7",
            "[e8=B]Be8-g6",
            "[e8=B]Be8-h5",
            "[e8=B]Ke1-d2",
            "[e8=B]Ke1-e2",
            "[e8=B]Ke1-f1",
            "[e8=B]Ke1-f2",
            "[e8=B]Qd8-a5",
            "[e8=B]Qd8-a8",
            "[e8=B]Qd8-b6",
            "[e8=B]Qd8-b8",
            "[e8=B]Qd8-c7",
            "[e8=B]Qd8-c8",
            "[e8=B]Qd8-d2",
            "[e8=B]Qd8-d3",
            "[e8=B]Qd8-d4",
            "[e8=B]Qd8-d5",
            "[e8=B]Qd8-d6",
            "[e8=B]Qd8-d7",
            "[e8=B]Qd8-e7",
            "[e8=B]Qd8-f6",
            "[e8=B]Qd8-g5",
            "[e8=B]Qd8-h4",
            "[e8=B]Rd1-a1",
            "[e8=B]Rd1-b1",
            "[e8=B]Rd1-c1",
            "[e8=B]Rd1-d2",
            "[e8=B]Rd1-d3",
            "[e8=B]Rd1-d4",
            "[e8=B]Rd1-d5",
            "[e8=B]Rd1-d6",
            "[e8=B]Rd1-d7",
            "[e8=B]e6-e7",
            "[e8=R]Ke1-d2",
            "[e8=R]Ke1-e2",
            "[e8=R]Ke1-f1",
            "[e8=R]Ke1-f2",
            "[e8=R]Qd8-a5",
            "[e8=R]Qd8-a8",
            "[e8=R]Qd8-b6",
            "[e8=R]Qd8-b8",
            "[e8=R]Qd8-c7",
            "[e8=R]Qd8-c8",
            "[e8=R]Qd8-d2",
            "[e8=R]Qd8-d3",
            "[e8=R]Qd8-d4",
            "[e8=R]Qd8-d5",
            "[e8=R]Qd8-d6",
            "[e8=R]Qd8-d7",
            "[e8=R]Qd8-e7",
            "[e8=R]Qd8-f6",
            "[e8=R]Qd8-g5",
            "[e8=R]Qd8-h4",
            "[e8=R]Rd1-a1",
            "[e8=R]Rd1-b1",
            "[e8=R]Rd1-c1",
            "[e8=R]Rd1-d2",
            "[e8=R]Rd1-d3",
            "[e8=R]Rd1-d4",
            "[e8=R]Rd1-d5",
            "[e8=R]Rd1-d6",
            "[e8=R]Rd1-d7",
            "[e8=R]Re8-e7",
            "[e8=R]Re8-f8",
            "[e8=R]Re8-g8",
            "[e8=R]Re8-h8",
            "[e8=R]e6-e7",
            "[e8=S]Ke1-d2",
            "[e8=S]Ke1-e2",
            "[e8=S]Ke1-f1",
            "[e8=S]Ke1-f2",
            "[e8=S]Qd8-a5",
            "[e8=S]Qd8-a8",
            "[e8=S]Qd8-b6",
            "[e8=S]Qd8-b8",
            "[e8=S]Qd8-c7",
            "[e8=S]Qd8-c8",
            "[e8=S]Qd8-d2",
            "[e8=S]Qd8-d3",
            "[e8=S]Qd8-d4",
            "[e8=S]Qd8-d5",
            "[e8=S]Qd8-d6",
            "[e8=S]Qd8-d7",
            "[e8=S]Qd8-e7",
            "[e8=S]Qd8-f6",
            "[e8=S]Qd8-g5",
            "[e8=S]Qd8-h4",
            "[e8=S]Rd1-a1",
            "[e8=S]Rd1-b1",
            "[e8=S]Rd1-c1",
            "[e8=S]Rd1-d2",
            "[e8=S]Rd1-d3",
            "[e8=S]Rd1-d4",
            "[e8=S]Rd1-d5",
            "[e8=S]Rd1-d6",
            "[e8=S]Rd1-d7",
            "[e8=S]Se8-c7",
            "[e8=S]Se8-d6",
            "[e8=S]Se8-f6",
            "[e8=S]Se8-g7",
            "[e8=S]e6-e7",
        ];
        let mut popeye: Vec<String> = popeye.iter().map(|s| s.to_string()).collect();
        popeye.sort();
        assert_eq!(legal_texts(&["SingleBox Type3"], "3QP3/8/4P3/8/4k3/8/8/3RK3 w - -"), popeye);
    }
}
