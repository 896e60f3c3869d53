//! Rendering: Popeye's solution text, diagrams (text, Unicode, SVG), the teaching page (HTML) and YAML entries.

pub mod board;
pub mod figures;
pub mod html;
pub mod popeye;
pub mod statement;
pub mod text;
pub mod yaml;
