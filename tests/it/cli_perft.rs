//! `stipula perft --condition …` on the real binary: the counts of `tests/data/condition_perft.txt`, which the
//! naive implementation in `tests/conditions_naive.rs` computes, and bad arguments.

use crate::common;

fn stipula(args: &[&str]) -> (i32, String, String) {
    common::stipula(args, "")
}

#[test]
fn perft_under_conditions_matches_the_naive_counts() {
    let mut rows = 0;
    for line in
        include_str!("../data/condition_perft.txt").lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
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
    let sum: u64 = out
        .lines()
        .filter(|l| !l.starts_with("Nodes"))
        .filter_map(|l| l.split_once(": "))
        .map(|(_, n)| n.parse::<u64>().unwrap())
        .sum();
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

/// Asserts a refusal: exit code 2, nothing on standard output, exactly one line on standard error that starts
/// with `error: ` and contains every one of `expect`.
fn assert_one_line_error(args: &[&str], expect: &[&str]) {
    let (code, out, err) = stipula(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("error: ") && !err.contains("panicked"), "{args:?}: {err}");
    for e in expect {
        assert!(err.contains(e), "{args:?}: `{e}` not in {err}");
    }
}

#[test]
fn bad_arguments_give_one_line_and_exit_2() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_one_line_error(
        &["perft", "--depth", "x", start],
        &["invalid value 'x' for '--depth <N>'", "invalid digit found in string"],
    );
    assert_one_line_error(&["perft", "--dept", "2", start], &["unexpected argument '--dept'", "'--depth'"]);
    assert_one_line_error(&["perft", "--frobnicate", "--depth", "1", start], &["unexpected argument '--frobnicate'"]);
    assert_one_line_error(&["perft", start], &["required arguments were not provided", "--depth <N>"]);
    assert_one_line_error(&["perft"], &["required arguments were not provided", "--depth <N>", "<FEN>"]);
    assert_one_line_error(
        &["solve", "--format", "xml", "x.stip"],
        &["invalid value 'xml' for '--format", "text, json, yaml"],
    );
    assert_one_line_error(&["frobnicate"], &["unrecognized subcommand 'frobnicate'"]);
}

#[test]
fn help_and_version_still_print_in_full() {
    let (code, out, err) = stipula(&["perft", "--help"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Usage: stipula perft") && out.contains("--divide") && out.lines().count() > 5, "{out}");
    let (code, out, _) = stipula(&["--version"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), format!("stipula {}", env!("CARGO_PKG_VERSION")));
    let (code, out, _) = stipula(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Commands:") && out.contains("perft"), "{out}");
}

#[test]
fn bad_fens_give_one_line_naming_the_fault() {
    for (fen, expect) in [
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["character 18", "rank 7 has more than eight squares"][..],
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBXR w KQkq - 0 1", &["character 42", "unknown piece letter `X`"][..]),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            &["character 45", "unknown side to move `x`", "`w` or `b`"][..],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
            &["character 49", "unknown castling right `x`"][..],
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", &["the board has 7 ranks", "eight ranks"][..]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", &["`e9` is not an en-passant square"][..]),
        ("4k3/8/8/8/8/8/8/4K2(XY) w - -", &["character 21", "unknown piece code `XY`"][..]),
        ("8/8/8/8/8/8/8/8 w - -", &["White has no king"][..]),
        ("4k3/8/8/8/8/8/8/P3K3 w - -", &["pawn on a1", "first or last rank"][..]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", &["castling right", "rook on h1"][..]),
    ] {
        assert_one_line_error(&["perft", "--depth", "1", fen], expect);
    }
}
