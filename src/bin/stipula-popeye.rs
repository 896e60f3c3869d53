//! `stipula-popeye`: stipula behind Popeye's command line and output, for front-ends written for Popeye
//! (docs/popeye-dropin.md). A thin layer: the drop-in is `src/cli/popeye.rs`, over the library, with the parts
//! of `stipula`'s command line it shares.

/// Exit code for a bad argument (also what `out` ends with when standard output cannot be written).
const EXIT_BAD_INPUT: i32 = 2;

#[macro_use]
#[path = "../cli/out.rs"]
mod out;

#[path = "../cli/guard.rs"]
mod guard;

// `stipula`'s argument ranges; the drop-in uses the table's and the solution lines'.
#[allow(dead_code)]
#[path = "../cli/args.rs"]
mod args;

#[path = "../cli/popeye.rs"]
mod popeye;

/// Where `out!` writes through (`crate::cli::out`, as in `stipula`).
mod cli {
    pub(crate) use super::out;
}

fn main() {
    std::process::exit(popeye::run(std::env::args_os().skip(1).collect()));
}
