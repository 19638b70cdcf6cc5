//! How many Actions a Character needs to get from one Location to another, for the careful
//! bot's evaluation: walking links (board adjacency and Stairs), plus flying between Neverland
//! and the top Deck (Lost Allies) or the Rowboat between Shores and the Jolly Roger (Pirates,
//! counted as two Actions: call it, then row). An estimate for scoring, never a rule: the engine
//! alone decides what is legal.

use crate::engine::start_location;
use crate::map::Map;
use crate::pack::{Pack, Scenario};

/// What "far" means when a Location cannot be reached at all.
pub const FAR: u32 = 12;

/// All-pairs Action counts over a pack's Locations.
#[derive(Debug, Clone)]
pub struct Routes {
    cost: Vec<Vec<u32>>,
    /// The Locations a Lost Ally may rescue from (the top Deck), as map indices.
    top_deck: Vec<usize>,
}

/// Direct edges and their Action cost.
fn edges(pack: &Pack, map: &Map) -> Vec<(usize, usize, u32)> {
    let mut out = Vec::new();
    for a in 0..map.len() {
        for &b in map.walk_neighbours(a) {
            out.push((a, b, 1));
        }
    }
    let start = map.id(start_location(pack));
    match pack.scenario {
        Scenario::LostAllies => {
            // Flying: Neverland (the start) and every Location of the top Deck (board 1).
            if let Some(s) = start {
                for b in (0..map.len()).filter(|&b| map.board_of(b) == 1) {
                    out.push((s, b, 1));
                    out.push((b, s, 1));
                }
            }
        }
        Scenario::Pirates => {
            let mut stops: Vec<usize> = pack
                .links
                .enemy_shores
                .iter()
                .filter_map(|s| map.id(s))
                .collect();
            stops.extend(start);
            for &a in &stops {
                for &b in stops.iter().filter(|&&b| b != a) {
                    out.push((a, b, 2));
                }
            }
        }
    }
    out
}

impl Routes {
    pub fn new(pack: &Pack, map: &Map) -> Routes {
        let n = map.len();
        let mut cost = vec![vec![FAR; n]; n];
        for (i, row) in cost.iter_mut().enumerate() {
            row[i] = 0;
        }
        for (a, b, w) in edges(pack, map) {
            cost[a][b] = cost[a][b].min(w);
        }
        // A dozen Locations: Floyd-Warshall is instant.
        for k in 0..n {
            for i in 0..n {
                for j in 0..n {
                    let via = cost[i][k].saturating_add(cost[k][j]);
                    if via < cost[i][j] {
                        cost[i][j] = via;
                    }
                }
            }
        }
        let top_deck = match pack.scenario {
            Scenario::LostAllies => (0..n).filter(|&b| map.board_of(b) == 1).collect(),
            Scenario::Pirates => vec![],
        };
        Routes { cost, top_deck }
    }

    /// Actions from `a` to `b` (by name), `FAR` when unknown or unreachable.
    pub fn between(&self, map: &Map, a: &str, b: &str) -> u32 {
        match (map.id(a), map.id(b)) {
            (Some(a), Some(b)) => self.cost[a][b].min(FAR),
            _ => FAR,
        }
    }

    /// Moves a Hostage at `at` still needs to reach the top Deck (Lost Allies), walking only.
    pub fn to_top_deck(&self, map: &Map, at: &str) -> u32 {
        let Some(a) = map.id(at) else { return FAR };
        self.top_deck
            .iter()
            .map(|&b| self.cost[a][b])
            .min()
            .unwrap_or(FAR)
            .min(FAR)
    }
}
