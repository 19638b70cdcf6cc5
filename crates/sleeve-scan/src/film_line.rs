//! The film's cut edge as a thin bright line: where the card stock looks just like the film over
//! the table (a light grey table), neither the card's edge nor a step at the film's edge can be
//! seen, but the film's cut edge still catches the light along the side, 2.5 mm outside
//! the card's edge. A side traced on the art's edge (or on a printed frame line) then has that
//! bright line 3.3 to 7.5 mm outside it instead of 2.5 mm.
//! That the stock looks like the table is not itself tested: a straight bright line in that band
//! (a table's stripe) with none at 2.5 mm moves a side too, so a moved side is always doubted.
//! The other way round (`move_in`): a side traced on the film's cut edge itself, where nothing
//! else marks the card's edge, has that thin bright line on it, film over the table on both
//! sides of it, and no line as bright 2.5 mm further out; it moves 2.5 mm in, doubted as well.
//! A doubted side traced a little off such a faint edge (`settled`: the film's line 1.6 to
//! 3.4 mm out, clear and unbroken) settles 2.5 mm inside the film's line; sure sides stay as
//! traced (their own edge is the sharper evidence: settling every side lost more than it won).
//! A doubted side turned about a corner (`TILT`, `settled`'s second search: the film's line not
//! parallel to it, nearer it at one end) turns back 2.5 mm inside the film's line.

use image::RgbImage;

use crate::geom::{FILM_MM, Line, line_dist, ransac_line};

/// Profiles across the side, and where along it they lie (its middle 76 %).
const PLACES: usize = 48;

/// The profiles' span (mm, negative outside the side's line), every 0.05 mm, with 0.9 mm more
/// each way for a line's surroundings; the bright line is sought from 7.5 to 3.3 mm out
/// (`move_out`) or from 3.4 to 1.6 mm out (`settled`), and where the film's edge would be, 3.1
/// to 1.9 mm out.
const FIRST_MM: f64 = -8.0;
const LAST_MM: f64 = -1.6;
const STEP_MM: f64 = 0.05;

/// A bright line stands this much (0..1, the mean of the channels) above the plain film and
/// table on both sides of it, 0.5 to 0.9 mm away.
const RIDGE: f64 = 0.012;

/// How many of the profiles must put the line on one straight line for it to count.
const ON_LINE: usize = 20;

/// The median brightness over its surroundings of each profile's brightest line (every profile
/// that shows one, on the fitted line or not) for the line to count as the film's edge.
const CLEAR_RIDGE: f64 = 0.015;

/// Where the film's edge would run if the side were right (2.5 mm out), the median line there
/// stands under this share of the far line's strength, or the bright points there do not lie on
/// one straight line on `ON_LINE` profiles (the test the far line passes). On a noisy photo the
/// brightest point of each profile in that 1.2 mm window stands 0.01 above its surroundings
/// wherever it falls, over a fifth of a far line of 0.02 to 0.05. (On the second generator's
/// 3,200 seen photos, the line test added: 6 cards gained, whose sides on the art's edge had the
/// film's line 3.3 to 5.2 mm out, and 3 lost, all warned.)
const NONE_AT_FILM: f64 = 0.2;

/// The far line's two ends lie within this many mm of the same distance from the side.
const PARALLEL_MM: f64 = 0.6;

/// How far (mm) outside a side's line the film's bright edge runs when the side is on the art's
/// edge or a frame line: the card's unprinted border is at least 1 mm, so at least 3.3 mm with
/// the margin for tracing; a frame line lies up to 5 mm in. (On an outline traced inside the
/// card the quad's homography counts each mm a little long, W / (W - 2 x inset): a frame line
/// more than about 4 mm in puts the film's line past the search, and a moved side lands up to
/// about 0.4 mm outside the card's edge.)
const MOVED_MIN_MM: f64 = 3.3;
const MOVED_MAX_MM: f64 = 7.5;

/// The card's edge for side `k` of `quad` (traced as `line`) when the film's bright cut edge
/// runs 3.3 to 7.5 mm outside that line, parallel to it, and no bright line runs where the
/// film's edge would be if the side were already right (2.5 mm out); else None. Millimetres
/// across the side are measured with the quad's own perspective (`Across`), so a tilted card's
/// foreshortening does not move the film's edge.
pub(crate) fn move_out(img: &RgbImage, line: Line, quad: [[f64; 2]; 4], k: usize) -> Option<Line> {
    to_film_line(img, line, (quad, k), &[&MOVE_OUT])
}

/// Where the film's line is sought outside a side, and what makes it count.
struct Search {
    /// From `lo` to `hi` mm outside the side's line.
    lo: f64,
    hi: f64,
    /// How many of the profiles must put it on one straight line.
    on_line: usize,
    /// The least median brightness of each profile's brightest line over its surroundings.
    ridge: f64,
    /// Its two ends' distances from the side differ by at least the first and less than the
    /// second (mm).
    ends: (f64, f64),
    /// The least move (mm, at the end that moves more) worth making.
    least: f64,
    /// Only when no line as bright runs where the film's edge would be if the side were right.
    none_at_film: bool,
    /// The nearer end's distance lies within this many mm of where the film's edge runs when
    /// the side is right.
    nearer_end: f64,
}

const MOVE_OUT: Search = Search {
    lo: MOVED_MIN_MM,
    hi: MOVED_MAX_MM,
    on_line: ON_LINE,
    ridge: CLEAR_RIDGE,
    ends: (0.0, PARALLEL_MM),
    least: 0.0,
    none_at_film: true,
    nearer_end: f64::INFINITY,
};

/// How far (mm) outside a doubted side's line the film's bright edge is sought for the side to
/// settle 2.5 mm inside it (`settled`): within 0.9 mm of where it runs when the side is right
/// (its two ends are then taken from 1.3 to 3.7 mm, the trace's slack). The search must stay
/// within the profiles' span.
const SETTLE_MIN_MM: f64 = 1.6;
const SETTLE_MAX_MM: f64 = 3.4;
const _: () = assert!(-SETTLE_MIN_MM <= LAST_MM && -SETTLE_MAX_MM >= FIRST_MM);

/// A side settles on the film's line only when nearly every profile puts it on one straight line
/// (the film's edge runs unbroken along a side), it stands out clearly (a check's or a grain's
/// edge nearby blurs where a fainter one seems to lie), and its ends lie within 0.3 mm of the
/// same distance; a side it puts within 0.15 mm of where the film says stays as traced (about
/// the film line's own precision).
const SETTLE: Search = Search {
    lo: SETTLE_MIN_MM,
    hi: SETTLE_MAX_MM,
    on_line: 44,
    ridge: 0.035,
    ends: (0.0, 0.3),
    least: 0.15,
    none_at_film: false,
    nearer_end: f64::INFINITY,
};

/// How a doubted side turned about a corner is sought (`settled`, when `SETTLE` finds nothing): the
/// film's line from 1.8 to 6.7 mm outside the side (the art's edge lies at least 1 mm inside the
/// card's, a frame line a few mm more), its ends' distances differing by 0.4 mm or more (a side
/// shifted parallel is `SETTLE`'s or `move_out`'s work), the nearer end within 1.7 mm of where the
/// film's edge runs for a right side (a turn about a corner, not a stripe of the table far out: on
/// the second generator's photo 1,000,028 such a stripe 6.4 to 7.1 mm out moved a right side), on
/// 36 of the 48 profiles, at a median 0.025 over its surroundings (a checked cloth's squares dim
/// the film's sheen along part of a side).
const TILT: Search = Search {
    lo: 1.8,
    hi: 6.7,
    on_line: 36,
    ridge: 0.025,
    ends: (0.4, 10.0),
    least: 0.3,
    none_at_film: false,
    nearer_end: 1.7,
};

/// The card's edge for side `k` of `quad` (traced as `line`) 2.5 mm inside the film's bright
/// cut edge: when that edge runs 1.6 to 3.4 mm outside the line, parallel to it (`SETTLE`), a
/// side traced a little off the card's faint edge (the stock as light as the film over the
/// table) settles where the film says it is; else, when that edge is not parallel to the line
/// (`TILT`), a side traced on the card's edge near one end and on the art's edge at the other,
/// where a light table hides the card's edge along part of the side, turns back onto it. Else
/// None. The profiles across the side are read once for both searches.
pub(crate) fn settled(img: &RgbImage, line: Line, quad: [[f64; 2]; 4], k: usize) -> Option<Line> {
    to_film_line(img, line, (quad, k), &[&SETTLE, &TILT])
}

/// The side 2.5 mm inside the film's bright line, for the first of `searches` that finds it: when
/// that line runs where the search says outside side `k`'s `line` (its ends' distances as far apart
/// as `search.ends` allows, the nearer as close to 2.5 mm as `search.nearer_end` asks), on enough
/// of the profiles and bright enough, and moves the side at least `search.least`; with
/// `none_at_film`, only when no line as bright runs where the film's edge would be if the side were
/// right.
fn to_film_line(
    img: &RgbImage,
    line: Line,
    (quad, k): ([[f64; 2]; 4], usize),
    searches: &[&Search],
) -> Option<Line> {
    let across = Across::new(quad, k);
    let (_, inward) = crate::geom::side_frame(&quad, k);
    let (o, d) = line;
    let (a, b) = (quad[k], quad[(k + 1) % 4]);
    let along = |p: [f64; 2]| (p[0] - o[0]) * d[0] + (p[1] - o[1]) * d[1];
    let (ta, tb) = (along(a), along(b));
    let at = |s: f64| {
        let t = ta + (tb - ta) * s;
        [o[0] + d[0] * t, o[1] + d[1] * t]
    };
    let profiles: Vec<([f64; 2], f64, Vec<f64>)> = (0..PLACES)
        .map(|i| {
            let s = 0.12 + 0.76 * (i as f64 + 0.5) / PLACES as f64;
            let (base, scale) = (at(s), across.px_per_mm(s));
            (base, scale, profile(img, base, d, inward, scale))
        })
        .collect();
    // Each profile's brightest line between `lo` and `hi` mm (`thr` or more above its
    // surroundings) as a photo point, with its strength.
    let brightest_each = |lo: f64, hi: f64, thr: f64| -> Vec<([f64; 2], f64)> {
        profiles
            .iter()
            .filter_map(|(base, scale, v)| {
                let (mm, r) = brightest(v, lo, hi, thr)?;
                let off = mm * scale;
                Some(([base[0] + inward[0] * off, base[1] + inward[1] * off], r))
            })
            .collect()
    };
    let strengths = |each: &[([f64; 2], f64)]| median(each.iter().map(|e| e.1).collect());
    // The side's two ends and their scales, the same for every search.
    let tol = (0.3 * across.px_per_mm(0.5)).max(1.5);
    let (sa, sb) = (across.px_per_mm(0.0), across.px_per_mm(1.0));
    let (pa, pb) = (at(0.0), at(1.0));
    let out = |p: [f64; 2], mm: f64, scale: f64| {
        let off = (mm - FILM_MM) * scale;
        [p[0] - inward[0] * off, p[1] - inward[1] * off]
    };
    searches.iter().find_map(|search| {
        let (lo, hi) = (search.lo, search.hi);
        let each = brightest_each(-hi, -lo, RIDGE);
        let (pts, strength): (Vec<[f64; 2]>, f64) =
            (each.iter().map(|e| e.0).collect(), strengths(&each));
        let (ridge, count) = ransac_line(&pts, tol)?;
        let (da, db) = (line_dist(ridge, pa) / sa, line_dist(ridge, pb) / sb);
        let within = |x: f64| (lo - 0.3..=hi + 0.3).contains(&x);
        // Where the film's edge would be if the side were right: how bright a line stands there,
        // and whether one runs there at all (read last, only when the search asks and everything
        // else holds).
        let none_at_film = || {
            let each = brightest_each(-FILM_MM - 0.6, -FILM_MM + 0.6, f64::NEG_INFINITY);
            strengths(&each) < NONE_AT_FILM * strength || {
                let there: Vec<[f64; 2]> =
                    each.iter().filter(|e| e.1 >= RIDGE).map(|e| e.0).collect();
                ransac_line(&there, tol).is_none_or(|(_, count)| count < ON_LINE)
            }
        };
        let found = count >= search.on_line
            && strength >= search.ridge
            && within(da)
            && within(db)
            && (search.ends.0..search.ends.1).contains(&(da - db).abs())
            && (da.min(db) - FILM_MM).abs() <= search.nearer_end
            && (da - FILM_MM).abs().max((db - FILM_MM).abs()) >= search.least
            && (!search.none_at_film || none_at_film());
        if !found {
            return None;
        }
        crate::geom::line_through(out(pa, da, sa), out(pb, db, sb))
    })
}

/// Where the film's cut edge is sought along a side traced on it (mm, negative outside): on
/// the side's line or just outside it, not inside, where the card's unprinted border can stand
/// out as a light band of its own.
const AT_SIDE: (f64, f64) = (-0.4, 0.15);

/// Where the film's edge would lie if the side were the card's (mm either way of 2.5 mm out).
const AT_FILM_MM: f64 = 0.6;

/// The film's cut edge is a thin line: its surroundings 0.25 to 0.5 mm away.
const NARROW: (f64, f64) = (0.25, 0.5);

/// A bright line on the side stands this much (median) above its surroundings.
const ON_SIDE_RIDGE: f64 = 0.012;

/// Across a side traced on the film's edge, clear film over the table lies on both sides of the
/// bright line: their levels (the mean of the channels) differ by less than this (median). A
/// card's edge steps from the film to the stock: 0.27 to 0.41 on the sides looked at.
const FLAT: f64 = 0.1;

/// The line of side `k` of `quad` moved in to the card's edge, when the side runs on the film's
/// bright cut edge instead: a thin bright line along the side itself on `ON_LINE` of the
/// profiles or more (median `ON_SIDE_RIDGE` over its surroundings), the same level on both
/// sides of it (`FLAT`: film over the table, not a step to the card stock), and no line as
/// bright where the film's edge would run if the side were the card's (2.5 mm out). A card's
/// edge that catches the light more than the film's does, over a table of the stock's own
/// colour, would pass too: none did on the tuning photos, and a moved side is always doubted.
/// Such a side is taken 2.5 mm in: millimetres across the side from the quad's own perspective
/// (`Across`), less the 2.5 mm that the quad, traced on the film on this side, is too wide by.
/// The caller doubts it.
pub(crate) fn move_in(img: &RgbImage, quad: [[f64; 2]; 4], k: usize) -> Option<Line> {
    if crate::geom::side_len(&quad, k) < 1e-6 {
        return None;
    }
    let across = Across::new(quad, k);
    let (a, b) = (quad[k], quad[(k + 1) % 4]);
    let (d, inward) = crate::geom::side_frame(&quad, k);
    let first = -FILM_MM - AT_FILM_MM - 0.1;
    let last = AT_SIDE.1 + 0.1;
    let film = (-FILM_MM - AT_FILM_MM, -FILM_MM + AT_FILM_MM);
    let (mut at_side, mut at_film, mut steps) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..PLACES {
        let s = 0.12 + 0.76 * (i as f64 + 0.5) / PLACES as f64;
        let base = [a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s];
        let v = profile_over(img, (base, d, inward, across.px_per_mm(s)), first, last);
        let mean = |p: f64, q: f64| window_mean(&v, first, p, q);
        if let Some((mm, r)) = ridge_from(&v, first, AT_SIDE, f64::NEG_INFINITY, NARROW) {
            at_side.push(r);
            steps.push(
                (mean(mm + NARROW.0, mm + NARROW.1) - mean(mm - NARROW.1, mm - NARROW.0)).abs(),
            );
        }
        if let Some((_, r)) = ridge_from(&v, first, film, f64::NEG_INFINITY, NARROW) {
            at_film.push(r);
        }
    }
    let count = at_side.iter().filter(|&&r| r >= RIDGE).count();
    let (ridge, step, far) = (median(at_side), median(steps), median(at_film));
    let on_film = count >= ON_LINE && ridge >= ON_SIDE_RIDGE && step < FLAT && far < ridge;
    if !on_film {
        return None;
    }
    // The quad is the film's width too wide across this side: its millimetres too long by that.
    let shrink = across.dim / (across.dim + FILM_MM);
    let moved = |p: [f64; 2], scale: f64| {
        let off = FILM_MM * scale * shrink;
        [p[0] + inward[0] * off, p[1] + inward[1] * off]
    };
    let (na, nb) = (
        moved(a, across.px_per_mm(0.0)),
        moved(b, across.px_per_mm(1.0)),
    );
    crate::geom::line_through(na, nb)
}

/// The mean of a profile that starts at `first` mm (less 0.9, as `profile_over` makes it) from
/// `from` to `to` mm, both ends included.
fn window_mean(v: &[f64], first: f64, from: f64, to: f64) -> f64 {
    let idx = |mm: f64| ((mm - (first - 0.9)) / STEP_MM).round() as usize;
    let (i, j) = (idx(from), idx(to));
    v[i..=j].iter().sum::<f64>() / (j - i + 1) as f64
}

/// The median of some values (0 for none): the upper middle one of an even count.
pub(crate) fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

/// Pixels per card millimetre across one side of a quad, along the side: from the quad's own
/// homography (a tilted card is foreshortened across a side differently than along it).
struct Across {
    /// The card's size (mm) across the side.
    dim: f64,
    h: nalgebra::Matrix3<f64>,
    from: [f64; 2],
    to: [f64; 2],
    outward: [f64; 2],
}

impl Across {
    /// Side `k` of `quad`, whose longer pair of sides on the photo is the card's 90 mm.
    fn new(quad: [[f64; 2]; 4], k: usize) -> Self {
        let (w, h) = if crate::geom::long_pair_first(&quad) {
            (crate::geom::CARD_H, crate::geom::CARD_W)
        } else {
            (crate::geom::CARD_W, crate::geom::CARD_H)
        };
        let src = [[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]];
        let (from, to) = (src[k], src[(k + 1) % 4]);
        let (cx, cy) = (w / 2.0, h / 2.0);
        let len = (to[0] - from[0]).hypot(to[1] - from[1]);
        let mut outward = [(to[1] - from[1]) / len, -(to[0] - from[0]) / len];
        let mid = [(from[0] + to[0]) / 2.0, (from[1] + to[1]) / 2.0];
        if (cx - mid[0]) * outward[0] + (cy - mid[1]) * outward[1] > 0.0 {
            outward = [-outward[0], -outward[1]];
        }
        Across {
            dim: if k.is_multiple_of(2) { h } else { w },
            h: crate::geom::solve_homography(&src, &quad),
            from,
            to,
            outward,
        }
    }

    /// At `s` (0 at the side's first corner, 1 at its second): the photo distance of 1 mm out.
    fn px_per_mm(&self, s: f64) -> f64 {
        let p = [
            self.from[0] + (self.to[0] - self.from[0]) * s,
            self.from[1] + (self.to[1] - self.from[1]) * s,
        ];
        // Measured over the film's width, the span the moves are made across.
        let q = [
            p[0] + self.outward[0] * FILM_MM,
            p[1] + self.outward[1] * FILM_MM,
        ];
        let (a, b) = (
            crate::geom::apply(&self.h, p),
            crate::geom::apply(&self.h, q),
        );
        (b[0] - a[0]).hypot(b[1] - a[1]) / FILM_MM
    }
}

/// The mean of the channels from `FIRST_MM` to `LAST_MM` (plus 0.9 mm each way for the ridge
/// test) along the inward normal, each sample the mean of 3 points 1 px apart along the side.
fn profile(
    img: &RgbImage,
    base: [f64; 2],
    d: [f64; 2],
    inward: [f64; 2],
    px_per_mm: f64,
) -> Vec<f64> {
    profile_over(img, (base, d, inward, px_per_mm), FIRST_MM, LAST_MM)
}

/// `profile` from `first` to `last` mm (plus 0.9 mm each way).
fn profile_over(
    img: &RgbImage,
    (base, d, inward, px_per_mm): ([f64; 2], [f64; 2], [f64; 2], f64),
    first: f64,
    last: f64,
) -> Vec<f64> {
    let n = ((last - first + 1.8) / STEP_MM).round() as usize + 1;
    (0..n)
        .map(|k| {
            let off = (first - 0.9 + k as f64 * STEP_MM) * px_per_mm;
            let mut s = 0.0;
            for j in -1..=1 {
                let (x, y) = (
                    base[0] + inward[0] * off + d[0] * j as f64,
                    base[1] + inward[1] * off + d[1] * j as f64,
                );
                let c = crate::scan::rgb_at(img, x, y);
                s += (c[0] + c[1] + c[2]) / 3.0;
            }
            s / 3.0
        })
        .collect()
}

/// The offset (mm) between `lo` and `hi` where the profile is brightest above its surroundings
/// on both sides (0.5 to 0.9 mm away), and by how much, when that is `thr` or more.
fn brightest(v: &[f64], lo: f64, hi: f64, thr: f64) -> Option<(f64, f64)> {
    ridge_from(v, FIRST_MM, (lo, hi), thr, (0.5, 0.9))
}

/// `brightest` on a profile that starts at `first` mm (less 0.9, as `profile_over` makes it),
/// with the surroundings `near` to `far` mm away on both sides.
fn ridge_from(
    v: &[f64],
    first: f64,
    (lo, hi): (f64, f64),
    thr: f64,
    (near, far): (f64, f64),
) -> Option<(f64, f64)> {
    let idx = |mm: f64| ((mm - (first - 0.9)) / STEP_MM).round() as usize;
    let side = |from: f64, to: f64| window_mean(v, first, from, to);
    let mut best: Option<(f64, f64)> = None;
    let mut mm = lo;
    while mm <= hi {
        let c = idx(mm);
        let peak = (v[c - 1] + v[c] + v[c + 1]) / 3.0;
        let r = peak - side(mm - far, mm - near).max(side(mm + near, mm + far));
        if r >= thr && best.is_none_or(|b| r > b.1) {
            best = Some((mm, r));
        }
        mm += STEP_MM;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// Photo pixels per card mm, and where the card's top-left corner lies.
    const PX: f64 = 10.0;
    const ORIGIN: f64 = 100.0;

    /// An upright card on a table of the stock's own colour (its edge cannot be seen), its art
    /// `border` mm in from the edge, and bright lines `lines` mm outside the card's edge all round
    /// (the film's cut edge is the one at 2.5 mm).
    fn photo(border: f64, lines: &[f64]) -> RgbImage {
        let (w, h) = (60.0 * PX + 2.0 * ORIGIN, 90.0 * PX + 2.0 * ORIGIN);
        RgbImage::from_fn(w as u32, h as u32, |x, y| {
            let (mx, my) = (
                (x as f64 + 0.5 - ORIGIN) / PX,
                (y as f64 + 0.5 - ORIGIN) / PX,
            );
            // Signed distance outside the card's rectangle (negative inside).
            let out = (-mx).max(mx - 60.0).max(-my).max(my - 90.0);
            if out < -border {
                return Rgb([190, 165, 120]);
            }
            let lit = lines.iter().any(|l| (out - l).abs() < 0.1);
            if lit {
                Rgb([235, 235, 235])
            } else {
                Rgb([200, 200, 200])
            }
        })
    }

    /// The card's corners inset by `mm` all round, in photo pixels.
    fn quad(mm: f64) -> [[f64; 2]; 4] {
        let p = |x: f64, y: f64| [ORIGIN + x * PX, ORIGIN + y * PX];
        [
            p(mm, mm),
            p(60.0 - mm, mm),
            p(60.0 - mm, 90.0 - mm),
            p(mm, 90.0 - mm),
        ]
    }

    /// The card's edge `move_out` finds for the top side of `q`: its distance (mm) above the
    /// true top edge at the side's middle, or None.
    fn top_edge(img: &RgbImage, q: [[f64; 2]; 4]) -> Option<f64> {
        let line = (q[0], [1.0, 0.0]);
        move_out(img, line, q, 0).map(above_top)
    }

    /// How far (mm) a line runs above the card's true top edge at the card's middle.
    fn above_top((o, d): Line) -> f64 {
        let t = (ORIGIN + 30.0 * PX - o[0]) / d[0];
        (ORIGIN - (o[1] + d[1] * t)) / PX
    }

    #[test]
    fn a_side_on_the_arts_edge_moves_out_to_the_card_edge_the_film_line_shows() {
        let img = photo(2.0, &[2.5]);
        let edge = top_edge(&img, quad(2.0)).expect("moved out");
        assert!(edge.abs() < 0.3, "card edge {edge:.2} mm off");
    }

    #[test]
    fn a_side_on_the_card_edge_stays_where_the_film_line_runs_at_2_5_mm() {
        // A second bright line 4.5 mm out (a table's stripe) does not move a right side.
        let img = photo(2.0, &[2.5, 4.5]);
        assert_eq!(top_edge(&img, quad(0.0)), None);
    }

    #[test]
    fn bright_specks_that_make_no_line_where_the_film_would_run_do_not_keep_a_side_in() {
        // A side on the art's edge, 2 mm in: the film's line runs 4.5 mm out of it, and 2.5 mm
        // out (0.5 mm outside the card) short bright dashes as bright as the film's line lie at
        // three heights 0.45 mm apart, a third of the profiles at each: bright enough to pass
        // for a line by strength alone, on no straight line through 20 profiles.
        let mut img = photo(2.0, &[2.5]);
        let specks = |img: &mut RgbImage, heights: &[f64]| {
            for x in (ORIGIN as u32)..(ORIGIN + 60.0 * PX) as u32 {
                let dash = ((x as f64 - ORIGIN) / (1.2 * PX)) as usize;
                let out = heights[dash % heights.len()];
                let y = ORIGIN - out * PX;
                img.put_pixel(x, y as u32, Rgb([235, 235, 235]));
            }
        };
        specks(&mut img, &[0.05, 0.5, 0.95]);
        let edge = top_edge(&img, quad(2.0)).expect("moved out");
        assert!(edge.abs() < 0.3, "card edge {edge:.2} mm off");
        // The same dashes in one row are a line there: the side stays.
        let mut img = photo(2.0, &[2.5]);
        specks(&mut img, &[0.5]);
        assert_eq!(top_edge(&img, quad(2.0)), None);
    }

    #[test]
    fn without_a_bright_line_the_side_stays() {
        let img = photo(2.0, &[]);
        assert_eq!(top_edge(&img, quad(2.0)), None);
    }

    #[test]
    fn a_line_too_far_out_for_the_border_is_not_the_film() {
        // 9.5 mm out of a side on the art's edge: beyond the widest border and frame line.
        let img = photo(2.0, &[7.5]);
        assert_eq!(top_edge(&img, quad(2.0)), None);
    }

    /// `top_edge` for `move_in`.
    fn top_edge_in(img: &RgbImage, q: [[f64; 2]; 4]) -> Option<f64> {
        move_in(img, q, 0).map(above_top)
    }

    /// Where `settled` puts the top side of `q` (mm above the true top edge), or None.
    fn top_settled(img: &RgbImage, q: [[f64; 2]; 4]) -> Option<f64> {
        to_film_line(img, (q[0], [1.0, 0.0]), (q, 0), &[&SETTLE]).map(above_top)
    }

    #[test]
    fn a_side_a_little_off_the_faint_card_edge_settles_inside_the_film_line() {
        let img = photo(2.0, &[2.5]);
        // Half a millimetre inside the card's edge, and half a millimetre outside it.
        for off in [0.5, -0.5] {
            let edge = top_settled(&img, quad(off))
                .unwrap_or_else(|| panic!("a side {off} mm in did not settle"));
            assert!(edge.abs() < 0.1, "{off} mm in: card edge {edge:.3} mm off");
        }
    }

    #[test]
    fn a_side_where_the_film_says_or_far_from_it_does_not_settle() {
        let img = photo(2.0, &[2.5]);
        // On the card's edge: left as traced.
        assert_eq!(top_settled(&img, quad(0.0)), None);
        // 1.5 mm in: the film line at 4 mm, beyond what settling reaches (`move_out`'s work).
        assert_eq!(top_settled(&img, quad(1.5)), None);
        // No line at all.
        assert_eq!(top_settled(&photo(2.0, &[]), quad(0.5)), None);
    }

    /// Where the `TILT` search puts the top side of `q`: how far (mm) it runs above the card's true
    /// top edge at the card's left and right edges, or None.
    fn top_tilted(img: &RgbImage, q: [[f64; 2]; 4]) -> Option<(f64, f64)> {
        let d = crate::geom::side_frame(&q, 0).0;
        to_film_line(img, (q[0], d), (q, 0), &[&TILT]).map(|(o, d)| {
            let above = |x: f64| (ORIGIN - (o[1] + d[1] * (x - o[0]) / d[0])) / PX;
            (above(ORIGIN), above(ORIGIN + 60.0 * PX))
        })
    }

    #[test]
    fn a_side_turned_about_a_corner_turns_back_onto_the_card_edge() {
        let img = photo(2.0, &[2.5]);
        // The top side on the card's edge at its left end and on the art's edge (2 mm in) at
        // its right end, and the other way round.
        for end in [1, 0] {
            let mut q = quad(0.0);
            q[end][1] += 2.0 * PX;
            let (left, right) = top_tilted(&img, q)
                .unwrap_or_else(|| panic!("a side turned at corner {end} did not turn back"));
            assert!(
                left.abs() < 0.2 && right.abs() < 0.2,
                "corner {end}: {left:.2} and {right:.2} mm off the card edge"
            );
        }
    }

    #[test]
    fn a_side_shifted_or_turned_far_from_the_film_line_does_not_turn() {
        let img = photo(2.0, &[2.5]);
        // On the card's edge, and parallel to it 1 mm in: `TILT` leaves both (`SETTLE`'s and
        // `move_out`'s work).
        assert_eq!(top_tilted(&img, quad(0.0)), None);
        assert_eq!(top_tilted(&img, quad(1.0)), None);
        // Turned with both ends well inside the card's edge (2 and 3 mm): a stripe far out,
        // not the film's line near one end.
        let mut q = quad(2.0);
        q[1][1] += 1.0 * PX;
        assert_eq!(top_tilted(&img, q), None);
    }

    #[test]
    fn only_a_doubted_side_settles_on_the_film_line() {
        let img = photo(2.0, &[2.5]);
        let q = quad(0.5);
        let (sure, _) = crate::outline::off_film_edges(&img, (q, [1.0; 4]));
        assert_eq!(sure, q, "sure sides moved");
        let (moved, agree) = crate::outline::off_film_edges(&img, (q, [0.5, 1.0, 1.0, 1.0]));
        let top = moved[0][1].min(moved[1][1]);
        assert!(
            (top - ORIGIN).abs() < 1.0,
            "top side at {top:.1}, card edge at {ORIGIN}"
        );
        assert_eq!(moved[2], q[2], "a sure side moved");
        assert_eq!(agree, [0.5, 1.0, 1.0, 1.0]);
    }

    #[test]
    fn a_side_on_the_films_edge_moves_in_to_the_card_edge() {
        let img = photo(2.0, &[2.5]);
        // One side traced on the film (the others on the card's edges): the top one (side 0,
        // inward +y) and the left one (side 3, from the bottom-left corner up, inward +x). How
        // far the moved line runs outside the card's edge at the side's middle (mm).
        let top = {
            let mut q = quad(0.0);
            q[0][1] -= 2.5 * PX;
            q[1][1] -= 2.5 * PX;
            move_in(&img, q, 0).map(above_top)
        };
        let left = {
            let mut q = quad(0.0);
            q[3][0] -= 2.5 * PX;
            q[0][0] -= 2.5 * PX;
            move_in(&img, q, 3).map(|(o, d)| {
                let t = (ORIGIN + 45.0 * PX - o[1]) / d[1];
                (ORIGIN - (o[0] + d[0] * t)) / PX
            })
        };
        for (side, edge) in [("top", top), ("left", left)] {
            let edge = edge.unwrap_or_else(|| panic!("the {side} side not moved in"));
            assert!(edge.abs() < 0.05, "{side}: card edge {edge:.3} mm off");
        }
    }

    #[test]
    fn a_side_on_the_card_edge_does_not_move_in() {
        let img = photo(2.0, &[2.5]);
        assert_eq!(top_edge_in(&img, quad(0.0)), None);
        // Nor when the card's own edge catches the light as well as the film's.
        let img = photo(2.0, &[0.0, 2.5]);
        assert_eq!(top_edge_in(&img, quad(0.0)), None);
    }
}
