//! PromOnly (Popeye `PromOnly`, `UWnur`, `PromSeul`), followed by a list of walks: a pawn promotes only into those
//! walks. Popeye (`pieces/walks/pawns/promotee_sequence.c`) builds its sequence of promotees from the list alone, in
//! the order of its walks, in place of the queen, rook, bishop, knight and the fairy walks of the diagram; stipula
//! adds the walks listed to the kinds in play and lets a promotion into only those stand.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::{Kind, PieceWord};
use crate::position::Position;
use crate::words::Lang;

/// Popeye's walks in the order of its enumeration (`PieNamString`), by English code: the order in which it writes
/// the walks after `PromOnly`.
const POPEYE_ORDER: &[&str] = &[
    "K", "P", "Q", "S", "R", "B", "LE", "MA", "PA", "VA", "RO", "G", "N", "Z", "CA", "GI", "RF", "BU", "WE", "AL",
    "FE", "DA", "LI", "NE", "L", "BP", "AM", "EM", "PR", "GN", "AN", "SQ", "WA", "DR", "KA", "SS", "UU", "HA", "M",
    "EA", "SW", "AR", "RB", "C", "NH", "DU", "CR", "ZR", "GR", "CH", "ZH", "GH", "DS", "BK", "EQ", "CT", "BS", "SP",
    "RL", "BL", "SI", "TR", "ND", "O", "EH", "MO", "RR", "BR", "AO", "OA", "RH", "BH", "EK", "BT", "GT", "SK", "CY",
    "CG", "RN", "RP", "OK", "37", "G2", "G3", "16", "24", "35", "DG", "KH", "OR", "15", "25", "GL", "LR", "LB", "LN",
    "WR", "FR", "BI", "ET", "NA", "RM", "RE", "RW", "BM", "BE", "BW", "RA", "SO", "MG", "36", "NL", "ML", "MM", "F",
    "DO", "RT", "BO", "QE", "QF", "QQ", "B1", "B2", "B3", "CP", "RK", "PP", "LS", "ZE", "BN", "S2", "S4", "S1", "S3",
    "QN", "DK", "DB", "NO", "TH", "LH", "GE", "GF", "KL", "KO", "KP", "SH", "GY", "MS", "PO", "MP", "MH", "ST", "SE",
    "FA", "LO", "SA", "AH", "OH", "HC", "EE", "EN", "SC",
];

/// The words Popeye writes after `PromOnly` in `lang`: the walks listed (English codes), in the order of its walks.
pub fn popeye_words(codes: &[String], lang: Lang) -> Vec<String> {
    let mut v: Vec<&String> = codes.iter().collect();
    v.sort_by_key(|c| POPEYE_ORDER.iter().position(|o| o.eq_ignore_ascii_case(c)).unwrap_or(usize::MAX));
    v.into_iter()
        .map(|c| match PieceWord::english(c) {
            Some(PieceWord::Kind(k)) => k.def().code_in(lang).to_uppercase(),
            Some(PieceWord::NotSupported(w)) => w.codes[lang.index()].to_uppercase(),
            None => c.clone(),
        })
        .collect()
}

/// The condition: the kinds a pawn may promote into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromOnly {
    pub kinds: Vec<Kind>,
}

impl PromOnly {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let mut kinds = Vec::new();
        for code in &spec.options {
            let unsupported =
                |param: &'static str| ConditionError::UnsupportedParam { condition: "PromOnly".into(), param };
            match PieceWord::english(code) {
                Some(PieceWord::Kind(k))
                    if k.is_promotee() || k.is_orthodox() && k != Kind::KING && k != Kind::PAWN =>
                {
                    kinds.push(k)
                }
                Some(PieceWord::Kind(k)) => return Err(unsupported(k.code())),
                Some(PieceWord::NotSupported(w)) => return Err(unsupported(w.codes[0])),
                None => return Err(ConditionError::Invalid(format!("PromOnly: `{code}` is not a walk"))),
            }
        }
        if kinds.is_empty() {
            return Err(ConditionError::Invalid("PromOnly needs the walks a pawn may promote into".into()));
        }
        Ok(Box::new(PromOnly { kinds }))
    }
}

impl Condition for PromOnly {
    /// Not yet checked with pieces with the attribute Royal against Popeye: refused with them.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        let codes: Vec<String> = self.kinds.iter().map(|k| k.code().to_string()).collect();
        std::iter::once("PromOnly".to_string()).chain(popeye_words(&codes, Lang::English)).collect::<Vec<_>>().join(" ")
    }

    fn hooks(&self) -> Hooks {
        Hooks::PROMOTION
    }

    fn promotion_allowed(&self, _rules: &Rules, _pos: &Position, _mv: Move, kind: Kind) -> bool {
        self.kinds.contains(&kind)
    }

    fn extra_kinds(&self) -> Vec<Kind> {
        self.kinds.clone()
    }

    fn explain_move(&self, _rules: &Rules, _before: &Position, mv: Move) -> Option<String> {
        let k = mv.promotion()?;
        (!self.kinds.contains(&k)).then(|| {
            let codes: Vec<String> = self.kinds.iter().map(|k| k.code().to_string()).collect();
            format!(
                "under PromOnly a pawn promotes only into {}, not into {}.",
                popeye_words(&codes, Lang::English).join(" "),
                k.code()
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};

    #[test]
    fn promotes_only_into_the_walks_listed() {
        // Popeye 4.104, `~1`, `PromOnly q s g li rh`, White Ke1 Pb7, Black Ka1: 1.b7-b8=Q, =S, =G, =LI, =RH and
        // the king's five steps.
        let (rules, pos) = setup("8/1P6/8/8/8/8/8/k3K3 w - - 0 1", &["PromOnly Q S G LI RH"]);
        let moves = legal(&rules, &pos);
        assert_eq!(moves.len(), 10);
        let promotions: Vec<&String> = moves.iter().filter(|m| m.starts_with("b7")).collect();
        assert_eq!(promotions.len(), 5);
    }
}
