//! stipula: a chess-problem solver and verifier for orthodox and fairy chess.
//!
//! Data flows `input` → [`problem`] → `position`/`movegen` + `conditions` → `solve` → `verify` → `output`.
//! The library has no global mutable state and prints nothing; the `stipula` binary is a thin layer over it.
#![forbid(unsafe_code)]

pub mod input;
pub mod pieces;
pub mod problem;
pub mod square;

pub use pieces::{Kind, Piece, PIECES};
pub use square::{Bitboard, Color, Square};
