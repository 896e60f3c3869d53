//! Readers: stipula's statement language, Popeye input, YAML collections and FEN, all producing
//! [`crate::problem::Problem`]s or [`crate::problem::Diagnostic`]s.

pub mod fen;
pub mod stipulation;
pub mod suggest;
pub mod stip;
pub mod vocab;
pub mod yaml;
