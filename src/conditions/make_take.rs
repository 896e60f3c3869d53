//! Make&Take chess, the mirror of Take&Make: a capture is made in two parts, as one move. The capturer first moves,
//! without capturing, with the walk of the piece it is going to take (as that piece's side would move it); from
//! there it takes that piece with its own walk. A piece's moves that capture nothing are its walk's; the captures
//! of its walk are not moves. Two ways to the same capture are one move, written as a plain capture from the
//! departure (`Sc1*c3`: the knight went c1-b1 as the rook on c3 would, then took it). A pawn that arrives on its
//! last rank promotes; one that stands on its first rank after the make takes nothing. Check is a capture of the
//! king by such a move: a piece that, by a king's step to an empty square, reaches a square from which its walk
//! takes the king. Popeye: `conditions/make_and_take.c`.
//!
//! A piece standing on the square the other side's king castles from may make castling as that king (Popeye
//! `0-0*e6`) while that side's rook keeps its castling right: a right of the rook alone, which it has from the
//! diagram when it stands on its corner square (the king wherever it is) and loses when anything moves from or is
//! taken on that square. The make then takes only the king (it is a king's walk), so it is a way to give check:
//! the piece goes to the king's castling square and takes the king from there, found as Popeye finds it, the rook
//! not yet moved. The rooks' rights are the condition's state ([`Position::flags`]).

use crate::attacks::Occupancy;
use crate::conditions::take_make::quiet_targets;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Kind, Piece};
use crate::position::{castle, castling_rook, Position};
use crate::square::{Bitboard, Color, Square};

#[derive(Clone, Debug)]
pub struct MakeTake;

impl MakeTake {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(MakeTake))
    }
}

/// The board of `pos` with the piece `piece` moved from `from` to the empty square `to` (the make done).
struct Made<'a> {
    pos: &'a Position,
    from: Square,
    to: Square,
    piece: Piece,
}

impl Occupancy for Made<'_> {
    fn occupied(&self) -> Bitboard {
        (self.pos.occupied() & !self.from.bb()) | self.to.bb()
    }
    fn color_bb(&self, color: Color) -> Bitboard {
        let bb = self.pos.color_bb(color);
        if color == self.piece.color {
            (bb & !self.from.bb()) | self.to.bb()
        } else {
            bb
        }
    }
    fn pieces_bb(&self, color: Color, kind: Kind) -> Bitboard {
        let bb = self.pos.pieces_bb(color, kind);
        if color == self.piece.color && kind == self.piece.kind {
            (bb & !self.from.bb()) | self.to.bb()
        } else {
            bb
        }
    }
}

/// Calls `emit(arrival, capture square, en passant)` for every capture the piece `piece`, moved from `from` to
/// `at`, makes from `at` in `pos` by its own walk (a pawn's diagonal steps forward and en passant; none from
/// its first or last rank).
fn takes(
    rules: &Rules,
    pos: &Position,
    piece: Piece,
    from: Square,
    at: Square,
    mut emit: impl FnMut(Square, Square, bool),
) {
    let enemy = pos.color_bb(piece.color.opposite());
    if piece.kind == Kind::PAWN {
        let c = piece.color;
        if at.rank() == c.last_rank() || at.rank() == c.opposite().last_rank() {
            return;
        }
        for df in [-1, 1] {
            let Some(t) = at.offset(df, c.forward()) else { continue };
            if enemy.has(t) {
                emit(t, t, false);
            } else if rules.en_passant_exists() && pos.ep_square() == Some(t) {
                let taken = Square::from_coords(t.file(), at.rank());
                if taken != from && pos.piece_at(taken) == Some(Piece::new(c.opposite(), Kind::PAWN)) {
                    emit(t, taken, true);
                }
            }
        }
        return;
    }
    let board = Made { pos, from, to: at, piece };
    rules.walks.get(piece.kind).for_each_target(&board, piece.color, at, |to, cap| {
        if let Some(cap) = cap {
            emit(to, cap, false);
        }
    });
}

impl MakeTake {
    /// Whether a piece of `by` takes the piece on `sq` (a king, or a king standing there to be tested) by a
    /// Make&Take move: a step with the king's walk to an empty square, then a capture of `sq` from there.
    fn captures_king(rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        let walk = pos.piece_at(sq).map_or(Kind::KING, |p| p.kind);
        let occ = pos.occupied();
        let victim = by.opposite();
        let rank = if victim == Color::White { 0 } else { 7 };
        let home = Square::from_coords(4, rank);
        for p in pos.color_bb(by) {
            let piece = pos.piece_at(p).expect("occupied");
            // Castling as the make, from the victim's king's square, while its rook keeps its right.
            if p == home && rules.castling_exists() {
                let (short, long) =
                    if victim == Color::White { (castle::WK, castle::WQ) } else { (castle::BK, castle::BQ) };
                let file = |f: u8| Square::from_coords(f, rank);
                for (right, between, arrival) in [(short, &[5u8, 6][..], 6u8), (long, &[1, 2, 3][..], 2)] {
                    if pos.flags() & right != 0 && between.iter().all(|&f| !occ.has(file(f))) {
                        let mut found = false;
                        takes(rules, pos, piece, p, file(arrival), |_, cap, _| found |= cap == sq);
                        if found {
                            return true;
                        }
                    }
                }
            }
            let mut found = false;
            quiet_targets(rules, occ, walk, by.opposite(), p, |s| {
                if !found {
                    takes(rules, pos, piece, p, s, |_, cap, _| found |= cap == sq);
                }
            });
            if found {
                return true;
            }
        }
        false
    }
}

impl Condition for MakeTake {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        "Make&TakeChess".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::REWRITE | Hooks::OBSERVATION | Hooks::EXTRA_CHECK | Hooks::AFTER_MOVE
    }

    // The rooks' own castling rights ([`castle`] bits): a rook of its side's colour on its corner square.
    fn initial_flags_in(&self, pos: &Position) -> u8 {
        let mut flags = 0;
        for (sq, right, color) in [
            (Square::from_coords(7, 0), castle::WK, Color::White),
            (Square::from_coords(0, 0), castle::WQ, Color::White),
            (Square::from_coords(7, 7), castle::BK, Color::Black),
            (Square::from_coords(0, 7), castle::BQ, Color::Black),
        ] {
            if pos.piece_at(sq) == Some(Piece::new(color, Kind::ROOK)) {
                flags |= right;
            }
        }
        flags
    }

    // A rook's right goes when anything moves from its corner or is taken there (the castling rook too).
    fn after_move(&self, _rules: &Rules, _before: &Position, mv: Move, after: &mut Position) {
        if after.flags() == 0 {
            return;
        }
        let mut touched = mv.from.bb() | mv.capture().map_or(Bitboard::EMPTY, Square::bb);
        if matches!(mv.special, Special::CastleShort | Special::CastleLong) {
            touched |= castling_rook(mv).0.bb();
        }
        let mut lost = 0;
        for (sq, right) in [(7u8, castle::WK), (0, castle::WQ), (63, castle::BK), (56, castle::BQ)] {
            if touched.has(Square::new(sq)) {
                lost |= right;
            }
        }
        if after.flags() & lost != 0 {
            after.set_flags(after.flags() & !lost);
        }
    }

    // A walk's observation is no capture: check is the Make&Take capture of the king (`extra_check`).
    fn observation_counts(&self, _rules: &Rules, _pos: &Position, _observer: Square, _target: Square) -> bool {
        false
    }

    fn extra_check(&self, rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        MakeTake::captures_king(rules, pos, sq, by)
    }

    fn rewrite_moves(&self, rules: &Rules, pos: &Position, from: Square, out: &mut MoveList, start: usize) {
        let Some(mover) = pos.piece_at(from) else { return };
        // The walk's captures are not moves.
        let mut i = start;
        while i < out.len() {
            if out[i].is_capture() {
                out.remove(i);
            } else {
                i += 1;
            }
        }
        let victim = mover.color.opposite();
        let occ = pos.occupied();
        let mut found: Vec<(Square, Square, bool)> = Vec::new();
        for &walk in &rules.kinds.present {
            let theirs = pos.pieces_bb(victim, walk);
            if theirs.is_empty() {
                continue;
            }
            quiet_targets(rules, occ, walk, victim, from, |s| {
                takes(rules, pos, mover, from, s, |to, cap, ep| {
                    if theirs.has(cap) && !found.iter().any(|&(t, c, _)| t == to && c == cap) {
                        found.push((to, cap, ep));
                    }
                });
            });
        }
        for (to, cap, ep) in found {
            let special = if ep { Special::EnPassant } else { Special::None };
            let mv = Move::new(from, to, Some(cap), special).by(mover.kind);
            if mover.kind == Kind::PAWN && to.rank() == mover.color.last_rank() {
                for &k in &rules.promotions {
                    let m = mv.promoting(k);
                    if rules.promotion_allowed(pos, m, k) {
                        out.push(m);
                    }
                }
            } else {
                out.push(mv);
            }
        }
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let cap = mv.capture()?;
        let taken = before.piece_at(cap)?;
        Some(format!(
            "Under Make&Take the capturer first moved, without capturing, as the {} on {cap} would, then took it \
             from there with its own walk.",
            taken.kind.name()
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn a_capture_comes_after_a_make_with_the_captured_walk() {
        // Popeye 4.104, TESTS/maketake.inp#1 (White Sc1, Black Pa2 Rc3, `~1`, no kings): `1.Sc1*c3`, `1.Sc1-e2`,
        // `1.Sc1-d3`, `1.Sc1-b3` (the knight makes c1-b1 as the rook, then takes it; a2 it cannot take: the
        // black pawn's step from c1 leaves the board). Here with kings out of the way.
        let v = legal_texts(&["Make&TakeChess"], "k7/8/8/8/8/2r5/p7/2N4K w - -");
        let knight: Vec<&String> = v.iter().filter(|m| m.starts_with('S')).collect();
        assert_eq!(knight, ["Sc1*c3", "Sc1-b3", "Sc1-d3", "Sc1-e2"]);
    }

    fn in_check(fen: &str) -> bool {
        use crate::conditions::{build_all, ConditionSpec};
        use crate::movegen::Rules;
        use crate::setup::{build_position, SetupOptions};
        let (pieces, state) = crate::input::fen::parse_fen(fen).unwrap();
        let conds =
            build_all(&[ConditionSpec { name: "Make&TakeChess".into(), options: vec![], ..Default::default() }])
                .unwrap();
        let rules = Rules::new(pieces.iter().map(|p| p.kind), conds);
        let pos = build_position(&pieces, &state, crate::Color::Black, &rules, &SetupOptions::default()).unwrap();
        rules.in_check(&pos, crate::Color::Black)
    }

    #[test]
    fn castling_as_the_make_gives_check() {
        // Popeye 4.104, TESTS/maketake.inp#2 ("black is in check from se8!": Black Ka7 Ra8, White Se8, `zg71`):
        // the side to play can capture the king: the knight castles long as Black's king (e8-c8, the rook a8
        // keeping its right) and takes a7 from c8.
        assert!(in_check("r3N3/k7/8/8/8/8/8/7K b - -"));
        // The rook off its corner has no right: no check.
        assert!(!in_check("1r2N3/k7/8/8/8/8/8/7K b - -"));
    }

    #[test]
    fn a_capture_en_passant_after_the_pawn_make() {
        // Popeye 4.104, TESTS/maketake.inp#3 (Black Pg7, White Pf6 Ph7, `hx1` under BlackMaximummer):
        // `1.g7-g5 f6*g6 ep.` and `1.g7-g5 h7*g6 ep.`: the pawn steps back as a black pawn, then takes en passant.
        let v = legal_texts(&["Make&TakeChess"], "k7/7P/5P2/6p1/8/8/8/K7 w - g6");
        let eps: Vec<&String> = v.iter().filter(|m| m.contains("ep.")).collect();
        assert_eq!(eps, ["f6*g6 ep.", "h7*g6 ep."]);
    }
}
