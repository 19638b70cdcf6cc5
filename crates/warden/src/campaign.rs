//! A campaign is a seed and a command log; its state is the replay of the log. A command that
//! breaks a rule is refused with the reason and changes nothing.

use neverland_chance::Chance;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::creature::{Ability, Creature, Item, NewCreature};
use crate::dice::{Die, Expr, Roll};
use crate::tables::Tables;

pub const CAMPAIGN_FORMAT: &str = "neverland-warden-campaign/1";

use crate::state::why;
pub use crate::state::{
    AttackerRef, Campaign, InitiativeEntry, MoraleTrigger, Refusal, RollEntry, Stat, refuse,
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenCommand")]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Command {
    AddCreature {
        creature: NewCreature,
    },
    RemoveCreature {
        id: String,
    },
    Set {
        id: String,
        stat: Stat,
        value: u8,
    },
    HoldShield {
        id: String,
        held: bool,
    },
    AddItem {
        id: String,
        item: Item,
    },
    DropItem {
        id: String,
        index: usize,
    },
    AddFatigue {
        id: String,
    },
    SetDeprived {
        id: String,
        deprived: bool,
    },
    Attack {
        attackers: Vec<AttackerRef>,
        targets: Vec<String>,
        /// Faces rolled at the table, used in order before the stream.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        faces: Vec<u8>,
    },
    CriticalSave {
        id: String,
        /// Faces rolled at the table, used in order before the stream.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        faces: Vec<u8>,
    },
    ConfirmScar {
        id: String,
        /// Faces rolled at the table, used in order before the stream.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        faces: Vec<u8>,
    },
    Save {
        id: String,
        ability: Ability,
        /// Faces rolled at the table, used in order before the stream.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        faces: Vec<u8>,
    },
    Initiative {
        /// Faces rolled at the table, used in order before the stream.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        faces: Vec<u8>,
    },
    Morale {
        id: String,
        trigger: MoraleTrigger,
        /// Faces rolled at the table, used in order before the stream.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        faces: Vec<u8>,
    },
    Reaction {
        #[serde(default)]
        id: Option<String>,
        /// Faces rolled at the table, used in order before the stream.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        faces: Vec<u8>,
    },
    Retreat {
        id: String,
        /// Faces rolled at the table, used in order before the stream.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        faces: Vec<u8>,
    },
    ShortRest {
        id: String,
    },
    FullRest {
        id: String,
    },
    WeekRest {
        id: String,
    },
    Roll {
        #[serde(default)]
        who: Option<String>,
        dice: String,
        what: String,
        /// Faces rolled at the table, used in order before the stream.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        faces: Vec<u8>,
    },
}

impl Command {
    /// Faces the table rolled for this command, if any.
    pub fn faces(&self) -> &[u8] {
        use Command as C;
        match self {
            C::Attack { faces, .. }
            | C::CriticalSave { faces, .. }
            | C::ConfirmScar { faces, .. }
            | C::Save { faces, .. }
            | C::Initiative { faces }
            | C::Morale { faces, .. }
            | C::Reaction { faces, .. }
            | C::Retreat { faces, .. }
            | C::Roll { faces, .. } => faces,
            _ => &[],
        }
    }
}

/// A saved campaign: the seed and the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub format: String,
    pub seed: u64,
    pub log: Vec<Command>,
}

impl Campaign {
    pub fn new(seed: u64) -> Campaign {
        Campaign {
            seed,
            steps: 0,
            creatures: vec![],
            rolls: vec![],
            initiative: vec![],
            chance: Chance::from_seed(seed),
            given: Default::default(),
            bad_face: None,
        }
    }

    /// Replays a log; the error gives the step refused and why.
    pub fn replay(seed: u64, log: &[Command], t: &Tables) -> Result<Campaign, (usize, Refusal)> {
        let mut c = Campaign::new(seed);
        for (i, cmd) in log.iter().enumerate() {
            c.apply(t, cmd).map_err(|r| (i, r))?;
        }
        Ok(c)
    }

    /// Applies a command, or refuses it and changes nothing.
    pub fn apply(&mut self, t: &Tables, cmd: &Command) -> Result<(), Refusal> {
        let mut next = self.clone();
        next.given = cmd.faces().iter().copied().collect();
        next.run(t, cmd)?;
        if let Some(why) = next.bad_face.take() {
            return refuse(why);
        }
        if !next.given.is_empty() {
            return refuse(why!(
                "faces-left-over",
                "faces: {n} more face(s) given than dice rolled",
                n = next.given.len()
            ));
        }
        next.steps += 1;
        *self = next;
        Ok(())
    }

    /// What the command would do, on a copy (for hints), leaving this campaign as it is.
    pub fn preview(&self, t: &Tables, cmd: &Command) -> Result<Campaign, Refusal> {
        let mut copy = self.clone();
        copy.apply(t, cmd)?;
        Ok(copy)
    }

    pub fn get(&self, id: &str) -> Result<&Creature, Refusal> {
        self.creatures.iter().find(|c| c.id == id).ok_or_else(|| {
            why!(
                "no-one-called",
                "there is no one called {id}",
                id = format!("{id:?}")
            )
        })
    }

    pub fn get_mut(&mut self, id: &str) -> Result<&mut Creature, Refusal> {
        self.creatures
            .iter_mut()
            .find(|c| c.id == id)
            .ok_or_else(|| {
                why!(
                    "no-one-called",
                    "there is no one called {id}",
                    id = format!("{id:?}")
                )
            })
    }

    /// Rolls a die expression from the stream and logs it.
    pub(crate) fn roll(&mut self, who: Option<&str>, what: &str, dice: &str) -> Roll {
        let roll = self.roll_expr(dice);
        self.log(who, what, roll.clone(), roll.total.to_string());
        roll
    }

    /// One die: the next given face, or the stream.
    pub(crate) fn draw(&mut self, die: Die) -> u8 {
        match self.given.pop_front() {
            Some(f) if die.holds(f as u32) => f,
            Some(f) => {
                self.bad_face.get_or_insert(why!(
                    "not-a-face",
                    "faces: {face} is not a face of a {die}",
                    face = f,
                    die = die.name()
                ));
                1
            }
            None => die.roll(&mut self.chance),
        }
    }

    /// Rolls an expression with [`Campaign::draw`].
    pub(crate) fn roll_expr(&mut self, dice: &str) -> Roll {
        let expr = Expr::parse(dice).expect("engine dice expressions are valid");
        expr.roll_with(&mut |d| self.draw(d))
    }

    /// Rolls without logging (the caller logs the combined roll).
    pub(crate) fn roll_quiet(&mut self, dice: &str) -> Roll {
        self.roll_expr(dice)
    }

    pub(crate) fn log(&mut self, who: Option<&str>, what: &str, roll: Roll, result: String) {
        self.rolls.push(RollEntry {
            step: self.steps,
            who: who.map(str::to_owned),
            what: what.into(),
            roll,
            result,
        });
    }

    /// Rolls a d20 save for a creature and logs it; returns whether it passed.
    pub(crate) fn save(&mut self, id: &str, ability: Ability, what: &str) -> Result<bool, Refusal> {
        let score = self.get(id)?.score(ability).current;
        let roll = self.roll_expr("d20");
        let passed = crate::contract::save_passes(score, roll.total as u8);
        let result = format!(
            "{} {} against {} {score}",
            if passed { "passed" } else { "failed" },
            roll.total,
            ability.name()
        );
        self.log(Some(id), what, roll, result);
        Ok(passed)
    }

    fn run(&mut self, t: &Tables, cmd: &Command) -> Result<(), Refusal> {
        use Command as C;
        match cmd {
            C::AddCreature { creature } => {
                let c = creature.validate()?;
                if self.creatures.iter().any(|x| x.id == c.id) {
                    return refuse(why!(
                        "id-taken",
                        "id: {id} is already in the campaign",
                        id = format!("{:?}", c.id)
                    ));
                }
                self.creatures.push(c);
                Ok(())
            }
            C::RemoveCreature { id } => {
                self.get(id)?;
                self.creatures.retain(|c| &c.id != id);
                Ok(())
            }
            C::Set { id, stat, value } => crate::effects::set(self.get_mut(id)?, *stat, *value),
            C::HoldShield { id, held } => {
                let c = self.get_mut(id)?;
                if c.shield == 0 && *held {
                    return refuse(why!("no-shield", "{name} has no shield", name = c.name));
                }
                c.shield_held = *held;
                Ok(())
            }
            C::AddItem { id, item } => crate::effects::add_item(self.get_mut(id)?, item),
            C::DropItem { id, index } => {
                let c = self.get_mut(id)?;
                if *index >= c.items.len() {
                    return refuse(why!(
                        "no-item-number",
                        "{name} has no item number {n}",
                        name = c.name,
                        n = index + 1
                    ));
                }
                c.items.remove(*index);
                Ok(())
            }
            C::AddFatigue { id } => crate::effects::add_fatigue(self.get_mut(id)?),
            C::SetDeprived { id, deprived } => {
                self.get_mut(id)?.conditions.deprived = *deprived;
                Ok(())
            }
            C::Attack {
                attackers, targets, ..
            } => crate::effects::attack(self, t, attackers, targets),
            C::CriticalSave { id, .. } => crate::effects::critical_save(self, t, id),
            C::ConfirmScar { id, .. } => crate::scars::confirm(self, t, id),
            C::Save { id, ability, .. } => {
                self.living(id)?;
                self.save(id, *ability, &format!("{} save", ability.name()))?;
                Ok(())
            }
            C::Initiative { .. } => crate::effects::initiative(self),
            C::Morale { id, trigger, .. } => crate::effects::morale(self, id, *trigger),
            C::Reaction { id, .. } => crate::effects::reaction(self, t, id.as_deref()),
            C::Retreat { id, .. } => crate::effects::retreat(self, id),
            C::ShortRest { id } => crate::effects::short_rest(self.get_mut(id)?),
            C::FullRest { id } => crate::effects::full_rest(self.get_mut(id)?),
            C::WeekRest { id } => crate::effects::week_rest(self.get_mut(id)?),
            C::Roll {
                who, dice, what, ..
            } => crate::effects::free_roll(self, who.as_deref(), dice, what),
        }
    }

    /// The creature, if it is alive.
    pub(crate) fn living(&self, id: &str) -> Result<&Creature, Refusal> {
        let c = self.get(id)?;
        if c.conditions.dead {
            return refuse(why!("dead", "{name} is dead", name = c.name));
        }
        Ok(c)
    }
}

/// A creature with the values derived from it, as the screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(rename = "WardenCreatureView")]
pub struct CreatureView {
    #[serde(flatten)]
    pub creature: Creature,
    /// 0 while all 10 slots are filled; otherwise the stored HP.
    pub effective_hp: u8,
    /// Worn Armor plus a held shield, at most 3.
    pub effective_armor: u8,
    pub slots_used: u8,
    pub paralysed: bool,
    pub delirious: bool,
}

/// The campaign as the screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(rename = "WardenCampaignView")]
pub struct CampaignView {
    pub seed: u64,
    pub steps: usize,
    pub creatures: Vec<CreatureView>,
    pub rolls: Vec<RollEntry>,
    pub initiative: Vec<InitiativeEntry>,
}

impl Campaign {
    pub fn view(&self) -> CampaignView {
        CampaignView {
            seed: self.seed,
            steps: self.steps,
            creatures: self
                .creatures
                .iter()
                .map(|c| CreatureView {
                    creature: c.clone(),
                    effective_hp: c.effective_hp(),
                    effective_armor: c.effective_armor(),
                    slots_used: c.slots_used(),
                    paralysed: c.paralysed(),
                    delirious: c.delirious(),
                })
                .collect(),
            rolls: self.rolls.clone(),
            initiative: self.initiative.clone(),
        }
    }
}
