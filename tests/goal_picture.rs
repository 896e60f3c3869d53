//! The goal picture (`stipula::solve::picture`) prunes help and series play: it may say "no final picture" only
//! where no play reaches the goal. Checked here against the plain legal move generator (vouched for by the perft
//! tables and the cozy-chess differential test): on seeded random positions with few pieces, every helpmate,
//! help-stalemate and series-helpmate found by brute force of a few half-moves must be declared reachable. The
//! test also counts how often the picture prunes, so that a bound that never says "no" fails too.

use stipula::movegen::Rules;
use stipula::position::Position;
use stipula::problem::Goal;
use stipula::solve::picture::reachable;
use stipula::square::Color;

mod playout;
use playout::{try_position, Rng};

/// Whether the side to move and its opponent, alternating, reach `goal` against the side that moves after the
/// last of `plies` half-moves.
fn help_reaches(rules: &Rules, pos: &Position, plies: u32, goal: Goal) -> bool {
    let mut buf = Vec::new();
    if plies == 0 {
        let check = rules.in_check(pos, pos.side());
        let stuck = !rules.has_legal_move(pos, &mut buf);
        return stuck && check == (goal == Goal::Mate);
    }
    let mut found = false;
    rules.for_each_legal(pos, &mut buf, |_, after| found = found || help_reaches(rules, &after, plies - 1, goal));
    found
}

/// Whether the side to move reaches, with at most `left` moves in a row (never checking before the last) and
/// then one move of its opponent, the opponent's mate of it (ser-h#).
fn series_help_mates(rules: &Rules, pos: &Position, left: u32) -> bool {
    let opponent = pos.null_move();
    if !rules.in_check(&opponent, opponent.side()) && help_reaches(rules, &opponent, 1, Goal::Mate) {
        return true;
    }
    if left == 0 {
        return false;
    }
    let mut buf = Vec::new();
    let mut found = false;
    rules.for_each_legal(pos, &mut buf, |_, after| {
        found = found || (!rules.in_check(&after, after.side()) && series_help_mates(rules, &after.null_move(), left - 1));
    });
    found
}

/// A random legal position: both kings and a few other pieces (no pawn on the first or last rank), the side
/// not to move not in check.
fn random_position(rules: &Rules, rng: &mut Rng) -> Option<Position> {
    let mut board = [None::<char>; 64];
    let put = |board: &mut [Option<char>; 64], c: char, rng: &mut Rng| loop {
        let s = rng.below(64);
        let pawn_rank_ok = !c.eq_ignore_ascii_case(&'p') || (8..56).contains(&s);
        if board[s].is_none() && pawn_rank_ok {
            board[s] = Some(c);
            return;
        }
    };
    put(&mut board, 'K', rng);
    put(&mut board, 'k', rng);
    let pieces = "QRRBBNNPPPPqrrbbnnpppp".as_bytes();
    for _ in 0..2 + rng.below(5) {
        put(&mut board, pieces[rng.below(pieces.len())] as char, rng);
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    let pos = try_position(rules, &format!("{fen} {side} - - 0 1"))?;
    let kings_apart = {
        let (w, b) = (pos.king(Color::White)?, pos.king(Color::Black)?);
        w.file().abs_diff(b.file()) > 1 || w.rank().abs_diff(b.rank()) > 1
    };
    (kings_apart && !rules.in_check(&pos, pos.side().opposite())).then_some(pos)
}

#[test]
fn the_picture_never_prunes_a_goal_that_play_reaches() {
    let rules = Rules::orthodox();
    let mut rng = Rng(0x9E37_79B9);
    let (mut solved, mut pruned) = (0, 0);
    let mut tried = 0;
    while tried < 300 {
        let Some(pos) = random_position(&rules, &mut rng) else { continue };
        tried += 1;
        for plies in 1..=3u32 {
            for goal in [Goal::Mate, Goal::Stalemate] {
                // The side that moves last reaches the goal against the other.
                let last = if plies % 2 == 1 { pos.side() } else { pos.side().opposite() };
                let (mine, theirs) = (plies.div_ceil(2), plies / 2);
                let (moves, victim_moves) = if pos.side() == last { (mine, theirs) } else { (theirs, mine) };
                let possible = reachable(&pos, goal, last.opposite(), moves, victim_moves);
                if help_reaches(&rules, &pos, plies, goal) {
                    solved += 1;
                    assert!(possible, "{pos:?}: h{}{plies} half-moves reached, but the picture says no", if goal == Goal::Mate { "#" } else { "=" });
                } else if !possible {
                    pruned += 1;
                }
            }
        }
        // ser-h#: the side to move plays up to 2 moves, its opponent mates it.
        let possible = reachable(&pos, Goal::Mate, pos.side(), 1, 2);
        if !rules.in_check(&pos, pos.side()) && series_help_mates(&rules, &pos, 2) {
            solved += 1;
            assert!(possible, "{pos:?}: ser-h#3 reached, but the picture says no");
        } else if !possible {
            pruned += 1;
        }
    }
    // Random positions rarely allow a short helpmate; the picture must still have found some, and pruned much.
    assert!(solved >= 20, "only {solved} goals reached: the test has too little to check");
    assert!(pruned >= 500, "only {pruned} of {} pruned", tried * 7);
}
