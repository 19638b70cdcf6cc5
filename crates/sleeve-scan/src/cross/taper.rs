//! Whether a cross candidate's arms taper to points (a compass rose's star) or keep their width
//! (a marker's stroke): each arm's width near the crossing and near its tip, measured across the
//! arm on an ink mask, and the median ratio over the arms.

use image::GrayImage;

use super::Candidate;
use crate::scan::PX_PER_MM;

/// Below this ratio of an arm's outer width to its inner one (the median over the arms measured)
/// the arms taper to points: a compass rose's star. A marker keeps its width (0.8 to 1.4 mm, its
/// pressure dipping it by at most an eighth). On the straightened tuning cards of the second
/// generator (seeds 0-799), 2 of 574 judgements of true crosses measured under 0.8 and 351 of
/// 401 of art read as a cross at 0.5 or more did. Measured on the candidate's own ink and on ink
/// of any kind (a dark marker or a grey-green rose reads partly as one ink, partly as another):
/// either taper is enough, unless the arms are steady (`STEADY`) on either (on ink of any kind,
/// only while no arm there is sharp, `SHARP`).
pub(super) const TAPER: f64 = 0.8;

/// From this median ratio up (`TAPER`), arms keep their width as a marker's do: on the candidate's
/// own ink or on ink of any kind it overrules a taper seen on the other (`tapers`; on ink of any
/// kind not when an arm there is `SHARP`); in the `thick` pass a patch seen to taper before the
/// opening is read only with opened arms this steady (`not_a_star`).
pub(super) const STEADY: f64 = 0.87;

/// Whether the candidate's arms taper to points (`TAPER`), measured on two arms or more, on ink of
/// any kind or on the candidate's own ink; never when its own ink's arms keep their width
/// (`STEADY`): ink of another kind touching a marker's stroke near the crossing (a rose's hub,
/// a green land the ink test takes for green ink) makes it look wider there than at its tips.
/// Nor when its arms keep their width on ink of any kind: noise splits a navy marker between
/// black and blue, its own ink then holding the stroke's dark core, which narrows towards the
/// tips. (On the second generator's seen photos, 2,800 in all, one cross gained and none lost.)
/// That holds only while no arm there narrows to a point (`SHARP`): a grey star whose other
/// spokes measured steady beside art of another ink was read as a cross (H50's 1,010,208;
/// with the test, on the 1,600 seen photos of the second generator, that one gained and none
/// lost).
pub(super) fn tapers(any: &GrayImage, ink: &GrayImage, c: &Candidate) -> bool {
    let own = median_taper(ink, c);
    if own.is_some_and(|r| r >= STEADY) {
        return false;
    }
    let any_widths = arm_widths(any, c);
    let all = median_ratio(&any_widths);
    if all.is_some_and(|r| r >= STEADY) && !a_sharp_arm(&any_widths) {
        return false;
    }
    own.is_some_and(|r| r < TAPER) || all.is_some_and(|r| r < TAPER)
}

/// The most a cross is trusted when its arms taper on its own ink and only their steadiness on
/// ink of any kind overruled that (`own_taper_overruled`): under the doubt threshold. Art of
/// another ink running along a star's spokes (a grid line, a coast) makes them look steady on
/// ink of any kind; H53's 1,010,957, a blue four-pointed star under a green grid line, was read
/// as a cross at 1.0.
pub(crate) const OVERRULED_SCORE: f64 = 0.8;

/// Whether the candidate's arms taper on its own ink (`TAPER`) though `tapers` said no: their
/// steadiness on ink of any kind overruled it.
pub(super) fn own_taper_overruled(any: &GrayImage, ink: &GrayImage, c: &Candidate) -> bool {
    median_taper(ink, c).is_some_and(|r| r < TAPER) && !tapers(any, ink, c)
}

/// Under this ratio of outer to inner width an arm narrows to a point as a star's spoke does: no
/// marker's stroke thins so, however its ink splits between kinds.
const SHARP: f64 = 0.5;

/// Whether one of the arms measured (`arm_widths`) narrows to a point (`SHARP`).
fn a_sharp_arm(widths: &ArmWidths) -> bool {
    widths
        .iter()
        .flatten()
        .any(|(inner, outer)| outer / inner < SHARP)
}

/// Above this ratio of outer to inner width an arm runs into other ink (a ring, another spoke,
/// a mark) and tells nothing of its own shape.
const WIDENS: f64 = 1.25;

/// The median over the candidate's arms of outer width over inner width, when two or more arms
/// could be measured without running into other ink (`WIDENS`).
pub(super) fn median_taper(ink: &GrayImage, c: &Candidate) -> Option<f64> {
    median_ratio(&arm_widths(ink, c))
}

/// `median_taper` of arms measured already (`arm_widths`).
fn median_ratio(widths: &ArmWidths) -> Option<f64> {
    let mut ratios: Vec<f64> = widths
        .iter()
        .flatten()
        .map(|(inner, outer)| outer / inner)
        .filter(|&r| r <= WIDENS)
        .collect();
    if ratios.len() < 2 {
        return None;
    }
    ratios.sort_by(f64::total_cmp);
    let n = ratios.len();
    Some(if n % 2 == 1 {
        ratios[n / 2]
    } else {
        (ratios[n / 2 - 1] + ratios[n / 2]) / 2.0
    })
}

/// The most half-pixel steps a width run steps over, off the ink: noise leaves pixels of a marker's
/// stroke outside the ink test (a navy marker split between black, blue and no ink), and a run
/// stopped at the first hole measures a steady stroke as narrowing (H46's 1,009,501: a navy
/// cross on a blue sea measured 0.44 mm near its crossing and 0.25 mm at a tip, and was read as
/// a star).
const HOLE_STEPS: i64 = 3;

/// From this width (mm) a run that stepped over holes has run into other ink beside the stroke
/// (a marker is at most 1.4 mm wide, blur adding a little): the run without stepping is taken.
/// (Seen photos of both generators, 3,300: with the limit two crosses gained on the second
/// generator, none lost; without it H51's 1,010,525, a cross beside art 1 px from its strokes,
/// measured 2.3 mm near its crossing and was lost.)
const BRIDGED_MM: f64 = 2.0;

/// Each of a candidate's four arms' inner and outer width (mm), where it could be measured.
type ArmWidths = [Option<(f64, f64)>; 4];

/// The width (mm) of each of the candidate's four arms near its middle and near its tip: the run
/// of ink across the arm's centre line, averaged at 35 and 45 % of the arm from the crossing
/// (inner) and at 70 and 80 % (outer). None for an arm too short or too broken to measure.
pub(super) fn arm_widths(ink: &GrayImage, c: &Candidate) -> ArmWidths {
    let (w, h) = (ink.width() as i64, ink.height() as i64);
    let inked = |x: f64, y: f64| {
        let (xi, yi) = (x.floor() as i64, y.floor() as i64);
        xi >= 0 && yi >= 0 && xi < w && yi < h && ink.get_pixel(xi as u32, yi as u32)[0] > 0
    };
    // The run of ink through (or within 0.3 mm of) a point, across direction `d`, stepping over
    // holes (`HOLE_STEPS`) unless that runs it into other ink (`BRIDGED_MM`).
    let run = |at: [f64; 2], d: [f64; 2]| -> Option<f64> {
        let n = [-d[1], d[0]];
        let step = 0.5;
        let reach = (1.6 * PX_PER_MM / step) as i64;
        let near = (0.3 * PX_PER_MM / step) as i64;
        let on = |k: i64| {
            inked(
                at[0] + n[0] * k as f64 * step,
                at[1] + n[1] * k as f64 * step,
            )
        };
        let start = (0..=near).flat_map(|k| [k, -k]).find(|&k| on(k))?;
        let width = |holes: i64| {
            let next = |from: i64, dir: i64| {
                (1..=holes)
                    .map(|k| from + dir * k)
                    .find(|&k| k.abs() <= reach && on(k))
            };
            let (mut lo, mut hi) = (start, start);
            while let Some(k) = next(lo, -1) {
                lo = k;
            }
            while let Some(k) = next(hi, 1) {
                hi = k;
            }
            (hi - lo + 1) as f64 * step / PX_PER_MM
        };
        let bridged = width(HOLE_STEPS);
        Some(if bridged > BRIDGED_MM {
            width(1)
        } else {
            bridged
        })
    };
    let mut out = [None; 4];
    let mut k = 0;
    for ((o, d), (lo, hi)) in c.strokes {
        let tc = (c.at[0] - o[0]) * d[0] + (c.at[1] - o[1]) * d[1];
        for (sign, len) in [(1.0, hi - tc), (-1.0, tc - lo)] {
            let mean = |fr: [f64; 2]| -> Option<f64> {
                let widths: Vec<f64> = fr
                    .iter()
                    .filter_map(|f| {
                        let t = sign * f * len;
                        run([c.at[0] + d[0] * t, c.at[1] + d[1] * t], d)
                    })
                    .collect();
                (widths.len() == 2).then(|| (widths[0] + widths[1]) / 2.0)
            };
            if len > 2.0 * PX_PER_MM {
                out[k] = mean([0.35, 0.45]).zip(mean([0.7, 0.8]));
            }
            k += 1;
        }
    }
    out
}
