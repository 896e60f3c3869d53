//! The walks that are neither leaps, rides, grasshopper hops, locusts nor lame leaps: lions, Chinese pieces,
//! kangaroos, equihoppers, roses, bouncers and the like (Popeye's `pieces/walks/`), stepped square by square.
//! Their observers are found by generating the candidates' moves with an enemy piece put on the observed square
//! ([`observed_by`]): these walks are rare, and that answer cannot drift from the moves.

use super::Occupancy;
use crate::pieces::{symmetric_images, symmetric_lame_images, Atom, Circle, Kind, PawnWalk, ROSE_STEPS};
use crate::square::{Bitboard, Color, Square};

/// One special atom with the steps it uses (the symmetric images of its offset; the line steps of a double
/// hopper; none for the others).
#[derive(Clone, Debug)]
pub struct Special {
    pub atom: Atom,
    pub steps: Vec<(i8, i8)>,
    /// The zigzags' pairs of steps, every image.
    pub pairs: Vec<((i8, i8), (i8, i8))>,
}

impl Special {
    /// `None` for the atoms the main kernel handles.
    pub fn new(atom: Atom) -> Option<Special> {
        let steps = match atom {
            Atom::Lion(a, b)
            | Atom::Cannon(a, b)
            | Atom::CannonLeap(a, b)
            | Atom::ContraHop(a, b)
            | Atom::HopN(a, b, _)
            | Atom::LeapHop(a, b)
            | Atom::Kangaroo(a, b)
            | Atom::KangarooLion(a, b)
            | Atom::Equi(a, b)
            | Atom::Edgehog(a, b)
            | Atom::Bouncer(a, b)
            | Atom::AngleHop(a, b, _)
            | Atom::Hamster(a, b)
            | Atom::ContraHamster(a, b)
            | Atom::QuietRide(a, b)
            | Atom::QuietLeap(a, b)
            | Atom::LocustLeap(a, b)
            | Atom::Argentinian(a, b)
            | Atom::LionN(a, b, _)
            | Atom::Scarab(a, b) => symmetric_images(a, b),
            Atom::TreeHop(all) | Atom::LeafHop(all) => {
                // Every leap that fits on the board (on ranks, files and diagonals only unless `all`).
                let mut v = Vec::new();
                for a in 0..8 {
                    for b in a.max(1)..8 {
                        if all || a == 0 || a == b {
                            v.extend(symmetric_images(a, b));
                        }
                    }
                }
                v
            }
            Atom::DoubleHop(ortho, diag) => {
                let mut v = Vec::new();
                if ortho {
                    v.extend(symmetric_images(1, 0));
                }
                if diag {
                    v.extend(symmetric_images(1, 1));
                }
                v
            }
            Atom::Radial => {
                // Every leap that fits on the board, grouped by length in `targets`.
                let mut v = Vec::new();
                for a in 0..8 {
                    for b in a.max(1)..8 {
                        v.extend(symmetric_images(a, b));
                    }
                }
                v
            }
            Atom::NonstopEqui(_)
            | Atom::Rose(_)
            | Atom::Zigzag(..)
            | Atom::LameLion(..)
            | Atom::LameHop(..)
            | Atom::Saltador(..)
            | Atom::EagleEqui(_)
            | Atom::EquiStop
            | Atom::Reflect(_)
            | Atom::BouncyKnight
            | Atom::UbiUbi
            | Atom::Querquisite
            | Atom::ChinesePawn
            | Atom::PawnLike(_) => Vec::new(),
            _ => return None,
        };
        let pairs = match atom {
            Atom::Zigzag(a, b, c, d)
            | Atom::LameLion(a, b, c, d)
            | Atom::LameHop(a, b, c, d)
            | Atom::Saltador(a, b, c, d) => symmetric_lame_images(a, b, c, d),
            _ => Vec::new(),
        };
        Some(Special { atom, steps, pairs })
    }

    /// Whether the squares that decide an observation lie on the lines through the observed square in the
    /// directions of `steps` (else any square may matter).
    pub fn on_lines(&self) -> bool {
        !matches!(
            self.atom,
            Atom::NonstopEqui(_)
                | Atom::Rose(_)
                | Atom::DoubleHop(..)
                | Atom::LeapHop(..)
                | Atom::CannonLeap(..)
                | Atom::Zigzag(..)
                | Atom::Radial
                | Atom::LocustLeap(..)
                | Atom::AngleHop(..)
                | Atom::ContraHamster(..)
                | Atom::LameLion(..)
                | Atom::LameHop(..)
                | Atom::Saltador(..)
                | Atom::TreeHop(_)
                | Atom::LeafHop(_)
                | Atom::Scarab(..)
                | Atom::EagleEqui(_)
                | Atom::EquiStop
                | Atom::Reflect(_)
                | Atom::BouncyKnight
                | Atom::UbiUbi
                | Atom::Querquisite
                | Atom::ChinesePawn
                | Atom::PawnLike(_)
        )
    }
}

/// The board reduced to what these walks read.
struct View {
    occ: Bitboard,
    theirs: Bitboard,
    /// The side the piece moves for (the Chinese pawn's forward).
    us: Color,
}

impl View {
    fn empty(&self, s: Square) -> bool {
        !self.occ.has(s)
    }

    /// The first occupied square after `from` on the line of `d`, if any before the edge.
    fn first(&self, from: Square, d: (i8, i8)) -> Option<Square> {
        let mut cur = from;
        loop {
            cur = cur.offset(d.0, d.1)?;
            if self.occ.has(cur) {
                return Some(cur);
            }
        }
    }

    /// Arrival on `to`: a move to an empty square, a capture of an enemy, nothing on an own piece.
    fn land(&self, to: Square, emit: &mut impl FnMut(Square, Option<Square>)) {
        if self.empty(to) {
            emit(to, None);
        } else if self.theirs.has(to) {
            emit(to, Some(to));
        }
    }

    /// Arrival `n` steps beyond the hurdle on `hurdle` on the line of `d`, the `n - 1` squares between empty.
    fn land_beyond(&self, hurdle: Square, d: (i8, i8), n: u8, emit: &mut impl FnMut(Square, Option<Square>)) {
        let mut cur = hurdle;
        for _ in 1..n {
            match cur.offset(d.0, d.1) {
                Some(next) if self.empty(next) => cur = next,
                _ => return,
            }
        }
        if let Some(to) = cur.offset(d.0, d.1) {
            self.land(to, emit);
        }
    }

    /// Every empty square after `from` on the line of `d`, then the capture of the first piece if an enemy.
    fn ride(&self, from: Square, d: (i8, i8), emit: &mut impl FnMut(Square, Option<Square>)) {
        let mut cur = from;
        while let Some(next) = cur.offset(d.0, d.1) {
            if self.empty(next) {
                emit(next, None);
                cur = next;
            } else {
                if self.theirs.has(next) {
                    emit(next, Some(next));
                }
                break;
            }
        }
    }
}

fn on_edge(s: Square) -> bool {
    s.file() == 0 || s.file() == 7 || s.rank() == 0 || s.rank() == 7
}

/// The moves of a piece of colour `us` on `from` by the special atoms `specials`: (arrival, capture square)
/// through `emit`, each move once.
pub fn targets(
    specials: &[Special],
    board: &impl Occupancy,
    us: Color,
    from: Square,
    emit: &mut impl FnMut(Square, Option<Square>),
) {
    // A neutral piece is of both colours, but never takes itself (a rose's circle back to its square).
    let v = View { occ: board.occupied(), theirs: board.color_bb(us.opposite()) & !from.bb(), us };
    // Several paths may lead to one move (roses both ways round, double hops): each move once.
    let mut seen: Vec<(Square, Option<Square>)> = Vec::new();
    let mut once = |to: Square, cap: Option<Square>| {
        if !seen.contains(&(to, cap)) {
            seen.push((to, cap));
            emit(to, cap);
        }
    };
    for s in specials {
        special_targets(s, &v, from, &mut once);
    }
}

fn special_targets(s: &Special, v: &View, from: Square, emit: &mut impl FnMut(Square, Option<Square>)) {
    match s.atom {
        Atom::Lion(..) => {
            for &d in &s.steps {
                if let Some(h) = v.first(from, d) {
                    v.ride(h, d, emit);
                }
            }
        }
        Atom::Cannon(..) => {
            for &d in &s.steps {
                let mut cur = from;
                while let Some(next) = cur.offset(d.0, d.1) {
                    if v.empty(next) {
                        emit(next, None);
                        cur = next;
                    } else {
                        if let Some(t) = v.first(next, d).filter(|&t| v.theirs.has(t)) {
                            emit(t, Some(t));
                        }
                        break;
                    }
                }
            }
        }
        Atom::CannonLeap(..) => {
            for &d in &s.steps {
                if let Some(to) = from.offset(d.0, d.1) {
                    if v.empty(to) {
                        emit(to, None);
                    } else if let Some(t) = to.offset(d.0, d.1).filter(|&t| v.theirs.has(t)) {
                        emit(t, Some(t));
                    }
                }
            }
        }
        Atom::ContraHop(..) => {
            for &d in &s.steps {
                if let Some(h) = from.offset(d.0, d.1).filter(|&h| !v.empty(h)) {
                    v.ride(h, d, emit);
                }
            }
        }
        Atom::HopN(_, _, n) => {
            for &d in &s.steps {
                if let Some(h) = v.first(from, d) {
                    v.land_beyond(h, d, n, emit);
                }
            }
        }
        Atom::LeapHop(..) => {
            for &d in &s.steps {
                if let Some(h) = from.offset(d.0, d.1).filter(|&h| !v.empty(h)) {
                    if let Some(to) = h.offset(d.0, d.1) {
                        v.land(to, emit);
                    }
                }
            }
        }
        Atom::Kangaroo(..) | Atom::KangarooLion(..) => {
            for &d in &s.steps {
                let Some(h2) = v.first(from, d).and_then(|h1| v.first(h1, d)) else { continue };
                if matches!(s.atom, Atom::KangarooLion(..)) {
                    v.ride(h2, d, emit);
                } else if let Some(to) = h2.offset(d.0, d.1) {
                    v.land(to, emit);
                }
            }
        }
        Atom::Equi(..) => {
            for &d in &s.steps {
                let Some(h) = v.first(from, d) else { continue };
                let dist = (h.file() as i8 - from.file() as i8).abs().max((h.rank() as i8 - from.rank() as i8).abs())
                    / d.0.abs().max(d.1.abs());
                // As far beyond the hurdle as the hurdle is from the piece.
                v.land_beyond(h, d, dist as u8, emit);
            }
        }
        Atom::NonstopEqui(lines_only) => {
            for h in v.occ {
                let (df, dr) = (h.file() as i8 - from.file() as i8, h.rank() as i8 - from.rank() as i8);
                if (df, dr) == (0, 0) || (lines_only && df != 0 && dr != 0 && df.abs() != dr.abs()) {
                    continue;
                }
                if let Some(to) = h.offset(df, dr) {
                    v.land(to, emit);
                }
            }
        }
        Atom::DoubleHop(..) => {
            for &d1 in &s.steps {
                let Some(p) = v.first(from, d1).and_then(|h| h.offset(d1.0, d1.1)).filter(|&p| v.empty(p)) else {
                    continue;
                };
                for &d2 in &s.steps {
                    if let Some(to) = v.first(p, d2).and_then(|h| h.offset(d2.0, d2.1)).filter(|&t| t != from) {
                        v.land(to, emit);
                    }
                }
            }
        }
        Atom::Edgehog(..) => {
            let edge = on_edge(from);
            for &d in &s.steps {
                v.ride(from, d, &mut |to, cap| {
                    if on_edge(to) != edge {
                        emit(to, cap);
                    }
                });
            }
        }
        Atom::Bouncer(..) => {
            for &d in &s.steps {
                // Steps to the first piece or off the board.
                let mut k = 1;
                let mut cur = from;
                while let Some(next) = cur.offset(d.0, d.1).filter(|&n| v.empty(n)) {
                    cur = next;
                    k += 1;
                }
                let mut back = from;
                let mut ok = true;
                for i in 0..k {
                    match back.offset(-d.0, -d.1) {
                        Some(next) if i + 1 == k || v.empty(next) => back = next,
                        _ => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    v.land(back, emit);
                }
            }
        }
        Atom::AngleHop(_, _, n) => {
            const RING: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
            for &d in &s.steps {
                let Some(h) = v.first(from, d) else { continue };
                let i = RING.iter().position(|&r| r == d).unwrap_or(0);
                for j in [i + n as usize, i + 8 - n as usize] {
                    let (df, dr) = RING[j % 8];
                    if let Some(to) = h.offset(df, dr) {
                        v.land(to, emit);
                    }
                }
            }
        }
        Atom::Hamster(..) => {
            for &d in &s.steps {
                if let Some(to) = v.first(from, d).and_then(|h| h.offset(-d.0, -d.1)).filter(|&t| t != from) {
                    emit(to, None);
                }
            }
        }
        Atom::ContraHamster(..) => {
            for &d in &s.steps {
                if from.offset(-d.0, -d.1).is_some_and(|b| !v.empty(b)) {
                    v.ride(from, d, emit);
                }
            }
        }
        Atom::QuietRide(..) => {
            for &d in &s.steps {
                let mut cur = from;
                while let Some(next) = cur.offset(d.0, d.1).filter(|&n| v.empty(n)) {
                    emit(next, None);
                    cur = next;
                }
            }
        }
        Atom::QuietLeap(..) => {
            for &d in &s.steps {
                if let Some(to) = from.offset(d.0, d.1).filter(|&t| v.empty(t)) {
                    emit(to, None);
                }
            }
        }
        Atom::LocustLeap(..) => {
            for &d in &s.steps {
                if let Some(c) = from.offset(d.0, d.1).filter(|&c| v.theirs.has(c)) {
                    if let Some(to) = c.offset(d.0, d.1).filter(|&t| v.empty(t)) {
                        emit(to, Some(c));
                    }
                }
            }
        }
        Atom::Zigzag(..) => {
            for &(zig, zag) in &s.pairs {
                let mut cur = from;
                for i in 0.. {
                    let d = if i % 2 == 0 { zig } else { zag };
                    let Some(next) = cur.offset(d.0, d.1) else { break };
                    if !v.empty(next) {
                        if v.theirs.has(next) {
                            emit(next, Some(next));
                        }
                        break;
                    }
                    emit(next, None);
                    cur = next;
                }
            }
        }
        Atom::Radial => {
            let len = |(a, b): (i8, i8)| a as i32 * a as i32 + b as i32 * b as i32;
            for &d in &s.steps {
                let Some(h) = from.offset(d.0, d.1).filter(|&h| v.theirs.has(h)) else { continue };
                for &e in s.steps.iter().filter(|&&e| len(e) == len(d)) {
                    if let Some(to) = h.offset(e.0, e.1) {
                        v.land(to, emit);
                    }
                }
            }
        }
        Atom::Argentinian(..) => {
            for &d in &s.steps {
                let Some(h) = v.first(from, d) else { continue };
                if v.theirs.has(h) {
                    emit(h, Some(h));
                }
                let mut cur = h;
                while let Some(next) = cur.offset(d.0, d.1).filter(|&n| v.empty(n)) {
                    emit(next, None);
                    cur = next;
                }
            }
        }
        Atom::LionN(_, _, n) => {
            for &d in &s.steps {
                let mut h = Some(from);
                for _ in 0..n {
                    h = h.and_then(|h| v.first(h, d));
                }
                if let Some(h) = h {
                    v.ride(h, d, emit);
                }
            }
        }
        Atom::LameLion(..) => {
            // Popeye's `maooa_rider_lion_generate_moves`: leap by leap while both squares are empty, the hurdle
            // being the first piece met.
            for &(step, via) in &s.pairs {
                let at = |k: i8| from.offset(k * step.0, k * step.1);
                let passed = |k: i8| at(k - 1).and_then(|a| a.offset(via.0, via.1));
                let free = |q: Option<Square>| q.is_some_and(|q| v.empty(q));
                let mut k = 1;
                while free(passed(k)) && free(at(k)) {
                    k += 1;
                }
                let (Some(p), Some(a)) = (passed(k), at(k)) else { continue };
                if !v.empty(p) {
                    v.land(a, emit);
                }
                if v.empty(p) || v.empty(a) {
                    k += 1;
                    while free(passed(k)) && free(at(k)) {
                        emit(at(k).unwrap_or(from), None);
                        k += 1;
                    }
                    if let Some(a) = at(k).filter(|&a| free(passed(k)) && v.theirs.has(a)) {
                        emit(a, Some(a));
                    }
                }
            }
        }
        Atom::LameHop(..) | Atom::Saltador(..) => {
            let saltador = matches!(s.atom, Atom::Saltador(..));
            for &(step, via) in &s.pairs {
                let (Some(to), Some(mid)) = (from.offset(step.0, step.1), from.offset(via.0, via.1)) else {
                    continue;
                };
                if !saltador {
                    if !v.empty(mid) {
                        v.land(to, emit);
                    }
                } else if !v.empty(mid) && v.empty(to) {
                    emit(to, None);
                } else if v.empty(mid) && v.theirs.has(to) {
                    emit(to, Some(to));
                }
            }
        }
        Atom::TreeHop(_) | Atom::LeafHop(_) => {
            let len = |(a, b): (i8, i8)| a as i32 * a as i32 + b as i32 * b as i32;
            let tree = matches!(s.atom, Atom::TreeHop(_));
            for &d in &s.steps {
                if from.offset(d.0, d.1).is_none_or(|h| v.empty(h)) {
                    continue;
                }
                for &e in s.steps.iter().filter(|&&e| len(e) == len(d) && (tree || e != d)) {
                    let to = if tree { from.offset(d.0 + e.0, d.1 + e.1) } else { from.offset(e.0, e.1) };
                    if let Some(to) = to {
                        v.land(to, emit);
                    }
                }
            }
        }
        Atom::Scarab(..) => {
            const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
            for &d in &s.steps {
                let Some(h) = v.first(from, d) else { continue };
                let dot = |e: &(i8, i8)| e.0 * d.0 + e.1 * d.1;
                let best = KNIGHT.iter().map(dot).max().unwrap_or(0);
                for e in KNIGHT.iter().filter(|e| dot(e) == best) {
                    if let Some(to) = h.offset(e.0, e.1) {
                        v.land(to, emit);
                    }
                }
            }
        }
        Atom::EagleEqui(nonstop) => {
            for d in equi_lines() {
                let queen = d.0.abs() <= 1 && d.1.abs() <= 1;
                let mut k = 1;
                while let Some(h) = from.offset(k * d.0, k * d.1) {
                    if !v.empty(h) {
                        // Turned by a right angle either way, as far on as it came.
                        for (x, y) in [(-d.1, d.0), (d.1, -d.0)] {
                            if queen && !nonstop {
                                let mut ok = true;
                                for i in 1..k {
                                    ok &= h.offset(i * x, i * y).is_some_and(|q| v.empty(q));
                                }
                                if let Some(to) = h.offset(k * x, k * y).filter(|_| ok) {
                                    v.land(to, emit);
                                }
                            } else if let Some(to) = h.offset(k * x, k * y) {
                                v.land(to, emit);
                            }
                        }
                        if !nonstop {
                            break;
                        }
                    }
                    if !nonstop && !queen {
                        break;
                    }
                    k += 1;
                }
            }
        }
        Atom::EquiStop => {
            for d in equi_lines() {
                if d.0.abs() <= 1 && d.1.abs() <= 1 {
                    let Some(h1) = v.first(from, d) else { continue };
                    let n =
                        (h1.file() as i8 - from.file() as i8).abs().max((h1.rank() as i8 - from.rank() as i8).abs());
                    if n % 2 == 0 {
                        if let Some(mid) = from.offset(n / 2 * d.0, n / 2 * d.1) {
                            emit(mid, None);
                        }
                    }
                    let far = h1.offset(n * d.0, n * d.1);
                    if v.theirs.has(h1) && far.is_some_and(|f| v.first(h1, d) == Some(f)) {
                        emit(h1, Some(h1));
                    }
                } else if from.offset(2 * d.0, 2 * d.1).is_some_and(|h| !v.empty(h)) {
                    if let Some(to) = from.offset(d.0, d.1) {
                        v.land(to, emit);
                    }
                }
            }
        }
        Atom::Reflect(n) => {
            for d in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                reflect(v, from, d, n, emit);
            }
        }
        Atom::BouncyKnight => bouncy_knight(v, from, 2, emit),
        Atom::UbiUbi => {
            let mut taboo = v.occ & !v.theirs;
            taboo.set(from);
            let mut todo = vec![from];
            while let Some(at) = todo.pop() {
                for (a, b) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
                    let Some(to) = at.offset(a, b).filter(|&t| !taboo.has(t)) else { continue };
                    taboo.set(to);
                    if v.empty(to) {
                        emit(to, None);
                        todo.push(to);
                    } else {
                        emit(to, Some(to));
                    }
                }
            }
        }
        Atom::ChinesePawn => {
            let fwd = if v.us == Color::White { 1 } else { -1 };
            let past_river = if v.us == Color::White { from.rank() >= 4 } else { from.rank() <= 3 };
            let sideways: &[(i8, i8)] = if past_river { &[(1, 0), (-1, 0)] } else { &[] };
            for &(a, b) in [(0, fwd)].iter().chain(sideways) {
                if let Some(to) = from.offset(a, b) {
                    v.land(to, emit);
                }
            }
        }
        Atom::PawnLike(p) => pawn_like(p, v, from, emit),
        Atom::Querquisite => {
            let rook = [(1, 0), (0, 1), (-1, 0), (0, -1)];
            let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
            match from.file() {
                0 | 7 => rook.iter().for_each(|&d| v.ride(from, d, emit)),
                2 | 5 => bishop.iter().for_each(|&d| v.ride(from, d, emit)),
                3 => rook.iter().chain(&bishop).for_each(|&d| v.ride(from, d, emit)),
                1 | 6 => {
                    for (a, b) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
                        if let Some(to) = from.offset(a, b) {
                            v.land(to, emit);
                        }
                    }
                }
                _ => {
                    for &(a, b) in rook.iter().chain(&bishop) {
                        if let Some(to) = from.offset(a, b) {
                            v.land(to, emit);
                        }
                    }
                }
            }
        }
        Atom::Rose(circle) => {
            for start in 0..8 {
                for turn in [1, 7] {
                    rose_line(circle, v, from, start, turn, emit);
                }
            }
        }
        _ => {}
    }
}

/// A fairy pawn's single moves and captures (Popeye's `berolina.c`, `super.c`, `marine.c`, `reverse.c`): none
/// from its base rank; the double step, en passant and promotion are the move generator's.
fn pawn_like(p: PawnWalk, v: &View, from: Square, emit: &mut impl FnMut(Square, Option<Square>)) {
    if p.base_rank(v.us) == Some(from.rank()) {
        return;
    }
    for &(a, b) in p.move_dirs(v.us) {
        let mut cur = from;
        while let Some(to) = cur.offset(a, b).filter(|&t| v.empty(t)) {
            emit(to, None);
            if !p.rides {
                break;
            }
            cur = to;
        }
    }
    for &(a, b) in p.capture_dirs(v.us) {
        let victim = if p.rides { v.first(from, (a, b)) } else { from.offset(a, b) };
        let Some(victim) = victim.filter(|&s| v.theirs.has(s)) else { continue };
        if p.marine {
            if let Some(to) = victim.offset(a, b).filter(|&t| v.empty(t)) {
                emit(to, Some(victim));
            }
        } else {
            emit(victim, Some(victim));
        }
    }
}

/// The lines of the equihoppers: ranks, files and diagonals by one step, and the knight's, zebra's and camel's
/// leaps (Popeye's `vec_equi_nonintercept`).
fn equi_lines() -> impl Iterator<Item = (i8, i8)> {
    [(1, 0), (1, 1), (1, 2), (2, 3), (1, 3)].into_iter().flat_map(|(a, b)| symmetric_images(a, b))
}

/// The reflecting bishop's ride from `at` along `d`, reflected at the board's edge `n` more times at most
/// (Popeye's `reflecting_bishop_generate_moves_recursive`).
fn reflect(v: &View, at: Square, d: (i8, i8), n: u8, emit: &mut impl FnMut(Square, Option<Square>)) {
    let Some(mut cur) = at.offset(d.0, d.1) else { return };
    loop {
        if !v.empty(cur) {
            if v.theirs.has(cur) {
                emit(cur, Some(cur));
            }
            return;
        }
        emit(cur, None);
        match cur.offset(d.0, d.1) {
            Some(next) => cur = next,
            None => break,
        }
    }
    if n > 0 {
        for e in [(-d.1, d.0), (d.1, -d.0)] {
            reflect(v, cur, e, n - 1, emit);
        }
    }
}

/// The bouncy knight's leaps from `at`, `more` further ones from an empty square on the edge (Popeye's
/// `bouncy_knight_generate_moves_recursive`).
fn bouncy_knight(v: &View, at: Square, more: u8, emit: &mut impl FnMut(Square, Option<Square>)) {
    for (a, b) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
        let Some(to) = at.offset(a, b) else { continue };
        if v.empty(to) {
            emit(to, None);
            if more > 0 && on_edge(to) {
                bouncy_knight(v, to, more - 1, emit);
            }
        } else if v.theirs.has(to) {
            emit(to, Some(to));
        }
    }
}

/// One rose line from `from`: knight steps starting with `ROSE_STEPS[start]`, turning by `turn` (1 or 7, that is
/// -1) eighths at every step, until the circle closes on `from`.
fn rose_line(
    circle: Circle,
    v: &View,
    from: Square,
    start: usize,
    turn: usize,
    emit: &mut impl FnMut(Square, Option<Square>),
) {
    let mut i = start;
    let mut cur = from;
    // The next square of the circle (None off the board), the step index moving on.
    let mut next = |cur: Square| {
        let (df, dr) = ROSE_STEPS[i % 8];
        i += turn;
        cur.offset(df, dr)
    };
    // Along the circle over empty squares (quiet moves for the rose and the rao) to the first piece.
    let first = loop {
        match next(cur) {
            Some(n) if n == from => return,
            Some(n) if v.empty(n) => {
                if matches!(circle, Circle::Rider | Circle::Cannon) {
                    emit(n, None);
                }
                cur = n;
            }
            other => break other,
        }
    };
    let Some(h) = first else { return };
    match circle {
        Circle::Rider => {
            if v.theirs.has(h) {
                emit(h, Some(h));
            }
        }
        Circle::Locust => {
            if v.theirs.has(h) {
                if let Some(to) = next(h).filter(|&t| v.empty(t)) {
                    emit(to, Some(h));
                }
            }
        }
        Circle::Hopper => {
            if let Some(to) = next(h).filter(|&t| t != from) {
                v.land(to, emit);
            }
        }
        Circle::Cannon | Circle::Lion => {
            let mut cur = h;
            loop {
                match next(cur) {
                    Some(n) if v.empty(n) => {
                        if circle == Circle::Lion {
                            emit(n, None);
                        }
                        cur = n;
                    }
                    Some(n) if n != from && v.theirs.has(n) => {
                        emit(n, Some(n));
                        break;
                    }
                    _ => break,
                }
            }
        }
    }
}

/// The board with a piece of the colour other than `by` put on `sq`: what an observer of `sq` would capture.
struct Target<'a, B> {
    board: &'a B,
    sq: Square,
    by: Color,
}

impl<B: Occupancy> Occupancy for Target<'_, B> {
    fn occupied(&self) -> Bitboard {
        self.board.occupied() | self.sq.bb()
    }
    fn color_bb(&self, color: Color) -> Bitboard {
        if color == self.by {
            self.board.color_bb(color) & !self.sq.bb()
        } else {
            self.board.color_bb(color) | self.sq.bb()
        }
    }
    fn pieces_bb(&self, color: Color, kind: Kind) -> Bitboard {
        self.board.pieces_bb(color, kind) & !self.sq.bb()
    }
}

/// The pieces among `candidates` (of colour `by`) that capture on `sq` by the special atoms, a piece of the
/// other colour standing there.
pub fn observed_by(
    specials: &[Special],
    board: &impl Occupancy,
    by: Color,
    sq: Square,
    candidates: Bitboard,
) -> Bitboard {
    let t = Target { board, sq, by };
    let mut found = Bitboard::EMPTY;
    for from in candidates {
        if from == sq {
            continue;
        }
        let mut hit = false;
        targets(specials, &t, by, from, &mut |_, cap| hit |= cap == Some(sq));
        if hit {
            found.set(from);
        }
    }
    found
}
