//! Madness of Kings (seed 004; `RULES.md` "Madness of Kings"): instead of moving one of its own pieces, a side may
//! move the opponent's king as a lame alibaba (or the walk named as the condition's option), capturing only pieces
//! of the king's own colour; that move may check the moved king but not mate it; kings never stand side by side;
//! no castling.

use crate::attacks::{Occupancy, KING};
use crate::conditions::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::Kind;
use crate::position::Position;
use crate::problem::ConditionSpec;
use crate::square::{Bitboard, Color};

/// The walks seed 004 allows for the insane move, by their codes: lame alibaba (the default), fers, threeleaper,
/// frog, mao.
pub const WALKS: &[&str] = &["LA", "FE", "03", "FG", "MA"];

/// The condition `MadnessOfKings`, with the walk of the insane move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MadnessOfKings {
    /// The walk the opponent moves a king with.
    pub walk: Kind,
}

impl MadnessOfKings {
    /// Builds from the options: at most one walk code of [`WALKS`] (default `LA`, the lame alibaba).
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, String> {
        let mut walk: Option<Kind> = None;
        for o in &spec.options {
            let kind = WALKS.contains(&o.as_str()).then(|| Kind::from_code(o)).flatten().ok_or_else(|| {
                format!("Madness of Kings has no option `{o}` (known walks: lame alibaba, fers, threeleaper, frog, mao)")
            })?;
            if walk.is_some_and(|w| w != kind) {
                return Err(format!("Madness of Kings takes one walk, not `{}` and `{}`", walk.map_or("", |w| w.code()), kind.code()));
            }
            walk = Some(kind);
        }
        let walk = match walk {
            Some(w) => w,
            None => Kind::from_code("LA").ok_or("the lame alibaba is missing from the piece registry")?,
        };
        Ok(Box::new(MadnessOfKings { walk }))
    }
}

/// Whether a white and a black king stand on adjacent squares.
pub fn kings_adjacent(pos: &Position) -> bool {
    let black = pos.pieces_bb(Color::Black, Kind::KING);
    pos.pieces_bb(Color::White, Kind::KING).into_iter().any(|w| (Bitboard(KING[w.index()]) & black).non_empty())
}

impl Condition for MadnessOfKings {
    fn describe(&self) -> String {
        if self.walk.code() == "LA" {
            "MadnessOfKings".into()
        } else {
            format!("MadnessOfKings {}", self.walk.code())
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::EXTRA_MOVES | Hooks::LEGALITY | Hooks::REPLIES
    }

    // Madness of Kings: "There is no castling" (seed 004).
    fn castling(&self) -> bool {
        false
    }

    // Madness of Kings: the king "is movable BY THE OPPONENT as well ... as a lame alibaba" (or the walk given);
    // "The king may capture friendly pieces (pieces of the same color), but NOT hostile pieces" (seed 004): the
    // walk's targets with the mover's pieces as the "own" ones, so only the king's colour can be captured.
    fn extra_moves(&self, rules: &Rules, pos: &Position, out: &mut MoveList) {
        let us = pos.side();
        let walk = rules.walks.get(self.walk);
        for k in pos.pieces_bb(us.opposite(), Kind::KING) {
            // A paralysed piece cannot move (RULES.md, Madrasi), whoever moves it.
            if rules.is_paralysed(pos, k) {
                continue;
            }
            walk.for_each_target(pos, us, k, |to, cap| out.push(Move::new(k, to, cap, Special::Insane)));
        }
    }

    // Madness of Kings: "Kings may never be on adjacent squares" (seed 004), after any move (RULES.md).
    fn is_legal(&self, _rules: &Rules, _before: &Position, _mv: Move, after: &Position) -> bool {
        !kings_adjacent(after)
    }

    // Madness of Kings: "The king may place himself in check, but NOT checkmate" (seed 004). Checkmate is judged
    // with the insane moves in mind (the checked side may move the mover's king); the checked side's insane replies
    // are not asked whether they would in turn mate (one level, so the rule is not circular).
    fn is_legal_by_replies(&self, rules: &Rules, _before: &Position, mv: Move, after: &Position) -> bool {
        mv.special != Special::Insane || !rules.in_check(after, after.side()) || rules.has_legal_move_ignoring_replies(after)
    }

    fn name(&self) -> &'static str {
        "MadnessOfKings"
    }
}
