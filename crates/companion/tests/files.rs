//! The file commands read and write only a path the player picked in a dialog (or, for the
//! end-to-end tests, a file in the one folder the shell names); a box and a whole game go out to
//! a file and come back in.

use neverland_companion::error::ErrorCode;
use neverland_companion::service::Companion;
use neverland_companion::table::NewLegacyTable;
use neverland_legacy::Scenario;

async fn open(dir: &tempfile::TempDir, name: &str) -> Companion {
    Companion::open(dir.path().join(name), || 7).await.unwrap()
}

#[tokio::test]
async fn only_picked_paths_are_read_or_written() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir, "games.db").await;
    let game = c
        .new_legacy_table(NewLegacyTable {
            scenario: Scenario::Pirates,
            players: 2,
            characters: vec![],
            physical_threat_deck: false,
            seed: Some("4".into()),
            position: None,
        })
        .await
        .unwrap();
    let target = dir.path().join("game.json");
    let path = target.to_string_lossy().into_owned();

    // Not picked: refused, and no file appears.
    let e = c
        .export_game_file(game.game.id, path.clone())
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    assert!(e.message.contains("was not picked"), "{}", e.message);
    assert!(!target.exists());
    let secret = dir.path().join("games.db");
    let e = c
        .import_game_file(secret.to_string_lossy().into_owned())
        .await
        .unwrap_err();
    assert!(e.message.contains("was not picked"), "{}", e.message);

    // Picked: written, and a picked file comes back in as a saved game.
    c.allow_file(&target);
    c.export_game_file(game.game.id, path.clone())
        .await
        .unwrap();
    let text = std::fs::read_to_string(&target).unwrap();
    assert!(text.contains("neverland-legacy-game/1"), "{text}");
    let back = c.import_game_file(path.clone()).await.unwrap();
    assert_eq!(back.table, game.table);
    assert_ne!(back.game.id, game.game.id);

    // A picked file that is not a game file is refused naming why; nothing is stored.
    let before = c.list_games().await.unwrap().len();
    std::fs::write(&target, [0xffu8, 0xfe, 0x00]).unwrap();
    let e = c.import_game_file(path).await.unwrap_err();
    assert!(e.message.contains("not a text file"), "{}", e.message);
    assert_eq!(c.list_games().await.unwrap().len(), before);
}

#[tokio::test]
async fn a_box_goes_to_a_file_in_the_tests_folder_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let files = dir.path().join("files");
    std::fs::create_dir(&files).unwrap();
    let mut c = open(&dir, "games.db").await;
    c.allow_folder(&files);
    let view = c.my_box().await.unwrap();
    let mut card = view.legacy[0].threat_cards[4].card.clone();
    card.discover.truncate(1);
    c.save_box_entry(neverland_companion::owner_box::BoxEntry::Threat {
        scenario: Scenario::LostAllies,
        card,
    })
    .await
    .unwrap();
    let path = files.join("my-box.json").to_string_lossy().into_owned();
    c.export_box_file(path.clone()).await.unwrap();
    // Outside the folder (even a sub-folder of it) stays refused.
    let nested = files.join("sub");
    std::fs::create_dir(&nested).unwrap();
    let e = c
        .export_box_file(nested.join("x.json").to_string_lossy().into_owned())
        .await
        .unwrap_err();
    assert!(e.message.contains("was not picked"), "{}", e.message);

    let friend = open(&dir, "friend.db").await;
    friend.allow_file(&path);
    let theirs = friend.import_box_file(path).await.unwrap();
    assert_eq!(theirs.entries, c.my_box().await.unwrap().entries);
}
