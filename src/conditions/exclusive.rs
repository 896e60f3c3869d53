//! Exclusive chess (Popeye `ExclusiveChess`, German `ExklusivSchach`, French `EchecsExclusif`): a side may give
//! mate only when it has one mating move; when it has two or more, none of them may be played. Whether a move
//! mates is asked with the same rule: the mated side's replies that would mate in turn are legal only if they
//! are its one mating move, and so on.
//!
//! Popeye's reading (`conditions/exclusive.c`), which this file follows: at each position of the play the side to
//! move's moves are counted (the mating ones up to two, those that do not mate, and those it cannot decide), then
//! a move is illegal when more than one is mating or undecided, and it is undecided or mates. Whether a move mates
//! counts the checked side's moves in the same way, nested, each counted position one ply deeper, up to six plies
//! below the position of the play (`ply_horizon`); a move to a position deeper than that, or to a position where
//! the checked side has no move known not to mate, at most one known to mate and more than one mating or undecided,
//! is undecided. The replies tried when a move's mate is tested (rather than counted) are judged afresh, from
//! their own position. Where a move of the play is undecided Popeye says so in its output ("Can't decide whether
//! this move is refuted"); stipula does not write that remark and refuses the problem when it meets such a move
//! ([`Condition::undecided`]).

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, Ordering};

/// Popeye's `ply_horizon`: a counted position more than this many plies below the position of the play is not
/// looked into.
const HORIZON: u32 = 6;

/// The condition `ExclusiveChess`; it notes whether the play met a move it cannot decide.
#[derive(Debug, Default)]
pub struct Exclusive {
    undecided: AtomicBool,
}

impl Exclusive {
    /// Builds the condition; it has no options.
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Exclusive::default()))
    }
}

/// What the side to move has, as Popeye counts it (`exclusive_chess_nr_continuations_reaching_goal`,
/// `nr_decidable_continuations_not_reaching_goal`, `exclusive_chess_undecidable_continuations`).
#[derive(Debug, Default)]
struct Count {
    /// Mating moves, counted up to two.
    mating: u32,
    /// Moves known not to mate (counted while fewer than two mate).
    not_mating: u32,
    /// Moves whose mate is undecided.
    undecided: Vec<Move>,
}

impl Count {
    /// More than one move mates or is undecided: those moves are illegal.
    fn restricts(&self) -> bool {
        self.undecided.len() as u32 + self.mating > 1
    }
}

/// Whether a move mates, as a count sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mates {
    Yes,
    No,
    Undecided,
}

/// The moves of the side to move in `pos` legal by every other rule.
fn other_legal(rules: &Rules, pos: &Position) -> Vec<(Move, Position)> {
    let mut buf = Vec::with_capacity(64);
    rules.pseudo_moves(pos, &mut buf);
    buf.into_iter().filter(|&mv| rules.legal_before_selection(pos, mv)).map(|mv| (mv, rules.make(pos, mv))).collect()
}

/// The count of the side to move in `pos`, a position `depth` plies below the position of the play.
fn count(rules: &Rules, pos: &Position, depth: u32) -> Count {
    let mut c = Count::default();
    for (mv, after) in other_legal(rules, pos) {
        match mates_nested(rules, &after, depth + 1) {
            Mates::Yes => {
                c.mating += 1;
                if c.mating == 2 {
                    break;
                }
            }
            Mates::No => c.not_mating += 1,
            Mates::Undecided => c.undecided.push(mv),
        }
    }
    c
}

/// Whether the move that led to `pos` (`depth` plies below the position of the play) mates, as a count asks it.
fn mates_nested(rules: &Rules, pos: &Position, depth: u32) -> Mates {
    if !rules.in_check(pos, pos.side()) {
        return Mates::No;
    }
    if depth > HORIZON {
        return Mates::Undecided;
    }
    let c = count(rules, pos, depth);
    let mated = immobile(rules, pos, &c);
    if c.not_mating == 0 && c.mating <= 1 && c.restricts() {
        return Mates::Undecided;
    }
    if mated {
        Mates::Yes
    } else {
        Mates::No
    }
}

/// Whether the side to move in `pos`, whose moves count `c`, has no legal move.
fn immobile(rules: &Rules, pos: &Position, c: &Count) -> bool {
    !other_legal(rules, pos).into_iter().any(|(mv, after)| admitted(rules, c, mv, &after))
}

/// Whether `mv` (leading to `after`) is legal by Exclusive chess, its side's moves counting `c`
/// (`exclusive_chess_legality_tester_solve`): when more than one move mates or is undecided, an undecided move is
/// illegal, and so is one that mates, asked afresh.
fn admitted(rules: &Rules, c: &Count, mv: Move, after: &Position) -> bool {
    !c.restricts() || (!c.undecided.contains(&mv) && !mates_afresh(rules, after))
}

/// Whether the move that led to `pos` mates, asked from `pos` (Popeye's mate tester, whose count starts a horizon
/// of its own).
fn mates_afresh(rules: &Rules, pos: &Position) -> bool {
    rules.in_check(pos, pos.side()) && immobile(rules, pos, &count(rules, pos, 0))
}

impl Condition for Exclusive {
    fn describe(&self) -> String {
        "ExclusiveChess".to_string()
    }

    fn hooks(&self) -> Hooks {
        Hooks::SELECT
    }

    // A mate is made by a move that checks: the mate filter stands.
    fn keeps(&self) -> Keeps {
        Keeps { check_filter: true, ..Keeps::from_hooks(self.hooks()) }
    }

    fn is_selected(&self, rules: &Rules, before: &Position, mv: Move, after: &Position) -> bool {
        // A move that gives no check never mates: it stays legal whatever the count.
        if !rules.in_check(after, after.side()) {
            return true;
        }
        let c = count(rules, before, 0);
        if !c.restricts() {
            return true;
        }
        if !c.undecided.is_empty() {
            self.undecided.store(true, Ordering::Relaxed);
        }
        admitted(rules, &c, mv, after)
    }

    // A move whose mate Popeye cannot decide within its horizon is written with a remark of its own ("Can't
    // decide whether this move is refuted"), which stipula does not write.
    fn undecided(&self) -> Option<String> {
        self.undecided.load(Ordering::Relaxed).then(|| {
            "not supported: ExclusiveChess where a move's mate cannot be decided within six plies (Popeye's \
             \"Can't decide whether this move is refuted\")"
                .to_string()
        })
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if !rules.legal_before_selection(before, mv) {
            return None;
        }
        let after = rules.make(before, mv);
        if !rules.in_check(&after, after.side()) {
            return None;
        }
        let c = count(rules, before, 0);
        if admitted(rules, &c, mv, &after) {
            return None;
        }
        Some(if c.undecided.contains(&mv) {
            format!(
                "under ExclusiveChess {} is illegal: more than one move of the side may mate, and whether this one \
                 mates cannot be decided within six plies.",
                mv.uci()
            )
        } else {
            format!(
                "under ExclusiveChess a side may mate only with its one mating move, and {} is one of two or more \
                 mating moves.",
                mv.uci()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};

    #[test]
    fn two_mates_are_both_illegal() {
        // Popeye 4.104, `~1` and `#1`, White Kc3 Ra1 Rb1, Black Kh8 Pg7 Ph7: neither 1.Ra1-a8 nor 1.Rb1-b8 is
        // listed (26 moves), no mate in one; with White Kc3 Ra1 alone 1.Ra1-a8 # is the solution; with a black Ra6
        // added to the first, 1.Rb1-b8 + is among the moves.
        let (rules, pos) = setup("7k/6pp/8/8/8/2K5/8/RR6 w - - 0 1", &["ExclusiveChess"]);
        let moves = legal(&rules, &pos);
        assert_eq!(moves.len(), 26);
        assert!(!moves.contains(&"a1a8".to_string()) && !moves.contains(&"b1b8".to_string()));
        let (rules, pos) = setup("7k/6pp/8/8/8/2K5/8/R7 w - - 0 1", &["ExclusiveChess"]);
        assert!(legal(&rules, &pos).contains(&"a1a8".to_string()));
        let (rules, pos) = setup("7k/6pp/r7/8/8/2K5/8/RR6 w - - 0 1", &["ExclusiveChess"]);
        let moves = legal(&rules, &pos);
        assert_eq!(moves.len(), 26);
        assert!(moves.contains(&"b1b8".to_string()));
    }
}
