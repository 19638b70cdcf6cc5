//! The seat passes in force (see `pans_seat`): kept by the service, checked by `pans_seat`, and
//! apart from both so that neither imports the other back.

use std::collections::HashMap;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Proof that a seat said "I am …" while it held the tablet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SeatPass {
    pub game_id: i64,
    pub player: usize,
    pub pass: String,
}

/// The passes in force, one per game (never stored: a restart asks "I am …" again).
#[derive(Default)]
pub struct SeatPasses(pub(crate) Mutex<HashMap<i64, SeatPass>>);
