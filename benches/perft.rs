//! Perft speed: stipula against cozy-chess and shakmaty on the six standard positions (all three without bulk
//! counting: every leaf move is made), stipula on fairy positions against its own orthodox rate, and perft
//! under Madrasi, Isardam and Eiffel against plain perft of the same position. Node counts are asserted, so a
//! fast wrong run fails. `cargo bench --bench perft`; median of 7 runs each (a run repeated to take a quarter of a
//! second at least), the runs compared interleaved.

use std::time::{Duration, Instant};
use stipula::conditions::build_all;
use stipula::input::fen::parse_fen;
use stipula::input::vocab::conditions::parse_condition_text;
use stipula::movegen::perft::perft;
use stipula::movegen::Rules;
use stipula::setup::{build_position, SetupOptions};
use stipula::{Color, Position};

use cozy_chess as cz;
use shakmaty as sm;
use shakmaty::Position as _;

const RUNS: usize = 7;

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

/// cozy-chess perft without bulk counting: generate the legal moves and play each, counting the leaves.
fn cozy_perft(board: &cz::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut b = board.clone();
            b.play_unchecked(mv);
            n += leaf_or_below(&b, depth, cozy_perft);
        }
        false
    });
    n
}

/// The count below a position just made at `depth - 1`: 1 for a leaf, kept (`black_box`) so that making it is not
/// optimised away, without the call that would return 1 (the same shape as stipula's perft).
#[inline(always)]
fn leaf_or_below<P>(after: &P, depth: u32, below: fn(&P, u32) -> u64) -> u64 {
    if depth == 1 {
        std::hint::black_box(after);
        1
    } else {
        below(after, depth - 1)
    }
}

/// shakmaty perft without bulk counting: the legal moves, each played on a copy, counting the leaves.
fn shakmaty_perft(pos: &sm::Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for mv in pos.legal_moves() {
        let mut p = pos.clone();
        p.play_unchecked(&mv);
        n += leaf_or_below(&p, depth, shakmaty_perft);
    }
    n
}

fn shakmaty_position(fen: &str) -> sm::Chess {
    let fen: sm::fen::Fen = fen.parse().unwrap();
    fen.into_position(sm::CastlingMode::Standard).unwrap()
}

/// Median wall times of `RUNS` runs of each of `fs`, run in turn (one run of each, then the next round), so
/// that a change of the machine's load falls on all of them alike; each must return its expected count every
/// time.
/// A short run is repeated so that each timed sample takes a quarter of a second at least (the time of one run is
/// returned).
fn medians<const N: usize>(mut fs: [(u64, &mut dyn FnMut() -> u64); N]) -> [Duration; N] {
    let reps: Vec<u32> = fs
        .iter_mut()
        .map(|(_, f)| {
            let start = Instant::now();
            f();
            (0.25 / start.elapsed().as_secs_f64().max(1e-6)).ceil().clamp(1.0, 1000.0) as u32
        })
        .collect();
    let mut times = [(); N].map(|_| Vec::with_capacity(RUNS));
    for _ in 0..RUNS {
        for (((expected, f), t), &k) in fs.iter_mut().zip(times.iter_mut()).zip(&reps) {
            let start = Instant::now();
            for _ in 0..k {
                assert_eq!(f(), *expected, "wrong node count");
            }
            t.push(start.elapsed() / k);
        }
    }
    times.map(|mut t| {
        t.sort();
        t[RUNS / 2]
    })
}

fn rate(nodes: u64, t: Duration) -> f64 {
    nodes as f64 / t.as_secs_f64()
}

fn main() {
    // `cargo bench --bench perft` runs the three tables (about a minute); `-- orthodox`, `-- fairy` or
    // `-- condition` runs the one named (`cargo bench` itself passes `--bench`, which is not a table's name).
    let wanted: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    for name in &wanted {
        assert!(
            ["orthodox", "fairy", "condition"].contains(&name.as_str()),
            "unknown table {name:?}: orthodox, fairy or condition"
        );
    }
    let runs = |table: &str| wanted.is_empty() || wanted.iter().any(|w| w == table);
    let ortho_rate = runs("orthodox").then(orthodox_table);
    if runs("fairy") {
        fairy_table(ortho_rate);
    }
    if runs("condition") {
        condition_table();
    }
}

/// stipula, cozy-chess and shakmaty on the six standard positions; returns stipula's rate over all six.
fn orthodox_table() -> f64 {
    // The six positions of the Chess Programming Wiki's "Perft Results" page with their published counts (as
    // tests/data/perft.txt).
    let orthodox: &[(&str, &str, u32, u64)] = &[
        ("start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4_865_609),
        ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603),
        ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11_030_083),
        ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333),
        ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2_103_487),
        ("position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3_894_594),
    ];
    println!(
        "{:<16} {:>5} {:>10} {:>12} {:>12} {:>12} {:>9} {:>9}",
        "orthodox", "depth", "nodes", "stipula n/s", "cozy n/s", "shakmaty n/s", "÷ cozy", "÷ shakm."
    );
    let (mut ours_nodes, mut ours_time, mut cozy_time) = (0u64, Duration::ZERO, Duration::ZERO);
    let mut kiwipete_cozy = 0.0;
    let mut worst_shakmaty = f64::INFINITY;
    for &(name, fen, depth, nodes) in orthodox {
        let (rules, pos) = setup(fen);
        let board = cz::Board::from_fen(fen, false).unwrap();
        let chess = shakmaty_position(fen);
        let [t_ours, t_cozy, t_shak] = medians([
            (nodes, &mut || perft(&rules, &pos, depth)),
            (nodes, &mut || cozy_perft(&board, depth)),
            (nodes, &mut || shakmaty_perft(&chess, depth)),
        ]);
        let (r_ours, r_cozy, r_shak) = (rate(nodes, t_ours), rate(nodes, t_cozy), rate(nodes, t_shak));
        println!(
            "{name:<16} {depth:>5} {nodes:>10} {r_ours:>12.0} {r_cozy:>12.0} {r_shak:>12.0} {:>9.2} {:>9.2}",
            r_ours / r_cozy,
            r_ours / r_shak
        );
        if name == "Kiwipete" {
            kiwipete_cozy = r_ours / r_cozy;
        }
        worst_shakmaty = worst_shakmaty.min(r_ours / r_shak);
        ours_nodes += nodes;
        ours_time += t_ours;
        cozy_time += t_cozy;
    }
    let ortho_rate = rate(ours_nodes, ours_time);
    println!(
        "orthodox total: stipula {ortho_rate:.0} n/s, {:.2} × cozy-chess; Kiwipete {kiwipete_cozy:.2} × cozy-chess (target ≥ 0.8), \
         slowest against shakmaty {worst_shakmaty:.2} × (target ≥ 1)",
        ortho_rate / rate(ours_nodes, cozy_time)
    );
    println!("load average now: {}", load_average());
    ortho_rate
}

/// stipula on fairy positions, against its orthodox rate when that table ran.
fn fairy_table(ortho_rate: Option<f64>) {
    // Counts from tests/data/perft_fairy.txt (produced by the naive reference).
    let fairy: &[(&str, &str, u32, u64)] = &[
        (
            "grasshoppers+locust (Kiwi)",
            "r3k2r/p1pp1pg1/gn2pnp1/3PN3/1p2P3/2N2L1p/PPPGGPPP/R3K2R w KQkq - 0 1",
            4,
            1_155_294,
        ),
        ("nightriders", "(n)3k2(n)/pp4pp/8/8/8/8/PP4PP/(N)3K2(N) w - - ", 4, 281_117),
        ("grasshoppers+locusts", "g3k2g/8/2L5/8/3p4/1G3l2/8/R3K2R w KQ - 0 1", 4, 67_198),
        ("locusts on the edges", "l3k2l/8/2G5/8/8/5g2/8/L3K2L w - - ", 5, 21_607),
    ];
    println!();
    println!("{:<28} {:>5} {:>10} {:>12} {:>12}", "fairy", "depth", "nodes", "stipula n/s", "÷ orthodox");
    let (mut f_nodes, mut f_time) = (0u64, Duration::ZERO);
    for &(name, fen, depth, nodes) in fairy {
        let (rules, pos) = setup(fen);
        let [t] = medians([(nodes, &mut || perft(&rules, &pos, depth))]);
        let r = rate(nodes, t);
        let ratio = ortho_rate.map_or_else(|| "-".to_string(), |o| format!("{:.2}", o / r));
        println!("{name:<28} {depth:>5} {nodes:>10} {r:>12.0} {ratio:>12}");
        f_nodes += nodes;
        f_time += t;
    }
    let fairy_rate = rate(f_nodes, f_time);
    match ortho_rate {
        // No target: a fairy walk is generated step by step and each move made to be judged (docs/internals.md).
        Some(o) => println!("fairy total: {fairy_rate:.0} n/s; orthodox is {:.2} × faster", o / fairy_rate),
        None => println!("fairy total: {fairy_rate:.0} n/s"),
    }
}

/// Perft under a condition against plain perft of the same position.
fn condition_table() {
    // Conditions: their cost against plain perft of the same position. Counts: plain perft's from the published
    // tables, the conditions' from the naive reference (tests/data/condition_perft.txt); the last position has
    // no kind but the king on both sides, so no paralysis can arise and its count must be cozy-chess's orthodox
    // one.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let disjoint = "1n2k1n1/pppp1ppp/8/8/8/8/8/R2QKB1R w KQ - 0 1";
    let disjoint_nodes = cozy_perft(&cz::Board::from_fen(disjoint, false).unwrap(), 4);
    let conditioned: &[(&str, &str, &str, u32, u64, u64)] = &[
        ("start position", start, "Madrasi", 4, 197_281, 195_475),
        ("start position", start, "Isardam", 4, 197_281, 171_470),
        ("Kiwipete", kiwipete, "Eiffel", 3, 97_862, 77_657),
        ("no shared kind (no paralysis)", disjoint, "Madrasi", 4, disjoint_nodes, disjoint_nodes),
    ];
    println!();
    println!(
        "{:<30} {:>8} {:>5} {:>10} {:>12} {:>12} {:>7}",
        "condition", "", "depth", "nodes", "plain n/s", "cond. n/s", "time ×"
    );
    for &(name, fen, condition, depth, plain_nodes, nodes) in conditioned {
        let (plain, pos) = setup(fen);
        let (rules, pos_c) = setup_with(fen, &[condition]);
        let [t_plain, t_cond] =
            medians([(plain_nodes, &mut || perft(&plain, &pos, depth)), (nodes, &mut || perft(&rules, &pos_c, depth))]);
        let (r_plain, r_cond) = (rate(plain_nodes, t_plain), rate(nodes, t_cond));
        println!(
            "{name:<30} {condition:>8} {depth:>5} {nodes:>10} {r_plain:>12.0} {r_cond:>12.0} {:>7.2}",
            t_cond.as_secs_f64() / t_plain.as_secs_f64()
        );
    }
    println!("time under the condition ÷ plain perft's time on the same position: target ≤ 1.3");
    println!("load average now: {}", load_average());
}

/// The machine's load averages (1, 5, 15 minutes), to read the timings by.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or_else(|_| "unknown".into(), |s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}
