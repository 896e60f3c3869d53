//! The `solve` command on the real binary: a shipped example, standard input, bad input.

use crate::common;
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
    let (code, yaml, err) =
        stipula(&["solve", "--format", "yaml", "problems/examples/madrasi-worked-example.stip"], "");
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
            } else if p
                .extension()
                .is_some_and(|x| ["stip", "yaml", "yml", "inp", "olv"].contains(&x.to_str().unwrap_or("")))
            {
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
    // The issue's promise: results do not depend on the thread count or the table size.
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

/// A #2 with set play whose diagram has Black in check: the solution (White to move) cannot be played, the set play
/// can. Popeye 4.104 (`py -maxmem 1G`) prints the set play `1...Kh8-h7 2.Rg1-h1 #` and writes `the side to play can
/// capture the king` on standard error; stipula prints the same play and says which phase it left out, and why.
const SET_PLAY_ONLY: &str =
    "BeginProblem\nStipulation #2\nOption SetPlay\nPieces White Kf6 Ra8 Rg1 Black Kh8 Pa7\nEndProblem\n";

#[test]
fn a_phase_that_cannot_be_played_is_left_out_and_said() {
    let (code, out, err) = stipula(&["solve", "-"], SET_PLAY_ONLY);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("      1...Kh8-h7\n          2.Rg1-h1 #\n"), "{out}");
    assert!(err.contains("warning: the solution is left out: Black, not to move, is in check"), "{err}");
    assert!(err.contains("-:1:1"), "{err}");
    let (code, json, _) = stipula(&["solve", "-", "--format", "json"], SET_PLAY_ONLY);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let twin = &v["problems"][0]["twins"][0];
    assert_eq!(
        twin["unplayable"],
        serde_json::json!([{"kind": "solution", "side": "white", "why": "Black, not to move, is in check"}])
    );
    assert_eq!(twin["phases"].as_array().unwrap().len(), 1, "{json}");
    // A problem whose phases can all be played says nothing of the kind.
    let (_, json, err) = stipula(&["solve", "-", "--format", "json"], &SET_PLAY_ONLY.replace("Ra8", "Rb1"));
    assert!(!err.contains("left out"), "{err}");
    assert!(json.contains("\"unplayable\": []"), "{json}");
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
        assert!(
            err.contains(what) && err.contains(place) && err.contains("= expected:") && err.contains("= hint:"),
            "{input}: {err}"
        );
    }
    // In a file of several problems the refused one is reported and the others are still written.
    let two = "BeginProblem\nStipulation #2\nPieces White Ke1 Pa1 Black Ke8\nNextProblem\nStipulation #2\nPieces White Ke1 Qd1 Black Ke8\nEndProblem\n";
    let (code, out, err) = stipula(&["convert", "-"], two);
    assert_eq!(code, 2);
    assert_eq!(out.matches("algebraic:").count(), 1, "{out}");
    assert_eq!(err.matches("error:").count(), 1, "{err}");
}

/// The solution lines of a text output: after the board, the stipulation line and the option lines (up to the
/// first blank line), until `solution finished.`; blank lines dropped.
fn solution_lines(out: &str) -> Vec<&str> {
    let lines: Vec<&str> = out.lines().collect();
    let board_end = lines.iter().rposition(|l| l.starts_with("+---a")).expect("a board");
    let blank = board_end + lines[board_end..].iter().position(|l| l.trim().is_empty()).expect("a blank line");
    lines[blank..]
        .iter()
        .take_while(|l| !l.starts_with("solution finished."))
        .filter(|l| !l.trim().is_empty())
        .copied()
        .collect()
}

#[test]
fn post_key_play_shows_the_threat_and_variations_after_the_key() {
    // BEISPIEL-postkey_1 (../shared/popeye): a #3 given after its key; Popeye prints ` Drohung:` alone on its line,
    // then the threat and the three defences that stop it (German letters translated).
    let inp = "AnfangProblem\nforderung #3\nsteine weiss da7 be6 gg6 la3b3 sc3a2 nf5 gd1 ka1\n\
               schwarz sb8 td8g4 nh8h2 bc7a6f6d5 le7g2 kc6 gb4e2\noption nachschluessel\nEndeProblem\n";
    let (code, out, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 0, "{err}");
    let lines = solution_lines(&out);
    assert_eq!(
        lines[..4],
        [" threat:", "          2.Qa7-b7 +", "              2...Kc6-c5", "                  3.Sc3-a4 #"],
        "{out}"
    );
    let defences: Vec<&str> = lines.iter().filter(|l| l.starts_with("      1...")).copied().collect();
    assert_eq!(defences, ["      1...Be7-d6", "      1...Nh8-d6", "      1...Rd8-d6"], "{out}");
    assert_eq!(lines.len(), 37, "{out}");
    // Help play has no key to take back: Popeye 4.104 says `PostKeyPlay not applicable - ignored` and solves the
    // h#2 (no solution here); stipula ignores it too, with a warning.
    let inp = "BeginProblem\nStipulation h#2\nOption PostKeyPlay\nPieces White Ke1 Rh1 Black Ke8\nEndProblem\n";
    let (code, out, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 0, "{err}");
    assert!(solution_lines(&out).is_empty(), "{out}");
    assert!(err.contains("warning: option PostKeyPlay does not apply to `h#2`: ignored"), "{err}");
    // NonTrivial counts battle play's defences only: in series play it is ignored, with a warning (Popeye solves
    // the ser-#2 as without it: `1.Kf6-f7 2.Rg1-h1 #`), and a threat as long as the play is no limit.
    let inp =
        "BeginProblem\nStipulation ser-#2\nOption NonTrivial 0 1\nPieces White Kf6 Rg1 Black Kh8 Pa7 Pa6\nEndProblem\n";
    let (code, out, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 0, "{err}");
    assert_eq!(solution_lines(&out), ["  1.Kf6-f7   2.Rg1-h1 #"], "{out}");
    assert!(err.contains("warning: option NonTrivial does not apply to `ser-#2;0,1`: ignored"), "{err}");
    let inp = "BeginProblem\nStipulation #2\nOption Threat 2\nPieces White Kf6 Rg1 Black Kh8\nEndProblem\n";
    let (code, _, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("warning: option Threat does not apply to `#2/2`: ignored"), "{err}");
}

#[test]
fn quodlibet_lets_the_attacker_mate_directly_in_a_selfmate() {
    // BEISPIEL-quod_3 (../shared/popeye): s#2 with Quodlibet; after 1...c4-c3 and 1...e6-e5 White mates at once,
    // otherwise Black is forced to mate. Popeye echoes `Quodlibet` under the stipulation.
    let inp = "AnfangProblem\nford s#2\nopti vari quod\nstei weis ka1 dh5 lb1 ba2\nstei schw kd4 lh8 bh6e6d5c5c4\nEndeProblem\n";
    let (code, out, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n              Quodlibet\n"), "{out}");
    let expected = [
        "   1.Qh5*h6 ! threat:",
        "          2.Qh6-e3 +",
        "              2...Kd4*e3 #",
        "      1...Kd4-c3",
        "          2.Qh6-d2 +",
        "              2...Kc3*d2 #",
        "      1...Kd4-e5",
        "          2.Qh6-f4 +",
        "              2...Ke5*f4 #",
        "      1...c4-c3",
        "          2.Qh6-f4 #",
        "      1...e6-e5",
        "          2.Qh6-d2 #",
    ];
    assert_eq!(solution_lines(&out), expected, "{out}");
    // In direct play Quodlibet changes nothing (the attacker mates anyway); Popeye 4.104 echoes it and solves:
    // `#2` below has the one key `1.Kc6-c7 !`, with the option as without.
    let inp = "BeginProblem\nStipulation #2\nOption Quodlibet\nPieces White Kc6 Rb1 Black Ka8\nEndProblem\n";
    let (code, out, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n              Quodlibet\n"), "{out}");
    assert_eq!(solution_lines(&out), ["   1.Kc6-c7 !"], "{out}");
}

#[test]
fn mates_in_1_shows_the_defences_that_mate_at_once() {
    // BEISPIEL-selfref_6 (../shared/popeye): s#2 with SetPlay, Variations and MatesIn1. Popeye lists Black's
    // immediate mates as variations: `1...Sh1-f2 #` and `1...Lf5*g4 #` in the set play, `1...Sh1-f2 #` after the
    // key (German letters translated). Without MatesIn1 they are not shown.
    let body = "Forderung S#2\nSteine\nWeiss Kd1 Dg4 Te8 Lb1 Se7 Sf8 Bb6 Bd4 Bg2\nSchwarz Kd6 Lc1 Lf5 Sh1 Bb2 Bd2 Bd3 Bg3\nEndeProblem\n";
    let with = format!("AnfangProblem\nOption Satzspiel Varianten MattsIn1\n{body}");
    let (code, out, err) = stipula(&["solve", "-"], &with);
    assert_eq!(code, 0, "{err}");
    let mates: Vec<&str> = out.lines().filter(|l| l.starts_with("      1...") && l.ends_with(" #")).collect();
    assert_eq!(mates, ["      1...Bf5*g4 #", "      1...Sh1-f2 #", "      1...Sh1-f2 #"], "{out}");
    assert!(out.contains("   1.Qg4-h4 ! zugzwang.\n      1...Bf5-c8\n"), "{out}");
    let without = format!("AnfangProblem\nOption Satzspiel Varianten\n{body}");
    let (code, out, _) = stipula(&["solve", "-"], &without);
    assert_eq!(code, 0);
    assert!(!out.contains("      1...Sh1-f2 #"), "{out}");
}

/// The solution lines of a text output with their indentation removed, joined by `|`.
fn trimmed(out: &str) -> String {
    solution_lines(out).iter().map(|l| l.trim()).collect::<Vec<_>>().join("|")
}

#[test]
fn non_trivial_keeps_only_attacks_that_leave_one_non_trivial_defence() {
    // BEISPIEL-nontriv_6 (../shared/popeye): s#21 with NonTrivial 0 0 and KeepMatingPiece; every white move must
    // leave Black one defence that does not mate at once. Popeye's single line (German letters translated); the
    // stipulation is echoed `s#21;0,0`.
    let inp = "AnfangProblem\nforderung s#21\nsteine weiss ke5 tb2f2 la2h6 sd5\nschwarz kd3 lc8d8 sb5h2 bc5\n\
               option vari halte ohnedroh nichttr 0 0\nEndeProblem\n";
    let (code, out, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  s#21;0,0 "), "{out}");
    let expected = "1.Ba2-b1 + !|1...Kd3-c4|2.Sd5-e3 +|2...Kc4-c3|3.Rf2-c2 +|3...Kc3-d3|4.Rc2-e2 +|4...Kd3-c3|\
                    5.Se3-d1 +|5...Kc3-c4|6.Bb1-a2 +|6...Kc4-d3|7.Sd1-f2 +|7...Kd3-c3|8.Rb2-b3 +|8...Kc3-c4|\
                    9.Rb3-b1 +|9...Kc4-c3|10.Bh6-d2 +|10...Kc3-c2|11.Bd2-f4 +|11...Kc2-c3|12.Rb1-b3 +|12...Kc3-c4|\
                    13.Rb3-b2 +|13...Kc4-c3|14.Sf2-d1 +|14...Kc3-d3|15.Ba2-b1 +|15...Kd3-c4|16.Sd1-e3 +|16...Kc4-c3|\
                    17.Re2-c2 +|17...Kc3-d3|18.Rc2-f2 +|18...Kd3-c3|19.Se3-d5 +|19...Kc3-c4|20.Bb1-a2 +|20...Kc4-d3|\
                    21.Rf2-f3 +|21...Sh2*f3 #";
    assert_eq!(trimmed(&out), expected, "{out}");
}

#[test]
fn non_trivial_in_direct_play_counts_defences_not_met_by_mate_in_1() {
    // BEISPIEL-nontriv_7 (../shared/popeye): #15 with NonTrivial 5 0 and NoShortVariations; the key 1.a3-a4 and
    // the two lines that part at Black's 8th move (German letters translated).
    let inp = "AnfangProblem\nford #15\nsteine weiss Bb2 Sc2 Ke2 Bg2 Ba3 Bc4 Se4 Be6 Bd7 Ld8\n\
               schwarz Bf4 Ba5 Bc5 Be5 Bf5 Ta6 Kb6 Bc6 Bf6 Da7 Tb7 Sc7 Be7 Sa8 Lb8\n\
               option vari ohnekurz ohnedroh nichttr 5 0\nEndeProblem\n";
    let (code, out, err) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  #15;5,0 "), "{out}");
    let tail = "9.g6-g7|9...e5-e4|10.g7-g8=S|10...e4-e3|11.Sg8-f6|11...e7*f6|12.e6-e7|12...f6-f5|13.e7-e8=S|\
                13...f5-f4|14.Se8-d6|14...f4-f3|15.Sd6-c8 #";
    let expected = format!(
        "1.a3-a4 !|1...f5*e4|2.Sc2-e3|2...f4*e3|3.g2-g4|3...f6-f5|4.g4-g5|4...f5-f4|5.g5-g6|5...f4-f3 +|6.Ke2*e3|\
         6...f3-f2|7.Ke3*f2|7...e4-e3 +|8.Kf2-e1|8...e3-e2|{tail}|8...e5-e4|9.g6-g7|9...e3-e2|10.g7-g8=S|10...e4-e3|\
         11.Sg8-f6|11...e7*f6|12.e6-e7|12...f6-f5|13.e7-e8=S|13...f5-f4|14.Se8-d6|14...f4-f3|15.Sd6-c8 #"
    );
    assert_eq!(trimmed(&out), expected, "{out}");
}

#[test]
fn keep_mating_piece_prunes_without_changing_orthodox_solutions() {
    // KeepMatingPiece stops the search where the mating side has only its king left (Popeye's py-engl.txt);
    // under orthodox rules no solution is lost. BEISPIEL-castling_18 a) as in the helpmate test above: the same
    // single line with and without the option.
    let plain = "BeginProblem\nStipulation h#2\nPieces White Ke1 Rh1 Sg5 Black Kg8 Sh3 Pg7\nEndProblem\n";
    let kept = plain.replace("Stipulation h#2\n", "Stipulation h#2\nOption KeepMatingPiece\n");
    let (code, out, err) = stipula(&["solve", "-"], &kept);
    assert_eq!(code, 0, "{err}");
    assert_eq!(solution_lines(&out), ["  1.Kg8-h8 Rh1-f1   2.Sh3-g1 Rf1-f8 #"], "{out}");
    assert_eq!(solution_lines(&out), solution_lines(&stipula(&["solve", "-"], plain).1));
    // A lone king can stalemate: Popeye's test would cut real solutions, so stipula refuses it there.
    let (code, _, err) = stipula(&["solve", "-"], &kept.replace("h#2", "h=2"));
    assert_ne!(code, 0);
    assert!(err.contains("KeepMatingPiece in `h=2`"), "{err}");
}

#[test]
fn threat_and_max_flights_give_popeyes_tree_whatever_the_table_size() {
    // BEISPIEL-ep_2 (../shared/popeye): #10 with Threat 1 and MaxFlightsquares 1, echoed `#10/1/1`. Popeye's tree
    // (German letters translated; siblings compared sorted, as stipula sorts them by their text). The attacker's
    // lengths are searched one by one and the table's entries read the same way, so neither the table size nor
    // the thread count changes what is found.
    let inp = "AnfangProblem\nforderung #10\noption drohung 1 maxflucht 1 varianten\n\
               steine weiss ka4 de7 tc4 bb3c6d2e2f2g2h2\nschwarz kd5 dh1 ta8 lb8 se1f1 ba6d6e4f4f5g4h4\nEndeProblem\n";
    let popeye = r"
   1.Qe7-f7 + !
      1...Kd5-e5
          2.d2-d4 +
              2...e4*d3 ep.
                  3.Qf7-e7 +
                      3...Ke5-d5
                          4.e2-e4 +
                              4...f4*e3 ep.
                                  5.Qe7-f7 +
                                      5...Kd5-e5
                                          6.f2-f4 +
                                              6...g4*f3 ep.
                                                  7.g2-g4 threat:
                                                          8.Qf7*f5 #
                                                      7...Sf1-g3
                                                          8.h2*g3 threat:
                                                                  9.Qf7*f5 #
                                                              8...f5*g4
                                                                  9.Rc4-f4 threat:
                                                                         10.Qf7-f5 #
                                                                      9...d6-d5
                                                                         10.Qf7-f6 #
                                                                         10.Qf7-e7 #
                                                              8...d6-d5
                                                                  9.Qf7-e7 #
                                                          8.Qf7-e7 +
                                                              8...Ke5-d5
                                                                  9.g4*f5 threat:
                                                                         10.Qe7-e6 #
                                                                      9...Sg3*f5
                                                                         10.Qe7-e4 #
                                                      7...h4*g3 ep.
                                                          8.Qf7-e7 +
                                                              8...Ke5-d5
                                                                  9.Qe7-f6 threat:
                                                                         10.Qf6*f5 #
                                                      7...f5*g4
                                                          8.Rc4-f4 threat:
                                                                  9.Qf7-f5 #
                                                              8...Sf1-g3
                                                                  9.h2*g3 threat:
                                                                         10.Qf7-f5 #
                                                                      9...d6-d5
                                                                         10.Qf7-f6 #
                                                                         10.Qf7-e7 #
                                                              8...d6-d5
                                                                  9.Qf7-f6 #
                                                      7...d6-d5
                                                          8.Qf7-e7 #
                              4...f5*e4
                                  5.Qe7*e4 #";
    let want: Vec<String> = popeye.lines().skip(1).map(String::from).collect();
    let small = stipula(&["solve", "-", "--threads", "1", "--hash", "1"], inp);
    assert_eq!(small.0, 0, "{}", small.2);
    assert!(small.1.contains("  #10/1/1 "), "{}", small.1);
    let got: Vec<String> = solution_lines(&small.1).into_iter().map(String::from).collect();
    use stipula::input::solution::canonical_tree;
    assert_eq!(canonical_tree(&got), canonical_tree(&want), "{}", small.1);
    let large = stipula(&["solve", "-", "--threads", "2", "--hash", "64"], inp);
    assert_eq!(small.1, large.1, "1 thread / 1 MB and 2 threads / 64 MB differ");
}

#[test]
fn zero_position_is_announced_and_not_solved() {
    // BEISPIEL-intell_26 (../shared/popeye, Bo Lindgren, feenschach 1991): Popeye prints the zero position's
    // token (German `NullStellung`, English `zeroposition`), then only twins a) and b), each from the diagram.
    let inp = "BeginProblem\nStipulation h#4\nPieces White Kh3 Bh7 Pd3 Pe3 Black Kd6 Qf6 Rg5 Be5 Pb4 Pb5 Ph5 Ph6\n\
               ZeroPosition Move e5 g8\nTwin Move h7 a7\nEndProblem\n";
    let (code, out, _) = stipula(&["solve", "-"], inp);
    assert_eq!(code, 0, "{out}");
    let tail: Vec<&str> =
        out.lines().skip_while(|l| !l.starts_with("  h#4")).filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(
        tail,
        vec![
            "  h#4                         4 + 8",
            "zeroposition",
            "a) bBe5-->g8",
            "  1.Bg8-a2 Bh7-g8   2.Kd6-e5 Bg8-b3   3.Ke5-f5 Bb3-c2   4.Ba2-e6 d3-d4 #",
            "b) wBh7-->a7",
            "  1.Be5-h2 Ba7-b8 +   2.Kd6-c5 Bb8-g3   3.Qf6-c6 Bg3-f2   4.Bh2-d6 e3-e4 #",
            "solution finished.",
        ],
        "{out}"
    );
}

#[test]
fn a_single_en_passant_square_is_the_square_the_pawn_passed() {
    // The older convention (YACPDB, older Popeye files): `EnPassant f6` with a black pawn on f5. Popeye 4.104
    // ignores the single square and finds no key; with the three squares `f7f6f5` it prints `1.g5*f6 ep. # !`,
    // the key stipula must find from either spelling.
    let problem = |ep: &str| {
        format!(
            "BeginProblem\nPieces White Kh1 Rh5 Pg5 Sa8 Black Ka5 Pa4 Pa6 Pb4 Pf5\nStipulation #1\nOption EnPassant {ep}\nEndProblem\n"
        )
    };
    for ep in ["f6", "f7f6f5"] {
        let (code, out, err) = stipula(&["solve", "-"], &problem(ep));
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("   1.g5*f6 ep. # !\n"), "EnPassant {ep}: {out}");
    }
    // A single square no pawn has just passed is bad input, said where.
    let (code, _, err) = stipula(&["solve", "-"], &problem("e6"));
    assert_eq!(code, 2);
    assert!(err.contains("en passant on e6 contradicts the position"), "{err}");
}
