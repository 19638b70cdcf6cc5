//! A drawn Threat at a table, as a file (`neverland-legacy-threat/1`, our own format): the
//! position, the card, and what the table has seen of the Search deck (its discard, the cards
//! Enemies set aside, Items used and gone). The Search cards still unseen are what is left; the
//! game built from it holds them in a canonical order, since nobody at the table knows theirs.

use serde::{Deserialize, Serialize};

use crate::engine::{Game, Phase};
use crate::map::Map;
use crate::pack::{Colour, Pack, SearchEffect};
use crate::position::Position;

pub const SITUATION_FORMAT: &str = "neverland-legacy-threat/1";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Situation {
    pub format: String,
    pub position: Position,
    /// The Threat card drawn and not yet resolved.
    pub threat: String,
    /// Its colour now, when Destiny has already changed it (default: as printed).
    #[serde(default)]
    pub colour: Option<Colour>,
    /// Search cards in the discard pile.
    #[serde(default)]
    pub search_discard: Vec<String>,
    /// Search cards Enemies set aside.
    #[serde(default)]
    pub set_aside: Vec<String>,
    /// Search cards out of the game (Items used).
    #[serde(default)]
    pub gone: Vec<String>,
    /// Named Enemies placed so far (those on the table are added).
    #[serde(default)]
    pub named_placed: Vec<String>,
}

/// A situation that does not fit the format or the pack: the field and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {reason}")]
pub struct SituationError {
    pub path: String,
    pub reason: String,
}

fn err<T>(path: impl Into<String>, reason: impl Into<String>) -> Result<T, SituationError> {
    Err(SituationError {
        path: path.into(),
        reason: reason.into(),
    })
}

impl Situation {
    pub fn from_json(text: &str) -> Result<Situation, SituationError> {
        let s: Situation = crate::position::parse_at_path(text)
            .map_err(|(path, reason)| SituationError { path, reason })?;
        if s.format != SITUATION_FORMAT {
            return err(
                "format",
                format!("expected {SITUATION_FORMAT:?}, got {:?}", s.format),
            );
        }
        Ok(s)
    }

    /// The Search cards nobody has seen: the deck of the Hostages in play, less every card
    /// named as seen, the Hostages found and the Items in hand.
    fn unseen(&self, pack: &Pack) -> Result<Vec<String>, SituationError> {
        let pos = &self.position;
        let in_play: Vec<&String> = pack.hostages.iter().take(pos.characters.len()).collect();
        let mut deck: Vec<String> = pack
            .search_card_ids()
            .into_iter()
            .filter(|id| match pack.search_card(id) {
                Some(SearchEffect::Hostage { hostage }) => in_play.contains(&hostage),
                _ => true,
            })
            .collect();
        let seen = [
            ("search_discard", &self.search_discard),
            ("set_aside", &self.set_aside),
            ("gone", &self.gone),
        ];
        for (field, cards) in seen {
            for (i, card) in cards.iter().enumerate() {
                let Some(k) = deck.iter().position(|c| c == card) else {
                    let why = if pack.search_card(card).is_some() {
                        "is listed twice, or not in this game's deck"
                    } else {
                        "is not a Search card of this scenario"
                    };
                    return err(format!("{field}[{i}]"), format!("{card:?} {why}"));
                };
                deck.remove(k);
            }
        }
        let found: Vec<&String> = pos
            .hostages
            .iter()
            .map(|h| &h.id)
            .chain(pos.characters.iter().flat_map(|c| c.carrying.iter()))
            .collect();
        deck.retain(|c| !matches!(pack.search_card(c), Some(SearchEffect::Hostage { hostage }) if found.contains(&hostage)));
        for (ci, c) in pos.characters.iter().enumerate() {
            for (ii, item) in c.items.iter().enumerate() {
                let held = deck.iter().position(|card| {
                    matches!(pack.search_card(card), Some(SearchEffect::Item { item: it }) if it.id() == item)
                });
                match held {
                    Some(k) => {
                        deck.remove(k);
                    }
                    None => {
                        return err(
                            format!("position.characters[{ci}].items[{ii}]"),
                            format!("no {item} card is left unseen for this hand"),
                        );
                    }
                }
            }
        }
        deck.sort();
        Ok(deck)
    }

    /// The game at the drawn card, checked against the pack.
    pub fn game(&self, pack: &Pack, map: &Map) -> Result<Game, SituationError> {
        let pos = &self.position;
        let mut g = Game::from_position(pack, map, pos, 0).map_err(|e| {
            let (path, reason) = e.text.split_once(": ").unwrap_or(("position", &e.text));
            SituationError {
                path: format!("position.{path}"),
                reason: reason.to_owned(),
            }
        })?;
        let Some(card) = pack.threat_card(&self.threat) else {
            return err(
                "threat",
                format!("{:?} is not a Threat card of this scenario", self.threat),
            );
        };
        let Some(printed) = card.colour else {
            return err(
                "threat",
                "the Named Enemy card places a Named Enemy: no colour to advise on",
            );
        };
        g.search_deck = self.unseen(pack)?;
        g.search_discard = self.search_discard.clone();
        g.set_aside = self.set_aside.clone();
        for (i, n) in self.named_placed.iter().enumerate() {
            if pack.named(n).is_none() {
                return err(
                    format!("named_placed[{i}]"),
                    format!("unknown Named Enemy {n:?}"),
                );
            }
            if !g.named_placed.contains(n) {
                g.named_placed.push(n.clone());
            }
        }
        g.threat_deck.retain(|c| *c != self.threat);
        g.phase = Phase::Colour {
            card: self.threat.clone(),
            colour: self.colour.unwrap_or(printed),
        };
        Ok(g)
    }
}
