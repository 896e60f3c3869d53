//! What the CLI tests share: running the real binary.

use std::io::Write;
use std::process::{Command, Stdio};

#[allow(dead_code)]
/// Runs `stipula` with `args`, feeding `stdin`; returns the exit code (-1 when killed), stdout and stderr.
pub fn stipula(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = spawn(args);
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Runs `stipula` with `args` and standard output piped, feeding `stdin`; reads the first line of standard
/// output and then closes the pipe's read end, as `| head -1` does. Returns the exit code (-1 when killed by a
/// signal), that first line and standard error.
#[allow(dead_code)]
pub fn stipula_first_line(args: &[&str], stdin: &str) -> (i32, String, String) {
    use std::io::{BufRead, BufReader, Read};
    let mut child = spawn(args);
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let mut err = child.stderr.take().unwrap();
    let drain = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let mut first = String::new();
    {
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        reader.read_line(&mut first).unwrap();
    } // the read end is closed here
    let status = child.wait().unwrap();
    feeder.join().unwrap();
    (status.code().unwrap_or(-1), first, drain.join().unwrap())
}

#[allow(dead_code)]
/// Starts `stipula` with `args` and its three standard streams piped.
fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_stipula"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The folder of Popeye's reference cases (`<case>.inp` and Popeye's `<case>.out`): `STIPULA_POPEYE_DIR`, else
/// `../shared/popeye` beside the checkout. Tests that read it carry
/// `#[cfg_attr(not(popeye_corpus), ignore = "...")]` (`build.rs`); when it is missing they fail here.
#[allow(dead_code)]
pub fn popeye_dir() -> std::path::PathBuf {
    let dir = std::env::var_os("STIPULA_POPEYE_DIR").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/popeye"),
        std::path::PathBuf::from,
    );
    assert!(dir.is_dir(), "the Popeye reference cases are not in {} (set STIPULA_POPEYE_DIR)", dir.display());
    dir
}
