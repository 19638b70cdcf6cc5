//! A Character's seat at a Neverland's Legacy table. Nothing on a Legacy table is one player's
//! alone (the decks' order is hidden from everyone, the host's window too, and a controlled
//! lookout's Threat card is face up for the whole table), so every seat is sent the table the
//! window gets. A seat acts only on its own Character's turn and only for its own Character;
//! whether the command is legal is the engine's to say (the companion runs it as for the window).

use neverland_companion::table::{TableCommand, TableView};
use serde_json::Value;

use super::{Args, Frames, command, need, stale, to};
use crate::error::LanError;
use crate::state::HostState;

/// The commands a Character's seat may send.
pub const LEGACY_COMMANDS: &[&str] = &["legacy_table", "legacy_table_command"];

/// The Character a command is made for when it is not the active one: a gift's giver, the
/// Character who spends Destiny on the Threat's colour.
fn acting_for(c: &TableCommand) -> Option<&str> {
    match c {
        TableCommand::Give {
            from: Some(from), ..
        } => Some(from),
        TableCommand::ChangeColour { character, .. } => Some(character),
        _ => None,
    }
}

/// A seat acts for its own Character only, and only on that Character's turn (the host may act
/// for anyone).
pub(crate) fn may_act(view: &TableView, me: &str, c: &TableCommand) -> Result<(), LanError> {
    if let Some(who) = acting_for(c).filter(|who| *who != me) {
        return Err(LanError::not_your_seat(format!(
            "this device is {me}'s: it cannot act for {who}"
        )));
    }
    let active = view
        .table
        .characters
        .get(view.active)
        .map(|c| c.id.as_str());
    if active != Some(me) {
        return Err(LanError::not_your_turn(format!(
            "it is {}'s turn, not {me}'s",
            active.unwrap_or("nobody")
        )));
    }
    Ok(())
}

/// Runs one command for Character `me`.
pub(super) async fn run(
    s: &HostState,
    me: &str,
    name: &str,
    mut a: Args,
) -> Result<Value, LanError> {
    if a.player.is_some() || a.seat.is_some() || a.sleeve.is_some() {
        return Err(LanError::bad_request("a Legacy table has no such argument"));
    }
    let (c, g) = (&s.companion, s.game_id);
    match name {
        "legacy_table" => to(c.legacy_table(g).await?),
        _ => {
            let cmd: TableCommand = command(&mut a)?;
            let since = need(a.since, "table step it was decided on (since)")?;
            let _one = s.commands.lock().await;
            let view = c.legacy_table(g).await?;
            if view.game.steps != since {
                return Err(stale(since, view.game.steps));
            }
            may_act(&view, me, &cmd)?;
            let view = c.legacy_table_command_at(g, Some(since), cmd).await?;
            s.seat_changed(view.game.steps);
            to(view)
        }
    }
}

/// The table of the newest step, the same for every seat.
pub(super) async fn frames(s: &HostState) -> Result<Frames, LanError> {
    let view = s.companion.legacy_table(s.game_id).await?;
    Ok(Frames {
        steps: view.game.steps,
        view: to(view)?,
        hands: vec![],
    })
}
