//! Data-driven referee cases: each `tests/cases/*.json` holds a situation and what it must give
//! (a verdict, or the field an error must name). One `check` helper runs them all.

use neverland_pans_island::check_json;
use serde_json::Value;

fn check(name: &str, case: &Value) {
    let situation = case["situation"].to_string();
    let got = check_json(&situation);
    if let Some(field) = case.get("error_field") {
        let e = got.expect_err(name);
        assert_eq!(e.path, field.as_str().unwrap(), "{name}: {e}");
        if let Some(word) = case.get("error_contains") {
            assert!(e.reason.contains(word.as_str().unwrap()), "{name}: {e}");
        }
    } else {
        let v = serde_json::to_value(got.unwrap_or_else(|e| panic!("{name}: {e}"))).unwrap();
        assert_eq!(v, case["verdict"], "{name}");
    }
}

#[test]
fn every_case() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cases");
    let mut n = 0;
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let cases: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for case in cases.as_array().unwrap() {
            let name = format!(
                "{}: {}",
                path.file_name().unwrap().to_string_lossy(),
                case["name"]
            );
            check(&name, case);
            n += 1;
        }
    }
    assert!(n >= 20, "only {n} cases ran");
}
