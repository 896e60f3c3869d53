//! The `solve` fuzz target's harness (`fuzz/fuzz_targets/solving.rs`) on stable Rust, for a few seconds of CI:
//! the problems of the repository's own files, each mutated by a fixed-seed generator (ranges deleted, lines
//! doubled, dropped or swapped, bytes changed, words that once broke stipula inserted), read, solved, verified
//! and explained with twins under small limits. Nothing may panic or hang. Then some of the same inputs go to
//! the real binary (`stipula solve`), whose exit code must say what its standard error says: 0 with no error,
//! 2 with an error (bad input), 3 when the time limit cut the output short — never a crash.

#[path = "../../fuzz/fuzz_targets/solving.rs"]
mod solving;

use std::process::{Command, Stdio};
use stipula::input::read_bytes;

/// The fixed seed: every run tries the same inputs.
const SEED: u64 = 0x5EED_0019;
/// Mutated inputs solved in the process, and of those, run through the binary.
const IN_PROCESS: usize = 1500;
const ON_THE_BINARY: usize = 40;

/// Words that broke stipula once, or sit at the edges of what it reads.
const WORDS: &[&str] = &[
    "twin: move d1 d1",
    "\nTwin Move d1 d1\n",
    "Zwilling versetze d3 d3",
    "exchange a1 a1",
    "twin: continued rotate 90",
    "Twin Mirror a1<-->h8 ",
    "twin: shift a1 h8",
    "Remove e1 ",
    "add white Kh1 ",
    "ZeroPosition ",
    "stipulation: h#200\n",
    "Stipulation ser-#200\n",
    "#200",
    "h=200",
    "s#30",
    "MaxTime 0",
    "options: maxtime 1, max solutions 1\n",
    "Option Duplex HalfDuplex WhiteToPlay\n",
    "options: set play, try, variations, defence 3\n",
    "conditions: Madrasi, Isardam, Eiffel, Parsi\n",
    "Condition MadnessOfKings Madrasi\n",
    "NoWk NoBk ",
    "EndProblem\n",
    "NextProblem\n",
    "\n---\n",
    "\u{feff}",
    "\u{fc}",
    "&a ",
    "*a",
    "[",
    "]",
    "{",
    ": ",
    "\"\"\"",
    "65536",
    "18446744073709551615",
    "Pa8 ",
    "Ph1 ",
    "Kb6 Kc6 ",
    "Ke8 ",
    "G ",
    "0-0-0",
    "stipulation: hzd52\n",
    "Stipulation hs#1.5 ",
    "Stipulation hze8 1.5 ",
    "exact-hs#0.5",
    "hz9",
    "ser-hs#2",
    "x2 ",
    "h!=",
];

/// Popeye inputs (the repository holds none as files): twins, conditions, options.
const INP: &[&str] = &[
    "BeginProblem\nStipulation h#2\nPieces White Kb6 Rh1 Black Kb8 Pa7\nTwin Move h1 g1\nTwin Continued Remove a7\nEndProblem\n",
    "BeginProblem\nStipulation #2\nOption Variations Try SetPlay\nPieces White Ke1 Qd1 Rh1 Black Ke8 Pe7\nTwin Exchange d1 h1\nTwin Rotate 90\nEndProblem\n",
    "AnfangProblem\nForderung s#2\nBedingung Madrasi\nSteine Weiss Kb6 Dd3 Th1 Schwarz Kb8 Ta2\nZwilling versetze d3 d4\nEndeProblem\n",
    "BeginProblem\nStipulation hs#2\nOption SetPlay Duplex\nPieces White Kh1 Qc1 Rb2 Black Kh3 Pg4 Ph2\nTwin Stipulation hx2\nTwin Stipulation zg33\nEndProblem\n",
    "BeginProblem\nStipulation ser-h#3\nCondition Isardam\nPieces White Kc3 Rh8 Black Ka1 Pa2\nNextProblem\nStipulation h=2\nPieces White Kc3 Black Ka1 Pa2\nZeroPosition Twin Shift a1 b1 Twin Mirror a1<-->h1\nEndProblem\n",
];

/// The repository's problem files, as seeds: one seed per problem (its own text), named by its file's format.
fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for dir in ["problems", "problems/examples", "grammar/examples", "tests/data/verify", "tests/data/verify-verdicts"]
    {
        let mut entries: Vec<_> =
            std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()).collect();
        entries.sort();
        files.extend(entries.into_iter().filter(|p| stipula::input::is_problem_file(&p.to_string_lossy())));
    }
    let mut out = Vec::new();
    for f in files {
        let name = format!("seed.{}", f.extension().unwrap().to_string_lossy().to_ascii_lowercase());
        let bytes = std::fs::read(&f).unwrap();
        let reading = read_bytes(&name, &bytes);
        for r in &reading.problems {
            out.push((name.clone(), reading.text[r.span.clone()].as_bytes().to_vec()));
        }
    }
    out.extend(INP.iter().map(|t| ("seed.inp".to_string(), t.as_bytes().to_vec())));
    out
}

/// xorshift64*: a small generator, the same numbers on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The start of each line of `t`, and its end.
fn lines(t: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in t.iter().enumerate() {
        if b == b'\n' {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < t.len() {
        out.push((start, t.len()));
    }
    out
}

/// A twin over squares of the diagram (so that it moves pieces that are there): in the words of the file's
/// format, placed where that format has its twins.
fn twin_of_the_diagram(rng: &mut Rng, name: &str, t: &mut Vec<u8>) {
    let squares: Vec<String> = t
        .windows(2)
        .filter(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]))
        .map(|w| String::from_utf8_lossy(w).into_owned())
        .collect();
    if squares.is_empty() {
        return;
    }
    let (a, b) = (&squares[rng.below(squares.len())], &squares[rng.below(squares.len())]);
    let change = match rng.below(6) {
        0 => format!("Move {a} {a}"),
        1 => format!("Move {a} {b}"),
        2 => format!("Exchange {a} {b}"),
        3 => format!("Remove {a}"),
        4 => format!("Shift {a} {b}"),
        _ => format!("Continued Move {b} {a}"),
    };
    match name.rsplit_once('.').map(|(_, e)| e) {
        Some("inp") => {
            let end = t.windows(10).rposition(|w| w == b"EndProblem").unwrap_or(t.len());
            t.splice(end..end, format!("Twin {change}\n").into_bytes());
        }
        Some("yaml" | "yml") => t.extend(format!("\ntwins:\n  b: {change}\n").into_bytes()),
        _ => t.extend(format!("\ntwin: {change}\n").into_bytes()),
    }
}

/// One to four edits of `t`, a problem of the file `name`.
fn mutate(rng: &mut Rng, name: &str, mut t: Vec<u8>) -> Vec<u8> {
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(t.len() + 1);
        match rng.below(8) {
            7 => twin_of_the_diagram(rng, name, &mut t),
            0 => {
                let end = (at + 1 + rng.below(16)).min(t.len());
                t.drain(at..end);
            }
            1 | 2 => {
                let w = WORDS[rng.below(WORDS.len())].as_bytes();
                t.splice(at..at, w.iter().copied());
            }
            3 => {
                let ls = lines(&t);
                if let Some(&(a, b)) = ls.get(rng.below(ls.len())) {
                    let copy = t[a..b].to_vec();
                    t.splice(b..b, copy);
                }
            }
            4 => {
                let ls = lines(&t);
                if let Some(&(a, b)) = ls.get(rng.below(ls.len())) {
                    t.drain(a..b);
                }
            }
            5 => {
                if at < t.len() {
                    t[at] = rng.next() as u8;
                }
            }
            _ => {
                let ls = lines(&t);
                if ls.len() >= 2 {
                    let (i, j) = (rng.below(ls.len()), rng.below(ls.len()));
                    let (x, y) = (ls[i.min(j)], ls[i.max(j)]);
                    if x != y {
                        let mut u = t[..x.0].to_vec();
                        u.extend_from_slice(&t[y.0..y.1]);
                        u.extend_from_slice(&t[x.1..y.0]);
                        u.extend_from_slice(&t[x.0..x.1]);
                        u.extend_from_slice(&t[y.1..]);
                        t = u;
                    }
                }
            }
        }
    }
    t
}

/// The mutated inputs: (file name, bytes).
fn corpus() -> Vec<(String, Vec<u8>)> {
    let seeds = seeds();
    assert!(seeds.len() > 100, "the repository's problems are the seeds");
    let mut rng = Rng(SEED);
    (0..IN_PROCESS)
        .map(|_| {
            let (name, seed) = &seeds[rng.below(seeds.len())];
            let data = mutate(&mut rng, name, seed.clone());
            // Now and then a file read by content (standard input's `-`).
            let name = if rng.below(8) == 0 { "-".to_string() } else { name.clone() };
            (name, data)
        })
        .collect()
}

#[test]
fn mutated_problems_solve_without_panic_or_hang() {
    // A pool of its own: the library's parallel searches use rayon's current pool, and in the global one they would
    // queue behind the other tests' long solves (the corpus's 10 s per problem), which the bound on each problem's
    // time would take for a hang.
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    pool.install(mutated_problems_solve);
}

fn mutated_problems_solve() {
    let corpus = corpus();
    let mut solved = 0;
    for (k, (name, data)) in corpus.iter().enumerate() {
        if k % 5 == 0 {
            // As the fuzz target gets its input: a first byte picking the format (maybe not the seed's).
            let framed = [&[k as u8 / 5][..], data].concat();
            let (file, body) = solving::split(&framed);
            solved += solving::solve_input(file, body);
        } else {
            solved += solving::solve_input(name, data);
        }
    }
    // The mutations keep many problems readable, so the searches are reached.
    assert!(solved > IN_PROCESS / 8, "only {solved} of {IN_PROCESS} inputs held a problem that could be read");
}

#[test]
fn the_binary_exit_code_says_what_happened() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz_solve");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (k, (name, data)) in corpus().into_iter().take(ON_THE_BINARY).enumerate() {
        let ext = name.rsplit_once('.').map_or("stip", |(_, e)| e);
        let path = dir.join(format!("input-{k}.{ext}"));
        std::fs::write(&path, &data).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_stipula"))
            .args(["solve", path.to_str().unwrap(), "--time-limit", "0.05", "--hash", "1", "--max-lines", "20"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
        let reader = std::thread::spawn(move || {
            let (mut o, mut e) = (String::new(), String::new());
            let _ = std::io::Read::read_to_string(&mut out, &mut o);
            let _ = std::io::Read::read_to_string(&mut err, &mut e);
            (o, e)
        });
        let t0 = std::time::Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if t0.elapsed() > solving::BOUND {
                let _ = child.kill();
                panic!("input-{k}.{ext} hangs");
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        let (out, err) = reader.join().unwrap();
        let code = status.code().unwrap_or(-1);
        let errors = err.lines().any(|l| l.starts_with("error:"));
        let partial = out.contains("time limit reached");
        let context = format!("input-{k}.{ext}: exit code {code}\n{err}");
        assert!(!err.contains("internal error") && !err.contains("panicked"), "{context}");
        match code {
            0 => assert!(!errors && !partial, "{context}"),
            2 => assert!(errors, "{context}"),
            3 => assert!(!errors && partial, "{context}"),
            _ => panic!("{context}"),
        }
    }
}
