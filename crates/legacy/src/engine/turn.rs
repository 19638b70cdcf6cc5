//! The turn: the Morale Check, Actions as Mandatory and Chosen slots, the 5th Action, Rest, the
//! end of the Actions (a Mandatory Action still possible must be performed), the next turn.

use super::*;
use crate::dice::{Stone, TurnPlan};
use crate::map::Map;
use crate::pack::{ActionId, Pack};

impl Game {
    /// The Morale Check: one Stone of Chance per Despair (at most 4) sets the Mandatory Actions.
    pub(crate) fn morale_check(
        &mut self,
        _pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let _ = cmd;
        if self.phase != Phase::Morale {
            return refuse(why!("morale-opens-turn", "the Morale Check opens a turn"));
        }
        let despair = self.table.characters[self.active].despair.min(4);
        let stones: Vec<Stone> = (0..despair)
            .map(|_| Stone::FACES[self.rng.below(6) as usize])
            .collect();
        let plan = TurnPlan::from_stones(&stones, self.scenario);
        self.turn = Turn {
            stones,
            mandatory: plan.mandatory,
            chosen: plan.chosen,
            ..Turn::default()
        };
        self.phase = Phase::Actions;
        Ok(())
    }

    /// The Actions are over (refused while a Mandatory Action can still be performed).
    pub(crate) fn end_actions(
        &mut self,
        pack: &Pack,
        map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let _ = cmd;
        self.actions_phase()?;
        // A Mandatory Action that can still be performed must be.
        let mut probe: Option<Game> = None;
        for a in self.turn.mandatory.clone() {
            let p = probe.get_or_insert_with(|| self.clone());
            if p.possible(pack, map, a) {
                // The text names the Action as printed, the parameter by its id.
                return refuse(Refusal {
                    args: vec![("action", action_name(a).to_lowercase())],
                    ..why!(
                        "mandatory-still-possible",
                        "the Mandatory {action} can still be performed",
                        action = action_name(a)
                    )
                });
            }
        }
        self.end_of_turn();
        self.phase = Phase::Draw;
        Ok(())
    }

    pub(crate) fn actions_phase(&self) -> Result<(), Refusal> {
        match self.phase {
            Phase::Actions => Ok(()),
            Phase::Morale => refuse(why!("roll-morale-first", "roll the Morale Check first")),
            _ => refuse(why!(
                "not-actions-stage",
                "Actions are taken during your turn, before the Threat"
            )),
        }
    }

    /// Takes one Action of this kind (`cost` times), from a Mandatory slot if one matches, else
    /// from the Chosen ones.
    pub(crate) fn spend(&mut self, a: ActionId, cost: u8) -> Result<(), Refusal> {
        // Checked in full before anything is taken, so a refusal changes nothing.
        let matching = self.turn.mandatory.iter().filter(|m| **m == a).count() as u8;
        if matching + self.turn.chosen < cost && cost > 1 {
            return refuse(why!(
                "escort-costs-actions",
                "that takes {cost} Actions (1 more for each Hostage carried)",
                cost = cost
            ));
        }
        for _ in 0..cost {
            if let Some(i) = self.turn.mandatory.iter().position(|m| *m == a) {
                self.turn.mandatory.remove(i);
            } else if self.turn.chosen > 0 {
                self.turn.chosen -= 1;
            } else if self.turn.mandatory.is_empty() {
                return refuse(why!("no-actions-left", "no Actions left this turn"));
            } else {
                let names = |f: fn(&str) -> String| {
                    let m = self.turn.mandatory.iter().map(|m| f(action_name(*m)));
                    m.collect::<Vec<_>>().join(", ")
                };
                return refuse(Refusal {
                    args: vec![("actions", names(|n| n.to_lowercase()))],
                    ..why!(
                        "only-mandatory-left",
                        "your Actions left are Mandatory: {actions}",
                        actions = names(|n| n.to_owned())
                    )
                });
            }
        }
        Ok(())
    }

    /// Could the active Character perform this Action now (for the Mandatory check)? Run on a
    /// copy the caller owns: a probe that may be changed.
    pub(crate) fn possible(&mut self, pack: &Pack, map: &Map, a: ActionId) -> bool {
        // The Actions actually left: this Mandatory one and the Chosen ones. An Action it cannot
        // pay for (a Pirate's Move with a Hostage carried costs 2) is not possible, and so is
        // lost (RB 284); one that would not use the Mandatory slot (a free flight) does not
        // perform it.
        self.turn.mandatory = vec![a];
        for c in self.candidate_actions(pack, map) {
            if action_of(&c) == Some(a) {
                let mut probe = self.clone();
                if probe.run(pack, map, &c).is_ok() && probe.turn.mandatory.is_empty() {
                    return true;
                }
            }
        }
        false
    }

    pub(crate) fn carried_cost(&self) -> u8 {
        self.table.characters[self.active].carrying.len() as u8
    }

    pub(crate) fn next_turn(&mut self) {
        self.active = (self.active + 1) % self.table.characters.len();
        self.turn = Turn::default();
        self.phase = if self.table.characters[self.active].fallen {
            Phase::Draw
        } else {
            Phase::Morale
        };
    }

    /// Destiny buys a 5th Action.
    pub(crate) fn fifth_action(
        &mut self,
        _pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let _ = cmd;
        let me = self.active;
        if self.turn.fifth_used {
            return refuse(why!("one-fifth-action", "one 5th Action per turn"));
        }
        if !self.table.characters[me].destiny {
            return refuse(why!("no-destiny", "you have no Destiny to spend"));
        }
        self.table.characters[me].destiny = false;
        self.turn.fifth_used = true;
        self.turn.chosen += 1;
        Ok(())
    }

    /// Rest removes a Wound.
    pub(crate) fn rest(&mut self, _pack: &Pack, _map: &Map, cmd: &Command) -> Result<(), Refusal> {
        let _ = cmd;
        let me = self.active;
        if self.table.characters[me].wounds == 0 {
            return refuse(why!("no-wound", "you have no Wound to remove"));
        }
        self.spend(ActionId::Rest, 1)?;
        self.table.characters[me].wounds -= 1;
        Ok(())
    }
}
