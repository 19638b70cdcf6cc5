//! The Threat: drawing (digital or physical deck), Destiny's colour change, the effect, the
//! activations in the order the players choose, the Named Enemies, the Discover, the "after
//! resolving" steps.

use super::*;
use crate::activation;
use crate::effects;
use crate::map::Map;
use crate::pack::{Colour, Pack, ThreatEffect};
use crate::priorities::Act;

impl Game {
    /// Digital deck: the engine draws the top Threat card.
    pub(crate) fn draw_threat(
        &mut self,
        pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let _ = cmd;
        if self.phase != Phase::Draw {
            return refuse(why!(
                "threat-after-actions",
                "a Threat is drawn after the Actions"
            ));
        }
        if self.setup.physical_threat_deck {
            return refuse(why!(
                "physical-deck-say-card",
                "with a physical deck, say which card was drawn"
            ));
        }
        let card = self
            .threat_deck
            .pop()
            .expect("the deck is never left empty");
        self.after_draw(pack, card)
    }

    /// Physical deck: the players say which card they drew.
    pub(crate) fn threat_drawn(
        &mut self,
        pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let Command::ThreatDrawn { card } = cmd else {
            unreachable!("dispatched on the command")
        };
        if self.phase != Phase::Draw {
            return refuse(why!(
                "threat-after-actions",
                "a Threat is drawn after the Actions"
            ));
        }
        if !self.setup.physical_threat_deck {
            return refuse(why!(
                "app-deck-draws",
                "the app draws from its own deck: use draw"
            ));
        }
        let Some(i) = self.threat_deck.iter().position(|c| c == card) else {
            return refuse(why!(
                "not-in-threat-deck",
                "{card:?} is not in the Threat deck (it is in the discard, or not a card)",
                card = card
            ));
        };
        let card = self.threat_deck.remove(i);
        self.after_draw(pack, card)
    }

    /// A Character spends Destiny to change the Threat's colour.
    pub(crate) fn change_colour(
        &mut self,
        _pack: &Pack,
        _map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let Command::ChangeColour { character, colour } = cmd else {
            unreachable!("dispatched on the command")
        };
        let Phase::Colour { card, colour: was } = &self.phase else {
            return refuse(why!(
                "destiny-after-draw",
                "Destiny changes a Threat's colour once it is drawn"
            ));
        };
        if was == colour {
            return refuse(why!("same-colour", "the Threat already has that colour"));
        }
        let i = self.char_index(character)?;
        if !self.table.characters[i].destiny {
            return refuse(why!(
                "they-have-no-destiny",
                "{character} has no Destiny to spend",
                character = character
            ));
        }
        self.table.characters[i].destiny = false;
        self.phase = Phase::Colour {
            card: card.clone(),
            colour: *colour,
        };
        Ok(())
    }

    /// The Threat's effect, then the activation queue.
    pub(crate) fn resolve_threat(
        &mut self,
        pack: &Pack,
        map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let _ = cmd;
        let Phase::Colour { card, colour } = self.phase.clone() else {
            return refuse(why!(
                "no-threat-waiting",
                "there is no Threat waiting to be resolved"
            ));
        };
        let t = pack.threat_card(&card).expect("a card of the pack");
        match &t.effect {
            Some(ThreatEffect::DespairOnBoard { board }) => {
                let b = pack
                    .boards
                    .iter()
                    .position(|x| x.id == *board)
                    .expect("valid");
                for c in 0..self.table.characters.len() {
                    let at = Self::loc(map, &self.table.characters[c].at);
                    if map.board_of(at) == b && !self.table.characters[c].fallen {
                        effects::gain_despair(pack, &mut self.table, c);
                    }
                }
            }
            Some(ThreatEffect::NamedEnemiesHeal) => {
                for n in &mut self.table.named_enemies {
                    n.wounds = n.wounds.saturating_sub(1);
                }
            }
            None => {}
        }
        let queue = activation::queue(pack, &self.table, colour);
        self.phase = Phase::Activations {
            card,
            colour,
            queue,
            after: false,
        };
        self.finish_threat_if_done(pack, map);
        Ok(())
    }

    /// Carries out option `option` of the next activation.
    pub(crate) fn activate_option(
        &mut self,
        pack: &Pack,
        map: &Map,
        cmd: &Command,
    ) -> Result<(), Refusal> {
        let Command::Activate { option } = cmd else {
            unreachable!("dispatched on the command")
        };
        let Some((_, options)) = self.pending_options(pack, map) else {
            return refuse(why!("no-enemy-waiting", "no Enemy is waiting to activate"));
        };
        let Some(act) = options.get(*option).cloned() else {
            return refuse(why!(
                "no-such-option",
                "option {option} does not exist ({n} to choose from)",
                option = option + 1,
                n = options.len()
            ));
        };
        self.activate(pack, map, &act);
        Ok(())
    }

    /// Puts a queued Enemy first (its first activation, when it has two).
    pub(crate) fn choose_next(&mut self, enemy: &str) -> Result<(), Refusal> {
        let Phase::Activations { queue, .. } = &mut self.phase else {
            return refuse(why!("no-enemy-waiting", "no Enemy is waiting to activate"));
        };
        if !matches!(queue.first(), Some(Pending::Enemy { .. })) {
            return refuse(why!(
                "named-follow-sheets",
                "the Enemies have activated: the Named Enemies follow their Sheets"
            ));
        }
        let Some(k) = queue
            .iter()
            .position(|p| matches!(p, Pending::Enemy { id } if id == enemy))
        else {
            return refuse(why!(
                "not-waiting",
                "{enemy} is not waiting to activate",
                enemy = enemy
            ));
        };
        if k == 0 {
            return refuse(why!(
                "already-next",
                "{enemy} is already next",
                enemy = enemy
            ));
        }
        let p = queue.remove(k);
        queue.insert(0, p);
        Ok(())
    }

    /// The Enemies the players may choose to activate next instead of the first in the queue.
    pub fn next_choices(&self) -> Vec<String> {
        let Phase::Activations { queue, .. } = &self.phase else {
            return vec![];
        };
        let Some(Pending::Enemy { id: head }) = queue.first() else {
            return vec![];
        };
        let mut out: Vec<String> = Vec::new();
        for p in queue {
            if let Pending::Enemy { id } = p
                && id != head
                && !out.contains(id)
            {
                out.push(id.clone());
            }
        }
        out
    }

    /// The options of the next activation (a query over the state).
    pub fn pending_options(&self, pack: &Pack, map: &Map) -> Option<(String, Vec<Act>)> {
        let Phase::Activations { queue, colour, .. } = &self.phase else {
            return None;
        };
        activation::options(pack, map, &self.table, *colour, queue.first()?)
    }

    /// Carries out an option of the next activation.
    pub(crate) fn activate(&mut self, pack: &Pack, map: &Map, act: &Act) {
        let Phase::Activations { queue, .. } = &mut self.phase else {
            unreachable!("only with an activation waiting")
        };
        let head = queue.remove(0);
        self.carry_out(pack, map, &head, act);
        if self.outcome().is_none() {
            self.finish_threat_if_done(pack, map);
        }
    }

    /// `apply(Activate { option })` for an option the caller has just taken from
    /// `pending_options` on this same state (the bot's shortcut: the options are not worked out
    /// twice). The log still records `Activate { option }`; replay checks they agree.
    pub fn apply_pending(&mut self, pack: &Pack, map: &Map, act: &Act) {
        self.activate(pack, map, act);
        self.sync_items();
        self.check_end(pack);
    }

    pub(crate) fn after_draw(&mut self, pack: &Pack, card: String) -> Result<(), Refusal> {
        if self.threat_deck.is_empty() {
            // Reshuffled as soon as it is empty (so a lookout always shows the next card).
            self.threat_deck = std::mem::take(&mut self.threat_discard);
            self.rng.shuffle(&mut self.threat_deck);
        }
        let t = pack.threat_card(&card).expect("a card of the pack");
        if t.named_enemy {
            self.place_random_named(pack);
            self.threat_discard.push(card);
            if self.outcome().is_none() {
                self.next_turn();
            }
            return Ok(());
        }
        self.phase = Phase::Colour {
            card,
            colour: t.colour.expect("validated"),
        };
        Ok(())
    }

    pub(crate) fn finish_threat_if_done(&mut self, pack: &Pack, map: &Map) {
        let Phase::Activations {
            card,
            colour,
            queue,
            after,
        } = &self.phase
        else {
            return;
        };
        if !queue.is_empty() {
            return;
        }
        let (card, colour, after) = (card.clone(), *colour, *after);
        if !after {
            let t = pack.threat_card(&card).expect("a card of the pack");
            self.discover(pack, map, &t.discover, colour);
            self.last_discover = Some((card.clone(), colour));
            self.threat_discard.push(card.clone());
            // Then the Named Enemies' "after resolving" effects.
            let queue = activation::after_queue(pack, &self.table);
            if !queue.is_empty() && self.outcome().is_none() {
                self.phase = Phase::Activations {
                    card,
                    colour,
                    queue,
                    after: true,
                };
                return;
            }
        }
        if self.outcome().is_none() {
            self.next_turn();
        }
    }

    /// Carries out an option of an activation with the shared effects; an Enemy's Search then
    /// draws its card.
    pub(crate) fn carry_out(&mut self, pack: &Pack, map: &Map, who: &Pending, act: &Act) {
        let draws = matches!(act, Act::Search { location }
            if self.table.search_tokens.get(location).is_some_and(|n| *n > 0));
        if let Some(lost) = effects::carry_out(pack, map, &mut self.table, who.id(), act) {
            self.lose(lost);
            return;
        }
        if let (true, Act::Search { location }) = (draws, act)
            && let Some(card) = self.draw_search()
        {
            self.resolve_search(pack, map, None, location, card);
        }
    }

    pub(crate) fn lose(&mut self, l: effects::Loss) {
        let cause = match l {
            effects::Loss::HostageKilled => Loss::HostageKilled,
            effects::Loss::HostageRescuedByFairy => Loss::HostageRescuedByFairy,
            effects::Loss::AllCharactersFallen => Loss::AllCharactersFallen,
        };
        self.phase = Phase::Over {
            outcome: Outcome::Lost { cause },
        };
    }

    pub(crate) fn discover(
        &mut self,
        pack: &Pack,
        map: &Map,
        placements: &[crate::pack::Placement],
        colour: Colour,
    ) {
        let kind = pack
            .enemy_kinds
            .iter()
            .find(|k| k.colour == colour)
            .map(|k| k.id.clone());
        for p in placements {
            if let Some(kind) = &kind
                && p.enemies > 0
                && effects::place_enemies(pack, &mut self.table, kind, p.enemies, &p.at) > 0
            {
                effects::surprise(pack, map, &mut self.table, &p.at);
            }
            let total: u8 = self.table.search_tokens.values().sum();
            let add = p
                .search
                .min(pack.supply.search_tokens.saturating_sub(total));
            if add > 0 {
                *self.table.search_tokens.entry(p.at.clone()).or_insert(0) += add;
            }
        }
    }
}
