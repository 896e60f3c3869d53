//! Stipulations as the statement language and YAML write them: in problemists' notation (`h#2.5`, `ser-s#5`,
//! read by [`crate::input::stipulation`]) or spelled out (`helpmate in 2.5`, `series selfmate in 5`).

use super::Issue;
use crate::input::stipulation::{parse_stipulation, parse_structured, StipulationError};
use crate::problem::Stipulation;
use crate::square::Color;
use crate::words::did_you_mean;
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_while1};
use nom::character::complete::{digit1, multispace0};
use nom::combinator::{opt, recognize};
use nom::sequence::{pair, preceded, terminated};
use nom::{IResult, Parser};

/// The issue of a stipulation the notation reader refused, at its offset.
fn issue(e: StipulationError) -> Issue {
    Issue { offset: e.offset, len: 1, message: e.message, expected: Some(e.expected), hint: None, fault: e.fault }
}

fn num_word(i: &str) -> IResult<&str, &str> {
    recognize(pair(digit1, opt(pair(nom::bytes::complete::tag("."), digit1)))).parse(i)
}

/// `[exact] [series] <kind> in <n>`, with spaces or hyphens between the words (lower-case input).
fn spelled(i: &str) -> IResult<&str, (bool, bool, &str, &str)> {
    let sep = |i| take_while1(|c: char| c.is_whitespace() || c == '-').parse(i);
    let (i, _) = multispace0(i)?;
    let (i, exact) = opt(terminated(tag_no_case("exact"), sep)).parse(i)?;
    let (i, series) = opt(terminated(alt((tag_no_case("series"), tag_no_case("ser"))), sep)).parse(i)?;
    let (i, kind) = alt((recognize(pair(
        opt(terminated(
            alt((tag_no_case("help"), tag_no_case("self"), tag_no_case("reflex"), tag_no_case("direct"))),
            opt(sep),
        )),
        alt((tag_no_case("stalemate"), tag_no_case("mate"))),
    )),))
    .parse(i)?;
    let (i, n) = preceded((sep, tag_no_case("in"), sep), num_word).parse(i)?;
    let (i, _) = multispace0(i)?;
    Ok((i, (exact.is_some(), series.is_some(), kind, n)))
}

/// Parses a stipulation in notation (`h#2.5`, `ser-s#5`) or spelled out (`helpmate in 2.5`, `series selfmate
/// in 5`, `help stalemate in 2`, `exact helpmate in 3`).
pub fn parse_stip_any(s: &str) -> Result<Stipulation, Issue> {
    let lead = s.len() - s.trim_start().len();
    let text = s.trim();
    if text.is_empty() {
        return Err(
            Issue::new(0, 1, "missing stipulation").expected("a stipulation such as `#2`, `h#2.5` or `helpmate in 2`")
        );
    }
    let lower = text.to_ascii_lowercase();
    // Popeye's structured stipulation after its starting side (`black 6hh[/2da[#]{!+}]`), as stipula writes the
    // stipulations only it can say.
    for (word, side) in [("white", Color::White), ("black", Color::Black)] {
        if let Some(rest) = lower.strip_prefix(word).filter(|r| r.starts_with(char::is_whitespace)) {
            let compact: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
            return parse_structured(side, &compact).map_err(|e| Issue { offset: lead, ..issue(e) });
        }
    }
    // The notation of the other goals (`h+2`, `hzd52`, `x3`) has no `#` or `=`: whatever it reads is taken.
    if let Ok(st) = parse_stipulation(s) {
        return Ok(st);
    }
    if text.contains('#')
        || text.contains('=')
        || text.starts_with(|c: char| c.is_ascii_digit())
        || lower.contains("dia")
    {
        return parse_stipulation(s).map_err(issue);
    }
    // A proof game spelled out: `proof game in 4.5` is `dia4.5`.
    if let Some(n) = lower.strip_prefix("proof game in ").or_else(|| lower.strip_prefix("exact proof game in ")) {
        let exact = if lower.starts_with("exact") { "exact-" } else { "" };
        let n_off = lead + text.len() - n.len();
        return parse_stipulation(&format!("{exact}dia{}", n.trim())).map_err(|e| Issue {
            offset: n_off,
            len: n.len().max(1),
            ..issue(e)
        });
    }
    match spelled(&lower) {
        Ok(("", (exact, series, kind, n))) => {
            let k: String = kind.chars().filter(|c| c.is_ascii_alphabetic()).collect();
            let (fam, goal) = match k.as_str() {
                "mate" | "directmate" => ("", "#"),
                "stalemate" | "directstalemate" => ("", "="),
                "helpmate" => ("h", "#"),
                "helpstalemate" => ("h", "="),
                "selfmate" => ("s", "#"),
                "selfstalemate" => ("s", "="),
                "reflexmate" => ("r", "#"),
                _ => ("r", "="),
            };
            let notation =
                format!("{}{}{fam}{goal}{n}", if exact { "exact-" } else { "" }, if series { "ser-" } else { "" });
            let n_off = lead + lower.rfind(n).unwrap_or(0);
            parse_stipulation(&notation).map_err(|e| Issue { offset: n_off, len: n.len().max(1), ..issue(e) })
        }
        Ok((rest, _)) => {
            let off = lead + lower.len() - rest.len();
            Err(Issue::new(
                off,
                rest.trim_end().len(),
                format!("unexpected `{}` after the stipulation", rest.trim_end()),
            )
            .expected("the end of the stipulation"))
        }
        Err(_) => {
            let first = text.split_whitespace().next().unwrap_or(text);
            let hint = did_you_mean(
                first,
                [
                    "mate",
                    "helpmate",
                    "selfmate",
                    "reflexmate",
                    "stalemate",
                    "series",
                    "exact",
                    "help",
                    "self",
                    "reflex",
                ],
            );
            Err(Issue::new(lead, text.len(), format!("cannot read the stipulation `{text}`"))
                .expected("a stipulation such as `#2`, `h#2.5`, `mate in 2` or `series helpmate in 7`")
                .hint_opt(hint.map(|h| format!("did you mean `{h}`?"))))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Play;

    #[test]
    fn stipulations_in_words() {
        for (w, n) in [
            ("mate in 2", "#2"),
            ("helpmate in 2", "h#2"),
            ("helpmate-in-2", "h#2"),
            ("selfmate in 3", "s#3"),
            ("reflexmate in 2", "r#2"),
            ("stalemate in 3", "=3"),
            ("series helpmate in 7", "ser-h#7"),
            ("series mate in 4", "ser-#4"),
            ("series selfmate in 5", "ser-s#5"),
            ("help stalemate in 2", "h=2"),
            ("helpmate in 2.5", "h#2.5"),
            ("exact helpmate in 3", "exact-h#3"),
            ("Help Mate In 2", "h#2"),
            ("h#2", "h#2"),
            ("ser-h#7", "ser-h#7"),
            ("dia4.5", "dia4.5"),
            ("ser-dia9", "ser-dia9"),
            ("proof game in 4.5", "dia4.5"),
            ("exact proof game in 3", "exact-dia3"),
        ] {
            assert_eq!(parse_stip_any(w).unwrap().to_string(), n, "{w}");
        }
        assert_eq!(parse_stip_any("ser-h#7").unwrap().play, Play::SeriesHelp);
        assert!(parse_stip_any("helpmat in 2").unwrap_err().hint.as_deref() == Some("did you mean `helpmate`?"));
        assert!(parse_stip_any("mate in 2.5").is_err());
        assert!(parse_stip_any("mate in 2 moves").is_err());
    }
}
