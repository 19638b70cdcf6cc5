//! Stones of Chance: six faces, one per action symbol, rolled from a seeded ChaCha stream.

use neverland_chance::Chance;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::pack::{ActionId, Scenario};

/// Most Despair a sheet holds, and so most stones a Morale Check rolls.
pub const MAX_DESPAIR: u8 = 4;
/// Actions in a turn before Destiny buys a fifth.
pub const ACTIONS_PER_TURN: u8 = 4;

/// One face of a Stone of Chance. Taunt/Loot and Courage/Scare share a symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Stone {
    Move,
    Fight,
    Search,
    TauntLoot,
    CourageScare,
    Rest,
}

impl Stone {
    /// The faces in the order a roll indexes them.
    pub const FACES: [Stone; 6] = [
        Stone::Move,
        Stone::Fight,
        Stone::Search,
        Stone::TauntLoot,
        Stone::CourageScare,
        Stone::Rest,
    ];

    /// The Action this symbol names in a scenario.
    pub fn action(self, scenario: Scenario) -> ActionId {
        match (self, scenario) {
            (Stone::Move, _) => ActionId::Move,
            (Stone::Fight, _) => ActionId::Fight,
            (Stone::Search, _) => ActionId::Search,
            (Stone::TauntLoot, Scenario::LostAllies) => ActionId::Taunt,
            (Stone::TauntLoot, Scenario::Pirates) => ActionId::Loot,
            (Stone::CourageScare, Scenario::LostAllies) => ActionId::Courage,
            (Stone::CourageScare, Scenario::Pirates) => ActionId::Scare,
            (Stone::Rest, _) => ActionId::Rest,
        }
    }

    /// Fight and Rest are the two results that wound a Named Enemy.
    pub fn wounds_named_enemy(self) -> bool {
        matches!(self, Stone::Fight | Stone::Rest)
    }
}

/// The game's random stream (see `neverland-chance`): every roll of a game draws from it, so
/// replaying the log reproduces every result.
#[derive(Debug, Clone)]
pub struct StoneRng(Chance);

impl StoneRng {
    pub fn from_seed(seed: u64) -> Self {
        StoneRng(Chance::from_seed(seed))
    }

    pub fn stone(&mut self) -> Stone {
        Stone::FACES[self.0.below(6) as usize]
    }

    /// Rolls one stone per Despair token (the caller has checked `despair <= MAX_DESPAIR`).
    pub fn roll(&mut self, despair: u8) -> Vec<Stone> {
        (0..despair).map(|_| self.stone()).collect()
    }
}

/// What a Morale Check makes of a turn: each stone but Rest fixes one of the 4 Actions as
/// Mandatory; the others, Rest results included, are Chosen Actions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TurnPlan {
    /// Mandatory Actions in the order the stones were rolled, named for the scenario.
    pub mandatory: Vec<ActionId>,
    /// How many of the 4 Actions the player chooses freely (Rest results count here).
    pub chosen: u8,
    /// How many stones showed Rest (each is a Chosen Action, not a Mandatory Rest).
    pub rest_rolled: u8,
}

impl TurnPlan {
    pub fn from_stones(stones: &[Stone], scenario: Scenario) -> TurnPlan {
        let mandatory: Vec<ActionId> = stones
            .iter()
            .filter(|s| **s != Stone::Rest)
            .map(|s| s.action(scenario))
            .collect();
        let rest_rolled = stones.iter().filter(|s| **s == Stone::Rest).count() as u8;
        TurnPlan {
            chosen: ACTIONS_PER_TURN - mandatory.len() as u8,
            mandatory,
            rest_rolled,
        }
    }
}

/// One Morale Check as it was rolled and what it means for the turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct MoraleRoll {
    pub character: String,
    pub despair: u8,
    pub stones: Vec<Stone>,
    pub plan: TurnPlan,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn same_seed_same_stones() {
        assert_eq!(
            StoneRng::from_seed(42).roll(4),
            StoneRng::from_seed(42).roll(4)
        );
    }

    #[test]
    fn a_shared_symbol_names_the_scenarios_action() {
        assert_eq!(Stone::TauntLoot.action(Scenario::Pirates), ActionId::Loot);
    }

    /// Saved games replay from their seed: the stream must never change under them.
    #[test]
    fn the_stream_is_pinned() {
        assert_eq!(
            StoneRng::from_seed(42).roll(4),
            vec![
                Stone::TauntLoot,
                Stone::TauntLoot,
                Stone::CourageScare,
                Stone::Move
            ]
        );
    }

    #[test]
    fn every_face_appears_and_roughly_evenly() {
        let mut rng = StoneRng::from_seed(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            let s = rng.stone();
            counts[Stone::FACES.iter().position(|f| *f == s).unwrap()] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn shared_symbols_name_different_actions() {
        assert_eq!(
            Stone::TauntLoot.action(Scenario::LostAllies),
            ActionId::Taunt
        );
        assert_eq!(Stone::TauntLoot.action(Scenario::Pirates), ActionId::Loot);
        assert_eq!(
            Stone::CourageScare.action(Scenario::LostAllies),
            ActionId::Courage
        );
        assert_eq!(
            Stone::CourageScare.action(Scenario::Pirates),
            ActionId::Scare
        );
        assert!(Stone::Fight.wounds_named_enemy() && Stone::Rest.wounds_named_enemy());
        assert!(!Stone::Move.wounds_named_enemy());
    }

    #[test]
    fn rest_counts_as_chosen() {
        let plan = TurnPlan::from_stones(
            &[Stone::Rest, Stone::Fight, Stone::Rest, Stone::TauntLoot],
            Scenario::Pirates,
        );
        assert_eq!(plan.mandatory, vec![ActionId::Fight, ActionId::Loot]);
        assert_eq!(plan.chosen, 2);
        assert_eq!(plan.rest_rolled, 2);
    }

    proptest! {
        #[test]
        fn plan_always_sums_to_four(seed: u64, despair in 0u8..=MAX_DESPAIR) {
            let stones = StoneRng::from_seed(seed).roll(despair);
            prop_assert_eq!(stones.len(), despair as usize);
            let plan = TurnPlan::from_stones(&stones, Scenario::LostAllies);
            prop_assert_eq!(plan.mandatory.len() as u8 + plan.chosen, ACTIONS_PER_TURN);
            prop_assert!(plan.chosen >= ACTIONS_PER_TURN - despair);
        }
    }
}
