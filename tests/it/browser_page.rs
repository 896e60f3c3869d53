//! The teaching page (`stipula explain --html`) in a real browser, headless Chromium: the page's script steps
//! through the seed 002 worked example with the arrow key, clicks pieces on the board, and the test checks what
//! the page then shows (the DOM after the script ran) and that a screenshot of it is not blank.
//!
//! Chromium is Debian's `chromium` (`.ci/run` installs it). Without it the test says so and passes, except in CI
//! (`CI` set), where it fails.

use crate::common;
use common::stipula;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const WORKED: &str = "problems/examples/madrasi-worked-example.stip";

fn chromium() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("STIPULA_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).flat_map(|d| ["chromium", "chromium-browser"].map(|n| d.join(n))).find(|p| p.is_file())
}

/// Chromium for the test `name`; without it the test says so and passes, except in CI (`CI` set), where it fails.
fn chromium_for(name: &str) -> Option<PathBuf> {
    let exe = chromium();
    if exe.is_none() {
        if std::env::var_os("CI").is_some() {
            panic!("CI must run the browser test: install Debian's chromium (.ci/run does)");
        }
        eprintln!("SKIPPED {name}: no chromium on PATH (apt-get install chromium, or set STIPULA_CHROMIUM)");
    }
    exe
}

/// Chromium headless on `url` with `extra` arguments (`--dump-dom`, `--screenshot=…`); its standard output.
/// Killed after two minutes.
fn run_chromium(exe: &Path, dir: &Path, url: &str, extra: &[&str]) -> String {
    let profile = dir.join(format!("profile-{}", extra.len() + url.len()));
    let _ = std::fs::remove_dir_all(&profile);
    let mut child = Command::new(exe)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--run-all-compositor-stages-before-draw",
            "--virtual-time-budget=5000",
            "--window-size=1200,900",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut out, &mut s);
        s
    });
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("chromium did not finish within two minutes on {url}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    reader.join().unwrap()
}

/// The text of the first element with `id` in the dumped DOM, tags removed.
fn element_text(dom: &str, id: &str) -> String {
    let start = dom.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no #{id} in the DOM"));
    let open = dom[..start].rfind('<').unwrap();
    let tag: String = dom[open + 1..].chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    let body = &dom[start..];
    let end = body.find(&format!("</{tag}>")).unwrap_or(body.len());
    let mut text = String::new();
    let mut in_tag = false;
    for c in body[body.find('>').unwrap() + 1..end].chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
}

#[test]
fn the_page_steps_through_the_worked_example_and_explains_a_clicked_piece() {
    let Some(exe) = chromium_for("the_page_steps_through_the_worked_example_and_explains_a_clicked_piece") else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser_page");
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("worked.html");
    let (code, _, err) = stipula(&["explain", WORKED, "--html", page.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let url = format!("file://{}", page.display());

    // Two steps with the arrow key (the diagram, 1.Be5+!, 1...Rc4), then a click on the white rook c5.
    // Seed 002: 1...Rc4 paralyses the rook on c5 again, so the black king is no longer in check.
    let dom = run_chromium(&exe, &dir, &format!("{url}#do=key:ArrowRight,key:ArrowRight,click:c5"), &["--dump-dom"]);
    assert!(dom.contains("data-ready=\"yes\""), "the script did not finish:\n{dom}");
    assert_eq!(element_text(&dom, "where"), "1...Rh4-c4");
    assert!(
        dom.contains("class=\"current\" data-n=\"2\"") || dom.contains("data-n=\"2\" class=\"current\""),
        "the move 1...Rc4 is not highlighted"
    );
    let facts = element_text(&dom, "facts");
    assert!(facts.contains("newly paralysed: Rc4 (by Rc5), Rc5 (by Rc4)"), "{facts}");
    assert!(
        facts.contains(
            "The rook on c5 observes the black king on c8 but gives no check: it is paralysed by the rook on c4."
        ),
        "{facts}"
    );
    let piece = element_text(&dom, "piece");
    assert!(
        piece.contains("The rook on c5") && piece.contains("is paralysed by the rook on c4, so it cannot move"),
        "{piece}"
    );
    assert!(piece.contains("(Rc5×c4, ") && !piece.contains("turn"), "White is to move: {piece}");
    // On the board: the frames of the paralysed pieces, the cancelled check, and crosses on the rook's moves.
    assert_eq!(
        dom.matches("class=\"frame\"").count(),
        8,
        "eight paralysed pieces after 1...Rc4 (seed 002 plus Rc4, Rc5)"
    );
    assert!(dom.contains("class=\"check-cancelled\" data-from=\"c5\" data-to=\"c8\""));
    assert!(dom.contains("class=\"para-arrow\" data-from=\"c4\" data-to=\"c5\""));
    assert_eq!(dom.matches("class=\"illegal\" data-sq=").count(), 6, "Rc5 to a5, b5, d5, c6, c7 and ×c4");

    // Back to the key (left arrow) and a click on the black bishop d1: the check from the released rook c5
    // makes Bd1xc2 illegal (the README's walkthrough of seed 002).
    let dom = run_chromium(&exe, &dir, &format!("{url}#n=2&do=key:ArrowLeft,click:d1"), &["--dump-dom"]);
    assert_eq!(element_text(&dom, "where"), "1.Ba1-e5 + !");
    assert!(dom.contains("class=\"check-real\" data-from=\"c5\" data-to=\"c8\""));
    let piece = element_text(&dom, "piece");
    assert!(
        piece.contains("Bd1×c2 is impossible: it would leave the black king in check from the rook on c5."),
        "{piece}"
    );
    assert!(piece.contains("No legal move."), "{piece}");
    // The rook h4 has one legal move, the defence 1...Rc4 (seed 002), drawn as one dot; the move in the solution
    // text is reached by a click on it.
    let dom = run_chromium(&exe, &dir, &format!("{url}#do=move:1,click:h4"), &["--dump-dom"]);
    let piece = element_text(&dom, "piece");
    assert!(piece.contains("Legal moves: Rh4-c4Illegal moves:"), "{piece}");
    assert_eq!(dom.matches("class=\"legal\" data-sq=").count(), 1);
    assert!(dom.contains("class=\"legal\" data-sq=\"c4\""));

    // A screenshot of the same view: a PNG of the window's size with much drawn on it (a blank page of this size
    // compresses to a few kilobytes).
    let shot = dir.join("worked.png");
    let _ = std::fs::remove_file(&shot);
    run_chromium(&exe, &dir, &format!("{url}#do=move:1,click:h4"), &[&format!("--screenshot={}", shot.display())]);
    let png = std::fs::read(&shot).expect("chromium wrote the screenshot");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let (w, h) =
        (u32::from_be_bytes(png[16..20].try_into().unwrap()), u32::from_be_bytes(png[20..24].try_into().unwrap()));
    assert_eq!((w, h), (1200, 900));
    assert!(png.len() > 40_000, "the screenshot looks blank ({} bytes)", png.len());
}

/// Popeye's BEISPIEL-selfref_2 (Uri Avner, 1st Prize IRT 1981), s#3 with set play, as its input file gives it.
pub const SELFREF_2: &str = "AnfangProblem\nforderung s#3\noption varianten satzspiel\nsteine weiss ta7d5 bf7h7a5b5f4g3 sg5f1 ka4 lh4h1 db3\n       schwarz bg7g6b4d2 kf6 la3d1 ta2b2 sa1b1\nEndeProblem\n";

#[test]
fn the_page_walks_the_set_play_from_its_own_diagram() {
    let Some(exe) = chromium_for("the_page_walks_the_set_play_from_its_own_diagram") else { return };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser_page_set_play");
    std::fs::create_dir_all(&dir).unwrap();
    let (input, page) = (dir.join("selfref_2.inp"), dir.join("selfref_2.html"));
    std::fs::write(&input, SELFREF_2).unwrap();
    let (code, _, err) = stipula(&["explain", input.to_str().unwrap(), "--html", page.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let url = format!("file://{}", page.display());
    // From the diagram, one step forward is the set play's diagram (Black to move), the next its first defence;
    // Popeye's set play of this problem begins `1...Sa1-c2  2.Ta7-a6 +` (BEISPIEL-selfref_2.out).
    let dom = run_chromium(&exe, &dir, &format!("{url}#do=key:ArrowRight"), &["--dump-dom"]);
    assert!(dom.contains("data-ready=\"yes\""), "the script did not finish:\n{dom}");
    assert_eq!(element_text(&dom, "where"), "Set play, Black to move");
    // The solution text: what stands from the solution box up to the notes below it, tags removed.
    let (from, to) = (dom.find("id=\"solution\"").expect("#solution"), dom.find("id=\"notes\"").expect("#notes"));
    let mut solution = String::new();
    let mut in_tag = false;
    for c in dom[from..to].chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => solution.push(c),
            _ => {}
        }
    }
    let (set, main) = (
        solution.find("Set play, Black to move").expect("the set play's heading"),
        solution.find("Solution").expect("the solution's heading"),
    );
    assert!(set < main, "Popeye shows the set play before the solution: {solution}");
    assert!(solution[set..main].contains("1...Sa1-c2") && solution[set..main].contains("2.Ra7-a6 +"), "{solution}");
    // Two steps more: the canonically first defence of the set play and its first continuation, Popeye's
    // `1...Ld1-e2  2.Db3-c3 +` (BEISPIEL-selfref_2.out, line 69).
    let dom =
        run_chromium(&exe, &dir, &format!("{url}#do=key:ArrowRight,key:ArrowRight,key:ArrowRight"), &["--dump-dom"]);
    assert_eq!(element_text(&dom, "where"), "2.Qb3-c3 +");
    assert!(element_text(&dom, "position-title").contains("Black to move"));
}
