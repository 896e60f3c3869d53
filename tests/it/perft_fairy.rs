//! Fairy perft: the counts in `tests/data/perft_fairy.txt` were produced by the naive reference
//! (`stipula::naive::perft_naive`, run by the ignored test `regenerate_fairy_perft` below); the fast generator
//! must reproduce them exactly, and the naive one is re-run here on the small depths.

use stipula::input::fen::parse_fen;
use stipula::movegen::perft::perft;
use stipula::movegen::Rules;
use stipula::naive::perft_naive;
use stipula::setup::{build_position, SetupOptions};
use stipula::{Color, Position};

fn setup(fen: &str) -> (Rules, Position) {
    let (pieces, state) = parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    let rules = Rules::new(pieces.iter().map(|p| p.kind), Vec::new());
    let side = state.side_to_move.unwrap_or(Color::White);
    let pos = build_position(&pieces, &state, side, &rules, &SetupOptions::default())
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    (rules, pos)
}

fn entries() -> Vec<(String, Vec<(u32, u64)>)> {
    include_str!("../data/perft_fairy.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once('=').unwrap();
                    (d.parse().unwrap(), n.parse().unwrap())
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

#[test]
fn fast_perft_matches_naive_counts() {
    let mut checked = 0;
    for (fen, counts) in entries() {
        let (rules, pos) = setup(&fen);
        for (d, n) in counts {
            assert_eq!(perft(&rules, &pos, d), n, "{fen} depth {d}");
            if n <= 20_000 {
                assert_eq!(perft_naive(&pos, d, &rules.promotions), n, "naive, {fen} depth {d}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 24, "{checked} counts");
}

/// Prints the data file's lines with counts from the naive reference up to the depths given as
/// `FEN ; depth` in `STIPULA_FAIRY_PERFT` (one per line). `cargo test --release --test perft_fairy --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn regenerate_fairy_perft() {
    let spec = std::env::var("STIPULA_FAIRY_PERFT").unwrap_or_default();
    for line in spec.lines().filter(|l| !l.trim().is_empty()) {
        let (fen, depth) = line.rsplit_once(';').unwrap();
        let (rules, pos) = setup(fen.trim());
        let mut out = fen.trim().to_string();
        for d in 1..=depth.trim().parse::<u32>().unwrap() {
            out += &format!(" ; {d}={}", perft_naive(&pos, d, &rules.promotions));
        }
        println!("{out}");
    }
}
