//! `neverland warden …` as the contract (`../shared/spec/warden-attack.md`) runs it.

mod common;
use common::neverland;

use serde_json::{Value, json};

fn answer(args: &[&str]) -> Value {
    let (code, out, err) = neverland(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

fn refused(args: &[&str], field: &str) {
    let (code, out, err) = neverland(args);
    assert_eq!(code, 2, "{args:?}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.starts_with("neverland: ") && err.contains(field),
        "{args:?}: {err}"
    );
}

fn engine_cases(name: &str) -> Value {
    let path = format!(
        "{}/../warden/tests/rules/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn attack_answers_every_engine_rule_case() {
    let dir = tempfile::tempdir().unwrap();
    for (i, case) in engine_cases("attacks.json")["cases"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let mut file = json!({"attackers": case["attackers"], "target": case["target"]});
        if case.get("raw").is_none() {
            file["format"] = json!("neverland-warden-attack/1");
        }
        let path = dir.path().join(format!("{i}.json"));
        std::fs::write(&path, file.to_string()).unwrap();
        let path = path.to_str().unwrap();
        match case.get("error") {
            None => assert_eq!(
                answer(&["warden", "attack", path]),
                case["expect"],
                "{case}"
            ),
            Some(field) => refused(&["warden", "attack", path], field.as_str().unwrap()),
        }
    }
    refused(
        &["warden", "attack", "/nonexistent/attack.json"],
        "cannot read",
    );
    refused(&["warden", "attack"], "ATTACK");
}

#[test]
fn attack_answers_the_shared_examples() {
    let root = env!("CARGO_MANIFEST_DIR");
    let candidates = [
        format!("{root}/../../../shared/spec/examples/warden"),
        format!("{root}/../../../../shared/spec/examples/warden"),
    ];
    let Some(dirs) = candidates.iter().find_map(|c| std::fs::read_dir(c).ok()) else {
        // The contract's examples sit beside the checkout; the rule cases above cover the rules.
        return;
    };
    for d in dirs {
        let d = d.unwrap().path();
        let expected: Value =
            serde_json::from_str(&std::fs::read_to_string(d.join("expected.json")).unwrap())
                .unwrap();
        let (code, out, err) =
            neverland(&["warden", "attack", d.join("attack.json").to_str().unwrap()]);
        if let Some(exit) = expected.get("exit") {
            assert_eq!(code as i64, exit.as_i64().unwrap(), "{d:?}");
            assert_eq!(err.trim_end().lines().count(), 1, "{d:?}: {err}");
        } else {
            assert_eq!(code, 0, "{d:?}: {err}");
            let got: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(got, expected, "{d:?}");
        }
    }
}

#[test]
fn save_and_reaction_follow_the_contract() {
    let checks = engine_cases("checks.json");
    for s in checks["saves"].as_array().unwrap() {
        let (a, r) = (s["ability"].to_string(), s["roll"].to_string());
        assert_eq!(
            answer(&["warden", "save", "--ability", &a, "--roll", &r]),
            json!({"passed": s["passed"]})
        );
    }
    for s in checks["bad_saves"].as_array().unwrap() {
        let (a, r) = (s["ability"].as_str().unwrap(), s["roll"].as_str().unwrap());
        refused(
            &["warden", "save", "--ability", a, "--roll", r],
            s["field"].as_str().unwrap(),
        );
    }
    for r in checks["reactions"].as_array().unwrap() {
        assert_eq!(
            answer(&[
                "warden",
                "reaction",
                "--rolls",
                r["rolls"].as_str().unwrap()
            ]),
            json!({"total": r["total"], "reaction": r["reaction"]})
        );
    }
    for bad in checks["bad_reactions"].as_array().unwrap() {
        refused(
            &["warden", "reaction", "--rolls", bad.as_str().unwrap()],
            "--rolls",
        );
    }
    refused(&["warden", "reaction"], "--rolls");
    refused(&["warden", "save", "--roll", "3"], "--ability");
    refused(&["warden", "save", "--ability", "10"], "--roll");
    refused(
        &[
            "warden",
            "save",
            "--ability",
            "10",
            "--roll",
            "3",
            "--seed",
            "1",
        ],
        "--roll",
    );
    refused(
        &["warden", "save", "--ability", "10", "--seed", "-4"],
        "--seed",
    );
}

#[test]
fn seeded_save_and_roll_are_reproducible_and_consistent() {
    for seed in ["0", "7", "18446744073709551615"] {
        let a = answer(&["warden", "save", "--ability", "10", "--seed", seed]);
        assert_eq!(
            a,
            answer(&["warden", "save", "--ability", "10", "--seed", seed])
        );
        let face = a["roll"].as_u64().unwrap();
        assert!((1..=20).contains(&face));
        assert_eq!(a["passed"], json!(face == 1 || (face != 20 && face <= 10)));
    }
    let r = answer(&["warden", "roll", "2d6+1", "--seed", "7"]);
    assert_eq!(r, answer(&["warden", "roll", "2d6+1", "--seed", "7"]));
    let faces = r["faces"].as_array().unwrap();
    assert_eq!(faces.len(), 2);
    let sum: u64 = faces.iter().map(|f| f["face"].as_u64().unwrap()).sum();
    assert_eq!(r["total"].as_u64().unwrap(), sum + 1);
    let m = answer(&["warden", "roll", "max(d6,d10)", "--seed", "3"]);
    let top = m["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["face"].as_u64().unwrap())
        .max();
    assert_eq!(m["total"].as_u64(), top);
    refused(&["warden", "roll", "2d7", "--seed", "1"], "d7");
    refused(&["warden", "roll", "2d6"], "--seed");
    refused(&["warden", "roll", "2d6", "--seed", "x"], "--seed");
}

#[test]
fn replay_prints_a_campaign_and_names_a_refused_step() {
    let dir = tempfile::tempdir().unwrap();
    let pc = json!({"id": "ann", "name": "Ann", "kind": "pc", "str": 12, "dex": 10, "wil": 8, "hp": 6, "armor": 1});
    let mut rec = json!({"format": "neverland-warden-campaign/1", "seed": 5, "log": [
        {"type": "add-creature", "creature": pc},
        {"type": "save", "id": "ann", "ability": "dex", "faces": [4]}
    ]});
    let path = dir.path().join("c.json");
    std::fs::write(&path, rec.to_string()).unwrap();
    let v = answer(&["warden", "replay", path.to_str().unwrap()]);
    assert_eq!(v["steps"], 2);
    assert_eq!(v["rolls"][0]["result"], "passed 4 against DEX 10");
    rec["log"]
        .as_array_mut()
        .unwrap()
        .push(json!({"type": "save", "id": "bob", "ability": "dex"}));
    std::fs::write(&path, rec.to_string()).unwrap();
    refused(&["warden", "replay", path.to_str().unwrap()], "log[2]");
}
