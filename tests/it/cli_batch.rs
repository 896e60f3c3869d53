//! `stipula batch` on the real binary: a crash (the `--stop-after` hook, a real kill, a half-written last
//! line) and `--resume` give the same results as an uninterrupted run; shards 1/3, 2/3, 3/3 together are the
//! whole; one problem's failure is its own line. Results are compared as sorted lines (problems finish in
//! any order), written with `--no-timing` so that they compare byte for byte.

use std::process::Command;

/// The inputs: Popeye reference cases of the collection plus the mixed test collection (with a bad problem).
const INPUTS: &[&str] =
    &["problems/popeye-eiffel.yaml", "problems/popeye-madrasi.yaml", "tests/data/verify/mixed.yaml"];

fn stipula(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stipula")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn tmp(name: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_batch");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p.to_string_lossy().into_owned()
}

fn batch(out: &str, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["batch"];
    args.extend_from_slice(INPUTS);
    args.extend_from_slice(&["--out", out, "--no-timing", "--time-limit", "30"]);
    args.extend_from_slice(extra);
    stipula(&args)
}

fn sorted_lines(path: &str) -> Vec<String> {
    let mut l: Vec<String> = std::fs::read_to_string(path).unwrap().lines().map(String::from).collect();
    l.sort();
    l
}

/// An uninterrupted run (each test its own file: tests run in parallel).
fn whole(test: &str) -> Vec<String> {
    let out = tmp(&format!("whole-{test}.jsonl"));
    let (code, summary, err) = batch(&out, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(summary.contains("bad_input"), "the summary table counts verdicts: {summary}");
    sorted_lines(&out)
}

#[test]
fn one_line_per_problem_and_failures_are_lines_too() {
    let lines = whole("t1");
    // 8 Eiffel + 12 Madrasi reference cases + 9 problems of the mixed collection.
    assert_eq!(lines.len(), 29);
    let v: Vec<serde_json::Value> = lines.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(v.iter().all(|x| x["schema"] == "stipula.batch/2"
        && x.get("millis").is_none()
        && x["fingerprint"].as_str().is_some_and(|f| f.len() == 16)));
    let verdict = |file: &str, index: u64| {
        v.iter().find(|x| x["file"] == file && x["index"] == index).map(|x| x["verdict"].as_str().unwrap().to_string())
    };
    assert_eq!(verdict("tests/data/verify/mixed.yaml", 6).as_deref(), Some("bad_input"));
    assert_eq!(verdict("tests/data/verify/mixed.yaml", 2).as_deref(), Some("cooked"));
    assert_eq!(verdict("problems/popeye-eiffel.yaml", 1).as_deref(), Some("sound"));
}

#[test]
fn a_crash_and_resume_give_the_same_results() {
    let want = whole("t2");
    let out = tmp("crash.jsonl");
    let (code, _, _) = batch(&out, &["--stop-after", "5"]);
    assert_eq!(code, 3, "the hook exits like a crash");
    assert_eq!(sorted_lines(&out).len(), 5);
    let (code, summary, err) = batch(&out, &["--resume"]);
    assert_eq!(code, 0, "{err}");
    assert!(summary.starts_with("24 problems solved in this run, 29 results"), "{summary}");
    assert_eq!(sorted_lines(&out), want);
}

#[test]
fn a_half_written_last_line_is_redone() {
    let want = whole("t3");
    let out = tmp("torn.jsonl");
    let mut text = want[..3].join("\n");
    text += "\n";
    text += &want[3][..want[3].len() / 2];
    std::fs::write(&out, text).unwrap();
    let (code, _, err) = batch(&out, &["--resume"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(sorted_lines(&out), want);
}

#[test]
fn a_real_kill_and_resume_give_the_same_results() {
    let want = whole("t4");
    let out = tmp("kill.jsonl");
    let mut args: Vec<&str> = vec!["batch"];
    args.extend_from_slice(INPUTS);
    args.extend_from_slice(&["--out", &out, "--no-timing", "--threads", "1"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_stipula")).args(&args).spawn().unwrap();
    // Kill it as soon as something is written (or when it is done: then resume has nothing to do).
    let t0 = std::time::Instant::now();
    while std::fs::read_to_string(&out).map_or(true, |t| t.is_empty()) && t0.elapsed().as_secs() < 60 {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let _ = child.kill();
    let _ = child.wait();
    let (code, _, err) = batch(&out, &["--resume"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(sorted_lines(&out), want);
}

#[test]
fn three_shards_make_the_whole() {
    let want = whole("t6");
    let mut parts = Vec::new();
    let mut files = Vec::new();
    for k in 1..=3 {
        let out = tmp(&format!("shard-{k}.jsonl"));
        let (code, _, err) = batch(&out, &["--shard", &format!("{k}/3")]);
        assert_eq!(code, 0, "{err}");
        let lines = sorted_lines(&out);
        assert!(!lines.is_empty());
        parts.extend(lines);
        files.push(out);
    }
    parts.sort();
    assert_eq!(parts, want, "the shards are disjoint and cover everything");
    // `stipula merge` puts them together, each problem once.
    let merged = tmp("merged.jsonl");
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    args.extend_from_slice(&["--out", &merged]);
    assert_eq!(stipula(&args).0, 0);
    assert_eq!(sorted_lines(&merged), want);
}

#[test]
fn bad_arguments_give_one_line_and_exit_2() {
    let out = tmp("bad.jsonl");
    for shard in ["4/3", "0/2", "x"] {
        let (code, _, err) = batch(&out, &["--shard", shard]);
        assert_eq!(code, 2, "{shard}");
        assert!(err.contains("is not a shard such as `2/8`"), "{err}");
    }
    std::fs::write(&out, "{}\n").unwrap();
    let (code, _, err) = batch(&out, &[]);
    assert_eq!(code, 2);
    assert_eq!(err, format!("error: {out} exists: add --resume to continue it, or remove it\n"));
}

/// A folder of the test's own, with `files` written into it.
fn folder(name: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_batch").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    for (f, text) in files {
        std::fs::write(d.join(f), text).unwrap();
    }
    d
}

const MATE_1: &str = "white: Kb6 Rh1\nblack: Kb8\nstipulation: #1\n";
const MATE_2: &str = "white: Kb6 Rh1\nblack: Kb8\nstipulation: #2\n";
const MATE_3: &str = "white: Kb6 Rh1\nblack: Kb8\nstipulation: #3\n";

/// Runs the binary with its standard output piped, killed after 30 s: `None` if it had to be killed.
fn stipula_within(args: &[&str]) -> Option<(i32, String)> {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_stipula"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let t0 = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t0.elapsed().as_secs() > 30 {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    Some((child.wait().unwrap().code().unwrap_or(-1), err))
}

#[test]
fn the_results_file_is_a_regular_file_of_its_own() {
    let d = folder("regular", &[("a.stip", MATE_1)]);
    let input = d.join("a.stip").to_string_lossy().into_owned();
    // Standard output piped (`| cat`), /dev/full, a folder: refused at once, nothing solved or read.
    for out in ["/dev/stdout", "/dev/full", d.to_str().unwrap()] {
        let (code, err) =
            stipula_within(&["batch", &input, "--out", out]).unwrap_or_else(|| panic!("--out {out} hangs"));
        assert_eq!(code, 2, "{out}: {err}");
        assert!(err.contains("is not a regular file"), "{out}: {err}");
    }
    // One of the inputs, with or without --resume: refused, the collection untouched.
    for extra in [&[][..], &["--resume"][..]] {
        let mut args = vec!["batch", input.as_str(), "--out", input.as_str()];
        args.extend_from_slice(extra);
        let (code, _, err) = stipula(&args);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("is one of the inputs"), "{err}");
    }
    let (code, _, err) = stipula(&["batch", d.to_str().unwrap(), "--out", &input, "--resume"]);
    assert!(code == 2 && err.contains("is one of the inputs"), "an input found in a folder: {err}");
    assert_eq!(std::fs::read_to_string(&input).unwrap(), MATE_1);
    // A file of other lines (another collection given by mistake): refused, with the first such line.
    let other = d.join("notes.jsonl");
    std::fs::write(&other, "{\"schema\":\"stipula.batch/2\"}\nsomething else\n").unwrap();
    let (code, _, err) = stipula(&["batch", &input, "--out", other.to_str().unwrap(), "--resume"]);
    assert_eq!(code, 2);
    assert!(err.contains("notes.jsonl:1: not a line of `stipula batch`"), "{err}");
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "{\"schema\":\"stipula.batch/2\"}\nsomething else\n");
}

#[test]
fn a_second_writer_is_refused() {
    // h#5 of the lone rook takes its whole time limit (far too many solutions).
    let d = folder("lock", &[("slow.stip", "white: Kb6 Rh1\nblack: Kb8\nstipulation: h#5\n")]);
    let input = d.join("slow.stip").to_string_lossy().into_owned();
    let out = d.join("out.jsonl").to_string_lossy().into_owned();
    let mut first = Command::new(env!("CARGO_BIN_EXE_stipula"))
        .args(["batch", &input, "--out", &out, "--time-limit", "4", "--no-timing"])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The first run holds the lock from its start (the file is created just before it is locked).
    let t0 = std::time::Instant::now();
    while !std::path::Path::new(&out).exists() && t0.elapsed().as_secs() < 20 {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    let (code, _, err) = stipula(&["batch", &input, "--out", &out, "--resume", "--no-timing"]);
    assert_eq!(first.wait().unwrap().code(), Some(0));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is being written by another `stipula batch`"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 1, "one line, written once");
}

#[test]
fn resume_redoes_a_problem_whose_text_changed_or_moved() {
    let d = folder("moved", &[("c.stip", &format!("{MATE_1}---\n{MATE_2}"))]);
    let input = d.join("c.stip").to_string_lossy().into_owned();
    let out = d.join("out.jsonl").to_string_lossy().into_owned();
    let run = || {
        let (code, summary, err) = stipula(&["batch", &input, "--out", &out, "--resume", "--no-timing"]);
        assert_eq!(code, 0, "{err}");
        summary
    };
    assert!(run().starts_with("2 problems solved in this run, 2 results"));
    assert!(run().starts_with("0 problems solved in this run, 2 results"));
    // A problem inserted at the top: every problem moved, all are redone; the file's last line for each index
    // is about the problem now there.
    std::fs::write(&input, format!("{MATE_3}---\n{MATE_1}---\n{MATE_2}")).unwrap();
    assert!(run().starts_with("3 problems solved in this run, 3 results"));
    let merged = d.join("merged.jsonl").to_string_lossy().into_owned();
    assert_eq!(stipula(&["merge", &out, "--out", &merged]).0, 0);
    let stips: Vec<String> = std::fs::read_to_string(&merged)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["stipulation"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(stips, ["#3", "#1", "#2"]);
    // One problem's text edited: only it is redone.
    std::fs::write(&input, format!("{MATE_3}---\n{}---\n{MATE_2}", MATE_1.replace("#1", "#4"))).unwrap();
    assert!(run().starts_with("1 problems solved in this run, 3 results"));
}

#[test]
fn merge_reports_every_line_it_leaves_out() {
    let d = folder("merge", &[("a.stip", MATE_1)]);
    let out = d.join("out.jsonl").to_string_lossy().into_owned();
    assert_eq!(stipula(&["batch", d.join("a.stip").to_str().unwrap(), "--out", &out, "--no-timing"]).0, 0);
    let good = std::fs::read_to_string(&out).unwrap();
    let mixed = d.join("mixed.jsonl");
    std::fs::write(&mixed, format!("not json\n{good}{{\"schema\":\"other/1\"}}\n{}", &good[..good.len() / 2])).unwrap();
    let (code, text, err) = stipula(&["merge", mixed.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(text, good, "the good line is kept");
    assert!(
        err.contains("mixed.jsonl:1: left out")
            && err.contains("mixed.jsonl:3: left out")
            && err.contains("mixed.jsonl:4: left out"),
        "{err}"
    );
    // Its --out is never one of its inputs.
    let (code, _, err) = stipula(&["merge", &out, "--out", &out]);
    assert!(code == 2 && err.contains("is one of the inputs"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), good);
}

/// A write that fails (here the file-size limit of `ulimit -f`, with its signal ignored as a full disk would
/// give ENOSPC) is an error at once: the run stops with exit code 2, the lines written before stay whole.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_stops_the_run() {
    let many: Vec<String> = (0..40).map(|_| MATE_1.to_string()).collect();
    let d = folder("full", &[("many.stip", &many.join("---\n"))]);
    let input = d.join("many.stip").to_string_lossy().into_owned();
    let out = d.join("out.jsonl").to_string_lossy().into_owned();
    let script = format!(
        "trap '' XFSZ; ulimit -f 1; exec '{}' batch '{input}' --out '{out}' --no-timing --threads 1",
        env!("CARGO_BIN_EXE_stipula")
    );
    let r = Command::new("sh").args(["-c", &script]).output().unwrap();
    let err = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{err}");
    assert!(err.contains(&format!("cannot write {out}")), "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.len() <= 1024 && text.lines().count() < 40, "{text}");
    // What was written is whole lines, and --resume (without the limit) completes the run.
    let (code, summary, err) = stipula(&["batch", &input, "--out", &out, "--resume", "--no-timing"]);
    assert_eq!(code, 0, "{err}");
    assert!(summary.contains("40 results in the file"), "{summary}");
}
