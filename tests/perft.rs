//! Perft against the published tables in `tests/data/perft.txt` (chessprogramming wiki, "Perft Results").

use stipula::input::fen::parse_fen;
use stipula::movegen::perft::perft;
use stipula::movegen::Rules;
use stipula::setup::{build_position, SetupOptions};
use stipula::Color;

#[test]
fn published_perft_tables() {
    let data = include_str!("data/perft.txt");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let (pieces, state) = parse_fen(fen).unwrap();
        let rules = Rules::new(pieces.iter().map(|p| p.kind), Vec::new());
        let side = state.side_to_move.unwrap_or(Color::White);
        let pos = build_position(&pieces, &state, side, &rules, &SetupOptions::default()).unwrap();
        for part in parts {
            let (d, n) = part.trim().split_once('=').unwrap();
            let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
            assert_eq!(perft(&rules, &pos, d), n, "{fen} depth {d}");
            checked += 1;
        }
    }
    assert_eq!(checked, 30);
}

#[test]
fn incremental_key_matches_scratch_key() {
    let (pieces, state) = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    let rules = Rules::new(pieces.iter().map(|p| p.kind), Vec::new());
    let pos = build_position(&pieces, &state, Color::White, &rules, &SetupOptions::default()).unwrap();
    let mut moves = Vec::new();
    rules.legal_moves(&pos, &mut moves);
    for mv in moves {
        let after = rules.make(&pos, mv);
        assert_eq!(after.key(), after.key_from_scratch(), "{mv:?}");
        let mut replies = Vec::new();
        rules.legal_moves(&after, &mut replies);
        for r in replies {
            let a2 = rules.make(&after, r);
            assert_eq!(a2.key(), a2.key_from_scratch(), "{mv:?} {r:?}");
        }
    }
}
