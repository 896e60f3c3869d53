//! The solutions the searches return, typed: each move with what Popeye's notation prints of it, help and
//! series lines, the trees of direct, self and reflex play (keys and tries, threats, variations, refutations,
//! the defender's forced goal moves), set play and post-key play. Renderers in `output/` write them; `verify`
//! and `explain` read them; nothing reads text back.
//!
//! Canonical order: siblings are sorted by their Popeye text ([`PhasePlay::lines`], Popeye's layout of the
//! tree, which the text renderer prints as it is), so that what is listed does not depend on the thread count.

use crate::effects::Effects;
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::notation::write_move_attrs_in;
use crate::pieces::{Attrs, Piece};
use crate::position::Position;
use crate::problem::Goal;
use crate::square::Color;
use crate::words::{in_lang, Lang};
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// What Popeye writes after a move: ` +` for check, or the goal's marker (` #`, ` =`, ` x`), or both (` + x`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Check,
    /// The goal reached: its marker, without the check of a goal that preempts it ([`Goal::preempts_check`]).
    Goal(Goal),
    /// The goal reached with a check its marker does not preempt: ` + x`, or ` +` alone after a goal with no
    /// marker (`0-0 +`); a proof game's last move giving check (`Bf2-e1 + a=>b`).
    CheckAndGoal(Goal),
}

impl Mark {
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Check => "+",
            Mark::Goal(g) => g.marker(),
            Mark::CheckAndGoal(g) => match g.marker() {
                "" => "+",
                "x" => "+ x",
                "z" => "+ z",
                "%" => "+ %",
                "c81" => "+ c81",
                "dia" => "+ dia",
                "a=>b" => "+ a=>b",
                "!#" => "+ !#",
                _ => "+",
            },
        }
    }

    /// The mark of a move that reaches `goal`, giving check or not; none for a goal that writes no marker
    /// (`ep`, `00`, `~`) after a move that gives no check.
    pub fn of_goal(goal: Goal, check: bool) -> Option<Mark> {
        if check && !goal.preempts_check() {
            Some(Mark::CheckAndGoal(goal))
        } else if goal.marker().is_empty() {
            None
        } else {
            Some(Mark::Goal(goal))
        }
    }
}

/// A move played in a solution, with everything its notation shows: the move (from, to, captured square,
/// promotion, castling, en passant, the Madness of Kings' move of the opponent's king), the piece that moves,
/// and its mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub mv: Move,
    /// The piece that moves (Madness of Kings: the opponent's king, which the side to move moves).
    pub piece: Piece,
    /// The moving piece's attributes (royal, …), which Popeye writes before it (`rBh8*e5`).
    pub attrs: Attrs,
    pub mark: Option<Mark>,
    /// What the move does besides (a Circe rebirth), as the notation shows it (`[+bRa8]`).
    pub effects: Effects,
}

/// Castling, as `0-0` or `0-0-0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Castling {
    Short,
    Long,
}

impl PlayedMove {
    /// `mv` played from `before`, marked `mark`.
    pub fn new(before: &Position, mv: Move, mark: Option<Mark>) -> PlayedMove {
        let piece = before.piece_at(mv.from).expect("a move starts on an occupied square");
        PlayedMove { mv, piece, attrs: before.attrs_at(mv.from).visible(), mark, effects: Effects::NONE }
    }

    /// `mv` from `before` to `after`, marked with the goal's symbol when it reaches the goal and `goal_counts`,
    /// else with ` +` when it gives check (Popeye's tree mode).
    pub fn marked(rules: &Rules, before: &Position, mv: Move, after: &Position, goal: Option<Goal>) -> PlayedMove {
        let mark = match goal {
            Some(g) => Mark::of_goal(g, rules.in_check(after, after.side())),
            None if rules.in_check(after, after.side()) => Some(Mark::Check),
            None => None,
        };
        PlayedMove::made(rules, before, mv, mark)
    }

    /// `mv` played from `before` under `rules`, marked `mark`, with what the conditions did besides (a rebirth).
    pub fn made(rules: &Rules, before: &Position, mv: Move, mark: Option<Mark>) -> PlayedMove {
        let effects = rules.effects(before, mv);
        let played = PlayedMove::new(before, mv, mark);
        PlayedMove { effects, piece: effects.moving_piece(mv.from, played.piece), ..played }
    }

    pub fn castling(&self) -> Option<Castling> {
        match self.mv.special {
            Special::CastleShort => Some(Castling::Short),
            Special::CastleLong => Some(Castling::Long),
            _ => None,
        }
    }

    /// The move in Popeye's notation, without its mark (`Sf1-e3`, `e5*d6 ep.`, `0-0`).
    pub fn notation(&self) -> String {
        write_move_attrs_in(self.piece, self.attrs, self.mv, Lang::English)
    }

    /// The move with its mark (`Sf1-e3 +`, `Qa7-a1 #`).
    pub fn text(&self) -> String {
        self.text_in(Lang::English)
    }

    /// [`PlayedMove::text`] with the piece codes of Popeye's `lang`.
    pub fn text_in(&self, lang: Lang) -> String {
        let mut s = self.effects.write_before_in(lang);
        let mv = if self.effects.promotion_written_after() { self.mv.without_promotion() } else { self.mv };
        s += &write_move_attrs_in(self.piece, self.attrs, mv, lang);
        s += &self.effects.write_in(lang);
        if let Some(m) = self.mark {
            s.push(' ');
            s += m.symbol();
        }
        s
    }
}

impl Serialize for PlayedMove {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mv = &self.mv;
        let mut m = s.serialize_struct("PlayedMove", 12)?;
        let text =
            self.effects.write_before_in(Lang::English) + &self.notation() + &self.effects.write_in(Lang::English);
        m.serialize_field("text", &text)?;
        m.serialize_field("from", &mv.from.to_string())?;
        m.serialize_field("to", &mv.to.to_string())?;
        m.serialize_field("piece", self.piece.kind.code())?;
        m.serialize_field("color", if self.piece.color == Color::White { "white" } else { "black" })?;
        if !self.attrs.is_empty() {
            m.serialize_field("attributes", &self.attrs.defs().map(|d| d.name).collect::<Vec<_>>())?;
        }
        if let Some(c) = mv.capture() {
            m.serialize_field("capture", &c.to_string())?;
        }
        if let Some(k) = mv.promotion() {
            m.serialize_field("promotion", k.code())?;
        }
        match self.castling() {
            Some(Castling::Short) => m.serialize_field("castling", "short")?,
            Some(Castling::Long) => m.serialize_field("castling", "long")?,
            None => {}
        }
        if mv.special == Special::EnPassant {
            m.serialize_field("en_passant", &true)?;
        }
        if mv.special == Special::Insane {
            m.serialize_field("opponent_king", &true)?;
        }
        if mv.special == Special::Exchange {
            m.serialize_field("exchange", &true)?;
        }
        if let Some(mark) = self.mark {
            m.serialize_field("mark", mark.symbol())?;
        }
        if !self.effects.is_empty() {
            m.serialize_field("effects", &self.effects)?;
        }
        m.end()
    }
}

/// How move numbers run in a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LineStyle {
    /// Help play: two half-moves per number; the side to move at the start may be the second of the pair
    /// (then the line starts with `1...`).
    Help,
    /// Series play: one number per series move; moves after the first `n` (the opponent's final move) share
    /// the last number.
    Series(usize),
    /// Help play after a passed first half-move (the set play of `h#n.5`): `  1...  ...  2.Bc4-a2 Bb7-c6 +   3.…`.
    HelpPassed,
    /// The reciprocal end's line of `reci-h#`, one half-move shorter than the help end's beside it and numbered
    /// as that one (`1.f2-f1=S d2-d4   2.e4*d3 ep. #` beside `1.f2-f1=S d2-d4   2.0-0-0 Sa4-b6 #`).
    HelpReci,
    /// A proof game (`dia`, `a=>b`): two half-moves per number from the first, whatever the length
    /// (`  1.Sg1-f3 e7-e5   2.e2-e4 dia`).
    Proof,
    /// Help play of a structured stipulation (`SStipulation white 5h[…]h`), numbered from the side written first:
    /// the first half-move starts a number when that side makes it (`1.a2-a3 Qh2-a2   2.…   3.Rh1-e1`) ...
    HelpFirst,
    /// ... and is `1...` when the other side does (`black -5h[…]h`: `1...e7*f8=Q   2.e2-e1=Q Qf8-b8   3.…`).
    HelpSecond,
    /// Series reflex play (`ser-r#`): a goal move the series side could make at once, which its reflex
    /// constraint forbids, so that the play fails there: `  1.Ka4-b5 ?!?`.
    Fails,
    /// Help-reflex play's set play (`hr#n.5`): [`LineStyle::Fails`] after a passed first half-move, `  1...  ...
    /// 2.c5*d6 ep. % ?!?`.
    FailsPassed,
    /// Series play after Popeye's introductory moves (`2->ser-#3`): the first `intro` moves the introductory side's,
    /// one number each, then the series play's, numbered from 1 again as [`LineStyle::Series`] with `series` series
    /// moves (`  1.Sc8*a7   2.Ta8*a7   1.Ta7-c7   2.Tc7-c1   3.Sg1-f3 #`); the other side passes between two
    /// moves of a series.
    Intro { intro: usize, series: usize },
    /// Parry series (`pser-h#n`, `phser-#n`): one number per series move, the other side's moves (bit `i` of
    /// `others` for the line's move `i`: its parries of a check and its final move) after a blank as in help play
    /// (`  3.Qh1-c1 + Sd5-f4   4.Qc1-c6 + Sf4-e6`); that side passes between two series moves.
    Parry { others: u64, len: usize },
}

impl LineStyle {
    /// The style of the parry series line `moves` from `start` (`ends_other`: its last move is the other side's,
    /// as in `pser-h#n`, `phser-s#n`): the other side moves after a series move that checks it, and at the end.
    pub fn parry(rules: &Rules, start: &Position, moves: &[Move], ends_other: bool) -> LineStyle {
        let series = start.side();
        let mut pos = start.clone();
        let mut others = 0u64;
        for (i, &m) in moves.iter().enumerate() {
            let mover = pos.side();
            let after = rules.make(&pos, m);
            if mover != series {
                others |= 1 << i.min(63);
                pos = after;
            } else if (ends_other && i + 2 == moves.len()) || rules.in_check(&after, after.side()) {
                pos = after;
            } else {
                pos = after.series_pass();
            }
        }
        LineStyle::Parry { others, len: moves.len() }
    }

    /// Whether the side to move passes after the line's move `i` (series play, between two series moves).
    pub fn passes_after(self, i: usize) -> bool {
        match self {
            LineStyle::Parry { others, len } => {
                i + 1 < len && i + 1 < 64 && others & (1 << i) == 0 && others & (1 << (i + 1)) == 0
            }
            LineStyle::Series(n) => i + 1 < n,
            LineStyle::Intro { intro, series } => i + 1 < intro || (i >= intro && i + 1 - intro < series),
            _ => false,
        }
    }
}

/// A solution of help or series play: its moves, the last marked with the goal, the others with ` +` where
/// they give check.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Line {
    pub style: LineStyle,
    pub moves: Vec<PlayedMove>,
}

impl Line {
    /// The line of `moves` from `start` (series play: the opponent passes between two series moves).
    pub fn new(rules: &Rules, start: &Position, moves: &[Move], style: LineStyle, goal: Goal) -> Line {
        Line::ending(rules, start, moves, style, Some(goal))
    }

    /// [`Line::new`], the last move marked with `goal` if any, else as the others (help play into a hidden end,
    /// whose last help move reaches no goal itself).
    pub fn ending(rules: &Rules, start: &Position, moves: &[Move], style: LineStyle, goal: Option<Goal>) -> Line {
        let mut pos = start.clone();
        let mut out = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            let after = rules.make(&pos, m);
            let last = i + 1 == moves.len();
            out.push(PlayedMove::marked(rules, &pos, m, &after, goal.filter(|_| last)));
            pos = after;
            if style.passes_after(i) {
                pos = pos.series_pass();
            }
        }
        Line { style, moves: out }
    }

    /// A proof game's line of `moves` from `start` (series play: `series` moves, the opponent passing between
    /// them), every move that gives check marked ` +`, the last also with the goal (` dia`, ` a=>b`).
    pub fn proof(rules: &Rules, start: &Position, moves: &[Move], goal: Goal, series: bool) -> Line {
        let mut pos = start.clone();
        let mut out = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            let after = rules.make(&pos, m);
            let last = i + 1 == moves.len();
            let check = rules.in_check(&after, after.side());
            let mark = match (last, check) {
                (true, true) => Some(Mark::CheckAndGoal(goal)),
                (true, false) => Some(Mark::Goal(goal)),
                (false, true) => Some(Mark::Check),
                (false, false) => None,
            };
            out.push(PlayedMove::made(rules, &pos, m, mark));
            pos = if series && !last { after.series_pass() } else { after };
        }
        let style = if series { LineStyle::Series(moves.len()) } else { LineStyle::Proof };
        Line { style, moves: out }
    }

    /// The moves.
    pub fn moves(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }

    /// Whether help play's first half-move is numbered `1...`: Popeye numbers help play so that the last move
    /// completes a number, an odd number of half-moves starting with `1...` whichever side moves first (h#n.5, set
    /// play, duplex of WhiteToPlay); a structured stipulation from the side written first.
    pub fn half_start(&self) -> bool {
        match self.style {
            LineStyle::Help => self.moves.len() % 2 == 1,
            LineStyle::HelpReci => self.moves.len().is_multiple_of(2),
            LineStyle::HelpSecond => true,
            _ => false,
        }
    }

    /// The line in Popeye's line mode: `  1.Kd1-e2 Ka1-b1   2.Qh1-h8 #`.
    pub fn text(&self) -> String {
        self.text_in(Lang::English)
    }

    /// [`Line::text`] with the piece codes of Popeye's `lang`.
    pub fn text_in(&self, lang: Lang) -> String {
        let style = self.style;
        let mut s = String::new();
        // Popeye numbers help play so that the last move completes a number: an odd number of half-moves starts
        // with `1...`, whichever side moves first (h#n.5, set play, duplex of WhiteToPlay).
        let half_start = self.half_start();
        let mut number = 1;
        if matches!(style, LineStyle::HelpPassed | LineStyle::FailsPassed) {
            s += "  1...  ...";
            number = 2;
        }
        for (i, m) in self.moves.iter().enumerate() {
            let new_number = match style {
                LineStyle::HelpPassed => i % 2 == 0,
                LineStyle::Help | LineStyle::HelpReci | LineStyle::HelpSecond if half_start => i == 0 || i % 2 == 1,
                LineStyle::Help | LineStyle::HelpReci | LineStyle::Proof | LineStyle::HelpFirst => i % 2 == 0,
                LineStyle::HelpSecond => unreachable!("starts with half a number"),
                LineStyle::Series(n) => i < n,
                LineStyle::Parry { others, .. } => i >= 64 || others & (1 << i) == 0,
                LineStyle::Fails | LineStyle::FailsPassed => i == 0,
                LineStyle::Intro { intro, series } => {
                    if i == intro {
                        number = 1;
                    }
                    i < intro || i - intro < series
                }
            };
            if new_number {
                if i > 0 {
                    s.push(' ');
                }
                s += &format!("{:>3}{}", number, if half_start && i == 0 { "..." } else { "." });
                number += 1;
            } else {
                s.push(' ');
            }
            s += &m.text_in(lang);
        }
        if matches!(style, LineStyle::Fails | LineStyle::FailsPassed) {
            s += " ?!?";
        }
        s
    }
}

/// What an attacking move is in the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// A key or a cook: ` !`.
    Key,
    /// A try: ` ?`, its refutations after `but`.
    Try,
    /// A threat or a continuation after a defence.
    Continuation,
    /// Reflex play: a first move that reaches the goal itself and so fails (` ?!?`).
    Fails,
}

/// What Popeye shows of the threat after an attacking move.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Threat {
    /// Nothing (no `Variations`, a check, the last move, `NoThreat`).
    NotShown,
    /// ` zugzwang.`: no threat.
    Zugzwang,
    /// ` threat:` and the threats, each with its tree.
    Moves(Vec<Attack>),
}

/// An attacking move of direct, self or reflex play and the play after it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Attack {
    #[serde(rename = "move")]
    pub mv: PlayedMove,
    pub role: Role,
    pub threat: Threat,
    /// The defences shown (variations), each with the attacker's continuations.
    pub defences: Vec<Defence>,
    /// A try's refutations, shown after `but`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refutations: Option<Vec<Refutation>>,
}

/// A defence and the attacker's continuations after it (more than one: a dual); none when it reaches the goal
/// (self and reflex play) or, in post-key play, when it refutes.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Defence {
    #[serde(rename = "move")]
    pub mv: PlayedMove,
    pub continuations: Vec<Attack>,
    /// Post-key play: the defence refutes (`refutes.`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub refutes: bool,
}

/// A defence refuting a try (` !`), with, in reflex play, the attacker's goal moves it is then forced to make
/// (` ?!?`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Refutation {
    #[serde(rename = "move")]
    pub mv: PlayedMove,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub forced: Vec<PlayedMove>,
    /// Popeye's text writes the forced goal moves a first time right after `but`, before the refutation (an
    /// `exact-` reflex try of three moves or more with `NoShortVariations`: its test for a short win after the
    /// refutation, STNoShortVariations, runs through its writer of forced goal moves).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub forced_written_before: bool,
}

/// Post-key play: the diagram is the position after the key; what the key would show (check, threat or
/// zugzwang) and the defences.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PostKey {
    /// The defender is in check (` +`).
    pub check: bool,
    pub threat: Threat,
    pub defences: Vec<Defence>,
}

/// One phase's solutions.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PhasePlay {
    /// Help and series play.
    Lines(Vec<Line>),
    /// Direct, self and reflex play: the first moves, keys and tries.
    Tree(Vec<Attack>),
    /// The set play of direct, self and reflex play: the defender's moves in the diagram and what follows.
    SetPlay(Vec<Defence>),
    PostKey(PostKey),
}

impl PhasePlay {
    /// The phase in Popeye's text, line by line (tree mode without the blank lines between first moves).
    pub fn lines(&self) -> Vec<String> {
        self.lines_in(Lang::English)
    }

    /// [`PhasePlay::lines`] in Popeye's `lang`: its piece codes and its words (`Drohung:`, `Aber`).
    pub fn lines_in(&self, lang: Lang) -> Vec<String> {
        let mut out = Vec::new();
        match self {
            PhasePlay::Lines(lines) => out.extend(lines.iter().map(|l| l.text_in(lang))),
            PhasePlay::Tree(firsts) => firsts.iter().for_each(|a| a.layout(0, lang, &mut out)),
            PhasePlay::SetPlay(defences) => defences.iter().for_each(|d| d.layout(1, lang, &mut out)),
            PhasePlay::PostKey(pk) => {
                let head = format!("{}{}", if pk.check { " +" } else { "" }, pk.threat.suffix(lang));
                if !head.is_empty() {
                    out.push(head);
                }
                pk.threat.layout(0, lang, &mut out);
                pk.defences.iter().for_each(|d| d.layout(1, lang, &mut out));
            }
        }
        out
    }

    /// The keys (`Role::Key` first moves) of a tree; none in other play.
    pub fn keys(&self) -> Vec<&Attack> {
        match self {
            PhasePlay::Tree(firsts) => firsts.iter().filter(|a| a.role == Role::Key).collect(),
            _ => Vec::new(),
        }
    }
}

/// A node of the tree laid out as Popeye prints it in `lang`, at half-move `ply` (0: the key).
pub trait Layout {
    fn layout(&self, ply: u32, lang: Lang, out: &mut Vec<String>);
}

/// Sorts siblings at half-move `ply` by their (English) text: the canonical order.
pub fn sort_canonically<T: Layout>(items: &mut [T], ply: u32) {
    items.sort_by_cached_key(|x| {
        let mut lines = Vec::new();
        x.layout(ply, Lang::English, &mut lines);
        lines
    });
}

pub use crate::words::{BUT, REFUTES, THREAT, ZUGZWANG};

/// Popeye's indentation: the key at column 3, then four more per half-move; a move number of two digits takes
/// one column of it.
fn indent(ply: u32) -> String {
    let number = ply / 2 + 1;
    let digits = number.to_string().len();
    " ".repeat(if ply == 0 { 3 } else { 2 + 4 * ply as usize } + 1 - digits)
}

/// A move's line in the tree at half-move `ply`: `      1...Kc2-c3`.
fn tree_line(mv: &PlayedMove, ply: u32, lang: Lang) -> String {
    format!("{}{}", indent(ply), numbered_in(mv, ply, lang))
}

/// A move with its number in the tree at half-move `ply`, without indentation: `1...Kc2-c3`, `2.Qa7-a1 #`.
pub fn numbered(mv: &PlayedMove, ply: u32) -> String {
    numbered_in(mv, ply, Lang::English)
}

fn numbered_in(mv: &PlayedMove, ply: u32, lang: Lang) -> String {
    format!("{}{}{}", ply / 2 + 1, if ply.is_multiple_of(2) { "." } else { "..." }, mv.text_in(lang))
}

impl Role {
    pub fn suffix(self) -> &'static str {
        match self {
            Role::Key => " !",
            Role::Try => " ?",
            Role::Continuation => "",
            Role::Fails => " ?!?",
        }
    }
}

impl Threat {
    fn suffix(&self, lang: Lang) -> String {
        match self {
            Threat::NotShown => String::new(),
            Threat::Zugzwang => format!(" {}", in_lang(&ZUGZWANG, lang)),
            Threat::Moves(_) => format!(" {}", in_lang(&THREAT, lang)),
        }
    }

    /// The threats of an attacking move at `ply`.
    fn layout(&self, ply: u32, lang: Lang, out: &mut Vec<String>) {
        if let Threat::Moves(threats) = self {
            threats.iter().for_each(|t| t.layout(ply + 2, lang, out));
        }
    }
}

impl Attack {
    /// The move with its number and marks, as `verify` names keys: `1.Ke5-d4 !`, `1.Sc6-d8 + !`.
    pub fn head(&self, ply: u32) -> String {
        numbered(&self.mv, ply) + self.role.suffix()
    }
}

impl Layout for Attack {
    fn layout(&self, ply: u32, lang: Lang, out: &mut Vec<String>) {
        out.push(format!(
            "{}{}{}{}",
            indent(ply),
            numbered_in(&self.mv, ply, lang),
            self.role.suffix(),
            self.threat.suffix(lang)
        ));
        self.threat.layout(ply, lang, out);
        self.defences.iter().for_each(|d| d.layout(ply + 1, lang, out));
        if let Some(refutations) = &self.refutations {
            out.push(format!("    {}", in_lang(&BUT, lang)));
            refutations.iter().for_each(|r| r.layout(ply + 1, lang, out));
        }
    }
}

impl Layout for Defence {
    fn layout(&self, ply: u32, lang: Lang, out: &mut Vec<String>) {
        out.push(tree_line(&self.mv, ply, lang));
        self.continuations.iter().for_each(|c| c.layout(ply + 1, lang, out));
        if self.refutes {
            out.push(format!("{}{}", " ".repeat(4 + 4 * ply as usize), in_lang(&REFUTES, lang)));
        }
    }
}

impl Layout for Refutation {
    fn layout(&self, ply: u32, lang: Lang, out: &mut Vec<String>) {
        if self.forced_written_before {
            self.forced.iter().for_each(|f| f.layout(ply + 1, lang, out));
        }
        out.push(tree_line(&self.mv, ply, lang) + " !");
        self.forced.iter().for_each(|f| f.layout(ply + 1, lang, out));
    }
}

/// A goal move the attacker is forced to make after a refutation (reflex play).
impl Layout for PlayedMove {
    fn layout(&self, ply: u32, lang: Lang, out: &mut Vec<String>) {
        out.push(tree_line(self, ply, lang) + " ?!?");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::Kind;
    use crate::square::Square;

    /// A quiet move of a white or black `kind` between two squares, marked `mark`.
    fn mv(kind: Kind, color: Color, from: &str, to: &str, mark: Option<Mark>) -> PlayedMove {
        let sq = |s: &str| Square::parse(s).expect("a square");
        PlayedMove {
            mv: Move::new(sq(from), sq(to), None, Special::None),
            piece: Piece { kind, color },
            attrs: Attrs::NONE,
            mark,
            effects: Effects::NONE,
        }
    }

    fn attack(mv: PlayedMove, role: Role, threat: Threat, defences: Vec<Defence>) -> Attack {
        Attack { mv, role, threat, defences, refutations: None }
    }

    const MATE: Option<Mark> = Some(Mark::Goal(Goal::Mate));

    /// Popeye's tree layout: a key with its threat and a variation, a try with its refutation after `but`,
    /// reflex play's forced goal move, post-key play's `refutes.`. The shapes are those of Popeye's outputs
    /// (BEISPIEL-castling_5.out: `1.Ta1-a3 ? Zugzwang.` … `Aber` … `1...c4-c3 !`; BEISPIEL-postkey_1.out).
    #[test]
    fn trees_are_laid_out_as_popeye_prints_them() {
        let (w, b) = (Color::White, Color::Black);
        let threat = attack(mv(Kind::QUEEN, w, "a7", "a1", MATE), Role::Continuation, Threat::NotShown, Vec::new());
        let defence = Defence {
            mv: mv(Kind::BISHOP, b, "c2", "b1", None),
            continuations: vec![
                attack(mv(Kind::QUEEN, w, "a7", "a1", MATE), Role::Continuation, Threat::NotShown, Vec::new()),
                attack(mv(Kind::QUEEN, w, "a7", "g7", MATE), Role::Continuation, Threat::NotShown, Vec::new()),
            ],
            refutes: false,
        };
        let key = attack(
            mv(Kind::ROOK, w, "d2", "d4", Some(Mark::Check)),
            Role::Key,
            Threat::Moves(vec![threat]),
            vec![defence],
        );
        let mut try_ = attack(mv(Kind::ROOK, w, "a1", "a3", None), Role::Try, Threat::Zugzwang, Vec::new());
        try_.refutations = Some(vec![Refutation {
            mv: mv(Kind::PAWN, b, "c4", "c3", None),
            forced: vec![mv(Kind::KING, w, "e1", "d1", MATE)],
            forced_written_before: false,
        }]);
        let tree = PhasePlay::Tree(vec![key, try_]);
        assert_eq!(
            tree.lines(),
            [
                "   1.Rd2-d4 + ! threat:",
                "          2.Qa7-a1 #",
                "      1...Bc2-b1",
                "          2.Qa7-a1 #",
                "          2.Qa7-g7 #",
                "   1.Ra1-a3 ? zugzwang.",
                "    but",
                "      1...c4-c3 !",
                "          2.Ke1-d1 # ?!?",
            ]
        );
        let post_key = PhasePlay::PostKey(PostKey {
            check: false,
            threat: Threat::Zugzwang,
            defences: vec![Defence {
                mv: mv(Kind::KING, b, "e4", "d3", None),
                continuations: Vec::new(),
                refutes: true,
            }],
        });
        assert_eq!(post_key.lines(), [" zugzwang.", "      1...Ke4-d3", "        refutes."]);
        // In Popeye's German and French (its message `Refutation`): `Widerlegt.`, `Refute.`.
        assert_eq!(post_key.lines_in(Lang::German), [" Zugzwang.", "      1...Ke4-d3", "        Widerlegt."]);
        assert_eq!(post_key.lines_in(Lang::French), [" blocus.", "      1...Re4-d3", "        Refute."]);
        assert_eq!(
            PhasePlay::PostKey(PostKey { check: false, threat: Threat::NotShown, defences: Vec::new() }).lines(),
            Vec::<String>::new()
        );
    }

    /// The layout in Popeye's German and French: piece codes and words as in its outputs (BEISPIEL-castling_5.out:
    /// `1.Ta1-a3 ? Zugzwang.`, `Aber`, `1...c4-c3 !`; `Drohung:`; French `mais`, `blocus.`).
    #[test]
    fn trees_in_popeye_languages() {
        let (w, b) = (Color::White, Color::Black);
        let threat = attack(mv(Kind::QUEEN, w, "a7", "a1", MATE), Role::Continuation, Threat::NotShown, Vec::new());
        let key = attack(mv(Kind::KNIGHT, w, "d2", "f3", None), Role::Key, Threat::Moves(vec![threat]), Vec::new());
        let mut try_ = attack(mv(Kind::ROOK, w, "a1", "a3", None), Role::Try, Threat::Zugzwang, Vec::new());
        try_.refutations = Some(vec![Refutation {
            mv: mv(Kind::PAWN, b, "c4", "c3", None),
            forced: Vec::new(),
            forced_written_before: false,
        }]);
        let tree = PhasePlay::Tree(vec![key, try_]);
        let german = [
            "   1.Sd2-f3 ! Drohung:",
            "          2.Da7-a1 #",
            "   1.Ta1-a3 ? Zugzwang.",
            "    Aber",
            "      1...c4-c3 !",
        ];
        assert_eq!(tree.lines_in(Lang::German), german);
        let french =
            ["   1.Cd2-f3 ! menace:", "          2.Da7-a1 #", "   1.Ta1-a3 ? blocus.", "    mais", "      1...c4-c3 !"];
        assert_eq!(tree.lines_in(Lang::French), french);
        let line = Line {
            style: LineStyle::Help,
            moves: vec![mv(Kind::BISHOP, b, "c8", "g4", None), mv(Kind::QUEEN, w, "d1", "g4", MATE)],
        };
        assert_eq!(line.text_in(Lang::German), "  1.Lc8-g4 Dd1-g4 #");
    }

    /// Help and series numbering (BEISPIEL-castling_19.out: `  1.Rh2-f2 0-0-0 +   2.Kd3-e2 Rh1-e1 #`).
    #[test]
    fn lines_are_numbered_as_popeye_numbers_them() {
        let (w, b) = (Color::White, Color::Black);
        let moves = vec![
            mv(Kind::ROOK, b, "h2", "f2", None),
            mv(Kind::ROOK, w, "h1", "h2", Some(Mark::Check)),
            mv(Kind::KING, b, "d3", "e2", None),
            mv(Kind::ROOK, w, "h2", "e2", MATE),
        ];
        let help = Line { style: LineStyle::Help, moves: moves.clone() };
        assert_eq!(help.text(), "  1.Rh2-f2 Rh1-h2 +   2.Kd3-e2 Rh2-e2 #");
        let odd = Line { style: LineStyle::Help, moves: moves[1..].to_vec() };
        assert_eq!(odd.text(), "  1...Rh1-h2 +   2.Kd3-e2 Rh2-e2 #");
        let passed = Line { style: LineStyle::HelpPassed, moves: moves[..2].to_vec() };
        assert_eq!(passed.text(), "  1...  ...  2.Rh2-f2 Rh1-h2 +");
        let series = Line { style: LineStyle::Series(3), moves };
        assert_eq!(series.text(), "  1.Rh2-f2   2.Rh1-h2 +   3.Kd3-e2 Rh2-e2 #");
    }

    /// Siblings are sorted by their text whatever order they come in.
    #[test]
    fn siblings_are_sorted_by_their_text() {
        let w = Color::White;
        let a = attack(mv(Kind::QUEEN, w, "a7", "g7", MATE), Role::Continuation, Threat::NotShown, Vec::new());
        let b = attack(mv(Kind::QUEEN, w, "a7", "a1", MATE), Role::Continuation, Threat::NotShown, Vec::new());
        let mut v = vec![a.clone(), b.clone()];
        sort_canonically(&mut v, 2);
        assert_eq!(v, [b, a]);
    }
}
