//! Conditions as the statement language, YAML entries and `perft --condition` write them (`Madrasi RI, Parsi`,
//! `Isardam type B rex inclusive`, `Madness of Kings frog`), looked up in the condition registry.

use super::{ambiguous, phrase, quoted_list, span, words, Issue, Phrase, Word};
use crate::conditions::{
    supported, ConditionDef, ConditionError, ConditionNumber, ConditionSpec, ConditionSquares, ParamMatch,
};
use crate::words::{did_you_mean, norm, Spelling};

/// The longest phrase of up to three words at `ws[i]` that is a parameter of `def`, and its length.
fn param(def: &ConditionDef, ws: &[Word<'_>], i: usize) -> Option<(ParamMatch, usize)> {
    (1..=3.min(ws.len() - i)).rev().find_map(|k| {
        let joined: String = ws[i..i + k].iter().map(|w| norm(w.text)).collect();
        def.param(&joined, Spelling::Statement).map(|m| (m, k))
    })
}

/// The names of the conditions stipula implements, as the statement language writes them (of the Circe family the
/// three families' own names, whose variants are words after them).
fn names() -> Vec<&'static str> {
    use crate::conditions::circe::{ANTI, CIRCE, IMMUNE};
    supported().filter(|d| d.rebirth.is_none_or(|r| [CIRCE, ANTI, IMMUNE].contains(&r))).map(|d| d.name).collect()
}

/// Parses conditions with their parameters: `Madrasi RI, Parsi`, `Isardam type B rex inclusive`,
/// `Madness of Kings frog`. A condition Popeye knows and stipula does not implement is "not supported".
pub fn parse_conditions(s: &str) -> Result<Vec<ConditionSpec>, Issue> {
    let ws = words(s);
    if ws.is_empty() {
        return Err(Issue::new(0, 1, "missing condition").expected(format!("a condition: {}", quoted_list(&names()))));
    }
    let mut out: Vec<ConditionSpec> = Vec::new();
    let mut i = 0;
    let mut current: Option<&'static ConditionDef> = None;
    // Whether the next parameter is the current condition's first (which replaces its default).
    let mut first = false;
    while i < ws.len() {
        if let Some((m, k)) = current.and_then(|c| param(c, &ws, i)) {
            out.last_mut().expect("a condition precedes its parameters").add_param(m, first);
            first = false;
            i += k;
            continue;
        }
        if let Some(squares) = current.filter(|c| c.squares).and_then(|_| ConditionSquares::parse_word(ws[i].text)) {
            out.last_mut().expect("a condition precedes its squares").squares.0 |= squares;
            i += 1;
            continue;
        }
        if let Some(c) = current {
            let spec = out.last_mut().expect("a condition precedes its numbers");
            if let Some(n) =
                ConditionNumber::parse(ws[i].text, c.numbers).filter(|_| spec.numbers.len() < c.numbers.max)
            {
                spec.numbers.push(n);
                i += 1;
                continue;
            }
        }
        match condition_at(&ws, i) {
            Phrase::Exact(def, k) | Phrase::Abbreviated(def, k) => {
                let at = span(&ws, i, k);
                if !def.is_supported() {
                    return Err(
                        Issue::new(at.0, at.1, ConditionError::NotSupported(def.name).to_string()).unsupported()
                    );
                }
                if out.iter().any(|o| o.name == def.name) {
                    return Err(Issue::new(at.0, at.1, ConditionError::Twice(def.name.to_string()).to_string()));
                }
                first = true;
                out.push(def.spec());
                current = Some(def);
                i += k;
            }
            Phrase::Ambiguous(names, k) => return Err(ambiguous(s, span(&ws, i, k), "condition", &names)),
            Phrase::None => {
                let w = ws[i];
                let mut cands = names();
                cands.extend(supported().flat_map(|d| d.aliases.iter().copied().filter(|a| a.contains(' '))));
                if let Some(c) = current {
                    cands.extend(c.param_words());
                }
                let hint = did_you_mean(w.text, cands.iter().copied()).map(|h| format!("did you mean `{h}`?"));
                let what = match current {
                    Some(c) => format!("a condition, or an option of {}", c.name),
                    None => "a condition".to_string(),
                };
                return Err(Issue::new(w.offset, w.text.len(), format!("unknown condition `{}`", w.text))
                    .expected(format!("{what}: {}", quoted_list(&names())))
                    .hint_opt(hint));
            }
        }
    }
    Ok(out)
}

/// Parses one condition with its parameters, as `perft --condition` takes it: `Madrasi RI`, `Madrasi rex
/// inclusive`, `Isardam type B`, `Madness of Kings fers`, `Parsi white leap used`. The words after the
/// condition's name must all be its parameters.
pub fn parse_condition_text(text: &str) -> Result<ConditionSpec, String> {
    let ws = words(text);
    let line = |is: Issue| match (is.hint, is.expected) {
        (Some(h), _) => format!("{} ({h})", is.message),
        (None, Some(e)) => format!("{} (expected {e})", is.message),
        (None, None) => is.message,
    };
    if ws.is_empty() {
        return Err("empty condition".into());
    }
    let (def, mut i) = match phrase(&ws, 0, 4, |t| ConditionDef::lookup(t, Spelling::Statement)) {
        Phrase::Exact(def, k) | Phrase::Abbreviated(def, k) => (def, k),
        Phrase::Ambiguous(names, k) => return Err(line(ambiguous(text, span(&ws, 0, k), "condition", &names))),
        Phrase::None => {
            return Err(line(parse_conditions(text).err().unwrap_or_else(|| Issue::new(0, 1, "no condition"))))
        }
    };
    if !def.is_supported() {
        return Err(ConditionError::NotSupported(def.name).to_string());
    }
    let mut spec = def.spec();
    let mut first = true;
    while i < ws.len() {
        if let Some(squares) = ConditionSquares::parse_word(ws[i].text).filter(|_| def.squares) {
            spec.squares.0 |= squares;
            i += 1;
            continue;
        }
        if let Some(n) =
            ConditionNumber::parse(ws[i].text, def.numbers).filter(|_| spec.numbers.len() < def.numbers.max)
        {
            spec.numbers.push(n);
            i += 1;
            continue;
        }
        let Some((m, k)) = param(def, &ws, i) else {
            let e = ConditionError::BadParam {
                condition: def.name,
                param: ws[i].text.to_string(),
                known: def.param_names(),
            };
            return Err(e.to_string());
        };
        spec.add_param(m, first);
        first = false;
        i += k;
    }
    Ok(spec)
}

/// The condition a phrase of up to three words at `ws[i]` names.
pub fn condition_at(ws: &[Word<'_>], i: usize) -> Phrase<&'static ConditionDef> {
    phrase(ws, i, 3, |t| ConditionDef::lookup(t, Spelling::Statement))
}
