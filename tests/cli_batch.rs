//! `stipula batch` on the real binary: a crash (the `--stop-after` hook, a real kill, a half-written last
//! line) and `--resume` give the same results as an uninterrupted run; shards 1/3, 2/3, 3/3 together are the
//! whole; one problem's failure is its own line. Results are compared as sorted lines (problems finish in
//! any order), written with `--no-timing` so that they compare byte for byte.

use std::process::Command;

/// The inputs: Popeye reference cases of the collection plus the mixed test collection (with a bad problem).
const INPUTS: &[&str] = &["problems/popeye-eiffel.yaml", "problems/popeye-madrasi.yaml", "tests/data/verify/mixed.yaml"];

fn stipula(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stipula")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
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
    assert!(v.iter().all(|x| x["schema"] == "stipula.batch/1" && x.get("millis").is_none()));
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
