//! Hints for a full board: 4 Characters, 24 Enemies (8 of each kind), 2 Named Enemies with
//! Captain Hook among them, so every Enemy of the colour activates twice.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use neverland_legacy::hints::hints;
use neverland_legacy::map::Map;
use neverland_legacy::position::Position;
use neverland_legacy::{Colour, Pack};

fn bench(c: &mut Criterion) {
    let pack = Pack::from_json(
        "lost-allies.json",
        include_str!("../../../assets/legacy/lost-allies.json"),
    )
    .unwrap();
    let map = Map::new(&pack);
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
        for i in 0..8 {
            enemies.push(serde_json::json!({"id": format!("{kind}-{i}"), "kind": kind, "at": spots[(i * 3 + k) % spots.len()]}));
        }
    }
    let position = serde_json::json!({
        "format": "neverland-legacy-position/1", "scenario": "lost-allies",
        "characters": [{"id": "peter-pan", "at": "neverland"}, {"id": "wendy", "at": "hold"},
                       {"id": "tinker-bell", "at": "captains-cabin"}, {"id": "tiger-lily", "at": "bow"}],
        "enemies": enemies,
        "named_enemies": [{"id": "captain-hook", "at": "galley"}, {"id": "smee", "at": "stern"}],
        "search_tokens": {"stern": 2, "gun-deck": 1},
        "hostages": [{"id": "john", "at": "crew-quarters"}]
    });
    let p = Position::from_json(&position.to_string()).unwrap();
    p.validate(&pack, &map).unwrap();
    for colour in [Colour::Red, Colour::Blue, Colour::Yellow] {
        assert!(!hints(&pack, &map, &p, colour).activations.is_empty());
    }
    c.bench_function(
        "legacy hints: full board, red (8 Raiders x 2 activations)",
        |b| b.iter(|| hints(&pack, &map, black_box(&p), Colour::Red)),
    );
    c.bench_function("legacy hints: full board, all three colours", |b| {
        b.iter(|| {
            for colour in [Colour::Red, Colour::Blue, Colour::Yellow] {
                black_box(hints(&pack, &map, black_box(&p), colour));
            }
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
