//! Location control and the abilities that are queries or end-of-turn effects (RB "Controlling
//! Locations"); the abilities that change an Action live with that Action.

use super::*;
use crate::map::Map;
use crate::pack::{Pack, Scenario};

impl Game {
    /// A query: do the Characters control this Location (more standing Characters than Enemies)?
    pub fn controlled(&self, at: &str) -> bool {
        self.characters_at(at) > self.enemies_at(at)
    }

    /// The top Threat card, when a controlled Crow's Nest / Marooner's Rock shows it (digital
    /// deck only: a physical deck's order is the table's).
    pub fn peek(&self) -> Option<&str> {
        if self.setup.physical_threat_deck {
            return None;
        }
        let lookout = match self.scenario {
            Scenario::LostAllies => "crows-nest",
            Scenario::Pirates => "marooners-rock",
        };
        if self.controlled(lookout) {
            self.threat_deck.last().map(String::as_str)
        } else {
            None
        }
    }

    /// The Stern (RB 483, "Flying to/from the ship doesn't use an Action"): while the
    /// Characters control it, no flight between the ship and Neverland costs an Action.
    pub(crate) fn stern_free(&self) -> bool {
        self.controlled("stern")
    }

    pub(crate) fn may_fly(&self, pack: &Pack, map: &Map, from: &str, to: &str) -> bool {
        let start = start_location(pack);
        let top = |l: &str| map.id(l).is_some_and(|i| map.board_of(i) == 1);
        let launch = |l: &str| top(l) || (l == "gun-deck" && self.controlled("gun-deck"));
        (from == start && top(to)) || (to == start && launch(from))
    }

    /// What ending the Actions where the active Character stands will do (a controlled Location's
    /// end-of-turn ability), when it changes something. A query: the screen proposes it.
    pub fn end_of_turn_effect(&self) -> Option<EndOfTurn> {
        let c = &self.table.characters[self.active];
        if !self.controlled(&c.at) {
            return None;
        }
        match c.at.as_str() {
            "captains-cabin" | "fairy-hollow" if !c.destiny => Some(EndOfTurn::RegainDestiny),
            "galley" | "wendys-house" if c.wounds > 0 => Some(EndOfTurn::HealWound),
            _ => None,
        }
    }

    pub(crate) fn end_of_turn(&mut self) {
        let effect = self.end_of_turn_effect();
        let c = &mut self.table.characters[self.active];
        match effect {
            Some(EndOfTurn::RegainDestiny) => c.destiny = true,
            Some(EndOfTurn::HealWound) => c.wounds -= 1,
            None => {}
        }
    }
}
