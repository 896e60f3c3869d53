//! The rules of the piece attributes that act through a move's stages, as conditions the rules take on when a
//! problem's pieces have them ([`for_attributes`]): they are no conditions of the problem (none is written under
//! the stipulation), but each is a stage of the move as a condition's is. Royal and neutral pieces are the
//! position's and the move generator's own business.
//!
//! - Kamikaze (Popeye's `pieces/attributes/kamikaze/kamikaze.c`): a kamikaze piece that captures is removed with
//!   the piece it takes, noted `[-wkQc3]`; a kamikaze pawn that captures on its last rank does not promote (Popeye
//!   lists `kPb7*c8[-wkPc8]` alone).
//! - Chameleon (`pieces/attributes/chameleon.c`): after each of its moves a chameleon piece changes its walk,
//!   knight to bishop to rook to queen to knight (`cSa1-c2=cB`); other walks stay (a king, a pawn, a fairy
//!   piece), and a chameleon pawn that promotes stays what it became (`cPd7-d8=cQ`). A pawn without the attribute
//!   that promotes to one of the four chooses: the plain piece, or a chameleon one (`e7-e8=Q`, `e7-e8=Q=c`), its
//!   two moves [`Move::choice`] 1 and 2.
//! - Hurdle colour changing (`pieces/attributes/hurdle_colour_changing.c`), on grasshoppers: the hurdle a
//!   grasshopper with the attribute hops over changes sides, unless it is a king or neutral (`hccGa1*c3[b2=w]`). A
//!   pawn promotes to a grasshopper as the grasshoppers of the diagram are (Popeye's
//!   `hopper_attribute_specific_promotion_initialiser`): a plain one if the diagram has one, one with the attribute
//!   (`b7-b8=G=hcc`) if the diagram has one; both, choice 1 and 2, if it has both.
//! - Paralysing (`pieces/attributes/paralysing/`): a piece observed by an opposing paralysing piece (by its walk,
//!   whether or not that piece is itself paralysed) is paralysed: it does not move and gives no check. A
//!   paralysing piece never captures and gives no check. A side that would have moves if nothing were paralysed,
//!   all of them by paralysed pieces, is suffocated: not mated but stalemated, in check or not
//!   (`paralysing_mate_filter`, `paralysing_stalemate_special`).
//! - Magic (`pieces/attributes/magic.c`): after each move, the magic pieces' views (a magic piece observing a
//!   piece that is neither magic, nor royal, nor neutral, of either side, on a line: a rider's or grasshopper's the whole line,
//!   named by the squares just off the board at either end; a leaper's its two squares) are compared with those
//!   of the position before, piece by piece; a piece with an odd number of new views changes sides
//!   (`Sa5-b3[b3=b]`, `Rb1-b5[a5=b][c5=w]`, in the order of the squares from a1).
//! - Half-neutral (`pieces/attributes/neutral/half.c`): after each move of a half-neutral piece, a neutral one
//!   becomes the mover's (`nhnRb8-g8=bh`), one of a colour becomes neutral (`hnPb7-b8=hnR=nh`). A pawn's promotee
//!   is half-neutral too.
//! - Uncapturable (`pieces/attributes/uncapturable.c`): no move may capture an uncapturable piece (en passant
//!   included); check is observation and stays as it is.

use crate::attacks::Occupancy;
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList};
use crate::pieces::{Attrs, Kind, Piece};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// The stages of the attributes in `attrs` (those of a problem's pieces taken together) that act on moves;
/// `plain_grasshopper`: whether the diagram has a grasshopper without attributes (what a pawn may promote to).
pub fn for_attributes(attrs: Attrs, plain_grasshopper: bool) -> Vec<Box<dyn Condition>> {
    let mut out: Vec<Box<dyn Condition>> = Vec::new();
    if attrs.has(Attrs::KAMIKAZE) {
        out.push(Box::new(KamikazePieces));
    }
    if attrs.has(Attrs::CHAMELEON) {
        out.push(Box::new(ChameleonPieces));
    }
    if attrs.has(Attrs::HURDLE_COLOUR_CHANGING) {
        out.push(Box::new(HurdleColourChangers { plain_grasshopper }));
    }
    if attrs.has(Attrs::PARALYSING) {
        out.push(Box::new(ParalysingPieces));
    }
    if attrs.has(Attrs::HALF_NEUTRAL) {
        out.push(Box::new(HalfNeutralPieces));
    }
    if attrs.has(Attrs::MAGIC) {
        out.push(Box::new(MagicPieces));
    }
    if attrs.has(Attrs::UNCAPTURABLE) {
        out.push(Box::new(UncapturablePieces));
    }
    out
}

/// Uncapturable pieces: a capture of one is no move (Popeye takes it out of the moves generated).
#[derive(Clone, Debug)]
pub struct UncapturablePieces;

impl UncapturablePieces {
    /// Whether `mv` from `before` takes an uncapturable piece.
    #[inline]
    pub fn takes_one(before: &Position, mv: Move) -> bool {
        mv.capture().is_some_and(|sq| before.attrs_at(sq).has(Attrs::UNCAPTURABLE))
    }
}

impl Condition for UncapturablePieces {
    fn describe(&self) -> String {
        "Uncapturable".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::LEGALITY
    }

    fn is_legal(&self, _rules: &Rules, before: &Position, mv: Move, _after: &Position) -> bool {
        !Self::takes_one(before, mv)
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        Self::takes_one(before, mv).then(|| format!("The piece on {} is uncapturable.", mv.capture().unwrap()))
    }
}

/// Magic pieces: the pieces they newly observe change sides.
#[derive(Clone, Debug)]
pub struct MagicPieces;

/// The line of a magic piece's view: a rider's, by the squares just off the board beyond the magic piece and
/// beyond the piece it observes (file, rank); a leaper's, by the two squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    Straight(i8, i8, i8, i8),
    Leap(Square, Square),
}

/// One view: the observed piece's square, the magic piece's square, the line.
type View = (Square, Square, Line);

impl MagicPieces {
    /// The walks a magic piece may have here: the orthodox ones and the grasshopper.
    pub fn plays_walk(kind: Kind) -> bool {
        [Kind::KING, Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT, Kind::PAWN, Kind::GRASSHOPPER].contains(&kind)
    }

    fn line(pos: &Position, magic: Square, seen: Square) -> Line {
        let kind = pos.piece_at(magic).map(|p| p.kind);
        if !matches!(kind, Some(Kind::QUEEN | Kind::ROOK | Kind::BISHOP | Kind::GRASSHOPPER)) {
            return Line::Leap(magic, seen);
        }
        let (mf, mr) = (magic.file() as i8, magic.rank() as i8);
        let (sf, sr) = (seen.file() as i8, seen.rank() as i8);
        let (df, dr) = ((mf - sf).signum(), (mr - sr).signum());
        let off = |mut f: i8, mut r: i8, df: i8, dr: i8| {
            while (0..8).contains(&f) && (0..8).contains(&r) {
                f += df;
                r += dr;
            }
            (f, r)
        };
        let (a, b) = off(mf, mr, df, dr);
        let (c, d) = off(sf, sr, -df, -dr);
        Line::Straight(a, b, c, d)
    }

    /// Every view of `pos`'s magic pieces.
    fn views(rules: &Rules, pos: &Position) -> Vec<View> {
        let magic = pos.marked();
        let mut out = Vec::new();
        if magic.is_empty() || !pos.marks().has(Attrs::MAGIC) {
            return out;
        }
        let royal = pos.royal_bb(Color::White) | pos.royal_bb(Color::Black);
        let seen = pos.occupied() & !magic & !royal & !pos.neutral_bb();
        for t in seen {
            for by in Color::ALL {
                for m in rules.observers(pos, t, by) & magic & pos.color_bb(by) {
                    out.push((t, m, Self::line(pos, m, t)));
                }
            }
        }
        out
    }
}

impl Condition for MagicPieces {
    fn describe(&self) -> String {
        "Magic".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::ON_MOVE
    }

    fn on_move(&self, rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let now = Self::views(rules, after);
        if now.is_empty() {
            return;
        }
        let old = Self::views(rules, before);
        // A piece's square before the move: the mover's departure, a castling rook's corner.
        let rook = match mv.special {
            crate::moves::Special::CastleShort | crate::moves::Special::CastleLong => {
                let rank = mv.from.rank();
                let (rf, rt) = if mv.special == crate::moves::Special::CastleShort { (7, 5) } else { (0, 3) };
                Some((Square::from_coords(rt, rank), Square::from_coords(rf, rank)))
            }
            _ => None,
        };
        let was = |sq: Square| match rook {
            Some((rt, rf)) if sq == rt => rf,
            _ if sq == mv.to => mv.from,
            _ => sq,
        };
        let mut turned = Bitboard::EMPTY;
        for &(t, m, line) in &now {
            if !old.contains(&(was(t), was(m), line)) {
                turned ^= t.bb();
            }
        }
        for t in turned {
            let Some(p) = after.piece_at(t) else { continue };
            let piece = Piece::new(p.color.opposite(), p.kind);
            after.put(t, piece);
            effects.push(Effect::Recoloured { square: t, piece, mover: false });
        }
    }
}

/// Half-neutral pieces: neutral and of one colour by turns, changing with each of their moves.
#[derive(Clone, Debug)]
pub struct HalfNeutralPieces;

impl Condition for HalfNeutralPieces {
    fn describe(&self) -> String {
        "HalfNeutral".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::ON_MOVE
    }

    fn on_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        if !before.attrs_at(mv.from).has(Attrs::HALF_NEUTRAL) {
            return;
        }
        // The piece that moved, where it stands now (Popeye follows it through the other effects; a kamikaze
        // capture takes it off).
        let Some(p) = after.piece_at(mv.to).filter(|_| after.attrs_at(mv.to).has(Attrs::HALF_NEUTRAL)) else {
            return;
        };
        let attrs = Attrs(after.attrs_at(mv.to).0 & !Attrs::NEUTRAL.0);
        let to = if after.neutral_bb().has(mv.to) {
            // Deneutralised: the mover's.
            let side = before.side();
            after.put(mv.to, Piece::new(side, p.kind));
            after.set_attrs(mv.to, attrs);
            Some(side)
        } else {
            after.put(mv.to, p);
            after.set_attrs(mv.to, attrs.union(Attrs::NEUTRAL));
            None
        };
        effects.push(Effect::HalfNeutral { square: mv.to, to });
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if !before.attrs_at(mv.from).has(Attrs::HALF_NEUTRAL) {
            return None;
        }
        let kind = before.piece_at(mv.from)?.kind.name();
        Some(if before.neutral_bb().has(mv.from) {
            format!(
                "The half-neutral {kind} becomes {}'s.",
                if before.side() == Color::White { "White" } else { "Black" }
            )
        } else {
            format!("The half-neutral {kind} becomes neutral.")
        })
    }
}

/// Paralysing pieces: they paralyse the opposing pieces they observe, never capture and give no check.
#[derive(Clone, Debug)]
pub struct ParalysingPieces;

impl ParalysingPieces {
    /// The paralysing pieces of colour `by` that observe `sq` by their walks.
    fn paralysers_of(rules: &Rules, pos: &Position, sq: Square, by: Color) -> Bitboard {
        let paralysing = pos.marked() & pos.color_bb(by);
        if paralysing.is_empty() || !pos.marks().has(Attrs::PARALYSING) {
            return Bitboard::EMPTY;
        }
        rules.observers(pos, sq, by) & paralysing
    }
}

impl Condition for ParalysingPieces {
    fn describe(&self) -> String {
        "Paralysing".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::PARALYSIS | Hooks::OBSERVATION | Hooks::LEGALITY | Hooks::GOAL
    }

    fn is_paralysed(&self, rules: &Rules, pos: &Position, sq: Square) -> bool {
        let Some(p) = pos.piece_at(sq) else { return false };
        Self::paralysers_of(rules, pos, sq, p.color.opposite()).non_empty()
    }

    fn paralysers(&self, rules: &Rules, pos: &Position, sq: Square) -> Vec<Square> {
        let Some(p) = pos.piece_at(sq) else { return Vec::new() };
        Self::paralysers_of(rules, pos, sq, p.color.opposite()).collect()
    }

    fn observation_counts(&self, _rules: &Rules, pos: &Position, observer: Square, _target: Square) -> bool {
        !pos.attrs_at(observer).has(Attrs::PARALYSING)
    }

    fn is_legal(&self, _rules: &Rules, before: &Position, mv: Move, _after: &Position) -> bool {
        !(mv.is_capture() && before.attrs_at(mv.from).has(Attrs::PARALYSING))
    }

    fn suffocated(&self, rules: &Rules, pos: &Position) -> bool {
        let mut buf = MoveList::new();
        let mut any = false;
        for from in pos.color_bb(pos.side()) {
            buf.clear();
            rules.moves_ignoring_paralysis(pos, from, &mut buf);
            // A paralysing piece's captures count too (Popeye's suffocation finder generates them: its filter of
            // those captures stands in the solving slices only).
            if buf.is_empty() {
                continue;
            }
            if !rules.is_paralysed(pos, from) {
                return false;
            }
            any = true;
        }
        any
    }
}

/// The grasshoppers that change their hurdle's colour.
#[derive(Clone, Debug)]
pub struct HurdleColourChangers {
    /// Whether the diagram has a grasshopper without the attribute: a promotion to a grasshopper then offers both.
    plain_grasshopper: bool,
}

impl HurdleColourChangers {
    /// The hurdle of the grasshopper move `mv` (the square before its arrival, on its line).
    fn hurdle(mv: Move) -> Option<Square> {
        let (df, dr) = (mv.to.file() as i8 - mv.from.file() as i8, mv.to.rank() as i8 - mv.from.rank() as i8);
        mv.to.offset(-df.signum(), -dr.signum())
    }
}

impl Condition for HurdleColourChangers {
    fn describe(&self) -> String {
        "HurdleColourChanging".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::ON_MOVE | Hooks::CHOICES
    }

    fn choices(&self, _rules: &Rules, _pos: &Position, mv: Move) -> u8 {
        if mv.promotion() == Some(Kind::GRASSHOPPER) && self.plain_grasshopper {
            2
        } else {
            0
        }
    }

    fn on_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        if mv.promotion() == Some(Kind::GRASSHOPPER) {
            if mv.choice() == 2 || !self.plain_grasshopper {
                let attrs = Attrs::HURDLE_COLOUR_CHANGING;
                if after.set_attrs(mv.to, attrs) {
                    effects.push(Effect::Marked { square: mv.to, attrs });
                }
            }
            return;
        }
        if !before.attrs_at(mv.from).has(Attrs::HURDLE_COLOUR_CHANGING)
            || before.piece_at(mv.from).map(|p| p.kind) != Some(Kind::GRASSHOPPER)
        {
            return;
        }
        let Some(h) = Self::hurdle(mv) else { return };
        let Some(p) = after.piece_at(h) else { return };
        if p.kind == Kind::KING || after.attrs_at(h).has(Attrs::NEUTRAL) {
            return;
        }
        let attrs = after.attrs_at(h);
        let turned = Piece::new(p.color.opposite(), p.kind);
        after.put(h, turned);
        after.set_attrs(h, attrs);
        effects.push(Effect::Recoloured { square: h, piece: turned, mover: false });
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if !before.attrs_at(mv.from).has(Attrs::HURDLE_COLOUR_CHANGING) || mv.promotion().is_some() {
            return None;
        }
        let h = Self::hurdle(mv)?;
        let p = before.piece_at(h).filter(|p| p.kind != Kind::KING)?;
        Some(format!("The hurdle on {h}, a {}, changes sides.", p.kind.name()))
    }
}

/// Kamikaze pieces: the capturer goes with the piece it takes.
#[derive(Clone, Debug)]
pub struct KamikazePieces;

impl Condition for KamikazePieces {
    fn describe(&self) -> String {
        "Kamikaze".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::CAPTURE | Hooks::PAWN_MOVE
    }

    fn unpromoted(&self, pos: &Position, mv: Move) -> bool {
        mv.is_capture() && pos.attrs_at(mv.from).has(Attrs::KAMIKAZE)
    }

    fn on_capture(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        if !before.attrs_at(mv.from).has(Attrs::KAMIKAZE) {
            return;
        }
        let attrs = after.attrs_at(mv.to);
        if let Some(piece) = after.remove(mv.to) {
            // The goals that follow the moving piece (`c81`, `zd5`) find it nowhere (Popeye's
            // `move_effect_journal_follow_piece_through_other_effects`).
            after.note_last_mover_gone();
            effects.push(Effect::RemovedMarked { square: mv.to, piece, attrs });
        }
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let p = before.piece_at(mv.from)?;
        (mv.is_capture() && before.attrs_at(mv.from).has(Attrs::KAMIKAZE))
            .then(|| format!("The kamikaze {} leaves the board with the piece it takes on {}.", p.kind.name(), mv.to))
    }
}

/// Chameleon pieces: the walk changes after each move of the piece; a promotion may make a chameleon piece.
#[derive(Clone, Debug)]
pub struct ChameleonPieces;

impl ChameleonPieces {
    /// Whether `mv` promotes a pawn without the attribute to a walk of the sequence: it may become a chameleon.
    fn may_become_chameleon(pos: &Position, mv: Move) -> bool {
        mv.promotion().is_some_and(|k| k.chameleon_next().is_some()) && !pos.attrs_at(mv.from).has(Attrs::CHAMELEON)
    }
}

impl Condition for ChameleonPieces {
    fn describe(&self) -> String {
        "Chameleon".into()
    }

    fn hooks(&self) -> Hooks {
        Hooks::ON_MOVE | Hooks::CHOICES
    }

    fn choices(&self, _rules: &Rules, pos: &Position, mv: Move) -> u8 {
        if Self::may_become_chameleon(pos, mv) {
            2
        } else {
            0
        }
    }

    fn on_move(&self, _rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        if mv.choice() == 2 && Self::may_become_chameleon(before, mv) {
            // Popeye's `chameleon_change_promotee_into`: the promotee is a chameleon from now on, its walk
            // unchanged by this move.
            let attrs = Attrs(after.attrs_at(mv.to).0 | Attrs::CHAMELEON.0);
            if after.set_attrs(mv.to, attrs) {
                effects.push(Effect::Marked { square: mv.to, attrs: Attrs::CHAMELEON });
            }
            return;
        }
        if !before.attrs_at(mv.from).has(Attrs::CHAMELEON) || mv.promotion().is_some() {
            return;
        }
        // The piece that moved, where it stands (gone if a kamikaze capture took it along).
        let attrs = after.attrs_at(mv.to);
        let Some(p) = after.piece_at(mv.to).filter(|_| attrs.has(Attrs::CHAMELEON)) else { return };
        let Some(next) = p.kind.chameleon_next() else { return };
        let changed = Piece::new(p.color, next);
        after.put(mv.to, changed);
        after.set_attrs(mv.to, attrs);
        effects.push(Effect::Rewalked { square: mv.to, piece: changed, attrs });
    }

    fn explain_move(&self, _rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        if Self::may_become_chameleon(before, mv) {
            let k = mv.promotion()?;
            return Some(if mv.choice() == 2 {
                format!("The pawn promotes to a chameleon {}.", k.name())
            } else {
                format!("The pawn promotes to a {} without the chameleon attribute.", k.name())
            });
        }
        let kind = before.piece_at(mv.from)?.kind;
        let next = kind
            .chameleon_next()
            .filter(|_| mv.promotion().is_none() && before.attrs_at(mv.from).has(Attrs::CHAMELEON))?;
        Some(format!("The chameleon {} becomes a {} on {}.", kind.name(), next.name(), mv.to))
    }
}
