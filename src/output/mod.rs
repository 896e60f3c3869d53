//! Rendering results: Popeye's move notation and solution text, diagrams, JSON and YAML.

pub mod board;
pub mod compare;
pub mod text;
