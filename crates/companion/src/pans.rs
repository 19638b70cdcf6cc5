//! Pan's Island games: the public command log in the store's `commands`, each sleeve's hidden
//! facts in the store's `sleeve_secrets`, and the state rebuilt by replaying the one with the
//! other. Nothing this module answers carries a hidden position: the only view it builds is the
//! engine's public view, and the log says "player P set up sleeve N", never where.

use base64::Engine as _;
use neverland_pans_island::board::Board;
use neverland_pans_island::content::Events;
use neverland_pans_island::game::{self, Game, PublicView, Ring, Setup, SleeveInput, Verdict, Xy};
use neverland_sleeve_scan::straighten;
use neverland_store::NewGame;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{AppError, ErrorCode};
use crate::owner_box::PansContent;
use crate::service::Companion;
use crate::summary::{GameSummary, parse_seed, summary};
use crate::timeline::{Entry, Timeline};

/// A sleeve photo read (the contract's JSON, with confidences, doubts and warnings) and the card
/// straightened upright for the holder to check it by eye: shown only to its holder, to confirm
/// or correct, and never stored as it is.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SleeveScan {
    #[serde(flatten)]
    pub scan: neverland_sleeve_scan::scan::Scan,
    /// The photo straightened through `card.corners_px` (card upright), as a JPEG data URL. It
    /// covers card millimetres from `-upright_margin` to the card's size plus `upright_margin`.
    pub upright: String,
    pub upright_margin: f64,
}

pub use neverland_pans_island::game::Command as PansCommand;

pub use crate::summary::KIND_PANS;
pub const KIND_CAMPAIGN: &str = "pans-campaign";
const PACK_ID: &str = "pans-island";
const PACK_VERSION: u32 = 1;

/// What the New game screen sends for Pan's Island.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct NewPansGame {
    pub setup: Setup,
    /// A whole number as text; empty or absent for a fresh one.
    #[ts(optional)]
    pub seed: Option<String>,
    /// The campaign this game belongs to: its Events come from the campaign's envelope (the
    /// set-up's own `events` are then ignored).
    #[ts(optional)]
    #[serde(default)]
    pub campaign: Option<i64>,
}

/// One game of a campaign, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct CampaignGame {
    pub game_id: i64,
    pub status: String,
    /// What the game's end did to the envelope (absent while it is being played).
    pub record: Option<neverland_pans_island::campaign::GameRecord>,
}

/// A campaign: the Event envelope for the next game and the games so far.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct CampaignView {
    pub campaign: GameSummary,
    pub envelope: Vec<neverland_pans_island::content::Event>,
    pub games: Vec<CampaignGame>,
    /// The campaign's game being played, if any (the next starts when it ends).
    pub in_progress: Option<i64>,
    /// Every Event card (for the names in the games' records).
    pub events: Vec<neverland_pans_island::content::Event>,
}

/// A sleeve as its holder confirmed it, in card millimetres (0..60 across, 0..90 down, upright),
/// as the photo reading or the manual entry gives it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CardSleeve {
    pub cross: Xy,
    pub hooks: Vec<Ring>,
    pub dark_areas: Vec<Vec<[f64; 2]>>,
}

/// The board as the screens draw it (public content, board millimetres).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct BoardView {
    pub width: f64,
    pub height: f64,
    /// The mini-card's size in card millimetres (the sleeve screens draw it).
    pub card_width: f64,
    pub card_height: f64,
    pub accessible: Vec<Vec<[f64; 2]>>,
    pub inaccessible: Vec<Vec<[f64; 2]>>,
    pub movement: f64,
    pub explore_radius: f64,
    pub camp_radius: f64,
}

/// The built-in board, for drawing.
pub fn board_view(b: &Board) -> BoardView {
    let polys = |ps: &[neverland_pans_island::geometry::Polygon]| {
        ps.iter()
            .map(|p| p.0.iter().map(|q| [q.x, q.y]).collect())
            .collect()
    };
    BoardView {
        width: b.width,
        height: b.height,
        card_width: b.width / b.card_scale.0,
        card_height: b.height / b.card_scale.1,
        accessible: polys(&b.accessible),
        inaccessible: polys(&b.inaccessible),
        movement: b.movement,
        explore_radius: b.explore_radius,
        camp_radius: b.camp_radius,
    }
}

/// One player's hand, for their own Visions screen (never a sleeve).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct PansHand {
    pub player: usize,
    pub hand: Vec<neverland_pans_island::game::GaugeCard>,
    /// The number of the Neverland mini-card this player slid into their sleeve.
    pub mini_card: u8,
}

/// The Vision cards the set-up discarded from the top of each pile for this player count.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, TS)]
pub struct SetupDiscards {
    pub distance: usize,
    pub direction: usize,
}

/// One step of the public log. A sleeve is only named by its number in the secret table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum PansStep {
    /// A public command (any command but setting a sleeve).
    Play { command: PansCommand },
    /// The holder confirmed sleeve number `secret` (its facts are in the secret table).
    Sleeve { player: usize, secret: u32 },
}

/// One step, for the History list.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct PansHistoryItem {
    pub step: u32,
    pub entry: PansStep,
    /// What the referee answered, for an Explore or an Uncover Hook.
    pub verdict: Option<Verdict>,
}

/// A Pan's Island game as every screen sees it: public facts only.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct PansView {
    pub game: GameSummary,
    pub setup: Setup,
    /// The campaign this game belongs to, if any.
    pub campaign: Option<i64>,
    pub state: PublicView,
    pub can_undo: bool,
    pub can_redo: bool,
    /// Steps in force, newest first.
    pub history: Vec<PansHistoryItem>,
    /// What the set-up discarded from the Vision piles (the rulebook's table by player count).
    pub setup_discards: SetupDiscards,
    /// Verdicts that were shown and then undone (and not redone), oldest first: once shown, a
    /// verdict stays part of the record.
    pub withdrawn: Vec<PansHistoryItem>,
}

pub(crate) struct Loaded {
    /// The board, Vision cards and Events of the owner's box the game started with.
    pub(crate) content: &'static PansContent,
    pub(crate) row: neverland_store::GameRow,
    pub(crate) setup: Setup,
    pub(crate) log: Vec<Entry<PansStep>>,
    pub(crate) secrets: Vec<(usize, SleeveInput)>,
    pub(crate) timeline: Timeline<PansStep>,
    pub(crate) game: Game,
}

fn refused(e: game::Refusal) -> AppError {
    AppError::pans(ErrorCode::IllegalCommand, e)
}

fn corrupt(game_id: i64, what: impl std::fmt::Display) -> AppError {
    crate::fail!(
        ErrorCode::DatabaseCorrupt,
        "game-unreadable",
        "game {game} cannot be read: {what}",
        game = game_id,
        what = what
    )
}

/// The engine command a stored step stands for.
fn command(
    step: &PansStep,
    secrets: &[(usize, SleeveInput)],
    game_id: i64,
) -> Result<PansCommand, AppError> {
    match step {
        PansStep::Play { command } => Ok(command.clone()),
        PansStep::Sleeve { player, secret } => {
            let (holder, sleeve) = secrets
                .get(*secret as usize)
                .ok_or_else(|| corrupt(game_id, format!("sleeve {secret} is missing")))?;
            if holder != player {
                return Err(corrupt(
                    game_id,
                    format!("sleeve {secret} belongs to seat {holder}, not {player}"),
                ));
            }
            Ok(PansCommand::SetSleeve {
                player: *player,
                sleeve: sleeve.clone(),
            })
        }
    }
}

/// A sleeve's cross, rings and dark areas with x scaled by `k.0`, y by `k.1` and radii by `k.2`.
type SleeveParts = (Xy, Vec<Ring>, Vec<Vec<[f64; 2]>>);
fn rescaled(cross: &Xy, hooks: &[Ring], dark: &[Vec<[f64; 2]>], k: (f64, f64, f64)) -> SleeveParts {
    let (sx, sy, sr) = k;
    let hooks = hooks
        .iter()
        .map(|h| Ring {
            x: h.x * sx,
            y: h.y * sy,
            r: h.r * sr,
        })
        .collect();
    let dark = dark
        .iter()
        .map(|poly| poly.iter().map(|p| [p[0] * sx, p[1] * sy]).collect())
        .collect();
    (
        Xy {
            x: cross.x * sx,
            y: cross.y * sy,
        },
        hooks,
        dark,
    )
}

/// Card millimetres to board millimetres (the mini-card is the board in small; a radius scales
/// by the mean of the two axes).
pub fn card_to_board(board: &Board, s: &CardSleeve) -> SleeveInput {
    let (sx, sy) = board.card_scale;
    let k = (sx, sy, (sx + sy) / 2.0);
    let (cross, hooks, dark_areas) = rescaled(&s.cross, &s.hooks, &s.dark_areas, k);
    SleeveInput {
        cross,
        hooks,
        dark_areas,
    }
}

/// Board millimetres to card millimetres: the inverse of [`card_to_board`] (how a holder would
/// enter a sleeve the bots dealt in board millimetres).
pub fn board_to_card(board: &Board, s: &SleeveInput) -> CardSleeve {
    let (sx, sy) = board.card_scale;
    let k = (1.0 / sx, 1.0 / sy, 2.0 / (sx + sy));
    let (cross, hooks, dark_areas) = rescaled(&s.cross, &s.hooks, &s.dark_areas, k);
    CardSleeve {
        cross,
        hooks,
        dark_areas,
    }
}

/// Reads a sleeve photo (its bytes as base64, as the webview's file reader gives them) exactly as
/// `neverland pans scan` does. Nothing is stored: the holder confirms first.
pub fn scan_sleeve(
    photo_base64: &str,
    corners: Option<Vec<[f64; 2]>>,
) -> Result<SleeveScan, AppError> {
    let text = photo_base64
        .split_once(";base64,")
        .map_or(photo_base64, |(_, b)| b);
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text.trim())
        .map_err(|e| {
            crate::fail!(
                ErrorCode::PhotoUnreadable,
                "photo-not-whole",
                "the photo did not arrive whole ({error})",
                error = e
            )
        })?;
    let corners = match corners {
        None => None,
        Some(c) => Some(<[[f64; 2]; 4]>::try_from(c).map_err(|c| {
            crate::fail!(
                ErrorCode::InvalidInput,
                "four-corners",
                "tap exactly 4 corners of the card, not {n}",
                n = c.len()
            )
        })?),
    };
    let refused = |e: neverland_sleeve_scan::ScanError| match e {
        neverland_sleeve_scan::ScanError::Unreadable(why) => crate::fail!(
            ErrorCode::PhotoUnreadable,
            "photo-unreadable",
            "this photo cannot be read: {why}",
            why = why
        ),
        neverland_sleeve_scan::ScanError::NoCard(why) => crate::fail!(
            ErrorCode::NoCardInPhoto,
            "no-card-in-photo",
            "no card was found in this photo: {why}",
            why = why
        ),
    };
    // The same two steps as `scan_photo`, keeping the decoded photo to straighten the card.
    let img = neverland_sleeve_scan::decode(&bytes).map_err(refused)?;
    let scan = neverland_sleeve_scan::scan_image(&img, corners).map_err(refused)?;
    let jpeg = straighten::upright_jpeg(&img, &scan.card.corners_px);
    Ok(SleeveScan {
        scan,
        upright: format!(
            "data:image/jpeg;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(jpeg)
        ),
        upright_margin: straighten::MARGIN_MM,
    })
}

impl Companion {
    /// Reads a sleeve photo (see `scan_sleeve`); nothing is stored.
    pub async fn scan_sleeve(
        &self,
        photo_base64: String,
        corners: Option<Vec<[f64; 2]>>,
    ) -> Result<SleeveScan, AppError> {
        scan_sleeve(&photo_base64, corners)
    }

    /// The board a game plays on (the owner's box it started with), or with no game the board
    /// new games start with.
    pub async fn pans_board(&self, game_id: Option<i64>) -> Result<BoardView, AppError> {
        let version = match game_id {
            Some(id) => {
                let row = self
                    .row_of_kind(id, KIND_PANS, "a Pan's Island game")
                    .await?;
                box_version_of(&row.setup)
            }
            None => self.current_box().await?.0,
        };
        Ok(board_view(&self.pans_content(version).await?.board))
    }

    pub async fn new_campaign(&self, seed: Option<String>) -> Result<CampaignView, AppError> {
        let seed = match seed.as_deref().map(str::trim) {
            None | Some("") => self.fresh_seed(),
            Some(text) => parse_seed(text)?,
        };
        let row = self
            .store()
            .create_game(NewGame {
                kind: KIND_CAMPAIGN,
                pack_id: PACK_ID,
                pack_version: PACK_VERSION,
                seed,
                title: "Pan's Island campaign",
                setup: "{}",
            })
            .await?;
        self.campaign(row.id).await
    }

    /// The campaign as its games so far made it (replayed from their outcomes).
    pub async fn campaign(&self, campaign_id: i64) -> Result<CampaignView, AppError> {
        let row = self.store().game(campaign_id).await?;
        if row.kind != KIND_CAMPAIGN {
            return Err(crate::fail!(
                ErrorCode::NotFound,
                "not-a-campaign",
                "{id} is not a Pan's Island campaign",
                id = campaign_id
            ));
        }
        let mut linked: Vec<neverland_store::GameRow> = self
            .store()
            .list_games()
            .await?
            .into_iter()
            .filter(|g| g.kind == KIND_PANS && campaign_of(&g.setup) == Some(campaign_id))
            .collect();
        linked.sort_by_key(|g| g.id);
        let outcomes: Vec<game::Outcome> = linked
            .iter()
            .filter_map(|g| match g.status.as_str() {
                "won" => Some(game::Outcome::Won),
                "lost" => Some(game::Outcome::Lost),
                _ => None,
            })
            .collect();
        // The Events as the owner's box has them now: the names and effects the screen shows
        // are those the campaign's next game starts with.
        let (box_version, _) = self.current_box().await?;
        let events = &self.pans_content(box_version).await?.events;
        let c = neverland_pans_island::campaign::Campaign::replay(events, row.seed, &outcomes);
        let mut records = c.history.iter();
        let games = linked
            .iter()
            .map(|g| CampaignGame {
                game_id: g.id,
                status: g.status.clone(),
                record: if g.status == "won" || g.status == "lost" {
                    records.next().cloned()
                } else {
                    None
                },
            })
            .collect();
        Ok(CampaignView {
            in_progress: linked
                .iter()
                .find(|g| g.status == "in-progress")
                .map(|g| g.id),
            envelope: c
                .envelope
                .iter()
                .filter_map(|id| events.get(id).cloned())
                .collect(),
            games,
            events: events.events.clone(),
            campaign: summary(row),
        })
    }

    pub async fn new_pans_game(&self, args: NewPansGame) -> Result<PansView, AppError> {
        let seed = match args.seed.as_deref().map(str::trim) {
            None | Some("") => self.fresh_seed(),
            Some(text) => parse_seed(text)?,
        };
        let mut args = args;
        // A new game always stores its reading of "within the circle" (the default unless the
        // players chose another), so that replay never depends on today's default.
        args.setup.within = Some(
            args.setup
                .within
                .unwrap_or(neverland_pans_island::check::Within::DEFAULT),
        );
        if let Some(campaign_id) = args.campaign {
            let c = self.campaign(campaign_id).await?;
            if let Some(g) = c.in_progress {
                return Err(crate::fail!(
                    ErrorCode::IllegalCommand,
                    "campaign-game-open",
                    "finish game {game} of this campaign before starting the next",
                    game = g
                ));
            }
            args.setup.events = c.envelope.iter().map(|e| e.id.clone()).collect();
        }
        // The owner's box the game plays with, for good.
        let (box_version, _) = self.current_box().await?;
        let content = self.pans_content(box_version).await?;
        // Refused set-ups never reach the store.
        let chosen = chosen_events(&content.events, &args.setup)?;
        Game::new(&content.board, &content.visions, &chosen, &args.setup, seed).map_err(refused)?;
        let mut setup = serde_json::to_value(&args.setup).map_err(crate::error::unsaveable)?;
        if let (Some(id), Some(obj)) = (args.campaign, setup.as_object_mut()) {
            obj.insert("campaign".into(), id.into());
        }
        if let (Some(v), Some(obj)) = (box_version, setup.as_object_mut()) {
            obj.insert("box_version".into(), v.into());
        }
        let setup = setup.to_string();
        let row = self
            .store()
            .create_game(NewGame {
                kind: KIND_PANS,
                pack_id: PACK_ID,
                pack_version: PACK_VERSION,
                seed,
                title: "Pan's Island",
                setup: &setup,
            })
            .await?;
        self.pans_game(row.id).await
    }

    pub(crate) async fn load_pans(&self, game_id: i64) -> Result<Loaded, AppError> {
        let row = self
            .row_of_kind(game_id, KIND_PANS, "a Pan's Island game")
            .await?;
        let setup: Setup = serde_json::from_str(&row.setup).map_err(|e| corrupt(game_id, e))?;
        let secrets = self
            .store()
            .sleeve_secrets(game_id)
            .await?
            .into_iter()
            .map(|(holder, v)| {
                Ok((
                    holder,
                    serde_json::from_value(v).map_err(|e| corrupt(game_id, e))?,
                ))
            })
            .collect::<Result<Vec<(usize, SleeveInput)>, AppError>>()?;
        let entries: Vec<Entry<PansStep>> = self.log(game_id).await?;
        let timeline = Timeline::fold(&entries);
        let content = self.pans_content(box_version_of(&row.setup)).await?;
        let game = replay_game(content, &setup, row.seed, &secrets, &timeline.done, game_id)?;
        Ok(Loaded {
            content,
            row,
            setup,
            log: entries,
            secrets,
            timeline,
            game,
        })
    }

    pub(crate) fn pans_view(loaded: Loaded) -> Result<PansView, AppError> {
        // Each Explore and Uncover in force gave one verdict, in order.
        let mut verdicts = loaded.game.public_view().verdicts.into_iter();
        let mut history: Vec<PansHistoryItem> = loaded
            .timeline
            .done
            .iter()
            .enumerate()
            .map(|(i, entry)| PansHistoryItem {
                step: i as u32 + 1,
                entry: entry.clone(),
                verdict: if gives_verdict(entry) {
                    verdicts.next()
                } else {
                    None
                },
            })
            .collect();
        history.reverse();
        let mut withdrawn = Vec::new();
        for r in &loaded.timeline.retracted {
            if !gives_verdict(&r.command) {
                continue;
            }
            // The game as it was when the verdict was undone: its steps before that one.
            let then = Timeline::fold(&loaded.log[..r.log_index]);
            let upto = &then.done[..r.step as usize];
            let game = replay_game(
                loaded.content,
                &loaded.setup,
                loaded.row.seed,
                &loaded.secrets,
                upto,
                loaded.row.id,
            )?;
            withdrawn.push(PansHistoryItem {
                step: r.step,
                entry: r.command.clone(),
                verdict: game.public_view().verdicts.pop(),
            });
        }
        let [distance, direction] =
            loaded.content.visions.discards[loaded.setup.heroes.len().clamp(2, 5) - 2];
        Ok(PansView {
            setup_discards: SetupDiscards {
                distance,
                direction,
            },
            can_undo: loaded.timeline.can_undo(),
            can_redo: loaded.timeline.can_redo(),
            state: loaded.game.public_view(),
            setup: loaded.setup,
            campaign: campaign_of(&loaded.row.setup),
            game: summary(loaded.row),
            history,
            withdrawn,
        })
    }

    pub async fn pans_game(&self, game_id: i64) -> Result<PansView, AppError> {
        Companion::pans_view(self.load_pans(game_id).await?)
    }

    fn status(game: &Game) -> &'static str {
        match game.is_over() {
            None => "in-progress",
            Some(game::Outcome::Won) => "won",
            Some(game::Outcome::Lost) => "lost",
        }
    }

    /// Appends a checked step (and, for a sleeve, its secret in the same transaction).
    async fn append_pans(
        &self,
        loaded: &Loaded,
        entry: Entry<PansStep>,
        next: &Game,
        secret: Option<(usize, &SleeveInput)>,
    ) -> Result<PansView, AppError> {
        let payload = serde_json::to_value(&entry).map_err(crate::error::unsaveable)?;
        let sleeve = match secret {
            Some((_, s)) => Some(serde_json::to_value(s).map_err(crate::error::unsaveable)?),
            None => None,
        };
        let secret = match (secret, &sleeve) {
            (Some((holder, _)), Some(json)) => Some((loaded.secrets.len() as i64, holder, json)),
            _ => None,
        };
        self.store()
            .append_with_secret(
                loaded.row.id,
                loaded.log.len() as i64,
                &payload,
                Companion::status(next),
                secret,
            )
            .await?;
        self.pans_game(loaded.row.id).await
    }

    /// A public command. Sleeves go through `set_sleeve`, which keeps them secret.
    pub async fn pans_command(
        &self,
        game_id: i64,
        command: PansCommand,
    ) -> Result<PansView, AppError> {
        self.pans_command_at(game_id, None, command).await
    }

    /// `pans_command` made against the table of `since` steps (the stored log's length when the
    /// player decided): refused with `TableChanged` when the log has moved on, and the store's
    /// append refuses too if another step lands between this load and the append.
    pub async fn pans_command_at(
        &self,
        game_id: i64,
        since: Option<i64>,
        command: PansCommand,
    ) -> Result<PansView, AppError> {
        if matches!(command, PansCommand::SetSleeve { .. }) {
            return Err(crate::fail!(
                ErrorCode::InvalidInput,
                "sleeve-not-public",
                "a sleeve is confirmed by its holder on the sleeve screen, not as a public command"
            ));
        }
        let loaded = self.load_pans(game_id).await?;
        same_table(&loaded, since)?;
        let mut next = loaded.game.clone();
        next.apply(&command).map_err(refused)?;
        let step = PansStep::Play { command };
        self.append_pans(&loaded, Entry::Command { command: step }, &next, None)
            .await
    }

    /// The holder confirms their sleeve (card millimetres). Its facts are stored apart from the
    /// log; the answer is the public view, which says only that the player holds a sleeve.
    pub async fn set_sleeve(
        &self,
        game_id: i64,
        player: usize,
        sleeve: CardSleeve,
    ) -> Result<PansView, AppError> {
        self.set_sleeve_at(game_id, None, player, sleeve).await
    }

    /// `set_sleeve` made against the table of `since` steps (see `pans_command_at`).
    pub async fn set_sleeve_at(
        &self,
        game_id: i64,
        since: Option<i64>,
        player: usize,
        sleeve: CardSleeve,
    ) -> Result<PansView, AppError> {
        let loaded = self.load_pans(game_id).await?;
        same_table(&loaded, since)?;
        let input = card_to_board(&loaded.content.board, &sleeve);
        let mut next = loaded.game.clone();
        next.apply(&PansCommand::SetSleeve {
            player,
            sleeve: input.clone(),
        })
        .map_err(refused)?;
        let step = PansStep::Sleeve {
            player,
            secret: loaded.secrets.len() as u32,
        };
        self.append_pans(
            &loaded,
            Entry::Command { command: step },
            &next,
            Some((player, &input)),
        )
        .await
    }

    pub async fn pans_undo(&self, game_id: i64) -> Result<PansView, AppError> {
        let loaded = self.load_pans(game_id).await?;
        let mut shorter = loaded.timeline.done.clone();
        if shorter.pop().is_none() {
            return Err(crate::error::nothing_to_undo());
        }
        let next = replay_game(
            loaded.content,
            &loaded.setup,
            loaded.row.seed,
            &loaded.secrets,
            &shorter,
            game_id,
        )?;
        self.append_pans(&loaded, Entry::Undo, &next, None).await
    }

    pub async fn pans_redo(&self, game_id: i64) -> Result<PansView, AppError> {
        let loaded = self.load_pans(game_id).await?;
        let Some(back) = loaded.timeline.undone.last() else {
            return Err(crate::error::nothing_to_redo());
        };
        let mut longer = loaded.timeline.done.clone();
        longer.push(back.clone());
        let next = replay_game(
            loaded.content,
            &loaded.setup,
            loaded.row.seed,
            &loaded.secrets,
            &longer,
            game_id,
        )?;
        self.append_pans(&loaded, Entry::Redo, &next, None).await
    }
}

/// Refuses a command made against another table than the stored one.
fn same_table(loaded: &Loaded, since: Option<i64>) -> Result<(), AppError> {
    match since {
        Some(n) if n != loaded.log.len() as i64 => {
            Err(crate::error::table_changed(n, loaded.log.len()))
        }
        _ => Ok(()),
    }
}

/// The game a set-up, a seed, the sleeve secrets and the steps in force make.
fn replay_game(
    content: &PansContent,
    setup: &Setup,
    seed: u64,
    secrets: &[(usize, SleeveInput)],
    steps: &[PansStep],
    game_id: i64,
) -> Result<Game, AppError> {
    let commands = steps
        .iter()
        .map(|s| command(s, secrets, game_id))
        .collect::<Result<Vec<_>, _>>()?;
    let chosen = chosen_events(&content.events, setup)?;
    game::replay(
        &content.board,
        &content.visions,
        &chosen,
        setup,
        seed,
        &commands,
    )
    .map_err(|(i, e)| {
        let mut err = crate::fail!(
            ErrorCode::Content,
            "no-longer-replays",
            "game {game} no longer replays: {step} is refused ({why})",
            game = game_id,
            step = i.map_or("its set-up".to_owned(), |i| format!("step {}", i + 1)),
            why = e
        );
        if let Some(d) = err.detail.as_mut() {
            // The step as a number for the screen's own words (0: the set-up).
            d.args
                .insert("step".into(), i.map_or(0, |i| i + 1).to_string());
        }
        err
    })
}

/// Whether a step asks the referee (and so has a verdict).
fn gives_verdict(step: &PansStep) -> bool {
    matches!(
        step,
        PansStep::Play {
            command: PansCommand::Explore { .. } | PansCommand::Uncover { .. }
        }
    )
}

/// The campaign a stored Pan's Island set-up belongs to.
/// The version of the owner's box a game started with (none: the built-in content).
fn box_version_of(setup: &str) -> Option<i64> {
    serde_json::from_str::<serde_json::Value>(setup)
        .ok()?
        .get("box_version")?
        .as_i64()
}

fn campaign_of(setup: &str) -> Option<i64> {
    serde_json::from_str::<serde_json::Value>(setup)
        .ok()?
        .get("campaign")?
        .as_i64()
}

fn chosen_events<'a>(
    events: &'a Events,
    setup: &Setup,
) -> Result<Vec<&'a neverland_pans_island::content::Event>, AppError> {
    setup
        .events
        .iter()
        .map(|id| {
            events.get(id).ok_or_else(|| {
                crate::fail!(
                    ErrorCode::InvalidInput,
                    "no-such-event",
                    "there is no Event {id}",
                    id = format!("{id:?}")
                )
            })
        })
        .collect()
}
