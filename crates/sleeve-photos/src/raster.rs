//! Drawing the card into a texture in card millimetres. Every edge is anti-aliased from a signed
//! distance: a texel is covered by `0.5 - distance / texel`, clamped to [0, 1].

use crate::art::{Rgb, Shape, land_noise, mix, printable_sdf, wash};
use crate::geom::{CARD_H, CARD_W, P, card_sdf, p, poly_sdf, seg_dist};
use crate::rng::fractal;
use crate::scene::{Cross, Ring, Scene};

/// The card's colours, with its coverage in `alpha` (0 outside the rounded outline).
pub struct Texture {
    pub w: usize,
    pub h: usize,
    /// Texel size in mm.
    pub texel: f64,
    /// The card point of texel (0, 0).
    pub origin: P,
    pub rgb: Vec<Rgb>,
    pub alpha: Vec<f32>,
}

/// A coverage patch over a box of texels.
struct Mask {
    x0: usize,
    y0: usize,
    w: usize,
    h: usize,
    cov: Vec<f32>,
}

fn cover(sdf: f64, texel: f64) -> f32 {
    (0.5 - sdf / texel).clamp(0.0, 1.0) as f32
}

impl Texture {
    fn new(texel: f64) -> Texture {
        let origin = p(-0.5, -0.5);
        let w = ((CARD_W + 1.0) / texel).ceil() as usize + 1;
        let h = ((CARD_H + 1.0) / texel).ceil() as usize + 1;
        Texture {
            w,
            h,
            texel,
            origin,
            rgb: vec![[0.0; 3]; w * h],
            alpha: vec![0.0; w * h],
        }
    }

    fn point(&self, i: usize, j: usize) -> P {
        self.origin + p(i as f64, j as f64) * self.texel
    }

    /// An empty mask over the texels within the box `lo`–`hi` (mm), grown by two texels.
    fn mask(&self, lo: P, hi: P) -> Mask {
        let f = |v: f64, n: usize| (v.max(0.0) as usize).min(n);
        let x0 = f((lo.x - self.origin.x) / self.texel - 2.0, self.w);
        let y0 = f((lo.y - self.origin.y) / self.texel - 2.0, self.h);
        let x1 = f((hi.x - self.origin.x) / self.texel + 3.0, self.w);
        let y1 = f((hi.y - self.origin.y) / self.texel + 3.0, self.h);
        let (w, h) = (x1.saturating_sub(x0), y1.saturating_sub(y0));
        Mask {
            x0,
            y0,
            w,
            h,
            cov: vec![0.0; w * h],
        }
    }

    /// Adds (by maximum) a shape given by its signed distance over the box `lo`–`hi`.
    fn add_sdf(&self, m: &mut Mask, lo: P, hi: P, sdf: impl Fn(P) -> f64) {
        let sub = self.mask(lo, hi);
        for j in sub.y0..sub.y0 + sub.h {
            for i in sub.x0..sub.x0 + sub.w {
                let (mi, mj) = (i.wrapping_sub(m.x0), j.wrapping_sub(m.y0));
                if mi < m.w && mj < m.h {
                    let c = cover(sdf(self.point(i, j)), self.texel);
                    let slot = &mut m.cov[mj * m.w + mi];
                    *slot = slot.max(c);
                }
            }
        }
    }

    fn shape_mask(&self, shape: &Shape) -> Mask {
        let (lo, hi) = bounds(shape);
        let mut m = self.mask(lo, hi);
        match shape {
            Shape::Disc { c, r } => self.add_sdf(&mut m, lo, hi, |q| q.dist(*c) - r),
            Shape::Ring { c, r, w } => {
                self.add_sdf(&mut m, lo, hi, |q| (q.dist(*c) - r).abs() - w / 2.0)
            }
            Shape::Poly(pts) => self.add_sdf(&mut m, lo, hi, |q| poly_sdf(q, pts)),
            Shape::Line { pts, w } => {
                for s in pts.windows(2) {
                    let (a, b) = (s[0], s[1]);
                    let pad = p(w / 2.0, w / 2.0);
                    let (slo, shi) = (
                        p(a.x.min(b.x), a.y.min(b.y)) - pad,
                        p(a.x.max(b.x), a.y.max(b.y)) + pad,
                    );
                    self.add_sdf(&mut m, slo, shi, |q| seg_dist(q, a, b) - w / 2.0);
                }
            }
        }
        m
    }

    /// Lays `colour` over the masked texels with opacity `alpha`, only where `clip` covers.
    fn paint(&mut self, m: &Mask, colour: Rgb, alpha: f32, clip: Option<f64>) {
        for mj in 0..m.h {
            for mi in 0..m.w {
                let mut a = m.cov[mj * m.w + mi] * alpha;
                if a <= 0.0 {
                    continue;
                }
                let (i, j) = (m.x0 + mi, m.y0 + mj);
                if let Some(border) = clip {
                    a *= cover(printable_sdf(self.point(i, j), border), self.texel);
                }
                let k = j * self.w + i;
                self.rgb[k] = mix(self.rgb[k], colour, a);
            }
        }
    }

    /// Bilinear sample at card point `q`: colour and card coverage (0 off the texture).
    pub fn sample(&self, q: P) -> (Rgb, f32) {
        let fx = (q.x - self.origin.x) / self.texel;
        let fy = (q.y - self.origin.y) / self.texel;
        if fx < 0.0 || fy < 0.0 || fx >= (self.w - 1) as f64 || fy >= (self.h - 1) as f64 {
            return ([0.0; 3], 0.0);
        }
        let (i, j) = (fx as usize, fy as usize);
        let (tx, ty) = ((fx - i as f64) as f32, (fy - j as f64) as f32);
        let k = j * self.w + i;
        let ks = [k, k + 1, k + self.w, k + self.w + 1];
        let ws = [
            (1.0 - tx) * (1.0 - ty),
            tx * (1.0 - ty),
            (1.0 - tx) * ty,
            tx * ty,
        ];
        let mut c = [0.0f32; 3];
        let mut a = 0.0f32;
        for (k, w) in ks.iter().zip(ws) {
            // Colour weighted by coverage, so the outline does not pick up black from outside.
            let wa = w * self.alpha[*k];
            for (ch, v) in c.iter_mut().zip(self.rgb[*k]) {
                *ch += v * wa;
            }
            a += wa;
        }
        if a > 0.0 {
            c = c.map(|v| v / a);
        }
        (c, a)
    }
}

fn bounds(shape: &Shape) -> (P, P) {
    let pts: Vec<P> = match shape {
        Shape::Disc { c, r } => vec![*c - p(*r, *r), *c + p(*r, *r)],
        Shape::Ring { c, r, w } => vec![*c - p(r + w, r + w), *c + p(r + w, r + w)],
        Shape::Poly(pts) => pts.clone(),
        Shape::Line { pts, w } => pts
            .iter()
            .flat_map(|q| [*q - p(*w, *w), *q + p(*w, *w)])
            .collect(),
    };
    let lo = pts
        .iter()
        .fold(p(f64::MAX, f64::MAX), |a, q| p(a.x.min(q.x), a.y.min(q.y)));
    let hi = pts
        .iter()
        .fold(p(f64::MIN, f64::MIN), |a, q| p(a.x.max(q.x), a.y.max(q.y)));
    (lo, hi)
}

/// Draws the whole card (art, dark areas, laces, then the film's rings and cross) with texels
/// of `texel` mm.
pub fn render_card(scene: &Scene, texel: f64) -> Texture {
    let mut t = Texture::new(texel);
    let art = &scene.art;
    let noise: Vec<f64> = (0..t.w * t.h)
        .map(|k| land_noise(art, t.point(k % t.w, k / t.w)))
        .collect();
    for j in 0..t.h {
        for i in 0..t.w {
            let q = t.point(i, j);
            let k = j * t.w + i;
            t.alpha[k] = cover(card_sdf(q), texel);
            let print = cover(printable_sdf(q, art.border), texel);
            t.rgb[k] = if print > 0.0 {
                // Central differences of the land noise give its gradient for the coastline.
                let (il, ir) = (i.saturating_sub(1), (i + 1).min(t.w - 1));
                let (ju, jd) = (j.saturating_sub(1), (j + 1).min(t.h - 1));
                let gx = (noise[j * t.w + ir] - noise[j * t.w + il]) / ((ir - il) as f64 * texel);
                let gy = (noise[jd * t.w + i] - noise[ju * t.w + i]) / ((jd - ju) as f64 * texel);
                let grad = (gx * gx + gy * gy).sqrt();
                mix(art.stock, wash(art, q, noise[k], grad, texel), print)
            } else {
                art.stock
            };
        }
    }
    for m in &art.marks {
        let mask = t.shape_mask(&m.shape);
        t.paint(&mask, m.colour, m.alpha, Some(art.border));
    }
    for a in &scene.dark {
        let mask = t.shape_mask(&Shape::Poly(a.poly.clone()));
        paint_dark(&mut t, &mask, a.colour, art.key);
    }
    let laces = t.shape_mask(&Shape::Poly(scene.laces.to_vec()));
    t.paint(&laces, scene.laces_colour, 1.0, None);
    for r in &scene.rings {
        paint_ring(&mut t, r);
    }
    if let Some(c) = &scene.cross {
        paint_cross(&mut t, c);
    }
    t
}

/// A dark area with a faint print texture; its luminance stays under 25%.
fn paint_dark(t: &mut Texture, m: &Mask, colour: Rgb, key: u64) {
    for mj in 0..m.h {
        for mi in 0..m.w {
            let a = m.cov[mj * m.w + mi];
            if a > 0.0 {
                let (i, j) = (m.x0 + mi, m.y0 + mj);
                let q = t.point(i, j);
                let grain =
                    1.0 + 0.15 * (fractal(key ^ 0xda4c, q.x * 0.8, q.y * 0.8, 3) as f32 - 0.5);
                let c = colour.map(|v| (v * grain).min(0.2 * 255.0));
                let k = j * t.w + i;
                t.rgb[k] = mix(t.rgb[k], c, a);
            }
        }
    }
}

/// Film ink: a red filter over whatever is beneath, plus a little red reflection.
fn paint_ring(t: &mut Texture, r: &Ring) {
    let m = t.shape_mask(&Shape::Ring {
        c: r.c,
        r: r.r,
        w: r.w,
    });
    for mj in 0..m.h {
        for mi in 0..m.w {
            let a = m.cov[mj * m.w + mi];
            if a > 0.0 {
                let k = (m.y0 + mj) * t.w + m.x0 + mi;
                let under = t.rgb[k];
                let inked: Rgb =
                    std::array::from_fn(|c| (under[c] * r.mult[c] + r.add[c]).min(255.0));
                t.rgb[k] = mix(under, inked, a);
            }
        }
    }
}

/// Marker ink: nearly opaque, the two strokes (segment by segment, as the pen's width varies)
/// as one mask so the crossing is not inked twice.
fn paint_cross(t: &mut Texture, c: &Cross) {
    let mut lo = p(f64::MAX, f64::MAX);
    let mut hi = p(f64::MIN, f64::MIN);
    for q in c.strokes.iter().flatten() {
        lo = p(lo.x.min(q.x - 1.5), lo.y.min(q.y - 1.5));
        hi = p(hi.x.max(q.x + 1.5), hi.y.max(q.y + 1.5));
    }
    let mut m = t.mask(lo, hi);
    let segments = (0..2).flat_map(|n| (0..c.strokes[n].len() - 1).map(move |k| (n, k)));
    for (n, k) in segments {
        let pts = vec![c.strokes[n][k], c.strokes[n][k + 1]];
        let line = t.shape_mask(&Shape::Line {
            pts,
            w: c.width_at(n, k),
        });
        for mj in 0..line.h {
            for mi in 0..line.w {
                let i = (line.x0 + mi).wrapping_sub(m.x0);
                let j = (line.y0 + mj).wrapping_sub(m.y0);
                if i < m.w && j < m.h {
                    let slot = &mut m.cov[j * m.w + i];
                    *slot = slot.max(line.cov[mj * line.w + mi]);
                }
            }
        }
    }
    t.paint(&m, c.ink, c.opacity, None);
}
