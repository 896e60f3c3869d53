//! Checkless chess (Popeye `ChecklessChess`, German `OhneSchach`, French `SansEchecs`): a move that gives check is
//! illegal unless it mates. Whether it mates is asked with the same rule: the checked side's replies that give
//! check in turn are legal only if they mate, and so on (Popeye's `conditions/ohneschach.c`, whose immobility
//! tester nests itself through its own check guard until its recursion stopper, near the end of its ply stack,
//! calls the deepest move illegal).

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;

/// How deep the nested question "can the checked side still move?" goes before it is left undecided. Popeye's
/// recursion stopper cuts it near the end of its ply stack and prints the move as one whose legality it cannot
/// decide (BEISPIEL/exklohne.inp, "Ohneschach-Anomalie"); stipula calls such a check illegal
/// (`docs/popeye-differences.md`). Chains in which every legal reply checks in turn end within a few moves in
/// real positions or repeat forever.
const DEPTH: u32 = 20;

/// The condition `ChecklessChess`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checkless;

impl Checkless {
    /// Builds the condition; it has no options.
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Checkless))
    }
}

/// The answer to "can the side to move still move?" under Checkless chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mobility {
    Yes,
    No,
    /// Every legal move checks, and whether one of them mates depends on a question deeper than [`DEPTH`].
    Undecided,
}

/// Whether the side to move in `pos` has a legal move under Checkless chess (with the other conditions' tests
/// after the move, [`Rules::conditions_accept_ignoring_replies`]): a legal move that gives no check settles it;
/// a move that checks counts only if it mates, asked `depth` levels deep.
pub fn mobility(rules: &Rules, pos: &Position, depth: u32) -> Mobility {
    let mut buf = Vec::with_capacity(64);
    rules.pseudo_moves(pos, &mut buf);
    let us = pos.side();
    let mut checking = Vec::new();
    for &mv in &buf {
        let after = rules.make(pos, mv);
        if rules.in_check(&after, us) || !rules.conditions_accept_ignoring_replies(pos, mv, &after) {
            continue;
        }
        if !rules.in_check(&after, us.opposite()) {
            return Mobility::Yes;
        }
        checking.push(after);
    }
    if checking.is_empty() {
        return Mobility::No;
    }
    if depth == 0 {
        return Mobility::Undecided;
    }
    let mut answer = Mobility::No;
    for after in &checking {
        match mobility(rules, after, depth - 1) {
            // The check mates: a legal move.
            Mobility::No => return Mobility::Yes,
            Mobility::Undecided => answer = Mobility::Undecided,
            Mobility::Yes => {}
        }
    }
    answer
}

/// Whether `after`, reached by a move otherwise legal, is legal under Checkless chess: it gives no check, or the
/// checked side certainly cannot move.
pub fn check_mates(rules: &Rules, after: &Position) -> bool {
    !rules.in_check(after, after.side()) || mobility(rules, after, DEPTH) == Mobility::No
}

impl Condition for Checkless {
    fn describe(&self) -> String {
        "ChecklessChess".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::REPLIES
    }

    // Check is the walks' check, only some moves are forbidden after they are made: the pin reasoning stands, and
    // a mate is still made by a move that gives check (the mate filter); the rest of orthodox play does not.
    fn keeps(&self) -> Keeps {
        Keeps { check_filter: true, ..Keeps::from_hooks(self.hooks()) }
    }

    // ChecklessChess: a move giving check is illegal unless it mates (ohneschach.c).
    fn is_legal_by_replies(&self, rules: &Rules, _before: &Position, _mv: Move, after: &Position) -> bool {
        check_mates(rules, after)
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let after = rules.make(before, mv);
        if rules.in_check(&after, before.side()) || check_mates(rules, &after) {
            return None;
        }
        Some(format!(
            "under Checkless chess a move that gives check must mate, and {} would check the {} king without \
             mating it.",
            mv.uci(),
            after.side().name().to_lowercase()
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{is_mate, legal, play, setup};

    fn has(moves: &[String], m: &str) -> bool {
        moves.iter().any(|x| x == m)
    }

    #[test]
    fn a_check_must_mate() {
        // Popeye 4.104, `stipulation ~1`, ChecklessChess, White Ke1 Ra1, Black Ke8: 15 moves, all of orthodox
        // chess's but Ra1-a8 (the king escapes to d7, e7, f7).
        let fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
        let (rules, pos) = setup(fen, &[]);
        assert_eq!(legal(&rules, &pos).len(), 16);
        let (rules, pos) = setup(fen, &["ChecklessChess"]);
        let moves = legal(&rules, &pos);
        assert_eq!(moves.len(), 15, "{moves:?}");
        assert!(!has(&moves, "a1a8") && has(&moves, "a1a7") && has(&moves, "e1c1"));
        // Popeye 4.104, #1, ChecklessChess, White Ke6 Rh7 Ra1, Black Ke8: 1.Ra1-a8 # ! and 1.Rh7-h8 # !.
        let (rules, pos) = setup("4k3/7R/4K3/8/8/8/8/R7 w - - 0 1", &["ChecklessChess"]);
        let moves = legal(&rules, &pos);
        assert!(has(&moves, "a1a8") && has(&moves, "h7h8"), "{moves:?}");
        assert!(is_mate(&rules, &play(&rules, &pos, "a1a8")));
    }

    #[test]
    fn a_parry_that_checks_without_mating_is_no_parry() {
        // Popeye 4.104, #1, White Ka2 Sg5, Black Kh8 Rg8 Be8 Pg7 Ph7: no solution in orthodox chess (Sg5-f7+
        // Be8xf7), and 1.Sg5-f7 # ! under ChecklessChess: Be8xf7 would check Ka2 without mating, so it is illegal.
        let fen = "4b1rk/6pp/8/6N1/8/8/K7/8 w - - 0 1";
        let (rules, pos) = setup(fen, &[]);
        let after = play(&rules, &pos, "g5f7");
        assert!(has(&legal(&rules, &after), "e8f7"));
        let (rules, pos) = setup(fen, &["ChecklessChess"]);
        let after = play(&rules, &pos, "g5f7");
        assert!(legal(&rules, &after).is_empty());
        assert!(is_mate(&rules, &after));
        let reason = rules.conditions()[0].explain_move(
            &rules,
            &after,
            crate::moves::Move::new(
                crate::square::Square::parse("e8").unwrap(),
                crate::square::Square::parse("f7").unwrap(),
                crate::square::Square::parse("f7"),
                crate::moves::Special::None,
            ),
        );
        assert!(reason.is_some_and(|r| r.contains("without mating")));
    }
}
