//! A position: placement, side to move, castling rights, en-passant square and the per-side state some
//! conditions need, with an incremental 64-bit Zobrist key covering all of it. Copy-make: `make` returns a new
//! position. No rules live here beyond the mechanics of making a move.

use crate::attacks::Occupancy;
use crate::moves::{Move, Special};
use crate::pieces::{Kind, Piece, NUM_KINDS};
use crate::square::{Bitboard, Color, Square, NO_SQ};

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const PIECE_CODES: usize = 2 * NUM_KINDS + 1;

const fn piece_keys() -> [[u64; 64]; PIECE_CODES] {
    let mut t = [[0u64; 64]; PIECE_CODES];
    let mut p = 1;
    while p < PIECE_CODES {
        let mut s = 0;
        while s < 64 {
            t[p][s] = splitmix((p * 64 + s) as u64 ^ 0x5719_0000_0000);
            s += 1;
        }
        p += 1;
    }
    t
}

const fn key_list<const N: usize>(salt: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut i = 0;
    while i < N {
        t[i] = splitmix(salt.wrapping_mul(1_000_003) + i as u64);
        i += 1;
    }
    t
}

static PIECE_KEYS: [[u64; 64]; PIECE_CODES] = piece_keys();
const SIDE_KEY: u64 = splitmix(0xB1AC_0000_0001);
static CASTLE_KEYS: [u64; 16] = key_list::<16>(0xCA57);
static EP_KEYS: [u64; 64] = key_list::<64>(0xE9E9);
static FLAG_KEYS: [u64; 8] = key_list::<8>(0xF1A6);

/// Castling-right bits: White king side (rook h1), White queen side (a1), Black king side (h8), Black queen
/// side (a8).
pub mod castle {
    pub const WK: u8 = 1;
    pub const WQ: u8 = 2;
    pub const BK: u8 = 4;
    pub const BQ: u8 = 8;
}

/// A chess position. Small and `Copy`-like (cloned on every move).
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: [u8; 64],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; NUM_KINDS],
    side: Color,
    castling: u8,
    ep: u8,
    flags: u8,
    key: u64,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pieces: Vec<String> = Square::all()
            .filter_map(|s| self.piece_at(s).map(|p| format!("{p:?}{s}")))
            .collect();
        write!(f, "Position[{} to move; {}; castling {:04b}; ep {}; flags {:08b}]", self.side.name(), pieces.join(" "), self.castling, self.ep, self.flags)
    }
}

impl Occupancy for Position {
    #[inline]
    fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    #[inline]
    fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }
    #[inline]
    fn pieces_bb(&self, color: Color, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }
}

impl Position {
    /// An empty board, White to move, no rights.
    pub fn empty() -> Position {
        Position {
            board: [0; 64],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; NUM_KINDS],
            side: Color::White,
            castling: 0,
            ep: NO_SQ,
            flags: 0,
            key: 0,
        }
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// Squares holding pieces of `kind` (both colours).
    #[inline]
    pub fn kind_bb(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The side to move.
    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    /// Castling-right bits (see [`castle`]).
    #[inline]
    pub fn castling(&self) -> u8 {
        self.castling
    }

    /// The en-passant target square, if the last move was a double step.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        (self.ep != NO_SQ).then(|| Square::new(self.ep))
    }

    /// Condition state bits (e.g. Parsi's unused king leaps); part of the key.
    #[inline]
    pub fn flags(&self) -> u8 {
        self.flags
    }

    /// The Zobrist key.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The king of `color` (the lowest-indexed one if there are several), if any.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.pieces_bb(color, Kind::KING).first()
    }

    /// Puts a piece on a square (replacing what stood there).
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.board[sq.index()] = piece.code();
        self.by_color[piece.color.index()].set(sq);
        self.by_kind[piece.kind.index()].set(sq);
        self.key ^= PIECE_KEYS[piece.code() as usize][sq.index()];
    }

    /// Empties a square, returning what stood there.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let p = self.piece_at(sq)?;
        self.board[sq.index()] = 0;
        self.by_color[p.color.index()].clear(sq);
        self.by_kind[p.kind.index()].clear(sq);
        self.key ^= PIECE_KEYS[p.code() as usize][sq.index()];
        Some(p)
    }

    pub fn set_side(&mut self, side: Color) {
        if side != self.side {
            self.side = side;
            self.key ^= SIDE_KEY;
        }
    }

    pub fn set_castling(&mut self, rights: u8) {
        self.key ^= CASTLE_KEYS[self.castling as usize] ^ CASTLE_KEYS[rights as usize & 15];
        self.castling = rights & 15;
    }

    pub fn set_ep(&mut self, sq: Option<Square>) {
        if self.ep != NO_SQ {
            self.key ^= EP_KEYS[self.ep as usize];
        }
        self.ep = sq.map_or(NO_SQ, |s| s.index() as u8);
        if self.ep != NO_SQ {
            self.key ^= EP_KEYS[self.ep as usize];
        }
    }

    pub fn set_flags(&mut self, flags: u8) {
        for (bit, key) in FLAG_KEYS.iter().enumerate() {
            if (flags ^ self.flags) & (1 << bit) != 0 {
                self.key ^= key;
            }
        }
        self.flags = flags;
    }

    /// The key computed from scratch (for tests of the incremental one).
    pub fn key_from_scratch(&self) -> u64 {
        let mut k = 0;
        for sq in Square::all() {
            if let Some(p) = self.piece_at(sq) {
                k ^= PIECE_KEYS[p.code() as usize][sq.index()];
            }
        }
        if self.side == Color::Black {
            k ^= SIDE_KEY;
        }
        k ^= CASTLE_KEYS[self.castling as usize];
        k ^= CASTLE_KEYS[0];
        if self.ep != NO_SQ {
            k ^= EP_KEYS[self.ep as usize];
        }
        for (bit, key) in FLAG_KEYS.iter().enumerate() {
            if self.flags & (1 << bit) != 0 {
                k ^= key;
            }
        }
        k
    }

    /// Makes a move mechanically (no legality test): removes the captured piece, moves the piece (or the king
    /// and rook when castling), promotes, updates castling rights and the en-passant square, passes the turn.
    /// Condition-specific state (flags) is updated by the rules, not here.
    #[inline]
    pub fn make(&self, mv: Move) -> Position {
        let mut p = self.clone();
        p.apply(mv);
        p
    }

    /// [`Position::make`] into a given position (one copy of `self`, no temporaries: the perft and search
    /// loops keep one such slot per ply).
    #[inline]
    pub fn make_into(&self, mv: Move, out: &mut Position) {
        out.clone_from(self);
        out.apply(mv);
    }

    /// The key of the position [`Position::make`] would give (condition flags aside: the rules update those),
    /// without making the move: to fetch a table entry ahead of time.
    #[inline]
    pub fn key_after(&self, mv: Move) -> u64 {
        self.key_after_inner(mv, false)
    }

    /// The key of [`Position::key_after`]'s position after a pass ([`Position::null_move`]): the key series
    /// play looks up.
    #[inline]
    pub fn key_after_and_pass(&self, mv: Move) -> u64 {
        self.key_after_inner(mv, true)
    }

    #[inline]
    fn key_after_inner(&self, mv: Move, pass: bool) -> u64 {
        let code = |sq: Square| self.board[sq.index()] as usize;
        let mut k = if pass { self.key } else { self.key ^ SIDE_KEY };
        if self.ep != NO_SQ {
            k ^= EP_KEYS[self.ep as usize];
        }
        if let Some(cap) = mv.capture() {
            k ^= PIECE_KEYS[code(cap)][cap.index()];
        }
        let moved = code(mv.from);
        k ^= PIECE_KEYS[moved][mv.from.index()];
        let placed = match (mv.promotion(), Piece::from_code(moved as u8)) {
            (Some(kind), Some(p)) => Piece::new(p.color, kind).code() as usize,
            _ => moved,
        };
        if mv.capture() != Some(mv.to) {
            k ^= PIECE_KEYS[code(mv.to)][mv.to.index()];
        }
        k ^= PIECE_KEYS[placed][mv.to.index()];
        match mv.special {
            Special::CastleShort | Special::CastleLong => {
                let (rf, rt) = castling_rook(mv);
                k ^= PIECE_KEYS[code(rf)][rf.index()] ^ PIECE_KEYS[code(rf)][rt.index()];
            }
            Special::DoubleStep if !pass => k ^= EP_KEYS[double_step_middle(mv).index()],
            _ => {}
        }
        if self.castling != 0 {
            k ^= CASTLE_KEYS[self.castling as usize] ^ CASTLE_KEYS[self.castling_after(mv) as usize];
        }
        k
    }

    /// The castling rights left after `mv`: a king or rook that moves or is taken loses its own.
    #[inline]
    fn castling_after(&self, mv: Move) -> u8 {
        let mut rights = self.castling;
        for sq in [mv.from, mv.to] {
            rights &= !castle_mask(sq);
        }
        if let Some(c) = mv.capture() {
            rights &= !castle_mask(c);
        }
        rights
    }

    /// The mechanics of [`Position::make`], in place.
    fn apply(&mut self, mv: Move) {
        let p = self;
        let mover = p.side;
        p.set_ep(None);
        if let Some(cap) = mv.capture() {
            p.remove(cap);
        }
        let piece = p.remove(mv.from).expect("a move starts on an occupied square");
        let placed = match mv.promotion() {
            Some(kind) => Piece::new(piece.color, kind),
            None => piece,
        };
        p.put(mv.to, placed);
        match mv.special {
            Special::CastleShort | Special::CastleLong => {
                let (rf, rt) = castling_rook(mv);
                if let Some(rook) = p.remove(rf) {
                    p.put(rt, rook);
                }
            }
            Special::DoubleStep => p.set_ep(Some(double_step_middle(mv))),
            _ => {}
        }
        if p.castling != 0 {
            let rights = p.castling_after(mv);
            p.set_castling(rights);
        }
        p.set_side(mover.opposite());
    }

    /// The key of [`Position::null_move`], without making it.
    #[inline]
    pub fn null_move_key(&self) -> u64 {
        let ep = if self.ep != NO_SQ { EP_KEYS[self.ep as usize] } else { 0 };
        self.key ^ SIDE_KEY ^ ep
    }

    /// Passes the turn without moving (for set play and tests).
    pub fn null_move(&self) -> Position {
        let mut p = self.clone();
        p.set_ep(None);
        p.set_side(self.side.opposite());
        p
    }

    /// Number of pieces of a colour.
    pub fn count(&self, color: Color) -> u32 {
        self.by_color[color.index()].count()
    }

    /// Every piece with its square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().filter_map(move |s| self.piece_at(s).map(|p| (s, p)))
    }
}

/// The rook's from and to squares of a castling move.
#[inline]
fn castling_rook(mv: Move) -> (Square, Square) {
    let rank = mv.from.rank();
    let (rf, rt) = if mv.special == Special::CastleShort { (7, 5) } else { (0, 3) };
    (Square::from_coords(rf, rank), Square::from_coords(rt, rank))
}

/// The square a pawn's double step passes (its en-passant square).
#[inline]
fn double_step_middle(mv: Move) -> Square {
    Square::from_coords(mv.from.file(), (mv.from.rank() + mv.to.rank()) / 2)
}

/// The castling rights a move from or to this square removes.
#[inline]
fn castle_mask(sq: Square) -> u8 {
    match sq.index() {
        4 => castle::WK | castle::WQ,
        7 => castle::WK,
        0 => castle::WQ,
        60 => castle::BK | castle::BQ,
        63 => castle::BK,
        56 => castle::BQ,
        _ => 0,
    }
}
