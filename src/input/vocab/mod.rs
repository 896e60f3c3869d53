//! The problemist's words as stipula's statement language and YAML entries write them, read from a value string
//! against the registries (pieces, conditions, options, twinning commands), one vocabulary a module; errors are
//! byte offsets into the value. Names may be several words (spaces, `-`, `_` and case ignored: `set play`,
//! `SetPlay`, `Madness of Kings`), and Popeye's English names may be abbreviated where Popeye accepts it.

pub mod conditions;
pub mod options;
pub mod pieces;
pub mod stipulation;
pub mod twins;

use crate::problem::Fault;
use crate::words::{norm, Found};
use nom::bytes::complete::take_while1;
use nom::{IResult, Parser};

/// An error inside one value: byte offset and length in the value text, message, expectation and hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    pub offset: usize,
    pub len: usize,
    pub message: String,
    pub expected: Option<String>,
    pub hint: Option<String>,
    /// Whether the value is wrong or names what stipula does not implement.
    pub fault: Fault,
}

impl Issue {
    /// An issue covering `len` bytes at `offset`.
    pub fn new(offset: usize, len: usize, message: impl Into<String>) -> Issue {
        Issue { offset, len: len.max(1), message: message.into(), expected: None, hint: None, fault: Fault::BadInput }
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

    /// The same issue, about what stipula does not implement rather than about the value.
    pub fn unsupported(mut self) -> Issue {
        self.fault = Fault::Unsupported;
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

/// What the longest phrase of words at a position names in a registry.
#[derive(Debug)]
pub enum Phrase<T> {
    /// A name written out: the value and the number of words used.
    Exact(T, usize),
    /// A unique abbreviation of a name.
    Abbreviated(T, usize),
    /// An abbreviation of several names (their full spellings), over this many words.
    Ambiguous(Vec<&'static str>, usize),
    None,
}

/// Looks up phrases of up to `max` words starting at `ws[i]` with `lookup`: a name written out wins over an
/// abbreviation, and a longer phrase over a shorter one.
pub fn phrase<T>(ws: &[Word<'_>], i: usize, max: usize, lookup: impl Fn(&str) -> Found<T>) -> Phrase<T> {
    let mut abbreviated = Phrase::None;
    for k in (1..=max.min(ws.len().saturating_sub(i))).rev() {
        let joined: String = ws[i..i + k].iter().map(|w| norm(w.text)).collect();
        match lookup(&joined) {
            Found::One(v, name) if norm(name) == joined => return Phrase::Exact(v, k),
            Found::One(v, _) if matches!(abbreviated, Phrase::None | Phrase::Ambiguous(..)) => {
                abbreviated = Phrase::Abbreviated(v, k)
            }
            Found::Ambiguous(names) if matches!(abbreviated, Phrase::None) => abbreviated = Phrase::Ambiguous(names, k),
            _ => {}
        }
    }
    abbreviated
}

impl<T> Phrase<T> {
    /// The value and the number of words, written out or abbreviated.
    pub fn one(self) -> Option<(T, usize)> {
        match self {
            Phrase::Exact(v, k) | Phrase::Abbreviated(v, k) => Some((v, k)),
            _ => None,
        }
    }
}

/// The byte span of `k` words from `ws[i]`: (offset, length).
pub fn span(ws: &[Word<'_>], i: usize, k: usize) -> (usize, usize) {
    let start = ws[i].offset;
    let last = ws[i + k - 1];
    (start, last.offset + last.text.len() - start)
}

/// The issue of an ambiguous abbreviation of `what` over the span `(o, l)`.
pub fn ambiguous(s: &str, (o, l): (usize, usize), what: &str, names: &[&str]) -> Issue {
    let list: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    Issue::new(o, l, format!("ambiguous {what} `{}`: could be {}", &s[o..o + l], crate::words::join_or(&list)))
        .expected(format!("an abbreviation of exactly one {what}"))
}

/// `` `a`, `b`, `c` ``.
pub fn quoted_list(xs: &[&str]) -> String {
    xs.iter().map(|x| format!("`{x}`")).collect::<Vec<_>>().join(", ")
}

/// A word read as a number.
pub fn number(w: &Word<'_>, what: &str) -> Result<u32, Issue> {
    w.text.parse().map_err(|_| {
        Issue::new(w.offset, w.text.len(), format!("expected {what}, found `{}`", w.text))
            .expected("a number such as `2`")
    })
}
