//! Orthodox play generates its legal moves as such (pins and the check found once per position): checked
//! against the pseudo-legal moves each made and tested for check (`Rules::legal_after`), in the same order, on
//! every position of the legal move trees (three plies) of the published perft positions and of positions with
//! en passant along a pin line, castling through observed squares and promotions giving check. The kind each
//! move notes for making it must be its piece's.

use stipula::movegen::Rules;

use crate::playout::{self, position};

const MORE_FENS: &[&str] = &[
    "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "4k3/1P6/8/8/3b4/8/6p1/R3K2R b KQ - 0 1",
];

#[test]
fn legal_generation_agrees_with_making_each_move() {
    let rules = Rules::orthodox();
    let mut moves = 0;
    for fen in playout::PERFT_FENS.iter().chain(MORE_FENS) {
        let mut stack = vec![(position(&rules, fen), 0)];
        while let Some((p, depth)) = stack.pop() {
            assert!(rules.generates_legal(&p), "{p:?}");
            let mut fast = Vec::new();
            rules.legal_moves(&p, &mut fast);
            let mut slow = Vec::new();
            rules.pseudo_moves(&p, &mut slow);
            slow.retain(|&m| rules.legal_after(&p, m).is_some());
            assert_eq!(fast, slow, "{p:?}");
            for m in &fast {
                assert_eq!(m.moved_kind(), p.piece_at(m.from).map(|q| q.kind), "{p:?} {m:?}");
            }
            moves += fast.len();
            if depth < 3 {
                stack.extend(fast.iter().map(|&m| (rules.make(&p, m), depth + 1)));
            }
        }
    }
    assert!(moves > 1_000_000, "{moves}");
}
