//! Taunt (Lost Allies) and Scare (Pirates): pulling and pushing Enemies.

use super::*;
use crate::effects;
use crate::map::Map;
use crate::pack::{ActionId, Pack, Scenario};

impl Game {
    /// Lost Allies: Taunt an Enemy from an adjacent Location (two with the Bow).
    pub(crate) fn taunt(&mut self, _pack: &Pack, map: &Map, cmd: &Command) -> Result<(), Refusal> {
        let Command::Taunt { enemy, also, coin } = cmd else {
            unreachable!("dispatched on the command")
        };
        let me = self.active;
        let here = self.table.characters[self.active].at.clone();
        let la = self.scenario == Scenario::LostAllies;
        if !la {
            return refuse(why!(
                "pirates-no-taunt",
                "the Pirates Scare; they do not Taunt"
            ));
        }
        if *coin && self.table.characters[me].coins == 0 {
            return refuse(why!("coin-taunt-needs-coin", "a Coin Taunt needs a Coin"));
        }
        let from = self.enemy_at(enemy)?;
        let f = Self::loc(map, &from);
        if !map.walk_neighbours(Self::loc(map, &here)).contains(&f) {
            return refuse(why!(
                "enemy-not-adjacent",
                "{enemy} is not in an adjacent Location",
                enemy = enemy
            ));
        }
        if let Some(b) = also {
            // RB 474: no "here" in the Bow's words: a benefit of control for the team.
            if !self.controlled("bow") {
                return refuse(why!(
                    "two-taunted-needs-bow",
                    "two Enemies are Taunted only while the Characters control the Bow"
                ));
            }
            if b == enemy || self.enemy_at(b)? != from {
                return refuse(why!(
                    "second-enemy-same-location",
                    "the second Enemy must be another one from the same Location"
                ));
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

    /// Pirates: Scare an Enemy here to an adjacent Location (two with Mermaid's Lagoon).
    pub(crate) fn scare(&mut self, _pack: &Pack, map: &Map, cmd: &Command) -> Result<(), Refusal> {
        let Command::Scare { enemy, to, also } = cmd else {
            unreachable!("dispatched on the command")
        };
        let here = self.table.characters[self.active].at.clone();
        let la = self.scenario == Scenario::LostAllies;
        if la {
            return refuse(why!(
                "lost-allies-no-scare",
                "the Lost Allies Taunt; they do not Scare"
            ));
        }
        if self.enemy_at(enemy)? != here {
            return refuse(why!(
                "enemy-not-here",
                "{enemy} is not in your Location",
                enemy = enemy
            ));
        }
        let Some(t) = map.id(to) else {
            return refuse(why!("unknown-location", "unknown Location {to:?}", to = to));
        };
        if !map.walk_neighbours(Self::loc(map, &here)).contains(&t) || !map.reachable(t) {
            return refuse(why!(
                "not-adjacent",
                "{to} is not adjacent to {here}",
                to = to,
                here = here
            ));
        }
        if let Some(b) = also {
            // RB 489: a benefit of control for the team (no "here" in its words).
            if !self.controlled("mermaids-lagoon") {
                return refuse(why!(
                    "two-scared-needs-lagoon",
                    "two Enemies are Scared only while the Characters control Mermaid's Lagoon"
                ));
            }
            if b == enemy || self.enemy_at(b)? != here {
                return refuse(why!(
                    "second-enemy-here",
                    "the second Enemy must be another one in your Location"
                ));
            }
        }
        self.spend(ActionId::Scare, 1)?;
        for e in std::iter::once(enemy).chain(also) {
            effects::set_enemy_at(&mut self.table, e, to);
        }
        Ok(())
    }
}
