//! The camera: photo size, where the card lands (rotation, perspective, scale), the table, light
//! fall-off, vignetting, glare, blur, noise, file format and EXIF orientation; and the warp of
//! the card texture into the photo.

use crate::art::{Rgb, mix};
use crate::geom::{CARD_H, CARD_W, FILM_MARGIN, Homography, P, p, rounded_rect_sdf};
use crate::raster::render_card;
use crate::rng::Draw;
use crate::scene::Scene;
use crate::table::{Table, sample_table, table_colour};

/// Card corners in card mm, in the contract's order (top-left, top-right, bottom-right, bottom-left).
pub const CARD_CORNERS: [P; 4] = [
    p(0.0, 0.0),
    p(CARD_W, 0.0),
    p(CARD_W, CARD_H),
    p(0.0, CARD_H),
];

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Format {
    Jpeg(u8),
    Png,
}

#[derive(Debug, Clone)]
pub struct Glare {
    pub centre: P,
    pub radius: f64,
    pub squash: f64,
    pub angle: f64,
    pub strength: f64,
    /// What the glare was aimed at: "ring", "cross" or "card".
    pub over: &'static str,
}

#[derive(Debug, Clone)]
pub struct Camera {
    /// Size of the photo as shown (EXIF orientation applied).
    pub width: u32,
    pub height: u32,
    /// The card's corners in shown pixels, contract order.
    pub corners: [P; 4],
    pub table: Table,
    /// Light falls off by `falloff` (fraction) along `falloff_dir` across the card.
    pub falloff: f64,
    pub falloff_dir: P,
    /// Brightness lost at the photo's corners.
    pub vignette: f64,
    pub exposure: f64,
    pub tint: Rgb,
    pub sheen: f64,
    pub glare: Glare,
    /// Focus blur sigma and motion blur length, in this photo's pixels.
    pub focus_sigma: f64,
    pub motion_len: f64,
    pub motion_angle: f64,
    /// Sensor noise standard deviation as a fraction of full scale.
    pub noise: f64,
    pub format: Format,
    /// EXIF orientation tag 1–8, or `None` for no EXIF block.
    pub exif: Option<u8>,
}

/// Photo size in megapixels 1–13 (a 4032 × 3024 phone photo one time in seven).
fn sample_size(d: &mut Draw) -> (u32, u32) {
    if d.chance(0.15) {
        return if d.chance(0.5) {
            (4032, 3024)
        } else {
            (3024, 4032)
        };
    }
    let mp = d.range_edges(1.0, 13.0) * 1e6;
    let aspect = [4.0 / 3.0, 3.0 / 2.0, 16.0 / 9.0, 1.0][d.int(0, 3) as usize];
    let w = (mp * aspect).sqrt();
    let (mut w, h) = (w.round() as u32, (w / aspect).round() as u32);
    while u64::from(w) * u64::from(h) > 13_000_000 {
        w -= 1;
    }
    while u64::from(w) * u64::from(h) < 1_000_000 {
        w += 1;
    }
    if d.chance(0.5) { (w, h) } else { (h, w) }
}

/// Where the card lands: any rotation, each corner moved by up to 12% of the card's side along
/// each of the card's axes, scaled so both long sides are at least 1,000 px and the whole
/// sleeve is in the frame.
fn place_card(d: &mut Draw, w: u32, h: u32) -> Option<[P; 4]> {
    let centre = p(CARD_W / 2.0, CARD_H / 2.0);
    let film = [
        p(-FILM_MARGIN, -FILM_MARGIN),
        p(CARD_W + FILM_MARGIN, -FILM_MARGIN),
    ];
    let film = [
        film[0],
        film[1],
        p(CARD_W + FILM_MARGIN, CARD_H + FILM_MARGIN),
        p(-FILM_MARGIN, CARD_H + FILM_MARGIN),
    ];
    for _ in 0..400 {
        let angle = d.range(0.0, std::f64::consts::TAU);
        let tilt = d.range_edges(0.0, 1.0);
        let unit: [P; 4] = std::array::from_fn(|i| {
            let shift = p(
                d.range_edges(-0.12, 0.12) * CARD_W,
                d.range_edges(-0.12, 0.12) * CARD_H,
            ) * tilt;
            (CARD_CORNERS[i] - centre + shift).rotate(angle)
        });
        let hom = Homography::from_points(CARD_CORNERS, unit);
        let f: Vec<P> = film.iter().map(|q| hom.apply(*q)).collect();
        let long = unit[1].dist(unit[2]).min(unit[3].dist(unit[0]));
        let (lo, hi) = f.iter().fold(
            (p(f64::MAX, f64::MAX), p(f64::MIN, f64::MIN)),
            |(lo, hi), q| {
                (
                    p(lo.x.min(q.x), lo.y.min(q.y)),
                    p(hi.x.max(q.x), hi.y.max(q.y)),
                )
            },
        );
        let margin = 4.0;
        let s_min = 1000.5 / long;
        let s_max = ((f64::from(w) - 2.0 * margin) / (hi.x - lo.x))
            .min((f64::from(h) - 2.0 * margin) / (hi.y - lo.y));
        if s_min > s_max {
            continue;
        }
        let s = s_min + (s_max - s_min) * d.range_edges(0.0, 1.0);
        let tx = d.range(margin - lo.x * s, f64::from(w) - margin - hi.x * s);
        let ty = d.range(margin - lo.y * s, f64::from(h) - margin - hi.y * s);
        return Some(unit.map(|q| q * s + p(tx, ty)));
    }
    None
}

pub fn sample_camera(d: &mut Draw, scene: &Scene) -> Camera {
    let (width, height, corners) = loop {
        let (w, h) = sample_size(d);
        if let Some(c) = place_card(d, w, h) {
            break (w, h, c);
        }
    };
    let hom = Homography::from_points(CARD_CORNERS, corners);
    let scale = corners[1].dist(corners[2]) / CARD_H;
    let table = sample_table(d, scale);
    let glare = sample_glare(d, scene, &hom, scale);
    let big = f64::from(width.max(height)) / 4000.0;
    let focus_sigma = if d.chance(0.75) {
        d.range_edges(0.0, 3.5) * big
    } else {
        0.0
    };
    let motion_len = if d.chance(0.4) {
        d.range_edges(0.0, 9.0) * big
    } else {
        0.0
    };
    Camera {
        width,
        height,
        corners,
        table,
        falloff: d.range_edges(0.0, 0.3),
        falloff_dir: P::polar(d.range(0.0, std::f64::consts::TAU)),
        vignette: d.range(0.0, 0.35),
        exposure: d.range(0.88, 1.08),
        tint: [
            1.0 + d.range(-0.06, 0.06) as f32,
            1.0,
            1.0 + d.range(-0.06, 0.06) as f32,
        ],
        sheen: d.range(0.0, 0.08),
        glare,
        focus_sigma,
        motion_len,
        motion_angle: d.range(0.0, std::f64::consts::PI),
        noise: d.range_edges(0.0, 0.025),
        format: if d.chance(0.75) {
            Format::Jpeg(d.range_edges(75.0, 100.0).round() as u8)
        } else {
            Format::Png
        },
        exif: match d.weighted(&[1.0, 1.0, 3.5]) {
            0 => None,
            1 => Some(1),
            _ => Some(d.int(2, 8) as u8),
        },
    }
}

/// One glare patch, aimed at a ring, the cross, or anywhere on the card.
fn sample_glare(d: &mut Draw, scene: &Scene, hom: &Homography, scale: f64) -> Glare {
    let ring = &scene.rings[d.int(0, scene.rings.len() as u32 - 1) as usize];
    let (target, over) = match (d.weighted(&[2.0, 1.5, 1.5]), &scene.cross) {
        (1, Some(c)) => (c.centre, "cross"),
        (2, _) => (p(d.range(0.0, CARD_W), d.range(0.0, CARD_H)), "card"),
        _ => (ring.c, "ring"),
    };
    let jitter = P::polar(d.range(0.0, std::f64::consts::TAU)) * d.range(0.0, 2.0);
    Glare {
        centre: hom.apply(target + jitter),
        radius: d.range(2.0, 12.0) * scale,
        squash: d.range(0.35, 1.0),
        angle: d.range(0.0, std::f64::consts::PI),
        strength: d.range_edges(0.15, 0.6),
        over,
    }
}

/// Renders the photo as shown, before blur and noise: rows of RGB floats in 0–255. Without a
/// scene the photo shows the bare table (the "no card" bad file).
pub fn expose(scene: Option<&Scene>, cam: &Camera) -> Vec<f32> {
    let hom = Homography::from_points(CARD_CORNERS, cam.corners);
    let back = hom.inverse();
    let long_px = cam.corners[1]
        .dist(cam.corners[2])
        .max(cam.corners[3].dist(cam.corners[0]));
    let mm_per_px = CARD_H / long_px;
    let texel = (mm_per_px / 1.15).max(1.0 / 32.0);
    let tex = scene.map(|s| render_card(s, texel));
    let card_mid = cam.corners.iter().fold(p(0.0, 0.0), |s, q| s + *q) * 0.25;
    let reach = cam
        .corners
        .iter()
        .map(|q| (*q - card_mid).dot(cam.falloff_dir).abs())
        .fold(1.0, f64::max);
    let photo_mid = p(f64::from(cam.width) / 2.0, f64::from(cam.height) / 2.0);
    let corner_r2 = photo_mid.dot(photo_mid);
    let (w, h) = (cam.width as usize, cam.height as usize);
    let mut out = vec![0.0f32; w * h * 3];
    for y in 0..h {
        for x in 0..w {
            let px = p(x as f64, y as f64);
            let q = back.apply(px);
            let mut c = table_colour(&cam.table, px);
            if let Some(tex) = &tex {
                let film = rounded_rect_sdf(
                    q,
                    -FILM_MARGIN,
                    -FILM_MARGIN,
                    CARD_W + FILM_MARGIN,
                    CARD_H + FILM_MARGIN,
                    1.0,
                );
                let on_film = (0.5 - film / mm_per_px).clamp(0.0, 1.0) as f32;
                if on_film > 0.0 {
                    c = mix(c, film_over(c, q, film, mm_per_px), on_film);
                }
                let (card, a) = tex.sample(q);
                if a > 0.0 {
                    c = mix(c, card, a);
                }
                if on_film > 0.0 {
                    c = c.map(|v| v + (sheen(q) * cam.sheen * 255.0) as f32 * on_film);
                }
            }
            let along = ((px - card_mid).dot(cam.falloff_dir) / reach).clamp(-1.3, 1.3);
            let light = (1.0 - cam.falloff * (along + 1.0) / 2.0) * cam.exposure;
            let vig = 1.0 - cam.vignette * (px - photo_mid).dot(px - photo_mid) / corner_r2;
            let k = (light * vig) as f32;
            let lit: Rgb = std::array::from_fn(|i| c[i] * k * cam.tint[i]);
            let g = glare(&cam.glare, px) as f32;
            let o = (y * w + x) * 3;
            for i in 0..3 {
                out[o + i] = lit[i] + (255.0 - lit[i]) * g;
            }
        }
    }
    out
}

/// The film over the table: a touch lighter and hazier, with a bright cut edge and a faint
/// seam 1 mm in from the film's right edge.
fn film_over(c: Rgb, q: P, film_sdf: f64, mm_per_px: f64) -> Rgb {
    let mut f = c.map(|v| v * 0.94 + 10.0);
    let edge = (1.0 - film_sdf.abs() / (0.12 + mm_per_px)).max(0.0) as f32;
    let seam_d = (q.x - (CARD_W + FILM_MARGIN - 1.0)).abs();
    let seam = (1.0 - seam_d / (0.15 + mm_per_px)).max(0.0) as f32;
    f = f.map(|v| v + 30.0 * edge - 12.0 * seam);
    f
}

/// A soft diagonal band of reflection across the film.
fn sheen(q: P) -> f64 {
    let t = (q.x * 0.6 + q.y * 0.8 - 55.0) / 25.0;
    (-t * t).exp()
}

fn glare(g: &Glare, px: P) -> f64 {
    let v = (px - g.centre).rotate(-g.angle);
    let d2 = (v.x / g.radius).powi(2) + (v.y / (g.radius * g.squash)).powi(2);
    g.strength * (-d2.powf(1.3)).exp()
}

impl Camera {
    /// The same shot at `k` times the size, for quick tests only: below the contract's
    /// 1,000 px card side when `k` is small.
    pub fn scaled(&self, k: f64) -> Camera {
        let mut c = self.clone();
        c.width = ((f64::from(self.width) * k).round() as u32).max(1);
        c.height = ((f64::from(self.height) * k).round() as u32).max(1);
        c.corners = self.corners.map(|q| q * k);
        c.glare.centre = self.glare.centre * k;
        c.glare.radius *= k;
        c.focus_sigma *= k;
        c.motion_len *= k;
        c
    }

    /// The same shot with no blur, noise or glare (for tests that read pixels at the truth).
    pub fn clean(&self) -> Camera {
        let mut c = self.clone();
        c.focus_sigma = 0.0;
        c.motion_len = 0.0;
        c.noise = 0.0;
        c.glare.strength = 0.0;
        c
    }
}
