//! Data-driven rule cases (`tests/rules/*.json`): attacks in the contract's format, saves,
//! reactions and dice with given faces, and campaign steps that must be accepted or refused.

use neverland_warden::contract::{self, attack_json};
use neverland_warden::dice::{Die, Expr};
use neverland_warden::{Campaign, Command, Tables};
use serde_json::{Value, json};

fn load(name: &str) -> Value {
    let path = format!("{}/tests/rules/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The attack file a case describes.
pub fn attack_text(case: &Value) -> String {
    let mut file = json!({"attackers": case["attackers"], "target": case["target"]});
    if case.get("raw").is_none() {
        file["format"] = json!(contract::ATTACK_FORMAT);
    }
    file.to_string()
}

#[test]
fn attack_cases() {
    let cases = load("attacks.json");
    let list = cases["cases"].as_array().unwrap();
    assert!(list.len() >= 30);
    for case in list {
        let name = case["name"].as_str().unwrap();
        match (attack_json(&attack_text(case)), case.get("error")) {
            (Ok(got), None) => assert_eq!(json!(got), case["expect"], "{name}"),
            (Err(e), Some(field)) => assert_eq!(e.field, field.as_str().unwrap(), "{name}: {e}"),
            (got, _) => panic!("{name}: got {got:?}"),
        }
    }
}

#[test]
fn save_reaction_and_dice_cases() {
    let c = load("checks.json");
    for s in c["saves"].as_array().unwrap() {
        let (a, r) = (
            s["ability"].as_u64().unwrap() as u8,
            s["roll"].as_u64().unwrap() as u8,
        );
        assert_eq!(contract::save_passes(a, r), s["passed"], "{s}");
    }
    for s in c["bad_saves"].as_array().unwrap() {
        let e = contract::save_args(s["ability"].as_str().unwrap(), s["roll"].as_str().unwrap())
            .unwrap_err();
        assert_eq!(e.field, s["field"].as_str().unwrap(), "{s}");
    }
    let tables = Tables::builtin();
    for r in c["reactions"].as_array().unwrap() {
        let (total, id) = contract::reaction_rolls(r["rolls"].as_str().unwrap()).unwrap();
        assert_eq!(
            (json!(total), json!(id)),
            (r["total"].clone(), r["reaction"].clone())
        );
        assert_eq!(tables.reaction(total).id, id);
    }
    for bad in c["bad_reactions"].as_array().unwrap() {
        let e = contract::reaction_rolls(bad.as_str().unwrap()).unwrap_err();
        assert_eq!(e.field, "--rolls");
    }
    for d in c["dice"].as_array().unwrap() {
        let mut faces: Vec<u8> = serde_json::from_value::<Vec<u8>>(d["faces"].clone())
            .unwrap()
            .into_iter()
            .rev()
            .collect();
        let roll = Expr::parse(d["dice"].as_str().unwrap())
            .unwrap()
            .roll_with(&mut |die: Die| {
                let f = faces.pop().expect("enough faces");
                assert!(die.holds(f as u32));
                f
            });
        assert!(faces.is_empty(), "{d}");
        assert_eq!(json!(roll.total), d["total"], "{d}");
    }
}

fn command(cast: &Value, step: &Value, key: &str) -> Command {
    let v = if key == "add" {
        json!({"type": "add-creature", "creature": cast[step["add"].as_str().unwrap()]})
    } else {
        step[key].clone()
    };
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("bad command {v}: {e}"))
}

#[test]
fn campaign_cases() {
    let file = load("campaign.json");
    let tables = Tables::builtin();
    let cast = &file["cast"];
    for case in file["cases"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let mut g = Campaign::new(case["seed"].as_u64().unwrap_or(1));
        let mut log = Vec::new();
        for (i, step) in case["steps"].as_array().unwrap().iter().enumerate() {
            if step.get("add").is_some() || step.get("do").is_some() {
                let key = if step.get("add").is_some() {
                    "add"
                } else {
                    "do"
                };
                let cmd = command(cast, step, key);
                g.apply(&tables, &cmd)
                    .unwrap_or_else(|r| panic!("{name} step {i}: refused: {r}"));
                log.push(cmd);
            } else if step.get("refuse").is_some() {
                let before = g.clone();
                let r = g
                    .apply(&tables, &command(cast, step, "refuse"))
                    .expect_err(&format!("{name} step {i}: accepted"));
                let because = step["because"].as_str().unwrap();
                assert!(r.text.contains(because), "{name} step {i}: {r}");
                assert_eq!(g, before, "{name} step {i}: a refusal changed the state");
            } else {
                let view = json!(g.view());
                for (ptr, want) in step["expect"].as_object().unwrap() {
                    let got = view.pointer(ptr).unwrap_or(&Value::Null);
                    assert_eq!(got, want, "{name} step {i}: {ptr}");
                }
            }
        }
        let replayed = Campaign::replay(g.seed, &log, &tables).unwrap();
        assert_eq!(replayed, g, "{name}: replay differs");
    }
}
