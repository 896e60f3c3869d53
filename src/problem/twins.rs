//! Twins: Popeye's twinning commands and their registry ([`TWINNING`]: each command's names in Popeye's three
//! languages and the statement language), applied to a diagram one twin after another, with the heading Popeye
//! prints for each twin.

use crate::conditions::ConditionSpec;
use crate::pieces::{Kind, Placed};
use crate::problem::{Problem, Stipulation};
use crate::square::{Color, Square};
use crate::words::{Found, Lang, Names, Spelling};

/// A twinning command: the registry's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TwinCommand {
    Move,
    Exchange,
    Stipulation,
    SStipulation,
    Add,
    Remove,
    Continued,
    Rotate,
    Condition,
    PolishType,
    Mirror,
    Shift,
    Substitute,
    Forsyth,
}

/// One row of the registry.
#[derive(Debug)]
pub struct TwinDef {
    pub command: TwinCommand,
    /// Popeye's names `[English, German, French]` (Popeye 4.104's `TwinningString`).
    pub popeye: Names,
    /// How the statement language writes it, first, then other spellings accepted written out.
    pub spellings: &'static [&'static str],
    /// Whether stipula implements it.
    pub supported: bool,
}

const fn row(command: TwinCommand, popeye: Names, spellings: &'static [&'static str], supported: bool) -> TwinDef {
    TwinDef { command, popeye, spellings, supported }
}

/// The registry, in Popeye's order.
pub static TWINNING: &[TwinDef] = &[
    row(TwinCommand::Move, ["Move", "versetze", "deplacement"], &["move"], true),
    row(TwinCommand::Exchange, ["Exchange", "tausche", "echange"], &["exchange"], true),
    row(TwinCommand::Stipulation, ["Stipulation", "Forderung", "enonce"], &["stipulation"], true),
    row(TwinCommand::SStipulation, ["SStipulation", "SForderung", "senonce"], &["sstipulation"], false),
    row(TwinCommand::Add, ["Add", "hinzufuegen", "ajoute"], &["add"], true),
    row(TwinCommand::Remove, ["Remove", "entferne", "ote"], &["remove"], true),
    row(TwinCommand::Continued, ["Continued", "ferner", "enplus"], &["continued"], true),
    row(TwinCommand::Rotate, ["Rotate", "Drehung", "rotation"], &["rotate"], true),
    row(TwinCommand::Condition, ["Condition", "Bedingung", "condition"], &["condition", "conditions"], true),
    row(TwinCommand::PolishType, ["PolishType", "Farbwechsel", "CouleurEchange"], &["polish type"], true),
    row(TwinCommand::Mirror, ["Mirror", "Spiegelung", "miroir"], &["mirror"], true),
    row(TwinCommand::Shift, ["Shift", "Verschiebung", "translation"], &["shift"], true),
    row(TwinCommand::Substitute, ["Substitute", "ersetze", "remplace"], &["substitute"], true),
    // Twinning by a new position, of Popeye versions before 4.104.
    row(TwinCommand::Forsyth, ["Forsyth", "Forsyth", "forsyth"], &["forsyth"], false),
];

impl TwinDef {
    /// The row of `command`.
    pub fn of(command: TwinCommand) -> &'static TwinDef {
        TWINNING.iter().find(|d| d.command == command).expect("every twinning command has its row")
    }

    /// Its English name, as Popeye writes it (`Move`, `PolishType`).
    pub fn name(&self) -> &'static str {
        self.popeye[0]
    }

    /// The row a twinning command denotes: a name written out (Popeye's in the languages `spelling` reads, or
    /// the statement language's) wins; else a unique abbreviation of Popeye's name in the spelling's language.
    pub fn lookup(word: &str, spelling: Spelling) -> Found<&'static TwinDef> {
        for def in TWINNING {
            // Popeye input has Popeye's names only; the statement language also its own spellings.
            let own: &[&str] = if spelling == Spelling::Statement { def.spellings } else { &[] };
            let popeye = spelling.langs().iter().map(|l| def.popeye[l.index()]);
            if let Some(n) = own.iter().copied().chain(popeye).find(|n| spelling.same(word, n)) {
                return Found::One(def, n);
            }
        }
        let lang = spelling.lang().index();
        match spelling.find(word, TWINNING.iter().enumerate().map(|(i, d)| (d.popeye[lang], i))) {
            Found::One(i, n) => Found::One(&TWINNING[i], n),
            Found::Ambiguous(v) => Found::Ambiguous(v),
            Found::None => Found::None,
        }
    }
}

/// One change a twin makes (Popeye's twinning commands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TwinChange {
    /// `Move a1 b2`: the piece on a1 goes to b2 (replacing what stood there).
    Move(Square, Square),
    /// `Exchange a1 b2`.
    Exchange(Square, Square),
    /// `Remove a1`.
    Remove(Square),
    /// `Add White Qa1`.
    Add(Placed),
    /// `Substitute R B`: every rook (of either colour) becomes a bishop; with a colour, only that colour's.
    Substitute { color: Option<Color>, from: Kind, to: Kind },
    /// `Rotate 90|180|270` (counter-clockwise, as Popeye).
    Rotate(u16),
    /// `Mirror a1<-->h1` etc.
    Mirror(Mirror),
    /// `Shift a1 a2`: every piece moves by the vector between the squares.
    Shift(Square, Square),
    /// `PolishType`: swap the colours of all pieces.
    PolishType,
    /// `Stipulation …`.
    Stipulation(Stipulation),
    /// `Condition …`: replaces all conditions.
    Conditions(Vec<ConditionSpec>),
}

/// Mirror axes, Popeye's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    /// `a1<-->h1`: files reversed.
    A1H1,
    /// `a1<-->a8`: ranks reversed.
    A1A8,
    /// `a1<-->h8`: a1 and h8 change places (a reflection in the a8–h1 diagonal; Popeye names the squares).
    A1H8,
    /// `a8<-->h1`: a8 and h1 change places (a reflection in the a1–h8 diagonal).
    A8H1,
}

impl Mirror {
    /// The four axes.
    pub const ALL: [Mirror; 4] = [Mirror::A1H1, Mirror::A1A8, Mirror::A1H8, Mirror::A8H1];

    /// The axis as Popeye writes it: `a1<-->h1`.
    pub const fn text(self) -> &'static str {
        match self {
            Mirror::A1H1 => "a1<-->h1",
            Mirror::A1A8 => "a1<-->a8",
            Mirror::A1H8 => "a1<-->h8",
            Mirror::A8H1 => "a8<-->h1",
        }
    }

    /// The axis Popeye's text names (case ignored).
    pub fn parse(text: &str) -> Option<Mirror> {
        Mirror::ALL.into_iter().find(|m| m.text().eq_ignore_ascii_case(text))
    }
}

/// One twin: changes applied to the original diagram, or to the previous twin when `continued`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twin {
    pub continued: bool,
    pub changes: Vec<TwinChange>,
}

/// The parts of a problem a twin may change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub pieces: Vec<Placed>,
    pub stipulation: Stipulation,
    pub conditions: Vec<ConditionSpec>,
}

/// One change a twin's heading names, typed: [`Change::text`] writes it as Popeye does in each of its languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// `-bSf1`: a piece taken off (by `Remove`, or by `Move` onto its square).
    Removed(Placed),
    /// `wQa7-->a6`.
    Moved(Placed, Square),
    /// `wBh4<-->bRf8`: Popeye writes the colours the two pieces had and the kinds standing on the two squares once
    /// the whole twin is applied, each beside the other square (`b.d1<-->bPe2` when a later change of the twin
    /// emptied e2); `colors[0]` and `kinds[0]` are written before `a`.
    Exchanged { a: Square, b: Square, colors: [Color; 2], kinds: [Option<Kind>; 2] },
    /// `+wPe2`; without the `+` where the piece replaces another.
    Added { piece: Placed, plus: bool },
    /// `wR ==> wB`; `R ==> B` for both colours.
    Substituted { color: Option<Color>, from: Kind, to: Kind },
    /// `rotate 90`.
    Rotated(u16),
    /// `mirror a1<-->h1`.
    Mirrored(Mirror),
    /// `shift a1 ==> b2`.
    Shifted(Square, Square),
    /// `PolishType`.
    PolishType,
    /// A stipulation as the heading writes it: for a structured one, the side that starts (`White 3:3a[#]d`).
    Stipulation { side: Option<Color>, text: String },
    /// The conditions the twin ends with, one a line (the later ones indented by three blanks).
    Conditions(Vec<ConditionSpec>),
}

/// The first letter of Popeye's word for `color` in `lang`, lower case (`w`, `b`; German `w`, `s`; French `b`, `n`).
fn color_letter(c: Color, lang: Lang) -> char {
    let names: Names = match c {
        Color::White => ["White", "Weiss", "Blanc"],
        Color::Black => ["Black", "Schwarz", "Noir"],
    };
    names[lang.index()].chars().next().map_or('w', |ch| ch.to_ascii_lowercase())
}

/// A piece as a twin's heading writes it in `lang` (`wQa7`, `wrSb1`, German `sDa7`; a neutral piece `nBc3`:
/// Popeye's `n` stands for its colour).
fn piece_text(p: &Placed, lang: Lang) -> String {
    let neutral = p.attrs.has(crate::pieces::Attrs::NEUTRAL);
    let color = if neutral { String::new() } else { color_letter(p.color, lang).to_string() };
    format!("{color}{}{}{}", p.shown_attrs().prefix_in(lang), p.kind.def().code_in(lang), p.square)
}

impl Change {
    /// The change as Popeye's heading writes it in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let code = |k: &Kind| k.def().code_in(lang);
        let word = |names: Names| names[lang.index()];
        match self {
            Change::Removed(p) => format!("-{}", piece_text(p, lang)),
            Change::Moved(p, to) => format!("{}-->{to}", piece_text(p, lang)),
            Change::Exchanged { a, b, colors, kinds } => {
                // An empty square's "kind" is Popeye's `.`.
                let kind = |k: &Option<Kind>| k.as_ref().map_or(".", code);
                let (ca, cb) = (color_letter(colors[0], lang), color_letter(colors[1], lang));
                format!("{ca}{}{a}<-->{cb}{}{b}", kind(&kinds[0]), kind(&kinds[1]))
            }
            Change::Added { piece, plus } => format!("{}{}", if *plus { "+" } else { "" }, piece_text(piece, lang)),
            Change::Substituted { color, from, to } => {
                let c = color.map(|c| color_letter(c, lang).to_string()).unwrap_or_default();
                format!("{c}{} ==> {c}{}", code(from), code(to))
            }
            Change::Rotated(deg) => format!("{} {deg}", word(["rotate", "Drehung", "rotation"])),
            Change::Mirrored(m) => format!("{} {}", word(["mirror", "Spiegelung", "miroir"]), m.text()),
            Change::Shifted(a, b) => format!("{} {a} ==> {b}", word(["shift", "Verschiebung", "translation"])),
            Change::PolishType => word(["PolishType", "Farbwechsel", "CouleurEchange"]).to_string(),
            Change::Stipulation { side: None, text } => text.clone(),
            Change::Stipulation { side: Some(c), text } => {
                let side = match c {
                    Color::White => word(["White", "Weiss", "Blanc"]),
                    Color::Black => word(["Black", "Schwarz", "Noir"]),
                };
                format!("{side} {text}")
            }
            Change::Conditions(conds) => conds.iter().map(|c| c.popeye_text_in(lang)).collect::<Vec<_>>().join("\n   "),
        }
    }
}

/// A twin's heading: its changes, as Popeye writes them two blanks apart ([`Heading::text`]); shown in English.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Heading(pub Vec<Change>);

impl Heading {
    /// The heading as Popeye writes it in `lang` (empty for the diagram).
    pub fn text(&self, lang: Lang) -> String {
        self.0.iter().map(|c| c.text(lang)).collect::<Vec<_>>().join("  ")
    }

    /// No change named (the diagram, or no twin).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Display for Heading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::English))
    }
}

impl serde::Serialize for Heading {
    /// In English, as Popeye's English heading.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

fn map_squares(d: &mut Diagram, f: impl Fn(Square) -> Option<Square>) -> Result<(), String> {
    let mut moved = Vec::new();
    for p in &d.pieces {
        match f(p.square) {
            Some(sq) => moved.push(Placed { square: sq, ..*p }),
            None => return Err(format!("the twin moves the piece on {} off the board", p.square)),
        }
    }
    d.pieces = moved;
    Ok(())
}

/// Applies a twin's changes in order, returning its heading as Popeye prints it (the new stipulation as
/// `stipulation` writes it).
pub fn apply_twin(
    d: &mut Diagram,
    changes: &[TwinChange],
    stipulation: impl Fn(&Stipulation) -> Change,
) -> Result<Heading, String> {
    // The heading's changes of each twinning change.
    let mut parts: Vec<Vec<Change>> = Vec::new();
    let mut exchanges = Vec::new();
    for (k, c) in changes.iter().enumerate() {
        if let TwinChange::Exchange(a, b) = c {
            let colour = |sq: Square| d.pieces.iter().find(|p| p.square == sq).map(|p| p.color);
            exchanges.push((k, *a, *b, colour(*a), colour(*b)));
        }
        let mut named = apply(d, c)?;
        // Only the stipulation the twin ends with is written as `stipulation` writes it (`WhiteToPlay`: `Twin
        // Stipulation h#2 Stipulation h#3` is headed `h#2  h#2.5`, as Popeye heads it).
        if let TwinChange::Stipulation(st) = c {
            if !changes[k + 1..].iter().any(|e| matches!(e, TwinChange::Stipulation(_))) {
                named = vec![stipulation(st)];
            }
        }
        // A piece added where this twin removed one replaces it: Popeye names neither the removal nor a `+`.
        if let TwinChange::Add(a) = c {
            if let Some(i) = changes[..k].iter().position(|e| *e == TwinChange::Remove(a.square)) {
                parts[i].clear();
                named = vec![Change::Added { piece: *a, plus: false }];
            }
        }
        parts.push(named);
    }
    // Popeye writes each condition change as the conditions the twin ends with (`Twin Condition Isardam TypeB
    // Condition Isardam` is headed `Isardam  Isardam`), White's Oscillating kings before Black's.
    for (k, c) in changes.iter().enumerate() {
        if let TwinChange::Conditions(_) = c {
            let mut conds = d.conditions.clone();
            conds.sort_by_key(|c| c.name == "BlackOscillatingKings");
            parts[k] = vec![Change::Conditions(conds)];
        }
    }
    // Popeye writes an exchange with the colours its pieces had and the kinds standing on the two squares once
    // the whole twin is applied (a later change in the same twin shows: `b.d1<-->bPe2  -wKd4  bKe2-->d4`).
    for (k, a, b, ca, cb) in exchanges {
        let kind = |sq: Square| d.pieces.iter().find(|p| p.square == sq).map(|p| p.kind);
        if let (Some(ca), Some(cb)) = (ca, cb) {
            parts[k] = vec![Change::Exchanged { a, b, colors: [ca, cb], kinds: [kind(b), kind(a)] }];
        }
    }
    Ok(Heading(parts.into_iter().flatten().collect()))
}

/// Applies one change, returning what Popeye's twin heading names for it (`bSh3-->h4`, `-bSf1`).
pub fn apply(d: &mut Diagram, change: &TwinChange) -> Result<Vec<Change>, String> {
    let at = |d: &Diagram, sq: Square| d.pieces.iter().position(|p| p.square == sq);
    match change {
        TwinChange::Move(a, b) => {
            let i = at(d, *a).ok_or_else(|| format!("the twin moves a piece from the empty square {a}"))?;
            if a == b {
                // The readers refuse it; Popeye would remove the piece (`-wQd1 .d1-->d1`).
                return Err(format!("the twin moves the piece on {a} to its own square"));
            }
            // Popeye lists the piece the move removes first: `-wBd2  wRd1-->d2`.
            let mut named: Vec<Change> = at(d, *b).map(|j| Change::Removed(d.pieces[j])).into_iter().collect();
            named.push(Change::Moved(d.pieces[i], *b));
            // What stood on the target square is replaced (a != b: the moving piece stays).
            d.pieces.retain(|p| p.square != *b);
            for p in d.pieces.iter_mut().filter(|p| p.square == *a) {
                p.square = *b;
            }
            Ok(named)
        }
        TwinChange::Exchange(a, b) => {
            let i = at(d, *a).ok_or_else(|| format!("the twin exchanges the empty square {a}"))?;
            let j = at(d, *b).ok_or_else(|| format!("the twin exchanges the empty square {b}"))?;
            if i == j {
                return Err(format!("the twin exchanges the square {a} with itself"));
            }
            let named = Change::Exchanged {
                a: *a,
                b: *b,
                colors: [d.pieces[i].color, d.pieces[j].color],
                kinds: [Some(d.pieces[i].kind), Some(d.pieces[j].kind)],
            };
            d.pieces[i].square = *b;
            d.pieces[j].square = *a;
            Ok(vec![named])
        }
        TwinChange::Remove(a) => {
            let i = at(d, *a).ok_or_else(|| format!("the twin removes a piece from the empty square {a}"))?;
            let named = Change::Removed(d.pieces[i]);
            d.pieces.remove(i);
            Ok(vec![named])
        }
        TwinChange::Add(p) => {
            // A piece that replaces another has no `+` (Popeye), and the replaced one is not named.
            let plus = at(d, p.square).is_none();
            d.pieces.retain(|q| q.square != p.square);
            d.pieces.push(*p);
            Ok(vec![Change::Added { piece: *p, plus }])
        }
        TwinChange::Substitute { color, from, to } => {
            for p in d.pieces.iter_mut() {
                if p.kind == *from && color.is_none_or(|c| c == p.color) {
                    p.kind = *to;
                }
            }
            Ok(vec![Change::Substituted { color: *color, from: *from, to: *to }])
        }
        TwinChange::Rotate(deg) => {
            let deg = *deg;
            map_squares(d, |s| {
                let (f, r) = (s.file(), s.rank());
                Some(match deg % 360 {
                    90 => Square::from_coords(7 - r, f),
                    180 => Square::from_coords(7 - f, 7 - r),
                    270 => Square::from_coords(r, 7 - f),
                    _ => s,
                })
            })?;
            Ok(vec![Change::Rotated(deg)])
        }
        TwinChange::Mirror(m) => {
            let m = *m;
            map_squares(d, |s| {
                let (f, r) = (s.file(), s.rank());
                Some(match m {
                    Mirror::A1H1 => Square::from_coords(7 - f, r),
                    Mirror::A1A8 => Square::from_coords(f, 7 - r),
                    // Popeye names the square a1 (or a8) goes to, not the mirror line (py-engl.txt, Twin).
                    Mirror::A1H8 => Square::from_coords(7 - r, 7 - f),
                    Mirror::A8H1 => Square::from_coords(r, f),
                })
            })?;
            Ok(vec![Change::Mirrored(m)])
        }
        TwinChange::Shift(a, b) => {
            let (df, dr) = (b.file() as i8 - a.file() as i8, b.rank() as i8 - a.rank() as i8);
            map_squares(d, |s| s.offset(df, dr))?;
            Ok(vec![Change::Shifted(*a, *b)])
        }
        TwinChange::PolishType => {
            for p in d.pieces.iter_mut() {
                p.color = p.color.opposite();
            }
            Ok(vec![Change::PolishType])
        }
        TwinChange::Stipulation(s) => {
            d.stipulation = s.clone();
            Ok(vec![Change::Stipulation { side: None, text: s.to_string() }])
        }
        TwinChange::Conditions(c) => {
            d.conditions = c.clone();
            Ok(vec![Change::Conditions(c.clone())])
        }
    }
}

/// A twin's stipulation as Popeye writes it in the heading, in English: with `WhiteToPlay`, `h#n` is
/// `h#(n-0.5)`.
pub fn twin_stipulation(s: &Stipulation, p: &Problem) -> String {
    heading_stipulation(s, p).text(Lang::English)
}

/// [`twin_stipulation`] as a change of the heading.
fn heading_stipulation(s: &Stipulation, p: &Problem) -> Change {
    // A structured stipulation as Popeye writes it back in a twin's heading: the side as written, then its text
    // (`White 3:3a[#]d`; `Twin SStipulation black -1h[=]h` is headed `b) Black -1h[=]h`, Popeye 4.104).
    if let Some(text) = &s.structured {
        return Change::Stipulation { side: Some(s.written_side().unwrap_or(s.starting_side())), text: text.clone() };
    }
    Change::Stipulation { side: None, text: plain_stipulation(s, p) }
}

/// A stipulation that is not structured as the heading writes it.
fn plain_stipulation(s: &Stipulation, p: &Problem) -> String {
    // Popeye writes a stipulation from its structure, and semi-reflex play of one move after the key
    // (`PostKeyPlay`) as reflex play: `semi-r#1` reads `r#1` (src/output/plaintext/stipulation.c,
    // `write_end_forced`: `semi-` only with more length).
    if s.play == crate::problem::Play::SemiReflex && s.moves <= 1 && p.options.post_key_play {
        let t = Stipulation { play: crate::problem::Play::Reflex, ..s.clone() };
        return t.to_string();
    }
    if p.options.white_to_play && s.white_to_play_shortens() {
        let mut t = s.clone();
        t.moves -= 1;
        t.half = true;
        return t.to_string();
    }
    s.to_string()
}

/// One twin made ready to solve: made once from the problem ([`compile_twins`]) and read by the solver, the
/// verifier, `explain` and every writer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledTwin {
    /// `a)`, `b)`, `+c)` (`+` when the twin continues from the previous one); empty without twins.
    pub label: String,
    /// What the twin changes, as Popeye heads it (empty for the diagram).
    pub heading: Heading,
    /// The position, stipulation and conditions of the twin.
    pub diagram: Diagram,
    /// The twin's own changes set the stipulation (`Twin Stipulation ser-#2`).
    pub restipulated: bool,
}

/// The twins of a problem, in order: the diagram (unless it is a zero position), then each twin, applied to the
/// diagram or, when it continues, to the twin before it. An error names a twin that cannot be applied.
pub fn compile_twins(p: &Problem) -> Result<Vec<CompiledTwin>, String> {
    let original =
        Diagram { pieces: p.pieces.clone(), stipulation: p.stipulation.clone(), conditions: p.conditions.clone() };
    let twin = |label: String, heading, diagram, restipulated| CompiledTwin { label, heading, diagram, restipulated };
    if p.twins.is_empty() {
        return Ok(vec![twin(String::new(), Heading::default(), original, false)]);
    }
    let mut out = Vec::new();
    let mut letter = b'a';
    if !p.zero_position {
        out.push(twin("a)".to_string(), Heading::default(), original.clone(), false));
        letter += 1;
    }
    let mut prev = original.clone();
    for t in &p.twins {
        let mut d = if t.continued { prev.clone() } else { original.clone() };
        let heading = apply_twin(&mut d, &t.changes, |s| heading_stipulation(s, p))?;
        let label = format!("{}{})", if t.continued { "+" } else { "" }, letter as char);
        letter = letter.saturating_add(1);
        let restipulated = t.changes.iter().any(|c| matches!(c, TwinChange::Stipulation(_)));
        out.push(twin(label, heading, d.clone(), restipulated));
        prev = d;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Lang;

    fn diagram() -> Diagram {
        use crate::problem::{Goal, Play};
        let sq = |s: &str| Square::parse(s).unwrap();
        let placed = |color, kind, s| Placed::new(color, kind, sq(s));
        Diagram {
            pieces: vec![
                placed(Color::White, Kind::KING, "b6"),
                placed(Color::White, Kind::QUEEN, "d1"),
                placed(Color::Black, Kind::KING, "b8"),
            ],
            stipulation: Stipulation {
                play: Play::Direct,
                goal: Goal::Mate,
                moves: 2,
                half: false,
                exact: false,
                intro: 0,
                reci: None,
                structured: None,
                parry: false,
                quodlibet: false,
            },
            conditions: Vec::new(),
        }
    }

    /// The readers refuse these twins; `apply` refuses them too rather than panicking.
    #[test]
    fn a_change_onto_its_own_square_is_an_error() {
        let d1 = Square::parse("d1").unwrap();
        for change in [TwinChange::Move(d1, d1), TwinChange::Exchange(d1, d1)] {
            let mut d = diagram();
            assert!(apply(&mut d, &change).is_err(), "{change:?}");
        }
        let mut d = diagram();
        // Popeye names the piece the move removes first (`-wBd2  wRd1-->d2`).
        let named = apply(&mut d, &TwinChange::Move(d1, Square::parse("b8").unwrap())).unwrap();
        assert_eq!(Heading(named).to_string(), "-bKb8  wQd1-->b8");
        assert_eq!(d.pieces.len(), 2, "the piece on the target square is replaced");
    }

    #[test]
    fn every_name_resolves_to_its_row() {
        for def in TWINNING {
            for lang in Lang::ALL {
                let name = def.popeye[lang.index()];
                for s in [Spelling::Popeye(lang), Spelling::Statement] {
                    assert!(
                        matches!(TwinDef::lookup(name, s), Found::One(d, _) if d.command == def.command),
                        "{name} {s:?}"
                    );
                }
            }
            for w in def.spellings {
                assert!(
                    matches!(TwinDef::lookup(w, Spelling::Statement), Found::One(d, _) if d.command == def.command),
                    "{w}"
                );
            }
        }
        // Abbreviations where Popeye accepts them, and not where it does not.
        let en = Spelling::Popeye(Lang::English);
        assert!(matches!(TwinDef::lookup("rem", en), Found::One(d, _) if d.command == TwinCommand::Remove));
        assert!(matches!(TwinDef::lookup("s", en), Found::Ambiguous(v) if v.len() == 4));
        assert!(matches!(TwinDef::lookup("polish type", en), Found::None));
        assert!(
            matches!(TwinDef::lookup("polish type", Spelling::Statement), Found::One(d, _) if d.command == TwinCommand::PolishType)
        );
        assert!(
            matches!(TwinDef::lookup("Farbw", Spelling::Popeye(Lang::German)), Found::One(d, _) if d.command == TwinCommand::PolishType)
        );
    }

    /// Twin headings in Popeye's German and French, as in its reference outputs (`sSh3-->h4`; `b) HaanerSchach`
    /// over `   SchwarzerKuerzestzueger`, BEISPIEL/haan.inp#4; `+b) Madrasi RexInclusif` for `jumeau enplus
    /// condition Madrasi RexInclusif`; `b) b.e4<-->n.h1  miroir a8<-->h1` for `echange e4 h1 miroir a8<-->h1`;
    /// `+b) nRa6<-->n15a2` for `jumeau enplus echange a6 a2`: Popeye 4.104).
    #[test]
    fn headings_in_popeye_languages() {
        let sq = |s: &str| Square::parse(s).unwrap();
        let piece = |color, code: &str, s: &str| Placed::new(color, Kind::from_code(code).unwrap(), sq(s));
        let (de, fr) = (Lang::German, Lang::French);
        assert_eq!(Change::Moved(piece(Color::White, "Q", "a7"), sq("a6")).text(de), "wDa7-->a6");
        assert_eq!(Change::Removed(piece(Color::Black, "S", "f1")).text(de), "-sSf1");
        assert_eq!(Change::Removed(piece(Color::Black, "B", "b5")).text(fr), "-nFb5");
        let exchanged = |kinds: [Option<&str>; 2], a: &str, b: &str| Change::Exchanged {
            a: sq(a),
            b: sq(b),
            colors: [Color::White, Color::Black],
            kinds: kinds.map(|k| k.and_then(Kind::from_code)),
        };
        assert_eq!(exchanged([Some("B"), Some("R")], "h4", "f8").text(de), "wLh4<-->sTf8");
        assert_eq!(exchanged([None, None], "e4", "h1").text(fr), "b.e4<-->n.h1");
        assert_eq!(exchanged([None, None], "e4", "h1").text(de), "w.e4<-->s.h1");
        let leaper = Change::Exchanged {
            a: sq("a6"),
            b: sq("a2"),
            colors: [Color::Black, Color::Black],
            kinds: [Kind::from_code("K"), Kind::from_code("15")],
        };
        assert_eq!(leaper.text(fr), "nRa6<-->n15a2");
        assert_eq!(Change::Rotated(90).text(de), "Drehung 90");
        assert_eq!(Change::Mirrored(Mirror::A8H1).text(fr), "miroir a8<-->h1");
        let sub = |from: &str, to: &str| Change::Substituted {
            color: None,
            from: Kind::from_code(from).unwrap(),
            to: Kind::from_code(to).unwrap(),
        };
        assert_eq!(sub("Q", "R").text(de), "D ==> T");
        assert_eq!(sub("S", "B").text(fr), "C ==> F");
        let conds = |names: &[&str]| {
            let spec = |text: &&str| {
                let mut words = text.split(' ').map(String::from);
                let name = words.next().unwrap_or_default();
                ConditionSpec { name, options: words.collect(), ..Default::default() }
            };
            Change::Conditions(names.iter().map(spec).collect())
        };
        assert_eq!(conds(&["HaanerChess", "BlackMinimummer"]).text(de), "HaanerSchach\n   SchwarzerKuerzestzueger");
        assert_eq!(conds(&["Madrasi RexInclusive"]).text(fr), "Madrasi RexInclusif");
        assert_eq!(conds(&["Eiffel"]).text(fr), "EchecsEiffel");
        let structured = Change::Stipulation { side: Some(Color::White), text: "3:3a[#]d".into() };
        assert_eq!(structured.text(de), "Weiss 3:3a[#]d");
        let heading = Heading(vec![Change::Removed(piece(Color::White, "B", "d2")), Change::PolishType]);
        assert_eq!(heading.text(fr), "-bFd2  CouleurEchange");
        assert_eq!(heading.to_string(), "-wBd2  PolishType");
    }

    #[test]
    fn mirror_axes_read_back() {
        for m in Mirror::ALL {
            assert_eq!(Mirror::parse(&m.text().to_uppercase()), Some(m));
        }
        assert_eq!(Mirror::parse("a1<->h1"), None);
    }
}
