//! A problem's parts written as Popeye writes them in English, with the registries' names (YACPDB entries store
//! them so, and the statement language and YAML read them back): pieces, conditions, options, twins.

use crate::conditions::ConditionSpec;
use crate::pieces::Placed;
use crate::problem::options::{OptionValue, Options};
use crate::problem::twins::{Twin, TwinChange, TwinCommand, TwinDef};

/// A piece as Popeye writes it in a list: `Ke1`, `CAb3`, `03a1`.
pub fn piece_token(p: &Placed) -> String {
    let attrs: String = p.effective_attrs().defs().map(|d| format!("{} ", d.name)).collect();
    format!("{attrs}{}{}", p.kind.code(), p.square)
}

/// A condition as Popeye writes it: `Madrasi RexInclusive`, `MadnessOfKings FE`.
pub fn condition_text(c: &ConditionSpec) -> String {
    // The squares in one word right after the name, as Popeye reads them (`MagicSquares c3d4 Type2`).
    let squares = (!c.squares.is_empty()).then(|| c.squares.words().concat());
    // The numbers after the parameters (`SAT 1 2`, `BGL 4.5 -`).
    let numbers = c.numbers.iter().map(|n| n.to_string());
    std::iter::once(c.name.clone())
        .chain(squares)
        .chain(c.options.iter().cloned())
        .chain(numbers)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Options as Popeye writes them, one string per option, in the registry's order and then the ignored ones:
/// `SetPlay`, `Defence 2`, `NoCastling a1 h8`.
pub fn options_text(o: &Options) -> Vec<String> {
    let squares = |s: &[crate::square::Square]| s.iter().map(|q| q.to_string()).collect::<Vec<_>>().join(" ");
    let mut v: Vec<String> = o
        .values()
        .into_iter()
        .map(|(def, value)| match value {
            OptionValue::Nothing => def.name().to_string(),
            OptionValue::Number(n) => format!("{} {n}", def.name()),
            OptionValue::Numbers(a, b) => format!("{} {a} {b}", def.name()),
            OptionValue::Squares(s) => format!("{} {}", def.name(), squares(&s)),
            OptionValue::SquarePairs(p) => {
                format!("{} {}", def.name(), p.iter().map(|(a, b)| format!("{a}{b}")).collect::<Vec<_>>().join(" "))
            }
        })
        .collect();
    v.extend(o.ignored.iter().cloned());
    v
}

/// A twin as Popeye writes it: `Continued Move a1 b2 Remove c3`.
pub fn twin_text(t: &Twin) -> String {
    let name = |c: TwinCommand| TwinDef::of(c).name();
    let mut parts: Vec<String> = Vec::new();
    if t.continued {
        parts.push(name(TwinCommand::Continued).into());
    }
    for c in &t.changes {
        parts.push(match c {
            TwinChange::Move(a, b) => format!("{} {a} {b}", name(TwinCommand::Move)),
            TwinChange::Exchange(a, b) => format!("{} {a} {b}", name(TwinCommand::Exchange)),
            TwinChange::Remove(a) => format!("{} {a}", name(TwinCommand::Remove)),
            TwinChange::Add(p) => format!("{} {} {}", name(TwinCommand::Add), p.color.name(), piece_token(p)),
            TwinChange::Substitute { color: Some(c), from, to } => {
                format!("{} {} {from} {to}", name(TwinCommand::Substitute), c.name())
            }
            TwinChange::Substitute { color: None, from, to } => {
                format!("{} {from} {to}", name(TwinCommand::Substitute))
            }
            TwinChange::Rotate(a) => format!("{} {a}", name(TwinCommand::Rotate)),
            TwinChange::Mirror(m) => format!("{} {}", name(TwinCommand::Mirror), m.text()),
            TwinChange::Shift(a, b) => format!("{} {a} {b}", name(TwinCommand::Shift)),
            TwinChange::PolishType => name(TwinCommand::PolishType).into(),
            TwinChange::Stipulation(s) => format!("{} {s}", name(TwinCommand::Stipulation)),
            TwinChange::Conditions(cs) => {
                format!(
                    "{} {}",
                    name(TwinCommand::Condition),
                    cs.iter().map(condition_text).collect::<Vec<_>>().join(" ")
                )
            }
        });
    }
    parts.join(" ")
}
