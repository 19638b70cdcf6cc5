//! Data-driven rule cases (`tests/rules/*.json`): a table position, the commands that lead up to
//! the one under test, the command, and what must follow (a refusal naming the reason, or parts
//! of the game state). One `check` helper runs them all.

use neverland_legacy::engine::{Command, Game};
use neverland_legacy::map::Map;
use neverland_legacy::position::Position;
use neverland_legacy::{Pack, Scenario};
use serde_json::{Value, json};

/// `expected` is contained in `actual`: objects key by key, arrays element by element (same
/// length), anything else equal.
fn contains(actual: &Value, expected: &Value, path: &str) -> Result<(), String> {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => {
            for (k, v) in e {
                let got = a.get(k).unwrap_or(&Value::Null);
                contains(got, v, &format!("{path}.{k}"))?;
            }
            Ok(())
        }
        (Value::Array(a), Value::Array(e)) if a.len() == e.len() => {
            for (i, (x, y)) in a.iter().zip(e).enumerate() {
                contains(x, y, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        _ if actual == expected => Ok(()),
        _ => Err(format!("{path}: got {actual}, expected {expected}")),
    }
}

fn check(name: &str, case: &Value) -> Result<(), String> {
    let pos = Position::from_json(&case["position"].to_string()).map_err(|e| e.to_string())?;
    let pack = Pack::builtin(pos.scenario).map_err(|e| e.to_string())?;
    let map = Map::new(&pack);
    let seed = case["seed"].as_u64().unwrap_or(1);
    let mut g = Game::from_position(&pack, &map, &pos, seed).map_err(|e| e.to_string())?;
    if let Some(deck) = case.get("search_deck") {
        g.search_deck = serde_json::from_value(deck.clone()).map_err(|e| e.to_string())?;
    }
    if let Some(pile) = case.get("search_discard") {
        g.search_discard = serde_json::from_value(pile.clone()).map_err(|e| e.to_string())?;
    }
    if let Some(pile) = case.get("set_aside") {
        g.set_aside = serde_json::from_value(pile.clone()).map_err(|e| e.to_string())?;
    }
    if let Some(deck) = case.get("threat_deck") {
        g.threat_deck = serde_json::from_value(deck.clone()).map_err(|e| e.to_string())?;
    }
    for (i, c) in case["before"].as_array().into_iter().flatten().enumerate() {
        let c: Command =
            serde_json::from_value(c.clone()).map_err(|e| format!("before[{i}]: {e}"))?;
        g.apply(&pack, &map, &c)
            .map_err(|e| format!("before[{i}] {c:?} refused: {e}"))?;
    }
    // "turn": what the active Character has left, set after the commands before (a Morale
    // Check's Stones are random; a case names the Mandatory Actions it needs).
    if let Some(turn) = case.get("turn") {
        g.turn = serde_json::from_value(turn.clone()).map_err(|e| format!("turn: {e}"))?;
    }
    let c: Command =
        serde_json::from_value(case["command"].clone()).map_err(|e| format!("command: {e}"))?;
    let before = g.clone();
    let result = g.apply(&pack, &map, &c);
    let expect = &case["expect"];
    if let Some(why) = expect.get("refused") {
        let Err(e) = result else {
            return Err(format!("{name}: {c:?} was accepted, expected a refusal"));
        };
        if !e.text.contains(why.as_str().unwrap_or("")) {
            return Err(format!("{name}: refused with {:?}, expected {why}", e.text));
        }
        if g != before {
            return Err(format!("{name}: the refusal changed the game"));
        }
        return Ok(());
    }
    result.map_err(|e| format!("{name}: {c:?} refused: {e}"))?;
    let mut actual = serde_json::to_value(&g).map_err(|e| e.to_string())?;
    actual["peek"] = json!(g.peek());
    actual["controlled"] = json!(
        map.names
            .iter()
            .filter(|l| g.controlled(l))
            .collect::<Vec<_>>()
    );
    // "legal_includes": commands the game must accept next (the screen offers them).
    let mut expect = expect.clone();
    if let Some(list) = expect
        .as_object_mut()
        .and_then(|o| o.remove("legal_includes"))
    {
        let legal = g.legal_commands(&pack, &map);
        for (i, c) in list.as_array().into_iter().flatten().enumerate() {
            let c: Command = serde_json::from_value(c.clone())
                .map_err(|e| format!("{name}: legal_includes[{i}]: {e}"))?;
            if !legal.contains(&c) {
                return Err(format!("{name}: {c:?} is not among the legal commands"));
            }
        }
    }
    contains(&actual, &expect, "").map_err(|e| format!("{name}: {e}"))
}

#[test]
fn rule_cases() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/rules");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for f in &files {
        let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(f).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for case in &cases {
            count += 1;
            let name = case["name"].as_str().unwrap_or("?");
            if let Err(e) = check(name, case) {
                failures.push(e);
            }
        }
    }
    assert!(count >= 40, "only {count} rule cases");
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let _ = Scenario::ALL;
}
