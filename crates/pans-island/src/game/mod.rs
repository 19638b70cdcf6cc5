//! A game of Pan's Island: set-up, then an ordered log of commands. The state is derived by
//! replay; `apply` checks a command and either carries it out or returns a reason and changes
//! nothing. Sleeves (the hidden facts) enter through `SetSleeve` and leave the engine only through
//! the referee's booleans, or through `holder_view` to the player who holds that sleeve.
//!
//! Where the rules live: `setup` (the set-up, dealing, sleeves), `visions` (Receive the Visions),
//! `movement` (the movement template), `camps` (Set Up Camp), `explore` (Explore, Uncover Hook and
//! the referee's call), `view` (what the screens may show). This file holds the types and the
//! dispatch of a command to its rule.

mod camps;
mod explore;
mod movement;
mod setup;
mod view;
mod visions;

pub use view::{HolderView, PileView, PlayerPublic, PublicView};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::board::Board;
use crate::check::Within;
use crate::content::{Event, Pile, VisionCard, Visions};
use crate::geometry::{Circle, Point, Polygon};
use crate::heroes::Hero;
use crate::rules::Rules;

/// Sleeves in the Children & Captain Hook envelope.
pub const SLEEVES: u8 = 12;
/// Neverland mini-cards in the box.
pub const MINI_CARDS: u8 = 6;

/// Who plays, in seat order clockwise, and who holds the first player token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Setup {
    pub heroes: Vec<Hero>,
    #[serde(default)]
    pub first_player: usize,
    /// Ids of the Event cards in play (from the campaign's envelope).
    #[serde(default)]
    pub events: Vec<String>,
    /// The house rule for "within the circle" (a Hook ring in an exploration circle or a
    /// Camp). New games always store it; a game stored before it existed has none and replays
    /// with the original readings ([`Within::Original`], and the Visions steps B and C allowed
    /// before A).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub within: Option<Within>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
pub struct Xy {
    pub x: f64,
    pub y: f64,
}

impl From<Xy> for Point {
    fn from(p: Xy) -> Point {
        Point { x: p.x, y: p.y }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
pub struct Ring {
    pub x: f64,
    pub y: f64,
    pub r: f64,
}

/// A sleeve's hidden facts in board millimetres (the app converts a scan from card millimetres).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SleeveInput {
    pub cross: Xy,
    pub hooks: Vec<Ring>,
    pub dark_areas: Vec<Vec<[f64; 2]>>,
}

/// Where a played Vision goes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "to", rename_all = "kebab-case")]
pub enum Target {
    /// Onto the right neighbour's Footprint gauge: `at` 0 is the clear end ("go"), 1 the faded end.
    Gauge {
        at: f64,
    },
    Discard,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Command {
    /// The holder records their sleeve (at set-up, and after the Child on it was found).
    SetSleeve { player: usize, sleeve: SleeveInput },
    /// Receive the Visions, A: draw one card from a pile.
    Draw { player: usize, pile: Pile },
    /// Tiger Lily takes a card from the discard instead of drawing it.
    TakeFromDiscard { player: usize, card: String },
    /// B: remove a Vision from the right neighbour's gauge (from round 2).
    RemoveFromNeighbour { player: usize, card: String },
    /// Wendy moves a Vision on the right neighbour's gauge.
    Reposition {
        player: usize,
        card: String,
        at: f64,
    },
    /// C: play a card from hand.
    Play {
        player: usize,
        card: String,
        target: Target,
    },
    /// Set the Danger marker on the right neighbour's gauge (0 low … 1 high).
    Danger { player: usize, level: f64 },
    /// Everyone has received their Visions: the first player acts.
    StartActing,
    /// The active player moves along the drawn path (the points after the Hero's position).
    Move { path: Vec<Xy> },
    /// The active player sets up a Camp with the template centred here. `special`: Peter Pan
    /// under The Magic Powder checks the special space (an additional Camp, also while shared
    /// Camp spaces remain).
    Camp {
        centre: Xy,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        special: Option<bool>,
    },
    /// The active player explores with these Exploration Circles.
    Explore { circles: Vec<Xy> },
    /// Peter Pan's Uncover Hook.
    Uncover { centre: Xy },
    /// The active player's turn is over.
    EndTurn,
}

/// Why a command was refused (the one shape of `neverland-refusal`); the state is unchanged. A
/// screen says it through `pans.refusal.<code>`.
pub use neverland_refusal::Refusal;
pub(crate) use neverland_refusal::{refuse, why};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// All Lost Child spaces ticked.
    Won,
    /// All Captain Hook spaces ticked.
    Lost,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum Phase {
    /// Sleeves are being set up; nothing else happens until every holder has one.
    Sleeves,
    /// Receive the Visions and assess the danger (all players at once).
    Visions,
    /// Act on the Island: `active` is the player whose turn it is.
    Act {
        active: usize,
        moved: bool,
        camped: bool,
        explored: bool,
    },
    Ended {
        outcome: Outcome,
    },
}

/// A Vision on a Footprint gauge (public: it lies face up on a Hero board).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct GaugeCard {
    pub card: String,
    pub pile: Pile,
    pub face: String,
    pub at: f64,
}

/// A circle drawn on the board (public).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, TS)]
pub struct Drawn {
    pub x: f64,
    pub y: f64,
    pub r: f64,
    /// Peter Pan's Uncover Hook circles are dotted.
    pub dotted: bool,
}

/// What the referee said, as the table heard it: booleans, never a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Verdict {
    Explore {
        round: u32,
        player: usize,
        hook_encountered: bool,
        child_found: bool,
    },
    Uncover {
        round: u32,
        player: usize,
        hook_present: bool,
    },
}

#[derive(Debug, Clone)]
struct Sleeve {
    situation_parts: (Option<Point>, Vec<Circle>, Vec<Polygon>),
}

#[derive(Debug, Clone)]
struct Player {
    hero: Hero,
    at: Point,
    hand: Vec<usize>,
    gauge: Vec<(usize, f64)>,
    danger: f64,
    circles: Vec<Drawn>,
    sleeve: Option<Sleeve>,
    mini_card: u8,
    drawn: u8,
    picked: u8,
    played: u8,
}

/// The derived state of a game.
#[derive(Debug, Clone)]
pub struct Game {
    board: Board,
    within: Within,
    /// Steps A, B, C of Receive the Visions in the rulebook's order (false only for games
    /// stored before the order was enforced).
    visions_in_order: bool,
    cards: Vec<VisionCard>,
    pub rules: Rules,
    piles: [Vec<usize>; 2],
    discard: Vec<usize>,
    players: Vec<Player>,
    pub round: u32,
    pub first_player: usize,
    pub phase: Phase,
    pub lost_children: u8,
    pub hook_marks: u8,
    camps: Vec<Point>,
    regular_camps_used: u8,
    extra_camps_used: u8,
    sleeves_left: u8,
    verdicts: Vec<Verdict>,
}

fn pile_index(p: Pile) -> usize {
    match p {
        Pile::Distance => 0,
        Pile::Direction => 1,
    }
}

impl Game {
    fn mark_hook(&mut self) {
        self.hook_marks += 1;
        if self.hook_marks >= self.rules.hook_spaces {
            self.phase = Phase::Ended {
                outcome: Outcome::Lost,
            };
        }
    }

    pub fn players(&self) -> usize {
        self.players.len()
    }

    pub fn hero(&self, p: usize) -> Hero {
        self.players[p].hero
    }

    /// The player on p's left: the next one clockwise, who referees p's actions.
    pub fn left_of(&self, p: usize) -> usize {
        (p + 1) % self.players.len()
    }

    /// The player on p's right: who receives p's Visions.
    pub fn right_of(&self, p: usize) -> usize {
        (p + self.players.len() - 1) % self.players.len()
    }

    pub fn is_over(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Ended { outcome } => Some(outcome),
            _ => None,
        }
    }

    fn both_piles_empty(&self) -> bool {
        self.piles.iter().all(Vec::is_empty)
    }

    fn card_named(&self, id: &str) -> Result<usize, Refusal> {
        self.cards.iter().position(|c| c.id == id).ok_or_else(|| {
            why!(
                "no-such-card",
                "there is no Vision card {card}",
                card = format!("{id:?}")
            )
        })
    }

    fn player(&self, p: usize) -> Result<&Player, Refusal> {
        self.players
            .get(p)
            .ok_or_else(|| why!("no-such-player", "there is no player {player}", player = p))
    }

    fn magic(&self) -> bool {
        self.rules.magic_powder
    }

    /// Checks and carries out a command. On refusal nothing has changed.
    pub fn apply(&mut self, cmd: &Command) -> Result<(), Refusal> {
        let mut next = self.clone();
        next.apply_in_place(cmd)?;
        *self = next;
        Ok(())
    }

    fn apply_in_place(&mut self, cmd: &Command) -> Result<(), Refusal> {
        match (cmd, self.phase) {
            (_, Phase::Ended { outcome }) => refuse(why!(
                "game-over",
                "the game is over ({outcome})",
                outcome = format!("{outcome:?}").to_lowercase()
            )),
            (Command::SetSleeve { player, sleeve }, _) => self.set_sleeve(*player, sleeve),
            (_, Phase::Sleeves) => refuse(why!(
                "sleeves-first",
                "every player must set up their sleeve first"
            )),
            (_, _) if self.players.iter().any(|pl| pl.sleeve.is_none()) => refuse(why!(
                "new-sleeve-first",
                "a player must take a new sleeve and mark a new cross first"
            )),
            (_, Phase::Visions) => self.apply_visions(cmd),
            (
                _,
                Phase::Act {
                    active,
                    moved,
                    camped,
                    explored,
                },
            ) => self.apply_act(cmd, active, moved, camped, explored),
        }
    }

    /// A command during Receive the Visions.
    fn apply_visions(&mut self, cmd: &Command) -> Result<(), Refusal> {
        match cmd {
            Command::Draw { player, pile } => self.draw(*player, *pile),
            Command::TakeFromDiscard { player, card } => self.take_from_discard(*player, card),
            Command::RemoveFromNeighbour { player, card } => {
                self.remove_from_neighbour(*player, card)
            }
            Command::Reposition { player, card, at } => self.reposition(*player, card, *at),
            Command::Play {
                player,
                card,
                target,
            } => self.play(*player, card, target),
            Command::Danger { player, level } => self.danger(*player, *level),
            Command::StartActing => self.start_acting(),
            _ => refuse(why!(
                "visions-come-first",
                "that is an action for Act on the Island; the Visions come first"
            )),
        }
    }

    /// A command during Act on the Island, in the active player's turn.
    fn apply_act(
        &mut self,
        cmd: &Command,
        active: usize,
        moved: bool,
        camped: bool,
        explored: bool,
    ) -> Result<(), Refusal> {
        match cmd {
            Command::Move { path } => self.move_hero(path, active, moved, camped, explored),
            Command::Camp {
                centre,
                special: Some(true),
            } => self.special_camp(*centre, active),
            Command::Camp {
                centre,
                special: None | Some(false),
            } => self.camp(*centre, active, moved, camped, explored),
            Command::Explore { circles } => self.explore(circles, active, moved, camped, explored),
            Command::Uncover { centre } => self.uncover(*centre, active, moved, camped, explored),
            Command::EndTurn => {
                self.end_turn(active);
                Ok(())
            }
            _ => refuse(why!(
                "visions-over",
                "that belongs to Receive the Visions, which is over for this round"
            )),
        }
    }

    /// The active player's turn is over: the next player on the left acts, or a new round
    /// begins with the first player token passed on.
    fn end_turn(&mut self, active: usize) {
        let next = self.left_of(active);
        if next == self.first_player {
            self.first_player = self.left_of(self.first_player);
            self.round += 1;
            for pl in &mut self.players {
                pl.drawn = 0;
                pl.picked = 0;
                pl.played = 0;
            }
            self.phase = Phase::Visions;
        } else {
            self.phase = Phase::Act {
                active: next,
                moved: false,
                camped: false,
                explored: false,
            };
        }
    }
}

/// A game as seed + set-up + log: the state by replay.
pub fn replay<'a>(
    board: &Board,
    visions: &Visions,
    events: &[&Event],
    setup: &Setup,
    seed: u64,
    log: impl IntoIterator<Item = &'a Command>,
) -> Result<Game, (Option<usize>, Refusal)> {
    let mut g = Game::new(board, visions, events, setup, seed).map_err(|e| (None, e))?;
    for (i, c) in log.into_iter().enumerate() {
        g.apply(c).map_err(|e| (Some(i), e))?;
    }
    Ok(g)
}

#[cfg(test)]
mod tests;
