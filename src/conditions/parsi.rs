//! Parsi chess (seed 001; `RULES.md` "Parsi chess"): the king's once-per-game knight leap, no castling, no en
//! passant, the double step only for the a-, d-, e- and h-pawns with their home piece behind them, promotion only
//! to a lost kind of the promotion square, no move that stalemates the opponent. The opening series of moves and
//! the perpetual-check rule concern games, not problems: they are out of scope (RULES.md).

use crate::attacks::{Occupancy, KING, KNIGHT};
use crate::conditions::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::problem::ConditionSpec;
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
    /// Builds from the options `WhiteLeapUsed` and `BlackLeapUsed` (default: both leaps available).
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, String> {
        let mut c = Parsi { white_leap: true, black_leap: true };
        for o in &spec.options {
            match o.as_str() {
                "WhiteLeapUsed" => c.white_leap = false,
                "BlackLeapUsed" => c.black_leap = false,
                other => return Err(format!("Parsi has no option `{other}` (known: WhiteLeapUsed, BlackLeapUsed)")),
            }
        }
        Ok(Box::new(c))
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
    fn after_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position) {
        if mv.special == Special::KingLeap {
            after.set_flags(after.flags() & !leap_bit(before.side()));
        }
    }

    // Parsi: a king whose leap is still available could capture on it, so it gives check by it (stipula's reading:
    // a check is a capture of the king the rules allow; a paralysed king gives none).
    fn extra_check(&self, rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        pos.flags() & leap_bit(by) != 0
            && (Bitboard(KNIGHT[sq.index()]) & pos.pieces_bb(by, Kind::KING)).into_iter().any(|k| !rules.is_paralysed(pos, k))
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
        let color = pos.side();
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
            Some(p) if p.kind == Kind::PAWN && target.rank() == p.color.last_rank() => can_promote_on(pos, p.color, target),
            _ => true,
        }
    }

    // Parsi: "Stalemate is not allowed" (seed 001): a move that leaves the opponent not in check and without a legal
    // move is illegal (RULES.md). The opponent's moves are judged by every other rule; whether one of them would in
    // turn stalemate the mover is not asked (one level, so the rule is not circular).
    fn is_legal_by_replies(&self, rules: &Rules, _before: &Position, _mv: Move, after: &Position) -> bool {
        rules.in_check(after, after.side()) || can_move(rules, after)
    }

    fn name(&self) -> &'static str {
        "Parsi"
    }
}
