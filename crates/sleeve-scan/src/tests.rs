//! The whole pipeline's tests: tiny and damaged pictures, the outline's choice and its last
//! resorts on drawn cards, the doubts an unsure outline puts on the places read from it.

use super::*;
use image::{Rgb, RgbImage};
use neverland_chance::Chance;

#[test]
fn every_tiny_picture_is_answered_or_refused() {
    // The shrinking of a failed property run lands on pictures a few pixels across: each
    // size up to 12 x 12, a few seeds, none may panic.
    for w in 1..=12 {
        for h in 1..=12 {
            for seed in 0..3 {
                let _ = scan_image(&picture(w, h, seed), None);
            }
        }
    }
}

/// A small random picture: noise, or a few random quadrilaterals and rings over noise.
fn picture(w: u32, h: u32, seed: u64) -> RgbImage {
    let mut rng = Chance::from_seed(seed);
    let mut img = RgbImage::from_fn(w, h, |_, _| {
        Rgb([
            rng.below(256) as u8,
            rng.below(256) as u8,
            rng.below(256) as u8,
        ])
    });
    for _ in 0..rng.below(4) {
        let (x0, y0) = (rng.below(w) as i64, rng.below(h) as i64);
        let (x1, y1) = (rng.below(w) as i64, rng.below(h) as i64);
        let c = Rgb([
            rng.below(256) as u8,
            rng.below(256) as u8,
            rng.below(256) as u8,
        ]);
        for y in y0.min(y1)..=y0.max(y1) {
            for x in x0.min(x1)..=x0.max(x1) {
                img.put_pixel(x as u32, y as u32, c);
            }
        }
    }
    img
}

/// A card drawn at 5 px/mm with its laces, top-left at (20, 20), and beside it a plain white
/// rectangle of the same size, both on a grey table.
fn card_and_decoy() -> RgbImage {
    RgbImage::from_fn(720, 500, |x, y| {
        let (u, v) = ((x as f64 - 20.0) / 5.0, (y as f64 - 20.0) / 5.0);
        let on_card = (0.0..60.0).contains(&u) && (0.0..90.0).contains(&v);
        let laces = crate::laces::on_laces(u, v, 0.0);
        let decoy = (360..660).contains(&x) && (20..470).contains(&y);
        Rgb(match () {
            _ if on_card && laces => [90, 50, 20],
            _ if on_card => [236, 226, 200],
            _ if decoy => [250, 250, 250],
            _ => [120, 120, 120],
        })
    })
}

#[test]
fn an_unsure_outline_puts_the_places_read_from_it_in_doubt() {
    let ring = scan::Hook {
        x: 10.0,
        y: 20.0,
        r: 3.0,
        hidden: false,
    };
    let cross = scan::CrossAt { x: 30.0, y: 60.0 };
    let got = places_doubts(std::slice::from_ref(&ring), Some(&cross), &[], 0.3);
    let fields: Vec<_> = got
        .iter()
        .map(|d| (d.field.as_str(), d.hook, d.at))
        .collect();
    assert_eq!(
        fields,
        [("hooks", None, None), ("cross", None, Some([30.0, 60.0]))]
    );
    assert!(got.iter().all(|d| d.confidence == 0.3));
    assert!(fields::warning(&got[0]).contains("placed from the card's outline"));
    // A cross already doubted is not doubted twice; no ring, no doubt on rings.
    let cross_doubt = got[1].clone();
    assert!(places_doubts(&[], Some(&cross), &[cross_doubt], 0.3).is_empty());
}

/// A `w` x `h` photo of a card at 10 px/mm whose top-left corner lies at (`at`, `at`) px: each
/// pixel painted from its card millimetres and whether it lies in the laces' triangle.
pub(crate) fn card_at_10_px_per_mm(
    (w, h): (u32, u32),
    at: f64,
    paint: impl Fn(f64, f64, bool) -> [u8; 3],
) -> RgbImage {
    RgbImage::from_fn(w, h, |x, y| {
        let (u, v) = ((x as f64 + 0.5 - at) / 10.0, (y as f64 + 0.5 - at) / 10.0);
        let lace = crate::laces::on_laces(u, v, 0.0);
        Rgb(paint(u, v, lace))
    })
}

/// A card at 10 px/mm from (40, 40) px on a table of its own stock's colour (its edge cannot
/// be seen), its art inset `border` mm, and the laces (drawn when `laces`) in their place.
fn card_on_its_own_colour(border: f64, laces: bool) -> RgbImage {
    card_at_10_px_per_mm((700, 1000), 40.0, |u, v, lace| {
        let art = (border..60.0 - border).contains(&u) && (border..90.0 - border).contains(&v);
        match () {
            _ if laces && lace => [90, 50, 20],
            _ if art => [200, 214, 170],
            _ => [236, 232, 222],
        }
    })
}

/// At 10 px/mm, a card from (70, 70) to (670, 970) on a white table, the film a touch greyer,
/// the stock and the art darker than both: no edge rises walking into the card, so no coarse
/// outline refines. With `laces`, the laces.
fn card_darker_than_the_table(laces: bool) -> RgbImage {
    card_at_10_px_per_mm((740, 1040), 70.0, |u, v, lace| {
        let outside = (-u).max(u - 60.0).max(-v).max(v - 90.0);
        match () {
            _ if outside > 2.5 => [250, 250, 250],
            _ if outside > 0.0 => [244, 244, 244],
            _ if laces && lace => [90, 50, 20],
            _ if outside > -2.0 => [215, 210, 195],
            _ => [180, 195, 160],
        }
    })
}

#[test]
fn an_outline_no_refinement_traces_is_read_as_it_came_when_it_shows_the_laces() {
    let img = card_darker_than_the_table(true);
    // The card's edge, between pixel centres 69 and 70 (and 669 and 670).
    let card = [[69.5, 69.5], [669.5, 69.5], [669.5, 969.5], [69.5, 969.5]];
    assert_eq!(scan::refine_corners(&img, card), None);
    let (got, agree) = find_outline(&img, None).expect("the card");
    // Found only as it came, every side stays in doubt.
    assert!(agree.iter().all(|&a| a <= UNREFINED_AGREE), "{agree:?}");
    // Traced 0.3 mm inside the edge on every side here; within half a millimetre each way.
    for (g, t) in got.iter().zip(card) {
        assert!(
            (g[0] - t[0]).hypot(g[1] - t[1]) < 5.0 * 2f64.sqrt(),
            "{got:?}"
        );
    }
    // Without the laces nothing tells it from any other patch: refused, as before.
    assert!(matches!(
        find_outline(&card_darker_than_the_table(false), None),
        Err(ScanError::NoCard(_))
    ));
}

#[test]
fn an_outline_on_the_arts_edge_grows_out_to_the_card_by_its_laces() {
    let img = card_on_its_own_colour(3.0, true);
    let art = [[70.0, 70.0], [610.0, 70.0], [610.0, 910.0], [70.0, 910.0]];
    let card = [[40.0, 40.0], [640.0, 40.0], [640.0, 940.0], [40.0, 940.0]];
    assert!(!laced(&img, art));
    let (got, agree) = grown_to_laces(&img, (art, [1.0; 4])).expect("grown");
    for (g, t) in got.iter().zip(card) {
        assert!((g[0] - t[0]).hypot(g[1] - t[1]) < 4.0, "{got:?}");
    }
    assert!(agree.iter().all(|&a| a <= GROWN_AGREE), "{agree:?}");
    // Without the laces nothing says how far out the card runs.
    let bare = card_on_its_own_colour(3.0, false);
    assert_eq!(grown_to_laces(&bare, (art, [1.0; 4])), None);
    // An outline traced 4.5 mm in (as on a frame line printed inside the art) grows out too.
    let framed = card_on_its_own_colour(4.5, true);
    let frame = [[85.0, 85.0], [595.0, 85.0], [595.0, 895.0], [85.0, 895.0]];
    let (got, _) = grown_to_laces(&framed, (frame, [1.0; 4])).expect("grown from 4.5 mm");
    for (g, t) in got.iter().zip(card) {
        assert!((g[0] - t[0]).hypot(g[1] - t[1]) < 4.0, "{got:?}");
    }
}

#[test]
fn the_second_look_moves_a_doubted_side_of_a_laced_outline_out_and_leaves_sure_ones() {
    // A grey table, the film just as grey, 2.5 mm of light stock, a deep sea, the laces; at
    // 5 px/mm the card runs from (60, 50) to (360, 500).
    let img = outline::tests::grey_table_card(true);
    let truth = [[60.0, 50.0], [360.0, 50.0], [360.0, 500.0], [60.0, 500.0]];
    // The top side traced on the art's edge, 2.5 mm in: the laces still show.
    let top_in = [[60.0, 62.5], [360.0, 62.5], [360.0, 500.0], [60.0, 500.0]];
    assert!(laced(&img, top_in));
    let (got, agree) = second_look(&img, (top_in, [0.5, 1.0, 1.0, 1.0])).expect("moved");
    assert!(outline::tests::near(&got, &truth), "{got:?}");
    assert!(agree[0] < scan::DOUBT_CARD, "{agree:?}");
    // Taken for sure, the same side stays where it is.
    assert_eq!(second_look(&img, (top_in, [1.0; 4])), None);
}

#[test]
fn an_outline_that_shows_the_laces_beats_a_cleaner_one_that_does_not() {
    let img = card_and_decoy();
    let card = [[20.0, 20.0], [320.0, 20.0], [320.0, 470.0], [20.0, 470.0]];
    let decoy = [[360.0, 20.0], [660.0, 20.0], [660.0, 470.0], [360.0, 470.0]];
    let mut seen = refined_from(vec![(decoy, 0.95), (card, 0.6)]);
    let (got, agree) = seen.chosen(&img).expect("an outline");
    assert!(farthest_corner(got, card) < 3.0, "{got:?}");
    // The same outline found only by the table's colours is never sure.
    seen.capped.push(card);
    let (_, capped) = seen.chosen(&img).expect("an outline");
    assert!(capped.iter().all(|&a| a <= PALETTE_AGREE), "{capped:?}");
    assert!(agree.iter().zip(capped).any(|(a, c)| *a > c), "{agree:?}");
}

#[test]
fn an_outline_on_a_checks_edge_comes_after_one_that_shows_the_laces_without() {
    // The more confident outline takes the check's edge 4 mm over the card for its top side:
    // both show the laces, and only the card's own outline has no side on a table's line.
    use table_lines::tests::{card_under_a_check, outline_with_top_at};
    let img = card_under_a_check();
    let (card, on_check) = (outline_with_top_at(0.0), outline_with_top_at(-4.0));
    assert!(laced(&img, card) && laced(&img, on_check));
    let seen = refined_from(vec![(on_check, 0.95), (card, 0.9)]);
    let (got, _) = seen.chosen(&img).expect("an outline");
    assert!(farthest_corner(got, card) < 3.0, "{got:?}");
}

/// Outlines refined already, the first of them the best (none from the table's colours).
fn refined_from(all: Vec<Outline>) -> Refined {
    Refined {
        best: all.first().copied(),
        all,
        capped: Vec::new(),
        unrefined: None,
    }
}

/// How far (px) the farthest of an outline's corners lies from another's, corner by corner.
fn farthest_corner(got: [[f64; 2]; 4], want: [[f64; 2]; 4]) -> f64 {
    got.iter()
        .zip(want)
        .map(|(g, t)| (g[0] - t[0]).hypot(g[1] - t[1]))
        .fold(0.0, f64::max)
}

#[test]
fn the_film_check_does_not_carry_a_side_out_onto_a_checks_edge() {
    // The light check 4 mm over the card passes the film test (plain table beyond a dark band
    // like film): the check put the card's top side on it, sure. It stays on the card, doubted.
    use table_lines::tests::{card_under_a_check, outline_with_top_at};
    let img = card_under_a_check();
    let card = outline_with_top_at(0.0);
    // The film check alone carries the top side out onto the check's edge, sure.
    let (moved, sure) = outline::film_sides(&img, card).expect("traced");
    assert!(moved[0][1] < 80.0 - 3.0 * 8.0, "{moved:?}");
    assert!(sure[0] >= scan::DOUBT_CARD, "{sure:?}");
    let ((got, agree), back) = checked_marked(&img, (card, 0.9));
    assert!(back, "put back");
    assert!(farthest_corner(got, card) < 3.0, "{got:?}");
    assert!(agree[0] <= TABLE_LINE_AGREE, "{agree:?}");
}

#[test]
fn a_side_read_on_a_checks_edge_is_doubted_and_the_cards_own_are_not() {
    use table_lines::tests::{card_under_a_check, outline_with_top_at};
    let img = card_under_a_check();
    let on_check = doubt_table_lines(&img, &outline_with_top_at(-4.0), [1.0; 4]);
    assert_eq!(on_check, [TABLE_LINE_AGREE, 1.0, 1.0, 1.0]);
    assert_eq!(
        doubt_table_lines(&img, &outline_with_top_at(0.0), [1.0; 4]),
        [1.0; 4]
    );
}

/// At 10 px/mm, a card from (40, 40) px with its laces on a grey table, except that the table
/// beside its right side is its own stock's colour up to a line running from 1 mm outside at
/// the top to 11 mm outside at the bottom, dark beyond: the card's right edge cannot be seen,
/// and that line is the one clean edge across the side (as a check's edge beside the card).
fn card_beside_a_slanted_check() -> RgbImage {
    card_at_10_px_per_mm((800, 1000), 40.0, |u, v, lace| {
        let outside = (-u).max(u - 60.0).max(-v).max(v - 90.0);
        let check_edge = 61.0 + 10.0 * v / 90.0;
        match () {
            _ if outside <= 0.0 && lace => [90, 50, 20],
            _ if outside <= 0.0 => [236, 232, 222],
            _ if u > 60.0 && (0.0..90.0).contains(&v) && u < check_edge => [236, 232, 222],
            _ if u > 60.0 && (0.0..90.0).contains(&v) => [60, 60, 60],
            _ => [120, 120, 120],
        }
    })
}

#[test]
fn an_outline_whose_film_check_loses_its_laces_is_kept_as_it_came_and_doubted() {
    let img = card_beside_a_slanted_check();
    let card = [[40.0, 40.0], [640.0, 40.0], [640.0, 940.0], [40.0, 940.0]];
    let decoy = [
        [100.0, 100.0],
        [400.0, 100.0],
        [400.0, 550.0],
        [100.0, 550.0],
    ];
    assert!(laced(&img, card) && !laced(&img, decoy));
    // The film margin check takes the slanted line for the right side, and the laces go.
    assert!(!laced(&img, checked(&img, (card, 0.9)).0));
    let seen = refined_from(vec![(decoy, 0.95), (card, 0.9)]);
    let (got, agree) = seen.chosen_at_last(&img).expect("an outline");
    assert_eq!(got, card);
    assert!(agree.iter().all(|&a| a <= LACES_KEPT_AGREE), "{agree:?}");
}

proptest::proptest! {
    // 64 cases in the test command (each runs the whole scan); PROPTEST_CASES for longer runs.
    #![proptest_config(proptest::test_runner::Config::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64)
    ))]

    /// The whole pipeline, not only the decoder, answers or refuses any picture and any
    /// tapped corners (even all four at one point) without panicking.
    #[test]
    fn the_whole_pipeline_never_panics(
        w in 1u32..160, h in 1u32..160, seed: u64,
        corners in proptest::option::of(proptest::array::uniform4(proptest::array::uniform2(-50.0f64..250.0))),
    ) {
        let img = picture(w, h, seed);
        let _ = scan_image(&img, corners);
        let _ = scan_image(&img, Some([[3.0, 3.0]; 4]));
    }

    /// A real sleeve photo, damaged, through the bytes entry point.
    #[test]
    fn damaged_sleeve_photos_never_panic(cut in 0usize..4000, flip in 0usize..20000, byte: u8) {
        let mut b = photo().clone();
        if flip < b.len() { b[flip] ^= byte; }
        b.truncate(b.len().saturating_sub(cut));
        let _ = scan_photo(&b, None);
    }
}

fn photo() -> &'static Vec<u8> {
    static PHOTO: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    PHOTO.get_or_init(|| {
        let mut rng = Chance::from_seed(77);
        let sleeve = synth::Sleeve::random(&mut rng, true);
        let shot = synth::Shot::random(&mut rng, 480, 400, 330.0);
        synth::jpeg(&synth::render(&sleeve, &shot), 80)
    })
}

/// At 10 px/mm, a card from (60, 60) px on a grey table with the film a touch lighter, stock
/// only 46 levels lighter than the film and a green art from 2 mm in, every 0.1 mm cell shaken
/// by up to 40 levels of noise (a hash of its place, the same each run): the edge points scatter.
fn noisy_card() -> RgbImage {
    card_at_10_px_per_mm((720, 1020), 60.0, |u, v, lace| {
        let outside = (-u).max(u - 60.0).max(-v).max(v - 90.0);
        let base: [i32; 3] = match () {
            _ if outside > 2.5 => [150, 150, 155],
            _ if outside > 0.0 => [160, 160, 164],
            _ if lace => [90, 50, 20],
            _ if outside > -2.0 => [206, 198, 180],
            _ => [160, 190, 150],
        };
        let h = ((u * 10.0).round() as i64 * 73_856_093) ^ ((v * 10.0).round() as i64 * 19_349_663);
        let shake = (h.rem_euclid(81) - 40) as i32;
        base.map(|c| (c + shake).clamp(0, 255) as u8)
    })
}

#[test]
fn an_outline_far_off_at_one_corner_is_checked_again_from_where_the_first_check_put_it() {
    let img = noisy_card();
    let truth = [[60.0, 60.0], [660.0, 60.0], [660.0, 960.0], [60.0, 960.0]];
    let off = |q: &[[f64; 2]; 4]| {
        q.iter()
            .zip(truth)
            .map(|(g, t)| (g[0] - t[0]).hypot(g[1] - t[1]))
            .fold(0.0, f64::max)
    };
    // The top-right corner came 10 or 12 mm in and down: across much of the top and right
    // sides the profiles miss the card's edge, and lines through the scattered points of the
    // rest miss a corner by 4 px. Traced again across the sides the first check found, each
    // corner lies within 1 px.
    for mm in [10.0, 12.0] {
        let rough = [
            [60.0, 60.0],
            [660.0 - 10.0 * mm, 60.0 + 10.0 * mm],
            [660.0, 960.0],
            [60.0, 960.0],
        ];
        let (once, first) = outline::film_sides(&img, rough).expect("four sides");
        assert!(off(&once) > 3.0, "{mm}: {once:?}");
        let (got, agree) = checked(&img, (rough, 1.0));
        assert!(off(&got) < 1.0, "{mm}: {got:?}");
        // The second trace moves the corners, never the doubt: each side agrees no more than
        // it did the first time.
        assert!((0..4).all(|k| agree[k] <= first[k]), "{agree:?} {first:?}");
    }
}

/// At 10 px/mm, a card from (60, 60) px on a grey table with the film lighter, light stock, a
/// blue frame line 0.4 to 1.6 mm in from every edge (nearer the edge than the contract lets art
/// be, where the stock beside the laces' legs is sampled), a pale art inside it, and the laces lit
/// pale (135, 95, 65), as glare leaves them: they do not show on the card's own outline.
fn pale_laces_in_a_frame() -> RgbImage {
    card_at_10_px_per_mm((720, 1020), 60.0, |u, v, lace| {
        let outside = (-u).max(u - 60.0).max(-v).max(v - 90.0);
        match () {
            _ if outside > 2.5 => [120, 120, 125],
            _ if outside > 0.0 => [150, 150, 155],
            _ if lace => [135, 95, 65],
            _ if outside > -0.4 => [236, 228, 210],
            _ if outside > -1.6 => [90, 120, 190],
            _ => [225, 220, 190],
        }
    })
}

#[test]
fn an_outline_the_film_check_is_sure_of_is_not_grown_to_pale_laces() {
    let img = pale_laces_in_a_frame();
    let truth = [[60.0, 60.0], [660.0, 60.0], [660.0, 960.0], [60.0, 960.0]];
    assert!(!laced(&img, truth));
    // Sure of every side, it stays on the card's edge.
    assert_eq!(looked_again(&img, (truth, [1.0; 4])), (truth, [1.0; 4]));
    // Doubted, it is grown out until the pale laces pass, past the card's edge.
    let (grown, _) = looked_again(&img, (truth, [0.5; 4]));
    let out = grown[0][0] - truth[0][0];
    assert!(out < -2.0, "{grown:?}");
}
