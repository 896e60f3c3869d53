//! Readers: stipula's statement language, Popeye input, YAML collections and FEN, all producing
//! [`crate::problem::Problem`]s or [`crate::problem::Diagnostic`]s.

// A `Diagnostic` is the readers' error type (rendered rustc-style); one is made per problem at most.
#![allow(clippy::result_large_err)]

pub mod fen;
pub mod popeye;
pub mod solution;
pub mod stip;
pub mod stipulation;
pub mod vocab;
pub mod yaml;

use crate::problem::{Diagnostic, Location, Problem};
use std::ops::Range;

/// One problem of a file as read: the problem or why it cannot be read, and the part of the text it was read
/// from (a byte range, blanks around it left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    pub problem: Result<Problem, Diagnostic>,
    pub span: Range<usize>,
}

/// A file's text as decoded, its problems, and what was read with a warning (a byte that is not UTF-8, text
/// after Popeye's `EndProblem`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub text: String,
    pub problems: Vec<Read>,
    pub warnings: Vec<Diagnostic>,
}

impl Reading {
    /// The fingerprint of problem `i`'s text ([`fingerprint`]).
    pub fn fingerprint(&self, i: usize) -> u64 {
        fingerprint(self.text.get(self.problems[i].span.clone()).unwrap_or(""))
    }
}

/// A fingerprint of a problem's text, the same on every run and in every version: the 64-bit FNV-1a hash of
/// its UTF-8 bytes, carriage returns left out (so that line endings do not count).
pub fn fingerprint(text: &str) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01b3;
    text.bytes().filter(|&b| b != b'\r').fold(OFFSET, |h, b| (h ^ u64::from(b)).wrapping_mul(PRIME))
}

/// A file's bytes as text: a UTF-8 byte-order mark is skipped; a byte that is not UTF-8 is read as Latin-1
/// (ISO 8859-1, what old Popeye files often are), with a warning at the first such byte.
pub fn decode(path_display: &str, bytes: &[u8]) -> (String, Option<Diagnostic>) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(bytes) {
        return (s.to_string(), None);
    }
    let mut text = String::with_capacity(bytes.len());
    let mut first_bad = None;
    for chunk in bytes.utf8_chunks() {
        text += chunk.valid();
        for &b in chunk.invalid() {
            first_bad.get_or_insert((text.len(), b));
            text.push(char::from(b));
        }
    }
    let warning = first_bad.map(|(at, b)| {
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        let line = text[..at].matches('\n').count() + 1;
        let column = text[line_start..at].chars().count() + 1;
        let source = text[line_start..line_end].trim_end_matches('\r');
        Diagnostic::new(Location { file: path_display.to_string(), line, column }, format!("the file is not UTF-8: byte 0x{b:02X} read as Latin-1 `{}`", char::from(b)))
            .with_source(source, 1)
            .hint("the bytes that are not UTF-8 are read as Latin-1 (ISO 8859-1); save the file as UTF-8 to be sure of its characters")
    });
    (text, warning)
}

/// Reads a file's bytes ([`decode`], then [`read_any_spans`]).
pub fn read_bytes(path_display: &str, bytes: &[u8]) -> Reading {
    let (text, decoding) = decode(path_display, bytes);
    let (problems, mut warnings) = read_any_spans(path_display, &text);
    warnings.splice(0..0, decoding);
    Reading { text, problems, warnings }
}

/// A span of whole lines `a..b` of `text` (lines as `text.split('\n')` gives them, `starts` their offsets), blanks
/// at both ends left out.
pub(crate) fn lines_span(text: &str, starts: &[usize], a: usize, b: usize) -> Range<usize> {
    let start = starts.get(a).copied().unwrap_or(text.len());
    let end = starts.get(b).map_or(text.len(), |&e| e.saturating_sub(1)).max(start);
    trimmed(text, start..end)
}

/// `span` without the blanks at its ends.
pub(crate) fn trimmed(text: &str, span: Range<usize>) -> Range<usize> {
    let s = &text[span.clone()];
    let start = span.start + (s.len() - s.trim_start().len());
    start..start + s.trim().len()
}

/// The byte offset of each line's start (lines as `text.split('\n')` gives them).
pub(crate) fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

/// The input formats [`read_any`] recognises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// stipula's statement language (`.stip`).
    Stip,
    /// YAML collections (`.yaml`, `.yml`, `.olv`).
    Yaml,
    /// Popeye input (`.inp`, `.pbm`).
    Popeye,
    /// A bare FEN (`.fen`).
    Fen,
}

/// The format a file's extension names (any case), if any: `.stip`, `.yaml`/`.yml`/`.olv`, `.inp`/`.pbm`,
/// `.fen`.
pub fn format_of(path_display: &str) -> Option<Format> {
    let ext = path_display.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match ext.as_str() {
        "stip" => Some(Format::Stip),
        "yaml" | "yml" | "olv" => Some(Format::Yaml),
        "inp" | "pbm" => Some(Format::Popeye),
        "fen" => Some(Format::Fen),
        _ => None,
    }
}

/// Whether a file found in a folder is read as problems: its extension names a format that holds problems (a
/// FEN alone does not).
pub fn is_problem_file(path_display: &str) -> bool {
    format_of(path_display).is_some_and(|f| f != Format::Fen)
}

/// The format of a file: by extension, else by looking at its content.
pub fn detect(path_display: &str, text: &str) -> Format {
    if let Some(f) = format_of(path_display) {
        return f;
    }
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('%') && !l.starts_with("//") && !l.starts_with('#'))
        .unwrap_or("");
    let lower = first.to_ascii_lowercase();
    if lower.starts_with("beginproblem") || lower.starts_with("anfangproblem") || lower.starts_with("debutprobleme") {
        Format::Popeye
    } else if first == "---"
        || first.starts_with("- ")
        || lower.starts_with("authors:")
        || lower.starts_with("algebraic:")
        || text.contains("\nalgebraic:")
    {
        Format::Yaml
    } else if first.split_whitespace().next().is_some_and(|w| w.matches('/').count() == 7) {
        Format::Fen
    } else {
        Format::Stip
    }
}

/// Reads problems from any supported format, chosen by the file extension or, failing that, by content.
pub fn read_any(path_display: &str, text: &str) -> Vec<Result<Problem, Diagnostic>> {
    read_any_spans(path_display, text).0.into_iter().map(|r| r.problem).collect()
}

/// [`read_any`] with the text span of each problem, and the warnings.
pub fn read_any_spans(path_display: &str, text: &str) -> (Vec<Read>, Vec<Diagnostic>) {
    let spanned = |v: Vec<(Range<usize>, Result<Problem, Diagnostic>)>| {
        v.into_iter().map(|(span, problem)| Read { problem, span }).collect()
    };
    match detect(path_display, text) {
        Format::Stip => (spanned(stip::read_stip_spans(text, path_display)), Vec::new()),
        Format::Yaml => (spanned(yaml::read_yaml_spans(text, path_display)), Vec::new()),
        Format::Popeye => {
            let (problems, warnings) = popeye::read_popeye_spans(text, path_display);
            (spanned(problems), warnings)
        }
        Format::Fen => {
            let line = text.lines().next().unwrap_or("");
            let d = Diagnostic::new(
                Location { file: path_display.to_string(), line: 1, column: 1 },
                "a FEN alone is not a problem: it has no stipulation",
            )
            .with_source(line, line.trim_end().len())
            .expected("a `.stip` file with `fen:` and `stipulation:` lines")
            .hint(format!("write `fen: {}` and `stipulation: #2` in a `.stip` file", line.trim()));
            (vec![Read { problem: Err(d), span: trimmed(text, 0..text.len()) }], Vec::new())
        }
    }
}

/// The error of a file that holds no problem (empty, or only comments), as every reader gives it.
pub(crate) fn no_problem(file: &str, expected: &str) -> Diagnostic {
    Diagnostic::new(Location { file: file.to_string(), line: 1, column: 1 }, "the file holds no problem")
        .expected(expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fingerprint is FNV-1a 64 (the published test vectors of its authors: "" and "a"), line endings aside.
    #[test]
    fn fingerprints() {
        assert_eq!(fingerprint(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fingerprint("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fingerprint("a\r\nb"), fingerprint("a\nb"));
        assert_ne!(fingerprint("ab"), fingerprint("ba"));
    }

    /// Each problem's span is its own text, in every format.
    #[test]
    fn spans() {
        let texts = |path: &str, text: &str| -> Vec<String> {
            read_any_spans(path, text).0.iter().map(|r| text[r.span.clone()].to_string()).collect()
        };
        let a = "white: Kb6 Rh1\nblack: Kb8\nstipulation: #1";
        let b = "white: Kb6 Rh1\nblack: Kb8\nstipulation: #2";
        assert_eq!(texts("x.stip", &format!("% c\n\n{a}\n---\n{b}\n\n")), [format!("% c\n\n{a}"), b.to_string()]);
        let (p, q) =
            ("Stipulation #1\nPieces White Kb6 Rh1 Black Kb8", "Stipulation #2\nPieces White Kb6 Rh1 Black Kb8");
        let inp = format!("BeginProblem\n{p}\nNextProblem\n{q}\nEndProblem\n");
        assert_eq!(texts("x.inp", &inp), [format!("BeginProblem\n{p}"), q.to_string()]);
        let e1 = "- algebraic: {white: [Kb6, Rh1], black: [Kb8]}\n  stipulation: \"#1\"";
        let e2 = "- algebraic: {white: [Kb6, Rh1], black: [Kb8]}\n  stipulation: \"#2\"";
        assert_eq!(texts("x.yaml", &format!("---\n{e1}\n{e2}\n")), [e1, e2]);
    }

    #[test]
    fn decoding() {
        assert_eq!(decode("f", b"\xEF\xBB\xBFab"), ("ab".to_string(), None));
        let (text, warning) = decode("f", b"x\nM\xfcller \xc3\xa9");
        assert_eq!(text, "x\nMüller é", "Latin-1 where not UTF-8, UTF-8 where it is");
        let w = warning.unwrap();
        assert_eq!((w.location.line, w.location.column), (2, 2));
    }

    #[test]
    fn dispatch() {
        assert_eq!(detect("a.stip", ""), Format::Stip);
        assert_eq!(detect("a.YML", ""), Format::Yaml);
        assert!(is_problem_file("x/A.STIP") && is_problem_file("b.Inp") && is_problem_file("c.pbm"));
        assert!(!is_problem_file("a.fen") && !is_problem_file("a.txt") && !is_problem_file("stip"));
        assert_eq!(detect("a.inp", ""), Format::Popeye);
        assert_eq!(detect("-", "BeginProblem\n"), Format::Popeye);
        assert_eq!(detect("-", "---\nauthors: [x]\n"), Format::Yaml);
        assert_eq!(detect("-", "4k3/8/8/8/8/8/8/4K3 w - -\n"), Format::Fen);
        assert_eq!(detect("-", "white: Ke1\n"), Format::Stip);
        assert!(read_any("x.fen", "4k3/8/8/8/8/8/8/4K3").remove(0).is_err());
        let inp = "BeginProblem\nStipulation #2\nPieces White Ke1 Black Ke8\nEndProblem\n";
        assert!(read_any("x.inp", inp).remove(0).is_ok());
        assert!(read_any("-", inp).remove(0).is_ok());
        assert!(read_any("-", "white: Ke1\nblack: Ke8\nstipulation: #2\n").remove(0).is_ok());
    }
}
