//! KoeKo (Popeye `KoeKo`, the same in German and French) and its relatives: a move must end with the moved piece
//! in contact with another piece (on a square next to it, or a leaper's leap away: `KoeKo Neighbour S` for the
//! knight); Anti-KoeKo (`AntiKoeko`): out of contact; New KoeKo (`NewKoeko`, `NeuKoeko`, `KoekoNouveaux`): in
//! contact after the move exactly when it was before it. Popeye's `conditions/koeko/` tests the position after the
//! whole move (a Circe rebirth may give the contact; under KoeKo both pieces of a castling need it), and validates
//! an observation by playing the capture and testing it the same way, so that a check needs the contact too.

use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::pieces::Kind;
use crate::position::Position;
use crate::square::{Bitboard, Square};

/// Which of the three rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    KoeKo,
    Anti,
    New,
}

/// The condition with its contact: the leaps (one quadrant's, reflected) that make two squares neighbours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KoeKo {
    pub variant: Variant,
    /// The leaper whose leaps define contact (`K`: the eight squares around).
    pub walk: &'static str,
    /// For every square, its neighbours.
    neighbours: Vec<Bitboard>,
}

/// The leaps of Popeye's contact functions (`conditions/koeko/koeko.c`), by walk code.
fn leap_of(walk: &str) -> Option<&'static [(i8, i8)]> {
    Some(match walk {
        "K" => &[(1, 0), (1, 1)],
        "S" => &[(1, 2)],
        "WE" => &[(1, 0)],
        "FE" => &[(1, 1)],
        "CA" => &[(1, 3)],
        "AL" => &[(2, 2)],
        "Z" => &[(2, 3)],
        "DA" => &[(2, 0)],
        "GI" => &[(1, 4)],
        "AN" => &[(3, 4)],
        _ => return None,
    })
}

fn neighbour_table(leaps: &[(i8, i8)]) -> Vec<Bitboard> {
    Square::all()
        .map(|s| {
            let mut bb = Bitboard::EMPTY;
            for &(a, b) in leaps {
                for (x, y) in [(a, b), (b, a)] {
                    for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        if let Some(t) = s.offset(x * sx, y * sy) {
                            bb.set(t);
                        }
                    }
                }
            }
            bb
        })
        .collect()
}

impl KoeKo {
    fn build_with(variant: Variant, spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let walk = match spec.options.first().map(String::as_str) {
            None => "K",
            Some(w) => {
                let leaps = leap_of(w).map(|_| w);
                match leaps.and_then(Kind::from_code) {
                    Some(k) => k.code(),
                    None => return Err(ConditionError::Invalid(format!("KoeKo's contact must be a leaper, not {w}"))),
                }
            }
        };
        Ok(Box::new(KoeKo { variant, walk, neighbours: neighbour_table(leap_of(walk).expect("a contact walk")) }))
    }

    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        KoeKo::build_with(Variant::KoeKo, spec)
    }

    pub fn build_anti(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        KoeKo::build_with(Variant::Anti, spec)
    }

    pub fn build_new(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        KoeKo::build_with(Variant::New, spec)
    }

    /// Whether the piece on `sq` in `pos` is in contact with another piece.
    #[inline]
    fn contact(&self, pos: &Position, sq: Square) -> bool {
        (self.neighbours[sq.index()] & pos.occupied()).non_empty()
    }

    /// Whether a piece that moves from `from` (in contact before or not: `before`) and stands on `to` with or
    /// without contact (`after`) satisfies the rule.
    #[inline]
    fn passes(&self, before: bool, after: bool) -> bool {
        match self.variant {
            Variant::KoeKo => after,
            Variant::Anti => !after,
            Variant::New => before == after,
        }
    }

    /// The square where the piece that made `mv` stands in `after` (`None` when it left the board).
    fn mover_square(before: &Position, mv: Move, after: &Position) -> Option<Square> {
        let mover = before.piece_at(mv.from)?;
        after.piece_at(mv.to).filter(|p| p.color == mover.color).map(|_| mv.to)
    }

    /// The rook's squares of a castling (from, to).
    fn castling_rook(mv: Move) -> Option<Square> {
        let rank = mv.from.rank();
        match mv.special {
            Special::CastleShort => Some(Square::from_coords(5, rank)),
            Special::CastleLong => Some(Square::from_coords(3, rank)),
            _ => None,
        }
    }

    /// Why `mv` breaks the rule, if it does: the square where the moved piece lacks (or has) its contact.
    fn breach(&self, before: &Position, mv: Move, after: &Position) -> Option<Square> {
        let had = self.variant == Variant::New && self.contact(before, mv.from);
        if let Some(sq) = KoeKo::mover_square(before, mv, after) {
            if !self.passes(had, self.contact(after, sq)) {
                return Some(sq);
            }
        }
        // KoeKo tests every piece the move moves: the castling rook too.
        if self.variant == Variant::KoeKo {
            if let Some(rook) = KoeKo::castling_rook(mv) {
                if !self.contact(after, rook) {
                    return Some(rook);
                }
            }
        }
        None
    }

    /// Whether the capture of the piece on `target` by the piece on `observer` satisfies the rule (the capture
    /// made: `observer` empty, `target` the capturer's).
    #[inline]
    fn capture_passes(&self, pos: &Position, observer: Square, target: Square) -> bool {
        let others = pos.occupied() & !observer.bb();
        let after = (self.neighbours[target.index()] & others).non_empty();
        let before = self.variant == Variant::New && self.contact(pos, observer);
        self.passes(before, after)
    }
}

impl Condition for KoeKo {
    // Popeye writes the contact's walk before the name (`S-KoeKo`).
    fn describe(&self) -> String {
        let name = match self.variant {
            Variant::KoeKo => "KoeKo",
            Variant::Anti => "AntiKoeko",
            Variant::New => "NewKoeko",
        };
        if self.walk == "K" {
            name.into()
        } else {
            format!("{}-{name}", self.walk)
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::LEGALITY | Hooks::OBSERVATION
    }

    // Under New KoeKo the two kings' observations of each other may count differently (their contact before the
    // capture differs), so a king's step beside the other king may check: no mate filter. KoeKo and Anti-KoeKo
    // judge both alike (the two kings touch each other), as the mate filter assumes.
    fn keeps(&self) -> Keeps {
        Keeps { check_filter: self.variant != Variant::New, ..Keeps::from_hooks(self.hooks()) }
    }

    // koeko.c, anti.c, new.c: the legality tester after the move.
    fn is_legal(&self, _rules: &Rules, before: &Position, mv: Move, after: &Position) -> bool {
        self.breach(before, mv, after).is_none()
    }

    // observation_play_move_to_validate: an observation counts when the capture would be legal.
    fn observation_counts(&self, _rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        self.capture_passes(pos, observer, target)
    }

    fn extra_capture_counts(&self, _rules: &Rules, pos: &Position, mv: Move) -> bool {
        self.capture_passes(pos, mv.from, mv.to)
    }

    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let after = rules.make(before, mv);
        let sq = self.breach(before, mv, &after)?;
        let what = match self.variant {
            Variant::KoeKo => "must end next to another piece",
            Variant::Anti => "must end next to no other piece",
            Variant::New => "must end in contact with another piece exactly when it started in contact",
        };
        Some(format!("under {} a moved piece {what}, and {} breaks that on {sq}.", self.describe(), mv.uci()))
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};

    #[test]
    fn moves_end_in_contact() {
        // Popeye 4.104, `~1`, White Ke1 Rh1 Qd4, Black Ke8 Pd7, KoeKo: 1.0-0, Rh1-f1, Qd4-g1, f2, d1, d2, *d7, d6.
        let (rules, pos) = setup("4k3/3p4/8/8/3Q4/8/8/4K2R w K - 0 1", &["KoeKo"]);
        assert_eq!(legal(&rules, &pos), ["d4d1", "d4d2", "d4d6", "d4d7", "d4f2", "d4g1", "e1g1", "h1f1"]);
        // NewKoeko, White Ke1 Qd4, Black Ke8 Pd5: the king (out of contact) and the queen (in contact) keep theirs.
        let (rules, pos) = setup("4k3/8/8/3p4/3Q4/8/8/4K3 w - - 0 1", &["NewKoeko"]);
        assert_eq!(
            legal(&rules, &pos),
            ["d4c4", "d4c5", "d4d1", "d4d2", "d4e4", "d4e5", "d4f2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
        );
        // AntiKoeko, White Ke1 Qd1, Black Ke8: 1.Qd1-h5 +, g4, f3, a4 +, b3, c2, a1, b1, c1, d6, d5, d4, d3,
        // Ke1-f2, f1.
        let (rules, pos) = setup("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", &["AntiKoeko"]);
        assert_eq!(
            legal(&rules, &pos),
            [
                "d1a1", "d1a4", "d1b1", "d1b3", "d1c1", "d1c2", "d1d3", "d1d4", "d1d5", "d1d6", "d1f3", "d1g4", "d1h5",
                "e1f1", "e1f2"
            ]
        );
        // `KoeKo Neighbour S`, White Ke1 Qd1, Black Ke8: contact is a knight's leap away; Popeye writes S-KoeKo and
        // gives 1.Qd1-f3, c2, d6, d3, Ke1-f2.
        let (rules, pos) = setup("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", &["KoeKo Neighbour S"]);
        assert_eq!(rules.conditions()[0].describe(), "S-KoeKo");
        assert_eq!(legal(&rules, &pos), ["d1c2", "d1d3", "d1d6", "d1f3", "e1f2"]);
    }
}
