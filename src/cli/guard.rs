//! Panics. A panic is a bug in stipula, never the user's doing; but a collection must survive one: solving
//! each problem runs under [`problem`], so that a panic becomes that problem's own result (an internal error
//! with the panic's message and where in stipula's source it happened) and the other problems go on.
//!
//! The panic hook is the binary's: it prints nothing (the default hook would spray a backtrace over the
//! output of every caught panic), it only notes the message and its source location, which the guard that
//! catches the panic then reports. A panic outside every problem's guard is caught by the one around the whole
//! command (in [`super::run`]) and reported the same way, with exit code [`EXIT_INTERNAL`].

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

/// Exit code when stipula itself failed (a bug): sysexits' `EX_SOFTWARE`.
pub const EXIT_INTERNAL: i32 = 70;

/// Recent panics, (message, source location), newest last; a few are enough to find the one being caught.
static NOTED: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());
const KEEP: usize = 16;

/// Installs the quiet hook (once, at the start of the command).
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        let at = info.location().map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column())).unwrap_or_default();
        let mut noted = NOTED.lock().unwrap_or_else(|e| e.into_inner());
        if noted.len() >= KEEP {
            noted.remove(0);
        }
        noted.push((message(info.payload()), at));
    }));
}

/// The text of a panic's payload (`panic!("…")` gives a `&str` or a `String`).
fn message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".into()
    }
}

/// Runs `f`; a panic in it (on this thread or on a rayon worker it waited for) becomes `Err` with the panic's
/// message and source location.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let msg = message(&*payload);
        let mut noted = NOTED.lock().unwrap_or_else(|e| e.into_inner());
        match noted.iter().rposition(|(m, _)| *m == msg) {
            Some(i) => {
                let (_, at) = noted.remove(i);
                format!("{msg} (at {at})")
            }
            None => msg,
        }
    })
}

/// Solves one problem (`file`, its 1-based `index`) under [`guarded`]. For the tests of this guard, the
/// environment variable `STIPULA_TEST_PANIC=FILE:INDEX` makes that problem's solving panic on a rayon worker,
/// as a bug deep in a search would.
pub fn problem<T>(file: &str, index: usize, f: impl FnOnce() -> T) -> Result<T, String> {
    guarded(|| {
        if std::env::var("STIPULA_TEST_PANIC").is_ok_and(|v| v == format!("{file}:{index}")) {
            rayon::join(|| (), || panic!("test panic in problem {index} of {file}"));
        }
        f()
    })
}

/// The message printed for a problem whose solving panicked.
pub fn report(what: &str, why: &str) -> String {
    format!("error: internal error while solving {what}: {why}\n  = note: this is a bug in stipula, not in the problem; the other problems go on\n")
}
