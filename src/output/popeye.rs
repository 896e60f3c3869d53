//! What Popeye itself writes around the solutions, for the drop-in `stipula-popeye`: the banner, the problem's
//! header, each twin's heading and solutions, and the closing line with the time, in the language of the input
//! (Popeye answers in the language of the problem's first word). The words are Popeye's own, from its message
//! and keyword tables (`src/output/message.c`, `src/output/plaintext/language_dependant.c` of Popeye 4.104).

use crate::conditions::registry::CONDITIONS;
use crate::conditions::ConditionDef;
use crate::output::text;
use crate::pieces::Kind;
use crate::problem::options::{Opt, OptionDef};
use crate::problem::Problem;
use crate::solve::run::{Outcome, SolvedTwin};
use crate::words::{in_lang, Found, Lang, Names, Spelling};
use std::time::Duration;

/// A word of Popeye's output: `[English, German, French]`.
struct Word {
    english: &'static str,
    names: Names,
}

/// The words of the twin headings stipula writes in English, with Popeye's German and French (the solutions'
/// words are written in the language by [`crate::solve::solution::PhasePlay::lines_in`]).
const WORDS: &[Word] = &[
    // Twinning (Popeye's `TwinningString`).
    Word { english: "rotate", names: ["rotate", "Drehung", "rotation"] },
    Word { english: "mirror", names: ["mirror", "Spiegelung", "miroir"] },
    Word { english: "shift", names: ["shift", "Verschiebung", "translation"] },
    Word { english: "PolishType", names: ["PolishType", "Farbwechsel", "CouleurEchange"] },
    // A structured stipulation's side (`b) Weiss 3:3a[#]d`).
    Word { english: "White", names: ["White", "Weiss", "Blanc"] },
    Word { english: "Black", names: ["Black", "Schwarz", "Noir"] },
];

/// How a problem's solving ended, as Popeye's closing line says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completeness {
    /// `solution finished.`
    Complete,
    /// `Partial solution`: `MaxSolutions` or `StopOnShortSolutions` cut the solutions short.
    Partial,
    /// `solving interrupted.`: the time limit stopped the search.
    Interrupted,
}

impl Completeness {
    /// How the solving of these twins ended.
    pub fn of(twins: &[SolvedTwin]) -> Completeness {
        if twins.iter().any(|t| t.outcome == Outcome::TimedOut) {
            Completeness::Interrupted
        } else if twins.iter().flat_map(|t| &t.phases).any(|ph| ph.partial) {
            Completeness::Partial
        } else {
            Completeness::Complete
        }
    }

    /// Popeye's words (its messages `SolvingComplete`, `SolvingPartial`, `SolvingInterrupted`).
    fn names(self) -> Names {
        match self {
            Completeness::Complete => ["solution finished.", "Loesung beendet.", "solution terminee."],
            Completeness::Partial => ["Partial solution", "Partielle Loesung", "solution partielle"],
            Completeness::Interrupted => ["solving interrupted.", "Bearbeitung abgebrochen.", "solution interrompue."],
        }
    }
}

/// A table size in KB as Popeye writes it after its banner: `(512 MB)`; GB from 10 GB, MB from 10 MB, else KB.
pub fn memory(kb: u64) -> String {
    const MEGA: u64 = 1 << 10;
    const GIGA: u64 = 1 << 20;
    if kb >= 10 * GIGA {
        format!("({} GB)", kb / GIGA)
    } else if kb >= 10 * MEGA {
        format!("({} MB)", kb / MEGA)
    } else {
        format!("({kb} KB)")
    }
}

/// The first line, where Popeye names itself, its version and its table size: `stipula v0.1.0 (512 MB)`.
pub fn banner(kb: u64) -> String {
    format!("stipula v{} {}\n", env!("CARGO_PKG_VERSION"), memory(kb))
}

/// A solving time as Popeye writes it: `0.012 s`, `1:05.300 m:s`, `2:03:04 h:m:s`.
pub fn time(d: Duration) -> String {
    let secs = d.as_secs();
    let (hours, minutes, seconds) = (secs / 3600, secs % 3600 / 60, secs % 60);
    let millis = d.subsec_millis();
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02} h:m:s")
    } else if minutes > 0 {
        format!("{minutes}:{seconds:02}.{millis:03} m:s")
    } else {
        format!("{seconds}.{millis:03} s")
    }
}

/// The closing line of a problem: `solution finished. Time = 0.012 s` (without a time in regression mode), with
/// the blank lines Popeye writes around it (`solution finished.` brings the blank line before it; see [`twin`]).
pub fn closing(lang: Lang, how: Completeness, elapsed: Option<Duration>) -> String {
    let time =
        elapsed.map(|d| format!(" {} = {}", in_lang(&["Time", "Zeit", "Temps"], lang), time(d))).unwrap_or_default();
    let lead = if how == Completeness::Complete { "\n" } else { "" };
    format!("{lead}{}{time}\n\n\n", in_lang(&how.names(), lang))
}

/// What Popeye writes of a problem before solving it: a blank line, then the header (authors, diagram,
/// stipulation, conditions) in `lang`, without its last newline: that one is the first phase's (a twin none of
/// whose phases can be played has none), written with the first twin.
pub fn problem_start(p: &Problem, lang: Lang) -> String {
    // `NoBoard` takes away every writer of the position (authors, diagram, stipulation line, conditions, options:
    // src/output/plaintext/position.c, output_plaintext_remove_position_writers) and the header's blank line.
    // Popeye writes a remark (`Remark`, `Bemerkung`, `Remarque`) as soon as it reads it, before the header.
    let mut remarks: String = p.meta.remarks.iter().map(|r| format!("{r}\n")).collect();
    // Its messages for Quodlibet and PostKeyPlay ignored come when it starts solving, before the header (those for
    // SetPlay and Try with each twin).
    let first =
        crate::problem::twins::twin_diagrams(p).ok().and_then(|t| t.into_iter().next()).map(|(_, _, d)| d.stipulation);
    let ignored = p.ignored_options(first.as_ref().unwrap_or(&p.stipulation));
    // WhiteToPlay in the problem's own `h#n.5` too, when no twin's heading says it (REGRESSIONS/4_47_to_4_49.inp#6).
    let untwinned = p.twins.is_empty();
    remarks.extend(
        ignored
            .into_iter()
            .filter(|o| matches!(o, Opt::Quodlibet | Opt::PostKeyPlay) || (*o == Opt::WhiteToPlay && untwinned))
            .map(|o| not_applicable(o, lang)),
    );
    let no_board = OptionDef::of(Opt::NoBoard).name_in(Lang::English);
    if p.options.ignored.iter().any(|o| o == no_board) {
        // The zero position's announcement is no writer of the position: it stays.
        if p.zero_position {
            let word = if lang == Lang::German { "NullStellung" } else { "zeroposition" };
            return format!("{remarks}\n{word}\n\n");
        }
        return remarks;
    }
    let mut s = format!("{remarks}\n{}", text::header(p, &first_stipulation(p), lang));
    // The zero position's announcement ends with a blank line of its own; the phases Popeye plays there (a
    // duplex's second half) follow it, each starting with its newline.
    if !p.zero_position {
        s.pop();
    }
    s
}

/// The stipulation of the problem's first twin, as [`crate::solve::run::solve_problem`] gives it; with
/// `ZeroPosition`, the diagram's (Popeye writes the header before twin a) changes it).
fn first_stipulation(p: &Problem) -> String {
    if p.zero_position {
        return crate::solve::run::display_stipulation(&p.stipulation, p);
    }
    let first = crate::problem::twins::twin_diagrams(p).ok().and_then(|t| t.into_iter().next());
    first.map_or_else(
        || p.stipulation.to_string(),
        |(_, _, d)| crate::solve::run::display_stipulation(&d.stipulation, p),
    )
}

/// A whole problem as Popeye writes it with `-regression` (no times): its start, each twin, the closing line;
/// what `stipula-popeye` writes twin by twin as they are solved.
pub fn problem_text(p: &Problem, twins: &[SolvedTwin], lang: Lang) -> String {
    let mut s = problem_start(p, lang);
    for t in twins {
        s += &twin(t, lang);
    }
    s + &closing(lang, Completeness::of(twins), None)
}

/// Popeye's message for an option it ignores (src/output/message.c: QuodlibetNotApplicable, PostKeyPlayNotApplicable,
/// SetPlayNotApplicable, TryPlayNotApplicable, WhiteToPlayNotApplicable, ThreatOptionAndExactStipulationIncompatible),
/// with its newline (the French `jeu d'essai` has none).
fn not_applicable(o: Opt, lang: Lang) -> &'static str {
    let words: [&str; 3] = match o {
        Opt::Quodlibet => [
            "Quodlibet not applicable - ignored\n",
            "Quodlibet nicht anwendbar - ignoriert\n",
            "Quodlibet pas applicable - ignore\n",
        ],
        Opt::PostKeyPlay => [
            "PostKeyPlay not applicable - ignored\n",
            "NachSchluessel nicht anwendbar - ignoriert\n",
            "ApresCle pas applicable - ignore\n",
        ],
        Opt::SetPlay => [
            "SetPlay not applicable - ignored\n",
            "Satzspiel nicht anwendbar - ignoriert\n",
            "Apparent pas applicable - ignore\n",
        ],
        Opt::Try => ["try play not applicable\n", "Verfuehrung nicht anwendbar\n", "jeu d'essai pas applicable"],
        Opt::WhiteToPlay => [
            "WhiteToPlay not applicable - ignored\n",
            "WeissBeginnt nicht anwendbar - ignoriert\n",
            "ApparentSeul pas applicable - ignore\n",
        ],
        Opt::Threat => [
            "Option \"Threat\" not applicable or indicated maximum threat length too big\n",
            "Option \"Drohung\" nicht anwendbar order maximale Laenge der Drohung zu gross\n",
            "Option \"menace\" pas applicable ou longueur maximale de la menace trop grande\n",
        ],
        _ => return "",
    };
    in_lang(&words, lang)
}

/// One twin as Popeye writes it, in `lang`: its heading (`b) wQa7-->a6  `, each change followed by two blanks),
/// Popeye's messages for the options it ignores, then its solutions; its last newline comes with what follows
/// (the next heading, or the closing line `\nsolution finished.`), so that each twin is written as soon as it is
/// solved.
pub fn twin(t: &SolvedTwin, lang: Lang) -> String {
    let mut s = String::new();
    // A heading starts with its blank line. Popeye's messages for options it ignores follow it; then each phase
    // played, which starts with a newline (that of the first phase ends the line above), the last phase's last
    // newline being the closing line's or the next heading's. A twin none of whose phases can be played writes
    // no phase.
    if !t.label.is_empty() {
        // Quodlibet, PostKeyPlay and WhiteToPlay ignored: Popeye says so as it starts solving the twin, before the
        // heading's blank line; Quodlibet and PostKeyPlay only for a twin that sets the stipulation (the diagram's
        // before the problem's header: [`problem_start`]).
        for o in [Opt::Quodlibet, Opt::PostKeyPlay, Opt::WhiteToPlay] {
            if t.ignored.contains(&o) && (o == Opt::WhiteToPlay || t.restipulated) {
                s += not_applicable(o, lang);
            }
        }
        s.push('\n');
        s += &t.label;
        s.push(' ');
        // Each change followed by two blanks; the blanks within a change kept (`Isardam    TypeB`).
        if !t.heading.is_empty() {
            s += &translate_heading(&t.heading, lang);
            s += "  ";
        }
        s.push('\n');
    }
    // A twin refused writes no phase (Popeye's `problem ignored` after `Inconsistent retro information`, or the
    // side to play able to capture the king); refused before it is solved, not even the messages for the options
    // it ignores.
    let refused = matches!(t.outcome, Outcome::Refused(_));
    let messages: String = t
        .ignored
        .iter()
        .filter(|o| matches!(o, Opt::SetPlay | Opt::Try | Opt::Threat))
        .map(|&o| not_applicable(o, lang))
        .collect();
    if !refused || !t.unplayable.is_empty() {
        s += &messages;
    }
    if refused {
        return s;
    }
    // Said again where the duplex half starts (Popeye 4.104: `s#1 Try PostKeyPlay Duplex`, `h#0.5 SetPlay Duplex`).
    let solutions = text::twin_solutions_with(t, false, lang, &messages);
    // Post-key play whose defender is in check starts with Popeye's ` +` where the key would stand, with no
    // newline of its own: it ends the line above (`c) +wPe2  ` then ` +`, or the stipulation line).
    if !solutions.starts_with(" +") {
        s.push('\n');
    }
    // Without solutions, Popeye writes nothing below the heading but the newlines its phases end with, the last
    // one being the closing line's.
    if solutions.trim().is_empty() {
        s += &"\n".repeat(solutions.len().saturating_sub(1));
        return s;
    }
    s += &solutions;
    // The last blank line is the closing line's (Popeye's `\nsolution finished.`) or the next twin's.
    if s.ends_with("\n\n") {
        s.pop();
    }
    s
}

/// A twin heading's text (stipula's English) in Popeye's `lang`: its words and
/// the piece codes of its moves (and colours, in a heading).
pub fn translate_line(line: &str, lang: Lang) -> String {
    if lang == Lang::English {
        return line.to_string();
    }
    line.split(' ')
        .map(|tok| match WORDS.iter().find(|w| w.english == tok) {
            Some(w) => in_lang(&w.names, lang).to_string(),
            None => match ConditionDef::lookup(tok, Spelling::Popeye(Lang::English)) {
                Found::One(def, name) if name == tok && def.popeye.is_some() => def.name_in(lang).to_string(),
                // A condition's parameter (`RexInclusive`: German `RexInklusive`, French `RexInclusif`).
                _ => match CONDITIONS.iter().flat_map(|d| d.params).find_map(|p| p.popeye.filter(|(n, _)| n[0] == tok))
                {
                    Some((names, _)) => in_lang(&names, lang).to_string(),
                    None => translate_token(tok, lang),
                },
            },
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// One change of a twin heading in `lang`: as [`translate_line`], and a piece code standing alone (`Substitute`'s
/// `Q ==> R`) is one too (German `D ==> T`).
fn translate_heading(change: &str, lang: Lang) -> String {
    // A change of several conditions is written one condition a line: each line's words.
    if change.contains('\n') {
        return change.split('\n').map(|line| translate_heading(line, lang)).collect::<Vec<_>>().join("\n");
    }
    change
        .split(' ')
        .map(|tok| {
            let code = tok.starts_with(|c: char| c.is_ascii_uppercase())
                && tok.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
            match Kind::from_code(tok) {
                Some(kind) if code && lang != Lang::English => kind.def().code_in(lang).to_string(),
                _ => translate_line(tok, lang),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The piece codes of one token (`Sg1-f3`, `e7-e8=Q`, `wQa7-->a6`, `-bSf1`) in `lang`: a code is a run of capitals
/// and digits, starting with a capital, right before a square or right after `=`; a colour letter (`w`, `b`,
/// `n`) right before a code (or a `.`) that begins the token or follows `-`, `+` or `>` is a colour of a twin
/// heading.
fn translate_token(tok: &str, lang: Lang) -> String {
    let chars: Vec<char> = tok.chars().collect();
    let is_square = |i: usize| {
        chars.get(i).is_some_and(|c| ('a'..='h').contains(c))
            && chars.get(i + 1).is_some_and(|c| ('1'..='8').contains(c))
    };
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_uppercase() {
            let end = (i..chars.len())
                .find(|&j| !(chars[j].is_ascii_uppercase() || chars[j].is_ascii_digit()))
                .unwrap_or(chars.len());
            let code: String = chars[i..end].iter().collect();
            let is_code = is_square(end) || (i > 0 && chars[i - 1] == '=');
            match Kind::from_code(&code) {
                Some(kind) if is_code => out += kind.def().code_in(lang),
                _ => out += &code,
            }
            i = end;
            continue;
        }
        let colour_at = i == 0 || matches!(chars[i - 1], '-' | '+' | '>');
        // A code, or the `.` Popeye writes for a piece it no longer finds there (`w.e4<-->b.h1`).
        let digit = |j: usize| chars.get(j).is_some_and(|c| c.is_ascii_digit());
        let before_code = chars.get(i + 1).is_some_and(|c| c.is_ascii_uppercase())
            || (chars.get(i + 1) == Some(&'.') && is_square(i + 2))
            || (digit(i + 1) && digit(i + 2) && is_square(i + 3));
        // A colour letter with the letters of attributes after it (`wrSb1`: Popeye's WriteSpec).
        let attrs_end = (i + 1..chars.len()).find(|&j| !chars[j].is_ascii_lowercase()).unwrap_or(chars.len());
        let attrs: String = chars[i + 1..attrs_end].iter().collect();
        let with_attrs = attrs_end > i + 1
            && chars.get(attrs_end).is_some_and(|c| c.is_ascii_uppercase())
            && attribute_letters(&attrs, lang).is_some();
        match c {
            'w' | 'b' | 'n' if colour_at && with_attrs => {
                out.push(colour_letter(c, lang));
                out += &attribute_letters(&attrs, lang).unwrap_or_default();
                i = attrs_end;
                continue;
            }
            'w' | 'b' | 'n' if colour_at && before_code => out.push(colour_letter(c, lang)),
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// The attribute letters `english` (Popeye's English WriteSpec letters, `r` for royal) in `lang` (German `k`),
/// if they are letters of attributes, one after the other.
fn attribute_letters(english: &str, lang: Lang) -> Option<String> {
    let mut rest = english;
    let mut out = String::new();
    while !rest.is_empty() {
        let def = crate::pieces::ATTRIBUTES.iter().find(|d| rest.starts_with(&d.attr.prefix_in(Lang::English)))?;
        out += &def.attr.prefix_in(lang);
        rest = &rest[def.attr.prefix_in(Lang::English).len()..];
    }
    Some(out)
}

/// An English colour letter of a twin heading (`w`, `b`, `n`) in `lang`: the first letter of Popeye's colour
/// word, lower case (German `w`, `s`, `n`; French `b`, `n`, `n`).
fn colour_letter(english: char, lang: Lang) -> char {
    let colours: [Names; 3] =
        [["White", "Weiss", "Blanc"], ["Black", "Schwarz", "Noir"], ["Neutral", "Neutral", "Neutre"]];
    let row = match english {
        'w' => 0,
        'b' => 1,
        _ => 2,
    };
    in_lang(&colours[row], lang).chars().next().map_or(english, |c| c.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Popeye's `format_allocated_memory` (src/output/plaintext/message.c) and its `format_time`.
    #[test]
    fn memory_and_time_as_popeye_writes_them() {
        assert_eq!(memory(512 * 1024), "(512 MB)");
        assert_eq!(memory(1024 * 1024), "(1024 MB)");
        assert_eq!(memory(16 * 1024 * 1024), "(16 GB)");
        assert_eq!(memory(512), "(512 KB)");
        assert_eq!(memory(9 * 1024), "(9216 KB)");
        assert_eq!(time(Duration::from_millis(12)), "0.012 s");
        assert_eq!(time(Duration::from_millis(65_300)), "1:05.300 m:s");
        assert_eq!(time(Duration::from_secs(7384)), "2:03:04 h:m:s");
    }

    /// A twin heading's colours in French and German, also before the `.` Popeye writes for a piece it no longer
    /// finds on its square (Popeye 4.104: `b) b.e4<-->n.h1  miroir a8<-->h1` for `echange e4 h1 miroir a8<-->h1`).
    #[test]
    fn heading_colours_before_a_dot() {
        assert_eq!(translate_token("w.e4<-->b.h1", Lang::French), "b.e4<-->n.h1");
        assert_eq!(translate_token("w.e4<-->b.h1", Lang::German), "w.e4<-->s.h1");
        assert_eq!(translate_token("wPe4<-->bBh1", Lang::French), "bPe4<-->nFh1");
        // A digit code (the 1:5-leaper; Popeye 4.104: `+b) nRa6<-->n15a2` for `jumeau enplus echange a6 a2`).
        assert_eq!(translate_token("bKa6<-->b15a2", Lang::French), "nRa6<-->n15a2");
        // Not a colour: a pawn's move, a square.
        assert_eq!(translate_token("b2-b4", Lang::French), "b2-b4");
    }

    /// A twin's condition in Popeye's German and French, with its parameters (Popeye 4.104: `+b) Madrasi
    /// RexInclusif` for `jumeau enplus condition Madrasi RexInclusif`).
    #[test]
    fn heading_conditions_with_parameters() {
        assert_eq!(translate_line("Madrasi RexInclusive", Lang::French), "Madrasi RexInclusif");
        assert_eq!(translate_line("Isardam TypeB RexInclusive", Lang::German), "Isardam TypB RexInklusive");
        assert_eq!(translate_line("EiffelChess", Lang::French), "EchecsEiffel");
    }

    /// The closing lines of Popeye's output (`-regression` leaves out the time), e.g. BEISPIEL-castling_1.out.
    #[test]
    fn closing_lines() {
        assert_eq!(closing(Lang::German, Completeness::Complete, None), "\nLoesung beendet.\n\n\n");
        assert_eq!(
            closing(Lang::English, Completeness::Complete, Some(Duration::from_millis(19))),
            "\nsolution finished. Time = 0.019 s\n\n\n"
        );
        assert_eq!(
            closing(Lang::French, Completeness::Interrupted, Some(Duration::ZERO)),
            "solution interrompue. Temps = 0.000 s\n\n\n"
        );
        assert_eq!(closing(Lang::German, Completeness::Partial, None), "Partielle Loesung\n\n\n");
    }

    /// German and French twin headings as in Popeye's reference outputs (`sSh3-->h4`).
    #[test]
    fn lines_in_popeye_languages() {
        assert_eq!(translate_line("wQa7-->a6", Lang::German), "wDa7-->a6");
        assert_eq!(translate_line("-bSf1", Lang::German), "-sSf1");
        assert_eq!(translate_line("wBh4<-->bRf8", Lang::German), "wLh4<-->sTf8");
        assert_eq!(translate_line("-bBb5", Lang::French), "-nFb5");
        assert_eq!(translate_line("rotate 90", Lang::German), "Drehung 90");
        assert_eq!(translate_line("Madrasi", Lang::German), "Madrasi");
        assert_eq!(translate_heading("Q ==> R", Lang::German), "D ==> T");
        assert_eq!(translate_heading("S ==> B", Lang::French), "C ==> F");
        // BEISPIEL/haan.inp#4, Popeye 4.104: `b) HaanerSchach` over `   SchwarzerKuerzestzueger`.
        assert_eq!(
            translate_heading("HaanerChess\n   BlackMinimummer", Lang::German),
            "HaanerSchach\n   SchwarzerKuerzestzueger"
        );
    }
}
