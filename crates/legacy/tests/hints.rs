//! Data-driven hint cases (`tests/hints/*.json`): a position, a Threat colour, and the exact
//! answer. One `check` helper runs them all.

use neverland_legacy::hints::hints;
use neverland_legacy::map::Map;
use neverland_legacy::position::Position;
use neverland_legacy::{Colour, Pack, Scenario};
use serde_json::Value;

fn pack(s: Scenario) -> Pack {
    let text = match s {
        Scenario::LostAllies => include_str!("../../../assets/legacy/lost-allies.json"),
        Scenario::Pirates => include_str!("../../../assets/legacy/pirates.json"),
    };
    Pack::from_json("pack", text).unwrap()
}

fn check(name: &str, case: &Value) -> Option<String> {
    let p = Position::from_json(&case["position"].to_string())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let pack = pack(p.scenario);
    let map = Map::new(&pack);
    p.validate(&pack, &map)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let colour: Colour = serde_json::from_value(case["colour"].clone()).unwrap();
    let got = serde_json::to_value(hints(&pack, &map, &p, colour)).unwrap();
    if got != case["expected"] {
        Some(format!(
            "{name}:\n  got      {got}\n  expected {}",
            case["expected"]
        ))
    } else {
        None
    }
}

#[test]
fn every_priority_line() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/hints");
    let mut n = 0;
    let mut failures = Vec::new();
    for f in std::fs::read_dir(dir).unwrap() {
        let cases: Value =
            serde_json::from_str(&std::fs::read_to_string(f.unwrap().path()).unwrap()).unwrap();
        for c in cases.as_array().unwrap() {
            failures.extend(check(c["name"].as_str().unwrap(), c));
            n += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(n >= 30, "only {n} cases");
}
