//! Check under Madrasi's paralysis (a piece observed by an opposing piece of its own kind is paralysed and gives
//! no check), asked with attack sets kind by kind: the observers of the king of each kind, then, only when one
//! exists, whether an opposing piece of that kind observes it. The generic test
//! ([`Rules::checked_by_counting_observers`]) asks every observer through the conditions; both must agree.

use super::Rules;
use crate::attacks::{bishop_attacks, rook_attacks, Occupancy, KING, KNIGHT, PAWN_ATTACKS, PAWN_OBSERVERS};
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

impl Rules {
    /// Whether a piece of colour `by` observes `sq` and is not paralysed under Madrasi (`rex_inclusive`: kings
    /// paralyse each other too): [`Rules::is_checked_square`] when Madrasi is the one condition that takes
    /// checks away.
    #[inline]
    pub(super) fn madrasi_checked(&self, pos: &Position, sq: Square, by: Color, rex_inclusive: bool) -> bool {
        let occ = pos.occupied();
        // Every observer at once (the orthodox ones by attack sets); their paralysis only when there is one.
        let s = sq.index();
        let mine = pos.color_bb(by);
        let mut observers = ((Bitboard(KNIGHT[s]) & pos.kind_bb(Kind::KNIGHT))
            | (Bitboard(KING[s]) & pos.kind_bb(Kind::KING))
            | (Bitboard(PAWN_OBSERVERS[by.index()][s]) & pos.kind_bb(Kind::PAWN)))
            & mine;
        // The lines only for the riders there are.
        let queens = pos.kind_bb(Kind::QUEEN);
        let ortho = (pos.kind_bb(Kind::ROOK) | queens) & mine;
        if ortho.non_empty() {
            observers |= rook_attacks(sq, occ) & ortho;
        }
        let diag = (pos.kind_bb(Kind::BISHOP) | queens) & mine;
        if diag.non_empty() {
            observers |= bishop_attacks(sq, occ) & diag;
        }
        for &kind in self.kinds.simple_fairy.iter().chain(&self.kinds.complex) {
            observers |= self.walks.get(kind).observers(pos, kind, by, sq);
        }
        let them = by.opposite();
        observers.into_iter().any(|o| {
            let kind = pos.piece_at(o).expect("an observer").kind;
            // Madrasi: kings are neither paralysed nor paralysing, unless rex inclusive (RULES.md, seed 002).
            if kind == Kind::KING && !rex_inclusive {
                return true;
            }
            let paralysers = pos.pieces_bb(them, kind);
            paralysers.is_empty()
                || (self.kind_observers(pos, occ, o, them, kind, paralysers).is_empty()
                    && !(kind == Kind::PAWN && en_passant_observed(pos, o, by)))
        })
    }

    /// The pieces among `candidates` (of `kind` and colour `by`) that observe `sq` over the occupancy `occ`:
    /// the orthodox kinds by their attack sets read backwards, the others by their compiled walks.
    #[inline(always)]
    fn kind_observers(
        &self,
        pos: &Position,
        occ: Bitboard,
        sq: Square,
        by: Color,
        kind: Kind,
        candidates: Bitboard,
    ) -> Bitboard {
        let s = sq.index();
        let seen = match kind {
            Kind::KING => Bitboard(KING[s]),
            Kind::KNIGHT => Bitboard(KNIGHT[s]),
            Kind::PAWN => Bitboard(PAWN_OBSERVERS[by.index()][s]),
            Kind::ROOK => rook_attacks(sq, occ),
            Kind::BISHOP => bishop_attacks(sq, occ),
            Kind::QUEEN => rook_attacks(sq, occ) | bishop_attacks(sq, occ),
            _ => return self.walks.get(kind).observers(pos, kind, by, sq),
        };
        seen & candidates
    }
}

/// Whether the pawn of `color` on `sq` has just made its double step and an opposing pawn could take it en passant.
// Madrasi en passant: a pawn observes the pawn it could take en passant, so the pawn that has just made its double
// step is paralysed while an opposing pawn could take it; the attack is not mutual (seed 002), and the capturing
// pawn stays free (Popeye's pawn observation includes the en-passant capture; case BEISPIEL-selfref_3: 2.a5*b6 ep.).
#[inline]
pub fn en_passant_observed(pos: &Position, sq: Square, color: Color) -> bool {
    // The pawn's side may be the one to move (series play: the opponent passed, `Position::series_pass`).
    let Some(ep) = pos.ep_square() else { return false };
    ep.offset(0, color.forward()) == Some(sq)
        && pos.piece_at(sq) == Some(Piece::new(color, Kind::PAWN))
        && (Bitboard(PAWN_ATTACKS[color.index()][ep.index()]) & pos.pieces_bb(color.opposite(), Kind::PAWN)).non_empty()
}
