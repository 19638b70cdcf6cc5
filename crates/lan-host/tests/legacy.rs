//! Character seats at a Neverland's Legacy table: hostile requests (another Character's turn,
//! acting for another Character, a stale step, a command the rules refuse, a seat of another
//! kind) are each refused with a named error and nothing stored; the seat on its turn acts, and
//! the other seats and the host's window are told.

mod common;

use common::{Table, next_frame};
use neverland_lan_host::Seat;
use serde_json::{Value, json};

fn character(id: &str) -> Seat {
    Seat::Character {
        character: id.to_string(),
    }
}

fn cmd_args(t: &Table, command: Value, since: i64) -> Value {
    json!({"gameId": t.game_id, "command": command, "since": since})
}

fn refused(got: (u16, Value), status: u16, code: &str) {
    assert_eq!(
        (got.0, got.1["code"].as_str()),
        (status, Some(code)),
        "{}",
        got.1
    );
}

/// Two Characters seated; answers the table, the first Character's token and the second's.
async fn two_seats() -> (Table, String, String, Vec<String>) {
    let t = Table::legacy(2, 31).await;
    let ids: Vec<String> = t
        .table()
        .await
        .table
        .characters
        .iter()
        .map(|c| c.id.clone())
        .collect();
    let a = t.seat_as(character(&ids[0])).await;
    let b = t.seat_as(character(&ids[1])).await;
    (t, a, b, ids)
}

#[tokio::test]
async fn a_seat_acts_on_its_own_turn_and_everyone_sees_it() {
    let (t, a, b, ids) = two_seats().await;
    assert_eq!(t.table().await.active, 0);
    let mut wb = t.socket(&b).await;
    let first = next_frame(&mut wb).await.unwrap();
    assert_eq!(
        first["seat"],
        json!({"kind": "character", "character": ids[1]})
    );
    assert!(first.get("hand").is_none(), "{first}");
    let mut told = t.host.seat_changes();
    let (code, v) = t
        .cmd(
            &a,
            "legacy_table_command",
            cmd_args(&t, json!({"type": "morale-check"}), 0),
        )
        .await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["game"]["steps"], 1);
    let pushed = next_frame(&mut wb).await.unwrap();
    assert_eq!(pushed["steps"], 1);
    assert_eq!(told.next().await, Some(1));
    // The window's table is the one the seats are sent.
    let window = serde_json::to_value(t.table().await).unwrap();
    assert_eq!(pushed["view"], window);
    assert_eq!(window["history"][0]["command"]["type"], "morale-check");
}

#[tokio::test]
async fn acting_on_another_characters_turn_or_for_another_character_is_refused() {
    let (t, a, b, ids) = two_seats().await;
    // Seat b on a's turn: the command the rules would take from a.
    let morale = json!({"type": "morale-check"});
    refused(
        t.cmd(&b, "legacy_table_command", cmd_args(&t, morale.clone(), 0))
            .await,
        403,
        "not-your-turn",
    );
    // Seat a for b: spending b's Destiny, giving b's things away.
    let colour = json!({"type": "change-colour", "character": ids[1], "colour": "red"});
    refused(
        t.cmd(&a, "legacy_table_command", cmd_args(&t, colour, 0))
            .await,
        403,
        "not-your-seat",
    );
    let give = json!({"type": "give", "from": ids[1], "to": ids[0], "coins": 1});
    refused(
        t.cmd(&a, "legacy_table_command", cmd_args(&t, give, 0))
            .await,
        403,
        "not-your-seat",
    );
    // The window's commands are the host's alone.
    refused(
        t.cmd(&a, "legacy_table_undo", json!({"gameId": t.game_id}))
            .await,
        403,
        "not-your-seat",
    );
    refused(
        t.cmd(&a, "pans_command", json!({"gameId": t.game_id}))
            .await,
        403,
        "not-your-seat",
    );
    // Another game.
    refused(
        t.cmd(&a, "legacy_table", json!({"gameId": t.game_id + 1}))
            .await,
        403,
        "not-your-seat",
    );
    assert_eq!(t.steps().await, 0);
    // The host may act for anyone (here: a's Morale Check, from the window).
    let view = t
        .host
        .window()
        .run(
            t.companion
                .legacy_table_command(t.game_id, serde_json::from_value(morale).unwrap()),
        )
        .await
        .unwrap();
    assert_eq!(view.game.steps, 1);
}

#[tokio::test]
async fn a_stale_or_illegal_command_is_refused_and_nothing_is_stored() {
    let (t, a, _b, _) = two_seats().await;
    let morale = json!({"type": "morale-check"});
    // Decided at a step the table has not reached.
    refused(
        t.cmd(&a, "legacy_table_command", cmd_args(&t, morale.clone(), 3))
            .await,
        409,
        "table-changed",
    );
    // Without the step it was decided on.
    refused(
        t.cmd(
            &a,
            "legacy_table_command",
            json!({"gameId": t.game_id, "command": morale}),
        )
        .await,
        400,
        "bad-request",
    );
    // The rules refuse it (an Action before the Morale Check): the engine's reason comes along.
    let (code, e) = t
        .cmd(
            &a,
            "legacy_table_command",
            cmd_args(&t, json!({"type": "rest"}), 0),
        )
        .await;
    assert_eq!(
        (code, e["code"].as_str()),
        (422, Some("illegal-command")),
        "{e}"
    );
    assert!(e["reason"]["code"].is_string(), "{e}");
    assert_eq!(t.steps().await, 0);
    let (code, _) = t
        .cmd(&a, "legacy_table_command", cmd_args(&t, morale.clone(), 0))
        .await;
    assert_eq!(code, 200);
    // The same request again, made against step 0.
    refused(
        t.cmd(&a, "legacy_table_command", cmd_args(&t, morale, 0))
            .await,
        409,
        "table-changed",
    );
    assert_eq!(t.steps().await, 1);
}

#[tokio::test]
async fn a_device_asks_only_for_a_seat_this_table_has() {
    let t = Table::legacy(2, 32).await;
    let secret = t.host.join_url().split("join=").nth(1).unwrap().to_string();
    let (code, list) = t
        .post("/lan/join/table", None, json!({"secret": secret}))
        .await;
    assert_eq!(code, 200, "{list}");
    assert_eq!(list["kind"], "legacy");
    let ids: Vec<&str> = list["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["seat"]["character"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 2);
    for seat in [
        json!({"kind": "hero", "player": 0}),
        json!({"kind": "character", "character": "nobody"}),
        json!({"kind": "player", "creature": "pc"}),
    ] {
        let (code, e) = t
            .post(
                "/lan/join",
                None,
                json!({"secret": secret, "seat": seat, "name": "x"}),
            )
            .await;
        assert_eq!(
            (code, e["code"].as_str()),
            (400, Some("bad-request")),
            "{e}"
        );
    }
    let (code, e) = t
        .post("/lan/join/table", None, json!({"secret": "wrong"}))
        .await;
    assert_eq!(
        (code, e["code"].as_str()),
        (403, Some("bad-join-secret")),
        "{e}"
    );
    assert!(t.host.invite().await.unwrap().waiting.is_empty());
    assert_eq!(
        t.companion
            .store()
            .lan_seats(t.game_id)
            .await
            .unwrap()
            .len(),
        0
    );
}
