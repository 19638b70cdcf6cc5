//! Games saved by an earlier build still open. `tests/golden/` holds a real saved-games file with
//! whole Legacy table games of both scenarios, written through the service by rules version 1
//! (`examples/golden_games.rs`), and each game's export. A copy of that file is opened here:
//! every game opens, either replayed in full or up to the first step these rules refuse, with a
//! notice saying which and why; the players can go on from there, and nothing is lost on disk.

use std::path::{Path, PathBuf};

use neverland_chance::Chance;
use neverland_companion::error::ErrorCode;
use neverland_companion::service::Companion;
use neverland_companion::table::{NewLegacyTable, TableCommand, TableView};
use neverland_companion::timeline::Entry;
use neverland_legacy::engine::Game;
use neverland_legacy::map::Map;
use neverland_legacy::position::Position;
use neverland_legacy::record::GameRecord;
use neverland_legacy::{FIRST_RULES_VERSION, Pack, RULES_VERSION, Scenario, sim};
use neverland_store::NewGame;

fn golden() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// A fresh copy of the golden saved-games file, opened.
async fn open_copy(dir: &tempfile::TempDir) -> Companion {
    let db = dir.path().join("games.db");
    std::fs::copy(golden().join("table-games.db"), &db).unwrap();
    Companion::open(&db, || 1).await.unwrap()
}

/// The file stem the generator gave a game.
fn stem(v: &TableView) -> String {
    format!(
        "{}-{}p-seed{}",
        v.game.pack_id, v.setup.players, v.game.seed
    )
}

fn read(name: &str) -> String {
    std::fs::read_to_string(golden().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn pack_of(v: &TableView) -> Pack {
    Pack::builtin(Scenario::parse(&v.game.pack_id).unwrap()).unwrap()
}

#[tokio::test]
async fn every_golden_game_opens() {
    let dir = tempfile::tempdir().unwrap();
    let c = open_copy(&dir).await;
    let games = c.list_games().await.unwrap();
    assert_eq!(games.len(), 4);
    let mut scenarios = vec![];
    for g in games {
        assert_eq!(g.kind, "legacy-table");
        let raw = c.store().commands(g.id).await.unwrap();
        let v = c.legacy_table(g.id).await.unwrap();
        let name = stem(&v);
        scenarios.push(v.game.pack_id.clone());
        let text = read(&format!("{name}.game.json"));
        let file = GameRecord::from_json(&text).unwrap();
        assert_eq!(file.rules_version(), FIRST_RULES_VERSION, "{name}");
        let pack = pack_of(&v);
        let map = Map::new(&pack);
        // Whatever these rules are, the game opens as the export replays under them: in full,
        // or up to the same refused step, named with the same reason.
        let (game, refused) = file.replay_partly(&pack, &map).unwrap();
        assert_eq!(v.table, game.table, "{name}");
        assert_eq!(v.phase, game.phase, "{name}");
        match (&v.replay_notice, refused) {
            (None, None) => assert_eq!(v.history.len(), file.log.len()),
            (Some(n), Some(r)) => {
                assert_eq!(n.step as usize, r.index + 1, "{name}");
                assert_eq!(n.reason, r.reason, "{name}");
                assert_eq!(n.command, file.log[r.index], "{name}");
                assert_eq!(n.set_aside as usize, file.log.len() - r.index);
                assert_eq!(n.started_with, FIRST_RULES_VERSION);
                assert_eq!(v.history.len(), r.index);
            }
            (n, r) => panic!("{name}: the notice {n:?} and the file's replay {r:?} disagree"),
        }
        // The export is still the whole game, refused steps and all.
        assert_eq!(
            c.legacy_table_record(g.id).await.unwrap().trim(),
            text.trim()
        );
        // Under the rules they were saved with, they open exactly as they were saved.
        if RULES_VERSION == FIRST_RULES_VERSION {
            assert!(v.replay_notice.is_none(), "{name}");
            let last = Position::from_json(&read(&format!("{name}.final.json"))).unwrap();
            assert_eq!(v.table, last, "{name}");
            assert_eq!(v.game.status, g.status);
        }
        // Opening writes nothing.
        assert_eq!(c.store().commands(g.id).await.unwrap(), raw);
    }
    scenarios.sort();
    scenarios.dedup();
    assert_eq!(scenarios, ["lost-allies", "pirates"]);
}

/// The golden Lost Allies game with one step made illegal, standing in for a rules change: saved
/// as the earlier build saved it (its set-up says no rules version). Returns the game id, the
/// edited log, the refused index, and the game just before it.
async fn old_game_with_a_refused_step(c: &Companion) -> (i64, Vec<TableCommand>, usize, Game) {
    let rec = GameRecord::from_json(&read("lost-allies-3p-seed12.game.json")).unwrap();
    let pack = Pack::builtin(rec.scenario).unwrap();
    let map = Map::new(&pack);
    let mut log = rec.log.clone();
    let mut game = rec.start(&pack, &map).unwrap();
    // The first Move from step 20 on is redirected to a Location the rules refuse there.
    let mut k = 0;
    for (i, cmd) in rec.log.iter().enumerate() {
        if let (true, TableCommand::Move { escort, .. }) = (i >= 20, cmd) {
            let bad = map.names.iter().find(|to| {
                let m = TableCommand::Move {
                    to: (*to).clone(),
                    escort: escort.clone(),
                };
                game.clone().apply(&pack, &map, &m).is_err()
            });
            if let Some(to) = bad {
                log[i] = TableCommand::Move {
                    to: to.clone(),
                    escort: escort.clone(),
                };
                k = i;
                break;
            }
        }
        game.apply(&pack, &map, cmd).unwrap();
    }
    assert!(k >= 20, "a step to make illegal");
    let entries: Vec<_> = log
        .iter()
        .map(|command| {
            serde_json::to_value(Entry::Command {
                command: command.clone(),
            })
            .unwrap()
        })
        .collect();
    let setup = serde_json::to_string(&rec.setup).unwrap();
    assert!(!setup.contains("rules_version"));
    let row = c
        .store()
        .create_game_with_log(
            NewGame {
                kind: "legacy-table",
                pack_id: &pack.id,
                pack_version: pack.version,
                seed: rec.seed().unwrap(),
                title: &pack.name,
                setup: &setup,
            },
            &entries,
            "in-progress",
        )
        .await
        .unwrap();
    (row.id, log, k, game)
}

#[tokio::test]
async fn a_refused_step_opens_before_it_and_the_players_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let c = open_copy(&dir).await;
    let (id, log, k, before) = old_game_with_a_refused_step(&c).await;
    let pack = Pack::builtin(Scenario::LostAllies).unwrap();
    let map = Map::new(&pack);
    let raw = c.store().commands(id).await.unwrap();

    let v = c.legacy_table(id).await.unwrap();
    let n = v.replay_notice.clone().expect("a notice");
    assert_eq!(n.step as usize, k + 1);
    assert_eq!(n.command, log[k]);
    assert!(!n.reason.is_empty());
    assert_eq!(n.set_aside as usize, log.len() - k);
    assert_eq!((n.started_with, n.rules_version), (1, RULES_VERSION));
    assert_eq!(v.table, before.table);
    assert_eq!(v.history.len(), k);
    assert!(v.legal.is_empty() && !v.can_undo && !v.can_redo);

    // Until the players choose, nothing else is taken, and nothing is written.
    for e in [
        c.legacy_table_command(id, TableCommand::EndActions)
            .await
            .unwrap_err(),
        c.legacy_table_undo(id).await.unwrap_err(),
        c.legacy_table_redo(id).await.unwrap_err(),
    ] {
        assert_eq!(e.code, ErrorCode::IllegalCommand);
        assert!(
            e.message.contains(&format!("step {}", k + 1)),
            "{}",
            e.message
        );
    }
    assert_eq!(c.store().commands(id).await.unwrap(), raw);

    // The export keeps the whole game; it does not replay in full under these rules.
    let file = GameRecord::from_json(&c.legacy_table_record(id).await.unwrap()).unwrap();
    assert_eq!(file.log, log);
    assert_eq!(
        file.replay(&pack, &map).unwrap_err().path,
        format!("log[{k}]")
    );

    // Going on sets the refused tail aside with one appended entry; the log keeps it.
    let on = c.legacy_table_go_on(id).await.unwrap();
    assert!(on.replay_notice.is_none());
    assert_eq!(on.table, before.table);
    assert_eq!(on.history.len(), k);
    assert!(on.can_undo && !on.can_redo);
    let after = c.store().commands(id).await.unwrap();
    assert_eq!(after[..raw.len()], raw[..]);
    assert_eq!(
        after[raw.len()],
        serde_json::json!({"kind": "truncate", "keep": k})
    );
    let e = c.legacy_table_go_on(id).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand);

    // Play goes on from there under these rules, undo included, and survives a restart.
    let mut mirror = before.clone();
    let mut rng = Chance::from_seed(5);
    let mut view = on;
    for _ in 0..12 {
        if mirror.outcome().is_some() {
            break;
        }
        let cmd = sim::bot_play(&mut mirror, &pack, &map, &mut rng).unwrap();
        view = c.legacy_table_command(id, cmd).await.unwrap();
        assert_eq!(view.table, mirror.table);
    }
    let undone = c.legacy_table_undo(id).await.unwrap();
    assert_eq!(undone.history.len(), view.history.len() - 1);
    let redone = c.legacy_table_redo(id).await.unwrap();
    assert_eq!(redone.table, view.table);
    c.close().await;
    let c = Companion::open(dir.path().join("games.db"), || 1)
        .await
        .unwrap();
    let again = c.legacy_table(id).await.unwrap();
    assert_eq!(again.table, view.table);
    assert!(again.replay_notice.is_none());
    assert_eq!(c.store().commands(id).await.unwrap()[..raw.len()], raw[..]);
}

#[tokio::test]
async fn an_exported_file_of_older_rules_opens_the_same_way() {
    let dir = tempfile::tempdir().unwrap();
    let c = open_copy(&dir).await;
    let (id, _, k, before) = old_game_with_a_refused_step(&c).await;
    let text = c.legacy_table_record(id).await.unwrap();
    let games = c.list_games().await.unwrap().len();
    // A file of these rules must replay in full: refused, naming the step, nothing saved. (The
    // saved game was started under rules version 1; its file is marked as of this app's rules.)
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["rules_version"] = serde_json::json!(RULES_VERSION);
    let e = c.import_legacy_record(v.to_string()).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    assert!(e.message.contains(&format!("log[{k}]")), "{}", e.message);
    assert_eq!(c.list_games().await.unwrap().len(), games);
    // The same file saying it was made under older rules (version 0 stands for any version
    // before this app's) opens up to the refused step, as the saved game does.
    v["rules_version"] = serde_json::json!(RULES_VERSION - 1);
    let opened = c.import_legacy_record(v.to_string()).await.unwrap();
    assert_eq!(opened.replay_notice.unwrap().step as usize, k + 1);
    assert_eq!(opened.table, before.table);
}

#[tokio::test]
async fn a_new_game_records_its_rules_version() {
    let dir = tempfile::tempdir().unwrap();
    let c = open_copy(&dir).await;
    let v = c
        .new_legacy_table(NewLegacyTable {
            scenario: Scenario::Pirates,
            players: 2,
            characters: vec![],
            physical_threat_deck: false,
            seed: Some("3".into()),
            position: None,
        })
        .await
        .unwrap();
    let row = c.store().game(v.game.id).await.unwrap();
    let setup: serde_json::Value = serde_json::from_str(&row.setup).unwrap();
    assert_eq!(setup["rules_version"], serde_json::json!(RULES_VERSION));
    let file = GameRecord::from_json(&c.legacy_table_record(v.game.id).await.unwrap()).unwrap();
    assert_eq!(file.rules_version, Some(RULES_VERSION));
}
