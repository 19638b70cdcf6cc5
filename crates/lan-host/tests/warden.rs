//! Player seats at the Warden's campaign: each follows the party's view. The foes' hidden
//! figures (abilities, HP, Armor, items), the rolls made by or against them, the Warden's own
//! rolls and the command history (which carries the foes' numbers) never reach a player's seat,
//! over a fight played from the window while the seats watch.

mod common;

use common::{Table, next_frame};
use neverland_lan_host::Seat;
use serde_json::{Value, json};

fn add(id: &str, kind: &str, s: u8, d: u8, w: u8, hp: u8, armor: u8) -> Value {
    json!({"type": "add-creature", "creature": {"id": id, "name": id.to_uppercase(), "kind": kind,
        "str": s, "dex": d, "wil": w, "hp": hp, "armor": armor}})
}

/// The foe's item, a word found nowhere else.
const SECRET_ITEM: &str = "Obsidian-Key-of-Qx";

fn fight() -> Vec<Value> {
    vec![
        json!({"type": "attack", "attackers": [{"id": "wendy", "dice": ["d8"]}], "targets": ["croc"], "faces": [5]}),
        json!({"type": "attack", "attackers": [{"id": "croc", "dice": ["d10"]}], "targets": ["wendy"], "faces": [2]}),
        json!({"type": "save", "id": "croc", "ability": "wil"}),
        json!({"type": "reaction", "id": "croc"}),
        json!({"type": "save", "id": "wendy", "ability": "dex"}),
        json!({"type": "initiative"}),
    ]
}

/// Checks one frame a player's seat received.
fn check(frame: &Value) {
    let view = &frame["view"];
    let state = &view["state"];
    assert!(view.get("history").is_none(), "{frame}");
    let text = frame.to_string();
    assert!(
        !text.contains(SECRET_ITEM),
        "a foe's item reached a seat: {text}"
    );
    let others = state["others"].as_array().unwrap();
    assert_eq!(others.len(), 1);
    let mut keys: Vec<&String> = others[0].as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        ["critical", "dead", "fled", "id", "kind", "name"],
        "{frame}"
    );
    for c in state["party"].as_array().unwrap() {
        assert_eq!(c["kind"], "pc", "{frame}");
    }
    for r in state["rolls"].as_array().unwrap() {
        assert!(
            r["who"] == "wendy" || r["who"] == "john",
            "a roll not a player character's reached a seat: {r}"
        );
    }
}

#[tokio::test]
async fn the_foes_hidden_figures_never_reach_a_players_seat() {
    let t = Table::warden(vec![
        add("wendy", "pc", 9, 14, 11, 6, 1),
        add("john", "pc", 12, 8, 10, 5, 0),
        add("croc", "monster", 17, 13, 16, 15, 2),
        json!({"type": "add-item", "id": "croc", "item": {"name": SECRET_ITEM, "place": "body"}}),
    ])
    .await;
    let player = |c: &str| Seat::Player {
        creature: c.to_string(),
    };
    let (w, j) = (
        t.seat_as(player("wendy")).await,
        t.seat_as(player("john")).await,
    );
    let mut sockets = vec![t.socket(&w).await, t.socket(&j).await];
    let mut frames = Vec::new();
    for ws in &mut sockets {
        frames.push(next_frame(ws).await.unwrap());
    }
    let start = frames[0]["steps"].as_i64().unwrap();
    for (i, c) in fight().into_iter().enumerate() {
        t.host
            .window()
            .run(
                t.companion
                    .warden_command(t.game_id, serde_json::from_value(c).unwrap()),
            )
            .await
            .unwrap();
        for ws in &mut sockets {
            let f = next_frame(ws).await.unwrap();
            assert_eq!(f["steps"].as_i64(), Some(start + i as i64 + 1));
            frames.push(f);
        }
    }
    for f in &frames {
        check(f);
    }
    // The window sees the foe whole, the rolls against it too: the checks above are not empty.
    let window =
        serde_json::to_string(&t.companion.warden_campaign(t.game_id).await.unwrap()).unwrap();
    assert!(window.contains(SECRET_ITEM) && window.contains("\"who\":\"croc\""));
    let last = frames.last().unwrap();
    assert!(
        !last["view"]["state"]["rolls"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(last["view"]["state"]["party"].as_array().unwrap().len(), 2);
    // A player's seat sends no commands: the Warden runs the table.
    let (code, e) = t
        .cmd(
            &w,
            "warden_command",
            json!({"gameId": t.game_id, "command": fight()[0]}),
        )
        .await;
    assert_eq!(
        (code, e["code"].as_str()),
        (403, Some("not-your-seat")),
        "{e}"
    );
    let (code, e) = t
        .cmd(&w, "warden_campaign", json!({"gameId": t.game_id}))
        .await;
    assert_eq!(
        (code, e["code"].as_str()),
        (403, Some("not-your-seat")),
        "{e}"
    );
    // A foe is no seat.
    let secret = t.host.join_url().split("join=").nth(1).unwrap().to_string();
    let (code, _) = t
        .post(
            "/lan/join",
            None,
            json!({"secret": secret, "seat": player("croc"), "name": "x"}),
        )
        .await;
    assert_eq!(code, 400);
}
