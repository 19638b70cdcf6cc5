//! Searching and what Search cards do (Hostages, Ambushes, Items, Treasure, Traps, the cards
//! Enemies set aside, the Named Enemies they place), and the Pirates' Capture.

use super::*;
use crate::effects;
use crate::map::Map;
use crate::pack::{ActionId, Pack, Scenario, SearchEffect};
use crate::position::{HostageAt, NamedAt};

impl Game {
    /// Search: take the token here and draw (two cards at a controlled Hold / Neverwood; Junk sifted at Crew Quarters / Warpath Woods).
    pub(crate) fn search(&mut self, pack: &Pack, map: &Map, cmd: &Command) -> Result<(), Refusal> {
        let _ = cmd;
        let me = self.active;
        let here = self.table.characters[self.active].at.clone();
        if self.enemies_at(&here) > 0 {
            return refuse(why!(
                "search-with-enemies",
                "you cannot Search with Enemies in your Location"
            ));
        }
        if self.table.search_tokens.get(&here).copied().unwrap_or(0) == 0 {
            return refuse(why!("no-search-token", "there is no Search token here"));
        }
        self.spend(ActionId::Search, 1)?;
        *self.table.search_tokens.get_mut(&here).expect("checked") -= 1;
        self.table.search_tokens.retain(|_, n| *n > 0);
        let extra = matches!(here.as_str(), "hold" | "neverwood") && self.controlled(&here);
        let sift =
            matches!(here.as_str(), "crew-quarters" | "warpath-woods") && self.controlled(&here);
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

    /// Pirates: the Search that captures a Hostage here.
    pub(crate) fn capture(
        &mut self,
        pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let Command::Capture { hostage } = cmd else {
            unreachable!("dispatched on the command")
        };
        let me = self.active;
        let here = self.table.characters[self.active].at.clone();
        let la = self.scenario == Scenario::LostAllies;
        if la {
            return refuse(why!(
                "lost-allies-no-capture",
                "the Lost Allies escort Hostages; they do not capture them"
            ));
        }
        if self.enemies_at(&here) > 0 {
            return refuse(why!(
                "capture-with-enemies",
                "you cannot Capture with Enemies in your Location"
            ));
        }
        let Some(hi) = self
            .table
            .hostages
            .iter()
            .position(|h| h.id == *hostage && h.at == here)
        else {
            return refuse(why!(
                "hostage-not-here",
                "{hostage} is not in your Location",
                hostage = hostage
            ));
        };
        if here == start_location(pack) {
            return refuse(why!(
                "hostage-delivered",
                "a Hostage on the Jolly Roger is delivered"
            ));
        }
        self.spend(ActionId::Search, 1)?;
        self.table.hostages.remove(hi);
        self.table.characters[me].carrying.push(hostage.clone());
        Ok(())
    }

    pub(crate) fn draw_search(&mut self) -> Option<String> {
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
    pub(crate) fn resolve_search(
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

    pub(crate) fn set_aside_card(&mut self, pack: &Pack, card: String) {
        self.set_aside.push(card);
        // RB 510, 512: "the third card set aside this way places a random Named Enemy": once.
        if self.set_aside.len() == 3 {
            self.place_random_named(pack);
        }
    }

    /// Hostages that have been found (on the board, carried, rescued or delivered).
    pub(crate) fn hostages_placed(&self) -> usize {
        self.table.hostages.len()
            + self
                .table
                .characters
                .iter()
                .map(|c| c.carrying.len())
                .sum::<usize>()
    }

    pub(crate) fn place_random_named(&mut self, pack: &Pack) {
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

    pub(crate) fn place_named(&mut self, pack: &Pack, id: &str) {
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
}
