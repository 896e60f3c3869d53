//! Legal move generation for orthodox play (no condition, orthodox pieces, one king): the pins and the check
//! are found once per position, and each piece's targets are cut to its pin line and to the squares that parry
//! the check, so that no move is made to be judged (the king's steps are judged by the squares the enemy
//! observes with the king lifted, en passant by making it). The list is [`Rules::pseudo_moves`] with the illegal
//! moves left out, in the same order; `Rules::legal_moves` of other play stays the reference it is tested against.

use super::legality::lone_blockers;
use super::{castlings, orthodox_observers_in, pawn_ranks, Rules};
use crate::attacks::{between, bishop_attacks, line, rook_attacks, Occupancy, KING, KNIGHT, PAWN_ATTACKS};
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

impl Rules {
    /// Whether the legal moves of `pos` are generated as such (not as pseudo-legal moves each tested):
    /// orthodox play and one king of the side to move.
    #[inline]
    pub fn generates_legal(&self, pos: &Position) -> bool {
        self.orthodox_play && pos.pieces_bb(pos.side(), Kind::KING).count() == 1
    }

    /// The legal moves of `pos` under orthodox play (see the module's text; [`Rules::generates_legal`] must
    /// hold).
    pub(super) fn orthodox_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        out.clear();
        let us = pos.side();
        let them = us.opposite();
        let occ = pos.occupied();
        let own = pos.color_bb(us);
        let theirs = pos.color_bb(them);
        let king = pos.king(us).expect("one king");
        let checkers = orthodox_observers_in(pos, occ, king, them);
        let evasion = match checkers.count() {
            0 => Bitboard(!0),
            1 => between(king, checkers.first().expect("one checker")) | checkers,
            _ => Bitboard::EMPTY,
        };
        let queens = pos.pieces_bb(them, Kind::QUEEN);
        let pinned = lone_blockers(
            pos,
            king,
            pos.pieces_bb(them, Kind::ROOK) | queens,
            pos.pieces_bb(them, Kind::BISHOP) | queens,
            us,
        );
        for from in own {
            let kind = pos.piece_at(from).expect("occupied").kind;
            let allowed = if pinned.has(from) { evasion & line(king, from) } else { evasion };
            let targets = match kind {
                Kind::PAWN => {
                    self.legal_pawn_moves(pos, from, us, allowed, out);
                    continue;
                }
                Kind::KING => {
                    let lifted = occ & !from.bb();
                    for to in Bitboard(KING[from.index()]) & !own {
                        if orthodox_observers_in(pos, lifted, to, them).is_empty() {
                            out.push(Move::new(from, to, theirs.has(to).then_some(to), Special::None).by(kind));
                        }
                    }
                    if checkers.is_empty() && self.castling_exists() && pos.castling() != 0 {
                        legal_castling(pos, from, us, out);
                    }
                    continue;
                }
                Kind::KNIGHT => Bitboard(KNIGHT[from.index()]),
                Kind::BISHOP => bishop_attacks(from, occ),
                Kind::ROOK => rook_attacks(from, occ),
                _ => rook_attacks(from, occ) | bishop_attacks(from, occ),
            };
            for to in targets & !own & allowed {
                out.push(Move::new(from, to, theirs.has(to).then_some(to), Special::None).by(kind));
            }
        }
    }

    /// The legal moves of the pawn on `from`, arriving in `allowed` (its pin line and the squares that parry a
    /// check); en passant by making it.
    fn legal_pawn_moves(&self, pos: &Position, from: Square, us: Color, allowed: Bitboard, out: &mut MoveList) {
        let Some((fwd, last, start_rank)) = pawn_ranks(from, us) else { return };
        let occ = pos.occupied();
        let push = |mv: Move, out: &mut MoveList| {
            if mv.to.rank() == last {
                out.extend(self.promotions.iter().map(|&k| mv.promoting(k)));
            } else {
                out.push(mv);
            }
        };
        if let Some(one) = from.offset(0, fwd) {
            if !occ.has(one) {
                if allowed.has(one) {
                    push(Move::new(from, one, None, Special::None).by(Kind::PAWN), out);
                }
                if from.rank() == start_rank {
                    if let Some(two) = one.offset(0, fwd) {
                        if !occ.has(two) && allowed.has(two) {
                            out.push(Move::new(from, two, None, Special::DoubleStep).by(Kind::PAWN));
                        }
                    }
                }
            }
        }
        let attacks = Bitboard(PAWN_ATTACKS[us.index()][from.index()]);
        for to in attacks & pos.color_bb(us.opposite()) & allowed {
            push(Move::new(from, to, Some(to), Special::None).by(Kind::PAWN), out);
        }
        if let Some(ep) = pos.ep_square() {
            if attacks.has(ep) && self.en_passant_exists() && !occ.has(ep) {
                if let Some(cap) = ep.offset(0, -fwd) {
                    if pos.piece_at(cap) == Some(Piece::new(us.opposite(), Kind::PAWN)) {
                        let mv = Move::new(from, ep, Some(cap), Special::EnPassant).by(Kind::PAWN);
                        if !self.in_check(&pos.make(mv), us) {
                            out.push(mv);
                        }
                    }
                }
            }
        }
    }
}

/// The legal castlings of the king on `from`, not in check: the square the king passes and the one it arrives on
/// observed by no enemy piece (the latter with king and rook moved).
fn legal_castling(pos: &Position, from: Square, us: Color, out: &mut MoveList) {
    let occ = pos.occupied();
    let safe = |sq: Square, occ: Bitboard| orthodox_observers_in(pos, occ, sq, us.opposite()).is_empty();
    castlings(pos, from, us, out, |passed, arrival| {
        let rook = Square::from_coords(if arrival.file() == 6 { 7 } else { 0 }, arrival.rank());
        safe(passed, occ) && safe(arrival, occ ^ from.bb() ^ rook.bb() ^ passed.bb() ^ arrival.bb())
    });
}
