//! The table's host on the local network. While the desktop app has a table open for seats, this
//! crate serves the same bundled UI to the players' browsers and carries the companion's command
//! table for each admitted device: over HTTP POST for commands and a WebSocket for the pushes.
//!
//! - Which seat a request speaks for comes from its device token alone (`token`), never from the
//!   request; every answer is built here for that seat (`seat_api`).
//! - A device joins with the one-time secret of the host's QR code, asks for a seat and waits for
//!   the host to admit it (`host`); the token's SHA-256 is kept in the store, so a reload or a
//!   host restart keeps the seat, and the host can revoke it.
//! - Every request passes the Host and Origin allowlists and the security headers (`guard`);
//!   nothing changes on a GET; join attempts are rate-limited.
//!
//! IO lives here, at the edge: the companion and the engines below stay as they are.

pub mod bindings;
pub mod error;
pub mod guard;
pub mod host;
pub mod iface;
pub mod qr;
mod routes;
pub mod seat;
pub mod seat_api;
mod state;
pub mod token;

pub use error::LanError;
pub use host::{Assets, HostConfig, InviteView, LanHost, SeatChanges, WindowGate, window_changes};
pub use seat::{Seat, TableKind};
