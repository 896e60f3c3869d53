//! The planning search (`stipula::solve::plan`) must find exactly what the plain search finds: on seeded random
//! orthodox positions, from sparse boards to crowded ones, with castling rights and en-passant squares, every
//! family it serves (`h#`, `h#n.5`, `h=`, `ser-#`, `ser-=`, `ser-h#`, `ser-h=`) and lengths of one to four
//! (half-moves in help play), the solution sets of the search with and without planning must be equal. The plain
//! search is the reference (it searches every legal line; its goal-picture bound is checked against brute force in
//! `tests/goal_picture.rs`). Each test also counts the solutions it compared, so that a test with too little to
//! compare fails too.

use stipula::moves::Move;
use stipula::movegen::Rules;
use stipula::position::Position;
use stipula::problem::Goal;
use stipula::solve::{Search, SeriesEnd, Table};
use stipula::square::Color;
use std::sync::atomic::AtomicBool;

mod playout;
use playout::{try_position, Rng};

/// The FEN of a board (one letter a square, rank 1 first) with `side` to move and the castling and en-passant
/// fields given.
fn fen_of(board: &[Option<char>; 64], side: char, castling: &str, ep: &str) -> String {
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
    format!("{fen} {side} {} {} 0 1", if castling.is_empty() { "-" } else { castling }, if ep.is_empty() { "-" } else { ep })
}

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
        let (victim, own, other) = if rng.below(2) == 0 { ('k', "ppppbbnnrq", "QRRBBNNPP") } else { ('K', "PPPPBBNNRQ", "qrrbbnnpp") };
        let king = board.iter().position(|c| *c == Some(victim))?;
        let near: Vec<usize> = (0..64).filter(|&s| s != king && (s % 8).abs_diff(king % 8) <= 2 && (s / 8).abs_diff(king / 8) <= 2).collect();
        for _ in 0..3 + rng.below(5) {
            put(&mut board, own.as_bytes()[rng.below(own.len())] as char, &near, rng);
        }
        let around: Vec<usize> = (0..64usize).filter(|&s| (s % 8).abs_diff(king % 8) <= 3 && (s / 8).abs_diff(king / 8) <= 3).collect();
        for _ in 0..1 + rng.below(4) {
            put(&mut board, other.as_bytes()[rng.below(other.len())] as char, &around, rng);
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
        let (pawn, enemy, rank, step): (char, char, usize, i32) = if side == 'w' { ('p', 'P', 4, 8) } else { ('P', 'p', 3, -8) };
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
    let pos = try_position(rules, &fen_of(&board, side, &castling, &ep))?;
    let (w, b) = (pos.king(Color::White)?, pos.king(Color::Black)?);
    let apart = w.file().abs_diff(b.file()) > 1 || w.rank().abs_diff(b.rank()) > 1;
    (apart && !rules.in_check(&pos, pos.side().opposite())).then_some(pos)
}

type Lines = Vec<Vec<Move>>;

/// The lines of the search with and without planning, each sorted.
fn both(rules: &Rules, tables: &[Table; 2], goal: Goal, solve: impl Fn(&Search) -> Lines) -> [Lines; 2] {
    let stop = AtomicBool::new(false);
    [true, false].map(|planning| {
        let search = Search::new(rules, &tables[usize::from(!planning)], goal, None, &stop).with_planning(planning);
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
    let tables = [Table::new(16), Table::new(16)];
    let (mut compared, mut tried) = (0, 0);
    while tried < tries {
        let Some(pos) = random_position(&rules, &mut rng, crowded) else { continue };
        tried += 1;
        for n in 1..=longest {
            let [planned, plain] = match series {
                None => both(&rules, &tables, goal, |s| s.help_lines(&pos, n).expect("no time limit")),
                Some(end) => {
                    // A series side in check cannot start (its opponent would have to move).
                    if rules.in_check(&pos, pos.side()) {
                        break;
                    }
                    both(&rules, &tables, goal, |s| s.series_lines(&pos, n, end, false).expect("no time limit"))
                }
            };
            assert_eq!(planned, plain, "{pos:?}: {goal:?} {series:?} length {n}: planned and plain searches differ");
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
    assert!(direct >= 50 && help >= 50, "only {direct} ser-= and {help} ser-h= solutions compared");
}
