//! Legal move generation for orthodox play (no condition, orthodox pieces, one king): the pins and the check
//! are found once per position, and each piece's targets are cut to its pin line and to the squares that parry
//! the check, so that no move is made to be judged (the king's steps are judged by the squares the enemy
//! observes with the king lifted, en passant by making it). The list is [`Rules::pseudo_moves`] with the illegal
//! moves left out, in the same order; `Rules::legal_moves` of other play stays the reference it is tested against.

use super::hooks::ChangeFacts;
use super::legality::{lone_blockers, NodeFacts, Shortcut};
use super::{orthodox_observed_in, orthodox_observers_in, pawn_ranks, Rules};
use crate::attacks::{
    between, bishop_attacks, line, rook_attacks, Occupancy, KING, KNIGHT, PAWN_ATTACKS, PAWN_OBSERVERS,
};
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Kind, Piece};
use crate::position::{castle, Position};
use crate::square::{Bitboard, Color, Square};

impl Rules {
    /// Whether the legal moves of `pos` are generated as such (not as pseudo-legal moves each tested):
    /// orthodox play, or Madrasi where it cannot matter ([`no_kind_shared`]), and one king of the side to move.
    #[inline]
    pub fn generates_legal(&self, pos: &Position) -> bool {
        (self.orthodox_play || (self.madrasi_alone && no_kind_shared(pos)))
            && pos.pieces_bb(pos.side(), Kind::KING).count() == 1
    }

    /// The legal moves of `pos` under orthodox play (see the module's text; [`Rules::generates_legal`] must
    /// hold).
    pub(super) fn orthodox_legal_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side();
        let them = us.opposite();
        let king = pos.king(us).expect("one king");
        let checkers = orthodox_observers_in(pos, pos.occupied(), king, them);
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
        self.pinned_legal_moves::<false>(pos, king, pinned, evasion, Paralysis::Pieces(Bitboard::EMPTY), None, out);
    }

    /// Whether [`Rules::unobserved_king_safe_moves`] applies to `pos`, whose [`NodeFacts`] are `node`: orthodox
    /// kinds, conditions that only take observations away or test after the move, one king of the side to move,
    /// which no enemy piece observes.
    #[inline]
    pub(super) fn generates_unobserved(&self, pos: &Position, node: &NodeFacts) -> bool {
        self.unobserved_play
            && node.shortcut == Shortcut::UnobservedPins
            && pos.pieces_bb(pos.side(), Kind::KING).count() == 1
    }

    /// The moves of `pos` that leave the mover's king unchecked, under conditions that only take observations
    /// away (paralysis, observations that do not count) or test the position after the move, when no enemy
    /// piece observes the king at all ([`Rules::generates_unobserved`]): the pseudo-legal moves in their order,
    /// the paralysed pieces masked out once, each piece's targets cut to its pin line as in orthodox play; a
    /// pinned piece leaving its line, a king's step to an observed square, castling and en passant are made
    /// and asked for check (the observer may be paralysed, or its observation may not count). The conditions'
    /// tests after the move are the caller's ([`Rules::conditions_accept_at`]), except where the node has a
    /// condition's [`ChangeFacts`]: the plain moves they judge illegal are left out, and true is returned when
    /// they judge every move listed, or when no condition tests after the move (every move listed is legal,
    /// then: the caller need not test any).
    pub(super) fn unobserved_king_safe_moves(&self, pos: &Position, node: &NodeFacts, out: &mut MoveList) -> bool {
        let change = node.change.as_ref();
        let judged = match self.own_kind_paralysis {
            // Madrasi: each piece's paralysis read off its own targets (leaps, rook/bishop lines and pawn captures
            // are symmetric; the side to move has no pawn an opponent could take en passant).
            Some(rex_inclusive) => {
                let them = pos.color_bb(pos.side().opposite());
                let mut paralysers = [Bitboard::EMPTY; 6];
                for kind in [Kind::PAWN, Kind::KNIGHT, Kind::BISHOP, Kind::ROOK, Kind::QUEEN, Kind::KING] {
                    if kind != Kind::KING || rex_inclusive {
                        paralysers[kind.index()] = pos.kind_bb(kind) & them;
                    }
                }
                self.pinned_legal_moves::<true>(
                    pos,
                    node.king,
                    node.pinned,
                    Bitboard(!0),
                    Paralysis::OwnKind(&paralysers),
                    change,
                    out,
                )
            }
            None => {
                let paralysed = self.paralysed(pos, pos.side());
                self.pinned_legal_moves::<true>(
                    pos,
                    node.king,
                    node.pinned,
                    Bitboard(!0),
                    Paralysis::Pieces(paralysed),
                    change,
                    out,
                )
            }
        };
        // Without a condition testing the position after the move (Madrasi, Eiffel), every move listed is legal.
        judged || !self.tests_after_move()
    }

    /// The body of [`Rules::orthodox_legal_moves`] (`TESTED` false) and of
    /// [`Rules::unobserved_king_safe_moves`] (`TESTED` true: the moves orthodox play leaves out for the king's
    /// sake are made and asked for check; the paralysed pieces do not move; the plain moves that `change` judges
    /// illegal are left out, and the return value tells whether it judged every move listed).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn pinned_legal_moves<const TESTED: bool>(
        &self,
        pos: &Position,
        king: Square,
        pinned: Bitboard,
        evasion: Bitboard,
        paralysis: Paralysis,
        change: Option<&ChangeFacts>,
        out: &mut MoveList,
    ) -> bool {
        out.clear();
        // Whether `change` judges every move listed so far: none from a square it leaves to the condition's own
        // test, no castling, en passant or promotion.
        let mut judged = change.is_some();
        let us = pos.side();
        let them = us.opposite();
        let occ = pos.occupied();
        let own = pos.color_bb(us);
        let theirs = pos.color_bb(them);
        let safe = |mv: Move| self.safe_after(pos, mv);
        let (paralysed, own_kind) = match paralysis {
            Paralysis::Pieces(p) => (p, None),
            Paralysis::OwnKind(by_kind) => (Bitboard::EMPTY, Some(by_kind)),
        };
        for from in own & !paralysed {
            let kind = pos.kind_on(from);
            // Madrasi: a pawn or king by the squares its observers would stand on; the other kinds below, by
            // their targets.
            let paralysers = own_kind.map_or(Bitboard::EMPTY, |by_kind| by_kind[kind.index()]);
            let observers = match kind {
                Kind::PAWN => Bitboard(PAWN_OBSERVERS[them.index()][from.index()]),
                Kind::KING => Bitboard(KING[from.index()]),
                _ => Bitboard::EMPTY,
            };
            if (observers & paralysers).non_empty() {
                continue;
            }
            let allowed = if pinned.has(from) { evasion & line(king, from) } else { evasion };
            // The arrivals `change` judges illegal for this piece's plain moves (none when it does not judge them).
            let barred = match change {
                Some(c) if TESTED => {
                    if c.vacating.has(from) {
                        judged = false;
                        Bitboard::EMPTY
                    } else {
                        c.arrival[kind.index()]
                    }
                }
                _ => Bitboard::EMPTY,
            };
            let targets = match kind {
                Kind::PAWN => {
                    let double_barred = match change {
                        Some(c) if TESTED => c.double_step | barred,
                        _ => Bitboard::EMPTY,
                    };
                    judged &= self.legal_pawn_moves::<TESTED>(pos, from, us, allowed, barred, double_barred, out);
                    continue;
                }
                Kind::KING => {
                    let lifted = occ & !from.bb();
                    for to in Bitboard(KING[from.index()]) & !own & !barred {
                        let mv = Move::new(from, to, theirs.has(to).then_some(to), Special::None).by(kind);
                        if !orthodox_observed_in(pos, lifted, to, them) || (TESTED && safe(mv)) {
                            out.push(mv);
                        }
                    }
                    if self.castling_exists() && pos.castling() != 0 {
                        if TESTED {
                            let start = out.len();
                            self.castling_moves(pos, from, us, out);
                            let mut i = start;
                            while i < out.len() {
                                if safe(out[i]) {
                                    i += 1;
                                } else {
                                    out.remove(i);
                                }
                            }
                            // Castling takes the condition's own test.
                            judged &= out.len() == start;
                        } else if evasion.0 == !0 {
                            legal_castling(pos, from, us, out);
                        }
                    }
                    continue;
                }
                Kind::KNIGHT => Bitboard(KNIGHT[from.index()]),
                Kind::BISHOP => bishop_attacks(from, occ),
                Kind::ROOK => rook_attacks(from, occ),
                _ => rook_attacks(from, occ) | bishop_attacks(from, occ),
            };
            if (targets & paralysers).non_empty() {
                continue;
            }
            let targets = targets & !barred;
            if TESTED && allowed.0 != !0 {
                for to in targets & !own {
                    let mv = Move::new(from, to, theirs.has(to).then_some(to), Special::None).by(kind);
                    if allowed.has(to) || safe(mv) {
                        out.push(mv);
                    }
                }
                continue;
            }
            for to in targets & !own & allowed {
                out.push(Move::new(from, to, theirs.has(to).then_some(to), Special::None).by(kind));
            }
        }
        judged
    }

    /// Whether the mover's king is unchecked after `mv`, made to be asked: the rare case of the generation under
    /// conditions, kept out of line so that the common one stays small.
    #[inline(never)]
    fn safe_after(&self, pos: &Position, mv: Move) -> bool {
        !self.in_check(&pos.make(mv), pos.side())
    }

    /// The legal moves of the pawn on `from`, arriving in `allowed` (its pin line and the squares that parry a
    /// check); en passant by making it.
    /// With `TESTED`, a move arriving off `allowed` is made and asked for check instead of left out, and the
    /// moves that a condition's [`ChangeFacts`] judge illegal are left out: a step or capture arriving in `barred`
    /// (no promotion), a double step arriving in `double_barred`. Returns false when a move is listed that those
    /// facts do not judge (a promotion, en passant).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn legal_pawn_moves<const TESTED: bool>(
        &self,
        pos: &Position,
        from: Square,
        us: Color,
        allowed: Bitboard,
        barred: Bitboard,
        double_barred: Bitboard,
        out: &mut MoveList,
    ) -> bool {
        let Some((fwd, last, start_rank)) = pawn_ranks(from, us) else { return true };
        let start = out.len();
        let occ = pos.occupied();
        // Each promotion asked apart: the piece promoted to may paralyse the piece that would give check.
        let ok = |mv: Move| allowed.has(mv.to) || (TESTED && self.safe_after(pos, mv));
        let push = |mv: Move, out: &mut MoveList| {
            if mv.to.rank() == last {
                self.push_promotions::<TESTED>(pos, mv, allowed, out);
            } else if !barred.has(mv.to) && ok(mv) {
                out.push(mv);
            }
        };
        if let Some(one) = from.offset(0, fwd) {
            if !occ.has(one) {
                push(Move::new(from, one, None, Special::None).by(Kind::PAWN), out);
                if from.rank() == start_rank {
                    if let Some(two) = one.offset(0, fwd) {
                        let mv = Move::new(from, two, None, Special::DoubleStep).by(Kind::PAWN);
                        if !occ.has(two) && !double_barred.has(two) && ok(mv) {
                            out.push(mv);
                        }
                    }
                }
            }
        }
        let attacks = Bitboard(PAWN_ATTACKS[us.index()][from.index()]);
        for to in attacks & pos.color_bb(us.opposite()) & if TESTED { Bitboard(!0) } else { allowed } {
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
        // The facts judge plain steps and captures only: not a promotion, not en passant.
        !TESTED || out[start..].iter().all(|m| m.promotion().is_none() && m.special != Special::EnPassant)
    }
}

impl Rules {
    /// The promotions of the pawn step or capture `mv` for [`Rules::legal_pawn_moves`], one per promotion kind
    /// (out of line: the common pawn move's code stays small enough to be inlined).
    #[inline(never)]
    fn push_promotions<const TESTED: bool>(&self, pos: &Position, mv: Move, allowed: Bitboard, out: &mut MoveList) {
        if allowed.has(mv.to) {
            out.extend(self.promotions.iter().map(|&k| mv.promoting(k)));
        } else if TESTED {
            out.extend(self.promotions.iter().map(|&k| mv.promoting(k)).filter(|&m| self.safe_after(pos, m)));
        }
    }
}

/// Whether no kind but the king stands on both sides of `pos`, nor can after a move of the side to move (a
/// promotion to a kind the opponent has): under Madrasi (kings not counting) no piece is paralysed then, before
/// or after the move, so the legal moves and checks are orthodox ones.
#[inline]
fn no_kind_shared(pos: &Position) -> bool {
    let us = pos.side();
    let (ours, theirs) = (pos.color_bb(us), pos.color_bb(us.opposite()));
    let mut promoted_to = Bitboard::EMPTY;
    for kind in [Kind::PAWN, Kind::KNIGHT, Kind::BISHOP, Kind::ROOK, Kind::QUEEN] {
        let all = pos.kind_bb(kind);
        if (all & ours).non_empty() && (all & theirs).non_empty() {
            return false;
        }
        if kind != Kind::PAWN {
            promoted_to |= all & theirs;
        }
    }
    // Our pawns one step from promotion (a pawn on its own first rank stands still).
    let before_last = Bitboard(0xFF << (8 * if us == Color::White { 6 } else { 1 }));
    promoted_to.is_empty() || (pos.pieces_bb(us, Kind::PAWN) & before_last).is_empty()
}

/// Which pieces of the side to move [`Rules::pinned_legal_moves`] leaves still: those of a set, or (Madrasi) each
/// whose targets hold a piece of the set its kind indexes.
#[derive(Clone, Copy)]
enum Paralysis<'a> {
    Pieces(Bitboard),
    OwnKind(&'a [Bitboard; 6]),
}

/// The legal castlings of the king on `from`, not in check: the square the king passes and the one it arrives on
/// observed by no enemy piece (the latter with king and rook moved). The castlings of [`castlings`], in its order,
/// with the rights, the rook and the empty squares read off bitboards.
#[inline(never)]
fn legal_castling(pos: &Position, from: Square, us: Color, out: &mut MoveList) {
    let (short, long, rank) =
        if us == Color::White { (castle::WK, castle::WQ, 0) } else { (castle::BK, castle::BQ, 7) };
    let rights = pos.castling() & (short | long);
    let sq = |f: u8| Square::from_coords(f, rank);
    if rights == 0 || from != sq(4) {
        return;
    }
    let occ = pos.occupied();
    let rooks = pos.pieces_bb(us, Kind::ROOK);
    let them = us.opposite();
    // (right, rook's square, squares that must be empty, square passed, arrival square, special)
    let sides = [
        (short, sq(7), sq(5).bb() | sq(6).bb(), sq(5), sq(6), Special::CastleShort),
        (long, sq(0), sq(1).bb() | sq(2).bb() | sq(3).bb(), sq(3), sq(2), Special::CastleLong),
    ];
    for (right, rook, empty, passed, arrival, special) in sides {
        if rights & right != 0
            && rooks.has(rook)
            && (occ & empty).is_empty()
            && !either_observed(
                pos,
                [(occ, passed), (occ ^ from.bb() ^ rook.bb() ^ passed.bb() ^ arrival.bb(), arrival)],
                them,
            )
        {
            out.push(Move::new(from, arrival, None, special).by(Kind::KING));
        }
    }
}

/// Whether an orthodox piece of colour `by` observes either square, each with the lines blocked by its own
/// occupancy: [`orthodox_observed_in`] of both, the leaps of both asked at once, then a rider's lines.
#[inline]
fn either_observed(pos: &Position, [(occ_a, a), (occ_b, b)]: [(Bitboard, Square); 2], by: Color) -> bool {
    let theirs = pos.color_bb(by);
    let (a, b) = (a.index(), b.index());
    let leapers = (Bitboard(KNIGHT[a] | KNIGHT[b]) & pos.kind_bb(Kind::KNIGHT))
        | (Bitboard(KING[a] | KING[b]) & pos.kind_bb(Kind::KING))
        | (Bitboard(PAWN_OBSERVERS[by.index()][a] | PAWN_OBSERVERS[by.index()][b]) & pos.kind_bb(Kind::PAWN));
    if (leapers & theirs).non_empty() {
        return true;
    }
    let queens = pos.kind_bb(Kind::QUEEN);
    let ortho = (pos.kind_bb(Kind::ROOK) | queens) & theirs;
    let diag = (pos.kind_bb(Kind::BISHOP) | queens) & theirs;
    let (a, b) = (Square::new(a as u8), Square::new(b as u8));
    (((rook_attacks(a, Bitboard::EMPTY) | rook_attacks(b, Bitboard::EMPTY)) & ortho).non_empty()
        && ((rook_attacks(a, occ_a) | rook_attacks(b, occ_b)) & ortho).non_empty())
        || (((bishop_attacks(a, Bitboard::EMPTY) | bishop_attacks(b, Bitboard::EMPTY)) & diag).non_empty()
            && ((bishop_attacks(a, occ_a) | bishop_attacks(b, occ_b)) & diag).non_empty())
}
