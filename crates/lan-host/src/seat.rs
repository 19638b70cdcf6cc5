//! Which seat a device holds. Only the host decides it (when it admits the device); a request
//! never names its own seat.

use serde::{Deserialize, Serialize};

/// A seat at a Pan's Island table: one Hero, by its place in the set-up (0 = the first).
/// (Legacy Characters and the Warden's players are not yet seats: their tables stay on the
/// host's screen.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Seat {
    Hero { player: usize },
}

impl Seat {
    pub fn player(&self) -> usize {
        match self {
            Seat::Hero { player } => *player,
        }
    }
}

/// An admitted device as the host keeps it in memory (loaded from the store on open).
#[derive(Debug, Clone)]
pub struct SeatEntry {
    pub id: i64,
    pub seat: Seat,
    pub name: String,
    pub token_hash: Vec<u8>,
    pub revoked: bool,
}
