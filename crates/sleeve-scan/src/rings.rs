//! The Captain Hook rings on the canonical card: red pixels (by a redness that survives glare and
//! dark areas) grouped into patches, each fitted with a circle and judged as a ring by its size,
//! how closely its pixels follow the circle, an empty middle and how much of the circle is seen;
//! rings that blur or art joined into one patch are found one circle at a time, and arcs of one
//! ring split by glare or a crossing line are merged. Rings of red film seen thin over coloured
//! art (green and blue taken out, red kept) are only named as places to look; over a dark area
//! that glare lit to grey they are read (`lit_grey`). Hidden flags are set by `features`.

use image::{GrayImage, RgbImage};

use crate::laces::on_laces;
use crate::lit_grey::{GREY_FILM_CONF, grey_lead, on_lit_grey};
use crate::pixels::{blobs, box_mean, luma, redness};
use crate::scan::{Hook, PX_PER_MM};

/// Fits a circle to weighted points (algebraic least squares, then a few geometric
/// Gauss–Newton steps): centre and radius.
pub fn fit_circle(pts: &[(f64, f64, f64)]) -> Option<(f64, f64, f64)> {
    if pts.len() < 6 {
        return None;
    }
    let (mut sw, mut mx, mut my) = (0.0, 0.0, 0.0);
    for &(x, y, w) in pts {
        sw += w;
        mx += w * x;
        my += w * y;
    }
    mx /= sw;
    my /= sw;
    let (mut suu, mut suv, mut svv, mut suuu, mut svvv, mut suvv, mut svuu) =
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    for &(x, y, w) in pts {
        let (u, v) = (x - mx, y - my);
        suu += w * u * u;
        suv += w * u * v;
        svv += w * v * v;
        suuu += w * u * u * u;
        svvv += w * v * v * v;
        suvv += w * u * v * v;
        svuu += w * v * u * u;
    }
    let det = suu * svv - suv * suv;
    if det.abs() < 1e-12 {
        return None;
    }
    let (bu, bv) = (0.5 * (suuu + suvv), 0.5 * (svvv + svuu));
    let uc = (bu * svv - bv * suv) / det;
    let vc = (suu * bv - suv * bu) / det;
    let (mut cx, mut cy) = (uc + mx, vc + my);
    let mut r = (uc * uc + vc * vc + (suu + svv) / sw).sqrt();
    // Geometric refinement: minimise the weighted distance of points to the circle.
    for _ in 0..10 {
        let (mut jtj, mut jtr) = (
            nalgebra::Matrix3::<f64>::zeros(),
            nalgebra::Vector3::<f64>::zeros(),
        );
        for &(x, y, w) in pts {
            let d = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt().max(1e-9);
            let res = d - r;
            let j = nalgebra::Vector3::new(-(x - cx) / d, -(y - cy) / d, -1.0);
            jtj += w * j * j.transpose();
            jtr += w * j * res;
        }
        let Some(step) = jtj.lu().solve(&(-jtr)) else {
            break;
        };
        cx += step[0];
        cy += step[1];
        r += step[2];
        if step.norm() < 1e-7 {
            break;
        }
    }
    Some((cx, cy, r))
}

/// Redness for finding rings: the ratio to red itself, or red's absolute lead over green and blue
/// (glare adds the same to every channel, so the lead survives it where the ratio does not: a
/// dark-red ring over a dark area under glare). The paper leads by about 0.05, the laces by 0.16;
/// shapes that are not rings are dropped after the circle fit.
fn ring_redness(c: [f64; 3]) -> f64 {
    let lead = c[0] - c[1].max(c[2]);
    redness(c).max((lead / 0.3).min(1.0))
}

/// How far green may lead blue, as a share of red's lead over the lower of them, for a pixel
/// still to be a ring's red: a hue within about 18 degrees of red on the orange and brown side.
const BROWN_SHARE: f64 = 0.3;

/// How far blue may lead green, in the same terms: about 30 degrees on the magenta side.
const MAGENTA_SHARE: f64 = 0.5;

/// Half width of the window (mm) whose mean colour stands for what lies under a thin stroke.
const UNDER_HALF_MM: f64 = 2.0;

/// Redness of red film seen thin over `under` (the mean colour round it): the film is a red
/// filter, so where it lies over lit paper or art (`under` at 0.2 or more in every channel and
/// of luminance 0.4 or more: not a dark area, whose dark-red rings `shaded` reads), red keeps its
/// level while green and blue fall by about the same share. A thin stroke blurred over coloured
/// art mixes with it to an orange or brown that `ring_redness` does not take for red; printed
/// brown or sienna art takes red down too, so red may fall by at most 0.15 of the share green
/// and blue fell. The figure is that share less red's, over 0.4.
fn film_redness(c: [f64; 3], under: [f32; 3]) -> f64 {
    let under = under.map(f64::from);
    if under.iter().any(|&u| u < 0.2) || luma(under) < 0.4 {
        return 0.0;
    }
    let fall: [f64; 3] = std::array::from_fn(|i| 1.0 - c[i] / under[i]);
    let (g, b) = (fall[1], fall[2]);
    let red = fall[0].max(0.0);
    if red > 0.15 * g.min(b) || (g - b).abs() > 0.3 * g.max(b) {
        return 0.0;
    }
    ((g.min(b) - red) / 0.4).clamp(0.0, 1.0)
}

/// Each group of set pixels with its points, weighted by `weight` (a soft edge profile: the
/// fitted radius is the stroke's middle).
fn weighted_groups(
    img: &RgbImage,
    mask: &GrayImage,
    weight: impl Fn(usize, &[u8]) -> f64,
) -> Vec<Vec<(f64, f64, f64)>> {
    let w = img.width() as usize;
    let raw = img.as_raw();
    blobs(mask)
        .into_iter()
        .map(|b| {
            b.into_iter()
                .map(|i| {
                    let (x, y) = (i % w, i / w);
                    let p = &raw[i * 3..i * 3 + 3];
                    (x as f64 + 0.5, y as f64 + 0.5, weight(i, p))
                })
                .collect()
        })
        .collect()
}

/// The red rings: red pixels grouped into components, each fitted with a circle (hidden flags
/// are left false for `mark_hidden`), with the points each was fitted from, and rings of red
/// film over a dark area glare lit to grey (flagged hidden: their centre lies in it); and
/// places where a ring may be missed: the middles of red left over that no ring explains, and
/// rings of red film seen thin over coloured art (`thin_film`).
pub fn rings(img: &RgbImage) -> (Vec<RingFit>, Vec<[f64; 2]>) {
    // Red ink: green and blue stay close beside red's lead (a hue within about 18 degrees of
    // red, whatever art the film tints it with; brown, like the laces, is near 26 degrees). On
    // the magenta side (blue over green) no art colour lies, and red film over blue art leans
    // there: blue may lead green by half red's lead.
    let weight = |_: usize, p: &[u8]| {
        let c = [p[0], p[1], p[2]].map(|v| v as f64 / 255.0);
        let gb = (c[1] - c[2]).abs();
        let share = if c[2] > c[1] {
            MAGENTA_SHARE
        } else {
            BROWN_SHARE
        };
        if gb < 0.07 || gb < share * (c[0] - c[1].min(c[2])) {
            ring_redness(c)
        } else {
            0.0
        }
    };
    let mut mask = GrayImage::new(img.width(), img.height());
    for (m, p) in mask.iter_mut().zip(img.as_raw().chunks_exact(3)) {
        // Cheap first: a ring pixel's red leads both other channels.
        if p[0] > p[1].max(p[2]) && weight(0, p) > 0.45 {
            *m = 255;
        }
    }
    let groups = weighted_groups(img, &mask, weight);
    let mut out = Vec::new();
    let mut stray = Vec::new();
    let ring_px = (PX_PER_MM * PX_PER_MM) as usize;
    for pts in groups.iter().filter(|p| p.len() >= ring_px) {
        if let Some((hook, conf)) = judge_ring(pts) {
            out.push((hook, conf, pts.clone()));
            continue;
        }
        // Two rings nearly touching (blur joins them), or a ring joined by other red: circles
        // found one at a time among the points. A circle fitted inside a filled red shape (the
        // laces under warm light) has the shape's own points in its middle: no ring.
        let filled = |hook: &Hook, inliers: &[(f64, f64, f64)]| {
            let (cx, cy, r) = (hook.x * PX_PER_MM, hook.y * PX_PER_MM, hook.r * PX_PER_MM);
            let inside = pts
                .iter()
                .filter(|&&(x, y, _)| (x - cx).hypot(y - cy) < 0.6 * r)
                .count();
            inside * 20 > inliers.len()
        };
        let (circles, rest) = one_at_a_time(pts.clone(), filled, 0);
        out.extend(circles.into_iter().map(|(h, c, p)| (h, c.min(0.7), p)));
        if rest.len() >= ring_px {
            stray.push(mid(&rest));
        }
    }
    out.retain(|(_, conf, pts)| !laces_brown(*conf, pts));
    let mut found = merge_split(out);
    let (places, on_grey) = thin_film(img, &mask, &found);
    stray.extend(places);
    found.extend(on_grey);
    (found, stray)
}

/// Whether a circle the red test fitted is the laces' own brown: judged at under `LACES_RING`,
/// from points that all lie on the laces (grown by 1 mm for blur). Under warm light the dark-brown
/// triangle's hue comes near red. A ring of red film may lie over the laces too, but its stroke
/// runs round a circle, off the triangle as well, and is judged a ring. (On 1,200 straightened
/// cards of both generators the red test fitted two circles from points all on the laces, both
/// at 0 and neither a ring; the 53 rings whose points touch the laces there were judged 0.5 or
/// more, with at most 54 % of their points on them.)
fn laces_brown(conf: f64, pts: &[(f64, f64, f64)]) -> bool {
    let on = pts
        .iter()
        .filter(|&&(x, y, _)| on_laces(x / PX_PER_MM, y / PX_PER_MM, 1.0))
        .count();
    conf < LACES_RING && on as f64 >= 0.9 * pts.len() as f64
}

/// The confidence under which a circle fitted wholly on the laces is taken for them.
const LACES_RING: f64 = 0.3;

/// The most rings a sleeve holds (contract: 3 to 8). Blur joins rings that nearly touch, so one
/// patch of red may hold a chain of them; with at most three read from a patch, the fourth ring
/// of a chain of four was lost (H47 1,009,793).
const MOST_RINGS: usize = 8;

/// Up to `MOST_RINGS` circles found one at a time among `pts`: each the best circle `ransac_circle`
/// finds that `judge_ring` judges a ring, its stroke's points (within 0.7 mm of the circle) taken
/// out before the next. The search ends where no circle is found or `judge_ring` judges none a
/// ring, at a circle `stop` rules out, and once fewer than `least` points are left. The circles,
/// and the points left.
pub(crate) fn one_at_a_time(
    pts: Vec<(f64, f64, f64)>,
    stop: impl Fn(&Hook, &[(f64, f64, f64)]) -> bool,
    least: usize,
) -> (Vec<RingFit>, Vec<(f64, f64, f64)>) {
    let mut rest = pts;
    let mut out = Vec::new();
    for _ in 0..MOST_RINGS {
        let Some(inliers) = ransac_circle(&rest) else {
            break;
        };
        let Some((hook, conf)) = judge_ring(&inliers) else {
            break;
        };
        if stop(&hook, &inliers) {
            break;
        }
        let (cx, cy, r) = (hook.x * PX_PER_MM, hook.y * PX_PER_MM, hook.r * PX_PER_MM);
        rest.retain(|&(x, y, _)| ((x - cx).hypot(y - cy) - r).abs() > 0.7 * PX_PER_MM);
        out.push((hook, conf, inliers));
        if rest.len() < least {
            break;
        }
    }
    (out, rest)
}

/// Places (mm) where a ring of red film may lie thin over coloured art, and rings of red film
/// over a dark area glare lit to grey: pixels that are not red (`red`, the red test's mask) but
/// where `film_redness` sees red film or `grey_lead` a red lead over grey, grouped; groups taken
/// for rings, arcs of one ring merged, and the whole judged again at `PLACE_LEAST` or more, away
/// from every ring found (`found`; rings never touch, `TOUCH_MM`). A circle whose inside is lit
/// grey (`on_lit_grey`) is a ring, in doubt (`GREY_FILM_CONF`): no art is grey. The others are
/// only places: a sienna print over green whose red falls little reads alike, so such a ring
/// could be art, and the holder is asked to look.
fn thin_film(img: &RgbImage, red: &GrayImage, found: &[RingFit]) -> (Vec<[f64; 2]>, Vec<RingFit>) {
    let under = box_mean(img, (UNDER_HALF_MM * PX_PER_MM) as usize);
    let weight = |i: usize, p: &[u8]| {
        if p[0] <= p[1].max(p[2]) {
            return 0.0;
        }
        let c = [p[0], p[1], p[2]].map(|v| v as f64 / 255.0);
        film_redness(c, under[i]).max(grey_lead(c, under[i]))
    };
    let mut mask = GrayImage::new(img.width(), img.height());
    let pixels = img.as_raw().chunks_exact(3).zip(red.as_raw());
    for (i, (m, (p, &r))) in mask.iter_mut().zip(pixels).enumerate() {
        if r == 0 && weight(i, p) > 0.45 {
            *m = 255;
        }
    }
    let ring_px = (PX_PER_MM * PX_PER_MM) as usize;
    let arcs = weighted_groups(img, &mask, weight)
        .into_iter()
        .filter(|pts| pts.len() >= ring_px)
        .filter_map(|pts| judge_ring(&pts).map(|(hook, conf)| (hook, conf, pts)))
        .collect();
    let (mut places, mut on_grey) = (Vec::new(), Vec::new());
    for (_, _, pts) in merge_split(arcs) {
        let Some((h, conf)) =
            judge_ring(&pts).filter(|(h, c)| *c >= PLACE_LEAST && apart(h, found))
        else {
            continue;
        };
        if on_lit_grey(img, &h) {
            let h = Hook { hidden: true, ..h };
            on_grey.push((h, conf.min(GREY_FILM_CONF), pts));
        } else {
            places.push([h.x, h.y]);
        }
    }
    (places, on_grey)
}

/// Whether a circle `h` keeps clear of every ring found (`TOUCH_MM` between the strokes' middles,
/// side by side or one inside the other): a circle that does not is a found ring's own rim.
fn apart(h: &Hook, found: &[RingFit]) -> bool {
    found.iter().all(|(f, _, _)| {
        let d = (h.x - f.x).hypot(h.y - f.y);
        d > h.r + f.r + TOUCH_MM || d < (h.r - f.r).abs() - TOUCH_MM
    })
}

/// Two rings whose strokes' middles come closer than this (mm) touch. The contract's rings never
/// touch and their strokes are 0.4 to 0.8 mm wide, so two thin rings' middles may lie as little
/// as 0.4 mm apart. (At 1 mm, second-generator held-out photo 1,007,475, split H36, lost the
/// place of a thin ring 0.67 mm from its neighbour, and the ring was missed with no warning.)
const TOUCH_MM: f64 = 0.4;

/// A thin-film ring, its arcs merged, is a place to look only when judged a ring at this or
/// more (seen round most of its circle, within the contract's radii).
const PLACE_LEAST: f64 = 0.3;

/// The radii (mm) a ring may be read at: the contract's 2.5 to 5 mm, and the accuracy script's
/// 0.3 mm either way. A ring fitted outside them cannot be a ring read right.
const READ_RADII: std::ops::RangeInclusive<f64> = 2.2..=5.3;

/// Over this much (mm) inside `READ_RADII` a ring's judged trust falls to 0 (`judge_ring`).
const RADII_RAMP: f64 = 0.2;

/// Takes out the rings fitted outside `READ_RADII` (an arc of the laces or of a dark area's
/// rim fitted small, say), returning their centres (mm) as places where a ring may be missed:
/// a true ring fitted so badly is as wrong read as missed, and the place keeps it in doubt.
pub(crate) fn out_of_range(rings: &mut Vec<(Hook, f64)>) -> Vec<[f64; 2]> {
    let mut places = Vec::new();
    rings.retain(|(h, _)| {
        let keep = READ_RADII.contains(&h.r);
        if !keep {
            places.push([h.x, h.y]);
        }
        keep
    });
    places
}

/// How close (mm) two readings' centres and radii both are for them to be one ring read twice.
const TWICE_MM: f64 = 0.6;

/// The most a ring read twice is trusted: under the rings' doubt threshold.
pub const TWICE_CONF: f64 = 0.55;

/// Merges readings of one ring made twice (centres and radii each within `TWICE_MM`; the
/// contract's rings never touch, so two such circles are never two rings): the better-judged
/// reading is kept, at the lower of the two confidences and at most `TWICE_CONF`, since a ring
/// two stages read apart is in doubt.
pub(crate) fn read_twice(rings: &mut Vec<(Hook, f64)>) {
    let mut k = 0;
    while k < rings.len() {
        let same = (k + 1..rings.len()).find(|&j| {
            let (a, b) = (&rings[k].0, &rings[j].0);
            (a.x - b.x).hypot(a.y - b.y) <= TWICE_MM && (a.r - b.r).abs() <= TWICE_MM
        });
        match same {
            Some(j) => {
                let other = rings.remove(j);
                let low = rings[k].1.min(other.1).min(TWICE_CONF);
                if other.1 > rings[k].1 {
                    rings[k].0 = other.0;
                }
                rings[k].1 = low;
            }
            None => k += 1,
        }
    }
}

/// Rings in reading order: top to bottom, then left to right.
pub(crate) fn by_place(rings: &mut [(Hook, f64)]) {
    rings.sort_by(|a, b| {
        (a.0.y, a.0.x)
            .partial_cmp(&(b.0.y, b.0.x))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
}

/// The middle of some points, in millimetres.
fn mid(pts: &[(f64, f64, f64)]) -> [f64; 2] {
    let n = pts.len() as f64;
    [
        pts.iter().map(|p| p.0).sum::<f64>() / n / PX_PER_MM,
        pts.iter().map(|p| p.1).sum::<f64>() / n / PX_PER_MM,
    ]
}

/// One group of red points as a ring: the fitted circle and a confidence, or None when the
/// points are not a ring (wrong size, spread off the circle, a filled middle).
pub(crate) fn judge_ring(pts: &[(f64, f64, f64)]) -> Option<(Hook, f64)> {
    let (cx, cy, r) = fit_circle(pts)?;
    let r_mm = r / PX_PER_MM;
    if !(1.5..=6.5).contains(&r_mm) {
        return None;
    }
    // A ring: its pixels lie close to the circle all round.
    let spread = pts
        .iter()
        .map(|&(x, y, _)| (((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - r).abs())
        .sum::<f64>()
        / pts.len() as f64;
    // (A stroke up to 0.8 mm wide, blurred, spreads about 0.25 mm either side.)
    let conf = (1.0 - (spread / PX_PER_MM - 0.3).max(0.0) / 0.3).clamp(0.0, 1.0);
    // And its middle is empty (a filled shape, such as the laces, is not a ring).
    let inner = pts
        .iter()
        .filter(|&&(x, y, _)| ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() < 0.6 * r)
        .count();
    if conf < 0.2 || inner * 20 > pts.len() {
        return None;
    }
    // Seen all round: a ring broken by glare or cut by other ink is fitted from an arc.
    let mut bins = [false; 36];
    for &(x, y, _) in pts {
        let a = (y - cy).atan2(x - cx) + std::f64::consts::PI;
        bins[((a / std::f64::consts::TAU * 36.0) as usize).min(35)] = true;
    }
    let round = bins.iter().filter(|b| **b).count() as f64 / 36.0;
    // The contract's radii are 2.5 to 5 mm: trust falls to 0 at the radii no ring is read at.
    let (least, most) = (
        READ_RADII.start() + RADII_RAMP,
        READ_RADII.end() - RADII_RAMP,
    );
    let in_range = 1.0 - ((least - r_mm).max(r_mm - most).max(0.0) / RADII_RAMP);
    let conf = conf.min((round - 0.6) / 0.35).min(in_range).clamp(0.0, 1.0);
    let hook = Hook {
        x: cx / PX_PER_MM,
        y: cy / PX_PER_MM,
        r: r_mm,
        hidden: false,
    };
    Some((hook, conf))
}

/// The best circle of a ring's size through the points (deterministic RANSAC over point
/// triples): its inliers (within 0.6 mm of it), or None when none holds a ring's worth.
pub(crate) fn ransac_circle(pts: &[(f64, f64, f64)]) -> Option<Vec<(f64, f64, f64)>> {
    let n = pts.len();
    if n < 20 {
        return None;
    }
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    let band = 0.6 * PX_PER_MM;
    let mut best: Option<(usize, (f64, f64, f64))> = None;
    for _ in 0..400 {
        let (a, b, c) = (pts[next()], pts[next()], pts[next()]);
        let Some(circle) = circle_through([a.0, a.1], [b.0, b.1], [c.0, c.1]) else {
            continue;
        };
        if !(2.2 * PX_PER_MM..=5.4 * PX_PER_MM).contains(&circle.2) {
            continue;
        }
        let count = pts
            .iter()
            .filter(|p| ((p.0 - circle.0).hypot(p.1 - circle.1) - circle.2).abs() < band)
            .count();
        if best.is_none_or(|(k, _)| count > k) {
            best = Some((count, circle));
        }
    }
    let (count, (cx, cy, r)) = best?;
    // A ring's worth: at least half the pixels of its stroke all round (0.4 mm stroke).
    if (count as f64) < 0.5 * std::f64::consts::TAU * r * 0.4 * PX_PER_MM {
        return None;
    }
    Some(
        pts.iter()
            .copied()
            .filter(|p| ((p.0 - cx).hypot(p.1 - cy) - r).abs() < band)
            .collect(),
    )
}

/// The circle through three points, unless they are nearly in a line.
fn circle_through(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> Option<(f64, f64, f64)> {
    let d = 2.0 * (a[0] * (b[1] - c[1]) + b[0] * (c[1] - a[1]) + c[0] * (a[1] - b[1]));
    if d.abs() < 1e-6 {
        return None;
    }
    let (a2, b2, c2) = (
        a[0] * a[0] + a[1] * a[1],
        b[0] * b[0] + b[1] * b[1],
        c[0] * c[0] + c[1] * c[1],
    );
    let ux = (a2 * (b[1] - c[1]) + b2 * (c[1] - a[1]) + c2 * (a[1] - b[1])) / d;
    let uy = (a2 * (c[0] - b[0]) + b2 * (a[0] - c[0]) + c2 * (b[0] - a[0])) / d;
    Some((ux, uy, (a[0] - ux).hypot(a[1] - uy)))
}

/// A ring found, its confidence, and the points it was fitted from.
pub(crate) type RingFit = (Hook, f64, Vec<(f64, f64, f64)>);

/// One ring split into arcs (glare, a crossing line) is fitted once from all its arcs: rings
/// whose fitted circles nearly coincide are merged and refitted (with all their points).
pub(crate) fn merge_split(found: Vec<RingFit>) -> Vec<RingFit> {
    let mut taken = vec![false; found.len()];
    let mut out = Vec::new();
    for i in 0..found.len() {
        if taken[i] {
            continue;
        }
        let (a, ca, ga) = &found[i];
        let mut pts = ga.clone();
        let mut conf = *ca;
        let mut merged = false;
        for j in i + 1..found.len() {
            let (b, cb, gb) = &found[j];
            if !taken[j] && (a.x - b.x).hypot(a.y - b.y) < 1.5 && (a.r - b.r).abs() < 1.0 {
                taken[j] = true;
                pts.extend_from_slice(gb);
                conf = conf.max(*cb);
                merged = true;
            }
        }
        let mut hook = a.clone();
        if merged && let Some((cx, cy, r)) = fit_circle(&pts) {
            hook.x = cx / PX_PER_MM;
            hook.y = cy / PX_PER_MM;
            hook.r = r / PX_PER_MM;
            // Merged arcs: the fit is fair, but say so.
            conf = conf.min(0.7);
        }
        out.push((hook, conf, pts));
    }
    out
}

#[cfg(test)]
mod tests;
