//! What Popeye itself writes around the solutions, for the drop-in `stipula-popeye`: the banner, the problem's
//! header, each twin's heading and solutions, and the closing line with the time, in the language of the input
//! (Popeye answers in the language of the problem's first word). The words are Popeye's own, from its message
//! and keyword tables (`src/output/message.c`, `src/output/plaintext/language_dependant.c` of Popeye 4.104).

use crate::output::text;
use crate::problem::options::{Opt, OptionDef};
use crate::problem::twins::{compile_twins, CompiledTwin};
use crate::problem::Problem;
use crate::solve::run::{Outcome, SolvedTwin};
use crate::words::{in_lang, Lang, Names};
use std::time::Duration;

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
pub fn problem_start(p: &Problem, twins: &Result<Vec<CompiledTwin>, String>, lang: Lang) -> String {
    // `NoBoard` takes away every writer of the position (authors, diagram, stipulation line, conditions, options:
    // src/output/plaintext/position.c, output_plaintext_remove_position_writers) and the header's blank line.
    // Popeye writes a remark (`Remark`, `Bemerkung`, `Remarque`) as soon as it reads it, before the header.
    let mut remarks: String = p.meta.remarks.iter().map(|r| format!("{r}\n")).collect();
    // Its messages for Quodlibet and PostKeyPlay ignored come when it starts solving, before the header (those for
    // SetPlay and Try with each twin).
    let first = twins.as_ref().ok().and_then(|t| t.first()).map(|t| &t.diagram.stipulation);
    let ignored = p.ignored_options(first.unwrap_or(&p.stipulation));
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
/// `ZeroPosition`, the diagram's (Popeye writes the header before twin a) changes it). The first twin of a
/// problem that is not a zero position is the diagram.
fn first_stipulation(p: &Problem) -> String {
    crate::solve::run::display_stipulation(&p.stipulation, p)
}

/// A whole problem as Popeye writes it with `-regression` (no times): its start, each twin, the closing line;
/// what `stipula-popeye` writes twin by twin as they are solved.
pub fn problem_text(p: &Problem, twins: &[SolvedTwin], lang: Lang) -> String {
    let mut s = problem_start(p, &compile_twins(p), lang);
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
            s += &t.heading.text(lang);
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
}
