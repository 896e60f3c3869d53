//! A position: placement, side to move, castling rights, en-passant square and the per-side state some
//! conditions need, with an incremental 64-bit Zobrist key covering all of it. Copy-make: `make` returns a new
//! position. No rules live here beyond the mechanics of making a move.
//!
//! Layout (no mailbox): a bitboard per colour, one per orthodox kind, and the fairy kinds in binary over a few
//! bit planes (a fairy piece's square is set in the planes of the bits of its number among the fairy kinds,
//! counted from 1), so that the position's size grows with the logarithm of the registry's kind count, not
//! with the count: 160 bytes with eight planes, the attributes' bitboard and the conditions' wide state (152 with
//! seven planes, 128 before the last two, copied inline; one bitboard per kind and a mailbox made it 304 bytes,
//! and the library call copying it the largest cost of perft).

use crate::attacks::Occupancy;
use crate::moves::{Move, Special};
use crate::pieces::{Attrs, Kind, Piece, NUM_KINDS};
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
static MARK_KEYS: [u64; 64] = key_list::<64>(0xA77B);
/// Added to a marked piece's mark key when it is neutral: a half-neutral piece, neutral or of one colour, is
/// keyed as White's piece either way.
static NEUTRAL_KEYS: [u64; 64] = key_list::<64>(0x4E75);
static SLOT_KEYS: [[u64; 256]; STATE_SLOTS] = [key_list::<256>(0x5107), key_list::<256>(0x5108)];

/// The number of the conditions' state slots in a position ([`Position::slot`]).
pub const STATE_SLOTS: usize = 2;

/// The key of the wide state holding `value` (none for the empty state 0).
#[inline]
fn wide_key(value: u64) -> u64 {
    if value == 0 {
        0
    } else {
        splitmix(value ^ 0x71DE_5107_0000_0000)
    }
}

/// The bit of [`Position`]'s castling byte that says Black is to move.
const SIDE_BIT: u8 = 16;

/// The key of state slot `i` holding `value` (none for the empty state 0).
#[inline]
fn slot_key(i: usize, value: u8) -> u64 {
    if value == 0 {
        0
    } else {
        SLOT_KEYS[i][value as usize]
    }
}

/// Castling-right bits: White king side (rook h1), White queen side (a1), Black king side (h8), Black queen
/// side (a8).
pub mod castle {
    pub const WK: u8 = 1;
    pub const WQ: u8 = 2;
    pub const BK: u8 = 4;
    pub const BQ: u8 = 8;
}

/// Bit planes numbering the fairy kinds from 1: enough bits for `NUM_KINDS - 6`.
const FAIRY_PLANES: usize = (usize::BITS - (NUM_KINDS - 6).leading_zeros()) as usize;

/// A fairy kind's number in the planes (1 for the first fairy kind of the registry).
#[inline]
const fn fairy_number(kind: Kind) -> usize {
    kind.index() - 5
}

/// A chess position. Small and `Copy`-like (cloned on every move).
#[derive(Clone)]
pub struct Position {
    by_color: [Bitboard; 2],
    /// The squares of each orthodox kind, by kind index.
    by_kind: [Bitboard; 6],
    /// Fairy pieces: plane `i` holds the squares of the pieces whose [`fairy_number`] has bit `i` set.
    planes: [Bitboard; FAIRY_PLANES],
    /// The pieces that have the problem's piece attributes ([`Position::marks`]): empty in most problems. A
    /// marked piece's mark moves with it and goes with it when it is taken.
    marked: Bitboard,
    /// The attributes every marked piece has (a problem gives one set of attributes to all its attributed
    /// pieces: `setup` refuses others); the same in every position of a problem.
    /// Stored in one byte ([`Position::pack_marks`]): the position stays within its size.
    marks: u8,
    /// The castling-right bits (see [`castle`]) and, in [`SIDE_BIT`], Black to move: one byte, so that the
    /// conditions' state slots fit beside the flags.
    castling: u8,
    ep: u8,
    flags: u8,
    /// The conditions' state slots ([`Position::slot`]): zero in every problem without a condition that keeps
    /// state there.
    slots: [u8; STATE_SLOTS],
    /// A condition's wide state ([`Position::wide_slot`]): zero in every problem without a condition that keeps
    /// state there.
    wide: u64,
    /// What the move that led here was, for the goals that judge the last move (`x`, `00`, `zd5`): no part of
    /// the position's identity (equality and key leave it out).
    last: LastMove,
    key: u64,
}

/// The last move as the goals of a move read it: the square the moving piece arrived on and what kind of move
/// it was ([`Position::last_move`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastMove {
    /// The arrival square's index, [`NO_SQ`] before any move.
    to: u8,
    how: u8,
}

impl LastMove {
    const MOVED: u8 = 1;
    const CAPTURE: u8 = 2;
    const EN_PASSANT: u8 = 4;
    const CASTLING: u8 = 8;
    const REBORN: u8 = 16;
    const GONE: u8 = 32;

    #[inline(always)]
    fn of(mv: Move) -> LastMove {
        let how = Self::MOVED
            | if mv.capture().is_some() { Self::CAPTURE } else { 0 }
            | match mv.special {
                Special::EnPassant => Self::EN_PASSANT,
                Special::CastleShort | Special::CastleLong => Self::CASTLING,
                _ => 0,
            };
        LastMove { to: mv.to.index() as u8, how }
    }

    /// The square the moving piece arrived on (the king's, castling), if a move was made and the piece is still
    /// on the board (a kamikaze capturer is not: Popeye's goals follow the moving piece).
    pub fn arrival(self) -> Option<Square> {
        (self.how & (Self::MOVED | Self::GONE) == Self::MOVED).then(|| Square::new(self.to))
    }

    /// Whether a move was made.
    pub fn moved(self) -> bool {
        self.how & Self::MOVED != 0
    }

    /// Whether the move captured (en passant too).
    pub fn captured(self) -> bool {
        self.how & Self::CAPTURE != 0
    }

    pub fn en_passant(self) -> bool {
        self.how & Self::EN_PASSANT != 0
    }

    pub fn castled(self) -> bool {
        self.how & Self::CASTLING != 0
    }

    /// Whether the captured piece was reborn (a Circe rebirth: no material won, Popeye's
    /// `circe_steingewinn_filter`).
    pub fn reborn(self) -> bool {
        self.how & Self::REBORN != 0
    }
}

impl PartialEq for Position {
    /// The same pieces, side, rights, en-passant square and condition flags, however reached.
    fn eq(&self, o: &Position) -> bool {
        self.by_color == o.by_color
            && self.by_kind == o.by_kind
            && self.planes == o.planes
            && self.marked == o.marked
            && self.marks == o.marks
            && self.castling == o.castling
            && self.ep == o.ep
            && self.flags == o.flags
            && self.slots == o.slots
            && self.wide == o.wide
            && self.key == o.key
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pieces: Vec<String> = Square::all()
            .filter_map(|s| {
                self.piece_at(s).map(|p| format!("{}{p:?}{s}", self.attrs_at(s).prefix_in(crate::words::Lang::English)))
            })
            .collect();
        write!(
            f,
            "Position[{} to move; {}; castling {:04b}; ep {}; flags {:08b}; slots {:?}; wide {:#x}]",
            self.side().name(),
            pieces.join(" "),
            self.castling(),
            self.ep,
            self.flags,
            self.slots,
            self.wide
        )
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
        self.kind_bb(kind) & self.by_color[color.index()]
    }
}

impl Position {
    /// An empty board, White to move, no rights.
    pub fn empty() -> Position {
        Position {
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 6],
            planes: [Bitboard::EMPTY; FAIRY_PLANES],
            marked: Bitboard::EMPTY,
            marks: 0,
            castling: 0,
            ep: NO_SQ,
            flags: 0,
            slots: [0; STATE_SLOTS],
            wide: 0,
            last: LastMove::default(),
            key: 0,
        }
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[0].has(sq) {
            Color::White
        } else if self.by_color[1].has(sq) {
            Color::Black
        } else {
            return None;
        };
        Some(Piece::new(color, self.kind_on(sq)))
    }

    /// The kind of the piece on an occupied square (a fairy kind's number read off empty planes on an empty
    /// one: ask [`Position::piece_at`] there).
    #[inline]
    pub(crate) fn kind_on(&self, sq: Square) -> Kind {
        // Pawns first: the commonest.
        for k in [Kind::PAWN, Kind::KNIGHT, Kind::BISHOP, Kind::ROOK, Kind::QUEEN, Kind::KING] {
            if self.by_kind[k.index()].has(sq) {
                return k;
            }
        }
        self.fairy_kind_on(sq)
    }

    /// [`Position::kind_on`] for a fairy piece: read off the planes, apart so that the orthodox test stays small
    /// enough to be inlined wherever a piece is looked up (with eight planes inline, `piece_at` was not: +2.8 %
    /// instructions on an orthodox direct mate).
    #[inline(never)]
    fn fairy_kind_on(&self, sq: Square) -> Kind {
        let mut n = 0;
        for (i, plane) in self.planes.iter().enumerate() {
            n |= (plane.has(sq) as usize) << i;
        }
        Kind((n + 5) as u8)
    }

    /// Squares holding pieces of `kind` (both colours).
    #[inline]
    pub fn kind_bb(&self, kind: Kind) -> Bitboard {
        if kind.index() < 6 {
            return self.by_kind[kind.index()];
        }
        let n = fairy_number(kind);
        let mut bb = Bitboard(!0);
        for (i, &plane) in self.planes.iter().enumerate() {
            bb &= if n >> i & 1 != 0 { plane } else { !plane };
        }
        bb
    }

    /// The side to move.
    #[inline]
    pub fn side(&self) -> Color {
        if self.castling & SIDE_BIT != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Castling-right bits (see [`castle`]).
    #[inline]
    pub fn castling(&self) -> u8 {
        self.castling & 15
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

    /// The king of `color` (the lowest-indexed one if there are several), if any: its royal piece, a king or a
    /// piece with the royal attribute.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.royal_bb(color).first()
    }

    /// The royal pieces of `color`: its kings and its pieces with the royal attribute.
    #[inline]
    pub fn royal_bb(&self, color: Color) -> Bitboard {
        let royal = if self.marks & Attrs::ROYAL.0 as u8 != 0 { self.marked } else { Bitboard::EMPTY };
        (self.by_kind[Kind::KING.index()] | royal) & self.by_color[color.index()]
    }

    /// The squares of the pieces with attributes ([`Position::marks`]).
    #[inline]
    pub fn marked(&self) -> Bitboard {
        self.marked
    }

    /// The attributes of every marked piece ([`Position::marked`]).
    #[inline]
    pub fn marks(&self) -> Attrs {
        Self::unpack_marks(self.marks)
    }

    /// The marks in a byte: the attributes' bits, [`Attrs::MAGIC`] (no bit of a byte) written as
    /// [`Attrs::NEUTRAL`] with [`Attrs::HALF_NEUTRAL`], which marks never hold together (a half-neutral piece's
    /// neutrality is the colours'), and [`Attrs::UNCAPTURABLE`] (no bit of a byte either) as
    /// [`Attrs::VOLAGE_SPENT`] with [`Attrs::HALF_NEUTRAL`], which never meet (Volage's mark is alone): an
    /// uncapturable piece's marks hold neither of those two, nor magic.
    const fn pack_marks(a: Attrs) -> u8 {
        const MAGIC_BYTE: u8 = (Attrs::NEUTRAL.0 | Attrs::HALF_NEUTRAL.0) as u8;
        const UNCAPTURABLE_BYTE: u8 = (Attrs::VOLAGE_SPENT.0 | Attrs::HALF_NEUTRAL.0) as u8;
        if a.0 & Attrs::UNCAPTURABLE.0 != 0 {
            (a.0 as u8 & !UNCAPTURABLE_BYTE) | UNCAPTURABLE_BYTE
        } else if a.0 & Attrs::MAGIC.0 != 0 {
            a.0 as u8 | MAGIC_BYTE
        } else {
            a.0 as u8
        }
    }

    /// The inverse of [`Position::pack_marks`].
    const fn unpack_marks(b: u8) -> Attrs {
        const MAGIC_BYTE: u8 = (Attrs::NEUTRAL.0 | Attrs::HALF_NEUTRAL.0) as u8;
        const UNCAPTURABLE_BYTE: u8 = (Attrs::VOLAGE_SPENT.0 | Attrs::HALF_NEUTRAL.0) as u8;
        if b & UNCAPTURABLE_BYTE == UNCAPTURABLE_BYTE {
            Attrs((b & !UNCAPTURABLE_BYTE) as u16 | Attrs::UNCAPTURABLE.0)
        } else if b & MAGIC_BYTE == MAGIC_BYTE {
            Attrs((b & !MAGIC_BYTE) as u16 | Attrs::MAGIC.0)
        } else {
            Attrs(b as u16)
        }
    }

    /// The attributes of the piece on `sq` (none on an empty square).
    #[inline]
    pub fn attrs_at(&self, sq: Square) -> Attrs {
        if self.marked.has(sq) {
            // A half-neutral piece is neutral while it stands in both colours.
            if self.neutral_bb().has(sq) {
                self.marks().union(Attrs::NEUTRAL)
            } else {
                self.marks()
            }
        } else {
            Attrs::NONE
        }
    }

    /// The key of the mark of the piece on `sq`, marked: its neutrality too.
    #[inline]
    fn mark_key(&self, sq: Square) -> u64 {
        MARK_KEYS[sq.index()] ^ if self.neutral_bb().has(sq) { NEUTRAL_KEYS[sq.index()] } else { 0 }
    }

    /// Gives the piece on `sq` the attributes `attrs` ([`Attrs::NONE`]: none). A position's attributed pieces all
    /// have the same attributes: false (nothing changed) when `attrs` differ from those of the others.
    pub fn set_attrs(&mut self, sq: Square, attrs: Attrs) -> bool {
        if self.marked.has(sq) {
            self.marked.clear(sq);
            self.key ^= self.mark_key(sq);
            // A neutral piece that loses its attribute stays White's (the colour it is keyed as).
            if self.neutral_bb().has(sq) {
                self.by_color[Color::Black.index()].clear(sq);
            }
        }
        let Some(piece) = self.piece_at(sq) else { return true };
        if attrs.is_empty() {
            return true;
        }
        // Half-neutral pieces share their marks, neutral or not: the position's colours tell which are neutral.
        let marks = if attrs.has(Attrs::HALF_NEUTRAL) { Attrs(attrs.0 & !Attrs::NEUTRAL.0) } else { attrs };
        if self.marks != 0 && self.marked.non_empty() && self.marks() != marks {
            return false;
        }
        if attrs.has(Attrs::NEUTRAL) {
            // A neutral piece stands in both colours' bitboards and is keyed as White's (what `piece_at` tells).
            self.remove(sq);
            self.place(sq, Piece::new(Color::White, piece.kind));
            self.by_color[Color::Black.index()].set(sq);
        }
        self.marks = Self::pack_marks(marks);
        self.marked.set(sq);
        self.key ^= self.mark_key(sq);
        true
    }

    /// The neutral pieces: those of both colours ([`Attrs::NEUTRAL`]); empty in most problems.
    #[inline]
    pub fn neutral_bb(&self) -> Bitboard {
        self.by_color[0] & self.by_color[1]
    }

    /// Puts a piece on a square (replacing what stood there).
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.place(sq, piece);
    }

    /// Puts a piece on an empty square.
    #[inline]
    fn place(&mut self, sq: Square, piece: Piece) {
        self.by_color[piece.color.index()].set(sq);
        if piece.kind.index() < 6 {
            self.by_kind[piece.kind.index()].set(sq);
        } else {
            let n = fairy_number(piece.kind);
            for (i, plane) in self.planes.iter_mut().enumerate() {
                if n >> i & 1 != 0 {
                    plane.set(sq);
                }
            }
        }
        self.key ^= PIECE_KEYS[piece.code() as usize][sq.index()];
    }

    /// Empties a square, returning what stood there.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let p = self.piece_at(sq)?;
        self.lift(sq, p);
        Some(p)
    }

    /// Takes `p`, which stands on `sq`, off the board (its mark too).
    #[inline]
    fn lift(&mut self, sq: Square, p: Piece) {
        if self.marked.has(sq) {
            self.marked.clear(sq);
            self.key ^= self.mark_key(sq);
            // A neutral piece stands in both colours.
            self.by_color[p.color.opposite().index()].clear(sq);
        }
        self.by_color[p.color.index()].clear(sq);
        self.clear_kind(sq, p.kind);
        self.key ^= PIECE_KEYS[p.code() as usize][sq.index()];
    }

    pub fn set_side(&mut self, side: Color) {
        if side != self.side() {
            self.castling ^= SIDE_BIT;
            self.key ^= SIDE_KEY;
        }
    }

    pub fn set_castling(&mut self, rights: u8) {
        self.key ^= CASTLE_KEYS[self.castling() as usize] ^ CASTLE_KEYS[rights as usize & 15];
        self.castling = (self.castling & SIDE_BIT) | (rights & 15);
    }

    /// A condition's state slot `i` ([`STATE_SLOTS`] of them, one byte each; 0 is the empty state): state a
    /// condition carries from move to move beyond the flag bits (Parrain Circe's capture waiting for its rebirth).
    /// Part of equality and of the key; a move copies it, and only the conditions change it
    /// ([`Position::set_slot`], from their `after_move`).
    #[inline]
    pub fn slot(&self, i: usize) -> u8 {
        self.slots[i]
    }

    /// Sets the state slot `i` ([`Position::slot`]), keeping the key.
    pub fn set_slot(&mut self, i: usize, value: u8) {
        self.key ^= slot_key(i, self.slots[i]) ^ slot_key(i, value);
        self.slots[i] = value;
    }

    /// A condition's wide state: 64 bits a condition carries from move to move when a slot byte is too small (a
    /// set of squares, as Haaner chess's holes or the imitators; numbers, as BGL's two budgets). 0 is the empty
    /// state. At most one condition of a problem keeps state here (the registry refuses two together). Part of
    /// equality and of the key; a move copies it, and only the conditions change it ([`Position::set_wide_slot`]).
    #[inline]
    pub fn wide_slot(&self) -> u64 {
        self.wide
    }

    /// Sets the wide state ([`Position::wide_slot`]), keeping the key.
    pub fn set_wide_slot(&mut self, value: u64) {
        self.key ^= wide_key(self.wide) ^ wide_key(value);
        self.wide = value;
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
        if self.side() == Color::Black {
            k ^= SIDE_KEY;
        }
        k ^= CASTLE_KEYS[self.castling() as usize];
        k ^= CASTLE_KEYS[0];
        if self.ep != NO_SQ {
            k ^= EP_KEYS[self.ep as usize];
        }
        for (bit, key) in FLAG_KEYS.iter().enumerate() {
            if self.flags & (1 << bit) != 0 {
                k ^= key;
            }
        }
        for sq in self.marked {
            k ^= self.mark_key(sq);
        }
        for (i, &v) in self.slots.iter().enumerate() {
            k ^= slot_key(i, v);
        }
        k ^ wide_key(self.wide)
    }

    /// Makes a move mechanically (no legality test): removes the captured piece, moves the piece (or the king
    /// and rook when castling), promotes, updates castling rights and the en-passant square, passes the turn.
    /// Condition-specific state (flags) is updated by the rules, not here.
    #[inline]
    pub fn make(&self, mv: Move) -> Position {
        let mut p = self.clone();
        p.apply(self, mv);
        p
    }

    /// [`Position::make`] into a given position (one copy of `self`, no temporaries: the perft and search
    /// loops keep one such slot per ply).
    #[inline]
    pub fn make_into(&self, mv: Move, out: &mut Position) {
        out.clone_from(self);
        out.apply(self, mv);
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
        let code = |sq: Square| self.piece_at(sq).map_or(0, |p| p.code() as usize);
        let mut k = if pass { self.key } else { self.key ^ SIDE_KEY };
        if self.ep != NO_SQ {
            k ^= EP_KEYS[self.ep as usize];
        }
        if let Some(cap) = mv.capture() {
            k ^= PIECE_KEYS[code(cap)][cap.index()];
        }
        let moved = code(mv.from);
        k ^= PIECE_KEYS[moved][mv.from.index()];
        let placed = match (mv.promotion(), Piece::from_code(moved as u16)) {
            (Some(kind), Some(p)) => Piece::new(p.color, kind).code() as usize,
            _ => moved,
        };
        if mv.capture() != Some(mv.to) {
            k ^= PIECE_KEYS[code(mv.to)][mv.to.index()];
        }
        k ^= PIECE_KEYS[placed][mv.to.index()];
        if mv.special == Special::Exchange {
            // The partner goes to the square the mover left.
            k ^= PIECE_KEYS[code(mv.to)][mv.from.index()];
        }
        match mv.special {
            Special::CastleShort | Special::CastleLong => {
                let (rf, rt) = castling_rook(mv);
                k ^= PIECE_KEYS[code(rf)][rf.index()] ^ PIECE_KEYS[code(rf)][rt.index()];
            }
            Special::DoubleStep if !pass => k ^= EP_KEYS[double_step_middle(mv).index()],
            _ => {}
        }
        if self.castling() != 0 {
            k ^= CASTLE_KEYS[self.castling() as usize] ^ CASTLE_KEYS[self.castling_after(mv) as usize];
        }
        if self.marked.non_empty() {
            k ^= self.marks_key_change(mv);
        }
        k
    }

    /// What `mv` changes in the key's part of the marks: a marked piece taken loses its mark, a marked piece
    /// moved (a castling rook too) takes it along.
    fn marks_key_change(&self, mv: Move) -> u64 {
        let mut k = 0;
        // A mark taken from `from` to `to` (the same square: taken off), neutral as the piece on `from` is.
        let mut flip = |from: Square, to: Square| {
            let neutral =
                if self.neutral_bb().has(from) { NEUTRAL_KEYS[from.index()] ^ NEUTRAL_KEYS[to.index()] } else { 0 };
            k ^= MARK_KEYS[from.index()] ^ MARK_KEYS[to.index()] ^ neutral;
        };
        let mut off = 0;
        if let Some(cap) = mv.capture() {
            if self.marked.has(cap) {
                off ^= self.mark_key(cap);
            }
        }
        if mv.capture() != Some(mv.to) && mv.to != mv.from && self.marked.has(mv.to) {
            off ^= self.mark_key(mv.to);
        }
        if self.marked.has(mv.from) {
            flip(mv.from, mv.to);
        }
        if let Special::CastleShort | Special::CastleLong = mv.special {
            let (rf, rt) = castling_rook(mv);
            if self.marked.has(rf) {
                flip(rf, rt);
            }
        }
        k ^ off
    }

    /// The castling rights left after `mv`: a king or rook that moves or is taken loses its own.
    #[inline]
    fn castling_after(&self, mv: Move) -> u8 {
        // The corner and king squares: a move touching none of them (most) keeps the rights without a lookup.
        const CASTLE_SQUARES: u64 = 0x91 | 0x91 << 56;
        let touched = mv.from.bb() | mv.to.bb() | mv.capture().map_or(Bitboard::EMPTY, Square::bb);
        let rights = self.castling & 15;
        if rights == 0 || touched.0 & CASTLE_SQUARES == 0 {
            return rights;
        }
        let mut lost = CASTLE_MASKS[mv.from.index()] | CASTLE_MASKS[mv.to.index()];
        if let Some(c) = mv.capture() {
            lost |= CASTLE_MASKS[c.index()];
        }
        rights & !lost
    }

    /// The mechanics of [`Position::make`] on `self`, a copy of `src` just made: what stands where and the
    /// state are read from `src` (not from the copy being written, which would wait for the copy's stores).
    #[inline(always)]
    fn apply(&mut self, src: &Position, mv: Move) {
        self.last = LastMove::of(mv);
        let mut key = src.key ^ SIDE_KEY;
        if src.ep != NO_SQ {
            key ^= EP_KEYS[src.ep as usize];
        }
        self.ep = NO_SQ;
        let rights = src.castling_after(mv);
        if rights != src.castling & 15 {
            key ^= CASTLE_KEYS[(src.castling & 15) as usize] ^ CASTLE_KEYS[rights as usize];
        }
        // The side bit flipped: the other side to move.
        self.castling = rights | ((src.castling & SIDE_BIT) ^ SIDE_BIT);
        let capture = mv.capture();
        let from = mv.from;
        // The common move: an orthodox piece from one square to another (a pawn's double step too), perhaps
        // taking there.
        if let (Special::None | Special::DoubleStep, None, Some(kind)) = (mv.special, mv.promotion(), mv.moved_kind()) {
            let color = if src.by_color[0].has(from) { Color::White } else { Color::Black };
            if kind.index() < 6
                && (src.marked & (from.bb() | mv.to.bb())).is_empty()
                && src.by_kind[kind.index()].has(from)
                && (capture.is_none() || capture == Some(mv.to))
                && !src.by_color[color.index()].has(mv.to)
            {
                let (to, both) = (mv.to.bb(), from.bb() | mv.to.bb());
                // Every bitboard written is computed from `src`'s: a read of the copy just stored would wait for
                // the store (half of a wide store does not reach a narrow load on every processor).
                self.by_color[color.index()] = src.by_color[color.index()] ^ both;
                self.by_kind[kind.index()] = src.by_kind[kind.index()] ^ both;
                // The piece taken, if any: the other colour's.
                let other = color.opposite();
                if src.occupied().has(mv.to) {
                    let taken = Piece::new(other, src.kind_on(mv.to));
                    self.by_color[other.index()] = src.by_color[other.index()] & !to;
                    if taken.kind == kind {
                        self.by_kind[kind.index()] = src.by_kind[kind.index()] ^ from.bb();
                    } else if taken.kind.index() < 6 {
                        self.by_kind[taken.kind.index()] = src.by_kind[taken.kind.index()] & !to;
                    } else {
                        for (plane, &was) in self.planes.iter_mut().zip(&src.planes) {
                            *plane = was & !to;
                        }
                    }
                    key ^= PIECE_KEYS[taken.code() as usize][mv.to.index()];
                }
                let keys = &PIECE_KEYS[Piece::new(color, kind).code() as usize];
                key ^= keys[from.index()] ^ keys[mv.to.index()];
                if mv.special == Special::DoubleStep {
                    let middle = double_step_middle(mv);
                    self.ep = middle.index() as u8;
                    key ^= EP_KEYS[middle.index()];
                }
                self.key = key;
                return;
            }
        }
        self.key = key;
        self.apply_other(src, mv);
    }

    /// Takes the kind bits of a piece of `kind` on `sq` off (its colour's bit is cleared apart).
    #[inline(always)]
    fn clear_kind(&mut self, sq: Square, kind: Kind) {
        if kind.index() < 6 {
            self.by_kind[kind.index()].clear(sq);
        } else {
            for plane in &mut self.planes {
                plane.clear(sq);
            }
        }
    }

    /// [`Position::apply`] of the moves its common case leaves: castling, en passant, promotions, fairy pieces,
    /// the conditions' own moves (the side, rights, en-passant square and key's state part already done).
    #[inline(never)]
    fn apply_other(&mut self, src: &Position, mv: Move) {
        if src.marked.is_empty() && self.apply_promotion_or_castling(src, mv) {
            return;
        }
        let capture = mv.capture();
        if let Some(cap) = capture {
            if let Some(taken) = src.piece_at(cap) {
                self.lift(cap, taken);
            }
        }
        let piece = src.piece_at(mv.from).expect("a move starts on an occupied square");
        let marked = src.marked.has(mv.from);
        self.lift(mv.from, piece);
        let placed = match mv.promotion() {
            Some(kind) => Piece::new(piece.color, kind),
            None => piece,
        };
        // A move back to its own square (Take&Make's `Qd4*d7-d4`) found the square just emptied.
        if capture != Some(mv.to) && mv.to != mv.from {
            if let Some(old) = src.piece_at(mv.to) {
                self.lift(mv.to, old);
            }
        }
        self.place(mv.to, placed);
        // Messigny's exchange: the partner takes the square the mover left.
        if mv.special == Special::Exchange {
            if let Some(partner) = src.piece_at(mv.to) {
                self.place(mv.from, partner);
            }
        }
        if marked {
            self.marked.set(mv.to);
            if src.neutral_bb().has(mv.from) {
                self.by_color[Color::Black.index()].set(mv.to);
            }
            self.key ^= self.mark_key(mv.to);
        }
        match mv.special {
            Special::CastleShort | Special::CastleLong => {
                let (rf, rt) = castling_rook(mv);
                if let Some(rook) = src.piece_at(rf) {
                    let marked = src.marked.has(rf);
                    self.lift(rf, rook);
                    self.put(rt, rook);
                    if marked {
                        self.marked.set(rt);
                        if src.neutral_bb().has(rf) {
                            self.by_color[Color::Black.index()].set(rt);
                        }
                        self.key ^= self.mark_key(rt);
                    }
                }
            }
            Special::DoubleStep => {
                let middle = double_step_middle(mv);
                self.ep = middle.index() as u8;
                self.key ^= EP_KEYS[middle.index()];
            }
            _ => {}
        }
    }

    /// An orthodox pawn's promotion to an orthodox kind, or castling with the king and rook on their squares, made
    /// as the common move is: every bitboard written computed from `src`'s. False (nothing written) for other
    /// moves.
    #[inline(always)]
    fn apply_promotion_or_castling(&mut self, src: &Position, mv: Move) -> bool {
        let (from, to) = (mv.from, mv.to);
        let color = if src.by_color[0].has(from) { Color::White } else { Color::Black };
        let (c, o) = (color.index(), color.opposite().index());
        match (mv.special, mv.promotion()) {
            (Special::None, Some(promoted)) => {
                let pawn = Kind::PAWN.index();
                if promoted.index() >= 6
                    || promoted == Kind::PAWN
                    || !(src.by_kind[pawn] & src.by_color[c]).has(from)
                    || mv.capture().is_some_and(|cap| cap != to)
                    || src.by_color[c].has(to)
                {
                    return false;
                }
                let mut key = self.key;
                let mut pawns = src.by_kind[pawn] & !from.bb();
                if src.by_color[o].has(to) {
                    let taken = src.kind_on(to);
                    self.by_color[o] = src.by_color[o] & !to.bb();
                    if taken == Kind::PAWN {
                        pawns &= !to.bb();
                    } else if taken.index() < 6 && taken != promoted {
                        self.by_kind[taken.index()] = src.by_kind[taken.index()] & !to.bb();
                    } else if taken.index() >= 6 {
                        for (plane, &was) in self.planes.iter_mut().zip(&src.planes) {
                            *plane = was & !to.bb();
                        }
                    }
                    key ^= PIECE_KEYS[Piece::new(color.opposite(), taken).code() as usize][to.index()];
                }
                self.by_color[c] = src.by_color[c] ^ from.bb() ^ to.bb();
                self.by_kind[pawn] = pawns;
                self.by_kind[promoted.index()] = src.by_kind[promoted.index()] | to.bb();
                key ^= PIECE_KEYS[Piece::new(color, Kind::PAWN).code() as usize][from.index()];
                key ^= PIECE_KEYS[Piece::new(color, promoted).code() as usize][to.index()];
                self.key = key;
                true
            }
            (Special::CastleShort | Special::CastleLong, None) => {
                let (rook_from, rook_to) = castling_rook(mv);
                let (king, rook) = (Kind::KING.index(), Kind::ROOK.index());
                if !(src.by_kind[king] & src.by_color[c]).has(from)
                    || !(src.by_kind[rook] & src.by_color[c]).has(rook_from)
                    || (src.occupied() & (to.bb() | rook_to.bb()) & !from.bb() & !rook_from.bb()).non_empty()
                {
                    return false;
                }
                let (king_move, rook_move) = (from.bb() ^ to.bb(), rook_from.bb() ^ rook_to.bb());
                self.by_color[c] = src.by_color[c] ^ king_move ^ rook_move;
                self.by_kind[king] = src.by_kind[king] ^ king_move;
                self.by_kind[rook] = src.by_kind[rook] ^ rook_move;
                let kings = &PIECE_KEYS[Piece::new(color, Kind::KING).code() as usize];
                let rooks = &PIECE_KEYS[Piece::new(color, Kind::ROOK).code() as usize];
                self.key ^= kings[from.index()] ^ kings[to.index()] ^ rooks[rook_from.index()] ^ rooks[rook_to.index()];
                true
            }
            _ => false,
        }
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
        p.set_side(self.side().opposite());
        p
    }

    /// Passes the turn in series play: the opponent makes no move, so a double step just made stays the last
    /// move and its en-passant square is kept (under Madrasi the pawn is still observed en passant, and paralysed,
    /// when its side moves again, as in Popeye: `ser-=4`, Madrasi, White Kc4 Pc2, Black Pb4: `1.Kc4-b3 2.c2-c4 3.c4-c5` is no line). The side
    /// to move then has no capture en passant of its own (none of its pawns stands behind the square).
    pub fn series_pass(&self) -> Position {
        let mut p = self.clone();
        p.set_side(self.side().opposite());
        p
    }

    /// The move that led to this position, as the goals of a move read it.
    #[inline]
    pub fn last_move(&self) -> LastMove {
        self.last
    }

    /// Notes that the piece the last move moved now stands on `sq` (a rule moved it on: Anti-Circe's rebirth of
    /// the capturer), which the goals of the move (`zd5`) read as its arrival.
    pub fn relocate_last_arrival(&mut self, sq: Square) {
        self.last.to = sq.index() as u8;
    }

    /// Notes that the piece the last move moved left the board with it (a kamikaze capturer): it arrived nowhere
    /// ([`LastMove::arrival`]).
    pub fn note_last_mover_gone(&mut self) {
        self.last.how |= LastMove::GONE;
    }

    /// Notes that the diagram's last move, a retro double step (Popeye's option `EnPassant`), brought its piece
    /// to `sq`: the piece a capture en passant takes.
    pub fn note_diagram_double_step(&mut self, sq: Square) {
        self.last = LastMove { to: sq.index() as u8, how: LastMove::MOVED };
    }

    /// Notes that the last move's captured piece was reborn ([`LastMove::reborn`]).
    pub fn note_last_rebirth(&mut self) {
        self.last.how |= LastMove::REBORN;
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
pub(crate) fn castling_rook(mv: Move) -> (Square, Square) {
    let rank = mv.from.rank();
    let (rf, rt) = if mv.special == Special::CastleShort { (7, 5) } else { (0, 3) };
    (Square::from_coords(rf, rank), Square::from_coords(rt, rank))
}

/// The square a pawn's double step passes (its en-passant square; a berolina pawn's is diagonal).
#[inline]
fn double_step_middle(mv: Move) -> Square {
    let from = mv.departure();
    Square::from_coords((from.file() + mv.to.file()) / 2, (from.rank() + mv.to.rank()) / 2)
}

/// The castling rights a move from or to each square removes.
static CASTLE_MASKS: [u8; 64] = {
    let mut t = [0u8; 64];
    t[4] = castle::WK | castle::WQ;
    t[7] = castle::WK;
    t[0] = castle::WQ;
    t[60] = castle::BK | castle::BQ;
    t[63] = castle::BK;
    t[56] = castle::BQ;
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The position is copied on every move: it stays within 160 bytes whatever the registry holds (eight planes
    /// number up to 249 fairy kinds, which is all a `Kind` byte holds; the attributes' bitboard and byte; the
    /// conditions' wide state).
    #[test]
    fn size_stays_within_160_bytes() {
        assert!(std::mem::size_of::<Position>() <= 160, "{}", std::mem::size_of::<Position>());
    }

    /// The wide state is part of the position's identity: setting it changes equality and the key, the key
    /// stays the one computed from scratch, and setting it back to 0 gives the position back.
    #[test]
    fn wide_state_is_in_equality_and_key() {
        let start = Position::empty();
        let mut p = start.clone();
        p.set_wide_slot(0x8100_0000_0000_0081);
        assert_ne!(p, start);
        assert_ne!(p.key(), start.key());
        assert_eq!(p.key(), p.key_from_scratch());
        let mut q = p.clone();
        q.set_wide_slot(0x8100_0000_0000_0080);
        assert_ne!(q.key(), p.key());
        assert_eq!(q.key(), q.key_from_scratch());
        q.set_wide_slot(0);
        assert_eq!(q, start);
        assert_eq!(q.key(), start.key());
    }

    /// Every kind of the registry, of both colours, on the board, 32 kinds at a time: each square tells its
    /// piece back, each kind's and colour's squares are exactly its own, and removing gives the empty board with
    /// key 0.
    #[test]
    fn every_kind_keeps_its_squares() {
        let kinds: Vec<Kind> = Kind::all().collect();
        for chunk in kinds.chunks(32) {
            every_kind_of_a_chunk_keeps_its_squares(chunk);
        }
    }

    fn every_kind_of_a_chunk_keeps_its_squares(kinds: &[Kind]) {
        let mut pos = Position::empty();
        let mut placed = Vec::new();
        for (i, &kind) in kinds.iter().enumerate() {
            for color in [Color::White, Color::Black] {
                let sq = Square::new((2 * i + color.index()) as u8);
                pos.put(sq, Piece::new(color, kind));
                placed.push((sq, Piece::new(color, kind)));
            }
        }
        assert_eq!(pos.key(), pos.key_from_scratch());
        for &(sq, p) in &placed {
            assert_eq!(pos.piece_at(sq), Some(p));
            assert_eq!(pos.pieces_bb(p.color, p.kind), sq.bb(), "{p:?}");
            assert_eq!(pos.kind_bb(p.kind).count(), 2, "{p:?}");
        }
        // Replacing a fairy piece by another clears its planes.
        let (sq, _) = placed[placed.len() - 1];
        let before = pos.kind_bb(Kind::GRASSHOPPER).count();
        pos.put(sq, Piece::new(Color::White, Kind::GRASSHOPPER));
        assert_eq!(pos.piece_at(sq), Some(Piece::new(Color::White, Kind::GRASSHOPPER)));
        assert_eq!(pos.kind_bb(Kind::GRASSHOPPER).count(), before + 1);
        for &(sq, _) in &placed {
            pos.remove(sq);
        }
        assert_eq!(pos, Position::empty());
        assert_eq!(pos.key(), 0);
    }
}
