//! Seats admitted over the local network: the game, which seat (JSON the host crate defines),
//! the device's name, and the SHA-256 of its token (never the token). Revoking keeps the row.

use sqlx::Row;

use crate::{Store, StoreError, now_ms};

/// One admitted device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanSeatRow {
    pub id: i64,
    pub game_id: i64,
    /// JSON text.
    pub seat: String,
    pub name: String,
    pub token_hash: Vec<u8>,
    pub created_at_ms: i64,
    pub revoked: bool,
}

fn seat_row(r: &sqlx::sqlite::SqliteRow) -> Result<LanSeatRow, StoreError> {
    let revoked: Option<i64> = r.try_get("revoked_at_ms")?;
    Ok(LanSeatRow {
        id: r.try_get("id")?,
        game_id: r.try_get("game_id")?,
        seat: r.try_get("seat")?,
        name: r.try_get("name")?,
        token_hash: r.try_get("token_hash")?,
        created_at_ms: r.try_get("created_at_ms")?,
        revoked: revoked.is_some(),
    })
}

impl Store {
    /// Admits a device to a game's table; answers its row.
    pub async fn add_lan_seat(
        &self,
        game_id: i64,
        seat: &str,
        name: &str,
        token_hash: &[u8],
    ) -> Result<LanSeatRow, StoreError> {
        self.game(game_id).await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO lan_seats (game_id, seat, name, token_hash, created_at_ms)
             VALUES (?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(game_id)
        .bind(seat)
        .bind(name)
        .bind(token_hash)
        .bind(now_ms())
        .fetch_one(&self.pool)
        .await?;
        let row = sqlx::query("SELECT * FROM lan_seats WHERE id = ?")
            .bind(id)
            .fetch_one(&self.pool)
            .await?;
        seat_row(&row)
    }

    /// Every device ever admitted to this game's table (revoked ones too), oldest first.
    pub async fn lan_seats(&self, game_id: i64) -> Result<Vec<LanSeatRow>, StoreError> {
        let rows = sqlx::query("SELECT * FROM lan_seats WHERE game_id = ? ORDER BY id")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(seat_row).collect()
    }

    /// Turns a device away for good: its token opens nothing from now on.
    pub async fn revoke_lan_seat(&self, seat_id: i64) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE lan_seats SET revoked_at_ms = ? WHERE id = ? AND revoked_at_ms IS NULL",
        )
        .bind(now_ms())
        .bind(seat_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{NewGame, Store};

    #[tokio::test]
    async fn seats_are_kept_hashed_and_revoked_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.db");
        let store = Store::open(&path).await.unwrap();
        let g = store
            .create_game(NewGame {
                kind: "pans-island",
                pack_id: "p",
                pack_version: 1,
                seed: 1,
                title: "t",
                setup: "{}",
            })
            .await
            .unwrap();
        let a = store
            .add_lan_seat(g.id, "{\"pans\":0}", "Ann's phone", &[7; 32])
            .await
            .unwrap();
        assert!(!a.revoked);
        assert!(
            store
                .add_lan_seat(g.id, "{}", "dup", &[7; 32])
                .await
                .is_err()
        );
        assert!(
            store
                .add_lan_seat(g.id + 99, "{}", "x", &[8; 32])
                .await
                .is_err()
        );
        store.revoke_lan_seat(a.id).await.unwrap();
        store.close().await;
        let store = Store::open(&path).await.unwrap();
        let seats = store.lan_seats(g.id).await.unwrap();
        assert_eq!(seats.len(), 1);
        assert!(seats[0].revoked);
        assert_eq!(seats[0].token_hash, vec![7; 32]);
    }
}
