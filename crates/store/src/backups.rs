//! Backups the user can find: a copy of the saved-games file made once a day beside it
//! (`games.db.daily-YYYY-MM-DD`, the last 7 kept), the copies made before a migration
//! (`games.db.backup-schemaN-…`) and before a restore (`games.db.before-restore-…`), listed by
//! name, and restoring one. A restore checks the backup as an opened file is checked (SQLite
//! header, integrity, ours, not newer) on a copy, migrates that copy to this schema, keeps the
//! current file as another backup, and only then replaces every table's rows in one transaction:
//! a damaged backup is refused and nothing changes.

use std::path::{Path, PathBuf};

use sqlx::Connection;

use crate::{Store, StoreError, now_ms};

/// How many daily copies are kept.
pub const DAILY_KEPT: usize = 7;
const DAILY: &str = ".daily-";
const KINDS: [&str; 3] = [DAILY, ".backup-schema", ".before-restore-"];
/// What a restore runs: every table's rows deleted, children first, then copied, parents first.
const CLEAR: [&str; 5] = [
    "DELETE FROM main.lan_seats",
    "DELETE FROM main.box_versions",
    "DELETE FROM main.sleeve_secrets",
    "DELETE FROM main.commands",
    "DELETE FROM main.games",
];
/// The restored file's rows; its devices' seats come back revoked (`?1`: now), so that a device
/// admitted before the restore cannot come back in with an old token: it joins again.
const COPY: [&str; 5] = [
    "INSERT INTO main.games SELECT * FROM restored.games",
    "INSERT INTO main.commands SELECT * FROM restored.commands",
    "INSERT INTO main.sleeve_secrets SELECT * FROM restored.sleeve_secrets",
    "INSERT INTO main.box_versions SELECT * FROM restored.box_versions",
    "INSERT INTO main.lan_seats (id, game_id, seat, name, token_hash, created_at_ms, revoked_at_ms)
     SELECT id, game_id, seat, name, token_hash, created_at_ms, COALESCE(revoked_at_ms, ?1)
     FROM restored.lan_seats",
];

/// A backup beside the saved-games file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backup {
    /// The file name (a restore names the backup by it).
    pub name: String,
    pub path: PathBuf,
    pub bytes: u64,
    /// When the file was last written (ms since 1970), from the file system.
    pub modified_ms: i64,
}

/// The civil date (UTC) of a time in ms since 1970, as `YYYY-MM-DD`.
pub fn utc_date(ms: i64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(suffix);
    path.with_file_name(name)
}

fn io_error(path: &Path, e: std::io::Error) -> StoreError {
    StoreError::Unwritable {
        path: path.into(),
        detail: e.to_string(),
    }
}

impl Store {
    /// Today's copy (UTC), made if there is none yet; then only the newest 7 daily copies stay.
    pub async fn daily_backup(&self) -> Result<Option<PathBuf>, StoreError> {
        self.daily_backup_on(&utc_date(now_ms())).await
    }

    /// [`Store::daily_backup`] as if today were `date` (`YYYY-MM-DD`); tests use it.
    #[doc(hidden)]
    pub async fn daily_backup_on(&self, date: &str) -> Result<Option<PathBuf>, StoreError> {
        let target = sibling(&self.path, &format!("{DAILY}{date}"));
        let made = if target.exists() {
            None
        } else {
            self.copy_to(&target).await?;
            Some(target)
        };
        let mut daily: Vec<Backup> = self
            .backups()?
            .into_iter()
            .filter(|b| b.name.contains(DAILY))
            .collect();
        // Names sort by date; the oldest go.
        daily.sort_by(|a, b| b.name.cmp(&a.name));
        for old in daily.iter().skip(DAILY_KEPT) {
            std::fs::remove_file(&old.path).map_err(|e| io_error(&old.path, e))?;
        }
        Ok(made)
    }

    /// A consistent copy of the whole file (`VACUUM INTO`).
    async fn copy_to(&self, target: &Path) -> Result<(), StoreError> {
        sqlx::query("VACUUM INTO ?")
            .bind(target.to_string_lossy().into_owned())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Every backup beside the file, newest first.
    pub fn backups(&self) -> Result<Vec<Backup>, StoreError> {
        let dir = match self.path.parent().filter(|p| !p.as_os_str().is_empty()) {
            Some(d) => d.to_path_buf(),
            None => PathBuf::from("."),
        };
        let base = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut out = Vec::new();
        for entry in std::fs::read_dir(&dir).map_err(|e| io_error(&dir, e))? {
            let entry = entry.map_err(|e| io_error(&dir, e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(rest) = name.strip_prefix(&base) else {
                continue;
            };
            if !KINDS.iter().any(|k| rest.starts_with(k))
                || rest.ends_with("-wal")
                || rest.ends_with("-shm")
            {
                continue;
            }
            let meta = entry.metadata().map_err(|e| io_error(&entry.path(), e))?;
            let modified_ms = meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map(|d| d.as_millis() as i64)
                .unwrap_or(0);
            out.push(Backup {
                name,
                path: entry.path(),
                bytes: meta.len(),
                modified_ms,
            });
        }
        out.sort_by(|a, b| b.modified_ms.cmp(&a.modified_ms).then(b.name.cmp(&a.name)));
        Ok(out)
    }

    /// Restores the backup named `name` (one of [`Store::backups`]). The current file is first
    /// kept as `before-restore` backup; returns its path. A backup that is not a sound saved-games
    /// file of this or an older version is refused and nothing changes.
    pub async fn restore(&self, name: &str) -> Result<PathBuf, StoreError> {
        let backup = self
            .backups()?
            .into_iter()
            .find(|b| b.name == name)
            .ok_or_else(|| StoreError::NoSuchBackup(name.to_owned()))?;
        let checked = self.checked_copy(&backup.path).await?;
        let result = self.replace_rows_from(&checked).await;
        for suffix in ["", "-wal", "-shm", ".sleeve-key"] {
            let _ = std::fs::remove_file(sibling(&checked, suffix));
        }
        result
    }

    /// A copy of `backup` beside the file, opened (and so checked and migrated) as a store.
    async fn checked_copy(&self, backup: &Path) -> Result<PathBuf, StoreError> {
        let tmp = sibling(&self.path, ".restoring");
        for suffix in ["", "-wal", "-shm", ".sleeve-key"] {
            let _ = std::fs::remove_file(sibling(&tmp, suffix));
        }
        std::fs::copy(backup, &tmp).map_err(|e| io_error(&tmp, e))?;
        // Its sleeves are sealed with this file's key.
        let key = crate::key_path(&self.path);
        if key.exists() {
            std::fs::copy(&key, crate::key_path(&tmp)).map_err(|e| io_error(&tmp, e))?;
        }
        match Store::open(&tmp).await {
            Ok(s) => {
                // A migration of the copy made its own backup: not one to keep.
                if let Some(b) = s.backup() {
                    let _ = std::fs::remove_file(b);
                }
                s.close().await;
                Ok(tmp)
            }
            Err(e) => {
                for suffix in ["", "-wal", "-shm", ".sleeve-key"] {
                    let _ = std::fs::remove_file(sibling(&tmp, suffix));
                }
                Err(match e {
                    StoreError::Corrupt { detail, .. } => StoreError::Corrupt {
                        path: backup.into(),
                        detail,
                    },
                    StoreError::NewerSchema { found, known, .. } => StoreError::NewerSchema {
                        path: backup.into(),
                        found,
                        known,
                    },
                    other => other,
                })
            }
        }
    }

    /// Keeps the current file as a backup, then replaces every table's rows with those of the
    /// checked copy in one transaction.
    async fn replace_rows_from(&self, checked: &Path) -> Result<PathBuf, StoreError> {
        let kept = sibling(&self.path, &format!(".before-restore-{}", now_ms()));
        self.copy_to(&kept).await?;
        let mut conn = self.pool.acquire().await?;
        sqlx::query("ATTACH DATABASE ? AS restored")
            .bind(checked.to_string_lossy().into_owned())
            .execute(&mut *conn)
            .await?;
        let copied = async {
            let mut tx = conn.begin().await?;
            let now = now_ms();
            for sql in CLEAR.into_iter().chain(COPY) {
                let q = sqlx::query(sql);
                let q = if sql.contains("?1") { q.bind(now) } else { q };
                q.execute(&mut *tx).await?;
            }
            tx.commit().await
        }
        .await;
        sqlx::query("DETACH DATABASE restored")
            .execute(&mut *conn)
            .await?;
        copied?;
        Ok(kept)
    }
}
