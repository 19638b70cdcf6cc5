//! A look for a cross drawn over art that passes for the same ink: a dark green marker over a grey
//! compass rose, a black one beside a grey rose's hub. Both land in one ink's mask as one patch,
//! and the rose's spokes fill the wedges between the marker's arms. Yet the two are printed in
//! two tones: each big patch's colours are split in two (`split`), and when the two tones lie
//! `APART` or more, each tone's pixels are judged on their own. (On the seen photos, 2,800 of the
//! second generator and 600 of the first: 9 crosses gained, 6 and 3, and nothing lost.)

use image::{GrayImage, RgbImage};

use super::contrast::{bounds, colour_dist};
use super::speckled::{CLEAN, SPECKLED_SCORE};
use super::{Candidate, Inks, MIN_INK, judge_again, not_a_star};
use crate::pixels::{blobs, channel_diff, erode_square, open_square};

/// How far apart (largest channel difference, 0..1) a patch's two tones must lie to be judged
/// apart: well over what blur, noise and light fall-off spread one ink's pixels over. (On 3,000
/// straightened cards of both generators, 0.1 gained the same 7 as 0.15, and 0.25 only 2.)
const APART: f64 = 0.15;

/// When nothing else is a cross: every patch of each ink with ink enough for a cross and more
/// (`MIN_INK`), its pixels split into two tones (`split`), each tone judged patch by patch (opened
/// by one pixel: the blurred rim between the tones is left out): a clean cross (`CLEAN`) read,
/// always doubted (`SPECKLED_SCORE`). Where a patch was seen as a rose (`roses`), only one whose
/// arms keep their width and that no thin printed ring circles (`not_a_star`, as in `thick`): the
/// rose is what the marker was drawn over, and its star, which tapers, is judged apart now.
pub(super) fn two_tones(inks: &Inks, roses: &[[f64; 2]]) -> Vec<Candidate> {
    let (w, h) = (inks.any.width(), inks.any.height());
    // Each ink's big patches split once: both tones' masks are drawn from the same split.
    let splits: Vec<Vec<[Vec<usize>; 2]>> = inks
        .patches
        .iter()
        .map(|list| {
            list.iter()
                .filter(|p| p.len() as f64 >= MIN_INK)
                .filter_map(|p| split(inks.img, p))
                .collect()
        })
        .collect();
    let mut found = Vec::new();
    for tone in 0..2 {
        let per_ink: Vec<GrayImage> = splits
            .iter()
            .map(|of_ink| {
                let mut mask = GrayImage::new(w, h);
                for &i in of_ink.iter().flat_map(|tones| &tones[tone]) {
                    mask.as_mut()[i] = 255;
                }
                open_square(&mask, 1)
            })
            .collect();
        let patches: Vec<Vec<Vec<usize>>> = per_ink.iter().map(blobs).collect();
        let mut judged = judge_again(inks, &per_ink, &patches);
        judged.retain(|c| c.score >= CLEAN && not_a_star(inks.img, c, roses, &per_ink));
        for mut c in judged {
            c.score = c.score.min(SPECKLED_SCORE);
            found.push(c);
        }
    }
    found
}

/// A patch's pixels (row-major indices in `img`) in two tones: two means of their colours,
/// started from the patch's darkest and lightest interior pixels (the patch eroded by one
/// pixel, so that the blurred rim does not pull them), each pixel then going to the nearer mean.
/// None when the two lie under `APART` apart.
fn split(img: &RgbImage, patch: &[usize]) -> Option<[Vec<usize>; 2]> {
    let colour = |i: usize| -> [f64; 3] {
        let p = &img.as_raw()[3 * i..3 * i + 3];
        [p[0], p[1], p[2]].map(|v| f64::from(v) / 255.0)
    };
    let interior = interior(img.width() as usize, img.height() as usize, patch);
    let seeds = if interior.len() >= 2 {
        &interior
    } else {
        patch
    };
    let sum = |c: [f64; 3]| c[0] + c[1] + c[2];
    let darkest = seeds
        .iter()
        .map(|&i| colour(i))
        .min_by(|a, b| sum(*a).total_cmp(&sum(*b)))?;
    let lightest = seeds
        .iter()
        .map(|&i| colour(i))
        .max_by(|a, b| sum(*a).total_cmp(&sum(*b)))?;
    let mut means = [darkest, lightest];
    let nearer =
        |c: [f64; 3], m: &[[f64; 3]; 2]| usize::from(colour_dist(c, m[1]) < colour_dist(c, m[0]));
    for _ in 0..8 {
        let mut acc = [[0.0f64; 4]; 2];
        for &i in seeds {
            let c = colour(i);
            let a = &mut acc[nearer(c, &means)];
            for k in 0..3 {
                a[k] += c[k];
            }
            a[3] += 1.0;
        }
        for (m, a) in means.iter_mut().zip(acc) {
            if a[3] > 0.0 {
                *m = [a[0] / a[3], a[1] / a[3], a[2] / a[3]];
            }
        }
    }
    if channel_diff(means[0], means[1]) < APART {
        return None;
    }
    let mut tones = [Vec::new(), Vec::new()];
    for &i in patch {
        tones[nearer(colour(i), &means)].push(i);
    }
    Some(tones)
}

/// The patch's pixels (row-major indices in an image `w` x `h`) that keep every neighbour in the
/// patch (the patch eroded by one pixel, in a box one pixel wider all round than the patch's, so
/// that a pixel on the image's border loses its neighbours beyond it too).
fn interior(w: usize, h: usize, patch: &[usize]) -> Vec<usize> {
    let Some((x0, y0, bw, bh)) = bounds(patch, w, h, 0) else {
        return Vec::new();
    };
    let local = |i: usize| ((i % w - x0 + 1) as u32, (i / w - y0 + 1) as u32);
    let mut mask = GrayImage::new(bw as u32 + 2, bh as u32 + 2);
    for &i in patch {
        let (x, y) = local(i);
        mask.put_pixel(x, y, image::Luma([255]));
    }
    let core = erode_square(&mask, 1);
    patch
        .iter()
        .copied()
        .filter(|&i| {
            let (x, y) = local(i);
            core.get_pixel(x, y)[0] > 0
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// A 40 x 40 image of one colour with a 10 x 10 square of another at (10, 10), and the
    /// indices of the patch both make together: the square and a band 2 pixels wide round it.
    fn square_in_band(band: [u8; 3], square: [u8; 3]) -> (RgbImage, Vec<usize>) {
        let img = RgbImage::from_fn(40, 40, |x, y| {
            let inside = |lo: u32, hi: u32| (lo..hi).contains(&x) && (lo..hi).contains(&y);
            Rgb(if inside(10, 20) {
                square
            } else if inside(8, 22) {
                band
            } else {
                [240, 235, 220]
            })
        });
        let patch = (8..22)
            .flat_map(|y| (8..22).map(move |x| y * 40 + x))
            .collect();
        (img, patch)
    }

    #[test]
    fn a_patch_of_two_tones_splits_and_one_of_a_single_tone_does_not() {
        let (img, patch) = square_in_band([120, 115, 130], [40, 60, 45]);
        let [dark, light] = split(&img, &patch).expect("two tones 0.31 apart");
        assert_eq!((dark.len(), light.len()), (100, 96));
        assert!(dark.contains(&(15 * 40 + 15)) && light.contains(&(8 * 40 + 8)));
        // A band 0.1 apart from the square: one ink's spread, not two tones.
        let (img, patch) = square_in_band([66, 86, 71], [40, 60, 45]);
        assert!(split(&img, &patch).is_none());
    }

    #[test]
    fn a_dark_marker_cross_over_a_grey_rose_is_read_and_doubted() {
        // A crop (15-45 mm, 50-80 mm) of H44 photo 1,009,079 of the second generator as the
        // scanner straightened it: a dark green marker's cross at (15.14, 16.92) mm in the crop,
        // across the ring and star of a grey compass rose; the ink test takes both for black.
        let png = include_bytes!("../../tests/fixtures/tone-cross-h44-9079.png");
        super::super::tests::read_doubted_at(png, [15.14, 16.92]);
    }
}
