//! Fairy conditions: the [`Condition`] trait (the hooks a condition may use) and the [`CONDITIONS`] registry.
//!
//! A new condition is one file here with a type implementing [`Condition`], its tests beside it, and one line
//! in [`CONDITIONS`]. The move generator ([`crate::movegen::Rules`]) calls only the hooks a condition declares
//! in [`Condition::hooks`], so an orthodox problem pays for none of them.

pub mod eiffel;
pub mod isardam;
pub mod madness;
pub mod madrasi;
pub mod parsi;

pub mod castling_exclusive;

use crate::movegen::hooks::Condition;

/// A condition as the problem names it, with its own options, before the rules are compiled.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct ConditionSpec {
    /// Canonical name as stipula's registry spells it: `Madrasi`, `Isardam`, `Eiffel`, `Parsi`,
    /// `MadnessOfKings`.
    pub name: String,
    /// Canonical option words: `RexInclusive`, `TypeB`, a walk code for Madness of Kings, `NoLeapWhite`, …
    pub options: Vec<String>,
}

/// One row of the registry: names, and how to build the condition from its options.
pub struct ConditionEntry {
    /// Canonical name: `Madrasi`.
    pub name: &'static str,
    /// Other accepted spellings (compared case-insensitively, spaces, `-` and `_` ignored).
    pub aliases: &'static [&'static str],
    /// Builds the condition from its options, or says what is wrong with them.
    pub build: fn(&ConditionSpec) -> Result<Box<dyn Condition>, String>,
}

/// The registry of conditions stipula implements.
pub static CONDITIONS: &[ConditionEntry] = &[
    ConditionEntry { name: "Madrasi", aliases: &["Madras"], build: madrasi::Madrasi::build },
    ConditionEntry { name: "Isardam", aliases: &[], build: isardam::Isardam::build },
    ConditionEntry { name: "Eiffel", aliases: &["EiffelChess", "EiffelSchach", "EchecsEiffel"], build: eiffel::Eiffel::build },
    ConditionEntry { name: "Parsi", aliases: &["ParsiChess"], build: parsi::Parsi::build },
    ConditionEntry { name: "MadnessOfKings", aliases: &["Madness of Kings", "MadnessOfKingsChess"], build: madness::MadnessOfKings::build },
];

fn normalise(s: &str) -> String {
    s.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).flat_map(char::to_lowercase).collect()
}

/// Finds a registry row by name or alias.
pub fn lookup(name: &str) -> Option<&'static ConditionEntry> {
    let n = normalise(name);
    CONDITIONS.iter().find(|e| normalise(e.name) == n || e.aliases.iter().any(|a| normalise(a) == n))
}

/// Names the statement language and Popeye use for conditions stipula plans but the registry may not have yet.
pub const KNOWN_NAMES: &[&str] = &["Madrasi", "Isardam", "Eiffel", "Parsi", "MadnessOfKings"];

/// Builds the conditions of a problem, refusing unknown names and contradictory combinations.
pub fn build_all(specs: &[ConditionSpec]) -> Result<Vec<Box<dyn Condition>>, String> {
    let mut out: Vec<Box<dyn Condition>> = Vec::new();
    for spec in specs {
        let entry = lookup(&spec.name).ok_or_else(|| {
            if KNOWN_NAMES.iter().any(|k| normalise(k) == normalise(&spec.name)) {
                format!("condition `{}` is not implemented yet", spec.name)
            } else {
                let hint = crate::words::did_you_mean(&spec.name, CONDITIONS.iter().map(|e| e.name));
                match hint {
                    Some(h) => format!("unknown condition `{}` (did you mean `{h}`?)", spec.name),
                    None => format!("unknown condition `{}`", spec.name),
                }
            }
        })?;
        let cond = (entry.build)(spec)?;
        for other in &out {
            if let Some(why) = cond.conflicts_with(other.name()).or_else(|| other.conflicts_with(cond.name())) {
                return Err(why);
            }
        }
        if out.iter().any(|o| o.name() == cond.name()) {
            return Err(format!("condition `{}` is given twice", cond.name()));
        }
        out.push(cond);
    }
    Ok(out)
}
