//! The Warden's screen for the Neverland role-playing rules: a campaign is a seed and a log of
//! engine commands in the store; every answer is the state rebuilt by replay. Undo and redo are
//! appended like any step (see `timeline`).

use neverland_store::NewGame;
use neverland_warden::campaign::CampaignView as State;
use neverland_warden::{Campaign, Tables};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{AppError, ErrorCode};
use crate::service::Companion;
use crate::summary::{GameSummary, parse_seed, summary};
use crate::timeline::{Entry, Timeline};

pub use neverland_warden::Command as WardenCommand;
pub use neverland_warden::Tables as WardenTables;

pub const KIND_WARDEN: &str = "warden";
const PACK_ID: &str = "warden";
const PACK_VERSION: u32 = 1;
const IN_PROGRESS: &str = "in-progress";

/// What the New campaign button sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NewWardenCampaign {
    /// The campaign's name; empty or absent for the default.
    #[ts(optional)]
    pub title: Option<String>,
    /// A whole number as text; empty or absent for a fresh one.
    #[ts(optional)]
    pub seed: Option<String>,
}

/// One command in force, for the History list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct WardenHistoryItem {
    pub step: u32,
    pub command: WardenCommand,
}

/// A Warden campaign as the screen sees it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct WardenView {
    pub game: GameSummary,
    pub state: State,
    pub can_undo: bool,
    pub can_redo: bool,
    /// Commands in force, newest first.
    pub history: Vec<WardenHistoryItem>,
}

/// A Warden campaign as a player's own device sees it: the party's view only
/// (`neverland_warden::party`), never the foes' numbers or the command history.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct WardenPartyView {
    pub game: GameSummary,
    pub state: neverland_warden::party::PartyView,
}

struct Loaded {
    row: neverland_store::GameRow,
    entries: usize,
    timeline: Timeline<WardenCommand>,
    campaign: Campaign,
}

fn tables() -> &'static Tables {
    static T: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    T.get_or_init(Tables::builtin)
}

impl Companion {
    /// The Scars and Reactions tables, for the rules reference and the Scar cards.
    pub async fn warden_tables(&self) -> Result<Tables, AppError> {
        Ok(tables().clone())
    }

    pub async fn new_warden_campaign(
        &self,
        args: NewWardenCampaign,
    ) -> Result<WardenView, AppError> {
        let seed = match args.seed.as_deref().map(str::trim) {
            None | Some("") => self.fresh_seed(),
            Some(text) => parse_seed(text)?,
        };
        let title = match args.title.as_deref().map(str::trim) {
            None | Some("") => "Warden's campaign".to_owned(),
            Some(t) if t.chars().count() > 80 => {
                return Err(crate::fail!(
                    ErrorCode::InvalidInput,
                    "campaign-name-long",
                    "the campaign's name is longer than 80 characters"
                ));
            }
            Some(t) => t.to_owned(),
        };
        let row = self
            .store()
            .create_game(NewGame {
                kind: KIND_WARDEN,
                pack_id: PACK_ID,
                pack_version: PACK_VERSION,
                seed,
                title: &title,
                setup: "{}",
            })
            .await?;
        self.warden_campaign(row.id).await
    }

    async fn load_warden(&self, game_id: i64) -> Result<Loaded, AppError> {
        let row = self
            .row_of_kind(game_id, KIND_WARDEN, "a Warden's campaign")
            .await?;
        let entries: Vec<Entry<WardenCommand>> = self.log(game_id).await?;
        let timeline = Timeline::fold(&entries);
        let campaign = Campaign::replay(row.seed, &timeline.done, tables()).map_err(|(i, e)| {
            crate::fail!(
                ErrorCode::Content,
                "warden-no-longer-replays",
                "campaign {game} no longer replays: command {step} is refused ({why})",
                game = game_id,
                step = i,
                why = e
            )
        })?;
        Ok(Loaded {
            row,
            entries: entries.len(),
            timeline,
            campaign,
        })
    }

    pub async fn warden_campaign(&self, game_id: i64) -> Result<WardenView, AppError> {
        let l = self.load_warden(game_id).await?;
        let history = l
            .timeline
            .newest_first()
            .map(|(step, c)| WardenHistoryItem {
                step,
                command: c.clone(),
            })
            .collect();
        Ok(WardenView {
            can_undo: l.timeline.can_undo(),
            can_redo: l.timeline.can_redo(),
            state: l.campaign.view(),
            game: summary(l.row),
            history,
        })
    }

    /// The party's view of a campaign, for the players' own devices.
    pub async fn warden_party(&self, game_id: i64) -> Result<WardenPartyView, AppError> {
        let l = self.load_warden(game_id).await?;
        Ok(WardenPartyView {
            state: l.campaign.view().party(),
            game: summary(l.row),
        })
    }

    async fn warden_append(
        &self,
        l: &Loaded,
        entry: Entry<WardenCommand>,
    ) -> Result<WardenView, AppError> {
        let payload = serde_json::to_value(&entry).map_err(crate::error::unsaveable)?;
        self.store()
            .append(l.row.id, l.entries as i64, &payload, IN_PROGRESS)
            .await?;
        self.warden_campaign(l.row.id).await
    }

    /// Carries out a command: a refused one changes nothing, an accepted one is on disk first.
    pub async fn warden_command(
        &self,
        game_id: i64,
        command: WardenCommand,
    ) -> Result<WardenView, AppError> {
        let l = self.load_warden(game_id).await?;
        l.campaign
            .preview(tables(), &command)
            .map_err(|r| AppError::warden(ErrorCode::IllegalCommand, r))?;
        self.warden_append(&l, Entry::Command { command }).await
    }

    pub async fn warden_undo(&self, game_id: i64) -> Result<WardenView, AppError> {
        let l = self.load_warden(game_id).await?;
        if !l.timeline.can_undo() {
            return Err(crate::error::nothing_to_undo());
        }
        self.warden_append(&l, Entry::Undo).await
    }

    pub async fn warden_redo(&self, game_id: i64) -> Result<WardenView, AppError> {
        let l = self.load_warden(game_id).await?;
        if !l.timeline.can_redo() {
            return Err(crate::error::nothing_to_redo());
        }
        self.warden_append(&l, Entry::Redo).await
    }
}
