//! A saved game as the lists show it, and a seed typed by a player: what every kind of game
//! (`table`, `pans`, `morale_tracker`, `warden`) shares, kept apart from the service so that
//! no kind's module imports a module that imports it back.

use neverland_store::GameRow;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{AppError, ErrorCode};

/// The kind of a saved Pan's Island game.
pub const KIND_PANS: &str = "pans-island";

/// A saved game as the Games screen lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GameSummary {
    pub id: i64,
    pub kind: String,
    pub pack_id: String,
    pub pack_version: u32,
    /// Decimal text: seeds are 64-bit and JavaScript numbers are not.
    pub seed: String,
    pub title: String,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub status: String,
    /// How many steps the stored log holds (undo and redo included).
    pub steps: i64,
    /// Legacy table games: how many play, and whose turn number it is (1 for the first).
    pub players: Option<u8>,
    pub turn: Option<u32>,
}

/// A Pan's Island seed fixes every Vision pile and hand: no view shows it.
fn seed_shown(row: &GameRow) -> String {
    if row.kind == KIND_PANS {
        String::new()
    } else {
        row.seed.to_string()
    }
}

pub(crate) fn summary(row: GameRow) -> GameSummary {
    let seed = seed_shown(&row);
    GameSummary {
        id: row.id,
        kind: row.kind,
        pack_id: row.pack_id,
        pack_version: row.pack_version,
        seed,
        title: row.title,
        created_at_ms: row.created_at_ms,
        updated_at_ms: row.updated_at_ms,
        status: row.status,
        steps: row.commands,
        players: None,
        turn: None,
    }
}

/// Parses a seed typed by a player.
pub fn parse_seed(text: &str) -> Result<u64, AppError> {
    text.trim().parse::<u64>().map_err(|_| {
        crate::fail!(
            ErrorCode::InvalidInput,
            "seed-not-number",
            "the seed must be a whole number from 0 to {most}, not {text}",
            most = u64::MAX,
            text = format!("{text:?}")
        )
    })
}
