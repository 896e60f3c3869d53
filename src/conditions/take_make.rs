//! Take&Make chess: a capture is followed, as part of the same move, by a move of the capturer from the capture
//! square with the walk of the piece it took (as that piece's side would move it), which must not capture; a
//! capture with no such move is not a move at all. A pawn that arrives on its last rank at the end promotes
//! there; one may not end on its own first rank. Check is the walks' observation (Popeye's default); with
//! `Absolute`, only a capture of the king that the king's walk could go on from counts (Popeye plays the
//! capture to validate the check). Popeye: `conditions/take_and_make.c`; it writes `Qd4*d7-d1`.
//!
//! The move made is the capturer's from its departure to its final square, the captured piece taken on its own
//! square ([`Move::capture`]; en passant keeps its mark: Popeye writes `e5*d5 ep.` for the make to d5), so the
//! mechanical move is the whole rule: the generate stage ([`Condition::rewrite_moves`]) is all there is.

use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

#[derive(Clone, Debug)]
pub struct TakeMake {
    /// `Absolute`: a check is a capture of the king that has its make.
    absolute: bool,
}

impl TakeMake {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(TakeMake { absolute: spec.options.iter().any(|o| o == "Absolute") }))
    }
}

/// A board of which only the occupied squares matter: every piece on it counts as both sides', so that a walk's
/// targets there are its moves that capture nothing (its captures are emitted with a capture square and left out).
struct Occupied(Bitboard);

impl Occupancy for Occupied {
    fn occupied(&self) -> Bitboard {
        self.0
    }
    fn color_bb(&self, _color: Color) -> Bitboard {
        self.0
    }
    fn pieces_bb(&self, _color: Color, _kind: Kind) -> Bitboard {
        Bitboard::EMPTY
    }
}

/// Calls `emit` with every square a piece of kind `walk` and colour `color` on `from` reaches by a move that
/// captures nothing on a board occupied by `occ` (a pawn by its steps forward for `color`, two from its second
/// rank, none from its first).
pub(crate) fn quiet_targets(
    rules: &Rules,
    occ: Bitboard,
    walk: Kind,
    color: Color,
    from: Square,
    mut emit: impl FnMut(Square),
) {
    if walk == Kind::PAWN {
        if from.rank() == color.opposite().last_rank() {
            return;
        }
        let fwd = color.forward();
        let second = if color == Color::White { 1 } else { 6 };
        if let Some(one) = from.offset(0, fwd).filter(|s| !occ.has(*s)) {
            emit(one);
            if from.rank() == second {
                if let Some(two) = one.offset(0, fwd).filter(|s| !occ.has(*s)) {
                    emit(two);
                }
            }
        }
        return;
    }
    rules.walks.get(walk).for_each_target(&Occupied(occ), color, from, |to, cap| {
        if cap.is_none() {
            emit(to)
        }
    });
}

impl TakeMake {
    /// The Take&Make moves of the capture `take` (its take as the walk generated it, any promotion left aside) of
    /// the piece `mover` in `pos`, appended to `out`.
    fn makes(rules: &Rules, pos: &Position, mover: Piece, take: Move, out: &mut MoveList) {
        let Some(cap) = take.capture() else { return };
        let Some(taken) = pos.piece_at(cap) else { return };
        let occ = (pos.occupied() & !take.from.bb() & !cap.bb()) | take.to.bb();
        let special = if take.special == Special::EnPassant { Special::EnPassant } else { Special::None };
        quiet_targets(rules, occ, taken.kind, taken.color, take.to, |to| {
            let mv = Move::new(take.from, to, Some(cap), special).by(mover.kind);
            if mover.kind != Kind::PAWN {
                out.push(mv);
            } else if to.rank() == mover.color.last_rank() {
                for &k in &rules.promotions {
                    let m = mv.promoting(k);
                    if rules.promotion_allowed(pos, m, k) {
                        out.push(m);
                    }
                }
            } else if to.rank() != mover.color.opposite().last_rank() {
                // A pawn may not make to its own first rank.
                out.push(mv);
            }
        });
    }
}

impl Condition for TakeMake {
    fn describe(&self) -> String {
        "Take&MakeChess".into()
    }

    fn hooks(&self) -> Hooks {
        if self.absolute {
            Hooks::REWRITE | Hooks::OBSERVATION
        } else {
            Hooks::REWRITE
        }
    }

    // Absolute: the capture of the king on `target` by the piece on `observer` gives check when it has a make.
    fn observation_counts(&self, rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        let (Some(mover), Some(king)) = (pos.piece_at(observer), pos.piece_at(target)) else { return true };
        let occ = pos.occupied() & !observer.bb();
        let mut any = false;
        quiet_targets(rules, occ, king.kind, king.color, target, |to| {
            any |= mover.kind != Kind::PAWN || to.rank() != mover.color.opposite().last_rank();
        });
        any
    }

    fn rewrite_moves(&self, rules: &Rules, pos: &Position, from: Square, out: &mut MoveList, start: usize) {
        let Some(mover) = pos.piece_at(from) else { return };
        if !out[start..].iter().any(Move::is_capture) {
            return;
        }
        let walked: Vec<Move> = out.drain(start..).collect();
        let mut last: Option<(Square, Option<Square>)> = None;
        for mv in walked {
            if !mv.is_capture() {
                out.push(mv);
                continue;
            }
            // A pawn's capture onto its last rank comes once per promotion piece: its makes once.
            if last == Some((mv.to, mv.capture())) {
                continue;
            }
            last = Some((mv.to, mv.capture()));
            TakeMake::makes(rules, pos, mover, mv, out);
        }
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let cap = mv.capture()?;
        let taken = before.piece_at(cap)?;
        Some(format!(
            "Under Take&Make the capturer, having taken the {} on {cap}, moves on with its walk to {} without capturing.",
            taken.kind.name(),
            mv.to
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::{build_all, ConditionSpec};
    use crate::input::fen::parse_fen;
    use crate::movegen::Rules;
    use crate::notation::move_text;
    use crate::setup::{build_position, SetupOptions};
    use crate::Color;

    fn moves(fen: &str, condition: &str) -> Vec<String> {
        let (pieces, state) = parse_fen(fen).unwrap();
        let conds =
            build_all(&[ConditionSpec { name: condition.into(), options: vec![], ..Default::default() }]).unwrap();
        let rules = Rules::new(pieces.iter().map(|p| p.kind), conds);
        let pos = build_position(&pieces, &state, Color::White, &rules, &SetupOptions::default()).unwrap();
        let mut out = Vec::new();
        rules.legal_moves(&pos, &mut out);
        let mut v: Vec<String> = out.iter().map(|m| move_text(&pos, *m)).collect();
        v.sort();
        v
    }

    #[test]
    fn a_capture_goes_on_with_the_captured_walk() {
        // Popeye 4.104, `Condition Take&Make`, `Stipulation ~1`, White Ke1 Qd4 Pb2 Sg1, Black Ke8 Rd7 Pf3 Bb5
        // Pc4: the captures `Qd4*c4-c3`, `Sg1*f3-f2`, and `Qd4*d7-` a1..d8 on the rook's lines (back to d4 too).
        let v = moves("4k3/3r4/8/1b6/2pQ4/5p2/1P6/4K1N1 w - -", "Take&MakeChess");
        let captures: Vec<&String> = v.iter().filter(|m| m.contains('*')).collect();
        assert_eq!(
            captures,
            [
                "Qd4*c4-c3",
                "Qd4*d7-a7",
                "Qd4*d7-b7",
                "Qd4*d7-c7",
                "Qd4*d7-d1",
                "Qd4*d7-d2",
                "Qd4*d7-d3",
                "Qd4*d7-d4",
                "Qd4*d7-d5",
                "Qd4*d7-d6",
                "Qd4*d7-d8",
                "Qd4*d7-e7",
                "Qd4*d7-f7",
                "Qd4*d7-g7",
                "Qd4*d7-h7",
                "Sg1*f3-f2"
            ]
        );
        assert_eq!(v.len(), 43);
    }

    #[test]
    fn a_move_back_to_its_square_keeps_the_key() {
        // `Qd4*d7-d4`: the queen ends where it started (a key made twice over lost the queen once).
        let (pieces, state) = parse_fen("4k3/3r4/8/8/3Q4/8/8/4K3 w - -").unwrap();
        let conds =
            build_all(&[ConditionSpec { name: "Take&MakeChess".into(), options: vec![], ..Default::default() }])
                .unwrap();
        let rules = Rules::new(pieces.iter().map(|p| p.kind), conds);
        let pos = build_position(&pieces, &state, Color::White, &rules, &SetupOptions::default()).unwrap();
        let mut out = Vec::new();
        rules.legal_moves(&pos, &mut out);
        let back = out.iter().find(|m| m.is_capture() && m.from == m.to).copied().unwrap();
        assert_eq!(move_text(&pos, back), "Qd4*d7-d4");
        let after = rules.make(&pos, back);
        assert_eq!(after.key(), after.key_from_scratch());
        assert_eq!(after.pieces().count(), 3);
    }
}
