//! Morale tracker games (kind `legacy`) through the service, on a real SQLite file.

use neverland_companion::morale_tracker::{MoraleCommand, NewMoraleTracker};
use neverland_companion::{Companion, ErrorCode};
use neverland_legacy::Scenario;

async fn open(dir: &tempfile::TempDir) -> Companion {
    Companion::open(dir.path().join("games.db"), || 99)
        .await
        .unwrap()
}

fn set(c: &str, d: u8) -> MoraleCommand {
    MoraleCommand::SetDespair {
        character: c.into(),
        despair: d,
    }
}
fn roll(c: &str) -> MoraleCommand {
    MoraleCommand::MoraleCheck {
        character: c.into(),
    }
}

#[tokio::test]
async fn a_roll_survives_reopening_and_replays_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let app = open(&dir).await;
    let v = app
        .new_morale_tracker(NewMoraleTracker {
            scenario: Scenario::Pirates,
            seed: Some("42".into()),
        })
        .await
        .unwrap();
    let id = v.game.id;
    app.morale_command(id, set("smee", 3)).await.unwrap();
    let v = app.morale_command(id, roll("smee")).await.unwrap();
    let first = v.state.last_roll("smee").unwrap().clone();
    assert_eq!(first.stones.len(), 3);
    drop(app);

    let app = open(&dir).await;
    let v = app.morale_tracker(id).await.unwrap();
    assert_eq!(v.state.last_roll("smee"), Some(&first));
    assert_eq!(v.game.seed, "42");
    assert_eq!(v.history.len(), 2);
    assert_eq!(v.history[0].command, roll("smee"));
}

#[tokio::test]
async fn undo_is_replay_one_shorter_and_redo_brings_the_same_roll_back() {
    let dir = tempfile::tempdir().unwrap();
    let app = open(&dir).await;
    let id = app
        .new_morale_tracker(NewMoraleTracker {
            scenario: Scenario::LostAllies,
            seed: None,
        })
        .await
        .unwrap()
        .game
        .id;
    assert_eq!(
        app.morale_tracker(id).await.unwrap().game.seed,
        "99",
        "fresh seed comes from the caller"
    );
    app.morale_command(id, set("wendy", 4)).await.unwrap();
    let rolled = app.morale_command(id, roll("wendy")).await.unwrap();
    let undone = app.morale_undo(id).await.unwrap();
    assert!(undone.state.rolls.is_empty());
    assert!(undone.can_redo);
    let redone = app.morale_redo(id).await.unwrap();
    assert_eq!(redone.state, rolled.state);
    assert_eq!(
        app.morale_redo(id).await.unwrap_err().code,
        ErrorCode::NothingToRedo
    );
    app.morale_undo(id).await.unwrap();
    app.morale_undo(id).await.unwrap();
    assert_eq!(
        app.morale_undo(id).await.unwrap_err().code,
        ErrorCode::NothingToUndo
    );
    assert_eq!(app.list_games().await.unwrap()[0].steps, 6);
}

#[tokio::test]
async fn an_illegal_command_is_refused_and_nothing_is_stored() {
    let dir = tempfile::tempdir().unwrap();
    let app = open(&dir).await;
    let id = app
        .new_morale_tracker(NewMoraleTracker {
            scenario: Scenario::LostAllies,
            seed: Some("1".into()),
        })
        .await
        .unwrap()
        .game
        .id;
    let e = app.morale_command(id, set("wendy", 5)).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand);
    assert!(e.message.contains("0 to 4"), "{}", e.message);
    let e = app
        .morale_command(id, roll("captain-hook"))
        .await
        .unwrap_err();
    assert_eq!(
        e.code,
        ErrorCode::IllegalCommand,
        "Hook is not a Lost Allies Character"
    );
    assert_eq!(app.morale_tracker(id).await.unwrap().game.steps, 0);
    let e = app
        .new_morale_tracker(NewMoraleTracker {
            scenario: Scenario::LostAllies,
            seed: Some("abc".into()),
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    assert_eq!(app.list_games().await.unwrap().len(), 1);
    assert_eq!(
        app.morale_tracker(12345).await.unwrap_err().code,
        ErrorCode::NotFound
    );
}

#[tokio::test]
async fn a_corrupt_database_gives_a_coded_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    std::fs::write(&path, vec![0xffu8; 5000]).unwrap();
    let e = Companion::open(&path, || 1).await.err().unwrap();
    assert_eq!(e.code, ErrorCode::DatabaseCorrupt);
    assert_eq!(std::fs::read(&path).unwrap(), vec![0xffu8; 5000]);
}

/// A tracker game as the builds before the rename stored it (kind `legacy`, set-up `{}`, the log
/// entries written out by hand) opens and goes on under the new names; a table game's id is not
/// taken for one.
#[tokio::test]
async fn a_tracker_saved_before_the_rename_opens() {
    let dir = tempfile::tempdir().unwrap();
    let app = open(&dir).await;
    let log = [
        r#"{"kind":"command","command":{"type":"choose-character","character":"smee"}}"#,
        r#"{"kind":"command","command":{"type":"set-despair","character":"smee","despair":2}}"#,
        r#"{"kind":"command","command":{"type":"morale-check","character":"smee"}}"#,
        r#"{"kind":"undo"}"#,
    ]
    .map(|e| serde_json::from_str::<serde_json::Value>(e).unwrap());
    let row = app
        .store()
        .create_game_with_log(
            neverland_store::NewGame {
                kind: "legacy",
                pack_id: "pirates",
                pack_version: 1,
                seed: 42,
                title: "Pirates",
                setup: "{}",
            },
            &log,
            "in-progress",
        )
        .await
        .unwrap();
    let v = app.morale_tracker(row.id).await.unwrap();
    assert_eq!(v.state.active.as_deref(), Some("smee"));
    let smee = v.state.characters.iter().find(|c| c.id == "smee").unwrap();
    assert_eq!(smee.despair, 2);
    assert!(v.state.rolls.is_empty() && v.can_redo);
    let again = app.morale_redo(row.id).await.unwrap();
    assert_eq!(again.state.rolls.len(), 1);
    assert_eq!(again.state.rolls[0].stones.len(), 2);
    assert_eq!(
        app.legacy_table(row.id).await.unwrap_err().code,
        ErrorCode::NotFound
    );
}
