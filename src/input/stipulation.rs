//! Stipulations in problemists' notation (`#2`, `h#2.5`, `ser-s#6`, `exact-h#3`, `2->ser-h#4`), as Popeye,
//! YACPDB and stipula's statement language write them.

use crate::problem::{Fault, Goal, Play, Stipulation};
use crate::square::{Color, Square};

/// Why a stipulation could not be read: the message and the byte offset in the text where it went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StipulationError {
    pub offset: usize,
    pub message: String,
    pub expected: String,
    /// Whether the text is wrong or names what stipula does not implement.
    pub fault: Fault,
}

/// Parses Popeye's notation: `[exact-][m->][ser-|pser-][h|s|r]<goal><n>[.5]`, goals as [`read_goal`] reads them.
/// A length separated by spaces (`h# 2`) is accepted. Case-insensitive.
pub fn parse_stipulation(text: &str) -> Result<Stipulation, StipulationError> {
    let lower = text.trim().to_ascii_lowercase();
    let lead = text.len() - text.trim_start().len();
    let s = lower.as_str();
    let mut pos = 0usize;
    let fail = |fault: Fault, pos: usize, message: &str, expected: &str| StipulationError {
        offset: lead + pos,
        message: message.to_string(),
        expected: expected.to_string(),
        fault,
    };
    let err = |pos: usize, message: &str, expected: &str| fail(Fault::BadInput, pos, message, expected);
    let unsupported = |pos: usize, message: &str, expected: &str| fail(Fault::Unsupported, pos, message, expected);
    let mut exact = false;
    if s[pos..].starts_with("exact-") {
        exact = true;
        pos += 6;
    }
    let mut intro = 0u32;
    if let Some(arrow) = s[pos..].find("->") {
        let num = &s[pos..pos + arrow];
        intro = num.parse().map_err(|_| {
            err(pos, "the number of introductory moves before `->` is not a number", "a number such as `2->`")
        })?;
        pos += arrow + 2;
    }
    let mut series = false;
    // Parry series: `phser-` (the other side's parries help moves), `pser-h` (help play's, the same); `pser-`,
    // `pser-s`, `pser-r` parry with defences, not played.
    let mut parry = false;
    if s[pos..].starts_with("ser-") {
        series = true;
        pos += 4;
    } else if s[pos..].starts_with("phser-") {
        (series, parry) = (true, true);
        pos += 6;
    } else if s[pos..].starts_with("pser-h") && !s[pos..].starts_with("pser-hs") && !s[pos..].starts_with("pser-hr") {
        (series, parry) = (true, true);
        pos += 5;
    } else if s[pos..].starts_with("pser-") {
        return Err(unsupported(
            pos,
            "not supported: parry series whose parries are defences (`pser-`, `pser-s`, `pser-r`, `pser-hs`)",
            "`ser-`, `pser-h` or `phser-`",
        ));
    }
    let mut reci = None;
    let family = if s[pos..].starts_with("semi-r") {
        // Popeye shows a defence that reaches the goal before the end as any other, the play going on
        // (`exact-semi-r%3`): not reproduced.
        if exact {
            return Err(unsupported(0, "not supported: `exact-` with semi-reflex play", "`semi-r` without `exact-`"));
        }
        if series {
            return Err(unsupported(pos, "not supported: series semi-reflex play (`ser-semi-r`)", "`semi-r`"));
        }
        pos += 6;
        'S'
    } else if s[pos..].starts_with("hr") {
        if series {
            return Err(unsupported(
                pos,
                "not supported: series help-reflex play (`ser-hr`)",
                "`ser-`, `ser-h` or `ser-r`",
            ));
        }
        pos += 2;
        'X'
    } else if s[pos..].starts_with("reci-h") {
        if series {
            return Err(unsupported(pos, "not supported: series reciprocal help play (`ser-reci-h`)", "`reci-h`"));
        }
        pos += 6;
        // `reci-h(=)#n`: the reciprocal end's own goal in parentheses.
        if s[pos..].starts_with('(') {
            let (g, len) =
                read_goal(&s[pos + 1..]).map_err(|(fault, message)| fail(fault, pos + 1, &message, GOALS_EXPECTED))?;
            if !s[pos + 1 + len..].starts_with(')') {
                return Err(err(pos + 1 + len, "expected `)` after the reciprocal goal", "`reci-h(=)#2`"));
            }
            reci = Some(g);
            pos += len + 2;
        }
        'R'
    } else if s[pos..].starts_with("dia") || s[pos..].starts_with("a=>b") {
        // A proof game is help play of its own (`dia4`), not `d` for direct play.
        'p'
    } else if s[pos..].starts_with("hs") {
        if series {
            return Err(unsupported(
                pos,
                "not supported: series help-self play (`ser-hs`)",
                "`ser-`, `ser-h` or `ser-s`",
            ));
        }
        pos += 2;
        'H'
    } else if s[pos..].starts_with('h') {
        pos += 1;
        'h'
    } else if s[pos..].starts_with('s') {
        pos += 1;
        's'
    } else if s[pos..].starts_with('r') {
        pos += 1;
        'r'
    } else {
        'd'
    };
    let goal_start = pos;
    let (goal, len) =
        read_goal(&s[pos..]).map_err(|(fault, message)| fail(fault, goal_start, &message, GOALS_EXPECTED))?;
    pos += len;
    let num_text = s[pos..].trim_start();
    let num_pos = s.len() - num_text.len();
    let (whole, half) = match num_text.strip_suffix(".5") {
        Some(w) => (w, true),
        // YACPDB writes a proof game's whole length with its `.0` (`dia9.0`).
        None if goal.is_proof() => (num_text.strip_suffix(".0").unwrap_or(num_text), false),
        None => (num_text, false),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(num_pos, "expected the number of moves", "a number such as `2` or `2.5`"));
    }
    let moves: u32 =
        whole.parse().map_err(|_| err(num_pos, "the number of moves is too large", "a number such as `2`"))?;
    if moves == 0 && !half {
        return Err(err(num_pos, "the number of moves must be at least 1", "a number such as `2`"));
    }
    if moves > 200 {
        return Err(err(num_pos, "the number of moves is too large (at most 200)", "a number such as `2`"));
    }
    let play = match (series, family) {
        (false, 'd') => Play::Direct,
        (false, 'h' | 'p') => Play::Help,
        (true, 'p') => Play::SeriesDirect,
        (false, 'H') => Play::HelpSelf,
        (false, 'X') => Play::HelpReflex,
        (false, 's') => Play::Self_,
        (false, 'r') => Play::Reflex,
        (false, 'S') => Play::SemiReflex,
        (false, 'R') => Play::ReciHelp,
        (true, 'd') => Play::SeriesDirect,
        (true, 'h') => Play::SeriesHelp,
        (true, 's') => Play::SeriesSelf,
        (true, 'r') => Play::SeriesReflex,
        _ => unreachable!(),
    };
    if goal.is_proof() && (family != 'p' || !matches!(play, Play::Help | Play::SeriesDirect)) {
        return Err(unsupported(
            goal_start,
            &format!("not supported: `{}` in this play (only `{0} n`, `{0} n.5` and `ser-{0} n`)", goal.symbol()),
            "`dia`, `a=>b`, `ser-dia` or `ser-a=>b`",
        ));
    }
    if matches!(play, Play::HelpSelf | Play::HelpReflex) && moves == 0 {
        return Err(err(
            num_pos,
            "the number of moves of help-self and help-reflex play must be at least 1",
            "a number such as `2` or `1.5`",
        ));
    }
    if play == Play::ReciHelp {
        // Popeye: at least two half-moves (`reci-h#0.5` is refused); the goals of the end are those after which
        // no move follows (a goal reached early in the help play would end the line there).
        if moves == 0 {
            return Err(err(num_pos, "reci-h needs at least one move", "a number such as `2` or `2.5`"));
        }
        if let Some(g) = std::iter::once(goal).chain(reci).find(|g| g.may_end_early() || g.self_check()) {
            return Err(unsupported(
                goal_start,
                &format!("not supported: reci-h with the goal `{}` (only `#`, `=`, `==` and `#=`)", g.symbol()),
                "`reci-h#n`, `reci-h=n`, `reci-h(=)#n`",
            ));
        }
        if reci == Some(goal) {
            reci = None;
        }
    }
    if parry {
        let fits = match play {
            Play::SeriesHelp => s[..goal_start].contains("pser-h"),
            Play::SeriesDirect | Play::SeriesSelf | Play::SeriesReflex => s[..goal_start].contains("phser-"),
            _ => false,
        };
        if !fits || goal.is_proof() {
            return Err(unsupported(
                0,
                "not supported: this parry series (only `pser-h`, `phser-`, `phser-s` and `phser-r` with a goal)",
                "`pser-h#n`, `phser-#n`, `phser-s#n` or `phser-r#n`",
            ));
        }
        if moves > 30 {
            return Err(unsupported(num_pos, "not supported: parry series of more than 30 moves", "at most 30"));
        }
    }
    if half && !play.is_help() {
        return Err(err(num_pos, "a half move (`.5`) is only meaningful in help play", "a whole number of moves"));
    }
    Ok(Stipulation { play, goal, moves, half, exact, intro, reci, structured: None, parry, quodlibet: false })
}

/// Reads Popeye's structured stipulation (`SStipulation white 3a[#]d`, src/input/plaintext/sstipulation.c) after
/// its starting side, `text` without blanks: the shapes that are stipula's play types, each as that play with the
/// text kept for the header (Popeye writes it back without blanks):
/// - `Na[g]d`, `N` odd, White starting: direct play, `#((N+1)/2)`;
/// - `Na[>1a[g]d]d`, `N` odd, White starting: semi-reflex play, `semi-r#((N+1)/2)`; with `{!1a[g]d}` after it
///   reflex play, `r#((N+1)/2)`;
/// - `Nhh[g]` (or `Nh[g]h`): help play of `N` half-moves, Black starting (`h#n`) or White with `N` odd (`h#n.5`);
/// - `Nhh[2hh[g]&1h[r]h]` (the two ends in either order): reciprocal help play, `reci-h(r)g`, of `N+2` half-moves;
/// - `Nhh[/1d[g]a{!+}]` (CapZug) and `Nhh[/2da[g]{!+}]` (unavoidable goal), `N` even with Black starting or odd
///   with White: help play into a hidden end ([`Play::HelpZugzwang`], [`Play::HelpUnavoidable`]);
/// - `Ns[g]`, White starting: series play, `ser-#N`;
/// - `Ns[1h[g]h]` or `Ns[1a[g]d]`, Black starting: series help play, `ser-h#N`;
///
/// with `N:N` in place of `N` their `exact-` forms, and `-` before them for the other side starting (`black -
/// 5h[=]h`, White starting). The others are refused as not supported.
pub fn parse_structured(side: Color, text: &str) -> Result<Stipulation, StipulationError> {
    let t = text.to_ascii_lowercase();
    let refuse = |why: &str| StipulationError {
        offset: 0,
        message: format!("not supported: structured stipulations of this shape (`{text}`: {why})"),
        expected: "a structured stipulation that reads as `#n`, `h#n`, `h#n.5`, `ser-#n` or `ser-h#n`".into(),
        fault: Fault::Unsupported,
    };
    let number = |s: &str| -> Option<(u32, usize)> {
        let len = s.bytes().take_while(u8::is_ascii_digit).count();
        s[..len].parse().ok().filter(|&n| n > 0 && n <= 400).map(|n| (n, len))
    };
    // `-`: the other side starts.
    let (side, t) = match t.strip_prefix('-') {
        Some(rest) => (side.opposite(), rest.to_string()),
        None => (side, t),
    };
    let Some((first, len)) = number(&t) else {
        return Err(refuse("no length at its start"));
    };
    let mut rest = &t[len..];
    let (min, max) = match rest.strip_prefix(':').and_then(number) {
        Some((max, len2)) => {
            rest = &rest[1 + len2..];
            (Some(first), max)
        }
        None => (None, first),
    };
    let exact = match min {
        None => false,
        Some(m) if m == max => true,
        Some(_) => return Err(refuse("a shortest length other than the longest")),
    };
    // The goal between `[` and `]`, the whole of it. Not `!#` (auto-mate in a plain stipulation): in a structured
    // one `!` is the negation, `1a[!#]d` "White moves and does not mate" (BEISPIEL/sford.inp#11).
    let goal_in = |inner: &str| -> Option<Goal> {
        let (g, len) = read_goal(inner).ok()?;
        (len == inner.len() && !g.is_proof() && g != Goal::AutoMate).then_some(g)
    };
    let shape = |prefix: &str, suffix: &str| -> Option<Goal> {
        rest.strip_prefix(prefix).and_then(|r| r.strip_suffix(suffix)).and_then(goal_in)
    };
    // The help branch's end: after the second side's half-moves (`Nhh[e]`, even lengths) or after the starting side's
    // (`Nh[e]h`, odd lengths), as Popeye reads them (`white 2h[#]h` is `1.Rh1-h8 #`, `white 3hh[#]` ends with
    // Black's moves).
    let (help_end, second_ends) = match rest.strip_prefix("hh[").and_then(|r| r.strip_suffix(']')) {
        Some(e) => (Some(e), true),
        None => (rest.strip_prefix("h[").and_then(|r| r.strip_suffix("]h")), false),
    };
    // `inner` as `prefix` goal `suffix`.
    let end_goal = |inner: &str, prefix: &str, suffix: &str| -> Option<Goal> {
        inner.strip_prefix(prefix).and_then(|r| r.strip_suffix(suffix)).and_then(goal_in)
    };
    // `Na[>1a[g]d]d{!1a[g]d}`: the attacker's reflex constraint, the same goal.
    let reflex_constraint = || -> Option<(Goal, bool)> {
        let (g, tail) = rest.strip_prefix("a[>1a[")?.split_once("]d]d{!1a[")?;
        let g = goal_in(g)?;
        (tail.strip_suffix("]d}").and_then(goal_in) == Some(g)).then_some((g, true))
    };
    let white = side == Color::White;
    // Help play whose last half-move is White's, of a length whose parity is its form's: Black starting `Nhh`, `N`
    // even, or White `Nh..h`, `N` odd.
    let white_ends = white != second_ends && max.is_multiple_of(2) == second_ends;
    let mut reci = None;
    // Parry series, `Nh[…]?+?h`: the second side's half-moves only where it is in check.
    let parry_end = rest.strip_prefix("h[").and_then(|r| r.strip_suffix("]?+?h"));
    let parry = parry_end.is_some();
    // `Na[g]d[g]`: self play whose attacker may reach the goal itself (Popeye's `s#n` with `Quodlibet`).
    let quodlibet_goal = rest.strip_prefix("a[").and_then(|r| r.split_once("]d[")).and_then(|(a, d)| {
        let g = goal_in(a)?;
        (d.strip_suffix(']').and_then(goal_in) == Some(g)).then_some(g)
    });
    let quodlibet = quodlibet_goal.is_some();
    let (play, goal, moves, half) = if let Some(g) = quodlibet_goal {
        if !white || max % 2 == 1 || exact {
            return Err(refuse("self play of an even number of half-moves by White only, without a shortest length"));
        }
        (Play::Self_, g, max / 2, false)
    } else if let Some(e) = parry_end {
        let (play, g) = if let Some(g) = end_goal(e, "1h[", "]h").or_else(|| end_goal(e, "1a[", "]d")) {
            (Play::SeriesHelp, g)
        } else if let Some(g) = goal_in(e) {
            (Play::SeriesDirect, g)
        } else if let Some(g) = end_goal(e, "1d[", "]a") {
            (Play::SeriesSelf, g)
        } else {
            return Err(refuse("stipula plays those that read as its own stipulations"));
        };
        if max % 2 == 0 || white != (play != Play::SeriesHelp) {
            return Err(refuse(
                "parry series of an odd number of half-moves, Black's series into help play, White's the others",
            ));
        }
        if max.div_ceil(2) > 30 || g.is_proof() {
            return Err(refuse("parry series of at most 30 moves, with a goal"));
        }
        (play, g, max.div_ceil(2), false)
    } else if let Some(g) = shape("a[", "]d") {
        if !white || max % 2 == 0 {
            return Err(refuse("direct play of an odd number of half-moves by White only"));
        }
        (Play::Direct, g, max.div_ceil(2), false)
    } else if let Some((g, reflex)) = shape("a[>1a[", "]d]d").map(|g| (g, false)).or_else(reflex_constraint) {
        if !white || max % 2 == 0 {
            return Err(refuse("reflex play of an odd number of half-moves by White only"));
        }
        if exact {
            return Err(refuse("`exact-` with reflex play"));
        }
        (if reflex { Play::Reflex } else { Play::SemiReflex }, g, max.div_ceil(2), false)
    } else if let Some(e) = help_end {
        if !white_ends {
            return Err(refuse(
                "help play whose last half-move is White's only: `black 2nhh[…]` or `white (2n+1)h[…]h`",
            ));
        }
        if let Some(g) = goal_in(e) {
            (Play::Help, g, max / 2, max % 2 == 1)
        } else if let Some((play, g)) = end_goal(e, "/1d[", "]a{!+}")
            .map(|g| (Play::HelpZugzwang, g))
            .or_else(|| end_goal(e, "/2da[", "]{!+}").map(|g| (Play::HelpUnavoidable, g)))
        {
            (play, g, max / 2, max % 2 == 1)
        } else if let Some((g, r)) = e.split_once('&').and_then(|(a, b)| {
            let ends = |help: &str, one: &str| Some((end_goal(help, "2hh[", "]")?, end_goal(one, "1h[", "]h")?));
            ends(a, b).or_else(|| ends(b, a))
        }) {
            // The reciprocal end after `max` help half-moves: Black starts `reci-h#n`, White `reci-h#n.5`.
            if white {
                return Err(refuse("reciprocal help play started by Black only"));
            }
            if g.may_end_early() || r.may_end_early() || g.self_check() || r.self_check() {
                return Err(refuse("reciprocal help play with the goals `#`, `=`, `==` and `#=` only"));
            }
            reci = (r != g).then_some(r);
            (Play::ReciHelp, g, max / 2 + 1, max % 2 == 1)
        } else {
            return Err(refuse("stipula plays those that read as its own stipulations"));
        }
    } else if let Some((intro, series, g)) = rest.strip_prefix("s[").and_then(|r| {
        // `Ns[Ms[…]]`: `N` introductory moves, then series play of `M` (Popeye's `N->ser-…M`).
        let (m, len) = number(r)?;
        let inner = r[len..].strip_prefix("s[")?.strip_suffix("]]")?;
        let (play, g) = if let Some(g) = end_goal(inner, "1h[", "]h").or_else(|| end_goal(inner, "1a[", "]d")) {
            (Play::SeriesHelp, g)
        } else if let Some(g) = end_goal(inner, "1d[", "]a") {
            (Play::SeriesSelf, g)
        } else {
            (Play::SeriesDirect, goal_in(inner)?)
        };
        Some((max, (play, m), g))
    }) {
        let (play, m) = series;
        let series_side = if play == Play::SeriesHelp { Color::Black } else { Color::White };
        if side == series_side || exact || m > 200 {
            return Err(refuse("introductory moves by the other side than the series', without a shortest length"));
        }
        let text = text.to_string();
        return Ok(Stipulation {
            play,
            goal: g,
            moves: m,
            half: false,
            exact: false,
            intro,
            reci: None,
            structured: Some(text),
            parry: false,
            quodlibet: false,
        });
    } else if let Some(g) = shape("s[", "]") {
        if !white {
            return Err(refuse("series play by White only"));
        }
        (Play::SeriesDirect, g, max, false)
    } else if let Some(g) = shape("s[1h[", "]h]").or_else(|| shape("s[1a[", "]d]")) {
        if white {
            return Err(refuse("series help play by Black only"));
        }
        (Play::SeriesHelp, g, max, false)
    } else {
        return Err(refuse("stipula plays those that read as its own stipulations"));
    };
    if moves > 200 {
        return Err(refuse("more than 200 moves"));
    }
    // Popeye writes `1:1h[=]h` back as `1h[=]h`: a help branch of one half-move has that shortest length anyway.
    let text = match (exact && max == 1 && play.is_help(), text.split_once(':')) {
        (true, Some((_, after))) => format!("{}{after}", if text.starts_with('-') { "-" } else { "" }),
        _ => text.to_string(),
    };
    Ok(Stipulation { play, goal, moves, half, exact, intro: 0, reci, structured: Some(text), parry, quodlibet })
}

/// What a goal may be, for messages.
const GOALS_EXPECTED: &str =
    "a goal: `#`, `=`, `==`, `#=`, `+`, `x`, `%`, `ep`, `00`, `~`, `!=`, `##`, `##!`, `!#`, `c81`, `z` and a square (`zd5`), `dia` (proof game) or `a=>b`";

/// The goal at the start of `rest` (lower case) and its length in bytes, or why it is refused.
fn read_goal(rest: &str) -> Result<(Goal, usize), (Fault, String)> {
    // Longest codes first: `##!` before `##` before `#=` before `#`.
    const CODES: &[(&str, Option<Goal>)] = &[
        ("##!", Some(Goal::CounterMate)),
        ("##", Some(Goal::DoubleMate)),
        ("#=", Some(Goal::MateOrStalemate)),
        ("#", Some(Goal::Mate)),
        ("==", Some(Goal::DoubleStalemate)),
        ("=", Some(Goal::Stalemate)),
        ("!=", Some(Goal::AutoStalemate)),
        ("!#", Some(Goal::AutoMate)),
        ("+", Some(Goal::Check)),
        ("x", Some(Goal::Capture)),
        ("%", Some(Goal::Steingewinn)),
        ("ep", Some(Goal::EnPassant)),
        ("00", Some(Goal::Castling)),
        ("~", Some(Goal::Any)),
        ("c81", Some(Goal::Chess81)),
        ("ctr", None),
        ("ct", None),
        ("<>r", None),
        ("<>", None),
        ("dia", Some(Goal::Proof)),
        ("a=>b", Some(Goal::AToB)),
    ];
    if let Some(sq) = rest.strip_prefix('z') {
        return match sq.get(..2).and_then(Square::parse) {
            Some(target) => Ok((Goal::Target(target), 3)),
            None => Err((Fault::BadInput, "the target goal `z` needs its square".into())),
        };
    }
    for &(code, goal) in CODES {
        if rest.starts_with(code) {
            return match goal {
                Some(g) => Ok((g, code.len())),
                None => Err((Fault::Unsupported, format!("not supported: the goal `{code}`"))),
            };
        }
    }
    if rest.starts_with('k') {
        return Err((Fault::Unsupported, "not supported: the goal `k` (kiss)".into()));
    }
    let what = rest.chars().next().map(|c| format!("`{c}`")).unwrap_or_else(|| "the end".into());
    Err((Fault::BadInput, format!("expected a goal, found {what}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(s: &str) -> String {
        parse_stipulation(s).unwrap().to_string()
    }

    #[test]
    fn notation_round_trips() {
        for s in [
            "#2",
            "h#2",
            "h#2.5",
            "s#3",
            "r#2",
            "=3",
            "h=2",
            "ser-h#7",
            "ser-#4",
            "ser-s#5",
            "exact-h#3",
            "2->ser-h#4",
            "ser-=3",
            "ser-h=2",
            "h#0.5",
        ] {
            assert_eq!(st(s), s);
        }
        for s in [
            "h==2",
            "#=3",
            "h+2",
            "x3",
            "s%2",
            "hep1",
            "h001",
            "h~1",
            "hzd52",
            "ser-hzh83",
            "hc812",
            "ser-!=7",
            "r==3",
            "s+2",
            "h##2",
            "##!2",
            "s##!1",
            "ser-h##!2",
            "ser-!#11",
        ] {
            assert_eq!(st(s), s);
        }
        assert_eq!(parse_stipulation("HZg74").unwrap().goal, Goal::Target(crate::square::Square::parse("g7").unwrap()));
        assert_eq!(parse_stipulation("ser-hzh83").unwrap().moves, 3);
        for s in ["hs#2", "hs#1.5", "exact-hs#3", "hs=2", "hsx2"] {
            assert_eq!(st(s), s);
        }
        assert_eq!(parse_stipulation("HS#3").unwrap().play, Play::HelpSelf);
        assert_eq!(parse_stipulation("ser-hs#2").unwrap_err().fault, Fault::Unsupported);
        assert_eq!(parse_stipulation("hs#0.5").unwrap_err().fault, Fault::BadInput);
        assert_eq!(parse_stipulation("HR#2").unwrap().play, Play::HelpReflex);
        for s in ["hr#2", "hr#1.5", "exact-hr=3", "hrx1"] {
            assert_eq!(st(s), s);
        }
        assert_eq!(parse_stipulation("ser-hr#2").unwrap_err().fault, Fault::Unsupported);
        assert_eq!(parse_stipulation("hr#0.5").unwrap_err().fault, Fault::BadInput);
        for s in ["semi-r#2", "semi-r=1", "ser-r#3", "ser-r=2", "exact-ser-r#2", "ser-rx1"] {
            assert_eq!(st(s), s);
        }
        assert_eq!(parse_stipulation("Semi-R#2").unwrap().play, Play::SemiReflex);
        assert_eq!(parse_stipulation("ser-r#2").unwrap().play, Play::SeriesReflex);
        assert_eq!(parse_stipulation("exact-semi-r#2").unwrap_err().fault, Fault::Unsupported);
        assert_eq!(parse_stipulation("ser-semi-r#2").unwrap_err().fault, Fault::Unsupported);
        for s in ["reci-h#2", "reci-h(=)#3", "reci-h(#)=2", "reci-h#2.5", "exact-reci-h==3"] {
            assert_eq!(st(s), s);
        }
        let s = parse_stipulation("Reci-H(=)#3").unwrap();
        assert_eq!((s.play, s.goal, s.reci, s.moves), (Play::ReciHelp, Goal::Mate, Some(Goal::Stalemate), 3));
        assert_eq!(st("reci-h(#)#2"), "reci-h#2");
        assert_eq!(parse_stipulation("reci-h#2").unwrap().starting_side(), crate::square::Color::Black);
        assert_eq!(parse_stipulation("reci-h#1.5").unwrap().starting_side(), crate::square::Color::White);
        assert_eq!(parse_stipulation("reci-hx2").unwrap_err().fault, Fault::Unsupported);
        assert_eq!(parse_stipulation("reci-h(x)#2").unwrap_err().fault, Fault::Unsupported);
        assert_eq!(parse_stipulation("reci-h(#2").unwrap_err().fault, Fault::BadInput);
        assert_eq!(parse_stipulation("reci-h#0.5").unwrap_err().fault, Fault::BadInput);
        assert_eq!(parse_stipulation("ser-reci-h#2").unwrap_err().fault, Fault::Unsupported);
        // Parry series whose parries are help moves (Popeye's py-engl.txt: `pser-h#6`, `phser-s#6`).
        for s in ["pser-h#6", "pser-h=4", "pser-h~1", "phser-#3", "phser-s#2", "phser-r#2", "phser-007"] {
            assert_eq!(st(s), s);
            assert!(parse_stipulation(s).unwrap().parry, "{s}");
        }
        assert_eq!(parse_stipulation("PSER-H#6").unwrap().play, Play::SeriesHelp);
        assert_eq!(parse_stipulation("phser-s#2").unwrap().play, Play::SeriesSelf);
        for s in ["pser-#2", "pser-s#7", "pser-r#2", "pser-hs#2", "phser-h#2", "pser-hdia10", "phser-dia1", "pser-h#31"]
        {
            assert_eq!(parse_stipulation(s).unwrap_err().fault, Fault::Unsupported, "{s}");
        }
        assert_eq!(st("H#2"), "h#2");
        assert_eq!(st("S#2"), "s#2");
        assert_eq!(st("h# 3"), "h#3");
        let s = parse_stipulation("h#2.5").unwrap();
        assert!(s.half && s.moves == 2 && s.play == Play::Help);
    }

    #[test]
    fn structured_stipulations_that_are_stipula_s_own() {
        // Popeye's BEISPIEL/sford.inp names each shape's plain stipulation in its remarks (`#1`, `#2`, `h#1`,
        // `ser-#4`, `ser-h#1`, `hx2`, `ser-hx2`, `exact-ser-hx2`, `za71`).
        let st = |side, s: &str| parse_structured(side, s).map(|st| (st.to_string(), st.structured.unwrap()));
        let (w, b) = (Color::White, Color::Black);
        for (side, s, plain) in [
            (w, "1a[#]d", "#1"),
            (w, "3a[#]d", "#2"),
            (w, "1a[za7]d", "za71"),
            (w, "3:3a[#]d", "exact-#2"),
            (b, "2hh[#]", "h#1"),
            (b, "4hh[x]", "hx2"),
            (w, "3h[=]h", "h=1.5"),
            (w, "4s[#]", "ser-#4"),
            (b, "1s[1h[#]h]", "ser-h#1"),
            (b, "2s[1a[x]d]", "ser-hx2"),
            (b, "2:2s[1a[x]d]", "exact-ser-hx2"),
            // sford.inp's remarks: `semi-r#2`, `r#2`, `reci-h#2` (both orders), `exact-h#1.5` (`-`: White starts).
            (w, "3a[>1a[#]d]d", "semi-r#2"),
            (w, "3a[>1a[#]d]d{!1a[#]d}", "r#2"),
            (b, "2hh[2hh[#]&1h[#]h]", "reci-h#2"),
            (b, "2hh[1h[#]h&2hh[#]]", "reci-h#2"),
            (b, "2hh[2hh[#]&1h[=]h]", "reci-h(=)#2"),
            (b, "-3:3h[#]h", "exact-h#1.5"),
            // Parry series (py-engl.txt: `black 15h[1a[#]d]?+?h` is `pser-h#8`, `white 7h[#]?+?h` `phser-#4`;
            // EXAMPLES/pseries.inp: `black 13h[1h[#]h]?+?h`, "actually a pser-h#7").
            (b, "13h[1h[#]h]?+?h", "pser-h#7"),
            (b, "15h[1a[#]d]?+?h", "pser-h#8"),
            (w, "7h[#]?+?h", "phser-#4"),
            (w, "13h[00]?+?h", "phser-007"),
            // sford.inp's remark: `s#2 option quodlibet` (its goal `#=`).
            (w, "4a[#=]d[#=]", "s#=2"),
            (w, "2a[#]d[#]", "s#1"),
            // sford.inp's remark: `2->ser-h#3`.
            (w, "2s[3s[1h[#]h]]", "2->ser-h#3"),
            (b, "2s[3s[#]]", "2->ser-#3"),
            (w, "15h[1d[#]a]?+?h", "phser-s#8"),
            // The hidden ends have no plain notation: Popeye's structured one, the side first.
            (b, "6hh[/2da[#]{!+}]", "black 6hh[/2da[#]{!+}]"),
            (b, "4:4hh[/2da[#]{!+}]", "black 4:4hh[/2da[#]{!+}]"),
            (b, "8hh[/1d[x]a{!+}]", "black 8hh[/1d[x]a{!+}]"),
            (b, "-5h[/1d[x]a{!+}]h", "white 5h[/1d[x]a{!+}]h"),
            (w, "7h[/1d[=]a{!+}]h", "white 7h[/1d[=]a{!+}]h"),
        ] {
            assert_eq!(st(side, s), Ok((plain.to_string(), s.to_string())), "{s}");
        }
        for (side, s) in [
            (w, "2a[#]d"),
            (b, "1a[#]d"),
            (w, "2hh[#]"),
            (b, "10:12hh[#]"),
            (b, "4hh[2da[#]]"),
            (w, "3a[#]d|4hh[#]"),
            (w, "1a[!#]d"),
            (w, "15a[a=>b]d"),
            (b, "4s[#]"),
            (w, "x"),
            (w, "6hh[/2da[#]{!+}]"),
            (w, "3hh[=]"),
            (b, "3h[#]h"),
            (b, "3hh[#]"),
            (b, "5hh[/1d[x]a{!+}]"),
            (b, "6hh[/2da[#]]"),
            (w, "3h[>1a[x]d]h{!1a[x]d}"),
            (w, "3a[>1a[#]d]d{!1a[=]d}"),
            (b, "2hh[2hh[x]&1h[x]h]"),
            (b, "4h[=]h[#]"),
            (w, "13h[1h[#]h]?+?h"),
            (b, "7h[#]?+?h"),
            (w, "8h[#]?+?h"),
            (w, "15a[#]?+?d"),
            (b, "2s[3s[1h[#]h]]"),
            (w, "3a[#]d[#]"),
            (b, "4a[#]d[#]"),
            (w, "4a[#]d[=]"),
            (w, "2s[3s[#]]"),
            (w, "2:2s[3s[1h[#]h]]"),
        ] {
            assert_eq!(parse_structured(side, s).unwrap_err().fault, Fault::Unsupported, "{s}");
        }
    }

    #[test]
    fn proof_games_as_popeye_writes_them() {
        // Popeye's py-engl.txt: `dia6.5`, `ser-dia9`, `a=>b n`, `exact-` before them; YACPDB writes `dia9.0`.
        for s in ["dia4", "dia2.5", "exact-dia4", "a=>b2", "a=>b1.5", "ser-dia9", "ser-a=>b12", "dia0.5"] {
            assert_eq!(st(s), s);
        }
        assert_eq!(st("dia 4"), "dia4");
        assert_eq!(st("dia9.0"), "dia9");
        let s = parse_stipulation("dia2.5").unwrap();
        assert_eq!((s.play, s.goal, s.moves, s.half), (Play::Help, Goal::Proof, 2, true));
        assert_eq!(s.starting_side(), crate::square::Color::White);
        let s = parse_stipulation("a=>b2").unwrap();
        assert_eq!((s.play, s.goal), (Play::Help, Goal::AToB));
        assert_eq!(s.starting_side(), crate::square::Color::Black);
        assert_eq!(parse_stipulation("ser-dia9").unwrap().play, Play::SeriesDirect);
        for s in ["hdia4", "sdia4", "ser-hdia4", "ser-sa=>b3"] {
            assert_eq!(parse_stipulation(s).unwrap_err().fault, Fault::Unsupported, "{s}");
        }
        assert_eq!(parse_stipulation("ser-dia4.5").unwrap_err().fault, Fault::BadInput);
        assert_eq!(parse_stipulation("#2.0").unwrap_err().fault, Fault::BadInput);
    }

    #[test]
    fn errors_point_at_the_problem() {
        let e = parse_stipulation("h#x").unwrap_err();
        assert_eq!(e.offset, 2);
        let e = parse_stipulation("hct2").unwrap_err();
        assert!(e.message.contains("not supported"), "{}", e.message);
        assert_eq!(e.fault, Fault::Unsupported, "{}", e.message);
        assert!(parse_stipulation("#2.5").is_err());
        assert!(parse_stipulation("#0").is_err());
        let e = parse_stipulation("hz2").unwrap_err();
        assert_eq!((e.offset, e.fault), (1, Fault::BadInput), "{}", e.message);
        assert_eq!(parse_stipulation("hq2").unwrap_err().fault, Fault::BadInput);
        assert_eq!(parse_stipulation("sdia3").unwrap_err().fault, Fault::Unsupported);
        assert_eq!(parse_stipulation("hka73").unwrap_err().fault, Fault::Unsupported);
        assert!(parse_stipulation("").is_err());
    }
}
