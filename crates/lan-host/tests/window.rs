//! The host's own window while devices are seated: its commands take the seats' lock, every seat
//! is pushed the window's change, a seat command decided before it is refused, and the window is
//! told of the seats' changes (instead of asking every second).

mod common;

use std::time::Duration;

use common::{Table, next_frame};
use neverland_companion::pans::CardSleeve;
use serde_json::{Value, json};

fn sleeve_json() -> Value {
    json!({"cross": {"x": 21.37, "y": 47.11}, "hooks": [{"x": 40.5, "y": 20.25, "r": 6.0}], "dark_areas": []})
}

fn sleeve() -> CardSleeve {
    serde_json::from_value(sleeve_json()).unwrap()
}

fn sleeve_args(t: &Table, player: usize, since: i64) -> Value {
    json!({"gameId": t.game_id, "player": player, "sleeve": sleeve_json(), "since": since})
}

#[tokio::test]
async fn a_window_command_reaches_every_seat_and_makes_an_older_seat_command_stale() {
    let t = Table::new(3, 21).await;
    let tokens = [t.seat(0).await, t.seat(1).await];
    let mut sockets = Vec::new();
    for tok in &tokens {
        let mut ws = t.socket(tok).await;
        assert_eq!(next_frame(&mut ws).await.unwrap()["steps"], 0);
        sockets.push(ws);
    }
    // Seat 0 decides at step 0; the window sets up seat 2's sleeve (a tablet passed at the
    // host's side of the table) before seat 0's command arrives.
    let since = t.since().await;
    let gate = t.host.window();
    let view = gate
        .run(t.companion.set_sleeve(t.game_id, 2, sleeve()))
        .await
        .unwrap();
    assert_eq!(view.game.steps, 1);
    for ws in &mut sockets {
        let f = next_frame(ws).await.unwrap();
        assert_eq!(
            (f["type"].as_str(), f["steps"].as_i64()),
            (Some("table"), Some(1))
        );
        assert_eq!(f["view"]["state"]["players"][2]["has_sleeve"], true, "{f}");
    }
    let (code, e) = t
        .cmd(&tokens[0], "set_sleeve", sleeve_args(&t, 0, since))
        .await;
    assert_eq!(
        (code, e["code"].as_str()),
        (409, Some("table-changed")),
        "{e}"
    );
    assert_eq!(t.steps().await, 1);
}

#[tokio::test]
async fn a_seat_command_waits_for_the_window_command_under_way() {
    let t = Table::new(2, 22).await;
    let a = t.seat(0).await;
    let since = t.since().await;
    // The window's command holds the lock while it is decided (here: slowly) and stored.
    let gate = t.host.window();
    let companion = t.companion.clone();
    let g = t.game_id;
    let window = tokio::spawn(async move {
        gate.run(async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            companion.set_sleeve(g, 1, sleeve()).await
        })
        .await
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    // Decided at the same step as the window's; sent while the window's is under way: it waits,
    // then finds the table moved on. Without the lock it would land first.
    let (code, e) = t.cmd(&a, "set_sleeve", sleeve_args(&t, 0, since)).await;
    assert_eq!(
        (code, e["code"].as_str()),
        (409, Some("table-changed")),
        "{e}"
    );
    assert!(window.await.unwrap().is_ok());
    let state = t.companion.pans_game(g).await.unwrap().state;
    assert!(state.players[1].has_sleeve && !state.players[0].has_sleeve);
    assert_eq!(t.steps().await, 1);
}

#[tokio::test]
async fn the_window_is_told_of_a_seats_change_and_not_of_its_own() {
    let t = Table::new(2, 23).await;
    let a = t.seat(0).await;
    let mut told = t.host.seat_changes();
    t.host
        .window()
        .run(t.companion.set_sleeve(t.game_id, 1, sleeve()))
        .await
        .unwrap();
    let (code, e) = t.cmd(&a, "set_sleeve", sleeve_args(&t, 0, 1)).await;
    assert_eq!(code, 200, "{e}");
    // The first thing heard is the seat's change (step 2), not the window's own (step 1).
    let heard = tokio::time::timeout(Duration::from_secs(5), told.next())
        .await
        .unwrap();
    assert_eq!(heard, Some(2));
    // A refused seat command tells the window nothing.
    let (code, _) = t.cmd(&a, "set_sleeve", sleeve_args(&t, 0, 1)).await;
    assert_eq!(code, 409);
    assert!(
        tokio::time::timeout(Duration::from_millis(300), told.next())
            .await
            .is_err()
    );
}
