//! Snapshot tests of the Popeye reader's diagnostics: each malformed input with its full rendered error
//! (message, location, source line, underline, expectation and hint), kept inline.

use stipula::input::popeye::read_popeye;

/// The rendered diagnostic of the first problem, which must be an error.
fn render(input: &str) -> String {
    let results = read_popeye(input, "t.inp");
    match results.into_iter().next() {
        Some(Err(d)) => d.render(),
        Some(Ok(p)) => panic!("expected an error, got {p:?}"),
        None => panic!("no problem read"),
    }
}

fn check(input: &str, expected: &str) {
    let got = render(input);
    assert_eq!(got, expected, "\n--- got ---\n{got}\n--- expected ---\n{expected}");
}

#[test]
fn unknown_piece_code() {
    check(
        r#"BeginProblem
Stipulation #2
Pieces White Ke1 XYa1 Black Ke8
EndProblem
"#,
        r#"error: unknown piece code `XY`
 --> t.inp:3:18
  |
3 | Pieces White Ke1 XYa1 Black Ke8
  |                  ^^
  = expected: a piece code such as `K`, `Q`, `S`, `G`
"#,
    );
}

#[test]
fn english_code_in_german_file() {
    check(
        r#"AnfangProblem
Forderung #2
Steine Weiss Ke1 Qd1 Schwarz Ke8
EndeProblem
"#,
        r#"error: unknown piece code `Q`
 --> t.inp:3:18
  |
3 | Steine Weiss Ke1 Qd1 Schwarz Ke8
  |                  ^
  = expected: a piece code such as `K`, `D`, `S`, `G`
  = hint: `Q` is the English code of the queen; in German it is `D`
"#,
    );
}

#[test]
fn known_popeye_piece_not_supported() {
    check(
        r#"BeginProblem
Stipulation #2
Pieces White Ke1 CTa1 Black Ke8
EndProblem
"#,
        r#"error: not supported: piece CT
 --> t.inp:3:18
  |
3 | Pieces White Ke1 CTa1 Black Ke8
  |                  ^^
"#,
    );
}

#[test]
fn total_invisible_pieces() {
    check(
        r#"BeginProblem
Stipulation #2
Pieces TotalInvisible Ke1
EndProblem
"#,
        r#"error: not supported: total invisible pieces
 --> t.inp:3:8
  |
3 | Pieces TotalInvisible Ke1
  |        ^^^^^^^^^^^^^^
"#,
    );
}

#[test]
fn piece_attribute() {
    check(
        r#"BeginProblem
Stipulation #2
Pieces White Functionary Ke1
EndProblem
"#,
        r#"error: not supported: piece attribute Functionary
 --> t.inp:3:14
  |
3 | Pieces White Functionary Ke1
  |              ^^^^^^^^^^^
"#,
    );
}

/// Popeye reads an attribute only between a colour and its pieces (`Pieces White Sb1 Royal Qd1`: Popeye 4.104
/// stops reading the pieces at `Royal`, `input-error:offending item: Royal`).
#[test]
fn attribute_after_pieces() {
    check(
        r#"BeginProblem
Stipulation #2
Pieces White Sb1 Royal Qd1
EndProblem
"#,
        r#"error: attribute `Royal` not right after a colour
 --> t.inp:3:18
  |
3 | Pieces White Sb1 Royal Qd1
  |                  ^^^^^
  = expected: a colour, then the attribute, then pieces: `White Royal Sb1`
"#,
    );
}

#[test]
fn piece_without_colour() {
    check(
        r#"BeginProblem
Stipulation #2
Pieces Ke1
EndProblem
"#,
        r#"error: piece `Ke1` without a colour
 --> t.inp:3:8
  |
3 | Pieces Ke1
  |        ^^^
  = expected: a colour word (`White` or `Black`) before the pieces
"#,
    );
}

#[test]
fn invalid_square_list() {
    check(
        r#"BeginProblem
Stipulation #2
Pieces White Ki9 Black Ke8
EndProblem
"#,
        r#"error: invalid square list `i9`
 --> t.inp:3:15
  |
3 | Pieces White Ki9 Black Ke8
  |               ^^
  = expected: squares `a1` to `h8`, e.g. `Pb2c2` (an odd length means a 1-letter walk code)
"#,
    );
}

#[test]
fn no_stipulation() {
    check(
        r#"BeginProblem
Pieces White Ke1 Black Ke8
EndProblem
"#,
        r#"error: the problem has no stipulation
 --> t.inp:3:1
  |
3 | EndProblem
  | ^^^^^^^^^^
  = expected: a `Stipulation` command, e.g. `Stipulation #2`
"#,
    );
}

#[test]
fn no_pieces() {
    // Found by `cargo fuzz run popeye`: a problem without pieces was read, and converted to a YAML entry
    // (`algebraic:` with nothing under it) that the YAML reader refuses.
    check(
        r#"AnfangProblem
Forderung h#5
Option Intelligent
EndeProblem
"#,
        r#"error: the problem has no pieces
 --> t.inp:4:1
  |
4 | EndeProblem
  | ^^^^^^^^^^^
  = expected: a `Steine` command, e.g. `Steine Weiss Ke1 Schwarz Ke8`
"#,
    );
}

#[test]
fn bad_stipulation_length() {
    check(
        r#"BeginProblem
Stipulation h#x
Pieces White Ke1 Black Ke8
EndProblem
"#,
        r#"error: expected the number of moves
 --> t.inp:2:15
  |
2 | Stipulation h#x
  |               ^
  = expected: a number such as `2` or `2.5`
"#,
    );
}

#[test]
fn misspelt_condition() {
    check(
        r#"BeginProblem
Stipulation #2
Condition Madrasy
Pieces White Ke1 Black Ke8
EndProblem
"#,
        r#"error: unknown condition `Madrasy`
 --> t.inp:3:11
  |
3 | Condition Madrasy
  |           ^^^^^^^
  = expected: a condition such as `Madrasi`, `Isardam` or `EiffelChess`
  = hint: did you mean `Madrasi`?
"#,
    );
}

#[test]
fn unsupported_condition() {
    check(
        r#"BeginProblem
Stipulation #2
Condition ActuatedRevolvingBoard
Pieces White Ke1 Black Ke8
EndProblem
"#,
        r#"error: not supported: condition ActuatedRevolvingBoard
 --> t.inp:3:11
  |
3 | Condition ActuatedRevolvingBoard
  |           ^^^^^^^^^^^^^^^^^^^^^^
"#,
    );
}

#[test]
fn isardam_with_madrasi() {
    check(
        r#"BeginProblem
Stipulation #2
Condition Isardam Madrasi
Pieces White Ke1 Black Ke8
EndProblem
"#,
        r#"error: Isardam and Madrasi cannot be combined (Popeye refuses the combination)
 --> t.inp:3:19
  |
3 | Condition Isardam Madrasi
  |                   ^^^^^^^
  = expected: conditions that can be combined
  = hint: keep one of the conditions
"#,
    );
}

#[test]
fn misspelt_option() {
    check(
        r#"BeginProblem
Stipulation #2
Option Variatons
Pieces White Ke1 Black Ke8
EndProblem
"#,
        r#"error: unknown option `Variatons`
 --> t.inp:3:8
  |
3 | Option Variatons
  |        ^^^^^^^^^
  = expected: an option such as `Variations`, `Try` or `Intelligent`
  = hint: did you mean `Variations`?
"#,
    );
}

#[test]
fn ambiguous_option() {
    check(
        r#"BeginProblem
Stipulation #2
Option No
Pieces White Ke1 Black Ke8
EndProblem
"#,
        r#"error: ambiguous option `No`: could be `NoWk`, `NoBk`, `NoThreat`, `NoSymmetry`, `NonTrivial`, `NoBoard`, `NoShortVariations` or `NoCastling`
 --> t.inp:3:8
  |
3 | Option No
  |        ^^
  = expected: an abbreviation of exactly one option
"#,
    );
}

#[test]
fn misspelt_command() {
    check(
        r#"BeginProblem
Stipulatoin #2
Pieces White Ke1 Black Ke8
EndProblem
"#,
        r#"error: unknown command `Stipulatoin`
 --> t.inp:2:1
  |
2 | Stipulatoin #2
  | ^^^^^^^^^^^
  = expected: a command such as `Stipulation`, `Pieces`, `Option` or `EndProblem`
  = hint: did you mean `Stipulation`?
"#,
    );
}

#[test]
fn bad_rotation() {
    check(
        r#"BeginProblem
Stipulation #2
Pieces White Ke1 Black Ke8
Twin Rotate 45
EndProblem
"#,
        r#"error: cannot rotate by 45 degrees
 --> t.inp:4:13
  |
4 | Twin Rotate 45
  |             ^^
  = expected: `90`, `180` or `270`
"#,
    );
}

#[test]
fn twin_move_missing_square() {
    check(
        r#"BeginProblem
Stipulation #2
Pieces White Ke1 Black Ke8
Twin Move e1
EndProblem
"#,
        r#"error: expected a square, found `EndProblem`
 --> t.inp:5:1
  |
5 | EndProblem
  | ^^^^^^^^^^
  = expected: 2 squares such as `e2 e4`
"#,
    );
}

#[test]
fn bad_mirror_axis() {
    check(
        r#"BeginProblem
Stipulation #2
Pieces White Ke1 Black Ke8
Twin Mirror a1<->h1
EndProblem
"#,
        r#"error: unknown mirror axis `a1<->h1`
 --> t.inp:4:13
  |
4 | Twin Mirror a1<->h1
  |             ^^^^^^^
  = expected: `a1<-->h1`, `a1<-->a8`, `a1<-->h8` or `a8<-->h1`
"#,
    );
}

#[test]
fn non_ascii_character() {
    check(
        r#"BeginProblem
Stipulation #2
Pieces White Ke1 Black Ké8
EndProblem
"#,
        r#"error: unexpected character `é`
 --> t.inp:3:25
  |
3 | Pieces White Ke1 Black Ké8
  |                         ^
  = expected: letters, digits or one of `#=+-%>!.<()~/&|:[]{}?`; words are separated by blanks, `;` or `,`
"#,
    );
}

#[test]
fn sstipulation() {
    check(
        r#"Begin
SStipulation white 4hh[2da[#]]
EndProblem
"#,
        r#"error: not supported: structured stipulations of this shape (`4hh[2da[#]]`: help play whose last half-move is White's only: `black 2nhh[…]` or `white (2n+1)h[…]h`)
 --> t.inp:2:20
  |
2 | SStipulation white 4hh[2da[#]]
  |                    ^^^^^^^^^^^
  = expected: a structured stipulation that reads as `#n`, `h#n`, `h#n.5`, `ser-#n` or `ser-h#n`
"#,
    );
}

#[test]
fn no_begin_problem() {
    check(
        r#"Problem
Stipulation #2
"#,
        r#"error: a Popeye input must start with `BeginProblem`, found `Problem`
 --> t.inp:1:1
  |
1 | Problem
  | ^^^^^^^
  = expected: `BeginProblem` (German `AnfangProblem`, French `DebutProbleme`)
"#,
    );
}

#[test]
fn option_number_missing() {
    check(
        r#"BeginProblem
Stipulation #2
Option Defence x
Pieces White Ke1 Black Ke8
EndProblem
"#,
        r#"error: expected a number after `Defence`, found `x`
 --> t.inp:3:16
  |
3 | Option Defence x
  |                ^
  = expected: a number such as `2`
"#,
    );
}

#[test]
fn a_to_b_without_its_start_position() {
    check(
        r#"BeginProblem
	Stipulation	a=>b 4
Pieces White Ke1 Black Ke8
EndProblem
"#,
        r#"error: `a=>b` without a start position
 --> t.inp:2:2
  |
2 | 	Stipulation	a=>b 4
  | 	^^^^^^^^^^^
  = expected: the start position's `Pieces` before the stipulation, the diagram to reach after it
"#,
    );
}

#[test]
fn command_after_twins() {
    check(
        r#"BeginProblem
Stipulation #2
Pieces White Ke1 Black Ke8
Twin Stipulation #3
Option Try
EndProblem
"#,
        r#"error: `Option` after the twins
 --> t.inp:5:1
  |
5 | Option Try
  | ^^^^^^
  = expected: `Twin`, `NextProblem` or `EndProblem`: twins come last
"#,
    );
}

#[test]
fn french_keywords() {
    check(
        r#"DebutProbleme
enonce #2
pieces blanc Re1 Qd1 noir Re8
FinProbleme
"#,
        r#"error: unknown piece code `Q`
 --> t.inp:3:18
  |
3 | pieces blanc Re1 Qd1 noir Re8
  |                  ^
  = expected: a piece code such as `R`, `D`, `C`, `S`
  = hint: `Q` is the English code of the queen; in French it is `D`
"#,
    );
}

#[test]
fn twin_exchanging_a_square_with_itself() {
    // Popeye takes it as a twin that changes nothing (docs/popeye-differences.md); stipula as bad input.
    check(
        r#"BeginProblem
Pieces White Kf6 Qd5 Black Kh6 Ph7
Stipulation h#1
Twin Exchange f6 f6
EndProblem
"#,
        r#"error: `Exchange` names the square f6 twice
 --> t.inp:4:18
  |
4 | Twin Exchange f6 f6
  |                  ^^
  = expected: a square other than f6
  = hint: a twin moves or exchanges a piece between two different squares
"#,
    );
}
