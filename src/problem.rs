//! The validated problem every reader produces: position, conditions, stipulation, options, twins, intended
//! solution and metadata. Readers (`input/`) build it; the solver and `verify` consume it.

use crate::pieces::Kind;
use crate::square::{Color, Square};
use std::collections::BTreeMap;
use std::fmt;

/// Where something was read from: file name (or `-` for standard input), 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
pub struct Location {
    pub file: String,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// A problem with the input, with enough context to render it like rustc does.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {message}")]
pub struct Diagnostic {
    pub location: Location,
    /// What is wrong, one line: "unknown piece code `XY`".
    pub message: String,
    /// What was expected there, if known: "a square such as `e4`".
    pub expected: Option<String>,
    /// A hint: "did you mean `Madrasi`?".
    pub hint: Option<String>,
    /// The source line the location points into, for rendering (without its newline).
    pub source_line: Option<String>,
    /// Length of the offending text (for the underline), at least 1.
    pub span_len: usize,
}

impl Diagnostic {
    /// A diagnostic with only a location and a message.
    pub fn new(location: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            location,
            message: message.into(),
            expected: None,
            hint: None,
            source_line: None,
            span_len: 1,
        }
    }

    pub fn expected(mut self, what: impl Into<String>) -> Self {
        self.expected = Some(what.into());
        self
    }

    pub fn hint(mut self, what: impl Into<String>) -> Self {
        self.hint = Some(what.into());
        self
    }

    pub fn with_source(mut self, line: impl Into<String>, span_len: usize) -> Self {
        self.source_line = Some(line.into());
        self.span_len = span_len.max(1);
        self
    }

    /// Renders the diagnostic in rustc's style:
    ///
    /// ```text
    /// error: unknown piece code `XY`
    ///  --> problems/x.inp:3:9
    ///   |
    /// 3 | Pieces White XYa1
    ///   |              ^^
    ///   = expected: a piece code such as `K`, `Q`, `S`, `G`
    ///   = hint: did you mean `Q`?
    /// ```
    pub fn render(&self) -> String {
        let mut s = format!("error: {}\n", self.message);
        let num = self.location.line.to_string();
        let pad = " ".repeat(num.len());
        s += &format!("{pad}--> {}\n", self.location);
        if let Some(src) = &self.source_line {
            s += &format!("{pad} |\n{num} | {src}\n");
            let col = self.location.column.max(1) - 1;
            let lead: String = src.chars().take(col).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
            s += &format!("{pad} | {lead}{}\n", "^".repeat(self.span_len.max(1)));
        }
        if let Some(e) = &self.expected {
            s += &format!("{pad} = expected: {e}\n");
        }
        if let Some(h) = &self.hint {
            s += &format!("{pad} = hint: {h}\n");
        }
        s
    }
}

/// Who plays how: the families of stipulations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Play {
    /// `#n`, `=n`: the starting side forces the goal against every defence.
    Direct,
    /// `h#n`, `h=n`: both sides cooperate; the second side completes the goal.
    Help,
    /// `s#n`: the starting side forces the other side to reach the goal.
    Self_,
    /// `r#n`: selfmate, but either side must reach the goal in one move whenever it can.
    Reflex,
    /// `ser-#n`: the starting side plays n moves in a row, the last reaching the goal.
    SeriesDirect,
    /// `ser-h#n`: the starting side plays n moves in a row, then the other side reaches the goal in one.
    SeriesHelp,
    /// `ser-s#n`: the starting side plays n moves in a row, then the other side is forced to reach the goal.
    SeriesSelf,
}

/// What the last move must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Goal {
    /// `#`
    Mate,
    /// `=`
    Stalemate,
}

impl Goal {
    pub fn symbol(self) -> &'static str {
        match self {
            Goal::Mate => "#",
            Goal::Stalemate => "=",
        }
    }
}

/// A stipulation such as `h#2.5`, `ser-s#6` or `exact-#3`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Stipulation {
    pub play: Play,
    pub goal: Goal,
    /// The number of moves `n` as written (`h#2.5` has `moves == 2` and `half == true`).
    pub moves: u32,
    /// The `.5` of help play: the starting side (White) makes one half-move first.
    pub half: bool,
    /// `exact-`: shorter solutions do not count and are not shown.
    pub exact: bool,
    /// `m->` introductory series moves (0 when absent).
    pub intro: u32,
}

impl Stipulation {
    /// The side that moves first in the diagram, before `WhiteToPlay` and duplex are applied.
    pub fn starting_side(&self) -> Color {
        match self.play {
            Play::Help if !self.half => Color::Black,
            Play::SeriesHelp => Color::Black,
            _ => Color::White,
        }
    }
}

impl fmt::Display for Stipulation {
    /// Popeye's notation: `h#2.5`, `ser-s#6`, `exact-#3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exact {
            f.write_str("exact-")?;
        }
        if self.intro > 0 {
            write!(f, "{}->", self.intro)?;
        }
        let prefix = match self.play {
            Play::Direct => "",
            Play::Help => "h",
            Play::Self_ => "s",
            Play::Reflex => "r",
            Play::SeriesDirect => "ser-",
            Play::SeriesHelp => "ser-h",
            Play::SeriesSelf => "ser-s",
        };
        write!(f, "{prefix}{}{}", self.goal.symbol(), self.moves)?;
        if self.half {
            f.write_str(".5")?;
        }
        Ok(())
    }
}

/// A condition as the problem names it, with its own options, before the rules are compiled.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct ConditionSpec {
    /// Canonical name as stipula's registry spells it: `Madrasi`, `Isardam`, `Eiffel`, `Parsi`,
    /// `MadnessOfKings`.
    pub name: String,
    /// Canonical option words: `RexInclusive`, `TypeB`, a walk code for Madness of Kings, `NoLeapWhite`, …
    pub options: Vec<String>,
}

/// Options with Popeye's meaning (`../shared/POPEYE.md` §2.6).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// `Try`: show tries.
    pub tries: bool,
    /// `Defence n`: show tries with up to n refutations.
    pub defence: Option<u32>,
    /// `SetPlay`.
    pub set_play: bool,
    /// `Threat n`.
    pub threat: Option<u32>,
    /// `Variations`.
    pub variations: bool,
    /// `NoThreat`.
    pub no_threat: bool,
    /// `NoShortVariations`.
    pub no_short_variations: bool,
    /// `WhiteToPlay`.
    pub white_to_play: bool,
    /// `Duplex`.
    pub duplex: bool,
    /// `HalfDuplex`.
    pub half_duplex: bool,
    /// `MaxSolutions n`.
    pub max_solutions: Option<u32>,
    /// `StopOnShortSolutions`.
    pub stop_on_short: bool,
    /// `MaxTime n` in seconds.
    pub max_time: Option<u32>,
    /// `NoCastling sq…`: pieces on these squares have lost their castling right.
    pub no_castling: Vec<Square>,
    /// `EnPassant a b c`: the last move was a double step over these squares (Popeye lists from, over, to).
    pub en_passant: Vec<Square>,
    /// `CastlingMutuallyExclusive`: pairs of rook squares whose castlings exclude each other.
    pub castling_mutually_exclusive: Vec<(Square, Square)>,
    /// `MoveNumbers`: progress lines (ignored by stipula's output, accepted on input).
    pub move_numbers: bool,
    /// `Intelligent [n]`: accepted; stipula always gives the full solution set.
    pub intelligent: bool,
    /// `NoWk` / `NoBk`: a missing king of that colour is allowed.
    pub no_white_king: bool,
    pub no_black_king: bool,
    /// `PostKeyPlay`: the diagram is the position after the key (battle play).
    pub post_key_play: bool,
    /// `NonTrivial m n`: Popeye's pruning of long `#`/`s#` by counting the defender's non-trivial defences.
    pub non_trivial: Option<(u32, u32)>,
    /// `MaxFlightsquares n`.
    pub max_flights: Option<u32>,
    /// `Quodlibet`: in `s#` the attacker may also reach the goal itself.
    pub quodlibet: bool,
    /// `MatesIn1`: in `s#` the defences that reach the goal at once are shown too.
    pub mates_in_1: bool,
    /// `KeepMatingPiece`: the search stops where the mating side has only its king left.
    pub keep_mating_piece: bool,
    /// Options stipula accepts and ignores because they only change Popeye's display or its heuristics
    /// (`NoBoard`, `Beep`, …), kept so that nothing the user wrote is lost.
    pub ignored: Vec<String>,
}

impl Options {
    /// Keeps an option stipula accepts and ignores (`NoBoard`, `StartMoveNumber 3`), once.
    pub fn ignore(&mut self, what: String) {
        if !self.ignored.contains(&what) {
            self.ignored.push(what);
        }
    }

    /// A contradiction between options, or between an option and the stipulation, that a solver cannot
    /// settle by itself (stipula refuses rather than choosing silently).
    pub fn contradiction(&self, st: &Stipulation) -> Option<String> {
        self.contradicting_option(st).map(|(why, _)| why)
    }

    /// [`Options::contradiction`] with the option (its English name) a reader should point at: the later of
    /// two contradicting options, or the option that contradicts the stipulation.
    pub fn contradicting_option(&self, st: &Stipulation) -> Option<(String, &'static str)> {
        if self.duplex && self.half_duplex {
            return Some(("options Duplex and HalfDuplex contradict each other: choose one".into(), "HalfDuplex"));
        }
        if self.white_to_play && st.play != Play::Help {
            return Some((format!("option WhiteToPlay only applies to help play, not to `{st}`"), "WhiteToPlay"));
        }
        if self.white_to_play && st.half {
            return Some((format!("option WhiteToPlay contradicts `{st}`: the `.5` already makes White start"), "WhiteToPlay"));
        }
        if self.no_white_king && self.no_black_king && st.goal == Goal::Mate {
            return Some(("options NoWk and NoBk together leave no king to mate".into(), "NoBk"));
        }
        None
    }
}

/// A piece placed on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    pub color: Color,
    pub kind: Kind,
    pub square: Square,
}

/// One change a twin makes (Popeye's twinning commands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TwinChange {
    /// `Move a1 b2`: the piece on a1 goes to b2 (replacing what stood there).
    Move(Square, Square),
    /// `Exchange a1 b2`.
    Exchange(Square, Square),
    /// `Remove a1`.
    Remove(Square),
    /// `Add White Qa1`.
    Add(Placed),
    /// `Substitute R B`: every rook (of either colour) becomes a bishop; with a colour, only that colour's.
    Substitute { color: Option<Color>, from: Kind, to: Kind },
    /// `Rotate 90|180|270` (counter-clockwise, as Popeye).
    Rotate(u16),
    /// `Mirror a1<-->h1` etc.
    Mirror(Mirror),
    /// `Shift a1 a2`: every piece moves by the vector between the squares.
    Shift(Square, Square),
    /// `PolishType`: swap the colours of all pieces.
    PolishType,
    /// `Stipulation …`.
    Stipulation(Stipulation),
    /// `Condition …`: replaces all conditions.
    Conditions(Vec<ConditionSpec>),
}

/// Mirror axes, Popeye's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    /// `a1<-->h1`: files reversed.
    A1H1,
    /// `a1<-->a8`: ranks reversed.
    A1A8,
    /// `a1<-->h8`: a1 and h8 change places (a reflection in the a8–h1 diagonal; Popeye names the squares).
    A1H8,
    /// `a8<-->h1`: a8 and h1 change places (a reflection in the a1–h8 diagonal).
    A8H1,
}

/// One twin: changes applied to the original diagram, or to the previous twin when `continued`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twin {
    pub continued: bool,
    pub changes: Vec<TwinChange>,
}

/// The intended solution a problem states, as YACPDB stores it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Intended {
    /// A count such as `2` or `2.1.1.1` (help play: solutions per phase).
    pub count: Option<String>,
    /// The solution text in Popeye's format.
    pub text: Option<String>,
}

/// Metadata that does not affect solving.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Meta {
    pub authors: Vec<String>,
    pub source: Option<String>,
    pub award: Option<String>,
    pub title: Option<String>,
    pub remarks: Vec<String>,
    pub keywords: Vec<String>,
    pub comments: Vec<String>,
    /// Fields a reader did not know, kept verbatim (YAML: key → YAML text) so that writing back loses nothing.
    pub extra: BTreeMap<String, String>,
}

/// Castling and en-passant state given explicitly (FEN), overriding what the diagram implies.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ExplicitState {
    /// FEN castling field as rook squares that may still castle; `None` means "derive from the diagram".
    pub castling: Option<Vec<Square>>,
    /// FEN en-passant target square.
    pub en_passant: Option<Square>,
    /// FEN side to move; `None` means "the stipulation decides".
    pub side_to_move: Option<Color>,
}

/// A problem as read, before solving: everything a statement says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where the problem starts in its file.
    pub location: Location,
    pub meta: Meta,
    pub pieces: Vec<Placed>,
    pub state: ExplicitState,
    pub stipulation: Stipulation,
    pub conditions: Vec<ConditionSpec>,
    pub options: Options,
    /// `ZeroPosition`: the diagram itself is not solved, only the twins.
    pub zero_position: bool,
    pub twins: Vec<Twin>,
    pub intended: Intended,
}
