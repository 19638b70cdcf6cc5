//! Saved games: every change is validated against the replayed state, appended to the store in
//! one transaction, and only then answered.

use std::path::Path;

use neverland_legacy::{GameState, Scenario};
use neverland_store::{GameRow, NewGame, Store};

use crate::api::{GameSummary, HistoryItem, LegacyCommand, LegacyView, NewLegacyGame, parse_seed};
use crate::error::{AppError, ErrorCode};
use crate::packs::legacy_pack;
use crate::timeline::{Entry, Timeline};

const KIND_LEGACY: &str = "legacy";
const IN_PROGRESS: &str = "in-progress";

/// The saved games of one database.
pub struct Companion {
    store: Store,
    fresh_seed: Box<dyn Fn() -> u64 + Send + Sync>,
}

/// The built-in pack a saved Legacy game names; a version this app does not have is refused.
pub(crate) fn legacy_pack_of(row: &GameRow) -> Result<&'static neverland_legacy::Pack, AppError> {
    let scenario = Scenario::parse(&row.pack_id).ok_or_else(|| {
        AppError::new(
            ErrorCode::Content,
            format!("game {} uses an unknown pack {:?}", row.id, row.pack_id),
        )
    })?;
    let pack = legacy_pack(scenario)?;
    if pack.version != row.pack_version {
        return Err(AppError::new(
            ErrorCode::Content,
            format!(
                "game {} was saved with pack {} version {}, and this app has version {}",
                row.id, pack.id, row.pack_version, pack.version
            ),
        ));
    }
    Ok(pack)
}

pub(crate) fn summary(row: GameRow) -> GameSummary {
    GameSummary {
        id: row.id,
        kind: row.kind,
        pack_id: row.pack_id,
        pack_version: row.pack_version,
        seed: row.seed.to_string(),
        title: row.title,
        created_at_ms: row.created_at_ms,
        updated_at_ms: row.updated_at_ms,
        status: row.status,
        steps: row.commands,
        players: None,
        turn: None,
    }
}

/// A loaded Legacy game: its row, pack, stored log and the state derived from it.
struct Loaded {
    row: GameRow,
    entries: usize,
    timeline: Timeline<LegacyCommand>,
    state: GameState,
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
        })
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

    /// Reads a sleeve photo (see `pans::scan_sleeve`); nothing is stored.
    pub async fn scan_sleeve(
        &self,
        photo_base64: String,
        corners: Option<Vec<[f64; 2]>>,
    ) -> Result<neverland_sleeve_scan::scan::Scan, AppError> {
        crate::pans::scan_sleeve(&photo_base64, corners)
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

    pub async fn new_legacy_game(&self, args: NewLegacyGame) -> Result<LegacyView, AppError> {
        let seed = match args.seed.as_deref().map(str::trim) {
            None | Some("") => (self.fresh_seed)(),
            Some(text) => parse_seed(text)?,
        };
        let pack = legacy_pack(args.scenario)?;
        let row = self
            .store
            .create_game(NewGame {
                kind: KIND_LEGACY,
                pack_id: &pack.id,
                pack_version: pack.version,
                seed,
                title: &pack.name,
                setup: "{}",
            })
            .await?;
        self.legacy_game(row.id).await
    }

    async fn load(&self, game_id: i64) -> Result<Loaded, AppError> {
        let row = self
            .row_of_kind(game_id, KIND_LEGACY, "a Neverland's Legacy game")
            .await?;
        let pack = legacy_pack_of(&row)?;
        let entries: Vec<Entry<LegacyCommand>> = self.log(game_id).await?;
        let timeline = Timeline::fold(&entries);
        let state = GameState::replay(pack, row.seed, &timeline.done).map_err(|(i, e)| {
            AppError::new(
                ErrorCode::Content,
                format!("game {game_id} no longer replays: command {i} is refused ({e})"),
            )
        })?;
        Ok(Loaded {
            row,
            entries: entries.len(),
            timeline,
            state,
        })
    }

    fn view(loaded: Loaded) -> LegacyView {
        let history = loaded
            .timeline
            .newest_first()
            .map(|(step, c)| HistoryItem {
                step,
                command: c.clone(),
            })
            .collect();
        LegacyView {
            can_undo: loaded.timeline.can_undo(),
            can_redo: loaded.timeline.can_redo(),
            game: summary(loaded.row),
            state: loaded.state,
            history,
        }
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
            return Err(AppError::new(
                ErrorCode::NotFound,
                format!("game {game_id} is not {what}"),
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
                    AppError::new(
                        ErrorCode::DatabaseCorrupt,
                        format!("step {i} of game {game_id} cannot be read: {e}"),
                    )
                })
            })
            .collect()
    }

    pub async fn legacy_game(&self, game_id: i64) -> Result<LegacyView, AppError> {
        Ok(Companion::view(self.load(game_id).await?))
    }

    /// Appends one log entry after it has been checked, then answers with the reloaded game.
    async fn append(
        &self,
        loaded: &Loaded,
        entry: Entry<LegacyCommand>,
    ) -> Result<LegacyView, AppError> {
        let payload = serde_json::to_value(&entry)
            .map_err(|e| AppError::new(ErrorCode::Storage, e.to_string()))?;
        self.store
            .append(loaded.row.id, loaded.entries as i64, &payload, IN_PROGRESS)
            .await?;
        self.legacy_game(loaded.row.id).await
    }

    /// Carries out a command: refused ones change nothing, accepted ones are on disk before the
    /// answer returns.
    pub async fn legacy_command(
        &self,
        game_id: i64,
        command: LegacyCommand,
    ) -> Result<LegacyView, AppError> {
        let loaded = self.load(game_id).await?;
        let mut next = loaded.state.clone();
        next.apply(&command)?;
        self.append(&loaded, Entry::Command { command }).await
    }

    pub async fn undo(&self, game_id: i64) -> Result<LegacyView, AppError> {
        let loaded = self.load(game_id).await?;
        if !loaded.timeline.can_undo() {
            return Err(AppError::new(
                ErrorCode::NothingToUndo,
                "there is nothing to undo",
            ));
        }
        self.append(&loaded, Entry::Undo).await
    }

    pub async fn redo(&self, game_id: i64) -> Result<LegacyView, AppError> {
        let loaded = self.load(game_id).await?;
        if !loaded.timeline.can_redo() {
            return Err(AppError::new(
                ErrorCode::NothingToRedo,
                "there is nothing to redo",
            ));
        }
        self.append(&loaded, Entry::Redo).await
    }
}
