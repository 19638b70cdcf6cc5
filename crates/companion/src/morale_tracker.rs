//! The Morale tracker (kind `legacy` in the database, kept for the saved games of the app's first
//! Legacy slice): each Character's Despair and their Morale Checks, beside a game played wholly on
//! the real table. The Legacy table game on the full rules engine is `table`. Every change is
//! validated against the replayed state, appended in one transaction, and only then answered.

use neverland_legacy::{MoraleTracker, Scenario};
use neverland_store::{GameRow, NewGame};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{AppError, ErrorCode};
use crate::packs::legacy_pack;
use crate::service::{Companion, legacy_pack_of};
use crate::summary::{GameSummary, parse_seed, summary};
use crate::timeline::{Entry, Timeline};

pub use neverland_legacy::TrackerCommand as MoraleCommand;

/// The database's name for this kind, from before the table game existed; old saves carry it.
pub const KIND: &str = "legacy";
const IN_PROGRESS: &str = "in-progress";

/// What the New game screen sends to start a Morale tracker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NewMoraleTracker {
    pub scenario: Scenario,
    /// A whole number from 0 to 18446744073709551615 as text; empty or absent for a fresh one.
    #[ts(optional)]
    pub seed: Option<String>,
}

/// One command in force, for the History list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct MoraleHistoryItem {
    pub step: u32,
    pub command: MoraleCommand,
}

/// A Morale tracker game as its screen sees it: the derived state and what undo/redo can do.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct MoraleView {
    pub game: GameSummary,
    pub state: MoraleTracker,
    pub can_undo: bool,
    pub can_redo: bool,
    /// Commands in force, newest first.
    pub history: Vec<MoraleHistoryItem>,
}

/// A loaded Morale tracker game: its row, pack, stored log and the state derived from it.
struct Tracker {
    row: GameRow,
    entries: usize,
    timeline: Timeline<MoraleCommand>,
    state: MoraleTracker,
}

impl Companion {
    pub async fn new_morale_tracker(&self, args: NewMoraleTracker) -> Result<MoraleView, AppError> {
        let seed = match args.seed.as_deref().map(str::trim) {
            None | Some("") => self.fresh_seed(),
            Some(text) => parse_seed(text)?,
        };
        let pack = legacy_pack(args.scenario)?;
        let row = self
            .store()
            .create_game(NewGame {
                kind: KIND,
                pack_id: &pack.id,
                pack_version: pack.version,
                seed,
                title: &pack.name,
                setup: "{}",
            })
            .await?;
        self.morale_tracker(row.id).await
    }

    async fn load_tracker(&self, game_id: i64) -> Result<Tracker, AppError> {
        let row = self
            .row_of_kind(game_id, KIND, "a Morale tracker game")
            .await?;
        let pack = legacy_pack_of(&row)?;
        let entries: Vec<Entry<MoraleCommand>> = self.log(game_id).await?;
        let timeline = Timeline::fold(&entries);
        let state = MoraleTracker::replay(pack, row.seed, &timeline.done).map_err(|(i, e)| {
            crate::fail!(
                ErrorCode::Content,
                "tracker-no-longer-replays",
                "game {game} no longer replays: command {step} is refused ({why})",
                game = game_id,
                step = i,
                why = e
            )
        })?;
        Ok(Tracker {
            row,
            entries: entries.len(),
            timeline,
            state,
        })
    }

    fn tracker_view(loaded: Tracker) -> MoraleView {
        let history = loaded
            .timeline
            .newest_first()
            .map(|(step, c)| MoraleHistoryItem {
                step,
                command: c.clone(),
            })
            .collect();
        MoraleView {
            can_undo: loaded.timeline.can_undo(),
            can_redo: loaded.timeline.can_redo(),
            game: summary(loaded.row),
            state: loaded.state,
            history,
        }
    }

    pub async fn morale_tracker(&self, game_id: i64) -> Result<MoraleView, AppError> {
        Ok(Companion::tracker_view(self.load_tracker(game_id).await?))
    }

    /// Appends one log entry after it has been checked, then answers with the reloaded game.
    async fn append_tracker(
        &self,
        loaded: &Tracker,
        entry: Entry<MoraleCommand>,
    ) -> Result<MoraleView, AppError> {
        let payload = serde_json::to_value(&entry).map_err(crate::error::unsaveable)?;
        self.store()
            .append(loaded.row.id, loaded.entries as i64, &payload, IN_PROGRESS)
            .await?;
        self.morale_tracker(loaded.row.id).await
    }

    /// Carries out a command: refused ones change nothing, accepted ones are on disk before the
    /// answer returns.
    pub async fn morale_command(
        &self,
        game_id: i64,
        command: MoraleCommand,
    ) -> Result<MoraleView, AppError> {
        let loaded = self.load_tracker(game_id).await?;
        let mut next = loaded.state.clone();
        next.apply(&command)?;
        self.append_tracker(&loaded, Entry::Command { command })
            .await
    }

    pub async fn morale_undo(&self, game_id: i64) -> Result<MoraleView, AppError> {
        let loaded = self.load_tracker(game_id).await?;
        if !loaded.timeline.can_undo() {
            return Err(crate::error::nothing_to_undo());
        }
        self.append_tracker(&loaded, Entry::Undo).await
    }

    pub async fn morale_redo(&self, game_id: i64) -> Result<MoraleView, AppError> {
        let loaded = self.load_tracker(game_id).await?;
        if !loaded.timeline.can_redo() {
            return Err(crate::error::nothing_to_redo());
        }
        self.append_tracker(&loaded, Entry::Redo).await
    }
}
