//! Tapering on two masks at once: a marker's steady arms against a star's narrowing ones, when
//! other ink touches the stroke or the stroke's own ink holds only its core.

use image::GrayImage;

use super::taper::{TAPER, median_taper, own_taper_overruled, tapers};
use super::tests::{on_upright_cross, upright_candidate, upright_mask};

/// The upright cross's arms narrow on `narrow` (one of the two masks), yet steady arms on the
/// other overrule that taper (`tapers(any, own)` is false); a star narrowing on both masks, as
/// `narrow` alone, still tapers.
fn steady_overrules(any: &GrayImage, own: &GrayImage, narrow: &GrayImage, why: &str) {
    let candidate = upright_candidate();
    assert!(
        median_taper(narrow, &candidate).is_some_and(|r| r < TAPER),
        "{why}: narrows"
    );
    assert!(!tapers(any, own, &candidate), "{why}: steady overrules");
    assert!(
        tapers(narrow, narrow, &candidate),
        "{why}: a star still tapers"
    );
}

#[test]
fn other_ink_round_a_steady_markers_crossing_does_not_make_it_taper() {
    // A blue marker cross (1 mm strokes, 4.5 mm arms) over a black hub 4 mm across: on ink of
    // any kind the arms are wide near the crossing and narrow at the tips; on the blue alone
    // they keep their width. A star tapering on its own ink still tapers.
    let own = upright_mask(|_, _, ax, ay| on_upright_cross(ax, ay));
    let any = upright_mask(|_, _, ax, ay| {
        on_upright_cross(ax, ay) || (ax.max(ay) < 2.0 && (ax < 1.2 || ay < 1.2))
    });
    steady_overrules(
        &any,
        &own,
        &any,
        "the hub widens ink of any kind; the blue alone is steady",
    );
}

#[test]
fn a_navy_markers_cross_read_black_only_at_its_core_does_not_taper() {
    // Noise splits a navy marker between black and blue: its own ink (black) holds the strokes
    // 1 mm wide by the crossing and narrowing to 0.3 mm at the tips, while ink of any kind holds
    // the whole steady stroke. A star that tapers on ink of any kind still tapers.
    let narrowing = |along: f64, across: f64| across < 0.5 - 0.35 * along / 4.5 && along < 4.5;
    let own = upright_mask(|_, _, ax, ay| narrowing(ax, ay) || narrowing(ay, ax));
    let any = upright_mask(|_, _, ax, ay| on_upright_cross(ax, ay));
    steady_overrules(
        &any,
        &own,
        &own,
        "the black core narrows; ink of any kind is steady",
    );
}

#[test]
fn a_star_with_one_spoke_narrowing_to_a_point_tapers_though_the_others_measure_steady() {
    // A grey star as on H50's photo 1,010,208: on ink of any kind one spoke runs from 1.6 mm to
    // a point, while the other three measure a steady 1 mm (art of another ink beside them).
    // On its own ink every spoke narrows, but none to a point, so only the sharp spoke on ink
    // of any kind can keep the steady median there from overruling the taper.
    let spoke = |along: f64, across: f64| across < 0.8 * (1.0 - along / 4.6) && along < 4.5;
    let mild = |along: f64, across: f64| across < 0.5 * (1.0 - 0.6 * along / 4.5) && along < 4.5;
    let own = upright_mask(|_, _, ax, ay| mild(ax, ay) || mild(ay, ax));
    let any = upright_mask(|dx, _, ax, ay| {
        if dx > 0.0 && ay < 0.9 {
            spoke(ax, ay)
        } else {
            on_upright_cross(ax, ay)
        }
    });
    let candidate = upright_candidate();
    assert!(
        median_taper(&any, &candidate).is_some_and(|r| r >= super::taper::STEADY),
        "the median on ink of any kind is steady"
    );
    assert!(
        tapers(&any, &own, &candidate),
        "the sharp spoke keeps it a star"
    );
}

#[test]
fn arms_narrowing_on_their_own_ink_and_steady_only_on_ink_of_any_kind_are_an_overruled_taper() {
    // The navy marker's split again (its black core narrows, ink of any kind is steady), as a
    // star's spokes look with a grid line of another ink along them: the taper is overruled,
    // and the cross is doubted (`OVERRULED_SCORE`). Steady on its own ink, or tapering on both
    // masks, it is not.
    let narrowing = |along: f64, across: f64| across < 0.5 - 0.35 * along / 4.5 && along < 4.5;
    let own = upright_mask(|_, _, ax, ay| narrowing(ax, ay) || narrowing(ay, ax));
    let any = upright_mask(|_, _, ax, ay| on_upright_cross(ax, ay));
    let candidate = upright_candidate();
    assert!(own_taper_overruled(&any, &own, &candidate));
    assert!(!own_taper_overruled(&any, &any, &candidate), "steady");
    assert!(!own_taper_overruled(&own, &own, &candidate), "a star");
}

#[test]
fn a_steady_stroke_with_holes_near_its_tips_does_not_taper() {
    // A marker cross (1 mm strokes, 4.5 mm arms) whose ink test missed every third pixel (on
    // diagonals) beyond 2.5 mm from the crossing, as noise leaves a navy marker: the widths are
    // measured over the holes, and the arms keep their width.
    let mask = upright_mask(|dx, dy, ax, ay| {
        let hole = ax.max(ay) > 2.5 && ((dx * 8.0).floor() + (dy * 8.0).floor()) as i64 % 3 == 0;
        on_upright_cross(ax, ay) && !hole
    });
    let taper = median_taper(&mask, &upright_candidate()).expect("measured");
    assert!(taper >= super::taper::STEADY, "{taper}");
    assert!(!tapers(&mask, &mask, &upright_candidate()));
}

#[test]
fn holes_are_not_stepped_over_into_art_beside_a_stroke() {
    // The same steady cross, solid, with printed lines 0.5 mm wide running along both sides of
    // each arm's inner half, one pixel (0.125 mm) off the stroke: stepping over the gaps would
    // measure the inner half 2.25 mm wide and the arms would taper; the run stops at the gap.
    let mask = upright_mask(|_, _, ax, ay| {
        let beside = |along: f64, across: f64| (0.625..1.125).contains(&across) && along < 2.2;
        on_upright_cross(ax, ay) || beside(ax, ay) || beside(ay, ax)
    });
    let taper = median_taper(&mask, &upright_candidate()).expect("measured");
    assert!(taper >= super::taper::STEADY, "{taper}");
}
