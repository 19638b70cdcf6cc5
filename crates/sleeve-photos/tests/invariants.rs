//! The generator's own promises, checked over many seeds without rendering (cheap), plus a few
//! small renders that read pixels where the truth says things are.

use neverland_sleeve_photos::geom::{P, card_sdf, diameter, edge_dist, inside, seg_dist};
use neverland_sleeve_photos::photo::Format;
use neverland_sleeve_photos::scene::{
    INK_INSET, LACES, RING_GAP_MIN, cross_poly_gap, cross_ring_gap, ring_gap,
};
use neverland_sleeve_photos::{HELD_OUT_FROM, Split, develop, plan, split, truth};

const SEEDS: std::ops::Range<u64> = 0..300;

fn luminance(c: [f32; 3]) -> f32 {
    (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255.0
}

#[test]
fn rings_follow_the_contract() {
    let (mut hidden, mut shown, mut smallest, mut largest) = (0, 0, f64::MAX, f64::MIN);
    for seed in SEEDS {
        let (scene, _) = plan(seed);
        assert!((3..=8).contains(&scene.rings.len()), "seed {seed}");
        for (i, r) in scene.rings.iter().enumerate() {
            assert!(
                (2.5..=5.0).contains(&r.r) && (0.4..=0.8).contains(&r.w),
                "seed {seed}"
            );
            assert!(
                card_sdf(r.c) <= -(r.r + r.w / 2.0 + INK_INSET) + 1e-9,
                "seed {seed}: ring off the card"
            );
            for o in &scene.rings[i + 1..] {
                assert!(
                    ring_gap(r, o) >= RING_GAP_MIN - 1e-9,
                    "seed {seed}: rings touch"
                );
            }
            for a in &scene.dark {
                assert!(
                    edge_dist(r.c, &a.poly) >= 1.0,
                    "seed {seed}: centre within 1 mm of a dark edge"
                );
            }
            assert_eq!(
                r.hidden,
                scene.dark.iter().any(|a| inside(r.c, &a.poly)),
                "seed {seed}"
            );
            if r.hidden {
                hidden += 1
            } else {
                shown += 1
            }
            smallest = smallest.min(r.r);
            largest = largest.max(r.r);
        }
    }
    assert!(
        hidden > 100 && shown > 300,
        "hidden {hidden}, shown {shown}"
    );
    assert!(
        smallest == 2.5 && largest == 5.0,
        "the radius limits are drawn too"
    );
}

#[test]
fn dark_areas_follow_the_contract() {
    let mut near_edge = 0;
    for seed in SEEDS {
        let (scene, _) = plan(seed);
        assert!((2..=4).contains(&scene.dark.len()), "seed {seed}");
        for (i, a) in scene.dark.iter().enumerate() {
            let across = diameter(&a.poly);
            assert!(
                (8.0..=30.0).contains(&across),
                "seed {seed}: {across} mm across"
            );
            let worst = a.poly.iter().map(|q| card_sdf(*q)).fold(f64::MIN, f64::max);
            assert!(
                worst <= -1.0,
                "seed {seed}: dark area within 1 mm of the edge"
            );
            if worst > -1.1 {
                near_edge += 1;
            }
            // The grain never lifts a dark area to 25% luminance (the texture clamps at 20%).
            assert!(luminance(a.colour) < 0.2, "seed {seed}");
            assert!(
                !a.poly.iter().any(|q| inside(*q, &LACES)),
                "seed {seed}: dark area on the laces"
            );
            for o in &scene.dark[i + 1..] {
                assert!(
                    !a.poly.iter().any(|q| inside(*q, &o.poly)),
                    "seed {seed}: dark areas overlap"
                );
            }
        }
    }
    assert!(
        near_edge > 20,
        "only {near_edge} dark areas hug the 1 mm limit"
    );
}

#[test]
fn the_cross_follows_the_contract() {
    let (mut with, mut without) = (0, 0);
    for seed in SEEDS {
        let (scene, _) = plan(seed);
        let Some(c) = &scene.cross else {
            without += 1;
            continue;
        };
        with += 1;
        for ((s, w), dir) in c.strokes.iter().zip(c.widths).zip([0, 1]) {
            assert!((0.8..=1.4).contains(&w), "seed {seed}");
            for k in 0..s.len() - 1 {
                let wk = c.width_at(dir, k);
                assert!((0.8..=w).contains(&wk), "seed {seed}: width {wk} of {w}");
            }
            // The centre line passes through the centre; each arm reaches 3.5–5.5 mm out.
            let through = s
                .windows(2)
                .map(|e| seg_dist(c.centre, e[0], e[1]))
                .fold(f64::MAX, f64::min);
            assert!(
                through < 0.01,
                "seed {seed}, stroke {dir}: centre off the stroke by {through}"
            );
            for end in [s[0], s[s.len() - 1]] {
                let arm = end.dist(c.centre);
                assert!((3.45..=5.6).contains(&arm), "seed {seed}: arm {arm}");
            }
            assert!(
                s.iter().all(|q| card_sdf(*q) <= -(w / 2.0)),
                "seed {seed}: ink off the card"
            );
        }
        for r in &scene.rings {
            assert!(
                cross_ring_gap(c, r) >= 3.0,
                "seed {seed}: cross within 3 mm of a ring"
            );
        }
        for a in &scene.dark {
            assert!(
                cross_poly_gap(c, &a.poly) >= 1.0,
                "seed {seed}: cross within 1 mm of shade"
            );
            assert!(!inside(c.centre, &a.poly), "seed {seed}");
        }
        assert!(
            cross_poly_gap(c, &LACES) >= 1.0,
            "seed {seed}: cross on the laces"
        );
    }
    assert!(with > 150 && without > 30, "with {with}, without {without}");
}

#[test]
fn the_truth_has_the_contract_shape() {
    let (scene, cam) = plan(7);
    let t = truth(&scene, &cam);
    let json: serde_json::Value = serde_json::to_value(&t).unwrap();
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 4);
    for k in ["card", "hooks", "dark_areas", "cross"] {
        assert!(json.get(k).is_some(), "{k} missing");
    }
    assert_eq!(json["card"]["corners_px"].as_array().unwrap().len(), 4);
    let hook = &json["hooks"][0];
    assert!(
        hook["x"].is_f64()
            && hook["y"].is_f64()
            && hook["r"].is_f64()
            && hook["hidden"].is_boolean()
    );
    assert!(json["dark_areas"][0][0].as_array().unwrap().len() == 2);
    let none = (0..50).map(plan).find(|(s, _)| s.cross.is_none()).unwrap();
    assert!(serde_json::to_value(truth(&none.0, &none.1)).unwrap()["cross"].is_null());
}

#[test]
fn cameras_stay_inside_the_contract() {
    let (mut small, mut phone, mut png, mut turned) = (0, 0, 0, 0);
    for seed in SEEDS {
        let (_, cam) = plan(seed);
        let mp = f64::from(cam.width) * f64::from(cam.height) / 1e6;
        assert!((1.0..=13.0).contains(&mp), "seed {seed}: {mp} MP");
        let c = cam.corners;
        let long = c[1].dist(c[2]).min(c[3].dist(c[0]));
        assert!(long >= 1000.0, "seed {seed}: long side {long} px");
        for q in c {
            assert!(
                q.x > 0.0 && q.y > 0.0 && q.x < f64::from(cam.width) && q.y < f64::from(cam.height)
            );
        }
        // Contract order on an unmirrored view: clockwise with y pointing down.
        let area: f64 = (0..4)
            .map(|i| c[i].x * c[(i + 1) % 4].y - c[(i + 1) % 4].x * c[i].y)
            .sum();
        assert!(area > 0.0, "seed {seed}: corners not clockwise");
        let big = f64::from(cam.width.max(cam.height)) / 4000.0;
        assert!(cam.focus_sigma <= 3.5 * big + 1e-9 && cam.motion_len <= 9.0 * big + 1e-9);
        assert!(cam.noise <= 0.025 && cam.falloff <= 0.3);
        match cam.format {
            Format::Jpeg(q) => assert!((75..=100).contains(&q)),
            Format::Png => png += 1,
        }
        if mp < 2.0 {
            small += 1;
        }
        if (cam.width, cam.height) == (4032, 3024) || (cam.width, cam.height) == (3024, 4032) {
            phone += 1;
        }
        if cam.exif.is_some_and(|t| t > 1) {
            turned += 1;
        }
    }
    assert!(
        small > 5 && phone > 20 && png > 30 && turned > 100,
        "{small} {phone} {png} {turned}"
    );
}

#[test]
fn splits_are_documented_ranges() {
    assert_eq!(split(0), Split::Tuning);
    assert_eq!(split(9_999), Split::Tuning);
    assert_eq!(split(10_000), Split::Unassigned);
    assert_eq!(split(HELD_OUT_FROM), Split::HeldOut);
}

#[test]
fn a_seed_always_gives_the_same_photo() {
    let (scene, cam) = plan(42);
    let (scene2, cam2) = plan(42);
    assert_eq!(truth(&scene, &cam), truth(&scene2, &cam2));
    let small = cam.scaled(0.12);
    assert_eq!(
        develop(Some(&scene), &small, 42),
        develop(Some(&scene2), &cam2.scaled(0.12), 42)
    );
    assert_ne!(truth(&scene, &cam), truth(&plan(43).0, &plan(43).1));
}

/// Reads the clean, scaled render where the truth says a ring, a hidden ring, the laces and the
/// cross are.
#[test]
fn pixels_sit_where_the_truth_says() {
    for seed in 0..6 {
        let (scene, cam) = plan(seed);
        let k = 700.0 / cam.corners[1].dist(cam.corners[2]);
        let small = cam.scaled(k).clean();
        let img = develop(Some(&scene), &small, seed);
        let hom = neverland_sleeve_photos::geom::Homography::from_points(
            neverland_sleeve_photos::photo::CARD_CORNERS,
            small.corners,
        );
        let at = |q: P| {
            let s = hom.apply(q);
            img.get_pixel(s.x.round() as u32, s.y.round() as u32)
                .0
                .map(f32::from)
        };
        for r in &scene.rings {
            // Sample the stroke's middle away from dark areas, laces and other rings.
            for a in 0..12 {
                let q = r.c + P::polar(f64::from(a) * std::f64::consts::FRAC_PI_6) * r.r;
                let clear = scene
                    .dark
                    .iter()
                    .all(|d| edge_dist(q, &d.poly) > 1.0 && !inside(q, &d.poly))
                    && edge_dist(q, &LACES) > 1.0;
                if clear {
                    let c = at(q);
                    assert!(
                        c[0] > c[1] + 40.0 && c[0] > c[2] + 40.0,
                        "seed {seed}: ring stroke is {c:?}"
                    );
                }
            }
            if r.hidden {
                let c = at(r.c);
                assert!(
                    luminance(c) < 0.3,
                    "seed {seed}: hidden ring centre is {c:?}"
                );
            }
        }
        let mid = (LACES[0] + LACES[1] + LACES[2]) * (1.0 / 3.0);
        let c = at(mid);
        assert!(
            c[0] > c[2] + 20.0 && luminance(c) < 0.4,
            "seed {seed}: laces are {c:?}"
        );
        if let Some(x) = &scene.cross {
            let c = at(x.centre);
            let ink = x.ink;
            let close = (0..3).all(|i| (c[i] - ink[i]).abs() < 70.0);
            assert!(close, "seed {seed}: cross centre is {c:?}, ink {ink:?}");
        }
    }
}

/// The card's edges lie on the lines between the truth's corners, to a fraction of a pixel,
/// with pixel centres at integer coordinates (the contract's convention).
#[test]
fn card_edges_run_through_the_truth_corners() {
    for seed in 20..26 {
        let (scene, cam) = plan(seed);
        let k = 700.0 / cam.corners[1].dist(cam.corners[2]);
        let small = cam.scaled(k).clean();
        let img = develop(Some(&scene), &small, seed);
        let lum = |q: P| {
            // Bilinear luminance between pixel centres.
            let (x0, y0) = (q.x.floor(), q.y.floor());
            let (fx, fy) = ((q.x - x0) as f32, (q.y - y0) as f32);
            let px = |x: f64, y: f64| luminance(img.get_pixel(x as u32, y as u32).0.map(f32::from));
            let top = px(x0, y0) * (1.0 - fx) + px(x0 + 1.0, y0) * fx;
            let bottom = px(x0, y0 + 1.0) * (1.0 - fx) + px(x0 + 1.0, y0 + 1.0) * fx;
            top * (1.0 - fy) + bottom * fy
        };
        let c = small.corners;
        let mid = (c[0] + c[1] + c[2] + c[3]) * 0.25;
        for i in 0..4 {
            let (a, b) = (c[i], c[(i + 1) % 4]);
            let on_edge = a + (b - a) * 0.5;
            let along = (b - a) * (1.0 / a.dist(b));
            let mut out = P {
                x: -along.y,
                y: along.x,
            };
            if (on_edge - mid).dot(out) < 0.0 {
                out = out * -1.0;
            }
            let (inner, outer) = (lum(on_edge - out * 4.0), lum(on_edge + out * 4.0));
            let half = (inner + outer) / 2.0;
            let steps: Vec<f64> = (-80..=80).map(|s| f64::from(s) * 0.05).collect();
            let cross = steps.windows(2).find(|w| {
                let (u, v) = (
                    lum(on_edge + out * w[0]) - half,
                    lum(on_edge + out * w[1]) - half,
                );
                u.signum() != v.signum()
            });
            let t = cross.map(|w| w[0] + 0.025).expect("an edge");
            assert!(
                (inner - outer).abs() > 0.03,
                "seed {seed}: no contrast at edge {i}"
            );
            assert!(
                t.abs() < 0.25,
                "seed {seed}, edge {i}: the card's edge is {t} px off the truth"
            );
        }
    }
}
