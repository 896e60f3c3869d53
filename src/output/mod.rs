//! Rendering: Popeye's solution text, diagrams (text, Unicode, SVG) and YAML entries.

pub mod board;
pub mod popeye;
pub mod statement;
pub mod text;
pub mod yaml;
