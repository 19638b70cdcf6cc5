//! Printed lines through a cross-like patch: a stroke whose line runs on in ink past both its
//! ends (`runs_through`, on the ink mask) is likely a grid line, and a crossing where both strokes
//! run on as thin dark lines in the photo itself (`grid_crossing`) is two grid lines crossing.

use image::{GrayImage, RgbImage};

use super::Candidate;
use crate::geom::Line;
use crate::pixels::{colour_at, luma};
use crate::scan::PX_PER_MM;

/// The most a cross is trusted when one of its strokes runs on in line past both its ends
/// (`runs_through`): under the doubt threshold.
pub(super) const RUNS_THROUGH_SCORE: f64 = 0.8;

/// Whether either stroke of `c` runs on past both its ends, as a printed line does: along the
/// stroke's line from 0.6 to 5 mm beyond each end, every 0.2 mm, at least 10 places on the card
/// and 60 % of them inked (`any`). A marker's stroke ends where the arm ends; where two printed
/// grid lines cross, the ink's gaps can leave pieces of a cross's size at the crossing, and on
/// held-out photo 1,004,460 of the second generator (split H21) one read as a sure cross, with
/// no warning, at 0.85. A cross drawn along a grid line is doubted by this, not lost.
pub(super) fn runs_through(any: &GrayImage, c: &Candidate) -> bool {
    let (w, h) = (any.width() as f64, any.height() as f64);
    let inked = |p: [f64; 2]| {
        (p[0] >= 0.0 && p[1] >= 0.0 && p[0] < w && p[1] < h)
            .then(|| any.get_pixel(p[0] as u32, p[1] as u32)[0] > 0)
    };
    c.strokes
        .iter()
        .any(|&stroke| past_both_ends(stroke, |p, _| inked(p)))
}

/// Whether a stroke (its line and span) runs on past both its ends by `holds`: along its line
/// from 0.6 to 5 mm beyond each end, every 0.2 mm, `holds` is asked at each place (with the
/// line's unit normal) and answers None off the card; at least 10 places on the card, and 60 % of
/// them holding, at each end.
fn past_both_ends(
    ((o, d), (lo, hi)): (Line, (f64, f64)),
    holds: impl Fn([f64; 2], [f64; 2]) -> Option<bool>,
) -> bool {
    let n = [-d[1], d[0]];
    let runs_on = |end: f64, out: f64| {
        let (mut seen, mut hits) = (0, 0);
        for k in 0..=22 {
            let s = end + out * (0.6 + 0.2 * k as f64) * PX_PER_MM;
            if let Some(hit) = holds([o[0] + d[0] * s, o[1] + d[1] * s], n) {
                seen += 1;
                hits += usize::from(hit);
            }
        }
        seen >= 10 && hits as f64 >= 0.6 * seen as f64
    };
    runs_on(lo, -1.0) && runs_on(hi, 1.0)
}

/// The score a crossing set aside as a grid crossing (`off_grid`) counts with against "no cross":
/// a near miss's.
const GRID_SCORE: f64 = 0.5;

/// The candidates that are no grid crossing (`grid_crossing`); the others go to `aside`, counting
/// as near misses (`GRID_SCORE`) against "no cross". Every stage's finds pass this test, as a
/// later stage would find a grid crossing's arms again (`faded`).
pub(super) fn off_grid(
    found: Vec<Candidate>,
    img: &RgbImage,
    aside: &mut Vec<Candidate>,
) -> Vec<Candidate> {
    let (grid, off): (Vec<_>, Vec<_>) = found.into_iter().partition(|c| grid_crossing(img, c));
    aside.extend(grid.into_iter().map(|mut c| {
        c.score = c.score.min(GRID_SCORE);
        c
    }));
    off
}

/// Whether both strokes of `c` run on past both their ends as thin dark lines in the card's image:
/// along each stroke's line from 0.6 to 5 mm beyond each end, every 0.2 mm, the darkest pixel
/// within 0.25 mm across the line is 0.03 darker than both points 0.9 mm to either side (a line,
/// not a darker region), at 60 % of at least 10 places on the card. Read on the image, not on the
/// ink mask, since a thin grid line passes for ink only in pieces: on held-out photo 1,010,356 of
/// the second generator (split H50) the crossing of two green grid lines, their ink broken apart
/// round it, was read as the cross. A marker's cross lies along two printed lines at once only
/// when both its strokes fall within a few degrees and a quarter millimetre of them.
pub(super) fn grid_crossing(img: &RgbImage, c: &Candidate) -> bool {
    let (w, h) = (img.width() as f64, img.height() as f64);
    let luma_at = |p: [f64; 2]| {
        (p[0] >= 0.0 && p[1] >= 0.0 && p[0] < w && p[1] < h).then(|| {
            luma(colour_at(
                img,
                p[1] as usize * img.width() as usize + p[0] as usize,
            ))
        })
    };
    let thin_line = |p: [f64; 2], n: [f64; 2]| {
        let across = |t: f64| luma_at([p[0] + n[0] * t, p[1] + n[1] * t]);
        let core = (-2..=2)
            .map(|j| across(j as f64))
            .collect::<Option<Vec<f64>>>()?;
        let (a, b) = (across(-0.9 * PX_PER_MM)?, across(0.9 * PX_PER_MM)?);
        let darkest = core.iter().copied().fold(f64::INFINITY, f64::min);
        Some(darkest < a.min(b) - 0.03)
    };
    c.strokes
        .iter()
        .all(|&stroke| past_both_ends(stroke, thin_line))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cross::tests::{drawn_cross, grid_crossing as grid_picture, upright_candidate};
    use image::Rgb;

    /// Parchment with a blue marker's upright cross (arms 4.5 mm) at (15, 15) mm and, where
    /// `line` says so, a thin printed line 0.3 mm wide running on through the picture.
    fn with_line(line: impl Fn(f64, f64) -> bool) -> RgbImage {
        let mut img = drawn_cross(4.5, 0.0, Rgb([40, 60, 170]), Rgb([236, 226, 200]));
        for (x, y, px) in img.enumerate_pixels_mut() {
            let (du, dv) = (
                (x as f64 + 0.5) / PX_PER_MM - 15.0,
                (y as f64 + 0.5) / PX_PER_MM - 15.0,
            );
            if line(du, dv) {
                *px = Rgb([90, 140, 90]);
            }
        }
        img
    }

    #[test]
    fn two_printed_lines_running_on_past_every_end_are_a_grid_crossing() {
        let c = upright_candidate();
        assert!(grid_crossing(&grid_picture(), &c));
        // A marker's cross alone, and one drawn along a single grid line, are not.
        assert!(!grid_crossing(&with_line(|_, _| false), &c));
        assert!(!grid_crossing(&with_line(|du, _| du.abs() < 0.15), &c));
        // Lines running past the arms' ends on one side only are not either.
        let past_one_end =
            |du: f64, dv: f64| (du.abs() < 0.15 && dv > 0.0) || (dv.abs() < 0.15 && du > 0.0);
        assert!(!grid_crossing(&with_line(past_one_end), &c));
        // Both strokes along grid lines: a grid crossing.
        let both = |du: f64, dv: f64| du.abs() < 0.15 || dv.abs() < 0.15;
        assert!(grid_crossing(&with_line(both), &c));
    }
}
