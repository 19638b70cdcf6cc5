//! Writes the golden saved games (`crates/companion/tests/golden/`): whole Legacy table games of
//! both scenarios, played by the legal-move bot through the real service into a real SQLite file,
//! with an undo and a redo now and then (as players do), and each game exported as a whole-game
//! file (`neverland-legacy-game/1`) and as its final table (a position file).
//!
//! These files stand for games saved by an earlier build: a later build must still open them
//! (`tests/golden.rs`). Re-running this rewrites them with the rules of the build that runs it,
//! so only run it to add games saved by the current rules version, never to "fix" the test:
//!
//! ```text
//! cargo run -p neverland-companion --example golden_games -- crates/companion/tests/golden
//! ```

use neverland_chance::Chance;
use neverland_companion::service::Companion;
use neverland_companion::table::NewLegacyTable;
use neverland_legacy::engine::Game;
use neverland_legacy::map::Map;
use neverland_legacy::{Pack, Scenario, sim};

/// The golden games: scenario, players, seed, physical Threat deck.
const GAMES: [(Scenario, u8, u64, bool); 4] = [
    (Scenario::LostAllies, 1, 11, false),
    (Scenario::LostAllies, 3, 12, false),
    (Scenario::Pirates, 2, 13, false),
    (Scenario::Pirates, 4, 14, true),
];

/// Games longer than this are cut off (bot games end well before).
const MAX_STEPS: usize = 3000;

/// The file stem of a golden game.
fn stem(scenario: Scenario, players: u8, seed: u64) -> String {
    format!("{scenario}-{players}p-seed{seed}")
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let out = std::path::PathBuf::from(
        std::env::args()
            .nth(1)
            .expect("usage: golden_games <output folder>"),
    );
    std::fs::create_dir_all(&out).unwrap();
    let db = out.join("table-games.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let c = Companion::open(&db, || 0).await.unwrap();
    for (scenario, players, seed, physical) in GAMES {
        let pack = Pack::builtin(scenario).unwrap();
        let map = Map::new(&pack);
        let view = c
            .new_legacy_table(NewLegacyTable {
                scenario,
                players,
                characters: vec![],
                physical_threat_deck: physical,
                seed: Some(seed.to_string()),
                position: None,
            })
            .await
            .unwrap();
        let id = view.game.id;
        let mut mirror = Game::new(&pack, &map, &view.setup, seed).unwrap();
        let mut rng = Chance::from_seed(seed);
        let mut steps = 0;
        while mirror.outcome().is_none() && steps < MAX_STEPS {
            let Some(cmd) = sim::bot_play(&mut mirror, &pack, &map, &mut rng) else {
                break;
            };
            c.legacy_table_command(id, cmd).await.unwrap();
            steps += 1;
            if steps % 37 == 0 {
                c.legacy_table_undo(id).await.unwrap();
                c.legacy_table_redo(id).await.unwrap();
            }
        }
        let v = c.legacy_table(id).await.unwrap();
        assert_eq!(v.table, mirror.table, "the service and the bot agree");
        let name = stem(scenario, players, seed);
        std::fs::write(
            out.join(format!("{name}.game.json")),
            c.legacy_table_record(id).await.unwrap() + "\n",
        )
        .unwrap();
        std::fs::write(
            out.join(format!("{name}.final.json")),
            c.legacy_table_position(id).await.unwrap() + "\n",
        )
        .unwrap();
        println!(
            "game {id}: {name}, {steps} commands, {} ({:?})",
            v.game.status,
            mirror.outcome()
        );
    }
    c.close().await;
}
