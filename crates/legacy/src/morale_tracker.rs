//! The Morale tracker: the app's first Legacy slice, which keeps only each Character's Despair
//! and rolls their Morale Checks beside a game played wholly on the real table. It is not the
//! table game (that is `engine::Game`); it stays for its saved games (kind `legacy` in the
//! database). Like every game it is a pack, a seed and an ordered log of commands:
//! `MoraleTracker::replay` derives the state; `apply` validates a command against the state and
//! either changes it or returns a reason and leaves it untouched.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::dice::{MAX_DESPAIR, MoraleRoll, StoneRng, TurnPlan};
use crate::pack::{Pack, Scenario};

/// Everything a player can tell the engine. Stored as JSON in the game's log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(
    tag = "type",
    rename_all = "kebab-case",
    rename_all_fields = "snake_case"
)]
#[ts(rename = "MoraleCommand")]
pub enum TrackerCommand {
    /// Make this Character the one whose turn the screen shows.
    ChooseCharacter { character: String },
    /// Put the Despair on a Character sheet to match the table.
    SetDespair { character: String, despair: u8 },
    /// Roll one Stone of Chance per Despair token for this Character.
    MoraleCheck { character: String },
}

/// Why a command was refused. The state is unchanged whenever one of these is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, TS)]
#[serde(
    tag = "rule",
    rename_all = "kebab-case",
    rename_all_fields = "snake_case"
)]
pub enum TrackerError {
    #[error("there is no Character \"{character}\" in this scenario")]
    UnknownCharacter { character: String },
    #[error("Despair goes from 0 to 4, not {despair}")]
    DespairOutOfRange { despair: u8 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct TrackerCharacter {
    pub id: String,
    pub name: String,
    pub despair: u8,
}

/// The derived state of a game. Never stored: always rebuilt from the seed and the log.
#[derive(Debug, Clone, Serialize, TS)]
pub struct MoraleTracker {
    pub scenario: Scenario,
    pub characters: Vec<TrackerCharacter>,
    pub active: Option<String>,
    /// Every Morale Check so far, oldest first.
    pub rolls: Vec<MoraleRoll>,
    #[serde(skip)]
    #[ts(skip)]
    rng: StoneRng,
}

impl PartialEq for MoraleTracker {
    fn eq(&self, other: &Self) -> bool {
        // Two states built from the same seed and log also agree on the random stream; comparing
        // the visible parts is what matters to players.
        self.scenario == other.scenario
            && self.characters == other.characters
            && self.active == other.active
            && self.rolls == other.rolls
    }
}

impl MoraleTracker {
    pub fn new(pack: &Pack, seed: u64) -> MoraleTracker {
        MoraleTracker {
            scenario: pack.scenario,
            characters: pack
                .characters
                .iter()
                .map(|c| TrackerCharacter {
                    id: c.id.clone(),
                    name: c.name.clone(),
                    despair: 0,
                })
                .collect(),
            active: None,
            rolls: Vec::new(),
            rng: StoneRng::from_seed(seed),
        }
    }

    /// Rebuilds the state from the seed and the log. On a refused command, reports its index.
    pub fn replay<'a>(
        pack: &Pack,
        seed: u64,
        log: impl IntoIterator<Item = &'a TrackerCommand>,
    ) -> Result<MoraleTracker, (usize, TrackerError)> {
        let mut state = MoraleTracker::new(pack, seed);
        for (i, cmd) in log.into_iter().enumerate() {
            state.apply(cmd).map_err(|e| (i, e))?;
        }
        Ok(state)
    }

    fn index_of(&self, character: &str) -> Result<usize, TrackerError> {
        self.characters
            .iter()
            .position(|c| c.id == character)
            .ok_or_else(|| TrackerError::UnknownCharacter {
                character: character.to_owned(),
            })
    }

    /// Checks a command without changing anything.
    pub fn validate(&self, cmd: &TrackerCommand) -> Result<(), TrackerError> {
        match cmd {
            TrackerCommand::ChooseCharacter { character }
            | TrackerCommand::MoraleCheck { character } => self.index_of(character).map(|_| ()),
            TrackerCommand::SetDespair { character, despair } => {
                self.index_of(character)?;
                if *despair > MAX_DESPAIR {
                    return Err(TrackerError::DespairOutOfRange { despair: *despair });
                }
                Ok(())
            }
        }
    }

    /// Validates, then carries out a command.
    pub fn apply(&mut self, cmd: &TrackerCommand) -> Result<(), TrackerError> {
        self.validate(cmd)?;
        match cmd {
            TrackerCommand::ChooseCharacter { character } => self.active = Some(character.clone()),
            TrackerCommand::SetDespair { character, despair } => {
                let i = self.index_of(character)?;
                self.characters[i].despair = *despair;
            }
            TrackerCommand::MoraleCheck { character } => {
                let i = self.index_of(character)?;
                let despair = self.characters[i].despair;
                let stones = self.rng.roll(despair);
                self.rolls.push(MoraleRoll {
                    character: character.clone(),
                    despair,
                    plan: TurnPlan::from_stones(&stones, self.scenario),
                    stones,
                });
            }
        }
        Ok(())
    }

    /// The latest Morale Check of a Character, if any.
    pub fn last_roll(&self, character: &str) -> Option<&MoraleRoll> {
        self.rolls.iter().rev().find(|r| r.character == character)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn pack() -> Pack {
        Pack::from_json("t", include_str!("../../../assets/legacy/lost-allies.json")).unwrap()
    }

    #[test]
    fn illegal_commands_change_nothing() {
        let p = pack();
        let mut s = MoraleTracker::new(&p, 1);
        let before = s.clone();
        assert_eq!(
            s.apply(&TrackerCommand::SetDespair {
                character: "wendy".into(),
                despair: 5
            }),
            Err(TrackerError::DespairOutOfRange { despair: 5 })
        );
        assert!(matches!(
            s.apply(&TrackerCommand::MoraleCheck {
                character: "hook".into()
            }),
            Err(TrackerError::UnknownCharacter { .. })
        ));
        assert_eq!(s, before);
    }

    #[test]
    fn zero_despair_rolls_nothing_and_all_actions_are_chosen() {
        let p = pack();
        let mut s = MoraleTracker::new(&p, 1);
        s.apply(&TrackerCommand::MoraleCheck {
            character: "wendy".into(),
        })
        .unwrap();
        let r = s.last_roll("wendy").unwrap();
        assert!(r.stones.is_empty());
        assert_eq!(r.plan.chosen, 4);
    }

    fn command() -> impl Strategy<Value = TrackerCommand> {
        let who = prop_oneof![Just("wendy"), Just("peter-pan"), Just("nobody")];
        prop_oneof![
            who.clone().prop_map(|c| TrackerCommand::ChooseCharacter {
                character: c.into()
            }),
            (who.clone(), 0u8..7).prop_map(|(c, d)| TrackerCommand::SetDespair {
                character: c.into(),
                despair: d
            }),
            who.prop_map(|c| TrackerCommand::MoraleCheck {
                character: c.into()
            }),
        ]
    }

    proptest! {
        /// Replaying the accepted commands gives the state built step by step, and a refused
        /// command never changes the state.
        #[test]
        fn replay_equals_incremental(seed: u64, cmds in proptest::collection::vec(command(), 0..40)) {
            let p = pack();
            let mut s = MoraleTracker::new(&p, seed);
            let mut accepted = Vec::new();
            for c in &cmds {
                let before = s.clone();
                match s.apply(c) {
                    Ok(()) => accepted.push(c.clone()),
                    Err(_) => prop_assert_eq!(&s, &before),
                }
                prop_assert!(s.characters.iter().all(|c| c.despair <= MAX_DESPAIR));
            }
            let replayed = MoraleTracker::replay(&p, seed, &accepted).unwrap();
            prop_assert_eq!(replayed, s);
        }
    }
}
