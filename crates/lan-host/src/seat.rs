//! Which seat a device holds. Only the host decides it (when it admits the device); a request
//! never names its own seat.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::LanError;

/// The kinds of table a host opens to devices, from the saved game's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum TableKind {
    /// Pan's Island (`pans-island`): Hero seats.
    Pans,
    /// Neverland's Legacy on the table engine (`legacy-table`): Character seats.
    Legacy,
    /// The Warden's campaign (`warden`): the players' seats, one per player character.
    Warden,
}

impl TableKind {
    pub fn of(kind: &str) -> Result<TableKind, LanError> {
        match kind {
            neverland_companion::summary::KIND_PANS => Ok(TableKind::Pans),
            neverland_companion::table::KIND_TABLE => Ok(TableKind::Legacy),
            neverland_companion::warden::KIND_WARDEN => Ok(TableKind::Warden),
            other => Err(LanError::bad_request(format!(
                "a {other:?} game has no seats for devices: open a Pan's Island, Legacy or Warden table"
            ))),
        }
    }
}

/// A seat: one Hero at a Pan's Island table (by its place in the set-up, 0 = the first), one
/// Character at a Legacy table (by id), or one player character of the Warden's campaign (by
/// the creature's id).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "LanSeat")]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Seat {
    Hero { player: usize },
    Character { character: String },
    Player { creature: String },
}

impl Seat {
    pub fn table_kind(&self) -> TableKind {
        match self {
            Seat::Hero { .. } => TableKind::Pans,
            Seat::Character { .. } => TableKind::Legacy,
            Seat::Player { .. } => TableKind::Warden,
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
