//! The results file of `stipula batch` as a small, honest journal: one JSON line per problem, appended and
//! flushed as each problem is done. The rules:
//! - it is a regular file (not a pipe, a device, a folder), and none of the inputs;
//! - every complete line in it is a line of `stipula batch`, or nothing is written to it (it may be another
//!   file given by mistake);
//! - one writer at a time: an advisory lock is held while a batch writes it;
//! - each line carries the fingerprint of its problem's text, so that `--resume` redoes a problem whose text
//!   changed or moved, and a later line for a problem supersedes an earlier one;
//! - a last line cut off by a crash is removed when the run resumes.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use stipula::problem::Location;
use stipula::verify::{TwinReport, Verdict};

/// The schema of the lines written; lines of `stipula.batch/1` (without fingerprints) are read too, and
/// redone by `--resume`.
pub const SCHEMA: &str = "stipula.batch/2";
const SCHEMAS: &[&str] = &["stipula.batch/1", SCHEMA];

/// One line of the results file.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub struct Line {
    pub schema: String,
    pub file: String,
    /// 1-based position of the problem in its file (0: the file itself could not be read).
    pub index: usize,
    /// The fingerprint of the problem's text ([`stipula::input::fingerprint`], 16 hex digits); none when the
    /// file could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
    pub location: Location,
    pub stipulation: String,
    pub verdict: Verdict,
    pub twins: Vec<TwinReport>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub millis: Option<u128>,
}

impl Line {
    /// The problem the line is about.
    pub fn key(&self) -> (String, usize) {
        (self.file.clone(), self.index)
    }
}

/// A fingerprint as written in a line.
pub fn fingerprint_text(f: u64) -> String {
    format!("{f:016x}")
}

/// A line of the file that is not a line of `stipula batch`.
pub struct Foreign {
    /// 1-based line number.
    pub line: usize,
    pub why: String,
}

/// Reads a results file's text: its lines (a later one for the same problem supersedes an earlier one: both
/// are returned, in file order), the lines that are not `stipula batch`'s, and whether the last line was cut
/// off (no newline after it). Blank lines are passed over.
pub fn parse(text: &str) -> (Vec<Line>, Vec<Foreign>, bool) {
    let (complete, torn) = match text.rfind('\n') {
        Some(k) => (&text[..=k], k + 1 < text.len()),
        None => ("", !text.is_empty()),
    };
    let mut lines = Vec::new();
    let mut foreign = Vec::new();
    for (i, l) in complete.lines().enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Line>(l) {
            Ok(line) if SCHEMAS.contains(&line.schema.as_str()) => lines.push(line),
            Ok(line) => foreign.push(Foreign { line: i + 1, why: format!("its schema is `{}`", line.schema) }),
            Err(e) => foreign.push(Foreign { line: i + 1, why: format!("it is not a result line ({e})") }),
        }
    }
    (lines, foreign, torn)
}

/// The last line of each problem.
pub fn latest(lines: Vec<Line>) -> BTreeMap<(String, usize), Line> {
    lines.into_iter().map(|l| (l.key(), l)).collect()
}

/// Refuses a path that names something other than a regular file (a pipe, `/dev/stdout`, `/dev/full`, a
/// folder), and one that is one of `inputs`.
pub fn check_path(path: &str, inputs: &[String]) -> Result<(), String> {
    let p = Path::new(path);
    match std::fs::metadata(p) {
        Ok(m) if !m.is_file() => Err(format!("{path} is not a regular file: results go to a file of their own")),
        Ok(_) if inputs.iter().any(|i| i != "-" && super::inputs::same_file(p, Path::new(i))) => {
            Err(format!("{path} is one of the inputs: results go to a file of their own"))
        }
        _ => Ok(()),
    }
}

/// Opens the results file for appending (created if need be), holding its lock; `Err` when it is not a
/// regular file or another process holds the lock. Returns the file and its text.
pub fn open(path: &str) -> Result<(File, String), String> {
    let mut f = std::fs::OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| format!("cannot open {path}: {e}"))?;
    // The path may have been replaced since it was checked.
    if !f.metadata().is_ok_and(|m| m.is_file()) {
        return Err(format!("{path} is not a regular file: results go to a file of their own"));
    }
    match f.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(format!("{path} is being written by another `stipula batch` (it holds the file's lock): wait for it to end, or write to another file"))
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(format!("cannot lock {path}: {e}")),
    }
    let mut bytes = Vec::new();
    f.read_to_end(&mut bytes).map_err(|e| format!("cannot read {path}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        format!("{path} is not a results file of `stipula batch` (it is not text): nothing is written to it")
    })?;
    f.seek(SeekFrom::End(0)).map_err(|e| format!("cannot read {path}: {e}"))?;
    Ok((f, text))
}

/// Cuts a last line a crash left half-written, so that appending starts on a fresh line.
pub fn cut_torn(f: &File, path: &str, text: &str) -> Result<(), String> {
    let keep = text.rfind('\n').map_or(0, |k| k + 1);
    f.set_len(keep as u64).map_err(|e| format!("cannot repair {path}: {e}"))
}
