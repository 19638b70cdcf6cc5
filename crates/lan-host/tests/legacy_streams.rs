//! A property over bot Legacy games played by the Characters' own seats over loopback (the host
//! acting, from its window, for a Character when the bot spends another Character's Destiny).
//! Nothing on a Legacy table is one player's alone (see `seat_api/legacy.rs`), so what each seat
//! receives must be exactly the host window's table at that step: every pushed frame and every
//! answer to its own commands, and never a hand or another seat's anything.

mod common;

use std::sync::{Arc, Mutex};

use common::Table;
use futures_util::StreamExt;
use neverland_chance::Chance;
use neverland_companion::table::TableCommand;
use neverland_lan_host::Seat;
use neverland_legacy::engine::Game;
use neverland_legacy::map::Map;
use neverland_legacy::sim::bot_play;
use proptest::prelude::*;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

type Seen = Arc<Mutex<Vec<Value>>>;

fn collect(mut ws: common::Socket, seen: Seen) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while let Some(Ok(msg)) = ws.next().await {
            if let Message::Text(t) = msg {
                seen.lock().unwrap().push(serde_json::from_str(&t).unwrap());
            }
        }
    })
}

/// Commands played at most (a bounded test; most bot games end before).
const MAX_STEPS: usize = 200;

async fn bot_game(players: u8, seed: u64) {
    let t = Table::legacy(players, seed).await;
    let start = t.table().await;
    let pack =
        neverland_companion::packs::legacy_pack(neverland_legacy::Scenario::LostAllies).unwrap();
    let map = Map::new(pack);
    let mut game = Game::new(pack, &map, &start.setup, seed).unwrap();
    assert_eq!(
        serde_json::to_value(&game.table).unwrap(),
        serde_json::to_value(&start.table).unwrap()
    );
    let ids: Vec<String> = start
        .table
        .characters
        .iter()
        .map(|c| c.id.clone())
        .collect();
    let mut tokens = Vec::new();
    let mut seen: Vec<Seen> = Vec::new();
    let mut readers = Vec::new();
    for id in &ids {
        let token = t
            .seat_as(Seat::Character {
                character: id.clone(),
            })
            .await;
        seen.push(Seen::default());
        readers.push(collect(
            t.socket(&token).await,
            seen.last().unwrap().clone(),
        ));
        tokens.push(token);
    }
    // The window's table at every step: what each seat must have been sent.
    let mut window = vec![serde_json::to_value(&start).unwrap()];
    let mut rng = Chance::from_seed(seed ^ 0x5ea7);
    let mut by_host = 0;
    while window.len() <= MAX_STEPS && game.outcome().is_none() {
        let active = game.active;
        let Some(c) = bot_play(&mut game, pack, &map, &mut rng) else {
            break;
        };
        let since = window.len() as i64 - 1;
        let other = match &c {
            TableCommand::ChangeColour { character, .. } => *character != ids[active],
            TableCommand::Give { from: Some(f), .. } => *f != ids[active],
            _ => false,
        };
        if other {
            // Another Character's Destiny: its seat may not, on this turn; the host does it.
            let (code, e) = t
                .cmd(
                    &tokens[active],
                    "legacy_table_command",
                    json!({"gameId": t.game_id, "command": c, "since": since}),
                )
                .await;
            assert_eq!(
                (code, e["code"].as_str()),
                (403, Some("not-your-seat")),
                "{e}"
            );
            t.host
                .window()
                .run(t.companion.legacy_table_command(t.game_id, c))
                .await
                .unwrap();
            by_host += 1;
        } else {
            let (code, answer) = t
                .cmd(
                    &tokens[active],
                    "legacy_table_command",
                    json!({"gameId": t.game_id, "command": c, "since": since}),
                )
                .await;
            assert_eq!(code, 200, "{c:?}: {answer}");
            seen[active]
                .lock()
                .unwrap()
                .push(json!({"type": "answer", "steps": since + 1, "view": answer}));
        }
        window.push(serde_json::to_value(t.table().await).unwrap());
    }
    let steps = window.len() as i64 - 1;
    assert_eq!(t.steps().await as i64, steps);
    // The seats' streams as the engine's copy played them.
    assert_eq!(
        serde_json::to_value(&game.table).unwrap(),
        window.last().unwrap()["table"]
    );
    let Table { host, .. } = t;
    host.close().await;
    for r in readers {
        r.await.unwrap();
    }
    for (me, seen) in seen.iter().enumerate() {
        let seen = seen.lock().unwrap();
        assert!(
            seen.iter()
                .any(|f| f["type"] == "table" && f["steps"] == steps),
            "seat {me} never saw step {steps} ({by_host} commands by the host)"
        );
        for f in seen.iter().filter(|f| f["steps"].is_number()) {
            let at = f["steps"].as_u64().unwrap() as usize;
            assert_eq!(
                f["view"], window[at],
                "seat {me} at step {at} was sent another table"
            );
            if f["type"] == "table" {
                assert_eq!(f["seat"]["character"], ids[me].as_str());
                let keys: Vec<&String> = f.as_object().unwrap().keys().collect();
                assert_eq!(
                    keys.len(),
                    5,
                    "a frame is type, kind, steps, seat and view: {keys:?}"
                );
                assert_eq!(f["kind"], "legacy");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn every_seat_is_sent_exactly_the_public_table(players in 2u8..=4, seed in 0u64..10_000) {
        tokio::runtime::Runtime::new().unwrap().block_on(bot_game(players, seed));
    }
}
