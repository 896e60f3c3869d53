//! Piece attributes against the naive reference (`stipula::naive`, a literal reading of each attribute): on
//! seeded random positions and the random games played from them, the legal moves, check, the position after each
//! move (marks moved with their pieces) and the incremental key must agree with it.

use stipula::attacks::Occupancy;
use stipula::moves::Move;
use stipula::naive::NaiveBoard;
use stipula::pieces::Attrs;
use stipula::position::Position;
use stipula::{Color, Kind, Piece, Rules, Square, PIECES};

/// splitmix64.
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
}

fn empty_square(rng: &mut Rng, pos: &Position, kind: Kind) -> Square {
    loop {
        let rank = if kind == Kind::PAWN { 1 + rng.below(6) } else { rng.below(8) };
        let s = Square::from_coords(rng.below(8) as u8, rank as u8);
        if pos.piece_at(s).is_none() {
            return s;
        }
    }
}

fn random_kind(rng: &mut Rng) -> Kind {
    // Orthodox kinds half the time, else any kind of the registry but the king.
    // Not the fairy pawns, which stipula plays with neutral pieces only, and a marine pawn not with them.
    let kind = if rng.below(2) == 0 { Kind(rng.below(5) as u8) } else { Kind(rng.below(PIECES.len() as u64) as u8) }
        .max(Kind::PAWN);
    if kind.is_fairy_pawn() {
        Kind::PAWN
    } else {
        kind
    }
}

/// Each side's royal piece: a king a third of the time, else a piece of another kind with the royal attribute;
/// then up to eight more pieces.
fn royal_position(rng: &mut Rng) -> Position {
    let mut pos = Position::empty();
    for color in Color::ALL {
        let kind = if rng.below(3) == 0 { Kind::KING } else { random_kind(rng) };
        let kind = if kind == Kind::KING && rng.below(3) != 0 { Kind::QUEEN } else { kind };
        let s = empty_square(rng, &pos, kind);
        pos.put(s, Piece::new(color, kind));
        if kind != Kind::KING {
            assert!(pos.set_attrs(s, Attrs::ROYAL));
        }
    }
    for _ in 0..rng.below(9) {
        let mut kind = random_kind(rng);
        if kind == Kind::KING {
            kind = Kind::ROOK;
        }
        let color = if rng.below(2) == 0 { Color::White } else { Color::Black };
        let s = empty_square(rng, &pos, kind);
        pos.put(s, Piece::new(color, kind));
    }
    pos.set_side(if rng.below(2) == 0 { Color::White } else { Color::Black });
    pos
}

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort();
    v
}

/// Royal pieces: the legal moves and check of the move generator are the naive reference's, along random games
/// of up to six plies from 3 000 random positions (a side in check from the start is left out: no legal play).
#[test]
fn royal_pieces_agree_with_the_naive_reference() {
    let mut rng = Rng(0x0A77_0001);
    let mut compared = 0;
    let mut royal_moves = 0;
    for _ in 0..3000 {
        let mut pos = royal_position(&mut rng);
        let rules = Rules::new(pos.pieces().map(|(_, p)| p.kind), Vec::new()).with_attributes(Attrs::ROYAL);
        if rules.in_check(&pos, pos.side().opposite()) {
            continue;
        }
        for _ in 0..6 {
            let naive = NaiveBoard::from_position(&pos);
            assert_eq!(pos.key(), pos.key_from_scratch(), "{pos:?}");
            for color in Color::ALL {
                assert_eq!(rules.in_check(&pos, color), naive.in_check(color), "{color:?} in check in {pos:?}");
            }
            let mut fast = Vec::new();
            rules.legal_moves(&pos, &mut fast);
            let fast = sorted(fast);
            assert_eq!(fast, sorted(naive.legal_moves(&rules.promotions)), "legal moves of {pos:?}");
            compared += 1;
            if fast.is_empty() {
                break;
            }
            let mv = fast[rng.below(fast.len() as u64) as usize];
            royal_moves += pos.attrs_at(mv.from).has(Attrs::ROYAL) as u32;
            let after = rules.make(&pos, mv);
            assert_eq!(NaiveBoard::from_position(&after), naive.make(mv), "{mv:?} from {pos:?}");
            assert_eq!(after.key(), pos.key_after(mv), "key_after {mv:?} from {pos:?}");
            pos = after;
        }
    }
    assert!(compared > 5000 && royal_moves > 500, "{compared} positions, {royal_moves} royal moves");
}

/// A marked piece's mark moves with it and goes with it when it is taken, and the key follows.
#[test]
fn marks_move_with_their_pieces() {
    let sq = |s: &str| Square::parse(s).unwrap();
    let mut pos = Position::empty();
    pos.put(sq("b1"), Piece::new(Color::White, Kind::KNIGHT));
    pos.put(sq("c3"), Piece::new(Color::Black, Kind::BISHOP));
    assert!(pos.set_attrs(sq("b1"), Attrs::ROYAL));
    assert!(pos.set_attrs(sq("c3"), Attrs::ROYAL));
    let rules = Rules::new([Kind::KNIGHT, Kind::BISHOP], Vec::new()).with_attributes(Attrs::ROYAL);
    let mv = Move::new(sq("b1"), sq("c3"), Some(sq("c3")), stipula::moves::Special::None);
    let after = rules.make(&pos, mv);
    assert_eq!(after.marked(), sq("c3").bb());
    assert_eq!(after.king(Color::White), Some(sq("c3")));
    assert_eq!(after.king(Color::Black), None);
    assert_eq!(after.key(), after.key_from_scratch());
    assert_ne!(pos.key(), {
        let mut plain = pos.clone();
        plain.set_attrs(sq("b1"), Attrs::NONE);
        plain.key()
    });
    assert_eq!(pos.occupied().count(), 2);
}

/// Kings (a white and a black one, or a single neutral king, both sides' king) and up to nine more pieces, each
/// neutral half the time.
fn neutral_position(rng: &mut Rng) -> Position {
    let mut pos = Position::empty();
    if rng.below(4) == 0 {
        let s = empty_square(rng, &pos, Kind::KING);
        pos.put(s, Piece::new(Color::White, Kind::KING));
        assert!(pos.set_attrs(s, Attrs::NEUTRAL));
    } else {
        for color in Color::ALL {
            let s = empty_square(rng, &pos, Kind::KING);
            pos.put(s, Piece::new(color, Kind::KING));
        }
    }
    for _ in 0..1 + rng.below(9) {
        let mut kind = random_kind(rng);
        if kind == Kind::KING {
            kind = Kind::PAWN;
        }
        let color = if rng.below(2) == 0 { Color::White } else { Color::Black };
        let s = empty_square(rng, &pos, kind);
        pos.put(s, Piece::new(color, kind));
        if rng.below(2) == 0 {
            assert!(pos.set_attrs(s, Attrs::NEUTRAL));
        }
    }
    pos.set_side(if rng.below(2) == 0 { Color::White } else { Color::Black });
    pos
}

/// Neutral pieces (Popeye's colour `Neutral`): the legal moves, check, the position after each move and the key
/// of the move generator are the naive reference's (a neutral piece of both sides: it moves for the side to
/// move, either side takes it, it observes for both), along random games of up to eight plies from 3 000 random
/// positions; a neutral pawn's double step gives en passant to the other side.
#[test]
fn neutral_pieces_agree_with_the_naive_reference() {
    let mut rng = Rng(0x0A77_0002);
    let (mut compared, mut neutral_moves, mut neutral_taken) = (0, 0, 0);
    for _ in 0..3000 {
        let mut pos = neutral_position(&mut rng);
        let rules = Rules::new(pos.pieces().map(|(_, p)| p.kind), Vec::new()).with_attributes(Attrs::NEUTRAL);
        if rules.in_check(&pos, pos.side().opposite()) {
            continue;
        }
        for _ in 0..8 {
            let naive = NaiveBoard::from_position(&pos);
            assert_eq!(pos.key(), pos.key_from_scratch(), "{pos:?}");
            for color in Color::ALL {
                assert_eq!(rules.in_check(&pos, color), naive.in_check(color), "{color:?} in check in {pos:?}");
            }
            let mut fast = Vec::new();
            rules.legal_moves(&pos, &mut fast);
            let fast = sorted(fast);
            assert_eq!(fast, sorted(naive.legal_moves(&rules.promotions)), "legal moves of {pos:?}");
            let mut buf = Vec::new();
            assert_eq!(rules.has_legal_move(&pos, &mut buf), !fast.is_empty(), "{pos:?}");
            compared += 1;
            if fast.is_empty() {
                break;
            }
            let mv = fast[rng.below(fast.len() as u64) as usize];
            neutral_moves += pos.attrs_at(mv.from).has(Attrs::NEUTRAL) as u32;
            neutral_taken += mv.capture().is_some_and(|c| pos.attrs_at(c).has(Attrs::NEUTRAL)) as u32;
            let after = rules.make(&pos, mv);
            assert_eq!(NaiveBoard::from_position(&after), naive.make(mv), "{mv:?} from {pos:?}");
            assert_eq!(after.key(), pos.key_after(mv), "key_after {mv:?} from {pos:?}");
            pos = after;
        }
    }
    assert!(
        compared > 8000 && neutral_moves > 3000 && neutral_taken > 200,
        "{compared} positions, {neutral_moves} neutral moves, {neutral_taken} neutral pieces taken"
    );
}

/// Two kings and up to nine more pieces, each half-neutral half the time, and then neutral half the time.
fn half_neutral_position(rng: &mut Rng) -> Position {
    let mut pos = Position::empty();
    for color in Color::ALL {
        let s = empty_square(rng, &pos, Kind::KING);
        pos.put(s, Piece::new(color, Kind::KING));
    }
    for _ in 0..1 + rng.below(9) {
        let mut kind = random_kind(rng);
        if kind == Kind::KING {
            kind = Kind::PAWN;
        }
        let color = if rng.below(2) == 0 { Color::White } else { Color::Black };
        let s = empty_square(rng, &pos, kind);
        pos.put(s, Piece::new(color, kind));
        match rng.below(4) {
            0 => assert!(pos.set_attrs(s, Attrs::HALF_NEUTRAL)),
            1 => assert!(pos.set_attrs(s, Attrs::HALF_NEUTRAL.union(Attrs::NEUTRAL))),
            _ => {}
        }
    }
    pos.set_side(if rng.below(2) == 0 { Color::White } else { Color::Black });
    pos
}

/// Half-neutral pieces (Popeye's `pieces/attributes/neutral/half.c`): the legal moves, check, the position after
/// each move (a neutral half-neutral mover the mover's, one of a colour neutral) and the keys of the rules the
/// attribute brings are the naive reference's, along random games of up to eight plies from 3 000 random
/// positions; the key tells a neutral half-neutral piece from one of a colour.
#[test]
fn half_neutral_pieces_agree_with_the_naive_reference() {
    let mut rng = Rng(0x0A77_0005);
    let attrs = Attrs::HALF_NEUTRAL;
    let (mut compared, mut to_neutral, mut from_neutral) = (0, 0, 0);
    for _ in 0..3000 {
        let mut pos = half_neutral_position(&mut rng);
        let conds = stipula::conditions::attributes::for_attributes(attrs, false);
        let rules = Rules::new(pos.pieces().map(|(_, p)| p.kind), conds).with_attributes(attrs);
        if rules.in_check(&pos, pos.side().opposite()) {
            continue;
        }
        for _ in 0..8 {
            let naive = NaiveBoard::from_position(&pos);
            assert_eq!(pos.key(), pos.key_from_scratch(), "{pos:?}");
            for color in Color::ALL {
                assert_eq!(rules.in_check(&pos, color), naive.in_check(color), "{color:?} in check in {pos:?}");
            }
            let mut fast = Vec::new();
            rules.legal_moves(&pos, &mut fast);
            let fast = sorted(fast);
            assert_eq!(fast, sorted(naive.legal_moves(&rules.promotions)), "legal moves of {pos:?}");
            compared += 1;
            if fast.is_empty() {
                break;
            }
            let mv = fast[rng.below(fast.len() as u64) as usize];
            if pos.attrs_at(mv.from).has(attrs) {
                if pos.neutral_bb().has(mv.from) {
                    from_neutral += 1;
                } else {
                    to_neutral += 1;
                }
            }
            let after = rules.make(&pos, mv);
            assert_eq!(NaiveBoard::from_position(&after), naive.make(mv), "{mv:?} from {pos:?}");
            assert_eq!(after.key(), after.key_from_scratch(), "key after {mv:?} from {pos:?}");
            pos = after;
        }
    }
    assert!(
        compared > 8000 && to_neutral > 1000 && from_neutral > 1000,
        "{compared} positions, {to_neutral} moves to neutral, {from_neutral} from neutral"
    );
    // The same half-neutral rook, neutral or White's, has another key.
    let sq = Square::parse("d4").unwrap();
    let mut white = Position::empty();
    white.put(sq, Piece::new(Color::White, Kind::ROOK));
    let mut neutral = white.clone();
    assert!(white.set_attrs(sq, attrs));
    assert!(neutral.set_attrs(sq, attrs.union(Attrs::NEUTRAL)));
    assert_ne!(white.key(), neutral.key());
    assert_eq!(neutral.key(), neutral.key_from_scratch());
    assert_eq!(neutral.attrs_at(sq), attrs.union(Attrs::NEUTRAL));
}

/// Two kings and up to ten more pieces (pawns often on their seventh rank), each with `attrs` half the time.
fn marked_position(rng: &mut Rng, attrs: Attrs) -> Position {
    let mut pos = Position::empty();
    for color in Color::ALL {
        let s = empty_square(rng, &pos, Kind::KING);
        pos.put(s, Piece::new(color, Kind::KING));
    }
    for _ in 0..1 + rng.below(10) {
        let mut kind = if rng.below(3) == 0 { random_kind(rng) } else { Kind(rng.below(5) as u8) };
        if kind == Kind::KING {
            kind = Kind::PAWN;
        }
        let color = if rng.below(2) == 0 { Color::White } else { Color::Black };
        let mut s = empty_square(rng, &pos, kind);
        if kind == Kind::PAWN && rng.below(2) == 0 {
            let rank = if color == Color::White { 6 } else { 1 };
            let near = Square::from_coords(s.file(), rank);
            if pos.piece_at(near).is_none() {
                s = near;
            }
        }
        pos.put(s, Piece::new(color, kind));
        // A pawn without attributes may promote to a chameleon piece only where the chameleons have no other
        // attribute (the readers refuse the others).
        let must = kind == Kind::PAWN && attrs.has(Attrs::CHAMELEON) && attrs != Attrs::CHAMELEON;
        if must || rng.below(2) == 0 {
            assert!(pos.set_attrs(s, attrs));
        }
    }
    pos.set_side(if rng.below(2) == 0 { Color::White } else { Color::Black });
    pos
}

/// Kamikaze and chameleon pieces, and pieces with both: the legal moves (a kamikaze pawn's capture on the last
/// rank unpromoted, a promotion to a chameleon piece as choice 2), check and the position after each move (a
/// kamikaze capturer gone, a chameleon's new walk, marks moved) of the rules the attributes bring are the naive
/// reference's, along random games of up to eight plies from 2 000 random positions per set of attributes.
#[test]
fn kamikaze_and_chameleon_pieces_agree_with_the_naive_reference() {
    let mut rng = Rng(0x0A77_0003);
    for attrs in [Attrs::KAMIKAZE, Attrs::CHAMELEON, Attrs::KAMIKAZE.union(Attrs::CHAMELEON)] {
        let (mut compared, mut marked_moves, mut kamikaze_captures, mut chameleon_promotions) = (0, 0, 0, 0);
        for _ in 0..2000 {
            let mut pos = marked_position(&mut rng, attrs);
            // A problem whose pieces have the attributes (the naive reference reads them off the position).
            if pos.marks().is_empty() {
                continue;
            }
            let conds = stipula::conditions::attributes::for_attributes(attrs, false);
            let rules = Rules::new(pos.pieces().map(|(_, p)| p.kind), conds).with_attributes(attrs);
            if rules.in_check(&pos, pos.side().opposite()) {
                continue;
            }
            for _ in 0..8 {
                let naive = NaiveBoard::from_position(&pos);
                assert_eq!(pos.key(), pos.key_from_scratch(), "{pos:?}");
                for color in Color::ALL {
                    assert_eq!(rules.in_check(&pos, color), naive.in_check(color), "{color:?} in check in {pos:?}");
                }
                let mut fast = Vec::new();
                rules.legal_moves(&pos, &mut fast);
                let fast = sorted(fast);
                assert_eq!(fast, sorted(naive.legal_moves(&rules.promotions)), "legal moves of {pos:?}");
                compared += 1;
                if fast.is_empty() {
                    break;
                }
                let mv = fast[rng.below(fast.len() as u64) as usize];
                let marked = pos.attrs_at(mv.from).has(attrs);
                marked_moves += marked as u32;
                kamikaze_captures += (marked && attrs.has(Attrs::KAMIKAZE) && mv.is_capture()) as u32;
                chameleon_promotions += (mv.choice() == 2) as u32;
                let after = rules.make(&pos, mv);
                assert_eq!(NaiveBoard::from_position(&after), naive.make(mv), "{mv:?} from {pos:?}");
                assert_eq!(after.key(), after.key_from_scratch(), "key after {mv:?} from {pos:?}");
                pos = after;
            }
        }
        assert!(
            compared > 8000 && marked_moves > 2000 && (kamikaze_captures > 100 || !attrs.has(Attrs::KAMIKAZE)),
            "{attrs:?}: {compared} positions, {marked_moves} marked moves, {kamikaze_captures} kamikaze captures"
        );
        assert!(chameleon_promotions > 20 || attrs != Attrs::CHAMELEON, "{chameleon_promotions} chameleon promotions");
    }
}

/// Hurdle colour changing grasshoppers: the legal moves (a promotion to a grasshopper as the diagram's
/// grasshoppers are: with the attribute, or both), check and the position after each move (the hurdle turned,
/// kings and neutral pieces excepted) are the naive reference's, along random games of up to eight plies from
/// 3 000 random positions with grasshoppers, some with the attribute, and a plain one half the time.
#[test]
fn hurdle_colour_changing_grasshoppers_agree_with_the_naive_reference() {
    let mut rng = Rng(0x0A77_0004);
    let g = Kind::from_code("G").unwrap();
    let attrs = Attrs::HURDLE_COLOUR_CHANGING;
    let (mut compared, mut turned, mut promotions) = (0, 0, 0);
    for _ in 0..3000 {
        let mut pos = marked_position(&mut rng, Attrs::NONE);
        for i in 0..1 + rng.below(4) {
            let s = empty_square(&mut rng, &pos, g);
            pos.put(s, Piece::new(if rng.below(2) == 0 { Color::White } else { Color::Black }, g));
            if i == 0 || rng.below(2) == 0 {
                assert!(pos.set_attrs(s, attrs));
            }
        }
        let plain = pos.pieces().any(|(s, p)| p.kind == g && pos.attrs_at(s).is_empty());
        let conds = stipula::conditions::attributes::for_attributes(attrs, plain);
        let rules = Rules::new(pos.pieces().map(|(_, p)| p.kind), conds).with_attributes(attrs);
        if rules.in_check(&pos, pos.side().opposite()) {
            continue;
        }
        for _ in 0..8 {
            let mut naive = NaiveBoard::from_position(&pos);
            naive.plain_grasshopper = plain;
            assert_eq!(pos.key(), pos.key_from_scratch(), "{pos:?}");
            for color in Color::ALL {
                assert_eq!(rules.in_check(&pos, color), naive.in_check(color), "{color:?} in check in {pos:?}");
            }
            let mut fast = Vec::new();
            rules.legal_moves(&pos, &mut fast);
            let fast = sorted(fast);
            assert_eq!(fast, sorted(naive.legal_moves(&rules.promotions)), "legal moves of {pos:?}");
            compared += 1;
            if fast.is_empty() {
                break;
            }
            let mv = fast[rng.below(fast.len() as u64) as usize];
            promotions += (mv.promotion() == Some(g)) as u32;
            let after = rules.make(&pos, mv);
            let mut expected = naive.make(mv);
            expected.plain_grasshopper = false;
            turned +=
                (after.color_bb(Color::White).count() != pos.color_bb(Color::White).count() && !mv.is_capture()) as u32;
            assert_eq!(
                NaiveBoard::from_position(&after),
                expected,
                "{mv:?} choice {} plain {plain} from {pos:?}",
                mv.choice()
            );
            assert_eq!(after.key(), after.key_from_scratch(), "key after {mv:?} from {pos:?}");
            pos = after;
        }
    }
    assert!(
        compared > 10000 && turned > 300 && promotions > 30,
        "{compared} positions, {turned} hurdles turned, {promotions} promotions"
    );
}

/// Paralysing pieces: the legal moves (no move of a piece an opposing paralysing piece observes, no capture by a
/// paralysing piece), check (neither paralysing nor paralysed pieces give it), suffocation (Popeye's: every piece
/// that would move if nothing were paralysed is paralysed) and the position after each move are the naive
/// reference's, along random games of up to eight plies from 3 000 random positions, kings paralysing too.
#[test]
fn paralysing_pieces_agree_with_the_naive_reference() {
    let mut rng = Rng(0x0A77_0005);
    let attrs = Attrs::PARALYSING;
    let (mut compared, mut paralysed, mut suffocated) = (0, 0, 0);
    for _ in 0..3000 {
        let mut pos = marked_position(&mut rng, attrs);
        for s in pos.royal_bb(Color::White) | pos.royal_bb(Color::Black) {
            if rng.below(4) == 0 {
                assert!(pos.set_attrs(s, attrs));
            }
        }
        if pos.marks().is_empty() {
            continue;
        }
        let conds = stipula::conditions::attributes::for_attributes(attrs, false);
        let rules = Rules::new(pos.pieces().map(|(_, p)| p.kind), conds).with_attributes(attrs);
        if rules.in_check(&pos, pos.side().opposite()) {
            continue;
        }
        for _ in 0..8 {
            let naive = NaiveBoard::from_position(&pos);
            assert_eq!(pos.key(), pos.key_from_scratch(), "{pos:?}");
            for color in Color::ALL {
                assert_eq!(rules.in_check(&pos, color), naive.in_check(color), "{color:?} in check in {pos:?}");
            }
            for (s, _) in pos.pieces() {
                assert_eq!(rules.is_paralysed(&pos, s), naive.paralysed(s), "{s} in {pos:?}");
                paralysed += naive.paralysed(s) as u32;
            }
            assert_eq!(rules.suffocated(&pos), naive.suffocated(&rules.promotions), "suffocation in {pos:?}");
            suffocated += rules.suffocated(&pos) as u32;
            let mut fast = Vec::new();
            rules.legal_moves(&pos, &mut fast);
            let fast = sorted(fast);
            assert_eq!(fast, sorted(naive.legal_moves(&rules.promotions)), "legal moves of {pos:?}");
            compared += 1;
            if fast.is_empty() {
                break;
            }
            let mv = fast[rng.below(fast.len() as u64) as usize];
            let after = rules.make(&pos, mv);
            assert_eq!(NaiveBoard::from_position(&after), naive.make(mv), "{mv:?} from {pos:?}");
            assert_eq!(after.key(), after.key_from_scratch(), "key after {mv:?} from {pos:?}");
            pos = after;
        }
    }
    assert!(
        compared > 10000 && paralysed > 3000 && suffocated > 20,
        "{compared} positions, {paralysed} paralysed pieces, {suffocated} suffocated sides"
    );
}
