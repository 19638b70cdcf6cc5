//! The rulebook map (`docs/rules-coverage.md`) names only things that exist: every rule case,
//! hint case, test function and reading it cites is looked up, and its line ranges cover the
//! whole rulebook with no line left out and none mapped twice.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// Lines in `neverlands-legacy-rulebook.txt`.
const RULEBOOK_LINES: usize = 587;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// One row of the map: its line range, and the text of its last cell.
struct Row {
    from: usize,
    to: usize,
    cover: String,
}

fn rows(map: &str) -> Vec<Row> {
    let mut out = vec![];
    for line in map.lines() {
        let cells: Vec<&str> = line.split(" | ").collect();
        let Some(first) = cells.first().and_then(|c| c.strip_prefix("| ")) else {
            continue;
        };
        let mut ends = first.split('–').map(|n| n.trim().parse::<usize>());
        let Some(Ok(from)) = ends.next() else {
            continue;
        };
        let to = match ends.next() {
            None => from,
            Some(n) => n.unwrap_or_else(|_| panic!("a bad range in {line}")),
        };
        assert!(cells.len() >= 3, "a row needs three cells: {line}");
        let cover = cells[2..].join(" | ");
        out.push(Row {
            from,
            to,
            cover: cover.trim_end_matches('|').trim().to_owned(),
        });
    }
    out
}

/// The backticked references of a cell.
fn references(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// Every case name of a case file under `crates/legacy/tests`.
fn case_names(file: &str) -> HashSet<String> {
    let text = read(&format!("crates/legacy/tests/{file}"));
    let cases: Vec<Value> = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    cases
        .iter()
        .filter_map(|c| c["name"].as_str().map(str::to_owned))
        .collect()
}

/// The titles a reading can be cited by: the headings of `rules-interpretations.md` and the bold
/// leads of its paragraphs (a closing full stop dropped).
fn reading_titles() -> Vec<String> {
    let text = read("docs/rules-interpretations.md");
    let mut titles: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim().to_owned())
        .collect();
    titles.extend(
        text.split("**")
            .skip(1)
            .step_by(2)
            .map(|b| b.trim().trim_end_matches('.').to_owned()),
    );
    titles
}

/// Why a reference does not resolve, if it does not.
fn check(reference: &str, readings: &[String]) -> Result<(), String> {
    if let Some(title) = reference.strip_prefix("reading: ") {
        let found = readings
            .iter()
            .any(|t| t == title || (t.starts_with(title) && !title.is_empty()));
        return found
            .then_some(())
            .ok_or_else(|| format!("no reading titled {title:?}"));
    }
    if let Some(f) = reference.strip_prefix("fn ") {
        let (path, name) = f
            .rsplit_once("::")
            .ok_or_else(|| format!("{reference:?}: expected fn PATH::NAME"))?;
        let text = std::fs::read_to_string(root().join(path))
            .map_err(|e| format!("{reference:?}: {path}: {e}"))?;
        return text
            .contains(&format!("fn {name}("))
            .then_some(())
            .ok_or_else(|| format!("{path} has no fn {name}"));
    }
    if reference.starts_with("rules/") || reference.starts_with("hints/") {
        let (file, name) = reference
            .split_once(": ")
            .ok_or_else(|| format!("{reference:?}: expected FILE: NAME"))?;
        return case_names(file)
            .contains(name)
            .then_some(())
            .ok_or_else(|| format!("{file} has no case named {name:?}"));
    }
    Err(format!("{reference:?} is not a case, fn or reading"))
}

#[test]
fn every_reference_in_the_rulebook_map_exists() {
    let map = read("docs/rules-coverage.md");
    let readings = reading_titles();
    let rows = rows(&map);
    assert!(rows.len() > 100, "only {} rows", rows.len());
    let mut failures = vec![];
    for r in &rows {
        let refs = references(&r.cover);
        let said = ["none:", "pending: issue 13 item ", "gap:"]
            .iter()
            .any(|w| r.cover.contains(w));
        if refs.is_empty() && !said {
            failures.push(format!("lines {}–{}: nothing covers them", r.from, r.to));
        }
        for reference in refs {
            if let Err(e) = check(reference, &readings) {
                failures.push(format!("lines {}–{}: {e}", r.from, r.to));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_map_covers_every_line_of_the_rulebook_once() {
    let rows = rows(&read("docs/rules-coverage.md"));
    let mut next = 1;
    for r in &rows {
        assert_eq!(
            r.from, next,
            "the map skips or repeats lines before {}",
            r.from
        );
        assert!(r.to >= r.from, "lines {}–{} run backwards", r.from, r.to);
        next = r.to + 1;
    }
    assert_eq!(
        next,
        RULEBOOK_LINES + 1,
        "the map stops before the rulebook ends"
    );
    // Where the shared rulebook is beside the repository, it is the one mapped.
    for p in ["../shared/rules", "../../shared/rules"] {
        let f = root().join(p).join("neverlands-legacy-rulebook.txt");
        if let Ok(text) = std::fs::read_to_string(&f) {
            assert_eq!(text.lines().count(), RULEBOOK_LINES, "{}", f.display());
        }
    }
}

#[test]
fn a_missing_case_or_reading_is_caught() {
    let readings = reading_titles();
    assert!(
        check(
            "rules/turn.json: Actions wait for the Morale Check",
            &readings
        )
        .is_ok()
    );
    assert!(check("rules/turn.json: no such case", &readings).is_err());
    assert!(check("hints/priorities.json: no such case", &readings).is_err());
    assert!(check("reading: Set-up stacks", &readings).is_ok());
    assert!(check("reading: no such reading", &readings).is_err());
    assert!(
        check(
            "fn crates/legacy/tests/coverage.rs::a_missing_case_or_reading_is_caught",
            &readings
        )
        .is_ok()
    );
    assert!(
        check(
            "fn crates/legacy/tests/coverage.rs::no_such_test",
            &readings
        )
        .is_err()
    );
    assert!(check("something else", &readings).is_err());
    let r = rows("| 3–5 | x | `a`; `b` |\n| 6 | y | none: z |\n| Lines | x | y |");
    assert_eq!(
        r.iter().map(|r| (r.from, r.to)).collect::<Vec<_>>(),
        [(3, 5), (6, 6)]
    );
    assert_eq!(references(&r[0].cover), ["a", "b"]);
}
