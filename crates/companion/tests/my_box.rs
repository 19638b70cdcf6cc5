//! The owner's box through the service: a correction changes the games started after it and no
//! other; a correction the pack checks refuse is refused with file, field and reason and stores
//! nothing; the box goes out as a file and comes into a fresh database whole.

use neverland_companion::error::ErrorCode;
use neverland_companion::my_box::{BoxView, Standing};
use neverland_companion::owner_box::{BoxEntry, Template};
use neverland_companion::service::Companion;
use neverland_companion::table::{NewLegacyTable, TableView};
use neverland_legacy::Scenario;
use neverland_legacy::pack::{Placement, ThreatCard};

async fn open(dir: &tempfile::TempDir, name: &str) -> Companion {
    Companion::open(dir.path().join(name), || 7).await.unwrap()
}

async fn new_game(c: &Companion, seed: &str) -> TableView {
    c.new_legacy_table(NewLegacyTable {
        scenario: Scenario::LostAllies,
        players: 2,
        characters: vec![],
        physical_threat_deck: false,
        seed: Some(seed.into()),
        position: None,
    })
    .await
    .unwrap()
}

fn threat(view: &BoxView, id: &str) -> ThreatCard {
    view.legacy[0]
        .threat_cards
        .iter()
        .find(|t| t.card.id == id)
        .unwrap()
        .card
        .clone()
}

/// The Discover diagram a game's set-up checklist shows for a card.
fn discover_of(v: &TableView, card: &str) -> Vec<Placement> {
    v.checklist
        .cards
        .iter()
        .find(|c| c.card == card)
        .unwrap()
        .placements
        .clone()
}

/// A Location of the pack that `card`'s diagram does not use.
fn elsewhere(view: &BoxView, card: &ThreatCard) -> String {
    view.legacy[0]
        .table
        .boards
        .iter()
        .flat_map(|b| b.locations.iter())
        .find(|l| {
            !card.discover.iter().any(|p| &p.at == *l)
                && !view.legacy[0].table.unreachable.contains(l)
        })
        .unwrap()
        .clone()
}

#[tokio::test]
async fn a_correction_changes_later_games_only() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir, "games.db").await;
    let before = c.my_box().await.unwrap();
    assert_eq!(before.version, None);
    assert!(
        before.legacy[0]
            .threat_cards
            .iter()
            .any(|t| t.standing == Standing::Guess),
        "authored Threat cards are our guess until checked"
    );

    let old = new_game(&c, "5").await;
    let card_id = old.setup_threats[0].clone();
    let mut card = threat(&before, &card_id);
    let old_discover = discover_of(&old, &card_id);
    card.discover = vec![Placement {
        at: elsewhere(&before, &card),
        enemies: 2,
        search: 1,
    }];
    let after = c
        .save_box_entry(BoxEntry::Threat {
            scenario: Scenario::LostAllies,
            card: card.clone(),
        })
        .await
        .unwrap();
    assert_eq!(after.version, Some(1));
    let shown = after.legacy[0]
        .threat_cards
        .iter()
        .find(|t| t.card.id == card_id)
        .unwrap();
    assert_eq!(shown.standing, Standing::Owner);
    assert_eq!(shown.card.discover, card.discover);

    // The same seed draws the same card; the new game places what the owner's card says.
    let new = new_game(&c, "5").await;
    assert_eq!(new.setup_threats[0], card_id);
    assert_eq!(discover_of(&new, &card_id), card.discover);
    assert_ne!(
        new.table, old.table,
        "the corrected diagram placed other tokens"
    );
    // The old game replays exactly as it was.
    let reopened = c.legacy_table(old.game.id).await.unwrap();
    assert_eq!(discover_of(&reopened, &card_id), old_discover);
    assert_eq!(reopened.table, old.table);

    // A later correction of the same card leaves the game started with version 1 alone.
    card.discover[0].enemies = 1;
    let v2 = c
        .save_box_entry(BoxEntry::Threat {
            scenario: Scenario::LostAllies,
            card,
        })
        .await
        .unwrap();
    assert_eq!(v2.version, Some(2));
    assert_eq!(
        v2.entries.len(),
        1,
        "the second correction replaces the first"
    );
    let again = c.legacy_table(new.game.id).await.unwrap();
    assert_eq!(again.table, new.table);
    assert_eq!(discover_of(&again, &card_id)[0].enemies, 2);

    // Forgetting the correction goes back to our default for the next game.
    let v3 = c.forget_box_entry(v2.entries[0].clone()).await.unwrap();
    assert_eq!(v3.version, Some(3));
    assert!(v3.entries.is_empty());
    let plain = new_game(&c, "5").await;
    assert_eq!(plain.table, old.table);
}

#[tokio::test]
async fn a_refused_correction_names_field_and_reason_and_stores_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir, "games.db").await;
    let view = c.my_box().await.unwrap();
    let mut card = view.legacy[0].threat_cards[3].card.clone();
    card.discover = vec![Placement {
        at: "mid-dek".into(),
        enemies: 1,
        search: 0,
    }];
    let e = c
        .save_box_entry(BoxEntry::Threat {
            scenario: Scenario::LostAllies,
            card,
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    assert!(
        e.message
            .starts_with("My box (lost-allies): threat_cards[3].discover[0].at: "),
        "{}",
        e.message
    );
    assert!(e.message.contains("mid-dek"), "{}", e.message);

    // A card the pack does not have.
    let mut ghost = view.legacy[0].threat_cards[3].card.clone();
    ghost.id = "ghost".into();
    let e = c
        .save_box_entry(BoxEntry::Threat {
            scenario: Scenario::LostAllies,
            card: ghost,
        })
        .await
        .unwrap_err();
    assert!(e.message.contains("entries[0].card.id"), "{}", e.message);

    // Pan's Island: the outer observation radius must stay beyond the inner one.
    let e = c
        .save_box_entry(BoxEntry::PansTemplate {
            template: Template::ObservationOuterRadiusMm,
            mm: 10.0,
        })
        .await
        .unwrap_err();
    assert!(
        e.message
            .starts_with("My box (board): observation_outer_radius_mm.value: "),
        "{}",
        e.message
    );
    assert_eq!(c.my_box().await.unwrap().version, None, "nothing stored");

    // A good board size is kept and shown as the owner's.
    let v = c
        .save_box_entry(BoxEntry::PansBoardSize {
            w_mm: 640.0,
            h_mm: 910.0,
        })
        .await
        .unwrap();
    assert_eq!((v.pans.w_mm, v.pans.h_mm), (640.0, 910.0));
    assert_eq!(v.pans.size_standing, Standing::Owner);
}

#[tokio::test]
async fn a_box_goes_out_as_a_file_and_into_a_fresh_database() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir, "mine.db").await;
    let view = c.my_box().await.unwrap();
    let mut search = view.legacy[1].search_cards[0].card.clone();
    search.source = neverland_legacy::pack::Source::Authored;
    c.save_box_entry(BoxEntry::Search {
        scenario: Scenario::Pirates,
        card: search,
    })
    .await
    .unwrap();
    let mut event = view.pans.events[1].event.clone();
    event.name = "Fair Winds (my card)".into();
    let mine = c.save_box_entry(BoxEntry::Event { event }).await.unwrap();
    let file = c.export_box().await.unwrap();
    assert!(file.contains("\"format\": \"neverland-box/1\""), "{file}");

    let friend = open(&dir, "friend.db").await;
    let theirs = friend.import_box(file.clone()).await.unwrap();
    assert_eq!(theirs.entries, mine.entries);
    assert_eq!(theirs.legacy, mine.legacy);
    assert_eq!(theirs.pans, mine.pans);
    assert_eq!(theirs.pans.events[1].standing, Standing::Owner);

    // Bad files are refused, naming the field, and store nothing.
    let other = open(&dir, "other.db").await;
    for (bad, says) in [
        (file.replace("neverland-box/1", "neverland-box/9"), "format"),
        (
            file.replacen("\"entries\"", "\"entries\": [], \"x\"", 1),
            "unknown field",
        ),
        (
            file.replace("\"Fair Winds (my card)\"", "7"),
            "entries[1]: invalid type: integer `7`, expected a string",
        ),
        ("not json".to_owned(), "cannot be read"),
    ] {
        let e = other.import_box(bad).await.unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidInput);
        assert!(e.message.contains(says), "{says}: {}", e.message);
    }
    assert_eq!(other.my_box().await.unwrap().version, None);
}

#[tokio::test]
async fn a_pans_island_game_plays_on_the_board_of_the_box_it_started_with() {
    use neverland_companion::pans::NewPansGame;
    use neverland_pans_island::game::Setup;
    use neverland_pans_island::heroes::Hero;
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir, "games.db").await;
    let new_game = || NewPansGame {
        setup: Setup {
            heroes: Hero::ALL[..2].to_vec(),
            first_player: 0,
            events: vec![],
            within: None,
        },
        seed: Some("4".into()),
        campaign: None,
    };
    let before = c.new_pans_game(new_game()).await.unwrap().game.id;
    let builtin = c.pans_board(Some(before)).await.unwrap();
    c.save_box_entry(BoxEntry::PansBoardSize {
        w_mm: 640.0,
        h_mm: 910.0,
    })
    .await
    .unwrap();
    c.save_box_entry(BoxEntry::PansTemplate {
        template: Template::MovementTemplateMm,
        mm: 150.0,
    })
    .await
    .unwrap();
    assert_eq!(
        c.pans_board(None).await.unwrap().width,
        640.0,
        "new games' board"
    );
    let after = c.new_pans_game(new_game()).await.unwrap().game.id;
    let mine = c.pans_board(Some(after)).await.unwrap();
    assert_eq!(
        (mine.width, mine.height, mine.movement),
        (640.0, 910.0, 150.0)
    );
    // The game started before keeps the built-in board, and still opens.
    assert_eq!(c.pans_board(Some(before)).await.unwrap(), builtin);
    assert_ne!(builtin.width, 640.0);
    c.pans_game(before).await.unwrap();
    c.pans_game(after).await.unwrap();
}

#[tokio::test]
async fn a_whole_game_file_carries_the_box_it_was_played_with() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir, "mine.db").await;
    let before = c.my_box().await.unwrap();
    let plain = new_game(&c, "5").await;
    let card_id = plain.setup_threats[0].clone();
    let mut card = threat(&before, &card_id);
    card.discover = vec![Placement {
        at: elsewhere(&before, &card),
        enemies: 2,
        search: 1,
    }];
    c.save_box_entry(BoxEntry::Threat {
        scenario: Scenario::LostAllies,
        card: card.clone(),
    })
    .await
    .unwrap();
    let boxed = new_game(&c, "5").await;
    let file = c.legacy_table_record(boxed.game.id).await.unwrap();
    assert!(file.contains("\"owner_box\""), "{file}");
    let plain_file = c.legacy_table_record(plain.game.id).await.unwrap();
    assert!(
        !plain_file.contains("owner_box"),
        "a game of the built-in pack names no box"
    );

    // Into this database: the same box version is found and recorded.
    let again = c.import_legacy_record(file.clone()).await.unwrap();
    assert_eq!(again.table, boxed.table);
    assert_eq!(discover_of(&again, &card_id), card.discover);

    // A fresh database without that box refuses the game, clearly, and stores nothing.
    let friend = open(&dir, "friend.db").await;
    let e = friend.import_legacy_record(file.clone()).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    assert_eq!(
        e.detail.as_ref().unwrap().code,
        "err.game-box-missing",
        "{e}"
    );
    assert!(friend.list_games().await.unwrap().is_empty());
    // The built-in game comes in with no box.
    let p = friend.import_legacy_record(plain_file).await.unwrap();
    assert_eq!(p.table, plain.table);
    // The game file gives its box to My box; then the game comes in on that box.
    let theirs = friend.import_box(file.clone()).await.unwrap();
    assert_eq!(theirs.version, Some(1));
    let imported = friend.import_legacy_record(file).await.unwrap();
    assert_eq!(imported.table, boxed.table);
    assert_eq!(discover_of(&imported, &card_id), card.discover);
    // Correcting the box later leaves the imported game on the version it came with.
    card.discover[0].enemies = 1;
    friend
        .save_box_entry(BoxEntry::Threat {
            scenario: Scenario::LostAllies,
            card,
        })
        .await
        .unwrap();
    let reopened = friend.legacy_table(imported.game.id).await.unwrap();
    assert_eq!(reopened.table, boxed.table);
}

#[tokio::test]
async fn the_campaign_shows_the_events_as_the_box_has_them() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir, "games.db").await;
    let view = c.my_box().await.unwrap();
    let mut event = view.pans.events[1].event.clone();
    let id = event.id.clone();
    let campaign = c.new_campaign(Some("4".into())).await.unwrap();
    let built_in = campaign
        .events
        .iter()
        .find(|e| e.id == id)
        .unwrap()
        .name
        .clone();
    assert_eq!(built_in, event.name);
    event.name = format!("{} (my card)", event.name);
    c.save_box_entry(BoxEntry::Event {
        event: event.clone(),
    })
    .await
    .unwrap();
    let after = c.campaign(campaign.campaign.id).await.unwrap();
    let shown = after.events.iter().find(|e| e.id == id).unwrap();
    assert_eq!(shown.name, event.name);
}

#[tokio::test]
async fn a_traced_accessible_area_is_checked_and_new_games_play_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir, "games.db").await;
    // Off the 600 x 900 mm board: refused, naming the point.
    let off = vec![vec![
        [10.0, 10.0],
        [700.0, 10.0],
        [590.0, 890.0],
        [10.0, 890.0],
    ]];
    let e = c
        .save_box_entry(BoxEntry::PansAccessible { polygons: off })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    assert!(
        e.message.contains("accessible.polygons[0][1]"),
        "{}",
        e.message
    );
    assert_eq!(e.detail.as_ref().unwrap().code, "err.box-check");
    // An outline leaving a Hero's start outside is refused by the built-in board's own check.
    let small = vec![vec![
        [10.0, 10.0],
        [100.0, 10.0],
        [100.0, 100.0],
        [10.0, 100.0],
    ]];
    let e = c
        .save_box_entry(BoxEntry::PansAccessible { polygons: small })
        .await
        .unwrap_err();
    assert!(e.message.contains("hero_starts."), "{}", e.message);
    assert_eq!(c.my_box().await.unwrap().version, None, "nothing stored");

    let traced = vec![vec![
        [20.0, 30.0],
        [580.0, 30.0],
        [580.0, 880.0],
        [20.0, 880.0],
    ]];
    let v = c
        .save_box_entry(BoxEntry::PansAccessible {
            polygons: traced.clone(),
        })
        .await
        .unwrap();
    assert_eq!(v.pans.accessible, traced);
    assert_eq!(v.pans.accessible_standing, Standing::Owner);
    assert_eq!(c.pans_board(None).await.unwrap().accessible, traced);
}
