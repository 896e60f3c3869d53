//! Every ```stip block of `grammar/README.md` parses into problems; every ```stip-error block gives an error.

use stipula::input::stip::read_stip;

fn blocks(tag: &str) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/README.md")).unwrap();
    let mut out = Vec::new();
    let mut cur: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        if cur.is_some() && line.trim() == "```" {
            out.extend(cur.take());
            continue;
        }
        match &mut cur {
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
            None if line.trim() == format!("```{tag}") => cur = Some((i + 1, String::new())),
            None => {}
        }
    }
    out
}

#[test]
fn readme_examples_parse() {
    let bs = blocks("stip");
    assert!(bs.len() >= 10, "only {} examples", bs.len());
    for (line, body) in bs {
        let ps = read_stip(&body, "README.md");
        assert!(!ps.is_empty(), "block at line {line} gives no problem");
        for p in ps {
            if let Err(d) = p {
                panic!("block at README.md line {line}:\n{}", d.render());
            }
        }
    }
}

#[test]
fn readme_error_examples_fail() {
    let bs = blocks("stip-error");
    assert!(bs.len() >= 3);
    for (line, body) in bs {
        assert!(read_stip(&body, "README.md").iter().any(Result::is_err), "block at line {line} should fail");
    }
}

#[test]
fn example_files_parse() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/examples");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        for p in stipula::input::read_any(&name, &text) {
            if let Err(d) = p {
                panic!("{}", d.render());
            }
            n += 1;
        }
    }
    assert!(n >= 3);
}
