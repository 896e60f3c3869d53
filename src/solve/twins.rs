//! Twins: applying Popeye's twinning commands to a diagram, and the heading Popeye prints for each twin.

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

/// Applies one change, returning the text of Popeye's twin heading for it (`bSh3-->h4`, `-bSf1`).
pub fn apply(d: &mut Diagram, change: &TwinChange) -> Result<String, String> {
    let at = |d: &Diagram, sq: Square| d.pieces.iter().position(|p| p.square == sq);
    match change {
        TwinChange::Move(a, b) => {
            let i = at(d, *a).ok_or_else(|| format!("the twin moves a piece from the empty square {a}"))?;
            if a == b {
                // The readers refuse it; Popeye would remove the piece (`-wQd1 .d1-->d1`).
                return Err(format!("the twin moves the piece on {a} to its own square"));
            }
            let text = format!("{}-->{b}", piece_name(&d.pieces[i]));
            // What stood on the target square is replaced (a != b: the moving piece stays).
            d.pieces.retain(|p| p.square != *b);
            for p in d.pieces.iter_mut().filter(|p| p.square == *a) {
                p.square = *b;
            }
            Ok(text)
        }
        TwinChange::Exchange(a, b) => {
            let i = at(d, *a).ok_or_else(|| format!("the twin exchanges the empty square {a}"))?;
            let j = at(d, *b).ok_or_else(|| format!("the twin exchanges the empty square {b}"))?;
            if i == j {
                return Err(format!("the twin exchanges the square {a} with itself"));
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::Kind;
    use crate::problem::{Goal, Play};

    fn diagram() -> Diagram {
        let sq = |s: &str| Square::parse(s).unwrap();
        let placed = |color, kind, s| Placed { color, kind, square: sq(s) };
        Diagram {
            pieces: vec![placed(Color::White, Kind::KING, "b6"), placed(Color::White, Kind::QUEEN, "d1"), placed(Color::Black, Kind::KING, "b8")],
            stipulation: Stipulation { play: Play::Direct, goal: Goal::Mate, moves: 2, half: false, exact: false, intro: 0 },
            conditions: Vec::new(),
        }
    }

    /// The readers refuse these twins; `apply` refuses them too rather than panicking.
    #[test]
    fn a_change_onto_its_own_square_is_an_error() {
        let d1 = Square::parse("d1").unwrap();
        for change in [TwinChange::Move(d1, d1), TwinChange::Exchange(d1, d1)] {
            let mut d = diagram();
            assert!(apply(&mut d, &change).is_err(), "{change:?}");
        }
        let mut d = diagram();
        assert_eq!(apply(&mut d, &TwinChange::Move(d1, Square::parse("b8").unwrap())).unwrap(), "wQd1-->b8");
        assert_eq!(d.pieces.len(), 2, "the piece on the target square is replaced");
    }
}
