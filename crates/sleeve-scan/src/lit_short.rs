//! A hidden centre that glare lit past the dark mask's reach. Glare centred near an area's edge
//! lights the area's corner to grey together with the ring's centre there, and the mask's hull
//! then stops short of the centre, so neither the square test nor the hull test
//! (`hidden::mark_lit_hidden_in`) reads it as hidden. The grey still tells: it is neutral where
//! the map's art is coloured (`lit_grey::lit_centre`), it runs on from the centre to the area's
//! dark (`grey_reaches_dark`), and the centre lies within `SHORT_MM` of the area's hull, where the
//! contract allows no centre that is not hidden.

use image::{GrayImage, RgbImage};

use crate::hidden::{WASHED_CHROMA, deepest, patch_hulls, ring_red};
use crate::lit_grey::{GREY_LUMA, LIT_LUMA, lit_centre};
use crate::pixels::{chroma, luma, open_square, redness};
use crate::scan::{Hook, PX_PER_MM};

/// How far (mm) outside the hull of an area's mask a lit centre may lie and still be read as
/// hidden: a centre that is not hidden lies 1 mm or more from every area's edge (contract), and
/// the mask falls short of the area where glare lit its rim. (On 3,000 seen straightened cards,
/// 2,800 of the second generator and 200 of the first, seven hidden centres so lit lay up to
/// 1.4 mm outside the hull, and the two centres not hidden that the grey test passed lay 1.9 and
/// 2.0 mm outside it: at 1 mm four of the seven were gained, at 1.5 mm all seven, none lost.)
const SHORT_MM: f64 = 1.5;

/// The opening (px each way, 0.375 mm) that takes thin limbs off the mask before its hull is
/// measured: a grey road or coastline dark enough for the mask, running on from an area's edge,
/// would carry the hull out towards a centre beside it (seen photo 1,000,485).
const LIMB_PX: usize = 3;

/// How far (mm) from the centre the lit grey is followed to the area's dark: a ring's smallest
/// radius and a little more, the glare spot's part round the centre.
const REACH_MM: f64 = 4.0;

/// Sets the hidden flag of each ring not yet hidden whose centre glare lit to grey (`lit_centre`),
/// where that grey runs on to a dark area within `REACH_MM` (`grey_reaches_dark`) and the centre
/// lies no more than `SHORT_MM` outside the hull of an area of the mask (`LIMB_PX` opened away,
/// `hidden::patch_hulls`). Returns those rings' indices: their flags are read through glare,
/// always in doubt.
pub fn mark_lit_short(hooks: &mut [Hook], dark: &GrayImage, img: &RgbImage) -> Vec<usize> {
    let mut hulls: Option<Vec<Vec<[f64; 2]>>> = None;
    let mut set = Vec::new();
    for (i, h) in hooks.iter_mut().enumerate() {
        if h.hidden || !lit_centre(img, [h.x, h.y]) {
            continue;
        }
        let hulls = hulls.get_or_insert_with(|| patch_hulls(&open_square(dark, LIMB_PX)));
        let depth = deepest(hulls, [h.x * PX_PER_MM, h.y * PX_PER_MM]);
        if depth >= -SHORT_MM * PX_PER_MM && grey_reaches_dark(img, dark, [h.x, h.y]) {
            h.hidden = true;
            set.push(i);
        }
    }
    set
}

/// Whether lit grey runs from a centre (mm) to the dark mask within `REACH_MM`: a path of
/// 4-connected pixels, each either a ring's red or lit grey (the mean colour of the 5 px square
/// round it under `WASHED_CHROMA` in chroma, `LIT_LUMA` to `GREY_LUMA` in luma), ends beside a
/// dark pixel.
pub fn grey_reaches_dark(img: &RgbImage, dark: &GrayImage, at: [f64; 2]) -> bool {
    let (w, h) = (img.width() as i64, img.height() as i64);
    let (cx, cy) = ((at[0] * PX_PER_MM) as i64, (at[1] * PX_PER_MM) as i64);
    let reach = (REACH_MM * PX_PER_MM) as i64;
    let side = (2 * reach + 1) as usize;
    let mut seen = vec![false; side * side];
    let slot = |x: i64, y: i64| ((y - cy + reach) * side as i64 + (x - cx + reach)) as usize;
    if cx < 0 || cy < 0 || cx >= w || cy >= h {
        return false;
    }
    seen[slot(cx, cy)] = true;
    let mut stack = vec![(cx, cy)];
    while let Some((x, y)) = stack.pop() {
        for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            let out = nx < 0 || ny < 0 || nx >= w || ny >= h;
            if out || (nx - cx).pow(2) + (ny - cy).pow(2) > reach * reach || seen[slot(nx, ny)] {
                continue;
            }
            seen[slot(nx, ny)] = true;
            if dark.get_pixel(nx as u32, ny as u32)[0] > 0 {
                return true;
            }
            if passes(img, nx, ny) {
                stack.push((nx, ny));
            }
        }
    }
    false
}

/// Whether the grey's path may pass a pixel: a ring's red, or lit grey round it.
fn passes(img: &RgbImage, x: i64, y: i64) -> bool {
    let unit = |x: i64, y: i64| {
        img.get_pixel(x as u32, y as u32)
            .0
            .map(|v| v as f64 / 255.0)
    };
    let c = unit(x, y);
    if ring_red(c) || redness(c) > 0.3 {
        return true;
    }
    let (mut sum, mut n) = ([0.0; 3], 0.0);
    for v in (y - 2).max(0)..=(y + 2).min(img.height() as i64 - 1) {
        for u in (x - 2).max(0)..=(x + 2).min(img.width() as i64 - 1) {
            let p = unit(u, v);
            (0..3).for_each(|k| sum[k] += p[k]);
            n += 1.0;
        }
    }
    let mean = sum.map(|s| s / n);
    chroma(mean) < WASHED_CHROMA && (LIT_LUMA..=GREY_LUMA).contains(&luma(mean))
}

#[cfg(test)]
mod tests {
    use image::{Luma, Rgb};

    use super::*;

    const PARCHMENT: Rgb<u8> = Rgb([222, 205, 165]);
    const DARK: Rgb<u8> = Rgb([24, 22, 26]);
    /// A near-black area under glare.
    const LIT: Rgb<u8> = Rgb([150, 150, 151]);

    /// A card of parchment with a dark square area from 15 to 45 mm each way, grey where `lit`
    /// says (mm), and its dark mask: the pixels still dark.
    fn card(lit: impl Fn(f64, f64) -> bool) -> (RgbImage, GrayImage) {
        let img = RgbImage::from_fn(480, 720, |x, y| {
            let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
            let in_area = (15.0..45.0).contains(&u) && (15.0..45.0).contains(&v);
            match (lit(u, v), in_area) {
                (true, _) => LIT,
                (false, true) => DARK,
                (false, false) => PARCHMENT,
            }
        });
        let dark = GrayImage::from_fn(480, 720, |x, y| {
            Luma([255 * u8::from(*img.get_pixel(x, y) == DARK)])
        });
        (img, dark)
    }

    fn hook(x: f64, y: f64) -> Hook {
        Hook {
            x,
            y,
            r: 3.0,
            hidden: false,
        }
    }

    #[test]
    fn a_centre_glare_lit_with_the_areas_corner_is_hidden() {
        // Glare 5 mm round the area's corner (15, 15) lights it: the mask's hull is cut along
        // x + y = 35, and the centre (16.8, 16.8), 1.8 mm inside the area, lies 1 mm outside it.
        let (img, dark) = card(|u, v| (u - 15.0).hypot(v - 15.0) < 5.0 && u > 15.0 && v > 15.0);
        let mut hooks = [hook(16.8, 16.8), hook(30.0, 55.0)];
        assert_eq!(mark_lit_short(&mut hooks, &dark, &img), vec![0]);
        assert!(hooks[0].hidden && !hooks[1].hidden);
    }

    #[test]
    fn a_lit_centre_further_out_than_the_contract_allows_is_not_hidden() {
        // Grey from 11 to 15 mm across beside the area's left edge: the centre (12.5, 30) lies
        // 2.5 mm outside the area, the grey joining it to the dark.
        let (img, dark) = card(|u, v| (11.0..15.0).contains(&u) && (25.0..35.0).contains(&v));
        let mut hooks = [hook(12.5, 30.0)];
        assert!(grey_reaches_dark(&img, &dark, [12.5, 30.0]));
        assert!(mark_lit_short(&mut hooks, &dark, &img).is_empty());
        assert!(!hooks[0].hidden);
    }

    #[test]
    fn a_thin_dark_limb_does_not_carry_the_hull_out() {
        // As above, with a dark road 0.5 mm wide running on from the area's edge to 11 mm,
        // through the grey at y = 29 to 29.5: the mask's hull would take the centre in.
        let (mut img, _) = card(|u, v| (11.0..15.0).contains(&u) && (25.0..35.0).contains(&v));
        for x in 88..120 {
            for y in 232..236 {
                img.put_pixel(x, y, DARK);
            }
        }
        let dark = GrayImage::from_fn(480, 720, |x, y| {
            Luma([255 * u8::from(*img.get_pixel(x, y) == DARK)])
        });
        let mut hooks = [hook(12.5, 30.0)];
        assert!(mark_lit_short(&mut hooks, &dark, &img).is_empty());
    }

    #[test]
    fn a_cut_corner_of_coloured_art_is_not_lit_grey() {
        // The same corner cut off the mask, pale blue there (art under glare keeps its hue).
        let (mut img, _) = card(|_, _| false);
        for (x, y) in (120..160).flat_map(|x| (120..160).map(move |y| (x, y))) {
            if (x as f64 / PX_PER_MM - 15.0).hypot(y as f64 / PX_PER_MM - 15.0) < 5.0 {
                img.put_pixel(x, y, Rgb([170, 190, 215]));
            }
        }
        let dark = GrayImage::from_fn(480, 720, |x, y| {
            Luma([255 * u8::from(*img.get_pixel(x, y) == DARK)])
        });
        assert!(!grey_reaches_dark(&img, &dark, [16.8, 16.8]));
        let mut hooks = [hook(16.8, 16.8)];
        assert!(mark_lit_short(&mut hooks, &dark, &img).is_empty());
    }
}
