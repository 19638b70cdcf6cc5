//! Reading positions: every way a position can be wrong names its field.

use neverland_legacy::map::Map;
use neverland_legacy::position::Position;
use neverland_legacy::{Pack, Scenario};
use serde_json::{Value, json};

fn read(v: &Value) -> Result<Position, String> {
    let p = Position::from_json(&v.to_string()).map_err(|e| e.path)?;
    let text = match p.scenario {
        Scenario::LostAllies => include_str!("../../../assets/legacy/lost-allies.json"),
        Scenario::Pirates => include_str!("../../../assets/legacy/pirates.json"),
    };
    let pack = Pack::from_json("pack", text).unwrap();
    p.validate(&pack, &Map::new(&pack)).map_err(|e| e.path)?;
    Ok(p)
}

fn base() -> Value {
    json!({"format": "neverland-legacy-position/1", "scenario": "lost-allies",
           "characters": [{"id": "peter-pan", "at": "mid-deck"}],
           "enemies": [{"id": "raider-1", "kind": "raider", "at": "bow"}]})
}

fn with(path: &[&str], value: Value) -> Value {
    let mut v = base();
    let mut cur = &mut v;
    for (i, key) in path.iter().enumerate() {
        if i + 1 == path.len() {
            match (key.parse::<usize>(), cur.as_array_mut()) {
                (Ok(n), Some(a)) if n == a.len() => a.push(value.clone()),
                (Ok(n), _) => cur[n] = value.clone(),
                (Err(_), _) => cur[*key] = value.clone(),
            }
            break;
        }
        cur = match key.parse::<usize>() {
            Ok(n) => &mut cur[n],
            Err(_) => &mut cur[*key],
        };
    }
    v
}

#[test]
fn a_good_position_reads_with_defaults() {
    let p = read(&base()).unwrap();
    let c = &p.characters[0];
    assert!(c.destiny && !c.fallen && c.wounds == 0 && c.items.is_empty());
    assert_eq!(p.rowboat, None);
}

#[test]
fn every_error_names_its_field() {
    let many_raiders: Vec<Value> = (0..9)
        .map(|i| json!({"id": format!("r{i}"), "kind": "raider", "at": "bow"}))
        .collect();
    let cases: Vec<(Value, &str)> = vec![
        (with(&["format"], json!("legacy/2")), "format"),
        (with(&["scenario"], json!("ninjas")), "scenario"),
        (
            with(&["characters", "0", "at"], json!("mid-dek")),
            "characters[0].at",
        ),
        (
            with(&["characters", "0", "id"], json!("captain-hook")),
            "characters[0].id",
        ),
        (
            with(&["characters", "0", "wounds"], json!(4)),
            "characters[0].wounds",
        ),
        (
            with(&["characters", "0", "despair"], json!(5)),
            "characters[0].despair",
        ),
        (with(&["characters", "0", "coins"], json!(7)), "characters"),
        (
            with(&["characters", "0", "wounds"], json!("two")),
            "characters[0].wounds",
        ),
        (
            with(&["characters", "0", "carrying"], json!(["john"])),
            "characters[0].carrying[0]",
        ),
        (
            with(
                &["characters", "1"],
                json!({"id": "peter-pan", "at": "bow"}),
            ),
            "characters[1].id",
        ),
        (
            with(&["enemies", "0", "kind"], json!("kraken")),
            "enemies[0].kind",
        ),
        (
            with(&["enemies", "0", "at"], json!("neverland")),
            "enemies[0].at",
        ),
        (
            with(
                &["enemies", "1"],
                json!({"id": "raider-1", "kind": "raider", "at": "hold"}),
            ),
            "enemies[1].id",
        ),
        (with(&["enemies"], json!(many_raiders)), "enemies[8].kind"),
        (
            with(
                &["named_enemies"],
                json!([{"id": "peter-pan", "at": "hold"}]),
            ),
            "named_enemies[0].id",
        ),
        (
            with(
                &["named_enemies"],
                json!([{"id": "captain-hook", "at": "hold", "wounds": 3}]),
            ),
            "named_enemies[0].wounds",
        ),
        (
            with(&["search_tokens"], json!({"attic": 1})),
            "search_tokens.attic",
        ),
        (
            with(&["search_tokens"], json!({"bow": 9, "hold": 8})),
            "search_tokens",
        ),
        (
            with(&["hostages"], json!([{"id": "wendy", "at": "hold"}])),
            "hostages[0].id",
        ),
        (
            with(
                &["hostages"],
                json!([{"id": "john", "at": "hold"}, {"id": "john", "at": "bow"}]),
            ),
            "hostages[1].id",
        ),
        (with(&["rowboat"], json!("bow")), "rowboat"),
        (
            with(&["enemies", "0"], json!({"id": "raider-1", "at": "bow"})),
            "enemies[0]",
        ),
    ];
    for (v, field) in cases {
        assert_eq!(read(&v).err().as_deref(), Some(field), "{v}");
    }
}

#[test]
fn a_carried_hostage_may_not_also_stand_on_the_board() {
    let v = json!({"format": "neverland-legacy-position/1", "scenario": "pirates",
        "characters": [{"id": "smee", "at": "plains", "carrying": ["john"]}],
        "hostages": [{"id": "john", "at": "plains"}]});
    assert_eq!(read(&v).err().as_deref(), Some("hostages[0].id"));
}
