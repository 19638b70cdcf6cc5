//! The cross stage's view of the card's ink, found before the rings are known: whether a pixel
//! is marker ink and which (`is_ink`, `ink_class`), each pixel's ink (`ink_mask`), each ink's mask
//! apart with its specks opened away (`each_ink`), and each ink's patches (`InkMasks`). The
//! feature stage finds them on one core while the other reads the rings.

use image::{GrayImage, RgbImage};

use super::contrast::marks_on_land;
use super::tint::{PaperColour, grow_tinted, red_ahead, tinted_patches};
use super::wide::wide_region;
use super::{Inks, in_border, read_inks};
use crate::laces::on_laces;
use crate::pixels::{blobs, chroma, dilate_square, luma, open_square, redness};
use crate::scan::{CrossAt, Hook, PX_PER_MM};

/// A card's `ink_mask`, each ink's mask apart (`each_ink`) and its patches.
pub struct InkMasks {
    any: GrayImage,
    per_ink: Vec<GrayImage>,
    patches: Vec<Vec<Vec<usize>>>,
}

impl InkMasks {
    /// The card's inks, against the paper's near level (`reference`) and clear of the dark areas.
    pub fn of(img: &RgbImage, reference: &GrayImage, dark: &GrayImage) -> InkMasks {
        InkMasks::from_mask(ink_mask(img, reference, dark))
    }

    /// The inks of an `ink_mask` already found.
    pub(super) fn from_mask(any: GrayImage) -> InkMasks {
        let per_ink = each_ink(&any);
        let patches = per_ink.iter().map(blobs).collect();
        InkMasks {
            any,
            per_ink,
            patches,
        }
    }

    /// The cross read from these inks, beside the rings read (`rings`), and the confidence in
    /// the answer.
    pub fn read(&self, img: &RgbImage, rings: &[(Hook, f64)]) -> (Option<CrossAt>, f64) {
        read_inks(&self.view(img), rings)
    }

    /// The stages' view of `img` with these inks.
    pub(super) fn view<'a>(&'a self, img: &'a RgbImage) -> Inks<'a> {
        Inks {
            img,
            any: &self.any,
            per_ink: &self.per_ink,
            patches: &self.patches,
        }
    }
}

/// Calls `then` with the stages' view of a card and its `ink_mask` (the tests' way in).
#[cfg(test)]
pub(super) fn with_inks<R>(img: &RgbImage, mask: &GrayImage, then: impl FnOnce(&Inks) -> R) -> R {
    then(&InkMasks::from_mask(mask.clone()).view(img))
}

/// Is this colour marker ink against paper of level `paper` (0..1)? Black ink is far darker than
/// the paper (under glare, a neutral grey well under it); blue and green ink are saturated (map
/// art is light and muted); red is a ring's.
pub fn is_ink(c: [f64; 3], paper: f64) -> bool {
    let l = luma(c);
    let paper = paper.max(0.2);
    // Red is a ring's, brown the art's (red well above blue): marker ink is black, blue, green.
    // Near-black is black ink even when warm light gives it a red lead (a red ring, dark over a
    // dark area, leads by far more; dark areas and the laces are masked before this).
    if l < 0.3 * paper && c[0] - c[1].max(c[2]) < 0.15 {
        return true;
    }
    if redness(c) > 0.3 || red_ahead(c) || l > 0.85 * paper {
        return false;
    }
    let chroma = chroma(c);
    // Blue or green leads red: marker ink, not brown art.
    let cool = c[2].max(c[1]) > c[0] + 0.1;
    // Glare adds light to ink and paper alike: the difference survives where the ratio does not.
    // Under glare marker ink pales but keeps its hue, a little darker than the paper around it:
    // green well ahead of red and of blue (the map's pale seas lead with blue), or blue well
    // ahead of both (a sea's blue runs close to its green, a marker's far ahead of it).
    let pale_green = c[1] > c[0] + 0.1 && c[1] > c[2] + 0.05;
    let pale_blue = c[2] > c[0] + 0.15 && c[2] > c[1] + 0.13;
    let pale_cool = (pale_green || pale_blue) && l < 0.85 * paper;
    // Black ink under glare washes to a light neutral grey: still well under the glare-lit paper.
    // (On the second generator's straightened tuning cards, cross errors 28 -> 19, none new;
    // at 0.7 or 0.8 of the paper, or a chroma under 0.035 or 0.07, 20 to 24.)
    let pale_grey = chroma < 0.05 && l < 0.75 * paper;
    l < 0.5 * paper || paper - l > 0.3 || (chroma > 0.25 && cool) || pale_cool || pale_grey
}

/// Which ink a pixel looks like: 1 black (grey), 2 blue, 3 green. Blue and green markers lead
/// with their own channel; a pixel that passes for ink with red well ahead of both (`red_ahead`,
/// which `is_ink` lets through only when near-black) is black ink under warm light, whatever
/// chroma it has.
pub(super) fn ink_class(c: [f64; 3]) -> u8 {
    let chroma = chroma(c);
    if chroma < 0.12 || red_ahead(c) {
        1
    } else if c[2] >= c[1] {
        2
    } else {
        3
    }
}

/// Each pixel's ink on the canonical card: 0 none, else `ink_class` (1 black, 2 blue, 3 green),
/// a black patch that shows green against the paper turned green, and the green ink grown into
/// the pale green pixels between its specks (`tint`). The card's margin, the laces and the dark
/// areas (grown by 0.7 mm) hold no cross ink, and neither does a region of one ink wide enough,
/// its pinholes filled (`SPECKLE_PX`), to hold a `WIDE_MM` square, of 40 mm² or more
/// (`wide_region`), but for the marks on it darker than it (`marks_on_land`).
pub fn ink_mask(img: &RgbImage, reference: &GrayImage, dark: &GrayImage) -> GrayImage {
    let grown = dilate_square(dark, (PX_PER_MM * 0.7) as usize);
    let w = img.width();
    let mut mask = GrayImage::new(w, img.height());
    // Where cross ink may be: not the margin, the laces or a dark area.
    let mut open = vec![false; (w * img.height()) as usize];
    for (x, y, p) in img.enumerate_pixels() {
        if in_border(&mask, x, y) {
            continue;
        }
        // The laces: the triangle (50, 88), (58, 88), (58, 80) mm, grown by 0.8 mm for blur.
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        if on_laces(u, v, 0.8) {
            continue;
        }
        let c = p.0.map(|v| v as f64 / 255.0);
        let paper = reference.get_pixel(x, y)[0] as f64 / 255.0;
        let free = grown.get_pixel(x, y)[0] == 0;
        open[(y * w + x) as usize] = free;
        if free && is_ink(c, paper) {
            mask.put_pixel(x, y, image::Luma([ink_class(c)]));
        }
    }
    // A grey-looking patch's ink told against the paper round it (`tinted_patches`).
    let paper_colour = PaperColour::of(img, |x, y| mask.get_pixel(x, y)[0] > 0);
    let black = blobs(&of_class(&mask, 1));
    tinted_patches(img, &mut mask, &paper_colour, black);
    grow_tinted(img, &mut mask, &paper_colour, &open);
    // Each ink apart: a black cross drawn over a green land that passes for ink stays, and so
    // does a green one standing out from the green land it is drawn on (`marks_on_land`).
    for class in 1..=3u8 {
        let wide = wide_region(&mask, class);
        let land: Vec<bool> = mask
            .as_raw()
            .iter()
            .zip(wide.as_raw())
            .map(|(&m, &v)| v > 0 && m == class)
            .collect();
        let marks = marks_on_land(img, &land);
        for ((m, &l), &mark) in mask.iter_mut().zip(&land).zip(&marks) {
            if l && !mark {
                *m = 0;
            }
        }
    }
    mask
}

/// The pixels of one ink (`ink_class`) in an `ink_mask`, as a 0/255 mask.
pub(super) fn of_class(mask: &GrayImage, class: u8) -> GrayImage {
    kept_classes(mask, |c| c == class)
}

/// Every inked pixel of an `ink_mask`, whatever its ink, as a 0/255 mask.
pub(super) fn any_class(mask: &GrayImage) -> GrayImage {
    kept_classes(mask, |c| c > 0)
}

/// The pixels of an `ink_mask` whose class `keep` takes, as a 0/255 mask.
fn kept_classes(mask: &GrayImage, keep: impl Fn(u8) -> bool) -> GrayImage {
    GrayImage::from_fn(mask.width(), mask.height(), |x, y| {
        image::Luma([if keep(mask.get_pixel(x, y)[0]) {
            255
        } else {
            0
        }])
    })
}

/// Each ink's mask apart, its specks opened away: one marker draws a cross in one ink, so a green
/// cross beside a blue coastline is its own patch.
pub(super) fn each_ink(mask: &GrayImage) -> Vec<GrayImage> {
    [1u8, 2, 3]
        .iter()
        .map(|&k| open_square(&of_class(mask, k), 1))
        .collect()
}
