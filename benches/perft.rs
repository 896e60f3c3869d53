//! Perft speed: stipula against cozy-chess on orthodox positions (both without bulk counting: every leaf
//! move is made), stipula on fairy positions against its own orthodox rate, and perft under Madrasi and Eiffel
//! against plain perft of the same position. Node counts are asserted, so a fast wrong run fails.
//! `cargo bench --bench perft`; median of 5 runs each.

use std::time::{Duration, Instant};
use stipula::conditions::build_all;
use stipula::input::vocab::conditions::parse_condition_text;
use stipula::input::fen::parse_fen;
use stipula::movegen::perft::perft;
use stipula::movegen::Rules;
use stipula::setup::{build_position, SetupOptions};
use stipula::{Color, Position};

use cozy_chess as cz;

const RUNS: usize = 5;

fn setup(fen: &str) -> (Rules, Position) {
    setup_with(fen, &[])
}

/// Rules and position for `fen` under the conditions named as the statement language writes them.
fn setup_with(fen: &str, conditions: &[&str]) -> (Rules, Position) {
    let (pieces, state) = parse_fen(fen).unwrap();
    let specs: Vec<_> = conditions.iter().map(|c| parse_condition_text(c).unwrap()).collect();
    let rules = Rules::new(pieces.iter().map(|p| p.kind), build_all(&specs).unwrap());
    let side = state.side_to_move.unwrap_or(Color::White);
    let pos = build_position(&pieces, &state, side, &rules, &SetupOptions::default()).unwrap();
    (rules, pos)
}

/// cozy-chess perft without bulk counting: generate the legal moves and play each, counting at depth 0.
fn cozy_perft(board: &cz::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut b = board.clone();
            b.play_unchecked(mv);
            n += cozy_perft(&b, depth - 1);
        }
        false
    });
    n
}

/// Median wall time of `RUNS` runs of `f`, which must return `expected` every time.
fn median(expected: u64, mut f: impl FnMut() -> u64) -> Duration {
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            let n = f();
            let dt = t.elapsed();
            assert_eq!(n, expected, "wrong node count");
            dt
        })
        .collect();
    times.sort();
    times[RUNS / 2]
}

fn rate(nodes: u64, t: Duration) -> f64 {
    nodes as f64 / t.as_secs_f64()
}

fn main() {
    // `cargo bench` passes `--bench`; a name filter is not supported, the whole bench takes ~half a minute.
    let orthodox: &[(&str, &str, u32, u64)] = &[
        ("start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4_865_609),
        ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603),
    ];
    println!("{:<28} {:>5} {:>10} {:>12} {:>12} {:>7}", "orthodox", "depth", "nodes", "stipula n/s", "cozy n/s", "ratio");
    let (mut ours_nodes, mut ours_time, mut cozy_time) = (0u64, Duration::ZERO, Duration::ZERO);
    for &(name, fen, depth, nodes) in orthodox {
        let (rules, pos) = setup(fen);
        let board = cz::Board::from_fen(fen, false).unwrap();
        let t_ours = median(nodes, || perft(&rules, &pos, depth));
        let t_cozy = median(nodes, || cozy_perft(&board, depth));
        let (r_ours, r_cozy) = (rate(nodes, t_ours), rate(nodes, t_cozy));
        println!("{name:<28} {depth:>5} {nodes:>10} {:>12.0} {:>12.0} {:>7.2}", r_ours, r_cozy, r_ours / r_cozy);
        ours_nodes += nodes;
        ours_time += t_ours;
        cozy_time += t_cozy;
    }
    let ortho_rate = rate(ours_nodes, ours_time);
    let ratio = ortho_rate / rate(ours_nodes, cozy_time);
    println!("orthodox total: stipula {ortho_rate:.0} n/s, {ratio:.2} × cozy-chess (target ≥ 0.5)");

    // Counts from tests/data/perft_fairy.txt (produced by the naive reference).
    let fairy: &[(&str, &str, u32, u64)] = &[
        ("grasshoppers+locust (Kiwi)", "r3k2r/p1pp1pg1/gn2pnp1/3PN3/1p2P3/2N2L1p/PPPGGPPP/R3K2R w KQkq - 0 1", 4, 1_155_294),
        ("nightriders", "(n)3k2(n)/pp4pp/8/8/8/8/PP4PP/(N)3K2(N) w - - ", 4, 281_117),
        ("grasshoppers+locusts", "g3k2g/8/2L5/8/3p4/1G3l2/8/R3K2R w KQ - 0 1", 4, 67_198),
        ("locusts on the edges", "l3k2l/8/2G5/8/8/5g2/8/L3K2L w - - ", 5, 21_607),
    ];
    println!();
    println!("{:<28} {:>5} {:>10} {:>12} {:>12}", "fairy", "depth", "nodes", "stipula n/s", "÷ orthodox");
    let (mut f_nodes, mut f_time) = (0u64, Duration::ZERO);
    for &(name, fen, depth, nodes) in fairy {
        let (rules, pos) = setup(fen);
        let t = median(nodes, || perft(&rules, &pos, depth));
        let r = rate(nodes, t);
        println!("{name:<28} {depth:>5} {nodes:>10} {r:>12.0} {:>12.2}", ortho_rate / r);
        f_nodes += nodes;
        f_time += t;
    }
    let fairy_rate = rate(f_nodes, f_time);
    println!("fairy total: {fairy_rate:.0} n/s; orthodox is {:.2} × faster (target ≤ 3)", ortho_rate / fairy_rate);

    // Conditions: the cost of the paralysis hook against plain perft of the same position. Counts: plain
    // perft's from the published tables, the conditions' from the naive reference (tests/data/
    // condition_perft.txt); the last position has no kind but the king on both sides, so no paralysis can
    // arise and its count must be cozy-chess's orthodox one.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let disjoint = "1n2k1n1/pppp1ppp/8/8/8/8/8/R2QKB1R w KQ - 0 1";
    let disjoint_nodes = cozy_perft(&cz::Board::from_fen(disjoint, false).unwrap(), 4);
    let conditioned: &[(&str, &str, &str, u32, u64, u64)] = &[
        ("start position", start, "Madrasi", 4, 197_281, 195_475),
        ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "Eiffel", 3, 97_862, 77_657),
        ("no shared kind (no paralysis)", disjoint, "Madrasi", 4, disjoint_nodes, disjoint_nodes),
    ];
    println!();
    println!("{:<30} {:>8} {:>5} {:>10} {:>12} {:>12} {:>7}", "condition", "", "depth", "nodes", "plain n/s", "cond. n/s", "slower");
    for &(name, fen, condition, depth, plain_nodes, nodes) in conditioned {
        let (plain, pos) = setup(fen);
        let (rules, pos_c) = setup_with(fen, &[condition]);
        let t_plain = median(plain_nodes, || perft(&plain, &pos, depth));
        let t_cond = median(nodes, || perft(&rules, &pos_c, depth));
        let (r_plain, r_cond) = (rate(plain_nodes, t_plain), rate(nodes, t_cond));
        println!("{name:<30} {condition:>8} {depth:>5} {nodes:>10} {r_plain:>12.0} {r_cond:>12.0} {:>7.2}", r_plain / r_cond);
    }
    println!("Madrasi without paralysis: target ≤ 1.5 × plain perft's time");
}
