//! A Legacy table game's round trip through the service on a real SQLite file (temp dir): what
//! one tap costs before the answer goes to the webview (read the log, replay, validate, append
//! in a transaction, read and replay again, build the view with the legal commands and the
//! pending activation).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use neverland_chance::Chance;
use neverland_companion::service::Companion;
use neverland_companion::table::{NewLegacyTable, TableCommand};
use neverland_legacy::engine::{Game, Phase, Setup};
use neverland_legacy::map::Map;
use neverland_legacy::{Pack, Scenario, sim};

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let service = rt
        .block_on(Companion::open(dir.path().join("games.db"), || 7))
        .unwrap();
    let pack = Pack::builtin(Scenario::LostAllies).unwrap();
    let map = Map::new(&pack);
    let args = NewLegacyTable {
        scenario: Scenario::LostAllies,
        players: 2,
        characters: vec![],
        physical_threat_deck: false,
        seed: Some("3".into()),
        position: None,
    };
    let id = rt.block_on(service.new_legacy_table(args)).unwrap().game.id;
    // A game 60 commands in, stopped where the next tap resolves a Threat.
    let mut mirror = Game::new(&pack, &map, &Setup::for_players(2), 3).unwrap();
    let mut rng = Chance::from_seed(3);
    let mut n = 0;
    while n < 60 || !matches!(mirror.phase, Phase::Colour { .. }) {
        let cmd = sim::bot_play(&mut mirror, &pack, &map, &mut rng).unwrap();
        rt.block_on(service.legacy_table_command(id, cmd)).unwrap();
        n += 1;
    }
    c.bench_function("load a 60-command table game (replay + view)", |b| {
        b.iter(|| black_box(rt.block_on(service.legacy_table(id)).unwrap()))
    });
    // Each tap on a fresh copy of that game (imported from its whole-game file, not timed), so
    // the log does not grow from one iteration to the next.
    let record = rt.block_on(service.legacy_table_record(id)).unwrap();
    c.bench_function("tap: resolve the Threat in a 60-command game", |b| {
        b.iter_batched(
            || {
                rt.block_on(service.import_legacy_record(record.clone()))
                    .unwrap()
                    .game
                    .id
            },
            |copy| {
                black_box(
                    rt.block_on(service.legacy_table_command(copy, TableCommand::ResolveThreat))
                        .unwrap(),
                )
            },
            criterion::BatchSize::PerIteration,
        )
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
