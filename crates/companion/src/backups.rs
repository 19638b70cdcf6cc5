//! Backups the user can find: the copies beside the saved-games file (one a day, the last 7;
//! before a migration; before a restore), listed for the Backups screen, and restoring one.

use serde::Serialize;
use ts_rs::TS;

use crate::error::AppError;
use crate::service::Companion;

/// Why a backup was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum BackupKind {
    /// The copy made once a day when the app opens.
    Daily,
    /// Made before the file was migrated to a newer version of the app.
    BeforeMigration,
    /// The file as it was before a backup was restored over it.
    BeforeRestore,
}

/// A backup as the Backups screen lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct BackupInfo {
    /// The file's name, beside the saved-games file; a restore names it.
    pub name: String,
    pub kind: BackupKind,
    pub bytes: u64,
    /// When it was written (ms since 1970).
    pub made_at_ms: i64,
}

fn kind_of(name: &str) -> BackupKind {
    if name.contains(".daily-") {
        BackupKind::Daily
    } else if name.contains(".before-restore-") {
        BackupKind::BeforeRestore
    } else {
        BackupKind::BeforeMigration
    }
}

impl Companion {
    /// Today's copy of the file, if it has none yet (the app calls it when it opens).
    pub async fn daily_backup(&self) -> Result<(), AppError> {
        self.store().daily_backup().await?;
        Ok(())
    }

    pub async fn list_backups(&self) -> Result<Vec<BackupInfo>, AppError> {
        Ok(self
            .store()
            .backups()?
            .into_iter()
            .map(|b| BackupInfo {
                kind: kind_of(&b.name),
                name: b.name,
                bytes: b.bytes,
                made_at_ms: b.modified_ms,
            })
            .collect())
    }

    /// Restores the backup `name`; the current file is kept as another backup first. A backup
    /// that is damaged or not a saved-games file is refused and nothing changes. After a restore
    /// no seat pass holds ("I am …" again), the devices' seats of the restored file come back
    /// revoked (the store), and a table open to devices turns every device away (`restores`).
    pub async fn restore_backup(&self, name: String) -> Result<Vec<BackupInfo>, AppError> {
        self.store().restore(&name).await.map_err(|e| {
            let e = AppError::from(e);
            let mut err = crate::fail!(
                e.code,
                "restore-failed",
                "this backup cannot be restored, so nothing was changed: {why}",
                why = e.message
            );
            // The store's own reason, said through its key (`why_key`) and parameters.
            if let (Some(d), Some(inner)) = (err.detail.as_mut(), e.detail) {
                d.args.insert("why_key".into(), inner.code);
                d.args.extend(inner.args);
            }
            err
        })?;
        self.restored();
        self.list_backups().await
    }
}
