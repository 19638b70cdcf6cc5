//! The store against real SQLite files in temporary folders.

use neverland_store::{NewGame, Store, StoreError};
use serde_json::json;

fn game<'a>() -> NewGame<'a> {
    NewGame {
        kind: "legacy",
        pack_id: "lost-allies",
        pack_version: 1,
        seed: u64::MAX,
        title: "t",
        setup: "{}",
    }
}

#[tokio::test]
async fn create_append_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested/games.db");
    let store = Store::open(&path).await.unwrap();
    let g = store.create_game(game()).await.unwrap();
    assert_eq!(g.seed, u64::MAX, "seeds above i64::MAX survive");
    store
        .append(g.id, 0, &json!({"type": "a"}), "in-progress")
        .await
        .unwrap();
    store
        .append(g.id, 1, &json!({"type": "b"}), "won")
        .await
        .unwrap();
    store.close().await;

    let store = Store::open(&path).await.unwrap();
    assert!(store.backup().is_none(), "no migration, no backup");
    let row = store.game(g.id).await.unwrap();
    assert_eq!((row.status.as_str(), row.commands), ("won", 2));
    assert_eq!(
        store.commands(g.id).await.unwrap(),
        vec![json!({"type": "a"}), json!({"type": "b"})]
    );
    assert_eq!(store.list_games().await.unwrap(), vec![row]);
}

#[tokio::test]
async fn append_at_the_wrong_step_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("g.db")).await.unwrap();
    let g = store.create_game(game()).await.unwrap();
    store
        .append(g.id, 0, &json!(1), "in-progress")
        .await
        .unwrap();
    let e = store.append(g.id, 0, &json!(2), "lost").await.unwrap_err();
    assert!(
        matches!(
            e,
            StoreError::Conflict {
                expected: 0,
                found: 1
            }
        ),
        "{e}"
    );
    let row = store.game(g.id).await.unwrap();
    assert_eq!((row.status.as_str(), row.commands), ("in-progress", 1));
    let e = store.append(999, 0, &json!(1), "x").await.unwrap_err();
    assert!(matches!(e, StoreError::NoSuchGame(999)), "{e}");
}

#[tokio::test]
async fn database_is_in_wal_mode() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    let store = Store::open(&path).await.unwrap();
    store.create_game(game()).await.unwrap();
    assert!(
        dir.path().join("g.db-wal").exists(),
        "a WAL file sits beside the database"
    );
}

#[tokio::test]
async fn a_file_that_is_not_sqlite_is_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    std::fs::write(&path, b"these are my holiday notes, not a database\n").unwrap();
    let e = Store::open(&path).await.unwrap_err();
    assert!(matches!(e, StoreError::Corrupt { .. }), "{e}");
    assert!(e.to_string().contains("left untouched"));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"these are my holiday notes, not a database\n"
    );
}

#[tokio::test]
async fn a_damaged_database_is_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    let store = Store::open(&path).await.unwrap();
    for _ in 0..200 {
        store.create_game(game()).await.unwrap();
    }
    store.close().await;
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 8192);
    for b in &mut bytes[4096..8192] {
        *b = 0x5a;
    }
    std::fs::write(&path, &bytes).unwrap();
    let e = Store::open(&path).await.unwrap_err();
    assert!(matches!(e, StoreError::Corrupt { .. }), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
}

#[tokio::test]
async fn a_newer_schema_is_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    let store = Store::open(&path).await.unwrap();
    store.close().await;
    {
        let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display()))
            .await
            .unwrap();
        sqlx::query("INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) VALUES (9999, 'future', 1, x'00', 0)")
            .execute(&pool)
            .await
            .unwrap();
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    }
    let before = std::fs::read(&path).unwrap();
    let e = Store::open(&path).await.unwrap_err();
    assert!(
        matches!(e, StoreError::NewerSchema { found: 9999, .. }),
        "{e}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[tokio::test]
async fn another_programs_sqlite_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.db");
    {
        let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=rwc", path.display()))
            .await
            .unwrap();
        sqlx::query("CREATE TABLE recipes (name TEXT)")
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    }
    let before = std::fs::read(&path).unwrap();
    let e = Store::open(&path).await.unwrap_err();
    assert!(matches!(e, StoreError::Corrupt { .. }), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[tokio::test]
async fn an_older_schema_is_backed_up_before_migrating() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old-migrations");
    std::fs::create_dir(&old).unwrap();
    let first = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/0001_games.sql");
    std::fs::copy(first, old.join("0001_games.sql")).unwrap();
    let old_migrator = sqlx::migrate::Migrator::new(old.as_path()).await.unwrap();

    let path = dir.path().join("g.db");
    let store = Store::open_with(&path, &old_migrator).await.unwrap();
    store.close().await;
    // A game as the first schema stored it (no setup column yet).
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO games (kind, pack_id, pack_version, seed, title, created_at_ms, updated_at_ms)
         VALUES ('legacy', 'lost-allies', 1, '7', 't', 0, 0)",
    )
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO commands (game_id, seq, payload, created_at_ms) VALUES (1, 0, '{\"type\":\"kept\"}', 0)")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let game_id = 1;

    let store = Store::open(&path).await.unwrap();
    let backup = store
        .backup()
        .expect("migrating an older file makes a backup")
        .to_path_buf();
    assert!(
        backup
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("g.db.backup-schema1-")
    );
    assert_eq!(
        store.commands(game_id).await.unwrap(),
        vec![json!({"type": "kept"})]
    );
    // The migrated game reads with the later columns' defaults.
    assert_eq!(store.game(game_id).await.unwrap().setup, "{}");
    store.close().await;
    // The backup is a complete database at the old schema, holding the same game.
    let old_copy = Store::open_with(&backup, &old_migrator).await.unwrap();
    assert!(old_copy.backup().is_none());
    assert_eq!(
        old_copy.commands(game_id).await.unwrap(),
        vec![json!({"type": "kept"})]
    );
}

#[tokio::test]
async fn an_unwritable_location_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, b"x").unwrap();
    let e = Store::open(file.join("games.db")).await.unwrap_err();
    assert!(matches!(e, StoreError::Unwritable { .. }), "{e}");
    let e = Store::open(dir.path()).await.unwrap_err();
    assert!(matches!(e, StoreError::Unwritable { .. }), "{e}");
}

#[tokio::test]
async fn a_sleeve_secret_lands_with_its_log_entry_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("g.db")).await.unwrap();
    let g = store.create_game(game()).await.unwrap();
    let sleeve = json!({"cross": {"x": 1.5, "y": 2.5}});
    store
        .append_with_secret(
            g.id,
            0,
            &json!({"sleeve": 0}),
            "in-progress",
            Some((0, 2, &sleeve)),
        )
        .await
        .unwrap();
    // A stale writer (expects step 0 again) is refused, and its secret is not stored.
    let stale = store
        .append_with_secret(
            g.id,
            0,
            &json!({"sleeve": 1}),
            "in-progress",
            Some((1, 0, &sleeve)),
        )
        .await
        .unwrap_err();
    assert!(matches!(stale, StoreError::Conflict { .. }), "{stale}");
    assert_eq!(store.sleeve_secrets(g.id).await.unwrap(), vec![(2, sleeve)]);
    assert_eq!(
        store.commands(g.id).await.unwrap(),
        vec![json!({"sleeve": 0})]
    );
    // Deleting the game deletes its secrets.
    store.delete_game(g.id).await.unwrap();
    assert!(store.sleeve_secrets(g.id).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_game_created_with_its_log_is_whole_and_reopens() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let store = Store::open(&path).await.unwrap();
    let log = vec![
        json!({"type": "a"}),
        json!({"type": "b"}),
        json!({"type": "c"}),
    ];
    let g = store
        .create_game_with_log(game(), &log, "lost")
        .await
        .unwrap();
    assert_eq!((g.status.as_str(), g.commands), ("lost", 3));
    // The next append goes after the imported log.
    let err = store
        .append(g.id, 0, &json!({"type": "x"}), "lost")
        .await
        .unwrap_err();
    assert!(matches!(
        err,
        StoreError::Conflict {
            expected: 0,
            found: 3
        }
    ));
    store.close().await;
    let store = Store::open(&path).await.unwrap();
    assert_eq!(store.commands(g.id).await.unwrap(), log);
}

/// Every file beside the database (the database, its WAL, backups), as bytes.
fn files_beside(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.to_string_lossy().ends_with(".sleeve-key"))
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect()
}

fn holds(bytes: &[u8], text: &str) -> bool {
    bytes.windows(text.len()).any(|w| w == text.as_bytes())
}

#[tokio::test]
async fn sleeve_secrets_are_sealed_in_the_file_the_wal_and_backups() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let store = Store::open(&db).await.unwrap();
    let g = store.create_game(game()).await.unwrap();
    let sleeve = json!({"cross": {"x": 123.4567, "y": 765.4321}});
    store
        .append_with_secret(
            g.id,
            0,
            &json!({"s": 0}),
            "in-progress",
            Some((0, 1, &sleeve)),
        )
        .await
        .unwrap();
    // Read back through the key, while the WAL is live and after closing.
    assert_eq!(
        store.sleeve_secrets(g.id).await.unwrap(),
        vec![(1, sleeve.clone())]
    );
    for (name, bytes) in files_beside(dir.path()) {
        assert!(
            !holds(&bytes, "123.4567"),
            "{name} shows the cross in clear"
        );
    }
    store.close().await;
    for (name, bytes) in files_beside(dir.path()) {
        assert!(
            !holds(&bytes, "123.4567"),
            "{name} shows the cross in clear"
        );
    }
    let key = neverland_store::key_path(&db);
    assert_eq!(std::fs::read(&key).unwrap().len(), 32);
    let again = Store::open(&db).await.unwrap();
    assert_eq!(again.sleeve_secrets(g.id).await.unwrap(), vec![(1, sleeve)]);
    again.close().await;
    // Without its key file the sleeves cannot be read, and that is said plainly.
    std::fs::rename(&key, dir.path().join("elsewhere")).unwrap();
    let e = Store::open(&db).await.unwrap_err();
    assert!(e.to_string().contains("sleeve key"), "{e}");
}

#[tokio::test]
async fn a_sleeve_stored_in_clear_by_an_older_version_is_sealed_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let store = Store::open(&db).await.unwrap();
    let g = store.create_game(game()).await.unwrap();
    store.close().await;
    // Write a row the way the version before sealing did: the JSON itself.
    {
        use sqlx::ConnectOptions;
        let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&db)
            .connect()
            .await
            .unwrap();
        sqlx::query("INSERT INTO sleeve_secrets (game_id, secret, holder, sleeve, created_at_ms) VALUES (?, 0, 0, ?, 0)")
            .bind(g.id)
            .bind(r#"{"cross":{"x":987.6543,"y":1.5}}"#)
            .execute(&mut conn)
            .await
            .unwrap();
        sqlx::Connection::close(conn).await.unwrap();
    }
    let store = Store::open(&db).await.unwrap();
    assert_eq!(
        store.sleeve_secrets(g.id).await.unwrap(),
        vec![(0, json!({"cross": {"x": 987.6543, "y": 1.5}}))]
    );
    store.close().await;
    for (name, bytes) in files_beside(dir.path()) {
        assert!(
            !holds(&bytes, "987.6543"),
            "{name} still shows the cross in clear"
        );
    }
}
