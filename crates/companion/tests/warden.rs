//! Warden campaigns through the service, on a real SQLite file: a combat round with a critical
//! hit and a Scar, undo and redo, refusals that change nothing, and the same state after reopening.

use neverland_companion::warden::{NewWardenCampaign, WardenCommand};
use neverland_companion::{Companion, ErrorCode};

async fn open(dir: &tempfile::TempDir) -> Companion {
    Companion::open(dir.path().join("games.db"), || 7)
        .await
        .unwrap()
}

fn cmd(v: serde_json::Value) -> WardenCommand {
    serde_json::from_value(v).unwrap()
}

fn add(id: &str, kind: &str, hp: u8) -> WardenCommand {
    cmd(serde_json::json!({"type": "add-creature", "creature":
        {"id": id, "name": id, "kind": kind, "str": 10, "dex": 10, "wil": 10, "hp": hp, "armor": 1}}))
}

#[tokio::test]
async fn a_combat_round_with_a_scar_undoes_and_survives_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let app = open(&dir).await;
    let v = app
        .new_warden_campaign(NewWardenCampaign {
            title: Some("Skull Rock".into()),
            seed: Some("11".into()),
        })
        .await
        .unwrap();
    let id = v.game.id;
    assert_eq!(
        (v.game.kind.as_str(), v.game.title.as_str()),
        ("warden", "Skull Rock")
    );
    app.warden_command(id, add("ann", "pc", 5)).await.unwrap();
    app.warden_command(id, add("bo", "pc", 6)).await.unwrap();
    app.warden_command(id, add("ogre", "monster", 9))
        .await
        .unwrap();
    // The ogre hits Ann for exactly her 5 HP (6 − Armor 1): Scar 5, Diseased.
    let hit = |who: &str, face: u8| {
        cmd(
            serde_json::json!({"type": "attack", "attackers": [{"id": "ogre", "dice": ["d10"]}],
                               "targets": [who], "faces": [face]}),
        )
    };
    let v = app.warden_command(id, hit("ann", 6)).await.unwrap();
    let ann = &v.state.creatures[0];
    assert_eq!(
        (ann.creature.hp.current, ann.creature.scars.clone()),
        (0, vec!["diseased".to_owned()])
    );
    // A critical hit on Bo: 10 − 1 = 9 against 6 HP, 3 off STR, and a STR save is due.
    let v = app.warden_command(id, hit("bo", 10)).await.unwrap();
    let bo = &v.state.creatures[1].creature;
    assert_eq!((bo.str.current, bo.conditions.critical_save_due), (7, true));
    let before = app.warden_campaign(id).await.unwrap();

    // A refusal is an IllegalCommand and nothing reaches the disk.
    let e = app.warden_command(id, hit("nobody", 3)).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand);
    assert_eq!(app.warden_campaign(id).await.unwrap(), before);

    let undone = app.warden_undo(id).await.unwrap();
    assert_eq!(undone.state.creatures[1].creature.hp.current, 6);
    assert!(undone.can_redo);
    let redone = app.warden_redo(id).await.unwrap();
    assert_eq!(redone.state, before.state);
    let undone = app.warden_undo(id).await.unwrap();
    drop(app);

    let app = open(&dir).await;
    let again = app.warden_campaign(id).await.unwrap();
    assert_eq!(again.state, undone.state);
    assert_eq!(again.history.len(), 4);
    assert!(again.can_redo);
    let listed = app.list_games().await.unwrap();
    assert_eq!(listed.iter().filter(|g| g.kind == "warden").count(), 1);
}

#[tokio::test]
async fn wrong_ids_and_bad_seeds_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let app = open(&dir).await;
    let e = app
        .new_warden_campaign(NewWardenCampaign {
            title: None,
            seed: Some("x".into()),
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    let v = app
        .new_warden_campaign(NewWardenCampaign {
            title: None,
            seed: None,
        })
        .await
        .unwrap();
    assert_eq!(v.game.seed, "7");
    let e = app.warden_undo(v.game.id).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NothingToUndo);
    assert!(app.warden_campaign(v.game.id + 100).await.is_err());
    let t = app.warden_tables().await.unwrap();
    assert_eq!((t.scars.len(), t.reactions.len()), (12, 5));
}
