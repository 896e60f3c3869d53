//! Popeye's words in its three input languages: commands, options, conditions, colours, piece attributes,
//! twinning commands and walk codes. Transcribed from Popeye's `input/plaintext/token.c` and
//! `output/plaintext/language_dependant.c` (tables indexed English, German, French here).


/// Top-level commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cmd {
    Begin,
    End,
    Next,
    Stipulation,
    SStipulation,
    Author,
    Origin,
    Pieces,
    Condition,
    Option,
    Remark,
    Protocol,
    Input,
    Title,
    Twin,
    ZeroPosition,
    LaTeX,
    LaTeXPieces,
    Award,
    InitialGameArray,
    Forsyth,
}

/// Commands as `[English, German, French]` (Popeye's `TokenString`).
pub(super) const COMMANDS: &[(Cmd, [&str; 3])] = &[
    (Cmd::Begin, ["BeginProblem", "AnfangProblem", "DebutProbleme"]),
    (Cmd::End, ["EndProblem", "EndeProblem", "FinProbleme"]),
    (Cmd::Next, ["NextProblem", "WeiteresProblem", "asuivre"]),
    (Cmd::Stipulation, ["Stipulation", "Forderung", "enonce"]),
    (Cmd::SStipulation, ["SStipulation", "SForderung", "senonce"]),
    (Cmd::Author, ["Author", "Autor", "auteur"]),
    (Cmd::Origin, ["Origin", "Quelle", "source"]),
    (Cmd::Pieces, ["Pieces", "Steine", "pieces"]),
    (Cmd::Condition, ["Condition", "Bedingung", "condition"]),
    (Cmd::Option, ["Option", "Option", "option"]),
    (Cmd::Remark, ["Remark", "Bemerkung", "remarque"]),
    (Cmd::Protocol, ["Protocol", "Protokoll", "protocol"]),
    (Cmd::Input, ["Input", "Eingabe", "entree"]),
    (Cmd::Title, ["Title", "Titel", "titre"]),
    (Cmd::Twin, ["Twin", "Zwilling", "jumeau"]),
    (Cmd::ZeroPosition, ["ZeroPosition", "NullStellung", "zeroposition"]),
    (Cmd::LaTeX, ["LaTeX", "LaTeX", "LaTeX"]),
    (Cmd::LaTeXPieces, ["LaTeXPieces", "LaTeXSteine", "PiecesLaTeX"]),
    (Cmd::Award, ["Award", "Auszeichnung", "prix"]),
    (Cmd::InitialGameArray, ["InitialGameArray", "PartieAnfangsStellung", "PositionInitialPartie"]),
    (Cmd::Forsyth, ["Forsyth", "Forsyth", "Forsyth"]),
];

/// Options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Opt {
    Defence,
    SetPlay,
    WhiteToPlay,
    Variations,
    MoveNumbers,
    StartMoveNumber,
    NoWk,
    Duplex,
    NoBk,
    Threat,
    NoThreat,
    Try,
    MaxSolutions,
    MaxFlightsquares,
    Search,
    MultiSolutions,
    NoSymmetry,
    NonTrivial,
    KeepMatingPiece,
    EnPassant,
    NoBoard,
    NoShortVariations,
    HalfDuplex,
    PostKeyPlay,
    Intelligent,
    MaxTime,
    NoCastling,
    Quodlibet,
    StopOnShortSolutions,
    Beep,
    SuppressGrid,
    WriteGrid,
    LastCapture,
    CastlingMutuallyExclusive,
    GoalIsEnd,
    NullMoves,
    MatesIn1,
    UpToMoveNumber,
}

/// Options as `[English, German, French]` (Popeye's `OptString`, plus `NullMoves`, `MatesIn1` and
/// `UpToMoveNumber` of later Popeye versions).
pub(super) const OPTIONS: &[(Opt, [&str; 3])] = &[
    (Opt::Defence, ["Defence", "Widerlegung", "Defense"]),
    (Opt::SetPlay, ["SetPlay", "Satzspiel", "Apparent"]),
    (Opt::WhiteToPlay, ["WhiteToPlay", "WeissBeginnt", "ApparentSeul"]),
    (Opt::Variations, ["Variations", "Varianten", "Variantes"]),
    (Opt::MoveNumbers, ["MoveNumbers", "Zugnummern", "Trace"]),
    (Opt::StartMoveNumber, ["StartMoveNumber", "StartZugnummer", "Enroute"]),
    (Opt::NoWk, ["NoWk", "OhneWk", "SansRB"]),
    (Opt::Duplex, ["Duplex", "Duplex", "Duplex"]),
    (Opt::NoBk, ["NoBk", "OhneSk", "SansRN"]),
    (Opt::Threat, ["Threat", "Drohung", "Menace"]),
    (Opt::NoThreat, ["NoThreat", "OhneDrohung", "SansMenace"]),
    (Opt::Try, ["Try", "Verfuehrung", "Essais"]),
    (Opt::MaxSolutions, ["MaxSolutions", "MaxLoesungen", "MaxSolutions"]),
    (Opt::MaxFlightsquares, ["MaxFlightsquares", "MaxFluchtFelder", "MaxCasesFuites"]),
    (Opt::Search, ["Search", "Suchen", "Search"]),
    (Opt::MultiSolutions, ["MultiSolutions", "MehrereLoesungen", "MultiSolutions"]),
    (Opt::NoSymmetry, ["NoSymmetry", "KeineSymmetrie", "NonSymetrique"]),
    (Opt::NonTrivial, ["NonTrivial", "NichtTrivial", "NonTrivial"]),
    (Opt::KeepMatingPiece, ["KeepMatingPiece", "HalteMattsetzendenStein", "RetiensPieceMatante"]),
    (Opt::EnPassant, ["EnPassant", "EnPassant", "EnPassant"]),
    (Opt::NoBoard, ["NoBoard", "OhneBrett", "SansEchiquier"]),
    (Opt::NoShortVariations, ["NoShortVariations", "OhneKurzVarianten", "SansVariantesCourtes"]),
    (Opt::HalfDuplex, ["HalfDuplex", "HalbDuplex", "DemiDuplex"]),
    (Opt::PostKeyPlay, ["PostKeyPlay", "NachSchluessel", "ApresCle"]),
    (Opt::Intelligent, ["Intelligent", "Intelligent", "Intelligent"]),
    (Opt::MaxTime, ["MaxTime", "MaxZeit", "MaxTemps"]),
    (Opt::NoCastling, ["NoCastling", "KeineRochade", "SansRoquer"]),
    (Opt::Quodlibet, ["Quodlibet", "Quodlibet", "Quodlibet"]),
    (Opt::StopOnShortSolutions, ["StopOnShortSolutions", "StopNachKurzloesungen", "FinApresSolutionsCourtes"]),
    (Opt::Beep, ["Beep", "Pieps", "Bip"]),
    (Opt::SuppressGrid, ["SuppressGrid", "OhneGitter", "SansGrille"]),
    (Opt::WriteGrid, ["WriteGrid", "ZeichneGitter", "AjouteGrille"]),
    (Opt::LastCapture, ["LastCapture", "LetzterSchlag", "DernierePrise"]),
    (Opt::CastlingMutuallyExclusive, ["CastlingMutuallyExclusive", "RochadenGegenseitigAusschliessend", "RoquesMutuellementExclusifs"]),
    (Opt::GoalIsEnd, ["GoalIsEnd", "ZielIstEnde", "ButEstFin"]),
    (Opt::NullMoves, ["NullMoves", "NullZuege", "CoupsVides"]),
    (Opt::MatesIn1, ["MatesIn1", "MattsIn1", "MatesIn1"]),
    (Opt::UpToMoveNumber, ["UpToMoveNumber", "BisZugnummer", "JusquAuCoup"]),
];

/// Twinning commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tw {
    Move,
    Exchange,
    Stipulation,
    SStipulation,
    Add,
    Remove,
    Continued,
    Rotate,
    Condition,
    PolishType,
    Mirror,
    Shift,
    Substitute,
    Forsyth,
}

/// Twinning commands as `[English, German, French]` (Popeye's `TwinningString`).
pub(super) const TWINNING: &[(Tw, [&str; 3])] = &[
    (Tw::Move, ["Move", "versetze", "deplacement"]),
    (Tw::Exchange, ["Exchange", "tausche", "echange"]),
    (Tw::Stipulation, ["Stipulation", "Forderung", "enonce"]),
    (Tw::SStipulation, ["SStipulation", "SForderung", "senonce"]),
    (Tw::Add, ["Add", "hinzufuegen", "ajoute"]),
    (Tw::Remove, ["Remove", "entferne", "ote"]),
    (Tw::Continued, ["Continued", "ferner", "enplus"]),
    (Tw::Rotate, ["Rotate", "Drehung", "rotation"]),
    (Tw::Condition, ["Condition", "Bedingung", "condition"]),
    (Tw::PolishType, ["PolishType", "Farbwechsel", "CouleurEchange"]),
    (Tw::Mirror, ["Mirror", "Spiegelung", "miroir"]),
    (Tw::Shift, ["Shift", "Verschiebung", "translation"]),
    (Tw::Substitute, ["Substitute", "ersetze", "remplace"]),
    (Tw::Forsyth, ["Forsyth", "Forsyth", "forsyth"]),
];

/// Colour words: White, Black, Neutral.
pub(super) const COLOURS: [[&str; 3]; 3] =
    [["White", "Black", "Neutral"], ["Weiss", "Schwarz", "Neutral"], ["Blanc", "Noir", "Neutre"]];

/// Piece attributes (Popeye's `PieSpString`), none of which stipula supports.
pub(super) const ATTRIBUTES: [&str; 3] = [
    "Royal Kamikaze Paralysing Chameleon Jigger Volage Functionary HalfNeutral HurdleColourChanging Protean Magic \
     Uncapturable Patrol Frischauf Bul Dob Anda AndaInverse AliceA AliceB",
    "Koeniglich Kamikaze Paralysierend Chamaeleon Jigger Volage Beamtet HalbNeutral SprungbockFarbeWechselnd \
     Proteisch Magisch Unschlagbar Patrouille Frischauf Bul Dob Anda AndaInverse AliceA AliceB",
    "Royale Kamikaze Paralysante Cameleon Jigger Volage Fonctionnaire DemiNeutre CouleurEchangeantSautoir Protee \
     Magique Imprenable Patrouille Frischauf Bul Dob Anda AndaInverse AliceA AliceB",
];

/// The `RexInclusive` word (a condition of its own in Popeye, and Madrasi's and Isardam's option).
pub(super) const REX_INCLUSIVE: [&str; 3] = ["RexInclusive", "RexInklusive", "RexInclusif"];
/// Isardam's `TypeB`.
pub(super) const TYPE_B: [&str; 3] = ["TypeB", "TypB", "TypeB"];
/// Madrasi in the three languages.
pub(super) const MADRASI: [&str; 3] = ["Madrasi", "Madrasi", "Madrasi"];
/// Isardam in the three languages.
pub(super) const ISARDAM: [&str; 3] = ["Isardam", "Isardam", "Isardam"];
/// Eiffel chess in the three languages; `Eiffel` is accepted in all of them.
pub(super) const EIFFEL: [&str; 3] = ["EiffelChess", "EiffelSchach", "EchecsEiffel"];

/// Every condition Popeye knows (`CondString`), so that known-but-unsupported names say so.
pub(super) const CONDITIONS: [&str; 3] = [
    "RexInclusive Circe MirrorCirce Madrasi Volage Hypervolage BichromChess MonochromChess GridChess KoeKo \
     BlackEdgeMover WhiteEdgeMover Leofamily ChineseChess Patrouille PWC NoCapture ImmunChess MirrorImmunChess \
     ContactGridChess Imitator CavalierMajeur HaanerChess ChamaeleonCirce CouscousCirce EquipollentsCirce FileCirce \
     BlackMaximummer BlackMinimummer WhiteMaximummer WhiteMinimummer MagicSquares Sentinelles Tibet DoubleTibet \
     DiagramCirce Hole BlackMustCapture WhiteMustCapture ReflectiveKings TransmutedKings BlackFollowMyLeader \
     WhiteFollowMyLeader DuellistChess ParrainCirce NoIProm SymmetryCirce VogtlaenderChess EinsteinChess Bicolores \
     NewKoeko CirceClone AntiCirce MirrorFileCirce AntipodeanCirce MirrorCirceClone MirrorAntiCirce \
     DiagramAntiCirce FileAntiCirce SymmetryAntiCirce MirrorFileAntiCirce AntipodeanAntiCirce \
     EquipollentsAntiCirce FileImmunChess DiagramImmunChess MirrorFileImmunChess SymmetryImmunChess \
     AntipodeanImmunChess EquipollentsImmunChess ReversalEinsteinChess SuperCirce RelegationChess NorskSjakk \
     TraitorChess AndernachChess WhiteForcedSquare WhiteConsequentForcedSquare BlackForcedSquare \
     BlackConsequentForcedSquare ChameleonChess FunctionaryChess GlasgowChess AntiAndernachChess FrischAufCirce \
     VerticalMirrorCirce Isardam ChecklessChess DiametralCirce PromOnly RankCirce ExclusiveChess MarsCirce \
     MarsMirrorCirce PhantomChess WhiteReflectiveKing BlackReflectiveKing WhiteTransmutedKing BlackTransmutedKing \
     AntiEinsteinChess MirrorCouscousCirce BlackRoyalSquare WhiteRoyalSquare BrunnerChess PlusChess CirceAssassin \
     PatienceChess RepublicanChess ExtinctionChess CentralChess ActuatedRevolvingBoard MessignyChess Woozles \
     BiWoozles Heffalumps BiHeffalumps RexExclusive WhitePromSquares BlackPromSquares NoWhitePromotion \
     NoBlackPromotion EiffelChess BlackUltraSchachZwang WhiteUltraSchachZwang ActuatedRevolvingCentre \
     ShieldedKings LineChameleonChess NoWhiteCapture NoBlackCapture AprilChess AlphabeticChess CirceTurncoats \
     CirceDoubleAgents AMU SingleBox MAFF OWU WhiteOscillatingKings BlackOscillatingKings AntiKings AntiMarsCirce \
     AntiMarsMirrorCirce AntiMarsAntipodeanCirce WhiteSuperTransmutingKing BlackSuperTransmutingKing \
     AntiSuperCirce UltraPatrol SwappingKings RoyalDynasty SAT StrictSAT Take&MakeChess BlackSynchronMover \
     WhiteSynchronMover BlackAntiSynchronMover WhiteAntiSynchronMover Masand BGL BlackChecks AnnanChess NormalPawn \
     Lortap VaultingKings WhiteVaultingKing BlackVaultingKing ProteanChess GenevaChess ChameleonPursuit AntiKoeko \
     CastlingChess LosingChess Disparate GhostChess HauntedChess ProvocationChess CageCirce CageImmunChess Football \
     ContraParrain KobulKings ExchangeCastling WhiteAlphabeticChess BlackAlphabeticChess CirceTake&Make \
     SuperGuards Wormholes MarineChess UltramarineChess BackHome FaceToFace BackToBack CheekToCheek \
     ChameleonSequence AntiCloneCirce",
    "RexInklusive Circe SpiegelCirce Madrasi Volage Hypervolage BichromesSchach MonochromesSchach Gitterschach KoeKo \
     SchwarzerRandzueger WeisserRandzueger Leofamily ChinesischesSchach PatrouilleSchach PlatzwechselCirce \
     Ohneschlag Immunschach SpiegelImmunschach KontaktGitter Imitator CavalierMajeur HaanerSchach ChamaeleonCirce \
     CouscousCirce EquipollentsCirce FileCirce SchwarzerLaengstzueger SchwarzerKuerzestzueger WeisserLaengstzueger \
     WeisserKuerzestzueger MagischeFelder Sentinelles TibetSchach DoppeltibetSchach DiagrammCirce Loch \
     SchwarzerSchlagzwang WeisserSchlagzwang ReflektierendeKoenige TransmutierendeKoenige \
     SchwarzerVerfolgungszueger WeisserVerfolgungszueger Duellantenschach CirceParrain OhneIUW SymmetrieCirce \
     VogtlaenderSchach EinsteinSchach Bicolores NeuKoeko CirceClone AntiCirce SpiegelFileCirce AntipodenCirce \
     SpiegelCirceclone AntiSpiegelCirce AntiDiagrammCirce AntiFileCirce AntiSymmetrieCirce AntiSpiegelFileCirce \
     AntiAntipodenCirce AntiEquipollentsCirce FileImmunSchach DiagrammImmunSchach SpiegelFileImmunSchach \
     SymmetrieImmunSchach AntipodenImmunSchach EquipollentsImmunSchach ReversesEinsteinSchach SuperCirce \
     Degradierung NorskSjakk TraitorChess AndernachSchach WeissesZwangsfeld WeissesKonsequentesZwangsfeld \
     SchwarzesZwangsfeld SchwarzesKonsequentesZwangsfeld ChamaeleonSchach BeamtenSchach GlasgowSchach \
     AntiAndernachSchach FrischAufCirce VertikalesSpiegelCirce Isardam OhneSchach DiametralCirce UWnur RankCirce \
     ExklusivSchach MarsCirce MarsSpiegelCirce PhantomSchach WeisserReflektierenderKoenig \
     SchwarzerReflektierenderKoenig WeisserTransmutierenderKoenig SchwarzerTransmutierenderKoenig \
     AntiEinsteinSchach SpiegelCouscousCirce SchwarzesKoeniglichesFeld WeissesKoeniglichesFeld BrunnerSchach \
     PlusSchach AssassinCirce PatienceSchach RepublikanerSchach AusrottungsSchach ZentralSchach \
     ActuatedRevolvingBoard MessignySchach Woozles BiWoozles Heffalumps BiHeffalumps RexExklusive UWFeldWeiss \
     UWFeldSchwarz OhneWeissUW OhneSchwarzUW EiffelSchach SchwarzerUltraSchachZwang WeisserUltraSchachZwang \
     ActuatedRevolvingCentre SchutzKoenige LinienChamaeleonSchach WeisserOhneSchlag SchwarzerOhneSchlag \
     Aprilschach AlphabetischesSchach TurncoatCirce DoppelAgentenCirce AMU NurPartiesatzSteine MAFF OWU \
     WeisseOszillierendeKoenige SchwarzeOszillierendeKoenige AntiKoenige AntiMarsCirce AntiMarsMalefiqueCirce \
     AntiMarsAntipodeanCirce WeisserSuperTransmutierenderKoenig SchwarzerSuperTransmutierenderKoenig \
     AntiSuperCirce UltraPatrouille TauschKoenige KoenigsDynastie SAT StrictSAT Take&MakeSchach \
     SchwarzerSynchronZueger WeisserSynchronZueger SchwarzerAntiSynchronZueger WeisserAntiSynchronZueger Masand \
     BGL SchwarzSchaecher Annanschach NormalBauern Elliuortap VaultingKings WeisserVaultingKing \
     SchwarzerVaultingKing ProteischesSchach GenferSchach ChamaeleonVerfolgung AntiKoeko RochadeSchach \
     Schlagschach Disparate Geisterschach Spukschach ProvokationSchach KaefigCirce KaefigImmunSchach Fussball \
     KontraParrain KobulKoenige PlatzwechselRochade WeissesAlphabetischesSchach SchwarzesAlphabetischesSchach \
     CirceTake&Make SuperDeckungen Wurmloecher MarinesSchach UltramarinesSchach NachHause AngesichtZuAngesicht \
     RueckenAnRuecken WangeAnWange Chamaeleonsequenz AntiCloneCirce",
    "RexInclusif Circe CirceMalefique Madrasi Volage Hypervolage Bichromatique Monochromatique Grille Koeko \
     NoirBordCoup BlancBordCoup Leofamily Chinoises Patrouille CirceEchange SansPrises Immun ImmunMalefique \
     ContactGrille Imitator CavalierMajeur Haan CirceCameleon CirceCouscous CirceEquipollents FileCirce \
     NoirMaximum NoirMinimum BlancMaximum BlancMinimum CaseMagique Sentinelles Tibet DoubleTibet CirceDiagramme \
     Trou NoirPriseForce BlancPriseForce RoisReflecteurs RoisTransmutes NoirPoursuite BlancPoursuite Duelliste \
     CirceParrain SansIProm CirceSymetrique EchecsVogtlaender EchecsEinstein Bicolores KoekoNouveaux CirceClone \
     AntiCirce FileCirceMalefique CirceAntipoden CirceCloneMalefique AntiCirceMalefique AntiCirceDiagramme \
     AntiFileCirce AntiCirceSymetrique AntiFileCirceMalefique AntiCirceAntipoden AntiCirceEquipollents ImmunFile \
     ImmunDiagramme ImmunFileMalefique ImmunSymmetrique ImmunAntipoden ImmunEquipollents ReversEchecsEinstein \
     SuperCirce Degradierung NorskSjakk EchecsTraitor EchecsAndernach BlancCaseForce BlancCaseForceConsequent \
     NoirCaseForce NoirCaseForceConsequent EchecsCameleon EchecsFonctionnaire EchecsGlasgow EchecsAntiAndernach \
     FrischAufCirce CirceMalefiqueVerticale Isardam SansEchecs CirceDiametrale PromSeul RankCirce EchecsExclusif \
     MarsCirce MarsCirceMalefique EchecsPhantom BlancRoiReflecteur NoirRoiReflecteur BlancRoiTransmute \
     NoirRoiTransmute EchecsAntiEinstein CirceCouscousMalefique NoirCaseRoyal BlancCaseRoyal EchecsBrunner \
     EchecsPlus CirceAssassin EchecsPatience EchecsRepublicains EchecsExtinction EchecsCentral \
     ActuatedRevolvingBoard EchecsMessigny Woozles BiWoozles Heffalumps BiHeffalumps RexExclusif \
     BlancCasePromotion NoirCasePromotion SansBlancPromotion SansNoirPromotion EchecsEiffel NoirUltraSchachZwang \
     BlancUltraSchachZwang ActuatedRevolvingCentre ShieldedKings EchecsCameleonLigne BlancSansPrises \
     NoirSansPrises EchecsAvril EchecsAlphabetiques CirceTurncoats CirceDoubleAgents AMU SingleBox MAFF OWU \
     BlancRoisOscillant NoirRoisOscillant AntiRois AntiMarsCirce AntiMarsMalefiqueCirce AntiMarsAntipodeanCirce \
     BlancSuperRoiTransmute NoirSuperRoiTransmute AntiSuperCirce UltraPatrouille RoisEchanges DynastieRoyale SAT \
     StrictSAT Take&MakeEchecs NoirSynchronCoup BlancSynchronCoup NoirAntiSynchronCoup BlancAntiSynchronCoup \
     Masand BGL NoirEchecs AnnanEchecs PionNormale Elliuortap VaultingKings BlancVaultingKing NoirVaultingKing \
     EchecsProtee EchecsGeneve CameleonPoursuite AntiKoeko EchecsRoque QuiPerdGagne Disparate EchecsGhost \
     EchecsHantes EchecsProvacateurs CirceCage ImmunCage Football ContraParrain RoisKobul EchangeRoque \
     BlancEchecsAlphabetiques NoirEchecsAlphabetiques CirceTake&Make Supergardes TrousDeVer EchecsMarins \
     EchecsUltramarins Retour FaceAFace DosADos JoueAJoue CameleonSequence AntiCloneCirce",
];

/// Every walk code Popeye knows (`PieNamString`), lower case, so that codes stipula lacks say "not supported".
pub(super) const WALK_CODES: [&str; 3] = [
    "k p q s r b le ma pa va ro g n z ca gi rf bu we al fe da li ne l bp am em pr gn an sq wa dr ka ss uu ha m ea \
     sw ar rb c nh du cr zr gr ch zh gh ds bk eq ct bs sp rl bl si tr nd o eh mo rr br ao oa rh bh ek bt gt sk cy \
     cg rn rp ok 37 g2 g3 16 24 35 dg kh or 15 25 gl lr lb ln wr fr bi et na rm re rw bm be bw ra so mg 36 nl ml \
     mm f do rt bo qe qf qq b1 b2 b3 cp rk pp ls ze bn s2 s4 s1 s3 qn dk db no th lh ge gf kl ko kp sh gy ms po \
     mp mh st",
    "k b d s t l le ma pa va ro g n z ca gi wf bu we al fe da li ne h bb am kn pr gn an ei wa dr ka ss uu ha el ad \
     sp er rl kl nh du cr zr gr ch zh gh ds rs eq ct bs sb tl ll si tr nd o rd mo tj lj ao oa th lh ek pf pn sk cy \
     kg rn rh ok 37 g2 g3 16 24 35 dg kh or 15 25 gl ht hl hn wr fr bi et na tc ta ts lc la ls ra so mg 36 nl ml \
     mm f de he bo qe qf od b1 b2 b3 cb rp rb lr ze nr s2 s4 s1 s3 qn dt dl no uh bh gu gb lk ko sh sc gy ms po \
     mb mc st",
    "r p d c t f le ma pa va ro s n z ch gi cc bu vi al fe da li eq l pb am im pr g an ec v dr ka cs uu ha e ai m \
     ar fr ca sn pi cn zn gn sc sz sg cd cr ea ct bs sp tl fl si tr ne o eh mo tc fc ao oa st sf re bt gt sk cy sa \
     rl rs ok 37 s2 s3 16 24 35 ds sr or 15 25 gl lt lf ln vs fs bi el na et at mt ef af mf ra so mg 36 nl ml mm \
     a dn la bo qa qf qq b1 b2 b3 pc cl pv lr ze nr n2 n4 n1 n3 qn dt df no sb se sm su kl ko sv ba gy cm po pm \
     bm ep",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_aligned() {
        let n: Vec<usize> = CONDITIONS.iter().map(|s| s.split_whitespace().count()).collect();
        assert_eq!(n[0], n[1]);
        assert_eq!(n[0], n[2]);
        assert_eq!(n[0], 193, "194 Popeye conditions less its unused slot");
        let w: Vec<usize> = WALK_CODES.iter().map(|s| s.split_whitespace().count()).collect();
        assert_eq!(w, vec![152, 152, 152]);
        for codes in WALK_CODES {
            let mut v: Vec<&str> = codes.split_whitespace().collect();
            v.sort();
            v.dedup();
            assert_eq!(v.len(), 152, "walk codes are unique per language");
        }
    }

}
