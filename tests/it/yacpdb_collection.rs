//! `stipula verify` on a collection written the way YACPDB and Olive write it (tests/data/yacpdb/collection.yaml:
//! short algebraic in English, German and French letters, figurines, flow-style entries, twins, tries). The
//! verdicts follow from Popeye 4.104's solutions of the same problems (collection.inp, solved with
//! `py -maxmem 1G -regression`; its output is collection.popeye.out), as each entry's comment says.

use std::process::Command;

#[test]
fn each_entry_gets_its_verdict() {
    let out = Command::new(env!("CARGO_BIN_EXE_stipula"))
        .args(["verify", "tests/data/yacpdb/collection.yaml", "--format", "json"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "entry 8 cannot be read\n{text}");
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let p = doc["problems"].as_array().unwrap();
    let verdicts: Vec<&str> = p.iter().map(|x| x["report"]["verdict"].as_str().unwrap()).collect();
    assert_eq!(
        verdicts,
        [
            "sound",
            "duals",
            "sound",
            "intended_fails",
            "sound",
            "sound",
            "cooked",
            "bad_input",
            "intended_fails",
            "sound",
            "sound",
            "sound"
        ],
        "{text}"
    );
    let twin = |i: usize| &p[i]["report"]["twins"][0];
    // 2: Popeye's dual after 1...Rf8-b8 +, not shown by the stated text.
    assert_eq!(twin(1)["duals"][0]["defence"], "1...Rf8-b8 +");
    // 3: the ambiguous defence is reported where it is written.
    assert_eq!(
        twin(2)["stated_issues"],
        serde_json::json!(["line 1, column 17: `1...♜xf4` is ambiguous: Rf1*f4, Rf8*f4"])
    );
    // 4: the stated key as written, Popeye's key as Popeye writes it.
    assert_eq!((twin(3)["missing"][0].as_str(), twin(3)["cooks"][0].as_str()), (Some("1.Bxg5!"), Some("1.f2-f4 !")));
    // 7: Popeye's other solution is the cook.
    assert_eq!(twin(6)["cooks"], serde_json::json!(["1.Rh2-f2 0-0-0 + 2.Kd3-e2 Rh1-e1 #"]));
    // 8 and 9: where the stated move is, and why it is not one legal move.
    assert_eq!(twin(7)["stated_issues"], serde_json::json!(["line 1, column 20: `Re1#` is ambiguous: Rd1-e1, Rh1-e1"]));
    assert_eq!(twin(8)["missing"], serde_json::json!(["1.Rf2 0-0-0+ 2.Ke2 Rae1#"]));
    assert_eq!(twin(8)["stated_issues"], serde_json::json!(["line 1, column 20: `Rae1#` is no legal move here"]));
    // 11: four twins, each judged against its labelled solution.
    let twins: Vec<&str> =
        p[10]["report"]["twins"].as_array().unwrap().iter().map(|t| t["verdict"].as_str().unwrap()).collect();
    assert_eq!(twins, ["sound"; 4]);
}
