//! Moves. The capture square may differ from the arrival square (locust, en passant); castling, double steps,
//! Parsi's king leap and Madness of Kings' insane king moves are marked so that the position and the output
//! can tell.

use crate::pieces::Kind;
use crate::square::{Square, NO_SQ};
use std::fmt;

/// What is special about a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Special {
    None,
    /// A pawn's two-square step (sets the en-passant square).
    DoubleStep,
    /// En-passant capture (the captured pawn is not on the arrival square).
    EnPassant,
    /// `0-0`: the king goes from e1/e8 to g1/g8, the rook from h1/h8 to f1/f8.
    CastleShort,
    /// `0-0-0`.
    CastleLong,
    /// Parsi: the king's once-per-game knight leap.
    KingLeap,
    /// Madness of Kings: the side to move moves the *opponent's* king.
    Insane,
}

/// A move: from, to, the captured square (if any), a promotion (if any), and what is special about it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    capture: u8,
    promotion: u8,
    pub special: Special,
}

impl Move {
    /// A move; `capture` is the square of the captured piece.
    #[inline]
    pub const fn new(from: Square, to: Square, capture: Option<Square>, special: Special) -> Move {
        let capture = match capture {
            Some(s) => s.index() as u8,
            None => NO_SQ,
        };
        Move { from, to, capture, promotion: 0xFF, special }
    }

    /// The same move with a promotion.
    #[inline]
    pub fn promoting(mut self, kind: Kind) -> Move {
        self.promotion = kind.0;
        self
    }

    /// The square of the captured piece.
    #[inline]
    pub fn capture(&self) -> Option<Square> {
        (self.capture != NO_SQ).then(|| Square::new(self.capture))
    }

    /// The kind promoted to.
    #[inline]
    pub fn promotion(&self) -> Option<Kind> {
        (self.promotion != 0xFF).then_some(Kind(self.promotion))
    }

    #[inline]
    pub fn is_capture(&self) -> bool {
        self.capture != NO_SQ
    }

    /// A compact UCI-like text: `e2e4`, `e7e8q`, `c3xd4e5` for a capture elsewhere.
    pub fn uci(&self) -> String {
        let mut s = format!("{}{}", self.from, self.to);
        if let Some(c) = self.capture() {
            if c != self.to {
                s = format!("{}x{}{}", self.from, c, self.to);
            }
        }
        if let Some(k) = self.promotion() {
            s += &k.code().to_ascii_lowercase();
        }
        s
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.uci())
    }
}

/// A move list, reused across calls to avoid allocation.
pub type MoveList = Vec<Move>;
