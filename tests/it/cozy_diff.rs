//! Orthodox differential test against cozy-chess (MIT), an independent move generator: on thousands of seeded
//! random playouts from the published perft positions and a few more (promotions, en passant, castling), the
//! legal move sets and the positions after each move must be the same; perft must agree at small depths.

use stipula::movegen::perft::perft;
use stipula::movegen::Rules;
use stipula::moves::{Move, Special};
use stipula::position::{castle, Position};
use stipula::{Color, Kind, Square};

use cozy_chess as cz;

use crate::playout;
use playout::{position, Rng};

/// Start positions beside the wiki's ([`playout::PERFT_FENS`]): a few with promotions, en passant and castling
/// through attacked squares.
const MORE_FENS: &[&str] = &[
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/3q4/8/8/R3K2R w KQkq - 0 1",
    "1r2k2r/8/8/8/8/8/6p1/R3K2R b KQk - 0 1",
];

fn stipula_position(fen: &str) -> (Rules, Position) {
    let rules = Rules::orthodox();
    let pos = position(&rules, fen);
    (rules, pos)
}

fn sq(s: cz::Square) -> Square {
    Square::new(s as u8)
}

fn kind(p: cz::Piece) -> Kind {
    match p {
        cz::Piece::Pawn => Kind::PAWN,
        cz::Piece::Knight => Kind::KNIGHT,
        cz::Piece::Bishop => Kind::BISHOP,
        cz::Piece::Rook => Kind::ROOK,
        cz::Piece::Queen => Kind::QUEEN,
        cz::Piece::King => Kind::KING,
    }
}

fn color(c: cz::Color) -> Color {
    match c {
        cz::Color::White => Color::White,
        cz::Color::Black => Color::Black,
    }
}

/// A cozy move in stipula's terms: cozy writes castling as the king taking its own rook.
fn convert(board: &cz::Board, mv: cz::Move) -> Move {
    let (from, to) = (sq(mv.from), sq(mv.to));
    let piece = board.piece_on(mv.from).expect("a piece moves");
    let target = board.piece_on(mv.to);
    let own = board.color_on(mv.to) == Some(board.side_to_move());
    let m = if piece == cz::Piece::King && own && target == Some(cz::Piece::Rook) {
        let rank = from.rank();
        if to.file() > from.file() {
            Move::new(from, Square::from_coords(6, rank), None, Special::CastleShort)
        } else {
            Move::new(from, Square::from_coords(2, rank), None, Special::CastleLong)
        }
    } else if piece == cz::Piece::Pawn && from.file() != to.file() && target.is_none() {
        Move::new(from, to, Some(Square::from_coords(to.file(), from.rank())), Special::EnPassant)
    } else if piece == cz::Piece::Pawn && from.rank().abs_diff(to.rank()) == 2 {
        Move::new(from, to, None, Special::DoubleStep)
    } else {
        Move::new(from, to, target.map(|_| to), Special::None)
    };
    match mv.promotion {
        Some(p) => m.promoting(kind(p)),
        None => m,
    }
}

fn cozy_moves(board: &cz::Board) -> Vec<(Move, cz::Move)> {
    let mut out = Vec::new();
    board.generate_moves(|pm| {
        for mv in pm {
            out.push((convert(board, mv), mv));
        }
        false
    });
    out.sort_by_key(|(m, _)| *m);
    out
}

fn stipula_moves(rules: &Rules, pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    rules.legal_moves(pos, &mut out);
    out.sort();
    out
}

/// Placement, side to move and castling rights agree (cozy keeps the en-passant file only when a capture is
/// possible, so the move lists compare that part).
fn same_state(pos: &Position, board: &cz::Board) -> Result<(), String> {
    for s in cz::Square::ALL {
        let ours = pos.piece_at(sq(s)).map(|p| (p.color, p.kind));
        let theirs = board.piece_on(s).map(|p| (color(board.color_on(s).unwrap()), kind(p)));
        if ours != theirs {
            return Err(format!("{}: stipula {ours:?}, cozy {theirs:?}", sq(s)));
        }
    }
    if pos.side() != color(board.side_to_move()) {
        return Err("side to move".into());
    }
    let mut rights = 0;
    for (c, short, long) in [(cz::Color::White, castle::WK, castle::WQ), (cz::Color::Black, castle::BK, castle::BQ)] {
        let r = board.castle_rights(c);
        if r.short.is_some() {
            rights |= short;
        }
        if r.long.is_some() {
            rights |= long;
        }
    }
    if pos.castling() != rights {
        return Err(format!("castling: stipula {:04b}, cozy {rights:04b}", pos.castling()));
    }
    Ok(())
}

#[test]
fn random_playouts_agree_with_cozy() {
    let mut rng = Rng(0xC02E);
    let mut compared = 0;
    let mut filtered = 0u64;
    for fen in playout::PERFT_FENS.iter().chain(MORE_FENS) {
        let (rules, start) = stipula_position(fen);
        let cozy_start = cz::Board::from_fen(fen, false).unwrap();
        for game in 0..60 {
            let (mut pos, mut board) = (start.clone(), cozy_start.clone());
            for ply in 0..120 {
                let ours = stipula_moves(&rules, &pos);
                let theirs = cozy_moves(&board);
                let theirs_converted: Vec<Move> = theirs.iter().map(|(m, _)| *m).collect();
                if ours != theirs_converted {
                    let only_ours: Vec<_> = ours.iter().filter(|m| !theirs_converted.contains(m)).collect();
                    let only_cozy: Vec<_> = theirs_converted.iter().filter(|m| !ours.contains(m)).collect();
                    panic!(
                        "{fen}, game {game}, ply {ply}: {board}\n only stipula {only_ours:?}\n only cozy {only_cozy:?}"
                    );
                }
                compared += 1;
                // The fast "any legal move?" test of the mate and stalemate tests agrees with the full list.
                let mut buf = Vec::new();
                assert_eq!(
                    rules.has_legal_move(&pos, &mut buf),
                    !ours.is_empty(),
                    "{fen}, game {game}, ply {ply}\n{board}"
                );
                // The check filter of the mate searches never drops a checking move (cozy-chess says which
                // moves check), and it does drop quiet ones.
                let filter = rules.check_filter(&pos).expect("orthodox rules have a check filter");
                for (m, cm) in &theirs {
                    let mut b = board.clone();
                    b.play_unchecked(*cm);
                    let checks = !b.checkers().is_empty();
                    let may = filter.may_check(&pos, *m);
                    assert!(may || !checks, "{fen}, game {game}, ply {ply}: {m:?} checks but was filtered\n{board}");
                    filtered += (!may) as u64;
                }
                // Self play's "a legal reply that gives no check?", asked piece by piece without the full list,
                // answers as the legal moves the filter drops.
                let quiet = ours.iter().any(|&m| !filter.may_check(&pos, m));
                let node = rules.node(&pos);
                assert_eq!(
                    rules.has_quiet_legal_move(&pos, &filter, &node, &mut buf),
                    quiet,
                    "{fen}, game {game}, ply {ply}\n{board}"
                );
                // The generator of the last mating move gives exactly the moves the filter lets through.
                let mut pseudo = Vec::new();
                rules.pseudo_moves(&pos, &mut pseudo);
                pseudo.retain(|&m| filter.may_check(&pos, m));
                let mut checking = Vec::new();
                rules.checking_moves(&pos, &filter, &mut checking);
                assert_eq!(checking, pseudo, "{fen}, game {game}, ply {ply}: checking_moves\n{board}");
                if ours.is_empty() {
                    break;
                }
                let i = rng.below(ours.len());
                pos = rules.make(&pos, ours[i]);
                board.play_unchecked(theirs[i].1);
                if let Err(e) = same_state(&pos, &board) {
                    panic!("{fen}, game {game}, after ply {ply} ({:?}): {e}\n{board}", ours[i]);
                }
                assert_eq!(pos.key(), pos.key_from_scratch(), "incremental key after {:?}", ours[i]);
            }
        }
    }
    println!("{compared} positions compared with cozy-chess");
    assert!(compared > 20_000, "{compared} positions compared");
    assert!(filtered > 100_000, "the check filter dropped only {filtered} moves");
}

/// Perft without bulk counting: every leaf move is played.
fn cozy_perft(board: &cz::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    board.generate_moves(|pm| {
        for mv in pm {
            let mut b = board.clone();
            b.play_unchecked(mv);
            n += cozy_perft(&b, depth - 1);
        }
        false
    });
    n
}

#[test]
fn perft_agrees_with_cozy() {
    for fen in playout::PERFT_FENS.iter().chain(MORE_FENS) {
        let (rules, pos) = stipula_position(fen);
        let board = cz::Board::from_fen(fen, false).unwrap();
        for depth in 1..=3 {
            assert_eq!(perft(&rules, &pos, depth), cozy_perft(&board, depth), "{fen} depth {depth}");
        }
    }
}
