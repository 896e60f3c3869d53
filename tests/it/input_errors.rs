//! Malformed inputs and the complete diagnostics they give (line, column, message, expected, hint).

use stipula::input::{stip::read_stip, yaml::read_yaml};

fn stip_err(text: &str) -> String {
    read_stip(text, "t.stip").into_iter().find_map(Result::err).expect("an error").render()
}

fn yaml_err(text: &str) -> String {
    read_yaml(text, "t.yaml").into_iter().find_map(Result::err).expect("an error").render()
}

#[test]
fn stip_00() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: #2\nconditions: Madrasy\n"),
        "error: unknown condition `Madrasy`\n --> t.stip:4:13\n  |\n4 | conditions: Madrasy\n  |             ^^^^^^^\n  = expected: a condition: `Madrasi`, `Isardam`, `Eiffel`, `Parsi`, `MadnessOfKings`, `Circe`, `Volage`, `Hypervolage`, `GridChess`, `AntiKoeko`, `Bicolores`, `BichromChess`, `BlackEdgeMover`, `CentralChess`, `KoeKo`, `Lortap`, `MonochromChess`, `NewKoeko`, `NoBlackCapture`, `NoCapture`, `NoWhiteCapture`, `Patrouille`, `UltraPatrol`, `WhiteEdgeMover`, `ImmunChess`, `Imitator`, `CavalierMajeur`, `HaanerChess`, `BlackMaximummer`, `BlackMinimummer`, `WhiteMaximummer`, `WhiteMinimummer`, `MagicSquares`, `Tibet`, `DoubleTibet`, `Hole`, `ReflectiveKings`, `TransmutedKings`, `NoIProm`, `AntiCirce`, `AndernachChess`, `ChameleonChess`, `AntiAndernachChess`, `ChecklessChess`, `PromOnly`, `ExclusiveChess`, `WhiteReflectiveKing`, `BlackReflectiveKing`, `WhiteTransmutedKing`, `BlackTransmutedKing`, `BrunnerChess`, `MessignyChess`, `ShieldedKings`, `SingleBox`, `WhiteOscillatingKings`, `BlackOscillatingKings`, `AntiKings`, `WhiteSuperTransmutingKing`, `BlackSuperTransmutingKing`, `SwappingKings`, `SAT`, `StrictSAT`, `Take&MakeChess`, `DangerCirce`, `Sentinelles`, `Masand`, `MasandGeneralised`, `BGL`, `AnnanChess`, `VaultingKings`, `WhiteVaultingKing`, `BlackVaultingKing`, `CastlingChess`, `Disparate`, `GhostChess`, `HauntedChess`, `KobulKings`, `SuperGuards`, `Wormholes`, `FaceToFace`, `BackToBack`, `CheekToCheek`, `LeseMajeste`, `Rokagogo`, `Breton`, `Make&TakeChess`, `PointReflection`, `Pepo`, `Bicaptures`, `MultiCaptures`, `AntiGuards`, `FrankfurtChess`\n  = hint: did you mean `Madrasi`?\n"
    );
}

#[test]
fn stip_01() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: #2\nconditions: Madrasi RX\n"),
        "error: unknown condition `RX`\n --> t.stip:4:21\n  |\n4 | conditions: Madrasi RX\n  |                     ^^\n  = expected: a condition, or an option of Madrasi: `Madrasi`, `Isardam`, `Eiffel`, `Parsi`, `MadnessOfKings`, `Circe`, `Volage`, `Hypervolage`, `GridChess`, `AntiKoeko`, `Bicolores`, `BichromChess`, `BlackEdgeMover`, `CentralChess`, `KoeKo`, `Lortap`, `MonochromChess`, `NewKoeko`, `NoBlackCapture`, `NoCapture`, `NoWhiteCapture`, `Patrouille`, `UltraPatrol`, `WhiteEdgeMover`, `ImmunChess`, `Imitator`, `CavalierMajeur`, `HaanerChess`, `BlackMaximummer`, `BlackMinimummer`, `WhiteMaximummer`, `WhiteMinimummer`, `MagicSquares`, `Tibet`, `DoubleTibet`, `Hole`, `ReflectiveKings`, `TransmutedKings`, `NoIProm`, `AntiCirce`, `AndernachChess`, `ChameleonChess`, `AntiAndernachChess`, `ChecklessChess`, `PromOnly`, `ExclusiveChess`, `WhiteReflectiveKing`, `BlackReflectiveKing`, `WhiteTransmutedKing`, `BlackTransmutedKing`, `BrunnerChess`, `MessignyChess`, `ShieldedKings`, `SingleBox`, `WhiteOscillatingKings`, `BlackOscillatingKings`, `AntiKings`, `WhiteSuperTransmutingKing`, `BlackSuperTransmutingKing`, `SwappingKings`, `SAT`, `StrictSAT`, `Take&MakeChess`, `DangerCirce`, `Sentinelles`, `Masand`, `MasandGeneralised`, `BGL`, `AnnanChess`, `VaultingKings`, `WhiteVaultingKing`, `BlackVaultingKing`, `CastlingChess`, `Disparate`, `GhostChess`, `HauntedChess`, `KobulKings`, `SuperGuards`, `Wormholes`, `FaceToFace`, `BackToBack`, `CheekToCheek`, `LeseMajeste`, `Rokagogo`, `Breton`, `Make&TakeChess`, `PointReflection`, `Pepo`, `Bicaptures`, `MultiCaptures`, `AntiGuards`, `FrankfurtChess`\n  = hint: did you mean `RI`?\n"
    );
}

#[test]
fn stip_02() {
    assert_eq!(
        stip_err("white: Ke1\nblak: Ke8\nstipulation: #2\n"),
        "error: unknown key `blak`\n --> t.stip:2:1\n  |\n2 | blak: Ke8\n  | ^^^^\n  = expected: one of `author:`, `authors:`, `source:`, `award:`, `title:`, `remark:`, `keywords:`, `comment:`, `white:`, `black:`, `fen:`, `stipulation:`, `conditions:`, `options:`, `twin:`, `zero position:`, `solution:`\n  = hint: did you mean `black:`?\n"
    );
}

#[test]
fn stip_03() {
    assert_eq!(
        stip_err("white Ke1\nblack: Ke8\nstipulation: #2\n"),
        "error: expected `key: value`, found `white`\n --> t.stip:1:1\n  |\n1 | white Ke1\n  | ^^^^^\n  = expected: a key such as `white:`, `stipulation:` or `options:`\n  = hint: did you mean `white:`?\n"
    );
}

#[test]
fn stip_04() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\n"),
        "error: this problem has no stipulation\n --> t.stip:1:1\n  |\n1 | white: Ke1\n  | ^^^^^^^^^^\n  = expected: a line such as `stipulation: #2` or `stipulation: helpmate in 2`\n"
    );
}

#[test]
fn stip_05() {
    assert_eq!(
        stip_err("stipulation: #2\n"),
        "error: this problem has no pieces\n --> t.stip:1:1\n  |\n1 | stipulation: #2\n  | ^^^^^^^^^^^^^^^\n  = expected: `white: Ke1 …` and `black: Ke8 …` lines, or a `fen:` line\n"
    );
}

#[test]
fn stip_06() {
    assert_eq!(
        stip_err("white: Ke1 XYa1\nblack: Ke8\nstipulation: #2\n"),
        "error: unknown piece `XY`\n --> t.stip:1:12\n  |\n1 | white: Ke1 XYa1\n  |            ^^\n  = expected: a piece code such as `K`, `Q`, `S`, `G`, `CA`, `03` or a name such as `knight`\n"
    );
}

#[test]
fn stip_07() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8 knigt f7\nstipulation: #2\n"),
        "error: unknown piece `knigt`\n --> t.stip:2:12\n  |\n2 | black: Ke8 knigt f7\n  |            ^^^^^\n  = expected: a piece code such as `K`, `Q`, `S`, `G`, `CA`, `03` or a name such as `knight`\n  = hint: did you mean `knight`?\n"
    );
}

#[test]
fn stip_08() {
    assert_eq!(
        stip_err("white: Ke1 Qe1\nblack: Ke8\nstipulation: #2\n"),
        "error: two pieces on e1\n --> t.stip:1:13\n  |\n1 | white: Ke1 Qe1\n  |             ^^\n  = expected: each square at most once\n"
    );
}

#[test]
fn stip_09() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: h#x\n"),
        "error: expected the number of moves\n --> t.stip:3:16\n  |\n3 | stipulation: h#x\n  |                ^\n  = expected: a number such as `2` or `2.5`\n"
    );
}

#[test]
fn stip_10() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: helpmat in 2\n"),
        "error: cannot read the stipulation `helpmat in 2`\n --> t.stip:3:14\n  |\n3 | stipulation: helpmat in 2\n  |              ^^^^^^^^^^^^\n  = expected: a stipulation such as `#2`, `h#2.5`, `mate in 2` or `series helpmate in 7`\n  = hint: did you mean `helpmate`?\n"
    );
}

#[test]
fn stip_11() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: mate in 2.5\n"),
        "error: a half move (`.5`) is only meaningful in help play\n --> t.stip:3:22\n  |\n3 | stipulation: mate in 2.5\n  |                      ^^^\n  = expected: a whole number of moves\n"
    );
}

#[test]
fn stip_12() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: #2\noptions: setply\n"),
        "error: unknown option `setply`\n --> t.stip:4:10\n  |\n4 | options: setply\n  |          ^^^^^^\n  = expected: an option such as `try`, `set play`, `defence 2` or `duplex`\n  = hint: did you mean `SetPlay`?\n"
    );
}

#[test]
fn stip_13() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: #2\noptions: defence\n"),
        "error: `defence` needs a number\n --> t.stip:4:17\n  |\n4 | options: defence\n  |                 ^\n  = expected: a number such as `2`\n"
    );
}

#[test]
fn stip_14() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: #2\ntwin: mave a1 b2\n"),
        "error: unknown twinning command `mave`\n --> t.stip:4:7\n  |\n4 | twin: mave a1 b2\n  |       ^^^^\n  = expected: `move`, `exchange`, `stipulation`, `add`, `remove`, `rotate`, `condition`, `polish type`, `mirror`, `shift` or `substitute`\n  = hint: did you mean `move`?\n"
    );
}

#[test]
fn stip_15() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: #2\ntwin: rotate 45\n"),
        "error: `45` is not an angle Popeye rotates by\n --> t.stip:4:14\n  |\n4 | twin: rotate 45\n  |              ^^\n  = expected: `90`, `180` or `270`\n"
    );
}

#[test]
fn stip_16() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: #2\nsolution: two\n"),
        "error: cannot read the solution count `two`\n --> t.stip:4:11\n  |\n4 | solution: two\n  |           ^^^\n  = expected: a count such as `2 solutions`, `1 solution` or `2.1.1.1`, and/or `\"\"\"` to start the solution text\n"
    );
}

#[test]
fn stip_17() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: #2\nsolution: \"\"\"\n  1.a\n"),
        "error: the solution text is not closed\n --> t.stip:4:11\n  |\n4 | solution: \"\"\"\n  |           ^^^\n  = expected: a line `\"\"\"` after the solution text\n"
    );
}

#[test]
fn stip_18() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: #2\nautor: X\n"),
        "error: unknown key `autor`\n --> t.stip:4:1\n  |\n4 | autor: X\n  | ^^^^^\n  = expected: one of `author:`, `authors:`, `source:`, `award:`, `title:`, `remark:`, `keywords:`, `comment:`, `white:`, `black:`, `fen:`, `stipulation:`, `conditions:`, `options:`, `twin:`, `zero position:`, `solution:`\n  = hint: did you mean `author:`?\n"
    );
}

#[test]
fn stip_19() {
    assert_eq!(
        stip_err("  Ke1\nstipulation: #2\n"),
        "error: an indented line continues nothing\n --> t.stip:1:3\n  |\n1 |   Ke1\n  |   ^^^\n  = expected: `key: value`, such as `white: Ke1`\n"
    );
}

#[test]
fn stip_20() {
    assert_eq!(
        stip_err("fen: 4k3/8/8/8/8/8/8/4K2\nstipulation: #2\n"),
        "error: rank 1 has 7 squares\n --> t.stip:1:22\n  |\n1 | fen: 4k3/8/8/8/8/8/8/4K2\n  |                      ^\n  = expected: eight squares per rank\n"
    );
}

#[test]
fn stip_21() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: #2\nstipulation: h#2\n"),
        "error: `stipulation:` is given twice\n --> t.stip:4:14\n  |\n4 | stipulation: h#2\n  |              ^^^\n  = hint: use `twin: stipulation …` for a second stipulation\n"
    );
}

#[test]
fn yaml_00() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1, XYa1]\n  black: [Ke8]\nstipulation: \"#2\"\n"),
        "error: unknown piece `XY`\n --> t.yaml:2:16\n  |\n2 |   white: [Ke1, XYa1]\n  |                ^^\n  = expected: a piece code such as `K`, `Q`, `S`, `G`, `CA`, `03` or a name such as `knight`\n"
    );
}

#[test]
fn yaml_01() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1]\n  black: [Ke8]\n  grey: [Pa2]\nstipulation: \"#2\"\n"),
        "error: unknown colour `grey`\n --> t.yaml:4:3\n  |\n4 |   grey: [Pa2]\n  |   ^^^^\n  = expected: `white`, `black` or `neutral`\n"
    );
}

#[test]
fn yaml_02() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"h#x\"\n"),
        "error: expected the number of moves\n --> t.yaml:4:17\n  |\n4 | stipulation: \"h#x\"\n  |                 ^\n  = expected: a number such as `2` or `2.5`\n"
    );
}

#[test]
fn yaml_03() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"#2\"\noptions:\n  - Madrasy\n"),
        "error: unknown condition or option `Madrasy`\n --> t.yaml:6:5\n  |\n6 |   - Madrasy\n  |     ^^^^^^^\n  = expected: a condition such as `Madrasi` or an option such as `SetPlay`\n  = hint: did you mean `Madrasi`?\n"
    );
}

#[test]
fn yaml_04() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"#2\"\noptions:\n  - SetPly\n"),
        "error: unknown condition or option `SetPly`\n --> t.yaml:6:5\n  |\n6 |   - SetPly\n  |     ^^^^^^\n  = expected: a condition such as `Madrasi` or an option such as `SetPlay`\n  = hint: did you mean `SetPlay`?\n"
    );
}

#[test]
fn yaml_05() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"#2\"\ntwins:\n  b: Mave a1 a2\n"),
        "error: unknown twinning command `Mave`\n --> t.yaml:6:6\n  |\n6 |   b: Mave a1 a2\n  |      ^^^^\n  = expected: `move`, `exchange`, `stipulation`, `add`, `remove`, `rotate`, `condition`, `polish type`, `mirror`, `shift` or `substitute`\n  = hint: did you mean `move`?\n"
    );
}

#[test]
fn yaml_06() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1]\n  black: [Ke8]\n"),
        "error: this entry has no stipulation\n --> t.yaml:1:1\n  |\n1 | algebraic:\n  | ^^^^^^^^^\n  = expected: a field such as `stipulation: \"#2\"`\n"
    );
}

#[test]
fn yaml_07() {
    assert_eq!(
        yaml_err("stipulation: \"#2\"\nauthors: [X]\n"),
        "error: this entry has no pieces\n --> t.yaml:1:1\n  |\n1 | stipulation: \"#2\"\n  | ^^^^^^^^^^^\n  = expected: `algebraic:` with `white:` and `black:` lists\n"
    );
}

#[test]
fn yaml_08() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1\n  black: [Ke8]\nstipulation: \"#2\"\n"),
        "error: YAML: a `:` where it cannot stand: is a `[` before it left open, or does a value need quotes?\n --> t.yaml:3:8\n  |\n3 |   black: [Ke8]\n  |        ^\n"
    );
}

#[test]
fn yaml_09() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: #2\n"),
        "error: `stipulation` must be a string\n --> t.yaml:4:1\n  |\n4 | stipulation: #2\n  | ^^^^^^^^^^^\n  = expected: a stipulation such as `\"h#2\"`\n  = hint: quote it: `#` starts a comment in YAML\n"
    );
}

#[test]
fn yaml_10() {
    assert_eq!(
        yaml_err("algebraic: [Ke1]\nstipulation: \"#2\"\n"),
        "error: `algebraic` must be a map of colours to pieces\n --> t.yaml:1:1\n  |\n1 | algebraic: [Ke1]\n  | ^^^^^^^^^\n  = expected: `white: [Ke1, Qd1]` and `black: [Ke8]`\n"
    );
}

#[test]
fn yaml_11() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"#2\"\nstipulation: \"#3\"\n"),
        "error: the field `stipulation` is given twice\n --> t.yaml:5:1\n  |\n5 | stipulation: \"#3\"\n  | ^^^^^^^^^^^\n"
    );
}

#[test]
fn yaml_12() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1]\n  red: [Ke8]\nstipulation: \"#2\"\n"),
        "error: unknown colour `red`\n --> t.yaml:3:3\n  |\n3 |   red: [Ke8]\n  |   ^^^\n  = expected: `white`, `black` or `neutral`\n"
    );
}

// A condition Popeye knows (its `CondString` list) but stipula does not implement is "not supported", as the
// Popeye reader says it (src/input/popeye/tests.rs: "not supported: condition ActuatedRevolvingBoard"), so that `verify` calls the
// problem unsupported; a misspelled name stays an error with a hint.

#[test]
fn stip_22() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: #2\nconditions: ActuatedRevolvingBoard\n"),
        "error: not supported: condition ActuatedRevolvingBoard\n --> t.stip:4:13\n  |\n4 | conditions: ActuatedRevolvingBoard\n  |             ^^^^^^^^^^^^^^^^^^^^^^\n"
    );
}

#[test]
fn stip_23() {
    assert_eq!(
        stip_err("white: Ke1\nblack: Ke8\nstipulation: #2\nconditions: Madrasi, Alice Chess\n"),
        "error: not supported: condition AliceChess\n --> t.stip:4:22\n  |\n4 | conditions: Madrasi, Alice Chess\n  |                      ^^^^^^^^^^^\n"
    );
}

#[test]
fn yaml_13() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"#2\"\noptions: [ActuatedRevolvingBoard]\n"),
        "error: not supported: condition ActuatedRevolvingBoard\n --> t.yaml:5:11\n  |\n5 | options: [ActuatedRevolvingBoard]\n  |           ^^^^^^^^^^^^^^^^^^^^^^\n"
    );
}

#[test]
fn yaml_14() {
    assert_eq!(
        yaml_err("algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"#2\"\noptions:\n  - Isardan\n"),
        "error: unknown condition or option `Isardan`\n --> t.yaml:6:5\n  |\n6 |   - Isardan\n  |     ^^^^^^^\n  = expected: a condition such as `Madrasi` or an option such as `SetPlay`\n  = hint: did you mean `Isardam`?\n"
    );
}

#[test]
fn unsupported_condition_same_message_and_verdict_in_every_reader() {
    use stipula::input::popeye::read_popeye;
    use stipula::verify::Verdict;
    let error = |r: Vec<Result<stipula::problem::Problem, stipula::problem::Diagnostic>>| {
        r.into_iter().find_map(Result::err).expect("an error")
    };
    let popeye = error(read_popeye(
        "BeginProblem\nCondition ActuatedRevolvingBoard\nStipulation #2\nPieces White Ke1 Black Ke8\nEndProblem\n",
        "t.inp",
    ));
    let yaml = error(read_yaml(
        "algebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"#2\"\noptions: [ActuatedRevolvingBoard]\n",
        "t.yaml",
    ));
    let stip =
        error(read_stip("white: Ke1\nblack: Ke8\nstipulation: #2\nconditions: ActuatedRevolvingBoard\n", "t.stip"));
    assert_eq!(popeye.message, "not supported: condition ActuatedRevolvingBoard");
    for d in [&popeye, &yaml, &stip] {
        assert_eq!(d.message, popeye.message);
        assert_eq!(Verdict::for_fault(d.fault), Verdict::Unsupported);
    }
}

#[test]
fn stip_refused_position_points_at_the_pawn() {
    assert_eq!(
        stip_err("white: Ke1 Pa1\nblack: Ke8\nstipulation: #2\n"),
        "error: the white pawn on a1 stands on the first or last rank\n --> t.stip:1:12\n  |\n1 | white: Ke1 Pa1\n  |            ^^^\n  = expected: pawns on the second to seventh rank\n  = hint: a pawn cannot stand on the first or last rank; check its square\n"
    );
}

#[test]
fn yaml_refused_conditions_point_at_the_later_one() {
    assert_eq!(
        yaml_err("---\nalgebraic:\n  white: [Ke1]\n  black: [Ke8]\nstipulation: \"#2\"\noptions:\n  - Madrasi\n  - Isardam\n"),
        "error: Isardam and Madrasi cannot be combined (Popeye refuses the combination)\n --> t.yaml:8:5\n  |\n8 |   - Isardam\n  |     ^^^^^^^\n  = expected: conditions that can be combined\n  = hint: keep one of the conditions\n"
    );
}
