//! Saved games: every change is validated against the replayed state, appended to the store in
//! one transaction, and only then answered. This module holds what every kind of game shares
//! (the database, the list, a game's log); each kind has its own module (`table`, `pans`,
//! `morale_tracker`).

use std::path::Path;

use neverland_legacy::Scenario;
use neverland_store::{GameRow, Store};

use crate::error::{AppError, ErrorCode};
use crate::packs::legacy_pack;
use crate::summary::GameSummary;
use crate::timeline::Entry;

/// The saved games of one database.
pub struct Companion {
    store: Store,
    fresh_seed: Box<dyn Fn() -> u64 + Send + Sync>,
    seat_passes: crate::seat_passes::SeatPasses,
    files: crate::file_gate::FileGate,
    /// How many backups were restored since the file was opened: a table open to devices before
    /// a restore turns every device away (`neverland-lan-host` compares it).
    restores: std::sync::atomic::AtomicU64,
}

/// The built-in pack a saved Legacy game names; a version this app does not have is refused.
pub(crate) fn legacy_pack_of(row: &GameRow) -> Result<&'static neverland_legacy::Pack, AppError> {
    let scenario = Scenario::parse(&row.pack_id).ok_or_else(|| {
        crate::fail!(
            ErrorCode::Content,
            "unknown-pack",
            "game {game} uses an unknown pack {pack}",
            game = row.id,
            pack = format!("{:?}", row.pack_id)
        )
    })?;
    let pack = legacy_pack(scenario)?;
    if pack.version != row.pack_version {
        return Err(crate::fail!(
            ErrorCode::Content,
            "pack-version",
            "game {game} was saved with pack {pack} version {saved}, and this app has version {ours}",
            game = row.id,
            pack = pack.id,
            saved = row.pack_version,
            ours = pack.version
        ));
    }
    Ok(pack)
}

impl Companion {
    /// Opens the database at `path`. `fresh_seed` supplies a seed when a player gives none (the
    /// caller decides where randomness comes from).
    pub async fn open(
        path: impl AsRef<Path>,
        fresh_seed: impl Fn() -> u64 + Send + Sync + 'static,
    ) -> Result<Companion, AppError> {
        Ok(Companion {
            store: Store::open(path).await?,
            fresh_seed: Box::new(fresh_seed),
            seat_passes: Default::default(),
            files: Default::default(),
            restores: Default::default(),
        })
    }

    pub(crate) fn files(&self) -> &crate::file_gate::FileGate {
        &self.files
    }

    pub(crate) fn files_mut(&mut self) -> &mut crate::file_gate::FileGate {
        &mut self.files
    }

    pub(crate) fn seat_passes(&self) -> &crate::seat_passes::SeatPasses {
        &self.seat_passes
    }

    /// How many backups were restored over the file since it was opened.
    pub fn restores(&self) -> u64 {
        self.restores.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// A backup was restored: every seat pass is void, and the restore is counted.
    pub(crate) fn restored(&self) {
        self.seat_passes.0.lock().expect("seat passes lock").clear();
        self.restores
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    /// Closes the database (its write-ahead log folded back into the file).
    pub async fn close(self) {
        self.store.close().await
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// A seed for a game whose players gave none.
    pub(crate) fn fresh_seed(&self) -> u64 {
        (self.fresh_seed)()
    }

    pub async fn list_games(&self) -> Result<Vec<GameSummary>, AppError> {
        let mut out = Vec::new();
        for row in self.store.list_games().await? {
            out.push(self.listed(row).await);
        }
        Ok(out)
    }

    pub async fn delete_game(&self, game_id: i64) -> Result<(), AppError> {
        Ok(self.store.delete_game(game_id).await?)
    }

    /// A saved game of one kind; any other id is NotFound, saying what it is not.
    pub(crate) async fn row_of_kind(
        &self,
        game_id: i64,
        kind: &str,
        what: &str,
    ) -> Result<GameRow, AppError> {
        let row = self.store.game(game_id).await?;
        if row.kind != kind {
            return Err(crate::fail!(
                ErrorCode::NotFound,
                "wrong-kind",
                "game {game} is not {what}",
                game = game_id,
                what = what
            ));
        }
        Ok(row)
    }

    /// A game's stored log, each step read as an entry of `C`; one that cannot be read makes the
    /// database corrupt for this game.
    pub(crate) async fn log<C: serde::de::DeserializeOwned>(
        &self,
        game_id: i64,
    ) -> Result<Vec<Entry<C>>, AppError> {
        self.store
            .commands(game_id)
            .await?
            .into_iter()
            .enumerate()
            .map(|(i, v)| {
                serde_json::from_value(v).map_err(|e| {
                    crate::fail!(
                        ErrorCode::DatabaseCorrupt,
                        "step-unreadable",
                        "step {step} of game {game} cannot be read: {why}",
                        step = i,
                        game = game_id,
                        why = e
                    )
                })
            })
            .collect()
    }
}
