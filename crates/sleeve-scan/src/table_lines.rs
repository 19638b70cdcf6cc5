//! A side traced on a table's line: a checked cloth's check edges are straight across the whole
//! photo, and an outline may take one for a card's side. A card's side ends at its corners: past
//! them, along its line, lies the film's margin and then table, with no step across the line
//! but by chance. A check's edge runs on with the same step (the same channel darker on the same
//! side, at least half as strongly). So a side whose step runs on past its corners, at most of
//! the places 4 to 15.5 mm beyond its two ends taken together, is a table's line, not the card's
//! edge. (Pooled, one end may fall outside the photo or pass at half its places; a test of each
//! end apart was not tried.)

use image::RgbImage;

use crate::film_line::median;
use crate::geom::{side_frame, side_px_per_mm};
use crate::scan::rgb_at;

/// How far across the line (mm) each side of the step is read.
const ACROSS_MM: f64 = 0.8;

/// Where past the corners (mm) the step is looked for, every half millimetre from the first
/// (the last place read is half a millimetre short of the second).
const BEYOND_MM: (f64, f64) = (4.0, 16.0);

/// The share of the places past the corners where the side's own step must stand (its channel,
/// its sign, at least half its size) for the side to be a table's line. Measured with a replica
/// of this test on the second generator's true outlines (1,410 sides of 363 seen photos), the
/// most was 0.42; of the 18 wrong sides of 12 seen photos read with a wrong card, 12 measured
/// 1.0.
const RUNS_ON: f64 = 0.75;

/// The least number of places past the corners inside the photo for the test to speak.
const LEAST_PLACES: usize = 10;

/// The least step (largest channel, 0..1) a side must show along itself for its running on to
/// mean anything.
const LEAST_STEP: f64 = 0.06;

/// The colour step across a side's line at `p` (`n` its inward normal, `mm` its pixels per
/// millimetre): outside minus inside, per channel.
fn step_at(img: &RgbImage, p: [f64; 2], n: [f64; 2], mm: f64) -> Option<[f64; 3]> {
    let d = ACROSS_MM * mm;
    let (ax, ay) = (p[0] - n[0] * d, p[1] - n[1] * d);
    let (bx, by) = (p[0] + n[0] * d, p[1] + n[1] * d);
    let (w, h) = (img.width() as f64, img.height() as f64);
    let inside = |x: f64, y: f64| x >= 0.0 && y >= 0.0 && x < w - 1.0 && y < h - 1.0;
    if !inside(ax, ay) || !inside(bx, by) {
        return None;
    }
    let (o, i) = (rgb_at(img, ax, ay), rgb_at(img, bx, by));
    Some(std::array::from_fn(|c| o[c] - i[c]))
}

/// Whether side `k` of `quad` (photo pixels) runs on past its corners as a table's line does
/// (`RUNS_ON` of the places past its two ends taken together).
pub fn runs_on(img: &RgbImage, quad: &[[f64; 2]; 4], k: usize) -> bool {
    let (a, b) = (quad[k], quad[(k + 1) % 4]);
    let (u, n) = side_frame(quad, k);
    let mm = side_px_per_mm(quad, k);
    // The side's own step: the median of each channel over its middle 70 %.
    let along: Vec<[f64; 3]> = (0..30)
        .filter_map(|i| {
            let s = 0.15 + 0.7 * i as f64 / 29.0;
            step_at(
                img,
                [a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s],
                n,
                mm,
            )
        })
        .collect();
    if along.len() < 10 {
        return false;
    }
    let own: [f64; 3] = std::array::from_fn(|c| median(along.iter().map(|s| s[c]).collect()));
    let c = (0..3)
        .max_by(|&i, &j| own[i].abs().total_cmp(&own[j].abs()))
        .unwrap_or(0);
    if own[c].abs() < LEAST_STEP {
        return false;
    }
    let steps = ((BEYOND_MM.1 - BEYOND_MM.0) / 0.5) as usize;
    let beyond: Vec<[f64; 3]> = (0..steps)
        .flat_map(|i| {
            let t = (BEYOND_MM.0 + 0.5 * i as f64) * mm;
            [
                [b[0] + u[0] * t, b[1] + u[1] * t],
                [a[0] - u[0] * t, a[1] - u[1] * t],
            ]
        })
        .filter_map(|p| step_at(img, p, n, mm))
        .collect();
    if beyond.len() < LEAST_PLACES {
        return false;
    }
    let like = beyond
        .iter()
        .filter(|s| s[c].signum() == own[c].signum() && s[c].abs() >= 0.5 * own[c].abs())
        .count();
    like as f64 >= RUNS_ON * beyond.len() as f64
}

/// Whether any side of `quad` runs on as a table's line (`runs_on`).
pub fn on_a_table_line(img: &RgbImage, quad: &[[f64; 2]; 4]) -> bool {
    (0..4).any(|k| runs_on(img, quad, k))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// An upright card at 8 px/mm from (80, 80) px: light stock 1.5 mm wide round a green art,
    /// dark film and table round it, except above a line 4 mm over the card's top edge, where a
    /// light check begins and runs across the whole photo.
    pub(crate) fn card_under_a_check() -> RgbImage {
        RgbImage::from_fn(640, 880, |x, y| {
            let (u, v) = ((x as f64 + 0.5 - 80.0) / 8.0, (y as f64 + 0.5 - 80.0) / 8.0);
            let outside = (-u).max(u - 60.0).max(-v).max(v - 90.0);
            let c: [u8; 3] = match () {
                _ if outside <= 0.0 && crate::laces::on_laces(u, v, 0.0) => [90, 50, 20],
                _ if outside <= -1.5 => [150, 180, 140],
                _ if outside <= 0.0 => [236, 228, 210],
                _ if v < -4.0 => [205, 205, 205],
                _ => [70, 80, 90],
            };
            image::Rgb(c)
        })
    }

    /// The card's outline at 8 px/mm from (80, 80) px, its top side `top` mm down (negative:
    /// above the card).
    pub(crate) fn outline_with_top_at(top: f64) -> [[f64; 2]; 4] {
        let p = |u: f64, v: f64| [80.0 + 8.0 * u, 80.0 + 8.0 * v];
        [p(0.0, top), p(60.0, top), p(60.0, 90.0), p(0.0, 90.0)]
    }

    #[test]
    fn a_side_on_a_check_edge_runs_on_and_the_cards_own_sides_do_not() {
        let img = card_under_a_check();
        let right = outline_with_top_at(0.0);
        for k in 0..4 {
            assert!(!runs_on(&img, &right, k), "the card's side {k}");
        }
        assert!(!on_a_table_line(&img, &right));
        let on_check = outline_with_top_at(-4.0);
        assert!(runs_on(&img, &on_check, 0), "the check's edge");
        assert!(on_a_table_line(&img, &on_check));
    }

    #[test]
    fn a_side_with_no_step_along_it_says_nothing() {
        // The check's edge 4 mm over the card, the side traced 6 mm over it, on plain check.
        let img = card_under_a_check();
        assert!(!runs_on(&img, &outline_with_top_at(-6.0), 0));
    }
}
