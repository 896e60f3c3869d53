//! Popeye's plain-text solution format in English: header, diagram, stipulation line, twin headings, the
//! solutions, `solution finished.` (`solving interrupted.` when the time limit stopped the search); the header
//! also in Popeye's German and French, for `stipula-popeye`.

use crate::pieces::Placed;
use crate::problem::options::{Opt, OptionDef};
use crate::problem::Problem;
use crate::solve::run::{Outcome, PhaseKind, SolvedTwin};
use crate::solve::solution::{Attack, Layout, PhasePlay, Role};
use crate::square::{Color, Square};
use crate::words::Lang;

const WIDTH: usize = 37;

fn centred(text: &str) -> String {
    let len = text.chars().count();
    let pad = WIDTH.saturating_sub(len) / 2;
    format!("{}{}", " ".repeat(pad), text)
}

/// The ASCII diagram Popeye prints (`-X` for a black piece).
pub fn diagram(pieces: &[Placed]) -> String {
    diagram_in(pieces, Lang::English)
}

/// [`diagram`] with the piece codes of Popeye's `lang` (German `D` for the queen, `B` for the pawn).
pub fn diagram_in(pieces: &[Placed], lang: Lang) -> String {
    diagram_marked_in(pieces, &[], lang)
}

/// [`diagram_in`] with `marks` on empty squares (Popeye's `I` of an imitator, a blank for a hole).
pub fn diagram_marked_in(pieces: &[Placed], marks: &[(Square, &str)], lang: Lang) -> String {
    let mut grid: [[String; 8]; 8] = Default::default();
    for &(sq, mark) in marks {
        grid[sq.rank() as usize][sq.file() as usize] = mark.to_string();
    }
    for p in pieces {
        let letters = p.kind.def().code_in(lang);
        // Popeye's marks: `-` for Black, `=` for a neutral piece.
        let mark = if p.attrs.has(crate::pieces::Attrs::NEUTRAL) {
            "="
        } else if p.color == Color::Black {
            "-"
        } else {
            ""
        };
        grid[p.square.rank() as usize][p.square.file() as usize] = format!("{mark}{letters}");
    }
    let mut s = String::from("+---a---b---c---d---e---f---g---h---+\n|                                   |\n");
    for rank in (0..8).rev() {
        s += &format!("{}", rank + 1);
        for cell in &grid[rank] {
            s += &format!("{:>4}", if cell.is_empty() { "." } else { cell.as_str() });
        }
        s += &format!("   {}\n|                                   |\n", rank + 1);
    }
    s += "+---a---b---c---d---e---f---g---h---+\n";
    s
}

/// The lines Popeye writes under the stipulation line for pieces with attributes, centred: the royal pieces
/// other than kings (`Royal h8 b1`), then each other attribute that some pieces have and not all, with their
/// squares from a8 to h1 (its WriteRoyalPiecePositions and WriteNonRoyalAttributedPieces).
pub fn attribute_lines(pieces: &[Placed], lang: Lang) -> String {
    let mut s = String::new();
    let mut order: Vec<&Placed> = pieces.iter().collect();
    order.sort_by_key(|p| (std::cmp::Reverse(p.square.rank()), p.square.file()));
    for def in crate::pieces::ATTRIBUTES {
        let royal = def.attr == crate::pieces::Attrs::ROYAL;
        // A royal walk (the sting) is written as a king is, without the line.
        let shown = |p: &Placed| p.shown_attrs().has(def.attr);
        let with: Vec<&&Placed> = order.iter().filter(|p| shown(p)).collect();
        // Neutral is a colour in Popeye's diagram (`=K`, `+ 5n`), no line of its own.
        if def.attr == crate::pieces::Attrs::NEUTRAL || with.is_empty() || (!royal && with.len() == pieces.len()) {
            continue;
        }
        let squares: String = with.iter().map(|p| format!(" {}", p.square)).collect();
        s += &centred(&format!("{}{squares}", def.names[lang.index()]));
        s.push('\n');
    }
    s
}

/// The whole text output for one problem.
pub fn render(p: &Problem, twins: &[SolvedTwin]) -> String {
    let stip = twins.first().map(|t| t.stipulation.clone()).unwrap_or_else(|| p.stipulation.to_string());
    let mut s = header(p, &stip, Lang::English);
    s += &solution_text(twins);
    // Popeye's words for a solve its MaxTime stopped: the solutions are not all there. A problem that
    // `MaxSolutions` or `StopOnShortSolutions` cut short ends with `Partial solution` instead (its completeness
    // message, `output/plaintext/problem.c`), which `solution_text` writes.
    if twins.iter().any(|t| t.outcome == Outcome::TimedOut) {
        s += "solving interrupted.\n";
    } else if !partial(twins) {
        s += "solution finished.\n";
    }
    s
}

/// Whether a phase of some twin was cut short.
fn partial(twins: &[SolvedTwin]) -> bool {
    twins.iter().any(|t| t.phases.iter().any(|p| p.partial))
}

/// The stipulation line: the stipulation after two blanks, the piece counts right-aligned so that the line is 35
/// characters long where it fits (Popeye's WritePieceCounts: `W + B\n` written right-aligned in a field of 36 less
/// the characters already on the line).
fn stipulation_line(stip: &str, white: usize, black: usize) -> String {
    stipulation_line_neutral(stip, white, black, 0)
}

/// [`stipulation_line`] with Popeye's count of neutral pieces (`0 + 0 + 5n`) when there are any.
fn stipulation_line_neutral(stip: &str, white: usize, black: usize, neutral: usize) -> String {
    let start = format!("  {stip}");
    let counts =
        if neutral == 0 { format!("{white} + {black}\n") } else { format!("{white} + {black} + {neutral}n\n") };
    let width = 36usize.saturating_sub(start.len());
    format!("{start}{}{counts}", " ".repeat(width.saturating_sub(counts.len())))
}

/// What Popeye prints before the solutions: authors, source, award and title centred, the diagram, the
/// stipulation line with the piece counts, the conditions and options, `zeroposition`; the words in Popeye's
/// `lang` (a condition's parameters stay as stipula spells them).
pub fn header(p: &Problem, stip: &str, lang: Lang) -> String {
    let mut s = String::new();
    // Each line centred on its own (Popeye's fputs_c_multi: a source given on two lines is two centred lines).
    let fields = [&p.meta.source, &p.meta.award, &p.meta.title];
    for line in p.meta.authors.iter().chain(fields.into_iter().flatten()).flat_map(|f| f.lines()) {
        s += &centred(line);
        s.push('\n');
    }
    s.push('\n');
    // `a=>b`: the start position first, then the side that starts (Popeye's output_plaintext_write_atob_intra).
    if let Some(initial) = &p.initial {
        s += &diagram_in(initial, lang);
        let white = initial.iter().filter(|x| x.color == Color::White).count();
        s += &stipulation_line("", white, initial.len() - white);
        let side = p.start(&p.stipulation).0;
        let words = if side == Color::White { ["White", "Weiss", "Blanc"] } else { ["Black", "Schwarz", "Noir"] };
        let word = crate::words::in_lang(&words, lang);
        s += &format!("\n{}\n\n\n", centred(&format!("=> ({word} ->)")));
    }
    // The holes of the condition `Hole` left blank, the imitators `I` on their squares, as Popeye draws them.
    let marks: Vec<(Square, &str)> = p
        .conditions
        .iter()
        .filter(|c| c.name == "Hole")
        .flat_map(|c| c.squares.iter())
        .map(|sq| (sq, " "))
        .chain(p.conditions.iter().filter(|c| c.name == "Imitator").flat_map(|c| c.squares.iter()).map(|sq| (sq, "I")))
        .collect();
    s += &diagram_marked_in(&p.pieces, &marks, lang);
    let neutral = p.pieces.iter().filter(|x| x.attrs.has(crate::pieces::Attrs::NEUTRAL)).count();
    let white = p.pieces.iter().filter(|x| x.color == Color::White).count() - neutral;
    let black = p.pieces.len() - white - neutral;
    // A structured stipulation's starting side in the problem's language (`Weiss 1a[#]d`).
    let translated;
    let stip = match stip.split_once(' ') {
        Some((side @ ("White" | "Black"), rest)) if p.stipulation.structured.is_some() => {
            let words = if side == "White" { ["White", "Weiss", "Blanc"] } else { ["Black", "Schwarz", "Noir"] };
            translated = format!("{} {rest}", crate::words::in_lang(&words, lang));
            translated.as_str()
        }
        _ => stip,
    };
    s += &stipulation_line_neutral(stip, white, black, neutral);
    s += &attribute_lines(&p.pieces, lang);
    // Ghost and Haunted chess give Popeye's pieces the attribute Uncapturable (the ghosts', twin.c): its line,
    // without squares.
    if p.conditions.iter().any(|c| c.name == "GhostChess" || c.name == "HauntedChess") {
        s += &centred(crate::words::in_lang(&["Uncapturable", "Unschlagbar", "Imprenable"], lang));
        s.push('\n');
    }
    // Popeye writes no line for `Hole` (its holes are the diagram's blank squares).
    for c in p.conditions.iter().filter(|c| c.name != "Hole") {
        s += &centred(&c.popeye_text_in(lang));
        s.push('\n');
    }
    // Popeye's order (its slice_insertion.c): the mutually exclusive castlings (not centred, in its order a1a8,
    // a1h8, h1a8, h1h8: WriteCastlingMutuallyExclusive), Duplex, HalfDuplex, Quodlibet.
    let exclusive = &p.options.castling_mutually_exclusive;
    if !exclusive.is_empty() {
        s += OptionDef::of(Opt::CastlingMutuallyExclusive).name_in(lang);
        // A pair as Popeye writes it: the white rook's square first.
        let mut pairs: Vec<(Square, Square)> =
            exclusive.iter().map(|&(a, b)| if a.rank() == 0 { (a, b) } else { (b, a) }).collect();
        pairs.sort_by_key(|&(w, b)| (w.file(), b.file()));
        pairs.dedup();
        for (w, b) in pairs {
            s += &format!(" {w}{b}");
        }
        s.push('\n');
    }
    for (on, opt) in [
        (p.options.duplex, Opt::Duplex),
        (p.options.half_duplex, Opt::HalfDuplex),
        (p.options.quodlibet, Opt::Quodlibet),
    ] {
        if on {
            s += &centred(OptionDef::of(opt).name_in(lang));
            s.push('\n');
        }
    }
    s.push('\n');
    // Popeye announces that the diagram itself is not solved (its token `zeroposition`, German `NullStellung`).
    if p.zero_position {
        s += if lang == Lang::German { "NullStellung\n\n" } else { "zeroposition\n\n" };
    }
    s
}

/// The solution part of the text output (twin headings, the solutions, refusals, and at the end `Partial solution`
/// when a twin was cut short), without the header and `solution finished.`: what a YACPDB entry's `solution` field holds.
pub fn solution_text(twins: &[SolvedTwin]) -> String {
    let mut s = String::new();
    for t in twins {
        if !t.label.is_empty() {
            s += &format!("{} {}\n\n", t.label, t.heading);
        }
        if let Outcome::Refused(why) = &t.outcome {
            s += &format!("  refused: {why}\n\n");
            continue;
        }
        s += &twin_solutions(t, true);
    }
    if partial(twins) {
        s += "Partial solution\n";
    }
    s
}

/// One twin's solutions as Popeye prints them below its heading; nothing for a refused twin. What `--max-lines`
/// left out is said after its phase; with `marks`, a line says that the time limit cut the twin short. That
/// `MaxSolutions` or `StopOnShortSolutions` cut it short is said once, after all twins, by the caller.
pub fn twin_solutions(t: &SolvedTwin, marks: bool) -> String {
    twin_solutions_in(t, marks, Lang::English)
}

/// [`twin_solutions`] in Popeye's `lang` (its piece codes and words).
pub fn twin_solutions_in(t: &SolvedTwin, marks: bool, lang: Lang) -> String {
    twin_solutions_with(t, marks, lang, "")
}

/// [`twin_solutions_in`] with `duplex` written where the duplex half starts (the phase after the solution):
/// Popeye says its messages for the options it ignores again there, as it starts solving that half.
pub fn twin_solutions_with(t: &SolvedTwin, marks: bool, lang: Lang, duplex: &str) -> String {
    let mut s = String::new();
    match &t.outcome {
        Outcome::Refused(_) => return s,
        Outcome::TimedOut if marks => s += "  time limit reached: the solutions below are not all\n\n",
        _ => {}
    }
    // Popeye writes each line after a newline, a blank line after each key's block (its end-of-solution writer)
    // and one newline at the end of each phase it plays (its end-of-phase writer; a phase whose side not to move
    // is in check is not played, and writes nothing). In tree mode the twin is that text less its first newline
    // (the header's blank line), with the closing line's newline after it: a set play, even an empty one, ends
    // with a blank line, a phase with keys with two, an empty phase adds one. Help and series play: a blank line
    // between phases, and one at the end.
    let mut tree = String::new();
    for (i, ph) in t.phases.iter().enumerate() {
        if i > 0 && t.phases[i - 1].kind == PhaseKind::Solution {
            if t.tree {
                tree += duplex;
            } else {
                s += duplex;
            }
        }
        if !t.tree && i > 0 && (ph.kind == PhaseKind::Duplex || t.phases[i - 1].kind == PhaseKind::SetPlay) {
            s.push('\n');
        }
        let mut block = String::new();
        match &ph.play {
            PhasePlay::Tree(firsts) => {
                for (j, first) in firsts.iter().enumerate() {
                    // Popeye leaves a blank line between the blocks of two first moves, not after a block that
                    // ends with a goal move the attacker is forced to make (reflex play's ` ?!?`).
                    if j > 0 && !ends_forced(&firsts[j - 1]) {
                        block.push('\n');
                    }
                    let mut lines = Vec::new();
                    first.layout(0, lang, &mut lines);
                    lines.iter().for_each(|l| block += &format!("{l}\n"));
                }
            }
            play => play.lines_in(lang).iter().for_each(|l| block += &format!("{l}\n")),
        }
        if let (PhasePlay::Lines(lines), true) = (&ph.play, ph.left_out > 0) {
            // Like Popeye's `Partial solution`, with the count.
            let found = lines.len() + ph.left_out;
            block += &format!("Partial solution: the first {} of {found} solutions listed\n", lines.len());
        }
        if !t.tree {
            s += &block;
            continue;
        }
        if !block.is_empty() {
            // The block's lines, each after a newline (but post-key play's ` +` for the check, which Popeye writes
            // where the key would stand, without one); the last key's blank line.
            if !block.starts_with(" +") {
                tree.push('\n');
            }
            tree += block.strip_suffix('\n').unwrap_or(&block);
            // The blank line after a key's block: not after a set play or post-key play (no key), nor after a
            // block that ends with a forced goal move (reflex play's ` ?!?`: nothing solved).
            if matches!(&ph.play, PhasePlay::Tree(firsts) if firsts.last().is_some_and(|f| !ends_forced(f))) {
                tree.push('\n');
            }
        }
        tree.push('\n');
    }
    if t.tree {
        s += tree.strip_prefix('\n').unwrap_or(&tree);
    }
    s.push('\n');
    s
}

/// Whether a first move's block ends with a goal move the attacker is forced to make: reflex play's first move
/// that fails, or a try whose last refutation forces one.
fn ends_forced(first: &Attack) -> bool {
    first.role == Role::Fails || first.refutations.as_ref().and_then(|r| r.last()).is_some_and(|r| !r.forced.is_empty())
}

/// Square list helper for headings.
pub fn squares(list: &[Square]) -> String {
    list.iter().map(|s| s.to_string()).collect()
}

/// `--format text`, the default.
pub const FORMAT: super::Format = super::Format {
    name: "text",
    about: "Popeye's solution format with the diagram and the problem's header",
    part: |p, solved| solved.ok().map(|twins| render(p, twins)),
    whole: |parts| parts.concat(),
    streamed: true,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Popeye 4.104's stipulation lines (BEISPIEL-castling_11.out: `  #6/1` with 6 + 11 pieces; the usual one-digit
    /// counts); a line longer than the field gets no padding.
    #[test]
    fn stipulation_line_as_popeye_aligns_it() {
        assert_eq!(stipulation_line("#6/1", 6, 11), "  #6/1                       6 + 11\n");
        assert_eq!(stipulation_line("#2", 3, 2), "  #2                          3 + 2\n");
        assert_eq!(stipulation_line("#2", 10, 2), "  #2                         10 + 2\n");
        assert_eq!(stipulation_line("exact-ser-s#10/2/3;1,2", 16, 16), "  exact-ser-s#10/2/3;1,2    16 + 16\n");
        let long = "ser-s#10/2/3;1,2 with a text longer than the field";
        assert_eq!(stipulation_line(long, 16, 16), format!("  {long}16 + 16\n"));
    }
}
