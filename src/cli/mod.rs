//! Command-line parsing (clap) and rendering of the library's results; all printing happens here.

use clap::{Parser, Subcommand};

#[macro_use]
mod out;

mod args;
mod batch;
mod convert;
mod explain;
mod guard;
mod inputs;
mod journal;
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

/// Exit code of `solve` and `explain` when a time limit stopped a problem: what was found is printed, marked
/// partial.
pub const EXIT_PARTIAL: i32 = 3;

/// Parses the arguments, runs the command, returns the exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            // `--help`, `--version` and `stipula` alone (no subcommand) print the help or version text in full;
            // every other argument error is one line naming what is wrong, exit code 2.
            let full = matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            );
            if full {
                let _ = e.print();
            } else {
                eprintln!("{}", one_line(&e.render().to_string()));
            }
            return if e.use_stderr() { EXIT_BAD_INPUT } else { 0 };
        }
    };
    guard::install();
    let code = guard::guarded(|| match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Batch(args) => batch::run(args),
        Command::Merge(args) => batch::merge(args),
        Command::Convert(args) => convert::run(args),
        Command::Explain(args) => explain::run(args),
    });
    out::flush();
    code.unwrap_or_else(|why| {
        eprintln!("error: internal error: {why}\n  = note: this is a bug in stipula; please report it with the command and its input");
        guard::EXIT_INTERNAL
    })
}

/// The exit code of several outcomes: the most serious (an internal error, then bad input, then a time limit
/// that cut the output short, then the rest by value).
pub fn worst(a: i32, b: i32) -> i32 {
    let rank = |c: i32| match c {
        guard::EXIT_INTERNAL => 4,
        EXIT_BAD_INPUT => 3,
        EXIT_PARTIAL => 2,
        0 => 0,
        _ => 1,
    };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

/// Clap's error text (the error, its details and tips, a usage section, "For more information …") as one line:
/// the error with its details (missing arguments, possible values) and tips after it; usage and the pointer to
/// `--help` are left out.
fn one_line(rendered: &str) -> String {
    let mut lines = rendered.lines();
    let mut line = lines.next().unwrap_or("error: bad arguments").trim_end().to_string();
    let mut details = Vec::new();
    let mut tips = Vec::new();
    for l in lines.map(str::trim) {
        if l.starts_with("Usage:") || l.starts_with("For more information") {
            break;
        }
        match l.strip_prefix("tip: ") {
            _ if l.is_empty() => {}
            Some(tip) => tips.push(tip),
            None => details.push(l),
        }
    }
    if !details.is_empty() {
        let sep = if line.ends_with(':') { ", " } else { " " };
        line = format!("{line} {}", details.join(sep));
    }
    for tip in tips {
        line = format!("{line}; {tip}");
    }
    line
}
