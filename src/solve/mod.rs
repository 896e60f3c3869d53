//! Exhaustive search: help, series, direct, self and reflex play, with a shared transposition table of proven
//! facts and a rayon split at the root. Every solution is found; results do not depend on the thread count or
//! the table size.

mod direct;
pub mod lines;
pub mod picture;
pub mod plan;
pub mod proof;
pub mod run;
pub mod solution;
pub mod table;
pub mod tree;

use crate::attacks::Occupancy;
use crate::movegen::shortcuts::ReplyWitnesses;
use crate::movegen::Rules;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::problem::Goal;
pub use direct::{Progress, ProgressNow};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;
use table::Bounds;

/// The steps of the planning search's enumeration of pictures worth one node of the plain search (see
/// [`Search::plain_cost`]).
const PLAN_STEPS_PER_NODE: u64 = 2;
pub use table::Table;

/// Search kinds, mixed into table keys so that facts of different searches never meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SearchKind {
    Help = 1,
    Series = 2,
    Direct = 3,
    Selfmate = 4,
    Reflex = 5,
    SeriesHelp = 6,
    SeriesSelf = 7,
    /// Plain direct play's defender nodes ([`direct`]).
    DirectDefence = 8,
    HelpSelf = 9,
    ReciHelp = 10,
    SeriesReflex = 11,
    HelpZugzwang = 12,
    HelpUnavoidable = 13,
    HelpReflex = 14,
}

/// How help play ends after its help half-moves: the goal reached by the last of them, a self end (`hs#`), or a
/// reciprocal end (`reci-h#`, with the goal of its one move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HelpEnd {
    Goal,
    /// A self end (`hs#`), or with `reflex` a reflex end (`hr#`).
    SelfEnd {
        exact: bool,
        reflex: bool,
    },
    Reci(Goal),
    Hidden {
        end: Hidden,
        exact: bool,
    },
}

/// The hidden ends of help play ([`crate::problem::Play::HelpZugzwang`], [`crate::problem::Play::HelpUnavoidable`]):
/// what holds of the position after the help half-moves, the side to move not in check and with moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hidden {
    /// Every move of the side to move reaches the goal (Popeye's `/1d[g]a{!+}`).
    Zugzwang,
    /// After every move of the side to move the other side can reach the goal in one (`/2da[g]{!+}`).
    Unavoidable,
}

/// `KeepMatingPiece` in battle play: the side that must keep a piece that could mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mater {
    Attacker,
    Defender,
}

/// The battle play whose threat `Threat n` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BattlePlay {
    Direct,
    Self_,
    Reflex,
}

/// The search was stopped by its time limit or from outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aborted;

/// A searcher for one position's rules and goal. Cheap to create; shared by reference across threads.
pub struct Search<'a> {
    pub rules: &'a Rules,
    pub table: &'a Table,
    pub goal: Goal,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    nodes: NodeCounts,
    limits: BattleLimits,
    /// `Quodlibet` (self play): the attacker also wins by reaching the goal against the defender itself.
    quodlibet: bool,
    /// Semi-reflex play (`semi-r#n`): reflex play where the attacker need not reach the goal when it can.
    semi_reflex: bool,
    /// Parry series ([`crate::problem::Stipulation::parry`]): a series move that checks the other side is answered
    /// by each of its legal moves, after which the series goes on.
    parry: bool,
    /// `NonTrivial m k`.
    non_trivial: Option<NonTrivial>,
    /// `KeepMatingPiece`: the side that must mate loses as soon as it has no piece but its king.
    keep_mating: Option<Mater>,
    /// `KeepMatingPiece` in help and series play: the side that makes the last move must keep such a piece.
    keep_mating_lines: bool,
    /// `KeepMatingPiece` given at all (reflex play has no filter in its tree, but one in a flight counter).
    keep_mating_flights: bool,
    /// Orthodox play: help and series play are bounded by the goal picture ([`picture`]).
    pictures: bool,
    /// `exact-` in battle play: a win counts only at the full length (Popeye's minimum length: the goal reached
    /// sooner is no win, and threats and continuations are of the full length too).
    exact: bool,
    /// The goal picture's tables, built when first asked.
    picture_book: std::sync::OnceLock<picture::Pictures>,
    /// Orthodox play: help and series play search towards the goal's pictures ([`plan`]).
    planning: bool,
    /// The last plan made, with the key of its position and its victim: help play's shorter lengths take theirs
    /// from the full length's ([`plan::Plan::within`]).
    last_plan: std::sync::Mutex<Option<(u64, crate::square::Color, std::sync::Arc<plan::Plan>)>>,
    /// The planner's distances, built when first asked.
    plan_distances: std::sync::OnceLock<std::sync::Arc<plan::distance::Distances>>,
    /// Battle play: each side tries its checks first ([`Search::find_checks_first`]).
    checks_first: bool,
    /// Plain direct play's move-order hints ([`direct`]).
    killers: direct::Killers,
    /// Where the first moves' progress is shown, if anywhere.
    progress: Option<std::sync::Arc<Progress>>,
}

/// Popeye's `NonTrivial m k` (its `options/nontrivial.c`): before the defender moves with more than `2k+1`
/// half-moves to go, its *non-trivial* defences are counted, those after which the attacker has no win in the
/// short length (`s#k`, or `#(k+1)` and `r#(k+1)`: the same number of half-moves); more than `budget + 1` and
/// the attacking move fails, otherwise the play below goes on with `budget + 1 - count`. The budget starts at
/// `m`: the non-trivial defences the whole play may have beyond one per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NonTrivial {
    /// `m`: the budget of extra non-trivial defences.
    pub max: u32,
    /// `k`: the length of play that makes a defence trivial.
    pub short: u32,
}

impl NonTrivial {
    /// The attacking moves with at least this many moves counted from them meet the count (more than
    /// `2k+1` half-moves left for the defender: `2n-1` in self play, `2n-2` in direct play, both `n ≥ k+2`).
    fn guarded_from(self) -> u32 {
        self.short + 2
    }
}

/// Popeye's options that prune the attacker's moves in direct, self and reflex play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BattleLimits {
    /// `Threat n`: an attacking move with more than `n` moves still to come must give check or threaten to
    /// win within `n` moves (Popeye's max threat length).
    pub max_threat: Option<u32>,
    /// `MaxFlightsquares n`: an attacking move may not leave the defending king more than `n` flights.
    pub max_flights: Option<u32>,
}

impl BattleLimits {
    fn salt(self) -> u64 {
        let t = self.max_threat.map_or(0, |t| t as u64 + 1);
        let f = self.max_flights.map_or(0, |f| f as u64 + 1);
        t << 8 | f << 16
    }
}

/// Whether the move that led to `pos` reached `goal` under `rules` (Popeye's goal testers,
/// `src/stipulation/goals/`, `src/solving/goals/`): the mover is the side that made it, the other is to move.
pub fn goal_reached(rules: &Rules, goal: Goal, pos: &Position, buf: &mut MoveList) -> bool {
    let last = pos.last_move();
    let other_checked = || rules.in_check(pos, pos.side());
    // The mover's immobility: no legal move if it were to move again.
    let mover_immobile = |buf: &mut MoveList| !rules.has_legal_move(&pos.null_move(), buf);
    if rules.reads_immobility() {
        // Popeye's paralysing goal filters, read literally: a suffocated side is stalemated, never mated.
        let suffocated = |p: &Position| rules.suffocated(p);
        match goal {
            Goal::AutoStalemate => return suffocated(&pos.null_move()) || (!other_checked() && mover_immobile(buf)),
            Goal::DoubleStalemate => {
                let mover_suffocated = suffocated(&pos.null_move());
                return (mover_suffocated || mover_immobile(buf))
                    && (suffocated(pos)
                        || (!other_checked() && (mover_suffocated || !rules.has_legal_move(pos, buf))));
            }
            _ => {}
        }
    }
    match goal {
        // A side suffocated by paralysis (Paralysing pieces) is stalemated, not mated, check or not (Popeye's
        // `paralysing_mate_filter` and `paralysing_stalemate_special`).
        Goal::Mate => other_checked() && !rules.has_legal_move(pos, buf) && !rules.suffocated(pos),
        Goal::Stalemate => {
            (!other_checked() && !rules.has_legal_move(pos, buf))
                || (rules.suffocated(pos) && !rules.has_legal_move(pos, buf))
        }
        Goal::DoubleStalemate => !other_checked() && !rules.has_legal_move(pos, buf) && mover_immobile(buf),
        Goal::MateOrStalemate => !rules.has_legal_move(pos, buf),
        Goal::AutoStalemate => !other_checked() && mover_immobile(buf),
        // Both sides mated, the mover by its own move (Popeye's `alloc_doublemate_mate_reached_tester_system`:
        // check and immobility of the side to move and of the mover); counter-mate's own test, that the mover
        // was mated before it moved, is made where its moves are found ([`Search::self_check_goal_moves`]).
        Goal::DoubleMate | Goal::CounterMate => {
            rules.in_check(pos, pos.side().opposite())
                && other_checked()
                && !rules.has_legal_move(pos, buf)
                && mover_immobile(buf)
        }
        // The mover mated by its own move (`alloc_goal_automate_reached_tester_system`).
        Goal::AutoMate => rules.in_check(pos, pos.side().opposite()) && mover_immobile(buf),
        Goal::Check => other_checked(),
        Goal::Capture => last.captured(),
        // Under Circe a capture whose piece is reborn wins nothing (Popeye's `circe_steingewinn_filter`).
        Goal::Steingewinn => last.captured() && !last.reborn(),
        Goal::EnPassant => last.en_passant(),
        Goal::Castling => last.castled(),
        Goal::Any => last.moved(),
        Goal::Target(sq) => last.arrival() == Some(sq),
        // A position to reach, which these searches do not know: the proof-game search (`proof`) has it.
        Goal::Proof | Goal::AToB => false,
        Goal::Chess81 => {
            let last_rank = if pos.side() == crate::square::Color::White { 0 } else { 7 };
            last.arrival().is_some_and(|sq| sq.rank() == last_rank)
        }
    }
}

fn salt(kind: SearchKind, goal: Goal, extra: u64) -> u64 {
    let x = (kind as u64) << 32 | goal_salt(goal) | extra;
    x.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29) ^ 0xD1B5_4A32_D192_ED03
}

/// A goal's bits in a table key's salt.
fn goal_salt(goal: Goal) -> u64 {
    match goal {
        Goal::Mate => 0x1000,
        Goal::Stalemate => 0x2000,
        // Proof games have a search of their own (`proof`): never here.
        Goal::Proof | Goal::AToB => 0xE000,
        // The others: their own salts (a target goal by its square).
        Goal::DoubleStalemate => 0x3000,
        Goal::MateOrStalemate => 0x4000,
        Goal::AutoStalemate => 0x5000,
        Goal::Check => 0x6000,
        Goal::Capture => 0x7000,
        Goal::Steingewinn => 0x8000,
        Goal::EnPassant => 0x9000,
        Goal::Castling => 0xA000,
        Goal::Any => 0xB000,
        Goal::Chess81 => 0xC000,
        Goal::Target(sq) => 0xD000 | (sq.index() as u64) << 50,
        Goal::DoubleMate => 0xF000,
        Goal::CounterMate => 0xF000 | 1 << 56,
        Goal::AutoMate => 0xF000 | 2 << 56,
    }
}

type Found = Result<Vec<Vec<Move>>, Aborted>;

/// What one worker of help or series play carries down its search: the line played so far, the lines found
/// (or the sink they go to), spare move lists, the goal picture's scratch.
#[derive(Default)]
struct Work<'s> {
    line: Vec<Move>,
    out: Vec<Vec<Move>>,
    sink: Option<&'s lines::LineSink<'s>>,
    moves: Vec<MoveList>,
    picture: picture::Scratch,
    /// How many more plies below this one are searched in parallel (help play).
    split: u32,
    /// The pictures the planning search follows.
    track: plan::Track,
    /// Help play ends in a self end (`hs#`): after the help plies, a move of the side to move after which every
    /// reply reaches the goal.
    self_end: bool,
    /// `exact-` help-self play: no line ends before the full length.
    exact: bool,
    /// With `self_end`: the end is a reflex end (`hr#`), the other side reaching the goal in one move, which it
    /// must, and the first side bound by the reflex constraint.
    reflex: bool,
    /// Help play ends in a reciprocal end (`reci-h#`) whose one move reaches this goal.
    reci: Option<Goal>,
    /// Help play ends in a hidden end.
    hidden: Option<Hidden>,
}

/// The lines of several parallel branches, or the abort if any branch was stopped.
fn concat(parts: Vec<Found>) -> Found {
    let mut all = Vec::new();
    for part in parts {
        all.extend(part?);
    }
    Ok(all)
}

/// The positions each worker thread has visited, each count on a cache line of its own. One count shared by the
/// threads was a line they wrote by turns at every node, and the searcher's other fields, read at every node,
/// shared that line.
struct NodeCounts(Box<[PaddedCount]>);

#[repr(align(64))]
#[derive(Default)]
struct PaddedCount(AtomicU64);

impl NodeCounts {
    /// A count for each thread of the current rayon pool, and one for threads outside it.
    fn new() -> NodeCounts {
        NodeCounts((0..=rayon::current_num_threads()).map(|_| PaddedCount::default()).collect())
    }

    /// Counts a node of the calling thread; the thread's count before it.
    #[inline]
    fn count(&self) -> u64 {
        let slots = self.0.len();
        let i = rayon::current_thread_index().map_or(slots - 1, |i| i % slots);
        let c = &self.0[i].0;
        // Only this thread writes its slot (threads outside the pool share the last one, where a count may be
        // lost: it is a statistic and a clock tick, nothing the answer depends on), so no read-modify-write.
        let n = c.load(Ordering::Relaxed);
        c.store(n + 1, Ordering::Relaxed);
        n
    }

    fn total(&self) -> u64 {
        self.0.iter().map(|c| c.0.load(Ordering::Relaxed)).sum()
    }
}

impl<'a> Search<'a> {
    pub fn new(
        rules: &'a Rules,
        table: &'a Table,
        goal: Goal,
        deadline: Option<Instant>,
        stop: &'a AtomicBool,
    ) -> Self {
        Search {
            rules,
            table,
            goal,
            deadline,
            stop,
            nodes: NodeCounts::new(),
            limits: BattleLimits::default(),
            quodlibet: false,
            semi_reflex: false,
            parry: false,
            non_trivial: None,
            keep_mating: None,
            keep_mating_lines: false,
            keep_mating_flights: false,
            pictures: rules.plays_orthodox() && goal.is_mate_or_stalemate(),
            exact: false,
            picture_book: std::sync::OnceLock::new(),
            planning: rules.plays_orthodox() && goal.is_mate_or_stalemate(),
            plan_distances: std::sync::OnceLock::new(),
            last_plan: std::sync::Mutex::new(None),
            checks_first: true,
            killers: direct::Killers::new(),
            progress: None,
        }
    }

    /// The same searcher with the checks tried first in battle play or not (off: the moves in generation order,
    /// for comparison; the answers are the same).
    pub fn with_checks_first(mut self, on: bool) -> Self {
        self.checks_first = on;
        self
    }

    /// The same searcher reporting the first moves' progress of battle play to `progress`.
    pub fn with_progress(mut self, progress: Option<std::sync::Arc<Progress>>) -> Self {
        self.progress = progress;
        self
    }

    /// The same searcher with `exact-` battle play: wins count only at exactly the length asked.
    pub fn with_exact(mut self, on: bool) -> Self {
        self.exact = on;
        self
    }

    /// Whether battle play is `exact-`.
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// The same searcher with the goal picture's bound on or off (off: every legal line is searched where no plan
    /// steers the search; for comparison).
    pub fn with_goal_picture(mut self, on: bool) -> Self {
        self.pictures = on && self.rules.plays_orthodox() && self.goal.is_mate_or_stalemate();
        self
    }

    /// The same searcher with the planning search on or off (off: the plain search, for comparison; it is on
    /// by default under orthodox rules, and never applies otherwise).
    pub fn with_planning(mut self, on: bool) -> Self {
        self.planning = on && self.rules.plays_orthodox() && self.goal.is_mate_or_stalemate();
        self
    }

    /// The planning search's start for `goal` against `victim` from `pos`, with `budget` moves left to each side
    /// (by colour index): none when planning is off or does not apply.
    fn plan_track(&self, pos: &Position, victim: crate::square::Color, budget: [u32; 2]) -> plan::Track {
        if !self.planning || Self::edge_pawns(pos) {
            return plan::Track::default();
        }
        let key = pos.key();
        let last = self.last_plan.lock().ok().and_then(|l| l.clone());
        if let Some(fewer) =
            last.filter(|(k, v, _)| *k == key && *v == victim).and_then(|(_, _, plan)| plan.within(budget))
        {
            return plan::Track::new(Some(std::sync::Arc::new(fewer)));
        }
        let dist = self.plan_distances.get_or_init(Default::default).clone();
        let plan = plan::Plan::new(dist, pos, self.goal, victim, budget, self.plain_cost(pos, budget))
            .map(std::sync::Arc::new);
        if let (Some(p), Ok(mut last)) = (&plan, self.last_plan.lock()) {
            *last = Some((key, victim, p.clone()));
        }
        plan::Track::new(plan)
    }

    /// What the plain search from `pos` costs at most, with `budget` moves left to each side (by colour index):
    /// the product of each side's moves there, once per move of its budget, times [`PLAN_STEPS_PER_NODE`]. The
    /// planning search's pictures take no more steps than that in full detail: in a short play with few moves
    /// (BEISPIEL-twin_3 as `h=2`: ten black men, most of them blocked pawns) the plain search is done before the
    /// stalemate pictures are drawn.
    fn plain_cost(&self, pos: &Position, budget: [u32; 2]) -> u64 {
        let moves = |p: &Position| self.legal(p).len().max(1) as u64;
        let (mine, theirs) = (moves(pos), moves(&pos.null_move()));
        let (b_mine, b_theirs) = (budget[pos.side().index()], budget[pos.side().opposite().index()]);
        mine.saturating_pow(b_mine).saturating_mul(theirs.saturating_pow(b_theirs)).saturating_mul(PLAN_STEPS_PER_NODE)
    }

    /// Whether a pawn stands on the first or last rank, as a twin may put one (Popeye). The planner's and the goal
    /// picture's pawn walks do not foresee one, so the plain search solves such a position (`h#2`, a black pawn on
    /// f8: `1.Ke7-e8 Qf6*f5 2.Rg1*g3 Qf5-d7 #` was lost; `h=3`, a white pawn on e8: `2.Re7*e8`).
    fn edge_pawns(pos: &Position) -> bool {
        use crate::pieces::Kind;
        use crate::square::Color;
        const EDGE_RANKS: u64 = 0xFF00_0000_0000_00FF;
        (pos.pieces_bb(Color::White, Kind::PAWN).0 | pos.pieces_bb(Color::Black, Kind::PAWN).0) & EDGE_RANKS != 0
    }

    /// The goal picture's tables, built at the first question.
    fn picture(&self) -> &picture::Pictures {
        self.picture_book.get_or_init(picture::Pictures::new)
    }

    /// The same searcher with Popeye's `KeepMatingPiece` for help and series play.
    pub fn with_keep_mating_lines(mut self, on: bool) -> Self {
        self.keep_mating_lines = on;
        self
    }

    /// The same searcher with Popeye's `NonTrivial m k`.
    pub fn with_non_trivial(mut self, nt: Option<NonTrivial>) -> Self {
        self.non_trivial = nt;
        self
    }

    /// The same searcher with Popeye's `KeepMatingPiece` for battle play: `attacker_mates` says which side must
    /// keep a piece that could mate.
    pub fn with_keep_mating(mut self, mater: Option<Mater>) -> Self {
        self.keep_mating = mater;
        self
    }

    /// The same searcher with `KeepMatingPiece` given, for `MaxFlightsquares` after the key of reflex play
    /// ([`Self::too_many_flights_after_key`]).
    pub fn with_keep_mating_flights(mut self, on: bool) -> Self {
        self.keep_mating_flights = on;
        self
    }

    /// With `NonTrivial`, for a length `m` at which the count is made, the longest length at which it is not.
    pub fn uncounted_below(&self, m: u32) -> Option<u32> {
        self.non_trivial.map(|nt| nt.guarded_from()).filter(|&g| m >= g).map(|g| g - 1)
    }

    /// The `NonTrivial` budget at the start of the play (0 without the option).
    pub fn budget(&self) -> u32 {
        self.non_trivial.map_or(0, |nt| nt.max)
    }

    /// `KeepMatingPiece`: whether `side` still has a piece other than its king ("Stop solving when there is no
    /// piece left that could deliver mate", Popeye's py-engl.txt; its test counts every kind but the king).
    fn has_mating_piece(pos: &Position, side: crate::square::Color) -> bool {
        use crate::attacks::Occupancy;
        pos.count(side) > pos.pieces_bb(side, crate::pieces::Kind::KING).count()
    }

    /// `KeepMatingPiece` in battle play: false when the side that must mate has only its king left. `attacker`
    /// is the attacking side.
    fn keeps_mating_piece(&self, pos: &Position, attacker: crate::square::Color) -> bool {
        Self::keeps_mating_piece_of(self.keep_mating, pos, attacker)
    }

    /// Whether the side `mater` names (none: no side) has a piece other than its king in `pos`.
    fn keeps_mating_piece_of(mater: Option<Mater>, pos: &Position, attacker: crate::square::Color) -> bool {
        match mater {
            None => true,
            Some(Mater::Attacker) => Self::has_mating_piece(pos, attacker),
            Some(Mater::Defender) => Self::has_mating_piece(pos, attacker.opposite()),
        }
    }

    /// `KeepMatingPiece` in battle play after an attacking move (`after`, defender to move): whether the side that
    /// must mate still has a piece that could. Popeye's filter stands before the defence, so a move that fails it
    /// is no try either.
    pub fn keeps_mating_piece_after(&self, after: &Position) -> bool {
        self.keeps_mating_piece(after, after.side().opposite())
    }

    /// The part of a table key that the `NonTrivial` budget adds: none when no count can happen below (fewer
    /// than `k+2` moves), so that those entries are shared.
    fn budget_salt(&self, n: u32, budget: u32) -> u64 {
        match self.non_trivial {
            Some(nt) if n >= nt.guarded_from() => (budget as u64 + 1) << 40,
            _ => 0,
        }
    }

    /// `NonTrivial` before the defender moves (`after`, `n` moves counted from the attacking move): the budget
    /// left below, or `None` when the defender has too many non-trivial defences.
    pub fn non_trivial_guard(
        &self,
        after: &Position,
        n: u32,
        selfplay: Option<bool>,
        budget: u32,
    ) -> Result<Option<u32>, Aborted> {
        let Some(nt) = self.non_trivial else { return Ok(Some(budget)) };
        if n < nt.guarded_from() {
            return Ok(Some(budget));
        }
        // Popeye counts in a copy of the play's own branch, `2k+1` half-moves from the defence when the
        // defender's are odd in number (self play), `2k+2` when even (direct and reflex play, whose last move,
        // the defender's forced goal, stands outside the count). In reflex play that copy starts with the forced
        // goal: a defender that can reach it at once has no defence to count.
        if selfplay == Some(true) && self.can_reach_goal_in_1(after) {
            return Ok(Some(budget + 1));
        }
        let mut count = 0u32;
        let mut buf = Vec::new();
        self.find_legal(after, |_, p| {
            let trivial = match selfplay {
                // s#k after the defence; with k = 0 the defence itself must reach the goal.
                Some(false) => {
                    self.goal_reached(p, &mut buf) || (nt.short > 0 && self.self_wins_with(p, nt.short, false, 0)?)
                }
                // r#(k+1) after the defence: `r#3`, `NonTrivial 0 1`, Isardam TypeB, White Bc1 Kb4 Pc5 Pd5 Pc6
                // Ra8 Re8, Black Kh2 Rd7: the key `1.Ra8-a3 !` (each defence has an r#2 after it, not an s#1).
                Some(true) => self.self_wins_with(p, nt.short + 1, true, 0)?,
                None => self.direct_wins_with(p, nt.short + 1, 0)?,
            };
            if !trivial {
                count += 1;
            }
            // Popeye stops counting past budget + 1.
            Ok(count > budget + 1)
        })?;
        Ok((count <= budget + 1).then(|| budget + 1 - count))
    }

    /// The same searcher with Popeye's `Quodlibet`: in self play the attacker may also reach the goal itself.
    pub fn with_quodlibet(mut self, on: bool) -> Self {
        self.quodlibet = on;
        self
    }

    /// The same searcher for semi-reflex play (`semi-r#n`): reflex play (`reflex: true`) without the attacker's
    /// obligation to reach the goal in one move when it can.
    pub fn with_semi_reflex(mut self, on: bool) -> Self {
        self.semi_reflex = on;
        self
    }

    /// The same searcher for parry series ([`crate::problem::Stipulation::parry`]). The planning search, which counts
    /// on the other side passing, is off; the goal picture counts the other side's parries.
    pub fn with_parry(mut self, on: bool) -> Self {
        self.parry = on;
        if on {
            self.planning = false;
        }
        self
    }

    /// Whether the attacker, to move in `pos` in reflex play, can reach the goal in one move and so must (and
    /// fails): never in semi-reflex play.
    pub fn reflex_attacker_bound(&self, pos: &Position) -> bool {
        !self.semi_reflex && self.can_reach_goal_in_1(pos)
    }

    /// Whether an attacking move that reaches the goal against the defender wins (direct play, and self play
    /// with `Quodlibet`).
    pub fn attacker_goal_wins(&self, selfplay: bool) -> bool {
        !selfplay || self.quodlibet
    }

    /// Whether direct play tries the shorter lengths first at each attacking node, as Popeye's
    /// attack_find_shortest: a mate in fewer moves is a mate in `n` (every defence that is mated early ends the
    /// play), so a quick mate is found without searching every attacking move to full depth, and the shorter
    /// searches' facts fill the table for the longer one (BEISPIEL-madrasi_1, #12: 0.46 s -> 0.33 s). Not with
    /// `NonTrivial`, whose count depends on the length; not in self play, where it measured slower (the last
    /// move's test is cheap there, and the defender's replies rarely allow a shorter win).
    fn deepens(&self) -> bool {
        self.non_trivial.is_none() && !self.exact
    }

    /// What the options of battle play add to table keys.
    fn battle_salt(&self) -> u64 {
        self.limits.salt() | (self.quodlibet as u64) << 24 | (self.exact as u64) << 25 | (self.semi_reflex as u64) << 26
    }

    /// The same searcher with Popeye's pruning options of battle play.
    pub fn with_limits(mut self, limits: BattleLimits) -> Self {
        self.limits = limits;
        self
    }

    /// Whether an attacking move that led to `after` (defender to move, not in check, goal not reached),
    /// with `n` moves counted from it, is allowed by `Threat` and `MaxFlightsquares`.
    fn within_limits(&self, after: &Position, n: u32, play: BattlePlay) -> Result<bool, Aborted> {
        // The threat first: often answered by the table, and it prunes more (BEISPIEL-ep_2: 2 % fewer instructions).
        // MaxFlightsquares: Popeye's guard stands before a defence with more than two moves to come (its
        // `solve_nr_remaining>next_move_has_no_solution`): from `#3`, `s#3`, `r#3` on.
        let flights_apply = n >= 3;
        if let Some(t) = self.limits.max_threat {
            if n > t && !self.rules.in_check(after, after.side()) {
                let null = after.null_move();
                let threatens = match play {
                    BattlePlay::Direct => t > 0 && self.direct_wins(&null, t)?,
                    BattlePlay::Self_ => t > 0 && self.self_wins(&null, t, false)?,
                    BattlePlay::Reflex => t > 0 && self.self_wins(&null, t, true)?,
                };
                if !threatens {
                    return Ok(false);
                }
            }
        }
        Ok(!flights_apply || !self.too_many_flights(after, self.keep_mating))
    }

    /// Whether `Threat` and `MaxFlightsquares` let an attacking move that led to `after` (goal not reached) be
    /// played at all, `n` moves counted from it: as the searches judge it (direct play from two moves on; self
    /// play, `selfplay: Some(reflex)`, always). A move they forbid is no try either.
    pub fn limits_allow(&self, after: &Position, n: u32, selfplay: Option<bool>) -> Result<bool, Aborted> {
        if selfplay.is_none() && n <= 1 {
            return Ok(true);
        }
        let play = match selfplay {
            None => BattlePlay::Direct,
            Some(false) => BattlePlay::Self_,
            Some(true) => BattlePlay::Reflex,
        };
        self.within_limits(after, n, play)
    }

    /// Whether `MaxFlightsquares n` forbids the position `after` (defender to move): its king has more than `n`
    /// flights. With `KeepMatingPiece`, `keeper` is the side whose filter stands in Popeye's flight counter (a
    /// help branch of one move, filtered as every help branch is): a king's move after which that side has only
    /// its king left is no flight.
    pub(crate) fn too_many_flights(&self, after: &Position, keeper: Option<Mater>) -> bool {
        let (Some(f), Some(k)) = (self.limits.max_flights, after.king(after.side())) else { return false };
        // Only the king's moves are tested: the others are no flights.
        let mut moves = Vec::with_capacity(64);
        self.rules.pseudo_moves(after, &mut moves);
        let node = self.rules.node(after);
        let attacker = after.side().opposite();
        let mut flights = 0u64;
        for &m in &moves {
            if m.from == k
                && flights & 1 << m.to.index() == 0
                && self.rules.is_legal_at(after, m, &node)
                && (keeper.is_none() || Self::keeps_mating_piece_of(keeper, &self.rules.make(after, m), attacker))
            {
                flights |= 1 << m.to.index();
            }
        }
        flights.count_ones() > f
    }

    /// `MaxFlightsquares` judging `PostKeyPlay`'s diagram (defender to move): Popeye's flight counter there has
    /// the `KeepMatingPiece` filter of reflex play's defender, the only side whose goal its traversal has met
    /// at that point (the forced mate before the defence); in direct and self play it meets no goal there and
    /// has none. Below the diagram the counters are those of the whole play ([`Self::too_many_flights`] with
    /// `keep_mating`). `r#3`, `PostKeyPlay MaxFlightsquares 0 KeepMatingPiece`, White Kh4 Pd3, Black Kd5: the
    /// defences are shown, each `refutes.`
    pub(crate) fn too_many_flights_after_key(&self, after: &Position, reflex: bool) -> bool {
        let keeper = (reflex && self.keep_mating_flights).then_some(Mater::Defender);
        self.too_many_flights(after, keeper)
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.total()
    }

    #[inline]
    fn tick(&self) -> Result<(), Aborted> {
        let n = self.nodes.count();
        if self.stop.load(Ordering::Relaxed) {
            return Err(Aborted);
        }
        if n & 0x3FF == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stop.store(true, Ordering::Relaxed);
                    return Err(Aborted);
                }
            }
        }
        Ok(())
    }

    /// Whether the move that led to `pos` reached the goal: the side to move in `pos` is mated (goal `#`),
    /// stalemated (`=`), in check (`+`); the move captured (`x`), castled (`00`), arrived on the target (`zd5`)...
    pub fn goal_reached(&self, pos: &Position, buf: &mut MoveList) -> bool {
        goal_reached(self.rules, self.goal, pos, buf)
    }
    fn legal(&self, pos: &Position) -> Vec<(Move, Position)> {
        let mut buf = Vec::with_capacity(64);
        let mut out = Vec::with_capacity(48);
        self.rules.for_each_legal(pos, &mut buf, |m, p| out.push((m, p)));
        out
    }

    // ----------------------------------------------------------------------------------------------------
    // Help play

    /// Every line of exactly `plies` half-moves from `pos` whose last move reaches the goal against the side
    /// that then moves. Parallel over the first two plies, and a third where the play is long: one first move's
    /// subtree can hold most of the work (BEISPIEL-hpint_107, h=5: 1.4 of 2 cores busy with two).
    pub fn help_lines(&self, pos: &Position, plies: u32) -> Found {
        self.help_root(pos, plies, HelpEnd::Goal, None)
    }

    /// Help-self play (`hs#n`): every line of `plies` help half-moves from `pos` followed by a move of the side
    /// then to move after which every reply reaches the goal, and each such reply.
    pub fn help_self_lines(&self, pos: &Position, plies: u32, exact: bool) -> Found {
        self.help_root(pos, plies, HelpEnd::SelfEnd { exact, reflex: false }, None)
    }

    /// Help-reflex play (`hr#n`): every line of `plies` help half-moves from `pos` followed by a move of the side
    /// then to move after which the other side can reach the goal in one move, and each such move; a line ends
    /// sooner where that side can reach the goal at its turn, and none goes through a position where the side
    /// making the end move could reach the goal at its turn itself.
    pub fn help_reflex_lines(&self, pos: &Position, plies: u32, exact: bool) -> Found {
        self.help_root(pos, plies, HelpEnd::SelfEnd { exact, reflex: true }, None)
    }

    /// Reciprocal help play (`reci-h#n`): every line of `plies` help half-moves from `pos` to a position where
    /// the side to move can reach `reci` in one move and the two sides the goal in a help move each; each line
    /// of the help end (two half-moves) and each of the reciprocal end (one) after it.
    pub fn help_reci_lines(&self, pos: &Position, plies: u32, reci: Goal) -> Found {
        self.help_root(pos, plies, HelpEnd::Reci(reci), None)
    }

    /// [`Search::help_lines`], or with a self end ([`Search::help_self_lines`], `exact-` or not) or a reciprocal
    /// end ([`Search::help_reci_lines`]), into `sink` when there is one.
    fn help_root(&self, pos: &Position, plies: u32, end: HelpEnd, sink: Option<&lines::LineSink>) -> Found {
        if end != HelpEnd::Goal {
            // No goal picture nor plan: they foresee the goal move at the end of the help plies.
            let (self_end, reflex, exact, reci, hidden) = match end {
                HelpEnd::SelfEnd { exact, reflex } => (true, reflex, exact, None, None),
                HelpEnd::Reci(g) => (false, false, false, Some(g), None),
                HelpEnd::Hidden { end, exact } => (false, false, exact, None, Some(end)),
                HelpEnd::Goal => unreachable!(),
            };
            let split = 2 + u32::from(plies >= 8);
            let mut work = Work { split, sink, self_end, reflex, exact, reci, hidden, ..Work::default() };
            self.help(pos, plies, &mut work)?;
            return Ok(work.out);
        }
        if plies == 0 {
            return Ok(Vec::new());
        }
        let last = if plies % 2 == 1 { pos.side() } else { pos.side().opposite() };
        let mut budget = [0; 2];
        budget[pos.side().index()] = plies.div_ceil(2);
        budget[pos.side().opposite().index()] = plies / 2;
        let track = self.plan_track(pos, last.opposite(), budget);
        let mut work = Work { split: 2 + u32::from(plies >= 8), sink, track, ..Work::default() };
        self.help(pos, plies, &mut work)?;
        Ok(work.out)
    }

    fn help(&self, pos: &Position, plies: u32, work: &mut Work) -> Result<bool, Aborted> {
        self.tick()?;
        if work.self_end && work.reflex {
            if plies.is_multiple_of(2) {
                // The side that makes the end move, at its turn: bound to reach the goal itself where it can, it
                // fails there (Popeye's reflex constraint).
                if self.can_reach_goal_in_1(pos) {
                    return Ok(false);
                }
                if plies == 0 {
                    return Ok(self.reflex_end_lines(pos, work));
                }
            } else {
                // The other side at its turn: where it can reach the goal, it must, and the line ends there (a
                // shorter solution; none with `exact-`), with each of its goal moves (`hr#2`: `1.f3-f4 b3-b2 #`,
                // TESTS/help_play.inp#9).
                let goals = self.goal_moves(pos, false);
                if !goals.is_empty() {
                    if !work.exact {
                        for r in goals {
                            work.found_with(r);
                        }
                    }
                    return Ok(!work.exact);
                }
            }
        } else if work.self_end {
            if plies == 0 {
                // The self end: a move after which every reply reaches the goal.
                return Ok(self.self_wins(pos, 1, false)? && self.self_end_lines(pos, work));
            }
            // Popeye's forced end of the help branch: where every move of the side that must reach the goal
            // does (an odd number of plies left), the line ends there, a shorter solution (`hs~1.5`:
            // `1...Kd3-c2` and the other king's moves); with `exact-` it is none (`exact-hs#2.5`: `1...g4-g3
            // 2.Rb2-b4 a6-a5   3.Rb4-a4 g3-g2 #`, as Popeye).
            if !plies.is_multiple_of(2) {
                let mut buf = Vec::new();
                if let Some(replies) = self.forced_end(pos, &mut buf) {
                    if !work.exact {
                        for (r, _) in replies {
                            work.found_with(r);
                        }
                    }
                    return Ok(!work.exact);
                }
            }
        }
        if let (Some(reci), 0) = (work.reci, plies) {
            return Ok(self.reci_end_lines(pos, reci, work));
        }
        if let Some(end) = work.hidden {
            // The zugzwang end is also tested an even number of half-moves before the end, where it ends the line
            // (a shorter solution; none with `exact-`), as the self end of `hs#`.
            if plies == 0 || (end == Hidden::Zugzwang && plies.is_multiple_of(2)) {
                if self.hidden_end_holds(pos, end) {
                    if plies == 0 || !work.exact {
                        work.found_line();
                    }
                    return Ok(plies == 0 || !work.exact);
                }
                if plies == 0 {
                    return Ok(false);
                }
            }
        }
        if plies == 0 {
            let mut buf = work.moves.pop().unwrap_or_default();
            let r = self.goal_reached(pos, &mut buf);
            work.moves.push(buf);
            if r {
                work.found_line();
            }
            return Ok(r);
        }
        // KeepMatingPiece: the side that makes the last move must keep a piece that could mate.
        let last = if plies % 2 == 1 { pos.side() } else { pos.side().opposite() };
        if self.keep_mating_lines && !Self::has_mating_piece(pos, last) {
            return Ok(false);
        }
        // A goal of self-check: its moves alone end the line, no legal move does (`h##2`).
        if plies == 1 && self.goal.self_check() && !work.self_end && work.reci.is_none() && work.hidden.is_none() {
            let goals = self.goal_moves(pos, false);
            for &m in &goals {
                work.found_with(m);
            }
            return Ok(!goals.is_empty());
        }
        let kind = match (work.self_end, work.reci, work.hidden) {
            (true, _, _) if work.reflex => SearchKind::HelpReflex,
            (true, _, _) => SearchKind::HelpSelf,
            (false, Some(_), _) => SearchKind::ReciHelp,
            (false, None, Some(Hidden::Zugzwang)) => SearchKind::HelpZugzwang,
            (false, None, Some(Hidden::Unavoidable)) => SearchKind::HelpUnavoidable,
            (false, None, None) => SearchKind::Help,
        };
        // The reciprocal goal in the key's bits above the goal's own (a target square takes bits 50 to 55).
        let extra = work.exact as u64 | work.reci.map_or(0, |g| goal_salt(g) << 4);
        let key = pos.key() ^ salt(kind, self.goal, extra);
        if self.table.no_solution(key).has(plies) {
            return Ok(false);
        }
        // The goal picture bounds the search where no plan steers it (the plan's pictures prune more).
        let plain = !work.self_end && work.reci.is_none() && work.hidden.is_none();
        if self.pictures && plain && !work.track.planned() && plies >= 2 && !Self::edge_pawns(pos) {
            let (mine, theirs) = (plies.div_ceil(2), plies / 2);
            let (moves, victim_moves) = if pos.side() == last { (mine, theirs) } else { (theirs, mine) };
            // Kept in the table: a transposition need not ask again.
            if !self.picture().reachable(&mut work.picture, pos, self.goal, last.opposite(), moves, victim_moves) {
                self.table.add_no_solution(key, plies);
                return Ok(false);
            }
        }
        let mut buf = work.moves.pop().unwrap_or_default();
        // The mating move gives check, the stalemating move leaves the opponent no reply: under orthodox rules
        // (for mates, paralysis conditions too: `Rules::mate_filter`) the moves that certainly do not are not even
        // generated.
        if plies != 1 || !plain {
            self.rules.pseudo_moves(pos, &mut buf);
        } else if let Some(filter) = (self.goal == Goal::Mate).then(|| self.rules.mate_filter(pos)).flatten() {
            self.rules.checking_moves(pos, &filter, &mut buf);
        } else if let Some(w) = (self.goal == Goal::Stalemate).then(|| self.rules.reply_witnesses(pos, false)).flatten()
        {
            self.rules.moves_past_witnesses(pos, &w, &mut buf);
        } else {
            self.rules.pseudo_moves(pos, &mut buf);
        }
        let node = self.rules.node(pos);
        if plies >= 2 {
            // The children look themselves up first: their table slots are fetched all at once.
            let salt = salt(kind, self.goal, extra);
            for &m in buf.iter() {
                self.table.prefetch(pos.key_after(m) ^ salt);
            }
        }
        // A goal reached by the goal side before the last move ends the line there: no longer line goes on
        // through it ([`Goal::may_end_early`]).
        let ends_early = plies >= 3 && plies % 2 == 1 && self.goal.may_end_early() && plain;
        if work.split > 0 && plies >= 3 {
            let mut scratch = Vec::new();
            let children: Vec<(Move, Position)> = buf
                .iter()
                .filter_map(|&m| self.rules.legal_after_at(pos, m, &node).map(|after| (m, after)))
                .filter(|(_, after)| !(ends_early && self.goal_reached(after, &mut scratch)))
                .collect();
            work.moves.push(buf);
            let (line, split, sink, track, self_end, reflex) =
                (&work.line, work.split - 1, work.sink, &work.track, work.self_end, work.reflex);
            let (exact, reci, hidden) = (work.exact, work.reci, work.hidden);
            let found: Vec<_> = children
                .par_iter()
                .map(|(m, after)| {
                    let mut line = line.clone();
                    line.push(*m);
                    let mut w = Work {
                        line,
                        split,
                        sink,
                        track: track.fork(),
                        self_end,
                        reflex,
                        exact,
                        reci,
                        hidden,
                        ..Work::default()
                    };
                    if !w.track.enter(pos, *m, after, Some(plies / 2)) {
                        return Ok((false, Vec::new()));
                    }
                    let any = self.help(after, plies - 1, &mut w)?;
                    Ok::<_, Aborted>((any, w.out))
                })
                .collect();
            let mut any = false;
            for part in found {
                let (found, lines) = part?;
                any |= found;
                work.out.extend(lines);
            }
            if !any {
                self.table.add_no_solution(key, plies);
            }
            return Ok(any);
        }
        let mut after = pos.clone();
        let mut any = false;
        let mut res = Ok(());
        for &m in buf.iter() {
            if !self.rules.legal_into(pos, m, &node, &mut after) {
                continue;
            }
            if plies == 1 && plain && self.goal == Goal::Mate && !self.rules.in_check(&after, after.side()) {
                continue;
            }
            // (A side suffocated by paralysis is stalemated in check too.)
            if plies == 1
                && plain
                && self.goal == Goal::Stalemate
                && !self.rules.reads_immobility()
                && self.rules.in_check(&after, after.side())
            {
                continue;
            }
            if ends_early && self.goal_reached(&after, &mut Vec::new()) {
                continue;
            }
            // The planning search: only towards the pictures still alive after the move (the attacker has the
            // last of the plies left, and every other one before it), unless the table already knows the child.
            if work.track.planned()
                && plies >= 2
                && self.table.no_solution(after.key() ^ salt(kind, self.goal, extra)).has(plies - 1)
            {
                continue;
            }
            if plies >= 2 && !work.track.enter(pos, m, &after, Some(plies / 2)) {
                work.track.leave();
                continue;
            }
            work.line.push(m);
            let r = self.help(&after, plies - 1, work);
            work.line.pop();
            if plies >= 2 {
                work.track.leave();
            }
            match r {
                Ok(f) => any |= f,
                Err(e) => {
                    res = Err(e);
                    break;
                }
            }
        }
        work.moves.push(buf);
        res?;
        if !any {
            self.table.add_no_solution(key, plies);
        }
        Ok(any)
    }

    // ----------------------------------------------------------------------------------------------------
    // Series play

    /// Series play: the side to move plays up to `n` moves in a row (the opponent passes; no series move but
    /// the last may give check), then:
    /// - `SeriesEnd::Goal`: the last series move reaches the goal (ser-#, ser-=);
    /// - `SeriesEnd::HelpGoal`: the opponent reaches the goal in one move (ser-h#, ser-h=);
    /// - `SeriesEnd::SelfGoal`: every move of the opponent reaches the goal, and there is one (ser-s#, ser-s=);
    /// - `SeriesEnd::ReflexGoal`: the opponent can reach the goal in one move, and must (ser-r#): the series ends
    ///   there, and no series move is made where the series side could reach the goal in one itself.
    ///
    /// Returns complete lines (for help/self ends with the opponent's final move). `exact` keeps only lines of
    /// exactly `n` series moves.
    pub fn series_lines(&self, pos: &Position, n: u32, end: SeriesEnd, exact: bool) -> Found {
        self.series_root(pos, n, end, exact, None)
    }

    /// [`Search::series_lines`], into `sink` when there is one ([`lines`]).
    fn series_root(
        &self,
        pos: &Position,
        n: u32,
        end: SeriesEnd,
        exact: bool,
        sink: Option<&lines::LineSink>,
    ) -> Found {
        // ser-r#: the series side bound to reach the goal itself makes no series move.
        if end == SeriesEnd::ReflexGoal && self.can_reach_goal_in_1(pos) {
            return Ok(Vec::new());
        }
        let first = self.legal(pos);
        // The planning search (not for a self-goal end): in ser-# the series side mates with its `n` moves, in
        // ser-h# it is mated by one move of its opponent after them.
        let mut budget = [0; 2];
        let track = match end {
            SeriesEnd::Goal => {
                budget[pos.side().index()] = n;
                self.plan_track(pos, pos.side().opposite(), budget)
            }
            // ser-s#: every reply of the opponent's after the series reaches the goal, so some reply does: the
            // pictures of ser-h# hold.
            SeriesEnd::HelpGoal | SeriesEnd::SelfGoal | SeriesEnd::ReflexGoal => {
                budget[pos.side().index()] = n;
                budget[pos.side().opposite().index()] = 1;
                self.plan_track(pos, pos.side(), budget)
            }
        };
        let found: Vec<Found> = first
            .par_iter()
            .map(|(m, after)| {
                let mut work = Work { line: vec![*m], sink, track: track.fork(), ..Work::default() };
                work.track.enter(pos, *m, after, Some(Self::series_attacker_left(end, n - 1)));
                self.series_after(after, n - 1, end, exact, &mut work)?;
                Ok(work.out)
            })
            .collect();
        let mut found = concat(found)?;
        // ser-##1: the series' first move reaches a goal of self-check, none of the legal ones above does.
        if end == SeriesEnd::Goal && self.goal.self_check() && (!exact || n == 1) {
            let mut work = Work { sink, ..Work::default() };
            for m in self.goal_moves(pos, false) {
                work.found_with(m);
            }
            found.extend(work.out);
        }
        Ok(found)
    }

    /// The self end of help-self play from `pos`: each move after which every reply reaches the goal, with each
    /// reply, ends a line found. Whether there was one.
    fn self_end_lines(&self, pos: &Position, work: &mut Work) -> bool {
        let mut buf = Vec::new();
        let mut any = false;
        for (m, after) in self.legal(pos) {
            if let Some(replies) = self.forced_end(&after, &mut buf) {
                work.line.push(m);
                for (r, _) in replies {
                    work.found_with(r);
                }
                work.line.pop();
                any = true;
            }
        }
        any
    }

    /// The reflex end of help-reflex play from `pos`: each move after which the other side can reach the goal in
    /// one move, with each such move, ends a line found. Whether there was one.
    fn reflex_end_lines(&self, pos: &Position, work: &mut Work) -> bool {
        let mut any = false;
        for (m, after) in self.legal(pos) {
            let goals = self.goal_moves(&after, false);
            if goals.is_empty() {
                continue;
            }
            work.line.push(m);
            for r in goals {
                work.found_with(r);
            }
            work.line.pop();
            any = true;
        }
        any
    }

    /// The reciprocal end of `reci-h#` from `pos`: where the side to move can reach `reci` in one move and the
    /// two sides the goal in a help move each (Popeye's AND of the two ends, the reciprocal one tested first),
    /// each line of the help end and then each of the reciprocal end ends a line found. Whether they hold.
    fn reci_end_lines(&self, pos: &Position, reci: Goal, work: &mut Work) -> bool {
        let mut buf = Vec::new();
        let moves = self.legal(pos);
        let recis: Vec<Move> = moves
            .iter()
            .filter(|(_, after)| goal_reached(self.rules, reci, after, &mut buf))
            .map(|(m, _)| *m)
            .collect();
        if recis.is_empty() {
            return false;
        }
        let mut helps = Vec::new();
        for (m, after) in &moves {
            for (r, _) in self.legal(after).into_iter().filter(|(_, p)| self.goal_reached(p, &mut buf)) {
                helps.push([*m, r]);
            }
        }
        if helps.is_empty() {
            return false;
        }
        for [m, r] in helps {
            work.line.push(m);
            work.found_with(r);
            work.line.pop();
        }
        for m in recis {
            work.found_with(m);
        }
        true
    }

    /// Whether a hidden end holds at `pos`: the side to move is not in check and has moves, and every one reaches
    /// the goal ([`Hidden::Zugzwang`]) or lets the other side reach it in one move ([`Hidden::Unavoidable`]).
    fn hidden_end_holds(&self, pos: &Position, end: Hidden) -> bool {
        if self.rules.in_check(pos, pos.side()) {
            return false;
        }
        match end {
            Hidden::Zugzwang => self.all_replies_reach_goal(pos),
            Hidden::Unavoidable => {
                let moves = self.legal(pos);
                !moves.is_empty() && moves.iter().all(|(_, after)| self.can_reach_goal_in_1(after))
            }
        }
    }

    /// The opponent's moves after a series move of ser-s#, when there are some and every one reaches the goal.
    fn forced_end(&self, after: &Position, buf: &mut Vec<Move>) -> Option<Vec<(Move, Position)>> {
        if self.goal.self_check() {
            let replies = self.self_check_goal_moves(after, false);
            return (!replies.is_empty() && !self.rules.has_legal_move(after, buf)).then_some(replies);
        }
        let replies = self.legal(after);
        (!replies.is_empty() && replies.iter().all(|(_, p)| self.goal_reached(p, buf))).then_some(replies)
    }

    /// The moves the side that reaches the goal has after a series move with `left` series moves to come: the
    /// series side's own in ser-#, the opponent's one in ser-h#.
    fn series_attacker_left(end: SeriesEnd, left: u32) -> u32 {
        if end == SeriesEnd::Goal {
            left
        } else {
            1
        }
    }

    /// After a series move (`after`: the opponent to move), with `left` series moves still available.
    fn series_after(
        &self,
        after: &Position,
        left: u32,
        end: SeriesEnd,
        exact: bool,
        work: &mut Work,
    ) -> Result<bool, Aborted> {
        self.tick()?;
        let mut any = false;
        let mut buf = Vec::new();
        // ser-=: the series may go on past a stalemate (the opponent does not move), and Popeye lists both.
        let reached = end == SeriesEnd::Goal && self.goal_reached(after, &mut buf);
        if !exact || left == 0 {
            match end {
                SeriesEnd::Goal => {
                    if reached {
                        work.found_line();
                        any = true;
                    }
                }
                SeriesEnd::HelpGoal | SeriesEnd::ReflexGoal => {
                    for m in self.goal_moves(after, false) {
                        work.found_with(m);
                        any = true;
                    }
                }
                SeriesEnd::SelfGoal => {
                    if let Some(replies) = self.forced_end(after, &mut buf) {
                        for (m, _) in replies {
                            work.found_with(m);
                        }
                        any = true;
                    }
                }
            }
        }
        // A goal the opponent can move after (`x`, `+`, `zd5`) ends the series where it is reached, as in help
        // play ([`Goal::may_end_early`]); after a stalemate the series goes on (the opponent passes anyway).
        if left == 0 || work.track.dead() || (reached && self.goal.may_end_early()) {
            return Ok(any);
        }
        let check = self.rules.in_check(after, after.side());
        if check && !self.parry {
            return Ok(any);
        }
        // ser-s#: the series ends where the opponent is forced to reach the goal; it does not go on through such
        // a position (Popeye's STEndOfBranchForced tester, `solving/end_of_branch_tester.c`), with or without
        // `exact-`: ser-s#2, Madrasi RexInclusive, White Kd3 Pe2 Pa3, Black Kc2 Pe5 has `1.a3-a4 e5-e4 #` and
        // `1.e2-e3 e5-e4 #` only (tests/popeye-cases/series-self-forced-end.inp).
        if end == SeriesEnd::SelfGoal && (any || (exact && self.forced_end(after, &mut buf).is_some())) {
            return Ok(any);
        }
        // ser-r#: likewise where the opponent can reach the goal (it must), and where the series side could
        // reach it in one move itself (Popeye's reflex constraint before each series move; after a parry, below).
        if end == SeriesEnd::ReflexGoal
            && (any || self.can_reach_goal_in_1(after) || (!check && self.can_reach_goal_in_1(&after.series_pass())))
        {
            return Ok(any);
        }
        // Parry series: the opponent in check answers with each of its moves (Popeye's check zigzag,
        // conditions/check_zigzag.c), the series side moving on after each.
        if check {
            let mating = if end == SeriesEnd::Goal { after.side().opposite() } else { after.side() };
            for (r, next) in self.legal(after) {
                if self.keep_mating_lines && !Self::has_mating_piece(&next, mating) {
                    continue;
                }
                if end == SeriesEnd::ReflexGoal && self.can_reach_goal_in_1(&next) {
                    continue;
                }
                work.line.push(r);
                let sub = self.series_from(&next, left, end, exact, false, work);
                work.line.pop();
                any |= sub?;
            }
            return Ok(any);
        }
        // KeepMatingPiece: the series side mates in ser-#, its opponent in ser-h# and ser-s#.
        let mating = if end == SeriesEnd::Goal { after.side().opposite() } else { after.side() };
        if self.keep_mating_lines && !Self::has_mating_piece(after, mating) {
            return Ok(any);
        }
        // The opponent passes; the series side moves again.
        Ok(any | self.series_from(&after.series_pass(), left, end, exact, reached, work)?)
    }

    /// The series side to move at `next` (after the opponent's pass or parry), with `left` series moves still
    /// available: each of its moves and what follows (`reached`: the goal stands at `next`).
    fn series_from(
        &self,
        next: &Position,
        left: u32,
        end: SeriesEnd,
        exact: bool,
        reached: bool,
        work: &mut Work,
    ) -> Result<bool, Aborted> {
        let mut any = false;
        let kind = match end {
            SeriesEnd::Goal => SearchKind::Series,
            SeriesEnd::HelpGoal => SearchKind::SeriesHelp,
            SeriesEnd::SelfGoal => SearchKind::SeriesSelf,
            SeriesEnd::ReflexGoal => SearchKind::SeriesReflex,
        };
        // ser-##: the last series move of a goal of self-check is none of the legal ones below.
        if end == SeriesEnd::Goal && self.goal.self_check() && (!exact || left == 1) {
            for m in self.goal_moves(next, false) {
                work.found_with(m);
                any = true;
            }
        }
        let extra = exact as u64 | (self.parry as u64) << 24;
        let key = next.key() ^ salt(kind, self.goal, extra);
        if self.table.no_solution(key).has(left) {
            return Ok(any);
        }
        // The goal picture: the series side has up to `left` moves; in ser-h# its opponent then one. (Not from a
        // stalemate already reached: the picture asks for the moves that make one, not for waiting moves.)
        if self.pictures && !work.track.planned() && end != SeriesEnd::SelfGoal && !reached && !Self::edge_pawns(next) {
            // Parry series: the other side's parries count too, one after each series move but the last.
            let parries = if self.parry { left - 1 } else { 0 };
            let (victim, moves, victim_moves) = match end {
                SeriesEnd::Goal => (next.side().opposite(), left, parries),
                _ => (next.side(), 1 + parries, left),
            };
            if !self.picture().reachable(&mut work.picture, next, self.goal, victim, moves, victim_moves) {
                self.table.add_no_solution(key, left);
                return Ok(any);
            }
        }
        let mut sub = false;
        let mut moves = Vec::with_capacity(64);
        self.rules.pseudo_moves(next, &mut moves);
        if left >= 2 {
            // The children look themselves up (after the opponent's pass): their slots are fetched all at once.
            let salt = salt(kind, self.goal, extra);
            for &m in &moves {
                self.table.prefetch(next.key_after_and_pass(m) ^ salt);
            }
        }
        let node = self.rules.node(next);
        let mut p = next.clone();
        for &m in &moves {
            if !self.rules.legal_into(next, m, &node, &mut p) {
                continue;
            }
            work.track.enter(next, m, &p, Some(Self::series_attacker_left(end, left - 1)));
            work.line.push(m);
            let r = self.series_after(&p, left - 1, end, exact, work);
            work.line.pop();
            work.track.leave();
            sub |= r?;
        }
        if !sub {
            self.table.add_no_solution(key, left);
        }
        Ok(any || sub)
    }

    // ----------------------------------------------------------------------------------------------------
    // Direct, self and reflex play

    /// Whether the attacker (to move) forces the goal against the defender within `n` moves.
    pub fn direct_wins(&self, pos: &Position, n: u32) -> Result<bool, Aborted> {
        self.direct_wins_with(pos, n, self.budget())
    }

    /// [`Search::direct_wins`] with the `NonTrivial` budget left.
    pub fn direct_wins_with(&self, pos: &Position, n: u32, budget: u32) -> Result<bool, Aborted> {
        if self.plain_direct() {
            return self.plain_wins(pos, n);
        }
        self.tick()?;
        if !self.keeps_mating_piece(pos, pos.side()) {
            return Ok(false);
        }
        let key = pos.key() ^ salt(SearchKind::Direct, self.goal, self.battle_salt() | self.budget_salt(n, budget));
        if let Some(r) = self.lookup_win(key, n) {
            return Ok(r);
        }
        let won = if n <= 1 || (self.goal.self_check() && !self.exact && self.can_reach_goal_in_1(pos)) {
            // Threat and MaxFlightsquares judge only the moves that do not reach the goal at once (nor the goal
            // moves of self-check, which the legal moves below are not).
            self.can_reach_goal_in_1(pos)
        } else if self.deepens() {
            // A win within `n` is a win in exactly some length up to `n`, each with the limits of its own length
            // (they differ: Threat n applies only with more than n moves to come). The table's won/lost bounds
            // read entries the same way. BEISPIEL-castling_11 (#6, Threat 1) 11 s -> 0.26 s, BEISPIEL-ep_2 (#10,
            // Threat 1, MaxFlightsquares 1) over 200 s -> 0.45 s (1 thread).
            self.direct_wins_with(pos, n - 1, budget)?
                || self.find_checks_first(pos, None, |_, after| self.direct_after_with(after, n, budget))?.found
        } else if self.limits == BattleLimits::default() && !self.exact && self.can_reach_goal_in_1(pos) {
            // NonTrivial has just asked for a mate in 1 after most defences: a quick answer first.
            true
        } else {
            self.find_checks_first(pos, None, |_, after| self.direct_after_with(after, n, budget))?.found
        };
        self.store_win(key, n, won);
        Ok(won)
    }

    /// After an attacker's move with `n` moves counted from it: is the goal reached now, or forced later?
    pub fn direct_after(&self, after: &Position, n: u32) -> Result<bool, Aborted> {
        self.direct_after_with(after, n, self.budget())
    }

    /// [`Search::direct_after`] with the `NonTrivial` budget left: the move wins in `n` moves, or in fewer
    /// where no count is made (Popeye tries the lengths one by one).
    pub fn direct_after_with(&self, after: &Position, n: u32, budget: u32) -> Result<bool, Aborted> {
        if self.direct_after_at(after, n, budget)? {
            return Ok(true);
        }
        if self.exact {
            return Ok(false);
        }
        // A shorter win without the count is a win in `n` too, unless Threat or MaxFlightsquares forbid at `n`
        // what they allow at the shorter length: every defence is then trivial, and the count passes.
        match self.uncounted_below(n) {
            Some(short) if self.limits != BattleLimits::default() => self.direct_after_at(after, short, budget),
            _ => Ok(false),
        }
    }

    /// [`Search::direct_after_with`] at exactly the length `n` (the `NonTrivial` count made for it).
    pub fn direct_after_at(&self, after: &Position, n: u32, budget: u32) -> Result<bool, Aborted> {
        if self.plain_direct() {
            return self.plain_after(after, n);
        }
        let mut buf = Vec::new();
        if self.goal_reached(after, &mut buf) {
            // `exact-`: the goal reached before the full length is no win.
            return Ok(!self.exact || n <= 1);
        }
        if n <= 1
            || !self.keeps_mating_piece(after, after.side().opposite())
            || !self.within_limits(after, n, BattlePlay::Direct)?
        {
            return Ok(false);
        }
        let Some(below) = self.non_trivial_guard(after, n, None, budget)? else { return Ok(false) };
        let refuted = self.find_checks_first(after, None, |_, p| Ok(!self.direct_wins_with(p, n - 1, below)?))?;
        // No defence at all is stalemate, not a win (the goal was tested above).
        Ok(refuted.legal && !refuted.found)
    }

    /// Selfplay: whether the attacker (to move) forces the defender to reach the goal against the attacker
    /// within `n` moves. With `reflex`, both sides must reach their goal in one move whenever they can.
    pub fn self_wins(&self, pos: &Position, n: u32, reflex: bool) -> Result<bool, Aborted> {
        self.self_wins_with(pos, n, reflex, self.budget())
    }

    /// [`Search::self_wins`] with the `NonTrivial` budget left.
    pub fn self_wins_with(&self, pos: &Position, n: u32, reflex: bool, budget: u32) -> Result<bool, Aborted> {
        self.tick()?;
        if !self.keeps_mating_piece(pos, pos.side()) {
            return Ok(false);
        }
        let kind = if reflex { SearchKind::Reflex } else { SearchKind::Selfmate };
        let key = pos.key() ^ salt(kind, self.goal, self.battle_salt() | self.budget_salt(n, budget));
        if let Some(r) = self.lookup_win(key, n) {
            return Ok(r);
        }
        let mut won = false;
        if !(reflex && self.reflex_attacker_bound(pos)) {
            // Self play's last attacking move: one that leaves the defender a reply that gives no check loses,
            // and most can be seen to without being made.
            let last = n <= 1 && !reflex && self.goal == Goal::Mate && self.limits == BattleLimits::default();
            let witnesses = if last { self.rules.reply_witnesses(pos, true) } else { None };
            let win = |_, after: &Position| self.self_after_with(after, n, reflex, budget);
            won = match witnesses {
                Some(w) => self.find_legal_past(pos, Some(&w), win)?.found,
                None => self.find_checks_first(pos, None, win)?.found,
            };
        }
        self.store_win(key, n, won);
        Ok(won)
    }

    /// After an attacker's move in self/reflex play (defender to move), with `n` moves counted from it.
    pub fn self_after(&self, after: &Position, n: u32, reflex: bool) -> Result<bool, Aborted> {
        self.self_after_with(after, n, reflex, self.budget())
    }

    /// [`Search::self_after`] with the `NonTrivial` budget left: the move wins in `n` moves, or in fewer where
    /// no count is made (Popeye tries the lengths one by one).
    pub fn self_after_with(&self, after: &Position, n: u32, reflex: bool, budget: u32) -> Result<bool, Aborted> {
        if self.self_after_at(after, n, reflex, budget)? {
            return Ok(true);
        }
        if self.exact {
            return Ok(false);
        }
        // A shorter win without the count is a win in `n` too, unless Threat or MaxFlightsquares forbid at `n`
        // what they allow at the shorter length: every defence is then trivial, and the count passes.
        match self.uncounted_below(n) {
            Some(short) if self.limits != BattleLimits::default() => self.self_after_at(after, short, reflex, budget),
            _ => Ok(false),
        }
    }

    /// [`Search::self_after_with`] at exactly the length `n` (the `NonTrivial` count made for it).
    pub fn self_after_at(&self, after: &Position, n: u32, reflex: bool, budget: u32) -> Result<bool, Aborted> {
        // Quodlibet: "in s# or r# also direct mates are a solution" (Popeye's py-engl.txt; BEISPIEL-quod_3).
        if self.quodlibet && self.goal_reached(after, &mut Vec::new()) {
            return Ok(!self.exact || n <= 1);
        }
        if !self.keeps_mating_piece(after, after.side().opposite()) {
            return Ok(false);
        }
        if n <= 1 && self.limits == BattleLimits::default() {
            // The last move: reflex play needs one goal move of the defender (it must play it), self play
            // needs every defence to reach the goal.
            return Ok(if reflex { self.can_reach_goal_in_1(after) } else { self.all_replies_reach_goal(after) });
        }
        if reflex && self.can_reach_goal_in_1(after) {
            // Reflex play: the defender must reach the goal when it can (too soon for `exact-`, unless this is the
            // last move).
            return Ok(!self.exact || n <= 1);
        }
        // A goal of self-check is reached by no legal defence below: where the defender has no legal move and a
        // goal move, it is forced to it.
        if self.goal.self_check() && self.all_replies_reach_goal(after) {
            return Ok(!self.exact || n <= 1);
        }
        if !self.within_limits(after, n, if reflex { BattlePlay::Reflex } else { BattlePlay::Self_ })? {
            return Ok(false);
        }
        let Some(below) = self.non_trivial_guard(after, n, Some(reflex), budget)? else { return Ok(false) };
        let mut buf = Vec::new();
        let probe = (n > 1).then(|| {
            salt(
                if reflex { SearchKind::Reflex } else { SearchKind::Selfmate },
                self.goal,
                self.battle_salt() | self.budget_salt(n - 1, below),
            )
        });
        let refute = |_, p: &Position| {
            // A defence that reaches the goal at once ends the play as the attacker wants (too soon for `exact-`,
            // unless this is the last move).
            if self.goal_reached(p, &mut buf) {
                return Ok(self.exact && n > 1);
            }
            Ok(n <= 1 || !self.self_wins_with(p, n - 1, reflex, below)?)
        };
        let refuted = if n > 1 {
            self.find_checks_first(after, probe, refute)?
        } else {
            self.find_legal_lazy(after, probe, refute)?
        };
        Ok(refuted.legal && !refuted.found)
    }

    /// Plays the legal moves of `pos` one by one (made only when reached) until `f` says found.
    fn find_legal(
        &self,
        pos: &Position,
        f: impl FnMut(Move, &Position) -> Result<bool, Aborted>,
    ) -> Result<Search1, Aborted> {
        self.find_legal_past(pos, None, f)
    }

    /// [`Search::find_legal`] passing over, unmade, the moves that leave the opponent a reply `witnesses`
    /// promise (they count as not legal: for callers whose `f` would not find them).
    fn find_legal_past(
        &self,
        pos: &Position,
        witnesses: Option<&ReplyWitnesses>,
        mut f: impl FnMut(Move, &Position) -> Result<bool, Aborted>,
    ) -> Result<Search1, Aborted> {
        let mut moves = Vec::with_capacity(64);
        let Some(w) = witnesses else { return self.find_legal_lazy(pos, None, f) };
        self.rules.moves_past_witnesses(pos, w, &mut moves);
        let node = self.rules.node(pos);
        let mut legal = false;
        let mut after = pos.clone();
        for &m in &moves {
            if !self.rules.legal_into(pos, m, &node, &mut after) {
                continue;
            }
            legal = true;
            if f(m, &after)? {
                return Ok(Search1 { legal, found: true });
            }
        }
        Ok(Search1 { legal, found: false })
    }

    /// [`Search::find_legal_lazy`] with the checks first, for battle play. A check leaves the opponent only its
    /// evasions: a defender's check that refutes is proven with few moves searched below it, and one often does
    /// (BEISPIEL-ep_11, s#6: 31.1 million positions -> 142 thousand on one thread, 18.4 s -> 0.19 s; castling_13,
    /// #4: 59 -> 19 thousand; nontriv_7: 680 -> 410 thousand), and an attacker's check is more often a win
    /// (castling_9, #3: 41 -> 27 thousand; ep_2, #10: 235 -> 219 thousand). The answer is the same: `f` finds
    /// any of the moves; the order decides only which is found first.
    fn find_checks_first(
        &self,
        pos: &Position,
        probe: Option<u64>,
        mut f: impl FnMut(Move, &Position) -> Result<bool, Aborted>,
    ) -> Result<Search1, Aborted> {
        // Under conditions only where the checks are known without making every move ([`Rules::mate_filter`]):
        // making them all first measured no faster (BEISPIEL-madrasi_1: 39 % fewer positions, the same time).
        let filter = if self.checks_first { self.rules.mate_filter(pos) } else { None };
        let Some(filter) = filter else { return self.find_legal_lazy(pos, probe, f) };
        // Empty until a check is found: most positions have none, and this runs at every node of battle play.
        let mut checks = Vec::new();
        self.rules.checking_moves(pos, &filter, &mut checks);
        let mut legal = false;
        if !checks.is_empty() {
            let node = self.rules.node(pos);
            let mut after = pos.clone();
            let mut tried = 0;
            for i in 0..checks.len() {
                let m = checks[i];
                if !self.rules.legal_into(pos, m, &node, &mut after) || !self.rules.in_check(&after, after.side()) {
                    continue;
                }
                legal = true;
                if f(m, &after)? {
                    return Ok(Search1 { legal, found: true });
                }
                checks[tried] = m;
                tried += 1;
            }
            checks.truncate(tried);
        }
        // Then the other moves (the checks already tried are passed over).
        let rest = self.find_legal_lazy(pos, probe, |m, p| Ok(!checks.contains(&m) && f(m, p)?))?;
        Ok(Search1 { legal: legal || rest.legal, found: rest.found })
    }

    /// [`Search::find_legal`] generating the moves piece by piece, in [`Rules::pseudo_moves`]'s order, as they
    /// are reached: a defence usually settles a node with its first legal move. With `probe`, the table slot of
    /// the position after the first move (its key XOR `probe`, what `f` will look up) is fetched while the
    /// legality facts are computed.
    fn find_legal_lazy(
        &self,
        pos: &Position,
        probe: Option<u64>,
        mut f: impl FnMut(Move, &Position) -> Result<bool, Aborted>,
    ) -> Result<Search1, Aborted> {
        let mut moves = Vec::with_capacity(32);
        let mut node = None;
        let mut legal = false;
        let mut after = pos.clone();
        let pieces = pos.color_bb(pos.side()).into_iter().map(Some).chain(std::iter::once(None));
        for piece in pieces {
            moves.clear();
            match piece {
                Some(from) => self.rules.piece_pseudo_moves(pos, from, &mut moves),
                None => self.rules.extra_moves(pos, &mut moves),
            }
            if moves.is_empty() {
                continue;
            }
            if node.is_none() {
                if let Some(salt) = probe {
                    self.table.prefetch(pos.key_after(moves[0]) ^ salt);
                }
            }
            let node = node.get_or_insert_with(|| self.rules.node(pos));
            for &m in &moves {
                if !self.rules.legal_into(pos, m, node, &mut after) {
                    continue;
                }
                legal = true;
                if f(m, &after)? {
                    return Ok(Search1 { legal, found: true });
                }
            }
        }
        Ok(Search1 { legal, found: false })
    }

    /// Whether the side to move has a move that reaches the goal against the other side.
    pub fn can_reach_goal_in_1(&self, pos: &Position) -> bool {
        !self.goal_moves(pos, true).is_empty()
    }

    /// Whether the side to move has legal moves and every one of them reaches the goal against it (the
    /// forced end of self play). Stops at the first legal move that does not; under orthodox rules a move
    /// that cannot give check settles it without being made.
    pub fn all_replies_reach_goal(&self, pos: &Position) -> bool {
        let mut moves = Vec::with_capacity(64);
        if self.goal.self_check() {
            // No legal move reaches such a goal: the side has none, and has a goal move.
            return !self.rules.has_legal_move(pos, &mut moves) && !self.self_check_goal_moves(pos, true).is_empty();
        }
        let filter = if self.goal == Goal::Mate { self.rules.check_filter(pos) } else { None };
        let node = self.rules.node(pos);
        // First the moves that cannot reach the goal: one that is legal settles it, and its legality rarely
        // needs the move made (nor the others generated). Only then are the others made and judged.
        if let Some(f) = filter {
            if self.rules.has_quiet_legal_move(pos, &f, &node, &mut moves) {
                return false;
            }
        }
        self.rules.pseudo_moves(pos, &mut moves);
        let mut buf = Vec::with_capacity(64);
        let mut after = pos.clone();
        let mut any = false;
        for &m in &moves {
            if filter.is_some_and(|f| !f.may_check(pos, m)) || !self.rules.legal_into(pos, m, &node, &mut after) {
                continue;
            }
            if !self.goal_reached(&after, &mut buf) {
                return false;
            }
            any = true;
        }
        any
    }

    /// The moves of the side to move that reach a goal of self-check (`##`, `##!`, `!#`: [`Goal::self_check`]),
    /// with the positions after them (only the first one with `first_only`): moves that leave the mover's own
    /// king in check, the only ones that can. Double mate's are played by a side that has a legal move (Popeye's
    /// `doublemate_filter_solve`, the immobility test of the position before the move: `##1`, White Kh6 Pg6,
    /// Black Kh8 Bg7 Ra5 has no `1.Kh6-h7 ##`, REGRESSIONS/4_55_to_4_57.inp#5), counter-mate's by a side mated
    /// before it moves (`countermate_filter_solve`: the mate test there); auto-mate's by any.
    pub fn self_check_goal_moves(&self, pos: &Position, first_only: bool) -> Vec<(Move, Position)> {
        let mut moves = Vec::with_capacity(64);
        let may = match self.goal {
            Goal::DoubleMate => self.rules.has_legal_move(pos, &mut moves),
            Goal::CounterMate => self.rules.in_check(pos, pos.side()) && !self.rules.has_legal_move(pos, &mut moves),
            _ => true,
        };
        if !may {
            return Vec::new();
        }
        moves.clear();
        self.rules.pseudo_moves(pos, &mut moves);
        let mut buf = Vec::with_capacity(64);
        let mut out = Vec::new();
        for &m in &moves {
            if let Some(after) = self.rules.legal_but_self_check(pos, m) {
                if self.goal_reached(&after, &mut buf) {
                    out.push((m, after));
                    if first_only {
                        break;
                    }
                }
            }
        }
        out
    }

    /// The moves of the side to move that reach the goal against the other side (only the first one with
    /// `first_only`). A mating move gives check: the others are not even made where [`Rules::mate_filter`] tells
    /// them.
    pub fn goal_moves(&self, pos: &Position, first_only: bool) -> Vec<Move> {
        if self.goal.self_check() {
            return self.self_check_goal_moves(pos, first_only).into_iter().map(|(m, _)| m).collect();
        }
        let mut moves = Vec::with_capacity(64);
        match (self.goal == Goal::Mate).then(|| self.rules.mate_filter(pos)).flatten() {
            Some(filter) => self.rules.checking_moves(pos, &filter, &mut moves),
            None => self.rules.pseudo_moves(pos, &mut moves),
        }
        let node = self.rules.node(pos);
        let mut buf = Vec::with_capacity(64);
        let mut after = pos.clone();
        let mut out = Vec::new();
        for &m in &moves {
            if !self.rules.legal_into(pos, m, &node, &mut after) {
                continue;
            }
            if self.goal_reached(&after, &mut buf) {
                out.push(m);
                if first_only {
                    break;
                }
            }
        }
        out
    }

    /// Whether battle play from the position of `key` is proven won (or lost) in `n` moves, if it is known.
    fn lookup_win(&self, key: u64, n: u32) -> Option<bool> {
        if self.exact {
            // A win in exactly `n` says nothing of other lengths: one fact per length.
            return self.table.exact_verdict(key, n);
        }
        self.table.bounds(key)?.verdict(n)
    }

    /// Keeps that battle play from the position of `key` is won (or lost) in `n` moves.
    fn store_win(&self, key: u64, n: u32, won: bool) {
        if self.exact {
            self.table.put_exact(key, n, won);
            return;
        }
        let old = self.table.bounds(key).unwrap_or(Bounds::NONE);
        self.table.put_bounds(key, old.with(n, won));
    }
}

/// What [`Search::find_legal`] saw: whether there was a legal move, and whether one was found.
#[derive(Clone, Copy, Debug)]
struct Search1 {
    legal: bool,
    found: bool,
}

/// How a series ends (see [`Search::series_lines`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesEnd {
    Goal,
    HelpGoal,
    SelfGoal,
    ReflexGoal,
}
