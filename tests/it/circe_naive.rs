//! Fast-vs-naive differential test for the Circe family: a literal reading of each rule (the rebirth squares as
//! the game array names them, after Popeye's `conditions/circe/*.c` and `docs/conditions.md`), written here square
//! by square, compared with `Rules::legal_moves`, `Rules::for_each_legal`, `Rules::make` and `Rules::in_check` on
//! seeded random positions (orthodox pieces with a grasshopper and a nightrider), alone and with Madrasi.

use stipula::conditions::build_all;
use stipula::input::vocab::conditions::parse_condition_text;
use stipula::naive::NaiveBoard;
use stipula::{Color, Kind, Move, Piece, Position, Rules, Square};

/// The rule as the naive reading applies it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Family {
    Circe,
    Anti { cheylan: bool },
    Immune,
}

#[derive(Clone, Copy, Debug)]
struct Rule {
    family: Family,
    /// `reg`, `file`, `sym`, `vsym`, `hsym`, `anti` (antipodes), `pwc`, `equi`, `diam`, `vmir`.
    square: &'static str,
    mirror: bool,
    rex: bool,
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// The game-array square of a piece of `color` and `kind` reborn for a capture on `on` (the plain Circe rule).
fn game_array(color: Color, kind: Kind, on: Square) -> Square {
    let light = !on.is_dark();
    let file = on.file();
    let (second, last) = if color == Color::White { (1, 7) } else { (6, 0) };
    let named = |white: &str, black: &str| sq(if color == Color::White { white } else { black });
    match kind {
        Kind::PAWN => Square::from_coords(file, second),
        Kind::KNIGHT => {
            if light {
                named("b1", "g8")
            } else {
                named("g1", "b8")
            }
        }
        Kind::BISHOP => {
            if light {
                named("f1", "c8")
            } else {
                named("c1", "f8")
            }
        }
        Kind::ROOK => {
            if light {
                named("h1", "a8")
            } else {
                named("a1", "h8")
            }
        }
        Kind::QUEEN => named("d1", "d8"),
        Kind::KING => named("e1", "e8"),
        _ => Square::from_coords(file, last),
    }
}

/// The rebirth square (`None`: off the board) of `piece` for the capture from `from` on `on`.
fn rebirth_square(rule: Rule, piece: Piece, from: Square, on: Square) -> Option<Square> {
    let color = if rule.mirror { piece.color.opposite() } else { piece.color };
    let (f, r) = (on.file() as i8, on.rank() as i8);
    let at = |f: i8, r: i8| ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square::from_coords(f as u8, r as u8));
    match rule.square {
        "reg" => Some(game_array(color, piece.kind, on)),
        "diam" => game_array(color, piece.kind, on).pipe(|s| at(7 - s.file() as i8, 7 - s.rank() as i8)),
        "vmir" => game_array(color, piece.kind, on).pipe(|s| at(7 - s.file() as i8, s.rank() as i8)),
        "file" => {
            let rank = match piece.kind {
                Kind::PAWN => game_array(color, Kind::PAWN, on).rank(),
                k if k.is_orthodox() => game_array(color, Kind::KING, on).rank(),
                _ => 7 - game_array(color, Kind::KING, on).rank(),
            };
            Some(Square::from_coords(on.file(), rank))
        }
        "sym" => at(7 - f, 7 - r),
        "vsym" => at(7 - f, r),
        "hsym" => at(f, 7 - r),
        "anti" => at(if f < 4 { f + 4 } else { f - 4 }, if r < 4 { r + 4 } else { r - 4 }),
        "pwc" => Some(from),
        "equi" => at(2 * f - from.file() as i8, 2 * r - from.rank() as i8),
        other => panic!("{other}"),
    }
}

trait Pipe: Sized {
    fn pipe<T>(self, f: impl FnOnce(Self) -> T) -> T {
        f(self)
    }
}
impl Pipe for Square {}

/// Whether a capture by `capturer` (the piece it is after the move) from `from`, arriving on `to`, taking on `on`,
/// in `pos` (before the move), is allowed by the rule, and the board after it (captured piece gone, capturer
/// arrived) has `occupied` squares.
fn capture_allowed(
    rule: Rule,
    pos: &Position,
    capturer: Piece,
    from: Square,
    to: Square,
    on: Square,
    promotions: &[Kind],
) -> bool {
    let captured = pos.piece_at(on).unwrap();
    let mut board = pos.clone();
    board.remove(on);
    board.remove(from);
    board.put(to, capturer);
    let empty = |board: &Position, s: Option<Square>| s.is_some_and(|s| board.piece_at(s).is_none());
    match rule.family {
        Family::Circe => true,
        Family::Immune => {
            (captured.kind == Kind::KING && !rule.rex) || empty(&board, rebirth_square(rule, captured, from, on))
        }
        Family::Anti { cheylan } => {
            if capturer.kind == Kind::KING && !rule.rex {
                return true;
            }
            // A pawn taking onto its last rank promotes first: some promotion must be legal.
            let kinds: Vec<Kind> = if capturer.kind == Kind::PAWN && to.rank() == capturer.color.last_rank() {
                promotions.to_vec()
            } else {
                vec![capturer.kind]
            };
            board.remove(to);
            kinds.iter().any(|&k| {
                let s = rebirth_square(rule, Piece::new(capturer.color, k), from, on);
                empty(&board, s) && !(cheylan && s == Some(to))
            })
        }
    }
}

/// Whether the king of `color` is in check: an enemy piece observes it and that capture stands (Circe rex
/// inclusive: not followed by the king's rebirth; Anti-Circe and Immune chess: legal).
fn in_check(rule: Rule, madrasi: bool, pos: &Position, color: Color, promotions: &[Kind]) -> bool {
    let Some(king) = pos.king(color) else { return false };
    let board = NaiveBoard::from_position(pos);
    for (from, p) in pos.pieces().filter(|(_, p)| p.color != color).collect::<Vec<_>>() {
        if madrasi && paralysed(pos, &board, from) {
            continue;
        }
        if !observes(pos, &board, from, king) {
            continue;
        }
        let stands = match rule.family {
            Family::Circe if rule.rex => {
                let mut after = pos.clone();
                after.remove(king);
                after.remove(from);
                after.put(king, p);
                rebirth_square(rule, pos.piece_at(king).unwrap(), from, king)
                    .is_none_or(|s| after.piece_at(s).is_some())
            }
            Family::Circe => true,
            _ => capture_allowed(rule, pos, p, from, king, king, promotions),
        };
        if stands {
            return true;
        }
    }
    false
}

/// The squares the piece on `from` could capture on by its walk (pawns diagonally forward).
fn observes(pos: &Position, board: &NaiveBoard, from: Square, target: Square) -> bool {
    let p = pos.piece_at(from).unwrap();
    if p.kind == Kind::PAWN {
        return [-1, 1].iter().any(|&df| from.offset(df, p.color.forward()) == Some(target));
    }
    board.targets(from).iter().any(|&(_, cap)| cap == Some(target))
}

/// Madrasi: observed by an opposing piece of its own kind (kings excluded).
fn paralysed(pos: &Position, board: &NaiveBoard, sq: Square) -> bool {
    let p = pos.piece_at(sq).unwrap();
    p.kind != Kind::KING
        && pos.pieces().any(|(s, q)| q.color != p.color && q.kind == p.kind && observes(pos, board, s, sq))
}

/// The position after `mv` by the literal rule, `None` when the rule forbids the capture. `mv.choice()` is the
/// reborn pawn's promotion (1 and up, in `promotions`' order).
fn make(rule: Rule, pos: &Position, mv: Move, promotions: &[Kind]) -> Option<Position> {
    let mut after = pos.make(mv);
    let Some(on) = mv.capture() else { return Some(after) };
    let mover = pos.piece_at(mv.from).unwrap();
    let capturer = mv.promotion().map_or(mover, |k| Piece::new(mover.color, k));
    if !capture_allowed(rule, pos, capturer, mv.from, mv.to, on, promotions) {
        return None;
    }
    let promote =
        |p: Piece| if mv.choice() == 0 { p } else { Piece::new(p.color, promotions[mv.choice() as usize - 1]) };
    match rule.family {
        Family::Circe => {
            let captured = pos.piece_at(on).unwrap();
            if captured.kind != Kind::KING || rule.rex {
                if let Some(s) = rebirth_square(rule, captured, mv.from, on) {
                    if after.piece_at(s).is_none() {
                        after.put(s, promote(captured));
                    }
                }
            }
        }
        Family::Anti { .. } => {
            if capturer.kind != Kind::KING || rule.rex {
                let s = rebirth_square(rule, capturer, mv.from, on).unwrap();
                after.remove(mv.to);
                after.put(s, promote(capturer));
            }
        }
        Family::Immune => {}
    }
    // A rook reborn in its corner with its king at home and never moved may castle (Popeye): the random
    // positions here carry no castling rights, so none are given back.
    Some(after)
}

/// The outcomes of `mv` the mover chooses among: a pawn reborn on its last rank promotes.
fn choices(rule: Rule, pos: &Position, mv: Move, promotions: &[Kind]) -> u8 {
    let Some(on) = mv.capture() else { return 0 };
    let mover = pos.piece_at(mv.from).unwrap();
    let capturer = mv.promotion().map_or(mover, |k| Piece::new(mover.color, k));
    let piece = match rule.family {
        Family::Circe => pos.piece_at(on).unwrap(),
        Family::Anti { .. } => capturer,
        Family::Immune => return 0,
    };
    match rebirth_square(rule, piece, mv.from, on) {
        Some(s) if piece.kind == Kind::PAWN && s.rank() == piece.color.last_rank() => {
            let mut board = pos.make(mv);
            if matches!(rule.family, Family::Anti { .. }) {
                board.remove(mv.to);
            }
            if board.piece_at(s).is_none() {
                promotions.len() as u8
            } else {
                0
            }
        }
        _ => 0,
    }
}

fn legal(rule: Rule, madrasi: bool, rules_plain: &Rules, pos: &Position, promotions: &[Kind]) -> Vec<(Move, Position)> {
    let mut pseudo = Vec::new();
    rules_plain.pseudo_moves(pos, &mut pseudo);
    let board = NaiveBoard::from_position(pos);
    let mut out = Vec::new();
    for mv in pseudo {
        if madrasi && paralysed(pos, &board, mv.from) {
            continue;
        }
        let n = choices(rule, pos, mv, promotions);
        let variants: Vec<Move> = if n == 0 { vec![mv] } else { (1..=n).map(|k| mv.choosing(k)).collect() };
        for m in variants {
            if let Some(after) = make(rule, pos, m, promotions) {
                if !in_check(rule, madrasi, &after, pos.side(), promotions) {
                    out.push((m, after));
                }
            }
        }
    }
    out.sort_by_key(|(m, _)| *m);
    out
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn random_position(rng: &mut Rng, kinds: &[Kind]) -> Position {
    let mut pos = Position::empty();
    for c in Color::ALL {
        loop {
            let s = Square::new(rng.below(64) as u8);
            if pos.piece_at(s).is_none() {
                pos.put(s, Piece::new(c, Kind::KING));
                break;
            }
        }
    }
    for _ in 0..(4 + rng.below(14)) {
        let s = Square::new(rng.below(64) as u8);
        let kind = kinds[rng.below(kinds.len() as u64) as usize];
        if pos.piece_at(s).is_some() || (kind == Kind::PAWN && (s.rank() == 0 || s.rank() == 7)) {
            continue;
        }
        pos.put(s, Piece::new(if rng.below(2) == 0 { Color::White } else { Color::Black }, kind));
    }
    pos.set_side(if rng.below(2) == 0 { Color::White } else { Color::Black });
    pos
}

fn differential(condition: &str, rule: Rule, madrasi: bool, seed: u64, samples: usize) {
    let kinds = [
        Kind::PAWN,
        Kind::PAWN,
        Kind::KNIGHT,
        Kind::BISHOP,
        Kind::ROOK,
        Kind::QUEEN,
        Kind::GRASSHOPPER,
        Kind::NIGHTRIDER,
    ];
    let mut specs = vec![parse_condition_text(condition).unwrap()];
    if madrasi {
        specs.push(parse_condition_text("Madrasi").unwrap());
    }
    let rules = Rules::new(kinds.iter().copied(), build_all(&specs).unwrap());
    let plain = Rules::new(kinds.iter().copied(), Vec::new());
    let promotions = rules.promotions.clone();
    let mut rng = Rng(seed);
    let (mut positions, mut captures) = (0, 0);
    while positions < samples {
        let mut pos = random_position(&mut rng, &kinds);
        if in_check(rule, madrasi, &pos, pos.side().opposite(), &promotions) {
            continue;
        }
        for _ply in 0..4 {
            positions += 1;
            // The rights of each king and rook a rebirth gives back are kept in the state bits (none of these
            // positions can castle): compared without them.
            let naive: Vec<(Move, Position)> = legal(rule, madrasi, &plain, &pos, &promotions);
            let plain_state = |mut p: Position| {
                p.set_flags(0);
                p
            };
            let mut fast = Vec::new();
            rules.legal_moves(&pos, &mut fast);
            fast.sort();
            assert_eq!(fast, naive.iter().map(|(m, _)| *m).collect::<Vec<_>>(), "{condition} {madrasi} {pos:?}");
            let mut each = Vec::new();
            rules.for_each_legal(&pos, &mut Vec::new(), |mv, after| each.push((mv, plain_state(after))));
            each.sort_by_key(|(m, _)| *m);
            assert_eq!(each, naive, "{condition} {madrasi} for_each_legal {pos:?}");
            for (m, after) in &naive {
                assert_eq!(&plain_state(rules.make(&pos, *m)), after, "{condition} make {pos:?} {m:?}");
                captures += m.is_capture() as usize;
            }
            assert_eq!(
                rules.in_check(&pos, pos.side()),
                in_check(rule, madrasi, &pos, pos.side(), &promotions),
                "{condition} check {pos:?}"
            );
            if naive.is_empty() {
                break;
            }
            pos = naive[rng.below(naive.len() as u64) as usize].1.clone();
        }
    }
    assert!(captures * 2 > samples, "too few captures: {captures}");
}

const CIRCE: Rule = Rule { family: Family::Circe, square: "reg", mirror: false, rex: false };
const ANTI: Rule = Rule { family: Family::Anti { cheylan: false }, square: "reg", mirror: false, rex: true };
const IMMUNE: Rule = Rule { family: Family::Immune, square: "reg", mirror: false, rex: false };

/// Every variant the registry has, with its rule read literally.
const VARIANTS: &[(&str, Rule)] = &[
    ("Circe", CIRCE),
    ("Circe RexInclusive", Rule { rex: true, ..CIRCE }),
    ("MirrorCirce", Rule { mirror: true, ..CIRCE }),
    ("FileCirce", Rule { square: "file", ..CIRCE }),
    ("MirrorFileCirce", Rule { square: "file", mirror: true, ..CIRCE }),
    ("SymmetryCirce", Rule { square: "sym", ..CIRCE }),
    ("VerticalSymmetryCirce", Rule { square: "vsym", ..CIRCE }),
    ("HorizontalSymmetryCirce", Rule { square: "hsym", ..CIRCE }),
    ("DiametralCirce", Rule { square: "diam", ..CIRCE }),
    ("VerticalMirrorCirce", Rule { square: "vmir", ..CIRCE }),
    ("AntipodeanCirce", Rule { square: "anti", ..CIRCE }),
    ("PWC", Rule { square: "pwc", ..CIRCE }),
    ("EquipollentsCirce", Rule { square: "equi", ..CIRCE }),
    ("AntiCirce", ANTI),
    ("AntiCirce Cheylan", Rule { family: Family::Anti { cheylan: true }, ..ANTI }),
    ("AntiCirce RexExclusive", Rule { rex: false, ..ANTI }),
    ("MirrorAntiCirce", Rule { mirror: true, ..ANTI }),
    ("FileAntiCirce", Rule { square: "file", ..ANTI }),
    ("SymmetryAntiCirce", Rule { square: "sym", ..ANTI }),
    ("AntipodeanAntiCirce", Rule { square: "anti", ..ANTI }),
    ("EquipollentsAntiCirce", Rule { square: "equi", ..ANTI }),
    ("ImmunChess", IMMUNE),
    ("ImmunChess RexInclusive", Rule { rex: true, ..IMMUNE }),
    ("MirrorImmunChess", Rule { mirror: true, ..IMMUNE }),
    ("FileImmunChess", Rule { square: "file", ..IMMUNE }),
    ("EquipollentsImmunChess", Rule { square: "equi", ..IMMUNE }),
];

#[test]
fn every_circe_variant_matches_its_literal_reading() {
    for (i, &(name, rule)) in VARIANTS.iter().enumerate() {
        differential(name, rule, false, 0x5EED_0000 + i as u64, 300);
    }
}

#[test]
fn circe_variants_with_madrasi_match_their_literal_reading() {
    for (i, &(name, rule)) in VARIANTS.iter().enumerate().step_by(3) {
        differential(name, rule, true, 0xC1CE_0000 + i as u64, 150);
    }
}

/// The Mars Circe family read literally (Popeye's `conditions/marscirce/`, docs/conditions.md): which moves a
/// piece makes from where it stands and from which other squares (its rebirth square: the game array's square for
/// a capture where it stands; Plus chess: the other central squares), and what observes the king.
#[derive(Clone, Copy, Debug)]
enum MarsRule {
    /// Captures only from the rebirth square (kings too unless `rex` is false: then they never capture); a king on
    /// its rebirth square castles twice, once from there (Popeye).
    Mars { mirror: bool, rex: bool },
    /// Everything from both squares, an arrival of the usual moves not again (kings only with `rex`).
    Phantom { rex: bool },
    /// On d4, d5, e4, e5: captures from the other central squares too (two of them may reach one arrival).
    Plus,
}

/// The other squares the piece on `from` moves from, and its own rebirth square (`None`: none).
fn mars_homes(rule: MarsRule, piece: Piece, from: Square) -> (Vec<Square>, Option<Square>) {
    let home = |mirror: bool, rex: bool| {
        (piece.kind != Kind::KING || rex).then(|| {
            let color = if mirror { piece.color.opposite() } else { piece.color };
            game_array(color, piece.kind, from)
        })
    };
    let own = match rule {
        MarsRule::Mars { mirror, rex } => home(mirror, rex),
        MarsRule::Phantom { rex } => home(false, rex),
        MarsRule::Plus => {
            let centre = ["d4", "d5", "e4", "e5"].map(sq);
            let others =
                if centre.contains(&from) { centre.into_iter().filter(|&s| s != from).collect() } else { vec![] };
            return (others, Some(from));
        }
    };
    (own.into_iter().filter(|&s| s != from).collect(), own)
}

/// `piece` taken off `from` and put on `to`.
fn moved(pos: &Position, piece: Piece, from: Square, to: Square) -> Position {
    let mut p = pos.clone();
    p.remove(from);
    p.put(to, piece);
    p
}

fn mars_in_check(rule: MarsRule, pos: &Position, color: Color) -> bool {
    let Some(king) = pos.king(color) else { return false };
    pos.pieces().filter(|(_, p)| p.color != color).any(|(from, p)| {
        let (homes, own) = mars_homes(rule, p, from);
        let here = !matches!(rule, MarsRule::Mars { .. }) || own == Some(from);
        (here && observes(pos, &NaiveBoard::from_position(pos), from, king))
            || homes.into_iter().filter(|&h| pos.piece_at(h).is_none()).any(|h| {
                let board = moved(pos, p, from, h);
                observes(&board, &NaiveBoard::from_position(&board), h, king)
            })
    })
}

fn mars_legal(rule: MarsRule, plain: &Rules, pos: &Position) -> Vec<Move> {
    let mut pseudo = Vec::new();
    plain.pseudo_moves(pos, &mut pseudo);
    let mut out = Vec::new();
    for (from, p) in pos.pieces().filter(|(_, p)| p.color == pos.side()).collect::<Vec<_>>() {
        let (homes, own) = mars_homes(rule, p, from);
        let mut mine: Vec<Move> = pseudo.iter().copied().filter(|m| m.from == from).collect();
        let regular: Vec<Square> = mine.iter().map(|m| m.to).collect();
        if matches!(rule, MarsRule::Mars { .. }) && own != Some(from) {
            mine.retain(|m| !m.is_capture());
        }
        if matches!(rule, MarsRule::Mars { .. }) && own == Some(from) && p.kind == Kind::KING {
            let castlings: Vec<Move> =
                mine.iter().filter(|m| m.to.file().abs_diff(from.file()) == 2).copied().collect();
            mine.extend(castlings.into_iter().map(|m| m.moved_via(from, from)));
        }
        for h in homes.into_iter().filter(|&h| pos.piece_at(h).is_none()) {
            let mut there = Vec::new();
            plain.pseudo_moves(&moved(pos, p, from, h), &mut there);
            for m in there.into_iter().filter(|m| m.from == h) {
                let keep = match rule {
                    MarsRule::Mars { .. } => m.is_capture(),
                    MarsRule::Phantom { .. } => m.to != from && !regular.contains(&m.to),
                    MarsRule::Plus => m.is_capture() && m.to != from && !regular.contains(&m.to),
                };
                if keep {
                    mine.push(m.moved_via(from, h));
                }
            }
        }
        out.extend(mine);
    }
    out.retain(|&m| !mars_in_check(rule, &pos.make(m), pos.side()));
    out.sort();
    out
}

#[test]
fn mars_circe_family_matches_its_literal_reading() {
    let kinds = [Kind::PAWN, Kind::PAWN, Kind::KNIGHT, Kind::BISHOP, Kind::ROOK, Kind::QUEEN, Kind::GRASSHOPPER];
    let variants = [
        ("MarsCirce", MarsRule::Mars { mirror: false, rex: true }),
        ("MarsMirrorCirce", MarsRule::Mars { mirror: true, rex: true }),
        ("PhantomChess", MarsRule::Phantom { rex: false }),
        ("PhantomChess RexInclusive", MarsRule::Phantom { rex: true }),
        ("PlusChess", MarsRule::Plus),
    ];
    for (i, (name, rule)) in variants.into_iter().enumerate() {
        let rules = Rules::new(kinds, build_all(&[parse_condition_text(name).unwrap()]).unwrap());
        let plain = Rules::new(kinds, Vec::new());
        let mut rng = Rng(0x3A25_0000 + i as u64);
        let (mut positions, mut via) = (0, 0);
        while positions < 300 {
            let mut pos = random_position(&mut rng, &kinds);
            if mars_in_check(rule, &pos, pos.side().opposite()) {
                continue;
            }
            for _ply in 0..4 {
                positions += 1;
                let naive = mars_legal(rule, &plain, &pos);
                let mut fast = Vec::new();
                rules.legal_moves(&pos, &mut fast);
                fast.sort();
                assert_eq!(fast, naive, "{name} {pos:?}");
                assert_eq!(rules.in_check(&pos, pos.side()), mars_in_check(rule, &pos, pos.side()), "{name} {pos:?}");
                via += naive.iter().filter(|m| m.via().is_some()).count();
                if naive.is_empty() {
                    break;
                }
                let m = naive[rng.below(naive.len() as u64) as usize];
                assert_eq!(rules.make(&pos, m), pos.make(m), "{name} make {pos:?} {m:?}");
                pos = pos.make(m);
            }
        }
        let least = if matches!(rule, MarsRule::Plus) { 20 } else { 100 };
        assert!(via > least, "{name}: too few moves from another square ({via})");
    }
}
