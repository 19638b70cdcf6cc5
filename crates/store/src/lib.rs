//! The store: every saved game lives in one SQLite file (WAL mode) as a game row and an
//! append-only log of JSON commands. Opening checks the file before touching it: a file that is
//! not SQLite, fails its integrity check, or comes from a newer version of the app is refused with
//! a clear error and left exactly as it was; before any migration the old file is copied to a
//! backup beside it. Appending a command is one transaction and returns only after commit.

mod backups;
mod boxes;
mod seats;
mod secrets;

pub use backups::{Backup, DAILY_KEPT, utc_date};
pub use boxes::BoxVersion;
pub use seats::LanSeatRow;

pub use secrets::key_path;

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use sqlx::Row;
use sqlx::migrate::Migrator;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

static MIGRATOR: Migrator = sqlx::migrate!("./migrations");

/// The environment variable that overrides where the database lives (tests, portable installs).
pub const DB_ENV: &str = "NEVERLAND_DB";
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "the saved-games file {path} is not a Neverland Companion database ({detail}); it was left untouched"
    )]
    Corrupt { path: PathBuf, detail: String },
    #[error(
        "the saved-games file {path} was written by a newer version of Neverland Companion (schema {found}, this app knows {known}); it was left untouched"
    )]
    NewerSchema {
        path: PathBuf,
        found: i64,
        known: i64,
    },
    #[error("cannot write the saved-games file at {path}: {detail}")]
    Unwritable { path: PathBuf, detail: String },
    #[error("no saved game with id {0}")]
    NoSuchGame(i64),
    #[error("the saved-games file has no version {0} of your box")]
    NoSuchBox(i64),
    #[error("there is no backup called {0:?} beside the saved-games file")]
    NoSuchBackup(String),
    #[error(
        "the game changed while this command was being saved (expected step {expected}, found {found}); reload it"
    )]
    Conflict { expected: i64, found: i64 },
    #[error("database error: {0}")]
    Sql(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// A saved game's row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRow {
    pub id: i64,
    pub kind: String,
    pub pack_id: String,
    pub pack_version: u32,
    pub seed: u64,
    pub title: String,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub status: String,
    pub commands: i64,
    /// How the game was set up (JSON text; `{}` when the game kind needs nothing).
    pub setup: String,
}

/// What a new game row needs.
#[derive(Debug, Clone)]
pub struct NewGame<'a> {
    pub kind: &'a str,
    pub pack_id: &'a str,
    pub pack_version: u32,
    pub seed: u64,
    pub title: &'a str,
    /// JSON text; `{}` when the game kind needs nothing.
    pub setup: &'a str,
}

#[derive(Debug, Clone)]
pub struct Store {
    pool: SqlitePool,
    path: PathBuf,
    backup: Option<PathBuf>,
    key: secrets::SleeveKey,
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Reads the first bytes of an existing file: a non-empty file must start like SQLite.
fn check_header(path: &Path) -> Result<bool, StoreError> {
    use std::io::Read;
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => {
            return Err(StoreError::Unwritable {
                path: path.into(),
                detail: e.to_string(),
            });
        }
    };
    if meta.is_dir() {
        return Err(StoreError::Unwritable {
            path: path.into(),
            detail: "it is a folder".into(),
        });
    }
    if meta.len() == 0 {
        return Ok(false);
    }
    let mut head = [0u8; 16];
    let mut f = std::fs::File::open(path).map_err(|e| StoreError::Unwritable {
        path: path.into(),
        detail: e.to_string(),
    })?;
    let n = f.read(&mut head).unwrap_or(0);
    if n < 16 || &head != SQLITE_MAGIC {
        return Err(StoreError::Corrupt {
            path: path.into(),
            detail: "it does not start with the SQLite header".into(),
        });
    }
    Ok(true)
}

impl Store {
    /// Opens (or creates) the database at `path`, migrating it after a backup if it is older.
    pub async fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        Store::open_with(path, &MIGRATOR).await
    }

    /// [`Store::open`] with another set of migrations: tests use it to make files of an older
    /// schema.
    #[doc(hidden)]
    pub async fn open_with(
        path: impl AsRef<Path>,
        migrator: &Migrator,
    ) -> Result<Store, StoreError> {
        let path = path.as_ref().to_path_buf();
        let existed = check_header(&path)?;
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| StoreError::Unwritable {
                path: path.clone(),
                detail: e.to_string(),
            })?;
        }
        let opts = SqliteConnectOptions::from_str("sqlite://")?
            .filename(&path)
            .create_if_missing(true)
            .foreign_keys(true)
            // Deleted or rewritten content is overwritten with zeros, so a sleeve sealed in
            // place leaves no clear copy in the file's free pages.
            .pragma("secure_delete", "ON")
            .busy_timeout(std::time::Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(opts.clone())
            .await
            .map_err(|e| classify_open_error(&path, e))?;
        // Integrity before anything writes: a damaged file is refused, not "repaired".
        let check: String = sqlx::query_scalar("PRAGMA quick_check")
            .fetch_one(&pool)
            .await
            .map_err(|e| classify_open_error(&path, e))?;
        if check != "ok" {
            pool.close().await;
            return Err(StoreError::Corrupt {
                path,
                detail: check,
            });
        }
        let known = migrator.iter().map(|m| m.version).max().unwrap_or(0);
        let found = applied_version(&pool).await?;
        if found > known {
            pool.close().await;
            return Err(StoreError::NewerSchema { path, found, known });
        }
        let has_tables: i64 =
            sqlx::query_scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table'")
                .fetch_one(&pool)
                .await?;
        if existed && has_tables > 0 && found == 0 {
            pool.close().await;
            return Err(StoreError::Corrupt {
                path,
                detail: "it is an SQLite file of some other program".into(),
            });
        }
        // Sleeves stored in clear by an older version are sealed before any backup is made.
        let sealed_before = if has_table(&pool, "sleeve_secrets").await? {
            let sealed: i64 =
                sqlx::query_scalar("SELECT count(*) FROM sleeve_secrets WHERE sleeve LIKE 'xc1:%'")
                    .fetch_one(&pool)
                    .await?;
            let key = secrets::SleeveKey::load(&path, sealed == 0)?;
            seal_clear_rows(&pool, &key).await?;
            Some(key)
        } else {
            None
        };
        let mut backup = None;
        if existed && found > 0 && found < known {
            let b = backup_path(&path, found);
            sqlx::query("VACUUM INTO ?")
                .bind(b.to_string_lossy().into_owned())
                .execute(&pool)
                .await?;
            backup = Some(b);
        }
        // WAL is switched on only once the file is known to be ours.
        sqlx::query("PRAGMA journal_mode = WAL")
            .execute(&pool)
            .await
            .map_err(|e| classify_open_error(&path, e))?;
        pool.close().await;
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(
                opts.journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Full),
            )
            .await
            .map_err(|e| classify_open_error(&path, e))?;
        migrator.run(&pool).await?;
        let key = match sealed_before {
            Some(k) => k,
            None => secrets::SleeveKey::load(&path, true)?,
        };
        // Nothing in clear stays in the write-ahead log either.
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&pool)
            .await?;
        Ok(Store {
            pool,
            path,
            backup,
            key,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The backup made before this open migrated the file, if it did.
    pub fn backup(&self) -> Option<&Path> {
        self.backup.as_deref()
    }

    pub async fn close(self) {
        self.pool.close().await;
    }

    pub async fn create_game(&self, g: NewGame<'_>) -> Result<GameRow, StoreError> {
        self.create_game_with_log(g, &[], "in-progress").await
    }

    /// A new game with its whole log (an imported game), in one transaction: the game appears
    /// complete or not at all.
    pub async fn create_game_with_log(
        &self,
        g: NewGame<'_>,
        log: &[serde_json::Value],
        status: &str,
    ) -> Result<GameRow, StoreError> {
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO games (kind, pack_id, pack_version, seed, title, setup, created_at_ms, updated_at_ms, status)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(g.kind)
        .bind(g.pack_id)
        .bind(g.pack_version as i64)
        .bind(g.seed.to_string())
        .bind(g.title)
        .bind(g.setup)
        .bind(now)
        .bind(now)
        .bind(status)
        .fetch_one(&mut *tx)
        .await?;
        for (seq, payload) in log.iter().enumerate() {
            sqlx::query(
                "INSERT INTO commands (game_id, seq, payload, created_at_ms) VALUES (?, ?, ?, ?)",
            )
            .bind(id)
            .bind(seq as i64)
            .bind(payload.to_string())
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        self.game(id).await
    }

    pub async fn game(&self, id: i64) -> Result<GameRow, StoreError> {
        let row = sqlx::query(
            "SELECT g.*, (SELECT count(*) FROM commands c WHERE c.game_id = g.id) AS n
             FROM games g WHERE g.id = ?",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NoSuchGame(id))?;
        game_row(&row)
    }

    /// Every saved game, most recently played first.
    pub async fn list_games(&self) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.*, (SELECT count(*) FROM commands c WHERE c.game_id = g.id) AS n
             FROM games g ORDER BY g.updated_at_ms DESC, g.id DESC",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    pub async fn delete_game(&self, id: i64) -> Result<(), StoreError> {
        let done = sqlx::query("DELETE FROM games WHERE id = ?")
            .bind(id)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NoSuchGame(id));
        }
        Ok(())
    }

    /// The game's log, in order.
    pub async fn commands(&self, game_id: i64) -> Result<Vec<serde_json::Value>, StoreError> {
        self.game(game_id).await?;
        let rows: Vec<String> =
            sqlx::query_scalar("SELECT payload FROM commands WHERE game_id = ? ORDER BY seq")
                .bind(game_id)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|p| {
                serde_json::from_str(p).map_err(|e| StoreError::Corrupt {
                    path: self.path.clone(),
                    detail: format!("game {game_id} has a command that is not JSON: {e}"),
                })
            })
            .collect()
    }

    /// Appends one command at position `seq` (the current length of the log) and sets the game's
    /// status, in one transaction. Returns after commit.
    pub async fn append(
        &self,
        game_id: i64,
        seq: i64,
        payload: &serde_json::Value,
        status: &str,
    ) -> Result<(), StoreError> {
        self.append_with_secret(game_id, seq, payload, status, None)
            .await
    }

    /// The game's sleeve secrets in the order they were confirmed: (holder, sleeve JSON). Only the
    /// referee's replay reads these.
    pub async fn sleeve_secrets(
        &self,
        game_id: i64,
    ) -> Result<Vec<(usize, serde_json::Value)>, StoreError> {
        let rows = sqlx::query(
            "SELECT holder, secret, sleeve FROM sleeve_secrets WHERE game_id = ? ORDER BY secret",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let holder: i64 = r.try_get("holder")?;
                let secret: i64 = r.try_get("secret")?;
                let text: String = r.try_get("sleeve")?;
                let text = self.key.open(game_id, secret, &text).map_err(|detail| {
                    StoreError::Corrupt {
                        path: self.path.clone(),
                        detail: format!("game {game_id}: {detail}"),
                    }
                })?;
                let sleeve = serde_json::from_str(&text).map_err(|e| StoreError::Corrupt {
                    path: self.path.clone(),
                    detail: format!("game {game_id} has a sleeve that is not JSON: {e}"),
                })?;
                Ok((holder as usize, sleeve))
            })
            .collect()
    }

    /// Like `append`, and when `secret` is given, stores that sleeve secret `(number, holder,
    /// sleeve)` in the same transaction: the public log and the secret land together or not at all.
    pub async fn append_with_secret(
        &self,
        game_id: i64,
        seq: i64,
        payload: &serde_json::Value,
        status: &str,
        secret: Option<(i64, usize, &serde_json::Value)>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let found: Option<i64> =
            sqlx::query_scalar("SELECT count(*) FROM commands WHERE game_id = ?")
                .bind(game_id)
                .fetch_optional(&mut *tx)
                .await?;
        let found = found.unwrap_or(0);
        if found != seq {
            return Err(StoreError::Conflict {
                expected: seq,
                found,
            });
        }
        let now = now_ms();
        let updated = sqlx::query("UPDATE games SET updated_at_ms = ?, status = ? WHERE id = ?")
            .bind(now)
            .bind(status)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        if updated.rows_affected() == 0 {
            return Err(StoreError::NoSuchGame(game_id));
        }
        sqlx::query(
            "INSERT INTO commands (game_id, seq, payload, created_at_ms) VALUES (?, ?, ?, ?)",
        )
        .bind(game_id)
        .bind(seq)
        .bind(payload.to_string())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if let Some((number, holder, sleeve)) = secret {
            sqlx::query(
                "INSERT INTO sleeve_secrets (game_id, secret, holder, sleeve, created_at_ms)
                 VALUES (?, ?, ?, ?, ?)",
            )
            .bind(game_id)
            .bind(number)
            .bind(holder as i64)
            .bind(self.key.seal(game_id, number, &sleeve.to_string()))
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

async fn has_table(pool: &SqlitePool, name: &str) -> Result<bool, StoreError> {
    let n: i64 =
        sqlx::query_scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?")
            .bind(name)
            .fetch_one(pool)
            .await?;
    Ok(n > 0)
}

/// Seals every sleeve stored in clear (by a version before sealing), in one transaction.
async fn seal_clear_rows(pool: &SqlitePool, key: &secrets::SleeveKey) -> Result<(), StoreError> {
    let rows = sqlx::query("SELECT game_id, secret, sleeve FROM sleeve_secrets")
        .fetch_all(pool)
        .await?;
    let mut tx = pool.begin().await?;
    for r in &rows {
        let (game_id, secret): (i64, i64) = (r.try_get("game_id")?, r.try_get("secret")?);
        let text: String = r.try_get("sleeve")?;
        if secrets::SleeveKey::is_sealed(&text) {
            continue;
        }
        sqlx::query("UPDATE sleeve_secrets SET sleeve = ? WHERE game_id = ? AND secret = ?")
            .bind(key.seal(game_id, secret, &text))
            .bind(game_id)
            .bind(secret)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

fn backup_path(path: &Path, version: i64) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(format!(".backup-schema{version}-{}", now_ms()));
    path.with_file_name(name)
}

async fn applied_version(pool: &SqlitePool) -> Result<i64, StoreError> {
    let exists: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '_sqlx_migrations'",
    )
    .fetch_one(pool)
    .await?;
    if exists == 0 {
        return Ok(0);
    }
    let v: Option<i64> =
        sqlx::query_scalar("SELECT max(version) FROM _sqlx_migrations WHERE success")
            .fetch_one(pool)
            .await?;
    Ok(v.unwrap_or(0))
}

fn classify_open_error(path: &Path, e: sqlx::Error) -> StoreError {
    let text = e.to_string();
    if text.contains("not a database") || text.contains("malformed") || text.contains("corrupt") {
        StoreError::Corrupt {
            path: path.into(),
            detail: text,
        }
    } else if text.contains("unable to open")
        || text.contains("readonly")
        || text.contains("read-only")
    {
        StoreError::Unwritable {
            path: path.into(),
            detail: text,
        }
    } else {
        StoreError::Sql(e)
    }
}

fn game_row(row: &sqlx::sqlite::SqliteRow) -> Result<GameRow, StoreError> {
    let seed: String = row.try_get("seed")?;
    Ok(GameRow {
        id: row.try_get("id")?,
        kind: row.try_get("kind")?,
        pack_id: row.try_get("pack_id")?,
        pack_version: row.try_get::<i64, _>("pack_version")? as u32,
        seed: seed
            .parse()
            .map_err(|_| sqlx::Error::Decode(format!("seed {seed:?} is not a number").into()))?,
        title: row.try_get("title")?,
        created_at_ms: row.try_get("created_at_ms")?,
        updated_at_ms: row.try_get("updated_at_ms")?,
        status: row.try_get("status")?,
        commands: row.try_get("n")?,
        // A file at an older schema (a backup opened on purpose) has no setup column.
        setup: row.try_get("setup").unwrap_or_else(|_| "{}".to_owned()),
    })
}
