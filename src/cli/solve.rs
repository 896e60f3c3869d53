//! `stipula solve FILE`: solve every problem of a file and print the solutions.

use clap::{Args, ValueEnum};
use std::io::Read;
use std::time::Duration;
use stipula::input::read_any;
use stipula::output::text::render;
use stipula::problem::{Diagnostic, Problem};
use stipula::solve::run::{solve_problem, Outcome, Settings};

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The problem file (`.inp` Popeye, `.stip`, `.yaml`); `-` reads standard input.
    pub file: String,
    /// Threads for the search (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Transposition-table size in MB.
    #[arg(long, default_value_t = 256)]
    pub hash: usize,
    /// Time limit per problem in seconds.
    #[arg(long)]
    pub time_limit: Option<f64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Reads a file (or standard input) and parses every problem in it.
pub fn read_problems(file: &str) -> Result<Vec<Result<Problem, Diagnostic>>, String> {
    let text = if file == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(|e| format!("cannot read standard input: {e}"))?;
        s
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?
    };
    Ok(read_any(file, &text))
}

pub fn run(args: SolveArgs) -> i32 {
    if let Some(n) = args.threads {
        if rayon::ThreadPoolBuilder::new().num_threads(n.max(1)).build_global().is_err() {
            eprintln!("error: cannot start {n} threads");
            return super::EXIT_BAD_INPUT;
        }
    }
    let problems = match read_problems(&args.file) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return super::EXIT_BAD_INPUT;
        }
    };
    let settings = Settings { hash_mb: args.hash, time_limit: args.time_limit.map(Duration::from_secs_f64) };
    let mut code = 0;
    let mut json = Vec::new();
    for p in problems {
        match p {
            Err(d) => {
                eprint!("{}", d.render());
                code = super::EXIT_BAD_INPUT;
            }
            Ok(p) => {
                let twins = solve_problem(&p, &settings);
                // A diagram or twin the solver refuses (no king, a pawn on the last rank, the side not to move in
                // check, an unknown condition …) is bad input: report it at the problem's location.
                for t in &twins {
                    if let Outcome::Refused(why) = &t.outcome {
                        let what = if t.label.is_empty() { String::new() } else { format!("twin {}: ", t.label) };
                        let d = Diagnostic::new(p.location.clone(), format!("{what}{why}"))
                            .hint("the problem starts here; the position or options cannot be solved as given");
                        eprint!("{}", d.render());
                        code = super::EXIT_BAD_INPUT;
                    }
                }
                match args.format {
                    Format::Text => print!("{}", render(&p, &twins)),
                    Format::Json => json.push(serde_json::json!({
                        "location": p.location,
                        "stipulation": p.stipulation.to_string(),
                        "twins": twins,
                    })),
                }
            }
        }
    }
    if let Format::Json = args.format {
        let doc = serde_json::json!({ "schema": "stipula.solve/1", "problems": json });
        println!("{}", serde_json::to_string_pretty(&doc).expect("serialisable"));
    }
    code
}
