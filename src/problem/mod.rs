//! The validated problem every reader produces: position, conditions, stipulation, options, twins, intended
//! solution and metadata. Readers (`input/`) build it and have it checked ([`check`]); the solver and `verify`
//! consume it, twin by twin ([`twins`]).

pub mod check;
pub mod options;
pub mod twins;

use self::options::{Opt, Options};
use self::twins::Twin;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::pieces::Placed;
use crate::setup::ExplicitState;
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

/// What kind of fault keeps a problem or a twin from being solved: the input is wrong, or it asks for what
/// stipula does not implement (a verdict of its own in `verify`: `unsupported`, not `bad_input`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    #[default]
    BadInput,
    Unsupported,
}

/// Why a problem or a twin is not solved: its fault, and what it is in one line. Serialised as the line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    pub fault: Fault,
    pub message: String,
}

impl Refusal {
    /// A refusal of the input.
    pub fn bad_input(message: impl Into<String>) -> Refusal {
        Refusal { fault: Fault::BadInput, message: message.into() }
    }

    /// A refusal of what stipula does not implement.
    pub fn unsupported(message: impl Into<String>) -> Refusal {
        Refusal { fault: Fault::Unsupported, message: message.into() }
    }
}

impl From<ConditionError> for Refusal {
    fn from(e: ConditionError) -> Refusal {
        Refusal { fault: if e.is_unsupported() { Fault::Unsupported } else { Fault::BadInput }, message: e.to_string() }
    }
}

impl serde::Serialize for Refusal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.message)
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
    /// Whether the input is wrong or asks for what stipula does not implement.
    pub fault: Fault,
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
            fault: Fault::BadInput,
        }
    }

    /// The same diagnostic, about what stipula does not implement rather than about the input.
    pub fn unsupported(mut self) -> Self {
        self.fault = Fault::Unsupported;
        self
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
        self.render_as("error")
    }

    /// [`Diagnostic::render`] under another label (`warning`).
    pub fn render_as(&self, label: &str) -> String {
        let mut s = format!("{label}: {}\n", self.message);
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
    /// `hs#n`: help play of `2n-2` half-moves (`2n-1` for `hs#n.5`), White starting (Black with `.5`), then
    /// White's move after which every move of Black's reaches the goal (a self end, `s#1`).
    HelpSelf,
    /// `hr#n`: help play as in `hs#n`, then White's move after which Black can reach the goal in one move, which it
    /// must (a reflex end, Popeye's semi-reflex branch forced at the end of the help branch): the line ends at the
    /// first position where Black to move can reach the goal, with each such move. White may make no help move
    /// where it could reach the goal in one itself (Popeye's reflex constraint).
    HelpReflex,
    /// `s#n`: the starting side forces the other side to reach the goal.
    Self_,
    /// `r#n`: selfmate, but either side must reach the goal in one move whenever it can.
    Reflex,
    /// `semi-r#n`: reflex play where only the defender must reach the goal in one move whenever it can (Popeye's
    /// `r` without the attacker's constraint).
    SemiReflex,
    /// `reci-h#n`: help play of `2n-2` half-moves (`2n-1` for `reci-h#n.5`, White starting), Black starting
    /// (Popeye's reciprocal end, `src/input/plaintext/stipulation.c`), then a position with Black to move where
    /// both hold: Black can reach the reciprocal goal ([`Stipulation::reci`], the same goal unless written
    /// `reci-h(=)#n`) in one move, and Black and White can reach the goal in a help move each (`h#1`).
    ReciHelp,
    /// `ser-#n`: the starting side plays n moves in a row, the last reaching the goal.
    SeriesDirect,
    /// `ser-h#n`: the starting side plays n moves in a row, then the other side reaches the goal in one.
    SeriesHelp,
    /// `ser-s#n`: the starting side plays n moves in a row, then the other side is forced to reach the goal.
    SeriesSelf,
    /// `ser-r#n`: the starting side plays n moves in a row, then the other side reaches the goal in one move,
    /// which it must play as soon as it can (the series ends there); the starting side may make no series
    /// move where it could reach the goal in one itself (Popeye's reflex constraint).
    SeriesReflex,
    /// Popeye's structured `Nhh[/1d[x]a{!+}]` (CapZug, "capture zugzwang", with any goal): help play of `N`
    /// half-moves (`2n`, or `2n+1` with `.5`, White starting then), the last White's, into a position where Black,
    /// not in check, has moves and every one reaches the goal (a self end whose forced moves are not shown). As in
    /// `hs#`, where Black to move is in that zugzwang an even number of half-moves before the end, the line ends
    /// there, a shorter solution (none with `exact-`).
    HelpZugzwang,
    /// Popeye's structured `Nhh[/2da[#]{!+}]` ("unavoidable mate", with any goal): help play of `N` half-moves
    /// (`2n`, or `2n+1` with `.5`, White starting then), the last White's, into a position where Black, not in
    /// check, has moves and after every one White can reach the goal in one move (moves not shown). The shorter
    /// lengths of the same parity count as in help play (lines go on through a position that would end them).
    HelpUnavoidable,
}

impl Play {
    /// Help play with an end of its own or none (`h#`, `hs#`, `reci-h#`): its length is counted in half-moves.
    pub fn is_help(self) -> bool {
        matches!(
            self,
            Play::Help
                | Play::HelpSelf
                | Play::HelpReflex
                | Play::ReciHelp
                | Play::HelpZugzwang
                | Play::HelpUnavoidable
        )
    }

    /// Help and series play: solved and printed as lines (the others, [`Play::is_battle`], as trees).
    pub fn is_lines(self) -> bool {
        !self.is_battle()
    }

    /// Help play into a hidden end ([`Play::HelpZugzwang`], [`Play::HelpUnavoidable`]): only Popeye's structured
    /// stipulation writes it, and its lines end with a help move that reaches no goal itself.
    pub fn hidden_end(self) -> bool {
        matches!(self, Play::HelpZugzwang | Play::HelpUnavoidable)
    }

    /// Direct, self and reflex play (`#n`, `s#n`, `r#n`, `semi-r#n`): solved and printed as a tree.
    pub fn is_battle(self) -> bool {
        matches!(self, Play::Direct | Play::Self_ | Play::Reflex | Play::SemiReflex)
    }

    /// Reflex play, full or semi (`r#n`, `semi-r#n`): the defender must reach the goal whenever it can.
    pub fn is_reflex(self) -> bool {
        matches!(self, Play::Reflex | Play::SemiReflex)
    }
}

/// What the last move must achieve: a property of the position it leaves (mate, stalemate, check, ...) or of the
/// move itself (a capture, castling, the arrival square), as Popeye 4.104's goals (`src/stipulation/goals/`).
/// The mover is the side that made the last move, the other side is then to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Goal {
    /// `#`: the other side is in check and has no legal move.
    Mate,
    /// `=`: the other side is not in check and has no legal move.
    Stalemate,
    /// `dia`: a proof game, the diagram reached from the game array (White starts).
    Proof,
    /// `a=>b`: the diagram reached from another position, [`Problem::initial`] (Black starts).
    AToB,
    /// `==`: stalemate, and the mover would have no legal move either.
    DoubleStalemate,
    /// `#=`: the other side has no legal move (mate or stalemate).
    MateOrStalemate,
    /// `+`: the other side is in check.
    Check,
    /// `x`: the move captures.
    Capture,
    /// `%` (Steingewinn, "win a piece"): the move captures, and under Circe the captured piece is not reborn.
    Steingewinn,
    /// `ep`: the move captures en passant.
    EnPassant,
    /// `00`: the move castles.
    Castling,
    /// `~`: any move.
    Any,
    /// `z<square>`: the moving piece arrives on the square (the king, castling).
    Target(Square),
    /// `c81` (Chess81): the moving piece arrives on the last rank of its side.
    Chess81,
    /// `!=` (auto-stalemate): the other side is not in check, and the mover would have no legal move.
    AutoStalemate,
    /// `##` (double mate): both sides are mated, the mover by its own move ([`Goal::self_check`]).
    DoubleMate,
    /// `##!` (counter-mate): a double mate played by a side that was mated before its move.
    CounterMate,
    /// `!#` (auto-mate): the mover is mated by its own move.
    AutoMate,
}

impl Goal {
    /// The goal as a stipulation writes it: `#`, `==`, `zd5`, `00`.
    pub fn symbol(self) -> String {
        match self {
            Goal::Target(sq) => format!("z{sq}"),
            g => g.code().to_string(),
        }
    }

    /// The goal's code in a stipulation, the target square of `z` aside.
    fn code(self) -> &'static str {
        match self {
            Goal::Mate => "#",
            Goal::Stalemate => "=",
            Goal::Proof => "dia",
            Goal::AToB => "a=>b",
            Goal::DoubleStalemate => "==",
            Goal::MateOrStalemate => "#=",
            Goal::Check => "+",
            Goal::Capture => "x",
            Goal::Steingewinn => "%",
            Goal::EnPassant => "ep",
            Goal::Castling => "00",
            Goal::Any => "~",
            Goal::Target(_) => "z",
            Goal::Chess81 => "c81",
            Goal::AutoStalemate => "!=",
            Goal::DoubleMate => "##",
            Goal::CounterMate => "##!",
            Goal::AutoMate => "!#",
        }
    }

    /// What Popeye writes after a move that reaches the goal (its `goal_end_marker`): nothing after `ep`, `00`
    /// and `~`.
    pub fn marker(self) -> &'static str {
        match self {
            Goal::EnPassant | Goal::Castling | Goal::Any => "",
            g => g.code(),
        }
    }

    /// Whether a move that reaches the goal is written without its ` +` (Popeye's `output_goal_preempts_check`):
    /// the goals of immobility and check; the others keep it (`Qd1*d7 + x`, auto-mate's `Kd6-e6 + !#`).
    pub fn preempts_check(self) -> bool {
        matches!(
            self,
            Goal::Mate
                | Goal::Check
                | Goal::MateOrStalemate
                | Goal::Stalemate
                | Goal::DoubleStalemate
                | Goal::AutoStalemate
                | Goal::DoubleMate
                | Goal::CounterMate
        )
    }

    /// Whether the side to move may still move after the goal is reached: then, in help play, a line whose
    /// goal side reaches it before the last move ends there (a shorter solution), as Popeye's end-of-branch goal
    /// test ends it (`h+1.5`: `1...b4-b5 +` alone, not `1...b4-b5 +   2.Ka6-a7 b5-b6 +`,
    /// REGRESSIONS/4_47_to_4_49.inp#6). After mate or stalemate no move follows anyway.
    pub fn may_end_early(self) -> bool {
        !matches!(
            self,
            Goal::Mate
                | Goal::Stalemate
                | Goal::DoubleStalemate
                | Goal::MateOrStalemate
                | Goal::DoubleMate
                | Goal::CounterMate
                | Goal::AutoMate
        )
    }

    /// Whether the goal's move leaves the mover's own king in check: double mate `##`, counter-mate `##!` and
    /// auto-mate `!#`, which test the mover's check themselves, so that Popeye puts no self-check guard before
    /// their goal test (`dont_instrument_selfcheck_ignoring_goals`, `solving/selfcheck_guard.c`). Such a move
    /// is otherwise illegal: the goal's moves are those alone ([`crate::movegen::Rules::legal_but_self_check`]).
    pub fn self_check(self) -> bool {
        matches!(self, Goal::DoubleMate | Goal::CounterMate | Goal::AutoMate)
    }

    /// A proof game (`dia`) or `a=>b`: the goal is a position, not a mate or a stalemate.
    pub fn is_proof(self) -> bool {
        matches!(self, Goal::Proof | Goal::AToB)
    }

    /// Mate or stalemate: the goals the goal picture, the planning search and the mating filters serve.
    pub fn is_mate_or_stalemate(self) -> bool {
        matches!(self, Goal::Mate | Goal::Stalemate)
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
    /// `reci-h(=)#n`: the goal of the reciprocal end's one move where it differs from [`Stipulation::goal`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reci: Option<Goal>,
    /// Read from Popeye's structured stipulation (`SStipulation`): its text without blanks and without the side
    /// (`3a[#]d`), which Popeye's header shows after the starting side (`White 3a[#]d`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structured: Option<String>,
    /// Parry series (Popeye's `pser-h`, `phser-`, `phser-s`, `phser-r`): in series play, a series move that checks
    /// the other side (before the last) is answered by a move of its, a help move (any legal one, each a line of
    /// its own), after which the series goes on; a series move that does not check is answered by a pass as in
    /// series play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub parry: bool,
    /// Self play whose attacker may reach the goal itself too, written in the stipulation (the structured
    /// `white 4a[#=]d[#=]`, Popeye's `s#=2` with `Quodlibet`); the option `Quodlibet` does the same.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub quodlibet: bool,
}

impl Stipulation {
    /// Whether `WhiteToPlay` takes a half-move off this stipulation and lets the other side start, as Popeye does:
    /// `h#n` into `h#(n-0.5)` (White starting), `hs#n` into `hs#(n-0.5)` (Black starting).
    pub fn white_to_play_shortens(&self) -> bool {
        match self.play {
            Play::Help => !self.half && self.moves > 0,
            Play::HelpSelf | Play::HelpReflex => !self.half && self.moves > 0,
            Play::ReciHelp => !self.half && self.moves > 1,
            _ => false,
        }
    }

    /// The side a structured stipulation is written for (`black -5h[=]h`: Black, White moving first), from which
    /// Popeye numbers its help play; `None` for the others.
    pub fn written_side(&self) -> Option<Color> {
        let text = self.structured.as_deref()?;
        // `white 2s[3s[…]]`: the introductory moves' side starts.
        let first = if self.intro > 0 { self.starting_side().opposite() } else { self.starting_side() };
        Some(if text.starts_with('-') { first.opposite() } else { first })
    }

    /// The side that moves first in the diagram, before `WhiteToPlay` and duplex are applied.
    pub fn starting_side(&self) -> Color {
        match self.play {
            // Popeye: `dia` is started by White, `a=>b` by Black, whatever the length (src/input/plaintext/
            // stipulation.c, `solving_impose_starter`).
            Play::Help if self.goal == Goal::Proof => Color::White,
            Play::Help if self.goal == Goal::AToB => Color::Black,
            Play::Help | Play::HelpZugzwang | Play::HelpUnavoidable if !self.half => Color::Black,
            Play::HelpSelf | Play::HelpReflex if self.half => Color::Black,
            Play::ReciHelp if !self.half => Color::Black,
            Play::SeriesHelp => Color::Black,
            _ => Color::White,
        }
    }
}

impl fmt::Display for Stipulation {
    /// Popeye's notation: `h#2.5`, `ser-s#6`, `exact-#3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The hidden ends have no plain notation: Popeye's structured one, with the starting side.
        if self.play.hidden_end() {
            let side = if self.starting_side() == Color::White { "white" } else { "black" };
            let n = 2 * self.moves + self.half as u32;
            let len = if self.exact { format!("{n}:{n}") } else { n.to_string() };
            let end = if self.play == Play::HelpZugzwang { "1d[{}]a{!+}" } else { "2da[{}]{!+}" };
            // Black starts `Nhh[…]`, White `Nh[…]h`: White's half-move last.
            let body = format!("[/{}]", end.replacen("{}", &self.goal.symbol(), 1));
            return match self.half {
                false => write!(f, "{side} {len}hh{body}"),
                true => write!(f, "{side} {len}h{body}h"),
            };
        }
        if self.exact {
            f.write_str("exact-")?;
        }
        if self.intro > 0 {
            write!(f, "{}->", self.intro)?;
        }
        let prefix = match self.play {
            // Parry series: `pser-h#n` (Black's series, White parrying), `phser-#n`, `phser-s#n`, `phser-r#n`.
            Play::SeriesHelp if self.parry => "pser-h",
            Play::SeriesDirect if self.parry => "phser-",
            Play::SeriesSelf if self.parry => "phser-s",
            Play::SeriesReflex if self.parry => "phser-r",
            // A proof game is help play (series play) without the `h`: `dia4`, `ser-a=>b12`.
            Play::Help if self.goal.is_proof() => "",
            Play::Direct => "",
            Play::Help => "h",
            Play::HelpSelf => "hs",
            Play::HelpReflex => "hr",
            Play::ReciHelp => "reci-h",
            Play::Self_ => "s",
            Play::Reflex => "r",
            Play::SemiReflex => "semi-r",
            Play::SeriesDirect => "ser-",
            Play::SeriesHelp => "ser-h",
            Play::SeriesSelf => "ser-s",
            Play::SeriesReflex => "ser-r",
            Play::HelpZugzwang | Play::HelpUnavoidable => unreachable!("written above"),
        };
        f.write_str(prefix)?;
        if let Some(reci) = self.reci {
            write!(f, "({})", reci.symbol())?;
        }
        write!(f, "{}{}", self.goal.symbol(), self.moves)?;
        if self.half {
            f.write_str(".5")?;
        }
        Ok(())
    }
}

/// What a phase lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseKind {
    SetPlay,
    Solution,
    Duplex,
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

/// YAML's printable characters, which may stand as they are; the others (C0 and C1 controls, DEL, U+FFFE and
/// U+FFFF) must be escaped, or the reader refuses the text.
pub fn yaml_printable(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// `s` as a YAML double-quoted string: how [`Meta::extra`] and the YAML writer hold a plain string.
pub fn yaml_string(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o += "\\\"",
            '\\' => o += "\\\\",
            '\n' => o += "\\n",
            '\t' => o += "\\t",
            '\r' => o += "\\r",
            c if yaml_printable(c) => o.push(c),
            c if (c as u32) <= 0xff => o += &format!("\\x{:02x}", c as u32),
            c => o += &format!("\\u{:04x}", c as u32),
        }
    }
    o.push('"');
    o
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
    /// `a=>b`: the position the play starts from (Popeye's `Pieces` before the stipulation); the diagram,
    /// [`Problem::pieces`], is the one to reach. `None` otherwise.
    pub initial: Option<Vec<Placed>>,
}

impl Problem {
    /// The side that moves first and the length to solve: half-moves in help play (`WhiteToPlay` turns `h#n`
    /// into `h#(n-0.5)`), moves otherwise; a FEN's side to move decides outside help play.
    pub fn start(&self, st: &Stipulation) -> (Color, u32) {
        let mut first = st.starting_side();
        let mut help_plies = 2 * st.moves + st.half as u32;
        if self.options.white_to_play && st.play == Play::Help && st.goal == Goal::AToB {
            // Popeye: `a=>b n` with WhiteToPlay is started by White, its length unchanged.
            first = Color::White;
        } else if self.options.white_to_play && st.white_to_play_shortens() && st.goal != Goal::Proof {
            first = first.opposite();
            help_plies -= 1;
        }
        // `m->`: the introductory moves are the other side's.
        if st.intro > 0 {
            first = first.opposite();
        }
        if matches!(st.play, Play::HelpSelf | Play::HelpReflex | Play::ReciHelp) {
            // hs#: the help plies before the self end (`hs#0.5`, made by WhiteToPlay of an `hs#1`: none, Black
            // playing the self end); reci-h#: before the reciprocal end.
            help_plies = help_plies.saturating_sub(2);
        }
        let help = st.play.is_help();
        if let Some(s) = self.state.side_to_move {
            if !help {
                first = s;
            }
        }
        (first, if help { help_plies } else { st.moves })
    }

    /// The options given that do not apply to `st` and are ignored, as Popeye ignores them, in the order Popeye
    /// says so (`Quodlibet not applicable - ignored`, then PostKeyPlay, SetPlay, `try play not applicable`, Threat):
    /// Quodlibet outside self and reflex play (and series self play); PostKeyPlay outside direct, self and reflex
    /// play; SetPlay in series direct play (`ser-#`, `ser-=`), in help play of half a move (`h#0.5`) and in post-key
    /// play; Try in post-key play; NonTrivial outside direct, self and reflex play (Popeye says nothing); Threat
    /// outside direct, self and reflex play and where it is no shorter than
    /// the play (Popeye: `Option "Threat" not applicable or indicated maximum threat length too big`). WhiteToPlay
    /// in direct, self and reflex play and in help play of `n.5` moves,
    /// which only a twin's stipulation can be (the reader refuses it in the problem's own:
    /// [`options::Options::contradiction_in_twin`]).
    pub fn ignored_options(&self, st: &Stipulation) -> Vec<Opt> {
        let o = &self.options;
        let battle = st.play.is_battle();
        let post_key = o.post_key_play && battle;
        let mut out = Vec::new();
        if o.white_to_play && options::white_to_play_ignored(st) {
            out.push(Opt::WhiteToPlay);
        }
        if o.quodlibet && !matches!(st.play, Play::Self_ | Play::Reflex | Play::SemiReflex | Play::SeriesSelf) {
            out.push(Opt::Quodlibet);
        }
        if o.post_key_play && !battle {
            out.push(Opt::PostKeyPlay);
        }
        // Help play of one half-move has no set play; help-self play of no help half-move neither (the set play
        // of `hs#1.5` is the self end alone: `1...  ...  2.Ke8-d7 Kd3-c2`).
        let half_move_help = match st.play {
            Play::Help | Play::HelpZugzwang | Play::HelpUnavoidable => self.start(st).1 <= 1,
            Play::HelpSelf | Play::HelpReflex | Play::ReciHelp => self.start(st).1 == 0,
            _ => false,
        };
        if o.set_play && (post_key || st.play == Play::SeriesDirect || half_move_help) {
            out.push(Opt::SetPlay);
        }
        // `Defence n` asks for tries too (Popeye's `soltout`, which `Try` also sets): after the key there are none.
        if (o.tries || o.defence.is_some()) && post_key {
            out.push(Opt::Try);
        }
        // `NonTrivial` outside direct, self and reflex play: Popeye counts the defences of battle play only, and
        // solves help and series play with it as without it, saying nothing (`ser-#2;0,1`).
        if o.non_trivial.is_some() && !battle {
            out.push(Opt::NonTrivial);
        }
        // `Threat t` outside direct, self and reflex play, and where no threat can be as long as `t` moves (a
        // threat after the key of an `n`-mover is at most `n - 1` moves long); an `n`-mover of one move has no
        // threat to limit (Popeye says nothing there).
        if let Some(t) = o.threat.filter(|&t| t >= 1) {
            if !battle || (st.moves >= 2 && t >= st.moves) {
                out.push(Opt::Threat);
            }
        }
        out
    }

    /// The phases of a twin in the order Popeye prints them, each with the side that moves first and its length
    /// (half-moves in help play, moves otherwise): the set play (`SetPlay`) and the solution, then, with `Duplex`
    /// or `HalfDuplex`, the same for the other side (with `HalfDuplex` only that).
    pub fn phase_plan(&self, st: &Stipulation) -> Vec<(PhaseKind, Color, u32)> {
        let (first, main_len) = self.start(st);
        let ignored = self.ignored_options(st);
        // PostKeyPlay: the key has been played, so the defender moves first (and, in the duplex, White defends).
        let post_key = self.options.post_key_play && !ignored.contains(&Opt::PostKeyPlay);
        let (first, second) = if post_key { (first.opposite(), first) } else { (first, first.opposite()) };
        let set_play = |side: Color| -> Option<(PhaseKind, Color, u32)> {
            if !self.options.set_play || ignored.contains(&Opt::SetPlay) {
                return None;
            }
            match st.play {
                Play::Help | Play::HelpZugzwang | Play::HelpUnavoidable if main_len > 1 => {
                    Some((PhaseKind::SetPlay, side.opposite(), main_len - 1))
                }
                Play::HelpSelf | Play::HelpReflex | Play::ReciHelp if main_len > 0 => {
                    Some((PhaseKind::SetPlay, side.opposite(), main_len - 1))
                }
                _ if st.play.is_battle() => Some((PhaseKind::SetPlay, side.opposite(), st.moves)),
                // Series play: the opponent's final move alone (Popeye: "not applicable" to ser-# and ser-=).
                Play::SeriesHelp | Play::SeriesSelf | Play::SeriesReflex => {
                    Some((PhaseKind::SetPlay, side.opposite(), 1))
                }
                _ => None,
            }
        };
        let mut plan = Vec::new();
        if !self.options.half_duplex {
            plan.extend(set_play(first));
            plan.push((PhaseKind::Solution, first, main_len));
        }
        if self.options.duplex || self.options.half_duplex {
            plan.extend(set_play(second));
            plan.push((PhaseKind::Duplex, second, main_len));
        }
        plan
    }

    /// The phases Popeye plays in the zero position (`ZeroPosition`): with `Duplex`, the other side's half (its
    /// set play and duplex phase), none without. Its zero-position stopper (src/solving/zeroposition.c) is
    /// inserted once per twin and removes itself when first reached, in the first half: `Duplex` solves the
    /// second half below it again, and that half goes unstopped (`HalfDuplex` has only the one half, stopped).
    pub fn zero_position_plan(&self, st: &Stipulation) -> Vec<(PhaseKind, Color, u32)> {
        if !self.zero_position || !self.options.duplex || self.options.half_duplex {
            return Vec::new();
        }
        self.phase_plan(st).into_iter().skip_while(|ph| ph.0 != PhaseKind::Solution).skip(1).collect()
    }
}
