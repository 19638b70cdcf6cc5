//! Whether a patch of ink stands out from what is just around it: a marker's stroke is a step
//! of colour from the film or art beside it, while pale land or sea that only just passes the
//! ink test (a green land near a pale green one) fades into its surroundings.

use image::{GrayImage, RgbImage};

use super::{Candidate, Inks, centre, on_stroke};
use crate::pixels::{box_mean, colour_at, dilate_square, erode_square, luma};
use crate::scan::PX_PER_MM;

/// A patch whose mean colour lies this close (0..1 per channel, Euclidean) to the inkless film
/// or art just around it is pale art, not a marker's stroke. (A first sketch of this measure,
/// on the second generator's tuning photos, seeds 0-999, and the seen splits H23-H25: the
/// 1,100 true crosses the first pass read stood out by 0.245 or more, the pale land it read as
/// crosses by 0.01 to 0.23. Here, on those 1,600 photos, 0.15 and 0.2 read the same; 0.3
/// missed 20 true crosses.)
pub const FAINT: f64 = 0.2;

/// Whether a patch (row-major indices in the card's image) is pale art by `FAINT`.
pub(super) fn faint(inks: &Inks, blob: &[usize]) -> bool {
    edge_contrast(inks, blob) < FAINT
}

/// Whether a patch read as the cross `c` is pale art: the patch is `faint`, and so are its
/// pixels on the cross's strokes (within 0.7 mm of either line, along its span) alone. A marker's
/// cross drawn into pale land that passes for ink is one patch with the land, whose mean is the
/// land's; its strokes still stand out from the film (tuning photo 691).
pub(super) fn faint_cross(inks: &Inks, blob: &[usize], c: &Candidate) -> bool {
    if !faint(inks, blob) {
        return false;
    }
    let on_strokes: Vec<usize> = blob
        .iter()
        .copied()
        .filter(|&i| on_either_stroke(inks, c, i))
        .collect();
    edge_contrast(inks, &on_strokes) < FAINT
}

/// Whether a pixel (row-major index in the card's image) lies on either of `c`'s strokes: within
/// 0.7 mm of the line, along the stroke's span.
fn on_either_stroke(inks: &Inks, c: &Candidate, i: usize) -> bool {
    let p = centre(i, inks.img.width() as usize);
    c.strokes.iter().any(|&s| on_stroke(s, p, 0.7 * PX_PER_MM))
}

/// Whether a cross read from its arms (`c`) leans on pale art: one of the `patches` with a
/// pixel on either of its strokes (within 0.7 mm of the line, along the stroke's span) is faint.
pub(super) fn on_faint_patch(inks: &Inks, patches: &[&Vec<usize>], c: &Candidate) -> bool {
    patches
        .iter()
        .any(|b| b.iter().any(|&i| on_either_stroke(inks, c, i)) && faint(inks, b))
}

/// The distance between the mean colour of a patch (its rim of one pixel left out, unless that
/// leaves under 10 pixels) and that of what lies from 3 to 6 pixels (0.375 to 0.75 mm) outside
/// it where no ink of any kind is (`inks.any`). With nothing inkless around it, 1: nothing
/// says it is faint.
pub(super) fn edge_contrast(inks: &Inks, blob: &[usize]) -> f64 {
    let (w, h) = (inks.img.width() as usize, inks.img.height() as usize);
    let Some((x0, y0, bw, bh)) = bounds(blob, w, h, 8) else {
        return 1.0;
    };
    let mut patch = GrayImage::new(bw as u32, bh as u32);
    for &i in blob {
        patch.put_pixel((i % w - x0) as u32, (i / w - y0) as u32, image::Luma([255]));
    }
    let rimless = erode_square(&patch, 1);
    let inner = if rimless.pixels().filter(|p| p[0] > 0).count() >= 10 {
        rimless
    } else {
        patch.clone()
    };
    let (near, far) = (dilate_square(&patch, 2), dilate_square(&patch, 6));
    let (mut inside, mut around) = (Mean::default(), Mean::default());
    for (k, ((a, n), f)) in inner.iter().zip(near.iter()).zip(far.iter()).enumerate() {
        let i = (k / bw + y0) * w + k % bw + x0;
        if *a > 0 {
            inside.add(colour_at(inks.img, i));
        } else if *f > 0 && *n == 0 && inks.any.as_raw()[i] == 0 {
            around.add(colour_at(inks.img, i));
        }
    }
    match (inside.get(), around.get()) {
        (Some(a), Some(b)) => colour_dist(a, b),
        _ => 1.0,
    }
}

/// The box round a patch (row-major indices in a `w` x `h` image), widened by `pad` pixels
/// and kept on the image: its left, top, width and height. None for an empty patch.
pub(super) fn bounds(
    blob: &[usize],
    w: usize,
    h: usize,
    pad: usize,
) -> Option<(usize, usize, usize, usize)> {
    let xs = blob.iter().map(|&i| i % w);
    let ys = blob.iter().map(|&i| i / w);
    let (x0, x1) = (xs.clone().min()?, xs.max()?);
    let (y0, y1) = (ys.clone().min()?, ys.max()?);
    let (x0, y0) = (x0.saturating_sub(pad), y0.saturating_sub(pad));
    let (x1, y1) = ((x1 + pad).min(w - 1), (y1 + pad).min(h - 1));
    Some((x0, y0, x1 - x0 + 1, y1 - y0 + 1))
}

/// The Euclidean distance between two colours (0..1 per channel).
pub(super) fn colour_dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|k| (a[k] - b[k]).powi(2)).sum::<f64>().sqrt()
}

/// A running mean of colours.
#[derive(Default)]
struct Mean {
    sum: [f64; 3],
    n: f64,
}

impl Mean {
    fn add(&mut self, c: [f64; 3]) {
        (0..3).for_each(|k| self.sum[k] += c[k]);
        self.n += 1.0;
    }

    fn get(&self) -> Option<[f64; 3]> {
        (self.n > 0.0).then(|| self.sum.map(|s| s / self.n))
    }
}

/// How far round a pixel of a wide land (mm each way) the land's own colour is averaged for
/// `marks_on_land`: wide enough that a marker's two strokes fill about a quarter of it at most.
const LAND_MEAN_MM: f64 = 5.0;

/// Of the pixels of a land that passes for ink (`land`, row-major, in the card's image), those
/// standing out from the land's mean colour around them (`LAND_MEAN_MM`) by `FAINT` or more and
/// darker than it: a marker's strokes drawn on the land, not the land.
pub(super) fn marks_on_land(img: &RgbImage, land: &[bool]) -> Vec<bool> {
    let mut marks = vec![false; land.len()];
    let w = img.width() as usize;
    let on_land: Vec<usize> = (0..land.len()).filter(|&i| land[i]).collect();
    // Averaged within the box round the land alone: no land lies outside it to count.
    let Some((x0, y0, bw, bh)) = bounds(&on_land, w, img.height() as usize, 0) else {
        return marks;
    };
    let at = |x: u32, y: u32| (y as usize + y0) * w + x as usize + x0;
    let half = (LAND_MEAN_MM * PX_PER_MM) as usize;
    // The land's share of each box, and its colours summed over the box (both over the box's
    // pixel count): their ratio is the mean over the land's pixels alone.
    let share = box_mean(
        &RgbImage::from_fn(bw as u32, bh as u32, |x, y| {
            image::Rgb([if land[at(x, y)] { 255 } else { 0 }; 3])
        }),
        half,
    );
    let land_sum = box_mean(
        &RgbImage::from_fn(bw as u32, bh as u32, |x, y| {
            let i = at(x, y);
            let p = &img.as_raw()[3 * i..3 * i + 3];
            image::Rgb(if land[i] { [p[0], p[1], p[2]] } else { [0; 3] })
        }),
        half,
    );
    for i in on_land {
        let k = (i / w - y0) * bw + i % w - x0;
        let mean = [0, 1, 2].map(|ch| (land_sum[k][ch] / share[k][0]) as f64);
        let c = colour_at(img, i);
        marks[i] = colour_dist(c, mean) >= FAINT && luma(c) < luma(mean);
    }
    marks
}
