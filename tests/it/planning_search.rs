//! The planning search (`stipula::solve::plan`) must find exactly what the plain search finds: on seeded random
//! orthodox positions, from sparse boards to crowded ones, with castling rights and en-passant squares, every
//! family it serves (`h#`, `h#n.5`, `h=`, `ser-#`, `ser-=`, `ser-h#`, `ser-h=`) and lengths of one to four
//! (half-moves in help play), the solution sets of the search with and without planning must be equal. The plain
//! search is the reference (it searches every legal line; its goal-picture bound is checked against brute force in
//! `tests/goal_picture.rs`). Each test also counts the solutions it compared, so that a test with too little to
//! compare fails too.

use std::sync::atomic::AtomicBool;
use stipula::movegen::Rules;
use stipula::moves::Move;
use stipula::position::Position;
use stipula::problem::Goal;
use stipula::solve::plan::distance::Distances;
use stipula::solve::plan::{Plan, Track};
use stipula::solve::{Search, SeriesEnd, Table};
use stipula::square::Color;

use crate::playout;
use playout::{board_fen, try_position, Rng};

/// Puts `c` on a free square of `squares` (pawns not on the first or last rank), if one is found.
fn put(board: &mut [Option<char>; 64], c: char, squares: &[usize], rng: &mut Rng) -> Option<usize> {
    for _ in 0..100 {
        let s = squares[rng.below(squares.len())];
        if board[s].is_none() && (!c.eq_ignore_ascii_case(&'p') || (8..56).contains(&s)) {
            board[s] = Some(c);
            return Some(s);
        }
    }
    None
}

/// A random legal position: both kings apart, then pieces anywhere (sparse) or crowded around one king, now and
/// then kings and rooks on their castling squares with the rights, or a pawn that has just made its double step
/// beside an enemy pawn (the en-passant square set). The side not to move is not in check.
fn random_position(rules: &Rules, rng: &mut Rng, crowded: bool) -> Option<Position> {
    let mut board = [None::<char>; 64];
    let all: Vec<usize> = (0..64).collect();
    let mut castling = String::new();
    // Castling: a king on its square and a rook in a corner, with the right.
    for (king, rooks, letters) in [('K', [(7usize, 'K'), (0, 'Q')], 4usize), ('k', [(63, 'k'), (56, 'q')], 60)] {
        if rng.below(4) == 0 {
            board[letters] = Some(king);
            for (corner, right) in rooks {
                if rng.below(2) == 0 {
                    board[corner] = Some(if king == 'K' { 'R' } else { 'r' });
                    castling.push(right);
                }
            }
        }
    }
    if !board.contains(&Some('K')) {
        put(&mut board, 'K', &all, rng)?;
    }
    if !board.contains(&Some('k')) {
        put(&mut board, 'k', &all, rng)?;
    }
    let side = if rng.below(2) == 0 { 'w' } else { 'b' };
    if crowded {
        // One king among its own pieces, the other side's pieces near it.
        let (victim, own, other) =
            if rng.below(2) == 0 { ('k', "ppppbbnnrq", "QRRBBNNPP") } else { ('K', "PPPPBBNNRQ", "qrrbbnnpp") };
        let king = board.iter().position(|c| *c == Some(victim))?;
        let near: Vec<usize> = (0..64)
            .filter(|&s| s != king && (s % 8).abs_diff(king % 8) <= 2 && (s / 8).abs_diff(king / 8) <= 2)
            .collect();
        for _ in 0..3 + rng.below(5) {
            put(&mut board, own.as_bytes()[rng.below(own.len())] as char, &near, rng);
        }
        let around: Vec<usize> =
            (0..64usize).filter(|&s| (s % 8).abs_diff(king % 8) <= 3 && (s / 8).abs_diff(king / 8) <= 3).collect();
        for _ in 0..1 + rng.below(4) {
            put(&mut board, other.as_bytes()[rng.below(other.len())] as char, &around, rng);
        }
        // Now and then a pin: a piece of the king's on one of its lines, a rider of the other side behind it.
        if rng.below(2) == 0 {
            let (df, dr) = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)][rng.below(8)];
            let at = |d: i32| {
                let (f, r) = ((king % 8) as i32 + d * df, (king / 8) as i32 + d * dr);
                ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as usize)
            };
            let near = 1 + rng.below(2) as i32;
            let far = near + 1 + rng.below(3) as i32;
            let rider = if df == 0 || dr == 0 { "QR" } else { "QB" };
            let rider = rider.as_bytes()[rng.below(2)] as char;
            let rider = if victim == 'k' { rider } else { rider.to_ascii_lowercase() };
            if let (Some(a), Some(b)) = (at(near), at(far)) {
                if board[a].is_none() && board[b].is_none() {
                    put(&mut board, own.as_bytes()[rng.below(own.len())] as char, &[a], rng);
                    board[b] = Some(rider);
                }
            }
        }
    } else {
        let pieces = "QRRBBNNPPPPqrrbbnnpppp".as_bytes();
        for _ in 0..1 + rng.below(6) {
            put(&mut board, pieces[rng.below(pieces.len())] as char, &all, rng);
        }
    }
    // En passant: the side not to move has just made a double step beside a pawn of the side to move.
    let mut ep = String::new();
    if rng.below(4) == 0 {
        let (pawn, enemy, rank, step): (char, char, usize, i32) =
            if side == 'w' { ('p', 'P', 4, 8) } else { ('P', 'p', 3, -8) };
        let file = rng.below(8);
        let at = rank * 8 + file;
        let (behind, start) = ((at as i32 + step) as usize, (at as i32 + 2 * step) as usize);
        let beside = [file.checked_sub(1), (file < 7).then_some(file + 1)];
        if let Some(b) = beside.iter().flatten().map(|f| rank * 8 + f).find(|&s| board[s].is_none()) {
            if board[at].is_none() && board[behind].is_none() && board[start].is_none() {
                board[at] = Some(pawn);
                board[b] = Some(enemy);
                ep = format!("{}{}", (b'a' + file as u8) as char, if side == 'w' { 6 } else { 3 });
            }
        }
    }
    let field = |f: &str| if f.is_empty() { "-".to_string() } else { f.to_string() };
    let pos = try_position(rules, &board_fen(&board, &side.to_string(), &field(&castling), &field(&ep)))?;
    let (w, b) = (pos.king(Color::White)?, pos.king(Color::Black)?);
    let apart = w.file().abs_diff(b.file()) > 1 || w.rank().abs_diff(b.rank()) > 1;
    (apart && !rules.in_check(&pos, pos.side().opposite())).then_some(pos)
}

type Lines = Vec<Vec<Move>>;

/// The lines of the planning search, of the plain search bounded by the goal picture, and of the plain search
/// alone, each sorted.
fn searches(rules: &Rules, tables: &[Table; 3], goal: Goal, solve: impl Fn(&Search) -> Lines) -> [Lines; 3] {
    let stop = AtomicBool::new(false);
    [(true, true), (false, true), (false, false)].map(|(planning, bound)| {
        let table = &tables[usize::from(!planning) + usize::from(!bound)];
        let search = Search::new(rules, table, goal, None, &stop).with_planning(planning).with_goal_picture(bound);
        let mut lines = solve(&search);
        lines.sort();
        lines
    })
}

/// Compares the two searches on `tries` random positions (`crowded` or sparse), for help play of one to four
/// half-moves (`help`) or series play of one to four moves (`series`, with the given end): every solution set
/// must agree. Returns how many solutions were compared.
fn compare(seed: u64, tries: usize, crowded: bool, goal: Goal, series: Option<SeriesEnd>, longest: u32) -> usize {
    let rules = Rules::orthodox();
    let mut rng = Rng(seed);
    let tables = [Table::new(16), Table::new(16), Table::new(16)];
    let (mut compared, mut tried) = (0, 0);
    while tried < tries {
        let Some(pos) = random_position(&rules, &mut rng, crowded) else { continue };
        tried += 1;
        for n in 1..=longest {
            let [planned, bounded, plain] = match series {
                None => searches(&rules, &tables, goal, |s| s.help_lines(&pos, n).expect("no time limit")),
                Some(end) => {
                    // A series side in check cannot start (its opponent would have to move).
                    if rules.in_check(&pos, pos.side()) {
                        break;
                    }
                    searches(&rules, &tables, goal, |s| s.series_lines(&pos, n, end, false).expect("no time limit"))
                }
            };
            let missing: Vec<_> = plain.iter().filter(|l| !planned.contains(l)).collect();
            let extra: Vec<_> = planned.iter().filter(|l| !plain.contains(l)).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{pos:?}: {goal:?} {series:?} length {n}: the planning search misses {missing:?}, adds {extra:?}"
            );
            assert_eq!(
                bounded, plain,
                "{pos:?}: {goal:?} {series:?} length {n}: the goal picture's bound lost a solution"
            );
            compared += plain.len();
        }
    }
    compared
}

#[test]
fn helpmates_agree() {
    let sparse = compare(0x9_1A2E_0001, 400, false, Goal::Mate, None, 4);
    let crowded = compare(0x9_1A2E_0002, 400, true, Goal::Mate, None, 4);
    assert!(sparse >= 50 && crowded >= 500, "only {sparse} sparse and {crowded} crowded helpmates compared");
}

/// Help play's shorter lengths take their plans from the full length's ([`Plan::within`]) when one searcher solves
/// them one after the other, longest first, as a problem's help play does: on random positions each length's
/// solutions must be the plain search's.
#[test]
fn shorter_lengths_from_the_full_lengths_plan_agree() {
    let rules = Rules::orthodox();
    let mut rng = Rng(0x9_1A2E_0009);
    let (planned_table, plain_table) = (Table::new(16), Table::new(16));
    let stop = AtomicBool::new(false);
    let (mut tried, mut compared) = (0, 0);
    while tried < 300 {
        let Some(pos) = random_position(&rules, &mut rng, tried % 2 == 0) else { continue };
        tried += 1;
        for goal in [Goal::Mate, Goal::Stalemate] {
            let planned = Search::new(&rules, &planned_table, goal, None, &stop).with_planning(true);
            let plain =
                Search::new(&rules, &plain_table, goal, None, &stop).with_planning(false).with_goal_picture(false);
            // As a problem's help play: the full length, then the shorter ones where the same side moves last.
            for n in [5, 3, 1, 4, 2] {
                let mut a = planned.help_lines(&pos, n).expect("no time limit");
                let mut b = plain.help_lines(&pos, n).expect("no time limit");
                a.sort();
                b.sort();
                assert_eq!(a, b, "{pos:?}: {goal:?} length {n} after the longer lengths: the planning search differs");
                compared += b.len();
            }
        }
    }
    assert!(compared >= 500, "only {compared} solutions compared");
}

#[test]
fn help_stalemates_agree() {
    let sparse = compare(0x9_1A2E_0003, 400, false, Goal::Stalemate, None, 4);
    let crowded = compare(0x9_1A2E_0004, 400, true, Goal::Stalemate, None, 4);
    assert!(sparse >= 20 && crowded >= 300, "only {sparse} sparse and {crowded} crowded help stalemates compared");
}

#[test]
fn series_mates_agree() {
    let direct = compare(0x9_1A2E_0005, 300, true, Goal::Mate, Some(SeriesEnd::Goal), 3);
    let help = compare(0x9_1A2E_0006, 300, true, Goal::Mate, Some(SeriesEnd::HelpGoal), 3);
    assert!(direct >= 100 && help >= 100, "only {direct} ser-# and {help} ser-h# solutions compared");
}

#[test]
fn series_stalemates_agree() {
    let direct = compare(0x9_1A2E_0007, 300, true, Goal::Stalemate, Some(SeriesEnd::Goal), 3);
    let help = compare(0x9_1A2E_0008, 300, true, Goal::Stalemate, Some(SeriesEnd::HelpGoal), 3);
    assert!(direct >= 500 && help >= 30, "only {direct} ser-= and {help} ser-h= solutions compared");
}

/// Whether the side to move in `pos` suffers `goal`.
fn suffers(rules: &Rules, pos: &Position, goal: Goal) -> bool {
    rules.in_check(pos, pos.side()) == (goal == Goal::Mate) && !rules.has_legal_move(pos, &mut Vec::new())
}

/// How a random line is played (see [`every_goal_random_play_reaches_fits_a_picture`]).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Play {
    Help,
    Series,
    SeriesHelp,
}

/// Follows `line` (moves and the positions before and after each) from `start` under the plan of `goal` against
/// `victim` with `budget` moves: some picture must stay alive after every move but the last, one that the final
/// position shows. `attacker_left[i]`: the moves the goal's side has after the line's `i`th move. False when the
/// planner does not apply.
fn follow(
    start: &Position,
    line: &[(Position, Move, Position)],
    goal: Goal,
    victim: Color,
    budget: [u32; 2],
    attacker_left: &[u32],
    detail: usize,
) -> bool {
    let dist = std::sync::Arc::new(Distances::new());
    let Some(plan) = Plan::with_detail(dist, start, goal, victim, budget, detail) else { return false };
    let mut track = Track::new(Some(std::sync::Arc::new(plan)));
    for (i, (before, m, after)) in line.iter().enumerate() {
        let last = i + 1 == line.len();
        let alive = track.enter(before, *m, after, (!last).then(|| attacker_left[i]));
        assert!(alive, "{start:?}: {goal:?} of {victim:?} in {budget:?} (detail {detail}), line {:?}: no picture alive after move {i}", line.iter().map(|l| l.1).collect::<Vec<_>>());
    }
    let end = &line.last().expect("a move").2;
    assert!(
        track.fits(end),
        "{start:?}: {goal:?} of {victim:?} in {budget:?} (detail {detail}), line {:?}: no picture shows {end:?}",
        line.iter().map(|l| l.1).collect::<Vec<_>>()
    );
    true
}

#[test]
fn every_goal_random_play_reaches_fits_a_picture() {
    // Random lines from random positions (sparse and crowded, with castling rights and en-passant squares): up to
    // three random half-moves of help play (or series moves, the other side passing, no check given), then each
    // move that mates or stalemates. Along each line the plan made at its start must keep a picture alive, one the
    // final position shows: mates with pins, interpositions, double and discovered checks, promotions and
    // castling among them. The coarser pictures the enumeration falls back to when the full ones are too many
    // are checked likewise.
    let rules = Rules::orthodox();
    let mut rng = Rng(0x9_1A2E_0009);
    let mut buf = Vec::new();
    let mut checked = [[0u32; 2]; 3];
    for game in 0..400_000 {
        let Some(start) = random_position(&rules, &mut rng, game % 3 != 0) else { continue };
        let play = [Play::Help, Play::Series, Play::SeriesHelp][game % 3];
        let goal = if game % 2 == 0 { Goal::Mate } else { Goal::Stalemate };
        if play != Play::Help && rules.in_check(&start, start.side()) {
            continue;
        }
        let random = rng.below(4) + usize::from(play == Play::SeriesHelp);
        // The line: (position before, move, position after); in series play the opponent passes after each move.
        let mut line: Vec<(Position, Move, Position)> = Vec::new();
        let mut pos = start.clone();
        for _ in 0..random {
            let mut moves = Vec::new();
            rules.for_each_legal(&pos, &mut buf, |m, after| {
                if play == Play::Help || !rules.in_check(&after, after.side()) {
                    moves.push((m, after));
                }
            });
            if moves.is_empty() {
                break;
            }
            let (m, after) = moves.swap_remove(rng.below(moves.len()));
            line.push((pos.clone(), m, after.clone()));
            pos = if play == Play::Help { after } else { after.null_move() };
        }
        if play == Play::SeriesHelp {
            if line.is_empty() {
                continue;
            }
            // The series side has moved; its opponent reaches the goal against it.
            pos = pos.null_move();
        }
        let mut finals = Vec::new();
        rules.for_each_legal(&pos, &mut buf, |m, after| {
            if suffers(&rules, &after, goal) {
                finals.push((m, after));
            }
        });
        for (m, after) in finals {
            let mut full = line.clone();
            full.push((pos.clone(), m, after));
            let n = full.len() as u32;
            // The victim, each side's moves, and the moves the goal's side has after each move of the line.
            let (victim, mut budget) =
                (if play == Play::Series { start.side().opposite() } else { full[full.len() - 1].2.side() }, [0; 2]);
            let left: Vec<u32> = match play {
                Play::Help => {
                    budget[victim.opposite().index()] = n.div_ceil(2);
                    budget[victim.index()] = n / 2;
                    (0..n).map(|i| (n - 1 - i).div_ceil(2)).collect()
                }
                Play::Series => {
                    budget[start.side().index()] = n;
                    (0..n).map(|i| n - 1 - i).collect()
                }
                Play::SeriesHelp => {
                    budget = [1; 2];
                    budget[start.side().index()] = n - 1;
                    vec![1; n as usize]
                }
            };
            // In full detail, and now and then in the coarser levels the enumeration falls back to.
            if follow(&start, &full, goal, victim, budget, &left, 0) {
                checked[play as usize][usize::from(goal == Goal::Stalemate)] += 1;
            }
            if game % 5 == 0 {
                follow(&start, &full, goal, victim, budget, &left, 1 + game % 2);
            }
        }
    }
    for (play, counts) in checked.iter().enumerate() {
        assert!(
            counts[0] >= 200 && counts[1] >= 20,
            "play {play}: only {} mates and {} stalemates checked",
            counts[0],
            counts[1]
        );
    }
}

/// The square of a name such as `e3`.
fn square(name: &str) -> stipula::square::Square {
    let b = name.as_bytes();
    stipula::square::Square::new((b[1] - b'1') * 8 + (b[0] - b'a'))
}

#[test]
fn a_checker_on_its_square_goes_away_and_comes_back() {
    // h#2.5 (constructed here; each move checked legal and the end checked mate by the move generator): White
    // Kh3, Rh8, Nc2; Black Kb2, Pa2, Nd2; White to move. 1.Nc2-e3 Kb2-a1 2.Rh8-b8 Nd2-b1 3.Ne3-c2#. The knight
    // stands on its mating square at the start: it needs two moves there (away and back), so the picture of this
    // mate takes all three of White's moves; counted as three, the line is lost.
    let rules = Rules::orthodox();
    let start = playout::position(&rules, "7R/8/8/8/8/7K/pkNn4/8 w - - 0 1");
    let mut line = Vec::new();
    let mut pos = start.clone();
    for (from, to) in [("c2", "e3"), ("b2", "a1"), ("h8", "b8"), ("d2", "b1"), ("e3", "c2")] {
        let mut found = None;
        rules.for_each_legal(&pos, &mut Vec::new(), |m, after| {
            if m.from == square(from) && m.to == square(to) {
                found = Some((m, after.clone()));
            }
        });
        let (m, after) = found.unwrap_or_else(|| panic!("{from}-{to} is not legal in {pos:?}"));
        line.push((pos.clone(), m, after.clone()));
        pos = after;
    }
    assert!(suffers(&rules, &pos, Goal::Mate), "the line does not end in mate");
    assert!(follow(&start, &line, Goal::Mate, Color::Black, [3, 2], &[2, 2, 1, 1], 0));
    let tables = [Table::new(16), Table::new(16), Table::new(16)];
    let [planned, _, plain] =
        searches(&rules, &tables, Goal::Mate, |s| s.help_lines(&start, 5).expect("no time limit"));
    let moves: Vec<Move> = line.iter().map(|l| l.1).collect();
    assert!(plain.contains(&moves), "the plain search misses the line: {plain:?}");
    assert_eq!(planned, plain);
}

/// The pictures are enumerated for each square of the victim's king in parallel: they come out in the same order,
/// and the same ones, whatever the threads. BEISPIEL-intell_8 (h#6, Torsten Linß, Schach 1/1986; 802 pictures)
/// and a stalemate of the same position, each in pools of one and of three threads.
#[test]
fn pictures_do_not_depend_on_the_threads() {
    use stipula::solve::plan::generate::{pictures, Start};
    let rules = Rules::orthodox();
    let pos = playout::position(&rules, "8/8/2pbkp2/2pnr3/4p3/8/4PK2/8 b - - 0 1");
    let start: Vec<Start> = pos.pieces().map(|(sq, p)| Start { color: p.color, kind: p.kind, sq }).collect();
    let dist = Distances::default();
    for mate in [true, false] {
        let enumerate = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a pool");
            let found = pool
                .install(|| pictures(&dist, &start, pos.castling(), Color::Black, mate, [6, 6], 0, u64::MAX))
                .expect("pictures");
            found.iter().map(|p| format!("{p:?}")).collect::<Vec<_>>()
        };
        let one = enumerate(1);
        assert!(one.len() > 100, "mate {mate}: only {} pictures", one.len());
        for _ in 0..3 {
            assert!(enumerate(3) == one, "mate {mate}: other pictures, or in another order, with three threads");
        }
    }
}
