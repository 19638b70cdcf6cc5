//! A Hero's seat at a Pan's Island table: the public view for every seat, the hand for its own
//! Hero only; it acts for its own Hero, on the island only on its own turn.

use neverland_companion::pans::{PansCommand, PansView};
use neverland_companion::pans_seat::SeatPass;
use neverland_pans_island::game::Phase;
use serde_json::Value;

use super::{Args, Frames, command, need, stale, to};
use crate::error::LanError;
use crate::state::HostState;

/// The commands a Hero's seat may send.
pub const PANS_COMMANDS: &[&str] = &[
    "pans_board",
    "pans_game",
    "pans_claim_seat",
    "pans_hand",
    "pans_reveal",
    "pans_command",
    "set_sleeve",
    "scan_sleeve",
];

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

fn own_request(me: usize, a: &Args) -> Result<(), LanError> {
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

/// Runs one command for Hero `me`.
pub(super) async fn run(
    s: &HostState,
    me: usize,
    name: &str,
    mut a: Args,
) -> Result<Value, LanError> {
    own_request(me, &a)?;
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
            let cmd: PansCommand = command(&mut a)?;
            let since = need(a.since, "table step it was decided on (since)")?;
            let _one = s.commands.lock().await;
            let view = c.pans_game(g).await?;
            // A stale command is told so before whose turn it is now is asked.
            if view.game.steps != since {
                return Err(stale(since, view.game.steps));
            }
            may_act(&view, me, &cmd)?;
            let view = c.pans_command_at(g, Some(since), cmd).await?;
            s.seat_changed(view.game.steps);
            to(view)
        }
        _ => {
            let sleeve = need(a.sleeve, "sleeve")?;
            let since = need(a.since, "table step it was decided on (since)")?;
            let _one = s.commands.lock().await;
            let view = c.set_sleeve_at(g, Some(since), me, sleeve).await?;
            s.seat_changed(view.game.steps);
            to(view)
        }
    }
}

/// The public view and every seat's hand of the newest step.
pub(super) async fn frames(s: &HostState) -> Result<Frames, LanError> {
    let (view, hands) = s.companion.pans_view_and_hands(s.game_id).await?;
    Ok(Frames {
        steps: view.game.steps,
        view: to(view)?,
        hands: hands.into_iter().map(to).collect::<Result<_, _>>()?,
    })
}
