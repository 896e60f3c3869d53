//! `stipula perft --condition …` on the real binary: the counts of `tests/data/condition_perft.txt`, which the
//! naive implementation in `tests/conditions_naive.rs` computes, and bad arguments.

use std::process::Command;

fn stipula(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stipula")).args(args).output().expect("run stipula");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_under_conditions_matches_the_naive_counts() {
    let mut rows = 0;
    for line in include_str!("data/condition_perft.txt").lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let f: Vec<&str> = line.split(';').map(str::trim).collect();
        let depth = f[2].to_string();
        let mut args = vec!["perft", "--depth", &depth];
        for c in f[0].split('+') {
            args.push("--condition");
            args.push(c.trim());
        }
        args.push(f[1]);
        let (code, out, err) = stipula(&args);
        assert_eq!(code, 0, "{line}: {err}");
        assert_eq!(out.lines().last(), Some(format!("Nodes searched: {}", f[3]).as_str()), "{line}");
        rows += 1;
    }
    assert_eq!(rows, 25);
}

#[test]
fn divide_sums_to_the_total() {
    let fen = "2kn4/1p1p1N2/8/2R3r1/7r/1P1p4/2P2NR1/B2b1K2 w - - 0 1";
    let (code, out, _) = stipula(&["perft", "--depth", "2", "--divide", "--condition", "Madrasi", fen]);
    assert_eq!(code, 0);
    // Seed 002: the paralysed pawn c2 cannot take d3, the knight f2 can.
    assert!(!out.contains("c2d3:") && out.contains("f2d3:"), "{out}");
    let sum: u64 = out.lines().filter(|l| !l.starts_with("Nodes")).filter_map(|l| l.split_once(": ")).map(|(_, n)| n.parse::<u64>().unwrap()).sum();
    assert_eq!(out.lines().last().unwrap(), format!("Nodes searched: {sum}"));
}

#[test]
fn bad_condition_arguments_exit_2_with_one_line() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (conds, expect) in [
        (&["Madrasy"][..], "did you mean `Madrasi`?"),
        (&["Madrasi TypeB"][..], "Madrasi has no option `TypeB`"),
        (&["Eiffel RI"][..], "Eiffel has no options"),
        (&["Isardam", "Madrasi"][..], "Isardam and Madrasi cannot be combined"),
        (&["Eiffel", "Isardam"][..], "Isardam and Eiffel cannot be combined"),
        (&["Madrasi", "Madrasi RI"][..], "given twice"),
    ] {
        let mut args = vec!["perft", "--depth", "1"];
        for c in conds {
            args.push("--condition");
            args.push(c);
        }
        args.push(start);
        let (code, out, err) = stipula(&args);
        assert_eq!(code, 2, "{conds:?}");
        assert!(out.is_empty(), "{conds:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{conds:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains(expect), "{conds:?}: {err}");
    }
}
