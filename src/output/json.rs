//! Solved problems as a versioned JSON document (`stipula.solve/1`): per problem its location and
//! stipulation, per twin its label, heading, outcome, counts and phases, each phase with its Popeye text
//! (`lines`) beside its typed solutions (`play`: moves as objects). The shape is described in `docs/solve.md`.

use super::Format;
use crate::problem::Problem;
use crate::solve::run::SolvedTwin;

/// The schema's name and version.
pub const SCHEMA: &str = "stipula.solve/1";

/// `--format json`.
pub const FORMAT: Format = Format {
    name: "json",
    about: "A versioned JSON document (`stipula.solve/1`): the typed solution trees and the text lines",
    part: |p, solved| Some(serde_json::to_string_pretty(&problem(p, solved)).expect("serialisable")),
    whole: document,
    streamed: false,
};

/// One problem's object.
pub fn problem(p: &Problem, solved: Result<&[SolvedTwin], &str>) -> serde_json::Value {
    match solved {
        Ok(twins) => serde_json::json!({
            "location": p.location,
            "stipulation": p.stipulation.to_string(),
            "twins": twins,
        }),
        Err(why) => serde_json::json!({
            "location": p.location,
            "stipulation": p.stipulation.to_string(),
            "internal_error": why,
            "twins": [],
        }),
    }
}

/// The document around the problems' objects (each pretty-printed), laid out as `serde_json` pretty-prints
/// the whole: `{"problems": [...], "schema": "stipula.solve/1"}`.
fn document(parts: &[String]) -> String {
    let problems = if parts.is_empty() {
        "[]".to_string()
    } else {
        let items: Vec<String> =
            parts.iter().map(|p| p.lines().map(|l| format!("    {l}")).collect::<Vec<_>>().join("\n")).collect();
        format!("[\n{}\n  ]", items.join(",\n"))
    };
    format!("{{\n  \"problems\": {problems},\n  \"schema\": \"{SCHEMA}\"\n}}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The document laid out by hand is the one `serde_json` writes for the same values.
    #[test]
    fn document_is_serde_jsons_layout() {
        let a = serde_json::json!({"twins": [{"lines": ["  1.a", "  1.b"], "n": 1}], "location": {"file": "x"}});
        let b = serde_json::json!({"twins": []});
        for parts in [vec![], vec![a.clone()], vec![a, b]] {
            let texts: Vec<String> = parts.iter().map(|v| serde_json::to_string_pretty(v).unwrap()).collect();
            let whole = serde_json::json!({ "schema": SCHEMA, "problems": parts });
            assert_eq!(document(&texts), serde_json::to_string_pretty(&whole).unwrap() + "\n");
        }
    }
}
