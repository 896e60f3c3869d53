//! Standard output for every subcommand: all of it goes through [`write`] (the `out!` and `outln!` macros).
//!
//! A closed pipe (`stipula solve problems/madrasi.yaml | head -1`) is the reader saying it has seen enough: the
//! program then stops at once, without a message, with exit code 141 — the code a shell reports for a process
//! killed by SIGPIPE (128 + 13), which is what a C tool would get. Not 0, because 0 would claim that the
//! command finished (for `verify`: that every problem is sound) when its output was cut short. Rust ignores
//! SIGPIPE, so the write fails with `ErrorKind::BrokenPipe` instead of killing the process; `println!` would
//! then panic, which is why nothing here uses it.

use std::io::{ErrorKind, Write};

/// Exit code when standard output was closed by its reader (as for a death by SIGPIPE: 128 + 13).
pub const EXIT_BROKEN_PIPE: i32 = 141;

/// Writes to standard output; a closed pipe ends the program quietly (see the module), any other write error
/// ends it with a message and exit code 2.
pub fn write(args: std::fmt::Arguments) {
    let result = std::io::stdout().lock().write_fmt(args);
    check(result);
}

/// Flushes standard output (at the end of every subcommand), with the same handling of errors as [`write`].
pub fn flush() {
    let result = std::io::stdout().lock().flush();
    check(result);
}

fn check(result: std::io::Result<()>) {
    if let Err(e) = result {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(EXIT_BROKEN_PIPE);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(super::EXIT_BAD_INPUT);
    }
}

/// `print!` to standard output that stops quietly when the reader has closed it.
macro_rules! out {
    ($($t:tt)*) => { $crate::cli::out::write(format_args!($($t)*)) };
}

/// `println!` to standard output that stops quietly when the reader has closed it.
macro_rules! outln {
    () => { $crate::cli::out::write(format_args!("\n")) };
    ($($t:tt)*) => { $crate::cli::out::write(format_args!("{}\n", format_args!($($t)*))) };
}
