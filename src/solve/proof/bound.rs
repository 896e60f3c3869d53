//! The empty board's bound of a proof game (orthodox rules): whether each side can still bring its pieces to the
//! diagram with the moves it has left. Every count is a relaxation of real play (pieces never block each other,
//! a capture is always at hand where a pawn needs one, several diagram pieces may be counted from one piece of
//! the position), so a position it rejects cannot reach the diagram; one it accepts may not.

use crate::attacks::between;
use crate::attacks::Occupancy;
use crate::pieces::Kind;
use crate::position::{castle, Position};
use crate::square::{Bitboard, Color, Square};

/// More moves than any game has.
const FAR: u8 = 200;

/// The empty board's distances and the diagram's pieces, side by side.
#[derive(Clone, Debug)]
pub struct Bound {
    /// Fewest moves of a king, queen, rook, bishop, knight (kind index 0..5) from one square to another on the
    /// empty board ([`FAR`]: never).
    dist: Vec<[[u8; 64]; 64]>,
    /// Fewest moves of each colour's king from one square to another, never on a square that a pawn of the
    /// other side attacks from its own second rank (a pawn of the diagram there never moves: the king could
    /// never step there).
    king: Vec<[[u8; 64]; 64]>,
    /// Fewest moves of a pawn of each colour from a square to a promotion as each kind (queen .. knight, index
    /// 1..5) and then to a square: `promote[colour][kind][from][to]`.
    promote: Vec<Vec<[[u8; 64]; 64]>>,
    /// Per colour: the squares of the diagram's pawns, its number of pieces.
    pawns: [Vec<Square>; 2],
    count: [u32; 2],
    /// Per colour and kind (king .. knight): how many the diagram has.
    kinds: [[u32; 5]; 2],
    /// Per colour: the squares of the diagram's pawns.
    pawn_squares: [Bitboard; 2],
    /// Per colour and kind (king .. knight): the squares of the diagram's pieces of that kind.
    officers_by_kind: [[Vec<Square>; 5]; 2],
    /// Per colour and kind (king .. knight): the same squares as a bitboard.
    officer_squares: [[Bitboard; 5]; 2],
}

/// A worker's memory of the pawn matchings it has computed, by the pawns of a colour (they change only when a
/// pawn moves or is captured): direct-mapped, `(key, moves, captures)`, `u32::MAX` moves for none.
pub struct Scratch {
    pawns: Vec<(u64, u32, u32)>,
    /// The walls of a colour's pawns (see [`Bound::walls`]), by the pawns, the colour and the moves left:
    /// `(pawns, colour and moves, walls)`.
    walls: Vec<(u64, u32, u64)>,
    /// The straight ways of a colour's pawns (see [`Bound::straight_ways`]), keyed as the walls.
    ways: Vec<(u64, u32, u64)>,
    /// What [`Bound::side_needs`] found for a side, by its pieces: in a search one side's pieces stand the same
    /// while the other side's move, so most questions have been answered before.
    sides: Vec<SideEntry>,
}

/// One side's needs as [`Bound::side_needs`] counted them, with what they depend on: the side's pieces kind by
/// kind and its castling rights (exactly), and the walls only on the squares `crossed` that a rider's one move
/// crossed (the count read no wall elsewhere), where they were `walls`.
#[derive(Clone, Copy, Default)]
struct SideEntry {
    pieces: [u64; 6],
    rights: u8,
    /// The square of a piece that must leave it and come back ([`NOWHERE`]: none).
    forced: u8,
    valid: bool,
    crossed: u64,
    walls: u64,
    /// `None`: some piece of the diagram cannot be reached at all.
    needs: Option<(u32, u32)>,
}

const SCRATCH_BITS: u32 = 12;

/// No square.
const NOWHERE: u8 = 64;

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            pawns: vec![(0, 0, 0); 1 << SCRATCH_BITS],
            walls: vec![(0, 0, 0); 1 << SCRATCH_BITS],
            ways: vec![(0, 0, 0); 1 << SCRATCH_BITS],
            sides: vec![SideEntry::default(); 1 << SCRATCH_BITS],
        }
    }
}

/// A pawn's way from `from` to `to` (`to` may be on the last rank: a promotion): its moves and the captures it
/// makes, or `None` where no pawn gets there.
fn pawn_way(color: Color, from: Square, to: Square) -> Option<(u8, u8)> {
    let (fr, tr) = match color {
        Color::White => (from.rank() as i32, to.rank() as i32),
        Color::Black => (7 - from.rank() as i32, 7 - to.rank() as i32),
    };
    let dr = tr - fr;
    let df = (to.file() as i32 - from.file() as i32).abs();
    if dr == 0 && df == 0 {
        return Some((0, 0));
    }
    // A pawn on its first or last rank (a twin can put one there) never moves.
    if fr == 0 || fr == 7 || df > dr {
        return None;
    }
    // One double step, from the second rank, saves a move where two steps without capture are on the way.
    let double = fr == 1 && dr - df >= 2;
    Some(((dr - i32::from(double)) as u8, df as u8))
}

impl Bound {
    /// The bound towards the diagram `target` (its pieces; the rest is not read).
    pub fn new(target: &Position) -> Bound {
        // A pawn of the diagram on its own second rank never moved: it stands there from the start to the end,
        // and no piece ever passes over or stops on its square.
        let mut frozen = crate::square::Bitboard::EMPTY;
        for (sq, piece) in target.pieces() {
            let home = if piece.color == Color::White { 1 } else { 6 };
            if piece.kind == Kind::PAWN && sq.rank() == home {
                frozen.set(sq);
            }
        }
        let mut dist = vec![[[FAR; 64]; 64]; 5];
        for (k, table) in dist.iter_mut().enumerate() {
            for from in 0..64u8 {
                let row = &mut table[from as usize];
                row[from as usize] = 0;
                let mut frontier = vec![Square::new(from)];
                let mut d = 0;
                while !frontier.is_empty() {
                    d += 1;
                    let mut next = Vec::new();
                    for sq in frontier {
                        for to in steps(k, sq, frozen) {
                            if row[to.index()] == FAR {
                                row[to.index()] = d;
                                next.push(to);
                            }
                        }
                    }
                    frontier = next;
                }
            }
        }
        let mut king = vec![[[FAR; 64]; 64]; 2];
        for color in Color::ALL {
            let guarded = crate::attacks::pawn_attacks_of(
                target.pieces_bb(color.opposite(), Kind::PAWN) & frozen,
                color.opposite(),
            );
            let table = &mut king[color.index()];
            for from in 0..64u8 {
                let row = &mut table[from as usize];
                row[from as usize] = 0;
                let mut frontier = vec![Square::new(from)];
                let mut d = 0;
                while !frontier.is_empty() {
                    d += 1;
                    let mut next = Vec::new();
                    for sq in frontier {
                        for to in steps(0, sq, frozen | guarded) {
                            if row[to.index()] == FAR {
                                row[to.index()] = d;
                                next.push(to);
                            }
                        }
                    }
                    frontier = next;
                }
            }
        }
        let mut promote = vec![vec![[[FAR; 64]; 64]; 5]; 2];
        for color in Color::ALL {
            let last = if color == Color::White { 7 } else { 0 };
            for k in 1..5 {
                let table = &mut promote[color.index()][k];
                for from in 0..64u8 {
                    let from = Square::new(from);
                    for file in 0..8 {
                        let q = Square::from_coords(file, last);
                        let Some((m, _)) = pawn_way(color, from, q) else { continue };
                        for to in 0..64 {
                            let d = m as u32 + dist[k][q.index()][to] as u32;
                            let cell = &mut table[from.index()][to];
                            *cell = (*cell as u32).min(d).min(FAR as u32) as u8;
                        }
                    }
                }
            }
        }
        let mut pawns = [Vec::new(), Vec::new()];
        let mut officers_by_kind: [[Vec<Square>; 5]; 2] = Default::default();
        let mut count = [0; 2];
        let mut kinds = [[0; 5]; 2];
        for (sq, piece) in target.pieces() {
            let c = piece.color.index();
            count[c] += 1;
            if piece.kind == Kind::PAWN {
                pawns[c].push(sq);
            } else {
                officers_by_kind[c][piece.kind.index()].push(sq);
                kinds[c][piece.kind.index()] += 1;
            }
        }
        let pawn_squares = [Color::White, Color::Black].map(|c| target.pieces_bb(c, Kind::PAWN));
        let officer_squares =
            [Color::White, Color::Black].map(|c| std::array::from_fn(|k| target.pieces_bb(c, Kind(k as u8))));
        Bound { dist, king, promote, pawns, count, kinds, pawn_squares, officers_by_kind, officer_squares }
    }

    /// Whether the diagram may be reached from `pos` with `budget[colour]` moves left to each side.
    pub fn reachable(&self, pos: &Position, budget: [u32; 2], scratch: &mut Scratch) -> bool {
        let mut captures_needed = [0u32; 2];
        // The pawns that may be walls; which are is worked out only where a line crosses one of them.
        let standing = pos.pieces_bb(Color::White, Kind::PAWN) & self.pawn_squares[0]
            | pos.pieces_bb(Color::Black, Kind::PAWN) & self.pawn_squares[1];
        let mut walls = Walls { standing, known: None, budget };
        for color in Color::ALL {
            let c = color.index();
            let o = color.opposite().index();
            let now = pos.color_bb(color).count();
            // A piece never comes back: the diagram's pieces are among those on the board, and the others are
            // captured, each by a move of the other side.
            if self.count[c] > now || now - self.count[c] > budget[o] {
                return false;
            }
            let Some((moves, captures)) = self.side_needs(pos, color, NOWHERE, &mut walls, scratch) else {
                return false;
            };
            if moves > budget[c] {
                return false;
            }
            captures_needed[c] = captures;
        }
        // The captures a side's pawns make take pieces of the other side that are not in the diagram.
        for color in Color::ALL {
            let (c, o) = (color.index(), color.opposite().index());
            let gone = pos.color_bb(color.opposite()).count() - self.count[o];
            if captures_needed[c] > gone {
                return false;
            }
        }
        // A pawn of the diagram that only one pawn can become, and straight up its file: every square on its way
        // must be empty at some time, so none may hold a piece that never leaves it (a wall; a piece on its own
        // square of the diagram whose side has not the moves for it to go away and come back, or to be replaced).
        for color in Color::ALL {
            let held = self.straight_ways(pos, color, budget[color.index()], scratch) & pos.occupied();
            for q in held {
                let Some(piece) = pos.piece_at(q) else { continue };
                if piece.kind == Kind::PAWN {
                    if self.walls_of(pos, &mut walls, scratch).has(q) {
                        return false;
                    }
                    continue;
                }
                let d = piece.color.index();
                if !self.officer_squares[d][piece.kind.index()].has(q) {
                    continue;
                }
                match self.side_needs(pos, piece.color, q.index() as u8, &mut walls, scratch) {
                    Some((moves, _)) if moves <= budget[d] => {}
                    _ => return false,
                }
            }
        }
        true
    }

    /// The squares that the pawns of `color` must pass or reach, each empty at some time: those of a diagram's
    /// pawn that no pawn of `color` stands on and that one pawn only can reach with the `moves` left and the
    /// captures there are pieces to make, on its own file (without a capture), from where it stands.
    fn straight_ways(&self, pos: &Position, color: Color, moves: u32, scratch: &mut Scratch) -> Bitboard {
        let mine = pos.pieces_bb(color, Kind::PAWN);
        let other = color.opposite();
        let captures = pos.color_bb(other).count().saturating_sub(self.count[other.index()]);
        let tag = 1 << 31 | captures.min(31) << 24 | moves.min(1 << 20) << 1 | color.index() as u32;
        let slot = ((mine.0 ^ u64::from(tag)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SCRATCH_BITS)) as usize;
        let cached = scratch.ways[slot];
        if cached.0 == mine.0 && cached.1 == tag {
            return Bitboard(cached.2);
        }
        let mut ways = Bitboard::EMPTY;
        for &t in &self.pawns[color.index()] {
            if mine.has(t) {
                continue;
            }
            let mut only = None;
            let mut sources = 0;
            for p in mine {
                if let Some((m, k)) = pawn_way(color, p, t) {
                    if u32::from(m) <= moves && u32::from(k) <= captures {
                        sources += 1;
                        only = Some((p, k));
                    }
                }
            }
            if let (1, Some((p, 0))) = (sources, only) {
                ways |= between(p, t);
                ways.set(t);
            }
        }
        scratch.ways[slot] = (mine.0, tag, ways.0);
        ways
    }

    /// The fewest moves `color` needs to bring its pieces to the diagram (its pawns matched one to one, its other
    /// pieces each from the nearest piece of its kind or pawn), and the fewest captures its pawns need; `None`
    /// where some piece of the diagram cannot be reached at all.
    /// With `forced` a square (not [`NOWHERE`]): the piece that stands there must leave it at some time (and
    /// come back, or be replaced, if the diagram has it there).
    fn side_needs(
        &self,
        pos: &Position,
        color: Color,
        forced: u8,
        walls: &mut Walls,
        scratch: &mut Scratch,
    ) -> Option<(u32, u32)> {
        let mine = pos.color_bb(color);
        let pieces: [u64; 6] = std::array::from_fn(|k| (mine & pos.kind_bb(Kind(k as u8))).0);
        let side_rights =
            pos.castling() & if color == Color::White { castle::WK | castle::WQ } else { castle::BK | castle::BQ };
        let mut h = u64::from(side_rights) ^ (color.index() as u64) << 8 ^ u64::from(forced) << 16;
        for b in pieces {
            h = (h ^ b).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        }
        let slot = (h >> (64 - SCRATCH_BITS)) as usize;
        let e = scratch.sides[slot];
        let same = e.pieces.iter().zip(&pieces).fold(0, |d, (a, b)| d | (a ^ b)) == 0;
        if e.valid && same && e.rights == side_rights && e.forced == forced {
            // The walls on the squares the count crossed, as they are now: none where no pawn may be one.
            let crossed = Bitboard(e.crossed);
            let now = if (crossed & walls.standing).is_empty() {
                0
            } else {
                (self.walls_of(pos, walls, scratch) & crossed).0
            };
            if now == e.walls {
                return e.needs;
            }
        }
        let mut crossed = Bitboard::EMPTY;
        let needs = self.count_side(pos, color, forced, walls, scratch, &mut crossed);
        let seen =
            if (crossed & walls.standing).is_empty() { 0 } else { (self.walls_of(pos, walls, scratch) & crossed).0 };
        scratch.sides[slot] =
            SideEntry { pieces, rights: side_rights, forced, valid: true, crossed: crossed.0, walls: seen, needs };
        needs
    }

    /// [`Bound::side_needs`] counted; `crossed` gathers the squares where a wall would change the count.
    fn count_side(
        &self,
        pos: &Position,
        color: Color,
        forced: u8,
        walls: &mut Walls,
        scratch: &mut Scratch,
        crossed_all: &mut Bitboard,
    ) -> Option<(u32, u32)> {
        let c = color.index();
        let mut pawns = [Square::new(0); 16];
        let mut np = 0;
        for sq in pos.pieces_bb(color, Kind::PAWN) {
            if np < 16 {
                pawns[np] = sq;
                np += 1;
            }
        }
        let pawns = &pawns[..np];
        let targets = &self.pawns[c];
        if targets.len() > pawns.len() {
            return None;
        }
        let targets_pawns = targets.len();
        // Promotions: the diagram's pieces of a kind beyond those on the board come from pawns that are not in
        // the diagram.
        let mut promotions = 0;
        for k in 1..5 {
            let have = pos.pieces_bb(color, Kind(k as u8)).count();
            promotions += self.kinds[c][k].saturating_sub(have);
        }
        if promotions as usize > pawns.len() - targets.len() {
            return None;
        }
        let (pawn_moves, pawn_captures) = if targets.is_empty() {
            (0, 0)
        } else {
            let bb = pos.pieces_bb(color, Kind::PAWN).0;
            let key = bb ^ (color.index() as u64) << 63 | 1;
            let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SCRATCH_BITS)) as usize;
            let cached = scratch.pawns[slot];
            let (m, k) = if cached.0 == key {
                (cached.1, cached.2)
            } else {
                let (m, k) = assign_pawns(color, pawns, targets).unwrap_or((u32::MAX, 0));
                scratch.pawns[slot] = (key, m, k);
                (m, k)
            };
            if m == u32::MAX {
                return None;
            }
            (m, k)
        };
        let rights = pos.castling();
        let (short, long, home, rank) = match color {
            Color::White => (rights & castle::WK != 0, rights & castle::WQ != 0, 4u8, 0u8),
            Color::Black => (rights & castle::BK != 0, rights & castle::BQ != 0, 4u8, 7u8),
        };
        let at = |f: u8| Square::from_coords(f, rank);
        let mut total = pawn_moves;
        // Each kind's diagram pieces matched one to one with the pieces of that kind on the board (two pieces of
        // the diagram are two pieces of the game), a promotion counted for any of them without matching.
        for k in 0..5 {
            let kind = Kind(k as u8);
            let targets = &self.officers_by_kind[c][k];
            if targets.is_empty() {
                continue;
            }
            // Every target already taken by a piece of its kind (and none to leave): nothing counts less.
            let placed = pos.pieces_bb(color, kind);
            let forced_here = forced != NOWHERE && placed.has(Square::new(forced));
            if !forced_here && targets.iter().all(|&t| placed.has(t)) {
                continue;
            }
            let d = if kind == Kind::KING { &self.king[c] } else { &self.dist[k] };
            let mut sources = [Square::new(0); 8];
            let mut ns = 0;
            let mut many = false;
            for from in placed {
                if ns == 8 {
                    many = true;
                    break;
                }
                sources[ns] = from;
                ns += 1;
            }
            let n = targets.len();
            // More than eight of a kind (promotions): not counted, a relaxation.
            if many || n > 8 {
                continue;
            }
            let sources = &sources[..ns];
            // The moves from `from` to `to`.
            let mut cost = |from: Square, to: Square| {
                let mut m = d[from.index()][to.index()] as u32;
                // A piece that must leave its square and stand there at the end: away and back.
                if from == to && from.index() as u8 == forced {
                    m = 2;
                }
                // A rider's one move along a line a wall now cuts: a queen needs two moves at least, a rook or a
                // bishop three (the other lines through the two squares are parallel, and meet nowhere).
                if m == 1 && kind != Kind::KING && kind != Kind::KNIGHT {
                    let line = between(from, to);
                    *crossed_all |= line;
                    let crossed = line & walls.standing;
                    if crossed.non_empty() && (crossed & self.walls_of(pos, walls, scratch)).non_empty() {
                        m = if kind == Kind::QUEEN { 2 } else { 3 };
                    }
                }
                // Castling: the king reaches g1 or c1 in one move, and the rook f1 or d1 with it, for nothing.
                if kind == Kind::KING && from == at(home) {
                    if short {
                        m = m.min(1 + d[at(6).index()][to.index()] as u32);
                    }
                    if long {
                        m = m.min(1 + d[at(2).index()][to.index()] as u32);
                    }
                } else if kind == Kind::ROOK && short && from == at(7) {
                    m = m.min(d[at(5).index()][to.index()] as u32);
                } else if kind == Kind::ROOK && long && from == at(0) {
                    m = m.min(d[at(3).index()][to.index()] as u32);
                }
                m
            };
            // From a pawn that promotes: one that is none of the diagram's pawns.
            let promo = |to: Square| {
                if kind == Kind::KING || pawns.len() == targets_pawns {
                    return FAR as u32;
                }
                let p = &self.promote[c][k];
                pawns.iter().map(|from| p[from.index()][to.index()] as u32).fold(FAR as u32, u32::min)
            };
            let far = FAR as u32;
            let best = match n {
                1 => sources.iter().map(|&from| cost(from, targets[0])).fold(promo(targets[0]), u32::min),
                2 => {
                    let (a, b) = (targets[0], targets[1]);
                    let mut ca = [far; 8];
                    let mut cb = [far; 8];
                    for (j, &from) in sources.iter().enumerate() {
                        ca[j] = cost(from, a);
                        cb[j] = cost(from, b);
                    }
                    let (pa, pb) = (promo(a), promo(b));
                    let mut best = pa + pb;
                    for (j, &a_j) in ca[..ns].iter().enumerate() {
                        best = best.min(a_j + pb).min(pa + cb[j]);
                        for (l, &b_l) in cb[..ns].iter().enumerate() {
                            if l != j {
                                best = best.min(a_j + b_l);
                            }
                        }
                    }
                    best
                }
                _ => {
                    // `costs[i][j]`: the `i`-th target from the `j`-th source; `promos[i]`: from a promotion.
                    let mut costs = [[far; 8]; 8];
                    let mut promos = [far; 8];
                    for (i, &to) in targets.iter().enumerate() {
                        for (j, &from) in sources.iter().enumerate() {
                            costs[i][j] = cost(from, to);
                        }
                        promos[i] = promo(to);
                    }
                    assign_officers(&costs, &promos, n, ns).unwrap_or(far)
                }
            };
            if best >= far {
                return None;
            }
            total += best;
        }
        Some((total, pawn_captures))
    }
}

/// The walls of a position as [`Bound::reachable`] asks for them: the pawns that may be walls, and the walls
/// once worked out.
struct Walls {
    standing: Bitboard,
    known: Option<Bitboard>,
    budget: [u32; 2],
}

impl Bound {
    fn walls_of(&self, pos: &Position, walls: &mut Walls, scratch: &mut Scratch) -> Bitboard {
        if let Some(w) = walls.known {
            return w;
        }
        let w = self.walls(pos, Color::White, walls.budget[0], scratch)
            | self.walls(pos, Color::Black, walls.budget[1], scratch);
        walls.known = Some(w);
        w
    }

    /// The pawns of `color` that stand on a square where the diagram has one of its pawns and that no other pawn
    /// of `color` can reach with the `moves` left to it and the captures there are still pieces to make: each stays where it is to the end (a pawn never comes
    /// back, and if it were taken no pawn could take its place), a wall for every piece of both sides (Popeye's
    /// `blocked_by_pawn`).
    fn walls(&self, pos: &Position, color: Color, moves: u32, scratch: &mut Scratch) -> Bitboard {
        let mine = pos.pieces_bb(color, Kind::PAWN);
        let standing = mine & self.pawn_squares[color.index()];
        if standing.is_empty() {
            return Bitboard::EMPTY;
        }
        // A pawn's capture takes a piece of the other side that the diagram does not have.
        let other = color.opposite();
        let captures = pos.color_bb(other).count().saturating_sub(self.count[other.index()]);
        // Tagged so that no entry matches before it is written.
        let tag = 1 << 31 | captures.min(31) << 24 | moves.min(1 << 20) << 1 | color.index() as u32;
        let slot = ((mine.0 ^ u64::from(tag)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SCRATCH_BITS)) as usize;
        let cached = scratch.walls[slot];
        if cached.0 == mine.0 && cached.1 == tag {
            return Bitboard(cached.2);
        }
        let mut walls = Bitboard::EMPTY;
        for t in standing {
            let replaceable = mine.into_iter().any(|p| {
                p != t && pawn_way(color, p, t).is_some_and(|(m, k)| u32::from(m) <= moves && u32::from(k) <= captures)
            });
            if !replaceable {
                walls.set(t);
            }
        }
        scratch.walls[slot] = (mine.0, tag, walls.0);
        walls
    }
}

/// The fewest moves of a matching of `n` targets to distinct sources of `ns` (`cost[target][source]`), a
/// target taking a promoted pawn instead at `promo[target]` without using a source; `None` where some target
/// cannot be reached at all. By subsets of the sources, target after target.
fn assign_officers(cost: &[[u32; 8]; 8], promo: &[u32; 8], n: usize, ns: usize) -> Option<u32> {
    const NONE: u32 = u32::MAX;
    let far = FAR as u32;
    let size = 1usize << ns;
    let mut now = [NONE; 256];
    let mut next = [NONE; 256];
    now[0] = 0;
    for i in 0..n {
        next[..size].fill(NONE);
        for mask in 0..size {
            let base = now[mask];
            if base == NONE {
                continue;
            }
            if promo[i] < far {
                next[mask] = next[mask].min(base + promo[i]);
            }
            for (j, &c) in cost[i][..ns].iter().enumerate() {
                if mask & (1 << j) == 0 && c < far {
                    let to = mask | 1 << j;
                    next[to] = next[to].min(base + c);
                }
            }
        }
        std::mem::swap(&mut now, &mut next);
    }
    let best = now[..size].iter().copied().min().unwrap_or(NONE);
    (best != NONE).then_some(best)
}

/// The diagram's pawns `targets` matched one to one with the pawns `pawns` (a pawn stays a pawn, or promotes and
/// is no pawn of the diagram): the fewest moves and, separately, the fewest captures of a matching; `None` when
/// there is none. By subsets of `pawns` (at most eight: 256 subsets).
fn assign_pawns(color: Color, pawns: &[Square], targets: &[Square]) -> Option<(u32, u32)> {
    let n = pawns.len();
    if n > 8 {
        // More than eight pawns of a colour: none of them came from the game array; counted as free.
        return Some((0, 0));
    }
    let mut ways = [[None; 8]; 8];
    for (i, &t) in targets.iter().enumerate() {
        for (j, &p) in pawns.iter().enumerate() {
            ways[i][j] = pawn_way(color, p, t);
        }
    }
    const NONE: u32 = u32::MAX;
    let size = 1usize << n;
    let mut moves = [NONE; 256];
    let mut caps = [NONE; 256];
    moves[0] = 0;
    caps[0] = 0;
    let full = targets.len() as u32;
    let (mut best_moves, mut best_caps) = (NONE, NONE);
    // The subsets in increasing order: the `i`-th target takes a pawn not taken by the first `i - 1`.
    for mask in 0..size {
        if moves[mask] == NONE {
            continue;
        }
        let i = mask.count_ones();
        if i == full {
            best_moves = best_moves.min(moves[mask]);
            best_caps = best_caps.min(caps[mask]);
            continue;
        }
        for (j, way) in ways[i as usize][..n].iter().enumerate() {
            let Some((m, k)) = *way else { continue };
            if mask & (1 << j) != 0 {
                continue;
            }
            let next = mask | 1 << j;
            moves[next] = moves[next].min(moves[mask] + m as u32);
            caps[next] = caps[next].min(caps[mask] + k as u32);
        }
    }
    (best_moves != NONE).then_some((best_moves, best_caps))
}

/// The squares a piece of kind index `k` (king .. knight) reaches in one move from `sq` on the empty board.
fn steps(k: usize, sq: Square, frozen: crate::square::Bitboard) -> Vec<Square> {
    const KING: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
    const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let (dirs, ride): (&[(i8, i8)], bool) = match k {
        0 => (&KING, false),
        1 => (&KING, true),
        2 => (&KING[0..8], true),
        3 => (&KING, true),
        _ => (&KNIGHT, false),
    };
    let mut out = Vec::new();
    for &(df, dr) in dirs {
        let diagonal = df != 0 && dr != 0;
        if (k == 2 && diagonal) || (k == 3 && !diagonal) {
            continue;
        }
        let mut s = sq;
        while let Some(t) = s.offset(df, dr) {
            if frozen.has(t) {
                break;
            }
            out.push(t);
            if !ride {
                break;
            }
            s = t;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn pawn_ways_count_the_double_step_and_the_captures() {
        assert_eq!(pawn_way(Color::White, sq("e2"), sq("e4")), Some((1, 0)));
        assert_eq!(pawn_way(Color::White, sq("e2"), sq("d4")), Some((2, 1)));
        assert_eq!(pawn_way(Color::White, sq("e2"), sq("c4")), Some((2, 2)));
        assert_eq!(pawn_way(Color::White, sq("e2"), sq("b4")), None);
        assert_eq!(pawn_way(Color::White, sq("e3"), sq("e2")), None);
        assert_eq!(pawn_way(Color::White, sq("e2"), sq("e8")), Some((5, 0)));
        assert_eq!(pawn_way(Color::Black, sq("e7"), sq("e5")), Some((1, 0)));
        assert_eq!(pawn_way(Color::Black, sq("e7"), sq("f1")), Some((5, 1)));
    }

    #[test]
    fn officers_are_matched_one_to_one() {
        let far = FAR as u32;
        let mut cost = [[far; 8]; 8];
        // Three targets, two sources: source 0 is nearest to every target; the third takes a promotion.
        cost[0][..2].copy_from_slice(&[1, 4]);
        cost[1][..2].copy_from_slice(&[1, 2]);
        cost[2][..2].copy_from_slice(&[1, 5]);
        let mut promo = [far; 8];
        promo[..3].copy_from_slice(&[6, 7, 3]);
        // 0 <- source 0 (1), 1 <- source 1 (2), 2 <- a promotion (3).
        assert_eq!(assign_officers(&cost, &promo, 3, 2), Some(6));
        promo[2] = far;
        // 2 <- source 0 (1), 1 <- source 1 (2), 0 <- a promotion (6).
        assert_eq!(assign_officers(&cost, &promo, 3, 2), Some(9));
        promo = [far; 8];
        assert_eq!(assign_officers(&cost, &promo, 3, 2), None);
    }

    #[test]
    fn a_king_never_steps_where_a_pawn_that_never_moves_attacks() {
        // J. H. Turkstra, The Problemist 1994 (PDB P0005879): Black's pawns on a7-f7 and h7 never move, so on its
        // way to h8 the white king crosses the sixth rank on h6 only: from f5 that is four moves, not three.
        let (pieces, _) = crate::input::fen::parse_fen("rnbqkr1K/pppppp1p/5npb/8/5P2/4P3/PPPP2PP/RNBQ1BNR").unwrap();
        let b = Bound::new(super::super::Target::new(&pieces).position());
        let white = Color::White.index();
        assert_eq!(b.dist[Kind::KING.index()][sq("f5").index()][sq("h8").index()], 3);
        assert_eq!(b.king[white][sq("f5").index()][sq("h8").index()], 4);
        assert_eq!(b.king[white][sq("g5").index()][sq("h8").index()], 3);
        assert_eq!(b.king[white][sq("e1").index()][sq("h8").index()], 7);
        // The black king round its own pawns that never move (e8-f8-g7-f6-e6); it never steps on the third rank
        // where White's pawns on a2-d2, g2 and h2 attack (e8-f8-g7-f6-e5-e4-e3 on the empty board).
        assert_eq!(b.king[Color::Black.index()][sq("e8").index()][sq("e6").index()], 4);
        assert_eq!(b.king[Color::Black.index()][sq("e8").index()][sq("e3").index()], FAR);
        assert_eq!(b.dist[Kind::KING.index()][sq("e8").index()][sq("e3").index()], 6);
    }

    #[test]
    fn empty_board_distances() {
        let b = Bound::new(&Position::empty());
        let d = |k: Kind, a: &str, z: &str| b.dist[k.index()][sq(a).index()][sq(z).index()];
        assert_eq!(d(Kind::KNIGHT, "g1", "f3"), 1);
        assert_eq!(d(Kind::KNIGHT, "a1", "b2"), 4);
        assert_eq!(d(Kind::BISHOP, "c1", "c3"), 2);
        assert_eq!(d(Kind::BISHOP, "c1", "c2"), FAR);
        assert_eq!(d(Kind::ROOK, "a1", "h8"), 2);
        assert_eq!(d(Kind::QUEEN, "d1", "e3"), 2);
        assert_eq!(d(Kind::KING, "e1", "e8"), 7);
        // A white pawn from e2 to a knight on f3: e8 (5 moves, the double step included), then e8-f6-… .
        let p = b.promote[Color::White.index()][Kind::KNIGHT.index()][sq("e2").index()][sq("f6").index()];
        assert_eq!(p, 6);
    }
}
