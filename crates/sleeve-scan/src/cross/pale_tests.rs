//! Pale art that passes the ink test: a land cut by the card's border.

use super::*;
use image::Rgb;

/// The paper's level the tests read against.
const PAPER: u8 = 228;

#[test]
fn a_land_cut_by_the_cards_border_is_taken_out_as_a_wide_one_is() {
    // A land that passes for ink from the card's top edge to 4.7 mm down, 20 mm wide: inside
    // the border (1.2 mm) it is 3.5 mm deep, too shallow alone to hold the 4 mm square.
    let size = (30.0 * PX_PER_MM) as u32;
    let img = RgbImage::from_fn(size, size, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        if (5.0..25.0).contains(&u) && v < 4.7 {
            Rgb([110, 160, 100])
        } else {
            Rgb([236, 226, 200])
        }
    });
    let paper = GrayImage::from_pixel(size, size, image::Luma([PAPER]));
    let mask = ink_mask(&img, &paper, &GrayImage::new(size, size));
    let inked = mask.pixels().filter(|p| p[0] > 0).count();
    let land = (20.0 * 3.5 * PX_PER_MM * PX_PER_MM) as usize;
    assert!(
        inked < land / 20,
        "{inked} of the land's {land} pixels left as ink"
    );
}
