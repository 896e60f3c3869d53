//! Teaching (`stipula explain`): who paralyses whom and by which observer, which checks are real and which are
//! cancelled, why a move is illegal, and a walk through the solutions of a problem. Built on the solver's rules
//! ([`Rules::observers`], [`Rules::paralysers`], the conditions' explanation hooks) but off its hot path. The
//! analysis is here, the walk through a problem's solutions in [`walkthrough`], the English sentences in
//! [`prose`]; the library computes them, the CLI prints them.

pub mod prose;
pub mod walkthrough;

use self::prose::{pairs_described, paralysis_sentence, piece_phrase};
use crate::attacks::{between, Occupancy};
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::notation::{move_text, parse_move, WrittenMove};
use crate::pieces::Placed;
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Color, Square};

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
    /// Whether the observer is a neutral piece (of both sides: it observes for either, and checks either king).
    pub neutral: bool,
    pub status: CheckStatus,
    /// The whole observation as a sentence, named in the position it was found in.
    pub sentence: String,
    /// A short clause for lists: "the knight on e4, paralysed by the knight on g3".
    pub clause: String,
}

/// What the analysis of one move says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveVerdict {
    /// The move is legal. `arrival` lists the observations of the moving king's arrival square that do not
    /// count (why the king may go there); `checks` the checks the move gives.
    /// `released` names the pieces the move frees from paralysis, `paralyses` the paralyses it creates
    /// (sentences named in the position after the move).
    /// `rules` says what the conditions do to the move (a rebirth: "the captured rook is reborn on a8").
    Legal { arrival: Vec<Check>, checks: Vec<Check>, released: Vec<String>, paralyses: Vec<String>, rules: Vec<String> },
    /// No piece stands on the departure square.
    NoPiece,
    /// The piece belongs to the side not to move; the inner verdict is for that side to move.
    NotItsTurn { to_move: Color, inner: Box<MoveVerdict> },
    /// The piece's walk does not make this move here.
    NotAWalkMove(WalkFailure),
    /// The mover is paralysed by the pieces on these squares.
    Paralysed(Vec<Square>),
    /// The move leaves the mover's own king in check: the real checks, and the cancelled observations.
    SelfCheck(Vec<Check>),
    /// A condition forbids the position after the move: (paralysed, paralyser) pairs it would create.
    CreatesParalysis { pairs: Vec<(Square, Square)>, described: String },
    /// A condition forbids the move, for the reason it gives (Anti-Circe: the capturer's rebirth square is occupied).
    Forbidden(String),
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
    pub verdict: MoveVerdict,
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
    /// What each piece may do: filled on request ([`walkthrough::explain_problem_in_full`]), empty otherwise.
    pub moves: Vec<PieceMoves>,
}

/// Where a piece may go in a position, and which moves of its walk it may not make, with the reason.
#[derive(Clone, Debug)]
pub struct PieceMoves {
    pub square: Square,
    pub piece: Piece,
    /// The piece's side is not to move: its moves are given as if it were (the position after a null move).
    pub off_turn: bool,
    /// Legal moves: display text (`Rc5-c6`, `0-0`) and arrival square.
    pub legal: Vec<(String, Square)>,
    /// Moves of its walk that are illegal: arrival square and why (no promotions other than to a queen).
    pub illegal: Vec<(Square, Why)>,
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

/// One move of a solution with the position after it.
#[derive(Clone, Debug)]
pub struct Step {
    /// Move number as problemists write it: `1.`, `1...`, or empty for the second move of a pair of help play
    /// (`1.Rc5-c4 Bd1-e2`).
    pub number: String,
    /// The move played.
    pub mv: Move,
    /// The move in Popeye notation with ` +` or the goal symbol.
    pub text: String,
    pub after: Snapshot,
}

/// A node of a direct-play tree: a move and the replies to it.
#[derive(Clone, Debug)]
pub struct TreeNode {
    pub step: Step,
    pub children: Vec<TreeNode>,
}

/// A phase walked through beside the solution: a set play or a duplex, from its own diagram.
#[derive(Clone, Debug)]
pub struct PhaseWalk {
    pub kind: crate::problem::PhaseKind,
    /// The side that moves first in the phase.
    pub side: crate::square::Color,
    /// Popeye prints it before the solution (the set play of the side that begins).
    pub before_solution: bool,
    /// The phase's diagram, its first side to move.
    pub initial: Snapshot,
    /// Help and series play: each line of steps.
    pub lines: Vec<Vec<Step>>,
    /// Direct, self and reflex play: the keys (a set play: the defender's moves) and what follows.
    pub tree: Vec<TreeNode>,
}

impl PhaseWalk {
    /// Its heading: `Set play, Black to move`, `Duplex: Black begins`.
    pub fn title(&self) -> String {
        walkthrough::phase_title(self.kind, self.side)
    }
}

/// The explanation of one twin.
#[derive(Clone, Debug)]
pub struct TwinExplanation {
    pub label: String,
    pub heading: String,
    pub stipulation: String,
    pub conditions: Vec<String>,
    pub pieces: Vec<Placed>,
    /// The diagram position (side to move as the stipulation says) — `None` when refused; for a proof game the
    /// position its games start from.
    pub initial: Option<Snapshot>,
    /// A proof game: what its games start from (`The game array`, `The start position`), said of `initial` instead
    /// of "the diagram".
    pub start: Option<String>,
    /// Help and series play: each solution as a line of steps.
    pub lines: Vec<Vec<Step>>,
    /// Direct play: each key with the defences and the continuations that still reach the goal.
    pub tree: Vec<TreeNode>,
    /// The set play and the duplex, when the problem asks for them, in Popeye's order.
    pub phases: Vec<PhaseWalk>,
    /// Remarks on what is not walked (self play, a cut tree, lines left out, a time-out).
    pub notes: Vec<String>,
    /// The time limit stopped the search: the solutions walked through are not all.
    pub timed_out: bool,
    /// Help and series play: solutions found and not walked through, beyond the settings' `max_lines`.
    pub left_out: usize,
    /// Why the twin cannot be explained (bad position or options).
    pub refused: Option<String>,
}

impl TwinExplanation {
    /// A twin's explanation before anything is walked through.
    pub fn empty(label: String, heading: String, stipulation: String, pieces: Vec<Placed>) -> TwinExplanation {
        TwinExplanation {
            label,
            heading,
            stipulation,
            conditions: Vec::new(),
            pieces,
            initial: None,
            start: None,
            lines: Vec::new(),
            tree: Vec::new(),
            phases: Vec::new(),
            notes: Vec::new(),
            timed_out: false,
            left_out: 0,
            refused: None,
        }
    }
}

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
        let mut v = rules.walk_moves(pos, from);
        v.sort();
        if !rules.en_passant_exists() {
            v.retain(|m| m.special != Special::EnPassant);
        }
        return v;
    }
    rules.walk_moves(pos, from)
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
        let mut c = Check {
            king: target,
            king_color: color,
            observer,
            piece,
            neutral: pos.neutral_bb().has(observer),
            status,
            sentence: String::new(),
            clause: String::new(),
        };
        c.sentence = prose::check_sentence(pos, &c);
        c.clause = prose::observation_clause(pos, &c);
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

fn forbidden(rules: &Rules, pos: &Position) -> Vec<(Square, Square)> {
    let mut v: Vec<(Square, Square)> =
        rules.conditions().iter().flat_map(|c| c.forbidden_paralyses(rules, pos)).collect();
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

/// Explains whether the move written as `text` is legal in `pos`, and why not. `Err` when the text is not a
/// move.
pub fn why(rules: &Rules, pos: &Position, text: &str) -> Result<Why, String> {
    let q = parse_move(pos, text)?;
    // A neutral piece moves for the side to move.
    let piece = pos.piece_at(q.from).map(|p| match pos.neutral_bb().has(q.from) {
        true => Piece::new(pos.side(), p.kind),
        false => p,
    });
    let Some(p) = piece else {
        return Ok(Why {
            text: text.trim().to_string(),
            from: Some(q.from),
            piece: None,
            verdict: MoveVerdict::NoPiece,
        });
    };
    if !q.names(p.kind) {
        return Err(format!(
            "the piece on {} is a {} {} (`{}`), not `{}`",
            q.from,
            p.color.name().to_lowercase(),
            p.kind.name(),
            if p.kind == Kind::PAWN { "" } else { p.kind.code() },
            q.letters
        ));
    }
    let (pos_used, turn) =
        if p.color == pos.side() { (pos.clone(), None) } else { (pos.null_move(), Some(pos.side())) };
    let (shown, verdict) = judge(rules, &pos_used, &q, p);
    let verdict = match turn {
        Some(to_move) => MoveVerdict::NotItsTurn { to_move, inner: Box::new(verdict) },
        None => verdict,
    };
    Ok(Why { text: shown, from: Some(q.from), piece, verdict })
}

/// Judges the query with the mover's side to move; returns the display text of the move and the verdict.
fn judge(rules: &Rules, pos: &Position, q: &WrittenMove, p: Piece) -> (String, MoveVerdict) {
    let fallback = {
        let sep = if pos.piece_at(q.to).is_some() { "×" } else { "-" };
        let letters = if p.kind == Kind::PAWN { "" } else { p.kind.code() };
        format!("{letters}{}{sep}{}", q.from, q.to)
    };
    let mut legal = Vec::new();
    rules.legal_moves(pos, &mut legal);
    let mut pseudo = Vec::new();
    rules.pseudo_moves(pos, &mut pseudo);
    let is_castle = p.kind == Kind::KING
        && q.from.file() == 4
        && (q.to.file() as i8 - 4).abs() == 2
        && q.from.rank() == q.to.rank();
    let mut candidates: Vec<Move> = if is_castle {
        pseudo.iter().copied().filter(|m| matches!(m.special, Special::CastleShort | Special::CastleLong)).collect()
    } else {
        walk_moves(rules, pos, q.from)
    };
    candidates.retain(|m| q.matches(m));
    // Prefer a queen promotion when none was named.
    candidates.sort_by_key(|m| (m.promotion() != Some(Kind::QUEEN), *m));
    if let Some(&mv) = legal.iter().find(|m| q.matches(m) && (!is_castle || m.special != Special::None)) {
        let after = rules.make(pos, mv);
        let effects = rules.effects(pos, mv);
        // A pawn promoted before it moves (SingleBox type 3) moves as the piece it became.
        let shown = match pos.piece_at(mv.from) {
            Some(p) if effects.moving_piece(mv.from, p) != p => {
                crate::notation::write_move(effects.moving_piece(mv.from, p), mv)
            }
            _ => move_text(pos, mv),
        };
        let lang = crate::words::Lang::English;
        let mut text = effects.write_before_in(lang) + &display(&shown) + &effects.write_in(lang);
        let checks: Vec<Check> = king_observations(rules, &after, after.side())
            .into_iter()
            .filter(|c| c.status == CheckStatus::Real)
            .collect();
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
        let notes = rules.conditions().iter().filter_map(|c| c.explain_move(rules, pos, mv)).collect();
        return (text, MoveVerdict::Legal { arrival, checks, released, paralyses: created, rules: notes });
    }
    let Some(&mv) = candidates.first() else {
        if is_castle {
            if rules.is_paralysed(pos, q.from) {
                return (fallback, MoveVerdict::Paralysed(rules.paralysers(pos, q.from)));
            }
            return (fallback, MoveVerdict::NotAWalkMove(WalkFailure::Castling));
        }
        let failure = if pos.piece_at(q.to).is_some_and(|o| o.color == p.color) && !pos.neutral_bb().has(q.to) {
            WalkFailure::OwnPiece
        } else {
            let on_line = between(q.from, q.to) & pos.occupied();
            let walk = rules.walks.get(p.kind);
            let df = q.to.file() as i8 - q.from.file() as i8;
            let dr = q.to.rank() as i8 - q.from.rank() as i8;
            let straight = df == 0 || dr == 0 || df.abs() == dr.abs();
            let rides_there = (walk.ortho && (df == 0 || dr == 0))
                || (walk.diag && df.abs() == dr.abs())
                || (p.kind == Kind::PAWN && df == 0);
            if straight && rides_there && on_line.non_empty() {
                WalkFailure::Blocked(on_line.collect())
            } else {
                WalkFailure::Geometry
            }
        };
        return (fallback, MoveVerdict::NotAWalkMove(failure));
    };
    let text = display(&move_text(pos, mv));
    if rules.is_paralysed(pos, q.from) {
        return (text, MoveVerdict::Paralysed(rules.paralysers(pos, q.from)));
    }
    let after = rules.make(pos, mv);
    if rules.in_check(&after, p.color) {
        return (text, MoveVerdict::SelfCheck(king_observations(rules, &after, p.color)));
    }
    let pairs = forbidden(rules, &after);
    if !pairs.is_empty() {
        let described = pairs_described(&after, &pairs);
        return (text, MoveVerdict::CreatesParalysis { pairs, described });
    }
    if let Some(reason) = rules.conditions().iter().find_map(|c| c.explain_move(rules, pos, mv)) {
        return (text, MoveVerdict::Forbidden(reason));
    }
    (text, MoveVerdict::Other)
}

// ------------------------------------------------------------------------------------------------------------
// Snapshots

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
        // A neutral piece is the side to move's.
        let neutral = pos.neutral_bb().has(from);
        if piece.color != us && !neutral {
            continue;
        }
        let piece = Piece::new(us, piece.kind);
        for mv in walk_moves(rules, pos, from) {
            let Some(c) = mv.capture() else { continue };
            if pos.piece_at(c).is_some_and(|x| x.kind == Kind::KING) || legal.contains(&mv) {
                continue;
            }
            if mv.promotion().is_some_and(|k| k != Kind::QUEEN) {
                continue;
            }
            let q = WrittenMove {
                letters: String::new(),
                from,
                to: mv.to,
                captured: Some(c),
                promotion: mv.promotion(),
                exchange: false,
            };
            let (text, verdict) = judge(rules, pos, &q, piece);
            tempting.push(Why { text, from: Some(from), piece: Some(piece), verdict });
            if tempting.len() >= MAX_TEMPTING {
                break 'outer;
            }
        }
    }
    let in_check = rules.in_check(pos, us);
    let no_move = legal.is_empty();
    // A side suffocated by paralysis (Paralysing pieces) is stalemated, in check or not.
    let suffocated = no_move && rules.suffocated(pos);
    Snapshot {
        position: pos.clone(),
        paralysed,
        checks,
        king_squares,
        tempting,
        mate: in_check && no_move && !suffocated,
        stalemate: (!in_check || suffocated) && no_move,
        moves: Vec::new(),
    }
}

/// What every piece of `pos` may do: its legal moves, and the moves of its walk that are illegal with the
/// reason. A piece of the side not to move is judged as if its side were to move.
pub fn piece_moves(rules: &Rules, pos: &Position) -> Vec<PieceMoves> {
    let mut out = Vec::new();
    for color in [Color::White, Color::Black] {
        let off_turn = color != pos.side();
        let p = if off_turn { pos.null_move() } else { pos.clone() };
        let mut legal = Vec::new();
        rules.legal_moves(&p, &mut legal);
        // A neutral piece is listed with the side to move's pieces, as it moves for that side.
        let neutral = p.neutral_bb();
        let own = |from: Square, x: Piece| if neutral.has(from) { !off_turn } else { x.color == color };
        for (from, piece) in p.pieces().filter(|&(from, x)| own(from, x)).map(|(f, x)| (f, Piece::new(color, x.kind))) {
            // A king is never captured: with the other side's king in check the null move would offer it.
            let takes_king =
                |m: &Move| m.capture().is_some_and(|c| p.piece_at(c).is_some_and(|x| x.kind == Kind::KING));
            let mine: Vec<Move> = legal.iter().copied().filter(|m| m.from == from && !takes_king(m)).collect();
            let mut illegal = Vec::new();
            for mv in walk_moves(rules, &p, from) {
                if legal.contains(&mv) || mv.promotion().is_some_and(|k| k != Kind::QUEEN) {
                    continue;
                }
                if takes_king(&mv) {
                    continue;
                }
                let q = WrittenMove {
                    letters: String::new(),
                    from,
                    to: mv.to,
                    captured: mv.capture(),
                    promotion: mv.promotion(),
                    exchange: mv.special == Special::Exchange,
                };
                let (text, verdict) = judge(rules, &p, &q, piece);
                if !matches!(verdict, MoveVerdict::Legal { .. }) {
                    illegal.push((mv.to, Why { text, from: Some(from), piece: Some(piece), verdict }));
                }
            }
            let legal = mine.iter().map(|&m| (display(&move_text(&p, m)), m.to)).collect();
            out.push(PieceMoves { square: from, piece, off_turn, legal, illegal });
        }
    }
    out.sort_by_key(|m| m.square);
    out
}

#[cfg(test)]
mod tests {
    use super::prose::why_sentence;
    use super::*;
    use crate::conditions::madrasi::tests::{play, setup, sq};

    const SEED_002: &str = "2kn4/1p1p1N2/8/2R3r1/7r/1P1p4/2P2NR1/B2b1K2 w - - 0 1";

    #[test]
    fn seed_002_paralysers() {
        // Seed 002: "the white rook on c5 ... is attacked by the black rook on g5, meaning it is paralysed";
        // "the white rook on g2, also attacked by the g5 rook, is paralysed"; knights d8/f7, pawns c2/d3.
        let (rules, pos) = setup(SEED_002, &["Madrasi"]);
        let p = paralyses(&rules, &pos);
        let found: Vec<(String, Vec<String>)> =
            p.iter().map(|x| (x.square.to_string(), x.by.iter().map(|s| s.to_string()).collect())).collect();
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
        assert_eq!(w.verdict, MoveVerdict::Paralysed(vec![sq("g5")]));
        assert_eq!(why_sentence(&pos, &w), "Rc5×g5 is impossible: the rook on c5 is paralysed by the rook on g5.");
        // Seed 002: "White cannot play cxd3 because his pawn is paralysed, but he can play Nxd3".
        assert!(matches!(why(&rules, &pos, "c2*d3").unwrap().verdict, MoveVerdict::Paralysed(_)));
        assert!(matches!(why(&rules, &pos, "Sf2*d3").unwrap().verdict, MoveVerdict::Legal { .. }));
        assert!(matches!(why(&rules, &pos, "Nf2xd3").unwrap().verdict, MoveVerdict::Legal { .. }));
        // 1.Be5 unparalyses c5, which then checks (seed 002).
        let w = why(&rules, &pos, "Ba1-e5").unwrap();
        let MoveVerdict::Legal { checks, .. } = &w.verdict else { panic!("{w:?}") };
        assert_eq!(checks[0].observer, sq("c5"));
        // After 1.Be5: "...Rxe5 paralysing the c5 rook is not possible, because the g5 rook is paralysed by its
        // counterpart on g2" (seed 002).
        let p1 = play(&rules, &pos, "a1e5");
        let w = why(&rules, &p1, "Rg5*e5").unwrap();
        assert_eq!(w.verdict, MoveVerdict::Paralysed(vec![sq("g2")]));
        let s = snapshot(&rules, &p1);
        assert!(s.tempting.iter().any(|t| t.text == "Rg5×e5"));
    }

    #[test]
    fn why_under_circe_and_anti_circe() {
        // Popeye 4.104, White Ke1 Rh1 Qd4, Black Ke8 Rd7 Pf3 Sb5: under Circe `1.Qd4*d7[+bRa8] +`, under Anti-Circe
        // `1.Qd4*d7[wQd7->d1]`.
        const POS: &str = "4k3/3r4/8/1n6/3Q4/5p2/8/4K2R w - - 0 1";
        let (rules, pos) = setup(POS, &["Circe"]);
        let w = why(&rules, &pos, "Qd4*d7").unwrap();
        assert_eq!(why_sentence(&pos, &w), "Qd4×d7[+bRa8]+ is legal. Under Circe the captured black rook is reborn on a8. It gives check: the queen on d7 checks the black king on e8.");
        let (rules, pos) = setup(POS, &["AntiCirce"]);
        let w = why(&rules, &pos, "Qd4*d7").unwrap();
        assert!(
            why_sentence(&pos, &w)
                .starts_with("Qd4×d7[wQd7->d1] is legal. Under AntiCirce the capturing white queen is reborn on d1."),
            "{w:?}"
        );
        // With a piece on d1 the capture is illegal: the queen could not be reborn.
        let (rules, pos) = setup("4k3/3r4/8/1n6/3Q4/5p2/8/3NK2R w - - 0 1", &["AntiCirce"]);
        let w = why(&rules, &pos, "Qd4*d7").unwrap();
        assert_eq!(
            why_sentence(&pos, &w),
            "Qd4×d7 is impossible: under AntiCirce the capturing white queen would be reborn on d1, which is occupied."
        );
    }

    #[test]
    fn parse_errors_and_variants() {
        let (rules, pos) = setup(SEED_002, &["Madrasi"]);
        assert!(why(&rules, &pos, "hello").is_err());
        assert!(why(&rules, &pos, "Qc5-c6").is_err(), "wrong piece letter");
        assert_eq!(why(&rules, &pos, "e4-e5").unwrap().verdict, MoveVerdict::NoPiece);
        assert!(matches!(why(&rules, &pos, "c5g5").unwrap().verdict, MoveVerdict::Paralysed(_)));
        assert!(matches!(why(&rules, &pos, "Rc5×g5+").unwrap().verdict, MoveVerdict::Paralysed(_)));
        // Black's rook when White is to move.
        let w = why(&rules, &pos, "Rh4-h1").unwrap();
        assert!(matches!(w.verdict, MoveVerdict::NotItsTurn { to_move: Color::White, .. }), "{w:?}");
        // Own piece and blocked line.
        assert_eq!(why(&rules, &pos, "Rg2-f2").unwrap().verdict, MoveVerdict::NotAWalkMove(WalkFailure::OwnPiece));
        assert_eq!(
            why(&rules, &pos, "Rg2-g6").unwrap().verdict,
            MoveVerdict::NotAWalkMove(WalkFailure::Blocked(vec![sq("g5")]))
        );
    }

    #[test]
    fn isardam_creates_paralysis_and_cancelled_check() {
        // seed 002: under Isardam a move that leads to a Madrasi paralysis is illegal.
        let (rules, pos) = setup("4k3/8/8/8/2r5/8/8/R3K3 w - - 0 1", &["Isardam"]);
        let w = why(&rules, &pos, "Ra1-a4").unwrap();
        let MoveVerdict::CreatesParalysis { pairs, .. } = &w.verdict else { panic!("{w:?}") };
        assert_eq!(pairs, &vec![(sq("a4"), sq("c4")), (sq("c4"), sq("a4"))]);
        assert!(
            why_sentence(&pos, &w).contains("the rook on c4 would be paralysed by the rook on a4"),
            "{}",
            why_sentence(&pos, &w)
        );
        // Popeye BEISPIEL-isardam_3: Re4 "attacks" the king c4, but Rxc4 would stand beside Rb4: no check.
        let (rules, pos) = setup("8/8/2K1p3/8/1rk1R3/3nP3/8/8 w - - 0 1", &["Isardam"]);
        let obs = king_observations(&rules, &pos, Color::Black);
        assert!(
            obs.iter().any(|c| c.observer == sq("e4") && matches!(c.status, CheckStatus::WouldParalyse { .. })),
            "{obs:?}"
        );
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
        let MoveVerdict::Legal { arrival, .. } = &w.verdict else { panic!() };
        assert!(arrival.iter().all(|c| matches!(c.status, CheckStatus::Paralysed(_))));
        assert_eq!(arrival.len(), 2, "knight e4 and pawn c3");
    }
}
