//! `stipula perft`: leaf counts of the legal move tree, as chess engines print them.

use clap::Args;
use stipula::conditions;
use stipula::input::fen::parse_fen;
use stipula::input::vocab::conditions::parse_condition_text;
use stipula::movegen::perft::{perft, perft_divide};
use stipula::movegen::Rules;
use stipula::setup::{build_position, SetupOptions};
use stipula::Color;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies (0 to 20).
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=20))]
    depth: u32,
    /// Print the count below each legal move of the root.
    #[arg(long)]
    divide: bool,
    /// A condition as the statement language writes it (`Madrasi`, "Madrasi RI", `Isardam`, `Eiffel`,
    /// `Parsi`, "Madness of Kings"); repeat for several.
    #[arg(long = "condition")]
    conditions: Vec<String>,
    /// The position in FEN (fairy pieces: `G`, `L`, or a Popeye code in parentheses such as `(CA)`).
    fen: String,
}

pub fn run(args: PerftArgs) -> i32 {
    match perft_cmd(&args) {
        Ok(()) => 0,
        Err(msg) => {
            eprintln!("error: {msg}");
            super::EXIT_BAD_INPUT
        }
    }
}

fn perft_cmd(args: &PerftArgs) -> Result<(), String> {
    let (pieces, state) = parse_fen(&args.fen)
        .map_err(|e| format!("bad FEN at character {}: {} (expected {})", e.offset + 1, e.message, e.expected))?;
    let mut specs = Vec::new();
    for text in &args.conditions {
        specs.push(parse_condition_text(text).map_err(|e| format!("--condition {text:?}: {e}"))?);
    }
    let conds = conditions::build_all(&specs).map_err(|e| e.to_string())?;
    let rules = Rules::new(pieces.iter().map(|p| p.kind), conds);
    let side = state.side_to_move.unwrap_or(Color::White);
    let pos = build_position(&pieces, &state, side, &rules, &SetupOptions::default())
        .map_err(|e| format!("illegal position: {e}"))?;
    let total = if args.divide {
        let mut total = 0;
        for (mv, n) in perft_divide(&rules, &pos, args.depth) {
            outln!("{}: {n}", mv.uci());
            total += n;
        }
        outln!();
        total
    } else {
        perft(&rules, &pos, args.depth)
    };
    outln!("Nodes searched: {total}");
    Ok(())
}
