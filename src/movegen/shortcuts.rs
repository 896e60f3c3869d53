//! The searches' shortcuts under orthodox play: which moves can give check ([`CheckFilter`], under paralysis
//! conditions too), and replies that survive most moves ([`ReplyWitnesses`]), so that the last move of a search
//! need not be made for every move.

use super::hooks::Hooks;
use super::legality::{lone_blocker, lone_blockers, NodeFacts, Shortcut};
use super::{riders, Rules};
use crate::attacks::{
    between, beyond, bishop_attacks, line, orthodox_attacks, rook_attacks, Occupancy, KNIGHT, PAWN_ATTACKS,
    PAWN_OBSERVERS,
};
use crate::moves::{Move, MoveList, Special};
use crate::pieces::Kind;
use crate::position::Position;
use crate::square::{Bitboard, Square};

/// Which moves of the side to move can give check, so that the last move of a mate search need not make the
/// others (orthodox rules and pieces only; see [`Rules::check_filter`]).
#[derive(Clone, Copy, Debug)]
pub struct CheckFilter {
    king: Square,
    /// Our pieces that stand alone between the enemy king and our rider on its line.
    discover: Bitboard,
    /// Per orthodox kind: the squares from which a piece of that kind would observe the enemy king.
    direct: [Bitboard; 6],
    /// With fairy kinds in play ([`Rules::mate_filter`]): the squares whose occupancy can change whether a piece
    /// observes the enemy king ([`Rules`]' sensitive squares); a move that empties or fills one may give check.
    sensitive: Bitboard,
}

impl CheckFilter {
    /// False only when `mv` certainly gives no check: not castling or en passant (always tested), not
    /// uncovering a rider's line, and not arriving where its kind (a promotion's new kind) observes the king. A piece
    /// that already observed the king cannot exist (the enemy would be in check on our move), so the
    /// occupancy before the move decides the direct lines.
    #[inline]
    pub fn may_check(&self, pos: &Position, mv: Move) -> bool {
        if !matches!(mv.special, Special::None | Special::DoubleStep) {
            return true;
        }
        if self.discover.has(mv.from) && !line(self.king, mv.from).has(mv.to) {
            return true;
        }
        // Sensitive squares exist only with fairy kinds: orthodox play (the solver's hot path) skips the test.
        if self.sensitive.non_empty() {
            let touched = mv.from.bb() | mv.to.bb() | mv.capture().map_or(Bitboard::EMPTY, Square::bb);
            if (touched & self.sensitive).non_empty() {
                return true;
            }
        }
        if let Some(kind) = mv.promotion() {
            // The new piece observes from the arrival square over the board the move leaves (its own pawn gone:
            // a line through the from square opens); a fairy promotion piece is always tested.
            let occ = pos.occupied() & !mv.from.bb();
            return orthodox_attacks(kind, pos.side(), mv.to, occ).is_none_or(|a| a.has(self.king));
        }
        // A fairy piece (only with [`Rules::mate_filter`]'s fairy kinds) is always tested.
        pos.piece_at(mv.from).is_some_and(|p| p.kind.index() >= 6 || self.direct[p.kind.index()].has(mv.to))
    }
}

/// Replies of the side *not* to move that survive most moves of the side to move (orthodox rules and pieces
/// only), so that a last move which cannot take them all away is settled without being made: the stalemating
/// move of help play, the attacker's move before self play's forced mate. See [`Rules::reply_witnesses`].
#[derive(Clone, Copy, Debug)]
pub struct ReplyWitnesses {
    /// The side to move's check filter: a move that may give check is never settled here.
    filter: CheckFilter,
    witnesses: [Witness; 4],
    len: usize,
    /// With replies that give no check: the side to move's king, whose own steps are judged one by one.
    quiet_king: Option<Square>,
}

/// One witness reply and the squares that guard it.
#[derive(Clone, Copy, Debug)]
struct Witness {
    reply: Move,
    /// The kind of the piece that makes the reply.
    piece: Kind,
    /// The squares from which a move of the side to move could take the reply away.
    leave: Bitboard,
    /// Per orthodox kind (index), the squares on which a piece of that kind could take it away by arriving.
    reach: [Bitboard; 6],
    /// A king's step, which survives a check too (no arrival of the checker or line opened reaches its square).
    king: bool,
}

impl Witness {
    const NONE: Witness = Witness {
        reply: Move::new(Square::new(0), Square::new(0), None, Special::None),
        piece: Kind::KING,
        leave: Bitboard::EMPTY,
        reach: [Bitboard::EMPTY; 6],
        king: false,
    };

    /// Whether `mv` of a piece of kind `kind` (a promotion's new kind) keeps this reply, `check` saying whether
    /// it may give check.
    #[inline]
    fn kept_by(&self, mv: Move, kind: Kind, check: bool) -> bool {
        (if self.king { mv.promotion().is_none() } else { !check })
            && !self.leave.has(mv.from)
            && !self.reach[kind.index()].has(mv.to)
    }

    /// Whether the reply still gives no check after the opponent's king steps from `from` to `to` (a legal step
    /// of the position `pos`, before the reply): the reply's piece does not observe `to` from its arrival, and
    /// no queen, rook or bishop of the reply's side observes it through the square the reply leaves (the step
    /// being legal, no other line reaches it).
    fn quiet_after_king_step(&self, pos: &Position, from: Square, to: Square) -> bool {
        let b = self.reply;
        let us = pos.side().opposite();
        let occ = (pos.occupied() & !from.bb() & !b.from.bb()) | to.bb() | b.to.bb();
        if orthodox_attacks(self.piece, us, b.to, occ).is_none_or(|a| a.has(to)) {
            return false;
        }
        (beyond(to, b.from) & riders(pos, us)).into_iter().all(|s| (between(to, s) & occ).non_empty())
    }
}

impl ReplyWitnesses {
    /// True when `mv`, a pseudo-legal move of the side to move, certainly leaves the opponent one of the witness
    /// replies, legal (and giving no check, if the witnesses were chosen so): `mv` is not castling or en
    /// passant, neither leaves nor reaches a square of that witness, and gives no check unless the witness is
    /// a king's step (see [`Rules::reply_witnesses`] for why nothing else can disturb it).
    #[inline]
    pub fn leave_reply(&self, pos: &Position, mv: Move) -> bool {
        if self.len == 0 || !matches!(mv.special, Special::None | Special::DoubleStep) {
            return false;
        }
        let Some(kind) = mv.promotion().or_else(|| pos.piece_at(mv.from).map(|p| p.kind)) else { return false };
        if kind.index() >= 6 {
            return false;
        }
        let check = self.filter.may_check(pos, mv);
        match self.quiet_king {
            Some(k) if k == mv.from => self.witnesses[..self.len]
                .iter()
                .any(|w| w.kept_by(mv, kind, check) && w.quiet_after_king_step(pos, mv.from, mv.to)),
            _ => self.witnesses[..self.len].iter().any(|w| w.kept_by(mv, kind, check)),
        }
    }

    /// Each witness alone, with its reply: [`ReplyWitnesses::leave_reply`] of the single witness promises that
    /// very reply.
    pub fn each(&self) -> impl Iterator<Item = (Move, ReplyWitnesses)> + '_ {
        self.witnesses[..self.len].iter().map(|w| {
            let mut witnesses = [Witness::NONE; 4];
            witnesses[0] = *w;
            (w.reply, ReplyWitnesses { filter: self.filter, witnesses, len: 1, quiet_king: self.quiet_king })
        })
    }
}

impl Rules {
    /// The check filter of `pos` for the side to move, under orthodox play ([`Rules::plays_orthodox`]; otherwise
    /// `None`: every move must be made and tested).
    pub fn check_filter(&self, pos: &Position) -> Option<CheckFilter> {
        if !self.plays_orthodox() {
            return None;
        }
        let king = pos.king(pos.side().opposite())?;
        Some(self.direct_and_discovered(pos, king))
    }

    /// The check filter for the last move of a mate search and for the checks battle play tries first:
    /// [`Rules::check_filter`] under orthodox play; under conditions that only take observations away or test the
    /// position after the move (Madrasi, Eiffel, Isardam), fairy pieces too, when no piece of the side to move
    /// observes the enemy king, not even a paralysed one (otherwise `None`). A check after the move then needs a new observation: by the piece moved, from its
    /// arrival square, or by a piece whose observation depends on a square the move empties or fills (a rider's
    /// line, a hopper's hurdle: [`Rules`]' sensitive squares of the king when fairy kinds are in play). Castling,
    /// en passant, promotions and a fairy piece's moves are always tested. A king's step beside the enemy king
    /// gives no check, as in orthodox play: that king would take ours (check) unless it is paralysed or its capture
    /// illegal, which needs a piece observing it already, or under Madrasi RI the two kings paralyse each other.
    pub fn mate_filter(&self, pos: &Position) -> Option<CheckFilter> {
        if self.plays_orthodox() {
            return self.check_filter(pos);
        }
        if !self.keeps.check_filter {
            return None;
        }
        let us = pos.side();
        let king = pos.king(us.opposite())?;
        if self.observers(pos, king, us).non_empty() {
            return None;
        }
        let mut filter = self.direct_and_discovered(pos, king);
        if !self.kinds.simple_fairy.is_empty() || !self.kinds.complex.is_empty() {
            filter.sensitive = self.sensitive_squares(pos, king, us);
        }
        Some(filter)
    }

    /// The orthodox check filter's sets for the enemy king on `king`: the squares from which each orthodox kind
    /// observes it, and the side to move's pieces that may uncover a rider's line to it.
    fn direct_and_discovered(&self, pos: &Position, king: Square) -> CheckFilter {
        let us = pos.side();
        let occ = pos.occupied();
        let rook = rook_attacks(king, occ);
        let bishop = bishop_attacks(king, occ);
        let mut direct = [Bitboard::EMPTY; 6];
        direct[Kind::QUEEN.index()] = rook | bishop;
        direct[Kind::ROOK.index()] = rook;
        direct[Kind::BISHOP.index()] = bishop;
        direct[Kind::KNIGHT.index()] = Bitboard(KNIGHT[king.index()]);
        // Where our pawn would observe the king from.
        direct[Kind::PAWN.index()] = Bitboard(PAWN_OBSERVERS[us.index()][king.index()]);
        let queens = pos.pieces_bb(us, Kind::QUEEN);
        let (ortho, diag) = (queens | pos.pieces_bb(us, Kind::ROOK), queens | pos.pieces_bb(us, Kind::BISHOP));
        let discover = lone_blockers(pos, king, ortho, diag, us);
        CheckFilter { king, discover, direct, sensitive: Bitboard::EMPTY }
    }

    /// Up to four replies of the opponent (`D`) that stay legal after any move `w` of the side to move (`A`)
    /// that [`ReplyWitnesses::leave_reply`] accepts; with `quiet`, replies that also give no check. `None` under
    /// conditions or fairy pieces, when a king is missing, when `D` is in check, or (with `quiet`) when `A` is.
    ///
    /// A witness `b` is a plain move (no castling, en passant or promotion) that is legal, and with `quiet`
    /// certainly gives no check, in `pos` with `D` to move. Each witness has the squares a move may not leave
    /// and, per kind of the piece that arrives, those it may not reach (below). Why a move `w` that is neither
    /// castling nor en passant and neither leaves nor reaches such a square keeps `b`, when `b` is a move of
    /// a piece other than `D`'s king and `w` gives no check:
    /// - `b` stays pseudo-legal: `w` neither takes `b`'s piece (its from square), nor lands on its path or
    ///   arrival square, nor leaves the arrival square (a pawn's capture needs the piece there);
    /// - `D`'s king is not attacked after `w` and `b`: it was not after `b` alone, and `w` changes two squares.
    ///   The piece `w` moves attacks the king after `b` only through `b`'s from square (or `w` would give
    ///   check), so from a square beyond it on the ray from the king through it (not to be reached); a line `w`
    ///   opens through its from square reaches the king only through `b`'s from square too (or `w` would
    ///   uncover check), from an `A` queen, rook or bishop beyond it on that ray, and `w` then leaves a square
    ///   between the king and that rider (not to be left). A piece `w` takes leaves `w`'s own piece on its
    ///   square, so no line opens there;
    /// - with `quiet`, `A`'s king is not attacked after `w` and `b`. When `w` does not move it: `b`'s piece
    ///   reaches it only through the squares between them (not to be left; arriving there only blocks), and a
    ///   line that `w` opens reaches it only through `b`'s from square (or `w` would leave its own king in
    ///   check, and be illegal), from a `D` queen, rook or bishop beyond it: the squares between the king and
    ///   such a rider are not to be left. When `w` is the king's step, its arrival square is asked directly:
    ///   not observed by `b`'s piece from its arrival, nor by a `D` rider through `b`'s from square (nothing
    ///   else observes it, `w` being legal).
    ///
    /// When `b` is `D`'s king's step to `t`, `w` may give check: `b` stays legal if no `A` piece observes `t`
    /// after `w` (the king gone from its square), as none did before. The piece `w` moves does so only from a
    /// square from which its kind (a promotion's new kind) observes `t` over the board without `D`'s king (not
    /// to be reached, nor `t` itself); another `A` rider only through the square `w` leaves, when that square
    /// alone stood between it and `t` (not to be left; nor `t`, where `b` would take a piece `w` moved away).
    /// With `quiet`, `b` gives no check after `w` for the reasons above (a king observes no far square). A
    /// promotion is never passed over by a king's step: its new piece may observe `t` through the square the
    /// pawn leaves, which no other piece could (it would have observed `t` from there).
    ///
    /// The witnesses are chosen among the first sixteen candidate replies, at most two per piece (replies of
    /// different pieces share fewer squares).
    pub fn reply_witnesses(&self, pos: &Position, quiet: bool) -> Option<ReplyWitnesses> {
        let filter = self.check_filter(pos)?;
        let a = pos.side();
        let d = a.opposite();
        let (ka, kd) = (pos.king(a)?, pos.king(d)?);
        if self.is_checked_square(pos, kd, a) || (quiet && self.is_checked_square(pos, ka, d)) {
            return None;
        }
        let q = pos.null_move();
        let mut moves = Vec::with_capacity(32);
        let node = self.node(&q);
        let dfilter = if quiet { Some(self.check_filter(&q)?) } else { None };
        let occ = pos.occupied();
        let own_a = pos.color_bb(a);
        let (a_riders, d_riders) = (riders(pos, a), riders(pos, d));
        let mut candidates = [Witness::NONE; 16];
        let mut found = 0;
        // The king's steps first (only they survive checks), then the other pieces in square order; at most two
        // candidates per piece: witnesses of different pieces share fewer squares.
        'pieces: for from in kd.bb().into_iter().chain(q.color_bb(d) & !kd.bb()) {
            moves.clear();
            self.piece_pseudo_moves(&q, from, &mut moves);
            let mut of_piece = 0;
            for &b in &moves {
                if b.to == ka || !matches!(b.special, Special::None | Special::DoubleStep) || b.promotion().is_some() {
                    continue;
                }
                if dfilter.is_some_and(|f| f.may_check(&q, b)) || !self.is_legal_at(&q, b, &node) {
                    continue;
                }
                // A line between two squares that `b` leaves blocked by one piece of `A` alone opens when `w` leaves
                // that square (more blockers, or one of `D`'s, and no move of `A` opens it).
                let occ_b = occ & !b.from.bb();
                let opens = |x: Square, y: Square| lone_blocker(x, y, occ_b, own_a);
                // Leaving `b`'s arrival square, and with `quiet` a square between `A`'s king and a `D` rider beyond
                // `b`'s from square (`A`'s king's own steps are judged one by one).
                let mut leave = b.to.bb();
                if quiet {
                    for s in beyond(ka, b.from) & d_riders {
                        leave |= opens(ka, s);
                    }
                }
                let witness = if b.from == kd {
                    // The king's step: arriving where a piece of the kind would observe its arrival square (the king
                    // gone from its own), or leaving a square between that square and an `A` rider.
                    let t = b.to;
                    for s in a_riders {
                        leave |= opens(t, s);
                    }
                    // A piece of `A` observes `t` from where one of `D` of the same kind on `t` would observe (a pawn
                    // from where its own kind observes `t`).
                    let reach =
                        [Kind::KING, Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT, Kind::PAWN].map(|k| {
                            let from = match k {
                                Kind::PAWN => Bitboard(PAWN_OBSERVERS[d.opposite().index()][t.index()]),
                                _ => orthodox_attacks(k, d, t, occ_b).unwrap_or(Bitboard(!0)),
                            };
                            from | t.bb()
                        });
                    Witness { reply: b, piece: Kind::KING, leave, reach, king: true }
                } else {
                    // Arriving on `b`'s squares or beyond its from square seen from `D`'s king; leaving a square
                    // between `D`'s king and an `A` rider beyond `b`'s from square, or with `quiet` one between `b`'s
                    // arrival and `A`'s king.
                    let reach = b.from.bb() | b.to.bb() | between(b.from, b.to) | beyond(kd, b.from);
                    for s in beyond(kd, b.from) & a_riders {
                        leave |= opens(kd, s);
                    }
                    if quiet {
                        leave |= opens(b.to, ka);
                    }
                    let piece = q.piece_at(b.from).map_or(Kind::PAWN, |p| p.kind);
                    Witness { reply: b, piece, leave, reach: [reach; 6], king: false }
                };
                candidates[found] = witness;
                found += 1;
                of_piece += 1;
                if found == candidates.len() {
                    break 'pieces;
                }
                if of_piece == 2 {
                    continue 'pieces;
                }
            }
        }
        // Of the first few candidates (enough in practice, and the search asks for witnesses at every last move),
        // the witnesses a single move is least likely to touch all of: a king's step first (the only kind a check
        // cannot take away), the smallest of them; then each the one sharing least with those chosen.
        let squares = |w: &Witness| {
            w.leave | w.reach[Kind::QUEEN.index()] | w.reach[Kind::KING.index()] | w.reach[Kind::KNIGHT.index()]
        };
        let mut w = ReplyWitnesses { filter, witnesses: [Witness::NONE; 4], len: 0, quiet_king: quiet.then_some(ka) };
        let mut common = Bitboard(!0);
        while w.len < 4 && found > 0 {
            let first_king = w.len == 0 && candidates[..found].iter().any(|c| c.king);
            let (i, _) = candidates[..found]
                .iter()
                .enumerate()
                .filter(|(_, c)| c.king || !first_king)
                .min_by_key(|(_, c)| (squares(c) & common).count())?;
            let c = candidates[i];
            found -= 1;
            candidates[i] = candidates[found];
            common &= squares(&c);
            w.witnesses[w.len] = c;
            w.len += 1;
        }
        Some(w)
    }

    /// The pseudo-legal moves of the side to move that `filter` lets through ([`CheckFilter::may_check`]), in
    /// the order [`Rules::pseudo_moves`] gives them, without generating the others: a piece that cannot uncover
    /// a check contributes only its arrivals on the squares from which its kind would observe the king (one
    /// bitboard). Kings, pawns (promotions, en passant) and pieces that may uncover a check are generated in
    /// full and filtered. For the last move of mate searches.
    pub fn checking_moves(&self, pos: &Position, filter: &CheckFilter, out: &mut MoveList) {
        out.clear();
        let us = pos.side();
        let own = pos.color_bb(us);
        let theirs = pos.color_bb(us.opposite());
        // The paralysed pieces do not move (the filter of conditions that paralyse, [`Rules::mate_filter`]).
        for from in own & !self.paralysed(pos, us) {
            let piece = pos.piece_at(from).expect("occupied");
            if piece.kind == Kind::PAWN
                || piece.kind == Kind::KING
                || piece.kind.index() >= 6
                || filter.discover.has(from)
                || filter.sensitive.non_empty()
            {
                self.piece_moves_where(pos, from, out, |m| filter.may_check(pos, m));
                continue;
            }
            // Orthodox kinds only (the filter exists for nothing else): leaps and rook/bishop lines.
            let targets =
                self.walks.get(piece.kind).simple_targets(pos, from) & !own & filter.direct[piece.kind.index()];
            for to in targets {
                out.push(Move::new(from, to, theirs.has(to).then_some(to), Special::None));
            }
        }
    }

    /// The pseudo-legal moves of the side to move that `w` does not pass over (`!w.leave_reply`), without
    /// generating the others: a piece that cannot uncover a check contributes only its arrivals where its kind
    /// would give check or that touch every witness its from square does not. Kings, pawns and pieces that may
    /// uncover a check are generated in full and filtered.
    pub fn moves_past_witnesses(&self, pos: &Position, w: &ReplyWitnesses, out: &mut MoveList) {
        out.clear();
        let us = pos.side();
        let own = pos.color_bb(us);
        let theirs = pos.color_bb(us.opposite());
        let filter = &w.filter;
        let occ = pos.occupied();
        for from in own {
            let piece = pos.piece_at(from).expect("occupied");
            // A pawn's steps and captures are settled in bulk too, unless a step promotes (the new piece decides)
            // or it could take en passant (never settled by the witnesses).
            let attacks = Bitboard(PAWN_ATTACKS[us.index()][from.index()]);
            let pawn =
                (piece.kind == Kind::PAWN).then(|| super::pawn_ranks(from, us)).flatten().filter(|&(fwd, last, _)| {
                    from.offset(0, fwd).is_some_and(|one| one.rank() != last)
                        && !pos.ep_square().is_some_and(|ep| attacks.has(ep))
                });
            if (piece.kind == Kind::PAWN && pawn.is_none())
                || piece.kind == Kind::KING
                || filter.discover.has(from)
                || w.len == 0
            {
                self.piece_moves_where(pos, from, out, |m| !w.leave_reply(pos, m));
                continue;
            }
            // A move of this piece is passed over unless it reaches every witness it does not leave (every
            // king's step, if it gives check).
            let k = piece.kind.index();
            let (mut reach_all, mut reach_kings) = (Bitboard(!0), Bitboard(!0));
            for c in &w.witnesses[..w.len] {
                if !c.leave.has(from) {
                    reach_all &= c.reach[k];
                    if c.king {
                        reach_kings &= c.reach[k];
                    }
                }
            }
            let keep = (filter.direct[k] & reach_kings) | (!filter.direct[k] & reach_all);
            if let Some((fwd, _, start_rank)) = pawn {
                // In the order of [`Rules::pseudo_moves`]: the step, the double step, the captures.
                if let Some(one) = from.offset(0, fwd).filter(|&one| !occ.has(one)) {
                    if keep.has(one) {
                        out.push(Move::new(from, one, None, Special::None).by(Kind::PAWN));
                    }
                    if from.rank() == start_rank {
                        if let Some(two) = one.offset(0, fwd).filter(|&two| !occ.has(two) && keep.has(two)) {
                            out.push(Move::new(from, two, None, Special::DoubleStep).by(Kind::PAWN));
                        }
                    }
                }
                for to in attacks & theirs & keep {
                    out.push(Move::new(from, to, Some(to), Special::None).by(Kind::PAWN));
                }
                continue;
            }
            let targets = self.walks.get(piece.kind).simple_targets(pos, from) & !own & keep;
            for to in targets {
                out.push(Move::new(from, to, theirs.has(to).then_some(to), Special::None));
            }
        }
    }

    /// Appends the pseudo-legal moves of the piece on `from` (a pawn's, a walk's, a king's castlings) that `keep`
    /// accepts.
    fn piece_moves_where(&self, pos: &Position, from: Square, out: &mut MoveList, keep: impl Fn(Move) -> bool) {
        let start = out.len();
        self.piece_pseudo_moves(pos, from, out);
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            if keep(m) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether the side to move has a pseudo-legal move that `filter` says certainly gives no check
    /// (`!may_check`) and that is legal ([`Rules::is_legal_at`] with `node`): the same answer as asking every move
    /// of [`Rules::pseudo_moves`], found without generating them all. A piece other than a king or pawn that
    /// cannot uncover a check answers first, by one bitboard (its arrivals where its kind gives no check, on the
    /// pin line if pinned, parrying the check if in check); then the king, pawns and pieces that may uncover a
    /// check are generated and asked move by move. `buf` is scratch space.
    pub fn has_quiet_legal_move(
        &self,
        pos: &Position,
        filter: &CheckFilter,
        node: &NodeFacts,
        buf: &mut MoveList,
    ) -> bool {
        let us = pos.side();
        let own = pos.color_bb(us);
        let king = pos.pieces_bb(us, Kind::KING);
        let quiet_legal =
            |buf: &MoveList| buf.iter().any(|&m| !filter.may_check(pos, m) && self.is_legal_at(pos, m, node));
        // Pieces answered by a bitboard first, then the king and the rest move by move.
        let mut slow = Bitboard::EMPTY;
        for from in own & !king {
            let kind = pos.piece_at(from).expect("occupied").kind;
            let bitboard = node.shortcut == Shortcut::Pins
                && !self.tests_after_move()
                && kind != Kind::PAWN
                && kind != Kind::KING
                && kind.index() < 6
                && !filter.discover.has(from)
                && !(self.hooks.has(Hooks::PARALYSIS) && self.is_paralysed(pos, from));
            if bitboard {
                let mut targets =
                    self.walks.get(kind).simple_targets(pos, from) & !own & !filter.direct[kind.index()] & node.evasion;
                if node.pinned.has(from) {
                    targets &= line(node.king, from);
                }
                if targets.non_empty() {
                    return true;
                }
            } else {
                slow |= from.bb();
            }
        }
        for from in king.into_iter().chain(slow) {
            buf.clear();
            self.piece_pseudo_moves(pos, from, buf);
            if quiet_legal(buf) {
                return true;
            }
        }
        buf.clear();
        self.extra_moves(pos, buf);
        quiet_legal(buf)
    }
}
