//! The command table as a seat may use it. The seat is the token's; a game id or a player in the
//! request must be that seat's own or the request is refused. Each answer is the same type the
//! window gets, built here for this seat: the public view for every seat, the hand for its own
//! Hero only. A command that changes the table names the log length it was decided on (`since`)
//! and is refused with `table-changed` when the table has moved on.

use neverland_companion::api::COMMAND_NAMES;
use neverland_companion::pans::{CardSleeve, PansCommand, PansView};
use neverland_companion::pans_seat::SeatPass;
use neverland_companion::{AppError, ErrorCode};
use neverland_pans_island::game::Phase;
use serde::Deserialize;
use serde_json::Value;

use crate::error::LanError;
use crate::host::{HostState, Push};
use crate::seat::SeatEntry;

/// The commands a seat may send; every other command of the table is the host's alone.
pub const SEAT_COMMANDS: &[&str] = &[
    "pans_board",
    "pans_game",
    "pans_claim_seat",
    "pans_hand",
    "pans_reveal",
    "pans_command",
    "set_sleeve",
    "scan_sleeve",
];

/// The arguments, as the UI's `makeCommands` sends them, plus `since`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Args {
    game_id: Option<i64>,
    player: Option<usize>,
    command: Option<PansCommand>,
    sleeve: Option<CardSleeve>,
    seat: Option<SeatPass>,
    since: Option<i64>,
    photo_base64: Option<String>,
    corners: Option<Vec<[f64; 2]>>,
}

fn to<T: serde::Serialize>(t: T) -> Result<Value, LanError> {
    serde_json::to_value(t).map_err(|e| LanError::internal(e.to_string()))
}

fn need<T>(v: Option<T>, what: &str) -> Result<T, LanError> {
    v.ok_or_else(|| LanError::bad_request(format!("the request has no {what}")))
}

/// The player a Vision command names (the others are the active player's or anyone's).
fn command_player(c: &PansCommand) -> Option<usize> {
    match c {
        PansCommand::SetSleeve { player, .. }
        | PansCommand::Draw { player, .. }
        | PansCommand::TakeFromDiscard { player, .. }
        | PansCommand::RemoveFromNeighbour { player, .. }
        | PansCommand::Reposition { player, .. }
        | PansCommand::Play { player, .. }
        | PansCommand::Danger { player, .. } => Some(*player),
        _ => None,
    }
}

/// A seat acts for its own Hero: its own Visions, and on the island only on its own turn.
fn may_act(view: &PansView, me: usize, c: &PansCommand) -> Result<(), LanError> {
    match (command_player(c), c) {
        (Some(p), _) if p != me => Err(LanError::not_your_seat(format!(
            "this device is seat {}: it cannot act for seat {}",
            me + 1,
            p + 1
        ))),
        (Some(_), _) | (None, PansCommand::StartActing) => Ok(()),
        (None, _) => match view.state.phase {
            Phase::Act { active, .. } if active == me => Ok(()),
            _ => Err(LanError::not_your_seat("it is not this seat's turn")),
        },
    }
}

fn own_request(s: &HostState, me: usize, a: &Args) -> Result<(), LanError> {
    let games = [a.game_id, a.seat.as_ref().map(|p| p.game_id)];
    if games.iter().flatten().any(|g| *g != s.game_id) {
        return Err(LanError::not_your_seat(
            "this device has a seat at one table only",
        ));
    }
    let players = [a.player, a.seat.as_ref().map(|p| p.player)];
    if let Some(p) = players.iter().flatten().find(|p| **p != me) {
        return Err(LanError::not_your_seat(format!(
            "this device is seat {}, not seat {}",
            me + 1,
            p + 1
        )));
    }
    Ok(())
}

/// Runs one command for a seat and answers what the window would get, built for that seat.
pub(crate) async fn run(
    s: &HostState,
    seat: &SeatEntry,
    name: &str,
    args: Value,
) -> Result<Value, LanError> {
    if !SEAT_COMMANDS.contains(&name) {
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
    let a: Args = serde_json::from_value(args)
        .map_err(|e| LanError::bad_request(format!("unreadable arguments: {e}")))?;
    let me = seat.seat.player();
    own_request(s, me, &a)?;
    let (c, g) = (&s.companion, s.game_id);
    match name {
        "pans_board" => to(c.pans_board(Some(g)).await?),
        "pans_game" => to(c.pans_game(g).await?),
        // Over the network the device's token is its proof of seat: the pass carries nothing.
        "pans_claim_seat" => to(SeatPass {
            game_id: g,
            player: me,
            pass: String::new(),
        }),
        "pans_hand" => to(c.pans_hand_of_proven_seat(g, me).await?),
        "pans_reveal" => to(c.pans_reveal(g).await?),
        "scan_sleeve" => to(c
            .scan_sleeve(need(a.photo_base64, "photo")?, a.corners)
            .await?),
        "pans_command" => {
            let command = need(a.command, "command")?;
            let since = need(a.since, "table step it was decided on (since)")?;
            let _one = s.commands.lock().await;
            let view = c.pans_game(g).await?;
            // A stale command is told so before whose turn it is now is asked.
            if view.game.steps != since {
                return Err(LanError::from(AppError::new(
                    ErrorCode::TableChanged,
                    format!(
                        "the table changed: this was decided at step {since}, and the table is now at step {}; look again and decide",
                        view.game.steps
                    ),
                )));
            }
            may_act(&view, me, &command)?;
            let view = c.pans_command_at(g, Some(since), command).await?;
            let _ = s.pushes.send(Push::Table);
            to(view)
        }
        _ => {
            let sleeve = need(a.sleeve, "sleeve")?;
            let since = need(a.since, "table step it was decided on (since)")?;
            let _one = s.commands.lock().await;
            let view = c.set_sleeve_at(g, Some(since), me, sleeve).await?;
            let _ = s.pushes.send(Push::Table);
            to(view)
        }
    }
}

/// One step of the table as the seats are pushed it: the public view and every seat's hand,
/// read once for all seats (each seat is sent its own hand only).
pub(crate) struct Frames {
    steps: i64,
    view: Value,
    hands: Vec<Value>,
}

/// What a seat's connection is pushed: the table's step count, the public view, and this seat's
/// own hand (no other seat's).
pub(crate) async fn seat_frame(s: &HostState, seat: &SeatEntry) -> Result<(i64, Value), LanError> {
    // Not while a seat's command is being stored: the view and the hands are of one step.
    let _one = s.commands.lock().await;
    let stored = s.companion.store().game(s.game_id).await?.commands;
    let mut cache = s.frames.lock().await;
    let frames = match cache.as_ref() {
        Some(f) if f.steps == stored => f.clone(),
        _ => {
            let (view, hands) = s.companion.pans_view_and_hands(s.game_id).await?;
            let f = std::sync::Arc::new(Frames {
                steps: view.game.steps,
                view: to(view)?,
                hands: hands.into_iter().map(to).collect::<Result<_, _>>()?,
            });
            *cache = Some(f.clone());
            f
        }
    };
    let hand = frames
        .hands
        .get(seat.seat.player())
        .cloned()
        .ok_or_else(|| LanError::internal("this seat is not at the table"))?;
    let frame = serde_json::json!({
        "type": "table",
        "steps": frames.steps,
        "seat": seat.seat,
        "view": frames.view,
        "hand": hand,
    });
    Ok((frames.steps, frame))
}
