//! Move notation in Popeye's long algebraic style: `Sf1-e3`, `g2*f3`, `e7-e8=Q`, `0-0-0`, `e5*d6 ep.`,
//! `Lc3*d4-e5` (locust: departure*captured-arrival), then ` +` for check or the goal symbol.

use crate::moves::{Move, Special};
use crate::movegen::Rules;
use crate::pieces::Kind;
use crate::position::Position;
use crate::problem::ConditionSpec;

/// The letters of a kind in Popeye's English output (`S`, `CA`; the pawn has none).
pub fn piece_letters(kind: Kind) -> &'static str {
    if kind == Kind::PAWN {
        ""
    } else {
        kind.code()
    }
}

/// The move as Popeye writes it, without check or goal marks.
pub fn move_text(pos: &Position, mv: Move) -> String {
    match mv.special {
        Special::CastleShort => return "0-0".into(),
        Special::CastleLong => return "0-0-0".into(),
        _ => {}
    }
    let piece = pos.piece_at(mv.from).expect("a move starts on an occupied square");
    let mut s = String::new();
    if mv.special == Special::Insane {
        // Madness of Kings: the mover moves the opponent's king; mark whose king it is.
        s.push(if piece.color == crate::square::Color::White { 'w' } else { 'b' });
    }
    s += piece_letters(piece.kind);
    s += &mv.from.to_string();
    match mv.capture() {
        Some(c) if c == mv.to => {
            s.push('*');
            s += &mv.to.to_string();
        }
        Some(c) if mv.special == Special::EnPassant => {
            let _ = c;
            s.push('*');
            s += &mv.to.to_string();
        }
        Some(c) => {
            s.push('*');
            s += &c.to_string();
            s.push('-');
            s += &mv.to.to_string();
        }
        None => {
            s.push('-');
            s += &mv.to.to_string();
        }
    }
    if let Some(k) = mv.promotion() {
        s.push('=');
        s += piece_letters(k);
    }
    if mv.special == Special::EnPassant {
        s += " ep.";
    }
    s
}

/// The move with ` +` when it gives check.
pub fn move_text_checked(rules: &Rules, pos: &Position, mv: Move, after: &Position) -> String {
    let mut s = move_text(pos, mv);
    if rules.in_check(after, after.side()) {
        s += " +";
    }
    s
}

/// A condition as Popeye writes it under the stipulation and in a twin's heading (`EiffelChess`, `Madrasi
/// RexInclusive`, `Isardam    TypeB`: Popeye's `output/plaintext/condition.c`); conditions Popeye lacks as
/// stipula names them.
pub fn condition_text(c: &ConditionSpec) -> String {
    let has = |o: &str| c.options.iter().any(|x| x == o);
    match c.name.as_str() {
        "Eiffel" => "EiffelChess".into(),
        "Madrasi" if has("RexInclusive") => "Madrasi RexInclusive".into(),
        "Isardam" => {
            let mut s = String::from("Isardam");
            if has("TypeB") {
                s += "    TypeB";
            }
            if has("RexInclusive") {
                s += " RexInclusive";
            }
            s
        }
        _ => std::iter::once(c.name.clone()).chain(c.options.iter().cloned()).collect::<Vec<_>>().join(" "),
    }
}
