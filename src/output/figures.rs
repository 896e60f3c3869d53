//! The orthodox pieces drawn as SVG shapes of stipula's own (a 45 × 45 box each), so that diagrams look the same
//! whatever fonts the reader's machine has; fairy pieces are discs labelled with their code.

use crate::pieces::{Kind, Piece};
use crate::square::Color;

/// One piece's drawing: outlines filled with the piece's colour, and inner lines drawn in the contrasting colour.
struct Shape {
    body: &'static [&'static str],
    detail: &'static [&'static str],
}

const KING: Shape = Shape {
    body: &[
        "M21 5.5h3v3h3v3h-3v4h-3v-4h-3v-3h3z",
        "M22.5 25c1.5-3 2.5-6 0-9.5c-2.5 3.5-1.5 6.5 0 9.5z",
        "M11.5 37c-3-6-6-11-1.5-15.5c4.5-4 10 -1.5 12.5 3.5c2.5-5 8-7.5 12.5-3.5c4.5 4.5 1.5 9.5-1.5 15.5z",
        "M11 37h23v3.5h-23z",
    ],
    detail: &["M12.5 31.5c6-2.5 14-2.5 20 0", "M12 34.5c6.5-2 14.5-2 21 0"],
};

const QUEEN: Shape = Shape {
    body: &[
        "M11 35l-3-19l7.5 11l1-14.5l6 13.5l6-13.5l1 14.5l7.5-11l-3 19z",
        "M11 35h23l0.5 4.5h-24z",
        "M8 14.5a2.3 2.3 0 1 0 0.01 0z",
        "M16.5 10.5a2.3 2.3 0 1 0 0.01 0z",
        "M28.5 10.5a2.3 2.3 0 1 0 0.01 0z",
        "M37 14.5a2.3 2.3 0 1 0 0.01 0z",
        "M22.5 8a2.3 2.3 0 1 0 0.01 0z",
    ],
    detail: &["M12 32c6-1.5 15-1.5 21 0"],
};

const ROOK: Shape = Shape {
    body: &["M11 39.5h23v-3.5h-3.5l-1.5-16l2.5-2.5v-7h-4v3h-3v-3h-4v3h-3v-3h-4v7l2.5 2.5l-1.5 16h-3.5z"],
    detail: &["M16 20h13", "M15 32.5h15"],
};

const BISHOP: Shape = Shape {
    body: &[
        "M22.5 6.5a2.5 2.5 0 1 0 0.01 0z",
        "M22.5 11c-5.5 4-8 9-7 14c0.5 3 2.5 4.5 2.5 4.5h9c0 0 2-1.5 2.5-4.5c1-5-1.5-10-7-14z",
        "M17 29.5h11l0.5 3.5h-12z",
        "M18 33h9l1.5 3.5h-12z",
        "M10 40c3-3 8-3.5 12.5-3.5s9.5 0.5 12.5 3.5v1h-25z",
    ],
    detail: &["M26 15.5l-5 6.5", "M19.5 24.5h6"],
};

const KNIGHT: Shape = Shape {
    body: &[
        "M14 39.5h20c0-10-0.5-19-5-25.5l-1.5-6.5l-3 3.5c-5 0-9.5 3.5-12 8.5l-4.5 7.5c-0.5 2 1 3.5 3 3l5-3.5c2 -0.5 4-2 5.5-4c0.5 6-8 8.5-8 17.5z",
    ],
    detail: &["M16.5 17.5a1 1 0 1 0 0.01 0z", "M27 13.5c2.5 5 3.5 13 3.5 23", "M10 26.5l1-1"],
};

const PAWN: Shape = Shape {
    body: &[
        "M22.5 10a5 5 0 1 0 0.01 0z",
        "M15 36.5c0-6 4.5-10 5-13h5c0.5 3 5 7 5 13z",
        "M18 21.5h9l-1.5 2.5h-6z",
        "M12.5 36.5h20v3.5h-20z",
    ],
    detail: &[],
};

fn shape(kind: Kind) -> Option<&'static Shape> {
    Some(match kind {
        Kind::KING => &KING,
        Kind::QUEEN => &QUEEN,
        Kind::ROOK => &ROOK,
        Kind::BISHOP => &BISHOP,
        Kind::KNIGHT => &KNIGHT,
        Kind::PAWN => &PAWN,
        _ => return None,
    })
}

/// `wK`, `bS`, `wG`, `bLO`: the colour letter and the piece's code (`P` for pawns).
pub fn piece_code(p: Piece) -> String {
    let colour = if p.color == Color::White { "w" } else { "b" };
    let code = if p.kind == Kind::PAWN { "P" } else { p.kind.code() };
    format!("{colour}{code}")
}

/// The drawing of an orthodox piece in the 45 × 45 box, as SVG elements; `None` for a fairy piece.
pub fn figure(p: Piece) -> Option<String> {
    let s = shape(p.kind)?;
    let (fill, ink) = if p.color == Color::White { ("#ffffff", "#000000") } else { ("#000000", "#ffffff") };
    let mut out = format!("<g fill=\"{fill}\" stroke=\"#000000\" stroke-width=\"1.5\" stroke-linejoin=\"round\" stroke-linecap=\"round\">");
    for d in s.body {
        out += &format!("<path d=\"{d}\"/>");
    }
    if !s.detail.is_empty() {
        out += &format!("<g fill=\"none\" stroke=\"{ink}\">");
        for d in s.detail {
            out += &format!("<path d=\"{d}\"/>");
        }
        out += "</g>";
    }
    out += "</g>";
    Some(out)
}

/// A fairy piece in the 45 × 45 box: a disc in the piece's colour labelled with its code.
pub fn disc(p: Piece) -> String {
    let (fill, ink) = if p.color == Color::White { ("#ffffff", "#000000") } else { ("#000000", "#ffffff") };
    let code = p.kind.code();
    let font = if code.len() > 1 { 15 } else { 20 };
    format!(
        "<g><circle cx=\"22.5\" cy=\"22.5\" r=\"16\" fill=\"{fill}\" stroke=\"#000000\" stroke-width=\"1.5\"/><text x=\"22.5\" y=\"{}\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"{font}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{code}</text></g>",
        22.5 + font as f64 / 3.0
    )
}

/// The drawing of any piece in the 45 × 45 box.
pub fn drawing(p: Piece) -> String {
    figure(p).unwrap_or_else(|| disc(p))
}

/// The `<symbol>` of a piece (`id` = [`piece_code`], viewBox 45 × 45), for pages that place pieces with
/// `<use href="#wK">`.
pub fn symbol(p: Piece) -> String {
    format!("<symbol id=\"{}\" viewBox=\"0 0 45 45\">{}</symbol>\n", piece_code(p), drawing(p))
}
