//! The five Heroes and what their abilities allow, with and without The Magic Powder.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Hero {
    PeterPan = 0,
    TigerLily = 1,
    Wendy = 2,
    TinkerBell = 3,
    JohnMichael = 4,
}

impl Hero {
    pub const ALL: [Hero; 5] = [
        Hero::PeterPan,
        Hero::TigerLily,
        Hero::Wendy,
        Hero::TinkerBell,
        Hero::JohnMichael,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Hero::PeterPan => "peter-pan",
            Hero::TigerLily => "tiger-lily",
            Hero::Wendy => "wendy",
            Hero::TinkerBell => "tinker-bell",
            Hero::JohnMichael => "john-michael",
        }
    }

    /// How many Exploration Circles one Explore may draw.
    pub fn max_explore_circles(self, magic_powder: bool) -> usize {
        match (self, magic_powder) {
            (Hero::JohnMichael, false) => 2,
            (Hero::JohnMichael, true) => 3,
            _ => 1,
        }
    }

    /// Peter Pan's Uncover Hook: his plain ability, given up under The Magic Powder.
    pub fn may_uncover(self, magic_powder: bool) -> bool {
        self == Hero::PeterPan && !magic_powder
    }

    /// Peter Pan's extra Camp space: only under The Magic Powder.
    pub fn may_use_extra_camp(self, magic_powder: bool) -> bool {
        self == Hero::PeterPan && magic_powder
    }

    /// How many of the 2 drawn cards Tiger Lily may take from the discard instead.
    pub fn discard_picks(self, magic_powder: bool) -> u8 {
        match (self, magic_powder) {
            (Hero::TigerLily, false) => 1,
            (Hero::TigerLily, true) => 2,
            _ => 0,
        }
    }

    /// Which cards on the right neighbour's gauge Wendy may move: Direction only, or any.
    pub fn repositions(self, magic_powder: bool) -> Option<Reposition> {
        match (self, magic_powder) {
            (Hero::Wendy, false) => Some(Reposition::DirectionOnly),
            (Hero::Wendy, true) => Some(Reposition::Any),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reposition {
    DirectionOnly,
    Any,
}
