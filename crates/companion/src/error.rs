//! The one error type that crosses the boundary to the UI and the CLI.

use std::collections::BTreeMap;

use neverland_store::StoreError;
use serde::Serialize;
use ts_rs::TS;

/// What kind of failure this is; the UI matches on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// A value the player typed or the UI sent is out of range or malformed.
    InvalidInput,
    /// The rules refuse this command; nothing changed.
    IllegalCommand,
    /// No such game (deleted, or never saved).
    NotFound,
    NothingToUndo,
    NothingToRedo,
    /// The saved-games file is damaged or not ours; it was left untouched.
    DatabaseCorrupt,
    /// The saved-games file comes from a newer app; it was left untouched.
    DatabaseNewer,
    /// The saved-games file cannot be created or written where it should be.
    DatabaseUnwritable,
    /// Another change to the same game landed first; reload.
    Conflict,
    /// A command was made against an older table than the one stored (another player acted
    /// first); nothing changed: refresh and decide again.
    TableChanged,
    /// A content pack is broken or missing.
    Content,
    /// Anything else from the storage layer.
    Storage,
    /// A photo that cannot be read (damaged, truncated, empty, too large, not an image).
    PhotoUnreadable,
    /// A readable photo without a card in it: tap the card's corners instead.
    NoCardInPhoto,
}

/// Why the rules refuse a command, for a screen to say in the players' words: a code its
/// translation table has a line for (`refusal.<code>`), and the line's parameters as ids of
/// Locations, pieces, Items and Actions, and numbers, which the screen turns into names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Reason {
    pub code: String,
    pub args: BTreeMap<String, String>,
}

impl From<&neverland_legacy::engine::Refusal> for Reason {
    fn from(r: &neverland_legacy::engine::Refusal) -> Reason {
        Reason {
            code: r.code.to_owned(),
            args: r
                .args
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect(),
        }
    }
}

/// An error for people, with a code for the UI.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[error("{message}")]
pub struct AppError {
    pub code: ErrorCode,
    /// In English, for the command line and the logs.
    pub message: String,
    /// A table game's refusal, for the screen to say in the players' words.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub reason: Option<Reason>,
}

impl AppError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> AppError {
        AppError {
            code,
            message: message.into(),
            reason: None,
        }
    }

    /// The rules refused a table game's command: its English text and its reason.
    pub fn refused(code: ErrorCode, r: neverland_legacy::engine::Refusal) -> AppError {
        AppError {
            code,
            reason: Some(Reason::from(&r)),
            message: r.text,
        }
    }
}

impl From<StoreError> for AppError {
    fn from(e: StoreError) -> AppError {
        let code = match &e {
            StoreError::Corrupt { .. } => ErrorCode::DatabaseCorrupt,
            StoreError::NewerSchema { .. } => ErrorCode::DatabaseNewer,
            StoreError::Unwritable { .. } => ErrorCode::DatabaseUnwritable,
            StoreError::NoSuchGame(_) | StoreError::NoSuchBox(_) | StoreError::NoSuchBackup(_) => {
                ErrorCode::NotFound
            }
            StoreError::Conflict { .. } => ErrorCode::Conflict,
            StoreError::Sql(_) | StoreError::Migrate(_) => ErrorCode::Storage,
        };
        AppError::new(code, e.to_string())
    }
}

impl From<neverland_legacy::TrackerError> for AppError {
    fn from(e: neverland_legacy::TrackerError) -> AppError {
        AppError::new(ErrorCode::IllegalCommand, e.to_string())
    }
}

impl From<neverland_legacy::PackError> for AppError {
    fn from(e: neverland_legacy::PackError) -> AppError {
        AppError::new(ErrorCode::Content, e.to_string())
    }
}
