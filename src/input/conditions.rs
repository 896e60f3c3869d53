//! Conditions written as text (`Madrasi RI`, `Isardam type B`, `Madness of Kings frog`): the one place that
//! turns a condition's words into a canonical [`ConditionSpec`].

use crate::words::did_you_mean;
use crate::pieces::Kind;
use crate::conditions::ConditionSpec;

/// Canonical condition names with the spellings accepted for each (compared without case, spaces, `-`, `_`).
pub const CONDITION_NAMES: &[(&str, &[&str])] = &[
    ("Madrasi", &["madrasi", "madras"]),
    ("Isardam", &["isardam"]),
    ("Eiffel", &["eiffel", "eiffelchess", "eiffelschach", "echecseiffel"]),
    ("Parsi", &["parsi", "parsichess"]),
    ("MadnessOfKings", &["madnessofkings", "madnessofkingschess", "madness"]),
];

fn norm(s: &str) -> String {
    s.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).flat_map(char::to_lowercase).collect()
}

/// Canonical name for a condition's spelling.
pub fn canonical_condition(name: &str) -> Option<&'static str> {
    let n = norm(name);
    CONDITION_NAMES.iter().find(|(_, alts)| alts.iter().any(|a| *a == n)).map(|(c, _)| *c)
}

/// Parses one condition with its options, e.g. `Madrasi RI`, `Madrasi rex inclusive`, `Isardam type B`,
/// `Madness of Kings fers`, `Parsi white leap used`.
pub fn parse_condition_text(text: &str) -> Result<ConditionSpec, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return Err("empty condition".into());
    }
    // The longest prefix of words that names a condition.
    let (name, used) = (1..=words.len().min(4))
        .rev()
        .find_map(|n| canonical_condition(&words[..n].join(" ")).map(|c| (c, n)))
        .ok_or_else(|| {
            // A condition Popeye knows but stipula does not implement: "not supported", as the readers say.
            if let Some(name) = (1..=words.len().min(3)).rev().find_map(|n| crate::input::popeye::popeye_condition(&norm(&words[..n].join(" ")))) {
                return format!("not supported: condition {name}");
            }
            let all = CONDITION_NAMES.iter().map(|(c, _)| *c);
            match did_you_mean(words[0], all) {
                Some(h) => format!("unknown condition `{}` (did you mean `{h}`?)", words[0]),
                None => format!("unknown condition `{}` (known: Madrasi, Isardam, Eiffel, Parsi, MadnessOfKings)", words[0]),
            }
        })?;
    let rest = norm(&words[used..].join(" "));
    let mut options = Vec::new();
    let mut r = rest.as_str();
    while !r.is_empty() {
        let opt = [
            ("rexinclusive", "RexInclusive"),
            ("rexinklusive", "RexInclusive"),
            ("ri", "RexInclusive"),
            ("typeb", "TypeB"),
            ("whiteleapused", "WhiteLeapUsed"),
            ("blackleapused", "BlackLeapUsed"),
        ]
        .iter()
        .find(|(w, _)| r.starts_with(w));
        if let Some((w, canon)) = opt {
            options.push(canon.to_string());
            r = &r[w.len()..];
            continue;
        }
        if name == "MadnessOfKings" {
            if let Some(k) = Kind::from_name(r).or_else(|| Kind::from_code(r)) {
                options.push(k.code().to_string());
                break;
            }
        }
        return Err(format!("unknown option `{}` for {name}", &words[used..].join(" ")));
    }
    Ok(ConditionSpec { name: name.to_string(), options })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn condition_words() {
        let s = parse_condition_text("Madrasi RI").unwrap();
        assert_eq!((s.name.as_str(), s.options.clone()), ("Madrasi", vec!["RexInclusive".to_string()]));
        assert_eq!(parse_condition_text("madrasi rex inclusive").unwrap(), s);
        let s = parse_condition_text("Isardam type B").unwrap();
        assert_eq!(s.options, vec!["TypeB"]);
        let s = parse_condition_text("Madness of Kings frog").unwrap();
        assert_eq!((s.name.as_str(), s.options.clone()), ("MadnessOfKings", vec!["FG".to_string()]));
        assert_eq!(parse_condition_text("Madness of Kings").unwrap().options.len(), 0);
        assert!(parse_condition_text("Madrasy").unwrap_err().contains("did you mean `Madrasi`"));
        assert!(parse_condition_text("Madrasi X").is_err());
        // Conditions of Popeye's list (its `CondString`) that stipula does not implement.
        assert_eq!(parse_condition_text("Circe").unwrap_err(), "not supported: condition Circe");
        assert_eq!(parse_condition_text("mirror circe").unwrap_err(), "not supported: condition MirrorCirce");
        assert!(parse_condition_text("Xyzzy").unwrap_err().starts_with("unknown condition `Xyzzy`"));
    }
}
