//! One move as problemists write it, read without a position: long algebraic (`Sf4-d3`, `Sf4*d3`, Popeye's
//! locust `Lc3*d4-e5`), short algebraic (`Nxd3`, `Nfxd3`, `exd5`), figurines (`♘xd3`), piece letters of any
//! language (which letters name which piece is decided against the position, [`kinds_named`]), captures as `x`,
//! `*`, `:` or `×`, promotions as `=Q`, `Q`, `(Q)` or `/Q`, castling as `0-0` or `O-O`, and `~` for "any move".
//! Check, mate and goal marks, `!` and `?`, and `ep.` are split off by [`split_marks`].

use crate::pieces::Kind;
use crate::square::{Color, Square};
use crate::words::Lang;

/// How the moving (or promoted) piece is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceMark {
    /// No letter: a pawn.
    Pawn,
    /// A figurine (`♘`, `♞`): the kind, whatever its colour.
    Figurine(Kind),
    /// Upper-case letters or digits (`S`, `N`, `D`, `CA`): their meaning depends on the language.
    Letters(String),
}

/// A written move, not yet matched against a position's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// `0-0` (short) or `0-0-0` (long).
    Castle {
        long: bool,
    },
    /// `~`, `S~`, `Sd4~`: any move (of that piece).
    Any {
        piece: Option<PieceMark>,
        from: Option<Square>,
    },
    Move(Stated),
}

/// A written move with its arrival square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stated {
    /// Popeye's colour prefix (`wKe1-e2` in Madness of Kings, `n` for neutral), if written.
    pub color: Option<Color>,
    pub piece: PieceMark,
    /// The departure file (0 = a) and rank (0 = first), where written.
    pub from_file: Option<u8>,
    pub from_rank: Option<u8>,
    /// Written as a capture (`x`, `*`, `:`, `×`).
    pub capture: bool,
    pub to: Square,
    /// A locust's captured square (`Lc3*d4-e5`: captured on d4, arriving on e5).
    pub locust: Option<Square>,
    pub promotion: Option<PieceMark>,
    /// Messigny's exchange (`Ra8<->Rg5`: the piece on a8 with the enemy piece on g5).
    pub exchange: bool,
}

/// What a move token is marked with besides the move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// `!` (a key, or a refutation in tries).
    pub good: bool,
    /// `?` (a try).
    pub bad: bool,
}

/// Whether the character is a mark that can follow a move: check, mate, goal, `!`, `?`.
pub fn is_mark_char(c: char) -> bool {
    matches!(c, '+' | '#' | '!' | '?' | '‡' | '†' | '=' | '%' | '□' | '⊕')
}

/// Whether a whole token is marks only: `+`, `#`, `!`, `?!`, `==`, `ep.`, or a Popeye goal symbol (`x`, `z`,
/// `ctr`, `##!`, `!=`).
pub fn is_marks(tok: &str) -> bool {
    matches!(tok, "ep." | "e.p." | "ep" | "x" | "z" | "ctr" | "c81" | "dia" | "a=>b" | "!=" | "k")
        || (!tok.is_empty() && tok.chars().all(is_mark_char))
}

/// Splits the marks off the end of a move token: `Nxd3!` → (`Nxd3`, good), `Qg6#?` → (`Qg6`, bad),
/// `e5xd6e.p.` → `e5xd6`. A final `=` after a square is a stalemate mark, not a promotion.
pub fn split_marks(tok: &str) -> (&str, Marks) {
    let mut marks = Marks::default();
    let mut t = tok;
    loop {
        let before = t;
        for ep in ["e.p.", "ep.", "ep"] {
            if let Some(s) = t.strip_suffix(ep) {
                if s.ends_with(|c: char| c.is_ascii_digit()) {
                    t = s;
                }
            }
        }
        while let Some(c) = t.chars().next_back() {
            if !is_mark_char(c) {
                break;
            }
            // `e8=` is not a move; `Qg6=` is stalemate: the `=` goes when a square precedes it.
            let s = &t[..t.len() - c.len_utf8()];
            if c == '=' && !s.ends_with(|d: char| d.is_ascii_digit() || is_mark_char(d)) {
                break;
            }
            match c {
                '!' => marks.good = true,
                '?' => marks.bad = true,
                _ => {}
            }
            t = s;
        }
        if t == before {
            return (t, marks);
        }
    }
}

/// The kind a figurine stands for (white and black figurines alike).
pub fn figurine(c: char) -> Option<Kind> {
    Some(match c {
        '♔' | '♚' => Kind::KING,
        '♕' | '♛' => Kind::QUEEN,
        '♖' | '♜' => Kind::ROOK,
        '♗' | '♝' => Kind::BISHOP,
        '♘' | '♞' => Kind::KNIGHT,
        '♙' | '♟' => Kind::PAWN,
        _ => return None,
    })
}

/// The kinds piece letters name in `lang`: Popeye's codes of that language (`S`, German `D`, French `C`), and
/// in English `N` for the knight as well (short algebraic). Empty when the letters name no kind stipula has.
pub fn kinds_named(mark: &PieceMark, lang: Lang) -> Vec<Kind> {
    let mut out = kinds_coded(mark, lang);
    if lang == Lang::English && matches!(mark, PieceMark::Letters(l) if l == "N") && !out.contains(&Kind::KNIGHT) {
        out.push(Kind::KNIGHT);
    }
    out
}

/// The kinds piece letters name as Popeye's codes of `lang` only (`N` the nightrider, not the knight).
pub fn kinds_coded(mark: &PieceMark, lang: Lang) -> Vec<Kind> {
    match mark {
        PieceMark::Pawn => vec![Kind::PAWN],
        PieceMark::Figurine(k) => vec![*k],
        PieceMark::Letters(l) => {
            let out: Vec<Kind> = Kind::all()
                .filter(|k| {
                    let d = k.def();
                    let code = if d.popeye { d.code_in(lang) } else { d.code };
                    code.eq_ignore_ascii_case(l)
                })
                .collect();
            out
        }
    }
}

fn file_of(c: char) -> Option<u8> {
    ('a'..='h').contains(&c).then(|| c as u8 - b'a')
}

fn rank_of(c: char) -> Option<u8> {
    ('1'..='8').contains(&c).then(|| c as u8 - b'1')
}

/// A promotion piece: `Q`, `CA`, `♕`.
fn read_piece(s: &str) -> Option<PieceMark> {
    let mut cs = s.chars();
    let first = cs.next()?;
    if let Some(k) = figurine(first) {
        return cs.next().is_none().then_some(PieceMark::Figurine(k));
    }
    (s.len() <= 3 && first.is_ascii_uppercase() && s.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()))
        .then(|| PieceMark::Letters(s.to_string()))
}

/// Reads one move token, its move number and marks already split off. `None` when the token is not a move.
pub fn read_written(tok: &str) -> Option<Written> {
    let castle: String = tok.chars().map(|c| if matches!(c, 'O' | 'o') { '0' } else { c }).collect();
    match castle.as_str() {
        "0-0" | "00" => return Some(Written::Castle { long: false }),
        "0-0-0" | "000" => return Some(Written::Castle { long: true }),
        _ => {}
    }
    let chars: Vec<char> = tok.chars().collect();
    let mut i = 0;
    // A colour prefix of Popeye's (`wKe1-e2`, `nSe4-c3`): lower case before a piece letter.
    let mut color = None;
    if chars.len() > 1
        && matches!(chars[0], 'w' | 'b' | 'n')
        && (chars[1].is_ascii_uppercase() || figurine(chars[1]).is_some())
    {
        color = match chars[0] {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        };
        i = 1;
    }
    // The letters of the piece's attributes (`rBh8*e5`, German `kCAa1-b4`: Popeye's WriteSpec), skipped: the
    // piece on the square has them.
    let lower = chars[i..].iter().take_while(|c| c.is_ascii_lowercase()).count();
    if lower > 0 && chars.get(i + lower).is_some_and(|c| c.is_ascii_uppercase()) {
        let letters: String = chars[i..i + lower].iter().collect();
        let known = crate::pieces::ATTRIBUTES
            .iter()
            .any(|d| crate::words::Lang::ALL.iter().any(|&l| d.attr.prefix_in(l) == letters));
        if known {
            i += lower;
        }
    }
    // The piece: a figurine, or upper-case letters and digits up to the first lower-case letter.
    let piece = if let Some(k) = chars.get(i).and_then(|&c| figurine(c)) {
        i += 1;
        PieceMark::Figurine(k)
    } else {
        let start = i;
        while i < chars.len() && chars[i].is_ascii_uppercase() {
            i += 1;
        }
        if i == start {
            // A code of digits (stipula's `03`), before a square.
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            if i > start && chars.get(i).is_none_or(|&c| file_of(c).is_none()) {
                return None;
            }
        }
        if i - start > 3 {
            return None;
        }
        if i == start {
            PieceMark::Pawn
        } else {
            PieceMark::Letters(chars[start..i].iter().collect())
        }
    };
    let rest: Vec<char> = chars[i..].to_vec();
    if rest.first() == Some(&'~') || rest.last() == Some(&'~') {
        // `~`, `S~`, `Sd4~`.
        let body: String = rest.iter().filter(|&&c| c != '~').collect();
        let from = if body.is_empty() { None } else { Some(Square::parse(&body)?) };
        let piece = (piece != PieceMark::Pawn || from.is_some()).then_some(piece);
        return Some(Written::Any { piece, from });
    }
    // Messigny's exchange: `Ra8<->Rg5`, the partner's letters before its square.
    let text: String = rest.iter().collect();
    if let Some((from, partner)) = text.split_once("<->") {
        let from = Square::parse(from)?;
        let to = Square::parse(partner.trim_start_matches(|c: char| c.is_ascii_uppercase()))?;
        return Some(Written::Move(Stated {
            color,
            piece,
            from_file: Some(from.file()),
            from_rank: Some(from.rank()),
            capture: false,
            to,
            locust: None,
            promotion: None,
            exchange: true,
        }));
    }
    // The squares and the single files and ranks between them, the capture signs, the promotion.
    let mut squares: Vec<(usize, Square)> = Vec::new();
    let mut singles: Vec<char> = Vec::new();
    let mut capture = false;
    let mut promotion = None;
    let mut j = 0;
    while j < rest.len() {
        let c = rest[j];
        if let (Some(f), Some(r)) = (file_of(c), rest.get(j + 1).and_then(|&d| rank_of(d))) {
            squares.push((singles.len(), Square::from_coords(f, r)));
            j += 2;
            continue;
        }
        match c {
            'x' | 'X' | '*' | ':' | '×' => capture = true,
            '-' | '–' => {}
            _ if !squares.is_empty() => {
                // After the arrival square: the promotion, `=Q`, `Q`, `(Q)`, `/Q`.
                let tail: String = rest[j..].iter().collect();
                let t = tail.trim_start_matches(['=', '/']);
                let t = t.strip_prefix('(').and_then(|t| t.strip_suffix(')')).unwrap_or(t);
                // A promotee with attributes is written with their letters (a neutral pawn's `=nQ`, a chameleon
                // pawn's `=cQ`), as is a chameleon's new walk (`=cB`).
                let lower = t.chars().take_while(|c| c.is_ascii_lowercase()).count();
                let t =
                    if lower > 0 && t[lower..].starts_with(|c: char| c.is_ascii_uppercase()) { &t[lower..] } else { t };
                promotion = Some(read_piece(t)?);
                break;
            }
            _ if file_of(c).is_some() || rank_of(c).is_some() => singles.push(c),
            _ => return None,
        }
        j += 1;
    }
    let (from_file, from_rank, to, locust) = match (squares.as_slice(), singles.as_slice()) {
        // `d3`, `Nfd3`, `N4d3`, `exd5`.
        ([(_, to)], s) if s.len() <= 2 => {
            let f = s.iter().find_map(|&c| file_of(c));
            let r = s.iter().find_map(|&c| rank_of(c));
            if s.len() == 2 && (f.is_none() || r.is_none()) {
                return None;
            }
            (f, r, *to, None)
        }
        // `Sf4-d3`, `Sf4d3`.
        ([(0, from), (0, to)], []) => (Some(from.file()), Some(from.rank()), *to, None),
        // Popeye's locust: `Lc3*d4-e5`.
        ([(0, from), (0, via), (0, to)], []) if capture => (Some(from.file()), Some(from.rank()), *to, Some(*via)),
        _ => return None,
    };
    Some(Written::Move(Stated { color, piece, from_file, from_rank, capture, to, locust, promotion, exchange: false }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn mv(tok: &str) -> Stated {
        match read_written(split_marks(tok).0) {
            Some(Written::Move(m)) => m,
            w => panic!("{tok}: {w:?}"),
        }
    }

    #[test]
    fn long_and_short_algebraic() {
        let a = mv("Sf4*d3");
        assert_eq!(
            (a.piece.clone(), a.from_file, a.from_rank, a.capture, a.to),
            (PieceMark::Letters("S".into()), Some(5), Some(3), true, sq("d3"))
        );
        let b = mv("Nxd3!");
        assert_eq!((b.from_file, b.from_rank, b.capture, b.to), (None, None, true, sq("d3")));
        assert_eq!(mv("Nfxd3").from_file, Some(5));
        assert_eq!(mv("R1e4").from_rank, Some(0));
        assert_eq!(mv("Qh4e1").from_rank, Some(3));
        let p = mv("exd5");
        assert_eq!((p.piece, p.from_file, p.to), (PieceMark::Pawn, Some(4), sq("d5")));
        assert_eq!(mv("e5:d6e.p.").to, sq("d6"));
        assert_eq!(mv("♘xd3").piece, PieceMark::Figurine(Kind::KNIGHT));
        assert_eq!(mv("Lc3*d4-e5").locust, Some(sq("d4")));
        assert_eq!(mv("wKe1-e2").color, Some(Color::White));
        // A neutral pawn's promotion, as Popeye writes it (its `n` before the pawn and the promotee).
        assert_eq!(mv("nPb7-b8=nQ").promotion, mv("b7-b8=Q").promotion);
        assert_eq!(mv("CAb1-c4").piece, PieceMark::Letters("CA".into()));
        // Messigny's exchange, as Popeye writes it.
        let x = mv("Ra8<->Rg5");
        assert_eq!((x.exchange, x.from_file, x.from_rank, x.to), (true, Some(0), Some(7), sq("g5")));
        assert!(!mv("Ra8-g8").exchange);
    }

    #[test]
    fn promotions_and_marks() {
        for t in ["e8=Q", "e8Q", "e8(Q)", "e8/Q", "e7-e8=Q+", "e8=Q#!"] {
            assert_eq!(mv(t).promotion, Some(PieceMark::Letters("Q".into())), "{t}");
        }
        assert_eq!(mv("d7xc8=♘").promotion, Some(PieceMark::Figurine(Kind::KNIGHT)));
        assert_eq!(split_marks("Qg6="), ("Qg6", Marks::default()));
        assert_eq!(split_marks("Nxd3!"), ("Nxd3", Marks { good: true, bad: false }));
        assert_eq!(split_marks("Qe4+?"), ("Qe4", Marks { good: false, bad: true }));
        assert!(is_marks("#") && is_marks("!") && is_marks("ep.") && is_marks("==") && !is_marks("Qe4"));
    }

    #[test]
    fn castling_any_and_words() {
        assert_eq!(read_written("O-O-O"), Some(Written::Castle { long: true }));
        assert_eq!(read_written("0-0"), Some(Written::Castle { long: false }));
        assert_eq!(read_written("~"), Some(Written::Any { piece: None, from: None }));
        assert_eq!(read_written("S~"), Some(Written::Any { piece: Some(PieceMark::Letters("S".into())), from: None }));
        for w in ["threat:", "zugzwang.", "but", "Model", "mate", "a", "e9", "Kd", ""] {
            assert_eq!(read_written(w), None, "{w}");
        }
    }

    #[test]
    fn letters_by_language() {
        let l = |s: &str| PieceMark::Letters(s.into());
        assert_eq!(kinds_named(&l("N"), Lang::English), [Kind::NIGHTRIDER, Kind::KNIGHT]);
        assert_eq!(kinds_named(&l("S"), Lang::German), [Kind::KNIGHT]);
        assert_eq!(kinds_named(&l("D"), Lang::German), [Kind::QUEEN]);
        assert_eq!(kinds_named(&l("L"), Lang::German), [Kind::BISHOP]);
        assert_eq!(kinds_named(&l("B"), Lang::German), [Kind::PAWN]);
        assert_eq!(kinds_named(&l("C"), Lang::French), [Kind::KNIGHT]);
        assert_eq!(kinds_named(&l("R"), Lang::French), [Kind::KING]);
        assert_eq!(kinds_named(&l("F"), Lang::French), [Kind::BISHOP]);
        assert!(kinds_named(&l("D"), Lang::English).is_empty());
    }
}
