//! The strongest straight stroke among points of ink (a marker's stroke, a printed line): found
//! by the cross's stages, and by the faded-cross stage in the pieces glare left.

use crate::geom::{Line, fit_line, line_dist};
use crate::scan::PX_PER_MM;

/// A fitted stroke: its line, the span of its pixels along the line, and the points left over.
pub type Stroke = (Line, (f64, f64), Vec<[f64; 2]>);

/// The strongest straight stroke among the points (deterministic RANSAC over point pairs): its
/// least-squares line, the span of its longest unbroken run of pixels along it, and the points
/// that are not on it.
pub fn ransac_stroke(pts: &[[f64; 2]]) -> Option<Stroke> {
    if pts.len() < 20 {
        return None;
    }
    let band = 0.9 * PX_PER_MM;
    let mut best: Option<(usize, Line)> = None;
    let n = pts.len();
    let mut state = 0x9e37_79b9u64;
    for _ in 0..300 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let i = (state >> 33) as usize % n;
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let j = (state >> 33) as usize % n;
        let (a, b) = (pts[i], pts[j]);
        let len = (b[0] - a[0]).hypot(b[1] - a[1]);
        if len < 2.0 * PX_PER_MM {
            continue;
        }
        let line = (a, [(b[0] - a[0]) / len, (b[1] - a[1]) / len]);
        let count = pts.iter().filter(|p| line_dist(line, **p) < band).count();
        if best.is_none_or(|(c, _)| count > c) {
            best = Some((count, line));
        }
    }
    let (_, line) = best?;
    let inliers: Vec<[f64; 2]> = pts
        .iter()
        .copied()
        .filter(|p| line_dist(line, *p) < band)
        .collect();
    let mut refined = fit_line(&inliers);
    for _ in 0..2 {
        let inl: Vec<[f64; 2]> = pts
            .iter()
            .copied()
            .filter(|p| line_dist(refined, *p) < 0.8 * band)
            .collect();
        if inl.len() < 10 {
            break;
        }
        refined = fit_line(&inl);
    }
    let rest: Vec<[f64; 2]> = pts
        .iter()
        .copied()
        .filter(|p| line_dist(refined, *p) >= 1.1 * band)
        .collect();
    // The stroke is the longest run of pixels along the line without a gap over 2.5 mm (other
    // ink that happens to lie on the same line is not part of it; the gap allows for the band
    // cleared where the first stroke crossed the second).
    let (lo, hi, _) = longest_run(&positions_along(pts, refined, band), 2.5 * PX_PER_MM)?;
    let span = (lo, hi);
    Some((refined, span, rest))
}

/// Where the points within `band` of the line lie along it (px from its origin), sorted.
pub fn positions_along(pts: &[[f64; 2]], (o, d): Line, band: f64) -> Vec<f64> {
    let mut along: Vec<f64> = pts
        .iter()
        .filter(|p| line_dist((o, d), **p) < band)
        .map(|p| (p[0] - o[0]) * d[0] + (p[1] - o[1]) * d[1])
        .collect();
    along.sort_by(f64::total_cmp);
    along
}

/// The longest run of sorted positions with no step over `gap`: its first and last position and
/// how many positions it holds. None when there are none.
pub fn longest_run(along: &[f64], gap: f64) -> Option<(f64, f64, usize)> {
    let first = *along.first()?;
    let (mut best, mut start) = ((first, first, 1usize), (first, 0usize));
    for (k, w) in along.windows(2).enumerate() {
        if w[1] - w[0] > gap {
            start = (w[1], k + 1);
        }
        if w[1] - start.0 > best.1 - best.0 {
            best = (start.0, w[1], k + 2 - start.1);
        }
    }
    Some(best)
}
