//! Reads every Popeye input of the folder named by `STIPULA_POPEYE_DIR` and checks it against Popeye's own
//! output beside it (`<name>.out`): piece counts, the echoed stipulation and the number of twin headings.

use std::path::PathBuf;
use stipula::input::popeye::read_popeye;
use stipula::problem::options::Options;
use stipula::problem::{Play, Problem};
use stipula::square::Color;

/// The stipulation as Popeye echoes it under the board: `WhiteToPlay` turns `h#4` into `h#3.5`, `Threat n`
/// adds `/n`, `MaxFlightsquares n` another `/n`, `NonTrivial m n` adds `;m,n`. `None` when the combination is
/// one whose echo the corpus does not show (so no rule can be checked).
fn popeye_echo(p: &Problem) -> Option<String> {
    let o: &Options = &p.options;
    let s = &p.stipulation;
    let mut text = if o.white_to_play && s.play == Play::Help && !s.half && s.moves > 0 {
        let mut t = s.clone();
        t.moves -= 1;
        t.half = true;
        t.to_string()
    } else {
        s.to_string()
    };
    if o.max_flights.is_some() && o.threat.is_none() {
        return None;
    }
    if let Some(t) = o.threat {
        text += &format!("/{t}");
    }
    if let Some(f) = o.max_flights {
        text += &format!("/{f}");
    }
    if let Some((m, n)) = o.non_trivial {
        text += &format!(";{m},{n}");
    }
    Some(text)
}

/// For each board in a Popeye output: the stipulation text and the piece counts from the line after it.
fn boards(out: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = out.lines().collect();
    let mut res = Vec::new();
    let mut border = 0;
    for (i, l) in lines.iter().enumerate() {
        if l.starts_with("+---a---b") {
            border += 1;
            if border % 2 == 0 {
                if let Some(next) = lines.get(i + 1) {
                    let words: Vec<&str> = next.split_whitespace().collect();
                    // `  h#3        4 + 8`
                    if let Some(plus) = words.iter().position(|w| *w == "+") {
                        let w = words[plus - 1].parse().unwrap_or(usize::MAX);
                        let b = words[plus + 1].parse().unwrap_or(usize::MAX);
                        res.push((words[0].to_string(), w, b));
                    }
                }
            }
        }
    }
    res
}

/// The twin headings `a)`, `b)`, `+c)` (a continued twin), … at the start of lines after the board (a title
/// above the board may itself start with `b)`).
fn twin_headings(out: &str) -> usize {
    out.lines()
        .skip_while(|l| !l.starts_with("+---a---b"))
        .skip(1)
        .skip_while(|l| !l.starts_with("+---a---b"))
        .filter(|l| {
            let b = l.strip_prefix('+').unwrap_or(l).as_bytes();
            b.len() >= 2 && b[0].is_ascii_lowercase() && b[1] == b')'
        })
        .count()
}

#[test]
#[cfg_attr(not(popeye_corpus), ignore = "needs the Popeye reference cases: ../shared/popeye or STIPULA_POPEYE_DIR")]
fn popeye_corpus_reads_and_matches_popeye_outputs() {
    let dir = crate::common::popeye_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("STIPULA_POPEYE_DIR is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "inp"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .inp files in {}", dir.display());
    let (mut parsed, mut unsupported, mut echo_checked, mut echo_skipped, mut twins_checked) = (0, 0, 0, 0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).expect("readable .inp");
        let results = read_popeye(&text, &name);
        let out = std::fs::read_to_string(path.with_extension("out")).ok();
        let expected_boards = out.as_deref().map(boards).unwrap_or_default();
        for (k, r) in results.iter().enumerate() {
            let p = match r {
                Err(d) if d.message.starts_with("not supported:") => {
                    unsupported += 1;
                    println!("unsupported: {name}: {}", d.message);
                    continue;
                }
                Err(d) => {
                    failures.push(format!("{name}: rejected:\n{}", d.render()));
                    continue;
                }
                Ok(p) => p,
            };
            parsed += 1;
            let Some((stip, w, b)) = expected_boards.get(k) else {
                if out.is_some() {
                    failures.push(format!("{name}: problem {k} has no board in the .out"));
                }
                continue;
            };
            let count = |c: Color| p.pieces.iter().filter(|x| x.color == c).count();
            if (count(Color::White), count(Color::Black)) != (*w, *b) {
                failures.push(format!(
                    "{name}: pieces {} + {}, Popeye shows {w} + {b}",
                    count(Color::White),
                    count(Color::Black)
                ));
            }
            match popeye_echo(p) {
                Some(echo) => {
                    echo_checked += 1;
                    if echo != *stip {
                        failures.push(format!("{name}: stipulation echoes as `{echo}`, Popeye shows `{stip}`"));
                    }
                }
                None => echo_skipped += 1,
            }
            if results.len() == 1 {
                if let Some(out) = &out {
                    let headings = twin_headings(out);
                    let expected = if p.twins.is_empty() {
                        0
                    } else if p.zero_position {
                        p.twins.len()
                    } else {
                        p.twins.len() + 1
                    };
                    twins_checked += 1;
                    if headings != expected {
                        failures.push(format!("{name}: {expected} twin headings expected, Popeye shows {headings}"));
                    }
                }
            }
        }
    }
    println!(
        "{} files: {parsed} problems parsed, {unsupported} not supported; stipulation echo checked {echo_checked} \
         (skipped {echo_skipped}), twin headings checked {twins_checked}",
        files.len()
    );
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    assert!(parsed > 0);
    // The shared corpus (308 one-problem files) uses only Madrasi, Isardam, Eiffel and supported options: every
    // problem must parse, and every one is checked against Popeye's echo.
    if files.len() == 308
        && files.iter().all(|f| f.file_name().is_some_and(|n| n.to_string_lossy().starts_with("BEISPIEL-")))
    {
        assert_eq!((parsed, unsupported, echo_checked, twins_checked), (308, 0, 308, 308));
    }
}
