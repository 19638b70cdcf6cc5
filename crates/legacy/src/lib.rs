//! Neverland's Legacy as a pure rules engine: the Stones of Chance and the Morale Check, the
//! scenario packs (content as data, validated with the JSON path of every error), and a game as a
//! seed plus an ordered log of commands whose state is always derived by replay. Nothing here
//! touches files, clocks or the network: randomness comes from the game's seeded ChaCha stream
//! and content arrives as text the caller has read.

pub mod activation;
pub mod advice;
pub mod bot;
pub mod dice;
pub mod effects;
pub mod engine;
pub mod hints;
pub mod map;
pub mod morale_tracker;
pub mod pack;
pub mod position;
pub mod priorities;
pub mod record;
pub mod sim;

/// The version of the rules `engine` plays. A table game records the version it was started with
/// (games saved before versions were kept are version 1). Bump it with every change that makes a
/// replay of the same seed and commands compute something else (a rule fixed, a priority read
/// differently, a deck set up otherwise), so an old game can say why it no longer replays in full;
/// see "Rules versions" in ARCHITECTURE.md.
pub const RULES_VERSION: u32 = 2;

/// The rules version of a game that does not say (saved before versions were kept).
pub const FIRST_RULES_VERSION: u32 = 1;

pub use dice::{MoraleRoll, Stone, StoneRng, TurnPlan};
pub use engine::{Command, Game, Setup};
pub use morale_tracker::{MoraleTracker, TrackerCommand, TrackerError};
pub use pack::{ActionId, Colour, Pack, PackError, Scenario};
