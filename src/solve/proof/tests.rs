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
