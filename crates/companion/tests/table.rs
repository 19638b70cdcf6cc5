//! Legacy table games through the service: a whole bot game with every answer compared to the
//! engine played in memory, refusals that store nothing, undo/redo, resume after closing the file,
//! and the table exported as a position.

use neverland_chance::Chance;
use neverland_companion::error::ErrorCode;
use neverland_companion::service::Companion;
use neverland_companion::table::{NewLegacyTable, TableCommand};
use neverland_legacy::engine::{Game, Setup};
use neverland_legacy::map::Map;
use neverland_legacy::position::Position;
use neverland_legacy::{Pack, Scenario, sim};

async fn open(dir: &tempfile::TempDir) -> Companion {
    Companion::open(dir.path().join("games.db"), || 7)
        .await
        .unwrap()
}

fn args(scenario: Scenario, players: u8, seed: &str) -> NewLegacyTable {
    NewLegacyTable {
        scenario,
        players,
        characters: vec![],
        physical_threat_deck: false,
        seed: Some(seed.into()),
        position: None,
    }
}

#[tokio::test]
async fn whole_bot_games_through_the_service() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    for (scenario, players, seed) in [(Scenario::LostAllies, 2u8, 3u64), (Scenario::Pirates, 3, 4)]
    {
        let pack = Pack::builtin(scenario).unwrap();
        let map = Map::new(&pack);
        let mut view = c
            .new_legacy_table(args(scenario, players, &seed.to_string()))
            .await
            .unwrap();
        let id = view.game.id;
        let setup = Setup::for_players(players);
        let mut mirror = Game::new(&pack, &map, &setup, seed).unwrap();
        let mut rng = Chance::from_seed(seed);
        let mut steps = 0;
        while mirror.outcome().is_none() && steps < 400 {
            let cmd = sim::bot_play(&mut mirror, &pack, &map, &mut rng).unwrap();
            view = c.legacy_table_command(id, cmd).await.unwrap();
            assert_eq!(view.table, mirror.table);
            assert_eq!(view.phase, mirror.phase);
            // The screen's lists: every legal command is accepted; the Mandatory ones are among
            // them, and when the Actions cannot end, one is offered.
            if view.phase == neverland_legacy::engine::Phase::Actions {
                assert_eq!(view.legal, mirror.legal_commands(&pack, &map));
            } else {
                assert!(view.legal.is_empty());
            }
            assert!(view.mandatory.iter().all(|c| view.legal.contains(c)));
            if view.phase == neverland_legacy::engine::Phase::Actions
                && !view.legal.contains(&TableCommand::EndActions)
            {
                assert!(!view.mandatory.is_empty(), "no way on at step {steps}");
            }
            steps += 1;
        }
        if mirror.outcome().is_some() {
            assert_ne!(view.game.status, "in-progress");
            let e = c
                .legacy_table_command(id, TableCommand::MoraleCheck)
                .await
                .unwrap_err();
            assert_eq!(e.code, ErrorCode::IllegalCommand);
        }
        // The export reads back as a position that fits the pack.
        let text = c.legacy_table_position(id).await.unwrap();
        let p = Position::from_json(&text).unwrap();
        p.validate(&pack, &map).unwrap();
        assert_eq!(p, mirror.table);
    }
}

#[tokio::test]
async fn refusals_undo_redo_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    let v = c
        .new_legacy_table(args(Scenario::LostAllies, 1, "9"))
        .await
        .unwrap();
    let id = v.game.id;
    assert_eq!(v.table.characters.len(), 2, "solo plays two Characters");
    assert_eq!(v.setup_threats.len(), 4);
    // An Action before the Morale Check: refused with the reason, nothing stored.
    let e = c
        .legacy_table_command(
            id,
            TableCommand::Move {
                to: "bow".into(),
                escort: vec![],
            },
        )
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand);
    assert!(e.message.contains("Morale Check"), "{}", e.message);
    assert_eq!(c.legacy_table(id).await.unwrap(), v);
    let rolled = c
        .legacy_table_command(id, TableCommand::MoraleCheck)
        .await
        .unwrap();
    let flown = c
        .legacy_table_command(
            id,
            TableCommand::Move {
                to: "bow".into(),
                escort: vec![],
            },
        )
        .await
        .unwrap();
    assert_eq!(flown.table.characters[0].at, "bow");
    // Undo is the game one command shorter; redo brings it back.
    let undone = c.legacy_table_undo(id).await.unwrap();
    assert_eq!(
        (undone.table.clone(), undone.turn.clone()),
        (rolled.table.clone(), rolled.turn.clone())
    );
    assert!(undone.can_redo);
    let redone = c.legacy_table_redo(id).await.unwrap();
    assert_eq!(redone.table, flown.table);
    assert_eq!(
        c.legacy_table_redo(id).await.unwrap_err().code,
        ErrorCode::NothingToRedo
    );
    // Closing the file and opening it again shows the same game at the same step.
    drop(c);
    let again = open(&dir).await;
    let resumed = again.legacy_table(id).await.unwrap();
    assert_eq!(resumed.table, redone.table);
    assert_eq!(resumed.phase, redone.phase);
    // A bad set-up is refused before anything is saved.
    let before = again.list_games().await.unwrap().len();
    let e = again
        .new_legacy_table(args(Scenario::Pirates, 5, "1"))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand);
    let mut bad = args(Scenario::Pirates, 2, "1");
    bad.characters = vec!["captain-hook".into(), "peter-pan".into()];
    assert!(again.new_legacy_table(bad).await.is_err());
    assert_eq!(again.list_games().await.unwrap().len(), before);
    // A Morale-tracker game id is not a table game.
    assert_eq!(
        again.legacy_table(9999).await.unwrap_err().code,
        ErrorCode::NotFound
    );
}

#[tokio::test]
async fn a_physical_deck_is_told_which_card_came_up() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    let mut a = args(Scenario::Pirates, 2, "2");
    a.physical_threat_deck = true;
    let v = c.new_legacy_table(a).await.unwrap();
    let id = v.game.id;
    assert_eq!(v.threat_cards_left.len(), 12);
    c.legacy_table_command(id, TableCommand::MoraleCheck)
        .await
        .unwrap();
    c.legacy_table_command(id, TableCommand::EndActions)
        .await
        .unwrap();
    // The app does not draw for a physical deck; a card not in the deck is refused.
    let e = c
        .legacy_table_command(id, TableCommand::DrawThreat)
        .await
        .unwrap_err();
    assert!(e.message.contains("physical"), "{}", e.message);
    let gone = v.threat_discard[0].clone();
    let e = c
        .legacy_table_command(id, TableCommand::ThreatDrawn { card: gone })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand);
    let card = v
        .threat_cards_left
        .iter()
        .find(|c| *c != "named-enemy")
        .unwrap()
        .clone();
    let after = c
        .legacy_table_command(id, TableCommand::ThreatDrawn { card: card.clone() })
        .await
        .unwrap();
    assert!(!after.threat_cards_left.contains(&card));
    assert_eq!(after.threat_cards_left.len(), 11);
}

#[tokio::test]
async fn a_table_is_imported_from_a_position_file() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    // A game's table, exported after a few commands...
    let v = c
        .new_legacy_table(args(Scenario::LostAllies, 3, "6"))
        .await
        .unwrap();
    let id = v.game.id;
    c.legacy_table_command(id, TableCommand::MoraleCheck)
        .await
        .unwrap();
    c.legacy_table_command(
        id,
        TableCommand::Move {
            to: "stern".into(),
            escort: vec![],
        },
    )
    .await
    .unwrap();
    let text = c.legacy_table_position(id).await.unwrap();
    // ...starts a new game: the same table, the first Character about to roll.
    let mut a = args(Scenario::LostAllies, 1, "11");
    a.position = Some(text.clone());
    let imported = c.new_legacy_table(a).await.unwrap();
    assert_eq!(imported.table, Position::from_json(&text).unwrap());
    assert_eq!(imported.table.characters.len(), 3);
    assert_eq!(imported.phase, neverland_legacy::engine::Phase::Morale);
    // It plays, undoes and reopens like any other game.
    let iid = imported.game.id;
    c.legacy_table_command(iid, TableCommand::MoraleCheck)
        .await
        .unwrap();
    let undone = c.legacy_table_undo(iid).await.unwrap();
    assert_eq!(undone.table, imported.table);
    drop(c);
    let again = open(&dir).await;
    assert_eq!(again.legacy_table(iid).await.unwrap().table, imported.table);
    // A broken file names the field; a file of the other scenario is refused; nothing is saved.
    let before = again.list_games().await.unwrap().len();
    let mut bad = args(Scenario::LostAllies, 2, "1");
    bad.position = Some(text.replace("\"stern\"", "\"stren\""));
    let e = again.new_legacy_table(bad).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    assert!(e.message.contains("characters[0].at"), "{}", e.message);
    let mut other = args(Scenario::Pirates, 2, "1");
    other.position = Some(text);
    assert_eq!(
        again.new_legacy_table(other).await.unwrap_err().code,
        ErrorCode::InvalidInput
    );
    assert_eq!(again.list_games().await.unwrap().len(), before);
}

#[tokio::test]
async fn a_whole_game_is_exported_and_imported_as_seed_and_log() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    let pack = Pack::builtin(Scenario::Pirates).unwrap();
    let map = Map::new(&pack);
    let v = c
        .new_legacy_table(args(Scenario::Pirates, 2, "18446744073709551615"))
        .await
        .unwrap();
    let id = v.game.id;
    let mut mirror = Game::new(&pack, &map, &Setup::for_players(2), u64::MAX).unwrap();
    let mut rng = Chance::from_seed(5);
    for _ in 0..40 {
        if mirror.outcome().is_some() {
            break;
        }
        let cmd = sim::bot_play(&mut mirror, &pack, &map, &mut rng).unwrap();
        c.legacy_table_command(id, cmd).await.unwrap();
    }
    // An undone command is not part of the file; the game as it stands is.
    c.legacy_table_undo(id).await.unwrap();
    let here = c.legacy_table(id).await.unwrap();
    let text = c.legacy_table_record(id).await.unwrap();
    let listed = c.list_games().await.unwrap();
    let row = listed.iter().find(|g| g.id == id).unwrap();
    assert_eq!(row.players, Some(2));
    let turns = here
        .history
        .iter()
        .filter(|h| h.command == TableCommand::MoraleCheck)
        .count() as u32;
    assert_eq!(row.turn, Some(turns.max(1)));

    let imported = c.import_legacy_record(text.clone()).await.unwrap();
    assert_ne!(imported.game.id, id);
    assert_eq!(imported.table, here.table);
    assert_eq!(imported.phase, here.phase);
    assert_eq!(imported.game.seed, "18446744073709551615");
    assert_eq!(imported.history.len(), here.history.len());
    // It goes on like the original: the same next command gives the same table.
    let next = imported
        .legal
        .first()
        .cloned()
        .unwrap_or(TableCommand::DrawThreat);
    if c.legacy_table_command(id, next.clone()).await.is_ok() {
        let a = c.legacy_table(id).await.unwrap();
        let b = c
            .legacy_table_command(imported.game.id, next)
            .await
            .unwrap();
        assert_eq!(a.table, b.table);
    }

    // A file that does not replay names the step, and nothing is saved.
    let before = c.list_games().await.unwrap().len();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["log"]
        .as_array_mut()
        .unwrap()
        .insert(1, serde_json::json!({"type": "morale-check"}));
    let e = c.import_legacy_record(v.to_string()).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    assert!(e.message.contains("log[1]"), "{}", e.message);
    let e = c
        .import_legacy_record(text.replace("\"pirates\"", "\"lost-allies\""))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    let e = c
        .import_legacy_record(text[..text.len() / 2].into())
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    assert_eq!(c.list_games().await.unwrap().len(), before);
}

#[tokio::test]
async fn the_end_of_turn_ability_is_proposed_before_the_actions_end() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    let position = r#"{"format":"neverland-legacy-position/1","scenario":"lost-allies",
        "characters":[{"id":"peter-pan","at":"galley","wounds":2},{"id":"wendy","at":"bow"}],
        "enemies":[],"named_enemies":[],"search_tokens":{},"hostages":[]}"#;
    let mut a = args(Scenario::LostAllies, 2, "3");
    a.position = Some(position.into());
    let v = c.new_legacy_table(a).await.unwrap();
    assert_eq!(v.end_of_turn, None, "only while the Actions are taken");
    let v = c
        .legacy_table_command(v.game.id, TableCommand::MoraleCheck)
        .await
        .unwrap();
    assert_eq!(
        v.end_of_turn,
        Some(neverland_legacy::engine::EndOfTurn::HealWound)
    );
    let v = c
        .legacy_table_command(v.game.id, TableCommand::EndActions)
        .await
        .unwrap();
    assert_eq!(v.table.characters[0].wounds, 1, "as proposed");
}

#[tokio::test]
async fn the_players_choose_which_enemy_activates_next() {
    use neverland_legacy::engine::Phase;
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    // Two Enemies of each colour, whatever colour the Threat turns out to be.
    let position = r#"{"format":"neverland-legacy-position/1","scenario":"lost-allies",
        "characters":[{"id":"peter-pan","at":"neverland"},{"id":"wendy","at":"neverland"}],
        "enemies":[{"id":"raider-1","kind":"raider","at":"bow"},{"id":"raider-2","kind":"raider","at":"stern"},
                   {"id":"brute-1","kind":"brute","at":"bow"},{"id":"brute-2","kind":"brute","at":"stern"},
                   {"id":"sniper-1","kind":"sniper","at":"hold"},{"id":"sniper-2","kind":"sniper","at":"crew-quarters"}],
        "named_enemies":[],"search_tokens":{},"hostages":[]}"#;
    let mut a = args(Scenario::LostAllies, 2, "5");
    a.position = Some(position.into());
    let mut v = c.new_legacy_table(a).await.unwrap();
    let id = v.game.id;
    for _ in 0..4 {
        for cmd in [
            TableCommand::MoraleCheck,
            TableCommand::EndActions,
            TableCommand::DrawThreat,
        ] {
            v = c.legacy_table_command(id, cmd).await.unwrap();
        }
        if matches!(v.phase, Phase::Colour { .. }) {
            break;
        }
    }
    assert!(matches!(v.phase, Phase::Colour { .. }), "{:?}", v.phase);
    v = c
        .legacy_table_command(id, TableCommand::ResolveThreat)
        .await
        .unwrap();
    let p = v.pending.clone().expect("an Enemy waits to activate");
    let (first, second) = (p.enemy.clone(), p.choices[0].clone());
    assert_eq!(p.choices, vec![second.clone()]);
    assert_ne!(first, second);
    v = c
        .legacy_table_command(
            id,
            TableCommand::ChooseNext {
                enemy: second.clone(),
            },
        )
        .await
        .unwrap();
    let p = v.pending.clone().unwrap();
    assert_eq!((p.enemy, p.choices), (second.clone(), vec![first]));
    assert_eq!(
        v.history[0].by, second,
        "the History names the Enemy chosen"
    );
}

/// The Destiny advisor through the service: refused with no card waiting, then the card's colour
/// and the two others for a drawn card, the same as the engine answers in memory; nothing stored.
#[tokio::test]
async fn advice_for_a_drawn_card_stores_nothing() {
    use neverland_legacy::advice::{Budget, advise};
    use neverland_legacy::engine::{Command, Phase};
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    // Seed 2 draws red-1 at the first Threat (tests/advise.rs of the CLI).
    let view = c
        .new_legacy_table(args(Scenario::LostAllies, 2, "2"))
        .await
        .unwrap();
    let id = view.game.id;
    let e = c.legacy_table_advice(id).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand);
    assert!(e.message.contains("no drawn Threat card"), "{}", e.message);
    for cmd in [
        Command::MoraleCheck,
        Command::EndActions,
        Command::DrawThreat,
    ] {
        c.legacy_table_command(id, cmd).await.unwrap();
    }
    let before = c.legacy_table(id).await.unwrap();
    assert!(matches!(before.phase, Phase::Colour { .. }));
    let a = c.legacy_table_advice(id).await.unwrap();
    assert_eq!(a.colours.len(), 3);
    let pack = Pack::builtin(Scenario::LostAllies).unwrap();
    let map = Map::new(&pack);
    let log = [
        Command::MoraleCheck,
        Command::EndActions,
        Command::DrawThreat,
    ];
    let g = Game::replay(&pack, &map, &Setup::for_players(2), 2, &log).unwrap();
    assert_eq!(a, advise(&pack, &map, &g, None, Budget::default()).unwrap());
    let after = c.legacy_table(id).await.unwrap();
    assert_eq!(after.game.steps, before.game.steps);
    assert_eq!(after.table, before.table);
}
