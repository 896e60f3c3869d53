//! Teaching (`stipula explain`): who paralyses whom and by which observer, which checks are real and which are
//! cancelled, why a move is illegal, and a walk through the solutions of a problem. Built on the solver's rules
//! ([`Rules::observers`], [`Rules::paralysers`], the conditions' explanation hooks) but off its hot path. The
//! library computes data and English sentences; the CLI prints them.

use crate::attacks::{between, Occupancy};
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::naive::pawn_moves_naive;
use crate::output::notation::move_text;
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::problem::{Placed, Play, Problem};
use crate::setup::build_position;
use crate::solve::run::{
    collect_lines, diagram_rules, direct_keys, problem_search, series_end, series_moves, solving_refusal, start, time_limit, twin_diagrams,
    Settings,
};
use crate::solve::{Search, Table};
use crate::square::{Color, Square};
use std::sync::atomic::AtomicBool;

/// A paralysed piece and the pieces that paralyse it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paralysis {
    pub square: Square,
    pub piece: Piece,
    /// The squares of the paralysing observers.
    pub by: Vec<Square>,
}

/// Whether an observation of a king gives check, and if not, why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckStatus {
    /// A real check.
    Real,
    /// The observer is paralysed by the pieces on these squares, so it gives no check.
    Paralysed(Vec<Square>),
    /// Isardam: the capture of the king (the move text) would create these paralyses (paralysed, paralyser),
    /// so it would be illegal and the observation is no check.
    WouldParalyse { capture: String, pairs: Vec<(Square, Square)>, described: String },
    /// Another condition does not let the observation count.
    NotCounted,
}

/// One observation of a king by an opposing piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub king: Square,
    pub king_color: Color,
    pub observer: Square,
    pub piece: Piece,
    pub status: CheckStatus,
    /// The whole observation as a sentence, named in the position it was found in.
    pub sentence: String,
    /// A short clause for lists: "the knight on e4, paralysed by the knight on g3".
    pub clause: String,
}

/// What the analysis of one move says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move is legal. `arrival` lists the observations of the moving king's arrival square that do not
    /// count (why the king may go there); `checks` the checks the move gives.
    /// `released` names the pieces the move frees from paralysis, `paralyses` the paralyses it creates
    /// (sentences named in the position after the move).
    Legal { arrival: Vec<Check>, checks: Vec<Check>, released: Vec<String>, paralyses: Vec<String> },
    /// No piece stands on the departure square.
    NoPiece,
    /// The piece belongs to the side not to move; the inner verdict is for that side to move.
    NotItsTurn { to_move: Color, inner: Box<Verdict> },
    /// The piece's walk does not make this move here.
    NotAWalkMove(WalkFailure),
    /// The mover is paralysed by the pieces on these squares.
    Paralysed(Vec<Square>),
    /// The move leaves the mover's own king in check: the real checks, and the cancelled observations.
    SelfCheck(Vec<Check>),
    /// A condition forbids the position after the move: (paralysed, paralyser) pairs it would create.
    CreatesParalysis { pairs: Vec<(Square, Square)>, described: String },
    /// Refused by a rule this analysis cannot name more precisely.
    Other,
}

/// Why a move is not a move of the piece's walk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WalkFailure {
    /// Pieces stand on the line between departure and arrival.
    Blocked(Vec<Square>),
    /// A piece of the mover's own colour stands on the arrival square.
    OwnPiece,
    /// The walk never goes from here to there (or needs what is not there: a hurdle, a piece to capture).
    Geometry,
    /// Castling is not possible (rights, path, or check).
    Castling,
}

/// The answer to `--why MOVE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    /// The move as the analysis understood it, in display notation (`Rc5×g5`).
    pub text: String,
    pub from: Option<Square>,
    pub piece: Option<Piece>,
    pub verdict: Verdict,
}

/// What a position shows: paralyses, observations of both kings, the king's surprising squares, tempting
/// moves that are illegal, and whether the side to move is mated or stalemated.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub position: Position,
    pub paralysed: Vec<Paralysis>,
    /// Every observation of either king (real checks and cancelled ones).
    pub checks: Vec<Check>,
    /// Legal king moves of the side to move onto squares observed only by pieces that give no check.
    pub king_squares: Vec<KingSquare>,
    /// Captures the walks allow the side to move that are illegal, with the reason.
    pub tempting: Vec<Why>,
    pub mate: bool,
    pub stalemate: bool,
}

/// A legal king move onto a square that opposing pieces observe without giving check (seed 003 diagram B).
#[derive(Clone, Debug)]
pub struct KingSquare {
    /// The move, display notation (`Ke1-d2`).
    pub text: String,
    pub to: Square,
    /// The observations of the arrival square after the move, none of them a check.
    pub observations: Vec<Check>,
}

impl KingSquare {
    /// "Ke1-d2 is legal: d2 is observed by the knight on e4, paralysed by the knight on g3, …".
    pub fn sentence(&self) -> String {
        let parts: Vec<String> = self.observations.iter().map(|c| c.clause.clone()).collect();
        format!("{} is legal: {} is observed only by {}, so the king may stand there", self.text, self.to, list(&parts))
    }
}

/// One move of a solution with the position after it.
#[derive(Clone, Debug)]
pub struct Step {
    /// Move number as Popeye prints it: `1.` or `1...`.
    pub number: String,
    /// The move in Popeye notation with ` +` or the goal symbol.
    pub text: String,
    pub after: Snapshot,
}

/// A node of a direct-play tree: a move and the replies to it.
#[derive(Clone, Debug)]
pub struct Node {
    pub step: Step,
    pub children: Vec<Node>,
}

/// The explanation of one twin.
#[derive(Clone, Debug)]
pub struct TwinExplanation {
    pub label: String,
    pub heading: String,
    pub stipulation: String,
    pub conditions: Vec<String>,
    pub pieces: Vec<Placed>,
    /// The diagram position (side to move as the stipulation says) — `None` when refused.
    pub initial: Option<Snapshot>,
    /// Help and series play: each solution as a line of steps.
    pub lines: Vec<Vec<Step>>,
    /// Direct play: each key with the defences and the continuations that still reach the goal.
    pub tree: Vec<Node>,
    /// Remarks on what is not walked (self play, a cut tree, lines left out, a time-out).
    pub notes: Vec<String>,
    /// The time limit stopped the search: the solutions walked through are not all.
    pub timed_out: bool,
    /// Help and series play: solutions found and not walked through, beyond the settings' `max_lines`.
    pub left_out: usize,
    /// Why the twin cannot be explained (bad position or options).
    pub refused: Option<String>,
}

/// Most steps a direct-play tree shows before it is cut.
const MAX_TREE_STEPS: usize = 400;
/// Most tempting moves listed per position.
const MAX_TEMPTING: usize = 8;

// ------------------------------------------------------------------------------------------------------------
// Observation facts

/// Every paralysed piece of `pos` with its paralysers, in square order.
pub fn paralyses(rules: &Rules, pos: &Position) -> Vec<Paralysis> {
    let mut out = Vec::new();
    for (sq, piece) in pos.pieces() {
        if rules.is_paralysed(pos, sq) {
            out.push(Paralysis { square: sq, piece, by: rules.paralysers(pos, sq) });
        }
    }
    out
}

/// The walk moves of the piece on `from`, ignoring paralysis, check and whose turn it is (castling only when
/// its colour is to move and the king is free: the generator decides).
pub fn walk_moves(rules: &Rules, pos: &Position, from: Square) -> Vec<Move> {
    let Some(piece) = pos.piece_at(from) else { return Vec::new() };
    if piece.kind == Kind::PAWN {
        let mut v = pawn_moves_naive(pos, from, &rules.promotions);
        if !rules.en_passant_exists() {
            v.retain(|m| m.special != Special::EnPassant);
        }
        return v;
    }
    let mut v = Vec::new();
    rules.walks.get(piece.kind).for_each_target(pos, piece.color, from, |to, cap| v.push(Move::new(from, to, cap, Special::None)));
    v
}

/// Every observation of the king of `color` in `pos`, with its status.
pub fn king_observations(rules: &Rules, pos: &Position, color: Color) -> Vec<Check> {
    let Some(king) = pos.king(color) else { return Vec::new() };
    observations_of(rules, pos, king, color)
}

fn observations_of(rules: &Rules, pos: &Position, target: Square, color: Color) -> Vec<Check> {
    let mut out = Vec::new();
    for observer in rules.observers(pos, target, color.opposite()) {
        let Some(piece) = pos.piece_at(observer) else { continue };
        let status = if rules.is_paralysed(pos, observer) {
            CheckStatus::Paralysed(rules.paralysers(pos, observer))
        } else if !rules.observation_counts(pos, observer, target) {
            isardam_reason(rules, pos, observer, target)
        } else {
            CheckStatus::Real
        };
        let mut c = Check { king: target, king_color: color, observer, piece, status, sentence: String::new(), clause: String::new() };
        c.sentence = check_sentence(pos, &c);
        c.clause = observation_clause(pos, &c);
        out.push(c);
    }
    out
}

/// Why an unparalysed observation does not count: the capture it stands for would create a paralysis.
fn isardam_reason(rules: &Rules, pos: &Position, observer: Square, target: Square) -> CheckStatus {
    // Isardam (Popeye's type A): a piece checks only if its capture of the king would be legal (isardam.rs).
    for mv in walk_moves(rules, pos, observer) {
        if mv.capture() != Some(target) {
            continue;
        }
        let after = rules.make(pos, mv);
        let pairs = forbidden(rules, &after);
        if !pairs.is_empty() {
            let described = pairs_described(&after, &pairs);
            return CheckStatus::WouldParalyse { capture: display(&move_text(pos, mv)), pairs, described };
        }
    }
    CheckStatus::NotCounted
}

/// "the rook on c4 would be paralysed by the rook on a4", named in the position `after` the move.
fn pairs_described(after: &Position, pairs: &[(Square, Square)]) -> String {
    list(&pairs.iter().map(|&(a, b)| format!("{} would be paralysed by {}", piece_phrase(after, a), piece_phrase(after, b))).collect::<Vec<_>>())
}

fn forbidden(rules: &Rules, pos: &Position) -> Vec<(Square, Square)> {
    let mut v: Vec<(Square, Square)> = rules.conditions().iter().flat_map(|c| c.forbidden_paralyses(rules, pos)).collect();
    v.sort();
    v.dedup();
    v
}

/// Popeye's `*` shown as `×` for prose.
fn display(popeye: &str) -> String {
    popeye.replace('*', "×")
}

// ------------------------------------------------------------------------------------------------------------
// Why a move is (il)legal

/// A move as the user wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Query {
    letters: String,
    from: Square,
    to: Square,
    /// A locust's captured square (`Lc3*d4-e5`).
    captured: Option<Square>,
    promotion: Option<Kind>,
}

/// Parses a move in Popeye notation (`Rc5-g5`, `Rc5*g5`, `Rc5xg5`, `Rc5×g5`, `c5g5`, `e7-e8=Q`,
/// `Lc3*d4-e5`, `0-0`), marks such as `+`, `#`, `!`, `?` and `ep.` ignored. Castling is returned as the
/// king's move.
fn parse_move(pos: &Position, text: &str) -> Result<Query, String> {
    let bad = || format!("cannot read the move `{text}` (expected Popeye notation such as `Rc5-g5`, `Rc5*g5`, `e7-e8=Q` or `0-0`)");
    let mut t: String = text.trim().replace("ep.", "").replace('×', "*").replace(' ', "");
    while t.ends_with(['+', '#', '!', '?']) {
        t.pop();
    }
    let castle = t.replace(['O', 'o'], "0");
    if castle == "0-0" || castle == "0-0-0" {
        let king = pos.king(pos.side()).ok_or_else(bad)?;
        let rank = king.rank();
        let file = if castle == "0-0" { 6 } else { 2 };
        return Ok(Query { letters: "K".into(), from: king, to: Square::from_coords(file, rank), captured: None, promotion: None });
    }
    let chars: Vec<char> = t.chars().collect();
    let mut i = 0;
    let mut letters = String::new();
    // Piece letters: upper-case letters, or digits of a code such as `03`, before the first square.
    while i < chars.len() && !(i + 1 < chars.len() && ('a'..='h').contains(&chars[i]) && ('1'..='8').contains(&chars[i + 1])) {
        letters.push(chars[i]);
        i += 1;
        if letters.len() > 2 {
            return Err(bad());
        }
    }
    let square = |i: &mut usize| -> Option<Square> {
        if *i + 1 < chars.len() {
            let s: String = chars[*i..*i + 2].iter().collect();
            if let Some(sq) = Square::parse(&s) {
                *i += 2;
                return Some(sq);
            }
        }
        None
    };
    let from = square(&mut i).ok_or_else(bad)?;
    if i < chars.len() && matches!(chars[i], '-' | '*' | 'x' | 'X' | ':') {
        i += 1;
    }
    let mut to = square(&mut i).ok_or_else(bad)?;
    let mut captured = None;
    if i < chars.len() && chars[i] == '-' {
        // Locust: departure*captured-arrival.
        i += 1;
        captured = Some(to);
        to = square(&mut i).ok_or_else(bad)?;
    }
    let mut promotion = None;
    if i < chars.len() && chars[i] == '=' {
        i += 1;
    }
    if i < chars.len() {
        let code: String = chars[i..].iter().collect();
        let kind = Kind::from_code(&code)
            .or_else(|| (code.chars().count() == 1).then(|| Kind::from_fen_letter(code.chars().next().unwrap_or(' '))).flatten())
            .ok_or_else(bad)?;
        promotion = Some(kind);
        i = chars.len();
    }
    if i != chars.len() {
        return Err(bad());
    }
    Ok(Query { letters, from, to, captured, promotion })
}

/// Whether the letters the user wrote name `kind` (Popeye's English code, or the FEN letter: `N` for a knight
/// when no nightrider is meant).
fn letters_match(letters: &str, kind: Kind) -> bool {
    if letters.is_empty() {
        // `c5g5`: no letters at all names whatever stands there (a pawn in Popeye notation).
        return true;
    }
    kind.code().eq_ignore_ascii_case(letters)
        || (kind.def().fen.is_some_and(|c| letters.len() == 1 && c.eq_ignore_ascii_case(&letters.chars().next().unwrap_or(' '))))
        || (kind == Kind::PAWN && letters.eq_ignore_ascii_case("P"))
}

/// Explains whether the move written as `text` is legal in `pos`, and why not. `Err` when the text is not a
/// move.
pub fn why(rules: &Rules, pos: &Position, text: &str) -> Result<Why, String> {
    let q = parse_move(pos, text)?;
    let piece = pos.piece_at(q.from);
    let Some(p) = piece else {
        return Ok(Why { text: text.trim().to_string(), from: Some(q.from), piece: None, verdict: Verdict::NoPiece });
    };
    if !letters_match(&q.letters, p.kind) {
        return Err(format!(
            "the piece on {} is a {} {} (`{}`), not `{}`",
            q.from,
            p.color.name().to_lowercase(),
            p.kind.name(),
            if p.kind == Kind::PAWN { "" } else { p.kind.code() },
            q.letters
        ));
    }
    let (pos_used, turn) = if p.color == pos.side() { (pos.clone(), None) } else { (pos.null_move(), Some(pos.side())) };
    let (shown, verdict) = judge(rules, &pos_used, &q, p);
    let verdict = match turn {
        Some(to_move) => Verdict::NotItsTurn { to_move, inner: Box::new(verdict) },
        None => verdict,
    };
    Ok(Why { text: shown, from: Some(q.from), piece, verdict })
}

fn matches(q: &Query, m: &Move) -> bool {
    m.from == q.from
        && m.to == q.to
        && q.captured.is_none_or(|c| m.capture() == Some(c))
        && q.promotion.is_none_or(|k| m.promotion() == Some(k))
}

/// Judges the query with the mover's side to move; returns the display text of the move and the verdict.
fn judge(rules: &Rules, pos: &Position, q: &Query, p: Piece) -> (String, Verdict) {
    let fallback = {
        let sep = if pos.piece_at(q.to).is_some() { "×" } else { "-" };
        let letters = if p.kind == Kind::PAWN { "" } else { p.kind.code() };
        format!("{letters}{}{sep}{}", q.from, q.to)
    };
    let mut legal = Vec::new();
    rules.legal_moves(pos, &mut legal);
    let mut pseudo = Vec::new();
    rules.pseudo_moves(pos, &mut pseudo);
    let is_castle = p.kind == Kind::KING && q.from.file() == 4 && (q.to.file() as i8 - 4).abs() == 2 && q.from.rank() == q.to.rank();
    let mut candidates: Vec<Move> = if is_castle {
        pseudo.iter().copied().filter(|m| matches!(m.special, Special::CastleShort | Special::CastleLong)).collect()
    } else {
        walk_moves(rules, pos, q.from)
    };
    candidates.retain(|m| matches(q, m));
    // Prefer a queen promotion when none was named.
    candidates.sort_by_key(|m| (m.promotion() != Some(Kind::QUEEN), *m));
    if let Some(&mv) = legal.iter().find(|m| matches(q, m) && (!is_castle || m.special != Special::None)) {
        let after = rules.make(pos, mv);
        let mut text = display(&move_text(pos, mv));
        let checks: Vec<Check> = king_observations(rules, &after, after.side()).into_iter().filter(|c| c.status == CheckStatus::Real).collect();
        if !checks.is_empty() {
            text += "+";
        }
        let arrival = if p.kind == Kind::KING && !is_castle {
            observations_of(rules, &after, mv.to, p.color)
        } else {
            Vec::new()
        };
        let before_p = paralyses(rules, pos);
        let after_p = paralyses(rules, &after);
        let released = before_p
            .iter()
            .filter(|b| after.piece_at(b.square) == Some(b.piece) && !after_p.iter().any(|a| a.square == b.square))
            .map(|b| piece_phrase(pos, b.square))
            .collect();
        let created = after_p
            .iter()
            .filter(|a| !before_p.iter().any(|b| b.square == a.square && b.piece == a.piece && b.by == a.by))
            .map(|a| paralysis_sentence(&after, a))
            .collect();
        return (text, Verdict::Legal { arrival, checks, released, paralyses: created });
    }
    let Some(&mv) = candidates.first() else {
        if is_castle {
            if rules.is_paralysed(pos, q.from) {
                return (fallback, Verdict::Paralysed(rules.paralysers(pos, q.from)));
            }
            return (fallback, Verdict::NotAWalkMove(WalkFailure::Castling));
        }
        let failure = if pos.piece_at(q.to).is_some_and(|o| o.color == p.color) {
            WalkFailure::OwnPiece
        } else {
            let on_line = between(q.from, q.to) & pos.occupied();
            let walk = rules.walks.get(p.kind);
            let df = q.to.file() as i8 - q.from.file() as i8;
            let dr = q.to.rank() as i8 - q.from.rank() as i8;
            let straight = df == 0 || dr == 0 || df.abs() == dr.abs();
            let rides_there = (walk.ortho && (df == 0 || dr == 0)) || (walk.diag && df.abs() == dr.abs()) || (p.kind == Kind::PAWN && df == 0);
            if straight && rides_there && on_line.non_empty() {
                WalkFailure::Blocked(on_line.collect())
            } else {
                WalkFailure::Geometry
            }
        };
        return (fallback, Verdict::NotAWalkMove(failure));
    };
    let text = display(&move_text(pos, mv));
    if rules.is_paralysed(pos, q.from) {
        return (text, Verdict::Paralysed(rules.paralysers(pos, q.from)));
    }
    let after = rules.make(pos, mv);
    if rules.in_check(&after, p.color) {
        return (text, Verdict::SelfCheck(king_observations(rules, &after, p.color)));
    }
    let pairs = forbidden(rules, &after);
    if !pairs.is_empty() {
        let described = pairs_described(&after, &pairs);
        return (text, Verdict::CreatesParalysis { pairs, described });
    }
    (text, Verdict::Other)
}

// ------------------------------------------------------------------------------------------------------------
// Prose

/// "the rook on c5", "the white king on f1".
pub fn piece_phrase(pos: &Position, sq: Square) -> String {
    match pos.piece_at(sq) {
        Some(p) if p.kind == Kind::KING => format!("the {} king on {sq}", p.color.name().to_lowercase()),
        Some(p) => format!("the {} on {sq}", p.kind.name()),
        None => format!("the empty square {sq}"),
    }
}

fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn phrases(pos: &Position, squares: &[Square]) -> String {
    list(&squares.iter().map(|&s| piece_phrase(pos, s)).collect::<Vec<_>>())
}

/// "the rook on c5 is paralysed by the rook on g5".
pub fn paralysis_sentence(pos: &Position, p: &Paralysis) -> String {
    format!("{} is paralysed by {}", piece_phrase(pos, p.square), phrases(pos, &p.by))
}

/// One sentence on an observation of a king, in the position `pos` it was found in.
pub fn check_sentence(pos: &Position, c: &Check) -> String {
    let obs = piece_phrase(pos, c.observer);
    let king = piece_phrase(pos, c.king);
    match &c.status {
        CheckStatus::Real => format!("{obs} checks {king}"),
        CheckStatus::Paralysed(by) => format!("{obs} observes {king} but gives no check: it is paralysed by {}", phrases(pos, by)),
        CheckStatus::WouldParalyse { capture, described, .. } => {
            format!("{obs} observes {king} but gives no check: {capture} would create a paralysis ({described}), which Isardam forbids")
        }
        CheckStatus::NotCounted => format!("{obs} observes {king} but gives no check under the conditions in force"),
    }
}

/// The answer to `--why` as one or two sentences. `pos` is the position the question was asked in.
pub fn why_sentence(pos: &Position, w: &Why) -> String {
    let pos_used = match &w.verdict {
        Verdict::NotItsTurn { .. } => pos.null_move(),
        _ => pos.clone(),
    };
    verdict_sentence(&pos_used, w, &w.verdict)
}

fn verdict_sentence(pos: &Position, w: &Why, v: &Verdict) -> String {
    let t = &w.text;
    let mover = w.from.map(|f| piece_phrase(pos, f)).unwrap_or_default();
    match v {
        Verdict::NoPiece => format!("{t} is impossible: there is no piece on {}.", w.from.map(|s| s.to_string()).unwrap_or_default()),
        Verdict::NotItsTurn { to_move, inner } => {
            let other = to_move.opposite().name();
            format!("It is {}'s turn, not {other}'s. If {other} were to move: {}", to_move.name(), verdict_sentence(pos, w, inner))
        }
        Verdict::Legal { arrival, checks, released, paralyses } => {
            let mut s = format!("{t} is legal.");
            if !released.is_empty() {
                s += &format!(" It releases {} from paralysis.", list(released));
            }
            if !paralyses.is_empty() {
                s += &format!(" Afterwards {}.", list(paralyses));
            }
            if !arrival.is_empty() {
                let parts: Vec<String> = arrival.iter().map(|c| c.clause.clone()).collect();
                let sq = arrival[0].king;
                s += &format!(" {sq} is observed by {}, so the king may stand there.", list(&parts));
            }
            if !checks.is_empty() {
                let names: Vec<String> = checks.iter().map(|c| c.sentence.clone()).collect();
                s += &format!(" It gives check: {}.", list(&names));
            }
            s
        }
        Verdict::NotAWalkMove(f) => {
            let why = match f {
                WalkFailure::Blocked(sq) => format!("the way is blocked by {}", phrases(pos, sq)),
                WalkFailure::OwnPiece => format!("{} holds a piece of the same colour", w_to(t)),
                WalkFailure::Geometry => format!("{mover} cannot make this move by its walk here"),
                WalkFailure::Castling => "castling is not possible here (rights, an occupied or observed square, or check)".into(),
            };
            format!("{t} is impossible: {why}.")
        }
        Verdict::Paralysed(by) => format!("{t} is impossible: {mover} is paralysed by {}.", phrases(pos, by)),
        Verdict::SelfCheck(checks) => {
            let real: Vec<String> = checks.iter().filter(|c| c.status == CheckStatus::Real).map(|c| format!("the {} on {}", c.piece.kind.name(), c.observer)).collect();
            let king = checks.first().map(|c| format!("the {} king", c.king_color.name().to_lowercase())).unwrap_or_else(|| "its king".into());
            let mut s = format!("{t} is impossible: it would leave {king} in check from {}.", list(&real));
            let cancelled: Vec<String> = checks.iter().filter(|c| c.status != CheckStatus::Real).map(|c| c.clause.clone()).collect();
            if !cancelled.is_empty() {
                s += &format!(" (Also observed by {}.)", list(&cancelled));
            }
            s
        }
        Verdict::CreatesParalysis { described, .. } => {
            format!("{t} is impossible: it would create a paralysis, which Isardam forbids: {described}.")
        }
        Verdict::Other => format!("{t} is illegal under the conditions in force."),
    }
}

fn arrival_of(text: &str) -> Option<Square> {
    let chars: Vec<char> = text.chars().collect();
    (0..chars.len().saturating_sub(1)).rev().find_map(|i| Square::parse(&chars[i..i + 2].iter().collect::<String>()))
}

fn w_to(t: &str) -> String {
    arrival_of(t).map(|s| s.to_string()).unwrap_or_else(|| "the arrival square".into())
}

/// "the knight on e4 (paralysed by the knight on g3)".
fn observation_clause(pos: &Position, c: &Check) -> String {
    let who = piece_phrase(pos, c.observer);
    match &c.status {
        CheckStatus::Real => format!("{who} (a real check)"),
        CheckStatus::Paralysed(by) => format!("{who} (paralysed by {})", phrases(pos, by)),
        CheckStatus::WouldParalyse { capture, .. } => format!("{who} ({capture} would create a paralysis)"),
        CheckStatus::NotCounted => format!("{who} (its observation does not count)"),
    }
}

// ------------------------------------------------------------------------------------------------------------
// Snapshots and walkthroughs

/// Everything [`Snapshot`] holds for `pos`.
pub fn snapshot(rules: &Rules, pos: &Position) -> Snapshot {
    let paralysed = paralyses(rules, pos);
    let mut checks = Vec::new();
    for color in [pos.side(), pos.side().opposite()] {
        checks.extend(king_observations(rules, pos, color));
    }
    let mut legal = Vec::new();
    rules.legal_moves(pos, &mut legal);
    let us = pos.side();
    let mut king_squares = Vec::new();
    if let Some(k) = pos.king(us) {
        for &mv in legal.iter().filter(|m| m.from == k && m.special == Special::None) {
            let after = rules.make(pos, mv);
            let obs = observations_of(rules, &after, mv.to, us);
            if !obs.is_empty() {
                king_squares.push(KingSquare { text: display(&move_text(pos, mv)), to: mv.to, observations: obs });
            }
        }
    }
    let mut tempting = Vec::new();
    'outer: for (from, piece) in pos.pieces() {
        if piece.color != us {
            continue;
        }
        for mv in walk_moves(rules, pos, from) {
            let Some(c) = mv.capture() else { continue };
            if pos.piece_at(c).is_some_and(|x| x.kind == Kind::KING) || legal.contains(&mv) {
                continue;
            }
            if mv.promotion().is_some_and(|k| k != Kind::QUEEN) {
                continue;
            }
            let q = Query { letters: String::new(), from, to: mv.to, captured: Some(c), promotion: mv.promotion() };
            let (text, verdict) = judge(rules, pos, &q, piece);
            tempting.push(Why { text, from: Some(from), piece: Some(piece), verdict });
            if tempting.len() >= MAX_TEMPTING {
                break 'outer;
            }
        }
    }
    let in_check = rules.in_check(pos, us);
    let no_move = legal.is_empty();
    Snapshot { position: pos.clone(), paralysed, checks, king_squares, tempting, mate: in_check && no_move, stalemate: !in_check && no_move }
}

/// Explains every twin of a problem: the diagram, then each solution move by move. The search runs under the
/// settings' time limit and the problem's `MaxTime` (whichever is shorter, for all twins together), and walks
/// through at most `max_lines` lines of help and series play (the canonically first).
pub fn explain_problem(p: &Problem, settings: &Settings) -> Vec<TwinExplanation> {
    let deadline = time_limit(p, settings).map(|l| std::time::Instant::now() + l);
    let twins = match twin_diagrams(p) {
        Ok(t) => t,
        Err(e) => {
            return vec![TwinExplanation {
                label: String::new(),
                heading: String::new(),
                stipulation: p.stipulation.to_string(),
                conditions: Vec::new(),
                pieces: p.pieces.clone(),
                initial: None,
                lines: Vec::new(),
                tree: Vec::new(),
                notes: Vec::new(),
                timed_out: false,
                left_out: 0,
                refused: Some(e),
            }]
        }
    };
    twins
        .into_iter()
        .map(|(label, heading, d)| {
            let mut t = TwinExplanation {
                label,
                heading,
                stipulation: d.stipulation.to_string(),
                conditions: Vec::new(),
                pieces: d.pieces.clone(),
                initial: None,
                lines: Vec::new(),
                tree: Vec::new(),
                notes: Vec::new(),
                timed_out: false,
                left_out: 0,
                refused: None,
            };
            if let Err(e) = explain_diagram(p, &d, &mut t, settings, deadline) {
                t.refused = Some(e);
            }
            t
        })
        .collect()
}

/// The rules and the diagram position of a twin (the side to move as the stipulation says), and the length
/// the solver uses (half-moves in help play, moves otherwise).
fn prepare(p: &Problem, d: &crate::solve::twins::Diagram) -> Result<(Rules, Position, u32), String> {
    if let Some(why) = p.options.contradiction(&d.stipulation) {
        return Err(why);
    }
    let (rules, setup) = diagram_rules(p, d)?;
    let (first, len) = start(p, &d.stipulation);
    let pos = build_position(&d.pieces, &p.state, first, &rules, &setup).map_err(|e| e.to_string())?;
    Ok((rules, pos, len))
}

/// What went wrong answering `--why`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WhyError {
    /// The twin cannot be set up (bad position or options).
    Refused(String),
    /// The move text cannot be read, or names the wrong piece.
    BadMove(String),
}

/// The answer to `--why MOVE` for each twin of a problem, asked in the twin's diagram position:
/// (twin label, sentence or error).
pub fn why_in_problem(p: &Problem, text: &str) -> Vec<(String, Result<String, WhyError>)> {
    let twins = match twin_diagrams(p) {
        Ok(t) => t,
        Err(e) => return vec![(String::new(), Err(WhyError::Refused(e)))],
    };
    twins
        .into_iter()
        .map(|(label, _, d)| {
            let r = match prepare(p, &d) {
                Err(e) => Err(WhyError::Refused(e)),
                Ok((rules, pos, _)) => match why(&rules, &pos, text) {
                    Ok(w) => Ok(why_sentence(&pos, &w)),
                    Err(e) => Err(WhyError::BadMove(e)),
                },
            };
            (label, r)
        })
        .collect()
}

fn explain_diagram(
    p: &Problem,
    d: &crate::solve::twins::Diagram,
    t: &mut TwinExplanation,
    settings: &Settings,
    deadline: Option<std::time::Instant>,
) -> Result<(), String> {
    // The walkthrough solves as `solve` does: the same refusals, the same options.
    if let Some(why) = solving_refusal(p, &d.stipulation) {
        return Err(why);
    }
    let (rules, pos, len) = prepare(p, d)?;
    t.conditions = rules.conditions().iter().map(|c| c.describe()).collect();
    let st = &d.stipulation;
    t.initial = Some(snapshot(&rules, &pos));
    if p.options.set_play || p.options.duplex || p.options.half_duplex {
        t.notes.push("set play and duplex are not walked through; the main solution is".into());
    }
    let table = Table::try_new(settings.hash_mb)?;
    let stop = AtomicBool::new(false);
    let search = problem_search(p, st, &rules, &table, deadline, &stop);
    match st.play {
        Play::Help | Play::SeriesDirect | Play::SeriesHelp | Play::SeriesSelf => {
            let (found, aborted) = collect_lines(&search, st, &pos, len, settings, true);
            t.timed_out = aborted;
            let series = (st.play != Play::Help).then(|| series_end(st.play));
            for (_, l) in &found.lines {
                t.lines.push(steps(&rules, &pos, l, series.map(|end| series_moves(end, l)), st.goal));
            }
            t.left_out = found.left_out();
            if t.left_out > 0 {
                t.notes.push(format!("the first {} of {} solutions are walked through", found.lines.len(), found.found));
            }
        }
        Play::Direct | Play::Self_ | Play::Reflex => {
            let mut budget = MAX_TREE_STEPS;
            let (keys, aborted) = direct_keys(&search, st, &pos, len);
            t.timed_out = aborted;
            for (key, after) in keys {
                match direct_node(&search, st.play, &pos, key, &after, len, 1, true, &mut budget) {
                    Ok(node) => t.tree.push(node),
                    Err(_) => {
                        t.timed_out = true;
                        break;
                    }
                }
            }
            if budget == 0 {
                t.notes.push(format!("the tree was cut after {MAX_TREE_STEPS} moves"));
            }
        }
    }
    if t.timed_out {
        t.notes.push("the time limit stopped the search: the solutions walked through are not all".into());
    }
    t.lines.sort_by_key(|l| line_key(l));
    Ok(())
}

fn line_key(l: &[Step]) -> Vec<String> {
    l.iter().map(|s| s.text.clone()).collect()
}

fn step(rules: &Rules, before: &Position, mv: Move, after: &Position, number: String, goal: crate::problem::Goal, last: bool) -> Step {
    let mut text = move_text(before, mv);
    let snap = snapshot(rules, after);
    let goal_reached = match goal {
        crate::problem::Goal::Mate => snap.mate,
        crate::problem::Goal::Stalemate => snap.stalemate,
    };
    if last || goal_reached {
        if goal_reached {
            text += &format!(" {}", goal.symbol());
        }
    } else if rules.in_check(after, after.side()) {
        text += " +";
    }
    Step { number, text, after: snap }
}

/// A help or series line as steps (`series`: the number of series moves, the opponent passing between them).
fn steps(rules: &Rules, start: &Position, moves: &[Move], series: Option<usize>, goal: crate::problem::Goal) -> Vec<Step> {
    let mut out = Vec::new();
    let mut pos = start.clone();
    let half_start = series.is_none() && moves.len() % 2 == 1;
    let mut number = 0;
    for (i, &m) in moves.iter().enumerate() {
        let new_number = match series {
            None => if half_start { i == 0 || i % 2 == 1 } else { i % 2 == 0 },
            Some(n) => i < n,
        };
        if new_number {
            number += 1;
        }
        let label = if half_start && i == 0 || (!new_number && series.is_none()) { format!("{number}...") } else { format!("{number}.") };
        let after = rules.make(&pos, m);
        out.push(step(rules, &pos, m, &after, label, goal, i + 1 == moves.len()));
        pos = after;
        if let Some(n) = series {
            if i + 1 < n {
                pos = pos.null_move();
            }
        }
    }
    out
}

/// A node of direct, self or reflex play: the attacker's move `mv` (number `n` of the line, `left` moves
/// counted from it), then every defence with the attacker's continuations that still force the goal; in self
/// and reflex play the defender's forced goal moves end the line.
#[allow(clippy::too_many_arguments)]
fn direct_node(
    search: &Search,
    play: Play,
    before: &Position,
    mv: Move,
    after: &Position,
    left: u32,
    number: u32,
    key: bool,
    budget: &mut usize,
) -> Result<Node, crate::solve::Aborted> {
    let rules = search.rules;
    *budget = budget.saturating_sub(1);
    let mut s = step(rules, before, mv, after, format!("{number}."), search.goal, false);
    if key {
        s.text += " !";
    }
    let mut node = Node { step: s, children: Vec::new() };
    let mut buf = Vec::new();
    let direct = play == Play::Direct;
    if direct && (left <= 1 || search.goal_reached(after, &mut buf)) {
        return Ok(node);
    }
    let mut defences = Vec::new();
    rules.for_each_legal(after, &mut buf, |m, p| defences.push((m, p)));
    defences.sort_by_key(|(m, _)| move_text(after, *m));
    let wins = |q: &Position, k: u32| match play {
        Play::Direct => search.direct_after(q, k),
        _ => search.self_after(q, k, play == Play::Reflex),
    };
    // Self and reflex play: at the last move, or when reflex play obliges the defender, its goal moves.
    let forced = !direct && (left <= 1 || (play == Play::Reflex && search.can_reach_goal_in_1(after)));
    for (d, p) in defences {
        if *budget == 0 {
            break;
        }
        let reaches = !direct && search.goal_reached(&p, &mut buf);
        if forced != reaches {
            // A forced line shows only the goal moves; otherwise a goal move of the defender is not a defence.
            continue;
        }
        *budget -= 1;
        if forced {
            node.children.push(Node { step: step(rules, after, d, &p, format!("{number}..."), search.goal, true), children: Vec::new() });
            continue;
        }
        let mut dn = Node { step: step(rules, after, d, &p, format!("{number}..."), search.goal, false), children: Vec::new() };
        let mut conts = Vec::new();
        rules.for_each_legal(&p, &mut buf, |m, q| conts.push((m, q)));
        conts.sort_by_key(|(m, _)| move_text(&p, *m));
        for (c, q) in conts {
            if *budget == 0 {
                break;
            }
            if wins(&q, left - 1)? {
                dn.children.push(direct_node(search, play, &p, c, &q, left - 1, number + 1, false, budget)?);
            }
        }
        node.children.push(dn);
    }
    Ok(node)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::madrasi::tests::{play, setup, sq};

    const SEED_002: &str = "2kn4/1p1p1N2/8/2R3r1/7r/1P1p4/2P2NR1/B2b1K2 w - - 0 1";

    #[test]
    fn seed_002_paralysers() {
        // Seed 002: "the white rook on c5 ... is attacked by the black rook on g5, meaning it is paralysed";
        // "the white rook on g2, also attacked by the g5 rook, is paralysed"; knights d8/f7, pawns c2/d3.
        let (rules, pos) = setup(SEED_002, &["Madrasi"]);
        let p = paralyses(&rules, &pos);
        let found: Vec<(String, Vec<String>)> = p.iter().map(|x| (x.square.to_string(), x.by.iter().map(|s| s.to_string()).collect())).collect();
        let want = |s: &str, by: &[&str]| (s.to_string(), by.iter().map(|b| b.to_string()).collect::<Vec<_>>());
        for w in [
            want("c5", &["g5"]),
            want("g5", &["g2", "c5"]),
            want("g2", &["g5"]),
            want("d8", &["f7"]),
            want("f7", &["d8"]),
            want("c2", &["d3"]),
            want("d3", &["c2"]),
        ] {
            assert!(found.contains(&w), "{w:?} not in {found:?}");
        }
        assert_eq!(found.len(), 7);
        // Seed 002: the black king is not in check from the rook on c5, because it is paralysed.
        let checks = king_observations(&rules, &pos, Color::Black);
        assert_eq!(checks.len(), 1);
        assert_eq!(checks[0].status, CheckStatus::Paralysed(vec![sq("g5")]));
    }

    #[test]
    fn why_paralysed_and_legal() {
        let (rules, pos) = setup(SEED_002, &["Madrasi"]);
        let w = why(&rules, &pos, "Rc5xg5").unwrap();
        assert_eq!(w.verdict, Verdict::Paralysed(vec![sq("g5")]));
        assert_eq!(why_sentence(&pos, &w), "Rc5×g5 is impossible: the rook on c5 is paralysed by the rook on g5.");
        // Seed 002: "White cannot play cxd3 because his pawn is paralysed, but he can play Nxd3".
        assert!(matches!(why(&rules, &pos, "c2*d3").unwrap().verdict, Verdict::Paralysed(_)));
        assert!(matches!(why(&rules, &pos, "Sf2*d3").unwrap().verdict, Verdict::Legal { .. }));
        assert!(matches!(why(&rules, &pos, "Nf2xd3").unwrap().verdict, Verdict::Legal { .. }));
        // 1.Be5 unparalyses c5, which then checks (seed 002).
        let w = why(&rules, &pos, "Ba1-e5").unwrap();
        let Verdict::Legal { checks, .. } = &w.verdict else { panic!("{w:?}") };
        assert_eq!(checks[0].observer, sq("c5"));
        // After 1.Be5: "...Rxe5 paralysing the c5 rook is not possible, because the g5 rook is paralysed by its
        // counterpart on g2" (seed 002).
        let p1 = play(&rules, &pos, "a1e5");
        let w = why(&rules, &p1, "Rg5*e5").unwrap();
        assert_eq!(w.verdict, Verdict::Paralysed(vec![sq("g2")]));
        let s = snapshot(&rules, &p1);
        assert!(s.tempting.iter().any(|t| t.text == "Rg5×e5"));
    }

    #[test]
    fn parse_errors_and_variants() {
        let (rules, pos) = setup(SEED_002, &["Madrasi"]);
        assert!(why(&rules, &pos, "hello").is_err());
        assert!(why(&rules, &pos, "Qc5-c6").is_err(), "wrong piece letter");
        assert_eq!(why(&rules, &pos, "e4-e5").unwrap().verdict, Verdict::NoPiece);
        assert!(matches!(why(&rules, &pos, "c5g5").unwrap().verdict, Verdict::Paralysed(_)));
        assert!(matches!(why(&rules, &pos, "Rc5×g5+").unwrap().verdict, Verdict::Paralysed(_)));
        // Black's rook when White is to move.
        let w = why(&rules, &pos, "Rh4-h1").unwrap();
        assert!(matches!(w.verdict, Verdict::NotItsTurn { to_move: Color::White, .. }), "{w:?}");
        // Own piece and blocked line.
        assert_eq!(why(&rules, &pos, "Rg2-f2").unwrap().verdict, Verdict::NotAWalkMove(WalkFailure::OwnPiece));
        assert_eq!(why(&rules, &pos, "Rg2-g6").unwrap().verdict, Verdict::NotAWalkMove(WalkFailure::Blocked(vec![sq("g5")])));
    }

    #[test]
    fn isardam_creates_paralysis_and_cancelled_check() {
        // seed 002: under Isardam a move that leads to a Madrasi paralysis is illegal.
        let (rules, pos) = setup("4k3/8/8/8/2r5/8/8/R3K3 w - - 0 1", &["Isardam"]);
        let w = why(&rules, &pos, "Ra1-a4").unwrap();
        let Verdict::CreatesParalysis { pairs, .. } = &w.verdict else { panic!("{w:?}") };
        assert_eq!(pairs, &vec![(sq("a4"), sq("c4")), (sq("c4"), sq("a4"))]);
        assert!(why_sentence(&pos, &w).contains("the rook on c4 would be paralysed by the rook on a4"), "{}", why_sentence(&pos, &w));
        // Popeye BEISPIEL-isardam_3: Re4 "attacks" the king c4, but Rxc4 would stand beside Rb4: no check.
        let (rules, pos) = setup("8/8/2K1p3/8/1rk1R3/3nP3/8/8 w - - 0 1", &["Isardam"]);
        let obs = king_observations(&rules, &pos, Color::Black);
        assert!(obs.iter().any(|c| c.observer == sq("e4") && matches!(c.status, CheckStatus::WouldParalyse { .. })), "{obs:?}");
    }

    #[test]
    fn eiffel_paralyser_is_the_cycle_kind() {
        // RULES.md: a bishop paralyses an opposing rook it observes.
        let (rules, pos) = setup("4k3/8/8/4r3/8/8/1B6/4K3 w - - 0 1", &["Eiffel"]);
        assert_eq!(rules.paralysers(&pos, sq("e5")), vec![sq("b2")]);
        assert!(rules.paralysers(&pos, sq("b2")).is_empty());
        let obs = king_observations(&rules, &pos, Color::White);
        assert_eq!(obs[0].status, CheckStatus::Paralysed(vec![sq("b2")]));
    }

    #[test]
    fn grasshopper_and_locust_asymmetry() {
        // Seed 003 C: the black grasshopper f3 paralyses b7; b7 does not observe f3.
        let (rules, pos) = setup("4k3/1G6/2P5/8/8/5g2/8/4K3 w - - 0 1", &["Madrasi"]);
        assert_eq!(rules.paralysers(&pos, sq("b7")), vec![sq("f3")]);
        assert!(rules.paralysers(&pos, sq("f3")).is_empty());
        // Seed 003 D: the black locust h7 paralyses c2; c2 does not observe h7.
        let (rules, pos) = setup("8/7l/8/2k5/8/8/2L5/4K3 b - - 0 1", &["Madrasi"]);
        assert_eq!(rules.paralysers(&pos, sq("c2")), vec![sq("h7")]);
        assert!(rules.paralysers(&pos, sq("h7")).is_empty());
    }

    #[test]
    fn seed_003_b_king_squares() {
        // Seed 003 B (rebuilt in madrasi.rs): d2, e2, f2 observed only by paralysed pieces.
        let (rules, pos) = setup("4k3/7Q/8/7q/4n3/2p3N1/1P6/4K3 w - - 0 1", &["Madrasi"]);
        let s = snapshot(&rules, &pos);
        let names: Vec<&str> = s.king_squares.iter().map(|k| k.text.as_str()).collect();
        assert!(names.contains(&"Ke1-d2") && names.contains(&"Ke1-f2"), "{names:?}");
        let w = why(&rules, &pos, "Ke1-d2").unwrap();
        let Verdict::Legal { arrival, .. } = &w.verdict else { panic!() };
        assert!(arrival.iter().all(|c| matches!(c.status, CheckStatus::Paralysed(_))));
        assert_eq!(arrival.len(), 2, "knight e4 and pawn c3");
    }
}
