//! Pieces as data: every kind is one row of [`PIECES`], its walk a list of [`Atom`]s, its codes in Popeye's
//! three languages and its English names beside it; the walks Popeye knows and stipula does not are in
//! [`popeye`], so that readers can tell "not supported" from "unknown" ([`PieceWord`]).
//!
//! Parser, output, move generation and observation all read this table; a new fairy piece is one row here
//! (a genuinely new geometry also needs a new [`Atom`] in the walk kernel and in its naive reference).

pub mod popeye;

use self::popeye::{PopeyeWalk, POPEYE_ONLY};
use crate::square::{Color, Square};
use crate::words::{norm, Lang};
use std::fmt;

/// One element of a walk. Offsets are (file, rank) steps; each atom stands for all eight symmetric images of
/// its offsets (reflections in both axes and in the diagonal), as is usual for fairy pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atom {
    /// Leaps to the square at the offset, empty or holding an enemy (captured).
    Leap(i8, i8),
    /// Rides: repeats the step over empty squares; may stop on any of them or capture the first enemy.
    Ride(i8, i8),
    /// Grasshopper-type hop (seed 003): along the line to the first piece (the hurdle, any colour, any
    /// distance), landing on the square immediately beyond it, empty or holding an enemy (captured).
    Hop(i8, i8),
    /// Locust-type capture (seed 003): along the line to the first piece, which must be an enemy, landing on
    /// the empty square immediately beyond it; the jumped piece is captured. No non-capturing moves.
    Locust(i8, i8),
    /// Lame leap: the leap `(a, b)` only when the square at `(c, d)` on the way is empty (mao, moa, lame
    /// alibaba). Both offsets take the same symmetric images.
    Lame(i8, i8, i8, i8),
    /// Lame rider (maorider, moarider): repeats the lame leap `(a, b)` while the square at `(c, d)` on the way
    /// of each step is empty, as [`Atom::Ride`] repeats a leap.
    LameRide(i8, i8, i8, i8),
    /// Lion-type hop (Popeye's `lions.c`): along the line to the first piece (the hurdle, any colour), then to any
    /// empty square beyond it, or capturing the first piece beyond it (an enemy).
    Lion(i8, i8),
    /// Chinese rider (pao, vao, leo, nao): moves as the rider without capturing; captures by hopping the first
    /// piece on the line (any colour), taking the first piece beyond it (an enemy), at any distance.
    Cannon(i8, i8),
    /// Chinese leaper (kao): leaps to the square at the offset when it is empty; when it is occupied, over it to
    /// the square at twice the offset, only capturing.
    CannonLeap(i8, i8),
    /// Contra-grasshopper: over a piece on the square next to it on the line, to any empty square beyond it or
    /// capturing the first piece beyond it.
    ContraHop(i8, i8),
    /// Grasshopper-n (G2, G3): over the first piece on the line to the square `n` steps beyond it, the squares
    /// between empty; that square empty or holding an enemy.
    HopN(i8, i8, u8),
    /// Leaper-hopper (kinghopper, knighthopper): over a piece on the square at the offset to the square at
    /// twice the offset, empty or holding an enemy.
    LeapHop(i8, i8),
    /// Kangaroo: over the first two pieces on the line to the square just beyond the second, empty or holding
    /// an enemy.
    Kangaroo(i8, i8),
    /// Kangaroo lion: over the first two pieces on the line to any empty square beyond the second, or capturing
    /// the first piece beyond it.
    KangarooLion(i8, i8),
    /// Orix (the equihopper's lines): over the first piece on the line to the square as far beyond it as it
    /// stands from the piece, the squares between empty; that square empty or holding an enemy.
    Equi(i8, i8),
    /// Non-stop equihopper: over any piece (nothing between counts) to the square as far beyond it, empty or
    /// holding an enemy; with `true` only along ranks, files and diagonals (non-stop orix).
    NonstopEqui(bool),
    /// Double grasshopper: a grasshopper hop to an empty square and a second one from there, along rook lines
    /// (first flag), bishop lines (second) or both; never back to its own square.
    DoubleHop(bool, bool),
    /// Edgehog: rides along the line, only to squares on the board's edge from a square off it, and the other
    /// way round.
    Edgehog(i8, i8),
    /// Bouncer: as many steps as the line runs from it to the first piece or off the board, the same number of
    /// steps the opposite way, the squares between empty; that square empty or holding an enemy.
    Bouncer(i8, i8),
    /// Rose lines: circles of knight steps, each turning by one eighth of a turn either way.
    Rose(Circle),
    /// Zigzag rider (spiralspringers, scouts): steps `(a, b)` and `(c, d)` in turn, over empty squares, to the
    /// first piece (captured if an enemy). Both offsets take the same symmetric images.
    Zigzag(i8, i8, i8, i8),
    /// Rides without capturing (the marine riders' and the Chinese pieces' moves).
    QuietRide(i8, i8),
    /// Leaps to an empty square only (the marine leapers' moves).
    QuietLeap(i8, i8),
    /// Locust on a leap: captures an enemy on the square at the offset by landing on the empty square just beyond
    /// it (the marine knight's captures).
    LocustLeap(i8, i8),
    /// Angle hopper (moose 1, eagle 2, sparrow 3): over the first piece on the line of the unit step `(a, b)` to
    /// the square next to it in a direction turned by `n` eighths of a turn either way; empty or holding an enemy.
    AngleHop(i8, i8, u8),
    /// Hamster: along the line to the square before the first piece (not staying put), never capturing.
    Hamster(i8, i8),
    /// Contra-hamster: with a piece on the square just behind it on the line, rides away from it (capturing the
    /// first piece if an enemy).
    ContraHamster(i8, i8),
    /// Radial knight: over an enemy piece at any leap from it to any square at a leap of the same length from
    /// that piece, empty or holding an enemy.
    Radial,
    /// Argentinian rider (senora, faro, loco; Popeye's `argentinian/riders.c`): captures the first piece on the
    /// line if an enemy, or moves over it (any colour) to any empty square beyond it up to the next piece; no
    /// move short of the first piece.
    Argentinian(i8, i8),
    /// Lame lion (maoriderlion, moariderlion; Popeye's `chinese/mao.c`): the lame rider's path, each leap `(a, b)`
    /// by way of the square at `(c, d)`, its squares taken in order (the square on the way, then the leap's
    /// arrival): over the first piece on the path, then to any arrival square after it with the path between
    /// empty, or capturing the first piece after it when that piece stands on an arrival square.
    LameLion(i8, i8, i8, i8),
    /// Lame hopper (maohopper, moahopper): the leap `(a, b)` only when the square at `(c, d)` on the way holds a
    /// piece (any colour); arrival empty or holding an enemy.
    LameHop(i8, i8, i8, i8),
    /// Saltador's half (Popeye's `argentinian/saltador.c`): moves as the lame hopper `(a, b)` by way of `(c, d)`
    /// to an empty square, captures as the lame leaper.
    Saltador(i8, i8, i8, i8),
    /// Treehopper (Popeye's `radial.c`): over a piece at any leap (the squares between not looked at) to any
    /// square at a leap of the same length from it, empty or holding an enemy; along ranks, files and
    /// diagonals only (`false`), or at every leap (`true`, the greater treehopper).
    TreeHop(bool),
    /// Leafhopper: with a piece at a leap from it (the squares between not looked at), to any square at another
    /// leap of the same length from its own square, empty or holding an enemy; along ranks, files and diagonals
    /// only (`false`) or at every leap (`true`, the greater leafhopper).
    LeafHop(bool),
    /// Lion over `n` pieces (bob: 4; Popeye's `bob.c`): over the first `n` pieces on the line (any colour) to any
    /// empty square beyond the last, or capturing the first piece beyond it.
    LionN(i8, i8, u8),
    /// Scarabeus (Popeye's `angle/hoppers.c`, angle 27): along the line to the first piece, then a knight's leap
    /// from it turned from the line the least, either way; empty or holding an enemy.
    Scarab(i8, i8),
    /// Eagle equihopper (`false`; Popeye's `angle/hoppers.c`): over the first piece on a rank, file or diagonal,
    /// turning a right angle there, as far on as it came, the squares between empty; or over a piece at a
    /// knight's, zebra's or camel's leap, turning a right angle there, as far on. Eagle non-stop equihopper
    /// (`true`): over any piece on those lines (the squares between not looked at), turning a right angle, as far
    /// on. Arrival empty or holding an enemy.
    EagleEqui(bool),
    /// Equistopper (equi english, Popeye's `hoppers.c`): to the square half-way to the first piece on a rank,
    /// file or diagonal; captures that piece when the next piece beyond it stands as far beyond; to the square
    /// half-way to a piece at twice a knight's, zebra's or camel's leap (capturing there an enemy).
    EquiStop,
    /// Reflecting bishop (`n` = 4) and archbishop (`n` = 1; Popeye's `reflecting_bishop.c`): rides diagonally,
    /// and on reaching the board's edge goes on from the last square at right angles, up to `n` times.
    Reflect(u8),
    /// Bouncy knight (Popeye's `bouncy.c`): a knight's leap; from an empty square on the board's edge, up to two
    /// more.
    BouncyKnight,
    /// Ubiubi (Popeye's `ubiubi.c`): any number of knight's leaps over empty squares, capturing an enemy at the
    /// end of one.
    UbiUbi,
    /// Querquisite (Popeye's `querquisite.c`): moves as the piece that starts the game on its file (rook, knight,
    /// bishop, queen or king).
    Querquisite,
    /// Chinese pawn (Popeye's `chinese/pawn.c`): one step forward, moving or capturing; past the river (on the
    /// other side's half of the board) one step sideways too. It does not promote.
    ChinesePawn,
    /// The orthodox pawn (moves, double step, captures, en passant, promotion), handled by the generator.
    Pawn,
    /// A fairy pawn (berolina, super-, marine, reverse pawn; Popeye's `is_pawn`): the pawn's rules (no move from
    /// its first rank, the double step and the en-passant right it gives, en passant, promotion) with the
    /// directions and reach of its [`PawnWalk`]. The walk kernel makes its single moves and captures, the move
    /// generator adds the double step, en passant and promotion.
    PawnLike(PawnWalk),
    /// The walks of other pieces, borrowed (orphan, friend): which ones depends on the whole board, so the move
    /// generator and the observation service find them ([`Borrow`]).
    Borrow(Borrow),
}

/// The walk of a pawn-like piece (Popeye's `pieces/walks/pawns/` and `marine.c`): what sets it apart from the
/// orthodox pawn, [`PawnWalk::ORTHODOX`]. Forward is towards the other side's first rank, backward for a
/// reverse pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PawnWalk {
    /// Moves (without capturing) one step diagonally forward and captures straight forward (the berolina
    /// pawns); else moves straight forward and captures diagonally forward.
    pub berolina: bool,
    /// Moves and captures as riders along those lines, from any rank, without a double step nor en passant
    /// (the superpawns: Popeye's `super.c`); else one step, two from its second rank.
    pub rides: bool,
    /// Captures as a locust: over an enemy piece diagonally forward to the empty square beyond it, en passant
    /// too; promotes to the marine pieces (the marine pawn: Popeye's `marine.c`).
    pub marine: bool,
    /// Moves, captures and promotes backward, towards its own first rank, double-stepping from its seventh rank
    /// (the reverse pawn, Popeye's protean pawn: `reverse.c`).
    pub reverse: bool,
}

impl PawnWalk {
    /// The orthodox pawn's.
    pub const ORTHODOX: PawnWalk = PawnWalk { berolina: false, rides: false, marine: false, reverse: false };

    /// The step forward (rank direction) of a pawn of this walk moving for `color`.
    #[inline]
    pub const fn forward(self, color: Color) -> i8 {
        let up = matches!(color, Color::White) != self.reverse;
        if up {
            1
        } else {
            -1
        }
    }

    /// The directions of its moves without capture, for `color`.
    pub fn move_dirs(self, color: Color) -> &'static [(i8, i8)] {
        match (self.berolina, self.forward(color) > 0) {
            (false, true) => &[(0, 1)],
            (false, false) => &[(0, -1)],
            (true, true) => &[(-1, 1), (1, 1)],
            (true, false) => &[(-1, -1), (1, -1)],
        }
    }

    /// The directions of its captures, for `color`.
    pub fn capture_dirs(self, color: Color) -> &'static [(i8, i8)] {
        match (self.berolina, self.forward(color) > 0) {
            (true, true) => &[(0, 1)],
            (true, false) => &[(0, -1)],
            (false, true) => &[(-1, 1), (1, 1)],
            (false, false) => &[(-1, -1), (1, -1)],
        }
    }

    /// The rank from which a pawn of this walk moving for `color` does not move (Popeye: no move from its
    /// base square), `None` for the superpawns, which move from there.
    #[inline]
    pub fn base_rank(self, color: Color) -> Option<u8> {
        (!self.rides).then(|| if self.forward(color) > 0 { 0 } else { 7 })
    }

    /// The rank it double-steps from (its second), `None` for the superpawns.
    #[inline]
    pub fn double_step_rank(self, color: Color) -> Option<u8> {
        (!self.rides).then(|| if self.forward(color) > 0 { 1 } else { 6 })
    }

    /// The rank it promotes on.
    #[inline]
    pub fn promotion_rank(self, color: Color) -> u8 {
        if self.forward(color) > 0 {
            7
        } else {
            0
        }
    }
}

/// How a piece borrows the walks of others (Popeye's `pieces/walks/orphan.c` and `friend.c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Borrow {
    /// The orphan: it moves as every piece of the other colour that observes it, directly or through a chain of
    /// orphans of alternating colours, each observing the next by that piece's walk. It never takes en passant,
    /// its pawn's moves do not promote, and its double step gives no en-passant right.
    Orphan,
    /// The friend: it moves as every piece of its own colour that observes (guards) it, directly or through a
    /// chain of friends of its colour, each observing the next by that piece's walk.
    Friend,
}

/// What a piece does on a rose line (Popeye's `roses.c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Circle {
    /// The rose: rides along the circle to the first piece, which it may capture.
    Rider,
    /// The rao: moves as the rose without capturing; captures by hopping the first piece on the circle, taking
    /// the next piece on it.
    Cannon,
    /// The rose lion: over the first piece on the circle to any empty square beyond it, or capturing the next
    /// piece.
    Lion,
    /// The rose hopper: over the first piece on the circle to the next square of the circle.
    Hopper,
    /// The rose locust: captures the first piece on the circle, landing on the next square of the circle (empty).
    Locust,
}

/// The eight knight steps of a rose line in circular order: a rose turns to the next (or the previous) one at
/// every step.
pub const ROSE_STEPS: [(i8, i8); 8] = [(-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1)];

/// A kind of piece: an index into [`PIECES`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

/// One row of the registry.
#[derive(Debug)]
pub struct PieceDef {
    /// Popeye's English walk code (upper case): `K`, `S`, `G`, `CA`, `03`, …
    pub code: &'static str,
    /// Popeye's German code (the BEISPIEL files use it), or `""` where it equals `code`.
    pub code_de: &'static str,
    /// Popeye's French code, or `""` where it equals `code`.
    pub code_fr: &'static str,
    /// Full English name, lower case.
    pub name: &'static str,
    /// Other English names accepted on input.
    pub aliases: &'static [&'static str],
    /// Letter in standard FEN (upper case), where FEN has one.
    pub fen: Option<char>,
    /// The walk.
    pub walk: &'static [Atom],
    /// Whether Popeye has this walk (it lacks the threeleaper, the frog and the alibabas).
    pub popeye: bool,
}

use Atom::*;

const ROOK_W: &[Atom] = &[Ride(1, 0)];
const BISHOP_W: &[Atom] = &[Ride(1, 1)];
const QUEEN_W: &[Atom] = &[Ride(1, 0), Ride(1, 1)];
const KING_W: &[Atom] = &[Leap(1, 0), Leap(1, 1)];
const KNIGHT_W: &[Atom] = &[Leap(1, 2)];

const BEROLINA: PawnWalk = PawnWalk { berolina: true, ..PawnWalk::ORTHODOX };
const SUPER: PawnWalk = PawnWalk { rides: true, ..PawnWalk::ORTHODOX };
const SUPER_BEROLINA: PawnWalk = PawnWalk { rides: true, berolina: true, ..PawnWalk::ORTHODOX };
const MARINE: PawnWalk = PawnWalk { marine: true, ..PawnWalk::ORTHODOX };
const REVERSE: PawnWalk = PawnWalk { reverse: true, ..PawnWalk::ORTHODOX };

macro_rules! piece {
    ($code:expr, $de:expr, $fr:expr, $name:expr, [$($alias:expr),*], $fen:expr, $walk:expr, $popeye:expr) => {
        PieceDef {
            code: $code,
            code_de: $de,
            code_fr: $fr,
            name: $name,
            aliases: &[$($alias),*],
            fen: $fen,
            walk: $walk,
            popeye: $popeye,
        }
    };
}

/// The rows of [`PIECES`]: one a kind, the first six the orthodox pieces in the order of [`Kind`]'s constants.
const TABLE: &[PieceDef] = &[
    piece!("K", "", "R", "king", [], Some('K'), KING_W, true),
    piece!("Q", "D", "D", "queen", [], Some('Q'), QUEEN_W, true),
    piece!("R", "T", "T", "rook", [], Some('R'), ROOK_W, true),
    piece!("B", "L", "F", "bishop", [], Some('B'), BISHOP_W, true),
    piece!("S", "", "C", "knight", [], Some('N'), KNIGHT_W, true),
    piece!("P", "B", "", "pawn", [], Some('P'), &[Pawn], true),
    piece!("G", "", "S", "grasshopper", [], Some('G'), &[Hop(1, 0), Hop(1, 1)], true),
    piece!("L", "H", "", "locust", [], Some('L'), &[Locust(1, 0), Locust(1, 1)], true),
    piece!("N", "", "", "nightrider", [], None, &[Ride(1, 2)], true),
    piece!("CA", "", "CH", "camel", [], None, &[Leap(1, 3)], true),
    piece!("Z", "", "", "zebra", [], None, &[Leap(2, 3)], true),
    piece!("GI", "", "", "giraffe", [], None, &[Leap(1, 4)], true),
    piece!("WE", "", "VI", "wazir", [], None, &[Leap(1, 0)], true),
    piece!("FE", "", "", "fers", ["ferz", "fersh"], None, &[Leap(1, 1)], true),
    piece!("AL", "", "", "alfil", [], None, &[Leap(2, 2)], true),
    piece!("DA", "", "", "dabbaba", [], None, &[Leap(2, 0)], true),
    piece!("AN", "", "", "antelope", [], None, &[Leap(3, 4)], true),
    piece!("AM", "", "", "amazon", [], None, &[Ride(1, 0), Ride(1, 1), Leap(1, 2)], true),
    piece!("EM", "KN", "IM", "empress", [], None, &[Ride(1, 0), Leap(1, 2)], true),
    piece!("PR", "", "", "princess", [], None, &[Ride(1, 1), Leap(1, 2)], true),
    piece!("MA", "", "", "mao", [], None, &[Lame(1, 2, 0, 1)], true),
    piece!("MO", "", "", "moa", [], None, &[Lame(1, 2, 1, 1)], true),
    piece!("03", "", "", "threeleaper", ["three-leaper"], None, &[Leap(3, 0)], false),
    piece!("FG", "", "", "frog", [], None, &[Leap(1, 1), Leap(3, 0)], false),
    piece!("AB", "", "", "alibaba", [], None, &[Leap(2, 0), Leap(2, 2)], false),
    piece!(
        "LA",
        "",
        "",
        "lame alibaba",
        ["lamealibaba", "lame-alibaba"],
        None,
        &[Lame(2, 0, 1, 0), Lame(2, 2, 1, 1)],
        false
    ),
    // Leapers and riders and their combinations (Popeye's `leapers.c`, `riders.c`).
    piece!("RF", "WF", "CC", "root-50 leaper", ["root50 leaper"], None, &[Leap(1, 7), Leap(5, 5)], true),
    piece!("BU", "", "", "root-25 leaper", ["root25 leaper", "bucephale"], None, &[Leap(3, 4), Leap(0, 5)], true),
    piece!("GN", "", "G", "gnu", [], None, &[Leap(1, 2), Leap(1, 3)], true),
    piece!("SQ", "EI", "EC", "squirrel", [], None, &[Leap(2, 0), Leap(2, 2), Leap(1, 2)], true),
    piece!("WA", "", "V", "waran", [], None, &[Ride(1, 2), Ride(1, 0)], true),
    piece!("CR", "", "CN", "camelrider", ["camel rider"], None, &[Ride(1, 3)], true),
    piece!("ZR", "", "ZN", "zebrarider", ["zebra rider"], None, &[Ride(2, 3)], true),
    piece!("GR", "", "GN", "gnurider", ["gnu rider"], None, &[Ride(1, 3), Ride(1, 2)], true),
    piece!("OK", "", "", "okapi", [], None, &[Leap(1, 2), Leap(2, 3)], true),
    piece!("37", "", "", "3:7-leaper", ["37 leaper"], None, &[Leap(3, 7)], true),
    piece!("16", "", "", "1:6-leaper", ["16 leaper"], None, &[Leap(1, 6)], true),
    piece!("24", "", "", "2:4-leaper", ["24 leaper"], None, &[Leap(2, 4)], true),
    piece!("35", "", "", "3:5-leaper", ["35 leaper"], None, &[Leap(3, 5)], true),
    piece!("15", "", "", "1:5-leaper", ["15 leaper"], None, &[Leap(1, 5)], true),
    piece!("25", "", "", "2:5-leaper", ["25 leaper"], None, &[Leap(2, 5)], true),
    piece!("36", "", "", "3:6-leaper", ["36 leaper"], None, &[Leap(3, 6)], true),
    piece!("WR", "", "VS", "wazirrider", ["wazir rider"], None, &[Ride(1, 0)], true),
    piece!("FR", "", "FS", "fersrider", ["fers rider"], None, &[Ride(1, 1)], true),
    piece!("BI", "", "", "bison", [], None, &[Leap(1, 3), Leap(2, 3)], true),
    piece!("ET", "", "EL", "elephant", [], None, &[Ride(1, 0), Ride(1, 1), Ride(1, 2)], true),
    piece!("ZE", "", "", "zebu", [], None, &[Leap(1, 3), Leap(1, 4)], true),
    piece!("AO", "", "", "maorider", ["mao rider"], None, &[LameRide(1, 2, 0, 1)], true),
    piece!("OA", "", "", "moarider", ["moa rider"], None, &[LameRide(1, 2, 1, 1)], true),
    // Hoppers and locusts (Popeye's `hoppers.c`, `locusts.c`).
    piece!("NH", "", "SN", "nightrider-hopper", ["nightriderhopper"], None, &[Hop(1, 2)], true),
    piece!("CH", "", "SC", "camelrider hopper", ["camelriderhopper"], None, &[Hop(1, 3)], true),
    piece!("ZH", "", "SZ", "zebrarider hopper", ["zebrariderhopper"], None, &[Hop(2, 3)], true),
    piece!("GH", "", "SG", "gnurider hopper", ["gnuriderhopper"], None, &[Hop(1, 3), Hop(1, 2)], true),
    piece!("RH", "TH", "ST", "rookhopper", ["rook hopper"], None, &[Hop(1, 0)], true),
    piece!("BH", "LH", "SF", "bishophopper", ["bishop hopper"], None, &[Hop(1, 1)], true),
    piece!("SO", "", "", "scorpion", [], None, &[Leap(1, 0), Leap(1, 1), Hop(1, 0), Hop(1, 1)], true),
    piece!("GL", "", "", "gral", [], None, &[Leap(2, 2), Hop(1, 0)], true),
    piece!("LR", "HT", "LT", "rook locust", ["rooklocust"], None, &[Locust(1, 0)], true),
    piece!("LB", "HL", "LF", "bishop locust", ["bishoplocust"], None, &[Locust(1, 1)], true),
    piece!("LN", "HN", "", "nightrider locust", ["nightriderlocust"], None, &[Locust(1, 2)], true),
    piece!("KH", "", "SR", "kinghopper", ["king hopper"], None, &[LeapHop(1, 0), LeapHop(1, 1)], true),
    piece!("KP", "SH", "SV", "knighthopper", ["knight hopper"], None, &[LeapHop(1, 2)], true),
    piece!(
        "CG",
        "KG",
        "SA",
        "contra grasshopper",
        ["contragrasshopper"],
        None,
        &[ContraHop(1, 0), ContraHop(1, 1)],
        true
    ),
    piece!("G2", "", "S2", "grasshopper-2", ["grasshopper 2"], None, &[HopN(1, 0, 2), HopN(1, 1, 2)], true),
    piece!("G3", "", "S3", "grasshopper-3", ["grasshopper 3"], None, &[HopN(1, 0, 3), HopN(1, 1, 3)], true),
    piece!("DG", "", "DS", "double grasshopper", ["doublegrasshopper"], None, &[DoubleHop(true, true)], true),
    piece!("DK", "DT", "DT", "double rookhopper", ["doublerookhopper"], None, &[DoubleHop(true, false)], true),
    piece!("DB", "DL", "DF", "double bishopper", ["doublebishopper"], None, &[DoubleHop(false, true)], true),
    piece!("KA", "", "", "kangaroo", [], None, &[Kangaroo(1, 0), Kangaroo(1, 1)], true),
    piece!("KL", "LK", "", "kangaroo lion", ["kangaroolion"], None, &[KangarooLion(1, 0), KangarooLion(1, 1)], true),
    piece!("DO", "DE", "DN", "dolphin", [], None, &[Kangaroo(1, 0), Kangaroo(1, 1), Hop(1, 0), Hop(1, 1)], true),
    piece!(
        "EQ",
        "",
        "EA",
        "equihopper",
        [],
        None,
        &[Equi(1, 0), Equi(1, 1), LeapHop(1, 2), LeapHop(2, 3), LeapHop(1, 3)],
        true
    ),
    piece!("OR", "", "", "orix", [], None, &[Equi(1, 0), Equi(1, 1)], true),
    piece!("NE", "", "EQ", "nonstop equihopper", ["nonstopequihopper"], None, &[NonstopEqui(false)], true),
    piece!("NO", "", "", "nonstop orix", ["nonstoporix"], None, &[NonstopEqui(true)], true),
    // Lions and Chinese pieces (Popeye's `lions.c`, `chinese/`).
    piece!("LI", "", "", "lion", [], None, &[Lion(1, 0), Lion(1, 1)], true),
    piece!("RL", "TL", "TL", "rook-lion", ["rooklion", "rook lion"], None, &[Lion(1, 0)], true),
    piece!("BL", "LL", "FL", "bishop-lion", ["bishoplion", "bishop lion"], None, &[Lion(1, 1)], true),
    piece!("NL", "", "", "nightriderlion", ["nightrider lion"], None, &[Lion(1, 2)], true),
    piece!("LE", "", "", "leo", [], None, &[Cannon(1, 0), Cannon(1, 1)], true),
    piece!("PA", "", "", "pao", [], None, &[Cannon(1, 0)], true),
    piece!("VA", "", "", "vao", [], None, &[Cannon(1, 1)], true),
    piece!("NA", "", "", "nao", [], None, &[Cannon(1, 2)], true),
    piece!("KO", "", "", "kao", [], None, &[CannonLeap(1, 2)], true),
    // Roses (Popeye's `roses.c`), the edgehog and the bouncers.
    piece!("RO", "", "", "rose", [], None, &[Rose(Circle::Rider)], true),
    piece!("RA", "", "", "rao", [], None, &[Rose(Circle::Cannon)], true),
    piece!("RN", "", "RL", "roselion", ["rose lion"], None, &[Rose(Circle::Lion)], true),
    piece!("RP", "RH", "RS", "rosehopper", ["rose hopper"], None, &[Rose(Circle::Hopper)], true),
    piece!("LS", "LR", "LR", "rose locust", ["roselocust"], None, &[Rose(Circle::Locust)], true),
    piece!("EH", "RD", "", "edgehog", [], None, &[Edgehog(1, 0), Edgehog(1, 1)], true),
    piece!("B1", "", "", "bouncer", [], None, &[Bouncer(1, 0), Bouncer(1, 1)], true),
    piece!("B2", "", "", "tour-bouncer", ["tour bouncer", "rook bouncer"], None, &[Bouncer(1, 0)], true),
    piece!("B3", "", "", "fou-bouncer", ["fou bouncer", "bishop bouncer"], None, &[Bouncer(1, 1)], true),
    // Zigzag riders (Popeye's `spiral_springers.c`) and the radial knight (`radial.c`).
    piece!("SS", "", "CS", "spiralspringer", [], None, &[Zigzag(1, 2, 1, -2), Zigzag(1, 2, -1, 2)], true),
    piece!(
        "DS",
        "",
        "CD",
        "diagonalspiralspringer",
        ["diagonal spiralspringer"],
        None,
        &[Zigzag(1, 2, 2, 1), Zigzag(1, 2, -2, -1)],
        true
    ),
    piece!("S2", "", "N2", "spiralspringer 2-0", ["spiralspringer20"], None, &[Zigzag(1, 2, 1, -2)], true),
    piece!("S4", "", "N4", "spiralspringer 4-0", ["spiralspringer40"], None, &[Zigzag(1, 2, -1, 2)], true),
    piece!(
        "S1",
        "",
        "N1",
        "diagonalspiralspringer 1-1",
        ["diagonalspiralspringer11"],
        None,
        &[Zigzag(1, 2, -2, -1)],
        true
    ),
    piece!(
        "S3",
        "",
        "N3",
        "diagonalspiralspringer 3-3",
        ["diagonalspiralspringer33"],
        None,
        &[Zigzag(1, 2, 2, 1)],
        true
    ),
    piece!("BT", "PF", "", "boyscout", ["boy scout"], None, &[Zigzag(1, 1, 1, -1)], true),
    piece!("GT", "PN", "", "girlscout", ["girl scout"], None, &[Zigzag(1, 0, 0, 1)], true),
    piece!("RK", "RP", "CL", "radial knight", ["radialknight"], None, &[Radial], true),
    // Angle hoppers (Popeye's `angle/hoppers.c`).
    piece!("M", "EL", "E", "moose", ["elk"], None, &[AngleHop(1, 0, 1), AngleHop(1, 1, 1)], true),
    piece!("EA", "AD", "AI", "eagle", [], None, &[AngleHop(1, 0, 2), AngleHop(1, 1, 2)], true),
    piece!("SW", "SP", "M", "sparrow", [], None, &[AngleHop(1, 0, 3), AngleHop(1, 1, 3)], true),
    piece!("RM", "TC", "ET", "rook moose", ["rookmoose"], None, &[AngleHop(1, 0, 1)], true),
    piece!("RE", "TA", "AT", "rook eagle", ["rookeagle"], None, &[AngleHop(1, 0, 2)], true),
    piece!("RW", "TS", "MT", "rook sparrow", ["rooksparrow"], None, &[AngleHop(1, 0, 3)], true),
    piece!("BM", "LC", "EF", "bishop moose", ["bishopmoose"], None, &[AngleHop(1, 1, 1)], true),
    piece!("BE", "LA", "AF", "bishop eagle", ["bishopeagle"], None, &[AngleHop(1, 1, 2)], true),
    piece!("BW", "LS", "MF", "bishop sparrow", ["bishopsparrow"], None, &[AngleHop(1, 1, 3)], true),
    piece!("HA", "", "", "hamster", [], None, &[Hamster(1, 0), Hamster(1, 1)], true),
    piece!(
        "HC",
        "HK",
        "",
        "contrahamster",
        ["contra hamster"],
        None,
        &[ContraHamster(1, 0), ContraHamster(1, 1)],
        true
    ),
    piece!(
        "MG",
        "",
        "",
        "marguerite",
        [],
        None,
        &[
            AngleHop(1, 0, 1),
            AngleHop(1, 1, 1),
            AngleHop(1, 0, 2),
            AngleHop(1, 1, 2),
            AngleHop(1, 0, 3),
            AngleHop(1, 1, 3),
            // The grasshopper as a grasshopper-1, so that its moves and the others' are generated once.
            HopN(1, 0, 1),
            HopN(1, 1, 1),
            Hamster(1, 0),
            Hamster(1, 1)
        ],
        true
    ),
    // Marine pieces (Popeye's `marine.c`): they move as their rider or leaper and capture as locusts.
    piece!("SI", "", "", "sirene", [], None, &[QuietRide(1, 0), QuietRide(1, 1), Locust(1, 0), Locust(1, 1)], true),
    piece!("TR", "", "", "triton", [], None, &[QuietRide(1, 0), Locust(1, 0)], true),
    piece!("ND", "", "NE", "nereide", [], None, &[QuietRide(1, 1), Locust(1, 1)], true),
    piece!("MS", "", "CM", "marine knight", ["marineknight"], None, &[QuietLeap(1, 2), LocustLeap(1, 2)], true),
    // The scorpion's walk again (Popeye's `sting.c`), the rabbit the kangaroo lion's (`rabbit.c`), the
    // quintessence a zigzag of knight's steps at right angles (`spiral_springers.c`).
    piece!("ST", "", "EP", "sting", [], None, &[Leap(1, 0), Leap(1, 1), Hop(1, 0), Hop(1, 1)], true),
    piece!("RT", "HE", "LA", "rabbit", [], None, &[KangarooLion(1, 0), KangarooLion(1, 1)], true),
    piece!("QN", "", "", "quintessence", [], None, &[Zigzag(1, 2, 2, -1), Zigzag(1, 2, -2, 1)], true),
    piece!("BO", "", "", "bob", [], None, &[LionN(1, 0, 4), LionN(1, 1, 4)], true),
    // Argentinian riders (Popeye's `argentinian/`), the Chinese lame pieces' hoppers and lions (`chinese/mao.c`).
    piece!("SE", "", "DG", "senora", [], None, &[Argentinian(1, 0), Argentinian(1, 1)], true),
    piece!("FA", "", "", "faro", [], None, &[Argentinian(1, 0)], true),
    piece!("LO", "", "", "loco", [], None, &[Argentinian(1, 1)], true),
    piece!("SA", "", "SL", "saltador", [], None, &[Saltador(1, 2, 0, 1), Saltador(1, 2, 1, 1)], true),
    piece!("ML", "", "", "maoriderlion", ["mao rider lion"], None, &[LameLion(1, 2, 0, 1)], true),
    piece!("MM", "", "", "moariderlion", ["moa rider lion"], None, &[LameLion(1, 2, 1, 1)], true),
    piece!("AH", "", "AS", "maohopper", ["mao hopper"], None, &[LameHop(1, 2, 0, 1)], true),
    piece!("OH", "", "OS", "moahopper", ["moasauteur", "moa hopper"], None, &[LameHop(1, 2, 1, 1)], true),
    // Radial hoppers (Popeye's `radial.c`), the scarabeus and the eagle equihoppers (`angle/hoppers.c`), the
    // equistopper (`hoppers.c`).
    piece!("TH", "UH", "SB", "treehopper", [], None, &[TreeHop(false)], true),
    piece!("LH", "BH", "SE", "leafhopper", [], None, &[LeafHop(false)], true),
    piece!("GE", "GU", "SM", "greater treehopper", ["greatertreehopper"], None, &[TreeHop(true)], true),
    piece!("GF", "GB", "SU", "greater leafhopper", ["greaterleafhopper"], None, &[LeafHop(true)], true),
    piece!("SC", "SR", "SS", "scarabeus", [], None, &[Scarab(1, 0), Scarab(1, 1)], true),
    piece!("EE", "AE", "AE", "eagle equihopper", ["eagleequihopper"], None, &[EagleEqui(false)], true),
    piece!("EN", "AQ", "AQ", "eagle nonstop equihopper", ["eaglenonstopequihopper"], None, &[EagleEqui(true)], true),
    piece!("QE", "", "QA", "equi english", ["equistopper", "equienglish"], None, &[EquiStop], true),
    // Reflecting bishops (Popeye's `reflecting_bishop.c`), the bouncy knight (`bouncy.c`), the ubiubi
    // (`ubiubi.c`), the querquisite (`querquisite.c`).
    piece!("RB", "RL", "FR", "reflecting bishop", ["reflectingbishop"], None, &[Reflect(4)], true),
    piece!("AR", "ER", "", "archbishop", [], None, &[Reflect(1)], true),
    piece!("BK", "RS", "CR", "bouncy knight", ["bouncyknight"], None, &[BouncyKnight], true),
    piece!("UU", "", "", "ubiubi", [], None, &[UbiUbi], true),
    piece!("QQ", "OD", "", "querquisite", [], None, &[Querquisite], true),
    piece!("CP", "CB", "PC", "chinese pawn", ["chinesepawn"], None, &[ChinesePawn], true),
    // Pawn-like pieces (Popeye's `is_pawn`: `pieces/walks/pawns/`, `marine.c`), each one [`PawnWalk`]; the
    // poseidon is the marine king (royal by its walk: [`Kind::is_royal_walk`]).
    piece!("BP", "BB", "PB", "berolina pawn", ["berolinapawn"], None, &[PawnLike(BEROLINA)], true),
    piece!("SP", "SB", "", "superpawn", ["super pawn"], None, &[PawnLike(SUPER)], true),
    piece!("BS", "", "", "berolina superpawn", ["berolinasuperpawn"], None, &[PawnLike(SUPER_BEROLINA)], true),
    piece!("MP", "MB", "PM", "marine pawn", ["marinepawn"], None, &[PawnLike(MARINE)], true),
    piece!("PP", "RB", "PV", "protean pawn", ["proteanpawn", "reverse pawn"], None, &[PawnLike(REVERSE)], true),
    piece!(
        "PO",
        "",
        "",
        "poseidon",
        [],
        None,
        &[QuietLeap(1, 0), QuietLeap(1, 1), LocustLeap(1, 0), LocustLeap(1, 1)],
        true
    ),
    // Pieces that are more than a walk: the dummy never moves nor observes; the orphan and the friend move by the
    // walks of the pieces that observe them (Popeye's `orphan.c`, `friend.c`).
    piece!("DU", "", "PI", "dummy", [], None, &[], true),
    piece!("O", "", "", "orphan", [], None, &[Borrow(self::Borrow::Orphan)], true),
    piece!("F", "", "A", "friend", [], None, &[Borrow(self::Borrow::Friend)], true),
];

/// The piece registry: a new kind is one row (of `TABLE`, whose length sizes every per-kind array).
pub static PIECES: &[PieceDef] = TABLE;

/// Number of rows in [`PIECES`]; sizes per-kind arrays.
pub const NUM_KINDS: usize = TABLE.len();

impl Kind {
    pub const KING: Kind = Kind(0);
    pub const QUEEN: Kind = Kind(1);
    pub const ROOK: Kind = Kind(2);
    pub const BISHOP: Kind = Kind(3);
    pub const KNIGHT: Kind = Kind(4);
    pub const PAWN: Kind = Kind(5);
    pub const GRASSHOPPER: Kind = Kind(6);
    pub const LOCUST: Kind = Kind(7);
    pub const NIGHTRIDER: Kind = Kind(8);

    /// The next walk of Popeye's default chameleon sequence (knight, bishop, rook, queen, knight), `None` for a
    /// kind outside it: what a chameleon piece becomes when it moves, and what a piece reborn in Chameleon Circe
    /// is reborn as.
    pub const fn chameleon_next(self) -> Option<Kind> {
        match self {
            Kind::KNIGHT => Some(Kind::BISHOP),
            Kind::BISHOP => Some(Kind::ROOK),
            Kind::ROOK => Some(Kind::QUEEN),
            Kind::QUEEN => Some(Kind::KNIGHT),
            _ => None,
        }
    }

    /// Every registered kind.
    pub fn all() -> impl Iterator<Item = Kind> {
        (0..PIECES.len() as u8).map(Kind)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// This kind's registry row.
    #[inline]
    pub fn def(self) -> &'static PieceDef {
        &PIECES[self.0 as usize]
    }

    /// Popeye's English code, e.g. `S` or `CA`.
    pub fn code(self) -> &'static str {
        self.def().code
    }

    /// English name, e.g. `knight`.
    pub fn name(self) -> &'static str {
        self.def().name
    }

    /// How this kind borrows other pieces' walks (orphan, friend), if it does.
    pub fn borrows(self) -> Option<Borrow> {
        match self.def().walk {
            [Atom::Borrow(b)] => Some(*b),
            _ => None,
        }
    }

    /// The pawn-like walk of this kind (Popeye's `is_pawn`): the orthodox pawn's, a fairy pawn's, `None` for
    /// the other kinds.
    #[inline]
    pub fn pawn_walk(self) -> Option<PawnWalk> {
        match self.def().walk {
            [Atom::Pawn] => Some(PawnWalk::ORTHODOX),
            [Atom::PawnLike(w)] => Some(*w),
            _ => None,
        }
    }

    /// A pawn-like kind other than the orthodox pawn (berolina, super-, marine, reverse pawn).
    #[inline]
    pub fn is_fairy_pawn(self) -> bool {
        self != Kind::PAWN && self.pawn_walk().is_some()
    }

    /// Whether a pawn may promote to this kind, once the problem has it (as in Popeye: not to a pawn-like piece,
    /// a king or the dummy).
    pub fn is_promotee(self) -> bool {
        self.pawn_walk().is_none() && self != Kind::KING && !self.is_royal_walk() && !self.def().walk.is_empty()
    }

    /// The marine piece standing for an orthodox one (Popeye's marine walks: queen sirene, rook triton, bishop
    /// nereide, knight marine knight, king poseidon, pawn marine pawn): what a marine pawn promotes to.
    pub fn marine(self) -> Kind {
        let code = match self {
            Kind::QUEEN => "SI",
            Kind::ROOK => "TR",
            Kind::BISHOP => "ND",
            Kind::KNIGHT => "MS",
            Kind::KING => "PO",
            Kind::PAWN => "MP",
            _ => return self,
        };
        Kind::from_code(code).expect("the marine pieces are registered")
    }

    /// Whether pieces of this kind are royal by their walk besides the king: Popeye's sting and poseidon
    /// (`is_king` in its `pieces/walks/classification.c`), which it writes without the royal prefix and never
    /// promotes to.
    pub fn is_royal_walk(self) -> bool {
        matches!(self.def().code, "ST" | "PO")
    }

    /// One of the six orthodox kinds.
    #[inline]
    pub const fn is_orthodox(self) -> bool {
        self.0 <= 5
    }

    /// Looks a kind up by its English Popeye code (case-insensitive).
    pub fn from_code(code: &str) -> Option<Kind> {
        Self::find(|d| d.code.eq_ignore_ascii_case(code))
    }

    /// Looks a kind up by its English name or an alias (case-insensitive; `-`, `_` and spaces ignored).
    pub fn from_name(name: &str) -> Option<Kind> {
        let n = norm(name);
        Self::find(|d| norm(d.name) == n || d.aliases.iter().any(|a| norm(a) == n))
    }

    /// Looks a kind up by its standard FEN letter (either case).
    pub fn from_fen_letter(c: char) -> Option<Kind> {
        let u = c.to_ascii_uppercase();
        Self::find(|d| d.fen == Some(u))
    }

    fn find(pred: impl Fn(&PieceDef) -> bool) -> Option<Kind> {
        PIECES.iter().position(pred).map(|i| Kind(i as u8))
    }
}

/// What a piece code or name denotes: a kind stipula implements, or a walk of Popeye's it does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceWord {
    Kind(Kind),
    NotSupported(&'static PopeyeWalk),
}

impl PieceWord {
    /// A Popeye walk code of `lang`, as Popeye input writes pieces (case-insensitive; stipula's own walks such as
    /// the threeleaper have no Popeye code).
    pub fn popeye_code(code: &str, lang: Lang) -> Option<PieceWord> {
        if let Some(k) = Kind::all().find(|k| k.def().popeye && k.def().code_in(lang).eq_ignore_ascii_case(code)) {
            return Some(PieceWord::Kind(k));
        }
        POPEYE_ONLY.iter().find(|w| w.codes[lang.index()].eq_ignore_ascii_case(code)).map(PieceWord::NotSupported)
    }

    /// An English code (Popeye's, or stipula's own such as `03`) or an English name (`knight`, `lame alibaba`,
    /// `bison`), as the statement language and YAML write pieces.
    pub fn english(word: &str) -> Option<PieceWord> {
        if let Some(k) = Kind::from_code(word).or_else(|| Kind::from_name(word)) {
            return Some(PieceWord::Kind(k));
        }
        let n = norm(word);
        POPEYE_ONLY
            .iter()
            .find(|w| w.codes[0].eq_ignore_ascii_case(word) || norm(w.name) == n)
            .map(PieceWord::NotSupported)
    }

    /// The English code of a code of Popeye's `lang` output (`D` → `Q` in German), for any walk Popeye knows.
    pub fn english_code(code: &str, lang: Lang) -> Option<&'static str> {
        match PieceWord::popeye_code(code, lang)? {
            PieceWord::Kind(k) => Some(k.code()),
            PieceWord::NotSupported(w) => Some(w.codes[0]),
        }
    }
}

impl PieceDef {
    /// The code in the given language.
    pub fn code_in(&self, lang: Lang) -> &'static str {
        let c = match lang {
            Lang::English => self.code,
            Lang::German => self.code_de,
            Lang::French => self.code_fr,
        };
        if c.is_empty() {
            self.code
        } else {
            c
        }
    }
}

impl fmt::Debug for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A piece: kind and colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub kind: Kind,
    pub color: Color,
}

impl Piece {
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { kind, color }
    }

    /// A compact code 1..=2*NUM_KINDS (0 is reserved for "empty").
    #[inline]
    pub const fn code(self) -> u16 {
        1 + 2 * self.kind.0 as u16 + self.color as u16
    }

    /// Inverse of [`Piece::code`]; `None` for 0.
    #[inline]
    pub const fn from_code(code: u16) -> Option<Piece> {
        if code == 0 {
            None
        } else {
            let c = code - 1;
            Some(Piece { kind: Kind((c >> 1) as u8), color: if c & 1 == 0 { Color::White } else { Color::Black } })
        }
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", if self.color == Color::White { 'w' } else { 'b' }, self.kind.code())
    }
}

/// A piece placed on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    pub color: Color,
    pub kind: Kind,
    pub square: Square,
    /// Its attributes (royal, …); [`Attrs::NONE`] for most pieces.
    pub attrs: Attrs,
}

impl Placed {
    /// A piece without attributes.
    pub const fn new(color: Color, kind: Kind, square: Square) -> Placed {
        Placed { color, kind, square, attrs: Attrs::NONE }
    }

    /// Its attributes but royalty where it is a king (royal by its nature), with royalty where its walk is royal
    /// ([`Kind::is_royal_walk`]: the sting, the poseidon).
    pub fn effective_attrs(&self) -> Attrs {
        if self.kind == Kind::KING {
            Attrs(self.attrs.0 & !Attrs::ROYAL.0)
        } else if self.kind.is_royal_walk() {
            self.attrs.union(Attrs::ROYAL)
        } else {
            self.attrs
        }
    }

    /// The attributes Popeye writes before it: a king's and a royal walk's without royalty.
    pub fn shown_attrs(&self) -> Attrs {
        if self.kind.is_royal_walk() {
            Attrs(self.attrs.0 & !Attrs::ROYAL.0)
        } else {
            self.effective_attrs()
        }
    }
}

/// A piece's attributes (Popeye's piece specs besides the colour): a set of [`ATTRIBUTES`] bits. A piece
/// without attributes has [`Attrs::NONE`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Attrs(pub u16);

impl Attrs {
    pub const NONE: Attrs = Attrs(0);
    /// Royal: the piece is its side's king for check and mate (a side has one royal piece at most, its king
    /// or a piece with this attribute).
    pub const ROYAL: Attrs = Attrs(1);
    /// Neutral: the piece belongs to both sides (it moves for the side to move, a pawn in that side's direction,
    /// either side may take it, it checks both kings), as Popeye's colour `Neutral`. The position holds it in
    /// both colours' bitboards.
    pub const NEUTRAL: Attrs = Attrs(2);
    /// Kamikaze: a piece that captures is removed with the piece it takes (Popeye `[-wkQc3]`); a pawn that
    /// captures on its last rank is removed unpromoted.
    pub const KAMIKAZE: Attrs = Attrs(4);
    /// Chameleon: after each of its moves the piece changes its walk, knight to bishop to rook to queen to knight
    /// (other walks stay as they are); a pawn that promotes to one of the four may become a chameleon piece.
    pub const CHAMELEON: Attrs = Attrs(8);
    /// Hurdle colour changing: a grasshopper with this attribute turns the hurdle it hops over to the other
    /// side, kings and neutral pieces excepted (Popeye `hccGa1*c3[b2=w]`).
    pub const HURDLE_COLOUR_CHANGING: Attrs = Attrs(16);
    /// Paralysing: the piece paralyses the opposing pieces it observes (they neither move nor give check); it
    /// never captures and gives no check itself (Popeye `pieces/attributes/paralysing`).
    pub const PARALYSING: Attrs = Attrs(32);
    /// Under the condition Volage, a piece that has changed sides and is volage no more (no attribute of the
    /// diagram's: no writer shows it, as Popeye writes no letter for Volage under the condition).
    pub const VOLAGE_SPENT: Attrs = Attrs(64);
    /// Half-neutral: a piece that changes with each of its moves between neutral and of one colour: a neutral
    /// one becomes the mover's, one of a colour becomes neutral (Popeye's `pieces/attributes/neutral/half.c`).
    /// Whether it is neutral now is the position's colours' business: [`Position::attrs_at`] adds
    /// [`Attrs::NEUTRAL`] while it is.
    ///
    /// [`Position::attrs_at`]: crate::position::Position::attrs_at
    pub const HALF_NEUTRAL: Attrs = Attrs(128);
    /// Magic: after each move, a piece that a magic piece newly observes changes sides, if an odd number of the
    /// magic pieces' observations of it are new (Popeye's `pieces/attributes/magic.c`); kings, neutral and magic
    /// pieces never change.
    pub const MAGIC: Attrs = Attrs(256);
    /// Uncapturable: no piece may capture the piece (Popeye's `pieces/attributes/uncapturable.c`, which takes such
    /// captures out of the moves generated; check is observation and stays as it is). Ghost chess gives it to
    /// every ghost that comes back.
    pub const UNCAPTURABLE: Attrs = Attrs(512);

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn has(self, a: Attrs) -> bool {
        self.0 & a.0 == a.0 && a.0 != 0
    }

    #[inline]
    pub const fn union(self, a: Attrs) -> Attrs {
        Attrs(self.0 | a.0)
    }

    /// The attributes that `pieces` have, taken together (a king's royal attribute, its nature, left out): what
    /// [`Rules::with_attributes`](crate::movegen::Rules::with_attributes) is given.
    pub fn of<'a>(pieces: impl IntoIterator<Item = &'a Placed>) -> Attrs {
        pieces.into_iter().fold(Attrs::NONE, |a, p| a.union(p.effective_attrs()))
    }

    /// The attributes of this set that a writer shows (those of [`ATTRIBUTES`]): the condition's own marks
    /// ([`Attrs::VOLAGE_SPENT`]) left out.
    pub fn visible(self) -> Attrs {
        Attrs(self.0 & !Attrs::VOLAGE_SPENT.0)
    }

    /// The rows of [`ATTRIBUTES`] this set holds, in the table's order.
    pub fn defs(self) -> impl Iterator<Item = &'static AttrDef> {
        ATTRIBUTES.iter().filter(move |d| self.has(d.attr))
    }

    /// The attribute letters Popeye writes before a piece in `lang` (`r` for royal, German `k`), as its
    /// `WriteSpec` does: the capitals of each attribute's name, in lower case.
    pub fn prefix_in(self, lang: Lang) -> String {
        self.defs()
            .flat_map(|d| d.names[lang.index()].chars().filter(|c| c.is_ascii_uppercase()))
            .map(|c| c.to_ascii_lowercase())
            .collect()
    }
}

/// One piece attribute that stipula plays.
#[derive(Debug)]
pub struct AttrDef {
    pub attr: Attrs,
    /// Popeye's names: English, German, French.
    pub names: [&'static str; 3],
    /// stipula's name (lower case), as its statement language and YAML write it.
    pub name: &'static str,
}

/// The piece attributes stipula plays (the others Popeye knows are refused by the readers as not supported).
/// Neutral first: Popeye writes its `n` before the other attributes' letters (its `WriteSpec`), the others in
/// the order of its `PieSpec` (royal, kamikaze, paralysing, chameleon, …).
pub static ATTRIBUTES: &[AttrDef] = &[
    AttrDef { attr: Attrs::NEUTRAL, names: ["Neutral", "Neutral", "Neutre"], name: "neutral" },
    AttrDef { attr: Attrs::ROYAL, names: ["Royal", "Koeniglich", "Royale"], name: "royal" },
    AttrDef { attr: Attrs::KAMIKAZE, names: ["Kamikaze", "Kamikaze", "Kamikaze"], name: "kamikaze" },
    AttrDef { attr: Attrs::PARALYSING, names: ["Paralysing", "Paralysierend", "Paralysante"], name: "paralysing" },
    AttrDef { attr: Attrs::CHAMELEON, names: ["Chameleon", "Chamaeleon", "Cameleon"], name: "chameleon" },
    AttrDef { attr: Attrs::HALF_NEUTRAL, names: ["HalfNeutral", "HalbNeutral", "DemiNeutre"], name: "halfneutral" },
    AttrDef {
        attr: Attrs::HURDLE_COLOUR_CHANGING,
        names: ["HurdleColourChanging", "SprungbockFarbeWechselnd", "CouleurEchangeantSautoir"],
        name: "hurdlecolourchanging",
    },
    AttrDef { attr: Attrs::MAGIC, names: ["Magic", "Magisch", "Magique"], name: "magic" },
    AttrDef { attr: Attrs::UNCAPTURABLE, names: ["Uncapturable", "Unschlagbar", "Imprenable"], name: "uncapturable" },
];

/// The eight symmetric images of an offset, without repetitions.
pub fn symmetric_images(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out: Vec<(i8, i8)> = Vec::with_capacity(8);
    for &(x, y) in &[(a, b), (b, a)] {
        for &sx in &[1i8, -1] {
            for &sy in &[1i8, -1] {
                let v = (x * sx, y * sy);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// The eight symmetric images of a lame leap and its intermediate square, the same transformation applied to
/// both, without repetitions.
pub fn symmetric_lame_images(a: i8, b: i8, c: i8, d: i8) -> Vec<((i8, i8), (i8, i8))> {
    let mut out = Vec::with_capacity(8);
    for swap in [false, true] {
        for &sx in &[1i8, -1] {
            for &sy in &[1i8, -1] {
                let (la, lb, va, vb) = if swap { (b, a, d, c) } else { (a, b, c, d) };
                let v = ((la * sx, lb * sy), (va * sx, vb * sy));
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_is_consistent() {
        assert_eq!(PIECES.len(), NUM_KINDS);
        for k in Kind::all() {
            assert_eq!(Kind::from_code(k.code()), Some(k), "codes are unique: {}", k.code());
            assert_eq!(Kind::from_name(k.name()), Some(k));
        }
        assert_eq!(Kind::from_code("s"), Some(Kind::KNIGHT));
        assert_eq!(PieceWord::popeye_code("T", Lang::German), Some(PieceWord::Kind(Kind::ROOK)));
        assert_eq!(PieceWord::popeye_code("B", Lang::German), Some(PieceWord::Kind(Kind::PAWN)));
        assert_eq!(Kind::from_fen_letter('n'), Some(Kind::KNIGHT));
        assert_eq!(Kind::from_name("Lame Alibaba"), Kind::from_code("LA"));
        for k in Kind::all() {
            let p = Piece::new(Color::Black, k);
            assert_eq!(Piece::from_code(p.code()), Some(p));
        }
    }

    #[test]
    fn every_popeye_code_and_name_resolves_to_its_row() {
        // Popeye 4.104 has 162 walks: stipula's with `popeye` and the others in `POPEYE_ONLY`.
        let popeye_kinds = Kind::all().filter(|k| k.def().popeye).count();
        assert_eq!(popeye_kinds + POPEYE_ONLY.len(), 162);
        for lang in Lang::ALL {
            let mut codes = std::collections::BTreeSet::new();
            for k in Kind::all().filter(|k| k.def().popeye) {
                let code = k.def().code_in(lang);
                assert!(codes.insert(code.to_ascii_uppercase()), "{code} twice in {lang:?}");
                assert_eq!(PieceWord::popeye_code(code, lang), Some(PieceWord::Kind(k)), "{code} in {lang:?}");
                assert_eq!(PieceWord::english_code(code, lang), Some(k.code()));
            }
            for w in POPEYE_ONLY {
                let code = w.codes[lang.index()];
                assert!(codes.insert(code.to_string()), "{code} twice in {lang:?}");
                assert_eq!(
                    PieceWord::popeye_code(&code.to_lowercase(), lang),
                    Some(PieceWord::NotSupported(w)),
                    "{code} in {lang:?}"
                );
                assert_eq!(PieceWord::english_code(code, lang), Some(w.codes[0]));
            }
        }
        // The statement language: English codes (stipula's own too) and names, of either table.
        let mut names = std::collections::BTreeSet::new();
        for k in Kind::all() {
            assert_eq!(PieceWord::english(k.code()), Some(PieceWord::Kind(k)));
            let own: std::collections::BTreeSet<String> =
                std::iter::once(k.name()).chain(k.def().aliases.iter().copied()).map(norm).collect();
            for n in own {
                assert_eq!(PieceWord::english(&n), Some(PieceWord::Kind(k)), "{n}");
                assert!(names.insert(n.clone()), "{n} names two pieces");
            }
        }
        for w in POPEYE_ONLY {
            assert!(names.insert(norm(w.name)), "{} twice", w.name);
            assert_eq!(PieceWord::english(w.codes[0]), Some(PieceWord::NotSupported(w)));
            assert_eq!(PieceWord::english(w.name), Some(PieceWord::NotSupported(w)), "{}", w.name);
        }
        // stipula's own walks have no Popeye code: in Popeye input `03` is nothing, German `LA` a bishop eagle.
        assert_eq!(PieceWord::popeye_code("03", Lang::English), None);
        assert!(
            matches!(PieceWord::popeye_code("LA", Lang::German), Some(PieceWord::Kind(k)) if k.name() == "bishop eagle")
        );
    }

    #[test]
    fn symmetric_images_count() {
        assert_eq!(symmetric_images(1, 2).len(), 8);
        assert_eq!(symmetric_images(1, 0).len(), 4);
        assert_eq!(symmetric_images(1, 1).len(), 4);
        assert_eq!(symmetric_lame_images(1, 2, 0, 1).len(), 8);
        // The mao's leap to (2,1) passes (1,0).
        assert!(symmetric_lame_images(1, 2, 0, 1).contains(&((2, 1), (1, 0))));
    }
}
