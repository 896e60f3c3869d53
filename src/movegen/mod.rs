//! Legal move generation under a problem's rules: walks, castling, en passant, promotion, one observation
//! service for check, and the condition hooks ([`hooks`]). Legality is tested by making the move (copy-make) and
//! asking whether the mover's king is observed by a piece whose observation counts ([`legality`], with its
//! shortcuts); the searches' own shortcuts are in [`shortcuts`], leaf counts in [`perft`].

pub mod hooks;
pub mod legality;
mod orthodox;
pub mod perft;
pub mod shortcuts;

use self::hooks::{Condition, Hooks};
use self::legality::Shortcut;
use crate::attacks::{bishop_attacks, rook_attacks, KindSets, Occupancy, Walks, KING, KNIGHT, PAWN_ATTACKS, PAWN_OBSERVERS};
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
    /// Each condition's [`Condition::hooks`], in the order of `conditions` (asked once, not per move).
    condition_hooks: Vec<Hooks>,
    hooks: Hooks,
    castling: bool,
    en_passant: bool,
    /// No condition and orthodox kinds only: the legal moves are generated as such ([`orthodox`]).
    orthodox_play: bool,
    /// Which shortcut the legality test may take (see [`NodeFacts`]).
    shortcut: Shortcut,
    /// Kinds in play that ride rook lines, and bishop lines (the pinners).
    ortho_riders: Vec<Kind>,
    diag_riders: Vec<Kind>,
    /// For each king square, every square whose occupancy can change whether a piece of a kind in play
    /// observes that square (lines of riders, hoppers and locusts through it, lame leaps' middle squares).
    sensitive: Vec<u64>,
}

impl Rules {
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
        let condition_hooks: Vec<Hooks> = conditions.iter().map(|c| c.hooks()).collect();
        let hooks = condition_hooks.iter().fold(Hooks::default(), |h, &c| h | c);
        let castling = conditions.iter().all(|c| c.castling());
        let en_passant = conditions.iter().all(|c| c.en_passant());
        // Which conditions leave the pin reasoning about the king's safety standing: those that only take
        // observations away (paralysis, observations that do not count), add tests after the move, keep state or
        // restrict pawns' moves; a condition that adds checks (Parsi's king leap) takes the plain test.
        let check_as_walks = Hooks(Hooks::AFTER_MOVE.0 | Hooks::LEGALITY.0 | Hooks::REPLIES.0 | Hooks::DOUBLE_STEP.0 | Hooks::PROMOTION.0);
        let fewer_checks = Hooks(check_as_walks.0 | Hooks::PARALYSIS.0 | Hooks::OBSERVATION.0);
        let only = |allowed: Hooks| conditions.iter().all(|c| c.hooks().0 & !allowed.0 == 0);
        let shortcut = if only(check_as_walks) {
            if kinds.complex.is_empty() {
                Shortcut::Pins
            } else {
                Shortcut::Sensitive
            }
        } else if only(fewer_checks) {
            if kinds.complex.is_empty() {
                Shortcut::UnobservedPins
            } else {
                Shortcut::UnobservedSensitive
            }
        } else {
            Shortcut::None
        };
        let ortho_riders = kinds.present.iter().copied().filter(|&k| walks.get(k).ortho).collect();
        let diag_riders = kinds.present.iter().copied().filter(|&k| walks.get(k).diag).collect();
        let sensitive = Square::all().map(|k| sensitive_squares(&walks, &kinds.present, k).0).collect();
        let orthodox_play = conditions.is_empty() && kinds.complex.is_empty() && kinds.simple_fairy.is_empty();
        Rules { walks, kinds, promotions, conditions, condition_hooks, hooks, castling, en_passant, orthodox_play, shortcut, ortho_riders, diag_riders, sensitive }
    }

    /// The conditions in force.
    pub fn conditions(&self) -> &[Box<dyn Condition>] {
        &self.conditions
    }

    /// The kinds in play that ride rook lines (`ortho`) or bishop lines, whatever else they do.
    #[inline]
    pub fn line_riders(&self, ortho: bool) -> &[Kind] {
        if ortho {
            &self.ortho_riders
        } else {
            &self.diag_riders
        }
    }

    /// The conditions that use `hook`.
    #[inline]
    fn conditions_with(&self, hook: Hooks) -> impl Iterator<Item = &dyn Condition> {
        self.conditions.iter().zip(&self.condition_hooks).filter(move |(_, h)| h.has(hook)).map(|(c, _)| &**c)
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

    /// The pieces of `color` paralysed under the conditions in force, all at once.
    #[inline]
    pub fn paralysed(&self, pos: &Position, color: Color) -> Bitboard {
        if !self.hooks.has(Hooks::PARALYSIS) {
            return Bitboard::EMPTY;
        }
        let mut out = Bitboard::EMPTY;
        for c in &self.conditions {
            if c.hooks().has(Hooks::PARALYSIS) {
                out |= c.paralysed(self, pos, color);
            }
        }
        out
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

    /// Pseudo-legal moves of the side to move (paralysed pieces excluded, the mover's king safety not tested).
    pub fn pseudo_moves(&self, pos: &Position, out: &mut MoveList) {
        out.clear();
        // The paralysed pieces asked once for the position, not piece by piece.
        for from in pos.color_bb(pos.side()) & !self.paralysed(pos, pos.side()) {
            self.free_piece_moves(pos, from, out);
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
        self.free_piece_moves(pos, from, out);
    }

    /// [`Rules::piece_pseudo_moves`] of a piece known not to be paralysed.
    #[inline]
    fn free_piece_moves(&self, pos: &Position, from: Square, out: &mut MoveList) {
        let us = pos.side();
        let piece = pos.piece_at(from).expect("occupied");
        if piece.kind == Kind::PAWN {
            self.pawn_moves::<true>(pos, from, us, out);
            return;
        }
        self.walks.get(piece.kind).for_each_target(pos, us, from, |to, cap| {
            out.push(Move::new(from, to, cap, Special::None).by(piece.kind));
        });
        if piece.kind == Kind::KING && self.castling && pos.castling() != 0 {
            self.castling_moves(pos, from, us, out);
        }
    }

    /// The moves of the piece on `from` by its walk alone, for its own colour whoever is to move: paralysis,
    /// check, castling and the conditions' rules for pawns (double steps, promotions) are not applied. For
    /// explanations (`stipula explain`), which then say why such a move is illegal.
    pub fn walk_moves(&self, pos: &Position, from: Square) -> MoveList {
        let mut out = MoveList::new();
        let Some(piece) = pos.piece_at(from) else { return out };
        if piece.kind == Kind::PAWN {
            self.pawn_moves::<false>(pos, from, piece.color, &mut out);
        } else {
            self.walks.get(piece.kind).for_each_target(pos, piece.color, from, |to, cap| {
                out.push(Move::new(from, to, cap, Special::None));
            });
        }
        out
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

    /// The moves of the pawn on `from` for `us`; with `HOOKS`, as the conditions allow them (double steps,
    /// promotions), without, as the pawn's walk alone makes them.
    fn pawn_moves<const HOOKS: bool>(&self, pos: &Position, from: Square, us: Color, out: &mut MoveList) {
        let Some((fwd, last, start_rank)) = pawn_ranks(from, us) else { return };
        let occ = pos.occupied();
        if let Some(one) = from.offset(0, fwd) {
            if !occ.has(one) {
                self.push_pawn::<HOOKS>(pos, Move::new(from, one, None, Special::None).by(Kind::PAWN), last, out);
                if from.rank() == start_rank {
                    if let Some(two) = one.offset(0, fwd) {
                        if !occ.has(two)
                            && (!HOOKS
                                || !self.hooks.has(Hooks::DOUBLE_STEP)
                                || self.conditions.iter().all(|c| c.double_step_allowed(pos, from)))
                        {
                            out.push(Move::new(from, two, None, Special::DoubleStep).by(Kind::PAWN));
                        }
                    }
                }
            }
        }
        let attacks = Bitboard(PAWN_ATTACKS[us.index()][from.index()]);
        for to in attacks & pos.color_bb(us.opposite()) {
            self.push_pawn::<HOOKS>(pos, Move::new(from, to, Some(to), Special::None).by(Kind::PAWN), last, out);
        }
        if self.en_passant {
            if let Some(ep) = pos.ep_square() {
                if attacks.has(ep) {
                    if let Some(cap) = ep.offset(0, -fwd) {
                        if pos.piece_at(cap) == Some(Piece::new(us.opposite(), Kind::PAWN)) && !occ.has(ep) {
                            out.push(Move::new(from, ep, Some(cap), Special::EnPassant).by(Kind::PAWN));
                        }
                    }
                }
            }
        }
    }

    #[inline]
    fn push_pawn<const HOOKS: bool>(&self, pos: &Position, mv: Move, last: u8, out: &mut MoveList) {
        if mv.to.rank() != last {
            out.push(mv);
            return;
        }
        for &k in &self.promotions {
            let m = mv.promoting(k);
            if !HOOKS || self.promotion_allowed(pos, m, k) {
                out.push(m);
            }
        }
    }

    fn castling_moves(&self, pos: &Position, from: Square, us: Color, out: &mut MoveList) {
        let king = Piece::new(us, Kind::KING);
        let mut in_check: Option<bool> = None;
        // Castling: the king does not stand in check and does not pass a square where it would be in check
        // (the arrival square is tested like every move's).
        castlings(pos, from, us, out, |passed, _| {
            !*in_check.get_or_insert_with(|| self.in_check(pos, us)) && {
                let mut p = pos.clone();
                p.remove(from);
                p.put(passed, king);
                !self.in_check(&p, us)
            }
        });
    }
}

/// The castlings of the king of `us` on `from` whose right stands, whose rook stands on its square and whose
/// squares between king and rook are empty, that `allowed(passed square, arrival square)` accepts.
#[inline]
pub(super) fn castlings(pos: &Position, from: Square, us: Color, out: &mut MoveList, mut allowed: impl FnMut(Square, Square) -> bool) {
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
    let sq = |f: u8| Square::from_coords(f, rank);
    if rights & short != 0
        && pos.piece_at(sq(7)) == Some(rook)
        && !occ.has(sq(5))
        && !occ.has(sq(6))
        && allowed(sq(5), sq(6))
    {
        out.push(Move::new(from, sq(6), None, Special::CastleShort).by(Kind::KING));
    }
    if rights & long != 0
        && pos.piece_at(sq(0)) == Some(rook)
        && !occ.has(sq(1))
        && !occ.has(sq(2))
        && !occ.has(sq(3))
        && allowed(sq(3), sq(2))
    {
        out.push(Move::new(from, sq(2), None, Special::CastleLong).by(Kind::KING));
    }
}

/// For a pawn of `us` on `from`: its forward step, its last rank and the rank of its double step; `None` on its
/// own first rank (a twin may put one there), where it stands still, as in Popeye.
#[inline]
fn pawn_ranks(from: Square, us: Color) -> Option<(i8, u8, u8)> {
    (from.rank() != us.opposite().last_rank()).then(|| (us.forward(), us.last_rank(), if us == Color::White { 1 } else { 6 }))
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
