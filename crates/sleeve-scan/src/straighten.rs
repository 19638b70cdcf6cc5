//! The upright card as the holder checks it: the photo straightened through the found corners
//! (the same homography and warp the features are read from), with a margin of film and table
//! around it so a wrong outline shows as a card edge off the drawn one.

use image::RgbImage;

use crate::geom::{CARD_H, CARD_W, apply, homography, solve_homography};
use crate::scan::{warp, warp_sized};

/// Millimetres of photo kept around the card on each side.
pub const MARGIN_MM: f64 = 4.0;

/// The card upright, from `(-MARGIN_MM, -MARGIN_MM)` to `(CARD_W + MARGIN_MM, CARD_H +
/// MARGIN_MM)` in card millimetres, at the canonical card's size in pixels (so its two axes
/// have slightly different scales: draw it stretched over that rectangle).
pub fn upright(img: &RgbImage, corners_px: &[[f64; 2]; 4]) -> RgbImage {
    let h = homography(corners_px);
    let m = MARGIN_MM;
    let outer = [
        [-m, -m],
        [CARD_W + m, -m],
        [CARD_W + m, CARD_H + m],
        [-m, CARD_H + m],
    ]
    .map(|p| apply(&h, p));
    let card = [[0.0, 0.0], [CARD_W, 0.0], [CARD_W, CARD_H], [0.0, CARD_H]];
    warp(img, &solve_homography(&card, &outer))
}

/// [`upright`] as a JPEG (quality 85), ready to show.
pub fn upright_jpeg(img: &RgbImage, corners_px: &[[f64; 2]; 4]) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85)
        .encode_image(&upright(img, corners_px))
        .expect("encoding to memory cannot fail");
    out
}

/// Any flat rectangle `w_mm` x `h_mm` (a game board) photographed with its corners at
/// `corners_px` (top-left, top-right, bottom-right, bottom-left), straightened through the same
/// homography and warp as a card, at `px_per_mm`: a point at `(x, y)` mm lands at pixel
/// `(x, y) * px_per_mm`.
pub fn rectangle(
    img: &RgbImage,
    corners_px: &[[f64; 2]; 4],
    (w_mm, h_mm): (f64, f64),
    px_per_mm: f64,
) -> RgbImage {
    let src = [[0.0, 0.0], [w_mm, 0.0], [w_mm, h_mm], [0.0, h_mm]];
    let h = solve_homography(&src, corners_px);
    let size = |mm: f64| ((mm * px_per_mm).round() as u32).max(1);
    warp_sized(img, &h, size(w_mm), size(h_mm), px_per_mm)
}

/// [`rectangle`] as a JPEG (quality 85), ready to show.
pub fn rectangle_jpeg(
    img: &RgbImage,
    corners_px: &[[f64; 2]; 4],
    size_mm: (f64, f64),
    px_per_mm: f64,
) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85)
        .encode_image(&rectangle(img, corners_px, size_mm, px_per_mm))
        .expect("encoding to memory cannot fail");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::PX_PER_MM;
    use image::Rgb;

    #[test]
    fn a_tilted_card_comes_out_upright_with_its_margin() {
        // A photo of a card turned a quarter turn: the card's top-left corner is at the photo's
        // top-right. A red mark at card (10, 20) mm must land at its place in the upright image.
        let corners = [[500.0, 40.0], [500.0, 340.0], [50.0, 340.0], [50.0, 40.0]];
        let h = homography(&corners);
        let mark = apply(&h, [10.0, 20.0]);
        let img = RgbImage::from_fn(560, 380, |x, y| {
            let (dx, dy) = (x as f64 - mark[0], y as f64 - mark[1]);
            if dx.hypot(dy) < 8.0 {
                Rgb([230, 20, 20])
            } else {
                Rgb([200, 200, 190])
            }
        });
        let out = upright(&img, &corners);
        assert_eq!(
            (out.width(), out.height()),
            ((CARD_W * PX_PER_MM) as u32, (CARD_H * PX_PER_MM) as u32)
        );
        let sx = out.width() as f64 / (CARD_W + 2.0 * MARGIN_MM);
        let sy = out.height() as f64 / (CARD_H + 2.0 * MARGIN_MM);
        let at = |x: f64, y: f64| {
            *out.get_pixel(((x + MARGIN_MM) * sx) as u32, ((y + MARGIN_MM) * sy) as u32)
        };
        assert_eq!(at(10.0, 20.0), Rgb([230, 20, 20]));
        assert_eq!(at(50.0, 70.0), Rgb([200, 200, 190]));
        assert!(upright_jpeg(&img, &corners).starts_with(&[0xFF, 0xD8]));
    }

    #[test]
    fn a_board_photographed_at_a_slant_comes_out_flat_at_its_scale() {
        // A 600 x 900 mm board seen in perspective (its far edge shorter), a blue mark at
        // (150, 700) mm on it.
        let corners = [[220.0, 60.0], [580.0, 70.0], [700.0, 560.0], [90.0, 540.0]];
        let src = [[0.0, 0.0], [600.0, 0.0], [600.0, 900.0], [0.0, 900.0]];
        let h = solve_homography(&src, &corners);
        let mark = apply(&h, [150.0, 700.0]);
        let img = RgbImage::from_fn(800, 600, |x, y| {
            if (x as f64 - mark[0]).hypot(y as f64 - mark[1]) < 6.0 {
                Rgb([20, 40, 230])
            } else {
                Rgb([210, 200, 180])
            }
        });
        let out = rectangle(&img, &corners, (600.0, 900.0), 0.5);
        assert_eq!((out.width(), out.height()), (300, 450));
        assert_eq!(*out.get_pixel(75, 350), Rgb([20, 40, 230]));
        assert_eq!(*out.get_pixel(200, 100), Rgb([210, 200, 180]));
        assert!(rectangle_jpeg(&img, &corners, (600.0, 900.0), 0.5).starts_with(&[0xFF, 0xD8]));
    }
}
