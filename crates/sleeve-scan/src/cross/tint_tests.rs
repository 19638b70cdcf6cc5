//! A marker's ink told against the paper round it (`tint`): a green cross greyed by glare at its
//! crossing is one green patch; black ink washed on warm paper, a black cross whose crossing
//! alone shows green, and grey art showing blue all stay black; and a green stroke speckled
//! between pixels that pass the ink test and ones just past it is grown whole.

use super::inks::ink_class;
use super::tests::drawn_cross;
use super::tint::tinted_class;
use super::*;
use image::Rgb;

/// Paper under glare: pale and a little blue, as the lit cards of the second generator are.
const LIT: Rgb<u8> = Rgb([205, 212, 220]);

/// A green marker's ink greyed by the glare: its chroma (0.11) is under `ink_class`'s grey bound,
/// yet green leads red by over 0.1 and blue by 0.05, darker than the paper: it passes for ink.
const GREYED: Rgb<u8> = Rgb([158, 186, 172]);

/// The same marker where the glare is weaker: plainly green.
const GREEN: Rgb<u8> = Rgb([110, 170, 130]);

/// The paper's level (`LIT`'s luminance) the tests read against.
const LEVEL: u8 = 211;

fn unit(c: Rgb<u8>) -> [f64; 3] {
    c.0.map(|v| v as f64 / 255.0)
}

fn mask_of(img: &RgbImage) -> GrayImage {
    let (w, h) = (img.width(), img.height());
    ink_mask(
        img,
        &GrayImage::from_pixel(w, h, image::Luma([LEVEL])),
        &GrayImage::new(w, h),
    )
}

fn read(img: &RgbImage) -> Option<CrossAt> {
    let (w, h) = (img.width(), img.height());
    let level = GrayImage::from_pixel(w, h, image::Luma([LEVEL]));
    cross(img, &level, &GrayImage::new(w, h), &[]).0
}

fn near_middle(at: &Option<CrossAt>) -> bool {
    at.as_ref()
        .is_some_and(|a| (a.x - 15.0).hypot(a.y - 15.0) < 0.5)
}

#[test]
fn a_green_cross_greyed_by_glare_at_its_crossing_is_green_ink_throughout() {
    assert_eq!(
        ink_class(unit(GREYED)),
        1,
        "greyed: black by its own colour"
    );
    assert!(is_ink(unit(GREYED), LEVEL as f64 / 255.0));
    assert_eq!(tinted_class(unit(GREYED), unit(LIT)), 3);
    // The crossing within 2.5 mm greyed, the rest of the 6 mm arms plainly green.
    let washed = drawn_cross(6.0, 0.0, GREYED, LIT);
    let plain = drawn_cross(6.0, 2.5, GREEN, LIT);
    let img = RgbImage::from_fn(240, 240, |x, y| {
        if plain.get_pixel(x, y) == &GREEN {
            GREEN
        } else {
            *washed.get_pixel(x, y)
        }
    });
    let mask = mask_of(&img);
    let middle = (15.0 * PX_PER_MM) as u32;
    assert_eq!(
        mask.get_pixel(middle, middle)[0],
        3,
        "the crossing is green"
    );
    assert!(
        mask.pixels().all(|p| p[0] != 1),
        "no pixel of the cross is black"
    );
    assert!(near_middle(&read(&img)), "{:?}", read(&img));
}

#[test]
fn black_ink_washed_by_glare_stays_black_on_warm_paper() {
    // Parchment and a black marker under the same white glare: (0.94, 0.88, 0.67) and 0.1 of
    // it, times 0.5, plus 0.4.
    let paper = Rgb([222, 214, 187]);
    let ink = Rgb([115, 115, 115]);
    assert_eq!(tinted_class(unit(ink), unit(paper)), 1);
    let mask = mask_of(&drawn_cross(6.0, 0.0, ink, paper));
    let middle = (15.0 * PX_PER_MM) as u32;
    assert_eq!(mask.get_pixel(middle, middle)[0], 1);
    assert!(
        mask.pixels().all(|p| p[0] <= 1),
        "no pixel turned blue or green"
    );
}

#[test]
fn a_black_cross_whose_crossing_alone_shows_green_stays_black_whole() {
    // A black marker whose crossing, within 1.5 mm, glare paled to the greyed green of
    // `GREYED` (as over green art under it): a fifth of the patch shows green against the
    // paper, and one marker draws in one ink, so the whole patch stays black.
    let drawn = drawn_cross(6.0, 0.0, Rgb([60, 60, 60]), LIT);
    let img = RgbImage::from_fn(240, 240, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        match *drawn.get_pixel(x, y) {
            p if p != LIT && (u - 15.0).hypot(v - 15.0) < 1.5 => GREYED,
            p => p,
        }
    });
    let mask = mask_of(&img);
    let middle = (15.0 * PX_PER_MM) as u32;
    assert_eq!(
        mask.get_pixel(middle, middle)[0],
        1,
        "the crossing is black"
    );
    assert!(mask.pixels().all(|p| p[0] <= 1), "no pixel turned green");
    assert!(near_middle(&read(&img)), "{:?}", read(&img));
}

#[test]
fn grey_art_that_shows_blue_against_the_paper_stays_black() {
    // A grey-blue river on parchment shows blue against it, as a blue marker greyed by glare
    // would; but the map's seas, rivers and roses are blue art, so only green turns a patch.
    let paper = Rgb([218, 195, 160]);
    let river = Rgb([131, 138, 139]);
    assert_eq!(ink_class(unit(river)), 1);
    assert_eq!(tinted_class(unit(river), unit(paper)), 2);
    let img = RgbImage::from_fn(240, 240, |x, y| {
        let v = (y as f64 + 0.5) / PX_PER_MM;
        if (x as f64 / PX_PER_MM - 15.0).abs() < 10.0 && (v - 15.0).abs() < 0.6 {
            river
        } else {
            paper
        }
    });
    let mask = ink_mask(
        &img,
        &GrayImage::from_pixel(240, 240, image::Luma([200])),
        &GrayImage::new(240, 240),
    );
    let middle = (15.0 * PX_PER_MM) as u32;
    assert_eq!(mask.get_pixel(middle, middle)[0], 1);
}

#[test]
fn a_greyed_stroke_speckled_past_the_ink_test_is_grown_whole() {
    // One step paler than `GREYED`: just over 0.85 of the paper's level, so no ink by itself,
    // though still green against the paper and 0.1 darker than it.
    let paler = Rgb([165, 192, 178]);
    assert!(!is_ink(unit(paler), LEVEL as f64 / 255.0));
    assert_eq!(tinted_class(unit(paler), unit(LIT)), 3);
    // The cross in `GREYED`, every other 2 px of it `paler` (a checkerboard of 2 px squares):
    // each ink's specks opened away, no stroke of it is left.
    let drawn = drawn_cross(6.0, 0.0, GREYED, LIT);
    let img = RgbImage::from_fn(240, 240, |x, y| {
        let p = *drawn.get_pixel(x, y);
        if p == GREYED && (x / 2 + y / 2) % 2 == 1 {
            paler
        } else {
            p
        }
    });
    let mask = mask_of(&img);
    let inked = mask.pixels().filter(|p| p[0] == 3).count();
    let drawn_px = drawn.pixels().filter(|&&p| p == GREYED).count();
    assert!(inked * 10 >= drawn_px * 9, "{inked} of {drawn_px}");
    assert!(near_middle(&read(&img)), "{:?}", read(&img));
    // Nothing of the paper round it is grown into.
    assert!(inked <= drawn_px, "{inked} of {drawn_px}");
}
