//! The library's folders read as layers, lowest first (`../shared/STYLE.md`: the data passes input → problem →
//! movegen/conditions → solve → verify/explain → output → cli): a module imports only modules of lower layers
//! and its own top-level module, so no two top-level modules depend on each other by any chain, and no module of
//! the library imports `naive`, the slow reference the tests check the move generator against. Read from the
//! source text (`crate::…` paths outside comments and test modules); the binaries (`src/cli`, `src/bin`) are not a
//! layer.

use std::collections::BTreeSet;
use std::path::Path;

/// The layers, lowest first; modules of one layer do not import each other.
const LAYERS: &[&[&str]] = &[
    &["square", "words"],
    &["pieces"],
    &["attacks", "moves", "effects"],
    &["position"],
    &["movegen"],
    &["conditions", "notation"],
    &["setup"],
    &["problem"],
    &["input"],
    &["solve"],
    &["verify", "explain"],
    &["output"],
];

/// The test reference: imported by no module of the library.
const REFERENCE: &str = "naive";

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The source without comments and without `#[cfg(test)] mod … { … }` blocks.
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let Some(open) = after.find('{').filter(|&o| after[..o].contains("mod ") && !after[..o].contains(';')) else {
            rest = &after["#[cfg(test)]".len()..];
            continue;
        };
        let mut depth = 0;
        let mut end = after.len();
        for (j, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + j + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The top-level modules a source text names in `crate::` paths.
fn imports(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let ident = |s: &str| s.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect::<String>();
    for (i, _) in code.match_indices("crate::") {
        if i > 0 && code[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `crate::{a, b::c}`: the first segment of each item at the group's own level.
            let mut depth = 0;
            let mut item_start = true;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && depth == 0 && !c.is_whitespace() => {
                        out.insert(ident(&group[j..]));
                        item_start = false;
                    }
                    _ => {}
                }
            }
        } else {
            out.insert(ident(rest));
        }
    }
    out
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn modules_import_only_lower_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    let mut seen = BTreeSet::new();
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap();
        let top = rel.components().next().unwrap().as_os_str().to_string_lossy().trim_end_matches(".rs").to_string();
        // The binaries, the crate root, and test modules kept in files of their own.
        if ["cli", "bin", "main", "lib"].contains(&top.as_str()) || file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        seen.insert(top.clone());
        let text = std::fs::read_to_string(file).unwrap();
        for m in imports(&code(&text)) {
            if m == top || m.is_empty() {
                continue;
            }
            let ok = match (layer(&top), layer(&m)) {
                _ if m == REFERENCE => false,
                (Some(a), Some(b)) => b < a,
                // The reference itself may use what it checks.
                (None, Some(_)) => top == REFERENCE,
                _ => false,
            };
            if !ok {
                wrong.push(format!("{} imports {m}", rel.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the layers:\n{}", wrong.join("\n"));
    let listed: BTreeSet<String> = LAYERS.iter().flat_map(|l| l.iter().map(|m| m.to_string())).chain([REFERENCE.to_string()]).collect();
    assert_eq!(seen, listed, "every top-level module has its layer");
}

#[test]
fn the_reader_of_imports_reads_groups_and_skips_tests_and_comments() {
    let text = "use crate::{pieces::Kind, square::{Color, Square}};\n// crate::solve\nfn f() { crate::words::norm(\"x\"); }\n#[cfg(test)]\nmod tests {\n    use crate::output;\n}\n";
    let got: Vec<String> = imports(&code(text)).into_iter().collect();
    assert_eq!(got, ["pieces", "square", "words"]);
}
