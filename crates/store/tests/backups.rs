//! Daily backups and restoring one, on real SQLite files in temporary folders.

use neverland_store::{DAILY_KEPT, NewGame, Store, StoreError, utc_date};
use serde_json::json;

fn game<'a>(title: &'a str) -> NewGame<'a> {
    NewGame {
        kind: "legacy-table",
        pack_id: "lost-allies",
        pack_version: 1,
        seed: 3,
        title,
        setup: "{}",
    }
}

async fn titles(store: &Store) -> Vec<String> {
    let mut t: Vec<String> = store
        .list_games()
        .await
        .unwrap()
        .into_iter()
        .map(|g| g.title)
        .collect();
    t.sort();
    t
}

#[test]
fn dates_are_utc_civil_dates() {
    assert_eq!(utc_date(0), "1970-01-01");
    assert_eq!(utc_date(951_782_400_000), "2000-02-29");
    assert_eq!(utc_date(1_764_547_200_000 - 1), "2025-11-30");
    assert_eq!(utc_date(1_764_547_200_000), "2025-12-01");
}

#[tokio::test]
async fn one_copy_a_day_and_the_last_seven_kept() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("games.db")).await.unwrap();
    store.create_game(game("a")).await.unwrap();
    let first = store.daily_backup_on("2026-11-01").await.unwrap();
    assert!(first.unwrap().ends_with("games.db.daily-2026-11-01"));
    assert_eq!(
        store.daily_backup_on("2026-11-01").await.unwrap(),
        None,
        "once a day"
    );
    for day in 2..=10 {
        store
            .daily_backup_on(&format!("2026-11-{day:02}"))
            .await
            .unwrap();
    }
    let mut names: Vec<String> = store
        .backups()
        .unwrap()
        .into_iter()
        .map(|b| b.name)
        .collect();
    names.sort();
    assert_eq!(names.len(), DAILY_KEPT);
    assert_eq!(names[0], "games.db.daily-2026-11-04");
    assert_eq!(names[6], "games.db.daily-2026-11-10");
}

#[tokio::test]
async fn a_restore_brings_back_the_copy_and_keeps_the_current_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let store = Store::open(&path).await.unwrap();
    let g = store.create_game(game("before")).await.unwrap();
    store
        .append(g.id, 0, &json!({"type": "x"}), "in-progress")
        .await
        .unwrap();
    store
        .save_box(r#"{"format":"neverland-box/1","entries":[]}"#)
        .await
        .unwrap();
    store.daily_backup_on("2026-11-30").await.unwrap();

    // Played on after the copy: a new game and a deleted one.
    store.create_game(game("after")).await.unwrap();
    store.delete_game(g.id).await.unwrap();
    assert_eq!(titles(&store).await, ["after"]);

    let kept = store.restore("games.db.daily-2026-11-30").await.unwrap();
    assert_eq!(titles(&store).await, ["before"]);
    assert_eq!(store.commands(g.id).await.unwrap(), [json!({"type": "x"})]);
    assert_eq!(store.latest_box().await.unwrap().unwrap().version, 1);
    // New rows go on after the restored ones.
    let next = store.create_game(game("next")).await.unwrap();
    assert!(next.id > g.id);

    // The file as it was before the restore is a backup of its own, and it restores too.
    let name = kept.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("games.db.before-restore-"), "{name}");
    assert!(store.backups().unwrap().iter().any(|b| b.name == name));
    store.restore(&name).await.unwrap();
    assert_eq!(titles(&store).await, ["after"]);
    store.close().await;
    // Still a sound file after reopening, with no leftovers of the restore beside it.
    let store = Store::open(&path).await.unwrap();
    assert_eq!(titles(&store).await, ["after"]);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("restoring"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[tokio::test]
async fn a_restore_brings_the_devices_seats_back_revoked() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("games.db")).await.unwrap();
    let g = store.create_game(game("table")).await.unwrap();
    let before = store
        .add_lan_seat(g.id, "{}", "phone", &[1; 32])
        .await
        .unwrap();
    assert!(!before.revoked);
    store.daily_backup_on("2026-11-30").await.unwrap();
    // Admitted after the copy: not in the restored file.
    let after = store
        .add_lan_seat(g.id, "{}", "tablet", &[2; 32])
        .await
        .unwrap();
    assert!(!after.revoked);

    store.restore("games.db.daily-2026-11-30").await.unwrap();
    let seats = store.lan_seats(g.id).await.unwrap();
    assert_eq!(seats.len(), 1, "{seats:?}");
    assert_eq!(
        (seats[0].id, &seats[0].token_hash),
        (before.id, &before.token_hash)
    );
    assert!(
        seats[0].revoked,
        "a seat of the restored file must join again"
    );
}

#[tokio::test]
async fn a_damaged_backup_is_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let store = Store::open(&path).await.unwrap();
    store.create_game(game("mine")).await.unwrap();
    store.daily_backup_on("2026-11-29").await.unwrap();
    // One backup overwritten with junk, another cut short.
    let junk = dir.path().join("games.db.daily-2026-11-30");
    std::fs::write(&junk, b"this is not a database").unwrap();
    let good = std::fs::read(dir.path().join("games.db.daily-2026-11-29")).unwrap();
    let cut = dir.path().join("games.db.daily-2026-11-28");
    let mut half = good[..good.len() / 2].to_vec();
    half[100..200].fill(0xff);
    std::fs::write(&cut, &half).unwrap();
    let listed = store.backups().unwrap().len();

    for name in ["games.db.daily-2026-11-30", "games.db.daily-2026-11-28"] {
        let e = store.restore(name).await.unwrap_err();
        assert!(matches!(e, StoreError::Corrupt { .. }), "{name}: {e}");
        assert!(e.to_string().contains(name), "{e}");
    }
    let e = store.restore("../etc/passwd").await.unwrap_err();
    assert!(matches!(e, StoreError::NoSuchBackup(_)), "{e}");
    assert_eq!(titles(&store).await, ["mine"]);
    assert_eq!(
        store.backups().unwrap().len(),
        listed,
        "no before-restore copy made"
    );
}
