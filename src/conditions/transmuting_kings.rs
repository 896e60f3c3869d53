//! The kings that take the walks of the pieces checking them, as Popeye plays them
//! (`conditions/transmuting_kings/`):
//!
//! - **Transmuted kings** (Popeye `TransmutedKings`, `WhiteTransmutedKing`, `BlackTransmutedKing`;
//!   `transmuting_kings.c`): a royal piece in check by an enemy piece of some walk moves (and observes) by that
//!   walk, by each such walk, and not by its own; not in check, by its own.
//! - **Reflective kings** (Popeye `ReflectiveKings`, `WhiteReflectiveKing`, `BlackReflectiveKing`;
//!   `reflective_kings.c`): the same, and by its own walk too.
//! - **Super-transmuting king** (Popeye `WhiteSuperTransmutingKing`, `BlackSuperTransmutingKing`; `super.c`): a
//!   royal piece in check by an enemy piece of some walk moves by that walk and becomes a piece of it, royal no
//!   more (Popeye writes `Ke4-h1=Q`); while it may transmute, its side makes no other move (Popeye's filter of the
//!   moves generated). Observes as a transmuted king.
//! - **Vaulting kings** (Popeye `VaultingKings`, `WhiteVaultingKing`, `BlackVaultingKing`; `vaulting_kings.c`): a
//!   royal piece in check moves and observes by the walks listed after the condition's name as well (the
//!   equihopper's when none is), by its own too unless `Transmuting` is given (it then still observes by its own,
//!   as Popeye's observation test lets it).
//!
//! Whether a king transmutes is asked of the enemy pieces as they observe: the enemy king observes by its own walk
//! then (Popeye's `transmuting_kings_testing_transmutation`), and paralysis and the other conditions' rules of
//! observation apply. A king moving by a pawn's walk makes its steps and captures (a double step from its second
//! rank), no promotion and no capture en passant, and
//! none from its own first rank.

use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Attrs, Kind, Piece};
use crate::position::Position;
use crate::square::{Color, Square};

/// The conditions of the family, as the registry names them: played together (one side's king by one, the other's
/// by another), no other condition with them.
pub const FAMILY: &[&str] = &[
    "TransmutedKings",
    "WhiteTransmutedKing",
    "BlackTransmutedKing",
    "ReflectiveKings",
    "WhiteReflectiveKing",
    "BlackReflectiveKing",
    "WhiteSuperTransmutingKing",
    "BlackSuperTransmutingKing",
    "VaultingKings",
    "WhiteVaultingKing",
    "BlackVaultingKing",
];

/// How the king in check moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// By the checking walks only (Transmuted kings).
    Transmuting,
    /// By its own walk and the checking walks (Reflective kings).
    Reflective,
    /// By the checking walks, becoming a piece of the walk it moved by (Super-transmuting king).
    Super,
    /// In check, by the vaulters' walks too (by them only, moving, when `transmuting`).
    Vaulting { transmuting: bool },
}

/// The condition, with the sides whose king it makes transmute.
#[derive(Clone, Debug)]
pub struct TransmutingKings {
    pub mode: Mode,
    /// By colour index.
    pub sides: [bool; 2],
    /// Vaulting kings' walks.
    pub vaulters: Vec<Kind>,
}

fn sides_of(name: &str) -> [bool; 2] {
    if name.starts_with("White") {
        [true, false]
    } else if name.starts_with("Black") {
        [false, true]
    } else {
        [true, true]
    }
}

impl TransmutingKings {
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let mode = if spec.name.contains("Vaulting") {
            Mode::Vaulting { transmuting: spec.options.iter().any(|o| o == "Transmuting") }
        } else if spec.name.contains("Super") {
            Mode::Super
        } else if spec.name.contains("Reflective") {
            Mode::Reflective
        } else {
            Mode::Transmuting
        };
        let mut vaulters: Vec<Kind> = spec.options.iter().filter_map(|o| Kind::from_code(o)).collect();
        if vaulters.is_empty() {
            vaulters.push(Kind::from_code("EQ").expect("the equihopper"));
        }
        Ok(Box::new(TransmutingKings { mode, sides: sides_of(&spec.name), vaulters }))
    }

    fn name(&self) -> &'static str {
        match (self.mode, self.sides) {
            (Mode::Transmuting, [true, true]) => "TransmutedKings",
            (Mode::Transmuting, [true, false]) => "WhiteTransmutedKing",
            (Mode::Transmuting, _) => "BlackTransmutedKing",
            (Mode::Reflective, [true, true]) => "ReflectiveKings",
            (Mode::Reflective, [true, false]) => "WhiteReflectiveKing",
            (Mode::Reflective, _) => "BlackReflectiveKing",
            (Mode::Super, [true, false]) => "WhiteSuperTransmutingKing",
            (Mode::Super, _) => "BlackSuperTransmutingKing",
            (Mode::Vaulting { .. }, [true, true]) => "VaultingKings",
            (Mode::Vaulting { .. }, [true, false]) => "WhiteVaultingKing",
            (Mode::Vaulting { .. }, _) => "BlackVaultingKing",
        }
    }

    /// The royal piece of `color` when the condition makes it transmute.
    fn royal(&self, pos: &Position, color: Color) -> Option<Square> {
        if !self.sides[color.index()] {
            return None;
        }
        pos.king(color)
    }

    /// Whether `c` is a condition of the family (this one or the other side's).
    fn kin(c: &dyn Condition) -> bool {
        c.hooks().has(Hooks::PIECE_MOVES) && FAMILY.contains(&c.describe().as_str())
    }

    /// Whether the observation of `target` by the piece on `observer` counts under the rules but the family's (a
    /// king observes by its own walk when the other side's transmutation is asked): the observer not paralysed,
    /// every other condition letting it count.
    fn counts_otherwise(&self, rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        !rules.is_paralysed(pos, observer)
            && rules
                .conditions()
                .iter()
                .filter(|c| c.hooks().has(Hooks::OBSERVATION) && !Self::kin(c.as_ref()))
                .all(|c| c.observation_counts(rules, pos, observer, target))
    }

    /// The walks by which enemy pieces check the royal piece of `color` on `king` (Popeye's
    /// `transmuting_kings_is_king_transmuting_as`, walk by walk): each an enemy piece of that kind observing it, the
    /// enemy king by its own walk.
    pub fn checking_walks(&self, rules: &Rules, pos: &Position, color: Color, king: Square) -> Vec<Kind> {
        let them = color.opposite();
        rules
            .kinds
            .present
            .iter()
            .copied()
            .filter(|&w| {
                rules.observers_of_kind(pos, king, them, w).any(|o| self.counts_otherwise(rules, pos, o, king))
            })
            .collect()
    }

    /// The walks by which the royal piece of `color` on `king` observes beyond its own, and whether it keeps its
    /// own.
    fn walks_of(&self, rules: &Rules, pos: &Position, color: Color, king: Square) -> (Vec<Kind>, bool) {
        let own = pos.piece_at(king).map_or(Kind::KING, |p| p.kind);
        let mut walks = self.checking_walks(rules, pos, color, king);
        let keeps_own = match self.mode {
            Mode::Vaulting { .. } => {
                walks = if walks.is_empty() { walks } else { self.vaulters.clone() };
                true
            }
            Mode::Reflective => true,
            Mode::Transmuting | Mode::Super => walks.is_empty() || walks.contains(&own),
        };
        walks.retain(|&w| w != own);
        (walks, keeps_own)
    }

    /// The moves of the piece on `from`, of colour `us`, by the walk of `walk` (a pawn's: steps and captures, the
    /// double step from its second rank, no promotion, nothing from its first rank).
    fn moves_as(
        rules: &Rules,
        pos: &Position,
        from: Square,
        us: Color,
        walk: Kind,
        out: &mut Vec<(Square, Option<Square>)>,
    ) {
        if walk == Kind::PAWN {
            // A pawn on its own first rank stays put (Popeye, REGRESSIONS/4_47_to_4_49.inp#11: `1.b6-b7 #`, bKa8
            // in check from a pawn).
            if from.rank() == us.opposite().last_rank() {
                return;
            }
            let theirs = pos.color_bb(us.opposite());
            for df in [-1, 1] {
                if let Some(to) = from.offset(df, us.forward()) {
                    if theirs.has(to) {
                        out.push((to, Some(to)));
                    }
                }
            }
            let second = if us == Color::White { 1 } else { 6 };
            let steps = if from.rank() == second { 2 } else { 1 };
            let mut at = from;
            for _ in 0..steps {
                match at.offset(0, us.forward()) {
                    Some(to) if !pos.occupied().has(to) => {
                        out.push((to, None));
                        at = to;
                    }
                    _ => break,
                }
            }
        } else {
            rules.walks.get(walk).for_each_target(pos, us, from, |to, cap| out.push((to, cap)));
        }
    }

    /// Whether a piece of `color` and walk `walk` on `from` observes `target`.
    fn observes_as(rules: &Rules, pos: &Position, from: Square, color: Color, walk: Kind, target: Square) -> bool {
        if walk == Kind::PAWN {
            return target.rank() as i8 - from.rank() as i8 == color.forward()
                && target.file().abs_diff(from.file()) == 1;
        }
        let mut lent = pos.clone();
        lent.put(from, Piece::new(color, walk));
        rules.observers_of_kind(&lent, target, color, walk).has(from)
    }

    /// The walk a super-transmuting king's move `mv` transmutes it to.
    fn transmutation(mv: Move) -> Option<Kind> {
        (mv.choice() != 0).then(|| Kind(mv.choice() - 1))
    }
}

impl Condition for TransmutingKings {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        self.name().into()
    }

    fn hooks(&self) -> Hooks {
        let h = Hooks::PIECE_MOVES | Hooks::OBSERVATION | Hooks::EXTRA_CHECK;
        if self.mode == Mode::Super {
            h | Hooks::ON_MOVE
        } else {
            h
        }
    }

    fn allows_no_king(&self, color: Color) -> bool {
        self.mode == Mode::Super && self.sides[color.index()]
    }

    // The royal piece moves by other walks: the plain legality test for every move.
    fn attributes(&self) -> Attrs {
        Attrs::ROYAL
    }

    fn observation_counts(&self, rules: &Rules, pos: &Position, observer: Square, _target: Square) -> bool {
        let Some(piece) = pos.piece_at(observer) else { return true };
        if self.royal(pos, piece.color) != Some(observer) {
            return true;
        }
        self.walks_of(rules, pos, piece.color, observer).1
    }

    fn extra_check(&self, rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        let Some(king) = self.royal(pos, by) else { return false };
        if king == sq {
            return false;
        }
        let (mut walks, _) = self.walks_of(rules, pos, by, king);
        // Popeye tries an observation by a walk only where the observing side has a piece of it
        // (`dont_try_observing_with_non_existing_walk`), or either side has under transmuting kings: a reflective
        // king observes by the walks its own side has (differential tester, seed 2 case 51: a black reflective king
        // in check from a queen gives no check along a rank, Black having no queen).
        if self.mode == Mode::Reflective
            && !rules.conditions().iter().any(|c| Self::kin(c.as_ref()) && c.describe().contains("Transmut"))
        {
            walks.retain(|&w| pos.pieces_bb(by, w).non_empty());
        }
        walks.iter().any(|&w| Self::observes_as(rules, pos, king, by, w, sq))
            && self.counts_otherwise(rules, pos, king, sq)
    }

    fn piece_moves(&self, rules: &Rules, pos: &Position, from: Square, out: &mut MoveList) {
        let us = pos.side();
        let Some(king) = self.royal(pos, us) else {
            // The other side's king may be the family's other condition's: Rules asks the first, which asks the
            // second.
            let me = self as *const Self;
            let mut kin = rules.conditions().iter().filter(|c| Self::kin(c.as_ref()));
            let first = kin.next().is_some_and(|c| std::ptr::addr_eq(c.as_ref() as *const dyn Condition, me));
            match kin.next().filter(|_| first) {
                Some(other) => other.piece_moves(rules, pos, from, out),
                None => rules.walked_piece_moves(pos, from, out),
            }
            return;
        };
        if self.mode == Mode::Super {
            let walks = self.checking_walks(rules, pos, us, king);
            if walks.is_empty() {
                rules.walked_piece_moves(pos, from, out);
            } else if from == king {
                // Popeye's filter: while the king may transmute, its side makes no other move.
                let mut targets = Vec::new();
                for w in walks {
                    targets.clear();
                    Self::moves_as(rules, pos, from, us, w, &mut targets);
                    for &(to, cap) in &targets {
                        out.push(Move::new(from, to, cap, Special::None).choosing(w.0 + 1));
                    }
                }
            }
            return;
        }
        if from != king {
            rules.walked_piece_moves(pos, from, out);
            return;
        }
        let (walks, keeps_own) = self.walks_of(rules, pos, us, king);
        // Vaulting kings `Transmuting`: in check, by the vaulters' walks only.
        let keeps_own = keeps_own && (walks.is_empty() || !matches!(self.mode, Mode::Vaulting { transmuting: true }));
        let start = out.len();
        if keeps_own {
            rules.walked_piece_moves(pos, from, out);
        }
        let mut targets = Vec::new();
        for w in walks {
            Self::moves_as(rules, pos, from, us, w, &mut targets);
        }
        for (to, cap) in targets {
            let mv = Move::new(from, to, cap, Special::None);
            if !out[start..].iter().any(|m| m.to == to && m.special == Special::None) {
                out.push(mv);
            }
        }
    }

    fn on_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let Some(walk) = Self::transmutation(mv) else { return };
        if self.royal(before, before.side()) != Some(mv.from) {
            return;
        }
        let Some(king) = after.piece_at(mv.to) else { return };
        let piece = Piece::new(king.color, walk);
        after.remove(mv.to);
        after.put(mv.to, piece);
        effects.push(Effect::Transmuted { square: mv.to, piece, mover: true });
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let us = before.side();
        let king = self.royal(before, us)?;
        let walks = self.checking_walks(rules, before, us, king);
        let colour = us.name().to_lowercase();
        let names = |ws: &[Kind]| ws.iter().map(|w| w.name()).collect::<Vec<_>>().join(" or ");
        if self.mode == Mode::Super && !walks.is_empty() {
            if mv.from != king {
                return Some(format!(
                    "Under the Super-transmuting king the {colour} king is in check and must move by the walk of a \
                     checking {}: no other piece moves.",
                    names(&walks)
                ));
            }
            let walk = Self::transmutation(mv)?;
            return Some(format!(
                "Under the Super-transmuting king the {colour} king, in check from a {}, moves as one and becomes a {}.",
                walk.name(),
                walk.name()
            ));
        }
        if mv.from != king || walks.is_empty() {
            return None;
        }
        if let Mode::Vaulting { transmuting } = self.mode {
            let own = if transmuting { " and not by its own" } else { " as well as by its own walk" };
            return Some(format!(
                "Under Vaulting kings the {colour} king, in check, moves as a {}{own}.",
                names(&self.vaulters)
            ));
        }
        let condition = if self.mode == Mode::Reflective { "Reflective kings" } else { "Transmuted kings" };
        let own = if self.mode == Mode::Reflective { " as well as by its own walk" } else { " and not by its own" };
        Some(format!(
            "Under {condition} the {colour} king, in check from a {}, moves by that walk{own}.",
            names(&walks)
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::test_support::legal_texts;

    #[test]
    fn a_king_in_check_moves_by_the_checking_walk() {
        // Popeye 4.104, `~1` on wKe4 wRg1, bKh8 bQe8 bSb1 under TransmutedKings: the king moves as a queen, 16 moves
        // (`1.Ke4*e8 !`, `1.Ke4-b7 !`, ... `1.Ke4*b1 !`), no step of its own to e5 or d5... as a king.
        let v = legal_texts(&["TransmutedKings"], "4q2k/8/8/8/4K3/8/8/1n4R1 w - -");
        let kings: Vec<_> = v.iter().filter(|m| m.starts_with('K')).collect();
        assert_eq!(kings.len(), 16, "{v:?}");
        assert!(v.contains(&"Ke4*e8".to_string()) && v.contains(&"Ke4-h1".to_string()), "{v:?}");
        assert!(!v.contains(&"Ke4-e5".to_string()), "{v:?}");
    }

    #[test]
    fn a_super_transmuting_king_becomes_the_checking_walk() {
        // Popeye 4.104, the same position under WhiteSuperTransmutingKing: 27 king moves, each `=Q`
        // (`1.Ke4-e5=Q + !`, `1.Ke4*e8=Q + !`), and no move of the rook.
        let v = legal_texts(&["WhiteSuperTransmutingKing"], "4q2k/8/8/8/4K3/8/8/1n4R1 w - -");
        assert_eq!(v.len(), 27, "{v:?}");
        assert!(v.iter().all(|m| m.starts_with('K') && m.ends_with("=Q")), "{v:?}");
    }

    #[test]
    fn a_vaulting_king_in_check_moves_by_its_own_walk_too() {
        // Popeye 4.104, the position of the first test under VaultingKings (the equihopper's walk by default):
        // `1.Ke4-d3`, `1.Ke4-f3`, `1.Ke4-f5`, `1.Ke4-d5`, `1.Ke4-d4`, `1.Ke4-f4`, the king's own steps (no hurdle
        // stands where an equihopper could use it).
        let v = legal_texts(&["VaultingKings"], "4q2k/8/8/8/4K3/8/8/1n4R1 w - -");
        let kings: Vec<_> = v.iter().filter(|m| m.starts_with('K')).cloned().collect();
        assert_eq!(kings, ["Ke4-d3", "Ke4-d4", "Ke4-d5", "Ke4-f3", "Ke4-f4", "Ke4-f5"]);
    }

    #[test]
    fn a_king_moves_by_a_pawns_walk() {
        // Popeye 4.104, `~1` on wKe2 wRg1, bKh8 bPd3 bSf3: TransmutedKings `Ke2-e4`, `Ke2-e3`, `Ke2*d3`, `Ke2*f3`;
        // WhiteReflectiveKing adds `Ke2-f2`, `Ke2-f1`, `Ke2-d1`.
        let v = legal_texts(&["TransmutedKings"], "7k/8/8/8/8/3p1n2/4K3/6R1 w - -");
        let kings: Vec<_> = v.iter().filter(|m| m.starts_with('K')).cloned().collect();
        assert_eq!(kings, ["Ke2*d3", "Ke2*f3", "Ke2-e3", "Ke2-e4"]);
        let v = legal_texts(&["WhiteReflectiveKing"], "7k/8/8/8/8/3p1n2/4K3/6R1 w - -");
        let kings: Vec<_> = v.iter().filter(|m| m.starts_with('K')).cloned().collect();
        assert_eq!(kings, ["Ke2*d3", "Ke2*f3", "Ke2-d1", "Ke2-e3", "Ke2-e4", "Ke2-f1", "Ke2-f2"]);
    }
}
