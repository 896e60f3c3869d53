//! What the random-playout tests share: a seeded generator (splitmix64) and positions from FEN.

use stipula::input::fen::parse_fen;
use stipula::movegen::Rules;
use stipula::position::Position;
use stipula::setup::{build_position, SetupOptions};

/// splitmix64: seeded, so that every run plays the same games.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The position of a FEN under `rules` (the FEN's side to move).
#[allow(dead_code)]
pub fn position(rules: &Rules, fen: &str) -> Position {
    let (pieces, state) = parse_fen(fen).unwrap();
    build_position(&pieces, &state, state.side_to_move.unwrap(), rules, &SetupOptions::default()).unwrap()
}

/// The position of a FEN under `rules`, or `None` when the setup refuses it (the side not to move in check).
#[allow(dead_code)]
pub fn try_position(rules: &Rules, fen: &str) -> Option<Position> {
    let (pieces, state) = parse_fen(fen).ok()?;
    build_position(&pieces, &state, state.side_to_move?, rules, &SetupOptions::default()).ok()
}

/// The FEN of a board of pieces (one letter a square, rank 1 first) with `side` (`w` or `b`) to move and the
/// castling and en-passant fields given (`-` for none).
#[allow(dead_code)]
pub fn board_fen(board: &[Option<char>; 64], side: &str, castling: &str, ep: &str) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    format!("{fen} {side} {castling} {ep} 0 1")
}
