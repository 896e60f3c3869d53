//! Direct, self and reflex play as Popeye prints it (tree mode): keys and cooks, tries with their refutations,
//! threats, variations and short variations, set play.
//!
//! Which defences are shown follows Popeye's threat enforcer: after a move that gives check every defence is
//! shown; after a quiet move with threats of length `L`, a defence is shown when the attacker's shortest
//! continuation is longer than `L`, or of length `L` but at least one threat no longer works (variations
//! shorter than the threat are not reported); without a threat (zugzwang) every defence is shown. After a defence every attacking
//! move that wins in the shortest possible number of moves is shown (a second one is a dual). Siblings are
//! kept in canonical order ([`sort_canonically`]) so that the output does not depend on the thread count.

use super::solution::{sort_canonically, Attack, Defence, PlayedMove, PostKey, Refutation, Role, Threat};
use super::{Aborted, Search};
use crate::moves::Move;
use crate::position::Position;
use crate::problem::options::Options;
use crate::problem::Play;
use crate::square::Square;
use rayon::prelude::*;

/// What the tree shows besides the keys (Popeye's options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeOptions {
    /// `Variations`: threats, variations and the continuations after them.
    pub variations: bool,
    /// `Try` / `Defence n`: first moves refuted by at most `max_refutations` defences.
    pub tries: bool,
    pub max_refutations: u32,
    /// `NoThreat`: no threats are computed; every defence is shown.
    pub no_threat: bool,
    /// `NoShortVariations`: defences after which the attacker wins before the full length are not shown.
    pub no_short_variations: bool,
    /// `MatesIn1` (self play): the defences that reach the goal at once are shown too.
    pub mates_in_1: bool,
    /// `TrivialTriesAvoid`: a try that gives check and has a single refutation is not shown.
    pub trivial_tries_avoid: bool,
}

impl TreeOptions {
    pub fn from_options(o: &Options) -> TreeOptions {
        TreeOptions {
            // Popeye's PostKeyPlay turns Variations on.
            variations: o.variations || o.post_key_play,
            // Popeye: "try play not applicable" in post-key play.
            tries: (o.tries || o.defence.is_some()) && !o.post_key_play,
            max_refutations: o.defence.unwrap_or(1).max(1),
            no_threat: o.no_threat,
            no_short_variations: o.no_short_variations,
            mates_in_1: o.mates_in_1,
            trivial_tries_avoid: o.trivial_tries_avoid,
        }
    }
}

/// Tree-mode solver for one stipulation of direct (`#n`, `=n`), self (`s#n`) or reflex (`r#n`) play.
pub struct Battle<'s, 'a> {
    pub search: &'s Search<'a>,
    pub play: Play,
    pub opts: TreeOptions,
}

impl<'s, 'a> Battle<'s, 'a> {
    fn reflex(&self) -> bool {
        self.play.is_reflex()
    }

    /// Reflex play where the defender to move in `pos` can reach the goal at once, and must: Popeye's forced
    /// goal stands before its `MaxFlightsquares` and `Threat` guards, which then judge nothing (`r#3`,
    /// `SetPlay MaxFlightsquares 1`, White Kf1, Black Kf3 Rh7: the set play `1...Rh7-h1 #`).
    fn reflex_goal_forced(&self, pos: &Position) -> bool {
        self.reflex() && self.search.can_reach_goal_in_1(pos)
    }

    /// Self or reflex play (`Some(reflex)`), or direct play (`None`): how the searches' guards are asked.
    fn selfplay(&self) -> Option<bool> {
        (self.play != Play::Direct).then_some(self.reflex())
    }

    /// Whether the attacker's own move may reach the goal (direct play; self play with `Quodlibet`).
    fn attacker_goal(&self) -> bool {
        self.search.attacker_goal_wins(self.play != Play::Direct)
    }

    /// Whether the attacker, to move in `pos`, wins within `m` moves (`b`: the `NonTrivial` budget left).
    fn wins(&self, pos: &Position, m: u32, b: u32) -> Result<bool, Aborted> {
        match self.play {
            Play::Direct => self.search.direct_wins_with(pos, m, b),
            _ => self.search.self_wins_with(pos, m, self.reflex(), b),
        }
    }

    /// Whether the attacker's move that led to `after` wins within `m` moves counted from it.
    fn after_wins(&self, after: &Position, m: u32, b: u32) -> Result<bool, Aborted> {
        match self.play {
            Play::Direct => self.search.direct_after_with(after, m, b),
            _ => self.search.self_after_with(after, m, self.reflex(), b),
        }
    }

    /// The length an attacking move that wins within `m` is shown with, and the `NonTrivial` budget below it:
    /// `m`, unless `NonTrivial`'s count at `m` rules it out and it wins in fewer moves without a count.
    fn level(&self, after: &Position, m: u32, b: u32) -> Result<(u32, u32), Aborted> {
        let selfplay = self.selfplay();
        let at = |len: u32| match self.play {
            Play::Direct => self.search.direct_after_at(after, len, b),
            _ => self.search.self_after_at(after, len, self.reflex(), b),
        };
        let m = match self.search.uncounted_below(m) {
            Some(short) if !at(m)? && at(short)? => short,
            _ => m,
        };
        Ok((m, self.search.non_trivial_guard(after, m, selfplay, b)?.unwrap_or(b)))
    }

    /// The attacker's shortest win from `pos` (attacker to move), at most `max` moves (`exact-`: of `max` moves).
    fn shortest_win(&self, pos: &Position, max: u32, b: u32) -> Result<Option<u32>, Aborted> {
        let first = if self.search.exact() { max.max(1) } else { 1 };
        for k in first..=max {
            if self.wins(pos, k, b)? {
                return Ok(Some(k));
            }
        }
        Ok(None)
    }

    /// The moves of the side to move in `pos`, the attacker's (`attacker`) or the defender's: the legal ones, and
    /// for the side that reaches a goal of self-check (the attacker in direct play, the defender in self and
    /// reflex play) its goal moves ([`Search::self_check_goal_moves`]).
    fn legal(&self, pos: &Position, attacker: bool) -> Vec<(Move, Position)> {
        let mut buf = Vec::with_capacity(64);
        let mut out = Vec::with_capacity(48);
        self.search.rules.for_each_legal(pos, &mut buf, |m, p| out.push((m, p)));
        if self.search.goal.self_check() && attacker == (self.play == Play::Direct) {
            out.extend(self.search.self_check_goal_moves(pos, false));
        }
        out
    }

    fn goal(&self, pos: &Position) -> bool {
        let mut buf = Vec::new();
        self.search.goal_reached(pos, &mut buf)
    }

    /// A move marked with ` #`/` =` when it reaches the goal (`goal_counts`) or ` +` when it checks.
    fn played(&self, before: &Position, mv: Move, after: &Position, goal_counts: bool) -> PlayedMove {
        let goal = (goal_counts && self.goal(after)).then_some(self.search.goal);
        PlayedMove::marked(self.search.rules, before, mv, after, goal)
    }

    /// The first moves from `pos` (attacker to move) for `n` moves: every key, and the tries when asked, in
    /// canonical order, keys and tries mixed by their text as Popeye mixes them by generation order.
    pub fn root(&self, pos: &Position, n: u32) -> Result<Vec<Attack>, Aborted> {
        match self.root_found(pos, n) {
            (blocks, false) => Ok(blocks),
            (_, true) => Err(Aborted),
        }
    }

    /// [`Battle::root`] keeping, when the search is stopped, the first moves searched to their end (and `true`).
    pub fn root_found(&self, pos: &Position, n: u32) -> (Vec<Attack>, bool) {
        let moves = self.legal(pos, true);
        if self.reflex() && self.search.reflex_attacker_bound(pos) {
            // Reflex play: the attacker must reach the goal itself and so fails at once; Popeye shows those
            // moves marked `?!?` (not in semi-reflex play, where the attacker is not bound).
            let mut fails: Vec<Attack> = moves
                .iter()
                .filter(|(_, p)| self.goal(p))
                .map(|(m, p)| Attack {
                    mv: self.played(pos, *m, p, true),
                    role: Role::Fails,
                    threat: Threat::NotShown,
                    defences: Vec::new(),
                    refutations: None,
                })
                .collect();
            sort_canonically(&mut fails, 0);
            return (fails, false);
        }
        let b = self.search.budget();
        let plain = self.play == Play::Direct && self.search.plain_direct();
        let progress = self.search.progress.as_deref().filter(|_| plain);
        if let Some(p) = progress {
            p.begin(moves.len());
        }
        let blocks: Vec<Result<Option<Attack>, Aborted>> = moves
            .into_par_iter()
            .map(|(m, after)| {
                // Plain direct play deepens each first move from one move up (a win within `n` is then a win in
                // its shortest length, the first found): the display shows the length reached, and the shorter
                // lengths' facts fill the table for the longer ones.
                if plain {
                    let mut key = None;
                    for k in 1..=n {
                        if let Some(p) = progress {
                            p.trying(m, k);
                        }
                        if self.after_wins(&after, k, b)? {
                            key = Some(k);
                            break;
                        }
                    }
                    let shown = match key {
                        Some(k) => Some(self.attack(pos, m, &after, k, 0, Role::Key, b)?),
                        None => self.try_block(pos, m, &after, n, b)?,
                    };
                    if let Some(p) = progress {
                        p.settled();
                    }
                    return Ok(shown);
                }
                if self.after_wins(&after, n, b)? {
                    // A key is shown with the length it wins in, the shortest (Popeye finds it so): a key of `#3`
                    // that mates in 2 has threats of one move at most. So with `NonTrivial`, whose count does not
                    // stand at the shorter lengths (tests/popeye-cases/nontrivial-key-shortest-nohash.inp).
                    let mut k = n;
                    if !self.search.exact() {
                        for short in 1..n {
                            if self.after_wins(&after, short, b)? {
                                k = short;
                                break;
                            }
                        }
                    }
                    return Ok(Some(self.attack(pos, m, &after, k, 0, Role::Key, b)?));
                }
                self.try_block(pos, m, &after, n, b)
            })
            .collect();
        let mut out = Vec::new();
        let mut aborted = false;
        for b in blocks {
            match b {
                Ok(b) => out.extend(b),
                Err(Aborted) => aborted = true,
            }
        }
        sort_canonically(&mut out, 0);
        (out, aborted)
    }

    /// A first move `m` from `pos` (leading to `after`) that does not win in `n`: the try it is, if tries are
    /// asked and it is one.
    fn try_block(&self, pos: &Position, m: Move, after: &Position, n: u32, b: u32) -> Result<Option<Attack>, Aborted> {
        // `#1`, `=1` and `r#1` have no tries: in Popeye's one-move direct play no defence refutes a move,
        // and in reflex play the defender's last move is forced.
        if !self.opts.tries || (self.play != Play::Self_ && n == 1) {
            return Ok(None);
        }
        // An attacking move that `Threat`, `MaxFlightsquares`, `NonTrivial`'s count or `KeepMatingPiece`
        // rules out fails before any defence: no try.
        let selfplay = self.selfplay();
        if !self.search.keeps_mating_piece_after(after)
            || !self.search.limits_allow(after, n, selfplay)?
            || self.search.non_trivial_guard(after, n, selfplay, b)?.is_none()
        {
            return Ok(None);
        }
        let refutations = self.refutations(after, n, self.opts.max_refutations + 1, b)?;
        if refutations.is_empty() || refutations.len() as u32 > self.opts.max_refutations {
            return Ok(None);
        }
        // TrivialTriesAvoid: a checking try with one refutation is none (Popeye's `trivial_try_avoider_solve`
        // in `solving/battle_play/try.c`: `#3`, White Sd4 Qd7 Kb8, Black Kb1 Pc5 Bf5 has no try then).
        if self.opts.trivial_tries_avoid && refutations.len() == 1 && self.search.rules.in_check(after, after.side()) {
            return Ok(None);
        }
        Ok(Some(self.attack(pos, m, after, n, 0, Role::Try, b)?))
    }

    /// `PostKeyPlay`: the diagram is the position after the key (defender to move, `n` moves counted from the
    /// key): what the key would show (` +` when the defender is in check, ` threat:` and the threat's tree, or
    /// ` zugzwang.`, alone on the first line: BEISPIEL-postkey_1), the defences shown with their continuations,
    /// and each defence after which the attacker fails, followed by `refutes.` (Popeye's refuting variation
    /// writer).
    pub fn post_key(&self, pos: &Position, n: u32) -> Result<PostKey, Aborted> {
        let b = self.search.budget();
        let check = self.search.rules.in_check(pos, pos.side());
        let shown = |check: bool| PostKey { check, threat: Threat::NotShown, defences: Vec::new() };
        // `#1` and `=1` end with the key: no defence follows it.
        if self.play == Play::Direct && n <= 1 {
            return Ok(shown(check));
        }
        // `MaxFlightsquares` judges the key by the position it leaves, from three moves on (Popeye: nothing is
        // shown when the defending king has too many flights).
        // So does `NonTrivial`'s count of the defences (Popeye shows nothing at all when it fails, not even the
        // check).
        // With `Threat t` no longer than the count's own length `k` (`k + 1` in direct and reflex play, whose
        // trivial defences have a `#(k+1)` or `r#(k+1)` after them) Popeye's guard does not stand there: the play
        // is shown (`r#3`, `Threat 2 PostKeyPlay NonTrivial 0 1`, two kings: each defence `refutes.`;
        // tests/popeye-cases/postkey-threat-nontrivial.inp); with a longer threat it does (White Ka6, Black Rh5
        // Kg6, `NonTrivial 2 k`: nothing shown for `s#3` with `Threat 2` and `k` 1, for `#3` and `r#3` with `Threat
        // 3` and `k` 1; the play for `s#3` with `Threat 1` and `k` 1, for `#3` with `Threat 2` and `k` 1; a grid of
        // 54 such problems agrees, three rows of it are tests/popeye-cases/postkey-threat-nontrivial-threat*.inp).
        let selfplay = self.selfplay();
        let lifted = match (self.search.limits.max_threat, self.search.non_trivial) {
            (Some(t), Some(nt)) => t <= nt.short + u32::from(selfplay != Some(false)),
            _ => false,
        };
        let guarded = if lifted { Some(b) } else { self.search.non_trivial_guard(pos, n, selfplay, b)? };
        let Some(b) = guarded else {
            return Ok(shown(false));
        };
        if n >= 3 && !self.reflex_goal_forced(pos) && self.search.too_many_flights_after_key(pos, self.reflex()) {
            return Ok(shown(check));
        }
        let below = self.after_attack(pos, n, 0, Role::Continuation, true, b)?;
        Ok(PostKey { check, threat: below.threat, defences: below.defences })
    }

    /// Set play: the defender moves first in the diagram; every defence after which the attacker wins in
    /// `n - 1` moves, with its continuations. In self play of one move the set play is the defender's moves that
    /// reach the goal; in reflex play, when the defender can reach the goal at once, it must, and those moves
    /// are the set play.
    pub fn set_play(&self, pos: &Position, n: u32) -> Result<Vec<Defence>, Aborted> {
        if n < 2 && self.play == Play::Direct {
            return Ok(Vec::new());
        }
        // The set play stands where a key would have been played: `Threat` and `MaxFlightsquares` judge the diagram
        // as they judge the position after an attacking move (Popeye shows no set play then). `NonTrivial`'s count
        // does not: Popeye's guard is not in its set play (`#3` with `NonTrivial 0 0`: 14 set defences shown).
        let selfplay = self.selfplay();
        if !self.reflex_goal_forced(pos) && !self.search.limits_allow(pos, n, selfplay)? {
            return Ok(Vec::new());
        }
        let defences = self.legal(pos, false);
        // Self play: when every defence reaches the goal at once, they are the set play whatever its length
        // (Popeye's TESTS/battle_play.inp, "s#2 with complete short set play": `1...b3-b2 #`).
        let complete = self.play == Play::Self_ && !defences.is_empty() && defences.iter().all(|(_, p)| self.goal(p));
        let forced_goal = self.play != Play::Direct
            && (n <= 1 || complete || (self.reflex() && defences.iter().any(|(_, p)| self.goal(p))));
        let mut shown = Vec::new();
        let mut answered = Vec::new();
        let b = self.search.budget();
        for (d, after) in defences {
            // Self play: a defence that reaches the goal before the end is not shown (Popeye), unless with
            // MatesIn1 (BEISPIEL-selfref_6: `1...Sh1-f2 #` in the set play).
            if self.play != Play::Direct && self.goal(&after) {
                if forced_goal || self.opts.mates_in_1 {
                    shown.push(self.last_defence(pos, d, &after));
                }
                continue;
            }
            if forced_goal {
                continue;
            }
            let k = self.shortest_win(&after, n.saturating_sub(1), b)?;
            answered.push((d, after, k));
        }
        // The set play's length: the fewest moves that answer every defence, else the full length (Popeye tries
        // the lengths one by one, as for a key). NoShortVariations leaves out the defences answered in fewer
        // (its filter stands in the set play too): `#3`, White Kb1 Rg1 Bb3 Ph6, Black Kh8 Ph7 Pa5 Pe5 has
        // `1...a5-a4 2.Rg1-g8 #` and `1...e5-e4 2.Rg1-g8 #`, a set play of one move, each shown
        // (tests/popeye-cases/set-play-length.inp).
        let length =
            answered.iter().map(|a| a.2).try_fold(0, |m, k| k.map(|k| m.max(k))).unwrap_or(n.saturating_sub(1));
        // With `exact-`, a defence the attacker also answers one move sooner is left out too
        // ([`Battle::one_move_shorter`]).
        for (d, after, k) in answered {
            let Some(k) = k else { continue };
            if self.opts.no_short_variations && k < length {
                continue;
            }
            if self.one_move_shorter(&after, k, b)? {
                continue;
            }
            // Without `Variations` Popeye computes no threats in the set play: every defence below is shown.
            let opts = TreeOptions { no_threat: self.opts.no_threat || !self.opts.variations, ..self.opts };
            let battle = Battle { opts, ..*self };
            shown.push(battle.defence(pos, d, &after, k, 1, b)?);
        }
        sort_canonically(&mut shown, 1);
        Ok(shown)
    }

    /// The defences of `after` (defender to move) that refute an attacking move with `m` moves counted from
    /// it; stops counting at `limit`.
    fn refutations(&self, after: &Position, m: u32, limit: u32, b: u32) -> Result<Vec<(Move, Position)>, Aborted> {
        let b = self.search.non_trivial_guard(after, m, self.selfplay(), b)?.unwrap_or(b);
        let defences = self.legal(after, false);
        if self.reflex() && defences.iter().any(|(_, p)| self.goal(p)) {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        for (d, p) in defences {
            // Self play: a defence that reaches the goal ends the play as the attacker wants, unless `exact-`
            // and before the end (too soon: it refutes).
            if self.play != Play::Direct && self.goal(&p) && !(self.search.exact() && m > 1) {
                continue;
            }
            // Direct play: the defender's own move reaching the goal (`1...d7-d5` in `zd53`) decides nothing;
            // the attacker's search below says whether it still wins.
            if m <= 1 || (self.play != Play::Direct && self.goal(&p)) || !self.wins(&p, m - 1, b)? {
                out.push((d, p));
                if out.len() as u32 >= limit {
                    break;
                }
            }
        }
        Ok(out)
    }

    /// An attacking move `mv` from `before` (leading to `after`) with `m` moves counted from it, at half-move
    /// `ply`: the move, its threats, the defences shown and, for a try, its refutations.
    #[allow(clippy::too_many_arguments)]
    fn attack(
        &self,
        before: &Position,
        mv: Move,
        after: &Position,
        m: u32,
        ply: u32,
        role: Role,
        b: u32,
    ) -> Result<Attack, Aborted> {
        let mv = self.played(before, mv, after, self.attacker_goal());
        let below = self.after_attack(after, m, ply, role, false, b)?;
        Ok(Attack { mv, role, threat: below.threat, defences: below.defences, refutations: below.refutations })
    }

    /// A defence that ends the play (it reaches the goal, or in reflex play must): no continuation.
    fn last_defence(&self, before: &Position, d: Move, after: &Position) -> Defence {
        Defence { mv: self.played(before, d, after, true), continuations: Vec::new(), refutes: false }
    }

    /// What follows an attacking move `role` at `ply` that led to `after` (in post-key play, `post_key`, the
    /// key, which is not shown): its threats, the defences shown and, for a try, its refutations.
    fn after_attack(
        &self,
        after: &Position,
        m: u32,
        ply: u32,
        role: Role,
        post_key: bool,
        b: u32,
    ) -> Result<Below, Aborted> {
        let direct = self.play == Play::Direct;
        let mut below = Below { threat: Threat::NotShown, defences: Vec::new(), refutations: None };
        // In post-key play the diagram is not judged as a goal the key reached: a defender stalemated there still
        // has its threats (`=2`, White Kh1 Qc7, Black Ka8: `threat: 2.Kh1-g2 =` …, as Popeye).
        if !post_key && self.attacker_goal() && self.goal(after) {
            return Ok(below);
        }
        let (m, b) = self.level(after, m, b)?;
        let show_tree = self.opts.variations || ply > 0;
        let defences = self.legal(after, false);
        // Self and reflex play at the last move: the defender's forced goal moves.
        let forced_goal = self.reflex() && defences.iter().any(|(_, p)| self.goal(p));
        if !direct && (m <= 1 || forced_goal) {
            if show_tree {
                below.defences = defences
                    .iter()
                    .filter(|(_, p)| self.goal(p))
                    .map(|(d, p)| self.last_defence(after, *d, p))
                    .collect();
            }
            // Self play's last move: a defence that does not reach the goal refutes (a try's `but`, post-key
            // play's `refutes.`).
            if !forced_goal && !self.reflex() {
                let refuted: Vec<(Move, Position)> = defences.iter().filter(|(_, p)| !self.goal(p)).cloned().collect();
                self.with_refutations(after, &mut below, &refuted, m, ply, role, post_key);
                return Ok(below);
            }
            sort_canonically(&mut below.defences, ply + 1);
            return Ok(below);
        }
        let check = self.search.rules.in_check(after, after.side());
        // Threats: what the attacker would do if the defender could pass.
        let mut threat: Option<(u32, Vec<ThreatMove>)> = None;
        if show_tree && !check && !self.opts.no_threat && m >= 2 {
            let null = after.null_move();
            match self.shortest_win(&null, m - 1, b)? {
                Some(len) => {
                    let mut threats = Vec::new();
                    let mut moves = Vec::new();
                    for (t, p) in self.legal(&null, true) {
                        if self.after_wins(&p, len, b)? {
                            moves.push((t, self.removals(&null, t)));
                            threats.push(self.attack(&null, t, &p, len, ply + 2, Role::Continuation, b)?);
                        }
                    }
                    sort_canonically(&mut threats, ply + 2);
                    below.threat = Threat::Moves(threats);
                    threat = Some((len, moves));
                }
                None => below.threat = Threat::Zugzwang,
            }
        }
        let mut refuted = Vec::new();
        for (d, p) in &defences {
            if !direct && self.goal(p) {
                // `exact-`: the defender reaching the goal before the end refutes (TESTS/battle_play.inp of
                // Popeye's: `but 1...b3-b2 # !`).
                if self.search.exact() {
                    refuted.push((*d, p.clone()));
                    continue;
                }
                // Self play: the defender reaches the goal before the end; harmless, and not shown (Popeye),
                // unless with MatesIn1, which shows it whatever the threat (BEISPIEL-selfref_6: `1...Sh1-f2 #`).
                if show_tree && self.opts.mates_in_1 {
                    below.defences.push(self.last_defence(after, *d, p));
                }
                continue;
            }
            let k = if m >= 2 { self.shortest_win(p, m - 1, b)? } else { None };
            let Some(k) = k else {
                refuted.push((*d, p.clone()));
                continue;
            };
            if !show_tree || (self.opts.no_short_variations && k < m - 1) || self.one_move_shorter(p, k, b)? {
                continue;
            }
            let shown = match &threat {
                None => true,
                Some((len, moves)) => k > *len || (k == *len && self.defeats_a_threat(p, moves, *len, b)?),
            };
            if shown {
                below.defences.push(self.defence(after, *d, p, k, ply + 1, b)?);
            }
        }
        // A try's refutation after which the attacker wins in exactly one move fewer is not written: Popeye's
        // filter of short variations stands before its refutation writer under `exact-` (`exact-#3`, `Try Variation
        // NoShortVariations`, White Sc3 Sf1 Pc2 Ra2 Pa5 Qc6 Bb7 Kd8, Black Se1 Sb3 Kf2 Ph7: `1.Qc6-f6 + ?` and
        // `but` with nothing below, `1...Kf2-g1` being answered by a mate in one). The try stays a try.
        if role == Role::Try && self.search.exact() && self.opts.no_short_variations {
            let mut shown = Vec::with_capacity(refuted.len());
            for r in refuted {
                if !self.one_move_shorter(&r.1, m - 1, b)? {
                    shown.push(r);
                }
            }
            refuted = shown;
        }
        self.with_refutations(after, &mut below, &refuted, m, ply, role, post_key);
        Ok(below)
    }

    /// The refuting defences of `refuted` added as the role asks: after `but` for a try (with, in reflex play,
    /// the attacker's goal moves it is then forced to make, ` ?!?`), among the defences with `refutes.` in
    /// post-key play, not at all otherwise; the defences put in canonical order. `m`: the moves of the try.
    #[allow(clippy::too_many_arguments)]
    fn with_refutations(
        &self,
        before: &Position,
        below: &mut Below,
        refuted: &[(Move, Position)],
        m: u32,
        ply: u32,
        role: Role,
        post_key: bool,
    ) {
        let goal_counts = self.play != Play::Direct;
        if post_key {
            for (d, p) in refuted {
                below.defences.push(Defence {
                    mv: self.played(before, *d, p, goal_counts),
                    continuations: Vec::new(),
                    refutes: true,
                });
            }
        }
        sort_canonically(&mut below.defences, ply + 1);
        if role == Role::Try {
            let mut refutations = Vec::new();
            for (d, p) in refuted {
                let mut forced = Vec::new();
                // Reflex play: the attacker's goal moves it is bound to after the refutation (not in
                // semi-reflex play, whose attacker is not bound).
                if self.play == Play::Reflex {
                    forced = self
                        .legal(p, true)
                        .iter()
                        .filter(|(_, q)| self.goal(q))
                        .map(|(g, q)| self.played(p, *g, q, true))
                        .collect();
                    sort_canonically(&mut forced, ply + 2);
                }
                // Popeye writes them twice when it looks for short variations after the refutation (exact-r#3,
                // White Bh3 Kf6 Rh6, Black Rg3 Ke8, `Try NoShortVariations`: `but`, `2.Rh8*g8 # ?!?`,
                // `1...Rg3-g8 !`, `2.Rh8*g8 # ?!?`; not in r#3 nor exact-r#2).
                let forced_written_before =
                    !forced.is_empty() && self.search.exact() && self.opts.no_short_variations && m >= 3;
                refutations.push(Refutation {
                    mv: self.played(before, *d, p, goal_counts),
                    forced,
                    forced_written_before,
                });
            }
            sort_canonically(&mut refutations, ply + 1);
            below.refutations = Some(refutations);
        }
    }

    /// `NoShortVariations` under `exact-`: whether the attacker, to move in `pos` after a defence answered in `k`
    /// moves, also wins in exactly `k - 1`. Popeye's filter of short variations asks for a win one move shorter,
    /// under `exact-` too, so such a defence is not shown (`exact-#3`, `SetPlay NoShortVariations`, White Sc3 Sb1
    /// Bd2 Ra2 Pa5 Qc6 Bb7 Kd8, Black Se1 Sb3 Kf2: `1...Se1-c2`, `1...Se1-d3` and `1...Se1-g2`, each answered by
    /// `2.Qc6-g2 #`, are not shown, the set play's other 42 lines are; as `exact-#4` with `Variation
    /// NoShortVariations`, `1.Bd2*e1 + !` shows `1...Kf2-e3`, after which `2.Qc6-e4 #` mates two moves sooner, not
    /// one; tests/popeye-cases/exact-short-variations.inp, exact-short-refutations.inp).
    fn one_move_shorter(&self, pos: &Position, k: u32, b: u32) -> Result<bool, Aborted> {
        if !(self.search.exact() && self.opts.no_short_variations) || k <= 1 {
            return Ok(false);
        }
        self.wins(pos, k - 1, b)
    }

    /// The squares of the pieces a condition's rule takes off the board with `mv` from `pos` (Breton's
    /// `[-wRf1]`), which Popeye counts in a move's identity when it compares a move with a threat.
    fn removals(&self, pos: &Position, mv: Move) -> Vec<Square> {
        let effects = self.search.rules.effects(pos, mv);
        effects
            .iter()
            .filter_map(|e| match e {
                crate::effects::Effect::Removed { square, .. } => Some(*square),
                _ => None,
            })
            .collect()
    }

    /// Whether, after a defence (attacker to move in `pos`), some threat move no longer wins within `len`.
    fn defeats_a_threat(&self, pos: &Position, threats: &[ThreatMove], len: u32, b: u32) -> Result<bool, Aborted> {
        let legal = self.legal(pos, true);
        // Popeye identifies a move by its movement, its promotion, a rebirth its mover chose and the removals a rule adds (Breton), and under
        // Take&Make by its capture too (`utilities/table.c`, `is_effect_relevant`): `Se5-d7` stays the threat when
        // a defence turns it into `Se5*d7`, but Take&Make's `Ta2*a4-a3` is not `Ta2-a3`; a move of the Mars Circe
        // family from its rebirth square leaves from there (`Sc1-g1*e2` is not the threat `Sc1-e2`: BEISPIEL/mars.inp#2).
        // Castling chess' partner is not part of it: `Kh1-h3/bPh4-h2` is the threat `Kh1-h3/bPh5-h2`
        // (EXAMPLES/castlingchess.inp#2).
        let by_capture = self.search.rules.captures_identify_moves();
        let by_choice = self.search.rules.choices_identify_moves();
        for (t, removed) in threats {
            let found = legal.iter().find(|(m, _)| {
                m.from == t.from
                    && m.to == t.to
                    && m.promotion() == t.promotion()
                    && m.via() == t.via()
                    // A rebirth the mover chose (Super Circe's square, a reborn pawn's promotion: Popeye's relevant
                    // `rebirth_choice` and `promotion_of_reborn` effects).
                    && (!by_choice || m.choice() == t.choice())
                    && (!by_capture || m.capture() == t.capture())
                    && self.removals(pos, *m) == *removed
            });
            match found {
                Some((_, p)) if self.after_wins(p, len, b)? => {}
                _ => return Ok(true),
            }
        }
        Ok(false)
    }

    /// A defence and every attacking move that wins in `k` (the shortest) after it.
    fn defence(
        &self,
        before: &Position,
        d: Move,
        after: &Position,
        k: u32,
        ply: u32,
        b: u32,
    ) -> Result<Defence, Aborted> {
        let mv = self.played(before, d, after, self.play != Play::Direct);
        let mut continuations = Vec::new();
        for (c, p) in self.legal(after, true) {
            if self.after_wins(&p, k, b)? {
                continuations.push(self.attack(after, c, &p, k, ply + 1, Role::Continuation, b)?);
            }
        }
        sort_canonically(&mut continuations, ply + 1);
        Ok(Defence { mv, continuations, refutes: false })
    }
}

/// A threat as Popeye identifies it: the move, and the squares of the pieces a rule takes off with it.
type ThreatMove = (Move, Vec<Square>);

/// What follows an attacking move.
struct Below {
    threat: Threat,
    defences: Vec<Defence>,
    refutations: Option<Vec<Refutation>>,
}
