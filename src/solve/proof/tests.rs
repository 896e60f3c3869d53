//! The search's own facts: the diagram compared square by square, the game array, the bound on the game array.

use super::*;
use crate::setup::SetupOptions;

fn array() -> Position {
    let rules = Rules::orthodox();
    build_position(&game_array(), &ExplicitState::default(), Color::White, &rules, &SetupOptions::default()).unwrap()
}

#[test]
fn the_game_array_reaches_itself_and_nothing_else() {
    let pos = array();
    let target = Target::new(&game_array());
    assert!(target.reached(&pos));
    let rules = Rules::orthodox();
    let mut moves = Vec::new();
    rules.legal_moves(&pos, &mut moves);
    assert_eq!(moves.len(), 20);
    assert!(moves.iter().all(|&m| !target.reached(&rules.make(&pos, m))));
}

#[test]
fn the_bound_needs_the_moves_it_counts() {
    // 1.e4 e5 2.Sf3: White needs two moves, Black one.
    let rules = Rules::orthodox();
    let mut target = array();
    for uci in ["e2e4", "e7e5", "g1f3"] {
        let mut moves = Vec::new();
        rules.legal_moves(&target, &mut moves);
        let m = *moves.iter().find(|m| m.uci() == uci).unwrap();
        target = rules.make(&target, m);
    }
    let pieces: Vec<Placed> = target.pieces().map(|(square, p)| Placed::new(p.color, p.kind, square)).collect();
    let bound = Bound::new(&Target::new(&pieces).pos);
    let mut scratch = Scratch::default();
    let start = array();
    assert!(bound.reachable(&start, [2, 1], &mut scratch));
    assert!(!bound.reachable(&start, [1, 1], &mut scratch));
    assert!(!bound.reachable(&start, [2, 0], &mut scratch));
}

/// The position after the moves `ucis` from the game array.
fn after(ucis: &[&str]) -> Position {
    let rules = Rules::orthodox();
    let mut pos = array();
    for uci in ucis {
        let mut moves = Vec::new();
        rules.legal_moves(&pos, &mut moves);
        let m = *moves.iter().find(|m| m.uci() == *uci).unwrap();
        pos = rules.make(&pos, m);
    }
    pos
}

fn bound_towards(fen: &str) -> Bound {
    let (pieces, _) = crate::input::fen::parse_fen(fen).unwrap();
    Bound::new(&Target::new(&pieces).pos)
}

#[test]
fn a_pawn_that_must_stay_is_a_wall() {
    // B. Schwarzkopf, Der Hahn 1980 (PDB P0005348), 11.0 moves: White's eleven moves are all needed (c4 d4 e4 f4,
    // Bb5 Bg5 Sc3 Sf3, 0-0, Qe1, Rd1), and no capture is possible (the diagram has all 32 pieces). After 1.c4
    // the pawn on c4 is there for good, and Bf1-b5 needs three moves round it: no game.
    let bound = bound_towards("3rqrk1/pp4pp/2n2n2/1BppppB1/1bPPPPb1/2N2N2/PP4PP/3RQRK1");
    let mut scratch = Scratch::default();
    assert!(bound.reachable(&after(&["e2e4"]), [10, 11], &mut scratch));
    assert!(!bound.reachable(&after(&["c2c4"]), [10, 11], &mut scratch));
    // With a capture to make (a black piece more than the diagram's), the d-pawn could take its place on c4.
    let bound = bound_towards("3rqrk1/pp4pp/2n2n2/1BppppB1/1bPPPPb1/2N2N2/PP4PP/3RQRK1");
    let mut extra = after(&["c2c4"]);
    extra.put(Square::parse("h5").unwrap(), crate::pieces::Piece::new(Color::Black, crate::pieces::Kind::KNIGHT));
    assert!(bound.reachable(&extra, [30, 30], &mut scratch));
}

#[test]
fn a_piece_that_cannot_afford_to_leave_blocks_a_pawns_way() {
    // P0005348 again: after 1.Sb1-c3 the knight stands on its square of the diagram, and White has no move to
    // spare for it to go away and back (or for the other knight to take its place), so c2-c4 never comes: no
    // game. After 1.c4 Sc3 is still to come.
    let bound = bound_towards("3rqrk1/pp4pp/2n2n2/1BppppB1/1bPPPPb1/2N2N2/PP4PP/3RQRK1");
    let mut scratch = Scratch::default();
    assert!(!bound.reachable(&after(&["b1c3"]), [10, 11], &mut scratch));
    assert!(!bound.reachable(&after(&["g1f3"]), [10, 11], &mut scratch));
    assert!(bound.reachable(&after(&["e2e4", "e7e5", "f1b5", "f8b4", "c2c4"]), [8, 9], &mut scratch));
    assert!(bound.reachable(&after(&["e2e4", "e7e5", "f1b5", "f8b4", "c2c4", "c7c5", "b1c3"]), [7, 8], &mut scratch));
    // With a move to spare the knight may go away and come back.
    assert!(bound.reachable(&after(&["b1c3"]), [12, 13], &mut scratch));
}

#[test]
fn two_pieces_of_a_kind_go_to_two_squares() {
    // The diagram's rooks on a3 and a4: from a1 and h1 that is a1-a3 and h1-h4-a4 (three moves), not a1-a3 and
    // a1-a4 (two) as the nearest rook for each square would count.
    let bound = bound_towards("4k3/8/8/8/R7/R7/8/4K3");
    let mut scratch = Scratch::default();
    let pos = crate::setup::build_position(
        &crate::input::fen::parse_fen("4k3/8/8/8/8/8/8/R3K2R").unwrap().0,
        &ExplicitState::default(),
        Color::White,
        &Rules::orthodox(),
        &SetupOptions::default(),
    )
    .unwrap();
    assert!(!bound.reachable(&pos, [2, 0], &mut scratch));
    assert!(bound.reachable(&pos, [3, 0], &mut scratch));
}
