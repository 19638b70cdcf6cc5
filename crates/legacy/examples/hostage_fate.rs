//! What happens to each Hostage in careful-bot games (issue 20: why the careful bot never wins).
//! Replays each game's log one command at a time and follows every Hostage from the command that
//! puts it on the table (or in a Character's care) to the one that takes it off, printing one
//! JSON summary: how many were found, brought home, killed or rescued by a Fairy; how many Threats
//! a Hostage stayed on the table; whether a Character stood in its Location, and how far the
//! nearest standing Character was (in Enemy steps), just before the step that took it; the kinds
//! of Enemy in its Location after that step. A dev tool:
//! `cargo run --release -p neverland-legacy --example hostage_fate -- lost-allies 2 100 1000`.

use std::collections::BTreeMap;

use neverland_legacy::Command;
use neverland_legacy::engine::{Game, Setup};
use neverland_legacy::map::Map;
use neverland_legacy::pack::{Pack, Scenario};
use neverland_legacy::position::Position;
use neverland_legacy::sim::Ending;

/// Hostage ids on the map, and those carried.
fn hostages(p: &Position) -> (BTreeMap<String, String>, Vec<String>) {
    let on_map = p
        .hostages
        .iter()
        .map(|h| (h.id.clone(), h.at.clone()))
        .collect();
    let carried = p
        .characters
        .iter()
        .flat_map(|c| c.carrying.iter().cloned())
        .collect();
    (on_map, carried)
}

#[derive(Default)]
struct Tally {
    games: u32,
    won: u32,
    found: u32,
    taken_off: u32,
    threats_on_table: BTreeMap<u32, u32>,
    character_in_location: u32,
    nearest: BTreeMap<String, u32>,
    killer_kinds: BTreeMap<String, u32>,
    found_at_threat: BTreeMap<u32, u32>,
    losses: BTreeMap<String, u32>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let scenario =
        Scenario::parse(args.get(1).map_or("lost-allies", String::as_str)).expect("a scenario");
    let players: u8 = args.get(2).map_or(2, |s| s.parse().expect("players"));
    let games: u64 = args.get(3).map_or(20, |s| s.parse().expect("games"));
    let first: u64 = args.get(4).map_or(1000, |s| s.parse().expect("seed"));
    let pack = Pack::builtin(scenario).expect("the built-in pack");
    let map = Map::new(&pack);
    let setup = Setup::for_players(players);
    let mut t = Tally::default();
    for seed in first..first + games {
        let (end, log) = neverland_legacy::bot::careful::play(&pack, &map, &setup, seed, 20_000);
        t.games += 1;
        match end {
            Ending::Won => t.won += 1,
            Ending::Lost(l) => *t.losses.entry(format!("{l:?}")).or_default() += 1,
            Ending::Unfinished => *t.losses.entry("unfinished".into()).or_default() += 1,
        }
        let mut g = Game::new(&pack, &map, &setup, seed).expect("set-up");
        let mut threats = 0u32;
        let mut since: BTreeMap<String, u32> = BTreeMap::new();
        for c in &log {
            if matches!(c, Command::DrawThreat) {
                threats += 1;
            }
            let before = g.table.clone();
            g.apply(&pack, &map, c).expect("the bot's own log replays");
            let (was_map, _) = hostages(&before);
            let (now_map, now_carried) = hostages(&g.table);
            for id in now_map.keys().chain(now_carried.iter()) {
                if !since.contains_key(id) {
                    since.insert(id.clone(), threats);
                    t.found += 1;
                    *t.found_at_threat.entry(threats).or_default() += 1;
                }
            }
            for (id, at) in &was_map {
                if now_map.contains_key(id) || now_carried.contains(id) {
                    continue;
                }
                // Off the table (killed, rescued by a Fairy, or delivered).
                t.taken_off += 1;
                let stayed = threats - since.get(id).copied().unwrap_or(threats);
                *t.threats_on_table.entry(stayed).or_default() += 1;
                if before
                    .characters
                    .iter()
                    .any(|ch| ch.at == *at && !ch.fallen)
                {
                    t.character_in_location += 1;
                }
                let here = map.id(at).expect("a Location");
                let d = map.distances(here, false);
                let nearest = before
                    .characters
                    .iter()
                    .filter(|ch| !ch.fallen)
                    .filter_map(|ch| d[map.id(&ch.at).expect("a Location")])
                    .min();
                let key = nearest.map_or("none".into(), |n| n.to_string());
                *t.nearest.entry(key).or_default() += 1;
                for e in g.table.enemies.iter().filter(|e| e.at == *at) {
                    *t.killer_kinds.entry(e.kind.clone()).or_default() += 1;
                }
                for n in g.table.named_enemies.iter().filter(|n| n.at == *at) {
                    *t.killer_kinds.entry(format!("named:{}", n.id)).or_default() += 1;
                }
            }
        }
    }
    println!(
        "{}",
        serde_json::json!({
            "scenario": scenario.id(), "players": players, "seeds": [first, first + games - 1],
            "games": t.games, "won": t.won, "losses": t.losses,
            "hostages_found": t.found, "found_at_threat": t.found_at_threat,
            "taken_off_the_map": t.taken_off,
            "threats_on_table_before_taken": t.threats_on_table,
            "a_character_in_its_location": t.character_in_location,
            "nearest_character_enemy_steps": t.nearest,
            "enemies_in_its_location_after": t.killer_kinds,
        })
    );
}
