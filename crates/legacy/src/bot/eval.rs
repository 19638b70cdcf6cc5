//! The careful bot's static evaluation of a position (higher is better for the players): the
//! Characters' health, the Enemies on the table, and above all how far each Hostage is from being
//! saved, counted in the Actions the Characters still need (`routes`). Lost Allies: a Hostage is
//! worth more the closer it is to the top Deck, the closer a standing Character is to it, and
//! while a Character stands with it (Enemies wound a Character before they kill a Hostage); Fairy
//! Dust is kept for the rescues. Pirates: a carried Hostage is worth more the fewer Actions its
//! carrier needs to reach the Jolly Roger. It also names a position (`key`) for the look-ahead
//! and the "clear and Search" plans, so that neither needs the other.

use std::hash::{DefaultHasher, Hash, Hasher};

use crate::engine::{Game, Outcome, Phase, start_location};
use crate::map::Map;
use crate::pack::{Item, Pack, Scenario};

use super::routes::Routes;

/// Points for a Hostage brought home (rescued to Neverland, or dropped on the Jolly Roger).
const HOME: f64 = 600.0;
/// Points per Wound on the set-aside Named Enemy (Hook, Peter Pan): defeating it is half the win.
const BOSS_WOUND: f64 = 120.0;
/// The cost of two Named Enemies in play (the next Named Enemy card would lose the game).
const TWO_NAMED: f64 = 150.0;
/// Lost Allies: points lost per Hostage not yet found (its card still in the Search deck). About
/// two Hostages in three are turned up by an Enemy's Search among Enemies and killed, so a
/// Hostage still to be found is a risk that a Character's own Search removes; without this the
/// look-ahead counted a Character's Search as worth only its card's chance of being a Hostage.
const UNSEEN_HOSTAGE: f64 = 150.0;

/// The Characters' own state: Wounds, Despair, falls, Coins, Destiny and Items.
fn characters(pack: &Pack, g: &Game) -> f64 {
    let mut s = 0.0;
    let hostages_left = pack_hostages(g) as i64 - home_count(pack, g) as i64;
    for (i, c) in g.table.characters.iter().enumerate() {
        s -= 12.0 * f64::from(c.wounds) + 6.0 * f64::from(c.despair);
        if c.fallen {
            s -= 300.0;
        }
        s += 2.0 * f64::from(c.coins) + 5.0 * f64::from(u8::from(c.destiny));
        let items = g.items.get(i).map_or(&[][..], Vec::as_slice);
        s += 3.0 * items.len() as f64;
        let dust = items.iter().filter(|x| **x == Item::FairyDust).count() as i64;
        s += 40.0 * dust.min(hostages_left.max(0)) as f64;
        // Enemies beside a standing Character: worse the more Wounds it already has.
        if !c.fallen {
            let foes = g.enemies_at(&c.at) as f64;
            s -= foes * (4.0 + 4.0 * f64::from(c.wounds));
        }
    }
    s
}

/// Hostages in the game: one per player's seat (on the map, carried, or home).
fn pack_hostages(g: &Game) -> usize {
    g.table.characters.len()
}

/// Hostages not yet found: one per seat, less those on the map, carried or home (public: the
/// found ones are on the table).
fn unseen_hostages(g: &Game) -> usize {
    let carried: usize = g.table.characters.iter().map(|c| c.carrying.len()).sum();
    pack_hostages(g).saturating_sub(g.table.hostages.len() + carried)
}

fn home_count(pack: &Pack, g: &Game) -> usize {
    let start = start_location(pack);
    g.table.hostages.iter().filter(|h| h.at == start).count()
}

/// Actions the nearest standing Character needs to reach `at`.
fn nearest(map: &Map, routes: &Routes, g: &Game, at: &str) -> u32 {
    g.table
        .characters
        .iter()
        .filter(|c| !c.fallen)
        .map(|c| routes.between(map, &c.at, at))
        .min()
        .unwrap_or(super::routes::FAR)
}

/// One Hostage on the map (not home): found, how close to saved, how exposed.
fn hostage_on_map(pack: &Pack, map: &Map, routes: &Routes, g: &Game, at: &str) -> f64 {
    let near = f64::from(nearest(map, routes, g, at));
    let foes = g.enemies_at(at) as f64;
    match pack.scenario {
        Scenario::LostAllies => {
            let guarded = g.characters_at(at) > 0;
            let to_top = f64::from(routes.to_top_deck(map, at));
            let mut s = 200.0 - 15.0 * to_top - 8.0 * near;
            if guarded {
                s += 40.0;
            } else {
                s -= 30.0 * foes;
            }
            s
        }
        Scenario::Pirates => 150.0 - 10.0 * near - 20.0 * foes,
    }
}

/// A Hostage a Pirate carries: the Actions its carrier needs to reach the Jolly Roger.
fn carried(pack: &Pack, map: &Map, routes: &Routes, g: &Game, ci: usize) -> f64 {
    let c = &g.table.characters[ci];
    let start = start_location(pack);
    let steps = if c.at == start {
        0
    } else if c.on_rowboat {
        1
    } else {
        routes.between(map, &c.at, start)
    };
    let load = 1 + c.carrying.len() as u32;
    let foes = g.table.enemies.iter().filter(|e| e.at == c.at).count() as f64;
    350.0 - 12.0 * f64::from(steps * load) - 15.0 * foes
}

/// The Named Enemies: each in play costs a little less per Wound it has; the set-aside one
/// (Hook, Peter Pan) must be defeated to win, so its Wounds count for much more; two in play
/// means the next Named Enemy card loses the game.
fn named(pack: &Pack, g: &Game) -> f64 {
    let boss = pack.named_enemies.iter().find(|n| n.set_aside);
    let mut s = 0.0;
    for n in &g.table.named_enemies {
        let per_wound = if boss.is_some_and(|b| b.id == n.id) {
            BOSS_WOUND
        } else {
            8.0
        };
        s -= 25.0 - per_wound * f64::from(n.wounds);
    }
    if g.table.named_enemies.len() >= 2 {
        s -= TWO_NAMED;
    }
    s + 150.0 * g.named_defeated.len() as f64
}

/// A static score of a position for the players (higher is better).
pub fn score(pack: &Pack, map: &Map, routes: &Routes, g: &Game) -> f64 {
    match g.phase {
        Phase::Over {
            outcome: Outcome::Won,
        } => return 1e6,
        Phase::Over {
            outcome: Outcome::Lost { .. },
        } => return -1e6,
        _ => {}
    }
    let start = start_location(pack);
    let mut s = characters(pack, g);
    for (ci, c) in g.table.characters.iter().enumerate() {
        s += c.carrying.len() as f64 * carried(pack, map, routes, g, ci);
    }
    for h in &g.table.hostages {
        s += if h.at == start {
            HOME
        } else {
            hostage_on_map(pack, map, routes, g, &h.at)
        };
    }
    if pack.scenario == Scenario::LostAllies {
        s -= UNSEEN_HOSTAGE * unseen_hostages(g) as f64;
    }
    s -= 6.0 * g.table.enemies.len() as f64;
    s += named(pack, g);
    s += 0.5 * g.search_deck.len() as f64;
    s
}

/// What the look-ahead shares: the pack, the map, the routes.
pub struct Ctx<'a> {
    pub pack: &'a Pack,
    pub map: &'a Map,
    pub routes: &'a Routes,
}

impl Ctx<'_> {
    pub fn score(&self, g: &Game) -> f64 {
        score(self.pack, self.map, self.routes, g)
    }
}

/// A position's identity for the beam (two orders of the same Actions meet here) and for the
/// positions already reached this turn (a free Move there and back is never looked at again).
pub fn key(g: &Game) -> u64 {
    let mut h = DefaultHasher::new();
    format!("{:?}{:?}{:?}", g.table, g.turn, g.items).hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Setup;
    use crate::position::HostageAt;

    /// The score's change when a Hostage is found at `at` (no Character there): in Lost Allies
    /// the Hostage's own value and the risk of it still being in the deck removed; in Pirates
    /// only the Hostage's own value.
    fn found_gain(s: Scenario, at: &str) -> (f64, f64) {
        let pack = Pack::builtin(s).unwrap();
        let map = Map::new(&pack);
        let routes = Routes::new(&pack, &map);
        let before = Game::new(&pack, &map, &Setup::for_players(2), 3).unwrap();
        assert_eq!(before.characters_at(at), 0);
        let mut after = before.clone();
        after.table.hostages.push(HostageAt {
            id: "john".into(),
            at: at.to_owned(),
        });
        let gain = score(&pack, &map, &routes, &after) - score(&pack, &map, &routes, &before);
        (gain, hostage_on_map(&pack, &map, &routes, &after, at))
    }

    #[test]
    fn a_lost_allies_hostage_found_also_removes_the_unseen_risk() {
        let (gain, own) = found_gain(Scenario::LostAllies, "fore-deck");
        assert!((gain - own - UNSEEN_HOSTAGE).abs() < 1e-9, "{gain} {own}");
        let (gain, own) = found_gain(Scenario::Pirates, "neverwood");
        assert!((gain - own).abs() < 1e-9, "{gain} {own}");
    }
}
