//! The differential test against Popeye: 500 random problems of a fixed seed (every stipulation family, the
//! options that change what is printed, the shared conditions and fairy pieces, castling, en passant, twins),
//! each solved by stipula and by Popeye's binary (`STIPULA_POPEYE_BIN`, else `../shared/popeye-ref/py`) and
//! compared. Any disagreement fails, printed with its problem and both outputs. `STIPULA_DIFF_SEED`,
//! `STIPULA_DIFF_COUNT` and `STIPULA_DIFF_SECONDS` change the run; `examples/difftest.rs` runs longer ones.

use crate::difftest;

use std::time::Duration;

#[test]
#[cfg_attr(not(popeye_oracle), ignore = "needs Popeye's binary: ../shared/popeye-ref/py or STIPULA_POPEYE_BIN")]
fn random_problems_agree_with_popeye() {
    let popeye = difftest::popeye_binary().expect("Popeye's binary is not there (STIPULA_POPEYE_BIN, ../shared/popeye-ref/py)");
    let env = |name: &str, default: f64| std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default);
    let cfg = difftest::Config {
        seed: env("STIPULA_DIFF_SEED", 20261124.0) as u64,
        first: 0,
        count: env("STIPULA_DIFF_COUNT", 500.0) as u64,
        limit: Duration::from_secs_f64(env("STIPULA_DIFF_SECONDS", 5.0)),
        jobs: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2),
        popeye,
        verbose: false,
        only: Vec::new(),
    };
    let summary = difftest::run(&cfg);
    let report = summary.report(&cfg);
    print!("{report}");
    let _ = std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/target/differential-report.txt"), &report);
    assert!(summary.disagreements.is_empty(), "{} of {} random problems disagree with Popeye (see above)", summary.disagreements.len(), summary.total());
}

/// Popeye's hash-table artefacts (docs/popeye-differences.md, deliberate differences): each `*-nohash` case of
/// `tests/popeye-cases/` shows one (Popeye with its table disagrees with stipula) and the comparison allows it
/// (Popeye without its table, `-maxmem 0`, agrees).
#[test]
#[cfg_attr(not(popeye_oracle), ignore = "needs Popeye's binary: ../shared/popeye-ref/py or STIPULA_POPEYE_BIN")]
fn hash_table_artefacts_are_allowed() {
    let popeye = difftest::popeye_binary().expect("Popeye's binary is not there (STIPULA_POPEYE_BIN, ../shared/popeye-ref/py)");
    let dir = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/popeye-cases"));
    let mut cases: Vec<_> = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.to_string_lossy().ends_with("-nohash.inp")).collect();
    cases.sort();
    assert!(cases.len() >= 3, "the -nohash regression cases are missing");
    let limit = Duration::from_secs(60);
    for path in &cases {
        let text = std::fs::read_to_string(path).unwrap();
        let (py, st) = (difftest::oracle::popeye(&popeye, &text, limit), difftest::oracle::stipula(&text, limit));
        let name = path.file_name().unwrap().to_string_lossy();
        assert!(matches!(difftest::oracle::compare(&py, &st, false), difftest::oracle::Verdict::Disagree(_)), "{name}: Popeye with its table agrees");
        assert_eq!(difftest::oracle::judge(&popeye, &text, limit, &py, &st), difftest::oracle::Verdict::AgreeWithoutHashTable, "{name}");
    }
}

/// A twin that moves the pieces leaves Popeye's `EnPassant` squares where they were, and Popeye then lets a pawn
/// capture the king standing on the double step's square "en passant": it shows nothing for the twin (`the side
/// to play can capture the king`), stipula solves it (docs/popeye-differences.md, deliberate differences). The
/// comparison allows that, and only with `EnPassant`.
#[test]
#[cfg_attr(not(popeye_oracle), ignore = "needs Popeye's binary: ../shared/popeye-ref/py or STIPULA_POPEYE_BIN")]
fn en_passant_squares_kept_by_a_twin_are_allowed() {
    let popeye = difftest::popeye_binary().expect("Popeye's binary is not there (STIPULA_POPEYE_BIN, ../shared/popeye-ref/py)");
    let text = "BeginProblem\nPieces White Rc2 Pa4 Kh4 Qe5 Black Pb4 Pc4 Pg4 Rb6 Kg6 Bc7\nStipulation ser-h#2\nOption EnPassant a2a3a4\nTwin Mirror a1<-->h1\nEndProblem\n";
    let limit = Duration::from_secs(60);
    let (py, st) = (difftest::oracle::popeye(&popeye, text, limit), difftest::oracle::stipula(text, limit));
    assert!(matches!(difftest::oracle::compare(&py, &st, false), difftest::oracle::Verdict::Disagree(_)), "Popeye solves the twin now");
    assert_eq!(difftest::oracle::judge(&popeye, text, limit, &py, &st), difftest::oracle::Verdict::Agree);
}
