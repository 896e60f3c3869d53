//! The registry of conditions: one row per condition, with its names in the statement language and in Popeye's
//! three languages, its parameters, what it cannot be combined with and how to build it. The conditions stipula
//! implements come first; then every condition Popeye 4.104 knows (`CondString` and `ExtraCondString` in its
//! `output/plaintext/language_dependant.c`) that stipula does not, so that readers say "not supported" rather
//! than "unknown". Implementing one of those is giving its row the rest of what the implemented rows have.

use super::circe::{Adapter, Circe, CirceSpec, Determine, Family, MarsType, ANTI, CIRCE, GENEVA, IMMUNE, MARS};
use super::{
    andernach, annan, antikings, bgl, bicaptures, bicolores, breton, brunner, castling_chess, cavalier_majeur, central,
    chameleon, checkless, danger_circe, disparate, edgemover, eiffel, exclusive, facetoface, frankfurt, ghost_chess,
    grid, holes, imitator, isardam, kobul, koeko, lese_majeste, madness, madrasi, magic_square, make_take, masand,
    messigny, monochrome, multicaptures, mummer, nocapture, oscillating_kings, parsi, patrol, pepo, pointreflection,
    promonly, sat, sentinelles, shielded_kings, singlebox, superguards, swapping_kings, take_make, tibet,
    transmuting_kings, volage, wormholes, ConditionDef, NumberParams, Param,
};

/// Anti-Mars Circe, kings included.
const ANTI_MARS: CirceSpec = CirceSpec { family: Family::Mars(MarsType::AntiMars), ..MARS };
use crate::words::Names;

const REX_INCLUSIVE: Param = Param {
    name: "RexInclusive",
    popeye: Some((["RexInclusive", "RexInklusive", "RexInclusif"], CIRCE_VARIANTS)),
    aliases: &["RI"],
    implied: false,
};

/// The registry: every condition stipula implements, then every other condition Popeye knows.
pub static CONDITIONS: &[ConditionDef] = &[
    ConditionDef {
        name: "Madrasi",
        popeye: Some(["Madrasi", "Madrasi", "Madrasi"]),
        aliases: &["Madras"],
        params: &[REX_INCLUSIVE],
        build: Some(madrasi::Madrasi::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "Isardam",
        popeye: Some(["Isardam", "Isardam", "Isardam"]),
        params: &[TYPE_A, TYPE_B, REX_INCLUSIVE],
        // Popeye refuses Isardam with Madrasi or Eiffel ("Isardam and Madrasi/Eiffel not allowed").
        excludes: &["Madrasi", "Eiffel"],
        build: Some(isardam::Isardam::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "Eiffel",
        popeye: Some(["EiffelChess", "EiffelSchach", "EchecsEiffel"]),
        build: Some(eiffel::Eiffel::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "Parsi",
        aliases: &["ParsiChess"],
        params: &[Param::own("WhiteLeapUsed"), Param::own("BlackLeapUsed")],
        build: Some(parsi::Parsi::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "MadnessOfKings",
        aliases: &["Madness of Kings", "MadnessOfKingsChess", "Madness"],
        walks: &["LA", "FE", "03", "FG", "MA"],
        default: Some("LA"),
        build: Some(madness::MadnessOfKings::build),
        ..ConditionDef::NONE
    },
    circe_row(["Circe", "Circe", "Circe"], CIRCE),
    circe_row(["MirrorCirce", "SpiegelCirce", "CirceMalefique"], CirceSpec { mirror: true, ..CIRCE }),
    ConditionDef {
        name: "Volage",
        popeye: Some(["Volage", "Volage", "Volage"]),
        build: Some(volage::Volage::build),
        alone: true,
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "Hypervolage",
        popeye: Some(["Hypervolage", "Hypervolage", "Hypervolage"]),
        build: Some(volage::Volage::build_hyper),
        alone: true,
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "GridChess",
        popeye: Some(["GridChess", "Gitterschach", "Grille"]),
        aliases: &["Grid"],
        params: GRID_PARAMS,
        // Madrasi, Eiffel and Isardam observe through Popeye's observation validators, where the grid's geometry
        // is one of several in an order stipula does not reproduce; Parsi and Madness of Kings are stipula's own.
        not_with: &["Madrasi", "Eiffel", "Isardam", "Parsi", "MadnessOfKings"],
        build: Some(grid::GridChess::build),
        ..ConditionDef::NONE
    },
    // Conditions that change which moves are legal or how pieces move and observe, alphabetically.
    ConditionDef {
        name: "AntiKoeko",
        popeye: Some(["AntiKoeko", "AntiKoeko", "AntiKoeko"]),
        params: KOEKO_PARAMS,
        walks: KOEKO_WALKS,
        build: Some(koeko::KoeKo::build_anti),
        ..KOEKO_ROW
    },
    ConditionDef {
        name: "Bicolores",
        popeye: Some(["Bicolores", "Bicolores", "Bicolores"]),
        // Every observation question Popeye asks is asked of both sides: with a support, a paralysis or a
        // condition that validates observations too, in an order stipula does not reproduce.
        not_with: &[
            "Parsi",
            "MadnessOfKings",
            "Madrasi",
            "Isardam",
            "Eiffel",
            "Patrouille",
            "UltraPatrol",
            "Lortap",
            "CentralChess",
            "AnnanChess",
            "KoeKo",
            "AntiKoeko",
            "NewKoeko",
            "GridChess",
            "MonochromChess",
            "BichromChess",
            "WhiteEdgeMover",
            "BlackEdgeMover",
        ],
        build: Some(bicolores::Bicolores::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "BichromChess",
        popeye: Some(["BichromChess", "BichromesSchach", "Bichromatique"]),
        aliases: &["Bichrome", "BichromeChess"],
        build: Some(monochrome::Chrome::build_bi),
        ..CHROME_ROW
    },
    ConditionDef {
        name: "BlackEdgeMover",
        popeye: Some(["BlackEdgeMover", "SchwarzerRandzueger", "NoirBordCoup"]),
        build: Some(edgemover::EdgeMover::build_black),
        ..EDGE_ROW
    },
    ConditionDef {
        name: "CentralChess",
        popeye: Some(["CentralChess", "ZentralSchach", "EchecsCentral"]),
        aliases: &["Central"],
        build: Some(central::Central::build),
        ..SUPPORT_ROW
    },
    ConditionDef {
        name: "KoeKo",
        popeye: Some(["KoeKo", "KoeKo", "Koeko"]),
        params: KOEKO_PARAMS,
        walks: KOEKO_WALKS,
        build: Some(koeko::KoeKo::build),
        ..KOEKO_ROW
    },
    ConditionDef {
        name: "Lortap",
        popeye: Some(["Lortap", "Elliuortap", "Elliuortap"]),
        build: Some(patrol::Patrol::build_lortap),
        ..SUPPORT_ROW
    },
    ConditionDef {
        name: "MonochromChess",
        popeye: Some(["MonochromChess", "MonochromesSchach", "Monochromatique"]),
        aliases: &["Monochrome", "MonochromeChess"],
        build: Some(monochrome::Chrome::build_mono),
        ..CHROME_ROW
    },
    ConditionDef {
        name: "NewKoeko",
        popeye: Some(["NewKoeko", "NeuKoeko", "KoekoNouveaux"]),
        build: Some(koeko::KoeKo::build_new),
        ..KOEKO_ROW
    },
    ConditionDef {
        name: "NoBlackCapture",
        popeye: Some(["NoBlackCapture", "SchwarzerOhneSchlag", "NoirSansPrises"]),
        build: Some(nocapture::NoCapture::build_black),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "NoCapture",
        popeye: Some(["NoCapture", "Ohneschlag", "SansPrises"]),
        build: Some(nocapture::NoCapture::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "NoWhiteCapture",
        popeye: Some(["NoWhiteCapture", "WeisserOhneSchlag", "BlancSansPrises"]),
        build: Some(nocapture::NoCapture::build_white),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "Patrouille",
        popeye: Some(["Patrouille", "PatrouilleSchach", "Patrouille"]),
        aliases: &["Patrol", "PatrolChess"],
        build: Some(patrol::Patrol::build),
        ..SUPPORT_ROW
    },
    ConditionDef {
        name: "UltraPatrol",
        popeye: Some(["UltraPatrol", "UltraPatrouille", "UltraPatrouille"]),
        build: Some(patrol::Patrol::build_ultra),
        ..SUPPORT_ROW
    },
    ConditionDef {
        name: "WhiteEdgeMover",
        popeye: Some(["WhiteEdgeMover", "WeisserRandzueger", "BlancBordCoup"]),
        build: Some(edgemover::EdgeMover::build_white),
        ..EDGE_ROW
    },
    popeye_only(["Leofamily", "Leofamily", "Leofamily"]),
    popeye_only(["ChineseChess", "ChinesischesSchach", "Chinoises"]),
    circe_row(["PWC", "PlatzwechselCirce", "CirceEchange"], CirceSpec { determine: Determine::Pwc, ..CIRCE }),
    circe_row(["ImmunChess", "Immunschach", "Immun"], IMMUNE),
    circe_row(["MirrorImmunChess", "SpiegelImmunschach", "ImmunMalefique"], CirceSpec { mirror: true, ..IMMUNE }),
    popeye_only(["ContactGridChess", "KontaktGitter", "ContactGrille"]),
    ConditionDef {
        name: "Imitator",
        popeye: Some(["Imitator", "Imitator", "Imitator"]),
        squares: true,
        // Every other condition: the imitators' order among a rebirth, a paralysis, an observation or a
        // condition's own moves is not reproduced (Popeye plays several of them: REGRESSIONS/4_63_to_4_65.inp).
        // The wide state is the imitators' (HaanerChess, BGL keep theirs there too).
        alone: true,
        not_with: &["HaanerChess", "BGL"],
        build: Some(imitator::Imitator::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "CavalierMajeur",
        popeye: Some(["CavalierMajeur", "CavalierMajeur", "CavalierMajeur"]),
        build: Some(cavalier_majeur::CavalierMajeur::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "HaanerChess",
        popeye: Some(["HaanerChess", "HaanerSchach", "Haan"]),
        aliases: &["Haaner"],
        // Its holes are the position's wide state: not with another condition that keeps state there.
        not_with: HOLES_NOT_WITH,
        no_rebirth: true,
        build: Some(holes::Holes::build_haaner),
        ..ConditionDef::NONE
    },
    circe_row(["ChameleonCirce", "ChamaeleonCirce", "CirceCameleon"], CirceSpec { chameleon: true, ..CIRCE }),
    circe_row(["CouscousCirce", "CouscousCirce", "CirceCouscous"], CirceSpec { couscous: true, ..CIRCE }),
    circe_row(
        ["EquipollentsCirce", "EquipollentsCirce", "CirceEquipollents"],
        CirceSpec { determine: Determine::Equipollents, ..CIRCE },
    ),
    circe_row(["FileCirce", "FileCirce", "FileCirce"], CirceSpec { determine: Determine::File, ..CIRCE }),
    ConditionDef {
        name: "BlackMaximummer",
        popeye: Some(["BlackMaximummer", "SchwarzerLaengstzueger", "NoirMaximum"]),
        params: MUMMER_PARAMS,
        // Popeye: one measure per side ("two mummer conditions for one side").
        excludes: &["BlackMinimummer"],
        build: Some(mummer::Mummer::build_black_max),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "BlackMinimummer",
        popeye: Some(["BlackMinimummer", "SchwarzerKuerzestzueger", "NoirMinimum"]),
        params: MUMMER_PARAMS,
        // Popeye: one measure per side ("two mummer conditions for one side").
        excludes: &["BlackMaximummer"],
        build: Some(mummer::Mummer::build_black_min),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "WhiteMaximummer",
        popeye: Some(["WhiteMaximummer", "WeisserLaengstzueger", "BlancMaximum"]),
        params: MUMMER_PARAMS,
        // Popeye: one measure per side ("two mummer conditions for one side").
        excludes: &["WhiteMinimummer"],
        build: Some(mummer::Mummer::build_white_max),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "WhiteMinimummer",
        popeye: Some(["WhiteMinimummer", "WeisserKuerzestzueger", "BlancMinimum"]),
        params: MUMMER_PARAMS,
        // Popeye: one measure per side ("two mummer conditions for one side").
        excludes: &["WhiteMaximummer"],
        build: Some(mummer::Mummer::build_white_min),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "MagicSquares",
        popeye: Some(["MagicSquares", "MagischeFelder", "CaseMagique"]),
        aliases: &["Magic squares"],
        params: &[TYPE_1, TYPE_2],
        squares: true,
        // The order of its colour change among other effects on one move (Popeye's two types differ by it) is not
        // settled here: not with conditions that make effects of their own.
        no_rebirth: true,
        unsupported_with: SQUARE_EFFECTS_NOT_WITH,
        build: Some(magic_square::MagicSquares::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "Tibet",
        popeye: Some(["Tibet", "TibetSchach", "Tibet"]),
        build: Some(tibet::Tibet::build),
        no_rebirth: true,
        unsupported_with: TIBET_NOT_WITH,
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "DoubleTibet",
        popeye: Some(["DoubleTibet", "DoppeltibetSchach", "DoubleTibet"]),
        build: Some(tibet::Tibet::build_double),
        no_rebirth: true,
        unsupported_with: TIBET_NOT_WITH,
        ..ConditionDef::NONE
    },
    popeye_only(["DiagramCirce", "DiagrammCirce", "CirceDiagramme"]),
    ConditionDef {
        name: "Hole",
        popeye: Some(["Hole", "Loch", "Trou"]),
        aliases: &["Holes"],
        squares: true,
        not_with: HOLES_NOT_WITH,
        no_rebirth: true,
        build: Some(holes::Holes::build),
        ..ConditionDef::NONE
    },
    popeye_only(["BlackMustCapture", "SchwarzerSchlagzwang", "NoirPriseForce"]),
    popeye_only(["WhiteMustCapture", "WeisserSchlagzwang", "BlancPriseForce"]),
    ConditionDef {
        name: "ReflectiveKings",
        popeye: Some(["ReflectiveKings", "ReflektierendeKoenige", "RoisReflecteurs"]),
        // The king's walks are read off the checks under the other conditions' rules of observation and effects:
        // not settled with them here.
        alone: true,
        build: Some(transmuting_kings::TransmutingKings::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "TransmutedKings",
        popeye: Some(["TransmutedKings", "TransmutierendeKoenige", "RoisTransmutes"]),
        // The king's walks are read off the checks under the other conditions' rules of observation and effects:
        // not settled with them here.
        alone: true,
        build: Some(transmuting_kings::TransmutingKings::build),
        ..ConditionDef::NONE
    },
    popeye_only(["BlackFollowMyLeader", "SchwarzerVerfolgungszueger", "NoirPoursuite"]),
    popeye_only(["WhiteFollowMyLeader", "WeisserVerfolgungszueger", "BlancPoursuite"]),
    popeye_only(["DuellistChess", "Duellantenschach", "Duelliste"]),
    circe_row(["ParrainCirce", "CirceParrain", "CirceParrain"], CirceSpec { determine: Determine::Parrain, ..CIRCE }),
    ConditionDef {
        name: "NoIProm",
        popeye: Some(["NoIProm", "OhneIUW", "SansIProm"]),
        build: Some(imitator::NoIProm::build),
        ..ConditionDef::NONE
    },
    circe_row(
        ["SymmetryCirce", "SymmetrieCirce", "CirceSymetrique"],
        CirceSpec { determine: Determine::Symmetry, ..CIRCE },
    ),
    popeye_only(["VogtlaenderChess", "VogtlaenderSchach", "EchecsVogtlaender"]),
    popeye_only(["EinsteinChess", "EinsteinSchach", "EchecsEinstein"]),
    circe_row(["CirceClone", "CirceClone", "CirceClone"], CirceSpec { clone: true, ..CIRCE }),
    circe_row(["AntiCirce", "AntiCirce", "AntiCirce"], ANTI),
    circe_row(
        ["MirrorFileCirce", "SpiegelFileCirce", "FileCirceMalefique"],
        CirceSpec { determine: Determine::File, mirror: true, ..CIRCE },
    ),
    circe_row(
        ["AntipodeanCirce", "AntipodenCirce", "CirceAntipoden"],
        CirceSpec { determine: Determine::Antipodes, ..CIRCE },
    ),
    circe_row(
        ["MirrorCirceClone", "SpiegelCirceclone", "CirceCloneMalefique"],
        CirceSpec { clone: true, mirror: true, ..CIRCE },
    ),
    circe_row(["MirrorAntiCirce", "AntiSpiegelCirce", "AntiCirceMalefique"], CirceSpec { mirror: true, ..ANTI }),
    popeye_only(["DiagramAntiCirce", "AntiDiagrammCirce", "AntiCirceDiagramme"]),
    circe_row(["FileAntiCirce", "AntiFileCirce", "AntiFileCirce"], CirceSpec { determine: Determine::File, ..ANTI }),
    circe_row(
        ["SymmetryAntiCirce", "AntiSymmetrieCirce", "AntiCirceSymetrique"],
        CirceSpec { determine: Determine::Symmetry, ..ANTI },
    ),
    circe_row(
        ["MirrorFileAntiCirce", "AntiSpiegelFileCirce", "AntiFileCirceMalefique"],
        CirceSpec { determine: Determine::File, mirror: true, ..ANTI },
    ),
    circe_row(
        ["AntipodeanAntiCirce", "AntiAntipodenCirce", "AntiCirceAntipoden"],
        CirceSpec { determine: Determine::Antipodes, ..ANTI },
    ),
    circe_row(
        ["EquipollentsAntiCirce", "AntiEquipollentsCirce", "AntiCirceEquipollents"],
        CirceSpec { determine: Determine::Equipollents, ..ANTI },
    ),
    circe_row(["FileImmunChess", "FileImmunSchach", "ImmunFile"], CirceSpec { determine: Determine::File, ..IMMUNE }),
    popeye_only(["DiagramImmunChess", "DiagrammImmunSchach", "ImmunDiagramme"]),
    circe_row(
        ["MirrorFileImmunChess", "SpiegelFileImmunSchach", "ImmunFileMalefique"],
        CirceSpec { determine: Determine::File, mirror: true, ..IMMUNE },
    ),
    circe_row(
        ["SymmetryImmunChess", "SymmetrieImmunSchach", "ImmunSymmetrique"],
        CirceSpec { determine: Determine::Symmetry, ..IMMUNE },
    ),
    circe_row(
        ["AntipodeanImmunChess", "AntipodenImmunSchach", "ImmunAntipoden"],
        CirceSpec { determine: Determine::Antipodes, ..IMMUNE },
    ),
    circe_row(
        ["EquipollentsImmunChess", "EquipollentsImmunSchach", "ImmunEquipollents"],
        CirceSpec { determine: Determine::Equipollents, ..IMMUNE },
    ),
    popeye_only(["ReversalEinsteinChess", "ReversesEinsteinSchach", "ReversEchecsEinstein"]),
    circe_row(["SuperCirce", "SuperCirce", "SuperCirce"], CirceSpec { determine: Determine::Super, ..CIRCE }),
    popeye_only(["RelegationChess", "Degradierung", "Degradierung"]),
    popeye_only(["NorskSjakk", "NorskSjakk", "NorskSjakk"]),
    popeye_only(["TraitorChess", "TraitorChess", "EchecsTraitor"]),
    ConditionDef {
        name: "AndernachChess",
        popeye: Some(["AndernachChess", "AndernachSchach", "EchecsAndernach"]),
        aliases: &["Andernach"],
        build: Some(andernach::Andernach::build),
        no_rebirth: true,
        ..ConditionDef::NONE
    },
    popeye_only(["WhiteForcedSquare", "WeissesZwangsfeld", "BlancCaseForce"]),
    popeye_only(["WhiteConsequentForcedSquare", "WeissesKonsequentesZwangsfeld", "BlancCaseForceConsequent"]),
    popeye_only(["BlackForcedSquare", "SchwarzesZwangsfeld", "NoirCaseForce"]),
    popeye_only(["BlackConsequentForcedSquare", "SchwarzesKonsequentesZwangsfeld", "NoirCaseForceConsequent"]),
    ConditionDef {
        name: "ChameleonChess",
        popeye: Some(["ChameleonChess", "ChamaeleonSchach", "EchecsCameleon"]),
        build: Some(chameleon::ChameleonChess::build),
        ..ConditionDef::NONE
    },
    popeye_only(["FunctionaryChess", "BeamtenSchach", "EchecsFonctionnaire"]),
    popeye_only(["GlasgowChess", "GlasgowSchach", "EchecsGlasgow"]),
    ConditionDef {
        name: "AntiAndernachChess",
        popeye: Some(["AntiAndernachChess", "AntiAndernachSchach", "EchecsAntiAndernach"]),
        aliases: &["AntiAndernach"],
        build: Some(andernach::Andernach::build_anti),
        ..ConditionDef::NONE
    },
    popeye_only(["FrischAufCirce", "FrischAufCirce", "FrischAufCirce"]),
    circe_row(
        ["VerticalMirrorCirce", "VertikalesSpiegelCirce", "CirceMalefiqueVerticale"],
        CirceSpec { adapter: Adapter::VerticalMirror, ..CIRCE },
    ),
    ConditionDef {
        name: "ChecklessChess",
        popeye: Some(["ChecklessChess", "OhneSchach", "SansEchecs"]),
        aliases: &["Checkless"],
        // Each asks "can the opponent still move?" after a move its own way, one level deep against a nested
        // question of the other's: stipula does not combine those tests.
        not_with: &["Parsi", "MadnessOfKings"],
        build: Some(checkless::Checkless::build),
        ..ConditionDef::NONE
    },
    circe_row(
        ["DiametralCirce", "DiametralCirce", "CirceDiametrale"],
        CirceSpec { adapter: Adapter::Diametral, ..CIRCE },
    ),
    ConditionDef {
        name: "PromOnly",
        popeye: Some(["PromOnly", "UWnur", "PromSeul"]),
        any_walks: true,
        build: Some(promonly::PromOnly::build),
        // Their own promotion rules (Parsi's, SingleBox's) are not combined with a list of promotees here.
        not_with: &["Parsi", "SingleBox"],
        ..ConditionDef::NONE
    },
    circe_row(["RankCirce", "RankCirce", "RankCirce"], CirceSpec { determine: Determine::Rank, ..CIRCE }),
    ConditionDef {
        name: "ExclusiveChess",
        popeye: Some(["ExclusiveChess", "ExklusivSchach", "EchecsExclusif"]),
        aliases: &["Exclusive"],
        // Each chooses among the moves legal by the other rules: stipula does not order two such choices.
        not_with: &["BlackMaximummer", "WhiteMaximummer", "BlackMinimummer", "WhiteMinimummer"],
        build: Some(exclusive::Exclusive::build),
        ..ConditionDef::NONE
    },
    circe_row(["MarsCirce", "MarsCirce", "MarsCirce"], MARS),
    circe_row(["MarsMirrorCirce", "MarsSpiegelCirce", "MarsCirceMalefique"], CirceSpec { mirror: true, ..MARS }),
    circe_row(
        ["PhantomChess", "PhantomSchach", "EchecsPhantom"],
        CirceSpec { family: Family::Mars(MarsType::Phantom), rex_inclusive: false, ..MARS },
    ),
    ConditionDef {
        name: "WhiteReflectiveKing",
        popeye: Some(["WhiteReflectiveKing", "WeisserReflektierenderKoenig", "BlancRoiReflecteur"]),
        // The king's walks are read off the checks under the other conditions' rules of observation and effects:
        // not settled with them here.
        alone: true,
        build: Some(transmuting_kings::TransmutingKings::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "BlackReflectiveKing",
        popeye: Some(["BlackReflectiveKing", "SchwarzerReflektierenderKoenig", "NoirRoiReflecteur"]),
        // The king's walks are read off the checks under the other conditions' rules of observation and effects:
        // not settled with them here.
        alone: true,
        build: Some(transmuting_kings::TransmutingKings::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "WhiteTransmutedKing",
        popeye: Some(["WhiteTransmutedKing", "WeisserTransmutierenderKoenig", "BlancRoiTransmute"]),
        // The king's walks are read off the checks under the other conditions' rules of observation and effects:
        // not settled with them here.
        alone: true,
        build: Some(transmuting_kings::TransmutingKings::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "BlackTransmutedKing",
        popeye: Some(["BlackTransmutedKing", "SchwarzerTransmutierenderKoenig", "NoirRoiTransmute"]),
        // The king's walks are read off the checks under the other conditions' rules of observation and effects:
        // not settled with them here.
        alone: true,
        build: Some(transmuting_kings::TransmutingKings::build),
        ..ConditionDef::NONE
    },
    popeye_only(["AntiEinsteinChess", "AntiEinsteinSchach", "EchecsAntiEinstein"]),
    circe_row(
        ["MirrorCouscousCirce", "SpiegelCouscousCirce", "CirceCouscousMalefique"],
        CirceSpec { couscous: true, mirror: true, ..CIRCE },
    ),
    popeye_only(["BlackRoyalSquare", "SchwarzesKoeniglichesFeld", "NoirCaseRoyal"]),
    popeye_only(["WhiteRoyalSquare", "WeissesKoeniglichesFeld", "BlancCaseRoyal"]),
    ConditionDef {
        name: "BrunnerChess",
        popeye: Some(["BrunnerChess", "BrunnerSchach", "EchecsBrunner"]),
        aliases: &["Brunner"],
        build: Some(brunner::Brunner::build),
        // Its check plays the king's capture under the other rules (a rebirth, a paralysis, a choice among moves),
        // which stipula does not reproduce.
        alone: true,
        ..ConditionDef::NONE
    },
    circe_row(["PlusChess", "PlusSchach", "EchecsPlus"], CirceSpec { family: Family::Mars(MarsType::Plus), ..MARS }),
    circe_row(["CirceAssassin", "AssassinCirce", "CirceAssassin"], CirceSpec { assassin: true, ..CIRCE }),
    popeye_only(["PatienceChess", "PatienceSchach", "EchecsPatience"]),
    popeye_only(["RepublicanChess", "RepublikanerSchach", "EchecsRepublicains"]),
    popeye_only(["ExtinctionChess", "AusrottungsSchach", "EchecsExtinction"]),
    popeye_only(["ActuatedRevolvingBoard", "ActuatedRevolvingBoard", "ActuatedRevolvingBoard"]),
    ConditionDef {
        name: "MessignyChess",
        popeye: Some(["MessignyChess", "MessignySchach", "EchecsMessigny"]),
        aliases: &["Messigny"],
        // Popeye reads `RexExclusive` after it (the kings then exchange with no piece).
        params: &[circe_word(["RexExclusive", "RexExklusive", "RexExclusif"])],
        // Played alone: with another condition Popeye's exchanges are not all read yet (with NoCapture, a check
        // Popeye parries and stipula does not, REGRESSIONS/4_63_to_4_65.inp #1).
        build: Some(messigny::Messigny::build),
        alone: true,
        ..ConditionDef::NONE
    },
    popeye_only(["Woozles", "Woozles", "Woozles"]),
    popeye_only(["BiWoozles", "BiWoozles", "BiWoozles"]),
    popeye_only(["Heffalumps", "Heffalumps", "Heffalumps"]),
    popeye_only(["BiHeffalumps", "BiHeffalumps", "BiHeffalumps"]),
    popeye_only(["WhitePromSquares", "UWFeldWeiss", "BlancCasePromotion"]),
    popeye_only(["BlackPromSquares", "UWFeldSchwarz", "NoirCasePromotion"]),
    popeye_only(["NoWhitePromotion", "OhneWeissUW", "SansBlancPromotion"]),
    popeye_only(["NoBlackPromotion", "OhneSchwarzUW", "SansNoirPromotion"]),
    popeye_only(["BlackUltraSchachZwang", "SchwarzerUltraSchachZwang", "NoirUltraSchachZwang"]),
    popeye_only(["WhiteUltraSchachZwang", "WeisserUltraSchachZwang", "BlancUltraSchachZwang"]),
    popeye_only(["ActuatedRevolvingCentre", "ActuatedRevolvingCentre", "ActuatedRevolvingCentre"]),
    ConditionDef {
        name: "ShieldedKings",
        popeye: Some(["ShieldedKings", "SchutzKoenige", "ShieldedKings"]),
        build: Some(shielded_kings::ShieldedKings::build),
        ..ConditionDef::NONE
    },
    popeye_only(["CURRENTLYUNUSED", "ZURZEITUNVERWENDET", "NONUTILISEACTUELLEMENT"]),
    popeye_only(["LineChameleonChess", "LinienChamaeleonSchach", "EchecsCameleonLigne"]),
    popeye_only(["AprilChess", "Aprilschach", "EchecsAvril"]),
    popeye_only(["AlphabeticChess", "AlphabetischesSchach", "EchecsAlphabetiques"]),
    circe_row(["CirceTurncoats", "TurncoatCirce", "CirceTurncoats"], CirceSpec { turncoat: true, ..CIRCE }),
    circe_row(
        ["CirceDoubleAgents", "DoppelAgentenCirce", "CirceDoubleAgents"],
        CirceSpec { turncoat: true, mirror: true, ..CIRCE },
    ),
    popeye_only(["AMU", "AMU", "AMU"]),
    ConditionDef {
        name: "SingleBox",
        popeye: Some(["SingleBox", "NurPartiesatzSteine", "SingleBox"]),
        params: &[TYPE_1, TYPE_2, TYPE_3],
        build: Some(singlebox::SingleBox::build),
        ..ConditionDef::NONE
    },
    popeye_only(["MAFF", "MAFF", "MAFF"]),
    popeye_only(["OWU", "OWU", "OWU"]),
    ConditionDef {
        name: "WhiteOscillatingKings",
        popeye: Some(["WhiteOscillatingKings", "WeisseOszillierendeKoenige", "BlancRoisOscillant"]),
        params: OSCILLATING_PARAMS,
        build: Some(oscillating_kings::OscillatingKings::build_white),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "BlackOscillatingKings",
        popeye: Some(["BlackOscillatingKings", "SchwarzeOszillierendeKoenige", "NoirRoisOscillant"]),
        params: OSCILLATING_PARAMS,
        build: Some(oscillating_kings::OscillatingKings::build_black),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "AntiKings",
        popeye: Some(["AntiKings", "AntiKoenige", "AntiRois"]),
        build: Some(antikings::AntiKings::build),
        ..ConditionDef::NONE
    },
    circe_row(["AntiMarsCirce", "AntiMarsCirce", "AntiMarsCirce"], ANTI_MARS),
    circe_row(
        ["AntiMarsMirrorCirce", "AntiMarsMalefiqueCirce", "AntiMarsMalefiqueCirce"],
        CirceSpec { mirror: true, ..ANTI_MARS },
    ),
    circe_row(
        ["AntiMarsAntipodeanCirce", "AntiMarsAntipodeanCirce", "AntiMarsAntipodeanCirce"],
        CirceSpec { determine: Determine::Antipodes, ..ANTI_MARS },
    ),
    ConditionDef {
        name: "WhiteSuperTransmutingKing",
        popeye: Some(["WhiteSuperTransmutingKing", "WeisserSuperTransmutierenderKoenig", "BlancSuperRoiTransmute"]),
        // The king's walks are read off the checks under the other conditions' rules of observation and effects:
        // not settled with them here.
        alone: true,
        build: Some(transmuting_kings::TransmutingKings::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "BlackSuperTransmutingKing",
        popeye: Some(["BlackSuperTransmutingKing", "SchwarzerSuperTransmutierenderKoenig", "NoirSuperRoiTransmute"]),
        // The king's walks are read off the checks under the other conditions' rules of observation and effects:
        // not settled with them here.
        alone: true,
        build: Some(transmuting_kings::TransmutingKings::build),
        ..ConditionDef::NONE
    },
    circe_row(
        ["AntiSuperCirce", "AntiSuperCirce", "AntiSuperCirce"],
        CirceSpec { determine: Determine::Super, ..ANTI },
    ),
    ConditionDef {
        name: "SwappingKings",
        popeye: Some(["SwappingKings", "TauschKoenige", "RoisEchanges"]),
        build: Some(swapping_kings::SwappingKings::build),
        // The exchange reads check under the other conditions' rules, between their effects: not settled.
        alone: true,
        ..ConditionDef::NONE
    },
    popeye_only(["RoyalDynasty", "KoenigsDynastie", "DynastieRoyale"]),
    ConditionDef {
        name: "SAT",
        popeye: Some(["SAT", "SAT", "SAT"]),
        numbers: SAT_NUMBERS,
        // Popeye's `solvers.c` plays Strict SAT when both are stated (EXAMPLES/sat.inp#10, `SAT Strict`).
        yields_to: &["StrictSAT"],
        // Parsi, Madness of Kings and Checkless chess ask what check is in rules of stipula's own (a leap's check,
        // insane moves, a check that must mate): not settled with a check made of flights.
        not_with: &["Parsi", "MadnessOfKings", "ChecklessChess"],
        build: Some(sat::Sat::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "StrictSAT",
        popeye: Some(["StrictSAT", "StrictSAT", "StrictSAT"]),
        numbers: SAT_NUMBERS,
        // The sides' strict state shares the position's state bits with Parsi's leaps and the castling rights the
        // Circe family keeps.
        not_with: &["Parsi", "MadnessOfKings", "ChecklessChess"],
        no_rebirth: true,
        build: Some(sat::Sat::build_strict),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "Take&MakeChess",
        popeye: Some(["Take&MakeChess", "Take&MakeSchach", "Take&MakeEchecs"]),
        aliases: &["TakeMake"],
        params: &[Param {
            name: "Absolute",
            popeye: Some((["Absolute", "Absolut", "Absolu"], &[["Absolute", "Absolut", "Absolu"]])),
            aliases: &[],
            implied: false,
        }],
        build: Some(take_make::TakeMake::build),
        // With a rebirth the castling rights a reborn rook gives back are not yet right after the make
        // (BEISPIEL/takemake.inp#15: `4.Bb7*h1-h5[+wTh1] 0-0`): refused.
        no_rebirth: true,
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "DangerCirce",
        popeye: Some(["DangerCirce", "GefahrenCirce", "CirceDanger"]),
        build: Some(danger_circe::DangerCirce::build),
        ..ConditionDef::NONE
    },
    // The conditions whose moves carry effects beyond the moving piece.
    ConditionDef {
        name: "Sentinelles",
        popeye: Some(["Sentinelles", "Sentinelles", "Sentinelles"]),
        params: &[
            Param {
                name: "PionPropre",
                popeye: Some((["PionPropre", "PionPropre", "PionPropre"], SENTINELLES_VARIANTS)),
                aliases: &[],
                implied: true,
            },
            Param {
                name: "PionAdvers",
                popeye: Some((["PionAdvers", "PionAdvers", "PionAdvers"], SENTINELLES_VARIANTS)),
                aliases: &[],
                implied: false,
            },
            Param {
                name: "PionNeutre",
                popeye: Some((["PionNeutre", "PionNeutre", "PionNeutre"], SENTINELLES_VARIANTS)),
                aliases: &[],
                implied: false,
            },
            Param {
                name: "ParaSentinelles",
                popeye: Some((["ParaSentinelles", "ParaSentinelles", "ParaSentinelles"], SENTINELLES_VARIANTS)),
                aliases: &[],
                implied: false,
            },
            Param {
                name: "Berolina",
                popeye: Some((["Berolina", "Berolina", "Berolina"], SENTINELLES_VARIANTS)),
                aliases: &[],
                implied: false,
            },
        ],
        build: Some(sentinelles::Sentinelles::build),
        // The Madness of Kings' move of the other side's king: whose pawn it leaves is not settled.
        unsupported_with: &["MadnessOfKings"],
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "Masand",
        popeye: Some(["Masand", "Masand", "Masand"]),
        build: Some(masand::Masand::build),
        // Popeye follows the checking piece through the other effects of the move (a rebirth, a recolouring):
        // not implemented together.
        no_rebirth: true,
        unsupported_with: EFFECTS_OF_THE_MOVER,
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "MasandGeneralised",
        popeye: Some(["MasandGeneralised", "MasandVerallgemeinert", "MasandGeneralise"]),
        build: Some(masand::Masand::build_generalised),
        no_rebirth: true,
        unsupported_with: EFFECTS_OF_THE_MOVER,
        excludes: &["Masand"],
        ..ConditionDef::NONE
    },
    popeye_only(["BlackSynchronMover", "SchwarzerSynchronZueger", "NoirSynchronCoup"]),
    popeye_only(["WhiteSynchronMover", "WeisserSynchronZueger", "BlancSynchronCoup"]),
    popeye_only(["BlackAntiSynchronMover", "SchwarzerAntiSynchronZueger", "NoirAntiSynchronCoup"]),
    popeye_only(["WhiteAntiSynchronMover", "WeisserAntiSynchronZueger", "BlancAntiSynchronCoup"]),
    ConditionDef {
        name: "BGL",
        popeye: Some(["BGL", "BGL", "BGL"]),
        numbers: NumberParams { max: 2, fractions: true, unlimited: true },
        // The budgets are the position's wide state, which one condition of a problem may use. Stipula's own Parsi
        // and Madness of Kings move and check in ways of their own whose cost is not settled; Grid chess and the
        // observation conditions validate observations in an order of Popeye's stipula does not reproduce; a
        // check of flights (SAT) is asked of squares the king does not stand on.
        not_with: &[
            "HaanerChess",
            "Hole",
            "Imitator",
            "Parsi",
            "MadnessOfKings",
            "GridChess",
            "SAT",
            "StrictSAT",
            "Patrouille",
            "UltraPatrol",
            "Lortap",
            "CentralChess",
            "Bicolores",
        ],
        build: Some(bgl::Bgl::build),
        ..ConditionDef::NONE
    },
    popeye_only(["BlackChecks", "SchwarzSchaecher", "NoirEchecs"]),
    ConditionDef {
        name: "AnnanChess",
        popeye: Some(["AnnanChess", "Annanschach", "AnnanEchecs"]),
        params: &[TYPE_A, TYPE_B, TYPE_C, TYPE_D],
        // Which walk a paralysis, a support or a contact compares is not settled with a walk borrowed from the
        // piece behind: not played together.
        not_with: &[
            "Madrasi",
            "Isardam",
            "Eiffel",
            "Parsi",
            "MadnessOfKings",
            "Patrouille",
            "UltraPatrol",
            "Lortap",
            "CentralChess",
            "GridChess",
        ],
        build: Some(annan::Annan::build),
        ..ConditionDef::NONE
    },
    popeye_only(["NormalPawn", "NormalBauern", "PionNormale"]),
    ConditionDef {
        name: "VaultingKings",
        popeye: Some(["VaultingKings", "VaultingKings", "VaultingKings"]),
        params: &[TRANSMUTING],
        walks: VAULTERS,
        // The king's walks are read off the checks under the other conditions' rules of observation and effects:
        // not settled with them here.
        alone: true,
        build: Some(transmuting_kings::TransmutingKings::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "WhiteVaultingKing",
        popeye: Some(["WhiteVaultingKing", "WeisserVaultingKing", "BlancVaultingKing"]),
        params: &[TRANSMUTING],
        walks: VAULTERS,
        // The king's walks are read off the checks under the other conditions' rules of observation and effects:
        // not settled with them here.
        alone: true,
        build: Some(transmuting_kings::TransmutingKings::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "BlackVaultingKing",
        popeye: Some(["BlackVaultingKing", "SchwarzerVaultingKing", "NoirVaultingKing"]),
        params: &[TRANSMUTING],
        walks: VAULTERS,
        // The king's walks are read off the checks under the other conditions' rules of observation and effects:
        // not settled with them here.
        alone: true,
        build: Some(transmuting_kings::TransmutingKings::build),
        ..ConditionDef::NONE
    },
    popeye_only(["ProteanChess", "ProteischesSchach", "EchecsProtee"]),
    circe_row(["GenevaChess", "GenferSchach", "EchecsGeneve"], GENEVA),
    popeye_only(["ChameleonPursuit", "ChamaeleonVerfolgung", "CameleonPoursuite"]),
    ConditionDef {
        name: "CastlingChess",
        popeye: Some(["CastlingChess", "RochadeSchach", "EchecsRoque"]),
        // Popeye plays Castling chess with Rokagogo's filter when both are stated.
        excludes: &["Rokagogo"],
        // Its castling moves another piece besides the king: with other conditions' effects and observations the
        // order is not settled here.
        alone: true,
        build: Some(castling_chess::CastlingChess::build),
        ..ConditionDef::NONE
    },
    popeye_only(["LosingChess", "Schlagschach", "QuiPerdGagne"]),
    ConditionDef {
        name: "Disparate",
        popeye: Some(["Disparate", "Disparate", "Disparate"]),
        build: Some(disparate::Disparate::build),
        // Its state is the position's two state slots (Parrain Circe keeps its capture there); the conditions that
        // read support or guards by observation validate observers otherwise than Popeye's observation validation,
        // where Disparate sits.
        no_rebirth: true,
        not_with: DISPARATE_NOT_WITH,
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "GhostChess",
        popeye: Some(["GhostChess", "Geisterschach", "EchecsGhost"]),
        // Popeye refuses Ghost and Haunted chess with Circe, Anti-Circe, Haaner chess and kamikaze pieces, and
        // together ("Ghost/Haunted chess and Circe/Kamikaze/Haan incompatible").
        excludes: &["HauntedChess", "HaanerChess"],
        no_rebirth: true,
        // The ghosts' return among other conditions' effects and observations is not settled here; the ghosts
        // are the position's wide state.
        alone: true,
        build: Some(ghost_chess::Ghosts::build_ghost),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "HauntedChess",
        popeye: Some(["HauntedChess", "Spukschach", "EchecsHantes"]),
        excludes: &["GhostChess", "HaanerChess"],
        no_rebirth: true,
        alone: true,
        build: Some(ghost_chess::Ghosts::build_haunted),
        ..ConditionDef::NONE
    },
    popeye_only(["ProvocationChess", "ProvokationSchach", "EchecsProvacateurs"]),
    circe_row(["CageCirce", "KaefigCirce", "CirceCage"], CirceSpec { determine: Determine::Cage, ..CIRCE }),
    popeye_only(["Dummy", "Dummy", "Dummy"]),
    popeye_only(["Football", "Fussball", "Football"]),
    circe_row(
        ["ContraParrain", "KontraParrain", "ContraParrain"],
        CirceSpec { determine: Determine::Parrain, mirror: true, ..CIRCE },
    ),
    ConditionDef {
        name: "KobulKings",
        popeye: Some(["KobulKings", "KobulKoenige", "RoisKobul"]),
        aliases: &["Kobul"],
        params: &[
            Param { name: "White", popeye: Some((SIDES[0], SIDES)), aliases: &[], implied: false },
            Param { name: "Black", popeye: Some((SIDES[1], SIDES)), aliases: &[], implied: false },
        ],
        // The royal piece's walk changes with the capture: with other conditions' effects and observations (a
        // rebirth, a paralysis by kind) the order is not settled here.
        alone: true,
        build: Some(kobul::KobulKings::build),
        ..ConditionDef::NONE
    },
    popeye_only(["ExchangeCastling", "PlatzwechselRochade", "EchangeRoque"]),
    popeye_only(["WhiteAlphabeticChess", "WeissesAlphabetischesSchach", "BlancEchecsAlphabetiques"]),
    popeye_only(["BlackAlphabeticChess", "SchwarzesAlphabetischesSchach", "NoirEchecsAlphabetiques"]),
    circe_row(
        ["CirceTake&Make", "CirceTake&Make", "CirceTake&Make"],
        CirceSpec { determine: Determine::TakeMake, ..CIRCE },
    ),
    ConditionDef {
        name: "SuperGuards",
        popeye: Some(["SuperGuards", "SuperDeckungen", "Supergardes"]),
        build: Some(superguards::Guards::build_super),
        ..GUARDS_ROW
    },
    ConditionDef {
        name: "Wormholes",
        popeye: Some(["Wormholes", "Wurmloecher", "TrousDeVer"]),
        squares: true,
        // The order of the transfer among other effects on one move is not settled here.
        no_rebirth: true,
        unsupported_with: SQUARE_EFFECTS_NOT_WITH,
        build: Some(wormholes::Wormholes::build),
        ..ConditionDef::NONE
    },
    popeye_only(["MarineChess", "MarinesSchach", "EchecsMarins"]),
    popeye_only(["UltramarineChess", "UltramarinesSchach", "EchecsUltramarins"]),
    popeye_only(["BackHome", "NachHause", "Retour"]),
    ConditionDef {
        name: "FaceToFace",
        popeye: Some(["FaceToFace", "AngesichtZuAngesicht", "FaceAFace"]),
        build: Some(facetoface::FaceToFace::build_face),
        // A piece's walk read off its neighbours: not settled with other rules of observation and effects here.
        alone: true,
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "BackToBack",
        popeye: Some(["BackToBack", "RueckenAnRuecken", "DosADos"]),
        build: Some(facetoface::FaceToFace::build_back),
        // A piece's walk read off its neighbours: not settled with other rules of observation and effects here.
        alone: true,
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "CheekToCheek",
        popeye: Some(["CheekToCheek", "WangeAnWange", "JoueAJoue"]),
        build: Some(facetoface::FaceToFace::build_cheek),
        // A piece's walk read off its neighbours: not settled with other rules of observation and effects here.
        alone: true,
        ..ConditionDef::NONE
    },
    popeye_only(["ChameleonSequence", "Chamaeleonsequenz", "CameleonSequence"]),
    popeye_only(["AntiCloneCirce", "AntiCloneCirce", "AntiCloneCirce"]),
    popeye_only(["SnekChess", "SnekSchach", "EchecsSnek"]),
    popeye_only(["SnekCircleChess", "SnekZirkulaerSchach", "EchecsSnekCirculaires"]),
    popeye_only(["LastCapture", "LetzterSchlag", "DernierePrise"]),
    popeye_only(["ArgentinianChess", "ArgentinischesSchach", "EchecsArgentins"]),
    popeye_only(["LostPieces", "VerloreneSteine", "PiecesPerdues"]),
    popeye_only(["PartialParalysis", "PartielleParalyse", "ParalysePartielle"]),
    circe_row(
        ["VerticalSymmetryCirce", "VertikaleSymmetrieCirce", "CirceSymetriqueVerticale"],
        CirceSpec { determine: Determine::VerticalSymmetry, ..CIRCE },
    ),
    circe_row(
        ["HorizontalSymmetryCirce", "HorizontaleSymmetrieCirce", "CirceSymetriqueHorizontale"],
        CirceSpec { determine: Determine::HorizontalSymmetry, ..CIRCE },
    ),
    circe_row(
        ["VerticalSymmetryAntiCirce", "VertikaleAntiSymmetrieCirce", "AntiCirceSymetriqueVerticale"],
        CirceSpec { determine: Determine::VerticalSymmetry, ..ANTI },
    ),
    circe_row(
        ["HorizontalSymmetryAntiCirce", "HorizontaleAntiSymmetrieCirce", "AntiCirceSymetriqueHorizontale"],
        CirceSpec { determine: Determine::HorizontalSymmetry, ..ANTI },
    ),
    popeye_only(["ImmuneVerticalSymmetry", "ImmuneVertikaleSymmetrie", "ImmuneSymetriqueVerticale"]),
    popeye_only(["ImmuneHorizontalSymmetry", "ImmuneHorizontaleSymmetrie", "ImmuneSymetriqueHorizontale"]),
    ConditionDef {
        name: "LeseMajeste",
        popeye: Some(["LeseMajeste", "LeseMajeste", "LeseMajeste"]),
        aliases: &["Lese-majeste"],
        build: Some(lese_majeste::LeseMajeste::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "Rokagogo",
        popeye: Some(["Rokagogo", "Rokagogo", "Rokagogo"]),
        alone: true,
        build: Some(castling_chess::CastlingChess::build_rokagogo),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "Breton",
        popeye: Some(["Breton", "Breton", "Breton"]),
        params: &[
            Param {
                name: "Adverse",
                popeye: Some((["Adverse", "Advers", "Adverse"], BRETON_VARIANTS)),
                aliases: &[],
                implied: false,
            },
            Param {
                name: "Chromatic",
                popeye: Some((["Chromatic", "Chromatisch", "Chromatique"], BRETON_VARIANTS)),
                aliases: &[],
                implied: false,
            },
            Param { name: "PY", popeye: Some((["PY", "PY", "PY"], BRETON_VARIANTS)), aliases: &[], implied: false },
        ],
        build: Some(breton::Breton::build),
        // Its choice of the piece removed and a rebirth's promotion would share the move's one choice; with
        // Andernach the order of the two effects on one capture is not settled.
        no_rebirth: true,
        unsupported_with: &["AndernachChess"],
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "Make&TakeChess",
        popeye: Some(["Make&TakeChess", "Make&TakeSchach", "Make&TakeEchecs"]),
        aliases: &["MakeTake"],
        build: Some(make_take::MakeTake::build),
        // Its check is a capture by a make and a take; what another condition's hooks make of that (an
        // observation that counts, a rebirth after the take) is not implemented.
        alone: true,
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "PointReflection",
        popeye: Some(["PointReflection", "Punktspiegelung", "ReflexionCentrale"]),
        build: Some(pointreflection::PointReflection::build),
        // A piece's walk read off its reflected square: not settled with other rules of observation and effects here.
        alone: true,
        ..ConditionDef::NONE
    },
    popeye_only(["NannaChess", "Nannaschach", "AnnanEchecs"]),
    popeye_only(["Bolero", "Bolero", "Bolero"]),
    popeye_only(["BoleroInverse", "BoleroInvers", "BoleroInverse"]),
    popeye_only(["Influencer", "Influencer", "Influenceur"]),
    popeye_only(["RoleExchange", "Rollentausch", "EchangeRole"]),
    popeye_only(["BlackMaxDister", "SchwarzerMaxDister", "NoirMaxDister"]),
    popeye_only(["BlackMinDister", "SchwarzerMinDister", "NoirMinDister"]),
    popeye_only(["WhiteMaxDister", "WeisserMaxDister", "BlancMaxDister"]),
    popeye_only(["WhiteMinDister", "WeisserMinDister", "BlancMinDister"]),
    popeye_only(["SeriesCapture", "SerienSchlag", "SerieCapture"]),
    popeye_only(["DarkSide", "DarkSide", "DarkSide"]),
    popeye_only(["Leffie", "Leffie", "Leffie"]),
    ConditionDef {
        name: "Pepo",
        popeye: Some(["Pepo", "Pepo", "Pepo"]),
        build: Some(pepo::Pepo::build),
        // Its check (two observers, the checking king a dummy) and its paralysis of an observed king sit among
        // Popeye's check tests and observer validators in an order stipula does not reproduce with other rules.
        alone: true,
        ..ConditionDef::NONE
    },
    popeye_only(["CASTChess", "CASTSchach", "CASTEchecs"]),
    ConditionDef {
        name: "Bicaptures",
        popeye: Some(["Bicaptures", "Bicaptures", "Bicaptures"]),
        // Its captures of the mover's own pieces with another condition's captures (a rebirth, a paralysis) are
        // not settled here.
        alone: true,
        build: Some(bicaptures::Bicaptures::build),
        ..ConditionDef::NONE
    },
    popeye_only(["FuddledMen", "FuddledMen", "FuddledMen"]),
    popeye_only(["TransmissionMenace", "TransmissionMenace", "TransmissionMenace"]),
    popeye_only(["PowerTransfer", "KraftTransfer", "TransfertPouvoir"]),
    ConditionDef {
        name: "MultiCaptures",
        popeye: Some(["MultiCaptures", "MultiCaptures", "MultiCaptures"]),
        params: &[
            Param { name: "White", popeye: Some((SIDES[0], SIDES)), aliases: &[], implied: false },
            Param { name: "Black", popeye: Some((SIDES[1], SIDES)), aliases: &[], implied: false },
        ],
        // Which captures stand is read off all the moves generated, and check off the count of observations:
        // with another condition's moves, paralyses or observations the order is not settled here.
        alone: true,
        build: Some(multicaptures::MultiCaptures::build),
        ..ConditionDef::NONE
    },
    ConditionDef {
        name: "AntiGuards",
        popeye: Some(["AntiGuards", "AntiDeckungen", "Antigardes"]),
        build: Some(superguards::Guards::build_anti),
        ..GUARDS_ROW
    },
    ConditionDef {
        name: "FrankfurtChess",
        popeye: Some(["FrankfurtChess", "FrankfurtSchach", "Francfort"]),
        aliases: &["Frankfurt"],
        params: &[
            Param {
                name: "RexExclusive",
                popeye: Some((CIRCE_VARIANTS[1], CIRCE_VARIANTS)),
                aliases: &[],
                implied: false,
            },
            Param { implied: true, ..REX_INCLUSIVE },
        ],
        build: Some(frankfurt::Frankfurt::build),
        // The order of its walk change among other effects on one capture (a rebirth, a recolouring, another
        // change of walk) is not settled here.
        no_rebirth: true,
        unsupported_with: FRANKFURT_NOT_WITH,
        ..ConditionDef::NONE
    },
    popeye_only(["Anda", "Anda", "Anda"]),
    popeye_only(["AndaInverse", "AndaInvers", "AndaInverse"]),
    popeye_only(["HalfInChess", "HalfInChess", "HalfInChess"]),
    popeye_only(["AllInChess", "AllInChess", "AllInChess"]),
    popeye_only(["MainlyInChess", "MainlyInChess", "MainlyInChess"]),
    popeye_only(["AliceChess", "AliceSchach", "Alice"]),
    popeye_only(["Immobilio", "Immobilio", "Immobilio"]),
    popeye_only(["PADChess", "PADSchach", "PADechecs"]),
    popeye_only(["#C", "#C", "#C"]),
    popeye_extra(["Maximummer", "Laengstzueger", "Maximum"]),
    popeye_extra(["UltraSchachZwang", "UltraSchachZwang", "UltraSchachZwang"]),
];

/// Popeye's variant words of Circe and related conditions (`CirceVariantTypeString`): the table in which Popeye
/// reads `RexInclusive` after Madrasi and Isardam, so that an abbreviation of it must be unique among these.
const CIRCE_VARIANTS: &[Names] = &[
    ["RexInclusive", "RexInklusive", "RexInclusif"],
    ["RexExclusive", "RexExklusive", "RexExclusif"],
    ["Mirror", "Spiegel", "Malefique"],
    ["Assassin", "Assassin", "Assassin"],
    ["Diametral", "Diametral", "Diametral"],
    ["VerticalMirror", "VertikalSpiegel", "MalefiqueVerticale"],
    ["Clone", "Clone", "Clone"],
    ["Chameleon", "Chamaeleon", "Chameleon"],
    ["Turncoats", "Turncoat", "Turncoats"],
    ["Couscous", "Couscous", "Couscous"],
    ["LastMove", "LetzterZug", "CoupDernier"],
    ["Equipollents", "Equipollents", "Equipollents"],
    ["Parrain", "Parrain", "Parrain"],
    ["ContraParrain", "ContraParrain", "ContraParrain"],
    ["Cage", "Kaefig", "Cage"],
    ["Rank", "Reihe", "Rangee"],
    ["File", "File", "Colonne"],
    ["Symmetry", "Symmetrie", "Symetrie"],
    ["VerticalSymmetry", "VertikaleSymmetrie", "VerticaleSymetrique"],
    ["HorizontalSymmetry", "HorizontaleSymmetrie", "HorizontaleSymetrique"],
    ["Diagram", "Diagramm", "Diagramme"],
    ["PWC", "Platzwechsel", "Echange"],
    ["Antipodes", "Antipoden", "Antipodes"],
    ["Take&Make", "Take&Make", "Take&Make"],
    ["Super", "Super", "Super"],
    ["April", "April", "Avril"],
    ["Frischauf", "Frischauf", "Frischauf"],
    ["Calvet", "Calvet", "Calvet"],
    ["Cheylan", "Cheylan", "Cheylan"],
    ["Strict", "Strikt", "Stricte"],
    ["Relaxed", "Locker", "Relache"],
    ["Volcanic", "Vulkan", "Volcanique"],
    ["Parachute", "Fallschirm", "Parachute"],
    ["Einstein", "Einstein", "Einstein"],
    ["ReversalEinstein", "ReversesEinstein", "ReversEinstein"],
    ["WaitCapture", "NaechsterSchlag", "PriseProchaine"],
    ["CaptureSquare", "Schlagfeld", "CaseDePrise"],
];

/// SAT's numbers of flights, White's and Black's (`SAT 3`, `SAT 1 2`).
const SAT_NUMBERS: NumberParams = NumberParams { max: 2, fractions: false, unlimited: false };

/// Popeye's grid variants (`GridVariantTypeString`).
const GRID_VARIANTS: &[Names] = &[
    ["VerticalShift", "VertikalVerschieben", "VerticalDecalage"],
    ["HorizontalShift", "HorizontalVerschieben", "HorizontalDecalage"],
    ["DiagonalShift", "DiagonalVerschieben", "DiagonalDecalage"],
    ["Orthogonal", "Orthogonal", "Orthogonale"],
    ["Irregular", "Unregelmaessig", "Irreguliere"],
    ["GridLine", "GitterLinie", "LigneGrille"],
];

const fn grid_param(i: usize) -> Param {
    Param { name: GRID_VARIANTS[i][0], popeye: Some((GRID_VARIANTS[i], GRID_VARIANTS)), aliases: &[], implied: false }
}

const GRID_PARAMS: &[Param] =
    &[grid_param(0), grid_param(1), grid_param(2), grid_param(3), grid_param(4), grid_param(5)];

/// Popeye's words after a mummer condition (`mummer_strictness_tab`): read, refused as not supported.
const MUMMER_STRICTNESS: &[Names] = &[["exact", "exakt", "exact"], ["ultra", "Ultra", "ultra"]];

const MUMMER_PARAMS: &[Param] = &[
    Param { name: "Exact", popeye: Some((MUMMER_STRICTNESS[0], MUMMER_STRICTNESS)), aliases: &[], implied: false },
    Param { name: "Ultra", popeye: Some((MUMMER_STRICTNESS[1], MUMMER_STRICTNESS)), aliases: &[], implied: false },
];

/// Popeye's lettered condition types (`ConditionLetteredVariantTypeString`): the table in which Popeye reads
/// Isardam's type.
/// Popeye's numbered types (`ConditionNumberedVariantTypeString`).
/// Popeye's numbered types of a condition (SingleBox, MagicSquares): Type1, the one implied when none is named,
/// and the others.
const TYPE_1: Param = Param::typed("Type1", ["Type1", "Typ1", "Type1"], NUMBERED_TYPES, true);
const TYPE_2: Param = Param::typed("Type2", ["Type2", "Typ2", "Type2"], NUMBERED_TYPES, false);
const TYPE_3: Param = Param::typed("Type3", ["Type3", "Typ3", "Type3"], NUMBERED_TYPES, false);
/// Popeye's lettered types of a condition (Isardam, Annan chess): TypeA, the one implied, and the others.
const TYPE_A: Param = Param::typed("TypeA", ["TypeA", "TypA", "TypeA"], LETTERED_TYPES, true);
const TYPE_B: Param = Param::typed("TypeB", ["TypeB", "TypB", "TypeB"], LETTERED_TYPES, false);
const TYPE_C: Param = Param::typed("TypeC", ["TypeC", "TypC", "TypeC"], LETTERED_TYPES, false);
const TYPE_D: Param = Param::typed("TypeD", ["TypeD", "TypD", "TypeD"], LETTERED_TYPES, false);
const NUMBERED_TYPES: &[Names] = &[["Type1", "Typ1", "Type1"], ["Type2", "Typ2", "Type2"], ["Type3", "Typ3", "Type3"]];

/// Vaulting kings' word for kings that move, in check, by the vaulters' walks only (`VaultingVariantTypeString`).
const TRANSMUTING: Param = Param {
    name: "Transmuting",
    popeye: Some((["Transmuting", "Transmutierende", "Transmute"], &[["Transmuting", "Transmutierende", "Transmute"]])),
    aliases: &[],
    implied: false,
};

/// The walks a vaulting king may be given (Popeye reads any walk; these are the ones stipula takes).
const VAULTERS: &[&str] = &["EQ", "S", "CA", "N", "CR", "G", "Q", "R", "B", "ZE", "GI", "NH", "LI", "RL", "BL"];

/// Popeye's side words (`ParseKobulSides`).
const SIDES: &[Names] = &[["White", "Weiss", "Blancs"], ["Black", "Schwarz", "Noirs"]];

/// Popeye's words after `Breton` (`BretonVariantTypeString`).
const BRETON_VARIANTS: &[Names] =
    &[["Adverse", "Advers", "Adverse"], ["Chromatic", "Chromatisch", "Chromatique"], ["PY", "PY", "PY"]];

/// The conditions that change the moving piece or the pieces around it after the move: Masand is not played
/// with them (the order of the two on one move is not settled here).
const EFFECTS_OF_THE_MOVER: &[&str] =
    &["AndernachChess", "AntiAndernachChess", "ChameleonChess", "Breton", "Sentinelles", "MadnessOfKings"];

/// The conditions that make effects of their own on a move, which Magic squares and Wormholes are not played
/// with: the order of the effects on one move is not settled here.
const SQUARE_EFFECTS_NOT_WITH: &[&str] = &[
    "AndernachChess",
    "AntiAndernachChess",
    "ChameleonChess",
    "Breton",
    "Sentinelles",
    "Masand",
    "Take&MakeChess",
    "SingleBox",
    "MadnessOfKings",
    "Parsi",
    "MagicSquares",
    "Wormholes",
];

/// The conditions Hole and Haaner chess are not played with: those that read the board otherwise than by the moves
/// and observations the holes' test sees (paralysis and support by observation, moves of their own or of another
/// walk, effects that put pieces on squares, flights), and, for Haaner chess, the other conditions that keep their
/// state in the position's wide state (Imitator, BGL).
const HOLES_NOT_WITH: &[&str] = &[
    "Madrasi",
    "Isardam",
    "Eiffel",
    "Patrouille",
    "UltraPatrol",
    "Lortap",
    "Parsi",
    "MadnessOfKings",
    "AndernachChess",
    "AntiAndernachChess",
    "ChameleonChess",
    "Breton",
    "Sentinelles",
    "Masand",
    "MasandGeneralised",
    "Take&MakeChess",
    "Make&TakeChess",
    "SingleBox",
    "MagicSquares",
    "Wormholes",
    "AnnanChess",
    "KoeKo",
    "NewKoeko",
    "AntiKoeko",
    "CentralChess",
    "SAT",
    "StrictSAT",
    "Bicolores",
    "SwappingKings",
    "Imitator",
    "BGL",
];

/// Popeye's words after `Sentinelles` (`SentinellesVariantTypeString`).
const SENTINELLES_VARIANTS: &[Names] = &[
    ["PionPropre", "PionPropre", "PionPropre"],
    ["PionAdvers", "PionAdvers", "PionAdvers"],
    ["PionNeutre", "PionNeutre", "PionNeutre"],
    ["MaximumBlack", "MaximumSchwarz", "MaximumNoir"],
    ["MaximumWhite", "MaximumWeiss", "MaximumBlanc"],
    ["MaximumTotal", "MaximumTotal", "MaximumTotal"],
    ["ParaSentinelles", "ParaSentinelles", "ParaSentinelles"],
    ["Berolina", "Berolina", "Berolina"],
];

/// Oscillating kings' types (Popeye's lettered types up to C; A the default).
const OSCILLATING_PARAMS: &[Param] = &[TYPE_A, TYPE_B, TYPE_C];

const LETTERED_TYPES: &[Names] =
    &[["TypeA", "TypA", "TypeA"], ["TypeB", "TypB", "TypeB"], ["TypeC", "TypC", "TypeC"], ["TypeD", "TypD", "TypeD"]];

/// A Circe variant Popeye knows by its own name: its rebirth rule ([`CirceSpec`]), read by [`Circe::build`] with
/// the parameters written after the name (`RexInclusive`, `Cheylan`, `Mirror` ...).
const fn circe_row(names: Names, rule: CirceSpec) -> ConditionDef {
    ConditionDef {
        name: names[0],
        popeye: Some(names),
        params: &CIRCE_PARAMS,
        // Popeye reads walks after `April` (`AntiCirce Super April B`) and a chameleon sequence (`ChamaeleonCirce
        // S L T D S`), in the input's language: read, so that the refusal names the variant.
        walks: &["K", "Q", "R", "B", "S", "P", "D", "T", "L", "F", "C"],
        build: Some(Circe::build),
        rebirth: Some(rule),
        ..ConditionDef::NONE
    }
}

/// A word of Popeye's table of Circe variant words, as a parameter.
const fn circe_word(names: Names) -> Param {
    Param { name: names[0], popeye: Some((names, CIRCE_VARIANTS)), aliases: &[], implied: false }
}

/// The words a Circe-family row reads after its name: every word of Popeye's table of Circe variants, as Popeye
/// reads them there; the rule takes those it implements ([`super::circe::rule`]) and refuses the others as not
/// supported.
const CIRCE_PARAMS: [Param; CIRCE_VARIANTS.len()] = {
    let mut out = [REX_INCLUSIVE; CIRCE_VARIANTS.len()];
    let mut i = 0;
    while i < CIRCE_VARIANTS.len() {
        out[i] = circe_word(CIRCE_VARIANTS[i]);
        i += 1;
    }
    out
};

/// A condition of Popeye's first table that stipula does not implement.
const fn popeye_only(names: Names) -> ConditionDef {
    ConditionDef { name: names[0], popeye: Some(names), ..ConditionDef::NONE }
}

/// A condition of Popeye's second table (read only when the first has no match) that stipula does not
/// implement.
const fn popeye_extra(names: Names) -> ConditionDef {
    ConditionDef { name: names[0], popeye: Some(names), extra: true, ..ConditionDef::NONE }
}

/// What the KoeKo rows share: stipula's own Parsi and Madness of Kings are not played with them (the king's leap
/// and the insane moves would need the contact test of their own), nor the Circe rules that move the capturer
/// (Anti-Circe: Popeye follows the capturer to its rebirth square).
const KOEKO_ROW: ConditionDef = ConditionDef { not_with: NOT_WITH_OWN_AND_ANTI, ..ConditionDef::NONE };

/// Popeye's word before KoeKo's contact walk (`KoekoVariantTypeString`): read, nothing stored.
const KOEKO_PARAMS: &[Param] = &[Param {
    name: "Neighbour",
    popeye: Some((["Neighbour", "Nachbar", "Voisin"], &[["Neighbour", "Nachbar", "Voisin"]])),
    aliases: &[],
    implied: true,
}];

/// The leapers whose leaps Popeye's KoeKo may take as contact (`ParseKoekoVariant`).
const KOEKO_WALKS: &[&str] = &["K", "S", "WE", "FE", "CA", "AL", "Z", "DA", "GI", "AN"];

const NOT_WITH_OWN_AND_ANTI: &[&str] = &[
    "Parsi",
    "MadnessOfKings",
    "AntiCirce",
    "MirrorAntiCirce",
    "FileAntiCirce",
    "SymmetryAntiCirce",
    "MirrorFileAntiCirce",
    "AntipodeanAntiCirce",
    "EquipollentsAntiCirce",
    "VerticalSymmetryAntiCirce",
    "HorizontalSymmetryAntiCirce",
];

/// The conditions Frankfurt chess is not played with: those that make effects of their own on a capture or a
/// move, or change a royal piece's walk.
const FRANKFURT_NOT_WITH: &[&str] = &[
    "AndernachChess",
    "AntiAndernachChess",
    "ChameleonChess",
    "Breton",
    "Sentinelles",
    "Masand",
    "MasandGeneralised",
    "Take&MakeChess",
    "Make&TakeChess",
    "SingleBox",
    "MadnessOfKings",
    "Parsi",
    "MagicSquares",
    "Wormholes",
    "KobulKings",
    "Volage",
    "Hypervolage",
    "AnnanChess",
];

/// The conditions Disparate chess is not played with: those that move pieces by other walks or from other squares
/// (Annan chess, the Mars Circe family, stipula's own Parsi and Madness of Kings, Take&Make, Make&Take), that judge
/// support or guards by observation, or whose order with it among Popeye's observation validators is not settled.
const DISPARATE_NOT_WITH: &[&str] = &[
    "AnnanChess",
    "MarsCirce",
    "MarsMirrorCirce",
    "PhantomChess",
    "PlusChess",
    "AntiMarsCirce",
    "AntiMarsMirrorCirce",
    "AntiMarsAntipodeanCirce",
    "Parsi",
    "MadnessOfKings",
    "Take&MakeChess",
    "Make&TakeChess",
    "Patrouille",
    "UltraPatrol",
    "Lortap",
    "CentralChess",
    "SuperGuards",
    "AntiGuards",
    "Bicolores",
    "SAT",
    "StrictSAT",
];

/// The conditions Tibet chess is not played with: those that make effects of their own on a move (the order of
/// the effects on one capture is not settled here).
const TIBET_NOT_WITH: &[&str] = &[
    "AndernachChess",
    "AntiAndernachChess",
    "ChameleonChess",
    "Breton",
    "Sentinelles",
    "Masand",
    "MasandGeneralised",
    "Take&MakeChess",
    "Make&TakeChess",
    "SingleBox",
    "MadnessOfKings",
    "Parsi",
    "MagicSquares",
    "Wormholes",
    "KobulKings",
    "Volage",
    "Hypervolage",
    "FrankfurtChess",
    "Tibet",
    "DoubleTibet",
    "Imitator",
];

/// SuperGuards and AntiGuards: a guard is an observation by the walk of a piece no condition paralyses, which
/// stipula reads off the walks; not with the conditions that give a piece another walk or square to observe from
/// (Annan chess, the Mars Circe family, stipula's own Parsi and Madness of Kings), that change what capturing is
/// (Take&Make), what check is (SAT) or whose pieces observe (Bicolores), nor with the support conditions, whose
/// order among Popeye's observer validators stipula does not reproduce.
const GUARDS_ROW: ConditionDef = ConditionDef {
    not_with: &[
        "AnnanChess",
        "MarsCirce",
        "MarsMirrorCirce",
        "PhantomChess",
        "PlusChess",
        "AntiMarsCirce",
        "AntiMarsMirrorCirce",
        "AntiMarsAntipodeanCirce",
        "Parsi",
        "MadnessOfKings",
        "Take&MakeChess",
        "SAT",
        "StrictSAT",
        "Bicolores",
        "Patrouille",
        "UltraPatrol",
        "Lortap",
        "CentralChess",
        "SuperGuards",
        "AntiGuards",
        "VaultingKings",
        "WhiteVaultingKing",
        "BlackVaultingKing",
    ],
    ..ConditionDef::NONE
};

/// Monochrome and Bichrome chess: not with stipula's own Parsi and Madness of Kings.
const CHROME_ROW: ConditionDef = ConditionDef { not_with: &["Parsi", "MadnessOfKings"], ..ConditionDef::NONE };

/// The edge movers: not with stipula's own Parsi and Madness of Kings.
const EDGE_ROW: ConditionDef = ConditionDef { not_with: &["Parsi", "MadnessOfKings"], ..ConditionDef::NONE };

/// Patrol, Ultra-Patrol, Lortap and Central chess judge a piece by who observes it: not with stipula's own Parsi
/// and Madness of Kings, nor with conditions that change observation's geometry (Grid chess), whose order among
/// Popeye's observation validators stipula does not reproduce.
const SUPPORT_ROW: ConditionDef =
    ConditionDef { not_with: &["Parsi", "MadnessOfKings", "GridChess"], ..ConditionDef::NONE };
