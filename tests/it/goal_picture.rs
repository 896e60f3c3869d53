//! The goal picture (`stipula::solve::picture`) prunes help and series play: it may say "no final picture" only
//! where no play reaches the goal. Checked here against the plain legal move generator (vouched for by the perft
//! tables and the cozy-chess differential test): on seeded random positions with few pieces, every helpmate,
//! help-stalemate and series-helpmate found by brute force of a few half-moves must be declared reachable. The
//! test also counts how often the picture prunes, so that a bound that never says "no" fails too.

use stipula::movegen::Rules;
use stipula::pieces::Kind;
use stipula::position::Position;
use stipula::problem::Goal;
use stipula::solve::picture::{Pictures, Scratch};
use stipula::square::{Color, Square};

use crate::playout;
use playout::{board_fen, try_position, Rng};
use std::cell::RefCell;
use std::sync::OnceLock;

/// The picture's answer, from tables built once for the whole test binary, with one scratch per test thread
/// reused from question to question (as each worker of the solver reuses its own).
fn reachable(pos: &Position, goal: Goal, victim: Color, moves: u32, victim_moves: u32) -> bool {
    static PICTURES: OnceLock<Pictures> = OnceLock::new();
    thread_local! {
        static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
    }
    SCRATCH.with_borrow_mut(|scratch| {
        PICTURES.get_or_init(Pictures::new).reachable(scratch, pos, goal, victim, moves, victim_moves)
    })
}

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
        found =
            found || (!rules.in_check(&after, after.side()) && series_help_mates(rules, &after.null_move(), left - 1));
    });
    found
}

/// Puts `c` on a free square of `squares` (pawns not on the first or last rank), if there is one.
fn put(board: &mut [Option<char>; 64], c: char, squares: &[usize], rng: &mut Rng) {
    for _ in 0..100 {
        let s = squares[rng.below(squares.len())];
        if board[s].is_none() && (!c.eq_ignore_ascii_case(&'p') || (8..56).contains(&s)) {
            board[s] = Some(c);
            return;
        }
    }
}

/// The position of `board` with `side` to move, if it is legal with the kings apart and the side not to move
/// not in check.
fn legal_position(rules: &Rules, board: &[Option<char>; 64], side: &str) -> Option<Position> {
    let pos = try_position(rules, &board_fen(board, side, "-", "-"))?;
    let kings_apart = {
        let (w, b) = (pos.king(Color::White)?, pos.king(Color::Black)?);
        w.file().abs_diff(b.file()) > 1 || w.rank().abs_diff(b.rank()) > 1
    };
    (kings_apart && !rules.in_check(&pos, pos.side().opposite())).then_some(pos)
}

/// A random legal position: both kings and a few other pieces (no pawn on the first or last rank), the side
/// not to move not in check.
fn random_position(rules: &Rules, rng: &mut Rng) -> Option<Position> {
    let mut board = [None::<char>; 64];
    let all: Vec<usize> = (0..64).collect();
    put(&mut board, 'K', &all, rng);
    put(&mut board, 'k', &all, rng);
    let pieces = "QRRBBNNPPPPqrrbbnnpppp".as_bytes();
    for _ in 0..2 + rng.below(5) {
        put(&mut board, pieces[rng.below(pieces.len())] as char, &all, rng);
    }
    legal_position(rules, &board, if rng.below(2) == 0 { "w" } else { "b" })
}

/// A board where stalemate is near: the black king in a corner region, crowded by its own pieces (which a
/// stalemate must leave without a move: blocked, pinned or captured), and a few white pieces anywhere.
fn crowded_board(rng: &mut Rng) -> [Option<char>; 64] {
    let mut board = [None::<char>; 64];
    let corner: Vec<usize> =
        (0..64).filter(|s| [0, 1, 6, 7].contains(&(s % 8)) && [0, 1, 6, 7].contains(&(s / 8))).collect();
    put(&mut board, 'k', &corner, rng);
    let king = board.iter().position(|c| *c == Some('k')).expect("the king was put");
    let near: Vec<usize> =
        (0..64).filter(|&s| s != king && (s % 8).abs_diff(king % 8) <= 2 && (s / 8).abs_diff(king / 8) <= 2).collect();
    let black = "ppppbbnnrq".as_bytes();
    for _ in 0..3 + rng.below(4) {
        put(&mut board, black[rng.below(black.len())] as char, &near, rng);
    }
    let all: Vec<usize> = (0..64).collect();
    put(&mut board, 'K', &all, rng);
    let around: Vec<usize> =
        (0..64usize).filter(|&s| (s % 8).abs_diff(king % 8) <= 3 && (s / 8).abs_diff(king / 8) <= 3).collect();
    let white = "QRRBBNNPP".as_bytes();
    for _ in 0..1 + rng.below(3) {
        put(&mut board, white[rng.below(white.len())] as char, &around, rng);
    }
    board
}

/// Checks the picture against brute force for help play of `plies` half-moves ending in `goal` against the side
/// that moves after the last: counts the goals reached (and asserts each declared reachable) and the pruned.
fn check_help(rules: &Rules, pos: &Position, plies: u32, goal: Goal, solved: &mut u32, pruned: &mut u32) {
    // The side that moves last reaches the goal against the other.
    let last = if plies % 2 == 1 { pos.side() } else { pos.side().opposite() };
    let (mine, theirs) = (plies.div_ceil(2), plies / 2);
    let (moves, victim_moves) = if pos.side() == last { (mine, theirs) } else { (theirs, mine) };
    let possible = reachable(pos, goal, last.opposite(), moves, victim_moves);
    if help_reaches(rules, pos, plies, goal) {
        *solved += 1;
        assert!(
            possible,
            "{pos:?}: h{}{plies} half-moves reached, but the picture says no",
            if goal == Goal::Mate { "#" } else { "=" }
        );
    } else if !possible {
        *pruned += 1;
    }
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
                check_help(&rules, &pos, plies, goal, &mut solved, &mut pruned);
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

/// Help play of 1 to 3 half-moves against Black on 3000 crowded boards (White moves last, first too after an
/// odd number of half-moves), checked by [`check_help`]; `more` checks something else of each position too,
/// with the same counters. Returns the goals reached and the positions pruned.
fn crowded_help(seed: u64, goal: Goal, mut more: impl FnMut(&Rules, &Position, &mut u32, &mut u32)) -> (u32, u32) {
    let rules = Rules::orthodox();
    let mut rng = Rng(seed);
    let (mut solved, mut pruned) = (0, 0);
    let mut tried = 0;
    while tried < 3000 {
        let board = crowded_board(&mut rng);
        let plies = 1 + rng.below(3) as u32;
        let Some(pos) = legal_position(&rules, &board, if plies % 2 == 1 { "w" } else { "b" }) else { continue };
        tried += 1;
        check_help(&rules, &pos, plies, goal, &mut solved, &mut pruned);
        more(&rules, &pos, &mut solved, &mut pruned);
    }
    (solved, pruned)
}

#[test]
fn the_picture_never_prunes_a_stalemate_of_a_crowded_king() {
    let (solved, pruned) = crowded_help(0x5EED_0003, Goal::Stalemate, |_, _, _, _| {});
    assert!(solved >= 20, "only {solved} stalemates reached: the test has too little to check");
    assert!(pruned >= 100, "only {pruned} of 3000 pruned");
}

/// A stalemate of Black built from a crowded board: while Black has a move, the piece that makes it is taken
/// away, or its destination taken by a black piece, or a white piece put near the black king (a change undone
/// when it checks either king), at most 80 times.
fn built_stalemate(rules: &Rules, rng: &mut Rng) -> Option<Position> {
    let mut board = crowded_board(rng);
    let king = board.iter().position(|c| *c == Some('k'))?;
    let around: Vec<usize> =
        (0..64usize).filter(|&s| (s % 8).abs_diff(king % 8) <= 3 && (s / 8).abs_diff(king / 8) <= 3).collect();
    let mut buf = Vec::new();
    for _ in 0..80 {
        let pos = legal_position(rules, &board, "b")?;
        let mut moves = Vec::new();
        rules.for_each_legal(&pos, &mut buf, |m, _| moves.push((m.from.index(), m.to.index())));
        if moves.is_empty() {
            return (!rules.in_check(&pos, Color::Black)).then_some(pos);
        }
        let before = board;
        let (from, to) = moves[rng.below(moves.len())];
        match rng.below(3) {
            0 if from != king => board[from] = None,
            1 if board[to].is_none() => put(&mut board, "ppbnrq".as_bytes()[rng.below(6)] as char, &[to], rng),
            _ => put(&mut board, "QRRBBNNP".as_bytes()[rng.below(8)] as char, &around, rng),
        }
        match legal_position(rules, &board, "b") {
            Some(p) if !rules.in_check(&p, Color::Black) => {}
            _ => board = before,
        }
    }
    None
}

#[test]
fn every_stalemate_is_a_picture() {
    // Built stalemates, checked as they stand: with no moves left to either side the picture is the position
    // itself, so each must pass. Where a black piece stands on the first rank with the square above it empty,
    // the same position with a black pawn there instead must pass with one black move left (it promotes).
    let rules = Rules::orthodox();
    let mut rng = Rng(0x5EED_0004);
    let (mut found, mut promoted) = (0, 0);
    for _ in 0..8000 {
        let Some(pos) = built_stalemate(&rules, &mut rng) else { continue };
        found += 1;
        assert!(reachable(&pos, Goal::Stalemate, Color::Black, 0, 0), "{pos:?}: a stalemate, but the picture says no");
        for s in 0..8 {
            let piece = pos.piece_at(Square::new(s)).filter(|p| p.color == Color::Black && p.kind != Kind::KING);
            if piece.is_none() || pos.piece_at(Square::new(s + 8)).is_some() {
                continue;
            }
            let mut board: [Option<char>; 64] =
                std::array::from_fn(|i| pos.piece_at(Square::new(i as u8)).map(|p| letter(p.color, p.kind)));
            board[s as usize] = None;
            board[s as usize + 8] = Some('p');
            let Some(before) = legal_position(&rules, &board, "b") else { continue };
            promoted += 1;
            assert!(
                reachable(&before, Goal::Stalemate, Color::Black, 0, 1),
                "{before:?}: promotes into the stalemate {pos:?}, but the picture says no"
            );
        }
    }
    assert!(found >= 2000, "only {found} stalemates built: the test has too little to check");
    assert!(promoted >= 50, "only {promoted} stalemates reached by a promotion: the test has too little to check");
}

/// The FEN letter of a piece.
fn letter(color: Color, kind: Kind) -> char {
    let c = [
        (Kind::KING, 'k'),
        (Kind::QUEEN, 'q'),
        (Kind::ROOK, 'r'),
        (Kind::BISHOP, 'b'),
        (Kind::KNIGHT, 'n'),
        (Kind::PAWN, 'p'),
    ]
    .iter()
    .find(|(k, _)| *k == kind)
    .map_or('?', |&(_, c)| c);
    if color == Color::White {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

#[test]
fn a_reused_scratch_answers_as_a_fresh_one() {
    // The scratch keeps each side's part of the last question and reuses it when that side's pieces, castling
    // rights and moves are the same (as for the positions after each move of the other side): every answer
    // must be the one a fresh scratch gives, over the children of random positions (siblings one after the
    // other, as the solver asks), for both goals and several budgets.
    let rules = Rules::orthodox();
    let pictures = Pictures::new();
    let mut reused = Scratch::default();
    let mut rng = Rng(0x0005_C2A7);
    let (mut asked, mut no) = (0u32, 0u32);
    let mut tried = 0;
    let mut buf = Vec::new();
    while tried < 150 {
        let board = crowded_board(&mut rng);
        let side = if rng.below(2) == 0 { "w" } else { "b" };
        let Some(pos) = legal_position(&rules, &board, side) else { continue };
        tried += 1;
        let mut children = vec![pos.clone()];
        rules.for_each_legal(&pos, &mut buf, |_, after| children.push(after));
        for victim in [Color::White, Color::Black] {
            for (moves, victim_moves) in [(1, 1), (1, 2), (2, 1), (2, 2), (0, 1)] {
                for goal in [Goal::Mate, Goal::Stalemate] {
                    for child in &children {
                        let fresh =
                            pictures.reachable(&mut Scratch::default(), child, goal, victim, moves, victim_moves);
                        let again = pictures.reachable(&mut reused, child, goal, victim, moves, victim_moves);
                        assert_eq!(again, fresh, "{child:?}: {goal:?} against {victim:?} in {moves}+{victim_moves}");
                        asked += 1;
                        no += u32::from(!fresh);
                    }
                }
            }
        }
    }
    assert!(no >= asked / 10, "only {no} of {asked} answers are 'no': too few to tell a stale scratch");
}

#[test]
fn the_picture_never_prunes_a_mate_of_a_crowded_king() {
    // Mates near a king among its own pieces: contact checks, checks by pawns and knights, the checking piece on
    // a flight square (which the king would take unless another piece guards it) — where the picture's rules
    // about the last move's check and the guarded checker apply. Black is mated; ser-h# for Black too.
    let (solved, pruned) = crowded_help(0x5EED_0017, Goal::Mate, |rules, pos, solved, pruned| {
        if pos.side() == Color::Black && !rules.in_check(pos, Color::Black) {
            let possible = reachable(pos, Goal::Mate, Color::Black, 1, 2);
            if series_help_mates(rules, pos, 2) {
                *solved += 1;
                assert!(possible, "{pos:?}: ser-h#3 reached, but the picture says no");
            } else if !possible {
                *pruned += 1;
            }
        }
    });
    assert!(solved >= 100, "only {solved} mates reached: the test has too little to check");
    assert!(pruned >= 1000, "only {pruned} of 3000 positions pruned");
}

#[test]
fn the_mates_check_comes_with_the_last_move_and_a_checker_next_to_the_king_is_guarded() {
    // Two positions met while solving Popeye's intell_92 (Lin"s, ser-h#9: White Kd3 Pb3 against nine black
    // pieces), Black to play two moves and White then to mate. No play does it (brute force below); the picture
    // used to think otherwise:
    // - with the black king going to a4 or c4, checked there by the b3 pawn that never moved: but Black cannot
    //   move into check, so the mate's check must come with White's move (a pawn that has not moved gives none);
    // - with Ka6-b5 and the pawn taking on c4 or a4, or stepping to b4 against a king on a5: the pawn then
    //   stands next to the king, which takes it unless a white piece guards the square — a black piece cannot
    //   hold a square a white one stands on.
    let rules = Rules::orthodox();
    for fen in ["8/8/knb5/npq5/1br5/rP1K4/8/8 b - - 0 1", "8/1b6/kn6/npq5/rbr5/1P1K4/8/8 b - - 0 1"] {
        let pos = try_position(&rules, fen).expect("a legal position");
        assert!(!series_help_mates(&rules, &pos, 2), "{fen}: ser-h#3 reached");
        assert!(!reachable(&pos, Goal::Mate, Color::Black, 1, 2), "{fen}: the picture says a mate may be reached");
    }
}

#[test]
fn a_check_that_pieces_standing_by_would_parry_is_no_mate() {
    // Met while solving Popeye's intell_97 (Geissler, h#7), Black to play one move and White then to mate: Ka8,
    // Qa7, Rh8 against Kg3, Bb1. The picture used to see 1...Rb8 and a bishop's check on the long diagonal (b7
    // then observed); but the queen next to b7, the pawn c7 one step from c6 and the rook d4 next to d5 and e4
    // all stand ready to interpose or take, and one black move can take only one of them away. Brute force
    // agrees: no helpmate in one.
    let rules = Rules::orthodox();
    let fen = "k6r/q1p5/8/8/3r4/6K1/8/1B4n1 b - - 0 1";
    let pos = try_position(&rules, fen).expect("a legal position");
    assert!(!help_reaches(&rules, &pos, 2, Goal::Mate), "{fen}: h#1 reached");
    assert!(!reachable(&pos, Goal::Mate, Color::Black, 1, 1), "{fen}: the picture says a mate may be reached");
}

/// Whether `pos` (its side to move) is mated.
fn mated(rules: &Rules, pos: &Position, buf: &mut stipula::moves::MoveList) -> bool {
    rules.in_check(pos, pos.side()) && !rules.has_legal_move(pos, buf)
}

#[test]
fn every_mate_that_random_play_reaches_is_a_picture() {
    // Random games from crowded boards, and random series of one side's moves (the other passing, no check
    // before the last): wherever the line can end in mate, every position on the way must be declared able to
    // reach it, with the moves the line had left. Mates of every kind come up: discovered and double checks,
    // pinned pieces that cannot interpose, checkers next to the king guarded or not, promotions.
    let rules = Rules::orthodox();
    let mut rng = Rng(0x5EED_0018);
    let mut buf = Vec::new();
    let (mut help, mut series) = (0u32, 0u32);
    for game in 0..200_000 {
        let board = crowded_board(&mut rng);
        let side = if rng.below(2) == 0 { "w" } else { "b" };
        let Some(start) = legal_position(&rules, &board, side) else { continue };
        let serial = game % 3 == 0;
        // The series side may not stand in check when its opponent passes.
        if serial && rules.in_check(&start, start.side()) {
            continue;
        }
        let plies = rng.below(if serial { 4 } else { 5 });
        let mut line = vec![start];
        for _ in 0..plies {
            let pos = line.last().expect("a position");
            let mut children = Vec::new();
            rules.for_each_legal(pos, &mut buf, |_, after| {
                // A series move gives no check (the opponent would have to answer it).
                if !serial || !rules.in_check(&after, after.side()) {
                    children.push(after);
                }
            });
            if children.is_empty() {
                break;
            }
            let next = children.swap_remove(rng.below(children.len()));
            line.push(if serial { next.null_move() } else { next });
        }
        // The mating moves from the last position, each checked along the whole line.
        let last = line.last().expect("a position").clone();
        let mut mates = 0;
        if serial {
            // The series side has played; its opponent mates it.
            let opponent = last.null_move();
            rules.for_each_legal(&opponent, &mut buf.clone(), |_, after| {
                mates += u32::from(mated(&rules, &after, &mut Vec::new()))
            });
        } else {
            rules.for_each_legal(&last, &mut buf.clone(), |_, after| {
                mates += u32::from(mated(&rules, &after, &mut Vec::new()))
            });
        }
        if mates == 0 {
            continue;
        }
        let n = line.len() - 1;
        for (i, pos) in line.iter().enumerate() {
            let (victim, moves, victim_moves) = if serial {
                (pos.side(), 1, (n - i) as u32)
            } else {
                let left = (n - i + 1) as u32;
                let mover = if left % 2 == 1 { pos.side() } else { pos.side().opposite() };
                let (mine, theirs) = (left.div_ceil(2), left / 2);
                (
                    mover.opposite(),
                    if pos.side() == mover { mine } else { theirs },
                    if pos.side() == mover { theirs } else { mine },
                )
            };
            assert!(
                reachable(pos, Goal::Mate, victim, moves, victim_moves),
                "{pos:?}: {moves}+{victim_moves} moves from a mate of {victim:?} (line {line:?})"
            );
        }
        if serial {
            series += 1;
        } else {
            help += 1;
        }
    }
    assert!(help >= 300 && series >= 100, "only {help} help and {series} series lines end in mate: too few to check");
}
