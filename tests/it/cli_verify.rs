//! `stipula verify` on the real binary: a mixed collection gets the right verdict per problem and exit code.
//! The chess facts are Popeye's (../shared/popeye): see the comments in tests/data/verify/*.yaml.

use std::process::Command;

fn stipula(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stipula")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn a_mixed_collection_gets_a_verdict_per_problem() {
    let (code, out, err) = stipula(&["verify", "tests/data/verify/mixed.yaml", "--format", "json"]);
    assert_eq!(code, 2, "a malformed problem makes the exit code 2\n{out}{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["schema"], "stipula.verify/1");
    let verdicts: Vec<&str> =
        doc["problems"].as_array().unwrap().iter().map(|p| p["report"]["verdict"].as_str().unwrap()).collect();
    assert_eq!(
        verdicts,
        ["sound", "cooked", "intended_fails", "cooked", "no_solution", "bad_input", "sound", "intended_fails", "duals"],
        "{out}"
    );
    let p = &doc["problems"].as_array().unwrap();
    // The cook of problem 2 is Popeye's other solution (BEISPIEL-castling_19).
    assert_eq!(p[1]["report"]["twins"][0]["cooks"][0], "1.Kd3-c2 Ra1-a2 + 2.Kc2-c1 0-0 #");
    assert_eq!(p[2]["report"]["twins"][0]["missing"][0], "1.Rh2-f2 0-0-0 + 2.Kd3-e2 Ra1-e1 #");
    // Popeye's key of BEISPIEL-isardam_2 is the cook of a wrongly stated key.
    assert_eq!(p[7]["report"]["twins"][0]["cooks"][0], "1.Rd2*d4 !");
    assert!(err.contains("unknown piece `Xq9`"), "the malformed problem is reported rustc-style: {err}");
    assert_eq!(doc["summary"]["sound"], 2);
}

#[test]
fn text_output_and_exit_codes() {
    let (code, out, _) = stipula(&["verify", "tests/data/verify/sound.yaml"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("3 problems: 3 sound\n"), "{out}");
    let (code, out, _) = stipula(&["verify", "tests/data/verify/mixed.yaml"]);
    assert_eq!(code, 2);
    assert!(out.contains("mixed.yaml:14:1 h#2: cooked\n  cook: 1.Kd3-c2 Ra1-a2 + 2.Kc2-c1 0-0 #\n"), "{out}");
    // Without the malformed problem: not all sound gives 1.
    let (code, _, _) = stipula(&[
        "verify",
        "tests/data/verify/sound.yaml",
        "problems/popeye-eiffel.yaml",
        "tests/data/verify/mixed.yaml",
        "--exclude",
        "tests/data/verify/mixed.yaml",
    ]);
    assert_eq!(code, 0);
}

#[test]
#[cfg_attr(not(popeye_corpus), ignore = "needs the Popeye reference cases: ../shared/popeye or STIPULA_POPEYE_DIR")]
fn unsolved_within_the_time_limit() {
    // BEISPIEL-madrasi_1 (#12 Madrasi) takes stipula far longer than 0.05 s.
    let path = crate::common::popeye_dir().join("BEISPIEL-madrasi_1.inp").display().to_string();
    let (code, out, _) = stipula(&["verify", &path, "--time-limit", "0.05"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("#12: unsolved"), "{out}");
}

#[test]
fn folders_are_searched_in_name_order() {
    let (code, out, _) = stipula(&["verify", "tests/data/verify", "--exclude", "tests/data/verify/mixed.yaml"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("tests/data/verify/sound.yaml:4:1 h#2: sound\n"), "{out}");
}

#[test]
fn bad_arguments_give_one_line_and_exit_2() {
    let (code, _, err) = stipula(&["verify", "no/such/file.yaml"]);
    assert_eq!((code, err.as_str()), (2, "error: no/such/file.yaml: no such file or folder\n"));
    let (code, _, err) = stipula(&["verify", "tests/data/verify/sound.yaml", "--time-limit", "0"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
#[cfg_attr(not(popeye_corpus), ignore = "needs the Popeye reference cases: ../shared/popeye or STIPULA_POPEYE_DIR")]
fn convert_writes_popeye_input_as_yaml_with_popeyes_solution() {
    let dir = crate::common::popeye_dir();
    let inp = dir.join("BEISPIEL-isardam_2.inp").display().to_string();
    let out_file = dir.join("BEISPIEL-isardam_2.out").display().to_string();
    let (code, yaml, err) = stipula(&["convert", &inp, "--solution-from", &out_file]);
    assert_eq!(code, 0, "{err}");
    // Popeye's German output (`Td2*d4`, `Lc2-b1`) comes out in English.
    assert!(yaml.contains("     1.Rd2*d4 ! zugzwang.\n        1...Qg1-e3\n"), "{yaml}");
    assert!(yaml.contains("stipulation: \"#2\"\noptions:\n  - \"Isardam\"\n"), "{yaml}");
}

#[test]
fn no_stated_solution_is_solved_and_exit_1() {
    // README, verify: `solved` = "no intended solution is stated: the solutions are listed, nothing is checked (not
    // sound)"; exit code 1 "when one is not" sound. The solutions are Popeye's for BEISPIEL-castling_19.
    let (code, out, err) = stipula(&["verify", "tests/data/verify-verdicts/solved.yaml", "--format", "json"]);
    assert_eq!(code, 1, "{out}{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let report = &doc["problems"][0]["report"];
    assert_eq!(report["verdict"], "solved", "{out}");
    assert_eq!(
        report["twins"][0]["solutions"],
        serde_json::json!(["1.Kd3-c2 Ra1-a2 + 2.Kc2-c1 0-0 #", "1.Rh2-f2 0-0-0 + 2.Kd3-e2 Rh1-e1 #"])
    );
    assert_eq!(doc["summary"]["solved"], 1);
    let (code, out, _) = stipula(&["verify", "tests/data/verify-verdicts/solved.yaml"]);
    assert_eq!(code, 1);
    assert!(out.contains(":3:1 h#2: solved\n  no intended solution stated\n"), "{out}");
    assert!(out.ends_with("1 problem: 1 solved\n"), "{out}");
}

#[test]
fn an_option_or_condition_stipula_lacks_is_unsupported_and_exit_1() {
    // README, verify: `unsupported` = "a feature stipula does not implement yet (condition, option, piece)"; not
    // sound, so exit code 1 (2 is for a problem that cannot be read). Popeye input with `Option NullMoves`, and YAML
    // with the condition ActuatedRevolvingBoard (a name from Popeye's condition list): both readers say "not supported".
    for (file, why) in [
        ("tests/data/verify-verdicts/unsupported.inp", "not supported: option NullMoves"),
        ("tests/data/verify-verdicts/revolving.yaml", "not supported: condition ActuatedRevolvingBoard"),
    ] {
        let (code, out, err) = stipula(&["verify", file, "--format", "json"]);
        assert_eq!(code, 1, "{file}: {out}{err}");
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(doc["problems"][0]["report"]["verdict"], "unsupported", "{out}");
        assert_eq!(doc["problems"][0]["report"]["twins"][0]["note"], why, "{out}");
        assert_eq!(doc["summary"]["unsupported"], 1);
        let (code, out, _) = stipula(&["verify", file]);
        assert_eq!(code, 1);
        assert!(out.contains(&format!(": unsupported\n  {why}\n")), "{out}");
    }
}

#[test]
fn a_key_that_mates_sooner_is_a_short_solution() {
    // README, verify: `short_solution` = "direct/self/reflex: a key that already works in n−1 moves, found by a
    // second search one move shorter"; not sound, so exit code 1. The position and its hand derivation are in
    // tests/data/verify-verdicts/short.stip (#2 whose only key, 1.Re8#, mates at once).
    let (code, out, err) = stipula(&["verify", "tests/data/verify-verdicts/short.stip", "--format", "json"]);
    assert_eq!(code, 1, "{out}{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let report = &doc["problems"][0]["report"];
    assert_eq!(report["verdict"], "short_solution", "{out}");
    assert_eq!(report["twins"][0]["short"], serde_json::json!(["1.Re1-e8 # !"]), "{out}");
    let (code, out, _) = stipula(&["verify", "tests/data/verify-verdicts/short.stip"]);
    assert_eq!(code, 1);
    assert!(out.contains(" #2: short solution\n  short: 1.Re1-e8 # !\n"), "{out}");
    assert!(out.ends_with("1 problem: 1 short_solution\n"), "{out}");
}

#[test]
fn popeyes_n_is_the_nightrider_where_a_knight_also_fits() {
    // BEISPIEL-pieces_26 (Petkov, Probleemblad 1967), ser-h#3 with a nightrider among the white pieces; its
    // solution in problems/popeye-help.yaml is Popeye's output, where `1.a2-a1=N` promotes to a nightrider and
    // `1.a2-a1=S` to a knight: both must be read as one legal move each, and the problem is sound.
    let (code, out, _) = stipula(&["verify", "problems/popeye-help.yaml"]);
    assert!(out.contains("problems/popeye-help.yaml:296:1 ser-h#3: sound\n"), "{out}");
    assert_eq!(code, 0, "{out}");
}
