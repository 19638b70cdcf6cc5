//! The state a Warden campaign's replay builds, and the refusal a broken rule gives: the types
//! the command effects (`effects.rs`, `scars.rs`) and the command log (`campaign.rs`) share.

use neverland_chance::Chance;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::attack::Mode;
use crate::creature::Creature;
use crate::dice::{Die, Roll};

pub(crate) use crate::refusal::why;
pub use crate::refusal::{Refusal, refuse};

/// A value the Warden sets by tapping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenStat")]
#[serde(rename_all = "kebab-case")]
pub enum Stat {
    Hp,
    MaxHp,
    Str,
    MaxStr,
    Dex,
    MaxDex,
    Wil,
    MaxWil,
    Armor,
    Shield,
}

/// One attacker in an attack command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenAttackerRef")]
#[serde(deny_unknown_fields)]
pub struct AttackerRef {
    pub id: String,
    /// The weapon's dice; empty means unarmed (d4).
    #[serde(default)]
    pub dice: Vec<Die>,
    #[serde(default)]
    pub mode: Mode,
    #[serde(default)]
    pub blast: bool,
}

/// What calls for a morale save.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenMoraleTrigger")]
#[serde(rename_all = "kebab-case")]
pub enum MoraleTrigger {
    FirstCasualty,
    HalfLost,
    /// A lone foe reduced to 0 HP.
    ZeroHp,
}

/// One logged roll: who rolled, what for, the dice and the outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenRollEntry")]
pub struct RollEntry {
    /// Index of the command that made it.
    pub step: usize,
    pub who: Option<String>,
    pub what: String,
    pub roll: Roll,
    pub result: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenInitiativeEntry")]
pub struct InitiativeEntry {
    pub id: String,
    pub before_foes: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Campaign {
    pub seed: u64,
    pub steps: usize,
    pub creatures: Vec<Creature>,
    pub rolls: Vec<RollEntry>,
    pub initiative: Vec<InitiativeEntry>,
    #[serde(skip)]
    pub(crate) chance: Chance,
    /// Faces given with the command being applied, used before the stream.
    #[serde(skip)]
    pub(crate) given: std::collections::VecDeque<u8>,
    #[serde(skip)]
    pub(crate) bad_face: Option<Refusal>,
}

impl PartialEq for Campaign {
    fn eq(&self, o: &Campaign) -> bool {
        self.seed == o.seed
            && self.steps == o.steps
            && self.creatures == o.creatures
            && self.rolls == o.rolls
            && self.initiative == o.initiative
    }
}
