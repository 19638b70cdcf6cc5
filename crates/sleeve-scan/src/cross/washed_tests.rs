//! The arms stage (`faded`) on crosses whose middle glare washed out further than the arms'
//! places near the crossing: the arms measured out to their tips.

use image::Rgb;

use super::tests::{drawn_cross, faded_on, read_doubted_at};
use crate::scan::PX_PER_MM;

#[test]
fn arms_washed_past_their_inner_places_are_measured_out_to_their_tips() {
    // 6 mm arms washed out 2 mm round the crossing: 4 mm of ink each, whose places 35 to 45 %
    // of that from the crossing lie in the washed disc.
    let (ink, parchment) = (Rgb([30, 30, 34]), Rgb([236, 226, 200]));
    let found = faded_on(&drawn_cross(6.0, 2.0, ink, parchment), &[]);
    assert_eq!(found.len(), 1, "{found:?}");
    let at = found[0].map(|v| v / PX_PER_MM);
    assert!((at[0] - 15.0).hypot(at[1] - 15.0) < 0.3, "{at:?}");
}

#[test]
fn a_marker_cross_glare_washed_two_mm_round_its_crossing_on_a_photo_is_read_and_doubted() {
    // A crop (29-59 mm, 34-64 mm) of photo 1,012,534 of the second generator's H61 as the
    // scanner straightened it: a black marker's cross at (15.0, 15.3) mm in the crop whose
    // crossing glare washed out about 2 mm round.
    let png = include_bytes!("../../tests/fixtures/washed-arms-h61-2534.png");
    read_doubted_at(png, [15.0, 15.3]);
}
