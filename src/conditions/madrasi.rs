//! Madrasi and Madrasi RI (rex inclusive): a piece observed by an opposing piece of the same kind is paralysed
//! (seeds 000, 002, 003; `RULES.md`). Also the observation service Isardam and Eiffel share:
//! [`observed_by_kind`], [`is_madrasi_paralysed`] and [`any_madrasi_paralysis`].

use crate::attacks::{orthodox_attacks, pawn_attacks_of, Occupancy, PAWN_ATTACKS};
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
pub(crate) use crate::movegen::own_kind::en_passant_observed;
use crate::movegen::Rules;
use crate::pieces::{Kind, Piece};
use crate::position::Position;
use crate::square::{Bitboard, Color, Square};

/// The condition `Madrasi`, with or without `RexInclusive`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Madrasi {
    /// Kings paralyse each other too (Madrasi RI).
    pub rex_inclusive: bool,
}

impl Madrasi {
    /// Builds from the parameters (checked against the registry's by [`crate::conditions::build_all`]):
    /// `RexInclusive`.
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        Ok(Box::new(Madrasi { rex_inclusive: spec.options.iter().any(|o| o == "RexInclusive") }))
    }
}

/// Whether the piece of colour `color` on `sq` is observed by a piece of `kind` of the other colour.
// Madrasi: observation is by the observer's capturing walk alone, even if that capture would be self-check and
// even if the observer is itself paralysed or pinned (RULES.md "Observation", seed 003).
#[inline]
pub fn observed_by_kind(rules: &Rules, pos: &Position, sq: Square, color: Color, kind: Kind) -> bool {
    rules.observers_of_kind(pos, sq, color.opposite(), kind).non_empty()
        || (kind == Kind::PAWN && en_passant_observed(pos, sq, color))
}

/// The opposing pieces of `kind` that observe the piece of colour `color` on `sq`, en-passant observers
/// included: the squares of its paralysers in [`observed_by_kind`]'s sense (for explanations).
pub fn observers_by_kind(rules: &Rules, pos: &Position, sq: Square, color: Color, kind: Kind) -> Vec<Square> {
    let mut v: Vec<Square> = rules.observers_of_kind(pos, sq, color.opposite(), kind).collect();
    if kind == Kind::PAWN && en_passant_observed(pos, sq, color) {
        if let Some(ep) = pos.ep_square() {
            v.extend(Bitboard(PAWN_ATTACKS[color.index()][ep.index()]) & pos.pieces_bb(color.opposite(), Kind::PAWN));
        }
    }
    v.sort();
    v.dedup();
    v
}

/// Every Madrasi paralysis in `pos` as (paralysed, paralyser) square pairs (Isardam's forbidden observations).
pub fn madrasi_pairs(rules: &Rules, pos: &Position, rex_inclusive: bool) -> Vec<(Square, Square)> {
    let mut out = Vec::new();
    for (sq, piece) in pos.pieces() {
        if piece.kind == Kind::KING && !rex_inclusive {
            continue;
        }
        for by in observers_by_kind(rules, pos, sq, piece.color, piece.kind) {
            out.push((sq, by));
        }
    }
    out
}

/// The pieces of `color` observed by an opposing piece of the kind `by` names for their own kind (none: never
/// paralysed): Madrasi's and Eiffel's paralysed pieces all at once, kind by kind, so that the pieces of a kind
/// whose paralysing kind the opponent lacks are not asked one by one.
#[inline]
pub fn paralysed_by(rules: &Rules, pos: &Position, color: Color, by: impl Fn(Kind) -> Option<Kind>) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &kind in &rules.kinds.present {
        let Some(paralyser) = by(kind) else { continue };
        let ours = pos.pieces_bb(color, kind);
        let theirs = pos.pieces_bb(color.opposite(), paralyser);
        if ours.is_empty() || theirs.is_empty() {
            continue;
        }
        if paralyser.is_orthodox() {
            out |= ours & orthodox_observed(pos, ours, theirs, paralyser, color);
            continue;
        }
        for sq in ours {
            if observed_by_kind(rules, pos, sq, color, paralyser) {
                out.set(sq);
            }
        }
    }
    out
}

/// Which of `ours` (pieces of `color`) the pieces `theirs`, of the orthodox kind `kind` and the other colour,
/// observe ([`observed_by_kind`]'s sense) in bulk: pawns by shifts (the en-passant observation of the pawn that
/// has just made its double step apart), leaps and rook/bishop lines from whichever side has fewer pieces, since
/// their observation is symmetric.
#[inline]
fn orthodox_observed(pos: &Position, ours: Bitboard, theirs: Bitboard, kind: Kind, color: Color) -> Bitboard {
    let them = color.opposite();
    let occ = pos.occupied();
    let attacks = |sq: Square| orthodox_attacks(kind, them, sq, occ).expect("an orthodox kind");
    if kind == Kind::PAWN {
        let mut seen = pawn_attacks_of(theirs, them);
        if let Some(sq) = pos.ep_square().and_then(|ep| ep.offset(0, color.forward())) {
            if ours.has(sq) && en_passant_observed(pos, sq, color) {
                seen.set(sq);
            }
        }
        return seen;
    }
    if theirs.count() <= ours.count() {
        theirs.into_iter().fold(Bitboard::EMPTY, |seen, e| seen | attacks(e))
    } else {
        ours.into_iter()
            .filter(|&sq| (attacks(sq) & theirs).non_empty())
            .fold(Bitboard::EMPTY, |seen, sq| seen | sq.bb())
    }
}

/// Whether `piece` on `sq` is paralysed by the Madrasi rule: observed by an opposing piece of its own kind.
#[inline]
pub fn is_madrasi_paralysed(rules: &Rules, pos: &Position, sq: Square, piece: Piece, rex_inclusive: bool) -> bool {
    // Madrasi: kings are neither paralysed nor paralysing, unless rex inclusive (RULES.md, seed 002).
    if piece.kind == Kind::KING && !rex_inclusive {
        return false;
    }
    observed_by_kind(rules, pos, sq, piece.color, piece.kind)
}

/// Whether some piece of either colour in `pos` is paralysed by the Madrasi rule (Isardam's test). Kinds whose
/// walk is symmetric (leaps and rook/bishop lines) and pawns are asked in bulk: a white piece of such a kind
/// observes a black one exactly when the black one observes it, so one colour's targets tell; pawns by the
/// squares each colour's pawns attack, and the pawn that has just made its double step by the en-passant test.
pub fn any_madrasi_paralysis(rules: &Rules, pos: &Position, rex_inclusive: bool) -> bool {
    for &kind in &rules.kinds.present {
        if kind == Kind::KING && !rex_inclusive {
            continue;
        }
        let white = pos.pieces_bb(Color::White, kind);
        let black = pos.pieces_bb(Color::Black, kind);
        if white.is_empty() || black.is_empty() {
            continue;
        }
        let walk = rules.walks.get(kind);
        if walk.simple {
            if white.into_iter().any(|sq| (walk.simple_targets(pos, sq) & black).non_empty()) {
                return true;
            }
            continue;
        }
        if kind == Kind::PAWN {
            if (pawn_attacks_of(white, Color::White) & black).non_empty()
                || (pawn_attacks_of(black, Color::Black) & white).non_empty()
            {
                return true;
            }
            // The side of the double step: the one that moved last, or in series play the one to move again.
            for mover in [pos.side().opposite(), pos.side()] {
                if let Some(sq) = pos.ep_square().and_then(|ep| ep.offset(0, mover.forward())) {
                    if en_passant_observed(pos, sq, mover) {
                        return true;
                    }
                }
            }
            continue;
        }
        // Paralysis need not be mutual (seed 003, diagrams C and D): test both colours.
        if white.into_iter().any(|sq| observed_by_kind(rules, pos, sq, Color::White, kind))
            || black.into_iter().any(|sq| observed_by_kind(rules, pos, sq, Color::Black, kind))
        {
            return true;
        }
    }
    false
}

/// [`any_madrasi_paralysis`] asked piece by piece through [`observed_by_kind`]: the reference its bulk tests are
/// checked against.
#[cfg(test)]
fn any_madrasi_paralysis_naive(rules: &Rules, pos: &Position, rex_inclusive: bool) -> bool {
    pos.pieces()
        .any(|(sq, p)| (p.kind != Kind::KING || rex_inclusive) && observed_by_kind(rules, pos, sq, p.color, p.kind))
}

impl Condition for Madrasi {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        if self.rex_inclusive {
            "Madrasi RexInclusive".into()
        } else {
            "Madrasi".into()
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::PARALYSIS
    }

    // Madrasi: a paralysed piece cannot move or capture and gives no check; it still paralyses, because
    // observation ignores paralysis (RULES.md, seed 003). Paralysis is re-evaluated in every position.
    // Madrasi: castling is a king move, so a paralysed rook may castle (Popeye tests only the king's paralysis).
    #[inline]
    fn is_paralysed(&self, rules: &Rules, pos: &Position, sq: Square) -> bool {
        match pos.piece_at(sq) {
            Some(piece) => is_madrasi_paralysed(rules, pos, sq, piece, self.rex_inclusive),
            None => false,
        }
    }

    fn own_kind_paralysis(&self) -> Option<bool> {
        Some(self.rex_inclusive)
    }

    fn paralysed(&self, rules: &Rules, pos: &Position, color: Color) -> Bitboard {
        paralysed_by(rules, pos, color, |k| (k != Kind::KING || self.rex_inclusive).then_some(k))
    }

    fn paralysers(&self, rules: &Rules, pos: &Position, sq: Square) -> Vec<Square> {
        match pos.piece_at(sq) {
            Some(piece) if piece.kind != Kind::KING || self.rex_inclusive => {
                observers_by_kind(rules, pos, sq, piece.color, piece.kind)
            }
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::conditions::build_all;
    use crate::input::fen::parse_fen;
    use crate::input::vocab::conditions::parse_condition_text;
    use crate::moves::Move;
    use crate::setup::{build_position, SetupOptions};

    /// Rules and position for a FEN under the conditions written as text.
    pub(crate) fn setup(fen: &str, conditions: &[&str]) -> (Rules, Position) {
        let (pieces, state) = parse_fen(fen).unwrap();
        let specs: Vec<_> = conditions.iter().map(|c| parse_condition_text(c).unwrap()).collect();
        let rules = Rules::new(pieces.iter().map(|p| p.kind), build_all(&specs).unwrap());
        let side = state.side_to_move.unwrap_or(Color::White);
        let pos = build_position(&pieces, &state, side, &rules, &SetupOptions::default()).unwrap();
        (rules, pos)
    }

    pub(crate) fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    /// The legal moves as UCI text.
    pub(crate) fn legal(rules: &Rules, pos: &Position) -> Vec<String> {
        let mut v = Vec::new();
        rules.legal_moves(pos, &mut v);
        let mut s: Vec<String> = v.iter().map(Move::uci).collect();
        s.sort();
        s
    }

    /// Plays a move given as UCI text, which must be legal.
    pub(crate) fn play(rules: &Rules, pos: &Position, uci: &str) -> Position {
        let mut v = Vec::new();
        rules.legal_moves(pos, &mut v);
        let mv = v.into_iter().find(|m| m.uci() == uci).unwrap_or_else(|| panic!("{uci} is not legal in {pos:?}"));
        rules.make(pos, mv)
    }

    pub(crate) fn is_mate(rules: &Rules, pos: &Position) -> bool {
        rules.in_check(pos, pos.side()) && !rules.has_legal_move(pos, &mut Vec::new())
    }

    /// The bulk paralysis test against the piece-by-piece one on every position of the legal move trees (three
    /// plies, orthodox rules so that paralyses arise freely) of positions with symmetric fairy kinds, hoppers,
    /// riders, pawns able to take en passant, and under Madrasi RI of kings that may stand side by side.
    #[test]
    fn bulk_paralysis_test_agrees_with_the_naive_one() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/2p1p3/8/3P1P2/1p6/8/P1P5/4K3 w - - 0 1",
            "g3k2g/8/2L5/8/3p4/1G3l2/8/R3K2R w KQ - 0 1",
            "(n)3k2(n)/pp2(ca)1pp/8/8/8/8/PP1(ca)2PP/(N)3K2(N) w - - 0 1",
            "8/3p4/3k4/3K4/4P3/8/8/8 w - - 0 1",
        ];
        let mut starts: Vec<(Rules, Position)> =
            fens.iter().map(|fen| setup(fen, if fen.starts_with("8/3p4") { &["Madrasi RI"] } else { &[] })).collect();
        // A pawn on its own first rank (a twin may put it there) observes nothing: pawns' paralysis not mutual.
        let (rules, mut pos) = setup("4k3/6P1/8/8/8/8/1p6/4K3 w - - 0 1", &[]);
        pos.put(sq("a1"), Piece::new(Color::White, Kind::PAWN));
        pos.put(sq("h8"), Piece::new(Color::Black, Kind::PAWN));
        starts.push((rules, pos));
        let mut checked = 0;
        for (rules, pos) in starts {
            checked += for_each_position(&rules, &pos, 3, |p| {
                for rex in [false, true] {
                    assert_eq!(
                        any_madrasi_paralysis(&rules, p, rex),
                        any_madrasi_paralysis_naive(&rules, p, rex),
                        "{p:?} rex {rex}"
                    );
                }
            });
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// Calls `f` on every position of the legal move tree of `pos` to `depth` plies; returns how many.
    pub(crate) fn for_each_position(rules: &Rules, pos: &Position, depth: u32, mut f: impl FnMut(&Position)) -> usize {
        let mut stack = vec![(pos.clone(), 0)];
        let mut n = 0;
        while let Some((p, d)) = stack.pop() {
            f(&p);
            n += 1;
            if d < depth {
                let mut moves = Vec::new();
                rules.legal_moves(&p, &mut moves);
                stack.extend(moves.into_iter().map(|m| (rules.make(&p, m), d + 1)));
            }
        }
        n
    }

    /// The paralysed pieces asked all at once ([`Rules::paralysed`]) against piece by piece
    /// ([`Rules::is_paralysed`]), for both colours, on the legal move trees under Madrasi, Madrasi RI and Eiffel.
    #[test]
    fn paralysed_pieces_at_once_agree_with_piece_by_piece() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/2p1p3/8/3P1P2/1p6/8/P1P5/4K3 w - - 0 1",
            "g3k2g/8/2L5/8/3p4/1G3l2/8/R3K2R w KQ - 0 1",
            "8/3p4/3k4/8/3K4/4P3/8/8 w - - 0 1",
        ];
        let mut paralysed = 0;
        for condition in ["Madrasi", "Madrasi RI", "Eiffel"] {
            for fen in fens {
                let (rules, pos) = setup(fen, &[condition]);
                for_each_position(&rules, &pos, 3, |p| {
                    for color in [Color::White, Color::Black] {
                        let one_by_one: Vec<Square> =
                            p.color_bb(color).into_iter().filter(|&s| rules.is_paralysed(p, s)).collect();
                        let at_once: Vec<Square> = rules.paralysed(p, color).into_iter().collect();
                        assert_eq!(at_once, one_by_one, "{condition} {p:?}");
                        paralysed += at_once.len();
                    }
                });
            }
        }
        assert!(paralysed > 1000, "{paralysed}");
    }

    /// Check under Madrasi asked by attack sets ([`Rules::is_checked_square`]) against every observer asked
    /// through the condition ([`Rules::checked_by_counting_observers`]), for every square and both colours, on
    /// the legal move trees under Madrasi and Madrasi RI: grasshoppers that paralyse without being paralysed,
    /// pawns able to take en passant, kings side by side.
    #[test]
    fn check_by_attack_sets_agrees_with_the_generic_test() {
        let fens = [
            "8/kKGp1gG1/P1rR1r2/3p4/4P1p1/6pP/2P2P2/8 w - - 0 1",
            "8/3p4/3k4/3K4/4P3/8/8/8 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/2p1p3/8/3P1P2/1p6/8/P1P5/4K3 w - - 0 1",
            "g3k2g/8/2G5/8/3p3q/1G3g2/8/R3K2R w KQ - 0 1",
        ];
        let (mut checks, mut cancelled) = (0, 0);
        for condition in ["Madrasi", "Madrasi RI"] {
            // The kings side by side (the first two) only where they paralyse each other.
            for fen in fens.iter().skip(if condition == "Madrasi" { 2 } else { 0 }) {
                let (rules, pos) = setup(fen, &[condition]);
                for_each_position(&rules, &pos, 3, |p| {
                    for by in [Color::White, Color::Black] {
                        for s in Square::all() {
                            let fast = rules.is_checked_square(p, s, by);
                            assert_eq!(
                                fast,
                                rules.checked_by_counting_observers(p, s, by),
                                "{condition} {p:?} {s} {by:?}"
                            );
                            checks += fast as usize;
                            cancelled += (!fast && rules.observers(p, s, by).non_empty()) as usize;
                        }
                    }
                });
            }
        }
        assert!(checks > 100_000 && cancelled > 10_000, "{checks} {cancelled}");
    }

    /// Seed 002's worked example (reconstructed in seeds/README.md).
    const SEED_002: &str = "2kn4/1p1p1N2/8/2R3r1/7r/1P1p4/2P2NR1/B2b1K2 w - - 0 1";

    #[test]
    fn seed_002_paralysed_pieces() {
        let (rules, pos) = setup(SEED_002, &["Madrasi"]);
        // Seed 002: the rooks c5, g5, g2, the knights d8, f7 and the pawns c2, d3 are paralysed; the rook h4 is
        // free; the bishop d1 is not paralysed by the knight f2 (different kinds).
        for s in ["c5", "g5", "g2", "d8", "f7", "c2", "d3"] {
            assert!(rules.is_paralysed(&pos, sq(s)), "{s} should be paralysed");
        }
        for s in ["h4", "d1", "f2", "a1", "b3", "b7", "d7", "c8", "f1"] {
            assert!(!rules.is_paralysed(&pos, sq(s)), "{s} should be free");
        }
        // Seed 002: the black king is not in check from the rook c5, which is paralysed.
        assert!(!rules.in_check(&pos, Color::Black));
        // Seed 002: White cannot play cxd3 (paralysed pawn) but can play Nxd3.
        let moves = legal(&rules, &pos);
        assert!(!moves.contains(&"c2d3".to_string()));
        assert!(moves.contains(&"f2d3".to_string()));
    }

    #[test]
    fn seed_002_be5_rc4_bxc4_mate() {
        let (rules, pos) = setup(SEED_002, &["Madrasi"]);
        // Seed 002: 1.Be5 cuts the line g5-c5, unparalyses the rook c5, which gives check.
        let p1 = play(&rules, &pos, "a1e5");
        assert!(!rules.is_paralysed(&p1, sq("c5")));
        assert!(rules.in_check(&p1, Color::Black));
        // Seed 002: ...Rxe5 is not possible: the rook g5 is paralysed by the rook g2.
        let answers = legal(&rules, &p1);
        assert!(!answers.contains(&"g5e5".to_string()));
        // Seed 002: the only way out is 1...Rc4, re-paralysing the checking rook.
        assert_eq!(answers, vec!["h4c4".to_string()]);
        let p2 = play(&rules, &p1, "h4c4");
        assert!(rules.is_paralysed(&p2, sq("c5")));
        assert!(!rules.in_check(&p2, Color::Black));
        // Seed 002: 2.bxc4 is mate.
        let p3 = play(&rules, &p2, "b3c4");
        assert!(is_mate(&rules, &p3));
    }

    #[test]
    fn seed_003_b_king_steps_beside_paralysed_observers() {
        // Seed 003 diagram B (its position did not survive; rebuilt to show its point): knights e4/g3, pawns c3/b2
        // and queens h5/h7 paralyse each other in pairs; d2 (knight e4, pawn c3), d1, e2 (queen h5) and f2
        // (knight e4) are observed only by paralysed black pieces, so the white king has five squares.
        let fen = "4k3/7Q/8/7q/4n3/2p3N1/1P6/4K3 w - - 0 1";
        let (rules, pos) = setup(fen, &["Madrasi"]);
        for s in ["e4", "g3", "c3", "b2", "h5", "h7"] {
            assert!(rules.is_paralysed(&pos, sq(s)), "{s}");
        }
        let king = |moves: Vec<String>| moves.into_iter().filter(|m| m.starts_with("e1")).collect::<Vec<_>>();
        assert_eq!(king(legal(&rules, &pos)), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
        // Orthodox: only f1.
        let (rules_o, pos_o) = setup(fen, &[]);
        assert_eq!(king(legal(&rules_o, &pos_o)), ["e1f1"]);
    }

    #[test]
    fn seed_003_c_grasshopper_paralysis_is_not_mutual() {
        // Seed 003 diagram C: the black grasshopper f3 observes (and paralyses) the white grasshopper b7 over
        // the hurdle c6, but b7 does not observe f3 (no hurdle just before f3 on its line).
        let (rules, pos) = setup("4k3/1G6/2P5/8/8/5g2/8/4K3 w - - 0 1", &["Madrasi"]);
        assert!(rules.is_paralysed(&pos, sq("b7")));
        assert!(!rules.is_paralysed(&pos, sq("f3")));
        assert!(legal(&rules, &pos).iter().all(|m| !m.starts_with("b7")));
        let (rules, black) = setup("4k3/1G6/2P5/8/8/5g2/8/4K3 b - - 0 1", &["Madrasi"]);
        assert!(legal(&rules, &black).contains(&"f3b7".to_string()), "f3 may capture b7");
    }

    #[test]
    fn seed_003_d_locust_paralysis_is_not_mutual() {
        // Seed 003 diagram D: the black locust h7 observes the white locust c2 (it could capture it, landing on
        // b1), so c2 is paralysed; c2 does not observe h7 (edge: no square behind it), so h7 is free and may
        // capture c2. The paralysed c2 does not stop the black king on the c-file.
        let fen = "8/7l/8/2k5/8/8/2L5/4K3 b - - 0 1";
        let (rules, pos) = setup(fen, &["Madrasi"]);
        assert!(rules.is_paralysed(&pos, sq("c2")));
        assert!(!rules.is_paralysed(&pos, sq("h7")));
        assert!(!rules.in_check(&pos, Color::Black));
        let moves = legal(&rules, &pos);
        for m in ["h7xc2b1", "c5c4", "c5c6"] {
            assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
        }
        // Orthodox: the locust c2 checks the king c5 (it could jump it to c6).
        let (rules_o, pos_o) = setup(fen, &[]);
        assert!(rules_o.in_check(&pos_o, Color::Black));
    }

    #[test]
    fn rex_inclusive_kings_may_stand_side_by_side() {
        // RULES.md, seed 003: with rex inclusive, kings paralyse each other and may stand adjacent.
        let (rules, pos) = setup("8/8/8/3k4/8/4K3/8/8 w - - 0 1", &["Madrasi RI"]);
        let moves = legal(&rules, &pos);
        assert!(moves.contains(&"e3e4".to_string()), "{moves:?}");
        assert!(moves.contains(&"e3d4".to_string()));
        let p = play(&rules, &pos, "e3e4");
        assert!(rules.is_paralysed(&p, sq("e4")) && rules.is_paralysed(&p, sq("d5")));
        assert!(!rules.in_check(&p, Color::Black) && !rules.in_check(&p, Color::White));
        // Both kings paralysed: Black has no king move at all.
        assert!(legal(&rules, &p).is_empty());
        // Plain Madrasi: kings are not involved; orthodox adjacency rule.
        let (rules, pos) = setup("8/8/8/3k4/8/4K3/8/8 w - - 0 1", &["Madrasi"]);
        assert!(!legal(&rules, &pos).contains(&"e3e4".to_string()));
    }

    #[test]
    fn rex_inclusive_king_paralysed_by_king_gives_no_check_but_others_do() {
        // Popeye BEISPIEL-madrasi_1 (Madrasi RexInklusive): 1.Gg7-e7+ blocks f7's line to c7 and so frees the
        // grasshopper c7, which checks a7 over the white king b7; the kings a7, b7 paralyse each other.
        let (rules, pos) = setup("8/kKGp1gG1/P1rR1r2/3p4/4P1p1/6pP/2P2P2/8 w - - 0 1", &["Madrasi RI"]);
        let p = play(&rules, &pos, "g7e7");
        assert!(rules.in_check(&p, Color::Black));
        assert!(rules.is_paralysed(&p, sq("a7")) && rules.is_paralysed(&p, sq("b7")));
    }

    #[test]
    fn en_passant_follows_popeye() {
        // Popeye BEISPIEL-selfref_3 (Madrasi RexInklusive): after 1...b7-b5, 2.a5*b6 ep. is legal (the b5 pawn
        // does not observe a5); after 1...b7-b6, a5 and b6 paralyse each other.
        let fen = "kK2B3/rp1p4/p1p5/P3n3/1QR5/1N6/4p3/5q2 w - - 0 1";
        let (rules, pos) = setup(fen, &["Madrasi RI"]);
        let pos = play(&rules, &pos, "c4c3");
        let p = play(&rules, &pos, "b7b5");
        assert!(legal(&rules, &p).contains(&"a5xb5b6".to_string()));
        // The double-stepped pawn is observed en passant and so paralysed (it would give no check).
        assert!(rules.is_paralysed(&p, sq("b5")));
        assert!(!rules.is_paralysed(&p, sq("a5")));
        let p = play(&rules, &pos, "b7b6");
        assert!(rules.is_paralysed(&p, sq("a5")) && rules.is_paralysed(&p, sq("b6")));
        assert!(!legal(&rules, &p).contains(&"a5b6".to_string()));
    }

    #[test]
    fn en_passant_paralysed_pawn_gives_no_check() {
        // Popeye's pawn observation includes the en-passant capture: the pawn that has just made its double step
        // next to an enemy pawn is paralysed, so it does not check the king it attacks.
        let fen = "4k3/4p3/8/3P4/3K4/8/8/8 b - - 0 1";
        let (rules, pos) = setup(fen, &["Madrasi"]);
        let p = play(&rules, &pos, "e7e5");
        assert!(rules.is_paralysed(&p, sq("e5")));
        assert!(!rules.in_check(&p, Color::White), "the pawn e5 is paralysed by d5 (en passant)");
        assert!(legal(&rules, &p).contains(&"d5xe5e6".to_string()));
        let (rules_o, pos_o) = setup(fen, &[]);
        let p = play(&rules_o, &pos_o, "e7e5");
        assert!(rules_o.in_check(&p, Color::White));
    }

    #[test]
    fn popeye_madrasi_10_series_mate() {
        // Popeye BEISPIEL-madrasi_10 (ser-#4, Madrasi): 1.g8=T 2.a8=D 3.d8=S 4.h8=L#.
        let (rules, pos) = setup("2q5/P2Pn1PP/2r2k2/6r1/6K1/8/3b3p/8 w - - 0 1", &["Madrasi"]);
        let mut p = pos.clone();
        for m in ["g7g8r", "a7a8q", "d7d8s"] {
            p = play(&rules, &p, m);
            assert!(!rules.in_check(&p, Color::Black), "a series move before the last gives no check: {m}");
            p = p.null_move();
        }
        let p = play(&rules, &p, "h7h8b");
        assert!(is_mate(&rules, &p));
    }

    #[test]
    fn conflicts_and_options() {
        let spec = |t: &str| parse_condition_text(t).unwrap();
        assert!(matches!(build_all(&[spec("Madrasi"), spec("Isardam")]), Err(ConditionError::Conflict(..))));
        assert!(matches!(build_all(&[spec("Isardam"), spec("Madrasi")]), Err(ConditionError::Conflict(..))));
        assert!(build_all(&[spec("Madrasi"), spec("Eiffel")]).is_ok());
        assert!(build_all(&[ConditionSpec {
            name: "Madrasi".into(),
            options: vec!["TypeB".into()],
            ..Default::default()
        }])
        .is_err());
        assert_eq!(build_all(&[spec("Madrasi RI")]).unwrap()[0].describe(), "Madrasi RexInclusive");
    }
}
