//! Shortcuts the search takes, checked against what they stand for.
//!
//! `Rules::reply_witnesses` lets the solver pass over a last move without making it when the opponent certainly
//! keeps a legal reply (the stalemating move of help play) or a legal reply that gives no check (the attacker's
//! move before self play's forced mate). The claim is checked here against the legal move generator itself
//! (which the perft tables and the cozy-chess differential test vouch for): on seeded random playouts from the
//! published perft positions and a few more, every legal move the witnesses pass over is made, and the reply
//! each witness promises must be there (a king's step even after a check: such witnesses let checking moves be
//! passed over too).
//!
//! `Position::key_after` and `Position::key_after_and_pass` give the table key of a move's position without
//! making it (the search fetches table slots ahead with them): on the same playouts they must equal the keys
//! of the positions made.
//!
//! Battle play tries each side's checks first (`Search::find_checks_first`): its verdicts must be those of the
//! moves in generation order.

use stipula::movegen::Rules;
use stipula::position::Position;

use crate::playout;
use playout::{position, Rng};

/// Start positions beside the wiki's ([`playout::PERFT_FENS`]): some with promotions, en passant, pins and checks.
const MORE_FENS: &[&str] = &[
    "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1",
    // Few defending pieces, as in self-mates and stalemate problems: the witnesses are scarce and pinned.
    "k7/2Q5/1B6/8/8/8/1p6/1K5R w - - 0 1",
    "8/8/8/3k4/3p4/2pPp3/2P1P3/R2K2B1 w - - 0 1",
    "1r5k/6pp/8/8/8/8/5PPP/2R3K1 w - - 0 1",
    // En passant takes a pawn from a square the move neither leaves nor reaches; castling moves a rook.
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "k6r/8/8/8/8/8/8/4K2R w K - 0 1",
];

/// Checks every move that each witness of `pos`, alone, passes over: the witness's own reply must be legal
/// after it (and give no check with `quiet`). Returns how many legal moves were passed over.
fn check(rules: &Rules, pos: &Position, quiet: bool) -> usize {
    let Some(all) = rules.reply_witnesses(pos, quiet) else { return 0 };
    let mut pseudo = Vec::new();
    rules.pseudo_moves(pos, &mut pseudo);
    // The generator of the moves not passed over gives exactly those.
    let mut past = Vec::new();
    rules.moves_past_witnesses(pos, &all, &mut past);
    let mut expected: Vec<_> = pseudo.iter().copied().filter(|&m| !all.leave_reply(pos, m)).collect();
    let key = |m: &stipula::moves::Move| (m.uci(), m.capture().map(|c| c.index()));
    past.sort_by_key(key);
    expected.sort_by_key(key);
    assert_eq!(past, expected, "{pos:?}: moves past the witnesses");
    let mut passed = 0;
    for (reply, w) in all.each() {
        for &m in &pseudo {
            if !w.leave_reply(pos, m) {
                continue;
            }
            let Some(after) = rules.legal_after(pos, m) else { continue };
            passed += 1;
            let mut replies = Vec::new();
            rules.pseudo_moves(&after, &mut replies);
            let legal = replies.contains(&reply).then(|| rules.legal_after(&after, reply)).flatten();
            let kept = legal.is_some_and(|p| !quiet || !rules.in_check(&p, pos.side()));
            let what = if quiet { "legal and giving no check" } else { "legal" };
            assert!(kept, "{pos:?}: after {} the witness {} should be {what}", m.uci(), reply.uci());
        }
    }
    passed
}

#[test]
fn witnessed_replies_exist() {
    let rules = Rules::orthodox();
    let mut rng = Rng(0x5EED_0003);
    let (mut positions, mut passed) = (0usize, [0usize; 2]);
    for fen in playout::PERFT_FENS.iter().chain(MORE_FENS) {
        for _ in 0..60 {
            let mut pos = position(&rules, fen);
            for _ in 0..40 {
                positions += 1;
                passed[0] += check(&rules, &pos, false);
                passed[1] += check(&rules, &pos, true);
                let mut moves = Vec::new();
                rules.legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                pos = rules.make(&pos, moves[rng.below(moves.len())]);
            }
        }
    }
    println!("{positions} positions, {passed:?} moves passed over");
    // The test means something only if the witnesses really pass over many moves.
    assert!(
        positions > 10_000 && passed[0] > 50_000 && passed[1] > 20_000,
        "{positions} positions, {passed:?} moves passed over"
    );
}

#[test]
fn keys_ahead_are_the_keys_of_the_positions_made() {
    let rules = Rules::orthodox();
    let mut rng = Rng(0x5EED_0004);
    let mut checked = 0usize;
    for fen in playout::PERFT_FENS.iter().chain(MORE_FENS) {
        for _ in 0..30 {
            let mut pos = position(&rules, fen);
            for _ in 0..40 {
                let mut pseudo = Vec::new();
                rules.pseudo_moves(&pos, &mut pseudo);
                for &m in &pseudo {
                    let made = pos.make(m);
                    assert_eq!(pos.key_after(m), made.key(), "{pos:?}: {}", m.uci());
                    assert_eq!(pos.key_after_and_pass(m), made.null_move().key(), "{pos:?}: {} and a pass", m.uci());
                    assert_eq!(made.key(), made.key_from_scratch());
                    checked += 1;
                }
                let mut moves = Vec::new();
                rules.legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                pos = rules.make(&pos, moves[rng.below(moves.len())]);
            }
        }
    }
    assert!(checked > 100_000, "{checked} moves checked");
}

/// The self-mates of the reference cases BEISPIEL-selfref_2 (s#3), selfref_5 (s#4) and ep_11 (s#6): crowded
/// positions where the defender has few moves, so that random playouts from them meet self-mates in two.
const SELF_FENS: &[&str] = &[
    "8/R4PpP/5kp1/PP1R2N1/Kp3P1B/bQ4P1/rr1p4/nn1b1N1B w - - 0 1",
    "8/4B3/3Rp2p/2Nbk1pP/1Qp2pKn/1N3P1P/3R4/8 w - - 0 1",
    "KR2N3/4P1P1/6QB/3N1pPB/n6P/rP6/ppkPP2P/3R4 w - - 0 1",
];

/// Each side tries its checks first in battle play (`Search::find_checks_first`): only the order changes, so
/// every verdict must be the one of the moves in generation order. Compared on seeded random playouts from the
/// sparse positions above (where direct and self play have wins at all), `#2`, `=2`, `s#2` and `r#2`, each order
/// with a table of its own; orthodox, and under Madrasi, Eiffel and Isardam (their checks found by
/// `Rules::mate_filter` where no piece observes the king).
#[test]
fn checks_first_give_the_same_verdicts() {
    let (positions, wins) = checks_first_agree(&Rules::orthodox(), 0x5EED_0005, 40);
    println!("orthodox: {positions} positions, wins {wins:?} (#2, =2, s#2, r#2)");
    // The comparison means something only if the wins are not rare.
    assert!(positions > 1_500 && wins.iter().all(|&w| w > 20), "{positions} positions, wins {wins:?}");
    for (i, condition) in ["Madrasi", "Eiffel", "Isardam"].into_iter().enumerate() {
        let spec = stipula::input::vocab::conditions::parse_condition_text(condition).unwrap();
        let rules = Rules::new(
            stipula::pieces::Kind::all().filter(|k| k.is_orthodox()),
            stipula::conditions::build_all(&[spec]).unwrap(),
        );
        let (positions, wins) = checks_first_agree(&rules, 0x5EED_0010 + i as u64, 12);
        println!("{condition}: {positions} positions, wins {wins:?}");
        assert!(positions > 500 && wins[0] > 20 && wins[3] > 20, "{condition}: {positions} positions, wins {wins:?}");
    }
}

/// [`checks_first_give_the_same_verdicts`] under `rules`, `playouts` games from each start position: the positions
/// compared and the wins found (`#2`, `=2`, `s#2`, `r#2`).
fn checks_first_agree(rules: &Rules, seed: u64, playouts: usize) -> (usize, [usize; 4]) {
    use std::sync::atomic::AtomicBool;
    use stipula::problem::Goal;
    use stipula::solve::{Search, Table};
    let stop = AtomicBool::new(false);
    let tables = [Table::new(16), Table::new(16)];
    let mut rng = Rng(seed);
    let (mut positions, mut wins) = (0usize, [0usize; 4]);
    for fen in MORE_FENS.iter().chain(SELF_FENS).chain(&playout::PERFT_FENS[2..3]) {
        let Some(start) = playout::try_position(rules, fen) else { continue };
        for _ in 0..playouts {
            let mut pos = start.clone();
            for _ in 0..30 {
                positions += 1;
                for (i, goal) in [Goal::Mate, Goal::Stalemate].into_iter().enumerate() {
                    let [a, b] = [true, false].map(|on| {
                        Search::new(rules, &tables[usize::from(!on)], goal, None, &stop).with_checks_first(on)
                    });
                    let direct = [&a, &b].map(|s| s.direct_wins(&pos, 2).unwrap());
                    assert_eq!(direct[0], direct[1], "{pos:?}: {goal:?} in 2, direct");
                    wins[i] += usize::from(direct[0]);
                    if goal == Goal::Mate {
                        for reflex in [false, true] {
                            let selfplay = [&a, &b].map(|s| s.self_wins(&pos, 2, reflex).unwrap());
                            assert_eq!(selfplay[0], selfplay[1], "{pos:?}: self play in 2 (reflex: {reflex})");
                            wins[2 + usize::from(reflex)] += usize::from(selfplay[0]);
                        }
                    }
                }
                let mut moves = Vec::new();
                rules.legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                pos = rules.make(&pos, moves[rng.below(moves.len())]);
            }
        }
    }
    (positions, wins)
}

/// Plain direct play (`#n`, orthodox, no pruning option) has a search of its own (`src/solve/direct.rs`: defender
/// nodes in the table with their refutations, killers, no table at the last move); with the checks not tried
/// first the general battle search answers instead. Every verdict of `#1` to `#3` must be the same, asked from the
/// longest length down and then up again (the table's bounds of both searches are read across lengths), on seeded
/// random playouts from the sparse positions above, and after the defender's replies (the defender's nodes).
#[test]
fn plain_direct_search_agrees_with_the_general_one() {
    use std::sync::atomic::AtomicBool;
    use stipula::problem::Goal;
    use stipula::solve::{Search, Table};
    let rules = Rules::orthodox();
    let stop = AtomicBool::new(false);
    let tables = [Table::new(16), Table::new(16)];
    let [plain, general] = [true, false]
        .map(|on| Search::new(&rules, &tables[usize::from(!on)], Goal::Mate, None, &stop).with_checks_first(on));
    let mut rng = Rng(0x5EED_0039);
    let (mut positions, mut wins) = (0usize, [0usize; 4]);
    for fen in MORE_FENS {
        let Some(start) = playout::try_position(&rules, fen) else { continue };
        for _ in 0..6 {
            let mut pos = start.clone();
            for _ in 0..12 {
                positions += 1;
                for n in [3, 2, 1, 2, 3] {
                    let [a, b] = [&plain, &general].map(|s| s.direct_wins(&pos, n).unwrap());
                    assert_eq!(a, b, "{pos:?}: #{n}");
                    wins[n as usize] += usize::from(a);
                    let mut moves = Vec::new();
                    rules.legal_moves(&pos, &mut moves);
                    for &m in moves.iter().take(4) {
                        let after = rules.make(&pos, m);
                        let [a, b] = [&plain, &general].map(|s| s.direct_after(&after, n).unwrap());
                        assert_eq!(a, b, "{pos:?}: #{n} after {m:?}");
                        wins[0] += usize::from(a);
                    }
                }
                let mut moves = Vec::new();
                rules.legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                pos = rules.make(&pos, moves[rng.below(moves.len())]);
            }
        }
    }
    println!("{positions} positions, wins {wins:?} (after a move, #1, #2, #3)");
    // The comparison means something only if the wins are not rare.
    assert!(positions > 300 && wins.iter().all(|&w| w > 20), "{positions} positions, wins {wins:?}");
}
