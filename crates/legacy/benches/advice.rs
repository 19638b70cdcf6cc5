//! The Destiny advisor, all three colours, on (1) the drawn Threat card whose advice takes the
//! most engine steps in the two whole games of the end-to-end test (Lost Allies seed 18, Pirates
//! seed 1, 2 players, the plain plan of `sim::plain_plan`), and (2) a crowded synthetic table:
//! 4 Characters, 24 Enemies (8 of each kind), Captain Hook (every Enemy activates twice) and Smee.
//! Target: under 300 ms for the three colours (docs/performance.md).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use neverland_legacy::advice::{self, Budget, Situation};
use neverland_legacy::engine::{Game, Phase, Setup};
use neverland_legacy::map::Map;
use neverland_legacy::sim::plain_plan;
use neverland_legacy::{Pack, Scenario};

/// Every drawn card of a plain-plan game, with the advisor's step count for it.
fn drawn_cards(pack: &Pack, map: &Map, seed: u64) -> Vec<(u32, Game)> {
    let mut g = Game::new(pack, map, &Setup::for_players(2), seed).unwrap();
    let mut out = Vec::new();
    for _ in 0..2_000 {
        if g.outcome().is_some() {
            break;
        }
        if matches!(g.phase, Phase::Colour { .. }) {
            let a = advice::advise(pack, map, &g, None, Budget::default()).unwrap();
            out.push((a.colours.iter().map(|c| c.nodes).sum(), g.clone()));
        }
        let c = plain_plan(&g, pack, map);
        g.apply(pack, map, &c).unwrap();
    }
    out
}

fn crowded(pack: &Pack, map: &Map) -> Game {
    let spots = [
        "bow",
        "fore-deck",
        "crows-nest",
        "mid-deck",
        "stern",
        "gun-deck",
        "galley",
        "captains-cabin",
        "hold",
        "crew-quarters",
    ];
    let mut enemies = Vec::new();
    for (k, kind) in ["raider", "brute", "sniper"].iter().enumerate() {
        for i in 1..=8 {
            enemies.push(serde_json::json!({"id": format!("{kind}-{i}"), "kind": kind, "at": spots[(i * 3 + k) % spots.len()]}));
        }
    }
    let situation = serde_json::json!({
        "format": "neverland-legacy-threat/1", "threat": "red-1",
        "position": {
            "format": "neverland-legacy-position/1", "scenario": "lost-allies",
            "characters": [{"id": "peter-pan", "at": "neverland"}, {"id": "wendy", "at": "hold"},
                           {"id": "tinker-bell", "at": "captains-cabin"}, {"id": "tiger-lily", "at": "bow"}],
            "enemies": enemies,
            "named_enemies": [{"id": "captain-hook", "at": "galley"}, {"id": "smee", "at": "stern"}],
            "search_tokens": {"stern": 2, "gun-deck": 1, "mid-deck": 1},
            "hostages": [{"id": "john", "at": "crew-quarters"}]
        }
    });
    let s = Situation::from_json(&situation.to_string()).unwrap();
    s.game(pack, map).unwrap()
}

fn bench(c: &mut Criterion) {
    let mut worst: Option<(u32, Game, Scenario)> = None;
    for (scenario, seed) in [(Scenario::LostAllies, 18), (Scenario::Pirates, 1)] {
        let pack = Pack::builtin(scenario).unwrap();
        let map = Map::new(&pack);
        for (n, g) in drawn_cards(&pack, &map, seed) {
            if worst.as_ref().is_none_or(|(m, _, _)| n > *m) {
                worst = Some((n, g, scenario));
            }
        }
    }
    let (nodes, game, scenario) = worst.expect("the e2e games draw Threat cards");
    eprintln!(
        "e2e worst: {scenario} card {:?}, {nodes} engine steps",
        game.phase
    );
    let pack = Pack::builtin(scenario).unwrap();
    let map = Map::new(&pack);
    c.bench_function(
        "advice: worst drawn card of the e2e games, three colours",
        |b| b.iter(|| advice::advise(&pack, &map, black_box(&game), None, Budget::default())),
    );
    let pack = Pack::builtin(Scenario::LostAllies).unwrap();
    let map = Map::new(&pack);
    let full = crowded(&pack, &map);
    let a = advice::advise(&pack, &map, &full, None, Budget::default()).unwrap();
    eprintln!(
        "crowded: exact {:?}, steps {:?}",
        a.colours.iter().map(|c| c.exact).collect::<Vec<_>>(),
        a.colours.iter().map(|c| c.nodes).collect::<Vec<_>>()
    );
    c.bench_function(
        "advice: crowded table (24 Enemies, Hook), three colours",
        |b| b.iter(|| advice::advise(&pack, &map, black_box(&full), None, Budget::default())),
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
