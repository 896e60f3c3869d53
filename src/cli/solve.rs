//! `stipula solve FILE`: solve every problem of a file and print the solutions.

use super::{args, guard, inputs, worst};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::Args;
use std::time::Duration;
use stipula::output::{Format, FORMATS};
use stipula::problem::options::OptionDef;
use stipula::problem::Diagnostic;
use stipula::solve::run::{solve_problem, Outcome, PhaseKind, Settings};
use stipula::words::Lang;
use stipula::Color;

/// The `--format` values: the formats of [`FORMATS`].
fn formats() -> PossibleValuesParser {
    PossibleValuesParser::new(FORMATS.iter().map(|f| PossibleValue::new(f.name).help(f.about)))
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The problem file (`.inp` Popeye, `.stip`, `.yaml`); `-` reads standard input.
    pub file: String,
    /// Threads for the search (default: all cores; at most 8 per core).
    #[arg(long, value_parser = args::threads)]
    pub threads: Option<usize>,
    /// Transposition-table size in MB (at most half of the machine's memory).
    #[arg(long, default_value = "256", value_parser = args::hash_mb)]
    pub hash: usize,
    /// Time limit per problem in seconds (at most a week); what was found by then is printed, marked partial.
    #[arg(long, value_parser = args::seconds)]
    pub time_limit: Option<Duration>,
    /// Help and series play: the solution lines listed per phase, the canonically first; the others are
    /// counted, and the output says how many were found (at most ten million).
    #[arg(long, value_name = "N", default_value_t = stipula::solve::lines::DEFAULT_MAX_LINES, value_parser = args::max_lines)]
    pub max_lines: usize,
    /// Output format.
    #[arg(long, default_value = FORMATS[0].name, value_parser = formats())]
    pub format: String,
}

pub fn run(args: SolveArgs) -> i32 {
    if let Err(e) = inputs::threads(args.threads) {
        eprintln!("error: {e}");
        return super::EXIT_BAD_INPUT;
    }
    let problems = match inputs::read_problems(&args.file) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return super::EXIT_BAD_INPUT;
        }
    };
    let progress = std::sync::Arc::new(stipula::solve::Progress::default());
    let settings = Settings {
        hash_mb: args.hash,
        time_limit: args.time_limit,
        max_lines: args.max_lines,
        progress: Some(progress.clone()),
        ..Settings::default()
    };
    let format: &Format = Format::named(&args.format).unwrap_or(&FORMATS[0]);
    let mut code = 0;
    let mut parts = Vec::new();
    let mut part = |text: Option<String>| match text {
        Some(t) if format.streamed => out!("{t}"),
        Some(t) => parts.push(t),
        None => {}
    };
    let total = problems.len();
    for (index, p) in problems.into_iter().enumerate() {
        match p {
            Err(d) => {
                eprint!("{}", d.render());
                code = worst(code, super::EXIT_BAD_INPUT);
            }
            Ok(p) => {
                let label = format!("problem {}/{total} ({}:{})", index + 1, p.location.file, p.location.line);
                let solved = with_progress(&label, &progress, || {
                    guard::problem(&args.file, index + 1, || solve_problem(&p, &settings))
                });
                let twins = match solved {
                    Ok(twins) => twins,
                    Err(why) => {
                        eprint!("{}", guard::report(&format!("problem {} ({})", index + 1, p.location), &why));
                        code = worst(code, guard::EXIT_INTERNAL);
                        part((format.part)(&p, Err(&why)));
                        continue;
                    }
                };
                // A diagram or twin the solver refuses (no king, a pawn on the last rank, the side not to move in
                // check, an unknown condition …) is bad input: report it at the problem's location.
                for t in &twins {
                    if let Outcome::Refused(why) = &t.outcome {
                        let what = if t.label.is_empty() { String::new() } else { format!("twin {}: ", t.label) };
                        let d = Diagnostic::new(p.location.clone(), format!("{what}{why}"))
                            .hint("the problem starts here; the position or options cannot be solved as given");
                        eprint!("{}", d.render());
                        code = worst(code, super::EXIT_BAD_INPUT);
                    }
                    // A phase left out (its side not to move in check) while the others are solved: said, as
                    // Popeye says it (`the side to play can capture the king`), without changing the exit code.
                    for u in t.unplayable.iter().filter(|_| !matches!(t.outcome, Outcome::Refused(_))) {
                        let what = if t.label.is_empty() { String::new() } else { format!("twin {}: ", t.label) };
                        let d = Diagnostic::new(
                            p.location.clone(),
                            format!("{what}{} is left out: {}", phase_name(u.kind, u.side), u.why),
                        )
                        .hint("the other phases are solved");
                        eprint!("{}", d.render_as("warning"));
                    }
                    // An option that does not apply to the stipulation is ignored, as Popeye ignores it, and said.
                    for o in t.ignored.iter().filter(|_| !matches!(t.outcome, Outcome::Refused(_))) {
                        let what = if t.label.is_empty() { String::new() } else { format!("twin {}: ", t.label) };
                        let name = OptionDef::of(*o).name_in(Lang::English);
                        let d = Diagnostic::new(
                            p.location.clone(),
                            format!("{what}option {name} does not apply to `{}`: ignored", t.stipulation),
                        )
                        .hint("Popeye ignores it too");
                        eprint!("{}", d.render_as("warning"));
                    }
                    if t.outcome == Outcome::TimedOut {
                        code = worst(code, super::EXIT_PARTIAL);
                    }
                }
                part((format.part)(&p, Ok(&twins)));
            }
        }
    }
    if !format.streamed {
        out!("{}", (format.whole)(&parts));
    }
    code
}

/// A phase as a warning names it: `the solution`, `the set play (Black to move)`, `the duplex (Black begins)`.
fn phase_name(kind: PhaseKind, side: Color) -> String {
    match kind {
        PhaseKind::Solution => "the solution".into(),
        PhaseKind::SetPlay => format!("the set play ({} to move)", side.name()),
        PhaseKind::Duplex => format!("the duplex ({} begins)", side.name()),
    }
}

/// The spinner's text: `problem 1/1 (file:2): first move 3/25 d1-h5 at #6` (the first moves settled of all, the
/// squares of the one being searched and the length it is tried at).
fn progress_text(label: &str, now: stipula::solve::ProgressNow) -> String {
    let first = now.first.map_or(String::new(), |(from, to)| format!(" {from}-{to} at #{}", now.length));
    format!("{label}: first move {}/{}{first}", (now.settled + 1).min(now.total), now.total)
}

/// Runs `work` with a spinner on standard error (problem, elapsed time, and in battle play the first moves
/// settled, the one being searched and the length it is tried at, from `progress`) that appears only when the
/// work takes longer than a moment and standard error is a terminal; it is cleared when the work is done.
pub fn with_progress<T>(label: &str, progress: &stipula::solve::Progress, work: impl FnOnce() -> T) -> T {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use std::io::IsTerminal;
    use std::sync::atomic::{AtomicBool, Ordering};
    if !std::io::stderr().is_terminal() {
        return work();
    }
    progress.reset();
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    if let Ok(style) = ProgressStyle::with_template("{spinner} solving {msg} {elapsed}") {
        bar.set_style(style);
    }
    bar.set_message(label.to_string());
    let done = AtomicBool::new(false);
    let out = std::thread::scope(|scope| {
        scope.spawn(|| {
            let start = std::time::Instant::now();
            while start.elapsed() < Duration::from_millis(500) {
                if done.load(Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(120));
            while !done.load(Ordering::Relaxed) {
                if let Some(now) = progress.now() {
                    bar.set_message(progress_text(label, now));
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        let out = work();
        done.store(true, Ordering::Relaxed);
        out
    });
    bar.finish_and_clear();
    out
}
