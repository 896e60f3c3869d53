//! Slow, obviously-correct interpreter of the walk descriptions, the reference the fast tables are checked against
//! (by the tests only: no module of the library uses it, `tests/it/layers.rs` checks so).
//!
//! Works straight from the atoms in [`PIECES`] with plain coordinate loops over an 8×8 grid of
//! `Option<Piece>`: no bitboards, no compiled tables, no code shared with [`crate::attacks`] or
//! [`crate::movegen`] (even the symmetric images of an offset are recomputed here). Its own `make` keeps the
//! grid, side to move, castling rights and en-passant square, so a perft written with it is independent of
//! [`Position::make`]. Orthodox rules only: no condition hooks.

use crate::moves::{Move, Special};
use crate::pieces::{Atom, Attrs, Borrow, Circle, Kind, Piece, PIECES, ROSE_STEPS};
use crate::position::{castle, Position};
use crate::square::{Color, Square};

/// The board as the naive reference sees it: `grid[file][rank]`, plus the state a move needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveBoard {
    pub grid: [[Option<Piece>; 8]; 8],
    pub side: Color,
    /// Castling-right bits, as [`castle`].
    pub castling: u8,
    /// The en-passant target square.
    pub ep: Option<Square>,
    /// Where the piece stands that made the double step over `ep`, when the board knows the move (Popeye
    /// follows that piece: a berolina pawn's double step passes a square not in front of it); `None` for a
    /// diagram's en-passant square, whose pawn stands just beyond it.
    pub ep_by: Option<Square>,
    /// Each side's piece with the royal attribute, if any (by colour index): its king for check and mate.
    pub royal: [Option<Square>; 2],
    /// The neutral pieces (`neutral[file][rank]`): each belongs to both sides, moves for the side to move (a pawn
    /// in that side's direction), is taken by either side, and observes for either side.
    pub neutral: [[bool; 8]; 8],
    /// The kamikaze pieces (`kamikaze[file][rank]`): one that captures leaves the board with the piece it takes;
    /// a kamikaze pawn's capture on its last rank does not promote.
    pub kamikaze: [[bool; 8]; 8],
    /// The chameleon pieces: a chameleon knight, bishop, rook or queen that moves becomes a bishop, rook, queen or
    /// knight; a pawn promoting to one of these four without the attribute may become one (choice 2).
    pub chameleon: [[bool; 8]; 8],
    /// Whether the problem has chameleon pieces (the promotions to them exist).
    pub chameleons: bool,
    /// The grasshoppers that change their hurdle's colour: the hurdle of their move, if not a king nor neutral,
    /// changes sides.
    pub hcc: [[bool; 8]; 8],
    /// Whether the problem has hurdle colour changing pieces: a pawn's promotee grasshopper has the attribute
    /// (choice 2 when [`NaiveBoard::plain_grasshopper`], which offers the plain one as choice 1).
    pub hccs: bool,
    /// Whether the diagram had a grasshopper without attributes (false from [`NaiveBoard::from_position`]).
    pub plain_grasshopper: bool,
    /// The paralysing pieces: a piece one of them of the other colour observes is paralysed (it does not move
    /// and gives no check); a paralysing piece never captures and gives no check.
    pub paralysing: [[bool; 8]; 8],
    /// The half-neutral pieces: after each of its moves a neutral one becomes the mover's, one of a colour
    /// becomes neutral (White's on the grid, as a neutral piece is).
    pub half_neutral: [[bool; 8]; 8],
}

impl NaiveBoard {
    /// Copies a position square by square.
    pub fn from_position(pos: &Position) -> NaiveBoard {
        let mut grid = [[None; 8]; 8];
        for f in 0..8u8 {
            for r in 0..8u8 {
                grid[f as usize][r as usize] = pos.piece_at(Square::from_coords(f, r));
            }
        }
        let mut royal = [None; 2];
        let mut neutral = [[false; 8]; 8];
        let mut kamikaze = [[false; 8]; 8];
        let mut chameleon = [[false; 8]; 8];
        let mut hcc = [[false; 8]; 8];
        let mut paralysing = [[false; 8]; 8];
        let mut half_neutral = [[false; 8]; 8];
        for (sq, p) in pos.pieces() {
            half_neutral[sq.file() as usize][sq.rank() as usize] = pos.attrs_at(sq).has(Attrs::HALF_NEUTRAL);
            paralysing[sq.file() as usize][sq.rank() as usize] = pos.attrs_at(sq).has(Attrs::PARALYSING);
            hcc[sq.file() as usize][sq.rank() as usize] = pos.attrs_at(sq).has(Attrs::HURDLE_COLOUR_CHANGING);
            kamikaze[sq.file() as usize][sq.rank() as usize] = pos.attrs_at(sq).has(Attrs::KAMIKAZE);
            chameleon[sq.file() as usize][sq.rank() as usize] = pos.attrs_at(sq).has(Attrs::CHAMELEON);
            if pos.attrs_at(sq).has(Attrs::ROYAL) {
                royal[p.color.index()] = Some(sq);
            }
            if pos.attrs_at(sq).has(Attrs::NEUTRAL) {
                neutral[sq.file() as usize][sq.rank() as usize] = true;
            }
        }
        NaiveBoard {
            grid,
            side: pos.side(),
            castling: pos.castling(),
            ep: pos.ep_square(),
            ep_by: pos.ep_square().and(pos.last_move().arrival()),
            royal,
            neutral,
            kamikaze,
            chameleon,
            chameleons: pos.marks().has(Attrs::CHAMELEON),
            hcc,
            hccs: pos.marks().has(Attrs::HURDLE_COLOUR_CHANGING),
            plain_grasshopper: false,
            paralysing,
            half_neutral,
        }
    }

    /// What stands on (file, rank); `None` also off the board (use [`on_board`] to tell).
    fn at(&self, f: i8, r: i8) -> Option<Piece> {
        if on_board(f, r) {
            self.grid[f as usize][r as usize]
        } else {
            None
        }
    }

    fn get(&self, sq: Square) -> Option<Piece> {
        self.grid[sq.file() as usize][sq.rank() as usize]
    }

    fn set(&mut self, sq: Square, p: Option<Piece>) {
        self.grid[sq.file() as usize][sq.rank() as usize] = p;
    }

    fn is_neutral(&self, f: i8, r: i8) -> bool {
        on_board(f, r) && self.neutral[f as usize][r as usize]
    }

    fn set_neutral(&mut self, sq: Square, neutral: bool) {
        self.neutral[sq.file() as usize][sq.rank() as usize] = neutral;
    }

    fn mark(grid: &[[bool; 8]; 8], sq: Square) -> bool {
        grid[sq.file() as usize][sq.rank() as usize]
    }

    fn set_mark(grid: &mut [[bool; 8]; 8], sq: Square, on: bool) {
        grid[sq.file() as usize][sq.rank() as usize] = on;
    }

    /// Whether the piece on (file, rank) is one `color` may take: the other colour's, or a neutral one.
    fn takeable_by(&self, f: i8, r: i8, color: Color) -> bool {
        self.at(f, r).is_some_and(|p| p.color != color || self.is_neutral(f, r))
    }

    /// Whether the piece on `sq` is paralysed: a paralysing piece of the other colour observes it.
    pub fn paralysed(&self, s: Square) -> bool {
        let Some(p) = self.get(s) else { return false };
        observers_on(self, s, p.color.opposite()).into_iter().any(|o| Self::mark(&self.paralysing, o))
    }

    /// Whether the side to move is suffocated by paralysis: some of its pieces would have moves if nothing
    /// were paralysed (a paralysing piece's captures too), and each of those is paralysed.
    pub fn suffocated(&self, promotions: &[Kind]) -> bool {
        let mut any = false;
        for (from, p) in self.squares_of(self.side) {
            let mut moves: Vec<Move> = if p.kind == Kind::PAWN {
                pawn_moves_on(self, from, promotions)
            } else if p.kind.is_fairy_pawn() {
                fairy_pawn_moves_on(self, from, promotions)
            } else {
                targets_on(self, from).into_iter().map(|(to, cap)| Move::new(from, to, cap, Special::None)).collect()
            };
            moves.extend(self.castlings().into_iter().filter(|m| m.from == from));
            if moves.is_empty() {
                continue;
            }
            if !self.paralysed(from) {
                return false;
            }
            any = true;
        }
        any
    }

    /// [`targets_naive`] on this board: build the board once to ask for many pieces' targets.
    pub fn targets(&self, from: Square) -> Vec<(Square, Option<Square>)> {
        targets_on(self, from)
    }

    fn squares_of(&self, color: Color) -> Vec<(Square, Piece)> {
        let mut out = Vec::new();
        for r in 0..8u8 {
            for f in 0..8u8 {
                if let Some(p) = self.grid[f as usize][r as usize] {
                    if p.color == color || self.neutral[f as usize][r as usize] {
                        out.push((Square::from_coords(f, r), p));
                    }
                }
            }
        }
        out
    }
}

fn on_board(f: i8, r: i8) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn sq(f: i8, r: i8) -> Square {
    Square::from_coords(f as u8, r as u8)
}

/// The eight images of an offset under the symmetries of the square (±a, ±b) and (±b, ±a), the same
/// transformation applied to a companion offset (the lame leap's intermediate square).
fn images(a: i8, b: i8, c: i8, d: i8) -> Vec<((i8, i8), (i8, i8))> {
    let mut out = Vec::new();
    for sx in [1, -1] {
        for sy in [1, -1] {
            for v in [((a * sx, b * sy), (c * sx, d * sy)), ((b * sx, a * sy), (d * sx, c * sy))] {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// Where the non-pawn piece on `from` can go by its walk: (arrival, captured square) pairs, sorted, without
/// repetitions. Captures only pieces of the other colour. Pawns give nothing here (see [`pawn_moves_naive`]).
pub fn targets_naive(pos: &Position, from: Square) -> Vec<(Square, Option<Square>)> {
    targets_on(&NaiveBoard::from_position(pos), from)
}

fn targets_on(b: &NaiveBoard, from: Square) -> Vec<(Square, Option<Square>)> {
    // A neutral piece moves for the side to move.
    let Some(me) = b.get(from) else { return Vec::new() };
    let color = if b.is_neutral(from.file() as i8, from.rank() as i8) { b.side } else { me.color };
    targets_as(b, from, color)
}

/// The targets of the piece on `from` moving for `color`.
fn targets_as(b: &NaiveBoard, from: Square, color: Color) -> Vec<(Square, Option<Square>)> {
    let Some(me) = b.get(from) else { return Vec::new() };
    let me = Piece::new(color, me.kind);
    let (f0, r0) = (from.file() as i8, from.rank() as i8);
    // A neutral piece never takes itself (a rose's circle back to its square).
    let enemy = |f: i8, r: i8| (f, r) != (f0, r0) && b.takeable_by(f, r, color);
    let mut out = Vec::new();
    for atom in PIECES[me.kind.index()].walk {
        match *atom {
            Atom::Leap(x, y) => {
                for ((dx, dy), _) in images(x, y, 0, 0) {
                    let (f, r) = (f0 + dx, r0 + dy);
                    if !on_board(f, r) {
                        continue;
                    }
                    match b.at(f, r) {
                        None => out.push((sq(f, r), None)),
                        _ if enemy(f, r) => out.push((sq(f, r), Some(sq(f, r)))),
                        _ => {}
                    }
                }
            }
            Atom::Ride(x, y) => {
                for ((dx, dy), _) in images(x, y, 0, 0) {
                    let (mut f, mut r) = (f0 + dx, r0 + dy);
                    while on_board(f, r) {
                        match b.at(f, r) {
                            None => out.push((sq(f, r), None)),
                            Some(_) => {
                                if enemy(f, r) {
                                    out.push((sq(f, r), Some(sq(f, r))));
                                }
                                break;
                            }
                        }
                        f += dx;
                        r += dy;
                    }
                }
            }
            Atom::Hop(x, y) => {
                // Seed 003: to the first piece on the line (any colour), then the square just beyond.
                for ((dx, dy), _) in images(x, y, 0, 0) {
                    let (mut f, mut r) = (f0 + dx, r0 + dy);
                    while on_board(f, r) && b.at(f, r).is_none() {
                        f += dx;
                        r += dy;
                    }
                    if !on_board(f, r) {
                        continue;
                    }
                    let (lf, lr) = (f + dx, r + dy);
                    if !on_board(lf, lr) {
                        continue;
                    }
                    match b.at(lf, lr) {
                        None => out.push((sq(lf, lr), None)),
                        _ if enemy(lf, lr) => out.push((sq(lf, lr), Some(sq(lf, lr)))),
                        _ => {}
                    }
                }
            }
            Atom::Locust(x, y) => {
                // Seed 003: the first piece on the line must be an enemy, the square just beyond empty.
                for ((dx, dy), _) in images(x, y, 0, 0) {
                    let (mut f, mut r) = (f0 + dx, r0 + dy);
                    while on_board(f, r) && b.at(f, r).is_none() {
                        f += dx;
                        r += dy;
                    }
                    if !on_board(f, r) || !enemy(f, r) {
                        continue;
                    }
                    let (lf, lr) = (f + dx, r + dy);
                    if on_board(lf, lr) && b.at(lf, lr).is_none() {
                        out.push((sq(lf, lr), Some(sq(f, r))));
                    }
                }
            }
            Atom::Lame(x, y, vx, vy) => {
                for ((dx, dy), (mx, my)) in images(x, y, vx, vy) {
                    let (f, r) = (f0 + dx, r0 + dy);
                    if !on_board(f, r) || !on_board(f0 + mx, r0 + my) || b.at(f0 + mx, r0 + my).is_some() {
                        continue;
                    }
                    match b.at(f, r) {
                        None => out.push((sq(f, r), None)),
                        _ if enemy(f, r) => out.push((sq(f, r), Some(sq(f, r)))),
                        _ => {}
                    }
                }
            }
            Atom::Pawn => {}
            Atom::Borrow(how) => out.extend(borrowed_targets(b, from, me.color, how)),
            other => fairy_targets(b, other, me.color, (f0, r0), &mut out),
        }
    }
    out.sort();
    out.dedup();
    out
}

/// What a square holds, as the fairy walks read it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Off,
    Empty,
    Own,
    Enemy,
}

/// The walks of Popeye's `pieces/walks/` beyond leaps, rides, hops, locusts and lame leaps, written out with
/// coordinates (the rule texts of Popeye's `lions.c`, `chinese/`, `hoppers.c`, `kangaroo.c`, `edgehog.c`,
/// `bouncer.c`, `roses.c`).
fn fairy_targets(
    b: &NaiveBoard,
    atom: Atom,
    color: Color,
    (f0, r0): (i8, i8),
    out: &mut Vec<(Square, Option<Square>)>,
) {
    let cell = |(f, r): (i8, i8)| match b.at(f, r) {
        _ if !on_board(f, r) => Cell::Off,
        None => Cell::Empty,
        Some(p) if (p.color == color && !b.is_neutral(f, r)) || (f, r) == (f0, r0) => Cell::Own,
        Some(_) => Cell::Enemy,
    };
    let add = |(f, r): (i8, i8), (df, dr): (i8, i8), k: i8| (f + k * df, r + k * dr);
    // The first square at or after `k` steps from `at` that is not empty (maybe off the board), and its step count.
    let first = |at: (i8, i8), d: (i8, i8), k: i8| {
        let mut k = k;
        while cell(add(at, d, k)) == Cell::Empty {
            k += 1;
        }
        (add(at, d, k), k)
    };
    let land = |to: (i8, i8), out: &mut Vec<(Square, Option<Square>)>| match cell(to) {
        Cell::Empty => out.push((sq(to.0, to.1), None)),
        Cell::Enemy => out.push((sq(to.0, to.1), Some(sq(to.0, to.1)))),
        _ => {}
    };
    // All empty squares from `k` steps on, then the first piece if an enemy.
    let ride_from = |at: (i8, i8), d: (i8, i8), out: &mut Vec<(Square, Option<Square>)>| {
        let mut k = 1;
        while cell(add(at, d, k)) == Cell::Empty {
            let t = add(at, d, k);
            out.push((sq(t.0, t.1), None));
            k += 1;
        }
        let t = add(at, d, k);
        if cell(t) == Cell::Enemy {
            out.push((sq(t.0, t.1), Some(sq(t.0, t.1))));
        }
    };
    let from = (f0, r0);
    let steps = |a: i8, c: i8| images(a, c, 0, 0).into_iter().map(|(d, _)| d).collect::<Vec<_>>();
    match atom {
        Atom::LameRide(x, y, vx, vy) => {
            for ((dx, dy), (mx, my)) in images(x, y, vx, vy) {
                let mut at = from;
                loop {
                    let (to, via) = ((at.0 + dx, at.1 + dy), (at.0 + mx, at.1 + my));
                    if cell(via) != Cell::Empty || cell(to) == Cell::Off || cell(to) == Cell::Own {
                        break;
                    }
                    land(to, out);
                    if cell(to) == Cell::Enemy {
                        break;
                    }
                    at = to;
                }
            }
        }
        Atom::Lion(x, y) => {
            for d in steps(x, y) {
                let (h, _) = first(from, d, 1);
                if cell(h) != Cell::Off {
                    ride_from(h, d, out);
                }
            }
        }
        Atom::Cannon(x, y) => {
            for d in steps(x, y) {
                let (h, k) = first(from, d, 1);
                for i in 1..k {
                    let t = add(from, d, i);
                    out.push((sq(t.0, t.1), None));
                }
                if cell(h) != Cell::Off {
                    let (t, _) = first(h, d, 1);
                    if cell(t) == Cell::Enemy {
                        out.push((sq(t.0, t.1), Some(sq(t.0, t.1))));
                    }
                }
            }
        }
        Atom::CannonLeap(x, y) => {
            for d in steps(x, y) {
                match cell(add(from, d, 1)) {
                    Cell::Empty => land(add(from, d, 1), out),
                    Cell::Own | Cell::Enemy if cell(add(from, d, 2)) == Cell::Enemy => land(add(from, d, 2), out),
                    _ => {}
                }
            }
        }
        Atom::ContraHop(x, y) => {
            for d in steps(x, y) {
                if matches!(cell(add(from, d, 1)), Cell::Own | Cell::Enemy) {
                    ride_from(add(from, d, 1), d, out);
                }
            }
        }
        Atom::HopN(x, y, n) => {
            for d in steps(x, y) {
                let (h, _) = first(from, d, 1);
                let n = n as i8;
                if cell(h) != Cell::Off && (1..n).all(|i| cell(add(h, d, i)) == Cell::Empty) {
                    land(add(h, d, n), out);
                }
            }
        }
        Atom::LeapHop(x, y) => {
            for d in steps(x, y) {
                if matches!(cell(add(from, d, 1)), Cell::Own | Cell::Enemy) {
                    land(add(from, d, 2), out);
                }
            }
        }
        Atom::Kangaroo(x, y) | Atom::KangarooLion(x, y) => {
            for d in steps(x, y) {
                let (h1, _) = first(from, d, 1);
                if cell(h1) == Cell::Off {
                    continue;
                }
                let (h2, _) = first(h1, d, 1);
                if cell(h2) == Cell::Off {
                    continue;
                }
                if matches!(atom, Atom::Kangaroo(..)) {
                    land(add(h2, d, 1), out);
                } else {
                    ride_from(h2, d, out);
                }
            }
        }
        Atom::Equi(x, y) => {
            for d in steps(x, y) {
                let (h, k) = first(from, d, 1);
                if cell(h) != Cell::Off && (1..k).all(|i| cell(add(h, d, i)) == Cell::Empty) {
                    land(add(h, d, k), out);
                }
            }
        }
        Atom::NonstopEqui(lines_only) => {
            for hf in 0..8 {
                for hr in 0..8 {
                    let (df, dr) = (hf - f0, hr - r0);
                    let on_line = df == 0 || dr == 0 || df.abs() == dr.abs();
                    if (df, dr) != (0, 0) && (on_line || !lines_only) && b.at(hf, hr).is_some() {
                        land((hf + df, hr + dr), out);
                    }
                }
            }
        }
        Atom::DoubleHop(ortho, diag) => {
            let mut dirs = Vec::new();
            if ortho {
                dirs.extend(steps(1, 0));
            }
            if diag {
                dirs.extend(steps(1, 1));
            }
            for &d1 in &dirs {
                let (h1, _) = first(from, d1, 1);
                let mid = add(h1, d1, 1);
                if cell(h1) == Cell::Off || cell(mid) != Cell::Empty {
                    continue;
                }
                for &d2 in &dirs {
                    let (h2, _) = first(mid, d2, 1);
                    let to = add(h2, d2, 1);
                    if cell(h2) != Cell::Off && to != from {
                        land(to, out);
                    }
                }
            }
        }
        Atom::Edgehog(x, y) => {
            let edge = |(f, r): (i8, i8)| f == 0 || f == 7 || r == 0 || r == 7;
            for d in steps(x, y) {
                let mut all = Vec::new();
                ride_from(from, d, &mut all);
                out.extend(all.into_iter().filter(|(t, _)| edge((t.file() as i8, t.rank() as i8)) != edge(from)));
            }
        }
        Atom::Bouncer(x, y) => {
            for d in steps(x, y) {
                let (_, k) = first(from, d, 1);
                let back = (-d.0, -d.1);
                if (1..k).all(|i| cell(add(from, back, i)) == Cell::Empty) {
                    land(add(from, back, k), out);
                }
            }
        }
        Atom::Zigzag(x, y, zx, zy) => {
            for (zig, zag) in images(x, y, zx, zy) {
                let mut at = from;
                for i in 0.. {
                    let d = if i % 2 == 0 { zig } else { zag };
                    at = (at.0 + d.0, at.1 + d.1);
                    match cell(at) {
                        Cell::Empty => out.push((sq(at.0, at.1), None)),
                        Cell::Enemy => {
                            out.push((sq(at.0, at.1), Some(sq(at.0, at.1))));
                            break;
                        }
                        _ => break,
                    }
                }
            }
        }
        Atom::AngleHop(x, y, n) => {
            // The line's step turned by 45 degrees n times, either way.
            let turn = |(a, c): (i8, i8), left: bool| {
                if left {
                    ((a - c).signum(), (a + c).signum())
                } else {
                    ((a + c).signum(), (c - a).signum())
                }
            };
            for d in steps(x, y) {
                let (h, _) = first(from, d, 1);
                if cell(h) == Cell::Off {
                    continue;
                }
                for left in [true, false] {
                    let e = (0..n).fold(d, |e, _| turn(e, left));
                    land(add(h, e, 1), out);
                }
            }
        }
        Atom::Hamster(x, y) => {
            for d in steps(x, y) {
                let (h, k) = first(from, d, 1);
                if cell(h) != Cell::Off && k > 1 {
                    let t = add(from, d, k - 1);
                    out.push((sq(t.0, t.1), None));
                }
            }
        }
        Atom::ContraHamster(x, y) => {
            for d in steps(x, y) {
                if matches!(cell(add(from, d, -1)), Cell::Own | Cell::Enemy) {
                    ride_from(from, d, out);
                }
            }
        }
        Atom::QuietRide(x, y) => {
            for d in steps(x, y) {
                let mut k = 1;
                while cell(add(from, d, k)) == Cell::Empty {
                    let t = add(from, d, k);
                    out.push((sq(t.0, t.1), None));
                    k += 1;
                }
            }
        }
        Atom::QuietLeap(x, y) => {
            for d in steps(x, y) {
                let t = add(from, d, 1);
                if cell(t) == Cell::Empty {
                    out.push((sq(t.0, t.1), None));
                }
            }
        }
        Atom::LocustLeap(x, y) => {
            for d in steps(x, y) {
                let (c, t) = (add(from, d, 1), add(from, d, 2));
                if cell(c) == Cell::Enemy && cell(t) == Cell::Empty {
                    out.push((sq(t.0, t.1), Some(sq(c.0, c.1))));
                }
            }
        }
        Atom::Radial => {
            // Over an enemy at any leap (a, b) to any square at a leap of the same length from it.
            let mut leaps = Vec::new();
            for a in -7i8..8 {
                for c in -7i8..8 {
                    if (a, c) != (0, 0) {
                        leaps.push((a, c));
                    }
                }
            }
            let len = |(a, c): (i8, i8)| a as i32 * a as i32 + c as i32 * c as i32;
            for &d in &leaps {
                if cell(add(from, d, 1)) == Cell::Enemy {
                    for &e in leaps.iter().filter(|&&e| len(e) == len(d)) {
                        land(add(add(from, d, 1), e, 1), out);
                    }
                }
            }
        }
        Atom::Argentinian(x, y) => {
            for d in steps(x, y) {
                let (h, _) = first(from, d, 1);
                if cell(h) == Cell::Enemy {
                    out.push((sq(h.0, h.1), Some(sq(h.0, h.1))));
                }
                if cell(h) != Cell::Off {
                    let mut j = 1;
                    while cell(add(h, d, j)) == Cell::Empty {
                        let t = add(h, d, j);
                        out.push((sq(t.0, t.1), None));
                        j += 1;
                    }
                }
            }
        }
        Atom::LionN(x, y, n) => {
            for d in steps(x, y) {
                let mut h = from;
                let mut ok = true;
                for _ in 0..n {
                    let (next, _) = first(h, d, 1);
                    ok &= cell(next) != Cell::Off;
                    h = next;
                }
                if ok {
                    ride_from(h, d, out);
                }
            }
        }
        Atom::LameLion(x, y, vx, vy) => {
            // The path: the square on the way of each leap, then its arrival; over the first piece on it, then
            // to the arrival squares after it.
            for (step, via) in images(x, y, vx, vy) {
                let mut path = Vec::new();
                let mut at = from;
                loop {
                    let (p, a) = (add(at, via, 1), add(at, step, 1));
                    if cell(a) == Cell::Off {
                        break;
                    }
                    path.push((p, false));
                    path.push((a, true));
                    at = a;
                }
                let Some(h) = path.iter().position(|&(t, _)| cell(t) != Cell::Empty) else { continue };
                for &(t, arrival) in &path[h + 1..] {
                    match cell(t) {
                        Cell::Empty if arrival => out.push((sq(t.0, t.1), None)),
                        Cell::Empty => {}
                        Cell::Enemy if arrival => {
                            out.push((sq(t.0, t.1), Some(sq(t.0, t.1))));
                            break;
                        }
                        _ => break,
                    }
                }
            }
        }
        Atom::LameHop(x, y, vx, vy) | Atom::Saltador(x, y, vx, vy) => {
            let saltador = matches!(atom, Atom::Saltador(..));
            for (step, via) in images(x, y, vx, vy) {
                let (to, mid) = (add(from, step, 1), add(from, via, 1));
                let hurdle = matches!(cell(mid), Cell::Own | Cell::Enemy);
                match cell(to) {
                    Cell::Empty if hurdle => out.push((sq(to.0, to.1), None)),
                    Cell::Enemy if hurdle != saltador => out.push((sq(to.0, to.1), Some(sq(to.0, to.1)))),
                    _ => {}
                }
            }
        }
        Atom::TreeHop(all) | Atom::LeafHop(all) => {
            let mut leaps = Vec::new();
            for a in -7i8..8 {
                for c in -7i8..8 {
                    if (a, c) != (0, 0) && (all || a == 0 || c == 0 || a.abs() == c.abs()) {
                        leaps.push((a, c));
                    }
                }
            }
            let len = |(a, c): (i8, i8)| a as i32 * a as i32 + c as i32 * c as i32;
            for &d in &leaps {
                if matches!(cell(add(from, d, 1)), Cell::Own | Cell::Enemy) {
                    for &e in leaps.iter().filter(|&&e| len(e) == len(d)) {
                        if matches!(atom, Atom::TreeHop(_)) {
                            land(add(add(from, d, 1), e, 1), out);
                        } else if e != d {
                            land(add(from, e, 1), out);
                        }
                    }
                }
            }
        }
        Atom::Scarab(x, y) => {
            // The knight's leaps at the smallest angle to the line: for a rank (2, ±1), for a diagonal (2, 1)
            // and (1, 2), turned with the line.
            for d in steps(x, y) {
                let (h, _) = first(from, d, 1);
                if cell(h) == Cell::Off {
                    continue;
                }
                let turns: Vec<(i8, i8)> = if d.0 == 0 || d.1 == 0 {
                    let (u, w) = (d, (-d.1, d.0));
                    vec![(2 * u.0 + w.0, 2 * u.1 + w.1), (2 * u.0 - w.0, 2 * u.1 - w.1)]
                } else {
                    vec![(2 * d.0, d.1), (d.0, 2 * d.1)]
                };
                for e in turns {
                    land(add(h, e, 1), out);
                }
            }
        }
        Atom::EagleEqui(nonstop) => {
            let mut lines = steps(1, 0);
            lines.extend(steps(1, 1));
            let queen_lines = lines.len();
            lines.extend(steps(1, 2));
            lines.extend(steps(2, 3));
            lines.extend(steps(1, 3));
            for (i, &d) in lines.iter().enumerate() {
                let hurdles: Vec<i8> = if nonstop {
                    (1..8).filter(|&k| matches!(cell(add(from, d, k)), Cell::Own | Cell::Enemy)).collect()
                } else if i < queen_lines {
                    let (h, k) = first(from, d, 1);
                    if cell(h) == Cell::Off {
                        vec![]
                    } else {
                        vec![k]
                    }
                } else if matches!(cell(add(from, d, 1)), Cell::Own | Cell::Enemy) {
                    vec![1]
                } else {
                    vec![]
                };
                for k in hurdles {
                    let h = add(from, d, k);
                    for turn in [(-d.1, d.0), (d.1, -d.0)] {
                        let between_empty = (1..k).all(|j| cell(add(h, turn, j)) == Cell::Empty);
                        if nonstop || i >= queen_lines || between_empty {
                            land(add(h, turn, k), out);
                        }
                    }
                }
            }
        }
        Atom::EquiStop => {
            let mut lines = steps(1, 0);
            lines.extend(steps(1, 1));
            for d in lines {
                let (h1, n) = first(from, d, 1);
                if cell(h1) == Cell::Off {
                    continue;
                }
                if n % 2 == 0 {
                    let m = add(from, d, n / 2);
                    out.push((sq(m.0, m.1), None));
                }
                let (h2, m) = first(h1, d, 1);
                if cell(h1) == Cell::Enemy && cell(h2) != Cell::Off && m == n {
                    out.push((sq(h1.0, h1.1), Some(sq(h1.0, h1.1))));
                }
            }
            let mut leaps = steps(1, 2);
            leaps.extend(steps(2, 3));
            leaps.extend(steps(1, 3));
            for d in leaps {
                if matches!(cell(add(from, d, 2)), Cell::Own | Cell::Enemy) {
                    land(add(from, d, 1), out);
                }
            }
        }
        Atom::Reflect(n) => {
            // Each path: a diagonal ride, turned by a right angle on the last square before the edge.
            let mut paths: Vec<_> = steps(1, 1).into_iter().map(|d| (from, d, n)).collect();
            while let Some((start, d, left)) = paths.pop() {
                let mut at = start;
                loop {
                    let next = add(at, d, 1);
                    match cell(next) {
                        Cell::Empty => {
                            out.push((sq(next.0, next.1), None));
                            at = next;
                        }
                        Cell::Enemy => {
                            out.push((sq(next.0, next.1), Some(sq(next.0, next.1))));
                            break;
                        }
                        Cell::Own => break,
                        Cell::Off => {
                            if left > 0 && at != start {
                                paths.push((at, (-d.1, d.0), left - 1));
                                paths.push((at, (d.1, -d.0), left - 1));
                            }
                            break;
                        }
                    }
                }
            }
        }
        Atom::BouncyKnight => {
            let edge = |(f, r): (i8, i8)| f == 0 || f == 7 || r == 0 || r == 7;
            let mut starts = vec![(from, 0)];
            while let Some((at, leaps)) = starts.pop() {
                for d in steps(1, 2) {
                    let to = add(at, d, 1);
                    land(to, out);
                    if cell(to) == Cell::Empty && edge(to) && leaps < 2 {
                        starts.push((to, leaps + 1));
                    }
                }
            }
        }
        Atom::UbiUbi => {
            let mut reached = vec![from];
            let mut i = 0;
            while i < reached.len() {
                for d in steps(1, 2) {
                    let to = add(reached[i], d, 1);
                    if cell(to) == Cell::Empty && !reached.contains(&to) {
                        reached.push(to);
                    }
                    if cell(to) == Cell::Enemy {
                        out.push((sq(to.0, to.1), Some(sq(to.0, to.1))));
                    }
                }
                i += 1;
            }
            out.extend(reached[1..].iter().map(|t| (sq(t.0, t.1), None)));
        }
        Atom::PawnLike(p) => {
            // Popeye's berolina.c, super.c, marine.c, reverse.c: forward is up for White, down for Black, the
            // other way for a reverse pawn. No move from its own first rank, unless a superpawn. A berolina pawn
            // moves diagonally and takes straight; a superpawn goes as far as the line is empty and takes the
            // first piece on it; a marine pawn takes by jumping the piece to the empty square beyond.
            let up = (color == Color::White) != p.reverse;
            let fwd = if up { 1 } else { -1 };
            let first_rank = if up { 0 } else { 7 };
            if p.rides || r0 != first_rank {
                let (moves, takes) = if p.berolina {
                    (vec![(-1, fwd), (1, fwd)], vec![(0, fwd)])
                } else {
                    (vec![(0, fwd)], vec![(-1, fwd), (1, fwd)])
                };
                for d in moves {
                    let mut k = 1;
                    while cell(add((f0, r0), d, k)) == Cell::Empty {
                        let (f, r) = add((f0, r0), d, k);
                        out.push((sq(f, r), None));
                        if !p.rides {
                            break;
                        }
                        k += 1;
                    }
                }
                for d in takes {
                    let (victim, k) = if p.rides { first((f0, r0), d, 1) } else { (add((f0, r0), d, 1), 1) };
                    if cell(victim) != Cell::Enemy {
                        continue;
                    }
                    let to = if p.marine { add((f0, r0), d, k + 1) } else { victim };
                    if !p.marine || cell(to) == Cell::Empty {
                        out.push((sq(to.0, to.1), Some(sq(victim.0, victim.1))));
                    }
                }
            }
        }
        Atom::ChinesePawn => {
            // Forward one step; on the other side's half of the board, sideways one step too.
            let fwd = if color == Color::White { 1 } else { -1 };
            land(add(from, (0, fwd), 1), out);
            let crossed = if color == Color::White { r0 >= 4 } else { r0 < 4 };
            if crossed {
                land(add(from, (1, 0), 1), out);
                land(add(from, (-1, 0), 1), out);
            }
        }
        Atom::Querquisite => {
            // The piece of the game's start on its file: a, h rook; b, g knight; c, f bishop; d queen; e king.
            let (rides, leaps): (Vec<_>, Vec<_>) = match f0 {
                0 | 7 => (steps(1, 0), vec![]),
                1 | 6 => (vec![], steps(1, 2)),
                2 | 5 => (steps(1, 1), vec![]),
                3 => (steps(1, 0).into_iter().chain(steps(1, 1)).collect(), vec![]),
                _ => (vec![], steps(1, 0).into_iter().chain(steps(1, 1)).collect()),
            };
            for d in rides {
                ride_from(from, d, out);
            }
            for d in leaps {
                land(add(from, d, 1), out);
            }
        }
        Atom::Rose(circle) => {
            // The circle of knight steps from `from`, starting with each step, turning either way: its squares
            // in order, up to the square before it closes.
            for start in 0..8 {
                for turn in [1usize, 7] {
                    let mut path = Vec::new();
                    let mut at = from;
                    for j in 0..8 {
                        let (df, dr) = ROSE_STEPS[(start + j * turn) % 8];
                        at = (at.0 + df, at.1 + dr);
                        if at == from {
                            break;
                        }
                        path.push(at);
                    }
                    rose_naive(circle, &path, from, &cell, out);
                }
            }
        }
        _ => {}
    }
}

/// What a rose-line piece does on one circle, `path` being its squares after `from` in order (the circle's
/// squares off the board included).
fn rose_naive(
    circle: Circle,
    path: &[(i8, i8)],
    _from: (i8, i8),
    cell: &impl Fn((i8, i8)) -> Cell,
    out: &mut Vec<(Square, Option<Square>)>,
) {
    let s = |(f, r): (i8, i8)| sq(f, r);
    // The index of the first square on the path that is not empty, if it is on the board.
    let first_piece = |from: usize| path.iter().skip(from).position(|&t| cell(t) != Cell::Empty).map(|i| i + from);
    let hurdle = first_piece(0).filter(|&i| cell(path[i]) != Cell::Off);
    match circle {
        Circle::Rider | Circle::Cannon => {
            let end = first_piece(0).unwrap_or(path.len());
            out.extend(path[..end].iter().map(|&t| (s(t), None)));
            if circle == Circle::Rider {
                if let Some(i) = hurdle.filter(|&i| cell(path[i]) == Cell::Enemy) {
                    out.push((s(path[i]), Some(s(path[i]))));
                }
            } else if let Some(i) = hurdle {
                if let Some(j) = first_piece(i + 1).filter(|&j| cell(path[j]) == Cell::Enemy) {
                    out.push((s(path[j]), Some(s(path[j]))));
                }
            }
        }
        Circle::Lion => {
            if let Some(i) = hurdle {
                let end = first_piece(i + 1).unwrap_or(path.len());
                out.extend(path[i + 1..end].iter().map(|&t| (s(t), None)));
                if end < path.len() && cell(path[end]) == Cell::Enemy {
                    out.push((s(path[end]), Some(s(path[end]))));
                }
            }
        }
        Circle::Hopper => {
            if let Some(&t) = hurdle.and_then(|i| path.get(i + 1)) {
                match cell(t) {
                    Cell::Empty => out.push((s(t), None)),
                    Cell::Enemy => out.push((s(t), Some(s(t)))),
                    _ => {}
                }
            }
        }
        Circle::Locust => {
            if let Some(i) = hurdle.filter(|&i| cell(path[i]) == Cell::Enemy) {
                if let Some(&t) = path.get(i + 1).filter(|&&t| cell(t) == Cell::Empty) {
                    out.push((s(t), Some(s(path[i]))));
                }
            }
        }
    }
}

/// The moves of the pawn on `from`: single and double step, diagonal captures, en passant, and on the last rank
/// one move per kind of `promotions`. Sorted.
pub fn pawn_moves_naive(pos: &Position, from: Square, promotions: &[Kind]) -> Vec<Move> {
    let b = NaiveBoard::from_position(pos);
    match b.get(from) {
        Some(p) if p.kind.is_fairy_pawn() => fairy_pawn_moves_on(&b, from, promotions),
        _ => pawn_moves_on(&b, from, promotions),
    }
}

/// The moves of the fairy pawn on `from` (Popeye's `pieces/walks/pawns/`): its walk's moves, each arrival on its
/// last rank (its first for a reverse pawn) one move per promotion kind (a marine pawn's: the marine pieces and the
/// others of `promotions` and of the board); from its second rank (its seventh, a reverse pawn) two steps of its
/// move, both squares empty (not a superpawn); en passant onto the square a double step passed (a marine pawn:
/// over it, to the empty square beyond), taking the piece that made it. Sorted.
fn fairy_pawn_moves_on(b: &NaiveBoard, from: Square, promotions: &[Kind]) -> Vec<Move> {
    let Some(me) = b.get(from) else { return Vec::new() };
    let Some(p) = me.kind.pawn_walk() else { return Vec::new() };
    let (f0, r0) = (from.file() as i8, from.rank() as i8);
    let color = if b.is_neutral(f0, r0) { b.side } else { me.color };
    let up = (color == Color::White) != p.reverse;
    let (fwd, second, last) = if up { (1, 1, 7) } else { (-1, 6, 0) };
    let marine: Vec<Kind> = ["SI", "TR", "ND", "MS"]
        .iter()
        .filter_map(|c| Kind::from_code(c))
        .chain(promotions.iter().copied().filter(|k| !k.is_orthodox()))
        .chain(
            [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT]
                .into_iter()
                .filter(|&k| Square::all().any(|s| b.get(s).is_some_and(|q| q.kind == k))),
        )
        .fold(Vec::new(), |mut v, k| {
            if !v.contains(&k) {
                v.push(k);
            }
            v
        });
    let promotees = if p.marine { &marine[..] } else { promotions };
    let mut out = Vec::new();
    let mut push = |to: Square, cap: Option<Square>, special: Special| {
        let mv = Move::new(from, to, cap, special);
        if to.rank() as i8 == last {
            out.extend(promotees.iter().map(|&k| mv.promoting(k)));
        } else {
            out.push(mv);
        }
    };
    for (to, cap) in targets_as(b, from, color) {
        push(to, cap, Special::None);
    }
    let steps: Vec<i8> = if p.berolina { vec![-1, 1] } else { vec![0] };
    let takes: Vec<i8> = if p.berolina { vec![0] } else { vec![-1, 1] };
    if !p.rides && r0 == second {
        for &df in &steps {
            let (one, two) = ((f0 + df, r0 + fwd), (f0 + 2 * df, r0 + 2 * fwd));
            if on_board(two.0, two.1) && b.at(one.0, one.1).is_none() && b.at(two.0, two.1).is_none() {
                push(sq(two.0, two.1), None, Special::DoubleStep);
            }
        }
    }
    if let Some(ep) = b.ep.filter(|_| !p.rides) {
        for &df in &takes {
            let (f, r) = (f0 + df, r0 + fwd);
            if !on_board(f, r) || sq(f, r) != ep || b.at(f, r).is_some() {
                continue;
            }
            let fwd_of_color = if color == Color::White { 1 } else { -1 };
            let Some(victim) = b.ep_victim(sq(f, r - fwd_of_color), color) else { continue };
            let to = if p.marine { (f + df, r + fwd) } else { (f, r) };
            if on_board(to.0, to.1) && (!p.marine || b.at(to.0, to.1).is_none()) {
                push(sq(to.0, to.1), Some(victim), Special::EnPassant);
            }
        }
    }
    out.sort();
    out
}

fn pawn_moves_on(b: &NaiveBoard, from: Square, promotions: &[Kind]) -> Vec<Move> {
    let Some(me) = b.get(from) else { return Vec::new() };
    let (f0, r0) = (from.file() as i8, from.rank() as i8);
    // A neutral pawn moves for the side to move, in its direction.
    let me = if b.is_neutral(f0, r0) { Piece::new(b.side, me.kind) } else { me };
    let (dir, start, last) = if me.color == Color::White { (1, 1, 7) } else { (-1, 6, 0) };
    let mut out = Vec::new();
    let kamikaze = NaiveBoard::mark(&b.kamikaze, from);
    let chameleon = NaiveBoard::mark(&b.chameleon, from);
    let mut push = |to: Square, cap: Option<Square>, special: Special| {
        let mv = Move::new(from, to, cap, special);
        if to.rank() as i8 == last && kamikaze && cap.is_some() {
            // A kamikaze pawn taking on its last rank leaves the board unpromoted.
            out.push(mv);
        } else if to.rank() as i8 == last {
            for &k in promotions {
                let sequence = matches!(k, Kind::KNIGHT | Kind::BISHOP | Kind::ROOK | Kind::QUEEN);
                let grasshopper = Kind::from_code("G") == Some(k);
                if (b.chameleons && !chameleon && sequence) || (b.hccs && b.plain_grasshopper && grasshopper) {
                    out.push(mv.promoting(k).choosing(1));
                    out.push(mv.promoting(k).choosing(2));
                } else {
                    out.push(mv.promoting(k));
                }
            }
        } else {
            out.push(mv);
        }
    };
    if on_board(f0, r0 + dir) && b.at(f0, r0 + dir).is_none() {
        push(sq(f0, r0 + dir), None, Special::None);
        if r0 == start && b.at(f0, r0 + 2 * dir).is_none() {
            push(sq(f0, r0 + 2 * dir), None, Special::DoubleStep);
        }
    }
    for df in [-1, 1] {
        let (f, r) = (f0 + df, r0 + dir);
        if !on_board(f, r) {
            continue;
        }
        match b.at(f, r) {
            Some(_) if b.takeable_by(f, r, me.color) => push(sq(f, r), Some(sq(f, r)), Special::None),
            Some(_) => {}
            None => {
                // En passant: the target is the square the enemy pawn passed; it stands just behind it (or where
                // the double step took it, a berolina pawn's).
                if b.ep == Some(sq(f, r)) {
                    if let Some(victim) = b.ep_victim(sq(f, r0), me.color) {
                        push(sq(f, r), Some(victim), Special::EnPassant);
                    }
                }
            }
        }
    }
    out.sort();
    out
}

/// The pieces of colour `by` that observe `sq`: those that could capture a piece of the other colour standing
/// on `sq`, by their walk alone (no check, pin or condition considered).
///
/// Exactly what is computed: whatever stands on `sq` is replaced by a piece of colour `!by` (a pawn, though
/// the kind does not matter), and every piece of colour `by` is asked for its moves in that position; it
/// observes `sq` when one of them captures on `sq` (the *captured* square, not the arrival square: a locust
/// observes the piece it jumps). Pawns observe by their diagonal captures only, not en passant. Replacing the
/// piece on `sq` never changes a path to `sq`, since every walk reaches its captured square over other
/// squares, so this is the observation of the seeds in the actual position.
pub fn observers_naive(pos: &Position, sq: Square, by: Color) -> Vec<Square> {
    observers_on(&NaiveBoard::from_position(pos), sq, by)
}

fn observers_on(b: &NaiveBoard, target: Square, by: Color) -> Vec<Square> {
    // An orphan or a friend observes by the walks it has on the board as it stands.
    let borrowers: Vec<Square> = b
        .squares_of(by)
        .into_iter()
        .filter(|&(from, p)| {
            p.kind.borrows().is_some_and(|how| {
                lent_walks(b, by, how)
                    .into_iter()
                    .any(|w| observes_as(b, from, by, w, target, how) && lends(b, from, by, w, how, &mut Vec::new()))
            })
        })
        .map(|(from, _)| from)
        .collect();
    let mut b = b.clone();
    b.set(target, Some(Piece::new(by.opposite(), Kind::PAWN)));
    b.set_neutral(target, false);
    let mut out = Vec::new();
    // A neutral piece observes for `by` as `by`'s own.
    for (from, p) in b.squares_of(by) {
        let observes = if p.kind.borrows().is_some() {
            borrowers.contains(&from)
        } else if p.kind == Kind::PAWN {
            let dir = if by == Color::White { 1 } else { -1 };
            target.rank() as i8 == from.rank() as i8 + dir && (target.file() as i8 - from.file() as i8).abs() == 1
        } else {
            targets_as(&b, from, by).iter().any(|&(_, cap)| cap == Some(target))
        };
        if observes {
            out.push(from);
        }
    }
    out.sort();
    out
}

/// The kinds on the board whose walks a piece of `color` borrowing as `how` could have: every kind standing
/// (of `color`, for a friend) but the borrowers and the dummy.
fn lent_walks(b: &NaiveBoard, color: Color, how: Borrow) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = Color::ALL
        .into_iter()
        .filter(|&c| how == Borrow::Orphan || c == color)
        .flat_map(|c| b.squares_of(c))
        .map(|(_, p)| p.kind)
        .filter(|k| k.borrows().is_none() && !PIECES[k.index()].walk.is_empty())
        .collect();
    kinds.sort();
    kinds.dedup();
    kinds
}

/// Whether the piece on `from`, of colour `color`, observes `target` as a piece of kind `walk` would: a copy of
/// the board with that piece there and an enemy pawn on `target`; by a pawn's walk, the square diagonally ahead
/// (for a friend, not on the first two ranks of its colour, as a pawn's captures).
fn observes_as(b: &NaiveBoard, from: Square, color: Color, walk: Kind, target: Square, how: Borrow) -> bool {
    if walk == Kind::PAWN {
        let dir = if color == Color::White { 1 } else { -1 };
        let rank = if color == Color::White { target.rank() } else { 7 - target.rank() };
        return target.rank() as i8 == from.rank() as i8 + dir
            && (target.file() as i8 - from.file() as i8).abs() == 1
            && (how == Borrow::Orphan || rank >= 2);
    }
    let mut c = b.clone();
    c.set(from, Some(Piece::new(color, walk)));
    c.set_neutral(from, false);
    c.set(target, Some(Piece::new(color.opposite(), Kind::PAWN)));
    c.set_neutral(target, false);
    targets_as(&c, from, color).iter().any(|&(_, cap)| cap == Some(target))
}

/// Whether the borrower on `sq` (colour `color`, borrowing as `how`) has the walk of `walk`: a piece of that kind
/// observes it (the other colour's for an orphan, its own colour's for a friend), or a borrower of that colour, on
/// no square of `chain` (the borrowers already on the way), that has the walk observes it by that walk.
fn lends(b: &NaiveBoard, sq: Square, color: Color, walk: Kind, how: Borrow, chain: &mut Vec<Square>) -> bool {
    let lender = if how == Borrow::Orphan { color.opposite() } else { color };
    let pieces = b.squares_of(lender);
    if pieces.iter().any(|&(s, p)| p.kind == walk && observes_as(b, s, lender, walk, sq, Borrow::Orphan)) {
        return true;
    }
    chain.push(sq);
    let found = pieces.iter().any(|&(s, p)| {
        p.kind.borrows() == Some(how)
            && !chain.contains(&s)
            && observes_as(b, s, lender, walk, sq, how)
            && lends(b, s, lender, walk, how, chain)
    });
    chain.pop();
    found
}

/// The targets of the borrower on `from` (colour `color`): by every walk it has, a pawn's as its own colour's
/// pawn (one step, two from its second rank, an orphan one from its first rank and a friend none; the diagonal
/// captures; no en passant).
fn borrowed_targets(b: &NaiveBoard, from: Square, color: Color, how: Borrow) -> Vec<(Square, Option<Square>)> {
    let mut out = Vec::new();
    for walk in lent_walks(b, color, how) {
        if !lends(b, from, color, walk, how, &mut Vec::new()) {
            continue;
        }
        if walk == Kind::PAWN {
            let (f0, r0) = (from.file() as i8, from.rank() as i8);
            let dir = if color == Color::White { 1 } else { -1 };
            let rank = if color == Color::White { r0 } else { 7 - r0 };
            let steps = match rank {
                0 if how == Borrow::Friend => 0,
                1 => 2,
                _ => 1,
            };
            if steps == 0 {
                continue;
            }
            for df in [-1, 1] {
                if on_board(f0 + df, r0 + dir) && b.takeable_by(f0 + df, r0 + dir, color) {
                    out.push((sq(f0 + df, r0 + dir), Some(sq(f0 + df, r0 + dir))));
                }
            }
            for k in 1..=steps {
                if !on_board(f0, r0 + k * dir) || b.at(f0, r0 + k * dir).is_some() {
                    break;
                }
                out.push((sq(f0, r0 + k * dir), None));
            }
        } else {
            let mut c = b.clone();
            c.set(from, Some(Piece::new(color, walk)));
            out.extend(targets_as(&c, from, color));
        }
    }
    out
}

impl NaiveBoard {
    /// The piece a capture en passant by `color` takes: the one that made the double step, where it stands;
    /// without the move known, an orthodox pawn on `behind` (just beyond the square passed).
    fn ep_victim(&self, behind: Square, color: Color) -> Option<Square> {
        let victim = self.ep_by.or_else(|| (self.get(behind)?.kind == Kind::PAWN).then_some(behind))?;
        let p = self.get(victim)?;
        (p.kind.pawn_walk().is_some() && self.takeable_by(victim.file() as i8, victim.rank() as i8, color))
            .then_some(victim)
    }

    /// Whether a king or the royal piece of `color` is observed by the other side, or is a pawn that has just
    /// made its double step beside an enemy pawn that may take it en passant.
    pub fn in_check(&self, color: Color) -> bool {
        let royal = self.royal[color.index()];
        self.squares_of(color).into_iter().any(|(s, p)| {
            (p.kind == Kind::KING || royal == Some(s))
                && (observers_on(self, s, color.opposite())
                    .into_iter()
                    .any(|o| !Self::mark(&self.paralysing, o) && !self.paralysed(o))
                    || (royal == Some(s)
                        && p.kind == Kind::PAWN
                        && self.side != color
                        && self.ep.is_some_and(|ep| {
                            ep.file() == s.file()
                                && (ep.rank() as i8 - s.rank() as i8).abs() == 1
                                && [-1i8, 1].iter().any(|df| {
                                    let back = if color == Color::White { 1 } else { -1 };
                                    self.at(ep.file() as i8 + df, ep.rank() as i8 + back)
                                        == Some(Piece::new(color.opposite(), Kind::PAWN))
                                })
                        })))
        })
    }

    /// Makes a move on the grid: removes the captured piece, moves (and promotes) the piece, moves the rook
    /// when castling, sets the en-passant square after a double step, drops the castling rights of every
    /// corner or king square the move touches, passes the turn.
    pub fn make(&self, mv: Move) -> NaiveBoard {
        let mut b = self.clone();
        if let Some(c) = mv.capture() {
            b.set(c, None);
        }
        let piece = b.get(mv.from).expect("a piece on the from square");
        for r in &mut b.royal {
            if *r == mv.capture() {
                *r = None;
            }
            if *r == Some(mv.from) {
                *r = Some(mv.to);
            }
        }
        // A neutral piece stays neutral where it goes (a neutral pawn's promotee too); a piece taken is gone.
        let neutral = self.is_neutral(mv.from.file() as i8, mv.from.rank() as i8);
        if let Some(c) = mv.capture() {
            b.set_neutral(c, false);
        }
        b.set_neutral(mv.from, false);
        b.set(mv.from, None);
        b.set(mv.to, Some(mv.promotion().map_or(piece, |k| Piece::new(piece.color, k))));
        b.set_neutral(mv.to, neutral);
        // The other marks go the same way.
        let kamikaze = Self::mark(&self.kamikaze, mv.from);
        let chameleon = Self::mark(&self.chameleon, mv.from);
        let hcc = Self::mark(&self.hcc, mv.from);
        let paralysing = Self::mark(&self.paralysing, mv.from);
        let half_neutral = Self::mark(&self.half_neutral, mv.from);
        for grid in [&mut b.kamikaze, &mut b.chameleon, &mut b.hcc, &mut b.paralysing, &mut b.half_neutral] {
            if let Some(c) = mv.capture() {
                Self::set_mark(grid, c, false);
            }
            Self::set_mark(grid, mv.from, false);
        }
        Self::set_mark(&mut b.kamikaze, mv.to, kamikaze);
        Self::set_mark(&mut b.chameleon, mv.to, chameleon);
        Self::set_mark(&mut b.hcc, mv.to, hcc);
        Self::set_mark(&mut b.paralysing, mv.to, paralysing);
        Self::set_mark(&mut b.half_neutral, mv.to, half_neutral);
        let grasshopper = Kind::from_code("G").expect("the grasshopper");
        if mv.promotion() == Some(grasshopper) && self.hccs && (mv.choice() == 2 || !self.plain_grasshopper) {
            Self::set_mark(&mut b.hcc, mv.to, true);
        }
        if hcc && piece.kind == grasshopper {
            // The hurdle: the square before the arrival on the line of the hop.
            let (df, dr) = (mv.to.file() as i8 - mv.from.file() as i8, mv.to.rank() as i8 - mv.from.rank() as i8);
            let (hf, hr) = (mv.to.file() as i8 - df.signum(), mv.to.rank() as i8 - dr.signum());
            if let Some(p) = b.at(hf, hr) {
                if p.kind != Kind::KING && !b.is_neutral(hf, hr) {
                    b.set(sq(hf, hr), Some(Piece::new(p.color.opposite(), p.kind)));
                }
            }
        }
        if kamikaze && mv.capture().is_some() {
            // The kamikaze capturer goes with its victim.
            b.set(mv.to, None);
            b.set_neutral(mv.to, false);
            Self::set_mark(&mut b.kamikaze, mv.to, false);
            Self::set_mark(&mut b.chameleon, mv.to, false);
            Self::set_mark(&mut b.hcc, mv.to, false);
            Self::set_mark(&mut b.half_neutral, mv.to, false);
            for r in &mut b.royal {
                if *r == Some(mv.to) {
                    *r = None;
                }
            }
        } else if chameleon
            && mv.promotion().is_none()
            && !matches!(mv.special, Special::CastleShort | Special::CastleLong)
        {
            let next = piece.kind.chameleon_next();
            if let Some(k) = next {
                b.set(mv.to, Some(Piece::new(piece.color, k)));
            }
        } else if mv.choice() == 2 && self.chameleons {
            // A promotion to a chameleon piece.
            Self::set_mark(&mut b.chameleon, mv.to, true);
        }
        let rank = mv.from.rank();
        let rook_move = |b: &mut NaiveBoard, from: u8, to: u8| {
            let (from, to) = (Square::from_coords(from, rank), Square::from_coords(to, rank));
            let rook = b.get(from);
            let neutral = b.is_neutral(from.file() as i8, from.rank() as i8);
            b.set(from, None);
            b.set_neutral(from, false);
            b.set(to, rook);
            b.set_neutral(to, neutral);
            for grid in [&mut b.kamikaze, &mut b.chameleon, &mut b.hcc, &mut b.paralysing, &mut b.half_neutral] {
                let on = Self::mark(grid, from);
                Self::set_mark(grid, from, false);
                Self::set_mark(grid, to, on);
            }
        };
        match mv.special {
            Special::CastleShort => rook_move(&mut b, 7, 5),
            Special::CastleLong => rook_move(&mut b, 0, 3),
            _ => {}
        }
        // A half-neutral mover, where it stands: neutral, it becomes the mover's; of a colour, neutral.
        if half_neutral && Self::mark(&b.half_neutral, mv.to) {
            let (f, r) = (mv.to.file() as i8, mv.to.rank() as i8);
            let kind = b.get(mv.to).expect("the mover").kind;
            if b.is_neutral(f, r) {
                b.set_neutral(mv.to, false);
                b.set(mv.to, Some(Piece::new(self.side, kind)));
            } else {
                b.set_neutral(mv.to, true);
                b.set(mv.to, Some(Piece::new(Color::White, kind)));
            }
        }
        b.ep = (mv.special == Special::DoubleStep)
            .then(|| Square::from_coords((mv.from.file() + mv.to.file()) / 2, (mv.from.rank() + mv.to.rank()) / 2));
        b.ep_by = (mv.special == Special::DoubleStep).then_some(mv.to);
        for s in [Some(mv.from), Some(mv.to), mv.capture()].into_iter().flatten() {
            let lost = match (s.file(), s.rank()) {
                (4, 0) => castle::WK | castle::WQ,
                (7, 0) => castle::WK,
                (0, 0) => castle::WQ,
                (4, 7) => castle::BK | castle::BQ,
                (7, 7) => castle::BK,
                (0, 7) => castle::BQ,
                _ => 0,
            };
            b.castling &= !lost;
        }
        b.side = self.side.opposite();
        b
    }

    /// Orthodox legal moves, sorted: every pseudo-move, plus castling, that does not leave the mover's king
    /// observed.
    pub fn legal_moves(&self, promotions: &[Kind]) -> Vec<Move> {
        let us = self.side;
        let mut pseudo = Vec::new();
        for (from, p) in self.squares_of(us) {
            if self.paralysed(from) {
                continue;
            }
            if p.kind == Kind::PAWN {
                pseudo.extend(pawn_moves_on(self, from, promotions));
            } else if p.kind.is_fairy_pawn() {
                pseudo.extend(fairy_pawn_moves_on(self, from, promotions));
            } else {
                pseudo.extend(
                    targets_on(self, from).into_iter().map(|(to, cap)| Move::new(from, to, cap, Special::None)),
                );
            }
        }
        pseudo.extend(self.castlings().into_iter().filter(|m| !self.paralysed(m.from)));
        pseudo.retain(|m| !(m.is_capture() && Self::mark(&self.paralysing, m.from)));
        let mut out: Vec<Move> = pseudo.into_iter().filter(|&mv| !self.make(mv).in_check(us)).collect();
        out.sort();
        out
    }

    /// Castling: king on e1/e8, the right, the rook in its corner, the squares between empty, the king not in
    /// check and not passing a square where it would be (the arrival square is tested like any move's).
    fn castlings(&self) -> Vec<Move> {
        let us = self.side;
        let rank: i8 = if us == Color::White { 0 } else { 7 };
        let (short, long) = if us == Color::White { (castle::WK, castle::WQ) } else { (castle::BK, castle::BQ) };
        let king = Piece::new(us, Kind::KING);
        let rook = Some(Piece::new(us, Kind::ROOK));
        let mut out = Vec::new();
        if self.at(4, rank) != Some(king) || self.in_check(us) {
            return out;
        }
        let safe_on = |f: i8| {
            let mut b = self.clone();
            b.set(sq(4, rank), None);
            b.set(sq(f, rank), Some(king));
            // With its marks (a paralysing king paralyses from the square it passes).
            let paralysing = Self::mark(&b.paralysing, sq(4, rank));
            Self::set_mark(&mut b.paralysing, sq(4, rank), false);
            Self::set_mark(&mut b.paralysing, sq(f, rank), paralysing);
            !b.in_check(us)
        };
        let empty = |fs: &[i8]| fs.iter().all(|&f| self.at(f, rank).is_none());
        if self.castling & short != 0 && self.at(7, rank) == rook && empty(&[5, 6]) && safe_on(5) {
            out.push(Move::new(sq(4, rank), sq(6, rank), None, Special::CastleShort));
        }
        if self.castling & long != 0 && self.at(0, rank) == rook && empty(&[1, 2, 3]) && safe_on(3) {
            out.push(Move::new(sq(4, rank), sq(2, rank), None, Special::CastleLong));
        }
        out
    }

    /// Leaf count of the legal move tree, every move made on the grid.
    pub fn perft(&self, depth: u32, promotions: &[Kind]) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves(promotions).into_iter().map(|mv| self.make(mv).perft(depth - 1, promotions)).sum()
    }
}

/// The orthodox legal moves (no conditions) of the side to move, sorted; pawns promote to `promotions`.
pub fn legal_moves_naive(pos: &Position, promotions: &[Kind]) -> Vec<Move> {
    NaiveBoard::from_position(pos).legal_moves(promotions)
}

/// Perft with [`legal_moves_naive`] and the naive `make`.
pub fn perft_naive(pos: &Position, depth: u32, promotions: &[Kind]) -> u64 {
    NaiveBoard::from_position(pos).perft(depth, promotions)
}

/// Whether the king of `color` is observed by the other side, by the naive reference.
pub fn in_check_naive(pos: &Position, color: Color) -> bool {
    NaiveBoard::from_position(pos).in_check(color)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(pos: &mut Position, s: &str, c: Color, k: Kind) {
        pos.put(Square::parse(s).unwrap(), Piece::new(c, k));
    }

    #[test]
    fn locust_on_the_edge_is_not_observed() {
        // Seed 003, diagram D: the locust h7 observes c2 (b1 is empty behind it), the locust c2 does not
        // observe h7 (no square behind it on the edge).
        let mut pos = Position::empty();
        put(&mut pos, "c2", Color::White, Kind::LOCUST);
        put(&mut pos, "h7", Color::Black, Kind::LOCUST);
        let c2 = Square::parse("c2").unwrap();
        let h7 = Square::parse("h7").unwrap();
        assert_eq!(observers_naive(&pos, c2, Color::Black), vec![h7]);
        assert!(observers_naive(&pos, h7, Color::White).is_empty());
    }

    #[test]
    fn start_position_perft() {
        let mut pos = Position::empty();
        let back =
            [Kind::ROOK, Kind::KNIGHT, Kind::BISHOP, Kind::QUEEN, Kind::KING, Kind::BISHOP, Kind::KNIGHT, Kind::ROOK];
        for f in 0..8u8 {
            pos.put(Square::from_coords(f, 0), Piece::new(Color::White, back[f as usize]));
            pos.put(Square::from_coords(f, 1), Piece::new(Color::White, Kind::PAWN));
            pos.put(Square::from_coords(f, 6), Piece::new(Color::Black, Kind::PAWN));
            pos.put(Square::from_coords(f, 7), Piece::new(Color::Black, back[f as usize]));
        }
        pos.set_castling(15);
        let promos = [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT];
        assert_eq!(perft_naive(&pos, 3, &promos), 8902);
    }
}
