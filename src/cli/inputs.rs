//! The problems of the files and folders named on the command line, in a fixed order: arguments in the order
//! given, folders expanded recursively with their entries sorted by name, keeping the files whose extension
//! names a problem format in any case (`.inp`, `.pbm`, `.stip`, `.yaml`, `.yml`, `.olv`: what `solve` reads by
//! extension).

use std::io::Read;
use std::path::Path;
use stipula::input::{read_bytes, Reading};
use stipula::problem::{Diagnostic, Problem};

/// One problem slot: its file, its 1-based index in the file (0 when the whole file could not be read), the
/// fingerprint of its text ([`stipula::input::fingerprint`]; none when the file could not be read), and the
/// problem or why it could not be read.
pub struct Item {
    pub file: String,
    pub index: usize,
    pub fingerprint: Option<u64>,
    pub problem: Result<Problem, Diagnostic>,
}

/// Expands folders into the problem files under them; a name that does not exist is an error.
pub fn expand(paths: &[String]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p == "-" {
            out.push(p.clone());
            continue;
        }
        let path = Path::new(p);
        if path.is_dir() {
            walk(path, &mut out).map_err(|e| format!("cannot read folder {p}: {e}"))?;
        } else if path.exists() {
            out.push(p.clone());
        } else {
            return Err(format!("{p}: no such file or folder"));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<String>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            walk(&e, out)?;
        } else if stipula::input::is_problem_file(&e.to_string_lossy()) {
            out.push(e.to_string_lossy().into_owned());
        }
    }
    Ok(())
}

/// Reads a file (or standard input) and parses every problem in it; the warnings of the reading (a byte that is
/// not UTF-8, text after `EndProblem`) go to standard error.
pub fn read_file(file: &str) -> Result<Reading, String> {
    let bytes = if file == "-" {
        let mut b = Vec::new();
        std::io::stdin().read_to_end(&mut b).map_err(|e| format!("cannot read standard input: {e}"))?;
        b
    } else {
        std::fs::read(file).map_err(|e| format!("cannot read {file}: {e}"))?
    };
    let reading = read_bytes(file, &bytes);
    for w in &reading.warnings {
        eprint!("{}", w.render_as("warning"));
    }
    Ok(reading)
}

/// [`read_file`]'s problems.
#[allow(clippy::result_large_err)]
pub fn read_problems(file: &str) -> Result<Vec<Result<Problem, Diagnostic>>, String> {
    Ok(read_file(file)?.problems.into_iter().map(|r| r.problem).collect())
}

/// Reads every problem of every file; a file that cannot be read becomes one item with index 0.
pub fn read_all(files: &[String]) -> Vec<Item> {
    let mut items = Vec::new();
    for f in files {
        match read_file(f) {
            Ok(reading) => {
                let prints: Vec<u64> = (0..reading.problems.len()).map(|i| reading.fingerprint(i)).collect();
                for (i, (r, print)) in reading.problems.into_iter().zip(prints).enumerate() {
                    items.push(Item { file: f.clone(), index: i + 1, fingerprint: Some(print), problem: r.problem });
                }
            }
            Err(e) => {
                let loc = stipula::problem::Location { file: f.clone(), line: 0, column: 0 };
                items.push(Item {
                    file: f.clone(),
                    index: 0,
                    fingerprint: None,
                    problem: Err(Diagnostic::new(loc, e)),
                });
            }
        }
    }
    items
}

/// Solves and judges one item; a problem that could not be read is its own `bad_input` or `unsupported`
/// report, and one whose solving panicked (a bug) its own `internal_error` report.
pub fn judge_item(item: &Item, settings: &stipula::solve::run::Settings) -> stipula::verify::ProblemReport {
    use stipula::verify::{verify_problem, ProblemReport, Verdict};
    match &item.problem {
        Ok(p) => super::guard::problem(&item.file, item.index, || verify_problem(p, settings)).unwrap_or_else(|why| {
            let why = format!("internal error (a bug in stipula, not in the problem): {why}");
            ProblemReport::failed(p.location.clone(), p.stipulation.to_string(), Verdict::InternalError, why)
        }),
        Err(d) => {
            ProblemReport::failed(d.location.clone(), String::new(), Verdict::for_fault(d.fault), d.message.clone())
        }
    }
}

/// Whether two paths name the same file (the same device and inode on Unix; else the same canonical path).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// Starts the global thread pool with `n` threads.
pub fn threads(n: Option<usize>) -> Result<(), String> {
    if let Some(n) = n {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| format!("cannot start {n} threads: {e}"))?;
    }
    Ok(())
}
