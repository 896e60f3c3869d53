//! Patrol chess and its relatives, where a piece's power depends on whether a piece of its own side observes
//! ("supports") it. Patrol chess (Popeye `Patrouille`, `PatrouilleSchach`, `Patrouille`): a piece captures and
//! gives check only when supported; Ultra-Patrol (`UltraPatrol`, `UltraPatrouille`): a piece moves at all and gives
//! check only when supported; Lortap (`Lortap`, `Elliuortap`): a piece captures and gives check only when not
//! supported. The support is an observation by the walk of a piece of the same side that no other condition
//! paralyses (Popeye's `conditions/patrol.c` and `lortap.c` ask `is_square_observed_general` with the observer's
//! validation only), so that a piece without support still supports others.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// Which rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    Patrol,
    UltraPatrol,
    Lortap,
}

/// The condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Patrol {
    pub rule: Rule,
}

impl Patrol {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Patrol { rule: Rule::Patrol }))
    }

    pub fn build_ultra(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Patrol { rule: Rule::UltraPatrol }))
    }

    pub fn build_lortap(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Patrol { rule: Rule::Lortap }))
    }

    /// The pieces of `color` that support the square `sq`: they observe it by their walk, and no other condition
    /// paralyses them.
    pub fn supporters(&self, rules: &Rules, pos: &Position, sq: Square, color: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for o in rules.observers(pos, sq, color) {
            if o != sq && !self.paralysed_by_others(rules, pos, o) {
                out.set(o);
            }
        }
        out
    }

    fn supported(&self, rules: &Rules, pos: &Position, sq: Square) -> bool {
        let Some(p) = pos.piece_at(sq) else { return false };
        self.supporters(rules, pos, sq, p.color).non_empty()
    }

    /// Whether a condition other than this one paralyses the piece on `sq`.
    fn paralysed_by_others(&self, rules: &Rules, pos: &Position, sq: Square) -> bool {
        let me = self as *const Patrol as *const u8;
        rules.conditions().iter().any(|c| {
            !std::ptr::eq(&**c as *const dyn Condition as *const u8, me)
                && c.hooks().has(Hooks::PARALYSIS)
                && c.is_paralysed(rules, pos, sq)
        })
    }

    /// Whether the piece on `sq` may capture (and give check) under Patrol or Lortap.
    fn may_capture(&self, rules: &Rules, pos: &Position, sq: Square) -> bool {
        match self.rule {
            Rule::Patrol => self.supported(rules, pos, sq),
            Rule::Lortap => !self.supported(rules, pos, sq),
            Rule::UltraPatrol => true,
        }
    }
}

impl Condition for Patrol {
    fn describe(&self) -> String {
        match self.rule {
            Rule::Patrol => "Patrouille",
            Rule::UltraPatrol => "UltraPatrol",
            Rule::Lortap => "Lortap",
        }
        .into()
    }

    fn hooks(&self) -> Hooks {
        match self.rule {
            Rule::UltraPatrol => Hooks::PARALYSIS,
            _ => Hooks::LEGALITY | Hooks::OBSERVATION,
        }
    }

    // The two kings' observations of each other may count differently (one supported, the other not), so a king's
    // step beside the other king may check (EXAMPLES/lortap.inp#3, `3...Kc7*d7 #`): no mate filter.
    fn keeps(&self) -> Keeps {
        Keeps { check_filter: false, ..Keeps::from_hooks(self.hooks()) }
    }

    // Ultra-Patrol: an unsupported piece generates no moves and its observations do not count.
    fn is_paralysed(&self, rules: &Rules, pos: &Position, sq: Square) -> bool {
        self.rule == Rule::UltraPatrol && !self.supported(rules, pos, sq)
    }

    // patrol.c, lortap.c: the captures of the pieces without (with) support are removed from those generated.
    fn is_legal(&self, rules: &Rules, before: &Position, mv: Move, _after: &Position) -> bool {
        !mv.is_capture() || self.may_capture(rules, before, mv.from)
    }

    // The same test validates an observation.
    fn observation_counts(&self, rules: &Rules, pos: &Position, observer: Square, _target: Square) -> bool {
        self.may_capture(rules, pos, observer)
    }

    fn extra_capture_counts(&self, rules: &Rules, pos: &Position, mv: Move) -> bool {
        self.may_capture(rules, pos, mv.from)
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        match self.rule {
            Rule::UltraPatrol if !self.supported(rules, before, mv.from) => Some(format!(
                "under Ultra-Patrol a piece moves only when a piece of its own side observes it, and no piece \
                 observes {}.",
                mv.from
            )),
            Rule::Patrol if mv.is_capture() && !self.supported(rules, before, mv.from) => Some(format!(
                "under Patrol chess a piece captures only when a piece of its own side observes it, and no piece \
                 observes {}.",
                mv.from
            )),
            Rule::Lortap if mv.is_capture() && self.supported(rules, before, mv.from) => Some(format!(
                "under Lortap a piece captures only when no piece of its own side observes it, and {} observes {}.",
                self.supporters(rules, before, mv.from, before.side()).next()?,
                mv.from
            )),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};

    #[test]
    fn support_decides_captures_and_moves() {
        // Popeye 4.104, `~1`, White Ke1 Qd4 Rd1, Black Ke8 Pd7 Pa7: under Patrouille the queen, which the rook
        // observes, takes on a7 and d7 (+); under Lortap neither, and its moves check only from squares the rook
        // does not observe (e3, h8, e5, e4).
        let fen = "4k3/p2p4/8/8/3Q4/8/8/3RK3 w - - 0 1";
        let (rules, pos) = setup(fen, &["Patrouille"]);
        let patrol = legal(&rules, &pos);
        assert_eq!(patrol.len(), 34);
        assert!(patrol.iter().any(|m| m == "d4a7") && patrol.iter().any(|m| m == "d4d7"));
        let (rules, pos) = setup(fen, &["Lortap"]);
        let lortap = legal(&rules, &pos);
        assert_eq!(
            lortap,
            patrol.iter().filter(|m| !["d4a7", "d4d7"].contains(&m.as_str())).cloned().collect::<Vec<_>>()
        );
        // Lortap: 1.Qd4-e5 + (nothing observes the queen there).
        let after = crate::conditions::madrasi::tests::play(&rules, &pos, "d4e5");
        assert!(rules.in_check(&after, crate::square::Color::Black));
        // UltraPatrol, White Ke1 Qd4 Rd1 Sh1, Black Ke8: the knight, which nothing observes, does not move; the
        // queen checks from d8 and d7 (the rook observes it there), not from e5.
        let (rules, pos) = setup("4k3/8/8/8/3Q4/8/8/3RK2N w - - 0 1", &["UltraPatrol"]);
        let ultra = legal(&rules, &pos);
        assert_eq!(ultra.len(), 35);
        assert!(!ultra.iter().any(|m| m.starts_with("h1")));
        let after = crate::conditions::madrasi::tests::play(&rules, &pos, "d4e5");
        assert!(!rules.in_check(&after, crate::square::Color::Black));
        let after = crate::conditions::madrasi::tests::play(&rules, &pos, "d4d8");
        assert!(rules.in_check(&after, crate::square::Color::Black));
    }
}
