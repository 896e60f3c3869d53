//! Every subcommand that writes much stops quietly when its reader closes standard output
//! (`stipula solve FILE | head -1`): no panic, no message, exit code 141 (as for a death by SIGPIPE).

use crate::common;
use common::stipula_first_line;

/// Enough problems that the output is far larger than a pipe's buffer, so the binary is still writing when the
/// read end is closed.
fn many_problems(n: usize) -> String {
    let one = "---\nalgebraic:\n  white: [Kb6, Rh1]\n  black: [Kb8]\nstipulation: \"#1\"\nintended-solutions: 1\n";
    one.repeat(n)
}

#[test]
fn a_closed_pipe_ends_every_subcommand_quietly() {
    // `verify` prints about 17 bytes per problem (`-:2:1 #1: sound`), the others several hundred.
    for (args, n) in [
        (&["solve", "-", "--hash", "1"][..], 1000),
        (&["solve", "-", "--hash", "1", "--format", "json"][..], 1000),
        (&["explain", "-"][..], 1000),
        (&["verify", "-", "--hash", "1"][..], 8000),
        (&["convert", "-"][..], 2000),
    ] {
        let (code, first, err) = stipula_first_line(args, &many_problems(n));
        assert!(!first.is_empty(), "{args:?}: no output");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
        assert_eq!(code, 141, "{args:?}: {err}");
    }
}
