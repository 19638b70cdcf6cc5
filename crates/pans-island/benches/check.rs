//! The referee check at the size the issue names: 3 Exploration Circles, 12 Hook circles and 6
//! dark polygons of 50 vertices each, plus Camps. `verdict` is the geometry alone; `check_json`
//! includes parsing and validating the situation text.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use neverland_pans_island::check::{Kind, Situation};
use neverland_pans_island::geometry::{Circle, Point, Polygon};

fn situation() -> Situation {
    // Dark areas: 50-gons (wobbly circles) spread over the board; Hook rings around them.
    let dark_areas = (0..6)
        .map(|k| {
            let (cx, cy) = (80.0 + 90.0 * k as f64, 150.0 + 60.0 * (k % 3) as f64);
            Polygon(
                (0..50)
                    .map(|i| {
                        let a = i as f64 / 50.0 * std::f64::consts::TAU;
                        let r = 25.0 + 4.0 * (3.0 * a).sin();
                        Point {
                            x: cx + r * a.cos(),
                            y: cy + r * a.sin(),
                        }
                    })
                    .collect(),
            )
        })
        .collect();
    let hooks = (0..12)
        .map(|k| Circle {
            c: Point {
                x: 60.0 + 45.0 * k as f64,
                y: 160.0 + 20.0 * (k % 4) as f64,
            },
            r: 4.0,
        })
        .collect();
    Situation {
        within: neverland_pans_island::check::Within::Touching,
        explore_radius: 40.0,
        camp_radius: 55.0,
        cross: Some(Point { x: 333.3, y: 444.4 }),
        hooks,
        dark_areas,
        camps: vec![Point { x: 500.0, y: 600.0 }, Point { x: 100.0, y: 700.0 }],
        kind: Kind::Explore,
        // Circles that meet nothing, so every Hook circle is tested against every circle.
        circles: vec![
            Point { x: 300.0, y: 450.0 },
            Point { x: 320.0, y: 470.0 },
            Point { x: 340.0, y: 430.0 },
        ],
    }
}

fn situation_json(s: &Situation) -> String {
    serde_json::json!({
        "format": "pans-island-check/1",
        "explore_radius_mm": s.explore_radius,
        "camp_radius_mm": s.camp_radius,
        "sleeve": {
            "cross": s.cross.map(|c| serde_json::json!({"x": c.x, "y": c.y})),
            "hooks": s.hooks.iter().map(|h| serde_json::json!({"x": h.c.x, "y": h.c.y, "r": h.r})).collect::<Vec<_>>(),
            "dark_areas": s.dark_areas.iter().map(|d| d.0.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>()).collect::<Vec<_>>(),
        },
        "camps": s.camps.iter().map(|c| serde_json::json!({"x": c.x, "y": c.y})).collect::<Vec<_>>(),
        "action": {"kind": "explore", "circles": s.circles.iter().map(|c| serde_json::json!({"x": c.x, "y": c.y})).collect::<Vec<_>>()},
    })
    .to_string()
}

/// The worst case: every ring lies within reach of the circles and under a dark area's outline
/// box, so each ring is tested against every dark polygon before the answer is known.
fn worst_case() -> Situation {
    let mut s = situation();
    s.circles = vec![
        Point { x: 300.0, y: 190.0 },
        Point { x: 80.0, y: 190.0 },
        Point { x: 520.0, y: 190.0 },
    ];
    s.explore_radius = 400.0;
    s.camp_radius = 400.0;
    s.camps.clear();
    s.cross = None;
    // Every ring's centre inside the last dark area, so none counts and all six are searched.
    let last = s.dark_areas.last().unwrap().clone();
    let centre = Point {
        x: 80.0 + 90.0 * 5.0,
        y: 150.0 + 60.0 * 2.0,
    };
    for (i, h) in s.hooks.iter_mut().enumerate() {
        h.c = Point {
            x: centre.x + (i as f64 - 6.0),
            y: centre.y + 1.0,
        };
    }
    assert!(s.hooks.iter().all(|h| last.contains(h.c)));
    s
}

fn bench(c: &mut Criterion) {
    let worst = worst_case();
    assert_eq!(
        worst.verdict(),
        neverland_pans_island::check::Verdict::Explore {
            hook_encountered: false,
            child_found: false
        }
    );
    c.bench_function(
        "pans check: verdict, worst case (every ring in reach, hidden by the 6th polygon)",
        |b| b.iter(|| black_box(&worst).verdict()),
    );
    let s = situation();
    let text = situation_json(&s);
    c.bench_function(
        "pans check: verdict (3 circles, 12 hooks, 6 x 50-vertex dark areas)",
        |b| b.iter(|| black_box(&s).verdict()),
    );
    c.bench_function(
        "pans check: parse + validate + verdict (same situation as JSON)",
        |b| b.iter(|| neverland_pans_island::check_json(black_box(&text)).unwrap()),
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
