//! Pieces that move by the walks of others (Popeye's `pieces/walks/orphan.c` and `friend.c`), read literally.
//!
//! An orphan has the walk of a kind when a piece of the other colour of that kind observes it, or when an orphan
//! of the other colour observes it by that kind's walk and itself has that walk, and so on along a chain of orphans
//! of alternating colours, no orphan twice (Popeye turns each orphan of the chain into a dummy while it looks
//! further). A friend has the walk of a kind when a piece of its own colour of that kind observes it, or a friend
//! of its colour that has that walk observes it by that walk. Such a piece moves by every walk it has (each target
//! once) and observes, for check, by every walk it has. The kinds lent are those in play but the pieces that
//! borrow and the dummy. By a pawn's walk it moves as a pawn of its own colour: one step forward (two from its
//! second rank; an orphan one from its first rank, a friend none) and the diagonal captures, never en passant;
//! it does not promote, and its double step gives no en-passant right. An orphan observes by a pawn's walk from
//! any rank, a friend only squares a pawn of its colour could capture on (Popeye's `pawn_check`).
//!
//! Observation here depends on pieces far away (a move anywhere can lend or take back a walk), so no shortcut
//! of the legality test holds with these pieces in play: [`Rules::new`] takes them all away.

use super::Rules;
use crate::attacks::Occupancy;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Borrow, Kind};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// The kinds that borrow walks in one problem and the kinds they borrow from.
#[derive(Clone, Debug, Default)]
pub(super) struct Borrowing {
    /// The orphan's and the friend's kinds, where in play.
    pub borrowers: Vec<(Kind, Borrow)>,
    /// The kinds in play whose walks can be borrowed (Popeye's `orphanpieces`): all but the borrowers and the
    /// dummy. Empty when nothing borrows.
    pub lenders: Vec<Kind>,
}

impl Borrowing {
    pub(super) fn new(present: &[Kind]) -> Borrowing {
        let borrowers: Vec<(Kind, Borrow)> = present.iter().filter_map(|&k| Some((k, k.borrows()?))).collect();
        let lenders = if borrowers.is_empty() {
            Vec::new()
        } else {
            present.iter().copied().filter(|k| k.borrows().is_none() && !k.def().walk.is_empty()).collect()
        };
        Borrowing { borrowers, lenders }
    }
}

/// The board with one piece pretended to be of another kind: the only candidate [`CompiledWalk::observers`]
/// is asked about.
///
/// [`CompiledWalk::observers`]: crate::attacks::CompiledWalk::observers
struct Lent<'a> {
    pos: &'a Position,
    color: Color,
    kind: Kind,
    sq: Square,
}

impl Occupancy for Lent<'_> {
    fn occupied(&self) -> Bitboard {
        self.pos.occupied()
    }
    fn color_bb(&self, color: Color) -> Bitboard {
        self.pos.color_bb(color)
    }
    fn pieces_bb(&self, color: Color, kind: Kind) -> Bitboard {
        if (color, kind) == (self.color, self.kind) {
            self.sq.bb()
        } else {
            Bitboard::EMPTY
        }
    }
}

/// The rank of `sq` counted from `color`'s side (0 its first rank).
fn relative_rank(sq: Square, color: Color) -> u8 {
    if color == Color::White {
        sq.rank()
    } else {
        7 - sq.rank()
    }
}

impl Rules {
    /// The kind that borrows as `how`, where in play.
    fn borrower(&self, how: Borrow) -> Option<Kind> {
        self.borrowing.borrowers.iter().find(|&&(_, b)| b == how).map(|&(k, _)| k)
    }

    /// Whether the piece on `from`, of colour `color`, borrowing as `how`, observes `target` by the walk of
    /// `walk`.
    fn observes_as(&self, pos: &Position, from: Square, color: Color, walk: Kind, target: Square, how: Borrow) -> bool {
        if walk == Kind::PAWN {
            let ahead = target.rank() as i8 - from.rank() as i8 == color.forward();
            return ahead
                && target.file().abs_diff(from.file()) == 1
                && (how == Borrow::Orphan || relative_rank(target, color) >= 2);
        }
        self.walks.get(walk).observers(&Lent { pos, color, kind: walk, sq: from }, walk, color, target).has(from)
    }

    /// Whether the piece on `sq`, of colour `color`, borrowing as `how`, has the walk of `walk`: a piece of that
    /// kind observes it (of the other colour for an orphan, of its own for a friend), or a borrower of that colour
    /// not in `visited` that has the walk observes it by it.
    fn lends(&self, pos: &Position, sq: Square, color: Color, walk: Kind, how: Borrow, visited: Bitboard) -> bool {
        let lender = if how == Borrow::Orphan { color.opposite() } else { color };
        if self.walks.get(walk).observers(pos, walk, lender, sq).non_empty() {
            return true;
        }
        let Some(kind) = self.borrower(how) else { return false };
        let visited = visited | sq.bb();
        (pos.pieces_bb(lender, kind) & !visited)
            .any(|o| self.observes_as(pos, o, lender, walk, sq, how) && self.lends(pos, o, lender, walk, how, visited))
    }

    /// The kinds whose walks a borrower of colour `color` could have in `pos`: those on the board (of its own
    /// colour, for a friend).
    fn lenders_on_board<'a>(&'a self, pos: &'a Position, color: Color, how: Borrow) -> impl Iterator<Item = Kind> + 'a {
        self.borrowing.lenders.iter().copied().filter(move |&w| match how {
            Borrow::Orphan => pos.kind_bb(w).non_empty(),
            Borrow::Friend => pos.pieces_bb(color, w).non_empty(),
        })
    }

    /// The moves of the borrower (of kind `kind`, borrowing as `how`) on `from` for `us`: by every walk it has,
    /// each target once.
    #[inline(never)]
    pub(super) fn borrowed_moves(
        &self,
        pos: &Position,
        from: Square,
        us: Color,
        kind: Kind,
        how: Borrow,
        out: &mut MoveList,
    ) {
        let start = out.len();
        let push = |out: &mut MoveList, to: Square, cap: Option<Square>| {
            let mv = Move::new(from, to, cap, Special::None).by(kind);
            if !out[start..].contains(&mv) {
                out.push(mv);
            }
        };
        for walk in self.lenders_on_board(pos, us, how) {
            if !self.lends(pos, from, us, walk, how, Bitboard::EMPTY) {
                continue;
            }
            if walk == Kind::PAWN {
                let steps = match relative_rank(from, us) {
                    0 if how == Borrow::Friend => 0,
                    1 => 2,
                    _ => 1,
                };
                if steps == 0 {
                    continue;
                }
                let theirs = pos.color_bb(us.opposite());
                for df in [-1, 1] {
                    if let Some(to) = from.offset(df, us.forward()) {
                        if theirs.has(to) {
                            push(out, to, Some(to));
                        }
                    }
                }
                let mut at = from;
                for _ in 0..steps {
                    match at.offset(0, us.forward()) {
                        Some(to) if !pos.occupied().has(to) => {
                            push(out, to, None);
                            at = to;
                        }
                        _ => break,
                    }
                }
            } else {
                self.walks.get(walk).for_each_target(pos, us, from, |to, cap| push(out, to, cap));
            }
        }
    }

    /// The borrowers of kind `kind` (borrowing as `how`) and colour `by` that observe `sq` by a walk they have.
    pub(super) fn borrowed_observers(
        &self,
        pos: &Position,
        kind: Kind,
        how: Borrow,
        by: Color,
        sq: Square,
    ) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        for o in pos.pieces_bb(by, kind) {
            if self
                .lenders_on_board(pos, by, how)
                .any(|w| self.observes_as(pos, o, by, w, sq, how) && self.lends(pos, o, by, w, how, Bitboard::EMPTY))
            {
                found.set(o);
            }
        }
        found
    }
}
