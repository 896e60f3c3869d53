//! Pure attack lookups: `const` tables for leapers, rays for sliders, and walks compiled from the piece
//! registry into per-square tables. Two questions per walk: where can a piece go from here (`targets`), and
//! who observes this square (`observers`) — not the same question for hoppers, locusts and lame leapers.

mod fairy;

use crate::pieces::{symmetric_images, symmetric_lame_images, Atom, Borrow, Kind, PawnWalk, NUM_KINDS, PIECES};
use crate::square::{Bitboard, Color, Square};
pub use fairy::Special;

const fn leaper_table(offsets: &[(i8, i8)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i8;
        let r = (sq / 8) as i8;
        let mut i = 0;
        while i < offsets.len() {
            let (df, dr) = offsets[i];
            let (nf, nr) = (f + df, r + dr);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                t[sq] |= 1u64 << (nf as u32 + 8 * nr as u32);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

/// Knight leaps from each square.
pub const KNIGHT: [u64; 64] = leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
/// King steps from each square.
pub const KING: [u64; 64] = leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
/// A pawn's two diagonal steps ahead from each square, by colour.
const PAWN_STEPS: [[u64; 64]; 2] = [leaper_table(&[(1, 1), (-1, 1)]), leaper_table(&[(1, -1), (-1, -1)])];
/// The first rank of each colour (White's rank 1, Black's rank 8).
const BASE_RANK: [u64; 2] = [0xFF, 0xFF << 56];

/// `table` with the entries of the squares in `rank` emptied.
const fn without_rank(table: [u64; 64], rank: u64) -> [u64; 64] {
    let mut t = table;
    let mut sq = 0;
    while sq < 64 {
        if rank & (1u64 << sq) != 0 {
            t[sq] = 0;
        }
        sq += 1;
    }
    t
}

/// `table` with the squares of `rank` removed from every entry.
const fn outside_rank(table: [u64; 64], rank: u64) -> [u64; 64] {
    let mut t = table;
    let mut sq = 0;
    while sq < 64 {
        t[sq] &= !rank;
        sq += 1;
    }
    t
}

/// Squares a pawn of each colour attacks from each square (index by colour, then square). A pawn on its own
/// first rank (only a twin puts one there) observes nothing, as in Popeye, where it can neither move nor capture.
pub const PAWN_ATTACKS: [[u64; 64]; 2] =
    [without_rank(PAWN_STEPS[0], BASE_RANK[0]), without_rank(PAWN_STEPS[1], BASE_RANK[1])];
/// The squares from which a pawn of each colour observes each square (index by the pawn's colour, then the
/// observed square): [`PAWN_ATTACKS`] read backwards.
pub const PAWN_OBSERVERS: [[u64; 64]; 2] =
    [outside_rank(PAWN_STEPS[1], BASE_RANK[0]), outside_rank(PAWN_STEPS[0], BASE_RANK[1])];

/// The squares the pawns `pawns` of `color` attack, all at once by shifts: the union of their [`PAWN_ATTACKS`]
/// (a pawn on its own first rank attacks nothing).
#[inline]
pub fn pawn_attacks_of(pawns: Bitboard, color: Color) -> Bitboard {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = FILE_A << 7;
    let p = pawns.0 & !BASE_RANK[color.index()];
    Bitboard(match color {
        Color::White => ((p & !FILE_A) << 7) | ((p & !FILE_H) << 9),
        Color::Black => ((p & !FILE_A) >> 9) | ((p & !FILE_H) >> 7),
    })
}

/// Ray directions: N, NE, E, SE, S, SW, W, NW. The first four … are "positive" when the step increases the
/// square index: N (+8), NE (+9), E (+1), NW (+7).
const DIRS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
/// Whether each ray direction runs towards higher square indices.
pub const POSITIVE: [bool; 8] = [true, true, true, false, false, false, false, true];

const fn ray_table() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = DIRS[d];
        let mut sq = 0;
        while sq < 64 {
            let mut f = (sq % 8) as i8 + df;
            let mut r = (sq / 8) as i8 + dr;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                t[d][sq] |= 1u64 << (f as u32 + 8 * r as u32);
                f += df;
                r += dr;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

/// The ray from each square in each direction (excluding the square).
pub const RAYS: [[u64; 64]; 8] = ray_table();

/// The lines through each square, as the pair of rays towards lower and towards higher square indices: file
/// (S, N), rank (W, E), diagonal (SW, NE), anti-diagonal (SE, NW).
static LINE_RAYS: [[[u64; 2]; 64]; 4] = {
    let mut t = [[[0u64; 2]; 64]; 4];
    let pairs = [(4, 0), (6, 2), (5, 1), (3, 7)];
    let mut l = 0;
    while l < 4 {
        let mut sq = 0;
        while sq < 64 {
            t[l][sq] = [RAYS[pairs[l].0][sq], RAYS[pairs[l].1][sq]];
            sq += 1;
        }
        l += 1;
    }
    t
};

/// The squares a rider on `sq` reaches along line `l` of [`LINE_RAYS`] over occupancy `occ`, the first blocker
/// each way included, without a branch: the bits from the highest blocker below `sq` to the lowest above it
/// are those a subtraction flips (obstruction difference).
#[inline(always)]
fn line_attacks(l: usize, sq: usize, occ: u64) -> u64 {
    let [lower, upper] = LINE_RAYS[l][sq];
    let below = lower & occ;
    let above = upper & occ;
    let highest_below = 0x8000_0000_0000_0000u64 >> (below | 1).leading_zeros();
    (lower | upper) & (above ^ above.wrapping_sub(highest_below))
}

/// Rook attacks from `sq` over occupancy `occ` (the first blocker included).
#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let s = sq.index();
    Bitboard(line_attacks(0, s, occ.0) | line_attacks(1, s, occ.0))
}

/// Bishop attacks from `sq` over occupancy `occ` (the first blocker included).
#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let s = sq.index();
    Bitboard(line_attacks(2, s, occ.0) | line_attacks(3, s, occ.0))
}

/// The squares a piece of orthodox `kind` and colour `color` on `sq` observes over occupancy `occ` (a pawn its
/// two diagonal squares ahead); `None` for a fairy kind.
#[inline]
pub fn orthodox_attacks(kind: Kind, color: Color, sq: Square, occ: Bitboard) -> Option<Bitboard> {
    Some(match kind {
        Kind::KING => Bitboard(KING[sq.index()]),
        Kind::QUEEN => rook_attacks(sq, occ) | bishop_attacks(sq, occ),
        Kind::ROOK => rook_attacks(sq, occ),
        Kind::BISHOP => bishop_attacks(sq, occ),
        Kind::KNIGHT => Bitboard(KNIGHT[sq.index()]),
        Kind::PAWN => Bitboard(PAWN_ATTACKS[color.index()][sq.index()]),
        _ => return None,
    })
}

const fn line_table() -> [[u64; 64]; 64] {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let full = RAYS[d][a] | RAYS[(d + 4) % 8][a] | (1u64 << a);
            let mut ray = RAYS[d][a];
            while ray != 0 {
                let b = ray.trailing_zeros() as usize;
                t[a][b] = full;
                ray &= ray - 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

/// The whole line (rank, file or diagonal, both squares included) through two distinct squares; empty when
/// they share none.
pub static LINES: [[u64; 64]; 64] = line_table();

/// The line through two squares, see [`LINES`].
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES[a.index()][b.index()])
}

/// For two squares on a line: the squares strictly between them (`[0]`) and those beyond the second, seen
/// from the first (`[1]`: the rest of the ray from `a` through `b`). Both empty for squares on no line.
static BETWEEN_BEYOND: [[[u64; 64]; 64]; 2] = between_beyond_table();

const fn between_beyond_table() -> [[[u64; 64]; 64]; 2] {
    let mut t = [[[0u64; 64]; 64]; 2];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let mut ray = RAYS[d][a];
            while ray != 0 {
                let b = ray.trailing_zeros() as usize;
                t[0][a][b] = RAYS[d][a] & RAYS[(d + 4) % 8][b];
                t[1][a][b] = RAYS[d][b];
                ray &= ray - 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

/// Squares strictly between two squares on a line (rank, file or diagonal); empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_BEYOND[0][a.index()][b.index()])
}

/// The squares beyond `b` on the ray from `a` through `b` (to the board's edge, `b` excluded); empty when the
/// squares share no line.
#[inline]
pub fn beyond(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_BEYOND[1][a.index()][b.index()])
}

/// One kind's walk compiled into tables for one problem.
#[derive(Clone, Debug, Default)]
pub struct CompiledWalk {
    /// Union of the kind's leaps from each square.
    pub leaps: Vec<u64>,
    /// Rides along ranks and files (rook lines).
    pub ortho: bool,
    /// Rides along diagonals (bishop lines).
    pub diag: bool,
    /// Other rider steps (nightrider …), every symmetric image.
    pub rides: Vec<(i8, i8)>,
    /// Grasshopper-type hop lines, every image.
    pub hops: Vec<(i8, i8)>,
    /// Locust lines, every image.
    pub locusts: Vec<(i8, i8)>,
    /// Lame leaps with the square they pass, every image.
    pub lames: Vec<((i8, i8), (i8, i8))>,
    /// Lame riders (maorider, moarider): the lame leap with the square it passes, every image.
    pub lame_rides: Vec<((i8, i8), (i8, i8))>,
    /// The other atoms (lions, Chinese pieces, kangaroos, equihoppers, roses, bouncers …), stepped square by
    /// square in [`fairy`].
    pub specials: Vec<Special>,
    /// The orthodox pawn.
    pub pawn: bool,
    /// A fairy pawn's walk ([`Atom::PawnLike`]): its single moves and captures are among `specials`; the move
    /// generator adds its double step, en passant and promotions.
    pub fairy_pawn: Option<PawnWalk>,
    /// The walks of others, borrowed (orphan, friend): the move generator finds them
    /// (`movegen/borrowed.rs`); this walk alone reaches nothing and observes nothing.
    pub borrows: Option<Borrow>,
    /// Nothing but leaps and rook/bishop lines: observation is symmetric and cheap.
    pub simple: bool,
    /// The ray directions ([`RAYS`]' order) of the hops by one step (the grasshopper's), as bits: their
    /// observers are found on the rays' bitboards; `long_hops` are the other hop lines, stepped square by square.
    pub unit_hops: u8,
    pub long_hops: Vec<(i8, i8)>,
}

/// Every registry kind's walk, compiled once per problem (the tables are small: 26 × 64 masks).
#[derive(Clone, Debug)]
pub struct Walks {
    pub walks: Vec<CompiledWalk>,
}

impl Default for Walks {
    fn default() -> Self {
        Walks::new()
    }
}

impl Walks {
    /// Compiles every kind in [`PIECES`].
    pub fn new() -> Walks {
        let walks = PIECES.iter().map(|def| compile(def.walk)).collect();
        Walks { walks }
    }

    /// The compiled walk of a kind.
    #[inline]
    pub fn get(&self, kind: Kind) -> &CompiledWalk {
        &self.walks[kind.index()]
    }
}

fn compile(walk: &[Atom]) -> CompiledWalk {
    let mut w = CompiledWalk { leaps: vec![0; 64], ..Default::default() };
    for atom in walk {
        match *atom {
            Atom::Leap(a, b) => {
                let t = leaper_table(&symmetric_images(a, b));
                for (m, x) in w.leaps.iter_mut().zip(t) {
                    *m |= x;
                }
            }
            Atom::Ride(1, 0) | Atom::Ride(0, 1) => w.ortho = true,
            Atom::Ride(1, 1) => w.diag = true,
            Atom::Ride(a, b) => w.rides.extend(symmetric_images(a, b)),
            Atom::Hop(a, b) => w.hops.extend(symmetric_images(a, b)),
            Atom::Locust(a, b) => w.locusts.extend(symmetric_images(a, b)),
            Atom::Lame(a, b, c, d) => w.lames.extend(symmetric_lame_images(a, b, c, d)),
            Atom::LameRide(a, b, c, d) => w.lame_rides.extend(symmetric_lame_images(a, b, c, d)),
            Atom::Pawn => w.pawn = true,
            Atom::Borrow(b) => w.borrows = Some(b),
            Atom::PawnLike(p) => {
                w.fairy_pawn = Some(p);
                w.specials.extend(Special::new(*atom));
            }
            other => w.specials.extend(Special::new(other)),
        }
    }
    for &(df, dr) in &w.hops {
        match DIRS.iter().position(|&d| d == (df, dr)) {
            Some(d) => w.unit_hops |= 1 << d,
            None => w.long_hops.push((df, dr)),
        }
    }
    w.simple = w.rides.is_empty()
        && w.hops.is_empty()
        && w.locusts.is_empty()
        && w.lames.is_empty()
        && w.lame_rides.is_empty()
        && w.specials.is_empty()
        && !w.pawn
        && w.borrows.is_none();
    w
}

/// The board as the walk kernel needs it: what stands where.
pub trait Occupancy {
    /// All occupied squares.
    fn occupied(&self) -> Bitboard;
    /// Squares occupied by `color`.
    fn color_bb(&self, color: Color) -> Bitboard;
    /// Squares occupied by pieces of `kind` and `color`.
    fn pieces_bb(&self, color: Color, kind: Kind) -> Bitboard;
}

impl CompiledWalk {
    /// The squares the leaps and rook/bishop lines of this walk reach from `from`, own pieces included (the
    /// whole walk of a [`CompiledWalk::simple`] one; pawns excepted).
    #[inline]
    pub fn simple_targets(&self, board: &impl Occupancy, from: Square) -> Bitboard {
        let occ = board.occupied();
        let mut t = Bitboard(self.leaps[from.index()]);
        if self.ortho {
            t |= rook_attacks(from, occ);
        }
        if self.diag {
            t |= bishop_attacks(from, occ);
        }
        t
    }

    /// The squares this walk reaches from `from` by non-pawn moves: returns (arrival, capture square) pairs
    /// through `emit`. Captures only of pieces not of `us`; the capture square is `None` for a quiet move.
    /// Pawns are handled by the move generator.
    #[inline]
    pub fn for_each_target(
        &self,
        board: &impl Occupancy,
        us: Color,
        from: Square,
        mut emit: impl FnMut(Square, Option<Square>),
    ) {
        let occ = board.occupied();
        let theirs = board.color_bb(us.opposite());
        // A neutral piece is of both colours: the mover's, and takeable.
        let own = board.color_bb(us) & !theirs;
        for to in self.simple_targets(board, from) & !own {
            emit(to, if theirs.has(to) { Some(to) } else { None });
        }
        if self.simple {
            return;
        }
        for &(df, dr) in &self.rides {
            let mut cur = from;
            while let Some(next) = cur.offset(df, dr) {
                if occ.has(next) {
                    if theirs.has(next) {
                        emit(next, Some(next));
                    }
                    break;
                }
                emit(next, None);
                cur = next;
            }
        }
        for &(df, dr) in &self.hops {
            let mut cur = from;
            while let Some(next) = cur.offset(df, dr) {
                if occ.has(next) {
                    if let Some(land) = next.offset(df, dr) {
                        if !occ.has(land) {
                            emit(land, None);
                        } else if theirs.has(land) {
                            emit(land, Some(land));
                        }
                    }
                    break;
                }
                cur = next;
            }
        }
        for &(df, dr) in &self.locusts {
            let mut cur = from;
            while let Some(next) = cur.offset(df, dr) {
                if occ.has(next) {
                    if theirs.has(next) {
                        if let Some(land) = next.offset(df, dr) {
                            if !occ.has(land) {
                                emit(land, Some(next));
                            }
                        }
                    }
                    break;
                }
                cur = next;
            }
        }
        for &((lf, lr), (vf, vr)) in &self.lames {
            if let (Some(to), Some(via)) = (from.offset(lf, lr), from.offset(vf, vr)) {
                if !occ.has(via) && !own.has(to) {
                    emit(to, if theirs.has(to) { Some(to) } else { None });
                }
            }
        }
        for &((lf, lr), (vf, vr)) in &self.lame_rides {
            let mut cur = from;
            while let (Some(to), Some(via)) = (cur.offset(lf, lr), cur.offset(vf, vr)) {
                if occ.has(via) {
                    break;
                }
                if occ.has(to) {
                    if theirs.has(to) {
                        emit(to, Some(to));
                    }
                    break;
                }
                emit(to, None);
                cur = to;
            }
        }
        if !self.specials.is_empty() {
            fairy::targets(&self.specials, board, us, from, &mut emit);
        }
    }

    /// The pieces of `kind` and colour `by` that observe `sq`, i.e. could capture a piece of the other colour
    /// standing there by this walk alone (pawns included: diagonal captures, not en passant).
    #[inline]
    pub fn observers(&self, board: &impl Occupancy, kind: Kind, by: Color, sq: Square) -> Bitboard {
        let candidates = board.pieces_bb(by, kind);
        if candidates.is_empty() {
            return Bitboard::EMPTY;
        }
        let occ = board.occupied();
        // Leaps and rook/bishop lines are symmetric: their observers stand where they would go from `sq`.
        let mut found = self.simple_targets(board, sq);
        if self.pawn {
            found |= Bitboard(PAWN_OBSERVERS[by.index()][sq.index()]);
        }
        found &= candidates;
        if self.simple {
            return found;
        }
        for &(df, dr) in &self.rides {
            found |= first_piece(occ, sq, -df, -dr) & candidates;
        }
        if self.unit_hops != 0 {
            found |= unit_hop_observers(self.unit_hops, occ, sq) & candidates;
        }
        for &(df, dr) in &self.long_hops {
            // The hopper lands on sq from the hurdle just behind it; the hopper is the first piece beyond.
            if let Some(hurdle) = sq.offset(-df, -dr) {
                if occ.has(hurdle) {
                    found |= first_piece(occ, hurdle, -df, -dr) & candidates;
                }
            }
        }
        for &(df, dr) in &self.locusts {
            // The locust captures on sq by landing on the empty square beyond it.
            if let Some(land) = sq.offset(df, dr) {
                if !occ.has(land) {
                    found |= first_piece(occ, sq, -df, -dr) & candidates;
                }
            }
        }
        for &((lf, lr), (vf, vr)) in &self.lames {
            if let Some(from) = sq.offset(-lf, -lr) {
                if candidates.has(from) {
                    if let Some(via) = from.offset(vf, vr) {
                        if !occ.has(via) {
                            found.set(from);
                        }
                    }
                }
            }
        }
        for &((lf, lr), (vf, vr)) in &self.lame_rides {
            // Back from sq by lame leaps over empty squares, the passed squares empty, to the first piece.
            let mut to = sq;
            while let Some(from) = to.offset(-lf, -lr) {
                let Some(via) = from.offset(vf, vr) else { break };
                if occ.has(via) {
                    break;
                }
                if occ.has(from) {
                    if candidates.has(from) {
                        found.set(from);
                    }
                    break;
                }
                to = from;
            }
        }
        if !self.specials.is_empty() {
            found |= fairy::observed_by(&self.specials, board, by, sq, candidates & !found);
        }
        found
    }
}

/// The squares from which a hopper by one step in the directions `dirs` (bits in [`RAYS`]' order) lands on
/// `sq` over occupancy `occ`: for each direction, the hurdle is the square next to `sq` behind it (occupied), the
/// hopper the first piece beyond the hurdle.
#[inline]
fn unit_hop_observers(dirs: u8, occ: Bitboard, sq: Square) -> Bitboard {
    let s = sq.index();
    let mut found = 0;
    // Only the occupied squares next to sq can be hurdles.
    let mut hurdles = KING[s] & occ.0;
    while hurdles != 0 {
        let h = hurdles.trailing_zeros() as usize;
        hurdles &= hurdles - 1;
        // The direction from sq to the hurdle, in which the hopper stands; it lands on sq the opposite way.
        let back = STEP_DIR[(h as isize - s as isize + 9) as usize] as usize;
        if dirs & (1 << ((back + 4) % 8)) == 0 {
            continue;
        }
        let blockers = RAYS[back][h] & occ.0;
        if blockers != 0 {
            found |= 1u64 << if POSITIVE[back] { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
        }
    }
    Bitboard(found)
}

/// The ray direction ([`DIRS`]) of a king step by its difference of square indices plus 9 (-9 ..= 9; the
/// entries that are no king step are never read).
const STEP_DIR: [u8; 19] = [5, 4, 3, 0, 0, 0, 0, 0, 6, 0, 2, 0, 0, 0, 0, 0, 7, 0, 1];

/// The first occupied square on the line from `from` (excluded) by steps of (df, dr), as a one-square set.
#[inline]
fn first_piece(occ: Bitboard, from: Square, df: i8, dr: i8) -> Bitboard {
    let mut cur = from;
    while let Some(next) = cur.offset(df, dr) {
        if occ.has(next) {
            return next.bb();
        }
        cur = next;
    }
    Bitboard::EMPTY
}

/// Kinds in play grouped for fast observation queries.
#[derive(Clone, Debug, Default)]
pub struct KindSets {
    /// Every kind that can appear (in the diagram, or by promotion).
    pub present: Vec<Kind>,
    /// Present kinds whose walk is not a plain leaper/rook/bishop combination and not orthodox.
    pub complex: Vec<Kind>,
    /// Present non-orthodox kinds with simple walks.
    pub simple_fairy: Vec<Kind>,
    /// Every present fairy kind: `simple_fairy`, then `complex` (one list to run over where both are asked).
    pub fairy: Vec<Kind>,
    /// Bit per kind: present (kind `k` is bit `k % 128` of word `k / 128`).
    pub mask: [u128; 2],
}

impl KindSets {
    pub fn new(walks: &Walks, kinds: impl IntoIterator<Item = Kind>) -> KindSets {
        let mut s = KindSets::default();
        for k in kinds {
            let (word, bit) = (k.index() / 128, 1u128 << (k.index() % 128));
            if s.mask[word] & bit != 0 {
                continue;
            }
            s.mask[word] |= bit;
            s.present.push(k);
            if !k.is_orthodox() {
                if walks.get(k).simple {
                    s.simple_fairy.push(k);
                } else {
                    s.complex.push(k);
                }
            }
        }
        s.present.sort();
        s.complex.sort();
        s.simple_fairy.sort();
        s.fairy = s.simple_fairy.iter().chain(&s.complex).copied().collect();
        s
    }
}

const _: () = assert!(NUM_KINDS <= 255, "KindSets::mask is two u128, and Kind a u8");

#[cfg(test)]
mod tests {
    use super::*;

    /// A rider's squares in one direction, stepped square by square to the first piece: the reference of
    /// [`rook_attacks`] and [`bishop_attacks`].
    fn ray_naive(dir: usize, sq: Square, occ: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        let mut cur = sq.offset(DIRS[dir].0, DIRS[dir].1);
        while let Some(next) = cur {
            out.set(next);
            if occ.has(next) {
                break;
            }
            cur = next.offset(DIRS[dir].0, DIRS[dir].1);
        }
        out
    }

    /// The line attacks by obstruction difference are the squares stepped to the first blocker, from every
    /// square over many occupancies (random ones of every density, the empty and the full board).
    #[test]
    fn slider_attacks_match_stepping() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..600 {
            let occ = Bitboard(match round % 4 {
                0 => next(),
                1 => next() & next(),
                2 => next() & next() & next(),
                _ => next() | next(),
            });
            for occ in [occ, Bitboard::EMPTY, Bitboard(!0)] {
                for sq in Square::all() {
                    let naive = |dirs: [usize; 4]| dirs.iter().fold(Bitboard::EMPTY, |a, &d| a | ray_naive(d, sq, occ));
                    assert_eq!(rook_attacks(sq, occ), naive([0, 2, 4, 6]), "rook {sq} {occ:?}");
                    assert_eq!(bishop_attacks(sq, occ), naive([1, 3, 5, 7]), "bishop {sq} {occ:?}");
                }
            }
        }
    }

    #[test]
    fn tables() {
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(KNIGHT[e4.index()].count_ones(), 8);
        assert_eq!(KING[0].count_ones(), 3);
        assert_eq!(rook_attacks(e4, Bitboard::EMPTY).count(), 14);
        assert_eq!(bishop_attacks(e4, Bitboard::EMPTY).count(), 13);
        let blockers = Square::parse("e6").unwrap().bb() | Square::parse("c4").unwrap().bb();
        // e5 e6 | f4 g4 h4 | e3 e2 e1 | d4 c4
        assert_eq!(rook_attacks(e4, blockers).count(), 10);
        assert_eq!(between(Square::parse("a1").unwrap(), Square::parse("d4").unwrap()).count(), 2);
        assert_eq!(between(Square::parse("a1").unwrap(), Square::parse("b3").unwrap()).count(), 0);
        assert_eq!(line(Square::parse("b2").unwrap(), Square::parse("d4").unwrap()).count(), 8);
        assert_eq!(line(Square::parse("e1").unwrap(), Square::parse("e5").unwrap()).count(), 8);
        assert!(line(Square::parse("a1").unwrap(), Square::parse("b3").unwrap()).is_empty());
    }

    /// The pawns' attacks by shifts against the table, square by square, and for a set of pawns the union.
    #[test]
    fn pawn_attacks_by_shifts_match_the_table() {
        for color in [Color::White, Color::Black] {
            let mut all = Bitboard::EMPTY;
            let mut union = 0;
            for sq in Square::all() {
                assert_eq!(pawn_attacks_of(sq.bb(), color), Bitboard(PAWN_ATTACKS[color.index()][sq.index()]), "{sq}");
                if sq.index() % 3 == 0 {
                    all.set(sq);
                    union |= PAWN_ATTACKS[color.index()][sq.index()];
                }
            }
            assert_eq!(pawn_attacks_of(all, color), Bitboard(union));
        }
    }

    /// The hoppers' observers read off the rays against stepping from square to square (the way of the other
    /// hop lines), for the grasshopper's eight lines and for each one alone, on pseudo-random occupancies.
    #[test]
    fn unit_hop_observers_agree_with_stepping() {
        let stepped = |dirs: u8, occ: Bitboard, sq: Square| {
            let mut found = Bitboard::EMPTY;
            for (d, &(df, dr)) in DIRS.iter().enumerate() {
                if dirs & (1 << d) != 0 {
                    if let Some(hurdle) = sq.offset(-df, -dr).filter(|&h| occ.has(h)) {
                        found |= first_piece(occ, hurdle, -df, -dr);
                    }
                }
            }
            found
        };
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut seen = 0;
        for _ in 0..400 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = Bitboard(x & x.rotate_left(23));
            for sq in Square::all() {
                for dirs in [0xFF, 1, 2, 4, 8, 16, 32, 64, 128, 0x55] {
                    let fast = unit_hop_observers(dirs, occ, sq);
                    assert_eq!(fast, stepped(dirs, occ, sq), "{occ:?} {sq} {dirs:#x}");
                    seen += fast.count();
                }
            }
        }
        assert!(seen > 10_000, "{seen}");
    }

    /// The tables of `between` and `beyond` against stepping from one square to the other: for every pair on a
    /// rank, file or diagonal, the squares met before the second are between, those after it to the edge beyond.
    #[test]
    fn between_and_beyond_step_along_the_line() {
        let mut aligned = 0;
        for a in Square::all() {
            for b in Square::all() {
                let (df, dr) = (b.file() as i8 - a.file() as i8, b.rank() as i8 - a.rank() as i8);
                let on_line = a != b && (df == 0 || dr == 0 || df.abs() == dr.abs());
                if !on_line {
                    assert!(between(a, b).is_empty() && beyond(a, b).is_empty(), "{a} {b}");
                    continue;
                }
                aligned += 1;
                let step = (df.signum(), dr.signum());
                let (mut inside, mut outside) = (Bitboard::EMPTY, Bitboard::EMPTY);
                let mut past = false;
                let mut s = a.offset(step.0, step.1);
                while let Some(sq) = s {
                    if sq == b {
                        past = true;
                    } else if past {
                        outside.set(sq);
                    } else {
                        inside.set(sq);
                    }
                    s = sq.offset(step.0, step.1);
                }
                assert_eq!(between(a, b), inside, "between {a} {b}");
                assert_eq!(beyond(a, b), outside, "beyond {a} {b}");
            }
        }
        // 64 squares, each with its rook and bishop lines: 1456 ordered pairs.
        assert_eq!(aligned, 1456);
    }
}
