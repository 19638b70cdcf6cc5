//! Tables under the sleeve: wood, cloth (plain, woven or checked) and grey surfaces, in any
//! colour that is not a saturated red.

use crate::art::{Rgb, mix};
use crate::geom::P;
#[cfg(test)]
use crate::geom::p;
use crate::rng::{Draw, fractal, value_noise};

#[derive(Debug, Clone)]
pub enum Table {
    Wood {
        light: Rgb,
        dark: Rgb,
        angle: f64,
        period: f64,
        plank: f64,
        key: u64,
    },
    Cloth {
        colour: Rgb,
        weave: f64,
        angle: f64,
        checks: Option<(Rgb, f64)>,
        key: u64,
    },
    Grey {
        level: f32,
        speckle: f32,
        key: u64,
    },
}

impl Table {
    pub fn kind(&self) -> &'static str {
        match self {
            Table::Wood { .. } => "wood",
            Table::Cloth {
                checks: Some(_), ..
            } => "checked cloth",
            Table::Cloth { .. } => "cloth",
            Table::Grey { .. } => "grey",
        }
    }
}

/// A colour from hue (degrees), saturation and value, all in [0, 1] but hue.
pub fn hsv(h: f64, s: f64, v: f64) -> Rgb {
    let h = h.rem_euclid(360.0) / 60.0;
    let c = v * s;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    [r, g, b].map(|t| ((t + m) * 255.0) as f32)
}

/// A cloth colour (hue, saturation, value): any hue, but near red (hue within 30° of 0) only
/// weakly saturated.
fn cloth_colour(d: &mut Draw) -> (f64, f64, f64) {
    let h = d.range(0.0, 360.0);
    let near_red = !(30.0..=330.0).contains(&h);
    let s = if near_red {
        d.range(0.0, 0.3)
    } else {
        d.range(0.0, 0.85)
    };
    (h, s, d.range_edges(0.12, 0.92))
}

/// `scale` is photo pixels per card millimetre, so the grain has a plausible size.
pub fn sample_table(d: &mut Draw, scale: f64) -> Table {
    match d.weighted(&[1.0, 1.0, 1.0]) {
        0 => {
            let h = d.range(29.0, 45.0);
            let v = d.range(0.25, 0.85);
            let s = d.range(0.35, 0.7);
            Table::Wood {
                light: hsv(h, s * 0.85, v),
                dark: hsv(h - 2.0, s, v * d.range(0.55, 0.8)),
                angle: d.range(0.0, std::f64::consts::PI),
                period: d.range(1.0, 4.0) * scale,
                plank: d.range(80.0, 200.0) * scale,
                key: d.key(),
            }
        }
        1 => {
            let (h, s, v) = cloth_colour(d);
            // Gingham: the same hue, paler and lighter, so no check mixes into a red.
            let checks = d.chance(0.35).then(|| {
                (
                    hsv(h, s * d.range(0.0, 0.4), d.range(0.6, 0.95)),
                    d.range(8.0, 30.0) * scale,
                )
            });
            Table::Cloth {
                colour: hsv(h, s, v),
                weave: d.range(0.3, 1.2) * scale,
                angle: d.range(0.0, std::f64::consts::PI),
                checks,
                key: d.key(),
            }
        }
        _ => Table::Grey {
            level: d.range_edges(0.15, 0.9) as f32,
            speckle: d.range(0.0, 0.08) as f32,
            key: d.key(),
        },
    }
}

/// The table's colour at photo pixel `q`.
pub fn table_colour(t: &Table, q: P) -> Rgb {
    match t {
        Table::Wood {
            light,
            dark,
            angle,
            period,
            plank,
            key,
        } => {
            let v = q.rotate(-angle);
            let board = (v.y / plank).floor();
            let warp = fractal(
                *key ^ board as u64,
                v.x / (period * 20.0),
                v.y / (period * 6.0),
                3,
            );
            let grain = ((v.y / period + warp * 6.0) * std::f64::consts::TAU).sin() * 0.5 + 0.5;
            let fine = value_noise(*key, v.x / (period * 8.0), v.y / (period * 0.3));
            let t = (grain * 0.7 + fine * 0.3) as f32;
            let mut c = mix(*light, *dark, t);
            let seam = (v.y - board * plank).min((board + 1.0) * plank - v.y);
            if seam < period * 0.25 {
                c = c.map(|x| x * 0.55);
            }
            c
        }
        Table::Cloth {
            colour,
            weave,
            angle,
            checks,
            key,
        } => {
            let v = q.rotate(-angle);
            let mut c = *colour;
            if let Some((other, size)) = checks {
                let band = |t: f64| ((t / size).floor() as i64).rem_euclid(2) == 0;
                let k = match (band(v.x), band(v.y)) {
                    (true, true) => 1.0,
                    (false, false) => 0.0,
                    _ => 0.5,
                };
                c = mix(c, *other, k);
            }
            let wx = (v.x / weave * std::f64::consts::TAU).sin();
            let wy = (v.y / weave * std::f64::consts::TAU).sin();
            let fold = fractal(*key, q.x / 900.0, q.y / 900.0, 2);
            let k = (1.0 + 0.06 * (wx * wy) + 0.25 * (fold - 0.5)) as f32;
            c.map(|x| x * k)
        }
        Table::Grey {
            level,
            speckle,
            key,
        } => {
            let s = value_noise(*key, q.x / 2.0, q.y / 2.0) as f32 - 0.5;
            let slow = fractal(*key ^ 5, q.x / 700.0, q.y / 700.0, 2) as f32 - 0.5;
            let v = (level + speckle * s + 0.08 * slow).clamp(0.0, 1.0) * 255.0;
            [v, v, v * 0.98]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hue in degrees and saturation of a colour.
    fn hue_sat(c: Rgb) -> (f64, f64) {
        let (mx, mn) = (
            c.iter().cloned().fold(0.0, f32::max),
            c.iter().cloned().fold(255.0, f32::min),
        );
        if mx <= 0.0 || mx == mn {
            return (0.0, 0.0);
        }
        let d = f64::from(mx - mn);
        let [r, g, b] = c.map(f64::from);
        let h = if mx == c[0] {
            60.0 * ((g - b) / d).rem_euclid(6.0)
        } else if mx == c[1] {
            60.0 * ((b - r) / d + 2.0)
        } else {
            60.0 * ((r - g) / d + 4.0)
        };
        (h, d / f64::from(mx))
    }

    #[test]
    fn no_table_is_saturated_red() {
        for seed in 0..300 {
            let mut d = Draw::new(seed, 77);
            let t = sample_table(&mut d, 10.0);
            for k in 0..40 {
                let c = table_colour(&t, p(f64::from(k) * 37.0, f64::from(k) * 53.0));
                let (h, s) = hue_sat(c);
                let red = !(20.0..=340.0).contains(&h);
                assert!(!(red && s > 0.5), "seed {seed}: {c:?} on {}", t.kind());
            }
        }
    }
}
