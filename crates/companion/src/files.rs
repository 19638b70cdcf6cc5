//! Files the way desktop apps do them: the player picks a file in the platform's open or save
//! dialog (opened by the shell, never by the page), the shell lets that one path through
//! ([`Companion::allow_file`]), and the file commands read or write only such a path. A path the
//! player did not pick is refused, so the page cannot reach any other file. The end-to-end tests,
//! which cannot drive a native dialog, name a folder whose files are let through
//! (`NEVERLAND_FILES_DIR`, read by the shell).

use std::path::{Path, PathBuf};

use crate::error::{AppError, ErrorCode};
use crate::my_box::BoxView;
use crate::service::Companion;
use crate::table::TableView;

/// Box and game files are small JSON; a larger file is not one of ours.
const MAX_BYTES: u64 = 16 * 1024 * 1024;

fn io(path: &Path, what: &str, e: std::io::Error) -> AppError {
    match what {
        "write" => crate::fail!(
            ErrorCode::InvalidInput,
            "file-unwritable",
            "cannot write {path}: {error}",
            path = path.display(),
            error = e
        ),
        _ => crate::fail!(
            ErrorCode::InvalidInput,
            "file-unreadable",
            "cannot read {path}: {error}",
            path = path.display(),
            error = e
        ),
    }
}

impl Companion {
    /// Lets one path the player picked in a dialog through to the file commands.
    pub fn allow_file(&self, path: impl Into<PathBuf>) {
        self.files().allow(path.into());
    }

    /// Lets every file directly inside `folder` through (the end-to-end tests' folder).
    pub fn allow_folder(&mut self, folder: impl Into<PathBuf>) {
        self.files_mut().set_folder(folder.into());
    }

    fn gate(&self, path: &str) -> Result<PathBuf, AppError> {
        let p = PathBuf::from(path);
        if !self.files().allows(&p) {
            return Err(crate::fail!(
                ErrorCode::InvalidInput,
                "file-not-picked",
                "{path} was not picked in a file dialog; choose the file again",
                path = path
            ));
        }
        Ok(p)
    }

    fn write_file(&self, path: &str, text: &str) -> Result<(), AppError> {
        let p = self.gate(path)?;
        // Written beside, then renamed: a failed write leaves no half file.
        let tmp = p.with_extension("json.partial");
        std::fs::write(&tmp, text).map_err(|e| io(&p, "write", e))?;
        std::fs::rename(&tmp, &p).map_err(|e| io(&p, "write", e))
    }

    fn read_file(&self, path: &str) -> Result<String, AppError> {
        let p = self.gate(path)?;
        let meta = std::fs::metadata(&p).map_err(|e| io(&p, "read", e))?;
        if meta.len() > MAX_BYTES {
            return Err(crate::fail!(
                ErrorCode::InvalidInput,
                "file-too-large",
                "{path} is too large to be a box or game file",
                path = path
            ));
        }
        let bytes = std::fs::read(&p).map_err(|e| io(&p, "read", e))?;
        String::from_utf8(bytes).map_err(|_| {
            crate::fail!(
                ErrorCode::InvalidInput,
                "file-not-text",
                "{path} is not a text file; a box or game file is JSON text",
                path = path
            )
        })
    }

    /// A photo the player picked (a JPEG or PNG within the scanner's limits, checked when it is
    /// decoded), as bytes.
    pub(crate) fn read_photo(&self, path: &str) -> Result<Vec<u8>, AppError> {
        let p = self.gate(path)?;
        let meta = std::fs::metadata(&p).map_err(|e| io(&p, "read", e))?;
        if meta.len() > neverland_sleeve_scan::MAX_BYTES as u64 {
            return Err(crate::fail!(
                ErrorCode::PhotoUnreadable,
                "photo-too-large",
                "{path} is too large to be a photo this app reads",
                path = path
            ));
        }
        std::fs::read(&p).map_err(|e| io(&p, "read", e))
    }

    /// The box, written to the file the player picked.
    pub async fn export_box_file(&self, path: String) -> Result<(), AppError> {
        let text = self.export_box().await?;
        self.write_file(&path, &text)
    }

    pub async fn import_box_file(&self, path: String) -> Result<BoxView, AppError> {
        let text = self.read_file(&path)?;
        self.import_box(text).await
    }

    /// A whole Legacy game (`neverland-legacy-game/1`), written to the file the player picked.
    pub async fn export_game_file(&self, game_id: i64, path: String) -> Result<(), AppError> {
        let text = self.legacy_table_record(game_id).await?;
        self.write_file(&path, &text)
    }

    /// A Legacy table as a position file (`neverland-legacy-position/1`).
    pub async fn export_position_file(&self, game_id: i64, path: String) -> Result<(), AppError> {
        let text = self.legacy_table_position(game_id).await?;
        self.write_file(&path, &text)
    }

    pub async fn import_game_file(&self, path: String) -> Result<TableView, AppError> {
        let text = self.read_file(&path)?;
        self.import_legacy_record(text).await
    }
}
