//! Reader for Popeye's input language (`../shared/POPEYE.md` §2): keywords in English, German or French
//! (chosen by the first token), abbreviable to unique prefixes, producing one [`Problem`] or one
//! [`Diagnostic`] per problem of the file.

// The brief fixes `Diagnostic` as the error type; it is read once per problem, so its size does not matter.
#![allow(clippy::result_large_err)]

mod words;

use self::words::Cmd;
use super::stipulation::{parse_stipulation, parse_structured};
use crate::conditions::{supported, ConditionDef, ConditionError, ConditionNumber, ConditionSpec, ConditionSquares};
use crate::pieces::{Attrs, Kind, PieceWord, Placed, ATTRIBUTES};
use crate::problem::options::{Arg, Opt, OptionDef, OptionValue, Options, Support, OPTIONS};
use crate::problem::twins::{Mirror, Twin, TwinChange, TwinCommand, TwinDef, TWINNING};
use crate::problem::{Diagnostic, Intended, Location, Meta, Problem, Stipulation};
use crate::setup::ExplicitState;
use crate::square::{Color, Square};
use crate::words::{did_you_mean, find, join_or, Found, Lang, Spelling};
use std::ops::Range;

/// Reads every problem of a Popeye input file. One bad problem gives its Diagnostic and the others are still read.
///
/// Each problem yields exactly one entry: the first error found in it, or the problem. After an error the
/// reader skips to the problem's `NextProblem` (or `EndProblem`) and goes on with the next one.
pub fn read_popeye(text: &str, file: &str) -> Vec<Result<Problem, Diagnostic>> {
    read_popeye_spans(text, file).0.into_iter().map(|(_, p)| p).collect()
}

/// One problem as read, with the byte range of its text.
type Spanned = (Range<usize>, Result<Problem, Diagnostic>);

/// [`read_popeye`] with the byte range each problem was read from (`BeginProblem` of the first problem in it,
/// the `NextProblem` or `EndProblem` that ends it left out), and the warnings: text after `EndProblem`, which
/// Popeye does not read either.
pub fn read_popeye_spans(text: &str, file: &str) -> (Vec<Spanned>, Vec<Diagnostic>) {
    read_popeye_with(text, file, true)
}

/// [`read_popeye_spans`] as Popeye reads: a diagram none of whose phases can be played (the side not to move in
/// check) is read, not refused; solving it refuses each phase ([`crate::solve::run::SolvedTwin::unplayable`]).
pub fn read_popeye_spans_as_popeye(text: &str, file: &str) -> (Vec<Spanned>, Vec<Diagnostic>) {
    read_popeye_checked(text, file, Checked::PlayableAside)
}

/// [`read_popeye_spans`]; with `checked` false the problems are not validated ([`crate::problem::check`]), for the
/// unit tests of the vocabulary, which list contradicting options on purpose.
fn read_popeye_with(text: &str, file: &str, checked: bool) -> (Vec<Spanned>, Vec<Diagnostic>) {
    read_popeye_checked(text, file, if checked { Checked::All } else { Checked::No })
}

fn read_popeye_checked(text: &str, file: &str, checked: Checked) -> (Vec<Spanned>, Vec<Diagnostic>) {
    let mut reader = Reader { lex: Lexer::new(text), file, lang: Lang::English, checked, ending_at: 0 };
    let mut out = Vec::new();
    let whole = crate::input::trimmed(text, 0..text.len());
    let first = match reader.next_tok() {
        Ok(Some(t)) => t,
        Ok(None) => {
            let d = Diagnostic::new(
                Location { file: file.to_string(), line: 1, column: 1 },
                "empty Popeye input: the file holds no problem",
            )
            .expected("`BeginProblem` (German `AnfangProblem`, French `DebutProbleme`)");
            return (vec![(whole, Err(d))], Vec::new());
        }
        Err(d) => return (vec![(whole, Err(d))], Vec::new()),
    };
    match begin_language(first.text) {
        Some(lang) => reader.lang = lang,
        None => {
            let d = reader
                .diag(&first, format!("a Popeye input must start with `BeginProblem`, found `{}`", first.text))
                .expected("`BeginProblem` (German `AnfangProblem`, French `DebutProbleme`)");
            let d = match did_you_mean(first.text, ["BeginProblem", "AnfangProblem", "DebutProbleme"]) {
                Some(s) => d.hint(format!("did you mean `{s}`?")),
                None => d,
            };
            return (vec![(whole, Err(d))], Vec::new());
        }
    }
    let mut location = reader.location(&first);
    let mut start = first.start;
    let mut warnings = Vec::new();
    loop {
        let (problem, ending) = match reader.problem(location.clone()) {
            // A problem read to its end but refused (its position cannot be solved): the next one follows.
            Ok((p, ending)) => (p, ending),
            Err(d) => (Err(d), reader.recover()),
        };
        let end = if ending == Ending::Eof { text.len() } else { reader.ending_at };
        out.push((crate::input::trimmed(text, start..end.max(start)), problem));
        if ending == Ending::End {
            // Popeye stops reading at `EndProblem`: what follows is not read, and the user should know.
            if let Some(t) = reader.lex.peek() {
                let names = reader.command_names();
                warnings.push(reader.diag(&t, format!("the text after `{}` is not read", names[1])).hint(format!(
                    "Popeye stops at `{}`; to read another problem, end the one before with `{}`",
                    names[1], names[2]
                )));
            }
        }
        if ending != Ending::Next {
            break;
        }
        // The next problem starts at the next token; nothing after `NextProblem` ends the file.
        match reader.lex.peek() {
            Some(t) => {
                location = reader.location(&t);
                start = t.start;
            }
            None => break,
        }
    }
    (out, warnings)
}

/// The language of a Popeye input: the one whose `BeginProblem` its first word is (Popeye answers in it).
pub fn input_language(text: &str) -> Option<Lang> {
    let mut reader =
        Reader { lex: Lexer::new(text), file: "", lang: Lang::English, checked: Checked::No, ending_at: 0 };
    reader.next_tok().ok().flatten().and_then(|t| begin_language(t.text))
}

/// The language whose `BeginProblem` word the first token abbreviates.
fn begin_language(word: &str) -> Option<Lang> {
    let table = [("BeginProblem", Lang::English), ("AnfangProblem", Lang::German), ("DebutProbleme", Lang::French)];
    match find(word, table) {
        Found::One(l, _) => Some(l),
        _ => None,
    }
}

/// How a problem ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Next,
    End,
    Eof,
}

/// One token: its text and where it starts.
#[derive(Clone, Copy, Debug)]
struct Tok<'a> {
    text: &'a str,
    /// Byte offset in the input.
    start: usize,
    /// 1-based line number.
    line: usize,
    /// Byte offset of the start of the line.
    line_start: usize,
}

/// Popeye's lexer: tokens separated by space, tab, newline, `;` and `,`.
#[derive(Clone, Copy)]
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    line_start: usize,
}

fn is_separator(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | ';' | ',')
}

/// Characters allowed in a token (POPEYE.md §2.1).
fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "#=+-%>!.<()~/&|:[]{}?".contains(c)
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer { text, pos: 0, line: 1, line_start: 0 }
    }

    /// The next raw token (a run of non-separators), or `None` at the end.
    fn next(&mut self) -> Option<Tok<'a>> {
        let rest = &self.text[self.pos..];
        let mut start = None;
        for (i, c) in rest.char_indices() {
            if is_separator(c) {
                if c == '\n' {
                    self.line += 1;
                    self.line_start = self.pos + i + 1;
                }
            } else {
                start = Some(self.pos + i);
                break;
            }
        }
        let start = match start {
            Some(s) => s,
            None => {
                self.pos = self.text.len();
                return None;
            }
        };
        let len = self.text[start..].find(is_separator).unwrap_or(self.text.len() - start);
        self.pos = start + len;
        Some(Tok { text: &self.text[start..start + len], start, line: self.line, line_start: self.line_start })
    }

    fn peek(&self) -> Option<Tok<'a>> {
        self.clone().next()
    }

    /// The rest of the current line, trimmed; the lexer continues on the next line.
    fn rest_of_line(&mut self) -> &'a str {
        let rest = &self.text[self.pos..];
        let len = rest.find('\n').unwrap_or(rest.len());
        self.pos += len;
        rest[..len].trim()
    }
}

/// A keyword found in the table of the current context.
enum Word<T> {
    Is(T),
    Command,
    Other,
}

struct Reader<'a> {
    lex: Lexer<'a>,
    file: &'a str,
    lang: Lang,
    /// How finished problems are validated ([`crate::problem::check`]).
    checked: Checked,
    /// Where the last `EndProblem` or `NextProblem` read starts (the end of its problem's text).
    ending_at: usize,
}

/// How a reader validates the problems it reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Checked {
    No,
    All,
    /// All but a diagram none of whose phases can be played.
    PlayableAside,
}

/// What a problem accumulates while it is read.
struct Draft {
    location: Location,
    meta: Meta,
    pieces: Vec<Placed>,
    /// `a=>b`: the pieces read before the stipulation, the position play starts from.
    initial: Option<Vec<Placed>>,
    stipulation: Option<Stipulation>,
    conditions: Vec<ConditionSpec>,
    options: Options,
    zero_position: bool,
    twins: Vec<Twin>,
    in_twins: bool,
    /// Where things were written, for refusals found after reading ([`crate::problem::check`]).
    spots: Vec<(Spot, Diagnostic)>,
}

/// Something a refusal may point at.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Spot {
    /// A `Pieces` or `Forsyth` command.
    PiecesCommand,
    /// A colour word of `Pieces`.
    Colour(Color),
    /// A piece token placing a piece on this square.
    Piece(Square),
    /// An option (English name).
    Option(&'static str),
    /// A piece token placing a piece on a square another piece held (Popeye sends that one to its underworld).
    Buried(Square),
    /// A condition (canonical name).
    Condition(String),
}

type Res<T> = Result<T, Diagnostic>;

impl<'a> Reader<'a> {
    fn li(&self) -> usize {
        self.lang.index()
    }

    fn location(&self, tok: &Tok) -> Location {
        let column = self.lex.text[tok.line_start..tok.start].chars().count() + 1;
        Location { file: self.file.to_string(), line: tok.line, column }
    }

    fn source_line(&self, tok: &Tok) -> &'a str {
        let rest = &self.lex.text[tok.line_start..];
        let line = &rest[..rest.find('\n').unwrap_or(rest.len())];
        line.strip_suffix('\r').unwrap_or(line)
    }

    /// A diagnostic pointing at the whole token.
    fn diag(&self, tok: &Tok, message: impl Into<String>) -> Diagnostic {
        self.diag_part(tok, 0, tok.text.len(), message)
    }

    /// A diagnostic pointing at bytes `from..from + len` of the token.
    fn diag_part(&self, tok: &Tok, from: usize, len: usize, message: impl Into<String>) -> Diagnostic {
        let from = floor_char_boundary(tok.text, from.min(tok.text.len()));
        let end = floor_char_boundary(tok.text, (from + len).min(tok.text.len()));
        let sub = Tok { text: &tok.text[from..end], start: tok.start + from, ..*tok };
        Diagnostic::new(self.location(&sub), message).with_source(self.source_line(tok), sub.text.chars().count())
    }

    /// Checks a raw token for characters outside Popeye's token set.
    fn check(&self, tok: Tok<'a>) -> Res<Tok<'a>> {
        match tok.text.char_indices().find(|&(_, c)| !is_token_char(c)) {
            None => Ok(tok),
            Some((i, c)) => Err(self.diag_part(&tok, i, c.len_utf8(), format!("unexpected character `{c}`")).expected(
                "letters, digits or one of `#=+-%>!.<()~/&|:[]{}?`; words are separated by blanks, `;` or `,`",
            )),
        }
    }

    fn next_tok(&mut self) -> Res<Option<Tok<'a>>> {
        match self.lex.next() {
            Some(t) => self.check(t).map(Some),
            None => Ok(None),
        }
    }

    fn peek_tok(&self) -> Res<Option<Tok<'a>>> {
        match self.lex.peek() {
            Some(t) => self.check(t).map(Some),
            None => Ok(None),
        }
    }

    /// Skips the rest of a failed problem; tells how it ended.
    fn recover(&mut self) -> Ending {
        while let Some(t) = self.lex.next() {
            match self.command_of(t.text) {
                Found::One(Cmd::Next, _) => {
                    self.ending_at = t.start;
                    return Ending::Next;
                }
                Found::One(Cmd::End, _) => {
                    self.ending_at = t.start;
                    return Ending::End;
                }
                Found::One(
                    Cmd::Author | Cmd::Origin | Cmd::Title | Cmd::Award | Cmd::Remark | Cmd::Protocol | Cmd::LaTeX,
                    _,
                ) => {
                    self.lex.rest_of_line();
                }
                _ => {}
            }
        }
        Ending::Eof
    }

    fn command_of(&self, word: &str) -> Found<Cmd> {
        let li = self.li();
        find(word, words::COMMANDS.iter().map(|(c, n)| (n[li], *c)))
    }

    fn command_names(&self) -> Vec<&'static str> {
        words::COMMANDS.iter().map(|(_, n)| n[self.li()]).collect()
    }

    /// Looks a word up in a context table; if it is not there, whether it is a command (which ends the context).
    /// An ambiguous abbreviation is an error unless it is a command.
    fn word<T: Copy + PartialEq>(&self, tok: &Tok, table: Vec<(&'static str, T)>, what: &str) -> Res<Word<T>> {
        self.classify(tok, find(tok.text, table), what)
    }

    /// [`Reader::word`] for what a registry found for the token.
    /// A command written out ends the context even where it also abbreviates a word of it (French `pieces`
    /// after `condition` is the command, not an abbreviation of `PiecesPerdues`).
    fn classify<T>(&self, tok: &Tok, found: Found<T>, what: &str) -> Res<Word<T>> {
        let command_written_out =
            || matches!(self.command_of(tok.text), Found::One(_, name) if name.eq_ignore_ascii_case(tok.text));
        match found {
            Found::One(_, name) if !name.eq_ignore_ascii_case(tok.text) && command_written_out() => Ok(Word::Command),
            Found::One(v, _) => Ok(Word::Is(v)),
            Found::Ambiguous(names) => match self.command_of(tok.text) {
                Found::One(..) => Ok(Word::Command),
                _ => Err(self.ambiguous(tok, what, &names)),
            },
            Found::None => match self.command_of(tok.text) {
                Found::One(..) => Ok(Word::Command),
                _ => Ok(Word::Other),
            },
        }
    }

    fn ambiguous(&self, tok: &Tok, what: &str, names: &[&str]) -> Diagnostic {
        let list: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
        self.diag(tok, format!("ambiguous {what} `{}`: could be {}", tok.text, join_or(&list)))
            .expected(format!("an abbreviation of exactly one {what}"))
    }

    /// The top-level command a token names, or an error.
    fn command(&self, tok: &Tok) -> Res<Cmd> {
        match self.command_of(tok.text) {
            Found::One(c, _) => Ok(c),
            Found::Ambiguous(names) => Err(self.ambiguous(tok, "command", &names)),
            Found::None => {
                let names = self.command_names();
                let d = self.diag(tok, format!("unknown command `{}`", tok.text)).expected(format!(
                    "a command such as `{}`, `{}`, `{}` or `{}`",
                    names[3], names[7], names[9], names[1]
                ));
                Err(with_hint(d, tok.text, names))
            }
        }
    }

    /// Reads one problem, from the token after `BeginProblem`/`NextProblem` to its end.
    fn problem(&mut self, location: Location) -> Res<(Res<Problem>, Ending)> {
        let mut d = Draft {
            location,
            meta: Meta::default(),
            pieces: Vec::new(),
            initial: None,
            stipulation: None,
            conditions: Vec::new(),
            options: Options::default(),
            zero_position: false,
            twins: Vec::new(),
            in_twins: false,
            spots: Vec::new(),
        };
        let mut last: Option<Tok<'a>> = None;
        loop {
            let Some(tok) = self.next_tok()? else {
                return self.finish(d, Ending::Eof, last);
            };
            last = Some(tok);
            let cmd = self.command(&tok)?;
            // Popeye writes a remark between twins where it stands (REGRESSIONS/4_61_to_4_63.inp#9); stipula does not
            // yet keep its place.
            if d.in_twins && cmd == Cmd::Remark {
                return Err(self.unsupported(&tok, "a remark after the twins"));
            }
            if d.in_twins && !matches!(cmd, Cmd::Twin | Cmd::End | Cmd::Next | Cmd::ZeroPosition) {
                let names = self.command_names();
                return Err(self
                    .diag(&tok, format!("`{}` after the twins", tok.text))
                    .expected(format!("`{}`, `{}` or `{}`: twins come last", names[14], names[2], names[1])));
            }
            match cmd {
                Cmd::Begin => {
                    let names = self.command_names();
                    return Err(self
                        .diag(&tok, format!("`{}` inside a problem", tok.text))
                        .expected(format!("`{}` between two problems", names[2])));
                }
                Cmd::End => {
                    self.ending_at = tok.start;
                    return self.finish(d, Ending::End, Some(tok));
                }
                Cmd::Next => {
                    self.ending_at = tok.start;
                    return self.finish(d, Ending::Next, Some(tok));
                }
                Cmd::Author => {
                    let v = self.lex.rest_of_line();
                    if !v.is_empty() {
                        d.meta.authors.push(v.to_string());
                    }
                }
                Cmd::Origin => append_line(&mut d.meta.source, self.lex.rest_of_line()),
                Cmd::Title => append_line(&mut d.meta.title, self.lex.rest_of_line()),
                Cmd::Award => append_line(&mut d.meta.award, self.lex.rest_of_line()),
                Cmd::Remark => {
                    let v = self.lex.rest_of_line();
                    if !v.is_empty() {
                        d.meta.remarks.push(v.to_string());
                    }
                }
                Cmd::Protocol | Cmd::LaTeX => {
                    let key = if cmd == Cmd::Protocol { "popeye-protocol" } else { "popeye-latex" };
                    // Kept as YAML text, as `Meta::extra` holds it, so that `convert` writes a valid entry.
                    let v = format!(" {}", crate::problem::yaml_string(self.lex.rest_of_line()));
                    d.meta.extra.insert(key.to_string(), v);
                    if cmd == Cmd::LaTeX {
                        self.latex_pieces();
                    }
                }
                Cmd::Stipulation => {
                    let s = self.stipulation(&tok)?;
                    // `a=>b`: the pieces given so far are the start; the next `Pieces` give the diagram to reach
                    // (Popeye's py-engl.txt, `a=>b`).
                    if s.goal == crate::problem::Goal::AToB && d.initial.is_none() {
                        if d.pieces.is_empty() {
                            return Err(self.diag(&tok, "`a=>b` without a start position").expected(
                                "the start position's `Pieces` before the stipulation, the diagram to reach after it",
                            ));
                        }
                        d.initial = Some(std::mem::take(&mut d.pieces));
                    }
                    d.stipulation = Some(s);
                }
                Cmd::SStipulation => d.stipulation = Some(self.structured_stipulation(&tok)?),
                Cmd::Input => return Err(self.unsupported(&tok, "reading another file (`Input`)")),
                Cmd::LaTeXPieces => self.latex_pieces(),
                Cmd::Pieces => {
                    d.spots.push((Spot::PiecesCommand, self.diag(&tok, "")));
                    self.pieces(&tok, &mut d.pieces, &mut d.spots)?
                }
                Cmd::Forsyth => {
                    d.spots.push((Spot::PiecesCommand, self.diag(&tok, "")));
                    self.forsyth(&tok, &mut d.pieces)?
                }
                Cmd::InitialGameArray => initial_game_array(&mut d.pieces),
                Cmd::Condition => {
                    let more = self.conditions(&tok, &d.conditions, &mut d.spots, false)?;
                    for c in more {
                        // Popeye adds the squares of a second `Hole` to the first's (BEISPIEL/stip.inp#66: eight
                        // `bedingung loch` lines).
                        match d.conditions.iter_mut().find(|e| c.name == "Hole" && e.name == c.name) {
                            Some(e) => e.squares.0 |= c.squares.0,
                            None => d.conditions.push(c),
                        }
                    }
                }
                Cmd::Option => self.options(&tok, &mut d.options, &mut d.spots)?,
                Cmd::Twin | Cmd::ZeroPosition => {
                    let zero = cmd == Cmd::ZeroPosition;
                    if zero && (d.in_twins || d.zero_position) {
                        return Err(self
                            .diag(&tok, format!("`{}` must come before the first twin", tok.text))
                            .expected("at most one zero position, before every `Twin`"));
                    }
                    d.in_twins = true;
                    d.zero_position |= zero;
                    if let Some(t) = self.twin(&tok, zero)? {
                        d.twins.push(t);
                    }
                }
            }
        }
    }

    /// Semantic checks that need no move generation; builds the problem. A problem without a stipulation or
    /// without pieces is read to its end (its `NextProblem` read): refused, and the next problem follows.
    fn finish(&self, d: Draft, ending: Ending, at: Option<Tok>) -> Res<(Res<Problem>, Ending)> {
        let Some(stipulation) = d.stipulation else {
            let names = self.command_names();
            let diag = match at {
                Some(t) => self.diag(&t, "the problem has no stipulation"),
                None => Diagnostic::new(d.location.clone(), "the problem has no stipulation"),
            };
            return Ok((Err(diag.expected(format!("a `{}` command, e.g. `{} #2`", names[3], names[3]))), ending));
        };
        // As the statement and YAML readers do: a problem must have pieces (and YAML cannot write one without).
        if d.pieces.is_empty() {
            let (names, c, k) = (self.command_names(), self.colour_names(), Kind::KING.def().code_in(self.lang));
            let diag = match at {
                Some(t) => self.diag(&t, "the problem has no pieces"),
                None => Diagnostic::new(d.location.clone(), "the problem has no pieces"),
            };
            return Ok((
                Err(diag.expected(format!("a `{0}` command, e.g. `{0} {1} {3}e1 {2} {3}e8`", names[7], c[0], c[1], k))),
                ending,
            ));
        }
        // Ghost and Haunted chess bring a piece of the underworld back when its square is left: the diagram's
        // pieces that another piece replaced would be ghosts, which stipula does not keep.
        let ghosts = d.conditions.iter().any(|c| c.name == "GhostChess" || c.name == "HauntedChess");
        if let Some((_, diag)) = d.spots.iter().find(|(s, _)| ghosts && matches!(s, Spot::Buried(_))) {
            let mut diag = diag.clone();
            diag.message = "not supported: a piece placed on an occupied square under GhostChess or HauntedChess \
                            (Popeye's underworld)"
                .into();
            return Ok((Err(diag.unsupported()), ending));
        }
        let p = Problem {
            location: d.location,
            meta: d.meta,
            pieces: d.pieces,
            state: ExplicitState::default(),
            stipulation,
            conditions: d.conditions,
            options: d.options,
            zero_position: d.zero_position,
            twins: d.twins,
            intended: Intended::default(),
            initial: d.initial,
        };
        let verdict = match self.checked {
            Checked::No => None,
            Checked::All => crate::problem::check::check(&p),
            Checked::PlayableAside => crate::problem::check::check_with(&p, false),
        };
        if let Some(r) = verdict {
            use crate::problem::check::Culprit;
            use crate::setup::Culprit as Diag;
            let last = |want: &Spot| d.spots.iter().rev().find(|(s, _)| s == want).map(|(_, d)| d.clone());
            let spot = match &r.culprit {
                Culprit::Option(names) => d
                    .spots
                    .iter()
                    .rev()
                    .find(|(s, _)| matches!(s, Spot::Option(o) if names.contains(o)))
                    .map(|(_, d)| d.clone()),
                Culprit::Condition(n) => last(&Spot::Condition(n.clone())),
                Culprit::Diagram(Diag::Pawn(sq)) => last(&Spot::Piece(*sq)),
                Culprit::Diagram(Diag::Kings(c) | Diag::ExtraKings(c)) => last(&Spot::Colour(*c)),
                Culprit::Diagram(_) => None,
            };
            let spot = spot.or_else(|| d.spots.iter().find(|(s, _)| *s == Spot::PiecesCommand).map(|(_, d)| d.clone()));
            let mut diag = spot.unwrap_or_else(|| Diagnostic::new(p.location.clone(), ""));
            diag.message = r.message.clone();
            return Ok((Err(diag.expected(r.expected()).hint(r.hint())), ending));
        }
        Ok((Ok(p), ending))
    }

    /// The LaTeX names of pieces that may follow `LaTeX FILE` and `LaTeXPieces` (`n SU Nachtreiter`: a walk code,
    /// its abbreviation in the diagram, its name to the end of the line), read as Popeye's `ParseLaTeXPieces` reads
    /// them (`src/output/latex/latex.c`: while the first letters of the next word, one or two, are a walk code, the
    /// first word shorter than three letters) and passed over: they name pieces in a LaTeX file stipula does not write.
    fn latex_pieces(&mut self) {
        let walk = |t: &Tok| {
            let len = if t.text.len() == 1 { 1 } else { 2 };
            t.text.is_char_boundary(len.min(t.text.len()))
                && PieceWord::popeye_code(&t.text[..len.min(t.text.len())], self.lang).is_some()
        };
        match self.lex.peek() {
            Some(t) if t.text.len() < 3 && walk(&t) => {}
            _ => return,
        }
        while let Some(t) = self.lex.peek() {
            if !walk(&t) {
                break;
            }
            self.lex.next();
            self.lex.next();
            self.lex.rest_of_line();
        }
    }

    fn unsupported(&self, tok: &Tok, what: &str) -> Diagnostic {
        self.diag(tok, format!("not supported: {what}")).unsupported()
    }

    /// The colour words of the input's language, with their index in Popeye's table.
    fn colours(&self) -> Vec<(&'static str, usize)> {
        words::COLOURS.iter().enumerate().map(|(i, c)| (c[self.li()], i)).collect()
    }

    /// The words for White and Black in the input's language.
    fn colour_names(&self) -> [&'static str; 2] {
        [words::COLOURS[0][self.li()], words::COLOURS[1][self.li()]]
    }

    // ---------------------------------------------------------------------------------------------------------
    // Stipulation

    /// `SStipulation white 3a[#]d`: the starting side, then the structured stipulation, its parts perhaps
    /// separated by blanks (`2s [#]`, `3a[#]d & - 4hh[#]`); those that read as stipula's own stipulations
    /// ([`parse_structured`]), the others refused as not supported.
    fn structured_stipulation(&mut self, cmd: &Tok) -> Res<Stipulation> {
        let missing = |r: &Self| {
            r.diag(cmd, format!("`{}` without its side and stipulation", cmd.text))
                .expected("a side and a structured stipulation such as `white 3a[#]d`")
        };
        let Some(side_tok) = self.next_tok()? else {
            return Err(missing(self));
        };
        let word = side_tok.text.to_lowercase();
        let names = self.colour_names();
        let side = match names.iter().position(|n| n.to_lowercase().starts_with(&word)) {
            Some(0) => Color::White,
            Some(_) => Color::Black,
            None => {
                return Err(self
                    .diag(&side_tok, format!("expected the starting side, found `{}`", side_tok.text))
                    .expected(format!("`{}` or `{}`", names[0], names[1])))
            }
        };
        let Some(first) = self.next_tok()? else {
            return Err(missing(self));
        };
        let mut text = first.text.to_string();
        let depth = |t: &str| {
            t.chars().fold(0i32, |d, c| match c {
                '[' | '{' | '(' => d + 1,
                ']' | '}' | ')' => d - 1,
                _ => d,
            })
        };
        while let Some(next) = self.peek_tok()? {
            let joins = depth(&text) > 0
                || next.text.starts_with(['[', '{', '&', '|', ':', ']', '}', ')'])
                || text.ends_with(['-', '&', '|', ':']);
            if !joins {
                break;
            }
            self.lex.next();
            text += next.text;
        }
        parse_structured(side, &text).map_err(|e| {
            let d = self.diag(&first, e.message).expected(e.expected);
            Diagnostic { fault: e.fault, ..d }
        })
    }

    /// `Stipulation h#3`, also with the length separated (`h# 3`, `hze8 1.5`).
    fn stipulation(&mut self, cmd: &Tok) -> Res<Stipulation> {
        let Some(tok) = self.next_tok()? else {
            return Err(self
                .diag(cmd, format!("`{}` without a stipulation", cmd.text))
                .expected("a stipulation such as `#2` or `h#3`"));
        };
        let mut text = tok.text.to_string();
        let mut second: Option<Tok> = None;
        // A token that is no whole stipulation may have its length in the next (`h# 3`, `hze8 1.5`).
        if parse_stipulation(tok.text).is_err() {
            if let Some(n) = self.peek_tok()? {
                let num = n.text.strip_suffix(".5").or_else(|| n.text.strip_suffix(".0")).unwrap_or(n.text);
                if !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit()) {
                    self.lex.next();
                    text = format!("{} {}", tok.text, n.text);
                    second = Some(n);
                }
            }
        }
        parse_stipulation(&text).map_err(|e| {
            let (t, off) = match second {
                Some(n) if e.offset > tok.text.len() => (n, e.offset - tok.text.len() - 1),
                _ => (tok, e.offset),
            };
            let len = if e.fault == crate::problem::Fault::Unsupported || off >= t.text.len() {
                t.text.len().saturating_sub(off).max(1)
            } else {
                1
            };
            let off = off.min(t.text.len().saturating_sub(1));
            let d = self.diag_part(&t, off, len, e.message).expected(e.expected);
            Diagnostic { fault: e.fault, ..d }
        })
    }

    // ---------------------------------------------------------------------------------------------------------
    // Pieces

    /// `Pieces White Ke1 Qd1 Black Ke8 …`. Ends before the first token that is no colour, attribute or piece.
    fn pieces(&mut self, cmd: &Tok, pieces: &mut Vec<Placed>, spots: &mut Vec<(Spot, Diagnostic)>) -> Res<()> {
        let mut color: Option<Color> = None;
        let mut any = false;
        // Whether a piece of the current colour has been read.
        let mut more = false;
        // After a colour word Popeye reads the next word as a piece: one whose first letters (one for a word of odd
        // length, two else) are no walk code, it passes over with `wrong or missing PieceName - ignored` (`Black`
        // then `Twin Condition Madrasi`: Madrasi for the diagram); stipula refuses it. `White Black` is read
        // silently (`B`, the bishop, starts `Black`).
        let mut colour_tok: Option<Tok<'a>> = None;
        // The attributes written after the group's colour (`White Royal Sb1`): every piece of the group has them,
        // but royalty only the next piece word (Popeye: "there can be at most 1 royal piece per side").
        let mut attrs = Attrs::NONE;
        let no_piece = |r: &Self, colour: Option<Tok>, next: Option<&Tok>| -> Res<()> {
            let Some(t) = colour else { return Ok(()) };
            let walk = next.is_some_and(|n| {
                let len = if n.text.len() % 2 == 1 { 1 } else { 2 }.min(n.text.len());
                n.text.is_char_boundary(len) && PieceWord::popeye_code(&n.text[..len], r.lang).is_some()
            });
            if walk {
                return Ok(());
            }
            Err(r.diag(&t, format!("colour `{}` without a piece after it", t.text)).expected(r.piece_example()))
        };
        while let Some(tok) = self.peek_tok()? {
            // A group starts with its colour, read before anything else (Popeye's ParsePieces): `pie wh b3d4` is
            // White's B3 on d4, not a piece `WH`.
            let colour_first = color.is_none() && matches!(self.word(&tok, self.colours(), "colour"), Ok(Word::Is(_)));
            let placed = if colour_first { None } else { self.piece_spec(&tok, color, more)? };
            if let Some(placed) = placed {
                any = true;
                more = true;
                for p in placed {
                    if pieces.iter().any(|q| q.square == p.square) {
                        spots.push((Spot::Buried(p.square), self.diag(&tok, "")));
                    }
                    spots.push((Spot::Piece(p.square), self.diag(&tok, "")));
                    place(pieces, Placed { attrs, ..p });
                }
                attrs = Attrs(attrs.0 & !Attrs::ROYAL.0);
                continue;
            }
            let li = self.li();
            match self.word(&tok, self.colours(), "colour")? {
                Word::Is(3) => return Err(self.unsupported(&tok, "total invisible pieces")),
                Word::Is(i) => {
                    no_piece(self, colour_tok.filter(|_| !more), Some(&tok))?;
                    self.lex.next();
                    // A neutral piece is placed as White's with the neutral attribute.
                    let c = if i == 1 { Color::Black } else { Color::White };
                    spots.push((Spot::Colour(c), self.diag(&tok, "")));
                    color = Some(c);
                    colour_tok = Some(tok);
                    more = false;
                    attrs = if i == 2 { Attrs::NEUTRAL } else { Attrs::NONE };
                    continue;
                }
                Word::Command => {
                    no_piece(self, colour_tok.filter(|_| !more), Some(&tok))?;
                    break;
                }
                Word::Other => {}
            }
            if let Found::One(_, name) = find(tok.text, words::ATTRIBUTES.iter().map(|a| (a[li], a[li]))) {
                let Some(def) = ATTRIBUTES.iter().find(|d| d.names[li] == name) else {
                    return Err(self.unsupported(&tok, &format!("piece attribute {name}")));
                };
                if color.is_none() || more {
                    // Popeye reads attributes only between a colour and its pieces.
                    return Err(self
                        .diag(&tok, format!("attribute `{}` not right after a colour", tok.text))
                        .expected(format!(
                            "a colour, then the attribute, then pieces: `{} {} Sb1`",
                            self.colour_names()[0],
                            def.names[li]
                        )));
                }
                self.lex.next();
                attrs = attrs.union(def.attr);
                continue;
            }
            if !any {
                return Err(self.expected_piece(&tok, cmd));
            }
            // Neither a command nor a piece: a piece whose code is unknown says so (`XYa1`).
            self.piece_spec(&tok, color, false)?;
            return Err(self.command(&tok).err().unwrap_or_else(|| self.expected_piece(&tok, cmd)));
        }
        if !any {
            return Err(self.diag(cmd, format!("`{}` without pieces", cmd.text)).expected(self.piece_example()));
        }
        if self.peek_tok()?.is_none() {
            no_piece(self, colour_tok.filter(|_| !more), None)?;
        }
        Ok(())
    }

    fn piece_example(&self) -> String {
        let c = self.colour_names();
        format!(
            "a colour (`{}`, `{}`) followed by pieces such as `{}e1`",
            c[0],
            c[1],
            Kind::KING.def().code_in(self.lang)
        )
    }

    fn expected_piece(&self, tok: &Tok, cmd: &Tok) -> Diagnostic {
        // A letter followed by something with a digit reads as a piece with a bad square list.
        let split = if tok.text.len() % 2 == 1 { 1 } else { 2 };
        if tok.text.len() > split
            && tok.text.bytes().any(|b| b.is_ascii_digit())
            && tok.text.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric())
        {
            return self
                .diag_part(tok, split, tok.text.len() - split, format!("invalid square list `{}`", &tok.text[split..]))
                .expected("squares `a1` to `h8`, e.g. `Pb2c2` (an odd length means a 1-letter walk code)");
        }
        self.diag(tok, format!("unexpected `{}` in `{}`", tok.text, cmd.text)).expected(self.piece_example())
    }

    /// If the token (and maybe the next one: `b c7g7`) is a piece specification, consumes it and returns the
    /// pieces. A colour must have been given. Once a piece of the colour has been read (`more`), a code that is
    /// no walk ends the pieces, as in Popeye (ParsePieceWalkAndSquares, src/input/plaintext/pieces.c): French
    /// `ajoute noir Fa1 ot g2` adds a bishop, then `ot` (`ote`) removes g2.
    fn piece_spec(&mut self, tok: &Tok<'a>, color: Option<Color>, more: bool) -> Res<Option<Vec<Placed>>> {
        let text = tok.text;
        let code_len = if text.len() % 2 == 1 { 1 } else { 2 };
        if !text.is_char_boundary(code_len.min(text.len())) {
            return Ok(None);
        }
        let (code, squares_tok, squares) = if text.len() > code_len {
            match square_list(&text[code_len..]) {
                Some(sq) => (&text[..code_len], *tok, sq),
                None => return Ok(None),
            }
        } else {
            // Separated form: a 1- or 2-letter code, then a token of squares.
            let mut la = self.lex;
            la.next();
            let Some(next) = la.next() else { return Ok(None) };
            match square_list(next.text) {
                Some(sq) if text.chars().all(|c| c.is_ascii_alphanumeric()) => (text, next, sq),
                _ => return Ok(None),
            }
        };
        let Some(color) = color else {
            let c = self.colour_names();
            return Err(self
                .diag(tok, format!("piece `{}` without a colour", tok.text))
                .expected(format!("a colour word (`{}` or `{}`) before the pieces", c[0], c[1])));
        };
        if more && PieceWord::popeye_code(code, self.lang).is_none() {
            return Ok(None);
        }
        let kind = self.walk(tok, code)?;
        self.lex.next();
        if squares_tok.start != tok.start {
            self.lex.next();
        }
        Ok(Some(squares.into_iter().map(|square| Placed::new(color, kind, square)).collect()))
    }

    /// A walk code of the current language: stipula's kind, or why not.
    fn walk(&self, tok: &Tok, code: &str) -> Res<Kind> {
        match PieceWord::popeye_code(code, self.lang) {
            Some(PieceWord::Kind(k)) => return Ok(k),
            Some(PieceWord::NotSupported(_)) => {
                return Err(self
                    .diag_part(tok, 0, code.len(), format!("not supported: piece {}", code.to_ascii_uppercase()))
                    .unsupported());
            }
            None => {}
        }
        let known: Vec<&'static str> =
            Kind::all().filter(|k| k.def().popeye).map(|k| k.def().code_in(self.lang)).collect();
        let d = self
            .diag_part(tok, 0, code.len(), format!("unknown piece code `{code}`"))
            .expected(format!("a piece code such as `{}`, `{}`, `{}`, `{}`", known[0], known[1], known[4], known[6]));
        // A code of another language is the likeliest slip (`Q` in a German file); else a near miss.
        for other in [Lang::English, Lang::German, Lang::French] {
            if other == self.lang {
                continue;
            }
            if let Some(k) = Kind::all().find(|k| k.def().popeye && k.def().code_in(other).eq_ignore_ascii_case(code)) {
                return Err(d.hint(format!(
                    "`{}` is the {} code of the {}; in {} it is `{}`",
                    code.to_ascii_uppercase(),
                    other.name(),
                    k.name(),
                    self.lang.name(),
                    k.def().code_in(self.lang)
                )));
            }
        }
        if code.len() < 2 {
            return Err(d);
        }
        Err(with_hint(d, code, known))
    }

    /// Popeye's `Forsyth`: 1-letter codes (upper case White, lower case Black), digits for empty squares,
    /// `.xx` for a 2-letter code, `+`/`-` to force White/Black; `/` ends a rank.
    fn forsyth(&mut self, cmd: &Tok, pieces: &mut Vec<Placed>) -> Res<()> {
        let Some(tok) = self.next_tok()? else {
            return Err(self
                .diag(cmd, "`Forsyth` without a position")
                .expected("a position such as `4k3/8/8/8/8/8/8/4K3`"));
        };
        let b = tok.text.as_bytes();
        let mut idx = 0usize; // 0 = a8 … 63 = h1
        let mut forced: Option<Color> = None;
        let mut neutral = false;
        let mut i = 0usize;
        let err = |i: usize, len: usize, msg: &str| {
            self.diag_part(&tok, i, len, msg).expected("a Forsyth position such as `4k3/8/8/8/8/8/8/4K3`")
        };
        while i < b.len() {
            let c = b[i];
            match c {
                // Popeye fills the squares one after the other and skips `/` (twin.c's `ParseForsyth`): a rank
                // of nine squares goes on into the next one (BEISPIEL/bgl.inp#2, `3Bbsb2`).
                b'/' => i += 1,
                b'0'..=b'9' => {
                    // At most two digits, as Popeye reads them (`.251` is the 2:5-leaper and one empty square).
                    let mut j = i;
                    let mut n = 0usize;
                    while j < b.len() && b[j].is_ascii_digit() && j < i + 2 {
                        n = n * 10 + (b[j] - b'0') as usize;
                        j += 1;
                    }
                    idx += n;
                    i = j;
                }
                b'+' => {
                    forced = Some(Color::White);
                    i += 1;
                }
                b'-' => {
                    forced = Some(Color::Black);
                    i += 1;
                }
                b'=' => {
                    forced = Some(Color::White);
                    neutral = true;
                    i += 1;
                }
                b'.' | b'a'..=b'z' | b'A'..=b'Z' => {
                    let (from, len) = if c == b'.' { (i + 1, 2) } else { (i, 1) };
                    if from + len > b.len() || !b[from..from + len].iter().all(|x| x.is_ascii_alphanumeric()) {
                        return Err(err(i, 1, "`.` must be followed by a 2-letter walk code"));
                    }
                    let code = &tok.text[from..from + len];
                    // Lower case is Black, anything else White (a digit code such as `.25`), as in Popeye.
                    let color =
                        forced.take().unwrap_or(if b[from].is_ascii_lowercase() { Color::Black } else { Color::White });
                    let sub = Tok { text: &tok.text[from..from + len], start: tok.start + from, ..tok };
                    let kind = self.walk(&sub, code)?;
                    let square = Square::from_coords((idx % 8) as u8, 7 - (idx / 8) as u8);
                    let attrs = if std::mem::take(&mut neutral) { Attrs::NEUTRAL } else { Attrs::NONE };
                    place(pieces, Placed { attrs, ..Placed::new(color, kind, square) });
                    idx += 1;
                    i = from + len;
                }
                _ => return Err(err(i, 1, "unexpected character in a Forsyth position")),
            }
            // Popeye stops at the last square and reads no more of the word.
            if idx >= 64 {
                break;
            }
        }
        Ok(())
    }

    // ---------------------------------------------------------------------------------------------------------
    // Conditions

    /// `Condition Madrasi RexInclusive Isardam TypeB …`, looked up in the condition registry; ends before the
    /// first non-condition word that is a command. `earlier` are conditions already given, for the combination
    /// checks. In a twin (`in_twin`) a twinning command ends them too, as in Popeye (`Twin Condition Madrasi
    /// PolishType`).
    fn conditions(
        &mut self,
        cmd: &Tok,
        earlier: &[ConditionSpec],
        spots: &mut Vec<(Spot, Diagnostic)>,
        in_twin: bool,
    ) -> Res<Vec<ConditionSpec>> {
        let spelling = Spelling::Popeye(self.lang);
        let mut out: Vec<ConditionSpec> = Vec::new();
        while let Some(tok) = self.peek_tok()? {
            let def = match self.classify(&tok, ConditionDef::lookup(tok.text, spelling), "condition")? {
                Word::Is(def) => def,
                Word::Command => break,
                Word::Other
                    if in_twin && !out.is_empty() && matches!(TwinDef::lookup(tok.text, spelling), Found::One(..)) =>
                {
                    break
                }
                Word::Other => {
                    let examples: Vec<String> = supported()
                        .filter(|d| d.popeye.is_some())
                        .take(3)
                        .map(|d| format!("`{}`", d.name_in(self.lang)))
                        .collect();
                    let d = self
                        .diag(&tok, format!("unknown condition `{}`", tok.text))
                        .expected(format!("a condition such as {}", join_or(&examples)));
                    let all = crate::conditions::registry::CONDITIONS.iter().map(|d| d.name_in(self.lang));
                    return Err(with_hint(d, tok.text, all));
                }
            };
            self.lex.next();
            let at = self.diag(&tok, "");
            if !def.is_supported() {
                return Err(self.unsupported(&tok, &format!("condition {}", def.name_in(self.lang))));
            }
            let mut spec = def.spec();
            let mut first = true;
            while let Some(t) = self.peek_tok()? {
                if let Some(m) = def.param(t.text, spelling) {
                    spec.add_param(m, first);
                    first = false;
                } else if let Some(squares) = ConditionSquares::parse_word(t.text)
                    .filter(|_| def.squares && (def.name != "Hole" || spec.squares.is_empty()))
                {
                    // Popeye's square list: `Wormholes e5h3`, `MagicSquares c3 d4` (one word or several); `Hole`
                    // reads one word (`HandleHole` on one token: `Hole h8 e3` is an input error at `e3`).
                    // Imitators are written in the order given, which stipula keeps only when it is Popeye's
                    // order of squares.
                    if def.name == "Imitator" {
                        let given: Vec<&str> =
                            (0..t.text.len()).step_by(2).filter_map(|i| t.text.get(i..i + 2)).collect();
                        let listed: Vec<crate::square::Square> = spec
                            .squares
                            .iter()
                            .chain(given.iter().filter_map(|w| crate::square::Square::parse(w)))
                            .collect();
                        if listed.windows(2).any(|w| w[0] >= w[1]) {
                            return Err(self.diag(
                                &t,
                                "not supported: imitators listed out of the order a1, b1, …, h8 (Popeye writes them in the order given)",
                            ));
                        }
                    }
                    spec.squares.0 |= squares;
                } else if let Some(n) =
                    ConditionNumber::parse(t.text, def.numbers).filter(|_| spec.numbers.len() < def.numbers.max)
                {
                    // Popeye's numbers after the name: `SAT 3`, `BGL 4.5 4`, `BGL - 29`.
                    spec.numbers.push(n);
                } else {
                    break;
                }
                self.lex.next();
            }
            // A second `Hole` adds its squares to the first's (below, where the conditions are kept).
            let again = |c: &&ConditionSpec| !(spec.name == "Hole" && c.name == spec.name);
            let all: Vec<ConditionSpec> =
                earlier.iter().chain(out.iter()).filter(again).chain([&spec]).cloned().collect();
            // Imitators given again: in a=>b, those of the target position, which Popeye compares too.
            if spec.name == "Imitator" && earlier.iter().chain(out.iter()).any(|c| c.name == "Imitator") {
                return Err(self.diag(&tok, "not supported: Imitator given twice (a=>b's imitators of the target)"));
            }
            if let Err(e @ (ConditionError::Conflict(..) | ConditionError::Twice(_))) =
                crate::conditions::build_all(&all)
            {
                return Err(self
                    .diag(&tok, e.to_string())
                    .expected("conditions that can be combined")
                    .hint("keep one of the conditions"));
            }
            spots.push((Spot::Condition(spec.name.clone()), at));
            out.push(spec);
        }
        if out.is_empty() {
            let example = supported().find_map(|d| d.popeye).map_or("Madrasi", |n| n[self.li()]);
            return Err(self
                .diag(cmd, format!("`{}` without a condition", cmd.text))
                .expected(format!("a condition such as `{example}`")));
        }
        Ok(out)
    }

    // ---------------------------------------------------------------------------------------------------------
    // Options

    /// `Option Variations Defence 2 …`, looked up in the option registry; ends before the first non-option word
    /// that is a command.
    fn options(&mut self, _cmd: &Tok, o: &mut Options, spots: &mut Vec<(Spot, Diagnostic)>) -> Res<()> {
        let li = self.li();
        while let Some(tok) = self.peek_tok()? {
            let def = match self.classify(&tok, OptionDef::lookup(tok.text, Spelling::Popeye(self.lang)), "option")? {
                Word::Is(def) => def,
                Word::Command => break,
                Word::Other => {
                    let names: Vec<&'static str> = OPTIONS.iter().filter_map(|d| d.popeye.map(|n| n[li])).collect();
                    let example = |opt| OptionDef::of(opt).name_in(self.lang);
                    let d = self.diag(&tok, format!("unknown option `{}`", tok.text)).expected(format!(
                        "an option such as `{}`, `{}` or `{}`",
                        example(Opt::Variations),
                        example(Opt::Try),
                        example(Opt::Intelligent)
                    ));
                    return Err(with_hint(d, tok.text, names));
                }
            };
            self.lex.next();
            if def.support == Support::NotSupported {
                return Err(self.unsupported(&tok, &format!("option {}", def.name_in(self.lang))));
            }
            spots.push((Spot::Option(def.name()), self.diag(&tok, "")));
            let value = match def.arg {
                Arg::Nothing => OptionValue::Nothing,
                Arg::Number => OptionValue::Number(self.number(&tok)?),
                // An optional number (`Intelligent 2`).
                Arg::MaybeNumber => match self.peek_tok()? {
                    Some(n) if !n.text.is_empty() && n.text.bytes().all(|b| b.is_ascii_digit()) => {
                        OptionValue::Number(self.number(&tok)?)
                    }
                    _ => OptionValue::Nothing,
                },
                Arg::TwoNumbers => {
                    let m = self.number(&tok)?;
                    OptionValue::Numbers(m, self.number(&tok)?)
                }
                Arg::Squares => OptionValue::Squares(self.squares_after(&tok)?),
                Arg::SquarePairs => {
                    let Some(t) = self.next_tok()? else {
                        return Err(self
                            .diag(&tok, format!("`{}` without squares", tok.text))
                            .expected("two rook squares such as `a1h8`"));
                    };
                    match square_list(t.text) {
                        Some(v) if v.len() == 2 => OptionValue::SquarePairs(vec![(v[0], v[1])]),
                        _ => {
                            return Err(self
                                .diag(&t, format!("expected two squares, found `{}`", t.text))
                                .expected("two rook squares such as `a1h8`"))
                        }
                    }
                }
            };
            o.set(def.opt, value);
        }
        // `Option` alone (Olive writes it for a problem without options) is nothing to read: Popeye says that the
        // next command is not an option, and reads on.
        Ok(())
    }

    /// The number argument of an option.
    fn number(&mut self, opt: &Tok) -> Res<u32> {
        match self.peek_tok()? {
            Some(t) if !t.text.is_empty() && t.text.bytes().all(|b| b.is_ascii_digit()) => {
                self.lex.next();
                t.text.parse().map_err(|_| self.diag(&t, format!("number `{}` is too large", t.text)))
            }
            Some(t) => Err(self
                .diag(&t, format!("expected a number after `{}`, found `{}`", opt.text, t.text))
                .expected("a number such as `2`")),
            None => Err(self.diag(opt, format!("`{}` without its number", opt.text)).expected("a number such as `2`")),
        }
    }

    /// One or more square-list tokens after an option (`EnPassant f7f6f5`, `NoCastling h1`).
    fn squares_after(&mut self, opt: &Tok) -> Res<Vec<Square>> {
        let mut out = Vec::new();
        while let Some(t) = self.peek_tok()? {
            match square_list(t.text) {
                Some(v) => {
                    self.lex.next();
                    out.extend(v);
                }
                None => break,
            }
        }
        if out.is_empty() {
            return Err(self.diag(opt, format!("`{}` without squares", opt.text)).expected("squares such as `e2e3e4`"));
        }
        Ok(out)
    }

    // ---------------------------------------------------------------------------------------------------------
    // Twins

    /// The commands of one twin (after `Twin` or `ZeroPosition`).
    fn twin(&mut self, cmd: &Tok, zero: bool) -> Res<Option<Twin>> {
        let li = self.li();
        let mut twin = Twin { continued: false, changes: Vec::new() };
        let names = || -> Vec<&'static str> { TWINNING.iter().map(|d| d.popeye[li]).collect() };
        while let Some(tok) = self.peek_tok()? {
            let tw = match self.classify(
                &tok,
                TwinDef::lookup(tok.text, Spelling::Popeye(self.lang)),
                "twinning command",
            )? {
                Word::Is(def) => def.command,
                Word::Command => break,
                Word::Other => {
                    let names = names();
                    let d = self.diag(&tok, format!("unknown twinning command `{}`", tok.text)).expected(format!(
                        "a twinning command such as `{}`, `{}` or `{}`",
                        names[0], names[1], names[5]
                    ));
                    return Err(with_hint(d, tok.text, names));
                }
            };
            self.lex.next();
            match tw {
                TwinCommand::Continued => {
                    if zero || !twin.changes.is_empty() {
                        return Err(self.diag(&tok, format!("`{}` must come first in a twin", tok.text)));
                    }
                    twin.continued = true;
                }
                TwinCommand::Move => {
                    let s = self.distinct_squares(&tok)?;
                    twin.changes.push(TwinChange::Move(s[0], s[1]));
                }
                TwinCommand::Exchange => {
                    let s = self.distinct_squares(&tok)?;
                    twin.changes.push(TwinChange::Exchange(s[0], s[1]));
                }
                TwinCommand::Shift => {
                    let s = self.squares(&tok, 2)?;
                    twin.changes.push(TwinChange::Shift(s[0], s[1]));
                }
                TwinCommand::Remove => {
                    let s = self.squares_after(&tok)?;
                    twin.changes.extend(s.into_iter().map(TwinChange::Remove));
                }
                TwinCommand::Add => {
                    let mut color = None;
                    let mut added = Vec::new();
                    let mut attrs = Attrs::NONE;
                    let li = self.li();
                    while let Some(t) = self.peek_tok()? {
                        if let Some(v) = self.piece_spec(&t, color, !added.is_empty())? {
                            added.extend(v.into_iter().map(|p| Placed { attrs, ..p }));
                            attrs = Attrs(attrs.0 & !Attrs::ROYAL.0);
                            continue;
                        }
                        // Popeye's ParsePieces: another colour's group may follow (`add white STc7 black STa8`).
                        if !added.is_empty() {
                            match find(t.text, self.colours()) {
                                Found::One(i @ 0..=2, _) => {
                                    self.lex.next();
                                    color = Some(if i == 1 { Color::Black } else { Color::White });
                                    attrs = if i == 2 { Attrs::NEUTRAL } else { Attrs::NONE };
                                    continue;
                                }
                                _ => break,
                            }
                        }
                        if color.is_some() {
                            if let Found::One(_, name) = find(t.text, words::ATTRIBUTES.iter().map(|a| (a[li], a[li])))
                            {
                                let Some(def) = ATTRIBUTES.iter().find(|d| d.names[li] == name) else {
                                    return Err(self.unsupported(&t, &format!("piece attribute {name}")));
                                };
                                self.lex.next();
                                attrs = attrs.union(def.attr);
                                continue;
                            }
                        }
                        match find(t.text, self.colours()) {
                            Found::One(3, _) => return Err(self.unsupported(&t, "total invisible pieces")),
                            Found::One(i, _) if color.is_none() => {
                                self.lex.next();
                                color = Some(if i == 1 { Color::Black } else { Color::White });
                                if i == 2 {
                                    attrs = Attrs::NEUTRAL;
                                }
                            }
                            _ => return Err(self.expected_piece(&t, &tok)),
                        }
                    }
                    if added.is_empty() {
                        return Err(self
                            .diag(&tok, format!("`{}` without a piece", tok.text))
                            .expected(self.piece_example()));
                    }
                    twin.changes.extend(added.into_iter().map(TwinChange::Add));
                }
                TwinCommand::Substitute => {
                    let (from, to) = self.substitute(&tok)?;
                    twin.changes.push(TwinChange::Substitute { color: None, from, to });
                }
                TwinCommand::Rotate => {
                    let n = self.number(&tok)?;
                    if !matches!(n, 90 | 180 | 270) {
                        let t = self.last_token();
                        return Err(self
                            .diag(&t, format!("cannot rotate by {n} degrees"))
                            .expected("`90`, `180` or `270`"));
                    }
                    twin.changes.push(TwinChange::Rotate(n as u16));
                }
                TwinCommand::Mirror => {
                    let Some(t) = self.next_tok()? else {
                        return Err(self
                            .diag(&tok, format!("`{}` without an axis", tok.text))
                            .expected("`a1<-->h1`, `a1<-->a8`, `a1<-->h8` or `a8<-->h1`"));
                    };
                    match Mirror::parse(t.text) {
                        Some(m) => twin.changes.push(TwinChange::Mirror(m)),
                        None => {
                            return Err(self
                                .diag(&t, format!("unknown mirror axis `{}`", t.text))
                                .expected("`a1<-->h1`, `a1<-->a8`, `a1<-->h8` or `a8<-->h1`"))
                        }
                    }
                }
                TwinCommand::PolishType => twin.changes.push(TwinChange::PolishType),
                TwinCommand::Stipulation => {
                    let s = self.stipulation(&tok)?;
                    twin.changes.push(TwinChange::Stipulation(s));
                }
                TwinCommand::Condition => {
                    let c = self.conditions(&tok, &[], &mut Vec::new(), true)?;
                    twin.changes.push(TwinChange::Conditions(c));
                }
                TwinCommand::SStipulation => {
                    let s = self.structured_stipulation(&tok)?;
                    twin.changes.push(TwinChange::Stipulation(s));
                }
                TwinCommand::Forsyth => return Err(self.unsupported(&tok, "twinning with `Forsyth`")),
            }
        }
        if twin.changes.is_empty() {
            if zero && !twin.continued {
                return Ok(None);
            }
            let names = names();
            return Err(self
                .diag(cmd, format!("`{}` without a twinning command", cmd.text))
                .expected(format!("a twinning command such as `{} a1 b2`", names[0])));
        }
        Ok(Some(twin))
    }

    /// The token the lexer has just passed (for errors about a consumed argument).
    fn last_token(&self) -> Tok<'a> {
        let end = self.lex.pos;
        let text = self.lex.text;
        let start = text[..end].rfind(|c: char| is_separator(c)).map_or(0, |i| i + 1);
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line = text[..start].matches('\n').count() + 1;
        Tok { text: &text[start..end], start, line, line_start }
    }

    /// `n` squares, given as separate tokens or glued (`e5 g8` or `e5g8`).
    fn squares(&mut self, cmd: &Tok, n: usize) -> Res<Vec<Square>> {
        let mut out = Vec::new();
        while out.len() < n {
            let Some(t) = self.peek_tok()? else { break };
            match square_list(t.text) {
                Some(v) if out.len() + v.len() <= n => {
                    self.lex.next();
                    out.extend(v);
                }
                _ => {
                    return Err(self
                        .diag(&t, format!("expected a square, found `{}`", t.text))
                        .expected(format!("{n} squares such as `e2 e4`")))
                }
            }
        }
        if out.len() < n {
            return Err(self
                .diag(cmd, format!("`{}` needs {n} squares", cmd.text))
                .expected(format!("{n} squares such as `e2 e4`")));
        }
        Ok(out)
    }

    /// The two squares of `Move` or `Exchange`, refused when they are the same.
    fn distinct_squares(&mut self, cmd: &Tok) -> Res<Vec<Square>> {
        let s = self.squares(cmd, 2)?;
        if s[0] == s[1] {
            // The second square ends the last token (`d1 d1` or glued `d1d1`).
            let t = self.last_token();
            let is = super::vocab::twins::same_square(0, 2, cmd.text, s[0]);
            let d = self.diag_part(&t, t.text.len().saturating_sub(2), 2, is.message);
            return Err(d.expected(is.expected.unwrap_or_default()).hint(is.hint.unwrap_or_default()));
        }
        Ok(s)
    }

    /// `Substitute R B`: two walk codes, each a word of its own, as Popeye reads them (`ParsePieceWalkToken` in
    /// its `input/plaintext/pieces.c`): `RB` is one walk, the reflecting bishop, not a rook and a bishop.
    fn substitute(&mut self, cmd: &Tok) -> Res<(Kind, Kind)> {
        let expected = "two walk codes such as `Q R`";
        let Some(t) = self.next_tok()? else {
            return Err(self.diag(cmd, format!("`{}` without walks", cmd.text)).expected(expected));
        };
        let from = self.walk(&t, t.text)?;
        let Some(u) = self.next_tok()? else {
            return Err(self.diag(&t, format!("`{}` needs a second walk", cmd.text)).expected(expected));
        };
        let to = self.walk(&u, u.text)?;
        Ok((from, to))
    }
}

/// Puts a piece on the board; a piece already there is replaced (Popeye sends it to the "underworld").
fn place(pieces: &mut Vec<Placed>, p: Placed) {
    pieces.retain(|q| q.square != p.square);
    pieces.push(p);
}

fn initial_game_array(pieces: &mut Vec<Placed>) {
    let back =
        [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN, Kind::KING, Kind::BISHOP, Kind::KNIGHT, Kind::ROOK];
    for (f, &kind) in back.iter().enumerate() {
        let f = f as u8;
        place(pieces, Placed::new(Color::White, kind, Square::from_coords(f, 0)));
        place(pieces, Placed::new(Color::White, Kind::PAWN, Square::from_coords(f, 1)));
        place(pieces, Placed::new(Color::Black, Kind::PAWN, Square::from_coords(f, 6)));
        place(pieces, Placed::new(Color::Black, kind, Square::from_coords(f, 7)));
    }
}

/// `([a-h][1-8])+`, case-insensitive.
fn square_list(text: &str) -> Option<Vec<Square>> {
    let b = text.as_bytes();
    if b.is_empty() || !b.len().is_multiple_of(2) {
        return None;
    }
    b.chunks(2)
        .map(|p| {
            let f = p[0].to_ascii_lowercase();
            let r = p[1];
            if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
                Some(Square::from_coords(f - b'a', r - b'1'))
            } else {
                None
            }
        })
        .collect()
}

fn append_line(field: &mut Option<String>, v: &str) {
    if v.is_empty() {
        return;
    }
    match field {
        Some(s) => {
            s.push('\n');
            s.push_str(v);
        }
        None => *field = Some(v.to_string()),
    }
}

fn with_hint<'c>(d: Diagnostic, word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Diagnostic {
    match did_you_mean(word, candidates) {
        Some(s) => d.hint(format!("did you mean `{s}`?")),
        None => d,
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests;
