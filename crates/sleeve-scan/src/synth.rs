//! Synthetic sleeve photos with their ground truth, drawn to the contract's description of a
//! sleeve and of the photo conditions. Seeded, pure: parameters in, pixels and truth out.

use image::{Rgb, RgbImage};
use neverland_chance::Chance;
use serde::Serialize;

pub use crate::geom::{CARD_H, CARD_W, apply, homography, solve_homography};
const CORNER_R: f64 = 3.0;
const SLEEVE_MARGIN: f64 = 2.5;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Ring {
    pub x: f64,
    pub y: f64,
    /// Radius to the middle of the stroke.
    pub r: f64,
    pub stroke: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Cross {
    pub x: f64,
    pub y: f64,
    pub arm: f64,
    pub width: f64,
    /// Angle of the first stroke, radians; the second is roughly perpendicular.
    pub angle: f64,
    pub angle2: f64,
    pub ink: [u8; 3],
}

/// What is printed on the card and drawn on the sleeve, in card millimetres (upright).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sleeve {
    pub hooks: Vec<Ring>,
    pub dark_areas: Vec<Vec<[f64; 2]>>,
    pub cross: Option<Cross>,
    /// Small non-red marks printed in the map art (none on a plain card).
    pub marks: Vec<crate::art::Mark>,
}

/// How the photo was taken.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Shot {
    pub width: u32,
    pub height: u32,
    /// Where the card's corners land, in pixels: top-left, top-right, bottom-right, bottom-left
    /// of the upright card.
    pub corners_px: [[f64; 2]; 4],
    pub table: [u8; 3],
    pub falloff: f64,
    pub glare: Option<[f64; 3]>,
    pub blur_sigma: f32,
    /// Motion blur: the length of the smear in pixels and its direction in radians.
    pub motion_px: f64,
    pub motion_angle: f64,
    pub noise: f64,
    pub seed: u64,
}

fn uniform(rng: &mut Chance, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * (rng.below(1_000_000) as f64 / 1_000_000.0)
}

/// Whether `p` lies inside `poly` (even-odd rule).
pub fn point_in_poly(p: [f64; 2], poly: &[[f64; 2]]) -> bool {
    let mut inside = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[j]);
        if (a[1] > p[1]) != (b[1] > p[1])
            && p[0] < a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
        {
            inside = !inside;
        }
        j = i;
    }
    inside
}

fn seg_dist(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let t = (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    ((p[0] - a[0] - t * dx).powi(2) + (p[1] - a[1] - t * dy).powi(2)).sqrt()
}

/// Distance from a point to a polygon's outline.
pub fn poly_edge_dist(p: [f64; 2], poly: &[[f64; 2]]) -> f64 {
    (0..poly.len())
        .map(|i| seg_dist(p, poly[i], poly[(i + 1) % poly.len()]))
        .fold(f64::MAX, f64::min)
}

const LACES: [[f64; 2]; 3] = [
    [CARD_W - 2.0, CARD_H - 2.0],
    [CARD_W - 10.0, CARD_H - 2.0],
    [CARD_W - 2.0, CARD_H - 10.0],
];

/// A dark area at least 1 mm inside the rounded card and 1 mm clear of the laces (its outline
/// sampled every 0.25 mm).
fn clear_of_laces_and_edge(poly: &[[f64; 2]]) -> bool {
    let n = poly.len();
    (0..n).all(|i| {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        let steps = ((b[0] - a[0]).hypot(b[1] - a[1]) / 0.25).ceil() as usize + 1;
        (0..=steps).all(|k| {
            let t = k as f64 / steps as f64;
            let p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
            rounded_rect_sd(p[0], p[1], CARD_W, CARD_H, CORNER_R) > 1.0
                && !point_in_poly(p, &LACES)
                && poly_edge_dist(p, &LACES) > 1.2
        })
    }) && LACES.iter().all(|p| !point_in_poly(*p, poly))
}

impl Sleeve {
    /// A random sleeve within the contract's ranges.
    pub fn random(rng: &mut Chance, with_cross: bool) -> Sleeve {
        Sleeve::random_with(rng, with_cross, false)
    }

    /// A random sleeve on busy art: marks anywhere (compass roses, icons, roads, text), and dark
    /// areas anywhere the contract allows, the corners and beside the laces included.
    pub fn random_busy(rng: &mut Chance, with_cross: bool) -> Sleeve {
        let mut s = Sleeve::random_with(rng, with_cross, true);
        s.marks = crate::art::busy(rng);
        s
    }

    fn random_with(rng: &mut Chance, with_cross: bool, busy: bool) -> Sleeve {
        let bottom = if busy { 1.0 } else { 12.0 };
        let mut dark: Vec<Vec<[f64; 2]>> = Vec::new();
        let want = 2 + rng.below(3) as usize;
        let mut tries = 0;
        while dark.len() < want && tries < 500 {
            tries += 1;
            let size = uniform(rng, 8.0, 30.0);
            let (cx, cy) = (
                uniform(rng, 1.0 + size / 2.0, CARD_W - 1.0 - size / 2.0),
                uniform(rng, 1.0 + size / 2.0, CARD_H - bottom - size / 2.0),
            );
            let n = 4 + rng.below(4) as usize;
            let poly: Vec<[f64; 2]> = (0..n)
                .map(|i| {
                    let a = i as f64 / n as f64 * std::f64::consts::TAU + uniform(rng, -0.3, 0.3);
                    let r = size / 2.0 * uniform(rng, 0.7, 1.0);
                    [cx + r * a.cos(), cy + r * a.sin()]
                })
                .collect();
            // The contract's 8 to 30 mm across is the polygon's own width, not the circle drawn
            // to make it.
            let across = poly
                .iter()
                .flat_map(|a| poly.iter().map(move |b| (a[0] - b[0]).hypot(a[1] - b[1])))
                .fold(0.0, f64::max);
            let clear = (8.0..=30.0).contains(&across)
                && (!busy || clear_of_laces_and_edge(&poly))
                && dark.iter().all(|d| {
                    poly.iter()
                        .all(|p| !point_in_poly(*p, d) && poly_edge_dist(*p, d) > 2.0)
                        && d.iter().all(|p| !point_in_poly(*p, &poly))
                });
            if clear {
                dark.push(poly);
            }
        }
        let mut hooks: Vec<Ring> = Vec::new();
        let want = 3 + rng.below(6) as usize;
        let mut tries = 0;
        while hooks.len() < want && tries < 2000 {
            tries += 1;
            let r = uniform(rng, 2.5, 5.0);
            let stroke = uniform(rng, 0.4, 0.8);
            let (x, y) = (
                uniform(rng, 1.5 + r, CARD_W - 1.5 - r),
                uniform(rng, 1.5 + r, CARD_H - 1.5 - r),
            );
            let far_from_others = hooks
                .iter()
                .all(|h| ((h.x - x).powi(2) + (h.y - y).powi(2)).sqrt() > h.r + r + 1.5);
            let centre_clear_of_edges = dark.iter().all(|d| poly_edge_dist([x, y], d) > 1.0);
            let clear_of_laces =
                !point_in_poly([x, y], &LACES) && poly_edge_dist([x, y], &LACES) > r + 1.0;
            if far_from_others && centre_clear_of_edges && clear_of_laces {
                hooks.push(Ring { x, y, r, stroke });
            }
        }
        let mut cross = None;
        if with_cross {
            for _ in 0..2000 {
                let arm = uniform(rng, 3.5, 5.5);
                let width = uniform(rng, 0.8, 1.4);
                let (x, y) = (
                    uniform(rng, 2.0 + arm, CARD_W - 2.0 - arm),
                    uniform(rng, 2.0 + arm, CARD_H - 2.0 - arm),
                );
                let reach = arm + width / 2.0;
                let clear_rings = hooks.iter().all(|h| {
                    ((h.x - x).powi(2) + (h.y - y).powi(2)).sqrt()
                        > h.r + h.stroke / 2.0 + reach + 3.0
                });
                let clear_dark = dark
                    .iter()
                    .all(|d| !point_in_poly([x, y], d) && poly_edge_dist([x, y], d) > reach + 1.0);
                let clear_laces =
                    poly_edge_dist([x, y], &LACES) > reach + 1.0 && !point_in_poly([x, y], &LACES);
                if clear_rings && clear_dark && clear_laces {
                    let angle = uniform(rng, 0.0, std::f64::consts::PI);
                    let inks = [[30, 60, 200], [20, 140, 60], [25, 25, 30]];
                    cross = Some(Cross {
                        x,
                        y,
                        arm,
                        width,
                        angle,
                        angle2: angle + std::f64::consts::FRAC_PI_2 + uniform(rng, -0.25, 0.25),
                        ink: inks[rng.below(3) as usize],
                    });
                    break;
                }
            }
        }
        Sleeve {
            hooks,
            dark_areas: dark,
            cross,
            marks: Vec::new(),
        }
    }

    /// Is a ring's centre under a dark area (the contract's `hidden`)?
    pub fn hidden(&self, ring: &Ring) -> bool {
        self.dark_areas
            .iter()
            .any(|d| point_in_poly([ring.x, ring.y], d))
    }
}

impl Shot {
    /// A random shot on any table the contract allows (light and dark wood, light and dark grey,
    /// green and blue cloth), stronger glare allowed.
    pub fn random_varied(rng: &mut Chance, width: u32, height: u32, long_side_px: f64) -> Shot {
        let mut shot = Shot::random(rng, width, height, long_side_px);
        let tables = [
            [205, 175, 135],
            [150, 105, 70],
            [95, 62, 38],
            [195, 195, 190],
            [128, 128, 128],
            [58, 58, 62],
            [40, 110, 60],
            [70, 80, 120],
        ];
        shot.table = tables[rng.below(tables.len() as u32) as usize];
        shot
    }

    /// A random hand-held shot of the card: any rotation, up to 12% perspective per corner, the
    /// card's long side `long_side_px` or so.
    pub fn random(rng: &mut Chance, width: u32, height: u32, long_side_px: f64) -> Shot {
        let mut scale = long_side_px / CARD_H;
        let base = [[0.0, 0.0], [CARD_W, 0.0], [CARD_W, CARD_H], [0.0, CARD_H]];
        let mut corners = [[0.0; 2]; 4];
        // The whole sleeve (card plus margin) stays in the frame: retry the pose, then shrink.
        'pose: for attempt in 0..200 {
            if attempt > 0 && attempt % 40 == 0 {
                scale *= 0.9;
            }
            let angle = uniform(rng, 0.0, std::f64::consts::TAU);
            let (s, c) = angle.sin_cos();
            let (cx, cy) = (
                width as f64 / 2.0 + uniform(rng, -0.05, 0.05) * width as f64,
                height as f64 / 2.0 + uniform(rng, -0.05, 0.05) * height as f64,
            );
            for (i, p) in base.iter().enumerate() {
                let (x, y) = ((p[0] - CARD_W / 2.0) * scale, (p[1] - CARD_H / 2.0) * scale);
                let jitter = 0.12 * uniform(rng, 0.0, 1.0);
                let (jx, jy) = (
                    uniform(rng, -jitter, jitter) * CARD_W * scale,
                    uniform(rng, -jitter, jitter) * CARD_H * scale,
                );
                corners[i] = [cx + x * c - y * s + jx, cy + x * s + y * c + jy];
            }
            let h = homography(&corners);
            let margin = 0.03 * width.min(height) as f64;
            let grow = SLEEVE_MARGIN + 1.0;
            for p in [
                [-grow, -grow],
                [CARD_W + grow, -grow],
                [CARD_W + grow, CARD_H + grow],
                [-grow, CARD_H + grow],
            ] {
                let q = apply(&h, p);
                if q[0] < margin
                    || q[1] < margin
                    || q[0] > width as f64 - margin
                    || q[1] > height as f64 - margin
                {
                    continue 'pose;
                }
            }
            break;
        }
        let tables = [[150, 105, 70], [60, 90, 70], [128, 128, 128], [70, 80, 120]];
        Shot {
            width,
            height,
            corners_px: corners,
            table: tables[rng.below(4) as usize],
            falloff: uniform(rng, 0.0, 0.3),
            glare: if rng.below(2) == 0 {
                None
            } else {
                Some([
                    uniform(rng, 0.2, 0.8),
                    uniform(rng, 0.2, 0.8),
                    uniform(rng, 0.05, 0.12),
                ])
            },
            blur_sigma: uniform(rng, 0.3, 3.5 * width.max(height) as f64 / 4000.0 + 0.3) as f32,
            noise: uniform(rng, 0.0, 0.025),
            seed: rng.below(u32::MAX) as u64,
            // Up to 9 px at 4,000 px wide (drawn last, so the other draws stay as they were).
            motion_px: uniform(rng, 0.0, 9.0 * width.max(height) as f64 / 4000.0),
            motion_angle: uniform(rng, 0.0, std::f64::consts::PI),
        }
    }
}

fn smooth(edge_dist: f64, half_px: f64) -> f64 {
    // Coverage of a feature whose border lies `edge_dist` mm inside (positive) or outside.
    ((edge_dist / half_px) * 0.5 + 0.5).clamp(0.0, 1.0)
}

fn rounded_rect_sd(u: f64, v: f64, w: f64, h: f64, r: f64) -> f64 {
    // Signed distance inside (positive) a rounded rectangle [0,w]x[0,h].
    let qx = (u - w / 2.0).abs() - (w / 2.0 - r);
    let qy = (v - h / 2.0).abs() - (h / 2.0 - r);
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt() + qx.max(qy).min(0.0);
    r - outside
}

/// Draws the photo.
/// The scene the accuracy script draws for `seed` (a 1600 x 1250 photo; one seed in seven has no
/// cross; `busy`: busy map art and every allowed table). `sleeve-score synth` scores it and
/// `sleeve-debug` renders it for a person to look at.
pub fn scored_scene(seed: u64, busy: bool) -> (Sleeve, Shot) {
    let mut rng = Chance::from_seed(seed);
    let with_cross = !seed.is_multiple_of(7);
    let sleeve = if busy {
        Sleeve::random_busy(&mut rng, with_cross)
    } else {
        Sleeve::random(&mut rng, with_cross)
    };
    let long = 1000.0 + rng.below(400) as f64;
    let shot = if busy {
        Shot::random_varied(&mut rng, 1600, 1250, long)
    } else {
        Shot::random(&mut rng, 1600, 1250, long)
    };
    (sleeve, shot)
}

pub fn render(sleeve: &Sleeve, shot: &Shot) -> RgbImage {
    let h = homography(&shot.corners_px);
    let inv = h.try_inverse().expect("corners form a quadrilateral");
    // Millimetres per pixel near the card, for anti-aliasing.
    let mm_per_px = CARD_H
        / ((shot.corners_px[0][0] - shot.corners_px[3][0])
            .hypot(shot.corners_px[0][1] - shot.corners_px[3][1]));
    let half = mm_per_px;
    let mut rng = Chance::from_seed(shot.seed);
    let (w, hgt) = (shot.width, shot.height);
    let mut img = RgbImage::new(w, hgt);
    let tint = |c: [f64; 3], ink: [f64; 3], amount: f64| -> [f64; 3] {
        [0, 1, 2].map(|i| c[i] * (1.0 - amount) + c[i] * ink[i] * amount)
    };
    for py in 0..hgt {
        for px in 0..w {
            let [u, v] = apply(&inv, [px as f64, py as f64]);
            let table = shot.table.map(|c| c as f64 / 255.0);
            let wood = 0.06 * ((py as f64 * 0.02 + (px as f64 * 0.003).sin() * 3.0).sin());
            let mut col = table.map(|c| (c + wood).clamp(0.0, 1.0));
            let sd_card = rounded_rect_sd(u, v, CARD_W, CARD_H, CORNER_R);
            let in_card = smooth(sd_card, half);
            if in_card > 0.0 {
                // Light map art: parchment, a faint grid, a blue-green coastline.
                let mut art = [0.93, 0.88, 0.76];
                let grid = ((u / 10.0).fract() - 0.5)
                    .abs()
                    .min(((v / 10.0).fract() - 0.5).abs());
                if grid > 0.485 {
                    art = [0.85, 0.82, 0.72];
                }
                let coast = (v - 30.0 - 8.0 * (u * 0.15).sin()).abs();
                if coast < 0.4 {
                    art = [0.55, 0.72, 0.78];
                } else if v < 30.0 + 8.0 * (u * 0.15).sin() {
                    art = [0.80, 0.88, 0.90];
                }
                art = crate::art::paint(&sleeve.marks, u, v, half, art);
                for d in &sleeve.dark_areas {
                    let inside = point_in_poly([u, v], d);
                    let e = poly_edge_dist([u, v], d);
                    let cov = smooth(if inside { e } else { -e }, half);
                    art = [0, 1, 2].map(|i| art[i] * (1.0 - cov) + 0.07 * cov);
                }
                let inside = point_in_poly([u, v], &LACES);
                let e = poly_edge_dist([u, v], &LACES);
                let cov = smooth(if inside { e } else { -e }, half);
                let laces = [90.0 / 255.0, 50.0 / 255.0, 20.0 / 255.0];
                art = [0, 1, 2].map(|i| art[i] * (1.0 - cov) + laces[i] * cov);
                col = [0, 1, 2].map(|i| col[i] * (1.0 - in_card) + art[i] * in_card);
            }
            // The sleeve film: clear, a slight sheen, a faint seam 1 mm inside its right edge.
            let film = smooth(
                rounded_rect_sd(
                    u + SLEEVE_MARGIN,
                    v + SLEEVE_MARGIN,
                    CARD_W + 2.0 * SLEEVE_MARGIN,
                    CARD_H + 2.0 * SLEEVE_MARGIN,
                    CORNER_R + SLEEVE_MARGIN,
                ),
                half,
            );
            if film > 0.0 {
                col = col.map(|c| c * (1.0 - 0.04 * film) + 0.04 * film);
                let seam = smooth(0.15 - (u - (CARD_W + SLEEVE_MARGIN - 1.0)).abs(), half);
                col = col.map(|c| c * (1.0 - 0.05 * seam));
            }
            for ring in &sleeve.hooks {
                let d = ((u - ring.x).powi(2) + (v - ring.y).powi(2)).sqrt();
                let cov = smooth(ring.stroke / 2.0 - (d - ring.r).abs(), half);
                if cov > 0.0 {
                    col = tint(col, [1.0, 0.12, 0.12], cov * 0.9);
                    col[0] = (col[0] + 0.12 * cov).min(1.0);
                }
            }
            if let Some(x) = &sleeve.cross {
                let ink = x.ink.map(|c| c as f64 / 255.0);
                for a in [x.angle, x.angle2] {
                    let (s, c) = a.sin_cos();
                    let (du, dv) = (u - x.x, v - x.y);
                    let along = du * c + dv * s;
                    let across = -du * s + dv * c - 0.08 * (along * 2.1).sin();
                    let d = across.abs().max((along.abs() - x.arm).max(0.0));
                    let cov = smooth(x.width / 2.0 - d, half);
                    if cov > 0.0 {
                        col = tint(col, ink, cov * 0.92);
                    }
                }
            }
            // Light: fall-off across the frame, vignetting, one glare patch.
            let (nx, ny) = (px as f64 / w as f64, py as f64 / hgt as f64);
            let mut light = 1.0 - shot.falloff * nx;
            light *= 1.0 - 0.15 * ((nx - 0.5).powi(2) + (ny - 0.5).powi(2));
            let mut add = 0.0;
            if let Some([gx, gy, gr]) = shot.glare {
                let d2 = (nx - gx).powi(2) + (ny - gy).powi(2);
                add = 0.35 * (-d2 / (gr * gr)).exp();
            }
            let noise = shot.noise * (rng.below(2001) as f64 / 1000.0 - 1.0) * 1.7;
            let px_col =
                col.map(|c| ((c * light + add + noise).clamp(0.0, 1.0) * 255.0).round() as u8);
            img.put_pixel(px, py, Rgb(px_col));
        }
    }
    if shot.blur_sigma > 0.35 {
        img = imageproc::filter::gaussian_blur_f32(&img, shot.blur_sigma);
    }
    if shot.motion_px >= 1.0 {
        img = motion_blur(&img, shot.motion_px, shot.motion_angle);
    }
    img
}

/// A straight smear of `len` pixels in direction `angle`: each pixel the mean of samples spaced
/// at most half a pixel apart along the smear, centred on it.
pub fn motion_blur(img: &RgbImage, len: f64, angle: f64) -> RgbImage {
    let n = (2.0 * len).ceil() as usize + 1;
    let (dx, dy) = (angle.cos(), angle.sin());
    let offsets: Vec<[f64; 2]> = (0..n)
        .map(|i| {
            let t = len * (i as f64 / (n - 1) as f64 - 0.5);
            [t * dx, t * dy]
        })
        .collect();
    RgbImage::from_fn(img.width(), img.height(), |x, y| {
        let mut sum = [0.0; 3];
        for o in &offsets {
            let c = crate::scan::rgb_at(img, x as f64 + o[0], y as f64 + o[1]);
            for k in 0..3 {
                sum[k] += c[k];
            }
        }
        Rgb(sum.map(|v| (v / n as f64 * 255.0).round() as u8))
    })
}

/// The contract's JSON for a sleeve and a shot: what a perfect scanner would print.
pub fn truth(sleeve: &Sleeve, shot: &Shot) -> serde_json::Value {
    serde_json::json!({
        "card": {"corners_px": shot.corners_px},
        "hooks": sleeve.hooks.iter().map(|r| serde_json::json!({"x": r.x, "y": r.y, "r": r.r, "hidden": sleeve.hidden(r)})).collect::<Vec<_>>(),
        "dark_areas": sleeve.dark_areas,
        "cross": sleeve.cross.map(|c| serde_json::json!({"x": c.x, "y": c.y})),
    })
}

/// Encodes as JPEG at a quality from 75 to 100.
pub fn jpeg(img: &RgbImage, quality: u8) -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc =
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality.clamp(1, 100));
    enc.encode_image(img)
        .expect("encoding to memory cannot fail");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_sleeves_keep_the_contracts_ranges() {
        let mut rng = Chance::from_seed(4);
        for i in 0..50 {
            let s = Sleeve::random(&mut rng, i % 5 != 0);
            assert!(
                (2..=4).contains(&s.dark_areas.len()),
                "{}",
                s.dark_areas.len()
            );
            assert!((3..=8).contains(&s.hooks.len()), "{}", s.hooks.len());
            for (a, r) in s.hooks.iter().enumerate() {
                assert!((2.5..=5.0).contains(&r.r) && (0.4..=0.8).contains(&r.stroke));
                for q in &s.hooks[a + 1..] {
                    assert!(
                        ((r.x - q.x).powi(2) + (r.y - q.y).powi(2)).sqrt() > r.r + q.r + 1.0,
                        "rings touch"
                    );
                }
            }
            assert_eq!(s.cross.is_some(), i % 5 != 0);
        }
    }

    #[test]
    fn a_small_render_shows_the_card_and_a_red_ring() {
        let sleeve = Sleeve {
            hooks: vec![Ring {
                x: 30.0,
                y: 45.0,
                r: 4.0,
                stroke: 0.8,
            }],
            dark_areas: vec![vec![[5.0, 5.0], [20.0, 5.0], [20.0, 20.0], [5.0, 20.0]]],
            cross: None,
            marks: Vec::new(),
        };
        let shot = Shot {
            width: 300,
            height: 400,
            corners_px: [[30.0, 20.0], [270.0, 20.0], [270.0, 380.0], [30.0, 380.0]],
            table: [60, 90, 70],
            falloff: 0.0,
            glare: None,
            blur_sigma: 0.0,
            motion_px: 0.0,
            motion_angle: 0.0,
            noise: 0.0,
            seed: 1,
        };
        let img = render(&sleeve, &shot);
        // 4 px per mm: the ring's stroke at (30 + 4, 45) mm = (30 + 136, 20 + 180) px.
        let ring = img.get_pixel(166, 200);
        assert!(ring[0] > 150 && ring[1] < 80, "{ring:?}");
        let dark = img.get_pixel(30 + 50, 20 + 50);
        assert!(dark[0] < 40, "{dark:?}");
        let table = img.get_pixel(5, 5);
        assert!(
            table[1] > table[0] && table[1] > table[2],
            "the green cloth shows outside the sleeve: {table:?}"
        );
    }
}
