//! The regions of one ink too wide for a marker's stroke (land or sea that passes for ink), for
//! `ink_mask` to take out.

use image::GrayImage;

use super::{SPECKLE_PX, WIDE_MM, in_border};
use crate::pixels::{close_square, dilate_square, erode_square};
use crate::scan::PX_PER_MM;

/// The region of one ink (`class`) in a mask wide enough, its pinholes filled (`SPECKLE_PX`),
/// to hold a `WIDE_MM` square (0/255). The border strip (`in_border`) counts as the ink's: a
/// land running on to the print's edge is cut there, and may be too narrow inside it to hold
/// the square. A square must lie whole on the card (`erode_square` tests only the part of its
/// square on the image, so a core within half the square of the card's edge is dropped): a
/// stroke along the border makes at most 1.4 + 0.75 (a gap closed) + 1.2 mm with the strip,
/// under the square.
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
    dilate_square(&core, k)
}
