//! What a Threat did to the table, read off the game before and after it (never computed by a
//! rule of its own): Wounds and Despair per Character, who fell, which Hostage was killed or
//! rescued by a Fairy, the Hostages an Enemy's Search turned up and left among Enemies with no
//! Character beside them, and the loss. Expectations over the chance nodes add up as weighted
//! sums.

use serde::Serialize;
use ts_rs::TS;

use crate::engine::{Game, Loss, Outcome, Phase};

/// The ways a game can be lost, in the order `Tally::loss` keeps them.
const LOSSES: [Loss; 5] = [
    Loss::HostageKilled,
    Loss::HostageRescuedByFairy,
    Loss::AllCharactersFallen,
    Loss::ThirdNamedEnemy,
    Loss::SearchDeckEmpty,
];

/// How much worse one outcome is than another, for choosing the players' best and worst tie
/// choices: a loss outweighs everything, a fallen Character any number of Wounds, a Wound any
/// Despair.
const LOSS_HARM: f64 = 1000.0;
const FALL_HARM: f64 = 100.0;
const WOUND_HARM: f64 = 10.0;
const DESPAIR_HARM: f64 = 1.0;
/// A Hostage an Enemy's Search turned up among Enemies, with no Character to guard it: not lost
/// yet, but the next Threat of a matching colour kills it or lets a Fairy rescue it.
const FOUND_HARM: f64 = 500.0;

/// Expected effects (each a probability or an expected count).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Tally {
    pub score: f64,
    pub loss: [f64; 5],
    /// Per Character of the table: Wounds, Despair, falls.
    pub chars: Vec<[f64; 3]>,
    /// Per Hostage in play: killed, rescued by a Fairy.
    pub hostages: Vec<[f64; 2]>,
    /// Hostages turned up during the Threat and left among Enemies with no standing Character.
    pub found: f64,
}

fn has_hostage(g: &Game, id: &str) -> bool {
    g.table.hostages.iter().any(|h| h.id == id)
        || g.table
            .characters
            .iter()
            .any(|c| c.carrying.iter().any(|x| x == id))
}

/// The Hostages whose fate the advice reports: those found (standing or carried) before the
/// Threat.
pub(crate) fn hostages_in(g: &Game) -> Vec<String> {
    let mut ids: Vec<String> = g.table.hostages.iter().map(|h| h.id.clone()).collect();
    for c in &g.table.characters {
        ids.extend(c.carrying.iter().cloned());
    }
    ids
}

/// The Hostages on the map in `leaf` that were not found in `root` (an Enemy's Search turned them
/// up during the Threat: nobody else Searches then) and now stand with an Enemy or a Named
/// Enemy and no standing Character.
fn exposed_finds(root: &Game, leaf: &Game) -> usize {
    let before = hostages_in(root);
    leaf.table
        .hostages
        .iter()
        .filter(|h| !before.contains(&h.id))
        .filter(|h| leaf.enemies_at(&h.at) > 0 && leaf.characters_at(&h.at) == 0)
        .count()
}

impl Tally {
    pub fn zero(root: &Game) -> Tally {
        Tally {
            score: 0.0,
            loss: [0.0; 5],
            chars: vec![[0.0; 3]; root.table.characters.len()],
            hostages: vec![[0.0; 2]; hostages_in(root).len()],
            found: 0.0,
        }
    }

    /// The effects of one line of play, from `root` (before the Threat) to `leaf`.
    pub fn leaf(root: &Game, leaf: &Game) -> Tally {
        let mut t = Tally::zero(root);
        let cause = match leaf.phase {
            Phase::Over {
                outcome: Outcome::Lost { cause },
            } => Some(cause),
            _ => None,
        };
        if let Some(cause) = cause {
            let k = LOSSES.iter().position(|l| *l == cause).expect("every loss");
            t.loss[k] = 1.0;
            t.score += LOSS_HARM;
        }
        for (i, (a, b)) in root
            .table
            .characters
            .iter()
            .zip(&leaf.table.characters)
            .enumerate()
        {
            let fell = !a.fallen && b.fallen;
            let wounds = b.wounds.saturating_sub(a.wounds) as f64 + if fell { 1.0 } else { 0.0 };
            let despair = b.despair.saturating_sub(a.despair) as f64;
            t.chars[i] = [wounds, despair, if fell { 1.0 } else { 0.0 }];
            t.score += wounds * WOUND_HARM + despair * DESPAIR_HARM;
            if fell {
                t.score += FALL_HARM;
            }
        }
        for (i, h) in hostages_in(root).iter().enumerate() {
            if has_hostage(leaf, h) {
                continue;
            }
            match cause {
                Some(Loss::HostageKilled) => t.hostages[i][0] = 1.0,
                Some(Loss::HostageRescuedByFairy) => t.hostages[i][1] = 1.0,
                _ => {}
            }
        }
        if cause.is_none() {
            t.found = exposed_finds(root, leaf) as f64;
            t.score += t.found * FOUND_HARM;
        }
        t
    }

    /// Adds `w` times `o`.
    pub fn add(&mut self, o: &Tally, w: f64) {
        self.score += o.score * w;
        self.found += o.found * w;
        for (a, b) in self.loss.iter_mut().zip(&o.loss) {
            *a += b * w;
        }
        for (a, b) in self.chars.iter_mut().zip(&o.chars) {
            for k in 0..3 {
                a[k] += b[k] * w;
            }
        }
        for (a, b) in self.hostages.iter_mut().zip(&o.hostages) {
            for k in 0..2 {
                a[k] += b[k] * w;
            }
        }
    }

    /// The report, with the ids of the table `root` and figures to 4 decimals.
    pub fn cost(&self, root: &Game) -> Cost {
        let r = |x: f64| (x * 10_000.0).round() / 10_000.0;
        Cost {
            lose: r(self.loss.iter().sum()),
            losses: LOSSES
                .iter()
                .zip(&self.loss)
                .filter(|(_, p)| **p > 0.0)
                .map(|(cause, p)| LossChance {
                    cause: *cause,
                    chance: r(*p),
                })
                .collect(),
            characters: root
                .table
                .characters
                .iter()
                .zip(&self.chars)
                .map(|(c, t)| CharacterCost {
                    character: c.id.clone(),
                    wounds: r(t[0]),
                    despair: r(t[1]),
                    falls: r(t[2]),
                })
                .collect(),
            hostages: hostages_in(root)
                .into_iter()
                .zip(&self.hostages)
                .map(|(h, t)| HostageCost {
                    hostage: h,
                    killed: r(t[0]),
                    rescued_by_fairy: r(t[1]),
                })
                .collect(),
            found_by_enemies: Some(r(self.found)).filter(|f| *f > 0.0),
        }
    }
}

/// The chance of one way of losing.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct LossChance {
    pub cause: Loss,
    pub chance: f64,
}

/// One Character's expected Wounds and Despair, and the chance they fall.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct CharacterCost {
    pub character: String,
    pub wounds: f64,
    pub despair: f64,
    pub falls: f64,
}

/// The chance a Hostage found before the Threat is killed, or rescued by a Fairy.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct HostageCost {
    pub hostage: String,
    pub killed: f64,
    pub rescued_by_fairy: f64,
}

/// What a Threat would cost under one policy of tie choices.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(rename = "ThreatCost")]
pub struct Cost {
    /// The chance the game is lost during this Threat.
    pub lose: f64,
    pub losses: Vec<LossChance>,
    pub characters: Vec<CharacterCost>,
    pub hostages: Vec<HostageCost>,
    /// The expected number of Hostages an Enemy's Search turns up in this Threat and leaves
    /// among Enemies with no standing Character beside them (very likely lost at a later
    /// Threat); absent when no such find is possible.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub found_by_enemies: Option<f64>,
}
