//! What the table screen is told beyond the engine's state, checked against an engine played in
//! memory over whole bot games: the Search cards each command drew (by whom, where, what the card
//! is) and the buttons the engine refuses, each with the engine's own reason.

use neverland_chance::Chance;
use neverland_companion::error::Reason;
use neverland_companion::service::Companion;
use neverland_companion::table::{NewLegacyTable, TableCommand};
use neverland_legacy::engine::{Game, Phase, Setup};
use neverland_legacy::map::Map;
use neverland_legacy::pack::SearchEffect;
use neverland_legacy::{Pack, Scenario, sim};

#[tokio::test]
async fn search_cards_and_refusals_match_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let c = Companion::open(dir.path().join("games.db"), || 7)
        .await
        .unwrap();
    let (mut by_character, mut by_enemy, mut refusals) = (0, 0, 0);
    for (scenario, players, seed) in [
        (Scenario::LostAllies, 2u8, 3u64),
        (Scenario::Pirates, 2, 4),
        (Scenario::LostAllies, 3, 11),
    ] {
        let pack = Pack::builtin(scenario).unwrap();
        let map = Map::new(&pack);
        let args = NewLegacyTable {
            scenario,
            players,
            characters: vec![],
            physical_threat_deck: false,
            seed: Some(seed.to_string()),
            position: None,
        };
        let id = c.new_legacy_table(args).await.unwrap().game.id;
        let mut mirror = Game::new(&pack, &map, &Setup::for_players(players), seed).unwrap();
        let mut rng = Chance::from_seed(seed);
        for _ in 0..400 {
            if mirror.outcome().is_some() {
                break;
            }
            let before = mirror.clone();
            let cmd = sim::bot_play(&mut mirror, &pack, &map, &mut rng).unwrap();
            let view = c.legacy_table_command(id, cmd.clone()).await.unwrap();

            // The cards drawn: those that left the deck, in the order drawn, read from the pack.
            let newest = &view.history[0];
            assert_eq!(newest.command, cmd);
            let gone = before.search_deck.len() - mirror.search_deck.len();
            assert_eq!(newest.searched.len(), gone);
            for (k, s) in newest.searched.iter().enumerate() {
                assert_eq!(s.card, before.search_deck[before.search_deck.len() - 1 - k]);
                assert!(!mirror.search_deck.contains(&s.card));
                assert_eq!(Some(&s.effect), pack.search_card(&s.card));
                assert_eq!(s.by, newest.by);
                assert_eq!(s.enemy, matches!(cmd, TableCommand::Activate { .. }));
                if s.enemy {
                    by_enemy += 1;
                    assert!(!s.at.is_empty(), "an Enemy's Search says where");
                    // The Lost Allies set aside Treasure an Enemy draws, the Pirates Traps
                    // (RB 510, 512); any other card is not set aside.
                    let aside = match scenario {
                        Scenario::LostAllies => matches!(s.effect, SearchEffect::Treasure { .. }),
                        Scenario::Pirates => matches!(s.effect, SearchEffect::Trap { .. }),
                    };
                    assert_eq!(mirror.set_aside.contains(&s.card), aside, "{s:?}");
                } else {
                    by_character += 1;
                    assert_eq!(cmd, TableCommand::Search);
                    assert_eq!(s.at, before.table.characters[before.active].at);
                }
            }
            if cmd == TableCommand::Search && mirror.outcome().is_none() {
                assert!(
                    !newest.searched.is_empty(),
                    "a Character's Search draws a card"
                );
            }

            // Every refused button: not legal, and the engine refuses it with that reason.
            if view.phase != Phase::Actions {
                assert!(view.refused.is_empty());
            }
            for r in &view.refused {
                assert!(
                    !view.legal.contains(&r.command),
                    "{:?} both legal and refused",
                    r.command
                );
                let said = mirror.clone().apply(&pack, &map, &r.command).unwrap_err();
                assert_eq!(Reason::from(&said), r.reason);
                assert!(!r.reason.code.is_empty() && r.reason.code != "bad-position");
                refusals += 1;
            }
        }
    }
    assert!(
        by_character > 0 && by_enemy > 0,
        "{by_character} / {by_enemy} Search cards drawn"
    );
    assert!(refusals > 0);
}

#[tokio::test]
async fn the_pack_is_sent_for_the_board_to_be_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let c = Companion::open(dir.path().join("games.db"), || 7)
        .await
        .unwrap();
    for scenario in [Scenario::LostAllies, Scenario::Pirates] {
        let pack = Pack::builtin(scenario).unwrap();
        let args = NewLegacyTable {
            scenario,
            players: 2,
            characters: vec![],
            physical_threat_deck: true,
            seed: Some("5".into()),
            position: None,
        };
        let v = c.new_legacy_table(args).await.unwrap();
        let names: Vec<&String> = v.pack.boards.iter().flat_map(|b| &b.locations).collect();
        let all: Vec<&String> = pack.boards.iter().flat_map(|b| &b.locations).collect();
        assert_eq!(names, all);
        assert_eq!(v.pack.stairs, pack.links.stairs);
        assert_eq!(v.pack.shores, pack.links.enemy_shores);
        // Every card left in a physical deck can be shown as it reads.
        for card in &v.threat_cards_left {
            assert!(
                v.pack.threat_cards.iter().any(|t| &t.card == card),
                "{card}"
            );
        }
        assert_eq!(v.pack.characters.len(), pack.characters.len());
    }
}
