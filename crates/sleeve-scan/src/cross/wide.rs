//! The regions of one ink too wide for a marker's stroke (land or sea that passes for ink), for
//! `ink_mask` to take out.

use image::GrayImage;

use super::{SPECKLE_PX, WIDE_MM, in_border};
use crate::pixels::{blobs, close_square, dilate_square, erode_square};
use crate::scan::PX_PER_MM;

/// The region of one ink (`class`) in a mask wide enough, its pinholes filled (`SPECKLE_PX`),
/// to hold a `WIDE_MM` square (0/255). The border strip (`in_border`) counts as the ink's: a
/// land running on to the print's edge is cut there, and may be too narrow inside it to hold
/// the square. A square must lie whole on the card (`erode_square` tests only the part of its
/// square on the image, so a core within half the square of the card's edge is dropped): a
/// stroke along the border makes at most 1.4 + 0.75 (a gap closed) + 1.2 mm with the strip,
/// under the square. A region under `LEAST_LAND_MM2` is left out of it.
pub(super) fn wide_region(mask: &GrayImage, class: u8) -> GrayImage {
    let k = (WIDE_MM / 2.0 * PX_PER_MM) as usize;
    let only = GrayImage::from_fn(mask.width(), mask.height(), |x, y| {
        let on = in_border(mask, x, y) || mask.get_pixel(x, y)[0] == class;
        image::Luma([if on { 255 } else { 0 }])
    });
    let filled = close_square(&only, SPECKLE_PX);
    let mut core = erode_square(&filled, k);
    let (w, h, k32) = (mask.width(), mask.height(), k as u32);
    for (x, y, p) in core.enumerate_pixels_mut() {
        if x < k32 || y < k32 || x + k32 >= w || y + k32 >= h {
            p[0] = 0;
        }
    }
    let mut wide = dilate_square(&core, k);
    let least = LEAST_LAND_MM2 * PX_PER_MM * PX_PER_MM;
    for region in blobs(&wide) {
        if (region.len() as f64) < least {
            for i in region {
                wide.as_mut()[i] = 0;
            }
        }
    }
    wide
}

/// The least area (mm²) of a region `wide_region` reports: a land or a sea that passes for ink
/// is larger. A smaller one holding the `WIDE_MM` square is marks of one ink drawn close
/// together: a marker's crossing over a compass rose's hub of its ink, the hub and the arms round
/// it filling the square once pinholes are closed, made a region of 22.8 mm² on H48's
/// 1,009,996, and taking it out cut the cross into four arms that no stage read. (Seen photos,
/// second generator 2,600: that photo gained and none lost; first generator 1,100: no change.
/// Then on the fresh splits H56 and H57, one cross gained on each, nothing else changed. A 4 mm
/// square's region alone is 16 mm²; on H45, 64 of 129 regions found were under 40 mm².)
const LEAST_LAND_MM2: f64 = 40.0;

#[cfg(test)]
mod tests {
    use super::*;

    /// A 40 x 40 mm mask, ink class 2 in a square `side` mm wide at its middle.
    fn square(side: f64) -> GrayImage {
        let size = (40.0 * PX_PER_MM) as u32;
        GrayImage::from_fn(size, size, |x, y| {
            let off = |v: u32| ((v as f64 + 0.5) / PX_PER_MM - 20.0).abs();
            image::Luma([if off(x) < side / 2.0 && off(y) < side / 2.0 {
                2
            } else {
                0
            }])
        })
    }

    #[test]
    fn a_small_region_that_holds_the_square_is_marks_and_a_land_is_wide() {
        let middle = (20.0 * PX_PER_MM) as u32;
        // 5 mm across: it holds the 4 mm square, yet at 25 mm² it is marks, not a land.
        let marks = wide_region(&square(5.0), 2);
        assert_eq!(marks.get_pixel(middle, middle)[0], 0);
        // 8 mm across (64 mm²): a land.
        let land = wide_region(&square(8.0), 2);
        assert!(land.get_pixel(middle, middle)[0] > 0);
        // Another ink's square is no region of this one.
        assert_eq!(wide_region(&square(8.0), 3).get_pixel(middle, middle)[0], 0);
    }
}
