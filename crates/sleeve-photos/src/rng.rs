//! Seeded sampling on top of `neverland-chance` (the project's one source of randomness), plus a
//! small counter hash for per-pixel texture and noise so big photos stay quick.

use neverland_chance::Chance;

/// A seeded stream of draws. Each part of a photo (card, camera, noise) gets its own stream, so
/// changing how one part is drawn does not reshuffle the others.
pub struct Draw(Chance);

/// Stream tags: which part of the photo a stream belongs to.
pub const CARD: u64 = 0x5eed_ca4d;
pub const CAMERA: u64 = 0x5eed_ca3e;
pub const TEXTURE: u64 = 0x5eed_7e47;

impl Draw {
    pub fn new(seed: u64, part: u64) -> Draw {
        Draw(Chance::from_seed(mix(seed ^ part.rotate_left(17))))
    }

    /// Uniform in [0, 1) with 48 bits.
    pub fn unit(&mut self) -> f64 {
        let hi = self.0.below(1 << 24) as f64;
        let lo = self.0.below(1 << 24) as f64;
        (hi * 16_777_216.0 + lo) / 281_474_976_710_656.0
    }

    /// Uniform in [a, b].
    pub fn range(&mut self, a: f64, b: f64) -> f64 {
        a + (b - a) * self.unit()
    }

    /// Like `range`, but one draw in ten is exactly an end of the range, so the limits of the
    /// contract are exercised and not only their inside.
    pub fn range_edges(&mut self, a: f64, b: f64) -> f64 {
        match self.0.below(20) {
            0 => a,
            1 => b,
            _ => self.range(a, b),
        }
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// Uniform integer in [a, b].
    pub fn int(&mut self, a: u32, b: u32) -> u32 {
        a + self.0.below(b - a + 1)
    }

    /// Index chosen with the given weights.
    pub fn weighted(&mut self, weights: &[f64]) -> usize {
        let total: f64 = weights.iter().sum();
        let mut x = self.unit() * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }

    /// A 64-bit key for the counter hash below.
    pub fn key(&mut self) -> u64 {
        (u64::from(self.0.below(u32::MAX)) << 32) | u64::from(self.0.below(u32::MAX))
    }
}

/// SplitMix64 finaliser: a good 64-bit mixing of a counter.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Hash of a lattice point to [0, 1).
pub fn lattice(key: u64, x: i64, y: i64) -> f64 {
    let h = mix(key ^ mix((x as u64).wrapping_mul(0x1f1f_1f1f) ^ (y as u64).rotate_left(32)));
    (h >> 11) as f64 / (1u64 << 53) as f64
}

/// Smooth value noise in [0, 1) at a point (lattice spacing 1).
pub fn value_noise(key: u64, x: f64, y: f64) -> f64 {
    let (fx, fy) = (x.floor(), y.floor());
    let (ix, iy) = (fx as i64, fy as i64);
    let (tx, ty) = (smooth(x - fx), smooth(y - fy));
    let a = lattice(key, ix, iy);
    let b = lattice(key, ix + 1, iy);
    let c = lattice(key, ix, iy + 1);
    let d = lattice(key, ix + 1, iy + 1);
    let top = a + (b - a) * tx;
    let bottom = c + (d - c) * tx;
    top + (bottom - top) * ty
}

/// Fractal noise: `octaves` layers of value noise, each twice as fine and half as strong.
pub fn fractal(key: u64, x: f64, y: f64, octaves: u32) -> f64 {
    let (mut sum, mut amp, mut freq, mut norm) = (0.0, 1.0, 1.0, 0.0);
    for o in 0..octaves {
        sum += amp * value_noise(key.wrapping_add(u64::from(o)), x * freq, y * freq);
        norm += amp;
        amp *= 0.5;
        freq *= 2.0;
    }
    sum / norm
}

fn smooth(t: f64) -> f64 {
    t * t * (3.0 - 2.0 * t)
}
