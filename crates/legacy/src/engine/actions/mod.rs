//! The Actions of a turn, one file per family; `action` dispatches a command to its family.

mod care;
mod fight;
mod items;
mod movement;
mod search;
mod taunt_scare;

use super::*;
use crate::map::Map;
use crate::pack::Pack;

impl Game {
    pub(crate) fn action(&mut self, pack: &Pack, map: &Map, cmd: &Command) -> Result<(), Refusal> {
        self.actions_phase()?;
        match cmd {
            Command::Move { .. } => self.move_to(pack, map, cmd),
            Command::Board => self.board(pack, map, cmd),
            Command::StepOff => self.step_off(pack, map, cmd),
            Command::Row { .. } => self.row(pack, map, cmd),
            Command::CallRowboat { .. } => self.call_rowboat(pack, map, cmd),
            Command::Fight { target } => {
                let here = self.table.characters[self.active].at.clone();
                self.fight(pack, map, &here, target)
            }
            Command::Search => self.search(pack, map, cmd),
            Command::Capture { .. } => self.capture(pack, map, cmd),
            Command::Taunt { .. } => self.taunt(pack, map, cmd),
            Command::TradeCoins { .. } => self.trade_coins(pack, map, cmd),
            Command::Scare { .. } => self.scare(pack, map, cmd),
            Command::Courage { .. } => self.courage(pack, map, cmd),
            Command::LootGain { .. } => self.loot_gain(pack, map, cmd),
            Command::LootSpend { .. } => self.loot_spend(pack, map, cmd),
            Command::LootRescue { .. } => self.loot_rescue(pack, map, cmd),
            Command::Rest => self.rest(pack, map, cmd),
            Command::FifthAction => self.fifth_action(pack, map, cmd),
            Command::UseItem { .. } => self.use_item(pack, map, cmd),
            Command::Drop { .. } => self.drop_hostage(pack, map, cmd),
            _ => unreachable!("handled in run"),
        }
    }
}
