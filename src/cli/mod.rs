//! Command-line parsing (clap) and rendering of the library's results; all printing happens here.

use clap::{Parser, Subcommand};

mod explain;
mod perft;
mod solve;

/// stipula: a chess-problem solver and verifier.
#[derive(Parser, Debug)]
#[command(name = "stipula", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal move tree (move-generator check).
    Perft(perft::PerftArgs),
    /// Explain a problem: paralyses, real and cancelled checks, and why tempting moves are illegal, for the
    /// diagram and after each move of each solution.
    Explain(explain::ExplainArgs),
    /// Solve every problem of a file and print the solutions in Popeye's format.
    Solve(solve::SolveArgs),
}

/// Exit code for bad input or arguments.
pub const EXIT_BAD_INPUT: i32 = 2;

/// Parses the arguments, runs the command, returns the exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_BAD_INPUT } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Explain(args) => explain::run(args),
    }
}
