//! Readers: stipula's statement language, Popeye input, YAML collections and FEN, all producing
//! [`crate::problem::Problem`]s or [`crate::problem::Diagnostic`]s.

pub mod check;
pub mod conditions;
pub mod fen;
pub mod popeye;
pub mod stip;
pub mod stipulation;
pub mod suggest;
pub mod vocab;
pub mod yaml;

use crate::problem::{Diagnostic, Location, Problem};

/// The input formats [`read_any`] recognises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// stipula's statement language (`.stip`).
    Stip,
    /// YAML collections (`.yaml`, `.yml`, `.olv`).
    Yaml,
    /// Popeye input (`.inp`, `.pbm`).
    Popeye,
    /// A bare FEN (`.fen`).
    Fen,
}

/// The format a file's extension names (any case), if any: `.stip`, `.yaml`/`.yml`/`.olv`, `.inp`/`.pbm`,
/// `.fen`.
pub fn format_of(path_display: &str) -> Option<Format> {
    let ext = path_display.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match ext.as_str() {
        "stip" => Some(Format::Stip),
        "yaml" | "yml" | "olv" => Some(Format::Yaml),
        "inp" | "pbm" => Some(Format::Popeye),
        "fen" => Some(Format::Fen),
        _ => None,
    }
}

/// Whether a file found in a folder is read as problems: its extension names a format that holds problems (a
/// FEN alone does not).
pub fn is_problem_file(path_display: &str) -> bool {
    format_of(path_display).is_some_and(|f| f != Format::Fen)
}

/// The format of a file: by extension, else by looking at its content.
pub fn detect(path_display: &str, text: &str) -> Format {
    if let Some(f) = format_of(path_display) {
        return f;
    }
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('%') && !l.starts_with("//") && !l.starts_with('#'))
        .unwrap_or("");
    let lower = first.to_ascii_lowercase();
    if lower.starts_with("beginproblem") || lower.starts_with("anfangproblem") || lower.starts_with("debutprobleme") {
        Format::Popeye
    } else if first == "---" || first.starts_with("- ") || lower.starts_with("authors:") || lower.starts_with("algebraic:")
        || text.contains("\nalgebraic:")
    {
        Format::Yaml
    } else if first.split_whitespace().next().is_some_and(|w| w.matches('/').count() == 7) {
        Format::Fen
    } else {
        Format::Stip
    }
}

/// Reads problems from any supported format, chosen by the file extension or, failing that, by content.
pub fn read_any(path_display: &str, text: &str) -> Vec<Result<Problem, Diagnostic>> {
    match detect(path_display, text) {
        Format::Stip => stip::read_stip(text, path_display),
        Format::Yaml => yaml::read_yaml(text, path_display),
        Format::Popeye => popeye::read_popeye(text, path_display),
        Format::Fen => {
            let line = text.lines().next().unwrap_or("");
            vec![Err(Diagnostic::new(Location { file: path_display.to_string(), line: 1, column: 1 }, "a FEN alone is not a problem: it has no stipulation")
                .with_source(line, line.trim_end().len())
                .expected("a `.stip` file with `fen:` and `stipulation:` lines")
                .hint(format!("write `fen: {}` and `stipulation: #2` in a `.stip` file", line.trim())))]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dispatch() {
        assert_eq!(detect("a.stip", ""), Format::Stip);
        assert_eq!(detect("a.YML", ""), Format::Yaml);
        assert!(is_problem_file("x/A.STIP") && is_problem_file("b.Inp") && is_problem_file("c.pbm"));
        assert!(!is_problem_file("a.fen") && !is_problem_file("a.txt") && !is_problem_file("stip"));
        assert_eq!(detect("a.inp", ""), Format::Popeye);
        assert_eq!(detect("-", "BeginProblem\n"), Format::Popeye);
        assert_eq!(detect("-", "---\nauthors: [x]\n"), Format::Yaml);
        assert_eq!(detect("-", "4k3/8/8/8/8/8/8/4K3 w - -\n"), Format::Fen);
        assert_eq!(detect("-", "white: Ke1\n"), Format::Stip);
        assert!(read_any("x.fen", "4k3/8/8/8/8/8/8/4K3").remove(0).is_err());
        let inp = "BeginProblem\nStipulation #2\nPieces White Ke1 Black Ke8\nEndProblem\n";
        assert!(read_any("x.inp", inp).remove(0).is_ok());
        assert!(read_any("-", inp).remove(0).is_ok());
        assert!(read_any("-", "white: Ke1\nblack: Ke8\nstipulation: #2\n").remove(0).is_ok());
    }
}
