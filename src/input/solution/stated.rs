//! A stated solution read into a tree of written moves per twin, the way problemists write it: move numbers
//! (`1.`, `1...`, `1…`, `1. ...`), keys and tries (`!`, `?`), threats in brackets (`(2.Qe4#)`) or after
//! `threat:`, variations (`1...Rc4 2.Bxc4#`), duals after `/` or `,`, help and series lines, twins (`a)`,
//! `+b)`); comments in braces or quotes and words that are not moves are passed over. Popeye's own output
//! (board, stipulation, `solution finished.`) reads the same way. Which move each one is, is decided against a
//! position by [`super::resolve`].

use super::written::{is_marks, read_written, split_marks, Marks, Written};

/// How move numbers count in a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Direct, self and reflex play: `1.` is the attacker's move, `1...` the defender's.
    Tree,
    /// Help play: two half-moves to a number.
    Help,
    /// Series play: one series move to a number; the opponent passes between numbered moves.
    Series,
}

/// One written move of a stated solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatedNode {
    pub written: Written,
    /// The move as written, with its number and marks (`1.Nxd3!`, `1.Rd2*d4 !`, `2.Qa7-a1 #`).
    pub text: String,
    /// Where the move starts: a byte offset in the solution text.
    pub at: usize,
    /// The half-move it is, counted from 0 by its number (`1.` is 0 and `1...` is 1 in tree and help play).
    pub ply: u32,
    /// Written with a move number.
    pub numbered: bool,
    pub marks: Marks,
    /// Passes before the move: the defender's in a threat, the opponent's between two series moves.
    pub passes: u32,
    /// A threat (written in brackets or after `threat:`): the attacker's move after a pass.
    pub threat: bool,
    pub children: Vec<usize>,
}

/// The stated solution of one twin (or of a problem without twins): its moves as a tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatedTwin {
    /// `a)`, `+b)` or empty.
    pub label: String,
    pub nodes: Vec<StatedNode>,
    pub roots: Vec<usize>,
}

impl StatedTwin {
    /// The lines of the tree, root to leaf, as node indices.
    pub fn lines(&self) -> Vec<Vec<usize>> {
        fn walk(t: &StatedTwin, i: usize, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            path.push(i);
            if t.nodes[i].children.is_empty() {
                out.push(path.clone());
            }
            for &c in &t.nodes[i].children {
                walk(t, c, path, out);
            }
            path.pop();
        }
        let mut out = Vec::new();
        for &r in &self.roots {
            walk(self, r, &mut Vec::new(), &mut out);
        }
        out
    }

    /// A line's text: its moves as written, joined by single spaces.
    pub fn line_text(&self, line: &[usize]) -> String {
        line.iter().map(|&i| self.nodes[i].text.as_str()).collect::<Vec<_>>().join(" ")
    }
}

/// One token of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok<'a> {
    Word(usize, &'a str),
    Open,
    Close,
    /// `,`, `;` or `/` between moves: the next move without a number is another choice at the same half-move.
    Alt,
}

/// The part of `text` that holds the solution: after Popeye's board and stipulation lines, up to
/// `solution finished.` (in any of Popeye's languages); progress lines blanked. Offsets are kept.
fn body(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let board_end = text.lines().collect::<Vec<_>>().iter().rposition(|l| l.starts_with("+---a---b"));
    let mut in_header = board_end.is_some();
    let mut ended = false;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let t = line.trim();
        if board_end.is_some_and(|b| i > b) && in_header && t.is_empty() {
            in_header = false;
        }
        if [
            "solution finished",
            "Loesung beendet",
            "solution terminee",
            "solving interrupted",
            "Bearbeitung abgebrochen",
            "solution interrompue",
        ]
        .iter()
        .any(|e| t.starts_with(e))
        {
            ended = true;
        }
        let blank = ended || in_header || board_end.is_some_and(|b| i <= b) || super::is_progress(line);
        if blank {
            // Blanked with the same byte length, so that offsets keep pointing into the text.
            out.extend(line.chars().map(|c| if c == '\n' { "\n".to_string() } else { " ".repeat(c.len_utf8()) }));
        } else {
            out += line;
        }
    }
    out
}

/// A twin label: `a)`, `+b)` (without the `)`).
fn twin_label(w: &str) -> bool {
    let w = w.strip_prefix('+').unwrap_or(w);
    w.len() == 1 && w.chars().all(|c| c.is_ascii_lowercase())
}

/// A label that only numbers solutions: `I)`, `II)`, `1)`.
fn solution_label(w: &str) -> bool {
    !w.is_empty() && (w.chars().all(|c| matches!(c, 'I' | 'V' | 'X')) || w.chars().all(|c| c.is_ascii_digit()))
}

fn tokens(text: &str) -> Vec<Tok<'_>> {
    let b: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let closing = |open: char| match open {
        '{' => '}',
        '"' => '"',
        '“' => '”',
        '«' => '»',
        _ => open,
    };
    while i < b.len() {
        let c = b[i].1;
        match c {
            _ if c.is_whitespace() => i += 1,
            '{' | '"' | '“' | '«' => {
                // A comment: skipped to its end (braces nest).
                let close = closing(c);
                let mut depth = 1;
                i += 1;
                while i < b.len() && depth > 0 {
                    if b[i].1 == close {
                        depth -= 1;
                    } else if c == '{' && b[i].1 == '{' {
                        depth += 1;
                    }
                    i += 1;
                }
            }
            // The imitators' squares after a move (Popeye's `Kg3-h2[Ic5]`, `[If6,b7]`): not a variation.
            '[' if b.get(i + 1).is_some_and(|x| x.1 == 'I')
                && b.get(i + 2).is_some_and(|x| ('a'..='h').contains(&x.1)) =>
            {
                while i < b.len() && b[i].1 != ']' {
                    i += 1;
                }
                i += 1;
            }
            '(' | '[' => {
                out.push(Tok::Open);
                i += 1;
            }
            ')' | ']' => {
                out.push(Tok::Close);
                i += 1;
            }
            ',' | ';' => {
                out.push(Tok::Alt);
                i += 1;
            }
            _ => {
                let start = i;
                while i < b.len() && !b[i].1.is_whitespace() && !"{}\"“”«»()[],;".contains(b[i].1) {
                    i += 1;
                }
                if i == start {
                    // A closing mark without its opening one (`}`, `”`, `»`): passed over.
                    i += 1;
                    continue;
                }
                let from = b[start].0;
                let mut to = b.get(i).map_or(text.len(), |x| x.0);
                let word = &text[from..to];
                if b.get(i).is_some_and(|x| x.1 == ')') && (twin_label(word) || solution_label(word)) {
                    // `a)`, `+b)`, `II)`.
                    i += 1;
                    to = b.get(i).map_or(text.len(), |x| x.0);
                } else if b.get(i).is_some_and(|x| x.1 == '(') && word.ends_with(|c: char| c.is_ascii_digit()) {
                    // A promotion in brackets, `e8(Q)`: part of the move.
                    if let Some(k) = (i + 1..b.len().min(i + 6)).find(|&k| b[k].1 == ')') {
                        i = k + 1;
                        to = b.get(i).map_or(text.len(), |x| x.0);
                        // Marks after it: `e8(Q)+`.
                        while i < b.len() && !b[i].1.is_whitespace() && !"{}\"“”«»()[],;".contains(b[i].1) {
                            i += 1;
                        }
                        to = b.get(i).map_or(to.max(text.len().min(to)), |x| x.0);
                    }
                }
                push_word(&mut out, from, &text[from..to]);
            }
        }
    }
    out
}

/// A word, split at `/` between two moves (`2.Qa1#/Qg7#`; not `e8/Q`).
fn push_word<'a>(out: &mut Vec<Tok<'a>>, at: usize, word: &'a str) {
    let mut start = 0;
    for (k, _) in word.match_indices('/') {
        let next = &word[k + 1..];
        let next_end = next.find('/').unwrap_or(next.len());
        if next[..next_end].chars().any(|c| ('1'..='8').contains(&c)) && k > start {
            out.push(Tok::Word(at + start, &word[start..k]));
            out.push(Tok::Alt);
            start = k + 1;
        }
    }
    if start < word.len() {
        out.push(Tok::Word(at + start, &word[start..]));
    }
}

/// A move number at the start of a word: (number, defender's or second half-move, length in bytes).
fn move_number(w: &str) -> Option<(u32, bool, usize)> {
    let digits = w.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let n: u32 = w[..digits].parse().ok()?;
    let rest = &w[digits..];
    let dots = rest.chars().take_while(|&c| c == '.' || c == '…').collect::<String>();
    if dots.is_empty() {
        return None;
    }
    let second = dots.contains('…') || dots.len() >= 2;
    Some((n, second, digits + dots.len()))
}

/// What a bracket saves of the builder's state: the path, whether a line runs, the last move, the threat base.
struct Saved {
    path: Vec<usize>,
    run: bool,
    last: Option<usize>,
    threat_base: Option<u32>,
}

/// Builds the tree from the tokens.
struct Builder {
    style: Style,
    twins: Vec<StatedTwin>,
    cur: StatedTwin,
    /// The nodes from a root to the last move placed.
    path: Vec<usize>,
    /// An unnumbered move may follow the last one.
    run: bool,
    last: Option<usize>,
    alt: bool,
    /// A number written apart from its move (`1.` `...` `Rc4`): (number, second half, its text, offset).
    pending: Option<(u32, bool, String, usize)>,
    /// Open brackets: the state to restore at the close.
    groups: Vec<Saved>,
    threat_base: Option<u32>,
}

impl Builder {
    fn new_twin(&mut self, label: &str) {
        let cur = std::mem::take(&mut self.cur);
        if !cur.nodes.is_empty() || !cur.label.is_empty() {
            self.twins.push(cur);
        }
        self.cur.label = label.to_string();
        self.reset();
    }

    fn reset(&mut self) {
        self.path.clear();
        self.run = false;
        self.last = None;
        self.alt = false;
        self.pending = None;
        self.groups.clear();
        self.threat_base = None;
    }

    fn word(&mut self, at: usize, w: &str) {
        if let Some(l) = w.strip_suffix(')') {
            if twin_label(l) {
                self.new_twin(w);
                return;
            }
            if solution_label(l) {
                self.run = false;
                return;
            }
        }
        if w.chars().all(|c| matches!(c, '-' | '–' | '—')) {
            // A dash between the moves of a line.
            return;
        }
        // The number: in the word (`1.Nxd3`), or written before it (`1.` `Nxd3`, `1.` `...` `Rc4`).
        let (number, text_at, prefix, body) = match move_number(w) {
            Some((n, second, len)) => (Some((n, second)), at, String::new(), &w[len..]),
            None => match self.pending.take() {
                Some((n, _, t, pat)) if w.chars().all(|c| c == '.' || c == '…') => {
                    self.pending = Some((n, true, format!("{t} {w}"), pat));
                    return;
                }
                Some((n, second, t, pat)) => (Some((n, second)), pat, format!("{t} "), w),
                None => (None, at, String::new(), w),
            },
        };
        if body.is_empty() {
            if let Some((n, second)) = number {
                self.pending = Some((n, second, w.to_string(), at));
            }
            return;
        }
        if number.is_none() && is_marks(body) {
            if let Some(l) = self.last {
                let node = &mut self.cur.nodes[l];
                node.marks.good |= body.contains('!') && !body.contains("!=");
                node.marks.bad |= body.contains('?');
                node.text = format!("{} {body}", node.text);
            }
            return;
        }
        let (core, marks) = split_marks(body);
        let Some(written) = read_written(core) else {
            // A word that is not a move ends the line: a move without a number no longer continues it.
            self.run = false;
            self.alt = false;
            return;
        };
        let ply = match number {
            Some((n, second)) => match self.style {
                Style::Series => n.saturating_sub(1),
                _ => 2 * n.saturating_sub(1) + second as u32,
            },
            None => match (self.run, self.last, self.threat_base) {
                (true, Some(l), _) => self.cur.nodes[l].ply + if self.alt { 0 } else { 1 },
                (false, _, Some(base)) => base + 2,
                _ => return,
            },
        };
        self.threat_base = None;
        // In help and series play every `1.` starts a line of its own.
        if number.is_some_and(|(n, _)| n == 1) && self.style != Style::Tree {
            self.path.clear();
        }
        while self.path.last().is_some_and(|&p| self.cur.nodes[p].ply >= ply) {
            self.path.pop();
        }
        let parent = self.path.last().copied();
        let (passes, threat) = match parent.map(|p| &self.cur.nodes[p]) {
            None => (0, false),
            Some(p) if self.style == Style::Series => ((number.is_some() && p.numbered) as u32, false),
            Some(p) => {
                let gap = ply.saturating_sub(p.ply + 1);
                (gap, gap > 0)
            }
        };
        let text = format!("{prefix}{w}");
        let idx = self.cur.nodes.len();
        self.cur.nodes.push(StatedNode {
            written,
            text,
            at: text_at,
            ply,
            numbered: number.is_some(),
            marks,
            passes,
            threat,
            children: Vec::new(),
        });
        match parent {
            Some(p) => self.cur.nodes[p].children.push(idx),
            None => self.cur.roots.push(idx),
        }
        self.path.push(idx);
        self.last = Some(idx);
        self.run = true;
        self.alt = false;
    }
}

/// Reads a stated solution (a YACPDB `solution`, a Popeye output, a text in any notation) into its twins'
/// trees of written moves. A text without twin labels is one twin with an empty label.
pub fn read_stated(text: &str, style: Style) -> Vec<StatedTwin> {
    let body = body(text);
    let mut b = Builder {
        style,
        twins: Vec::new(),
        cur: StatedTwin::default(),
        path: Vec::new(),
        run: false,
        last: None,
        alt: false,
        pending: None,
        groups: Vec::new(),
        threat_base: None,
    };
    for tok in tokens(&body) {
        match tok {
            Tok::Word(at, w) => b.word(at, w),
            Tok::Open => {
                b.groups.push(Saved { path: b.path.clone(), run: b.run, last: b.last, threat_base: b.threat_base });
                b.threat_base = b.last.map(|l| b.cur.nodes[l].ply);
                b.run = false;
            }
            Tok::Close => {
                if let Some(saved) = b.groups.pop() {
                    b.path = saved.path;
                    b.run = saved.run;
                    b.last = saved.last;
                    b.threat_base = saved.threat_base;
                    b.pending = None;
                }
            }
            Tok::Alt => b.alt = b.run,
        }
    }
    b.new_twin("");
    b.twins.retain(|t| !t.nodes.is_empty() || !t.label.is_empty());
    b.twins
}

/// The 1-based line and column (in characters) of a byte offset in `text`.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before[before.rfind('\n').map_or(0, |i| i + 1)..].chars().count() + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(t: &StatedTwin) -> Vec<String> {
        t.lines().iter().map(|l| t.line_text(l)).collect()
    }

    #[test]
    fn a_closing_mark_without_its_opening_one_is_passed_over() {
        // A stray `}`, `”` or `»` once kept the reader on the same character for ever (found by the fuzz test).
        for text in ["1.Nxd3! } 2.Qe4#", "1.Nxd3! ” 2.Qe4#", "1.Nxd3! » 2.Qe4#", "}"] {
            let tokens = tokens(text);
            assert!(tokens.len() <= 3, "{text}: {} tokens", tokens.len());
        }
    }

    #[test]
    fn a_tree_in_short_algebraic() {
        let t = &read_stated("1.Nxd3! (2.Qe4#) 1...Rc4 2.Bxc4# 1...Rd4 {nice} 2.Qxd4# \"the point\"", Style::Tree)[0];
        assert_eq!(t.roots.len(), 1);
        let key = &t.nodes[t.roots[0]];
        assert!(key.marks.good && key.ply == 0 && key.text == "1.Nxd3!");
        let kids: Vec<(&str, bool, u32)> =
            key.children.iter().map(|&c| (t.nodes[c].text.as_str(), t.nodes[c].threat, t.nodes[c].ply)).collect();
        assert_eq!(kids, [("2.Qe4#", true, 2), ("1...Rc4", false, 1), ("1...Rd4", false, 1)]);
        assert_eq!(shape(t), ["1.Nxd3! 2.Qe4#", "1.Nxd3! 1...Rc4 2.Bxc4#", "1.Nxd3! 1...Rd4 2.Qxd4#"]);
    }

    #[test]
    fn popeyes_tree_with_a_try_and_a_threat() {
        // BEISPIEL-castling_5.out and BEISPIEL-castling_1.out (Popeye 4.104), under a board and up to the end.
        let text = "+---a---b\n  #3    2 + 2\n\n   1.Ta1-a3 ? zugzwang.\n      1...Kc2-c1\n          2.Ta3-c3 #\n    but\n      1...c4-c3 !\n   1.Qa7-f2 ! threat:\n          2.0-0 #\n\nsolution finished.\n   1.Qa1-a2 !\n";
        let t = &read_stated(text, Style::Tree)[0];
        assert_eq!(t.roots.len(), 2);
        let (try_, key) = (&t.nodes[t.roots[0]], &t.nodes[t.roots[1]]);
        assert!(try_.marks.bad && !try_.marks.good && key.marks.good);
        assert_eq!(key.text, "1.Qa7-f2 !");
        let refutation = &t.nodes[*try_.children.last().unwrap()];
        assert!(refutation.marks.good && refutation.ply == 1);
        assert!(t.nodes[key.children[0]].threat);
    }

    #[test]
    fn help_lines_twins_and_numbers_apart() {
        let tw = read_stated(
            "a) 1.Kd4 Rc4 2.Sc3 Bf2# 1.Ke4 - Bd3+ 2.Kf3 Re3#\nb) 1. ... Rc4 2.Kd4 Bf2 3.Sc3 Bd4#",
            Style::Help,
        );
        assert_eq!(tw.len(), 2);
        assert_eq!(tw[0].label, "a)");
        assert_eq!(shape(&tw[0]), ["1.Kd4 Rc4 2.Sc3 Bf2#", "1.Ke4 Bd3+ 2.Kf3 Re3#"]);
        assert_eq!(shape(&tw[1]), ["1. ... Rc4 2.Kd4 Bf2 3.Sc3 Bd4#"]);
        assert_eq!(tw[1].nodes[0].ply, 1);
    }

    #[test]
    fn series_moves_have_passes_between_them() {
        // BEISPIEL-intell_105.out (Popeye 4.104, ser-h#6).
        let t =
            &read_stated("  1.Kc4-c5   2.Tc3-c4   3.Se4-c3   4.Ld3-e4   5.d4-d3   6.Kc5-d4 Lg3-f2 #", Style::Series)[0];
        let passes: Vec<u32> = t.nodes.iter().map(|n| n.passes).collect();
        assert_eq!(passes, [0, 1, 1, 1, 1, 1, 0]);
        assert_eq!(t.lines().len(), 1);
    }

    #[test]
    fn duals_after_a_slash_or_comma() {
        let t = &read_stated("1.Rd4! 1...Bb1 2.Qa1#/Qg7# 1...Qe3 2.Qa1#, Qd7#", Style::Tree)[0];
        assert_eq!(
            shape(t),
            ["1.Rd4! 1...Bb1 2.Qa1#", "1.Rd4! 1...Bb1 Qg7#", "1.Rd4! 1...Qe3 2.Qa1#", "1.Rd4! 1...Qe3 Qd7#"]
        );
        assert!(t.nodes.iter().filter(|n| n.ply == 2).count() == 4);
    }

    #[test]
    fn promotion_in_brackets_and_positions() {
        let text = "1.e8(Q)+ Kd7\n2.Qd8#";
        let t = &read_stated(text, Style::Help)[0];
        assert_eq!(t.nodes[0].text, "1.e8(Q)+");
        assert_eq!(line_col(text, t.nodes[2].at), (2, 1));
    }
}
