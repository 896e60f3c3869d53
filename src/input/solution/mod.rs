//! Reading Popeye's solution text (English, German or French output) into normalised lines per twin, so that
//! solutions can be compared as sets: the conformance test against Popeye's own output, and `verify` against
//! the solution text a collection stores. Piece letters are translated with the piece registry.

pub mod resolve;
pub mod stated;
pub mod written;

use crate::pieces::PieceWord;
use crate::words::{Lang, BUT, REFUTES, THREAT, ZUGZWANG};

/// The solution lines of one twin (or of a problem without twins).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TwinText {
    /// `a)`, `+b)` or empty.
    pub label: String,
    /// What the twin changes, as its heading says after the label (`bSh3-->h4`, `rotate 90`); empty without twins.
    pub heading: String,
    /// Solution lines in English notation, trailing spaces removed, in their order of appearance.
    pub lines: Vec<String>,
    /// Popeye said it stopped early (`Partial solution`, MaxSolutions, MaxTime).
    pub partial: bool,
}

/// Popeye's `Partial solution` in its three languages (`output/message.c`).
const PARTIAL: [&str; 3] = ["Partial solution", "Partielle Loesung", "solution partielle"];

/// A walk code of Popeye's `lang` output as its English code (`D` → `Q` in German, `C` → `S` in French).
fn translate_code(code: &str, lang: Lang) -> String {
    match PieceWord::english_code(code, lang) {
        Some(en) if lang != Lang::English => en.to_string(),
        _ => code.to_string(),
    }
}

/// Translates the piece letters of one move token (`Ld8-g5`, `1.Tg3-g4`, `a7-a8=D`, `Hc3*d4-e5`).
fn translate_token(tok: &str, lang: Lang) -> String {
    if lang == Lang::English {
        return tok.to_string();
    }
    let b = tok.as_bytes();
    // Skip a move number "12." or "12...".
    let mut i = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut out = String::new();
    if i > 0 && i < b.len() && b[i] == b'.' {
        while i < b.len() && b[i] == b'.' {
            i += 1;
        }
        out += &tok[..i];
    } else {
        i = 0;
    }
    let rest = &tok[i..];
    // The piece code: upper-case letters or digits before the first square.
    let sq = rest
        .char_indices()
        .find(|&(j, c)| {
            ('a'..='h').contains(&c) && rest[j + 1..].chars().next().is_some_and(|d| ('1'..='8').contains(&d))
        })
        .map(|(j, _)| j);
    let Some(j) = sq else {
        return tok.to_string();
    };
    let code = &rest[..j];
    if !code.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) {
        return tok.to_string();
    }
    out += &translate_code(code, lang);
    let tail = &rest[j..];
    match tail.find('=') {
        Some(k) => {
            out += &tail[..=k];
            let promo = &tail[k + 1..];
            let end = promo.find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit())).unwrap_or(promo.len());
            out += &translate_code(&promo[..end], lang);
            out += &promo[end..];
        }
        None => out += tail,
    }
    out
}

fn is_twin_heading(line: &str) -> bool {
    let t = line.trim_start();
    let t = t.strip_prefix('+').unwrap_or(t);
    let mut cs = t.chars();
    matches!((cs.next(), cs.next()), (Some('a'..='z'), Some(')'))) && line.len() - line.trim_start().len() == 0
}

/// Whether a line is one of Popeye's progress lines (MoveNumbers, Intelligent's statistics), not a solution.
fn is_progress(line: &str) -> bool {
    let t = line.trim();
    (t.ends_with(')')
        && t.contains("  (")
        && t.split_whitespace().next().is_some_and(|w| w.chars().all(|c| c.is_ascii_digit())))
        || t.contains("potential positions")
        || t.contains("moegliche Stellungen")
        || t.contains("positions potentielles")
        || t.starts_with("solving")
        || t.contains("Time =")
}

/// Parses Popeye output (as produced with `-regression`, no timings) into per-twin solution lines. The
/// header (authors, board, stipulation line, conditions) is skipped when there is one; text ends at `solution finished.`
/// (`Loesung beendet.`, `solution terminee.`).
pub fn parse_popeye_output(text: &str) -> Vec<TwinText> {
    let lang = if text.contains("Loesung beendet") || text.contains("Drohung") || text.contains("Zugzwang.") {
        Lang::German
    } else if text.contains("solution terminee")
        || text.contains("menace:")
        || text.contains("blocus.")
        || text.contains("solution partielle")
    {
        Lang::French
    } else {
        Lang::English
    };
    let lines: Vec<&str> = text.lines().collect();
    // Start after the board's bottom edge, the stipulation line and the centred option lines (up to a blank).
    // A bare solution text (YACPDB's `solution`) has no header: it is read from its first line.
    let mut i = 0;
    if let Some(k) = lines.iter().rposition(|l| l.starts_with("+---a---b")) {
        // The stipulation line, then the centred lines (conditions, options; a long one starts at the margin) up
        // to a blank line or the first line of the solution: post-key play starts with ` +`, ` threat:` or
        // ` zugzwang.` (no blank line before it).
        i = (k + 2).min(lines.len());
        let solution = |l: &str| {
            let t = l.trim();
            t.starts_with(|c: char| c.is_ascii_digit() || c == '+') || THREAT.contains(&t) || ZUGZWANG.contains(&t)
        };
        while i < lines.len() && !lines[i].trim().is_empty() && !solution(lines[i]) {
            i += 1;
        }
    }
    let mut twins: Vec<TwinText> = Vec::new();
    let mut cur = TwinText::default();
    let mut started = false;
    for raw in &lines[i..] {
        let line = raw.trim_end();
        let t = line.trim();
        if t.starts_with("Loesung beendet") || t.starts_with("solution finished") || t.starts_with("solution terminee")
        {
            break;
        }
        // The zero position's announcement (English, German, French tokens): the diagram is not solved.
        if t.is_empty() || is_progress(line) || matches!(t, "zeroposition" | "NullStellung") {
            continue;
        }
        if PARTIAL.iter().any(|p| t.starts_with(p)) {
            cur.partial = true;
            continue;
        }
        if is_twin_heading(line) {
            if started {
                twins.push(std::mem::take(&mut cur));
            }
            let (label, heading) = t.split_once(' ').unwrap_or((t, ""));
            cur.label = label.to_string();
            cur.heading = heading.trim().to_string();
            started = true;
            continue;
        }
        started = true;
        let lead = &line[..line.len() - line.trim_start().len()];
        let words: Vec<String> = t
            .split(' ')
            .map(|w| match w {
                _ if THREAT.contains(&w) => THREAT[0].to_string(),
                _ if BUT.contains(&w) => BUT[0].to_string(),
                _ if ZUGZWANG.contains(&w) => ZUGZWANG[0].to_string(),
                _ if REFUTES.contains(&w) => REFUTES[0].to_string(),
                _ => translate_token(w, lang),
            })
            .collect();
        cur.lines.push(format!("{lead}{}", words.join(" ")));
    }
    if started || !cur.lines.is_empty() {
        twins.push(cur);
    }
    twins
}

/// A solution text in canonical order: lines form a tree by their indentation (Popeye's tree mode: a key, its
/// threats and defences, the continuations; `but` and the refutations below it), and siblings are sorted, so
/// that two outputs that differ only in the order of moves compare equal. Line-mode solutions (all at one
/// indentation) simply come out sorted.
pub fn canonical_tree(lines: &[String]) -> Vec<String> {
    struct Node {
        text: String,
        children: Vec<Node>,
    }
    fn indent(l: &str) -> usize {
        l.len() - l.trim_start().len()
    }
    // Builds the children of a node whose own indentation is `parent`, from `lines[*i..]`.
    fn build(lines: &[String], i: &mut usize, parent: Option<usize>) -> Vec<Node> {
        let mut out = Vec::new();
        while *i < lines.len() {
            let d = indent(&lines[*i]);
            if parent.is_some_and(|p| d <= p) {
                break;
            }
            let text = lines[*i].trim_end().to_string();
            *i += 1;
            let children = build(lines, i, Some(d));
            out.push(Node { text, children });
        }
        out
    }
    fn render(nodes: &mut [Node], out: &mut Vec<String>) {
        let mut blocks: Vec<Vec<String>> = nodes
            .iter_mut()
            .map(|n| {
                let mut b = vec![n.text.clone()];
                render(&mut n.children, &mut b);
                b
            })
            .collect();
        blocks.sort();
        out.extend(blocks.into_iter().flatten());
    }
    let lines: Vec<String> = lines.iter().filter(|l| !l.trim().is_empty()).cloned().collect();
    let mut i = 0;
    let mut nodes = build(&lines, &mut i, None);
    let mut out = Vec::new();
    render(&mut nodes, &mut out);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn canonical_tree_sorts_siblings_at_every_level() {
        let a: Vec<String> = [
            "   1.Qa1 ! threat:",
            "          2.Qh8 #",
            "      1...Kb2",
            "          2.Qc3 #",
            "          2.Qa2 #",
            "      1...Ka2",
            "          2.Qb2 #",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let b: Vec<String> = [
            "   1.Qa1 ! threat:",
            "          2.Qh8 #",
            "      1...Ka2",
            "          2.Qb2 #",
            "      1...Kb2",
            "          2.Qa2 #",
            "          2.Qc3 #",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(super::canonical_tree(&a), super::canonical_tree(&b));
        // A continuation moved under another defence is a different tree.
        let mut c = b.clone();
        c.swap(2, 4);
        assert_ne!(super::canonical_tree(&a), super::canonical_tree(&c));
    }

    use super::*;

    #[test]
    fn german_tokens() {
        assert_eq!(translate_token("1.Tg3-g4", Lang::German), "1.Rg3-g4");
        assert_eq!(translate_token("Ld8*g5", Lang::German), "Bd8*g5");
        assert_eq!(translate_token("a7-a8=D", Lang::German), "a7-a8=Q");
        assert_eq!(translate_token("1...Dh2-a2", Lang::German), "1...Qh2-a2");
        assert_eq!(translate_token("0-0-0", Lang::German), "0-0-0");
        assert_eq!(translate_token("g2*f3", Lang::German), "g2*f3");
        assert_eq!(translate_token("CAb1-c4", Lang::German), "CAb1-c4");
        // Walks stipula lacks are translated too (German `WF` is the root-50 leaper, `RF`), as are French codes.
        assert_eq!(translate_token("WFb1-c4", Lang::German), "RFb1-c4");
        assert_eq!(translate_token("1...Cb1*c3", Lang::French), "1...Sb1*c3");
    }

    #[test]
    fn twins_and_progress_lines() {
        let out = "+---a---b---c---d---e---f---g---h---+\n  h#3  6 + 12\n\na) \n\n  1.Sf1-e3 Ld8-g5   2.Se3-f5 0-0-0 #\n\n+b) -sSf1  \n\n  1.Ke4-d3 g2*f3 #\n\nLoesung beendet.\n";
        let t = parse_popeye_output(out);
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].lines, vec!["  1.Sf1-e3 Bd8-g5   2.Se3-f5 0-0-0 #"]);
        assert_eq!(t[1].label, "+b)");
        let out = "+---a---b\n  #4  3 + 7\n\n  1  (Ke5-d4 )\n   1.Ke5-d4 ! Drohung:\n\nLoesung beendet.";
        assert_eq!(parse_popeye_output(out)[0].lines, vec!["   1.Ke5-d4 ! threat:"]);
    }

    /// Popeye's French words (`output/message.c`): ` menace:`, `mais`, ` blocus.`, `solution terminee.`,
    /// `solution partielle`, all in lower case.
    #[test]
    fn french_words() {
        let out = "+---a---b\n  #2  3 + 2\n\n   1.Ta1-a3 ? blocus.\n      1...c4-c3 !\n    mais\n      1...Rb1-c1 !\n   1.Df2-f7 ! menace:\n          2.Cd2-b3 #\n      1...Fa8-b7\n        Refute.\n\nsolution partielle\nsolution terminee.\n   1.Ra1-a2 !\n";
        let t = parse_popeye_output(out);
        assert_eq!(t.len(), 1);
        assert!(t[0].partial);
        let want = [
            "   1.Ra1-a3 ? zugzwang.",
            "      1...c4-c3 !",
            "    but",
            "      1...Kb1-c1 !",
            "   1.Qf2-f7 ! threat:",
            "          2.Sd2-b3 #",
            "      1...Ba8-b7",
            "        refutes.",
        ];
        assert_eq!(t[0].lines, want);
    }
}
