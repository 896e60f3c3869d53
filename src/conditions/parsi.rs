//! Parsi chess (seed 001; `RULES.md` "Parsi chess"): the king's once-per-game knight leap, no castling, no en
//! passant, the double step only for the a-, d-, e- and h-pawns with their home piece behind them, promotion only
//! to a lost kind of the promotion square, no move that stalemates the opponent. The opening series of moves and
//! the perpetual-check rule concern games, not problems: they are out of scope (RULES.md).

use crate::attacks::{Occupancy, KING, KNIGHT};
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// [`Position::flags`] bit: White's king leap is still available.
pub const WHITE_LEAP: u8 = 1;
/// [`Position::flags`] bit: Black's king leap is still available.
pub const BLACK_LEAP: u8 = 2;

/// The flag bit of `color`'s king leap.
#[inline]
pub const fn leap_bit(color: Color) -> u8 {
    match color {
        Color::White => WHITE_LEAP,
        Color::Black => BLACK_LEAP,
    }
}

/// The light squares (b1, a2, …).
const LIGHT: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);

/// The condition `Parsi`, with the options `WhiteLeapUsed` and `BlackLeapUsed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parsi {
    /// White's king leap is available in the diagram.
    pub white_leap: bool,
    /// Black's king leap is available in the diagram.
    pub black_leap: bool,
}

impl Parsi {
    /// Builds from the parameters (checked against the registry's by [`crate::conditions::build_all`]):
    /// `WhiteLeapUsed` and `BlackLeapUsed` (default: both leaps available).
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let used = |p: &str| spec.options.iter().any(|o| o == p);
        Ok(Box::new(Parsi { white_leap: !used("WhiteLeapUsed"), black_leap: !used("BlackLeapUsed") }))
    }
}

/// The kind that stood on the last-rank square `to` in the array of the side `promoting` promotes against;
/// `None` for that side's king's home square. Parsi: Black's array is reflected, not mirrored: king d8, vizier e8
/// (seed 001 "the king on the right and the vizier on the left from each player's point of view"; RULES.md).
pub fn array_kind(promoting: Color, to: Square) -> Option<Kind> {
    const WHITE_ARRAY: [Kind; 8] =
        [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN, Kind::KING, Kind::BISHOP, Kind::KNIGHT, Kind::ROOK];
    const BLACK_ARRAY: [Kind; 8] =
        [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::KING, Kind::QUEEN, Kind::BISHOP, Kind::KNIGHT, Kind::ROOK];
    let array = if promoting == Color::White { BLACK_ARRAY } else { WHITE_ARRAY };
    let k = array[to.file() as usize];
    (k != Kind::KING).then_some(k)
}

/// Whether `color` has lost a piece of `kind`, for a promotion on `to`: it has fewer than it started with
/// (1 vizier, 2 elephants, 2 horses), and for a camel no camel on squares of `to`'s colour.
// Parsi: "a player can never have more of any type of piece than he started with"; a camel only for the square
// colour it can reach (seed 001, RULES.md).
fn lost(pos: &Position, color: Color, kind: Kind, to: Square) -> bool {
    let have = pos.pieces_bb(color, kind);
    match kind {
        Kind::QUEEN => have.is_empty(),
        Kind::ROOK | Kind::KNIGHT => have.count() < 2,
        Kind::BISHOP => {
            let same_colour = if LIGHT.has(to) { LIGHT } else { !LIGHT };
            (have & same_colour).is_empty()
        }
        _ => false,
    }
}

/// Whether a pawn of `color` arriving on the last-rank square `to` may become `kind` by the kind-and-loss rule
/// (the horse-check clause aside).
// Parsi: promotion to the kind that stood on the promotion square, if lost; on the opposing king's home square any
// lost kind (seed 001 "except on the king's home square", RULES.md).
pub fn kind_allowed(pos: &Position, color: Color, to: Square, kind: Kind) -> bool {
    match array_kind(color, to) {
        Some(k) => k == kind && lost(pos, color, kind, to),
        None => matches!(kind, Kind::QUEEN | Kind::ROOK | Kind::BISHOP | Kind::KNIGHT) && lost(pos, color, kind, to),
    }
}

/// Whether a pawn of `color` could be promoted at all on the last-rank square `to`.
pub fn can_promote_on(pos: &Position, color: Color, to: Square) -> bool {
    [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT].iter().any(|&k| kind_allowed(pos, color, to, k))
}

/// Whether the side to move in `pos` has a move that is legal except for the reply tests: its king's steps are
/// tried first (usually one is legal), then every move.
fn can_move(rules: &Rules, pos: &Position) -> bool {
    let us = pos.side();
    for k in pos.pieces_bb(us, Kind::KING) {
        if rules.is_paralysed(pos, k) {
            continue;
        }
        let theirs = pos.color_bb(us.opposite());
        for to in Bitboard(KING[k.index()]) & !pos.color_bb(us) {
            let mv = Move::new(k, to, theirs.has(to).then_some(to), Special::None);
            if rules.legal_ignoring_replies(pos, mv) {
                return true;
            }
        }
    }
    rules.has_legal_move_ignoring_replies(pos)
}

impl Condition for Parsi {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        let mut s = String::from("Parsi");
        if !self.white_leap {
            s.push_str(" WhiteLeapUsed");
        }
        if !self.black_leap {
            s.push_str(" BlackLeapUsed");
        }
        s
    }

    fn hooks(&self) -> Hooks {
        Hooks::EXTRA_MOVES
            | Hooks::AFTER_MOVE
            | Hooks::DOUBLE_STEP
            | Hooks::PROMOTION
            | Hooks::OBSERVATION
            | Hooks::EXTRA_CHECK
            | Hooks::REPLIES
    }

    // Parsi: the problem states whether each side still has its king leap (default: yes); part of the hash
    // through Position::flags (RULES.md).
    fn initial_flags(&self) -> u8 {
        (if self.white_leap { WHITE_LEAP } else { 0 }) | (if self.black_leap { BLACK_LEAP } else { 0 })
    }

    // Parsi: the king "cannot castle" (seed 001).
    fn castling(&self) -> bool {
        false
    }

    // Parsi: "There is no capture en passant" (seed 001).
    fn en_passant(&self) -> bool {
        false
    }

    // Parsi: "once in each game may leap like a knight ... after he has moved, and even to get out of check, and may
    // capture on that leap" (seed 001). Out of check and after moving need nothing special: the leap is a king move
    // tested like any other.
    fn extra_moves(&self, rules: &Rules, pos: &Position, out: &mut MoveList) {
        let us = pos.side();
        if pos.flags() & leap_bit(us) == 0 {
            return;
        }
        let theirs = pos.color_bb(us.opposite());
        for k in pos.pieces_bb(us, Kind::KING) {
            if rules.is_paralysed(pos, k) {
                continue;
            }
            for to in Bitboard(KNIGHT[k.index()]) & !pos.color_bb(us) {
                out.push(Move::new(k, to, theirs.has(to).then_some(to), Special::KingLeap));
            }
        }
    }

    // Parsi: the leap is once per game: using it clears the side's bit (seed 001, RULES.md).
    // Parsi: no en passant, so no en-passant square either (it would make Madrasi see an en-passant observation and
    // split one position into two keys).
    fn after_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position) {
        if mv.special == Special::KingLeap {
            after.set_flags(after.flags() & !leap_bit(before.side()));
        }
        if after.ep_square().is_some() {
            after.set_ep(None);
        }
    }

    // Parsi: a king whose leap is still available could capture on it, so it gives check by it (stipula's reading:
    // a check is a capture of the king the rules allow; a paralysed king gives none).
    fn extra_check(&self, rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        // Parsi with Isardam: the leap's capture of the king must count as a check (Isardam type A: create no paralysis).
        pos.flags() & leap_bit(by) != 0
            && (Bitboard(KNIGHT[sq.index()]) & pos.pieces_bb(by, Kind::KING)).into_iter().any(|k| {
                !rules.is_paralysed(pos, k)
                    && rules.extra_capture_counts(pos, Move::new(k, sq, Some(sq), Special::KingLeap))
            })
    }

    // Parsi: "The rooks', king's, and vizier's pawns may move two squares forward on their first moves ... provided
    // ... that the piece behind the pawn has not yet moved" (seed 001): a-, d-, e-, h-pawns with the piece of the
    // array on its home square behind them; Black's array reflected, king d8, vizier e8 (RULES.md).
    fn double_step_allowed(&self, pos: &Position, from: Square) -> bool {
        let Some(pawn) = pos.piece_at(from) else { return false };
        let home_rank = if pawn.color == Color::White { 0 } else { 7 };
        let kind = match (pawn.color, from.file()) {
            (_, 0 | 7) => Kind::ROOK,
            (Color::White, 3) | (Color::Black, 4) => Kind::QUEEN,
            (Color::White, 4) | (Color::Black, 3) => Kind::KING,
            _ => return false,
        };
        pos.piece_at(Square::from_coords(from.file(), home_rank)) == Some(Piece::new(pawn.color, kind))
    }

    // Parsi: promotion to the lost kind of the square (kind_allowed); "a pawn cannot be promoted to knight if the
    // knight would immediately give check" (seed 001). A pawn with no allowed kind has no move to the last rank:
    // "it is stuck on the seventh rank" (seed 001), since the generator emits only allowed promotions.
    fn promotion_allowed(&self, rules: &Rules, pos: &Position, mv: Move, kind: Kind) -> bool {
        // The pawn's colour, not the side to move: Isardam asks this for a capture of the king by the side not to move.
        let color = pos.piece_at(mv.from).map_or(pos.side(), |p| p.color);
        if !kind_allowed(pos, color, mv.to, kind) {
            return false;
        }
        if kind != Kind::KNIGHT {
            return true;
        }
        let Some(king) = pos.king(color.opposite()) else { return true };
        if !Bitboard(KNIGHT[mv.to.index()]).has(king) {
            return true;
        }
        let after = rules.make(pos, mv);
        !rules.observation_counts(&after, mv.to, king)
    }

    // Parsi: "Whether it can offer a check that could not be executed is not stated; logic suggests that it could
    // not" (seed 001; RULES.md "gives no check there"): a pawn gives no check to a last-rank square it could not
    // promote on.
    fn observation_counts(&self, _rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        match pos.piece_at(observer) {
            Some(p) if p.kind == Kind::PAWN && target.rank() == p.color.last_rank() => {
                can_promote_on(pos, p.color, target)
            }
            _ => true,
        }
    }

    // Parsi: "Stalemate is not allowed" (seed 001): a move that leaves the opponent not in check and without a legal
    // move is illegal (RULES.md). The opponent's moves are judged by every other rule; whether one of them would in
    // turn stalemate the mover is not asked (one level, so the rule is not circular).
    fn is_legal_by_replies(&self, rules: &Rules, _before: &Position, _mv: Move, after: &Position) -> bool {
        rules.in_check(after, after.side()) || can_move(rules, after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::build_all;
    use crate::conditions::madrasi::tests::{legal, play, setup};
    use crate::input::vocab::conditions::parse_condition_text;

    fn has(moves: &[String], m: &str) -> bool {
        moves.iter().any(|x| x == m)
    }

    #[test]
    fn leap_out_of_check_capturing_the_checker() {
        // Seed 001: the king "may exercise this power after he has moved, and even to get out of check, and may
        // capture on that leap". Hand derivation: Nf3 checks e1 and covers d2; the king steps to d1, e2, f1, f2 and
        // leaps to c2, d3, g2 or onto f3, taking the knight.
        let (rules, pos) = setup("7k/8/8/8/8/5n2/8/4K3 w - - 0 1", &["Parsi"]);
        assert!(rules.in_check(&pos, Color::White));
        assert_eq!(legal(&rules, &pos), ["e1c2", "e1d1", "e1d3", "e1e2", "e1f1", "e1f2", "e1f3", "e1g2"]);
        let mut v = Vec::new();
        rules.legal_moves(&pos, &mut v);
        let leap = v.iter().find(|m| m.uci() == "e1f3").unwrap();
        assert_eq!((leap.special, leap.capture()), (Special::KingLeap, Some(Square::parse("f3").unwrap())));
    }

    #[test]
    fn leap_once_per_game_and_hashed() {
        // Seed 001: "once in each game may leap like a knight", also "after he has moved" (the king is on c4, not
        // at home). The leap clears White's bit, which changes the key; Black's leap stays.
        let (rules, pos) = setup("7k/8/8/8/2K5/8/8/8 w - - 0 1", &["Parsi"]);
        assert_eq!(pos.flags(), WHITE_LEAP | BLACK_LEAP);
        assert!(has(&legal(&rules, &pos), "c4d6"), "the leap from c4");
        let p = play(&rules, &pos, "c4d6");
        assert_eq!(p.flags(), BLACK_LEAP);
        assert_eq!(p.key(), p.key_from_scratch());
        let p = play(&rules, &p, "h8h7");
        let moves = legal(&rules, &p);
        assert!(!has(&moves, "d6b5") && !has(&moves, "d6f5"), "no second leap: {moves:?}");
        // The same placement with the leap still available is another position (hash).
        let mut q = p.clone();
        q.set_flags(WHITE_LEAP | BLACK_LEAP);
        assert_ne!(q.key(), p.key());
        assert!(has(&legal(&rules, &q), "d6b5"));
    }

    #[test]
    fn leap_used_options() {
        // RULES.md: "A problem states whether each side's leap is still available (default: available)".
        let (rules, pos) = setup("7k/8/8/8/2K5/8/8/8 w - - 0 1", &["Parsi white leap used"]);
        assert_eq!(pos.flags(), BLACK_LEAP);
        assert_eq!(legal(&rules, &pos).len(), 8, "eight king steps, no leap");
        let spec = |t: &str| parse_condition_text(t).unwrap();
        assert_eq!(build_all(&[spec("Parsi black leap used white leap used")]).unwrap()[0].initial_flags(), 0);
        assert_eq!(build_all(&[spec("Parsi BlackLeapUsed")]).unwrap()[0].describe(), "Parsi BlackLeapUsed");
        let bad = crate::conditions::ConditionSpec {
            name: "Parsi".into(),
            options: vec!["NoLeap".into()],
            ..Default::default()
        };
        assert!(
            matches!(build_all(&[bad]), Err(ConditionError::BadParam { condition: "Parsi", param, .. }) if param == "NoLeap")
        );
        assert!(parse_condition_text("Parsi white leap").is_err());
    }

    #[test]
    fn leap_gives_check() {
        // stipula's reading (module comment): a king whose leap is available checks at knight distance. Black's leap
        // is used, so Black's king f3 is in check from e1 and has exactly the steps that are neither beside e1 (e2,
        // f2) nor a knight's leap from it (g2): e3, e4, f4, g3, g4.
        let (rules, pos) = setup("8/8/8/8/8/5k2/8/4K3 b - - 0 1", &["Parsi BlackLeapUsed"]);
        assert!(rules.in_check(&pos, Color::Black));
        assert_eq!(legal(&rules, &pos), ["f3e3", "f3e4", "f3f4", "f3g3", "f3g4"]);
        let (rules, pos) = setup("8/8/8/8/8/5k2/8/4K3 b - - 0 1", &["Parsi BlackLeapUsed WhiteLeapUsed"]);
        assert!(!rules.in_check(&pos, Color::Black));
    }

    #[test]
    fn double_step_and_reflected_array() {
        // Seed 001: "The rooks', king's, and vizier's pawns may move two squares forward on their first moves ...
        // provided ... that the piece behind the pawn has not yet moved"; Black's king on d8, vizier on e8 (RULES.md).
        // The array: 8 single steps, a-, d-, e-, h-pawns' double steps, 4 horse moves and the king's leaps e1-d3,
        // e1-f3 (c2 and g2 hold pawns): 18.
        let array = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
        let (rules, pos) = setup(array, &["Parsi"]);
        let moves = legal(&rules, &pos);
        assert_eq!(moves.len(), 18, "{moves:?}");
        for m in ["a2a4", "d2d4", "e2e4", "h2h4"] {
            assert!(has(&moves, m), "{m}");
        }
        for m in ["b2b4", "c2c4", "f2f4", "g2g4"] {
            assert!(!has(&moves, m), "{m}");
        }
        let p = play(&rules, &pos, "e2e3");
        let replies = legal(&rules, &p);
        for m in ["a7a5", "d7d5", "e7e5", "h7h5"] {
            assert!(has(&replies, m), "{m}: king d8 behind d7, vizier e8 behind e7");
        }
        // The home piece gone (Ra1), or the European array (Black's king e8, queen d8): no double step there.
        let (rules, pos) = setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR b - - 0 1", &["Parsi"]);
        let replies = legal(&rules, &pos);
        assert!(!has(&replies, "d7d5") && !has(&replies, "e7e5") && has(&replies, "a7a5"));
        let p = play(&rules, &pos, "a7a6");
        assert!(!has(&legal(&rules, &p), "a2a4"), "no rook on a1");
    }

    #[test]
    fn no_castling_no_en_passant() {
        // Seed 001: the king "cannot castle"; "There is no capture en passant".
        let (rules, pos) = setup("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", &["Parsi"]);
        assert!(!has(&legal(&rules, &pos), "e1g1") && !has(&legal(&rules, &pos), "e1c1"));
        let (rules, pos) = setup("7k/8/8/8/4p3/8/3P4/3QK3 w - - 0 1", &["Parsi"]);
        let p = play(&rules, &pos, "d2d4");
        assert_eq!(p.ep_square(), None);
        assert!(!has(&legal(&rules, &p), "e4d3"), "no en-passant capture");
        let (pieces, state) = crate::input::fen::parse_fen("7k/8/8/8/3Pp3/8/8/3QK3 b - d3 0 1").unwrap();
        let rules =
            Rules::new(pieces.iter().map(|p| p.kind), build_all(&[parse_condition_text("Parsi").unwrap()]).unwrap());
        let err = crate::setup::build_position(&pieces, &state, Color::Black, &rules, &Default::default()).unwrap_err();
        assert!(err.to_string().contains("no en passant"), "{err}");
    }

    #[test]
    fn promotion_to_the_lost_kind_of_the_square() {
        // Seed 001: "A pawn reaching the eighth rank is promoted to the rank of whatever piece originally stood on
        // that square ... provided that the player ... has already lost a piece of the appropriate type". e8 is
        // Black's vizier square: only a vizier, White having none.
        let (rules, pos) = setup("7k/4P3/8/8/8/8/8/K7 w - - 0 1", &["Parsi"]);
        let moves = legal(&rules, &pos);
        assert!(
            has(&moves, "e7e8q") && !has(&moves, "e7e8r") && !has(&moves, "e7e8b") && !has(&moves, "e7e8s"),
            "{moves:?}"
        );
        // b8 is a horse square; White has lost both horses.
        let (rules, pos) = setup("7k/1P6/8/8/8/8/8/K7 w - - 0 1", &["Parsi"]);
        assert_eq!(legal(&rules, &pos).iter().filter(|m| m.starts_with("b7b8")).collect::<Vec<_>>(), ["b7b8s"]);
        // Black promotes against White's array: d1 is White's vizier square (Black's vizier e8 is on the board: no).
        let (rules, pos) = setup("4q2k/8/8/8/8/8/3p4/7K b - - 0 1", &["Parsi"]);
        assert!(!legal(&rules, &pos).iter().any(|m| m.starts_with("d2d1")));
    }

    #[test]
    fn stuck_pawn_on_the_seventh_rank() {
        // Seed 001: "A pawn cannot be moved to the eighth rank unless it can legally be promoted; it is stuck on the
        // seventh rank". White still has its vizier (b1), so e7-e8 (vizier square) is impossible.
        let (rules, pos) = setup("7k/4P3/8/8/8/8/8/KQ6 w - - 0 1", &["Parsi"]);
        assert!(!legal(&rules, &pos).iter().any(|m| m.starts_with("e7")));
        let (rules, pos) = setup("7k/4P3/8/8/8/8/8/KQ6 w - - 0 1", &[]);
        assert!(legal(&rules, &pos).iter().any(|m| m.starts_with("e7e8")), "orthodox: it promotes");
    }

    #[test]
    fn camel_only_of_the_square_colour() {
        // Seed 001: "On the c or f file, the camel (bishop) that could reach that square must already have been
        // lost". c8 is light: with the light camel f1 on the board c7-c8 is impossible; with only the dark camel c1
        // it is possible.
        let (rules, pos) = setup("7k/2P5/8/8/8/8/8/K4B2 w - - 0 1", &["Parsi"]);
        assert!(!legal(&rules, &pos).iter().any(|m| m.starts_with("c7")));
        let (rules, pos) = setup("7k/2P5/8/8/8/8/8/K1B5 w - - 0 1", &["Parsi"]);
        assert!(has(&legal(&rules, &pos), "c7c8b"));
    }

    #[test]
    fn any_lost_kind_on_the_opposing_kings_square() {
        // Seed 001: "A pawn that reaches the opposing king's square can be promoted to the rank of any piece already
        // lost". d8 is Black's king's home square; White has its two horses and lost vizier, elephants, camels.
        let (rules, pos) = setup("7k/3P4/8/8/8/8/8/K4NN1 w - - 0 1", &["Parsi"]);
        let promos: Vec<_> = legal(&rules, &pos).into_iter().filter(|m| m.starts_with("d7d8")).collect();
        assert_eq!(promos, ["d7d8b", "d7d8q", "d7d8r"]);
    }

    #[test]
    fn no_horse_that_checks_at_once() {
        // Seed 001: "a pawn cannot be promoted to knight if the knight would immediately give check". A horse on b8
        // would check c6; with the king on h4 it would not.
        let (rules, pos) = setup("8/1P6/2k5/8/8/8/8/K7 w - - 0 1", &["Parsi"]);
        assert!(!legal(&rules, &pos).iter().any(|m| m.starts_with("b7b8")), "b8=S would check c6: the pawn is stuck");
        let (rules, pos) = setup("8/1P6/8/8/7k/8/8/K7 w - - 0 1", &["Parsi"]);
        assert!(has(&legal(&rules, &pos), "b7b8s"));
    }

    #[test]
    fn a_pawn_that_cannot_promote_gives_no_check() {
        // Seed 001: "Whether it can offer a check that could not be executed is not stated; logic suggests that it
        // could not" (RULES.md: it gives no check there). f8 is a camel square: with the dark camel c1 on the board
        // the pawn e7 does not check the king f8; without it, it does.
        let (rules, pos) = setup("5k2/4P3/8/8/8/8/8/2B1K3 b - - 0 1", &["Parsi"]);
        assert!(!rules.in_check(&pos, Color::Black));
        let (rules, pos) = setup("5k2/4P3/8/8/8/8/8/4K3 b - - 0 1", &["Parsi"]);
        assert!(rules.in_check(&pos, Color::Black));
        // d8 (Black's king's home: any lost kind, here the vizier) stays covered by the same pawn, f8 does not: the
        // king e8 may step to f8 but not to d8.
        let (rules, pos) = setup("4k3/4P3/8/8/8/8/8/2B1K3 b - - 0 1", &["Parsi WhiteLeapUsed"]);
        let moves = legal(&rules, &pos);
        assert!(!has(&moves, "e8d8") && has(&moves, "e8f8"), "{moves:?}");
    }

    #[test]
    fn no_move_may_stalemate() {
        // Seed 001: "Stalemate is not allowed". Qe6-g6 would leave the king h8 without a move (g8, g7 by Kf7, h7 by
        // the queen) and not in check: illegal under Parsi, legal in orthodox chess. (Leaps used: orthodox kings.)
        let fen = "7k/5K2/4Q3/8/8/8/8/8 w - - 0 1";
        let (rules, pos) = setup(fen, &["Parsi WhiteLeapUsed BlackLeapUsed"]);
        assert!(!has(&legal(&rules, &pos), "e6g6"));
        assert!(has(&legal(&rules, &pos), "e6e8"), "a check is no stalemate");
        let (rules, pos) = setup(fen, &[]);
        assert!(has(&legal(&rules, &pos), "e6g6"));
    }

    #[test]
    fn array_kind_table() {
        // RULES.md: promotion "to the kind that stood on the promotion square in the opponent's array"; Black's array
        // reflected (king d8, vizier e8).
        let s = |t: &str| Square::parse(t).unwrap();
        assert_eq!(array_kind(Color::White, s("e8")), Some(Kind::QUEEN));
        assert_eq!(array_kind(Color::White, s("d8")), None);
        assert_eq!(array_kind(Color::Black, s("d1")), Some(Kind::QUEEN));
        assert_eq!(array_kind(Color::Black, s("e1")), None);
        assert_eq!(array_kind(Color::Black, s("g1")), Some(Kind::KNIGHT));
        assert_eq!(array_kind(Color::White, s("h8")), Some(Kind::ROOK));
    }
}
