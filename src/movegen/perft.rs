//! Leaf counts of the legal move tree (perft), as chess engines print them: the move generator's test against
//! published numbers and the naive reference.

use super::Rules;
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// Counts the leaf nodes of the legal move tree to `depth` (every leaf move is made: no bulk counting).
pub fn perft(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    let mut stack: Vec<(MoveList, Position)> = (0..=depth).map(|_| (Vec::with_capacity(64), pos.clone())).collect();
    perft_inner(rules, pos, depth, &mut stack)
}

fn perft_inner(rules: &Rules, pos: &Position, depth: u32, stack: &mut [(MoveList, Position)]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if !rules.generates_legal(pos) {
        return perft_tested(rules, pos, depth, stack);
    }
    let ((buf, after), rest) = stack.split_first_mut().expect("stack deep enough");
    rules.orthodox_legal_moves(pos, buf);
    let mut n = 0;
    for &mv in buf.iter() {
        pos.make_into(mv, after);
        n += leaf_or_below(rules, after, depth, rest);
    }
    n
}

/// The leaf count below `after`, a position just made at `depth`: 1 at a leaf, where the position is kept
/// (`black_box`: made all the same, no bulk counting) and no call is made that would return 1.
#[inline(always)]
fn leaf_or_below(rules: &Rules, after: &Position, depth: u32, rest: &mut [(MoveList, Position)]) -> u64 {
    if depth == 1 {
        std::hint::black_box(after);
        1
    } else {
        perft_inner(rules, after, depth - 1, rest)
    }
}

/// [`perft_inner`] where the legal moves are not generated as such: the moves that leave the king unobserved
/// tested against the conditions, or the pseudo-legal moves each made and tested (kept out of line, so that the
/// orthodox path's frame stays small).
#[inline(never)]
fn perft_tested(rules: &Rules, pos: &Position, depth: u32, stack: &mut [(MoveList, Position)]) -> u64 {
    let ((buf, after), rest) = stack.split_first_mut().expect("stack deep enough");
    let node = rules.node(pos);
    if rules.generates_unobserved(pos, &node) {
        let mut n = 0;
        if rules.unobserved_king_safe_moves(pos, &node, buf) {
            // Every move judged legal by the condition's facts.
            for &mv in buf.iter() {
                rules.make_into(pos, mv, after);
                n += leaf_or_below(rules, after, depth, rest);
            }
            return n;
        }
        for &mv in buf.iter() {
            let legal = match rules.conditions_verdict_before(pos, mv, &node) {
                Some(legal) => {
                    if legal {
                        rules.make_into(pos, mv, after);
                    }
                    legal
                }
                None => {
                    rules.make_into(pos, mv, after);
                    rules.conditions_test(pos, mv, after, node.passes)
                }
            };
            if legal {
                n += leaf_or_below(rules, after, depth, rest);
            }
        }
        return n;
    }
    rules.pseudo_moves(pos, buf);
    let mut n = 0;
    for &mv in buf.iter() {
        if rules.legal_into(pos, mv, &node, after) {
            n += leaf_or_below(rules, after, depth, rest);
        }
    }
    n
}

/// Per-move leaf counts at the root (perft "divide"), sorted by the move's UCI text.
pub fn perft_divide(rules: &Rules, pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    rules.legal_moves(pos, &mut moves);
    let mut out: Vec<(Move, u64)> = moves
        .into_iter()
        .map(|mv| {
            let after = rules.make(pos, mv);
            (mv, if depth <= 1 { 1 } else { perft(rules, &after, depth - 1) })
        })
        .collect();
    out.sort_by_key(|(m, _)| m.uci());
    out
}
