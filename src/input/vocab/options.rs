//! Popeye's options as the statement language and YAML entries write them (`try, defence 2, set play`,
//! `SetPlay`, `no castling a1 h8`), looked up in the option registry.

use super::pieces::split_squares;
use super::{ambiguous, number, phrase, span, words, Issue, Phrase, Word};
use crate::problem::options::{Arg, Opt, OptionDef, OptionValue, Options, Support, OPTIONS};
use crate::square::Square;
use crate::words::{did_you_mean, norm, Found, Spelling};

fn squares_after(ws: &[Word<'_>], i: &mut usize, opt_name: &str, at: (usize, usize)) -> Result<Vec<Square>, Issue> {
    let mut out = Vec::new();
    while *i < ws.len() {
        let (prefix, sqs) = split_squares(ws[*i].text);
        if !prefix.is_empty() || sqs.is_empty() {
            break;
        }
        out.extend(sqs);
        *i += 1;
    }
    if out.is_empty() {
        let (o, l) = match ws.get(*i) {
            Some(w) => (w.offset, w.text.len()),
            None => (at.0 + at.1, 1),
        };
        return Err(Issue::new(o, l, format!("`{opt_name}` needs squares")).expected("squares such as `e2 e3 e4`"));
    }
    Ok(out)
}

fn number_after(ws: &[Word<'_>], i: &mut usize, opt_name: &str, at: (usize, usize)) -> Result<u32, Issue> {
    match ws.get(*i) {
        Some(w) => {
            let n = number(w, &format!("the number of `{opt_name}`"))?;
            *i += 1;
            Ok(n)
        }
        None => {
            Err(Issue::new(at.0 + at.1, 1, format!("`{opt_name}` needs a number")).expected("a number such as `2`"))
        }
    }
}

/// The option a phrase at `ws[i]` names, if any (for telling conditions from options).
pub fn option_at(ws: &[Word<'_>], i: usize) -> Phrase<&'static OptionDef> {
    phrase(ws, i, 4, |t| OptionDef::lookup(t, Spelling::Statement))
}

/// Where the last of the options `names` (English names, such as `HalfDuplex`) is written in `s`, in any of its
/// spellings (`half duplex`, `HalfDuplex`): (byte offset, length). Brackets and quotes around words (a YAML
/// list) are passed over.
pub fn find_option(s: &str, names: &[&str]) -> Option<(usize, usize)> {
    let wanted: Vec<Opt> = names
        .iter()
        .filter_map(|n| match OptionDef::lookup(n, Spelling::Statement) {
            Found::One(d, _) => Some(d.opt),
            _ => None,
        })
        .collect();
    let loose = |c: char| c.is_whitespace() || ",;[]{}\"'".contains(c);
    let mut ws = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
        match (loose(c), start) {
            (true, Some(a)) => {
                // A YAML list's `-` is no word.
                if !norm(&s[a..i]).is_empty() {
                    ws.push(Word { text: &s[a..i], offset: a });
                }
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    let mut found = None;
    let mut i = 0;
    while i < ws.len() {
        match option_at(&ws, i).one() {
            Some((def, k)) => {
                if wanted.contains(&def.opt) {
                    found = Some(span(&ws, i, k));
                }
                i += k;
            }
            None => i += 1,
        }
    }
    found
}

/// Parses Popeye's options with English names (`try, defence 2, set play`, `SetPlay`, `no castling a1 h8`)
/// into `opts`. Returns whether `zero position` was among them.
pub fn parse_options(s: &str, opts: &mut Options) -> Result<bool, Issue> {
    let ws = words(s);
    let mut zero = false;
    let mut i = 0;
    if ws.is_empty() {
        return Err(Issue::new(0, 1, "missing option").expected("an option such as `try`, `set play` or `defence 2`"));
    }
    while i < ws.len() {
        let (def, k) = match option_at(&ws, i) {
            Phrase::Exact(def, k) | Phrase::Abbreviated(def, k) => (def, k),
            Phrase::Ambiguous(names, k) => return Err(ambiguous(s, span(&ws, i, k), "option", &names)),
            Phrase::None => {
                let w = ws[i];
                let hint = did_you_mean(&norm(w.text), OPTIONS.iter().map(|d| d.name()))
                    .map(|h| format!("did you mean `{h}`?"));
                return Err(Issue::new(w.offset, w.text.len(), format!("unknown option `{}`", w.text))
                    .expected("an option such as `try`, `set play`, `defence 2` or `duplex`")
                    .hint_opt(hint));
            }
        };
        let at = span(&ws, i, k);
        let name = &s[at.0..at.0 + at.1];
        if def.support == Support::NotSupported {
            return Err(Issue::new(at.0, at.1, format!("not supported: option {}", def.name())).unsupported());
        }
        i += k;
        let value = match def.arg {
            Arg::Nothing => OptionValue::Nothing,
            Arg::Number => OptionValue::Number(number_after(&ws, &mut i, name, at)?),
            // An optional number (`Intelligent 2`).
            Arg::MaybeNumber => {
                match ws.get(i).filter(|w| !w.text.is_empty() && w.text.bytes().all(|b| b.is_ascii_digit())) {
                    Some(w) => {
                        i += 1;
                        OptionValue::Number(number(w, &format!("the number of `{name}`"))?)
                    }
                    None => OptionValue::Nothing,
                }
            }
            Arg::TwoNumbers => {
                let a = number_after(&ws, &mut i, name, at)?;
                OptionValue::Numbers(a, number_after(&ws, &mut i, name, at)?)
            }
            Arg::Squares => OptionValue::Squares(squares_after(&ws, &mut i, name, at)?),
            Arg::SquarePairs => {
                let sq = squares_after(&ws, &mut i, name, at)?;
                if sq.len() % 2 != 0 {
                    return Err(Issue::new(at.0, at.1, format!("`{}` needs pairs of squares", def.name()))
                        .expected("pairs of rook squares such as `a1h8`"));
                }
                OptionValue::SquarePairs(sq.chunks(2).map(|c| (c[0], c[1])).collect())
            }
        };
        if def.opt == Opt::ZeroPosition {
            zero = true;
        } else {
            opts.set(def.opt, value);
        }
    }
    Ok(zero)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::statement::options_text;
    use crate::problem::options::Intelligent;
    use crate::problem::Fault;

    #[test]
    fn options() {
        let mut o = Options::default();
        let z = parse_options("try, defence 2, set play, threat 1, variations, no threat, no short variations, white to play, duplex, half duplex, max solutions 3, stop on short solutions, max time 60, no castling a1 h8, en passant e2 e3 e4, zero position", &mut o).unwrap();
        assert!(z);
        assert!(o.tries && o.set_play && o.variations && o.no_threat && o.no_short_variations && o.white_to_play);
        assert!(o.duplex && o.half_duplex && o.stop_on_short);
        assert_eq!((o.defence, o.threat, o.max_solutions, o.max_time), (Some(2), Some(1), Some(3), Some(60)));
        assert_eq!(o.no_castling.len(), 2);
        assert_eq!(o.en_passant.len(), 3);
        let text = options_text(&o).join(", ");
        let mut o2 = Options::default();
        parse_options(&text, &mut o2).unwrap();
        assert_eq!(o, o2);
        let e = parse_options("setply", &mut Options::default()).unwrap_err();
        assert_eq!(e.hint.as_deref(), Some("did you mean `SetPlay`?"));
        assert!(parse_options("defence", &mut Options::default()).is_err());
        assert!(parse_options("defence x", &mut Options::default()).is_err());
    }

    #[test]
    fn abbreviations_and_words_popeye_knows() {
        let mut o = Options::default();
        // Abbreviated as Popeye accepts it (a unique prefix of its English name), and `Intelligent n`.
        parse_options("setpl, var, intelligent 2, trivialtries", &mut o).unwrap();
        assert!(o.set_play && o.variations);
        assert_eq!(o.intelligent, Some(Intelligent { max_solutions: Some(2) }));
        assert!(o.trivial_tries_avoid && o.ignored.is_empty());
        assert!(parse_options("no", &mut Options::default()).unwrap_err().message.starts_with("ambiguous option `no`"));
        let e = parse_options("null moves", &mut Options::default()).unwrap_err();
        assert_eq!((e.message.as_str(), e.fault), ("not supported: option NullMoves", Fault::Unsupported));
    }
}
