//! The Destiny advisor on situations whose answer is known by hand (`tests/advice/cases.json`):
//! a colour that kills a Hostage, one that fells a Character, a tie whose best and worst differ,
//! a Search whose card decides a loss, a Search whose card leaves a Hostage among Enemies. Each
//! case names only the figures it checks.

use neverland_legacy::advice::{self, Advice, Budget, ColourAdvice, Cost, Situation};
use neverland_legacy::map::Map;
use neverland_legacy::pack::Pack;
use serde_json::Value;

fn colour_of<'a>(a: &'a Advice, id: &str) -> &'a ColourAdvice {
    a.colours
        .iter()
        .find(|c| c.colour.id() == id)
        .unwrap_or_else(|| panic!("no advice for {id}"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Checks the figures `want` names against `got`; returns what differs.
fn check_cost(name: &str, got: &Cost, want: &Value) -> Vec<String> {
    let mut bad = Vec::new();
    if let Some(l) = want.get("lose") {
        let l = l.as_f64().expect("a number");
        if !close(got.lose, l) {
            bad.push(format!("{name}: lose {} not {l}", got.lose));
        }
    }
    if let Some(f) = want.get("found_by_enemies") {
        let f = f.as_f64().expect("a number");
        let have = got.found_by_enemies.unwrap_or(0.0);
        if !close(have, f) {
            bad.push(format!("{name}: found by enemies {have} not {f}"));
        }
    }
    for (cause, p) in want
        .get("losses")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let have = got
            .losses
            .iter()
            .find(|l| serde_json::to_value(l.cause).unwrap() == *cause)
            .map_or(0.0, |l| l.chance);
        if !close(have, p.as_f64().unwrap()) {
            bad.push(format!("{name}: {cause} {have} not {p}"));
        }
    }
    for (id, w) in want
        .get("characters")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let c = got.characters.iter().find(|c| c.character == *id);
        let have = c.map(|c| [c.wounds, c.despair, c.falls]);
        let w: Vec<f64> = w
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        if !have.is_some_and(|h| h.iter().zip(&w).all(|(a, b)| close(*a, *b))) {
            bad.push(format!(
                "{name}: {id} [wounds, despair, falls] {have:?} not {w:?}"
            ));
        }
    }
    for (id, w) in want
        .get("hostages")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let h = got.hostages.iter().find(|h| h.hostage == *id);
        let have = h.map(|h| [h.killed, h.rescued_by_fairy]);
        let w = [w[0].as_f64().unwrap(), w[1].as_f64().unwrap()];
        if !have.is_some_and(|h| close(h[0], w[0]) && close(h[1], w[1])) {
            bad.push(format!("{name}: {id} [killed, rescued] {have:?} not {w:?}"));
        }
    }
    bad
}

#[test]
fn hand_checked_cases() {
    let cases: Vec<Value> =
        serde_json::from_str(include_str!("advice/cases.json")).expect("the cases file");
    let mut failures = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let s = Situation::from_json(&case["situation"].to_string()).expect("a situation");
        let pack = Pack::builtin(s.position.scenario).unwrap();
        let map = Map::new(&pack);
        let game = s.game(&pack, &map).expect("a situation that fits the pack");
        let a = advice::advise(&pack, &map, &game, None, Budget::default()).unwrap();
        for (colour, want) in case["expect"].as_object().unwrap() {
            let got = colour_of(&a, colour);
            let n = format!("{name} / {colour}");
            if let Some(r) = want.get("route") {
                let have = serde_json::to_value(got.route).unwrap();
                if have != *r {
                    failures.push(format!("{n}: route {have} not {r}"));
                }
            }
            if let Some(e) = want.get("exact")
                && Value::Bool(got.exact) != *e
            {
                failures.push(format!("{n}: exact {} not {e}", got.exact));
            }
            failures.extend(check_cost(&format!("{n} best"), &got.best, &want["best"]));
            failures.extend(check_cost(
                &format!("{n} worst"),
                &got.worst,
                &want["worst"],
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_situation_that_does_not_fit_names_the_field() {
    let mut case: Value =
        serde_json::from_str::<Vec<Value>>(include_str!("advice/cases.json")).unwrap()[0].clone();
    let pack = Pack::builtin(neverland_legacy::Scenario::LostAllies).unwrap();
    let map = Map::new(&pack);
    let read = |v: &Value| {
        Situation::from_json(&v.to_string())
            .and_then(|s| s.game(&pack, &map))
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    case["situation"]["threat"] = "purple-9".into();
    assert_eq!(
        read(&case["situation"]).unwrap_err(),
        "threat: \"purple-9\" is not a Threat card of this scenario"
    );
    case["situation"]["threat"] = "red-1".into();
    case["situation"]["search_discard"] = serde_json::json!(["junk-1", "junk-1"]);
    assert_eq!(
        read(&case["situation"]).unwrap_err(),
        "search_discard[1]: \"junk-1\" is listed twice, or not in this game's deck"
    );
    case["situation"]["search_discard"] = serde_json::json!([]);
    case["situation"]["position"]["characters"][0]["at"] = "mid-dek".into();
    assert_eq!(
        read(&case["situation"]).unwrap_err(),
        "position.characters[0].at: unknown location \"mid-dek\""
    );
}
