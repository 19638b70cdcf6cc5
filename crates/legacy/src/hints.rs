//! Enemy activation hints: a query over a table position. For a Threat colour it walks the same
//! activation queue the engine builds (`activation::queue`), asks each Enemy's priority table for
//! its options (`priorities`), and carries the first option out with the engine's own effect
//! functions (`effects::carry_out`) on a copy of the position, so that later Enemies see what
//! earlier ones did. The hints for a position are what the engine would do on it; only the card
//! an Enemy's Search would draw stays unknown (the token is taken, nothing is drawn).

use serde::Serialize;

use crate::activation;
use crate::effects;
use crate::map::Map;
use crate::pack::{Colour, Pack};
use crate::position::Position;

pub use crate::effects::Loss;
pub use crate::priorities::Act;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Activation {
    pub enemy: String,
    pub priority: String,
    pub options: Vec<Act>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hints {
    pub colour: Colour,
    pub activations: Vec<Activation>,
    pub outcome: Option<Outcome>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub lost: Loss,
}

/// The hints for a Threat of `colour` on a validated position: the Enemies in position order
/// (the players may choose another order at the table), then the Named Enemies' sections.
pub fn hints(pack: &Pack, map: &Map, position: &Position, colour: Colour) -> Hints {
    let mut pos = position.clone();
    let mut activations = Vec::new();
    let mut outcome = None;
    for who in activation::queue(pack, position, colour) {
        let Some((priority, options)) = activation::options(pack, map, &pos, colour, &who) else {
            continue;
        };
        let first = options[0].clone();
        activations.push(Activation {
            enemy: who.id().to_owned(),
            priority,
            options,
        });
        if let Some(lost) = effects::carry_out(pack, map, &mut pos, who.id(), &first) {
            outcome = Some(Outcome { lost });
            break;
        }
    }
    Hints {
        colour,
        activations,
        outcome,
    }
}
