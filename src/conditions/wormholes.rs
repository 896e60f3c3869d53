//! Wormholes: a piece whose move ends on a wormhole goes on to another wormhole that is empty after the move, the
//! mover choosing which (each choice its own move); with none empty the move is illegal. Popeye:
//! `conditions/wormhole.c`, read as follows.
//! - The piece's arrival is the move's own (the king's in castling: the rook is not transferred; an en passant
//!   capture's arrival square).
//! - The wormholes it may go on to are every other wormhole empty once the move is made (its departure square
//!   too), in Popeye's order of squares; back to its departure square only by a capture or a promotion (else the
//!   move would be a null move: `e2-e4[wBe4->e2]` is not a move, `e2*f3[wPf3->e2]` is).
//! - A pawn promotes where it arrives and then goes on as the piece it became (`f7-f8=Q[wQf8->d1]`), or goes on as
//!   a pawn and promotes on the wormhole it reaches on its last rank (`a3-a4[wPa4->f8=Q]`).
//! - A pawn on a wormhole makes no double step; a pawn on a wormhole on its first rank makes single steps and
//!   captures (elsewhere on its first rank it stays put).
//! - A piece observes a wormhole (checks a king there) only if another wormhole is empty, or if it stands on a
//!   wormhole itself (it empties one by taking); paralysis and support (Madrasi, Patrol) are not affected.
//! - A pawn that went on from its double step's square is taken en passant where it went (`e7-e5[bPe5->f3]
//!   d5*e6 ep.`).
//!
//! Popeye writes the transfer `[wKg1->d4]`, `[wPa4->f8=Q]`.

use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

#[derive(Clone, Debug)]
pub struct Wormholes {
    holes: Bitboard,
}

impl Wormholes {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Wormholes { holes: spec.squares.0 }))
    }

    /// The wormholes a piece arriving on a wormhole by `mv` from `pos` may go on to, in Popeye's order, each with
    /// the promotions it offers there (`None`: none), and the piece that goes (as it is after its arrival).
    fn destinations(&self, rules: &Rules, pos: &Position, mv: Move) -> Vec<(Square, Option<Kind>)> {
        let mut out = Vec::new();
        let arrival = mv.to;
        if !self.holes.has(arrival) {
            return out;
        }
        let Some(piece) = pos.piece_at(mv.from) else { return out };
        let kind = mv.promotion().unwrap_or(piece.kind);
        let mut occupied = pos.occupied();
        occupied.clear(mv.from);
        if let Some(c) = mv.capture() {
            occupied.clear(c);
        }
        if matches!(mv.special, Special::CastleShort | Special::CastleLong) {
            let (rf, rt) = crate::position::castling_rook(mv);
            occupied.clear(rf);
            occupied.set(rt);
        }
        occupied.set(arrival);
        for to in self.holes & !occupied {
            if to == mv.from && !mv.is_capture() && mv.promotion().is_none() {
                continue;
            }
            if kind == Kind::PAWN && to.rank() == piece.color.last_rank() {
                out.extend(rules.promotions.iter().map(|&k| (to, Some(k))));
            } else {
                out.push((to, None));
            }
        }
        out
    }

    /// Whether an observation of `target` from `observer` counts: not of a wormhole while every other wormhole is
    /// occupied, unless the observer stands on a wormhole.
    fn observes(&self, pos: &Position, observer: Square, target: Square) -> bool {
        !self.holes.has(target) || self.holes.has(observer) || (self.holes & !target.bb() & !pos.occupied()).non_empty()
    }
}

impl Condition for Wormholes {
    fn describe(&self) -> String {
        let mut s = "Wormholes".to_string();
        for sq in self.holes {
            s += &format!(" {sq}");
        }
        s
    }

    fn hooks(&self) -> Hooks {
        Hooks::CHOICES | Hooks::ON_MOVE | Hooks::LEGALITY | Hooks::OBSERVATION | Hooks::DOUBLE_STEP | Hooks::EXTRA_CHECK
    }

    fn choices_on_every_move(&self) -> bool {
        true
    }

    fn choices(&self, rules: &Rules, pos: &Position, mv: Move) -> u8 {
        self.destinations(rules, pos, mv).len().min(u8::MAX as usize) as u8
    }

    fn on_move(&self, rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        if mv.choice() == 0 || !self.holes.has(mv.to) {
            return;
        }
        let Some(&(to, promoted)) = self.destinations(rules, before, mv).get(mv.choice() as usize - 1) else {
            return;
        };
        let Some(piece) = after.remove(mv.to) else { return };
        let placed = promoted.map_or(piece, |k| Piece::new(piece.color, k));
        after.put(to, placed);
        after.relocate_last_arrival(to);
        effects.push(Effect::Transferred { from: mv.to, to, was: piece, piece, promoted });
    }

    fn is_legal(&self, _rules: &Rules, _before: &Position, mv: Move, _after: &Position) -> bool {
        // A move onto a wormhole with nowhere to go on to.
        !(self.holes.has(mv.to) && mv.choice() == 0)
    }

    fn observation_counts(&self, _rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        self.observes(pos, observer, target)
    }

    fn extra_check(&self, _rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        // A pawn on a wormhole on its first rank takes like any pawn (the walks' tables have no captures for it).
        let first = by.opposite().last_rank();
        let Some(behind) = sq.offset(0, -by.forward()) else { return false };
        behind.rank() == first
            && [-1, 1].into_iter().filter_map(|df| behind.offset(df, 0)).any(|from| {
                self.holes.has(from)
                    && pos.piece_at(from) == Some(Piece::new(by, Kind::PAWN))
                    && self.observes(pos, from, sq)
            })
    }

    fn has_first_rank_pawn_moves(&self) -> bool {
        true
    }

    fn first_rank_pawn_moves(&self, from: Square) -> bool {
        self.holes.has(from)
    }

    fn double_step_allowed(&self, _pos: &Position, from: Square) -> bool {
        !self.holes.has(from)
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if !self.holes.has(mv.to) {
            return None;
        }
        let d = self.destinations(rules, before, mv);
        if d.is_empty() {
            return Some(format!(
                "Under Wormholes a piece arriving on the wormhole {} must go on to another empty wormhole, and none is \
                 empty: the move is illegal.",
                mv.to
            ));
        }
        let mut squares: Vec<String> = d.iter().map(|(s, _)| s.to_string()).collect();
        squares.dedup();
        Some(format!(
            "Under Wormholes the piece arriving on the wormhole {} goes on to another empty wormhole: {}.",
            mv.to,
            squares.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    /// The moves of the pieces on `prefixes`' squares.
    fn moves_of(conditions: &[&str], fen: &str, prefixes: &[&str]) -> Vec<String> {
        legal_texts(conditions, fen).into_iter().filter(|t| prefixes.iter().any(|p| t.starts_with(p))).collect()
    }

    #[test]
    fn a_pawn_promotes_before_or_after_its_transfer() {
        // Popeye 4.104, TESTS/wurmloch.inp ("pawns are promoted before and after transfer": white Pa3 Pf7,
        // Wormholes a4 f8 d1, ~1), kings added away from the pawns.
        let got = moves_of(&["Wormholes a4 f8 d1"], "8/5P2/8/8/8/P7/8/K6k w - - 0 1", &["a3", "f7"]);
        let want = [
            "a3-a4[wPa4->d1]",
            "a3-a4[wPa4->f8=B]",
            "a3-a4[wPa4->f8=Q]",
            "a3-a4[wPa4->f8=R]",
            "a3-a4[wPa4->f8=S]",
            "f7-f8=B[wBf8->a4]",
            "f7-f8=B[wBf8->d1]",
            "f7-f8=Q[wQf8->a4]",
            "f7-f8=Q[wQf8->d1]",
            "f7-f8=R[wRf8->a4]",
            "f7-f8=R[wRf8->d1]",
            "f7-f8=S[wSf8->a4]",
            "f7-f8=S[wSf8->d1]",
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn no_transfer_back_to_the_departure_square_without_a_capture() {
        // Popeye 4.104, TESTS/wurmloch.inp ("1.e2-e4[wBe4->e2] would be an illegal null move"): white Pe2, black
        // Pf3, Wormholes e2 e4 f3: `1.e2-e3`, `1.e2*f3[wPf3->e2]`, `1.e2*f3[wPf3->e4]`; no `e2-e4`.
        let got = moves_of(&["Wormholes e2 e4 f3"], "8/8/8/8/8/5p2/4P3/K6k w - - 0 1", &["e2"]);
        assert_eq!(got, ["e2*f3[wPf3->e2]", "e2*f3[wPf3->e4]", "e2-e3"]);
    }

    #[test]
    fn the_king_is_transferred_in_castling() {
        // Popeye 4.104, TESTS/wurmloch.inp ("king is transfered when castling, rook isn't"): white Ke1 Rh1,
        // Wormholes d4 f1 g1 h5: `1.0-0[wKg1->d4]`, `1.0-0[wKg1->h5]`.
        let got = moves_of(&["Wormholes d4 f1 g1 h5"], "k7/8/8/8/8/8/8/4K2R w K - 0 1", &["0-0"]);
        assert_eq!(got, ["0-0[wKg1->d4]", "0-0[wKg1->h5]"]);
    }
}
