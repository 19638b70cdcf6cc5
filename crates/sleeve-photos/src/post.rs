//! What the camera does after the light: focus blur, motion blur and sensor noise on the
//! floating-point photo, then rounding to 8 bits. Filters run row by row with a small window
//! of the original rows, so a 13-megapixel photo needs no second full copy.

use crate::rng::mix;

/// The original rows `y - r ..= y + r` (clamped at the photo's edges) while row `y` is rewritten.
struct Window {
    w: usize,
    r: usize,
    rows: Vec<Vec<f32>>,
    first: isize,
}

impl Window {
    fn new(w: usize, r: usize) -> Window {
        Window {
            w,
            r,
            rows: Vec::new(),
            first: 0,
        }
    }

    /// Makes the window hold rows `y - r ..= y + r` of `buf` (of `h` rows) before row `y` is
    /// overwritten; rows below `y` were saved earlier, so their originals are kept.
    fn advance(&mut self, buf: &[f32], h: usize, y: usize) {
        let want_first = y as isize - self.r as isize;
        if self.rows.is_empty() {
            self.first = want_first;
            for k in 0..=2 * self.r {
                self.rows
                    .push(row_of(buf, self.w, h, want_first + k as isize).to_vec());
            }
            return;
        }
        while self.first < want_first {
            let mut old = self.rows.remove(0);
            let next = self.first + 2 * self.r as isize + 1;
            old.copy_from_slice(row_of(buf, self.w, h, next));
            self.rows.push(old);
            self.first += 1;
        }
    }

    /// Row `y + dy` as it was before filtering, `|dy| <= r`.
    fn row(&self, y: usize, dy: isize) -> &[f32] {
        &self.rows[(y as isize + dy - self.first) as usize]
    }
}

fn row_of(buf: &[f32], w: usize, h: usize, y: isize) -> &[f32] {
    let y = y.clamp(0, h as isize - 1) as usize;
    &buf[y * w * 3..(y + 1) * w * 3]
}

fn kernel(sigma: f64) -> Vec<f32> {
    let r = (3.0 * sigma).ceil() as isize;
    let k: Vec<f64> = (-r..=r)
        .map(|i| (-(i * i) as f64 / (2.0 * sigma * sigma)).exp())
        .collect();
    let s: f64 = k.iter().sum();
    k.iter().map(|v| (v / s) as f32).collect()
}

/// Separable Gaussian blur with standard deviation `sigma` px (edges clamped).
pub fn focus_blur(buf: &mut [f32], w: usize, h: usize, sigma: f64) {
    if sigma < 0.15 {
        return;
    }
    let k = kernel(sigma);
    let r = (k.len() / 2) as isize;
    let mut tmp = vec![0.0f32; w * 3];
    for y in 0..h {
        let row = &mut buf[y * w * 3..(y + 1) * w * 3];
        for x in 0..w as isize {
            let mut acc = [0.0f32; 3];
            for (i, kv) in k.iter().enumerate() {
                let sx = (x + i as isize - r).clamp(0, w as isize - 1) as usize;
                for c in 0..3 {
                    acc[c] += kv * row[sx * 3 + c];
                }
            }
            tmp[x as usize * 3..x as usize * 3 + 3].copy_from_slice(&acc);
        }
        row.copy_from_slice(&tmp);
    }
    let mut win = Window::new(w, r as usize);
    for y in 0..h {
        win.advance(buf, h, y);
        for (i, kv) in k.iter().enumerate() {
            let src = win.row(y, i as isize - r);
            let dst = &mut tmp;
            for (d, s) in dst.iter_mut().zip(src) {
                if i == 0 {
                    *d = kv * s;
                } else {
                    *d += kv * s;
                }
            }
        }
        buf[y * w * 3..(y + 1) * w * 3].copy_from_slice(&tmp);
    }
}

/// Motion blur: the average along a centred line of `len` px at `angle` (bilinear taps).
pub fn motion_blur(buf: &mut [f32], w: usize, h: usize, len: f64, angle: f64) {
    if len < 0.5 {
        return;
    }
    let taps = len.ceil() as usize + 1;
    let (dx, dy) = (angle.cos() * len, angle.sin() * len);
    let r = (dy.abs() / 2.0).ceil() as usize + 1;
    let mut win = Window::new(w, r);
    let mut tmp = vec![0.0f32; w * 3];
    for y in 0..h {
        win.advance(buf, h, y);
        for x in 0..w {
            let mut acc = [0.0f32; 3];
            for t in 0..taps {
                let f = t as f64 / (taps - 1) as f64 - 0.5;
                let (sx, sy) = ((x as f64 + dx * f).clamp(0.0, (w - 1) as f64), dy * f);
                let (x0, y0) = (sx.floor() as usize, sy.floor() as isize);
                let (fx, fy) = ((sx - x0 as f64) as f32, (sy - y0 as f64) as f32);
                let x1 = (x0 + 1).min(w - 1);
                let (ra, rb) = (win.row(y, y0), win.row(y, y0 + 1));
                for c in 0..3 {
                    let top = ra[x0 * 3 + c] * (1.0 - fx) + ra[x1 * 3 + c] * fx;
                    let bot = rb[x0 * 3 + c] * (1.0 - fx) + rb[x1 * 3 + c] * fx;
                    acc[c] += top * (1.0 - fy) + bot * fy;
                }
            }
            for c in 0..3 {
                tmp[x * 3 + c] = acc[c] / taps as f32;
            }
        }
        buf[y * w * 3..(y + 1) * w * 3].copy_from_slice(&tmp);
    }
}

/// Sensor noise with standard deviation `sigma` of full scale: mostly shared by the three
/// channels (brightness), partly per channel (colour). Each draw is a sum of uniform pieces of
/// a counter hash (close to normal, and far quicker than logarithms).
pub fn add_noise(buf: &mut [f32], sigma: f64, key: u64) {
    if sigma <= 0.0 {
        return;
    }
    let s = (sigma * 255.0) as f32;
    // Four uniforms on [0, 1] sum to variance 4/12, three to 3/12: scale both to variance 1.
    let (k4, k3) = (3.0f32.sqrt(), 2.0f32);
    let piece = |h: u64, i: u32| ((h >> (16 * i)) & 0xffff) as f32 / 65535.0;
    for (i, px) in buf.chunks_mut(3).enumerate() {
        let a = mix(key ^ (i as u64 * 2));
        let b = mix(key ^ (i as u64 * 2 + 1));
        let luma = (piece(a, 0) + piece(a, 1) + piece(a, 2) + piece(a, 3) - 2.0) * k4;
        for (c, v) in px.iter_mut().enumerate() {
            // Per channel: 21 bits of `b`, three 7-bit uniforms.
            let bits = (b >> (21 * c)) & 0x1f_ffff;
            let u = |j: u32| ((bits >> (7 * j)) & 0x7f) as f32 / 127.0;
            let chroma = (u(0) + u(1) + u(2) - 1.5) * k3;
            *v += s * (0.8 * luma + 0.6 * chroma);
        }
    }
}

/// Rounds to 8-bit RGB.
pub fn to_bytes(buf: &[f32]) -> Vec<u8> {
    buf.iter()
        .map(|v| v.round().clamp(0.0, 255.0) as u8)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blurs_keep_a_flat_photo_flat_and_spread_an_edge() {
        let (w, h) = (40, 30);
        let mut flat = vec![100.0f32; w * h * 3];
        focus_blur(&mut flat, w, h, 2.0);
        motion_blur(&mut flat, w, h, 6.0, 0.7);
        assert!(flat.iter().all(|v| (v - 100.0).abs() < 1e-3));
        let mut edge: Vec<f32> = (0..w * h * 3)
            .map(|i| if (i / 3) % w < 20 { 0.0 } else { 255.0 })
            .collect();
        focus_blur(&mut edge, w, h, 2.0);
        let at = |x: usize| edge[(15 * w + x) * 3];
        assert!(at(19) > 50.0 && at(19) < 128.0 && at(20) > 128.0 && at(20) < 205.0);
        assert!(at(5) < 1.0 && at(35) > 254.0);
    }

    #[test]
    fn noise_has_the_asked_spread() {
        let mut buf = vec![128.0f32; 3 * 20_000];
        add_noise(&mut buf, 0.02, 9);
        let n = buf.len() as f64;
        let mean = buf.iter().map(|v| f64::from(*v)).sum::<f64>() / n;
        let sd = (buf
            .iter()
            .map(|v| (f64::from(*v) - mean).powi(2))
            .sum::<f64>()
            / n)
            .sqrt();
        assert!((mean - 128.0).abs() < 0.2, "mean {mean}");
        assert!((sd / (0.02 * 255.0) - 1.0).abs() < 0.05, "sd {sd}");
    }
}
