//! Hostile requests over real loopback sockets: each is refused with a named error and nothing
//! is stored (the game's log and the seats table are compared before and after).

mod common;

use common::{Table, http, http_raw, next_frame};
use serde_json::{Value, json};

fn sleeve() -> Value {
    json!({"cross": {"x": 21.37, "y": 47.11}, "hooks": [{"x": 40.5, "y": 20.25, "r": 6.0}], "dark_areas": []})
}

fn sleeve_args(t: &Table, player: usize, since: i64) -> Value {
    json!({"gameId": t.game_id, "player": player, "sleeve": sleeve(), "since": since})
}

async fn seats_stored(t: &Table) -> usize {
    t.companion
        .store()
        .lan_seats(t.game_id)
        .await
        .unwrap()
        .len()
}

#[tokio::test]
async fn a_seat_sets_up_its_own_sleeve_and_the_others_are_pushed() {
    let t = Table::new(3, 11).await;
    let (a, b) = (t.seat(0).await, t.seat(1).await);
    let mut wb = t.socket(&b).await;
    let first = next_frame(&mut wb).await.unwrap();
    assert_eq!(first["type"], "table");
    assert_eq!(first["hand"]["player"], 1);
    let (code, v) = t.cmd(&a, "set_sleeve", sleeve_args(&t, 0, 0)).await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["state"]["players"][0]["has_sleeve"], true, "{v}");
    let pushed = next_frame(&mut wb).await.unwrap();
    assert_eq!(pushed["steps"], 1);
    assert_eq!(pushed["hand"]["player"], 1);
}

#[tokio::test]
async fn no_token_wrong_token_and_revoked_token_are_refused() {
    let t = Table::new(3, 12).await;
    let a = t.seat(0).await;
    let stored = seats_stored(&t).await;
    let (code, e) = t
        .post("/lan/cmd/set_sleeve", None, sleeve_args(&t, 0, 0))
        .await;
    assert_eq!((code, e["code"].as_str()), (401, Some("no-token")), "{e}");
    let wrong = "0".repeat(64);
    let (code, e) = t.cmd(&wrong, "set_sleeve", sleeve_args(&t, 0, 0)).await;
    assert_eq!((code, e["code"].as_str()), (401, Some("bad-token")), "{e}");
    let mut wa = t.socket(&a).await;
    assert_eq!(next_frame(&mut wa).await.unwrap()["type"], "table");
    let seat_id = t.host.invite().await.unwrap().seats[0].id;
    t.host.revoke(seat_id).await.unwrap();
    assert_eq!(next_frame(&mut wa).await.unwrap()["type"], "revoked");
    let (code, e) = t.cmd(&a, "set_sleeve", sleeve_args(&t, 0, 0)).await;
    assert_eq!((code, e["code"].as_str()), (401, Some("revoked")), "{e}");
    let (code, e) = t.cmd(&a, "pans_hand", json!({"gameId": t.game_id})).await;
    assert_eq!((code, e["code"].as_str()), (401, Some("revoked")), "{e}");

    assert_eq!(t.steps().await, 0);
    assert_eq!(seats_stored(&t).await, stored);
}

#[tokio::test]
async fn another_seats_id_in_a_request_is_refused() {
    let t = Table::new(3, 13).await;
    let a = t.seat(0).await;
    let refused = |got: (u16, Value)| {
        assert_eq!(
            (got.0, got.1["code"].as_str()),
            (403, Some("not-your-seat")),
            "{}",
            got.1
        );
    };
    refused(t.cmd(&a, "set_sleeve", sleeve_args(&t, 1, 0)).await);
    refused(
        t.cmd(
            &a,
            "pans_hand",
            json!({"gameId": t.game_id, "seat": {"game_id": t.game_id, "player": 2, "pass": ""}}),
        )
        .await,
    );
    refused(
        t.cmd(&a, "pans_game", json!({"gameId": t.game_id + 1}))
            .await,
    );
    refused(
        t.cmd(
            &a,
            "pans_claim_seat",
            json!({"gameId": t.game_id, "player": 1}),
        )
        .await,
    );
    refused(t.cmd(&a, "pans_command", json!({"gameId": t.game_id, "command": {"type": "draw", "player": 2, "pile": "distance"}, "since": 0})).await);
    // The host's commands are not a seat's, whatever the arguments.
    refused(t.cmd(&a, "delete_game", json!({"gameId": t.game_id})).await);
    refused(t.cmd(&a, "pans_undo", json!({"gameId": t.game_id})).await);
    let (code, e) = t.cmd(&a, "no_such_thing", json!({})).await;
    assert_eq!((code, e["code"].as_str()), (404, Some("unknown-command")));
    let (code, e) = t
        .cmd(
            &a,
            "set_sleeve",
            json!({"gameId": t.game_id, "sleeve": sleeve(), "since": 0, "extra": 1}),
        )
        .await;
    assert_eq!(
        (code, e["code"].as_str()),
        (400, Some("bad-request")),
        "{e}"
    );
    assert_eq!(t.steps().await, 0);
    assert!(t.companion.pans_game(t.game_id).await.is_ok());
    // The seat's own hand is its own.
    let (code, h) = t.cmd(&a, "pans_hand", json!({"gameId": t.game_id})).await;
    assert_eq!((code, h["player"].as_u64()), (200, Some(0)), "{h}");
}

#[tokio::test]
async fn a_replayed_or_stale_command_is_refused_as_the_table_changed() {
    let t = Table::new(2, 14).await;
    let (a, b) = (t.seat(0).await, t.seat(1).await);
    let (code, _) = t.cmd(&a, "set_sleeve", sleeve_args(&t, 0, 0)).await;
    assert_eq!(code, 200);
    // The same request again: made against step 0, the table is at step 1.
    let (code, e) = t.cmd(&a, "set_sleeve", sleeve_args(&t, 0, 0)).await;
    assert_eq!(
        (code, e["code"].as_str()),
        (409, Some("table-changed")),
        "{e}"
    );
    let (code, e) = t.cmd(&b, "set_sleeve", sleeve_args(&t, 1, 0)).await;
    assert_eq!(
        (code, e["code"].as_str()),
        (409, Some("table-changed")),
        "{e}"
    );
    // A command without the step it was decided on is not run at all.
    let (code, e) = t
        .cmd(
            &b,
            "set_sleeve",
            json!({"gameId": t.game_id, "player": 1, "sleeve": sleeve()}),
        )
        .await;
    assert_eq!(
        (code, e["code"].as_str()),
        (400, Some("bad-request")),
        "{e}"
    );
    assert_eq!(t.steps().await, 1);
    let (code, _) = t.cmd(&b, "set_sleeve", sleeve_args(&t, 1, 1)).await;
    assert_eq!(code, 200);
    assert_eq!(t.steps().await, 2);
}

#[tokio::test]
async fn forged_origin_or_host_and_changes_by_get_are_refused() {
    let t = Table::new(2, 15).await;
    let a = t.seat(0).await;
    let stored = seats_stored(&t).await;
    let here = t.addr().to_string();
    let body = sleeve_args(&t, 0, 0).to_string();
    let auth = ("Authorization".to_string(), format!("Bearer {a}"));
    let evil = ("Origin".to_string(), "http://evil.example".to_string());
    let (code, e) = http(
        t.addr(),
        "POST",
        "/lan/cmd/set_sleeve",
        &here,
        &[auth.clone(), evil],
        &body,
    )
    .await;
    assert_eq!(
        (code, e["code"].as_str()),
        (403, Some("forbidden-origin")),
        "{e}"
    );
    let (code, e) = http(
        t.addr(),
        "POST",
        "/lan/cmd/set_sleeve",
        &here,
        std::slice::from_ref(&auth),
        &body,
    )
    .await;
    assert_eq!(
        (code, e["code"].as_str()),
        (403, Some("forbidden-origin")),
        "{e}"
    );
    // DNS rebinding: a name that resolves to this address is still not this table.
    let origin = ("Origin".to_string(), t.origin());
    let (code, e) = http(
        t.addr(),
        "POST",
        "/lan/cmd/set_sleeve",
        &format!("rebind.example:{}", t.addr().port()),
        &[auth.clone(), origin.clone()],
        &body,
    )
    .await;
    assert_eq!(
        (code, e["code"].as_str()),
        (421, Some("forbidden-host")),
        "{e}"
    );
    let (code, _) = http(t.addr(), "GET", "/", "evil.example", &[], "").await;
    assert_eq!(code, 421);
    // GET never acts.
    for path in ["/lan/cmd/set_sleeve", "/lan/join", "/lan/join/status"] {
        let (code, _) = http(
            t.addr(),
            "GET",
            path,
            &here,
            &[auth.clone(), origin.clone()],
            &body,
        )
        .await;
        assert_eq!(code, 405, "{path}");
    }
    // A WebSocket from another page is refused before it opens.
    let mut req = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
        format!("ws://{here}/lan/ws"),
    )
    .unwrap();
    req.headers_mut()
        .insert("Origin", "http://evil.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(req).await.is_err());
    assert_eq!(t.steps().await, 0);
    assert_eq!(seats_stored(&t).await, stored);
}

#[tokio::test]
async fn the_page_carries_the_strict_policy() {
    let t = Table::new(2, 16).await;
    let (code, head, body) =
        http_raw(t.addr(), "GET", "/?join=x", &t.addr().to_string(), &[], "").await;
    assert_eq!(code, 200);
    assert!(body.contains("<title>"));
    let head = head.to_ascii_lowercase();
    assert!(
        head.contains("content-security-policy: default-src 'self'; script-src 'self'"),
        "{head}"
    );
    assert!(head.contains("referrer-policy: no-referrer"));
    assert!(head.contains("x-frame-options: deny"));
}

#[tokio::test]
async fn join_secrets_are_one_time_and_attempts_are_limited() {
    let t = Table::new(2, 17).await;
    let secret = t.host.join_url().split("join=").nth(1).unwrap().to_string();
    let ask =
        |s: &str| json!({"secret": s, "seat": {"kind": "hero", "player": 0}, "name": "phone"});
    let (code, _) = t.post("/lan/join", None, ask(&secret)).await;
    assert_eq!(code, 200);
    let (code, e) = t.post("/lan/join", None, ask(&secret)).await;
    assert_eq!(
        (code, e["code"].as_str()),
        (403, Some("bad-join-secret")),
        "{e}"
    );
    for _ in 0..8 {
        t.post("/lan/join", None, ask("guess")).await;
    }
    let fresh = t.host.join_url().split("join=").nth(1).unwrap().to_string();
    let (code, e) = t.post("/lan/join", None, ask(&fresh)).await;
    assert_eq!(
        (code, e["code"].as_str()),
        (429, Some("too-many-attempts")),
        "{e}"
    );
    // Waiting is not a seat: nothing was stored.
    assert_eq!(seats_stored(&t).await, 0);
    // A refused device collects nothing.
    let invite = t.host.invite().await.unwrap();
    assert_eq!(invite.waiting.len(), 1);
    t.host.refuse(invite.waiting[0].id).unwrap();
    assert!(t.host.invite().await.unwrap().waiting.is_empty());
    assert!(invite.qr_svg.contains("<svg"));
}

/// Closes the table's host and opens a new one for the same game on the same port (the
/// database and its folder kept).
async fn reopen(t: Table) -> (neverland_lan_host::LanHost, tempfile::TempDir) {
    let port = t.addr().port();
    let Table {
        host,
        dir,
        companion,
        game_id,
    } = t;
    host.close().await;
    (common::open_host(companion, game_id, port).await, dir)
}

#[tokio::test]
async fn a_seat_keeps_its_token_when_the_host_closes_and_opens_again() {
    let t = Table::new(2, 18).await;
    let a = t.seat(0).await;
    let (host, dir) = reopen(t).await;
    let origin = format!("http://{}", host.addr());
    let (code, v) = http(
        host.addr(),
        "POST",
        "/lan/cmd/pans_hand",
        &host.addr().to_string(),
        &[
            ("Origin".into(), origin),
            ("Authorization".into(), format!("Bearer {a}")),
        ],
        "{}",
    )
    .await;
    assert_eq!((code, v["player"].as_u64()), (200, Some(0)), "{v}");
    host.close().await;
    drop(dir);
}

#[tokio::test]
async fn after_a_restore_no_device_gets_in_with_an_old_token() {
    let t = Table::new(2, 19).await;
    let a = t.seat(0).await;
    t.companion.daily_backup().await.unwrap();
    let b = t.seat(1).await;
    let mut wa = t.socket(&a).await;
    assert_eq!(next_frame(&mut wa).await.unwrap()["type"], "table");
    let (code, v) = t.cmd(&a, "pans_hand", json!({"gameId": t.game_id})).await;
    assert_eq!(code, 200, "{v}");
    let name = t.companion.list_backups().await.unwrap()[0].name.clone();
    t.companion.restore_backup(name).await.unwrap();
    // The table open before the restore is closed to every device: the seat in the restored
    // file, the one admitted after, and a new join.
    t.host.table_changed();
    assert_ne!(
        next_frame(&mut wa).await.map(|f| f["type"].clone()),
        Some(json!("table"))
    );
    for token in [&a, &b] {
        let (code, e) = t
            .cmd(token, "pans_hand", json!({"gameId": t.game_id}))
            .await;
        assert_eq!(
            (code, e["code"].as_str()),
            (503, Some("table-closed")),
            "{e}"
        );
    }

    // Opened again on the restored file: the restored seat is revoked, the later one unknown.
    let (host, dir) = reopen(t).await;
    let origin = format!("http://{}", host.addr());
    for (token, code) in [(&a, "revoked"), (&b, "bad-token")] {
        let (status, v) = http(
            host.addr(),
            "POST",
            "/lan/cmd/pans_hand",
            &host.addr().to_string(),
            &[
                ("Origin".into(), origin.clone()),
                ("Authorization".into(), format!("Bearer {token}")),
            ],
            "{}",
        )
        .await;
        assert_eq!((status, v["code"].as_str()), (401, Some(code)), "{v}");
    }
    host.close().await;
    drop(dir);
}
