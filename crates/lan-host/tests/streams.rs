//! A property over whole bot games played by the seats themselves over loopback: everything a
//! seat receives (its pushed frames and the answers to its own commands) carries no sleeve's
//! numbers, its own hand only, and none of another seat's cards that are not public.

mod common;

use std::sync::{Arc, Mutex};

use common::Table;
use common::bot::Bot;
use futures_util::StreamExt;
use proptest::prelude::*;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

/// Everything one seat was sent.
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

fn card_ids(hand: &Value) -> Vec<String> {
    hand.as_array()
        .unwrap()
        .iter()
        .map(|c| c["card"].as_str().unwrap().to_string())
        .collect()
}

async fn whole_game(players: usize, seed: u64) {
    let t = Table::new(players, seed).await;
    let mut tokens = Vec::new();
    let mut seen: Vec<Seen> = Vec::new();
    let mut readers = Vec::new();
    for p in 0..players {
        tokens.push(t.seat(p).await);
        seen.push(Seen::default());
        readers.push(collect(t.socket(&tokens[p]).await, seen[p].clone()));
    }
    let mut bot = Bot::new(&t.setup().await, seed);
    let mut hands_at = vec![bot.hands()];
    let mut since = 0;
    while let Some((who, name, mut args)) = bot.next(t.game_id) {
        let who = who.unwrap_or(since as usize % players);
        args["since"] = since.into();
        let (code, answer) = t.cmd(&tokens[who], name, args).await;
        assert_eq!(code, 200, "{name}: {answer}");
        since += 1;
        hands_at.push(bot.hands());
        seen[who]
            .lock()
            .unwrap()
            .push(serde_json::json!({"type": "answer", "steps": since, "view": answer}));
        assert!(since < 3000, "the bot game does not end");
    }
    assert!(bot.game.is_over().is_some());
    assert_eq!(t.steps().await as i64, since);
    let Table { host, .. } = t;
    host.close().await;
    for r in readers {
        r.await.unwrap();
    }
    for (me, seen) in seen.iter().enumerate() {
        let seen = seen.lock().unwrap();
        assert!(
            seen.iter()
                .any(|f| f["type"] == "table" && f["steps"] == since),
            "seat {me} never saw the end"
        );
        for frame in seen.iter() {
            check_frame(me, frame, &hands_at, &bot.secrets);
        }
    }
}

fn check_frame(me: usize, frame: &Value, hands_at: &[Vec<Value>], secrets: &[f64]) {
    let text = frame.to_string();
    let mut nums = Vec::new();
    common::bot::numbers(frame, &mut nums);
    for s in secrets {
        assert!(
            !nums.contains(s),
            "seat {me} was sent a sleeve's number {s}: {text}"
        );
    }
    let Some(steps) = frame["steps"].as_u64() else {
        return;
    };
    let hands = &hands_at[steps as usize];
    if frame["type"] == "table" {
        assert_eq!(frame["hand"]["player"], me as u64);
        assert_eq!(
            frame["hand"]["hand"], hands[me],
            "seat {me}'s own hand at step {steps}"
        );
    }
    let public = frame["view"].to_string();
    for (other, hand) in hands.iter().enumerate().filter(|(o, _)| *o != me) {
        for card in card_ids(hand) {
            if !public.contains(&format!("\"{card}\"")) {
                assert!(
                    !text.contains(&format!("\"{card}\"")),
                    "seat {me} was sent seat {other}'s card {card}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn no_seat_is_sent_another_seats_secrets(players in 2usize..=4, seed in 0u64..10_000) {
        tokio::runtime::Runtime::new().unwrap().block_on(whole_game(players, seed));
    }
}
