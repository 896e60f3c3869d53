//! Cavalier majeur (Popeye `CavalierMajeur` in its three languages): every knight is a nightrider. Pawns promote to
//! a nightrider instead of a knight (written `=N`), a proof game's game array has nightriders on b1, g1, b8 and g8,
//! and a knight in the diagram is refused, as Popeye refuses it (`pieces/walks/walks.c` makes the nightrider the
//! standard walk of the knight; `solving/machinery/twin.c` stops with "CavalierMajeur and knights" when the
//! diagram has one).

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::pieces::Kind;
use crate::position::Position;

#[derive(Clone, Copy, Debug)]
pub struct CavalierMajeur;

impl CavalierMajeur {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(CavalierMajeur))
    }
}

impl Condition for CavalierMajeur {
    fn describe(&self) -> String {
        "CavalierMajeur".into()
    }

    // No hook: the promotions are settled once, when the rules are made.
    fn hooks(&self) -> Hooks {
        Hooks::default()
    }

    fn standard_walk(&self, kind: Kind) -> Kind {
        if kind == Kind::KNIGHT {
            Kind::NIGHTRIDER
        } else {
            kind
        }
    }

    fn refuses_diagram(&self, pos: &Position) -> Option<String> {
        pos.kind_bb(Kind::KNIGHT).into_iter().next().map(|sq| {
            format!("a knight on {sq} under CavalierMajeur, where knights are nightriders (Popeye refuses it too)")
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn pawns_promote_to_nightriders_not_knights() {
        // Popeye 4.104, BEISPIEL/exklohne.inp#89 (h=5, Checkless chess and CavalierMajeur): Black's `a2-a1=N` and
        // White's `f7-f8=N` promote to nightriders; Popeye lists `c2-c1=D`, `=T`, `=L`, `=N` as Black's first
        // moves, no knight.
        let v = legal_texts(&["CavalierMajeur"], "7k/2P5/8/8/8/8/8/K7 w - -");
        for m in ["c7-c8=Q", "c7-c8=R", "c7-c8=B", "c7-c8=N"] {
            assert!(v.contains(&m.to_string()), "{m}: {v:?}");
        }
        assert!(!v.iter().any(|m| m.ends_with("=S")), "{v:?}");
        assert_eq!(v.iter().filter(|m| m.starts_with("c7-c8")).count(), 4, "{v:?}");
    }
}
