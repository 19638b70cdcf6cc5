//! The regions of one ink too wide for a marker's stroke (land or sea that passes for ink), for
//! `ink_mask` to take out.

use image::GrayImage;

use super::{SPECKLE_PX, WIDE_MM, in_border};
use crate::pixels::{dilate_square, erode_square};
use crate::scan::PX_PER_MM;

/// The region of one ink (`class`) in a mask wide enough, its pinholes filled (`SPECKLE_PX`),
/// to hold a `WIDE_MM` square (0/255). The border strip (`in_border`) counts as the ink's: a
/// land running on to the print's edge is cut there, and may be too narrow inside it to hold
/// the square. The mask is padded with empty pixels beyond the card first, so a square must lie
/// whole on the card: a stroke along the border makes at most 1.4 + 0.75 (a gap closed) +
/// 1.2 mm with the strip, under the square.
pub(super) fn wide_region(mask: &GrayImage, class: u8) -> GrayImage {
    let k = (WIDE_MM / 2.0 * PX_PER_MM) as usize;
    let (w, h) = (mask.width(), mask.height());
    let pad = k as u32 + 1;
    let only = GrayImage::from_fn(w + 2 * pad, h + 2 * pad, |x, y| {
        let inside = (pad..w + pad).contains(&x) && (pad..h + pad).contains(&y);
        let on = inside && {
            let (u, v) = (x - pad, y - pad);
            in_border(mask, u, v) || mask.get_pixel(u, v)[0] == class
        };
        image::Luma([if on { 255 } else { 0 }])
    });
    let filled = erode_square(&dilate_square(&only, SPECKLE_PX), SPECKLE_PX);
    let wide = dilate_square(&erode_square(&filled, k), k);
    GrayImage::from_fn(w, h, |x, y| *wide.get_pixel(x + pad, y + pad))
}
