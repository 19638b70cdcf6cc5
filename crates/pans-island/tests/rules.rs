//! Data-driven rule cases (`tests/rules/*.json`). A case sets up a game, plays a log that must be
//! accepted, then tries commands that must be accepted or refused (with a word of the reason),
//! and checks fields of the public view by JSON pointer. `$hand:P:I` stands for the id of the
//! I-th card in player P's hand at that moment; `$gauge:P:I` for the I-th card on player P's gauge; `$discard:top` for the top of the discard.

use neverland_pans_island::board::Board;
use neverland_pans_island::content::{Events, Visions};
use neverland_pans_island::game::{Command, Game, Setup};
use serde_json::Value;

fn resolve(g: &Game, v: &Value) -> Value {
    match v {
        Value::String(s) if s.starts_with("$hand:") => {
            let parts: Vec<usize> = s[6..].split(':').map(|x| x.parse().unwrap()).collect();
            Value::String(g.hand_ids(parts[0])[parts[1]].clone())
        }
        Value::String(s) if s.starts_with("$gauge:") => {
            let parts: Vec<usize> = s[7..].split(':').map(|x| x.parse().unwrap()).collect();
            Value::String(
                g.public_view().players[parts[0]].gauge[parts[1]]
                    .card
                    .clone(),
            )
        }
        Value::String(s) if s == "$discard:top" => Value::String(
            g.public_view()
                .discard
                .last()
                .expect("discard not empty")
                .card
                .clone(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(|x| resolve(g, x)).collect()),
        Value::Object(o) => {
            Value::Object(o.iter().map(|(k, x)| (k.clone(), resolve(g, x))).collect())
        }
        other => other.clone(),
    }
}

fn command(g: &Game, v: &Value) -> Command {
    serde_json::from_value(resolve(g, v)).unwrap_or_else(|e| panic!("bad command {v}: {e}"))
}

/// Expands the shorthand `{"visions": "gauge"}` (or `"discard"`): every player draws 2
/// (Distance, Direction) and plays their first 2 cards to the right neighbour's gauge at 0.5 (or
/// discards them); then the first player starts acting.
fn expand(log: &[Value], players: usize) -> Vec<Value> {
    let mut out = Vec::new();
    for v in log {
        if let Some(how) = v.get("visions") {
            let target = if how == "discard" {
                serde_json::json!({"to": "discard"})
            } else {
                serde_json::json!({"to": "gauge", "at": 0.5})
            };
            for p in 0..players {
                out.push(serde_json::json!({"type": "draw", "player": p, "pile": "distance"}));
                out.push(serde_json::json!({"type": "draw", "player": p, "pile": "direction"}));
                for _ in 0..2 {
                    out.push(serde_json::json!({"type": "play", "player": p, "card": format!("$hand:{p}:0"), "target": target}));
                }
            }
            out.push(serde_json::json!({"type": "start-acting"}));
        } else {
            out.push(v.clone());
        }
    }
    out
}

fn check(name: &str, case: &Value) {
    let setup: Setup = serde_json::from_value(case["setup"].clone()).unwrap();
    let events = Events::builtin();
    let chosen: Vec<_> = setup
        .events
        .iter()
        .map(|id| {
            events
                .get(id)
                .unwrap_or_else(|| panic!("{name}: no event {id}"))
        })
        .collect();
    let mut g = Game::new(
        &Board::builtin(),
        &Visions::builtin(),
        &chosen,
        &setup,
        case["seed"].as_u64().unwrap_or(1),
    )
    .unwrap();
    let n = setup.heroes.len();
    let empty = vec![];
    for (i, v) in expand(case["log"].as_array().unwrap_or(&empty), n)
        .iter()
        .enumerate()
    {
        let c = command(&g, v);
        g.apply(&c)
            .unwrap_or_else(|e| panic!("{name}: log step {i} {c:?} refused: {e}"));
    }
    for t in case["then"].as_array().unwrap_or(&empty) {
        let c = command(&g, &t["apply"]);
        let before = serde_json::to_value(g.public_view()).unwrap();
        match (g.apply(&c), t.get("refused")) {
            (Ok(()), None) => {}
            (Ok(()), Some(why)) => panic!("{name}: {c:?} was accepted, expected refusal ({why})"),
            (Err(e), None) => panic!("{name}: {c:?} refused: {e}"),
            (Err(e), Some(why)) => {
                assert!(
                    e.text.contains(why.as_str().unwrap()),
                    "{name}: refusal {e:?} does not say {why}"
                );
                assert_eq!(
                    serde_json::to_value(g.public_view()).unwrap(),
                    before,
                    "{name}: a refusal changed the game"
                );
            }
        }
    }
    let view = serde_json::to_value(g.public_view()).unwrap();
    for (pointer, want) in case["expect"]
        .as_object()
        .unwrap_or(&serde_json::Map::new())
    {
        let got = view
            .pointer(pointer)
            .unwrap_or_else(|| panic!("{name}: no {pointer} in {view}"));
        assert_eq!(got, want, "{name}: {pointer}");
    }
}

#[test]
fn every_rule_case() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/rules");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut n = 0;
    for f in files {
        let cases: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        for case in cases.as_array().unwrap() {
            check(case["name"].as_str().unwrap(), case);
            n += 1;
        }
    }
    assert!(n >= 25, "only {n} rule cases");
}
