//! The problemist's vocabulary shared by stipula's statement language and the YAML reader: piece lists,
//! stipulations written out in words, conditions, Popeye's options and twinning commands — each parsed from a
//! value string, with errors as byte offsets into that string — and their Popeye spellings for writing back.
//!
//! Multi-word names are matched with spaces, `-` and `_` ignored and case-insensitively, so `set play`,
//! `setplay` and `SetPlay` are the same option and `Madness of Kings` is `MadnessOfKings`.

use crate::input::popeye::popeye_condition;
use crate::input::stipulation::parse_stipulation;
use crate::input::suggest::did_you_mean;
use crate::pieces::Kind;
use crate::problem::{ConditionSpec, Mirror, Options, Placed, Stipulation, Twin, TwinChange};
use crate::square::{Color, Square};
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_while1};
use nom::character::complete::{digit1, multispace0};
use nom::combinator::{opt, recognize};
use nom::sequence::{pair, preceded, terminated};
use nom::{IResult, Parser};

/// An error inside one value: byte offset and length in the value text, message, expectation and hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    pub offset: usize,
    pub len: usize,
    pub message: String,
    pub expected: Option<String>,
    pub hint: Option<String>,
}

impl Issue {
    /// An issue covering `len` bytes at `offset`.
    pub fn new(offset: usize, len: usize, message: impl Into<String>) -> Issue {
        Issue { offset, len: len.max(1), message: message.into(), expected: None, hint: None }
    }

    /// Sets what was expected.
    pub fn expected(mut self, e: impl Into<String>) -> Issue {
        self.expected = Some(e.into());
        self
    }

    /// Sets the hint, if any.
    pub fn hint_opt(mut self, h: Option<String>) -> Issue {
        self.hint = h;
        self
    }

    /// Shifts the issue by `by` bytes (when the value sits inside a longer text).
    pub fn shifted(mut self, by: usize) -> Issue {
        self.offset += by;
        self
    }
}

/// A word of a value with its byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word<'a> {
    pub text: &'a str,
    pub offset: usize,
}

fn word_char(c: char) -> bool {
    !c.is_whitespace() && c != ',' && c != ';'
}

fn separator(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_whitespace() || c == ',' || c == ';').parse(i)
}

/// Splits a value into words; spaces, tabs, `,` and `;` separate them.
pub fn words(s: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut rest = s;
    loop {
        if let Ok((r, _)) = separator(rest) {
            rest = r;
        }
        match take_while1::<_, &str, nom::error::Error<&str>>(word_char).parse(rest) {
            Ok((r, w)) => {
                out.push(Word { text: w, offset: s.len() - rest.len() });
                rest = r;
            }
            Err(_) => break,
        }
    }
    out
}

/// Lower case with spaces, `-` and `_` removed: the key multi-word names are compared by.
pub fn norm(s: &str) -> String {
    s.chars().filter(|c| !matches!(c, ' ' | '-' | '_' | '\t')).flat_map(char::to_lowercase).collect()
}

/// Tries phrases of up to `max` words starting at `i` (longest first); returns the matched value and the
/// number of words used.
fn phrase<T: Copy>(ws: &[Word<'_>], i: usize, max: usize, table: &[(&str, T)]) -> Option<(T, usize)> {
    let mut k = max.min(ws.len().saturating_sub(i));
    while k >= 1 {
        let joined: String = ws[i..i + k].iter().map(|w| norm(w.text)).collect();
        if let Some(&(_, v)) = table.iter().find(|(n, _)| *n == joined) {
            return Some((v, k));
        }
        k -= 1;
    }
    None
}

fn span(ws: &[Word<'_>], i: usize, k: usize) -> (usize, usize) {
    let start = ws[i].offset;
    let last = ws[i + k - 1];
    (start, last.offset + last.text.len() - start)
}

fn number(w: &Word<'_>, what: &str) -> Result<u32, Issue> {
    w.text.parse().map_err(|_| {
        Issue::new(w.offset, w.text.len(), format!("expected {what}, found `{}`", w.text)).expected("a number such as `2`")
    })
}

// ------------------------------------------------------------------------------------------------ pieces

/// Splits a token such as `Sf7`, `CAb3c4` or `knightf7` into its prefix and the squares glued to its end.
pub fn split_squares(tok: &str) -> (&str, Vec<Square>) {
    let mut end = tok.len();
    let mut squares = Vec::new();
    while end >= 2 && tok.is_char_boundary(end - 2) {
        match Square::parse(&tok[end - 2..end]) {
            Some(sq) => {
                squares.push(sq);
                end -= 2;
            }
            None => break,
        }
    }
    squares.reverse();
    (&tok[..end], squares)
}

/// The kinds the reader knows, for hints: codes and names.
fn piece_words() -> Vec<&'static str> {
    Kind::all().flat_map(|k| [k.code(), k.name()]).collect()
}

/// A piece kind by Popeye English code or English name.
pub fn kind_of(text: &str) -> Option<Kind> {
    Kind::from_code(text).or_else(|| Kind::from_name(text))
}

fn unknown_piece(text: &str, offset: usize, len: usize) -> Issue {
    let words = piece_words();
    Issue::new(offset, len, format!("unknown piece `{text}`"))
        .expected("a piece code such as `K`, `Q`, `S`, `G`, `CA`, `03` or a name such as `knight`")
        .hint_opt(did_you_mean(text, words.iter().copied()).map(|s| format!("did you mean `{s}`?")))
}

/// Parses a list of pieces of one colour: Popeye codes glued to squares (`Ke1 Qd1 Pb2c3 CAb3`) or English
/// names followed by squares (`knight f7`, `lame alibaba d4 e5`).
pub fn parse_pieces(s: &str, color: Color) -> Result<Vec<Placed>, Issue> {
    let ws = words(s);
    let mut out = Vec::new();
    let mut name: Vec<Word<'_>> = Vec::new();
    // The kind of the previous word, while further squares may follow (`grasshopper c3 c4`).
    let mut last: Option<Kind> = None;
    for w in &ws {
        let (prefix, squares) = split_squares(w.text);
        if squares.is_empty() {
            name.push(*w);
            last = None;
            continue;
        }
        if let (true, true, Some(kind)) = (prefix.is_empty(), name.is_empty(), last) {
            out.extend(squares.into_iter().map(|square| Placed { color, kind, square }));
            continue;
        }
        let (kind_text, kind_off, kind_len) = if prefix.is_empty() {
            if name.is_empty() {
                return Err(Issue::new(w.offset, w.text.len(), format!("`{}` has no piece before its square", w.text))
                    .expected("a piece and a square such as `Pe4` or `pawn e4`"));
            }
            let (o, l) = span(&name, 0, name.len());
            (&s[o..o + l], o, l)
        } else {
            if !name.is_empty() {
                let (o, l) = span(&name, 0, name.len());
                return Err(Issue::new(o, l, format!("`{}` is not followed by a square", &s[o..o + l]))
                    .expected("a square such as `e4`"));
            }
            (prefix, w.offset, prefix.len())
        };
        let kind = kind_of(kind_text).ok_or_else(|| unknown_piece(kind_text, kind_off, kind_len))?;
        name.clear();
        last = Some(kind);
        for sq in squares {
            out.push(Placed { color, kind, square: sq });
        }
    }
    if let Some(first) = name.first() {
        let (o, l) = span(&name, 0, name.len());
        let text = &s[o..o + l];
        let issue = if kind_of(text).is_some() {
            Issue::new(o, l, format!("`{text}` is not followed by a square")).expected("a square such as `e4`")
        } else if first.text.len() >= 2 && first.text.get(first.text.len() - 2..).and_then(Square::parse).is_none() && name.len() == 1 {
            unknown_piece(text, o, l).expected("a piece and a square such as `Ke1` or `king e1`")
        } else {
            Issue::new(o, l, format!("`{text}` is not a piece on a square")).expected("a piece and a square such as `Ke1` or `king e1`")
        };
        return Err(issue);
    }
    Ok(out)
}

/// A piece as Popeye writes it in a list: `Ke1`, `CAb3`, `03a1`.
pub fn piece_token(p: &Placed) -> String {
    format!("{}{}", p.kind.code(), p.square)
}

// ------------------------------------------------------------------------------------------------ stipulation

fn num_word(i: &str) -> IResult<&str, &str> {
    recognize(pair(digit1, opt(pair(nom::bytes::complete::tag("."), digit1)))).parse(i)
}

/// `[exact] [series] <kind> in <n>`, with spaces or hyphens between the words (lower-case input).
fn spelled(i: &str) -> IResult<&str, (bool, bool, &str, &str)> {
    let sep = |i| take_while1(|c: char| c.is_whitespace() || c == '-').parse(i);
    let (i, _) = multispace0(i)?;
    let (i, exact) = opt(terminated(tag_no_case("exact"), sep)).parse(i)?;
    let (i, series) = opt(terminated(alt((tag_no_case("series"), tag_no_case("ser"))), sep)).parse(i)?;
    let (i, kind) = alt((
        recognize(pair(
            opt(terminated(alt((tag_no_case("help"), tag_no_case("self"), tag_no_case("reflex"), tag_no_case("direct"))), opt(sep))),
            alt((tag_no_case("stalemate"), tag_no_case("mate"))),
        )),
    ))
    .parse(i)?;
    let (i, n) = preceded((sep, tag_no_case("in"), sep), num_word).parse(i)?;
    let (i, _) = multispace0(i)?;
    Ok((i, (exact.is_some(), series.is_some(), kind, n)))
}

/// Parses a stipulation in notation (`h#2.5`, `ser-s#5`) or spelled out (`helpmate in 2.5`, `series selfmate
/// in 5`, `help stalemate in 2`, `exact helpmate in 3`).
pub fn parse_stip_any(s: &str) -> Result<Stipulation, Issue> {
    let lead = s.len() - s.trim_start().len();
    let text = s.trim();
    if text.is_empty() {
        return Err(Issue::new(0, 1, "missing stipulation").expected("a stipulation such as `#2`, `h#2.5` or `helpmate in 2`"));
    }
    if text.contains('#') || text.contains('=') || text.starts_with(|c: char| c.is_ascii_digit()) {
        return parse_stipulation(s).map_err(|e| {
            Issue::new(e.offset, 1, e.message).expected(e.expected)
        });
    }
    let lower = text.to_ascii_lowercase();
    match spelled(&lower) {
        Ok(("", (exact, series, kind, n))) => {
            let k: String = kind.chars().filter(|c| c.is_ascii_alphabetic()).collect();
            let (fam, goal) = match k.as_str() {
                "mate" | "directmate" => ("", "#"),
                "stalemate" | "directstalemate" => ("", "="),
                "helpmate" => ("h", "#"),
                "helpstalemate" => ("h", "="),
                "selfmate" => ("s", "#"),
                "selfstalemate" => ("s", "="),
                "reflexmate" => ("r", "#"),
                _ => ("r", "="),
            };
            let notation = format!("{}{}{fam}{goal}{n}", if exact { "exact-" } else { "" }, if series { "ser-" } else { "" });
            let n_off = lead + lower.rfind(n).unwrap_or(0);
            parse_stipulation(&notation).map_err(|e| Issue::new(n_off, n.len(), e.message).expected(e.expected))
        }
        Ok((rest, _)) => {
            let off = lead + lower.len() - rest.len();
            Err(Issue::new(off, rest.trim_end().len(), format!("unexpected `{}` after the stipulation", rest.trim_end()))
                .expected("the end of the stipulation"))
        }
        Err(_) => {
            let first = text.split_whitespace().next().unwrap_or(text);
            let hint = did_you_mean(
                first,
                ["mate", "helpmate", "selfmate", "reflexmate", "stalemate", "series", "exact", "help", "self", "reflex"],
            );
            Err(Issue::new(lead, text.len(), format!("cannot read the stipulation `{text}`"))
                .expected("a stipulation such as `#2`, `h#2.5`, `mate in 2` or `series helpmate in 7`")
                .hint_opt(hint.map(|h| format!("did you mean `{h}`?"))))
        }
    }
}

// ------------------------------------------------------------------------------------------------ conditions

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cond {
    Madrasi,
    Isardam,
    Eiffel,
    Parsi,
    MadnessOfKings,
}

const CONDITIONS: &[(&str, Cond)] = &[
    ("madrasi", Cond::Madrasi),
    ("isardam", Cond::Isardam),
    ("eiffel", Cond::Eiffel),
    ("eiffelchess", Cond::Eiffel),
    ("parsi", Cond::Parsi),
    ("parsichess", Cond::Parsi),
    ("madnessofkings", Cond::MadnessOfKings),
];

/// Condition names as the user should write them (for hints and the grammar).
pub const CONDITION_NAMES: &[&str] = &["Madrasi", "Isardam", "Eiffel", "Parsi", "MadnessOfKings"];

impl Cond {
    fn name(self) -> &'static str {
        match self {
            Cond::Madrasi => "Madrasi",
            Cond::Isardam => "Isardam",
            Cond::Eiffel => "Eiffel",
            Cond::Parsi => "Parsi",
            Cond::MadnessOfKings => "MadnessOfKings",
        }
    }

    fn options(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Cond::Madrasi => &[("ri", "RexInclusive"), ("rexinclusive", "RexInclusive")],
            Cond::Isardam => &[("typeb", "TypeB"), ("ri", "RexInclusive"), ("rexinclusive", "RexInclusive")],
            Cond::Eiffel => &[],
            Cond::Parsi => &[("whiteleapused", "WhiteLeapUsed"), ("blackleapused", "BlackLeapUsed")],
            Cond::MadnessOfKings => &[
                ("la", "LA"),
                ("lamealibaba", "LA"),
                ("fe", "FE"),
                ("fers", "FE"),
                ("ferz", "FE"),
                ("03", "03"),
                ("threeleaper", "03"),
                ("fg", "FG"),
                ("frog", "FG"),
                ("ma", "MA"),
                ("mao", "MA"),
            ],
        }
    }

    fn option_names(self) -> &'static [&'static str] {
        match self {
            Cond::Madrasi => &["RexInclusive", "RI"],
            Cond::Isardam => &["TypeB", "RexInclusive", "RI"],
            Cond::Eiffel => &[],
            Cond::Parsi => &["WhiteLeapUsed", "BlackLeapUsed"],
            Cond::MadnessOfKings => &["lame alibaba", "fers", "threeleaper", "frog", "mao"],
        }
    }
}

/// Parses conditions with their options: `Madrasi RI, Parsi`, `Isardam type B rex inclusive`,
/// `Madness of Kings frog`.
pub fn parse_conditions(s: &str) -> Result<Vec<ConditionSpec>, Issue> {
    let ws = words(s);
    if ws.is_empty() {
        return Err(Issue::new(0, 1, "missing condition").expected(format!("a condition: {}", quoted_list(CONDITION_NAMES))));
    }
    let mut out: Vec<ConditionSpec> = Vec::new();
    let mut i = 0;
    let mut current: Option<Cond> = None;
    // Madness of Kings: the default walk (lame alibaba) until one is named.
    let mut default_walk = false;
    while i < ws.len() {
        if let Some(c) = current {
            if let Some((opt, k)) = phrase(&ws, i, 3, c.options()) {
                let spec = out.last_mut().expect("a condition precedes its options");
                if default_walk {
                    spec.options.clear();
                    default_walk = false;
                }
                if !spec.options.iter().any(|o| o == opt) {
                    spec.options.push(opt.to_string());
                }
                i += k;
                continue;
            }
        }
        if let Some((c, k)) = phrase(&ws, i, 3, CONDITIONS) {
            if out.iter().any(|o| o.name == c.name()) {
                let (o, l) = span(&ws, i, k);
                return Err(Issue::new(o, l, format!("the condition `{}` is given twice", c.name())));
            }
            default_walk = c == Cond::MadnessOfKings;
            let options = if default_walk { vec!["LA".to_string()] } else { Vec::new() };
            out.push(ConditionSpec { name: c.name().to_string(), options });
            current = Some(c);
            i += k;
            continue;
        }
        // A condition Popeye knows but stipula does not implement: "not supported", as the Popeye reader says.
        for k in (1..=3.min(ws.len() - i)).rev() {
            let joined: String = ws[i..i + k].iter().map(|w| norm(w.text)).collect();
            if let Some(name) = popeye_condition(&joined) {
                let (o, l) = span(&ws, i, k);
                return Err(Issue::new(o, l, format!("not supported: condition {name}")));
            }
        }
        let w = ws[i];
        let mut cands: Vec<&str> = CONDITION_NAMES.to_vec();
        cands.push("Madness of Kings");
        if let Some(c) = current {
            cands.extend_from_slice(c.option_names());
        }
        let hint = did_you_mean(w.text, cands.iter().copied()).map(|h| format!("did you mean `{h}`?"));
        let what = match current {
            Some(c) => format!("a condition, or an option of {}", c.name()),
            None => "a condition".to_string(),
        };
        return Err(Issue::new(w.offset, w.text.len(), format!("unknown condition `{}`", w.text))
            .expected(format!("{what}: {}", quoted_list(CONDITION_NAMES)))
            .hint_opt(hint));
    }
    Ok(out)
}

fn quoted_list(xs: &[&str]) -> String {
    xs.iter().map(|x| format!("`{x}`")).collect::<Vec<_>>().join(", ")
}

/// A condition as Popeye writes it: `Madrasi RexInclusive`, `MadnessOfKings FE`.
pub fn condition_text(c: &ConditionSpec) -> String {
    let mut s = c.name.clone();
    for o in &c.options {
        s.push(' ');
        s += o;
    }
    s
}

/// Whether a word (normalised) starts a known condition: used to sort YAML `options:` lists.
pub fn is_condition_start(text: &str) -> bool {
    let ws = words(text);
    !ws.is_empty() && phrase(&ws, 0, 3, CONDITIONS).is_some()
}

// ------------------------------------------------------------------------------------------------ options

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opt {
    Try,
    Defence,
    SetPlay,
    Threat,
    Variations,
    NoThreat,
    NoShortVariations,
    WhiteToPlay,
    Duplex,
    HalfDuplex,
    MaxSolutions,
    StopOnShortSolutions,
    MaxTime,
    NoCastling,
    EnPassant,
    CastlingMutuallyExclusive,
    MoveNumbers,
    Intelligent,
    NoWk,
    NoBk,
    PostKeyPlay,
    NonTrivial,
    MaxFlightsquares,
    Quodlibet,
    MatesIn1,
    KeepMatingPiece,
    ZeroPosition,
    Ignored(&'static str),
    /// Ignored, with a number.
    IgnoredNumber(&'static str),
}

const OPTIONS: &[(&str, Opt)] = &[
    ("try", Opt::Try),
    ("tries", Opt::Try),
    ("defence", Opt::Defence),
    ("defense", Opt::Defence),
    ("setplay", Opt::SetPlay),
    ("threat", Opt::Threat),
    ("variations", Opt::Variations),
    ("variation", Opt::Variations),
    ("nothreat", Opt::NoThreat),
    ("noshortvariations", Opt::NoShortVariations),
    ("whitetoplay", Opt::WhiteToPlay),
    ("whitebegins", Opt::WhiteToPlay),
    ("duplex", Opt::Duplex),
    ("halfduplex", Opt::HalfDuplex),
    ("maxsolutions", Opt::MaxSolutions),
    ("stoponshortsolutions", Opt::StopOnShortSolutions),
    ("maxtime", Opt::MaxTime),
    ("nocastling", Opt::NoCastling),
    ("enpassant", Opt::EnPassant),
    ("castlingmutuallyexclusive", Opt::CastlingMutuallyExclusive),
    ("movenumbers", Opt::MoveNumbers),
    ("intelligent", Opt::Intelligent),
    ("nowk", Opt::NoWk),
    ("nowhiteking", Opt::NoWk),
    ("nobk", Opt::NoBk),
    ("noblackking", Opt::NoBk),
    ("postkeyplay", Opt::PostKeyPlay),
    ("nontrivial", Opt::NonTrivial),
    ("maxflightsquares", Opt::MaxFlightsquares),
    ("maxflights", Opt::MaxFlightsquares),
    ("quodlibet", Opt::Quodlibet),
    ("matesin1", Opt::MatesIn1),
    ("keepmatingpiece", Opt::KeepMatingPiece),
    ("zeroposition", Opt::ZeroPosition),
    ("noboard", Opt::Ignored("NoBoard")),
    ("beep", Opt::Ignored("Beep")),
    ("suppressgrid", Opt::Ignored("SuppressGrid")),
    ("writegrid", Opt::Ignored("WriteGrid")),
    ("trivialtriesavoid", Opt::Ignored("TrivialTriesAvoid")),
    ("search", Opt::Ignored("Search")),
    ("multisolutions", Opt::Ignored("MultiSolutions")),
    ("nosymmetry", Opt::Ignored("NoSymmetry")),
    ("startmovenumber", Opt::IgnoredNumber("StartMoveNumber")),
    ("uptomovenumber", Opt::IgnoredNumber("UpToMoveNumber")),
];

/// Option names as Popeye spells them (for hints and the grammar).
pub const OPTION_NAMES: &[&str] = &[
    "Try", "Defence", "SetPlay", "Threat", "Variations", "NoThreat", "NoShortVariations", "WhiteToPlay", "Duplex",
    "HalfDuplex", "MaxSolutions", "StopOnShortSolutions", "MaxTime", "NoCastling", "EnPassant",
    "CastlingMutuallyExclusive", "MoveNumbers", "Intelligent", "NoWk", "NoBk", "PostKeyPlay", "NonTrivial",
    "MaxFlightsquares", "Quodlibet", "MatesIn1", "KeepMatingPiece", "ZeroPosition", "NoBoard", "Beep",
    "SuppressGrid", "WriteGrid", "TrivialTriesAvoid", "Search", "MultiSolutions", "NoSymmetry", "StartMoveNumber",
    "UpToMoveNumber",
];

/// Whether a text starts with a known option name.
pub fn is_option_start(text: &str) -> bool {
    let ws = words(text);
    !ws.is_empty() && phrase(&ws, 0, 4, OPTIONS).is_some()
}

fn squares_after(ws: &[Word<'_>], i: &mut usize, opt_name: &str, at: (usize, usize)) -> Result<Vec<Square>, Issue> {
    let mut out = Vec::new();
    while *i < ws.len() {
        let (prefix, sqs) = split_squares(ws[*i].text);
        if !prefix.is_empty() || sqs.is_empty() {
            break;
        }
        out.extend(sqs);
        *i += 1;
    }
    if out.is_empty() {
        let (o, l) = match ws.get(*i) {
            Some(w) => (w.offset, w.text.len()),
            None => (at.0 + at.1, 1),
        };
        return Err(Issue::new(o, l, format!("`{opt_name}` needs squares")).expected("squares such as `e2 e3 e4`"));
    }
    Ok(out)
}

fn number_after(ws: &[Word<'_>], i: &mut usize, opt_name: &str, at: (usize, usize)) -> Result<u32, Issue> {
    match ws.get(*i) {
        Some(w) => {
            let n = number(w, &format!("the number of `{opt_name}`"))?;
            *i += 1;
            Ok(n)
        }
        None => Err(Issue::new(at.0 + at.1, 1, format!("`{opt_name}` needs a number")).expected("a number such as `2`")),
    }
}

/// Where the last of the options `names` (English names, such as `HalfDuplex`) is written in `s`, in any of its
/// spellings (`half duplex`, `HalfDuplex`): (byte offset, length). Brackets and quotes around words (a YAML
/// list) are passed over.
pub fn find_option(s: &str, names: &[&str]) -> Option<(usize, usize)> {
    let opt_of = |name: &str| OPTIONS.iter().find(|(n, _)| *n == norm(name)).map(|&(_, o)| o);
    let wanted: Vec<Opt> = names.iter().filter_map(|n| opt_of(n)).collect();
    let loose = |c: char| c.is_whitespace() || ",;[]{}\"'".contains(c);
    let mut ws = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
        match (loose(c), start) {
            (true, Some(a)) => {
                // A YAML list's `-` is no word.
                if !norm(&s[a..i]).is_empty() {
                    ws.push(Word { text: &s[a..i], offset: a });
                }
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    let mut found = None;
    let mut i = 0;
    while i < ws.len() {
        match phrase(&ws, i, 4, OPTIONS) {
            Some((opt, k)) => {
                if wanted.contains(&opt) {
                    found = Some(span(&ws, i, k));
                }
                i += k;
            }
            None => i += 1,
        }
    }
    found
}

/// Parses Popeye's options with English names (`try, defence 2, set play`, `SetPlay`, `no castling a1 h8`)
/// into `opts`. Returns whether `zero position` was among them.
pub fn parse_options(s: &str, opts: &mut Options) -> Result<bool, Issue> {
    let ws = words(s);
    let mut zero = false;
    let mut i = 0;
    if ws.is_empty() {
        return Err(Issue::new(0, 1, "missing option").expected("an option such as `try`, `set play` or `defence 2`"));
    }
    while i < ws.len() {
        let Some((opt, k)) = phrase(&ws, i, 4, OPTIONS) else {
            let w = ws[i];
            let hint = did_you_mean(&norm(w.text), OPTION_NAMES.iter().copied()).map(|h| format!("did you mean `{h}`?"));
            return Err(Issue::new(w.offset, w.text.len(), format!("unknown option `{}`", w.text))
                .expected("an option such as `try`, `set play`, `defence 2` or `duplex`")
                .hint_opt(hint));
        };
        let at = span(&ws, i, k);
        let name = &s[at.0..at.0 + at.1];
        i += k;
        match opt {
            Opt::Try => opts.tries = true,
            Opt::Defence => opts.defence = Some(number_after(&ws, &mut i, name, at)?),
            Opt::SetPlay => opts.set_play = true,
            Opt::Threat => opts.threat = Some(number_after(&ws, &mut i, name, at)?),
            Opt::Variations => opts.variations = true,
            Opt::NoThreat => opts.no_threat = true,
            Opt::NoShortVariations => opts.no_short_variations = true,
            Opt::WhiteToPlay => opts.white_to_play = true,
            Opt::Duplex => opts.duplex = true,
            Opt::HalfDuplex => opts.half_duplex = true,
            Opt::MaxSolutions => opts.max_solutions = Some(number_after(&ws, &mut i, name, at)?),
            Opt::StopOnShortSolutions => opts.stop_on_short = true,
            Opt::MaxTime => opts.max_time = Some(number_after(&ws, &mut i, name, at)?),
            Opt::NoCastling => opts.no_castling.extend(squares_after(&ws, &mut i, name, at)?),
            Opt::EnPassant => {
                let sq = squares_after(&ws, &mut i, name, at)?;
                opts.en_passant = sq;
            }
            Opt::CastlingMutuallyExclusive => {
                let sq = squares_after(&ws, &mut i, name, at)?;
                if sq.len() % 2 != 0 {
                    return Err(Issue::new(at.0, at.1, "`CastlingMutuallyExclusive` needs pairs of squares")
                        .expected("pairs of rook squares such as `a1h8`"));
                }
                opts.castling_mutually_exclusive.extend(sq.chunks(2).map(|c| (c[0], c[1])));
            }
            Opt::MoveNumbers => opts.move_numbers = true,
            Opt::Intelligent => {
                opts.intelligent = true;
                // An optional number of solutions per phase, which stipula does not need: kept, as the Popeye
                // reader keeps it, so that converting loses nothing.
                if let Some(w) = ws.get(i).filter(|w| w.text.bytes().all(|b| b.is_ascii_digit())) {
                    opts.ignore(format!("Intelligent {}", w.text));
                    i += 1;
                }
            }
            Opt::NoWk => opts.no_white_king = true,
            Opt::NoBk => opts.no_black_king = true,
            Opt::PostKeyPlay => opts.post_key_play = true,
            Opt::NonTrivial => {
                let a = number_after(&ws, &mut i, name, at)?;
                let b = number_after(&ws, &mut i, name, at)?;
                opts.non_trivial = Some((a, b));
            }
            Opt::MaxFlightsquares => opts.max_flights = Some(number_after(&ws, &mut i, name, at)?),
            Opt::Quodlibet => opts.quodlibet = true,
            Opt::MatesIn1 => opts.mates_in_1 = true,
            Opt::KeepMatingPiece => opts.keep_mating_piece = true,
            Opt::ZeroPosition => zero = true,
            Opt::Ignored(n) => opts.ignore(n.to_string()),
            Opt::IgnoredNumber(n) => {
                let k = number_after(&ws, &mut i, name, at)?;
                opts.ignore(format!("{n} {k}"));
            }
        }
    }
    Ok(zero)
}

/// Options as Popeye writes them, one string per option: `SetPlay`, `Defence 2`, `NoCastling a1 h8`.
pub fn options_text(o: &Options) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    let sq = |s: &[Square]| s.iter().map(|q| q.to_string()).collect::<Vec<_>>().join(" ");
    if o.tries {
        v.push("Try".into());
    }
    if let Some(n) = o.defence {
        v.push(format!("Defence {n}"));
    }
    if o.set_play {
        v.push("SetPlay".into());
    }
    if let Some(n) = o.threat {
        v.push(format!("Threat {n}"));
    }
    for (on, name) in [
        (o.variations, "Variations"),
        (o.no_threat, "NoThreat"),
        (o.no_short_variations, "NoShortVariations"),
        (o.white_to_play, "WhiteToPlay"),
        (o.duplex, "Duplex"),
        (o.half_duplex, "HalfDuplex"),
    ] {
        if on {
            v.push(name.into());
        }
    }
    if let Some(n) = o.max_solutions {
        v.push(format!("MaxSolutions {n}"));
    }
    if o.stop_on_short {
        v.push("StopOnShortSolutions".into());
    }
    if let Some(n) = o.max_time {
        v.push(format!("MaxTime {n}"));
    }
    if !o.no_castling.is_empty() {
        v.push(format!("NoCastling {}", sq(&o.no_castling)));
    }
    if !o.en_passant.is_empty() {
        v.push(format!("EnPassant {}", sq(&o.en_passant)));
    }
    if !o.castling_mutually_exclusive.is_empty() {
        let pairs: Vec<String> = o.castling_mutually_exclusive.iter().map(|(a, b)| format!("{a}{b}")).collect();
        v.push(format!("CastlingMutuallyExclusive {}", pairs.join(" ")));
    }
    for (on, name) in [
        (o.move_numbers, "MoveNumbers"),
        (o.intelligent, "Intelligent"),
        (o.no_white_king, "NoWk"),
        (o.no_black_king, "NoBk"),
        (o.post_key_play, "PostKeyPlay"),
    ] {
        if on {
            v.push(name.into());
        }
    }
    if let Some((a, b)) = o.non_trivial {
        v.push(format!("NonTrivial {a} {b}"));
    }
    if let Some(n) = o.max_flights {
        v.push(format!("MaxFlightsquares {n}"));
    }
    for (on, name) in [(o.quodlibet, "Quodlibet"), (o.mates_in_1, "MatesIn1"), (o.keep_mating_piece, "KeepMatingPiece")] {
        if on {
            v.push(name.into());
        }
    }
    v.extend(o.ignored.iter().cloned());
    v
}

// ------------------------------------------------------------------------------------------------ twins

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cmd {
    Move,
    Exchange,
    Remove,
    Add,
    Substitute,
    Rotate,
    Mirror,
    Shift,
    PolishType,
    Stipulation,
    Condition,
}

const TWIN_COMMANDS: &[(&str, Cmd)] = &[
    ("move", Cmd::Move),
    ("exchange", Cmd::Exchange),
    ("remove", Cmd::Remove),
    ("add", Cmd::Add),
    ("substitute", Cmd::Substitute),
    ("rotate", Cmd::Rotate),
    ("mirror", Cmd::Mirror),
    ("shift", Cmd::Shift),
    ("polishtype", Cmd::PolishType),
    ("stipulation", Cmd::Stipulation),
    ("condition", Cmd::Condition),
    ("conditions", Cmd::Condition),
];

const TWIN_NAMES: &[&str] = &[
    "continued", "move", "exchange", "remove", "add", "substitute", "rotate", "mirror", "shift", "polish type",
    "stipulation", "condition",
];

fn square_arg(ws: &[Word<'_>], i: &mut usize, cmd: &str, end: usize) -> Result<Square, Issue> {
    match ws.get(*i) {
        Some(w) => {
            let sq = Square::parse(w.text).ok_or_else(|| {
                Issue::new(w.offset, w.text.len(), format!("`{}` is not a square", w.text)).expected(format!("a square after `{cmd}`, such as `e4`"))
            })?;
            *i += 1;
            Ok(sq)
        }
        None => Err(Issue::new(end, 1, format!("`{cmd}` needs a square")).expected("a square such as `e4`")),
    }
}

/// `move d1 d1`, `exchange d3 d3`: a twin that moves a piece onto its own square (Popeye would remove the piece,
/// `-wQd1 .d1-->d1`, surely not what was meant), refused at the second square.
pub(crate) fn same_square(offset: usize, len: usize, command: &str, sq: Square) -> Issue {
    Issue::new(offset, len, format!("`{command}` names the square {sq} twice"))
        .expected(format!("a square other than {sq}"))
        .hint_opt(Some("a twin moves or exchanges a piece between two different squares".into()))
}

fn color_word(w: &str) -> Option<Color> {
    match w.to_ascii_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// Parses one twin: `[continued] <command>...` with Popeye's twinning commands in English
/// (`move a1 b2`, `add white Qa1`, `substitute R B`, `rotate 90`, `mirror a1<-->h1`, `polish type`,
/// `stipulation h#3`, `condition Madrasi`). `stipulation` and `condition` take the rest of the twin when it is
/// not a single notation token.
pub fn parse_twin(s: &str) -> Result<Twin, Issue> {
    let ws = words(s);
    let mut i = 0;
    let mut continued = false;
    if ws.first().is_some_and(|w| norm(w.text) == "continued") {
        continued = true;
        i = 1;
    }
    let mut changes = Vec::new();
    if i >= ws.len() {
        return Err(Issue::new(s.trim_end().len(), 1, "missing twinning command")
            .expected("a twinning command such as `move a1 b2`, `remove d4` or `rotate 90`"));
    }
    while i < ws.len() {
        let Some((cmd, k)) = phrase(&ws, i, 2, TWIN_COMMANDS) else {
            let w = ws[i];
            let hint = did_you_mean(w.text, TWIN_NAMES.iter().copied()).map(|h| format!("did you mean `{h}`?"));
            return Err(Issue::new(w.offset, w.text.len(), format!("unknown twinning command `{}`", w.text))
                .expected("`move`, `exchange`, `remove`, `add`, `substitute`, `rotate`, `mirror`, `shift`, `polish type`, `stipulation` or `condition`")
                .hint_opt(hint));
        };
        let (co, cl) = span(&ws, i, k);
        let name = &s[co..co + cl];
        let end = co + cl + 1;
        i += k;
        match cmd {
            Cmd::Move | Cmd::Exchange | Cmd::Shift => {
                let a = square_arg(&ws, &mut i, name, end)?;
                let b = square_arg(&ws, &mut i, name, end)?;
                if a == b && cmd != Cmd::Shift {
                    let w = ws[i - 1];
                    return Err(same_square(w.offset, w.text.len(), name, a));
                }
                changes.push(match cmd {
                    Cmd::Move => TwinChange::Move(a, b),
                    Cmd::Exchange => TwinChange::Exchange(a, b),
                    _ => TwinChange::Shift(a, b),
                });
            }
            Cmd::Remove => {
                let start = changes.len();
                while let Some(w) = ws.get(i) {
                    let (prefix, sqs) = split_squares(w.text);
                    if !prefix.is_empty() || sqs.is_empty() {
                        break;
                    }
                    changes.extend(sqs.into_iter().map(TwinChange::Remove));
                    i += 1;
                }
                if changes.len() == start {
                    square_arg(&ws, &mut i, name, end)?;
                }
            }
            Cmd::Add => {
                let Some(cw) = ws.get(i) else {
                    return Err(Issue::new(end, 1, "`add` needs a colour and pieces").expected("`white` or `black`, then pieces such as `Qa1`"));
                };
                let color = color_word(cw.text).ok_or_else(|| {
                    Issue::new(cw.offset, cw.text.len(), format!("`{}` is not a colour", cw.text)).expected("`white` or `black`")
                })?;
                i += 1;
                // The pieces run to the next twinning command.
                let mut j = i;
                while j < ws.len() && phrase(&ws, j, 2, TWIN_COMMANDS).is_none() {
                    j += 1;
                }
                if j == i {
                    return Err(Issue::new(cw.offset + cw.text.len() + 1, 1, "`add` needs pieces").expected("pieces such as `Qa1`"));
                }
                let (po, pl) = span(&ws, i, j - i);
                let pieces = parse_pieces(&s[po..po + pl], color).map_err(|e| e.shifted(po))?;
                changes.extend(pieces.into_iter().map(TwinChange::Add));
                i = j;
            }
            Cmd::Substitute => {
                let mut color = None;
                if let Some(c) = ws.get(i).and_then(|w| color_word(w.text)) {
                    color = Some(c);
                    i += 1;
                }
                let mut kinds = [Kind::KING; 2];
                for kind in &mut kinds {
                    let Some(w) = ws.get(i) else {
                        return Err(Issue::new(end, 1, "`substitute` needs two pieces").expected("two piece codes such as `R B`"));
                    };
                    *kind = kind_of(w.text).ok_or_else(|| unknown_piece(w.text, w.offset, w.text.len()))?;
                    i += 1;
                }
                changes.push(TwinChange::Substitute { color, from: kinds[0], to: kinds[1] });
            }
            Cmd::Rotate => {
                let Some(w) = ws.get(i) else {
                    return Err(Issue::new(end, 1, "`rotate` needs an angle").expected("`90`, `180` or `270`"));
                };
                let a = match w.text {
                    "90" => 90,
                    "180" => 180,
                    "270" => 270,
                    _ => {
                        return Err(Issue::new(w.offset, w.text.len(), format!("`{}` is not an angle Popeye rotates by", w.text))
                            .expected("`90`, `180` or `270`"))
                    }
                };
                i += 1;
                changes.push(TwinChange::Rotate(a));
            }
            Cmd::Mirror => {
                let Some(w) = ws.get(i) else {
                    return Err(Issue::new(end, 1, "`mirror` needs an axis").expected("`a1<-->h1`, `a1<-->a8`, `a1<-->h8` or `a8<-->h1`"));
                };
                let m = match w.text.to_ascii_lowercase().as_str() {
                    "a1<-->h1" => Mirror::A1H1,
                    "a1<-->a8" => Mirror::A1A8,
                    "a1<-->h8" => Mirror::A1H8,
                    "a8<-->h1" => Mirror::A8H1,
                    _ => {
                        return Err(Issue::new(w.offset, w.text.len(), format!("`{}` is not a mirror axis", w.text))
                            .expected("`a1<-->h1`, `a1<-->a8`, `a1<-->h8` or `a8<-->h1`"))
                    }
                };
                i += 1;
                changes.push(TwinChange::Mirror(m));
            }
            Cmd::PolishType => changes.push(TwinChange::PolishType),
            Cmd::Stipulation => {
                let Some(w) = ws.get(i) else {
                    return Err(Issue::new(end, 1, "`stipulation` needs a stipulation").expected("a stipulation such as `h#3`"));
                };
                if w.text.contains(['#', '=']) {
                    let st = parse_stip_any(w.text).map_err(|e| e.shifted(w.offset))?;
                    changes.push(TwinChange::Stipulation(st));
                    i += 1;
                } else {
                    let st = parse_stip_any(&s[w.offset..]).map_err(|e| e.shifted(w.offset))?;
                    changes.push(TwinChange::Stipulation(st));
                    i = ws.len();
                }
            }
            Cmd::Condition => {
                let Some(w) = ws.get(i) else {
                    return Err(Issue::new(end, 1, "`condition` needs conditions").expected("conditions such as `Madrasi`"));
                };
                let c = parse_conditions(&s[w.offset..]).map_err(|e| e.shifted(w.offset))?;
                changes.push(TwinChange::Conditions(c));
                i = ws.len();
            }
        }
    }
    Ok(Twin { continued, changes })
}

fn mirror_text(m: Mirror) -> &'static str {
    match m {
        Mirror::A1H1 => "a1<-->h1",
        Mirror::A1A8 => "a1<-->a8",
        Mirror::A1H8 => "a1<-->h8",
        Mirror::A8H1 => "a8<-->h1",
    }
}

/// A twin as Popeye writes it: `Continued Move a1 b2 Remove c3`.
pub fn twin_text(t: &Twin) -> String {
    let mut parts: Vec<String> = Vec::new();
    if t.continued {
        parts.push("Continued".into());
    }
    for c in &t.changes {
        parts.push(match c {
            TwinChange::Move(a, b) => format!("Move {a} {b}"),
            TwinChange::Exchange(a, b) => format!("Exchange {a} {b}"),
            TwinChange::Remove(a) => format!("Remove {a}"),
            TwinChange::Add(p) => format!("Add {} {}", p.color.name(), piece_token(p)),
            TwinChange::Substitute { color: Some(c), from, to } => format!("Substitute {} {from} {to}", c.name()),
            TwinChange::Substitute { color: None, from, to } => format!("Substitute {from} {to}"),
            TwinChange::Rotate(a) => format!("Rotate {a}"),
            TwinChange::Mirror(m) => format!("Mirror {}", mirror_text(*m)),
            TwinChange::Shift(a, b) => format!("Shift {a} {b}"),
            TwinChange::PolishType => "PolishType".into(),
            TwinChange::Stipulation(s) => format!("Stipulation {s}"),
            TwinChange::Conditions(cs) => {
                format!("Condition {}", cs.iter().map(condition_text).collect::<Vec<_>>().join(" "))
            }
        });
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Play;

    fn cs(s: &str) -> Vec<String> {
        parse_conditions(s).unwrap().iter().map(condition_text).collect()
    }

    #[test]
    fn words_and_squares() {
        let w = words("Ke1, Qd1;Sf7");
        assert_eq!(w.iter().map(|w| (w.text, w.offset)).collect::<Vec<_>>(), [("Ke1", 0), ("Qd1", 5), ("Sf7", 9)]);
        assert_eq!(split_squares("Pb2c3").0, "P");
        assert_eq!(split_squares("Pb2c3").1.len(), 2);
        assert_eq!(split_squares("CAb3").0, "CA");
    }

    #[test]
    fn pieces_by_code_and_name() {
        let p = parse_pieces("Ke1 Qd1 Sf7 N c3 CAb3 03a1 Pb2c3", Color::White).unwrap();
        let t: Vec<String> = p.iter().map(piece_token).collect();
        assert_eq!(t, ["Ke1", "Qd1", "Sf7", "Nc3", "CAb3", "03a1", "Pb2", "Pc3"]);
        let p = parse_pieces("knight f7, grasshopper c3 c4, lame alibaba d4, fers e5", Color::Black).unwrap();
        let t: Vec<String> = p.iter().map(piece_token).collect();
        assert_eq!(t, ["Sf7", "Gc3", "Gc4", "LAd4", "FEe5"]);
        assert_eq!(parse_pieces("XYa1", Color::White).unwrap_err().message, "unknown piece `XY`");
        assert_eq!(parse_pieces("knigt f7", Color::White).unwrap_err().hint.as_deref(), Some("did you mean `knight`?"));
        assert!(parse_pieces("e4", Color::White).is_err());
        assert!(parse_pieces("Ke1 queen", Color::White).is_err());
    }

    #[test]
    fn stipulations_in_words() {
        for (w, n) in [
            ("mate in 2", "#2"),
            ("helpmate in 2", "h#2"),
            ("helpmate-in-2", "h#2"),
            ("selfmate in 3", "s#3"),
            ("reflexmate in 2", "r#2"),
            ("stalemate in 3", "=3"),
            ("series helpmate in 7", "ser-h#7"),
            ("series mate in 4", "ser-#4"),
            ("series selfmate in 5", "ser-s#5"),
            ("help stalemate in 2", "h=2"),
            ("helpmate in 2.5", "h#2.5"),
            ("exact helpmate in 3", "exact-h#3"),
            ("Help Mate In 2", "h#2"),
            ("h#2", "h#2"),
            ("ser-h#7", "ser-h#7"),
        ] {
            assert_eq!(parse_stip_any(w).unwrap().to_string(), n, "{w}");
        }
        assert_eq!(parse_stip_any("ser-h#7").unwrap().play, Play::SeriesHelp);
        assert!(parse_stip_any("helpmat in 2").unwrap_err().hint.as_deref() == Some("did you mean `helpmate`?"));
        assert!(parse_stip_any("mate in 2.5").is_err());
        assert!(parse_stip_any("mate in 2 moves").is_err());
    }

    #[test]
    fn conditions() {
        assert_eq!(cs("Madrasi"), ["Madrasi"]);
        assert_eq!(cs("Madrasi RI"), ["Madrasi RexInclusive"]);
        assert_eq!(cs("madrasi rex inclusive"), ["Madrasi RexInclusive"]);
        assert_eq!(cs("Isardam type B rex inclusive"), ["Isardam TypeB RexInclusive"]);
        assert_eq!(cs("Eiffel"), ["Eiffel"]);
        assert_eq!(cs("Parsi white leap used"), ["Parsi WhiteLeapUsed"]);
        assert_eq!(cs("Madness of Kings"), ["MadnessOfKings LA"]);
        assert_eq!(cs("Madness of Kings frog"), ["MadnessOfKings FG"]);
        assert_eq!(cs("MadnessOfKings FE"), ["MadnessOfKings FE"]);
        assert_eq!(cs("madness of kings ferz"), ["MadnessOfKings FE"]);
        assert_eq!(cs("Madness of Kings threeleaper"), ["MadnessOfKings 03"]);
        assert_eq!(cs("Madness of Kings mao"), ["MadnessOfKings MA"]);
        assert_eq!(cs("Madness of Kings lame alibaba"), ["MadnessOfKings LA"]);
        assert_eq!(cs("Madrasi RI, Parsi"), ["Madrasi RexInclusive", "Parsi"]);
        let e = parse_conditions("Madrasy").unwrap_err();
        assert_eq!(e.hint.as_deref(), Some("did you mean `Madrasi`?"));
        assert!(parse_conditions("Madrasi Madrasi").is_err());
    }

    #[test]
    fn options() {
        let mut o = Options::default();
        let z = parse_options("try, defence 2, set play, threat 1, variations, no threat, no short variations, white to play, duplex, half duplex, max solutions 3, stop on short solutions, max time 60, no castling a1 h8, en passant e2 e3 e4, zero position", &mut o).unwrap();
        assert!(z);
        assert!(o.tries && o.set_play && o.variations && o.no_threat && o.no_short_variations && o.white_to_play);
        assert!(o.duplex && o.half_duplex && o.stop_on_short);
        assert_eq!((o.defence, o.threat, o.max_solutions, o.max_time), (Some(2), Some(1), Some(3), Some(60)));
        assert_eq!(o.no_castling.len(), 2);
        assert_eq!(o.en_passant.len(), 3);
        let text = options_text(&o).join(", ");
        let mut o2 = Options::default();
        parse_options(&text, &mut o2).unwrap();
        assert_eq!(o, o2);
        let e = parse_options("setply", &mut Options::default()).unwrap_err();
        assert_eq!(e.hint.as_deref(), Some("did you mean `SetPlay`?"));
        assert!(parse_options("defence", &mut Options::default()).is_err());
        assert!(parse_options("defence x", &mut Options::default()).is_err());
    }

    #[test]
    fn twins() {
        for (t, w) in [
            ("move a1 b2", "Move a1 b2"),
            ("exchange a1 b2", "Exchange a1 b2"),
            ("remove d4", "Remove d4"),
            ("add white Qa1", "Add White Qa1"),
            ("add black knight f7", "Add Black Sf7"),
            ("substitute R B", "Substitute R B"),
            ("substitute white R B", "Substitute White R B"),
            ("rotate 90", "Rotate 90"),
            ("mirror a1<-->h1", "Mirror a1<-->h1"),
            ("shift a1 a2", "Shift a1 a2"),
            ("polish type", "PolishType"),
            ("stipulation h#3", "Stipulation h#3"),
            ("stipulation helpmate in 3", "Stipulation h#3"),
            ("condition Madrasi RI", "Condition Madrasi RexInclusive"),
            ("continued remove d4 move a1 a2", "Continued Remove d4 Move a1 a2"),
            ("Continued Remove d4", "Continued Remove d4"),
        ] {
            let twin = parse_twin(t).unwrap();
            assert_eq!(twin_text(&twin), w);
            assert_eq!(parse_twin(w).unwrap(), twin);
        }
        assert_eq!(parse_twin("mov a1 b2").unwrap_err().hint.as_deref(), Some("did you mean `move`?"));
        assert!(parse_twin("rotate 45").is_err());
        assert!(parse_twin("move a1").is_err());
        assert!(parse_twin("continued").is_err());
    }
}
