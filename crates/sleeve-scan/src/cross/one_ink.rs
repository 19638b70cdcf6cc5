//! The very last look for a cross: each inked pixel's ink told from its neighbours' mean colour.
//! A marker whose colour lies near the line between two inks (navy between black and blue, teal
//! between blue and green) comes out of the pixel-by-pixel ink test (`ink_class`) scattered
//! between them by sensor noise; each ink's speck opening then leaves neither ink holding the
//! stroke, and even kept whole (`speckled`) its patches are too ragged to judge. Here every inked
//! pixel takes the ink of the mean colour of the inked pixels within `INK_COLOUR_PX` of it, so a
//! stroke is one ink along its length. The pixel-by-pixel test stays for every earlier stage:
//! smoothed for all of them, art patches that noise had broken up joined into cross-like shapes
//! (on the straightened tuning cards of both generators, 3 crosses gained, and 4 art patterns
//! read as crosses, 2 crosses placed off and 1 missed).

use image::{GrayImage, RgbImage};

use super::inks::{each_ink, ink_class};
use super::speckled::clean_and_doubted;
use super::{Candidate, Inks};
use crate::pixels::{blobs, box_mean};

/// How far (pixels each way, 0.25 mm) the inked pixels whose mean colour gives a pixel its ink
/// reach: a 5-pixel square, under a marker stroke's narrowest width (0.8 mm, 6 pixels).
const INK_COLOUR_PX: usize = 2;

/// When nothing else is a cross: the card's ink mask with each inked pixel's ink told from its
/// neighbours' (`one_ink_per_stroke`), each ink opened by one pixel as the first pass's are
/// (`each_ink`), and judged patch by patch: a clean cross read, never where a patch was seen as
/// a rose (`roses`), always doubted (`clean_and_doubted`). (On the straightened tuning cards of
/// both generators, 1,200 in all: 2 crosses gained, none lost.)
pub(super) fn one_ink(inks: &Inks, roses: &[[f64; 2]]) -> Vec<Candidate> {
    let per_ink = each_ink(&one_ink_per_stroke(inks.img, inks.any));
    let patches: Vec<Vec<Vec<usize>>> = per_ink.iter().map(blobs).collect();
    clean_and_doubted(inks, &per_ink, &patches, roses)
}

/// `mask` (an `ink_mask` of `img`) with each inked pixel's ink that of the mean colour of the
/// inked pixels within `INK_COLOUR_PX` of it; pixels without ink stay without.
fn one_ink_per_stroke(img: &RgbImage, mask: &GrayImage) -> GrayImage {
    let (w, h) = (img.width(), img.height());
    let inked = |x: u32, y: u32| mask.get_pixel(x, y)[0] > 0;
    let ink_only = RgbImage::from_fn(w, h, |x, y| {
        if inked(x, y) {
            *img.get_pixel(x, y)
        } else {
            image::Rgb([0, 0, 0])
        }
    });
    let count = RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([if inked(x, y) { 255 } else { 0 }; 3])
    });
    // Box means of the ink's colour and of the share of inked pixels: their ratio is the ink's
    // mean colour.
    let sum = box_mean(&ink_only, INK_COLOUR_PX);
    let share = box_mean(&count, INK_COLOUR_PX);
    let mut out = mask.clone();
    for ((m, s), n) in out.iter_mut().zip(&sum).zip(&share) {
        if *m > 0 && n[0] > 0.0 {
            *m = ink_class(s.map(|v| f64::from(v / n[0])));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::speckled::SPECKLED_SCORE;
    use super::super::tests::read_cross;
    use super::*;
    use crate::pixels::chroma;
    use crate::scan::PX_PER_MM;
    use image::Rgb;

    /// A navy marker cross on parchment centred at (15, 15) mm, 1 mm strokes, arms of 4.5 mm:
    /// each of its pixels is, by a fixed hash of its place, one of two navy shades, one grey
    /// enough to test as black ink and one blue enough to test as blue; their mean is blue.
    fn navy_cross() -> RgbImage {
        scattered_cross([Rgb([44, 46, 62]), Rgb([30, 44, 110])])
    }

    /// The same cross with each pixel one of `shades`, by a fixed hash of its place.
    fn scattered_cross(shades: [Rgb<u8>; 2]) -> RgbImage {
        let size = (30.0 * PX_PER_MM) as u32;
        RgbImage::from_fn(size, size, |x, y| {
            let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
            let (du, dv) = (u - 15.0, v - 15.0);
            let on = (du.abs() < 0.5 && dv.abs() < 4.5) || (dv.abs() < 0.5 && du.abs() < 4.5);
            let hash = (x.wrapping_mul(73_856_093) ^ y.wrapping_mul(19_349_663))
                .wrapping_mul(2_654_435_761);
            match (on, (hash >> 8) % 2) {
                (true, k) => shades[k as usize],
                _ => Rgb([236, 226, 200]),
            }
        })
    }

    #[test]
    fn shades_either_side_of_two_inks_are_one_ink_once_their_neighbours_are_counted() {
        let img = navy_cross();
        let (grey, blue) = (ink_class([44.0, 46.0, 62.0].map(|v| v / 255.0)), 2);
        assert_eq!(grey, 1, "the greyer shade alone tests as black ink");
        let mask = GrayImage::from_fn(img.width(), img.height(), |x, y| {
            let c = img.get_pixel(x, y).0.map(|v| f64::from(v) / 255.0);
            image::Luma([if c[0] < 0.5 { ink_class(c) } else { 0 }])
        });
        let smoothed = one_ink_per_stroke(&img, &mask);
        let c = (15.0 * PX_PER_MM) as u32;
        let along = (c - 30..c + 30).filter(|&x| smoothed.get_pixel(x, c)[0] == blue);
        assert_eq!(along.count(), 60, "the whole stroke is blue");
        assert_eq!(
            smoothed.get_pixel(5, 5)[0],
            0,
            "parchment stays without ink"
        );
    }

    /// A black marker under warm light, red ahead of green and blue: noise tips the chroma of
    /// its pixels over the grey bound, one way towards blue and the other towards green. It is
    /// black ink all the same, one patch from the first look, and read as sure.
    #[test]
    fn a_warm_black_cross_is_black_ink_from_the_first_look() {
        let shades = [Rgb([62u8, 26, 30]), Rgb([62, 30, 26])];
        for s in shades {
            let c = s.0.map(f64::from).map(|v| v / 255.0);
            assert!(chroma(c) >= 0.12, "over the grey bound: {c:?}");
            assert_eq!(ink_class(c), 1, "{c:?}");
        }
        let (at, conf) = read_cross(&scattered_cross(shades));
        let at = at.expect("the warm black cross");
        assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
        assert!(conf > SPECKLED_SCORE, "read in the first pass: {conf}");
    }

    #[test]
    fn a_cross_scattered_between_two_inks_is_read_as_one_and_doubted() {
        let (at, conf) = read_cross(&navy_cross());
        let at = at.expect("the navy cross");
        assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
        assert!(conf <= SPECKLED_SCORE, "found last, never sure: {conf}");
    }
}
