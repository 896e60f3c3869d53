//! The library's folders read as layers, lowest first (`../shared/STYLE.md`: the data passes input → problem →
//! movegen/conditions → solve → verify/explain → output → cli): a module imports only modules of lower layers
//! and its own top-level module, so no two top-level modules depend on each other by any chain, and no module of
//! the library imports `naive`, the slow reference the tests check the move generator against. Read from the
//! source text (`crate::…` paths outside comments and test modules); the binaries (`src/cli`, `src/bin`) are not a
//! layer, but the modules of `src/cli` import each other in no cycle (`super::…` paths).

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
    imports_after(code, "crate::")
}

/// The names a source text reaches through paths that start with `prefix` (`crate::`, `super::`): the first
/// segment after it, of each item of a `{…}` group too.
fn imports_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let ident = |s: &str| s.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect::<String>();
    for (i, _) in code.match_indices(prefix) {
        if i > 0 && code[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[i + prefix.len()..];
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
    let listed: BTreeSet<String> =
        LAYERS.iter().flat_map(|l| l.iter().map(|m| m.to_string())).chain([REFERENCE.to_string()]).collect();
    assert_eq!(seen, listed, "every top-level module has its layer");
}

#[test]
fn the_reader_of_imports_reads_groups_and_skips_tests_and_comments() {
    let text = "use crate::{pieces::Kind, square::{Color, Square}};\n// crate::solve\nfn f() { crate::words::norm(\"x\"); }\n#[cfg(test)]\nmod tests {\n    use crate::output;\n}\n";
    let got: Vec<String> = imports(&code(text)).into_iter().collect();
    assert_eq!(got, ["pieces", "square", "words"]);
}

/// The modules of `src/cli/` (one file each; `mod.rs`, which declares them and holds the command table and the
/// exit codes, is their root, not one of them) and the sibling modules each names (`super::name`,
/// `crate::cli::name`).
fn cli_graph() -> std::collections::BTreeMap<String, BTreeSet<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let mut files = Vec::new();
    sources(&dir, &mut files);
    let names: BTreeSet<String> = files
        .iter()
        .filter_map(|f| f.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|n| n != "mod")
        .collect();
    let mut graph = std::collections::BTreeMap::new();
    for f in &files {
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "mod" {
            continue;
        }
        let code = code(&std::fs::read_to_string(f).unwrap());
        let named: BTreeSet<String> = imports_after(&code, "super::")
            .into_iter()
            .chain(imports_after(&code, "crate::cli::"))
            .filter(|m| names.contains(m) && *m != name)
            .collect();
        graph.insert(name, named);
    }
    graph
}

/// A chain of imports that comes back to where it started (`a → b → a`), if the graph has one.
fn cycle(graph: &std::collections::BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        g: &std::collections::BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == n) {
            let mut c = path[i..].to_vec();
            c.push(n.to_string());
            return Some(c);
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_string());
        for m in g.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, g, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

#[test]
fn cli_modules_import_each_other_in_no_cycle() {
    let graph = cli_graph();
    assert!(
        graph.len() >= 10 && graph["batch"].contains("inputs"),
        "the modules of src/cli and their imports are read: {graph:?}"
    );
    if let Some(c) = cycle(&graph) {
        panic!("modules of src/cli import each other in a cycle: {}", c.join(" → "));
    }
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let g = |edges: &[(&str, &str)]| {
        let mut g = std::collections::BTreeMap::<String, BTreeSet<String>>::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    };
    assert_eq!(
        cycle(&g(&[("solve", "inputs"), ("inputs", "solve")])),
        Some(vec!["inputs".into(), "solve".into(), "inputs".into()])
    );
    assert_eq!(cycle(&g(&[("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")])).map(|c| c.len()), Some(4));
    assert_eq!(cycle(&g(&[("batch", "inputs"), ("solve", "inputs"), ("inputs", "guard"), ("batch", "guard")])), None);
    let text = "use super::{args, guard::x};\nfn f() { super::inputs::threads(None); super::EXIT_BAD_INPUT }\n";
    let got: Vec<String> = imports_after(&code(text), "super::").into_iter().collect();
    assert_eq!(got, ["EXIT_BAD_INPUT", "args", "guard", "inputs"]);
}
