//! The game engine's speed: replaying a 2,000-command game from its seed and log, and whole
//! games played by the bot (`legacy simulate`'s loop), one core.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use neverland_chance::Chance;
use neverland_legacy::engine::{Command, Game, Phase, Setup};
use neverland_legacy::map::Map;
use neverland_legacy::sim;
use neverland_legacy::{Pack, Scenario};

/// The longest of `tries` games in which the Characters stay on their small board (Enemies
/// never reach it) while the bot resolves every Threat, so the game runs as long as the decks
/// and the Named Enemies allow.
fn long_log(pack: &Pack, map: &Map, setup: &Setup, tries: u64) -> (u64, Vec<Command>) {
    let mut best = (0, Vec::new());
    for seed in 0..tries {
        let mut g = Game::new(pack, map, setup, seed).unwrap();
        let mut rng = Chance::from_seed(seed);
        let mut log = Vec::new();
        while g.outcome().is_none() {
            let c = if g.phase == Phase::Actions {
                let c = Command::EndActions;
                g.apply(pack, map, &c).unwrap();
                c
            } else {
                sim::bot_play(&mut g, pack, map, &mut rng).unwrap()
            };
            log.push(c);
        }
        if log.len() > best.1.len() {
            best = (seed, log);
        }
    }
    best
}

fn bench(c: &mut Criterion) {
    let pack = Pack::builtin(Scenario::LostAllies).unwrap();
    let map = Map::new(&pack);
    let setup = Setup::for_players(4);
    let (seed, log) = long_log(&pack, &map, &setup, 200);
    c.bench_function(
        &format!(
            "legacy replay: the longest of 200 games, {} commands (4 players)",
            log.len()
        ),
        |b| b.iter(|| Game::replay(&pack, &map, &setup, seed, black_box(&log)).unwrap()),
    );
    // No legal game reaches 2,000 commands (the decks end it first), so 2,000 commands are
    // replayed as whole bot games, one after another, until they add up to at least 2,000.
    let mut games = Vec::new();
    let mut total = 0;
    let mut seed = 1000u64;
    while total < 2000 {
        let (_, log) = sim::play(&pack, &map, &setup, seed, 100_000);
        total += log.len();
        games.push((seed, log));
        seed += 1;
    }
    c.bench_function(
        &format!(
            "legacy replay: {total} commands as {} whole 4-player games",
            games.len()
        ),
        |b| {
            b.iter(|| {
                for (seed, log) in &games {
                    black_box(Game::replay(&pack, &map, &setup, *seed, black_box(log)).unwrap());
                }
            })
        },
    );
    for s in Scenario::ALL {
        let pack = Pack::builtin(s).unwrap();
        let map = Map::new(&pack);
        for players in [2u8, 4] {
            let setup = Setup::for_players(players);
            let mut seed = 0u64;
            c.bench_function(
                &format!("legacy simulate: one bot game, {s}, {players} players"),
                |b| {
                    b.iter(|| {
                        seed += 1;
                        black_box(sim::play(&pack, &map, &setup, seed, 100_000))
                    })
                },
            );
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
