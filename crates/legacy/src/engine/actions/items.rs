//! Items and the free actions: using an Item, trading, dropping a carried Hostage, buying an
//! Item card with Coins.

use super::*;
use crate::map::Map;
use crate::pack::{Item, Pack, Scenario, SearchEffect};
use crate::position::HostageAt;

impl Game {
    /// A free action: discard an Item for its effect.
    pub(crate) fn use_item(
        &mut self,
        pack: &Pack,
        map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let Command::UseItem { item, hostage } = cmd else {
            unreachable!("dispatched on the command")
        };
        let me = self.active;
        let here = self.table.characters[self.active].at.clone();
        let la = self.scenario == Scenario::LostAllies;
        let Some(k) = self.items[me].iter().position(|i| i == item) else {
            return refuse(why!(
                "item-not-held",
                "you hold no {item}",
                item = item.id()
            ));
        };
        match item {
            Item::FairyDust => {
                if let Some(h) = hostage {
                    let on_top = map.board_of(Self::loc(map, &here)) == 1;
                    let gun = here == "gun-deck" && self.controlled(&here);
                    if !la || !(on_top || gun) {
                        return refuse(why!(
                            "fairy-dust-where",
                            "Fairy Dust rescues from the top Deck (or a controlled Gun Deck)"
                        ));
                    }
                    let Some(hi) = self
                        .table
                        .hostages
                        .iter()
                        .position(|x| x.id == *h && x.at == here)
                    else {
                        return refuse(why!(
                            "hostage-not-here",
                            "{hostage} is not in your Location",
                            hostage = h
                        ));
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
                    return refuse(why!("no-wound", "you have no Wound to remove"));
                }
                c.wounds -= 1;
            }
            Item::LuckyCharm => {
                if self.table.characters[me].destiny {
                    return refuse(why!(
                        "already-have-destiny",
                        "you already have your Destiny"
                    ));
                }
                self.table.characters[me].destiny = true;
            }
            Item::Grog => {
                let c = &mut self.table.characters[me];
                if c.despair == 0 {
                    return refuse(why!("no-despair", "you have no Despair to remove"));
                }
                c.despair -= 1;
            }
        }
        self.items[me].remove(k);
        Ok(())
    }

    /// Trading (a free action): one Character gives Items, Coins or a carried Hostage to another
    /// in the same Location, on anyone's turn (RB 294: some free actions "can also be performed
    /// when it isn't your turn"; trading is the one whose words name no turn).
    pub(crate) fn give(
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
            return refuse(why!(
                "receiver-not-here",
                "{to} is not another Character in the giver's Location",
                to = to
            ));
        }
        if item.is_none() && coins == 0 && hostage.is_none() {
            return refuse(why!("give-something", "give something"));
        }
        let item_at = match item {
            Some(it) => match self.items[me].iter().position(|i| *i == it) {
                Some(k) => Some(k),
                None => {
                    return refuse(why!(
                        "giver-item-not-held",
                        "the giver holds no {item}",
                        item = it.id()
                    ));
                }
            },
            None => None,
        };
        if coins > self.table.characters[me].coins {
            return refuse(why!(
                "giver-too-few-coins",
                "the giver does not have that many Coins"
            ));
        }
        let hostage_at = match hostage {
            Some(h) => match self.table.characters[me]
                .carrying
                .iter()
                .position(|x| x == h)
            {
                Some(k) => Some(k),
                None => {
                    return refuse(why!(
                        "giver-not-carrying",
                        "the giver is not carrying {h}",
                        h = h
                    ));
                }
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

    /// Pirates, free: put a carried Hostage down here.
    pub(crate) fn drop_hostage(
        &mut self,
        _pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let Command::Drop { hostage } = cmd else {
            unreachable!("dispatched on the command")
        };
        let me = self.active;
        let here = self.table.characters[self.active].at.clone();
        let Some(k) = self.table.characters[me]
            .carrying
            .iter()
            .position(|x| x == hostage)
        else {
            return refuse(why!(
                "not-carrying",
                "you are not carrying {hostage}",
                hostage = hostage
            ));
        };
        let h = self.table.characters[me].carrying.remove(k);
        self.table.hostages.push(HostageAt { id: h, at: here });
        Ok(())
    }

    /// Lost Allies, free, on Neverland: 2 Coins for an Item card from the Search discard.
    pub(crate) fn trade_coins(
        &mut self,
        pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let Command::TradeCoins { card } = cmd else {
            unreachable!("dispatched on the command")
        };
        let me = self.active;
        let here = self.table.characters[self.active].at.clone();
        let la = self.scenario == Scenario::LostAllies;
        if !la {
            return refuse(why!(
                "coins-buy-cards-lost-allies",
                "Coins buy cards on Neverland only when playing the Lost Allies"
            ));
        }
        if here != start_location(pack) {
            return refuse(why!(
                "coins-traded-on-neverland",
                "Coins are traded for cards on Neverland"
            ));
        }
        if self.table.characters[me].coins < COINS_A_CARD {
            return refuse(why!(
                "card-costs-coins",
                "a card costs {n} Coins",
                n = COINS_A_CARD
            ));
        }
        let Some(k) = self.search_discard.iter().position(|c| c == card) else {
            return refuse(why!(
                "not-in-search-discard",
                "{card} is not in the Search discard",
                card = card
            ));
        };
        let Some(SearchEffect::Item { item }) = pack.search_card(card).cloned() else {
            return refuse(why!("only-items-sell", "only Item cards are worth Coins"));
        };
        self.search_discard.remove(k);
        self.table.characters[me].coins -= COINS_A_CARD;
        self.items[me].push(item);
        Ok(())
    }
}
