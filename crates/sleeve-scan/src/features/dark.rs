//! The dark areas' mask on the canonical card: which pixels are dark, which dark regions are
//! areas (by size after an opening, and by shade for the smallest), grown back to their whole
//! shape, their holes filled where glare or noise made them (`fill_grey_holes`); and the small
//! regions whose rings' hidden flags stay in doubt.

use image::{GrayImage, RgbImage};

use crate::hidden::{SMOOTH_PX, grey_median};
use crate::pixels::{
    blobs, box_mean, chroma, colour_at, dilate_square, fill_holes, flood, luma, open_square,
    redness,
};
use crate::scan::PX_PER_MM;

/// The dark areas: pixels darker than half the local paper level (dark-red ring pixels count,
/// bright red does not). An opening by about 2 mm and a minimum size decide which dark regions
/// are dark areas (not strokes of the cross, the laces or thin marks); each chosen region is then
/// kept whole, so its corners stay sharp (reconstruction, not the opened shape).
pub fn dark_mask(img: &RgbImage, reference: &GrayImage) -> GrayImage {
    dark_mask_and_unsure(img, reference).0
}

/// Opened across (mm) from which a region is a dark area whatever its shade.
const AREA_ACROSS_MM: f64 = 6.0;

/// Opened across (mm) from which a near-black region (`NEAR_BLACK`) is a dark area too: the
/// smallest area the contract allows (8 mm across) can be a thin quad whose tips the opening
/// takes, leaving under 6 mm.
const SMALL_AREA_ACROSS_MM: f64 = 4.0;

/// A region's mean luminance under this share of the paper's level there is near-black. The
/// contract's areas are under 25 % luminance, which on paper at 0.8 to 0.9 is 0.28 to 0.31 of
/// it: a small area (under `AREA_ACROSS_MM` after the opening) that light falls short of this
/// bound and is only doubted (`dark_mask_and_unsure`).
/// The grey art the mask also takes in (a compass rose's star, a dark icon) stood at 0.30 to
/// 0.43 of the paper's level on the tuning photos.
const NEAR_BLACK: f64 = 0.25;

/// `dark_mask`, and where a ring's hidden flag is in doubt because a small region decided it:
/// the regions of 8 mm² or more after the opening that were not taken as areas (too small or
/// too light), and those taken only as small near-black areas, each grown by 1 mm, as a mask.
pub fn dark_mask_and_unsure(img: &RgbImage, reference: &GrayImage) -> (GrayImage, GrayImage) {
    let mut raw = GrayImage::new(img.width(), img.height());
    let pixels = img.as_raw().chunks_exact(3).zip(reference.as_raw());
    for (out, (p, refl)) in raw.iter_mut().zip(pixels) {
        let c = [p[0], p[1], p[2]].map(|v| v as f64 / 255.0);
        let level = 0.5 * (*refl as f64 / 255.0).max(0.2);
        let red = redness(c);
        // Dark areas are near-black (grey); the laces are dark brown: red and green well above
        // blue. They are not a dark area.
        let brown = c[0] - c[2] > 0.12 && c[1] - c[2] > 0.04 && red < 0.5;
        // Saturated blue or green marker ink can be as dark as an area, but an area is grey.
        // So can a dark green or blue icon of the art: a clear tint (the area's grey stays
        // within a few hundredths) with green or blue the strongest channel, and not near-black
        // (above a quarter of the paper's level: an area with a cool cast stays an area).
        let chroma = chroma(c);
        let cool = c[1].max(c[2]) > c[0] && luma(c) > 0.5 * level;
        let inked = (chroma > 0.25 && red < 0.3) || (chroma > 0.14 && cool);
        let dark = !brown
            && !inked
            && ((luma(c) < level && red < 0.5) || (red > 0.3 && c[0] < level + 0.15));
        *out = if dark { 255 } else { 0 };
    }
    let k = (PX_PER_MM * 0.9) as u8;
    let opened = open_square(&raw, k as usize);
    let (seeds, unsure) = sort_regions(img, reference, &opened);
    let unsure = dilate_square(&unsure, PX_PER_MM as usize);
    let (w, h) = (raw.width() as usize, raw.height() as usize);
    // Each kept region is grown back to its whole dark region (a flood through `raw` from its
    // seeds), but only within GROW_MM of what the opening kept: the corners the opening rounded
    // come back, while a coastline, a road or an icon touching the area does not carry the flood
    // on along its length (into a cross, or under a ring far from the area).
    let reach = dilate_square(&seeds, (GROW_MM * PX_PER_MM) as usize);
    let allowed: Vec<u8> = raw
        .as_raw()
        .iter()
        .zip(reach.as_raw())
        .map(|(&a, &b)| a.min(b))
        .collect();
    let mut out = GrayImage::new(w as u32, h as u32);
    let buf: &mut [u8] = &mut out;
    for (i, &s) in seeds.as_raw().iter().enumerate() {
        if s > 0 && buf[i] == 0 {
            flood(&allowed, buf, i, w, h, |_| {});
        }
    }
    // Dark areas are solid: a glare spot inside one is still the area (`fill_grey_holes`).
    fill_grey_holes(&mut out, img);
    (out, unsure)
}

/// The opened dark regions sorted: the seeds of the dark areas (every region taken as an area),
/// and the unsure ones (regions of 8 mm² or more not taken, and those taken only as small
/// near-black areas), each as a mask.
fn sort_regions(
    img: &RgbImage,
    reference: &GrayImage,
    opened: &GrayImage,
) -> (GrayImage, GrayImage) {
    // Dark areas are 8 mm across or more (a thin one may hold little area after the opening).
    let min_area = (8.0 * PX_PER_MM * PX_PER_MM) as usize;
    let w = opened.width() as usize;
    let across = |b: &[usize]| {
        let (xs, ys) = (b.iter().map(|i| i % w), b.iter().map(|i| i / w));
        let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
        let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
        ((x1 - x0) as f64).hypot((y1 - y0) as f64) / PX_PER_MM
    };
    // The region's mean luminance as a share of the paper's level there.
    let shade = |b: &[usize]| {
        let r = reference.as_raw();
        let (l, p) = b.iter().fold((0.0, 0.0), |(l, p), &i| {
            (
                l + luma(colour_at(img, i)),
                p + (r[i] as f64 / 255.0).max(0.2),
            )
        });
        l / p.max(1e-9)
    };
    let mut seeds = GrayImage::new(opened.width(), opened.height());
    let mut unsure = GrayImage::new(opened.width(), opened.height());
    for b in blobs(opened).iter().filter(|b| b.len() >= min_area) {
        let a = across(b);
        let large = a >= AREA_ACROSS_MM;
        let small = !large && a >= SMALL_AREA_ACROSS_MM && shade(b) < NEAR_BLACK;
        for &i in b {
            if large || small {
                seeds.as_mut()[i] = 255;
            }
            if !large {
                unsure.as_mut()[i] = 255;
            }
        }
    }
    (seeds, unsure)
}

/// How far (mm) a dark area is grown back past what the opening kept of it.
const GROW_MM: f64 = 3.0;

/// Fills the holes of a dark-area mask that glare or noise made: every hole under
/// `SMALL_HOLE_MM2`, and the larger ones of neutral grey (`grey_median`): white light over a
/// near-black print. A larger hole of coloured art stays open: grey art pressed against an area
/// (a compass rose's ring, an icon's outline) closes a loop round parchment, and an area is a
/// polygon with no hole of its own. (Filling every hole, as before, hid two rings centred in
/// such loops on the second generator's seen photos, 1,012,566 and 1,012,606; with the test,
/// their flags were right and no other reading changed on 835 photos of the second generator,
/// H60 to H63 and the 35 studied, nor on 1,000 of the first, busy art.)
pub(crate) fn fill_grey_holes(mask: &mut GrayImage, img: &RgbImage) {
    let mut filled = mask.clone();
    fill_holes(&mut filled);
    let holes = GrayImage::from_fn(mask.width(), mask.height(), |x, y| {
        let hole = filled.get_pixel(x, y)[0] > mask.get_pixel(x, y)[0];
        image::Luma([if hole { 255 } else { 0 }])
    });
    let small = (SMALL_HOLE_MM2 * PX_PER_MM * PX_PER_MM) as usize;
    // The smoothed colours, only once a hole needs them.
    let mut smooth: Option<Vec<[f32; 3]>> = None;
    for hole in blobs(&holes) {
        let fill = hole.len() < small || {
            let smooth = smooth.get_or_insert_with(|| box_mean(img, SMOOTH_PX));
            grey_median(img, smooth, hole.iter().copied())
        };
        if fill {
            for &i in &hole {
                mask.as_mut()[i] = 255;
            }
        }
    }
}

/// A hole's area (mm²) under which it is filled whatever its colour: noise, and the pixels
/// the mask's ink tests left out inside an area. (On the second generator, the smallest loop
/// of grey art round parchment is a compass rose's inner ring, 2.5 mm² or more inside.)
const SMALL_HOLE_MM2: f64 = 1.0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::local_reference;

    #[test]
    fn holes_of_glare_and_noise_are_filled_and_parchment_ringed_by_grey_art_is_not() {
        // 60 x 60 mm of parchment, a near-black area at 10..30 mm, and in it a glare spot lit to
        // neutral grey (radius 2 mm at (18, 20)) and a 0.5 mm speck of brown ink at (20, 14).
        // A grey compass ring (radius 1.5 mm, stroke 0.6 mm) at (31, 20) crosses the area's
        // right side and closes a loop round parchment, all within the area's reach (`GROW_MM`).
        let side = (60.0 * PX_PER_MM) as u32;
        let img = RgbImage::from_fn(side, side, |x, y| {
            let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
            let ring = ((u - 31.0).hypot(v - 20.0) - 1.5).abs() < 0.3;
            let area = (10.0..30.0).contains(&u) && (10.0..30.0).contains(&v);
            if (u - 18.0).hypot(v - 20.0) < 2.0 {
                image::Rgb([170, 170, 172])
            } else if (20.0..20.5).contains(&u) && (14.0..14.5).contains(&v) {
                image::Rgb([150, 60, 20])
            } else if area {
                image::Rgb([25, 25, 28])
            } else if ring {
                image::Rgb([90, 90, 90])
            } else {
                image::Rgb([222, 208, 180])
            }
        });
        let dark = dark_mask(&img, &local_reference(&img, 36.0));
        let at = |u: f64, v: f64| {
            let p = |mm: f64| (mm * PX_PER_MM) as u32;
            dark.get_pixel(p(u), p(v))[0] > 0
        };
        assert!(at(18.0, 20.0), "the glare spot is the area's");
        assert!(at(20.25, 14.25), "the speck is the area's");
        assert!(
            at(31.0, 18.5),
            "the grey ring pressed against the area joins it"
        );
        assert!(
            !at(31.3, 20.0),
            "the parchment inside the grey ring is no area"
        );
    }
}
