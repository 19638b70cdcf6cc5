//! Courage (Lost Allies) and Loot (Pirates): Despair, Coins and rescuing Fallen allies.

use super::*;
use crate::map::Map;
use crate::pack::{ActionId, Pack, Scenario};

impl Game {
    /// Lost Allies: Courage removes a Despair, or stands a Fallen ally up.
    pub(crate) fn courage(
        &mut self,
        _pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let Command::Courage { character } = cmd else {
            unreachable!("dispatched on the command")
        };
        let here = self.table.characters[self.active].at.clone();
        let la = self.scenario == Scenario::LostAllies;
        if !la {
            return refuse(why!(
                "pirates-no-courage",
                "the Pirates Loot; they have no Courage Action"
            ));
        }
        let t = self.char_index(character)?;
        if self.table.characters[t].at != here {
            return refuse(why!(
                "character-not-here",
                "{character} is not in your Location",
                character = character
            ));
        }
        let c = &self.table.characters[t];
        if !c.fallen && c.despair == 0 {
            return refuse(why!(
                "they-have-no-despair",
                "{character} has no Despair to remove",
                character = character
            ));
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

    /// Pirates: Loot gains 2 Coins (Pirate Cove: one more, or a Despair removed).
    pub(crate) fn loot_gain(
        &mut self,
        pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let Command::LootGain { bonus_despair } = cmd else {
            unreachable!("dispatched on the command")
        };
        let me = self.active;
        let _here = self.table.characters[self.active].at.clone();
        let la = self.scenario == Scenario::LostAllies;
        if la {
            return refuse(why!("lost-allies-no-loot", "the Lost Allies do not Loot"));
        }
        // RB 493: a benefit of control for the team (no "here" in its words).
        let cove = self.controlled("pirate-cove");
        if *bonus_despair && !cove {
            return refuse(why!(
                "extra-despair-pirate-cove",
                "the extra Despair comes from a controlled Pirate Cove"
            ));
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

    /// Pirates: Loot spends Coins to remove as many Despair.
    pub(crate) fn loot_spend(
        &mut self,
        _pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let Command::LootSpend { coins } = cmd else {
            unreachable!("dispatched on the command")
        };
        let me = self.active;
        let la = self.scenario == Scenario::LostAllies;
        if la {
            return refuse(why!("lost-allies-no-loot", "the Lost Allies do not Loot"));
        }
        let c = &self.table.characters[me];
        if *coins == 0 || *coins > c.coins || *coins > c.despair {
            return refuse(why!(
                "loot-spend-range",
                "spend 1 Coin or more, no more than your Coins or your Despair"
            ));
        }
        self.spend(ActionId::Loot, 1)?;
        // A controlled Pirate Cove removes 1 more Despair on this Loot too (RB 493).
        let extra = u8::from(self.controlled("pirate-cove"));
        let c = &mut self.table.characters[me];
        c.coins -= coins;
        c.despair -= (coins + extra).min(c.despair);
        Ok(())
    }

    /// Pirates: Loot spends 2 Coins to rescue a Fallen ally here.
    pub(crate) fn loot_rescue(
        &mut self,
        _pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let Command::LootRescue { character } = cmd else {
            unreachable!("dispatched on the command")
        };
        let me = self.active;
        let here = self.table.characters[self.active].at.clone();
        let la = self.scenario == Scenario::LostAllies;
        if la {
            return refuse(why!(
                "lost-allies-rescue-courage",
                "the Lost Allies rescue with Courage"
            ));
        }
        let t = self.char_index(character)?;
        if self.table.characters[t].at != here || !self.table.characters[t].fallen {
            return refuse(why!(
                "no-fallen-ally-here",
                "{character} is not a Fallen ally in your Location",
                character = character
            ));
        }
        if self.table.characters[me].coins < 2 {
            return refuse(why!("rescue-costs-coins", "a rescue costs 2 Coins"));
        }
        self.spend(ActionId::Loot, 1)?;
        self.table.characters[me].coins -= 2;
        let c = &mut self.table.characters[t];
        c.fallen = false;
        c.wounds = c.wounds.saturating_sub(1);
        c.despair = c.despair.saturating_sub(1);
        Ok(())
    }

    pub(crate) fn gain_coins(&mut self, pack: &Pack, c: usize, n: u8) {
        let held: u8 = self.table.characters.iter().map(|x| x.coins).sum();
        let room = pack.supply.coins.saturating_sub(held);
        self.table.characters[c].coins += n.min(room);
    }
}
