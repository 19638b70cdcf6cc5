//! Scans bot games for drawn Threat cards and prints the advisor's tree sizes and time for each
//! (a dev tool: `cargo run --release -p neverland-legacy --example advice_scan -- lost-allies 2 20`).

use neverland_chance::Chance;
use neverland_legacy::advice::{self, Budget};
use neverland_legacy::engine::{Game, Phase, Setup};
use neverland_legacy::map::Map;
use neverland_legacy::pack::{Pack, Scenario};
use neverland_legacy::sim::bot_play;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let scenario =
        Scenario::parse(args.get(1).map_or("lost-allies", String::as_str)).expect("a scenario");
    let players: u8 = args.get(2).map_or(2, |s| s.parse().expect("players"));
    let games: u64 = args.get(3).map_or(10, |s| s.parse().expect("games"));
    let pack = Pack::builtin(scenario).expect("the built-in pack");
    let map = Map::new(&pack);
    let (mut worst_ms, mut approx, mut total) = (0f64, 0, 0);
    for seed in 0..games {
        let mut g = Game::new(&pack, &map, &Setup::for_players(players), seed).expect("set-up");
        let mut rng = Chance::from_seed(seed);
        for _ in 0..20_000 {
            if matches!(g.phase, Phase::Over { .. }) {
                break;
            }
            if matches!(g.phase, Phase::Colour { .. }) {
                let t = std::time::Instant::now();
                let a = advice::advise(&pack, &map, &g, None, Budget::default()).expect("advice");
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                total += 1;
                let nodes: Vec<u32> = a.colours.iter().map(|c| c.nodes).collect();
                if a.colours.iter().any(|c| !c.exact) {
                    approx += 1;
                }
                if ms > worst_ms && std::env::var("MICRO").is_ok() {
                    let t = std::time::Instant::now();
                    for _ in 0..10_000 {
                        std::hint::black_box(g.clone());
                    }
                    let clone_us = t.elapsed().as_secs_f64() * 100.0;
                    let mut r = g.clone();
                    r.apply(&pack, &map, &neverland_legacy::Command::ResolveThreat)
                        .unwrap();
                    let t = std::time::Instant::now();
                    for _ in 0..10_000 {
                        std::hint::black_box(r.pending_options(&pack, &map));
                    }
                    let opt_us = t.elapsed().as_secs_f64() * 100.0;
                    println!("clone {clone_us:.2} us, options {opt_us:.2} us");
                }
                if ms > worst_ms {
                    worst_ms = ms;
                    println!(
                        "seed {seed}: {ms:.1} ms nodes {nodes:?} exact {:?} enemies {}",
                        a.colours.iter().map(|c| c.exact).collect::<Vec<_>>(),
                        g.table.enemies.len()
                    );
                }
            }
            if bot_play(&mut g, &pack, &map, &mut rng).is_none() {
                break;
            }
        }
    }
    println!("{total} cards advised, {approx} approximate, worst {worst_ms:.1} ms");
}
