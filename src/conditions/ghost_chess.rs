//! Ghost chess (Popeye `GhostChess`, `Geisterschach`, `EchecsGhost`; `conditions/ghost_chess.c`) and Haunted
//! chess (`HauntedChess`, `Spukschach`, `EchecsHantes`; `conditions/haunted_chess.c`): a piece captured becomes a
//! ghost under the square it was taken on, and comes back onto that square, as it was, once the square is empty
//! after a move (Popeye's underworld). Each move first remembers the ghost of its capture, then brings back every
//! ghost whose square is empty, the latest first (`[+bRa8]`); both are part of the move, so its legality (the
//! mover's king unchecked) is judged with the ghosts back.
//!
//! - Ghost chess: a ghost comes back uncapturable (`[+wuRf5]`, then `uRf5-f3`), so it is never taken again; the
//!   ghosts of two captures on one square wait there one above the other (the later first back).
//! - Haunted chess: a ghost comes back as it was, and may be taken again; a capture on a square with a ghost
//!   under it sends that ghost away for good (the new one takes its place).
//!
//! The ghosts waiting are the position's wide state ([`Position::wide_slot`]), in the order they were taken: five
//! of eleven bits each (square, colour, kind: an orthodox one, or one of the first ten fairy kinds in play; 0 is
//! none). A ghost waits only while its square is occupied, so few wait at once; a sixth, or a ghost of an
//! eleventh fairy walk, is a position stipula cannot keep, and the run refuses the problem
//! ([`Condition::undecided`]). The uncapturable ghosts of Ghost chess are marked pieces
//! ([`Attrs::UNCAPTURABLE`]), whose mark moves with them.

use crate::conditions::attributes::UncapturablePieces;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::{Attrs, Kind, Piece};
use crate::position::Position;
use crate::square::{Color, Square};
use std::sync::atomic::{AtomicBool, Ordering};

/// Ghost chess (`haunted` false) or Haunted chess.
#[derive(Debug)]
pub struct Ghosts {
    haunted: bool,
    /// A ghost the wide state could not hold was met: the run refuses the problem.
    overflow: AtomicBool,
}

/// How many ghosts the wide state holds.
const CAPACITY: usize = 5;
/// The bits of one ghost.
const BITS: u32 = 11;
const MASK: u64 = (1 << BITS) - 1;
/// The orthodox kinds a ghost may have, by their number 1 to 5; 6 to 15 are the first ten fairy kinds in play
/// (`Rules::kinds`, in their order).
const KINDS: [Kind; 5] = [Kind::PAWN, Kind::KNIGHT, Kind::BISHOP, Kind::ROOK, Kind::QUEEN];

/// One ghost: the square it waits under and the piece it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ghost {
    square: Square,
    piece: Piece,
}

impl Ghost {
    fn pack(self, fairy: &[Kind]) -> Option<u64> {
        let kind = self.piece.kind;
        let k = match KINDS.iter().position(|&k| k == kind) {
            Some(i) => i + 1,
            None => fairy.iter().take(10).position(|&k| k == kind)? + 6,
        } as u64;
        Some(self.square.index() as u64 | (self.piece.color as u64) << 6 | k << 7)
    }

    fn unpack(bits: u64, fairy: &[Kind]) -> Option<Ghost> {
        let k = ((bits >> 7) & 15) as usize;
        let kind = match k {
            0 => return None,
            1..=5 => KINDS[k - 1],
            _ => *fairy.get(k - 6)?,
        };
        let color = if (bits >> 6) & 1 == 0 { Color::White } else { Color::Black };
        Some(Ghost { square: Square::new((bits & 63) as u8), piece: Piece::new(color, kind) })
    }
}

/// The ghosts waiting in `state`, in the order they were taken (`fairy`: the fairy kinds in play).
fn ghosts(state: u64, fairy: &[Kind]) -> impl Iterator<Item = Ghost> + '_ {
    (0..CAPACITY).map_while(move |i| Ghost::unpack((state >> (BITS * i as u32)) & MASK, fairy))
}

/// The state without its ghost number `i`.
fn without(state: u64, i: usize) -> u64 {
    let low = state & ((1u64 << (BITS * i as u32)) - 1);
    let high = state >> (BITS * (i as u32 + 1));
    low | high << (BITS * i as u32)
}

impl Ghosts {
    pub fn build_ghost(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Ghosts { haunted: false, overflow: AtomicBool::new(false) }))
    }

    pub fn build_haunted(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Ghosts { haunted: true, overflow: AtomicBool::new(false) }))
    }

    /// The ghosts' state after `mv` from `before` has remembered its capture's ghost.
    fn remember(&self, fairy: &[Kind], before: &Position, mv: Move, mut state: u64) -> u64 {
        let Some(sq) = mv.capture() else { return state };
        let Some(piece) = before.piece_at(sq) else { return state };
        // A capture of a royal or uncapturable piece is illegal: the position it leads to is not played.
        if before.royal_bb(piece.color).has(sq) || before.attrs_at(sq).has(Attrs::UNCAPTURABLE) {
            return state;
        }
        if self.haunted {
            // A ghost under the square is sent away by the new one (`underworld_find_last`).
            if let Some(i) = ghosts(state, fairy).enumerate().filter(|(_, g)| g.square == sq).map(|(i, _)| i).last() {
                state = without(state, i);
            }
        }
        let n = ghosts(state, fairy).count();
        match (Ghost { square: sq, piece }).pack(fairy) {
            Some(bits) if n < CAPACITY && before.attrs_at(sq).is_empty() => state | bits << (BITS * n as u32),
            _ => {
                self.overflow.store(true, Ordering::Relaxed);
                state
            }
        }
    }
}

impl Condition for Ghosts {
    /// Not yet checked with pieces with the attribute Royal against Popeye: refused with them.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        if self.haunted { "HauntedChess" } else { "GhostChess" }.into()
    }

    fn hooks(&self) -> Hooks {
        if self.haunted {
            Hooks::ON_MOVE
        } else {
            Hooks::ON_MOVE | Hooks::LEGALITY
        }
    }

    fn attributes(&self) -> Attrs {
        if self.haunted {
            Attrs::NONE
        } else {
            Attrs::UNCAPTURABLE
        }
    }

    fn is_legal(&self, _rules: &Rules, before: &Position, mv: Move, _after: &Position) -> bool {
        !UncapturablePieces::takes_one(before, mv)
    }

    fn on_move(&self, rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let fairy = &rules.kinds.fairy;
        let mut state = self.remember(fairy, before, mv, after.wide_slot());
        // The latest first: a ghost back on its square keeps the earlier ones of that square below it.
        let mut i = ghosts(state, fairy).count();
        while i > 0 {
            i -= 1;
            let Some(g) = Ghost::unpack((state >> (BITS * i as u32)) & MASK, fairy) else { continue };
            if after.piece_at(g.square).is_some() {
                continue;
            }
            after.put(g.square, g.piece);
            if self.haunted {
                effects.push(Effect::Added { square: g.square, piece: g.piece, promoted: None });
            } else {
                after.set_attrs(g.square, Attrs::UNCAPTURABLE);
                effects.push(Effect::AddedMarked { square: g.square, piece: g.piece, attrs: Attrs::UNCAPTURABLE });
            }
            state = without(state, i);
        }
        if state != after.wide_slot() {
            after.set_wide_slot(state);
        }
    }

    fn undecided(&self) -> Option<String> {
        self.overflow.load(Ordering::Relaxed).then(|| {
            format!(
                "not supported: {} with more than {CAPACITY} ghosts waiting at once, or ghosts of more than ten \
                 fairy walks",
                self.describe()
            )
        })
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if UncapturablePieces::takes_one(before, mv) && !self.haunted {
            return Some(format!("The ghost on {} came back uncapturable under Ghost chess.", mv.capture()?));
        }
        let mut parts = Vec::new();
        if let Some(p) = mv.capture().and_then(|sq| before.piece_at(sq)) {
            parts.push(format!(
                "The {} {} taken on {} becomes a ghost under that square.",
                p.color.name().to_lowercase(),
                p.kind.name(),
                mv.capture()?
            ));
        }
        let how = if self.haunted { "" } else { ", uncapturable" };
        for e in rules.effects(before, mv).iter() {
            if let Effect::Added { square, piece, .. } | Effect::AddedMarked { square, piece, .. } = *e {
                parts.push(format!(
                    "The ghost of the {} {} comes back onto {square}{how}, as the square is empty.",
                    piece.color.name().to_lowercase(),
                    piece.kind.name()
                ));
            }
        }
        (!parts.is_empty()).then(|| parts.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::build_all;
    use crate::input::fen::parse_fen;
    use crate::setup::{build_position, SetupOptions};
    use crate::words::Lang;

    #[test]
    fn the_state_keeps_ghosts_in_order() {
        let g = |s: &str, c, k| Ghost { square: Square::parse(s).unwrap(), piece: Piece::new(c, k) };
        let fairy = [Kind::from_code("CA").unwrap()];
        let a = g("a1", Color::White, Kind::PAWN);
        let b = g("h8", Color::Black, Kind::QUEEN);
        let c = g("e5", Color::Black, fairy[0]);
        let state = a.pack(&fairy).unwrap() | b.pack(&fairy).unwrap() << BITS | c.pack(&fairy).unwrap() << (2 * BITS);
        assert_eq!(ghosts(state, &fairy).collect::<Vec<_>>(), vec![a, b, c]);
        assert_eq!(ghosts(without(state, 1), &fairy).collect::<Vec<_>>(), vec![a, c]);
        assert_eq!(ghosts(without(state, 2), &fairy).collect::<Vec<_>>(), vec![a, b]);
        assert!(g("a1", Color::White, Kind::KING).pack(&fairy).is_none());
        assert!(c.pack(&[]).is_none());
    }

    /// Popeye's option NoWk: the Ghost chess examples lack White's king.
    fn no_wk() -> SetupOptions {
        SetupOptions { no_white_king: true, ..SetupOptions::default() }
    }

    /// Plays the moves `line` (UCI) from `fen` under `condition`, each legal, and returns them as Popeye writes
    /// them with their effects.
    fn play(condition: &str, fen: &str, line: &[&str]) -> Vec<String> {
        let (pieces, state) = parse_fen(fen).unwrap();
        let spec = crate::input::vocab::conditions::parse_condition_text(condition).unwrap();
        let rules = Rules::new(pieces.iter().map(|p| p.kind), build_all(&[spec]).unwrap());
        let side = if fen.split(' ').nth(1) == Some("b") { Color::Black } else { Color::White };
        let mut pos = build_position(&pieces, &state, side, &rules, &no_wk()).unwrap();
        let mut out = Vec::new();
        let mut texts = Vec::new();
        for uci in line {
            rules.legal_moves(&pos, &mut out);
            let mv = *out.iter().find(|m| m.uci() == *uci).unwrap_or_else(|| panic!("{uci} is not legal"));
            let (after, effects) = rules.make_noting(&pos, mv);
            let piece = pos.piece_at(mv.from).unwrap();
            let text = crate::notation::write_move_attrs_in(piece, pos.attrs_at(mv.from), mv, Lang::English);
            texts.push(text + &effects.write_in(Lang::English));
            pos = after;
        }
        texts
    }

    #[test]
    fn ghosts_come_back_uncapturable_when_their_square_is_left() {
        // Popeye 4.104, EXAMPLES/ghostchess.inp#1 (h#4, GhostChess, White Rf8 Pe2, Black Kg4 Bc3 Sc5 Pc4):
        // `1.Bc3-e5 Rf8-f5 2.Kg4*f5 e2-e4 + 3.Kf5*e4[+wuRf5] uRf5-f3 4.Ke4-d4[+wuPe4] uRf3-d3 #`.
        let line = ["c3e5", "f8f5", "g4f5", "e2e4", "f5e4", "f5f3", "e4d4", "f3d3"];
        let v = play("GhostChess", "5R2/8/8/2n5/2p3k1/2b5/4P3/8 b - -", &line);
        assert_eq!(v[4], "Kf5*e4[+wuRf5]");
        assert_eq!(v[5], "uRf5-f3");
        assert_eq!(v[6], "Ke4-d4[+wuPe4]");
    }

    #[test]
    fn an_uncapturable_ghost_is_not_taken() {
        // After 3.Kf5*e4[+wuRf5] of the line above, the black king beside the ghost rook on f5 may not take it.
        let (pieces, state) = parse_fen("5R2/8/8/2n1b3/2p3k1/8/4P3/8 b - -").unwrap();
        let spec = crate::input::vocab::conditions::parse_condition_text("GhostChess").unwrap();
        let rules = Rules::new(pieces.iter().map(|p| p.kind), build_all(&[spec]).unwrap());
        let mut pos = build_position(&pieces, &state, Color::Black, &rules, &no_wk()).unwrap();
        let mut out = Vec::new();
        for uci in ["g4g5", "f8f5", "g5f5", "e2e4", "f5e4"] {
            rules.legal_moves(&pos, &mut out);
            let mv = *out.iter().find(|m| m.uci() == uci).unwrap();
            pos = rules.make(&pos, mv);
        }
        pos = rules.make(&pos, *{
            rules.legal_moves(&pos, &mut out);
            out.iter().find(|m| m.uci() == "f5f4").unwrap()
        });
        // The ghost rook went back to f5 uncapturable and moved to f4, beside the king on e4; `explain` says why
        // the king may not take it.
        let f4 = Square::parse("f4").unwrap();
        assert!(pos.attrs_at(f4).has(Attrs::UNCAPTURABLE));
        rules.legal_moves(&pos, &mut out);
        assert!(!out.iter().any(|m| m.capture() == Some(f4)), "{out:?}");
        let mut pseudo = Vec::new();
        rules.pseudo_moves(&pos, &mut pseudo);
        let take = *pseudo.iter().find(|m| m.capture() == Some(f4)).unwrap();
        let why = rules.conditions()[0].explain_move(&rules, &pos, take).unwrap();
        assert!(why.contains("uncapturable"), "{why}");
    }

    #[test]
    fn a_haunted_ghost_comes_back_capturable_and_a_new_one_sends_the_old_away() {
        // Popeye 4.104, EXAMPLES/hauntedchess.inp#7 (h#5, HauntedChess, White Kf1 Be4 Pb3, Black Kc1 Bb1 Sa2
        // Pb4b2h2): `1.h2-h1=Q + Be4*h1 2.Kc1-c2 Kf1-e2 3.Kc2*b3 Bh1-a8[+bQh1] 4.Qh1*a8 Ke2-d2 5.Qa8-a3[+wBa8]
        // Ba8-d5 #`.
        let line = ["h2h1q", "e4h1", "c1c2", "f1e2", "c2b3", "h1a8", "h1a8", "e2d2", "a8a3", "a8d5"];
        let v = play("HauntedChess", "8/8/8/8/1p2B3/1P6/np5p/1bk2K2 b - -", &line);
        assert_eq!(v[5], "Bh1-a8[+bQh1]");
        assert_eq!(v[6], "Qh1*a8");
        assert_eq!(v[8], "Qa8-a3[+wBa8]");
    }
}
