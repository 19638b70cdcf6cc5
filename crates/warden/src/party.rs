//! What the players are shown of a campaign on their own devices: the party's public view. The
//! Warden keeps the other creatures' numbers to themself.
//!
//! The reading (docs/rules-interpretations.md, "What the Warden keeps secret"): the player
//! characters' sheets are the party's (players read each other's sheets across the table), as
//! are their own rolls and the initiative order. Of every other creature (NPCs, monsters,
//! detachments) the players know only what they can see: its name and kind, whether it is dead,
//! routed or fled. Its abilities, HP, Armor, shield, items, fatigue and Scars, the rolls it made
//! or that were made against it (a hit's roll names the target's Armor), and the Warden's own
//! rolls (a reaction roll) are the Warden's. The command history is the Warden's too: a command
//! that adds a foe carries its numbers.

use serde::Serialize;
use ts_rs::TS;

use crate::campaign::{CampaignView, CreatureView};
use crate::creature::Kind;
use crate::state::{InitiativeEntry, RollEntry};

/// Another creature as the players see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "WardenSeenCreature")]
pub struct SeenCreature {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub dead: bool,
    /// Failed a save against critical damage (a detachment: routed).
    pub critical: bool,
    pub fled: bool,
}

/// The party's public view of a campaign.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(rename = "WardenParty")]
pub struct PartyView {
    pub steps: usize,
    /// The player characters, whole.
    pub party: Vec<CreatureView>,
    /// Every other creature, as seen.
    pub others: Vec<SeenCreature>,
    /// The rolls a player character made.
    pub rolls: Vec<RollEntry>,
    pub initiative: Vec<InitiativeEntry>,
}

impl CampaignView {
    /// The party's view: see the module's reading of what the Warden keeps.
    pub fn party(&self) -> PartyView {
        let is_pc = |id: &str| {
            self.creatures
                .iter()
                .any(|c| c.creature.id == id && c.creature.kind == Kind::Pc)
        };
        PartyView {
            steps: self.steps,
            party: self
                .creatures
                .iter()
                .filter(|c| c.creature.kind == Kind::Pc)
                .cloned()
                .collect(),
            others: self
                .creatures
                .iter()
                .filter(|c| c.creature.kind != Kind::Pc)
                .map(|c| SeenCreature {
                    id: c.creature.id.clone(),
                    name: c.creature.name.clone(),
                    kind: c.creature.kind,
                    dead: c.creature.conditions.dead,
                    critical: c.creature.conditions.critical,
                    fled: c.creature.conditions.fled,
                })
                .collect(),
            rolls: self
                .rolls
                .iter()
                .filter(|r| r.who.as_deref().is_some_and(is_pc))
                .cloned()
                .collect(),
            initiative: self.initiative.clone(),
        }
    }
}
