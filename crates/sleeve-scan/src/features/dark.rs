//! The dark areas' mask on the canonical card: which pixels are dark, which dark regions are
//! areas (by size after an opening, and by shade for the smallest), grown back to their whole
//! shape; and the small regions whose rings' hidden flags stay in doubt.

use image::{GrayImage, RgbImage};

use crate::pixels::{
    blobs, chroma, colour_at, dilate_square, fill_holes, flood, luma, open_square, redness,
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
    // Dark areas are solid: a glare spot inside one is still the area.
    fill_holes(&mut out);
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
