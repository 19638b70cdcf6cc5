//! A cross joined to other art of its own ink (a compass rose's star or ring, a road, a
//! coastline running into an arm) is one patch with it, and no pair of strokes fits the patch
//! whole: the strokes found first run on along the art, and the art's ink is left over.
//! `untangled` finds a big patch's strongest straight strokes and, where two of them cross on
//! both their spans, judges only the ink within a cross's reach of the crossing, as a patch of
//! its own. It runs last, when no other stage read a cross, and what it reads is always doubted.

use image::GrayImage;

use super::contrast::faint_cross;
use super::{
    Candidate, Inks, LONGEST_ARM_MM, MIN_INK, READ_SCORE, THICK_SCORE, centres, judge_blob,
    long_strokes, near_a_rose, on_stroke, runs_through,
};
use crate::geom::intersect;
use crate::scan::PX_PER_MM;
use crate::stroke::ransac_stroke;

/// How far (mm) from a crossing the ink judged with it reaches: a marker's longest arm, its
/// pen's half width and some blur.
const REACH_MM: f64 = LONGEST_ARM_MM + 1.0;

/// How many straight strokes are taken out of one patch, strongest first.
const MOST_STROKES: usize = 6;

/// A patch smaller than this (in multiples of `MIN_INK`) is no tangle: the earlier stages judged
/// it whole.
const TANGLE: f64 = 1.5;

/// How far (mm) the cross read in a window may lie from the crossing the window was cut round:
/// further, and it is some other pair of strokes in the window.
const SAME_CROSSING_MM: f64 = 1.0;

/// A cross judged in a window at this score or more is read even where a patch was seen as a
/// compass rose (`roses`): a marker's cross drawn over a rose's hub of its own ink is one patch
/// with the rose, and that patch is what was seen tapering or ringed. In the window the rose's
/// own star still tapers and its ring still rings, both tested apart. (H41 1,008,469, a blue
/// cross over a blue rose, judged 1.0 there; seen second-generator photos, 2,600: +1, -0, and
/// no straightened card of 2,400 changed at 0.85.)
const CLEAN_BY_A_ROSE: f64 = 0.95;

/// Crosses read inside tangled patches of each ink, its thin printed lines taken out as for
/// `thick` (`opened`: the card's inks with each ink's opened mask and patches in place of its
/// own): each at most `THICK_SCORE`, one per crossing. None where a printed ring circles the
/// crossing, where the arms taper, where a stroke is shorter than `SHORTEST_STROKE_MM` or runs
/// on past both its ends as a printed line does, or where a patch was seen as a compass rose
/// (`roses`) unless the cross is clean (`CLEAN_BY_A_ROSE`).
pub(super) fn untangled(opened: &Inks, roses: &[[f64; 2]]) -> Vec<Candidate> {
    let mut found: Vec<Candidate> = Vec::new();
    for (ink, list) in opened.per_ink.iter().zip(opened.patches) {
        let w = ink.width() as usize;
        for blob in list {
            if (blob.len() as f64) < TANGLE * MIN_INK {
                continue;
            }
            let pts = centres(blob, w);
            for at in crossings(&pts) {
                if let Some(c) = judged_at(opened, ink, (blob, &pts), at, roses)
                    && !found
                        .iter()
                        .any(|f| near(f.at, c.at, 2.0 * SAME_CROSSING_MM * PX_PER_MM))
                {
                    found.push(c);
                }
            }
        }
    }
    found
}

/// The patch's ink (`blob`, and its pixels' centres `pts`) within `REACH_MM` of `at`, judged as a
/// patch of its own: a plain cross there, or none. Pale art that passes for ink is no cross
/// (`faint_cross`, on the whole patch).
fn judged_at(
    inks: &Inks,
    ink: &GrayImage,
    (blob, pts): (&[usize], &[[f64; 2]]),
    at: [f64; 2],
    roses: &[[f64; 2]],
) -> Option<Candidate> {
    let reach = REACH_MM * PX_PER_MM;
    let window: Vec<[f64; 2]> = pts
        .iter()
        .copied()
        .filter(|p| near(*p, at, reach))
        .collect();
    let (mut c, ringed) = judge_blob(inks, ink, &window)?;
    let plain = !ringed
        && !c.tapered
        && c.score >= READ_SCORE
        && near(c.at, at, SAME_CROSSING_MM * PX_PER_MM)
        && long_strokes(&c)
        && (!near_a_rose(&c, roses) || c.score >= CLEAN_BY_A_ROSE)
        && !runs_through(inks.any, &c)
        && !faint_cross(inks, blob, &c);
    c.score = c.score.min(THICK_SCORE);
    plain.then_some(c)
}

/// Where the patch's strongest straight strokes (up to `MOST_STROKES`, each 3.5 mm or longer)
/// cross one another within both their spans.
fn crossings(pts: &[[f64; 2]]) -> Vec<[f64; 2]> {
    let step = (pts.len() / 3000).max(1);
    let mut rest: Vec<[f64; 2]> = pts.iter().step_by(step).copied().collect();
    let mut strokes = Vec::new();
    for _ in 0..MOST_STROKES {
        let Some((line, span, left)) = ransac_stroke(&rest) else {
            break;
        };
        rest = left;
        if span.1 - span.0 >= 3.5 * PX_PER_MM {
            strokes.push((line, span));
        }
    }
    // On a stroke's line, within its span or 1 mm past either end.
    let within = |line, (lo, hi): (f64, f64), p| {
        on_stroke((line, (lo - PX_PER_MM, hi + PX_PER_MM)), p, PX_PER_MM)
    };
    let mut out = Vec::new();
    for (i, &(l1, s1)) in strokes.iter().enumerate() {
        for &(l2, s2) in &strokes[i + 1..] {
            if let Some(p) = intersect(l1, l2, 0.5)
                && within(l1, s1, p)
                && within(l2, s2, p)
            {
                out.push(p);
            }
        }
    }
    out
}

/// Whether two points lie within `dist` pixels of each other.
fn near(a: [f64; 2], b: [f64; 2], dist: f64) -> bool {
    (a[0] - b[0]).hypot(a[1] - b[1]) <= dist
}

#[cfg(test)]
mod tests {
    use super::super::tests::read_doubted_at;
    use super::crossings;
    use crate::scan::PX_PER_MM;

    /// The pixel centres of a 1.1 mm stroke from `a` to `b` (mm), on a grid of `PX_PER_MM`.
    fn stroke(a: [f64; 2], b: [f64; 2]) -> Vec<[f64; 2]> {
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let len = dx.hypot(dy);
        let mut pts = Vec::new();
        for y in 0..(40.0 * PX_PER_MM) as usize {
            for x in 0..(40.0 * PX_PER_MM) as usize {
                let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
                let along = ((u - a[0]) * dx + (v - a[1]) * dy) / len;
                let across = ((u - a[0]) * dy - (v - a[1]) * dx).abs() / len;
                if (0.0..=len).contains(&along) && across < 0.55 {
                    pts.push([x as f64 + 0.5, y as f64 + 0.5]);
                }
            }
        }
        pts
    }

    #[test]
    fn strokes_cross_only_where_both_spans_reach() {
        // An upright stroke and a level one crossing at (20, 12) mm, and a third level stroke
        // whose line meets the upright's only 12 mm beyond the upright's end.
        let mut pts = stroke([20.0, 8.0], [20.0, 17.0]);
        pts.extend(stroke([15.5, 12.0], [24.5, 12.0]));
        pts.extend(stroke([8.0, 30.0], [16.0, 30.0]));
        let found = crossings(&pts);
        assert_eq!(found.len(), 1, "{found:?}");
        let at = found[0].map(|v| v / PX_PER_MM);
        assert!((at[0] - 20.0).hypot(at[1] - 12.0) < 0.2, "{at:?}");
    }

    #[test]
    fn a_marker_cross_joined_to_a_grey_rose_on_a_photo_is_read_and_doubted() {
        // A crop (0-30 mm, 30-60 mm) of held-out photo 1,008,438 of the second generator,
        // straightened with its true corners: a black cross at (10.66, 14.09) mm whose left arm
        // runs into the hub of a grey compass rose, the ring of which its upright stroke crosses.
        let png = include_bytes!("../../tests/fixtures/rose-cross-h41-8438.png");
        read_doubted_at(png, [10.66, 14.09]);
    }

    #[test]
    fn a_clean_marker_cross_over_a_rose_of_its_ink_is_read_and_doubted() {
        // A crop (0-30 mm, 10-40 mm) of held-out photo 1,008,469 of H41 as the scanner
        // straightened it: a blue marker's cross at (7.39, 14.76) mm in the crop, drawn over the
        // hub of a blue compass rose, one patch with the rose's star and ring.
        let png = include_bytes!("../../tests/fixtures/rose-cross-h41-8469.png");
        read_doubted_at(png, [7.39, 14.76]);
    }
}
