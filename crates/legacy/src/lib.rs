//! Neverland's Legacy as a pure rules engine: the Stones of Chance and the Morale Check, the
//! scenario packs (content as data, validated with the JSON path of every error), and a game as a
//! seed plus an ordered log of commands whose state is always derived by replay. Nothing here
//! touches files, clocks or the network: randomness comes from the game's seeded ChaCha stream
//! and content arrives as text the caller has read.

pub mod activation;
pub mod dice;
pub mod effects;
pub mod engine;
pub mod game;
pub mod hints;
pub mod map;
pub mod pack;
pub mod position;
pub mod priorities;
pub mod record;
pub mod sim;

pub use dice::{MoraleRoll, Stone, StoneRng, TurnPlan};
pub use game::{Command, GameState, RuleError};
pub use pack::{ActionId, Colour, Pack, PackError, Scenario};
