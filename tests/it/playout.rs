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

/// The chessprogramming wiki's perft positions (start, Kiwipete, positions 3 to 6) and a promotion-rich one
/// (`n1n5/PPPk4/...`), the start positions the move-generator tests share.
pub const PERFT_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];
