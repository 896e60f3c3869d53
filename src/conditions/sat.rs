//! SAT and Strict SAT (Popeye `SAT` and `StrictSAT`, the same in its three languages): a king is in check when it
//! has a flight, a square its walk reaches, empty or held by the other side, where it would not stand in check as
//! the pieces observe it. A move that leaves the mover's king a flight is self-check; mate is SAT-check with no
//! move that ends it. Under Strict SAT a side once in check as the pieces observe it ("strict" from then on) is
//! in SAT-check without a flight while that observation lasts, and with one flight besides it.
//!
//! With numbers (`SAT 3`, `SAT 1 2`: White's and Black's, one number for both), SAT xy: a king not in check as the
//! pieces observe it is in check with `n` flights or more (with `n` 0, always), a king so observed with `n + 1`
//! or more (`satxy_check_tester_is_in_check`); Strict SAT with numbers allows a strict side `n` flights while it
//! stands unobserved, `n + 1` otherwise. Popeye writes the numbers in Roman numerals (`SAT III`).
//!
//! Popeye's `conditions/sat.c`: the flights are the king's walk's moves from its square with the king taken off
//! it, each tested by the check testers below SAT's; the other king's square is never a flight; a flight on a
//! piece of the other side is tested with that piece still there. Its Strict SAT flag per side is set by the first
//! move after which that side stands in check and never cleared; the diagram's position sets it too.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Color;

/// Strict SAT's state bit of `color`: it has been in check as the pieces observe it.
fn strict_bit(color: Color) -> u8 {
    match color {
        Color::White => 1,
        Color::Black => 2,
    }
}

/// The numbers of flights a SAT condition is given, White's and Black's (`SAT 3`: 3 each; `SAT 1 2`; none: 0
/// each), as Popeye's `SAT_max_nr_allowed_flights` less one.
pub fn flight_numbers(spec: &ConditionSpec) -> (u32, u32) {
    let n = |i: usize| spec.numbers.get(i).and_then(|n| n.as_whole());
    let w = n(0).unwrap_or(0);
    (w, n(1).unwrap_or(w))
}

/// The conditions `SAT` and `StrictSAT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sat {
    strict: bool,
    /// The numbers of flights, White's and Black's (0 each without numbers).
    numbers: [u32; 2],
}

impl Sat {
    /// `SAT`.
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Sat { strict: false, numbers: Sat::numbers(spec)? }))
    }

    /// `StrictSAT`.
    pub fn build_strict(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Sat { strict: true, numbers: Sat::numbers(spec)? }))
    }

    fn numbers(spec: &ConditionSpec) -> Result<[u32; 2], ConditionError> {
        if spec.numbers.iter().any(|n| n.as_whole().is_none()) {
            return Err(ConditionError::Invalid(format!("{} counts flights in whole numbers", spec.name)));
        }
        let (w, b) = flight_numbers(spec);
        // Popeye writes the numbers in Roman numerals up to VIII (its table ends there).
        if w > 8 || b > 8 {
            return Err(ConditionError::UnsupportedParam {
                condition: spec.name.clone(),
                param: "with more than 8 flights (Popeye writes up to VIII)",
            });
        }
        Ok([w, b])
    }

    /// The flights of `color`'s king: the squares of its walk, empty or held by the other side and not the other
    /// king's, where it would stand in no check as the pieces observe it, the king taken off its own square.
    pub fn flights(rules: &Rules, pos: &Position, color: Color) -> usize {
        Sat::flights_up_to(rules, pos, color, usize::MAX)
    }

    /// [`Sat::flights`], counted up to `limit`.
    fn flights_up_to(rules: &Rules, pos: &Position, color: Color, limit: usize) -> usize {
        let Some(k) = pos.king(color) else { return 0 };
        let other_king = pos.king(color.opposite());
        let mut without = pos.clone();
        without.remove(k);
        rules
            .walk_moves(pos, k)
            .iter()
            .filter(|m| Some(m.to) != other_king && !rules.is_checked_square(&without, m.to, color.opposite()))
            .take(limit)
            .count()
    }

    /// How many flights put `color` in SAT-check in `pos` (0: in check without one).
    fn allowance(&self, rules: &Rules, pos: &Position, color: Color) -> usize {
        let n = self.numbers[color as usize] as usize;
        if self.strict {
            // strictsat_check_tester_is_in_check: one flight less for a strict side not in check as the pieces
            // observe it.
            if pos.flags() & strict_bit(color) != 0 && !rules.walks_in_check(pos, color) {
                n
            } else {
                n + 1
            }
        } else if self.numbers == [0, 0] {
            // sat_check_tester_is_in_check: one flight.
            1
        } else if rules.walks_in_check(pos, color) {
            // satxy_check_tester_is_in_check: one flight more for a king in check as the pieces observe it.
            n + 1
        } else {
            n
        }
    }

    /// Whether `color` is in SAT-check in `pos`.
    fn sat_check(&self, rules: &Rules, pos: &Position, color: Color) -> bool {
        if pos.king(color).is_none() {
            return false;
        }
        let allowed = self.allowance(rules, pos, color);
        allowed == 0 || Sat::flights_up_to(rules, pos, color, allowed) >= allowed
    }
}

impl Condition for Sat {
    fn describe(&self) -> String {
        let name = if self.strict { "StrictSAT" } else { "SAT" };
        match self.numbers {
            [0, 0] => name.into(),
            [w, b] if w == b => format!("{name} {w}"),
            [w, b] => format!("{name} {w} {b}"),
        }
    }

    fn hooks(&self) -> Hooks {
        if self.strict {
            Hooks::CHECK | Hooks::LEGALITY | Hooks::AFTER_MOVE
        } else {
            Hooks::CHECK | Hooks::LEGALITY
        }
    }

    // Kings may stand side by side, or a king on a line of the other's pieces, without being in check: Popeye's
    // `king_capture_avoider.c`, inserted for SAT and Strict SAT, makes a move that takes the other side's king
    // illegal.
    fn is_legal(&self, _rules: &Rules, before: &Position, _mv: Move, after: &Position) -> bool {
        let them = before.side().opposite();
        before.king(them).is_none() || after.king(them).is_some()
    }

    fn in_check(&self, rules: &Rules, pos: &Position, color: Color) -> bool {
        self.sat_check(rules, pos, color)
    }

    // sat.c's `strict_sat_updater_solve`: after every move, a side in check as the pieces observe it becomes
    // strict for the rest of the play. Its `strict_sat_initialiser_solve` makes a side in check in the diagram
    // strict from the start: that matters only once the side stands unobserved, after a move, so the first move
    // takes it over from the position it is made in.
    fn after_move(&self, rules: &Rules, before: &Position, _mv: Move, after: &mut Position) {
        let mut flags = after.flags();
        for color in [Color::White, Color::Black] {
            if flags & strict_bit(color) == 0
                && (rules.walks_in_check(after, color) || rules.walks_in_check(before, color))
            {
                flags |= strict_bit(color);
            }
        }
        if flags != after.flags() {
            after.set_flags(flags);
        }
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let after = rules.make(before, mv);
        let us = before.side();
        if !self.sat_check(rules, &after, us) {
            return None;
        }
        let n = Sat::flights(rules, &after, us);
        let allowed = self.allowance(rules, &after, us);
        Some(if allowed == 0 && self.strict {
            "under Strict SAT a king once in check is in check without a flight while it stands observed, and \
             this move leaves it so."
                .to_string()
        } else if allowed == 0 {
            "under SAT with no flight allowed a king not observed by the other side is in check, and this move \
             leaves it so."
                .to_string()
        } else if allowed > 1 || self.numbers != [0, 0] {
            format!(
                "under {} a king is in check when it has {allowed} flight{} or more (a square it could step to \
                 without being observed there), and this move leaves its king {n}.",
                self.describe(),
                if allowed == 1 { "" } else { "s" }
            )
        } else {
            format!(
                "under SAT a king is in check when it has a flight (a square it could step to without being \
                 observed there), and this move leaves its king {n} flight{}.",
                if n == 1 { "" } else { "s" }
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Sat;
    use crate::conditions::madrasi::tests::{legal, play, setup};
    use crate::square::Color;

    #[test]
    fn a_king_with_a_flight_is_in_check_and_may_not_take_the_other_king() {
        // Popeye 4.104, h#1, SAT, White Ka1 Qf2 Rh1 Pg2, Black Kb1 Bc1 Bc2 Sd1 Sd2: among its nine solutions
        // `1.Sd2-f1 Qf2*c2 #`. After it the black king has one flight, c2 (the queen there is not observed by
        // White), so it is in check; every black move leaves it a flight but Kb1*a1, which takes the white king
        // and is illegal: mate.
        let (rules, pos) = setup("8/8/8/8/8/8/2bn1QP1/Kkbn3R b - - 0 1", &["SAT"]);
        assert!(!rules.in_check(&pos, Color::Black));
        let after = play(&rules, &play(&rules, &pos, "d2f1"), "f2c2");
        assert_eq!(Sat::flights(&rules, &after, Color::Black), 1);
        assert!(rules.in_check(&after, Color::Black));
        assert!(legal(&rules, &after).is_empty());
        // The white king beside the black one has no flight (a2 and b2 are observed): not in check.
        assert!(!rules.in_check(&after, Color::White));
    }

    #[test]
    fn with_a_number_a_king_is_in_check_with_that_many_flights() {
        // BEISPIEL/satxy.inp#3 (Ladislav Salai sr., SAT #56), `#1`, `cond sat 8`, White Ke1 Qg1, Black Kc6: Popeye
        // 4.104 gives `1.Ke1-f2 #`. Before it the queen covers b6 and c5 (six flights: no check); the king on f2
        // closes her diagonal, and the black king's eight flights are check, with no move that ends it.
        let (rules, pos) = setup("8/8/2k5/8/8/8/8/4K1Q1 w - - 0 1", &["SAT 8"]);
        assert_eq!(Sat::flights(&rules, &pos, Color::Black), 6);
        assert!(!rules.in_check(&pos, Color::Black));
        let after = play(&rules, &pos, "e1f2");
        assert_eq!(Sat::flights(&rules, &after, Color::Black), 8);
        assert!(rules.in_check(&after, Color::Black));
        assert!(legal(&rules, &after).is_empty());
        // With 0 flights for White (SAT 0 8): a white king not observed is always in check, so White has no move.
        let (rules, pos) = setup("8/8/2k5/8/8/8/8/4K1Q1 w - - 0 1", &["SAT 0 8"]);
        assert!(rules.in_check(&pos, Color::White));
    }

    #[test]
    fn numbers_are_read_and_written_as_popeye_writes_them() {
        let spec = |t: &str| crate::input::vocab::conditions::parse_condition_text(t).unwrap();
        assert_eq!(spec("SAT 3").popeye_text(), "SAT III");
        assert_eq!(spec("SAT 1 2").popeye_text(), "SAT I/II");
        assert_eq!(spec("StrictSAT 2 2").popeye_text(), "StrictSAT II");
        assert_eq!(spec("SAT").popeye_text(), "SAT");
        // Popeye writes BGL's budgets with a slash, one when they are shared (BEISPIEL/bgl.inp).
        assert_eq!(spec("BGL 4.5 4").popeye_text(), "BGL 4.5/4");
        assert_eq!(spec("BGL 27.42").popeye_text(), "BGL 27.42");
        let unlimited = crate::conditions::ConditionSpec {
            name: "BGL".into(),
            numbers: vec![crate::conditions::ConditionNumber::Unlimited, crate::conditions::ConditionNumber::whole(29)],
            ..Default::default()
        };
        assert_eq!(unlimited.popeye_text(), "BGL -/29");
        assert_eq!(crate::output::statement::condition_text(&spec("BGL 4.50 -")), "BGL 4.5 -");
        assert!(crate::input::vocab::conditions::parse_condition_text("SAT 1.5").is_err());
        assert!(crate::input::vocab::conditions::parse_condition_text("BGL 1.555").is_err());
        assert!(crate::conditions::build_all(&[spec("SAT 9")]).is_err());
    }

    #[test]
    fn strict_sat_is_played_when_both_are_stated() {
        // Popeye's `solvers.c` plays Strict SAT when both are set (EXAMPLES/sat.inp#10, `cond sat strict`).
        let specs: Vec<_> = ["SAT", "StrictSAT"]
            .iter()
            .map(|t| crate::input::vocab::conditions::parse_condition_text(t).unwrap())
            .collect();
        let built = crate::conditions::build_all(&specs).unwrap();
        assert_eq!(built.iter().map(|c| c.describe()).collect::<Vec<_>>(), ["StrictSAT"]);
    }
}
