//! Pan's Island as a pure engine: board geometry in millimetres and the hidden-information
//! referee that answers only what the active player's left neighbour would say ("Hook met?",
//! "Child found?", "Hook present?"). It reads situations from JSON text and never touches files,
//! clocks or the network. Verdicts carry booleans only, never a hidden position.

pub mod board;
pub mod campaign;
pub mod check;
pub mod content;
pub mod game;
pub mod geometry;
pub mod heroes;
pub mod player;
pub mod rules;
pub mod sim;

pub use check::{CheckError, Situation, Verdict, check_json};
