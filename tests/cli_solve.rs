//! The `solve` command on the real binary: a shipped example, standard input, bad input.

mod common;
use common::stipula;

#[test]
fn seed_002_worked_example_has_the_single_key_be5() {
    // Seed 002 (Madrasi article, position in ../shared/seeds/README.md): as a #2 the single key is 1.Be5+!.
    let (code, out, _) = stipula(&["solve", "problems/examples/madrasi-worked-example.stip"], "");
    assert_eq!(code, 0);
    let keys: Vec<&str> = out.lines().filter(|l| l.ends_with(" !")).collect();
    assert_eq!(keys, vec!["   1.Ba1-e5 + !"]);
    // The variation of the seed: 1...Rc4 2.bxc4#.
    assert!(out.contains("   1.Ba1-e5 + !\n      1...Rh4-c4\n          2.b3*c4 #\n"), "{out}");
    assert!(out.ends_with("solution finished.\n"));
}

#[test]
fn yaml_output_fills_the_solution_and_reads_back() {
    let (code, yaml, err) = stipula(&["solve", "--format", "yaml", "problems/examples/madrasi-worked-example.stip"], "");
    assert_eq!(code, 0, "{err}");
    assert!(yaml.contains("stipulation: \"#2\""), "{yaml}");
    assert!(yaml.contains("solution: |2\n     1.Ba1-e5 + !\n        1...Rh4-c4\n            2.b3*c4 #\n"), "{yaml}");
    // The entry solves again to the same solution.
    let (code, again, _) = stipula(&["solve", "-"], &yaml);
    assert_eq!(code, 0);
    assert!(again.contains("   1.Ba1-e5 + !\n      1...Rh4-c4\n          2.b3*c4 #\n"), "{again}");
}

/// Every problem file under `problems/`, sorted.
fn problem_files() -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| ["stip", "yaml", "yml", "inp", "olv"].contains(&x.to_str().unwrap_or(""))) {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(std::path::Path::new("problems"), &mut out);
    out.sort();
    out
}

#[test]
fn same_output_for_one_and_two_threads_and_two_table_sizes() {
    // The promise: results do not depend on the thread count or the table size.
    let files = problem_files();
    assert!(!files.is_empty());
    for f in files {
        let f = f.to_string_lossy();
        let small = stipula(&["solve", &f, "--threads", "1", "--hash", "1"], "");
        let large = stipula(&["solve", &f, "--threads", "2", "--hash", "64"], "");
        assert_eq!(small.0, large.0, "{f}: exit codes differ");
        assert_eq!(small.1, large.1, "{f}: outputs differ between 1 thread / 1 MB and 2 threads / 64 MB");
    }
}

#[test]
fn helpmate_from_standard_input_in_popeye_format() {
    // BEISPIEL-castling_18 twin a) (../shared/popeye): Popeye's solution is 1.Kg8-h8 Th1-f1 2.Sh3-g1 Tf1-f8 #.
    let inp = "BeginProblem\nStipulation h#2\nPieces White Ke1 Rh1 Sg5 Black Kg8 Sh3 Pg7\nEndProblem\n";
    let (code, out, _) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("  1.")).collect();
    assert_eq!(lines, vec!["  1.Kg8-h8 Rh1-f1   2.Sh3-g1 Rf1-f8 #"], "{out}");
    let json = stipula(&["solve", "-", "--format", "json"], inp).1;
    assert!(json.contains("\"schema\": \"stipula.solve/1\""), "{json}");
}

#[test]
fn unsolvable_position_is_bad_input_with_location() {
    let inp = "BeginProblem\nStipulation #2\nPieces White Ke1 Pa8 Black Ke8\nEndProblem\n";
    let (code, out, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 2, "{out}");
    // The reader refuses it, pointing at the pawn's token.
    assert!(err.contains("-:3:18") && err.contains("^^^"), "{err}");
    assert!(err.contains("first or last rank"), "{err}");
    assert!(err.contains("= hint:"), "{err}");
    let (code, _, err) = stipula(&["solve", "no-such-file.inp"], "");
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    let inp = "BeginProblem\nStipulation #2\nOption WhiteToPlay\nPieces White Ke1 Qd1 Black Ke8\nEndProblem\n";
    let (code, _, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 2);
    assert!(err.contains("WhiteToPlay only applies to help play"), "{err}");
    let inp = "BeginProblem\nStipulation h#2\nOption Duplex HalfDuplex\nPieces White Ke1 Qd1 Black Ke8\nEndProblem\n";
    let (code, _, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 2);
    assert!(err.contains("Duplex and HalfDuplex contradict"), "{err}");
    assert!(err.contains("-:3:15"), "the conflicting option is pointed at: {err}");
}

#[test]
fn convert_refuses_a_problem_that_cannot_be_solved() {
    for (input, place, what) in [
        ("white: Ke1 Pa1\nblack: Ke8\nstipulation: #2\n", "-:1:12", "first or last rank"),
        ("white: Ke1 Qd1\nblack: Pe7\nstipulation: #2\n", "-:2:8", "Black has no king"),
        ("white: Ke1\nblack: Ke8\nstipulation: h#2\noptions: Duplex HalfDuplex\n", "-:4:17", "Duplex and HalfDuplex"),
        ("white: Ke1\nblack: Ke8\nstipulation: #2\nconditions: Madrasi Isardam\n", "-:4:21", "cannot be combined"),
        ("fen: 4k3/8/8/8/8/8/8/4K3 w K -\nstipulation: #2\n", "-:1:28", "castling right"),
        ("---\nalgebraic:\n  white: [Ke1, Pa1]\n  black: [Ke8]\nstipulation: \"#2\"\n", "-:3:16", "first or last rank"),
        ("BeginProblem\nStipulation #2\nPieces White Ke1 Qd1 Black Pe7\nEndProblem\n", "-:3:22", "Black has no king"),
    ] {
        let (code, out, err) = stipula(&["convert", "-"], input);
        assert_eq!(code, 2, "{input}: {out}");
        assert!(out.is_empty(), "{input}: nothing is written: {out}");
        assert!(err.contains(what) && err.contains(place) && err.contains("= expected:") && err.contains("= hint:"), "{input}: {err}");
    }
    // In a file of several problems the refused one is reported and the others are still written.
    let two = "BeginProblem\nStipulation #2\nPieces White Ke1 Pa1 Black Ke8\nNextProblem\nStipulation #2\nPieces White Ke1 Qd1 Black Ke8\nEndProblem\n";
    let (code, out, err) = stipula(&["convert", "-"], two);
    assert_eq!(code, 2);
    assert_eq!(out.matches("algebraic:").count(), 1, "{out}");
    assert_eq!(err.matches("error:").count(), 1, "{err}");
}
