//! Vocabulary of the board: colours, squares (a1 = 0 … h8 = 63) and 64-bit square sets.

use std::fmt;

/// The side a piece belongs to, or the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English word.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// The rank (0-based) pawns of this colour promote on.
    #[inline]
    pub const fn last_rank(self) -> u8 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }

    /// Direction of pawn travel: +1 rank for White, -1 for Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opposite()
    }
}

/// A square of the 8×8 board: `file + 8 * rank`, a1 = 0, h1 = 7, a8 = 56, h8 = 63.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct Square(u8);

/// "No square" in compact `u8` square fields (a move's capture square, a position's en-passant square).
pub const NO_SQ: u8 = 64;

impl Square {
    /// Square from a 0..64 index.
    #[inline]
    pub const fn new(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// Square from file (0 = a) and rank (0 = first rank), both 0..8.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        debug_assert!(file < 8 && rank < 8);
        Square(file + 8 * rank)
    }

    /// Square from signed coordinates, `None` off the board.
    #[inline]
    pub const fn try_from_coords(file: i8, rank: i8) -> Option<Square> {
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square(file as u8 + 8 * rank as u8))
        } else {
            None
        }
    }

    /// 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 = a-file … 7 = h-file.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0 = first rank … 7 = eighth rank.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square reached by a (file, rank) offset, `None` off the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::try_from_coords(self.file() as i8 + df, self.rank() as i8 + dr)
    }

    /// The square's bit in a [`Bitboard`].
    #[inline]
    pub const fn bb(self) -> Bitboard {
        Bitboard(1u64 << self.0)
    }

    /// True for dark squares (a1 is dark).
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// Parses `a1` … `h8` (case-insensitive).
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase();
        let r = b[1];
        if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
            Some(Square::from_coords(f - b'a', r - b'1'))
        } else {
            None
        }
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, (b'1' + self.rank()) as char)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of squares, one bit per square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn non_empty(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        self.0 & (1u64 << sq.0) != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    #[inline]
    pub fn set(&mut self, sq: Square) {
        self.0 |= 1u64 << sq.0;
    }

    #[inline]
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !(1u64 << sq.0);
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Square(sq))
        }
    }
}

macro_rules! bb_op {
    ($tr:ident, $f:ident, $op:tt, $tra:ident, $fa:ident) => {
        impl std::ops::$tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, o: Bitboard) -> Bitboard {
                Bitboard(self.0 $op o.0)
            }
        }
        impl std::ops::$tra for Bitboard {
            #[inline]
            fn $fa(&mut self, o: Bitboard) {
                self.0 = self.0 $op o.0;
            }
        }
    };
}
bb_op!(BitAnd, bitand, &, BitAndAssign, bitand_assign);
bb_op!(BitOr, bitor, |, BitOrAssign, bitor_assign);
bb_op!(BitXor, bitxor, ^, BitXorAssign, bitxor_assign);

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sqs: Vec<String> = (*self).map(|s| s.to_string()).collect();
        write!(f, "Bitboard[{}]", sqs.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("a1").unwrap().index(), 0);
        assert_eq!(Square::parse("H8").unwrap().index(), 63);
        assert_eq!(Square::parse("i1"), None);
        assert!(Square::parse("a1").unwrap().is_dark());
        assert!(!Square::parse("h1").unwrap().is_dark());
    }
}
