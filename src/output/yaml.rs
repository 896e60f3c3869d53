//! Problems as YAML entries in YACPDB's layout, as yacpdb.org and the Olive editor write them (the reader is
//! [`crate::input::yaml`]): fields a reader did not know are written back as they were found.

use crate::output::statement::{condition_text, options_text, piece_token, twin_text};
use crate::problem::options::{Opt, OptionDef};
use crate::problem::{yaml_printable, yaml_string as q, Problem};
use crate::square::Color;

/// The keys the reader interprets and this writer writes from the problem; the others are written as they were
/// found ([`crate::problem::Meta::extra`]).
const KNOWN_KEYS: &[&str] = &[
    "authors",
    "source",
    "award",
    "title",
    "remarks",
    "algebraic",
    "stipulation",
    "options",
    "twins",
    "intended-solutions",
    "solution",
    "keywords",
    "comments",
];

fn list(out: &mut String, key: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    *out += &format!("{key}:\n");
    for i in items {
        *out += &format!("  - {}\n", q(i));
    }
}

/// One problem as a YACPDB entry (no document marker). `solution`, when given, replaces the problem's own
/// solution text.
pub fn entry_to_yaml(p: &Problem, solution: Option<&str>) -> String {
    let m = &p.meta;
    let mut o = String::new();
    list(&mut o, "authors", &m.authors);
    for (key, val) in [("source", &m.source), ("award", &m.award)] {
        if let Some(text) = m.extra.get(key) {
            o += &format!("{key}:{text}\n");
        } else if let Some(s) = val {
            o += &format!("{key}: {}\n", q(s));
        }
    }
    if let Some(t) = &m.title {
        o += &format!("title: {}\n", q(t));
    }
    list(&mut o, "remarks", &m.remarks);
    o += "algebraic:\n";
    // YACPDB's colours: white, black, and neutral for the neutral pieces (written without their attribute).
    let neutral = |x: &&crate::pieces::Placed| x.attrs.has(crate::pieces::Attrs::NEUTRAL);
    for (name, color) in [("white", Some(Color::White)), ("black", Some(Color::Black)), ("neutral", None)] {
        let ps: Vec<String> = p
            .pieces
            .iter()
            .filter(|x| match color {
                Some(c) => x.color == c && !neutral(x),
                None => neutral(x),
            })
            .map(|x| match color {
                Some(_) => piece_token(x),
                None => piece_token(&crate::pieces::Placed {
                    attrs: crate::pieces::Attrs(x.attrs.0 & !crate::pieces::Attrs::NEUTRAL.0),
                    ..*x
                }),
            })
            .collect();
        if !ps.is_empty() {
            o += &format!("  {name}: [{}]\n", ps.join(", "));
        }
    }
    o += &format!("stipulation: {}\n", q(&p.stipulation.to_string()));
    let mut opts: Vec<String> = p.conditions.iter().map(condition_text).collect();
    opts.extend(options_text(&p.options));
    if p.zero_position {
        opts.push(OptionDef::of(Opt::ZeroPosition).name().into());
    }
    list(&mut o, "options", &opts);
    if !p.twins.is_empty() {
        o += "twins:\n";
        for (i, t) in p.twins.iter().enumerate() {
            o += &format!("  {}: {}\n", twin_key(i), q(&twin_text(t)));
        }
    }
    if let Some(c) = &p.intended.count {
        // Unquoted only as a number that reads back as the same text (not `00`, `007`).
        if c.bytes().all(|b| b.is_ascii_digit()) && !c.is_empty() && c.len() < 10 && (c == "0" || !c.starts_with('0')) {
            o += &format!("intended-solutions: {c}\n");
        } else {
            o += &format!("intended-solutions: {}\n", q(c));
        }
    }
    if let Some(text) = solution.or(p.intended.text.as_deref()) {
        o += &literal_block("solution", text);
    }
    list(&mut o, "keywords", &m.keywords);
    list(&mut o, "comments", &m.comments);
    for (k, v) in &m.extra {
        if k != "source" && k != "award" && !KNOWN_KEYS.contains(&k.as_str()) {
            o += &format!("{k}:{v}\n");
        }
    }
    o
}

/// Twin letters as YACPDB writes them: `b`, `c`, … `z`, then `z1`, `z2`, ….
fn twin_key(i: usize) -> String {
    if i < 25 {
        ((b'b' + i as u8) as char).to_string()
    } else {
        format!("z{:02}", i - 24)
    }
}

/// A literal block scalar that keeps leading spaces and the exact trailing newlines.
fn literal_block(key: &str, text: &str) -> String {
    if text.is_empty()
        || text.contains('\t')
        || text.lines().any(|l| l.ends_with(' '))
        || text.contains('\r')
        || !text.chars().all(yaml_printable)
    {
        return format!("{key}: {}\n", q(text));
    }
    let body = text.trim_end_matches('\n');
    let trailing = text.len() - body.len();
    let chomp = match trailing {
        0 => "-",
        1 => "",
        _ => "+",
    };
    let mut o = format!("{key}: |2{chomp}\n");
    for l in body.split('\n') {
        if l.is_empty() {
            o.push('\n');
        } else {
            o += &format!("  {l}\n");
        }
    }
    for _ in 1..trailing {
        o.push('\n');
    }
    o
}

/// Problems as a YAML stream, one document per problem.
pub fn write_yaml(problems: &[Problem]) -> String {
    problems.iter().map(|p| entry_to_yaml(p, None)).collect::<Vec<_>>().join("---\n")
}

/// `--format yaml`: each problem as a YACPDB entry with its `solution` field filled in (the text rendering).
pub const FORMAT: super::Format = super::Format {
    name: "yaml",
    about: "The problems as YACPDB entries with the `solution` field filled in",
    part: |p, solved| {
        let text = super::text::solution_text(solved.ok()?);
        Some(entry_to_yaml(p, Some(&format!("{}\n", text.trim_end()))))
    },
    whole: |parts| parts.join("---\n"),
    streamed: false,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::yaml::read_yaml;
    use std::collections::BTreeMap;

    fn one(t: &str) -> Problem {
        match read_yaml(t, "t.yaml").remove(0) {
            Ok(p) => p,
            Err(d) => panic!("{}", d.render()),
        }
    }

    const ENTRY: &str = "authors:\n  - \"Mlynka, Michal\"\nsource:\n  name: The Problemist\n  date: {year: 1985, month: 3}\n  issue: 12\n  problem: 345\naward: 1st Prize\nalgebraic:\n  white: [Ke1, Qd1, Sf7, CAb3]\n  black: [Ke8, Gc3]\nstipulation: \"h#2\"\noptions:\n  - Madrasi RexInclusive\n  - SetPlay\n  - Defence 2\ntwins:\n  b: Move a1 a2\n  c: Continued Remove d4\nintended-solutions: \"2.1.1.1\"\nsolution: |\n  1.Ke8-d8 Qd1-d7 #\n  1...x\nkeywords: [Model mates]\ncomments:\n  - nice\nyacpdb-id: 12345\n";

    #[test]
    fn round_trip() {
        let p = one(ENTRY);
        let w = write_yaml(std::slice::from_ref(&p));
        let q2 = one(&w);
        assert_eq!(p, q2, "{w}");
        assert_eq!(write_yaml(&[q2]), w);
    }

    #[test]
    fn solution_blocks_keep_leading_spaces() {
        for text in ["  1.a b\n", "  1.a b", "x\n\n  y\n\n"] {
            let y = literal_block("solution", text);
            let m: BTreeMap<String, String> = serde_saphyr::from_str(&y).unwrap();
            assert_eq!(m["solution"], text, "{y}");
        }
    }
}
