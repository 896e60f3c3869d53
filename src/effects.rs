//! What a move does besides moving its piece and taking: a rebirth, a relocation, a removal, as typed values.
//! The conditions' capture stage ([`crate::movegen::hooks::Condition::on_capture`]) makes them on the position
//! and, when asked, lists them; the notation writes them in one place ([`Effect::write_in`]), as Popeye writes
//! its move-effect journal (`[+bRa8]`, `[wQd7->d1]`, `[-wSc3]`).

use crate::pieces::{Attrs, Kind, Piece};
use crate::square::{Color, Square};
use crate::words::Lang;

/// One effect of a move beyond the piece's own movement and capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// A piece put on an empty square: a Circe rebirth of the captured piece (Popeye `[+bRa8]`), a pawn perhaps
    /// promoted there (`[+wPd8=Q]`).
    Added { square: Square, piece: Piece, promoted: Option<Kind> },
    /// A piece reborn on an empty square for the other side (Circe Turncoats, Double agents: Popeye
    /// `[+bSg8=w]`): `piece` as it was taken, reborn with the other colour.
    Turned { square: Square, piece: Piece },
    /// A piece taken off one square and put on another, perhaps changed (an Anti-Circe rebirth of the capturer:
    /// Popeye `[wQd7->d1]`; with another kind, `[wPe8->Qe1]`).
    Transferred { from: Square, to: Square, was: Piece, piece: Piece, promoted: Option<Kind> },
    /// A piece taken off the board by a rule (Popeye `[-wSc3]`).
    Removed { square: Square, piece: Piece },
    /// A piece turned to the other side, `piece` as it is now: the moving piece (`mover`, Andernach chess,
    /// Volage, magic squares: Popeye writes `=b` where it stands, after the move or inside the bracket before it),
    /// or another one (Breton, magic pieces: `[d4=b]`).
    Recoloured { square: Square, piece: Piece, mover: bool },
    /// A piece changed to another kind, `piece` as it is now: the moving piece (`mover`, Chameleon chess, Einstein
    /// chess: Popeye writes `=B` where it stands, after the move or inside the bracket before it), or another one
    /// (`[d4=B]`).
    Transmuted { square: Square, piece: Piece, mover: bool },
    /// A pawn promoted before the move on the square where it waited (SingleBox type 3's latent pawn, which may
    /// then be the piece that moves), `piece` as it is now: Popeye writes `[e8=R]` before the move
    /// (`[e8=R]Qd8-d4`, `[d8=B]Bd8-b6`).
    Promoted { square: Square, piece: Piece },
    /// A piece with attributes changed to another kind, `piece` as it is now with its `attrs` (a chameleon piece's
    /// new walk: Popeye writes `=cB` after the move, the attributes' letters before the kind).
    Rewalked { square: Square, piece: Piece, attrs: Attrs },
    /// A piece with attributes put on an empty square (a ghost of Ghost chess coming back, uncapturable: Popeye
    /// `[+wuRf5]`, the attributes' letters before the kind).
    AddedMarked { square: Square, piece: Piece, attrs: Attrs },
    /// A piece with attributes taken off the board by its attribute's rule (a kamikaze piece that captured:
    /// Popeye `[-wkQc3]`).
    RemovedMarked { square: Square, piece: Piece, attrs: Attrs },
    /// The moving piece given attributes (a pawn promoted into a chameleon piece: Popeye `e7-e8=Q=c`).
    Marked { square: Square, attrs: Attrs },
    /// The mover's promotion made after the capture's other effects, `piece` the promoted piece: Popeye writes it
    /// after them, in a bracket of its own, and the move without its promotion (Breton: `a2*b1[g7=b][b1=R]`).
    PromotedAfter { square: Square, piece: Piece },
    /// A piece other than the mover changed to another kind, `piece` as it is now with its `attrs` (Kobul kings:
    /// the royal piece takes the captured piece's walk; Popeye writes `[b7=rR]`, `[a4=K]`).
    Changed { square: Square, piece: Piece, attrs: Attrs },
    /// The partner of a castling-chess move, moved to the square the king passed (Popeye writes it after the
    /// king's move: `Kc2-e2/bPh2-d2`).
    Partner { from: Square, to: Square, piece: Piece },
    /// The pieces on two squares exchanged, each as it stands after the exchange (Swapping kings: the kings
    /// change places; Popeye writes `[Ke1<->Kh3]`, the piece now on `a` with `b`, then the piece now on `b` with
    /// `a`, without colours).
    Exchanged { a: Square, b: Square, on_a: Piece, on_b: Piece },
    /// The imitators moved with the move (Imitator: Popeye writes `[Ic5]`, `[If6,b7]`), `state` their squares
    /// after it in the position's wide state; the mover's promotion written after them (`g2-g1[Ia7]=R`, the move
    /// written without it), or its promotion into an imitator (`b7-b8[If7]=I`).
    Imitated { state: u64, promoted: Option<Kind>, into_imitator: bool },
    /// The moving half-neutral piece changed, on `square`: neutral (`to` none: Popeye writes `=nh`), or the
    /// mover's (`=wh`, `=bh`; German `=sh`, French `=bh`, `=nh`).
    HalfNeutral { square: Square, to: Option<Color> },
    /// BGL's budgets left after the move, in hundredths (`None`: unlimited), one for both sides when `shared`:
    /// Popeye writes ` (4.5/3)`, ` (-/28)`, ` (26.42)` after the move.
    Budgets { white: Option<u32>, black: Option<u32>, shared: bool },
}

impl Effect {
    /// The effect as Popeye writes it after the move, brackets included, with the piece codes of `lang`.
    pub fn write_in(&self, lang: Lang) -> String {
        let colour = |c: Color| -> &'static str {
            match (c, lang) {
                (Color::White, Lang::French) => "b",
                (Color::White, _) => "w",
                (Color::Black, Lang::English) => "b",
                (Color::Black, Lang::German) => "s",
                (Color::Black, Lang::French) => "n",
            }
        };
        let letters = |k: Kind| k.def().code_in(lang);
        let whole = |p: Piece, sq: Square| format!("{}{}{sq}", colour(p.color), letters(p.kind));
        let promotion = |k: Option<Kind>| k.map_or(String::new(), |k| format!("={}", letters(k)));
        match *self {
            Effect::Added { square, piece, promoted } => format!("[+{}{}]", whole(piece, square), promotion(promoted)),
            Effect::Turned { square, piece } => {
                format!("[+{}={}]", whole(piece, square), colour(piece.color.opposite()))
            }
            Effect::Transferred { from, to, was, piece, promoted } => {
                let mut s = format!("[{}->", whole(was, from));
                if piece.color != was.color {
                    s += colour(piece.color);
                    s += letters(piece.kind);
                } else if piece.kind != was.kind {
                    s += letters(piece.kind);
                }
                s += &to.to_string();
                s += &promotion(promoted);
                s.push(']');
                s
            }
            Effect::Removed { square, piece } => format!("[-{}]", whole(piece, square)),
            Effect::Recoloured { square, piece, mover } => {
                if mover {
                    format!("={}", colour(piece.color))
                } else {
                    format!("[{square}={}]", colour(piece.color))
                }
            }
            Effect::Promoted { square, piece } | Effect::PromotedAfter { square, piece } => {
                format!("[{square}={}]", letters(piece.kind))
            }
            Effect::Rewalked { piece, attrs, .. } => format!("={}{}", attrs.prefix_in(lang), letters(piece.kind)),
            Effect::RemovedMarked { square, piece, attrs } => {
                format!("[-{}{}{}{square}]", colour(piece.color), attrs.prefix_in(lang), letters(piece.kind))
            }
            Effect::AddedMarked { square, piece, attrs } => {
                format!("[+{}{}{}{square}]", colour(piece.color), attrs.prefix_in(lang), letters(piece.kind))
            }
            Effect::Marked { attrs, .. } => format!("={}", attrs.prefix_in(lang)),
            Effect::HalfNeutral { to, .. } => format!("={}h", to.map_or("n", colour)),
            Effect::Partner { from, to, piece } => format!("/{}-{to}", whole(piece, from)),
            Effect::Changed { square, piece, attrs } => {
                format!("[{square}={}{}]", attrs.prefix_in(lang), letters(piece.kind))
            }
            Effect::Exchanged { a, b, on_a, on_b } => {
                format!("[{}{b}<->{}{a}]", letters(on_a.kind), letters(on_b.kind))
            }
            Effect::Transmuted { square, piece, mover } => {
                if mover {
                    format!("={}", letters(piece.kind))
                } else {
                    format!("[{square}={}]", letters(piece.kind))
                }
            }
            Effect::Imitated { state, promoted, into_imitator } => {
                let list: Vec<String> = imitator_squares(state).iter().map(|s| s.to_string()).collect();
                let mut s = format!("[I{}]", list.join(","));
                s += &promotion(promoted);
                if into_imitator {
                    s += "=I";
                }
                s
            }
            Effect::Budgets { white, black, shared } => {
                let n = write_hundredths;
                if shared {
                    format!(" ({})", n(white))
                } else {
                    format!(" ({}/{})", n(white), n(black))
                }
            }
        }
    }

    /// Whether Popeye writes the effect inside the context before it (the move, or the bracket of the effect
    /// before: `[+bRa8=w]`) rather than in a bracket of its own.
    fn in_context(&self) -> bool {
        matches!(
            self,
            Effect::Recoloured { mover: true, .. }
                | Effect::Transmuted { mover: true, .. }
                | Effect::Rewalked { .. }
                | Effect::Marked { .. }
                | Effect::HalfNeutral { .. }
        )
    }

    /// Whether Popeye writes the effect before the move rather than after it (`[e8=R]Qd8-d4`).
    pub fn before_move(&self) -> bool {
        matches!(self, Effect::Promoted { .. })
    }
}

/// The imitators' squares in the position's wide state under Imitator, in order: their count in the low four
/// bits, then each square in six bits (`src/conditions/imitator.rs`); none in the state of a move that takes one off
/// the board (all bits set).
pub fn imitator_squares(state: u64) -> Vec<Square> {
    if state == u64::MAX {
        return Vec::new();
    }
    let n = (state & 0xF) as usize;
    (0..n.min(10)).map(|k| Square::new(((state >> (4 + 6 * k)) & 0x3F) as u8)).collect()
}

/// A number in hundredths as Popeye writes BGL's budgets (`WriteBGLNumber`): `4`, `4.5`, `27.42`, `-` for none
/// (unlimited).
pub fn write_hundredths(h: Option<u32>) -> String {
    match h {
        None => "-".to_string(),
        Some(h) if h % 100 == 0 => format!("{}", h / 100),
        Some(h) if h % 10 == 0 => format!("{}.{}", h / 100, (h % 100) / 10),
        Some(h) => format!("{}.{:02}", h / 100, h % 100),
    }
}

/// The effects of one move, in the order they were made: at most [`Effects::CAPACITY`], kept inline (`Copy`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Effects {
    items: [Option<Effect>; Effects::CAPACITY],
}

impl Effects {
    /// How many effects one move may have (Masand recolours every piece a checking rider observes: seven at most
    /// with orthodox pieces).
    pub const CAPACITY: usize = 16;

    /// No effect.
    pub const NONE: Effects = Effects { items: [None; Effects::CAPACITY] };

    /// Notes an effect after the others (beyond the capacity, the last is replaced: no rule makes more).
    pub fn push(&mut self, e: Effect) {
        let slot = self.items.iter().position(Option::is_none).unwrap_or(Effects::CAPACITY - 1);
        self.items[slot] = Some(e);
    }

    /// The effects in order.
    pub fn iter(&self) -> impl Iterator<Item = &Effect> + '_ {
        self.items.iter().map_while(Option::as_ref)
    }

    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }

    /// Every effect as Popeye writes it, one after the other (`[+bRa8]`), an effect written in its context
    /// inside the bracket before it (`=b` after `[+wRa1]`: `[+wRa1=b]`).
    pub fn write_in(&self, lang: Lang) -> String {
        let mut s = String::new();
        for e in self.iter().filter(|e| !e.before_move()) {
            let text = e.write_in(lang);
            if e.in_context() && s.ends_with(']') {
                s.insert_str(s.len() - 1, &text);
            } else {
                s += &text;
            }
        }
        s
    }
}

impl Effects {
    /// The effects Popeye writes before the move ([`Effect::before_move`]), one after the other (`[e8=R]`).
    pub fn write_before_in(&self, lang: Lang) -> String {
        self.iter().filter(|e| e.before_move()).map(|e| e.write_in(lang)).collect()
    }

    /// Whether the mover's promotion is written among the effects ([`Effect::PromotedAfter`]), not with the move.
    pub fn promotion_written_after(&self) -> bool {
        self.iter().any(|e| matches!(e, Effect::PromotedAfter { .. } | Effect::Imitated { promoted: Some(_), .. }))
    }

    /// The piece that moves as the move shows it: `piece`, or what a pawn promoted on `from` before the move
    /// became ([`Effect::Promoted`]).
    pub fn moving_piece(&self, from: Square, piece: Piece) -> Piece {
        self.iter()
            .find_map(|e| match *e {
                Effect::Promoted { square, piece } if square == from => Some(piece),
                _ => None,
            })
            .unwrap_or(piece)
    }
}

impl serde::Serialize for Effect {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let colour = |c: Color| if c == Color::White { "white" } else { "black" };
        let mut m = s.serialize_struct("Effect", 7)?;
        match *self {
            Effect::Added { square, piece, promoted } => {
                m.serialize_field("effect", "added")?;
                m.serialize_field("square", &square.to_string())?;
                m.serialize_field("piece", piece.kind.code())?;
                m.serialize_field("color", colour(piece.color))?;
                if let Some(k) = promoted {
                    m.serialize_field("promotion", k.code())?;
                }
            }
            Effect::Transferred { from, to, was, piece, promoted } => {
                m.serialize_field("effect", "transferred")?;
                m.serialize_field("from", &from.to_string())?;
                m.serialize_field("to", &to.to_string())?;
                m.serialize_field("piece", piece.kind.code())?;
                m.serialize_field("color", colour(piece.color))?;
                if was != piece {
                    m.serialize_field("was", was.kind.code())?;
                }
                if let Some(k) = promoted {
                    m.serialize_field("promotion", k.code())?;
                }
            }
            Effect::Turned { square, piece } => {
                m.serialize_field("effect", "added")?;
                m.serialize_field("square", &square.to_string())?;
                m.serialize_field("piece", piece.kind.code())?;
                m.serialize_field("color", colour(piece.color.opposite()))?;
                m.serialize_field("was_color", colour(piece.color))?;
            }
            Effect::Removed { square, piece } => {
                m.serialize_field("effect", "removed")?;
                m.serialize_field("square", &square.to_string())?;
                m.serialize_field("piece", piece.kind.code())?;
                m.serialize_field("color", colour(piece.color))?;
            }
            Effect::Promoted { square, piece } | Effect::PromotedAfter { square, piece } => {
                m.serialize_field("effect", "promoted")?;
                m.serialize_field("square", &square.to_string())?;
                m.serialize_field("piece", piece.kind.code())?;
                m.serialize_field("color", colour(piece.color))?;
            }
            Effect::Transmuted { square, piece, mover: _ } => {
                m.serialize_field("effect", "transmuted")?;
                m.serialize_field("square", &square.to_string())?;
                m.serialize_field("piece", piece.kind.code())?;
                m.serialize_field("color", colour(piece.color))?;
            }
            Effect::Rewalked { square, piece, attrs } => {
                m.serialize_field("effect", "transmuted")?;
                m.serialize_field("square", &square.to_string())?;
                m.serialize_field("piece", piece.kind.code())?;
                m.serialize_field("color", colour(piece.color))?;
                m.serialize_field("attributes", &attrs.defs().map(|d| d.name).collect::<Vec<_>>())?;
            }
            Effect::AddedMarked { square, piece, attrs } => {
                m.serialize_field("effect", "added")?;
                m.serialize_field("square", &square.to_string())?;
                m.serialize_field("piece", piece.kind.code())?;
                m.serialize_field("color", colour(piece.color))?;
                m.serialize_field("attributes", &attrs.defs().map(|d| d.name).collect::<Vec<_>>())?;
            }
            Effect::RemovedMarked { square, piece, attrs } => {
                m.serialize_field("effect", "removed")?;
                m.serialize_field("square", &square.to_string())?;
                m.serialize_field("piece", piece.kind.code())?;
                m.serialize_field("color", colour(piece.color))?;
                m.serialize_field("attributes", &attrs.defs().map(|d| d.name).collect::<Vec<_>>())?;
            }
            Effect::Marked { square, attrs } => {
                m.serialize_field("effect", "marked")?;
                m.serialize_field("square", &square.to_string())?;
                m.serialize_field("attributes", &attrs.defs().map(|d| d.name).collect::<Vec<_>>())?;
            }
            Effect::Partner { from, to, piece } => {
                m.serialize_field("effect", "transferred")?;
                m.serialize_field("from", &from.to_string())?;
                m.serialize_field("to", &to.to_string())?;
                m.serialize_field("piece", piece.kind.code())?;
                m.serialize_field("color", colour(piece.color))?;
            }
            Effect::Changed { square, piece, attrs } => {
                m.serialize_field("effect", "transmuted")?;
                m.serialize_field("square", &square.to_string())?;
                m.serialize_field("piece", piece.kind.code())?;
                m.serialize_field("color", colour(piece.color))?;
                if !attrs.is_empty() {
                    m.serialize_field("attributes", &attrs.defs().map(|d| d.name).collect::<Vec<_>>())?;
                }
            }
            Effect::Exchanged { a, b, on_a, on_b } => {
                m.serialize_field("effect", "exchanged")?;
                m.serialize_field("square", &a.to_string())?;
                m.serialize_field("piece", on_a.kind.code())?;
                m.serialize_field("color", colour(on_a.color))?;
                m.serialize_field("other_square", &b.to_string())?;
                m.serialize_field("other_piece", on_b.kind.code())?;
                m.serialize_field("other_color", colour(on_b.color))?;
            }
            Effect::Imitated { state, promoted, into_imitator } => {
                m.serialize_field("effect", "imitators")?;
                let list: Vec<String> = imitator_squares(state).iter().map(|s| s.to_string()).collect();
                m.serialize_field("squares", &list)?;
                if let Some(k) = promoted {
                    m.serialize_field("promotion", k.code())?;
                }
                if into_imitator {
                    m.serialize_field("promotion", "imitator")?;
                }
            }
            Effect::Budgets { white, black, shared } => {
                m.serialize_field("effect", "budgets")?;
                m.serialize_field("white", &write_hundredths(white))?;
                if !shared {
                    m.serialize_field("black", &write_hundredths(black))?;
                }
            }
            Effect::HalfNeutral { square, to } => {
                m.serialize_field("effect", "recoloured")?;
                m.serialize_field("square", &square.to_string())?;
                m.serialize_field("color", to.map_or("neutral", colour))?;
            }
            Effect::Recoloured { square, piece, mover: _ } => {
                m.serialize_field("effect", "recoloured")?;
                m.serialize_field("square", &square.to_string())?;
                m.serialize_field("piece", piece.kind.code())?;
                m.serialize_field("color", colour(piece.color))?;
            }
        }
        m.end()
    }
}

impl serde::Serialize for Effects {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn written_as_popeye_writes_them() {
        // Popeye 4.104, `Condition Circe` and `AntiCirce`, `Stipulation ~1`, White Ke1 Rh1 Qd4, Black Ke8 Rd7 Pf3
        // Sb5: `1.Qd4*d7[+bRa8] +` and `1.Qd4*d7[wQd7->d1]`.
        let rook = Piece::new(Color::Black, Kind::ROOK);
        let queen = Piece::new(Color::White, Kind::QUEEN);
        assert_eq!(Effect::Added { square: sq("a8"), piece: rook, promoted: None }.write_in(Lang::English), "[+bRa8]");
        assert_eq!(Effect::Added { square: sq("a8"), piece: rook, promoted: None }.write_in(Lang::German), "[+sTa8]");
        let t = Effect::Transferred { from: sq("d7"), to: sq("d1"), was: queen, piece: queen, promoted: None };
        // `Condition PWC`, Black Rd8 takes a white pawn on d4, which is reborn on d8 and promotes: `[+wPd8=Q]`;
        // `Condition AntipodeanAntiCirce`, White c3*d4: `[wPd4->h8=S]`.
        let pawn = Piece::new(Color::White, Kind::PAWN);
        let added = Effect::Added { square: sq("d8"), piece: pawn, promoted: Some(Kind::QUEEN) };
        assert_eq!(added.write_in(Lang::English), "[+wPd8=Q]");
        let moved =
            Effect::Transferred { from: sq("d4"), to: sq("h8"), was: pawn, piece: pawn, promoted: Some(Kind::KNIGHT) };
        assert_eq!(moved.write_in(Lang::English), "[wPd4->h8=S]");
        assert_eq!(t.write_in(Lang::English), "[wQd7->d1]");
        // `Condition CirceTurncoats`, White Kh1 Re1 Qh4, Black Ke8 Se4 Pb7: `1.Re1*e4[+bSg8=w] +`.
        let turned = Effect::Turned { square: sq("g8"), piece: Piece::new(Color::Black, Kind::KNIGHT) };
        assert_eq!(turned.write_in(Lang::English), "[+bSg8=w]");
        let mut all = Effects::NONE;
        assert!(all.is_empty());
        all.push(t);
        all.push(Effect::Removed { square: sq("c3"), piece: Piece::new(Color::White, Kind::KNIGHT) });
        assert_eq!(all.write_in(Lang::English), "[wQd7->d1][-wSc3]");
        // `Condition Andernach`: `1.Qd4*c4=b`; German `=s`; a piece other than the mover `[d4=b]`.
        let black_queen = Piece::new(Color::Black, Kind::QUEEN);
        let turned = Effect::Recoloured { square: sq("c4"), piece: black_queen, mover: true };
        assert_eq!(turned.write_in(Lang::English), "=b");
        assert_eq!(turned.write_in(Lang::German), "=s");
        let other = Effect::Recoloured { square: sq("d4"), piece: black_queen, mover: false };
        assert_eq!(other.write_in(Lang::English), "[d4=b]");
        let mut both = Effects::NONE;
        both.push(Effect::Added { square: sq("a8"), piece: rook, promoted: None });
        both.push(turned);
        assert_eq!(both.write_in(Lang::English), "[+bRa8=b]");
        // `Condition ChameleonChess`: `1.Sg1-f3=B`; German `=L`.
        let bishop =
            Effect::Transmuted { square: sq("f3"), piece: Piece::new(Color::White, Kind::BISHOP), mover: true };
        assert_eq!(bishop.write_in(Lang::English), "=B");
        assert_eq!(bishop.write_in(Lang::German), "=L");
        // `Condition SingleBox Type3` (BEISPIEL/sbtype3.inp): `1.[e8=T]Dd8-d4 #`, the pawn promoted before the move.
        let rook = Piece::new(Color::White, Kind::ROOK);
        let mut before = Effects::NONE;
        before.push(Effect::Promoted { square: sq("e8"), piece: rook });
        assert_eq!(before.write_in(Lang::German), "");
        assert_eq!(before.write_before_in(Lang::German), "[e8=T]");
        assert_eq!(before.moving_piece(sq("e8"), Piece::new(Color::White, Kind::PAWN)), rook);
    }
}
