//! Moving: walking, the Stairs, flying (Lost Allies, escorting Hostages), the Rowboat (Pirates).

use super::*;
use crate::map::Map;
use crate::pack::{ActionId, Pack, Scenario};

impl Game {
    /// Move: walk, take the Stairs or fly (Lost Allies), escorting Hostages.
    pub(crate) fn move_to(&mut self, pack: &Pack, map: &Map, cmd: &Command) -> Result<(), Refusal> {
        let Command::Move { to, escort } = cmd else {
            unreachable!("dispatched on the command")
        };
        let me = self.active;
        let here = self.table.characters[self.active].at.clone();
        let la = self.scenario == Scenario::LostAllies;
        if self.turn.stopped && !self.turn.ignore_enemies {
            return refuse(why!(
                "moved-into-enemies",
                "you moved into Enemies: no more Moves this turn"
            ));
        }
        if !la && self.table.characters[me].on_rowboat {
            return refuse(why!("step-off-rowboat-first", "step off the Rowboat first"));
        }
        let from = Self::loc(map, &here);
        let Some(dest) = map.id(to) else {
            return refuse(why!("unknown-location", "unknown Location {to:?}", to = to));
        };
        let walk = map.walk_neighbours(from).contains(&dest);
        let fly = la && self.may_fly(pack, map, &here, to);
        if !walk && !fly {
            return refuse(why!(
                "not-one-move",
                "{to} is not one Move from {here}",
                to = to,
                here = here
            ));
        }
        let free_flight = fly && !walk && self.stern_free();
        let enemies_there = self.enemies_at(to) > 0;
        let mut moving = Vec::new();
        for h in escort {
            if !la {
                return refuse(why!(
                    "pirates-no-escort",
                    "Pirates carry Hostages; they do not escort them"
                ));
            }
            let Some(hi) = self.table.hostages.iter().position(|x| x.id == *h) else {
                return refuse(why!(
                    "no-such-hostage",
                    "there is no Hostage {h:?} on the board",
                    h = h
                ));
            };
            if self.table.hostages[hi].at != here || moving.contains(&hi) {
                return refuse(why!(
                    "hostage-not-here",
                    "{hostage} is not in your Location",
                    hostage = h
                ));
            }
            if !map.reachable(dest) {
                return refuse(why!(
                    "hostages-not-to-neverland",
                    "Hostages cannot move to Neverland: Rescue them with Fairy Dust"
                ));
            }
            if enemies_there {
                return refuse(why!(
                    "hostages-avoid-enemies",
                    "Hostages cannot enter a Location with Enemies"
                ));
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

    /// Pirates, free: board the Rowboat docked here.
    pub(crate) fn board(&mut self, _pack: &Pack, _map: &Map, cmd: &Command) -> Result<(), Refusal> {
        let _ = cmd;
        let me = self.active;
        let here = self.table.characters[self.active].at.clone();
        let la = self.scenario == Scenario::LostAllies;
        if la {
            return refuse(why!(
                "lost-allies-no-rowboat",
                "there is no Rowboat when playing as the Lost Allies"
            ));
        }
        if self.table.rowboat.as_deref() != Some(here.as_str()) {
            return refuse(why!("rowboat-not-here", "the Rowboat is not docked here"));
        }
        if self.table.characters[me].on_rowboat {
            return refuse(why!("already-on-rowboat", "you are already on the Rowboat"));
        }
        self.table.characters[me].on_rowboat = true;
        Ok(())
    }

    /// Pirates: step off the Rowboat onto its Shore.
    pub(crate) fn step_off(
        &mut self,
        _pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let _ = cmd;
        let me = self.active;
        if !self.table.characters[me].on_rowboat {
            return refuse(why!("not-on-rowboat", "you are not on the Rowboat"));
        }
        self.spend(ActionId::Move, 1 + self.carried_cost())?;
        self.table.characters[me].on_rowboat = false;
        Ok(())
    }

    /// Pirates: row the Rowboat to another Shore or the Jolly Roger.
    pub(crate) fn row(&mut self, pack: &Pack, _map: &Map, cmd: &Command) -> Result<(), Refusal> {
        let Command::Row { to, with } = cmd else {
            unreachable!("dispatched on the command")
        };
        let me = self.active;
        let here = self.table.characters[self.active].at.clone();
        if !self.table.characters[me].on_rowboat {
            return refuse(why!("board-rowboat-first", "board the Rowboat first"));
        }
        if !is_shore(pack, to) || *to == here {
            return refuse(why!(
                "not-another-shore",
                "{to} is not another Shore",
                to = to
            ));
        }
        self.check_boarders(&here, with)?;
        self.spend(ActionId::Move, 1 + self.carried_cost())?;
        self.move_rowboat(&here, to, with)
    }

    /// Pirates: call the Rowboat to your Shore.
    pub(crate) fn call_rowboat(
        &mut self,
        pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let Command::CallRowboat { with } = cmd else {
            unreachable!("dispatched on the command")
        };
        let here = self.table.characters[self.active].at.clone();
        let la = self.scenario == Scenario::LostAllies;
        if la {
            return refuse(why!(
                "lost-allies-no-rowboat",
                "there is no Rowboat when playing as the Lost Allies"
            ));
        }
        if !is_shore(pack, &here) {
            return refuse(why!(
                "rowboat-call-from-shore",
                "the Rowboat is called from a Shore"
            ));
        }
        let Some(at) = self.table.rowboat.clone() else {
            return refuse(why!("no-rowboat", "there is no Rowboat"));
        };
        if at == here {
            return refuse(why!("rowboat-already-here", "the Rowboat is already here"));
        }
        self.check_boarders(&at, with)?;
        self.spend(ActionId::Move, 1 + self.carried_cost())?;
        self.move_rowboat(&at, &here, with)
    }

    /// Characters who would board the Rowboat as it leaves `from`.
    pub(crate) fn check_boarders(&self, from: &str, with: &[String]) -> Result<(), Refusal> {
        for (k, w) in with.iter().enumerate() {
            let i = self.char_index(w)?;
            let c = &self.table.characters[i];
            if c.at != from || c.on_rowboat || c.fallen || with[..k].contains(w) {
                return refuse(why!(
                    "cannot-board-here",
                    "{w} cannot board at {from}",
                    w = w,
                    from = from
                ));
            }
        }
        Ok(())
    }

    pub(crate) fn move_rowboat(
        &mut self,
        from: &str,
        to: &str,
        with: &[String],
    ) -> Result<(), Refusal> {
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
}
