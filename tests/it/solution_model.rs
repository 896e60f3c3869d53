//! The typed solutions the searches return: rendered as Popeye prints them, read by `verify`, written as JSON.

use crate::common::stipula;
use stipula::output::text::twin_solutions;
use stipula::solve::run::{solve_problem, Settings};
use stipula::solve::solution::{PhasePlay, Role};

/// BEISPIEL-isardam_2 of Popeye's reference cases, in English.
const ISARDAM_2: &str = "BeginProblem\nStipulation #2\nCondition Isardam\nOption Variation\nPieces White Ke8 Qa7 Rd2 Bg6 Pg4 Black Ke4 Qg1 Bc2 Pb4 Pd4\nEndProblem\n";

/// Popeye's solution of BEISPIEL-isardam_2 (BEISPIEL-isardam_2.out, its German letters in English), the
/// defences in canonical order.
const ISARDAM_2_SOLUTION: &str = "   1.Rd2*d4 ! zugzwang.
      1...Bc2-b1
          2.Qa7-a1 #
          2.Qa7-g7 #
      1...Bc2-d3
          2.Qa7-d7 #
      1...Ke4-d3
          2.Qa7-d7 #
      1...Qg1-e3
          2.Qa7-a1 #
      1...Qg1-f2
          2.Qa7-g7 #
      1...b4-b3
          2.Qa7-a4 #


";

#[test]
fn a_solved_tree_renders_as_popeye_prints_it() {
    let p = stipula::input::read_any("isardam_2.inp", ISARDAM_2).remove(0).expect("the problem reads");
    let twins = solve_problem(&p, &Settings { hash_mb: 16, ..Settings::default() });
    assert_eq!(twin_solutions(&twins[0], true), ISARDAM_2_SOLUTION);
    // The tree behind the text: one key, six defences, two continuations after 1...Bc2-b1 (a dual).
    let PhasePlay::Tree(firsts) = &twins[0].phases[0].play else { panic!("#2 gives a tree") };
    assert_eq!(firsts.len(), 1);
    assert_eq!(firsts[0].role, Role::Key);
    assert_eq!(firsts[0].defences.len(), 6);
    assert_eq!(firsts[0].defences[0].continuations.len(), 2);
}

#[test]
fn json_gives_the_typed_tree_beside_the_text() {
    let (code, out, err) = stipula(&["solve", "--format", "json", "-"], ISARDAM_2);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(doc["schema"], "stipula.solve/1");
    let phase = &doc["problems"][0]["twins"][0]["phases"][0];
    assert_eq!(phase["kind"], "solution");
    assert_eq!(phase["side"], "white");
    assert_eq!(phase["lines"][0], "   1.Rd2*d4 ! zugzwang.");
    assert_eq!(phase["solutions"], 1);
    let key = &phase["play"]["tree"][0];
    assert_eq!(key["role"], "key");
    assert_eq!(key["threat"], "zugzwang");
    assert_eq!(
        key["move"],
        serde_json::json!({"text": "Rd2*d4", "from": "d2", "to": "d4", "piece": "R", "color": "white", "capture": "d4"})
    );
    let dual = &key["defences"][0];
    assert_eq!(dual["move"]["text"], "Bc2-b1");
    assert_eq!(
        dual["continuations"][1]["move"],
        serde_json::json!({"text": "Qa7-g7", "from": "a7", "to": "g7", "piece": "Q", "color": "white", "mark": "#"})
    );
    // Help play: lines of moves, castling and check marks as the notation prints them (BEISPIEL-castling_19.out:
    // `1.Kd3-c2 Ra1-a2 +   2.Kc2-c1 0-0 #`).
    let h = "BeginProblem\nStipulation h#2\nPieces White Ke1 Ra1 Rh1 Pb3 Black Kd3 Rh2 Pf3\nEndProblem\n";
    let (code, out, err) = stipula(&["solve", "--format", "json", "-"], h);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let phase = &doc["problems"][0]["twins"][0]["phases"][0];
    assert_eq!(phase["lines"][0], "  1.Kd3-c2 Ra1-a2 +   2.Kc2-c1 0-0 #");
    let line = &phase["play"]["lines"][0];
    assert_eq!(line["style"], "help");
    assert_eq!(line["moves"][1]["mark"], "+");
    assert_eq!(
        line["moves"][3],
        serde_json::json!({"text": "0-0", "from": "e1", "to": "g1", "piece": "K", "color": "white", "castling": "short", "mark": "#"})
    );
}

#[test]
fn formats_come_from_the_registry() {
    // Every format of `stipula::output::FORMATS` is a `--format` value; another word is refused.
    for f in stipula::output::FORMATS {
        let (code, _, err) = stipula(&["solve", "--format", f.name, "-"], ISARDAM_2);
        assert_eq!(code, 0, "{}: {err}", f.name);
    }
    let (code, _, err) = stipula(&["solve", "--format", "san", "problems/examples/madrasi-worked-example.stip"], "");
    assert_eq!(code, 2);
    assert!(err.contains("san"), "{err}");
}

#[test]
fn reflex_plays_failing_first_moves_stand_together() {
    // BEISPIEL-stip_71.out: White must mate at once and so fails; the two moves without a blank line between, and
    // one blank line before the closing line (nothing solved: no key's blank line).
    let inp = "BeginProblem\nPieces White Ka6 Pc7 Black Ka8 Pa5\nStipulation r#2\nOption Variation\nEndProblem\n";
    let p = stipula::input::read_any("stip_71.inp", inp).remove(0).expect("the problem reads");
    let twins = solve_problem(&p, &Settings { hash_mb: 16, ..Settings::default() });
    assert_eq!(twin_solutions(&twins[0], true), "   1.c7-c8=Q # ?!?\n   1.c7-c8=R # ?!?\n\n");
    let PhasePlay::Tree(firsts) = &twins[0].phases[0].play else { panic!("r#2 gives a tree") };
    assert!(firsts.iter().all(|a| a.role == Role::Fails));
}
