//! The `explain` command on the real binary: the seed 002 walkthrough, `--why` answers for paralysis, check,
//! cancelled checks, grasshoppers and locusts, Isardam and Eiffel, the SVG, and bad input.

use crate::common;
use common::stipula;

/// `--why MOVE` on a statement given on standard input; the single answer line.
fn why(stmt: &str, mv: &str) -> String {
    let (code, out, err) = stipula(&["explain", "-", "--why", mv], stmt);
    assert_eq!(code, 0, "{err}");
    out.trim_end().to_string()
}

const WORKED: &str = "problems/examples/madrasi-worked-example.stip";

#[test]
fn worked_example_walkthrough_names_the_paralyses() {
    let (code, out, err) = stipula(&["explain", WORKED], "");
    assert_eq!(code, 0, "{err}");
    // Seed 002: Rc5/Rg5, Rg2 (by g5), knights d8/f7, pawns c2/d3 paralysed; the black king is not in check
    // from the rook on c5 because it is paralysed.
    for p in [
        "Rc5 (by Rg5)",
        "Rg5 (by Rg2, Rc5)",
        "Rg2 (by Rg5)",
        "Sd8 (by Sf7)",
        "Sf7 (by Sd8)",
        "Pc2 (by Pd3)",
        "Pd3 (by Pc2)",
    ] {
        assert!(out.contains(p), "{p} missing:\n{out}");
    }
    assert!(!out.contains("Rh4 (by"), "seed 002: the rook on h4 is free");
    assert!(out.contains(
        "The rook on c5 observes the black king on c8 but gives no check: it is paralysed by the rook on g5."
    ));
    // Seed 002: 1.Be5 releases c5, which checks; Rxe5 is impossible (g5 paralysed by g2); 1...Rc4 re-paralyses;
    // 2.bxc4 is mate.
    assert!(out.contains("1.Ba1-e5 + !"));
    assert!(out.contains("released: Rc5"));
    assert!(out.contains("The rook on c5 checks the black king on c8."));
    assert!(out.contains("Rg5×e5 is impossible: the rook on g5 is paralysed by the rook on g2."));
    assert!(out.contains("1...Rh4-c4") && out.contains("newly paralysed: Rc4 (by Rc5), Rc5 (by Rc4)"));
    assert!(out.contains("2.b3*c4 #") && out.contains("Black is checkmated."));
    // The diagram: Unicode pieces, paralysed ones in parentheses.
    assert!(out.contains("(♖)") && out.contains(" ♚ "));
}

#[test]
fn why_paralysed_legal_and_bad_move() {
    let (code, out, _) = stipula(&["explain", WORKED, "--why", "Rc5×g5", "--why", "Sf2xd3", "--why", "c2*d3"], "");
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "Rc5×g5 is impossible: the rook on c5 is paralysed by the rook on g5.");
    // Seed 002: "White cannot play cxd3 because his pawn is paralysed, but he can play Nxd3, thus unparalysing
    // his c2 pawn."
    assert_eq!(lines[1], "Sf2×d3 is legal. It releases the pawn on c2 from paralysis.");
    assert_eq!(lines[2], "c2×d3 is impossible: the pawn on c2 is paralysed by the pawn on d3.");
    let (code, _, err) = stipula(&["explain", WORKED, "--why", "Rc5~g5"], "");
    assert_eq!(code, 2);
    assert!(err.contains("cannot read the move"), "{err}");
    let (code, _, err) = stipula(&["explain", WORKED, "--why", "Qc5-g5"], "");
    assert_eq!(code, 2, "wrong piece letter");
    assert!(err.contains("white rook"), "{err}");
}

#[test]
fn why_move_into_a_real_check() {
    // Seed 002 after 1.Be5: the black king is in check from the unparalysed rook on c5, so Bd1xc2 is refused.
    let stmt = "white: Kf1 Rc5 Rg2 Be5 Sf7 Sf2 Pb3 Pc2\nblack: Kc8 Rg5 Rh4 Bd1 Sd8 Pb7 Pd7 Pd3\nstipulation: h#1\nconditions: Madrasi\n";
    assert_eq!(
        why(stmt, "Bd1*c2"),
        "Bd1×c2 is impossible: it would leave the black king in check from the rook on c5."
    );
    // A king move into the line of a free rook (the rook h4 is not paralysed, seed 002).
    let stmt = "white: Kf1 Rc5 Rg2 Ba1 Sf7 Sf2 Pb3 Pc2\nblack: Kc8 Rg5 Rh4 Bd1 Sd8 Pb7 Pd7 Pd3\nstipulation: #2\nconditions: Madrasi\n";
    let s = why(stmt, "Kf1-e1");
    assert!(s.contains("is legal"), "{s}");
}

#[test]
fn check_cancelled_by_paralysis_seed_003_b() {
    // Seed 003 diagram B: the white king may go to d2, e2, f2, observed only by paralysed black pieces.
    let (code, out, _) =
        stipula(&["explain", "problems/madrasi.yaml", "--problem", "3", "--why", "Ke1-d2", "--why", "Ke1-e2"], "");
    assert_eq!(code, 0);
    assert!(out.contains("Ke1-d2+ is legal. d2 is observed by the pawn on c3 (paralysed by the pawn on b2) and the knight on e4 (paralysed by the knight on g3), so the king may stand there."), "{out}");
    assert!(out.contains("e2 is observed by the queen on h5 (paralysed by the queen on h7)"), "{out}");
    // In the walkthrough: the three squares, each a discovered mate.
    let (_, out, _) = stipula(&["explain", "problems/madrasi.yaml", "--problem", "3"], "");
    for m in ["1.Ke1-d2 # !", "1.Ke1-e2 # !", "1.Ke1-f2 # !"] {
        assert!(out.contains(m), "{m}\n{out}");
    }
    assert!(
        out.contains("Ke1-f2 is legal: f2 is observed only by the knight on e4 (paralysed by the knight on g3)"),
        "{out}"
    );
}

#[test]
fn grasshopper_paralysis_is_not_mutual_seed_003_c() {
    // Seed 003 C: Gf3 paralyses Gb7 (hurdle c6), Gb7 does not observe f3.
    let stmt = "white: Ke1 Gb7 Pc6\nblack: Ke8 Gf3\nstipulation: #1\nconditions: Madrasi\n";
    assert_eq!(
        why(stmt, "Gb7-d5"),
        "Gb7-d5 is impossible: the grasshopper on b7 is paralysed by the grasshopper on f3."
    );
    assert_eq!(why(stmt, "Gf3*b7"), "It is White's turn, not Black's. If Black were to move: Gf3×b7 is legal.");
    let (_, out, _) = stipula(&["explain", "-"], stmt);
    assert!(out.contains("paralysed: Gb7 (by Gf3)") && !out.contains("Gf3 (by"), "{out}");
}

#[test]
fn locust_paralysis_is_not_mutual_seed_003_d() {
    // Seed 003 D: Lh7 paralyses Lc2 (landing b1); Lc2 does not observe h7 (edge); Lh7 may capture Lc2; the
    // black king may stand on the c-file.
    let stmt = "white: Ke1 Lc2\nblack: Kc5 Lh7\nstipulation: h#1\nconditions: Madrasi\n";
    // After the capture the locust on b1 checks the white king on e1 along the first rank (landing on f1).
    assert_eq!(
        why(stmt, "Lh7*c2-b1"),
        "Lh7×c2-b1+ is legal. It gives check: the locust on b1 checks the white king on e1."
    );
    assert_eq!(why(stmt, "Kc5-c4"), "Kc5-c4 is legal. c4 is observed by the locust on c2 (paralysed by the locust on h7), so the king may stand there.");
    let (_, out, _) = stipula(&["explain", "-"], stmt);
    assert!(out.contains("paralysed: Lc2 (by Lh7)") && !out.contains("Lh7 (by"), "{out}");
    assert!(
        out.contains(
            "The locust on c2 observes the black king on c5 but gives no check: it is paralysed by the locust on h7."
        ),
        "{out}"
    );
}

#[test]
fn isardam_forbids_creating_a_paralysis_and_cancels_checks() {
    // Seed 002: under Isardam a move that leads to a Madrasi paralysis is illegal.
    let stmt = "white: Ke1 Ra1\nblack: Ke8 Rc4\nstipulation: #2\nconditions: Isardam\n";
    assert_eq!(
        why(stmt, "Ra1-a4"),
        "Ra1-a4 is impossible: it would create a paralysis, which Isardam forbids: the rook on a4 would be paralysed by the rook on c4 and the rook on c4 would be paralysed by the rook on a4."
    );
    assert_eq!(why(stmt, "Ra1-b1"), "Ra1-b1 is legal.");
    // Popeye BEISPIEL-isardam_3: the rook e4 "attacks" the king c4, but Rxc4 would stand beside Rb4: no check.
    let stmt = "white: Kc6 Re4 Pe3\nblack: Kc4 Rb4 Sd3 Pe6\nstipulation: #2\nconditions: Isardam\n";
    let (_, out, _) = stipula(&["explain", "-"], stmt);
    assert!(
        out.contains("The rook on e4 observes the black king on c4 but gives no check: Re4×c4 would create a paralysis (the rook on b4 would be paralysed by the rook on c4 and the rook on c4 would be paralysed by the rook on b4), which Isardam forbids."),
        "{out}"
    );
}

#[test]
fn eiffel_paralysis_follows_the_cycle() {
    // RULES.md: a bishop paralyses an opposing rook it observes; the rook gives no check.
    let stmt = "white: Ke1 Bb2\nblack: Ke8 Re5\nstipulation: #2\nconditions: Eiffel\n";
    assert_eq!(why(stmt, "Bb2*e5"), "Bb2×e5 is legal.");
    // The rook e5 cannot move: it is paralysed by the bishop (RULES.md, Eiffel).
    let stmt_b = "white: Ke1 Bb2\nblack: Ke8 Re5\nstipulation: h#2\nconditions: Eiffel\n";
    assert_eq!(why(stmt_b, "Re5-e1"), "Re5×e1 is impossible: the rook on e5 is paralysed by the bishop on b2.");
    let (_, out, _) = stipula(&["explain", "-"], stmt);
    assert!(out.contains("paralysed: Re5 (by Bb2)"), "{out}");
    assert!(
        out.contains(
            "The rook on e5 observes the white king on e1 but gives no check: it is paralysed by the bishop on b2."
        ),
        "{out}"
    );
}

#[test]
fn svg_is_well_formed_and_deterministic() {
    let dir = std::env::temp_dir().join(format!("stipula-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a = dir.join("a.svg");
    let b = dir.join("b.svg");
    for f in [&a, &b] {
        let (code, _, err) = stipula(&["explain", WORKED, "--svg", f.to_str().unwrap()], "");
        assert_eq!(code, 0, "{err}");
    }
    let sa = std::fs::read_to_string(&a).unwrap();
    assert_eq!(sa, std::fs::read_to_string(&b).unwrap(), "deterministic");
    assert!(sa.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"") && sa.trim_end().ends_with("</svg>"));
    // Minimal well-formedness: every element opened is closed (self-closing tags aside), in order.
    let mut stack: Vec<String> = Vec::new();
    let mut rest = sa.as_str();
    while let Some(i) = rest.find('<') {
        let j = rest[i..].find('>').unwrap() + i;
        let tag = &rest[i + 1..j];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "closing {name}");
        } else if !tag.ends_with('/') {
            stack.push(tag.split_whitespace().next().unwrap().to_string());
        }
        rest = &rest[j + 1..];
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    // Seed 002: seven paralysed pieces framed, eight paralyser arrows (g5 has two).
    assert_eq!(sa.matches("<title>paralysed:").count(), 7);
    assert_eq!(sa.matches("<line ").count(), 8);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_exits_2() {
    let (code, _, err) = stipula(&["explain", "no/such/file.stip"], "");
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    let (code, _, err) = stipula(&["explain", "-"], "white: Ke1 Xq9\nstipulation: #2\n");
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = stipula(&["explain", WORKED, "--problem", "5"], "");
    assert_eq!(code, 2);
    // A position the solver refuses (no black king).
    let (code, _, err) = stipula(&["explain", "-"], "white: Ke1 Qd1\nblack: Pe7\nstipulation: #2\n");
    assert_eq!(code, 2);
    assert!(err.contains("no king"), "{err}");
}

#[test]
fn every_problem_of_the_madrasi_collection_explains() {
    let (code, out, err) = stipula(&["explain", "problems/madrasi.yaml"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("── problem ").count(), 9);
    assert!(!out.contains("No solution."), "{out}");
}

#[test]
fn selfmate_walks_down_to_the_forced_mates() {
    // problems/madness.yaml, problem 8 (s#1 in Madness of Kings, derived by hand in its comments): after the
    // key 1.bKf6-h8! Black's only moves are 1...fxg2# and 1...hxg2#.
    let (code, out, err) = stipula(&["explain", "problems/madness.yaml", "--problem", "8"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1.bKf6-h8 !"), "{out}");
    assert!(out.contains("1...f3*g2 #") && out.contains("1...h3*g2 #"), "{out}");
    assert!(out.contains("White is checkmated."), "{out}");
}

#[test]
fn explain_refuses_what_solve_refuses() {
    // The walkthrough solves as `solve` does (src/solve/run.rs `solving_refusal`, `problem_search`): `Intelligent n`
    // is refused there (Popeye's choice of n lines per mating position follows its search order, BEISPIEL-intell_106),
    // so the walkthrough refuses it too, while `--why` (move legality only) still answers.
    let inp = "BeginProblem\nStipulation h#2\nOption Intelligent 2\nPieces White Kc3 Rh8 Black Ka1 Pa2\nEndProblem\n";
    let (code, _, err) = stipula(&["explain", "-"], inp);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not supported yet: option Intelligent 2"), "{err}");
    let (code, out, err) = stipula(&["explain", "-", "--why", "Rh8-h1"], inp);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Rh8-h1+ is legal"), "{out}");
}

/// The lone rook's endless tempo play (White Kb6 Rh1, Black Kb8): h#5 has far too many solutions to find in a
/// second (h#4 alone has 12157, as `solve` counts them).
const ROOK_H5: &str = "white: Kb6 Rh1\nblack: Kb8\nstipulation: h#5\n";

#[test]
fn explain_stops_at_the_time_limit_and_at_max_time() {
    let (code, out, err) = stipula(&["explain", "-", "--time-limit", "1"], ROOK_H5);
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("Note: the time limit stopped the search"), "{out}");
    assert!(out.contains("Solution 1: "), "what was found is walked through: {out}");
    // The problem's own MaxTime, no --time-limit.
    let (code, out, err) = stipula(&["explain", "-"], &format!("{ROOK_H5}options: maxtime 1\n"));
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("Note: the time limit stopped the search"), "{out}");
    let (code, _, err) = stipula(&["explain", WORKED, "--time-limit", "nan"], "");
    assert!(code == 2 && err.contains("more than 0"), "{err}");
}

#[test]
fn explain_walks_through_at_most_max_lines_solutions() {
    let h4 = "white: Kb6 Rh1\nblack: Kb8\nstipulation: h#4\n";
    let (code, out, err) = stipula(&["explain", "-"], h4);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("\nSolution ").count(), 100, "the default");
    assert!(out.contains("Note: the first 100 of 12157 solutions are walked through."), "{out}");
    let (code, out, _) = stipula(&["explain", "-", "--max-lines", "0"], h4);
    assert_eq!(code, 0);
    assert!(!out.contains("No solution.") && out.contains("the first 0 of 12157"), "{out}");
}

#[test]
fn svg_per_problem_and_never_over_the_input() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("explain_svg");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("two.stip");
    let two = "white: Kb6 Rh1\nblack: Kb8\nstipulation: #1\n---\nwhite: Kb6 Rh1 Bh3\nblack: Kb8\nstipulation: #1\n";
    std::fs::write(&input, two).unwrap();
    let input = input.to_string_lossy().into_owned();
    let out = dir.join("d.svg").to_string_lossy().into_owned();
    let (code, _, err) = stipula(&["explain", &input, "--svg", &out], "");
    assert_eq!(code, 0, "{err}");
    let first = std::fs::read_to_string(dir.join("d-1.svg")).unwrap();
    let second = std::fs::read_to_string(dir.join("d-2.svg")).unwrap();
    assert!(first.starts_with("<svg") && second.starts_with("<svg") && first != second);
    assert!(!dir.join("d.svg").exists());
    let (code, _, _) = stipula(&["explain", &input, "--svg", &out, "--problem", "2"], "");
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_to_string(dir.join("d.svg")).unwrap(), second);
    // The input, or any name not ending in .svg, is refused before anything is written.
    for bad in [input.clone(), dir.join("notes.txt").to_string_lossy().into_owned()] {
        let (code, _, err) = stipula(&["explain", &input, "--svg", &bad, "--problem", "1"], "");
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("--svg"), "{err}");
    }
    assert_eq!(std::fs::read_to_string(&input).unwrap(), two, "the input is untouched");
    assert!(!dir.join("notes.txt").exists());
    let svg_input = dir.join("p.svg");
    std::fs::write(&svg_input, two).unwrap();
    let svg_input = svg_input.to_string_lossy().into_owned();
    let (code, _, err) = stipula(&["explain", &svg_input, "--svg", &svg_input, "--problem", "1"], "");
    assert!(code == 2 && err.contains("it is the input file"), "{err}");
    assert_eq!(std::fs::read_to_string(&svg_input).unwrap(), two);
}

#[test]
fn help_play_is_numbered_as_problemists_write_it() {
    // Popeye reference case BEISPIEL-eiffel_4 (problems/popeye-eiffel.yaml): Popeye prints
    // `1.Bg1*e3 f7-f8=R   2.Be3-h6 Qd3-e4 #`, White's replies without a number.
    let stmt = "white: Kd1 Qd3 Be7 Pc3 Pc6 Pd4 Pe3 Pf7\nblack: Ke6 Qb3 Ra8 Rh8 Bg1 Pb5 Pc2 Pe2 Pf5 Pg7\nstipulation: h#2\nconditions: Eiffel\n";
    let (code, out, err) = stipula(&["explain", "-"], stmt);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Solution 1: 1.Bg1*e3 f7-f8=R 2.Be3-h6 Qd3-e4 #"), "{out}");
    assert!(out.contains("Solution 2: 1.Qb3*c3 f7-f8=B 2.Qc3-a5 Qd3-c4 #"), "{out}");
    assert!(!out.contains("1...f7"), "{out}");
}

#[test]
fn html_page_is_self_contained_small_and_deterministic() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("explain_html");
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.html"), dir.join("b.html"));
    for f in [&a, &b] {
        let (code, out, err) = stipula(&["explain", WORKED, "--html", f.to_str().unwrap()], "");
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("1.Ba1-e5 + !"), "the walkthrough is still printed");
    }
    let page = std::fs::read_to_string(&a).unwrap();
    assert_eq!(page, std::fs::read_to_string(&b).unwrap());
    assert!(page.len() <= 200_000, "the worked example's page weighs {} bytes", page.len());
    // Nothing from the network or another file: the only URL is the SVG namespace the script uses.
    for outside in ["src=", "<link", "@import", "url(http", "https:"] {
        assert!(!page.contains(outside), "{outside}");
    }
    assert_eq!(page.matches("http://").count(), page.matches("http://www.w3.org/2000/svg").count());
    // The pieces are drawn, not written as Unicode glyphs.
    assert!(page.contains("<symbol id=\"wK\"") && page.contains("<symbol id=\"bS\""));
    assert!(!page.contains('♔') && !page.contains('♚'));
    // The data: seed 002's explanations per position, and what a clicked piece may not do and why.
    assert!(page.contains("Rg5×e5 is impossible: the rook on g5 is paralysed by the rook on g2."));
    assert!(page.contains("the rook on c5 is paralysed by the rook on g5"));
    assert_eq!(page.matches("<script").count(), 2, "the data and the script");
    assert!(!page[page.find("id=\"data\">").unwrap()..].split("</script>").next().unwrap().contains("</"));
}

#[test]
fn html_page_name_and_bad_arguments() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("explain_html_bad");
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("page.txt");
    let (code, _, err) = stipula(&["explain", WORKED, "--html", bad.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("must end in `.html`"), "{err}");
    assert!(!bad.exists());
    let input = dir.join("input.html");
    std::fs::copy(WORKED, &input).unwrap();
    let (code, _, err) = stipula(&["explain", input.to_str().unwrap(), "--html", input.to_str().unwrap()], "");
    assert_eq!(code, 2, "never over the input");
    assert!(err.contains("input file"), "{err}");
    assert_eq!(std::fs::read_to_string(&input).unwrap(), std::fs::read_to_string(WORKED).unwrap());
    let (code, _, _) =
        stipula(&["explain", WORKED, "--html", dir.join("p.html").to_str().unwrap(), "--why", "Rc5xg5"], "");
    assert_eq!(code, 2, "--html and --why exclude each other");
    // A collection: one page with every problem.
    let all = dir.join("all.html");
    let (code, _, err) = stipula(&["explain", "problems/madrasi.yaml", "--html", all.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let page = std::fs::read_to_string(&all).unwrap();
    assert_eq!(page.matches("\"twins\":").count(), 9, "the nine problems of problems/madrasi.yaml");
}

#[test]
fn set_play_and_duplex_are_walked_through() {
    // BEISPIEL-selfref_2 (s#3, set play): Popeye's set play begins `1...Sa1-c2  2.Ta7-a6 +  2...Kf6-e7
    // 3.Db3*b4 +` and has the defence `1...Sa1*b3  2.Sg5-e4 +` (BEISPIEL-selfref_2.out), walked before the solution.
    let (code, out, err) = common::stipula(&["explain", "-"], crate::browser_page::SELFREF_2);
    assert_eq!(code, 0, "{err}");
    let (set, main) = (
        out.find("\nSet play, Black to move:\n").expect("the set play"),
        out.find("\nSolution:\n").expect("the solution"),
    );
    assert!(set < main, "{out}");
    let set_play: Vec<&str> = out[set..main].lines().map(str::trim).collect();
    for mv in ["1...Sa1-c2", "2.Ra7-a6 +", "2...Kf6-e7", "3.Qb3*b4 +", "1...Sa1*b3", "2.Sg5-e4 +"] {
        assert!(set_play.contains(&mv), "{mv} not in the set play:\n{}", &out[set..main]);
    }
    assert!(!out.contains("not walked through"), "{out}");
    // A helpmate with Duplex: Popeye 4.104 (`py -maxmem 256M -regression`) finds fourteen lines with Black
    // beginning (among them `1.a7-a5 Kc5-b6 2.Bb7-h1 Rd1-d8 #`) and none with White beginning, nor in the set play.
    let hduplex =
        "BeginProblem\nStipulation h#2\nOption SetPlay Duplex\nPieces White Kc5 Rd1 Black Ka8 Pa7 Bb7\nEndProblem\n";
    let (code, out, err) = common::stipula(&["explain", "-"], hduplex);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("\nSolution ").count(), 14, "{out}");
    assert!(out.contains("Solution 14: 1.a7-a6 Kc5-b6 2.Bb7-h1 Rd1-d8 #"), "{out}");
    for phase in ["\nSet play, White to move:\n", "\nDuplex: White begins:\n"] {
        let at = out.find(phase).unwrap_or_else(|| panic!("{phase} missing:\n{out}")) + phase.len();
        let section = &out[at..out[at..].find("\n\n").map_or(out.len(), |e| at + e)];
        assert!(section.trim_end().ends_with("No solution."), "{phase}{section}");
    }
}

#[test]
fn a_proof_game_is_walked_from_the_game_array() {
    // Popeye 4.104 on this `dia 2.0` prints `1.e2-e4 e7-e5 dia` and `1.e2-e3 e7-e6   2.e3-e4 e6-e5 dia`.
    let problem = "begin\nstipulation dia 2.0\npieces white ke1 qd1 ra1h1 bc1f1 sb1g1 pa2b2c2d2e4f2g2h2 black ke8 qd8 \
                   ra8h8 bc8f8 sb8g8 pa7b7c7d7e5f7g7h7\nend\n";
    let dir = std::env::temp_dir().join(format!("stipula-proof-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let inp = dir.join("p.inp");
    std::fs::write(&inp, problem).unwrap();
    let inp = inp.to_str().unwrap();
    let (code, out, err) = stipula(&["explain", inp], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("The game array, White to move:"), "{out}");
    // The board shown first is the game array: the pawns still on e2 and e7.
    assert!(out.contains(" 2  ♙  ♙  ♙  ♙  ♙  ♙  ♙  ♙  2"), "{out}");
    assert!(out.contains("Solution 1: 1.e2-e3 e7-e6 2.e3-e4 e6-e5 dia\n  1.e2-e3\n"), "{out}");
    assert!(out.contains("Solution 2: 1.e2-e4 e7-e5 dia\n  1.e2-e4\n"), "{out}");
    // The page says where the games start.
    let page = dir.join("p.html");
    let (code, _, err) = stipula(&["explain", inp, "--html", page.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("The game array, White to move"), "no start title on the page");
    let _ = std::fs::remove_dir_all(&dir);
}
