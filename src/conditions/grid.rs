//! Grid chess (Popeye `GridChess`, `Gitterschach`, `Grille`): the board is cut into cells of 2 × 2 squares; a move
//! must cross a grid line, and only an observation that crosses one gives check (Popeye's `conditions/grid.c`:
//! moves within one cell removed, the geometry of observation validated the same way). The shifted grids of
//! Popeye's variants `VerticalShift`, `HorizontalShift` and `DiagonalShift` (`input/plaintext/condition.c`) too.

use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;

/// Where the grid lines run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grid {
    /// Cells a1-b2, c1-d2, …
    Normal,
    /// The horizontal lines one rank up: cells a1-b1, a2-b3, …
    VerticalShift,
    /// The vertical lines one file right: cells a1-a2, b1-c2, …
    HorizontalShift,
    /// Both: cells a1, b1-c1, a2-a3, b2-c3, …
    DiagonalShift,
}

/// The condition `GridChess` with its grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridChess {
    pub grid: Grid,
}

impl GridChess {
    /// Builds from the parameters: a shift, or none; Popeye's `Orthogonal`, `Irregular` and `GridLine` grids are
    /// not supported.
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let mut grid = Grid::Normal;
        for o in &spec.options {
            grid = match o.as_str() {
                "VerticalShift" => Grid::VerticalShift,
                "HorizontalShift" => Grid::HorizontalShift,
                "DiagonalShift" => Grid::DiagonalShift,
                _ => return Err(ConditionError::NotSupported("GridChess Orthogonal, Irregular or GridLine")),
            };
        }
        Ok(Box::new(GridChess { grid }))
    }

    /// The cell of `sq`: Popeye's grid numbers as `input/plaintext/condition.c` computes them, its C precedence
    /// kept (`rows_worth*(row+1)/2` multiplies first), so that its shifted grids number some far cells alike (under
    /// `VerticalShift` e1 and a2 have one number).
    pub fn cell(&self, sq: Square) -> u8 {
        let (f, r) = (sq.file(), sq.rank());
        match self.grid {
            Grid::Normal => f / 2 + 4 * (r / 2),
            Grid::VerticalShift => f / 2 + (4 * (r + 1)) / 2,
            Grid::HorizontalShift => f.div_ceil(2) + 5 * (r / 2),
            Grid::DiagonalShift => f.div_ceil(2) + (5 * (r + 1)) / 2,
        }
    }

    /// Whether going from `a` to `b` crosses a grid line.
    #[inline]
    pub fn crosses(&self, a: Square, b: Square) -> bool {
        self.cell(a) != self.cell(b)
    }
}

impl Condition for GridChess {
    // Popeye writes `GridChess` whatever the grid.
    fn describe(&self) -> String {
        "GridChess".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::LEGALITY | Hooks::OBSERVATION
    }

    // Grid chess: a move within one cell is no move (grid.c removes it from the moves generated).
    fn is_legal(&self, _rules: &Rules, _before: &Position, mv: Move, _after: &Position) -> bool {
        self.crosses(mv.from, mv.to)
    }

    // Grid chess: an observation within one cell gives no check (grid.c validates the observation's geometry).
    fn observation_counts(&self, _rules: &Rules, _pos: &Position, observer: Square, target: Square) -> bool {
        self.crosses(observer, target)
    }

    fn extra_capture_counts(&self, _rules: &Rules, _pos: &Position, mv: Move) -> bool {
        self.crosses(mv.from, mv.to)
    }

    fn explain_move(&self, _rules: &Rules, _before: &Position, mv: Move) -> Option<String> {
        (!self.crosses(mv.from, mv.to)).then(|| {
            format!(
                "under {} a move must cross a grid line, and {} and {} are in one cell.",
                self.describe(),
                mv.from,
                mv.to
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};
    use crate::square::Color;

    #[test]
    fn moves_and_checks_cross_a_grid_line() {
        // By hand, cells of 2 × 2 squares from a1: Ke1 (cell e1-f2) cannot go to f1, e2, f2; d1, d2 are in the next
        // cell. A black rook on e2 beside it gives no check (one cell).
        let (rules, pos) = setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &["GridChess"]);
        assert_eq!(legal(&rules, &pos), ["e1d1", "e1d2"]);
        let (rules, pos) = setup("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", &["GridChess"]);
        assert!(!rules.in_check(&pos, Color::White));
        // Popeye 4.104, `~1`, White Ke1, Black Ke8: GridChess 1.Ke1-d2, Ke1-d1; GridChess VerticalShift 1.Ke1-f2,
        // d2, d1, e2; HorizontalShift with a black Re3: 1.Ke1-f2, f1; DiagonalShift with a white Qb4 too (White in
        // check from e3): 1.Ke1-f2, d2, f1 (not e2: e3 and e2 are in two cells).
        let (rules, pos) = setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &["GridChess VerticalShift"]);
        assert_eq!(legal(&rules, &pos), ["e1d1", "e1d2", "e1e2", "e1f2"]);
        let (rules, pos) = setup("4k3/8/8/8/8/4r3/8/4K3 w - - 0 1", &["GridChess HorizontalShift"]);
        assert_eq!(legal(&rules, &pos), ["e1f1", "e1f2"]);
        let (rules, pos) = setup("4k3/8/8/8/1Q6/4r3/8/4K3 w - - 0 1", &["GridChess DiagonalShift"]);
        assert_eq!(legal(&rules, &pos), ["e1d2", "e1f1", "e1f2"]);
    }
}
