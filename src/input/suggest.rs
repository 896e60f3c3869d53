//! "Did you mean …?": the closest known word to a misspelt one.

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
}
