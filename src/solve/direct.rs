//! Plain direct mates (`#n` under orthodox rules, no option that prunes the attacker's moves): the search the
//! long direct mates need. The answers are those of the general battle search ([`Search::direct_wins_with`],
//! [`Search::direct_after_at`]); what differs is how fast they are proven:
//!
//! - iterative deepening at every attacking node, as in the general search (Chest's "the depth of every result is
//!   minimal"), with the won/lost bounds in the table;
//! - the defender's nodes have table entries of their own (the move that led there wins within `n`, or does not),
//!   so that the tree's questions and the transpositions of defences are answered by one lookup instead of one
//!   per defence;
//! - the attacker tries first the move that won last at the same depth (a killer), then its checks, then the
//!   other moves; the defender tries first its checks (as Chest's Fatal-Anti-Check: a check that no mating reply
//!   answers refutes at once), then the refutation its node's entry keeps from a shorter length (iterative
//!   deepening asks every length, and a defence that refuted `n - 1` often refutes `n`), then its captures, then
//!   the other moves;
//! - before the attacker's moves are searched, the table slots of their defender's nodes are fetched all at once;
//! - the last move (mate in one) asks no table: finding a mate from the checking moves costs less than the
//!   table's cache miss.
//!
//! Move order never changes an answer, only how soon it is found; the table keeps proven facts only, so the
//! answer depends neither on the thread count nor on the table size.

use super::table::Bounds;
use super::{salt, Aborted, Search, Search1, SearchKind};
use crate::attacks::Occupancy;
use crate::moves::Move;
use crate::position::Position;
use crate::problem::Goal;
use crate::square::Square;
use std::sync::atomic::{AtomicU32, Ordering};

/// Depths a killer is kept for (longer ones share the last).
const DEPTHS: usize = 64;

/// The killers of one thread: the attacker's last winning move per number of moves left, packed as [`pack`]
/// makes it (0: none). A thread's own slot; atomics so that threads outside the pool, which share the last slot,
/// read and write it soundly (a lost write costs only order). Measured against no killers on three cases (#6,
/// #6, #8; one thread): 9.5 M positions -> 8.7 M. Killers for the defender, tried before or after its checks,
/// visited more positions than none.
#[repr(align(64))]
struct Slot {
    attack: [AtomicU32; DEPTHS],
}

impl Default for Slot {
    fn default() -> Slot {
        Slot { attack: std::array::from_fn(|_| AtomicU32::new(0)) }
    }
}

/// Move-order hints for direct play: one [`Slot`] for each thread of the rayon pool and one for threads outside
/// it.
pub(super) struct Killers(Box<[Slot]>);

impl Killers {
    pub(super) fn new() -> Killers {
        Killers((0..=rayon::current_num_threads()).map(|_| Slot::default()).collect())
    }

    fn slot(&self) -> &Slot {
        let slots = self.0.len();
        &self.0[rayon::current_thread_index().map_or(slots - 1, |i| i % slots)]
    }

    fn get(&self, n: u32) -> u32 {
        self.slot().attack[(n as usize).min(DEPTHS - 1)].load(Ordering::Relaxed)
    }

    fn set(&self, n: u32, m: Move) {
        self.slot().attack[(n as usize).min(DEPTHS - 1)].store(pack(m), Ordering::Relaxed);
    }
}

/// A move as a hint: its squares and promotion, with bit 24 set.
fn pack(m: Move) -> u32 {
    let promotion = m.promotion().map_or(0, |k| k.index() as u32 + 1);
    m.from.index() as u32 | (m.to.index() as u32) << 8 | promotion << 16 | 1 << 24
}

/// Whether `m` is the move a hint packed.
fn matches(hint: u32, m: &Move) -> bool {
    hint == pack(*m)
}

impl Search<'_> {
    /// Whether direct play here is plain: mate, orthodox rules, none of the options that prune the attacker's
    /// moves or change what counts as a win (`Threat`, `MaxFlightsquares`, `NonTrivial`, `KeepMatingPiece`,
    /// `exact-`). Then a win within `n` is a win within `n + 1` (the bounds of the defender's nodes rely on it).
    pub(crate) fn plain_direct(&self) -> bool {
        self.goal == Goal::Mate
            && self.rules.plays_orthodox()
            && self.checks_first
            && self.limits == super::BattleLimits::default()
            && self.non_trivial.is_none()
            && self.keep_mating.is_none()
            && !self.exact
    }

    /// [`Search::direct_wins_with`] in plain direct play: whether the attacker (to move) mates within `n`.
    pub(super) fn plain_wins(&self, pos: &Position, n: u32) -> Result<bool, Aborted> {
        self.tick()?;
        if n <= 1 {
            return Ok(self.can_reach_goal_in_1(pos));
        }
        // The general search's key (no `NonTrivial` budget in plain play): its facts and these are the same.
        let key = pos.key() ^ salt(SearchKind::Direct, self.goal, self.battle_salt());
        if let Some(r) = self.table.bounds(key).and_then(|b| b.verdict(n)) {
            return Ok(r);
        }
        let won = self.plain_wins(pos, n - 1)? || {
            let probe = salt(SearchKind::DirectDefence, self.goal, self.battle_salt());
            // Each of the attacker's moves asks its defender's node: their slots are fetched all at once, so
            // that the memory waits overlap.
            let mut moves = Vec::with_capacity(64);
            self.rules.pseudo_moves(pos, &mut moves);
            for &m in &moves {
                self.table.prefetch(pos.key_after(m) ^ probe);
            }
            self.find_hinted(pos, true, n, self.killers.get(n), Some(probe), |_, after| self.plain_after(after, n))?
                .0
                .found
        };
        let old = self.table.bounds(key).unwrap_or(Bounds::NONE);
        self.table.put_bounds(key, old.with(n, won));
        Ok(won)
    }

    /// [`Search::direct_after_at`] in plain direct play: whether the attacker's move that led to `after`
    /// (defender to move) mates within `n` moves counted from it.
    pub(super) fn plain_after(&self, after: &Position, n: u32) -> Result<bool, Aborted> {
        if n <= 1 {
            return Ok(self.goal_reached(after, &mut Vec::new()));
        }
        let key = after.key() ^ salt(SearchKind::DirectDefence, self.goal, self.battle_salt());
        let (old, hint) = self.table.bounds_hint(key).unwrap_or((Bounds::NONE, 0));
        if let Some(r) = old.verdict(n) {
            return Ok(r);
        }
        let probe = (n > 2).then(|| salt(SearchKind::Direct, self.goal, self.battle_salt()));
        let (refuted, by) = self.find_hinted(after, false, n, hint, probe, |_, p| Ok(!self.plain_wins(p, n - 1)?))?;
        // No defence: mate (a win at any length) or stalemate (none).
        let won = if refuted.legal { !refuted.found } else { self.rules.in_check(after, after.side()) };
        let old = self.table.bounds_hint(key).map_or(old, |b| b.0);
        self.table.put_bounds_hint(key, old.with(n, won), by.map_or(hint, pack));
        Ok(won)
    }

    /// The legal moves of `pos` one by one until `f` says found, in the order of plain direct play: for the
    /// attacker the `hint` (its killer at this depth), then its checks; for the defender its checks, then the
    /// `hint` (its node's refutation); then the other moves as generated. Returns what was seen and the move
    /// found; the attacker's becomes its killer.
    fn find_hinted(
        &self,
        pos: &Position,
        attacker: bool,
        n: u32,
        hint: u32,
        probe: Option<u64>,
        mut f: impl FnMut(Move, &Position) -> Result<bool, Aborted>,
    ) -> Result<(Search1, Option<Move>), Aborted> {
        let mut tried: Vec<Move> = Vec::new();
        let mut legal = false;
        let node = self.rules.node(pos);
        let mut after = pos.clone();
        // The killer, if it is a legal move here.
        let killer = |tried: &mut Vec<Move>, after: &mut Position| -> Option<Move> {
            if hint == 0 {
                return None;
            }
            let from = Square::new((hint & 0xFF) as u8);
            if !pos.color_bb(pos.side()).has(from) {
                return None;
            }
            let mut moves = Vec::with_capacity(32);
            self.rules.piece_pseudo_moves(pos, from, &mut moves);
            let m = *moves.iter().find(|m| matches(hint, m))?;
            if tried.contains(&m) || !self.rules.legal_into(pos, m, &node, after) {
                return None;
            }
            tried.push(m);
            Some(m)
        };
        let first_killer = attacker;
        if first_killer {
            if let Some(m) = killer(&mut tried, &mut after) {
                legal = true;
                if f(m, &after)? {
                    return Ok((Search1 { legal, found: true }, Some(m)));
                }
            }
        }
        if let Some(filter) = self.rules.mate_filter(pos) {
            let mut checks = Vec::new();
            self.rules.checking_moves(pos, &filter, &mut checks);
            for m in checks {
                if tried.contains(&m)
                    || !self.rules.legal_into(pos, m, &node, &mut after)
                    || !self.rules.in_check(&after, after.side())
                {
                    continue;
                }
                legal = true;
                if f(m, &after)? {
                    if attacker {
                        self.killers.set(n, m);
                    }
                    return Ok((Search1 { legal, found: true }, Some(m)));
                }
                tried.push(m);
            }
        }
        if !first_killer {
            if let Some(m) = killer(&mut tried, &mut after) {
                legal = true;
                if f(m, &after)? {
                    return Ok((Search1 { legal, found: true }, Some(m)));
                }
            }
        }
        if !attacker {
            // The defender's captures before its other moves: a capture of the piece that mates or guards is the
            // refutation most often (one thread: m06_0355 915 k -> 659 k positions, m07_0762 886 k -> 691 k,
            // m07_1365 3.96 M -> 2.97 M; king moves next made it worse, captures first for the attacker too
            // changed nothing). The moves are then all generated at once: what the laziness saved, the order
            // gains back.
            let mut moves = Vec::with_capacity(64);
            self.rules.pseudo_moves(pos, &mut moves);
            moves.sort_by_key(|m| !m.is_capture());
            if let (Some(salt), Some(&m)) = (probe, moves.first()) {
                self.table.prefetch(pos.key_after(m) ^ salt);
            }
            for m in moves {
                if tried.contains(&m) || !self.rules.legal_into(pos, m, &node, &mut after) {
                    continue;
                }
                legal = true;
                if f(m, &after)? {
                    return Ok((Search1 { legal, found: true }, Some(m)));
                }
            }
            return Ok((Search1 { legal, found: false }, None));
        }
        let mut winner = None;
        let rest = self.find_legal_lazy(pos, probe, |m, p| {
            if tried.contains(&m) {
                return Ok(false);
            }
            let found = f(m, p)?;
            if found {
                winner = Some(m);
            }
            Ok(found)
        })?;
        if let (Some(m), true) = (winner, attacker) {
            self.killers.set(n, m);
        }
        Ok((Search1 { legal: legal || rest.legal, found: rest.found }, winner))
    }
}

/// How far a search of battle play has come, for a display beside it (`solve` on a terminal): the first moves
/// settled of those to settle, and the first move being searched with the length it is being tried at. Written
/// by the search with relaxed atomics, read by anyone; nothing the answer depends on.
#[derive(Debug, Default)]
pub struct Progress {
    settled: AtomicU32,
    total: AtomicU32,
    /// The first move being searched, packed as [`pack`] makes it (0: none yet).
    first: AtomicU32,
    /// The length it is being tried at.
    length: AtomicU32,
}

/// What [`Progress`] says at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProgressNow {
    /// First moves settled, of `total`.
    pub settled: u32,
    pub total: u32,
    /// The first move being searched (from, to) and the length it is being tried at.
    pub first: Option<(Square, Square)>,
    pub length: u32,
}

impl Progress {
    /// What the search has reached now (`None` before it started on a first move).
    pub fn now(&self) -> Option<ProgressNow> {
        let total = self.total.load(Ordering::Relaxed);
        (total > 0).then(|| {
            let first = self.first.load(Ordering::Relaxed);
            ProgressNow {
                settled: self.settled.load(Ordering::Relaxed),
                total,
                first: (first != 0)
                    .then(|| (Square::new((first & 0xFF) as u8), Square::new((first >> 8 & 0xFF) as u8))),
                length: self.length.load(Ordering::Relaxed),
            }
        })
    }

    /// Nothing reached (before another problem).
    pub fn reset(&self) {
        self.total.store(0, Ordering::Relaxed);
    }

    pub(super) fn begin(&self, total: usize) {
        self.settled.store(0, Ordering::Relaxed);
        self.first.store(0, Ordering::Relaxed);
        self.total.store(total as u32, Ordering::Relaxed);
    }

    pub(super) fn trying(&self, m: Move, length: u32) {
        self.first.store(pack(m), Ordering::Relaxed);
        self.length.store(length, Ordering::Relaxed);
    }

    pub(super) fn settled(&self) {
        self.settled.fetch_add(1, Ordering::Relaxed);
    }
}
