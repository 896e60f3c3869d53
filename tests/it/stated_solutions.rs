//! Stated solutions read into moves: every solution Popeye 4.104 wrote for the reference cases of
//! ../shared/popeye (English, German and French output, trees and lines, twins) reads into legal moves of
//! stipula's positions, for every problem stipula reads and can set up.

use stipula::problem::twins::compile_twins;
use stipula::verify::moves::{boards, read_stated_solution};

#[test]
fn popeyes_own_solutions_read_into_legal_moves() {
    let dir = std::env::var("STIPULA_POPEYE_DIR").unwrap_or("../shared/popeye".into());
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("{dir} not found: skipped");
        return;
    };
    let mut paths: Vec<_> =
        entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "inp")).collect();
    paths.sort();
    let (mut read, mut failures) = (0, Vec::new());
    for inp in paths {
        let Ok(out) = std::fs::read(inp.with_extension("out")) else { continue };
        let out = String::from_utf8_lossy(&out).to_string();
        let text = String::from_utf8_lossy(&std::fs::read(&inp).unwrap()).to_string();
        let name = inp.file_name().unwrap().to_string_lossy().to_string();
        // One problem per file (the multi-problem files' outputs are not split here).
        let problems = stipula::input::read_any(&name, &text);
        let [Ok(p)] = problems.as_slice() else { continue };
        let Ok(twins) = compile_twins(p) else { continue };
        let bs = boards(p);
        if bs.iter().any(Option::is_none) {
            continue;
        }
        let labels: Vec<String> = twins.iter().map(|t| t.label.clone()).collect();
        for (i, r) in read_stated_solution(&out, p, &bs, &labels).into_iter().enumerate() {
            let Some(r) = r else { continue };
            read += 1;
            if !r.issues.is_empty() {
                failures.push(format!("{name} twin {i}: {}", r.issues.join("; ")));
            }
        }
    }
    eprintln!("{read} twins read");
    assert!(read > 150, "only {read} twins read");
    assert!(failures.is_empty(), "{} of {read} twins:\n{}", failures.len(), failures.join("\n"));
}
