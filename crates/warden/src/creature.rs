//! Creatures of a campaign: PCs, NPCs, monsters and detachments, with their abilities, HP, Armor,
//! inventory and conditions. Derived values (slots used, HP as it counts, Armor with a shield)
//! are computed here and never written over the stored ones.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::refusal::{Refusal, why};

/// Highest ability score: a save is a d20, so a score above 20 would change nothing
/// (docs/rules-interpretations.md, "Ability scores stay within 0 to 20").
pub const MAX_ABILITY: u8 = 20;
/// Highest max HP the screen records.
pub const MAX_HP: u8 = 99;
/// "No one can have more than 3 Armor."
pub const MAX_ARMOR: u8 = 3;
pub const BODY_SLOTS: u8 = 4;
pub const BACKPACK_SLOTS: u8 = 6;
pub const SLOTS: u8 = BODY_SLOTS + BACKPACK_SLOTS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenKind")]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Pc,
    Npc,
    Monster,
    Detachment,
}

impl Kind {
    /// Morale is for enemies and NPCs; "Morale does not affect PCs".
    pub fn is_pc(self) -> bool {
        self == Kind::Pc
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[ts(rename = "WardenAbility")]
#[serde(rename_all = "lowercase")]
pub enum Ability {
    Str,
    Dex,
    Wil,
}

impl Ability {
    pub const ALL: [Ability; 3] = [Ability::Str, Ability::Dex, Ability::Wil];
    pub fn name(self) -> &'static str {
        match self {
            Ability::Str => "STR",
            Ability::Dex => "DEX",
            Ability::Wil => "WIL",
        }
    }
}

/// A score with its current and maximum value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenScore")]
pub struct Score {
    pub current: u8,
    pub max: u8,
}

impl Score {
    pub fn full(max: u8) -> Score {
        Score { current: max, max }
    }
}

/// Where an item is carried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenPlace")]
#[serde(rename_all = "lowercase")]
pub enum Place {
    Body,
    Backpack,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenItem")]
pub struct Item {
    pub name: String,
    pub place: Place,
    /// Bulky items take two slots.
    #[serde(default)]
    pub bulky: bool,
}

impl Item {
    pub fn slots(&self) -> u8 {
        if self.bulky { 2 } else { 1 }
    }
}

/// Conditions the Warden tracks; paralysed and delirious are derived from DEX and WIL.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenConditions")]
pub struct Conditions {
    /// Failed a STR save against critical damage (a detachment: routed).
    pub critical: bool,
    /// A STR save against critical damage has been called and not yet rolled.
    pub critical_save_due: bool,
    pub dead: bool,
    /// Scar 12: the next failed save against critical damage kills.
    pub doomed: bool,
    /// Deprived of a crucial need: no HP or ability recovery.
    pub deprived: bool,
    /// Failed a morale save and flees.
    pub fled: bool,
}

/// A Scar taken whose follow-up rolls the players have not confirmed yet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenPendingScar")]
pub struct PendingScar {
    pub row: u8,
    pub id: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenCreature")]
pub struct Creature {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub str: Score,
    pub dex: Score,
    pub wil: Score,
    pub hp: Score,
    /// Armor from worn armour, 0 to 3.
    pub armor: u8,
    /// A shield's bonus, counted only while `shield_held`.
    #[serde(default)]
    pub shield: u8,
    #[serde(default)]
    pub shield_held: bool,
    #[serde(default)]
    pub items: Vec<Item>,
    #[serde(default)]
    pub fatigue: u8,
    #[serde(default)]
    pub conditions: Conditions,
    #[serde(default)]
    pub pending_scars: Vec<PendingScar>,
    /// Scars taken (ids), for the sheet.
    #[serde(default)]
    pub scars: Vec<String>,
}

/// A new creature as the Warden enters it (current values start at their max).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenNewCreature")]
pub struct NewCreature {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub str: u8,
    pub dex: u8,
    pub wil: u8,
    pub hp: u8,
    #[serde(default)]
    pub armor: u8,
    #[serde(default)]
    pub shield: u8,
}

impl NewCreature {
    pub fn validate(&self) -> Result<Creature, Refusal> {
        if self.id.trim().is_empty() || self.id.len() > 40 {
            return Err(why!(
                "creature-id",
                "id: give the creature a short id (1 to 40 characters)"
            ));
        }
        if self.name.trim().is_empty() || self.name.len() > 80 {
            return Err(why!(
                "creature-name",
                "name: give the creature a name (1 to 80 characters)"
            ));
        }
        for (field, v) in [("str", self.str), ("dex", self.dex), ("wil", self.wil)] {
            if v > MAX_ABILITY {
                return Err(why!(
                    "creature-ability",
                    "{field}: {value} is above {most}",
                    field = field,
                    value = v,
                    most = MAX_ABILITY
                ));
            }
        }
        if self.hp > MAX_HP {
            return Err(why!(
                "creature-hp",
                "hp: {value} is above {most}",
                value = self.hp,
                most = MAX_HP
            ));
        }
        check_armor("armor", self.armor)?;
        check_armor("shield", self.shield)?;
        Ok(Creature {
            id: self.id.clone(),
            name: self.name.clone(),
            kind: self.kind,
            str: Score::full(self.str),
            dex: Score::full(self.dex),
            wil: Score::full(self.wil),
            hp: Score::full(self.hp),
            armor: self.armor,
            shield: self.shield,
            shield_held: self.shield > 0,
            items: vec![],
            fatigue: 0,
            conditions: Conditions {
                dead: self.str == 0,
                ..Conditions::default()
            },
            pending_scars: vec![],
            scars: vec![],
        })
    }
}

pub fn check_armor(field: &str, v: u8) -> Result<(), Refusal> {
    if v > MAX_ARMOR {
        Err(why!(
            "armor-above",
            "{field}: {value} is more than 3 Armor, and no one can have more than 3",
            field = field,
            value = v
        ))
    } else {
        Ok(())
    }
}

impl Creature {
    pub fn score(&self, a: Ability) -> Score {
        match a {
            Ability::Str => self.str,
            Ability::Dex => self.dex,
            Ability::Wil => self.wil,
        }
    }

    pub fn score_mut(&mut self, a: Ability) -> &mut Score {
        match a {
            Ability::Str => &mut self.str,
            Ability::Dex => &mut self.dex,
            Ability::Wil => &mut self.wil,
        }
    }

    /// Armor as it counts now: worn Armor plus a held shield, never above 3.
    pub fn effective_armor(&self) -> u8 {
        let shield = if self.shield_held { self.shield } else { 0 };
        (self.armor + shield).min(MAX_ARMOR)
    }

    /// Slots taken by items and Fatigue.
    pub fn slots_used(&self) -> u8 {
        self.items.iter().map(Item::slots).sum::<u8>() + self.fatigue
    }

    pub fn slots_in(&self, place: Place) -> u8 {
        self.items
            .iter()
            .filter(|i| i.place == place)
            .map(Item::slots)
            .sum()
    }

    /// HP as it counts: 0 while all 10 slots are filled, otherwise the stored HP.
    pub fn effective_hp(&self) -> u8 {
        if self.slots_used() >= SLOTS {
            0
        } else {
            self.hp.current
        }
    }

    pub fn paralysed(&self) -> bool {
        self.dex.current == 0 && !self.conditions.dead
    }

    pub fn delirious(&self) -> bool {
        self.wil.current == 0 && !self.conditions.dead
    }

    /// Why this creature cannot act, if it cannot.
    pub fn cannot_act(&self) -> Option<Refusal> {
        if self.conditions.dead {
            Some(why!("dead", "{name} is dead", name = self.name))
        } else if self.paralysed() {
            Some(why!(
                "paralysed",
                "{name} is paralysed (DEX 0)",
                name = self.name
            ))
        } else if self.delirious() {
            Some(why!(
                "delirious",
                "{name} is delirious (WIL 0)",
                name = self.name
            ))
        } else {
            None
        }
    }

    /// Every stored value is within its range (a property the tests check after every command).
    pub fn in_range(&self) -> bool {
        let ok = |s: Score, top: u8| s.current <= s.max && s.max <= top;
        Ability::ALL.iter().all(|a| ok(self.score(*a), MAX_ABILITY))
            && ok(self.hp, MAX_HP)
            && self.armor <= MAX_ARMOR
            && self.shield <= MAX_ARMOR
            && self.slots_used() <= SLOTS
            && self.slots_in(Place::Body) <= BODY_SLOTS
            && self.slots_in(Place::Backpack) <= BACKPACK_SLOTS
    }
}
