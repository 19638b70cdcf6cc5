//! The whole game of Neverland's Legacy as a pure state machine: set-up from a pack and a seed,
//! the turn (Morale Check, Actions, end-of-turn Location effects), the Threat (draw from a
//! digital deck or record the physical card, Destiny colour change, effect, every Enemy's
//! activation with the players' tie choices, Named Enemy sections, Discover), Search cards,
//! Hostages, Location control and abilities, and wins and losses the moment they happen.
//!
//! The table itself is a [`Position`] (the interchange format), so exporting a game is a copy.
//! `Game::replay` derives the state from the seed and the log; `apply` validates a command on a
//! copy and either commits it or returns the reason and leaves the game untouched.

use neverland_chance::Chance;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::activation;
pub use crate::activation::Pending;
use crate::dice::{Stone, TurnPlan};
use crate::effects;
use crate::map::Map;
use crate::pack::{ActionId, Colour, Item, Pack, Scenario, SearchEffect, ThreatEffect};
use crate::position::{CharacterAt, FORMAT, HostageAt, NamedAt, Position};
use crate::priorities::Act;

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

/// Why a command was refused. The game is unchanged whenever one of these is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("{0}")]
pub struct Refusal(pub String);

fn refuse<T>(why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(why.into()))
}

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
    rng: Chance,
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
const COINS_A_CARD: u8 = 2;

/// The Location Characters start on (Neverland, or the Jolly Roger).
fn start_location(pack: &Pack) -> &str {
    &pack.boards[0].locations[0]
}

impl Game {
    /// Sets up a game: boards, supply, the Threat deck with its 4 set-up draws, the Search deck
    /// in its stacks, Characters on the small board, the Rowboat docked (Pirates).
    pub fn new(pack: &Pack, map: &Map, setup: &Setup, seed: u64) -> Result<Game, Refusal> {
        if !(1..=4).contains(&setup.players) {
            return refuse(format!("1 to 4 players, not {}", setup.players));
        }
        let seats = setup.players.max(2) as usize;
        let chars: Vec<String> = if setup.characters.is_empty() {
            pack.characters
                .iter()
                .take(seats)
                .map(|c| c.id.clone())
                .collect()
        } else {
            setup.characters.clone()
        };
        if chars.len() != seats {
            return refuse(format!(
                "{} players play {seats} Characters, not {}",
                setup.players,
                chars.len()
            ));
        }
        for (i, c) in chars.iter().enumerate() {
            if pack.character(c).is_none() {
                return refuse(format!("there is no Character {c:?} in this scenario"));
            }
            if chars[..i].contains(c) {
                return refuse(format!("{c} is chosen twice"));
            }
        }
        if pack.hostages.len() < seats {
            return refuse("the pack has too few Hostages for this many players");
        }
        let start = start_location(pack).to_owned();
        let mut rng = Chance::from_seed(seed);
        let table = Position {
            format: FORMAT.into(),
            scenario: pack.scenario,
            characters: chars
                .iter()
                .map(|c| CharacterAt {
                    id: c.clone(),
                    at: start.clone(),
                    wounds: 0,
                    despair: 0,
                    destiny: true,
                    fallen: false,
                    coins: 0,
                    items: vec![],
                    carrying: vec![],
                    on_rowboat: false,
                })
                .collect(),
            enemies: vec![],
            named_enemies: vec![],
            search_tokens: Default::default(),
            hostages: vec![],
            rowboat: (pack.scenario == Scenario::Pirates).then(|| start.clone()),
        };
        // The Threat deck: Named Enemy card out, shuffle, 4 drawn for their diagrams only, the
        // Named Enemy card shuffled back into the rest.
        let named_card = pack
            .threat_cards
            .iter()
            .find(|t| t.named_enemy)
            .expect("validated")
            .id
            .clone();
        let mut threats: Vec<String> = pack
            .threat_cards
            .iter()
            .filter(|t| !t.named_enemy)
            .map(|t| t.id.clone())
            .collect();
        rng.shuffle(&mut threats);
        let n = pack.setup.threat_setup_draws as usize;
        let setup_threats: Vec<String> = threats.split_off(threats.len().saturating_sub(n));
        threats.push(named_card);
        rng.shuffle(&mut threats);
        let search_deck = search_deck(pack, seats, &mut rng);
        let mut game = Game {
            scenario: pack.scenario,
            setup: Setup {
                players: setup.players,
                characters: chars,
                physical_threat_deck: setup.physical_threat_deck,
            },
            table,
            active: 0,
            phase: Phase::Morale,
            turn: Turn::default(),
            threat_deck: threats,
            threat_discard: vec![],
            setup_threats: setup_threats.clone(),
            search_deck,
            search_discard: vec![],
            set_aside: vec![],
            items: vec![vec![]; seats],
            named_placed: vec![],
            named_defeated: vec![],
            fight_rolls: vec![],
            last_discover: None,
            rng,
        };
        for card in &setup_threats {
            let t = pack.threat_card(card).expect("validated");
            let colour = t.colour.expect("not the Named Enemy card");
            game.discover(pack, map, &t.discover, colour);
            game.threat_discard.push(card.clone());
        }
        game.sync_items();
        Ok(game)
    }

    /// A game that continues from a table position (an imported table, or a rule case): the
    /// first Character in the position is about to roll for Morale; the decks are those a fresh
    /// set-up makes from `seed`, less the Hostage cards of Hostages already found.
    pub fn from_position(
        pack: &Pack,
        map: &Map,
        pos: &Position,
        seed: u64,
    ) -> Result<Game, Refusal> {
        pos.validate(pack, map)
            .map_err(|e| Refusal(e.to_string()))?;
        let n = pos.characters.len();
        if !(2..=4).contains(&n) {
            return refuse("a game has 2 to 4 Characters on the table");
        }
        let setup = Setup {
            players: n as u8,
            characters: pos.characters.iter().map(|c| c.id.clone()).collect(),
            physical_threat_deck: false,
        };
        let mut g = Game::new(pack, map, &setup, seed)?;
        // The imported table replaces the set-up's: its four diagrams were never laid out.
        g.table = pos.clone();
        g.setup_threats.clear();
        let found: Vec<&str> = pos
            .hostages
            .iter()
            .map(|h| h.id.as_str())
            .chain(
                pos.characters
                    .iter()
                    .flat_map(|c| c.carrying.iter().map(String::as_str)),
            )
            .collect();
        g.search_deck.retain(|card| {
            !matches!(pack.search_card(card), Some(SearchEffect::Hostage { hostage }) if found.contains(&hostage.as_str()))
        });
        g.named_placed = pos.named_enemies.iter().map(|n| n.id.clone()).collect();
        for (i, c) in pos.characters.iter().enumerate() {
            g.items[i] = c
                .items
                .iter()
                .map(|it| {
                    Item::parse(it).ok_or_else(|| {
                        Refusal(format!("characters[{i}].items: unknown Item {it:?}"))
                    })
                })
                .collect::<Result<_, _>>()?;
        }
        g.phase = if g.table.characters[0].fallen {
            Phase::Draw
        } else {
            Phase::Morale
        };
        Ok(g)
    }

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

    // ----- queries -----

    fn loc(map: &Map, name: &str) -> usize {
        map.id(name).expect("a known Location")
    }

    pub fn active_id(&self) -> &str {
        &self.table.characters[self.active].id
    }

    fn char_index(&self, id: &str) -> Result<usize, Refusal> {
        self.table
            .characters
            .iter()
            .position(|c| c.id == id)
            .ok_or_else(|| Refusal(format!("there is no Character {id:?} in this game")))
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

    /// A query: do the Characters control this Location (more standing Characters than Enemies)?
    pub fn controlled(&self, at: &str) -> bool {
        self.characters_at(at) > self.enemies_at(at)
    }

    /// The top Threat card, when a controlled Crow's Nest / Marooner's Rock shows it (digital
    /// deck only: a physical deck's order is the table's).
    pub fn peek(&self) -> Option<&str> {
        if self.setup.physical_threat_deck {
            return None;
        }
        let lookout = match self.scenario {
            Scenario::LostAllies => "crows-nest",
            Scenario::Pirates => "marooners-rock",
        };
        if self.controlled(lookout) {
            self.threat_deck.last().map(String::as_str)
        } else {
            None
        }
    }

    /// The options of the next activation (a query over the state).
    pub fn pending_options(&self, pack: &Pack, map: &Map) -> Option<(String, Vec<Act>)> {
        let Phase::Activations { queue, colour, .. } = &self.phase else {
            return None;
        };
        activation::options(pack, map, &self.table, *colour, queue.first()?)
    }

    // ----- the commands -----

    fn run(&mut self, pack: &Pack, map: &Map, cmd: &Command) -> Result<(), Refusal> {
        if let Phase::Over { .. } = self.phase {
            return refuse("the game is over");
        }
        match cmd {
            Command::MoraleCheck => {
                if self.phase != Phase::Morale {
                    return refuse("the Morale Check opens a turn");
                }
                let despair = self.table.characters[self.active].despair.min(4);
                let stones: Vec<Stone> = (0..despair)
                    .map(|_| Stone::FACES[self.rng.below(6) as usize])
                    .collect();
                let plan = TurnPlan::from_stones(&stones, self.scenario);
                self.turn = Turn {
                    stones,
                    mandatory: plan.mandatory,
                    chosen: plan.chosen,
                    ..Turn::default()
                };
                self.phase = Phase::Actions;
                Ok(())
            }
            Command::EndActions => {
                self.actions_phase()?;
                // A Mandatory Action that can still be performed must be.
                let mut probe: Option<Game> = None;
                for a in self.turn.mandatory.clone() {
                    let p = probe.get_or_insert_with(|| self.clone());
                    if p.possible(pack, map, a) {
                        return refuse(format!(
                            "the Mandatory {} can still be performed",
                            action_name(a)
                        ));
                    }
                }
                self.end_of_turn();
                self.phase = Phase::Draw;
                Ok(())
            }
            Command::DrawThreat => {
                if self.phase != Phase::Draw {
                    return refuse("a Threat is drawn after the Actions");
                }
                if self.setup.physical_threat_deck {
                    return refuse("with a physical deck, say which card was drawn");
                }
                let card = self
                    .threat_deck
                    .pop()
                    .expect("the deck is never left empty");
                self.after_draw(pack, card)
            }
            Command::ThreatDrawn { card } => {
                if self.phase != Phase::Draw {
                    return refuse("a Threat is drawn after the Actions");
                }
                if !self.setup.physical_threat_deck {
                    return refuse("the app draws from its own deck: use draw");
                }
                let Some(i) = self.threat_deck.iter().position(|c| c == card) else {
                    return refuse(format!(
                        "{card:?} is not in the Threat deck (it is in the discard, or not a card)"
                    ));
                };
                let card = self.threat_deck.remove(i);
                self.after_draw(pack, card)
            }
            Command::ChangeColour { character, colour } => {
                let Phase::Colour { card, colour: was } = &self.phase else {
                    return refuse("Destiny changes a Threat's colour once it is drawn");
                };
                if was == colour {
                    return refuse("the Threat already has that colour");
                }
                let i = self.char_index(character)?;
                if !self.table.characters[i].destiny {
                    return refuse(format!("{character} has no Destiny to spend"));
                }
                self.table.characters[i].destiny = false;
                self.phase = Phase::Colour {
                    card: card.clone(),
                    colour: *colour,
                };
                Ok(())
            }
            Command::ResolveThreat => {
                let Phase::Colour { card, colour } = self.phase.clone() else {
                    return refuse("there is no Threat waiting to be resolved");
                };
                let t = pack.threat_card(&card).expect("a card of the pack");
                match &t.effect {
                    Some(ThreatEffect::DespairOnBoard { board }) => {
                        let b = pack
                            .boards
                            .iter()
                            .position(|x| x.id == *board)
                            .expect("valid");
                        for c in 0..self.table.characters.len() {
                            let at = Self::loc(map, &self.table.characters[c].at);
                            if map.board_of(at) == b && !self.table.characters[c].fallen {
                                effects::gain_despair(pack, &mut self.table, c);
                            }
                        }
                    }
                    Some(ThreatEffect::NamedEnemiesHeal) => {
                        for n in &mut self.table.named_enemies {
                            n.wounds = n.wounds.saturating_sub(1);
                        }
                    }
                    None => {}
                }
                let queue = activation::queue(pack, &self.table, colour);
                self.phase = Phase::Activations {
                    card,
                    colour,
                    queue,
                    after: false,
                };
                self.finish_threat_if_done(pack, map);
                Ok(())
            }
            Command::Activate { option } => {
                let Some((_, options)) = self.pending_options(pack, map) else {
                    return refuse("no Enemy is waiting to activate");
                };
                let Some(act) = options.get(*option).cloned() else {
                    return refuse(format!(
                        "option {} does not exist ({} to choose from)",
                        option + 1,
                        options.len()
                    ));
                };
                self.activate(pack, map, &act);
                Ok(())
            }
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

    /// Puts a queued Enemy first (its first activation, when it has two).
    fn choose_next(&mut self, enemy: &str) -> Result<(), Refusal> {
        let Phase::Activations { queue, .. } = &mut self.phase else {
            return refuse("no Enemy is waiting to activate");
        };
        if !matches!(queue.first(), Some(Pending::Enemy { .. })) {
            return refuse("the Enemies have activated: the Named Enemies follow their Sheets");
        }
        let Some(k) = queue
            .iter()
            .position(|p| matches!(p, Pending::Enemy { id } if id == enemy))
        else {
            return refuse(format!("{enemy} is not waiting to activate"));
        };
        if k == 0 {
            return refuse(format!("{enemy} is already next"));
        }
        let p = queue.remove(k);
        queue.insert(0, p);
        Ok(())
    }

    /// The Enemies the players may choose to activate next instead of the first in the queue.
    pub fn next_choices(&self) -> Vec<String> {
        let Phase::Activations { queue, .. } = &self.phase else {
            return vec![];
        };
        let Some(Pending::Enemy { id: head }) = queue.first() else {
            return vec![];
        };
        let mut out: Vec<String> = Vec::new();
        for p in queue {
            if let Pending::Enemy { id } = p
                && id != head
                && !out.contains(id)
            {
                out.push(id.clone());
            }
        }
        out
    }

    /// Trading (a free action): one Character gives Items, Coins or a carried Hostage to another
    /// in the same Location, on anyone's turn (RB 294: some free actions "can also be performed
    /// when it isn't your turn"; trading is the one whose words name no turn).
    fn give(
        &mut self,
        from: Option<&str>,
        to: &str,
        item: Option<Item>,
        coins: u8,
        hostage: Option<&str>,
    ) -> Result<(), Refusal> {
        let me = match from {
            Some(f) => self.char_index(f)?,
            None => self.active,
        };
        let here = self.table.characters[me].at.clone();
        let t = self.char_index(to)?;
        if t == me || self.table.characters[t].at != here {
            return refuse(format!(
                "{to} is not another Character in the giver's Location"
            ));
        }
        if item.is_none() && coins == 0 && hostage.is_none() {
            return refuse("give something");
        }
        let item_at = match item {
            Some(it) => match self.items[me].iter().position(|i| *i == it) {
                Some(k) => Some(k),
                None => return refuse(format!("the giver holds no {}", it.id())),
            },
            None => None,
        };
        if coins > self.table.characters[me].coins {
            return refuse("the giver does not have that many Coins");
        }
        let hostage_at = match hostage {
            Some(h) => match self.table.characters[me]
                .carrying
                .iter()
                .position(|x| x == h)
            {
                Some(k) => Some(k),
                None => return refuse(format!("the giver is not carrying {h}")),
            },
            None => None,
        };
        if let Some(k) = item_at {
            let it = self.items[me].remove(k);
            self.items[t].push(it);
        }
        self.table.characters[me].coins -= coins;
        self.table.characters[t].coins += coins;
        if let Some(k) = hostage_at {
            let h = self.table.characters[me].carrying.remove(k);
            self.table.characters[t].carrying.push(h);
        }
        Ok(())
    }

    /// Carries out an option of the next activation.
    fn activate(&mut self, pack: &Pack, map: &Map, act: &Act) {
        let Phase::Activations { queue, .. } = &mut self.phase else {
            unreachable!("only with an activation waiting")
        };
        let head = queue.remove(0);
        self.carry_out(pack, map, &head, act);
        if self.outcome().is_none() {
            self.finish_threat_if_done(pack, map);
        }
    }

    /// `apply(Activate { option })` for an option the caller has just taken from
    /// `pending_options` on this same state (the bot's shortcut: the options are not worked out
    /// twice). The log still records `Activate { option }`; replay checks they agree.
    pub fn apply_pending(&mut self, pack: &Pack, map: &Map, act: &Act) {
        self.activate(pack, map, act);
        self.sync_items();
        self.check_end(pack);
    }

    fn actions_phase(&self) -> Result<(), Refusal> {
        match self.phase {
            Phase::Actions => Ok(()),
            Phase::Morale => refuse("roll the Morale Check first"),
            _ => refuse("Actions are taken during your turn, before the Threat"),
        }
    }

    /// Takes one Action of this kind (`cost` times), from a Mandatory slot if one matches, else
    /// from the Chosen ones.
    fn spend(&mut self, a: ActionId, cost: u8) -> Result<(), Refusal> {
        // Checked in full before anything is taken, so a refusal changes nothing.
        let matching = self.turn.mandatory.iter().filter(|m| **m == a).count() as u8;
        if matching + self.turn.chosen < cost && cost > 1 {
            return refuse(format!(
                "that takes {cost} Actions (1 more for each Hostage carried)"
            ));
        }
        for _ in 0..cost {
            if let Some(i) = self.turn.mandatory.iter().position(|m| *m == a) {
                self.turn.mandatory.remove(i);
            } else if self.turn.chosen > 0 {
                self.turn.chosen -= 1;
            } else if self.turn.mandatory.is_empty() {
                return refuse("no Actions left this turn");
            } else {
                return refuse(format!(
                    "your Actions left are Mandatory: {}",
                    self.turn
                        .mandatory
                        .iter()
                        .map(|m| action_name(*m))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        Ok(())
    }

    /// Could the active Character perform this Action now (for the Mandatory check)? Run on a
    /// copy the caller owns: a probe that may be changed.
    fn possible(&mut self, pack: &Pack, map: &Map, a: ActionId) -> bool {
        // The Actions actually left: this Mandatory one and the Chosen ones. An Action it cannot
        // pay for (a Pirate's Move with a Hostage carried costs 2) is not possible, and so is
        // lost (RB 284); one that would not use the Mandatory slot (a free flight) does not
        // perform it.
        self.turn.mandatory = vec![a];
        for c in self.candidate_actions(pack, map) {
            if action_of(&c) == Some(a) {
                let mut probe = self.clone();
                if probe.run(pack, map, &c).is_ok() && probe.turn.mandatory.is_empty() {
                    return true;
                }
            }
        }
        false
    }

    fn carried_cost(&self) -> u8 {
        self.table.characters[self.active].carrying.len() as u8
    }

    fn action(&mut self, pack: &Pack, map: &Map, cmd: &Command) -> Result<(), Refusal> {
        self.actions_phase()?;
        let me = self.active;
        let here = self.table.characters[me].at.clone();
        let la = self.scenario == Scenario::LostAllies;
        match cmd {
            Command::Move { to, escort } => {
                if self.turn.stopped && !self.turn.ignore_enemies {
                    return refuse("you moved into Enemies: no more Moves this turn");
                }
                if !la && self.table.characters[me].on_rowboat {
                    return refuse("step off the Rowboat first");
                }
                let from = Self::loc(map, &here);
                let Some(dest) = map.id(to) else {
                    return refuse(format!("unknown Location {to:?}"));
                };
                let walk = map.walk_neighbours(from).contains(&dest);
                let fly = la && self.may_fly(pack, map, &here, to);
                if !walk && !fly {
                    return refuse(format!("{to} is not one Move from {here}"));
                }
                let free_flight = fly && !walk && self.stern_free();
                let enemies_there = self.enemies_at(to) > 0;
                let mut moving = Vec::new();
                for h in escort {
                    if !la {
                        return refuse("Pirates carry Hostages; they do not escort them");
                    }
                    let Some(hi) = self.table.hostages.iter().position(|x| x.id == *h) else {
                        return refuse(format!("there is no Hostage {h:?} on the board"));
                    };
                    if self.table.hostages[hi].at != here || moving.contains(&hi) {
                        return refuse(format!("{h} is not in your Location"));
                    }
                    if !map.reachable(dest) {
                        return refuse(
                            "Hostages cannot move to Neverland: Rescue them with Fairy Dust",
                        );
                    }
                    if enemies_there {
                        return refuse("Hostages cannot enter a Location with Enemies");
                    }
                    moving.push(hi);
                }
                if !free_flight {
                    self.spend(ActionId::Move, 1 + self.carried_cost())?;
                }
                for hi in moving {
                    self.table.hostages[hi].at = to.clone();
                }
                self.table.characters[me].at = to.clone();
                // RB 312: the Lost Ally Move only; the Pirate Move (RB 339-346) has no such stop.
                if la && enemies_there && !self.turn.ignore_enemies {
                    self.turn.stopped = true;
                }
                Ok(())
            }
            Command::Board => {
                if la {
                    return refuse("there is no Rowboat when playing as the Lost Allies");
                }
                if self.table.rowboat.as_deref() != Some(here.as_str()) {
                    return refuse("the Rowboat is not docked here");
                }
                if self.table.characters[me].on_rowboat {
                    return refuse("you are already on the Rowboat");
                }
                self.table.characters[me].on_rowboat = true;
                Ok(())
            }
            Command::StepOff => {
                if !self.table.characters[me].on_rowboat {
                    return refuse("you are not on the Rowboat");
                }
                self.spend(ActionId::Move, 1 + self.carried_cost())?;
                self.table.characters[me].on_rowboat = false;
                Ok(())
            }
            Command::Row { to, with } => {
                if !self.table.characters[me].on_rowboat {
                    return refuse("board the Rowboat first");
                }
                if !is_shore(pack, to) || *to == here {
                    return refuse(format!("{to} is not another Shore"));
                }
                self.check_boarders(&here, with)?;
                self.spend(ActionId::Move, 1 + self.carried_cost())?;
                self.move_rowboat(&here, to, with)
            }
            Command::CallRowboat { with } => {
                if la {
                    return refuse("there is no Rowboat when playing as the Lost Allies");
                }
                if !is_shore(pack, &here) {
                    return refuse("the Rowboat is called from a Shore");
                }
                let Some(at) = self.table.rowboat.clone() else {
                    return refuse("there is no Rowboat");
                };
                if at == here {
                    return refuse("the Rowboat is already here");
                }
                self.check_boarders(&at, with)?;
                self.spend(ActionId::Move, 1 + self.carried_cost())?;
                self.move_rowboat(&at, &here, with)
            }
            Command::Fight { target } => self.fight(pack, map, &here, target),
            Command::Search => {
                if self.enemies_at(&here) > 0 {
                    return refuse("you cannot Search with Enemies in your Location");
                }
                if self.table.search_tokens.get(&here).copied().unwrap_or(0) == 0 {
                    return refuse("there is no Search token here");
                }
                self.spend(ActionId::Search, 1)?;
                *self.table.search_tokens.get_mut(&here).expect("checked") -= 1;
                self.table.search_tokens.retain(|_, n| *n > 0);
                let extra = matches!(here.as_str(), "hold" | "neverwood") && self.controlled(&here);
                let sift = matches!(here.as_str(), "crew-quarters" | "warpath-woods")
                    && self.controlled(&here);
                for _ in 0..if extra { 2 } else { 1 } {
                    loop {
                        let Some(card) = self.draw_search() else {
                            return Ok(());
                        };
                        let junk = matches!(pack.search_card(&card), Some(SearchEffect::Junk));
                        self.resolve_search(pack, map, Some(me), &here, card);
                        if !(junk && sift) || self.outcome().is_some() {
                            break;
                        }
                    }
                }
                Ok(())
            }
            Command::Capture { hostage } => {
                if la {
                    return refuse("the Lost Allies escort Hostages; they do not capture them");
                }
                if self.enemies_at(&here) > 0 {
                    return refuse("you cannot Capture with Enemies in your Location");
                }
                let Some(hi) = self
                    .table
                    .hostages
                    .iter()
                    .position(|h| h.id == *hostage && h.at == here)
                else {
                    return refuse(format!("{hostage} is not in your Location"));
                };
                if here == start_location(pack) {
                    return refuse("a Hostage on the Jolly Roger is delivered");
                }
                self.spend(ActionId::Search, 1)?;
                self.table.hostages.remove(hi);
                self.table.characters[me].carrying.push(hostage.clone());
                Ok(())
            }
            Command::Taunt { enemy, also, coin } => {
                if !la {
                    return refuse("the Pirates Scare; they do not Taunt");
                }
                if *coin && self.table.characters[me].coins == 0 {
                    return refuse("a Coin Taunt needs a Coin");
                }
                let from = self.enemy_at(enemy)?;
                let f = Self::loc(map, &from);
                if !map.walk_neighbours(Self::loc(map, &here)).contains(&f) {
                    return refuse(format!("{enemy} is not in an adjacent Location"));
                }
                if let Some(b) = also {
                    // RB 474: no "here" in the Bow's words: a benefit of control for the team.
                    if !self.controlled("bow") {
                        return refuse(
                            "two Enemies are Taunted only while the Characters control the Bow",
                        );
                    }
                    if b == enemy || self.enemy_at(b)? != from {
                        return refuse(
                            "the second Enemy must be another one from the same Location",
                        );
                    }
                }
                if *coin {
                    self.table.characters[me].coins -= 1;
                } else {
                    self.spend(ActionId::Taunt, 1)?;
                }
                for e in std::iter::once(enemy).chain(also) {
                    effects::set_enemy_at(&mut self.table, e, &here);
                }
                Ok(())
            }
            Command::TradeCoins { card } => {
                if !la {
                    return refuse(
                        "Coins buy cards on Neverland only when playing the Lost Allies",
                    );
                }
                if here != start_location(pack) {
                    return refuse("Coins are traded for cards on Neverland");
                }
                if self.table.characters[me].coins < COINS_A_CARD {
                    return refuse(format!("a card costs {COINS_A_CARD} Coins"));
                }
                let Some(k) = self.search_discard.iter().position(|c| c == card) else {
                    return refuse(format!("{card} is not in the Search discard"));
                };
                let Some(SearchEffect::Item { item }) = pack.search_card(card).cloned() else {
                    return refuse("only Item cards are worth Coins");
                };
                self.search_discard.remove(k);
                self.table.characters[me].coins -= COINS_A_CARD;
                self.items[me].push(item);
                Ok(())
            }
            Command::Scare { enemy, to, also } => {
                if la {
                    return refuse("the Lost Allies Taunt; they do not Scare");
                }
                if self.enemy_at(enemy)? != here {
                    return refuse(format!("{enemy} is not in your Location"));
                }
                let Some(t) = map.id(to) else {
                    return refuse(format!("unknown Location {to:?}"));
                };
                if !map.walk_neighbours(Self::loc(map, &here)).contains(&t) || !map.reachable(t) {
                    return refuse(format!("{to} is not adjacent to {here}"));
                }
                if let Some(b) = also {
                    // RB 489: a benefit of control for the team (no "here" in its words).
                    if !self.controlled("mermaids-lagoon") {
                        return refuse(
                            "two Enemies are Scared only while the Characters control Mermaid's Lagoon",
                        );
                    }
                    if b == enemy || self.enemy_at(b)? != here {
                        return refuse("the second Enemy must be another one in your Location");
                    }
                }
                self.spend(ActionId::Scare, 1)?;
                for e in std::iter::once(enemy).chain(also) {
                    effects::set_enemy_at(&mut self.table, e, to);
                }
                Ok(())
            }
            Command::Courage { character } => {
                if !la {
                    return refuse("the Pirates Loot; they have no Courage Action");
                }
                let t = self.char_index(character)?;
                if self.table.characters[t].at != here {
                    return refuse(format!("{character} is not in your Location"));
                }
                let c = &self.table.characters[t];
                if !c.fallen && c.despair == 0 {
                    return refuse(format!("{character} has no Despair to remove"));
                }
                self.spend(ActionId::Courage, 1)?;
                let c = &mut self.table.characters[t];
                if c.fallen {
                    c.fallen = false;
                    c.wounds = c.wounds.saturating_sub(1);
                }
                c.despair = c.despair.saturating_sub(1);
                Ok(())
            }
            Command::LootGain { bonus_despair } => {
                if la {
                    return refuse("the Lost Allies do not Loot");
                }
                // RB 493: a benefit of control for the team (no "here" in its words).
                let cove = self.controlled("pirate-cove");
                if *bonus_despair && !cove {
                    return refuse("the extra Despair comes from a controlled Pirate Cove");
                }
                self.spend(ActionId::Loot, 1)?;
                let gain = if cove && !*bonus_despair { 3 } else { 2 };
                self.gain_coins(pack, me, gain);
                if *bonus_despair {
                    let c = &mut self.table.characters[me];
                    c.despair = c.despair.saturating_sub(1);
                }
                Ok(())
            }
            Command::LootSpend { coins } => {
                if la {
                    return refuse("the Lost Allies do not Loot");
                }
                let c = &self.table.characters[me];
                if *coins == 0 || *coins > c.coins || *coins > c.despair {
                    return refuse("spend 1 Coin or more, no more than your Coins or your Despair");
                }
                self.spend(ActionId::Loot, 1)?;
                // A controlled Pirate Cove removes 1 more Despair on this Loot too (RB 493).
                let extra = u8::from(self.controlled("pirate-cove"));
                let c = &mut self.table.characters[me];
                c.coins -= coins;
                c.despair -= (coins + extra).min(c.despair);
                Ok(())
            }
            Command::LootRescue { character } => {
                if la {
                    return refuse("the Lost Allies rescue with Courage");
                }
                let t = self.char_index(character)?;
                if self.table.characters[t].at != here || !self.table.characters[t].fallen {
                    return refuse(format!("{character} is not a Fallen ally in your Location"));
                }
                if self.table.characters[me].coins < 2 {
                    return refuse("a rescue costs 2 Coins");
                }
                self.spend(ActionId::Loot, 1)?;
                self.table.characters[me].coins -= 2;
                let c = &mut self.table.characters[t];
                c.fallen = false;
                c.wounds = c.wounds.saturating_sub(1);
                c.despair = c.despair.saturating_sub(1);
                Ok(())
            }
            Command::Rest => {
                if self.table.characters[me].wounds == 0 {
                    return refuse("you have no Wound to remove");
                }
                self.spend(ActionId::Rest, 1)?;
                self.table.characters[me].wounds -= 1;
                Ok(())
            }
            Command::FifthAction => {
                if self.turn.fifth_used {
                    return refuse("one 5th Action per turn");
                }
                if !self.table.characters[me].destiny {
                    return refuse("you have no Destiny to spend");
                }
                self.table.characters[me].destiny = false;
                self.turn.fifth_used = true;
                self.turn.chosen += 1;
                Ok(())
            }
            Command::UseItem { item, hostage } => {
                let Some(k) = self.items[me].iter().position(|i| i == item) else {
                    return refuse(format!("you hold no {}", item.id()));
                };
                match item {
                    Item::FairyDust => {
                        if let Some(h) = hostage {
                            let on_top = map.board_of(Self::loc(map, &here)) == 1;
                            let gun = here == "gun-deck" && self.controlled(&here);
                            if !la || !(on_top || gun) {
                                return refuse(
                                    "Fairy Dust rescues from the top Deck (or a controlled Gun Deck)",
                                );
                            }
                            let Some(hi) = self
                                .table
                                .hostages
                                .iter()
                                .position(|x| x.id == *h && x.at == here)
                            else {
                                return refuse(format!("{h} is not in your Location"));
                            };
                            self.table.hostages[hi].at = start_location(pack).to_owned();
                        } else {
                            self.turn.ignore_enemies = true;
                            self.turn.stopped = false;
                        }
                    }
                    Item::Bandage => {
                        let c = &mut self.table.characters[me];
                        if c.wounds == 0 {
                            return refuse("you have no Wound to remove");
                        }
                        c.wounds -= 1;
                    }
                    Item::LuckyCharm => {
                        if self.table.characters[me].destiny {
                            return refuse("you already have your Destiny");
                        }
                        self.table.characters[me].destiny = true;
                    }
                    Item::Grog => {
                        let c = &mut self.table.characters[me];
                        if c.despair == 0 {
                            return refuse("you have no Despair to remove");
                        }
                        c.despair -= 1;
                    }
                }
                self.items[me].remove(k);
                Ok(())
            }
            Command::Drop { hostage } => {
                let Some(k) = self.table.characters[me]
                    .carrying
                    .iter()
                    .position(|x| x == hostage)
                else {
                    return refuse(format!("you are not carrying {hostage}"));
                };
                let h = self.table.characters[me].carrying.remove(k);
                self.table.hostages.push(HostageAt { id: h, at: here });
                Ok(())
            }
            _ => unreachable!("handled in run"),
        }
    }

    fn may_fly(&self, pack: &Pack, map: &Map, from: &str, to: &str) -> bool {
        let start = start_location(pack);
        let top = |l: &str| map.id(l).is_some_and(|i| map.board_of(i) == 1);
        let launch = |l: &str| top(l) || (l == "gun-deck" && self.controlled("gun-deck"));
        (from == start && top(to)) || (to == start && launch(from))
    }

    /// The Stern (RB 483, "Flying to/from the ship doesn't use an Action"): while the
    /// Characters control it, no flight between the ship and Neverland costs an Action.
    fn stern_free(&self) -> bool {
        self.controlled("stern")
    }

    /// Characters who would board the Rowboat as it leaves `from`.
    fn check_boarders(&self, from: &str, with: &[String]) -> Result<(), Refusal> {
        for (k, w) in with.iter().enumerate() {
            let i = self.char_index(w)?;
            let c = &self.table.characters[i];
            if c.at != from || c.on_rowboat || c.fallen || with[..k].contains(w) {
                return refuse(format!("{w} cannot board at {from}"));
            }
        }
        Ok(())
    }

    fn move_rowboat(&mut self, from: &str, to: &str, with: &[String]) -> Result<(), Refusal> {
        self.check_boarders(from, with)?;
        for w in with {
            let i = self.char_index(w)?;
            self.table.characters[i].on_rowboat = true;
        }
        for c in &mut self.table.characters {
            if c.on_rowboat {
                c.at = to.to_owned();
            }
        }
        self.table.rowboat = Some(to.to_owned());
        Ok(())
    }

    fn enemy_at(&self, id: &str) -> Result<String, Refusal> {
        self.table
            .enemies
            .iter()
            .find(|e| e.id == id)
            .map(|e| e.at.clone())
            .or_else(|| {
                self.table
                    .named_enemies
                    .iter()
                    .find(|n| n.id == id)
                    .map(|n| n.at.clone())
            })
            .ok_or_else(|| Refusal(format!("there is no Enemy {id:?} on the board")))
    }

    fn fight(&mut self, pack: &Pack, map: &Map, here: &str, target: &str) -> Result<(), Refusal> {
        let la = self.scenario == Scenario::LostAllies;
        let at = self.enemy_at(target)?;
        let h = Self::loc(map, here);
        let t = Self::loc(map, &at);
        let in_reach = if la {
            at == here
        } else {
            map.walk_neighbours(h).contains(&t)
                || (at == here && self.controlled("native-fort"))
                || (self.controlled("plains") && map.board_of(t) == map.board_of(h) && at != here)
        };
        if !in_reach {
            return refuse(if la {
                format!("{target} is not in your Location")
            } else {
                format!("{target} is not in an adjacent Location")
            });
        }
        let named = self.table.named_enemies.iter().any(|n| n.id == target);
        if named && self.table.enemies.iter().any(|e| e.at == at) {
            return refuse("a Named Enemy is fought only when no other Enemies share its Location");
        }
        self.spend(ActionId::Fight, 1)?;
        // Fore Deck, Mid Deck, Native Village (RB 478, 482, 491): no "here" in their words, so
        // benefits of control for the whole team.
        let bonus = u8::from(la && self.controlled("fore-deck"));
        let wounds = 1 + bonus;
        if named {
            let stone = Stone::FACES[self.rng.below(6) as usize];
            self.fight_rolls.push(stone);
            let lucky = match self.scenario {
                Scenario::LostAllies => self.controlled("mid-deck"),
                Scenario::Pirates => self.controlled("native-village"),
            };
            let hit = stone.wounds_named_enemy()
                || (lucky && matches!(stone, Stone::Move | Stone::CourageScare));
            if hit {
                for _ in 0..wounds {
                    self.wound_named(pack, target);
                }
            }
            return Ok(());
        }
        let kind = self
            .table
            .enemies
            .iter()
            .find(|e| e.id == target)
            .map(|e| e.kind.clone())
            .expect("found above");
        if kind == "brute" {
            let k = match self.turn.brute_wounds.iter().position(|(b, _)| b == target) {
                Some(k) => k,
                None => {
                    self.turn.brute_wounds.push((target.to_owned(), 0));
                    self.turn.brute_wounds.len() - 1
                }
            };
            self.turn.brute_wounds[k].1 += wounds;
            if self.turn.brute_wounds[k].1 < 2 {
                return Ok(());
            }
        }
        self.table.enemies.retain(|e| e.id != target);
        Ok(())
    }

    fn wound_named(&mut self, pack: &Pack, id: &str) {
        let slots = pack.named(id).map(|s| s.wound_slots).unwrap_or(1);
        let Some(k) = self.table.named_enemies.iter().position(|n| n.id == id) else {
            return;
        };
        if self.table.named_enemies[k].wounds < slots {
            self.table.named_enemies[k].wounds += 1;
        } else {
            self.table.named_enemies.remove(k);
            self.named_defeated.push(id.to_owned());
        }
    }

    fn gain_coins(&mut self, pack: &Pack, c: usize, n: u8) {
        let held: u8 = self.table.characters.iter().map(|x| x.coins).sum();
        let room = pack.supply.coins.saturating_sub(held);
        self.table.characters[c].coins += n.min(room);
    }

    fn draw_search(&mut self) -> Option<String> {
        let card = self.search_deck.pop();
        if card.is_none() {
            self.phase = Phase::Over {
                outcome: Outcome::Lost {
                    cause: Loss::SearchDeckEmpty,
                },
            };
        }
        card
    }

    /// A Search card drawn in `at`, by Character `by` (None: an Enemy).
    fn resolve_search(
        &mut self,
        pack: &Pack,
        map: &Map,
        by: Option<usize>,
        at: &str,
        card: String,
    ) {
        let effect = pack.search_card(&card).expect("a card of the pack").clone();
        match effect {
            SearchEffect::Junk => self.search_discard.push(card),
            SearchEffect::Hostage { hostage } => {
                self.search_discard.push(card);
                self.table.hostages.push(HostageAt {
                    id: hostage,
                    at: at.to_owned(),
                });
                let placed = self.hostages_placed();
                if placed == self.table.characters.len()
                    && let Some(boss) = pack.named_enemies.iter().find(|n| n.set_aside)
                {
                    let id = boss.id.clone();
                    self.place_named(pack, &id);
                }
            }
            SearchEffect::Ambush { kind, count } => {
                self.search_discard.push(card);
                let placed = effects::place_enemies(pack, &mut self.table, &kind, count, at);
                if placed > 0 {
                    effects::surprise(pack, map, &mut self.table, at);
                }
            }
            SearchEffect::Item { item } => match by {
                Some(c) => self.items[c].push(item),
                None => self.search_discard.push(card),
            },
            SearchEffect::Treasure { coins } => match by {
                Some(c) => {
                    self.gain_coins(pack, c, coins);
                    self.search_discard.push(card);
                }
                // RB 512: only the Lost Allies set aside the Treasure an Enemy draws.
                None if self.scenario == Scenario::LostAllies => self.set_aside_card(pack, card),
                None => self.search_discard.push(card),
            },
            SearchEffect::Trap { wounds, despair } => match by {
                Some(c) => {
                    for _ in 0..wounds {
                        effects::wound_character(pack, map, &mut self.table, c);
                    }
                    for _ in 0..despair {
                        effects::gain_despair(pack, &mut self.table, c);
                    }
                    self.search_discard.push(card);
                }
                // RB 510: Traps (a Pirates' card) drawn by Enemies are set aside.
                None if self.scenario == Scenario::Pirates => self.set_aside_card(pack, card),
                None => self.search_discard.push(card),
            },
        }
        if self.search_deck.is_empty() && self.outcome().is_none() {
            self.phase = Phase::Over {
                outcome: Outcome::Lost {
                    cause: Loss::SearchDeckEmpty,
                },
            };
        }
    }

    fn set_aside_card(&mut self, pack: &Pack, card: String) {
        self.set_aside.push(card);
        // RB 510, 512: "the third card set aside this way places a random Named Enemy": once.
        if self.set_aside.len() == 3 {
            self.place_random_named(pack);
        }
    }

    /// Hostages that have been found (on the board, carried, rescued or delivered).
    fn hostages_placed(&self) -> usize {
        self.table.hostages.len()
            + self
                .table
                .characters
                .iter()
                .map(|c| c.carrying.len())
                .sum::<usize>()
    }

    fn place_random_named(&mut self, pack: &Pack) {
        let unused: Vec<&str> = pack
            .named_enemies
            .iter()
            .filter(|n| !n.set_aside && !self.named_placed.contains(&n.id))
            .map(|n| n.id.as_str())
            .collect();
        if unused.is_empty() {
            return;
        }
        let id = unused[self.rng.below(unused.len() as u32) as usize].to_owned();
        self.place_named(pack, &id);
    }

    fn place_named(&mut self, pack: &Pack, id: &str) {
        if self.table.named_enemies.len() >= 2 {
            self.phase = Phase::Over {
                outcome: Outcome::Lost {
                    cause: Loss::ThirdNamedEnemy,
                },
            };
            return;
        }
        let sheet = pack.named(id).expect("validated");
        self.table.named_enemies.push(NamedAt {
            id: id.to_owned(),
            at: sheet.placement.clone(),
            wounds: 0,
        });
        self.named_placed.push(id.to_owned());
    }

    fn discover(
        &mut self,
        pack: &Pack,
        map: &Map,
        placements: &[crate::pack::Placement],
        colour: Colour,
    ) {
        let kind = pack
            .enemy_kinds
            .iter()
            .find(|k| k.colour == colour)
            .map(|k| k.id.clone());
        for p in placements {
            if let Some(kind) = &kind
                && p.enemies > 0
                && effects::place_enemies(pack, &mut self.table, kind, p.enemies, &p.at) > 0
            {
                effects::surprise(pack, map, &mut self.table, &p.at);
            }
            let total: u8 = self.table.search_tokens.values().sum();
            let add = p
                .search
                .min(pack.supply.search_tokens.saturating_sub(total));
            if add > 0 {
                *self.table.search_tokens.entry(p.at.clone()).or_insert(0) += add;
            }
        }
    }

    fn after_draw(&mut self, pack: &Pack, card: String) -> Result<(), Refusal> {
        if self.threat_deck.is_empty() {
            // Reshuffled as soon as it is empty (so a lookout always shows the next card).
            self.threat_deck = std::mem::take(&mut self.threat_discard);
            self.rng.shuffle(&mut self.threat_deck);
        }
        let t = pack.threat_card(&card).expect("a card of the pack");
        if t.named_enemy {
            self.place_random_named(pack);
            self.threat_discard.push(card);
            if self.outcome().is_none() {
                self.next_turn();
            }
            return Ok(());
        }
        self.phase = Phase::Colour {
            card,
            colour: t.colour.expect("validated"),
        };
        Ok(())
    }

    fn finish_threat_if_done(&mut self, pack: &Pack, map: &Map) {
        let Phase::Activations {
            card,
            colour,
            queue,
            after,
        } = &self.phase
        else {
            return;
        };
        if !queue.is_empty() {
            return;
        }
        let (card, colour, after) = (card.clone(), *colour, *after);
        if !after {
            let t = pack.threat_card(&card).expect("a card of the pack");
            self.discover(pack, map, &t.discover, colour);
            self.last_discover = Some((card.clone(), colour));
            self.threat_discard.push(card.clone());
            // Then the Named Enemies' "after resolving" effects.
            let queue = activation::after_queue(pack, &self.table);
            if !queue.is_empty() && self.outcome().is_none() {
                self.phase = Phase::Activations {
                    card,
                    colour,
                    queue,
                    after: true,
                };
                return;
            }
        }
        if self.outcome().is_none() {
            self.next_turn();
        }
    }

    fn next_turn(&mut self) {
        self.active = (self.active + 1) % self.table.characters.len();
        self.turn = Turn::default();
        self.phase = if self.table.characters[self.active].fallen {
            Phase::Draw
        } else {
            Phase::Morale
        };
    }

    /// Carries out an option of an activation with the shared effects; an Enemy's Search then
    /// draws its card.
    fn carry_out(&mut self, pack: &Pack, map: &Map, who: &Pending, act: &Act) {
        let draws = matches!(act, Act::Search { location }
            if self.table.search_tokens.get(location).is_some_and(|n| *n > 0));
        if let Some(lost) = effects::carry_out(pack, map, &mut self.table, who.id(), act) {
            self.lose(lost);
            return;
        }
        if let (true, Act::Search { location }) = (draws, act)
            && let Some(card) = self.draw_search()
        {
            self.resolve_search(pack, map, None, location, card);
        }
    }

    fn lose(&mut self, l: effects::Loss) {
        let cause = match l {
            effects::Loss::HostageKilled => Loss::HostageKilled,
            effects::Loss::HostageRescuedByFairy => Loss::HostageRescuedByFairy,
            effects::Loss::AllCharactersFallen => Loss::AllCharactersFallen,
        };
        self.phase = Phase::Over {
            outcome: Outcome::Lost { cause },
        };
    }

    /// What ending the Actions where the active Character stands will do (a controlled Location's
    /// end-of-turn ability), when it changes something. A query: the screen proposes it.
    pub fn end_of_turn_effect(&self) -> Option<EndOfTurn> {
        let c = &self.table.characters[self.active];
        if !self.controlled(&c.at) {
            return None;
        }
        match c.at.as_str() {
            "captains-cabin" | "fairy-hollow" if !c.destiny => Some(EndOfTurn::RegainDestiny),
            "galley" | "wendys-house" if c.wounds > 0 => Some(EndOfTurn::HealWound),
            _ => None,
        }
    }

    fn end_of_turn(&mut self) {
        let effect = self.end_of_turn_effect();
        let c = &mut self.table.characters[self.active];
        match effect {
            Some(EndOfTurn::RegainDestiny) => c.destiny = true,
            Some(EndOfTurn::HealWound) => c.wounds -= 1,
            None => {}
        }
    }

    /// Keeps the position's `items` lists in step with the hands.
    fn sync_items(&mut self) {
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

    fn check_end(&mut self, pack: &Pack) {
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

    // ----- legal moves (for the bot and the "what may this Character do" query) -----

    /// Commands worth trying in the Actions phase (each still validated by `run`).
    fn candidate_actions(&self, pack: &Pack, map: &Map) -> Vec<Command> {
        let me = &self.table.characters[self.active];
        let here = me.at.as_str();
        let h = Self::loc(map, here);
        let mut out = Vec::with_capacity(48);
        for &n in map.walk_neighbours(h) {
            out.push(Command::Move {
                to: map.name(n).to_owned(),
                escort: vec![],
            });
        }
        if self.scenario == Scenario::LostAllies {
            for l in &pack.boards[1].locations {
                if self.may_fly(pack, map, here, l) {
                    out.push(Command::Move {
                        to: l.clone(),
                        escort: vec![],
                    });
                }
            }
            let start = start_location(pack);
            if self.may_fly(pack, map, here, start) {
                out.push(Command::Move {
                    to: start.to_owned(),
                    escort: vec![],
                });
            }
            for hs in self.table.hostages.iter().filter(|x| x.at == here) {
                for &n in map.walk_neighbours(h) {
                    out.push(Command::Move {
                        to: map.name(n).to_owned(),
                        escort: vec![hs.id.clone()],
                    });
                }
                if self.items[self.active].contains(&Item::FairyDust) {
                    out.push(Command::UseItem {
                        item: Item::FairyDust,
                        hostage: Some(hs.id.clone()),
                    });
                }
            }
        } else {
            let docked_here = self.table.rowboat.as_deref() == Some(here);
            if docked_here && !me.on_rowboat {
                out.push(Command::Board);
            }
            if me.on_rowboat {
                out.push(Command::StepOff);
                for s in &pack.links.enemy_shores {
                    out.push(Command::Row {
                        to: s.clone(),
                        with: vec![],
                    });
                }
                out.push(Command::Row {
                    to: start_location(pack).to_owned(),
                    with: vec![],
                });
            } else if !docked_here && is_shore(pack, here) {
                out.push(Command::CallRowboat { with: vec![] });
            }
            for hs in self.table.hostages.iter().filter(|x| x.at == here) {
                out.push(Command::Capture {
                    hostage: hs.id.clone(),
                });
            }
            for hs in &me.carrying {
                out.push(Command::Drop {
                    hostage: hs.clone(),
                });
            }
            out.push(Command::LootGain {
                bonus_despair: false,
            });
            if me.coins > 0 && me.despair > 0 {
                out.push(Command::LootSpend { coins: 1 });
            }
        }
        // Only Enemies in reach: Lost Allies fight here and Taunt from next door; Pirates fight
        // next door (here from a Native Fort, their whole Island from the Plains) and Scare here.
        let la = self.scenario == Scenario::LostAllies;
        let next_door = |at: &str| {
            map.id(at)
                .is_some_and(|l| map.walk_neighbours(h).contains(&l))
        };
        let fightable = |at: &str| -> bool {
            if la {
                return at == here;
            }
            next_door(at)
                || (at == here && self.controlled("native-fort"))
                || (self.controlled("plains")
                    && map
                        .id(at)
                        .is_some_and(|l| map.board_of(l) == map.board_of(h)))
        };
        for e in &self.table.enemies {
            if fightable(&e.at) {
                out.push(Command::Fight {
                    target: e.id.clone(),
                });
            }
            if la && next_door(&e.at) {
                for coin in [false, true] {
                    if !coin || me.coins > 0 {
                        out.push(Command::Taunt {
                            enemy: e.id.clone(),
                            also: None,
                            coin,
                        });
                    }
                }
            } else if !la && e.at == here {
                for &n in map.walk_neighbours(h) {
                    out.push(Command::Scare {
                        enemy: e.id.clone(),
                        to: map.name(n).to_owned(),
                        also: None,
                    });
                }
            }
        }
        for n in self.table.named_enemies.iter().filter(|n| fightable(&n.at)) {
            out.push(Command::Fight {
                target: n.id.clone(),
            });
        }
        let enemies_here = self.enemies_at(here) > 0;
        if !enemies_here && self.table.search_tokens.get(here).is_some_and(|n| *n > 0) {
            out.push(Command::Search);
        }
        for c in &self.table.characters {
            if c.at == here && (c.fallen || c.despair > 0) {
                if self.scenario == Scenario::LostAllies {
                    out.push(Command::Courage {
                        character: c.id.clone(),
                    });
                } else {
                    out.push(Command::LootRescue {
                        character: c.id.clone(),
                    });
                }
            }
        }
        if me.wounds > 0 {
            out.push(Command::Rest);
        }
        for it in [Item::Bandage, Item::LuckyCharm, Item::Grog] {
            if self.items[self.active].contains(&it) {
                out.push(Command::UseItem {
                    item: it,
                    hostage: None,
                });
            }
        }
        // Trading (free): one thing at a time to another Character here.
        for (t, c) in self.table.characters.iter().enumerate() {
            if t == self.active || c.at != here {
                continue;
            }
            let give = |item, coins, hostage| Command::Give {
                from: None,
                to: c.id.clone(),
                item,
                coins,
                hostage,
            };
            let mut held: Vec<Item> = Vec::new();
            for it in &self.items[self.active] {
                if !held.contains(it) {
                    held.push(*it);
                }
            }
            out.extend(held.into_iter().map(|it| give(Some(it), 0, None)));
            if me.coins > 0 {
                out.push(give(None, 1, None));
            }
            out.extend(me.carrying.iter().map(|h| give(None, 0, Some(h.clone()))));
        }
        if la && here == start_location(pack) && me.coins >= COINS_A_CARD {
            let mut seen: Vec<&str> = Vec::new();
            for card in &self.search_discard {
                if let Some(SearchEffect::Item { item }) = pack.search_card(card)
                    && !seen.contains(&item.id())
                {
                    seen.push(item.id());
                    out.push(Command::TradeCoins { card: card.clone() });
                }
            }
        }
        out
    }

    /// Every command the game accepts now (Activate options included). A query: it runs each
    /// candidate on a copy.
    pub fn legal_commands(&self, pack: &Pack, map: &Map) -> Vec<Command> {
        let mut cands = self.candidates(pack, map);
        cands.retain(|c| self.validate(pack, map, c).is_ok());
        cands
    }

    /// A superset of the legal commands, cheap to build (the bot validates only what it tries).
    pub fn candidates(&self, pack: &Pack, map: &Map) -> Vec<Command> {
        match &self.phase {
            Phase::Over { .. } => vec![],
            Phase::Morale => vec![Command::MoraleCheck],
            Phase::Actions => {
                let mut c = self.candidate_actions(pack, map);
                c.push(Command::FifthAction);
                c.push(Command::EndActions);
                c
            }
            Phase::Draw => {
                if self.setup.physical_threat_deck {
                    self.threat_deck
                        .iter()
                        .map(|c| Command::ThreatDrawn { card: c.clone() })
                        .collect()
                } else {
                    vec![Command::DrawThreat]
                }
            }
            Phase::Colour { .. } => {
                let mut c = vec![Command::ResolveThreat];
                for ch in &self.table.characters {
                    for colour in [Colour::Red, Colour::Blue, Colour::Yellow] {
                        c.push(Command::ChangeColour {
                            character: ch.id.clone(),
                            colour,
                        });
                    }
                }
                c
            }
            Phase::Activations { .. } => {
                let n = self.pending_options(pack, map).map_or(0, |(_, o)| o.len());
                let mut c: Vec<Command> =
                    (0..n).map(|option| Command::Activate { option }).collect();
                c.extend(
                    self.next_choices()
                        .into_iter()
                        .map(|enemy| Command::ChooseNext { enemy }),
                );
                c
            }
        }
    }
}

/// The Search deck at set-up (RB 174, the set-up diagram's "4-Card, Third Pile with Hostages,
/// and 8-Card" stacks; our reading in docs/rules-interpretations.md): the cards other than the
/// Hostages' shuffled, the pack's first stack (4) dealt for the top and its last (8) for the
/// bottom, the rest shuffled with the Hostage cards of the Hostages in play as the third pile
/// between them. The other Hostage cards leave the game.
fn search_deck(pack: &Pack, seats: usize, rng: &mut Chance) -> Vec<String> {
    let hostages: Vec<&String> = pack.hostages.iter().take(seats).collect();
    let mut plain = Vec::new();
    let mut hostage_cards = Vec::new();
    for id in pack.search_card_ids() {
        match pack.search_card(&id) {
            Some(SearchEffect::Hostage { hostage }) => {
                if hostages.contains(&hostage) {
                    hostage_cards.push(id)
                }
            }
            _ => plain.push(id),
        }
    }
    rng.shuffle(&mut plain);
    let mut stacks: Vec<Vec<String>> = Vec::new();
    for &size in &pack.setup.search_stacks {
        let k = (size as usize).min(plain.len());
        stacks.push(plain.drain(..k).collect());
    }
    plain.extend(hostage_cards);
    rng.shuffle(&mut plain);
    // Deck top is the end of the vector: the bottom stacks first, then the third pile, then
    // the top stack.
    let top = if stacks.is_empty() {
        vec![]
    } else {
        stacks.remove(0)
    };
    let mut deck: Vec<String> = stacks.into_iter().rev().flatten().collect();
    deck.extend(plain);
    deck.extend(top.into_iter().rev());
    deck
}

fn is_shore(pack: &Pack, l: &str) -> bool {
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
