//! stipula: a chess-problem solver and verifier for orthodox and fairy chess.
//!
//! Data flows `input` → [`problem`] → [`setup`] → [`movegen`] + [`conditions`] → `solve` → `verify` →
//! `output`. The library has no global mutable state and prints nothing; the `stipula` binary is a thin
//! layer over it.
// One exception, in `solve::table`: a `madvise` call that asks for huge pages (measured there).
#![deny(unsafe_code)]

pub mod attacks;
pub mod conditions;
pub mod explain;
pub mod input;
pub mod movegen;
pub mod naive;
pub mod moves;
pub mod notation;
pub mod output;
pub mod pieces;
pub mod position;
pub mod problem;
pub mod setup;
pub mod solve;
pub mod square;
pub mod verify;
pub mod words;

pub use movegen::perft::perft;
pub use movegen::Rules;
pub use moves::{Move, Special};
pub use pieces::{Kind, Piece, PIECES};
pub use position::Position;
pub use square::{Bitboard, Color, Square};
