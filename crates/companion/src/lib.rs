//! The companion's service layer, shared by the Tauri shell and the CLI. It owns the saved games:
//! it turns a player's command into a validated engine command, appends it to the store's log,
//! and answers with the state rebuilt by replay. It also owns the one error type that crosses
//! into the UI (`AppError`, with a `code` the UI matches on) and the command table from which both
//! the Tauri handlers and the committed TypeScript bindings are generated.

pub mod api;
pub mod backups;
pub mod balance;
pub mod board_trace;
pub mod content_text;
pub mod error;
pub mod file_gate;
pub mod files;
pub mod morale_tracker;
pub mod my_box;
pub mod owner_box;
pub mod packs;
pub mod pans;
pub mod pans_seat;
pub mod seat_passes;
pub mod service;
pub mod summary;
pub mod table;
pub mod table_screen;
pub mod timeline;
pub mod warden;

pub use error::{AppError, ErrorCode};
pub use service::Companion;
