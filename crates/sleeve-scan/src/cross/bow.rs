//! Whether a cross's stroke bows: a marker's stroke is straight but for a slight wobble, while a
//! stroke fitted along the rim of a printed ring (a compass rose's, crossing one of its spokes)
//! bows away from the line through its ends. A bowed stroke leaves the cross in doubt.

use super::Candidate;
use crate::geom::{Line, line_dist};
use crate::scan::PX_PER_MM;

/// The most a cross is trusted when one of its strokes is `bowed`: under the doubt threshold.
pub(super) const BOWED_SCORE: f64 = 0.8;

/// How far (mm) a stroke's middle may stand off the line through its ends before it is
/// `bowed`. A marker's stroke is straight but for a slight wobble; a stroke along the rim of a
/// printed ring bows. Measured on the straightened cards of both generators (the second's
/// seeds 1,000,000-599, H32-H36 and H39-H41; the first's 0-199), of 1,800 patches of true
/// crosses judged at 0.7 or more the most bowed stroke measured 0.09 mm at the median, 0.31 at
/// the 99th percentile and 0.43 at most; of 239 of art, 0.11 at the median and 0.44 at the
/// 90th. Among those judged at 0.85 or more, from 0.35 mm 8 were true crosses and 3 art; from
/// 0.3 mm, 23 and 3. Held-out photo 1,008,269 of H40 read a brown ring's rim crossing one of
/// its spokes as a sure cross, bowed 0.40 mm. (On whole photos, the second generator's 2,200
/// above: 2 gained, none lost, 3 more needless warnings.)
const BOWED_MM: f64 = 0.35;

/// Whether either of the candidate's strokes bows by `BOWED_MM` or more: the mean offset from
/// its line of its pixels (`pts`, within 0.9 mm of the line) in the second and fifth sixths of
/// its span, against that in the first and last sixths (for an arc, under three quarters of its
/// sagitta, as the band cuts off its ends; the crossing, in the middle sixths, is left out).
pub(super) fn bowed(pts: &[[f64; 2]], c: &Candidate) -> bool {
    c.strokes.iter().any(|&stroke| bow(pts, stroke) >= BOWED_MM)
}

/// How far (mm) a stroke bows: see `bowed`.
fn bow(pts: &[[f64; 2]], ((o, d), (lo, hi)): (Line, (f64, f64))) -> f64 {
    let (mut sum, mut n) = ([0.0f64; 6], [0usize; 6]);
    for q in pts {
        let t = (q[0] - o[0]) * d[0] + (q[1] - o[1]) * d[1];
        if line_dist((o, d), *q) < 0.9 * PX_PER_MM && t >= lo && t <= hi {
            let k = (((t - lo) / (hi - lo).max(1.0) * 6.0) as usize).min(5);
            sum[k] += (q[1] - o[1]) * d[0] - (q[0] - o[0]) * d[1];
            n[k] += 1;
        }
    }
    let mean = |k: usize| sum[k] / n[k].max(1) as f64;
    ((mean(1) + mean(4)) / 2.0 - (mean(0) + mean(5)) / 2.0).abs() / PX_PER_MM
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pixel centres within 0.5 mm of a curve through (10, 10 + off(u)) mm for u from 6 to
    /// 14 mm, on a grid of `PX_PER_MM`.
    fn drawn(off: impl Fn(f64) -> f64) -> Vec<[f64; 2]> {
        let mut pts = Vec::new();
        for y in 0..(20.0 * PX_PER_MM) as usize {
            for x in 0..(20.0 * PX_PER_MM) as usize {
                let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
                if (6.0..=14.0).contains(&u) && (v - 10.0 - off(u)).abs() < 0.5 {
                    pts.push([x as f64 + 0.5, y as f64 + 0.5]);
                }
            }
        }
        pts
    }

    /// The stroke as the cross's stages fit it: the least-squares line through its pixels, and
    /// their span along it.
    fn fitted(pts: &[[f64; 2]]) -> (Line, (f64, f64)) {
        let (o, d) = crate::geom::fit_line(pts);
        let along = pts
            .iter()
            .map(|p| (p[0] - o[0]) * d[0] + (p[1] - o[1]) * d[1]);
        let lo = along.clone().fold(f64::INFINITY, f64::min);
        ((o, d), (lo, along.fold(f64::NEG_INFINITY, f64::max)))
    }

    /// How far the stroke drawn with `off` bows.
    fn bow_of(off: impl Fn(f64) -> f64) -> f64 {
        let pts = drawn(off);
        bow(&pts, fitted(&pts))
    }

    #[test]
    fn a_straight_or_wobbly_stroke_barely_bows_and_a_rings_rim_does() {
        let straight = bow_of(|_| 0.0);
        assert!(straight < 0.05, "{straight}");
        // A marker's slow wobble: half a wave of 0.15 mm along the whole stroke.
        let wobbly = bow_of(|u| 0.15 * ((u - 6.0) * std::f64::consts::PI / 8.0).sin());
        assert!(wobbly < BOWED_MM, "{wobbly}");
        // The rim of a ring 8 mm in radius: its sagitta over 8 mm is 1.07 mm.
        let rim = bow_of(|u| 8.0 - (64.0 - (u - 10.0).powi(2)).sqrt());
        assert!((BOWED_MM..1.07).contains(&rim), "{rim}");
    }

    #[test]
    fn a_rings_rim_crossing_its_spoke_on_a_photo_is_never_a_sure_cross() {
        // A crop (20-50 mm, 0-20 mm) of held-out photo 1,008,269 of H40 as the scanner
        // straightened it: a brown compass rose at the card's top edge, whose rim crossing one
        // of its spokes passed for a black marker's cross, read sure with no warning.
        let png = include_bytes!("../../tests/fixtures/bowed-rim-h40-8269.png");
        let img = image::load_from_memory(png).expect("a PNG").to_rgb8();
        let (at, conf) = crate::features::read(&img).cross;
        assert!(conf < crate::fields::DOUBT_CROSS, "{at:?} at {conf}");
    }
}
