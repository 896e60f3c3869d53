//! Unit tests of the Popeye reader.

use super::*;
use crate::problem::options::Intelligent;
use crate::problem::{Goal, Play};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// One problem, not validated: these tests are about the vocabulary, and some list contradicting options.
fn one(text: &str) -> Problem {
    let mut r = read_popeye_with(text, "t.inp", false).0;
    assert_eq!(r.len(), 1, "one problem expected");
    match r.remove(0).1 {
        Ok(p) => p,
        Err(d) => panic!("unexpected error:\n{}", d.render()),
    }
}

fn err(text: &str) -> Diagnostic {
    match read_popeye(text, "t.inp").into_iter().next() {
        Some(Err(d)) => d,
        other => panic!("expected an error, got {other:?}"),
    }
}

fn en(body: &str) -> String {
    format!("BeginProblem\nStipulation #2\nPieces White Ke1 Black Ke8\n{body}\nEndProblem\n")
}

fn de(body: &str) -> String {
    format!("AnfangProblem\nForderung #2\nSteine Weiss Ke1 Schwarz Ke8\n{body}\nEndeProblem\n")
}

fn piece_at(p: &Problem, s: &str) -> Option<(Color, &'static str)> {
    p.pieces.iter().find(|x| x.square == sq(s)).map(|x| (x.color, x.kind.code()))
}

#[test]
fn english_problem_with_separators_and_case() {
    let p = one("beginproblem; STIPULATION h#2,pieces white Ka3 Ra8 Pb2c2\tblack Kb1 Ga1h8 Sc3 endproblem");
    assert_eq!(p.stipulation.to_string(), "h#2");
    assert_eq!(p.pieces.len(), 8);
    assert_eq!(piece_at(&p, "c2"), Some((Color::White, "P")));
    assert_eq!(piece_at(&p, "h8"), Some((Color::Black, "G")));
    assert_eq!(piece_at(&p, "c3"), Some((Color::Black, "S")));
    assert_eq!(p.location, Location { file: "t.inp".into(), line: 1, column: 1 });
}

#[test]
fn abbreviations_and_exact_match() {
    let p = one("Begi\nStip #3\nPiec Whit Ke1 Blac Ke8\nOpti Vari\nEndP");
    assert_eq!(p.stipulation.moves, 3);
    assert!(p.options.variations);
    // `s` abbreviates Stipulation and SStipulation: ambiguous.
    let d = err("BeginProblem\ns #2\nEndProblem");
    assert!(d.message.contains("ambiguous command `s`"), "{}", d.message);
    assert!(d.message.contains("`Stipulation`") && d.message.contains("`SStipulation`"));
    // German `for` is Forderung or Forsyth, `ford` only Forderung.
    assert!(err("AnfangProblem\nfor #2\nEndeProblem").message.contains("ambiguous"));
    assert_eq!(one(&de("")).stipulation.to_string(), "#2");
}

#[test]
fn german_keywords_and_codes() {
    let p = one(
        "AnfangProblem\nautor  G. Sch\"opfer\nautor Zweiter Autor\nquel Neue Leipziger Ztg., 1927\ntite Ein Titel\n\
         ausz 1. Preis\nbemerkung eine Bemerkung\nford #2\nopti vari\nstei\nweis ke1 da7 th1 lb2 sc3 bd2 gh2 ha1 nf1 cag1\n\
         schw kc1 wef8 kne8\nEndeProblem",
    );
    assert_eq!(p.meta.authors, vec!["G. Sch\"opfer", "Zweiter Autor"]);
    assert_eq!(p.meta.source.as_deref(), Some("Neue Leipziger Ztg., 1927"));
    assert_eq!(p.meta.title.as_deref(), Some("Ein Titel"));
    assert_eq!(p.meta.award.as_deref(), Some("1. Preis"));
    assert_eq!(p.meta.remarks, vec!["eine Bemerkung"]);
    let codes: Vec<&str> = ["e1", "a7", "h1", "b2", "c3", "d2", "h2", "a1", "f1", "g1"]
        .iter()
        .map(|s| piece_at(&p, s).unwrap().1)
        .collect();
    assert_eq!(codes, ["K", "Q", "R", "B", "S", "P", "G", "L", "N", "CA"]);
    assert_eq!(piece_at(&p, "f8"), Some((Color::Black, "WE")));
    assert_eq!(piece_at(&p, "e8"), Some((Color::Black, "EM")), "German empress is KN");
}

#[test]
fn french_keywords_and_codes() {
    let p = one(
        "DebutProbleme\nauteur Quelqu'un\nenonce h#2\npieces blanc Re1 Dd1 Tc1 Fb1 Ca1 Pa2 Sb2 Lc2 chd2 vie2 ime3\n\
         noir Re8\ncondition madrasi rexinclusif\noption variantes essais\nFinProbleme",
    );
    assert_eq!(p.meta.authors, vec!["Quelqu'un"]);
    let codes: Vec<&str> = ["e1", "d1", "c1", "b1", "a1", "a2", "b2", "c2", "d2", "e2", "e3"]
        .iter()
        .map(|s| piece_at(&p, s).unwrap().1)
        .collect();
    assert_eq!(codes, ["K", "Q", "R", "B", "S", "P", "G", "L", "CA", "WE", "EM"]);
    assert_eq!(
        p.conditions,
        vec![ConditionSpec { name: "Madrasi".into(), options: vec!["RexInclusive".into()], ..Default::default() }]
    );
    assert!(p.options.variations && p.options.tries);
}

#[test]
fn token_length_rule_and_separated_form() {
    let p = one("BeginProblem\nStipulation #2\nPieces White kb7 gc7g7 amd6 cab3 Black Ka1 b c2c3 ca h1\nEndProblem");
    assert_eq!(piece_at(&p, "b7"), Some((Color::White, "K")));
    assert_eq!(piece_at(&p, "g7"), Some((Color::White, "G")));
    assert_eq!(piece_at(&p, "b3"), Some((Color::White, "CA")));
    assert_eq!(piece_at(&p, "d6"), Some((Color::White, "AM")));
    assert_eq!(piece_at(&p, "c3"), Some((Color::Black, "B")));
    assert_eq!(piece_at(&p, "h1"), Some((Color::Black, "CA")));
    // `bi` is Popeye's bison, `bid6h2` two of them; `drd6` a dragon, which stipula lacks.
    let p = one("BeginProblem\nStipulation #2\nPieces White Ke1 bid6h2 Black Ke8\nEndProblem");
    assert_eq!(piece_at(&p, "h2"), Some((Color::White, "BI")));
    let p = "BeginProblem\nStipulation #2\nPieces White Ke1 drd6 Black Ke8\nEndProblem";
    assert_eq!(err(p).message, "not supported: piece DR");
}

#[test]
fn piece_on_occupied_square_replaces() {
    let p = one("BeginProblem\nStipulation #2\nPieces White Ke1 Qd4 Black Ke8 Rd4\nEndProblem");
    assert_eq!(p.pieces.len(), 3);
    assert_eq!(piece_at(&p, "d4"), Some((Color::Black, "R")));
}

#[test]
fn piece_errors() {
    let d = err("BeginProblem\nStipulation #2\nPieces White Ke1 XYa1\nEndProblem");
    assert_eq!(d.message, "unknown piece code `XY`");
    assert_eq!((d.location.line, d.location.column, d.span_len), (3, 18, 2));
    assert_eq!(
        err("BeginProblem\nStipulation #2\nPieces TotalInvisible Ke1\nEndProblem").message,
        "not supported: total invisible pieces"
    );
    // Neutral pieces: placed as White's with the neutral attribute (Popeye's colour `Neutral`, Forsyth's `=`, a
    // twin's `add neutral`).
    let p = one("BeginProblem\nStipulation h#2\nPieces White Ke1 Neutral Pa2 Black Ke8\nEndProblem");
    let neutral: Vec<_> = p.pieces.iter().filter(|x| x.attrs == crate::pieces::Attrs::NEUTRAL).collect();
    assert_eq!(neutral.len(), 1);
    assert_eq!((neutral[0].color, neutral[0].square.to_string()), (Color::White, "a2".to_string()));
    let p = one("BeginProblem\nStipulation h#2\nForsyth 4k3/8/8/8/8/8/=P7/4K3\nEndProblem");
    assert!(p.pieces.iter().any(|x| x.attrs == crate::pieces::Attrs::NEUTRAL && x.kind == crate::pieces::Kind::PAWN));
    assert_eq!(
        err("BeginProblem\nStipulation #2\nPieces White Functionary Ke1\nEndProblem").message,
        "not supported: piece attribute Functionary"
    );
    // The attributes stipula plays, in Popeye's three languages.
    let p = one("AnfangProblem\nForderung h#2\nSteine Weiss Ke1 Weiss Chamaeleon Sb1 Schwarz Ke8 Schwarz Kamikaze Ta8\nEndeProblem");
    let attrs: Vec<_> = p.pieces.iter().map(|x| x.attrs).collect();
    assert!(attrs.contains(&crate::pieces::Attrs::CHAMELEON) && attrs.contains(&crate::pieces::Attrs::KAMIKAZE));
    let p = one("DebutProbleme\nenonce h#2\npieces blanc Re1 blanc CouleurEchangeantSautoir Sb1 noir Re8\nFinProbleme");
    assert!(p.pieces.iter().any(|x| x.attrs == crate::pieces::Attrs::HURDLE_COLOUR_CHANGING));
    // The threeleaper is stipula's but not Popeye's: in a Popeye file `03` is unknown.
    assert_eq!(err("BeginProblem\nStipulation #2\nPieces White 03a1\nEndProblem").message, "unknown piece code `03`");
    // A colour without a piece after it: Popeye says `wrong or missing PieceName - ignored` and passes over the
    // next word (here `Twin`: its Madrasi becomes the diagram's condition).
    let d =
        err("BeginProblem\nStipulation s#1\nOption NoBk\nPieces White Kc1 Black\nTwin Condition Madrasi\nEndProblem");
    assert_eq!(d.message, "colour `Black` without a piece after it");
    assert_eq!((d.location.line, d.location.column), (4, 18));
    // `Black` then `EndProblem`: Popeye reads `En` as a walk code, and goes on silently too.
    assert!(err("BeginProblem\nStipulation #2\nPieces White Ke1 Black\nEndProblem").message.contains("no king"));
    // `White Black`: Popeye reads `B` of `Black` as a bishop's code and goes on silently.
    let p = one("BeginProblem\nStipulation s#3\nOption NoWk\nPieces White Black Kf4 Se1\nEndProblem");
    assert_eq!(p.pieces.len(), 2);
    // Once a piece of the colour is read, a word that is no piece ends the pieces (French `ot`: `ote`).
    let p = one("DebutProbleme\nenonce #2\npieces blanc Rc1 noir Ra8\njumeau ajoute noir Fa1 ot c1\nFinProbleme");
    assert_eq!(p.twins[0].changes.len(), 2);
}

#[test]
fn forsyth() {
    let p = one("BeginProblem\nStipulation #2\nForsyth 4k3/8/8/8/8/8/3.CA4/4K2r\nEndProblem");
    assert_eq!(piece_at(&p, "e8"), Some((Color::Black, "K")));
    assert_eq!(piece_at(&p, "e1"), Some((Color::White, "K")));
    assert_eq!(piece_at(&p, "h1"), Some((Color::Black, "R")));
    assert_eq!(piece_at(&p, "d2"), Some((Color::White, "CA")));
    let p = one("BeginProblem\nStipulation #2\nForsyth -K7/8/8/8/8/8/8/+k7\nEndProblem");
    assert_eq!(piece_at(&p, "a8"), Some((Color::Black, "K")));
    assert_eq!(piece_at(&p, "a1"), Some((Color::White, "K")));
    // Popeye fills the squares one after the other, skips `/` and stops at h1 (BEISPIEL/bgl.inp#2 has a rank of
    // nine squares, `3Bbsb2`, and Popeye's board goes on into the next rank).
    let p = one("BeginProblem\nStipulation #2\nForsyth 4k4P6/8/8/8/8/8/4K39\nEndProblem");
    assert_eq!(piece_at(&p, "e8"), Some((Color::Black, "K")));
    assert_eq!(piece_at(&p, "b7"), Some((Color::White, "P")));
    assert_eq!(piece_at(&p, "e1"), Some((Color::White, "K")));
}

#[test]
fn stipulation_forms() {
    let s =
        |t: &str| one(&format!("BeginProblem\nStipulation {t}\nPieces White Ke1 Black Ke8\nEndProblem")).stipulation;
    assert_eq!(s("h# 3").to_string(), "h#3");
    assert_eq!(s("ser-h#7").play, Play::SeriesHelp);
    assert_eq!(s("H=2.5").goal, Goal::Stalemate);
    assert_eq!(s("dia 4").to_string(), "dia4");
    assert!(err("BeginProblem\nStipulation k2\nEndProblem").message.starts_with("not supported:"));
    // `a=>b`: the pieces before the stipulation are the start, those after it the diagram to reach.
    let p = one(
        "BeginProblem\nPieces White Ka2 Black Rh8 Pa4\nStipulation ser-a=>b2\nPieces White Ka4 Black Rh8\nEndProblem",
    );
    assert_eq!((p.initial.as_ref().map(|a| a.len()), p.pieces.len()), (Some(3), 2));
    // SStipulation: the shapes that are stipula's own play types, the others refused.
    let sst = |t: &str| one(&format!("BeginProblem\nSStipulation {t}\nPieces White Ke1 Black Ke8\nEndProblem"));
    let st = sst("white 5s[#]").stipulation;
    assert_eq!((st.to_string(), st.structured.as_deref()), ("ser-#5".to_string(), Some("5s[#]")));
    assert_eq!(sst("black 2s [1h[#]h]").stipulation.to_string(), "ser-h#2");
    assert_eq!(sst("bl 2hh[#]").stipulation.to_string(), "h#1");
    assert!(err("BeginProblem\nSStipulation white 4hh[2da[#]]\nEndProblem").message.starts_with("not supported:"));
    assert!(err("BeginProblem\nSStipulation white 3a[#]d | 4hh[#]\nEndProblem").message.starts_with("not supported:"));
    assert!(!err("BeginProblem\nSStipulation green 2s[#]\nEndProblem").message.starts_with("not supported:"));
    assert_eq!(err("BeginProblem\nPieces White Ke1\nEndProblem").message, "the problem has no stipulation");
}

#[test]
fn conditions() {
    let c = |t: &str| one(&en(&format!("Condition {t}"))).conditions;
    let spec = |n: &str, o: &[&str]| ConditionSpec {
        name: n.into(),
        options: o.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    assert_eq!(c("Madrasi"), vec![spec("Madrasi", &[])]);
    assert_eq!(c("madr rexincl"), vec![spec("Madrasi", &["RexInclusive"])]);
    assert_eq!(c("Isardam"), vec![spec("Isardam", &[])]);
    assert_eq!(c("Isardam TypeB RexInclusive"), vec![spec("Isardam", &["TypeB", "RexInclusive"])]);
    assert_eq!(c("Eiffel"), vec![spec("Eiffel", &[])]);
    assert_eq!(c("EiffelChess Madrasi"), vec![spec("Eiffel", &[]), spec("Madrasi", &[])]);
    let c = |t: &str| one(&de(&format!("Bedingung {t}"))).conditions;
    assert_eq!(c("madrasi rexinkl"), vec![spec("Madrasi", &["RexInclusive"])]);
    assert_eq!(c("isardam typb"), vec![spec("Isardam", &["TypeB"])]);
    assert_eq!(c("eiffelschach"), vec![spec("Eiffel", &[])]);
    assert_eq!(c("eiffel"), vec![spec("Eiffel", &[])]);
    assert_eq!(c("Circe"), vec![spec("Circe", &[])]);
    assert_eq!(c("AntiCirce Cheylan RexExkl"), vec![spec("AntiCirce", &["Cheylan", "RexExclusive"])]);
    assert_eq!(c("Circe Spiegel Madrasi"), vec![spec("Circe", &["Mirror"]), spec("Madrasi", &[])]);
    assert_eq!(err(&en("Condition ActuatedRevolvingBoard")).message, "not supported: condition ActuatedRevolvingBoard");
    let d = err(&en("Condition Madrasy"));
    assert_eq!(d.message, "unknown condition `Madrasy`");
    assert_eq!(d.hint.as_deref(), Some("did you mean `Madrasi`?"));
    assert!(err(&en("Condition Isardam Madrasi")).message.contains("cannot be combined"));
    assert!(err(&en("Condition Eiffel\nCondition Isardam")).message.contains("cannot be combined"));
}

#[test]
fn options() {
    let o = one(&en(
        "Option Try Defence 2 SetPlay Threat 1 Variations NoThreat NoShortVariations WhiteToPlay Duplex HalfDuplex \
         MaxSolutions 5 StopOnShortSolutions MaxTime 60 NoCastling a1 h8 EnPassant e2e3e4 \
         CastlingMutuallyExclusive a1h8 MoveNumbers Intelligent 3 NoWk NoBk PostKeyPlay NonTrivial 1 0 \
         MaxFlightsquares 2 Quodlibet MatesIn1 KeepMatingPiece NoBoard Beep",
    ))
    .options;
    assert!(o.tries && o.set_play && o.variations && o.no_threat && o.no_short_variations && o.white_to_play);
    assert!(o.duplex && o.half_duplex && o.stop_on_short && o.move_numbers);
    assert_eq!(o.intelligent, Some(Intelligent { max_solutions: Some(3) }));
    assert!(
        o.no_white_king && o.no_black_king && o.post_key_play && o.quodlibet && o.mates_in_1 && o.keep_mating_piece
    );
    assert_eq!(
        (o.defence, o.threat, o.max_solutions, o.max_time, o.max_flights),
        (Some(2), Some(1), Some(5), Some(60), Some(2))
    );
    assert_eq!(o.no_castling, vec![sq("a1"), sq("h8")]);
    assert_eq!(o.en_passant, vec![sq("e2"), sq("e3"), sq("e4")]);
    assert_eq!(o.castling_mutually_exclusive, vec![(sq("a1"), sq("h8"))]);
    assert_eq!(o.non_trivial, Some((1, 0)));
    assert_eq!(o.ignored, vec!["NoBoard", "Beep"]);
}

#[test]
fn german_option_abbreviations_from_the_corpus() {
    let o = one(&de("option zug intell weiss satz verf vari halte ohnedroh ohnekurz nichttr 5 0 maxzeit 600 droh 2 \
         roch a1a8 roch h1h8 keinerochade h1 enpassant f7f6f5 nachschluessel quod mattsin1 maxflucht 3"))
    .options;
    assert!(o.move_numbers && o.intelligent.is_some() && o.white_to_play && o.set_play && o.tries && o.variations);
    assert!(o.keep_mating_piece, "`halte` is HalteMattsetzendenStein = KeepMatingPiece");
    assert!(o.no_threat && o.no_short_variations && o.post_key_play && o.quodlibet && o.mates_in_1);
    assert_eq!((o.non_trivial, o.max_time, o.threat, o.max_flights), (Some((5, 0)), Some(600), Some(2), Some(3)));
    assert_eq!(o.castling_mutually_exclusive, vec![(sq("a1"), sq("a8")), (sq("h1"), sq("h8"))]);
    assert_eq!(o.no_castling, vec![sq("h1")]);
    let d = err(&de("option variantn"));
    assert_eq!(d.hint.as_deref(), Some("did you mean `Varianten`?"));
    assert!(err(&en("Option NullMoves")).message.starts_with("not supported: option NullMoves"));
}

#[test]
fn twins() {
    let p = one(&en(
        "Twin Move e1 e2 Twin Continued Exchange e2 e8 Twin Remove e8 Twin Add Black Qd1 Twin Substitute Q R \
         Twin Rotate 90 Twin Mirror a1<-->h1 Twin Shift a1 b2 Twin PolishType Twin Stipulation h#3 Twin Condition Madrasi",
    ));
    let ch: Vec<&TwinChange> = p.twins.iter().map(|t| &t.changes[0]).collect();
    assert_eq!(ch[0], &TwinChange::Move(sq("e1"), sq("e2")));
    assert!(p.twins[1].continued && !p.twins[0].continued);
    assert_eq!(ch[1], &TwinChange::Exchange(sq("e2"), sq("e8")));
    assert_eq!(ch[2], &TwinChange::Remove(sq("e8")));
    assert_eq!(ch[3], &TwinChange::Add(Placed::new(Color::Black, Kind::QUEEN, sq("d1"))));
    assert_eq!(ch[4], &TwinChange::Substitute { color: None, from: Kind::QUEEN, to: Kind::ROOK });
    assert_eq!(ch[5], &TwinChange::Rotate(90));
    assert_eq!(ch[6], &TwinChange::Mirror(Mirror::A1H1));
    assert_eq!(ch[7], &TwinChange::Shift(sq("a1"), sq("b2")));
    assert_eq!(ch[8], &TwinChange::PolishType);
    assert!(matches!(ch[9], TwinChange::Stipulation(s) if s.to_string() == "h#3"));
    assert!(matches!(ch[10], TwinChange::Conditions(c) if c[0].name == "Madrasi"));
    assert!(!p.zero_position);
    // Each walk a word of its own, as Popeye reads them: `GY` is the gryphon (which stipula lacks), `QR` no walk
    // at all; Popeye 4.104 answers both with an input error and leaves the pieces as they were.
    assert_eq!(err(&en("Twin Substitute GY")).message, "not supported: piece GY");
    assert!(err(&en("Twin Substitute QR")).message.contains("QR"), "{}", err(&en("Twin Substitute QR")).message);
}

#[test]
fn german_twins_and_zero_position() {
    let p = one(&de(
        "nullstellung verse e1 e2\nzwilling ferner tausche e2 e8\nzwilling hinzu schw lh6\nzwilling entferne e8\n\
         zwilling ersetze d t\nzwilling drehung 180\nzwilling spiegelung a1<-->h8\nzwilling verschiebung a1 a2\n\
         zwilling farbwechsel\nzwilling forderung h=6 versetz e1 h1\nzwilling bedingung isardam",
    ));
    assert!(p.zero_position);
    assert_eq!(p.twins.len(), 11);
    assert_eq!(p.twins[0].changes, vec![TwinChange::Move(sq("e1"), sq("e2"))]);
    assert!(p.twins[1].continued);
    assert_eq!(p.twins[2].changes, vec![TwinChange::Add(Placed::new(Color::Black, Kind::BISHOP, sq("h6")))]);
    assert_eq!(p.twins[4].changes, vec![TwinChange::Substitute { color: None, from: Kind::QUEEN, to: Kind::ROOK }]);
    assert_eq!(p.twins[9].changes.len(), 2);
    assert!(err(&en("Twin")).message.contains("without a twinning command"));
    assert!(err(&en("Twin Rotate 45")).message.contains("cannot rotate"));
    assert!(err(&en("Twin Stipulation #3\nOption Try")).message.contains("after the twins"));
}

#[test]
fn several_problems_and_recovery() {
    let text = "BeginProblem\nStipulation #2\nPieces White Ke1 Black Ke8\nNextProblem\n\
                Stipulation #3\nPieces White Ke1 XYa1 Black Ke8\nNextProblem\n\
                Remark EndProblem is not a command here\n  Stipulation h#2\nPieces White Ke1 Black Ke8\nEndProblem\n\
                garbage after the end is ignored";
    let r = read_popeye(text, "t.inp");
    assert_eq!(r.len(), 3);
    assert_eq!(r[0].as_ref().unwrap().stipulation.moves, 2);
    assert_eq!(r[1].as_ref().unwrap_err().message, "unknown piece code `XY`");
    let p3 = r[2].as_ref().unwrap();
    assert_eq!(p3.stipulation.to_string(), "h#2");
    assert_eq!(p3.meta.remarks, vec!["EndProblem is not a command here"]);
    assert_eq!((r[1].as_ref().unwrap_err().location.line, p3.location.line, p3.location.column), (6, 8, 1));
    assert_eq!(r[0].as_ref().unwrap().location.line, 1);
}

#[test]
fn lexical_errors_and_odd_inputs_do_not_panic() {
    assert_eq!(
        err("BeginProblem\nStipulation #2\nPieces White K\u{e9}1\nEndProblem").message,
        "unexpected character `é`"
    );
    assert_eq!(err("").message, "empty Popeye input: the file holds no problem");
    assert!(err("Hello").message.contains("must start with `BeginProblem`"));
    for text in [
        "B",
        "BeginProblem",
        "BeginProblem Pieces",
        "BeginProblem Pieces White",
        "BeginProblem Stipulation",
        "BeginProblem Twin",
        "BeginProblem Option Defence",
        "BeginProblem Forsyth .",
        "BeginProblem Forsyth 99999999999999999999",
        "BeginProblem Stipulation h# 99999999999999999999",
        "BeginProblem NextProblem NextProblem",
        "BeginProblem Twin Add White",
        "BeginProblem Twin Substitute",
        "BeginProblem Option EnPassant",
        "BeginProblem Author",
        "BeginProblem\r\nRemark \u{1f600}\r\n",
    ] {
        for r in read_popeye(text, "t.inp") {
            if let Err(d) = r {
                assert!(d.render().starts_with("error: "));
            }
        }
    }
}

#[test]
fn latex_piece_names_are_passed_over() {
    // Popeye's BEISPIEL/twin.inp #1: LaTeX names of pieces after `LaTeX FILE`, a walk code, an abbreviation and a
    // name to the end of the line (Popeye's ParseLaTeXPieces); the same after `LaTeXPieces`.
    let p = one(&de("latex twin.tex\n n SU Nachtreiter\n g DU Grash\"upfer\nautor M. Tomasevic"));
    assert_eq!(p.meta.authors.len(), 1, "the command after the names is read");
    let p = one(&en("LaTeXPieces g GH grasshopper hopper\nAuthor A. B."));
    assert_eq!(p.meta.authors.len(), 1);
    // A word of three letters or more right after the file is the next command.
    let p = one(&en("LaTeX out.tex\nAuthor A. B."));
    assert_eq!(p.meta.authors.len(), 1);
}

#[test]
fn a_group_of_pieces_starts_with_its_colour() {
    // Popeye's EXAMPLES/bouncer.inp #3: `pie wh b3d4` is White's B3 (a bouncer) on d4, not a piece `WH` without a
    // colour (Popeye's ParsePieces reads the colour first).
    let p = one("BeginProblem\nPieces wh b3d4 ka1 bl ke8\nStipulation h#4\nEndProblem\n");
    assert_eq!(piece_at(&p, "d4"), Some((Color::White, "B3")));
}

#[test]
fn a_problem_without_pieces_or_stipulation_does_not_hide_the_next() {
    // Popeye's TESTS/series_play.inp: a problem refused once read to its `next` (no pieces, `option noboard nowk
    // nobk`), then the problem after it, which was skipped with it.
    let text = "BeginProblem\nStipulation #2\nNextProblem\nPieces White Ke1 Black Ke8\nNextProblem\n\
                Stipulation #3\nPieces White Ke1 Black Ke8\nEndProblem\n";
    let got: Vec<Result<String, String>> = read_popeye(text, "t.inp")
        .into_iter()
        .map(|r| r.map(|p| p.stipulation.to_string()).map_err(|d| d.message))
        .collect();
    assert_eq!(
        got,
        [
            Err("the problem has no pieces".to_string()),
            Err("the problem has no stipulation".to_string()),
            Ok("#3".to_string())
        ]
    );
}
