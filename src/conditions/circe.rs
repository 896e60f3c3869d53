//! The Circe family as data: one rebirth rule ([`CirceSpec`]) serves Circe, Anti-Circe and Immune chess and their
//! variants, each variant one row of the registry ([`circe_row`](super::registry)), as Popeye's
//! `circe_variant_type` serves its `circe`, `anticirce` and `immune` conditions (`conditions/circe/circe.c`).
//!
//! - **Circe**: a captured piece is reborn on its rebirth square if that square is empty, else it vanishes; kings
//!   only with `RexInclusive`, and then a king is in check only when its capture would not be followed by its
//!   rebirth (its rebirth square occupied after the capture).
//! - **Anti-Circe**: the capturer is reborn on its own rebirth square (a pawn capturing onto the last rank as the
//!   piece it promotes to), and a capture whose rebirth square is occupied is illegal (Calvet: a capture on that
//!   square itself is allowed, Popeye's default; Cheylan: not). Kings too, unless `RexExclusive`. A king is in check
//!   only by a capture that would be legal.
//! - **Immune chess**: a piece whose rebirth square is occupied after its capture cannot be captured; nothing is
//!   reborn. Kings only with `RexInclusive`.
//!
//! The rebirth square is found for a *relevant side* (the capturer's side for Circe and Immune chess, the other side
//! for Anti-Circe: the side whose rebirth squares the regular rule uses), flipped by the Mirror variants, from the
//! capture square by one of Popeye's determinators ([`Determine`]), then adjusted ([`Adapter`]).

use crate::attacks::Occupancy;
use crate::conditions::{ConditionDef, ConditionError, ConditionSpec};
use crate::effects::{Effect, Effects};
use crate::movegen::hooks::{Condition, Hooks, Keeps};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::{Kind, Piece};
use crate::position::{castle, Position};
use crate::square::{Bitboard, Color, Square};
use crate::words::{Found, Lang, Names, Spelling};

/// Which piece a capture brings back, and what an occupied rebirth square means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// The captured piece is reborn; on an occupied square it vanishes.
    Circe,
    /// The capturer is reborn; on an occupied square the capture is illegal.
    Anti(AntiType),
    /// Nothing is reborn; a capture whose rebirth square is occupied is illegal.
    Immune,
    /// Pieces move from their rebirth square (the Mars Circe family, [`super::mars`]): nothing is reborn.
    Mars(MarsType),
    /// Geneva chess: nothing is reborn; a piece captures only when its own rebirth square, found from the square it
    /// leaves, is empty after the capture and is not the square it leaves (Popeye's `geneva.c`: Anti-Circe's
    /// relevant piece, the capturer, from its departure square; no rebirth; strict; a capture from the rebirth
    /// square illegal).
    Geneva,
}

/// Which moves a piece of the Mars Circe family makes from its rebirth square (Popeye's
/// `conditions/marscirce/`): the rebirth square is the piece's own as if it were taken where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarsType {
    /// Mars Circe: a capture only from the rebirth square (empty, or the piece's own square).
    Mars,
    /// Anti-Mars Circe: a move that captures nothing only from the rebirth square; captures as usual.
    AntiMars,
    /// Phantom chess: every move as usual, and also from the rebirth square.
    Phantom,
    /// Plus chess: a piece on d4, d5, e4 or e5 also captures from the other three squares of the centre.
    Plus,
}

/// Anti-Circe's two readings of a capture on the capturer's own rebirth square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AntiType {
    /// Allowed: the capturer stays (Popeye's default).
    Calvet,
    /// Illegal.
    Cheylan,
}

/// How the rebirth square is found from the capture (Popeye's `circe_determine_rebirth_square_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Determine {
    /// The piece's square in the game array (pawns on the capture file; rooks, bishops, knights by the colour of
    /// the capture square; fairy pieces on the promotion square of the capture file).
    Regular,
    /// The capture file, on the first rank (pieces) or second rank (pawns) of the rebirth side.
    File,
    /// The square symmetric to the capture square through the board's centre.
    Symmetry,
    /// The capture square mirrored between the a and h files.
    VerticalSymmetry,
    /// The capture square mirrored between the first and eighth ranks.
    HorizontalSymmetry,
    /// Four files and four ranks away from the capture square.
    Antipodes,
    /// The capturer's departure square (Platzwechsel-Circe).
    Pwc,
    /// The capture square moved by the capture's own vector (from departure to capture square).
    Equipollents,
    /// Rank Circe: the file of the regular square of the side whose array squares have the capture square's
    /// colour, on the capture rank (Popeye's `rank.c`).
    Rank,
    /// The capture square itself (Popeye's `CaptureSquare`).
    CaptureSquare,
    /// Any empty square, the mover's choice (Super Circe, Anti-Super Circe: Popeye's `super.c` tries every square
    /// a1 to h8 and keeps the empty ones; Circe, unless strict, also lets the piece vanish).
    Super,
    /// Cage Circe: an empty square, the mover's choice, where the reborn piece has no move that takes nothing (its
    /// cage); the piece vanishes only when there is no cage (Popeye's `cage.c`).
    Cage,
    /// Take&Make Circe: an empty square, the mover's choice, that the captured piece reaches from its capture square
    /// by a move of its own walk that captures nothing (Popeye's `takemake.c`: the piece put on the capture square,
    /// its moves generated, their arrival squares the rebirth squares); a capture after which it has none is
    /// illegal.
    TakeMake,
    /// Parrain Circe: the piece taken by the last move is reborn during the next move, on its capture square moved
    /// by that move's vector (the sum of its pieces' movements: a castling's king and rook); with `mirror`
    /// (Contra-Parrain) by the opposite vector (Popeye's `parrain.c`).
    Parrain,
}

/// How the determined square is then adjusted (Popeye's `circe_rebirth_square_adapter_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adapter {
    None,
    /// Mirrored through the board's centre (Diametral Circe).
    Diametral,
    /// Mirrored between the a and h files (Vertical mirror Circe).
    VerticalMirror,
}

/// One Circe variant: its rebirth rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CirceSpec {
    pub family: Family,
    pub determine: Determine,
    pub adapter: Adapter,
    /// Mirror: the rebirth square of the other side.
    pub mirror: bool,
    /// Kings are reborn (Circe, Immune chess) or rebear (Anti-Circe) too.
    pub rex_inclusive: bool,
    /// Clone: the captured piece is reborn with the capturer's walk (a king's capture excepted).
    pub clone: bool,
    /// Couscous: the rebirth square is the capturer's own (its walk, its side), not the captured piece's.
    pub couscous: bool,
    /// Strict: a capture whose captured piece cannot be reborn (its square occupied) is illegal.
    pub strict: bool,
    /// Assassin: a piece reborn on an occupied square takes the place of the piece there, which leaves the board;
    /// a capture whose piece would be reborn on the capturer's own king is illegal (Popeye's
    /// `circe_on_occupied_rebirth_square_assassinate`, `assassin.c`).
    pub assassin: bool,
    /// Relaxed, said of Anti-Circe (strict by default): the capturer need not be reborn (read only with Super).
    pub relaxed: bool,
    /// Chameleon: the reborn piece changes its walk, knight to bishop to rook to queen to knight (Popeye's default
    /// chameleon sequence), before its square is found.
    pub chameleon: bool,
    /// Turncoats: the reborn piece changes sides once its square is found (with `mirror`: Double agents).
    pub turncoat: bool,
}

/// Circe itself: regular rebirth of the captured piece, kings excluded.
pub const CIRCE: CirceSpec = CirceSpec {
    family: Family::Circe,
    determine: Determine::Regular,
    adapter: Adapter::None,
    mirror: false,
    rex_inclusive: false,
    clone: false,
    couscous: false,
    strict: false,
    assassin: false,
    relaxed: false,
    chameleon: false,
    turncoat: false,
};

/// Anti-Circe (Calvet), kings included.
pub const ANTI: CirceSpec = CirceSpec { family: Family::Anti(AntiType::Calvet), rex_inclusive: true, ..CIRCE };

/// Immune chess, kings excluded.
pub const IMMUNE: CirceSpec = CirceSpec { family: Family::Immune, ..CIRCE };

/// Geneva chess, kings excluded (Popeye's `geneva_reset_variant`).
pub const GENEVA: CirceSpec = CirceSpec { family: Family::Geneva, ..CIRCE };

/// Mars Circe, kings included (Popeye's `marscirce_reset_variant`).
pub const MARS: CirceSpec = CirceSpec { family: Family::Mars(MarsType::Mars), rex_inclusive: true, ..CIRCE };

/// The condition: a variant's rule with the parameters the problem gives.
#[derive(Clone, Debug)]
pub struct Circe {
    spec: CirceSpec,
    /// The condition's name and parameters, as Popeye writes them.
    text: String,
}

/// What a capture is, for the rebirth rule: the capturer's departure square and the piece it is after moving (a
/// promoted pawn's new piece), the capture square and the piece taken.
#[derive(Clone, Copy, Debug)]
struct Capture {
    /// The piece that moves, before a promotion.
    mover: Piece,
    from: Square,
    arrival: Square,
    capturer: Piece,
    square: Square,
    captured: Piece,
    /// Whether the piece that moves is royal (a king, or a piece with the royal attribute).
    mover_royal: bool,
    /// Whether the piece taken is royal (a check, read as a capture).
    captured_royal: bool,
}

/// Whether the piece on `sq` is royal: a king, or a piece with the royal attribute (Popeye's flag Royal, which
/// its rex-exclusive rebirths read).
fn is_royal(pos: &Position, sq: Square) -> bool {
    pos.piece_at(sq).is_some_and(|p| pos.royal_bb(p.color).has(sq))
}

/// The rule of the Circe-family condition `spec` names (its registry row's), with its parameters applied; `None`
/// for another condition.
pub fn rule(spec: &ConditionSpec) -> Option<CirceSpec> {
    rule_or_word(spec).ok().flatten()
}

/// [`rule`], or the first of Popeye's variant words in `spec` that stipula does not implement.
fn rule_or_word(spec: &ConditionSpec) -> Result<Option<CirceSpec>, &'static str> {
    let def = match ConditionDef::lookup(&spec.name, Spelling::Statement) {
        Found::One(def, _) => def,
        _ => return Ok(None),
    };
    let Some(mut rule) = def.rebirth else { return Ok(None) };
    for o in &spec.options {
        // The Mars Circe family: the words that find a square from where the piece stands and the kings' word;
        // the rest is not implemented for it.
        if rule.family == Family::Geneva
            && !matches!(
                o.as_str(),
                "Mirror"
                    | "Diametral"
                    | "VerticalMirror"
                    | "File"
                    | "Symmetry"
                    | "VerticalSymmetry"
                    | "HorizontalSymmetry"
                    | "Antipodes"
                    | "RexInclusive"
                    | "RexExclusive"
            )
        {
            return Err(def.params.iter().find(|p| p.name == o.as_str()).map_or("April", |p| p.name));
        }
        if let Family::Mars(m) = rule.family {
            let fits = match o.as_str() {
                "Mirror" | "Diametral" | "VerticalMirror" | "File" | "Symmetry" | "VerticalSymmetry"
                | "HorizontalSymmetry" | "Antipodes" => m != MarsType::Plus,
                // (Mars Circe rex exclusive: Popeye's kings neither capture nor check, and its answers are odd.)
                "RexInclusive" => matches!(m, MarsType::Mars | MarsType::Phantom),
                "RexExclusive" => m == MarsType::Phantom,
                _ => false,
            };
            if !fits {
                return Err(def.params.iter().find(|p| p.name == o.as_str()).map_or("April", |p| p.name));
            }
        }
        match o.as_str() {
            "RexInclusive" => rule.rex_inclusive = true,
            "RexExclusive" => rule.rex_inclusive = false,
            "Calvet" => rule.family = Family::Anti(AntiType::Calvet),
            "Cheylan" => rule.family = Family::Anti(AntiType::Cheylan),
            "Mirror" => rule.mirror = true,
            "Diametral" => rule.adapter = Adapter::Diametral,
            "VerticalMirror" => rule.adapter = Adapter::VerticalMirror,
            "File" => rule.determine = Determine::File,
            "Rank" => rule.determine = Determine::Rank,
            "CaptureSquare" => rule.determine = Determine::CaptureSquare,
            "Symmetry" => rule.determine = Determine::Symmetry,
            "VerticalSymmetry" => rule.determine = Determine::VerticalSymmetry,
            "HorizontalSymmetry" => rule.determine = Determine::HorizontalSymmetry,
            "Antipodes" => rule.determine = Determine::Antipodes,
            "Equipollents" => rule.determine = Determine::Equipollents,
            "PWC" => rule.determine = Determine::Pwc,
            "Super" if matches!(rule.family, Family::Circe | Family::Anti(_)) => rule.determine = Determine::Super,
            "Take&Make" if rule.family == Family::Circe => rule.determine = Determine::TakeMake,
            // (Cage: a pawn on its own first rank steps and captures, [`Circe::extra_moves`].)
            "Parrain" if rule.family == Family::Circe => rule.determine = Determine::Parrain,
            // (Contra-Parrain is Parrain with the mirror's relevant side, as Popeye reads it.)
            "ContraParrain" if rule.family == Family::Circe => {
                rule.determine = Determine::Parrain;
                rule.mirror = true;
            }
            "Cage" if matches!(rule.family, Family::Circe | Family::Anti(_)) => rule.determine = Determine::Cage,
            // Anti-Circe's clone and Immune chess's couscous are rules of their own, not implemented.
            "Clone" if rule.family == Family::Circe => rule.clone = true,
            "Couscous" if rule.family != Family::Immune => rule.couscous = true,
            "Strict" => rule.strict = true,
            "Assassin" if rule.family == Family::Circe => rule.assassin = true,
            "Chameleon" if !matches!(rule.family, Family::Immune) => rule.chameleon = true,
            "Turncoats" if rule.family == Family::Circe => rule.turncoat = true,
            "Relaxed" => {
                rule.strict = false;
                rule.relaxed = true;
            }
            // Walk codes follow `April` and a chameleon sequence of Popeye's own (`Circe Chameleon S Q R B S`).
            word => {
                let walks = if rule.chameleon { "Chameleon" } else { "April" };
                return Err(def.params.iter().find(|p| p.name == word).map_or(walks, |p| p.name));
            }
        }
    }
    // Super with a change of the reborn piece, or a king reborn anywhere in Circe (whose check would then be no
    // check at all): not implemented.
    // Assassin, whose checks are captures of any piece reborn on the king, with a rebirth square that depends on
    // the capturer or with another rule for occupied squares: not implemented.
    if rule.assassin
        && (rule.rex_inclusive
            || rule.strict
            || rule.clone
            || rule.couscous
            || rule.turncoat
            || !matches!(
                rule.determine,
                Determine::Regular
                    | Determine::File
                    | Determine::Symmetry
                    | Determine::VerticalSymmetry
                    | Determine::HorizontalSymmetry
                    | Determine::Antipodes
                    | Determine::Rank
            ))
    {
        return Err("Assassin");
    }
    // Parrain with a change of the reborn piece or another rule for occupied squares: not implemented.
    if rule.determine == Determine::Parrain
        && (rule.rex_inclusive
            || rule.strict
            || rule.clone
            || rule.couscous
            || rule.chameleon
            || rule.turncoat
            || rule.adapter != Adapter::None)
    {
        return Err(if rule.mirror { "ContraParrain" } else { "Parrain" });
    }
    // Take&Make with anything but the plain rule: not implemented.
    if rule.determine == Determine::TakeMake
        && (rule.rex_inclusive
            || rule.strict
            || rule.clone
            || rule.couscous
            || rule.chameleon
            || rule.turncoat
            || rule.mirror
            || rule.assassin
            || rule.adapter != Adapter::None)
    {
        return Err("Take&Make");
    }
    // (Anti-Circe relaxed: only with Super.)
    if rule.relaxed && matches!(rule.family, Family::Anti(_)) && rule.determine != Determine::Super {
        return Err("Relaxed");
    }
    if matches!(rule.determine, Determine::Super | Determine::Cage)
        && (rule.clone
            || rule.chameleon
            || rule.turncoat
            || rule.couscous
            || (rule.family == Family::Circe && rule.rex_inclusive))
    {
        return Err(if rule.determine == Determine::Cage { "Cage" } else { "Super" });
    }
    Ok(Some(rule))
}

impl Circe {
    /// Builds the variant named by `spec` (its registry row's rule) with its parameters.
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let rule = rule_or_word(spec)
            .map_err(|word| ConditionError::UnsupportedParam { condition: spec.name.clone(), param: word })?
            .ok_or_else(|| ConditionError::Invalid(format!("`{}` is no Circe variant", spec.name)))?;
        if let Family::Mars(_) = rule.family {
            return Ok(Box::new(super::mars::Mars::new(rule, popeye_text(&rule, Lang::English))));
        }
        Ok(Box::new(Circe { spec: rule, text: popeye_text(&rule, Lang::English) }))
    }
}

/// The rule as Popeye writes the condition (`output/plaintext/condition.c`, `append_circe_variants`): the family's
/// name, then the variant's words in Popeye's order, the kings' word only where it is not the family's default
/// (`Circe Diametral`, `AntiCirce Cheylan RexExclusive`, `ImmunChess Mirror RexInclusive`).
pub fn popeye_text(rule: &CirceSpec, lang: Lang) -> String {
    let l = lang.index();
    let (name, rex_default): (Names, bool) = match rule.family {
        Family::Circe => (["Circe", "Circe", "Circe"], false),
        Family::Anti(_) => (["AntiCirce", "AntiCirce", "AntiCirce"], true),
        Family::Immune => (["ImmunChess", "Immunschach", "Immun"], false),
        Family::Geneva => (["GenevaChess", "GenferSchach", "EchecsGeneve"], false),
        Family::Mars(MarsType::Mars) => (["MarsCirce", "MarsCirce", "MarsCirce"], true),
        Family::Mars(MarsType::AntiMars) => (["AntiMarsCirce", "AntiMarsCirce", "AntiMarsCirce"], true),
        Family::Mars(MarsType::Phantom) => (["PhantomChess", "PhantomSchach", "EchecsPhantom"], false),
        Family::Mars(MarsType::Plus) => (["PlusChess", "PlusSchach", "EchecsPlus"], true),
    };
    let mut words: Vec<Names> = Vec::new();
    match rule.determine {
        Determine::Regular => {}
        Determine::Pwc => words.push(["PWC", "Platzwechsel", "Echange"]),
        Determine::Symmetry => words.push(["Symmetry", "Symmetrie", "Symetrie"]),
        Determine::VerticalSymmetry => words.push(["VerticalSymmetry", "VertikaleSymmetrie", "VerticaleSymetrique"]),
        Determine::HorizontalSymmetry => {
            words.push(["HorizontalSymmetry", "HorizontaleSymmetrie", "HorizontaleSymetrique"])
        }
        Determine::Cage => words.push(["Cage", "Kaefig", "Cage"]),
        Determine::Rank => words.push(["Rank", "Reihe", "Rangee"]),
        Determine::File => words.push(["File", "File", "Colonne"]),
        _ => {}
    }
    if rule.couscous {
        words.push(["Couscous", "Couscous", "Couscous"]);
    }
    match rule.determine {
        Determine::Antipodes => words.push(["Antipodes", "Antipoden", "Antipodes"]),
        Determine::TakeMake => words.push(["Take&Make", "Take&Make", "Take&Make"]),
        Determine::Super => words.push(["Super", "Super", "Super"]),
        Determine::CaptureSquare => words.push(["CaptureSquare", "Schlagfeld", "CaseDePrise"]),
        Determine::Equipollents => words.push(["Equipollents", "Equipollents", "Equipollents"]),
        Determine::Parrain if rule.mirror => words.push(["ContraParrain", "ContraParrain", "ContraParrain"]),
        Determine::Parrain => words.push(["Parrain", "Parrain", "Parrain"]),
        _ => {}
    }
    if rule.mirror {
        words.push(["Mirror", "Spiegel", "Malefique"]);
    }
    if rule.assassin {
        words.push(["Assassin", "Assassin", "Assassin"]);
    }
    if rule.strict {
        words.push(["Strict", "Strikt", "Stricte"]);
    }
    if rule.relaxed && matches!(rule.family, Family::Anti(_)) {
        words.push(["Relaxed", "Locker", "Relache"]);
    }
    match rule.adapter {
        Adapter::None => {}
        Adapter::Diametral => words.push(["Diametral", "Diametral", "Diametral"]),
        Adapter::VerticalMirror => words.push(["VerticalMirror", "VertikalSpiegel", "MalefiqueVerticale"]),
    }
    if rule.clone {
        words.push(["Clone", "Clone", "Clone"]);
    }
    if rule.chameleon {
        words.push(["Chameleon", "Chamaeleon", "Chameleon"]);
    }
    if rule.turncoat {
        words.push(["Turncoats", "Turncoat", "Turncoats"]);
    }
    if rule.family == Family::Anti(AntiType::Cheylan) {
        words.push(["Cheylan", "Cheylan", "Cheylan"]);
    }
    if rule.rex_inclusive != rex_default {
        words.push(if rule.rex_inclusive {
            ["RexInclusive", "RexInklusive", "RexInclusif"]
        } else {
            ["RexExclusive", "RexExklusive", "RexExclusif"]
        });
    }
    std::iter::once(name[l]).chain(words.iter().map(|w| w[l])).collect::<Vec<_>>().join(" ")
}

impl Circe {
    /// The rule in force.
    pub fn spec(&self) -> &CirceSpec {
        &self.spec
    }

    /// The piece the rule rebears (or, Immune chess, would rebear) and the rebirth square, `None` when it is off the
    /// board (Equipollents; Popeye's squares off the board are never empty, so the square counts as occupied);
    /// `None` when the rule leaves this capture alone (a king outside rex inclusive).
    fn rebirth(&self, c: &Capture) -> Option<(Piece, Option<Square>)> {
        // Geneva: the square is found from the capturer's departure square.
        let geneva = Capture { square: c.from, ..*c };
        let c = if self.spec.family == Family::Geneva { &geneva } else { c };
        let mut piece = match self.spec.family {
            Family::Circe | Family::Immune | Family::Mars(_) => c.captured,
            Family::Anti(_) => c.capturer,
            // (Geneva: the piece that moves, a pawn that promotes as it captures as the pawn.)
            Family::Geneva => c.mover,
        };
        // A royal piece (Popeye's flag Royal: a king, or a piece with the attribute) outside rex inclusive.
        let royal = match self.spec.family {
            Family::Circe | Family::Immune | Family::Mars(_) => c.captured_royal,
            Family::Anti(_) | Family::Geneva => c.mover_royal,
        };
        if (royal || piece.kind == Kind::KING) && !self.spec.rex_inclusive {
            return None;
        }
        // Clone: reborn with the walk of the piece that moved, unless a king moved (Popeye's clone.c).
        if self.spec.clone && !c.mover_royal && c.mover.kind != Kind::KING && self.spec.family == Family::Circe {
            piece = Piece::new(piece.color, c.mover.kind);
        }
        // Chameleon: the walk changes first, and the square is the new walk's (Popeye's
        // `chameleon_circe_adapt_reborn_walk_solve`: `Re1*e4[+bBc8]` for a knight taken on e4).
        if self.spec.chameleon {
            piece = Piece::new(piece.color, piece.kind.chameleon_next().unwrap_or(piece.kind));
        }
        // The relevant piece, whose walk and side give the square: the reborn piece, or (Couscous) the capturer.
        // (Anti-Circe Couscous: the captured piece's square for the capturer, Popeye's
        // `STAnticirceCouscousMakeCaptureeRelevant`.)
        let relevant = match (self.spec.couscous, self.spec.family) {
            (false, _) => piece,
            (true, Family::Anti(_)) => c.captured,
            (true, _) => c.capturer,
        };
        // The relevant side: the side whose rebirth squares the regular rule gives to `relevant` is the other one.
        let side = if self.spec.mirror { relevant.color } else { relevant.color.opposite() };
        let sq = match self.spec.determine {
            Determine::Regular => regular_square(relevant.kind, side, c.square),
            Determine::File => file_square(relevant.kind, side, c.square),
            Determine::Rank => {
                // Popeye flips the relevant side when the capture rank's parity says so, so that the square keeps
                // the capture square's colour.
                let side = if (c.square.rank() % 2 == 1) == (side == Color::Black) { side.opposite() } else { side };
                Square::from_coords(regular_square(relevant.kind, side, c.square).file(), c.square.rank())
            }
            // (Super: the square is the mover's choice, [`Circe::super_option`].)
            Determine::CaptureSquare
            | Determine::Super
            | Determine::Cage
            | Determine::Parrain
            | Determine::TakeMake => c.square,
            Determine::Symmetry => Square::new(63 - c.square.index() as u8),
            Determine::VerticalSymmetry => Square::from_coords(7 - c.square.file(), c.square.rank()),
            Determine::HorizontalSymmetry => Square::from_coords(c.square.file(), 7 - c.square.rank()),
            Determine::Antipodes => Square::from_coords(c.square.file() ^ 4, c.square.rank() ^ 4),
            Determine::Pwc => c.from,
            Determine::Equipollents => {
                let (df, dr) =
                    (c.square.file() as i8 - c.from.file() as i8, c.square.rank() as i8 - c.from.rank() as i8);
                match c.square.offset(df, dr) {
                    Some(sq) => sq,
                    None => return Some((piece, None)),
                }
            }
        };
        let sq = match self.spec.adapter {
            Adapter::None => sq,
            Adapter::Diametral => Square::new(63 - sq.index() as u8),
            Adapter::VerticalMirror => Square::from_coords(7 - sq.file(), sq.rank()),
        };
        Some((piece, Some(sq)))
    }

    /// The Mars Circe family's square for `piece` standing on `sq`: its rebirth square as if it were taken there
    /// (Popeye's `marscirce_initialise_reborn_from_generated_solve`: the relevant piece is the one that moves, the
    /// relevant side its opponent); `None` for a king outside rex inclusive.
    pub(super) fn home_square(spec: &CirceSpec, piece: Piece, sq: Square, royal: bool) -> Option<Square> {
        let rule = Circe { spec: CirceSpec { family: Family::Circe, ..*spec }, text: String::new() };
        let c = Capture {
            mover: piece,
            from: sq,
            arrival: sq,
            capturer: piece,
            square: sq,
            captured: piece,
            mover_royal: royal,
            captured_royal: royal,
        };
        rule.rebirth(&c).and_then(|(_, s)| s)
    }

    /// The capture `mv` makes from `before`, if it takes a piece.
    fn capture(before: &Position, mv: Move) -> Option<Capture> {
        let square = mv.capture()?;
        let captured = before.piece_at(square)?;
        let mover = before.piece_at(mv.from)?;
        let capturer = match mv.promotion() {
            Some(k) => Piece::new(mover.color, k),
            None => mover,
        };
        let (mover_royal, captured_royal) = (is_royal(before, mv.from), is_royal(before, square));
        Some(Capture { mover, from: mv.from, arrival: mv.to, capturer, square, captured, mover_royal, captured_royal })
    }

    /// Whether the capture `c` is legal under the rule, `occupied` the board after the capturer has arrived (the
    /// captured piece gone): Anti-Circe and Immune chess forbid a rebirth onto an occupied square.
    fn capture_allowed(&self, c: &Capture, occupied: Bitboard) -> bool {
        let Some((_, sq)) = self.rebirth(c) else { return true };
        if self.spec.chooses_square() {
            // Some empty square to be reborn on, unless the piece may vanish.
            return self.super_may_vanish() || self.super_free(c, occupied).non_empty();
        }
        let Some(sq) = sq else { return self.spec.family == Family::Circe && !self.spec.strict };
        match self.spec.family {
            Family::Circe => !self.spec.strict || !occupied.has(sq),
            Family::Immune | Family::Mars(_) => !occupied.has(sq),
            Family::Geneva => !occupied.has(sq) && sq != c.from,
            Family::Anti(kind) => {
                // The capturer leaves its arrival square to be reborn.
                let occupied = (occupied & !c.arrival.bb()).has(sq);
                !(occupied || (kind == AntiType::Cheylan && sq == c.arrival))
            }
        }
    }
}

impl Circe {
    /// Super: the squares the reborn piece may be put on, `occupied` the board after the capturer has arrived:
    /// the empty ones (Anti-Circe: the capturer's arrival square too, which it leaves to be reborn, but Cheylan's).
    fn super_free(&self, c: &Capture, occupied: Bitboard) -> Bitboard {
        match self.spec.family {
            Family::Anti(AntiType::Calvet) => !(occupied & !c.arrival.bb()),
            Family::Anti(AntiType::Cheylan) => !occupied,
            _ => !occupied,
        }
    }

    /// The squares the mover may choose for the rebirth of the capture `c` by `mv` from `before`: Super's and Cage's
    /// empty squares ([`Circe::super_free`]), or Take&Make's squares: those the captured piece, put on its capture
    /// square after the move, reaches by a move of its walk that captures nothing (Popeye's
    /// `take_make_circe_collect_rebirth_squares_solve`; the pawn's double step from its own second rank too).
    fn choice_squares(&self, rules: &Rules, before: &Position, mv: Move, c: &Capture) -> Bitboard {
        if self.spec.determine != Determine::TakeMake {
            return self.super_free(c, Circe::occupied_after(before, mv, c));
        }
        let mut board = before.make(mv);
        board.put(c.square, c.captured);
        rules
            .walk_moves(&board, c.square)
            .iter()
            .filter(|m| !m.is_capture())
            .fold(Bitboard::EMPTY, |b, m| b | m.to.bb())
    }

    /// Super: whether the piece may also vanish (Circe unless strict, Anti-Circe relaxed: Popeye's
    /// `STSuperCirceNoRebirthFork`).
    fn super_may_vanish(&self) -> bool {
        match self.spec.family {
            Family::Circe => !self.spec.strict && self.spec.determine != Determine::TakeMake,
            Family::Anti(_) => self.spec.relaxed,
            _ => false,
        }
    }

    /// Super: the outcome the choice `n` names, `None` when the rule does not offer it (an occupied square, a pawn
    /// not promoting on its last rank): 1 no rebirth (`Some(None)`), 2 to 65 the squares a1 to h8, then each square
    /// of the reborn pawn's last rank once per promotion piece. A choice names one outcome in every position (the
    /// move's identity, which threats and variations compare), as Popeye tries every square a1 to h8 in turn.
    fn super_option(
        &self,
        rules: &Rules,
        free: Bitboard,
        piece: Piece,
        n: u8,
    ) -> Option<Option<(Square, Option<Kind>)>> {
        let last = piece.color.last_rank();
        let pawn = piece.kind == Kind::PAWN;
        match n {
            0 => None,
            1 => self.super_may_vanish().then_some(None),
            2..=65 => {
                let sq = Square::new(n - 2);
                (free.has(sq) && !(pawn && sq.rank() == last)).then_some(Some((sq, None)))
            }
            _ => {
                let p = rules.promotions.len().max(1);
                let i = n as usize - 66;
                let sq = Square::from_coords((i / p) as u8, last);
                let kind = *rules.promotions.get(i % p)?;
                (pawn && i / p < 8 && free.has(sq)).then_some(Some((sq, Some(kind))))
            }
        }
    }

    /// Super: how many choices [`Circe::super_option`] numbers (at most 255).
    fn super_count(&self, rules: &Rules, piece: Piece) -> u8 {
        let promotions = if piece.kind == Kind::PAWN { 8 * rules.promotions.len() } else { 0 };
        (65 + promotions).min(255) as u8
    }

    /// Assassin: whether the capture `c` by `mv` from `before` would have its piece reborn on the capturer's own
    /// king (the capturer itself, when it arrives there).
    fn assassinates_own_king(&self, before: &Position, mv: Move, c: &Capture) -> bool {
        let Some((_, Some(sq))) = self.rebirth(c) else { return false };
        let royal = before.royal_bb(before.side());
        if sq == mv.to {
            royal.has(mv.from)
        } else {
            sq != mv.from && sq != c.square && royal.has(sq)
        }
    }

    /// The board after the capture `mv` from `before` has been made, the capturer arrived (before any rebirth).
    fn occupied_after(before: &Position, mv: Move, c: &Capture) -> Bitboard {
        (before.occupied() & !mv.from.bb() & !c.square.bb()) | mv.to.bb()
    }

    /// The piece reborn by the capture `mv`, its square and its promotion as the move chose them; `None` when
    /// nothing is reborn (a king outside rex inclusive, Super's choice of no rebirth) and, for the square, when
    /// it is off the board.
    fn chosen(
        &self,
        rules: &Rules,
        before: &Position,
        mv: Move,
        c: &Capture,
    ) -> Option<(Piece, Option<Square>, Option<Kind>)> {
        let (piece, sq) = self.rebirth(c)?;
        if self.spec.chooses_square() {
            let free = self.choice_squares(rules, before, mv, c);
            let (sq, promoted) = self.super_option(rules, free, piece, mv.choice())??;
            return Some((piece, Some(sq), promoted));
        }
        // A pawn reborn on its last rank promotes, to the piece the move chose (Popeye: `[+wPd8=Q]`).
        let promoted = match mv.choice() {
            0 => None,
            k => rules.promotions.get(k as usize - 1).copied(),
        };
        Some((piece, sq, promoted))
    }
}

impl Circe {
    /// Parrain: the piece the last move took (kept in the state slots) and the square the move `mv` from `pos`
    /// rebears it on, `None` off the board; `None` when the last move took nothing.
    fn parrain_rebirth(&self, pos: &Position, mv: Move) -> Option<(Piece, Option<Square>)> {
        let sq = (pos.slot(PARRAIN_SQUARE_SLOT) & 0x7f).checked_sub(1)?;
        let black = pos.slot(PARRAIN_SQUARE_SLOT) & 0x80 != 0;
        let kind = Kind(pos.slot(PARRAIN_PIECE_SLOT));
        let piece = Piece::new(if black { Color::Black } else { Color::White }, kind);
        let (mut df, mut dr) = (mv.to.file() as i8 - mv.from.file() as i8, mv.to.rank() as i8 - mv.from.rank() as i8);
        // Castling moves the rook too: h to f, a to d.
        match mv.special {
            Special::CastleShort => df -= 2,
            Special::CastleLong => df += 3,
            _ => {}
        }
        if self.spec.mirror {
            (df, dr) = (-df, -dr);
        }
        Some((piece, Square::new(sq).offset(df, dr)))
    }
}

/// Parrain Circe's state slots ([`Position::slot`]): the square of the capture waiting for its rebirth (its index
/// plus one, 0 when the last move took nothing; bit 7 set when the captured piece is black), and the captured
/// piece's kind.
const PARRAIN_SQUARE_SLOT: usize = 0;
const PARRAIN_PIECE_SLOT: usize = 1;

impl CirceSpec {
    /// Whether the mover chooses the rebirth square (Super, Cage, Take&Make).
    pub fn chooses_square(&self) -> bool {
        matches!(self.determine, Determine::Super | Determine::Cage | Determine::TakeMake)
    }
}

/// Cage Circe: whether the piece on `sq` in `pos`, of the side to move, has no legal move that takes nothing
/// (Popeye's `STCageCirceNonCapturingMoveFinder`: one move of the piece, its captures removed, played with every
/// rule).
fn caged(rules: &Rules, pos: &Position, sq: Square) -> bool {
    let Some(piece) = pos.piece_at(sq) else { return true };
    // The reborn piece moves for its own side (Popeye's `rebirth_as`): the capturer's under Anti-Circe.
    let mut turned;
    let pos = if piece.color == pos.side() {
        pos
    } else {
        turned = pos.clone();
        turned.set_side(piece.color);
        turned.set_ep(None);
        &turned
    };
    let mut moves = Vec::new();
    rules.piece_pseudo_moves(pos, sq, &mut moves);
    // A pawn on its own first rank steps forward (the walks leave it standing).
    if base_rank_pawns(pos, pos.side()).has(sq) {
        let free = base_pawn_steps(sq, pos.side()) & !pos.occupied();
        moves.extend(free.into_iter().map(|to| Move::new(sq, to, None, Special::None).by(Kind::PAWN)));
    }
    // (Legal by every rule but a selection among the legal moves: a maximummer's choice does not make a cage,
    // TESTS/maxi.inp#3.)
    !moves.into_iter().any(|m| !m.is_capture() && rules.legal_before_selection(pos, m))
}

/// Cage Circe: whether some square of `free` is a cage for `piece` put there on `pos` (the board after the
/// capture, before any rebirth); a pawn put on its last rank promotes, to any of the promotion pieces.
fn cage_exists(rules: &Rules, pos: &Position, piece: Piece, free: Bitboard) -> bool {
    free.into_iter().any(|sq| {
        let promotes = piece.kind == Kind::PAWN && sq.rank() == piece.color.last_rank();
        let kinds: Vec<Kind> = if promotes { rules.promotions.clone() } else { vec![piece.kind] };
        kinds.into_iter().any(|k| {
            let mut p = pos.clone();
            p.put(sq, Piece::new(piece.color, k));
            caged(rules, &p, sq)
        })
    })
}

/// The pawns of `color` on its own first rank (White's first rank, Black's eighth).
fn base_rank_pawns(pos: &Position, color: Color) -> Bitboard {
    let rank = color.opposite().last_rank();
    pos.pieces_bb(color, Kind::PAWN) & Bitboard(0xFF << (8 * rank as u32))
}

/// The square one step ahead of a pawn of `color` on `from`.
fn base_pawn_steps(from: Square, color: Color) -> Bitboard {
    from.offset(0, color.forward()).map_or(Bitboard::EMPTY, |s| s.bb())
}

/// The two squares diagonally ahead of a pawn of `color` on `from`.
fn base_pawn_captures(from: Square, color: Color) -> Bitboard {
    [-1, 1].into_iter().filter_map(|df| from.offset(df, color.forward())).fold(Bitboard::EMPTY, |b, s| b | s.bb())
}

/// The first of the six state bits ([`Position::flags`]) that keep the castling rights of each king and rook (White's
/// king, a1 and h1 rooks, then Black's); Parsi's leaps take the two below.
const CASTLE_STATE_SHIFT: u8 = 2;

/// Each side with its short and long castling rights.
const CASTLERS: [(Color, u8, u8); 2] = [(Color::White, castle::WK, castle::WQ), (Color::Black, castle::BK, castle::BQ)];

/// Popeye's `circe_regular_rebirth_square`: the square of a piece of `kind` in the game array of the side
/// opposite to `side` (pawns on the capture file, knights, bishops and rooks by the colour of the capture square,
/// fairy pieces on the promotion square of the capture file).
pub fn regular_square(kind: Kind, side: Color, capture: Square) -> Square {
    let (file, rank) = (capture.file(), capture.rank());
    let light = (rank & 1) != (file & 1);
    let at = |f: u8, r: u8| Square::from_coords(f, r);
    if side == Color::Black {
        match kind {
            Kind::PAWN => at(file, 1),
            Kind::KNIGHT => at(if light { 1 } else { 6 }, 0),
            Kind::ROOK => at(if light { 7 } else { 0 }, 0),
            Kind::QUEEN => at(3, 0),
            Kind::BISHOP => at(if light { 5 } else { 2 }, 0),
            Kind::KING => at(4, 0),
            _ => at(file, 7),
        }
    } else {
        match kind {
            Kind::PAWN => at(file, 6),
            Kind::KING => at(4, 7),
            Kind::KNIGHT => at(if light { 6 } else { 1 }, 7),
            Kind::ROOK => at(if light { 0 } else { 7 }, 7),
            Kind::QUEEN => at(3, 7),
            Kind::BISHOP => at(if light { 2 } else { 5 }, 7),
            _ => at(file, 0),
        }
    }
}

/// Popeye's File Circe square: the capture file, on the first rank (orthodox pieces) or the second (pawns) of the
/// side opposite to `side`, fairy pieces on its promotion square.
fn file_square(kind: Kind, side: Color, capture: Square) -> Square {
    let file = capture.file();
    let (first, second, last) = if side == Color::Black { (0, 1, 7) } else { (7, 6, 0) };
    let rank = match kind {
        Kind::PAWN => second,
        k if k.is_orthodox() => first,
        _ => last,
    };
    Square::from_coords(file, rank)
}

impl Condition for Circe {
    // Rex inclusive (Anti-Circe's default): Popeye's rebirths of a royal piece of another walk differ from
    // stipula's (differential seed 3702, cases 24, 50, 57, 127, 157): not with such pieces yet.
    fn royal_pieces(&self) -> bool {
        !self.spec.rex_inclusive
    }

    fn describe(&self) -> String {
        self.text.clone()
    }

    // Geneva rex inclusive: a king's step beside the enemy king may check, that king's capture of ours illegal by
    // its occupied rebirth square (the mate filter holds such a step no check).
    fn keeps(&self) -> Keeps {
        let keeps = Keeps::from_hooks(self.hooks());
        if self.spec.family == Family::Geneva && self.spec.rex_inclusive {
            return Keeps { check_filter: false, ..keeps };
        }
        keeps
    }

    fn hooks(&self) -> Hooks {
        if self.spec.determine == Determine::Parrain {
            // Every move may rebear the piece the last move took, a pawn reborn on its last rank promoting; the
            // capture is kept in the state slots; a pawn reborn on its first rank steps and captures from there.
            return Hooks::ON_MOVE | Hooks::AFTER_MOVE | Hooks::CHOICES | Hooks::EXTRA_MOVES | Hooks::EXTRA_CHECK;
        }
        if self.spec.family == Family::Geneva {
            // Nothing is reborn: some captures are illegal, and a check is a capture that would be legal.
            return Hooks::LEGALITY | Hooks::OBSERVATION;
        }
        let mut h = Hooks::CAPTURE;
        if matches!(
            self.spec.determine,
            Determine::Antipodes
                | Determine::Equipollents
                | Determine::Pwc
                | Determine::Super
                | Determine::Cage
                | Determine::TakeMake
                | Determine::Symmetry
                | Determine::VerticalSymmetry
        ) || self.spec.couscous
        {
            h = h | Hooks::CHOICES;
        }
        if self.spec.family != Family::Immune {
            // A rook reborn in its corner may castle again (Popeye's castling rights follow the pieces).
            h = h | Hooks::AFTER_MOVE;
        }
        if self.spec.family != Family::Circe {
            // Anti-Circe and Immune chess forbid some captures, and a check is a capture that would be legal.
            h = h | Hooks::LEGALITY | Hooks::OBSERVATION;
        } else if self.spec.rex_inclusive {
            h = h | Hooks::OBSERVATION;
        }
        if self.spec.family == Family::Circe && self.spec.strict {
            h = h | Hooks::LEGALITY;
        }
        if self.spec.assassin {
            h = h | Hooks::LEGALITY | Hooks::EXTRA_CHECK;
        }
        if self.spec.chooses_square() {
            h = h | Hooks::LEGALITY;
        }
        if self.spec.determine == Determine::Cage {
            // A pawn on its own first rank steps and captures (Popeye's `pawn_get_no_capture_length`).
            h = h | Hooks::EXTRA_MOVES | Hooks::EXTRA_CHECK;
        }
        h
    }

    // Cage Circe: a pawn on its own first rank (where the cage may put one) steps one square forward and captures
    // one square diagonally forward, as Popeye's pawns do under it (`pawn_get_no_capture_length`: length 1 on the
    // base square when the rebirth is determined by the cage; `CapturableByWhPawnSq` then takes in the second
    // rank, `solving/machinery/twin.c`). The walks leave such a pawn standing still.
    fn extra_moves(&self, rules: &Rules, pos: &Position, out: &mut MoveList) {
        let us = pos.side();
        for from in base_rank_pawns(pos, us) {
            if rules.is_paralysed(pos, from) {
                continue;
            }
            for to in base_pawn_steps(from, us) {
                if !pos.occupied().has(to) {
                    out.push(Move::new(from, to, None, Special::None).by(Kind::PAWN));
                }
            }
            for to in base_pawn_captures(from, us) & pos.color_bb(us.opposite()) {
                out.push(Move::new(from, to, Some(to), Special::None).by(Kind::PAWN));
            }
        }
    }

    // Parrain: the piece the last move took is reborn on its capture square moved by this move's vector, if that
    // square is empty after the move (Popeye: `2.De3*f4 Gf6*f4[+wGf2]`); a pawn reborn on its last rank promotes,
    // the mover choosing the piece (`1.Lh4*e7 b7-b8=D[+wBe8=L]`).
    fn on_move(&self, rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let Some((piece, Some(sq))) = self.parrain_rebirth(before, mv) else { return };
        if after.piece_at(sq).is_some() {
            return;
        }
        let promoted = match mv.choice() {
            0 => None,
            k => rules.promotions.get(k as usize - 1).copied(),
        };
        after.put(sq, promoted.map_or(piece, |k| Piece::new(piece.color, k)));
        effects.push(Effect::Added { square: sq, piece, promoted });
    }

    fn on_capture(&self, rules: &Rules, before: &Position, mv: Move, after: &mut Position, effects: &mut Effects) {
        let Some(c) = Circe::capture(before, mv) else { return };
        let Some((piece, Some(sq), promoted)) = self.chosen(rules, before, mv, &c) else { return };
        let placed = promoted.map_or(piece, |k| Piece::new(piece.color, k));
        match self.spec.family {
            Family::Circe => {
                // Assassin: the piece on the rebirth square leaves the board, unnoted as in Popeye (`[+bRa8]`);
                // the capturer's own king there makes the capture illegal, left to the legality test.
                if self.spec.assassin && !after.royal_bb(before.side()).has(sq) {
                    after.remove(sq);
                }
                if after.piece_at(sq).is_none() {
                    // No material won (the `%` goal fails, Popeye's `circe_steingewinn_filter`).
                    after.note_last_rebirth();
                    if self.spec.turncoat {
                        after.put(sq, Piece::new(placed.color.opposite(), placed.kind));
                        effects.push(Effect::Turned { square: sq, piece: placed });
                    } else {
                        after.put(sq, placed);
                        effects.push(Effect::Added { square: sq, piece, promoted });
                    }
                }
            }
            Family::Anti(_) => {
                // An illegal capture (rebirth square occupied) is left as it is: the legality test refuses it. A
                // capture on the capturer's own rebirth square (Calvet) leaves it there, reborn in place: Popeye
                // writes `Qh5*d1[bQd1->d1]`.
                // (Chameleon: the capturer is reborn with its next walk, `[wQf7->Sb1]`.)
                if sq == c.arrival {
                    if after.piece_at(sq) == Some(c.capturer) {
                        after.put(sq, placed);
                        effects.push(Effect::Transferred { from: sq, to: sq, was: c.capturer, piece, promoted: None });
                    }
                    return;
                }
                if after.piece_at(sq).is_none() && after.piece_at(c.arrival) == Some(c.capturer) {
                    after.remove(c.arrival);
                    after.put(sq, placed);
                    // Popeye judges a target goal by where the moving piece ends (`Sc6*a7[wSa7->g1] z`).
                    after.relocate_last_arrival(sq);
                    effects.push(Effect::Transferred { from: c.arrival, to: sq, was: c.capturer, piece, promoted });
                }
            }
            Family::Immune | Family::Mars(_) | Family::Geneva => {}
        }
    }

    // Explanations: where the rule puts the reborn piece, or why it forbids the capture.
    fn explain_move(&self, rules: &Rules, before: &Position, mv: Move) -> Option<String> {
        let name = |p: Piece| format!("{} {}", p.color.name().to_lowercase(), p.kind.name());
        if self.spec.determine == Determine::Parrain {
            let family = popeye_text(&self.spec, Lang::English);
            let (piece, sq) = self.parrain_rebirth(before, mv)?;
            let after = rules.make(before, mv);
            let way = if self.spec.mirror { "against this move's vector" } else { "by this move's vector" };
            return Some(match sq {
                Some(sq) if after.piece_at(sq).is_some() && before.piece_at(sq).is_none() => format!(
                    "Under {family} the {} taken on the last move is reborn on {sq}, its capture square moved {way}.",
                    name(piece)
                ),
                Some(sq) => format!(
                    "Under {family} the {} taken on the last move would be reborn on {sq}, which is occupied: it \
                     vanishes.",
                    name(piece)
                ),
                None => format!(
                    "Under {family} the {} taken on the last move would be reborn off the board: it vanishes.",
                    name(piece)
                ),
            });
        }
        let c = Circe::capture(before, mv)?;
        let (piece, _) = self.rebirth(&c)?;
        let family = popeye_text(&self.spec, Lang::English);
        let occupied = (before.occupied() & !mv.from.bb() & !c.square.bb()) | mv.to.bb();
        let sq = self.chosen(rules, before, mv, &c).and_then(|(_, sq, _)| sq);
        if self.spec.determine == Determine::TakeMake {
            return Some(match sq {
                _ if self.choice_squares(rules, before, mv, &c).is_empty() => format!(
                    "under {family} the captured {} has no move from {} that captures nothing, to be reborn by.",
                    name(piece),
                    c.square
                ),
                Some(sq) => format!(
                    "Under {family} the captured {} is reborn on {sq}, which it reaches from {} by a move of its \
                     own (the mover's choice).",
                    name(piece),
                    c.square
                ),
                None => return None,
            });
        }
        if self.spec.chooses_square() {
            let whose = if self.spec.family == Family::Circe { "captured" } else { "capturing" };
            return Some(match sq {
                _ if !self.capture_allowed(&c, occupied) => {
                    format!("under {family} the capturing {} has no empty square to be reborn on.", name(piece))
                }
                Some(sq) => {
                    format!("Under {family} the {whose} {} is reborn on {sq}, the mover's choice.", name(piece))
                }
                None => format!("Under {family} the captured {} is not reborn, the mover's choice.", name(piece)),
            });
        }
        if !self.capture_allowed(&c, occupied) {
            let square = sq.map_or("off the board".to_string(), |s| format!("{s}, which is occupied"));
            return Some(match self.spec.family {
                Family::Immune => format!(
                    "under {family} the {} on {} cannot be taken: its rebirth square is {square}.",
                    name(c.captured),
                    c.square
                ),
                _ => format!("under {family} the capturing {} would be reborn on {square}.", name(piece)),
            });
        }
        let after = rules.make(before, mv);
        let sq = sq?;
        match self.spec.family {
            Family::Circe
                if self.spec.assassin
                    && sq != mv.from
                    && (sq == mv.to || (sq != c.square && before.piece_at(sq).is_some())) =>
            {
                let victim = if sq == mv.to { c.capturer } else { before.piece_at(sq)? };
                Some(format!(
                    "Under {family} the captured {} is reborn on {sq}, where the {} leaves the board.",
                    name(piece),
                    name(victim)
                ))
            }
            Family::Circe if sq != mv.to && after.piece_at(sq).is_some() && before.piece_at(sq).is_none() => {
                Some(format!("Under {family} the captured {} is reborn on {sq}.", name(piece)))
            }
            Family::Circe => Some(format!(
                "Under {family} the captured {} would be reborn on {sq}, which is occupied: it vanishes.",
                name(piece)
            )),
            Family::Anti(_) if sq == c.arrival => {
                Some(format!("Under {family} the capturing {} is reborn where it captures, on {sq}.", name(piece)))
            }
            Family::Anti(_) => Some(format!("Under {family} the capturing {} is reborn on {sq}.", name(piece))),
            Family::Immune | Family::Mars(_) | Family::Geneva => None,
        }
    }

    // A pawn reborn on its last rank (Antipodes, Equipollents, PWC ...) promotes there, the mover choosing the piece
    // among the promotion pieces (Popeye's `is_promotion_possible`).
    fn choices(&self, rules: &Rules, pos: &Position, mv: Move) -> u8 {
        if self.spec.determine == Determine::Parrain {
            return match self.parrain_rebirth(pos, mv) {
                Some((piece, Some(sq)))
                    if piece.kind == Kind::PAWN
                        && sq.rank() == piece.color.last_rank()
                        && pos.make(mv).piece_at(sq).is_none() =>
                {
                    rules.promotions.len() as u8
                }
                _ => 0,
            };
        }
        if matches!(self.spec.family, Family::Immune | Family::Geneva) {
            return 0;
        }
        let Some(c) = Circe::capture(pos, mv) else { return 0 };
        if self.spec.chooses_square() {
            let Some((piece, _)) = self.rebirth(&c) else { return 0 };
            return self.super_count(rules, piece);
        }
        match self.rebirth(&c) {
            Some((piece, Some(sq))) if piece.kind == Kind::PAWN && sq.rank() == piece.color.last_rank() => {
                let occupied = (pos.occupied() & !mv.from.bb() & !c.square.bb()) | mv.to.bb();
                let free = match self.spec.family {
                    Family::Anti(_) => !(occupied & !c.arrival.bb()).has(sq),
                    _ => !occupied.has(sq),
                };
                if free {
                    rules.promotions.len() as u8
                } else {
                    0
                }
            }
            _ => 0,
        }
    }

    // Castling after a rebirth: Popeye keeps a right per king and per rook (`solving/castling.c`), taken away when
    // the piece leaves its square or is taken there and given back when a rebirth puts it there
    // (`enable_castling_rights`); the side may castle with a rook when both its king's right and that rook's stand.
    // stipula's rights are the pairs; the pieces' own rights are kept here, in the state bits.
    fn initial_flags_in(&self, pos: &Position) -> u8 {
        let mut flags = 0;
        for (i, &(color, short, long)) in CASTLERS.iter().enumerate() {
            let rights = pos.castling();
            let rank = if color == Color::White { 0 } else { 7 };
            let king = pos.piece_at(Square::from_coords(4, rank)) == Some(Piece::new(color, Kind::KING));
            let rook = |f| pos.piece_at(Square::from_coords(f, rank)) == Some(Piece::new(color, Kind::ROOK));
            // A king whose rooks stand in their corners without a right lost its own (NoCastling, a FEN).
            let king_right = king && (rights & (short | long) != 0 || !(rook(0) || rook(7)));
            // A rook in its corner while its king is away keeps its own right (Popeye's rights are the pieces'): a
            // king reborn on its square may castle with it (BEISPIEL/antisup.inp#1: `1.Kb4*a5[sKa5->e8] 2.0-0-0`).
            let rook_right = |f, right: u8| rights & right != 0 || (!king && rook(f));
            let bits = (king_right as u8) | (rook_right(0, long) as u8) << 1 | (rook_right(7, short) as u8) << 2;
            flags |= bits << (CASTLE_STATE_SHIFT + 3 * i as u8);
        }
        flags
    }

    fn choices_on_every_move(&self) -> bool {
        self.spec.determine == Determine::Parrain
    }

    fn after_move(&self, rules: &Rules, before: &Position, mv: Move, after: &mut Position) {
        if self.spec.determine == Determine::Parrain {
            // The capture waits in the state slots for the next move.
            let taken = mv.capture().and_then(|sq| Some((sq, before.piece_at(sq)?)));
            let black = |p: Piece| if p.color == Color::Black { 0x80 } else { 0 };
            after.set_slot(PARRAIN_SQUARE_SLOT, taken.map_or(0, |(sq, p)| (sq.index() as u8 + 1) | black(p)));
            after.set_slot(PARRAIN_PIECE_SLOT, taken.map_or(0, |(_, p)| p.kind.0));
        }
        if !rules.castling_exists() {
            return;
        }
        let parrain = self.spec.determine == Determine::Parrain;
        let mut flags = after.flags();
        let mut rights = after.castling();
        let reborn = |sq: Square, piece: Piece| -> bool {
            // The piece arrived on `sq` by a rebirth: not there before the move, not the mover's arrival.
            (mv.is_capture() || parrain)
                && sq != mv.to
                && before.piece_at(sq) != Some(piece)
                && after.piece_at(sq) == Some(piece)
        };
        for (i, &(color, short, long)) in CASTLERS.iter().enumerate() {
            let rank = if color == Color::White { 0 } else { 7 };
            let shift = CASTLE_STATE_SHIFT + 3 * i as u8;
            let mut bits = flags >> shift & 7;
            for (bit, file, kind) in [(1u8, 4u8, Kind::KING), (2, 0, Kind::ROOK), (4, 7, Kind::ROOK)] {
                let sq = Square::from_coords(file, rank);
                let piece = Piece::new(color, kind);
                let on = after.piece_at(sq) == Some(piece);
                let kept = bits & bit != 0 && on && before.piece_at(sq) == Some(piece) && mv.from != sq;
                // A rebirth on the piece's own square gives its right back, whatever the others' (Popeye): the
                // Anti-Circe theme of castling twice (Saukkola and Tuovinen, Thema Danicum 1995: `0-0 ... Rf1*f3
                // [wRf3->h1] ... Kg1*g2[wKg2->e1] ... 0-0 #`).
                let given = on && reborn(sq, piece);
                if kept || given {
                    bits |= bit;
                } else {
                    bits &= !bit;
                }
            }
            flags = (flags & !(7 << shift)) | bits << shift;
            if bits & 1 != 0 {
                if bits & 2 != 0 {
                    rights |= long;
                }
                if bits & 4 != 0 {
                    rights |= short;
                }
            }
        }
        after.set_flags(flags);
        after.set_castling(rights);
    }

    fn is_legal(&self, rules: &Rules, before: &Position, mv: Move, after: &Position) -> bool {
        let Some(c) = Circe::capture(before, mv) else { return true };
        if self.spec.assassin {
            return !self.assassinates_own_king(before, mv, &c);
        }
        if self.spec.chooses_square() {
            // The choice names an outcome the rule offers here.
            let Some((piece, _)) = self.rebirth(&c) else { return true };
            let free = self.choice_squares(rules, before, mv, &c);
            let Some(option) = self.super_option(rules, free, piece, mv.choice()) else { return false };
            if self.spec.determine != Determine::Cage {
                return true;
            }
            // Cage: the square chosen is a cage; no rebirth only when there is none.
            return match option {
                Some((sq, _)) => caged(rules, after, sq),
                None => !cage_exists(rules, after, piece, free),
            };
        }
        let occupied = (before.occupied() & !mv.from.bb() & !c.square.bb()) | mv.to.bb();
        self.capture_allowed(&c, occupied)
    }

    // Assassin: a side is in check also when a capture of any of its pieces would have the piece reborn on its
    // king (Popeye's `circe_assassin_all_piece_observation_tester_is_in_check`, each capture validated by playing
    // it).
    fn extra_check(&self, rules: &Rules, pos: &Position, sq: Square, by: Color) -> bool {
        if matches!(self.spec.determine, Determine::Cage | Determine::Parrain) {
            // A pawn of `by` on its own first rank observes the squares diagonally ahead of it.
            return base_rank_pawns(pos, by).into_iter().any(|from| {
                base_pawn_captures(from, by).has(sq)
                    && !rules.is_paralysed(pos, from)
                    && rules.extra_capture_counts(pos, Move::new(from, sq, Some(sq), Special::None).by(Kind::PAWN))
            });
        }
        let Some(king) = pos.piece_at(sq) else { return false };
        for target in pos.color_bb(king.color) & !sq.bb() {
            let Some(captured) = pos.piece_at(target) else { continue };
            let royal = is_royal(pos, target);
            let c = Capture {
                mover: captured,
                from: target,
                arrival: target,
                capturer: captured,
                square: target,
                captured,
                mover_royal: royal,
                captured_royal: royal,
            };
            if !matches!(self.rebirth(&c), Some((_, Some(s))) if s == sq) {
                continue;
            }
            if rules.observers(pos, target, by).any(|o| rules.observation_counts(pos, o, target)) {
                return true;
            }
        }
        false
    }

    // A check is a capture of the king that the rule lets stand: not followed by the king's rebirth (Circe rex
    // inclusive), and legal (Anti-Circe, Immune chess). Popeye validates a check by playing the capture
    // (`STValidateCheckMoveByPlayingCapture`).
    // A pawn capturing onto its last rank promotes first: the capture counts when one of its promotions is legal.
    fn observation_counts(&self, rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        let (Some(capturer), Some(captured)) = (pos.piece_at(observer), pos.piece_at(target)) else { return true };
        let (mover_royal, captured_royal) = (is_royal(pos, observer), is_royal(pos, target));
        let c = Capture {
            mover: capturer,
            from: observer,
            arrival: target,
            capturer,
            square: target,
            captured,
            mover_royal,
            captured_royal,
        };
        let occupied = (pos.occupied() & !observer.bb()) | target.bb();
        if self.spec.determine == Determine::Cage && !self.super_may_vanish() {
            // Cage, where the reborn piece may not vanish: the capture needs a cage (the capturer's promotions
            // each tried).
            let mut board = pos.clone();
            board.remove(observer);
            board.remove(target);
            let promotes = capturer.kind == Kind::PAWN && target.rank() == capturer.color.last_rank();
            let kinds: Vec<Kind> = if promotes { rules.promotions.clone() } else { vec![capturer.kind] };
            return kinds.into_iter().any(|k| {
                let c = Capture { capturer: Piece::new(capturer.color, k), ..c };
                match self.rebirth(&c) {
                    Some((piece, _)) => cage_exists(rules, &board, piece, self.super_free(&c, occupied)),
                    None => true,
                }
            });
        }
        match self.spec.family {
            Family::Circe => match self.rebirth(&c) {
                Some((_, Some(sq))) => occupied.has(sq),
                _ => true,
            },
            Family::Anti(_) if capturer.kind == Kind::PAWN && target.rank() == capturer.color.last_rank() => rules
                .promotions
                .iter()
                .any(|&k| self.capture_allowed(&Capture { capturer: Piece::new(capturer.color, k), ..c }, occupied)),
            _ => self.capture_allowed(&c, occupied),
        }
    }

    fn extra_capture_counts(&self, rules: &Rules, pos: &Position, mv: Move) -> bool {
        mv.special == Special::Insane || self.observation_counts(rules, pos, mv.from, mv.capture().unwrap_or(mv.to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn super_and_assassin_written_as_popeye() {
        // Popeye 4.104's condition lines: BEISPIEL/antisup.inp (`AntiSuperCirce`: `AntiCirce Super`), TESTS/circe.inp#19
        // (`circe super strict`: `Circe Super Strict`), TESTS/anticirce.inp#14 (`anticirce super relaxed`:
        // `AntiCirce Super Relaxed`), BEISPIEL/assass.inp (`CirceAssassin`: `Circe Assassin`).
        let text = |name: &str, options: &[&str]| {
            let spec = ConditionSpec {
                name: name.into(),
                options: options.iter().map(|o| o.to_string()).collect(),
                ..Default::default()
            };
            popeye_text(&rule(&spec).expect("a Circe variant"), Lang::English)
        };
        assert_eq!(text("AntiSuperCirce", &[]), "AntiCirce Super");
        assert_eq!(text("Circe", &["Super", "Strict"]), "Circe Super Strict");
        assert_eq!(text("AntiCirce", &["Super", "Relaxed"]), "AntiCirce Super Relaxed");
        assert_eq!(text("CirceAssassin", &[]), "Circe Assassin");
        // Not implemented: refused by name.
        let refused = |name: &str, options: &[&str]| {
            let spec = ConditionSpec {
                name: name.into(),
                options: options.iter().map(|o| o.to_string()).collect(),
                ..Default::default()
            };
            rule_or_word(&spec).err()
        };
        assert_eq!(refused("CirceAssassin", &["RexInclusive"]), Some("Assassin"));
        assert_eq!(refused("Circe", &["Cage"]), None);
        assert_eq!(refused("Circe", &["Cage", "Clone"]), Some("Cage"));
        assert_eq!(refused("AntiCirce", &["Relaxed"]), Some("Relaxed"));
    }

    #[test]
    fn regular_rebirth_squares_as_popeye() {
        // Popeye's circe_regular_rebirth_square (conditions/circe/circe.c): a black rook taken on d7 (a light
        // square) goes to a8, on d8 (dark) to h8; a white knight taken on e4 (light) to b1; pawns to the capture file.
        assert_eq!(regular_square(Kind::ROOK, Color::White, sq("d7")), sq("a8"));
        assert_eq!(regular_square(Kind::ROOK, Color::White, sq("d8")), sq("h8"));
        assert_eq!(regular_square(Kind::KNIGHT, Color::Black, sq("e4")), sq("b1"));
        assert_eq!(regular_square(Kind::BISHOP, Color::Black, sq("e4")), sq("f1"));
        assert_eq!(regular_square(Kind::PAWN, Color::Black, sq("c5")), sq("c2"));
        assert_eq!(regular_square(Kind::PAWN, Color::White, sq("c5")), sq("c7"));
        assert_eq!(regular_square(Kind::GRASSHOPPER, Color::White, sq("c5")), sq("c1"));
        assert_eq!(file_square(Kind::QUEEN, Color::Black, sq("g5")), sq("g1"));
    }
}
