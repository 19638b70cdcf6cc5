//! Pale art that only just passes the ink test: a land shaped like a cross that fades into the
//! land around it, a washed cross of the same pale ink, and a land cut by the card's border.

use super::tests::{drawn_cross, faded_on};
use super::*;
use image::Rgb;

/// A land too pale to pass for ink (green leads red by 0.098, under the 0.1 of `is_ink`).
const LAND: Rgb<u8> = Rgb([175, 200, 160]);

/// A land one step greener that passes for pale green ink.
const GREENER: Rgb<u8> = Rgb([170, 200, 160]);

/// A 30 x 30 mm land (`LAND`) with an upright cross of 1 mm strokes at (15, 15) mm in `ink`,
/// its arms `arm` mm, the middle within `washed` mm of the crossing left as land.
fn on_land(ink: Rgb<u8>, arm: f64, washed: f64) -> RgbImage {
    drawn_cross(arm, washed, ink, LAND)
}

fn unit(c: Rgb<u8>) -> [f64; 3] {
    c.0.map(|v| v as f64 / 255.0)
}

/// The paper's level the tests read against.
const PAPER: u8 = 228;

#[test]
fn a_land_shaped_like_a_cross_that_fades_into_the_land_beside_it_is_no_cross() {
    let paper = PAPER as f64 / 255.0;
    assert!(!is_ink(unit(LAND), paper), "the land is no ink");
    assert!(
        is_ink(unit(GREENER), paper),
        "the greener land passes for ink"
    );
    let read = |img: &RgbImage| {
        let (w, h) = (img.width(), img.height());
        let reference = GrayImage::from_pixel(w, h, image::Luma([PAPER]));
        cross(img, &reference, &GrayImage::new(w, h), &[])
    };
    let (at, conf) = read(&on_land(GREENER, 4.5, 0.0));
    assert!(at.is_none(), "pale land read as a cross: {at:?}");
    assert!(
        conf < crate::fields::DOUBT_CROSS,
        "no cross, but in doubt: {conf}"
    );
    // The same shape in a green marker's ink is a sure cross.
    let (at, conf) = read(&on_land(Rgb([30, 130, 60]), 4.5, 0.0));
    let at = at.expect("the marker's cross");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    assert!(conf >= crate::fields::DOUBT_CROSS, "{conf}");
}

#[test]
fn arms_of_pale_land_are_not_read_as_a_washed_cross() {
    // Arms 5.3 mm, apart by 2.6 mm across the crossing: only the arms stage could read them.
    let marker = faded_on(&on_land(Rgb([30, 130, 60]), 5.3, 1.3), &[]);
    let at = marker.first().expect("the marker's washed cross");
    assert!((at[0] / PX_PER_MM - 15.0).hypot(at[1] / PX_PER_MM - 15.0) < 0.3);
    assert!(faded_on(&on_land(GREENER, 5.3, 1.3), &[]).is_empty());
}

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

#[test]
fn a_cross_drawn_on_a_wide_land_of_its_own_ink_stands_out_of_it() {
    // A green marker cross on a green land that passes for green ink and fills the picture:
    // the land is wide and goes, the strokes, darker than the land by far, stay.
    let size = (30.0 * PX_PER_MM) as u32;
    let img = RgbImage::from_fn(size, size, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        let (du, dv) = ((u - 15.0).abs(), (v - 15.0).abs());
        if (du < 0.6 && dv < 4.5) || (dv < 0.6 && du < 4.5) {
            Rgb([30, 120, 55])
        } else {
            Rgb([110, 160, 100])
        }
    });
    let paper = GrayImage::from_pixel(size, size, image::Luma([PAPER]));
    assert!(is_ink(unit(Rgb([110, 160, 100])), PAPER as f64 / 255.0));
    let (at, conf) = cross(&img, &paper, &GrayImage::new(size, size), &[]);
    let at = at.expect("the cross on the land");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    assert!(conf >= crate::fields::DOUBT_CROSS, "{conf}");
}

#[test]
fn a_marker_stroke_along_the_border_is_no_wide_land() {
    // A black stroke 1.4 mm wide and 6 mm long, 0.3 mm inside the border strip (1.2 mm), along
    // the top edge and in the top-left corner: with the strip it makes 2.9 mm, under the square.
    let size = (30.0 * PX_PER_MM) as u32;
    let img = RgbImage::from_fn(size, size, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        let along_top = (10.0..16.0).contains(&u) && (1.5..2.9).contains(&v);
        let in_corner = (1.5..7.5).contains(&v) && (1.5..2.9).contains(&u);
        if along_top || in_corner {
            Rgb([30, 30, 34])
        } else {
            Rgb([236, 226, 200])
        }
    });
    let paper = GrayImage::from_pixel(size, size, image::Luma([PAPER]));
    let mask = ink_mask(&img, &paper, &GrayImage::new(size, size));
    let inked = mask.pixels().filter(|p| p[0] > 0).count();
    let drawn = (2.0 * 6.0 * 1.4 * PX_PER_MM * PX_PER_MM) as usize;
    assert!(
        inked > drawn * 9 / 10,
        "{inked} of the strokes' {drawn} pixels kept"
    );
}

#[test]
fn on_a_wide_land_only_marks_darker_than_it_are_kept() {
    // A land with a darker band and a paler band through it, each 1.2 mm wide: only the darker
    // one stands out of the land as a marker's stroke would.
    let size = (30.0 * PX_PER_MM) as u32;
    let img = RgbImage::from_fn(size, size, |x, _| {
        let u = (x as f64 + 0.5) / PX_PER_MM;
        if (10.0..11.2).contains(&u) {
            Rgb([30, 120, 55])
        } else if (20.0..21.2).contains(&u) {
            Rgb([200, 235, 190])
        } else {
            Rgb([110, 160, 100])
        }
    });
    let land = vec![true; (size * size) as usize];
    let marks = super::contrast::marks_on_land(&img, &land);
    let kept = |u: f64| marks[(15 * size + (u * PX_PER_MM) as u32) as usize];
    assert!(kept(10.6), "the darker band");
    assert!(!kept(20.6), "the paler band");
    assert!(!kept(5.0), "the land itself");
}

#[test]
fn a_cross_joined_to_pale_land_that_passes_for_ink_is_read_by_its_own_strokes() {
    // A green marker's cross at (15, 15) mm whose right arm ends on a pale green band (3 mm
    // wide, 26 mm long: too narrow to be taken out as wide land) that passes for ink: one patch,
    // mostly band, whose mean fades into the land round it. The cross's strokes stand out.
    let size = (30.0 * PX_PER_MM) as u32;
    let img = RgbImage::from_fn(size, size, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        let (du, dv) = (u - 15.0, v - 15.0);
        if (du.abs() < 0.5 && dv.abs() < 4.5) || (dv.abs() < 0.5 && du.abs() < 4.6) {
            Rgb([30, 130, 60])
        } else if (19.5..22.5).contains(&u) && (2.0..28.0).contains(&v) {
            GREENER
        } else {
            LAND
        }
    });
    let paper = GrayImage::from_pixel(size, size, image::Luma([PAPER]));
    let mask = ink_mask(&img, &paper, &GrayImage::new(size, size));
    with_inks(&img, &mask, |inks| {
        let joined = inks.patches.iter().flatten().max_by_key(|b| b.len());
        let joined = joined.expect("a patch");
        assert!(
            super::contrast::faint(inks, joined),
            "the joined patch as a whole is faint"
        );
    });
    let (at, _) = cross(&img, &paper, &GrayImage::new(size, size), &[]);
    let at = at.expect("the cross joined to the band");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    // The band alone is pale art, and no cross.
    let bare = RgbImage::from_fn(size, size, |x, y| {
        let u = (x as f64 + 0.5) / PX_PER_MM;
        let v = (y as f64 + 0.5) / PX_PER_MM;
        if (19.5..22.5).contains(&u) && (2.0..28.0).contains(&v) {
            GREENER
        } else {
            LAND
        }
    });
    assert!(
        cross(&bare, &paper, &GrayImage::new(size, size), &[])
            .0
            .is_none()
    );
}
