//! Madness of Kings (seed 004; `RULES.md` "Madness of Kings"): instead of moving one of its own pieces, a side may
//! move the opponent's king as a lame alibaba (or the walk named as the condition's option), capturing only pieces
//! of the king's own colour; that move may check the moved king but not mate it; kings never stand side by side;
//! no castling.

use crate::attacks::{Occupancy, KING};
use crate::conditions::{ConditionError, ConditionSpec};
use crate::movegen::hooks::{Condition, Hooks};
use crate::movegen::Rules;
use crate::moves::{Move, MoveList, Special};
use crate::pieces::Kind;
use crate::position::Position;
use crate::square::{Bitboard, Color};

/// The condition `MadnessOfKings`, with the walk of the insane move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MadnessOfKings {
    /// The walk the opponent moves a king with.
    pub walk: Kind,
}

impl MadnessOfKings {
    /// Builds from the parameters (checked against the registry's by [`crate::conditions::build_all`]): at most
    /// one walk of the registry row's, the walks seed 004 allows for the insane move (lame alibaba, the default;
    /// fers, threeleaper, frog, mao).
    pub fn build(spec: &ConditionSpec) -> Result<Box<dyn Condition>, ConditionError> {
        let mut walk: Option<Kind> = None;
        for kind in spec.options.iter().filter_map(|o| Kind::from_code(o)) {
            if let Some(w) = walk.filter(|&w| w != kind) {
                return Err(ConditionError::Invalid(format!(
                    "Madness of Kings takes one walk, not `{}` and `{}`",
                    w.code(),
                    kind.code()
                )));
            }
            walk = Some(kind);
        }
        let lame_alibaba = || {
            Kind::from_code("LA")
                .ok_or_else(|| ConditionError::Invalid("the lame alibaba is missing from the piece registry".into()))
        };
        Ok(Box::new(MadnessOfKings { walk: walk.map_or_else(lame_alibaba, Ok)? }))
    }
}

/// Whether a white and a black king stand on adjacent squares.
pub fn kings_adjacent(pos: &Position) -> bool {
    let black = pos.pieces_bb(Color::Black, Kind::KING);
    pos.pieces_bb(Color::White, Kind::KING).into_iter().any(|w| (Bitboard(KING[w.index()]) & black).non_empty())
}

impl Condition for MadnessOfKings {
    // Its rules single out kings by kind (Popeye's by the flag Royal): not with other royal pieces.
    fn royal_pieces(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        if self.walk.code() == "LA" {
            "MadnessOfKings".into()
        } else {
            format!("MadnessOfKings {}", self.walk.code())
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::EXTRA_MOVES | Hooks::LEGALITY | Hooks::REPLIES
    }

    // Madness of Kings: "There is no castling" (seed 004).
    fn castling(&self) -> bool {
        false
    }

    // Madness of Kings: the king "is movable BY THE OPPONENT as well ... as a lame alibaba" (or the walk given);
    // "The king may capture friendly pieces (pieces of the same color), but NOT hostile pieces" (seed 004): the
    // walk's targets with the mover's pieces as the "own" ones, so only the king's colour can be captured.
    fn extra_moves(&self, rules: &Rules, pos: &Position, out: &mut MoveList) {
        let us = pos.side();
        let walk = rules.walks.get(self.walk);
        for k in pos.pieces_bb(us.opposite(), Kind::KING) {
            // A paralysed piece cannot move (RULES.md, Madrasi), whoever moves it.
            if rules.is_paralysed(pos, k) {
                continue;
            }
            walk.for_each_target(pos, us, k, |to, cap| out.push(Move::new(k, to, cap, Special::Insane)));
        }
    }

    // Madness of Kings: "Kings may never be on adjacent squares" (seed 004), after any move (RULES.md).
    fn is_legal(&self, _rules: &Rules, _before: &Position, _mv: Move, after: &Position) -> bool {
        !kings_adjacent(after)
    }

    // Madness of Kings: "The king may place himself in check, but NOT checkmate" (seed 004). Checkmate is judged
    // with the insane moves in mind (the checked side may move the mover's king); the checked side's insane replies
    // are not asked whether they would in turn mate (one level, so the rule is not circular).
    fn is_legal_by_replies(&self, rules: &Rules, _before: &Position, mv: Move, after: &Position) -> bool {
        mv.special != Special::Insane
            || !rules.in_check(after, after.side())
            || rules.has_legal_move_ignoring_replies(after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conditions::build_all;
    use crate::conditions::madrasi::tests::{is_mate, legal, play, setup};
    use crate::input::vocab::conditions::parse_condition_text;
    use crate::notation::move_text;

    fn has(moves: &[String], m: &str) -> bool {
        moves.iter().any(|x| x == m)
    }

    #[test]
    fn insane_moves_as_lame_alibaba() {
        // Seed 004: "He may only move the king to the second square orthogonally (like a dabbabah) or diagonally
        // (like an alfil). The king may NOT jump over pieces." From d5: b3, b5, b7, d3, d7, f3, f5, f7 (none beside
        // e1), plus White's five king steps: 13. A black pawn on c4 blocks d5-b3.
        let (rules, pos) = setup("8/8/8/3k4/8/8/8/4K3 w - - 0 1", &["Madness of Kings"]);
        let moves = legal(&rules, &pos);
        assert_eq!(moves.len(), 13, "{moves:?}");
        for m in ["d5b3", "d5b5", "d5b7", "d5d3", "d5d7", "d5f3", "d5f5", "d5f7"] {
            assert!(has(&moves, m), "{m}");
        }
        let (rules, pos) = setup("8/8/8/3k4/2p5/8/8/4K3 w - - 0 1", &["Madness of Kings"]);
        assert!(!has(&legal(&rules, &pos), "d5b3"), "c4 is in the way");
        let mut v = Vec::new();
        rules.legal_moves(&pos, &mut v);
        let m = v.iter().find(|m| m.uci() == "d5f3").copied().unwrap();
        assert_eq!(m.special, Special::Insane);
        // "The move notation shows whose king was moved" (issue 5): White moved Black's king.
        assert_eq!(move_text(&pos, m), "bKd5-f3");
    }

    #[test]
    fn insane_king_captures_its_own_queen_never_a_hostile_piece() {
        // Seed 004: "capture their own queens"; "The king may capture friendly pieces (pieces of the same color), but
        // NOT hostile pieces."
        let (rules, pos) = setup("8/8/8/1q1k1N2/8/8/8/4K3 w - - 0 1", &["Madness of Kings"]);
        let moves = legal(&rules, &pos);
        assert!(has(&moves, "d5b5"), "the king takes its own queen: {moves:?}");
        assert!(!has(&moves, "d5f5"), "not the white horse");
        let mut v = Vec::new();
        rules.legal_moves(&pos, &mut v);
        let m = v.iter().find(|m| m.uci() == "d5b5").copied().unwrap();
        assert_eq!(move_text(&pos, m), "bKd5*b5");
        let after = rules.make(&pos, m);
        assert!(after.pieces_bb(Color::Black, Kind::QUEEN).is_empty());
    }

    #[test]
    fn insane_move_may_check_but_not_mate() {
        // Seed 004: "The king may place himself in check, but NOT checkmate." With Ra1 alone, c6-a6, c6-a4 and c6-a8
        // check the king, which escapes to the b-file: legal. With Rb2 too, each of them mates (the a-file by Ra1,
        // the b-file by Rb2; Black's insane moves of Kh1, to f1, f3, h3, parry nothing): refused.
        let (rules, pos) = setup("8/8/2k5/8/8/8/8/R6K w - - 0 1", &["Madness of Kings"]);
        let moves = legal(&rules, &pos);
        for m in ["c6a4", "c6a6", "c6a8"] {
            assert!(has(&moves, m), "{m} checks without mate");
        }
        let p = play(&rules, &pos, "c6a6");
        assert!(rules.in_check(&p, Color::Black) && !is_mate(&rules, &p));
        let (rules, pos) = setup("8/8/2k5/8/8/8/1R6/R6K w - - 0 1", &["Madness of Kings"]);
        let moves = legal(&rules, &pos);
        for m in ["c6a4", "c6a6", "c6a8"] {
            assert!(!has(&moves, m), "{m} would mate");
        }
        assert!(has(&moves, "c6c8") && has(&moves, "c6e4"));
    }

    #[test]
    fn escape_by_moving_the_enemy_king_onto_its_checking_piece() {
        // Issue 5 / RULES.md: "a side in check may escape by moving the enemy king onto its own checking piece". Re5
        // checks e1; d1, d2, f1, f2 hold White's men, e2 is on the file, the rooks and pawns cannot block: mate in
        // orthodox chess. Under Madness of Kings White's one move is c7xe5 (over d6), the king taking its own rook.
        let fen = "8/2k5/8/4r3/8/8/3P1P2/3RKR2 w - - 0 1";
        let (rules, pos) = setup(fen, &[]);
        assert!(is_mate(&rules, &pos));
        let (rules, pos) = setup(fen, &["Madness of Kings"]);
        assert!(!is_mate(&rules, &pos));
        assert_eq!(legal(&rules, &pos), ["c7e5"]);
    }

    #[test]
    fn kings_never_adjacent() {
        // Seed 004: "Kings may never be on adjacent squares." d4-d2 and d4-f2 would put Black's king beside e1.
        let (rules, pos) = setup("8/8/8/8/3k4/8/8/4K3 w - - 0 1", &["Madness of Kings"]);
        let moves = legal(&rules, &pos);
        assert!(!has(&moves, "d4d2") && !has(&moves, "d4f2") && has(&moves, "d4b2"), "{moves:?}");
        // Under Madrasi RI kings side by side paralyse each other and give no check (RULES.md), so Ke1-e2 is legal
        // there; Madness of Kings forbids it.
        let fen = "8/8/8/8/8/3k4/8/4K3 w - - 0 1";
        let (rules, pos) = setup(fen, &["Madrasi RI"]);
        assert!(has(&legal(&rules, &pos), "e1e2"));
        let (rules, pos) = setup(fen, &["Madrasi RI", "Madness of Kings"]);
        assert!(!has(&legal(&rules, &pos), "e1e2"));
        assert!(kings_adjacent(&rules.make(
            &pos,
            crate::moves::Move::new(
                crate::square::Square::parse("e1").unwrap(),
                crate::square::Square::parse("e2").unwrap(),
                None,
                Special::None
            )
        )));
    }

    #[test]
    fn insane_move_may_not_leave_the_movers_own_king_in_check() {
        // RULES.md: "It may not leave the mover's own king in check." Kd1 (White), Kd5 and Rd8 (Black), White to
        // move. By hand: the lame alibaba from d5 reaches b3, b5, b7, d3, d7, f3, f5, f7 (the middle squares c4, c5,
        // c6, d4, d6, e4, e5, e6 are empty; none of the targets is beside d1). Kd5 stands between Rd8 and Kd1, so
        // every target off the d-file (b3, b5, b7, f3, f5, f7) opens the file d7-d2 and Rd8 checks Kd1: refused.
        // d5-d3 and d5-d7 keep the king on the file between the rook and d1: legal. Only d5-d3 and d5-d7 remain.
        let (rules, pos) = setup("3r4/8/8/3k4/8/8/8/3K4 w - - 0 1", &["Madness of Kings"]);
        let insane: Vec<_> = legal(&rules, &pos).into_iter().filter(|m| m.starts_with("d5")).collect();
        assert_eq!(insane, ["d5d3", "d5d7"]);
        // Without the rook all eight are legal (the count of insane_moves_as_lame_alibaba's first position).
        let (rules, pos) = setup("8/8/8/3k4/8/8/8/3K4 w - - 0 1", &["Madness of Kings"]);
        assert_eq!(legal(&rules, &pos).into_iter().filter(|m| m.starts_with("d5")).count(), 8);
    }

    #[test]
    fn the_owners_ordinary_king_moves_stay_as_they_are() {
        // RULES.md: "The owner's ordinary king moves stay as they are." Seed 004: "When the king is moved by his owner
        // (being sane): The standard rules of chess apply. The king may move to any adjacent square. He may not move
        // in check." Black to move, Kd5 (Black), Ke1 and Rc1 (White): by hand, Rc1 holds c4, c5, c6, so Black's
        // king steps are d4, d6, e4, e5, e6 in orthodox chess and under Madness of Kings alike (one square, never the
        // lame alibaba's two: that walk is only for the opponent's king); Black's other moves are insane moves of
        // Ke1, which start on e1.
        let fen = "8/8/8/3k4/8/8/8/2R1K3 b - - 0 1";
        let (rules, pos) = setup(fen, &[]);
        let orthodox = legal(&rules, &pos);
        assert_eq!(orthodox, ["d5d4", "d5d6", "d5e4", "d5e5", "d5e6"]);
        let (rules, pos) = setup(fen, &["Madness of Kings"]);
        let moves = legal(&rules, &pos);
        let own: Vec<_> = moves.iter().filter(|m| m.starts_with("d5")).cloned().collect();
        assert_eq!(own, orthodox);
        assert!(moves.iter().all(|m| m.starts_with("d5") || m.starts_with("e1")), "{moves:?}");
        let mut v = Vec::new();
        rules.legal_moves(&pos, &mut v);
        assert!(v.iter().filter(|m| m.uci().starts_with("d5")).all(|m| m.special == Special::None));
    }

    #[test]
    fn stalemate_counts_the_insane_moves() {
        // RULES.md: a side "may, instead of moving one of its own pieces, move the opponent's king"; so a side whose
        // own pieces cannot move but which has an insane move has a legal move and is not stalemated. Ka8 (Black),
        // Qb6 and Kh1 (White), Black to move: by hand, Qb6 holds a7 (diagonal), b7 and b8 (file) and does not attack
        // a8, so in orthodox chess Black is stalemated. Under Madness of Kings Black may move Kh1 as a lame alibaba
        // to f1 (over g1), h3 (over h2) or f3 (over g2): nothing of Black's checks those squares, none is beside a8,
        // and moving Kh1 does not open a line to a8. So Black has three moves and is not stalemated.
        let fen = "k7/8/1Q6/8/8/8/8/7K b - - 0 1";
        let (rules, pos) = setup(fen, &[]);
        assert!(
            !rules.in_check(&pos, Color::Black) && !rules.has_legal_move(&pos, &mut Vec::new()),
            "orthodox stalemate"
        );
        let (rules, pos) = setup(fen, &["Madness of Kings"]);
        assert!(!rules.in_check(&pos, Color::Black));
        assert!(rules.has_legal_move(&pos, &mut Vec::new()), "not stalemate: the insane moves count");
        assert_eq!(legal(&rules, &pos), ["h1f1", "h1f3", "h1h3"]);
    }

    #[test]
    fn no_castling() {
        // Seed 004: "There is no castling."
        let (rules, pos) = setup("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", &["Madness of Kings"]);
        let moves = legal(&rules, &pos);
        assert!(!has(&moves, "e1g1") && !has(&moves, "e1c1"));
    }

    #[test]
    fn other_walks() {
        // Seed 004: "The power of lame Alibaba is also optional. It might the power of Ferzes, or (3,0) leapers, or
        // Frogs. As a nice alternative, the chinese Mao". Fers from d5: c4, c6, e4, e6 (none beside e1).
        let (rules, pos) = setup("8/8/8/3k4/8/8/8/4K3 w - - 0 1", &["Madness of Kings fers"]);
        let insane: Vec<_> = legal(&rules, &pos).into_iter().filter(|m| m.starts_with("d5")).collect();
        assert_eq!(insane, ["d5c4", "d5c6", "d5e4", "d5e6"]);
        // Threeleaper: a5, d2 (beside e1: refused), d8, g5.
        let (rules, pos) = setup("8/8/8/3k4/8/8/8/4K3 w - - 0 1", &["Madness of Kings threeleaper"]);
        let insane: Vec<_> = legal(&rules, &pos).into_iter().filter(|m| m.starts_with("d5")).collect();
        assert_eq!(insane, ["d5a5", "d5d8", "d5g5"]);
        // Frog = fers + threeleaper.
        let (rules, pos) = setup("8/8/8/3k4/8/8/8/4K3 w - - 0 1", &["Madness of Kings frog"]);
        assert_eq!(legal(&rules, &pos).into_iter().filter(|m| m.starts_with("d5")).count(), 7);
        // Mao: a knight's move through the orthogonally adjacent square; a pawn on d6 blocks c7 and e7.
        let (rules, pos) = setup("8/8/3P4/3k4/8/8/8/4K3 w - - 0 1", &["Madness of Kings mao"]);
        let insane: Vec<_> = legal(&rules, &pos).into_iter().filter(|m| m.starts_with("d5")).collect();
        assert_eq!(insane, ["d5b4", "d5b6", "d5c3", "d5e3", "d5f4", "d5f6"]);
    }

    #[test]
    fn options() {
        let spec = |t: &str| parse_condition_text(t).unwrap();
        assert_eq!(build_all(&[spec("Madness of Kings")]).unwrap()[0].describe(), "MadnessOfKings");
        assert_eq!(build_all(&[spec("MadnessOfKings mao")]).unwrap()[0].describe(), "MadnessOfKings MA");
        assert!(parse_condition_text("Madness of Kings queen").unwrap_err().contains("no option `queen`"));
        let queen = crate::conditions::ConditionSpec {
            name: "MadnessOfKings".into(),
            options: vec!["Q".into()],
            ..Default::default()
        };
        assert!(matches!(build_all(&[queen]), Err(ConditionError::BadParam { param, .. }) if param == "Q"));
        let two = crate::conditions::ConditionSpec {
            name: "MadnessOfKings".into(),
            options: vec!["FE".into(), "MA".into()],
            ..Default::default()
        };
        assert!(build_all(&[two]).unwrap_err().to_string().contains("takes one walk"));
        assert!(build_all(&[spec("Madness of Kings"), spec("Parsi"), spec("Madrasi")]).is_ok(), "combinable");
    }
}
