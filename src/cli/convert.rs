//! `stipula convert FILE --to yaml`: problems in any input format as a YAML collection in YACPDB's layout.

use clap::{Args, ValueEnum};
use stipula::input::solution::parse_popeye_output;
use stipula::output::yaml::entry_to_yaml;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum To {
    Yaml,
}

#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// The problem file (`.inp`, `.stip`, `.yaml`); `-` reads standard input.
    pub file: String,
    /// The output format.
    #[arg(long, value_enum, default_value_t = To::Yaml)]
    pub to: To,
    /// Popeye's output for the same file: its solutions (translated to English) become each problem's
    /// `solution`, problem by problem.
    #[arg(long)]
    pub solution_from: Option<String>,
    /// A comment added to every problem (`comments`), e.g. where the solution comes from.
    #[arg(long)]
    pub comment: Vec<String>,
}

pub fn run(args: ConvertArgs) -> i32 {
    let problems = match super::inputs::read_problems(&args.file) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return super::EXIT_BAD_INPUT;
        }
    };
    let solutions: Option<Vec<String>> = match &args.solution_from {
        None => None,
        Some(f) => match std::fs::read_to_string(f) {
            Ok(t) => Some(popeye_solutions(&t)),
            Err(e) => {
                eprintln!("error: cannot read {f}: {e}");
                return super::EXIT_BAD_INPUT;
            }
        },
    };
    let mut code = 0;
    let mut docs = Vec::new();
    for (i, p) in problems.into_iter().enumerate() {
        match p {
            Err(d) => {
                eprint!("{}", d.render());
                code = super::EXIT_BAD_INPUT;
            }
            // YACPDB's layout has no field for an `a=>b` start position: refused rather than written without it.
            Ok(p) if p.initial.is_some() => {
                let d = a_to_b_refusal(&p);
                eprint!("{}", d.render());
                code = super::EXIT_BAD_INPUT;
            }
            Ok(mut p) => {
                p.meta.comments.extend(args.comment.iter().cloned());
                let sol = solutions.as_ref().map(|s| s.get(i).cloned().unwrap_or_default());
                docs.push(entry_to_yaml(&p, sol.as_deref()));
            }
        }
    }
    match args.to {
        To::Yaml => {
            for d in docs {
                out!("---\n{d}");
            }
        }
    }
    code
}

/// Why an `a=>b` problem is not converted.
fn a_to_b_refusal(p: &stipula::problem::Problem) -> stipula::problem::Diagnostic {
    stipula::problem::Diagnostic::new(p.location.clone(), format!("not supported: converting `{}` to YAML", p.stipulation))
        .expected("a problem whose play starts from the game array or the diagram: YACPDB's layout has no field for the start position of `a=>b`")
        .unsupported()
}

/// Popeye's output split per problem, each as a solution text: twin headings (`a)`, `+b)`) in the first
/// column, solution lines in English as Popeye prints them.
fn popeye_solutions(text: &str) -> Vec<String> {
    let ends = ["Loesung beendet.", "solution finished.", "solution terminee."];
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some((k, len)) = ends.iter().filter_map(|e| rest.find(e).map(|k| (k, e.len()))).min() {
        parts.push(&rest[..k + len]);
        rest = &rest[k + len..];
    }
    parts
        .into_iter()
        .map(|part| {
            let mut s = String::new();
            for t in parse_popeye_output(part) {
                if !t.label.is_empty() {
                    s += &format!("{}\n", t.label);
                }
                for l in &t.lines {
                    s += &format!("{l}\n");
                }
            }
            s
        })
        .collect()
}
