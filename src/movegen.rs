//! Legal move generation under a problem's rules: walks, castling, en passant, promotion, one observation
//! service for check, and the condition hooks. Legality is tested by making the move (copy-make) and asking
//! whether the mover's king is observed by a piece whose observation counts.

use crate::attacks::{between, beyond, bishop_attacks, line, orthodox_attacks, rook_attacks, KindSets, Occupancy, Walks, KING, KNIGHT, PAWN_ATTACKS, PAWN_OBSERVERS};
use crate::conditions::{Condition, Hooks};
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Kind, Piece};
use crate::position::{castle, Position};
use crate::square::{Bitboard, Color, Square};

/// The rules of one problem: compiled walks, the kinds in play, the promotion set and the conditions.
/// Built once per problem (and twin); shared read-only by all search threads.
#[derive(Debug)]
pub struct Rules {
    pub walks: Walks,
    pub kinds: KindSets,
    /// Kinds a pawn may promote to: Q R B S plus every fairy kind in the problem (as Popeye).
    pub promotions: Vec<Kind>,
    conditions: Vec<Box<dyn Condition>>,
    hooks: Hooks,
    castling: bool,
    en_passant: bool,
    /// Which shortcut the legality test may take (see [`Node`]).
    shortcut: Shortcut,
    /// Kinds in play that ride rook lines, and bishop lines (the pinners).
    ortho_riders: Vec<Kind>,
    diag_riders: Vec<Kind>,
    /// For each king square, every square whose occupancy can change whether a piece of a kind in play
    /// observes that square (lines of riders, hoppers and locusts through it, lame leaps' middle squares).
    sensitive: Vec<u64>,
}

/// How the legality of a move may be decided without asking whether the king is observed after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shortcut {
    /// Conditions in force: always the plain test (make the move, ask for check, ask the conditions).
    None,
    /// No condition, every kind observes by leaps and rook/bishop lines only (symmetric, blockable only on
    /// the line): pin reasoning.
    Pins,
    /// No condition, some hopper, locust, other rider or lame leaper: a move that touches no square
    /// sensitive for the king's observation cannot expose it.
    Sensitive,
    /// Conditions whose only hook is paralysis (Madrasi, Eiffel: paralysis only cancels checks) and kinds as
    /// for [`Shortcut::Pins`]: when no enemy piece observes the king at all, a move that is not pinned (or stays
    /// on its pin line) cannot make it observed, so it is legal; a pinned piece leaving its line takes the plain
    /// test (its pinner may be paralysed).
    UnobservedPins,
}

/// What the legality tests of one position share, computed once by [`Rules::node`].
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The shortcut in force here (`None` also when the side to move has no king, or is in check other than
    /// under [`Shortcut::Pins`] by an orthodox piece).
    shortcut: Shortcut,
    king: Square,
    /// [`Shortcut::Pins`]: pieces of the side to move that stand alone between their king and an enemy rider
    /// on its line. [`Shortcut::Sensitive`]: the squares sensitive for the king's observation.
    pinned: Bitboard,
    /// [`Shortcut::Pins`] in check: where a move other than the king's must arrive (the checker's square, and
    /// the squares between it and the king against a rook, bishop or queen; none against two checkers).
    /// Every square when not in check.
    evasion: Bitboard,
}

/// Which moves of the side to move can give check, so that the last move of a mate search need not make the
/// others (orthodox rules and pieces only; see [`Rules::check_filter`]).
#[derive(Clone, Copy, Debug)]
pub struct CheckFilter {
    king: Square,
    /// Our pieces that stand alone between the enemy king and our rider on its line.
    discover: Bitboard,
    /// Per orthodox kind: the squares from which a piece of that kind would observe the enemy king.
    direct: [Bitboard; 6],
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
        if let Some(kind) = mv.promotion() {
            // The new piece observes from the arrival square over the board the move leaves (its own pawn gone:
            // a line through the from square opens); a fairy promotion piece is always tested.
            let occ = pos.occupied() & !mv.from.bb();
            return orthodox_attacks(kind, pos.side(), mv.to, occ).is_none_or(|a| a.has(self.king));
        }
        pos.piece_at(mv.from).is_some_and(|p| p.kind.index() < 6 && self.direct[p.kind.index()].has(mv.to))
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
        (if self.king { mv.promotion().is_none() } else { !check }) && !self.leave.has(mv.from) && !self.reach[kind.index()].has(mv.to)
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
            Some(k) if k == mv.from => {
                self.witnesses[..self.len].iter().any(|w| w.kept_by(mv, kind, check) && w.quiet_after_king_step(pos, mv.from, mv.to))
            }
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
        let us = pos.side();
        let them = us.opposite();
        let king = pos.king(them)?;
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
        let own = pos.color_bb(us);
        let queens = pos.pieces_bb(us, Kind::QUEEN);
        let snipers = (rook_attacks(king, Bitboard::EMPTY) & (queens | pos.pieces_bb(us, Kind::ROOK)))
            | (bishop_attacks(king, Bitboard::EMPTY) & (queens | pos.pieces_bb(us, Kind::BISHOP)));
        let mut discover = Bitboard::EMPTY;
        for s in snipers {
            let b = between(king, s) & occ;
            if b.count() == 1 && (b & own).non_empty() {
                discover |= b;
            }
        }
        Some(CheckFilter { king, discover, direct })
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
                let opens = |x: Square, y: Square| {
                    let blockers = between(x, y) & occ_b;
                    if blockers.count() == 1 && (blockers & own_a).non_empty() {
                        blockers
                    } else {
                        Bitboard::EMPTY
                    }
                };
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
                    let reach = [Kind::KING, Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT, Kind::PAWN].map(|k| {
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
        let squares = |w: &Witness| w.leave | w.reach[Kind::QUEEN.index()] | w.reach[Kind::KING.index()] | w.reach[Kind::KNIGHT.index()];
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
        for from in own {
            let piece = pos.piece_at(from).expect("occupied");
            if piece.kind == Kind::PAWN || piece.kind == Kind::KING || filter.discover.has(from) {
                self.piece_moves_where(pos, from, out, |m| filter.may_check(pos, m));
                continue;
            }
            // Orthodox kinds only (the filter exists for nothing else): leaps and rook/bishop lines.
            let targets = self.walks.get(piece.kind).simple_targets(pos, from) & !own & filter.direct[piece.kind.index()];
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
        for from in own {
            let piece = pos.piece_at(from).expect("occupied");
            if piece.kind == Kind::PAWN || piece.kind == Kind::KING || filter.discover.has(from) || w.len == 0 {
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

    /// Whether play is orthodox: orthodox pieces only, and no condition but ones that only take castling away.
    pub fn plays_orthodox(&self) -> bool {
        self.conditions.iter().all(|c| c.only_restricts_castling()) && self.kinds.present.iter().all(|k| k.is_orthodox())
    }

    /// Orthodox rules with the six orthodox kinds.
    pub fn orthodox() -> Rules {
        Rules::new(std::iter::empty(), Vec::new())
    }

    /// Rules for a problem whose diagram holds `kinds` (duplicates are fine), under `conditions`.
    pub fn new(kinds: impl IntoIterator<Item = Kind>, conditions: Vec<Box<dyn Condition>>) -> Rules {
        let walks = Walks::new();
        let mut all: Vec<Kind> = (0..6).map(Kind).collect();
        all.extend(kinds);
        for c in &conditions {
            all.extend(c.extra_kinds());
        }
        let kinds = KindSets::new(&walks, all);
        let mut promotions = vec![Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT];
        for &k in &kinds.present {
            if !k.is_orthodox() {
                promotions.push(k);
            }
        }
        let hooks = conditions.iter().fold(Hooks::default(), |h, c| h | c.hooks());
        let castling = conditions.iter().all(|c| c.castling());
        let en_passant = conditions.iter().all(|c| c.en_passant());
        let paralysis_only = conditions.iter().all(|c| c.hooks() == Hooks::PARALYSIS);
        let shortcut = if !conditions.is_empty() {
            if paralysis_only && kinds.complex.is_empty() {
                Shortcut::UnobservedPins
            } else {
                Shortcut::None
            }
        } else if kinds.complex.is_empty() {
            Shortcut::Pins
        } else {
            Shortcut::Sensitive
        };
        let ortho_riders = kinds.present.iter().copied().filter(|&k| walks.get(k).ortho).collect();
        let diag_riders = kinds.present.iter().copied().filter(|&k| walks.get(k).diag).collect();
        let sensitive = Square::all().map(|k| sensitive_squares(&walks, &kinds.present, k).0).collect();
        Rules { walks, kinds, promotions, conditions, hooks, castling, en_passant, shortcut, ortho_riders, diag_riders, sensitive }
    }

    /// The facts the legality tests of `pos`'s moves share (see [`Rules::legal_after_at`]).
    #[inline]
    pub fn node(&self, pos: &Position) -> Node {
        let us = pos.side();
        let none = Node { shortcut: Shortcut::None, king: Square::new(0), pinned: Bitboard::EMPTY, evasion: Bitboard(!0) };
        if self.shortcut == Shortcut::None {
            return none;
        }
        let Some(king) = pos.king(us) else { return none };
        let exposed = if self.shortcut == Shortcut::UnobservedPins {
            self.observers(pos, king, us.opposite()).non_empty()
        } else {
            self.is_checked_square(pos, king, us.opposite())
        };
        let them = us.opposite();
        let mut evasion = Bitboard(!0);
        if exposed {
            // In check under orthodox observation: a move other than the king's parries one checker by taking
            // it or, against a line piece, by arriving between; never two. Fairy checkers take the plain test.
            if self.shortcut != Shortcut::Pins {
                return none;
            }
            let checkers = self.observers(pos, king, them);
            evasion = match checkers.first() {
                Some(_) if checkers.count() > 1 => Bitboard::EMPTY,
                Some(c) => match pos.piece_at(c).map(|p| p.kind) {
                    Some(Kind::QUEEN | Kind::ROOK | Kind::BISHOP) => between(king, c) | c.bb(),
                    Some(Kind::KNIGHT | Kind::PAWN) => c.bb(),
                    _ => return none,
                },
                None => return none,
            };
        }
        if self.shortcut == Shortcut::Sensitive {
            return Node { shortcut: Shortcut::Sensitive, king, pinned: Bitboard(self.sensitive[king.index()]), evasion };
        }
        let mut ortho = Bitboard::EMPTY;
        for &k in &self.ortho_riders {
            ortho |= pos.pieces_bb(them, k);
        }
        let mut diag = Bitboard::EMPTY;
        for &k in &self.diag_riders {
            diag |= pos.pieces_bb(them, k);
        }
        let snipers = (rook_attacks(king, Bitboard::EMPTY) & ortho) | (bishop_attacks(king, Bitboard::EMPTY) & diag);
        let occ = pos.occupied();
        let own = pos.color_bb(us);
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let b = between(king, s) & occ;
            if b.count() == 1 && (b & own).non_empty() {
                pinned |= b;
            }
        }
        Node { shortcut: self.shortcut, king, pinned, evasion }
    }

    /// [`Rules::legal_after`] with the facts of [`Rules::node`]: without conditions, a move that is not the
    /// king's, not en passant and not castling, made when the king is not in check, is legal unless it
    /// exposes the king. Under orthodox observation that means taking a pinned piece off its pin line; in check,
    /// the move must also arrive on the checker's square or between it and the king (one checker). With
    /// hoppers, locusts and other riders (not symmetric: a move can create a hurdle or free a landing square),
    /// a move whose from, arrival and capture squares are all off the king's sensitive squares leaves every
    /// observation of the king as it was (none), since the mover's own piece never observes its king; other
    /// moves take the plain test.
    #[inline]
    pub fn legal_after_at(&self, pos: &Position, mv: Move, node: &Node) -> Option<Position> {
        match self.shortcut_verdict(pos, mv, node) {
            Some(true) => Some(self.make(pos, mv)),
            Some(false) => None,
            None => self.legal_after(pos, mv),
        }
    }

    /// Whether `mv` is legal, without making it when the shortcut of `node` decides.
    #[inline]
    pub fn is_legal_at(&self, pos: &Position, mv: Move, node: &Node) -> bool {
        match self.shortcut_verdict(pos, mv, node) {
            Some(legal) => legal,
            None => self.legal_after(pos, mv).is_some(),
        }
    }

    /// The shortcut's verdict on `mv`, `None` when the plain test must decide.
    #[inline]
    fn shortcut_verdict(&self, pos: &Position, mv: Move, node: &Node) -> Option<bool> {
        if node.shortcut == Shortcut::None || !matches!(mv.special, Special::None | Special::DoubleStep) {
            return None;
        }
        if pos.kind_bb(Kind::KING).has(mv.from) {
            // The king's own step, among orthodox pieces: legal when no enemy piece observes its arrival square
            // once the king has left its square (a line through the from square is open then; a piece taken on
            // the arrival square never observes its own square).
            if node.shortcut != Shortcut::Pins || !self.kinds.simple_fairy.is_empty() {
                return None;
            }
            let occ = pos.occupied() & !mv.from.bb();
            return Some(orthodox_observers_in(pos, occ, mv.to, pos.side().opposite()).is_empty());
        }
        let pinned = node.pinned.has(mv.from);
        let along = pinned && line(node.king, mv.from).has(mv.to);
        // Along its pin line an orthodox piece stays between its king and the pinner (or takes it); a fairy
        // piece may leap past either (a dabbaba on e7 pinned by e6 against e8 cannot go to e5): the plain test.
        if along && !matches!(pos.piece_at(mv.from).map(|p| p.kind), Some(Kind::QUEEN | Kind::ROOK | Kind::BISHOP | Kind::PAWN)) {
            return None;
        }
        let free = !pinned || along;
        match node.shortcut {
            Shortcut::Pins => return Some(free && node.evasion.has(mv.to)),
            Shortcut::UnobservedPins => return free.then_some(true),
            _ => {}
        }
        let touched = mv.from.bb() | mv.to.bb() | mv.capture().map_or(Bitboard::EMPTY, |c| c.bb());
        (touched & node.pinned).is_empty().then_some(true)
    }

    /// The conditions in force.
    pub fn conditions(&self) -> &[Box<dyn Condition>] {
        &self.conditions
    }

    /// True when no condition is in force.
    pub fn is_orthodox(&self) -> bool {
        self.conditions.is_empty()
    }

    /// The initial condition-state bits for a position under these rules.
    pub fn initial_flags(&self) -> u8 {
        self.conditions.iter().fold(0, |f, c| f | c.initial_flags())
    }

    /// Whether castling exists under these rules.
    pub fn castling_exists(&self) -> bool {
        self.castling
    }

    /// Whether en passant exists under these rules.
    pub fn en_passant_exists(&self) -> bool {
        self.en_passant
    }

    /// Every piece of colour `by` that observes `sq` by its walk alone (the Madrasi sense: even if the capture
    /// would be self-check, even if the observer is paralysed).
    pub fn observers(&self, pos: &Position, sq: Square, by: Color) -> Bitboard {
        let mut r = self.orthodox_observers(pos, sq, by);
        for &k in self.kinds.simple_fairy.iter().chain(&self.kinds.complex) {
            r |= self.walks.get(k).observers(pos, k, by, sq);
        }
        r
    }

    /// Pieces of `kind` and colour `by` that observe `sq`.
    #[inline]
    pub fn observers_of_kind(&self, pos: &Position, sq: Square, by: Color, kind: Kind) -> Bitboard {
        self.walks.get(kind).observers(pos, kind, by, sq)
    }

    #[inline]
    fn orthodox_observers(&self, pos: &Position, sq: Square, by: Color) -> Bitboard {
        orthodox_observers_in(pos, pos.occupied(), sq, by)
    }

    /// Whether the piece on `sq` is paralysed under the conditions in force.
    #[inline]
    pub fn is_paralysed(&self, pos: &Position, sq: Square) -> bool {
        self.hooks.has(Hooks::PARALYSIS)
            && self.conditions.iter().any(|c| c.hooks().has(Hooks::PARALYSIS) && c.is_paralysed(self, pos, sq))
    }

    /// The squares of the pieces that paralyse the piece on `sq`, sorted (empty when it is not paralysed). For
    /// explanations; the solver asks [`Rules::is_paralysed`].
    pub fn paralysers(&self, pos: &Position, sq: Square) -> Vec<Square> {
        let mut v: Vec<Square> = self.conditions.iter().flat_map(|c| c.paralysers(self, pos, sq)).collect();
        v.sort();
        v.dedup();
        v
    }

    /// Whether the observation of `target` by the piece on `observer` gives check: the observer is not
    /// paralysed and every condition lets the observation count.
    pub fn observation_counts(&self, pos: &Position, observer: Square, target: Square) -> bool {
        if self.is_paralysed(pos, observer) {
            return false;
        }
        !self.hooks.has(Hooks::OBSERVATION)
            || self.conditions.iter().all(|c| !c.hooks().has(Hooks::OBSERVATION) || c.observation_counts(self, pos, observer, target))
    }

    /// Whether the capture of a king by `mv`, a move the walks do not have (Parsi's king leap), gives check: every
    /// observation condition lets it count ([`Condition::extra_capture_counts`]).
    pub fn extra_capture_counts(&self, pos: &Position, mv: Move) -> bool {
        !self.hooks.has(Hooks::OBSERVATION)
            || self.conditions.iter().all(|c| !c.hooks().has(Hooks::OBSERVATION) || c.extra_capture_counts(self, pos, mv))
    }

    /// Whether the pawn move `mv` may promote to `kind` under every condition (Parsi's promotion rule).
    #[inline]
    pub fn promotion_allowed(&self, pos: &Position, mv: Move, kind: Kind) -> bool {
        !self.hooks.has(Hooks::PROMOTION) || self.conditions.iter().all(|c| c.promotion_allowed(self, pos, mv, kind))
    }

    /// Whether the piece on `sq` (of colour `!by`) is attacked by `by` in the sense of check.
    pub fn is_checked_square(&self, pos: &Position, sq: Square, by: Color) -> bool {
        if self.hooks.has(Hooks(Hooks::PARALYSIS.0 | Hooks::OBSERVATION.0 | Hooks::EXTRA_CHECK.0)) {
            return self.observers(pos, sq, by).any(|o| self.observation_counts(pos, o, sq))
                || (self.hooks.has(Hooks::EXTRA_CHECK)
                    && self.conditions.iter().any(|c| c.hooks().has(Hooks::EXTRA_CHECK) && c.extra_check(self, pos, sq, by)));
        }
        if self.orthodox_observers(pos, sq, by).non_empty() {
            return true;
        }
        self.kinds
            .simple_fairy
            .iter()
            .chain(&self.kinds.complex)
            .any(|&k| self.walks.get(k).observers(pos, k, by, sq).non_empty())
    }

    /// Whether `color`'s king is in check (false when it has no king).
    #[inline]
    pub fn in_check(&self, pos: &Position, color: Color) -> bool {
        match pos.king(color) {
            Some(k) => self.is_checked_square(pos, k, color.opposite()),
            None => false,
        }
    }

    /// Makes a move and lets the conditions update their state.
    #[inline]
    pub fn make(&self, pos: &Position, mv: Move) -> Position {
        let mut after = pos.make(mv);
        if self.hooks.has(Hooks::AFTER_MOVE) {
            for c in &self.conditions {
                if c.hooks().has(Hooks::AFTER_MOVE) {
                    c.after_move(self, pos, mv, &mut after);
                }
            }
        }
        after
    }

    /// [`Rules::make`] into a given position.
    #[inline]
    pub fn make_into(&self, pos: &Position, mv: Move, out: &mut Position) {
        pos.make_into(mv, out);
        if self.hooks.has(Hooks::AFTER_MOVE) {
            for c in &self.conditions {
                if c.hooks().has(Hooks::AFTER_MOVE) {
                    c.after_move(self, pos, mv, out);
                }
            }
        }
    }

    /// [`Rules::legal_after_at`] into a given position: whether `mv` is legal, `out` holding the position after
    /// it (when it is not, `out` holds scratch).
    #[inline]
    pub fn legal_into(&self, pos: &Position, mv: Move, node: &Node, out: &mut Position) -> bool {
        if let Some(legal) = self.shortcut_verdict(pos, mv, node) {
            if legal {
                self.make_into(pos, mv, out);
            }
            return legal;
        }
        self.make_into(pos, mv, out);
        if self.in_check(out, pos.side()) {
            return false;
        }
        self.conditions_accept(pos, mv, out)
    }

    /// The conditions' legality tests on the position after `mv`: [`Hooks::LEGALITY`], then [`Hooks::REPLIES`].
    #[inline]
    fn conditions_accept(&self, pos: &Position, mv: Move, after: &Position) -> bool {
        if !self.hooks.has(Hooks(Hooks::LEGALITY.0 | Hooks::REPLIES.0)) {
            return true;
        }
        self.conditions.iter().all(|c| !c.hooks().has(Hooks::LEGALITY) || c.is_legal(self, pos, mv, after))
            && self.conditions.iter().all(|c| !c.hooks().has(Hooks::REPLIES) || c.is_legal_by_replies(self, pos, mv, after))
    }

    /// Whether `mv` is legal except for the conditions' reply tests ([`Hooks::REPLIES`]): the mover's king is not
    /// in check afterwards and every [`Condition::is_legal`] accepts it.
    pub fn legal_ignoring_replies(&self, pos: &Position, mv: Move) -> bool {
        let after = self.make(pos, mv);
        !self.in_check(&after, pos.side())
            && (!self.hooks.has(Hooks::LEGALITY)
                || self.conditions.iter().all(|c| !c.hooks().has(Hooks::LEGALITY) || c.is_legal(self, pos, mv, &after)))
    }

    /// Whether the side to move has a move that is legal except for the reply tests (see
    /// [`Condition::is_legal_by_replies`]): the one-level reading of "the opponent can still move" that Parsi's
    /// no-stalemate rule and Madness of Kings' no-checkmate rule use.
    pub fn has_legal_move_ignoring_replies(&self, pos: &Position) -> bool {
        let mut buf = Vec::with_capacity(64);
        self.pseudo_moves(pos, &mut buf);
        buf.iter().any(|&mv| self.legal_ignoring_replies(pos, mv))
    }

    /// The position after `mv` if the move is legal (the mover's king is not in check afterwards and every
    /// condition accepts it).
    #[inline]
    pub fn legal_after(&self, pos: &Position, mv: Move) -> Option<Position> {
        let after = self.make(pos, mv);
        if self.in_check(&after, pos.side()) || !self.conditions_accept(pos, mv, &after) {
            return None;
        }
        Some(after)
    }

    /// Pseudo-legal moves of the side to move (paralysed pieces excluded, the mover's king safety not tested).
    pub fn pseudo_moves(&self, pos: &Position, out: &mut MoveList) {
        out.clear();
        for from in pos.color_bb(pos.side()) {
            self.piece_pseudo_moves(pos, from, out);
        }
        self.extra_moves(pos, out);
    }

    /// Appends the pseudo-legal moves of the side to move's piece on `from` (none when it is paralysed), as
    /// [`Rules::pseudo_moves`] gives them: that list is every piece's in turn, in square order, then
    /// [`Rules::extra_moves`].
    #[inline]
    pub fn piece_pseudo_moves(&self, pos: &Position, from: Square, out: &mut MoveList) {
        if self.hooks.has(Hooks::PARALYSIS) && self.is_paralysed(pos, from) {
            return;
        }
        let us = pos.side();
        let piece = pos.piece_at(from).expect("occupied");
        if piece.kind == Kind::PAWN {
            self.pawn_moves(pos, from, us, out);
            return;
        }
        self.walks.get(piece.kind).for_each_target(pos, us, from, |to, cap| {
            out.push(Move::new(from, to, cap, Special::None));
        });
        if piece.kind == Kind::KING && self.castling && pos.castling() != 0 {
            self.castling_moves(pos, from, us, out);
        }
    }

    /// Appends the moves the conditions add beyond the pieces' own (the end of [`Rules::pseudo_moves`]).
    #[inline]
    pub fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        if self.hooks.has(Hooks::EXTRA_MOVES) {
            for c in &self.conditions {
                if c.hooks().has(Hooks::EXTRA_MOVES) {
                    c.extra_moves(self, pos, out);
                }
            }
        }
    }

    /// Whether the side to move has a pseudo-legal move that `filter` says certainly gives no check
    /// (`!may_check`) and that is legal ([`Rules::is_legal_at`] with `node`): the same answer as asking every move
    /// of [`Rules::pseudo_moves`], found without generating them all. A piece other than a king or pawn that
    /// cannot uncover a check answers first, by one bitboard (its arrivals where its kind gives no check, on the
    /// pin line if pinned, parrying the check if in check); then the king, pawns and pieces that may uncover a
    /// check are generated and asked move by move. `buf` is scratch space.
    pub fn has_quiet_legal_move(&self, pos: &Position, filter: &CheckFilter, node: &Node, buf: &mut MoveList) -> bool {
        let us = pos.side();
        let own = pos.color_bb(us);
        let king = pos.pieces_bb(us, Kind::KING);
        let quiet_legal = |buf: &MoveList| buf.iter().any(|&m| !filter.may_check(pos, m) && self.is_legal_at(pos, m, node));
        // Pieces answered by a bitboard first, then the king and the rest move by move.
        let mut slow = Bitboard::EMPTY;
        for from in own & !king {
            let kind = pos.piece_at(from).expect("occupied").kind;
            let bitboard = node.shortcut == Shortcut::Pins
                && kind != Kind::PAWN
                && kind != Kind::KING
                && kind.index() < 6
                && !filter.discover.has(from)
                && !(self.hooks.has(Hooks::PARALYSIS) && self.is_paralysed(pos, from));
            if bitboard {
                let mut targets = self.walks.get(kind).simple_targets(pos, from) & !own & !filter.direct[kind.index()] & node.evasion;
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

    fn pawn_moves(&self, pos: &Position, from: Square, us: Color, out: &mut MoveList) {
        // A pawn on its own first rank (a twin may put one there) stands still, as in Popeye.
        if from.rank() == us.opposite().last_rank() {
            return;
        }
        let occ = pos.occupied();
        let fwd = us.forward();
        let last = us.last_rank();
        let start_rank = if us == Color::White { 1 } else { 6 };
        if let Some(one) = from.offset(0, fwd) {
            if !occ.has(one) {
                self.push_pawn(pos, Move::new(from, one, None, Special::None), last, out);
                if from.rank() == start_rank {
                    if let Some(two) = one.offset(0, fwd) {
                        if !occ.has(two)
                            && (!self.hooks.has(Hooks::DOUBLE_STEP) || self.conditions.iter().all(|c| c.double_step_allowed(pos, from)))
                        {
                            out.push(Move::new(from, two, None, Special::DoubleStep));
                        }
                    }
                }
            }
        }
        let attacks = Bitboard(PAWN_ATTACKS[us.index()][from.index()]);
        for to in attacks & pos.color_bb(us.opposite()) {
            self.push_pawn(pos, Move::new(from, to, Some(to), Special::None), last, out);
        }
        if self.en_passant {
            if let Some(ep) = pos.ep_square() {
                if attacks.has(ep) {
                    if let Some(cap) = ep.offset(0, -fwd) {
                        if pos.piece_at(cap) == Some(Piece::new(us.opposite(), Kind::PAWN)) && !occ.has(ep) {
                            out.push(Move::new(from, ep, Some(cap), Special::EnPassant));
                        }
                    }
                }
            }
        }
    }

    #[inline]
    fn push_pawn(&self, pos: &Position, mv: Move, last: u8, out: &mut MoveList) {
        if mv.to.rank() != last {
            out.push(mv);
            return;
        }
        for &k in &self.promotions {
            let m = mv.promoting(k);
            if self.promotion_allowed(pos, m, k) {
                out.push(m);
            }
        }
    }

    fn castling_moves(&self, pos: &Position, from: Square, us: Color, out: &mut MoveList) {
        let rank = if us == Color::White { 0 } else { 7 };
        if from != Square::from_coords(4, rank) {
            return;
        }
        let (short, long) = if us == Color::White { (castle::WK, castle::WQ) } else { (castle::BK, castle::BQ) };
        let rights = pos.castling();
        if rights & (short | long) == 0 {
            return;
        }
        let occ = pos.occupied();
        let rook = Piece::new(us, Kind::ROOK);
        let king = Piece::new(us, Kind::KING);
        let mut in_check: Option<bool> = None;
        let mut check_now = |rules: &Rules| *in_check.get_or_insert_with(|| rules.in_check(pos, us));
        let sq = |f: u8| Square::from_coords(f, rank);
        // Castling: the king does not stand in check and does not pass a square where it would be in check
        // (the arrival square is tested like every move's).
        let passes = |rules: &Rules, via: Square| {
            let mut p = pos.clone();
            p.remove(from);
            p.put(via, king);
            !rules.in_check(&p, us)
        };
        if rights & short != 0
            && pos.piece_at(sq(7)) == Some(rook)
            && !occ.has(sq(5))
            && !occ.has(sq(6))
            && !check_now(self)
            && passes(self, sq(5))
        {
            out.push(Move::new(from, sq(6), None, Special::CastleShort));
        }
        if rights & long != 0
            && pos.piece_at(sq(0)) == Some(rook)
            && !occ.has(sq(1))
            && !occ.has(sq(2))
            && !occ.has(sq(3))
            && !check_now(self)
            && passes(self, sq(3))
        {
            out.push(Move::new(from, sq(2), None, Special::CastleLong));
        }
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self, pos: &Position, out: &mut MoveList) {
        self.pseudo_moves(pos, out);
        let node = self.node(pos);
        out.retain(|&mv| self.legal_after_at(pos, mv, &node).is_some());
    }

    /// Calls `f` with every legal move and the position after it; `buf` is scratch space.
    #[inline]
    pub fn for_each_legal(&self, pos: &Position, buf: &mut MoveList, mut f: impl FnMut(Move, Position)) {
        self.pseudo_moves(pos, buf);
        let node = self.node(pos);
        for &mv in buf.iter() {
            if let Some(after) = self.legal_after_at(pos, mv, &node) {
                f(mv, after);
            }
        }
    }

    /// Whether the side to move has any legal move (stops at the first).
    pub fn has_legal_move(&self, pos: &Position, buf: &mut MoveList) -> bool {
        self.pseudo_moves(pos, buf);
        let orthodox = self.conditions.is_empty() && self.kinds.complex.is_empty() && self.kinds.simple_fairy.is_empty();
        if let (true, Some(king)) = (orthodox, pos.king(pos.side())) {
            let checkers = self.orthodox_observers(pos, king, pos.side().opposite());
            if let Some(c) = checkers.first() {
                // In check (orthodox): the king's moves first; then, against one checker only, the moves that
                // capture it or arrive between it and the king can be legal, the others need not be made.
                if buf.iter().any(|&mv| mv.from == king && self.legal_after(pos, mv).is_some()) {
                    return true;
                }
                if checkers.count() > 1 {
                    return false;
                }
                let parry = between(king, c) | c.bb();
                return buf.iter().any(|&mv| {
                    mv.from != king && (parry.has(mv.to) || mv.capture() == Some(c)) && self.legal_after(pos, mv).is_some()
                });
            }
        }
        let node = self.node(pos);
        buf.iter().any(|&mv| self.is_legal_at(pos, mv, &node))
    }
}

/// Every square whose occupancy can change whether a piece of one of `kinds` observes `target`: the lines of
/// rook/bishop riders, other riders, hoppers and locusts through it (both ways: the path to it, a hopper's
/// hurdle, a locust's landing square beyond it), and the middle squares of lame leaps onto it. Leaps and
/// pawn captures depend on no other square.
fn sensitive_squares(walks: &Walks, kinds: &[Kind], target: Square) -> Bitboard {
    let mut s = Bitboard::EMPTY;
    for &k in kinds {
        let w = walks.get(k);
        if w.ortho {
            s |= rook_attacks(target, Bitboard::EMPTY);
        }
        if w.diag {
            s |= bishop_attacks(target, Bitboard::EMPTY);
        }
        for &(df, dr) in w.rides.iter().chain(&w.hops).chain(&w.locusts) {
            let mut cur = target;
            while let Some(next) = cur.offset(df, dr) {
                s.set(next);
                cur = next;
            }
        }
        for &((lf, lr), (vf, vr)) in &w.lames {
            if let Some(via) = target.offset(-lf, -lr).and_then(|from| from.offset(vf, vr)) {
                s.set(via);
            }
        }
    }
    s
}

/// Counts the leaf nodes of the legal move tree to `depth` (every leaf move is made: no bulk counting).
pub fn perft(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    let mut stack: Vec<(MoveList, Position)> = (0..=depth).map(|_| (Vec::with_capacity(64), pos.clone())).collect();
    perft_inner(rules, pos, depth, &mut stack)
}

fn perft_inner(rules: &Rules, pos: &Position, depth: u32, stack: &mut [(MoveList, Position)]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ((buf, after), rest) = stack.split_first_mut().expect("stack deep enough");
    rules.pseudo_moves(pos, buf);
    let node = rules.node(pos);
    let mut n = 0;
    for &mv in buf.iter() {
        if rules.legal_into(pos, mv, &node, after) {
            n += if depth == 1 { 1 } else { perft_inner(rules, after, depth - 1, rest) };
        }
    }
    n
}

/// Per-move leaf counts at the root (perft "divide"), sorted by the move's UCI text.
pub fn perft_divide(rules: &Rules, pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    rules.legal_moves(pos, &mut moves);
    let mut out: Vec<(Move, u64)> = moves
        .into_iter()
        .map(|mv| {
            let after = rules.make(pos, mv);
            (mv, if depth <= 1 { 1 } else { perft(rules, &after, depth - 1) })
        })
        .collect();
    out.sort_by_key(|(m, _)| m.uci());
    out
}

/// The orthodox pieces of colour `by` that observe `sq` in `pos` with the lines blocked by `occ` instead of
/// the position's own occupancy.
#[inline]
fn orthodox_observers_in(pos: &Position, occ: Bitboard, sq: Square, by: Color) -> Bitboard {
    let s = sq.index();
    let queens = pos.kind_bb(Kind::QUEEN);
    let r = (Bitboard(KNIGHT[s]) & pos.kind_bb(Kind::KNIGHT))
        | (Bitboard(KING[s]) & pos.kind_bb(Kind::KING))
        | (Bitboard(PAWN_OBSERVERS[by.index()][s]) & pos.kind_bb(Kind::PAWN))
        | (rook_attacks(sq, occ) & (pos.kind_bb(Kind::ROOK) | queens))
        | (bishop_attacks(sq, occ) & (pos.kind_bb(Kind::BISHOP) | queens));
    r & pos.color_bb(by)
}

/// The queens, rooks and bishops of `color`.
#[inline]
fn riders(pos: &Position, color: Color) -> Bitboard {
    pos.color_bb(color) & (pos.kind_bb(Kind::QUEEN) | pos.kind_bb(Kind::ROOK) | pos.kind_bb(Kind::BISHOP))
}
