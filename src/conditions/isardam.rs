//! Isardam: a move that would create a Madrasi paralysis is illegal (seed 002; `RULES.md`), with Popeye's
//! options `TypeB` (orthodox check) and `RexInclusive` (kings count in the paralysis test).

use crate::attacks::{
    between, bishop_attacks, orthodox_attacks, rook_attacks, Occupancy, KING, KNIGHT, PAWN_ATTACKS, PAWN_OBSERVERS,
};
use crate::conditions::madrasi::{any_madrasi_paralysis, en_passant_observed, madrasi_pairs, observed_by_kind};
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{ChangeFacts, Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, Special};
use crate::pieces::Kind;
use crate::position::{castling_rook, Position};
use crate::square::{Bitboard, Color, Square};

/// The condition `Isardam`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Isardam {
    /// Popeye's Type B: a check is a check even if the capture of the king would create a paralysis.
    pub type_b: bool,
    /// Popeye's `RexInclusive`: kings observing each other are a paralysis too.
    pub rex_inclusive: bool,
}

impl Isardam {
    /// Builds from the parameters (checked against the registry's by [`crate::conditions::build_all`]):
    /// `TypeB` and `RexInclusive`.
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let has = |p: &str| spec.options.iter().any(|o| o == p);
        Ok(Box::new(Isardam { type_b: has("TypeB"), rex_inclusive: has("RexInclusive") }))
    }

    /// Whether the piece on `observer` may legally capture on `target` under Isardam: some capture of the
    /// piece on `target` by it (any promotion) leaves no paralysis on the board.
    fn capture_is_legal(&self, rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        let Some(piece) = pos.piece_at(observer) else { return false };
        let legal = |mv: Move| !any_madrasi_paralysis(rules, &rules.make(pos, mv), self.rex_inclusive);
        if piece.kind == Kind::PAWN {
            let mv = Move::new(observer, target, Some(target), Special::None);
            return if target.rank() == piece.color.last_rank() {
                // Isardam with Parsi: only a promotion the rules allow makes the capture a legal move (RULES.md
                // "Combinations"; Parsi: promotion only to a lost kind of the square).
                rules
                    .promotions
                    .iter()
                    .any(|&k| rules.promotion_allowed(pos, mv.promoting(k), k) && legal(mv.promoting(k)))
            } else {
                legal(mv)
            };
        }
        let mut found = false;
        rules.walks.get(piece.kind).for_each_target(pos, piece.color, observer, |to, cap| {
            if !found && cap == Some(target) {
                found = legal(Move::new(observer, to, cap, Special::None));
            }
        });
        found
    }
}

/// Whether `mv`, made from a position without a Madrasi paralysis, creates one in `after` (`None` when the
/// full test must decide: a kind in play whose walk is not leaps and rook/bishop lines, or a move of a
/// condition's own). A new paralysis needs a piece on a square the move fills (the moved or promoted piece, the
/// castling rook), or an observation along a line through a square the move empties: leaps and pawn captures
/// do not depend on other squares, and filling a square only blocks lines. Leaps and rook/bishop lines are
/// symmetric, so for those the piece that arrives is observed exactly when it observes; a pawn is tested both
/// ways (the en-passant observation of a pawn that has just made its double step included).
pub(crate) fn creates_paralysis(rules: &Rules, mv: Move, after: &Position, rex_inclusive: bool) -> Option<bool> {
    let castling = matches!(mv.special, Special::CastleShort | Special::CastleLong);
    if !rules.kinds.complex.is_empty()
        || !(castling || matches!(mv.special, Special::None | Special::DoubleStep | Special::EnPassant))
    {
        return None;
    }
    let mut filled = mv.to.bb();
    let mut emptied = mv.from.bb() | mv.capture().map_or(Bitboard::EMPTY, Square::bb);
    if castling {
        let (rook_from, rook_to) = castling_rook(mv);
        filled.set(rook_to);
        emptied.set(rook_from);
    }
    let counts = |kind: Kind| kind != Kind::KING || rex_inclusive;
    let occ = after.occupied();
    for sq in filled {
        let p = after.piece_at(sq)?;
        let theirs = after.pieces_bb(p.color.opposite(), p.kind);
        if !counts(p.kind) || theirs.is_empty() {
            continue;
        }
        let seen = match orthodox_attacks(p.kind, p.color, sq, occ) {
            // A pawn both ways; its en-passant observation after a double step by the whole test.
            Some(attacks) if p.kind == Kind::PAWN => {
                ((attacks | Bitboard(PAWN_OBSERVERS[p.color.opposite().index()][sq.index()])) & theirs).non_empty()
                    || (mv.special == Special::DoubleStep && observed_by_kind(rules, after, sq, p.color, p.kind))
            }
            Some(attacks) => (attacks & theirs).non_empty(),
            None => observed_by_kind(rules, after, sq, p.color, p.kind),
        };
        if seen {
            return Some(true);
        }
    }
    let emptied = emptied & !occ;
    if emptied.is_empty() {
        return Some(false);
    }
    for ortho in [true, false] {
        let kinds = rules.line_riders(ortho);
        let riders = kinds.iter().fold(Bitboard::EMPTY, |r, &k| r | after.kind_bb(k));
        let (white, black) = (riders & after.color_bb(Color::White), riders & after.color_bb(Color::Black));
        if white.is_empty() || black.is_empty() {
            continue;
        }
        // The first pieces seen from an emptied square along its rook lines (bishop lines): two of them of one kind
        // riding such lines, of both colours, on either side of it, now observe each other.
        for v in emptied {
            let lines = if ortho { rook_attacks(v, Bitboard::EMPTY) } else { bishop_attacks(v, Bitboard::EMPTY) };
            if (lines & white).is_empty() || (lines & black).is_empty() {
                continue;
            }
            let seen = if ortho { rook_attacks(v, occ) } else { bishop_attacks(v, occ) } & riders;
            for &kind in kinds {
                if !counts(kind) {
                    continue;
                }
                let of_kind = seen & after.kind_bb(kind);
                let white = of_kind & after.color_bb(Color::White);
                let black = of_kind & after.color_bb(Color::Black);
                if white.non_empty()
                    && black.non_empty()
                    && white.into_iter().any(|w| black.into_iter().any(|b| between(w, b).has(v)))
                {
                    return Some(true);
                }
            }
        }
    }
    Some(false)
}

/// The [`ChangeFacts`] of Isardam for `pos`, when its kinds in play are orthodox and it has no Madrasi
/// paralysis (`None` otherwise). For each kind, the squares where a piece of the side to move's is observed by an
/// opposing piece of its kind: for leaps and rook/bishop lines the squares that pieces observe (symmetric), for
/// pawns both ways; the occupancy before the move serves, since a line that the move opens through its from
/// square leads to a piece of the mover's kind only if that piece observed the mover already. A double step
/// beside an opposing pawn is observed en passant (`creates_paralysis`). The squares a move must not empty:
/// the lone piece between two opposing pieces of one kind riding that line. The same sets tell whether `pos`
/// has a paralysis: a piece of the side to move's on the squares of its kind, or the pawn that has just made
/// its double step observed en passant ([`any_madrasi_paralysis`]).
fn change_facts_of(rules: &Rules, pos: &Position, rex_inclusive: bool) -> Option<ChangeFacts> {
    if !rules.kinds.complex.is_empty() || !rules.kinds.simple_fairy.is_empty() {
        return None;
    }
    let us = pos.side();
    let them = us.opposite();
    let occ = pos.occupied();
    let mut facts = ChangeFacts::default();
    let mut lines = |kind: Kind, ours: Bitboard, theirs: Bitboard, attacks: fn(Square, Bitboard) -> Bitboard| {
        let mut seen = Bitboard::EMPTY;
        for e in theirs {
            let a = attacks(e, occ);
            seen |= a;
            for o in ours & attacks(e, Bitboard::EMPTY) & !a {
                let blockers = between(e, o) & occ;
                if blockers.count() == 1 {
                    facts.vacating |= blockers;
                }
            }
        }
        facts.arrival[kind.index()] = seen;
    };
    let queen = |sq: Square, occ: Bitboard| rook_attacks(sq, occ) | bishop_attacks(sq, occ);
    for (kind, attacks) in [
        (Kind::BISHOP, bishop_attacks as fn(Square, Bitboard) -> Bitboard),
        (Kind::ROOK, rook_attacks),
        (Kind::QUEEN, queen),
    ] {
        let (ours, theirs) = (pos.pieces_bb(us, kind), pos.pieces_bb(them, kind));
        if ours.non_empty() && theirs.non_empty() {
            lines(kind, ours, theirs, attacks);
        }
    }
    let mut leaps = |kind: Kind, table: &[u64; 64]| {
        let theirs = pos.pieces_bb(them, kind);
        if pos.pieces_bb(us, kind).non_empty() {
            facts.arrival[kind.index()] =
                theirs.into_iter().fold(Bitboard::EMPTY, |seen, e| seen | Bitboard(table[e.index()]));
        }
    };
    leaps(Kind::KNIGHT, &KNIGHT);
    if rex_inclusive {
        leaps(Kind::KING, &KING);
    }
    let (ours, theirs) = (pos.pieces_bb(us, Kind::PAWN), pos.pieces_bb(them, Kind::PAWN));
    if ours.non_empty() && theirs.non_empty() {
        // Pawns observe each other both ways: ours observe theirs from the squares theirs would attack.
        facts.arrival[Kind::PAWN.index()] = theirs.into_iter().fold(Bitboard::EMPTY, |seen, e| {
            seen | Bitboard(PAWN_ATTACKS[them.index()][e.index()] | PAWN_OBSERVERS[us.index()][e.index()])
        });
        // A double step arriving beside an opposing pawn (which could take it en passant).
        const FILE_A: u64 = 0x0101_0101_0101_0101;
        let beside = (theirs & Bitboard(0xFF << (8 * if us == Color::White { 3 } else { 4 }))).0;
        facts.double_step = Bitboard(((beside << 1) & !FILE_A) | ((beside >> 1) & !(FILE_A << 7)));
    }
    let paralysed = [Kind::PAWN, Kind::KNIGHT, Kind::BISHOP, Kind::ROOK, Kind::QUEEN, Kind::KING]
        .iter()
        .any(|&k| (facts.arrival[k.index()] & pos.pieces_bb(us, k)).non_empty());
    let mover = pos.side().opposite();
    let en_passant = pos
        .ep_square()
        .and_then(|ep| ep.offset(0, mover.forward()))
        .is_some_and(|sq| en_passant_observed(pos, sq, mover));
    (!paralysed && !en_passant).then_some(facts)
}

impl Condition for Isardam {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        let mut s = String::from("Isardam");
        if self.type_b {
            s.push_str(" TypeB");
        }
        if self.rex_inclusive {
            s.push_str(" RexInclusive");
        }
        s
    }

    fn hooks(&self) -> Hooks {
        // Isardam: no piece is ever paralysed (paralysis cannot arise), so the PARALYSIS hook stays off.
        if self.type_b {
            Hooks::LEGALITY
        } else {
            Hooks::LEGALITY | Hooks::OBSERVATION
        }
    }

    // Isardam: after the move no piece of either colour may be observed by an opposing piece of its kind
    // (Popeye tests the whole board, so a paralysis left standing from the diagram makes every move illegal).
    // Isardam: kings are left out of that test unless RexInclusive (Popeye: Isardam RexInclusive sets Madrasi's
    // rex-inclusive flag).
    // Isardam en passant: a double step beside an opposing pawn that could take it en passant creates a paralysis,
    // so it is illegal (Popeye's Isardam test observes en passant relative to the move just played).
    fn is_legal(&self, rules: &Rules, _before: &Position, _mv: Move, after: &Position) -> bool {
        !any_madrasi_paralysis(rules, after, self.rex_inclusive)
    }

    // Isardam: positions reached by legal moves have no paralysis; a move from one is judged by the squares it
    // changes (`creates_paralysis`).
    fn passes(&self, rules: &Rules, pos: &Position) -> bool {
        !any_madrasi_paralysis(rules, pos, self.rex_inclusive)
    }

    // Isardam from a position without paralysis: a plain move creates one when its piece arrives where an
    // opposing piece of its kind observes it or it observes one (`change_facts_of`), or empties the one square
    // between two opposing line pieces of one kind.
    fn change_facts(&self, rules: &Rules, pos: &Position) -> Option<ChangeFacts> {
        change_facts_of(rules, pos, self.rex_inclusive)
    }

    fn is_legal_from_passing(&self, rules: &Rules, before: &Position, mv: Move, after: &Position) -> bool {
        match creates_paralysis(rules, mv, after, self.rex_inclusive) {
            Some(created) => !created,
            None => self.is_legal(rules, before, mv, after),
        }
    }

    // Isardam (type A, Popeye's default): a piece gives check only if its capture of the king would be legal, i.e.
    // would create no paralysis (Popeye's observation validator; case BEISPIEL-isardam_1 ends with the kings d8
    // and e7 side by side). Type B: every observation gives check, as in orthodox chess (Popeye: IsardamB uses the
    // orthodox evaluation).
    fn observation_counts(&self, rules: &Rules, pos: &Position, observer: Square, target: Square) -> bool {
        self.type_b || self.capture_is_legal(rules, pos, observer, target)
    }

    // Isardam (type A) with Parsi: the king leap gives check only if its capture of the king creates no paralysis,
    // like every other check (RULES.md "Combinations").
    fn extra_capture_counts(&self, rules: &Rules, pos: &Position, mv: Move) -> bool {
        self.type_b || !any_madrasi_paralysis(rules, &rules.make(pos, mv), self.rex_inclusive)
    }

    fn forbidden_paralyses(&self, rules: &Rules, pos: &Position) -> Vec<(Square, Square)> {
        madrasi_pairs(rules, pos, self.rex_inclusive)
    }
}

#[cfg(test)]
mod tests {
    use crate::conditions::madrasi::tests::{is_mate, legal, play, setup};
    use crate::conditions::{build_all, ConditionError};
    use crate::input::vocab::conditions::parse_condition_text;
    use crate::square::Color;

    #[test]
    fn creating_a_paralysis_is_illegal() {
        // Seed 002: under Isardam only moves that do not lead to a Madrasi paralysis are legal.
        let (rules, pos) = setup("4k3/8/8/8/2r5/8/8/R3K3 w - - 0 1", &["Isardam"]);
        let moves = legal(&rules, &pos);
        assert!(!moves.contains(&"a1a4".to_string()), "a4 observes c4");
        assert!(!moves.contains(&"a1c1".to_string()), "c1 observes c4");
        assert!(moves.contains(&"a1b1".to_string()));
    }

    #[test]
    fn popeye_isardam_1_kings_side_by_side_mate() {
        // Popeye BEISPIEL-isardam_1 (h#2, Isardam): 1.Kf7-e7 Dc1-c7+ 2.Db3-f7 Kc8-d8#. The white king may step
        // beside the black king: Ke7xd8 would open the line c7-f7 between the queens (a paralysis), so it is no
        // check; Kd8xe7 would create none, so the white king checks.
        let (rules, pos) = setup("2K5/5k2/8/8/8/1q6/8/2Q5 b - - 0 1", &["Isardam"]);
        let mut p = pos.clone();
        for m in ["f7e7", "c1c7", "b3f7"] {
            p = play(&rules, &p, m);
        }
        assert!(legal(&rules, &p).contains(&"c8d8".to_string()));
        let p = play(&rules, &p, "c8d8");
        assert!(!rules.in_check(&p, Color::White));
        assert!(rules.in_check(&p, Color::Black));
        assert!(is_mate(&rules, &p));
        // Type B: every observation checks, so 2.Db3-f7 does not parry the check of Qc7.
        let (rules_b, pos_b) = setup("2K5/5k2/8/8/8/1q6/8/2Q5 b - - 0 1", &["Isardam TypeB"]);
        let mut p = pos_b.clone();
        for m in ["f7e7", "c1c7"] {
            p = play(&rules_b, &p, m);
        }
        assert!(!legal(&rules_b, &p).contains(&"b3f7".to_string()));
        // Rex inclusive: the kings d8 and e7 would paralyse each other, so Kc8-d8 is illegal.
        let (rules_ri, pos_ri) = setup("2K5/5k2/8/8/8/1q6/8/2Q5 b - - 0 1", &["Isardam RI"]);
        let mut p = pos_ri.clone();
        for m in ["f7e7", "c1c7", "b3f7"] {
            p = play(&rules_ri, &p, m);
        }
        assert!(!legal(&rules_ri, &p).contains(&"c8d8".to_string()));
    }

    #[test]
    fn popeye_isardam_9_key_and_mates() {
        // Popeye BEISPIEL-isardam_9 (#2): 1.Dd1-b3! 1...Kb1-a2 2.Db3-a3#, 1...Kb1*b2 2.Db3-c3#.
        let (rules, pos) = setup("1R4B1/8/8/8/P7/3p4/1P1K4/qk1Q4 w - - 0 1", &["Isardam"]);
        let p = play(&rules, &pos, "d1b3");
        let replies = legal(&rules, &p);
        assert_eq!(replies, ["b1a2", "b1b2"], "Zugzwang with two king moves");
        let q = play(&rules, &p, "b1a2");
        assert!(is_mate(&rules, &play(&rules, &q, "b3a3")));
        let q = play(&rules, &p, "b1b2");
        assert!(is_mate(&rules, &play(&rules, &q, "b3c3")));
    }

    #[test]
    fn popeye_isardam_3_zugzwang() {
        // Popeye BEISPIEL-isardam_3 (#2, Isardam): the diagram's Re4 "attacks" the king c4 but Rxc4 would stand
        // beside Rb4, so there is no check. After 1.Te4-d4! Black has exactly the nine moves Popeye lists, and
        // 1...Sd3-b2 2.Kc6-c5 is mate.
        let (rules, pos) = setup("8/8/2K1p3/8/1rk1R3/3nP3/8/8 w - - 0 1", &["Isardam"]);
        let p = play(&rules, &pos, "e4d4");
        let replies = legal(&rules, &p);
        assert_eq!(replies, ["b4a4", "d3b2", "d3c1", "d3c5", "d3e1", "d3e5", "d3f2", "d3f4", "e6e5"]);
        let q = play(&rules, &p, "d3b2");
        assert!(is_mate(&rules, &play(&rules, &q, "c6c5")));
        let q = play(&rules, &p, "e6e5");
        assert!(is_mate(&rules, &play(&rules, &q, "c6d5")));
    }

    #[test]
    fn rex_inclusive_kings_count() {
        // Popeye: Isardam RexInclusive uses Madrasi's rex-inclusive flag: kings observing each other are a
        // paralysis, so a king may never step beside the other one.
        let fen = "8/8/8/3k4/8/4K3/8/8 w - - 0 1";
        let (rules, pos) = setup(fen, &["Isardam RI"]);
        assert!(!legal(&rules, &pos).contains(&"e3e4".to_string()));
        // Without RI, Ke4 would be "checked" only if Kd5xe4 were legal: it is (no paralysis), so still illegal.
        let (rules, pos) = setup(fen, &["Isardam"]);
        assert!(!legal(&rules, &pos).contains(&"e3e4".to_string()));
    }

    #[test]
    fn double_step_beside_enemy_pawn_is_illegal() {
        // Isardam en passant (Popeye's Isardam test sees the en-passant observation of the pawn just moved).
        let fen = "4k3/8/8/8/3p4/8/P3P3/4K3 w - - 0 1";
        let (rules, pos) = setup(fen, &["Isardam"]);
        let moves = legal(&rules, &pos);
        assert!(!moves.contains(&"e2e4".to_string()), "d4 could take e4 en passant");
        assert!(!moves.contains(&"e2e3".to_string()), "e3 and d4 observe each other");
        assert!(moves.contains(&"a2a4".to_string()) && moves.contains(&"e1d2".to_string()), "{moves:?}");
        let (rules_o, pos_o) = setup(fen, &[]);
        assert!(legal(&rules_o, &pos_o).contains(&"e2e4".to_string()));
    }

    /// The test by changes against the whole-board test: on every position of the orthodox legal move trees
    /// (three plies, so that paralyses arise freely) that has no paralysis, every pseudo-legal move creates one by
    /// [`creates_paralysis`] exactly when the position after it has one, with and without rex inclusive. The
    /// positions: Kiwipete (castling, lines opened by captures), pawns able to take en passant, promotions,
    /// kings that may meet, rook/bishop-line fairy pieces and leapers (amazon, empress, princess, camel).
    #[test]
    fn paralysis_by_changes_agrees_with_the_whole_board() {
        use super::{any_madrasi_paralysis, creates_paralysis};
        use crate::conditions::madrasi::tests::for_each_position;
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/2p1p3/8/3P1P2/1p6/8/P1P5/4K3 w - - 0 1",
            "r3k2r/1P4p1/8/2pP4/8/8/1p4P1/R3K2R w KQkq c6 0 1",
            "8/3p4/3k4/8/3K4/4P3/8/8 w - - 0 1",
            "(am)3k2(em)/1(pr)4(ca)1/8/3pP3/8/8/1(CA)4(PR)1/(EM)3K2(AM) w - - 0 1",
        ];
        let (mut created, mut judged) = (0, 0);
        for fen in fens {
            let (rules, pos) = setup(fen, &[]);
            for_each_position(&rules, &pos, 3, |p| {
                let mut moves = Vec::new();
                rules.pseudo_moves(p, &mut moves);
                for rex in [false, true] {
                    if any_madrasi_paralysis(&rules, p, rex) {
                        continue;
                    }
                    for &mv in &moves {
                        let after = rules.make(p, mv);
                        let whole = any_madrasi_paralysis(&rules, &after, rex);
                        assert_eq!(creates_paralysis(&rules, mv, &after, rex), Some(whole), "{p:?} {mv:?} rex {rex}");
                        created += whole as usize;
                        judged += 1;
                    }
                }
            });
        }
        assert!(created > 10_000 && judged > 4 * created, "{created} of {judged}");
    }

    #[test]
    fn options_and_conflicts() {
        let spec = |t: &str| parse_condition_text(t).unwrap();
        assert_eq!(build_all(&[spec("Isardam type B RI")]).unwrap()[0].describe(), "Isardam TypeB RexInclusive");
        assert!(matches!(build_all(&[spec("Isardam"), spec("Eiffel")]), Err(ConditionError::Conflict(..))));
        assert!(matches!(build_all(&[spec("Eiffel"), spec("Isardam")]), Err(ConditionError::Conflict(..))));
    }
}
