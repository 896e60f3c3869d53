//! Pieces as the statement language and YAML write them: Popeye's English codes glued to squares (`Ke1 Qd1
//! Pb2c3 CAb3`), or English names followed by squares (`knight f7`, `lame alibaba d4 e5`), looked up in the
//! piece registry.

use super::{span, words, Issue, Word};
use crate::pieces::{Attrs, Kind, PieceWord, Placed, ATTRIBUTES};
use crate::square::{Color, Square};
use crate::words::did_you_mean;

/// Splits a token such as `Sf7`, `CAb3c4` or `knightf7` into its prefix and the squares glued to its end.
pub fn split_squares(tok: &str) -> (&str, Vec<Square>) {
    let mut end = tok.len();
    let mut squares = Vec::new();
    while end >= 2 && tok.is_char_boundary(end - 2) {
        match Square::parse(&tok[end - 2..end]) {
            Some(sq) => {
                squares.push(sq);
                end -= 2;
            }
            None => break,
        }
    }
    squares.reverse();
    (&tok[..end], squares)
}

/// The kinds the reader knows, for hints: codes and names.
fn piece_words() -> Vec<&'static str> {
    Kind::all().flat_map(|k| [k.code(), k.name()]).collect()
}

/// A piece kind by English code or English name; a walk of Popeye's stipula lacks is "not supported", any other
/// word unknown (with a hint).
pub fn kind_of(text: &str, offset: usize, len: usize) -> Result<Kind, Issue> {
    match PieceWord::english(text) {
        Some(PieceWord::Kind(k)) => Ok(k),
        Some(PieceWord::NotSupported(w)) => {
            let what = if w.codes[0].eq_ignore_ascii_case(text) {
                w.codes[0].to_string()
            } else {
                format!("{text} ({})", w.codes[0])
            };
            Err(Issue::new(offset, len, format!("not supported: piece {what}")).unsupported())
        }
        None => {
            let words = piece_words();
            Err(Issue::new(offset, len, format!("unknown piece `{text}`"))
                .expected("a piece code such as `K`, `Q`, `S`, `G`, `CA`, `03` or a name such as `knight`")
                .hint_opt(did_you_mean(text, words.iter().copied()).map(|s| format!("did you mean `{s}`?"))))
        }
    }
}

/// An attribute's word (stipula's name or Popeye's in any of its languages, case ignored).
pub fn attribute_word(text: &str) -> Option<Attrs> {
    ATTRIBUTES
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(text) || d.names.iter().any(|n| n.eq_ignore_ascii_case(text)))
        .map(|d| d.attr)
}

/// Parses a list of pieces of one colour: Popeye codes glued to squares (`Ke1 Qd1 Pb2c3 CAb3`) or English
/// names followed by squares (`knight f7`, `lame alibaba d4 e5`), each perhaps after attribute words (`royal
/// Sb1`, `royal knight b1`), which apply to that piece word's squares.
pub fn parse_pieces(s: &str, color: Color) -> Result<Vec<Placed>, Issue> {
    let ws = words(s);
    let mut out = Vec::new();
    let mut name: Vec<Word<'_>> = Vec::new();
    // The kind of the previous word, while further squares may follow (`grasshopper c3 c4`), and its attributes.
    let mut last: Option<(Kind, Attrs)> = None;
    // The attributes written before the piece word being read.
    let mut attrs = Attrs::NONE;
    for w in &ws {
        let (prefix, squares) = split_squares(w.text);
        if squares.is_empty() {
            if let (true, Some(a)) = (name.is_empty(), attribute_word(w.text)) {
                attrs = attrs.union(a);
                last = None;
                continue;
            }
            name.push(*w);
            last = None;
            continue;
        }
        if let (true, true, Some((kind, a))) = (prefix.is_empty(), name.is_empty(), last) {
            out.extend(squares.into_iter().map(|square| Placed { attrs: a, ..Placed::new(color, kind, square) }));
            continue;
        }
        let (kind_text, kind_off, kind_len) = if prefix.is_empty() {
            if name.is_empty() {
                return Err(Issue::new(w.offset, w.text.len(), format!("`{}` has no piece before its square", w.text))
                    .expected("a piece and a square such as `Pe4` or `pawn e4`"));
            }
            let (o, l) = span(&name, 0, name.len());
            (&s[o..o + l], o, l)
        } else {
            if !name.is_empty() {
                let (o, l) = span(&name, 0, name.len());
                return Err(Issue::new(o, l, format!("`{}` is not followed by a square", &s[o..o + l]))
                    .expected("a square such as `e4`"));
            }
            (prefix, w.offset, prefix.len())
        };
        let kind = kind_of(kind_text, kind_off, kind_len)?;
        name.clear();
        last = Some((kind, attrs));
        for sq in squares {
            out.push(Placed { attrs, ..Placed::new(color, kind, sq) });
        }
        attrs = Attrs::NONE;
    }
    if let Some(first) = name.first() {
        let (o, l) = span(&name, 0, name.len());
        let text = &s[o..o + l];
        let issue = match PieceWord::english(text) {
            Some(_) => {
                Issue::new(o, l, format!("`{text}` is not followed by a square")).expected("a square such as `e4`")
            }
            None if first.text.len() >= 2
                && first.text.get(first.text.len() - 2..).and_then(Square::parse).is_none()
                && name.len() == 1 =>
            {
                kind_of(text, o, l)
                    .err()
                    .unwrap_or_else(|| Issue::new(o, l, ""))
                    .expected("a piece and a square such as `Ke1` or `king e1`")
            }
            None => Issue::new(o, l, format!("`{text}` is not a piece on a square"))
                .expected("a piece and a square such as `Ke1` or `king e1`"),
        };
        return Err(issue);
    }
    if !attrs.is_empty() {
        let w = ws.last().expect("an attribute word was read");
        return Err(Issue::new(w.offset, w.text.len(), format!("attribute `{}` without a piece after it", w.text))
            .expected("a piece and a square after the attribute, such as `royal Sb1`"));
    }
    // A neutral piece is placed as White's, whichever colour's list names it.
    for p in &mut out {
        if p.attrs.has(Attrs::NEUTRAL) {
            p.color = Color::White;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::statement::piece_token;
    use crate::problem::Fault;

    #[test]
    fn words_and_squares() {
        let w = words("Ke1, Qd1;Sf7");
        assert_eq!(w.iter().map(|w| (w.text, w.offset)).collect::<Vec<_>>(), [("Ke1", 0), ("Qd1", 5), ("Sf7", 9)]);
        assert_eq!(split_squares("Pb2c3").0, "P");
        assert_eq!(split_squares("Pb2c3").1.len(), 2);
        assert_eq!(split_squares("CAb3").0, "CA");
    }

    #[test]
    fn pieces_by_code_and_name() {
        let p = parse_pieces("Ke1 Qd1 Sf7 N c3 CAb3 03a1 Pb2c3", Color::White).unwrap();
        let t: Vec<String> = p.iter().map(piece_token).collect();
        assert_eq!(t, ["Ke1", "Qd1", "Sf7", "Nc3", "CAb3", "03a1", "Pb2", "Pc3"]);
        let p = parse_pieces("knight f7, grasshopper c3 c4, lame alibaba d4, fers e5", Color::Black).unwrap();
        let t: Vec<String> = p.iter().map(piece_token).collect();
        assert_eq!(t, ["Sf7", "Gc3", "Gc4", "LAd4", "FEe5"]);
        assert_eq!(parse_pieces("XYa1", Color::White).unwrap_err().message, "unknown piece `XY`");
        // Attributes before a piece word, which read back as written.
        let p = parse_pieces("royal Sb1, Qd1, Royal grasshopper c3", Color::White).unwrap();
        let t: Vec<String> = p.iter().map(piece_token).collect();
        assert_eq!(t, ["royal Sb1", "Qd1", "royal Gc3"]);
        assert!(parse_pieces("Sb1 royal", Color::White).is_err());
        assert_eq!(parse_pieces("knigt f7", Color::White).unwrap_err().hint.as_deref(), Some("did you mean `knight`?"));
        assert!(parse_pieces("e4", Color::White).is_err());
        assert!(parse_pieces("Ke1 queen", Color::White).is_err());
        // Popeye's walks that stipula lacks, by code or by name.
        let e = parse_pieces("Ke1 CTa1", Color::White).unwrap_err();
        assert_eq!((e.message.as_str(), e.fault), ("not supported: piece CT", Fault::Unsupported));
        assert_eq!(parse_pieces("gryphon d4", Color::White).unwrap_err().message, "not supported: piece gryphon (GY)");
    }
}
