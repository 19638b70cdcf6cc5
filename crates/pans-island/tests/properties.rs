//! Geometry properties of the referee: moving or turning the whole table together never changes
//! a verdict, and no input shape makes it panic.

use neverland_pans_island::Situation;
use neverland_pans_island::check::{Kind, Within};
use neverland_pans_island::geometry::{Circle, Point, Polygon};
use proptest::prelude::*;

fn pt() -> impl Strategy<Value = Point> {
    (0.0..400.0f64, 0.0..400.0f64).prop_map(|(x, y)| Point { x, y })
}

fn situation() -> impl Strategy<Value = Situation> {
    (
        10.0..60.0f64,
        20.0..80.0f64,
        proptest::option::of(pt()),
        proptest::collection::vec((pt(), 2.5..5.0f64), 0..12),
        proptest::collection::vec(proptest::collection::vec(pt(), 3..8), 0..6),
        proptest::collection::vec(pt(), 0..3),
        prop_oneof![Just(Kind::Explore), Just(Kind::Uncover)],
        proptest::collection::vec(pt(), 1..4),
        prop_oneof![
            Just(Within::Centre),
            Just(Within::Touching),
            Just(Within::Mostly),
            Just(Within::Original)
        ],
    )
        .prop_map(
            |(er, cr, cross, hooks, dark, camps, kind, mut circles, within)| {
                if kind == Kind::Uncover {
                    circles.truncate(1);
                }
                Situation {
                    within,
                    explore_radius: er,
                    camp_radius: cr,
                    cross,
                    hooks: hooks.into_iter().map(|(c, r)| Circle { c, r }).collect(),
                    dark_areas: dark.into_iter().map(Polygon).collect(),
                    camps,
                    kind,
                    circles,
                }
            },
        )
}

fn map(s: &Situation, f: impl Fn(Point) -> Point) -> Situation {
    Situation {
        cross: s.cross.map(&f),
        hooks: s
            .hooks
            .iter()
            .map(|h| Circle { c: f(h.c), r: h.r })
            .collect(),
        dark_areas: s
            .dark_areas
            .iter()
            .map(|d| Polygon(d.0.iter().copied().map(&f).collect()))
            .collect(),
        camps: s.camps.iter().copied().map(&f).collect(),
        circles: s.circles.iter().copied().map(&f).collect(),
        ..s.clone()
    }
}

proptest! {
    #[test]
    fn translating_the_table_keeps_the_verdict(s in situation(), dx in 0.0..500.0f64, dy in 0.0..500.0f64) {
        let moved = map(&s, |p| Point { x: p.x + dx, y: p.y + dy });
        prop_assert_eq!(moved.verdict(), s.verdict());
    }

    #[test]
    fn turning_the_table_keeps_the_verdict(s in situation(), angle in 0.0..std::f64::consts::TAU) {
        let (sin, cos) = angle.sin_cos();
        // Turn about (200, 200) and shift so every coordinate stays on the board.
        let turned = map(&s, |p| {
            let (x, y) = (p.x - 200.0, p.y - 200.0);
            Point { x: 600.0 + x * cos - y * sin, y: 600.0 + x * sin + y * cos }
        });
        prop_assert_eq!(turned.verdict(), s.verdict());
    }

    #[test]
    fn random_polygons_never_panic(points in proptest::collection::vec((-1e6..1e6f64, -1e6..1e6f64), 0..60), q in (-1e6..1e6f64, -1e6..1e6f64)) {
        let poly = Polygon(points.into_iter().map(|(x, y)| Point { x, y }).collect());
        let _ = poly.contains(Point { x: q.0, y: q.1 });
    }

    #[test]
    fn random_text_never_panics(text in ".{0,200}") {
        let _ = neverland_pans_island::check_json(&text);
    }
}
