//! The numeric arguments shared by the subcommands, checked where clap parses them: a value out of its range
//! is refused with the range in the message (exit code 2), before anything is read or solved.

use std::time::Duration;

/// The longest time limit: a week (a longer one is a mistake, and `Duration` overflows far beyond).
const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// The table size allowed when the machine's memory cannot be read.
const FALLBACK_MAX_MB: usize = 16 * 1024;

/// The most solution lines a phase may keep (`--max-lines`).
const MAX_LINES: usize = 10_000_000;

/// Threads allowed per core: beyond this, more threads only cost memory and switching.
const THREADS_PER_CORE: usize = 8;

/// `--time-limit SECONDS`: a finite number of seconds, more than 0 and at most a week.
pub fn seconds(s: &str) -> Result<Duration, String> {
    let x: f64 = s.trim().parse().map_err(|_| format!("`{s}` is not a number of seconds (such as `60` or `2.5`)"))?;
    if !(x > 0.0 && x <= MAX_SECONDS) {
        return Err(format!("a time limit must be more than 0 and at most {MAX_SECONDS} seconds (a week), not `{s}`"));
    }
    Ok(Duration::from_secs_f64(x))
}

/// `--hash MB`: from 1 MB to half of the machine's memory.
pub fn hash_mb(s: &str) -> Result<usize, String> {
    let (max, what) = max_hash_mb();
    let n: usize = s.trim().parse().map_err(|_| format!("`{s}` is not a size in MB from 1 to {max} ({what})"))?;
    if n == 0 || n > max {
        return Err(format!("the table size must be from 1 to {max} MB ({what}), not {n}"));
    }
    Ok(n)
}

/// The largest table: half of the physical memory (Linux's `/proc/meminfo`), else a fixed cap.
fn max_hash_mb() -> (usize, &'static str) {
    let total_kb = std::fs::read_to_string("/proc/meminfo").ok().and_then(|t| {
        let line = t.lines().find(|l| l.starts_with("MemTotal:"))?;
        line.split_whitespace().nth(1)?.parse::<usize>().ok()
    });
    match total_kb {
        Some(kb) => ((kb / 1024 / 2).max(1), "half of this machine's memory"),
        None => (FALLBACK_MAX_MB, "the limit when the machine's memory is unknown"),
    }
}

/// `--threads N`: from 1 to 8 per core.
pub fn threads(s: &str) -> Result<usize, String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let max = THREADS_PER_CORE * cores;
    let n: usize = s.trim().parse().map_err(|_| format!("`{s}` is not a number of threads from 1 to {max}"))?;
    if n == 0 || n > max {
        return Err(format!(
            "the threads must be from 1 to {max} ({THREADS_PER_CORE} per core, {cores} cores), not {n}"
        ));
    }
    Ok(n)
}

/// `--max-lines N`: from 0 (count the solutions, list none) to ten million.
pub fn max_lines(s: &str) -> Result<usize, String> {
    let n: usize = s.trim().parse().map_err(|_| format!("`{s}` is not a number of lines from 0 to {MAX_LINES}"))?;
    if n > MAX_LINES {
        return Err(format!("the lines kept must be from 0 to {MAX_LINES}, not {n}"));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        for bad in ["inf", "nan", "1e308", "0", "-1", "604801", "x"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(seconds("2.5"), Ok(Duration::from_millis(2500)));
        assert!(
            hash_mb("0").is_err()
                && hash_mb("18446744073709551615").is_err()
                && hash_mb("18446744073709551616").is_err()
        );
        assert_eq!(hash_mb("1"), Ok(1));
        assert!(threads("0").is_err() && threads("100000").is_err());
        assert_eq!(threads("1"), Ok(1));
        assert!(max_lines("10000001").is_err());
        assert_eq!(max_lines("0"), Ok(0));
    }
}
