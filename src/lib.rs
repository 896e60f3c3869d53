//! stipula: a chess-problem solver and verifier for orthodox and fairy chess.
//!
//! Data flows [`input`] → [`problem`] → [`movegen`] + [`conditions`] → [`solve`] → [`verify`] / [`explain`] →
//! [`output`] → the `stipula` binary. The modules are layers, each importing only lower ones (checked by
//! `tests/it/layers.rs`): [`square`] and [`words`] (Popeye's languages, its abbreviation rule, did-you-mean);
//! [`pieces`]; [`attacks`] and [`moves`]; [`position`]; [`movegen`]; [`conditions`] and [`notation`];
//! [`setup`]; [`problem`] (with its options, twins and validation); [`input`]; [`solve`]; [`verify`] and
//! [`explain`]; [`output`]. Every word a reader or writer knows is a row of a registry: [`pieces::PIECES`] and
//! [`pieces::popeye`], [`conditions::registry`], [`problem::options`], [`problem::twins`]. The library has no
//! global mutable state and prints nothing; the binary is a thin layer over it.
// One exception, in `solve::table`: a `madvise` call that asks for huge pages (measured there).
#![deny(unsafe_code)]

pub mod attacks;
pub mod conditions;
pub mod effects;
pub mod explain;
pub mod input;
pub mod movegen;
pub mod moves;
/// The slow reference the tests check the move generator against; no module of the library uses it.
pub mod naive;
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
