//! The explanations in English: pieces, paralyses, checks and the answer to `--why` as sentences.

use super::{Check, CheckStatus, KingSquare, MoveVerdict, Paralysis, Snapshot, WalkFailure, Why};
use crate::notation::piece_letters;
use crate::pieces::Kind;
use crate::position::Position;
use crate::square::Square;

impl KingSquare {
    /// "Ke1-d2 is legal: d2 is observed by the knight on e4, paralysed by the knight on g3, …".
    pub fn sentence(&self) -> String {
        let parts: Vec<String> = self.observations.iter().map(|c| c.clause.clone()).collect();
        format!("{} is legal: {} is observed only by {}, so the king may stand there", self.text, self.to, list(&parts))
    }
}

/// "the rook on c5", "the white king on f1".
pub fn piece_phrase(pos: &Position, sq: Square) -> String {
    let neutral = pos.attrs_at(sq).has(crate::pieces::Attrs::NEUTRAL);
    match pos.piece_at(sq) {
        // A neutral piece is both sides' (a neutral king both kings): it moves for the side to move and observes
        // for both.
        Some(p) if neutral => format!("the neutral {} on {sq}", p.kind.name()),
        Some(p) if p.kind == Kind::KING => format!("the {} king on {sq}", p.color.name().to_lowercase()),
        Some(p) if pos.attrs_at(sq).has(crate::pieces::Attrs::ROYAL) => {
            format!("the {} royal {} on {sq}", p.color.name().to_lowercase(), p.kind.name())
        }
        Some(p) => format!("the {} on {sq}", p.kind.name()),
        None => format!("the empty square {sq}"),
    }
}

pub(super) fn list(items: &[String]) -> String {
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
        CheckStatus::Paralysed(by) => {
            format!("{obs} observes {king} but gives no check: it is paralysed by {}", phrases(pos, by))
        }
        CheckStatus::WouldParalyse { capture, described, .. } => {
            format!("{obs} observes {king} but gives no check: {capture} would create a paralysis ({described}), which Isardam forbids")
        }
        CheckStatus::NotCounted => format!("{obs} observes {king} but gives no check under the conditions in force"),
    }
}

/// The answer to `--why` as one or two sentences. `pos` is the position the question was asked in.
pub fn why_sentence(pos: &Position, w: &Why) -> String {
    let pos_used = match &w.verdict {
        MoveVerdict::NotItsTurn { .. } => pos.null_move(),
        _ => pos.clone(),
    };
    verdict_sentence(&pos_used, w, &w.verdict)
}

fn verdict_sentence(pos: &Position, w: &Why, v: &MoveVerdict) -> String {
    let t = &w.text;
    let mover = w.from.map(|f| piece_phrase(pos, f)).unwrap_or_default();
    match v {
        MoveVerdict::NoPiece => {
            format!("{t} is impossible: there is no piece on {}.", w.from.map(|s| s.to_string()).unwrap_or_default())
        }
        MoveVerdict::NotItsTurn { to_move, inner } => {
            let other = to_move.opposite().name();
            format!(
                "It is {}'s turn, not {other}'s. If {other} were to move: {}",
                to_move.name(),
                verdict_sentence(pos, w, inner)
            )
        }
        MoveVerdict::Legal { arrival, checks, released, paralyses, rules } => {
            let mut s = format!("{t} is legal.");
            for r in rules {
                s += &format!(" {r}");
            }
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
        MoveVerdict::NotAWalkMove(f) => {
            let why = match f {
                WalkFailure::Blocked(sq) => format!("the way is blocked by {}", phrases(pos, sq)),
                WalkFailure::OwnPiece => format!("{} holds a piece of the same colour", w_to(t)),
                WalkFailure::Geometry => format!("{mover} cannot make this move by its walk here"),
                WalkFailure::Castling => {
                    "castling is not possible here (rights, an occupied or observed square, or check)".into()
                }
            };
            format!("{t} is impossible: {why}.")
        }
        MoveVerdict::Paralysed(by) => format!("{t} is impossible: {mover} is paralysed by {}.", phrases(pos, by)),
        MoveVerdict::SelfCheck(checks) => {
            let real: Vec<String> = checks
                .iter()
                .filter(|c| c.status == CheckStatus::Real)
                .map(|c| {
                    format!("the {}{} on {}", if c.neutral { "neutral " } else { "" }, c.piece.kind.name(), c.observer)
                })
                .collect();
            let king = checks
                .first()
                .map(|c| format!("the {} king", c.king_color.name().to_lowercase()))
                .unwrap_or_else(|| "its king".into());
            let mut s = format!("{t} is impossible: it would leave {king} in check from {}.", list(&real));
            if checks.iter().any(|c| c.neutral && c.status == CheckStatus::Real) {
                s += " A neutral piece is of both sides: it observes for either side, and checks either king.";
            }
            let cancelled: Vec<String> =
                checks.iter().filter(|c| c.status != CheckStatus::Real).map(|c| c.clause.clone()).collect();
            if !cancelled.is_empty() {
                s += &format!(" (Also observed by {}.)", list(&cancelled));
            }
            s
        }
        MoveVerdict::CreatesParalysis { described, .. } => {
            format!("{t} is impossible: it would create a paralysis, which Isardam forbids: {described}.")
        }
        MoveVerdict::Forbidden(reason) => format!("{t} is impossible: {reason}"),
        MoveVerdict::Other => format!("{t} is illegal under the conditions in force."),
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
pub(super) fn observation_clause(pos: &Position, c: &Check) -> String {
    let who = piece_phrase(pos, c.observer);
    match &c.status {
        CheckStatus::Real => format!("{who} (a real check)"),
        CheckStatus::Paralysed(by) => format!("{who} (paralysed by {})", phrases(pos, by)),
        CheckStatus::WouldParalyse { capture, .. } => format!("{who} ({capture} would create a paralysis)"),
        CheckStatus::NotCounted => format!("{who} (its observation does not count)"),
    }
}

/// "the rook on c4 would be paralysed by the rook on a4", named in the position `after` the move.
pub(super) fn pairs_described(after: &Position, pairs: &[(Square, Square)]) -> String {
    list(
        &pairs
            .iter()
            .map(|&(a, b)| format!("{} would be paralysed by {}", piece_phrase(after, a), piece_phrase(after, b)))
            .collect::<Vec<_>>(),
    )
}

/// `Rc5`, `Sf7`, `Pc2`, `Gb7`.
fn short(pos: &Position, sq: Square) -> String {
    match pos.piece_at(sq) {
        Some(p) => {
            let l = piece_letters(p.kind);
            format!("{}{sq}", if l.is_empty() { "P" } else { l })
        }
        None => sq.to_string(),
    }
}

/// `Rg5 (by Rg2, Rc5)`.
fn paralysis_short(pos: &Position, p: &Paralysis) -> String {
    let by: Vec<String> = p.by.iter().map(|&b| short(pos, b)).collect();
    format!("{} (by {})", short(pos, p.square), by.join(", "))
}

/// The first letter in upper case.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The facts of one position as lines, each with its depth (1: an item of the list the line before opens):
/// paralyses (and, given the position `prev` before the move, what the move changed), checks, the king's
/// squares, mate or stalemate, and the tempting illegal moves.
pub fn position_facts(s: &Snapshot, prev: Option<&Snapshot>) -> Vec<(u8, String)> {
    let mut out = Vec::new();
    let pos = &s.position;
    if s.paralysed.is_empty() {
        out.push((0, "no piece is paralysed".to_string()));
    } else {
        let items: Vec<String> = s.paralysed.iter().map(|p| paralysis_short(pos, p)).collect();
        out.push((0, format!("paralysed: {}", items.join(", "))));
    }
    if let Some(prev) = prev {
        let was = |sq: Square, piece| prev.paralysed.iter().any(|q| q.square == sq && q.piece == piece);
        let newly: Vec<String> =
            s.paralysed.iter().filter(|p| !was(p.square, p.piece)).map(|p| paralysis_short(pos, p)).collect();
        let freed: Vec<String> = prev
            .paralysed
            .iter()
            .filter(|q| {
                !s.paralysed.iter().any(|p| p.square == q.square && p.piece == q.piece)
                    && pos.piece_at(q.square) == Some(q.piece)
            })
            .map(|q| short(pos, q.square))
            .collect();
        if !newly.is_empty() {
            out.push((0, format!("newly paralysed: {}", newly.join(", "))));
        }
        if !freed.is_empty() {
            out.push((0, format!("released: {}", freed.join(", "))));
        }
    }
    for c in &s.checks {
        out.push((0, format!("{}.", capitalise(&c.sentence))));
    }
    for k in &s.king_squares {
        out.push((0, format!("{}.", capitalise(&k.sentence()))));
    }
    if s.mate {
        out.push((0, format!("{} is checkmated.", pos.side().name())));
    } else if s.stalemate {
        out.push((0, format!("{} is stalemated.", pos.side().name())));
    }
    if !s.tempting.is_empty() {
        out.push((0, format!("tempting but illegal for {}:", pos.side().name())));
        for w in &s.tempting {
            out.push((1, why_sentence(pos, w)));
        }
    }
    out
}
