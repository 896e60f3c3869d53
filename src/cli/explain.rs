//! `stipula explain FILE [--svg OUT.svg] [--why MOVE]`: the diagram, then for the diagram and after each move
//! of each solution which pieces are paralysed and by whom, which checks are real or cancelled, and why
//! tempting moves are illegal. The analysis is the library's ([`stipula::explain`]); this file prints it.

use super::solve::read_problems;
use super::{guard, worst};
use clap::Args;
use std::fmt::Write as _;
use stipula::explain::prose::why_sentence;
use stipula::explain::walkthrough::{explain_problem, why_in_problem, WhyError};
use stipula::explain::{Paralysis, Snapshot, Step, TreeNode};
use std::time::Duration;
use stipula::solve::run::Settings;
use stipula::output::board::{svg, unicode};
use stipula::notation::piece_letters;
use stipula::position::Position;
use stipula::problem::{Diagnostic, Problem};
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
    let svg_paths: Vec<Option<String>> = selected.iter().map(|(i, _)| args.svg.as_deref().map(|s| svg_path(s, several.then_some(i + 1)))).collect();
    if let Some(given) = &args.svg {
        for path in std::iter::once(given).chain(svg_paths.iter().flatten()) {
            if let Err(e) = may_write_svg(path, &args.file) {
                eprintln!("error: --svg {given}: {e}{}", if path == given { String::new() } else { format!(" ({path})") });
                return super::EXIT_BAD_INPUT;
            }
        }
    }
    let settings = Settings { hash_mb: 16, time_limit: args.time_limit, max_lines: args.max_lines, ..Settings::default() };
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
            for m in &args.why {
                let answers = match guard::problem(&args.file, index + 1, || why_in_problem(&p, m)) {
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
        let explained = match guard::problem(&args.file, index + 1, || explain_problem(&p, &settings)) {
            Ok(t) => t,
            Err(why) => {
                eprint!("{}", guard::report(&format!("problem {} ({})", index + 1, p.location), &why));
                code = worst(code, guard::EXIT_INTERNAL);
                continue;
            }
        };
        for t in explained {
            if let Some(e) = &t.refused {
                refuse(e, &mut code);
                continue;
            }
            let Some(initial) = &t.initial else { continue };
            if !t.label.is_empty() {
                let _ = writeln!(out, "\n{} {}", t.label, t.heading);
            }
            let conds = if t.conditions.is_empty() { "orthodox".to_string() } else { t.conditions.join(", ") };
            let _ = writeln!(out, "{}  ·  {}\n", t.stipulation, conds);
            let marked: Vec<Square> = initial.paralysed.iter().map(|x| x.square).collect();
            out += &unicode(&initial.position, &marked);
            if !marked.is_empty() {
                out += "(paralysed pieces in parentheses)\n";
            }
            let _ = writeln!(out, "\nThe diagram, {} to move:", initial.position.side().name());
            out += &describe(initial, None, "  ");
            // The problem's first diagram.
            if let Some(path) = svg_path.take() {
                let para: Vec<(Square, Vec<Square>)> = initial.paralysed.iter().map(|x| (x.square, x.by.clone())).collect();
                let title = format!("{} — {} {}", title_of(&p), t.stipulation, conds);
                if let Err(e) = std::fs::write(&path, svg(&initial.position, &para, &title)) {
                    eprintln!("error: cannot write {path}: {e}");
                    return super::EXIT_BAD_INPUT;
                }
            }
            if t.timed_out {
                code = worst(code, super::EXIT_PARTIAL);
            }
            if t.lines.is_empty() && t.tree.is_empty() && t.left_out == 0 {
                out += if t.timed_out { "\nNo solution found before the time limit.\n" } else { "\nNo solution.\n" };
            }
            for (i, line) in t.lines.iter().enumerate() {
                let _ = writeln!(out, "\nSolution {}: {}", i + 1, line.iter().map(|s| format!("{}{}", s.number, s.text)).collect::<Vec<_>>().join(" "));
                let mut prev = initial;
                for s in line {
                    out += &step_text(s, prev, "  ");
                    prev = &s.after;
                }
            }
            if !t.tree.is_empty() {
                out += "\nSolution:\n";
                for n in &t.tree {
                    tree_text(n, initial, 1, &mut out);
                }
            }
            for n in &t.notes {
                let _ = writeln!(out, "\nNote: {n}.");
            }
        }
        out!("{out}");
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

/// Whether the SVG may be written to `path`: a name ending in `.svg`, not the input, not a folder.
fn may_write_svg(path: &str, input: &str) -> Result<(), String> {
    let target = std::path::Path::new(path);
    if !target.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg")) {
        return Err("the name of the SVG file must end in `.svg`".into());
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

/// `Rc5`, `Sf7`, `Pc2`, `Gb7`.
fn short(pos: &Position, sq: Square) -> String {
    match pos.piece_at(sq) {
        Some(p) => {
            let l = piece_letters(p.kind);
            format!("{}{sq}", if l.is_empty() { "P" } else { l })
        }
        None => sq.to_string(),
    }
}

fn paralysis_short(pos: &Position, p: &Paralysis) -> String {
    let by: Vec<String> = p.by.iter().map(|&b| short(pos, b)).collect();
    format!("{} (by {})", short(pos, p.square), by.join(", "))
}

/// The facts of one position: paralyses (and what changed since `prev`), checks, the king's squares and the
/// tempting illegal moves.
fn describe(s: &Snapshot, prev: Option<&Snapshot>, indent: &str) -> String {
    let mut out = String::new();
    let pos = &s.position;
    if s.paralysed.is_empty() {
        let _ = writeln!(out, "{indent}no piece is paralysed");
    } else {
        let items: Vec<String> = s.paralysed.iter().map(|p| paralysis_short(pos, p)).collect();
        let _ = writeln!(out, "{indent}paralysed: {}", items.join(", "));
    }
    if let Some(prev) = prev {
        let was = |sq: Square, piece| prev.paralysed.iter().any(|q| q.square == sq && q.piece == piece);
        let newly: Vec<String> = s.paralysed.iter().filter(|p| !was(p.square, p.piece)).map(|p| paralysis_short(pos, p)).collect();
        let freed: Vec<String> = prev
            .paralysed
            .iter()
            .filter(|q| !s.paralysed.iter().any(|p| p.square == q.square && p.piece == q.piece) && pos.piece_at(q.square) == Some(q.piece))
            .map(|q| short(pos, q.square))
            .collect();
        if !newly.is_empty() {
            let _ = writeln!(out, "{indent}newly paralysed: {}", newly.join(", "));
        }
        if !freed.is_empty() {
            let _ = writeln!(out, "{indent}released: {}", freed.join(", "));
        }
    }
    for c in &s.checks {
        let _ = writeln!(out, "{indent}{}.", capitalise(&c.sentence));
    }
    for k in &s.king_squares {
        let _ = writeln!(out, "{indent}{}.", capitalise(&k.sentence()));
    }
    if s.mate {
        let _ = writeln!(out, "{indent}{} is checkmated.", pos.side().name());
    } else if s.stalemate {
        let _ = writeln!(out, "{indent}{} is stalemated.", pos.side().name());
    }
    if !s.tempting.is_empty() {
        let _ = writeln!(out, "{indent}tempting but illegal for {}:", pos.side().name());
        for w in &s.tempting {
            let _ = writeln!(out, "{indent}  {}", why_sentence(pos, w));
        }
    }
    out
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn step_text(s: &Step, prev: &Snapshot, indent: &str) -> String {
    let mut out = format!("{indent}{}{}\n", s.number, s.text);
    out += &describe(&s.after, Some(prev), &format!("{indent}    "));
    out
}

fn tree_text(n: &TreeNode, prev: &Snapshot, depth: usize, out: &mut String) {
    let indent = "  ".repeat(depth);
    *out += &step_text(&n.step, prev, &indent);
    for c in &n.children {
        tree_text(c, &n.step.after, depth + 1, out);
    }
}
