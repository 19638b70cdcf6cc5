//! The outline stages on drawn cards: decoys inside the art, light and grey tables, faint film
//! edges, near ties between parallel lines.

use super::*;
use image::Rgb;

/// An upright card at 5 px/mm, its top-left at (60, 50), on a 420 x 560 photo: each pixel
/// painted from how far outside the card's edge it lies (mm, negative inside) and its card
/// millimetres.
fn card_photo(paint: impl Fn(f64, f64, f64) -> [u8; 3]) -> RgbImage {
    let s = 5.0;
    RgbImage::from_fn(420, 560, |x, y| {
        let (u, v) = ((x as f64 - 60.0) / s, (y as f64 - 50.0) / s);
        let outside = (-u).max(u - 60.0).max(-v).max(v - 90.0);
        Rgb(paint(outside, u, v))
    })
}

/// Grey table, the film 2.5 mm around the card a touch lighter, light stock, a dark printed
/// frame line 2.5 mm inside the edge, and a dark area 1.5 mm in from the left side.
fn decoy_photo() -> RgbImage {
    card_photo(|outside, u, v| {
        let frame = (outside + 2.5).abs() < 0.3;
        let dark = (1.5..20.0).contains(&u) && (30.0..50.0).contains(&v);
        if outside > 2.5 {
            [150, 150, 150]
        } else if outside > 0.0 {
            [151, 151, 151]
        } else if frame || dark {
            [40, 30, 25]
        } else if outside > -1.0 {
            [236, 226, 200]
        } else {
            [215, 205, 175]
        }
    })
}

#[test]
fn a_frame_line_or_a_dark_area_does_not_pass_for_the_edge() {
    let img = decoy_photo();
    let truth = [[60.0, 50.0], [360.0, 50.0], [360.0, 500.0], [60.0, 500.0]];
    // The outline as a decoy gave it: the frame line on three sides, the dark area's edge on
    // the left.
    let decoy = [[67.5, 62.5], [347.5, 62.5], [347.5, 487.5], [67.5, 487.5]];
    let (got, agree) = film_sides(&img, decoy).expect("four sides");
    assert!(near(&got, &truth), "{got:?}");
    assert!(agree.iter().all(|a| *a > 0.8), "{agree:?}");
}

/// A light grey table, the film a touch lighter than the table, 2.5 mm of plain stock, then
/// the art (a pale sea) to 2.5 mm from every edge.
fn light_table_photo() -> RgbImage {
    card_photo(|outside, _, _| {
        if outside > 2.5 {
            [200, 200, 200]
        } else if outside > 0.0 {
            [206, 206, 206]
        } else if outside > -2.5 {
            [236, 228, 210]
        } else {
            [150, 180, 215]
        }
    })
}

#[test]
fn a_side_on_the_arts_edge_moves_out_to_the_cards() {
    let img = light_table_photo();
    let truth = [[60.0, 50.0], [360.0, 50.0], [360.0, 500.0], [60.0, 500.0]];
    let art = [[72.5, 62.5], [347.5, 62.5], [347.5, 487.5], [72.5, 487.5]];
    let (got, agree) = film_sides(&img, art).expect("four sides");
    assert!(near(&got, &truth), "{got:?}");
    // Moved from the averaged profile, every side is doubted.
    assert!(agree.iter().all(|&a| a <= FAINT_AGREE), "{agree:?}");
    // On the card's own edge, the film beside it is not taken for stock.
    let (kept, _) = film_sides(&img, truth).expect("four sides");
    assert!(near(&kept, &truth), "{kept:?}");
}

/// The film exactly the table's grey (no film edge at all), light stock 2.5 mm wide, and a
/// deep sea whose edge steps more than the card's; with `laces`, the laces over it.
pub(crate) fn grey_table_card(laces: bool) -> RgbImage {
    card_photo(|outside, u, v| {
        if outside > 0.0 {
            [200, 200, 200]
        } else if laces && crate::laces::on_laces(u, v, 0.0) {
            [90, 50, 20]
        } else if outside > -2.5 {
            [236, 228, 210]
        } else {
            [110, 150, 215]
        }
    })
}

/// Whether every corner lies within 2 px of the one it should.
pub(crate) fn near(got: &[[f64; 2]; 4], to: &[[f64; 2]; 4]) -> bool {
    got.iter()
        .zip(to)
        .all(|(g, t)| (g[0] - t[0]).hypot(g[1] - t[1]) < 2.0)
}

#[test]
fn on_the_second_look_a_side_traced_inside_a_darker_art_moves_out_past_the_arts_edge() {
    // A grey table and film, 1.5 mm of light stock, a beige art darker than the stock, and
    // a deep sea from 3 mm in, on whose edge the top side was traced.
    let img = card_photo(|outside, _, _| {
        if outside > 0.0 {
            [200, 200, 200]
        } else if outside > -1.5 {
            [236, 228, 210]
        } else if outside > -3.0 {
            [200, 180, 140]
        } else {
            [110, 150, 215]
        }
    });
    let (a, b) = ([60.0, 65.0], [360.0, 65.0]);
    let top = (a, [1.0, 0.0]);
    let out = outer_card_edge(&img, top, (a, b), [0.0, 1.0], 5.0, true).expect("moved out");
    assert!((out - 3.0).abs() < 0.2, "{out}");
    // The first look, which wants the film's own edge, does not move it.
    assert_eq!(
        outer_card_edge(&img, top, (a, b), [0.0, 1.0], 5.0, false),
        None
    );
    // Where what lies outside the line is no darker than the stock, the art's edge still
    // stops the move.
    let light = card_photo(|outside, _, _| match outside {
        o if o > 0.0 => [200, 200, 200],
        o if o > -1.5 => [236, 228, 210],
        o if o > -3.0 => [250, 244, 230],
        _ => [110, 150, 215],
    });
    assert_eq!(
        outer_card_edge(&light, top, (a, b), [0.0, 1.0], 5.0, true),
        None
    );
}

#[test]
fn on_the_second_look_a_side_traced_inside_a_pale_frame_line_moves_out_past_it() {
    // A grey table and film, 1.5 mm of white stock, then a pale blue frame line 1.5 mm wide,
    // under 0.1 darker than the stock (luma) but far from it in red, and a deep sea inside it
    // on whose edge the top side was traced (second generator, H43 1,008,823).
    let img = card_photo(|outside, _, _| match outside {
        o if o > 0.0 => [200, 200, 200],
        o if o > -1.5 => [236, 228, 210],
        o if o > -3.0 => [160, 220, 250],
        _ => [110, 150, 215],
    });
    let (a, b) = ([60.0, 65.0], [360.0, 65.0]);
    let top = (a, [1.0, 0.0]);
    let out = outer_card_edge(&img, top, (a, b), [0.0, 1.0], 5.0, true).expect("moved out");
    assert!((out - 3.0).abs() < 0.2, "{out}");
}

/// A grey table (150) with a darker grain line in it (150 less `grain`) 0.9 to 1.3 mm beyond the
/// film, the film a touch lighter (158), 2 mm of light stock, and a beige art whose edge is soft:
/// a ramp 1.4 mm wide, as a blurred photo draws it.
fn soft_art_photo(grain: u8) -> RgbImage {
    card_photo(move |outside, _, _| {
        let art_edge = outside + 2.0;
        if outside > 2.5 {
            let g = if (3.4..3.8).contains(&outside) {
                150 - grain
            } else {
                150
            };
            [g, g, g]
        } else if outside > 0.0 {
            [158, 158, 158]
        } else {
            let t = ((art_edge + 0.7) / 1.4).clamp(0.0, 1.0);
            let mix = |stock: f64, art: f64| (art + (stock - art) * t).round() as u8;
            [mix(200.0, 150.0), mix(200.0, 130.0), mix(200.0, 100.0)]
        }
    })
}

#[test]
fn a_side_on_a_soft_arts_edge_moves_out_where_the_films_edge_stands_out() {
    let (a, b) = ([60.0, 60.0], [360.0, 60.0]);
    let top = (a, [1.0, 0.0]);
    // The art's slope reaches 0.7 mm into the stock band, yet the band has no step of its own;
    // the film's step (8 levels) stands out from a grain line half as strong.
    let out = outer_card_edge(&soft_art_photo(4), top, (a, b), [0.0, 1.0], 5.0, false);
    let out = out.expect("moved out");
    assert!((out - 2.0).abs() < 0.2, "{out}");
    // A grain line a little stronger than the film's step (10 levels): the film's step no longer
    // stands out, and that slope stops the move.
    let grain = soft_art_photo(10);
    assert_eq!(
        outer_card_edge(&grain, top, (a, b), [0.0, 1.0], 5.0, false),
        None
    );
}

#[test]
fn over_a_grey_table_a_faint_film_edge_is_needed_only_on_the_second_look() {
    let img = grey_table_card(false);
    let truth = [[60.0, 50.0], [360.0, 50.0], [360.0, 500.0], [60.0, 500.0]];
    let art = [[72.5, 62.5], [347.5, 62.5], [347.5, 487.5], [72.5, 487.5]];
    let (first, _) = film_sides(&img, art).expect("four sides");
    assert!(near(&first, &art), "{first:?}");
    // Moved out without the film's edge, each side stays in doubt: it could as well have
    // stopped on a film lighter than the table.
    let (second, agree) = film_sides_faint(&img, art).expect("four sides");
    assert!(near(&second, &truth), "{second:?}");
    assert!(agree.iter().all(|&a| a <= FAINT_AGREE), "{agree:?}");
    // On the card's own edge the second look stays put.
    let (kept, _) = film_sides_faint(&img, truth).expect("four sides");
    assert!(near(&kept, &truth), "{kept:?}");
}

#[test]
fn a_doubted_side_on_the_arts_edge_moves_out_and_a_sure_one_stays() {
    // Three sides on the card's edge, the left one 2.5 mm in on the art's edge.
    let img = grey_table_card(false);
    let truth = [[60.0, 50.0], [360.0, 50.0], [360.0, 500.0], [60.0, 500.0]];
    let left_in = [[72.5, 50.0], [360.0, 50.0], [360.0, 500.0], [72.5, 500.0]];
    let faint = film_sides_faint(&img, left_in).expect("four sides");
    let pick = |agree| crate::doubted_sides::faint_doubted_sides((left_in, agree), faint);
    // Doubted (side 3 runs from the bottom-left corner to the top-left), it moves out, and
    // stays doubted.
    let (moved, agree) = pick([1.0, 1.0, 1.0, 0.88]).expect("the left side");
    assert!(near(&moved, &truth), "{moved:?}");
    assert!(agree[3] <= FAINT_AGREE, "{agree:?}");
    assert_eq!(agree[..3], [1.0; 3], "the other sides keep theirs");
    // Sure, it stays; and with every side sure nothing moves.
    let sure = pick([0.5, 1.0, 1.0, 1.0]);
    assert!(sure.is_none_or(|(q, _)| near(&q, &left_in)), "{sure:?}");
    assert!(pick([1.0; 4]).is_none());
}

#[test]
fn a_poorly_traced_doubted_side_turns_onto_the_second_looks_line() {
    // The left side traced 1 mm in at the bottom and 10 mm in at the top (5 px/mm): a side
    // turned about a point near its end, which the slant limit keeps from moving parallel.
    let truth = [[60.0, 50.0], [360.0, 50.0], [360.0, 500.0], [60.0, 500.0]];
    let turned = [[110.0, 50.0], [360.0, 50.0], [360.0, 500.0], [65.0, 500.0]];
    let faint = |left: f64| (truth, [0.85, 0.85, 0.85, left]);
    let pick = |agree: f64, left: f64| {
        crate::doubted_sides::faint_doubted_sides((turned, [1.0, 1.0, 1.0, agree]), faint(left))
    };
    // Agreeing with few of its profiles, it takes the second look's line, which agrees more.
    let (moved, agree) = pick(0.2, 0.6).expect("the left side");
    assert!(near(&moved, &truth), "{moved:?}");
    assert_eq!(agree, [1.0, 1.0, 1.0, 0.6]);
    // Not when it agrees with more of them, nor when the second look agrees barely better.
    assert!(pick(0.5, 0.85).is_none());
    assert!(pick(0.2, 0.4).is_none());
    // Nor when the second look's line lies more than 2.5 mm inside one of its ends.
    let outside = [[110.0, 50.0], [360.0, 50.0], [360.0, 500.0], [45.0, 500.0]];
    let far_in =
        crate::doubted_sides::faint_doubted_sides((outside, [1.0, 1.0, 1.0, 0.2]), faint(0.6));
    assert!(far_in.is_none(), "{far_in:?}");
}

/// Points across a horizontal side from (0, 0) to (480, 0) at 10 px/mm, in six runs of
/// eight as over the squares of a checked cloth: the first `on` of every other run on the
/// side itself (3 x `on` in all), the rest at `off(x)` px from it.
fn side_points(on: usize, off: impl Fn(f64) -> f64) -> Vec<[f64; 2]> {
    (0..48)
        .map(|i| {
            let x = 10.0 * i as f64 + 5.0;
            if (i / 8) % 2 == 0 && i % 8 < on {
                [x, 0.0]
            } else {
                [x, off(x)]
            }
        })
        .collect()
}

#[test]
fn a_side_as_it_came_stands_against_a_parallel_edge_only_in_a_near_tie() {
    let side = ([0.0, 0.0], [480.0, 0.0]);
    let pick = |pts: &[[f64; 2]], ties| {
        let near = STANDS_MM * 10.0;
        let (line, n, tie) = side_line((pts, 48), side, 2.5, near, ties).expect("a line");
        (line_dist(line, [240.0, 0.0]) < 0.5, n, tie)
    };
    // 21 points on the side, 27 on a band edge 1.2 mm outside: the side stands, doubted.
    let band = side_points(7, |_| -12.0);
    assert_eq!(pick(&band, true), (true, 21, true));
    // Not on the second look, where sides may move out.
    assert_eq!(pick(&band, false), (false, 27, false));
    // Too few on the side: the band's edge is taken (18 against 30 fails the share, 12
    // against 36 the share and the floor).
    assert_eq!(pick(&side_points(6, |_| -12.0), true), (false, 30, false));
    assert_eq!(pick(&side_points(4, |_| -12.0), true), (false, 36, false));
    // Enough of the band's share but under the floor of all profiles: 15 on the side, 18 on
    // the band, 15 scattered.
    let few: Vec<[f64; 2]> = (0..48)
        .map(|i| {
            let x = 10.0 * i as f64 + 5.0;
            match i % 16 {
                0..5 => [x, 0.0],
                5..11 => [x, -12.0],
                _ => [x, 30.0 + 13.0 * (i % 5) as f64],
            }
        })
        .collect();
    assert_eq!(pick(&few, true), (false, 18, false));
    // A line that crosses the side (a table's edge across the card's) is no tie.
    let across = side_points(7, |x| 0.2 * (x - 280.0));
    let (on_side, n, tie) = pick(&across, true);
    assert!(!on_side && !tie && n >= 27, "{n} {tie}");
    // Every point 0.25 mm off: within `STANDS_MM` (0.3 mm, 3 px here) at both ends, the side as
    // it came stands, not doubted; every point 0.4 mm off, the robust line is taken.
    assert_eq!(pick(&side_points(0, |_| -2.5), true), (true, 48, false));
    assert_eq!(pick(&side_points(0, |_| -4.0), true), (false, 48, false));
}

/// A profile as `edge_points` reads it (every 0.1 mm from 12.6 mm outside to 4 mm inside):
/// light stock inside the card's edge at 0, film over a light check of a checked cloth out to
/// 6 mm, where a slightly darker check begins, and, when `cut`, the film's cut edge 2.5 mm out
/// as a thin line that much brighter.
fn checked_cloth_profile(cut: f64) -> Vec<[f64; 3]> {
    (0..167)
        .map(|j| {
            let mm = -12.6 + j as f64 * 0.1;
            let grey = |v: f64| [v; 3];
            if mm >= 0.0 {
                [0.85, 0.80, 0.72]
            } else if (mm + 2.5).abs() < 0.15 {
                grey(0.75 + cut)
            } else if mm > -6.0 {
                grey(0.75)
            } else {
                grey(0.62)
            }
        })
        .collect()
}

#[test]
fn the_films_cut_edge_tells_the_cards_edge_from_a_checks_edge() {
    // The check's edge steps a little more than the card's does; the film's bright cut edge
    // 2.5 mm outside the card's edge tips the choice to the card. (The step is placed to the
    // sub-pixel afterwards, `sub_step`: here within the windows' 0.3 mm.)
    let (d, _) = best_edge(&checked_cloth_profile(0.04), -12.6, 0.1).expect("an edge");
    assert!(d.abs() < 0.4, "edge at {d:.2} mm, the card's at 0");
    let (d, _) = best_edge(&checked_cloth_profile(0.0), -12.6, 0.1).expect("an edge");
    assert!(
        (d + 6.0).abs() < 0.4,
        "without the cut edge: {d:.2} mm, the check's at -6"
    );
}
