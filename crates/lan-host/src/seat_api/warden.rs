//! A player's seat at the Warden's campaign: it follows the party's public view
//! (`neverland_warden::party`: the player characters' sheets and rolls, the initiative; of every
//! other creature only what the players see). It sends no commands: the Warden runs the table.

use super::{Frames, to};
use crate::error::LanError;
use crate::state::HostState;

/// A player's seat only follows the table.
pub const WARDEN_COMMANDS: &[&str] = &[];

/// The party's view of the newest step, the same for every player's seat.
pub(super) async fn frames(s: &HostState) -> Result<Frames, LanError> {
    let view = s.companion.warden_party(s.game_id).await?;
    Ok(Frames {
        steps: view.game.steps,
        view: to(view)?,
        hands: vec![],
    })
}
