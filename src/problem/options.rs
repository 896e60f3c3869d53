//! Popeye's options: the [`Options`] a problem states, and their registry ([`OPTIONS`]): each option's names in
//! Popeye's three languages and the statement language's other spellings, what it takes after its name, and
//! whether stipula acts on it, ignores it (it only changes Popeye's display or its heuristics) or does not
//! implement it. Every reader and writer looks option names up here; a new option is one row (and its field).

use crate::problem::{Goal, Play, Stipulation};
use crate::setup::SetupOptions;
use crate::square::Square;
use crate::words::{Found, Lang, Names, Spelling};

/// Options with Popeye's meaning (`../shared/POPEYE.md` §2.6).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// `Try` or `Defence n`: show tries.
    pub tries: bool,
    /// `Defence n`: show tries with up to n refutations.
    pub defence: Option<u32>,
    /// `SetPlay`.
    pub set_play: bool,
    /// `Threat n`.
    pub threat: Option<u32>,
    /// `Variations`.
    pub variations: bool,
    /// `NoThreat`.
    pub no_threat: bool,
    /// `NoShortVariations`.
    pub no_short_variations: bool,
    /// `WhiteToPlay`.
    pub white_to_play: bool,
    /// `Duplex`.
    pub duplex: bool,
    /// `HalfDuplex`.
    pub half_duplex: bool,
    /// `MaxSolutions n`.
    pub max_solutions: Option<u32>,
    /// `StopOnShortSolutions`.
    pub stop_on_short: bool,
    /// `MaxTime n` in seconds.
    pub max_time: Option<u32>,
    /// `NoCastling sq…`: pieces on these squares have lost their castling right.
    pub no_castling: Vec<Square>,
    /// `EnPassant a b c`: the last move was a double step over these squares (Popeye lists from, over, to).
    pub en_passant: Vec<Square>,
    /// `CastlingMutuallyExclusive`: pairs of rook squares whose castlings exclude each other.
    pub castling_mutually_exclusive: Vec<(Square, Square)>,
    /// `MoveNumbers`: progress lines (ignored by stipula's output, accepted on input).
    pub move_numbers: bool,
    /// `Intelligent [n]`: Popeye's intelligent mode; stipula always gives the full solution set.
    pub intelligent: Option<Intelligent>,
    /// `NoWk` / `NoBk`: a missing king of that colour is allowed.
    pub no_white_king: bool,
    pub no_black_king: bool,
    /// `PostKeyPlay`: the diagram is the position after the key (battle play).
    pub post_key_play: bool,
    /// `NonTrivial m n`: Popeye's pruning of long `#`/`s#` by counting the defender's non-trivial defences.
    pub non_trivial: Option<(u32, u32)>,
    /// `MaxFlightsquares n`.
    pub max_flights: Option<u32>,
    /// `Quodlibet`: in `s#` the attacker may also reach the goal itself.
    pub quodlibet: bool,
    /// `MatesIn1`: in `s#` the defences that reach the goal at once are shown too.
    pub mates_in_1: bool,
    /// `KeepMatingPiece`: the search stops where the mating side has only its king left.
    pub keep_mating_piece: bool,
    /// `TrivialTriesAvoid`: a try that gives check and has a single refutation is not shown.
    pub trivial_tries_avoid: bool,
    /// Options stipula accepts and ignores because they only change Popeye's display or its heuristics
    /// (`NoBoard`, `StartMoveNumber 3`, …), as Popeye writes them in English, kept so that nothing the user
    /// wrote is lost.
    pub ignored: Vec<String>,
}

impl Options {
    /// The setup these options ask for: lost castling rights, missing kings allowed, the retro en-passant
    /// square.
    pub fn setup(&self) -> SetupOptions {
        SetupOptions {
            no_castling: self.no_castling.clone(),
            no_white_king: self.no_white_king,
            no_black_king: self.no_black_king,
            en_passant: self.en_passant.clone(),
            edge_pawns: false,
        }
    }

    /// Keeps an option stipula accepts and ignores (`NoBoard`, `StartMoveNumber 3`), once.
    pub fn ignore(&mut self, what: String) {
        if !self.ignored.contains(&what) {
            self.ignored.push(what);
        }
    }

    /// A contradiction between options, or between an option and the stipulation, that a solver cannot
    /// settle by itself (stipula refuses rather than choosing silently).
    pub fn contradiction(&self, st: &Stipulation) -> Option<String> {
        self.contradicting_option(st).map(|(why, _)| why)
    }

    /// [`Options::contradiction`] for a twin whose stipulation is `st`: `WhiteToPlay` in direct, self or reflex
    /// play or in help play of `n.5` moves is no contradiction there but ignored
    /// ([`crate::problem::Problem::ignored_options`]), as Popeye ignores it (`WhiteToPlay not applicable -
    /// ignored`): it was written for the problem's own help play, which the reader checked. In series play it stays
    /// refused: Popeye turns the series into another stipulation (`ser-#2` into a `ser-#1` that Black starts).
    pub fn contradiction_in_twin(&self, st: &Stipulation) -> Option<String> {
        self.contradicting_option_with(st, true).map(|(why, _)| why)
    }

    /// [`Options::contradiction`] with the options involved (English names): a reader points at the one
    /// written last (the later of two contradicting options, or the option that contradicts the stipulation).
    pub fn contradicting_option(&self, st: &Stipulation) -> Option<(String, &'static [&'static str])> {
        self.contradicting_option_with(st, false)
    }

    fn contradicting_option_with(&self, st: &Stipulation, twin: bool) -> Option<(String, &'static [&'static str])> {
        if self.duplex && self.half_duplex {
            return Some((
                "options Duplex and HalfDuplex contradict each other: choose one".into(),
                &["Duplex", "HalfDuplex"],
            ));
        }
        // In help play of `n.5` moves Popeye ignores it, in the problem's stipulation as in a twin's
        // (REGRESSIONS/4_47_to_4_49.inp#6, `h+1.5`: `WhiteToPlay not applicable - ignored`).
        let ignored = (twin || st.half) && white_to_play_ignored(st);
        let white_to_play = self.white_to_play && !ignored;
        if white_to_play && !st.play.is_help() {
            return Some((format!("option WhiteToPlay only applies to help play, not to `{st}`"), &["WhiteToPlay"]));
        }
        if self.no_white_king && self.no_black_king && st.goal == Goal::Mate {
            return Some(("options NoWk and NoBk together leave no king to mate".into(), &["NoWk", "NoBk"]));
        }
        None
    }
}

/// Whether `WhiteToPlay` in a twin with stipulation `st` is ignored, as Popeye ignores it: direct, self and reflex
/// play, help play of `n.5` moves.
pub fn white_to_play_ignored(st: &Stipulation) -> bool {
    st.play.is_battle()
        || (st.play == Play::Help && st.half)
        || (matches!(st.play, Play::HelpSelf | Play::HelpReflex | Play::ReciHelp) && !st.white_to_play_shortens())
}

/// `Intelligent [n]`: Popeye's intelligent mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Intelligent {
    /// `n`: the most solutions Popeye lists per mating position.
    pub max_solutions: Option<u32>,
}

/// An option: the registry's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opt {
    Defence,
    SetPlay,
    WhiteToPlay,
    Variations,
    MoveNumbers,
    StartMoveNumber,
    NoWk,
    Duplex,
    NoBk,
    Threat,
    NoThreat,
    Try,
    MaxSolutions,
    MaxFlightsquares,
    Search,
    MultiSolutions,
    NoSymmetry,
    NonTrivial,
    KeepMatingPiece,
    EnPassant,
    NoBoard,
    NoShortVariations,
    HalfDuplex,
    PostKeyPlay,
    Intelligent,
    MaxTime,
    NoCastling,
    Quodlibet,
    StopOnShortSolutions,
    Beep,
    SuppressGrid,
    WriteGrid,
    CastlingMutuallyExclusive,
    GoalIsEnd,
    UnpublishedOption,
    NullMoves,
    UpToMoveNumber,
    TrivialTriesAvoid,
    MatesIn1,
    /// `ZeroPosition`: a command of Popeye's, written among the options in the statement language and YAML.
    ZeroPosition,
}

/// What an option takes after its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    Nothing,
    Number,
    /// An optional number (`Intelligent [n]`).
    MaybeNumber,
    TwoNumbers,
    Squares,
    /// Pairs of rook squares (`a1h8`).
    SquarePairs,
}

/// What stipula does with an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Support {
    /// It changes the solving or the solution shown.
    Acts,
    /// It only changes Popeye's display or its heuristics: accepted and kept ([`Options::ignored`]).
    Ignores,
    /// Refused as not supported.
    NotSupported,
}

/// What followed an option's name, as a reader found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Nothing,
    Number(u32),
    Numbers(u32, u32),
    Squares(Vec<Square>),
    SquarePairs(Vec<(Square, Square)>),
}

/// One row of the registry.
#[derive(Debug)]
pub struct OptionDef {
    pub opt: Opt,
    /// Popeye's names `[English, German, French]` (Popeye 4.104's `OptString`); `None` for a word of the
    /// statement language's own.
    pub popeye: Option<Names>,
    /// Other spellings accepted written out (spaces, `-`, `_` and case ignored): `tries`, `defense`.
    pub aliases: &'static [&'static str],
    pub arg: Arg,
    pub support: Support,
}

const fn row(opt: Opt, popeye: Names, aliases: &'static [&'static str], arg: Arg, support: Support) -> OptionDef {
    OptionDef { opt, popeye: Some(popeye), aliases, arg, support }
}

use Arg::{MaybeNumber, Nothing, Number, SquarePairs, Squares, TwoNumbers};
use Support::{Acts, Ignores, NotSupported};

/// The registry, in Popeye's order (writers write options in it).
pub static OPTIONS: &[OptionDef] = &[
    row(Opt::Defence, ["Defence", "Widerlegung", "Defense"], &["defense"], Number, Acts),
    row(Opt::SetPlay, ["SetPlay", "Satzspiel", "Apparent"], &[], Nothing, Acts),
    row(Opt::WhiteToPlay, ["WhiteToPlay", "WeissBeginnt", "ApparentSeul"], &["white begins"], Nothing, Acts),
    row(Opt::Variations, ["Variations", "Varianten", "Variantes"], &["variation"], Nothing, Acts),
    row(Opt::MoveNumbers, ["MoveNumbers", "Zugnummern", "Trace"], &[], Nothing, Acts),
    row(Opt::StartMoveNumber, ["StartMoveNumber", "StartZugnummer", "Enroute"], &[], Number, Ignores),
    row(Opt::NoWk, ["NoWk", "OhneWk", "SansRB"], &["no white king"], Nothing, Acts),
    row(Opt::Duplex, ["Duplex", "Duplex", "Duplex"], &[], Nothing, Acts),
    row(Opt::NoBk, ["NoBk", "OhneSk", "SansRN"], &["no black king"], Nothing, Acts),
    row(Opt::Threat, ["Threat", "Drohung", "Menace"], &[], Number, Acts),
    row(Opt::NoThreat, ["NoThreat", "OhneDrohung", "SansMenace"], &[], Nothing, Acts),
    row(Opt::Try, ["Try", "Verfuehrung", "Essais"], &["tries"], Nothing, Acts),
    row(Opt::MaxSolutions, ["MaxSolutions", "MaxLoesungen", "MaxSolutions"], &[], Number, Acts),
    row(
        Opt::MaxFlightsquares,
        ["MaxFlightsquares", "MaxFluchtFelder", "MaxCasesFuites"],
        &["max flights"],
        Number,
        Acts,
    ),
    row(Opt::Search, ["Search", "Suchen", "Search"], &[], Nothing, Ignores),
    row(Opt::MultiSolutions, ["MultiSolutions", "MehrereLoesungen", "MultiSolutions"], &[], Nothing, Ignores),
    row(Opt::NoSymmetry, ["NoSymmetry", "KeineSymmetrie", "NonSymetrique"], &[], Nothing, Ignores),
    row(Opt::NonTrivial, ["NonTrivial", "NichtTrivial", "NonTrivial"], &[], TwoNumbers, Acts),
    row(
        Opt::KeepMatingPiece,
        ["KeepMatingPiece", "HalteMattsetzendenStein", "RetiensPieceMatante"],
        &[],
        Nothing,
        Acts,
    ),
    row(Opt::EnPassant, ["EnPassant", "EnPassant", "EnPassant"], &[], Squares, Acts),
    row(Opt::NoBoard, ["NoBoard", "OhneBrett", "SansEchiquier"], &[], Nothing, Ignores),
    row(Opt::NoShortVariations, ["NoShortVariations", "OhneKurzVarianten", "SansVariantesCourtes"], &[], Nothing, Acts),
    row(Opt::HalfDuplex, ["HalfDuplex", "HalbDuplex", "DemiDuplex"], &[], Nothing, Acts),
    row(Opt::PostKeyPlay, ["PostKeyPlay", "NachSchluessel", "ApresCle"], &[], Nothing, Acts),
    row(Opt::Intelligent, ["Intelligent", "Intelligent", "Intelligent"], &[], MaybeNumber, Acts),
    row(Opt::MaxTime, ["MaxTime", "MaxZeit", "MaxTemps"], &[], Number, Acts),
    row(Opt::NoCastling, ["NoCastling", "KeineRochade", "SansRoquer"], &[], Squares, Acts),
    row(Opt::Quodlibet, ["Quodlibet", "Quodlibet", "Quodlibet"], &[], Nothing, Acts),
    row(
        Opt::StopOnShortSolutions,
        ["StopOnShortSolutions", "StopNachKurzloesungen", "FinApresSolutionsCourtes"],
        &[],
        Nothing,
        Acts,
    ),
    row(Opt::Beep, ["Beep", "Pieps", "Bip"], &[], Nothing, Ignores),
    row(Opt::SuppressGrid, ["SuppressGrid", "OhneGitter", "SansGrille"], &[], Nothing, Ignores),
    row(Opt::WriteGrid, ["WriteGrid", "ZeichneGitter", "AjouteGrille"], &[], Nothing, Ignores),
    row(
        Opt::CastlingMutuallyExclusive,
        ["CastlingMutuallyExclusive", "RochadenGegenseitigAusschliessend", "RoquesMutuellementExclusifs"],
        &[],
        SquarePairs,
        Acts,
    ),
    row(Opt::GoalIsEnd, ["GoalIsEnd", "ZielIstEnde", "ButEstFin"], &[], Nothing, NotSupported),
    row(
        Opt::UnpublishedOption,
        ["unpublishedoption", "nichtpublizierteoption", "optionnonpubliee"],
        &[],
        Nothing,
        NotSupported,
    ),
    row(Opt::NullMoves, ["NullMoves", "NullZuege", "CoupsVides"], &[], Nothing, NotSupported),
    row(Opt::UpToMoveNumber, ["UpToMoveNumber", "BisZugnummer", "JusquAuCoup"], &[], Number, Ignores),
    row(
        Opt::TrivialTriesAvoid,
        ["TrivialTriesAvoid", "TrivialeFehlversucheUnterdruecken", "TrivialEssaiSupprimer"],
        &[],
        Nothing,
        Acts,
    ),
    row(Opt::MatesIn1, ["MatesIn1", "MattsIn1", "MatsEn1"], &[], Nothing, Acts),
    OptionDef { opt: Opt::ZeroPosition, popeye: None, aliases: &["ZeroPosition"], arg: Nothing, support: Acts },
];

impl OptionDef {
    /// The row of `opt`.
    pub fn of(opt: Opt) -> &'static OptionDef {
        OPTIONS.iter().find(|d| d.opt == opt).expect("every option has its row")
    }

    /// Its English name, as writers write it (`SetPlay`, `ZeroPosition`).
    pub fn name(&self) -> &'static str {
        self.name_in(Lang::English)
    }

    /// Its name in Popeye's `lang`.
    pub fn name_in(&self, lang: Lang) -> &'static str {
        match self.popeye {
            Some(n) => n[lang.index()],
            None => self.aliases[0],
        }
    }

    /// The row an option name denotes: a name written out (Popeye's in the languages `spelling` reads, or, in
    /// the statement language, an alias) wins; else a unique abbreviation of Popeye's name in the spelling's
    /// language.
    pub fn lookup(word: &str, spelling: Spelling) -> Found<&'static OptionDef> {
        // Popeye input has Popeye's names only; the statement language also the other spellings.
        let own = |d: &'static OptionDef| if spelling == Spelling::Statement { d.aliases } else { &[] };
        for def in OPTIONS.iter().filter(|d| d.popeye.is_some() || spelling == Spelling::Statement) {
            let popeye = def.popeye.iter().flat_map(|n| spelling.langs().iter().map(|l| n[l.index()]));
            if let Some(n) = own(def).iter().copied().chain(popeye).find(|n| spelling.same(word, n)) {
                return Found::One(def, n);
            }
        }
        let lang = spelling.lang().index();
        match spelling.find(word, OPTIONS.iter().enumerate().filter_map(|(i, d)| d.popeye.map(|n| (n[lang], i)))) {
            Found::One(i, n) => Found::One(&OPTIONS[i], n),
            Found::Ambiguous(v) => Found::Ambiguous(v),
            Found::None => Found::None,
        }
    }
}

impl Options {
    /// Sets an option stipula acts on or ignores to what followed its name (a value of the kind its row's
    /// [`Arg`] says; readers read it so). Ignored options are kept in [`Options::ignored`] as Popeye writes them
    /// in English; [`Opt::ZeroPosition`] is the problem's, not an option's, and is not kept here.
    pub fn set(&mut self, opt: Opt, value: OptionValue) {
        use OptionValue as V;
        let number = |v: &OptionValue| match v {
            V::Number(n) => Some(*n),
            _ => None,
        };
        let n = number(&value);
        match (opt, value) {
            // Popeye's `Defence n` sets its flag of tries as `Try` does.
            (Opt::Defence, _) => {
                self.defence = n;
                self.tries = true;
            }
            (Opt::SetPlay, _) => self.set_play = true,
            (Opt::WhiteToPlay, _) => self.white_to_play = true,
            (Opt::Variations, _) => self.variations = true,
            (Opt::MoveNumbers, _) => self.move_numbers = true,
            (Opt::NoWk, _) => self.no_white_king = true,
            (Opt::Duplex, _) => self.duplex = true,
            (Opt::NoBk, _) => self.no_black_king = true,
            (Opt::Threat, _) => self.threat = n,
            (Opt::NoThreat, _) => self.no_threat = true,
            // Popeye's `Try` asks for tries with one refutation: after `Defence n` it sets the count back to one.
            (Opt::Try, _) => {
                self.tries = true;
                self.defence = None;
            }
            (Opt::MaxSolutions, _) => self.max_solutions = n,
            (Opt::MaxFlightsquares, _) => self.max_flights = n,
            (Opt::NonTrivial, V::Numbers(a, b)) => self.non_trivial = Some((a, b)),
            (Opt::KeepMatingPiece, _) => self.keep_mating_piece = true,
            (Opt::EnPassant, V::Squares(s)) => self.en_passant.extend(s),
            (Opt::NoShortVariations, _) => self.no_short_variations = true,
            (Opt::HalfDuplex, _) => self.half_duplex = true,
            (Opt::PostKeyPlay, _) => self.post_key_play = true,
            (Opt::Intelligent, _) => self.intelligent = Some(Intelligent { max_solutions: n }),
            (Opt::MaxTime, _) => self.max_time = n,
            (Opt::NoCastling, V::Squares(s)) => self.no_castling.extend(s),
            (Opt::Quodlibet, _) => self.quodlibet = true,
            (Opt::StopOnShortSolutions, _) => self.stop_on_short = true,
            (Opt::CastlingMutuallyExclusive, V::SquarePairs(p)) => self.castling_mutually_exclusive.extend(p),
            (Opt::MatesIn1, _) => self.mates_in_1 = true,
            (Opt::TrivialTriesAvoid, _) => self.trivial_tries_avoid = true,
            (opt, value) => {
                let def = OptionDef::of(opt);
                if def.support == Support::Ignores {
                    self.ignore(match value {
                        V::Number(k) => format!("{} {k}", def.name()),
                        _ => def.name().to_string(),
                    });
                }
            }
        }
    }

    /// The options stipula acts on that are set, with their values, in the registry's order (what writers
    /// write before [`Options::ignored`]).
    pub fn values(&self) -> Vec<(&'static OptionDef, OptionValue)> {
        use OptionValue as V;
        let flag = |on: bool| on.then_some(V::Nothing);
        let num = |n: Option<u32>| n.map(V::Number);
        let squares = |s: &[Square]| (!s.is_empty()).then(|| V::Squares(s.to_vec()));
        OPTIONS
            .iter()
            .filter(|d| d.support == Support::Acts)
            .filter_map(|d| {
                let v = match d.opt {
                    Opt::Defence => num(self.defence),
                    Opt::SetPlay => flag(self.set_play),
                    Opt::WhiteToPlay => flag(self.white_to_play),
                    Opt::Variations => flag(self.variations),
                    Opt::MoveNumbers => flag(self.move_numbers),
                    Opt::NoWk => flag(self.no_white_king),
                    Opt::Duplex => flag(self.duplex),
                    Opt::NoBk => flag(self.no_black_king),
                    Opt::Threat => num(self.threat),
                    Opt::NoThreat => flag(self.no_threat),
                    // `Defence n` asks for tries itself; `Try` written after it would set the count back to one.
                    Opt::Try => flag(self.tries && self.defence.is_none()),
                    Opt::MaxSolutions => num(self.max_solutions),
                    Opt::MaxFlightsquares => num(self.max_flights),
                    Opt::NonTrivial => self.non_trivial.map(|(a, b)| V::Numbers(a, b)),
                    Opt::KeepMatingPiece => flag(self.keep_mating_piece),
                    Opt::EnPassant => squares(&self.en_passant),
                    Opt::NoShortVariations => flag(self.no_short_variations),
                    Opt::HalfDuplex => flag(self.half_duplex),
                    Opt::PostKeyPlay => flag(self.post_key_play),
                    Opt::Intelligent => self.intelligent.map(|i| i.max_solutions.map_or(V::Nothing, V::Number)),
                    Opt::MaxTime => num(self.max_time),
                    Opt::NoCastling => squares(&self.no_castling),
                    Opt::Quodlibet => flag(self.quodlibet),
                    Opt::StopOnShortSolutions => flag(self.stop_on_short),
                    Opt::CastlingMutuallyExclusive => (!self.castling_mutually_exclusive.is_empty())
                        .then(|| V::SquarePairs(self.castling_mutually_exclusive.clone())),
                    Opt::MatesIn1 => flag(self.mates_in_1),
                    Opt::TrivialTriesAvoid => flag(self.trivial_tries_avoid),
                    _ => None,
                };
                v.map(|v| (d, v))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_resolves_to_its_row() {
        assert_eq!(OPTIONS.iter().filter(|d| d.popeye.is_some()).count(), 39, "Popeye 4.104's OptString");
        for def in OPTIONS {
            for lang in Lang::ALL {
                let spellings: &[Spelling] = if def.popeye.is_some() {
                    &[Spelling::Popeye(lang), Spelling::Statement]
                } else {
                    &[Spelling::Statement]
                };
                for &s in spellings {
                    assert!(
                        matches!(OptionDef::lookup(def.name_in(lang), s), Found::One(d, _) if d.opt == def.opt),
                        "{}",
                        def.name_in(lang)
                    );
                }
            }
            for a in def.aliases {
                assert!(
                    matches!(OptionDef::lookup(a, Spelling::Statement), Found::One(d, _) if d.opt == def.opt),
                    "{a}"
                );
            }
        }
        let en = Spelling::Popeye(Lang::English);
        assert!(matches!(OptionDef::lookup("setp", en), Found::One(d, _) if d.opt == Opt::SetPlay));
        assert!(matches!(OptionDef::lookup("set pl", Spelling::Statement), Found::One(d, _) if d.opt == Opt::SetPlay));
        assert!(matches!(OptionDef::lookup("No", en), Found::Ambiguous(v) if v.len() == 8));
        assert!(
            matches!(OptionDef::lookup("verf", Spelling::Popeye(Lang::German)), Found::One(d, _) if d.opt == Opt::Try)
        );
    }

    #[test]
    fn values_write_back_what_was_set() {
        let mut o = Options::default();
        o.set(Opt::Intelligent, OptionValue::Number(2));
        o.set(Opt::Try, OptionValue::Nothing);
        o.set(Opt::StartMoveNumber, OptionValue::Number(3));
        o.set(Opt::NoBoard, OptionValue::Nothing);
        o.set(Opt::NoBoard, OptionValue::Nothing);
        assert_eq!(o.intelligent, Some(Intelligent { max_solutions: Some(2) }));
        assert_eq!(o.ignored, ["StartMoveNumber 3", "NoBoard"]);
        let v: Vec<(Opt, OptionValue)> = o.values().into_iter().map(|(d, v)| (d.opt, v)).collect();
        assert_eq!(v, [(Opt::Try, OptionValue::Nothing), (Opt::Intelligent, OptionValue::Number(2))]);
    }

    /// Popeye's `Try` sets the refutations shown back to one after `Defence n` (its `input/plaintext/option.c`:
    /// `set_max_nr_refutations(1)`), and `Defence n` after `Try` sets them to `n`; written back, `Defence n` stands
    /// alone (tests/popeye-cases/defence-then-try.inp).
    #[test]
    fn try_after_defence_sets_one_refutation() {
        let mut o = Options::default();
        o.set(Opt::Defence, OptionValue::Number(3));
        o.set(Opt::Try, OptionValue::Nothing);
        assert_eq!((o.tries, o.defence), (true, None));
        o.set(Opt::Defence, OptionValue::Number(2));
        assert_eq!((o.tries, o.defence), (true, Some(2)));
        let v: Vec<(Opt, OptionValue)> = o.values().into_iter().map(|(d, v)| (d.opt, v)).collect();
        assert_eq!(v, [(Opt::Defence, OptionValue::Number(2))]);
    }
}
