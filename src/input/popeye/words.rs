//! The words only Popeye input has, in its three languages: its commands, colours and piece attributes
//! (Popeye's `input/plaintext/token.c` and `output/plaintext/language_dependant.c`; `[English, German,
//! French]`). Pieces, conditions, options and twinning commands are the registries' ([`crate::pieces`],
//! [`crate::conditions`], [`crate::problem::options`], [`crate::problem::twins`]).

use crate::words::Names;

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
pub(super) const COMMANDS: &[(Cmd, Names)] = &[
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
    (Cmd::InitialGameArray, ["InitialGameArray", "PartieAnfangsStellung", "PositionInitialePartie"]),
    (Cmd::Forsyth, ["Forsyth", "Forsyth", "Forsyth"]),
];

/// Colour words (Popeye's `ColourString`): White, Black, Neutral, TotalInvisible.
pub(super) const COLOURS: [Names; 4] = [
    ["White", "Weiss", "Blanc"],
    ["Black", "Schwarz", "Noir"],
    ["Neutral", "Neutral", "Neutre"],
    ["TotalInvisible", "TotalUnsichtbar", "TotalInvisible"],
];

/// Piece attributes (Popeye's `PieSpString`), none of which stipula supports.
pub(super) const ATTRIBUTES: &[Names] = &[
    ["Royal", "Koeniglich", "Royale"],
    ["Kamikaze", "Kamikaze", "Kamikaze"],
    ["Paralysing", "Paralysierend", "Paralysante"],
    ["Chameleon", "Chamaeleon", "Cameleon"],
    ["Jigger", "Jigger", "Jigger"],
    ["Volage", "Volage", "Volage"],
    ["Functionary", "Beamtet", "Fonctionnaire"],
    ["HalfNeutral", "HalbNeutral", "DemiNeutre"],
    ["HurdleColourChanging", "SprungbockFarbeWechselnd", "CouleurEchangeantSautoir"],
    ["Protean", "Proteisch", "Protee"],
    ["Magic", "Magisch", "Magique"],
    ["Uncapturable", "Unschlagbar", "Imprenable"],
    ["Patrol", "Patrouille", "Patrouille"],
    ["Frischauf", "Frischauf", "Frischauf"],
    ["Bul", "Bul", "Bul"],
    ["Dob", "Dob", "Dob"],
    ["Anda", "Anda", "Anda"],
    ["AndaInverse", "AndaInvers", "AndaInverse"],
    ["AliceA", "AliceA", "AliceA"],
    ["AliceB", "AliceB", "AliceB"],
];
