//! Legality: a move is legal when the mover's king is not observed after it (by a piece whose observation
//! counts) and every condition accepts it; [`NodeFacts`] lets most moves be judged without being made.

use super::hooks::{ChangeFacts, Hooks};
use super::{orthodox_observed_in, Rules};
use crate::attacks::{between, bishop_attacks, line, rook_attacks, Occupancy};
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Attrs, Kind};
use crate::position::Position;
use crate::square::{Bitboard, Square};

/// How the legality of a move may be decided without asking whether the king is observed after it. A move the
/// shortcut finds safe for the king is still shown to the conditions that test the position after it
/// ([`Rules::tests_after_move`]: Isardam).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shortcut {
    /// Some condition adds checks the walks do not give (Parsi's king leap) or moves of its own (Madness of
    /// Kings): always the plain test (make the move, ask for check, ask the conditions).
    None,
    /// Check as the walks give it (no condition, or conditions that only test after the move, keep state or
    /// restrict pawns), every kind observing by leaps and rook/bishop lines only (symmetric, blockable only on
    /// the line): pin reasoning.
    Pins,
    /// As [`Shortcut::Pins`] but with some hopper, locust, other rider or lame leaper: a move that touches no
    /// square sensitive for the king's observation cannot expose it.
    Sensitive,
    /// Conditions that may also take observations away (Madrasi, Eiffel: paralysis cancels checks; Isardam:
    /// an observation whose capture would be illegal gives no check) and kinds as for [`Shortcut::Pins`]: when
    /// no enemy piece observes the king at all, a move that is not pinned (or stays on its pin line) cannot
    /// make it observed, so it is safe; a pinned piece leaving its line takes the plain test (its pinner may be
    /// paralysed).
    UnobservedPins,
    /// Conditions as for [`Shortcut::UnobservedPins`], kinds as for [`Shortcut::Sensitive`]: when no enemy piece
    /// observes the king at all, a move that touches none of the king's sensitive squares leaves it unobserved,
    /// so safe.
    UnobservedSensitive,
}

/// What the legality tests of one position share, computed once by [`Rules::node`].
#[derive(Clone, Copy, Debug)]
pub struct NodeFacts {
    /// The shortcut in force here (`None` also when the side to move has no king, or is in check other than
    /// under [`Shortcut::Pins`] by an orthodox piece).
    pub(super) shortcut: Shortcut,
    pub(super) king: Square,
    /// [`Shortcut::Pins`]: pieces of the side to move that stand alone between their king and an enemy rider
    /// on its line. [`Shortcut::Sensitive`]: the squares sensitive for the king's observation.
    pub(super) pinned: Bitboard,
    /// [`Shortcut::Pins`] in check: where a move other than the king's must arrive (the checker's square, and
    /// the squares between it and the king against a rook, bishop or queen; none against two checkers).
    /// Every square when not in check.
    pub(super) evasion: Bitboard,
    /// Every condition that tests the position after a move finds this position passing its test
    /// ([`Condition::passes`](super::hooks::Condition::passes)): a move may be judged by what it changes.
    pub(super) passes: bool,
    /// The one such condition's [`ChangeFacts`] for this position, when it gives them.
    pub(super) change: Option<ChangeFacts>,
}

impl Rules {
    /// The facts the legality tests of `pos`'s moves share (see [`Rules::legal_after_at`]).
    #[inline]
    pub fn node(&self, pos: &Position) -> NodeFacts {
        let us = pos.side();
        // A capture stage changes more than a move's own squares: no judging by changes.
        let change = if self.hooks.has(Hooks::LEGALITY)
            && !self.hooks.has(Hooks(Hooks::REPLIES.0 | Hooks::CAPTURE.0 | Hooks::SELECT.0))
        {
            let mut tests = self.conditions_with(Hooks::LEGALITY);
            match (tests.next(), tests.next()) {
                (Some(c), None) => c.change_facts(self, pos),
                _ => None,
            }
        } else {
            None
        };
        // Facts given: the position passes.
        let passes = change.is_some()
            || (self.hooks.has(Hooks::LEGALITY)
                && !self.hooks.has(Hooks::CAPTURE)
                && self.conditions_with(Hooks::LEGALITY).all(|c| c.passes(self, pos)));
        let none = NodeFacts {
            shortcut: Shortcut::None,
            king: Square::new(0),
            pinned: Bitboard::EMPTY,
            evasion: Bitboard(!0),
            passes,
            change,
        };
        if self.shortcut == Shortcut::None {
            return none;
        }
        let Some(king) = pos.king(us) else { return none };
        let exposed = if matches!(self.shortcut, Shortcut::UnobservedPins | Shortcut::UnobservedSensitive) {
            let mut observers = self.observers(pos, king, us.opposite());
            // Madrasi RI: an enemy king beside ours is paralysed by it (their observation is mutual) as long as
            // ours stays, so it stands for no observation for the moves of other pieces (the king's own take
            // the plain test or their own).
            if self.own_kind_paralysis == Some(true) {
                observers &= !pos.pieces_bb(us.opposite(), Kind::KING);
            }
            observers.non_empty()
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
            match parry_squares(pos, king, self.observers(pos, king, them)) {
                Some(squares) => evasion = squares,
                None => return none,
            }
        }
        if matches!(self.shortcut, Shortcut::Sensitive | Shortcut::UnobservedSensitive) {
            let pinned = self.sensitive_squares(pos, king, us.opposite());
            return NodeFacts { shortcut: self.shortcut, king, pinned, evasion, passes, change };
        }
        let mut ortho = Bitboard::EMPTY;
        for &k in &self.ortho_riders {
            ortho |= pos.pieces_bb(them, k);
        }
        let mut diag = Bitboard::EMPTY;
        for &k in &self.diag_riders {
            diag |= pos.pieces_bb(them, k);
        }
        let pinned = lone_blockers(pos, king, ortho, diag, us);
        NodeFacts { shortcut: self.shortcut, king, pinned, evasion, passes, change }
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
    pub fn legal_after_at(&self, pos: &Position, mv: Move, node: &NodeFacts) -> Option<Position> {
        match self.shortcut_verdict(pos, mv, node) {
            Some(true) => {
                let after = self.make(pos, mv);
                self.conditions_accept_at(pos, mv, &after, node).then_some(after)
            }
            Some(false) => None,
            None => self.legal_after_passing(pos, mv, node.passes),
        }
    }

    /// Whether `mv` is legal, without making it when the shortcut of `node` decides.
    #[inline]
    pub fn is_legal_at(&self, pos: &Position, mv: Move, node: &NodeFacts) -> bool {
        match self.shortcut_verdict(pos, mv, node) {
            Some(true) if self.tests_after_move() => match judged_by_change(pos, mv, node) {
                Some(legal) => legal,
                None => self.conditions_accept(pos, mv, &self.make(pos, mv), node.passes),
            },
            Some(legal) => legal,
            None => self.legal_after_passing(pos, mv, node.passes).is_some(),
        }
    }

    /// The shortcut's verdict on `mv`, `None` when the plain test must decide.
    #[inline(always)]
    fn shortcut_verdict(&self, pos: &Position, mv: Move, node: &NodeFacts) -> Option<bool> {
        if node.shortcut == Shortcut::None
            || !matches!(mv.special, Special::None | Special::DoubleStep)
            || (self.captures_plain && mv.is_capture())
        {
            return None;
        }
        if pos.kind_bb(Kind::KING).has(mv.from) {
            // The king's own step, among orthodox pieces: legal when no enemy piece observes its arrival square
            // once the king has left its square (a line through the from square is open then; a piece taken on
            // the arrival square never observes its own square).
            // Under conditions that only take checks away, an arrival square no enemy piece observes is safe;
            // one observed takes the plain test (the observer may be paralysed).
            if !matches!(node.shortcut, Shortcut::Pins | Shortcut::UnobservedPins)
                || !self.kinds.simple_fairy.is_empty()
            {
                return None;
            }
            let occ = pos.occupied() & !mv.from.bb();
            let unobserved = !orthodox_observed_in(pos, occ, mv.to, pos.side().opposite());
            return if node.shortcut == Shortcut::Pins || unobserved { Some(unobserved) } else { None };
        }
        let pinned = node.pinned.has(mv.from);
        let along = pinned && line(node.king, mv.from).has(mv.to);
        // Along its pin line an orthodox piece stays between its king and the pinner (or takes it); a fairy
        // piece may leap past either (a dabbaba on e7 pinned by e6 against e8 cannot go to e5): the plain test.
        if along
            && !matches!(
                pos.piece_at(mv.from).map(|p| p.kind),
                Some(Kind::QUEEN | Kind::ROOK | Kind::BISHOP | Kind::PAWN)
            )
        {
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

    /// [`Rules::legal_after_at`] into a given position: whether `mv` is legal, `out` holding the position after
    /// it (when it is not, `out` holds scratch).
    #[inline]
    pub fn legal_into(&self, pos: &Position, mv: Move, node: &NodeFacts, out: &mut Position) -> bool {
        if let Some(legal) = self.shortcut_verdict(pos, mv, node) {
            if !legal {
                return false;
            }
            self.make_into(pos, mv, out);
            return self.conditions_accept_at(pos, mv, out, node);
        }
        self.make_into(pos, mv, out);
        if self.in_check(out, pos.side()) {
            return false;
        }
        self.conditions_accept(pos, mv, out, node.passes)
    }

    /// Whether some condition tests a move on the position after it ([`Hooks::LEGALITY`], [`Hooks::REPLIES`]):
    /// then a move the shortcut finds safe for the king must still be made and shown to the conditions.
    #[inline]
    pub(super) fn tests_after_move(&self) -> bool {
        self.hooks.has(Hooks(Hooks::LEGALITY.0 | Hooks::REPLIES.0 | Hooks::SELECT.0))
    }

    /// The conditions' legality tests on the position after `mv`: [`Hooks::LEGALITY`], then [`Hooks::REPLIES`];
    /// `passes` when `pos` passes the former ([`NodeFacts::passes`]), so that they may look at the changes only.
    #[inline(always)]
    fn conditions_accept(&self, pos: &Position, mv: Move, after: &Position, passes: bool) -> bool {
        !self.tests_after_move() || self.conditions_test(pos, mv, after, passes)
    }

    /// [`Rules::conditions_accept`] with the facts of [`Rules::node`]: by the [`ChangeFacts`] when they decide.
    #[inline(always)]
    pub(super) fn conditions_accept_at(&self, pos: &Position, mv: Move, after: &Position, node: &NodeFacts) -> bool {
        if !self.tests_after_move() {
            return true;
        }
        match judged_by_change(pos, mv, node) {
            Some(legal) => legal,
            None => self.conditions_test(pos, mv, after, node.passes),
        }
    }

    /// The conditions' verdict on `mv` before it is made, `None` when the position after it must be shown to
    /// them ([`Rules::conditions_accept_at`] then): a move judged by the [`ChangeFacts`] of `node` (illegal most
    /// often under Isardam) need not be made to be left out.
    #[inline(always)]
    pub(super) fn conditions_verdict_before(&self, pos: &Position, mv: Move, node: &NodeFacts) -> Option<bool> {
        if !self.tests_after_move() {
            return Some(true);
        }
        judged_by_change(pos, mv, node)
    }

    /// The body of [`Rules::conditions_accept`] when some condition tests after the move.
    pub(super) fn conditions_test(&self, pos: &Position, mv: Move, after: &Position, passes: bool) -> bool {
        (!self.hooks.has(Hooks::LEGALITY)
            || self.conditions_with(Hooks::LEGALITY).all(|c| {
                if passes {
                    c.is_legal_from_passing(self, pos, mv, after)
                } else {
                    c.is_legal(self, pos, mv, after)
                }
            }))
            && (!self.hooks.has(Hooks::REPLIES)
                || self.conditions_with(Hooks::REPLIES).all(|c| c.is_legal_by_replies(self, pos, mv, after)))
            && (!self.hooks.has(Hooks::SELECT)
                || self.conditions_with(Hooks::SELECT).all(|c| c.is_selected(self, pos, mv, after)))
    }

    /// Whether `mv` is legal by every rule but the selection among legal moves ([`Hooks::SELECT`]): the mover's
    /// king is not in check afterwards, and the conditions' tests after the move and of the replies accept it.
    pub fn legal_before_selection(&self, pos: &Position, mv: Move) -> bool {
        let after = self.make(pos, mv);
        !self.in_check(&after, pos.side())
            && self.conditions_accept_ignoring_replies(pos, mv, &after)
            && (!self.hooks.has(Hooks::REPLIES)
                || self.conditions_with(Hooks::REPLIES).all(|c| c.is_legal_by_replies(self, pos, mv, &after)))
    }

    /// Whether `mv` is legal except for the conditions' reply tests ([`Hooks::REPLIES`]): the mover's king is not
    /// in check afterwards and every [`Condition::is_legal`](super::hooks::Condition::is_legal) accepts it.
    pub fn legal_ignoring_replies(&self, pos: &Position, mv: Move) -> bool {
        let after = self.make(pos, mv);
        !self.in_check(&after, pos.side()) && self.conditions_accept_ignoring_replies(pos, mv, &after)
    }

    /// Whether every condition's test after the move ([`Hooks::LEGALITY`]) accepts `mv` from `pos`, `after` being
    /// the position it leads to; the reply tests ([`Hooks::REPLIES`]) are not asked.
    #[inline]
    pub fn conditions_accept_ignoring_replies(&self, pos: &Position, mv: Move, after: &Position) -> bool {
        !self.hooks.has(Hooks::LEGALITY)
            || self.conditions_with(Hooks::LEGALITY).all(|c| c.is_legal(self, pos, mv, after))
    }

    /// Whether the side to move has a move that is legal except for the reply tests (see
    /// [`Condition::is_legal_by_replies`](super::hooks::Condition::is_legal_by_replies)): the one-level reading of "the opponent can still move" that Parsi's
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
        self.legal_after_passing(pos, mv, false)
    }

    /// [`Rules::legal_after`], `passes` as [`NodeFacts::passes`].
    #[inline]
    fn legal_after_passing(&self, pos: &Position, mv: Move, passes: bool) -> Option<Position> {
        let after = self.make(pos, mv);
        if self.in_check(&after, pos.side()) || !self.conditions_accept(pos, mv, &after, passes) {
            return None;
        }
        Some(after)
    }

    /// The position after `mv` if the move leaves the mover's own king in check and every condition accepts it:
    /// the goal move of double mate, counter-mate and auto-mate ([`crate::problem::Goal::self_check`]), after
    /// which Popeye tests no self-check. `None` for a move that leaves the king safe (a legal move).
    pub fn legal_but_self_check(&self, pos: &Position, mv: Move) -> Option<Position> {
        let after = self.make(pos, mv);
        (self.in_check(&after, pos.side()) && self.conditions_accept(pos, mv, &after, false)).then_some(after)
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self, pos: &Position, out: &mut MoveList) {
        if self.generates_legal(pos) {
            self.orthodox_legal_moves(pos, out);
            return;
        }
        let node = self.node(pos);
        if self.generates_unobserved(pos, &node) {
            if !self.unobserved_king_safe_moves(pos, &node, out) {
                out.retain(|&mv| {
                    judged_by_change(pos, mv, &node)
                        .unwrap_or_else(|| self.conditions_test(pos, mv, &self.make(pos, mv), node.passes))
                });
            }
            return;
        }
        self.pseudo_moves(pos, out);
        out.retain(|&mv| self.legal_after_at(pos, mv, &node).is_some());
    }

    /// Calls `f` with every legal move and the position after it; `buf` is scratch space.
    #[inline]
    pub fn for_each_legal(&self, pos: &Position, buf: &mut MoveList, mut f: impl FnMut(Move, Position)) {
        if self.generates_legal(pos) {
            self.orthodox_legal_moves(pos, buf);
            for &mv in buf.iter() {
                f(mv, pos.make(mv));
            }
            return;
        }
        let node = self.node(pos);
        if self.generates_unobserved(pos, &node) {
            if self.unobserved_king_safe_moves(pos, &node, buf) {
                // Every move judged legal by the condition's facts.
                for &mv in buf.iter() {
                    f(mv, self.make(pos, mv));
                }
                return;
            }
            for &mv in buf.iter() {
                match self.conditions_verdict_before(pos, mv, &node) {
                    Some(false) => {}
                    Some(true) => f(mv, self.make(pos, mv)),
                    None => {
                        let after = self.make(pos, mv);
                        if self.conditions_test(pos, mv, &after, node.passes) {
                            f(mv, after);
                        }
                    }
                }
            }
            return;
        }
        self.pseudo_moves(pos, buf);
        for &mv in buf.iter() {
            if let Some(after) = self.legal_after_at(pos, mv, &node) {
                f(mv, after);
            }
        }
    }

    /// Whether the side to move has any legal move (stops at the first).
    pub fn has_legal_move(&self, pos: &Position, buf: &mut MoveList) -> bool {
        self.pseudo_moves(pos, buf);
        // Not with neutral pieces: a neutral checker can step away from the check, which no parry square tells.
        let orthodox = self.conditions.is_empty()
            && self.kinds.complex.is_empty()
            && self.kinds.simple_fairy.is_empty()
            && !self.attrs.has(Attrs::NEUTRAL);
        if let (true, Some(king)) = (orthodox, pos.king(pos.side())) {
            let checkers = self.orthodox_observers(pos, king, pos.side().opposite());
            if let (Some(c), Some(parry)) = (checkers.first(), parry_squares(pos, king, checkers)) {
                // In check (orthodox): the king's moves first; then only the moves that parry the check (capture
                // the checker, en passant too, or arrive between) can be legal, the others need not be made.
                if buf.iter().any(|&mv| mv.from == king && self.legal_after(pos, mv).is_some()) {
                    return true;
                }
                return parry.non_empty()
                    && buf.iter().any(|&mv| {
                        mv.from != king
                            && (parry.has(mv.to) || mv.capture() == Some(c))
                            && self.legal_after(pos, mv).is_some()
                    });
            }
        }
        let node = self.node(pos);
        buf.iter().any(|&mv| self.is_legal_at(pos, mv, &node))
    }
}

/// The verdict of the [`ChangeFacts`] of `node` on `mv` (see there), `None` when they do not decide.
#[inline(always)]
fn judged_by_change(pos: &Position, mv: Move, node: &NodeFacts) -> Option<bool> {
    let change = node.change.as_ref()?;
    let kind = mv.moved_kind()?;
    if !matches!(mv.special, Special::None | Special::DoubleStep)
        || mv.promotion().is_some()
        || mv.capture().is_some_and(|c| c != mv.to)
        || kind.index() >= 6
        || change.vacating.has(mv.from)
        || !pos.pieces_bb(pos.side(), kind).has(mv.from)
    {
        return None;
    }
    Some(
        !(change.arrival[kind.index()].has(mv.to)
            || (mv.special == Special::DoubleStep && change.double_step.has(mv.to))),
    )
}

/// Where a move other than the king's must arrive to parry the check of `checkers` on the king on `king`: the
/// checker's square, and the squares between it and the king against a queen, rook or bishop; no square against
/// two checkers. `None` when a checker is no queen, rook, bishop, knight or pawn (its check takes the plain test).
#[inline]
fn parry_squares(pos: &Position, king: Square, checkers: Bitboard) -> Option<Bitboard> {
    let c = checkers.first()?;
    if checkers.count() > 1 {
        return Some(Bitboard::EMPTY);
    }
    match pos.piece_at(c)?.kind {
        Kind::QUEEN | Kind::ROOK | Kind::BISHOP => Some(between(king, c) | c.bb()),
        Kind::KNIGHT | Kind::PAWN => Some(c.bb()),
        _ => None,
    }
}

/// The pieces of colour `side` that stand alone between `king` and a piece of the other colour among `ortho`
/// (pieces riding rook lines) or `diag` (bishop lines) on its line. Seen from `side`'s own king: the pinned
/// pieces; seen from the enemy king (`side` the attacker): the pieces whose move may uncover a check.
#[inline]
pub(super) fn lone_blockers(
    pos: &Position,
    king: Square,
    ortho: Bitboard,
    diag: Bitboard,
    side: crate::square::Color,
) -> Bitboard {
    let snipers = (rook_attacks(king, Bitboard::EMPTY) & ortho) | (bishop_attacks(king, Bitboard::EMPTY) & diag);
    let (occ, own) = (pos.occupied(), pos.color_bb(side));
    let mut out = Bitboard::EMPTY;
    for s in snipers {
        out |= lone_blocker(king, s, occ, own);
    }
    out
}

/// The piece of `own` between `a` and `b` when it is the only piece of `occ` there; empty otherwise.
#[inline]
pub(super) fn lone_blocker(a: Square, b: Square, occ: Bitboard, own: Bitboard) -> Bitboard {
    let blockers = between(a, b) & occ;
    if blockers.count() == 1 && (blockers & own).non_empty() {
        blockers
    } else {
        Bitboard::EMPTY
    }
}
