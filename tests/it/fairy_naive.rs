//! Fast against naive: for every registered kind, thousands of seeded random boards on which the compiled
//! walks (`CompiledWalk::for_each_target`), the observation service (`Rules::observers`) and the legal move
//! generator (`Rules::legal_moves`) must agree exactly with `stipula::naive`, the slow interpreter of the walk
//! atoms; so must the pawns' walk moves for either side (`Rules::walk_moves`, what `stipula explain` asks).

use stipula::input::fen::board_to_fen;
use stipula::moves::Move;
use stipula::naive::{in_check_naive, legal_moves_naive, observers_naive, pawn_moves_naive, targets_naive};
use stipula::pieces::Placed;
use stipula::position::{castle, Position};
use stipula::{Color, Kind, Piece, Rules, Square, PIECES};

/// splitmix64: small, seeded, good enough to spread pieces over a board.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, one_in: u64) -> bool {
        self.below(one_in) == 0
    }
    fn color(&mut self) -> Color {
        if self.chance(2) {
            Color::White
        } else {
            Color::Black
        }
    }
}

fn fen(pos: &Position) -> String {
    let placed: Vec<Placed> = pos.pieces().map(|(square, p)| Placed::new(p.color, p.kind, square)).collect();
    let side = if pos.side() == Color::White { 'w' } else { 'b' };
    let ep = pos.ep_square().map_or("-".to_string(), |s| s.to_string());
    format!("{} {side} castling={:04b} ep={ep}", board_to_fen(&placed), pos.castling())
}

fn random_empty(rng: &mut Rng, pos: &Position, ranks: std::ops::Range<u8>) -> Square {
    loop {
        let s =
            Square::from_coords(rng.below(8) as u8, ranks.start + rng.below((ranks.end - ranks.start) as u64) as u8);
        if pos.piece_at(s).is_none() {
            return s;
        }
    }
}

fn place(rng: &mut Rng, pos: &mut Position, color: Color, kind: Kind) {
    // Pawns never on the first or last rank; other pieces prefer the edges a third of the time (locusts and
    // hoppers behave differently there: seed 003, diagram D).
    let s = if kind == Kind::PAWN {
        random_empty(rng, pos, 1..7)
    } else if rng.chance(3) {
        loop {
            let s = random_empty(rng, pos, 0..8);
            if s.file() == 0 || s.file() == 7 || s.rank() == 0 || s.rank() == 7 {
                break s;
            }
        }
    } else {
        random_empty(rng, pos, 0..8)
    };
    pos.put(s, Piece::new(color, kind));
}

/// Two kings, one to three pieces of `focus`, up to `extra` more pieces of random kinds and colours, sometimes
/// castling rights (kings and rooks on their home squares) and an en-passant square.
fn random_position(rng: &mut Rng, focus: Kind, extra: u64) -> Position {
    let mut pos = Position::empty();
    let castling = rng.chance(4);
    if castling {
        let mut rights = 0;
        pos.put(Square::from_coords(4, 0), Piece::new(Color::White, Kind::KING));
        pos.put(Square::from_coords(4, 7), Piece::new(Color::Black, Kind::KING));
        for (f, r, bit) in [(7, 0, castle::WK), (0, 0, castle::WQ), (7, 7, castle::BK), (0, 7, castle::BQ)] {
            if rng.chance(2) {
                let color = if r == 0 { Color::White } else { Color::Black };
                pos.put(Square::from_coords(f, r), Piece::new(color, Kind::ROOK));
                rights |= bit;
            }
        }
        pos.set_castling(rights);
    } else {
        place(rng, &mut pos, Color::White, Kind::KING);
        place(rng, &mut pos, Color::Black, Kind::KING);
    }
    // One king per side (the king is every position's focus anyway).
    let focus_count = if focus == Kind::KING { 0 } else { 1 + rng.below(3) };
    for _ in 0..focus_count {
        let c = rng.color();
        place(rng, &mut pos, c, focus);
    }
    for _ in 0..rng.below(extra + 1) {
        let kind = Kind(1 + rng.below(PIECES.len() as u64 - 1) as u8);
        let c = rng.color();
        place(rng, &mut pos, c, kind);
    }
    let side = rng.color();
    pos.set_side(side);
    if rng.chance(3) {
        // An en-passant square behind an enemy pawn that may just have made its double step.
        let them = side.opposite();
        let (pawn_rank, ep_rank, start_rank) = if them == Color::Black { (4, 5, 6) } else { (3, 2, 1) };
        let candidates: Vec<Square> = (0..8)
            .map(|f| Square::from_coords(f, pawn_rank))
            .filter(|&s| pos.piece_at(s) == Some(Piece::new(them, Kind::PAWN)))
            .filter(|&s| {
                pos.piece_at(Square::from_coords(s.file(), ep_rank)).is_none()
                    && pos.piece_at(Square::from_coords(s.file(), start_rank)).is_none()
            })
            .collect();
        if !candidates.is_empty() {
            let s = candidates[rng.below(candidates.len() as u64) as usize];
            pos.set_ep(Some(Square::from_coords(s.file(), ep_rank)));
        }
    }
    pos
}

fn rules_for(pos: &Position) -> Rules {
    Rules::new(pos.pieces().map(|(_, p)| p.kind), Vec::new())
}

fn fast_targets(rules: &Rules, pos: &Position, from: Square) -> Vec<(Square, Option<Square>)> {
    let p = pos.piece_at(from).unwrap();
    let mut out = Vec::new();
    rules.walks.get(p.kind).for_each_target(pos, p.color, from, |to, cap| out.push((to, cap)));
    out.sort(); // no dedup: a move generated twice is a bug
    out
}

fn fast_observers(rules: &Rules, pos: &Position, sq: Square, by: Color) -> Vec<Square> {
    rules.observers(pos, sq, by).collect()
}

fn fast_legal(rules: &Rules, pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    rules.legal_moves(pos, &mut out);
    out.sort();
    out
}

/// Compares everything on one position; returns a description of the first disagreement.
fn compare(pos: &Position) -> Result<bool, String> {
    let rules = rules_for(pos);
    for (from, p) in pos.pieces() {
        // Pawns, and the orphan and friend (whose walks the move generator finds), by their walk moves.
        if p.kind.borrows().is_some() {
            let mut fast: Vec<_> = rules.walk_moves(pos, from).iter().map(|m| (m.to, m.capture())).collect();
            fast.sort(); // no dedup: a move generated twice is a bug
            let naive = targets_naive(pos, from);
            if fast != naive {
                return Err(format!("walk moves of {p:?} on {from}: fast {fast:?}, naive {naive:?}"));
            }
            continue;
        }
        if p.kind.pawn_walk().is_some() {
            let mut fast = rules.walk_moves(pos, from);
            fast.sort();
            let naive = pawn_moves_naive(pos, from, &rules.promotions);
            if fast != naive {
                return Err(format!("walk moves of {p:?} on {from}: fast {fast:?}, naive {naive:?}"));
            }
            continue;
        }
        let (fast, naive) = (fast_targets(&rules, pos, from), targets_naive(pos, from));
        if fast != naive {
            return Err(format!("targets of {p:?} on {from}: fast {fast:?}, naive {naive:?}"));
        }
    }
    for sq in Square::all() {
        for by in Color::ALL {
            let (fast, naive) = (fast_observers(&rules, pos, sq, by), observers_naive(pos, sq, by));
            if fast != naive {
                return Err(format!("observers of {sq} by {}: fast {fast:?}, naive {naive:?}", by.name()));
            }
        }
    }
    for c in Color::ALL {
        if rules.in_check(pos, c) != in_check_naive(pos, c) {
            return Err(format!("in_check({}) differs", c.name()));
        }
    }
    if in_check_naive(pos, pos.side().opposite()) {
        return Ok(false);
    }
    let (fast, naive) = (fast_legal(&rules, pos), legal_moves_naive(pos, &rules.promotions));
    if fast != naive {
        let only_fast: Vec<_> = fast.iter().filter(|m| !naive.contains(m)).collect();
        let only_naive: Vec<_> = naive.iter().filter(|m| !fast.contains(m)).collect();
        return Err(format!("legal moves: only fast {only_fast:?}, only naive {only_naive:?}"));
    }
    Ok(true)
}

fn run(seed: u64, per_kind: usize, extra: u64) {
    let mut failures = Vec::new();
    let mut legal_checked = 0;
    for kind in Kind::all() {
        let mut rng = Rng(seed ^ (kind.0 as u64) << 32);
        for i in 0..per_kind {
            let pos = random_position(&mut rng, kind, extra);
            match compare(&pos) {
                Ok(true) => legal_checked += 1,
                Ok(false) => {}
                Err(e) => failures.push(format!("{kind:?} #{i}: {}\n    {e}", fen(&pos))),
            }
        }
    }
    println!("{} positions, legal moves compared on {legal_checked}", per_kind * PIECES.len());
    assert!(
        failures.is_empty(),
        "{} disagreements, first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(8)].join("\n")
    );
    assert!(
        legal_checked > per_kind * PIECES.len() / 3,
        "too few positions with the side not to move out of check: {legal_checked}"
    );
}

#[test]
fn sparse_boards_every_kind() {
    run(0x5EED_0001, 400, 6);
}

#[test]
fn dense_boards_every_kind() {
    run(0x5EED_0002, 250, 18);
}

// Hand-made cases the rules name.

fn board(pieces: &[(&str, Color, Kind)], side: Color) -> Position {
    let mut pos = Position::empty();
    for &(s, c, k) in pieces {
        pos.put(Square::parse(s).unwrap(), Piece::new(c, k));
    }
    pos.set_side(side);
    pos
}

fn s(name: &str) -> Square {
    Square::parse(name).unwrap()
}

use Color::{Black as B, White as W};

#[test]
fn locust_does_not_observe_a_piece_on_the_edge() {
    // Seed 003, diagram D: the locust h7 observes c2 (b1 behind it is empty); the locust c2 does not observe
    // h7, behind which there is no square.
    let pos =
        board(&[("a1", W, Kind::KING), ("a8", B, Kind::KING), ("c2", W, Kind::LOCUST), ("h7", B, Kind::LOCUST)], B);
    let rules = rules_for(&pos);
    assert_eq!(fast_observers(&rules, &pos, s("c2"), B), vec![s("h7")]);
    assert!(fast_observers(&rules, &pos, s("h7"), W).is_empty());
    assert_eq!(compare(&pos), Ok(true));
}

#[test]
fn grasshopper_needs_a_hurdle_and_observes_only_landing_squares() {
    // Seed 003: the grasshopper observes only the square just beyond its hurdle.
    let pos =
        board(&[("a1", W, Kind::KING), ("h8", B, Kind::KING), ("d4", W, Kind::GRASSHOPPER), ("d6", B, Kind::ROOK)], W);
    let rules = rules_for(&pos);
    assert_eq!(fast_observers(&rules, &pos, s("d7"), W), vec![s("d4")]);
    assert!(fast_observers(&rules, &pos, s("d6"), W).is_empty());
    assert!(fast_observers(&rules, &pos, s("d8"), W).is_empty());
    assert_eq!(compare(&pos), Ok(true));
}

#[test]
fn lame_alibaba_is_blocked_by_the_middle_square() {
    // Seed 004: the lame alibaba's two-square step needs the intermediate square empty.
    let la = Kind::from_code("LA").unwrap();
    let pos = board(
        &[("a1", W, Kind::KING), ("h8", B, Kind::KING), ("d4", W, la), ("d5", B, Kind::PAWN), ("e5", W, Kind::PAWN)],
        W,
    );
    let rules = rules_for(&pos);
    let t: Vec<Square> = fast_targets(&rules, &pos, s("d4")).into_iter().map(|(to, _)| to).collect();
    assert!(!t.contains(&s("d6")) && !t.contains(&s("f6")));
    assert!(t.contains(&s("b6")) && t.contains(&s("d2")) && t.contains(&s("f4")));
    assert_eq!(compare(&pos), Ok(true));
}

/// The moves of one piece on a board, as squares (`d4d3`, `d4d7` for a capture written as its arrival).
fn moves_of(pieces: &[(&str, Color, &str)], from: &str) -> Vec<String> {
    let placed: Vec<(&str, Color, Kind)> =
        pieces.iter().map(|&(s, c, code)| (s, c, Kind::from_code(code).unwrap())).collect();
    let pos = board(&placed, W);
    assert_eq!(compare(&pos), Ok(true));
    let rules = rules_for(&pos);
    let mut out: Vec<String> = fast_targets(&rules, &pos, s(from)).iter().map(|(to, _)| to.to_string()).collect();
    out.sort();
    out
}

/// Popeye 4.104's moves of a rose, a pao, an equihopper, a bouncer and a lion, each the only fairy piece on its
/// board: its output for `Stipulation ~1` (every White first move) on these positions.
#[test]
fn fairy_walks_move_as_popeye_moves_them() {
    // Pieces White Ka1 Rod4 Black Kh8 Pa2: 1.ROd4-d8, -g7, -a7, -e6, -c6, -f5, -b5, -h4, -f3, -b3, -e2, -c2, -g1.
    let rose = moves_of(&[("a1", W, "K"), ("d4", W, "RO"), ("h8", B, "K"), ("a2", B, "P")], "d4");
    assert_eq!(rose, ["a7", "b3", "b5", "c2", "c6", "d8", "e2", "e6", "f3", "f5", "g1", "g7", "h4"]);
    // Pieces White Kh1 PAd4 Pd6 Black Kh8 Pd2 Sd7 Sb4: 1.PAd4-d3, -c4, *d7, -d5, -h4, -g4, -f4, -e4.
    let pao = moves_of(
        &[
            ("h1", W, "K"),
            ("d4", W, "PA"),
            ("d6", W, "P"),
            ("h8", B, "K"),
            ("d2", B, "P"),
            ("d7", B, "S"),
            ("b4", B, "S"),
        ],
        "d4",
    );
    assert_eq!(pao, ["c4", "d3", "d5", "d7", "e4", "f4", "g4", "h4"]);
    // Pieces White Kh1 EQc3 Pe5 Black Kh8 Pe3 Pc4: 1.EQc3-g3, -c5, -g7.
    let equihopper = moves_of(
        &[("h1", W, "K"), ("c3", W, "EQ"), ("e5", W, "P"), ("h8", B, "K"), ("e3", B, "P"), ("c4", B, "P")],
        "c3",
    );
    assert_eq!(equihopper, ["c5", "g3", "g7"]);
    // Pieces White Kh1 B1c3 Pe5 Black Kh8 Pe3 Pa5: 1.B1c3-a3, -c6, -e1, -a1.
    let bouncer = moves_of(
        &[("h1", W, "K"), ("c3", W, "B1"), ("e5", W, "P"), ("h8", B, "K"), ("e3", B, "P"), ("a5", B, "P")],
        "c3",
    );
    assert_eq!(bouncer, ["a1", "a3", "c6", "e1"]);
    // Pieces White Kh1 LIc3 Pe5 Black Kh8 Pg7 Pc6 Sc7: 1.LIc3*g7, -f6, *c7.
    let lion = moves_of(
        &[
            ("h1", W, "K"),
            ("c3", W, "LI"),
            ("e5", W, "P"),
            ("h8", B, "K"),
            ("g7", B, "P"),
            ("c6", B, "P"),
            ("c7", B, "S"),
        ],
        "c3",
    );
    assert_eq!(lion, ["c7", "f6", "g7"]);
}

/// The moves of the orphan or friend on `from`, as arrival squares (their walks are found by the move generator).
fn borrowed_moves_of(pieces: &[(&str, Color, &str)], from: &str) -> Vec<String> {
    let placed: Vec<(&str, Color, Kind)> =
        pieces.iter().map(|&(s, c, code)| (s, c, Kind::from_code(code).unwrap())).collect();
    let pos = board(&placed, W);
    assert_eq!(compare(&pos), Ok(true));
    let mut out: Vec<String> = rules_for(&pos).walk_moves(&pos, s(from)).iter().map(|m| m.to.to_string()).collect();
    out.sort();
    out
}

/// Popeye 4.104's moves of orphans and friends: its output for `Stipulation ~1` (every White first move).
#[test]
fn orphans_and_friends_move_as_popeye_moves_them() {
    // Pieces White Kh1 Od4 Of6 Bb8 Black Kh5 Sb5 Oh8 Oa7: the knight b5 lends its walk to Od4 directly, the white
    // bishop b8 through the black orphan a7 (which observes d4 as a bishop): 1.Od4*a7, -e6, -c6, -b6, -f5, -e5,
    // -c5, *b5, -f3, -e3, -c3, -b3, -f2, -e2, -c2, -b2, -g1, -a1; Of6 does not move.
    let pieces = [
        ("h1", W, "K"),
        ("d4", W, "O"),
        ("f6", W, "O"),
        ("b8", W, "B"),
        ("h5", B, "K"),
        ("b5", B, "S"),
        ("h8", B, "O"),
        ("a7", B, "O"),
    ];
    let orphan = borrowed_moves_of(&pieces, "d4");
    let popeye =
        ["a1", "a7", "b2", "b3", "b5", "b6", "c2", "c3", "c5", "c6", "e2", "e3", "e5", "e6", "f2", "f3", "f5", "g1"];
    assert_eq!(orphan, popeye);
    assert!(borrowed_moves_of(&pieces, "f6").is_empty());
    // Pieces White Kh1 Fd4 Sb3 Rd8 Ff6 Bh8 Black Ka6 Pb6: Fd4 is guarded by the rook and the knight, and as a
    // bishop by the friend f6, which the bishop h8 guards: 1.Fd4-d7, -e6, -d6, -c6, *b6, -f5, -e5, -d5, -c5, -b5,
    // -h4, -g4, -f4, -e4, -c4, -b4, -a4, -f3, -e3, -d3, -c3, -f2, -e2, -d2, -c2, -b2, -g1, -d1, -a1; 1.Ff6-g7, -e7,
    // -g5, -e5, -h4.
    let pieces = [
        ("h1", W, "K"),
        ("d4", W, "F"),
        ("b3", W, "S"),
        ("d8", W, "R"),
        ("f6", W, "F"),
        ("h8", W, "B"),
        ("a6", B, "K"),
        ("b6", B, "P"),
    ];
    let friend = borrowed_moves_of(&pieces, "d4");
    let popeye = [
        "a1", "a4", "b2", "b4", "b5", "b6", "c2", "c3", "c4", "c5", "c6", "d1", "d2", "d3", "d5", "d6", "d7", "e2",
        "e3", "e4", "e5", "e6", "f2", "f3", "f4", "f5", "g1", "g4", "h4",
    ];
    assert_eq!(friend, popeye);
    assert_eq!(borrowed_moves_of(&pieces, "f6"), ["e5", "e7", "g5", "g7", "h4"]);
}
