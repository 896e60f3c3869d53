//! One vocabulary for every reader: the statement language (`.stip`), Popeye input (`.inp`), YAML entries and
//! `perft --condition` take the same names from the registries, and every word Popeye knows that stipula does
//! not implement is "not supported" (a verdict of its own), never "unknown". The words come from Popeye 4.104's
//! tables (`output/plaintext/language_dependant.c`): walks, conditions and options of Popeye's that stipula lacks
//! (`CT`, `BP`, `SC`, `MP`, `ST`, `RoyalDynasty`, `Breton`, `SeriesCapture`).

use crate::common;

use stipula::conditions::registry::CONDITIONS;
use stipula::conditions::ConditionSpec;
use stipula::input::popeye::read_popeye;
use stipula::input::stip::read_stip;
use stipula::input::vocab::conditions::parse_condition_text;
use stipula::input::yaml::read_yaml;
use stipula::problem::{Diagnostic, Fault, Problem};
use stipula::verify::Verdict;
use stipula::words::Lang;

fn first_error(r: Vec<Result<Problem, Diagnostic>>) -> Diagnostic {
    r.into_iter().find_map(Result::err).expect("an error")
}

fn only(r: Vec<Result<Problem, Diagnostic>>) -> Problem {
    match r.into_iter().next().expect("a problem") {
        Ok(p) => p,
        Err(d) => panic!("{}", d.render()),
    }
}

/// A problem with `word` where its kind goes, in each reader's syntax.
struct Case {
    /// A piece (`PA`), a condition, an option, a twinning command with its arguments, or a colour.
    kind: &'static str,
    word: &'static str,
    /// The message every reader gives.
    message: &'static str,
}

const CASES: &[Case] = &[
    Case { kind: "piece", word: "CT", message: "not supported: piece CT" },
    Case { kind: "piece", word: "DR", message: "not supported: piece DR" },
    Case { kind: "piece", word: "GY", message: "not supported: piece GY" },
    Case { kind: "piece", word: "MH", message: "not supported: piece MH" },
    Case { kind: "piece", word: "SH", message: "not supported: piece SH" },
    Case { kind: "condition", word: "RoyalDynasty", message: "not supported: condition RoyalDynasty" },
    Case { kind: "condition", word: "NorskSjakk", message: "not supported: condition NorskSjakk" },
    Case { kind: "condition", word: "SeriesCapture", message: "not supported: condition SeriesCapture" },
    Case { kind: "condition", word: "LostPieces", message: "not supported: condition LostPieces" },
    Case { kind: "condition", word: "Maximummer", message: "not supported: condition Maximummer" },
    Case { kind: "option", word: "NullMoves", message: "not supported: option NullMoves" },
    Case { kind: "option", word: "GoalIsEnd", message: "not supported: option GoalIsEnd" },
];

fn inp(kind: &str, word: &str) -> String {
    match kind {
        "piece" => format!("BeginProblem\nStipulation #2\nPieces White Ke1 {word}d4 Black Ke8\nEndProblem\n"),
        "condition" => {
            format!("BeginProblem\nStipulation #2\nCondition {word}\nPieces White Ke1 Black Ke8\nEndProblem\n")
        }
        _ => format!("BeginProblem\nStipulation #2\nOption {word}\nPieces White Ke1 Black Ke8\nEndProblem\n"),
    }
}

fn stip(kind: &str, word: &str) -> String {
    match kind {
        "piece" => format!("white: Ke1 {word}d4\nblack: Ke8\nstipulation: #2\n"),
        "condition" => format!("white: Ke1\nblack: Ke8\nstipulation: #2\nconditions: {word}\n"),
        _ => format!("white: Ke1\nblack: Ke8\nstipulation: #2\noptions: {word}\n"),
    }
}

fn yaml(kind: &str, word: &str) -> String {
    match kind {
        "piece" => format!("algebraic:\n  white: [Ke1, {word}d4]\n  black: [Ke8]\nstipulation: \"#2\"\n"),
        _ => format!("algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"#2\"\noptions: [{word}]\n"),
    }
}

#[test]
fn what_popeye_knows_and_stipula_lacks_is_not_supported_in_every_reader() {
    for c in CASES {
        let errors = [
            ("inp", first_error(read_popeye(&inp(c.kind, c.word), "t.inp"))),
            ("stip", first_error(read_stip(&stip(c.kind, c.word), "t.stip"))),
            ("yaml", first_error(read_yaml(&yaml(c.kind, c.word), "t.yaml"))),
        ];
        for (reader, d) in errors {
            assert_eq!(d.message, c.message, "{reader}: {}", d.render());
            assert_eq!(Verdict::for_fault(d.fault), Verdict::Unsupported, "{reader}: {}", c.word);
        }
        if c.kind == "condition" {
            let (code, _, err) =
                common::stipula(&["perft", "--depth", "1", "--condition", c.word, "4k3/8/8/8/8/8/8/4K3 w - -"], "");
            assert_eq!((code, err.trim()), (2, format!("error: --condition {:?}: {}", c.word, c.message).as_str()));
        }
    }
    // Words nobody knows stay "unknown", with their hint.
    let d = first_error(read_yaml(&yaml("piece", "XQ"), "t.yaml"));
    assert_eq!((d.message.as_str(), d.fault), ("unknown piece `XQ`", Fault::BadInput));
    let d = first_error(read_popeye(&inp("condition", "Madrasy"), "t.inp"));
    assert_eq!(
        (d.message.as_str(), d.hint.as_deref()),
        ("unknown condition `Madrasy`", Some("did you mean `Madrasi`?"))
    );
}

/// Every spelling of a condition stipula implements: its names, aliases and Popeye's names in each language.
fn spellings() -> Vec<(&'static str, &'static str, Option<Lang>)> {
    let mut v = Vec::new();
    for def in CONDITIONS.iter().filter(|d| d.is_supported()) {
        // stipula's own spellings (its name where it is not Popeye's, its aliases) in every language; Popeye's
        // names in their own.
        for s in def.own_spellings() {
            v.push((def.name, s, None));
        }
        for lang in Lang::ALL {
            if let Some(n) = def.popeye {
                v.push((def.name, n[lang.index()], Some(lang)));
            }
        }
    }
    v
}

#[test]
fn perft_stip_inp_and_yaml_take_the_same_condition_names() {
    // Kings without a flight, so that the position is legal under SAT too (a king with a flight is in check).
    let begin = |lang: Lang| match lang {
        Lang::English => {
            "BeginProblem\nStipulation #2\nCondition {}\nPieces White Ka1 Bb1 Pa2 Pb2 Black Kh8 Bg8 Pg7 Ph7\n\
             EndProblem\n"
        }
        Lang::German => {
            "AnfangProblem\nForderung #2\nBedingung {}\nSteine Weiss Ka1 Lb1 Ba2 Bb2 Schwarz Kh8 Lg8 Bg7 Bh7\n\
             EndeProblem\n"
        }
        Lang::French => {
            "DebutProbleme\nEnonce #2\nCondition {}\nPieces Blanc Ra1 Fb1 Pa2 Pb2 Noir Rh8 Fg8 Pg7 Ph7\n\
             FinProbleme\n"
        }
    };
    for (name, spelling, popeye_lang) in spellings() {
        let spec = parse_condition_text(spelling).unwrap_or_else(|e| panic!("perft --condition {spelling}: {e}"));
        assert_eq!(spec.name, name, "{spelling}");
        // Antikings are in check where nothing observes them: no position is legal for them and SAT alike.
        if name == "AntiKings" {
            continue;
        }
        let stip = only(read_stip(
            &format!("white: Ka1 Bb1 Pa2 Pb2\nblack: Kh8 Bg8 Pg7 Ph7\nstipulation: #2\nconditions: {spelling}\n"),
            "t.stip",
        ));
        let yaml = only(read_yaml(
            &format!(
                "algebraic:\n  white: [Ka1, Bb1, Pa2, Pb2]\n  black: [Kh8, Bg8, Pg7, Ph7]\nstipulation: \"#2\"\n\
                 options: [\"{spelling}\"]\n"
            ),
            "t.yaml",
        ));
        assert_eq!(stip.conditions, std::slice::from_ref(&spec), "{spelling}");
        assert_eq!(yaml.conditions, std::slice::from_ref(&spec), "{spelling}");
        // Popeye input: its names in the file's language, and stipula's own spellings in any (one token).
        let langs: Vec<Lang> = match popeye_lang {
            Some(l) => vec![l],
            None if !spelling.contains(' ') => Lang::ALL.to_vec(),
            None => Vec::new(),
        };
        for lang in langs {
            let p = only(read_popeye(&begin(lang).replace("{}", spelling), "t.inp"));
            assert_eq!(p.conditions, std::slice::from_ref(&spec), "{spelling} in {lang:?}");
        }
    }
    // The perft binary reads them as the library does: the same count as the condition's name gives.
    let perft = |c: &str| {
        let (code, out, err) =
            common::stipula(&["perft", "--depth", "2", "--condition", c, "4k3/8/8/3q4/8/8/8/4K3 w - -"], "");
        assert_eq!(code, 0, "{c}: {err}");
        out
    };
    for (s, name) in [
        ("Madras", "Madrasi"),
        ("EiffelSchach", "Eiffel"),
        ("Madness", "MadnessOfKings"),
        ("Madrasi RexInclusiv", "Madrasi RI"),
    ] {
        assert_eq!(perft(s), perft(name), "{s}");
    }
}

#[test]
fn abbreviations_where_popeye_accepts_them() {
    let rex = ConditionSpec { name: "Madrasi".into(), options: vec!["RexInclusive".into()], ..Default::default() };
    // Issue 23: `Madrasi RexInclusiv` (a unique prefix in Popeye's table of variants) in every reader.
    assert_eq!(parse_condition_text("Madrasi RexInclusiv").unwrap(), rex);
    let yaml = only(read_yaml(
        "algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"#2\"\noptions:\n  - Madrasi RexInclusiv\n",
        "t.yaml",
    ));
    assert_eq!(yaml.conditions, std::slice::from_ref(&rex));
    let stip = only(read_stip(
        "white: Ke1\nblack: Ke8\nstipulation: #2\nconditions: Madr RexInclusiv\noptions: setpl\ntwin: cont rem e1\n",
        "t.stip",
    ));
    assert_eq!(stip.conditions, std::slice::from_ref(&rex));
    assert!(stip.options.set_play);
    let inp = only(read_popeye("BeginProblem\nStipulation #2\nCond Madr RexIncl\nOpt SetP\nPieces White Ke1 Black Ke8\nTwin Rem e1\nEndProblem\n", "t.inp"));
    assert_eq!(inp.conditions, [rex]);
    assert!(inp.options.set_play);
    // Not where Popeye does not: `Rex` is RexInclusive or RexExclusive in Popeye's table, so it is read as the
    // next condition, which does not exist.
    let d = first_error(read_yaml(
        "algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"#2\"\noptions:\n  - Madrasi Rex\n",
        "t.yaml",
    ));
    assert_eq!(
        (d.message.as_str(), d.hint.as_deref()),
        ("unknown condition `Rex`", Some("did you mean `RexInclusive`?"))
    );
    let d = first_error(read_popeye(
        "BeginProblem\nStipulation #2\nCondition Madrasi Rex\nPieces White Ke1 Black Ke8\nEndProblem\n",
        "t.inp",
    ));
    assert_eq!(d.message, "unknown condition `Rex`");
    // A parameter stated as the default is accepted and stored as nothing (Isardam's TypeA).
    let p = only(read_popeye(
        "BeginProblem\nStipulation #2\nCondition Isardam TypeA\nPieces White Ke1 Black Ke8\nEndProblem\n",
        "t.inp",
    ));
    assert_eq!(p.conditions, [ConditionSpec { name: "Isardam".into(), options: vec![], ..Default::default() }]);
}
