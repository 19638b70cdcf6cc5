//! Set-up: the Characters, the Threat deck and its four set-up draws, the Search deck in its
//! stacks (RB "Setup"), and a game continued from an imported table position.

use neverland_chance::Chance;

use super::*;
use crate::map::Map;
use crate::pack::{Item, Pack, Scenario, SearchEffect};
use crate::position::{CharacterAt, FORMAT, Position};

impl Game {
    /// Sets up a game: boards, supply, the Threat deck with its 4 set-up draws, the Search deck
    /// in its stacks, Characters on the small board, the Rowboat docked (Pirates).
    pub fn new(pack: &Pack, map: &Map, setup: &Setup, seed: u64) -> Result<Game, Refusal> {
        if !(1..=4).contains(&setup.players) {
            return refuse(why!(
                "one-to-four-players",
                "1 to 4 players, not {n}",
                n = setup.players
            ));
        }
        let seats = setup.players.max(2) as usize;
        let chars = chosen_characters(pack, setup, seats)?;
        let mut rng = Chance::from_seed(seed);
        let table = start_table(pack, &chars);
        let (threats, setup_threats) = threat_deck(pack, &mut rng);
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
            .map_err(|e| why!("bad-position", "{reason}", reason = e))?;
        let n = pos.characters.len();
        if !(2..=4).contains(&n) {
            return refuse(why!(
                "two-to-four-characters",
                "a game has 2 to 4 Characters on the table"
            ));
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
                        why!(
                            "unknown-item",
                            "characters[{i}].items: unknown Item {it:?}",
                            i = i,
                            it = it
                        )
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
}

/// The Search deck at set-up (RB 174, the set-up diagram's "4-Card, Third Pile with Hostages,
/// and 8-Card" stacks; our reading in docs/rules-interpretations.md): the cards other than the
/// Hostages' shuffled, the pack's first stack (4) dealt for the top and its last (8) for the
/// bottom, the rest shuffled with the Hostage cards of the Hostages in play as the third pile
/// between them. The other Hostage cards leave the game.
pub(crate) fn search_deck(pack: &Pack, seats: usize, rng: &mut Chance) -> Vec<String> {
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

/// The Characters of a set-up (the pack's first ones when none are named), checked.
fn chosen_characters(pack: &Pack, setup: &Setup, seats: usize) -> Result<Vec<String>, Refusal> {
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
        return refuse(why!(
            "characters-per-players",
            "{players} players play {seats} Characters, not {n}",
            players = setup.players,
            seats = seats,
            n = chars.len()
        ));
    }
    for (i, c) in chars.iter().enumerate() {
        if pack.character(c).is_none() {
            return refuse(why!(
                "no-such-character",
                "there is no Character {c:?} in this scenario",
                c = c
            ));
        }
        if chars[..i].contains(c) {
            return refuse(why!("chosen-twice", "{c} is chosen twice", c = c));
        }
    }
    if pack.hostages.len() < seats {
        return refuse(why!(
            "too-few-hostages",
            "the pack has too few Hostages for this many players"
        ));
    }
    Ok(chars)
}

/// The table before the set-up draws: the Characters on the small board, the Rowboat docked there
/// (Pirates).
fn start_table(pack: &Pack, chars: &[String]) -> Position {
    let start = start_location(pack).to_owned();
    Position {
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
    }
}

/// The Threat deck (RB "Setup" 4b-4d): the Named Enemy card out, shuffle, the set-up draws taken
/// for their diagrams only, the Named Enemy card shuffled back into the rest. Returns the deck
/// and the set-up cards.
fn threat_deck(pack: &Pack, rng: &mut Chance) -> (Vec<String>, Vec<String>) {
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
    (threats, setup_threats)
}
