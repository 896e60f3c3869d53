//! FEN with fairy pieces.
//!
//! Standard letters (`KQRBNP`, `N` is the knight) plus `G` grasshopper and `L` locust; upper case is White.
//! Any other registry piece is written as its Popeye code in parentheses: `(CA)` a white camel, `(ca)` a black
//! one, `(N)`/`(n)` the nightrider. Codes without letters (the threeleaper `03`) take a sign for the colour:
//! `(+03)` White, `(-03)` Black; the sign is allowed on any code. Fields after the placement are optional:
//! side to move (`w`/`b`), castling (`KQkq` or `-`), en-passant square (or `-`); move counters are ignored.

use crate::pieces::Kind;
use crate::pieces::Placed;
use crate::setup::ExplicitState;
use crate::square::{Color, Square};

/// A FEN error: message, what was expected, and the byte offset in the FEN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    pub offset: usize,
    pub message: String,
    pub expected: String,
}

fn fen_err(offset: usize, message: impl Into<String>, expected: &str) -> FenError {
    FenError { offset, message: message.into(), expected: expected.to_string() }
}

/// Parses a FEN into pieces and the explicit state. The castling field is translated into the rook squares
/// (`K` → h1, `Q` → a1, `k` → h8, `q` → a8).
pub fn parse_fen(text: &str) -> Result<(Vec<Placed>, ExplicitState), FenError> {
    let mut fields = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                fields.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        fields.push((s, &text[s..]));
    }
    let Some(&(board_off, board)) = fields.first() else {
        return Err(fen_err(0, "empty FEN", "a board such as `4k3/8/8/8/8/8/8/4K3`"));
    };
    let pieces = parse_board(board, board_off)?;
    let mut state = ExplicitState::default();
    if let Some(&(off, side)) = fields.get(1) {
        state.side_to_move = Some(match side {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            _ => return Err(fen_err(off, format!("unknown side to move `{side}`"), "`w` or `b`")),
        });
    }
    if let Some(&(off, castling)) = fields.get(2) {
        let mut rooks = Vec::new();
        if castling != "-" {
            for (i, c) in castling.char_indices() {
                let sq = match c {
                    'K' => "h1",
                    'Q' => "a1",
                    'k' => "h8",
                    'q' => "a8",
                    _ => return Err(fen_err(off + i, format!("unknown castling right `{c}`"), "`KQkq` or `-`")),
                };
                rooks.push(Square::parse(sq).expect("literal square"));
            }
        }
        state.castling = Some(rooks);
    }
    if let Some(&(off, ep)) = fields.get(3) {
        if ep != "-" {
            let sq = Square::parse(ep).ok_or_else(|| {
                fen_err(off, format!("`{ep}` is not an en-passant square"), "a square such as `e3`, or `-`")
            })?;
            if sq.rank() != 2 && sq.rank() != 5 {
                return Err(fen_err(
                    off,
                    format!("en-passant square `{ep}` is not on the third or sixth rank"),
                    "a square such as `e3` or `d6`, or `-`",
                ));
            }
            state.en_passant = Some(sq);
        }
    }
    for &(off, counter) in fields.iter().skip(4) {
        if counter.parse::<u32>().is_err() {
            return Err(fen_err(
                off,
                format!("unexpected `{counter}` after the en-passant field"),
                "the halfmove and fullmove counters, or nothing",
            ));
        }
    }
    if fields.len() > 6 {
        return Err(fen_err(fields[6].0, "too many fields", "at most six fields"));
    }
    Ok((pieces, state))
}

fn parse_board(board: &str, base: usize) -> Result<Vec<Placed>, FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(fen_err(base, format!("the board has {} ranks", ranks.len()), "eight ranks separated by `/`"));
    }
    let mut pieces = Vec::new();
    let mut off = base;
    for (ri, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - ri as u8;
        let mut file = 0u8;
        let bytes = rank_text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i] as char;
            let here = off + i;
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(fen_err(here, format!("`{c}` is not a number of empty squares"), "a digit 1 to 8"));
                }
                file += d as u8;
                i += 1;
            } else if c == '(' {
                let close = rank_text[i..]
                    .find(')')
                    .ok_or_else(|| fen_err(here, "unclosed `(`", "a piece code in parentheses such as `(CA)`"))?;
                let inner = &rank_text[i + 1..i + close];
                let (sign, code) = match inner.chars().next() {
                    Some('+') => (Some(Color::White), &inner[1..]),
                    Some('-') => (Some(Color::Black), &inner[1..]),
                    _ => (None, inner),
                };
                let kind = Kind::from_code(code).ok_or_else(|| {
                    fen_err(
                        here + 1,
                        format!("unknown piece code `{code}`"),
                        "a Popeye piece code such as `CA`, `N`, `Z`, `03`",
                    )
                })?;
                let color = match sign {
                    Some(c) => c,
                    None if code.chars().any(|c| c.is_ascii_uppercase()) => Color::White,
                    None if code.chars().any(|c| c.is_ascii_lowercase()) => Color::Black,
                    None => {
                        return Err(fen_err(
                            here + 1,
                            format!("the colour of `({code})` is not given"),
                            "`(+03)` for White or `(-03)` for Black",
                        ))
                    }
                };
                if file < 8 {
                    pieces.push(Placed::new(color, kind, Square::from_coords(file, rank)));
                }
                file += 1;
                i += close + 1;
            } else if let Some(kind) = Kind::from_fen_letter(c) {
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                if file < 8 {
                    pieces.push(Placed::new(color, kind, Square::from_coords(file, rank)));
                }
                file += 1;
                i += 1;
            } else {
                return Err(fen_err(
                    here,
                    format!("unknown piece letter `{c}`"),
                    "one of `KQRBNPGL` (upper case White), a digit, or `(CODE)`",
                ));
            }
            if file > 8 {
                return Err(fen_err(
                    here,
                    format!("rank {} has more than eight squares", rank + 1),
                    "eight squares per rank",
                ));
            }
        }
        if file != 8 {
            return Err(fen_err(off, format!("rank {} has {} squares", rank + 1, file), "eight squares per rank"));
        }
        off += rank_text.len() + 1;
    }
    Ok(pieces)
}

/// Writes pieces as a FEN placement field (the inverse of the board part of [`parse_fen`]).
pub fn board_to_fen(pieces: &[Placed]) -> String {
    let mut grid: [[Option<(Color, Kind)>; 8]; 8] = [[None; 8]; 8];
    for p in pieces {
        grid[p.square.rank() as usize][p.square.file() as usize] = Some((p.color, p.kind));
    }
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for cell in grid[rank] {
            match cell {
                None => empty += 1,
                Some((color, kind)) => {
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    match kind.def().fen {
                        Some(l) if color == Color::White => out.push(l),
                        Some(l) => out.push(l.to_ascii_lowercase()),
                        None => {
                            let code = kind.code();
                            if code.chars().any(|c| c.is_ascii_alphabetic()) {
                                let c =
                                    if color == Color::White { code.to_string() } else { code.to_ascii_lowercase() };
                                out += &format!("({c})");
                            } else {
                                out += &format!("({}{code})", if color == Color::White { '+' } else { '-' });
                            }
                        }
                    }
                }
            }
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        let (p, s) = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(p.len(), 32);
        assert_eq!(s.side_to_move, Some(Color::White));
        assert_eq!(s.castling.as_ref().unwrap().len(), 4);
        assert_eq!(board_to_fen(&p), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    }

    #[test]
    fn fairy_pieces_round_trip() {
        let fen = "4k3/(ca)7/8/3G4/2l5/8/(N)(+03)(-03)5/4K3";
        let (p, _) = parse_fen(fen).unwrap();
        assert_eq!(p.len(), 8);
        assert_eq!(board_to_fen(&p), fen);
    }

    #[test]
    fn errors() {
        assert_eq!(parse_fen("4k3/8/8/8/8/8/8/4K2").unwrap_err().offset, 16);
        assert!(parse_fen("4k3/8/8/8/8/8/8/4KX2").unwrap_err().message.contains("unknown piece letter `X`"));
        assert!(parse_fen("4k3/8/8/8/8/8/8").is_err());
        assert!(parse_fen("4k3/8/8/8/8/8/8/4K3 x").is_err());
        assert!(parse_fen("4k3/8/8/8/8/8/8/(03)3K3").is_err());
        assert!(parse_fen("4k3/8/8/8/8/8/8/4K3 w - e4").is_err());
    }
}
