//! The walks Popeye knows and stipula does not implement, so that every reader says "not supported: piece DU"
//! rather than "unknown": Popeye 4.104's `PieNamString` (`output/plaintext/language_dependant.c`), codes in
//! English, German and French, named as its comments name them. A walk stipula implements is a row of
//! [`PIECES`](super::PIECES) instead (with `popeye: true`); implementing one of these moves its row there.

use crate::words::Names;

/// A walk of Popeye's that stipula does not implement.
#[derive(Debug, PartialEq, Eq)]
pub struct PopeyeWalk {
    /// Its codes, upper case: `[English, German, French]`.
    pub codes: Names,
    /// Its English name, lower case.
    pub name: &'static str,
}

const fn walk(codes: Names, name: &'static str) -> PopeyeWalk {
    PopeyeWalk { codes, name }
}

/// Popeye's walks that are not rows of [`PIECES`](super::PIECES), in Popeye's order.
pub static POPEYE_ONLY: &[PopeyeWalk] = &[
    walk(["DR", "DR", "DR"], "dragon"),
    walk(["C", "KL", "CA"], "cardinal"),
    walk(["CT", "CT", "CT"], "cat"),
    walk(["RR", "TJ", "TC"], "rook-bishop hunter"),
    walk(["BR", "LJ", "FC"], "bishop-rook hunter"),
    walk(["EK", "EK", "RE"], "erlking"),
    walk(["SK", "SK", "SK"], "skylla"),
    walk(["CY", "CY", "CY"], "charybdis"),
    walk(["QF", "QF", "QF"], "equi french"),
    walk(["BN", "NR", "NR"], "bouncy nightrider"),
    walk(["SH", "SC", "BA"], "ship"),
    walk(["GY", "GY", "GY"], "gryphon"),
    walk(["MH", "MC", "BM"], "marine ship"),
];
