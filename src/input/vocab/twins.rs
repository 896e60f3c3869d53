//! Twins as the statement language and YAML entries write them: `[continued] <command>...` with Popeye's
//! twinning commands in English (`move a1 b2`, `add white Qa1`, `substitute R B`, `rotate 90`,
//! `mirror a1<-->h1`, `polish type`, `stipulation h#3`, `condition Madrasi`), looked up in the twinning
//! registry.

use super::conditions::parse_conditions;
use super::pieces::{kind_of, parse_pieces, split_squares};
use super::stipulation::parse_stip_any;
use super::{ambiguous, phrase, span, words, Issue, Phrase, Word};
use crate::pieces::Kind;
use crate::problem::twins::{Mirror, Twin, TwinChange, TwinCommand, TwinDef, TWINNING};
use crate::square::{Color, Square};
use crate::words::{did_you_mean, Spelling};

fn square_arg(ws: &[Word<'_>], i: &mut usize, cmd: &str, end: usize) -> Result<Square, Issue> {
    match ws.get(*i) {
        Some(w) => {
            let sq = Square::parse(w.text).ok_or_else(|| {
                Issue::new(w.offset, w.text.len(), format!("`{}` is not a square", w.text))
                    .expected(format!("a square after `{cmd}`, such as `e4`"))
            })?;
            *i += 1;
            Ok(sq)
        }
        None => Err(Issue::new(end, 1, format!("`{cmd}` needs a square")).expected("a square such as `e4`")),
    }
}

/// `move d1 d1`, `exchange d3 d3`: a twin that moves a piece onto its own square (Popeye would remove the piece,
/// `-wQd1 .d1-->d1`, surely not what was meant), refused at the second square.
pub(crate) fn same_square(offset: usize, len: usize, command: &str, sq: Square) -> Issue {
    Issue::new(offset, len, format!("`{command}` names the square {sq} twice"))
        .expected(format!("a square other than {sq}"))
        .hint_opt(Some("a twin moves or exchanges a piece between two different squares".into()))
}

fn color_word(w: &str) -> Option<Color> {
    match w.to_ascii_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// The twinning command a phrase at `ws[i]` names.
fn command_at(ws: &[Word<'_>], i: usize) -> Phrase<&'static TwinDef> {
    phrase(ws, i, 2, |t| TwinDef::lookup(t, Spelling::Statement))
}

/// The commands stipula implements, as the statement language writes them (for messages).
fn command_words() -> Vec<&'static str> {
    TWINNING.iter().filter(|d| d.supported).map(|d| d.spellings[0]).collect()
}

/// Parses one twin: `[continued] <command>...`. `stipulation` and `condition` take the rest of the twin when it
/// is not a single notation token.
pub fn parse_twin(s: &str) -> Result<Twin, Issue> {
    let ws = words(s);
    let mut i = 0;
    let mut continued = false;
    if command_at(&ws, 0).one().is_some_and(|(d, _)| d.command == TwinCommand::Continued) {
        continued = true;
        i = 1;
    }
    let mut changes = Vec::new();
    if i >= ws.len() {
        return Err(Issue::new(s.trim_end().len(), 1, "missing twinning command")
            .expected("a twinning command such as `move a1 b2`, `remove d4` or `rotate 90`"));
    }
    while i < ws.len() {
        let (def, k) = match command_at(&ws, i) {
            Phrase::Exact(def, k) | Phrase::Abbreviated(def, k) => (def, k),
            Phrase::Ambiguous(names, k) => return Err(ambiguous(s, span(&ws, i, k), "twinning command", &names)),
            Phrase::None => {
                let w = ws[i];
                let known = command_words();
                let hint = did_you_mean(w.text, known.iter().copied()).map(|h| format!("did you mean `{h}`?"));
                let list: Vec<String> = known.iter().filter(|c| **c != "continued").map(|c| format!("`{c}`")).collect();
                return Err(Issue::new(w.offset, w.text.len(), format!("unknown twinning command `{}`", w.text))
                    .expected(crate::words::join_or(&list))
                    .hint_opt(hint));
            }
        };
        let (co, cl) = span(&ws, i, k);
        let name = &s[co..co + cl];
        let end = co + cl + 1;
        i += k;
        if !def.supported {
            return Err(Issue::new(co, cl, format!("not supported: twinning command {}", def.name())).unsupported());
        }
        match def.command {
            TwinCommand::Continued => {
                return Err(Issue::new(co, cl, format!("`{name}` must come first in a twin")));
            }
            TwinCommand::Move | TwinCommand::Exchange | TwinCommand::Shift => {
                let a = square_arg(&ws, &mut i, name, end)?;
                let b = square_arg(&ws, &mut i, name, end)?;
                if a == b && def.command != TwinCommand::Shift {
                    let w = ws[i - 1];
                    return Err(same_square(w.offset, w.text.len(), name, a));
                }
                changes.push(match def.command {
                    TwinCommand::Move => TwinChange::Move(a, b),
                    TwinCommand::Exchange => TwinChange::Exchange(a, b),
                    _ => TwinChange::Shift(a, b),
                });
            }
            TwinCommand::Remove => {
                let start = changes.len();
                while let Some(w) = ws.get(i) {
                    let (prefix, sqs) = split_squares(w.text);
                    if !prefix.is_empty() || sqs.is_empty() {
                        break;
                    }
                    changes.extend(sqs.into_iter().map(TwinChange::Remove));
                    i += 1;
                }
                if changes.len() == start {
                    square_arg(&ws, &mut i, name, end)?;
                }
            }
            TwinCommand::Add => {
                let Some(cw) = ws.get(i) else {
                    return Err(Issue::new(end, 1, "`add` needs a colour and pieces")
                        .expected("`white` or `black`, then pieces such as `Qa1`"));
                };
                let color = color_word(cw.text).ok_or_else(|| {
                    Issue::new(cw.offset, cw.text.len(), format!("`{}` is not a colour", cw.text))
                        .expected("`white` or `black`")
                })?;
                i += 1;
                // The pieces run to the next twinning command.
                let mut j = i;
                while j < ws.len() && matches!(command_at(&ws, j), Phrase::None) {
                    j += 1;
                }
                if j == i {
                    return Err(Issue::new(cw.offset + cw.text.len() + 1, 1, "`add` needs pieces")
                        .expected("pieces such as `Qa1`"));
                }
                let (po, pl) = span(&ws, i, j - i);
                let pieces = parse_pieces(&s[po..po + pl], color).map_err(|e| e.shifted(po))?;
                changes.extend(pieces.into_iter().map(TwinChange::Add));
                i = j;
            }
            TwinCommand::Substitute => {
                let mut color = None;
                if let Some(c) = ws.get(i).and_then(|w| color_word(w.text)) {
                    color = Some(c);
                    i += 1;
                }
                let mut kinds = [Kind::KING; 2];
                for kind in &mut kinds {
                    let Some(w) = ws.get(i) else {
                        return Err(Issue::new(end, 1, "`substitute` needs two pieces")
                            .expected("two piece codes such as `R B`"));
                    };
                    *kind = kind_of(w.text, w.offset, w.text.len())?;
                    i += 1;
                }
                changes.push(TwinChange::Substitute { color, from: kinds[0], to: kinds[1] });
            }
            TwinCommand::Rotate => {
                let Some(w) = ws.get(i) else {
                    return Err(Issue::new(end, 1, "`rotate` needs an angle").expected("`90`, `180` or `270`"));
                };
                let a = match w.text {
                    "90" => 90,
                    "180" => 180,
                    "270" => 270,
                    _ => {
                        return Err(Issue::new(
                            w.offset,
                            w.text.len(),
                            format!("`{}` is not an angle Popeye rotates by", w.text),
                        )
                        .expected("`90`, `180` or `270`"))
                    }
                };
                i += 1;
                changes.push(TwinChange::Rotate(a));
            }
            TwinCommand::Mirror => {
                let Some(w) = ws.get(i) else {
                    return Err(Issue::new(end, 1, "`mirror` needs an axis")
                        .expected("`a1<-->h1`, `a1<-->a8`, `a1<-->h8` or `a8<-->h1`"));
                };
                let Some(m) = Mirror::parse(w.text) else {
                    return Err(Issue::new(w.offset, w.text.len(), format!("`{}` is not a mirror axis", w.text))
                        .expected("`a1<-->h1`, `a1<-->a8`, `a1<-->h8` or `a8<-->h1`"));
                };
                i += 1;
                changes.push(TwinChange::Mirror(m));
            }
            TwinCommand::PolishType => changes.push(TwinChange::PolishType),
            TwinCommand::Stipulation => {
                let Some(w) = ws.get(i) else {
                    return Err(
                        Issue::new(end, 1, "`stipulation` needs a stipulation").expected("a stipulation such as `h#3`")
                    );
                };
                if w.text.contains(['#', '=']) {
                    let st = parse_stip_any(w.text).map_err(|e| e.shifted(w.offset))?;
                    changes.push(TwinChange::Stipulation(st));
                    i += 1;
                } else {
                    let st = parse_stip_any(&s[w.offset..]).map_err(|e| e.shifted(w.offset))?;
                    changes.push(TwinChange::Stipulation(st));
                    i = ws.len();
                }
            }
            TwinCommand::Condition => {
                let Some(w) = ws.get(i) else {
                    return Err(
                        Issue::new(end, 1, "`condition` needs conditions").expected("conditions such as `Madrasi`")
                    );
                };
                let c = parse_conditions(&s[w.offset..]).map_err(|e| e.shifted(w.offset))?;
                changes.push(TwinChange::Conditions(c));
                i = ws.len();
            }
            TwinCommand::SStipulation | TwinCommand::Forsyth => unreachable!("not supported, refused above"),
        }
    }
    Ok(Twin { continued, changes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::statement::twin_text;

    #[test]
    fn twins() {
        for (t, w) in [
            ("move a1 b2", "Move a1 b2"),
            ("exchange a1 b2", "Exchange a1 b2"),
            ("remove d4", "Remove d4"),
            ("add white Qa1", "Add White Qa1"),
            ("add black knight f7", "Add Black Sf7"),
            ("substitute R B", "Substitute R B"),
            ("substitute white R B", "Substitute White R B"),
            ("rotate 90", "Rotate 90"),
            ("mirror a1<-->h1", "Mirror a1<-->h1"),
            ("shift a1 a2", "Shift a1 a2"),
            ("polish type", "PolishType"),
            ("stipulation h#3", "Stipulation h#3"),
            ("stipulation helpmate in 3", "Stipulation h#3"),
            ("condition Madrasi RI", "Condition Madrasi RexInclusive"),
            ("continued remove d4 move a1 a2", "Continued Remove d4 Move a1 a2"),
            ("Continued Remove d4", "Continued Remove d4"),
            // Abbreviated as Popeye accepts it.
            ("cont rem d4", "Continued Remove d4"),
            ("mov a1 b2", "Move a1 b2"),
        ] {
            let twin = parse_twin(t).unwrap();
            assert_eq!(twin_text(&twin), w);
            assert_eq!(parse_twin(w).unwrap(), twin);
        }
        assert_eq!(parse_twin("mave a1 b2").unwrap_err().hint.as_deref(), Some("did you mean `move`?"));
        assert!(parse_twin("s a1").unwrap_err().message.starts_with("ambiguous twinning command `s`"));
        assert!(parse_twin("rotate 45").is_err());
        assert!(parse_twin("move a1").is_err());
        assert!(parse_twin("continued").is_err());
        assert_eq!(parse_twin("sstipulation white 2s[#]").unwrap_err().fault, crate::problem::Fault::Unsupported);
    }
}
