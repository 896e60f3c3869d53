//! Random problems in Popeye's input language: every stipulation family stipula solves, the options that change
//! what is printed, the conditions and fairy pieces the two solvers share, castling and en-passant rights, and
//! twins (every twinning command stipula reads, `Continued` and `ZeroPosition` included); positions from sparse to
//! crowded, kept small enough that both solvers finish fast; written as problems are by hand: in English, German
//! or French, keywords abbreviated and in any case ([`super::lang`]), `Forsyth` or `Pieces`, with author, source,
//! title, remark and award, commands in any order.

use super::lang::Writer;
use std::fmt::Write as _;
use stipula::words::Lang;

/// The random-playout tests' seeded generator (SplitMix64), with what the generator draws: the same seed gives
/// the same problems on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut r = super::playout::Rng(self.0);
        let v = r.next();
        self.0 = r.0;
        v
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next_u64() % u64::from(hi - lo + 1)) as u32
    }

    /// True with probability `percent` %.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.range(0, 99) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.range(0, items.len() as u32 - 1) as usize]
    }

    /// An item chosen by weight.
    pub fn weighted<'a, T>(&mut self, items: &'a [(u32, T)]) -> &'a T {
        let total: u32 = items.iter().map(|(w, _)| w).sum();
        let mut r = self.range(0, total - 1);
        for (w, t) in items {
            if r < *w {
                return t;
            }
            r -= w;
        }
        unreachable!()
    }
}

/// The seed of case `index` of a run with `seed`: every case can be regenerated on its own.
pub fn case_seed(seed: u64, index: u64) -> u64 {
    Rng::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// One generated problem.
#[derive(Clone, Debug)]
pub struct Case {
    pub index: u64,
    /// Popeye input, one problem.
    pub text: String,
    /// The stipulation family, for the summary (`h#`, `ser-s#`, …).
    pub family: String,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fam {
    Direct,
    Help,
    Self_,
    Reflex,
    SerDirect,
    SerHelp,
    SerSelf,
}

/// Walk codes of the fairy pieces both solvers have (stipula's registry rows marked `popeye`), in Popeye's
/// English notation.
const FAIRY: &[&str] = &[
    "G", "L", "N", "CA", "Z", "GI", "WE", "FE", "AL", "DA", "AN", "AM", "EM", "PR", "MA", "MO", "RF", "BU", "GN", "SQ",
    "WA", "CR", "ZR", "GR", "OK", "37", "16", "24", "35", "15", "25", "36", "WR", "FR", "BI", "ET", "ZE", "AO", "OA",
    "NH", "CH", "ZH", "GH", "RH", "BH", "SO", "GL", "LR", "LB", "LN", "KH", "KP", "CG", "G2", "G3", "DG", "DK", "DB",
    "KA", "KL", "DO", "EQ", "OR", "NE", "NO", "LI", "RL", "BL", "NL", "LE", "PA", "VA", "NA", "KO", "RO", "RA", "RN",
    "RP", "LS", "EH", "B1", "B2", "B3", "SS", "DS", "S1", "S2", "S3", "S4", "BT", "GT", "RK", "DU", "O", "F", "RT",
    "QN", "BO", "SE", "FA", "LO", "SA", "ML", "MM", "AH", "OH", "TH", "LH", "GE", "GF", "SC", "EE", "EN", "QE", "RB",
    "AR", "BK", "UU", "QQ", "CP",
];

/// The fairy pieces of `STIPULA_DIFF_WALKS` (codes separated by commas), if set: then every problem has fairy
/// pieces, drawn from these alone, to try a few walks often.
fn focus_walks() -> &'static [&'static str] {
    static FOCUS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    FOCUS.get_or_init(|| {
        let text = std::env::var("STIPULA_DIFF_WALKS").unwrap_or_default();
        text.split(',')
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .map(|w| &*Box::leak(w.to_string().into_boxed_str()))
            .collect()
    })
}

/// Conditions both solvers have, as Popeye spells them.
/// (Madrasi with Eiffel, which stipula solves, Popeye refuses: "Isardam and Madrasi/Eiffel not allowed".)
const CONDITIONS: &[(u32, &str)] = &[
    (4, "Madrasi"),
    (2, "Madrasi RexInclusive"),
    (3, "Isardam"),
    (2, "Isardam TypeB"),
    (1, "Isardam RexInclusive"),
    (1, "Isardam TypeB RexInclusive"),
    (3, "EiffelChess"),
    (4, "Circe"),
    (2, "Circe RexInclusive"),
    (2, "MirrorCirce"),
    (1, "FileCirce"),
    (1, "MirrorFileCirce"),
    (1, "SymmetryCirce"),
    (1, "VerticalSymmetryCirce"),
    (1, "HorizontalSymmetryCirce"),
    (1, "DiametralCirce"),
    (1, "VerticalMirrorCirce"),
    (1, "MirrorCirce RexInclusive"),
    (2, "PWC"),
    (2, "AntipodeanCirce"),
    (2, "EquipollentsCirce"),
    (1, "AntipodeanAntiCirce"),
    (1, "EquipollentsAntiCirce"),
    (2, "CirceClone"),
    (1, "MirrorCirceClone"),
    (2, "CouscousCirce"),
    (1, "MirrorCouscousCirce"),
    (1, "Circe Strict"),
    (4, "AntiCirce"),
    (2, "AntiCirce Cheylan"),
    (1, "AntiCirce RexExclusive"),
    (1, "MirrorAntiCirce"),
    (1, "FileAntiCirce"),
    (1, "SymmetryAntiCirce"),
    (1, "HorizontalSymmetryAntiCirce"),
    (3, "ImmunChess"),
    (1, "ImmunChess RexInclusive"),
    (1, "MirrorImmunChess"),
    (1, "FileImmunChess"),
    (1, "SymmetryImmunChess"),
    (1, "AntipodeanImmunChess"),
    (1, "EquipollentsImmunChess"),
    (3, "ChecklessChess"),
    (2, "BlackMaximummer"),
    (1, "WhiteMaximummer"),
    (1, "BlackMinimummer"),
    (1, "WhiteMinimummer"),
    (2, "GridChess"),
    (1, "GridChess VerticalShift"),
    (1, "GridChess HorizontalShift"),
    (1, "GridChess DiagonalShift"),
    (3, "MarsCirce"),
    (1, "MarsMirrorCirce"),
    (2, "PhantomChess"),
    (1, "PhantomChess RexInclusive"),
    (2, "PlusChess"),
    (1, "ChameleonCirce"),
    (1, "AntiCirce Chameleon"),
    (1, "CirceTurncoats"),
    (1, "CirceDoubleAgents"),
    (1, "RankCirce"),
    (1, "SuperCirce"),
    (1, "Circe Super Strict"),
    (1, "AntiSuperCirce"),
    (1, "AntiCirce Super Cheylan"),
    (1, "AntiCirce Super Relaxed"),
    (2, "CageCirce"),
    (1, "Circe Cage Strict"),
    (1, "AntiCirce Cage"),
    (2, "ParrainCirce"),
    (3, "DangerCirce"),
    (2, "CirceTake&Make"),
    (3, "GenevaChess"),
    (1, "GenevaChess Mirror"),
    (1, "GenevaChess RexInclusive"),
    (1, "ContraParrain"),
    (2, "CirceAssassin"),
    (1, "Circe Symmetry Assassin"),
    (4, "Take&MakeChess"),
    (1, "Take&MakeChess Absolute"),
    (3, "Make&TakeChess"),
    (3, "SwappingKings"),
    (2, "CavalierMajeur"),
    (2, "LeseMajeste"),
    (2, "ShieldedKings"),
    (2, "AntiKings"),
    (3, "KobulKings"),
    (1, "KobulKings Black"),
    (3, "CastlingChess"),
    (2, "Rokagogo"),
    (2, "BlackOscillatingKings"),
    (1, "WhiteOscillatingKings TypeB"),
    (3, "AndernachChess"),
    (3, "AntiAndernachChess"),
    (3, "Breton"),
    (2, "Breton Adverse"),
    (1, "Breton Chromatic"),
    (1, "Breton Adverse Chromatic"),
    (1, "Breton PY"),
    (3, "ChameleonChess"),
    (3, "SingleBox Type1"),
    (2, "NoCapture"),
    (1, "NoWhiteCapture"),
    (1, "NoBlackCapture"),
    (3, "KoeKo"),
    (1, "KoeKo Neighbour S"),
    (2, "AntiKoeko"),
    (2, "NewKoeko"),
    (2, "MonochromChess"),
    (2, "BichromChess"),
    (2, "WhiteEdgeMover"),
    (2, "BlackEdgeMover"),
    (3, "Patrouille"),
    (2, "UltraPatrol"),
    (3, "Lortap"),
    (3, "CentralChess"),
    (4, "AnnanChess"),
    (1, "AnnanChess TypeB"),
    (1, "AnnanChess TypeC"),
    (1, "AnnanChess TypeD"),
    (3, "Bicolores"),
    (2, "SingleBox Type2"),
    (2, "SingleBox Type3"),
    (3, "Sentinelles"),
    (1, "Sentinelles PionAdvers"),
    (1, "Sentinelles ParaSentinelles"),
    (3, "Masand"),
    (2, "MasandGeneralised"),
    (3, "SAT"),
    (2, "StrictSAT"),
    (2, "SAT 1"),
    (1, "SAT 2"),
    (1, "StrictSAT 1"),
    (3, "BGL 6 5"),
    (2, "BGL 8.5"),
    (1, "BGL 4.5 3.25"),
    (1, "BGL - 4"),
    (1, "BGL 3 -"),
    (2, "MagicSquares d5e4"),
    (1, "MagicSquares c3f6b7 Type2"),
    (2, "Wormholes d4e5"),
    (1, "Wormholes c3f6d5"),
    (1, "Wormholes b2g7e4d8"),
    (4, "Hole"),
    (4, "HaanerChess"),
    (3, "Volage"),
    (2, "Hypervolage"),
    (4, "Imitator"),
    (1, "Imitator NoIProm"),
    (4, "GhostChess"),
    (3, "HauntedChess"),
    (3, "TransmutedKings"),
    (1, "WhiteTransmutedKing"),
    (2, "ReflectiveKings"),
    (1, "BlackReflectiveKing"),
    (2, "WhiteSuperTransmutingKing"),
    (2, "BlackSuperTransmutingKing"),
    (1, "WhiteSuperTransmutingKing BlackTransmutedKing"),
    (1, "WhiteReflectiveKing BlackTransmutedKing"),
    (2, "VaultingKings"),
    (1, "VaultingKings N"),
    (1, "WhiteVaultingKing Transmuting G"),
    (3, "ExclusiveChess"),
    (1, "ExclusiveChess ChecklessChess"),
    (3, "MessignyChess"),
    (1, "MessignyChess RexExclusive"),
    (3, "SuperGuards"),
    (2, "AntiGuards"),
    (2, "PromOnly Q S"),
    (1, "PromOnly R B G"),
    (3, "FrankfurtChess"),
    (1, "FrankfurtChess RexExclusive"),
    (3, "Disparate"),
    (3, "Pepo"),
    (2, "Tibet"),
    (2, "DoubleTibet"),
    (3, "PointReflection"),
    (2, "FaceToFace"),
    (2, "BackToBack"),
    (2, "CheekToCheek"),
    (3, "BrunnerChess"),
    (3, "Bicaptures"),
    // Not MultiCaptures: Popeye's goal tests under it contradict its own move lists (docs/popeye-differences.md).
];

/// Words of the conditions whose rules read kings by kind, which stipula refuses beside pieces with the royal
/// attribute (`Condition::royal_pieces`).
const READS_KINGS: &[&str] = &[
    "Andernach",
    "Bicolores",
    "Breton",
    "AntiCirce",
    "AntiSuperCirce",
    "AntipodeanAnti",
    "RexInclusive",
    "CastlingChess",
    "Rokagogo",
    "Isardam",
    "Madness",
    "Madrasi",
    "Make&Take",
    "Masand",
    "Messigny",
    "Oscillating",
    "Parsi",
    "SingleBox",
    "SwappingKings",
    "Transmut",
    "Reflective",
    "Vaulting",
    "Volage",
];

/// Conditions drawn beside Hole or Haaner chess now and then (one of them), as stipula plays them together.
const WITH_HOLES: &[&str] = &[
    "ChecklessChess",
    "BlackMaximummer",
    "WhiteMinimummer",
    "GridChess",
    "NoCapture",
    "MonochromChess",
    "BichromChess",
    "WhiteEdgeMover",
    "HaanerChess",
];

/// Conditions that change which moves are legal or what check is, drawn with Madrasi now and then as the Circe
/// family is.
const WITH_MADRASI: &[&str] = &[
    "ChecklessChess",
    "BlackMaximummer",
    "WhiteMaximummer",
    "BlackMinimummer",
    "WhiteMinimummer",
    "NoCapture",
    "KoeKo",
    "NewKoeko",
    "MonochromChess",
    "WhiteEdgeMover",
    "Patrouille",
    "UltraPatrol",
    "Lortap",
    "CentralChess",
    "BGL 6 5",
    "BGL 8.5",
    "ExclusiveChess",
];

/// `STIPULA_DIFF_CONDITION=text`: every problem under a condition whose name contains `text`, or one of its
/// `|`-separated parts (to test one condition's family with a few hundred problems); unset, one problem in five
/// under any condition.
/// Whether a stipulation's goal is one of self-check: double mate `##`, counter-mate `##!`, auto-mate `!#`.
fn self_check_goal(stip: &str) -> bool {
    stip.contains("##") || stip.contains("!#")
}

/// `STIPULA_DIFF_FAMILY=sstip|hs#`: every problem of a stipulation family whose code contains one of the
/// `|`-separated words (`sstip` for the structured stipulations).
fn family_filter() -> Option<String> {
    std::env::var("STIPULA_DIFF_FAMILY").ok().filter(|s| !s.is_empty())
}

fn condition_filter() -> Option<String> {
    std::env::var("STIPULA_DIFF_CONDITION").ok().filter(|s| !s.is_empty())
}

/// A condition drawn for the stipulation `stip` (among those `only` names, when given): not Checkless chess with
/// the goal check, which stipula refuses (Popeye exempts the move reaching that goal from the rule).
fn condition_for(rng: &mut Rng, stip: &str, only: &Option<String>) -> &'static str {
    // Not the support conditions with the goal c81: Popeye's answers there are not yet understood (a first move that
    // reaches the last rank does not reach the goal under Patrouille or Central chess, and does under Lortap).
    let support = ["Patrouille", "UltraPatrol", "Lortap", "CentralChess"];
    let allowed = |c: &str| {
        // Exclusive chess with the goal mate only (stipula refuses the others).
        let mate = stip.split_once('#').is_some_and(|(_, rest)| rest.starts_with(|x: char| x.is_ascii_digit()));
        !((c == "ChecklessChess" && stip.contains('+'))
            || (c.starts_with("ExclusiveChess") && (!mate || stip.starts_with("sstip")))
            // Messigny chess not in series play nor with the goal c81 (stipula refuses them).
            || (c.starts_with("MessignyChess")
                && (stip.contains("ser-")
                    || stip.contains("->")
                    || stip.contains("c81")
                    || stip.contains('+')
                    || stip.contains("s[")))
            || ((support.contains(&c) || c.starts_with("Wormholes")) && stip.contains("c81"))
            // Pepo not with mate goals: Popeye's mating-move optimisation moves a king its Pepo paralyses
            // (docs/popeye-differences.md).
            || (c == "Pepo" && stip.contains('#'))
            // Bicaptures not in structured stipulations: Popeye's recolouring leaks there (docs/popeye-differences.md).
            || (c == "Bicaptures" && stip.starts_with("sstip")))
    };
    let mut chosen: Vec<(u32, &'static str)> = CONDITIONS
        .iter()
        .copied()
        .filter(|(_, c)| allowed(c) && only.as_ref().is_none_or(|t| t.split('|').any(|t| c.contains(t))))
        .collect();
    if chosen.is_empty() {
        assert!(
            only.as_ref().is_none_or(|t| CONDITIONS.iter().any(|(_, c)| t.split('|').any(|t| c.contains(t)))),
            "no condition of the differential tester contains `{only:?}`"
        );
        chosen = CONDITIONS.iter().copied().filter(|(_, c)| allowed(c)).collect();
    }
    let picked: &&'static str = rng.weighted(&chosen);
    picked
}

/// Whether stipula plays the walk of the piece `code` with holes (its treatment of a hole read from Popeye's
/// sources; `HOLES_NOT_WITH` and `diagram_rules` in stipula).
fn hole_walk(code: &str) -> bool {
    stipula::pieces::Kind::from_code(code).is_some_and(stipula::conditions::holes::plays_walk)
}

type Board = [[Option<(bool, &'static str)>; 8]; 8];

fn sq(f: usize, r: usize) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// Moves every piece of `board` from (file, rank) to `to(file, rank)`.
fn transform(board: &mut Board, to: impl Fn(usize, usize) -> (usize, usize)) {
    let old = *board;
    for (r, row) in old.iter().enumerate() {
        for (f, cell) in row.iter().enumerate() {
            let (nf, nr) = to(f, r);
            board[nr][nf] = *cell;
        }
    }
}

/// Generates case `index` of the run with `seed`. A problem stipula refuses (most often: the side not to move
/// in check) is drawn again, nine times in ten, so that most cases are solved; the others compare the refusal.
pub fn generate(seed: u64, index: u64) -> Case {
    let mut rng = Rng::new(case_seed(seed, index));
    loop {
        let mut g = Gen { rng: &mut rng, board: [[None; 8]; 8] };
        let (text, family) = g.problem();
        let refused = !matches!(stipula::input::popeye::read_popeye(&text, "case.inp").pop(), Some(Ok(_)));
        if !refused || rng.chance(10) {
            // Now and then in German or French, keywords abbreviated and in any case (Popeye reads all three).
            let lang = *rng.weighted(&[(76, Lang::English), (12, Lang::German), (12, Lang::French)]);
            let (abbreviate, recase) = if rng.chance(30) { (rng.range(10, 60), rng.range(10, 50)) } else { (0, 0) };
            let text = if lang == Lang::English && abbreviate == 0 {
                text
            } else {
                Writer::new(&mut rng, lang, abbreviate, recase).problem(&text)
            };
            return Case { index, text, family };
        }
    }
}

struct Gen<'r> {
    rng: &'r mut Rng,
    board: Board,
}

impl Gen<'_> {
    fn empty(&self, f: usize, r: usize) -> bool {
        self.board[r][f].is_none()
    }

    fn random_empty(&mut self, ranks: std::ops::RangeInclusive<usize>) -> Option<(usize, usize)> {
        for _ in 0..200 {
            let f = self.rng.range(0, 7) as usize;
            let r = self.rng.range(*ranks.start() as u32, *ranks.end() as u32) as usize;
            if self.empty(f, r) {
                return Some((f, r));
            }
        }
        None
    }

    fn kings_apart(&self, f: usize, r: usize) -> bool {
        for dr in -1i32..=1 {
            for df in -1i32..=1 {
                let (ff, rr) = (f as i32 + df, r as i32 + dr);
                if (0..8).contains(&ff) && (0..8).contains(&rr) {
                    if let Some((_, "K")) = self.board[rr as usize][ff as usize] {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The stipulation: its family, its text, and its length in moves.
    fn stipulation(&mut self) -> (Fam, String, u32) {
        // (weight, (family, notation, fewest moves, most moves))
        type Family = (Fam, &'static str, u32, u32);
        let fams: &[(u32, Family)] = &[
            (12, (Fam::Direct, "#", 1, 3)),
            (3, (Fam::Direct, "=", 1, 2)),
            (12, (Fam::Help, "h#", 1, 3)),
            (5, (Fam::Help, "h#.5", 0, 2)),
            (5, (Fam::Help, "h=", 1, 3)),
            (2, (Fam::Help, "h=.5", 0, 2)),
            (4, (Fam::Help, "hs#", 1, 2)),
            (2, (Fam::Help, "hs#.5", 1, 2)),
            (3, (Fam::Help, "hr#", 1, 2)),
            (1, (Fam::Help, "hr#.5", 1, 2)),
            (3, (Fam::Help, "reci-h#", 2, 2)),
            (1, (Fam::Help, "reci-h#.5", 1, 2)),
            (1, (Fam::Help, "reci-h=", 2, 2)),
            (1, (Fam::Help, "reci-h(=)#", 2, 2)),
            (12, (Fam::Self_, "s#", 1, 3)),
            (2, (Fam::Self_, "s=", 1, 2)),
            (8, (Fam::Reflex, "r#", 1, 3)),
            (1, (Fam::Reflex, "r=", 1, 2)),
            (3, (Fam::Reflex, "semi-r#", 1, 3)),
            (1, (Fam::Reflex, "semi-r=", 1, 2)),
            (6, (Fam::SerDirect, "ser-#", 1, 5)),
            (2, (Fam::SerDirect, "ser-=", 1, 4)),
            (6, (Fam::SerHelp, "ser-h#", 1, 4)),
            (2, (Fam::SerHelp, "ser-h=", 1, 4)),
            (5, (Fam::SerSelf, "ser-s#", 1, 3)),
            (1, (Fam::SerSelf, "ser-s=", 1, 3)),
            (3, (Fam::SerSelf, "ser-r#", 1, 3)),
            (1, (Fam::SerSelf, "ser-r=", 1, 3)),
            // Parry series whose parries are help moves.
            (3, (Fam::SerHelp, "pser-h#", 1, 4)),
            (1, (Fam::SerHelp, "pser-h=", 1, 3)),
            (3, (Fam::SerDirect, "phser-#", 1, 4)),
            (2, (Fam::SerSelf, "phser-s#", 1, 3)),
            (1, (Fam::SerSelf, "phser-r#", 1, 3)),
            // Popeye's structured stipulations (`SStipulation`), written `sstip:<side> <text>`.
            (3, (Fam::Help, "sstip-um", 1, 6)),
            (3, (Fam::Help, "sstip-capzug", 1, 6)),
            (2, (Fam::Help, "sstip-h", 1, 5)),
            (1, (Fam::Help, "sstip-reci", 0, 3)),
            (2, (Fam::Reflex, "sstip-r", 1, 3)),
            (1, (Fam::SerHelp, "sstip-parry", 1, 4)),
            (1, (Fam::SerHelp, "sstip-intro", 2, 3)),
            (2, (Fam::Self_, "sstip-quod", 1, 3)),
        ];
        let only: Vec<(u32, Family)> = match family_filter() {
            Some(f) => fams.iter().filter(|(_, x)| f.split('|').any(|w| x.1.contains(w))).copied().collect(),
            None => fams.to_vec(),
        };
        let &(fam, code, lo, hi) = self.rng.weighted(if only.is_empty() { fams } else { &only });
        if let Some(kind) = code.strip_prefix("sstip-") {
            let (text, n) = self.structured(kind, lo, hi);
            return (fam, text, n);
        }
        let n = self.rng.range(lo, hi);
        // Now and then another of Popeye's goals in place of `#` or `=` (`hx2`, `s+2`, `ser-zd54`);
        // `STIPULA_DIFF_GOAL=##|##!|!#`: always one of those.
        let forced_goal = std::env::var("STIPULA_DIFF_GOAL").ok().filter(|s| !s.is_empty());
        let goal = if let Some(goals) = forced_goal {
            let goals: Vec<&str> = goals.split('|').collect();
            self.rng.pick(&goals).to_string()
        } else if self.rng.chance(25) {
            let g = *self.rng.pick(&["x", "+", "~", "00", "ep", "==", "#=", "!=", "%", "c81", "z", "##", "##!", "!#"]);
            if g == "z" {
                format!("z{}{}", self.rng.pick(&["a", "b", "c", "d", "e", "f", "g", "h"]), self.rng.range(1, 8))
            } else {
                g.to_string()
            }
        } else if code.contains('=') {
            "=".to_string()
        } else {
            "#".to_string()
        };
        // Self, reflex and semi-reflex play: not with the goals of self-check (refused by stipula), mate instead.
        let goal = match matches!(fam, Fam::Self_ | Fam::Reflex) && self_check_goal(&goal) {
            true => "#".to_string(),
            false => goal,
        };
        // reci-h: the goals after which no move follows (the others are refused), the end's own now and then.
        let goal = match code.starts_with("reci") {
            true if !["#", "=", "==", "#="].contains(&goal.as_str()) => {
                if code.starts_with("reci-h=") { "=" } else { "#" }.to_string()
            }
            _ => goal,
        };
        let code = match code.strip_prefix("reci-h(=)") {
            Some(rest) => format!("reci-h({}){}", self.rng.pick(&["#", "=", "==", "#="]), rest.replacen('#', &goal, 1)),
            None => code.replacen(['#', '='], &goal, 1),
        };
        let text = match code.strip_suffix(".5") {
            Some(c) => format!("{c}{n}.5"),
            None => format!("{code}{n}"),
        };
        // exact-semi-r, `exact-` with the goals of self-check (`##`, `##!`, `!#`) and with parry series: refused by
        // stipula.
        let exact =
            self.rng.chance(7) && !code.starts_with("semi-r") && !self_check_goal(&code) && !code.starts_with('p');
        // Now and then Popeye's introductory moves before series play of two or three moves (not ser-r, nor with
        // `exact-`: refused by stipula).
        let series = code.starts_with("ser-") && !code.starts_with("ser-r");
        // `STIPULA_DIFF_INTRO=1`: wherever they can be.
        let forced = std::env::var_os("STIPULA_DIFF_INTRO").is_some();
        if series && !exact && (2..=3).contains(&n) && (self.rng.chance(15) || forced) {
            return (fam, format!("{}->{text}", self.rng.range(1, 2)), n);
        }
        (fam, if exact { format!("exact-{text}") } else { text }, n.max(1))
    }

    /// A structured stipulation of `kind` (`um`: `Nhh[/2da[g]{!+}]`, `capzug`: `Nhh[/1d[g]a{!+}]`, `h`: help
    /// play numbered from the side written, `reci`: `Nhh[2hh[g]&1h[r]h]`, `r`: `Na[>1a[g]d]d`, with the attacker's
    /// constraint `{!1a[g]d}` now and then), `N` half-moves from `lo` to `hi`, as `sstip:<side> <text>`, and its
    /// length in moves.
    fn structured(&mut self, kind: &str, lo: u32, hi: u32) -> (String, u32) {
        let r = &mut *self.rng;
        let goal = if r.chance(30) { *r.pick(&["x", "+", "=", "==", "#=", "00"]) } else { "#" };
        let n = r.range(lo, hi);
        let exact = |r: &mut Rng, n: u32| if r.chance(10) { format!("{n}:{n}") } else { n.to_string() };
        let (side, text) = match kind {
            "um" | "capzug" | "h" => {
                // The last help half-move White's (for the hidden ends): Black starts an even number, White an odd
                // one; the side written is the other one after `-` now and then.
                let black_starts = n.is_multiple_of(2);
                let flip = r.chance(25);
                let written_black = black_starts != flip;
                let side = if written_black { "black" } else { "white" };
                let len = format!("{}{}", if flip { "-" } else { "" }, exact(r, n));
                // Black starting `Nhh[…]`, White `Nh[…]h`, so that White's half-move is the last (stipula refuses the
                // other forms).
                let hh = black_starts;
                let body = match kind {
                    "um" => format!("[/2da[{goal}]{{!+}}]"),
                    "capzug" => format!("[/1d[{goal}]a{{!+}}]"),
                    _ => format!("[{goal}]"),
                };
                let text = if hh { format!("{len}hh{body}") } else { format!("{len}h{body}h") };
                (side, text)
            }
            "quod" => {
                // Self play whose attacker may reach the goal itself (`s#n` with Quodlibet).
                let g = if goal == "00" { "#" } else { goal };
                ("white", format!("{}a[{g}]d[{g}]", 2 * n))
            }
            "intro" => {
                // One or two introductory moves, then series play of `n` moves (`Ns[Ms[…]]`, Popeye's `N->ser-…M`).
                let i = r.range(1, 2);
                match r.range(0, 2) {
                    0 => ("white", format!("{i}s[{n}s[1h[{goal}]h]]")),
                    1 => ("black", format!("{i}s[{n}s[{goal}]]")),
                    _ => ("black", format!("{i}s[{n}s[1d[{goal}]a]]")),
                }
            }
            "parry" => {
                // Parry series of `n` series moves: Black's into help play (`pser-h`), White's into the goal or a
                // self end (`phser-`, `phser-s`).
                let len = 2 * n - 1;
                match r.range(0, 3) {
                    0 => ("black", format!("{len}h[1h[{goal}]h]?+?h")),
                    1 => ("black", format!("{len}h[1a[{goal}]d]?+?h")),
                    2 => ("white", format!("{len}h[{goal}]?+?h")),
                    _ => ("white", format!("{len}h[1d[{goal}]a]?+?h")),
                }
            }
            "reci" => {
                let g = *r.pick(&["#", "=", "==", "#="]);
                let rg = if r.chance(30) { *r.pick(&["#", "=", "==", "#="]) } else { g };
                let n = 2 * n.max(1);
                if r.chance(50) {
                    ("black", format!("{n}hh[2hh[{g}]&1h[{rg}]h]"))
                } else {
                    ("black", format!("{n}hh[1h[{rg}]h&2hh[{g}]]"))
                }
            }
            _ => {
                let n = 2 * n - 1;
                let g = if goal == "00" { "#" } else { goal };
                if r.chance(50) {
                    ("white", format!("{n}a[>1a[{g}]d]d"))
                } else {
                    ("white", format!("{n}a[>1a[{g}]d]d{{!1a[{g}]d}}"))
                }
            }
        };
        let moves = if ["parry", "intro", "quod"].contains(&kind) { n } else { n.div_ceil(2).max(1) };
        (format!("sstip:{side} {text}"), moves)
    }

    fn piece_kind(&mut self, fairy: bool) -> &'static str {
        if fairy && self.rng.chance(35) {
            let focus = focus_walks();
            return self.rng.pick::<&str>(if focus.is_empty() { FAIRY } else { focus });
        }
        self.rng.weighted::<&str>(&[(3, "Q"), (6, "R"), (6, "B"), (6, "S"), (12, "P")])
    }

    fn problem(&mut self) -> (String, String) {
        let (fam, stip, n) = self.stipulation();
        let family = match stip.strip_prefix("sstip:") {
            // `sstip hh[/2da[#]{!+}]`: the shape without its side and lengths.
            Some(st) => format!(
                "sstip {}",
                st.split_once(' ')
                    .map_or(st, |x| x.1)
                    .replace(|c: char| c.is_ascii_digit() || c == ':' || c == '-', "")
            ),
            None => {
                stip.trim_start_matches("exact-").trim_end_matches(|c: char| c.is_ascii_digit() || c == '.').to_string()
            }
        };
        let fairy = self.rng.chance(15) || !focus_walks().is_empty();
        // How crowded: sparse, medium, crowded; longer stipulations get fewer pieces.
        let long = match fam {
            Fam::Direct | Fam::Self_ | Fam::Reflex | Fam::Help => n >= 3,
            _ => n >= 4,
        };
        // Popeye solves help play without its intelligent mode: h#3 with many men takes it seconds.
        let max_men = match (long, fam) {
            (true, Fam::Help) => 5,
            (true, _) => 7,
            _ => 14,
        };
        let men = match self.rng.range(0, 9) {
            0..=3 => self.rng.range(0, 3),
            4..=7 => self.rng.range(3, 7),
            _ => self.rng.range(6.min(max_men), max_men),
        }
        .min(max_men);
        // Castling: kings and rooks on their home squares now and then.
        let castling = self.rng.chance(12);
        if castling {
            for (white, r) in [(true, 0usize), (false, 7usize)] {
                if self.rng.chance(70) {
                    self.board[r][4] = Some((white, "K"));
                    if self.rng.chance(70) {
                        self.board[r][0] = Some((white, "R"));
                    }
                    if self.rng.chance(70) {
                        self.board[r][7] = Some((white, "R"));
                    }
                }
            }
        }
        // Now and then a side without its king (`NoWk`, `NoBk`).
        let kingless = match self.rng.range(0, 99) {
            0 | 1 => Some(true),
            2 | 3 => Some(false),
            _ => None,
        };
        if let Some(white) = kingless {
            for cell in self.board.iter_mut().flatten() {
                if *cell == Some((white, "K")) {
                    *cell = None;
                }
            }
        }
        for white in [true, false] {
            let placed = self.board.iter().flatten().any(|c| *c == Some((white, "K")));
            if !placed && kingless != Some(white) {
                for _ in 0..100 {
                    let (f, r) = self.random_empty(0..=7).unwrap();
                    if self.kings_apart(f, r) {
                        self.board[r][f] = Some((white, "K"));
                        break;
                    }
                }
            }
        }
        // En passant: a pawn that has just made its double step beside an opposing pawn.
        let mut ep_option = None;
        if self.rng.chance(6) {
            let white_moved = self.rng.chance(50);
            let (from_r, to_r) = if white_moved { (1usize, 3usize) } else { (6, 4) };
            let f = self.rng.range(0, 7) as usize;
            let side = if f == 0 || (f < 7 && self.rng.chance(50)) { f + 1 } else { f - 1 };
            let mid = (from_r + to_r) / 2;
            if self.empty(f, to_r) && self.empty(f, mid) && self.empty(f, from_r) && self.empty(side, to_r) {
                self.board[to_r][f] = Some((white_moved, "P"));
                self.board[to_r][side] = Some((!white_moved, "P"));
                ep_option = Some(format!("EnPassant {}{}{}", sq(f, from_r), sq(f, mid), sq(f, to_r)));
            }
        }
        for _ in 0..men {
            let white = self.rng.chance(50);
            let kind = self.piece_kind(fairy);
            let ranks = if kind == "P" { 1..=6 } else { 0..=7 };
            if let Some((f, r)) = self.random_empty(ranks) {
                self.board[r][f] = Some((white, kind));
            }
        }
        // Now and then a side's royal piece is another piece than its king (Popeye's piece attribute Royal): the king
        // leaves, a piece of that side becomes royal (not with twins).
        let mut royal: Option<(usize, usize)> = None;
        // Orphans and friends: not with piece attributes or conditions (stipula refuses them so; Popeye refuses
        // them with neutral pieces).
        let borrows = self.board.iter().flatten().any(|c| matches!(c, Some((_, "O" | "F"))));
        // Nor with the goals of self-check: stipula refuses piece attributes with them.
        let self_check = self_check_goal(&stip);
        // `STIPULA_DIFF_ROYAL`: always, where it may.
        let forced_royal = std::env::var_os("STIPULA_DIFF_ROYAL").is_some();
        if kingless.is_none() && !borrows && !self_check && (self.rng.chance(6) || forced_royal) {
            let white = self.rng.chance(50);
            let pieces: Vec<(usize, usize)> = (0..8)
                .flat_map(|r| (0..8).map(move |f| (f, r)))
                .filter(|&(f, r)| matches!(self.board[r][f], Some((w, k)) if w == white && k != "K"))
                .collect();
            if !pieces.is_empty() {
                let (f, r) = *self.rng.pick(&pieces);
                for cell in self.board.iter_mut().flatten() {
                    if *cell == Some((white, "K")) {
                        *cell = None;
                    }
                }
                royal = Some((f, r));
            }
        }
        // Now and then neutral pieces (Popeye's colour Neutral: of both sides), not with a royal piece, conditions,
        // twins or castling (stipula refuses the first two), in help and series play; a fifth of the time the kings leave for one neutral
        // king, both sides' king.
        let mut neutral: Vec<(usize, usize)> = Vec::new();
        // Only in help and series play (not help-self): stipula refuses neutral pieces in battle play.
        let forced = std::env::var_os("STIPULA_DIFF_NEUTRAL").is_some();
        let unbattled = matches!(fam, Fam::Help | Fam::SerDirect | Fam::SerHelp)
            && !stip.contains("hs")
            && !stip.contains("hr")
            && !stip.contains('/')
            // Nor a structured self end (`1s[2s[1d[#]a]]`, `7h[1d[#]a]?+?h`).
            && !stip.contains("d[");
        if royal.is_none() && !borrows && !castling && unbattled && !self_check && (self.rng.chance(8) || forced) {
            for r in 0..8 {
                for f in 0..8 {
                    // Not a nonstop orix: Popeye's neutral one takes itself (docs/popeye-differences.md).
                    if matches!(self.board[r][f], Some((_, k)) if k != "K" && k != "NO") && self.rng.chance(40) {
                        neutral.push((f, r));
                    }
                }
            }
            if !neutral.is_empty() && kingless.is_none() && self.rng.chance(20) {
                let kings: Vec<(usize, usize)> = (0..8)
                    .flat_map(|r| (0..8).map(move |f| (f, r)))
                    .filter(|&(f, r)| matches!(self.board[r][f], Some((_, "K"))))
                    .collect();
                if let Some(&(f, r)) = kings.first() {
                    for &(g, q) in &kings[1..] {
                        self.board[q][g] = None;
                    }
                    neutral.push((f, r));
                }
            }
        }
        // Now and then kamikaze, chameleon, hurdle colour changing, paralysing or half-neutral pieces (Popeye's piece
        // attributes), not with a royal or neutral piece, conditions or twins (stipula refuses them with conditions), nor a
        // kamikaze or chameleon king (Popeye refuses the first); a paralysing king now and then.
        let mut marked: Vec<(usize, usize)> = Vec::new();
        let forced = std::env::var_os("STIPULA_DIFF_ATTRS").is_some();
        // Hurdle colour changing on grasshoppers only (stipula refuses it on other pieces).
        // `STIPULA_DIFF_ATTRS=Paralysing`: that attribute alone.
        let attrs = ["Kamikaze", "Chameleon", "HurdleColourChanging", "Paralysing", "HalfNeutral", "Magic"];
        let only = std::env::var("STIPULA_DIFF_ATTRS").ok().and_then(|a| attrs.iter().find(|&&x| x == a).copied());
        let attr = only.unwrap_or_else(|| *self.rng.pick(&attrs));
        // Not paralysing pieces with autostalemate (stipula refuses them).
        // Nor magic pieces beside a king at home and a rook of the other side in its corner (stipula refuses them:
        // Popeye castles with the rook once it is turned).
        let board = &self.board;
        let corner_rook = |white: bool, r: usize| [0, 7].iter().any(|&f| board[r][f] == Some((!white, "R")));
        let magic_castling = (board[0][4] == Some((true, "K")) && corner_rook(true, 0))
            || (board[7][4] == Some((false, "K")) && corner_rook(false, 7));
        let refused = (attr == "Paralysing" && stip.contains("!=")) || (attr == "Magic" && magic_castling);
        // A magic pawn only beside the walks magic pieces are played with (stipula refuses it with others).
        let fairy_board =
            board.iter().flatten().flatten().any(|&(_, k)| !matches!(k, "K" | "Q" | "R" | "B" | "S" | "P" | "G"));
        if royal.is_none()
            && neutral.is_empty()
            && !borrows
            && !refused
            && !self_check
            && (self.rng.chance(8) || forced)
        {
            for r in 0..8 {
                for f in 0..8 {
                    let fits = |k: &str| match attr {
                        "HurdleColourChanging" => k == "G",
                        "Paralysing" => true,
                        // Not a nonstop orix, which Popeye's takes itself once neutral (docs/popeye-differences.md).
                        "HalfNeutral" => k != "K" && k != "NO",
                        // The walks stipula plays magic pieces with.
                        "Magic" => matches!(k, "K" | "Q" | "R" | "B" | "S" | "G") || (k == "P" && !fairy_board),
                        _ => k != "K",
                    };
                    if matches!(self.board[r][f], Some((_, k)) if fits(k)) && self.rng.chance(50) {
                        marked.push((f, r));
                    }
                }
            }
        }
        // Half-neutral pieces neutral from the start half the time (not with castling, as neutral pieces).
        let mut marked_neutral: Vec<(usize, usize)> = Vec::new();
        if attr == "HalfNeutral" && !castling {
            for &m in &marked {
                if self.rng.chance(50) {
                    marked_neutral.push(m);
                }
            }
            marked.retain(|m| !marked_neutral.contains(m));
        }
        let mut text = String::from("BeginProblem\n");
        // Now and then what Popeye prints above the diagram (and does not solve).
        for (cmd, what) in [
            ("Author", "A. Composer"),
            ("Origin", "Test 2026"),
            ("Title", "Study"),
            ("Remark", "generated"),
            ("Award", "1st Prize"),
        ] {
            if self.rng.chance(4) {
                let _ = writeln!(text, "{cmd} {what}");
            }
        }
        if self.rng.chance(6) && royal.is_none() && neutral.is_empty() && marked.is_empty() && marked_neutral.is_empty()
        {
            let _ = writeln!(text, "Forsyth {}", forsyth(&self.board));
        } else {
            // Now and then a walk's squares glued in one word (`Pb2c3`).
            let glue = self.rng.chance(30);
            text += "Pieces";
            for white in [true, false] {
                text += if white { " White" } else { " Black" };
                let mut words: Vec<(&str, String)> = Vec::new();
                if let Some((f, r)) = royal.filter(|&(f, r)| self.board[r][f].is_some_and(|(w, _)| w == white)) {
                    let (_, k) = self.board[r][f].expect("the royal piece");
                    let _ = write!(text, " Royal {k}{}", sq(f, r));
                }
                for r in 0..8 {
                    for f in 0..8 {
                        if let Some((w, k)) = self.board[r][f] {
                            if w == white
                                && royal != Some((f, r))
                                && !neutral.contains(&(f, r))
                                && !marked.contains(&(f, r))
                                && !marked_neutral.contains(&(f, r))
                            {
                                match words.iter_mut().find(|(kind, _)| glue && *kind == k) {
                                    Some((_, squares)) => *squares += &sq(f, r),
                                    None => words.push((k, sq(f, r))),
                                }
                            }
                        }
                    }
                }
                // A side whose pieces all have the attribute (paralysing kings too): its colour once, before them.
                if words.is_empty() && royal.is_none_or(|(f, r)| self.board[r][f].is_none_or(|(w, _)| w != white)) {
                    text.truncate(text.len() - " White".len());
                }
                for (k, squares) in words {
                    let _ = write!(text, " {k}{squares}");
                }
                let mine: Vec<&(usize, usize)> =
                    marked.iter().filter(|&&(f, r)| self.board[r][f].is_some_and(|(w, _)| w == white)).collect();
                if !mine.is_empty() {
                    text += if white { " White " } else { " Black " };
                    text += attr;
                    for &&(f, r) in &mine {
                        let (_, k) = self.board[r][f].expect("a marked piece");
                        let _ = write!(text, " {k}{}", sq(f, r));
                    }
                }
            }
            if !neutral.is_empty() {
                text += " Neutral";
                for &(f, r) in &neutral {
                    let (_, k) = self.board[r][f].expect("a neutral piece");
                    let _ = write!(text, " {k}{}", sq(f, r));
                }
            }
            if !marked_neutral.is_empty() {
                text += " Neutral HalfNeutral";
                for &(f, r) in &marked_neutral {
                    let (_, k) = self.board[r][f].expect("a neutral half-neutral piece");
                    let _ = write!(text, " {k}{}", sq(f, r));
                }
            }
            text += "\n";
        }
        match stip.strip_prefix("sstip:") {
            Some(st) => _ = writeln!(text, "SStipulation {st}"),
            None => _ = writeln!(text, "Stipulation {stip}"),
        }
        let mut twinned = self.rng.chance(14)
            && royal.is_none()
            && neutral.is_empty()
            && marked.is_empty()
            && marked_neutral.is_empty();
        let only = condition_filter();
        let mut conditioned = (self.rng.chance(20) || only.is_some())
            && neutral.is_empty()
            && marked.is_empty()
            && marked_neutral.is_empty()
            && !borrows;
        let mut edge_mover = false;
        let drawn = conditioned.then(|| condition_for(self.rng, &stip, &only));
        // What stipula refuses of Swapping kings (a side without its one king): no condition then; no twins with
        // it or Make&Take (a twin may take a king away; Make&Take's rooks' rights are the diagram's).
        if let Some(c) = drawn {
            let board = &self.board;
            let kings = |white: bool| board.iter().flatten().filter(|c| **c == Some((white, "K"))).count();
            // CavalierMajeur with a knight in the diagram: refused by both (Popeye's "CavalierMajeur and knights").
            if c == "CavalierMajeur" && board.iter().flatten().any(|c| matches!(c, Some((_, "S")))) {
                conditioned = false;
            }
            // A twin may put a piece on a hole (stipula refuses it); a twin may turn Messigny chess to series play.
            if c == "Hole" || c.contains("Imitator") || c.starts_with("MessignyChess") {
                twinned = false;
            }
            // Hole and Haaner chess with the walks stipula plays them with.
            if (c == "Hole" || c == "HaanerChess") && !board.iter().flatten().flatten().all(|&(_, k)| hole_walk(k)) {
                conditioned = false;
            }
            let swaps = c.contains("SwappingKings") || c.contains("Oscillating");
            if c.contains("Make&Take") || swaps {
                twinned = false;
                if swaps && (kings(true) != 1 || kings(false) != 1) {
                    conditioned = false;
                }
            }
            // A royal piece beside its king's walk: not with the conditions whose rules read kings by kind (stipula
            // refuses them together), nor with Hole and Imitator (their second condition or squares), Wormholes and
            // Magic squares (stipula refuses piece attributes with them).
            let attrs_refused = ["Hole", "Imitator", "Wormholes", "MagicSquares"].iter().any(|w| c.starts_with(w));
            if royal.is_some() && (READS_KINGS.iter().any(|w| c.contains(w)) || attrs_refused) {
                conditioned = false;
            }
            // stipula plays Imitator with orthodox pieces only.
            let fairy = board.iter().flatten().flatten().any(|(_, k)| !["K", "Q", "R", "B", "S", "P"].contains(k));
            if c.contains("Imitator") && fairy {
                conditioned = false;
            }
        }
        if conditioned {
            let c = drawn.expect("drawn");
            edge_mover = c.contains("EdgeMover");
            // A rebirth rule now and then with Madrasi (Circe Madrasi is a classic), and the other conditions that
            // combine with it.
            let madrasi = !c.contains("Make&Take")
                && ((c.contains("irce") && !c.contains("Mars"))
                    || c.contains("Immun")
                    || c.contains("Geneva")
                    || WITH_MADRASI.contains(&c)
                    || [
                        "Andernach",
                        "Take",
                        "Breton",
                        "ChameleonChess",
                        "Single",
                        "Sentinelles",
                        "Masand",
                        "Magic",
                        "Wormholes",
                    ]
                    .iter()
                    .any(|w| c.contains(w)));
            if c == "Hole" || c == "HaanerChess" {
                // Holes on empty squares (one to five, in one word), and now and then one other
                // condition (Haaner chess with holes of its own).
                let mut line = String::from(c);
                if c == "Hole" {
                    let n = self.rng.range(1, 5);
                    for _ in 0..n {
                        let (f, r) = (self.rng.range(0, 7) as usize, self.rng.range(0, 7) as usize);
                        if self.board[r][f].is_none() && !line.contains(&sq(f, r)) {
                            // One word, as Popeye reads a hole list.
                            line += if line.ends_with('e') { " " } else { "" };
                            line += &sq(f, r);
                        }
                    }
                    if !line.contains(' ') {
                        line = String::from("Hole");
                        for r in 0..8 {
                            if let Some(f) = (0..8).find(|&f| self.board[r][f].is_none()) {
                                line += &format!(" {}", sq(f, r));
                                break;
                            }
                        }
                    }
                }
                if self.rng.chance(35) {
                    let other = *self.rng.pick(WITH_HOLES);
                    if other != c && !(other == "ChecklessChess" && stip.contains('+')) {
                        let _ = writeln!(text, "Condition {other}");
                    }
                }
                let _ = writeln!(text, "Condition {line}");
            } else if c.starts_with("Imitator") {
                // One to three imitators on empty squares, in Popeye's order of squares (stipula writes them so).
                let n = self.rng.range(1, 3);
                let mut squares: Vec<usize> = Vec::new();
                for _ in 0..n {
                    let i = self.rng.range(0, 63) as usize;
                    if self.board[i / 8][i % 8].is_none() && !squares.contains(&i) {
                        squares.push(i);
                    }
                }
                if squares.is_empty() {
                    squares.extend((0..64).find(|&i| self.board[i / 8][i % 8].is_none()));
                }
                squares.sort_unstable();
                let list: String = squares.iter().map(|&i| sq(i % 8, i / 8)).collect();
                let _ = writeln!(text, "Condition Imitator {list}");
                if c.contains("NoIProm") {
                    let _ = writeln!(text, "Condition NoIProm");
                }
            } else if madrasi && royal.is_none() && self.rng.chance(25) {
                let _ = writeln!(text, "Condition {c} Madrasi");
            } else {
                let _ = writeln!(text, "Condition {c}");
            }
        }
        let mut opts: Vec<String> = Vec::new();
        let help = fam == Fam::Help;
        let series = matches!(fam, Fam::SerDirect | Fam::SerHelp | Fam::SerSelf);
        let tree = !help && !series;
        let r = &mut *self.rng;
        let mut opt = |on: bool, o: String| {
            if on {
                opts.push(o)
            }
        };
        if tree {
            opt(r.chance(20), "SetPlay".into());
            let tries = r.chance(25);
            let d = r.range(1, 3);
            let defence = r.chance(6);
            // With `Defence 2` before `Try`, which sets Popeye's refutations shown back to one.
            if d == 2 {
                opt(defence, format!("Defence {d}"));
            }
            // Not with the goal castling in self play: Popeye prints no tries when the defender cannot castle at all
            // (docs/popeye-differences.md).
            let self_castling = stip.starts_with("s00") || stip.starts_with("semi-r00") || stip.starts_with("r00");
            opt(tries && !self_castling, "Try".into());
            if d != 2 {
                opt(defence, format!("Defence {d}"));
            }
            opt(r.chance(45), "Variation".into());
            let t = r.range(1, n.max(2) - 1);
            opt(r.chance(7), format!("Threat {t}"));
            opt(r.chance(7), "NoThreat".into());
            opt(r.chance(8), "NoShortVariations".into());
            opt(!stip.starts_with("sstip") && r.chance(7), "PostKeyPlay".into());
            let f = r.range(0, 3);
            opt(r.chance(6), format!("MaxFlightsquares {f}"));
            opt(fam == Fam::Self_ && r.chance(15), "Quodlibet".into());
            opt(matches!(fam, Fam::Direct | Fam::Reflex) && r.chance(4), "Quodlibet".into());
            opt(matches!(fam, Fam::Self_ | Fam::Reflex) && r.chance(5), "MatesIn1".into());
            opt(r.chance(5), "TrivialTriesAvoid".into());
            let (m, k) = (r.range(0, 2), r.range(0, 1));
            opt(n >= 2 && r.chance(4), format!("NonTrivial {m} {k}"));
        }
        if help {
            // reci-h: not where the end has no help move before it (stipula refuses those).
            let reci_short = stip.contains("reci") && stip.contains("1.5");
            let set_play = !reci_short && r.chance(15);
            opt(set_play, "SetPlay".into());
            // Not with a structured stipulation (stipula refuses WhiteToPlay with a hidden end).
            let wtp = !stip.contains('.') && !stip.starts_with("sstip") && r.chance(10);
            // Not with magic pieces (stipula refuses them with WhiteToPlay).
            let magic = attr == "Magic" && !(marked.is_empty() && marked_neutral.is_empty());
            opt(wtp && !magic && !(set_play && stip.contains("reci")), "WhiteToPlay".into());
            // Popeye's Intelligent mode refuses fairy conditions and pieces; stipula accepts it (README).
            opt(
                !fairy
                    && !conditioned
                    && !twinned
                    && royal.is_none()
                    && neutral.is_empty()
                    && marked.is_empty()
                    && marked_neutral.is_empty()
                    && r.chance(5),
                "Intelligent".into(),
            );
        }
        // Introductory moves: not with SetPlay, MaxSolutions, StopOnShortSolutions or KeepMatingPiece (refused by
        // stipula).
        // (`2->ser-h#3`, structured `2s[3s[1h[#]h]]`.)
        let intro = stip.contains("->") || stip.matches("s[").count() >= 2;
        if series && !intro {
            opt(r.chance(6), "SetPlay".into());
        }
        // Not with a structured stipulation (stipula refuses Duplex and PostKeyPlay with it).
        let duplex = if stip.starts_with("sstip") { 99 } else { r.range(0, 99) };
        opt(duplex < 8, "Duplex".into());
        // Not with an edge mover: Popeye then misses the mates and checks by a king's step beside the edge mover's
        // king (docs/popeye-differences.md).
        opt((8..12).contains(&duplex) && !edge_mover, "HalfDuplex".into());
        // Not with Quodlibet: Popeye then counts the attacker's own mates inside the tree and cuts the tree short
        // (README, deliberate differences).
        let m = r.range(1, 3);
        let max_solutions = r.chance(6);
        // reci-h: MaxSolutions, StopOnShortSolutions and KeepMatingPiece are refused (stipula does not count the two
        // ends' lines as Popeye does).
        let reci = stip.contains("reci") || stip.contains('&');
        // ser-r and hr: MaxSolutions refused (Popeye counts the forced goal moves after one series or end move as one
        // solution);
        // semi-r and ser-r: KeepMatingPiece refused.
        let reflex_new = stip.contains("semi-r") || stip.contains("ser-r") || stip.contains("hr");
        let max_solutions = max_solutions && !reci && !stip.contains("ser-r") && !stip.contains("hr") && !intro;
        // Parry series: StopOnShortSolutions and KeepMatingPiece refused.
        let parry = stip.contains("pser-") || stip.contains("phser-") || stip.contains("?+?");
        opt(!tree && !reci && !intro && !parry && r.chance(5), "StopOnShortSolutions".into());
        // KeepMatingPiece: with the mate goal only, and not in help-self play (stipula refuses it there).
        let mate =
            stip.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.').ends_with('#') && !self_check_goal(&stip);
        let help_self = stip.contains("hs");
        opt(mate && !reci && !reflex_new && !help_self && !intro && !parry && r.chance(3), "KeepMatingPiece".into());
        if castling && r.chance(30) {
            let which = *r.pick(&["a1", "h1", "e1", "a8", "h8", "e8", "a1h8", "e1e8"]);
            opt(true, format!("NoCastling {which}"));
        }
        // CastlingMutuallyExclusive: a white rook's castling excludes a black rook's (both on their squares).
        if castling && r.chance(25) {
            let rooks = |rank: usize, white: bool| -> Vec<usize> {
                [0usize, 7].into_iter().filter(|&f| self.board[rank][f] == Some((white, "R"))).collect()
            };
            let (w, b) = (rooks(0, true), rooks(7, false));
            if !w.is_empty() && !b.is_empty() {
                let (wf, bf) = (*r.pick(&w), *r.pick(&b));
                opt(true, format!("CastlingMutuallyExclusive {}{}", sq(wf, 0), sq(bf, 7)));
            }
        }
        if let Some(white) = kingless {
            opt(true, (if white { "NoWk" } else { "NoBk" }).into());
        }
        if let Some(ep) = ep_option {
            opt(r.chance(85), ep);
        }
        if max_solutions && !opts.iter().any(|o| o == "Quodlibet") {
            opts.push(format!("MaxSolutions {m}"));
        }
        // Now and then without the diagram in Popeye's output, or with an option that changes nothing it prints
        // (both solve the same).
        for o in ["NoBoard", "SuppressGrid", "NoSymmetry", "Search", "MultiSolutions"] {
            if self.rng.chance(2) {
                opts.push(o.into());
            }
        }
        if !opts.is_empty() {
            // Now and then in two `Option` commands (Popeye adds them up).
            let split = if opts.len() >= 2 && self.rng.chance(15) {
                self.rng.range(1, opts.len() as u32 - 1) as usize
            } else {
                opts.len()
            };
            let _ = writeln!(text, "Option {}", opts[..split].join(" "));
            if split < opts.len() {
                let _ = writeln!(text, "Option {}", opts[split..].join(" "));
            }
        }
        // Now and then the commands in another order, and each side's pieces in a `Pieces` command of its own, as
        // problems written by hand have them (Popeye reads them in any order).
        if self.rng.chance(15) {
            let mut lines: Vec<String> = Vec::new();
            for line in text.lines().skip(1) {
                match line.strip_prefix("Pieces White").and_then(|l| l.split_once(" Black")) {
                    Some((white, black))
                        if !white.trim().is_empty() && !black.trim().is_empty() && self.rng.chance(50) =>
                    {
                        lines.push(format!("Pieces White{white}"));
                        lines.push(format!("Pieces Black{black}"));
                    }
                    _ => lines.push(line.to_string()),
                }
            }
            for i in (1..lines.len()).rev() {
                let j = self.rng.range(0, i as u32) as usize;
                lines.swap(i, j);
            }
            text = format!("BeginProblem\n{}\n", lines.join("\n"));
        }
        if twinned {
            let twins = self.rng.range(1, 3);
            let diagram = self.board;
            let mut previous = self.board;
            // Now and then the diagram is a zero position, not solved: its first change makes twin a).
            let zero = self.rng.chance(10);
            for i in 0..twins {
                let continued = self.rng.chance(35) && !(zero && i == 0);
                let mut board = if continued { previous } else { diagram };
                let t = self.twin(fam, &stip, &mut board);
                let command = if zero && i == 0 { "ZeroPosition" } else { "Twin" };
                let _ = writeln!(text, "{command} {}{t}", if continued { "Continued " } else { "" });
                previous = board;
            }
        }
        text += "EndProblem\n";
        (text, family)
    }

    /// One twin's changes, applied to `board` (the position the twin starts from: the diagram, or the previous
    /// twin's with `Continued`). Now and then a command names an empty square or shifts a piece off the board:
    /// Popeye then skips it with a message, stipula refuses the twin (a documented difference).
    fn twin(&mut self, fam: Fam, stip: &str, board: &mut Board) -> String {
        let mut parts = Vec::new();
        let changes = if self.rng.chance(80) { 1 } else { 2 };
        let occupied = |b: &Board| -> Vec<(usize, usize)> {
            (0..64).map(|i| (i % 8, i / 8)).filter(|&(f, r)| b[r][f].is_some()).collect()
        };
        let empty = |b: &Board, rng: &mut Rng, pawn: bool| -> (usize, usize) {
            for _ in 0..200 {
                let (f, r) =
                    (rng.range(0, 7) as usize, rng.range(if pawn { 1 } else { 0 }, if pawn { 6 } else { 7 }) as usize);
                if b[r][f].is_none() {
                    return (f, r);
                }
            }
            (0, 0)
        };
        let wrong = self.rng.chance(3);
        for _ in 0..changes {
            let occ = occupied(board);
            let non_king: Vec<(usize, usize)> =
                occ.iter().copied().filter(|&(f, r)| !matches!(board[r][f], Some((_, "K")))).collect();
            let c = match self.rng.range(0, 12) {
                0 | 1 if !occ.is_empty() => {
                    let &(f, r) = self.rng.pick(&occ);
                    let (tf, tr) =
                        if self.rng.chance(25) { *self.rng.pick(&occ) } else { empty(board, self.rng, false) };
                    let (f, r) = if wrong { empty(board, self.rng, false) } else { (f, r) };
                    // Not onto its own square (Popeye then removes the piece, stipula refuses).
                    let (tf, tr) = if (f, r) == (tf, tr) { empty(board, self.rng, false) } else { (tf, tr) };
                    if board[r][f].is_some() {
                        let moving = board[r][f].take();
                        // A pawn moved to the first or last rank stays there, as in Popeye.
                        board[tr][tf] = moving;
                    }
                    format!("Move {} {}", sq(f, r), sq(tf, tr))
                }
                2 if occ.len() >= 2 => {
                    let &(f, r) = self.rng.pick(&occ);
                    let others: Vec<(usize, usize)> = occ.iter().copied().filter(|&x| x != (f, r)).collect();
                    let &(g, t) = self.rng.pick(&others);
                    let a = board[r][f];
                    board[r][f] = board[t][g];
                    board[t][g] = a;
                    format!("Exchange {} {}", sq(f, r), sq(g, t))
                }
                3 if !non_king.is_empty() => {
                    let &(f, r) = self.rng.pick(&non_king);
                    let (f, r) = if wrong { empty(board, self.rng, false) } else { (f, r) };
                    board[r][f] = None;
                    // Now and then two squares in one list (`Remove c2d5`).
                    let second: Vec<(usize, usize)> = non_king.iter().copied().filter(|&x| x != (f, r)).collect();
                    if !second.is_empty() && self.rng.chance(25) {
                        let &(g, t) = self.rng.pick(&second);
                        board[t][g] = None;
                        format!("Remove {}{}", sq(f, r), sq(g, t))
                    } else {
                        format!("Remove {}", sq(f, r))
                    }
                }
                4 | 5 => {
                    let fairy = self.rng.chance(20);
                    let kind = self.piece_kind(fairy);
                    let white = self.rng.chance(50);
                    let (f, r) = if self.rng.chance(20) && !non_king.is_empty() && kind != "P" {
                        *self.rng.pick(&non_king)
                    } else {
                        empty(board, self.rng, kind == "P")
                    };
                    board[r][f] = Some((white, kind));
                    let mut add = format!("Add {} {kind}{}", if white { "White" } else { "Black" }, sq(f, r));
                    // Now and then two pieces of the colour.
                    if self.rng.chance(25) {
                        let kind = self.piece_kind(fairy);
                        let (g, t) = empty(board, self.rng, kind == "P");
                        board[t][g] = Some((white, kind));
                        let _ = write!(add, " {kind}{}", sq(g, t));
                    }
                    add
                }
                6 => {
                    let pairs = [
                        ("R", "B"),
                        ("B", "R"),
                        ("Q", "R"),
                        ("S", "B"),
                        ("R", "Q"),
                        ("B", "S"),
                        ("P", "S"),
                        ("S", "G"),
                    ];
                    // Now and then between any two walks both solvers have (not the king).
                    let (a, b) = if self.rng.chance(25) {
                        let walks: Vec<&str> = ["Q", "R", "B", "S", "P"].iter().chain(FAIRY).copied().collect();
                        let a = *self.rng.pick(&walks);
                        let others: Vec<&str> = walks.iter().copied().filter(|w| *w != a).collect();
                        (a, *self.rng.pick(&others))
                    } else {
                        *self.rng.pick(&pairs)
                    };
                    for cell in board.iter_mut().flatten() {
                        if let Some((w, k)) = *cell {
                            if k == a {
                                *cell = Some((w, b));
                            }
                        }
                    }
                    format!("Substitute {a} {b}")
                }
                7 => {
                    let deg = *self.rng.pick(&[90, 180, 270]);
                    // Counter-clockwise, as Popeye turns the board.
                    transform(board, |f, r| match deg {
                        90 => (7 - r, f),
                        180 => (7 - f, 7 - r),
                        _ => (r, 7 - f),
                    });
                    format!("Rotate {deg}")
                }
                8 => {
                    let axis = *self.rng.pick(&["a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1"]);
                    transform(board, |f, r| match axis {
                        "a1<-->h1" => (7 - f, r),
                        "a1<-->a8" => (f, 7 - r),
                        "a1<-->h8" => (7 - r, 7 - f),
                        _ => (r, f),
                    });
                    format!("Mirror {axis}")
                }
                9 => {
                    // A vector that keeps every piece on the board (unless this twin is meant to go wrong).
                    let (fl, fh) = (
                        occ.iter().map(|x| x.0).min().unwrap_or(0) as i32,
                        occ.iter().map(|x| x.0).max().unwrap_or(7) as i32,
                    );
                    let (rl, rh) = (
                        occ.iter().map(|x| x.1).min().unwrap_or(0) as i32,
                        occ.iter().map(|x| x.1).max().unwrap_or(7) as i32,
                    );
                    let df = if wrong { 8 - fh } else { self.rng.range(0, (7 - fh + fl) as u32) as i32 - fl };
                    let dr = self.rng.range(0, (7 - rh + rl) as u32) as i32 - rl;
                    let (a, b) = (self.rng.range(2, 5) as i32, self.rng.range(2, 5) as i32);
                    let (c, d) = ((a + df).clamp(0, 7), (b + dr).clamp(0, 7));
                    let (df, dr) = (c - a, d - b);
                    let old = *board;
                    *board = [[None; 8]; 8];
                    for &(f, r) in &occ {
                        let (nf, nr) = (f as i32 + df, r as i32 + dr);
                        if (0..8).contains(&nf) && (0..8).contains(&nr) {
                            board[nr as usize][nf as usize] = old[r][f];
                        }
                    }
                    format!("Shift {} {}", sq(a as usize, b as usize), sq(c as usize, d as usize))
                }
                10 => {
                    for cell in board.iter_mut().flatten() {
                        if let Some((w, k)) = *cell {
                            *cell = Some((!w, k));
                        }
                    }
                    "PolishType".to_string()
                }
                11 if stip.starts_with("sstip") => {
                    let kind = *self.rng.pick(&["um", "capzug", "h"]);
                    let (text, _) = self.structured(kind, 1, 4);
                    format!("SStipulation {}", text.trim_start_matches("sstip:"))
                }
                11 => {
                    let base = stip.trim_start_matches("exact-");
                    let base = base.split_once("->").map_or(base, |(_, b)| b);
                    // The length starts at the first digit after a target goal's square (`rzc12`: `rzc1` and 2).
                    let from = base.find('z').map_or(0, |z| (z + 3).min(base.len()));
                    let digit = base[from..].find(|c: char| c.is_ascii_digit()).map_or(base.len(), |i| from + i);
                    let (code, _) = base.split_at(digit);
                    let n = match fam {
                        Fam::Direct | Fam::Self_ | Fam::Reflex | Fam::Help => self.rng.range(1, 3),
                        _ => self.rng.range(1, 4),
                    };
                    // The family may change too (`#` to `s#` to `r#`, help play to series play and back), keeping
                    // the goal.
                    let goal = if code.ends_with('=') { "=" } else { "#" };
                    let code = match fam {
                        Fam::Direct | Fam::Self_ | Fam::Reflex if self.rng.chance(20) => {
                            format!("{}{goal}", self.rng.pick(&["", "s", "r"]))
                        }
                        Fam::Help | Fam::SerHelp if self.rng.chance(30) => {
                            format!("{}{goal}", self.rng.pick(&["h", "ser-h"]))
                        }
                        _ if self.rng.chance(8) => {
                            format!("{}{goal}", self.rng.pick(&["", "s", "r", "h", "ser-", "ser-h", "ser-s"]))
                        }
                        _ => code.to_string(),
                    };
                    // Help play, slow in Popeye on a crowded board, short when the diagram was drawn for another family.
                    let n = if code.starts_with('h') && fam != Fam::Help {
                        n.min(2)
                    } else if !code.starts_with("ser") {
                        n.min(3)
                    } else {
                        n
                    };
                    // reci-h: at least one help move before the end (stipula refuses `reci-h#1`).
                    let n = if code.starts_with("reci") { n.max(2) } else { n };
                    // Help play now and then a half move longer (`h#1.5`).
                    let half = if code.starts_with('h') && self.rng.chance(20) { ".5" } else { "" };
                    format!("Stipulation {code}{n}{half}")
                }
                // Not with orphans or friends, which stipula plays without conditions.
                _ if board.iter().flatten().any(|c| matches!(c, Some((_, "O" | "F")))) => format!("Stipulation {stip}"),
                // Not Hole (a twin gives no squares) nor Haaner chess (not with every walk), drawn as such.
                _ => match condition_for(self.rng, stip, &condition_filter()) {
                    "Hole" | "HaanerChess" => "Condition NoCapture".to_string(),
                    // Popeye writes a twin's ReflectiveKings as its two sides' conditions besides (`WhiteReflectiveKing`
                    // on a line of its own, read as play): not as a twin.
                    c if c.contains("TransmutedKing")
                        || c.contains("ReflectiveKing")
                        || c.contains("SuperTransmuting") =>
                    {
                        "Condition NoCapture".to_string()
                    }
                    c => format!("Condition {c}"),
                },
            };
            parts.push(c);
        }
        // A condition change comes last: Popeye reads the words after `Condition` as conditions while it can
        // (`Exchange` abbreviates the condition ExchangeCastling).
        parts.sort_by_key(|p| p.starts_with("Condition"));
        parts.join(" ")
    }
}

/// The board in Forsyth notation as Popeye reads it: ranks 8 to 1, white upper case, a walk of two letters after a
/// `.`.
fn forsyth(board: &Board) -> String {
    let mut ranks = Vec::new();
    for row in board.iter().rev() {
        let mut s = String::new();
        let mut empty = 0;
        for cell in row {
            match *cell {
                None => empty += 1,
                Some((white, k)) => {
                    if empty > 0 {
                        let _ = write!(s, "{empty}");
                        empty = 0;
                    }
                    let code = if white { k.to_string() } else { k.to_ascii_lowercase() };
                    if k.len() == 2 {
                        s.push('.');
                    }
                    s += &code;
                }
            }
        }
        if empty > 0 {
            let _ = write!(s, "{empty}");
        }
        ranks.push(s);
    }
    ranks.join("/")
}
