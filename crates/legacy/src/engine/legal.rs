//! Legal moves: the commands worth trying now (for the bot and the screen), each validated by
//! the engine itself on a copy.

use super::*;
use crate::map::Map;
use crate::pack::{Colour, Item, Pack, Scenario, SearchEffect};

impl Game {
    /// Commands worth trying in the Actions phase (each still validated by `run`).
    pub(crate) fn candidate_actions(&self, pack: &Pack, map: &Map) -> Vec<Command> {
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
            self.lost_allies_candidates(pack, map, &mut out);
        } else {
            self.pirates_candidates(pack, &mut out);
        }
        self.enemy_candidates(map, &mut out);
        self.other_candidates(pack, &mut out);
        out
    }

    /// Lost Allies: flights, escorts, Fairy Dust rescues.
    fn lost_allies_candidates(&self, pack: &Pack, map: &Map, out: &mut Vec<Command>) {
        let me = &self.table.characters[self.active];
        let here = me.at.as_str();
        let h = Self::loc(map, here);
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
    }

    /// Pirates: the Rowboat, Captures, drops, Loot.
    fn pirates_candidates(&self, pack: &Pack, out: &mut Vec<Command>) {
        let me = &self.table.characters[self.active];
        let here = me.at.as_str();
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

    /// Fights, Taunts and Scares of the Enemies in reach.
    fn enemy_candidates(&self, map: &Map, out: &mut Vec<Command>) {
        let me = &self.table.characters[self.active];
        let here = me.at.as_str();
        let h = Self::loc(map, here);
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
    }

    /// Search, Courage and rescues, Rest, Items, trades and Coin purchases.
    fn other_candidates(&self, pack: &Pack, out: &mut Vec<Command>) {
        let me = &self.table.characters[self.active];
        let here = me.at.as_str();
        let la = self.scenario == Scenario::LostAllies;
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
