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
    /// The same error for a screen to say in the players' language: `detail.code` is the
    /// translation key itself (`err.<code>` for the service's own errors, `refusal.<code>`,
    /// `pans.refusal.<code>` and `warden.refusal.<code>` for the engines' refusals) and `args` its
    /// named parameters. Every error the service makes carries one ([`fail!`] is its only
    /// constructor besides the engines' refusals); a test fails when a code has no line in a
    /// language.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, as = "Option<Reason>")]
    pub detail: Option<Box<Reason>>,
}

/// An [`AppError`] of kind `$kind` with its translation code (`err.<code>`), its English text (a
/// `format!` string) and its named parameters, each used in the text:
/// `fail!(ErrorCode::NotFound, "no-such-event", "there is no Event {id}", id = id)`.
#[macro_export]
macro_rules! fail {
    ($kind:expr, $code:literal, $text:literal $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::AppError::said(
            $kind,
            concat!("err.", $code),
            vec![$((stringify!($k), ($v).to_string())),*],
            format!($text $(, $k = $v)*),
        )
    };
}

fn reason(key: &str, args: Vec<(&'static str, String)>) -> Reason {
    Reason {
        code: key.to_owned(),
        args: args.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
    }
}

impl AppError {
    /// An error with its translation key and parameters; [`fail!`] writes these calls.
    pub fn said(
        code: ErrorCode,
        key: &str,
        args: Vec<(&'static str, String)>,
        message: String,
    ) -> AppError {
        AppError {
            code,
            message,
            reason: None,
            detail: Some(Box::new(reason(key, args))),
        }
    }

    /// The rules refused a table game's command: its English text and its reason.
    pub fn refused(code: ErrorCode, r: neverland_legacy::engine::Refusal) -> AppError {
        let reason = Reason::from(&r);
        AppError {
            reason: Some(reason),
            ..engine_refusal(code, "refusal.", r)
        }
    }

    /// Pan's Island's rules refused a command (`pans.refusal.<code>`).
    pub fn pans(code: ErrorCode, r: neverland_pans_island::game::Refusal) -> AppError {
        engine_refusal(code, "pans.refusal.", r)
    }

    /// The Warden's rules refused a command (`warden.refusal.<code>`).
    pub fn warden(code: ErrorCode, r: neverland_warden::Refusal) -> AppError {
        engine_refusal(code, "warden.refusal.", r)
    }
}

/// An engine's refusal (the one `neverland-refusal` shape all three engines share), said through
/// the key `<prefix><code>` with its parameters; its English text is the message.
fn engine_refusal(code: ErrorCode, prefix: &str, r: neverland_legacy::engine::Refusal) -> AppError {
    AppError {
        code,
        message: r.text,
        reason: None,
        detail: Some(Box::new(reason(&format!("{prefix}{}", r.code), r.args))),
    }
}

impl From<StoreError> for AppError {
    fn from(e: StoreError) -> AppError {
        use ErrorCode as K;
        let message = e.to_string();
        let (code, key, args): (ErrorCode, &str, Vec<(&'static str, String)>) = match &e {
            StoreError::Corrupt { path, .. } => (
                K::DatabaseCorrupt,
                "err.store-corrupt",
                vec![("path", path.display().to_string())],
            ),
            StoreError::NewerSchema { path, .. } => (
                K::DatabaseNewer,
                "err.store-newer",
                vec![("path", path.display().to_string())],
            ),
            StoreError::Unwritable { path, .. } => (
                K::DatabaseUnwritable,
                "err.store-unwritable",
                vec![("path", path.display().to_string())],
            ),
            StoreError::NoSuchGame(id) => (
                K::NotFound,
                "err.no-such-game",
                vec![("id", id.to_string())],
            ),
            StoreError::NoSuchBox(v) => (
                K::NotFound,
                "err.no-such-box-version",
                vec![("version", v.to_string())],
            ),
            StoreError::NoSuchBackup(name) => (
                K::NotFound,
                "err.no-such-backup",
                vec![("name", name.clone())],
            ),
            StoreError::Conflict { .. } => (K::Conflict, "err.store-conflict", vec![]),
            StoreError::Sql(_) => (K::Storage, "err.store-sql", vec![]),
            StoreError::Migrate(_) => (K::Storage, "err.store-migrate", vec![]),
        };
        AppError::said(code, key, args, message)
    }
}

impl From<neverland_legacy::TrackerError> for AppError {
    fn from(e: neverland_legacy::TrackerError) -> AppError {
        use neverland_legacy::TrackerError as T;
        let message = e.to_string();
        let (key, args): (&str, Vec<(&'static str, String)>) = match &e {
            T::UnknownCharacter { character } => (
                "err.tracker-no-character",
                vec![("character", character.clone())],
            ),
            T::DespairOutOfRange { despair } => (
                "err.tracker-despair",
                vec![("despair", despair.to_string())],
            ),
        };
        AppError::said(ErrorCode::IllegalCommand, key, args, message)
    }
}

impl From<neverland_legacy::PackError> for AppError {
    fn from(e: neverland_legacy::PackError) -> AppError {
        content_error(&e.file, &e.path, e.to_string())
    }
}

/// A content pack (or the owner's box over it) that fails a check: which file, which field;
/// the check's own reason stays in the English message.
pub(crate) fn content_error(file: &str, field: &str, message: String) -> AppError {
    AppError::said(
        ErrorCode::Content,
        "err.content-check",
        vec![("file", file.to_owned()), ("field", field.to_owned())],
        message,
    )
}

/// A value the service made could not be written as JSON (a bug, not the player's doing).
pub(crate) fn unsaveable(e: serde_json::Error) -> AppError {
    crate::fail!(
        ErrorCode::Storage,
        "unsaveable",
        "this cannot be saved: {error}",
        error = e
    )
}

pub(crate) fn nothing_to_undo() -> AppError {
    crate::fail!(
        ErrorCode::NothingToUndo,
        "nothing-to-undo",
        "there is nothing to undo"
    )
}

pub(crate) fn nothing_to_redo() -> AppError {
    crate::fail!(
        ErrorCode::NothingToRedo,
        "nothing-to-redo",
        "there is nothing to redo"
    )
}

/// A change decided at step `since` while the table stands at step `now`.
pub fn table_changed(since: i64, now: usize) -> AppError {
    crate::fail!(
        ErrorCode::TableChanged,
        "table-changed",
        "the table changed: this was decided at step {since}, and the table is now at step {now}; look again and decide",
        since = since,
        now = now
    )
}
