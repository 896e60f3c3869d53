//! YAML problem collections in YACPDB's layout (as yacpdb.org and the Olive editor write them): reading one
//! entry, a list of entries or a multi-document stream (the writer is [`crate::output::yaml`]).
//!
//! The stream is split into entries and each entry into its top-level keys here, keeping line numbers, so
//! that one bad entry does not stop the others and every error points at its line. Each key's value is then
//! read with `serde-saphyr`. Keys stipula does not know are kept verbatim in [`Meta::extra`] and written back.

// The readers return `Result<Problem, Diagnostic>` by contract; a diagnostic is big but rare.
#![allow(clippy::result_large_err)]

use crate::input::vocab::conditions::{condition_at, parse_conditions};
use crate::input::vocab::options::{option_at, parse_options};
use crate::input::vocab::pieces::parse_pieces;
use crate::input::vocab::stipulation::parse_stip_any;
use crate::input::vocab::twins::parse_twin;
use crate::input::vocab::{words, Issue, Phrase};
use crate::pieces::{Attrs, Placed};
use crate::problem::options::Options;
use crate::problem::{Diagnostic, Intended, Location, Meta, Problem};
use crate::square::Color;
use serde_json::Value;
use std::collections::BTreeMap;

/// One top-level key of an entry: its name, the line it starts on (0-based in the file), its text block.
struct KeyBlock {
    key: String,
    line: usize,
    /// The block's lines as written (with the entry's indentation).
    text: String,
    /// Indentation of the entry (2 inside a `- ` list item, else 0).
    indent: usize,
}

struct Ctx<'a> {
    file: &'a str,
    lines: Vec<&'a str>,
}

impl Ctx<'_> {
    fn diag(&self, line0: usize, col0: usize, len: usize, message: impl Into<String>) -> Diagnostic {
        let src = self.lines.get(line0).copied().unwrap_or("");
        let col = src.get(..col0.min(src.len())).map(|s| s.chars().count()).unwrap_or(col0) + 1;
        Diagnostic::new(Location { file: self.file.to_string(), line: line0 + 1, column: col }, message)
            .with_source(src, len)
    }

    /// Where `needle` first occurs in a key block: (0-based line, byte column); the key itself if not found.
    fn find(&self, kb: &KeyBlock, needle: &str) -> (usize, usize) {
        let n = kb.text.lines().count().max(1);
        for l in kb.line..kb.line + n {
            let src = self.lines.get(l).copied().unwrap_or("");
            let from = if l == kb.line { kb.indent + kb.key.len() + 1 } else { 0 };
            if let Some(c) = src.get(from..).and_then(|s| s.find(needle)) {
                return (l, from + c);
            }
        }
        (kb.line, kb.indent)
    }

    /// An issue inside the string `item`, found in the key block.
    fn issue(&self, kb: &KeyBlock, item: &str, is: Issue) -> Diagnostic {
        let (l, c) = self.find(kb, item);
        let found = self.lines.get(l).and_then(|s| s.get(c..)).is_some_and(|s| s.starts_with(item));
        let (col, len) = if found { (c + is.offset, is.len) } else { (c, kb.key.len()) };
        let mut d = self.diag(l, col, len, is.message);
        d.expected = is.expected;
        d.hint = is.hint;
        d.fault = is.fault;
        d
    }

    fn at_key(&self, kb: &KeyBlock, message: impl Into<String>) -> Diagnostic {
        self.diag(kb.line, kb.indent, kb.key.len(), message)
    }
}

fn is_doc_marker(l: &str) -> bool {
    l == "---" || l.starts_with("--- ") || l.starts_with("---\t") || l == "..."
}

fn blank_or_comment(l: &str) -> bool {
    let t = l.trim();
    t.is_empty() || t.starts_with('#')
}

/// A top-level key at `indent`: `name:` followed by a blank or the end. Quotes around the name are removed.
fn key_at(l: &str, indent: usize) -> Option<String> {
    let body = l.get(indent..)?;
    if body.starts_with([' ', '\t', '-', '#', '{', '[']) || body.is_empty() {
        return None;
    }
    let k = body[..key_colon(body)?].trim();
    Some(k.trim_matches(|c| c == '"' || c == '\'').to_string())
}

/// Where the colon that ends a key is: the first one followed by a blank or the end (a key may hold `:`).
fn key_colon(body: &str) -> Option<usize> {
    body.char_indices()
        .find(|&(i, c)| c == ':' && body[i + 1..].chars().next().is_none_or(char::is_whitespace))
        .map(|(i, _)| i)
}

/// Reads a YAML collection: one entry, a list of entries, or a stream of documents. A text without an entry
/// gives that error.
pub fn read_yaml(text: &str, file: &str) -> Vec<Result<Problem, Diagnostic>> {
    read_yaml_spans(text, file).into_iter().map(|(_, p)| p).collect()
}

/// [`read_yaml`] with the byte range of the text each entry was read from.
pub fn read_yaml_spans(text: &str, file: &str) -> Vec<(std::ops::Range<usize>, Result<Problem, Diagnostic>)> {
    let starts = crate::input::line_starts(text);
    let span = |a: usize, b: usize| crate::input::lines_span(text, &starts, a, b);
    let lines: Vec<&str> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let ctx = Ctx { file, lines };
    let mut out = Vec::new();
    // Documents: (first line, end line exclusive).
    let mut docs = Vec::new();
    let mut start = 0;
    for (i, l) in ctx.lines.iter().enumerate() {
        if is_doc_marker(l) {
            docs.push((start, i));
            start = i + 1;
        }
    }
    docs.push((start, ctx.lines.len()));
    for (a, b) in docs {
        let Some(first) = (a..b).find(|&i| !blank_or_comment(ctx.lines[i])) else {
            continue;
        };
        let l = ctx.lines[first];
        if l == "-" || l.starts_with("- ") {
            // A list of entries: each item starts with `-` in column 0.
            let mut items = Vec::new();
            let mut cur: Option<usize> = None;
            for i in first..b {
                let li = ctx.lines[i];
                if li == "-" || li.starts_with("- ") {
                    if let Some(s) = cur {
                        items.push((s, i));
                    }
                    cur = Some(i);
                }
            }
            if let Some(s) = cur {
                items.push((s, b));
            }
            for (s, e) in items {
                out.push((span(s, e), read_entry(&ctx, s, e, true)));
            }
        } else {
            out.push((span(first, b), read_entry(&ctx, first, b, false)));
        }
    }
    if out.is_empty() {
        out.push((0..0, Err(crate::input::no_problem(file, "a YACPDB entry with `algebraic:` and `stipulation:`"))));
    }
    out
}

/// The YAML parser's message, in plain words where it speaks the parser's own.
fn saphyr_message(e: &serde_saphyr::Error) -> String {
    let s = e.without_snippet().to_string();
    let first = s.lines().next().unwrap_or("").to_string();
    let first = match first.rfind(" at line ") {
        Some(i) => first[..i].to_string(),
        None => first,
    };
    const PLAIN: &[(&str, &str)] = &[
        ("did not find expected key", "this line does not line up with the fields above it: check its indentation"),
        (
            "mapping values are not allowed",
            "a `key: value` where a value was expected: check the indentation, or quote a value holding `: `",
        ),
        (
            "illegal placement of ':' indicator",
            "a `:` where it cannot stand: is a `[` before it left open, or does a value need quotes?",
        ),
        ("did not find expected ',' or ']'", "a list in brackets is not closed: `]` expected"),
        ("did not find expected ',' or '}'", "a map in braces is not closed: `}` expected"),
        (
            "did not find expected '-' indicator",
            "this line does not line up with the list items above it: check its indentation",
        ),
        ("unknown anchor", "the alias (`*name`) names no anchor (`&name`) before it in this problem entry"),
    ];
    match PLAIN.iter().find(|(p, _)| first.contains(p)) {
        Some((_, plain)) => plain.to_string(),
        None => first,
    }
}

/// The key blocks of an entry written in flow style (`{algebraic: {white: [Kb6]}, stipulation: "#2"}`, on one
/// line or several): the entry is read whole, and each field becomes a block of its own in block style (its
/// value written as JSON, which YAML reads), placed on the line where the field is written.
fn flow_blocks(ctx: &Ctx<'_>, lines: &[String], s: usize) -> Result<Vec<KeyBlock>, Diagnostic> {
    let map = match serde_saphyr::from_str::<BTreeMap<String, Value>>(&lines.join("\n")) {
        Ok(map) => map,
        Err(err) => {
            let (l, c) = err
                .location()
                .map(|loc| (s + (loc.line() as usize).saturating_sub(1), (loc.column() as usize).saturating_sub(1)))
                .unwrap_or((s, 0));
            return Err(ctx.diag(l, c, 1, format!("YAML: {}", saphyr_message(&err))));
        }
    };
    Ok(map
        .into_iter()
        .map(|(key, value)| {
            let spelled = [format!("{key}:"), format!("\"{key}\":"), format!("'{key}':")];
            let k = lines.iter().position(|l| spelled.iter().any(|w| l.contains(w.as_str()))).unwrap_or(0);
            let text = format!("{key}: {value}");
            KeyBlock { key, line: s + k, text, indent: 0 }
        })
        .collect())
}

/// Splits one entry into key blocks and reads them.
fn read_entry(ctx: &Ctx<'_>, s: usize, e: usize, item: bool) -> Result<Problem, Diagnostic> {
    let mut lines: Vec<String> = ctx.lines[s..e].iter().map(|l| l.to_string()).collect();
    let mut indent = 0;
    if item {
        let rest = &lines[0][1..];
        let ws = rest.len() - rest.trim_start_matches(' ').len();
        indent = 1 + ws;
        if rest.trim().is_empty() {
            // `-` alone: the entry starts on the next line; find its indentation.
            indent = lines
                .iter()
                .skip(1)
                .find(|l| !blank_or_comment(l))
                .map(|l| l.len() - l.trim_start().len())
                .unwrap_or(2);
        }
        lines[0] = format!("{}{}", " ".repeat(1 + ws), rest.trim_start_matches(' '));
    }
    let mut blocks: Vec<KeyBlock> = Vec::new();
    let mut stray: Option<usize> = None;
    let flow = lines.iter().find(|l| !blank_or_comment(l)).is_some_and(|l| l.trim_start().starts_with('{'));
    if flow {
        blocks = flow_blocks(ctx, &lines, s)?;
    }
    for (k, l) in lines.iter().enumerate().filter(|_| !flow) {
        let lead = l.len() - l.trim_start().len();
        if lead == indent && !blank_or_comment(l) && !l.trim_start().starts_with('-') {
            if let Some(key) = key_at(l, indent) {
                blocks.push(KeyBlock { key, line: s + k, text: l.clone(), indent });
                continue;
            }
            stray.get_or_insert(s + k);
            continue;
        }
        if let Some(b) = blocks.last_mut() {
            b.text.push('\n');
            b.text += l;
        } else if !blank_or_comment(l) {
            stray.get_or_insert(s + k);
        }
    }
    if let Some(l) = stray {
        let src = ctx.lines[l];
        let lead = src.len() - src.trim_start().len();
        return Err(ctx
            .diag(l, lead, src.trim().len(), "expected a field of a problem entry, such as `stipulation: \"#2\"`")
            .expected("`key: value` in block style (`authors:`, `algebraic:`, `stipulation:`, …)"));
    }
    if blocks.is_empty() {
        return Err(ctx.diag(s, 0, 1, "empty problem entry").expected("`algebraic:` and `stipulation:`"));
    }
    let location = Location { file: ctx.file.to_string(), line: blocks[0].line + 1, column: indent + 1 };
    // The entry read whole, only for its aliases (`*name`) to anchors (`&name`) in another field; each field is
    // otherwise read alone, so that an error points into it.
    let whole_entry: Option<BTreeMap<String, Value>> =
        if lines.iter().any(|l| l.contains('*')) { serde_saphyr::from_str(&lines.join("\n")).ok() } else { None };
    let mut meta = Meta::default();
    let mut pieces: Vec<Placed> = Vec::new();
    let mut stipulation = None;
    let mut conditions = Vec::new();
    let mut options = Options::default();
    let mut zero_position = false;
    let mut twins = Vec::new();
    let mut intended = Intended::default();
    let mut seen = std::collections::BTreeSet::new();
    for kb in &blocks {
        if !seen.insert(kb.key.clone()) {
            return Err(ctx.at_key(kb, format!("the field `{}` is given twice", kb.key)));
        }
        let value = match serde_saphyr::from_str::<BTreeMap<String, Value>>(&kb.text) {
            Ok(map) => map.into_values().next().unwrap_or(Value::Null),
            // An alias to an anchor in another field of the entry: the entry read whole resolves it.
            Err(_) if whole_entry.as_ref().is_some_and(|m| m.contains_key(&kb.key)) => {
                whole_entry.as_ref().and_then(|m| m.get(&kb.key)).cloned().unwrap_or(Value::Null)
            }
            Err(err) => {
                let (l, c) = err
                    .location()
                    .map(|loc| {
                        (kb.line + (loc.line() as usize).saturating_sub(1), (loc.column() as usize).saturating_sub(1))
                    })
                    .unwrap_or((kb.line, kb.indent));
                return Err(ctx.diag(l, c, 1, format!("YAML: {}", saphyr_message(&err))));
            }
        };
        let str_list = |v: &Value, what: &str| -> Result<Vec<String>, Diagnostic> {
            match v {
                Value::Null => Ok(Vec::new()),
                Value::String(s) => Ok(vec![s.clone()]),
                Value::Number(n) => Ok(vec![n.to_string()]),
                Value::Array(a) => a
                    .iter()
                    .map(|x| match x {
                        Value::String(s) => Ok(s.clone()),
                        Value::Number(n) => Ok(n.to_string()),
                        _ => Err(ctx
                            .at_key(kb, format!("`{}` must list {what}", kb.key))
                            .expected(format!("a list of {what}"))),
                    })
                    .collect(),
                _ => {
                    Err(ctx.at_key(kb, format!("`{}` must list {what}", kb.key)).expected(format!("a list of {what}")))
                }
            }
        };
        let verbatim = || -> String {
            let mut t = String::new();
            for (i, l) in kb.text.lines().enumerate() {
                if i == 0 {
                    let after = key_colon(&l[kb.indent..]).map(|c| kb.indent + c + 1).unwrap_or(l.len());
                    t += &l[after..];
                } else {
                    t.push('\n');
                    let lead = l.len() - l.trim_start().len();
                    t += &l[lead.min(kb.indent)..];
                }
            }
            t.trim_end().to_string()
        };
        let summary = |v: &Value| -> String {
            let mut parts = Vec::new();
            collect_scalars(v, &mut parts);
            parts.join(", ")
        };
        match kb.key.as_str() {
            "authors" | "author" => meta.authors = str_list(&value, "names")?,
            "source" | "award" => {
                let s = match &value {
                    Value::String(s) => s.clone(),
                    Value::Null => String::new(),
                    v => {
                        meta.extra.insert(kb.key.clone(), verbatim());
                        summary(v)
                    }
                };
                if kb.key == "source" {
                    meta.source = Some(s);
                } else {
                    meta.award = Some(s);
                }
            }
            "title" => meta.title = str_list(&value, "a title")?.into_iter().next(),
            "remarks" => meta.remarks = str_list(&value, "remarks")?,
            "keywords" => meta.keywords = str_list(&value, "keywords")?,
            "comments" => meta.comments = str_list(&value, "comments")?,
            "algebraic" => {
                let Value::Object(m) = &value else {
                    return Err(ctx
                        .at_key(kb, "`algebraic` must be a map of colours to pieces")
                        .expected("`white: [Ke1, Qd1]` and `black: [Ke8]`"));
                };
                // White first, then Black, then whatever else is there (an error).
                let mut colours: Vec<(&String, &Value)> = m.iter().collect();
                colours.sort_by_key(|(c, _)| match c.to_ascii_lowercase().as_str() {
                    "white" => 0,
                    "black" => 1,
                    _ => 2,
                });
                for (colour, list) in colours {
                    // A neutral piece is placed as White's with the neutral attribute.
                    let neutral = colour.eq_ignore_ascii_case("neutral");
                    let color = match colour.to_ascii_lowercase().as_str() {
                        "white" | "neutral" => Color::White,
                        "black" => Color::Black,
                        _ => {
                            let (l, c) = ctx.find(kb, colour);
                            return Err(ctx
                                .diag(l, c, colour.len(), format!("unknown colour `{colour}`"))
                                .expected("`white`, `black` or `neutral`"));
                        }
                    };
                    for item in str_list(list, "pieces such as `Ke1`")? {
                        for mut p in parse_pieces(&item, color).map_err(|is| ctx.issue(kb, &item, is))? {
                            if neutral {
                                p.attrs = p.attrs.union(Attrs::NEUTRAL);
                            }
                            if pieces.iter().any(|q: &Placed| q.square == p.square) {
                                let sq = p.square.to_string();
                                let off = item.to_ascii_lowercase().rfind(&sq).unwrap_or(0);
                                return Err(ctx.issue(kb, &item, Issue::new(off, 2, format!("two pieces on {sq}"))));
                            }
                            pieces.push(p);
                        }
                    }
                }
            }
            "stipulation" => {
                let Value::String(s) = &value else {
                    return Err(ctx
                        .at_key(kb, "`stipulation` must be a string")
                        .expected("a stipulation such as `\"h#2\"`")
                        .hint("quote it: `#` starts a comment in YAML"));
                };
                stipulation = Some(parse_stip_any(s).map_err(|is| ctx.issue(kb, s, is))?);
            }
            "options" | "conditions" => {
                for item in str_list(&value, "conditions and options")? {
                    let trimmed = item.trim_start();
                    if trimmed.len() > 5 && trimmed.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("twin ")) {
                        let off = item.len() - trimmed.len() + 5;
                        twins.push(parse_twin(&item[off..]).map_err(|is| ctx.issue(kb, &item, is.shifted(off)))?);
                    } else {
                        match item_kind(&item) {
                            Item::Conditions => {
                                for c in parse_conditions(&item).map_err(|is| ctx.issue(kb, &item, is))? {
                                    if conditions.iter().any(|x: &crate::conditions::ConditionSpec| x.name == c.name) {
                                        let twice = crate::conditions::ConditionError::Twice(c.name.clone());
                                        return Err(ctx.issue(kb, &item, Issue::new(0, item.len(), twice.to_string())));
                                    }
                                    conditions.push(c);
                                }
                            }
                            Item::Options => {
                                let mut probe = options.clone();
                                zero_position |=
                                    parse_options(&item, &mut probe).map_err(|is| ctx.issue(kb, &item, is))?;
                                options = probe;
                            }
                            Item::Unknown => {
                                // Neither an option nor a condition: suggest from both.
                                let w = words(&item)[0];
                                let hint = parse_options(&item, &mut Options::default()).err().and_then(|is| is.hint);
                                let hint = hint.or_else(|| parse_conditions(&item).err().and_then(|c| c.hint));
                                let is = Issue::new(
                                    w.offset,
                                    w.text.len(),
                                    format!("unknown condition or option `{}`", w.text),
                                )
                                .expected("a condition such as `Madrasi` or an option such as `SetPlay`")
                                .hint_opt(hint);
                                return Err(ctx.issue(kb, &item, is));
                            }
                        }
                    }
                }
            }
            "twins" => {
                let list: Vec<String> = match &value {
                    Value::Object(m) => m
                        .values()
                        .map(|v| match v {
                            Value::String(s) => Ok(s.clone()),
                            _ => Err(ctx
                                .at_key(kb, "each twin of `twins` must be one line of text, such as `b: Move a1 a2`")
                                .expected("labels with a twin each: `b: Move a1 a2`, `c: Continued Remove d4`")),
                        })
                        .collect::<Result<_, _>>()?,
                    v => str_list(v, "twins")?,
                };
                for t in list {
                    twins.push(parse_twin(&t).map_err(|is| ctx.issue(kb, &t, is))?);
                }
            }
            "intended-solutions" => {
                intended.count = match &value {
                    Value::Number(n) => Some(n.to_string()),
                    Value::String(s) => Some(s.clone()),
                    _ => {
                        return Err(ctx
                            .at_key(kb, "`intended-solutions` must be a count")
                            .expected("a number such as `2` or a string such as `\"2.1.1.1\"`"))
                    }
                }
            }
            "solution" => {
                intended.text = match &value {
                    Value::String(s) => Some(s.clone()),
                    Value::Null => None,
                    _ => {
                        return Err(ctx.at_key(kb, "`solution` must be text").expected("a block such as `solution: |`"))
                    }
                }
            }
            _ => {
                meta.extra.insert(kb.key.clone(), verbatim());
            }
        }
    }
    let Some(stipulation) = stipulation else {
        return Err(ctx
            .diag(blocks[0].line, indent, blocks[0].key.len(), "this entry has no stipulation")
            .expected("a field such as `stipulation: \"#2\"`"));
    };
    if pieces.is_empty() {
        return Err(ctx
            .diag(blocks[0].line, indent, blocks[0].key.len(), "this entry has no pieces")
            .expected("`algebraic:` with `white:` and `black:` lists"));
    }
    let p = Problem {
        location,
        meta,
        pieces,
        state: Default::default(),
        stipulation,
        conditions,
        options,
        zero_position,
        twins,
        intended,
        initial: None,
    };
    if let Some(r) = crate::problem::check::check(&p) {
        let d = refusal(ctx, &blocks, &r)
            .unwrap_or_else(|| ctx.diag(blocks[0].line, indent, blocks[0].key.len(), r.message.clone()));
        return Err(d.expected(r.expected()).hint(r.hint()));
    }
    Ok(p)
}

/// What an item of `options:` (YACPDB writes conditions there too) is.
enum Item {
    Conditions,
    Options,
    Unknown,
}

/// Tells conditions from options by the item's first words: a name written out decides, then an abbreviation
/// (a condition's first, as YACPDB lists conditions first).
fn item_kind(item: &str) -> Item {
    let ws = words(item);
    if ws.is_empty() {
        return Item::Options;
    }
    match (condition_at(&ws, 0), option_at(&ws, 0)) {
        (Phrase::Exact(..), _) => Item::Conditions,
        (_, Phrase::Exact(..)) => Item::Options,
        (Phrase::Abbreviated(..), _) => Item::Conditions,
        (_, Phrase::Abbreviated(..) | Phrase::Ambiguous(..)) => Item::Options,
        (Phrase::Ambiguous(..), _) => Item::Conditions,
        (Phrase::None, Phrase::None) => Item::Unknown,
    }
}

/// Where a refusal of [`crate::problem::check`] points: the option or condition, the pawn, the colour without a
/// king, else the `algebraic` key; `None` if the entry has none of them.
fn refusal(ctx: &Ctx<'_>, blocks: &[KeyBlock], r: &crate::problem::check::Unsolvable) -> Option<Diagnostic> {
    use crate::problem::check::Culprit;
    use crate::setup::Culprit as Diag;
    let block = |keys: &[&str]| blocks.iter().find(|kb| keys.contains(&kb.key.as_str()));
    // The first occurrence of one of `needles` in the block, as a diagnostic over `len` bytes.
    let spot = |kb: &KeyBlock, needles: &[String]| {
        needles.iter().find_map(|n| {
            let (l, c) = ctx.find(kb, n);
            let found = ctx.lines.get(l).and_then(|s| s.get(c..)).is_some_and(|s| s.starts_with(n.as_str()));
            found.then(|| ctx.diag(l, c, n.chars().count(), r.message.clone()))
        })
    };
    let algebraic = block(&["algebraic"]);
    let at_algebraic = || algebraic.map(|kb| ctx.at_key(kb, r.message.clone()));
    match &r.culprit {
        Culprit::Option(names) => {
            // The option written last, in any spelling, in the block's lines.
            let kb = block(&["options", "conditions"])?;
            (kb.line..kb.line + kb.text.lines().count().max(1)).rev().find_map(|l| {
                let src = ctx.lines.get(l).copied().unwrap_or("");
                let from = if l == kb.line { (kb.indent + kb.key.len() + 1).min(src.len()) } else { 0 };
                let (off, len) = crate::input::vocab::options::find_option(src.get(from..)?, names)?;
                Some(ctx.diag(l, from + off, len, r.message.clone()))
            })
        }
        Culprit::Condition(n) => block(&["options", "conditions"]).and_then(|kb| spot(kb, &[n.to_string()])),
        Culprit::Diagram(Diag::Pawn(sq)) => {
            algebraic.and_then(|kb| spot(kb, &[format!("P{sq}"), format!("p{sq}")])).or_else(at_algebraic)
        }
        Culprit::Diagram(Diag::Kings(c) | Diag::ExtraKings(c)) => {
            let name = c.name().to_lowercase();
            algebraic.and_then(|kb| spot(kb, &[name.clone(), c.name().to_string()])).or_else(at_algebraic)
        }
        Culprit::Diagram(_) => at_algebraic(),
    }
}

/// A one-line summary of a structured source or award: `The Problemist, 1985-03, issue 12, no. 345`.
fn collect_scalars(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Number(n) => out.push(n.to_string()),
        Value::Bool(b) => out.push(b.to_string()),
        Value::Array(a) => a.iter().for_each(|x| collect_scalars(x, out)),
        Value::Object(m) => {
            if let (Some(y), true) = (m.get("year"), m.len() <= 3) {
                let mut d = y.to_string();
                for k in ["month", "day"] {
                    if let Some(x) = m.get(k).and_then(Value::as_u64) {
                        d += &format!("-{x:02}");
                    }
                }
                out.push(d);
                return;
            }
            let order = ["distinction", "name", "tourney", "date", "issue", "problem"];
            for k in order {
                if let Some(x) = m.get(k) {
                    match (k, x) {
                        ("issue", Value::Number(_) | Value::String(_)) => out.push(format!("issue {}", scalar(x))),
                        ("problem", Value::Number(_) | Value::String(_)) => out.push(format!("no. {}", scalar(x))),
                        _ => collect_scalars(x, out),
                    }
                }
            }
            for (k, x) in m {
                if !order.contains(&k.as_str()) {
                    collect_scalars(x, out);
                }
            }
        }
        Value::Null => {}
    }
}

fn scalar(v: &Value) -> String {
    v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ENTRY: &str = "authors:\n  - \"Mlynka, Michal\"\nsource:\n  name: The Problemist\n  date: {year: 1985, month: 3}\n  issue: 12\n  problem: 345\naward: 1st Prize\nalgebraic:\n  white: [Ke1, Qd1, Sf7, CAb3]\n  black: [Ke8, Gc3]\nstipulation: \"h#2\"\noptions:\n  - Madrasi RexInclusive\n  - SetPlay\n  - Defence 2\ntwins:\n  b: Move a1 a2\n  c: Continued Remove d4\nintended-solutions: \"2.1.1.1\"\nsolution: |\n  1.Ke8-d8 Qd1-d7 #\n  1...x\nkeywords: [Model mates]\ncomments:\n  - nice\nyacpdb-id: 12345\n";

    fn one(t: &str) -> Problem {
        match read_yaml(t, "t.yaml").remove(0) {
            Ok(p) => p,
            Err(d) => panic!("{}", d.render()),
        }
    }

    #[test]
    fn reads_an_entry() {
        let p = one(ENTRY);
        assert_eq!(p.meta.authors, ["Mlynka, Michal"]);
        assert_eq!(p.meta.source.as_deref(), Some("The Problemist, 1985-03, issue 12, no. 345"));
        assert_eq!(p.pieces.len(), 6);
        assert_eq!(p.stipulation.to_string(), "h#2");
        assert_eq!(p.conditions[0].options, ["RexInclusive"]);
        assert!(p.options.set_play);
        assert_eq!(p.twins.len(), 2);
        assert_eq!(p.intended.count.as_deref(), Some("2.1.1.1"));
        assert_eq!(p.intended.text.as_deref(), Some("1.Ke8-d8 Qd1-d7 #\n1...x\n"));
        assert_eq!(p.meta.extra.get("yacpdb-id").map(String::as_str), Some(" 12345"));
    }

    #[test]
    fn lists_and_streams_keep_going_after_a_bad_entry() {
        let t = "- algebraic: {white: [Ke1], black: [Ke8]}\n  stipulation: \"#2\"\n- algebraic: {white: [XYe1], black: [Ke8]}\n  stipulation: \"#2\"\n- algebraic:\n    white: [Ke1]\n    black: [Ke8]\n  stipulation: \"h#2\"\n";
        let v = read_yaml(t, "t.yaml");
        assert_eq!(v.len(), 3);
        assert!(v[0].is_ok() && v[2].is_ok());
        let d = v[1].as_ref().unwrap_err();
        assert_eq!((d.location.line, d.location.column), (3, 23));
        assert_eq!(v[2].as_ref().unwrap().location.line, 5);
        let t = "algebraic: {white: [Ke1], black: [Ke8]}\nstipulation: \"#2\"\n---\nstipulation: [\n---\nalgebraic: {white: [Ke1], black: [Ke8]}\nstipulation: \"=2\"\n";
        let v = read_yaml(t, "t.yaml");
        assert_eq!(v.len(), 3);
        assert!(v[0].is_ok() && v[1].is_err() && v[2].is_ok());
    }

    #[test]
    fn flow_style_entries() {
        // YACPDB's and Olive's flow style: a whole entry in braces, alone, as a list item, or over several lines.
        let t = "{algebraic: {white: [Kb6, Rh1], black: [Kb8]}, stipulation: \"#1\", solution: \"1.Rh8#\", keywords: [Miniature]}\n---\n- {authors: [A], algebraic: {white: [Kb6, Rh1], black: [Kb8]}, stipulation: \"#1\"}\n- {algebraic: {white: [Kb6, Rh1],\n     black: [Kb8]}, 'stipulation': '#2'}\n";
        let v = read_yaml(t, "t.yaml");
        assert_eq!(v.len(), 3);
        let p: Vec<&Problem> = v.iter().map(|r| r.as_ref().unwrap_or_else(|d| panic!("{}", d.render()))).collect();
        assert_eq!(p[0].pieces.len(), 3);
        assert_eq!(p[0].intended.text.as_deref(), Some("1.Rh8#"));
        assert_eq!(p[0].meta.keywords, ["Miniature"]);
        assert_eq!(p[1].meta.authors, ["A"]);
        assert_eq!(p[2].stipulation.to_string(), "#2");
        assert_eq!((p[1].location.line, p[2].location.line), (3, 4));
        // An error inside a flow entry points at its place in the text.
        let v = read_yaml("{algebraic: {white: [Kb6, XYh1], black: [Kb8]}, stipulation: \"#1\"}\n", "t.yaml");
        let d = v[0].as_ref().unwrap_err();
        assert_eq!((d.location.line, d.location.column), (1, 27), "{}", d.render());
        let v = read_yaml("{algebraic: {white: [Kb6], black: [Kb8]}, stipulation: \"#1\"\n", "t.yaml");
        assert!(v[0].as_ref().unwrap_err().message.starts_with("YAML: "));
    }
}
