//! Solving a whole problem: twins one after another, each phase (set play, solution, duplex) searched, its
//! solutions typed ([`super::solution`]) and sorted canonically.

use super::lines::{Collected, LineSink, DEFAULT_MAX_LINES};
use super::solution::{Line, LineStyle, PhasePlay, Role};
use super::tree::{Battle, TreeOptions};
use super::{Aborted, BattleLimits, Hidden, Mater, NonTrivial, Search, SeriesEnd, Table};
use crate::conditions::{self, ConditionError};
use crate::movegen::Rules;
use crate::moves::Move;
use crate::pieces::{Attrs, Kind};
use crate::position::{castle, Position};
use crate::problem::options::{Opt, OptionDef};
use crate::problem::twins::{compile_twins, twin_stipulation, CompiledTwin, Diagram, Heading};
use crate::problem::{Goal, Play, Problem, Refusal, Stipulation};
use crate::setup::{build_position, Culprit, SetupOptions};
use crate::square::Color;
use crate::words::Lang;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Limits and resources for one solve.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Transposition-table size in MB.
    pub hash_mb: usize,
    /// Stop after this long (the problem's `MaxTime` applies too, whichever is shorter).
    pub time_limit: Option<Duration>,
    /// Help and series play: the solution lines kept per phase, the canonically first (the others are counted).
    pub max_lines: usize,
    /// Lines kept beyond `max_lines` when found (by their moves): `verify`'s intended solutions.
    pub keep_lines: Vec<Vec<Move>>,
    /// Where battle play reports its first moves' progress (`solve`'s display on a terminal), if anywhere.
    pub progress: Option<std::sync::Arc<super::Progress>>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mb: 256,
            time_limit: None,
            max_lines: DEFAULT_MAX_LINES,
            keep_lines: Vec::new(),
            progress: None,
        }
    }
}

/// How a twin's search ended.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every solution was found.
    Complete,
    /// The time limit stopped the search: the solutions listed are not all.
    TimedOut,
    /// The twin could not be solved (illegal position, a condition stipula does not implement, …).
    Refused(Refusal),
}

pub use crate::problem::PhaseKind;

/// One phase's solutions.
#[derive(Clone, Debug)]
pub struct Phase {
    pub kind: PhaseKind,
    /// The side that moves first in the phase.
    pub side: Color,
    /// The solutions, in canonical order.
    pub play: PhasePlay,
    /// Number of solutions (help/series lines, or keys in direct play).
    pub solutions: usize,
    /// `MaxSolutions` or `StopOnShortSolutions` cut the list short (Popeye's `Partial solution`).
    pub partial: bool,
    /// Help and series play: solutions found but not listed, beyond [`Settings::max_lines`].
    pub left_out: usize,
}

impl Phase {
    /// The phase in Popeye's text, line by line ([`PhasePlay::lines`]).
    pub fn lines(&self) -> Vec<String> {
        self.play.lines()
    }
}

/// JSON: the phase's Popeye text as `lines` beside the typed solutions (`play`).
impl serde::Serialize for Phase {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("Phase", 7)?;
        m.serialize_field("kind", &self.kind)?;
        m.serialize_field("side", if self.side == Color::White { "white" } else { "black" })?;
        m.serialize_field("lines", &self.lines())?;
        m.serialize_field("play", &self.play)?;
        m.serialize_field("solutions", &self.solutions)?;
        m.serialize_field("partial", &self.partial)?;
        m.serialize_field("left_out", &self.left_out)?;
        m.end()
    }
}

/// A phase left out: its side not to move is in check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable {
    pub kind: PhaseKind,
    /// The side that would move first in the phase.
    pub side: Color,
    /// Why: `Black, not to move, is in check`.
    pub why: String,
}

impl serde::Serialize for Unplayable {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("Unplayable", 3)?;
        m.serialize_field("kind", &self.kind)?;
        m.serialize_field("side", if self.side == Color::White { "white" } else { "black" })?;
        m.serialize_field("why", &self.why)?;
        m.end()
    }
}

fn option_names<S: serde::Serializer>(opts: &[Opt], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(opts.iter().map(|&o| OptionDef::of(o).name_in(Lang::English)))
}

/// One twin's result.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SolvedTwin {
    /// The zero position's play (`ZeroPosition` with `Duplex`: the second half, which Popeye plays), before the
    /// first twin; its label is empty.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub zero_position: bool,
    /// `a)`, `b)`, `+c)` (`+` when the twin continues from the previous one); empty without twins.
    pub label: String,
    /// What changed, Popeye-style (`bSh3-->h4`); JSON: in English.
    pub heading: Heading,
    pub stipulation: String,
    /// Direct, self or reflex play (Popeye's tree mode), as opposed to help and series play (line mode).
    pub tree: bool,
    pub phases: Vec<Phase>,
    /// Phases that cannot be played because the side not to move in them is in check: left out, as Popeye leaves
    /// them out (with its message `the side to play can capture the king`) while it solves the others.
    pub unplayable: Vec<Unplayable>,
    /// Options given that do not apply to this twin's stipulation and are ignored
    /// ([`Problem::ignored_options`]); JSON: their English names.
    #[serde(serialize_with = "option_names")]
    pub ignored: Vec<Opt>,
    /// The twin's own changes set the stipulation (`Twin Stipulation ser-#2`): Popeye then says again which of
    /// Quodlibet and PostKeyPlay it ignores, before the twin's heading.
    #[serde(skip)]
    pub restipulated: bool,
    pub outcome: Outcome,
    pub nodes: u64,
    pub millis: u128,
}

/// Solves every twin of a problem.
pub fn solve_problem(p: &Problem, settings: &Settings) -> Vec<SolvedTwin> {
    solve_twins(p, &compile_twins(p), settings)
}

/// [`solve_problem`] with the problem's twins compiled already ([`compile_twins`]).
pub fn solve_twins(p: &Problem, twins: &Result<Vec<CompiledTwin>, String>, settings: &Settings) -> Vec<SolvedTwin> {
    let mut solved = Vec::new();
    solve_twins_each(p, twins, settings, |t| solved.push(t));
    solved
}

/// [`solve_problem`], handing each twin to `each` as soon as it is solved (a front-end shows it while the next
/// twin is searched).
pub fn solve_problem_each(p: &Problem, settings: &Settings, each: impl FnMut(SolvedTwin)) {
    solve_twins_each(p, &compile_twins(p), settings, each)
}

/// [`solve_problem_each`] with the problem's twins compiled already ([`compile_twins`]).
pub fn solve_twins_each(
    p: &Problem,
    twins: &Result<Vec<CompiledTwin>, String>,
    settings: &Settings,
    mut each: impl FnMut(SolvedTwin),
) {
    let refused = |why: Refusal| SolvedTwin {
        zero_position: false,
        label: String::new(),
        heading: Heading::default(),
        stipulation: p.stipulation.to_string(),
        tree: is_tree(p.stipulation.play),
        phases: Vec::new(),
        unplayable: Vec::new(),
        ignored: Vec::new(),
        restipulated: false,
        outcome: Outcome::Refused(why),
        nodes: 0,
        millis: 0,
    };
    let twins = match twins {
        Ok(t) => t,
        Err(e) => return each(refused(Refusal::bad_input(e.clone()))),
    };
    let limit = time_limit(p, settings);
    let mut table = match Table::try_new(settings.hash_mb) {
        Ok(t) => t,
        Err(e) => return each(refused(Refusal::bad_input(e))),
    };
    // The table's facts hold under the rules they were found with: a twin that changes the conditions starts
    // with an empty table (a fact of Madrasi RexInclusive is no fact of Madrasi).
    let mut rules_of_table = twins.first().map(|t| t.diagram.conditions.clone());
    let start = Instant::now();
    let deadline = limit.map(|l| start + l);
    // The zero position, when Popeye plays part of it (`Duplex`), comes first, as a twin without a label.
    let zero_plan = p.zero_position_plan(&p.stipulation);
    let zero = (!zero_plan.is_empty()).then(|| {
        let diagram =
            Diagram { pieces: p.pieces.clone(), stipulation: p.stipulation.clone(), conditions: p.conditions.clone() };
        let twin = CompiledTwin { label: String::new(), heading: Heading::default(), diagram, restipulated: false };
        (true, std::borrow::Cow::Owned(twin), zero_plan)
    });
    let twins = twins.iter().map(|t| (false, std::borrow::Cow::Borrowed(t), p.phase_plan(&t.diagram.stipulation)));
    for (zero_position, twin, plan) in zero.into_iter().chain(twins) {
        let d = &twin.diagram;
        if rules_of_table.as_ref() != Some(&d.conditions) {
            table = Table::new(settings.hash_mb);
            rules_of_table = Some(d.conditions.clone());
        }
        let t0 = Instant::now();
        let stop = AtomicBool::new(false);
        let (phases, unplayable, outcome, nodes) = match solve_diagram(p, d, plan, settings, &table, deadline, &stop) {
            // A twin none of whose phases can be played is refused, its phases said.
            Ok(s) if s.phases.is_empty() && !s.unplayable.is_empty() => {
                let why = Refusal::bad_input(s.unplayable[0].why.clone());
                (Vec::new(), s.unplayable, Outcome::Refused(why), 0)
            }
            Ok(s) => (s.phases, s.unplayable, if s.timed_out { Outcome::TimedOut } else { Outcome::Complete }, s.nodes),
            Err(e) => (Vec::new(), Vec::new(), Outcome::Refused(e), 0),
        };
        // A zero position whose play cannot be played is no answer: Popeye prints nothing for it (the twins say
        // what they refuse).
        if zero_position && matches!(outcome, Outcome::Refused(_)) {
            continue;
        }
        each(SolvedTwin {
            zero_position,
            label: twin.label.clone(),
            heading: twin.heading.clone(),
            stipulation: display_stipulation(&d.stipulation, p),
            tree: is_tree(d.stipulation.play),
            phases,
            unplayable,
            ignored: p.ignored_options(&d.stipulation),
            restipulated: twin.restipulated,
            outcome,
            nodes,
            millis: t0.elapsed().as_millis(),
        });
    }
}

/// The time limit of a problem: the settings' and the problem's `MaxTime`, whichever is shorter.
pub fn time_limit(p: &Problem, settings: &Settings) -> Option<Duration> {
    let max_time = p.options.max_time.map(|s| Duration::from_secs(s.into()));
    match (settings.time_limit, max_time) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Direct, self and reflex play print trees; help and series play print lines.
pub fn is_tree(play: Play) -> bool {
    play.is_battle()
}

/// The stipulation as Popeye echoes it (`WhiteToPlay` turns `h#4` into `h#3.5`).
pub fn display_stipulation(s: &Stipulation, p: &Problem) -> String {
    // A structured stipulation as Popeye writes it back: the starting side, then its text (the header writes the
    // side in the problem's language).
    if let (Some(text), Some(written)) = (&s.structured, s.written_side()) {
        // `black -5h[=]h`: the side written, the other one starting.
        let side = if written == crate::square::Color::White { "White" } else { "Black" };
        return format!("{side} {text}");
    }
    if p.options.white_to_play && s.white_to_play_shortens() && !s.goal.is_proof() {
        return twin_stipulation(s, p);
    }
    // `semi-r#1` after the key reads `r#1` ([`twin_stipulation`]).
    let mut text = if s.play == Play::SemiReflex { twin_stipulation(s, p) } else { s.to_string() };
    // Popeye writes `exact-` only where the play is longer than two half-moves (src/output/plaintext/
    // stipulation.c: `length>slack_length+2`): `exact-h#1`, `exact-#1`, `exact-ser-#1` read `h#1`, `#1`, `ser-#1`.
    // With `PostKeyPlay` (battle play) it writes none: the play starts after the key.
    let post_key = p.options.post_key_play && s.play.is_battle();
    if s.exact && (s.moves == 0 || (s.moves == 1 && !s.half) || post_key) {
        text = text.replacen("exact-", "", 1);
    }
    // Popeye echoes `Threat n` and `MaxFlightsquares n` in the stipulation: `#6/1`, `#10/1/1`, `#3//2`.
    match (p.options.threat, p.options.max_flights) {
        (Some(t), Some(f)) => text += &format!("/{t}/{f}"),
        (Some(t), None) => text += &format!("/{t}"),
        (None, Some(f)) => text += &format!("//{f}"),
        (None, None) => {}
    }
    // And `NonTrivial m k` as `s#24;1,0` (BEISPIEL-nontriv_1).
    if let Some((m, k)) = p.options.non_trivial {
        text += &format!(";{m},{k}");
    }
    text
}

/// An option that changes which solutions count, not implemented yet: refused rather than ignored.
fn unsupported_option(p: &Problem, st: &Stipulation) -> Option<String> {
    let o = &p.options;
    let new_play =
        matches!(st.play, Play::HelpSelf | Play::HelpReflex | Play::ReciHelp | Play::SemiReflex | Play::SeriesReflex)
            || st.play.hidden_end();
    if o.keep_mating_piece && (st.goal != Goal::Mate || new_play) {
        return Some(format!("KeepMatingPiece in `{st}` (only mate goals are)"));
    }
    // reci-h#: Popeye counts MaxSolutions and StopOnShortSolutions over the two ends' lines in its own way; not
    // reproduced.
    // ser-r#: Popeye counts the opponent's forced goal moves after one series as one solution; not reproduced.
    // A structured stipulation with PostKeyPlay: Popeye rewrites its text (`Black -4[>1a[#]d]d{!1a[#]d}`); not
    // reproduced.
    if st.structured.is_some() && o.post_key_play {
        return Some("PostKeyPlay with a structured stipulation".into());
    }
    // Duplex: how Popeye numbers and starts the other side's play of a structured stipulation is not reproduced.
    if st.structured.is_some() && (o.duplex || o.half_duplex) {
        return Some("Duplex with a structured stipulation".into());
    }
    // Help play into a hidden end: how Popeye's `WhiteToPlay` shortens it is not reproduced.
    if st.play.hidden_end() && o.white_to_play {
        return Some(format!("WhiteToPlay in `{st}`"));
    }
    // hr#: likewise, Popeye counts the other side's goal moves after one end move as one solution.
    if matches!(st.play, Play::SeriesReflex | Play::HelpReflex) && o.max_solutions.is_some() {
        return Some(format!("MaxSolutions in `{st}`"));
    }
    if st.play == Play::ReciHelp {
        // Without help half-moves before it (`reci-h#1`, and the set play of `reci-h#1.5`) Popeye writes the two
        // ends' lines apart, a blank line between them, and a set play of its own; not reproduced.
        let plies = p.start(st).1;
        if plies == 0 || (o.set_play && plies == 1) {
            return Some(format!("`{st}` without help moves before its end"));
        }
        let named = [(o.max_solutions.is_some(), "MaxSolutions"), (o.stop_on_short, "StopOnShortSolutions")];
        if let Some((_, name)) = named.iter().find(|(on, _)| *on) {
            return Some(format!("{name} in `{st}`"));
        }
    }
    // `EnPassant d8d7d6d5`: a step over more than one square leaves several squares to take on (Popeye's
    // REGRESSIONS/4_63_to_4_65.inp#16 takes on d7 and on d6); a position has one en-passant square.
    if o.en_passant.len() > 3 {
        return Some("EnPassant over more than one square".into());
    }
    // `Intelligent n`: "the maximum number of solutions per mating position" (py-engl.txt). Which n of the many
    // lines to one mating position Popeye keeps follows its intelligent-mode search order (BEISPIEL-intell_106:
    // 2 of the dozens of ways to each final position, then `Partial solution`), not the solution set: refused.
    o.intelligent.and_then(|i| i.max_solutions).map(|n| format!("Intelligent {n}"))
}

/// A diagram's solved phases, the phases it cannot play, its nodes, and whether the time limit stopped it.
struct Solved {
    phases: Vec<Phase>,
    unplayable: Vec<Unplayable>,
    nodes: u64,
    timed_out: bool,
}

type PhaseResult = Result<Solved, Refusal>;

/// Why a twin's solutions cannot be searched as stated: options that contradict each other, or one that changes
/// the solution set and is not implemented yet.
pub fn solving_refusal(p: &Problem, st: &Stipulation) -> Option<Refusal> {
    let parrain = |c: &conditions::ConditionSpec| {
        conditions::circe::rule(c).is_some_and(|r| r.determine == conditions::circe::Determine::Parrain)
    };
    if st.goal == Goal::Steingewinn && p.conditions.iter().any(parrain) {
        // Popeye: "Win_a_Piece and Circe Parrain not allowed" (the piece taken may come back a move later).
        return Some(Refusal::unsupported("not supported: the goal `%` with Parrain Circe".to_string()));
    }
    if st.goal.self_check() && (st.exact || st.play.hidden_end()) {
        // The goals of self-check are reached by no legal move: the searches look for their moves where the goal
        // ends the play, not where `exact-` cuts a shorter goal nor inside a hidden end.
        return Some(Refusal::unsupported(format!("not supported yet: the goal `{}` in `{}`", st.goal.symbol(), st)));
    }
    if st.goal.self_check() && matches!(st.play, Play::Self_ | Play::Reflex | Play::SemiReflex) {
        // Self and reflex play of the goals of self-check: the trees do not yet show Popeye's moves (the differential
        // tester found `s##` with tries, variations or set play showing extra moves, and `r!#` without the
        // attacker's forced goal moves at the root).
        return Some(Refusal::unsupported(format!("not supported yet: the goal `{}` in `{}`", st.goal.symbol(), st)));
    }
    if st.goal.is_proof() && (p.options.duplex || p.options.half_duplex) {
        // The proof-game search solves the stated side's game only: the other half is not searched.
        return Some(Refusal::unsupported("not supported yet: option Duplex with proof games".to_string()));
    }
    if st.parry {
        // Parry series: the search of the whole series, with the other side's parries, from the diagram; the
        // options that cut, shorten or add a phase are not read with it yet.
        let o = &p.options;
        let why = if st.intro > 0 {
            Some("introductory moves")
        } else if st.exact {
            Some("`exact-`")
        } else if o.post_key_play {
            Some("PostKeyPlay")
        } else if o.stop_on_short || o.keep_mating_piece {
            Some("StopOnShortSolutions or KeepMatingPiece")
        } else {
            None
        };
        if let Some(why) = why {
            return Some(Refusal::unsupported(format!("not supported yet: parry series with {why} (`{st}`)")));
        }
    }
    if st.intro > 0 {
        // `m->`: Popeye's introductory series moves, played before series play of two moves or more; with the others,
        // and with the options that count or cut solutions, not reproduced.
        let o = &p.options;
        let why = if !matches!(st.play, Play::SeriesDirect | Play::SeriesHelp | Play::SeriesSelf) {
            Some("before other than series direct, help or self play")
        } else if st.moves < 2 {
            Some("before series play of one move")
        } else if st.exact {
            Some("with `exact-`")
        } else if o.set_play || o.max_solutions.is_some() || o.stop_on_short || o.keep_mating_piece {
            Some("with SetPlay, MaxSolutions, StopOnShortSolutions or KeepMatingPiece")
        } else {
            None
        };
        if let Some(why) = why {
            return Some(Refusal::unsupported(format!(
                "not supported yet: introductory moves {why} (`{}->` in `{st}`)",
                st.intro
            )));
        }
    }
    p.options.contradiction_in_twin(st).map(Refusal::bad_input).or_else(|| {
        unsupported_option(p, st).map(|opt| Refusal::unsupported(format!("not supported yet: option {opt}")))
    })
}

/// What stipula does not play of Wormholes and Magic squares in a diagram: pieces with attributes (Popeye refuses
/// neutral pieces with Magic squares; a neutral or royal piece's transfer is not settled here), and squares where a
/// transfer or a change of colour would give a castling right back (Popeye gives a king or rook put on its
/// castling square its right again, `enable_castling_rights`; stipula's rights are only ever taken away): a
/// wormhole on the castling square of a side with a king and a rook (or a pawn), a magic square on a rook's corner
/// while a side has a king and a rook (or a pawn).
fn square_conditions_unsupported(p: &Problem, d: &Diagram) -> Option<ConditionError> {
    let has = |color: Color, kind: Kind| d.pieces.iter().any(|x| x.color == color && x.kind == kind);
    let castles = |c| has(c, Kind::KING) && (has(c, Kind::ROOK) || has(c, Kind::PAWN));
    for c in d.conditions.iter().filter(|c| c.name == "Wormholes" || c.name == "MagicSquares") {
        let name: &'static str = if c.name == "Wormholes" { "Wormholes" } else { "MagicSquares" };
        // Popeye's retro double step that went on (`EnPassant d7d6h3`): Popeye takes on d6 in direct play where
        // stipula does not find it yet (REGRESSIONS/4_63_to_4_65.inp#18).
        let went_on = match p.options.en_passant.as_slice() {
            [a, .., b] => a.file() != b.file() || a.rank().abs_diff(b.rank()) != 2,
            _ => false,
        };
        // Popeye's Chess81 goal reads the arrival before the transfer, its target square (`z`) the square the piece
        // went on to (TESTS/wurmloch.inp: `1.a4-a5[wPa5->e7] z`); stipula reads one arrival for all goals.
        if name == "Wormholes" && d.stipulation.goal == crate::problem::Goal::Chess81 {
            return Some(ConditionError::Combination(name, "the goal c81"));
        }
        if name == "Wormholes" && went_on {
            return Some(ConditionError::Combination(name, "an EnPassant option whose pawn went on"));
        }
        if d.pieces.iter().any(|x| !x.attrs.is_empty()) {
            return Some(ConditionError::Combination(name, "pieces with attributes"));
        }
        for color in [Color::White, Color::Black] {
            let rank = if color == Color::White { 0 } else { 7 };
            let files: &[u8] = if name == "Wormholes" { &[0, 4, 7] } else { &[0, 7] };
            let on = files.iter().any(|&f| c.squares.0.has(crate::square::Square::from_coords(f, rank)));
            let castling =
                if name == "Wormholes" { castles(color) } else { castles(Color::White) || castles(Color::Black) };
            if on && castling {
                return Some(ConditionError::UnsupportedParam {
                    condition: name.to_string(),
                    param: "on a castling square (the castling right a transfer or a change of colour gives back)",
                });
            }
        }
    }
    None
}

/// The rules of a twin (its conditions, `CastlingMutuallyExclusive`) and how its diagram is set up (retro options,
/// missing kings).
pub fn diagram_rules(p: &Problem, d: &Diagram) -> Result<(Rules, SetupOptions), ConditionError> {
    // Imitator: a proof game's or a=>b's target holds imitators of its own (Popeye compares them): not played.
    if d.conditions.iter().any(|c| c.name == "Imitator") && d.stipulation.goal.is_proof() {
        return Err(ConditionError::Combination("Imitator", "proof games and a=>b"));
    }
    let mut conds = conditions::build_all(&d.conditions)?;
    // Checkless chess: Popeye lets the move that reaches the goal `+` check without mating (ohneschach.c leaves
    // that goal's tester without its guard); stipula's rule is one for every move: refused.
    if d.stipulation.goal == crate::problem::Goal::Check && d.conditions.iter().any(|c| c.name == "ChecklessChess") {
        return Err(ConditionError::NotSupported("ChecklessChess with the goal check (+)"));
    }
    // Messigny chess: a neutral piece would exchange with itself, a marked piece's attribute go along or not
    // (Popeye's rules for them are not read here): pieces with attributes are refused.
    if d.conditions.iter().any(|c| c.name == "MessignyChess") && d.pieces.iter().any(|x| !x.attrs.is_empty()) {
        return Err(ConditionError::Combination("MessignyChess", "pieces with attributes"));
    }
    // Messigny chess in series play: Popeye keeps the squares of an exchange forbidden to the same side's next
    // series move, and frees them after a threat's pass; stipula's passes are one kind: refused. The goal c81 after
    // an exchange is not read yet.
    if d.conditions.iter().any(|c| c.name == "MessignyChess") {
        let st = &d.stipulation;
        if matches!(st.play, Play::SeriesDirect | Play::SeriesHelp | Play::SeriesSelf | Play::SeriesReflex)
            || st.intro > 0
        {
            return Err(ConditionError::Combination("MessignyChess", "series play"));
        }
        if st.goal == Goal::Chess81 {
            return Err(ConditionError::Combination("MessignyChess", "the goal c81"));
        }
        // An exchange that gives check is missed where the reflex end of help play asks for the goal check (the
        // differential tester, seed 4 case 31, `hr+`: Popeye's `1...Bd5<->Bb2 +`): refused until it is found.
        if st.goal == Goal::Check {
            return Err(ConditionError::Combination("MessignyChess", "the goal check (+)"));
        }
    }
    // Exclusive chess restricts the mating moves: Popeye counts mates whatever the goal (`exclusive.c`); stipula
    // plays it with the goal mate only.
    if d.stipulation.goal != crate::problem::Goal::Mate && d.conditions.iter().any(|c| c.name == "ExclusiveChess") {
        return Err(ConditionError::NotSupported("ExclusiveChess with a goal other than mate (#)"));
    }
    // Anti-Mars Circe castles from the rebirth squares, with a king and a rook that have moved too (Popeye gives
    // them the right when they stand there: `[wKe2->e1][wRh3->h1]0-0`): not implemented, refused where a side has a
    // king and a rook, or a pawn that may promote to one.
    if let Some(name) = conds.iter().find_map(|c| c.castling_unsupported()) {
        let has = |color: Color, kind: Kind| d.pieces.iter().any(|x| x.color == color && x.kind == kind);
        let castles = |c| has(c, Kind::KING) && (has(c, Kind::ROOK) || has(c, Kind::PAWN));
        if castles(Color::White) || castles(Color::Black) {
            return Err(ConditionError::Combination(name, "castling"));
        }
    }
    // Swapping kings exchanges the two kings: a side without its one king (Popeye exchanges a king with no
    // square) is refused.
    if d.conditions.iter().any(|c| c.name == "SwappingKings") {
        let kings = |c: Color| d.pieces.iter().filter(|x| x.color == c && x.kind == Kind::KING).count();
        if kings(Color::White) != 1 || kings(Color::Black) != 1 {
            return Err(ConditionError::Combination("SwappingKings", "a side without exactly one king"));
        }
    }
    // Oscillating kings exchange the two kings after a side's moves: played with each other only (the exchange
    // reads check between other conditions' effects), and with one king a side (as Swapping kings).
    let oscillating = |c: &crate::conditions::ConditionSpec| c.name.ends_with("OscillatingKings");
    if d.conditions.iter().any(oscillating) {
        if d.conditions.iter().any(|c| !oscillating(c)) {
            return Err(ConditionError::NotSupported("Oscillating kings with another condition"));
        }
        // Both of type C are Popeye's Swapping kings, which it writes so.
        if d.conditions.len() == 2 && d.conditions.iter().all(|c| c.options.iter().any(|o| o == "TypeC")) {
            return Err(ConditionError::NotSupported("Oscillating kings of type C for both sides (SwappingKings)"));
        }
        let kings = |c: Color| d.pieces.iter().filter(|x| x.color == c && x.kind == Kind::KING).count();
        if kings(Color::White) != 1 || kings(Color::Black) != 1 {
            return Err(ConditionError::NotSupported("Oscillating kings where a side has not exactly one king"));
        }
    }
    // Imitator: Popeye's rules for the imitators differ by walk (leapers, riders, hoppers, the rest); stipula plays
    // the orthodox ones. An imitator stands on an empty square.
    if let Some(c) = d.conditions.iter().find(|c| c.name == "Imitator") {
        if d.pieces.iter().any(|x| !x.kind.is_orthodox()) {
            return Err(ConditionError::Combination("Imitator", "fairy pieces"));
        }
        if d.pieces.iter().any(|x| !x.attrs.is_empty()) {
            return Err(ConditionError::Combination("Imitator", "pieces with attributes"));
        }
        if let Some(x) = d.pieces.iter().find(|x| c.squares.0.has(x.square)) {
            return Err(ConditionError::Invalid(format!("an imitator stands on {}, where a piece stands", x.square)));
        }
    }
    if let Some(why) = square_conditions_unsupported(p, d) {
        return Err(why);
    }
    // The walks whose treatment of a hole is read from Popeye's sources (a hole is no hurdle, no victim, and ends a
    // line): the others (the non-stop equihopper takes a hole for its hurdle, `hoppers.c`) are not played with holes.
    if let Some(c) = d.conditions.iter().find(|c| c.name == "Hole" || c.name == "HaanerChess") {
        if let Some(x) = d.pieces.iter().find(|x| !crate::conditions::holes::plays_walk(x.kind)) {
            let name: &'static str = if c.name == "Hole" { "Hole" } else { "HaanerChess" };
            return Err(ConditionError::Combination(name, x.kind.def().name));
        }
    }
    // A hole is a square off the board: no piece stands there (Popeye's `block_square` expects it empty).
    for c in d.conditions.iter().filter(|c| c.name == "Hole") {
        if let Some(x) = d.pieces.iter().find(|x| c.squares.0.has(x.square)) {
            return Err(ConditionError::Invalid(format!("a piece stands on the hole {}", x.square)));
        }
    }
    // Popeye refuses SingleBox type 1 with fairy pieces ("Fairy pieces not allowed in Single box", problem
    // ignored); types 2 and 3 it plays with them.
    let type1 = |c: &crate::conditions::ConditionSpec| {
        c.name == "SingleBox" && !c.options.iter().any(|o| o == "Type2" || o == "Type3")
    };
    if d.conditions.iter().any(type1) && d.pieces.iter().any(|x| !x.kind.is_orthodox()) {
        return Err(ConditionError::Invalid(
            "fairy pieces are not allowed with SingleBox (Popeye refuses them)".into(),
        ));
    }
    // Pieces with the royal attribute, beside conditions whose rules single out kings by kind.
    if d.pieces.iter().any(|x| x.kind != Kind::KING && x.attrs.has(Attrs::ROYAL)) {
        if let Some(c) = conds.iter().find(|c| !c.royal_pieces()) {
            return Err(ConditionError::UnsupportedParam {
                condition: c.describe(),
                param: "with pieces with the attribute Royal",
            });
        }
    }
    if !p.options.castling_mutually_exclusive.is_empty() {
        conds.push(Box::new(conditions::castling_exclusive::CastlingMutuallyExclusive {
            pairs: p.options.castling_mutually_exclusive.clone(),
        }));
    }
    let plain_grasshopper = d.pieces.iter().any(|x| x.kind == Kind::GRASSHOPPER && x.attrs.is_empty());
    conds.extend(conditions::attributes::for_attributes(Attrs::of(&d.pieces), plain_grasshopper));
    let rules = Rules::new(d.pieces.iter().map(|x| x.kind), conds).with_attributes(Attrs::of(&d.pieces));
    let mut setup = p.options.setup();
    setup.edge_pawns |= conditions::edge_pawns(&d.conditions);
    Ok((rules, setup))
}

/// The conditions played with fairy pawns (berolina, super-, marine, reverse pawns): those whose rules never
/// ask whether a piece is a pawn (the others read the orthodox pawn's rules: rebirth squares, double steps,
/// promotions, first ranks), each checked against Popeye's output.
const FAIRY_PAWN_CONDITIONS: &[&str] =
    &["ChecklessChess", "BlackMaximummer", "WhiteMaximummer", "BlackMinimummer", "WhiteMinimummer"];

/// Why a twin's fairy pawns cannot be played: with conditions outside [`FAIRY_PAWN_CONDITIONS`], with piece
/// attributes but neutrality, in proof games (whose deductions know the orthodox pawn only).
fn fairy_pawn_refusal(d: &Diagram) -> Option<Refusal> {
    let x = d.pieces.iter().find(|x| x.kind.is_fairy_pawn())?;
    let name = x.kind.name();
    if let Some(c) = d.conditions.iter().find(|c| !FAIRY_PAWN_CONDITIONS.contains(&c.name.as_str())) {
        return Some(Refusal::unsupported(format!("not supported yet: the {name} with {}", c.name)));
    }
    // Neutral pieces and royal ones (a poseidon) besides, but no royal pawn.
    let attrs = Attrs(Attrs::of(&d.pieces).0 & !(Attrs::NEUTRAL.0 | Attrs::ROYAL.0));
    // A royal pawn of any walk beside them: an en-passant capture of a royal pawn by a fairy pawn is not yet seen
    // as check (REGRESSIONS/4_63_to_4_65.inp#20: Black royal Pe7, White protean pawn d7, `1.rPe7-e5` self-check).
    let royal_pawn = d.pieces.iter().any(|x| x.kind.pawn_walk().is_some() && x.effective_attrs().has(Attrs::ROYAL));
    if !attrs.is_empty() || royal_pawn {
        return Some(Refusal::unsupported(format!("not supported yet: the {name} with piece attributes")));
    }
    // A marine pawn promotes to the walks on the board: whether a neutral piece's counts is not settled (the naive
    // reference counts it, the move generator does not).
    let marine = d.pieces.iter().find(|x| x.kind.pawn_walk().is_some_and(|w| w.marine));
    if let (Some(m), true) = (marine, Attrs::of(&d.pieces).has(Attrs::NEUTRAL)) {
        return Some(Refusal::unsupported(format!("not supported yet: the {} with neutral pieces", m.kind.name())));
    }
    if d.stipulation.goal.is_proof() {
        return Some(Refusal::unsupported(format!("not supported yet: the {name} in proof games")));
    }
    None
}

/// Why a twin's piece attributes, or its orphans and friends, cannot be played: with conditions (whose rules read
/// kings by their kind, not
/// by their royalty), in proof games, or with different attributes on different pieces.
pub fn attributes_refusal(d: &Diagram) -> Option<Refusal> {
    if let Some(why) = fairy_pawn_refusal(d) {
        return Some(why);
    }
    // Pieces that borrow walks (orphan, friend) are played without conditions and attributes, not in proof games
    // (Popeye refuses them with neutral pieces).
    if let Some(x) = d.pieces.iter().find(|x| x.kind.borrows().is_some()) {
        let name = x.kind.name();
        if let Some(c) = d.conditions.first() {
            return Some(Refusal::unsupported(format!("not supported yet: the {name} with {}", c.name)));
        }
        if !Attrs::of(&d.pieces).is_empty() {
            return Some(Refusal::unsupported(format!("not supported yet: the {name} with piece attributes")));
        }
        if d.stipulation.goal.is_proof() {
            return Some(Refusal::unsupported(format!("not supported yet: the {name} in proof games")));
        }
    }
    let attrs = Attrs::of(&d.pieces);
    let name = attrs.defs().map(|a| a.names[0]).collect::<Vec<_>>().join(" ");
    if attrs.is_empty() {
        return None;
    }
    // The goals of self-check (`##`, `##!`, `!#`) read positions no legal move leads to, where a side could take
    // the other's king: Popeye takes no such capture for a move there (`1...nKa5*a4 ##!` with a neutral king,
    // REGRESSIONS/4_55_to_4_57.inp#17), stipula's legal moves do.
    if d.stipulation.goal.self_check() {
        return Some(Refusal::unsupported(format!(
            "not supported yet: piece attribute {name} with the goal {}",
            d.stipulation.goal.marker()
        )));
    }
    if let (true, Some(c)) = (attrs.has(Attrs::NEUTRAL), d.conditions.first()) {
        return Some(Refusal::unsupported(format!("not supported yet: neutral pieces with {}", c.name)));
    }
    // Kobul kings read the royal piece as such (it takes the captured piece's walk).
    // Royal pieces are played with conditions (those whose rules read kings by kind refuse them in
    // `diagram_rules`); the other attributes not yet.
    if !d.conditions.is_empty() && !Attrs(attrs.0 & !Attrs::ROYAL.0).is_empty() {
        return Some(Refusal::unsupported(format!("not supported yet: piece attribute {name} with conditions")));
    }
    // Popeye takes, with neutral pieces in battle play, a move that takes back the other side's last move
    // (the same neutral piece back to its square) for one that does not solve: a defence that does so refutes
    // (`optimisations/detect_retraction.c`). That depends on the move before, which stipula's battle searches
    // and their table do not see.
    // A half-neutral piece's move changes its colour, which Popeye never takes for a retraction.
    let battle = !matches!(d.stipulation.play, Play::Help | Play::ReciHelp | Play::SeriesDirect | Play::SeriesHelp);
    let plain_neutral = d.pieces.iter().any(|x| x.attrs.has(Attrs::NEUTRAL) && !x.attrs.has(Attrs::HALF_NEUTRAL));
    if plain_neutral && battle {
        return Some(Refusal::unsupported(
            "not supported yet: neutral pieces in direct, self and reflex play (Popeye's retracted moves)".to_string(),
        ));
    }
    if d.stipulation.goal.is_proof() {
        return Some(Refusal::unsupported(format!("not supported yet: piece attribute {name} in proof games")));
    }
    // Magic pieces alone among the attributes (kings' royalty aside).
    if attrs.has(Attrs::MAGIC) && attrs != Attrs::MAGIC {
        return Some(Refusal::unsupported(format!("not supported yet: piece attributes {name} together")));
    }
    // Magic pieces of the orthodox walks (Popeye's lines of the other walks are not read yet), not neutral.
    if let Some(x) = d.pieces.iter().find(|x| {
        x.attrs.has(Attrs::MAGIC)
            && (!conditions::attributes::MagicPieces::plays_walk(x.kind) || x.attrs.has(Attrs::NEUTRAL))
    }) {
        let what = if x.attrs.has(Attrs::NEUTRAL) { "neutral".to_string() } else { x.kind.name().to_string() };
        return Some(Refusal::unsupported(format!("not supported yet: a magic {what} piece")));
    }
    // A magic pawn may promote to a walk of the diagram that magic pieces are not played with yet. (Magic pieces
    // with `WhiteToPlay` are refused too, in `solve_diagram`: in help-reflex play Popeye finds no line where
    // stipula finds some, not yet understood.)
    if attrs.has(Attrs::MAGIC) {
        let fairy = d.pieces.iter().any(|x| !conditions::attributes::MagicPieces::plays_walk(x.kind));
        if fairy && d.pieces.iter().any(|x| x.kind == Kind::PAWN && x.attrs.has(Attrs::MAGIC)) {
            return Some(Refusal::unsupported(
                "not supported yet: a magic pawn beside pieces of walks magic pieces are not played with".to_string(),
            ));
        }
    }
    // Popeye castles with a rook in its corner that magic pieces turned to the king's side, which stipula's
    // castling rights (set for the king's own rooks in the diagram) do not allow yet.
    if attrs.has(Attrs::MAGIC) {
        let corner_rook = |king: &crate::pieces::Placed| {
            d.pieces.iter().any(|r| {
                r.kind == Kind::ROOK
                    && r.color != king.color
                    && r.square.rank() == king.square.rank()
                    && (r.square.file() == 0 || r.square.file() == 7)
            })
        };
        let home = |x: &crate::pieces::Placed| {
            x.kind == Kind::KING
                && x.square.file() == 4
                && x.square.rank() == if x.color == Color::White { 0 } else { 7 }
        };
        if d.pieces.iter().any(|k| home(k) && corner_rook(k)) {
            return Some(Refusal::unsupported(
                "not supported yet: magic pieces beside a king at home and a rook of the other side in its corner"
                    .to_string(),
            ));
        }
    }
    // A half-neutral king would be both sides' king after its move, beside the other side's own.
    if d.pieces.iter().any(|x| x.attrs.has(Attrs::HALF_NEUTRAL) && (x.kind == Kind::KING || x.attrs.has(Attrs::ROYAL)))
    {
        return Some(Refusal::unsupported("not supported yet: a half-neutral king".to_string()));
    }
    // Popeye refuses kamikaze neutral pieces and kamikaze kings (but in Circe rex inclusive); a royal kamikaze
    // piece is left out with them.
    if attrs.has(Attrs::KAMIKAZE)
        && d.pieces.iter().any(|x| {
            x.attrs.has(Attrs::KAMIKAZE)
                && (x.kind == crate::pieces::Kind::KING
                    || !Attrs(x.attrs.0 & !Attrs::KAMIKAZE.0 & !Attrs::CHAMELEON.0).is_empty())
        })
    {
        return Some(Refusal::unsupported(format!("not supported yet: piece attributes {name} together")));
    }
    // Paralysing pieces alone among the attributes, not with autostalemate.
    if attrs.has(Attrs::PARALYSING) {
        if attrs != Attrs::PARALYSING {
            return Some(Refusal::unsupported(format!("not supported yet: piece attributes {name} together")));
        }
        // Popeye takes a last move that leaves the mover's king in check for autostalemate when the mover is
        // suffocated (`paralysing_stalemate_special` tests self-check for the stalemated opponent only), which
        // stipula's searches, playing legal moves alone, do not reach.
        if d.stipulation.goal == Goal::AutoStalemate {
            return Some(Refusal::unsupported(format!(
                "not supported yet: piece attribute {name} with the goal {}",
                d.stipulation.goal.marker()
            )));
        }
    }
    // A pawn without attributes that promotes may become a chameleon piece (`e7-e8=Q=c`): with other attributes
    // on the chameleon pieces (neutral chameleons), its promotee would have attributes of its own.
    if attrs.has(Attrs::CHAMELEON)
        && attrs != Attrs::CHAMELEON
        && d.pieces.iter().any(|x| x.kind == crate::pieces::Kind::PAWN && x.attrs.is_empty())
    {
        return Some(Refusal::unsupported(format!(
            "not supported yet: pawns without attributes beside pieces with the attributes {name}"
        )));
    }
    // Hurdle colour changing on the grasshopper alone (Popeye allows other hoppers, the Chinese pieces and the
    // lions too, and refuses it on other pieces), and with no other attribute.
    if attrs.has(Attrs::HURDLE_COLOUR_CHANGING)
        && d.pieces.iter().any(|x| {
            x.attrs.has(Attrs::HURDLE_COLOUR_CHANGING)
                && (x.kind != Kind::GRASSHOPPER || x.attrs != Attrs::HURDLE_COLOUR_CHANGING)
        })
    {
        return Some(Refusal::unsupported(format!(
            "not supported yet: piece attribute {name} on other pieces than grasshoppers"
        )));
    }
    // Half-neutral pieces, neutral or not, share their marks (the position's colours tell which are neutral).
    let shared = |a: Attrs| if a.has(Attrs::HALF_NEUTRAL) { Attrs(a.0 & !Attrs::NEUTRAL.0) } else { a };
    let mut marked = d.pieces.iter().map(|x| shared(x.effective_attrs())).filter(|a| !a.is_empty());
    let first = marked.next();
    marked
        .any(|a| Some(a) != first)
        .then(|| Refusal::unsupported("not supported yet: pieces with different attributes in one diagram".to_string()))
}

/// Solves the phases of `plan` ([`Problem::phase_plan`], or [`Problem::zero_position_plan`]) in diagram `d`.
fn solve_diagram(
    p: &Problem,
    d: &Diagram,
    plan: Vec<(PhaseKind, Color, u32)>,
    settings: &Settings,
    table: &Table,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> PhaseResult {
    if let Some(why) = solving_refusal(p, &d.stipulation) {
        return Err(why);
    }
    if let Some(why) = attributes_refusal(d) {
        return Err(why);
    }
    if p.options.white_to_play && Attrs::of(&d.pieces).has(Attrs::MAGIC) {
        return Err(Refusal::unsupported("not supported yet: magic pieces with WhiteToPlay".to_string()));
    }
    if d.stipulation.goal.is_proof() {
        return solve_proof_diagram(p, d, settings, table, deadline, stop);
    }
    let (rules, mut setup) = diagram_rules(p, d).map_err(Refusal::from)?;
    // The diagram was checked when it was read; a twin may put a pawn on the first or last rank (Popeye).
    setup.edge_pawns = true;
    let st = &d.stipulation;
    let mut phases = Vec::new();
    let mut timed_out = false;
    let mut nodes = 0;
    let search = problem_search(p, st, &rules, table, deadline, stop).with_progress(settings.progress.clone());
    // A phase whose side not to move is in check is left out, as Popeye leaves it out (with its message `the side
    // to play can capture the king`) and solves the others; a twin none of whose phases can be played is refused.
    let mut playable = Vec::new();
    let mut unplayable = Vec::new();
    for (kind, side, len) in plan {
        match build_position(&d.pieces, &p.state, side, &rules, &setup) {
            Ok(pos) => playable.push((kind, side, pos, len)),
            Err(e) if e.culprit == Culprit::Position => unplayable.push(Unplayable { kind, side, why: e.message }),
            Err(e) => return Err(Refusal::bad_input(e.message)),
        }
    }

    for (kind, side, pos, plies_or_moves) in playable {
        let PhaseOut { mut play, mut count, aborted } =
            solve_phase(&search, p, st, &pos, plies_or_moves, kind, settings)?;
        timed_out |= aborted;
        let mut partial = false;
        // StopOnShortSolutions first: Popeye stops at the short solutions before it counts to MaxSolutions (a
        // short ser-h#2 line is listed, not the first longer ones).
        // The set play of series play is the opponent's final move alone: none of its lines is short (`ser-s~1`
        // with `SetPlay StopOnShortSolutions`: every move is one, and the solution is whole).
        let series_set_play =
            kind == PhaseKind::SetPlay && matches!(st.play, Play::SeriesHelp | Play::SeriesSelf | Play::SeriesReflex);
        if p.options.stop_on_short && !series_set_play {
            if let PhasePlay::Lines(lines) = &mut play {
                partial = keep_shortest(lines, &mut count, st, plies_or_moves);
            }
        }
        if let Some(max) = p.options.max_solutions {
            partial |= if st.play == Play::Reflex && kind != PhaseKind::SetPlay {
                // Reflex play is counted as one solution whatever its keys and tries (Popeye: `r#2` with fifteen
                // keys and MaxSolutions 3 lists them all and is complete; with MaxSolutions 1 it is partial).
                // Keys and tries count (maxsolutions-reflex-tries); a first move that fails (` ?!?`) does not.
                matches!(&play, PhasePlay::Tree(firsts) if firsts.iter().any(|a| a.role != Role::Fails)) && max <= 1
            } else {
                cut_to(&mut play, &mut count, max as usize)
            };
        }
        // Help and series play count lines: those not listed were left out by `max_lines`.
        let left_out = match &play {
            PhasePlay::Lines(lines) => count.saturating_sub(lines.len()),
            _ => 0,
        };
        phases.push(Phase { kind, side, play, solutions: count, partial, left_out });
    }
    nodes += search.nodes();
    // A move a condition cannot decide or make as Popeye does (Exclusive chess beyond its horizon, more ghosts
    // than Ghost chess keeps): refused.
    if let Some(why) = rules.conditions().iter().find_map(|c| c.undecided()) {
        return Err(Refusal::unsupported(why));
    }
    Ok(Solved { phases, unplayable, nodes, timed_out })
}

/// A proof game's twin (`dia`, `a=>b`: [`super::proof`]): one phase of lines, with `StopOnShortSolutions` and
/// `MaxSolutions` as in help play.
fn solve_proof_diagram(
    p: &Problem,
    d: &Diagram,
    settings: &Settings,
    table: &Table,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> PhaseResult {
    let games = super::proof::solve_twin(p, d, settings, table, deadline, stop)?;
    let (mut play, mut count) = (PhasePlay::Lines(games.lines.lines), games.lines.found);
    let mut partial = false;
    if let (true, PhasePlay::Lines(lines)) = (p.options.stop_on_short, &mut play) {
        partial = keep_shortest(lines, &mut count, &d.stipulation, games.len);
    }
    if let Some(max) = p.options.max_solutions {
        partial |= cut_to(&mut play, &mut count, max as usize);
    }
    let left_out = match &play {
        PhasePlay::Lines(lines) => count.saturating_sub(lines.len()),
        _ => 0,
    };
    let phase = Phase { kind: PhaseKind::Solution, side: games.side, play, solutions: count, partial, left_out };
    Ok(Solved { phases: vec![phase], unplayable: Vec::new(), nodes: games.nodes, timed_out: games.aborted })
}

/// The searcher for a problem's stipulation `st` under `rules`, with the options that change which moves count
/// (`Threat`, `MaxFlightsquares`, `Quodlibet`, `NonTrivial`, `KeepMatingPiece`): what `solve` and `explain` share.
pub fn problem_search<'a>(
    p: &Problem,
    st: &Stipulation,
    rules: &'a Rules,
    table: &'a Table,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
) -> Search<'a> {
    // Battle play's options; help-self play's self end is no battle play of the problem's.
    let limits = match is_tree(st.play) {
        true => BattleLimits { max_threat: p.options.threat, max_flights: p.options.max_flights },
        false => BattleLimits::default(),
    };
    let non_trivial = p.options.non_trivial.map(|(max, short)| NonTrivial { max, short });
    // KeepMatingPiece: the side that must mate, where only one must (Popeye: no filter when both may).
    let keep_mating = match st.play {
        _ if !p.options.keep_mating_piece => None,
        Play::Direct => Some(Mater::Attacker),
        Play::Self_ if !p.options.quodlibet && !st.quodlibet => Some(Mater::Defender),
        _ => None,
    };
    Search::new(rules, table, st.goal, deadline, stop)
        .with_exact(st.exact && is_tree(st.play))
        .with_limits(limits)
        // Quodlibet adds the attacker's own goal to self and reflex play; elsewhere Popeye leaves it without effect.
        .with_quodlibet(
            (p.options.quodlibet || st.quodlibet) && matches!(st.play, Play::Self_ | Play::Reflex | Play::SemiReflex),
        )
        .with_semi_reflex(st.play == Play::SemiReflex)
        .with_parry(st.parry)
        .with_non_trivial(non_trivial)
        .with_keep_mating(keep_mating)
        .with_keep_mating_flights(p.options.keep_mating_piece)
        .with_keep_mating_lines(p.options.keep_mating_piece && !is_tree(st.play))
}

/// One phase's solutions, its number of solutions (help/series lines found, or keys), and whether the time
/// limit stopped it (the solutions are then those found before).
struct PhaseOut {
    play: PhasePlay,
    count: usize,
    aborted: bool,
}

impl PhaseOut {
    fn collected(c: Collected, aborted: bool) -> PhaseOut {
        PhaseOut { count: c.found, play: PhasePlay::Lines(c.lines), aborted }
    }

    fn stopped(play: PhasePlay) -> PhaseOut {
        PhaseOut { play, count: 0, aborted: true }
    }
}

/// The sink of a help or series phase under `settings`: its first `max_lines` lines and the ones to keep.
pub fn line_sink<'a>(settings: &'a Settings, make: impl Fn(&[Move]) -> Line + Send + Sync + 'a) -> LineSink<'a> {
    let sink = LineSink::new(settings.max_lines, make);
    if settings.keep_lines.is_empty() {
        return sink;
    }
    sink.wanting(|moves: &[Move]| settings.keep_lines.iter().any(|k| k == moves))
}

/// The number of series moves of a series line (its last move is the opponent's in ser-h# and ser-s#).
pub fn series_moves(end: SeriesEnd, line: &[Move]) -> usize {
    if end == SeriesEnd::Goal {
        line.len()
    } else {
        line.len().saturating_sub(1)
    }
}

/// How a series stipulation ends.
pub fn series_end(play: Play) -> SeriesEnd {
    match play {
        Play::SeriesDirect => SeriesEnd::Goal,
        Play::SeriesHelp => SeriesEnd::HelpGoal,
        Play::SeriesReflex => SeriesEnd::ReflexGoal,
        _ => SeriesEnd::SelfGoal,
    }
}

/// The lines of help or series play from `pos` (`len`: plies in help play, series moves otherwise) in a phase of
/// kind `kind`: help play also the shorter lengths, unless `exact-`; the set play of `h#n.5` skips the
/// attacker's first half-move (`1...  ...  2.Bc4-a2 …`), that of ser-h# and ser-s# is the opponent's final move
/// at once (`  1...Rh1-h8 #`; ser-s#: every move, when all reach the goal), as Popeye prints them. What was found
/// is kept when the time limit stops the search (then `true`). With `enough` (`MaxSolutions`), help play searches
/// its lengths from the shortest and stops after the one at which that many lines are found: the shortest are the
/// ones listed ([`cut_to`]).
#[allow(clippy::too_many_arguments)]
pub fn collect_phase_lines(
    search: &Search,
    st: &Stipulation,
    pos: &Position,
    len: u32,
    settings: &Settings,
    kind: PhaseKind,
    shortest_only: bool,
    enough: Option<usize>,
) -> (Collected, bool) {
    let (rules, goal) = (search.rules, st.goal);
    if st.intro > 0 {
        return intro_lines(search, st, pos, len, settings);
    }
    if st.play.is_help() {
        let self_end = matches!(st.play, Play::HelpSelf | Play::HelpReflex);
        let reflex = st.play == Play::HelpReflex;
        // hr#: where the side that makes the end move could reach the goal at once, its reflex constraint fails:
        // Popeye writes those moves, each marked ` ?!?`, and nothing else (`hr#1`: `1.Qf6-d8 # ?!?`,
        // TESTS/help_play.inp#11).
        // In set play after a passed half-move: `1...  ...  2.c5*d6 ep. % ?!?`.
        if reflex && len.is_multiple_of(2) && search.can_reach_goal_in_1(pos) {
            let style = if kind == PhaseKind::SetPlay { LineStyle::FailsPassed } else { LineStyle::Fails };
            let sink = line_sink(settings, |l| Line::new(rules, pos, l, style, goal));
            for m in search.goal_moves(pos, false) {
                sink.push(&[m]);
            }
            return (sink.finish(), false);
        }
        // A structured stipulation numbers from the side written, its set play too (`white 5h[…]h`: `1...Sh1-g3
        // 2.h4-h5 Kc6-d5   3.c7-c8=Q`); reci-h#'s two ends keep their own numbering.
        let style = match st.written_side() {
            Some(w) if st.play != Play::ReciHelp && pos.side() == w => LineStyle::HelpFirst,
            Some(_) if st.play != Play::ReciHelp => LineStyle::HelpSecond,
            _ if kind == PhaseKind::SetPlay && len.is_multiple_of(2) => LineStyle::HelpPassed,
            _ => LineStyle::Help,
        };
        // reci-h#: the lines whose last move is made by the side to move at the reciprocal end reach its goal,
        // the others (a half-move longer) the help end's.
        let reci = (st.play == Play::ReciHelp).then(|| st.reci.unwrap_or(goal));
        let hidden = match st.play {
            Play::HelpZugzwang => Some(Hidden::Zugzwang),
            Play::HelpUnavoidable => Some(Hidden::Unavoidable),
            _ => None,
        };
        // A hidden end's lines end with a help move that is marked as the others.
        let end_goal = hidden.is_none().then_some(goal);
        let end_side = if len.is_multiple_of(2) { pos.side() } else { pos.side().opposite() };
        let is_reci = |l: &[Move]| reci.is_some() && (l.len() % 2 == 1) == (pos.side() == end_side);
        let sink = line_sink(settings, |l| match is_reci(l) {
            // Numbered as the help end's line beside it (after a passed first half-move: as that one).
            true if style == LineStyle::HelpPassed => Line::new(rules, pos, l, style, reci.unwrap_or(goal)),
            true => Line::new(rules, pos, l, LineStyle::HelpReci, reci.unwrap_or(goal)),
            false => Line::ending(rules, pos, l, style, end_goal),
        });
        // The full length and the shorter ones of the same parity (the same side makes the last move), down to
        // one or two plies; `exact-` only the full length.
        // Help-self play: one length, whose search finds the shorter solutions where they end it (the forced
        // end of the help branch).
        let shortest = match st.play {
            Play::HelpSelf | Play::HelpReflex | Play::HelpZugzwang => len,
            _ if st.exact => len,
            // reci-h#: down to the reciprocal end alone (`reci-h#3` lists the `reci-h#1` solutions).
            Play::ReciHelp => len % 2,
            _ if len <= 2 => len,
            _ => 2 - len % 2,
        };
        let mut lengths: Vec<u32> = (shortest..=len).rev().step_by(2).collect();
        if shortest_only || enough.is_some() {
            // StopOnShortSolutions: the shortest lengths first, and none after the first that has solutions (the
            // lines `keep_shortest` would keep of them all, found without searching the longer lengths; Popeye
            // stops there too).
            lengths.reverse();
        }
        let mut aborted = false;
        for plies in lengths {
            let done = match (reci, hidden) {
                (Some(r), _) => search.help_reci_into(pos, plies, r, &sink),
                (None, Some(h)) => search.help_hidden_into(pos, plies, h, st.exact, &sink),
                (None, None) if self_end => search.help_self_into(pos, plies, st.exact, reflex, &sink),
                (None, None) => search.help_into(pos, plies, &sink),
            };
            if done.is_err() {
                aborted = true;
                break;
            }
            if (shortest_only && sink.found() > 0) || enough.is_some_and(|e| sink.found() >= e) {
                break;
            }
        }
        return (sink.finish(), aborted);
    }
    let end = series_end(st.play);
    if kind == PhaseKind::SetPlay {
        let sink = line_sink(settings, |l| Line::new(rules, pos, l, LineStyle::Help, goal));
        let finals = match end {
            SeriesEnd::HelpGoal | SeriesEnd::ReflexGoal => search.goal_moves(pos, false),
            _ if search.all_replies_reach_goal(pos) => search.goal_moves(pos, false),
            _ => Vec::new(),
        };
        for m in finals {
            sink.push(&[m]);
        }
        return (sink.finish(), false);
    }
    let sink = line_sink(settings, |l| {
        let style = match st.parry {
            true => LineStyle::parry(rules, pos, l, end != SeriesEnd::Goal),
            false => LineStyle::Series(series_moves(end, l)),
        };
        Line::new(rules, pos, l, style, goal)
    });
    // ser-r#: where the series side could reach the goal at once, its reflex constraint fails: Popeye writes
    // those moves, each marked ` ?!?`, and nothing else.
    if end == SeriesEnd::ReflexGoal && search.can_reach_goal_in_1(pos) {
        let sink = line_sink(settings, |l| Line::new(rules, pos, l, LineStyle::Fails, goal));
        for m in search.goal_moves(pos, false) {
            sink.push(&[m]);
        }
        return (sink.finish(), false);
    }
    if shortest_only && !st.exact {
        // StopOnShortSolutions: length by length from one move, up to the first that has solutions, as in help
        // play (the whole search would list millions of longer lines first: `ser-#5`, White Qg3 Qe7 Qe8 Ke6, Black
        // Kc4, has 5.3 million, and Popeye stops at `1.Qe8-a4 #`).
        for moves in 1..=len {
            if search.series_into(pos, moves, end, true, &sink).is_err() {
                return (sink.finish(), true);
            }
            if sink.found() > 0 {
                break;
            }
        }
        return (sink.finish(), false);
    }
    let aborted = search.series_into(pos, len, end, st.exact, &sink).is_err();
    (sink.finish(), aborted)
}

/// Series play after Popeye's introductory moves (`m->ser-#n`) from `pos`, the introductory side to move: that
/// side plays one to `m` moves in a row (the other passing; none but the last may give check, as in series play),
/// and after each the series play of `len` moves is solved (its shorter solutions too); every line of it is a
/// line, the introductory moves before it (`2->ser-#2`: `  1.a3-a2   1.Qh1-a8 #` and `  1.a3-a2   2.a4-a3   1.Qh1-a8
/// #`, as Popeye lists them).
fn intro_lines(search: &Search, st: &Stipulation, pos: &Position, len: u32, settings: &Settings) -> (Collected, bool) {
    struct Walk<'a, 'b> {
        search: &'a Search<'b>,
        main: Stipulation,
        root: &'a Position,
        len: u32,
        settings: &'a Settings,
        intro: Vec<Move>,
        lines: Vec<Line>,
        found: usize,
        aborted: bool,
        /// The positions after an introductory move, with the moves left, from which no line was found.
        dead: std::collections::HashSet<(u64, u32)>,
    }
    fn walk(w: &mut Walk, pos: &Position, left: u32) {
        for (m, after) in w.search.legal(pos) {
            if w.aborted {
                return;
            }
            if w.dead.contains(&(after.key(), left)) {
                continue;
            }
            let before = w.lines.len();
            w.intro.push(m);
            let (c, aborted) =
                collect_phase_lines(w.search, &w.main, &after, w.len, w.settings, PhaseKind::Solution, false, None);
            w.aborted |= aborted;
            w.found += c.found;
            let end = series_end(w.main.play);
            for line in c.lines {
                let rest = line.moves();
                let series = series_moves(end, &rest);
                let moves: Vec<Move> = w.intro.iter().copied().chain(rest).collect();
                let style = LineStyle::Intro { intro: w.intro.len(), series };
                w.lines.push(Line::new(w.search.rules, w.root, &moves, style, w.main.goal));
            }
            if left > 1 && !w.search.rules.in_check(&after, after.side()) {
                walk(w, &after.series_pass(), left - 1);
            }
            w.intro.pop();
            if w.lines.len() == before && !w.aborted {
                w.dead.insert((after.key(), left));
            }
        }
    }
    let main = Stipulation { intro: 0, ..st.clone() };
    let mut w = Walk {
        search,
        main,
        root: pos,
        len,
        settings,
        intro: Vec::new(),
        lines: Vec::new(),
        found: 0,
        aborted: false,
        dead: std::collections::HashSet::new(),
    };
    walk(&mut w, pos, st.intro);
    let mut keyed: Vec<(String, Line)> = w.lines.into_iter().map(|l| (l.text(), l)).collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    (Collected { lines: keyed.into_iter().map(|(_, l)| l).collect(), found: w.found }, w.aborted)
}

/// Solves one phase from `pos`; `len` is plies for help play, moves otherwise. `Err` is a case stipula does not
/// reproduce.
fn solve_phase(
    search: &Search,
    p: &Problem,
    st: &Stipulation,
    pos: &Position,
    len: u32,
    kind: PhaseKind,
    settings: &Settings,
) -> Result<PhaseOut, Refusal> {
    if st.play.is_lines() {
        let enough = p.options.max_solutions.map(|m| m as usize);
        let (lines, aborted) =
            collect_phase_lines(search, st, pos, len, settings, kind, p.options.stop_on_short, enough);
        return Ok(PhaseOut::collected(lines, aborted));
    }
    let battle = Battle { search, play: st.play, opts: TreeOptions::from_options(&p.options) };
    if kind == PhaseKind::SetPlay {
        let Ok(defences) = battle.set_play(pos, len) else {
            return Ok(PhaseOut::stopped(PhasePlay::SetPlay(Vec::new())));
        };
        let count = defences.len();
        return Ok(PhaseOut { play: PhasePlay::SetPlay(defences), count, aborted: false });
    }
    if p.options.post_key_play {
        // Self play to castle in one move when the defender has no castling right: Popeye finds the goal
        // unreachable and prints nothing, where with another goal it lists every defence as refuting (`s001`,
        // `PostKeyPlay`, White Kb1 Pa3 Sa7, Black Kh3 Sa6). In two moves it lists them (`s002`, White Bh3 Sc5 Pf5
        // Kf8, Black Qb4 Kd8: the differential tester's seed 20261124, case 55); Popeye's unreachability test
        // is read off these two cases, not its source.
        let rights = match pos.side() {
            Color::White => castle::WK | castle::WQ,
            Color::Black => castle::BK | castle::BQ,
        };
        if st.play == Play::Self_ && st.goal == Goal::Castling && pos.castling() & rights == 0 && len <= 1 {
            return Ok(PhaseOut { play: PhasePlay::Tree(Vec::new()), count: 0, aborted: false });
        }
        // PostKeyPlay: the diagram is the position after the key, the defender to move (BEISPIEL-postkey_1).
        return match battle.post_key(pos, len) {
            Ok(pk) => Ok(PhaseOut { play: PhasePlay::PostKey(pk), count: 1, aborted: false }),
            Err(Aborted) => Ok(PhaseOut::stopped(PhasePlay::Tree(Vec::new()))),
        };
    }
    // At the time limit, the keys searched to their end are kept.
    let (firsts, aborted) = battle.root_found(pos, len);
    let count = firsts.iter().filter(|a| a.role == Role::Key).count();
    Ok(PhaseOut { play: PhasePlay::Tree(firsts), count, aborted })
}

/// `MaxSolutions n`: keeps the first `n` solutions, the shortest lines first and then in canonical order (the
/// search runs to the end of a length, so that which ones are kept does not depend on the thread count). Returns
/// whether the list is partial: as Popeye, which stops at the `n`-th solution, once `n` are listed, whether or not
/// more exist.
fn cut_to(play: &mut PhasePlay, count: &mut usize, max: usize) -> bool {
    match play {
        PhasePlay::Lines(lines) => {
            // The shortest lines first, as Popeye solves help and series play length by length, and among lines of
            // one length the canonically first; listed in canonical order.
            if lines.len() > max {
                let mut order: Vec<usize> = (0..lines.len()).collect();
                order.sort_by_key(|&i| (lines[i].moves.len(), i));
                let mut kept = vec![false; lines.len()];
                order[..max].iter().for_each(|&i| kept[i] = true);
                let mut i = 0;
                lines.retain(|_| {
                    i += 1;
                    kept[i - 1]
                });
            }
            *count = (*count).min(max);
            *count >= max
        }
        PhasePlay::Tree(firsts) => {
            // Keep the first `max` first moves: Popeye counts the tries it prints too.
            let total = firsts.len();
            firsts.truncate(max);
            *count = firsts.iter().filter(|a| a.role == Role::Key).count();
            total >= max
        }
        // Set play and post-key play have no first moves of the attacker's: nothing is cut, no key counted.
        PhasePlay::SetPlay(_) | PhasePlay::PostKey(_) => {
            *count = 0;
            max == 0
        }
    }
}

/// `StopOnShortSolutions` in help and series play: when solutions shorter than the stipulation exist, only
/// the shortest are listed (Popeye stops there). Returns whether longer ones were dropped.
fn keep_shortest(lines: &mut Vec<Line>, count: &mut usize, st: &Stipulation, full: u32) -> bool {
    let Some(shortest) = lines.iter().map(|l| l.moves.len()).min() else {
        return false;
    };
    // ser-r#'s failing goal moves (` ?!?`) are no short solutions.
    if lines.iter().any(|l| matches!(l.style, LineStyle::Fails | LineStyle::FailsPassed)) {
        return false;
    }
    let full_len = match st.play {
        Play::Help | Play::SeriesDirect | Play::HelpZugzwang | Play::HelpUnavoidable => full as usize,
        // hs#: the self end's two half-moves follow the help plies.
        Play::HelpSelf | Play::HelpReflex => full as usize + 2,
        // ser-h# and ser-s#: the opponent's final move follows the series.
        _ => full as usize + 1,
    };
    if shortest >= full_len {
        return false;
    }
    lines.retain(|l| l.moves.len() == shortest);
    *count = lines.len();
    true
}

#[cfg(test)]
mod cut_tests {
    use super::*;
    use crate::pieces::{Kind, Piece};
    use crate::solve::solution::{Attack, PlayedMove, Threat};
    use crate::square::Square;

    fn help(moves: u32) -> Stipulation {
        Stipulation {
            play: Play::Help,
            goal: Goal::Mate,
            moves,
            half: false,
            exact: false,
            intro: 0,
            reci: None,
            structured: None,
            parry: false,
            quodlibet: false,
        }
    }

    /// A line of `n` rook moves (`Ra1-a2 …`), the `i`-th first move.
    fn line(i: u8, n: usize) -> Line {
        let rook = Piece { kind: Kind::ROOK, color: Color::White };
        let mv = Move::new(Square::from_coords(0, 0), Square::from_coords(0, i), None, crate::moves::Special::None);
        Line {
            style: LineStyle::Help,
            moves: vec![
                PlayedMove {
                    mv,
                    piece: rook,
                    attrs: crate::pieces::Attrs::NONE,
                    mark: None,
                    effects: crate::effects::Effects::NONE
                };
                n
            ],
        }
    }

    fn first(i: u8, role: Role) -> Attack {
        Attack { mv: line(i, 1).moves[0], role, threat: Threat::NotShown, defences: Vec::new(), refutations: None }
    }

    #[test]
    fn max_solutions_keeps_the_first_in_canonical_order() {
        let mut play = PhasePlay::Lines(vec![line(1, 2), line(2, 2), line(3, 2)]);
        let mut count = 3;
        assert!(cut_to(&mut play, &mut count, 2));
        assert_eq!(play, PhasePlay::Lines(vec![line(1, 2), line(2, 2)]));
        assert_eq!(count, 2);
        assert!(!cut_to(&mut play, &mut count, 5));
        // Popeye stops at the n-th solution and calls the list partial even when no more exist (h#1 with one
        // solution and MaxSolutions 1: `Partial solution`, Popeye 4.104's output).
        assert!(cut_to(&mut play, &mut count, 2));
        // Tree mode: whole first moves are kept, tries counted among them, keys counted as solutions.
        let mut tree = PhasePlay::Tree(vec![first(1, Role::Try), first(2, Role::Key), first(3, Role::Key)]);
        let mut keys = 2;
        assert!(cut_to(&mut tree, &mut keys, 2));
        assert_eq!(tree, PhasePlay::Tree(vec![first(1, Role::Try), first(2, Role::Key)]));
        assert_eq!(keys, 1);
        // The shortest lines first (Popeye solves help play length by length: `h#3.5 MaxSolutions 3` lists three
        // h#1.5 lines, tests/popeye-cases/help-maxsolutions-shortest), listed in canonical order.
        let mut mixed = PhasePlay::Lines(vec![line(1, 4), line(2, 2), line(3, 4), line(4, 2)]);
        let mut n = 4;
        assert!(cut_to(&mut mixed, &mut n, 3));
        assert_eq!(mixed, PhasePlay::Lines(vec![line(1, 4), line(2, 2), line(4, 2)]));
    }

    #[test]
    fn stop_on_short_solutions_keeps_the_shortest() {
        let mut lines = vec![line(1, 4), line(2, 2)];
        let mut count = 2;
        assert!(keep_shortest(&mut lines, &mut count, &help(2), 4));
        assert_eq!((lines, count), (vec![line(2, 2)], 1));
        let mut full = vec![line(1, 4)];
        let mut c = 1;
        assert!(!keep_shortest(&mut full, &mut c, &help(2), 4));
    }
}
