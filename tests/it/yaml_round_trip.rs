//! Every example problem survives writing as YAML and reading back (the FEN's explicit castling and
//! en-passant state is not part of the YACPDB layout, and piece order is not compared).

use stipula::input::{read_any, yaml};
use stipula::output::yaml as yaml_out;

#[test]
fn examples_round_trip_through_yaml() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/examples");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let ps: Vec<_> = read_any(&path.display().to_string(), &text).into_iter().map(Result::unwrap).collect();
        let written = yaml_out::write_yaml(&ps);
        let back: Vec<_> =
            yaml::read_yaml(&written, "w.yaml").into_iter().map(|r| r.map_err(|d| d.render()).unwrap()).collect();
        assert_eq!(ps.len(), back.len());
        for (mut a, mut b) in ps.into_iter().zip(back) {
            a.location = Default::default();
            b.location = Default::default();
            a.state = Default::default();
            // The piece order of a FEN (rank by rank) is not the YAML order (White, then Black).
            a.pieces.sort_by_key(|p| (p.color, p.square));
            b.pieces.sort_by_key(|p| (p.color, p.square));
            assert_eq!(a, b, "{written}");
            n += 1;
        }
        // Writing again gives the same text.
        let again: Vec<_> = yaml::read_yaml(&written, "w.yaml").into_iter().map(Result::unwrap).collect();
        assert_eq!(yaml_out::write_yaml(&again), written);
    }
    assert!(n >= 6);
}

#[test]
fn entry_with_caller_solution() {
    let p = read_any("x.stip", "white: Kb6 Rc6\nblack: Kb8\nstipulation: #2\n").remove(0).unwrap();
    let y = yaml_out::entry_to_yaml(&p, Some("   1.Rc6-c8 # !\n"));
    let back = yaml::read_yaml(&y, "y.yaml").remove(0).unwrap();
    assert_eq!(back.intended.text.as_deref(), Some("   1.Rc6-c8 # !\n"));
}

#[test]
fn fuzz_finding_multibyte_in_a_piece_does_not_panic() {
    // Found by `cargo fuzz run yaml`: a BOM inside a piece token was sliced through.
    let t = "algebraic:\n  white: [Ke1, Qd\u{feff}1]\n  black: [Ke8]\nstipulation: \"h#1\"\n";
    assert!(yaml::read_yaml(t, "f.yaml")[0].is_err());
    assert!(stipula::input::stip::read_stip("white: Qd\u{feff}1\nblack: Ke8\nstipulation: #2\n", "f.stip")[0].is_err());
}

#[test]
fn fuzz_finding_multibyte_in_an_option_does_not_panic() {
    // Found by `cargo fuzz run yaml`: an option item was sliced at byte 5 to look for `Twin `.
    let t = "algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"h#2\"\noptions: [Madr\u{feff}, SetPlay]\n";
    assert!(yaml::read_yaml(t, "f.yaml")[0].is_err());
}

#[test]
fn fuzz_finding_intelligent_count_survives_conversion() {
    // Found by `cargo fuzz run popeye` on a seed file: Popeye's `Intelligent 2` kept its count as read from
    // Popeye input, but the YAML reader dropped it, so converting twice lost it.
    let inp =
        "AnfangProblem\nforderung ser-#7\noption duplex intell 2\nsteine weiss kh8 tc2 schwarz ka4 tc3\nEndeProblem\n";
    let p = read_any("x.inp", inp).remove(0).unwrap();
    let written = yaml_out::entry_to_yaml(&p, None);
    assert!(written.ends_with("options:\n  - \"Duplex\"\n  - \"Intelligent 2\"\n"), "{written}");
    let back = yaml::read_yaml(&written, "w.yaml").remove(0).unwrap();
    assert_eq!(back.options, p.options);
    assert_eq!(yaml_out::entry_to_yaml(&back, None), written);
    // The statement language reads the count the same way.
    let s = stipula::input::stip::read_stip(
        "white: Kh8\nblack: Ka4\nstipulation: ser-#7\noptions: Intelligent 2\n",
        "s.stip",
    );
    assert_eq!(
        s[0].as_ref().unwrap().options.intelligent,
        Some(stipula::problem::options::Intelligent { max_solutions: Some(2) })
    );
}

#[test]
fn fuzz_finding_control_characters_are_escaped() {
    // Found by `cargo fuzz run popeye`: an author with DEL (U+007F) was written as it is, and YAML does not
    // allow it unescaped, so the converted entry did not read back.
    let inp =
        "AnfangProblem\nautor M\u{7f}\u{0}anfred Seidel\nforderung #3\nsteine weiss ke1 da2 schwarz ke8\nEndeProblem\n";
    let p = read_any("x.inp", inp).remove(0).unwrap();
    let written = yaml_out::entry_to_yaml(&p, None);
    assert!(written.starts_with("authors:\n  - \"M\\x7f\\x00anfred Seidel\"\n"), "{written}");
    let back = yaml::read_yaml(&written, "w.yaml").remove(0).map_err(|d| d.render()).unwrap();
    assert_eq!(back.meta.authors, ["M\u{7f}\u{0}anfred Seidel"]);
    // A solution text with such a character is quoted rather than written as a literal block.
    let y = yaml_out::entry_to_yaml(&p, Some("1.Qa2-a8 \u{80}+\n"));
    assert!(y.contains("solution: \"1.Qa2-a8 \\x80+\\n\"\n"), "{y}");
    let back = yaml::read_yaml(&y, "y.yaml").remove(0).map_err(|d| d.render()).unwrap();
    assert_eq!(back.intended.text.as_deref(), Some("1.Qa2-a8 \u{80}+\n"));
}

#[test]
fn fuzz_finding_popeye_protocol_converts_to_a_valid_field() {
    // Found by `cargo fuzz run popeye`: `Protocol FILE` was kept as the bare file name where YAML text is
    // expected, so `convert` wrote `popeye-protocol:out.txt`, which the YAML reader refuses.
    let inp = "BeginProblem\nProtocol out.txt\nStipulation #2\nPieces White Ke1 Black Ke8\nEndProblem\n";
    let p = read_any("x.inp", inp).remove(0).unwrap();
    let written = yaml_out::entry_to_yaml(&p, None);
    assert!(written.ends_with("stipulation: \"#2\"\npopeye-protocol: \"out.txt\"\n"), "{written}");
    let back = yaml::read_yaml(&written, "w.yaml").remove(0).map_err(|d| d.render()).unwrap();
    assert_eq!(back.meta, p.meta);
    assert_eq!(yaml_out::entry_to_yaml(&back, None), written);
}

#[test]
fn fuzz_finding_every_ignored_popeye_option_converts() {
    // Found by `cargo fuzz run popeye`: `MultiSolutions` (and `Search`, `NoSymmetry`, `StartMoveNumber n`,
    // `UpToMoveNumber n`), accepted and ignored by the Popeye reader, were written by `convert` but unknown to
    // the YAML reader; an ignored option given twice was kept twice by one reader and once by the other.
    let inp = "AnfangProblem\nforderung #10\noption mehrereloes drohung 1 suchen keinesym startzug 3 biszug 5 ohnebrett ohnebrett\n\
               steine weiss ka4 schwarz kd5\nEndeProblem\n";
    let p = read_any("x.inp", inp).remove(0).unwrap();
    assert_eq!(
        p.options.ignored,
        ["MultiSolutions", "Search", "NoSymmetry", "StartMoveNumber 3", "UpToMoveNumber 5", "NoBoard"]
    );
    let written = yaml_out::entry_to_yaml(&p, None);
    let back = yaml::read_yaml(&written, "w.yaml").remove(0).map_err(|d| d.render()).unwrap();
    assert_eq!(back.options, p.options);
    assert_eq!(yaml_out::entry_to_yaml(&back, None), written);
}

#[test]
fn fuzz_finding_solution_count_with_leading_zero_is_quoted() {
    // Found by `cargo fuzz run stip`: the count `00` was written unquoted, and YAML reads `00` as a number
    // that is not the text `00`, so writing again gave another entry.
    let p =
        read_any("x.stip", "white: Kb6 Rc6\nblack: Kb8\nstipulation: #2\nsolution: 00 solutions\n").remove(0).unwrap();
    assert_eq!(p.intended.count.as_deref(), Some("00"));
    let written = yaml_out::entry_to_yaml(&p, None);
    assert!(written.ends_with("intended-solutions: \"00\"\n"), "{written}");
    let back = yaml::read_yaml(&written, "w.yaml").remove(0).map_err(|d| d.render()).unwrap();
    assert_eq!(back.intended, p.intended);
    // A plain count stays a number.
    let p =
        read_any("x.stip", "white: Kb6 Rc6\nblack: Kb8\nstipulation: #2\nsolution: 10 solutions\n").remove(0).unwrap();
    assert!(yaml_out::entry_to_yaml(&p, None).ends_with("intended-solutions: 10\n"));
}

#[test]
fn fuzz_finding_unknown_key_with_a_colon_is_kept_as_written() {
    // Found by `cargo fuzz run yaml`: an unknown key holding `:` (`titl S:x: text`) had its value cut at the
    // first colon instead of the one that ends the key, so each conversion repeated part of the key.
    let t = "algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"#2\"\ntitl S:x: the king\n";
    let p = yaml::read_yaml(t, "t.yaml").remove(0).map_err(|d| d.render()).unwrap();
    assert_eq!(p.meta.extra.get("titl S:x").map(String::as_str), Some(" the king"));
    let written = yaml_out::entry_to_yaml(&p, None);
    assert!(written.ends_with("stipulation: \"#2\"\ntitl S:x: the king\n"), "{written}");
    let back = yaml::read_yaml(&written, "w.yaml").remove(0).map_err(|d| d.render()).unwrap();
    assert_eq!(back.meta, p.meta);
}
