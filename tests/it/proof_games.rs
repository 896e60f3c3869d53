//! Proof games (`dia`, `a=>b`): facts from Popeye 4.104's output (`../shared/popeye-ref/py -maxmem 1G
//! -regression`, run on the inputs written here), and a differential test: random games played from the game
//! array (and from a position on the way, for `a=>b`), the position reached asked for in as many half-moves,
//! solved by stipula and Popeye and compared line for line. The proof games of Popeye's own corpus are checked by
//! `tests/popeye-cases/proof-*.inp` (a fixed sample, in `conformance::regression_cases_agree_with_popeye`), by
//! `conformance::popeye_regression_problems`, and all of them by `benches/proof-corpus.sh`.

use crate::difftest;

use difftest::gen::Rng;
use difftest::oracle::{self, Verdict};
use std::fmt::Write as _;
use std::time::Duration;
use stipula::input::popeye::read_popeye;
use stipula::movegen::Rules;
use stipula::position::Position;
use stipula::solve::run::{solve_problem, Settings};
use stipula::square::Color;

const ARRAY: &str = "Pieces\nWhite Ke1 Qd1 Ra1 Rh1 Bc1 Bf1 Sb1 Sg1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2\nBlack Ke8 Qd8 Ra8 Rh8 Bc8 Bf8 Sb8 Sg8 Pa7 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7\n";

/// The solution lines of the one problem of `text` (trimmed), and how many solutions were found.
fn lines(text: &str) -> (Vec<String>, usize) {
    let p = read_popeye(text, "t.inp").into_iter().next().unwrap().unwrap();
    let settings = Settings { max_lines: 100_000, ..Settings::default() };
    let twins = solve_problem(&p, &settings);
    let phase = &twins[0].phases[0];
    (phase.lines().iter().map(|l| l.trim().to_string()).collect(), phase.solutions)
}

fn problem(white: &str, black: &str, stip: &str) -> String {
    format!("BeginProblem\nPieces\nWhite {white}\nBlack {black}\nStipulation {stip}\nEndProblem\n")
}

/// After 1.e4 e5: the diagram of most facts below.
const W_E4: &str = "Ke1 Qd1 Ra1 Rh1 Bc1 Bf1 Sb1 Sg1 Pa2 Pb2 Pc2 Pd2 Pe4 Pf2 Pg2 Ph2";
const B_E5: &str = "Ke8 Qd8 Ra8 Rh8 Bc8 Bf8 Sb8 Sg8 Pa7 Pb7 Pc7 Pd7 Pe5 Pf7 Pg7 Ph7";

#[test]
fn shorter_games_of_the_same_parity_are_listed_too() {
    // Popeye: `dia2` lists the game of two half-moves and the one of four; `exact-dia2` only the latter.
    let (l, n) = lines(&problem(W_E4, B_E5, "dia2"));
    assert_eq!(n, 2);
    assert_eq!(l, ["1.e2-e3 e7-e6   2.e3-e4 e6-e5 dia", "1.e2-e4 e7-e5 dia"]);
    let (l, _) = lines(&problem(W_E4, B_E5, "exact-dia2"));
    assert_eq!(l, ["1.e2-e3 e7-e6   2.e3-e4 e6-e5 dia"]);
    // `dia2.5` with Sg1-f3 too: White starts, three and five half-moves, numbered from `1.` (Popeye: 5 lines).
    let (l, n) = lines(&problem(&W_E4.replace("Sg1", "Sf3"), B_E5, "dia2.5"));
    assert_eq!(n, 5);
    assert!(l.contains(&"1.Sg1-f3 e7-e5   2.e2-e4 dia".to_string()), "{l:?}");
    // `dia4`: 6876 games of 2, 4, 6 and 8 half-moves; `exact-dia4`: 6573 of 8 (Popeye's counts).
    assert_eq!(lines(&problem(W_E4, B_E5, "dia4")).1, 6876);
    assert_eq!(lines(&problem(W_E4, B_E5, "exact-dia4")).1, 6573);
}

#[test]
fn a_game_stops_where_it_reaches_the_diagram() {
    // Popeye stops a game at the diagram when the side to move is the one of the end: `exact-dia4` has no game
    // that starts 1.e2-e4 e7-e5 (above). With the other side to move, it goes on: after 1.e4 e5 2.Ke2 Ke7, the
    // king's triangle 3.Kf3 Ke6 4.Ke3 Ke7 5.Ke2 reaches the diagram again after nine half-moves (Popeye: 6524
    // games, this one among them).
    let w = W_E4.replace("Ke1", "Ke2");
    let b = B_E5.replace("Ke8", "Ke7");
    let (l, n) = lines(&problem(&w, &b, "exact-dia4.5"));
    assert_eq!(n, 6524);
    assert!(
        l.contains(&"1.e2-e4 e7-e5   2.Ke1-e2 Ke8-e7   3.Ke2-f3 Ke7-e6   4.Kf3-e3 Ke6-e7   5.Ke3-e2 dia".to_string())
    );
}

#[test]
fn checks_are_marked_before_the_goal() {
    // Popeye: `2.Qd1-h5 + dia`, and ` +` inside a line.
    let (l, _) =
        lines(&problem(&W_E4.replace("Qd1", "Qh5"), &B_E5.replace("Pe5", "Pe7").replace("Pf7", "Pf6"), "dia1.5"));
    assert_eq!(l, ["1.e2-e4 f7-f6   2.Qd1-h5 + dia"]);
    // Donati, Elkies, Forslund, Internet Mailing List 1996 (PDB P0008141), SPG in 3.0.
    let (l, _) = lines(&problem(
        "Ke3 Qd1 Ra1 Rh1 Bc1 Bf1 Sb1 Sg1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf3 Pg2 Ph2",
        "Ke8 Qd4 Ra8 Rh8 Bc8 Bf8 Sb8 Sg8 Pa7 Pb7 Pc7 Pd7 Pe5 Pf7 Pg7 Ph7",
        "dia3",
    ));
    assert_eq!(l, ["1.f2-f3 e7-e5   2.Ke1-f2 Qd8-h4 +   3.Kf2-e3 Qh4-d4 + dia"]);
}

#[test]
fn a_to_b_starts_with_black() {
    // Popeye: `a=>b1` from the game array to 1.e4 e5 is `1.e7-e5 e2-e4 a=>b`; `a=>b1.5` still starts with Black;
    // with WhiteToPlay White starts, the length unchanged (`a=>b2`: 2 games).
    let a_to_b = |stip: &str, opt: &str| {
        format!("BeginProblem\n{ARRAY}Stipulation {stip}\nPieces\nWhite {W_E4}\nBlack {B_E5}\n{opt}EndProblem\n")
    };
    assert_eq!(lines(&a_to_b("a=>b1", "")).0, ["1.e7-e5 e2-e4 a=>b"]);
    assert_eq!(lines(&a_to_b("a=>b1.5", "")).0, ["1.e7-e6 e2-e4   2.e6-e5 a=>b"]);
    assert_eq!(
        lines(&a_to_b("a=>b2", "Option WhiteToPlay\n")).0,
        ["1.e2-e3 e7-e6   2.e3-e4 e6-e5 a=>b", "1.e2-e4 e7-e5 a=>b"]
    );
}

#[test]
fn popeye_layout_of_a_to_b() {
    // Popeye 4.104 on REGRESSIONS/4_43_to_4_45.inp (its first problem): the start position, its counts, the side
    // that starts, then the diagram; the series numbered move by move, a check before the goal's mark.
    let text = "BeginProblem\nPieces\nWhite Ka2\nBlack Rh8 Pa4\nStipulation ser-a=>b2\nPieces\nWhite Ka4\nBlack Rh8\nOption NoBk\nEndProblem\n";
    let (code, out, _) = crate::common::stipula(&["solve", "-"], text);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("                              1 + 2\n\n            => (White ->)\n\n\n+---a"), "{out}");
    assert!(out.contains("  ser-a=>b2                   1 + 1\n\n  1.Ka2-a3   2.Ka3*a4 a=>b\n"), "{out}");
    let text = "BeginProblem\nPieces White Ke1 Bf2 Black Kc3 Ra2\nStipulation ser-a=>b12\nPieces White Kh5 Be1 Black Kc3\nEndProblem\n";
    let (_, out, _) = crate::common::stipula(&["solve", "-"], text);
    assert!(out.contains("  1.Ke1-d1   2.Kd1-c1   3.Kc1-b1   4.Kb1*a2   5.Ka2-b1   6.Kb1-c1   7.Kc1-d1   8.Kd1-e2   9.Ke2-f3  10.Kf3-g4  11.Kg4-h5  12.Bf2-e1 + a=>b\n"), "{out}");
}

/// The Popeye text of a position's pieces (`White Ke1 … Black …`).
fn pieces(pos: &Position) -> String {
    let mut s = String::new();
    for (color, word) in [(Color::White, "White"), (Color::Black, "Black")] {
        let _ = write!(s, "{word}");
        for (sq, p) in pos.pieces().filter(|(_, p)| p.color == color) {
            let _ = write!(s, " {}{sq}", p.kind.code());
        }
        s.push('\n');
    }
    s
}

/// A random game of `plies` half-moves from `start` (shorter where a side has no move).
fn random_game(rng: &mut Rng, start: &Position, plies: u32) -> Position {
    let rules = Rules::orthodox();
    let mut pos = start.clone();
    for _ in 0..plies {
        let mut moves = Vec::new();
        rules.legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        let m = *rng.pick(&moves);
        pos = rules.make(&pos, m);
    }
    pos
}

/// The random cases: `dia` (sometimes `exact-`) from the game array after 1 to 8 half-moves, and `a=>b` from a
/// position after an odd number of half-moves (Black to move, as `a=>b` starts) to one 1 to 6 half-moves later.
fn random_case(seed: u64, index: u64) -> String {
    let mut rng = Rng::new(difftest::gen::case_seed(seed, index));
    let array =
        read_popeye(&format!("BeginProblem\n{ARRAY}Stipulation dia1\nEndProblem\n"), "a.inp").remove(0).unwrap();
    let rules = Rules::orthodox();
    let setup = array.options.setup();
    let start = stipula::setup::build_position(&array.pieces, &array.state, Color::White, &rules, &setup).unwrap();
    let length = |n: u32| format!("{}{}", n / 2, if n % 2 == 1 { ".5" } else { "" });
    if rng.chance(70) {
        let n = rng.range(1, 9);
        let end = random_game(&mut rng, &start, n);
        let exact = if rng.chance(30) { "exact-" } else { "" };
        format!("BeginProblem\nPieces\n{}Stipulation {exact}dia{}\nEndProblem\n", pieces(&end), length(n))
    } else {
        let k = 2 * rng.range(0, 3) + 1;
        let a = random_game(&mut rng, &start, k);
        let n = rng.range(1, 7);
        let b = random_game(&mut rng, &a, n);
        format!("BeginProblem\nPieces\n{}Stipulation a=>b{}\nPieces\n{}EndProblem\n", pieces(&a), length(n), pieces(&b))
    }
}

#[test]
#[cfg_attr(not(popeye_oracle), ignore = "needs Popeye's binary: ../shared/popeye-ref/py or STIPULA_POPEYE_BIN")]
fn random_proof_games_agree_with_popeye() {
    let popeye = difftest::popeye_binary().expect("Popeye's binary");
    let env = |name: &str, default: u64| std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default);
    let (seed, count) = (env("STIPULA_PROOF_SEED", 20261128), env("STIPULA_PROOF_COUNT", 40));
    let limit = Duration::from_secs(20);
    let mut wrong = Vec::new();
    let mut agree = 0;
    for i in 0..count {
        let text = random_case(seed, i);
        let (py, st) = (oracle::popeye(&popeye, &text, limit), oracle::stipula(&text, limit));
        // The game played is a solution (unless it passed the diagram on the way): Popeye lists some game.
        let found = matches!(&py, oracle::Answer::Solved { twins, .. } if twins.iter().any(|t| !t.lines.is_empty()));
        match oracle::compare(&py, &st, false) {
            Verdict::Agree if found => agree += 1,
            Verdict::Agree => {}
            // A case Popeye cannot finish in time is not compared (none of the default seed's).
            Verdict::TimedOut("Popeye") => {}
            v => wrong.push(format!("case {i} {v:?}\n{text}")),
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {count} random proof games disagree with Popeye (seed {seed}):\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(agree as u64 >= count * 9 / 10, "only {agree} of {count} compared with games found");
}

/// Every proof game (`dia`, `a=>b` stipulations) of Popeye's example corpus (`src/BEISPIEL`, `src/EXAMPLES`,
/// `src/REGRESSIONS`, `src/TESTS` of `STIPULA_POPEYE_REF`, default `../shared/popeye-ref`), solved by both and
/// compared; the problems stipula refuses are counted by reason. Long: `benches/proof-corpus.sh` runs it and
/// keeps its report in `target/proof-corpus.txt`. `STIPULA_CASE_SECONDS` (default 60) limits each problem.
#[test]
#[ignore = "the whole corpus takes minutes: benches/proof-corpus.sh"]
fn popeye_corpus_proof_games() {
    let reference = std::env::var("STIPULA_POPEYE_REF").map_or_else(
        |_| std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/popeye-ref")),
        std::path::PathBuf::from,
    );
    let bin =
        difftest::popeye_binary().expect("Popeye's binary is not there (STIPULA_POPEYE_BIN, ../shared/popeye-ref/py)");
    let limit: f64 = std::env::var("STIPULA_CASE_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let dirs: Vec<std::path::PathBuf> =
        ["BEISPIEL", "EXAMPLES", "REGRESSIONS", "TESTS"].iter().map(|d| reference.join("src").join(d)).collect();
    let dirs: Vec<&std::path::Path> = dirs.iter().map(|d| d.as_path()).collect();
    let mut problems = difftest::regressions::problems(&dirs);
    // A proof game's stipulation: `dia`, `a=>b` after the play's prefix (`exact-`, `ser-`, `pser-h`, …).
    let proof = |text: &str| {
        text.lines().any(|l| {
            let mut w = l.split_whitespace();
            let cmd = w.next().unwrap_or("").to_ascii_lowercase();
            let st = w.collect::<String>().to_ascii_lowercase();
            cmd.len() >= 3
                && ("stipulation".starts_with(&cmd) || "sstipulation".starts_with(&cmd))
                && (st.contains("dia") || st.contains("a=>b"))
        })
    };
    problems.retain(|p| proof(&p.text));
    let jobs = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    let started = std::time::Instant::now();
    let sample = vec![true; problems.len()];
    let r = difftest::regressions::run(&problems, &sample, &bin, Duration::from_secs_f64(limit), jobs, None);
    let mut w = String::new();
    let refusals = r.refusals(&problems);
    let unsupported: usize = refusals.values().map(Vec::len).sum();
    let _ = writeln!(
        w,
        "Proof games of Popeye's corpus: {} problems in {:.0} s",
        problems.len(),
        started.elapsed().as_secs_f64()
    );
    let _ = writeln!(
        w,
        "  {} agree, {} refused by both, {} over the {limit} s limit, {} disagree",
        r.count("agree"),
        r.count("both-refused"),
        r.count("over-limit"),
        r.count("differ")
    );
    let agree: Vec<&str> = problems
        .iter()
        .zip(&r.results)
        .filter(|(_, e)| e.outcome.word() == "agree")
        .map(|(p, _)| p.name.as_str())
        .collect();
    let _ = writeln!(w, "  agree: {}", agree.join(" "));
    let _ = writeln!(w, "  {unsupported} use what stipula does not support:");
    for (why, names) in &refusals {
        let _ = writeln!(w, "    {} {why}: {}", names.len(), names.join(" "));
    }
    for (p, e) in problems.iter().zip(&r.results) {
        match &e.outcome {
            difftest::regressions::Outcome::OverLimit(who) => {
                let _ = writeln!(w, "  over the limit: {} ({who})", p.name);
            }
            difftest::regressions::Outcome::Differ { what, popeye, stipula } => {
                let _ = writeln!(
                    w,
                    "\n=== {}: {what}\n--- problem\n{}\n--- Popeye\n{}\n--- stipula\n{}",
                    p.name,
                    p.text.trim_end(),
                    popeye.trim_end(),
                    stipula.trim_end()
                );
            }
            _ => {}
        }
    }
    print!("{w}");
    let _ = std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/target/proof-corpus.txt"), &w);
    assert_eq!(r.count("differ"), 0, "proof games of Popeye's corpus disagree (see above)");
}

#[test]
fn verify_says_sound_or_cooked_with_the_second_game() {
    // Hans Gruber, Problemkiste 1983 (PDB P0002266), SPG in 8.5: Euclide's problems/no-captures.txt lists it with
    // two solutions (Popeye 4.104 finds the same two). Stating one, the other is the cook.
    let yaml = |solution: &str| {
        format!(
            "---\nauthors:\n  - Gruber, Hans\nsource:\n  name: Problemkiste\n  date: 1983\nalgebraic:\n  white: [Kh4, Qh5, Ra1, Rh1, Bc1, Bh3, Sb1, Sg1, Pa2, Pb2, Pc2, Pd2, Pe4, Pf4, Pg2, Ph2]\n  black: [Ke8, Qd8, Ra8, Rh8, Bc8, Bf8, Sb8, Sg8, Pa7, Pb7, Pc7, Pd7, Pe7, Pf6, Pg7, Ph7]\nstipulation: \"dia8.5\"\nsolution: |\n  {solution}\n"
        )
    };
    let one = "1.e2-e4 f7-f6 2.Bf1-e2 Ke8-f7 3.Be2-g4 Kf7-g6 4.Bg4-h3 Kg6-g5 5.f2-f4+ Kg5-h6 6.Ke1-f2 Kh6-g6 7.Kf2-g3 Kg6-f7 8.Kg3-h4 Kf7-e8 9.Qd1-h5+";
    let other = "1.f2-f4 f7-f6 2.Ke1-f2 Ke8-f7 3.Kf2-g3 Kf7-e6 4.Kg3-h4 Ke6-d5 5.e2-e4+ Kd5-d6 6.Bf1-e2 Kd6-e6 7.Be2-g4+ Ke6-f7 8.Bg4-h3 Kf7-e8 9.Qd1-h5+";
    let dir = std::env::temp_dir().join(format!("stipula-proof-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cooked = dir.join("cooked.yaml");
    std::fs::write(&cooked, yaml(one)).unwrap();
    let (code, out, _) = crate::common::stipula(&["verify", cooked.to_str().unwrap()], "");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("dia8.5: cooked"), "{out}");
    assert!(out.contains("cook: 1.f2-f4 f7-f6   2.Ke1-f2") || out.contains("cook: 1.f2-f4 f7-f6 2.Ke1-f2"), "{out}");
    let sound = dir.join("sound.yaml");
    std::fs::write(&sound, yaml(&format!("{one}\n  {other}"))).unwrap();
    let (code, out, _) = crate::common::stipula(&["verify", sound.to_str().unwrap()], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("dia8.5: sound"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn convert_refuses_a_to_b_rather_than_lose_its_start() {
    let text = "BeginProblem\nPieces White Ka2 Black Rh8 Pa4\nStipulation ser-a=>b2\nPieces White Ka4 Black Rh8\nOption NoBk\nEndProblem\n";
    let (code, out, err) = crate::common::stipula(&["convert", "-"], text);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("not supported: converting `ser-a=>b2` to YAML"), "{err}");
    assert!(!out.contains("algebraic"), "{out}");
    // A `dia` converts: its start is the game array.
    let (code, out, _) = crate::common::stipula(&["convert", "-"], &problem(W_E4, B_E5, "dia2"));
    assert_eq!(code, 0);
    assert!(out.contains("stipulation: \"dia2\""), "{out}");
}
