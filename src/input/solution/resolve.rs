//! A stated solution's written moves matched against the legal moves of their positions, under the problem's
//! rules (so fairy pieces and conditions count): each becomes one [`Move`], or an issue saying why not (no
//! legal move is meant, several are, the letters name no piece). Which language the piece letters are in
//! (English, German, French) is chosen per text: the one under which the fewest moves fail.

use super::stated::{StatedTwin, Style};
use super::written::{kinds_coded, kinds_named, PieceMark, Stated, Written};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::notation::move_text;
use crate::pieces::Kind;
use crate::position::Position;
use crate::square::Color;
use crate::words::Lang;

/// Why a written move is not one move of its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IssueKind {
    /// No legal move is the one written.
    Illegal,
    /// Several legal moves are (listed in Popeye's notation).
    Ambiguous(Vec<String>),
    /// The piece letters name no piece stipula has.
    UnknownPiece(String),
}

/// A written move that is not one move of its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    /// The move as written.
    pub text: String,
    /// Its byte offset in the solution text.
    pub at: usize,
    pub kind: IssueKind,
}

impl Issue {
    /// The issue in words, its place given as line and column of `text` (the solution text it was read from):
    /// ``line 2, column 5: `Rxd4` is no legal move here``.
    pub fn describe(&self, text: &str) -> String {
        let (line, col) = super::stated::line_col(text, self.at);
        let what = match &self.kind {
            IssueKind::Illegal => "is no legal move here".to_string(),
            IssueKind::Ambiguous(c) => format!("is ambiguous: {}", c.join(", ")),
            IssueKind::UnknownPiece(l) => format!("names no piece (`{l}`)"),
        };
        format!("line {line}, column {col}: `{}` {what}", self.text)
    }
}

/// What a written move was found to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    Move(Move),
    /// `~`: any move; what follows it is not resolved.
    Any,
    Issue(Issue),
    /// Below an issue or a `~`: not looked at.
    Unreached,
}

/// One twin's stated moves resolved: per node of [`StatedTwin::nodes`], the move found and the side that
/// played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolvedTwin {
    pub found: Vec<Found>,
    pub side: Vec<Option<Color>>,
}

impl ResolvedTwin {
    /// The issues, in the order of the text.
    pub fn issues(&self) -> Vec<&Issue> {
        let mut v: Vec<&Issue> =
            self.found.iter().filter_map(|f| if let Found::Issue(i) = f { Some(i) } else { None }).collect();
        v.sort_by_key(|i| i.at);
        v
    }

    /// The moves of a line of nodes, if every one was resolved.
    pub fn moves(&self, line: &[usize]) -> Option<Vec<Move>> {
        line.iter().map(|&i| if let Found::Move(m) = self.found[i] { Some(m) } else { None }).collect()
    }

    /// The first issue on a line of nodes.
    pub fn issue_on(&self, line: &[usize]) -> Option<&Issue> {
        line.iter().find_map(|&i| if let Found::Issue(x) = &self.found[i] { Some(x) } else { None })
    }
}

/// The position a twin's moves start from, and its rules.
pub struct Start<'a> {
    pub rules: &'a Rules,
    /// The diagram with the given side to move (`None` when it cannot be set up so).
    pub position: &'a dyn Fn(Color) -> Option<Position>,
    /// The side that moves first in the stipulation (its `1.` in tree play).
    pub first: Color,
    /// The goal is one of self-check (`##`, `##!`, `!#`): a move that leaves the mover's own king in check is
    /// read too, as their goal moves do ([`Rules::legal_but_self_check`]).
    pub self_check: bool,
}

/// Whether legal move `m` of `pos` is the written move `s`, its piece letters naming one of `kinds`.
fn is_written(
    s: &Stated,
    kinds: &[Kind],
    promo: &Option<Vec<Kind>>,
    pos: &Position,
    m: &Move,
    after: &Position,
) -> bool {
    let Some(piece) = pos.piece_at(m.from) else {
        return false;
    };
    kinds.contains(&piece.kind)
        && s.color.is_none_or(|c| c == piece.color)
        && m.to == s.to
        && s.from_file.is_none_or(|f| m.from.file() == f)
        && s.from_rank.is_none_or(|r| m.from.rank() == r)
        && (!s.capture || m.is_capture())
        && s.locust.is_none_or(|c| m.capture() == Some(c))
        && s.exchange == (m.special == crate::moves::Special::Exchange)
        && match promo {
            // `=B` after a move that promotes nothing: the walk the piece changed to (a chameleon's `Sg1-f3=B`).
            Some(ks) => match m.promotion() {
                Some(k) => ks.contains(&k),
                None => after.piece_at(m.to).is_some_and(|p| p.kind != piece.kind && ks.contains(&p.kind)),
            },
            None => true,
        }
}

/// The legal move written as `w` in `pos`, or why there is none.
fn find(
    w: &Written,
    text: &str,
    at: usize,
    rules: &Rules,
    pos: &Position,
    lang: Lang,
    self_check: bool,
) -> Result<Option<(Move, Position)>, Issue> {
    let issue = |kind| Issue { text: text.to_string(), at, kind };
    let mut legal: Vec<(Move, Position)> = Vec::new();
    let mut buf = MoveList::new();
    rules.for_each_legal(pos, &mut buf, |m, after| legal.push((m, after)));
    if self_check {
        buf.clear();
        rules.pseudo_moves(pos, &mut buf);
        legal.extend(buf.iter().filter_map(|&m| rules.legal_but_self_check(pos, m).map(|after| (m, after))));
    }
    let hits: Vec<(Move, Position)> = match w {
        Written::Any { .. } => return Ok(None),
        Written::Castle { long } => {
            let want = if *long { Special::CastleLong } else { Special::CastleShort };
            legal.into_iter().filter(|(m, _)| m.special == want).collect()
        }
        Written::Move(s) => {
            let kinds = kinds_named(&s.piece, lang);
            if kinds.is_empty() {
                let PieceMark::Letters(l) = &s.piece else { unreachable!("a pawn or a figurine names a kind") };
                return Err(issue(IssueKind::UnknownPiece(l.clone())));
            }
            let promo = match &s.promotion {
                Some(p) => {
                    let ks = kinds_named(p, lang);
                    if ks.is_empty() {
                        let PieceMark::Letters(l) = p else { unreachable!("a figurine names a kind") };
                        return Err(issue(IssueKind::UnknownPiece(l.clone())));
                    }
                    Some(ks)
                }
                None => None,
            };
            let hits: Vec<(Move, Position)> =
                legal.into_iter().filter(|(m, after)| is_written(s, &kinds, &promo, pos, m, after)).collect();
            // `N` is Popeye's nightrider and short algebraic's knight: where both fit, Popeye's code is meant
            // (`1.a2-a1=N` in a problem with nightriders, BEISPIEL-pieces_26).
            let coded = |mark: &PieceMark| kinds_coded(mark, lang);
            let strict_promo = s.promotion.as_ref().map(coded);
            let strict: Vec<(Move, Position)> = hits
                .iter()
                .filter(|(m, after)| is_written(s, &coded(&s.piece), &strict_promo, pos, m, after))
                .cloned()
                .collect();
            if hits.len() > 1 && strict.len() == 1 {
                strict
            } else {
                hits
            }
        }
    };
    match hits.len() {
        0 => Err(issue(IssueKind::Illegal)),
        1 => Ok(hits.into_iter().next()),
        _ => Err(issue(IssueKind::Ambiguous(hits.iter().map(|(m, _)| move_text(pos, *m)).collect()))),
    }
}

/// Resolves the subtree of node `i`, played from `pos`, by `side`.
fn subtree(t: &StatedTwin, i: usize, pos: &Position, side: Color, start: &Start, lang: Lang, out: &mut ResolvedTwin) {
    let n = &t.nodes[i];
    let mut pos = pos.clone();
    let mut side = side;
    for _ in 0..n.passes {
        pos = pos.null_move();
        side = side.opposite();
    }
    out.side[i] = Some(side);
    match find(&n.written, &n.text, n.at, start.rules, &pos, lang, start.self_check) {
        Ok(Some((m, after))) => {
            out.found[i] = Found::Move(m);
            for &c in &n.children {
                subtree(t, c, &after, side.opposite(), start, lang, out);
            }
        }
        Ok(None) => out.found[i] = Found::Any,
        Err(issue) => out.found[i] = Found::Issue(issue),
    }
}

/// Resolves one twin's stated moves with piece letters read in `lang`. In tree play a root's side follows from
/// its number (`1...` is the defender's: set play); in help and series play a line is tried first with the
/// stipulation's first side, then with the other (set play, duplex), and read with the side under which fewer
/// of its moves fail.
pub fn resolve_twin(t: &StatedTwin, style: Style, start: &Start, lang: Lang) -> ResolvedTwin {
    let fresh = || ResolvedTwin { found: vec![Found::Unreached; t.nodes.len()], side: vec![None; t.nodes.len()] };
    let mut out = fresh();
    for &r in &t.roots {
        let ply = t.nodes[r].ply;
        let sides = match style {
            Style::Tree => vec![if ply.is_multiple_of(2) { start.first } else { start.first.opposite() }],
            Style::Help | Style::Series => vec![start.first, start.first.opposite()],
        };
        let mut best: Option<(usize, ResolvedTwin)> = None;
        for side in sides {
            let Some(pos) = (start.position)(side) else {
                continue;
            };
            let mut attempt = fresh();
            subtree(t, r, &pos, side, start, lang, &mut attempt);
            let failed = attempt.found.iter().filter(|f| matches!(f, Found::Issue(_))).count();
            if best.as_ref().is_none_or(|(b, _)| failed < *b) {
                best = Some((failed, attempt));
            }
            if failed == 0 {
                break;
            }
        }
        if let Some((_, attempt)) = best {
            for (k, f) in attempt.found.into_iter().enumerate() {
                if f != Found::Unreached {
                    out.found[k] = f;
                    out.side[k] = attempt.side[k];
                }
            }
        }
    }
    out
}

/// Resolves the stated twins, each with its start and numbering style, in the language of piece letters under
/// which the fewest moves fail (English first on a tie, then German, then French).
pub fn resolve_all(twins: &[(&StatedTwin, &Start, Style)]) -> (Lang, Vec<ResolvedTwin>) {
    let mut best: Option<(usize, Lang, Vec<ResolvedTwin>)> = None;
    for lang in Lang::ALL {
        let r: Vec<ResolvedTwin> = twins.iter().map(|(t, s, style)| resolve_twin(t, *style, s, lang)).collect();
        let failed: usize = r.iter().map(|x| x.issues().len()).sum();
        if best.as_ref().is_none_or(|(b, _, _)| failed < *b) {
            best = Some((failed, lang, r));
        }
        if failed == 0 {
            break;
        }
    }
    let (_, lang, r) = best.expect("three languages tried");
    (lang, r)
}
