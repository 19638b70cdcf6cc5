//! What the Legacy table screen draws beyond the engine's state, all read from the pack or asked
//! of the engine: the boards with their connections, Stairs and Shores; every Threat card as it
//! reads; the Search cards each command drew (by whom, where, what the card does); and, for the
//! buttons the screen shows, the engine's own reason when it would refuse them.

use std::collections::BTreeMap;

use neverland_legacy::engine::{Command, Game, Phase};
use neverland_legacy::map::Map;
use neverland_legacy::pack::{Colour, Placement, SearchEffect, SheetAbility, ThreatEffect};
use neverland_legacy::{Pack, Scenario};
use serde::Serialize;

use crate::error::Reason;
use ts_rs::TS;

/// One physical board as the pack lays it out: its Locations in printed order and which of them
/// are joined.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct TableBoard {
    pub id: String,
    pub locations: Vec<String>,
    pub adjacent: Vec<[String; 2]>,
}

/// A Threat card as it reads: colour, effect text and Discover diagram.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ThreatCardView {
    pub card: String,
    pub colour: Option<Colour>,
    pub named_enemy: bool,
    pub effect: Option<ThreatEffect>,
    pub discover: Vec<Placement>,
}

/// A Character sheet: how many Wound slots it prints, and what it lets its Character do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct CharacterCard {
    pub id: String,
    pub wound_slots: u8,
    pub abilities: Vec<SheetAbility>,
}

/// The pack's table, for the screen to draw (no copy of a pack lives in the UI).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct TablePack {
    pub boards: Vec<TableBoard>,
    /// Stairs Locations (joined to each other across boards).
    pub stairs: Vec<String>,
    /// Shores Enemies cross between.
    pub shores: Vec<String>,
    /// Locations Enemies never enter.
    pub unreachable: Vec<String>,
    pub characters: Vec<CharacterCard>,
    pub threat_cards: Vec<ThreatCardView>,
    /// Each Enemy kind's colour.
    pub kind_colours: BTreeMap<String, Colour>,
}

pub fn table_pack(pack: &Pack) -> TablePack {
    TablePack {
        boards: pack
            .boards
            .iter()
            .map(|b| TableBoard {
                id: b.id.clone(),
                locations: b.locations.clone(),
                adjacent: b.adjacent.clone(),
            })
            .collect(),
        stairs: pack.links.stairs.clone(),
        shores: pack.links.enemy_shores.clone(),
        unreachable: pack.links.unreachable_for_enemies.clone(),
        characters: pack
            .characters
            .iter()
            .map(|c| CharacterCard {
                id: c.id.clone(),
                wound_slots: c.wound_slots,
                abilities: c.abilities.clone(),
            })
            .collect(),
        threat_cards: pack
            .threat_cards
            .iter()
            .map(|t| ThreatCardView {
                card: t.id.clone(),
                colour: t.colour,
                named_enemy: t.named_enemy,
                effect: t.effect.clone(),
                discover: t.discover.clone(),
            })
            .collect(),
        kind_colours: pack
            .enemy_kinds
            .iter()
            .map(|k| (k.id.clone(), k.colour))
            .collect(),
    }
}

/// One Search card drawn during a command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SearchDrawn {
    pub card: String,
    /// The Character or Enemy that drew it.
    pub by: String,
    /// Drawn in an Enemy's Search (Treasure and Traps are then set aside, Items discarded).
    pub enemy: bool,
    /// Where it was drawn ("" when the table does not tell).
    pub at: String,
    pub effect: SearchEffect,
}

/// What the game looked like before a command, enough to tell which Search cards it drew.
pub struct BeforeSearch {
    deck: Vec<String>,
    tokens: BTreeMap<String, u8>,
    here: String,
}

impl BeforeSearch {
    pub fn of(game: &Game) -> BeforeSearch {
        BeforeSearch {
            deck: game.search_deck.clone(),
            tokens: game.table.search_tokens.clone(),
            here: game.table.characters[game.active].at.clone(),
        }
    }

    /// The cards `command` drew, in the order drawn (the deck's top is its last card, and only a
    /// Search takes cards from the deck).
    pub fn drawn(
        &self,
        pack: &Pack,
        after: &Game,
        command: &Command,
        by: &str,
    ) -> Vec<SearchDrawn> {
        let left = after.search_deck.len();
        if left >= self.deck.len() {
            return vec![];
        }
        let enemy = matches!(command, Command::Activate { .. });
        let at = if enemy {
            // The Location whose Search token the Enemy took.
            self.tokens
                .iter()
                .find(|(loc, n)| after.table.search_tokens.get(*loc).copied().unwrap_or(0) < **n)
                .map(|(loc, _)| loc.clone())
                .unwrap_or_default()
        } else {
            self.here.clone()
        };
        self.deck[left..]
            .iter()
            .rev()
            .filter_map(|card| {
                Some(SearchDrawn {
                    card: card.clone(),
                    by: by.to_owned(),
                    enemy,
                    at: at.clone(),
                    effect: pack.search_card(card)?.clone(),
                })
            })
            .collect()
    }
}

/// The Threat card a draw brought up (read from the phase it leads to).
pub fn threat_drawn(command: &Command, after: &Game) -> Option<String> {
    match command {
        Command::ThreatDrawn { card } => return Some(card.clone()),
        Command::DrawThreat => {}
        _ => return None,
    }
    match &after.phase {
        Phase::Colour { card, .. } | Phase::Activations { card, .. } => Some(card.clone()),
        _ => None,
    }
}

/// A command the screen shows that the engine would refuse now, with the engine's reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Refused {
    pub command: Command,
    pub reason: Reason,
}

/// The buttons the Actions screen draws on tiles and Enemies (Search, a Move to each Location, a
/// Fight, Taunt or Scare of each Enemy, Rest, the fifth Action, ending the Actions), each tried on
/// a copy of the game; those the engine refuses come back with its reason.
pub fn refused(pack: &Pack, map: &Map, game: &Game, legal: &[Command]) -> Vec<Refused> {
    if !matches!(game.phase, Phase::Actions) {
        return vec![];
    }
    let here = &game.table.characters[game.active].at;
    let mut tries = vec![
        Command::Search,
        Command::Rest,
        Command::FifthAction,
        Command::EndActions,
    ];
    for to in &map.names {
        if to != here {
            tries.push(Command::Move {
                to: to.clone(),
                escort: vec![],
            });
        }
    }
    let enemies = game.table.enemies.iter().map(|e| (&e.id, &e.at));
    let named = game.table.named_enemies.iter().map(|n| (&n.id, &n.at));
    for (id, at) in enemies.chain(named) {
        tries.push(Command::Fight { target: id.clone() });
        if game.scenario == Scenario::LostAllies {
            tries.push(Command::Taunt {
                enemy: id.clone(),
                also: None,
                coin: false,
            });
        } else if at == here {
            let board = |l: &str| map.id(l).map(|i| map.board_of(i));
            for to in map.names.iter().filter(|l| *l != at) {
                if board(to) == board(at) {
                    tries.push(Command::Scare {
                        enemy: id.clone(),
                        to: to.clone(),
                        also: None,
                    });
                }
            }
        }
    }
    tries
        .into_iter()
        .filter(|c| !legal.contains(c))
        .filter_map(|c| {
            let refusal = game.clone().apply(pack, map, &c).err()?;
            Some(Refused {
                command: c,
                reason: Reason::from(&refusal),
            })
        })
        .collect()
}
