//! Busy map art for the test-photo generator: the small non-red marks the contract allows on a
//! card (compass roses of thin rings, icons, dots, roads, text-like strokes) in its light map
//! colours and in darker browns, greens and blues. Drawn in card millimetres.

use neverland_chance::Chance;
use serde::Serialize;

use crate::geom::{CARD_H, CARD_W};

/// One printed mark, in card millimetres, with its colour (0..1 per channel).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum Mark {
    /// A stroke from `a` to `b`, `width` wide.
    Stroke {
        a: [f64; 2],
        b: [f64; 2],
        width: f64,
        colour: [f64; 3],
    },
    /// A thin ring (a compass rose's), radius to the stroke's middle.
    Ring {
        c: [f64; 2],
        r: f64,
        width: f64,
        colour: [f64; 3],
    },
    /// A filled dot or round icon.
    Dot {
        c: [f64; 2],
        r: f64,
        colour: [f64; 3],
    },
}

fn uniform(rng: &mut Chance, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * (rng.below(1_000_000) as f64 / 1_000_000.0)
}

/// The art's ink colours: browns, greens, blues, from light to fairly dark, never red.
fn colour(rng: &mut Chance) -> [f64; 3] {
    let palette = [
        [0.55, 0.40, 0.25],
        [0.40, 0.28, 0.16],
        [0.62, 0.52, 0.36],
        [0.35, 0.50, 0.30],
        [0.50, 0.65, 0.45],
        [0.30, 0.42, 0.60],
        [0.55, 0.68, 0.80],
        [0.45, 0.45, 0.42],
    ];
    palette[rng.below(palette.len() as u32) as usize]
}

/// A random set of marks anywhere on the card (1 mm clear of its edge).
pub fn busy(rng: &mut Chance) -> Vec<Mark> {
    let mut out = Vec::new();
    let at = |rng: &mut Chance, m: f64| {
        [
            uniform(rng, 1.0 + m, CARD_W - 1.0 - m),
            uniform(rng, 1.0 + m, CARD_H - 1.0 - m),
        ]
    };
    // Compass roses: two thin concentric rings and four spokes.
    for _ in 0..rng.below(3) {
        let r = uniform(rng, 2.0, 7.0);
        let c = at(rng, r + 0.5);
        let colour = colour(rng);
        let width = uniform(rng, 0.15, 0.5);
        out.push(Mark::Ring {
            c,
            r,
            width,
            colour,
        });
        if rng.below(2) == 0 {
            out.push(Mark::Ring {
                c,
                r: r * 0.55,
                width,
                colour,
            });
        }
        let turn = uniform(rng, 0.0, 1.0);
        for k in 0..4 {
            let a = turn + k as f64 * std::f64::consts::FRAC_PI_2;
            out.push(Mark::Stroke {
                a: c,
                b: [c[0] + r * 1.15 * a.cos(), c[1] + r * 1.15 * a.sin()],
                width: width * 1.5,
                colour,
            });
        }
    }
    // Roads: long polylines across the card.
    for _ in 0..rng.below(3) {
        let colour = colour(rng);
        let width = uniform(rng, 0.3, 1.2);
        let mut p = at(rng, 0.5);
        let mut dir = uniform(rng, 0.0, std::f64::consts::TAU);
        for _ in 0..4 + rng.below(6) {
            dir += uniform(rng, -0.6, 0.6);
            let len = uniform(rng, 4.0, 15.0);
            let q = [
                (p[0] + len * dir.cos()).clamp(1.5, CARD_W - 1.5),
                (p[1] + len * dir.sin()).clamp(1.5, CARD_H - 1.5),
            ];
            out.push(Mark::Stroke {
                a: p,
                b: q,
                width,
                colour,
            });
            p = q;
        }
    }
    // Icons and dots.
    for _ in 0..rng.below(10) {
        let r = uniform(rng, 0.3, 2.0);
        out.push(Mark::Dot {
            c: at(rng, r),
            r,
            colour: colour(rng),
        });
    }
    // Text-like strokes: short, thin, in a row.
    for _ in 0..rng.below(4) {
        let colour = colour(rng);
        let start = at(rng, 6.0);
        let height = uniform(rng, 1.0, 2.5);
        for k in 0..3 + rng.below(6) {
            let x = start[0] + k as f64 * height * 0.7;
            let lean = uniform(rng, -0.4, 0.4);
            out.push(Mark::Stroke {
                a: [x, start[1]],
                b: [x + lean, start[1] + height],
                width: uniform(rng, 0.15, 0.4),
                colour,
            });
        }
    }
    out
}

fn seg_dist(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let l2 = (dx * dx + dy * dy).max(1e-12);
    let t = (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2).clamp(0.0, 1.0);
    ((p[0] - a[0] - t * dx).powi(2) + (p[1] - a[1] - t * dy).powi(2)).sqrt()
}

/// The art colour at (u, v) mm with the marks painted over `base`; `half` is half a pixel in mm
/// (for anti-aliasing).
pub fn paint(marks: &[Mark], u: f64, v: f64, half: f64, mut base: [f64; 3]) -> [f64; 3] {
    let p = [u, v];
    for m in marks {
        let (inside, colour) = match *m {
            Mark::Stroke {
                a,
                b,
                width,
                colour,
            } => (width / 2.0 - seg_dist(p, a, b), colour),
            Mark::Ring {
                c,
                r,
                width,
                colour,
            } => (width / 2.0 - ((u - c[0]).hypot(v - c[1]) - r).abs(), colour),
            Mark::Dot { c, r, colour } => (r - (u - c[0]).hypot(v - c[1]), colour),
        };
        let cov = ((inside / half) * 0.5 + 0.5).clamp(0.0, 1.0);
        if cov > 0.0 {
            base = [0, 1, 2].map(|i| base[i] * (1.0 - cov) + colour[i] * cov);
        }
    }
    base
}
