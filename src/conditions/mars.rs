//! The Mars Circe family (Popeye's `conditions/marscirce/`): a piece moves, or captures, as if it stood on its
//! rebirth square, the square a Circe rule ([`CirceSpec`]) would rebear it on were it taken where it stands. The
//! piece must be able to get there: the square is empty or its own. Nothing is reborn; the move ends where the walk
//! from the rebirth square ends. Popeye writes the detour: `Qd4-d1*f3`.
//!
//! - **Mars Circe**: captures only from the rebirth square, moves that take nothing as usual. Check likewise: a
//!   piece observes only from its rebirth square. Kings too.
//! - **Anti-Mars Circe**: moves that take nothing only from the rebirth square, captures (and check) as usual.
//! - **Phantom chess**: every move as usual, and also from the rebirth square (an arrival the usual moves already
//!   reach, or the piece's own square, is not repeated); a piece observes from both. Kings not, unless rex
//!   inclusive.
//! - **Plus chess**: a piece on d4, d5, e4 or e5 also captures (and observes) from the other three central
//!   squares.

use super::circe::{Circe, CirceSpec, MarsType};
use crate::attacks::Occupancy;
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// The central squares of Plus chess: d4, d5, e4, e5.
const CENTRE: [u8; 4] = [27, 35, 28, 36];

/// A condition of the Mars Circe family.
#[derive(Clone, Debug)]
pub struct Mars {
    spec: CirceSpec,
    kind: MarsType,
    text: String,
}

impl Mars {
    /// The condition of the rule `spec` (its family one of [`MarsType`]), written `text`.
    pub fn new(spec: CirceSpec, text: String) -> Mars {
        let kind = match spec.family {
            super::circe::Family::Mars(k) => k,
            _ => MarsType::Mars,
        };
        Mars { spec, kind, text }
    }

    /// The rule in force.
    pub fn spec(&self) -> &CirceSpec {
        &self.spec
    }

    /// The squares other than `sq` from which `piece` on `sq` moves (its rebirth square; Plus chess: the other
    /// central squares), whether empty or not.
    fn homes(&self, piece: Piece, sq: Square, royal: bool) -> ([Option<Square>; 3], Option<Square>) {
        let mut out = [None; 3];
        if self.kind == MarsType::Plus {
            if CENTRE.contains(&(sq.index() as u8)) {
                for (slot, c) in out.iter_mut().zip(CENTRE.iter().filter(|&&c| c != sq.index() as u8)) {
                    *slot = Some(Square::new(*c));
                }
            }
            return (out, Some(sq));
        }
        let home = Circe::home_square(&self.spec, piece, sq, royal);
        if let Some(h) = home.filter(|&h| h != sq) {
            out[0] = Some(h);
        }
        (out, home)
    }

    /// The moves `piece`, taken off `from`, makes from `via` (empty), by its walk (castling excepted), as moves of
    /// the piece on `from` via `via`.
    fn moves_from(rules: &Rules, pos: &Position, piece: Piece, from: Square, via: Square, out: &mut MoveList) {
        let mut there = pos.clone();
        there.remove(from);
        there.put(via, piece);
        let start = out.len();
        rules.walked_piece_moves(&there, via, out);
        for m in &mut out[start..] {
            *m = m.moved_via(from, via);
        }
        out.retain_from(start, |m| !matches!(m.special, Special::CastleShort | Special::CastleLong));
    }

    /// Whether `piece` of `by`, taken off `from` and put on `via` (empty), observes `target`.
    fn observes_from(
        rules: &Rules,
        pos: &mut Position,
        piece: Piece,
        from: Square,
        via: Square,
        target: Square,
    ) -> bool {
        pos.remove(from);
        pos.put(via, piece);
        let seen = rules.observers_of_kind(pos, target, piece.color, piece.kind).has(via);
        pos.remove(via);
        pos.put(from, piece);
        seen
    }
}

/// Keeping a tail of a move list.
trait RetainFrom {
    fn retain_from(&mut self, start: usize, keep: impl FnMut(&Move) -> bool);
}

impl RetainFrom for MoveList {
    fn retain_from(&mut self, start: usize, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = start;
        for i in start..self.len() {
            let m = self[i];
            if keep(&m) {
                self[kept] = m;
                kept += 1;
            }
        }
        self.truncate(kept);
    }
}

impl Condition for Mars {
    fn describe(&self) -> String {
        self.text.clone()
    }

    fn hooks(&self) -> Hooks {
        match self.kind {
            MarsType::Mars => Hooks::PIECE_MOVES | Hooks::OBSERVATION | Hooks::EXTRA_CHECK,
            MarsType::AntiMars => Hooks::PIECE_MOVES,
            MarsType::Phantom | MarsType::Plus => Hooks::PIECE_MOVES | Hooks::EXTRA_CHECK,
        }
    }

    // A move's result is a plain move's, but which moves exist and what gives check are the family's own: none of
    // stipula's shortcuts stands.
    fn keeps(&self) -> Keeps {
        Keeps { pins: false, unobserved_pins: false, captures: false, check_filter: false, orthodox: false }
    }

    fn piece_moves(&self, rules: &Rules, pos: &Position, from: Square, out: &mut MoveList) {
        let start = out.len();
        rules.walked_piece_moves(pos, from, out);
        let Some(piece) = pos.piece_at(from) else { return };
        let (homes, home) = self.homes(piece, from, pos.royal_bb(piece.color).has(from));
        let occupied = pos.occupied();
        match self.kind {
            MarsType::Mars | MarsType::AntiMars => {
                if home == Some(from) {
                    // Popeye generates a king's castlings once more from its rebirth square, where it stands, and
                    // plays and prints each twice (`1.0-0 !` twice under `~1`): kept as moves via that square.
                    if self.kind == MarsType::Mars && piece.kind == Kind::KING {
                        for i in start..out.len() {
                            let m = out[i];
                            if matches!(m.special, Special::CastleShort | Special::CastleLong) {
                                out.push(m.moved_via(from, from));
                            }
                        }
                    }
                    return;
                }
                let captures = self.kind == MarsType::Mars;
                // From its own square only the moves of the other kind (Popeye rejects the rest).
                out.retain_from(start, |m| m.is_capture() != captures);
                if let Some(h) = homes[0].filter(|&h| !occupied.has(h)) {
                    let mid = out.len();
                    Mars::moves_from(rules, pos, piece, from, h, out);
                    // Popeye lets a pawn's double step from its rebirth square end on its own square (`c4-c2-c4`),
                    // no other move.
                    out.retain_from(mid, |m| {
                        m.is_capture() == captures && (captures || m.to != from || m.special == Special::DoubleStep)
                    });
                }
            }
            MarsType::Phantom | MarsType::Plus => {
                let captures_only = self.kind == MarsType::Plus;
                let regular = out.len();
                for h in homes.into_iter().flatten().filter(|&h| !occupied.has(h)) {
                    let mid = out.len();
                    Mars::moves_from(rules, pos, piece, from, h, out);
                    // Popeye's `phantom_avoid_duplicate_moves`: an arrival the piece's usual moves reach is not
                    // repeated, nor a move back to its own square (two central squares may both reach one:
                    // `Kd5-e4*f4` and `Kd5-e5*f4`).
                    let mut i = mid;
                    while i < out.len() {
                        let m = out[i];
                        let repeated = out[start..regular].iter().any(|o| o.to == m.to);
                        if m.to == from || repeated || (captures_only && !m.is_capture()) {
                            out.remove(i);
                        } else {
                            i += 1;
                        }
                    }
                }
            }
        }
    }

    // Mars Circe: a piece away from its rebirth square observes nothing from where it stands; a king outside rex
    // inclusive observes nothing at all (Popeye's `marscirce_is_square_observed_enforce_rex_exclusive`).
    fn observation_counts(&self, _rules: &Rules, pos: &Position, observer: Square, _target: Square) -> bool {
        let Some(piece) = pos.piece_at(observer) else { return true };
        self.homes(piece, observer, pos.royal_bb(piece.color).has(observer)).1 == Some(observer)
    }

    // Observations from the rebirth squares (Plus chess: the other central squares), the piece taken off its own
    // square, when that square is empty (Popeye's `marscirce_is_square_observed`).
    fn extra_check(&self, rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        let occupied = pos.occupied();
        let candidates = if self.kind == MarsType::Plus {
            CENTRE.iter().fold(Bitboard::EMPTY, |b, &c| b | Square::new(c).bb()) & pos.color_bb(by)
        } else {
            pos.color_bb(by)
        };
        let mut board: Option<Position> = None;
        for o in candidates {
            let Some(piece) = pos.piece_at(o) else { continue };
            let royal = pos.royal_bb(piece.color).has(o);
            if royal && !self.spec.rex_inclusive && self.kind != MarsType::Plus {
                continue;
            }
            for h in self.homes(piece, o, royal).0.into_iter().flatten() {
                if occupied.has(h) || h == sq {
                    continue;
                }
                let board = board.get_or_insert_with(|| pos.clone());
                if Mars::observes_from(rules, board, piece, o, h, sq) {
                    return true;
                }
            }
        }
        false
    }

    // Popeye's Anti-Mars castling: the king from its rebirth square, after it has moved too, with a rook perhaps
    // moved to its own rebirth square first (`[wKg1->e1]0-0`, EXAMPLES/antimars.inp#3). Not implemented.
    fn castling_unsupported(&self) -> Option<&'static str> {
        (self.kind == MarsType::AntiMars).then_some("AntiMarsCirce")
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let via = mv.via()?;
        let piece = before.piece_at(mv.from)?;
        let name = format!("{} {}", piece.color.name().to_lowercase(), piece.kind.name());
        Some(format!("Under {} the {name} on {} moves as if it stood on {via}.", self.text, mv.from))
    }
}
