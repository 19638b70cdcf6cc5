//! Whether a thin printed ring circles a crossing: a compass rose's ring round its spokes, which
//! makes a cross-like patch inside it art.

use image::RgbImage;

use super::EDGE_MM;
use crate::pixels::{luma, redness};
use crate::scan::PX_PER_MM;

/// Whether a thin ring of non-red ink circles a point at some radius up to 2 arms (a compass
/// rose's ring round its spokes): along most of the circle the ink is darker than the paper just
/// inside and just outside it (a line, not a darker region such as the sea).
pub(super) fn ringed(img: &RgbImage, at: [f64; 2], arm: f64) -> bool {
    let (w, h) = (img.width() as f64, img.height() as f64);
    // A rose's ring is cut where the print stops: the edge strip is not looked at.
    let m = EDGE_MM * PX_PER_MM;
    let luma_at = |x: f64, y: f64| -> Option<(f64, f64)> {
        if x < m || y < m || x >= w - m || y >= h - m {
            return None;
        }
        let c = img
            .get_pixel(x as u32, y as u32)
            .0
            .map(|v| v as f64 / 255.0);
        Some((luma(c), redness(c)))
    };
    let steps = 72;
    let side = 0.7 * PX_PER_MM;
    let mut r = (0.4 * arm).max(side + 1.0);
    while r <= 2.0 * arm {
        let (mut hits, mut seen) = (0, 0);
        for k in 0..steps {
            let a = k as f64 * std::f64::consts::TAU / steps as f64;
            let (c, s) = (a.cos(), a.sin());
            let on = luma_at(at[0] + r * c, at[1] + r * s);
            let inner = luma_at(at[0] + (r - side) * c, at[1] + (r - side) * s);
            let outer = luma_at(at[0] + (r + side) * c, at[1] + (r + side) * s);
            if let (Some((l, red)), Some((li, _)), Some((lo, _))) = (on, inner, outer) {
                seen += 1;
                if red < 0.3 && l < li.min(lo) - 0.03 {
                    hits += 1;
                }
            }
        }
        // (Part of a ring may run off the card.)
        if seen >= steps / 3 && hits as f64 >= 0.7 * seen as f64 {
            return true;
        }
        r += 0.2 * PX_PER_MM;
    }
    false
}
