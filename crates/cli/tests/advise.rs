//! `neverland legacy advise`: what each Threat colour would cost, as JSON, for a drawn-card
//! situation or a whole game file standing at a drawn card; bad files get one line and status 2.

mod common;

use common::neverland;
use serde_json::Value;

fn cases() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../legacy/tests/advice/cases.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn advise_prints_one_colour_or_all_three() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("threat.json");
    // The Raider stands on John: red kills him (a loss); blue and yellow do not.
    std::fs::write(&file, cases()[0]["situation"].to_string()).unwrap();
    let (code, out, err) = neverland(&[
        "legacy",
        "advise",
        "--colour",
        "red",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["card"], "red-1");
    let colours = v["colours"].as_array().unwrap();
    assert_eq!(colours.len(), 1);
    assert_eq!(colours[0]["colour"], "red");
    assert_eq!(colours[0]["best"]["lose"], 1.0);
    assert_eq!(colours[0]["best"]["losses"][0]["cause"], "hostage-killed");
    assert_eq!(colours[0]["best"]["hostages"][0]["killed"], 1.0);

    let (code, out, err) = neverland(&["legacy", "advise", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let names: Vec<&str> = v["colours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["colour"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["red", "blue", "yellow"]);
    assert_eq!(v["colours"][1]["route"], "destiny");
    assert_eq!(v["colours"][1]["worst"]["lose"], 0.0);
}

#[test]
fn advise_reads_a_game_file_at_a_drawn_card() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    let game = |log: &str| {
        format!(
            r#"{{"format":"neverland-legacy-game/1","scenario":"lost-allies","seed":"2",
               "setup":{{"players":2,"characters":[],"physical_threat_deck":false}},"log":{log}}}"#
        )
    };
    // Seed 2 draws red-1 (seed 5 would draw the Named Enemy card, which has no colour).
    let drawn = r#"[{"type":"morale-check"},{"type":"end-actions"},{"type":"draw-threat"}]"#;
    std::fs::write(&file, game(drawn)).unwrap();
    let (code, out, err) = neverland(&["legacy", "advise", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["colours"].as_array().unwrap().len(), 3);
    assert!(v["unseen_search_cards"].as_u64().unwrap() > 0);

    std::fs::write(&file, game(r#"[{"type":"morale-check"}]"#)).unwrap();
    let (code, out, err) = neverland(&["legacy", "advise", file.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.ends_with("there is no drawn Threat card waiting to be resolved\n"),
        "{err}"
    );
}

#[test]
fn advise_refuses_a_bad_situation_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("threat.json");
    let mut s = cases()[1]["situation"].clone();
    s["threat"] = "red-99".into();
    std::fs::write(&file, s.to_string()).unwrap();
    let (code, out, err) = neverland(&["legacy", "advise", file.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("threat: \"red-99\" is not a Threat card of this scenario"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    let (code, _, err) = neverland(&["legacy", "advise", "--colour", "green", "x.json"]);
    assert_eq!(code, 2, "{err}");
}
