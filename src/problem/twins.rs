//! Twins: Popeye's twinning commands, applied to a diagram one twin after another, and the heading Popeye prints
//! for each twin.

use crate::conditions::ConditionSpec;
use crate::pieces::{Kind, Placed};
use crate::problem::{Problem, Stipulation};
use crate::square::{Color, Square};

/// One change a twin makes (Popeye's twinning commands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TwinChange {
    /// `Move a1 b2`: the piece on a1 goes to b2 (replacing what stood there).
    Move(Square, Square),
    /// `Exchange a1 b2`.
    Exchange(Square, Square),
    /// `Remove a1`.
    Remove(Square),
    /// `Add White Qa1`.
    Add(Placed),
    /// `Substitute R B`: every rook (of either colour) becomes a bishop; with a colour, only that colour's.
    Substitute { color: Option<Color>, from: Kind, to: Kind },
    /// `Rotate 90|180|270` (counter-clockwise, as Popeye).
    Rotate(u16),
    /// `Mirror a1<-->h1` etc.
    Mirror(Mirror),
    /// `Shift a1 a2`: every piece moves by the vector between the squares.
    Shift(Square, Square),
    /// `PolishType`: swap the colours of all pieces.
    PolishType,
    /// `Stipulation …`.
    Stipulation(Stipulation),
    /// `Condition …`: replaces all conditions.
    Conditions(Vec<ConditionSpec>),
}

/// Mirror axes, Popeye's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    /// `a1<-->h1`: files reversed.
    A1H1,
    /// `a1<-->a8`: ranks reversed.
    A1A8,
    /// `a1<-->h8`: reflection in the a1–h8 diagonal.
    A1H8,
    /// `a8<-->h1`: reflection in the a8–h1 diagonal.
    A8H1,
}

/// One twin: changes applied to the original diagram, or to the previous twin when `continued`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twin {
    pub continued: bool,
    pub changes: Vec<TwinChange>,
}

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

/// Applies one change, returning the text of Popeye's twin heading for it (`bSh3-->h4`, `-bSf1`).
pub fn apply(d: &mut Diagram, change: &TwinChange) -> Result<String, String> {
    let at = |d: &Diagram, sq: Square| d.pieces.iter().position(|p| p.square == sq);
    match change {
        TwinChange::Move(a, b) => {
            let i = at(d, *a).ok_or_else(|| format!("the twin moves a piece from the empty square {a}"))?;
            let text = format!("{}-->{b}", piece_name(&d.pieces[i]));
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
            d.pieces.retain(|q| q.square != p.square);
            d.pieces.push(*p);
            Ok(format!("+{}", piece_name(p)))
        }
        TwinChange::Substitute { color, from, to } => {
            for p in d.pieces.iter_mut() {
                if p.kind == *from && color.is_none_or(|c| c == p.color) {
                    p.kind = *to;
                }
            }
            let c = color.map(|c| color_letter(c).to_string()).unwrap_or_default();
            Ok(format!("{c}{}==>{c}{}", from.code(), to.code()))
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
                    Mirror::A1H8 => Square::from_coords(r, f),
                    Mirror::A8H1 => Square::from_coords(7 - r, 7 - f),
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
            let names: Vec<String> = c
                .iter()
                .map(|c| std::iter::once(c.name.clone()).chain(c.options.iter().cloned()).collect::<Vec<_>>().join(" "))
                .collect();
            Ok(names.join(" "))
        }
    }
}

/// Twins to solve: (label, heading, diagram).
pub fn twin_diagrams(p: &Problem) -> Result<Vec<(String, String, Diagram)>, String> {
    let original = Diagram { pieces: p.pieces.clone(), stipulation: p.stipulation.clone(), conditions: p.conditions.clone() };
    if p.twins.is_empty() {
        return Ok(vec![(String::new(), String::new(), original)]);
    }
    let mut out = Vec::new();
    let mut letter = b'a';
    if !p.zero_position {
        out.push(("a)".to_string(), String::new(), original.clone()));
        letter += 1;
    }
    let mut prev = original.clone();
    for t in &p.twins {
        let mut d = if t.continued { prev.clone() } else { original.clone() };
        let mut parts = Vec::new();
        for c in &t.changes {
            parts.push(apply(&mut d, c)?);
        }
        let label = format!("{}{})", if t.continued { "+" } else { "" }, letter as char);
        letter = letter.saturating_add(1);
        out.push((label, parts.join("  "), d.clone()));
        prev = d;
    }
    Ok(out)
}
