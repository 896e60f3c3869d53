//! `stipula explain FILE [--svg OUT.svg] [--html OUT.html] [--why MOVE]`: the diagram, then for the diagram and after each move
//! of each solution which pieces are paralysed and by whom, which checks are real or cancelled, and why
//! tempting moves are illegal. The analysis is the library's ([`stipula::explain`]); this file prints it.

use super::inputs::read_problems;
use super::{guard, worst};
use clap::Args;
use std::fmt::Write as _;
use std::time::Duration;
use stipula::explain::prose::position_facts;
use stipula::explain::walkthrough::{explain_problem, explain_problem_in_full, why_in_twins, WhyError};
use stipula::explain::{PhaseWalk, Snapshot, Step, TreeNode, TwinExplanation};
use stipula::output::board::{svg, unicode};
use stipula::output::html::{self, Explained};
use stipula::problem::twins::compile_twins;
use stipula::problem::{Diagnostic, Problem};
use stipula::solve::run::Settings;
use stipula::square::Square;

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The problem file (`.inp` Popeye, `.stip`, `.yaml`); `-` reads standard input.
    pub file: String,
    /// Also write the diagram (paralysed pieces framed, arrows from their paralysers) as SVG to this file, whose
    /// name must end in `.svg` (an existing one is replaced, never the input); with several problems, one file
    /// per problem, numbered (`OUT-1.svg`, `OUT-2.svg`, …).
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<String>,
    /// Also write the teaching page to this file, whose name must end in `.html` (an existing one is replaced,
    /// never the input): one self-contained page with every problem explained (or the one `--problem` picks),
    /// stepped through in a browser.
    #[arg(long, value_name = "OUT.html", conflicts_with = "why")]
    pub html: Option<String>,
    /// Only say whether this move is legal in the diagram, and why not (`Rc5*g5`, `Rc5xg5`, `c5g5`, `0-0`).
    #[arg(long, value_name = "MOVE")]
    pub why: Vec<String>,
    /// Explain only the n-th problem of the file (1-based).
    #[arg(long, value_name = "N")]
    pub problem: Option<usize>,
    /// Time limit per problem in seconds (at most a week; the problem's `MaxTime` applies too): what was found
    /// by then is explained, marked partial, and the exit code is 3.
    #[arg(long, value_parser = super::args::seconds)]
    pub time_limit: Option<Duration>,
    /// Help and series play: the solutions walked through per twin, the canonically first (at most ten million).
    #[arg(long, value_name = "N", default_value = "100", value_parser = super::args::max_lines)]
    pub max_lines: usize,
}

pub fn run(args: ExplainArgs) -> i32 {
    let problems = match read_problems(&args.file) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return super::EXIT_BAD_INPUT;
        }
    };
    let total = problems.len();
    let selected: Vec<(usize, Result<Problem, Diagnostic>)> = match args.problem {
        Some(n) if n == 0 || n > total => {
            eprintln!("error: --problem {n}: the file holds {total} problem{}", if total == 1 { "" } else { "s" });
            return super::EXIT_BAD_INPUT;
        }
        Some(n) => problems.into_iter().enumerate().filter(|(i, _)| i + 1 == n).collect(),
        None => problems.into_iter().enumerate().collect(),
    };
    if selected.is_empty() {
        eprintln!("error: {}: no problem found", args.file);
        return super::EXIT_BAD_INPUT;
    }
    // One SVG per problem, checked before anything is written.
    let several = selected.len() > 1;
    let svg_paths: Vec<Option<String>> =
        selected.iter().map(|(i, _)| args.svg.as_deref().map(|s| svg_path(s, several.then_some(i + 1)))).collect();
    if let Some(given) = &args.svg {
        for path in std::iter::once(given).chain(svg_paths.iter().flatten()) {
            if let Err(e) = may_write(path, &args.file, "svg") {
                eprintln!(
                    "error: --svg {given}: {e}{}",
                    if path == given { String::new() } else { format!(" ({path})") }
                );
                return super::EXIT_BAD_INPUT;
            }
        }
    }
    if let Some(path) = &args.html {
        if let Err(e) = may_write(path, &args.file, "html") {
            eprintln!("error: --html {path}: {e}");
            return super::EXIT_BAD_INPUT;
        }
    }
    let mut page: Vec<(Problem, Vec<TwinExplanation>)> = Vec::new();
    let settings =
        Settings { hash_mb: 16, time_limit: args.time_limit, max_lines: args.max_lines, ..Settings::default() };
    let mut code = 0;
    for ((index, p), svg_path) in selected.into_iter().zip(svg_paths) {
        let mut out = String::new();
        let mut svg_path = svg_path;
        let p = match p {
            Ok(p) => p,
            Err(d) => {
                eprint!("{}", d.render());
                code = worst(code, super::EXIT_BAD_INPUT);
                continue;
            }
        };
        let refuse = |why: &str, code: &mut i32| {
            let d = Diagnostic::new(p.location.clone(), why.to_string())
                .hint("the problem starts here; the position or options cannot be explained as given");
            eprint!("{}", d.render());
            *code = worst(*code, super::EXIT_BAD_INPUT);
        };
        if total > 1 {
            let _ = writeln!(out, "── problem {} of {total} ({}) ──", index + 1, p.location);
        }
        if !args.why.is_empty() {
            let twins = compile_twins(&p);
            for m in &args.why {
                let answers = match guard::problem(&args.file, index + 1, || why_in_twins(&p, &twins, m)) {
                    Ok(a) => a,
                    Err(why) => {
                        eprint!("{}", guard::report(&format!("problem {} ({})", index + 1, p.location), &why));
                        code = worst(code, guard::EXIT_INTERNAL);
                        continue;
                    }
                };
                for (label, r) in answers {
                    let prefix = if label.is_empty() { String::new() } else { format!("{label} ") };
                    match r {
                        Ok(sentence) => {
                            let _ = writeln!(out, "{prefix}{sentence}");
                        }
                        Err(WhyError::BadMove(e)) => {
                            eprintln!("error: --why {m}: {e}");
                            code = worst(code, super::EXIT_BAD_INPUT);
                        }
                        Err(WhyError::Refused(e)) => refuse(&e, &mut code),
                    }
                }
            }
            out!("{out}");
            continue;
        }
        out += &header(&p);
        let full = args.html.is_some();
        let explained = match guard::problem(&args.file, index + 1, || {
            if full {
                explain_problem_in_full(&p, &settings)
            } else {
                explain_problem(&p, &settings)
            }
        }) {
            Ok(t) => t,
            Err(why) => {
                eprint!("{}", guard::report(&format!("problem {} ({})", index + 1, p.location), &why));
                code = worst(code, guard::EXIT_INTERNAL);
                continue;
            }
        };
        for t in &explained {
            if let Some(e) = &t.refused {
                refuse(e, &mut code);
                continue;
            }
            let Some(initial) = &t.initial else { continue };
            if !t.label.is_empty() {
                let _ = writeln!(out, "\n{} {}", t.label, t.heading);
            }
            let mut conds = if t.conditions.is_empty() { "orthodox".to_string() } else { t.conditions.join(", ") };
            // Pieces with attributes: `royal wSb1`, as the statement language writes them.
            let attributed: Vec<String> = t
                .pieces
                .iter()
                .filter(|p| !p.effective_attrs().is_empty())
                .map(|p| {
                    let names: Vec<&str> = p.effective_attrs().defs().map(|d| d.name).collect();
                    // A neutral piece has no colour of its own (`neutral Ra1`).
                    let colour = match (p.attrs.has(stipula::pieces::Attrs::NEUTRAL), p.color) {
                        (true, _) => "",
                        (false, stipula::Color::White) => "w",
                        (false, stipula::Color::Black) => "b",
                    };
                    format!("{} {}{}{}", names.join(" "), colour, p.kind.code(), p.square)
                })
                .collect();
            if !attributed.is_empty() {
                conds += &format!("  ·  {}", attributed.join(", "));
            }
            let _ = writeln!(out, "{}  ·  {}\n", t.stipulation, conds);
            let marked: Vec<Square> = initial.paralysed.iter().map(|x| x.square).collect();
            out += &unicode(&initial.position, &marked);
            if !marked.is_empty() {
                out += "(paralysed pieces in parentheses)\n";
            }
            let what = t.start.as_deref().unwrap_or("The diagram");
            let _ = writeln!(out, "\n{what}, {} to move:", initial.position.side().name());
            out += &describe(initial, None, "  ");
            // The problem's first diagram.
            if let Some(path) = svg_path.take() {
                let para: Vec<(Square, Vec<Square>)> =
                    initial.paralysed.iter().map(|x| (x.square, x.by.clone())).collect();
                let title = format!("{} — {} {}", title_of(&p), t.stipulation, conds);
                if let Err(e) = std::fs::write(&path, svg(&initial.position, &para, &title)) {
                    eprintln!("error: cannot write {path}: {e}");
                    return super::EXIT_BAD_INPUT;
                }
            }
            if t.timed_out {
                code = worst(code, super::EXIT_PARTIAL);
            }
            for ph in t.phases.iter().filter(|ph| ph.before_solution) {
                phase_text(ph, &mut out);
            }
            if t.lines.is_empty() && t.tree.is_empty() && t.left_out == 0 {
                out += if t.timed_out { "\nNo solution found before the time limit.\n" } else { "\nNo solution.\n" };
            }
            walk_text(&t.lines, &t.tree, initial, "Solution", true, &mut out);
            for ph in t.phases.iter().filter(|ph| !ph.before_solution) {
                phase_text(ph, &mut out);
            }
            for n in &t.notes {
                let _ = writeln!(out, "\nNote: {n}.");
            }
        }
        out!("{out}");
        if full {
            page.push((p, explained));
        }
    }
    if let Some(path) = &args.html {
        let title = match page.as_slice() {
            [(p, _)] => title_of(p),
            _ => format!("stipula explain {}", args.file),
        };
        let items: Vec<Explained> = page.iter().map(|(problem, twins)| Explained { problem, twins }).collect();
        if let Err(e) = std::fs::write(path, html::page(&items, &title)) {
            eprintln!("error: cannot write {path}: {e}");
            return super::EXIT_BAD_INPUT;
        }
    }
    code
}

/// The SVG file of problem `number` when several are explained (`out.svg` → `out-2.svg`), else `path` itself.
fn svg_path(path: &str, number: Option<usize>) -> String {
    let Some(n) = number else { return path.to_string() };
    let p = std::path::Path::new(path);
    let stem = p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name = match p.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    p.with_file_name(name).to_string_lossy().into_owned()
}

/// Whether a picture or page may be written to `path`: a name ending in `.{ext}`, not the input, not a folder.
fn may_write(path: &str, input: &str, ext: &str) -> Result<(), String> {
    let target = std::path::Path::new(path);
    if !target.extension().is_some_and(|e| e.eq_ignore_ascii_case(ext)) {
        return Err(format!("the name of the {} file must end in `.{ext}`", ext.to_uppercase()));
    }
    if super::inputs::same_file(target, std::path::Path::new(input)) {
        return Err("it is the input file".into());
    }
    if target.exists() && !target.is_file() {
        return Err("it exists and is not a file".into());
    }
    Ok(())
}

fn title_of(p: &Problem) -> String {
    if let Some(t) = &p.meta.title {
        return t.clone();
    }
    if !p.meta.authors.is_empty() {
        return p.meta.authors.join(", ");
    }
    "stipula".into()
}

fn header(p: &Problem) -> String {
    let mut s = String::new();
    if let Some(t) = &p.meta.title {
        let _ = writeln!(s, "{t}");
    }
    if !p.meta.authors.is_empty() {
        let _ = writeln!(s, "{}", p.meta.authors.join(", "));
    }
    if let Some(src) = &p.meta.source {
        let _ = writeln!(s, "{src}");
    }
    s
}

/// The facts of one position (see [`position_facts`]), indented.
fn describe(s: &Snapshot, prev: Option<&Snapshot>, indent: &str) -> String {
    position_facts(s, prev)
        .into_iter()
        .map(|(depth, line)| format!("{indent}{}{line}\n", "  ".repeat(depth as usize)))
        .collect()
}

fn step_text(s: &Step, prev: &Snapshot, indent: &str) -> String {
    let mut out = format!("{indent}{}{}\n", s.number, s.text);
    out += &describe(&s.after, Some(prev), &format!("{indent}    "));
    out
}

/// A phase's lines (`Solution 1: …`, each move with what it shows) or tree (under `Solution:`, unless `tree_heading`
/// is false), `name` naming them.
fn walk_text(
    lines: &[Vec<Step>],
    tree: &[TreeNode],
    initial: &Snapshot,
    name: &str,
    tree_heading: bool,
    out: &mut String,
) {
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(
            out,
            "\n{name} {}: {}",
            i + 1,
            line.iter().map(|s| format!("{}{}", s.number, s.text)).collect::<Vec<_>>().join(" ")
        );
        let mut prev = initial;
        for s in line {
            *out += &step_text(s, prev, "  ");
            prev = &s.after;
        }
    }
    if !tree.is_empty() && tree_heading {
        let _ = writeln!(out, "\n{name}:");
    }
    for n in tree {
        tree_text(n, initial, 1, out);
    }
}

/// A set play or a duplex: its heading and diagram's facts, then its solutions.
fn phase_text(ph: &PhaseWalk, out: &mut String) {
    let title = ph.title();
    let _ = writeln!(out, "\n{title}:");
    *out += &describe(&ph.initial, None, "  ");
    if ph.lines.is_empty() && ph.tree.is_empty() {
        *out += "  No solution.\n";
    }
    walk_text(&ph.lines, &ph.tree, &ph.initial, "Line", false, out);
}

fn tree_text(n: &TreeNode, prev: &Snapshot, depth: usize, out: &mut String) {
    let indent = "  ".repeat(depth);
    *out += &step_text(&n.step, prev, &indent);
    for c in &n.children {
        tree_text(c, &n.step.after, depth + 1, out);
    }
}
