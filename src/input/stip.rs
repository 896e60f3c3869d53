//! stipula's own statement language (`.stip`): one `key: value` per line, keywords case-insensitive,
//! comments after `%` or `//`, problems separated by a line `---` or `next`. The grammar is written down in
//! `grammar/stipula.ebnf` and walked through in `grammar/README.md`.

// The readers return `Result<Problem, Diagnostic>` by contract; a diagnostic is big but rare.
#![allow(clippy::result_large_err)]

use crate::input::fen::parse_fen;
use crate::input::vocab::conditions::parse_conditions;
use crate::input::vocab::options::parse_options;
use crate::input::vocab::pieces::parse_pieces;
use crate::input::vocab::stipulation::parse_stip_any;
use crate::input::vocab::twins::parse_twin;
use crate::input::vocab::Issue;
use crate::pieces::Placed;
use crate::problem::options::Options;
use crate::problem::{Diagnostic, Intended, Location, Meta, Problem, Stipulation};
use crate::setup::ExplicitState;
use crate::square::Color;
use crate::words::did_you_mean;
use crate::words::norm;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::satisfy;
use nom::combinator::recognize;
use nom::sequence::pair;
use nom::{IResult, Parser};

/// The keys of the language as they are written, for hints.
const KEYS: &[&str] = &[
    "author",
    "authors",
    "source",
    "award",
    "title",
    "remark",
    "keywords",
    "comment",
    "white",
    "black",
    "fen",
    "stipulation",
    "conditions",
    "options",
    "twin",
    "zero position",
    "solution",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Author,
    Authors,
    Source,
    Award,
    Title,
    Remark,
    Keywords,
    Comment,
    White,
    Black,
    Fen,
    Stipulation,
    Conditions,
    Options,
    Twin,
    ZeroPosition,
    Solution,
}

fn key_of(word: &str) -> Option<Key> {
    Some(match norm(word).as_str() {
        "author" => Key::Author,
        "authors" => Key::Authors,
        "source" | "origin" => Key::Source,
        "award" => Key::Award,
        "title" => Key::Title,
        "remark" | "remarks" => Key::Remark,
        "keywords" | "keyword" => Key::Keywords,
        "comment" | "comments" => Key::Comment,
        "white" => Key::White,
        "black" => Key::Black,
        "fen" | "forsyth" => Key::Fen,
        "stipulation" => Key::Stipulation,
        "conditions" | "condition" => Key::Conditions,
        "options" | "option" => Key::Options,
        "twin" => Key::Twin,
        "zeroposition" => Key::ZeroPosition,
        "solution" | "solutions" => Key::Solution,
        _ => return None,
    })
}

/// One source line: number, text without comment, and the full text for rendering.
#[derive(Clone, Debug)]
struct Line<'a> {
    no: usize,
    full: &'a str,
    text: &'a str,
}

/// A piece of a value: where in the value it starts, and where in which line it comes from.
#[derive(Clone, Debug)]
struct Seg {
    start: usize,
    line: usize,
    col0: usize,
    full: String,
}

/// A `key: value` entry, with continuation lines joined by spaces.
#[derive(Clone, Debug)]
struct Entry {
    key: Key,
    key_text: String,
    line: usize,
    full: String,
    value: String,
    segs: Vec<Seg>,
    block: Option<String>,
}

/// Strips a comment: `%` or `//` at the start of the line or after a blank.
fn strip_comment(line: &str) -> &str {
    let b = line.as_bytes();
    for i in 0..b.len() {
        let starts = b[i] == b'%' || (b[i] == b'/' && b.get(i + 1) == Some(&b'/'));
        if starts && (i == 0 || b[i - 1] == b' ' || b[i - 1] == b'\t') {
            return &line[..i];
        }
    }
    line
}

fn col_of(full: &str, byte: usize) -> usize {
    let b = byte.min(full.len());
    let mut b2 = b;
    while !full.is_char_boundary(b2) {
        b2 -= 1;
    }
    full[..b2].chars().count() + 1
}

fn diag_at(file: &str, line: usize, full: &str, byte: usize, len: usize, message: impl Into<String>) -> Diagnostic {
    let col = col_of(full, byte);
    let end = (byte + len).min(full.len());
    let span = if byte < end && full.is_char_boundary(byte) && full.is_char_boundary(end) {
        full[byte..end].chars().count()
    } else {
        1
    };
    Diagnostic::new(Location { file: file.to_string(), line, column: col }, message).with_source(full, span)
}

impl Entry {
    /// The diagnostic for an issue at a byte offset of the value.
    fn issue(&self, file: &str, is: Issue) -> Diagnostic {
        let seg = self.segs.iter().rev().find(|s| s.start <= is.offset).unwrap_or(&self.segs[0]);
        let byte = seg.col0 + (is.offset - seg.start);
        let len = is.len.min(seg.full.len().saturating_sub(byte)).max(1);
        let mut d = diag_at(file, seg.line, &seg.full, byte, len, is.message);
        d.expected = is.expected;
        d.hint = is.hint;
        d.fault = is.fault;
        d
    }

    fn whole(&self, file: &str, message: impl Into<String>) -> Diagnostic {
        let len = self.value.len().max(1);
        self.issue(file, Issue::new(0, len, message))
    }
}

fn key_prefix(i: &str) -> IResult<&str, &str> {
    let (rest, k) = recognize(pair(
        satisfy(|c: char| c.is_ascii_alphabetic()),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == ' ' || c == '-' || c == '_'),
    ))
    .parse(i)?;
    let (rest, _) = tag(":").parse(rest)?;
    Ok((rest, k))
}

fn is_separator(t: &str) -> bool {
    let t = t.trim();
    (t.len() >= 3 && t.bytes().all(|b| b == b'-')) || t.eq_ignore_ascii_case("next")
}

fn leading_blank(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c == ' ' || c == '\t').parse(i)
}

/// Reads every problem of a `.stip` text. Each problem gives a `Problem` or its first error; a text without a
/// problem gives that error.
pub fn read_stip(text: &str, file: &str) -> Vec<Result<Problem, Diagnostic>> {
    read_stip_spans(text, file).into_iter().map(|(_, p)| p).collect()
}

/// [`read_stip`] with the byte range of the text each problem was read from (its separator left out).
pub fn read_stip_spans(text: &str, file: &str) -> Vec<(std::ops::Range<usize>, Result<Problem, Diagnostic>)> {
    let raw: Vec<&str> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let starts = crate::input::line_starts(text);
    let span = |lines: &[Line<'_>]| crate::input::lines_span(text, &starts, lines[0].no - 1, lines[lines.len() - 1].no);
    let mut out = Vec::new();
    let mut chunk: Vec<Line<'_>> = Vec::new();
    let mut i = 0;
    // Problems are split first, keeping solution blocks (which may contain anything) intact.
    let mut in_block = false;
    while i < raw.len() {
        let full = raw[i];
        let line = Line { no: i + 1, full, text: if in_block { full } else { strip_comment(full) } };
        if in_block {
            if full.trim() == "\"\"\"" {
                in_block = false;
            }
        } else if is_separator(line.text) {
            let lines = std::mem::take(&mut chunk);
            if lines.iter().any(|l| !l.text.trim().is_empty()) {
                out.push((span(&lines), read_problem(lines, file)));
            }
            i += 1;
            continue;
        } else if line.text.trim_end().ends_with("\"\"\"")
            && key_prefix(line.text).ok().and_then(|(_, k)| key_of(k.trim_end())) == Some(Key::Solution)
        {
            in_block = true;
        }
        chunk.push(line);
        i += 1;
    }
    if chunk.iter().any(|l| !l.text.trim().is_empty()) {
        out.push((span(&chunk), read_problem(chunk, file)));
    }
    if out.is_empty() {
        out.push((0..0, Err(crate::input::no_problem(file, "`white:`, `black:` and `stipulation:` lines"))));
    }
    out
}

/// Groups lines into entries.
fn entries(lines: &[Line<'_>], file: &str) -> Result<Vec<Entry>, Diagnostic> {
    let mut out: Vec<Entry> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = &lines[i];
        i += 1;
        if l.text.trim().is_empty() {
            continue;
        }
        if let Ok((_, blank)) = leading_blank(l.text) {
            // A continuation line.
            let Some(e) = out.last_mut() else {
                return Err(diag_at(
                    file,
                    l.no,
                    l.full,
                    blank.len(),
                    l.text.trim().len(),
                    "an indented line continues nothing",
                )
                .expected("`key: value`, such as `white: Ke1`"));
            };
            if e.block.is_some() || matches!(e.key, Key::Solution | Key::Fen | Key::Stipulation | Key::ZeroPosition) {
                return Err(diag_at(
                    file,
                    l.no,
                    l.full,
                    blank.len(),
                    l.text.trim().len(),
                    format!("`{}:` does not continue on the next line", e.key_text),
                )
                .expected("`key: value`, such as `white: Ke1`"));
            }
            let body = l.text.trim_end();
            e.value.push(' ');
            e.segs.push(Seg { start: e.value.len(), line: l.no, col0: blank.len(), full: l.full.to_string() });
            e.value += &body[blank.len()..];
            continue;
        }
        let (value_start, key_text) = match key_prefix(l.text) {
            Ok((rest, k)) => (l.text.len() - rest.len(), k.trim_end()),
            Err(_) => {
                let word = l.text.split_whitespace().next().unwrap_or("");
                if key_of(l.text.trim()) == Some(Key::ZeroPosition) {
                    let text = l.text.trim();
                    out.push(Entry {
                        key: Key::ZeroPosition,
                        key_text: text.to_string(),
                        line: l.no,
                        full: l.full.to_string(),
                        value: String::new(),
                        segs: vec![Seg {
                            start: 0,
                            line: l.no,
                            col0: l.text.trim_end().len(),
                            full: l.full.to_string(),
                        }],
                        block: None,
                    });
                    continue;
                }
                let mut d =
                    diag_at(file, l.no, l.full, 0, word.len(), format!("expected `key: value`, found `{word}`"))
                        .expected("a key such as `white:`, `stipulation:` or `options:`");
                if let Some(k) = did_you_mean(word, KEYS.iter().copied()) {
                    d = d.hint(format!("did you mean `{k}:`?"));
                }
                return Err(d);
            }
        };
        let Some(key) = key_of(key_text) else {
            let mut d = diag_at(file, l.no, l.full, 0, key_text.len(), format!("unknown key `{key_text}`"))
                .expected(format!("one of {}", KEYS.iter().map(|k| format!("`{k}:`")).collect::<Vec<_>>().join(", ")));
            if let Some(k) = did_you_mean(key_text, KEYS.iter().copied()) {
                d = d.hint(format!("did you mean `{k}:`?"));
            }
            return Err(d);
        };
        let rest = &l.text[value_start..];
        let lead = rest.len() - rest.trim_start().len();
        let mut value = rest.trim().to_string();
        let mut block = None;
        if key == Key::Solution && value.ends_with("\"\"\"") {
            value.truncate(value.len() - 3);
            let value_trimmed = value.trim_end().to_string();
            value = value_trimmed;
            let mut text_lines = Vec::new();
            let mut closed = false;
            while i < lines.len() {
                let b = &lines[i];
                i += 1;
                if b.full.trim() == "\"\"\"" {
                    closed = true;
                    break;
                }
                text_lines.push(b.full);
            }
            if !closed {
                let at = l.full.rfind("\"\"\"").unwrap_or(0);
                return Err(diag_at(file, l.no, l.full, at, 3, "the solution text is not closed")
                    .expected("a line `\"\"\"` after the solution text"));
            }
            block = Some(text_lines.join("\n"));
        }
        out.push(Entry {
            key,
            key_text: key_text.to_string(),
            line: l.no,
            full: l.full.to_string(),
            value,
            segs: vec![Seg { start: 0, line: l.no, col0: value_start + lead, full: l.full.to_string() }],
            block,
        });
    }
    Ok(out)
}

fn split_list(v: &str) -> Vec<String> {
    v.split([',', ';']).map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
}

/// Reads a solution count: `2`, `2 solutions`, `1 solution`, `2.1.1.1`.
fn solution_count(v: &str) -> Option<String> {
    let mut it = v.split_whitespace();
    let n = it.next()?;
    let ok = !n.is_empty() && n.split('.').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if !ok {
        return None;
    }
    match (it.next().map(|w| w.to_ascii_lowercase()), it.next()) {
        (None, _) => Some(n.to_string()),
        (Some(w), None) if w == "solution" || w == "solutions" => Some(n.to_string()),
        _ => None,
    }
}

fn read_problem(lines: Vec<Line<'_>>, file: &str) -> Result<Problem, Diagnostic> {
    let es = entries(&lines, file)?;
    let first = es.first().map(|e| e.line).unwrap_or(lines[0].no);
    let location = Location { file: file.to_string(), line: first, column: 1 };
    let mut meta = Meta::default();
    let mut pieces: Vec<Placed> = Vec::new();
    let mut state = ExplicitState::default();
    let mut stipulation: Option<Stipulation> = None;
    let mut conditions = Vec::new();
    let mut options = Options::default();
    let mut zero_position = false;
    let mut twins = Vec::new();
    let mut intended = Intended::default();
    let mut seen_fen = false;
    let mut seen_pieces = false;
    let mut squares_from = std::collections::BTreeSet::new();
    for e in &es {
        let once = |slot: &Option<String>| -> Result<(), Diagnostic> {
            if slot.is_some() {
                return Err(e.whole(file, format!("`{}:` is given twice", e.key_text)));
            }
            Ok(())
        };
        let need_value = || -> Result<(), Diagnostic> {
            if e.value.trim().is_empty() {
                let seg = &e.segs[0];
                return Err(diag_at(file, e.line, &e.full, seg.col0, 1, format!("`{}:` has no value", e.key_text)));
            }
            Ok(())
        };
        match e.key {
            Key::Author => {
                need_value()?;
                meta.authors.push(e.value.clone());
            }
            Key::Authors => {
                need_value()?;
                meta.authors.extend(split_list(&e.value));
            }
            Key::Source => {
                need_value()?;
                once(&meta.source)?;
                meta.source = Some(e.value.clone());
            }
            Key::Award => {
                need_value()?;
                once(&meta.award)?;
                meta.award = Some(e.value.clone());
            }
            Key::Title => {
                need_value()?;
                once(&meta.title)?;
                meta.title = Some(e.value.clone());
            }
            Key::Remark => {
                need_value()?;
                meta.remarks.push(e.value.clone());
            }
            Key::Comment => {
                need_value()?;
                meta.comments.push(e.value.clone());
            }
            Key::Keywords => {
                need_value()?;
                meta.keywords.extend(split_list(&e.value));
            }
            Key::White | Key::Black => {
                need_value()?;
                if seen_fen {
                    return Err(e
                        .whole(file, "pieces are given both by `fen:` and by colour")
                        .expected("either `fen:` or `white:`/`black:` lines"));
                }
                seen_pieces = true;
                let color = if e.key == Key::White { Color::White } else { Color::Black };
                let ps = parse_pieces(&e.value, color).map_err(|is| e.issue(file, is))?;
                for p in ps {
                    if !squares_from.insert(p.square.index()) {
                        let sq = p.square.to_string();
                        let lower = e.value.to_ascii_lowercase();
                        let off = lower.rfind(&sq).unwrap_or(0);
                        return Err(e
                            .issue(file, Issue::new(off, 2, format!("two pieces on {sq}")))
                            .expected("each square at most once"));
                    }
                    pieces.push(p);
                }
            }
            Key::Fen => {
                need_value()?;
                if seen_fen || seen_pieces {
                    return Err(e
                        .whole(
                            file,
                            "pieces are given twice (`fen:` together with another `fen:` or `white:`/`black:`)",
                        )
                        .expected("either one `fen:` or `white:`/`black:` lines"));
                }
                seen_fen = true;
                let (ps, st) = parse_fen(&e.value)
                    .map_err(|fe| e.issue(file, Issue::new(fe.offset, 1, fe.message).expected(fe.expected)))?;
                pieces = ps;
                state = st;
            }
            Key::Stipulation => {
                if stipulation.is_some() {
                    return Err(e
                        .whole(file, "`stipulation:` is given twice")
                        .hint("use `twin: stipulation …` for a second stipulation"));
                }
                need_value()?;
                stipulation = Some(parse_stip_any(&e.value).map_err(|is| e.issue(file, is))?);
            }
            Key::Conditions => {
                need_value()?;
                let cs = parse_conditions(&e.value).map_err(|is| e.issue(file, is))?;
                for c in cs {
                    if conditions.iter().any(|x: &crate::conditions::ConditionSpec| x.name == c.name) {
                        return Err(e.whole(file, crate::conditions::ConditionError::Twice(c.name.clone()).to_string()));
                    }
                    conditions.push(c);
                }
            }
            Key::Options => {
                need_value()?;
                if parse_options(&e.value, &mut options).map_err(|is| e.issue(file, is))? {
                    zero_position = true;
                }
            }
            Key::Twin => {
                need_value()?;
                twins.push(parse_twin(&e.value).map_err(|is| e.issue(file, is))?);
            }
            Key::ZeroPosition => {
                if !e.value.trim().is_empty() {
                    return Err(e
                        .whole(file, "`zero position` takes no value")
                        .hint("write the twins on `twin:` lines after `zero position`"));
                }
                zero_position = true;
            }
            Key::Solution => {
                if !e.value.trim().is_empty() {
                    if intended.count.is_some() {
                        return Err(e.whole(file, "the solution count is given twice"));
                    }
                    intended.count = Some(solution_count(&e.value).ok_or_else(|| {
                        e.whole(file, format!("cannot read the solution count `{}`", e.value)).expected(
                            "a count such as `2 solutions`, `1 solution` or `2.1.1.1`, and/or `\"\"\"` to start the solution text",
                        )
                    })?);
                }
                if let Some(b) = &e.block {
                    if intended.text.is_some() {
                        return Err(e.whole(file, "the solution text is given twice"));
                    }
                    intended.text = Some(b.clone());
                } else if e.value.trim().is_empty() {
                    let seg = &e.segs[0];
                    return Err(diag_at(file, e.line, &e.full, seg.col0, 1, "`solution:` has no value")
                        .expected("a count such as `2 solutions`, and/or `\"\"\"` to start the solution text"));
                }
            }
        }
    }
    let start_line = lines.iter().find(|l| l.no == first).map(|l| l.full).unwrap_or("");
    let at_start = |m: &str| diag_at(file, first, start_line, 0, start_line.trim_end().len().max(1), m.to_string());
    let Some(stipulation) = stipulation else {
        return Err(at_start("this problem has no stipulation")
            .expected("a line such as `stipulation: #2` or `stipulation: helpmate in 2`"));
    };
    if pieces.is_empty() {
        return Err(at_start("this problem has no pieces")
            .expected("`white: Ke1 …` and `black: Ke8 …` lines, or a `fen:` line"));
    }
    let p = Problem {
        location,
        meta,
        pieces,
        state,
        stipulation,
        conditions,
        options,
        zero_position,
        twins,
        intended,
        initial: None,
    };
    if let Some(r) = crate::problem::check::check(&p) {
        return Err(refusal(&es, file, &r)
            .unwrap_or_else(|| at_start(&r.message))
            .expected(r.expected())
            .hint(r.hint()));
    }
    Ok(p)
}

/// Where a refusal of [`crate::problem::check`] points: the option, condition or piece that causes it, the
/// castling or en-passant field of `fen:`, the pieces line of the side without a king; `None` if not found.
fn refusal(es: &[Entry], file: &str, r: &crate::problem::check::Unsolvable) -> Option<Diagnostic> {
    use crate::problem::check::Culprit;
    use crate::setup::Culprit as Diag;
    let at = |e: &Entry, off: usize, len: usize| Some(e.issue(file, Issue::new(off, len, r.message.clone())));
    let whole = |e: &Entry| at(e, 0, e.value.trim_end().len());
    fn entries_of<'e>(es: &'e [Entry], keys: &'e [Key]) -> impl Iterator<Item = &'e Entry> + 'e {
        es.iter().filter(move |e| keys.contains(&e.key))
    }
    let of = |keys: &'static [Key]| entries_of(es, keys);
    let fen_field = |n: usize| -> Option<Diagnostic> {
        let e = of(&[Key::Fen]).next()?;
        match word_spans(&e.value).nth(n) {
            Some((off, w)) => at(e, off, w.len()),
            None => whole(e),
        }
    };
    let word_in = |keys: &'static [Key], word: &str| {
        of(keys).find_map(|e| {
            word_spans(&e.value).find(|(_, w)| w.eq_ignore_ascii_case(word)).and_then(|(off, w)| at(e, off, w.len()))
        })
    };
    let pieces_line = || of(&[Key::White, Key::Black, Key::Fen]).next().and_then(whole);
    match &r.culprit {
        Culprit::Option(names) => of(&[Key::Options])
            .filter_map(|e| {
                crate::input::vocab::options::find_option(&e.value, names).and_then(|(off, len)| at(e, off, len))
            })
            .last(),
        Culprit::Condition(n) => word_in(&[Key::Conditions], n),
        Culprit::Diagram(Diag::Pawn(sq)) => {
            let sq = sq.to_string();
            of(&[Key::White, Key::Black])
                .find_map(|e| {
                    let lower = e.value.to_ascii_lowercase();
                    let found = word_spans(&lower)
                        .find(|(_, w)| w.starts_with('p') && w.contains(&sq))
                        .map(|(off, w)| (off, w.len()));
                    found.and_then(|(off, len)| at(e, off, len))
                })
                .or_else(pieces_line)
        }
        Culprit::Diagram(Diag::Kings(c) | Diag::ExtraKings(c)) => {
            let keys: &'static [Key] = if *c == Color::White { &[Key::White] } else { &[Key::Black] };
            of(keys).last().and_then(whole).or_else(pieces_line)
        }
        Culprit::Diagram(Diag::Castling(_)) => fen_field(2).or_else(pieces_line),
        Culprit::Diagram(Diag::EnPassant) => fen_field(3).or_else(pieces_line),
        Culprit::Diagram(Diag::Position) => pieces_line(),
    }
}

/// The words of a value (separated by blanks and commas) with their byte offsets.
fn word_spans(v: &str) -> impl Iterator<Item = (usize, &str)> {
    v.split(|c: char| c.is_whitespace() || c == ',')
        .scan(0usize, |pos, w| {
            let off = *pos;
            *pos += w.len() + 1;
            Some((off, w))
        })
        .filter(|(_, w)| !w.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::twins::TwinChange;
    use crate::problem::Play;

    fn one(text: &str) -> Problem {
        let mut v = read_stip(text, "t.stip");
        assert_eq!(v.len(), 1);
        match v.remove(0) {
            Ok(p) => p,
            Err(d) => panic!("{}", d.render()),
        }
    }

    fn err(text: &str) -> Diagnostic {
        read_stip(text, "t.stip").into_iter().find_map(Result::err).expect("an error")
    }

    #[test]
    fn full_problem() {
        let p = one(
            "% a comment\nauthor: A. Problemist\nauthors: B. One; C. Two\nsource: The Problemist 1985\naward: 1st Prize\ntitle: T\nremark: r\nkeywords: model mate, echo\nwhite: Ke1 Qd1\n  Sf7 // continued\nblack: Ke8 grasshopper c3\nstipulation: helpmate in 2\nconditions: Madrasi RI, Parsi\noptions: set play, defence 2\ntwin: move a1 b2\ntwin: continued remove d4\nsolution: 2 solutions\n",
        );
        assert_eq!(p.meta.authors, ["A. Problemist", "B. One", "C. Two"]);
        assert_eq!(p.meta.source.as_deref(), Some("The Problemist 1985"));
        assert_eq!(p.meta.keywords, ["model mate", "echo"]);
        assert_eq!(p.pieces.len(), 5);
        assert_eq!(p.stipulation.play, Play::Help);
        assert_eq!(p.conditions.len(), 2);
        assert!(p.options.set_play);
        assert_eq!(p.options.defence, Some(2));
        assert_eq!(p.twins.len(), 2);
        assert!(p.twins[1].continued);
        assert!(matches!(p.twins[0].changes[0], TwinChange::Move(..)));
        assert_eq!(p.intended.count.as_deref(), Some("2"));
        assert_eq!(p.location.line, 2);
    }

    #[test]
    fn solution_block_and_several_problems() {
        let v = read_stip(
            "white: Ke1\nblack: Ke8\nstipulation: #2\nsolution: 1 solution \"\"\"\n   1.Ke1-e2 ! % not a comment here\n\"\"\"\n---\nfen: 4k3/8/8/8/8/8/8/4K3\nstip: h#2\nnext\nWHITE: Ka1\nBlack: Kh8\nStipulation: ser-h#7\nzero position\ntwin: rotate 90\n",
            "t.stip",
        );
        assert_eq!(v.len(), 3);
        let p = v[0].as_ref().unwrap();
        assert_eq!(p.intended.count.as_deref(), Some("1"));
        assert_eq!(p.intended.text.as_deref(), Some("   1.Ke1-e2 ! % not a comment here"));
        assert!(v[1].is_err());
        let p = v[2].as_ref().unwrap();
        assert!(p.zero_position);
        assert_eq!(p.location.line, 11);
    }

    #[test]
    fn errors_have_places() {
        let d = err("white: Ke1\nblack: Ke8\nstipulation: #2\nconditions: Madrasy\n");
        assert_eq!((d.location.line, d.location.column), (4, 13));
        assert_eq!(d.hint.as_deref(), Some("did you mean `Madrasi`?"));
        let d = err("white: Ke1\nblak: Ke8\nstipulation: #2\n");
        assert_eq!(d.hint.as_deref(), Some("did you mean `black:`?"));
        let d = err("white: Ke1\nblack: Ke8\n");
        assert_eq!(d.message, "this problem has no stipulation");
        let d = err("stipulation: #2\n");
        assert_eq!(d.message, "this problem has no pieces");
        let d = err("white: Ke1\n  XYa1\nblack: Ke8\nstipulation: #2\n");
        assert_eq!((d.location.line, d.location.column), (2, 3));
    }
}
