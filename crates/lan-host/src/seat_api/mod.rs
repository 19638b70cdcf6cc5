//! The command table as a seat may use it. The seat is the token's; a game id or a player in the
//! request must be that seat's own or the request is refused. Each answer is the same type the
//! window gets, built here for this seat (`pans`: the public view, and the hand of its own Hero
//! only; `legacy`: the table, which holds nothing private; `warden`: the party's view only). A
//! command that changes the table names the log length it was decided on (`since`) and is refused
//! with `table-changed` when the table has moved on.

mod legacy;
mod pans;
mod warden;

use neverland_companion::api::COMMAND_NAMES;
use serde::Deserialize;
use serde_json::Value;

use crate::error::LanError;
use crate::seat::{Seat, SeatEntry, TableKind};
use crate::state::{Frames, HostState};

pub use legacy::LEGACY_COMMANDS;
pub use pans::PANS_COMMANDS;
pub use warden::WARDEN_COMMANDS;

/// What any seat may read: the packs' names and texts in a language.
pub const ANY_SEAT_COMMANDS: &[&str] = &["content_text"];

/// The commands a seat at a table of this kind may send; every other command is the host's.
pub fn seat_commands(kind: TableKind) -> &'static [&'static str] {
    match kind {
        TableKind::Pans => PANS_COMMANDS,
        TableKind::Legacy => LEGACY_COMMANDS,
        TableKind::Warden => WARDEN_COMMANDS,
    }
}

/// The arguments, as the UI's `makeCommands` sends them, plus `since`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Args {
    pub(crate) game_id: Option<i64>,
    pub(crate) player: Option<usize>,
    /// The kind's own command (read by its module).
    pub(crate) command: Option<Value>,
    pub(crate) sleeve: Option<neverland_companion::pans::CardSleeve>,
    pub(crate) seat: Option<neverland_companion::pans_seat::SeatPass>,
    pub(crate) since: Option<i64>,
    pub(crate) photo_base64: Option<String>,
    pub(crate) corners: Option<Vec<[f64; 2]>>,
    pub(crate) language: Option<String>,
}

pub(crate) fn to<T: serde::Serialize>(t: T) -> Result<Value, LanError> {
    serde_json::to_value(t).map_err(|e| LanError::internal(e.to_string()))
}

pub(crate) fn need<T>(v: Option<T>, what: &str) -> Result<T, LanError> {
    v.ok_or_else(|| LanError::bad_request(format!("the request has no {what}")))
}

/// The kind's command in the request, read as that kind's type.
pub(crate) fn command<T: serde::de::DeserializeOwned>(a: &mut Args) -> Result<T, LanError> {
    serde_json::from_value(need(a.command.take(), "command")?)
        .map_err(|e| LanError::bad_request(format!("unreadable command: {e}")))
}

/// A command decided at step `since` when the table is at `steps`.
pub(crate) fn stale(since: i64, steps: i64) -> LanError {
    LanError::from(neverland_companion::error::table_changed(
        since,
        steps as usize,
    ))
}

/// A seat a device may ask for, with its name as the join page lists it (a Hero's or a
/// Character's id, which the page says in the player's language; a player character's name).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
pub struct SeatChoice {
    pub seat: Seat,
    pub name: String,
}

/// The seats of game `game_id`, a table of kind `kind`.
pub async fn seats_of(
    c: &neverland_companion::Companion,
    kind: TableKind,
    game_id: i64,
) -> Result<Vec<SeatChoice>, LanError> {
    Ok(match kind {
        TableKind::Pans => {
            let view = c.pans_game(game_id).await?;
            view.setup
                .heroes
                .iter()
                .enumerate()
                .map(|(player, hero)| SeatChoice {
                    seat: Seat::Hero { player },
                    name: serde_json::to_value(hero)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_owned))
                        .unwrap_or_default(),
                })
                .collect()
        }
        TableKind::Legacy => c
            .legacy_table(game_id)
            .await?
            .table
            .characters
            .iter()
            .map(|ch| SeatChoice {
                seat: Seat::Character {
                    character: ch.id.clone(),
                },
                name: ch.id.clone(),
            })
            .collect(),
        TableKind::Warden => c
            .warden_party(game_id)
            .await?
            .state
            .party
            .iter()
            .map(|pc| SeatChoice {
                seat: Seat::Player {
                    creature: pc.creature.id.clone(),
                },
                name: pc.creature.name.clone(),
            })
            .collect(),
    })
}

/// The join page's list: the table's kind and its seats.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
pub struct SeatList {
    pub kind: TableKind,
    pub seats: Vec<SeatChoice>,
}

/// Runs one command for a seat and answers what the window would get, built for that seat.
pub(crate) async fn run(
    s: &HostState,
    seat: &SeatEntry,
    name: &str,
    args: Value,
) -> Result<Value, LanError> {
    if !seat_commands(s.kind).contains(&name) && !ANY_SEAT_COMMANDS.contains(&name) {
        return Err(if COMMAND_NAMES.contains(&name) {
            LanError::not_your_seat(format!("only the host can {}", name.replace('_', " ")))
        } else {
            LanError::new(
                axum::http::StatusCode::NOT_FOUND,
                "unknown-command",
                format!("there is no command {name:?}"),
            )
        });
    }
    let mut a: Args = serde_json::from_value(args)
        .map_err(|e| LanError::bad_request(format!("unreadable arguments: {e}")))?;
    let games = [a.game_id, a.seat.as_ref().map(|p| p.game_id)];
    if games.iter().flatten().any(|g| *g != s.game_id) {
        return Err(LanError::not_your_seat(
            "this device has a seat at one table only",
        ));
    }
    if name == "content_text" {
        let language = need(a.language.take(), "language")?;
        return to(s.companion.content_text(language).await?);
    }
    match &seat.seat {
        Seat::Hero { player } if s.kind == TableKind::Pans => pans::run(s, *player, name, a).await,
        Seat::Character { character } if s.kind == TableKind::Legacy => {
            legacy::run(s, character, name, a).await
        }
        Seat::Player { .. } if s.kind == TableKind::Warden => Err(LanError::internal(
            "a Warden table's seats only follow the table",
        )),
        _ => Err(LanError::internal(
            "this seat is not at a table of this kind",
        )),
    }
}

/// What a seat's connection is pushed: the table's step count, the view for this seat, and for
/// a Hero its own hand (no other seat's).
pub(crate) async fn seat_frame(s: &HostState, seat: &SeatEntry) -> Result<(i64, Value), LanError> {
    // Not while a command is being stored: the view and the hands are of one step.
    let _one = s.commands.lock().await;
    let stored = s.companion.store().game(s.game_id).await?.commands;
    let mut cache = s.frames.lock().await;
    let frames = match cache.as_ref() {
        Some(f) if f.steps == stored => f.clone(),
        _ => {
            let f = std::sync::Arc::new(match s.kind {
                TableKind::Pans => pans::frames(s).await?,
                TableKind::Legacy => legacy::frames(s).await?,
                TableKind::Warden => warden::frames(s).await?,
            });
            *cache = Some(f.clone());
            f
        }
    };
    let mut frame = serde_json::json!({
        "type": "table",
        "kind": s.kind,
        "steps": frames.steps,
        "seat": seat.seat,
        "view": frames.view,
    });
    if let Seat::Hero { player } = seat.seat {
        frame["hand"] = frames
            .hands
            .get(player)
            .cloned()
            .ok_or_else(|| LanError::internal("this seat is not at the table"))?;
    }
    Ok((frames.steps, frame))
}
