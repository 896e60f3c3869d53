//! From a diagram to a [`Position`]: castling rights derived as Popeye does (king and rook on their home
//! squares), explicit FEN state applied, and the checks that refuse a position that cannot be solved.

use crate::attacks::Occupancy;
use crate::movegen::Rules;
use crate::pieces::Placed;
use crate::pieces::{Kind, Piece};
use crate::position::{castle, Position};
use crate::square::{Color, Square};

/// Why a diagram cannot be solved, and what in the diagram causes it (for readers to point at).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SetupError {
    pub message: String,
    pub culprit: Culprit,
}

/// What in a diagram a [`SetupError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Culprit {
    /// This side has no king.
    Kings(Color),
    /// This side has more than one king.
    ExtraKings(Color),
    /// The pawn on this square (on the first or last rank).
    Pawn(Square),
    /// The castling rights (the rook square named, if one).
    Castling(Option<Square>),
    /// The en-passant square.
    EnPassant,
    /// The position as a whole (the side not to move in check).
    Position,
}

fn fail(culprit: Culprit, message: impl Into<String>) -> SetupError {
    SetupError { message: message.into(), culprit }
}

/// Castling and en-passant state given explicitly (FEN), overriding what the diagram implies.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ExplicitState {
    /// FEN castling field as rook squares that may still castle; `None` means "derive from the diagram".
    pub castling: Option<Vec<Square>>,
    /// FEN en-passant target square.
    pub en_passant: Option<Square>,
    /// FEN side to move; `None` means "the stipulation decides".
    pub side_to_move: Option<Color>,
}

/// What the setup needs besides the pieces.
#[derive(Clone, Debug, Default)]
pub struct SetupOptions {
    /// Squares whose pieces have lost their castling right (Popeye's `NoCastling`).
    pub no_castling: Vec<Square>,
    /// A missing white king is allowed (`NoWk`), likewise black.
    pub no_white_king: bool,
    pub no_black_king: bool,
    /// Popeye's retro `EnPassant` option: the squares of the last double step (the middle one is the
    /// en-passant square).
    pub en_passant: Vec<Square>,
    /// A pawn may stand on the first or last rank, where it can neither move nor capture (Popeye). The readers
    /// refuse such a diagram; a twin (`Rotate`, `Mirror`, `Shift`, …) may make one, and Popeye solves it.
    pub edge_pawns: bool,
}

/// Builds and validates a position with `side` to move.
pub fn build_position(
    pieces: &[Placed],
    state: &ExplicitState,
    side: Color,
    rules: &Rules,
    opts: &SetupOptions,
) -> Result<Position, SetupError> {
    let mut pos = Position::empty();
    for p in pieces {
        pos.put(p.square, Piece::new(p.color, p.kind));
    }
    for p in pieces {
        if !pos.set_attrs(p.square, p.effective_attrs()) {
            return Err(fail(
                Culprit::Position,
                "not supported: pieces with different attributes in one diagram".to_string(),
            ));
        }
    }
    if let Some(message) = rules.conditions().iter().find_map(|c| c.refuses_diagram(&pos)) {
        return Err(fail(Culprit::Position, message));
    }
    for color in Color::ALL {
        let kings = pos.royal_bb(color).count();
        let allowed_missing = match color {
            Color::White => opts.no_white_king,
            Color::Black => opts.no_black_king,
        };
        let allowed_missing = allowed_missing || rules.conditions().iter().any(|c| c.allows_no_king(color));
        if kings == 0 && !allowed_missing {
            return Err(fail(
                Culprit::Kings(color),
                format!("{} has no king (Popeye's option NoWk/NoBk allows that)", color.name()),
            ));
        }
        if kings > 1 {
            return Err(fail(
                Culprit::ExtraKings(color),
                format!(
                    "{} has {} royal pieces (kings or pieces with the royal attribute); stipula supports one per side",
                    color.name(),
                    kings
                ),
            ));
        }
    }
    for sq in pos.kind_bb(Kind::PAWN) {
        if !opts.edge_pawns && (sq.rank() == 0 || sq.rank() == 7) {
            let p = pos.piece_at(sq).expect("pawn");
            return Err(fail(
                Culprit::Pawn(sq),
                format!("the {} pawn on {sq} stands on the first or last rank", p.color.name().to_lowercase()),
            ));
        }
    }
    // Castling rights: a king on e1/e8 with a rook in the corner, as Popeye assumes.
    let mut rights = 0u8;
    if rules.castling_exists() {
        for (color, rank, short, long) in
            [(Color::White, 0u8, castle::WK, castle::WQ), (Color::Black, 7, castle::BK, castle::BQ)]
        {
            let king_home = pos.piece_at(Square::from_coords(4, rank)) == Some(Piece::new(color, Kind::KING));
            let rook = |f: u8| pos.piece_at(Square::from_coords(f, rank)) == Some(Piece::new(color, Kind::ROOK));
            let blocked = |f: u8| opts.no_castling.contains(&Square::from_coords(f, rank));
            if king_home && !blocked(4) {
                if rook(7) && !blocked(7) {
                    rights |= short;
                }
                if rook(0) && !blocked(0) {
                    rights |= long;
                }
            }
        }
    }
    if let Some(explicit) = &state.castling {
        if !explicit.is_empty() && !rules.castling_exists() {
            return Err(fail(
                Culprit::Castling(None),
                "castling rights are given, but the conditions have no castling",
            ));
        }
        let mut given = 0u8;
        for sq in explicit {
            let bit = match sq.index() {
                7 => castle::WK,
                0 => castle::WQ,
                63 => castle::BK,
                56 => castle::BQ,
                _ => return Err(fail(Culprit::Castling(Some(*sq)), format!("no castling right belongs to {sq}"))),
            };
            if rights & bit == 0 {
                return Err(fail(
                    Culprit::Castling(Some(*sq)),
                    format!("castling right with the rook on {sq} contradicts the position (king and rook must be on their home squares)"),
                ));
            }
            given |= bit;
        }
        rights = given;
    }
    pos.set_castling(rights);
    pos.set_side(side);
    pos.set_flags(rules.initial_flags_in(&pos));
    pos.set_wide_slot(rules.initial_wide_slot());
    // Popeye's retro double step: its squares must tell of a piece's move, all empty but the last (Popeye refuses
    // "inconsistent retro information" otherwise).
    // One square alone, empty, is the older convention (YACPDB, older Popeye files): the square the pawn passed,
    // the pawn beyond it (`EnPassant f6` with a black pawn on f5).
    let passed = match opts.en_passant.as_slice() {
        [sq] if !pos.occupied().has(*sq) => Some(*sq),
        _ => None,
    };
    if let (Some(sq), None) = (passed, state.en_passant) {
        let mover = if sq.rank() == 5 { Color::Black } else { Color::White };
        let pawn_sq = sq.offset(0, mover.forward());
        if !(sq.rank() == 2 || sq.rank() == 5)
            || pawn_sq.is_none_or(|s| pos.piece_at(s) != Some(Piece::new(mover, Kind::PAWN)))
        {
            return Err(fail(
                Culprit::EnPassant,
                format!("en passant on {sq} contradicts the position (no pawn just passed it)"),
            ));
        }
    } else if let [first @ .., last] = opts.en_passant.as_slice() {
        if first.iter().any(|s| pos.occupied().has(*s)) || !pos.occupied().has(*last) {
            return Err(fail(
                Culprit::EnPassant,
                "the en-passant squares do not tell of a double step: they must be empty but the last",
            ));
        }
    }
    let ep = match (state.en_passant, opts.en_passant.as_slice()) {
        (Some(sq), _) => Some(sq),
        // The square passed: it counts only when the pawn beyond it is not of the side to move (as below).
        (None, _) if passed.is_some() => passed.filter(|sq| (sq.rank() == 5) == (side == Color::White)),
        // It counts only when the side that made it is not the side to move: with `Duplex`, or in help play, one
        // phase has it and the other not (Popeye's `en_passant_undo_multistep`).
        (None, [a, .., b]) if (b.rank() > a.rank()) == (side == Color::White) => None,
        (None, [a, .., b]) => Some(Square::from_coords((a.file() + b.file()) / 2, (a.rank() + b.rank()) / 2)),
        _ => None,
    };
    // A berolina pawn's retro double step (`EnPassant f7e6d5`): the piece taken en passant stands on the last
    // square, not just beyond the square passed.
    let diagonal = match opts.en_passant.as_slice() {
        [a, .., b] if a.file() != b.file() => Some(*b),
        _ => None,
    };
    if let Some(ep) = ep {
        if !rules.en_passant_exists() {
            return Err(fail(Culprit::EnPassant, "en passant is given, but the conditions have no en passant"));
        }
        let mover = side.opposite();
        let expect_rank = if mover == Color::White { 2 } else { 5 };
        let pawn_sq = ep.offset(0, mover.forward());
        let berolina = |s: Square| {
            pos.piece_at(s).is_some_and(|p| p.color == mover && p.kind.pawn_walk().is_some_and(|w| w.berolina))
        };
        let ok = ep.rank() == expect_rank
            && match diagonal {
                Some(b) => berolina(b),
                None => pawn_sq.is_some_and(|s| pos.piece_at(s) == Some(Piece::new(mover, Kind::PAWN))),
            }
            && !pos.occupied().has(ep);
        if ok {
            pos.set_ep(Some(ep));
            if let Some(b) = diagonal {
                pos.note_diagram_double_step(b);
            }
        } else if state.en_passant.is_some() {
            return Err(fail(
                Culprit::EnPassant,
                format!(
                    "en passant on {ep} contradicts the position (no {} pawn just passed it)",
                    mover.name().to_lowercase()
                ),
            ));
        }
        // Popeye's retro double step of a piece that is no pawn of the side that moved last (a twin's
        // `PolishType`, say) gives no capture en passant; Popeye only asks that its squares be consistent.
    }
    if rules.in_check(&pos, side.opposite()) && !rules.diagram_check_allowed() {
        return Err(fail(Culprit::Position, format!("{}, not to move, is in check", side.opposite().name())));
    }
    Ok(pos)
}
