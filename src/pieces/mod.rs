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
    /// The orthodox pawn (moves, double step, captures, en passant, promotion), handled by the generator.
    Pawn,
}

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

    /// A compact code 1..=2*NUM_KINDS (0 is reserved for "empty" in the mailbox).
    #[inline]
    pub const fn code(self) -> u8 {
        1 + 2 * self.kind.0 + self.color as u8
    }

    /// Inverse of [`Piece::code`]; `None` for 0.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            None
        } else {
            let c = code - 1;
            Some(Piece { kind: Kind(c >> 1), color: if c & 1 == 0 { Color::White } else { Color::Black } })
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

    /// Its attributes but royalty where it is a king (royal by its nature).
    pub const fn effective_attrs(&self) -> Attrs {
        if self.kind.0 == Kind::KING.0 {
            Attrs(self.attrs.0 & !Attrs::ROYAL.0)
        } else {
            self.attrs
        }
    }
}

/// A piece's attributes (Popeye's piece specs besides the colour): a set of [`ATTRIBUTES`] bits. A piece
/// without attributes has [`Attrs::NONE`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Attrs(pub u8);

impl Attrs {
    pub const NONE: Attrs = Attrs(0);
    /// Royal: the piece is its side's king for check and mate (a side has one royal piece at most, its king
    /// or a piece with this attribute).
    pub const ROYAL: Attrs = Attrs(1);

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
pub static ATTRIBUTES: &[AttrDef] =
    &[AttrDef { attr: Attrs::ROYAL, names: ["Royal", "Koeniglich", "Royale"], name: "royal" }];

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
            matches!(PieceWord::popeye_code("LA", Lang::German), Some(PieceWord::NotSupported(w)) if w.name == "bishop eagle")
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
