//! The owner's box versions: an append-only list of whole boxes (JSON text the service has
//! checked). The newest is the box new games start with; every older one stays, because the
//! games started with it replay with it.

use sqlx::Row;

use crate::{Store, StoreError, now_ms};

/// One stored version of the owner's box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoxVersion {
    pub version: i64,
    /// The whole box as JSON text.
    pub body: String,
    pub created_at_ms: i64,
}

fn box_row(r: &sqlx::sqlite::SqliteRow) -> Result<BoxVersion, StoreError> {
    Ok(BoxVersion {
        version: r.try_get("version")?,
        body: r.try_get("body")?,
        created_at_ms: r.try_get("created_at_ms")?,
    })
}

impl Store {
    /// Stores a new version of the box (one transaction) and gives its number.
    pub async fn save_box(&self, body: &str) -> Result<i64, StoreError> {
        let version: i64 = sqlx::query_scalar(
            "INSERT INTO box_versions (body, created_at_ms) VALUES (?, ?) RETURNING version",
        )
        .bind(body)
        .bind(now_ms())
        .fetch_one(&self.pool)
        .await?;
        Ok(version)
    }

    /// The newest version of the box, if the owner ever saved one.
    pub async fn latest_box(&self) -> Result<Option<BoxVersion>, StoreError> {
        let row = sqlx::query("SELECT * FROM box_versions ORDER BY version DESC LIMIT 1")
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(box_row).transpose()
    }

    /// The oldest stored version whose whole text is `body`, if any (an imported game finds the
    /// box it was played with this way).
    pub async fn find_box(&self, body: &str) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT version FROM box_versions WHERE body = ? ORDER BY version LIMIT 1",
        )
        .bind(body)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// One version of the box, by number.
    pub async fn box_version(&self, version: i64) -> Result<BoxVersion, StoreError> {
        let row = sqlx::query("SELECT * FROM box_versions WHERE version = ?")
            .bind(version)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NoSuchBox(version))?;
        box_row(&row)
    }
}
