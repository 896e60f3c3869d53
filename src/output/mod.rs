//! Rendering: Popeye's solution text, diagrams (text, Unicode, SVG), the teaching page (HTML) and YAML entries;
//! the formats of `stipula solve --format`, each a file here and a row of [`FORMATS`].

pub mod board;
pub mod figures;
pub mod html;
pub mod json;
pub mod popeye;
pub mod statement;
pub mod text;
pub mod yaml;

use crate::problem::Problem;
use crate::solve::run::SolvedTwin;

/// An output format of solved problems (`stipula solve --format NAME`).
pub struct Format {
    /// The `--format` value.
    pub name: &'static str,
    /// What the format is, for `--help`.
    pub about: &'static str,
    /// One problem's part of the output: its solved twins, or the error that stopped its solving inside
    /// stipula; `None` when the format writes nothing for it.
    pub part: fn(&Problem, Result<&[SolvedTwin], &str>) -> Option<String>,
    /// The whole output from the parts, in the problems' order.
    pub whole: fn(&[String]) -> String,
    /// Each part is written as soon as its problem is solved (the whole is the parts one after another).
    pub streamed: bool,
}

/// Every format, the default first.
pub const FORMATS: &[Format] = &[text::FORMAT, json::FORMAT, yaml::FORMAT];

impl Format {
    /// The format named `name`.
    pub fn named(name: &str) -> Option<&'static Format> {
        FORMATS.iter().find(|f| f.name == name)
    }
}
