//! The cross stages on drawn pictures: roses, tapering stars, broken, washed and crossed-out
//! crosses, and the ink test.

use super::taper::{TAPER, arm_widths};
use super::*;
use image::Rgb;

/// A 30 x 30 mm patch of pale sea with a darker blue star of 4 spokes (and, for a compass
/// rose, a thin ring round it), or a marker cross of two 1 mm strokes.
fn patch(ring: bool, cross: bool) -> RgbImage {
    let size = (30.0 * PX_PER_MM) as u32;
    let c = 15.0 * PX_PER_MM;
    RgbImage::from_fn(size, size, |x, y| {
        let (dx, dy) = (x as f64 + 0.5 - c, y as f64 + 0.5 - c);
        let r = dx.hypot(dy) / PX_PER_MM;
        let on_ring = ring && (r - 6.0).abs() < 0.2;
        let (ax, ay) = (dx.abs() / PX_PER_MM, dy.abs() / PX_PER_MM);
        // A spoke tapers from 1 mm at the middle to a point at 5 mm; a stroke keeps 1 mm.
        let half = if cross { 0.5 } else { 0.5 * (1.0 - r / 5.0) };
        let on_star = (ax < half && ay < 5.0) || (ay < half && ax < 5.0);
        if on_star {
            Rgb([30, 60, 180])
        } else if on_ring {
            Rgb([90, 110, 150])
        } else {
            Rgb([200, 220, 236])
        }
    })
}

#[test]
fn a_compass_rose_is_ringed_and_a_cross_on_the_sea_is_not() {
    let at = [15.0 * PX_PER_MM, 15.0 * PX_PER_MM];
    let arm = 4.5 * PX_PER_MM;
    assert!(ringed(&patch(true, false), at, arm), "compass rose");
    assert!(
        !ringed(&patch(false, true), at, arm),
        "a cross on the pale sea"
    );
    // The sea itself is darker than white paper, but it is no ring.
    let sea = RgbImage::from_pixel(240, 240, Rgb([200, 220, 236]));
    assert!(!ringed(&sea, at, arm));
}

/// The ink pixels of an upright cross of 1 mm strokes, each arm `arm` mm from the centre.
fn cross_pixels(arm: f64) -> Vec<[f64; 2]> {
    let size = (30.0 * PX_PER_MM) as usize;
    let c = 15.0 * PX_PER_MM;
    let mut pts = Vec::new();
    for y in 0..size {
        for x in 0..size {
            let (px, py) = (x as f64 + 0.5, y as f64 + 0.5);
            let (ax, ay) = ((px - c).abs() / PX_PER_MM, (py - c).abs() / PX_PER_MM);
            if (ax < 0.5 && ay < arm) || (ay < 0.5 && ax < arm) {
                pts.push([px, py]);
            }
        }
    }
    pts
}

#[test]
fn strokes_shorter_than_the_shortest_allowed_cross_are_only_a_doubt() {
    let sure = judge_patch(&cross_pixels(4.0)).expect("two strokes").score;
    assert!(sure >= 0.95, "arms of 4 mm: {sure}");
    let short = judge_patch(&cross_pixels(2.9)).expect("two strokes").score;
    assert!(
        (0.5..=0.8).contains(&short),
        "arms of 2.9 mm are under the contract's 3.5: {short}"
    );
}

#[test]
fn a_compass_rose_cut_by_the_cards_edge_is_still_ringed() {
    // The rose of `patch` with its centre 3 mm from the left edge: its ring (6 mm) is cut
    // where the print stops, 1 mm inside the edge.
    let rose = patch(true, false);
    let shift = (12.0 * PX_PER_MM) as u32;
    let edge = (1.0 * PX_PER_MM) as u32;
    let cut = RgbImage::from_fn(rose.width() - shift, rose.height(), |x, y| {
        if x < edge {
            Rgb([236, 228, 210])
        } else {
            *rose.get_pixel(x + shift, y)
        }
    });
    let at = [3.0 * PX_PER_MM, 15.0 * PX_PER_MM];
    assert!(ringed(&cut, at, 4.5 * PX_PER_MM));
}

#[test]
fn a_star_whose_arms_taper_is_no_cross_even_without_its_ring() {
    let (star, _) = read_cross(&patch(false, false));
    assert!(
        star.is_none(),
        "a rose's star with its ring cut away: {star:?}"
    );
    let (marker, _) = read_cross(&patch(false, true));
    let at = marker.expect("a marker's cross keeps its width");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
}

#[test]
fn arm_widths_follow_a_spoke_to_its_point_and_a_stroke_along() {
    // The star of `patch` tapers from 1 mm to a point at 5 mm: at 40 % of the arm it is about
    // 0.6 mm wide, at 75 % about 0.25 (the mask's pixels round both up).
    let c = 15.0 * PX_PER_MM;
    let arm = 4.5 * PX_PER_MM;
    let candidate = Candidate {
        at: [c, c],
        arm,
        score: 1.0,
        strokes: [
            (([c, c], [1.0, 0.0]), (-arm, arm)),
            (([c, c], [0.0, 1.0]), (-arm, arm)),
        ],
        tapered: false,
    };
    let mask = |img: &RgbImage| {
        GrayImage::from_fn(img.width(), img.height(), |x, y| {
            image::Luma([if img.get_pixel(x, y)[1] < 100 { 255 } else { 0 }])
        })
    };
    for (inner, outer) in arm_widths(&mask(&patch(false, false)), &candidate)
        .iter()
        .map(|a| a.expect("every arm measured"))
    {
        assert!(outer / inner < TAPER, "a spoke: {inner} then {outer}");
    }
    for (inner, outer) in arm_widths(&mask(&patch(false, true)), &candidate)
        .iter()
        .map(|a| a.expect("every arm measured"))
    {
        assert!(
            (inner - 1.0).abs() < 0.2 && (outer - 1.0).abs() < 0.2,
            "{inner} {outer}"
        );
    }
}

/// Parchment `width` mm wide, 30 mm high, with a blue coastline 0.5 mm wide winding right
/// through a blue marker cross of 1 mm strokes at (15, 15) mm: one patch of ink, neither two
/// strokes nor straight lines. With `doubted`, a second blue cross at (45, 15) mm, its arms 4.5 mm,
/// with a dot of ink (0.8 mm in radius, apart from the strokes) in one of its wedges: a cross
/// only in doubt.
fn cross_over_coastline(width: f64, doubted: bool) -> RgbImage {
    let (w, h) = ((width * PX_PER_MM) as u32, (30.0 * PX_PER_MM) as u32);
    RgbImage::from_fn(w, h, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        let (du, dv) = (u - 15.0, v - 15.0);
        let (a, b) = (
            (du + dv) / std::f64::consts::SQRT_2,
            (du - dv) / std::f64::consts::SQRT_2,
        );
        let stroke = |along: f64, across: f64| across.abs() < 0.5 && along.abs() < 4.5;
        // Distance across the line: the height off it over the slope's secant.
        let slope = 2.5 * (u / 1.2).cos();
        let coast = (v - (15.0 + 3.0 * (u / 1.2).sin())).abs() / slope.hypot(1.0) < 0.26;
        let (su, sv) = ((u - 45.0).abs(), dv.abs());
        let dot = (u - 47.09).hypot(v - 17.09) < 0.8;
        let doubtful = doubted && ((su < 0.5 && sv < 4.5) || (sv < 0.5 && su < 4.5) || dot);
        if stroke(a, b) || stroke(b, a) || (coast && u > 1.5 && u < 28.5) || doubtful {
            Rgb([40, 70, 190])
        } else {
            Rgb([236, 226, 200])
        }
    })
}

#[test]
fn a_cross_over_a_thin_coastline_of_its_ink_is_found_among_the_thick_strokes_and_doubted() {
    let (at, conf) = read_cross(&cross_over_coastline(30.0, false));
    let at = at.expect("the cross over the coastline");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    assert!(
        conf <= THICK_SCORE,
        "found among the thick strokes only: {conf}"
    );
}

#[test]
fn a_clean_cross_among_the_thick_strokes_takes_the_place_of_a_doubted_one() {
    // The cross with ink in a wedge, alone, is read in doubt.
    let img = cross_over_coastline(60.0, true);
    let short = RgbImage::from_fn(img.width(), img.height(), |x, y| {
        if (x as f64) < 30.0 * PX_PER_MM {
            Rgb([236, 226, 200])
        } else {
            *img.get_pixel(x, y)
        }
    });
    let (alone, doubt) = read_cross(&short);
    let alone = alone.expect("the cross with a dot in a wedge");
    assert!((alone.x - 45.0).hypot(alone.y - 15.0) < 0.3, "{alone:?}");
    assert!(doubt < crate::fields::DOUBT_CROSS, "{doubt}");
    // Beside the clean cross drawn over the coastline, that one is read, still doubted.
    let (at, conf) = read_cross(&img);
    let at = at.expect("a cross");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    assert!(conf <= THICK_SCORE, "{conf}");
}

/// Parchment 40 x 30 mm, a green land dark enough to pass for green ink from 19.3 mm rightwards,
/// and a marker cross of 1 mm strokes and 4.5 mm arms in `ink` at (`cx`, 15) mm.
fn by_land(cx: f64, ink: Rgb<u8>) -> RgbImage {
    let (w, h) = ((40.0 * PX_PER_MM) as u32, (30.0 * PX_PER_MM) as u32);
    RgbImage::from_fn(w, h, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        if on_upright_cross((u - cx).abs(), (v - 15.0).abs()) {
            ink
        } else if u > 19.3 {
            Rgb([110, 160, 100])
        } else {
            Rgb([236, 226, 200])
        }
    })
}

#[test]
fn a_cross_touching_a_wide_land_that_passes_for_ink_stands_apart_from_it() {
    // A green marker cross of 1 mm strokes at (15, 15) mm whose right arm ends on the shore of
    // a green land dark enough to pass for green ink: without the land taken out, one patch.
    let img = by_land(15.0, Rgb([30, 130, 60]));
    let land = image::Rgb([110, 160, 100]).0.map(|v| v as f64 / 255.0);
    assert!(is_ink(land, 228.0 / 255.0), "the land passes for ink");
    let (at, conf) = read_cross(&img);
    let at = at.expect("the cross by the land");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    assert!(conf >= crate::fields::DOUBT_CROSS, "{conf}");
    // A black cross drawn on the land itself keeps its ink: only the land's own ink goes.
    let on_land = by_land(28.0, Rgb([30, 30, 34]));
    let (at, _) = read_cross(&on_land);
    let at = at.expect("the black cross on the land");
    assert!((at.x - 28.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
}

/// A 30 x 30 mm ink mask: an upright cross of 1 mm strokes with 4.5 mm arms at its middle,
/// where `drawn` (mm from the middle, each way, and their absolute values) says ink is.
pub(super) fn upright_mask(drawn: impl Fn(f64, f64, f64, f64) -> bool) -> GrayImage {
    let size = (30.0 * PX_PER_MM) as u32;
    let c = 15.0 * PX_PER_MM;
    GrayImage::from_fn(size, size, |x, y| {
        let (dx, dy) = (
            (x as f64 + 0.5 - c) / PX_PER_MM,
            (y as f64 + 0.5 - c) / PX_PER_MM,
        );
        image::Luma([if drawn(dx, dy, dx.abs(), dy.abs()) {
            255
        } else {
            0
        }])
    })
}

/// Whether a point (mm from the middle, absolute) lies on the upright cross's strokes.
pub(super) fn on_upright_cross(ax: f64, ay: f64) -> bool {
    (ax < 0.5 && ay < 4.5) || (ay < 0.5 && ax < 4.5)
}

#[test]
fn among_the_thick_strokes_a_star_seen_before_must_keep_its_width_and_have_no_ring() {
    // Arms narrowing from 1.6 mm at the crossing to 0.9 mm at their tips: neither a marker's
    // steady stroke nor a sharp star.
    let narrowing = |along: f64, across: f64| across < 0.8 - 0.35 * along / 4.5 && along < 4.5;
    let opened = [upright_mask(|_, _, ax, ay| {
        narrowing(ax, ay) || narrowing(ay, ax)
    })];
    let steady = [upright_mask(|_, _, ax, ay| on_upright_cross(ax, ay))];
    let c = upright_candidate();
    let taper = median_taper(&opened[0], &c).expect("measured");
    assert!((TAPER..STEADY).contains(&taper), "{taper}");
    let here = [c.at];
    let elsewhere = [[c.at[0] + 3.0 * PX_PER_MM, c.at[1]]];
    let size = (30.0 * PX_PER_MM) as u32;
    let plain = RgbImage::from_pixel(size, size, Rgb([236, 226, 200]));
    assert!(
        !not_a_star(&plain, &c, &here, &opened),
        "a star seen here before"
    );
    assert!(
        not_a_star(&plain, &c, &elsewhere, &opened),
        "no star seen here"
    );
    assert!(
        not_a_star(&plain, &c, &here, &steady),
        "a marker's arms keep their width"
    );
    // A thin printed ring of 10 mm round the crossing, past twice the opened arms: a rose's.
    let ringed_rose = RgbImage::from_fn(size, size, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        if ((u - 15.0).hypot(v - 15.0) - 10.0).abs() < 0.2 {
            Rgb([60, 90, 70])
        } else {
            Rgb([236, 226, 200])
        }
    });
    assert!(
        !not_a_star(&ringed_rose, &c, &here, &steady),
        "a rose's ring round steady opened arms"
    );
    assert!(
        not_a_star(&ringed_rose, &c, &elsewhere, &steady),
        "no star seen here"
    );
}

/// The candidate two strokes fitted through `upright_mask`'s cross give.
pub(super) fn upright_candidate() -> Candidate {
    let c = 15.0 * PX_PER_MM;
    let span = (-4.5 * PX_PER_MM, 4.5 * PX_PER_MM);
    Candidate {
        at: [c, c],
        arm: 4.5 * PX_PER_MM,
        score: 1.0,
        strokes: [(([c, c], [1.0, 0.0]), span), (([c, c], [0.0, 1.0]), span)],
        tapered: false,
    }
}

#[test]
fn a_cross_has_film_between_its_arms_and_a_filled_disc_has_none() {
    let cross = upright_mask(|_, _, ax, ay| on_upright_cross(ax, ay));
    let disc = upright_mask(|dx, dy, _, _| dx.hypot(dy) < 5.0);
    let candidate = upright_candidate();
    assert_eq!(open_wedges(&cross, &candidate), 4, "a cross");
    assert_eq!(open_wedges(&disc, &candidate), 0, "a filled disc");
}

#[test]
fn a_cross_drawn_across_a_long_printed_line_of_its_ink_is_found() {
    // A 40 x 40 mm piece of parchment with a blue printed line 36 mm long, 1 mm wide (the
    // art's frame), and a blue marker cross turned 45 degrees, its upper arms over the line.
    let size = (40.0 * PX_PER_MM) as u32;
    let (cx, cy) = (20.0, 13.5);
    let drawn = |with_cross: bool| {
        RgbImage::from_fn(size, size, |x, y| {
            let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
            let line = (2.0..38.0).contains(&u) && (v - 10.0).abs() < 0.5;
            let (a, b) = (u - cx + v - cy, u - cx - (v - cy));
            let stroke = |along: f64, across: f64| {
                across.abs() < 0.5 * std::f64::consts::SQRT_2
                    && along.abs() < 4.5 * std::f64::consts::SQRT_2
            };
            if line || (with_cross && (stroke(a, b) || stroke(b, a))) {
                Rgb([40, 70, 190])
            } else {
                Rgb([236, 226, 200])
            }
        })
    };
    let paper = GrayImage::from_pixel(size, size, image::Luma([228]));
    let dark = GrayImage::new(size, size);
    let (at, _) = cross(&drawn(true), &paper, &dark, &[]);
    let at = at.expect("the cross beside the line");
    assert!((at.x - cx).hypot(at.y - cy) < 0.3, "{at:?}");
    let (none, _) = cross(&drawn(false), &paper, &dark, &[]);
    assert!(none.is_none(), "the line alone is no cross: {none:?}");
}

/// A black marker cross on parchment centred at (15, 15) mm, 1 mm strokes, arms `arm` mm,
/// with glare washing out a disc of `washed` mm radius at the crossing: four arms, apart.
fn washed_cross(arm: f64, washed: f64) -> RgbImage {
    drawn_cross(arm, washed, Rgb([30, 30, 34]), Rgb([236, 226, 200]))
}

/// A 30 x 30 mm picture of `ground` with an upright cross of 1 mm strokes in `ink` centred at
/// (15, 15) mm, its arms `arm` mm, the ground left within `washed` mm of the crossing.
pub(super) fn drawn_cross(arm: f64, washed: f64, ink: Rgb<u8>, ground: Rgb<u8>) -> RgbImage {
    let size = (30.0 * PX_PER_MM) as u32;
    RgbImage::from_fn(size, size, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        let (du, dv) = (u - 15.0, v - 15.0);
        let on = (du.abs() < 0.5 && dv.abs() < arm) || (dv.abs() < 0.5 && du.abs() < arm);
        if on && du.hypot(dv) > washed {
            ink
        } else {
            ground
        }
    })
}

/// The crossings the arms stage (`faded`) reads on a picture, against paper of level 228, with
/// patches seen as roses at `roses` (pixels).
pub(super) fn faded_on(img: &RgbImage, roses: &[[f64; 2]]) -> Vec<[f64; 2]> {
    let (w, h) = (img.width(), img.height());
    let paper = GrayImage::from_pixel(w, h, image::Luma([228]));
    let mask = ink_mask(img, &paper, &GrayImage::new(w, h));
    with_inks(img, &mask, |inks| {
        faded(inks, roses).iter().map(|c| c.at).collect()
    })
}

/// Whether the cross read on a crop (a PNG) of a straightened photo lies within 0.5 mm of `want`
/// (mm) and is doubted.
pub(super) fn read_doubted_at(png: &[u8], want: [f64; 2]) {
    let img = image::load_from_memory(png).expect("a PNG").to_rgb8();
    let (at, conf) = crate::features::read(&img).cross;
    let at = at.expect("a cross");
    assert!((at.x - want[0]).hypot(at.y - want[1]) < 0.5, "{at:?}");
    assert!(conf < crate::fields::DOUBT_CROSS, "{conf}");
}

/// The cross read on a picture with no dark area.
pub(super) fn read_cross(img: &RgbImage) -> (Option<CrossAt>, f64) {
    read_beside(img, &[])
}

#[test]
fn a_cross_broken_at_its_crossing_is_pieced_together_and_doubted() {
    let (at, conf) = read_cross(&washed_cross(4.5, 1.2));
    let at = at.expect("the broken cross");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    assert!(conf <= 0.8, "pieced together, never sure: {conf}");
}

#[test]
fn a_cross_washed_out_too_far_to_piece_is_read_from_its_arms_and_doubted() {
    // Its arms 2.6 mm apart across the crossing: more than the pieced stage's 1 mm.
    let (at, conf) = read_cross(&washed_cross(5.3, 1.3));
    let at = at.expect("the washed cross");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    assert!(conf <= ARMS_SCORE, "read from its arms, never sure: {conf}");
}

#[test]
fn a_washed_cross_is_read_from_its_arms_only_where_they_keep_their_width() {
    // Black arms on parchment, their middle 1.3 mm washed out by glare: steady 1 mm strokes of
    // 5.3 mm arms, or arms narrowing from 1.6 mm to 0.9 mm over 5.3 mm (a rose's spokes that
    // neither keep their width nor come to points).
    let drawn = |on: &dyn Fn(f64, f64) -> bool| {
        let size = (30.0 * PX_PER_MM) as u32;
        RgbImage::from_fn(size, size, |x, y| {
            let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
            let (du, dv) = (u - 15.0, v - 15.0);
            if on(du.abs(), dv.abs()) && du.hypot(dv) > 1.3 {
                Rgb([30, 30, 34])
            } else {
                Rgb([236, 226, 200])
            }
        })
    };
    let narrowing = |along: f64, across: f64| across < 0.8 - 0.35 * along / 5.3 && along < 5.3;
    let spokes = drawn(&|ax, ay| narrowing(ax, ay) || narrowing(ay, ax));
    assert_eq!(faded_on(&spokes, &[]), Vec::<[f64; 2]>::new());
    let steady = drawn(&|ax, ay| (ax < 0.5 && ay < 5.3) || (ay < 0.5 && ax < 5.3));
    assert_eq!(faded_on(&steady, &[]).len(), 1);
}

/// A green marker cross on parchment centred at (15, 15) mm, 1 mm strokes, arms of 4 mm, whose
/// strokes within 1.5 mm of the crossing are grey (`centre`): glare took their colour.
fn greyed_cross(centre: Rgb<u8>) -> RgbImage {
    let size = (30.0 * PX_PER_MM) as u32;
    RgbImage::from_fn(size, size, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        let (du, dv) = (u - 15.0, v - 15.0);
        let on = (du.abs() < 0.5 && dv.abs() < 4.0) || (dv.abs() < 0.5 && du.abs() < 4.0);
        match (on, du.hypot(dv) < 1.5) {
            (true, true) => centre,
            (true, false) => Rgb([30, 130, 60]),
            _ => Rgb([236, 226, 200]),
        }
    })
}

#[test]
fn a_coloured_cross_greyed_paler_at_its_crossing_is_pieced_with_the_grey_and_doubted() {
    // Apart, the green arms are too little ink to read from the arms, and too far apart across
    // the crossing for one stroke; the pale grey crossing joins them.
    let (at, conf) = read_cross(&greyed_cross(Rgb([150, 150, 150])));
    let at = at.expect("the greyed cross");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    assert!(conf <= 0.8, "pieced together, never sure: {conf}");
    // Grey darker than the arms is not glare's: a grey mark among coloured art.
    let (at, _) = read_cross(&greyed_cross(Rgb([70, 70, 70])));
    assert!(at.is_none(), "{at:?}");
}

/// A black marker cross on parchment centred at (15, 15) mm, 1 mm strokes, arms of 4.5 mm, its
/// ink speckled: each pixel of it left paper-coloured with the chance `dropped` (a fixed hash of
/// its place, so the picture is always the same), as noise at the edge of the ink test does.
fn speckled_cross(dropped: f64) -> RgbImage {
    let size = (30.0 * PX_PER_MM) as u32;
    RgbImage::from_fn(size, size, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        let (du, dv) = (u - 15.0, v - 15.0);
        let on = (du.abs() < 0.5 && dv.abs() < 4.5) || (dv.abs() < 0.5 && du.abs() < 4.5);
        let hash =
            (x.wrapping_mul(73_856_093) ^ y.wrapping_mul(19_349_663)).wrapping_mul(2_654_435_761);
        let chance = (hash >> 8) as f64 / (1u32 << 24) as f64;
        if on && chance >= dropped {
            Rgb([30, 30, 34])
        } else {
            Rgb([236, 226, 200])
        }
    })
}

#[test]
fn a_cross_the_speck_opening_breaks_apart_is_read_from_its_patches_kept_whole_and_doubted() {
    let (at, conf) = read_cross(&speckled_cross(0.35));
    let at = at.expect("the speckled cross");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    assert!(
        conf <= 0.8,
        "read from its speckled patches, never sure: {conf}"
    );
}

#[test]
fn pale_marker_ink_under_glare_is_ink_and_the_seas_are_not() {
    // Green marker ink under strong glare beside parchment (measured on a tuning photo).
    let rgb = |r: u8, g: u8, b: u8| [r, g, b].map(|v| v as f64 / 255.0);
    assert!(is_ink(rgb(163, 197, 171), 1.0));
    assert!(!is_ink(rgb(200, 220, 236), 0.9), "pale sea");
    // Black marker ink washed grey by glare at its crossing (a tuning photo), against the
    // glare-lit paper beside it; a light grey shade of the same hue is not ink.
    assert!(is_ink(rgb(169, 174, 170), 0.96));
    assert!(!is_ink(rgb(180, 180, 178), 0.92), "a light grey shade");
    // Under 0.75 of the paper but tinted past the neutral limit: not washed black ink.
    assert!(!is_ink(rgb(180, 168, 150), 0.9), "a light brown");
    // Blue marker ink under strong glare on a pale sea (a tuning photo), and the seas.
    assert!(is_ink(rgb(166, 176, 219), 0.87));
    assert!(!is_ink(rgb(158, 189, 198), 0.9), "a sea beside a coast");
    assert!(
        !is_ink(rgb(140, 170, 195), 0.87),
        "a deeper sea, its blue close to its green"
    );
    // Blue 0.12 ahead of green: still the sea's side of the line (at 0.10, pale seas on the
    // tuning photos were read as ink).
    assert!(
        !is_ink(rgb(150, 170, 200), 0.87),
        "blue only 0.12 ahead of green"
    );
    assert!(!is_ink(rgb(233, 213, 189), 0.95), "parchment");
    assert!(!is_ink(rgb(200, 40, 40), 0.9), "a Hook ring's red");
    // Black marker under warm light (measured on a tuning photo), and a dark-red ring.
    assert!(is_ink(rgb(43, 29, 29), 0.9), "reddish black ink");
    assert!(!is_ink(rgb(110, 20, 20), 0.9), "a dark-red ring");
}

#[test]
fn a_cross_read_beside_a_tapering_patch_is_doubted() {
    let sure = Evidence {
        best: 1.0,
        ..Evidence::default()
    };
    assert_eq!(sure.confidence(true), 1.0);
    let beside = Evidence {
        tapered: true,
        ..sure
    };
    assert!(beside.confidence(true) <= TAPERED_RIVAL);
}

/// Parchment 60 x 30 mm with a black marker cross (1 mm strokes, 4.5 mm arms) at (15, 15) mm,
/// a red ring of radius 3 mm centred at (`ring_x`, 15) mm, and, when asked, a second cross at
/// (45, 15) mm: the picture, and the ring as the ring stage reads it, at `ring_conf`.
fn cross_by_a_ring(second: bool, ring_x: f64, ring_conf: f64) -> (RgbImage, Vec<(Hook, f64)>) {
    let (w, h) = ((60.0 * PX_PER_MM) as u32, (30.0 * PX_PER_MM) as u32);
    let ring = Hook {
        x: ring_x,
        y: 15.0,
        r: 3.0,
        hidden: false,
    };
    let img = RgbImage::from_fn(w, h, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        let on = |cx: f64| on_upright_cross((u - cx).abs(), (v - 15.0).abs());
        if on(15.0) || (second && on(45.0)) {
            Rgb([30, 30, 34])
        } else if ((u - ring.x).hypot(v - ring.y) - ring.r).abs() < 0.3 {
            Rgb([210, 40, 40])
        } else {
            Rgb([236, 226, 200])
        }
    });
    (img, vec![(ring, ring_conf)])
}

/// The cross read on a picture with no dark area, beside these rings.
fn read_beside(img: &RgbImage, rings: &[(Hook, f64)]) -> (Option<CrossAt>, f64) {
    let paper = GrayImage::from_pixel(img.width(), img.height(), image::Luma([228]));
    cross(
        img,
        &paper,
        &GrayImage::new(img.width(), img.height()),
        rings,
    )
}

#[test]
fn a_cross_a_sure_ring_runs_beside_gives_way_to_one_clear_of_the_rings() {
    // The ring's stroke passes 0.5 mm from the first cross's right arm.
    let (img, rings) = cross_by_a_ring(true, 23.0, 1.0);
    let (at, conf) = read_beside(&img, &rings);
    let at = at.expect("the cross clear of the ring");
    assert!((at.x - 45.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    assert!(conf >= crate::fields::DOUBT_CROSS, "no rival left: {conf}");
    // Without the rings' places the two are rivals, and the answer is doubted.
    let (_, blind) = read_beside(&img, &[]);
    assert!(blind < crate::fields::DOUBT_CROSS, "{blind}");
    // So they stay beside a ring that is itself in doubt (it may be invented).
    let (_, unsure) = read_beside(&img, &[(rings[0].0.clone(), SURE_RING - 0.1)]);
    assert!(unsure < crate::fields::DOUBT_CROSS, "{unsure}");
}

#[test]
fn a_cross_beside_a_sure_ring_is_art_even_with_no_other() {
    let (img, rings) = cross_by_a_ring(false, 23.0, 1.0);
    let (at, conf) = read_beside(&img, &rings);
    assert_eq!(
        at, None,
        "the contract keeps 3 mm of film between a cross and a ring"
    );
    // "No cross" is doubted, and more so than on a card with no such patch.
    let plain = RgbImage::from_pixel(img.width(), img.height(), Rgb([236, 226, 200]));
    let (_, nothing) = read_beside(&plain, &rings);
    assert!(
        conf < crate::fields::DOUBT_CROSS && conf < nothing,
        "{conf} {nothing}"
    );
    // Beside a ring in doubt (it may be invented) it is read, and doubted.
    let (at, unsure) = read_beside(&img, &[(rings[0].0.clone(), SURE_RING - 0.1)]);
    let at = at.expect("the only cross");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    assert!(unsure >= 0.5, "{unsure}");
    // A ring whose stroke passes 3.6 mm from the arm's end, as the contract allows, sets
    // nothing aside.
    let (img, apart) = cross_by_a_ring(false, 26.1, 1.0);
    let (_, sure) = read_beside(&img, &apart);
    assert!(sure >= crate::fields::DOUBT_CROSS, "{sure}");
}

#[test]
fn a_steady_cross_centred_in_a_thin_ring_is_a_rose_even_among_the_thick_strokes() {
    // Spokes of a marker's width round the centre of a thin ring: a rose drawn with straight
    // spokes, not a cross drawn over a rose (which would sit on its centre only by chance).
    let (at, conf) = read_cross(&patch(true, true));
    assert!(at.is_none(), "a rose read as a cross: {at:?}");
    assert!(conf < 0.85, "no cross, doubted: {conf}");
    // The same strokes without the ring are a cross.
    assert!(read_cross(&patch(false, true)).0.is_some());
}

#[test]
fn a_land_that_passes_for_ink_is_taken_out_through_its_pinholes() {
    // A green land 25 mm across, dark enough to pass for green ink, in a mesh of 1-px lines of
    // paper every 5 px (noise's pinholes at their densest): no square of 4 mm holds ink only,
    // yet it is one region, not strokes.
    let (w, h) = ((40.0 * PX_PER_MM) as u32, (30.0 * PX_PER_MM) as u32);
    let img = RgbImage::from_fn(w, h, |x, y| {
        let u = (x as f64 + 0.5) / PX_PER_MM;
        if u > 15.0 && x % 5 != 0 && (y + 2 * (x / 5)) % 5 != 0 {
            Rgb([110, 160, 100])
        } else {
            Rgb([236, 226, 200])
        }
    });
    let reference = GrayImage::from_pixel(w, h, image::Luma([228]));
    let mask = ink_mask(&img, &reference, &GrayImage::new(w, h));
    let inked = mask.pixels().filter(|p| p[0] > 0).count();
    let land = ((w as f64 - 15.0 * PX_PER_MM) * h as f64) as usize;
    assert!(
        inked < land / 20,
        "{inked} of the land's {land} pixels left as ink"
    );
}

#[test]
fn a_cross_read_from_its_arms_is_not_read_where_a_rose_was_seen() {
    // The washed cross the arms stage reads, judged with nothing seen before, then with a rose
    // seen 1 mm from its crossing (the arms of a rose's star fit a cross as well).
    let img = washed_cross(5.3, 1.3);
    let read = faded_on(&img, &[]);
    let at = read.first().expect("read from its arms");
    assert!(
        (at[0] / PX_PER_MM - 15.0).hypot(at[1] / PX_PER_MM - 15.0) < 0.3,
        "{at:?}"
    );
    let rose = [16.0 * PX_PER_MM, 15.0 * PX_PER_MM];
    assert!(faded_on(&img, &[rose]).is_empty());
    // A rose farther off than `STAR_MM` is another patch.
    let apart = [15.0 * PX_PER_MM, 18.0 * PX_PER_MM];
    assert_eq!(faded_on(&img, &[apart]).len(), 1);
}

#[test]
fn arms_inside_a_ring_out_to_twice_a_markers_longest_arm_are_a_rose() {
    // The washed cross's arms inside a thin printed ring 9 mm round the crossing: beyond twice
    // the arms' visible ink (2 x 4 = 8 mm), within twice a marker's longest arm (11 mm). A star
    // whose hub was taken away leaves such arms.
    let ringed_at = |r: f64| {
        let mut img = washed_cross(5.3, 1.3);
        for (x, y, p) in img.enumerate_pixels_mut() {
            let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
            if ((u - 15.0).hypot(v - 15.0) - r).abs() < 0.2 {
                *p = Rgb([60, 90, 60]);
            }
        }
        img
    };
    assert!(faded_on(&ringed_at(9.0), &[]).is_empty());
    // A ring farther out than that is not the crossing's.
    assert_eq!(faded_on(&ringed_at(12.5), &[]).len(), 1);
}

#[test]
fn a_patch_ringed_or_tapering_is_noted_as_a_rose_and_a_plain_cross_is_not() {
    let tapering = Candidate {
        tapered: true,
        ..upright_candidate()
    };
    for (k, (judged, rose)) in [
        (Some((upright_candidate(), true)), true),
        (Some((tapering, false)), true),
        (Some((upright_candidate(), false)), false),
        (None, false),
    ]
    .into_iter()
    .enumerate()
    {
        let mut roses = Vec::new();
        note_rose(&judged, &mut roses);
        assert_eq!(roses.len(), usize::from(rose), "case {k}");
    }
}

#[test]
fn a_stroke_that_runs_on_past_both_its_ends_is_a_printed_line() {
    let c = upright_candidate();
    let alone = upright_mask(|_, _, ax, ay| on_upright_cross(ax, ay));
    assert!(!runs_through(&alone, &c));
    // The vertical stroke's line goes on past both ends after a 0.4 mm gap, as a grid line does.
    let line = |ax: f64, ay: f64| ax < 0.5 && (4.9..14.0).contains(&ay);
    let through = upright_mask(|_, _, ax, ay| on_upright_cross(ax, ay) || line(ax, ay));
    assert!(runs_through(&through, &c));
    // Past one end only: a marker's stroke may end on a printed line.
    let one_side =
        upright_mask(|_, dy, ax, ay| on_upright_cross(ax, ay) || (dy > 0.0 && line(ax, ay)));
    assert!(!runs_through(&one_side, &c));
}

/// Two blue grid lines 1 mm wide crossing at (15, 15) mm on parchment, each broken by a 0.4 mm
/// gap 4.7 mm from the crossing: the piece at the crossing has a cross's size.
pub(super) fn grid_crossing() -> RgbImage {
    let size = (30.0 * PX_PER_MM) as u32;
    RgbImage::from_fn(size, size, |x, y| {
        let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
        let (du, dv) = ((u - 15.0).abs(), (v - 15.0).abs());
        let gap = |t: f64| (4.7..5.1).contains(&t);
        let on = (du < 0.5 && !gap(dv)) || (dv < 0.5 && !gap(du));
        if on {
            Rgb([40, 60, 170])
        } else {
            Rgb([236, 226, 200])
        }
    })
}

#[test]
fn the_crossing_of_two_broken_grid_lines_is_no_cross_and_makes_no_cross_doubted() {
    let (at, conf) = read_cross(&grid_crossing());
    assert!(at.is_none(), "{at:?} at {conf}");
    // A near miss: "no cross" is less sure than on plain parchment.
    let plain = RgbImage::from_pixel(240, 240, Rgb([236, 226, 200]));
    let (_, nothing) = read_cross(&plain);
    assert!(conf < nothing, "{conf} {nothing}");
}

#[test]
fn a_patch_judged_under_the_read_score_or_with_a_short_stroke_is_a_near_miss_not_a_cross() {
    let ink = Rgb([30, 30, 34]);
    let ground = Rgb([236, 226, 200]);
    // Arms of 2.4 mm judge at about 0.56: once read, now only a near miss.
    let short = drawn_cross(2.4, 0.0, ink, ground);
    let judged = judge_patch(&cross_pixels(2.4)).expect("two strokes").score;
    assert!((0.5..READ_SCORE).contains(&judged), "{judged}");
    let (at, conf) = read_cross(&short);
    assert!(at.is_none(), "{at:?}");
    assert!(conf < 0.6, "a near miss makes 'no cross' doubtful: {conf}");
    // Arms of 2.6 mm judge at 0.8, but strokes of 5.2 mm are under the shortest read
    // (`SHORTEST_STROKE_MM`): a near miss too.
    let judged = judge_patch(&cross_pixels(2.6)).expect("two strokes").score;
    assert!(judged >= READ_SCORE, "{judged}");
    let (at, conf) = read_cross(&drawn_cross(2.6, 0.0, ink, ground));
    assert!(at.is_none(), "{at:?}");
    assert!(conf < 0.6, "{conf}");
    // Arms of 3.6 mm (the contract's shortest is 3.5): read, and sure.
    let (at, conf) = read_cross(&drawn_cross(3.6, 0.0, ink, ground));
    let at = at.expect("the shortest cross");
    assert!((at.x - 15.0).hypot(at.y - 15.0) < 0.3, "{at:?}");
    assert!(conf >= crate::fields::DOUBT_CROSS, "{conf}");
}
