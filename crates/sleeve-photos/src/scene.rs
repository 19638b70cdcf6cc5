//! What is on the sleeve, in card millimetres: the art, 2–4 dark areas, the laces, 3–8 Hook
//! rings and at most one cross, drawn inside the contract's limits with the contract's spacing
//! rules (rings never touch; no ring centre within 1 mm of a dark area's edge; the cross's ink
//! at least 3 mm from any ring's ink and 1 mm from dark areas and the laces).

use crate::art::{Art, Rgb, sample_art};
use crate::geom::{CARD_H, CARD_W, P, card_sdf, diameter, edge_dist, inside, p, poly_gap};
use crate::rng::Draw;

/// Smallest gap between two rings' ink that this generator draws (the contract: never touching).
pub const RING_GAP_MIN: f64 = 0.2;
/// Ring and cross ink stay this far inside the card's rounded outline.
pub const INK_INSET: f64 = 0.5;

#[derive(Debug, Clone)]
pub struct DarkArea {
    pub poly: Vec<P>,
    pub colour: Rgb,
}

/// A Captain Hook ring printed on the film: a red filter (`mult`) plus a little red
/// reflection (`add`), so it reads dark red over a dark area.
#[derive(Debug, Clone)]
pub struct Ring {
    pub c: P,
    pub r: f64,
    pub w: f64,
    pub hidden: bool,
    pub mult: Rgb,
    pub add: Rgb,
}

/// The Lost Child cross: two wobbly marker strokes whose centre lines cross at `centre`.
#[derive(Debug, Clone)]
pub struct Cross {
    pub centre: P,
    pub strokes: [Vec<P>; 2],
    /// Each stroke's widest width; the pen's pressure narrows it in places, never below 0.8 mm.
    pub widths: [f64; 2],
    /// Per stroke: how much the width dips (fraction) and the phase of the dips.
    pub pressure: [(f64, f64); 2],
    pub ink: Rgb,
    pub opacity: f32,
}

impl Cross {
    /// Width of stroke `n` along its segment `k`.
    pub fn width_at(&self, n: usize, k: usize) -> f64 {
        let (dip, phase) = self.pressure[n];
        let w = self.widths[n];
        let wave = 0.5 + 0.5 * (k as f64 * 0.09 + phase).sin();
        w - (w - 0.8).min(w * dip) * wave
    }
}

#[derive(Debug, Clone)]
pub struct Scene {
    pub art: Art,
    pub dark: Vec<DarkArea>,
    pub laces: [P; 3],
    pub laces_colour: Rgb,
    pub rings: Vec<Ring>,
    pub cross: Option<Cross>,
}

/// The laces: right angle 2 mm in from the bottom and right edges, legs 8 mm.
pub const LACES: [P; 3] = [p(50.0, 88.0), p(58.0, 88.0), p(58.0, 80.0)];

pub fn sample_scene(d: &mut Draw) -> Scene {
    let art = sample_art(d);
    let k = d.range(0.85, 1.12) as f32;
    let laces_colour = [90.0, 50.0, 20.0].map(|v: f32| v * k + d.range(-2.0, 2.0) as f32);
    let dark = sample_dark(d);
    let rings = loop {
        if let Some(rings) = sample_rings(d, &dark) {
            break rings;
        }
    };
    let cross = if d.chance(0.75) {
        sample_cross(d, &dark, &rings)
    } else {
        None
    };
    Scene {
        art,
        dark,
        laces: LACES,
        laces_colour,
        rings,
        cross,
    }
}

/// A dark polygon around the origin: a quadrilateral or a star-shaped outline of 5–9 corners.
fn dark_shape(d: &mut Draw) -> Vec<P> {
    loop {
        let n = if d.chance(0.35) { 4 } else { d.int(5, 9) };
        let big = d.range_edges(4.0, 15.0);
        let squash = d.range(0.55, 1.0);
        let turn = d.range(0.0, std::f64::consts::TAU);
        let dent = if d.chance(0.5) { 0.9 } else { 0.6 };
        let poly: Vec<P> = (0..n)
            .map(|i| {
                let a = (f64::from(i) + d.range(-0.3, 0.3)) * std::f64::consts::TAU / f64::from(n);
                let r = big * d.range(dent, 1.0);
                p(r * a.cos(), r * a.sin() * squash).rotate(turn)
            })
            .collect();
        let across = diameter(&poly);
        if (8.0..=30.0).contains(&across) {
            return poly;
        }
    }
}

fn dark_fits(poly: &[P], others: &[DarkArea]) -> bool {
    poly.iter().all(|q| card_sdf(*q) <= -1.0)
        && poly_gap(poly, &LACES) >= 0.3
        && others.iter().all(|o| poly_gap(poly, &o.poly) >= 1.0)
}

/// 2–4 dark areas, anywhere at least 1 mm inside the card: some pushed into a corner or
/// against the laces, some slid to the 1 mm limit.
fn sample_dark(d: &mut Draw) -> Vec<DarkArea> {
    loop {
        let want = d.int(2, 4) as usize;
        let mut out: Vec<DarkArea> = Vec::new();
        for _ in 0..5000 {
            if out.len() == want {
                break;
            }
            if let Some(area) = place_dark(d, &out) {
                out.push(area);
            }
        }
        if out.len() >= 2 {
            return out;
        }
    }
}

fn place_dark(d: &mut Draw, out: &[DarkArea]) -> Option<DarkArea> {
    let shape = dark_shape(d);
    let centre = match d.weighted(&[3.0, 1.0, 1.0]) {
        0 => p(d.range(0.0, CARD_W), d.range(0.0, CARD_H)),
        1 => {
            let corner = [
                p(0.0, 0.0),
                p(CARD_W, 0.0),
                p(0.0, CARD_H),
                p(CARD_W, CARD_H),
            ];
            corner[d.int(0, 3) as usize] + p(d.range(-18.0, 18.0), d.range(-18.0, 18.0))
        }
        _ => LACES[d.int(0, 2) as usize] + p(d.range(-16.0, 4.0), d.range(-16.0, 4.0)),
    };
    let mut poly: Vec<P> = shape.iter().map(|v| *v + centre).collect();
    if !dark_fits(&poly, out) {
        return None;
    }
    if d.chance(0.3) {
        poly = slide_to_edge(d, poly, out);
    }
    let base = d.range(0.03, 0.17) as f32;
    let tint = [
        d.range(-0.03, 0.03) as f32,
        0.0,
        d.range(-0.03, 0.04) as f32,
    ];
    let colour = [0, 1, 2].map(|i| (base + tint[i]).max(0.0) * 255.0);
    Some(DarkArea { poly, colour })
}

/// Moves a dark area towards the nearest card edge until it is just over 1 mm from it.
fn slide_to_edge(d: &mut Draw, poly: Vec<P>, others: &[DarkArea]) -> Vec<P> {
    let dirs = [p(-1.0, 0.0), p(1.0, 0.0), p(0.0, -1.0), p(0.0, 1.0)];
    let dir = dirs[d.int(0, 3) as usize];
    let (mut lo, mut hi) = (0.0, 40.0);
    for _ in 0..30 {
        let mid = (lo + hi) / 2.0;
        let moved: Vec<P> = poly.iter().map(|v| *v + dir * mid).collect();
        if dark_fits(&moved, others) && moved.iter().all(|q| card_sdf(*q) <= -1.01) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    poly.iter().map(|v| *v + dir * lo).collect()
}

/// Whether a ring centre is clear of every dark area's edge, and whether it is hidden.
fn ring_centre_ok(c: P, dark: &[DarkArea]) -> Option<bool> {
    if dark.iter().any(|a| edge_dist(c, &a.poly) < 1.0 + 1e-3) {
        return None;
    }
    if inside(c, &LACES) || edge_dist(c, &LACES) < 1.0 {
        return None;
    }
    Some(dark.iter().any(|a| inside(c, &a.poly)))
}

/// Ink gap between two rings (negative when they overlap).
pub fn ring_gap(a: &Ring, b: &Ring) -> f64 {
    a.c.dist(b.c) - a.r - b.r - (a.w + b.w) / 2.0
}

fn sample_rings(d: &mut Draw, dark: &[DarkArea]) -> Option<Vec<Ring>> {
    let want = d.int(3, 8) as usize;
    let mut rings: Vec<Ring> = Vec::new();
    for _ in 0..4000 {
        if rings.len() == want {
            return Some(rings);
        }
        let r = d.range_edges(2.5, 5.0);
        let w = d.range_edges(0.4, 0.8);
        let c = match d.weighted(&[3.0, 2.0, 1.0]) {
            1 if !dark.is_empty() => {
                let a = &dark[d.int(0, dark.len() as u32 - 1) as usize].poly;
                let v = a[d.int(0, a.len() as u32 - 1) as usize];
                let mid = a.iter().fold(p(0.0, 0.0), |s, q| s + *q) * (1.0 / a.len() as f64);
                mid + (v - mid) * d.range(0.0, 1.2)
            }
            2 if !rings.is_empty() => {
                // Close to an existing ring: the never-touching rule at its edge.
                let o = &rings[d.int(0, rings.len() as u32 - 1) as usize];
                let gap = d.range(RING_GAP_MIN, 0.8);
                o.c + P::polar(d.range(0.0, std::f64::consts::TAU))
                    * (o.r + r + (o.w + w) / 2.0 + gap)
            }
            _ => p(d.range(0.0, CARD_W), d.range(0.0, CARD_H)),
        };
        if card_sdf(c) > -(r + w / 2.0 + INK_INSET) {
            continue;
        }
        let Some(hidden) = ring_centre_ok(c, dark) else {
            continue;
        };
        let red = d.range(0.85, 1.0) as f32;
        let (g, b) = (d.range(0.05, 0.22) as f32, d.range(0.05, 0.22) as f32);
        let add = [
            d.range(20.0, 55.0) as f32,
            d.range(0.0, 6.0) as f32,
            d.range(0.0, 6.0) as f32,
        ];
        let ring = Ring {
            c,
            r,
            w,
            hidden,
            mult: [red, g, b],
            add,
        };
        if rings.iter().all(|o| ring_gap(o, &ring) >= RING_GAP_MIN) {
            rings.push(ring);
        }
    }
    None
}

/// Points along a wobbly stroke through `centre` at angle `a`, from `-back` to `fwd` mm; the
/// wobble vanishes at the centre so the centre lines cross exactly there.
fn stroke(d: &mut Draw, centre: P, a: f64, back: f64, fwd: f64) -> Vec<P> {
    let amp = d.range(0.03, 0.2);
    let freq = d.range(0.4, 1.6);
    let phase = d.range(0.0, std::f64::consts::TAU);
    let bow = d.range(-0.01, 0.01);
    let (dir, normal) = (P::polar(a), P::polar(a + std::f64::consts::FRAC_PI_2));
    let steps = ((back + fwd) / 0.1).ceil() as usize;
    (0..=steps)
        .map(|i| {
            let t = -back + (back + fwd) * i as f64 / steps as f64;
            let wob = amp * ((freq * t + phase).sin() - phase.sin()) + bow * t * t;
            centre + dir * t + normal * wob
        })
        .collect()
}

/// Least distance from the cross's ink to the ring's ink.
pub fn cross_ring_gap(cross: &Cross, ring: &Ring) -> f64 {
    let mut gap = f64::INFINITY;
    for (s, w) in cross.strokes.iter().zip(cross.widths) {
        for q in s {
            gap = gap.min((q.dist(ring.c) - ring.r).abs() - ring.w / 2.0 - w / 2.0);
        }
    }
    gap
}

/// Least distance from the cross's ink to a polygon (negative when the ink is inside it).
pub fn cross_poly_gap(cross: &Cross, poly: &[P]) -> f64 {
    let mut gap = f64::INFINITY;
    for (s, w) in cross.strokes.iter().zip(cross.widths) {
        for q in s {
            let e = edge_dist(*q, poly);
            let dd = if inside(*q, poly) { -e } else { e };
            gap = gap.min(dd - w / 2.0);
        }
    }
    gap
}

fn cross_fits(cross: &Cross, dark: &[DarkArea], rings: &[Ring]) -> bool {
    let inside_card = cross
        .strokes
        .iter()
        .zip(cross.widths)
        .all(|(s, w)| s.iter().all(|q| card_sdf(*q) <= -(w / 2.0 + INK_INSET)));
    inside_card
        && rings.iter().all(|r| cross_ring_gap(cross, r) >= 3.0)
        && dark.iter().all(|a| cross_poly_gap(cross, &a.poly) >= 1.0)
        && cross_poly_gap(cross, &LACES) >= 1.0
}

fn sample_cross(d: &mut Draw, dark: &[DarkArea], rings: &[Ring]) -> Option<Cross> {
    let inks: [Rgb; 3] = [[30.0, 70.0, 200.0], [20.0, 130.0, 60.0], [25.0, 25.0, 30.0]];
    let base = inks[d.int(0, 2) as usize];
    let ink = base.map(|v| (v + d.range(-15.0, 15.0) as f32).clamp(0.0, 255.0));
    let opacity = d.range(0.82, 0.97) as f32;
    for _ in 0..3000 {
        let centre = p(d.range(0.0, CARD_W), d.range(0.0, CARD_H));
        let a1 = d.range(0.0, std::f64::consts::PI);
        let a2 = a1 + d.range(1.2, 1.95);
        let arms: [f64; 4] = std::array::from_fn(|_| d.range_edges(3.5, 5.5));
        let widths = [d.range_edges(0.8, 1.4), d.range_edges(0.8, 1.4)];
        let strokes = [
            stroke(d, centre, a1, arms[0], arms[1]),
            stroke(d, centre, a2, arms[2], arms[3]),
        ];
        let pressure = [
            (d.range(0.0, 0.12), d.range(0.0, 6.3)),
            (d.range(0.0, 0.12), d.range(0.0, 6.3)),
        ];
        let cross = Cross {
            centre,
            strokes,
            widths,
            pressure,
            ink,
            opacity,
        };
        if cross_fits(&cross, dark, rings) {
            return Some(cross);
        }
    }
    None
}
