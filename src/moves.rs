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
    /// Messigny chess: the piece on `from` and the enemy piece of its kind on `to` exchange their squares
    /// (Popeye `Ra8<->Rg5`); nothing is captured.
    Exchange,
}

/// A move: from, to, the captured square (if any), a promotion (if any), and what is special about it. The
/// move generator also notes the kind of the piece that moves ([`Move::moved_kind`]), so that making the move
/// need not look it up; that note is not part of the move's identity (equality, order, hash).
#[derive(Clone, Copy)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    capture: u8,
    promotion: u8,
    pub special: Special,
    moved: u8,
    /// Which of the outcomes a condition offers the move makes (a reborn pawn's promotion), 0 when it offers none:
    /// part of the move's identity.
    choice: u8,
    /// The square the piece moves from in the Mars Circe family (its rebirth square, Popeye's phantom movement
    /// `Qd4-d1*f3`), [`NO_SQ`] for a move from its own square: part of the move's identity.
    via: u8,
}

impl Move {
    /// What identifies the move (all but the noted kind).
    #[inline]
    fn identity(&self) -> (Square, Square, u8, u8, Special, u8, u8) {
        (self.from, self.to, self.capture, self.promotion, self.special, self.choice, self.via)
    }
}

impl PartialEq for Move {
    #[inline]
    fn eq(&self, other: &Move) -> bool {
        self.identity() == other.identity()
    }
}

impl Eq for Move {}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.identity().hash(state);
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    fn cmp(&self, other: &Move) -> std::cmp::Ordering {
        self.identity().cmp(&other.identity())
    }
}

impl Move {
    /// A move; `capture` is the square of the captured piece.
    #[inline]
    pub const fn new(from: Square, to: Square, capture: Option<Square>, special: Special) -> Move {
        let capture = match capture {
            Some(s) => s.index() as u8,
            None => NO_SQ,
        };
        Move { from, to, capture, promotion: 0xFF, special, moved: 0xFF, choice: 0, via: NO_SQ }
    }

    /// The same move with the kind of the piece that makes it noted (see [`Move::moved_kind`]).
    #[inline]
    pub const fn by(mut self, kind: Kind) -> Move {
        self.moved = kind.0;
        self
    }

    /// The kind of the piece that makes the move, when the move generator noted it: a hint for making the
    /// move, which checks it against the position (a move may be tried in another position than its own).
    #[inline]
    pub fn moved_kind(&self) -> Option<Kind> {
        (self.moved != 0xFF).then_some(Kind(self.moved))
    }

    /// The same move making a condition's outcome `choice` (1 and up; see [`Move::choice`]).
    #[inline]
    pub const fn choosing(mut self, choice: u8) -> Move {
        self.choice = choice;
        self
    }

    /// The outcome a condition offers that the move makes (a reborn pawn's promotion), 0 when it offers none.
    #[inline]
    pub const fn choice(&self) -> u8 {
        self.choice
    }

    /// The same move made by the piece on `from` from the square `via` (the Mars Circe family: the move was
    /// generated as if the piece stood on `via`; see [`Move::via`]).
    #[inline]
    pub const fn moved_via(mut self, from: Square, via: Square) -> Move {
        self.from = from;
        self.via = via.index() as u8;
        self
    }

    /// The square the piece leaves from when it is not its own (Mars Circe: its rebirth square), `None` for a
    /// move from its own square.
    #[inline]
    pub fn via(&self) -> Option<Square> {
        (self.via != NO_SQ).then(|| Square::new(self.via))
    }

    /// Where the piece's walk starts: [`Move::via`] or its own square.
    #[inline]
    pub fn departure(&self) -> Square {
        self.via().unwrap_or(self.from)
    }

    /// The same move with a promotion.
    #[inline]
    pub fn promoting(mut self, kind: Kind) -> Move {
        self.promotion = kind.0;
        self
    }

    /// The same move without its promotion (for writing it when the promotion is written apart).
    #[inline]
    pub fn without_promotion(mut self) -> Move {
        self.promotion = 0xFF;
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
        if let Some(v) = self.via() {
            s = format!("{}-{}{}", self.from, v, self.to);
        }
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
