//! How words are looked up in the registries (pieces, conditions, options, twinning commands): Popeye's three
//! languages, the normal form multi-word names are compared in, Popeye's abbreviation rule, and "did you mean
//! …?" for a word no registry knows.

/// Popeye's input and output languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    English,
    German,
    French,
}

impl Lang {
    /// The three languages, in the order of [`Names`].
    pub const ALL: [Lang; 3] = [Lang::English, Lang::German, Lang::French];

    /// The position of the language in a [`Names`] array.
    pub const fn index(self) -> usize {
        match self {
            Lang::English => 0,
            Lang::German => 1,
            Lang::French => 2,
        }
    }

    /// The language's English name.
    pub const fn name(self) -> &'static str {
        match self {
            Lang::English => "English",
            Lang::German => "German",
            Lang::French => "French",
        }
    }
}

/// A word in Popeye's three languages: `[English, German, French]`.
pub type Names = [&'static str; 3];

/// Popeye's words in its tree (its messages `Threat`, `But`, `Zugzwang`, `output/message.c`): `[English, German,
/// French]`; the readers of its output and the writers of stipula's use them.
pub const THREAT: Names = ["threat:", "Drohung:", "menace:"];
pub const BUT: Names = ["but", "Aber", "mais"];
pub const ZUGZWANG: Names = ["zugzwang.", "Zugzwang.", "blocus."];
/// Popeye's word after a defence that refutes in post-key play (its message `Refutation`).
pub const REFUTES: Names = ["refutes.", "Widerlegt.", "Refute."];

/// The word of `names` in `lang`.
pub const fn in_lang(names: &Names, lang: Lang) -> &'static str {
    names[lang.index()]
}

/// How a reader writes its words, which decides how they are looked up in the registries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// Popeye input in one of its languages: one token per word, case ignored; Popeye's names in that
    /// language, written out or abbreviated where Popeye accepts an abbreviation (a unique prefix), and
    /// stipula's own names written out.
    Popeye(Lang),
    /// stipula's statement language, YAML entries and command-line arguments: a name may be several words
    /// (spaces, `-`, `_` and case ignored); Popeye's names in any of its languages and stipula's own names
    /// written out, Popeye's English names also abbreviated where Popeye accepts it.
    Statement,
}

impl Spelling {
    /// The language whose Popeye names may be abbreviated.
    pub const fn lang(self) -> Lang {
        match self {
            Spelling::Popeye(l) => l,
            Spelling::Statement => Lang::English,
        }
    }

    /// The languages whose Popeye names are accepted written out.
    pub fn langs(self) -> &'static [Lang] {
        match self {
            Spelling::Popeye(Lang::English) => &[Lang::English],
            Spelling::Popeye(Lang::German) => &[Lang::German],
            Spelling::Popeye(Lang::French) => &[Lang::French],
            Spelling::Statement => &Lang::ALL,
        }
    }

    /// Whether `word` is `name` written out, in this spelling's normal form.
    pub fn same(self, word: &str, name: &str) -> bool {
        match self {
            Spelling::Popeye(_) => word.eq_ignore_ascii_case(name),
            Spelling::Statement => norm(word) == norm(name),
        }
    }

    /// Popeye's keyword rule ([`find`]) in this spelling's normal form.
    pub fn find<T: Copy + PartialEq>(self, word: &str, table: impl IntoIterator<Item = (&'static str, T)>) -> Found<T> {
        match self {
            Spelling::Popeye(_) => find(word, table),
            Spelling::Statement => find_norm(word, table),
        }
    }
}

/// The normal form names are compared in: lower case, without spaces, tabs, `-` and `_`, so that `set play`,
/// `setplay` and `SetPlay` are one word, and `Madness of Kings` is `MadnessOfKings`.
pub fn norm(s: &str) -> String {
    s.chars().filter(|c| !matches!(c, ' ' | '-' | '_' | '\t')).flat_map(char::to_lowercase).collect()
}

/// What a keyword table says of a word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found<T> {
    /// An exact match or a unique prefix: the value and the keyword's full spelling.
    One(T, &'static str),
    /// A prefix of several keywords (their full spellings).
    Ambiguous(Vec<&'static str>),
    /// Not a keyword of the table.
    None,
}

/// Popeye's keyword rule (`GetUniqIndex` in its `input/plaintext/token.c`): case-insensitive; a keyword written
/// out wins, otherwise the word must be the prefix of exactly one keyword. Keywords with the same value count
/// once. (Popeye takes the first keyword the word is a prefix of, and calls the word ambiguous if a later one
/// also starts with it unless the first is written out; no table of Popeye's has a keyword that is a prefix of
/// an earlier one, so "written out anywhere wins" is the same rule.)
pub fn find<T: Copy + PartialEq>(word: &str, table: impl IntoIterator<Item = (&'static str, T)>) -> Found<T> {
    find_by(word, table, |s| s.to_ascii_lowercase())
}

/// [`find`] with both sides in [`norm`]'s normal form: for names written as several words (`rex incl`).
pub fn find_norm<T: Copy + PartialEq>(word: &str, table: impl IntoIterator<Item = (&'static str, T)>) -> Found<T> {
    find_by(word, table, norm)
}

fn find_by<T: Copy + PartialEq>(
    word: &str,
    table: impl IntoIterator<Item = (&'static str, T)>,
    key: impl Fn(&str) -> String,
) -> Found<T> {
    let lw = key(word);
    if lw.is_empty() {
        return Found::None;
    }
    let mut hits: Vec<(&'static str, T)> = Vec::new();
    for (name, value) in table {
        let ln = key(name);
        if ln == lw {
            return Found::One(value, name);
        }
        if ln.starts_with(&lw) && !hits.iter().any(|&(_, v)| v == value) {
            hits.push((name, value));
        }
    }
    match hits.len() {
        0 => Found::None,
        1 => Found::One(hits[0].1, hits[0].0),
        _ => Found::Ambiguous(hits.into_iter().map(|(n, _)| n).collect()),
    }
}

/// Levenshtein distance, case-insensitive.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The candidate closest to `word`, if it is close enough to be a plausible misspelling (at most a third of
/// the word's length, at least 1 edit allowed), or if `word` is a prefix of exactly one candidate.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lw = word.to_lowercase();
    let mut best: Option<(usize, &'a str)> = None;
    let mut prefix_hits = Vec::new();
    for c in candidates {
        if !lw.is_empty() && c.to_lowercase().starts_with(&lw) {
            prefix_hits.push(c);
        }
        let d = distance(word, c);
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    if prefix_hits.len() == 1 {
        return Some(prefix_hits[0]);
    }
    let limit = (word.chars().count() / 3).max(1);
    best.filter(|&(d, _)| d <= limit).map(|(_, c)| c)
}

/// `a`, `a or b`, `a, b or c`.
pub fn join_or(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(did_you_mean("Madrasy", ["Madrasi", "Isardam", "Eiffel"]), Some("Madrasi"));
        assert_eq!(did_you_mean("Isard", ["Madrasi", "Isardam", "Eiffel"]), Some("Isardam"));
        assert_eq!(did_you_mean("Circe", ["Madrasi", "Isardam", "Eiffel"]), None);
    }

    #[test]
    fn popeye_keyword_rule() {
        let t = [("Stipulation", 1), ("SStipulation", 2), ("Shift", 3)];
        assert_eq!(find("stip", t), Found::One(1, "Stipulation"));
        assert_eq!(find("STIPULATION", t), Found::One(1, "Stipulation"));
        assert_eq!(find("s", t), Found::Ambiguous(vec!["Stipulation", "SStipulation", "Shift"]));
        assert_eq!(find("x", t), Found::None);
        assert_eq!(find("", t), Found::None);
        // A keyword written out wins over a longer keyword it is a prefix of.
        let t = [("Duplex", 1), ("DuplexX", 2)];
        assert_eq!(find("duplex", t), Found::One(1, "Duplex"));
        // Spellings of one value count once.
        assert_eq!(find("eif", [("EiffelChess", 1), ("Eiffel", 1)]), Found::One(1, "EiffelChess"));
        assert_eq!(find_norm("rex incl", [("RexInclusive", 1), ("RexExclusive", 2)]), Found::One(1, "RexInclusive"));
        assert_eq!(norm("Madness of-Kings_x"), "madnessofkingsx");
    }
}
