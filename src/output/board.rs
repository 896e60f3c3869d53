//! Board pictures for teaching: a Unicode diagram for the terminal and a self-contained SVG for slides and web
//! pages, both marking paralysed pieces (the SVG also draws an arrow from each paralyser).

use crate::pieces::Piece;
use crate::position::Position;
use crate::square::{Color, Square};

/// The Unicode chess symbol of an orthodox piece; `None` for fairy pieces.
pub fn glyph(piece: Piece) -> Option<char> {
    let white = ['♔', '♕', '♖', '♗', '♘', '♙'];
    let black = ['♚', '♛', '♜', '♝', '♞', '♟'];
    if !piece.kind.is_orthodox() {
        return None;
    }
    Some(if piece.color == Color::White { white[piece.kind.index()] } else { black[piece.kind.index()] })
}

/// A three-character cell: ` ♜ `, `(♜)` when marked; fairy pieces by their code, upper case for White and
/// lower case for Black (` G `, `(g)`, `CA*`).
fn cell(piece: Option<Piece>, marked: bool) -> String {
    let Some(p) = piece else { return " · ".into() };
    let body = match glyph(p) {
        Some(g) => g.to_string(),
        None if p.color == Color::White => p.kind.code().to_string(),
        None => p.kind.code().to_lowercase(),
    };
    match (body.chars().count(), marked) {
        (1, false) => format!(" {body} "),
        (1, true) => format!("({body})"),
        (_, false) => format!("{body} "),
        (_, true) => format!("{body}*"),
    }
}

/// The diagram in Unicode, rank 8 at the top; pieces on `marked` squares in parentheses.
pub fn unicode(pos: &Position, marked: &[Square]) -> String {
    let files = "    a  b  c  d  e  f  g  h\n";
    let mut s = String::from(files);
    for rank in (0..8u8).rev() {
        s += &format!(" {} ", rank + 1);
        for file in 0..8u8 {
            let sq = Square::from_coords(file, rank);
            s += &cell(pos.piece_at(sq), marked.contains(&sq));
        }
        s += &format!(" {}\n", rank + 1);
    }
    s += files;
    s
}

const SQ: i32 = 45;
const LEFT: i32 = 22;
const TOP: i32 = 8;

fn centre(sq: Square) -> (i32, i32) {
    (LEFT + sq.file() as i32 * SQ + SQ / 2, TOP + (7 - sq.rank() as i32) * SQ + SQ / 2)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A self-contained SVG of the position: squares, coordinates, pieces (stipula's own drawings of the orthodox
/// pieces, labelled discs for fairy pieces), a red frame on each paralysed piece and an arrow from each of its
/// paralysers. `paralyses` holds (paralysed square, paralyser squares). Deterministic for the same input.
pub fn svg(pos: &Position, paralyses: &[(Square, Vec<Square>)], title: &str) -> String {
    let size = 8 * SQ;
    let (w, h) = (LEFT + size + 8, TOP + size + 24);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"{t}\">\n<title>{t}</title>\n",
        t = escape(title)
    );
    s += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#c0392b\"/></marker></defs>\n";
    s += &format!("<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n<g id=\"squares\">\n");
    for sq in Square::all() {
        let (cx, cy) = centre(sq);
        let fill = if sq.is_dark() { "#b58863" } else { "#f0d9b5" };
        s += &format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{SQ}\" height=\"{SQ}\" fill=\"{fill}\"/>\n",
            cx - SQ / 2,
            cy - SQ / 2
        );
    }
    s += &format!("</g>\n<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{size}\" height=\"{size}\" fill=\"none\" stroke=\"#333\" stroke-width=\"1.5\"/>\n");
    s += "<g id=\"coordinates\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"12\" fill=\"#333\" text-anchor=\"middle\">\n";
    for i in 0..8 {
        let x = LEFT + i * SQ + SQ / 2;
        s += &format!("<text x=\"{x}\" y=\"{}\">{}</text>\n", TOP + size + 16, (b'a' + i as u8) as char);
        let y = TOP + (7 - i) * SQ + SQ / 2 + 4;
        s += &format!("<text x=\"{}\" y=\"{y}\">{}</text>\n", LEFT / 2, i + 1);
    }
    s += "</g>\n<g id=\"paralysed\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"3\">\n";
    let mut sorted: Vec<&(Square, Vec<Square>)> = paralyses.iter().collect();
    sorted.sort_by_key(|(sq, _)| *sq);
    for (sq, _) in &sorted {
        let (cx, cy) = centre(*sq);
        s += &format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>paralysed: {sq}</title></rect>\n",
            cx - SQ / 2 + 2,
            cy - SQ / 2 + 2,
            SQ - 4,
            SQ - 4
        );
    }
    s += "</g>\n<g id=\"pieces\">\n";
    for sq in Square::all() {
        let Some(p) = pos.piece_at(sq) else { continue };
        let (cx, cy) = centre(sq);
        let name = format!("{} {} {sq}", p.color.name().to_lowercase(), p.kind.name());
        s += &format!(
            "<g transform=\"translate({} {})\"><title>{name}</title>{}</g>\n",
            cx - SQ / 2,
            cy - SQ / 2,
            super::figures::drawing(p)
        );
    }
    s += "</g>\n<g id=\"paralysers\" stroke=\"#c0392b\" stroke-width=\"2.5\" stroke-opacity=\"0.85\" marker-end=\"url(#arrow)\">\n";
    for (sq, by) in &sorted {
        let mut by = by.clone();
        by.sort();
        for b in by {
            let (x1, y1) = centre(b);
            let (x2, y2) = centre(*sq);
            // Shorten the arrow so that it starts and ends at the pieces' edges.
            let (dx, dy) = ((x2 - x1) as f64, (y2 - y1) as f64);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let cut = 15.0 / len;
            let (sx, sy) = (x1 as f64 + dx * cut, y1 as f64 + dy * cut);
            let (ex, ey) = (x2 as f64 - dx * cut, y2 as f64 - dy * cut);
            s += &format!("<line x1=\"{sx:.1}\" y1=\"{sy:.1}\" x2=\"{ex:.1}\" y2=\"{ey:.1}\"><title>{b} paralyses {sq}</title></line>\n");
        }
    }
    s += "</g>\n</svg>\n";
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::madrasi::tests::{setup, sq};

    #[test]
    fn unicode_marks_and_fairy_codes() {
        let (_, pos) = setup("4k3/1G6/2P5/8/8/5g2/8/4K3 w - - 0 1", &[]);
        let u = unicode(&pos, &[sq("b7")]);
        assert!(u.contains("(G)"), "{u}");
        assert!(u.contains(" g "));
        assert!(u.contains(" ♚ ") && u.contains(" ♔ ") && u.contains(" ♙ "));
        assert_eq!(u.lines().count(), 10);
    }

    #[test]
    fn svg_is_balanced_and_deterministic() {
        let (_, pos) = setup("2kn4/1p1p1N2/8/2R3r1/7r/1P1p4/2P2NR1/B2b1K2 w - - 0 1", &["Madrasi"]);
        let para = vec![(sq("c5"), vec![sq("g5")]), (sq("g5"), vec![sq("g2"), sq("c5")])];
        let a = svg(&pos, &para, "Madrasi & co");
        let b = svg(&pos, &para, "Madrasi & co");
        assert_eq!(a, b);
        assert!(a.starts_with("<svg ") && a.trim_end().ends_with("</svg>"));
        assert_eq!(a.matches("<g").count(), a.matches("</g>").count());
        assert_eq!(a.matches("<line").count(), 3);
        assert!(a.contains("Madrasi &amp; co"));
    }
}
