//! Twins: applying Popeye's twinning commands to a diagram, and the heading Popeye prints for each twin.

use crate::output::notation::condition_text;
use crate::problem::{ConditionSpec, Mirror, Placed, Stipulation, TwinChange};
use crate::square::{Color, Square};

/// The parts of a problem a twin may change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub pieces: Vec<Placed>,
    pub stipulation: Stipulation,
    pub conditions: Vec<ConditionSpec>,
}

fn color_letter(c: Color) -> char {
    match c {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

fn piece_name(p: &Placed) -> String {
    format!("{}{}{}", color_letter(p.color), p.kind.code(), p.square)
}

fn map_squares(d: &mut Diagram, f: impl Fn(Square) -> Option<Square>) -> Result<(), String> {
    let mut moved = Vec::new();
    for p in &d.pieces {
        match f(p.square) {
            Some(sq) => moved.push(Placed { square: sq, ..*p }),
            None => return Err(format!("the twin moves the piece on {} off the board", p.square)),
        }
    }
    d.pieces = moved;
    Ok(())
}

/// Applies a twin's changes in order, returning its heading as Popeye prints it (the changes' texts, two spaces
/// apart; a new stipulation as `stipulation` writes it).
pub fn apply_twin(d: &mut Diagram, changes: &[TwinChange], stipulation: impl Fn(&Stipulation) -> String) -> Result<String, String> {
    let mut parts: Vec<String> = Vec::new();
    let mut exchanges = Vec::new();
    for (k, c) in changes.iter().enumerate() {
        if let TwinChange::Exchange(a, b) = c {
            let colour = |sq: Square| d.pieces.iter().find(|p| p.square == sq).map(|p| p.color);
            exchanges.push((k, *a, *b, colour(*a), colour(*b)));
        }
        let mut text = apply(d, c)?;
        if let TwinChange::Stipulation(st) = c {
            text = stipulation(st);
        }
        // A piece added where this twin removed one replaces it: Popeye names neither the removal nor a `+`.
        if let TwinChange::Add(a) = c {
            if let Some(i) = changes[..k].iter().position(|e| *e == TwinChange::Remove(a.square)) {
                parts[i].clear();
                text = text.trim_start_matches('+').to_string();
            }
        }
        parts.push(text);
    }
    // Popeye writes each condition change as the conditions the twin ends with (`Twin Condition Isardam TypeB
    // Condition Isardam` is headed `Isardam  Isardam`).
    for (k, c) in changes.iter().enumerate() {
        if let TwinChange::Conditions(_) = c {
            parts[k] = d.conditions.iter().map(condition_text).collect::<Vec<_>>().join(" ");
        }
    }
    // Popeye writes an exchange with the colours its pieces had and the kinds standing on the two squares once
    // the whole twin is applied (a later change in the same twin shows: `b.d1<-->bPe2  -wKd4  bKe2-->d4`).
    for (k, a, b, ca, cb) in exchanges {
        // An empty square's "kind" is Popeye's `.`.
        let kind = |sq: Square| d.pieces.iter().find(|p| p.square == sq).map_or(".", |p| p.kind.code());
        if let (Some(ca), Some(cb)) = (ca, cb) {
            parts[k] = format!("{}{}{a}<-->{}{}{b}", color_letter(ca), kind(b), color_letter(cb), kind(a));
        }
    }
    parts.retain(|p| !p.is_empty());
    Ok(parts.join("  "))
}

/// Applies one change, returning the text of Popeye's twin heading for it (`bSh3-->h4`, `-bSf1`).
fn apply(d: &mut Diagram, change: &TwinChange) -> Result<String, String> {
    let at = |d: &Diagram, sq: Square| d.pieces.iter().position(|p| p.square == sq);
    match change {
        TwinChange::Move(a, b) => {
            let i = at(d, *a).ok_or_else(|| format!("the twin moves a piece from the empty square {a}"))?;
            if a == b {
                // Popeye removes the piece (`-wRd1  .d1-->d1`): refused as the slip it must be.
                return Err(format!("the twin moves the piece on {a} to its own square"));
            }
            // Popeye lists the piece the move removes first: `-wBd2  wRd1-->d2`.
            let removed = at(d, *b).filter(|_| a != b).map(|j| format!("-{}  ", piece_name(&d.pieces[j]))).unwrap_or_default();
            let text = format!("{removed}{}-->{b}", piece_name(&d.pieces[i]));
            d.pieces.retain(|p| p.square != *b);
            let i = at(d, *a).expect("still there");
            d.pieces[i].square = *b;
            Ok(text)
        }
        TwinChange::Exchange(a, b) => {
            let i = at(d, *a).ok_or_else(|| format!("the twin exchanges the empty square {a}"))?;
            let j = at(d, *b).ok_or_else(|| format!("the twin exchanges the empty square {b}"))?;
            let text = format!("{}<-->{}", piece_name(&d.pieces[i]), piece_name(&d.pieces[j]));
            d.pieces[i].square = *b;
            d.pieces[j].square = *a;
            Ok(text)
        }
        TwinChange::Remove(a) => {
            let i = at(d, *a).ok_or_else(|| format!("the twin removes a piece from the empty square {a}"))?;
            let text = format!("-{}", piece_name(&d.pieces[i]));
            d.pieces.remove(i);
            Ok(text)
        }
        TwinChange::Add(p) => {
            // A piece that replaces another has no `+` (Popeye), and the replaced one is not named.
            let plus = if at(d, p.square).is_some() { "" } else { "+" };
            d.pieces.retain(|q| q.square != p.square);
            d.pieces.push(*p);
            Ok(format!("{plus}{}", piece_name(p)))
        }
        TwinChange::Substitute { color, from, to } => {
            for p in d.pieces.iter_mut() {
                if p.kind == *from && color.is_none_or(|c| c == p.color) {
                    p.kind = *to;
                }
            }
            let c = color.map(|c| color_letter(c).to_string()).unwrap_or_default();
            Ok(format!("{c}{} ==> {c}{}", from.code(), to.code()))
        }
        TwinChange::Rotate(deg) => {
            let deg = *deg;
            map_squares(d, |s| {
                let (f, r) = (s.file(), s.rank());
                Some(match deg % 360 {
                    90 => Square::from_coords(7 - r, f),
                    180 => Square::from_coords(7 - f, 7 - r),
                    270 => Square::from_coords(r, 7 - f),
                    _ => s,
                })
            })?;
            Ok(format!("rotate {deg}"))
        }
        TwinChange::Mirror(m) => {
            let m = *m;
            map_squares(d, |s| {
                let (f, r) = (s.file(), s.rank());
                Some(match m {
                    Mirror::A1H1 => Square::from_coords(7 - f, r),
                    Mirror::A1A8 => Square::from_coords(f, 7 - r),
                    // Popeye names the square a1 (or a8) goes to, not the mirror line (py-engl.txt, Twin).
                    Mirror::A1H8 => Square::from_coords(7 - r, 7 - f),
                    Mirror::A8H1 => Square::from_coords(r, f),
                })
            })?;
            let name = match m {
                Mirror::A1H1 => "a1<-->h1",
                Mirror::A1A8 => "a1<-->a8",
                Mirror::A1H8 => "a1<-->h8",
                Mirror::A8H1 => "a8<-->h1",
            };
            Ok(format!("mirror {name}"))
        }
        TwinChange::Shift(a, b) => {
            let (df, dr) = (b.file() as i8 - a.file() as i8, b.rank() as i8 - a.rank() as i8);
            map_squares(d, |s| s.offset(df, dr))?;
            Ok(format!("shift {a} ==> {b}"))
        }
        TwinChange::PolishType => {
            for p in d.pieces.iter_mut() {
                p.color = p.color.opposite();
            }
            Ok("PolishType".into())
        }
        TwinChange::Stipulation(s) => {
            d.stipulation = s.clone();
            Ok(s.to_string())
        }
        TwinChange::Conditions(c) => {
            d.conditions = c.clone();
            let names: Vec<String> = c.iter().map(condition_text).collect();
            Ok(names.join(" "))
        }
    }
}
