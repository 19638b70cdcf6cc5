//! The Destiny advisor: a query that tells the table, while a drawn Threat card waits to be
//! resolved, what the Enemies and Named Enemies would do under its colour and under each colour
//! Destiny could make it. Wounds and Despair per Character, Characters that would fall, Hostages
//! killed or rescued by a Fairy, Hostages an Enemy's Search would turn up and leave among Enemies
//! with no Character beside them, and the chance of losing on the spot, for the players' best and
//! worst tie choices (which option of a tie, which Enemy activates next).
//!
//! One rule, one place: every step is the engine's own `Game::apply` (`ChangeColour`,
//! `ResolveThreat`, `ChooseNext`, `Activate`) on a copy of the game. What the players cannot know
//! is never read: the Search deck's order is replaced by its contents in a canonical order, and
//! each Search card an Enemy would draw is a chance node over the kinds of card still unseen
//! (`tree`). The Discover is the drawn card's own diagram, so it is carried out as printed. A
//! tree larger than the node budget is estimated by seeded rollouts instead, marked approximate
//! with their count.

mod situation;
mod tally;
mod tree;

use serde::Serialize;
use ts_rs::TS;

use crate::engine::{Command, Game, Phase};
use crate::map::Map;
use crate::pack::{Colour, Pack};

pub use situation::{SITUATION_FORMAT, Situation, SituationError};
pub use tally::{CharacterCost, Cost, HostageCost, LossChance};
pub(crate) use tree::{classes, on_top};

/// The three Threat colours, in the order the advice lists the others.
const COLOURS: [Colour; 3] = [Colour::Red, Colour::Blue, Colour::Yellow];

/// How much work one colour may take before the advisor estimates instead of enumerating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Engine steps (one `apply` on a copy each) an exact answer may take.
    pub nodes: u32,
    /// Rollouts per policy when the exact tree is larger.
    pub rollouts: u32,
    /// The seed of the advisor's own stream (never the game's).
    pub seed: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            nodes: 800,
            rollouts: 24,
            seed: 0x0AD7_15E5,
        }
    }
}

/// How the Threat would come to have a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "AdviceRoute")]
#[serde(rename_all = "kebab-case")]
pub enum Route {
    /// The colour the card has now (printed, or already changed by Destiny).
    AsDrawn,
    /// A Character with Destiny can change it to this colour.
    Destiny,
    /// No Character has Destiny left: shown for comparison only.
    NoDestinyLeft,
}

/// What a Threat of one colour would cost.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(rename = "ColourAdvice")]
pub struct ColourAdvice {
    pub colour: Colour,
    pub route: Route,
    /// The players' best tie choices (least harm) and their worst.
    pub best: Cost,
    pub worst: Cost,
    /// True when every tie and every unseen card was enumerated.
    pub exact: bool,
    /// Rollouts per policy when not exact (0 when exact).
    pub rollouts: u32,
    /// Engine steps taken (a measure of the tree).
    pub nodes: u32,
}

/// The advice for a drawn Threat card.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(rename = "ThreatAdvice")]
pub struct Advice {
    pub card: String,
    /// The colour the card has now.
    pub colour: Colour,
    /// How many Search cards are still unseen (the chance nodes' denominator).
    pub unseen_search_cards: u32,
    pub colours: Vec<ColourAdvice>,
}

/// Why there is nothing to advise.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NoAdvice(pub String);

/// The card waiting and its colour now, or why there is none.
fn waiting(game: &Game) -> Result<(String, Colour), NoAdvice> {
    match &game.phase {
        Phase::Colour { card, colour } => Ok((card.clone(), *colour)),
        _ => Err(NoAdvice(
            "there is no drawn Threat card waiting to be resolved".into(),
        )),
    }
}

/// The copy the advisor works on: the hidden order of every deck replaced by a canonical one
/// (the cards themselves are public: every card that left a deck was shown), and the random
/// stream replaced by the advisor's own. What a Threat's activations never read (the Threat
/// deck and discard, the Search discard, the history of rolls) is left out, so that the many
/// copies the walk makes stay small.
pub(crate) fn public_copy(game: &Game, seed: u64) -> Game {
    let mut g = game.clone();
    g.search_deck.sort();
    g.threat_deck.clear();
    g.threat_discard.clear();
    g.setup_threats.clear();
    g.search_discard.clear();
    g.fight_rolls.clear();
    g.rng = neverland_chance::Chance::from_seed(seed);
    g
}

/// The game with the Threat turned to `colour`: by the engine's `ChangeColour` when a Character
/// can spend Destiny for it, otherwise (for comparison) the colour set as if it had been.
fn with_colour(pack: &Pack, map: &Map, g: &Game, colour: Colour, now: Colour) -> (Game, Route) {
    let mut copy = g.clone();
    if colour == now {
        return (copy, Route::AsDrawn);
    }
    for c in &g.table.characters {
        let cmd = Command::ChangeColour {
            character: c.id.clone(),
            colour,
        };
        if copy.apply(pack, map, &cmd).is_ok() {
            return (copy, Route::Destiny);
        }
    }
    if let Phase::Colour { colour: c, .. } = &mut copy.phase {
        *c = colour;
    }
    (copy, Route::NoDestinyLeft)
}

/// The advice for one colour.
pub fn advise_colour(
    pack: &Pack,
    map: &Map,
    game: &Game,
    colour: Colour,
    budget: Budget,
) -> Result<ColourAdvice, NoAdvice> {
    let (_, now) = waiting(game)?;
    let salt = COLOURS.iter().position(|c| *c == colour).unwrap_or(0) as u64;
    let base = public_copy(game, budget.seed ^ salt);
    let (start, route) = with_colour(pack, map, &base, colour, now);
    let r = tree::evaluate(pack, map, game, start, budget);
    Ok(ColourAdvice {
        colour,
        route,
        best: r.best,
        worst: r.worst,
        exact: r.exact,
        rollouts: r.rollouts,
        nodes: r.nodes,
    })
}

/// The advice for the card's colour and the two others (or only `only`), the card's first.
pub fn advise(
    pack: &Pack,
    map: &Map,
    game: &Game,
    only: Option<Colour>,
    budget: Budget,
) -> Result<Advice, NoAdvice> {
    let (card, now) = waiting(game)?;
    let mut order = vec![now];
    order.extend(COLOURS.iter().copied().filter(|c| *c != now));
    let colours = order
        .into_iter()
        .filter(|c| only.is_none_or(|o| o == *c))
        .map(|c| advise_colour(pack, map, game, c, budget))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Advice {
        card,
        colour: now,
        unseen_search_cards: game.search_deck.len() as u32,
        colours,
    })
}

#[cfg(test)]
mod tests;
