//! Command-line parsing (clap) and rendering of the library's results; all printing happens here.

use clap::{Parser, Subcommand};

#[macro_use]
mod out;

mod batch;
mod convert;
mod explain;
mod inputs;
mod perft;
mod solve;
mod verify;

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
    /// Solve every problem and compare with its intended solution: sound, cooked, no solution, ….
    Verify(verify::VerifyArgs),
    /// Solve and judge whole collections in parallel into a resumable JSON-lines file.
    Batch(batch::BatchArgs),
    /// Merge results files of `batch` (e.g. one per shard) into one.
    Merge(batch::MergeArgs),
    /// Convert problems to another format (YAML in YACPDB's layout).
    Convert(convert::ConvertArgs),
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
    let code = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Batch(args) => batch::run(args),
        Command::Merge(args) => batch::merge(args),
        Command::Convert(args) => convert::run(args),
        Command::Explain(args) => explain::run(args),
    };
    out::flush();
    code
}
