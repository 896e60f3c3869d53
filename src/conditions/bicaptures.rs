//! Bicaptures (Popeye `Bicaptures` in its three languages; `conditions/bicaptures.c`): a piece may capture the
//! pieces of its own side, the king excepted, as well as the opponent's. Popeye gives every piece of the side to
//! move the other colour too while that side's moves are generated, and takes it back before the move is made:
//! the walks capture their own side's pieces as they capture the other's (a hopper over its hurdle, a pawn
//! diagonally forward, a promotion with it), and check, observed by the pieces of one colour, stays orthodox.
//! Its own king it never takes: a move that takes it is no move (Popeye 4.104, `~1`, White Ka1 Qa2 Rb1 Pc2:
//! `Rb1*a1` and `Qa2*a1` are not listed).

use crate::attacks::Occupancy;
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList};
use crate::pieces::{Atom, Piece};
use crate::position::Position;
use crate::square::Square;

/// The condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bicaptures;

impl Bicaptures {
    pub fn build(_spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Bicaptures))
    }
}

impl Condition for Bicaptures {
    /// Not yet checked with pieces with the attribute Royal against Popeye: refused with them.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        "Bicaptures".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::PIECE_MOVES
    }

    // The walks' moves, then the captures of the side's own pieces: the same walk in a copy of the position where
    // every other piece of the side but its king stands for the other side, of which the moves that take one of
    // those pieces are kept (an en-passant capture or a castling there takes nothing of the side's own).
    fn piece_moves(&self, rules: &Rules, pos: &Position, from: Square, out: &mut MoveList) {
        rules.walked_piece_moves(pos, from, out);
        let us = pos.side();
        let king = pos.king(us);
        let own = pos.color_bb(us);
        let mut targets = own;
        targets.clear(from);
        if let Some(k) = king {
            targets.clear(k);
        }
        if targets.is_empty() {
            return;
        }
        let mut flipped = pos.clone();
        for sq in targets {
            if let Some(p) = pos.piece_at(sq) {
                flipped.put(sq, Piece::new(us.opposite(), p.kind));
            }
        }
        let mut own_captures = MoveList::new();
        rules.walked_piece_moves(&flipped, from, &mut own_captures);
        out.extend(own_captures.into_iter().filter(|m| m.capture().is_some_and(|c| targets.has(c))));
    }

    fn refuses_diagram(&self, pos: &Position) -> Option<String> {
        // A piece with an attribute (a neutral piece is of both colours already, a royal piece is the king) is
        // not recoloured here as Popeye recolours it; an orphan or a friend would borrow walks from the pieces
        // recoloured, which only the captures here see.
        if pos.marked().non_empty() {
            return Some("not supported: Bicaptures with pieces that have attributes (neutral, royal, ...)".into());
        }
        let borrower = pos
            .occupied()
            .into_iter()
            .filter_map(|sq| pos.piece_at(sq))
            .find(|p| p.kind.def().walk.iter().any(|a| matches!(a, Atom::Borrow(_))))?;
        Some(format!("not supported: Bicaptures with the {}, whose walk is borrowed", borrower.kind.def().name))
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let taken = before.piece_at(mv.capture()?)?;
        (taken.color == before.side()).then(|| {
            format!("under Bicaptures a piece may take a piece of its own side (not its king): {} does.", mv.uci())
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{legal, setup};

    #[test]
    fn own_pieces_but_the_king_are_taken() {
        // Popeye 4.104, `~1`, `Condition Bicaptures`, White Ka1 Qa2 Rb1 Pc2, Black Kh8 Rh7 Bg8: 32 moves, among
        // them Ka1*b1, Qa2*b1, Qa2*c2 (and Qa2*g8 +); no move takes the white king, Ka1*a2 is self-check (Bg8).
        let (rules, pos) = setup("6bk/7r/8/8/8/8/Q1P5/KR6 w - - 0 1", &["Bicaptures"]);
        let moves = legal(&rules, &pos);
        assert_eq!(moves.len(), 32);
        for m in ["a1b1", "a2b1", "a2c2", "a2g8"] {
            assert!(moves.contains(&m.to_string()), "{m}");
        }
        for m in ["a1a2", "b1a1", "a2a1"] {
            assert!(!moves.contains(&m.to_string()), "{m}");
        }
        // Same input, `~1`, White Ke1 Pb7 Gd3 Sd4 Pd5, Black Kh8 Qa8 Rc8: 30 moves, the grasshopper takes its own
        // pawn over its own knight (Gd3*d5), the pawn takes and promotes as usual.
        let (rules, pos) = setup("q1r4k/1P6/8/3P4/3N4/3G4/8/4K3 w - - 0 1", &["Bicaptures"]);
        let moves = legal(&rules, &pos);
        assert_eq!(moves.len(), 30);
        assert!(moves.contains(&"d3d5".to_string()));
    }
}
