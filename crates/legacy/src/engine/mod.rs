//! The whole game of Neverland's Legacy as a pure state machine: set-up from a pack and a seed,
//! the turn (Morale Check, Actions, end-of-turn Location effects), the Threat (draw from a
//! digital deck or record the physical card, Destiny colour change, effect, every Enemy's
//! activation with the players' tie choices, Named Enemy sections, Discover), Search cards,
//! Hostages, Location control and abilities, and wins and losses the moment they happen.
//!
//! The table itself is a [`Position`] (the interchange format), so exporting a game is a copy.
//! `Game::replay` derives the state from the seed and the log; `apply` validates a command on a
//! copy and either commits it or returns the reason and leaves the game untouched.

//!
//! Where a rule lives: `setup` (the set-up), `turn` (Morale Check, Actions as slots, the end of
//! the Actions, the next turn), `threat` (drawing, the colour, the effect, the activations and
//! the players' order, the Discover), `actions/*` (one file per family of Actions: movement,
//! fight, taunt and scare, search, care (Courage, Loot), items and trading), `locations` (control
//! and the Location abilities that are queries), `legal` (the legal commands). The shared effects
//! on the table are `crate::effects`; what an Enemy would do is `crate::priorities`.

mod actions;
mod legal;
mod locations;
mod setup;
mod threat;
mod turn;

use neverland_chance::Chance;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use crate::activation::Pending;
use crate::dice::Stone;
use crate::map::Map;
use crate::pack::{ActionId, Colour, Item, Pack, Scenario};
use crate::position::Position;

/// How a game is set up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "TableSetup")]
pub struct Setup {
    /// 1 to 4; solo (1) plays two Characters with a 2-player set-up.
    pub players: u8,
    /// The Characters in turn order; empty takes the pack's first ones.
    #[serde(default)]
    pub characters: Vec<String>,
    /// The players draw real Threat cards and tell the engine which one came up.
    #[serde(default)]
    pub physical_threat_deck: bool,
}

impl Setup {
    /// The pack's first Characters and the app's own Threat deck.
    pub fn for_players(players: u8) -> Setup {
        Setup {
            players,
            characters: vec![],
            physical_threat_deck: false,
        }
    }
}

/// Everything a player can tell the engine. Stored as JSON in the game's log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "TableCommand")]
#[serde(
    tag = "type",
    rename_all = "kebab-case",
    rename_all_fields = "snake_case"
)]
pub enum Command {
    /// Roll one Stone of Chance per Despair token of the active Character.
    MoraleCheck,
    /// Walk to a Location (same board, or Stairs), or fly (Lost Allies); `escort` takes Hostages
    /// along (Lost Allies).
    Move {
        to: String,
        #[serde(default)]
        escort: Vec<String>,
    },
    Fight {
        target: String,
    },
    Search,
    /// Pirates: the Search Action that captures a Hostage in your Location.
    Capture {
        hostage: String,
    },
    /// Lost Allies: pull an Enemy from an adjacent Location (two from one Location with the Bow).
    /// With `coin`, a Coin is discarded instead of spending an Action.
    Taunt {
        enemy: String,
        #[serde(default)]
        also: Option<String>,
        #[serde(default)]
        coin: bool,
    },
    /// Lost Allies, free, on Neverland: 2 Coins for an Item card from the Search discard.
    TradeCoins {
        card: String,
    },
    /// Pirates: push an Enemy in your Location to an adjacent one (two with Mermaid's Lagoon).
    Scare {
        enemy: String,
        to: String,
        #[serde(default)]
        also: Option<String>,
    },
    /// Lost Allies: remove 1 Despair from yourself or an ally here, or rescue a Fallen ally here.
    Courage {
        character: String,
    },
    /// Pirates: gain 2 Coins.
    LootGain {
        #[serde(default)]
        bonus_despair: bool,
    },
    /// Pirates: spend Coins to remove as many Despair.
    LootSpend {
        coins: u8,
    },
    /// Pirates: spend 2 Coins to rescue a Fallen ally here.
    LootRescue {
        character: String,
    },
    Rest,
    /// Spend Destiny for a 5th Action.
    FifthAction,
    /// A free action: discard an Item for its effect (Fairy Dust names a Hostage to Rescue, or
    /// none to ignore Enemies while moving).
    UseItem {
        item: Item,
        #[serde(default)]
        hostage: Option<String>,
    },
    /// A free action: give Items, Coins or (Pirates) a carried Hostage to a Character here.
    /// `from` (default: the active Character) may be anyone: trading can also be done when it
    /// isn't your turn (RB 294).
    Give {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        from: Option<String>,
        to: String,
        #[serde(default)]
        item: Option<Item>,
        #[serde(default)]
        coins: u8,
        #[serde(default)]
        hostage: Option<String>,
    },
    /// Pirates, free: board the Rowboat docked here.
    Board,
    /// Pirates: step off the Rowboat onto its Shore.
    StepOff,
    /// Pirates: row the Rowboat you are on to another Shore or the Jolly Roger; `with` are
    /// Characters at the Shore who board as it leaves.
    Row {
        to: String,
        #[serde(default)]
        with: Vec<String>,
    },
    /// Pirates: call the Rowboat to your Shore.
    CallRowboat {
        #[serde(default)]
        with: Vec<String>,
    },
    /// Pirates, free: put a carried Hostage down here.
    Drop {
        hostage: String,
    },
    /// The Actions are over: end-of-turn Location effects, then the Threat.
    EndActions,
    /// Digital deck: the engine draws the top Threat card.
    DrawThreat,
    /// Physical deck: the players drew this card.
    ThreatDrawn {
        card: String,
    },
    /// A Character spends Destiny to change the Threat's colour.
    ChangeColour {
        character: String,
        colour: Colour,
    },
    /// Resolve the Threat's effect and start the activations.
    ResolveThreat,
    /// Carry out option `option` of the next activation.
    Activate {
        option: usize,
    },
    /// The players choose which Enemy of the colour, among those still to activate, activates
    /// next (RB 397: "in whatever order the players choose"); without it the table order holds.
    ChooseNext {
        enemy: String,
    },
}

/// Why a command was refused (the one shape of `neverland-refusal`); the game is unchanged.
pub use neverland_refusal::Refusal;
pub(crate) use neverland_refusal::{refuse, why};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "TableLoss")]
#[serde(rename_all = "kebab-case")]
pub enum Loss {
    SearchDeckEmpty,
    HostageKilled,
    HostageRescuedByFairy,
    AllCharactersFallen,
    ThirdNamedEnemy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "TableOutcome")]
#[serde(tag = "result", rename_all = "kebab-case")]
pub enum Outcome {
    Won,
    Lost { cause: Loss },
}

/// A controlled Location's end-of-turn ability, as it applies to the active Character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum EndOfTurn {
    RegainDestiny,
    HealWound,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "TablePhase")]
#[serde(tag = "stage", rename_all = "kebab-case")]
pub enum Phase {
    /// The active Character rolls for Morale.
    Morale,
    /// The active Character takes Actions.
    Actions,
    /// Waiting for the Threat card.
    Draw,
    /// The card is drawn: the players may spend Destiny to change the colour.
    Colour {
        card: String,
        colour: Colour,
    },
    /// Enemies and Named Enemies activate one at a time.
    Activations {
        card: String,
        colour: Colour,
        queue: Vec<Pending>,
        /// The Discover is done and the card discarded: these are "after resolving" effects.
        after: bool,
    },
    Over {
        outcome: Outcome,
    },
}

/// What the active Character may still do this turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, TS)]
#[ts(rename = "TableTurn")]
#[serde(default)]
pub struct Turn {
    pub stones: Vec<Stone>,
    /// Mandatory Actions not yet performed.
    pub mandatory: Vec<ActionId>,
    /// Chosen Actions left.
    pub chosen: u8,
    pub fifth_used: bool,
    /// Moved into Enemies: no more Moves this turn (Lost Allies).
    pub stopped: bool,
    /// Fairy Dust: Enemies are ignored while moving.
    pub ignore_enemies: bool,
    /// Wounds dealt to each Brute this turn.
    pub brute_wounds: Vec<(String, u8)>,
}

/// The derived state of a game. Never stored: always rebuilt from the seed and the log.
#[derive(Debug, Clone, Serialize)]
pub struct Game {
    pub scenario: Scenario,
    pub setup: Setup,
    pub table: Position,
    /// Index into `table.characters` of the Character whose turn it is.
    pub active: usize,
    pub phase: Phase,
    pub turn: Turn,
    /// Threat cards: the deck (top last; with a physical deck only its contents matter), the
    /// discard, and the four drawn at set-up for their Discover diagrams.
    pub threat_deck: Vec<String>,
    pub threat_discard: Vec<String>,
    pub setup_threats: Vec<String>,
    /// Search cards: the deck (top last), the discard, and those Enemies set aside.
    pub search_deck: Vec<String>,
    pub search_discard: Vec<String>,
    pub set_aside: Vec<String>,
    /// Items in each Character's hand, by Character index.
    pub items: Vec<Vec<Item>>,
    /// Named Enemies placed so far (in play or defeated), and those defeated.
    pub named_placed: Vec<String>,
    pub named_defeated: Vec<String>,
    /// Stones rolled for Named Enemy fights, for the history.
    pub fight_rolls: Vec<Stone>,
    /// The last Threat card whose Discover was carried out, with the colour it resolved as
    /// (Destiny may have changed it): the screen tells the table what to place.
    pub last_discover: Option<(String, Colour)>,
    #[serde(skip)]
    pub(crate) rng: Chance,
}

impl PartialEq for Game {
    fn eq(&self, o: &Self) -> bool {
        // Two games from the same seed and log also agree on the random stream.
        self.table == o.table
            && self.active == o.active
            && self.phase == o.phase
            && self.turn == o.turn
            && self.threat_deck == o.threat_deck
            && self.threat_discard == o.threat_discard
            && self.search_deck == o.search_deck
            && self.search_discard == o.search_discard
            && self.set_aside == o.set_aside
            && self.items == o.items
            && self.named_placed == o.named_placed
            && self.named_defeated == o.named_defeated
            && self.fight_rolls == o.fight_rolls
            && self.last_discover == o.last_discover
    }
}

/// What an Item card from the Search discard costs on Neverland (Lost Allies): our reading, the
/// price of the costliest printed Coin use (a Pirates' rescue).
pub(crate) const COINS_A_CARD: u8 = 2;

/// The Location Characters start on (Neverland, or the Jolly Roger).
pub(crate) fn start_location(pack: &Pack) -> &str {
    &pack.boards[0].locations[0]
}

impl Game {
    /// Rebuilds the state from the seed and the log. On a refused command, reports its index.
    pub fn replay<'a>(
        pack: &Pack,
        map: &Map,
        setup: &Setup,
        seed: u64,
        log: impl IntoIterator<Item = &'a Command>,
    ) -> Result<Game, (Option<usize>, Refusal)> {
        let mut g = Game::new(pack, map, setup, seed).map_err(|e| (None, e))?;
        for (i, c) in log.into_iter().enumerate() {
            g.apply(pack, map, c).map_err(|e| (Some(i), e))?;
        }
        Ok(g)
    }

    /// Checks and carries out a command; a refusal leaves the game as it was.
    pub fn apply(&mut self, pack: &Pack, map: &Map, cmd: &Command) -> Result<(), Refusal> {
        // `run` checks everything before it changes anything (a property test holds it to
        // that), so a refused command leaves the game as it was without a copy.
        self.run(pack, map, cmd)?;
        self.sync_items();
        self.check_end(pack);
        Ok(())
    }

    /// Would this command be accepted?
    pub fn validate(&self, pack: &Pack, map: &Map, cmd: &Command) -> Result<(), Refusal> {
        self.clone().run(pack, map, cmd)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over { outcome } => Some(outcome),
            _ => None,
        }
    }

    pub(crate) fn loc(map: &Map, name: &str) -> usize {
        map.id(name).expect("a known Location")
    }

    pub fn active_id(&self) -> &str {
        &self.table.characters[self.active].id
    }

    pub(crate) fn char_index(&self, id: &str) -> Result<usize, Refusal> {
        self.table
            .characters
            .iter()
            .position(|c| c.id == id)
            .ok_or_else(|| {
                why!(
                    "no-character-in-game",
                    "there is no Character {id:?} in this game",
                    id = id
                )
            })
    }

    /// Enemies and Named Enemies standing in a Location.
    pub fn enemies_at(&self, at: &str) -> usize {
        self.table.enemies.iter().filter(|e| e.at == at).count()
            + self
                .table
                .named_enemies
                .iter()
                .filter(|n| n.at == at)
                .count()
    }

    /// Standing Characters in a Location (Rowboat passengers included: they are at its Shore).
    pub fn characters_at(&self, at: &str) -> usize {
        self.table
            .characters
            .iter()
            .filter(|c| c.at == at && !c.fallen)
            .count()
    }

    /// Keeps the position's `items` lists in step with the hands.
    pub(crate) fn sync_items(&mut self) {
        for (c, hand) in self.items.iter().enumerate() {
            let shown = &mut self.table.characters[c].items;
            if !shown
                .iter()
                .map(String::as_str)
                .eq(hand.iter().map(|i| i.id()))
            {
                *shown = hand.iter().map(|i| i.id().to_owned()).collect();
            }
        }
    }

    pub(crate) fn check_end(&mut self, pack: &Pack) {
        if self.outcome().is_some() {
            return;
        }
        if self.table.characters.iter().all(|c| c.fallen) {
            self.phase = Phase::Over {
                outcome: Outcome::Lost {
                    cause: Loss::AllCharactersFallen,
                },
            };
            return;
        }
        let start = start_location(pack);
        let home = self.table.hostages.iter().filter(|h| h.at == start).count();
        let boss = pack.named_enemies.iter().find(|n| n.set_aside);
        let boss_down = boss.is_some_and(|b| self.named_defeated.contains(&b.id));
        if home == self.table.characters.len() && boss_down {
            self.phase = Phase::Over {
                outcome: Outcome::Won,
            };
        }
    }

    fn run(&mut self, pack: &Pack, map: &Map, cmd: &Command) -> Result<(), Refusal> {
        if let Phase::Over { .. } = self.phase {
            return refuse(why!("game-over", "the game is over"));
        }
        match cmd {
            Command::MoraleCheck => self.morale_check(pack, map, cmd),
            Command::EndActions => self.end_actions(pack, map, cmd),
            Command::DrawThreat => self.draw_threat(pack, map, cmd),
            Command::ThreatDrawn { .. } => self.threat_drawn(pack, map, cmd),
            Command::ChangeColour { .. } => self.change_colour(pack, map, cmd),
            Command::ResolveThreat => self.resolve_threat(pack, map, cmd),
            Command::Activate { .. } => self.activate_option(pack, map, cmd),
            Command::ChooseNext { enemy } => self.choose_next(enemy),
            Command::Give {
                from,
                to,
                item,
                coins,
                hostage,
            } => self.give(from.as_deref(), to, *item, *coins, hostage.as_deref()),
            _ => self.action(pack, map, cmd),
        }
    }
}

pub(crate) fn is_shore(pack: &Pack, l: &str) -> bool {
    pack.links.enemy_shores.iter().any(|s| s == l) || l == start_location(pack)
}

pub fn action_name(a: ActionId) -> &'static str {
    match a {
        ActionId::Move => "Move",
        ActionId::Fight => "Fight",
        ActionId::Search => "Search",
        ActionId::Taunt => "Taunt",
        ActionId::Courage => "Courage",
        ActionId::Loot => "Loot",
        ActionId::Scare => "Scare",
        ActionId::Rest => "Rest",
    }
}

/// The Action a command spends, if it spends one.
pub fn action_of(c: &Command) -> Option<ActionId> {
    Some(match c {
        Command::Move { .. }
        | Command::StepOff
        | Command::Row { .. }
        | Command::CallRowboat { .. } => ActionId::Move,
        Command::Fight { .. } => ActionId::Fight,
        Command::Search | Command::Capture { .. } => ActionId::Search,
        // A Coin Taunt spends no Action (and so fulfils no Mandatory Taunt).
        Command::Taunt { coin: false, .. } => ActionId::Taunt,
        Command::Scare { .. } => ActionId::Scare,
        Command::Courage { .. } => ActionId::Courage,
        Command::LootGain { .. } | Command::LootSpend { .. } | Command::LootRescue { .. } => {
            ActionId::Loot
        }
        Command::Rest => ActionId::Rest,
        _ => return None,
    })
}
