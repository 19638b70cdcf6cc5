//! The activations of a Threat: who activates (every Enemy of the colour, twice under a
//! Frightful Reputation, then the Named Enemies' sections step by step, then their "after
//! resolving" steps) and what each may do on the table. The engine queues and carries them out;
//! the hints walk the same queue on a copy of a position.

use serde::Serialize;
use ts_rs::TS;

use crate::map::Map;
use crate::pack::{Colour, Pack};
use crate::position::Position;
use crate::priorities::{self, Act};

/// One Enemy (or one Named Enemy step) still to activate in the current Threat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "PendingActivation")]
#[serde(tag = "who", rename_all = "kebab-case")]
pub enum Pending {
    Enemy {
        id: String,
    },
    Named {
        id: String,
        step: usize,
    },
    /// A step of a Named Enemy's "after resolving" effect (after the Discover).
    After {
        id: String,
        step: usize,
    },
}

impl Pending {
    /// The Enemy or Named Enemy that activates.
    pub fn id(&self) -> &str {
        match self {
            Pending::Enemy { id } | Pending::Named { id, .. } | Pending::After { id, .. } => id,
        }
    }
}

/// Does a Named Enemy in play make the other Enemies activate twice (Frightful Reputation)?
pub fn twice(pack: &Pack, pos: &Position) -> bool {
    pos.named_enemies
        .iter()
        .any(|n| pack.named(&n.id).is_some_and(|s| s.frightful_reputation))
}

/// The activations of a Threat of `colour`, in the default order: the Enemies of the colour in
/// table order (each twice in a row under a Frightful Reputation), then the Named Enemies with a
/// section of that colour, step by step.
pub fn queue(pack: &Pack, pos: &Position, colour: Colour) -> Vec<Pending> {
    let times = if twice(pack, pos) { 2 } else { 1 };
    let mut queue = Vec::new();
    for e in &pos.enemies {
        if pack.kind(&e.kind).map(|k| k.colour) == Some(colour) {
            for _ in 0..times {
                queue.push(Pending::Enemy { id: e.id.clone() });
            }
        }
    }
    for n in &pos.named_enemies {
        for step in priorities::named_steps(pack, &n.id, colour) {
            queue.push(Pending::Named {
                id: n.id.clone(),
                step,
            });
        }
    }
    queue
}

/// The Named Enemies' "after resolving" steps, once the Discover is done.
pub fn after_queue(pack: &Pack, pos: &Position) -> Vec<Pending> {
    pos.named_enemies
        .iter()
        .flat_map(|n| {
            priorities::after_steps(pack, &n.id)
                .into_iter()
                .map(|step| Pending::After {
                    id: n.id.clone(),
                    step,
                })
        })
        .collect()
}

/// What one queued activation may do on the table: the priority line (or step label) and the
/// options, ordered by action then id. None when the Enemy is no longer on the board.
pub fn options(
    pack: &Pack,
    map: &Map,
    pos: &Position,
    colour: Colour,
    who: &Pending,
) -> Option<(String, Vec<Act>)> {
    Some(match who {
        Pending::Enemy { id } => {
            let e = pos.enemies.iter().position(|x| x.id == *id)?;
            priorities::enemy_activation(pack, map, pos, e)
        }
        Pending::Named { id, step } => {
            priorities::named_step_options(pack, map, pos, id, colour, *step)
        }
        Pending::After { id, step } => priorities::after_step_options(pack, map, pos, id, *step),
    })
}
