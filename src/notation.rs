//! Popeye's move notation, written and read: long algebraic `Sf1-e3`, `g2*f3`, `e7-e8=Q`, `0-0-0`,
//! `e5*d6 ep.`, `Lc3*d4-e5` (locust: departure*captured-arrival), then ` +` for check or the goal symbol.

use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::pieces::{Attrs, Kind, Piece};
use crate::position::Position;
use crate::square::Square;
use crate::words::{in_lang, Lang, Names};

/// The letters of a kind in Popeye's English output (`S`, `CA`; the pawn has none).
pub fn piece_letters(kind: Kind) -> &'static str {
    piece_letters_in(kind, Lang::English)
}

/// [`piece_letters`] in Popeye's `lang` (German `D` for the queen).
pub fn piece_letters_in(kind: Kind, lang: Lang) -> &'static str {
    if kind == Kind::PAWN {
        ""
    } else {
        kind.def().code_in(lang)
    }
}

/// The move as Popeye writes it, without check or goal marks.
pub fn move_text(pos: &Position, mv: Move) -> String {
    match mv.special {
        Special::CastleShort | Special::CastleLong => write_move(Piece { kind: Kind::KING, color: pos.side() }, mv),
        _ => {
            let piece = pos.piece_at(mv.from).expect("a move starts on an occupied square");
            // A neutral piece's `n` (Popeye's WriteSpec), as the solutions write it.
            let neutral = Attrs(pos.attrs_at(mv.from).0 & Attrs::NEUTRAL.0);
            write_move_attrs_in(piece, neutral, mv, Lang::English)
        }
    }
}

/// `piece`'s move `mv` as Popeye writes it, without check or goal marks.
pub fn write_move(piece: Piece, mv: Move) -> String {
    write_move_in(piece, mv, Lang::English)
}

/// [`write_move`] with the piece codes of Popeye's `lang` (German `Dd1-h5`, French `Fc1*g5`); the Madness of
/// Kings' colour mark is the first letter of the colour's word in `lang` (German `sKd5-f3`).
pub fn write_move_in(piece: Piece, mv: Move, lang: Lang) -> String {
    write_move_attrs_in(piece, Attrs::NONE, mv, lang)
}

/// [`write_move_in`] of a piece with attributes, which Popeye writes before it, the pawn's letter then too
/// (`rBh8*e5`, `rPe2-e4`: its WriteSpec).
pub fn write_move_attrs_in(piece: Piece, attrs: Attrs, mv: Move, lang: Lang) -> String {
    // A royal walk (the sting) is written as a king is, without the royal prefix.
    let attrs = if piece.kind.is_royal_walk() { Attrs(attrs.0 & !Attrs::ROYAL.0) } else { attrs };
    let letters = |kind: Kind| piece_letters_in(kind, lang);
    match mv.special {
        Special::CastleShort => return "0-0".into(),
        Special::CastleLong => return "0-0-0".into(),
        _ => {}
    }
    // Messigny's exchange: both pieces by their letters, a pawn's too, the partner's as the mover's (Popeye
    // `Ra8<->Rg5`, `Pb2<->Pb6`).
    if mv.special == Special::Exchange {
        let code = piece.kind.def().code_in(lang);
        let prefix = if attrs.is_empty() { String::new() } else { attrs.prefix_in(lang) };
        return format!("{prefix}{code}{}<->{code}{}", mv.from, mv.to);
    }
    let mut s = String::new();
    if mv.special == Special::Insane {
        // Madness of Kings: the mover moves the opponent's king; mark whose king it is.
        let colour: Names = if piece.color == crate::square::Color::White { ["w", "w", "b"] } else { ["b", "s", "n"] };
        s += in_lang(&colour, lang);
    }
    if attrs.is_empty() {
        s += letters(piece.kind);
    } else {
        s += &attrs.prefix_in(lang);
        s += piece.kind.def().code_in(lang);
    }
    s += &mv.from.to_string();
    // The Mars Circe family: the piece moves from another square first (Popeye `Qd4-d1*f3`, `Rh3-h1-a1`).
    if let Some(v) = mv.via() {
        s.push('-');
        s += &v.to_string();
    }
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
        // A pawn's promotee keeps its attributes, written so (`nPb7-b8=nQ`, `cPd7-d8=cQ`).
        if !attrs.is_empty() {
            s += &attrs.prefix_in(lang);
        }
        s += letters(k);
    }
    // A capture en passant that goes on to the captured pawn's square (Take&Make) is written as a plain capture
    // there, as Popeye writes it (`e5*d5`).
    if mv.special == Special::EnPassant && mv.capture() != Some(mv.to) {
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

/// A move as a problemist wrote it, not yet matched against a position's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// The piece letters as written (empty for a pawn).
    pub letters: String,
    pub from: Square,
    pub to: Square,
    /// A locust's captured square (`Lc3*d4-e5`).
    pub captured: Option<Square>,
    pub promotion: Option<Kind>,
    /// Messigny's exchange (`Ra8<->Rg5`).
    pub exchange: bool,
}

impl WrittenMove {
    /// Whether the letters the user wrote name `kind` (Popeye's English code, or the FEN letter: `N` for a knight
    /// when no nightrider is meant).
    pub fn names(&self, kind: Kind) -> bool {
        let letters = self.letters.as_str();
        if letters.is_empty() {
            // `c5g5`: no letters at all names whatever stands there (a pawn in Popeye notation).
            return true;
        }
        kind.code().eq_ignore_ascii_case(letters)
            || (kind
                .def()
                .fen
                .is_some_and(|c| letters.len() == 1 && c.eq_ignore_ascii_case(&letters.chars().next().unwrap_or(' '))))
            || (kind == Kind::PAWN && letters.eq_ignore_ascii_case("P"))
    }

    /// Whether `m` is this move (its captured square and promotion where written).
    pub fn matches(&self, m: &Move) -> bool {
        m.from == self.from
            && m.to == self.to
            && self.captured.is_none_or(|c| m.capture() == Some(c))
            && self.promotion.is_none_or(|k| m.promotion() == Some(k))
            && self.exchange == (m.special == Special::Exchange)
    }
}

/// Parses a move in Popeye notation (`Rc5-g5`, `Rc5*g5`, `Rc5xg5`, `Rc5×g5`, `c5g5`, `e7-e8=Q`,
/// `Lc3*d4-e5`, `Ra8<->Rg5`, `0-0`), marks such as `+`, `#`, `!`, `?` and `ep.` ignored. Castling is returned as the
/// king's move.
pub fn parse_move(pos: &Position, text: &str) -> Result<WrittenMove, String> {
    let bad = || {
        format!(
            "cannot read the move `{text}` (expected Popeye notation such as `Rc5-g5`, `Rc5*g5`, `e7-e8=Q` or `0-0`)"
        )
    };
    let mut t: String = text.trim().replace("ep.", "").replace('×', "*").replace(' ', "");
    while t.ends_with(['+', '#', '!', '?']) {
        t.pop();
    }
    let castle = t.replace(['O', 'o'], "0");
    if castle == "0-0" || castle == "0-0-0" {
        let king = pos.king(pos.side()).ok_or_else(bad)?;
        let rank = king.rank();
        let file = if castle == "0-0" { 6 } else { 2 };
        return Ok(WrittenMove {
            letters: "K".into(),
            from: king,
            to: Square::from_coords(file, rank),
            captured: None,
            promotion: None,
            exchange: false,
        });
    }
    let chars: Vec<char> = t.chars().collect();
    // A neutral piece's `n` before its letter (`nRa1-a8`).
    let mut i = usize::from(chars.len() > 1 && chars[0] == 'n' && chars[1].is_ascii_uppercase());
    let mut letters = String::new();
    // Piece letters: upper-case letters, or digits of a code such as `03`, before the first square.
    while i < chars.len()
        && !(i + 1 < chars.len() && ('a'..='h').contains(&chars[i]) && ('1'..='8').contains(&chars[i + 1]))
    {
        letters.push(chars[i]);
        i += 1;
        if letters.len() > 2 {
            return Err(bad());
        }
    }
    let square = |i: &mut usize| -> Option<Square> {
        if *i + 1 < chars.len() {
            let s: String = chars[*i..*i + 2].iter().collect();
            if let Some(sq) = Square::parse(&s) {
                *i += 2;
                return Some(sq);
            }
        }
        None
    };
    let from = square(&mut i).ok_or_else(bad)?;
    // Messigny's exchange: `Ra8<->Rg5`, the partner's letters before its square.
    if chars[i..].starts_with(&['<', '-', '>']) {
        i += 3;
        while i < chars.len() && !('a'..='h').contains(&chars[i]) {
            i += 1;
        }
        let to = square(&mut i).ok_or_else(bad)?;
        if i != chars.len() {
            return Err(bad());
        }
        return Ok(WrittenMove { letters, from, to, captured: None, promotion: None, exchange: true });
    }
    if i < chars.len() && matches!(chars[i], '-' | '*' | 'x' | 'X' | ':') {
        i += 1;
    }
    let mut to = square(&mut i).ok_or_else(bad)?;
    let mut captured = None;
    if i < chars.len() && chars[i] == '-' {
        // Locust: departure*captured-arrival.
        i += 1;
        captured = Some(to);
        to = square(&mut i).ok_or_else(bad)?;
    }
    let mut promotion = None;
    if i < chars.len() && chars[i] == '=' {
        i += 1;
    }
    if i < chars.len() {
        let code: String = chars[i..].iter().collect();
        let kind = Kind::from_code(&code)
            .or_else(|| {
                (code.chars().count() == 1).then(|| Kind::from_fen_letter(code.chars().next().unwrap_or(' '))).flatten()
            })
            .ok_or_else(bad)?;
        promotion = Some(kind);
        i = chars.len();
    }
    if i != chars.len() {
        return Err(bad());
    }
    Ok(WrittenMove { letters, from, to, captured, promotion, exchange: false })
}
