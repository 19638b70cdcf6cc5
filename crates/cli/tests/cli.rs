//! The `neverland` binary as a user runs it.

mod common;
use common::neverland;

#[test]
fn morale_prints_the_stones_as_json_and_is_reproducible() {
    let (code, out, _) = neverland(&["morale", "--despair", "3", "--seed", "42"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["despair"], 3);
    assert_eq!(v["seed"], 42);
    let stones = v["stones"].as_array().unwrap();
    assert_eq!(stones.len(), 3);
    let faces = [
        "move",
        "fight",
        "search",
        "taunt-loot",
        "courage-scare",
        "rest",
    ];
    assert!(stones.iter().all(|s| faces.contains(&s.as_str().unwrap())));
    for sc in ["lost-allies", "pirates"] {
        let plan = &v["plans"][sc];
        let mandatory = plan["mandatory"].as_array().unwrap().len() as u64;
        assert_eq!(mandatory + plan["chosen"].as_u64().unwrap(), 4);
    }
    assert_eq!(
        neverland(&["morale", "--despair", "3", "--seed", "42"]).1,
        out
    );
    assert_eq!(
        neverland(&["morale", "--despair", "0", "--seed", "18446744073709551615"]).0,
        0
    );
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    for args in [
        &["morale", "--despair", "5", "--seed", "1"][..],
        &["morale", "--despair", "-1", "--seed", "1"],
        &["morale", "--despair", "3", "--seed", "forty-two"],
        &["morale", "--despair", "3", "--seed", "18446744073709551616"],
        &["morale", "--despair", "3"],
        &["fly"],
    ] {
        let (code, out, err) = neverland(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("neverland: "), "{err}");
    }
    let (_, _, err) = neverland(&["morale", "--despair", "5", "--seed", "1"]);
    assert!(err.contains("--despair") && err.contains('5'), "{err}");
    let (_, _, err) = neverland(&["morale", "--despair", "3", "--seed", "x"]);
    assert!(err.contains("--seed"), "{err}");
}

#[test]
fn games_lists_a_database_and_refuses_bad_files_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let (code, out, err) = neverland(&["games", "--db", db.to_str().unwrap()]);
    assert_eq!((code, out.trim(), err.as_str()), (0, "[]", ""));

    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "not a database").unwrap();
    let (code, out, err) = neverland(&["games", "--db", notes.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("not a Neverland Companion database"), "{err}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "not a database");

    let below_a_file = notes.join("games.db");
    let (code, _, err) = neverland(&["games", "--db", below_a_file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot write the saved-games file"), "{err}");
}

#[test]
fn pans_check_answers_the_shared_examples() {
    let examples = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/spec/examples/pans"
    );
    let Ok(dirs) = std::fs::read_dir(examples) else {
        // The contract's examples sit beside the checkout; the crate's own cases cover the rules.
        return;
    };
    for d in dirs {
        let d = d.unwrap().path();
        let expected: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join("expected.json")).unwrap())
                .unwrap();
        let (code, out, err) =
            neverland(&["pans", "check", d.join("situation.json").to_str().unwrap()]);
        if let Some(exit) = expected.get("exit") {
            assert_eq!(code as i64, exit.as_i64().unwrap(), "{d:?}");
            assert_eq!(err.lines().count(), 1, "{d:?}: {err}");
        } else {
            assert_eq!(code, 0, "{d:?}: {err}");
            let got: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(got, expected, "{d:?}");
        }
    }
}

#[test]
fn pans_check_refuses_missing_and_malformed_files() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = neverland(&[
        "pans",
        "check",
        dir.path().join("nope.json").to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"format\": ").unwrap();
    let (code, out, err) = neverland(&["pans", "check", bad.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn pans_new_simulate_and_campaign() {
    let (code, out, err) = neverland(&[
        "pans",
        "new",
        "--players",
        "3",
        "--seed",
        "9",
        "--events",
        "the-magic-powder",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["players"].as_array().unwrap().len(), 3);
    assert_eq!(v["magic_powder"], true);
    assert_eq!(v["discard"].as_array().unwrap().len(), 12);

    let (code, out, err) = neverland(&[
        "pans",
        "simulate",
        "--players",
        "4",
        "--games",
        "3",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["won"].as_u64().unwrap() + v["lost"].as_u64().unwrap(), 3);
    assert_eq!(v["unfinished"], 0);

    let (code, out, _) = neverland(&["pans", "campaign", "--seed", "3", "--outcomes", "won,lost"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["envelope"].as_array().unwrap().len(), 2);

    for bad in [
        &["pans", "new", "--players", "6", "--seed", "1"][..],
        &[
            "pans",
            "new",
            "--players",
            "2",
            "--seed",
            "1",
            "--events",
            "nope",
        ],
        &["pans", "campaign", "--seed", "1", "--outcomes", "draw"],
    ] {
        let (code, _, err) = neverland(bad);
        assert_eq!(code, 2, "{bad:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn legacy_hints_answers_and_refuses_bad_positions() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("p.json");
    std::fs::write(
        &good,
        r#"{"format":"neverland-legacy-position/1","scenario":"lost-allies",
            "characters":[{"id":"wendy","at":"stern"}],"enemies":[{"id":"raider-1","kind":"raider","at":"stern"}]}"#,
    )
    .unwrap();
    let (code, out, err) =
        neverland(&["legacy", "hints", "--colour", "red", good.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["activations"][0]["priority"], "2a");
    assert_eq!(v["outcome"], serde_json::Value::Null);

    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, r#"{"format":"neverland-legacy-position/1","scenario":"lost-allies","characters":[{"id":"wendy","at":"mid-dek"}]}"#).unwrap();
    let (code, out, err) =
        neverland(&["legacy", "hints", "--colour", "red", bad.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains(r#"characters[0].at: unknown location "mid-dek""#),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);

    let (code, _, err) = neverland(&[
        "legacy",
        "hints",
        "--colour",
        "purple",
        good.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--colour"), "{err}");
}

#[test]
fn pans_scan_reads_a_photo_and_refuses_bad_files() {
    use neverland_sleeve_scan::synth::{Shot, Sleeve, jpeg, render};
    let dir = tempfile::tempdir().unwrap();
    let mut rng = neverland_chance::Chance::from_seed(77);
    let sleeve = Sleeve::random(&mut rng, true);
    let shot = Shot::random(&mut rng, 1600, 1250, 1050.0);
    let photo = dir.path().join("sleeve.jpg");
    let bytes = jpeg(&render(&sleeve, &shot), 90);
    std::fs::write(&photo, &bytes).unwrap();
    let (code, out, err) = neverland(&["pans", "scan", photo.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["hooks"].as_array().unwrap().len(), sleeve.hooks.len());
    let c = sleeve.cross.unwrap();
    assert!((v["cross"]["x"].as_f64().unwrap() - c.x).abs() < 0.3);
    assert_eq!(v["card"]["corners_px"].as_array().unwrap().len(), 4);

    // Tapped corners (10 px off) still refine to the card.
    let tapped: Vec<String> = shot
        .corners_px
        .iter()
        .flat_map(|p| [p[0] + 7.0, p[1] - 7.0])
        .map(|v| format!("{v:.1}"))
        .collect();
    let (code, out, err) = neverland(&[
        "pans",
        "scan",
        photo.to_str().unwrap(),
        "--corners",
        &tapped.join(","),
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let got = v["card"]["corners_px"][0].as_array().unwrap();
    assert!((got[0].as_f64().unwrap() - shot.corners_px[0][0]).abs() < 2.0);

    let truncated = dir.path().join("cut.jpg");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    let empty = dir.path().join("empty.png");
    std::fs::write(&empty, b"").unwrap();
    let text = dir.path().join("notes.jpg");
    std::fs::write(&text, b"not a photo").unwrap();
    // Too large: a JPEG whose header claims 10,000 x 10,000 pixels (over 50 megapixels), and a
    // file over 64 MB.
    let mut big = jpeg(&image::RgbImage::new(8, 8), 90);
    let sof = big.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
    big[sof + 5..sof + 9].copy_from_slice(&[0x27, 0x10, 0x27, 0x10]);
    let huge_pixels = dir.path().join("huge-pixels.jpg");
    std::fs::write(&huge_pixels, &big).unwrap();
    let mut heavy = bytes.clone();
    heavy.resize(neverland_sleeve_scan::MAX_BYTES + 1, 0);
    let huge_file = dir.path().join("huge-file.jpg");
    std::fs::write(&huge_file, &heavy).unwrap();
    for (file, code_wanted) in [
        (&truncated, 2),
        (&empty, 2),
        (&text, 2),
        (&dir.path().join("missing.jpg"), 2),
        (&huge_pixels, 2),
        (&huge_file, 2),
    ] {
        let (code, out, err) = neverland(&["pans", "scan", file.to_str().unwrap()]);
        assert_eq!((code, out.as_str()), (code_wanted, ""), "{file:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        if file == &huge_pixels {
            assert!(err.contains("megapixels"), "{err}");
        }
        if file == &huge_file {
            assert!(err.contains("64 MB"), "{err}");
        }
    }
    let (code, _, _) = neverland(&[
        "pans",
        "scan",
        photo.to_str().unwrap(),
        "--corners",
        "1,2,3",
    ]);
    assert_eq!(code, 2);

    // A readable photo with no card in it: status 3, and the way on.
    let table = dir.path().join("table.png");
    image::RgbImage::from_pixel(640, 480, image::Rgb([120, 90, 60]))
        .save(&table)
        .unwrap();
    let (code, _, err) = neverland(&["pans", "scan", table.to_str().unwrap()]);
    assert_eq!(code, 3);
    assert!(err.contains("--corners"), "{err}");
}

#[test]
fn legacy_new_prints_a_position_the_hints_accept() {
    let dir = tempfile::tempdir().unwrap();
    for (scenario, players, seats) in [("lost-allies", "1", 2), ("pirates", "4", 4)] {
        let (code, out, err) = neverland(&[
            "legacy",
            "new",
            "--scenario",
            scenario,
            "--players",
            players,
            "--seed",
            "5",
        ]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["format"], "neverland-legacy-position/1");
        assert_eq!(v["scenario"], scenario);
        assert_eq!(v["characters"].as_array().unwrap().len(), seats);
        assert!(!v["enemies"].as_array().unwrap().is_empty());
        // The same seed sets up the same table.
        let (_, again, _) = neverland(&[
            "legacy",
            "new",
            "--scenario",
            scenario,
            "--players",
            players,
            "--seed",
            "5",
        ]);
        assert_eq!(out, again);
        // It reads back as a position: the hints answer for it.
        let file = dir.path().join(format!("{scenario}.json"));
        std::fs::write(&file, &out).unwrap();
        let (code, hints, err) =
            neverland(&["legacy", "hints", "--colour", "red", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert!(hints.contains("\"activations\""));
    }
}

#[test]
fn legacy_simulate_reports_endings_and_speed() {
    let (code, out, err) = neverland(&[
        "legacy",
        "simulate",
        "--scenario",
        "pirates",
        "--players",
        "3",
        "--games",
        "20",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let lost: u64 = v["lost"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(
        v["won"].as_u64().unwrap() + lost + v["unfinished"].as_u64().unwrap(),
        20
    );
    assert!(v["games_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn legacy_new_and_simulate_refuse_bad_arguments_with_status_2() {
    for args in [
        &[
            "legacy",
            "new",
            "--scenario",
            "neverland",
            "--players",
            "2",
            "--seed",
            "1",
        ][..],
        &[
            "legacy",
            "new",
            "--scenario",
            "pirates",
            "--players",
            "5",
            "--seed",
            "1",
        ],
        &[
            "legacy",
            "new",
            "--scenario",
            "pirates",
            "--players",
            "2",
            "--seed",
            "-3",
        ],
        &[
            "legacy",
            "simulate",
            "--scenario",
            "pirates",
            "--players",
            "2",
            "--games",
            "0",
            "--seed",
            "1",
        ],
    ] {
        let (code, out, err) = neverland(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(!err.trim().is_empty());
    }
}

#[test]
fn legacy_replay_reads_a_game_file_and_names_a_refused_step() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    // Set-up, the first Morale Check, then the Actions end and the Threat is drawn.
    let game = |log: &str| {
        format!(
            r#"{{"format":"neverland-legacy-game/1","scenario":"lost-allies","seed":"5",
               "setup":{{"players":2,"characters":[],"physical_threat_deck":false}},"log":{log}}}"#
        )
    };
    std::fs::write(
        &file,
        game(r#"[{"type":"morale-check"},{"type":"end-actions"},{"type":"draw-threat"}]"#),
    )
    .unwrap();
    let (code, out, err) = neverland(&["legacy", "replay", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["steps"], 3);
    // The Threat is under way or done (a card with nothing to activate ends the turn).
    assert_ne!(v["phase"]["stage"], "actions");
    assert!(v["outcome"].is_null());
    assert_eq!(v["position"]["format"], "neverland-legacy-position/1");
    std::fs::write(&file, game(r#"[{"type":"end-actions"}]"#)).unwrap();
    let (code, _, err) = neverland(&["legacy", "replay", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("log[0]") && err.contains("step 1 is refused"),
        "{err}"
    );
}
