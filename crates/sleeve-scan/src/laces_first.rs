//! The card found from its laces, when no outline any other stage gave shows them (a card on a
//! checked cloth whose checks' edges join the card's own): the laces, a dark-brown right
//! triangle whose legs run 2 mm inside the card's bottom and right edges, are sought directly
//! on a reduced colour copy; they give the card's bottom-right corner, the directions of its
//! bottom and right sides and its scale there. The bottom and right sides are then the straight
//! lines of the four-sides stage (`sides`) just outside the legs, or the card's edges the legs
//! predict, 2 mm outside them; the
//! left and top sides those lines roughly parallel to them at a card's width and height (within
//! what perspective allows), and the edges a direct search finds there, as a white check
//! meeting the white stock can keep a side out of the lines. Each quadrilateral is scored by the
//! edges along its sides, as the four-sides stage scores its own.

use image::{GrayImage, Luma, RgbImage};

use crate::geom::{CARD_H, CARD_W, from_reduced, intersect, to_reduced};
use crate::laces::{INSET as INSET_MM, LEG as LEG_MM};
use crate::scan::Coarse;
use crate::sides::{self, Seen};

/// The long side of the reduced copy the laces are sought on: their legs span about 18 px or
/// more there on a card whose long side is 1,000 px (the contract's least) in a 13 MP photo, less
/// under perspective.
const SEEK_LONG: u32 = 1000;

/// A right triangle as found: the right angle `c`, the end of the leg along the bottom edge
/// `bottom`, the end of the leg along the right edge `right` (photo pixels).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Laces {
    c: [f64; 2],
    bottom: [f64; 2],
    right: [f64; 2],
}

/// Whether a colour (0..1) is dark brown, as the laces are under any light the contract allows:
/// red over green over blue, blue well under red, and dark.
fn brown(c: [f64; 3]) -> bool {
    let [r, g, b] = c;
    r >= g && g >= b && r - b >= 0.4 * r && r - b >= 0.08 && crate::pixels::luma(c) <= 0.45
}

/// The right triangle a blob of pixels (centres, reduced-copy pixels) forms, if it forms one:
/// the hull's two farthest points are the hypotenuse's ends, the point farthest from it the
/// right angle. Kept when the angle there is 63 to 117 degrees (perspective), the legs within
/// 1.6 of each other and 6 px or more, and the blob fills 70 to 140 % of the triangle (a square
/// check fills 200 %). Which leg runs along the bottom edge follows from their turn: on the
/// upright card the bottom leg points left and the right leg up.
fn right_triangle(pts: Vec<[f64; 2]>) -> Option<Laces> {
    let n = pts.len() as f64;
    let h = crate::hidden::hull(pts.into_iter());
    let mut far = (0.0, 0, 0);
    for i in 0..h.len() {
        for j in i + 1..h.len() {
            let d = (h[i][0] - h[j][0]).hypot(h[i][1] - h[j][1]);
            if d > far.0 {
                far = (d, i, j);
            }
        }
    }
    let (a, b) = (h.get(far.1)?, h.get(far.2)?);
    let line = crate::geom::line_through(*a, *b)?;
    let c = *h.iter().max_by(|p, q| {
        crate::geom::line_dist(line, **p).total_cmp(&crate::geom::line_dist(line, **q))
    })?;
    let (u, v) = ([a[0] - c[0], a[1] - c[1]], [b[0] - c[0], b[1] - c[1]]);
    let (lu, lv) = (u[0].hypot(u[1]), v[0].hypot(v[1]));
    if lu.min(lv) < 6.0 || lu.max(lv) > 1.6 * lu.min(lv) {
        return None;
    }
    let cos = (u[0] * v[0] + u[1] * v[1]) / (lu * lv);
    let turn = u[0] * v[1] - u[1] * v[0];
    let fill = n / (turn.abs() / 2.0);
    if cos.abs() > 0.45 || !(0.7..=1.4).contains(&fill) {
        return None;
    }
    // Upright, y down: bottom leg (-1, 0), right leg (0, -1), whose turn is positive.
    let (bottom, right) = if turn > 0.0 { (*a, *b) } else { (*b, *a) };
    Some(Laces { c, bottom, right })
}

/// Every dark-brown right triangle on a reduced copy of the photo, in photo pixels.
pub(crate) fn find(img: &RgbImage) -> Vec<Laces> {
    let (copy, f) = crate::outline::reduce_rgb(img, SEEK_LONG);
    let (w, h) = (copy.width(), copy.height());
    let mask = GrayImage::from_fn(w, h, |x, y| {
        let p = copy.get_pixel(x, y);
        Luma([u8::from(brown(p.0.map(|v| v as f64 / 255.0))) * 255])
    });
    let full = |p: [f64; 2]| from_reduced(p, f);
    crate::pixels::blobs(&mask)
        .into_iter()
        .filter(|b| b.len() >= 20 && b.len() <= (w * h / 50) as usize)
        .filter_map(|b| {
            let pts = b
                .iter()
                .map(|&i| [(i % w as usize) as f64, (i / w as usize) as f64])
                .collect();
            right_triangle(pts)
        })
        .map(|l| Laces {
            c: full(l.c),
            bottom: full(l.bottom),
            right: full(l.right),
        })
        .collect()
}

/// A unit vector from `a` to `b`, and the pixels per mm along it when it spans a leg.
fn leg(a: [f64; 2], b: [f64; 2]) -> ([f64; 2], f64) {
    let d = [b[0] - a[0], b[1] - a[1]];
    let n = d[0].hypot(d[1]).max(1e-9);
    ([d[0] / n, d[1] / n], n / LEG_MM)
}

/// The card the laces `l` say there is, as a parallelogram (TL, TR, BR, BL, photo pixels): its
/// bottom-right corner 2 mm outside the right angle across both legs, its sides along the legs,
/// a card's width along the bottom leg and its height along the right one at the legs' scale.
/// Perspective moves the far corners from it; only the laces' corner is close.
fn predicted(l: &Laces) -> [[f64; 2]; 4] {
    let ((ub, sb), (ur, sr)) = (leg(l.c, l.bottom), leg(l.c, l.right));
    let at = |from: [f64; 2], w: f64, h: f64| {
        [
            from[0] + w * sb * ub[0] + h * sr * ur[0],
            from[1] + w * sb * ub[1] + h * sr * ur[1],
        ]
    };
    let corner = at(l.c, -INSET_MM, -INSET_MM);
    [
        at(corner, CARD_W, CARD_H),
        at(corner, 0.0, CARD_H),
        corner,
        at(corner, CARD_W, 0.0),
    ]
}

/// A line as the four-sides stage keeps them (normal form) through two points.
fn seen_through(a: [f64; 2], b: [f64; 2]) -> Seen {
    let theta = (b[0] - a[0]).atan2(-(b[1] - a[1]));
    Seen {
        theta,
        rho: a[0] * theta.cos() + a[1] * theta.sin(),
    }
}

/// The angle (degrees, 0 to 90) between a line and the direction `d`.
fn off_angle(s: &Seen, d: [f64; 2]) -> f64 {
    let (lx, ly) = (-s.theta.sin(), s.theta.cos());
    let cos = (lx * d[0] + ly * d[1]).abs() / d[0].hypot(d[1]);
    cos.clamp(0.0, 1.0).acos().to_degrees()
}

/// How far along `dir` (unit) from `from` the line `s` is crossed (None when nearly parallel).
fn crossed_at(s: &Seen, from: [f64; 2], dir: [f64; 2]) -> Option<f64> {
    let p = intersect(sides::as_line(s), (from, dir), 0.2)?;
    Some((p[0] - from[0]) * dir[0] + (p[1] - from[1]) * dir[1])
}

/// The coarse outlines the laces `l` say the card has, from the straight lines `found` on the
/// reduced copy `small` (factor `f`, edge directions in `grid`): at most `OUTLINES`, best first,
/// each scored by its weakest side's support (`sides::support`), ties by all four's.
pub(crate) fn outlines(
    l: &Laces,
    found: &[Seen],
    (small, f): (&RgbImage, u32),
    grid: &[Option<f64>],
) -> Vec<Coarse> {
    let to_small = |p: [f64; 2]| to_reduced(p, f);
    let (c, pb, pr) = (to_small(l.c), to_small(l.bottom), to_small(l.right));
    // Along the bottom leg (pointing left on the upright card) and the right leg (up), with the
    // reduced copy's pixels per mm along each.
    let ((ub, sb), (ur, sr)) = (leg(c, pb), leg(c, pr));
    let corner = to_small(predicted(l)[2]);
    let within = 0.75 * (sb + sr);
    let dims = (grid, small.width() as usize, small.height() as usize);
    let lines = [
        far_lines(found, dims, corner, (ub, ur), (CARD_H * sr, CARD_W * sb)),
        near_lines(found, ur, corner, within),
        near_lines(found, ub, corner, within),
        far_lines(found, dims, corner, (ur, ub), (CARD_W * sb, CARD_H * sr)),
    ];
    let full = |q: [[f64; 2]; 4]| q.map(|p| from_reduced(p, f));
    best_quads(dims, &lines)
        .into_iter()
        .take(OUTLINES)
        .map(|(weakest, q)| Coarse {
            candidates: vec![full(q)],
            fill: weakest,
        })
        .collect()
}

/// The lines of `found` within 6 degrees of `along` and `within` px of `through` (at most
/// three), and the line through `through` along `along` itself (the card's edge as the laces'
/// legs predict it, 2 mm outside the leg): a side the legs run beside, where the lines may hold
/// none.
fn near_lines(found: &[Seen], along: [f64; 2], through: [f64; 2], within: f64) -> Vec<Seen> {
    let mut out: Vec<Seen> = found
        .iter()
        .filter(|s| off_angle(s, along) <= 6.0)
        .filter(|s| crate::geom::line_dist(sides::as_line(s), through) <= within)
        .take(3)
        .copied()
        .collect();
    out.push(seen_through(
        through,
        [through[0] + along[0], through[1] + along[1]],
    ));
    out
}

/// The candidates for a far side, running along `along` and crossing the near side that runs
/// from `corner` along `from_dir` at about `expect` px, the side itself about `len` px long:
/// the lines of `found` within 15 degrees of `along` crossing at 75 to 130 % of `expect` (at
/// most five), and those `searched` finds.
fn far_lines(
    found: &[Seen],
    dims: (&[Option<f64>], usize, usize),
    corner: [f64; 2],
    (along, from_dir): ([f64; 2], [f64; 2]),
    (expect, len): (f64, f64),
) -> Vec<Seen> {
    let mut out: Vec<Seen> = found
        .iter()
        .filter(|s| off_angle(s, along) <= 15.0)
        .filter(|s| {
            crossed_at(s, corner, from_dir)
                .is_some_and(|t| (0.75 * expect..=1.3 * expect).contains(&t))
        })
        .take(5)
        .copied()
        .collect();
    out.extend(searched(dims, corner, (along, from_dir), expect, len));
    out
}

/// Every card-like quadrilateral (`sides::card_like`) of one line from each of `lines` (top,
/// right, bottom, left, each meeting the next), with its weakest side's support, best first
/// (ties by the four sides' total).
fn best_quads(
    (grid, w, h): (&[Option<f64>], usize, usize),
    lines: &[Vec<Seen>; 4],
) -> Vec<(f64, [[f64; 2]; 4])> {
    let mut quads: Vec<(f64, f64, [[f64; 2]; 4])> = Vec::new();
    for b in &lines[2] {
        for r in &lines[1] {
            for lf in &lines[3] {
                for t in &lines[0] {
                    let Some(q) = sides::corners(&[*t, *r, *b, *lf]) else {
                        continue;
                    };
                    if !sides::card_like(&q, w as f64, h as f64) {
                        continue;
                    }
                    let each = (0..4).map(|k| sides::support(grid, w, h, q[k], q[(k + 1) % 4]));
                    let (weakest, sum) = each.fold((1.0, 0.0), |(m, s), v| (v.min(m), s + v));
                    quads.push((weakest, sum, q));
                }
            }
        }
    }
    quads.sort_by(|x, y| y.0.total_cmp(&x.0).then(y.1.total_cmp(&x.1)));
    quads
        .into_iter()
        .map(|(weakest, _, q)| (weakest, q))
        .collect()
}

/// How many lines the laces' outlines choose among: more than the four-sides stage's 30, as the
/// checks' own edges crowd a checked cloth's strongest lines.
const LINES: usize = 80;

/// How many far sides `searched` keeps.
const SEARCHED: usize = 4;

/// The far side's edge sought directly, as the straight lines of a checked cloth may leave it out
/// (a white check meeting the white stock breaks it): every line crossing the near side at
/// `t` px from `corner` along `from_dir` (70 to 135 % of `expect`, every half pixel) and
/// running within 15 degrees of `along` (every degree), scored by the edges along its first
/// 80 % of `len` px (`sides::support`); the `SEARCHED` best kept 3 px or 3 degrees apart.
fn searched(
    (grid, w, h): (&[Option<f64>], usize, usize),
    corner: [f64; 2],
    (along, from_dir): ([f64; 2], [f64; 2]),
    expect: f64,
    len: f64,
) -> Vec<Seen> {
    let mut all = Vec::new();
    let mut t = 0.7 * expect;
    while t <= 1.35 * expect {
        let p = [corner[0] + t * from_dir[0], corner[1] + t * from_dir[1]];
        for deg in -15..=15 {
            let (sn, cs) = (deg as f64).to_radians().sin_cos();
            let d = [along[0] * cs - along[1] * sn, along[0] * sn + along[1] * cs];
            let q = [p[0] + 0.8 * len * d[0], p[1] + 0.8 * len * d[1]];
            all.push((sides::support(grid, w, h, p, q), t, deg, p, q));
        }
        t += 0.5;
    }
    all.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut kept: Vec<(f64, i32, [f64; 2], [f64; 2])> = Vec::new();
    for (_, t, deg, p, q) in all {
        if kept.len() == SEARCHED {
            break;
        }
        if kept
            .iter()
            .all(|k| (k.0 - t).abs() >= 3.0 || (k.1 - deg).abs() >= 3)
        {
            kept.push((t, deg, p, q));
        }
    }
    kept.into_iter()
        .map(|(_, _, p, q)| seen_through(p, q))
        .collect()
}

/// How many of the triangles found are followed (`candidates`), the most laces-like first.
const TRIANGLES: usize = 4;

/// How many outlines each triangle gives at most (`outlines`), to be refined.
const OUTLINES: usize = 4;

/// Coarse outlines from the laces-like triangles in the photo (the `TRIANGLES` whose card, as
/// they predict it, shows the laces best: `laces::laces_score`, which also asks for light stock
/// beside the legs), from the reduced colour copy `small` (factor `f`) the other outline stages
/// read.
pub fn candidates(img: &RgbImage, small: &RgbImage, f: u32) -> Vec<Coarse> {
    let mut found: Vec<(f64, Laces)> = find(img)
        .into_iter()
        .map(|l| (crate::laces::laces_score(img, &predicted(&l)), l))
        .filter(|(score, _)| *score > 0.0)
        .collect();
    if found.is_empty() {
        return Vec::new();
    }
    found.sort_by(|a, b| b.0.total_cmp(&a.0));
    let (lines, grid) = sides::lines_and_grid(small, LINES);
    found
        .iter()
        .take(TRIANGLES)
        .flat_map(|(_, l)| outlines(l, &lines, (small, f), &grid))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// An upright-card point (mm) in a photo: the card at 8 px/mm, turned by 20 degrees about
    /// its centre at (550, 550).
    fn to_photo(u: f64, v: f64) -> [f64; 2] {
        let (sn, cs) = 20f64.to_radians().sin_cos();
        let (x, y) = ((u - 30.0) * 8.0, (v - 45.0) * 8.0);
        [550.0 + x * cs - y * sn, 550.0 + x * sn + y * cs]
    }

    /// The card's corners in the photo (TL, TR, BR, BL).
    fn truth() -> [[f64; 2]; 4] {
        [
            to_photo(0.0, 0.0),
            to_photo(60.0, 0.0),
            to_photo(60.0, 90.0),
            to_photo(0.0, 90.0),
        ]
    }

    /// That card (light stock, a pale art 1.5 mm in, the laces drawn when `laces`) on a checked
    /// cloth of 12 mm light and dark checks running square to the photo, the film 2.5 mm round
    /// the card.
    fn card_on_checks(laces: bool) -> RgbImage {
        let (sn, cs) = 20f64.to_radians().sin_cos();
        RgbImage::from_fn(1100, 1100, |x, y| {
            let (dx, dy) = (x as f64 - 550.0, y as f64 - 550.0);
            let (u, v) = (
                (dx * cs + dy * sn) / 8.0 + 30.0,
                (-dx * sn + dy * cs) / 8.0 + 45.0,
            );
            let outside = (-u).max(u - 60.0).max(-v).max(v - 90.0);
            let lace = laces && crate::laces::on_laces(u, v, 0.0);
            let check = ((x / 96) + (y / 96)) % 2 == 0;
            Rgb(match () {
                _ if outside <= 0.0 && lace => [90, 50, 20],
                _ if outside <= -1.5 => [190, 208, 182],
                _ if outside <= 0.0 => [236, 228, 210],
                _ if outside <= 2.5 && check => [214, 214, 212],
                _ if outside <= 2.5 => [92, 100, 110],
                _ if check => [205, 205, 205],
                _ => [80, 90, 100],
            })
        })
    }

    #[test]
    fn the_laces_are_found_as_a_right_triangle_and_predict_the_card_corner() {
        let found = find(&card_on_checks(true));
        let t = truth();
        let laces = found
            .iter()
            .find(|l| {
                let p = predicted(l)[2];
                (p[0] - t[2][0]).hypot(p[1] - t[2][1]) < 12.0
            })
            .unwrap_or_else(|| panic!("no triangle predicts {:?}: {found:?}", t[2]));
        // Its bottom leg runs from the right angle toward the card's bottom-left corner.
        let (ub, _) = leg(laces.c, laces.bottom);
        let (to_bl, _) = leg(t[2], t[3]);
        assert!(ub[0] * to_bl[0] + ub[1] * to_bl[1] > 0.98, "{laces:?}");
        // The checks are squares, not triangles.
        assert_eq!(found.len(), 1, "{found:?}");
    }

    #[test]
    fn a_square_or_a_bar_is_no_right_triangle() {
        let grid = |n: usize, w: usize| -> Vec<[f64; 2]> {
            (0..n).map(|i| [(i % w) as f64, (i / w) as f64]).collect()
        };
        assert!(right_triangle(grid(400, 20)).is_none());
        assert!(right_triangle(grid(400, 80)).is_none());
        let tri: Vec<[f64; 2]> = grid(400, 20)
            .into_iter()
            .filter(|p| p[0] + p[1] >= 19.0)
            .collect();
        let l = right_triangle(tri).expect("a right triangle");
        assert_eq!(l.c, [19.0, 19.0]);
        // Upright, the bottom leg points left and the right leg up.
        assert_eq!((l.bottom, l.right), ([0.0, 19.0], [19.0, 0.0]));
    }

    #[test]
    fn the_outline_the_laces_give_on_a_checked_cloth_is_the_cards() {
        let img = card_on_checks(true);
        let (small, f) = crate::outline::reduce_rgb(&img, 400);
        let got = candidates(&img, &small, f);
        let t = truth();
        let within = |q: &[[f64; 2]; 4], px: f64| {
            t.iter()
                .all(|c| q.iter().any(|p| (p[0] - c[0]).hypot(p[1] - c[1]) < px))
        };
        // Coarse, within 2 mm (16 px) of every corner; refined, within 2 px.
        assert!(
            got.iter().any(|c| within(&c.candidates[0], 16.0)
                && crate::scan::refine_corners(&img, c.candidates[0])
                    .is_some_and(|(r, _)| within(&r, 2.0))),
            "{t:?} not in {:?}",
            got.iter().map(|c| c.candidates[0]).collect::<Vec<_>>()
        );
        // Without the laces, nothing.
        let bare = card_on_checks(false);
        assert!(candidates(&bare, &small, f).is_empty());
    }
}
